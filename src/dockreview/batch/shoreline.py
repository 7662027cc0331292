"""The MHW line cut into pieces for array look-ups: :class:`MhwIndex`, the screen's index of a county's shore.

The line's vertices are held once; a piece is a run of them, in an STRtree;
positions along each part are kept so that the MHW line between two positions
(:meth:`MhwIndex.between`), round a closed part (:meth:`MhwIndex.around`) or
at one (:meth:`MhwIndex.point_at`) is read without the line as a geometry.
"""

from __future__ import annotations

import functools

import numpy as np
import shapely

from dockreview.batch.sides import ragged

#: Vertices per piece of the MHW line in its STRtree (each piece costs some 300 bytes beside its vertices).
MHW_CHUNK_VERTICES = 16
#: Pieces of the MHW line made at a time (bounds the copies made on the way).
PIECES_AT_ONCE = 100_000
#: How much farther than :attr:`MhwIndex.near_distance` :meth:`MhwIndex.nearest` looks, for the points it did not
#: find nearer, before the tree's nearest-neighbour search (a lot's back corners: 0.06 s against 0.24 s for the
#: 17,000 of the messy county's 205,000 lot vertices beyond the first look).
NEAR_WIDENING = 8.0
#: Shapely type ids of a LineString and a MultiLineString.
LINESTRING, MULTILINESTRING = 1, 5


class MhwIndex:
    """The MHW line cut into short pieces in an STRtree, with each piece's place along its part.

    Positions along a part are in working units from the part's start, as
    :func:`shapely.line_locate_point` gives them on the whole part. Pieces are
    numbered along each part in turn, so the pieces between two positions of
    one part have consecutive numbers. The line's vertices are held once
    (``xy``); a piece is a run of them, its segments the consecutive pairs of
    that run (:attr:`segments`), so that an index of a county's coast is its
    coordinates, the pieces and their tree, and nothing else.
    """

    def __init__(self, mhw: shapely.Geometry) -> None:
        self.xy, part_of, along, self.part_first, self.part_last = _vertices_along(mhw)
        self.closed = (self.xy[self.part_first] == self.xy[self.part_last]).all(axis=1)
        self.part_length = along[self.part_last]
        self.key_scale = float(along.max()) + 1.0 if len(along) else 1.0
        self.key = part_of * self.key_scale + along
        first, end = _pieces(part_of)
        self.chunk_first, self.chunk_segments = first, end - first
        self.chunks = _linestrings(self.xy, first, end)
        self.chunk_length = shapely.length(self.chunks)
        self.chunk_part, self.chunk_offset = part_of[first], along[first]
        self.tree = shapely.STRtree(self.chunks)
        #: How far (units) :meth:`nearest` looks before the tree's nearest-neighbour search: a quarter of a typical piece.
        self.near_distance = 0.25 * float(np.median(self.chunk_length)) if len(self.chunks) else 0.0

    @property
    def segments(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The pieces' segments: starts, ends, and each piece's first segment and count (segments in piece order).

        Views of the line's vertices: segment ``k`` runs from ``xy[k]`` to ``xy[k + 1]``.
        """
        return self.xy, self.xy[1:], self.chunk_first, self.chunk_segments

    def nearest(self, points: np.ndarray, hint: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """The nearest piece of each geometry, and the distance to it (of two at the same distance, the lower numbered).

        The pieces within :attr:`near_distance` of each geometry are measured
        (a look-up in the tree and a distance each, some three times quicker
        than the tree's nearest-neighbour search on a county's shore), then
        those within :data:`NEAR_WIDENING` times that of the geometries left;
        the geometries farther out still are left to that search. ``hint``
        names a piece near each geometry (-1: none), such as its lot's: only
        the pieces as near as it are measured. Every geometry must be
        non-empty: the tree answers nothing for an empty one, and the answers
        would no longer line up with the questions.

        Examples
        --------
        >>> index = MhwIndex(shapely.LineString([(x, 0) for x in range(0, 400, 10)]))
        >>> chunk, dist = index.nearest(shapely.points([(5, 3), (385, -500)]))
        >>> chunk.tolist(), dist.tolist()
        ([0, 2], [3.0, 500.0])
        >>> [a.tolist() for a in index.nearest(shapely.points([(5, 3), (385, -500)]), hint=np.array([1, 0]))]
        [[0, 2], [3.0, 500.0]]
        """
        points = np.atleast_1d(points)
        chunk, out = np.full(len(points), -1, dtype=np.intp), np.full(len(points), np.inf)
        unfound = np.arange(len(points))
        if hint is not None:  # the nearest piece is no farther than the hinted one: only the pieces that near are measured
            hint = np.asarray(hint)
            hinted = np.flatnonzero(hint >= 0)
            self._nearest_within(points, hinted, shapely.distance(points[hinted], self.chunks[hint[hinted]]), chunk, out)
            unfound = unfound[chunk < 0]
        for reach in (self.near_distance, NEAR_WIDENING * self.near_distance):
            if not len(unfound):
                break
            self._nearest_within(points, unfound, reach, chunk, out)
            unfound = unfound[chunk[unfound] < 0]
        if len(unfound):
            (_, chunk[unfound]), out[unfound] = self.tree.query_nearest(points[unfound], return_distance=True, all_matches=False)
        return chunk, out

    def _nearest_within(self, points: np.ndarray, ask: np.ndarray, reach, chunk: np.ndarray, out: np.ndarray) -> None:
        """Of the geometries ``points[ask]``, each one's nearest piece within ``reach`` (a number, or one each), the
        lower numbered of two at one distance, written into ``chunk`` and ``out``; those with none are left as they are."""
        geom, piece = self.tree.query(points[ask], predicate="dwithin", distance=reach)
        dist = shapely.distance(points[ask[geom]], self.chunks[piece])
        order = np.lexsort((piece, dist, geom))
        first = order[np.r_[True, geom[order][1:] != geom[order][:-1]]] if len(order) else order
        chunk[ask[geom[first]]], out[ask[geom[first]]] = piece[first], dist[first]

    def distance_within(self, xy: np.ndarray, reach: float) -> np.ndarray:
        """Each point's distance from the MHW line where it is within ``reach`` (units), else infinity.

        Examples
        --------
        >>> index = MhwIndex(shapely.LineString([(0, 0), (100, 0)]))
        >>> index.distance_within(np.array([(50.0, 3.0), (50.0, 30.0)]), 10.0).tolist()
        [3.0, inf]
        """
        points = shapely.points(xy)
        geom, piece = self.tree.query(points, predicate="dwithin", distance=reach)
        out = np.full(len(points), np.inf)
        np.minimum.at(out, geom, shapely.distance(points[geom], self.chunks[piece]))
        return out

    def near(self, box: shapely.Geometry) -> shapely.Geometry:
        """The MHW line inside ``box``'s bounds (as clipping the whole line would give, from nearby pieces only)."""
        return self.near_each(np.array([box], dtype=object))[0]

    def near_each(self, boxes: np.ndarray) -> np.ndarray:
        """:meth:`near` of each of ``boxes``: the pieces looked up and merged for them all at once.

        Examples
        --------
        >>> index = MhwIndex(shapely.LineString([(x, 0) for x in range(0, 400, 10)]))
        >>> [g.wkt for g in index.near_each(np.array([shapely.box(15, -5, 45, 5), shapely.box(0, 50, 10, 60)]))]
        ['LINESTRING (15 0, 20 0, 30 0, 40 0, 45 0)', 'GEOMETRYCOLLECTION EMPTY']
        """
        box, piece = self.tree.query(boxes)
        order = np.lexsort((piece, box))
        lines = np.full(len(boxes), shapely.MultiLineString(), dtype=object)
        found = np.unique(box)
        lines[found] = shapely.multilinestrings(self.chunks[piece[order]], indices=np.searchsorted(found, box[order]))
        merged = shapely.line_merge(lines, directed=True)
        bounds = shapely.bounds(boxes).tolist()
        return np.array([shapely.clip_by_rect(line, *b) for line, b in zip(merged, bounds)], dtype=object)

    def within(self, points: np.ndarray, distance: float) -> np.ndarray:
        """A piece of the MHW line within ``distance`` of each point (one of them), or -1 where none is.

        Examples
        --------
        >>> index = MhwIndex(shapely.LineString([(x, 0) for x in range(0, 400, 10)]))
        >>> index.within(shapely.points([(5, 3), (385, -500)]), 5.0).tolist()
        [0, -1]
        """
        hit, piece = self.tree.query(points, predicate="dwithin", distance=distance)
        out = np.full(len(points), -1, dtype=np.intp)
        out[hit] = piece
        return out

    def locate(self, points: np.ndarray, chunk: np.ndarray) -> np.ndarray:
        """Position of each point along its piece's part (units)."""
        return self.chunk_offset[chunk] + shapely.line_locate_point(self.chunks[chunk], points)

    def point_at(self, part: np.ndarray, pos: np.ndarray) -> np.ndarray:
        """The point at each position ``pos`` (units, within its part's length) along MHW part ``part``."""
        first = np.searchsorted(self.chunk_part, part, side="left")
        last = np.searchsorted(self.chunk_part, part, side="right") - 1
        chunk = np.searchsorted(self.chunk_part * self.key_scale + self.chunk_offset, part * self.key_scale + pos, side="right") - 1
        chunk = np.clip(chunk, first, last)
        return shapely.get_coordinates(shapely.line_interpolate_point(self.chunks[chunk], pos - self.chunk_offset[chunk]))

    def side(self, xy: np.ndarray, chunk: np.ndarray, points: np.ndarray | None = None) -> np.ndarray:
        """Sign of the side of each point against the local tangent of its piece (as WaterSide reads it): the chord
        of the piece from just before the point's projection on it to just after. ``points``: ``xy`` as points,
        when made already.

        Examples
        --------
        >>> index = MhwIndex(shapely.LineString([(0, 0), (100, 0), (100, 100)]))
        >>> index.side(np.array([(50.0, 3.0), (50.0, -3.0), (90.0, 20.0), (120.0, -5.0)]), np.zeros(4, dtype=int)).tolist()
        [1.0, -1.0, 1.0, -1.0]
        """
        pieces = self.chunks[chunk]
        along = shapely.line_locate_point(pieces, shapely.points(xy) if points is None else points)
        eps = np.maximum(self.part_length[self.chunk_part[chunk]] * 1e-6, 1e-3)
        a = shapely.get_coordinates(shapely.line_interpolate_point(pieces, np.maximum(along - eps, 0.0)))
        b = shapely.get_coordinates(shapely.line_interpolate_point(pieces, np.minimum(along + eps, self.chunk_length[chunk])))
        t, d = b - a, xy - a
        return np.sign(t[:, 0] * d[:, 1] - t[:, 1] * d[:, 0])

    def segment_at(self, chunk: np.ndarray, pos: np.ndarray) -> np.ndarray:
        """The MHW line's direction at each position ``pos`` along the part of piece ``chunk``: its segment there.

        Examples
        --------
        >>> index = MhwIndex(shapely.LineString([(0, 0), (100, 0), (100, 100)]))
        >>> index.segment_at(np.array([0, 0]), np.array([50.0, 150.0])).tolist()
        [[100.0, 0.0], [0.0, 100.0]]
        """
        part = self.chunk_part[chunk]
        first = np.searchsorted(self.key, part * self.key_scale, side="left")
        last = np.searchsorted(self.key, (part + 1) * self.key_scale, side="left") - 1
        k = np.clip(np.searchsorted(self.key, part * self.key_scale + pos, side="right") - 1, first, last - 1)
        return self.xy[k + 1] - self.xy[k]

    def tangent(self, xy: np.ndarray, span: float) -> np.ndarray:
        """The unit direction of the MHW line near each point: the chord from ``span`` before to ``span`` after the
        point's projection on its part (at most a quarter of the part; clamped to an open part's ends, wrapped round
        a closed one), as :func:`~dockreview.geometry.vectors.shore_normal` takes it.

        Examples
        --------
        >>> index = MhwIndex(shapely.LineString([(0, 0), (100, 0), (100, 100)]))
        >>> index.tangent(np.array([(50.0, 3.0), (100.0, 0.0)]), 1.0).round(6) + 0.0
        array([[1.      , 0.      ],
               [0.707107, 0.707107]])
        """
        points = shapely.points(xy)
        chunk, _ = self.nearest(points)
        part = self.chunk_part[chunk]
        pos, length = self.locate(points, chunk), self.part_length[part]
        eps = np.minimum(span, length / 4)
        ends = [pos - eps, pos + eps]
        a, b = (self.point_at(part, np.where(self.closed[part], np.mod(x, length), np.clip(x, 0.0, length))) for x in ends)
        chord = b - a
        with np.errstate(invalid="ignore", divide="ignore"):
            return chord / np.hypot(*chord.T)[:, None]

    def around(self, part: np.ndarray, lo: np.ndarray, hi: np.ndarray, at_lo: np.ndarray, at_hi: np.ndarray):
        """The closed MHW ``part`` from position ``hi`` round its end and start to ``lo`` (points ``at_hi``, ``at_lo``)."""
        first = np.searchsorted(self.key, part * self.key_scale, side="left")
        last = np.searchsorted(self.key, (part + 1) * self.key_scale, side="left") - 1
        after = np.searchsorted(self.key, part * self.key_scale + hi, side="right")
        before = np.searchsorted(self.key, part * self.key_scale + lo, side="left")
        tail, head = np.maximum(last + 1 - after, 0), np.maximum(before - first - 1, 0)
        count = tail + head + 2
        line, rank, _ = ragged(count)
        index = np.where(rank <= tail[line], after[line] + rank - 1, first[line] + 1 + rank - 1 - tail[line])
        coords = self.xy[np.clip(index, 0, len(self.xy) - 1)]
        coords[rank == 0] = at_hi
        coords[rank == count[line] - 1] = at_lo
        return shapely.linestrings(coords, indices=line)

    @functools.cached_property
    def networked(self) -> np.ndarray:
        """Whether each part meets the line work other than end to end along itself: another part on it, or it on
        another, or crossing one or itself (a jetty, a groin, a creek's mouth drawn into the shore). Along such a
        part the single-lot functions read the shore as a network, whose side branches stop no lot's lines.

        Examples
        --------
        >>> shore = MhwIndex(shapely.MultiLineString([[(0, 0), (100, 0)], [(50, 0), (50, 40)], [(0, 90), (100, 90)]]))
        >>> shore.networked.tolist()
        [True, True, False]
        """
        a, b = self.tree.query(self.chunks)  # pieces whose bounds meet; only the pairs that could tell are measured
        part = self.chunk_part[a]
        first = np.searchsorted(self.chunk_part, part, side="left")
        last = np.searchsorted(self.chunk_part, part, side="right") - 1
        seam = self.closed[part] & (a == first) & (b == last)  # a ring's last piece meets its first
        ask = (a < b) & ((part != self.chunk_part[b]) | ((b > a + 1) & ~seam))
        a, b = a[ask], b[ask]
        meet = shapely.intersects(self.chunks[a], self.chunks[b])
        out = np.zeros(len(self.closed), dtype=bool)
        out[self.chunk_part[a[meet]]] = True
        out[self.chunk_part[b[meet]]] = True
        return out

    @functools.cached_property
    def loose_ends(self) -> shapely.STRtree:
        """The ends of the open parts that meet no other part: where the MHW line stops, or has a gap. A parcel's
        boundary within the tolerance of two of them has the gap bridged along it by the single-lot functions.

        Examples
        --------
        >>> shore = MhwIndex(shapely.MultiLineString([[(0, 0), (100, 0)], [(100, 0), (100, 50)], [(140, 50), (300, 50)]]))
        >>> sorted(shapely.get_coordinates(shore.loose_ends.geometries).tolist())
        [[0.0, 0.0], [100.0, 50.0], [140.0, 50.0], [300.0, 50.0]]
        """
        parts = np.flatnonzero(~self.closed)
        ends = shapely.points(np.r_[self.xy[self.part_first[parts]], self.xy[self.part_last[parts]]])
        owner = np.r_[parts, parts]
        end, chunk = self.tree.query(ends, predicate="intersects")
        meets = np.zeros(len(ends), dtype=bool)
        meets[end[self.chunk_part[chunk] != owner[end]]] = True
        return shapely.STRtree(ends[~meets])

    @functools.cached_property
    def rings(self) -> tuple[np.ndarray, np.ndarray, shapely.STRtree]:
        """The closed parts, the polygons they close, and those polygons' tree."""
        parts = np.flatnonzero(self.closed)
        first, last = self.part_first[parts], self.part_last[parts]
        ring, rank, _ = ragged(last - first + 1)
        polygons = shapely.polygons(shapely.linearrings(self.xy[first[ring] + rank], indices=ring)) if len(parts) else np.empty(0, dtype=object)
        return parts, polygons, shapely.STRtree(polygons)

    def between(self, part: np.ndarray, lo: np.ndarray, hi: np.ndarray, start: np.ndarray, end: np.ndarray):
        """The MHW line along ``part`` from position ``lo`` to ``hi`` (points ``start``, ``end``)."""
        first = np.searchsorted(self.key, part * self.key_scale + lo, side="right")
        stop = np.searchsorted(self.key, part * self.key_scale + hi, side="left")
        inner = np.maximum(stop - first, 0)
        count = inner + 2
        line = np.repeat(np.arange(len(lo)), count)
        offset = np.cumsum(count) - count
        rank = np.arange(count.sum()) - np.repeat(offset, count)
        coords = np.empty((count.sum(), 2))
        is_start = rank == 0
        is_end = rank == np.repeat(count - 1, count)
        coords[is_start] = start
        coords[is_end] = end
        middle = ~(is_start | is_end)
        coords[middle] = self.xy[(np.repeat(first, count) + rank - 1)[middle]]
        return shapely.linestrings(coords, indices=line)


def _vertices_along(mhw: shapely.Geometry) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The vertices of the line's parts of some length, part after part: their coordinates, the part of each and
    each one's distance along its part (units); and each part's first and last vertex.

    Read from the line's coordinates (:func:`shapely.to_ragged_array`), without a copy of each part as a geometry.

    Examples
    --------
    >>> xy, part, along, first, last = _vertices_along(shapely.MultiLineString([[(0, 0), (3, 4), (3, 5)], [(9, 9), (9, 9)], [(0, 9), (1, 9)]]))
    >>> part.tolist(), along.tolist(), first.tolist(), last.tolist()
    ([0, 0, 0, 1, 1], [0.0, 5.0, 6.0, 0.0, 1.0], [0, 3], [2, 4])
    """
    if shapely.get_type_id(mhw) not in (LINESTRING, MULTILINESTRING):  # a collection: its lines
        mhw = shapely.multilinestrings([p for p in shapely.get_parts(mhw) if shapely.get_type_id(p) == LINESTRING])
    _, xy, offsets = shapely.to_ragged_array([mhw], include_z=False)
    count = np.diff(offsets[0]).astype(np.int64)
    first = offsets[0][:-1].astype(np.int64)
    part_of = np.repeat(np.arange(len(count), dtype=np.int32), count)
    along = np.zeros(len(xy))
    if len(xy):
        np.hypot(np.subtract(xy[1:, 0], xy[:-1, 0]), np.subtract(xy[1:, 1], xy[:-1, 1]), out=along[1:])
        along[first[count > 0]] = 0.0
        np.cumsum(along, out=along)
        along -= along[first][part_of]
    ends = np.r_[along, 0.0][np.where(count > 0, first + count - 1, len(xy))]  # each part's length (0 when empty)
    keep = ends > 0  # a part of no length is no shore
    if not keep.all():
        vertex = keep[part_of]
        xy, along, count = xy[vertex], along[vertex], count[keep]
        part_of = np.repeat(np.arange(len(count), dtype=np.int32), count)
        first = np.cumsum(count) - count
    return xy, part_of, along, first, first + count - 1


def _linestrings(xy: np.ndarray, first: np.ndarray, last: np.ndarray, block: int = PIECES_AT_ONCE) -> np.ndarray:
    """The lines through ``xy[first[i] .. last[i]]`` for every ``i``, made ``block`` at a time (a coast's copies stay small)."""
    out = np.empty(len(first), dtype=object)
    for start in range(0, len(first), block):
        lo, hi = first[start : start + block], last[start : start + block]
        piece, rank, _ = ragged(hi - lo + 1)
        out[start : start + block] = shapely.linestrings(xy[lo[piece] + rank], indices=piece)
    return out


def _pieces(part_of: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The first and last vertex of each piece: :data:`MHW_CHUNK_VERTICES` vertices of a part, and the next one's first.

    Examples
    --------
    Two parts of 40 and 3 vertices, 16 vertices to a piece:

    >>> first, last = _pieces(np.repeat([0, 1], [40, 3]))
    >>> first.tolist(), last.tolist()
    ([0, 16, 32, 40], [16, 32, 39, 42])
    """
    starts = np.r_[True, part_of[1:] != part_of[:-1]]
    local = np.arange(len(part_of)) - np.flatnonzero(starts)[part_of]
    last = np.r_[starts[1:], True]
    first = np.flatnonzero((local % MHW_CHUNK_VERTICES == 0) & ~last)
    end = np.r_[first[1:], len(part_of) - 1]
    return first, np.where(part_of[end] == part_of[first], end, np.flatnonzero(last)[part_of[first]])
