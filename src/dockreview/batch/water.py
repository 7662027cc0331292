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
#: A face along a frontage whose area is this share of the frontage's square or less is a sliver left by noding the
#: frontage with its own shore (some 10^-9 sq m on a lot in metres), not water: where it lies does not matter.
SLIVER = 1e-9


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


def cut_at_land(
    zone, frontage, lines, corners, mhw: MhwIndex, clear: float, rings,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The lots' water and lines where another shore crosses the water: cut at land as the single-lot functions cut them.

    The lot's water is the faces of ``zone`` cut by the MHW line that lie
    along the ``frontage``, as :func:`dockreview.geometry.lotwater.lot_water`
    keeps them (a creek's or a canal's far bank, an island in front); each of
    the two ``lines`` per lot (side line and extension; the ``n`` lots' first
    sides, then their second, as ``corners``) stops where its extension first
    reaches the MHW line ``clear`` (units) past its corner
    (:func:`~dockreview.geometry.lotwater.to_land`). A lot is left to the
    single-lot functions (``ok`` False) where its water or lines meet a part
    of the MHW line that is part of a network (:attr:`MhwIndex.networked`:
    they read its side branches as no land), where its parcel's boundary
    ``rings`` passes within ``clear`` of a loose end of the line
    (:attr:`MhwIndex.loose_ends`: they bridge a gap there along the
    boundary), or where a face along its frontage lies outside its water as
    drawn.

    Returns
    -------
    zone, lines : ndarray of geometries
    ok : ndarray of bool

    Examples
    --------
    A lot fronting 200 ft on a canal 100 ft wide, its water drawn 400 ft out
    and its side lines carried on as far: both stop at the far bank.

    >>> mhw = MhwIndex(shapely.MultiLineString([[(-500, 0), (700, 0)], [(-500, 100), (700, 100)]]))
    >>> lines = np.array([shapely.LineString([(x, -120), (x, 0), (x, 400)]) for x in (0, 200)])
    >>> zone, lines, ok = cut_at_land(
    ...     np.array([shapely.box(0, 0, 200, 400)]), np.array([shapely.LineString([(0, 0), (200, 0)])]), lines,
    ...     np.array([[0.0, 0.0], [200.0, 0.0]]), mhw, 5.0, np.array([shapely.box(0, -120, 200, 0).exterior]),
    ... )
    >>> float(shapely.area(zone[0])), shapely.get_coordinates(lines)[[2, 5]].tolist(), ok.tolist()
    (20000.0, [[0.0, 100.0], [200.0, 100.0]], [True])
    """
    n = len(zone)
    cut_zone, met, faces_ok = _faces_along(zone, frontage, mhw)
    cut_lines, crossed = _stopped_at_land(lines, corners, mhw, clear)
    ok = faces_ok.copy()
    ok[mhw.loose_ends.query(rings, predicate="dwithin", distance=clear)[0]] = False
    ok[met[0][mhw.networked[mhw.chunk_part[met[1]]]]] = False
    ok[(crossed[0] % n)[mhw.networked[mhw.chunk_part[crossed[1]]]]] = False
    return cut_zone, cut_lines, ok


def _faces_along(zone, frontage, mhw: MhwIndex) -> tuple[np.ndarray, tuple, np.ndarray]:
    """Each zone cut by the MHW line, the faces along its frontage united; the (lot, piece) pairs of the MHW pieces
    meeting it; and whether every such face lies in the zone."""
    n = len(zone)
    lot, chunk = mhw.tree.query(zone, predicate="intersects")
    noded = shapely.union_all(_rows([shapely.get_exterior_ring(zone), frontage], lot, mhw.chunks[chunk], n), axis=1)
    parts, owner = shapely.get_parts(noded, return_index=True)
    faces, of = shapely.get_parts(shapely.polygonize(_rows([], owner, parts, n), axis=1), return_index=True)
    length = np.maximum(shapely.length(frontage), 1.0)
    eps = 1e-7 * length
    along = shapely.length(shapely.intersection(shapely.get_exterior_ring(faces), shapely.buffer(frontage[of], eps[of]))) > 100 * eps[of]
    faces, of = faces[along], of[along]
    sliver = shapely.area(faces) <= SLIVER * shapely.length(frontage[of]) ** 2  # noding the frontage along its own shore
    inside = sliver | shapely.contains(zone[of], shapely.point_on_surface(faces))
    ok = np.ones(n, dtype=bool)
    ok[of[~inside]] = False
    out = np.array([shapely.Polygon()] * n, dtype=object)
    count = np.bincount(of, minlength=n)
    alone = count[of] == 1
    out[of[alone]] = faces[alone]
    several = np.flatnonzero(count > 1)
    if len(several):
        out[several] = shapely.union_all(_rows([], of[~alone], faces[~alone], n)[several], axis=1)
    return out, (lot, chunk), ok


def _rows(first: list, owner: np.ndarray, geoms: np.ndarray, n: int) -> np.ndarray:
    """An (n, k) array of geometries: the columns ``first`` (arrays of n), then each row's ``geoms`` by ``owner``, None-padded."""
    counts = np.bincount(owner, minlength=n)
    order = np.argsort(owner, kind="stable")
    rank = np.arange(len(owner)) - (np.cumsum(counts) - counts)[owner[order]]
    out = np.full((n, len(first) + int(counts.max(initial=0))), None, dtype=object)
    for k, column in enumerate(first):
        out[:, k] = column
    out[owner[order], len(first) + rank] = geoms[order]
    return out


def _stopped_at_land(lines, corners, mhw: MhwIndex, clear: float) -> tuple[np.ndarray, tuple]:
    """Each line with its last segment (the extension, from the side line's water end) stopped where it first meets
    the MHW line ``clear`` past the corner's place along it (unchanged where it meets none); and the (line, piece)
    pairs of the MHW pieces the extensions meet."""
    xy, line = shapely.get_coordinates(lines, return_index=True)
    last = np.cumsum(np.bincount(line, minlength=len(lines))) - 1
    start, end = xy[last - 1], xy[last]
    length = np.hypot(*(end - start).T)
    direction = (end - start) / length[:, None]
    past = np.clip(np.einsum("ij,ij->i", corners - start, direction), 0.0, length) + clear
    extension = shapely.linestrings(np.stack([start, end], axis=1))
    which, chunk = mhw.tree.query(extension, predicate="intersects")
    hits, k = shapely.get_coordinates(shapely.intersection(extension[which], mhw.chunks[chunk]), return_index=True)
    owner = which[k]
    at = np.einsum("ij,ij->i", hits - start[owner], direction[owner])
    beyond = at > past[owner]
    stop = np.full(len(lines), np.inf)
    np.minimum.at(stop, owner[beyond], at[beyond])
    cut = np.isfinite(stop)
    xy[last[cut]] = start[cut] + direction[cut] * stop[cut, None]
    return shapely.linestrings(xy, indices=line), (which, chunk)
