"""Sections across a waterway, and contours of a triangulated surface: pure shapely and numpy, working-CRS units.

A waterway's width is measured on a straight line (a *section*) as the stretch of
it that holds a probe point in the water, between the nearest crossings of the
reference lines (the MHW lines of both banks, bulkheads, the edges of marsh
vegetation) on either side of the probe. So the width along a dock's axis is the
stretch of the axis around the dock's seaward end; across a channel, the stretch
of the line square to its centreline around the centreline.

:func:`contour` draws where a surface triangulated from soundings (linear on each
triangle) takes a level: the MLW line is the soundings' 0-ft contour, the MLLW
line the contour at MLLW's depth below MLW.
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely import MultiLineString
from shapely.geometry.base import BaseGeometry


def crossings(origins: np.ndarray, direction: np.ndarray, barrier: BaseGeometry, far: float) -> list[np.ndarray]:
    """Where each line ``origin + t * direction`` (|t| <= ``far``) meets ``barrier``: the sorted positions ``t``.

    ``origins`` is (n, 2) (or one point); ``direction`` one unit vector or (n, 2).
    A line running along the barrier meets it at the ends of the shared stretch.

    Examples
    --------
    >>> bank = shapely.MultiLineString([[(-50, 0), (50, 0)], [(-50, 120), (50, 120)]])
    >>> crossings(np.array([[0.0, 35.0]]), np.array([0.0, 1.0]), bank, 500.0)[0].tolist()
    [-35.0, 85.0]
    """
    origins = np.atleast_2d(np.asarray(origins, dtype=float))
    directions = np.broadcast_to(np.atleast_2d(np.asarray(direction, dtype=float)), origins.shape)
    lines = shapely.linestrings(np.stack([origins - directions * far, origins + directions * far], axis=1))
    hits = shapely.intersection(lines, barrier)
    xy, owner = shapely.get_coordinates(hits, return_index=True)
    out = []
    for k in range(len(origins)):
        mine = xy[owner == k]
        t = (mine - origins[k]) @ directions[k] if len(mine) else np.empty(0)
        out.append(np.unique(np.round(t, 9)))
    return out


def gap_around(t: np.ndarray, probe: float) -> tuple[float, float] | None:
    """The nearest positions of ``t`` below and above ``probe``; None when the line leaves the barrier on a side.

    Examples
    --------
    >>> gap_around(np.array([-35.0, 85.0, 300.0]), 0.0)
    (-35.0, 85.0)
    >>> gap_around(np.array([-35.0]), 0.0) is None
    True
    """
    below, above = t[t < probe], t[t > probe]
    if not below.size or not above.size:
        return None
    return float(below.max()), float(above.min())


def tangent_at(line: BaseGeometry, point: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The point of ``line`` nearest ``point`` and the unit tangent of ``line`` there.

    Examples
    --------
    >>> foot, tangent = tangent_at(shapely.LineString([(0, 60), (100, 60)]), np.array([30.0, 0.0]))
    >>> foot.tolist(), tangent.tolist()
    ([30.0, 60.0], [1.0, 0.0])
    """
    parts = [p for p in shapely.get_parts(line) if p.length > 0]
    here = shapely.points(point)
    part = parts[int(np.argmin(shapely.distance(parts, here)))]
    s = float(shapely.line_locate_point(part, here))
    xy = shapely.get_coordinates(part)
    lengths = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(xy, axis=0).T))])
    k = int(np.clip(np.searchsorted(lengths, s, side="right") - 1, 0, len(xy) - 2))
    segment = xy[k + 1] - xy[k]
    foot = shapely.get_coordinates(shapely.line_interpolate_point(part, s))[0]
    return foot, segment / np.hypot(*segment)


def contour(points: np.ndarray, triangles: np.ndarray, values: np.ndarray, level: float) -> BaseGeometry:
    """Where a surface linear on each triangle equals ``level``: its contour lines, merged.

    ``points`` (n, 2), ``triangles`` (m, 3) indices into them, ``values`` (n,).
    A vertex exactly at the level counts as above it. Empty when the surface
    never takes the level.

    Examples
    --------
    >>> pts = np.array([(0.0, 0.0), (100.0, 0.0), (0.0, 100.0), (100.0, 100.0)])
    >>> tri = np.array([[0, 1, 2], [1, 3, 2]])
    >>> line = contour(pts, tri, pts[:, 1] * 0.1 - 2.0, 0.0)   # depth -2 ft at y = 0, 8 ft at y = 100
    >>> [round(v, 6) for v in line.bounds]
    [0.0, 20.0, 100.0, 20.0]
    """
    z = np.asarray(values, dtype=float)[triangles]
    xy = np.asarray(points, dtype=float)[triangles]
    above = z >= level
    mixed = above.any(axis=1) & ~above.all(axis=1) & np.isfinite(z).all(axis=1)
    if not mixed.any():
        return MultiLineString()
    z, xy, above = z[mixed], xy[mixed], above[mixed]
    ends = []
    for a, b in ((0, 1), (1, 2), (2, 0)):
        cut = above[:, a] != above[:, b]
        with np.errstate(divide="ignore", invalid="ignore"):
            f = np.where(cut, (level - z[:, a]) / (z[:, b] - z[:, a]), np.nan)
        ends.append(np.where(cut[:, None], xy[:, a] + f[:, None] * (xy[:, b] - xy[:, a]), np.nan))
    ends = np.stack(ends, axis=1)  # (m, 3 edges, 2): exactly two edges of a mixed triangle are cut
    pairs = ends[np.isfinite(ends[:, :, 0])].reshape(-1, 2, 2)
    segments = shapely.linestrings(pairs)
    segments = segments[shapely.length(segments) > 0]
    return shapely.line_merge(shapely.union_all(segments)) if len(segments) else MultiLineString()
