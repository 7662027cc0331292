"""Riparian geometry of a lot: water boundary, side lines, extensions, corners, frontage.

The ordinance measures a dock against the lot's "shoreline frontage" (Docks B, C)
and its "side property line or its seaward extension" (Docks C). A parcel layer
gives neither directly; this module derives them, in working-CRS units, with the
interpretations documented in the README:

* **water run** -- the longest run of the parcel boundary lying within
  ``tolerance`` of the MHW line or seaward of it;
* **side lines** -- the parcel boundary adjoining each end of the water run,
  running landward to the lot's next corner (a bend over 50 deg) and, at the
  water, on along the run as far as the side line's course goes on: so a side
  line ends at the parcel's own corner, not where it enters the tolerance band;
* **seaward extension** -- ``"straight"``: the side line continued along its
  last course (``direction="last-course"``) or the chord of its last 50 ft
  (``"chord"``); ``"perpendicular"``: perpendicular to the frontage chord from
  each water corner. Either stops where it first reaches land across the water;
* **water corners** -- where each side line crosses the MHW line, or, when it
  stops short of it, where its extension meets it;
* **frontage** -- the MHW line between the water corners, along the line
  (the line noded, and its gaps beside the lot bridged: :mod:`dockreview.shore`);
* **the lot's water** -- seaward of the frontage between the extensions, up to
  the first land across the water.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import substring

from dockreview.errors import DockReviewWarning, SiteDataError
from dockreview.geometry.extensions import perpendicular_extension
from dockreview.geometry.lotwater import frontage_between, lot_water, to_land
from dockreview.geometry.shore import prepare_shore
from dockreview.geometry.sides import (
    CORNER_ANGLE_DEG,
    COURSE_TOLERANCE_FT,
    COURSE_TURN_DEG,
    EXTENSION_CHORD_FT,
    ray,
    side_direction,
    split_at_corners,
    water_corner,
)
from dockreview.geometry.vectors import left_of, unit
from dockreview.geometry.water import WaterSide, water_runs

__all__ = [
    "CORNER_ANGLE_DEG", "COURSE_TOLERANCE_FT", "COURSE_TURN_DEG", "EXTENSION_CHORD_FT", "PLAUSIBLE_FRONTAGE_FT",
    "SECOND_RUN_FT", "Riparian", "WaterSide", "left_of", "riparian_geometry", "unit",
]

#: A second water run at least this long (ft) is reported as a second frontage.
SECOND_RUN_FT = 20.0
#: Frontages outside this range (ft) are implausible for a residential lot: most
#: likely a layer drawn in metres but declared in feet, or the reverse.
PLAUSIBLE_FRONTAGE_FT = (20.0, 5000.0)


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
        Their seaward extensions, from the side line's water end.
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
        How the side lines are extended (``straight`` / ``perpendicular``) and,
        when straight, along what (``last-course`` / ``chord``).
    second_run_length : float
        Length (ft) of a second run of the boundary on the water, 0 when none.
    mhw : geometry
        The MHW line the lot was measured against: noded, its gaps beside the lot bridged.
    gaps : tuple of float
        The gaps (ft) in the MHW line bridged along the lot.
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
    extension: str = "straight",
    direction: str = "last-course",
    course_tolerance_ft: float = COURSE_TOLERANCE_FT,
    chord_ft: float = EXTENSION_CHORD_FT,
    reach_hint: float | None = None,
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
    extension : {"straight", "perpendicular"}
        How side lines are carried seaward.
    direction : {"last-course", "chord"}
        The straight extension's direction: the side line's last course, or
        the chord of its last ``chord_ft``.
    course_tolerance_ft : float
        How far a side line's vertex may stray from a straight course and stay on it.
    chord_ft : float
        Length of side line whose chord gives the direction with ``direction="chord"``.
    reach_hint : float, optional
        How far seaward (units) the extensions must at least run.

    Returns
    -------
    Riparian

    Raises
    ------
    SiteDataError
        "the parcel does not reach the MHW line" when no boundary run qualifies.
    """
    ring = LineString(parcel.exterior.coords)
    shore = prepare_shore(mhw, ring, tolerance)
    mhw = shore.line
    side = WaterSide(mhw, parcel)
    runs = water_runs(ring, mhw, side, tolerance)
    if not runs:
        gap = parcel.distance(mhw) * ft_per_unit
        raise SiteDataError(
            f"the parcel does not reach the MHW line (nearest {gap:.1f} ft away, tolerance "
            f"{tolerance * ft_per_unit:.1f} ft); check the parcel id, the MHW layer, or review.mhw_tolerance_ft"
        )
    run = runs[0]
    if run.is_closed:
        raise SiteDataError(
            "the whole parcel boundary lies on or seaward of the MHW line (an island lot, or a parcel drawn over "
            "the water): it has no side lines to measure setbacks from; review it by hand"
        )
    second = runs[1].length * ft_per_unit if len(runs) > 1 else 0.0
    if second >= SECOND_RUN_FT:
        warnings.warn(
            f"the lot fronts the water on {len(runs)} separate runs ({run.length * ft_per_unit:.1f} ft and "
            f"{second:.1f} ft); it is measured on the longer one",
            DockReviewWarning,
            stacklevel=2,
        )
    for gap in shore.gaps:
        warnings.warn(
            f"the MHW line has a gap of {gap * ft_per_unit:,.1f} ft along the lot; it is bridged along the "
            "parcel's water boundary: check the MHW layer",
            DockReviewWarning,
            stacklevel=2,
        )

    course = course_tolerance_ft / ft_per_unit
    first, last, water = split_at_corners(ring, run, course)
    sides = (first, last)
    directions = [side_direction(s, direction, course_tolerance=course, chord=chord_ft / ft_per_unit) for s in sides]
    far = max(1000.0 / ft_per_unit, 3.0 * (reach_hint or 0.0), 3.0 * parcel.length)
    corners = [water_corner(s, d, mhw, far) for s, d in zip(sides, directions)]
    c0, c1 = (np.asarray(c.coords[0]) for c in corners)
    if np.allclose(c0, c1, rtol=0.0):
        raise SiteDataError("both side lines meet the MHW line at the same point; the lot has no frontage")
    frontage = frontage_between(mhw, corners[0], corners[1], water, tolerance)
    if frontage.is_empty:
        raise SiteDataError("the parcel does not reach the MHW line between its side lines")
    _check_plausible(frontage.length * ft_per_unit)
    normal = _seaward_normal(c0, c1, frontage, side, parcel, probe=max(2.0 * tolerance, 10.0 / ft_per_unit))

    # left, looking seaward, is the corner further along left_of(normal)
    order = (0, 1) if c0 @ left_of(normal) >= c1 @ left_of(normal) else (1, 0)
    ls, rs = (LineString(sides[i]) for i in order)
    lc, rc = (corners[i] for i in order)
    ld, rd = (directions[i] for i in order)
    if extension == "perpendicular":
        left_ext = perpendicular_extension(ls, lc, normal, far)
        right_ext = perpendicular_extension(rs, rc, normal, far)
    else:
        left_ext = ray(np.asarray(ls.coords[-1]), ld, far)
        right_ext = ray(np.asarray(rs.coords[-1]), rd, far)
    frontage = _orient(frontage, lc)
    zone = lot_water(left_ext, right_ext, frontage, mhw)
    land_edge = side.trunk_line
    return Riparian(
        water_boundary=water,
        left_side=ls,
        right_side=rs,
        left_extension=to_land(left_ext, lc, land_edge, tolerance),
        right_extension=to_land(right_ext, rc, land_edge, tolerance),
        left_corner=lc,
        right_corner=rc,
        frontage=frontage,
        seaward=normal,
        zone=zone,
        extension=extension,
        direction=direction,
        second_run_length=second,
        mhw=mhw,
        gaps=tuple(g * ft_per_unit for g in shore.gaps),
        water_side=side,
    )


def _check_plausible(frontage_ft: float) -> None:
    """Warn when the frontage is no size a residential lot's could be (a units mistake)."""
    low, high = PLAUSIBLE_FRONTAGE_FT
    if not low <= frontage_ft <= high:
        warnings.warn(
            f"the frontage comes out at {frontage_ft:,.1f} ft, implausible for a residential lot (expected "
            f"{low:,.0f} to {high:,.0f} ft): check the units of the parcels and MHW layers; a layer drawn in "
            "metres but declared in feet (or the reverse) gives such figures",
            DockReviewWarning,
            stacklevel=3,
        )


def _seaward_normal(
    c0: np.ndarray, c1: np.ndarray, frontage: BaseGeometry, side: WaterSide, parcel: Polygon, *, probe: float
) -> np.ndarray:
    """The unit normal to the frontage chord that points to the water.

    Probes both sides of the frontage's midpoint; when neither probe is clearly
    seaward (a very wiggly shore), the normal pointing away from the lot wins.
    """
    normal = left_of(unit(c1 - c0))
    mid = np.asarray(shapely.line_interpolate_point(shapely.line_merge(frontage), 0.5, normalized=True).coords[0])
    ahead, behind = side.seaward(np.array([mid + normal * probe, mid - normal * probe]))
    if ahead != behind:
        return normal if ahead else -normal
    away = mid - np.asarray(parcel.centroid.coords[0])
    return normal if normal @ away >= 0 else -normal


def _orient(line: BaseGeometry, start: Point) -> BaseGeometry:
    """Return ``line`` running from the end nearest ``start``."""
    if line.geom_type != "LineString":
        return line
    first, last = Point(line.coords[0]), Point(line.coords[-1])
    return line if first.distance(start) <= last.distance(start) else line.reverse()
