"""A lot's side lines and its corners at the water (README, "Side lines", "Water corners").

The side lines are the parcel boundary adjoining each end of the water run,
running landward to the lot's next corner and, at the water, on to the parcel's
own corner (past the lot's water edge, where it leaves the tolerance band at a
shallow angle and runs on to a corner near the MHW line); the straight
extension's direction is the side line's last course or the chord of its last
``chord_ft``; the water corner is where the side line (or, when it stops short,
its extension) meets the MHW line.
"""

from __future__ import annotations

import warnings

import numpy as np
import shapely
from shapely import LineString, Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import substring

from dockreview.errors import DockReviewWarning, SiteDataError
from dockreview.geometry.vectors import shore_normal, unit

#: Length of side line whose chord gives the straight extension's direction (ft), with ``direction="chord"``.
EXTENSION_CHORD_FT = 50.0
#: How far (ft) a side line's vertices may stray from a straight course and still be on it.
COURSE_TOLERANCE_FT = 0.5
#: A boundary segment turning more than this (degrees) from the side line's course is not on it.
COURSE_TURN_DEG = 20.0
#: A bend sharper than this (degrees) ends a side line at a lot corner.
CORNER_ANGLE_DEG = 50.0
#: A boundary course leaving the MHW tolerance band within this angle (degrees) of the MHW line is the lot's water
#: edge running on out of the band (a front line drawn a few feet off today's MHW line), not its side line.
WATER_EDGE_DEG = 20.0
#: ... when it reaches the lot's corner within this distance of the MHW line (ft); farther off, it is a side line.
WATER_EDGE_FT = 25.0


def ring_arc(ring: LineString, start: float, stop: float) -> LineString:
    """The part of a closed ring from ``start`` forward to ``stop`` (distances along it), wrapping."""
    if stop >= start:
        return substring(ring, start, stop)
    head, tail = substring(ring, start, ring.length), substring(ring, 0.0, stop)
    return LineString([*head.coords, *list(tail.coords)[1:]])


def _remainder(ring: LineString, water: LineString) -> LineString:
    """The parcel boundary that is not the water run, from the run's end round to its start."""
    s0, s1 = ring.project(Point(water.coords[0])), ring.project(Point(water.coords[-1]))
    forward = ring_arc(ring, s0, s1)
    if abs(forward.length - water.length) > 1e-6 * ring.length:
        s0, s1 = s1, s0  # the run follows the ring backwards
    return ring_arc(ring, s1, s0)


def _side_line(remainder: LineString, shore: tuple[np.ndarray, BaseGeometry, float] | None = None) -> np.ndarray:
    """The boundary running landward from one end of the water run, to the lot's next corner.

    Follows ``remainder`` from its start and stops at the first bend sharper
    than :data:`CORNER_ANGLE_DEG`, or halfway round. Where the water edge runs
    on out of the band first (:func:`water_edge_courses`; ``shore`` the unit
    normal to the MHW line at the run's end, the line, and how near it the
    lot's corner must lie, units), the side line starts at the lot's corner.
    Returned as coordinates, landward corner first, water end last.
    """
    path = shapely.simplify(substring(remainder, 0.0, remainder.length / 2.0), 1e-6 * remainder.length)
    coords = np.asarray(path.coords)
    if shore is not None:
        normal, mhw, near = shore
        coords = coords[water_edge_courses(coords, normal, shapely.distance(shapely.points(coords), mhw) <= near):]
    courses = np.diff(coords, axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        courses = courses / np.hypot(*courses.T)[:, None]
        turn = np.degrees(np.arccos(np.clip(np.einsum("ij,ij->i", courses[:-1], courses[1:]), -1.0, 1.0)))
    corners = np.flatnonzero(turn > CORNER_ANGLE_DEG)
    if len(corners):  # the first bend sharper than a corner's ends the side line there
        coords = coords[: corners[0] + 2]
    return coords[::-1]


def water_edge_courses(path: np.ndarray, normal: np.ndarray, near: np.ndarray) -> int:
    """How many courses of ``path`` (from the run's end, landward) are the water edge running on out of the band.

    When the boundary leaves the band within :data:`WATER_EDGE_DEG` of the MHW
    line (``normal``: the unit normal to the line where the run ends), and
    runs on to the lot's corner (the first bend sharper than
    :data:`CORNER_ANGLE_DEG`) with every vertex near the line (``near``, per
    vertex of ``path``: within :data:`WATER_EDGE_FT`), it is the lot's water
    edge drawn a little off the line, as a front line a few feet landward of
    today's MHW line is; the side line begins at that corner if it turns away
    from the shore there. Otherwise none.

    Examples
    --------
    A front line from the MHW line (y = 0) to a corner 10 ft back at x = 250,
    cut where it leaves the 5-ft band, then the side line x = 250:

    >>> path = np.array([(125.0, -5.0), (250.0, -10.0), (250.0, -200.0), (0.0, -200.0)])
    >>> water_edge_courses(path, np.array([0.0, 1.0]), -path[:, 1] <= 25.0)
    1
    >>> water_edge_courses(path[1:], np.array([0.0, 1.0]), -path[1:, 1] <= 25.0)  # the side line from its corner
    0

    A side line leaving the shore at 15 degrees, 100 ft to the lot's back corner: not a water edge.

    >>> side = np.array([(0.0, 0.0), (96.6, -25.9), (96.6, -200.0)])
    >>> water_edge_courses(side, np.array([0.0, 1.0]), -side[:, 1] <= 25.0)
    0
    """
    if len(path) < 3:
        return 0
    courses = np.diff(path, axis=0)
    length = np.hypot(*courses.T)
    with np.errstate(invalid="ignore", divide="ignore"):
        across = np.abs(courses @ normal) / length  # the sine of each course's angle with the line
        turn = np.degrees(np.arccos(np.clip(np.einsum("ij,ij->i", courses[:-1], courses[1:]) / (length[:-1] * length[1:]), -1.0, 1.0)))
    shallow = across <= np.sin(np.radians(WATER_EDGE_DEG))
    corners = np.flatnonzero(turn > CORNER_ANGLE_DEG) + 1
    if not shallow[0] or not len(corners) or shallow[corners[0]] or not near[: corners[0] + 1].all():
        return 0
    return int(corners[0])


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


def split_at_corners(
    ring: LineString, run: LineString, tolerance: float, mhw: BaseGeometry | None = None, *, span: float = 1.0,
    near: float = 0.0,
) -> tuple[np.ndarray, np.ndarray, LineString]:
    """The two side lines (landward first) and the water boundary between the parcel's corners at the water.

    With ``mhw``, a water edge running on out of the band at either end, to a
    corner within ``near`` (units) of the line, is passed over
    (:func:`water_edge_courses`; the line's direction taken over ``span``
    units each way from the run's end).
    """
    rest = _remainder(ring, run)
    xy = np.asarray(run.coords)
    shores = [None, None] if mhw is None else [(shore_normal(mhw, xy[i], span=span), mhw, near) for i in (0, -1)]
    first, last = _side_line(rest.reverse(), shores[0]), _side_line(rest, shores[1])  # ending at the run's start and end
    k0 = _extend_into_run(first, xy, tolerance)
    k1 = _extend_into_run(last, xy[::-1], tolerance)
    if k0 + k1 >= len(xy) - 1:  # the run is all side line: keep the band's cut
        k0 = k1 = 0
    first = np.vstack([first, xy[1 : k0 + 1]])
    last = np.vstack([last, xy[::-1][1 : k1 + 1]])
    return first, last, LineString(xy[k0 : len(xy) - k1])


def side_direction(side: np.ndarray, how: str, *, course_tolerance: float, chord: float) -> np.ndarray:
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


def ray(origin: np.ndarray, direction: np.ndarray, length: float) -> LineString:
    """The straight line from ``origin`` along the unit ``direction`` for ``length`` units."""
    return LineString([origin, origin + direction * length])


def points_of(geom: BaseGeometry) -> np.ndarray:
    """The coordinates of ``geom`` (N x 2), none when it is empty."""
    return shapely.get_coordinates(geom) if not geom.is_empty else np.empty((0, 2))


def water_corner(side: np.ndarray, direction: np.ndarray, mhw: BaseGeometry, far: float) -> Point:
    """Where the side line meets the MHW line (Docks B, C).

    The crossing nearest the side line's water end, on the side line itself (a
    parcel running past the MHW line) or on its extension (a parcel stopping
    short of it); else the MHW point nearest the water end, with a warning.
    """
    end = side[-1]
    hits = np.vstack([points_of(shapely.intersection(LineString(side), mhw)), points_of(shapely.intersection(ray(end, direction, far), mhw))])
    if len(hits):
        return Point(hits[int(np.argmin(np.hypot(*(hits - end).T)))])
    warnings.warn(
        "a side line and its straight extension never cross the MHW line; its water corner is taken "
        "as the nearest point of the MHW line",
        DockReviewWarning,
        stacklevel=4,
    )
    return shapely.shortest_line(Point(end), mhw).boundary.geoms[-1]
