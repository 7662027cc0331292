"""The greatest reach of many envelopes at once, in numpy (Docks D(1)).

:func:`greatest_reaches` answers what
:func:`dockreview.measure.envelope.greatest_reach` answers -- the greatest
distance from the frontage of any point of each envelope, exact to a tolerance
-- with less work, for the screen and the audit:

* an envelope cut from the band of a reach limit ``R`` (the buffer of the
  frontage by ``R``) has no point farther than ``R``: when one of its vertices
  is within the tolerance of ``R`` it is the answer, and its edges need no
  search (most lots, whose envelope reaches the reach limit's arc);
* on the other lots' edges the branch and bound bounds a piece of edge by its
  ends' distances to the *one frontage segment* nearest its middle (the
  distance to a segment is convex along a line, so the ends bound it), tighter
  than the distance to one point, so a piece is halved a few times at most;
* distances to the frontage are worked in numpy, segment by segment, instead of
  one GEOS call per point.

Both methods return the true greatest reach to within the tolerance.
"""

from __future__ import annotations

import numpy as np
import shapely

#: Distances of about this many (point, segment) pairs are worked at once (bounds memory).
PAIRS_PER_STEP = 500_000


class Segments:
    """The segments of many lines, grouped by line: segment ``i`` (its ends' columns in :attr:`ends`) belongs to line ``owner[i]``."""

    def __init__(self, lines: np.ndarray) -> None:
        lines = np.asarray(lines, dtype=object)
        parts, owner = shapely.get_parts(lines, return_index=True)
        xy, part = shapely.get_coordinates(parts, return_index=True)
        same = np.flatnonzero(part[1:] == part[:-1])
        owner = owner[part[same]]
        order = np.argsort(owner, kind="stable")
        a, b, self.owner = xy[same][order], xy[same + 1][order], owner[order]
        #: The segments' ends as coordinate columns: ``ax, ay, bx, by``.
        self.ends = tuple(np.ascontiguousarray(v) for v in (a[:, 0], a[:, 1], b[:, 0], b[:, 1]))
        self.count = np.bincount(self.owner, minlength=len(lines))
        self.first = np.r_[0, np.cumsum(self.count)[:-1]]

    def nearest(self, xy: np.ndarray, line: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For each point ``xy[i]``, its distance to line ``line[i]`` and the index of the nearest segment.

        A line without segments gives an infinite distance and segment -1.
        """
        dist = np.full(len(xy), np.inf)
        seg = np.full(len(xy), -1)
        counts = self.count[line]
        has = np.flatnonzero(counts > 0)
        if not len(has):
            return dist, seg
        cum = np.cumsum(counts[has])
        steps = np.searchsorted(cum, np.arange(PAIRS_PER_STEP, cum[-1], PAIRS_PER_STEP), side="right")
        for rows in np.split(has, steps):
            if not len(rows):
                continue
            n = counts[rows]
            offset = np.r_[0, np.cumsum(n)[:-1]]
            pair_row = np.repeat(np.arange(len(rows)), n)
            pair_seg = self.first[line[rows]][pair_row] + np.arange(n.sum()) - offset[pair_row]
            at = xy[rows][pair_row]
            d = _to_segment_xy(at[:, 0], at[:, 1], *(v[pair_seg] for v in self.ends))
            best = np.minimum.reduceat(d, offset)
            hit = np.flatnonzero(d == best[pair_row])
            _, first = np.unique(pair_row[hit], return_index=True)  # each row's first segment at its minimum
            dist[rows], seg[rows] = best, pair_seg[hit[first]]
        return dist, seg

    def distance_to(self, xy: np.ndarray, seg: np.ndarray) -> np.ndarray:
        """Distance of each point ``xy[i]`` to segment ``seg[i]``."""
        return _to_segment_xy(xy[:, 0], xy[:, 1], *(v[seg] for v in self.ends))


def _to_segment_xy(px, py, ax, ay, bx, by) -> np.ndarray:
    """Distance of points ``(px, py)`` to segments ``(ax, ay) -> (bx, by)``, row by row, from their coordinates' columns.

    The foot of each point on its segment's line, clamped to the segment; a
    segment of no length is its start.

    Examples
    --------
    >>> one = np.array([0.0, 0.0])
    >>> _to_segment_xy(np.array([5.0, -4.0, 1.0]), np.array([3.0, 3.0, 1.0]), one[[0, 0, 0]], one[[0, 0, 0]],
    ...                np.array([10.0, 10.0, 0.0]), one[[0, 0, 0]]).tolist()
    [3.0, 5.0, 1.4142135623730951]
    """
    abx, aby = bx - ax, by - ay
    length2 = abx * abx + aby * aby
    with np.errstate(invalid="ignore", divide="ignore"):
        t = ((px - ax) * abx + (py - ay) * aby) / length2
    t[~(length2 > 0)] = 0.0
    np.clip(t, 0.0, 1.0, out=t)
    return np.hypot(px - (ax + abx * t), py - (ay + aby * t))


def greatest_reaches(envelopes, frontages, tolerance: float, reach=None) -> np.ndarray:
    """The greatest distance from its frontage of any point of each envelope (units; 0 when empty).

    Parameters
    ----------
    envelopes, frontages : array of geometries
        Per lot: the envelope (polygonal) and the frontage (lines).
    tolerance : float
        The answer is exact to this (units).
    reach : float or array, optional
        Per lot, a distance no point of the envelope lies beyond (the reach
        limit its band was cut to, as :func:`dockreview.measure.envelope.setback_band`
        cuts it); infinite or None when there is none.

    Examples
    --------
    >>> frontage = shapely.LineString([(0, 0), (100, 0)])
    >>> float(greatest_reaches([shapely.box(10, 0, 90, 40)], [frontage], 0.001)[0])
    40.0
    >>> half_disc = shapely.intersection(shapely.buffer(frontage, 50.0), shapely.box(-60, 0, 160, 60))
    >>> round(float(greatest_reaches([half_disc], [frontage], 0.001, reach=50.0)[0]), 6)
    50.0
    """
    envelopes = np.asarray(envelopes, dtype=object)
    segments = Segments(np.asarray(frontages, dtype=object))
    n = len(envelopes)
    best = np.zeros(n)
    parts, part_lot = shapely.get_parts(envelopes, return_index=True)
    rings, ring_part = shapely.get_rings(parts, return_index=True)
    xy, ring_of = shapely.get_coordinates(rings, return_index=True)
    if not len(xy):
        return best
    lot = part_lot[ring_part[ring_of]]
    d, _ = segments.nearest(xy, lot)
    np.maximum.at(best, lot, np.where(np.isfinite(d), d, 0.0))
    limit = np.broadcast_to(np.inf if reach is None else np.asarray(reach, dtype=float), (n,))
    settled = best >= limit - tolerance
    i = np.flatnonzero((ring_of[1:] == ring_of[:-1]) & ~settled[lot[:-1]])
    p, q, lot = xy[i], xy[i + 1], lot[i]
    while len(p):
        mid = (p + q) / 2
        d_mid, seg = segments.nearest(mid, lot)
        np.maximum.at(best, lot, d_mid)
        bound = np.maximum(segments.distance_to(p, seg), segments.distance_to(q, seg))
        split = bound > best[lot] + tolerance
        p, q, mid, lot = p[split], q[split], mid[split], lot[split]
        p, q, lot = np.concatenate([p, mid]), np.concatenate([mid, q]), np.concatenate([lot, lot])
    return best
