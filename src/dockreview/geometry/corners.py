"""A lot's water corners and frontage: the walk every riparian method starts from.

The parcel boundary's water run, its side lines, the water corners where they
meet the MHW line, the frontage along the line between them and the seaward
normal of its chord, left and right as seen looking seaward (README,
"Interpretations"). How the lines then run on into the water is the method's
(:mod:`dockreview.geometry.methods`).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from dockreview.errors import DockReviewWarning, SiteDataError
from dockreview.geometry.lotwater import frontage_between
from dockreview.geometry.shore import prepare_shore
from dockreview.geometry.sides import WATER_EDGE_FT, side_direction, split_at_corners, water_corner
from dockreview.geometry.vectors import left_of, unit
from dockreview.geometry.water import WaterSide, water_runs

#: A second water run at least this long (ft) is reported as a second frontage.
SECOND_RUN_FT = 20.0
#: Frontages outside this range (ft) are implausible for a residential lot: most
#: likely a layer drawn in metres but declared in feet, or the reverse.
PLAUSIBLE_FRONTAGE_FT = (20.0, 5000.0)


@dataclass(frozen=True)
class LotCorners:
    """What the walk finds on one lot, working-CRS units, left and right as seen looking seaward.

    Attributes
    ----------
    water_boundary : LineString
        The parcel boundary between its two corners at the water.
    left_side, right_side : LineString
        The side lines, landward corner first.
    left_direction, right_direction : ndarray
        Each side line's straight direction into the water (its last course or chord).
    left_corner, right_corner : Point
        The water corners, on the MHW line.
    frontage : geometry
        The MHW line between the water corners, from the left corner.
    seaward : ndarray
        Unit normal to the frontage chord, toward the water.
    mhw : geometry
        The MHW line, noded, its gaps beside the lot bridged.
    water_side : WaterSide
        Which side of the MHW line is water, read from the lot.
    far : float
        How far (units) lines into the water are drawn before they are cut at land.
    second_run_length : float
        Length (ft) of a second run of the boundary on the water, 0 when none.
    gaps : tuple of float
        The gaps (ft) in the MHW line bridged along the lot.
    """

    water_boundary: LineString
    left_side: LineString
    right_side: LineString
    left_direction: np.ndarray
    right_direction: np.ndarray
    left_corner: Point
    right_corner: Point
    frontage: BaseGeometry
    seaward: np.ndarray
    mhw: BaseGeometry
    water_side: WaterSide
    far: float
    second_run_length: float
    gaps: tuple[float, ...]


def lot_corners(
    parcel: Polygon, mhw: BaseGeometry, *, tolerance: float, ft_per_unit: float, direction: str,
    course_tolerance_ft: float, chord_ft: float, reach_hint: float | None = None,
) -> LotCorners:
    """Walk a lot's boundary to its water corners and frontage (Docks B, C).

    Warns of a second water run and of each gap bridged in the MHW line; the
    parameters are those of :func:`dockreview.geometry.riparian.riparian_geometry`.

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
            stacklevel=3,
        )
    for gap in shore.gaps:
        warnings.warn(
            f"the MHW line has a gap of {gap * ft_per_unit:,.1f} ft along the lot; it is bridged along the "
            "parcel's water boundary: check the MHW layer",
            DockReviewWarning,
            stacklevel=3,
        )

    course = course_tolerance_ft / ft_per_unit
    first, last, water = split_at_corners(ring, run, course, mhw, span=tolerance, near=WATER_EDGE_FT / ft_per_unit)
    sides = (first, last)
    _warn_off_the_line(sides, mhw, side, tolerance, ft_per_unit)
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
    li, ri = (0, 1) if c0 @ left_of(normal) >= c1 @ left_of(normal) else (1, 0)
    return LotCorners(
        water_boundary=water,
        left_side=LineString(sides[li]),
        right_side=LineString(sides[ri]),
        left_direction=directions[li],
        right_direction=directions[ri],
        left_corner=corners[li],
        right_corner=corners[ri],
        frontage=_orient(frontage, corners[li]),
        seaward=normal,
        mhw=mhw,
        water_side=side,
        far=far,
        second_run_length=second,
        gaps=tuple(g * ft_per_unit for g in shore.gaps),
    )


def _warn_off_the_line(sides, mhw: BaseGeometry, water: WaterSide, tolerance: float, ft_per_unit: float) -> None:
    """Warn of a side line begun at a lot corner landward of the MHW band: the front line is drawn off today's line.

    (A side line's water end lies farther than the tolerance from the line only
    there, or in the water, where a parcel runs past the line.)
    """
    ends = np.array([side[-1] for side in sides])
    off = shapely.distance(shapely.points(ends), mhw) * ~water.seaward(ends)
    landward = off > tolerance * (1.0 + 1e-6)
    if landward.any():
        warnings.warn(
            f"the parcel's front line leaves the MHW line at a shallow angle and reaches its corner {off.max() * ft_per_unit:.1f} "
            f"ft from the line; the side line{'s are' if landward.all() else ' is'} taken from the lot's corner and carried "
            "on to the MHW line: check the parcel's front line against today's MHW line",
            DockReviewWarning,
            stacklevel=4,
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
            stacklevel=4,
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
