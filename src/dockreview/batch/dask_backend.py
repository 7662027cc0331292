"""The screen's Dask backend: the lots worked in spatial partitions on a dask.distributed cluster.

The parcels are partitioned along a Hilbert curve (dask-geopandas
``spatial_shuffle``) and kept on the workers. Each partition is sent the MHW
line, channels and docks near it, and worked by the screen's own
:func:`dockreview.screen.lot_figures`, so the answers are those of the single
process. The screen hands it only parcels that have a geometry. Install with
``pip install -e ".[dask]"``; this module is imported only when
``backend="dask"`` is asked for.
"""

from __future__ import annotations

import contextlib
import math
import os

import dask
import dask_geopandas
import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from distributed import Client, LocalCluster

from dockreview.batch.depth import NavigableDepth
from dockreview.batch.figures import FAR_WATER_FT, FIGURE_COLUMNS, lot_figures
from dockreview.batch.layers import ScreenLayers
from dockreview.rules import RuleSet

#: Dask partitions: about this many parcels each, but at least DASK_PARTITIONS_MIN and at most DASK_PARTITIONS_MAX.
DASK_LOTS_PER_PARTITION = 50_000
DASK_PARTITIONS_MIN = 4
DASK_PARTITIONS_MAX = 64


def dask_figures(
    layers: ScreenLayers, rules: RuleSet, tolerance_ft: float, scheduler: str | None, depth: NavigableDepth | None
) -> pd.DataFrame:
    """:func:`~dockreview.screen.lot_figures` over spatial partitions of the parcels on a dask.distributed cluster.

    Each partition is sent the MHW line, channels and docks within
    :func:`_partition_margin` of its hull, so lots at its edge see their
    neighbours' docks and the shore beyond. The triangulated soundings, when
    given, are sent once to every worker. Without ``scheduler`` a local cluster
    of one single-threaded worker per CPU is started.
    """
    frame = gpd.GeoDataFrame({"row": np.arange(len(layers.parcels))}, geometry=layers.parcels.geometry.values, crs=layers.crs)
    margin = _partition_margin(layers, rules)
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
                    layers.crs, layers.ft_per_unit, rules, tolerance_ft, shared_depth,
                )
            )
        results = dask.compute(*tasks)
    return pd.concat([r for r in results if len(r)] or [pd.DataFrame(columns=list(FIGURE_COLUMNS))])


def _partition_margin(layers: ScreenLayers, rules: RuleSet) -> float:
    """How far (units) beyond a partition's lots the shore, channels and docks can matter to them.

    The single-lot functions look 3 perimeters plus 1,000 ft along the shore;
    the envelope reaches the reach limit plus the clearance beyond the frontage.
    """
    ft = layers.ft_per_unit
    longest = float(shapely.length(layers.parcels.geometry.values).max())
    lot = 3.0 * longest + 1000.0 / ft
    cap = rules.reach_cap_ft()
    clearance = max((c for c in (rules.terminus_clearance_ft(t) for t in ("channels", "docks")) if c is not None), default=0.0)
    water = ((cap if math.isfinite(cap) else FAR_WATER_FT) + clearance) / ft + longest
    return max(lot, water)


def _partition_figures(part, mhw, channels, docks, crs, ft_per_unit, rules, tolerance_ft, depth) -> pd.DataFrame:
    """:func:`~dockreview.screen.lot_figures` of one partition, indexed by the parcels' row numbers in the whole layer."""
    if mhw.is_empty:
        return pd.DataFrame(columns=list(FIGURE_COLUMNS))
    layers = ScreenLayers(part.reset_index(drop=True), shapely.line_merge(mhw), channels, docks, crs, ft_per_unit)
    figures = lot_figures(layers, rules, tolerance_ft, progress=False, depth=depth)
    figures.index = part["row"].to_numpy()[figures.index.to_numpy(dtype=int)]
    return figures
