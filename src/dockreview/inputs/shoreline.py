"""The MHW layer's line work as every review reads it: merged, snap-rounded, digitising gaps bridged.

:func:`prepare_mhw` is called once by :func:`dockreview.load_site` and once by the
screen (:func:`dockreview.batch.layers.read_screen_layers`), so a lot measures the
same either way. The lot-by-lot work on the line (noding jetties, bridging gaps
along a parcel, walking the network) is :mod:`dockreview.geometry.shore`'s.
"""

from __future__ import annotations

import warnings
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import shapely
from shapely import LineString
from shapely.geometry.base import BaseGeometry

from dockreview.errors import DockReviewWarning
from dockreview.groups import connected_groups

#: Gaps in the MHW line up to this many feet (digitising breaks) are bridged straight.
MHW_GAP_FT = 50.0
#: Precision (ft) at which MHW pieces are noded together: pieces that overlap at a
#: seam, or meet only to floating-point noise, become one line.
MHW_GRID_FT = 0.001
#: Shapely type ids of a LineString and a LinearRing: the pieces of line work merged.
LINES = (1, 2)


def merge_lines(geoms, ft_per_unit: float, *, threads: int = 1) -> BaseGeometry:
    """Merge line work (polygons read by their boundary) into the fewest lines.

    The union is snap-rounded to :data:`MHW_GRID_FT`, so two digitised pieces
    overlapping at a seam are counted once, not twice, along the frontage.
    Snap rounding only moves a line where another comes within a grid cell of
    it, so the pieces are rounded in groups that come that near
    (:func:`meeting_groups`; a piece that only shares an end with the next is a
    group of its own) and the groups are merged: the lines of one union of the
    whole layer, to within a grid cell (that union leaves a line meeting no
    other unrounded), whose cost grows faster than a coast's vertices (7 s for
    a million in pieces end to end, against 0.7 s in groups). ``threads``
    groups are rounded at once (GEOS lets go of Python's lock). Points in the
    line work are not lines and are left out.

    Examples
    --------
    >>> a = shapely.LineString([(0, 0), (10, 0), (20, 0)])
    >>> b = shapely.LineString([(15, 0), (30, 0)])  # overlaps ``a`` at a seam
    >>> c = shapely.LineString([(30, 0), (30, 10)])  # shares an end with ``b``
    >>> merged = merge_lines(np.array([a, b, c]), 1.0)
    >>> merged.geom_type, merged.length
    ('LineString', 40.0)
    """
    lines = shapely.boundary(geoms)
    lines = np.where(shapely.get_dimensions(geoms) == 2, lines, geoms)
    pieces = shapely.get_parts(lines[~(shapely.is_missing(lines) | shapely.is_empty(lines))])
    pieces = pieces[np.isin(shapely.get_type_id(pieces), LINES) & ~shapely.is_empty(pieces)]
    grid = MHW_GRID_FT / ft_per_unit
    if len(pieces) < 2:
        return shapely.line_merge(shapely.union_all(pieces, grid_size=grid))
    group = meeting_groups(pieces, grid)
    order = np.argsort(group, kind="stable")
    groups = np.split(order, np.flatnonzero(np.diff(group[order])) + 1)
    threads = max(threads, 1)
    rounds = [groups[k::threads] for k in range(threads)]
    alone = _rounded_alone(pieces, group, grid)

    def rounded(groups: list[np.ndarray]) -> list:
        return [alone[k[0]] if len(k) == 1 and alone[k[0]] is not None else shapely.get_parts(shapely.union_all(pieces[k], grid_size=grid))
                for k in groups]

    with ThreadPoolExecutor(threads) as pool:
        parts = np.concatenate([p for done in pool.map(rounded, rounds) for p in done])
    return shapely.line_merge(shapely.multilinestrings(parts[np.isin(shapely.get_type_id(parts), LINES)]))


def _rounded_alone(pieces: np.ndarray, group: np.ndarray, grid: float) -> list:
    """Each piece alone in its group, open and simple, rounded to ``grid`` (as the union of it alone rounds it); None
    for the others.

    A shore delivered one feature per segment is some 200,000 such groups for a county: rounded at once, rather
    than one union each (0.07 s against 5 s).
    """
    out = [None] * len(pieces)
    alone = np.flatnonzero((np.bincount(group)[group] == 1) & ~shapely.is_closed(pieces) & shapely.is_simple(pieces))
    for k, piece in zip(alone, shapely.set_precision(pieces[alone], grid)):
        out[k] = np.array([piece]) if not piece.is_empty else np.empty(0, dtype=object)
    return out


def meeting_groups(pieces: np.ndarray, grid: float) -> np.ndarray:
    """Each line's group: lines that come within two grid cells of one another, other than at a shared end.

    Two pieces of a shore digitised end to end share their end exactly and
    part at once; snap rounding rounds that end alike in either, so they are
    rounded apart. Pieces that cross, overlap, run side by side, share an end
    at a shallow angle or nearly meet (ends within the cells but not equal)
    are grouped, directly or through others.

    Examples
    --------
    >>> ab = shapely.LineString([(0, 0), (10, 0)])
    >>> bc = shapely.LineString([(10, 0), (10, 10)])  # shares an end
    >>> near = shapely.LineString([(-10, 0), (-0.0001, 0)])  # nearly meets ``ab``
    >>> meeting_groups(np.array([ab, bc, near]), 0.001).tolist()
    [0, 1, 0]
    """
    i, j = shapely.STRtree(pieces).query(pieces, predicate="dwithin", distance=2 * grid)
    i, j = i[i < j], j[i < j]
    ends = np.stack([shapely.get_coordinates(shapely.get_point(pieces, k)) for k in (0, -1)], axis=1)
    nexts = np.stack([shapely.get_coordinates(shapely.get_point(pieces, k)) for k in (1, -2)], axis=1)
    cut = 8 * grid
    shared, short = np.zeros((len(i), 2, 2), dtype=bool), np.zeros(len(i), dtype=bool)
    for a in (0, 1):
        for b in (0, 1):
            same = np.all(ends[i, a] == ends[j, b], axis=1)
            shared[:, a, b] = same
            short |= same & ((np.hypot(*(nexts[i, a] - ends[i, a]).T) <= cut) | (np.hypot(*(nexts[j, b] - ends[j, b]).T) <= cut))
    apart = np.zeros(len(i), dtype=bool)
    candidate = np.flatnonzero(shared.any(axis=(1, 2)) & ~short)
    if len(candidate):
        ii, jj, both = i[candidate], j[candidate], shared[candidate]
        shapely.prepare(pieces)
        apart[candidate] = ~shapely.dwithin(pieces[jj], _trimmed(pieces[ii], both.any(axis=2), cut), 2 * grid) & ~shapely.dwithin(
            pieces[ii], _trimmed(pieces[jj], both.any(axis=1), cut), 2 * grid,
        )
    meet = ~apart
    return connected_groups(len(pieces), i[meet], j[meet])


def _trimmed(lines: np.ndarray, ends: np.ndarray, cut: float) -> np.ndarray:
    """``lines`` with their first (``ends[:, 0]``) and last (``ends[:, 1]``) vertex each moved ``cut`` along its segment.

    Examples
    --------
    >>> _trimmed(np.array([shapely.LineString([(0, 0), (10, 0)])]), np.array([[True, False]]), 1.0)[0].wkt
    'LINESTRING (1 0, 10 0)'
    """
    xy, line = shapely.get_coordinates(lines, return_index=True)
    first = np.searchsorted(line, np.arange(len(lines)))
    last = np.r_[first[1:], len(xy)] - 1
    for end, inner, moved in ((first, first + 1, ends[:, 0]), (last, last - 1, ends[:, 1])):
        step = xy[inner[moved]] - xy[end[moved]]
        xy[end[moved]] += cut * step / np.hypot(*step.T)[:, None]
    return shapely.linestrings(xy, indices=line)


def dangling_ends(parts: list[LineString]) -> list[tuple[int, np.ndarray]]:
    """The ends of open pieces that meet no other piece: (piece index, coordinates)."""
    open_ = [i for i, p in enumerate(parts) if not p.is_closed]
    if not open_:
        return []
    xy = np.array([[parts[i].coords[0], parts[i].coords[-1]] for i in open_]).reshape(-1, 2)
    owner = np.repeat(open_, 2)
    end, piece = shapely.STRtree(parts).query(shapely.points(xy), predicate="intersects")
    met = np.zeros(len(xy), dtype=bool)
    met[end[piece != owner[end]]] = True
    return [(int(owner[k]), xy[k]) for k in np.flatnonzero(~met)]


def bridge_gaps(mhw: BaseGeometry, ft_per_unit: float, label: str) -> BaseGeometry:
    """Join MHW pieces whose ends lie within :data:`MHW_GAP_FT` with straight segments, with a warning.

    A shoreline digitised in pieces would otherwise cut the lot's water boundary
    at every gap, and with it the frontage and the side lines. Only loose ends
    (meeting no other piece) are joined, each at most once, nearest pairs first:
    pieces already meeting at a junction (a jetty on the shore) are left as they are.
    """
    loose = dangling_ends([p for p in shapely.get_parts(mhw) if p.geom_type == "LineString"])
    if len(loose) < 2:
        return mhw
    ends = shapely.points(np.array([xy for _, xy in loose]))
    owner = np.array([part for part, _ in loose])
    limit = MHW_GAP_FT / ft_per_unit
    i, j = shapely.STRtree(ends).query(ends, predicate="dwithin", distance=limit)
    pairs = (owner[i] != owner[j]) & (i < j)
    i, j = i[pairs], j[pairs]
    gaps = shapely.distance(ends[i], ends[j])
    used = np.zeros(len(ends), dtype=bool)
    bridges = []
    for k in np.argsort(gaps):
        if not (used[i[k]] or used[j[k]]):
            used[i[k]] = used[j[k]] = True
            bridges.append(shapely.shortest_line(ends[i[k]], ends[j[k]]))
    if not bridges:
        return mhw
    widest = max(b.length for b in bridges) * ft_per_unit
    _warn(
        f"{label}: the MHW line has {len(bridges)} gap(s) between its pieces (up to {widest:,.1f} ft); "
        "they are bridged with straight lines: check the layer"
    )
    return shapely.line_merge(shapely.union_all([mhw, *bridges]))


def prepare_mhw(geoms, ft_per_unit: float, label: str, *, threads: int = 1) -> BaseGeometry:
    """The MHW layer's line work as every review reads it: merged, snap-rounded, digitising gaps bridged.

    Called by :func:`dockreview.load_site` and by the screen (on ``threads``
    at once), so a lot measures the same either way.
    """
    return bridge_gaps(merge_lines(geoms, ft_per_unit, threads=threads), ft_per_unit, label)


def _warn(message: str) -> None:
    warnings.warn(message, DockReviewWarning, stacklevel=3)
