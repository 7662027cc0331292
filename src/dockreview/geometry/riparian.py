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
from dockreview.geometry.shore import branches, network_path, prepare_shore

#: Length of side line whose chord gives the straight extension's direction (ft), with ``direction="chord"``.
EXTENSION_CHORD_FT = 50.0
#: How far (ft) a side line's vertices may stray from a straight course and still be on it.
COURSE_TOLERANCE_FT = 0.5
#: A boundary segment turning more than this (degrees) from the side line's course is not on it.
COURSE_TURN_DEG = 20.0
#: A bend sharper than this (degrees) ends a side line at a lot corner.
CORNER_ANGLE_DEG = 50.0
#: A second water run at least this long (ft) is reported as a second frontage.
SECOND_RUN_FT = 20.0
#: Frontages outside this range (ft) are implausible for a residential lot: most
#: likely a layer drawn in metres but declared in feet, or the reverse.
PLAUSIBLE_FRONTAGE_FT = (20.0, 5000.0)


def unit(vector: np.ndarray) -> np.ndarray:
    """Return ``vector`` scaled to length one."""
    return vector / np.hypot(*vector)


def left_of(direction: np.ndarray) -> np.ndarray:
    """The unit vector 90 degrees counter-clockwise of ``direction`` (its left)."""
    return np.array([-direction[1], direction[0]])


class WaterSide:
    """Tells which points lie seaward of the MHW line.

    The land side of each MHW piece is read from a point of the lot (the
    anchor): walking straight from the anchor to the piece's nearest point, every
    crossing of another shore piece swaps land and water, so the side the walk
    arrives from is land after an even number of crossings and water after an
    odd one. So the far bank of a creek has its land beyond it, an island its
    land inside, and the lot's own shore its land on the lot's side. A point is
    seaward when it lies on the water side of the nearest piece, leaving aside
    side branches of the shore network (jetties, groin and pier outlines: water
    on both sides). The side is read against the local tangent across the
    nearest point, which is right at vertices too.

    Parameters
    ----------
    mhw : shapely geometry
        The MHW line (LineString or MultiLineString), working CRS.
    land : shapely geometry
        A geometry known to lie landward (the lot).
    """

    def __init__(self, mhw: BaseGeometry, land: BaseGeometry) -> None:
        self.parts = [p for p in shapely.get_parts(mhw) if not p.is_empty and p.length > 0]
        if not self.parts:
            raise SiteDataError("the MHW line has no line work")
        self.tree = shapely.STRtree(self.parts)
        anchor = land if land.geom_type == "Point" else _inside_point(land)
        shore = int(self.tree.query_nearest(land)[0])
        outlines = {i for i, part in enumerate(self.parts) if self._is_branch(i, part)}
        trunk = sorted(set(range(len(self.parts))) - branches(self.parts, shore) - outlines) or list(range(len(self.parts)))
        self.trunk = np.asarray(trunk)
        self.trunk_tree = shapely.STRtree([self.parts[i] for i in trunk])
        self.land_sign = np.array([self._land_sign(i, anchor) for i in range(len(self.parts))])

    @property
    def trunk_line(self) -> BaseGeometry:
        """The shore pieces that tell land from water (side branches left out)."""
        return shapely.union_all([self.parts[i] for i in self.trunk])

    def _land_sign(self, index: int, anchor: Point) -> float:
        """The side (+1 or -1 against the piece's direction) where its land lies, by crossing parity."""
        part = self.parts[index]
        nearest = Point(shapely.shortest_line(anchor, part).coords[-1])
        walk = LineString([anchor, nearest]) if anchor.distance(nearest) > 0 else None
        crossings = 0
        if walk is not None:
            others = [self.parts[i] for i in self.trunk if i != index]
            hits = shapely.get_parts(shapely.intersection(walk, shapely.union_all(others))) if others else []
            tiny = 1e-9 * max(walk.length, 1.0)
            crossings = sum(1 for h in hits if h.geom_type == "Point" and h.distance(nearest) > tiny)
        side = self._side_of(index, np.array([[anchor.x, anchor.y]]))[0]
        return side if crossings % 2 == 0 else -side

    def _is_branch(self, index: int, part: LineString) -> bool:
        """A piece whose two ends both join other pieces: a groin or pier outline drawn into the MHW line.

        Its two sides are both water, so it cannot tell land from water; points
        nearest it are read against the nearest other piece.
        """
        if part.is_closed:
            return False
        ends = shapely.points([part.coords[0], part.coords[-1]])
        tiny = 1e-6 * max(part.length, 1.0)
        return all(
            any(j != index for j in self.tree.query(shapely.buffer(end, tiny), predicate="intersects")) for end in ends
        )

    def _side_of(self, part_index: int, xy: np.ndarray) -> np.ndarray:
        part = self.parts[part_index]
        points = shapely.points(xy)
        along = shapely.line_locate_point(part, points)
        eps = max(part.length * 1e-6, 1e-3)
        ahead = shapely.line_interpolate_point(part, np.minimum(along + eps, part.length))
        behind = shapely.line_interpolate_point(part, np.maximum(along - eps, 0.0))
        a, b = shapely.get_coordinates(behind), shapely.get_coordinates(ahead)
        t = b - a
        d = xy - a
        cross = t[:, 0] * d[:, 1] - t[:, 1] * d[:, 0]
        return np.sign(cross)

    def seaward(self, xy: np.ndarray) -> np.ndarray:
        """Boolean array: is each point (N x 2) strictly seaward of the MHW line?"""
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        nearest = self.trunk[self.trunk_tree.query_nearest(shapely.points(xy), all_matches=False)[1]]
        out = np.zeros(len(xy), dtype=bool)
        for i in np.unique(nearest):
            rows = nearest == i
            side = self._side_of(int(i), xy[rows])
            out[rows] = (side != 0) & (side != self.land_sign[i])
        return out

    def seaward_part(self, geom: BaseGeometry, mhw: BaseGeometry) -> BaseGeometry:
        """The part of a polygonal ``geom`` lying seaward of the MHW line."""
        local = shapely.clip_by_rect(mhw, *shapely.buffer(shapely.envelope(geom), 1.0).bounds)
        pieces = shapely.get_parts(geom)
        if not local.is_empty:
            cut = shapely.polygonize(shapely.get_parts(shapely.union_all([shapely.boundary(geom), local])))
            faces = [f for f in shapely.get_parts(cut) if shapely.area(shapely.intersection(f, geom)) > 1e-9]
            pieces = [shapely.intersection(f, geom) for f in faces] or pieces
        reps = shapely.get_coordinates(shapely.point_on_surface(pieces)) if len(pieces) else np.empty((0, 2))
        keep = self.seaward(reps) if len(reps) else np.zeros(0, dtype=bool)
        return shapely.union_all([p for p, k in zip(pieces, keep) if k]) if keep.any() else Polygon()


def _inside_point(land: BaseGeometry) -> Point:
    """The lot's centroid when it lies on the lot, else a point surely on it."""
    centroid = land.centroid
    return centroid if land.contains(centroid) else shapely.point_on_surface(land)


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


def _water_runs(ring: LineString, mhw: BaseGeometry, side: WaterSide, tolerance: float) -> list[LineString]:
    """Runs of the parcel boundary within ``tolerance`` of the MHW line or seaward of it.

    The boundary is cut exactly where it enters and leaves the tolerance band
    around the MHW line (no sampling), and the pieces outside the band are kept
    when they lie seaward. Contiguous pieces are merged, across the ring's
    start too, and returned longest first.
    """
    band = shapely.buffer(mhw, tolerance, quad_segs=64) if tolerance > 0 else mhw
    near = list(shapely.get_parts(shapely.intersection(ring, band)))
    away = [p for p in shapely.get_parts(shapely.difference(ring, band)) if p.length > 0]
    if away:
        middles = shapely.get_coordinates(shapely.line_interpolate_point(away, 0.5, normalized=True))
        near += [p for p, sea in zip(away, side.seaward(middles)) if sea]
    lines = [p for p in near if p.geom_type in ("LineString", "MultiLineString") and p.length > 0]
    if not lines:
        return []
    merged = shapely.get_parts(shapely.line_merge(shapely.union_all(lines)))
    return sorted((m for m in merged if m.length > 0), key=lambda m: m.length, reverse=True)


def _ring_arc(ring: LineString, start: float, stop: float) -> LineString:
    """The part of a closed ring from ``start`` forward to ``stop`` (distances along it), wrapping."""
    if stop >= start:
        return substring(ring, start, stop)
    head, tail = substring(ring, start, ring.length), substring(ring, 0.0, stop)
    return LineString([*head.coords, *list(tail.coords)[1:]])


def _remainder(ring: LineString, water: LineString) -> LineString:
    """The parcel boundary that is not the water run, from the run's end round to its start."""
    s0, s1 = ring.project(Point(water.coords[0])), ring.project(Point(water.coords[-1]))
    forward = _ring_arc(ring, s0, s1)
    if abs(forward.length - water.length) > 1e-6 * ring.length:
        s0, s1 = s1, s0  # the run follows the ring backwards
    return _ring_arc(ring, s1, s0)


def _side_line(remainder: LineString) -> np.ndarray:
    """The boundary running landward from one end of the water run, to the lot's next corner.

    Follows ``remainder`` from its start and stops at the first bend sharper
    than :data:`CORNER_ANGLE_DEG`, or halfway round. Returned as coordinates,
    landward corner first, water end last.
    """
    path = shapely.simplify(substring(remainder, 0.0, remainder.length / 2.0), 1e-6 * remainder.length)
    coords = np.asarray(path.coords)
    for k in range(1, len(coords) - 1):
        d1 = unit(coords[k] - coords[k - 1])
        d2 = unit(coords[k + 1] - coords[k])
        turn = np.degrees(np.arccos(np.clip(np.dot(d1, d2), -1.0, 1.0)))
        if turn > CORNER_ANGLE_DEG:
            coords = coords[: k + 1]
            break
    return coords[::-1]


def _offsets(start: np.ndarray, end: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Distances of ``points`` from the straight line through ``start`` and ``end``."""
    d = end - start
    v = points - start
    return np.abs(d[0] * v[:, 1] - d[1] * v[:, 0]) / np.hypot(*d)


def _course_start(side: np.ndarray, tolerance: float) -> int:
    """Index of the landward end of the side line's last course (``side`` is landward first).

    The last course is the longest run of the side line from its water end whose
    vertices all lie within ``tolerance`` of the straight line from the water end
    to the run's landward end: digitising noise under the tolerance does not start
    a new course.
    """
    end = side[-1]
    best = len(side) - 2
    for k in range(len(side) - 3, -1, -1):
        if np.allclose(side[k], end, rtol=0.0):
            break
        if _offsets(side[k], end, side[k + 1 : -1]).max() > tolerance:
            break
        best = k
    return best


def _extend_into_run(side: np.ndarray, run: np.ndarray, tolerance: float) -> int:
    """How many vertices of the water run continue the side line's last course (``run`` from the side's end).

    The water run starts where the boundary enters the tolerance band, so its
    first vertices may still be the side line running on to the parcel's corner
    at the water; they are handed back to the side line. A vertex is on the
    course while it lies within ``tolerance`` of it, further along it, and
    reached by a segment turning no more than :data:`COURSE_TURN_DEG` from it
    (a densely digitised shore leaving the corner is not the side line).
    """
    start = side[_course_start(side, tolerance)]
    end = side[-1]
    direction = unit(end - start)
    reached = (end - start) @ direction
    taken = 0
    for j in range(1, len(run)):
        step = run[j] - run[j - 1]
        along = (run[j] - start) @ direction
        turning = np.degrees(np.arccos(np.clip(unit(step) @ direction, -1.0, 1.0))) if step.any() else 0.0
        if along <= reached or turning > COURSE_TURN_DEG or _offsets(start, end, run[j : j + 1])[0] > tolerance:
            break
        reached, taken = along, j
    return taken


def _split_at_corners(ring: LineString, run: LineString, tolerance: float) -> tuple[np.ndarray, np.ndarray, LineString]:
    """The two side lines (landward first) and the water boundary between the parcel's corners at the water."""
    rest = _remainder(ring, run)
    first, last = _side_line(rest.reverse()), _side_line(rest)  # ending at the run's start and end
    xy = np.asarray(run.coords)
    k0 = _extend_into_run(first, xy, tolerance)
    k1 = _extend_into_run(last, xy[::-1], tolerance)
    if k0 + k1 >= len(xy) - 1:  # the run is all side line: keep the band's cut
        k0 = k1 = 0
    first = np.vstack([first, xy[1 : k0 + 1]])
    last = np.vstack([last, xy[::-1][1 : k1 + 1]])
    return first, last, LineString(xy[k0 : len(xy) - k1])


def _direction(side: np.ndarray, how: str, *, course_tolerance: float, chord: float) -> np.ndarray:
    """The straight extension's direction toward the water: along the last course, or the chord of the last ``chord``."""
    end = side[-1]
    if how == "chord":
        line = LineString(side)
        start = np.asarray(shapely.line_interpolate_point(line, max(line.length - chord, 0.0)).coords[0])
    else:
        start = side[_course_start(side, course_tolerance)]
    if np.allclose(start, end, rtol=0.0):  # rtol=0: a relative tolerance is metres at UTM northings
        raise SiteDataError("a side line of the parcel has no length; check the parcel polygon")
    return unit(end - start)


def _ray(origin: np.ndarray, direction: np.ndarray, length: float) -> LineString:
    return LineString([origin, origin + direction * length])


def _points(geom: BaseGeometry) -> np.ndarray:
    return shapely.get_coordinates(geom) if not geom.is_empty else np.empty((0, 2))


def _water_corner(side: np.ndarray, direction: np.ndarray, mhw: BaseGeometry, far: float) -> Point:
    """Where the side line meets the MHW line (Docks B, C).

    The crossing nearest the side line's water end, on the side line itself (a
    parcel running past the MHW line) or on its extension (a parcel stopping
    short of it); else the MHW point nearest the water end, with a warning.
    """
    end = side[-1]
    hits = np.vstack([_points(shapely.intersection(LineString(side), mhw)), _points(shapely.intersection(_ray(end, direction, far), mhw))])
    if len(hits):
        return Point(hits[int(np.argmin(np.hypot(*(hits - end).T)))])
    warnings.warn(
        "a side line and its straight extension never cross the MHW line; its water corner is taken "
        "as the nearest point of the MHW line",
        DockReviewWarning,
        stacklevel=4,
    )
    return shapely.shortest_line(Point(end), mhw).boundary.geoms[-1]


def _to_land(extension: LineString, corner: Point, land_edge: BaseGeometry, clear: float) -> LineString:
    """The extension up to where it first reaches land across the water.

    Crossings of the shore within ``clear`` of the water corner (the corner's own
    shore) do not stop it.
    """
    past = extension.project(corner) + clear
    hits = [extension.project(Point(xy)) for xy in _points(shapely.intersection(extension, land_edge))]
    stops = [s for s in hits if s > past]
    return substring(extension, 0.0, min(stops)) if stops else extension


def _frontage(mhw: BaseGeometry, a: Point, b: Point, water_boundary: LineString, tolerance: float) -> BaseGeometry:
    """The MHW line between the water corners ``a`` and ``b``, along the line."""
    parts = [p for p in shapely.get_parts(mhw) if p.length > 0]
    ia = int(np.argmin([p.distance(a) for p in parts]))
    ib = int(np.argmin([p.distance(b) for p in parts]))
    if ia != ib:
        path = network_path(mhw, a, b)
        if path is not None:
            return path
        warnings.warn(
            "the MHW line is broken between the lot's water corners, away from the parcel's boundary; the "
            "frontage adds up the MHW pieces along the lot",
            DockReviewWarning,
            stacklevel=4,
        )
        return shapely.line_merge(shapely.intersection(mhw, shapely.buffer(water_boundary, tolerance * 2 + 1e-6)))
    part = parts[ia]
    sa, sb = part.project(a), part.project(b)
    lo, hi = sorted((sa, sb))
    arc = substring(part, lo, hi)
    if part.is_closed:
        other = shapely.line_merge(
            shapely.union_all([substring(part, hi, part.length), substring(part, 0, lo)])
        )
        mid_arc = arc.interpolate(0.5, normalized=True).distance(water_boundary)
        mid_other = shapely.line_merge(other).interpolate(0.5, normalized=True).distance(water_boundary)
        if mid_other < mid_arc:
            arc = other
    return arc


def _lot_water(left: LineString, right: LineString, frontage: BaseGeometry, mhw: BaseGeometry) -> BaseGeometry:
    """The water between the extensions ``left`` and ``right`` seaward of the frontage, up to land.

    The area closed by the two extensions and the frontage is cut by the MHW
    line; the faces along the frontage are the lot's water, so land across the
    water (a creek's far bank, an island) and the area where converging
    extensions cross over are left out.
    """
    ring = [*left.coords[::-1], *shapely.get_coordinates(frontage), *right.coords]
    outline = LineString([*ring, ring[0]])  # noded with the shore below: crossings and spikes sort themselves out
    inside = shapely.intersection(mhw, shapely.envelope(outline))
    faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(shapely.union_all([outline, inside, frontage]))))
    eps = 1e-7 * max(frontage.length, 1.0)
    along = shapely.buffer(frontage, eps)
    touching = [f for f in faces if shapely.length(shapely.intersection(shapely.get_exterior_ring(f), along)) > 100 * eps]
    return shapely.union_all(touching) if touching else Polygon()


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
    runs = _water_runs(ring, mhw, side, tolerance)
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
    first, last, water = _split_at_corners(ring, run, course)
    sides = (first, last)
    directions = [_direction(s, direction, course_tolerance=course, chord=chord_ft / ft_per_unit) for s in sides]
    far = max(1000.0 / ft_per_unit, 3.0 * (reach_hint or 0.0), 3.0 * parcel.length)
    corners = [_water_corner(s, d, mhw, far) for s, d in zip(sides, directions)]
    c0, c1 = (np.asarray(c.coords[0]) for c in corners)
    if np.allclose(c0, c1, rtol=0.0):
        raise SiteDataError("both side lines meet the MHW line at the same point; the lot has no frontage")
    frontage = _frontage(mhw, corners[0], corners[1], water, tolerance)
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
        left_ext = _perpendicular_extension(ls, lc, normal, far)
        right_ext = _perpendicular_extension(rs, rc, normal, far)
    else:
        left_ext = _ray(np.asarray(ls.coords[-1]), ld, far)
        right_ext = _ray(np.asarray(rs.coords[-1]), rd, far)
    frontage = _orient(frontage, lc)
    zone = _lot_water(left_ext, right_ext, frontage, mhw)
    land_edge = side.trunk_line
    return Riparian(
        water_boundary=water,
        left_side=ls,
        right_side=rs,
        left_extension=_to_land(left_ext, lc, land_edge, tolerance),
        right_extension=_to_land(right_ext, rc, land_edge, tolerance),
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


def _perpendicular_extension(side: LineString, corner: Point, normal: np.ndarray, far: float) -> LineString:
    """Perpendicular to the chord from the water corner; from the side line's water end to it when the side stops short.

    When the side line reaches the MHW line (ends on it or runs past it) the
    extension starts at the corner, where the side line is cut when joined to it.
    """
    start = np.asarray(side.coords[-1])
    c = np.asarray(corner.coords[0])
    if np.hypot(*(c - start)) <= 1e-6 * far:  # the side line ends on its corner: no floating-point jog
        return LineString([start, start + normal * far])
    if side.distance(corner) <= 1e-6 * far:  # the side line runs past the MHW line
        return LineString([c, c + normal * far])
    return LineString([start, c, c + normal * far])


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
