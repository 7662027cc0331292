"""The line of navigation and its apportionment among the lots along the shore.

Wis. Admin. Code NR 326.07(2)(a) apportions "the line of navigation" among the
riparian lots in proportion to their shoreline lengths; the colonial ordinance
gives "to each parcel a line at low water proportional to its line at high
water". The line of navigation is

* a line across a cove's mouth, headland to headland (``cove_line``), or a
  ``navigation_line`` layer: the shore apportioned is the MHW line between the
  points nearest the line's two ends, shared by every lot of the parcels layer
  fronting it (:func:`across`);
* a stated distance from the MHW line (``[review] navigation_ft``): the shore
  from the far corner of the lot's left neighbour to the far corner of its right
  neighbour, offset that far seaward, shared by the three lots (:func:`offset`).

The line is divided along its own length, in the lots' order along the shore,
each lot taking the fraction of it that its frontage is of the shore's; on a
straight shore with a parallel line the lot's lines are square to the shore, and
on a circular shore with a concentric line they run to the centre.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import LineString, MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry

from dockreview.errors import DockReviewWarning, SiteDataError
from dockreview.geometry.corners import LotCorners
from dockreview.geometry.extensions import proportional_share
from dockreview.geometry.neighbours import other_parcels
from dockreview.geometry.shore import network_path
from dockreview.geometry.vectors import left_of, unit

#: Pieces of the MHW line shorter than this (ft) are the coordinate grid's rounding, dropped before the line is moved.
SHORT_FT = 0.01


@dataclass(frozen=True)
class Apportionment:
    """A line of navigation, the shore it is shared along and the lots sharing it (working units).

    Attributes
    ----------
    line : LineString
        The line of navigation, from the end facing the shore's start.
    shore : LineString
        The MHW line apportioned.
    intervals : list of (float, float)
        Each sharing lot's frontage as positions along ``shore``; the lot reviewed first.
    words : str
        What the line is, for the legend.
    """

    line: LineString
    shore: LineString
    intervals: list[tuple[float, float]]
    words: str

    def share(self) -> tuple[float, float]:
        """Where the lot's share of the line begins and ends, as fractions of its length from its start."""
        return proportional_share(self.intervals, 0)

    def point(self, fraction: float) -> np.ndarray:
        """The point ``fraction`` of the way along the line."""
        return np.asarray(self.line.interpolate(fraction, normalized=True).coords[0])

    def divisions(self) -> MultiPoint:
        """Where the line is divided between the lots (its ends included)."""
        lengths = [hi - lo for lo, hi in sorted(self.intervals, key=lambda iv: iv[0] + iv[1])]
        cuts = np.cumsum([0.0, *lengths]) / sum(lengths)
        return MultiPoint([self.point(f) for f in cuts])


def frontage_interval(shore: LineString, corners: LotCorners) -> tuple[float, float]:
    """A lot's frontage as positions along ``shore`` (its corners projected)."""
    at = sorted(shore.project(c) for c in (corners.left_corner, corners.right_corner))
    return float(at[0]), float(at[1])


def across(
    line: BaseGeometry, lot: LotCorners, parcel: Polygon, parcels: Sequence[BaseGeometry] | None,
    walk: Callable[[Polygon], LotCorners] | None, tolerance: float, words: str,
) -> Apportionment:
    """The line ``line`` (a cove line or a line of navigation) shared by the lots fronting the shore between its ends.

    Raises
    ------
    SiteDataError
        When the MHW line is broken between the line's ends, when the lot does not front that shore, or without
        the parcels layer.
    """
    if parcels is None or walk is None:
        raise SiteDataError("the riparian method \"proportional\" needs the parcels layer, to find the lots sharing the line")
    xy = shapely.get_coordinates(line)
    trunk = lot.water_side.trunk_line
    feet = [Point(shapely.shortest_line(Point(end), trunk).coords[-1]) for end in (xy[0], xy[-1])]
    shore = network_path(lot.mhw, *feet)
    if shore is None or shore.length <= 0:
        raise SiteDataError(f"the MHW line is broken between the ends of {words}; the shore cannot be walked")
    if not _fronts(shore, lot, tolerance):
        raise SiteDataError(
            f"the lot does not front the shore between the ends of {words}; check that line or the riparian method"
        )
    intervals = [frontage_interval(shore, lot)]
    skipped = 0
    for geom in other_parcels(parcels, parcel, shapely.buffer(shore, tolerance)):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DockReviewWarning)
                other = walk(_nearest_part(geom, shore))
        except SiteDataError:
            skipped += 1
            continue
        if _fronts(shore, other, tolerance):
            intervals.append(frontage_interval(shore, other))
    if skipped:
        warnings.warn(
            f"{skipped} parcel(s) beside the shore could not be measured and take no share of {words}",
            DockReviewWarning,
            stacklevel=4,
        )
    return Apportionment(LineString(xy), shore, intervals, words)


def offset(distance: float, lot: LotCorners, left_far: Point, right_far: Point, ft_per_unit: float) -> Apportionment:
    """The line of navigation ``distance`` (units) seaward of the shore from ``left_far`` to ``right_far``.

    ``left_far`` and ``right_far`` are the neighbours' far corners (or the points standing for them); the lot and
    its two neighbours share the line.
    """
    shore = network_path(lot.mhw, left_far, right_far)
    if shore is None or shore.length <= 0:
        raise SiteDataError("the MHW line is broken beside the lot; the line of navigation cannot be drawn along it")
    middle = shore.project(lot.frontage.centroid)
    tangent = unit(np.subtract(shore.interpolate(middle + 1e-3 * shore.length).coords[0], shore.interpolate(middle).coords[0]))
    side = 1.0 if left_of(tangent) @ lot.seaward >= 0 else -1.0
    line = parallel(shapely.remove_repeated_points(shore, SHORT_FT / ft_per_unit), side * distance)
    if line.is_empty or line.geom_type != "LineString":
        raise SiteDataError(
            f"the shore beside the lot closes on itself within {distance * ft_per_unit:,.0f} ft: no single line of "
            "navigation runs that far out; give a navigation_line layer"
        )
    intervals = [frontage_interval(shore, lot)]
    for a, b in ((left_far, lot.left_corner), (lot.right_corner, right_far)):
        lo, hi = sorted((shore.project(a), shore.project(b)))
        if hi - lo > 0:
            intervals.append((float(lo), float(hi)))
    words = f"the line of navigation {distance * ft_per_unit:,.0f} ft from the MHW line"
    return Apportionment(line, shore, intervals, words)


def parallel(line: LineString, distance: float) -> LineString:
    """The line ``distance`` to the left of ``line`` (right when negative), each vertex moved along its mitred normal.

    Exact for a polygonal line (each segment moves square to itself, the vertices by ``distance`` over the cosine of
    half the turn; the ends square to the end segments), where GEOS's offset simplifies the line first. Where the
    moved line crosses itself (the line turns tighter than ``distance``), GEOS's offset is taken instead.

    Examples
    --------
    >>> parallel(LineString([(0, 0), (10, 0), (10, 10)]), 1.0).wkt
    'LINESTRING (0 1, 9 1, 9 10)'
    """
    xy = shapely.get_coordinates(line)
    d = np.diff(xy, axis=0)
    normals = np.column_stack([-d[:, 1], d[:, 0]]) / np.hypot(*d.T)[:, None]
    at = np.vstack([normals[:1], normals[:-1] + normals[1:], normals[-1:]])
    at /= np.hypot(*at.T)[:, None]
    cos = np.einsum("ij,ij->i", at, np.vstack([normals, normals[-1:]]))
    moved = LineString(xy + at * (distance / cos)[:, None])
    if moved.is_simple:
        return moved
    ends = [Point(moved.coords[0]), Point(moved.coords[-1])]
    return network_path(shapely.node(moved), *ends) or shapely.offset_curve(line, distance)


def _fronts(shore: LineString, corners: LotCorners, tolerance: float) -> bool:
    middle = shapely.line_interpolate_point(shapely.line_merge(corners.frontage), 0.5, normalized=True)
    return bool(shore.distance(middle) <= tolerance)


def _nearest_part(geom: BaseGeometry, to: BaseGeometry) -> BaseGeometry:
    parts = [p for p in shapely.get_parts(geom) if not p.is_empty]
    return parts[int(np.argmin(shapely.distance(parts, to)))] if len(parts) > 1 else geom
