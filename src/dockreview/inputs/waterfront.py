"""Which polygon of a parcel is the lot: the one rule for every review, envelope, screen and audit (Docks B).

A parcel record is not always one clean polygon: a tax map draws a waterfront
lot with a detached garage lot across the road as one multipolygon, and a
digitised ring may cross itself. The lot the ordinance measures is the
parcel's part **nearest the MHW line**, the **largest** when several are
equally near; an invalid ring is first repaired with ``make_valid``. Lines,
points and empty geometries leave no lot.

:func:`waterfront_parts` is the array form (the screen's, over a whole layer);
:func:`waterfront_part` the one-lot form :func:`dockreview.load_site` uses, with a
warning when it had to choose.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from dockreview.errors import DockReviewWarning, SiteDataError

#: Two parts whose distances to the MHW line differ by less than this (working units) are equally near.
PART_TIE_UNITS = 1e-6
_POLYGON = 3


def waterfront_parts(geoms, distance: Callable[[np.ndarray], np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The lot polygon of each parcel: its part nearest the MHW line, the largest on a tie.

    Parameters
    ----------
    geoms : array of geometries
        The parcels (working CRS); invalid ones are repaired with ``make_valid``.
    distance : callable
        Each of an array of polygons' distance to the MHW line (working units);
        asked only for the parts of parcels with more than one.

    Returns
    -------
    polygon : ndarray of Polygon or None
        None where the parcel has no polygon area.
    repaired : ndarray of bool
        The parcel was an invalid geometry, repaired.

    Examples
    --------
    >>> from shapely import box, MultiPolygon, LineString
    >>> shore = LineString([(0, 0), (100, 0)])
    >>> parcel = MultiPolygon([box(0, -50, 10, -40), box(0, 1, 20, 30)])
    >>> lots, _ = waterfront_parts([parcel], lambda parts: shapely.distance(parts, shore))
    >>> lots[0].bounds
    (0.0, 1.0, 20.0, 30.0)
    """
    geoms = shapely.force_2d(np.asarray(geoms, dtype=object))
    missing = shapely.is_missing(geoms) | shapely.is_empty(geoms)
    repaired = ~missing & ~shapely.is_valid(geoms)
    geoms = geoms.copy()
    geoms[repaired] = shapely.make_valid(geoms[repaired])
    # make_valid may nest a multipolygon inside a collection: the parts of the parts that are not polygons are taken
    parts, owner = shapely.get_parts(geoms, return_index=True)
    nested = np.flatnonzero(shapely.get_type_id(parts) != _POLYGON)
    if len(nested):
        inner, inner_of = shapely.get_parts(parts[nested], return_index=True)
        rest = np.ones(len(parts), dtype=bool)
        rest[nested] = False
        order = np.argsort(np.r_[np.flatnonzero(rest), nested[inner_of]], kind="stable")
        parts, owner = np.r_[parts[rest], inner][order], np.r_[owner[rest], owner[nested][inner_of]][order]
    keep = (shapely.get_type_id(parts) == _POLYGON) & (shapely.area(parts) > 0)
    parts, owner = parts[keep], owner[keep]
    # only a parcel of several parts needs the distances to choose one (the nearest, then the largest)
    count = np.bincount(owner, minlength=len(geoms))
    several = count[owner] > 1
    gap = np.zeros(len(parts))
    if several.any():
        gap[several] = distance(parts[several])
    nearest = np.full(len(geoms), np.inf)
    np.minimum.at(nearest, owner, gap)
    tied = gap <= nearest[owner] + PART_TIE_UNITS
    order = np.lexsort((-shapely.area(parts), ~tied, owner))
    first = order[np.r_[True, owner[order][1:] != owner[order][:-1]]] if len(parts) else order
    polygon = np.full(len(geoms), None, dtype=object)
    polygon[owner[first]] = parts[first]
    return polygon, repaired


def waterfront_part(parcel: BaseGeometry, mhw: BaseGeometry, *, label: str = "parcels layer", parcel_id: str = "") -> shapely.Polygon:
    """The lot of one parcel (:func:`waterfront_parts`), with a warning when a multipart parcel was chosen from.

    Raises
    ------
    SiteDataError
        When the parcel has no polygon area.
    """
    polygon, _ = waterfront_parts([parcel], lambda parts: shapely.distance(parts, mhw))
    chosen = polygon[0]
    if chosen is None:
        raise SiteDataError(f"{label}: parcel '{parcel_id}' has no polygon area")
    count = len(shapely.get_parts(parcel))
    if count > 1:
        warnings.warn(
            f"{label}: parcel '{parcel_id}' has {count} separate parts; the one fronting the MHW line "
            f"({chosen.area:,.0f} of {parcel.area:,.0f} square units) is reviewed as the lot",
            DockReviewWarning,
            stacklevel=2,
        )
    return chosen
