"""A drawn lot's water as the screen's kernel closes it, and whether another shore crosses it.

:func:`lot_water` closes each lot's frontage with its two lines into the
polygon the single-lot functions draw (the part at the frontage where the
lines cross); :func:`meets_other_shore` finds the lots whose water another MHW
line crosses, which the kernel leaves to the single-lot functions.
"""

from __future__ import annotations

import numpy as np
import shapely

from dockreview.batch.shoreline import MhwIndex

#: Shapely's type id of a Polygon.
POLYGON = 3


def lot_water(frontage, lo_end, lo_far, hi_end, hi_far):
    """Each lot's water: the frontage closed by its two lines (the part at the frontage when they cross).

    The ring runs as the single-lot lot's water is drawn: in along the lower
    line from ``lo_far`` to ``lo_end`` (where it leaves the frontage's end),
    along the frontage, and out from ``hi_end`` to ``hi_far``.
    """
    front_xy, owner = shapely.get_coordinates(frontage, return_index=True)
    n = len(frontage)
    lo_end, hi_end = _onto_frontage_ends(front_xy, owner, n, lo_end, hi_end)
    counts = np.bincount(owner, minlength=n) + 5
    ring_of = np.repeat(np.arange(n), counts)
    offset = np.r_[0, np.cumsum(counts)[:-1]]
    rank = np.arange(counts.sum()) - np.repeat(offset, counts)
    coords = np.empty((counts.sum(), 2))
    from_end = np.repeat(counts - 1, counts) - rank
    ends = {0: lo_far, 1: lo_end}
    tails = {2: hi_end, 1: hi_far, 0: lo_far}
    coords[(rank >= 2) & (from_end >= 3)] = front_xy
    for r, xy in ends.items():
        coords[rank == r] = xy
    for r, xy in tails.items():
        coords[from_end == r] = xy
    zone = shapely.polygons(shapely.linearrings(coords, indices=ring_of))
    invalid = ~shapely.is_valid(zone)
    zone[invalid] = shapely.make_valid(zone[invalid])
    parts, index = shapely.get_parts(zone, return_index=True)
    parts, inner = shapely.get_parts(parts, return_index=True)  # a collection may hold a multipolygon
    index = index[inner]
    polygonal = shapely.get_type_id(parts) == POLYGON
    parts, index = parts[polygonal], index[polygonal]
    middle = shapely.line_interpolate_point(frontage, 0.5, normalized=True)
    d = shapely.distance(parts, middle[index])
    order = np.lexsort((-shapely.area(parts), d, index))
    best = order[np.r_[True, index[order][1:] != index[order][:-1]]]
    out = np.array([shapely.Polygon()] * n, dtype=object)
    out[index[best]] = parts[best]
    return out


def _onto_frontage_ends(front_xy, owner, n, lo_end, hi_end):
    """The lines' ends ``lo_end`` and ``hi_end`` moved onto the frontage's first and last vertex where they are apart by
    rounding alone (a part in 10^12 of the coordinates).

    A line found to leave the frontage's end a unit in the last place away
    from it would make the lot's water a ring with a spike of 10^-11 ft,
    invalid, whose repair by ``make_valid`` took a fifth of the lots of a
    meandering shore some 0.16 ms each.

    Examples
    --------
    >>> front = np.array([[1e6, 2e5], [1e6 + 100, 2e5], [5.0, 0.0], [9.0, 0.0]])
    >>> lo, hi = _onto_frontage_ends(front, np.array([0, 0, 1, 1]), 2, np.array([[1e6 + 1e-10, 2e5], [5.0, 0.5]]),
    ...                              np.array([[1e6 + 100, 2e5 - 3e-11], [9.0, 0.0]]))
    >>> bool((lo == [[1e6, 2e5], [5.0, 0.5]]).all()), bool((hi == [[1e6 + 100, 2e5], [9.0, 0.0]]).all())
    (True, True)
    """
    count = np.bincount(owner, minlength=n)
    has = count > 0
    last = np.cumsum(count) - 1
    ends = []
    for end, vertex in ((lo_end, last - count + 1), (hi_end, last)):
        at = front_xy[np.where(has, vertex, 0)] if len(front_xy) else np.full((n, 2), np.nan)
        tiny = 1e-12 * np.maximum(np.abs(at).max(axis=1), 1.0)
        snap = has & (np.abs(end - at).max(axis=1) <= tiny)
        ends.append(np.where(snap[:, None], at, end))
    return ends


def meets_other_shore(zone, own: np.ndarray, mhw: MhwIndex, shrink: float, wrap: np.ndarray, part: np.ndarray) -> np.ndarray:
    """Whether any MHW line but the lot's own frontage crosses the lot's water as drawn.

    A creek's far shore, an island or a jetty there stops the single-lot
    extensions and zone at land (README, "the lot's water ends at land"), and
    a dock rooted on it is no dock of the lot's. The MHW pieces ``own[i, 0]``
    to ``own[i, 1]`` hold lot ``i``'s frontage and are left out (where its
    frontage runs round the start of its closed ``part``, ``wrap``, the pieces
    of the part outside them); the zone is shrunk by ``shrink`` so that the
    frontage on its edge does not count.
    """
    out = np.zeros(len(zone), dtype=bool)
    lot, chunk = mhw.tree.query(zone, predicate="intersects")
    inside = (chunk >= own[lot, 0]) & (chunk <= own[lot, 1])
    other = np.where(wrap[lot], (mhw.chunk_part[chunk] != part[lot]) | (inside & (chunk != own[lot, 0]) & (chunk != own[lot, 1])), ~inside)
    lot, chunk = lot[other], chunk[other]
    if not len(lot):
        return out
    candidates, where = np.unique(lot, return_inverse=True)
    inner = shapely.buffer(zone[candidates], -shrink)
    out[lot[shapely.intersects(mhw.chunks[chunk], inner[where])]] = True
    return out
