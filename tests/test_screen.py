"""The screen over a parcel layer: the same answers as the single-lot functions, the files, the audit, the CLI.

The layers come from the synthetic county (dockreview.synthetic): 400 parcels, half
on a wavy shore, with channels and docks. The reference for every waterfront lot is
dockreview.envelope.lot_envelope on that lot alone.
"""

from __future__ import annotations

import warnings

import geopandas as gpd
import numpy as np
import pandas as pd
import pytest
import shapely
from click.testing import CliRunner
from pyproj import CRS

from dockreview import crs as crs_mod
from dockreview.cli import main
from dockreview.envelope import lot_envelope
from dockreview.io import DockReviewWarning
from dockreview.profile import load_profile
from dockreview.screen import MhwIndex, ScreenLayers, screen, vector_riparian, write_screen
from dockreview.synthetic import county

FIGURES = ("frontage_ft", "required_setback_ft", "band_width_ft", "greatest_reach_ft")


@pytest.fixture(scope="module")
def layers():
    c = county(400, seed=7)
    working = CRS.from_user_input("EPSG:2263")
    mhw = shapely.line_merge(shapely.union_all(c.mhw.geometry.values))
    return c, ScreenLayers(c.parcels, mhw, c.channels, c.docks, working, crs_mod.feet_per_unit(working))


@pytest.fixture(scope="module")
def result(layers):
    _, screen_layers = layers
    return screen(screen_layers, profile=load_profile(), id_field="PARCEL_ID", class_field="PROP_CLASS", audit=True, dock_id_field="dock_id")


def test_most_lots_are_worked_as_arrays(layers):
    c, screen_layers = layers
    front = np.flatnonzero(c.parcels["ROW"].to_numpy() == "front")
    rip, left_over = vector_riparian(
        np.asarray(c.parcels.geometry.values)[front], MhwIndex(screen_layers.mhw), tolerance=5.0, ft_per_unit=screen_layers.ft_per_unit,
        beyond=lambda frontage: 200.0 + np.maximum(0.4 * frontage, 60.0),
    )
    assert len(rip.lot) >= 0.9 * len(front)
    assert 0 < len(left_over)  # the county's bent side lines go to the single-lot functions


def test_screen_equals_single_lot_functions(layers, result):
    c, screen_layers = layers
    profile = load_profile()
    table = result.parcels.set_index("parcel_id")
    checked = 0
    for _, lot in c.parcels.iterrows():
        row = table.loc[lot["PARCEL_ID"]]
        if lot["ROW"] == "inland":
            assert not row["fronts_mhw"] and row["reasons"] == "does not front the MHW line"
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            env = lot_envelope(
                lot.geometry, screen_layers.mhw, ft_per_unit=screen_layers.ft_per_unit, profile=profile,
                channels=c.channels, docks=c.docks.dissolve(by="dock_id", as_index=False),
            )
        for key in FIGURES:
            assert row[key] == pytest.approx(getattr(env, key), abs=0.01), (lot["PARCEL_ID"], key)
        assert row["envelope_area_sqft"] == pytest.approx(env.area_sqft, abs=0.01, rel=1e-6), lot["PARCEL_ID"]
        assert row["existing_docks"] == env.existing_docks
        assert row["eligible"] == (not env.reasons and bool(row["class_qualifies"]))
        checked += 1
    assert checked == 200


def test_reasons_are_given_with_numbers(result):
    p = result.parcels
    narrow = p[p["fronts_mhw"] & (p["frontage_ft"] < 150)]
    assert len(narrow) > 0
    assert narrow["reasons"].str.contains("under the 150 ft minimum").all()
    assert not narrow["eligible"].any()
    other_class = p[p["fronts_mhw"] & ~p["class_qualifies"].astype(bool)]
    assert other_class["reasons"].str.contains("not a single-family dwelling").all()
    assert (p["eligible"] == (p["reasons"] == "")).all()
    assert p["eligible"].sum() > 0


def test_audit_flags_docks_against_their_own_lot(result):
    audit = result.audit
    assert len(audit) == audit["dock_id"].nunique() > 0
    long_docks = audit[audit["length_ft"] > 200.5]
    assert len(long_docks) > 0 and long_docks["failed"].str.contains("reach").all()
    assert (audit.loc[audit["verdict"] == "compliant", "failed"] == "").all()
    crossing = audit[audit["setback_ft"] < audit["required_setback_ft"]]
    assert crossing["failed"].str.contains("side-setback").all()


def test_writes_geopackage_and_csv(tmp_path, result):
    gpkg, csv = write_screen(result, tmp_path / "screen.gpkg")
    parcels = gpd.read_file(gpkg, layer="parcels")
    envelopes = gpd.read_file(gpkg, layer="envelopes")
    assert len(parcels) == 400
    assert set(envelopes["parcel_id"]) <= set(parcels.loc[parcels["envelope_area_sqft"] > 0, "parcel_id"])
    table = pd.read_csv(csv)
    assert list(table.columns)[:3] == ["parcel_id", "fronts_mhw", "frontage_ft"]
    assert len(table) == 400


def test_cli_screen(tmp_path, layers):
    c, _ = layers
    data = tmp_path / "county.gpkg"
    c.write(data)
    out = tmp_path / "out.gpkg"
    run = CliRunner().invoke(
        main,
        ["screen", "--parcels", f"{data}:parcels", "--mhw", f"{data}:mhw", "--channels", f"{data}:channels",
         "--docks", f"{data}:docks", "--id-field", "PARCEL_ID", "--class-field", "PROP_CLASS", "-o", str(out)],
    )
    assert run.exit_code == 0, run.output
    assert out.exists() and out.with_suffix(".csv").exists()
    assert "eligible" in run.output


def test_cli_screen_bad_field_is_one_line(tmp_path, layers):
    c, _ = layers
    data = tmp_path / "county.gpkg"
    c.write(data)
    run = CliRunner().invoke(main, ["screen", "--parcels", f"{data}:parcels", "--mhw", f"{data}:mhw", "--id-field", "NOPE", "-o", str(tmp_path / "o.gpkg")])
    assert run.exit_code == 2
    assert "NOPE" in run.output and len(run.output.strip().splitlines()) == 1


def test_dask_backend_equals_single_process(layers, result):
    distributed = pytest.importorskip("distributed")
    pytest.importorskip("dask_geopandas")
    _, screen_layers = layers
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        on_dask = screen(
            screen_layers, profile=load_profile(), id_field="PARCEL_ID", class_field="PROP_CLASS", dock_id_field="dock_id",
            backend="dask", scheduler=cluster.scheduler_address,
        )
    local = result.parcels.drop(columns="geometry")
    dask_table = on_dask.parcels.drop(columns="geometry")
    numbers = ["frontage_ft", "required_setback_ft", "band_width_ft", "envelope_area_sqft", "greatest_reach_ft"]
    pd.testing.assert_frame_equal(dask_table[numbers], local[numbers], atol=0.01, rtol=0)
    for column in ("parcel_id", "fronts_mhw", "existing_docks", "eligible", "reasons"):
        assert (dask_table[column] == local[column]).all(), column
    assert len(on_dask.envelopes) == len(result.envelopes)
