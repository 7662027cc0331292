"""The screen's Dask backend: the parcels worked in spatial partitions on a dask.distributed cluster.

The parcels are partitioned along a Hilbert curve (dask-geopandas
``spatial_shuffle``), so that each partition is one compact stretch of shore.
From a GeoParquet file (``--parcels x.parquet``) each worker reads only its own
row groups (``dask_geopandas.read_parquet``); a file written already
partitioned along the shore (``spatial_shuffle(...).to_parquet(folder)``) is
not shuffled again. The shore is split with the lots: each partition is sent
only the MHW line, channels and docks within :func:`partition_margin` of its
parcels' extent (:func:`partition_shores`, cut on the client from the shore's
index), so that no worker holds a state's whole coast; the rules and the
triangulated soundings are sent once to every worker. Each partition is
worked by the screen's own :func:`~dockreview.batch.table.screen_tables`, so
the answers are those of one process. Standard error shows a bar of the
partitions done and the screen's warnings; the cluster's own INFO and
WARNING lines (worker start-up, shuffles) are kept off it. A method drawing each lot from its
neighbours' water corners (``colonial``) is given, beside each partition's
parcels, those of the partitions next to it near its waterfront lots
(:func:`neighbour_partitions`), drawn only for their corners. Install with ``pip install -e ".[dask]"``;
this module is imported only when ``backend="dask"`` is asked for.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import logging
import math
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import dask
import dask_geopandas
import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from distributed import Client, LocalCluster, as_completed
from tqdm.auto import tqdm

from dockreview.batch.depth import NavigableDepth
from dockreview.batch.figures import neighbour_parcels, neighbour_search, reads_neighbours, shore_work
from dockreview.batch.layers import ScreenLayers
from dockreview.batch.shoreline import MhwIndex
from dockreview.batch.table import TableOptions, screen_tables
from dockreview.measure.envelope import WORKED_WATER_FT
from dockreview.rules import RuleSet

#: Dask partitions: about this many parcels each, but at least DASK_PARTITIONS_MIN and at most DASK_PARTITIONS_MAX.
DASK_LOTS_PER_PARTITION = 50_000
DASK_PARTITIONS_MIN = 4
DASK_PARTITIONS_MAX = 4096
#: The column carrying each parcel's row number in the whole layer through the shuffle.
ROW = "__row"
#: The cluster's loggers, kept to errors while the screen runs (their INFO lines are not the user's).
CLUSTER_LOGGERS = ("distributed", "bokeh", "tornado")


@dataclass(frozen=True)
class _Shared:
    """What every partition needs besides its parcels and its stretch of shore, sent once to each worker.

    ``layers`` carries the working CRS and units, no geometry.
    """

    layers: ScreenLayers
    rules: RuleSet
    options: TableOptions
    depth: NavigableDepth | None


@dataclass(frozen=True)
class Shore:
    """One partition's stretch of the shore: the MHW line, channels and docks near its parcels (working CRS)."""

    mhw: shapely.Geometry
    channels: gpd.GeoDataFrame | None
    docks: gpd.GeoDataFrame | None


def partitions_for(n: int) -> int:
    """How many partitions ``n`` parcels are cut into."""
    return min(DASK_PARTITIONS_MAX, max(DASK_PARTITIONS_MIN, math.ceil(n / DASK_LOTS_PER_PARTITION)))


def dask_tables(
    layers: ScreenLayers, rules: RuleSet, options: TableOptions, scheduler: str | None, depth: NavigableDepth | None,
    *, progress: bool | None = None,
) -> tuple[gpd.GeoDataFrame, gpd.GeoDataFrame]:
    """:func:`~dockreview.batch.table.screen_tables` over spatial partitions of the parcels, on a dask.distributed cluster.

    The parcels come from ``layers.parcels`` (sent to the cluster) or, when
    that is None, from the GeoParquet file ``layers.parcels_source`` (read by
    the workers). Without ``scheduler`` a local cluster of one single-threaded
    worker per CPU is started. ``progress``: a bar of the partitions done
    (None: only on a terminal). Returns the parcel table and the envelopes,
    in the layer's order, held whole
    (:func:`~dockreview.batch.stream.dask_to_file` writes them a window at a
    time instead).
    """
    results: list = []
    screen_partitions(layers, rules, options, scheduler, depth, results.append, progress=progress)
    tables = [t for t, _ in results if len(t)]
    table = pd.concat(tables) if tables else results[0][0]
    table = table.sort_values(ROW, kind="stable").drop(columns=ROW).reset_index(drop=True)
    envelopes = pd.concat([e for _, e in results]).sort_values(ROW, kind="stable").drop(columns=ROW).reset_index(drop=True)
    return gpd.GeoDataFrame(table, geometry=table.geometry.name, crs=layers.crs), gpd.GeoDataFrame(envelopes, crs=layers.crs)


def screen_partitions(
    layers: ScreenLayers, rules: RuleSet, options: TableOptions, scheduler: str | None, depth: NavigableDepth | None,
    keep: Callable[[tuple[gpd.GeoDataFrame, gpd.GeoDataFrame]], None], *, progress: bool | None = None,
) -> None:
    """Screen the parcels' spatial partitions on the cluster, handing each partition's table and envelopes to ``keep`` as it comes.

    Each table and envelope carries its parcel's row in the layer (column :data:`ROW`).
    """
    bare = ScreenLayers(None, shapely.LineString(), None, None, layers.crs, layers.ft_per_unit)
    with contextlib.ExitStack() as stack:
        stack.enter_context(_quiet(CLUSTER_LOGGERS))
        if scheduler is None:
            cluster = stack.enter_context(LocalCluster(
                n_workers=os.cpu_count() or 1, threads_per_worker=1, dashboard_address=None, silence_logs=logging.ERROR,
            ))
            scheduler = cluster.scheduler_address
        client = stack.enter_context(Client(scheduler))
        shared = client.scatter(_Shared(bare, rules, options, depth), broadcast=True)
        parts, nowhere, longest, shuffled = _partitioned(layers)
        pieces, geoms = parts.to_delayed(), parts.geometry.to_delayed()
        beside = (
            neighbour_partitions(parts.spatial_partitions, len(pieces), layers.crs, neighbour_search(options.tolerance_ft, layers.ft_per_unit))
            if reads_neighbours(rules, options.methods) else [[] for _ in pieces]
        )
        bounds, longest = _partition_extents(parts, layers.crs, longest)
        shores = partition_shores(layers, bounds, partition_margin(longest, layers.ft_per_unit, rules))
        work = dask.delayed(_partition_tables)
        tasks = [functools.partial(work, part, [geoms[j] for j in near], shared) for part, near in zip(pieces, beside)]
        no_shore = Shore(shapely.LineString(), None, None)
        tasks += [functools.partial(work, part, [], shared) for part in nowhere]
        shores = itertools.chain(shores, itertools.repeat(no_shore))
        in_flight = None if shuffled else 2 * max(len(client.scheduler_info()["workers"]), 1)
        _gathered(client, tasks, shores, keep, progress, in_flight)


def _partitioned(layers: ScreenLayers):
    """The parcels with geometry in spatial partitions, those without (delayed frames), the longest perimeter, shuffled.

    Each parcel carries its row number in the whole layer (:data:`ROW`). A
    parcel with no geometry has no place on the Hilbert curve: it is worked
    apart, where the screen says it was not reviewed. The longest perimeter
    (units) is known for parcels held in memory, else None. Shuffled: whether
    the partitions hang on one shuffle (else each reads its own rows of a file
    already partitioned along the shore).
    """
    if layers.parcels is not None:
        frame = layers.parcels.assign(**{ROW: np.arange(len(layers.parcels))})
        geoms = np.asarray(frame.geometry.values, dtype=object)
        gone = shapely.is_missing(geoms) | shapely.is_empty(geoms)
        longest = float(np.max(shapely.length(geoms[~gone]), initial=0.0))
        parts = dask_geopandas.from_geopandas(frame[~gone], npartitions=partitions_for(len(frame))).spatial_shuffle()
        return parts, [dask.delayed(frame[gone])] if gone.any() else [], longest, True
    parts = dask_geopandas.read_parquet(str(layers.parcels_source))
    # each partition's first row number in the file: its rows counted from one narrow column
    fields = [c for c in parts.columns if c != parts.geometry.name] or [parts.geometry.name]
    lengths = parts[fields[:1]].map_partitions(len).compute()
    offsets = np.r_[0, np.cumsum(lengths)[:-1]].astype(int)
    spatial = parts.spatial_partitions
    meta = parts._meta.assign(**{ROW: np.array([], dtype=int)})
    parts = parts.map_partitions(_with_rows, offsets, meta=meta)
    if spatial is not None:
        return parts, [], None, False
    gone = parts.geometry.isna() | parts.geometry.is_empty
    shuffled = parts[~gone].spatial_shuffle(npartitions=partitions_for(int(np.sum(lengths))))
    return shuffled, list(parts[gone].to_delayed()), None, True


def partition_shores(layers: ScreenLayers, bounds: np.ndarray, margin: float) -> Iterator[Shore]:
    """Each partition's stretch of the shore: the MHW line, channels and docks within ``margin`` of its ``bounds``.

    ``bounds`` are the partitions' extents (``(n, 4)``, working units). The
    MHW line is cut from its index (:class:`~dockreview.batch.shoreline.MhwIndex`),
    a few short pieces per partition, never the whole line clipped once per
    partition; a partition far from any shore gets an empty line. The
    stretches are cut one at a time, as they are asked for (as each
    partition is sent).

    Examples
    --------
    Two partitions 10,000 ft apart along a straight shore get 1,000 ft of it each with a 250-ft margin:

    >>> shore = shapely.LineString([(0, 0), (20_000, 0)])
    >>> layers = ScreenLayers(None, shore, None, None, "EPSG:2263", 1.0)
    >>> stretches = list(partition_shores(layers, np.array([[0, -300, 500, -10], [10_000, -300, 10_500, -10]]), 250.0))
    >>> [round(s.mhw.length) for s in stretches], [s.mhw.bounds[0] for s in stretches]
    ([750, 1000], [0.0, 9750.0])
    """
    index = MhwIndex(layers.mhw)
    trees = {name: None if frame is None or not len(frame) else shapely.STRtree(frame.geometry.values)
             for name, frame in (("channels", layers.channels), ("docks", layers.docks))}
    for x0, y0, x1, y1 in np.asarray(bounds, dtype=float):
        if not np.isfinite([x0, y0, x1, y1]).all():  # a partition with no geometry: no shore
            yield Shore(shapely.LineString(), *(None if f is None else f.iloc[:0] for f in (layers.channels, layers.docks)))
            continue
        box = shapely.box(x0 - margin, y0 - margin, x1 + margin, y1 + margin)
        near = {
            name: None if frame is None else frame.iloc[np.sort(trees[name].query(box))] if trees[name] is not None else frame
            for name, frame in (("channels", layers.channels), ("docks", layers.docks))
        }
        mhw = index.near(box) if len(index.chunks) else shapely.LineString()
        yield Shore(mhw, near["channels"], near["docks"])


def _partition_extents(parts, crs, longest: float | None) -> tuple[np.ndarray, float]:
    """The partitions' extents in the working CRS (``(n, 4)``) and the longest parcel perimeter (units).

    From the outlines the shuffle made, when they are in the working CRS and
    ``longest`` is known (parcels held in memory); else read from the
    partitions in one pass on the workers.
    """
    spatial = parts.spatial_partitions
    if longest is not None and spatial is not None and spatial.crs is not None and spatial.crs.equals(crs):
        return shapely.bounds(np.asarray(spatial.values, dtype=object)), longest
    meta = pd.DataFrame({k: pd.Series(dtype=float) for k in ("x0", "y0", "x1", "y1", "longest")})
    extents = parts.geometry.map_partitions(_extent, crs, meta=meta).compute()
    return extents[["x0", "y0", "x1", "y1"]].to_numpy(), float(extents["longest"].max())


def _extent(geoms: gpd.GeoSeries, crs) -> pd.DataFrame:
    """One partition's extent in the working CRS ``crs`` and its longest parcel perimeter, as one row."""
    flat = _repaired(geoms, crs)
    flat = flat[~(shapely.is_missing(flat) | shapely.is_empty(flat))]
    if not len(flat):
        return pd.DataFrame({"x0": [np.inf], "y0": [np.inf], "x1": [-np.inf], "y1": [-np.inf], "longest": [0.0]})
    x0, y0, x1, y1 = shapely.total_bounds(flat)
    return pd.DataFrame({"x0": [x0], "y0": [y0], "x1": [x1], "y1": [y1], "longest": [float(np.max(shapely.length(flat)))]})


def _gathered(client: Client, tasks: list, shores, keep, progress: bool | None, in_flight: int | None) -> None:
    """Each task's result handed to ``keep`` as it comes, each task given its stretch of shore; a bar of the partitions done meanwhile.

    ``tasks[k](shore)`` is partition ``k``'s delayed work, ``shores`` yields
    the stretches in the same order (cut on the client as they are needed).
    With ``in_flight`` the partitions are independent (each reads its own
    rows): at most that many are sent at once, each with its stretch, so a
    worker holds the shore of the partitions it works and no more. Without,
    they hang on one shuffle: every partition is sent at once, its stretch
    scattered to a worker and released when its partition is done.
    """
    waiting = ((task, shore) for task, shore in zip(tasks, shores))
    queue = as_completed(with_results=True)

    def send(count: int | None) -> None:
        for task, shore in itertools.islice(waiting, count):
            queue.add(client.compute(task(client.scatter(shore))))

    with tqdm(total=len(tasks), desc="screen", unit="partition", disable=None if progress is None else not progress) as bar:
        send(in_flight)
        for _, result in queue:
            keep(result)
            bar.update()
            send(1)


@contextlib.contextmanager
def _quiet(names: tuple[str, ...]):
    """The loggers ``names`` kept to errors inside the block, as they were after it."""
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


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


def partition_margin(longest: float, ft_per_unit: float, rules: RuleSet) -> float:
    """How far (units) beyond a partition's parcels the shore, channels and docks can matter to them.

    ``longest`` is the longest perimeter (units) among the partition's parcels.
    The single-lot functions look 3 perimeters plus 1,000 ft along the shore;
    the envelope reaches the reach limit plus the clearance beyond the frontage.

    Examples
    --------
    A 400-ft lot's perimeter (1,200 ft) in feet, under a law capping the reach at 200 ft:

    >>> from dockreview.rules.runner import ruleset
    >>> partition_margin(1200.0, 1.0, ruleset("kings-point-ny"))
    4600.0
    """
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
    part: gpd.GeoDataFrame, others: list[gpd.GeoSeries], shared: _Shared, shore: Shore,
) -> tuple[gpd.GeoDataFrame, gpd.GeoDataFrame]:
    """The table and envelopes of one partition, its rows carrying their row numbers in the whole layer.

    ``others`` are the parcels of the partitions next to it, for a method
    reading the neighbouring lots (:func:`neighbour_partitions`; else none);
    ``shore`` the shore near it (:func:`partition_shores`).
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
        margin = partition_margin(float(np.max(shapely.length(present))), layers.ft_per_unit, shared.rules)
        box = shapely.buffer(shapely.box(*shapely.total_bounds(present)), margin)
        mhw = shapely.line_merge(shapely.clip_by_rect(shore.mhw, *box.bounds))
        channels, docks = _near(shore.channels, box), _near(shore.docks, box)
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
    envelopes[ROW] = rows[envelopes.index.to_numpy(dtype=int)]
    return table, envelopes.reset_index(drop=True)
