"""How the lines are carried seaward from the water corners, by method.

Every method starts from the same water corners (where the side lines meet the
MHW line) and differs only in the line it draws from each (README,
"Riparian lines by method"; ../shared/jurisdictions.md, "How riparian lines are
drawn"):

* ``extended-side-lines`` -- the side line carried straight on (its last
  course, or the chord of its last 50 ft), or with ``extension =
  "perpendicular"`` square to the frontage chord (:func:`perpendicular_extension`);
* ``perpendicular-to-trend`` -- square to a baseline following the shore's
  general direction: the straight line fitted to the MHW line over
  ``baseline`` beyond each water corner (:func:`trend_baseline`), or the line
  between the headlands when given;
* ``perpendicular-to-centerline`` -- to the foot of the perpendicular from the
  water corner on the waterway's centreline (:func:`centerline_foot`);
* ``long-lake`` -- the same construction on the lake's median line;
* ``proportional`` -- to the corner's point on the line of navigation, the
  line divided among the lots in proportion to their frontages
  (:func:`proportional_share`; :mod:`~dockreview.geometry.navigation`).

``round-lake`` and ``colonial`` draw straight lines to a point or along a chord
bisector (:mod:`~dockreview.geometry.methods`).

Everything is in working-CRS units.
"""

from __future__ import annotations

import warnings

import numpy as np
import shapely
from shapely import LineString, Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import substring

from dockreview.errors import DockReviewWarning, SiteDataError
from dockreview.geometry.sides import ring_arc
from dockreview.geometry.vectors import left_of, unit

#: The default length (ft) of shore fitted beyond each water corner for the trend and colonial baselines.
BASELINE_FT = 100.0


def from_corner(
    side: LineString, corner: Point, *, direction: np.ndarray | None = None, length: float = 0.0,
    to: np.ndarray | None = None, eps: float,
) -> LineString:
    """The line from the water corner: along ``direction`` for ``length``, or straight ``to`` a point.

    When the side line stops short of the MHW line the line starts at the side
    line's water end and runs to the corner first; when the side line reaches the
    MHW line (ends on it or runs past it) it starts at the corner, where the side
    line is cut when joined to it. ``eps`` is how close counts as the same point.
    """
    start = np.asarray(side.coords[-1])
    c = np.asarray(corner.coords[0])
    if np.hypot(*(c - start)) <= eps:  # the side line ends on its corner: no floating-point jog
        head = [start]
    elif side.distance(corner) <= eps:  # the side line runs past the MHW line
        head = [c]
    else:
        head = [start, c]
    end = head[-1] + direction * length if to is None else np.asarray(to, dtype=float)
    return LineString([*head, end])


def perpendicular_extension(side: LineString, corner: Point, normal: np.ndarray, far: float) -> LineString:
    """Along ``normal`` (square to the frontage chord, or to a baseline) from the water corner.

    Examples
    --------
    >>> side = LineString([(0, -100), (0, 0)])
    >>> perpendicular_extension(side, Point(0, 0), np.array([0.6, 0.8]), 50.0).wkt
    'LINESTRING (0 0, 30 40)'
    """
    return from_corner(side, corner, direction=normal, length=far, eps=1e-6 * far)


def fit_direction(line: BaseGeometry) -> np.ndarray:
    """The unit direction of the straight line fitted to ``line`` by orthogonal least squares.

    The line is taken as a uniform mass along its length (each segment weighs
    its length, spread along it), so the fit is exact for a straight line and
    follows the shore's general direction across its wiggles.

    Examples
    --------
    >>> d = fit_direction(LineString([(0, 0), (30, 40), (60, 80)]))
    >>> [round(abs(float(v)), 9) for v in d]
    [0.6, 0.8]
    """
    xy = [np.asarray(p.coords) for p in shapely.get_parts(line) if p.length > 0]
    a = np.vstack([c[:-1] for c in xy])
    b = np.vstack([c[1:] for c in xy])
    length = np.hypot(*(b - a).T)
    keep = length > 0
    a, b, length = a[keep], b[keep], length[keep]
    if not len(length):
        raise SiteDataError("the stretch of the MHW line fitted for a baseline has no length")
    mid = (a + b) / 2.0
    centre = (length[:, None] * mid).sum(axis=0) / length.sum()
    d = b - a
    m = mid - centre
    scatter = (length[:, None, None] * (m[:, :, None] * m[:, None, :] + d[:, :, None] * d[:, None, :] / 12.0)).sum(axis=0)
    _, vectors = np.linalg.eigh(scatter)
    return unit(vectors[:, -1])


def _shore_piece(shore: BaseGeometry, near: BaseGeometry) -> LineString:
    """The merged piece of the shore's line work nearest ``near``."""
    parts = [p for p in shapely.get_parts(shapely.line_merge(shore)) if p.length > 0]
    if not parts:
        raise SiteDataError("the MHW line has no line work to fit a baseline to")
    return parts[int(np.argmin(shapely.distance(parts, near)))]


def _fitted(stretch: LineString) -> LineString:
    """The straight line fitted to ``stretch``, drawn over the stretch's own extent along it."""
    d = fit_direction(stretch)
    xy = shapely.get_coordinates(stretch)
    centre = np.asarray(stretch.interpolate(0.5, normalized=True).coords[0])
    weights = np.hypot(*np.diff(xy, axis=0).T)
    if weights.sum() > 0:
        centre = (weights[:, None] * (xy[:-1] + xy[1:]) / 2.0).sum(axis=0) / weights.sum()
    along = (xy - centre) @ d
    return LineString([centre + d * along.min(), centre + d * along.max()])


def trend_baseline(
    shore: BaseGeometry, corners: tuple[Point, Point], baseline: float, frontage: BaseGeometry | None = None,
) -> tuple[LineString, LineString]:
    """The baseline of the shore's general trend along a lot, and the stretch of shore it is fitted to.

    The stretch is the MHW line from ``baseline`` (units) before the first water
    corner to ``baseline`` beyond the second, along the shore's line work
    (side branches left out), or as much of it as there is. On a closed ring
    (a lake's, an island's) it runs on round the ring's start, on the side of
    the lot's ``frontage``: where the ring was begun is no fact of the shore.

    Returns
    -------
    baseline, stretch : LineString

    Examples
    --------
    A square lake 400 ft a side, its ring begun at a lot's corner: the stretch
    runs 50 ft on round the start, as it would anywhere else on the ring.

    >>> lake = LineString([(0, 0), (400, 0), (400, 400), (0, 400), (0, 0)])
    >>> frontage = LineString([(0, 0), (100, 0)])
    >>> _, stretch = trend_baseline(lake, (Point(0, 0), Point(100, 0)), 50.0, frontage)
    >>> round(stretch.length, 6), shapely.get_coordinates(stretch)[[0, -1]].tolist()
    (200.0, [[0.0, 50.0], [150.0, 0.0]])
    """
    piece = _shore_piece(shore, shapely.multipoints([c.coords[0] for c in corners]))
    stretch = _stretch(piece, sorted(piece.project(c) for c in corners), baseline, frontage)
    return _fitted(stretch), stretch


def _stretch(piece: LineString, at: list[float], baseline: float, frontage: BaseGeometry | None) -> LineString:
    """The shore ``piece`` from ``baseline`` before position ``at[0]`` to ``baseline`` beyond ``at[1]`` (round a ring's start
    where the lot's ``frontage`` lies there)."""
    lo, hi = at
    if not piece.is_closed or frontage is None:
        return substring(piece, max(lo - baseline, 0.0), min(hi + baseline, piece.length))
    length = piece.length
    if not lo <= piece.project(frontage.interpolate(0.5, normalized=True)) <= hi:  # the lot fronts the arc round the start
        lo, hi = hi, lo + length
    if hi - lo + 2.0 * baseline >= length:
        return piece
    return ring_arc(piece, (lo - baseline) % length, (hi + baseline) % length)


def line_normal(line: LineString, seaward: np.ndarray) -> np.ndarray:
    """The unit normal of the straight ``line`` on the side of ``seaward`` (the lot's seaward normal)."""
    xy = shapely.get_coordinates(line)
    normal = left_of(unit(xy[-1] - xy[0]))
    return normal if normal @ seaward >= 0 else -normal


def centerline_foot(corner: Point, centerline: BaseGeometry, seaward: np.ndarray) -> Point:
    """The foot of the perpendicular from the water corner on the centreline (its nearest point).

    Warns when the nearest point is an end of the centreline (the line stops
    before it is square to the corner), and refuses a centreline lying landward.
    """
    piece = _shore_piece(centerline, corner)
    foot = Point(shapely.shortest_line(corner, piece).coords[-1])
    c, f = np.asarray(corner.coords[0]), np.asarray(foot.coords[0])
    if np.hypot(*(f - c)) <= 1e-9 * max(piece.length, 1.0) or (f - c) @ seaward <= 0:
        raise SiteDataError(
            "the centerline layer lies on or landward of the lot's water corner; it must run along the waterway, "
            "seaward of the lot"
        )
    ends = [Point(piece.coords[0]), Point(piece.coords[-1])]
    if not piece.is_closed and min(foot.distance(e) for e in ends) <= 1e-9 * max(piece.length, 1.0):
        warnings.warn(
            "the centerline layer ends before it runs square to a water corner; the riparian line runs to its end",
            DockReviewWarning,
            stacklevel=3,
        )
    return foot


def proportional_share(intervals: list[tuple[float, float]], subject: int) -> tuple[float, float]:
    """Where a cove lot's share of the line of navigation begins and ends, as fractions of the mouth.

    ``intervals`` are the cove lots' frontages as positions along the cove's
    shore (from the headland at the mouth's first end, units); the mouth is
    divided among them in proportion to their lengths, in their order along the
    shore. ``subject`` indexes the lot asked about.

    Examples
    --------
    >>> proportional_share([(0, 150), (150, 350), (350, 600)], 1)
    (0.25, 0.5833333333333334)
    """
    lengths = np.array([hi - lo for lo, hi in intervals])
    order = np.argsort([lo + hi for lo, hi in intervals], kind="stable")
    total = lengths.sum()
    if total <= 0:
        raise SiteDataError("no lot fronts the cove between the headlands; check the cove_line")
    before = lengths[order[: int(np.flatnonzero(order == subject)[0])]].sum()
    return float(before / total), float((before + lengths[subject]) / total)
