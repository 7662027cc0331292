"""Directions in the plane: unit vectors, the left normal, the normal to the MHW line at a point toward the water.

Pure shapely and numpy in working units. The shore normal is the direction a
dock "perpendicular to the shoreline" runs in: the evidence measures the
waterway's width along it, and the lift-orientation check (Boat lifts C(3)) holds
a lift's hull to it.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry


def unit(vector: np.ndarray) -> np.ndarray:
    """Return ``vector`` scaled to length one."""
    return vector / np.hypot(*vector)


def left_of(direction: np.ndarray) -> np.ndarray:
    """The unit vector 90 degrees counter-clockwise of ``direction`` (its left)."""
    return np.array([-direction[1], direction[0]])


def shore_normal(
    mhw: BaseGeometry,
    point,
    *,
    span: float,
    seaward: Callable[[np.ndarray], np.ndarray] | None = None,
    probe: float | None = None,
) -> np.ndarray:
    """The unit normal to the MHW line at ``point``, pointing to the water.

    The tangent is the chord between the line's points ``span`` before and after
    ``point``'s projection on the nearest piece of the line (at most a quarter of the
    piece's length; clamped to an open piece's ends, wrapped round a closed ring),
    so at a vertex it bisects the two segments' directions. The normal is square to
    it, turned to the water: to the side where ``seaward`` holds for the point
    ``probe`` out from ``point`` along it.

    Parameters
    ----------
    mhw : LineString or MultiLineString
        The MHW line (working CRS).
    point : (x, y)
        A point on the line (or near it: it is projected on its nearest piece).
    span : float
        Half the chord the tangent is taken over (working units; the evidence and
        the measurements take 1 ft).
    seaward : callable, optional
        ``seaward(xy) -> bool array`` for points ``xy`` (N x 2), such as
        :meth:`dockreview.geometry.riparian.WaterSide.seaward`. Without it the normal
        is the one to the left of the nearest piece's direction (its sense then
        arbitrary: enough for an angle between undirected lines).
    probe : float, optional
        How far out (working units) the water side is tested; ``2 * span`` when None.

    Returns
    -------
    ndarray
        The unit normal, shape (2,).

    Examples
    --------
    A straight shore with the water to the north, then to the south:

    >>> from shapely import LineString
    >>> shore = LineString([(0, 0), (100, 0)])
    >>> shore_normal(shore, (50, 0), span=1.0, seaward=lambda xy: xy[:, 1] > 0) + 0.0
    array([0., 1.])
    >>> shore_normal(shore, (50, 0), span=1.0, seaward=lambda xy: xy[:, 1] < 0) + 0.0
    array([ 0., -1.])

    At the corner of a point of land (the land inside x < 10, y > 0), the normal
    bisects the corner, out to the water:

    >>> corner = LineString([(0, 0), (10, 0), (10, 10)])
    >>> water = lambda xy: (xy[:, 0] > 10) | (xy[:, 1] < 0)
    >>> shore_normal(corner, (10, 0), span=1.0, seaward=water).round(6) + 0.0
    array([ 0.707107, -0.707107])
    """
    p = np.asarray(point, dtype=float)
    parts = [g for g in shapely.get_parts(mhw) if g.length > 0]
    here = shapely.Point(p)
    part = parts[int(np.argmin(shapely.distance(parts, here)))]
    length = part.length
    along = shapely.line_locate_point(part, here)
    eps = min(span, length / 4)
    ends = np.array([along - eps, along + eps])
    ends = np.mod(ends, length) if part.is_closed else np.clip(ends, 0.0, length)
    a, b = shapely.get_coordinates(shapely.line_interpolate_point(part, ends))
    tangent = (b - a) / np.hypot(*(b - a))
    normal = np.array([-tangent[1], tangent[0]])
    if seaward is None:
        return normal
    out = p + normal * (2.0 * span if probe is None else probe)
    return normal if bool(np.asarray(seaward(out[None, :]))[0]) else -normal
