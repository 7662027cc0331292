"""The screen's vectorised riparian kernel: the riparian geometry of many lots at once (Docks B, C).

:func:`vector_riparian` rebuilds, from the parcel rings' vertices and on
shapely arrays, what :func:`dockreview.geometry.riparian.riparian_geometry` derives for
one lot: the water corners, the frontage along the MHW line, the side lines
with their lines into the water by method, and the lot's water between them. It
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
* both water corners lie on one MHW part; on a closed part (a lake's ring or
  an island's) only for a method that draws lots there as the single-lot
  functions do (extended side lines, ``round-lake``);
* the lot's water, drawn as far as the caller looks, meets no MHW line but its
  own frontage; or, under extended side lines, the other shore it meets (a
  canal's or a creek's far bank, an island in front) is no network, and the
  water and lines are cut at land there as the single-lot functions cut them
  (:func:`~dockreview.batch.water.cut_at_land`), so that a dock rooted across
  the water is not the lot's.

Every other lot -- two water runs, a bent or jogged side line, a jetty or a
creek's mouth drawn into the shore the lot's water meets, a gap in the MHW
line -- is returned for the single-lot functions, so the answers are the same
either way. :func:`water_corners` finds the corners,
frontages and side lines; the method's construction
(:mod:`dockreview.batch.lines`) draws the lines from them; the lot's water is
closed here. The MHW line's index is :mod:`dockreview.batch.shoreline`. :func:`waterfront_parts` first turns each
parcel of a layer into the one polygon the review measures (repaired, its part
fronting the water), as :mod:`dockreview.inputs.site` does for one lot.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np
import shapely

from dockreview.batch.shoreline import MhwIndex
from dockreview.batch.sides import band_exit, side_lines
from dockreview.batch.water import POLYGON, cut_at_land, lot_water, meets_other_shore
from dockreview.errors import DockReviewError
from dockreview.geometry.near import pairs_within
from dockreview.geometry.riparian import COURSE_TOLERANCE_FT
from dockreview.geometry.sections import tangent_at
from dockreview.geometry.sides import WATER_EDGE_FT
from dockreview.inputs.waterfront import waterfront_parts as lot_polygons

#: Vertices this close (units) to the line through their neighbours are dropped from the rings.
COLLINEAR_UNITS = 1e-6
#: Parts of a multipart parcel within this many units of the nearest one's distance to the MHW line tie.
#: The lot's water is shrunk by this much (ft) before asking whether another shore crosses it.
ZONE_SHRINK_FT = 0.01
#: What the single-lot functions raise on a lot they cannot review: bad data (DockReviewError), GEOS on
#: a geometry it cannot work (ShapelyError), and numpy on a degenerate one (ValueError, IndexError).
LOT_ERRORS = (DockReviewError, shapely.errors.ShapelyError, ValueError, IndexError)


def not_reviewed(error: Exception) -> str:
    """The reason given for a lot or dock the single-lot functions could not review."""
    if isinstance(error, DockReviewError):
        return f"not reviewed: {error}"
    return f"not reviewed: {type(error).__name__}: {error}"


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
    polygon, repaired = measured_polygons(geoms, mhw)
    fronts = np.zeros(len(polygon), dtype=bool)
    chosen = np.flatnonzero(~shapely.is_missing(polygon))
    fronts[chosen[np.unique(pairs_within(mhw.tree, polygon[chosen], tolerance)[0])]] = True
    return LotParts(polygon, fronts, repaired)


def measured_polygons(geoms: np.ndarray, mhw: MhwIndex) -> tuple[np.ndarray, np.ndarray]:
    """The polygon of each parcel the review measures, and whether it was repaired, without asking which front."""
    return lot_polygons(geoms, lambda parts: mhw.nearest(parts)[1])


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


def _on_water(
    xy: np.ndarray, lot: np.ndarray, land: np.ndarray, land_part: np.ndarray, mhw: MhwIndex, tolerance: float,
    hints: tuple[np.ndarray, ...] = (),
) -> tuple[np.ndarray, np.ndarray]:
    """Points within ``tolerance`` of the MHW line, or seaward of the piece nearest them on their lot's own part; and
    for each point within it, a piece it is within it of (else -1). ``land[i]`` is the side (against the piece's
    direction) where lot ``i`` lies, and ``land_part[i]`` the MHW part nearest it (:func:`land_sides`). ``hints``
    are pieces likely near each point (-1: none), measured first: a point near one needs no search of the line.
    """
    points = shapely.points(xy)
    piece = np.full(len(xy), -1, dtype=np.intp)
    for hint in hints:
        ask = np.flatnonzero((piece < 0) & (hint >= 0))
        close = shapely.distance(points[ask], mhw.chunks[hint[ask]]) <= tolerance
        piece[ask[close]] = hint[ask[close]]
    rest = np.flatnonzero(piece < 0)
    piece[rest] = mhw.within(points[rest], tolerance)
    far_out, on = np.flatnonzero(piece < 0), piece >= 0
    if len(far_out):
        owner, near_lot = lot[far_out], np.full(len(land), -1, dtype=np.intp)
        near_lot[lot[on]] = piece[on]  # a piece by one of the lot's vertices bounds the search for the nearest
        chunk, _ = mhw.nearest(points[far_out], hint=near_lot[owner])
        side = mhw.side(xy[far_out], chunk, points[far_out])
        on[far_out] = (side != 0) & (side != land[owner]) & (mhw.chunk_part[chunk] == land_part[owner])
    return on, piece


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
    points = shapely.points(xy)
    chunk, _ = mhw.nearest(points)
    side = mhw.side(xy, chunk, points)
    return (side != 0) & (side != land) & (mhw.chunk_part[chunk] == land_part)


def _longest_water_run(rings: _Rings, polys: np.ndarray, mhw: MhwIndex, tolerance: float):
    """Lots whose water runs are runs of ring vertices, edges on the water, the others clear of it; the longest run.

    A run is measured as the single-lot functions measure it, out to where the
    edges off its ends leave the tolerance band (:func:`~dockreview.batch.sides.band_exit`);
    the longest is the lot's (the single-lot functions warn of a second one).
    Returns the lots (indices into ``polys``) and, for each, its run's first
    and last vertex (ring order), and where the edges off them leave the band
    (:func:`~dockreview.batch.sides.band_exit`'s fractions).
    """
    xy, lot, prv, nxt = rings.xy, rings.lot, rings.prv, rings.nxt
    land, land_part = land_sides(polys, mhw)
    flag, piece = _on_water(xy, lot, land, land_part, mhw, tolerance)
    starts = np.flatnonzero(flag & ~flag[prv])
    ends = np.flatnonzero(flag & ~flag[nxt])
    if not len(starts):  # no lot has a vertex on the water (each touches the line between its vertices, if at all)
        none = np.empty(0, dtype=int)
        return none, none, none, np.empty(0), np.empty(0)
    ok = np.bincount(lot[starts], minlength=len(polys)) >= 1
    # an edge between two water vertices must itself lie on the water; an edge between two land
    # vertices must stay clear of the MHW line
    both = flag & flag[nxt]
    if both.any():
        mid = (xy[both] + xy[nxt][both]) / 2
        bad = ~_on_water(mid, lot[both], land, land_part, mhw, tolerance, hints=(piece[both], piece[nxt][both]))[0]
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
    return lot[starts][keep], starts[keep], e[keep], t_a[keep], t_b[keep]


# ---------------------------------------------------------------------------
# riparian geometry of many lots at once
# ---------------------------------------------------------------------------
@dataclass
class VectorRiparian:
    """Riparian geometry of the lots that :func:`vector_riparian` could resolve (``lot`` indexes them).

    Side lines run from their landward vertex through the water corner and on
    seaward, drawn by the method's construction (:mod:`dockreview.batch.lines`),
    as far as the caller needs them. ``frame`` is each lot's
    :func:`corner_frames`; ``corners``, the :class:`WaterCorners` they were
    drawn from (of every lot resolved so far, the lots the construction
    refused or whose water meets another shore among them); ``crossed``,
    whether another shore crosses each lot's water (cut at land there).
    """

    lot: np.ndarray
    frontage: np.ndarray
    side_a: np.ndarray
    side_b: np.ndarray
    zone: np.ndarray
    corner_a: np.ndarray | None = None
    corner_b: np.ndarray | None = None
    refused: np.ndarray | None = None
    frame: np.ndarray | None = None
    corners: "WaterCorners | None" = None
    crossed: np.ndarray | None = None


@dataclass
class WaterCorners:
    """The water corners, frontages and side lines of the lots :func:`water_corners` resolves (``lot`` indexes them).

    Each lot has two sides: ``a`` at its water run's start and ``b`` at its
    end, stacked ``a`` then ``b`` in the ``(2n, 2)`` arrays: the ``corner`` on
    the MHW line, the side line's ``water_end``, its extension's ``direction``
    and ``drawn_from`` (the corner, or the water end when the corner lies off
    the extension's line, where the straight lot's water is drawn from).
    ``side_xy`` and ``side_of`` are the side lines' points, landward first
    (side ``i`` of ``2n``). ``pos`` is each corner's position along the MHW
    ``part`` of its lot (units), ``chunk`` its piece; the ``frontage`` runs
    from the corner lower along the part, or, on a closed part (a lake's
    ring) where the lot fronts the arc round the part's start (``wrap``),
    from the higher; ``extent`` is its length along the part. ``far`` is how
    far the single-lot lines run (units).
    """

    lot: np.ndarray
    corner: np.ndarray
    water_end: np.ndarray
    direction: np.ndarray
    drawn_from: np.ndarray
    side_xy: np.ndarray
    side_of: np.ndarray
    pos: np.ndarray
    chunk: np.ndarray
    part: np.ndarray
    frontage: np.ndarray
    far: np.ndarray
    wrap: np.ndarray
    extent: np.ndarray

    @property
    def n(self) -> int:
        """How many lots."""
        return len(self.lot)

    @property
    def swap(self) -> np.ndarray:
        """Whether the frontage starts at side ``b``'s corner."""
        return (self.pos[: self.n] > self.pos[self.n :]) ^ self.wrap

    def sides(self) -> np.ndarray:
        """The ``2n`` side lines, landward end first, as drawn up to their water ends."""
        return shapely.linestrings(self.side_xy, indices=self.side_of)

    def polylines(self, keep: np.ndarray | None, extra_xy: np.ndarray, extra_of: np.ndarray) -> np.ndarray:
        """The ``2n`` side lines (their points where ``keep``), each followed by its points of ``extra_xy``, in order."""
        xy, of = (self.side_xy, self.side_of) if keep is None else (self.side_xy[keep], self.side_of[keep])
        owner = np.r_[of, extra_of]
        order = np.argsort(owner, kind="stable")
        return shapely.linestrings(np.vstack([xy, extra_xy])[order], indices=owner[order])


@dataclass(frozen=True)
class Drawn:
    """A method's two lines of each of ``n`` lots (sides as in :class:`WaterCorners`), by :mod:`dockreview.batch.lines`.

    ``line`` is each side line with its line into the water (``2n``
    LineStrings); the lot's water is closed from ``start`` (where the line
    leaves the frontage's end) to ``end`` (its far point). ``ok`` marks the
    lots the construction drew as the single-lot functions would; the others
    are left to them, but for those ``refused``: lots the method cannot draw
    at all, for the one reason the single-lot functions give.
    """

    ok: np.ndarray
    line: np.ndarray
    start: np.ndarray
    end: np.ndarray
    refused: np.ndarray | None = None


def straight_on(found: WaterCorners, *, length: np.ndarray, **_) -> Drawn:
    """``extended-side-lines`` (straight): each side line carried on along its last course, ``length`` past its corner."""
    far = np.r_[length, length]
    tails = found.water_end + found.direction * (far + np.hypot(*(found.corner - found.water_end).T))[:, None]
    line = found.polylines(None, tails, np.arange(2 * found.n))
    return Drawn(np.ones(found.n, dtype=bool), line, found.drawn_from, found.drawn_from + found.direction * far[:, None])


straight_on.rings = True  # lots on a lake's or an island's ring are drawn (water_corners' ``rings``)


def vector_riparian(
    polys: np.ndarray, mhw: MhwIndex, *, tolerance: float, ft_per_unit: float, beyond, lines=straight_on,
    found: WaterCorners | None = None, **context,
):
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
    lines : callable
        The method's construction (:data:`dockreview.batch.lines.ARRAY_METHODS`;
        default the side lines carried straight on): ``lines(found, mhw=...,
        length=..., polys=..., tolerance=..., ft_per_unit=..., **context)``
        gives the :class:`Drawn` lines of the :class:`WaterCorners` ``found``.
    found : WaterCorners, optional
        The lots' water corners found already (``lot`` indexing ``polys``; a
        lot without them is one :func:`water_corners` does not resolve), as a
        screen finds them for its audit; found here when not given.
    **context
        What the construction reads besides (its keywords).

    Returns
    -------
    VectorRiparian, ndarray
        The resolved lots, and the indices of the lots left to the single-lot
        functions (the lots the method refuses, ``refused``, not among them).
    """
    polys = np.asarray(polys, dtype=object)
    if found is None:
        workable = np.flatnonzero(
            (shapely.get_type_id(polys) == POLYGON) & ~shapely.is_empty(polys) & shapely.is_valid(polys)
        )
        rings = getattr(lines, "rings", False)
        found = water_corners(polys[workable], mhw, tolerance=tolerance, ft_per_unit=ft_per_unit, rings=rings)
        found = dataclasses.replace(found, lot=workable[found.lot])
    if not len(found.lot):  # no lot to draw: a construction is never asked to draw none
        return dataclasses.replace(_no_lots(), corners=found), np.arange(len(polys))
    rip = _drawn(found, mhw, lines(
        found, mhw=mhw, length=2.0 * (beyond(found.extent) + found.extent), polys=polys, tolerance=tolerance,
        ft_per_unit=ft_per_unit, **context,
    ), ft_per_unit, tolerance, polys, cuts=lines is straight_on)
    return dataclasses.replace(rip, corners=found), np.setdiff1d(np.arange(len(polys)), np.r_[rip.lot, rip.refused])


def _drawn(
    found: WaterCorners, mhw: MhwIndex, drawn: Drawn, ft_per_unit: float, tolerance: float, polys: np.ndarray, *, cuts: bool,
) -> VectorRiparian:
    """The lots drawn: their lines, and their water closed with the frontage. Where another shore crosses the water,
    with ``cuts`` (lines carried straight on) the water and lines are cut at land as the single-lot functions cut
    them (:func:`~dockreview.batch.water.cut_at_land`); otherwise, or where they read the shore as a network, the
    lot is left to them."""
    n = found.n
    refused = found.lot[np.flatnonzero(drawn.refused)] if drawn.refused is not None else np.empty(0, dtype=int)
    sel = np.flatnonzero(drawn.ok & (True if drawn.refused is None else ~drawn.refused))
    if not len(sel):
        return dataclasses.replace(_no_lots(), refused=refused)
    swap = found.swap[sel]
    lo, hi = np.where(swap, n + sel, sel), np.where(swap, sel, n + sel)
    frontage = found.frontage[sel]
    zone = lot_water(frontage, drawn.start[lo], drawn.end[lo], drawn.start[hi], drawn.end[hi])
    line_a, line_b = drawn.line[sel], drawn.line[n + sel]
    chunk_a, chunk_b = found.chunk[sel], found.chunk[n + sel]
    own = np.stack([np.minimum(chunk_a, chunk_b), np.maximum(chunk_a, chunk_b)], axis=1)
    met = meets_other_shore(zone, own, mhw, ZONE_SHRINK_FT / ft_per_unit, found.wrap[sel], found.part[sel])
    clear = ~met
    if cuts and met.any():
        at = np.flatnonzero(met)
        corners = np.r_[found.corner[sel[at]], found.corner[n + sel[at]]]
        rings = shapely.get_exterior_ring(polys[found.lot[sel[at]]])
        cut_zone, cut_lines, ok = cut_at_land(zone[at], frontage[at], np.r_[line_a[at], line_b[at]], corners, mhw, tolerance, rings)
        zone, line_a, line_b = zone.copy(), line_a.copy(), line_b.copy()
        zone[at], line_a[at], line_b[at] = cut_zone, cut_lines[: len(at)], cut_lines[len(at):]
        clear[at[ok]] = True
    sel = sel[clear]
    return VectorRiparian(
        found.lot[sel], found.frontage[sel], line_a[clear], line_b[clear], zone[clear], found.corner[sel],
        found.corner[n + sel], refused, corner_frames(found, sel, mhw), crossed=met[clear],
    )


def corner_frames(found: WaterCorners, sel: np.ndarray, mhw: MhwIndex) -> np.ndarray:
    """Each lot ``sel`` of ``found``: its water corners, its side lines' directions and the MHW line's direction there.

    ``(k, 3, 2, 2)``: corners, side directions, shore directions, each for
    side ``a`` then ``b`` (working units); what the frontage's motion with
    the layers reads (:func:`~dockreview.batch.eligibility.frontage_motion`).
    """
    both = np.r_[sel, found.n + sel]
    k = len(sel)
    parts = (found.corner[both], found.direction[both], mhw.segment_at(found.chunk[both], found.pos[both]))
    return np.stack([np.stack([p[:k], p[k:]], axis=1) for p in parts], axis=1)


def riparian_frame(rip, shore) -> np.ndarray:
    """A lot's :func:`corner_frames` from its single-lot riparian geometry ``rip`` drawn on ``shore``, ``(3, 2, 2)``.

    The side directions are the side lines' last segments; the shore's, its segment nearest each corner.

    Examples
    --------
    A square lot on a straight shore: corners (0, 0) and (100, 0), side lines running north, the shore east.

    >>> from dockreview.geometry.riparian import riparian_geometry
    >>> lot, shore = shapely.box(0, -100, 100, 0), shapely.LineString([(-500, 0), (500, 0)])
    >>> (riparian_frame(riparian_geometry(lot, shore, tolerance=5, ft_per_unit=1), shore) + 0.0).tolist()
    [[[0.0, 0.0], [100.0, 0.0]], [[0.0, 5.0], [0.0, 5.0]], [[1.0, 0.0], [1.0, 0.0]]]
    """
    corners = np.array([shapely.get_coordinates(rip.left_corner)[0], shapely.get_coordinates(rip.right_corner)[0]])
    sides = np.array([np.subtract(*shapely.get_coordinates(line)[[-1, -2]]) for line in (rip.left_side, rip.right_side)])
    shores = np.array([tangent_at(shore, xy)[1] for xy in corners])
    return np.stack([corners, sides, shores])


def water_corners(polys: np.ndarray, mhw: MhwIndex, *, tolerance: float, ft_per_unit: float, rings: bool = False) -> WaterCorners:
    """The water corners, frontage and side lines of every usual lot among the valid polygons ``polys``.

    With ``rings``, lots on a closed MHW part (a lake's ring, an island) are
    drawn too: the frontage is the arc between the corners nearer the lot, as
    :func:`~dockreview.geometry.lotwater.frontage_between` takes it.
    """
    if not len(polys):
        return no_corners()
    vertices = _Rings.of(polys)
    idx, s, e, t_a, t_b = _longest_water_run(vertices, polys, mhw, tolerance)
    if not len(idx):
        return no_corners()
    sides, good = side_lines(
        vertices, s, e, mhw, tolerance=tolerance, course=COURSE_TOLERANCE_FT / ft_per_unit, near=WATER_EDGE_FT / ft_per_unit,
        exits=(t_a, t_b),
    )
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
    # the straight lot's water is drawn out from each corner; when the corner lies off the side line's last course
    # (on a landward course, or no crossing at all), out from the side line's water end, as the single-lot drawing runs
    v = cross - sides.course_from
    off = np.abs(sides.direction[:, 0] * v[:, 1] - sides.direction[:, 1] * v[:, 0]) > 1e-7 * far2
    off |= np.einsum("ij,ij->i", v, sides.direction) < -1e-7 * far2
    drawn_from = np.where(off[:, None], sides.water_end, cross)
    sel = np.flatnonzero(good)
    both = np.r_[sel, n + sel]
    chunk, _ = mhw.nearest(shapely.points(cross[both]))
    pos = mhw.locate(shapely.points(cross[both]), chunk)
    m = len(sel)
    part = mhw.chunk_part[chunk]
    keep = np.flatnonzero((part[:m] == part[m:]) & (rings | ~mhw.closed[part[:m]]) & (np.abs(pos[:m] - pos[m:]) > 0))
    if not len(keep):
        return no_corners()
    kept = np.r_[keep, m + keep]
    lots = sel[keep]
    sides_kept = np.r_[lots, n + lots]
    chunk, pos, part = chunk[kept], pos[kept], part[keep]
    k = len(keep)
    lo, hi = np.minimum(pos[:k], pos[k:]), np.maximum(pos[:k], pos[k:])
    at = shapely.get_coordinates(shapely.line_interpolate_point(mhw.chunks[chunk], pos - mhw.chunk_offset[chunk]))
    swap = pos[:k] > pos[k:]
    start, end = np.where(swap[:, None], at[k:], at[:k]), np.where(swap[:, None], at[:k], at[k:])
    frontage = mhw.between(part, lo, hi, start, end)
    wrap = np.zeros(k, dtype=bool)
    ring = np.flatnonzero(mhw.closed[part])
    if len(ring):  # on a ring, the arc round the part's start when its middle lies nearer the lot
        wrap[ring] = _nearer_round_the_start(mhw, part[ring], lo[ring], hi[ring], polys[idx[lots[ring]]])
        round_start = ring[wrap[ring]]
        frontage[round_start] = mhw.around(part[round_start], lo[round_start], hi[round_start], start[round_start], end[round_start])
    # the side lines' points, landward first, renumbered a then b
    number = np.full(2 * n, -1)
    number[sides_kept] = np.arange(2 * k)
    of = number[sides.side]
    mine = of >= 0
    order = np.lexsort((-sides.rank[mine], of[mine]))
    return WaterCorners(
        idx[lots], cross[sides_kept], sides.water_end[sides_kept], sides.direction[sides_kept], drawn_from[sides_kept],
        sides.xy[mine][order], of[mine][order], pos, chunk, part, frontage, far[lots], wrap,
        np.where(wrap, mhw.part_length[part] - (hi - lo), hi - lo),
    )


def _nearer_round_the_start(mhw: MhwIndex, part: np.ndarray, lo: np.ndarray, hi: np.ndarray, polys: np.ndarray) -> np.ndarray:
    """Whether the middle of the arc of each closed ``part`` round its start (from ``hi`` on to ``lo``) lies nearer the
    lot's boundary than the middle of the arc from ``lo`` to ``hi``: the frontage the single-lot functions take.

    The middles are read at their positions along the part, so that no arc is drawn for the asking (a county's
    coast closed round its land is one ring: the arc round its start is the whole coast, for every lot on it).

    Examples
    --------
    A square lake 400 ft a side, its ring begun at (0, 0); a lot on its south side from x = 100 to 300, and one
    astride the ring's start (from 350 ft along the ring on round to 50 ft):

    >>> index = MhwIndex(shapely.LineString([(0, 0), (400, 0), (400, 400), (0, 400), (0, 0)]))
    >>> lots = np.array([shapely.box(100, -50, 300, 0), shapely.box(-50, -50, 50, 0)])
    >>> _nearer_round_the_start(index, np.array([0, 0]), np.array([100.0, 50.0]), np.array([300.0, 1550.0]), lots).tolist()
    [False, True]
    """
    length = mhw.part_length[part]
    inside = mhw.point_at(part, (lo + hi) / 2.0)
    outside = mhw.point_at(part, np.mod(hi + (length - (hi - lo)) / 2.0, length))
    edge = shapely.get_exterior_ring(polys)
    return shapely.distance(shapely.points(outside), edge) < shapely.distance(shapely.points(inside), edge)


def no_corners() -> WaterCorners:
    """The :class:`WaterCorners` of no lot."""
    empty = np.empty((0, 2))
    none = np.empty(0, dtype=int)
    return WaterCorners(
        none, empty, empty, empty, empty, empty, none, np.empty(0), none, none, np.empty(0, dtype=object), np.empty(0),
        np.empty(0, dtype=bool), np.empty(0),
    )


def _no_lots() -> VectorRiparian:
    empty = np.empty(0, dtype=object)
    none = np.empty(0, dtype=int)
    return VectorRiparian(none, empty, empty, empty, empty, np.empty((0, 2)), np.empty((0, 2)), none, np.empty((0, 3, 2, 2)))


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
