"""The side lines of many lots at once, as the single-lot riparian geometry draws them (Docks C).

:func:`side_lines` rebuilds, on numpy arrays over whole layers, the steps of
:func:`dockreview.geometry.riparian.riparian_geometry` between the water run
and the water corners, for lots whose water run is one run of ring vertices:

* **the run's ends** -- the single-lot run is the boundary cut exactly where it
  leaves the MHW tolerance band, so each end lies on the edge from the run's
  last water vertex to the first land vertex, where that edge's distance from
  the MHW line reaches the tolerance (:func:`band_exit`, worked on the true
  distance to each MHW segment: a capsule);
* **the side line** -- the boundary from that end landward to the first bend
  sharper than :data:`~dockreview.geometry.riparian.CORNER_ANGLE_DEG`, or half
  way round the rest of the ring; so a side line may bend gently. Where the
  boundary leaves the band as the lot's water edge running on (within
  :data:`~dockreview.geometry.riparian.WATER_EDGE_DEG` of the MHW line, to a
  corner near it), the side line begins at that corner (:func:`_water_edges`);
  a lot too near those thresholds to say is left to the single-lot functions;
* **its last course** -- the longest run of it from the water end whose
  vertices lie within the course tolerance of the straight line from the end
  (:func:`course_start`);
* **the vertices of the run that carry the course on** toward the parcel's
  corner at the water, handed back to the side line (the single-lot
  ``_extend_into_run``), both sides' at most all but one edge of the run;
* **the extension** along the (new) last course, and the **water corner**:
  where the side line or its extension first crosses the MHW line, nearest the
  side line's water end.

Polylines are ragged arrays: a flat array of points with, for each, the side
it belongs to; each side's points run from its water end landward.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely

from dockreview.geometry.riparian import CORNER_ANGLE_DEG, COURSE_TURN_DEG, WATER_EDGE_DEG

#: A side line of more vertices than this is left to the single-lot functions (its course scan is quadratic).
MAX_SIDE_VERTICES = 64
#: A lot whose water edge is within this of the single-lot functions' thresholds for a water edge running on out of
#: the band (degrees of :data:`~dockreview.geometry.riparian.WATER_EDGE_DEG`; a share of
#: :data:`~dockreview.geometry.sides.WATER_EDGE_FT`) is left to them: the MHW line's direction and distance are taken
#: a little differently here.
WATER_EDGE_MARGIN_DEG, WATER_EDGE_MARGIN = 3.0, 0.02


def ragged(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For items of ``counts`` elements each: every element's item, its rank within the item, and each item's offset."""
    counts = np.asarray(counts, dtype=int)
    owner = np.repeat(np.arange(len(counts)), counts)
    offset = np.r_[0, np.cumsum(counts)[:-1]].astype(int)
    return owner, np.arange(int(counts.sum())) - offset[owner], offset


def _first_true(flag: np.ndarray, owner: np.ndarray, rank: np.ndarray, n: int) -> np.ndarray:
    """Per item, the rank of its first true element (-1 when none)."""
    out = np.full(n, np.iinfo(np.int64).max)
    np.minimum.at(out, owner[flag], rank[flag])
    return np.where(out == np.iinfo(np.int64).max, -1, out)


def _cross(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    return u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]


def _angle(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Degrees between the directions ``u`` and ``v`` (0 where either has no length)."""
    nu, nv = np.hypot(*u.T), np.hypot(*v.T)
    with np.errstate(invalid="ignore", divide="ignore"):
        cos = np.einsum("ij,ij->i", u, v) / (nu * nv)
    return np.where((nu > 0) & (nv > 0), np.degrees(np.arccos(np.clip(cos, -1.0, 1.0))), 0.0)


def _linear(alpha, beta, lo, hi):
    """The ``t`` where ``alpha + beta t`` lies in ``[lo, hi]``, as an interval (empty: lo > hi)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        a, b = (lo - alpha) / beta, (hi - alpha) / beta
    inside = (alpha >= lo) & (alpha <= hi)
    t0 = np.where(beta == 0, np.where(inside, -np.inf, np.inf), np.minimum(a, b))
    t1 = np.where(beta == 0, np.where(inside, np.inf, -np.inf), np.maximum(a, b))
    return t0, t1


def _capsule(p: np.ndarray, d: np.ndarray, a: np.ndarray, b: np.ndarray, r: float):
    """The ``t`` where ``p + t d`` lies within ``r`` of the segment ``a -> b`` (an interval; empty: lo > hi)."""
    lo, hi = np.full(len(p), np.inf), np.full(len(p), -np.inf)
    dd = np.einsum("ij,ij->i", d, d)
    for c in (a, b):
        w = p - c
        bb = 2.0 * np.einsum("ij,ij->i", d, w)
        disc = bb * bb - 4.0 * dd * (np.einsum("ij,ij->i", w, w) - r * r)
        ok = (disc >= 0) & (dd > 0)
        root = np.sqrt(np.where(ok, disc, 0.0))
        with np.errstate(invalid="ignore", divide="ignore"):
            t0, t1 = (-bb - root) / (2.0 * dd), (-bb + root) / (2.0 * dd)
        lo, hi = np.where(ok, np.minimum(lo, t0), lo), np.where(ok, np.maximum(hi, t1), hi)
    e = b - a
    length = np.hypot(*e.T)
    with np.errstate(invalid="ignore", divide="ignore"):
        e = e / length[:, None]
    n = np.stack([-e[:, 1], e[:, 0]], axis=1)
    u0, u1 = _linear(np.einsum("ij,ij->i", p - a, e), np.einsum("ij,ij->i", d, e), 0.0, length)
    v0, v1 = _linear(np.einsum("ij,ij->i", p - a, n), np.einsum("ij,ij->i", d, n), -r, r)
    s0, s1 = np.maximum(u0, v0), np.minimum(u1, v1)
    slab = (s0 <= s1) & (length > 0)
    return np.where(slab, np.minimum(lo, s0), lo), np.where(slab, np.maximum(hi, s1), hi)


def band_exit(start: np.ndarray, end: np.ndarray, mhw, tolerance: float) -> np.ndarray:
    """Where each edge ``start -> end`` leaves the MHW tolerance band, as a fraction of the edge (NaN: unusual).

    ``start`` lies on the water (in the band, or seaward of it), ``end`` on
    land. The answer is the end of the first stretch of the edge within the
    tolerance of the MHW line; NaN when the edge never comes within it, comes
    back into it before ``end``, or ``end`` itself lies in it.
    """
    out = np.full(len(start), np.nan)
    if not len(start):
        return out
    edges = shapely.linestrings(np.stack([start, end], axis=1))
    edge, chunk = mhw.tree.query(edges, predicate="dwithin", distance=tolerance)
    if not len(edge):
        return out
    seg_a, seg_b, seg_first, seg_count = mhw.segments
    owner, rank, _ = ragged(seg_count[chunk])
    pair_edge = edge[owner]
    k = seg_first[chunk][owner] + rank
    lo, hi = _capsule(start[pair_edge], (end - start)[pair_edge], seg_a[k], seg_b[k], tolerance)
    keep = (lo <= hi) & (hi >= 0.0) & (lo <= 1.0)
    pair_edge, lo, hi = pair_edge[keep], np.clip(lo[keep], 0.0, 1.0), np.clip(hi[keep], 0.0, 1.0)
    order = np.lexsort((lo, pair_edge))
    pair_edge, lo, hi = pair_edge[order], lo[order], hi[order]
    running = np.maximum.accumulate(hi + 4.0 * pair_edge) - 4.0 * pair_edge  # the furthest reach so far, per edge
    first = np.r_[True, pair_edge[1:] != pair_edge[:-1]]
    g = np.cumsum(first | (lo > np.r_[-1.0, running[:-1]] + 1e-12)) - 1
    group = g - np.maximum.accumulate(np.where(first, g, 0))  # each edge's stretches, counted from 0
    # the first stretch's furthest reach is the exit
    exit_ = np.full(len(start), -1.0)
    np.maximum.at(exit_, pair_edge[group == 0], running[group == 0])
    several = np.zeros(len(start), dtype=bool)
    several[pair_edge[group > 0]] = True
    good = (exit_ >= 0.0) & (exit_ < 1.0 - 1e-12) & ~several
    out[good] = exit_[good]
    return out


def _line_angle(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Degrees between the undirected lines along ``u`` and ``v`` (0 to 90)."""
    angle = _angle(u, v)
    return np.minimum(angle, 180.0 - angle)


def _water_edges(point, owner, j, j_corner, cuts, mhw, tolerance: float, near: float) -> tuple[np.ndarray, np.ndarray]:
    """Per side, whether its water edge runs on out of the band to its corner ``j_corner`` (the single-lot
    :func:`~dockreview.geometry.sides.water_edge_courses`), and whether that is too near a threshold to say here.

    ``point``, ``owner`` and ``j`` are the walk landward from each side's ``cuts`` (``j`` from 1).
    """
    sides = len(cuts)
    edge, unsure = np.zeros(sides, dtype=bool), np.zeros(sides, dtype=bool)
    at = np.r_[0, np.cumsum(np.bincount(owner, minlength=sides))[:-1]]  # each side's j = 1 point
    cand = np.flatnonzero(j_corner > 0)
    tangent = mhw.tangent(cuts[cand], tolerance)
    first = _line_angle(point[at[cand]] - cuts[cand], tangent)
    shallow = first <= WATER_EDGE_DEG + WATER_EDGE_MARGIN_DEG  # the others leave the band turning away already
    cand, tangent, first = cand[shallow], tangent[shallow], first[shallow]
    if not len(cand):
        return edge, unsure
    c = at[cand] + j_corner[cand] - 1
    after = _line_angle(point[c + 1] - point[c], tangent)
    walked = np.flatnonzero(np.isin(owner, cand) & (j <= j_corner[owner]))
    reach = (1.0 + WATER_EDGE_MARGIN) * near
    gap = np.full(sides, -np.inf)
    np.maximum.at(gap, owner[walked], mhw.distance_within(point[walked], reach))
    gap = np.maximum(gap[cand], mhw.distance_within(cuts[cand], reach))
    margin = WATER_EDGE_MARGIN_DEG
    edge[cand] = (first <= WATER_EDGE_DEG) & (after > WATER_EDGE_DEG) & (gap <= near)
    unsure[cand] = (np.abs(first - WATER_EDGE_DEG) < margin) | (np.abs(after - WATER_EDGE_DEG) < margin) | (
        np.abs(gap - near) < WATER_EDGE_MARGIN * near
    )
    return edge, unsure


def course_start(xy: np.ndarray, side: np.ndarray, rank: np.ndarray, n_sides: int, tolerance: float) -> np.ndarray:
    """Per side (points ordered from the water end, ``rank`` 0), the rank of its last course's landward end.

    As :func:`dockreview.geometry.riparian._course_start`: the longest run of
    the side from its water end whose inner vertices all lie within
    ``tolerance`` of the straight line from the water end to the run's
    landward end; at least the first vertex after the end.
    """
    count = np.bincount(side, minlength=n_sides)
    offset = np.r_[0, np.cumsum(count)[:-1]]
    end = xy[offset]
    # candidate landward ends u >= 2, with each inner vertex 1 <= w < u
    cand = np.flatnonzero(rank >= 2)
    c_side = side[cand]
    inner = rank[cand] - 1
    pair_owner, pair_rank, _ = ragged(inner)
    w = offset[c_side][pair_owner] + 1 + pair_rank
    tip = xy[cand][pair_owner]
    chord = end[c_side][pair_owner] - tip
    with np.errstate(invalid="ignore", divide="ignore"):
        off = np.abs(_cross(chord, xy[w] - tip)) / np.hypot(*chord.T)
    worst = np.zeros(len(cand))
    np.maximum.at(worst, pair_owner, np.where(np.isnan(off), np.inf, off))
    same = np.all(np.isclose(xy[cand], end[c_side], rtol=0.0), axis=1)
    fails = same | (worst > tolerance)
    first_fail = np.full(n_sides, np.iinfo(np.int64).max)
    np.minimum.at(first_fail, c_side[fails], rank[cand][fails])
    return np.minimum(first_fail - 1, count - 1)


@dataclass
class Sides:
    """Side lines of ``n`` sides: points from the water end landward, their extension's start and direction."""

    xy: np.ndarray
    side: np.ndarray
    rank: np.ndarray
    water_end: np.ndarray
    course_from: np.ndarray
    direction: np.ndarray

    def landward_first(self, tail: np.ndarray | None = None) -> np.ndarray:
        """Each side as a LineString from its landward end to its water end (then ``tail[i]``, when given)."""
        order = np.lexsort((-self.rank, self.side))
        xy, owner = self.xy[order], self.side[order]
        if tail is not None:
            xy = np.vstack([xy, tail])
            owner = np.r_[owner, np.arange(len(tail))]
            order = np.argsort(owner, kind="stable")
            xy, owner = xy[order], owner[order]
        return shapely.linestrings(xy, indices=owner)


def side_lines(
    rings, s: np.ndarray, e: np.ndarray, mhw, *, tolerance: float, course: float, near: float,
    exits: tuple[np.ndarray, np.ndarray] | None = None,
) -> tuple[Sides, np.ndarray]:
    """The two side lines of each lot whose water run is ring vertices ``s`` (first) to ``e`` (last).

    A water edge running on out of the band to a corner within ``near``
    (units) of the MHW line is passed over, as the single-lot functions pass
    it over. ``exits``: :func:`band_exit` of the edges off ``s`` and ``e``,
    when found already.

    Returns the sides (side ``i`` of lot ``i`` at the run's start, side
    ``n + i`` at its end) and, per lot, whether both could be drawn as the
    single-lot functions draw them.
    """
    xy, lot, prv, nxt = rings.xy, rings.lot, rings.prv, rings.nxt
    n = len(s)
    count = np.bincount(lot, minlength=lot.max() + 1 if len(lot) else 0)
    first = np.r_[0, np.cumsum(count)[:-1]]
    lots = lot[s]
    n_ring = count[lots]
    r = (e - s) % n_ring + 1  # vertices of the run
    m = n_ring - r  # vertices off the run
    ok = m >= 1
    # the run's ends: where the edges off its end vertices leave the tolerance band
    t_a, t_b = exits or (band_exit(xy[s], xy[prv[s]], mhw, tolerance), band_exit(xy[e], xy[nxt[e]], mhw, tolerance))
    ok &= ~np.isnan(t_a) & ~np.isnan(t_b)
    t_a, t_b = np.nan_to_num(t_a), np.nan_to_num(t_b)
    cut_a = xy[s] + t_a[:, None] * (xy[prv[s]] - xy[s])
    cut_b = xy[e] + t_b[:, None] * (xy[nxt[e]] - xy[e])
    edge = np.hypot(*(xy[nxt] - xy).T)
    cum = np.cumsum(edge) - edge
    inside = np.where(e >= s, cum[e] - cum[s], cum[e] - cum[s] + np.bincount(lot, weights=edge)[lots])
    run_length = inside + np.hypot(*(cut_a - xy[s]).T) + np.hypot(*(cut_b - xy[e]).T)
    half = (np.bincount(lot, weights=edge)[lots] - run_length) / 2.0

    # the walk landward from each end, over the vertices off the run, then the other end's cut
    turn = _angle(xy - xy[prv], xy[nxt] - xy)
    steps = np.r_[m, m] + 1
    owner, j, _ = ragged(steps)
    j = j + 1  # steps count from 1
    base = np.r_[s, e][owner]
    sign = np.where(owner < n, -1, 1)
    local = (base - first[lot[base]] + sign * j) % np.r_[n_ring, n_ring][owner]
    vertex = first[lot[base]] + local
    last = j == steps[owner]
    point = np.where(last[:, None], np.r_[cut_b, cut_a][owner], xy[vertex])
    before = np.where((j == 1)[:, None], np.r_[cut_a, cut_b][owner], np.roll(point, 1, axis=0))
    dist = np.cumsum(np.hypot(*(point - before).T))
    offset = np.r_[0, np.cumsum(steps)[:-1]]
    dist -= np.r_[0.0, dist][offset][owner]
    h = np.r_[half, half][owner]
    corner = (dist < h) & ~last & (turn[vertex] > CORNER_ANGLE_DEG)
    j_corner = _first_true(corner, owner, j, 2 * n)
    j_half = _first_true(dist >= h, owner, j, 2 * n)
    cuts = np.r_[cut_a, cut_b]
    # a water edge running on out of the band: the side line begins at its corner and runs to the next one
    edge, unsure = _water_edges(point, owner, j, j_corner, cuts, mhw, tolerance, near)
    ok &= ~unsure.reshape(2, n).any(axis=0)
    begin = np.where(edge, j_corner, 0)
    j_end = np.where(edge, _first_true(corner & (j > begin[owner]), owner, j, 2 * n), j_corner)
    q = np.where(j_end > 0, j_end, j_half)
    ok &= (q[:n] > 0) & (q[n:] > 0) & (q[:n] < MAX_SIDE_VERTICES) & (q[n:] < MAX_SIDE_VERTICES)
    q = np.where(np.r_[ok, ok], q, 1)
    # the side's points from the water end: the cut (or the water edge's corner), the vertices walked, its landward end
    keep = (j <= q[owner]) & (j >= begin[owner])
    at = point.copy()
    is_half = keep & (j == q[owner]) & (j_end[owner] <= 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        frac = (h - (dist - np.hypot(*(point - before).T))) / np.hypot(*(point - before).T)
    at[is_half] = before[is_half] + np.clip(frac[is_half], 0.0, 1.0)[:, None] * (point - before)[is_half]
    from_cut = np.flatnonzero(~edge)
    side_xy = np.vstack([cuts[from_cut], at[keep]])
    side_of = np.r_[from_cut, owner[keep]]
    side_rank = np.r_[np.zeros(len(from_cut), dtype=int), j[keep] - begin[owner[keep]]]
    order = np.lexsort((side_rank, side_of))
    side_xy, side_of, side_rank = side_xy[order], side_of[order], side_rank[order]

    # the run's vertices that carry each side's last course on (handed back to the side line)
    cs = course_start(side_xy, side_of, side_rank, 2 * n, course)
    side_offset = np.r_[0, np.cumsum(np.bincount(side_of, minlength=2 * n))[:-1]]
    start = side_xy[side_offset + cs]
    run_steps = np.r_[r, r] + 1
    rown, rj, _ = ragged(run_steps)
    rj = rj + 1
    rbase = np.r_[s, e][rown]
    rsign = np.where(rown < n, 1, -1)
    rlocal = (rbase - first[lot[rbase]] + rsign * (rj - 1)) % np.r_[n_ring, n_ring][rown]
    rpoint = np.where((rj == run_steps[rown])[:, None], np.r_[cut_b, cut_a][rown], xy[first[lot[rbase]] + rlocal])
    rprev = np.where((rj == 1)[:, None], cuts[rown], np.roll(rpoint, 1, axis=0))
    chord = side_xy[side_offset] - start
    reach = np.hypot(*chord.T)
    with np.errstate(invalid="ignore", divide="ignore"):
        unit = chord / reach[:, None]
    along = np.einsum("ij,ij->i", rpoint - start[rown], unit[rown])
    along_prev = np.where(rj == 1, reach[rown], np.einsum("ij,ij->i", rprev - start[rown], unit[rown]))
    off = np.abs(_cross(unit[rown], rpoint - start[rown]))
    carries = (along > along_prev) & (_angle(rpoint - rprev, unit[rown]) <= COURSE_TURN_DEG) & (off <= course)
    stop = _first_true(~carries, rown, rj, 2 * n)
    taken = np.where(stop < 0, run_steps, stop) - 1
    taken = np.where(np.isnan(reach) | (reach == 0), 0, taken)
    both = taken[:n] + taken[n:] >= r + 1  # the run is all side line: the band's cut is kept
    taken[np.r_[both, both]] = 0
    handed = rj <= taken[rown]
    side_xy = np.vstack([rpoint[handed], side_xy])
    side_rank = np.r_[taken[rown[handed]] - rj[handed], side_rank + taken[side_of]]
    side_of = np.r_[rown[handed], side_of]
    order = np.lexsort((side_rank, side_of))
    side_xy, side_of, side_rank = side_xy[order], side_of[order], side_rank[order]

    # the extension along the new last course
    cs = course_start(side_xy, side_of, side_rank, 2 * n, course)
    side_offset = np.r_[0, np.cumsum(np.bincount(side_of, minlength=2 * n))[:-1]]
    water_end, start = side_xy[side_offset], side_xy[side_offset + cs]
    length = np.hypot(*(water_end - start).T)
    ok &= ~np.isclose(water_end, start, rtol=0.0).all(axis=1).reshape(2, n).any(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        direction = (water_end - start) / length[:, None]
    return Sides(side_xy, side_of, side_rank, water_end, start, direction), ok
