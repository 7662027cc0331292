"""Riparian geometry of a lot: water boundary, side lines, the lines by method, corners, frontage.

The ordinance measures a dock against the lot's "shoreline frontage" (Docks B, C)
and its "side property line or its seaward extension" (Docks C). A parcel layer
gives neither directly; this module derives them, in working-CRS units, with the
interpretations documented in the README:

* **water run** -- the longest run of the parcel boundary lying within
  ``tolerance`` of the MHW line or seaward of it (:mod:`~dockreview.geometry.water`);
* **side lines** -- the parcel boundary adjoining each end of the water run,
  running landward to the lot's next corner (a bend over 50 deg) and, at the
  water, on along the run as far as the side line's course goes on: so a side
  line ends at the parcel's own corner, not where it enters the tolerance band;
  nor does it begin where a front line drawn a little off the MHW line leaves
  the band (:mod:`~dockreview.geometry.sides`);
* **water corners** -- where each side line crosses the MHW line, or, when it
  stops short of it, where its extension meets it;
* **frontage** -- the MHW line between the water corners, along the line
  (the line noded, and its gaps beside the lot bridged: :mod:`~dockreview.geometry.shore`);
* **the lines into the water, by method** (:mod:`~dockreview.geometry.methods`,
  the methods of the registry :data:`~dockreview.inputs.spec.RIPARIAN_METHODS`) --
  ``extended-side-lines`` (the default: ``"straight"``, the side line continued
  along its last course or the chord of its last 50 ft; ``"perpendicular"``,
  square to the frontage chord) or another; each stops where it first reaches
  land across the water;
* **the lot's water** -- seaward of the frontage between the lines, up to the
  first land across the water (:mod:`~dockreview.geometry.lotwater`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import substring

from dockreview.geometry.corners import PLAUSIBLE_FRONTAGE_FT, SECOND_RUN_FT, lot_corners
from dockreview.geometry.extensions import BASELINE_FT
from dockreview.geometry.lotwater import lot_water, to_land
from dockreview.geometry.methods import METHODS, NEEDS, lines_by_method
from dockreview.geometry.sides import (
    CORNER_ANGLE_DEG,
    COURSE_TOLERANCE_FT,
    COURSE_TURN_DEG,
    EXTENSION_CHORD_FT,
    WATER_EDGE_DEG,
)
from dockreview.geometry.vectors import left_of, unit
from dockreview.geometry.water import WaterSide

__all__ = [
    "BASELINE_FT", "CORNER_ANGLE_DEG", "COURSE_TOLERANCE_FT", "COURSE_TURN_DEG", "EXTENSION_CHORD_FT", "METHODS", "NEEDS",
    "PLAUSIBLE_FRONTAGE_FT", "SECOND_RUN_FT", "WATER_EDGE_DEG", "Riparian", "WaterSide", "left_of", "riparian_geometry",
    "unit",
]


@dataclass(frozen=True)
class Riparian:
    """The lot's riparian geometry, working-CRS units.

    Left and right are as seen looking seaward. Side lines run from the lot's
    landward corner to its corner at the water; extensions run from there out
    to sea, as far as the first land across the water.

    Attributes
    ----------
    water_boundary : LineString
        The parcel boundary between its two corners at the water.
    left_side, right_side : LineString
        The side lines, landward corner first.
    left_extension, right_extension : LineString
        The lines into the water from each side line's water end (through its
        water corner), drawn by ``method``: the side lines' seaward extensions.
    left_corner, right_corner : Point
        The water corners, on the MHW line.
    frontage : geometry
        The MHW line between the water corners.
    seaward : ndarray
        Unit normal to the frontage chord, toward the water.
    zone : Polygon
        The lot's water: seaward of the frontage, between the extensions, up to
        the first land across the water.
    extension, direction : str
        The options of ``extended-side-lines``: how the side lines are extended
        (``straight`` / ``perpendicular``) and, when straight, along what
        (``last-course`` / ``chord``).
    second_run_length : float
        Length (ft) of a second run of the boundary on the water, 0 when none.
    mhw : geometry
        The MHW line the lot was measured against: noded, its gaps beside the lot bridged.
    gaps : tuple of float
        The gaps (ft) in the MHW line bridged along the lot.
    method : str
        The riparian method that drew the extensions (one of :data:`METHODS`).
    parameters : dict
        The method's parameters and construction figures, feet and degrees (JSON-ready).
    construction : dict of str to geometry
        What shows the construction on a plan: ``baseline`` and ``fitted_shore``
        (trend), ``centerline_feet`` and ``centerline`` (``median_line_feet`` and
        ``median_line``: long lake), ``center`` (round lake), ``chords``
        (colonial), ``line_of_navigation``, ``divisions``, ``share`` and
        ``shared_shore`` (proportional, and colonial when it falls back).
    description : str
        The method in words, for a legend or a report.
    """

    water_boundary: LineString
    left_side: LineString
    right_side: LineString
    left_extension: LineString
    right_extension: LineString
    left_corner: Point
    right_corner: Point
    frontage: BaseGeometry
    seaward: np.ndarray
    zone: BaseGeometry
    extension: str
    direction: str
    second_run_length: float
    mhw: BaseGeometry = field(compare=False, repr=False)
    gaps: tuple[float, ...] = ()
    water_side: WaterSide = field(default=None, compare=False, repr=False)
    method: str = "extended-side-lines"
    parameters: dict = field(default_factory=dict, compare=False)
    construction: dict = field(default_factory=dict, compare=False, repr=False)
    description: str = ""

    @property
    def left_line(self) -> LineString:
        """The left side line together with its seaward extension."""
        return _join(self.left_side, self.left_extension)

    @property
    def right_line(self) -> LineString:
        """The right side line together with its seaward extension."""
        return _join(self.right_side, self.right_extension)

    @property
    def chord(self) -> LineString:
        """The straight line between the water corners, left to right."""
        return LineString([self.left_corner, self.right_corner])

    @property
    def frontage_midpoint(self) -> Point:
        """The point halfway along the frontage on the MHW line."""
        return shapely.line_interpolate_point(shapely.line_merge(self.frontage), 0.5, normalized=True)


def _join(first: LineString, second: LineString) -> LineString:
    """``first`` then ``second``; when ``second`` starts on ``first`` short of its end, ``first`` is cut there."""
    start = Point(second.coords[0])
    if first.distance(start) <= 1e-6 * max(first.length, second.length):
        first = substring(first, 0.0, first.project(start))
    coords = list(first.coords)
    tail = list(second.coords)
    if np.allclose(coords[-1], tail[0], rtol=0.0):
        tail = tail[1:]
    return LineString(coords + tail)


def riparian_geometry(
    parcel: Polygon,
    mhw: BaseGeometry,
    *,
    tolerance: float,
    ft_per_unit: float,
    method: str = "extended-side-lines",
    extension: str = "straight",
    direction: str = "last-course",
    course_tolerance_ft: float = COURSE_TOLERANCE_FT,
    chord_ft: float = EXTENSION_CHORD_FT,
    baseline_ft: float = BASELINE_FT,
    centerline: BaseGeometry | None = None,
    cove_line: BaseGeometry | None = None,
    parcels: Sequence[BaseGeometry] | None = None,
    reach_hint: float | None = None,
    median_line: BaseGeometry | None = None,
    navigation_line: BaseGeometry | None = None,
    navigation_ft: float | None = None,
    lake_center: tuple[float, float] | None = None,
) -> Riparian:
    """Derive the riparian geometry of a lot (Docks B and C).

    Parameters
    ----------
    parcel : Polygon
        The lot, working CRS.
    mhw : geometry
        The MHW line, working CRS.
    tolerance : float
        How close to the MHW line (working-CRS units) a boundary counts as on it.
    ft_per_unit : float
        Feet per working-CRS unit.
    method : str
        How the lines run into the water from the water corners (:data:`METHODS`;
        :mod:`dockreview.geometry.methods`).
    extension : {"straight", "perpendicular"}
        With ``extended-side-lines``: how side lines are carried seaward.
    direction : {"last-course", "chord"}
        The straight extension's direction: the side line's last course, or
        the chord of its last ``chord_ft``. Also finds the water corner of a side
        line stopping short of the MHW line, whatever the method.
    course_tolerance_ft : float
        How far a side line's vertex may stray from a straight course and stay on it.
    chord_ft : float
        Length of side line whose chord gives the direction with ``direction="chord"``.
    baseline_ft : float
        The length of MHW line fitted beyond each water corner for the trend's
        baseline, and on each side of a corner for the colonial baselines.
    centerline : geometry, optional
        The waterway's centreline (``perpendicular-to-centerline``).
    cove_line : geometry, optional
        The line across a cove's mouth, headland to headland (``proportional``;
        with ``perpendicular-to-trend`` the baseline itself).
    parcels : sequence of geometries, optional
        The parcels layer (``proportional``: the lots sharing the line of navigation; ``colonial``: the neighbours).
    reach_hint : float, optional
        How far seaward (units) the extensions must at least run.
    median_line : geometry, optional
        A long lake's median line (``long-lake``).
    navigation_line : geometry, optional
        The line of navigation (``proportional``, and the ``colonial`` fallback).
    navigation_ft : float, optional
        The line of navigation's distance from the MHW line, when stated instead (ft).
    lake_center : (float, float), optional
        A round lake's centre, working CRS (``round-lake``).

    Returns
    -------
    Riparian

    Raises
    ------
    SiteDataError
        "the parcel does not reach the MHW line" when no boundary run qualifies;
        a method short of its data names what it needs (:data:`NEEDS`).
    """
    walk = functools.partial(
        lot_corners, mhw=mhw, tolerance=tolerance, ft_per_unit=ft_per_unit, direction=direction,
        course_tolerance_ft=course_tolerance_ft, chord_ft=chord_ft, reach_hint=reach_hint,
    )
    lot = walk(parcel)
    lines = lines_by_method(
        lot, parcel, method=method, extension=extension, direction=direction, course_tolerance_ft=course_tolerance_ft,
        chord_ft=chord_ft, baseline_ft=baseline_ft, tolerance=tolerance, ft_per_unit=ft_per_unit,
        centerline=centerline, cove_line=cove_line, parcels=parcels, walk=walk, median_line=median_line,
        navigation_line=navigation_line, navigation_ft=navigation_ft, lake_center=lake_center,
    )
    zone = lot_water(lines.left, lines.right, lot.frontage, lot.mhw)
    land_edge = lot.water_side.trunk_line
    return Riparian(
        water_boundary=lot.water_boundary,
        left_side=lot.left_side,
        right_side=lot.right_side,
        left_extension=to_land(lines.left, lot.left_corner, land_edge, tolerance),
        right_extension=to_land(lines.right, lot.right_corner, land_edge, tolerance),
        left_corner=lot.left_corner,
        right_corner=lot.right_corner,
        frontage=lot.frontage,
        seaward=lot.seaward,
        zone=zone,
        extension=extension,
        direction=direction,
        second_run_length=lot.second_run_length,
        mhw=lot.mhw,
        gaps=lot.gaps,
        water_side=lot.water_side,
        method=method,
        parameters=lines.parameters,
        construction=lines.construction,
        description=lines.description,
    )
