"""Distances between the dock and the lot: signed setbacks, the farthest point, the length along the axis, the terminus.

All in working-CRS units; :func:`dockreview.measure.compute.measure` converts to feet.
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from dockreview.geometry.dock import Dock
from dockreview.geometry.riparian import WaterSide


def outside(line, *, left: bool, distance) -> Polygon:
    """The side of a seaward-running setback line away from the lot, ``distance`` deep (one line, or an array).

    A line whose vertices run straight on (the usual side line and its
    extension) gives the strip between it and its parallel ``distance`` to the
    left (``left``) or right, drawn from its ends as GEOS's single-sided buffer
    draws it, in a fifteenth of the time; a bent line gets that buffer.

    Examples
    --------
    >>> outside(shapely.LineString([(0, 0), (0, 50), (0, 100)]), left=True, distance=10.0).normalize().wkt
    'POLYGON ((-10 0, -10 100, 0 100, 0 0, -10 0))'
    >>> outside(shapely.LineString([(0, 0), (0, 100)]), left=False, distance=10.0).normalize().wkt
    'POLYGON ((0 0, 0 100, 10 100, 10 0, 0 0))'
    """
    lines = np.asarray(line, dtype=object)
    signed = np.broadcast_to(np.where(left, 1.0, -1.0) * np.asarray(distance, dtype=float), lines.shape)
    flat_lines, flat_signed = np.atleast_1d(lines), np.atleast_1d(signed)
    ends = _straight_ends(flat_lines)
    out = np.empty(len(flat_lines), dtype=object)
    bent = np.flatnonzero(np.isnan(ends[:, 0, 0]))
    out[bent] = shapely.buffer(flat_lines[bent], flat_signed[bent], single_sided=True)
    straight = np.flatnonzero(~np.isnan(ends[:, 0, 0]))
    a, b = ends[straight, 0], ends[straight, 1]
    step = b - a
    shift = np.stack([-step[:, 1], step[:, 0]], axis=1) / np.hypot(*step.T)[:, None] * flat_signed[straight, None]
    out[straight] = shapely.polygons(np.stack([a, b, b + shift, a + shift, a], axis=1))
    return out[0] if lines.ndim == 0 else out


def _straight_ends(lines: np.ndarray) -> np.ndarray:
    """Each line's first and last vertex where its vertices run straight on from one to the other (each within a
    millionth of a unit of the chord, in order along it, the ends apart); NaN for the others, ``(n, 2, 2)``."""
    xy, of = shapely.get_coordinates(lines, return_index=True)
    count = np.bincount(of, minlength=len(lines))
    out = np.full((len(lines), 2, 2), np.nan)
    if not len(xy):
        return out
    first = np.cumsum(count) - count
    has = count >= 2
    a, b = xy[first[has]], xy[first[has] + count[has] - 1]
    chord = np.zeros((len(lines), 2))
    chord[has] = b - a
    start = np.zeros((len(lines), 2))
    start[has] = a
    length = np.hypot(*chord.T)
    rel = xy - start[of]
    across = np.abs(chord[of, 0] * rel[:, 1] - chord[of, 1] * rel[:, 0]) / np.where(length[of] > 0, length[of], np.inf)
    along = (chord[of, 0] * rel[:, 0] + chord[of, 1] * rel[:, 1])
    back = np.r_[False, (along[1:] < along[:-1]) & (of[1:] == of[:-1])]
    bad = np.bincount(of, weights=(across > 1e-6) | back, minlength=len(lines)) > 0
    ok = has & ~bad & (length > 0)
    out[ok, 0], out[ok, 1] = start[ok], start[ok] + chord[ok]
    return out


def signed_setback(footprint: BaseGeometry, line: LineString, *, left: bool, far: float) -> tuple[float, LineString]:
    """Distance from the dock to a setback line, negative by how far the dock crosses it.

    Returns the distance (units) and the line that dimensions it.
    """
    beyond = shapely.intersection(footprint, outside(line, left=left, distance=far))
    if shapely.area(beyond) > 1e-9 * max(shapely.area(footprint), 1e-12):
        xy = shapely.get_coordinates(shapely.segmentize(beyond, far / 2000.0))
        points = shapely.points(xy)
        d = shapely.distance(points, line)
        worst = points[int(np.argmax(d))]
        return -float(d.max()), shapely.shortest_line(worst, line)
    return float(shapely.distance(footprint, line)), shapely.shortest_line(footprint, line)


def farthest(geom: BaseGeometry, target: BaseGeometry, step: float) -> tuple[float, LineString]:
    """The greatest distance from ``target`` to any point of ``geom``, and its line."""
    xy = shapely.get_coordinates(shapely.segmentize(shapely.boundary(geom), step))
    points = shapely.points(xy)
    d = shapely.distance(points, target)
    i = int(np.argmax(d))
    return float(d[i]), shapely.shortest_line(points[i], target)


def axis_length(dock: Dock, mhw: BaseGeometry, side: WaterSide, far: float) -> tuple[float, float, float]:
    """Length along the axis from the MHW crossing to the dock's seaward end, the crossing and the end (units).

    The crossing is the axis position (from ``dock.origin``) where the dock
    leaves the shore: for a dock starting on land, the first MHW crossing past
    its landward end; for one starting in the water, the last crossing behind
    it (or its landward end when there is none). Crossings further out, over an
    island or a bar, do not shorten the length.
    """
    xy = shapely.get_coordinates(dock.footprint)
    t = (xy - dock.origin) @ dock.axis
    t_end, t_start = float(t.max()), float(t.min())
    axis = LineString([dock.origin + dock.axis * (t_start - far), dock.origin + dock.axis * (t_end + far)])
    hits = shapely.get_coordinates(shapely.intersection(axis, mhw))
    crossings = sorted((p - dock.origin) @ dock.axis for p in hits)
    tol = 1e-6 * far
    start_in_water = bool(side.seaward(np.atleast_2d(dock.origin + dock.axis * t_start))[0])
    if start_in_water:
        behind = [c for c in crossings if c <= t_start + tol]
        start = behind[-1] if behind else t_start
    else:
        ahead = [c for c in crossings if t_start - tol < c <= t_end + tol]
        start = ahead[0] if ahead else t_start
    return t_end - start, start, t_end


def terminus(seaward: BaseGeometry, frontage: BaseGeometry, reach: float, depth: float) -> BaseGeometry:
    """The part of the dock farther than ``reach - depth`` from the frontage."""
    if reach <= depth:
        return seaward
    return shapely.difference(seaward, shapely.buffer(frontage, reach - depth, quad_segs=32))


def clearance(terminus: BaseGeometry, layer) -> tuple[float | None, LineString | None]:
    if layer is None:
        return None, None
    if layer.empty:
        return float("inf"), None
    target = shapely.union_all(layer.geometry.values)
    return float(shapely.distance(terminus, target)), shapely.shortest_line(terminus, target)


def reach_locus(zone: BaseGeometry, frontage: BaseGeometry, reach: float) -> BaseGeometry:
    """The locus at ``reach`` from the frontage, across the lot's water (Docks D(1))."""
    arc = shapely.buffer(frontage, reach, quad_segs=32).exterior
    return shapely.line_merge(shapely.intersection(arc, zone))


def along(geom: BaseGeometry, dock: Dock) -> np.ndarray:
    """Positions of ``geom``'s vertices along the dock's axis (units from ``dock.origin``)."""
    return (shapely.get_coordinates(geom) - dock.origin) @ dock.axis
