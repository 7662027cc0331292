"""The screen's vectorised riparian kernel: the riparian geometry of many lots at once (Docks B, C).

:func:`vector_riparian` rebuilds, from the parcel rings' vertices and on
shapely arrays, what :func:`dockreview.geometry.riparian.riparian_geometry` derives for
one lot: the water corners, the frontage along the MHW line, the side lines
with their straight seaward extensions, and the lot's water between them. It
resolves a lot only where its vertices settle every interpretation of the
README by themselves:

* one run of the boundary lies on the water (within the tolerance of the MHW
  line or seaward of it), its edges on the water and the other edges clear of it;
* each side line is one edge of the ring, ending landward at a lot corner (a
  bend over :data:`~dockreview.riparian.CORNER_ANGLE_DEG`): the edge is then the
  side line's whole last course, the straight extension runs along it, and the
  water corner is where the edge or its extension meets the MHW line, nearest
  the parcel's corner vertex; the next vertex of the water run must not carry
  the course on (it would be the parcel's corner instead);
* both water corners lie on one open MHW line, not an island's ring;
* the lot's water, drawn as far as the caller looks, meets no MHW line but its
  own frontage: a creek's far shore, an island or a jetty stops the single-lot
  extensions and zone at land, and a dock rooted there is not the lot's.

Every other lot -- two water runs, a bent or jogged side line, an island, a
creek, a gap in the MHW line -- is returned for the single-lot functions, so
the answers are the same either way. :func:`waterfront_parts` first turns each
parcel of a layer into the one polygon the review measures (repaired, its part
fronting the water), as :mod:`dockreview.inputs.site` does for one lot.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np
import shapely

from dockreview.batch.sides import band_exit, ragged, side_lines
from dockreview.errors import DockReviewError
from dockreview.geometry.riparian import COURSE_TOLERANCE_FT
from dockreview.inputs.waterfront import waterfront_parts as lot_polygons

#: Vertices per piece of the MHW line in its STRtree (each piece costs some 300 bytes beside its vertices).
MHW_CHUNK_VERTICES = 16
#: Pieces of the MHW line made at a time (bounds the copies made on the way).
PIECES_AT_ONCE = 100_000
#: Vertices this close (units) to the line through their neighbours are dropped from the rings.
COLLINEAR_UNITS = 1e-6
#: Parts of a multipart parcel within this many units of the nearest one's distance to the MHW line tie.
#: The lot's water is shrunk by this much (ft) before asking whether another shore crosses it.
ZONE_SHRINK_FT = 0.01
#: Shapely type ids of a LineString, a Polygon and a MultiLineString.
LINESTRING, POLYGON, MULTILINESTRING = 1, 3, 5
#: What the single-lot functions raise on a lot they cannot review: bad data (DockReviewError), GEOS on
#: a geometry it cannot work (ShapelyError), and numpy on a degenerate one (ValueError, IndexError).
LOT_ERRORS = (DockReviewError, shapely.errors.ShapelyError, ValueError, IndexError)


def not_reviewed(error: Exception) -> str:
    """The reason given for a lot or dock the single-lot functions could not review."""
    if isinstance(error, DockReviewError):
        return f"not reviewed: {error}"
    return f"not reviewed: {type(error).__name__}: {error}"


# ---------------------------------------------------------------------------
# the MHW line, cut into pieces for array look-ups
# ---------------------------------------------------------------------------
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
        self.xy, part_of, along, first_of_part, last_of_part = _vertices_along(mhw)
        self.closed = (self.xy[first_of_part] == self.xy[last_of_part]).all(axis=1)
        self.part_length = along[last_of_part]
        self.key_scale = float(along.max()) + 1.0 if len(along) else 1.0
        self.key = part_of * self.key_scale + along
        first, end = _pieces(part_of)
        self.chunk_first, self.chunk_segments = first, end - first
        self.chunks = _linestrings(self.xy, first, end)
        self.chunk_part, self.chunk_offset = part_of[first], along[first]
        self.tree = shapely.STRtree(self.chunks)

    @property
    def segments(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The pieces' segments: starts, ends, and each piece's first segment and count (segments in piece order).

        Views of the line's vertices: segment ``k`` runs from ``xy[k]`` to ``xy[k + 1]``.
        """
        return self.xy, self.xy[1:], self.chunk_first, self.chunk_segments

    def nearest(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The nearest piece of each geometry, and the distance to it.

        Every geometry must be non-empty: the tree answers nothing for an empty
        one, and the answers would no longer line up with the questions.
        """
        (_, chunk), dist = self.tree.query_nearest(points, return_distance=True, all_matches=False)
        return chunk, dist

    def near(self, box: shapely.Geometry) -> shapely.Geometry:
        """The MHW line inside ``box``'s bounds (as clipping the whole line would give, from nearby pieces only)."""
        pieces = self.chunks[np.sort(self.tree.query(box))]
        merged = shapely.line_merge(shapely.multilinestrings(pieces), directed=True)
        return shapely.clip_by_rect(merged, *box.bounds)

    def within(self, points: np.ndarray, distance: float) -> np.ndarray:
        """Whether each point lies within ``distance`` of the MHW line."""
        hit = self.tree.query(points, predicate="dwithin", distance=distance)[0]
        out = np.zeros(len(points), dtype=bool)
        out[hit] = True
        return out

    def locate(self, points: np.ndarray, chunk: np.ndarray) -> np.ndarray:
        """Position of each point along its piece's part (units)."""
        return self.chunk_offset[chunk] + shapely.line_locate_point(self.chunks[chunk], points)

    def side(self, xy: np.ndarray, chunk: np.ndarray) -> np.ndarray:
        """Sign of the side of each point against the local tangent of its piece (as WaterSide reads it)."""
        pieces = self.chunks[chunk]
        points = shapely.points(xy)
        along = shapely.line_locate_point(pieces, points)
        eps = np.maximum(self.part_length[self.chunk_part[chunk]] * 1e-6, 1e-3)
        length = shapely.length(pieces)
        a = shapely.get_coordinates(shapely.line_interpolate_point(pieces, np.maximum(along - eps, 0.0)))
        b = shapely.get_coordinates(shapely.line_interpolate_point(pieces, np.minimum(along + eps, length)))
        t, d = b - a, xy - a
        return np.sign(t[:, 0] * d[:, 1] - t[:, 1] * d[:, 0])

    def between(self, part: np.ndarray, lo: np.ndarray, hi: np.ndarray, start: np.ndarray, end: np.ndarray):
        """The MHW line along ``part`` from position ``lo`` to ``hi`` (points ``start``, ``end``)."""
        first = np.searchsorted(self.key, part * self.key_scale + lo, side="right")
        stop = np.searchsorted(self.key, part * self.key_scale + hi, side="left")
        inner = np.maximum(stop - first, 0)
        count = inner + 2
        line = np.repeat(np.arange(len(lo)), count)
        offset = np.r_[0, np.cumsum(count)[:-1]]
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


# ---------------------------------------------------------------------------
# the polygon of each parcel that the review measures
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class LotParts:
    """The polygon the review measures for each parcel, and whether it fronts the MHW line.

    Attributes
    ----------
    polygon : ndarray of Polygon or None
        The parcel repaired with ``make_valid`` when invalid; of a multipart
        parcel, the part nearest the MHW line (the largest on a tie); None when
        the parcel has no polygon area.
    fronts : ndarray of bool
        That polygon lies within the tolerance of the MHW line.
    repaired : ndarray of bool
        The parcel was an invalid geometry, repaired.
    """

    polygon: np.ndarray
    fronts: np.ndarray
    repaired: np.ndarray


def waterfront_parts(geoms: np.ndarray, mhw: MhwIndex, tolerance: float) -> LotParts:
    """The polygon of each parcel that the review measures (:func:`dockreview.inputs.waterfront.waterfront_parts`),
    and whether it fronts the MHW line within ``tolerance`` (units)."""
    polygon, repaired = lot_polygons(geoms, lambda parts: mhw.nearest(parts)[1])
    fronts = np.zeros(len(polygon), dtype=bool)
    chosen = np.flatnonzero(~shapely.is_missing(polygon))
    fronts[chosen[np.unique(mhw.tree.query(polygon[chosen], predicate="dwithin", distance=tolerance)[0])]] = True
    return LotParts(polygon, fronts, repaired)


# ---------------------------------------------------------------------------
# the parcel rings, vertex by vertex
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class _Rings:
    """The exterior rings' vertices (closing vertex dropped), with each vertex's lot and ring neighbours."""

    xy: np.ndarray
    lot: np.ndarray
    prv: np.ndarray
    nxt: np.ndarray

    @classmethod
    def of(cls, polys: np.ndarray) -> "_Rings":
        # collinear vertices (a side line split in two) change nothing but which lots look usual
        ring = shapely.get_exterior_ring(shapely.simplify(polys, COLLINEAR_UNITS))
        xy, lot = shapely.get_coordinates(ring, return_index=True)
        closing = np.r_[lot[1:] != lot[:-1], True]
        xy, lot = xy[~closing], lot[~closing]
        counts = np.bincount(lot, minlength=len(polys))
        first = np.r_[0, np.cumsum(counts)[:-1]]
        local = np.arange(len(xy)) - first[lot]
        nxt = np.where(local == counts[lot] - 1, first[lot], np.arange(len(xy)) + 1)
        prv = np.where(local == 0, first[lot] + counts[lot] - 1, np.arange(len(xy)) - 1)
        return cls(xy, lot, prv, nxt)


def _on_water(xy: np.ndarray, lot: np.ndarray, land: np.ndarray, land_part: np.ndarray, mhw: MhwIndex, tolerance: float) -> np.ndarray:
    """Points within ``tolerance`` of the MHW line, or seaward of the piece nearest them on their lot's own part.

    ``land[i]`` is the side (against the piece's direction) where lot ``i``
    lies, and ``land_part[i]`` the MHW part nearest it (:func:`land_sides`).
    """
    points = shapely.points(xy)
    near = mhw.within(points, tolerance)
    far_out = np.flatnonzero(~near)
    seaward = np.zeros(len(xy), dtype=bool)
    if len(far_out):
        owner = lot[far_out]
        chunk, _ = mhw.nearest(points[far_out])
        side = mhw.side(xy[far_out], chunk)
        seaward[far_out] = (side != 0) & (side != land[owner]) & (mhw.chunk_part[chunk] == land_part[owner])
    return near | seaward


def land_sides(polys: np.ndarray, mhw: MhwIndex) -> tuple[np.ndarray, np.ndarray]:
    """The side of the nearest MHW piece where each lot's centroid lies, and that piece's part."""
    centroid = shapely.centroid(polys)
    chunk, _ = mhw.nearest(centroid)
    return mhw.side(shapely.get_coordinates(centroid), chunk), mhw.chunk_part[chunk]


def seaward(xy: np.ndarray, land: np.ndarray, land_part: np.ndarray, mhw: MhwIndex) -> np.ndarray:
    """Whether each point lies strictly seaward of the MHW piece nearest it, on the shore part of a lot.

    ``land[i]`` and ``land_part[i]`` are point ``i``'s lot's land side and
    shore part (:func:`land_sides`), as :class:`~dockreview.geometry.riparian.WaterSide`
    reads the side from the lot.
    """
    if not len(xy):
        return np.zeros(0, dtype=bool)
    chunk, _ = mhw.nearest(shapely.points(xy))
    side = mhw.side(xy, chunk)
    return (side != 0) & (side != land) & (mhw.chunk_part[chunk] == land_part)


def _longest_water_run(rings: _Rings, polys: np.ndarray, mhw: MhwIndex, tolerance: float):
    """Lots whose water runs are runs of ring vertices, edges on the water, the others clear of it; the longest run.

    A run is measured as the single-lot functions measure it, out to where the
    edges off its ends leave the tolerance band (:func:`~dockreview.batch.sides.band_exit`);
    the longest is the lot's (the single-lot functions warn of a second one).
    Returns the lots (indices into ``polys``) and, for each, its run's first
    and last vertex (ring order).
    """
    xy, lot, prv, nxt = rings.xy, rings.lot, rings.prv, rings.nxt
    land, land_part = land_sides(polys, mhw)
    flag = _on_water(xy, lot, land, land_part, mhw, tolerance)
    starts = np.flatnonzero(flag & ~flag[prv])
    ends = np.flatnonzero(flag & ~flag[nxt])
    ok = np.bincount(lot[starts], minlength=len(polys)) >= 1
    # an edge between two water vertices must itself lie on the water; an edge between two land
    # vertices must stay clear of the MHW line
    both = flag & flag[nxt]
    if both.any():
        mid = (xy[both] + xy[nxt][both]) / 2
        bad = ~_on_water(mid, lot[both], land, land_part, mhw, tolerance)
        ok[np.unique(lot[both][bad])] = False
    neither = ~flag & ~flag[nxt]
    if neither.any():
        edges = shapely.linestrings(np.stack([xy[neither], xy[nxt][neither]], axis=1))
        hit, _ = mhw.tree.query(edges, predicate="dwithin", distance=tolerance)
        ok[np.unique(lot[neither][hit])] = False
    # each run's end: the lot's first end at or after its start, else (round the ring's start) the lot's first end
    at = np.searchsorted(ends, starts)
    wrap = (at >= len(ends)) | (lot[ends[np.minimum(at, len(ends) - 1)]] != lot[starts])
    first_end = np.searchsorted(lot[ends], lot[starts])
    e = ends[np.where(wrap, first_end, at)]
    edge = np.hypot(*(xy[nxt] - xy).T)
    cum = np.cumsum(edge) - edge
    perimeter = np.bincount(lot, weights=edge, minlength=len(polys))
    along = cum[e] - cum[starts]
    t_a = band_exit(xy[starts], xy[prv[starts]], mhw, tolerance)
    t_b = band_exit(xy[e], xy[nxt[e]], mhw, tolerance)
    length = np.where(e >= starts, along, along + perimeter[lot[starts]]) + t_a * edge[prv[starts]] + t_b * edge[e]
    ok[lot[starts][np.isnan(length)]] = False
    order = np.lexsort((-np.nan_to_num(length), lot[starts]))
    longest = order[np.r_[True, lot[starts][order][1:] != lot[starts][order][:-1]]]
    keep = longest[ok[lot[starts][longest]]]
    return lot[starts][keep], starts[keep], e[keep]


# ---------------------------------------------------------------------------
# riparian geometry of many lots at once
# ---------------------------------------------------------------------------
@dataclass
class VectorRiparian:
    """Riparian geometry of the lots that :func:`vector_riparian` could resolve (``lot`` indexes them).

    Side lines run from their landward vertex through the water corner and on
    seaward, as the review's side line with its straight extension does, as far
    as the caller needs them.
    """

    lot: np.ndarray
    frontage: np.ndarray
    side_a: np.ndarray
    side_b: np.ndarray
    zone: np.ndarray
    corner_a: np.ndarray | None = None
    corner_b: np.ndarray | None = None


def vector_riparian(polys: np.ndarray, mhw: MhwIndex, *, tolerance: float, ft_per_unit: float, beyond):
    """Riparian geometry of every usual lot among ``polys``; the others are returned for one-by-one work.

    Parameters
    ----------
    polys : ndarray of geometries
        The lots, working CRS. Anything but a valid, non-empty polygon is left
        for the single-lot functions.
    mhw : MhwIndex
    tolerance : float
        How close to the MHW line (units) a boundary counts as on it.
    ft_per_unit : float
    beyond : callable
        ``beyond(frontage)`` gives, for frontages of those lengths (units), how
        far from the frontage the caller will look (the reach plus the
        setback): side lines and zones are drawn far enough for it.

    Returns
    -------
    VectorRiparian, ndarray
        The resolved lots, and the indices of the lots left to the single-lot functions.
    """
    polys = np.asarray(polys, dtype=object)
    n_lots = len(polys)
    workable = np.flatnonzero(
        (shapely.get_type_id(polys) == POLYGON) & ~shapely.is_empty(polys) & shapely.is_valid(polys)
    )
    rip = _resolve(polys[workable], mhw, tolerance=tolerance, ft_per_unit=ft_per_unit, beyond=beyond)
    rip = dataclasses.replace(rip, lot=workable[rip.lot])
    return rip, np.setdiff1d(np.arange(n_lots), rip.lot)


def _resolve(polys: np.ndarray, mhw: MhwIndex, *, tolerance: float, ft_per_unit: float, beyond) -> VectorRiparian:
    """:func:`vector_riparian` on valid polygons; ``lot`` indexes ``polys``."""
    if not len(polys):
        return _no_lots()
    rings = _Rings.of(polys)
    idx, s, e = _longest_water_run(rings, polys, mhw, tolerance)
    if not len(idx):
        return _no_lots()
    sides, good = side_lines(rings, s, e, mhw, tolerance=tolerance, course=COURSE_TOLERANCE_FT / ft_per_unit)
    n = len(idx)
    far = np.maximum(1000.0 / ft_per_unit, 3.0 * shapely.length(polys[idx]))
    far2 = np.r_[far, far]
    cross, hit = _crossing(sides.landward_first(sides.water_end + sides.direction * far2[:, None]), sides.water_end, mhw)
    # a side line and extension that never cross the MHW line: the corner is the MHW point nearest the water end
    miss = np.flatnonzero(~hit & np.r_[good, good])
    if len(miss):
        ends = shapely.points(sides.water_end[miss])
        chunk, _ = mhw.nearest(ends)
        cross[miss] = shapely.get_coordinates(shapely.get_point(shapely.shortest_line(ends, mhw.chunks[chunk]), 1))
    # the lot's water is drawn out from each corner; when the corner lies off the side line's last course (on a
    # landward course, or no crossing at all), out from the side line's water end, as the single-lot drawing runs
    v = cross - sides.course_from
    off = np.abs(sides.direction[:, 0] * v[:, 1] - sides.direction[:, 1] * v[:, 0]) > 1e-7 * far2
    off |= np.einsum("ij,ij->i", v, sides.direction) < -1e-7 * far2
    drawn_from = np.where(off[:, None], sides.water_end, cross)
    sel = np.flatnonzero(good)
    idx, ca, cb = idx[sel], cross[sel], cross[n + sel]
    da, db = sides.direction[sel], sides.direction[n + sel]
    wa, wb = sides.water_end[sel], sides.water_end[n + sel]
    fa, fb = drawn_from[sel], drawn_from[n + sel]
    chunk_a, _ = mhw.nearest(shapely.points(ca))
    chunk_b, _ = mhw.nearest(shapely.points(cb))
    part = mhw.chunk_part[chunk_a]
    pos_a = mhw.locate(shapely.points(ca), chunk_a)
    pos_b = mhw.locate(shapely.points(cb), chunk_b)
    keep = np.flatnonzero((part == mhw.chunk_part[chunk_b]) & ~mhw.closed[part] & (np.abs(pos_a - pos_b) > 0))
    if not len(keep):
        return _no_lots()
    idx, sel, ca, cb, da, db, wa, wb = idx[keep], sel[keep], ca[keep], cb[keep], da[keep], db[keep], wa[keep], wb[keep]
    fa, fb = fa[keep], fb[keep]
    pos_a, pos_b, part, chunk_a, chunk_b = pos_a[keep], pos_b[keep], part[keep], chunk_a[keep], chunk_b[keep]

    # the frontage runs from the corner lower along the part; its side line leads the zone's ring
    swap = pos_a > pos_b
    lo_dir, hi_dir = np.where(swap[:, None], db, da), np.where(swap[:, None], da, db)
    lo, hi = np.minimum(pos_a, pos_b), np.maximum(pos_a, pos_b)
    start = shapely.get_coordinates(shapely.line_interpolate_point(mhw.chunks[chunk_a], pos_a - mhw.chunk_offset[chunk_a]))
    end = shapely.get_coordinates(shapely.line_interpolate_point(mhw.chunks[chunk_b], pos_b - mhw.chunk_offset[chunk_b]))
    start, end = np.where(swap[:, None], end, start), np.where(swap[:, None], start, end)
    frontage = mhw.between(part, lo, hi, start, end)
    # nothing farther than beyond(F) from a frontage F long matters, nor the lines past 2 (beyond(F) + F)
    length = 2.0 * (beyond(hi - lo) + (hi - lo))
    tails = sides.water_end.copy()
    # each side line runs on from its water end along the extension, past its corner by ``length``
    tails[sel] = wa + da * (length + np.hypot(*(ca - wa).T))[:, None]
    tails[n + sel] = wb + db * (length + np.hypot(*(cb - wb).T))[:, None]
    lines = sides.landward_first(tails)
    side_a, side_b = lines[sel], lines[n + sel]
    lo_end, hi_end = np.where(swap[:, None], fb, fa), np.where(swap[:, None], fa, fb)
    zone = _zone(frontage, lo_end, lo_dir, hi_end, hi_dir, length)
    own = np.stack([np.minimum(chunk_a, chunk_b), np.maximum(chunk_a, chunk_b)], axis=1)
    clear = ~_meets_other_shore(zone, own, mhw, ZONE_SHRINK_FT / ft_per_unit)
    return VectorRiparian(idx[clear], frontage[clear], side_a[clear], side_b[clear], zone[clear], ca[clear], cb[clear])


def _no_lots() -> VectorRiparian:
    empty = np.empty(0, dtype=object)
    return VectorRiparian(np.empty(0, dtype=int), empty, empty, empty, empty, np.empty((0, 2)), np.empty((0, 2)))


def _crossing(lines: np.ndarray, near: np.ndarray, mhw: MhwIndex) -> tuple[np.ndarray, np.ndarray]:
    """Where each line crosses the MHW line, the crossing nearest ``near``; and whether it does."""
    line_i, chunk_j = mhw.tree.query(lines, predicate="intersects")
    out = np.full((len(lines), 2), np.nan)
    if len(line_i) == 0:
        return out, np.zeros(len(lines), dtype=bool)
    cross = shapely.intersection(lines[line_i], mhw.chunks[chunk_j])
    xy, k = shapely.get_coordinates(cross, return_index=True)
    owner = line_i[k]
    d = np.hypot(*(xy - near[owner]).T)
    order = np.lexsort((d, owner))
    best = order[np.r_[True, owner[order][1:] != owner[order][:-1]]]
    out[owner[best]] = xy[best]
    return out, ~np.isnan(out[:, 0])


def _zone(frontage, lo_end, lo_dir, hi_end, hi_dir, far):
    """Each lot's water: the frontage closed by its two extensions (the part at the frontage when they cross).

    The ring runs as the single-lot lot's water is drawn: in along the lower
    extension to ``lo_end`` (its corner, or its side line's water end when the
    corner lies off the extension's line), along the frontage, and out from
    ``hi_end`` along the other.
    """
    front_xy, owner = shapely.get_coordinates(frontage, return_index=True)
    n = len(frontage)
    counts = np.bincount(owner, minlength=n) + 5
    ring_of = np.repeat(np.arange(n), counts)
    offset = np.r_[0, np.cumsum(counts)[:-1]]
    rank = np.arange(counts.sum()) - np.repeat(offset, counts)
    coords = np.empty((counts.sum(), 2))
    from_end = np.repeat(counts - 1, counts) - rank
    ends = {0: lo_end + lo_dir * far[:, None], 1: lo_end}
    tails = {2: hi_end, 1: hi_end + hi_dir * far[:, None], 0: lo_end + lo_dir * far[:, None]}
    coords[(rank >= 2) & (from_end >= 3)] = front_xy
    for r, xy in ends.items():
        coords[rank == r] = xy
    for r, xy in tails.items():
        coords[from_end == r] = xy
    zone = shapely.make_valid(shapely.polygons(shapely.linearrings(coords, indices=ring_of)))
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


def _meets_other_shore(zone, own: np.ndarray, mhw: MhwIndex, shrink: float) -> np.ndarray:
    """Whether any MHW line but the lot's own frontage crosses the lot's water as drawn.

    A creek's far shore, an island or a jetty there stops the single-lot
    extensions and zone at land (README, "the lot's water ends at land"), and
    a dock rooted on it is no dock of the lot's. The MHW pieces ``own[i, 0]``
    to ``own[i, 1]`` hold lot ``i``'s frontage and are left out; the zone is
    shrunk by ``shrink`` so that the frontage on its edge does not count.
    """
    out = np.zeros(len(zone), dtype=bool)
    lot, chunk = mhw.tree.query(zone, predicate="intersects")
    other = (chunk < own[lot, 0]) | (chunk > own[lot, 1])
    lot, chunk = lot[other], chunk[other]
    if not len(lot):
        return out
    candidates, where = np.unique(lot, return_inverse=True)
    inner = shapely.buffer(zone[candidates], -shrink)
    out[lot[shapely.intersects(mhw.chunks[chunk], inner[where])]] = True
    return out
