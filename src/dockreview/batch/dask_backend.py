"""The screen's Dask backend: the parcels worked in spatial partitions on a dask.distributed cluster.

The parcels are partitioned along a Hilbert curve (dask-geopandas
``spatial_shuffle``), so that each partition is one compact stretch of shore.
From a GeoParquet file (``--parcels x.parquet``) each worker reads only its own
row groups (``dask_geopandas.read_parquet``); a file written already
partitioned along the shore (``spatial_shuffle(...).to_parquet(folder)``) is
not shuffled again. The small layers -- the MHW line, channels, docks and the
triangulated soundings -- are sent once to every worker; each partition takes
the part of them within :func:`partition_margin` of its parcels, and is worked
by the screen's own :func:`~dockreview.batch.table.screen_tables`, so the
answers are those of one process. A method drawing each lot from its
neighbours' water corners (``colonial``) is given, beside each partition's
parcels, those of the partitions next to it near its waterfront lots
(:func:`neighbour_partitions`), drawn only for their corners. Install with ``pip install -e ".[dask]"``;
this module is imported only when ``backend="dask"`` is asked for.
"""

from __future__ import annotations

import contextlib
import math
import os
from dataclasses import dataclass

import dask
import dask_geopandas
import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from distributed import Client, LocalCluster

from dockreview.batch.depth import NavigableDepth
from dockreview.batch.figures import neighbour_parcels, neighbour_search, reads_neighbours, shore_work
from dockreview.batch.layers import ScreenLayers
from dockreview.batch.table import TableOptions, screen_tables
from dockreview.measure.envelope import WORKED_WATER_FT
from dockreview.rules import RuleSet

#: Dask partitions: about this many parcels each, but at least DASK_PARTITIONS_MIN and at most DASK_PARTITIONS_MAX.
DASK_LOTS_PER_PARTITION = 50_000
DASK_PARTITIONS_MIN = 4
DASK_PARTITIONS_MAX = 4096
#: The column carrying each parcel's row number in the whole layer through the shuffle.
ROW = "__row"


@dataclass(frozen=True)
class _Shared:
    """What every partition needs besides its parcels, sent once to each worker."""

    layers: ScreenLayers
    rules: RuleSet
    options: TableOptions
    depth: NavigableDepth | None


def partitions_for(n: int) -> int:
    """How many partitions ``n`` parcels are cut into."""
    return min(DASK_PARTITIONS_MAX, max(DASK_PARTITIONS_MIN, math.ceil(n / DASK_LOTS_PER_PARTITION)))


def dask_tables(
    layers: ScreenLayers, rules: RuleSet, options: TableOptions, scheduler: str | None, depth: NavigableDepth | None
) -> tuple[gpd.GeoDataFrame, gpd.GeoDataFrame]:
    """:func:`~dockreview.batch.table.screen_tables` over spatial partitions of the parcels, on a dask.distributed cluster.

    The parcels come from ``layers.parcels`` (sent to the cluster) or, when
    that is None, from the GeoParquet file ``layers.parcels_source`` (read by
    the workers). Without ``scheduler`` a local cluster of one single-threaded
    worker per CPU is started. Returns the parcel table (in the layer's order)
    and the envelopes.
    """
    small = ScreenLayers(None, layers.mhw, layers.channels, layers.docks, layers.crs, layers.ft_per_unit)
    with contextlib.ExitStack() as stack:
        if scheduler is None:
            cluster = stack.enter_context(LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1, dashboard_address=None))
            scheduler = cluster.scheduler_address
        client = stack.enter_context(Client(scheduler))
        shared = client.scatter(_Shared(small, rules, options, depth), broadcast=True)
        if layers.parcels is not None:
            frame = layers.parcels.assign(**{ROW: np.arange(len(layers.parcels))})
            parts = dask_geopandas.from_geopandas(frame, npartitions=partitions_for(len(frame))).spatial_shuffle()
        else:
            parts = dask_geopandas.read_parquet(str(layers.parcels_source))
            # each partition's first row number in the file: its rows counted from one narrow column
            fields = [c for c in parts.columns if c != parts.geometry.name] or [parts.geometry.name]
            lengths = parts[fields[:1]].map_partitions(len).compute()
            offsets = np.r_[0, np.cumsum(lengths)[:-1]].astype(int)
            spatial = parts.spatial_partitions
            meta = parts._meta.assign(**{ROW: np.array([], dtype=int)})
            parts = parts.map_partitions(_with_rows, offsets, meta=meta)
            if spatial is None:
                parts = parts.spatial_shuffle(npartitions=partitions_for(int(np.sum(lengths))))
        pieces, geoms = parts.to_delayed(), parts.geometry.to_delayed()
        beside = (
            neighbour_partitions(parts.spatial_partitions, len(pieces), layers.crs, neighbour_search(options.tolerance_ft, layers.ft_per_unit))
            if reads_neighbours(rules, options.methods) else [[] for _ in pieces]
        )
        results = dask.compute(*[
            dask.delayed(_partition_tables)(part, [geoms[j] for j in near], shared) for part, near in zip(pieces, beside)
        ])
    tables = [t for t, _ in results if len(t)]
    table = pd.concat(tables) if tables else results[0][0]
    table = table.sort_values(ROW, kind="stable").drop(columns=ROW).reset_index(drop=True)
    envelopes = pd.concat([e for _, e in results]).reset_index(drop=True)
    return gpd.GeoDataFrame(table, geometry=table.geometry.name, crs=layers.crs), gpd.GeoDataFrame(envelopes, crs=layers.crs)


def neighbour_partitions(spatial: gpd.GeoSeries | None, n: int, crs, distance: float) -> list[list[int]]:
    """For each of ``n`` partitions, the others whose parcels may lie within ``distance`` (units of ``crs``) of its own.

    ``spatial`` are the partitions' outlines (dask-geopandas ``spatial_partitions``,
    their nearness judged at twice ``distance``); without them every other partition is.

    Examples
    --------
    >>> boxes = gpd.GeoSeries([shapely.box(0, 0, 1, 1), shapely.box(1.5, 0, 2, 1), shapely.box(9, 0, 10, 1)], crs=2263)
    >>> neighbour_partitions(boxes, 3, boxes.crs, 1.0)
    [[1], [0], []]
    """
    if spatial is None:
        return [[j for j in range(n) if j != k] for k in range(n)]
    outlines = np.asarray((spatial if spatial.crs is None else spatial.to_crs(crs)).values, dtype=object)
    i, j = shapely.STRtree(outlines).query(outlines, predicate="dwithin", distance=2.0 * distance)
    return [sorted(j[(i == k) & (j != k)].tolist()) for k in range(len(outlines))]


def _with_rows(part: gpd.GeoDataFrame, offsets: np.ndarray, partition_info=None) -> gpd.GeoDataFrame:
    """The partition with each parcel's row number in the whole file."""
    start = offsets[partition_info["number"]] if partition_info else 0
    return part.assign(**{ROW: np.arange(start, start + len(part))})


def partition_margin(parcels: np.ndarray, ft_per_unit: float, rules: RuleSet) -> float:
    """How far (units) beyond a partition's parcels the shore, channels and docks can matter to them.

    The single-lot functions look 3 perimeters plus 1,000 ft along the shore;
    the envelope reaches the reach limit plus the clearance beyond the frontage.
    """
    longest = float(np.max(shapely.length(parcels), initial=0.0))
    lot = 3.0 * longest + 1000.0 / ft_per_unit
    cap = rules.reach_cap_ft()
    clearance = max((c for c in (rules.terminus_clearance_ft(t) for t in ("channels", "docks")) if c is not None), default=0.0)
    water = ((cap if math.isfinite(cap) else WORKED_WATER_FT) + clearance) / ft_per_unit + longest
    return max(lot, water)


def _repaired(geoms: gpd.GeoSeries, crs) -> np.ndarray:
    """A partition's geometries in the working CRS ``crs``, flat, invalid rings repaired."""
    if geoms.crs is not None and not geoms.crs.equals(crs):
        geoms = geoms.to_crs(crs)
    geoms = shapely.force_2d(np.asarray(geoms.values, dtype=object))
    invalid = ~(shapely.is_missing(geoms) | shapely.is_empty(geoms)) & ~shapely.is_valid(geoms)
    geoms[invalid] = shapely.make_valid(geoms[invalid])
    return geoms


def _near(frame: gpd.GeoDataFrame | None, box: shapely.Geometry) -> gpd.GeoDataFrame | None:
    if frame is None:
        return None
    return frame.iloc[np.sort(shapely.STRtree(frame.geometry.values).query(box))]


def _partition_tables(
    part: gpd.GeoDataFrame, others: list[gpd.GeoSeries], shared: _Shared,
) -> tuple[gpd.GeoDataFrame, gpd.GeoDataFrame]:
    """The table and envelopes of one partition, its rows carrying their row numbers in the whole layer.

    ``others`` are the parcels of the partitions next to it, for a method
    reading the neighbouring lots (:func:`neighbour_partitions`; else none).
    """
    layers = shared.layers
    if part.crs is not None and not part.crs.equals(layers.crs):
        part = part.to_crs(layers.crs)
    rows = part[ROW].to_numpy()
    part = part.drop(columns=ROW).reset_index(drop=True)
    geoms = _repaired(part.geometry, layers.crs)
    part = part.set_geometry(gpd.GeoSeries(geoms, index=part.index, crs=layers.crs))
    present = geoms[~(shapely.is_missing(geoms) | shapely.is_empty(geoms))]
    mhw = shapely.LineString()
    channels = docks = None
    if len(present):
        box = shapely.buffer(shapely.box(*shapely.total_bounds(present)), partition_margin(present, layers.ft_per_unit, shared.rules))
        mhw = shapely.line_merge(shapely.clip_by_rect(layers.mhw, *box.bounds))
        channels, docks = _near(layers.channels, box), _near(layers.docks, box)
    if mhw.is_empty:  # no shore near: a line far off, so that every parcel says it does not front the MHW line
        x0, y0, x1, y1 = shapely.total_bounds(present) if len(present) else (0.0, 0.0, 1.0, 1.0)
        far = 10.0 * (x1 - x0 + y1 - y0) + 1e6 / layers.ft_per_unit
        mhw = shapely.LineString([(x1 + far, y1 + far), (x1 + far + 1.0, y1 + far)])
    local = ScreenLayers(part, mhw, channels, docks, layers.crs, layers.ft_per_unit)
    work = shore_work(local, shared.rules, shared.options.tolerance_ft, shared.depth)
    beside = None
    if others:
        near = np.concatenate([_repaired(g, layers.crs) for g in others])
        near = near[~(shapely.is_missing(near) | shapely.is_empty(near))]
        tree = shapely.STRtree(near)
        beside = neighbour_parcels(geoms, work, lambda lots, distance: near[np.unique(tree.query(lots, predicate="dwithin", distance=distance)[1])])
    table, envelopes = screen_tables(local, shared.rules, shared.options, shared.depth, row_ids=rows, work=work, beside=beside)
    table[ROW] = rows
    return table, envelopes
