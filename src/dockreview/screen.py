"""Screen a whole parcel layer: which lots could ever have a dock, and why not.

For every parcel the screen answers what :func:`dockreview.envelope.lot_envelope`
answers for one lot (frontage, required setback, band width, envelope area,
greatest reach, existing docks, eligibility and every reason), but worked on
shapely arrays over the whole layer: an STRtree finds the MHW line, channels and
docks near each lot, and the riparian geometry of :mod:`dockreview.riparian` is
rebuilt from the parcel rings' vertices (:func:`vector_riparian`).

That rebuild holds for the usual lot: one run of boundary on the water, and on
each side a straight side-line edge reaching at least 50 ft (the chord
:data:`~dockreview.riparian.EXTENSION_CHORD_FT` the extension's direction is
taken over) plus the tolerance landward of the MHW line, on an open MHW line.
Every other lot -- two water runs, a short or bent side line, an island's closed
shore, a side line that never crosses the MHW line -- is measured by the
single-lot functions, so the answers are the same either way.

With soundings and a vessel draft (:class:`NavigableDepth`), each lot's reach
limit is the navigable-depth limit of Docks D(1) as :func:`dockreview.envelope.site_envelope`
finds it for one lot: along the lot's axis from the middle of its band, where the
depth first reaches the draft plus the clearance, plus the float's extent, at
most 200 ft. The soundings are triangulated once for the whole layer and every
lot's axis is sampled in one array. A lot whose axis the soundings do not cover
far enough *needs data*: it is not eligible, and says so.

With ``backend="dask"`` the lots are worked in spatial partitions on a
dask.distributed cluster, each partition sent the shore, channels and docks near
it (:func:`_dask_figures`). With ``audit=True`` every existing dock is reviewed
against the geometric checks of its own lot (:func:`audit_docks`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import warnings
from dataclasses import dataclass
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from pyproj import CRS
from tqdm.auto import tqdm

from . import crs as crs_mod
from .bathymetry import Bathymetry, bathymetry
from .dock import footprint_dock
from .envelope import (
    GEOMETRIC_CHECKS,
    REACH_TOLERANCE_FT,
    band_middle,
    band_width,
    greatest_reach,
    keep_clear,
    lot_envelope,
    nearest_obstacle,
    no_dock_reasons,
    obstacle_pairs,
    own_docks,
    required_setback,
    setback_band,
    setback_strips,
)
from .errors import DockReviewError, LayerError
from .io import DockReviewWarning, atomic_path, read_layer
from .manifest import DockSpec, LayerSpec, Manifest, ReviewSettings, Vessel
from .measure import DEPTH_STEP_FT, measure
from .profile import Profile
from .riparian import EXTENSION_CHORD_FT, riparian_geometry
from .review import facts_of
from .rules import CHECKS
from .rules.base import FAIL, NEEDS_DATA
from .site import Site

log = logging.getLogger("dockreview")

#: New York RPS property classes of a single-family dwelling (Docks B): 210 one family year-round,
#: 215 one family year-round with an accessory apartment.
SINGLE_FAMILY_CLASSES = ("210", "215")
#: Lots worked together in one vectorised batch (bounds memory; one progress-bar step).
BATCH_LOTS = 20_000
#: Vertices per piece of the MHW line in its STRtree.
MHW_CHUNK_VERTICES = 8
#: Vertices this close (units) to the line through their neighbours are dropped from the rings.
COLLINEAR_UNITS = 1e-6
#: Slack (ft) beyond the extension chord and tolerance that a side-line edge must reach landward.
SIDE_SLACK_FT = 2.0

#: Per-lot figures the envelope work gives, before the table is assembled.
FIGURE_COLUMNS = (
    "frontage_ft", "required_setback_ft", "band_width_ft", "envelope_area_sqft", "greatest_reach_ft",
    "nearest_obstacle_ft", "existing_docks", "band_empty", "reach_limit_ft", "needs_data", "envelope",
)
BACKENDS = ("local", "dask")
#: Dask partitions: about this many parcels each, but at least DASK_PARTITIONS_MIN and at most DASK_PARTITIONS_MAX.
DASK_LOTS_PER_PARTITION = 50_000
DASK_PARTITIONS_MIN = 4
DASK_PARTITIONS_MAX = 64
#: Lots whose axes are sampled for depth in one interpolation (bounds memory).
NAV_CHUNK_LOTS = 2_000
#: The soundings' depth field unless told otherwise (as in the README's site manifest).
DEPTH_FIELD = "DEPTH_MLW"


@dataclass
class ScreenLayers:
    """The layers of a screen, in the working CRS.

    Attributes
    ----------
    parcels : GeoDataFrame
        One polygon per parcel (the largest part of a multi-part parcel).
    mhw : shapely geometry
        The MHW line, merged.
    channels, docks : GeoDataFrame or None
    crs : pyproj.CRS
    ft_per_unit : float
    soundings : GeoDataFrame or None
        Soundings (points), column ``depth_ft``: feet below mean low water, positive down.
    """

    parcels: gpd.GeoDataFrame
    mhw: shapely.Geometry
    channels: gpd.GeoDataFrame | None
    docks: gpd.GeoDataFrame | None
    crs: CRS
    ft_per_unit: float
    soundings: gpd.GeoDataFrame | None = None


def _spec(text: str) -> LayerSpec:
    path = Path(text)
    if not path.exists() and ":" in text:
        head, _, layer = text.rpartition(":")
        return LayerSpec(Path(head), layer or None, None, text)
    return LayerSpec(path, None, None, text)


def _polygons(frame: gpd.GeoDataFrame, label: str) -> gpd.GeoDataFrame:
    """Keep rows with polygon area; a multi-part parcel keeps its largest part (as the review does)."""
    geoms = frame.geometry.values
    keep = ~(shapely.is_missing(geoms) | shapely.is_empty(geoms))
    frame = frame[keep].copy()
    geoms = shapely.force_2d(frame.geometry.values)
    invalid = ~shapely.is_valid(geoms)
    if invalid.any():
        warnings.warn(f"{label}: {int(invalid.sum())} invalid geometries repaired with make_valid", DockReviewWarning, stacklevel=3)
        geoms[invalid] = shapely.make_valid(geoms[invalid])
    parts, index = shapely.get_parts(geoms, return_index=True)
    is_polygon = shapely.get_type_id(parts) == 3
    parts, index = parts[is_polygon], index[is_polygon]
    area = shapely.area(parts)
    order = np.lexsort((-area, index))
    first = np.r_[True, index[order][1:] != index[order][:-1]]
    largest = np.full(len(geoms), None, dtype=object)
    largest[index[order][first]] = parts[order][first]
    frame = frame.set_geometry(gpd.GeoSeries(largest, index=frame.index, crs=frame.crs))
    return frame[~shapely.is_missing(largest)]


def read_screen_layers(
    parcels: str, mhw: str, *, channels: str | None = None, docks: str | None = None, crs: str | None = None,
    engine: str = "pyogrio", soundings: str | None = None, depth_field: str = DEPTH_FIELD,
) -> ScreenLayers:
    """Read the screen's layers (``file`` or ``file.gpkg:layer``) into the working CRS.

    The working CRS is ``crs``, else the parcel layer's own; it must be projected.
    The soundings' depths (ft below MLW, positive down) are read from ``depth_field``.
    """
    frames = {}
    sources = (("parcels", parcels), ("mhw", mhw), ("channels", channels), ("docks", docks), ("soundings", soundings))
    for role, text in sources:
        frames[role] = None if text is None else read_layer(_spec(text), role=role, engine=engine)
    working = crs_mod.working_crs(crs or frames["parcels"].crs.to_string(), where="--crs" if crs else f"parcels layer {parcels}")
    for role, frame in frames.items():
        if frame is not None and not frame.empty and not frame.crs.equals(working):
            frames[role] = frame.to_crs(working)
    parcel_frame = _polygons(frames["parcels"], f"parcels layer {parcels}")
    if parcel_frame.empty:
        raise LayerError(f"parcels layer {parcels}: no polygon features")
    lines = frames["mhw"].geometry.values
    lines = lines[~(shapely.is_missing(lines) | shapely.is_empty(lines))]
    lines = np.where(shapely.get_dimensions(lines) == 2, shapely.boundary(lines), lines)
    merged = shapely.line_merge(shapely.union_all(lines))
    if merged.is_empty:
        raise LayerError(f"mhw layer {mhw}: the layer has no line work")
    optional = {}
    for role in ("channels", "docks"):
        frame = frames[role]
        if frame is not None:
            frame = frame[~(shapely.is_missing(frame.geometry.values) | shapely.is_empty(frame.geometry.values))]
        optional[role] = frame
    depths = None if frames["soundings"] is None else _depths(frames["soundings"], depth_field, f"soundings layer {soundings}")
    return ScreenLayers(
        parcel_frame, merged, optional["channels"], optional["docks"], working, crs_mod.feet_per_unit(working), depths
    )


def _depths(frame: gpd.GeoDataFrame, depth_field: str, label: str) -> gpd.GeoDataFrame:
    """Sounding points with a numeric depth, as column ``depth_ft``."""
    if depth_field not in frame.columns:
        fields = ", ".join(c for c in frame.columns if c != frame.geometry.name)
        raise LayerError(f"{label}: no field '{depth_field}' (--depth-field); fields: {fields}")
    depth = pd.to_numeric(frame[depth_field], errors="coerce").to_numpy(dtype=float)
    geoms = frame.geometry.values
    keep = np.isfinite(depth) & ~(shapely.is_missing(geoms) | shapely.is_empty(geoms))
    if not keep.any():
        raise LayerError(f"{label}: no sounding has a numeric depth in '{depth_field}'")
    return gpd.GeoDataFrame({"depth_ft": depth[keep]}, geometry=geoms[keep], crs=frame.crs)


# ---------------------------------------------------------------------------
# the MHW line, cut into pieces for array look-ups
# ---------------------------------------------------------------------------
class MhwIndex:
    """The MHW line cut into short pieces in an STRtree, with each piece's place along its part.

    Positions along a part are in working units from the part's start, as
    :func:`shapely.line_locate_point` gives them on the whole part.
    """

    def __init__(self, mhw: shapely.Geometry) -> None:
        parts = np.array([p for p in shapely.get_parts(mhw) if shapely.length(p) > 0], dtype=object)
        self.parts = parts
        self.closed = shapely.is_closed(parts)
        xy, part_of = shapely.get_coordinates(parts, return_index=True)
        step = np.r_[0.0, np.hypot(*np.diff(xy, axis=0).T)]
        starts = np.r_[True, part_of[1:] != part_of[:-1]]
        step[starts] = 0.0
        cum = np.cumsum(step)
        cum -= np.repeat(cum[starts], np.diff(np.r_[np.flatnonzero(starts), len(xy)]))
        self.xy, self.part_of, self.cum = xy, part_of, cum
        self.key_scale = float(cum.max()) + 1.0 if len(cum) else 1.0
        self.key = part_of * self.key_scale + cum

        local = np.arange(len(xy)) - np.flatnonzero(starts)[part_of]
        last = np.r_[part_of[1:] != part_of[:-1], True]
        is_start = (local % MHW_CHUNK_VERTICES == 0) & ~last
        chunk_id = np.cumsum(is_start) - 1
        # a chunk's last vertex is also the next chunk's first
        repeat = is_start & (local > 0)
        rows = np.r_[np.arange(len(xy)), np.flatnonzero(repeat)]
        ids = np.r_[chunk_id, chunk_id[repeat] - 1]
        order = np.lexsort((rows, ids))
        self.chunks = shapely.linestrings(xy[rows[order]], indices=ids[order])
        self.chunk_part = part_of[is_start]
        self.chunk_offset = cum[is_start]
        self.part_length = shapely.length(parts)
        self.tree = shapely.STRtree(self.chunks)

    def nearest(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The nearest piece of each point, and the distance to it."""
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


def _unit(v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n = np.hypot(v[:, 0], v[:, 1])
    with np.errstate(invalid="ignore", divide="ignore"):
        return v / n[:, None], n


def vector_riparian(polys: np.ndarray, mhw: MhwIndex, *, tolerance: float, ft_per_unit: float, beyond):
    """Riparian geometry of every usual lot among ``polys``; the others are returned for one-by-one work.

    ``beyond(frontage)`` gives, for frontages of those lengths (units), how far
    from the frontage the caller will look (the reach plus the setback): side
    lines and zones are drawn far enough for it, and no farther.

    Returns
    -------
    VectorRiparian, ndarray
        The resolved lots, and the indices of the lots left to the single-lot functions.
    """
    n_lots = len(polys)
    # collinear vertices (a side line split in two) change nothing but which lots look usual
    ring = shapely.get_exterior_ring(shapely.simplify(polys, COLLINEAR_UNITS))
    xy, lot = shapely.get_coordinates(ring, return_index=True)
    closing = np.r_[lot[1:] != lot[:-1], True]
    xy, lot = xy[~closing], lot[~closing]
    counts = np.bincount(lot, minlength=n_lots)
    first = np.r_[0, np.cumsum(counts)[:-1]]
    local = np.arange(len(xy)) - first[lot]
    nxt = np.where(local == counts[lot] - 1, first[lot], np.arange(len(xy)) + 1)
    prv = np.where(local == 0, first[lot] + counts[lot] - 1, np.arange(len(xy)) - 1)

    points = shapely.points(xy)
    near = mhw.within(points, tolerance)
    centroid = shapely.centroid(polys)
    c_chunk, _ = mhw.nearest(centroid)
    land = mhw.side(shapely.get_coordinates(centroid), c_chunk)
    far_out = np.flatnonzero(~near)
    seaward = np.zeros(len(xy), dtype=bool)
    if len(far_out):
        chunk, _ = mhw.nearest(points[far_out])
        side = mhw.side(xy[far_out], chunk)
        same_part = mhw.chunk_part[chunk] == mhw.chunk_part[c_chunk[lot[far_out]]]
        seaward[far_out] = (side != 0) & (side != land[lot[far_out]]) & same_part
    flag = near | seaward

    starts = flag & ~flag[prv]
    ends = flag & ~flag[nxt]
    runs = np.bincount(lot[starts], minlength=n_lots)
    ok = runs == 1

    # an edge between two water vertices must itself lie on the water; an edge between two land
    # vertices must stay clear of the MHW line
    mid = (xy + xy[nxt]) / 2
    both = flag & flag[nxt]
    if both.any():
        bad = ~mhw.within(shapely.points(mid[both]), tolerance)
        ok[np.unique(lot[both][bad])] = False
    neither = ~flag & ~flag[nxt]
    if neither.any():
        edges = shapely.linestrings(np.stack([xy[neither], xy[nxt][neither]], axis=1))
        hit, _ = mhw.tree.query(edges, predicate="dwithin", distance=tolerance)
        ok[np.unique(lot[neither][hit])] = False

    s = np.full(n_lots, -1)
    e = np.full(n_lots, -1)
    s[lot[starts]] = np.flatnonzero(starts)
    e[lot[ends]] = np.flatnonzero(ends)
    ok &= (s >= 0) & (e >= 0)
    idx = np.flatnonzero(ok)
    s, e = s[idx], e[idx]
    a0, a1 = xy[prv[s]], xy[s]
    b0, b1 = xy[nxt[e]], xy[e]
    da, la = _unit(a1 - a0)
    db, lb = _unit(b1 - b0)
    reach_in = (EXTENSION_CHORD_FT + SIDE_SLACK_FT) / ft_per_unit + tolerance
    inland_enough = ~mhw.within(shapely.points(a0), reach_in) & ~mhw.within(shapely.points(b0), reach_in)
    good = (la > 0) & (lb > 0) & inland_enough & (prv[s] != nxt[e])

    far = np.maximum(1000.0 / ft_per_unit, 3.0 * shapely.length(polys[idx]))
    line_a = shapely.linestrings(np.stack([a0, a0 + da * (la + far)[:, None]], axis=1))
    line_b = shapely.linestrings(np.stack([b0, b0 + db * (lb + far)[:, None]], axis=1))
    ca, hit_a = _crossing(line_a, a1, mhw)
    cb, hit_b = _crossing(line_b, b1, mhw)
    good &= hit_a & hit_b
    chunk_a, _ = mhw.nearest(shapely.points(ca))
    chunk_b, _ = mhw.nearest(shapely.points(cb))
    part = mhw.chunk_part[chunk_a]
    good &= (part == mhw.chunk_part[chunk_b]) & ~mhw.closed[part]
    pos_a = mhw.locate(shapely.points(ca), chunk_a)
    pos_b = mhw.locate(shapely.points(cb), chunk_b)
    good &= np.abs(pos_a - pos_b) > 0

    keep = np.flatnonzero(good)
    pos_a, pos_b, part = pos_a[keep], pos_b[keep], part[keep]
    ca, cb, da, db = ca[keep], cb[keep], da[keep], db[keep]
    # the frontage runs from the corner lower along the part; its side line leads the zone's ring
    swap = pos_a > pos_b
    lo_pt, hi_pt = np.where(swap[:, None], cb, ca), np.where(swap[:, None], ca, cb)
    lo_dir, hi_dir = np.where(swap[:, None], db, da), np.where(swap[:, None], da, db)
    lo, hi = np.minimum(pos_a, pos_b), np.maximum(pos_a, pos_b)
    start = shapely.get_coordinates(shapely.line_interpolate_point(mhw.chunks[chunk_a[keep]], pos_a - mhw.chunk_offset[chunk_a[keep]]))
    end = shapely.get_coordinates(shapely.line_interpolate_point(mhw.chunks[chunk_b[keep]], pos_b - mhw.chunk_offset[chunk_b[keep]]))
    start, end = np.where(swap[:, None], end, start), np.where(swap[:, None], start, end)
    frontage = mhw.between(part, lo, hi, start, end)
    # nothing farther than beyond(F) from a frontage F long matters, nor the lines past 2 (beyond(F) + F)
    length = 2.0 * (beyond(hi - lo) + (hi - lo))
    side_a = shapely.linestrings(np.stack([a0[keep], ca + da * length[:, None]], axis=1))
    side_b = shapely.linestrings(np.stack([b0[keep], cb + db * length[:, None]], axis=1))
    zone = _zone(frontage, lo_pt, lo_dir, hi_pt, hi_dir, length)
    resolved = idx[keep]
    left_over = np.setdiff1d(np.arange(n_lots), resolved)
    return VectorRiparian(resolved, frontage, side_a, side_b, zone), left_over


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


def _zone(frontage, lo_pt, lo_dir, hi_pt, hi_dir, far):
    """Each lot's water: the frontage closed by its two extensions (the part at the frontage when they cross)."""
    front_xy, owner = shapely.get_coordinates(frontage, return_index=True)
    n = len(frontage)
    counts = np.bincount(owner, minlength=n) + 3
    ring_of = np.repeat(np.arange(n), counts)
    offset = np.r_[0, np.cumsum(counts)[:-1]]
    rank = np.arange(counts.sum()) - np.repeat(offset, counts)
    coords = np.empty((counts.sum(), 2))
    head = rank == 0
    tail_far = rank == np.repeat(counts - 2, counts)
    close = rank == np.repeat(counts - 1, counts)
    coords[head] = lo_pt + lo_dir * far[:, None]
    coords[tail_far] = hi_pt + hi_dir * far[:, None]
    coords[close] = coords[head]
    coords[~(head | tail_far | close)] = front_xy
    zone = shapely.make_valid(shapely.polygons(shapely.linearrings(coords, indices=ring_of)))
    parts, index = shapely.get_parts(zone, return_index=True)
    polygonal = shapely.get_type_id(parts) == 3
    parts, index = parts[polygonal], index[polygonal]
    middle = shapely.line_interpolate_point(frontage, 0.5, normalized=True)
    d = shapely.distance(parts, middle[index])
    order = np.lexsort((-shapely.area(parts), d, index))
    best = order[np.r_[True, index[order][1:] != index[order][:-1]]]
    out = np.array([shapely.Polygon()] * n, dtype=object)
    out[index[best]] = parts[best]
    return out


# ---------------------------------------------------------------------------
# the navigable-depth limit of many lots at once (Docks D(1))
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class NavigableDepth:
    """The soundings, triangulated once, and the depth a dock must reach (Docks D(1)).

    Attributes
    ----------
    bathymetry : Bathymetry
        The whole layer's depth surface (:func:`dockreview.bathymetry.bathymetry`).
    required_ft : float
        The vessel's draft plus the clearance (ft below MLW).
    float_extent_ft : float
        How far the dock's float reaches along its axis (ft); the float may lie
        beyond the navigable-depth point. 0 for a plain walkway.
    """

    bathymetry: Bathymetry
    required_ft: float
    float_extent_ft: float = 0.0

    def limits(self, origins: np.ndarray, axes: np.ndarray, *, cap_ft: float, ft_per_unit: float) -> np.ndarray:
        """The reach each dock may have, as ``measure`` gives ``max_allowed_reach_ft`` for one (ft).

        Each axis (unit vectors, shape (n, 2)) is sampled from its origin on the
        MHW line every :data:`~dockreview.measure.DEPTH_STEP_FT` out to ``cap_ft``,
        :data:`NAV_CHUNK_LOTS` lots to an interpolation; the first deep-enough sample is refined
        linearly with the one before it. Only the stretch the soundings cover
        without a gap, from its first covered sample, counts.

        Returns
        -------
        ndarray
            ``min(cap, navigable reach + float extent)``; ``cap`` where the data
            cover the axis out to it without reaching the depth; NaN where they
            do not (the lot needs data).
        """
        s = np.arange(0.0, cap_ft + DEPTH_STEP_FT / 2, DEPTH_STEP_FT)
        depth = np.empty((len(origins), len(s)))
        for i in range(0, len(origins), NAV_CHUNK_LOTS):
            xy = origins[i : i + NAV_CHUNK_LOTS, None, :] + (s / ft_per_unit)[None, :, None] * axes[i : i + NAV_CHUNK_LOTS, None, :]
            depth[i : i + NAV_CHUNK_LOTS] = self._depth_at(xy.reshape(-1, 2)).reshape(-1, len(s))
        run = _covered_run(np.isfinite(depth))
        deep = run & (np.nan_to_num(depth, nan=-np.inf) >= self.required_ft)
        found = deep.any(axis=1)
        nav = _first_crossing(depth, s, np.argmax(deep, axis=1), np.argmax(run, axis=1), self.required_ft)
        covered = np.where(run.any(axis=1), s[run.shape[1] - 1 - np.argmax(run[:, ::-1], axis=1)], 0.0)
        unreached = np.where(covered >= cap_ft, cap_ft, np.nan)
        return np.where(found, np.minimum(cap_ft, nav + self.float_extent_ft), unreached)


    def _depth_at(self, xy: np.ndarray) -> np.ndarray:
        """Depths at ``xy`` (n, 2); NaN outside the soundings' hull, which is not searched for them.

        (Scipy looks for a point outside the hull but inside its bounding box
        through every triangle, which is slow.)
        """
        hull = self.bathymetry.hull
        shapely.prepare(hull)
        inside = shapely.intersects_xy(hull, xy[:, 0], xy[:, 1])
        out = np.full(len(xy), np.nan)
        out[inside] = self.bathymetry.depth_at(xy[inside])
        return out


def _covered_run(known: np.ndarray) -> np.ndarray:
    """Per row, the samples from the first known one up to (not including) the next unknown one."""
    index = np.arange(known.shape[1])
    first = np.argmax(known, axis=1)
    after = index[None, :] >= first[:, None]
    gap = ~known & after
    stop = np.where(gap.any(axis=1), np.argmax(gap, axis=1), known.shape[1])
    return after & (index[None, :] < stop[:, None]) & known.any(axis=1)[:, None]


def _first_crossing(depth: np.ndarray, s: np.ndarray, k: np.ndarray, first: np.ndarray, required_ft: float) -> np.ndarray:
    """Distance where the depth reaches ``required_ft``: sample ``k``, interpolated from ``k - 1`` unless ``k`` is the first."""
    rows = np.arange(len(k))
    before = np.maximum(k - 1, 0)
    d0, d1 = depth[rows, before], depth[rows, k]
    with np.errstate(invalid="ignore", divide="ignore"):
        between = s[before] + (required_ft - d0) / (d1 - d0) * (s[k] - s[before])
    return np.where(k == first, s[k], between)


def band_middles(frontages: np.ndarray, strips: np.ndarray) -> np.ndarray:
    """The middle of each band at the MHW line (its longest piece), else the frontage's midpoint.

    The array form of :func:`dockreview.envelope.band_middle`: where a dock is
    grown from to find the navigable-depth limit.
    """
    pieces = shapely.line_merge(shapely.difference(frontages, strips))
    parts, owner = shapely.get_parts(pieces, return_index=True)
    out = shapely.line_interpolate_point(shapely.line_merge(frontages), 0.5, normalized=True)
    if len(parts):
        order = np.lexsort((-shapely.length(parts), owner))
        longest = order[np.r_[True, owner[order][1:] != owner[order][:-1]]]
        out[owner[longest]] = shapely.line_interpolate_point(parts[longest], 0.5, normalized=True)
    return out


def seaward_axes(frontages: np.ndarray, parcels: np.ndarray) -> np.ndarray:
    """Unit normals to each frontage's chord, pointing away from its lot (the dock's default bearing)."""
    start = shapely.get_coordinates(shapely.get_point(frontages, 0))
    end = shapely.get_coordinates(shapely.get_point(frontages, -1))
    chord, _ = _unit(end - start)
    normal = np.stack([-chord[:, 1], chord[:, 0]], axis=1)
    mid = shapely.get_coordinates(shapely.line_interpolate_point(frontages, 0.5, normalized=True))
    away = mid - shapely.get_coordinates(shapely.centroid(parcels))
    return np.where((np.sum(normal * away, axis=1) >= 0)[:, None], normal, -normal)


# ---------------------------------------------------------------------------
# the screen
# ---------------------------------------------------------------------------
@dataclass
class ScreenResult:
    """The screen's answer: one row per parcel, the envelopes, and the audit when asked for."""

    parcels: gpd.GeoDataFrame
    envelopes: gpd.GeoDataFrame
    audit: gpd.GeoDataFrame | None = None

    def summary(self) -> dict[str, int]:
        """Counts of parcels, waterfront parcels and eligible parcels."""
        p = self.parcels
        out = {"parcels": len(p), "front the MHW line": int(p["fronts_mhw"].sum()), "eligible": int(p["eligible"].sum())}
        if p["needs_data"].any():
            out["need depth data"] = int(p["needs_data"].sum())
        if self.audit is not None:
            out["existing docks audited"] = len(self.audit)
            out["docks not allowed today"] = int((self.audit["verdict"] == "noncompliant").sum())
        return out


def _lot_figures(polys, lots, layers: ScreenLayers, mhw: MhwIndex, profile: Profile, tolerance_ft: float, depth: NavigableDepth | None):
    """Envelope figures of the lots ``lots`` (indices into ``polys``), worked as arrays."""
    ft = layers.ft_per_unit
    max_reach = profile("max_reach_ft") / ft

    def beyond(frontage):
        return max_reach + required_setback(frontage * ft, profile) / ft

    rip, left_over = vector_riparian(polys[lots], mhw, tolerance=tolerance_ft / ft, ft_per_unit=ft, beyond=beyond)
    frontage_ft = shapely.length(rip.frontage) * ft
    setback_ft = required_setback(frontage_ft, profile)
    strips = setback_strips(rip.side_a, rip.side_b, setback_ft / ft)
    width_ft = band_width(rip.frontage, strips) * ft
    reach_ft = np.full(len(rip.lot), profile("max_reach_ft"))
    if depth is not None:
        has_band = np.flatnonzero(width_ft > 0)
        reach_ft[has_band] = depth.limits(
            shapely.get_coordinates(band_middles(rip.frontage[has_band], strips[has_band])),
            seaward_axes(rip.frontage[has_band], polys[lots[rip.lot[has_band]]]),
            cap_ft=profile("max_reach_ft"), ft_per_unit=ft,
        )
    needs_data = np.isnan(reach_ft)
    band = setback_band(rip.zone, strips, rip.frontage, np.where(needs_data, profile("max_reach_ft"), reach_ft) / ft)
    channels = None if layers.channels is None else np.asarray(layers.channels.geometry.values, dtype=object)
    docks = None if layers.docks is None else np.asarray(layers.docks.geometry.values, dtype=object)
    own_dock, own_lot = own_docks(rip.zone, rip.frontage, docks, tolerance_ft / ft)
    clearance = profile("min_terminus_clearance_ft") / ft
    obstacles = obstacle_pairs(band, channels, docks, own_lot, own_dock, clearance)
    envelope = keep_clear(band, obstacles)
    figures = pd.DataFrame(
        {
            "frontage_ft": frontage_ft,
            "required_setback_ft": setback_ft,
            "band_width_ft": width_ft,
            "envelope_area_sqft": shapely.area(envelope) * ft * ft,
            "greatest_reach_ft": greatest_reach(envelope, rip.frontage, REACH_TOLERANCE_FT / ft) * ft,
            "nearest_obstacle_ft": nearest_obstacle(rip.frontage, strips, obstacles) * ft,
            "existing_docks": np.bincount(own_lot, minlength=len(rip.lot)),
            "band_empty": shapely.area(band) <= 0,
            "reach_limit_ft": reach_ft,
            "needs_data": needs_data,
            "envelope": envelope,
        },
        index=lots[rip.lot],
    )
    return figures, lots[left_over]


def _one_by_one(polys, lots, layers: ScreenLayers, mhw: MhwIndex, profile: Profile, tolerance_ft: float, depth: NavigableDepth | None):
    """Envelope figures of the lots the arrays could not resolve, by the single-lot functions.

    With soundings the reach limit is found as :func:`dockreview.envelope.site_envelope`
    finds it: along the lot's axis from the middle of its band (Docks D(1)).
    """
    ft = layers.ft_per_unit
    rows, index = [], []
    nearby = [
        None if frame is None else (np.asarray(frame.geometry.values, dtype=object), shapely.STRtree(frame.geometry.values))
        for frame in (layers.channels, layers.docks)
    ]
    for i in lots:
        poly = polys[i]
        reach = 3.0 * poly.length + 1000.0 / ft
        box = shapely.buffer(shapely.envelope(poly), reach)
        local = mhw.near(box)
        if local.is_empty:
            continue
        channels, docks = (None if n is None else n[0][np.sort(n[1].query(box))] for n in nearby)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DockReviewWarning)
                env, limit = _depth_limited_envelope(
                    poly, local, ft_per_unit=ft, profile=profile, channels=channels, docks=docks, tolerance_ft=tolerance_ft, depth=depth
                )
        except DockReviewError as exc:
            log.debug("lot %s: %s", i, exc)
            continue
        rows.append(
            {
                "frontage_ft": env.frontage_ft,
                "required_setback_ft": env.required_setback_ft,
                "band_width_ft": env.band_width_ft,
                "envelope_area_sqft": env.area_sqft,
                "greatest_reach_ft": env.greatest_reach_ft,
                "nearest_obstacle_ft": np.nan if env.nearest_obstacle_ft is None else env.nearest_obstacle_ft,
                "existing_docks": env.existing_docks,
                "band_empty": shapely.area(env.band) <= 0,
                "reach_limit_ft": limit,
                "needs_data": bool(np.isnan(limit)),
                "envelope": env.geometry,
            }
        )
        index.append(i)
    return pd.DataFrame(rows, index=np.asarray(index, dtype=int), columns=list(FIGURE_COLUMNS))


def _depth_limited_envelope(poly, mhw, *, ft_per_unit, profile, channels, docks, tolerance_ft, depth: NavigableDepth | None):
    """``lot_envelope`` of one lot within its navigable-depth limit (Docks D(1)), and that limit (ft; NaN: needs data).

    As :func:`dockreview.envelope.site_envelope`: the limit is found along the
    lot's axis from the middle of its band, and applied when under the 200-ft cap.
    """
    env = lot_envelope(poly, mhw, ft_per_unit=ft_per_unit, profile=profile, channels=channels, docks=docks, tolerance_ft=tolerance_ft)
    if depth is None or env.band_width_ft <= 0:
        return env, env.reach_limit_ft
    origin = shapely.get_coordinates(band_middle(env))
    limit = float(depth.limits(origin, env.riparian.seaward[None, :], cap_ft=env.reach_limit_ft, ft_per_unit=ft_per_unit)[0])
    if limit < env.reach_limit_ft:
        env = lot_envelope(
            poly, mhw, ft_per_unit=ft_per_unit, profile=profile, channels=channels, docks=docks, tolerance_ft=tolerance_ft,
            reach_ft=limit,
        )
    return env, limit


def screen(
    layers: ScreenLayers, *, profile: Profile, id_field: str | None = None, class_field: str | None = None,
    qualifying: tuple[str, ...] = SINGLE_FAMILY_CLASSES, tolerance_ft: float = 5.0, audit: bool = False,
    dock_id_field: str | None = None, progress: bool | None = None, backend: str = "local",
    scheduler: str | None = None, draft_ft: float | None = None, float_extent_ft: float = 0.0,
) -> ScreenResult:
    """Screen every parcel of ``layers`` for a dock (Docks B, C, D(1)).

    Parameters
    ----------
    layers : ScreenLayers
        From :func:`read_screen_layers`.
    profile : Profile
    id_field : str, optional
        Parcel id field copied to the output (default: the row number).
    class_field : str, optional
        Property class field; a lot qualifies when its class is in ``qualifying``.
        Without it the class is not judged.
    tolerance_ft : float
        How close to the MHW line a parcel boundary counts as on it.
    audit : bool
        Also review every existing dock against its own lot (:func:`audit_docks`).
    dock_id_field : str, optional
        The docks layer's field grouping component features into one dock.
    progress : bool, optional
        Show a progress bar (None: only on a terminal).
    backend : {"local", "dask"}
        ``dask`` runs the lots in spatial partitions on a dask.distributed cluster
        (:func:`_dask_figures`); the answers are the same.
    scheduler : str, optional
        Address of an existing dask scheduler; default a local cluster with one
        single-threaded worker per CPU.
    draft_ft : float, optional
        The vessel's draft; with the layers' soundings, each lot's reach limit
        is the navigable-depth limit (Docks D(1)) at the draft plus the
        profile's ``nav_depth_clearance_ft``. Needed with soundings.
    float_extent_ft : float
        The float's extent along the dock's axis (ft), allowed beyond the
        navigable-depth point; 0 for a plain walkway.
    """
    if backend not in BACKENDS:
        raise DockReviewError(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}")
    parcels = layers.parcels
    if id_field is not None and id_field not in parcels.columns:
        raise LayerError(f"parcels layer: no field '{id_field}' (--id-field); fields: {', '.join(map(str, parcels.columns))}")
    if class_field is not None and class_field not in parcels.columns:
        raise LayerError(f"parcels layer: no field '{class_field}' (--class-field); fields: {', '.join(map(str, parcels.columns))}")
    if dock_id_field is not None and layers.docks is not None and dock_id_field not in layers.docks.columns:
        raise LayerError(f"docks layer: no field '{dock_id_field}' (--dock-id-field); fields: {', '.join(map(str, layers.docks.columns))}")
    audit_layers = layers
    if dock_id_field is not None and layers.docks is not None:
        layers = dataclasses.replace(layers, docks=layers.docks.dissolve(by=dock_id_field, as_index=False))
    depth = navigable_depth(layers, profile, draft_ft, float_extent_ft)
    if backend == "dask":
        figures = _dask_figures(layers, profile, tolerance_ft, scheduler, depth)
    else:
        figures = _figures(layers, profile, tolerance_ft, progress, depth)
    table = _parcel_table(parcels, figures, id_field, class_field, qualifying, profile)
    has_area = shapely.area(figures["envelope"].to_numpy()) > 0
    env_frame = gpd.GeoDataFrame(
        {"parcel_id": table["parcel_id"].to_numpy()[figures.index.to_numpy()[has_area]]},
        geometry=gpd.GeoSeries(figures["envelope"].to_numpy()[has_area], crs=layers.crs),
    )
    result = ScreenResult(table, env_frame)
    if audit:
        result.audit = audit_docks(
            audit_layers, table, profile=profile, tolerance_ft=tolerance_ft, dock_id_field=dock_id_field, draft_ft=draft_ft
        )
    return result


def navigable_depth(layers: ScreenLayers, profile: Profile, draft_ft: float | None, float_extent_ft: float) -> NavigableDepth | None:
    """The layers' soundings triangulated once, with the depth a dock must reach (Docks D(1)); None without soundings."""
    if layers.soundings is None:
        if draft_ft is not None:
            raise DockReviewError("a vessel draft (--draft) needs a soundings layer (--soundings)")
        return None
    if draft_ft is None:
        raise DockReviewError("a soundings layer (--soundings) needs the vessel draft (--draft) to find navigable depth")
    if draft_ft <= 0 or float_extent_ft < 0:
        raise DockReviewError("--draft must be positive and --float-extent not negative")
    surface = bathymetry(layers.soundings, label="soundings layer")
    return NavigableDepth(surface, draft_ft + profile("nav_depth_clearance_ft"), float_extent_ft)


def _figures(layers: ScreenLayers, profile: Profile, tolerance_ft: float, progress: bool | None, depth: NavigableDepth | None) -> pd.DataFrame:
    """Envelope figures (:data:`FIGURE_COLUMNS`) of every lot that fronts the MHW line, by parcel row number."""
    polys = np.asarray(layers.parcels.geometry.values, dtype=object)
    mhw = MhwIndex(layers.mhw)
    near = shapely.STRtree(polys).query(mhw.chunks, predicate="dwithin", distance=tolerance_ft / layers.ft_per_unit)[1]
    fronting = np.unique(near)
    frames = [pd.DataFrame(columns=list(FIGURE_COLUMNS))]
    batches = [fronting[i : i + BATCH_LOTS] for i in range(0, len(fronting), BATCH_LOTS)]
    for lots in tqdm(batches, desc="screen", unit="batch", disable=False if progress else (None if progress is None else True)):
        figures, left = _lot_figures(polys, lots, layers, mhw, profile, tolerance_ft, depth)
        frames.append(figures)
        if len(left):
            log.info("%d lots measured one by one (an unusual shore or side line)", len(left))
            frames.append(_one_by_one(polys, left, layers, mhw, profile, tolerance_ft, depth))
    return pd.concat([f for f in frames if len(f)] or frames[:1])


def _dask_figures(
    layers: ScreenLayers, profile: Profile, tolerance_ft: float, scheduler: str | None, depth: NavigableDepth | None
) -> pd.DataFrame:
    """:func:`_figures` over spatial partitions of the parcels on a dask.distributed cluster.

    The parcels are partitioned along a Hilbert curve (dask-geopandas
    ``spatial_shuffle``) and kept on the workers. Each partition is sent the MHW
    line, channels and docks within :func:`_partition_margin` of its hull, so
    lots at its edge see their neighbours' docks and the shore beyond. The
    triangulated soundings, when given, are sent once to every worker.
    """
    import dask
    import dask_geopandas
    from distributed import Client, LocalCluster

    frame = gpd.GeoDataFrame({"row": np.arange(len(layers.parcels))}, geometry=layers.parcels.geometry.values, crs=layers.crs)
    margin = _partition_margin(layers, profile)
    small = {
        name: (frame_, shapely.STRtree(frame_.geometry.values))
        for name, frame_ in (("channels", layers.channels), ("docks", layers.docks))
        if frame_ is not None
    }
    with contextlib.ExitStack() as stack:
        if scheduler is None:
            cluster = stack.enter_context(LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1))
            scheduler = cluster.scheduler_address
        client = stack.enter_context(Client(scheduler))
        shared_depth = None if depth is None else client.scatter(depth, broadcast=True)
        partitions = min(DASK_PARTITIONS_MAX, max(DASK_PARTITIONS_MIN, len(frame) // DASK_LOTS_PER_PARTITION))
        shuffled = dask_geopandas.from_geopandas(frame, npartitions=partitions).spatial_shuffle().persist()
        shuffled.calculate_spatial_partitions()
        tasks = []
        for part, hull in zip(shuffled.to_delayed(), shuffled.spatial_partitions):
            if hull is None or hull.is_empty:
                continue
            box = shapely.buffer(shapely.envelope(hull), margin)
            near = {name: f.iloc[np.sort(tree.query(box))] for name, (f, tree) in small.items()}
            tasks.append(
                dask.delayed(_partition_figures)(
                    part, shapely.clip_by_rect(layers.mhw, *box.bounds), near.get("channels"), near.get("docks"),
                    layers.crs, layers.ft_per_unit, profile, tolerance_ft, shared_depth,
                )
            )
        results = dask.compute(*tasks)
    return pd.concat([r for r in results if len(r)] or [pd.DataFrame(columns=list(FIGURE_COLUMNS))])


def _partition_margin(layers: ScreenLayers, profile: Profile) -> float:
    """How far (units) beyond a partition's lots the shore, channels and docks can matter to them.

    The single-lot functions look 3 perimeters plus 1,000 ft along the shore;
    the envelope reaches the reach limit plus the clearance beyond the frontage.
    """
    ft = layers.ft_per_unit
    longest = float(shapely.length(layers.parcels.geometry.values).max())
    lot = 3.0 * longest + 1000.0 / ft
    water = (profile("max_reach_ft") + profile("min_terminus_clearance_ft")) / ft + longest
    return max(lot, water)


def _partition_figures(part, mhw, channels, docks, crs, ft_per_unit, profile, tolerance_ft, depth) -> pd.DataFrame:
    """:func:`_figures` of one partition, indexed by the parcels' row numbers in the whole layer."""
    if mhw.is_empty:
        return pd.DataFrame(columns=list(FIGURE_COLUMNS))
    layers = ScreenLayers(part.reset_index(drop=True), shapely.line_merge(mhw), channels, docks, crs, ft_per_unit)
    figures = _figures(layers, profile, tolerance_ft, progress=False, depth=depth)
    figures.index = part["row"].to_numpy()[figures.index.to_numpy(dtype=int)]
    return figures


def _parcel_table(parcels, figures: pd.DataFrame, id_field, class_field, qualifying, profile) -> gpd.GeoDataFrame:
    n = len(parcels)
    fig = figures.reindex(np.arange(n))
    fronts = fig["frontage_ft"].notna().to_numpy()
    ids = parcels[id_field].astype(str).to_numpy() if id_field else np.arange(n).astype(str)
    if class_field:
        classes = parcels[class_field].astype(str).str.strip().to_numpy()
        qualifies = np.isin(classes, list(qualifying))
    else:
        classes = np.full(n, None, dtype=object)
        qualifies = np.full(n, True)
    columns = {c: fig[c].to_numpy() for c in ("frontage_ft", "band_width_ft", "required_setback_ft", "band_empty", "envelope_area_sqft", "nearest_obstacle_ft")}
    needs_data = fig["needs_data"].eq(True).to_numpy()
    limit = fig["reach_limit_ft"].to_numpy(dtype=float)
    # the band is empty only because navigable depth is reached at the shore, not for want of room
    at_shore = columns["band_empty"].astype(bool) & (columns["band_width_ft"] > 0) & (limit < profile("max_reach_ft"))
    reasons = []
    for i in range(n):
        if not fronts[i]:
            reasons.append("does not front the MHW line")
            continue
        nearest = columns["nearest_obstacle_ft"][i]
        why = list(
            no_dock_reasons(
                frontage_ft=columns["frontage_ft"][i],
                band_width_ft=columns["band_width_ft"][i],
                required_setback_ft=columns["required_setback_ft"][i],
                band_empty=bool(columns["band_empty"][i]) and not at_shore[i],
                envelope_empty=not columns["envelope_area_sqft"][i] > 0 and not at_shore[i],
                nearest_obstacle_ft=None if np.isnan(nearest) else nearest,
                profile=profile,
            )
        )
        if at_shore[i]:
            why.append(f"navigable depth is reached at the shore: a dock may reach {limit[i]:,.1f} ft (Docks D(1))")
        if needs_data[i]:
            why.append(
                "needs data: the soundings do not cover the lot's water far enough along its axis to find "
                "navigable depth (Docks D(1))"
            )
        if not qualifies[i]:
            why.insert(0, f"property class {classes[i]} is not a single-family dwelling (Docks B)")
        reasons.append("; ".join(why))
    reasons = np.asarray(reasons, dtype=object)
    table = gpd.GeoDataFrame(
        {
            "parcel_id": ids,
            "fronts_mhw": fronts,
            "frontage_ft": fig["frontage_ft"].to_numpy(),
            "property_class": classes,
            "class_qualifies": qualifies if class_field else np.full(n, None, dtype=object),
            "required_setback_ft": fig["required_setback_ft"].to_numpy(),
            "band_width_ft": fig["band_width_ft"].to_numpy(),
            "envelope_area_sqft": fig["envelope_area_sqft"].to_numpy(),
            "greatest_reach_ft": fig["greatest_reach_ft"].to_numpy(),
            "reach_limit_ft": fig["reach_limit_ft"].to_numpy(dtype=float),
            "needs_data": needs_data,
            "existing_docks": fig["existing_docks"].fillna(0).astype(int).to_numpy(),
            "eligible": reasons == "",
            "reasons": reasons,
        },
        geometry=parcels.geometry.values,
        crs=parcels.crs,
    )
    return table


def write_screen(result: ScreenResult, path: str | Path) -> tuple[Path, Path]:
    """Write the GeoPackage (layers ``parcels``, ``envelopes``, and ``audit`` when run) and the CSV beside it."""
    path = Path(path)
    csv = path.with_suffix(".csv")
    with atomic_path(path) as tmp:
        result.parcels.to_file(tmp, layer="parcels", driver="GPKG", engine="pyogrio")
        result.envelopes.to_file(tmp, layer="envelopes", driver="GPKG", engine="pyogrio")
        if result.audit is not None:
            result.audit.to_file(tmp, layer="audit", driver="GPKG", engine="pyogrio")
    with atomic_path(csv) as tmp:
        pd.DataFrame(result.parcels.drop(columns=result.parcels.geometry.name)).to_csv(tmp, index=False)
    return path, csv


# ---------------------------------------------------------------------------
# the audit of existing docks
# ---------------------------------------------------------------------------
AUDIT_COLUMNS = (
    "setback_ft", "required_setback_ft", "reach_ft", "length_ft", "channel_clearance_ft", "dock_clearance_ft",
    "max_width_ft", "float_area_sqft", "max_allowed_reach_ft",
)
#: Channels and docks farther than this (ft) from a dock cannot decide its clearances.
AUDIT_RADIUS_FT = 1_000.0


def audit_docks(
    layers: ScreenLayers, parcels: gpd.GeoDataFrame, *, profile: Profile, tolerance_ft: float = 5.0,
    dock_id_field: str | None = None, component_field: str = "component", draft_ft: float | None = None,
) -> gpd.GeoDataFrame:
    """Review every existing dock against the geometric checks of its own lot, for code enforcement.

    Each dock (the features sharing ``dock_id_field``, else each feature) is
    measured by the review's own :func:`~dockreview.measure.measure` on the
    waterfront lot it touches (the nearest one), against the other docks and
    the channels; its components come from ``component_field`` when the layer
    has it, else the whole dock counts as walkway. With the layers' soundings
    and ``draft_ft`` the navigable-depth limit of Docks D(1) is checked too,
    from the soundings within :data:`AUDIT_RADIUS_FT`. This is a loop over
    docks, which are far fewer than parcels.

    Returns
    -------
    GeoDataFrame
        One row per dock: its id, its lot's id, the measurements, the failing
        checks and ``verdict``: ``noncompliant`` when a check fails, else
        ``needs data`` when the soundings were given but do not reach far
        enough along the dock, else ``compliant``; and the footprint.
    """
    docks = layers.docks
    if docks is None:
        raise DockReviewError("--audit needs a docks layer (--docks)")
    ft = layers.ft_per_unit
    group = docks[dock_id_field].astype(str).to_numpy() if dock_id_field else np.arange(len(docks)).astype(str)
    kinds = (
        docks[component_field].astype(str).str.strip().str.lower().to_numpy()
        if component_field in docks.columns
        else np.full(len(docks), "walkway", dtype=object)
    )
    shore = MhwIndex(layers.mhw)
    waterfront = parcels[parcels["fronts_mhw"]]
    lot_tree = shapely.STRtree(waterfront.geometry.values)
    dock_geoms = np.asarray(docks.geometry.values, dtype=object)
    dock_tree = shapely.STRtree(dock_geoms)
    channel_geoms = None if layers.channels is None else np.asarray(layers.channels.geometry.values, dtype=object)
    channel_tree = None if channel_geoms is None else shapely.STRtree(channel_geoms)
    soundings = layers.soundings
    sounding_tree = None if soundings is None else shapely.STRtree(soundings.geometry.values)
    settings = ReviewSettings(mhw_tolerance_ft=tolerance_ft)
    vessel = Vessel(draft_ft=draft_ft)
    radius = AUDIT_RADIUS_FT / ft
    rows, shapes = [], []
    for name in pd.unique(group):
        members = np.flatnonzero(group == name)
        footprint = shapely.union_all(dock_geoms[members])
        shapes.append(footprint)
        lot = int(lot_tree.query_nearest(footprint, all_matches=False)[0]) if len(waterfront) else -1
        row = {"dock_id": name, "parcel_id": None, **{c: np.nan for c in AUDIT_COLUMNS}, "failed": "", "verdict": "not reviewed"}
        if lot < 0:
            rows.append(row)
            continue
        parcel = waterfront.geometry.values[lot]
        row["parcel_id"] = waterfront["parcel_id"].iat[lot]
        area = shapely.buffer(shapely.envelope(shapely.union(parcel, footprint)), radius)
        mhw = shore.near(shapely.buffer(area, 3.0 * parcel.length))
        others = np.setdiff1d(dock_tree.query(area), members)
        site = Site(
            manifest=Manifest(
                Path("screen"), str(name), layers.crs.to_string(), {}, "parcel_id", str(row["parcel_id"]), DockSpec(), settings,
                vessel=vessel,
            ),
            crs=layers.crs,
            ft_per_unit=ft,
            parcel=parcel,
            parcels=waterfront.iloc[[lot]],
            mhw=mhw,
            channels=None if channel_tree is None else gpd.GeoDataFrame(geometry=channel_geoms[np.sort(channel_tree.query(area))], crs=layers.crs),
            docks=gpd.GeoDataFrame(geometry=dock_geoms[np.sort(others)], crs=layers.crs),
            dock_footprint=None,
            soundings=_soundings_near(soundings, sounding_tree, area),
        )
        frame = gpd.GeoDataFrame({"component": kinds[members]}, geometry=dock_geoms[members], crs=layers.crs)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DockReviewWarning)
                riparian = riparian_geometry(parcel, mhw, tolerance=tolerance_ft / ft, ft_per_unit=ft)
                spec = DockSpec(footprint=LayerSpec(Path("docks"), None, None, "docks"))
                m, _ = measure(site, riparian, footprint_dock(frame, spec, riparian), profile)
        except DockReviewError as exc:
            row["verdict"] = f"not reviewed: {exc}"
            rows.append(row)
            continue
        row.update({c: np.nan if m[c] is None else m[c] for c in AUDIT_COLUMNS})
        results = [c for c in (check(m, facts_of(site), profile) for check in CHECKS) if c.id in GEOMETRIC_CHECKS]
        failed = [c.id for c in results if c.status == FAIL]
        unknown_depth = soundings is not None and any(c.id == "navigable-reach" and c.status == NEEDS_DATA for c in results)
        row["failed"] = ", ".join(failed)
        row["verdict"] = "noncompliant" if failed else "needs data" if unknown_depth else "compliant"
        rows.append(row)
    return gpd.GeoDataFrame(pd.DataFrame(rows), geometry=gpd.GeoSeries(shapes, crs=layers.crs))


def _soundings_near(soundings: gpd.GeoDataFrame | None, tree: shapely.STRtree | None, area: shapely.Geometry):
    """The soundings inside ``area``; None when there are none (the dock's depth then needs data)."""
    if soundings is None:
        return None
    near = np.sort(tree.query(area))
    return soundings.iloc[near] if len(near) else None
