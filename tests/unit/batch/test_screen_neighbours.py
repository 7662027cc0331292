"""A lot's neighbours come from the whole parcels layer, however the screen cuts it: batches, and Dask partitions.

The colonial method draws each lot's lines from the adjoining lot's far water
corner. On a synthetic county (dockreview.testing.counties: 240 parcels, 120 of
them on a wavy shore, each waterfront lot adjoining the next along the coast),
stored in US survey feet (EPSG:2263, a GeoPackage read through GDAL's spatial
index) and in metres (EPSG:32618, GeoParquet with and without its bbox column),
the screen streamed 50 parcels a batch cuts the coast between waterfront lots
whose neighbours then lie in another batch (checked from the polygons
themselves). Every waterfront lot still has the figures of the screen of the
layer in one piece and of the single-lot functions (``lot_envelope`` given
the whole parcels layer), to 0.01 ft and 0.1 sq ft; so do the counts of
``screen --methods``, and the Dask backend's answers over several partitions.
"""

from __future__ import annotations

import dataclasses
import warnings

import numpy as np
import pandas as pd
import pytest
import shapely

from dockreview.batch.kernel import MhwIndex, waterfront_parts
from dockreview.batch.layers import read_screen_layers
from dockreview.batch.screen import screen
from dockreview.batch.stream import plan_screen, screen_to_file
from dockreview.errors import DockReviewWarning
from dockreview.measure.envelope import lot_envelope
from dockreview.profile import load_profile
from dockreview.rules import ruleset
from dockreview.testing.counties import county

BATCH = 50
LENGTHS = ("frontage_ft", "required_setback_ft", "band_width_ft", "greatest_reach_ft")
COUNTED = ("methods_with_dock", "methods_with_dock_names")


def _colonial():
    base = load_profile()
    riparian = {**base.settings.get("riparian", {}), "method": "colonial"}
    return ruleset(dataclasses.replace(base, settings={**base.settings, "riparian": riparian}))


@pytest.fixture(scope="module", params=["ft-gpkg", "m-parquet", "m-parquet-no-bbox"])
def stored(request, tmp_path_factory):
    """The county stored as asked; its parcels' source, its MHW line's, and the screen of the layer held whole."""
    folder = tmp_path_factory.mktemp("neighbours")
    c = county(240, seed=11)
    gpkg = folder / "county.gpkg"
    if request.param == "ft-gpkg":
        c.write(gpkg)
        parcels = f"{gpkg}:parcels"
    else:
        c.mhw.to_crs(32618).to_file(gpkg, layer="mhw")
        parcels = str(folder / "parcels.parquet")
        c.parcels.to_crs(32618).to_parquet(parcels, write_covering_bbox=request.param == "m-parquet")
    mhw = f"{gpkg}:mhw"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        layers = read_screen_layers(parcels, mhw)
        whole = screen(layers, profile=_colonial(), id_field="PARCEL_ID", workers=1, methods=True).parcels
    return parcels, mhw, layers, whole.set_index("parcel_id")


def _streamed(parcels: str, mhw: str, folder, *, methods: bool) -> pd.DataFrame:
    plan = plan_screen(read_screen_layers(parcels, mhw, stream_parcels=True), profile=_colonial(), id_field="PARCEL_ID", methods=methods)
    screen_to_file(plan, folder / "streamed.gpkg", workers=1, batch_size=BATCH, progress=False)
    return pd.read_csv(folder / "streamed.csv", dtype={"parcel_id": str}).set_index("parcel_id")


def _fronting(layers) -> np.ndarray:
    return np.flatnonzero(waterfront_parts(layers.parcels.geometry.values, MhwIndex(layers.mhw), 5.0 / layers.ft_per_unit).fronts)


def test_the_batches_cut_between_neighbours(stored):
    _, _, layers, _ = stored
    lots = _fronting(layers)
    geoms = layers.parcels.geometry.values[lots]
    a, b = shapely.STRtree(geoms).query(geoms, predicate="intersects")
    pairs = a < b
    assert (lots[a[pairs]] // BATCH != lots[b[pairs]] // BATCH).sum() >= 2


def test_the_streamed_lots_have_the_whole_layers_and_the_one_lots_figures(stored, tmp_path):
    parcels, mhw, layers, whole = stored
    streamed = _streamed(parcels, mhw, tmp_path, methods=False)
    rules, ft = _colonial(), layers.ft_per_unit
    everything = layers.parcels.geometry.values
    lots = waterfront_parts(everything, MhwIndex(layers.mhw), 5.0 / ft)
    for row in _fronting(layers):
        lot = lots.polygon[row]
        near = lot.buffer(3 * lot.length + 1000.0 / ft)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            env = lot_envelope(lot, shapely.clip_by_rect(layers.mhw, *near.bounds), ft_per_unit=ft, rules=rules, method="colonial",
                               parcels=everything)
        key = layers.parcels["PARCEL_ID"].iloc[row]
        for got in (streamed.loc[key], whole.loc[key]):
            for name in LENGTHS:
                assert got[name] == pytest.approx(getattr(env, name), abs=0.01), (row, name)
            assert got["envelope_area_sqft"] == pytest.approx(env.area_sqft, abs=0.1), row


def _same(got: pd.DataFrame, whole: pd.DataFrame, columns) -> None:
    got = got.loc[whole.index]
    for name, within in (("envelope_area_sqft", 0.1), *((n, 0.01) for n in LENGTHS)):  # the CSV's figures are rounded
        np.testing.assert_allclose(got[name].to_numpy(float), whole[name].to_numpy(float), rtol=0, atol=within, err_msg=name)
    for name in columns:
        assert (got[name].fillna("").astype(str) == whole[name].fillna("").astype(str)).all(), name


def test_the_streamed_methods_counts_are_the_whole_layers(stored, tmp_path):
    parcels, mhw, _, whole = stored
    _same(_streamed(parcels, mhw, tmp_path, methods=True), whole, COUNTED)


@pytest.mark.parametrize("stored", ["ft-gpkg", "m-parquet"], indirect=True)
def test_the_dask_partitions_give_the_whole_layers_figures(stored):
    distributed = pytest.importorskip("distributed")
    pytest.importorskip("dask_geopandas")
    _, _, layers, whole = stored
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        on_dask = screen(
            layers, profile=_colonial(), id_field="PARCEL_ID", backend="dask", scheduler=cluster.scheduler_address, methods=True,
        ).parcels
    _same(on_dask.set_index("parcel_id"), whole, ("reasons", *COUNTED))
