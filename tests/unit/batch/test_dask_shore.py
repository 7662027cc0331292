"""The Dask backend splits the shore with the lots: each partition gets its stretch, the answers stay those of one process.

By construction: straight shores whose stretch within a partition's margin is known by hand, in feet and in metres;
and end to end, the command a user runs (``dockreview screen --backend dask``, its own cluster of worker
processes) on a messy county whose shore meanders and comes in pieces, in a metre CRS, against the screen in one
process (with the audit of its docks), with standard error free of the cluster's log lines.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import pyogrio
import pytest
import shapely
from pyproj import CRS

from dockreview.batch.layers import ScreenLayers
from dockreview.inputs.crs import feet_per_unit
from dockreview.testing.counties import MESS_OFFSET_FT, messy_county

pytest.importorskip("distributed")
pytest.importorskip("dask_geopandas")

from dockreview.batch.dask_backend import partition_margin, partition_shores  # noqa: E402
from dockreview.rules import ruleset  # noqa: E402


@pytest.mark.parametrize("crs", ["EPSG:2263", "EPSG:32618"])
def test_each_partition_gets_only_the_shore_within_its_margin(crs):
    ft = feet_per_unit(CRS.from_user_input(crs))
    unit = 1.0 / ft  # one foot in the CRS's units
    # two straight coasts 10,000 ft apart, 40,000 ft long; a channel off each; lots 300 ft deep behind the first
    shores = shapely.MultiLineString([[(0, 0), (40_000 * unit, 0)], [(0, 10_000 * unit), (40_000 * unit, 10_000 * unit)]])
    channels = pd.DataFrame({"geometry": [shapely.box(0, 100 * unit, 40_000 * unit, 300 * unit),
                                          shapely.box(0, 10_100 * unit, 40_000 * unit, 10_300 * unit)]})
    channels = gpd.GeoDataFrame(channels, geometry="geometry", crs=crs)
    layers = ScreenLayers(None, shores, channels, None, CRS.from_user_input(crs), ft)
    # a partition of lots between x = 5,000 and 6,000 ft, 300 ft inland; lots 1,200 ft round
    margin = partition_margin(1_200.0 * unit, ft, ruleset("kings-point-ny"))
    assert margin * ft == pytest.approx(3 * 1_200 + 1_000)  # 3 perimeters + 1,000 ft, over the 200-ft reach + 1,200
    (stretch,) = partition_shores(layers, np.array([[5_000 * unit, -300 * unit, 6_000 * unit, 0.0]]), margin)
    # the first coast from 5,000 - 4,600 to 6,000 + 4,600 ft, and none of the second (10,000 ft off, beyond 4,600 + 300)
    assert shapely.length(stretch.mhw) * ft == pytest.approx(1_000 + 2 * 4_600, abs=0.01)
    assert shapely.bounds(stretch.mhw)[[0, 2]] * ft == pytest.approx([400.0, 10_600.0], abs=0.01)
    assert len(stretch.channels) == 1 and stretch.channels.geometry.iloc[0].bounds[1] * ft == pytest.approx(100.0)


def test_a_partition_far_from_water_and_one_with_no_parcels_get_no_shore():
    layers = ScreenLayers(None, shapely.LineString([(0, 0), (1_000, 0)]), None, None, CRS.from_user_input("EPSG:2263"), 1.0)
    far, empty = partition_shores(layers, np.array([[50_000, 50_000, 51_000, 51_000], [np.inf, np.inf, -np.inf, -np.inf]]), 500.0)
    assert far.mhw.is_empty and empty.mhw.is_empty


def test_the_command_on_its_own_cluster_gives_the_answers_of_one_process(tmp_path):
    c = messy_county(300, seed=21, meandering=True)
    assert len(c.mhw) > 3  # the shore comes in pieces
    data = tmp_path / "county.gpkg"
    for name in ("parcels", "mhw", "channels", "docks"):
        getattr(c, name).to_crs("EPSG:32618").to_file(data, layer=name, driver="GPKG", engine="pyogrio")
    command = [str(Path(sys.executable).parent / "dockreview"), "screen", "--parcels", f"{data}:parcels", "--mhw", f"{data}:mhw",
               "--channels", f"{data}:channels", "--docks", f"{data}:docks", "--id-field", "PARCEL_ID", "--class-field",
               "PROP_CLASS", "--dock-id-field", "dock_id", "--no-progress", "--audit"]
    # the user's own layer in the GeoPackage the Dask screen writes to stays there
    gpd.GeoDataFrame({"note": ["keep me"]}, geometry=[shapely.Point(0, 0)], crs="EPSG:32618").to_file(
        tmp_path / "dask.gpkg", layer="notes", driver="GPKG", engine="pyogrio",
    )
    local = subprocess.run([*command, "-o", str(tmp_path / "local.gpkg")], capture_output=True, text=True, timeout=600)
    dask = subprocess.run([*command, "--backend", "dask", "-o", str(tmp_path / "dask.gpkg")], capture_output=True, text=True, timeout=600)
    assert local.returncode == 0 and dask.returncode == 0, (local.stderr, dask.stderr)
    # standard error carries the screen's own warnings (the county's repaired bow-ties), not the cluster's log lines
    assert dask.stderr.replace("dask.", "local.").splitlines() == local.stderr.splitlines()
    a, b = (pd.read_csv(tmp_path / f"{name}.csv").set_index("parcel_id") for name in ("local", "dask"))
    assert list(b.index) == list(a.index) and int(a["fronts_mhw"].sum()) > 100
    numbers = ["frontage_ft", "required_setback_ft", "band_width_ft", "envelope_area_sqft", "greatest_reach_ft"]
    pd.testing.assert_frame_equal(b[numbers], a[numbers], atol=0.01, rtol=0)
    for column in ("fronts_mhw", "existing_docks", "eligible", "reasons"):
        assert b[column].equals(a[column]), column
    # the GeoPackage's layers too, in the layer's order, though the partitions came back in any order and were
    # written a window at a time from a folder beside the output that is gone after
    for layer in ("parcels", "envelopes"):
        x, y = (pyogrio.read_dataframe(tmp_path / f"{name}.gpkg", layer=layer) for name in ("local", "dask"))
        assert y["parcel_id"].tolist() == x["parcel_id"].tolist() and len(x) > 100, layer
        differ = shapely.area(shapely.symmetric_difference(x.geometry.values, y.geometry.values))
        assert not (differ > 1e-6 * shapely.area(x.geometry.values)).any(), layer  # (a parcel with no geometry: nan)
    # each envelope is its own lot's: it starts at the MHW line, which the lot's water edge misses by at most the
    # messy county's offset and the 5-ft tolerance (metres here); another lot's would be a lot's width away
    lots = pyogrio.read_dataframe(tmp_path / "dask.gpkg", layer="parcels").set_index("parcel_id").geometry
    envelopes = pyogrio.read_dataframe(tmp_path / "dask.gpkg", layer="envelopes")
    assert (shapely.distance(envelopes.geometry.values, lots.loc[envelopes["parcel_id"]].values) <= (MESS_OFFSET_FT + 5) * 0.3048).all()
    # the existing docks audited against the waterfront lots kept from each window: each dock as one process audits it
    x, y = (pyogrio.read_dataframe(tmp_path / f"{name}.gpkg", layer="audit") for name in ("local", "dask"))
    assert y["dock_id"].tolist() == x["dock_id"].tolist() and len(x) > 30
    for column in ("parcel_id", "failed", "verdict"):
        assert y[column].equals(x[column]), column
    pd.testing.assert_frame_equal(y[["reach_ft", "setback_ft", "length_ft"]], x[["reach_ft", "setback_ft", "length_ft"]], atol=0.01, rtol=0)
    assert pyogrio.read_dataframe(tmp_path / "dask.gpkg", layer="notes")["note"].tolist() == ["keep me"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["county.gpkg", "dask.csv", "dask.gpkg", "local.csv", "local.gpkg"]
