"""The lots beside a lot along the shore: the neighbour's far water corner, or a point on the shore standing for it.

The colonial method bisects the angle between the chords from a water corner to
the lot's other corner and to the adjoining lot's far corner (9 NYCRR 274.5;
Wis. Admin. Code NR 326.07(2)(b): "Chords are drawn to connect points established
at the intersection of each lot line with the ordinary highwater mark"), and the
line of navigation stated as a distance is shared among the lot and its two
neighbours. The adjoining lot is the parcel of the parcels layer whose water
corner is the lot's; where none adjoins (the parcels layer ends, or the
neighbour does not reach the MHW line), the point on the MHW line ``baseline``
along the shore beyond the corner stands for its far corner.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence

import numpy as np
import shapely
from shapely import Point, Polygon
from shapely.geometry.base import BaseGeometry

from dockreview.errors import DockReviewWarning, SiteDataError
from dockreview.geometry.corners import LotCorners

#: How far (ft) a neighbour's water corner may lie from the lot's and still be the same corner, beyond the tolerance.
SAME_CORNER_FT = 1.0


def other_parcels(parcels: Sequence[BaseGeometry] | None, parcel: Polygon, near: BaseGeometry) -> np.ndarray:
    """The parcels of the layer meeting ``near``, the lot itself left out (it covers most of ``parcel``)."""
    geoms = np.asarray([g for g in (parcels if parcels is not None else ()) if g is not None and not g.is_empty], dtype=object)
    if not len(geoms):
        return geoms
    geoms = geoms[shapely.intersects(geoms, near)]
    same = shapely.area(shapely.intersection(geoms, parcel)) > 0.5 * parcel.area if len(geoms) else np.zeros(0, bool)
    return geoms[~same]


def adjoining_far_corner(
    corner: Point, parcel: Polygon, parcels: Sequence[BaseGeometry] | None, walk: Callable[[Polygon], LotCorners] | None,
    reach: float,
) -> Point | None:
    """The far water corner of the lot whose water corner is ``corner`` (within ``reach``, units), None when none is.

    Each parcel meeting the corner is walked as the lot was (``walk``); one that does not reach the MHW line, or
    whose corners lie farther than ``reach`` from ``corner``, does not adjoin.
    """
    if walk is None:
        return None
    found: list[tuple[float, Point]] = []
    for geom in other_parcels(parcels, parcel, shapely.buffer(corner, reach)):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DockReviewWarning)
                other = walk(_nearest(geom, corner))
        except SiteDataError:
            continue
        for near, far in ((other.left_corner, other.right_corner), (other.right_corner, other.left_corner)):
            gap = near.distance(corner)
            if gap <= reach and far.distance(corner) > reach:
                found.append((gap, far))
    return min(found, key=lambda f: f[0])[1] if found else None


def _nearest(geom: BaseGeometry, corner: Point) -> Polygon:
    """The polygon of ``geom`` nearest the corner: the neighbour's part on the water."""
    parts = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon"]
    return min(parts, key=lambda p: p.distance(corner)) if parts else geom


def shore_point_beyond(shore: BaseGeometry, corner: Point, other: Point, distance: float) -> Point | None:
    """The point ``distance`` along the shore beyond ``corner``, away from the lot's ``other`` corner.

    None when the shore ends at the corner.

    Examples
    --------
    >>> from shapely import LineString
    >>> shore_point_beyond(LineString([(0, 0), (300, 0)]), Point(100, 0), Point(150, 0), 40.0).wkt
    'POINT (60 0)'
    """
    parts = [p for p in shapely.get_parts(shapely.line_merge(shore)) if p.length > 0]
    piece = parts[int(np.argmin(shapely.distance(parts, corner)))]
    at, toward = piece.project(corner), piece.project(other)
    beyond = at - distance if toward >= at else at + distance
    beyond = beyond % piece.length if piece.is_closed else min(max(beyond, 0.0), piece.length)
    if abs(beyond - at) <= 1e-9 * max(piece.length, 1.0):
        return None
    return Point(piece.interpolate(beyond).coords[0])
