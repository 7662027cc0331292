"""The riparian lines of many lots at once, by method: the screen's array constructions (Docks C).

Each construction takes the lots' water corners and side lines
(:class:`~dockreview.batch.kernel.WaterCorners`) and draws from each water
corner the line :mod:`dockreview.geometry.methods` draws for one lot:

* ``extended-side-lines`` -- the side line carried straight on
  (:func:`~dockreview.batch.kernel.straight_on`);
* ``perpendicular-to-trend`` -- square to the straight line fitted to the MHW
  line from ``baseline_ft`` before the lower corner to ``baseline_ft`` beyond
  the higher (as much of the part as there is), by the length-weighted
  orthogonal fit of :func:`~dockreview.geometry.extensions.fit_direction`
  worked over every lot at once (:func:`fit_directions`), the normal on the
  lot's seaward side (:func:`trend`);
* ``round-lake`` -- straight to the centroid of the water the MHW line closes
  around the lot's water near the lot (:func:`round_lake`, :func:`lake_centres`;
  the screen takes no stated centre): the kernel draws the lots on a lake's
  ring too, and where the MHW line closes around no water (an open coast) the
  lots are refused at once, for the single-lot functions' reason;
* ``colonial`` -- along the bisector of the chords from the corner to the
  lot's other corner and to the adjoining lot's far corner, or, where no lot
  adjoins, to the MHW point ``baseline_ft`` along the shore beyond
  (:func:`colonial`); the adjoining lots are the parcels given beside the lots
  (the kernel is run on the lots and the parcels touching them, so the answer
  does not hang on how a layer is cut into chunks).

Every line but the straight one leaves its corner as
:func:`~dockreview.geometry.extensions.from_corner` draws it
(:func:`from_corners`). A lot the arrays cannot settle as the single-lot
functions would (a neighbour the kernel cannot walk, a shore doubling back at
a corner) is left to them. The screen takes no cove line, centreline, median
line or line of navigation, so the methods needing one are not here, nor the
colonial method's fallback to the line of navigation. :data:`ARRAY_METHODS` maps each
method drawn as arrays to its construction.
"""

from __future__ import annotations

import numpy as np
import shapely

from dockreview.batch.depth import seaward_axes
from dockreview.batch.kernel import Drawn, MhwIndex, WaterCorners, land_sides, seaward, straight_on


def from_corners(
    found: WaterCorners, direction: np.ndarray | None, *, mhw: MhwIndex, tolerance: float, length: np.ndarray,
    ok: np.ndarray | None = None, to: np.ndarray | None = None, refused: np.ndarray | None = None,
) -> Drawn:
    """Each side line joined to its line from the water corner along ``direction`` (``2n``), or ``to`` a point, as the single lot's.

    As :func:`~dockreview.geometry.extensions.from_corner` and the review's
    side line with its extension: a side line ending on its corner (within
    1e-6 of ``far``) runs on from its end; one running past the MHW line is
    cut at its corner; one stopping short runs to the corner first. Each line
    runs the lot's ``far``, or to where it first reaches land farther than
    ``tolerance`` from its corner (:func:`~dockreview.geometry.lotwater.to_land`):
    GEOS buffers a line's last vertices by samples along its last segment, so
    the setback strips are the same only when the lines are. A lot whose line
    reaches land within ``length`` (``n``: as far as the caller looks) is left
    to the single-lot functions, which close its water at that land; the
    lot's water is drawn out to ``length``, or to the point ``to``.
    """
    c, w = found.corner, found.water_end
    eps = 1e-6 * np.r_[found.far, found.far]
    at_end = np.hypot(*(c - w).T) <= eps
    sides, corners = found.sides(), shapely.points(c)
    past = ~at_end & (shapely.distance(sides, corners) <= eps)
    # a side line running past the MHW line keeps its points landward of the corner
    step = np.r_[0.0, np.hypot(*np.diff(found.side_xy, axis=0).T)]
    step[np.r_[True, found.side_of[1:] != found.side_of[:-1]]] = 0.0
    along = np.cumsum(step)
    first = np.r_[0, np.cumsum(np.bincount(found.side_of, minlength=2 * found.n))[:-1]]
    along -= along[first][found.side_of]
    cut = shapely.line_locate_point(sides, corners)
    keep = ~past[found.side_of] | (along < cut[found.side_of])
    start = np.where(at_end[:, None], w, c)
    if to is None:
        far = np.r_[found.far, found.far]
    else:
        far = np.hypot(*(to - start).T)
        with np.errstate(invalid="ignore", divide="ignore"):
            direction = (to - start) / far[:, None]
    ok = np.ones(found.n, dtype=bool) if ok is None else ok
    live = np.flatnonzero(np.r_[ok, ok])  # the lines of the lots drawn (the others' may be undefined)
    land = np.full(2 * found.n, np.inf)
    land[live] = _to_land(start[live], start[live] + direction[live] * far[live, None], mhw, tolerance)
    ends = start + direction * np.fmin(land, far)[:, None]
    lands = land < np.r_[length, length]
    ok = ok & ~(lands[: found.n] | lands[found.n :])
    runs_on = np.flatnonzero(~at_end)
    extra = np.vstack([c[runs_on], ends])
    owner = np.r_[runs_on, np.arange(2 * found.n)]
    order = np.argsort(owner, kind="stable")
    line = found.polylines(keep, extra[order], owner[order])
    return Drawn(ok, line, start, start + direction * np.r_[length, length][:, None] if to is None else to, refused)


def _to_land(start: np.ndarray, end: np.ndarray, mhw: MhwIndex, clear: float) -> np.ndarray:
    """How far from ``start`` each line ``start -> end`` first meets the MHW line farther than ``clear`` (inf: never)."""
    out = np.full(len(start), np.inf)
    lines = shapely.linestrings(np.stack([start, end], axis=1))
    line, chunk = mhw.tree.query(lines, predicate="intersects")
    if not len(line):
        return out
    xy, k = shapely.get_coordinates(shapely.intersection(lines[line], mhw.chunks[chunk]), return_index=True)
    owner = line[k]
    along = np.hypot(*(xy - start[owner]).T)
    past = along > clear
    np.minimum.at(out, owner[past], along[past])
    return out


def fit_directions(lines: np.ndarray) -> np.ndarray:
    """The unit direction of the straight line fitted to each line, as :func:`~dockreview.geometry.extensions.fit_direction`.

    Each segment weighs its length, spread along it: per line the 2x2
    scatter about the length-weighted centre, and its principal axis in closed
    form (half the angle of ``(sxx - syy, 2 sxy)``).

    Examples
    --------
    >>> [round(float(v), 9) for v in fit_directions(np.array([shapely.LineString([(0, 0), (30, 40), (60, 80)])]))[0]]
    [0.6, 0.8]
    """
    xy, owner = shapely.get_coordinates(lines, return_index=True)
    same = np.flatnonzero(owner[1:] == owner[:-1])
    a, b, owner = xy[same], xy[same + 1], owner[same]
    length = np.hypot(*(b - a).T)
    n = len(lines)
    total = np.bincount(owner, weights=length, minlength=n)
    mid = (a + b) / 2.0
    centre = np.stack([np.bincount(owner, weights=length * mid[:, k], minlength=n) for k in (0, 1)], axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        centre /= total[:, None]
    m, d = mid - centre[owner], b - a
    moment = lambda i, j: np.bincount(owner, weights=length * (m[:, i] * m[:, j] + d[:, i] * d[:, j] / 12.0), minlength=n)  # noqa: E731
    angle = 0.5 * np.arctan2(2.0 * moment(0, 1), moment(0, 0) - moment(1, 1))
    return np.stack([np.cos(angle), np.sin(angle)], axis=1)


def _seaward_normal(direction: np.ndarray, seaward: np.ndarray) -> np.ndarray:
    """The unit normals to ``direction`` on the side of ``seaward`` (row by row)."""
    normal = np.stack([-direction[:, 1], direction[:, 0]], axis=1)
    return np.where((np.einsum("ij,ij->i", normal, seaward) >= 0)[:, None], normal, -normal)


def trend(
    found: WaterCorners, *, mhw: MhwIndex, length: np.ndarray, polys: np.ndarray, tolerance: float, baseline: float, **_,
) -> Drawn:
    """``perpendicular-to-trend`` without a cove line: square to the MHW line fitted over ``baseline`` beyond each corner.

    As :func:`~dockreview.geometry.extensions.trend_baseline` with
    :func:`~dockreview.geometry.extensions.line_normal`: the stretch of the
    lot's MHW part from ``baseline`` (units) before the lower corner to
    ``baseline`` beyond the higher, clamped to the part.
    """
    n = found.n
    lo, hi = np.minimum(found.pos[:n], found.pos[n:]), np.maximum(found.pos[:n], found.pos[n:])
    a = np.maximum(lo - baseline, 0.0)
    b = np.minimum(hi + baseline, mhw.part_length[found.part])
    stretch = mhw.between(found.part, a, b, mhw.point_at(found.part, a), mhw.point_at(found.part, b))
    normal = _seaward_normal(fit_directions(stretch), seaward_axes(found.frontage, polys[found.lot]))
    return from_corners(found, np.r_[normal, normal], mhw=mhw, tolerance=tolerance, length=length)


def colonial(
    found: WaterCorners, *, mhw: MhwIndex, length: np.ndarray, polys: np.ndarray, tolerance: float, ft_per_unit: float,
    baseline: float, fronts: np.ndarray, reach: float, searched: float, **_,
) -> Drawn:
    """``colonial``: along the bisector of the chords to the lot's other corner and to the neighbour's far corner.

    As :func:`~dockreview.geometry.methods.chord_bisector` with the single
    lot's :meth:`~dockreview.geometry.methods.Drawing.far_corners`; the lots
    among ``polys`` (``fronts``: within the MHW tolerance) are the neighbours
    (:func:`far_corners`), sought ``searched`` (units) from each lot: a lot
    whose corner lies farther than ``searched - reach`` from it is left to the
    single-lot functions. The bisector points to the lot's seaward side, and
    is turned round where only its back lies on the water.
    """
    n = found.n
    far, sure = far_corners(found, mhw, polys, fronts, reach, baseline)
    c = found.corner
    strays = shapely.distance(np.r_[polys[found.lot], polys[found.lot]], shapely.points(c)) > searched - reach
    sure &= ~(strays[:n] | strays[n:])
    other = np.r_[c[n:], c[:n]]
    with np.errstate(invalid="ignore", divide="ignore"):
        difference = _unit(far - c) - _unit(other - c)
    bad = ~(np.hypot(*difference.T) >= 1e-9)
    sure &= ~(bad[:n] | bad[n:])
    axis = seaward_axes(found.frontage, polys[found.lot])
    direction = np.nan_to_num(_seaward_normal(_unit(difference), np.r_[axis, axis]))  # square to the chords' difference
    land, land_part = land_sides(polys[found.lot], mhw)
    land, land_part = np.r_[land, land], np.r_[land_part, land_part]
    probe = max(2.0 * tolerance, 10.0 / ft_per_unit)
    ahead = seaward(c + direction * probe, land, land_part, mhw)
    behind = seaward(c - direction * probe, land, land_part, mhw)
    direction = np.where((behind & ~ahead)[:, None], -direction, direction)
    return from_corners(found, direction, mhw=mhw, tolerance=tolerance, length=length, ok=sure)


def _unit(v: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        return v / np.hypot(*v.T)[:, None]


def far_corners(
    found: WaterCorners, mhw: MhwIndex, polys: np.ndarray, fronts: np.ndarray, reach: float, baseline: float,
) -> tuple[np.ndarray, np.ndarray]:
    """The far water corner of the lot adjoining each corner, or the MHW point ``baseline`` beyond; and which lots are sure.

    As :func:`~dockreview.geometry.neighbours.adjoining_far_corner`: of the
    parcels within ``reach`` of the corner (the lot itself left out), those
    with a water corner within ``reach`` of it and the other farther; the
    nearest wins. Where none adjoins, as
    :func:`~dockreview.geometry.neighbours.shore_point_beyond`. A lot with a
    parcel near a corner that fronts the water but that the kernel did not
    walk (``found`` lacks it) is not sure: the single-lot functions decide it.
    """
    n = found.n
    c = found.corner
    side, parcel = shapely.STRtree(polys).query(shapely.points(c), predicate="dwithin", distance=reach)
    own = np.r_[found.lot, found.lot]
    pair = parcel != own[side]
    side, parcel = side[pair], parcel[pair]
    same = shapely.area(shapely.intersection(polys[parcel], polys[own[side]])) > 0.5 * shapely.area(polys[own[side]])
    side, parcel = side[~same], parcel[~same]
    row = np.full(len(polys), -1)
    row[found.lot] = np.arange(n)
    r = row[parcel]
    unsure = np.zeros(2 * n, dtype=bool)
    unsure[side[(r < 0) & fronts[parcel]]] = True
    side, r = side[r >= 0], r[r >= 0]
    # each neighbour's corners, near and far in either order
    near = np.r_[c[r], c[n + r]]
    distant = np.r_[c[n + r], c[r]]
    side2 = np.r_[side, side]
    gap = np.hypot(*(near - c[side2]).T)
    fits = (gap <= reach) & (np.hypot(*(distant - c[side2]).T) > reach)
    out = _beyond(found, mhw, baseline)
    if fits.any():
        side2, gap, distant = side2[fits], gap[fits], distant[fits]
        order = np.lexsort((gap, side2))
        best = order[np.r_[True, side2[order][1:] != side2[order][:-1]]]
        out[side2[best]] = distant[best]
    sure = ~(unsure[:n] | unsure[n:])
    return out, sure


def _beyond(found: WaterCorners, mhw: MhwIndex, baseline: float) -> np.ndarray:
    """The MHW point ``baseline`` along the part beyond each corner, away from the lot's other corner (or the corner)."""
    n = found.n
    pos = found.pos
    other = np.r_[pos[n:], pos[:n]]
    part = np.r_[found.part, found.part]
    at = np.clip(np.where(other >= pos, pos - baseline, pos + baseline), 0.0, mhw.part_length[part])
    out = mhw.point_at(part, at)
    ends = np.abs(at - pos) <= 1e-9 * np.maximum(mhw.part_length[part], 1.0)
    return np.where(ends[:, None], found.corner, out)


def round_lake(
    found: WaterCorners, *, mhw: MhwIndex, polys: np.ndarray, tolerance: float, ft_per_unit: float, **_,
) -> Drawn:
    """``round-lake`` without a stated centre: each line straight to the centre of the water the MHW line closes.

    As the single lot's: the water is the face of the MHW line near the lot
    (within three perimeters and 1,000 ft of its bounds, the shore the
    single-lot functions are given) holding a point just seaward of the
    frontage's middle, the smallest such closed part less the closed parts
    within it (:func:`lake_centres`). Where no closed part holds it the lot
    is refused (the MHW line closes around no water near the lot).
    """
    n = found.n
    seaward_ = seaward_axes(found.frontage, polys[found.lot])
    middle = shapely.get_coordinates(shapely.line_interpolate_point(found.frontage, 0.5, normalized=True))
    probe = middle + seaward_ * (1e-3 * np.maximum(shapely.length(found.frontage), 1.0))[:, None]
    margin = 3.0 * shapely.length(polys[found.lot]) + 1000.0 / ft_per_unit
    box = shapely.bounds(polys[found.lot]) + np.stack([-margin, -margin, margin, margin], axis=1)
    centre, closes = lake_centres(mhw, probe, box)
    to = np.r_[centre, centre]
    ahead = np.einsum("ij,ij->i", to - found.corner, np.r_[seaward_, seaward_]) > 0
    return from_corners(
        found, None, mhw=mhw, tolerance=tolerance, length=np.full(n, np.inf), to=np.nan_to_num(to),
        ok=closes & ahead[:n] & ahead[n:], refused=~closes,
    )


round_lake.rings = True  # lots on a lake's ring are drawn (water_corners' ``rings``)


def lake_centres(mhw: MhwIndex, probe: np.ndarray, box: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The centroid of the water the closed MHW parts within ``box`` (per point: xmin, ymin, xmax, ymax) close round each ``probe``.

    The smallest closed part holding the point, less the closed parts within
    it; and whether there is one.
    """
    centre = np.full((len(probe), 2), np.nan)
    _, polygons, tree = mhw.rings
    point, ring = tree.query(shapely.points(probe), predicate="within")
    bounds = shapely.bounds(polygons[ring]) if len(ring) else np.empty((0, 4))
    inside = (bounds[:, :2] >= box[point, :2]).all(axis=1) & (bounds[:, 2:] <= box[point, 2:]).all(axis=1)
    point, ring = point[inside], ring[inside]
    if not len(point):
        return centre, np.zeros(len(probe), dtype=bool)
    order = np.lexsort((shapely.area(polygons[ring]), point))
    best = order[np.r_[True, point[order][1:] != point[order][:-1]]]
    point, ring = point[best], ring[best]
    outer, hole = tree.query(polygons[ring], predicate="contains_properly")
    hb = shapely.bounds(polygons[hole]) if len(hole) else np.empty((0, 4))
    keep = (hb[:, :2] >= box[point[outer], :2]).all(axis=1) & (hb[:, 2:] <= box[point[outer], 2:]).all(axis=1)
    outer, hole = outer[keep], hole[keep]
    faces = polygons[ring].copy()
    for i in np.unique(outer):
        faces[i] = shapely.difference(faces[i], shapely.union_all(polygons[hole[outer == i]]))
    centre[point] = shapely.get_coordinates(shapely.centroid(faces))
    closes = np.zeros(len(probe), dtype=bool)
    closes[point] = True
    return centre, closes


#: The riparian methods a layer of lots is drawn by as arrays, by name: each one's construction
#: (:func:`~dockreview.batch.kernel.vector_riparian`'s ``lines``).
ARRAY_METHODS = {
    "extended-side-lines": straight_on, "perpendicular-to-trend": trend, "round-lake": round_lake, "colonial": colonial,
}
