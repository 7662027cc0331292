"""Each lot's water corners as one array of numbers: what a screen finds of a lot, carried to its audit.

:func:`~dockreview.batch.kernel.water_corners` is most of the cost of drawing a
lot (its ring walked vertex by vertex against the shore), and it does not hang
on how far the lines are drawn. A screen that audits the docks after it keeps
each waterfront lot's corners (:func:`pack_corners`), so that the audit draws
its lots -- farther out, for their docks -- from them (:func:`unpack_corners`)
rather than walking the rings again. The corners come back exactly: the same
numbers, and the frontage the same line.

A lot's array holds, for its sides ``a`` then ``b``: the water corner, the
side line's water end, its extension's direction and where the lot's water is
drawn from (x, y each); the corner's position along the shore and its piece;
then the lot's shore part, how far single-lot lines run, whether the frontage
wraps round a ring and its extent; then how many points each side line has and
the frontage has, and those points (x, y).
"""

from __future__ import annotations

import numpy as np
import shapely

from dockreview.batch.kernel import WaterCorners, no_corners

#: The numbers before a lot's points: 16 for the four (x, y) pairs of each side, 4 for the sides' positions and
#: pieces, 4 for the lot's part, reach of its lines, wrap and extent, 3 counts of points.
HEAD = 27


def pack_corners(found: WaterCorners) -> np.ndarray:
    """One array per lot of ``found`` (in its order, an object array of them), holding everything of the lot that
    ``found`` holds but its index.

    Examples
    --------
    >>> from dockreview.batch.kernel import MhwIndex, water_corners
    >>> shore = MhwIndex(shapely.LineString([(-500, 0), (500, 0)]))
    >>> found = water_corners(np.array([shapely.box(0, -100, 100, 0)]), shore, tolerance=5.0, ft_per_unit=1.0)
    >>> packed = pack_corners(found)
    >>> len(packed), unpack_corners(packed).corner.tolist()  # one lot, its corners on the shore
    (1, [[100.0, 0.0], [0.0, 0.0]])
    """
    n = found.n
    a, b = np.arange(n), n + np.arange(n)
    head = np.column_stack([
        *(xy[side] for xy in (found.corner, found.water_end, found.direction, found.drawn_from) for side in (a, b)),
        found.pos[a], found.pos[b], found.chunk[a], found.chunk[b], found.part, found.far, found.wrap, found.extent,
        np.bincount(found.side_of, minlength=2 * n)[a], np.bincount(found.side_of, minlength=2 * n)[b],
        shapely.get_num_coordinates(found.frontage),
    ]).astype(float)
    side_lot = np.where(found.side_of < n, found.side_of, found.side_of - n)
    front_xy, front_lot = shapely.get_coordinates(found.frontage, return_index=True)
    # each lot's points in turn: side a's, side b's (the sides' points are stacked a then b), then the frontage's
    lot = np.r_[side_lot, front_lot]
    points = np.vstack([found.side_xy, front_xy])[np.argsort(lot, kind="stable")]
    counts = np.bincount(lot, minlength=n)
    out = np.empty(n, dtype=object)
    for i, (h, p) in enumerate(zip(head, np.split(points, np.cumsum(counts)[:-1]))):
        out[i] = np.r_[h, p.ravel()]
    return out


def unpack_corners(records) -> WaterCorners:
    """The :class:`WaterCorners` of the lots whose record is an array (``lot``: their places in ``records``).

    Each record is :func:`pack_corners`'; any other value (None, NaN) is a lot
    with none, one the kernel does not resolve.
    """
    lots = np.array([k for k, r in enumerate(records) if isinstance(r, np.ndarray)], dtype=int)
    if not len(lots):
        return no_corners()
    arrays = [records[k] for k in lots]
    head = np.array([r[:HEAD] for r in arrays])
    n = len(lots)
    pair = lambda k: np.r_[head[:, k : k + 2], head[:, k + 2 : k + 4]]  # noqa: E731  (side a's x, y rows, then b's)
    n_a, n_b, n_front = (head[:, 24 + i].astype(int) for i in range(3))
    points = np.concatenate([r[HEAD:] for r in arrays]).reshape(-1, 2)
    per_lot = n_a + n_b + n_front
    start = np.r_[0, np.cumsum(per_lot)[:-1]]
    take = lambda first, count: np.repeat(first, count) + (np.arange(count.sum()) - np.repeat(np.cumsum(count) - count, count))  # noqa: E731
    side_a, side_b, front = take(start, n_a), take(start + n_a, n_b), take(start + n_a + n_b, n_front)
    return WaterCorners(
        lot=lots,
        corner=pair(0), water_end=pair(4), direction=pair(8), drawn_from=pair(12),
        side_xy=np.vstack([points[side_a], points[side_b]]),
        side_of=np.r_[np.repeat(np.arange(n), n_a), n + np.repeat(np.arange(n), n_b)],
        pos=np.r_[head[:, 16], head[:, 17]], chunk=np.r_[head[:, 18], head[:, 19]].astype(np.intp),
        part=head[:, 20].astype(np.intp), frontage=shapely.linestrings(points[front], indices=np.repeat(np.arange(n), n_front)),
        far=head[:, 21], wrap=head[:, 22].astype(bool), extent=head[:, 23],
    )
