"""The screen over a parcel layer: the same answers as the single-lot functions, the files, the audit, the CLI.

The layers come from the synthetic county (dockreview.testing.counties): 400 parcels, half
on a wavy shore, with channels and docks. The reference for every waterfront lot is
dockreview.measure.envelope.lot_envelope on that lot alone; with soundings (a plane bottom, so
linear interpolation is exact and the navigable reach is known by hand) it is
dockreview.measure.envelope.site_envelope.
"""

from __future__ import annotations

import dataclasses
import warnings
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import pytest
import shapely
from click.testing import CliRunner
from pyproj import CRS

from dockreview.batch.audit import audit_docks
from dockreview.batch.depth import NavigableDepth
from dockreview.batch.kernel import MhwIndex, vector_riparian
from dockreview.batch.layers import ScreenLayers
from dockreview.batch.screen import screen, write_screen
from dockreview.cli import main
from dockreview.errors import DockReviewWarning
from dockreview.inputs import crs as crs_mod
from dockreview.inputs.bathymetry import bathymetry
from dockreview.inputs.manifest import DockSpec, FloatSpec, Manifest, Vessel
from dockreview.inputs.site import Site
from dockreview.measure.envelope import band_middle, lot_envelope
from dockreview.profile import load_profile
from dockreview.review.suggest import site_envelope
from dockreview.rules import ruleset
from dockreview.testing import counties as synthetic
from dockreview.testing.counties import county

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
    # the county's side lines that bend 20 ft from the water are worked as arrays too: every lot is
    xy, lot = shapely.get_coordinates(c.parcels.geometry.values[front], return_index=True)
    gap = shapely.distance(shapely.points(xy), screen_layers.mhw)
    assert len(np.unique(lot[(gap > 15.0) & (gap < 25.0)])) > 0
    assert len(rip.lot) == len(front) and len(left_over) == 0


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
                lot.geometry, screen_layers.mhw, ft_per_unit=screen_layers.ft_per_unit, rules=ruleset(profile),
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
    table, layer = pd.read_csv(out.with_suffix(".csv")), gpd.read_file(out, layer="parcels")
    assert_read_as_rounded(table, layer)


def assert_read_as_rounded(table, layer):
    """The CSV is the layer's table with feet to 0.01 ft and areas to 0.1 sq ft (the layer keeps every digit)."""
    for column, places in (("frontage_ft", 2), ("greatest_reach_ft", 2), ("envelope_area_sqft", 1)):
        kept = layer[column].to_numpy(dtype=float)
        assert np.allclose(table[column].to_numpy(dtype=float), np.round(kept, places), equal_nan=True, atol=1e-9)
        assert not np.allclose(kept[np.isfinite(kept)], np.round(kept[np.isfinite(kept)], places))  # digits to drop


def test_cli_screen_reads_and_writes_geoparquet(tmp_path, layers, result):
    c, _ = layers
    data = tmp_path / "county.gpkg"
    c.write(data)
    parcels = tmp_path / "parcels.parquet"
    c.parcels.to_parquet(parcels)
    rest = ["--mhw", f"{data}:mhw", "--channels", f"{data}:channels", "--docks", f"{data}:docks", "--id-field", "PARCEL_ID",
            "--class-field", "PROP_CLASS", "--dock-id-field", "dock_id", "--audit"]
    outputs = {}
    for name, source, out, workers in (("parquet", parcels, tmp_path / "out.parquet", "2"), ("gpkg", f"{data}:parcels", tmp_path / "out.gpkg", "1")):
        run = CliRunner().invoke(main, ["screen", "--parcels", str(source), *rest, "--workers", workers, "-o", str(out)])
        assert run.exit_code == 0, run.output
        outputs[name] = out
    table = gpd.read_parquet(outputs["parquet"])
    assert table.crs.equals(c.parcels.crs) and len(table) == 400
    # the same answers from GeoParquet in and out on two processes as from the GeoPackage on one
    expected = gpd.read_file(outputs["gpkg"], layer="parcels").set_index("parcel_id")
    got = table.set_index("parcel_id").loc[expected.index]
    for key in ("frontage_ft", "band_width_ft", "envelope_area_sqft", "greatest_reach_ft"):
        assert got[key].to_numpy() == pytest.approx(expected[key].to_numpy(), rel=1e-12, nan_ok=True), key
    assert (got["reasons"] == expected["reasons"]).all() and (got["eligible"] == expected["eligible"]).all()
    assert len(gpd.read_parquet(tmp_path / "out-envelopes.parquet")) == len(gpd.read_file(outputs["gpkg"], layer="envelopes"))
    assert len(gpd.read_parquet(tmp_path / "out-audit.parquet")) == len(result.audit)
    assert outputs["parquet"].with_suffix(".csv").exists()


def test_cli_screen_bad_parquet_is_one_line(tmp_path, layers):
    c, _ = layers
    data = tmp_path / "county.gpkg"
    c.write(data)
    broken = tmp_path / "parcels.parquet"
    broken.write_text("not a parquet file")
    run = CliRunner().invoke(main, ["screen", "--parcels", str(broken), "--mhw", f"{data}:mhw", "-o", str(tmp_path / "o.parquet")])
    assert run.exit_code == 2 and "GeoParquet" in run.output and len(run.output.strip().splitlines()) == 1
    assert not (tmp_path / "o.parquet").exists()


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


def test_cli_dask_backend_reads_geoparquet_on_the_workers(tmp_path, layers, result):
    distributed = pytest.importorskip("distributed")
    dask_geopandas = pytest.importorskip("dask_geopandas")
    c, _ = layers
    data = tmp_path / "county.gpkg"
    c.write(data)
    # one file, and a folder already partitioned along the shore (each worker reads its own files)
    single = tmp_path / "parcels.parquet"
    c.parcels.to_parquet(single, row_group_size=50)
    folder = tmp_path / "partitioned.parquet"
    dask_geopandas.from_geopandas(c.parcels, npartitions=4).spatial_shuffle().to_parquet(folder)
    expected = result.parcels.set_index("parcel_id")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        for source in (single, folder):
            out = tmp_path / "new" / f"{source.stem}-out.parquet"  # a folder not made yet
            run = CliRunner().invoke(
                main,
                ["screen", "--parcels", str(source), "--mhw", f"{data}:mhw", "--channels", f"{data}:channels", "--docks",
                 f"{data}:docks", "--id-field", "PARCEL_ID", "--class-field", "PROP_CLASS", "--dock-id-field", "dock_id",
                 "--backend", "dask", "--scheduler", cluster.scheduler_address, "-o", str(out)],
            )
            assert run.exit_code == 0, run.output
            table = gpd.read_parquet(out)
            assert len(table) == 400 and table["parcel_id"].is_unique
            got = table.set_index("parcel_id").loc[expected.index]
            for key in ("frontage_ft", "band_width_ft", "greatest_reach_ft"):
                assert got[key].to_numpy() == pytest.approx(expected[key].to_numpy(), abs=0.001, nan_ok=True), key
            assert (got["eligible"] == expected["eligible"]).all() and (got["existing_docks"] == expected["existing_docks"]).all()
    # the table keeps the file's order
    assert list(gpd.read_parquet(tmp_path / "new" / "parcels-out.parquet")["parcel_id"]) == list(c.parcels["PARCEL_ID"])


# ---------------------------------------------------------------------------
# soundings: the navigable-depth limit (Docks D(1))
# ---------------------------------------------------------------------------
# A 3-ft draft + the profile's 1-ft clearance needs 4 ft below MLW (REQUIRED_FT). The county's plane bottom is 0 ft
# deep ZERO_DEPTH_FT seaward of the coast's mean shore line and deepens 1 ft in 20 ft: 4 ft at
# y = base + 120 + 80. The suggested dock carries a 20 x 10 T float, 10 ft along the axis.
DRAFT_FT = 3.0
FLOAT = FloatSpec(length=20.0, width=10.0, layout="T")
FLOAT_EXTENT_FT = 10.0
REQUIRED_FT = DRAFT_FT + load_profile()("nav_depth_clearance_ft")
DEEP_ENOUGH_Y = synthetic.coast_base_y(0) + synthetic.ZERO_DEPTH_FT + REQUIRED_FT / synthetic.DEPTH_SLOPE


@pytest.fixture(scope="module")
def sounded():
    c = county(200, seed=3, soundings=True)
    working = CRS.from_user_input("EPSG:2263")
    mhw = shapely.line_merge(shapely.union_all(c.mhw.geometry.values))
    depths = gpd.GeoDataFrame({"depth_ft": c.soundings[synthetic.DEPTH_FIELD]}, geometry=c.soundings.geometry.values, crs=c.soundings.crs)
    layers = ScreenLayers(c.parcels, mhw, c.channels, c.docks, working, crs_mod.feet_per_unit(working), depths)
    result = screen(
        layers, profile=load_profile(), id_field="PARCEL_ID", class_field="PROP_CLASS", dock_id_field="dock_id",
        draft_ft=DRAFT_FT, float_extent_ft=FLOAT_EXTENT_FT, audit=True,
    )
    return c, layers, result


def _single_lot(c, layers, docks, row):
    """``site_envelope`` on one lot: its own Site with the draft, the whole soundings layer and a 200-ft T-float dock
    grown square to the frontage from the middle of the band (where the screen looks for navigable depth)."""
    lot = c.parcels.iloc[[row]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        plain = lot_envelope(lot.geometry.iat[0], layers.mhw, ft_per_unit=layers.ft_per_unit, rules=ruleset())
    root = band_middle(plain)
    manifest = Manifest(
        Path("lot.toml"), "lot", "EPSG:2263", {}, "PARCEL_ID", lot["PARCEL_ID"].iat[0],
        DockSpec(root=(root.x, root.y), length=200.0, width=6.0, float=FLOAT), vessel=Vessel(draft_ft=DRAFT_FT),
    )
    near = lot.geometry.iat[0].buffer(2000.0).bounds  # the shore near the lot, as load_site keeps it
    site = Site(
        manifest=manifest, crs=layers.crs, ft_per_unit=layers.ft_per_unit, parcel=lot.geometry.iat[0], parcels=lot,
        mhw=shapely.line_merge(shapely.clip_by_rect(layers.mhw, *near)), channels=c.channels, docks=docks,
        dock_footprint=None, soundings=layers.soundings,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        return site_envelope(site, load_profile())


def test_screen_with_soundings_equals_single_lot_envelope(sounded):
    c, layers, result = sounded
    table = result.parcels.set_index("parcel_id")
    docks = c.docks.dissolve(by="dock_id", as_index=False)
    limited = 0
    # every other waterfront lot: a full review per lot, so a sample keeps the suite quick
    for row in np.flatnonzero(c.parcels["ROW"].to_numpy() == "front")[::2]:
        mine = table.loc[c.parcels["PARCEL_ID"].iat[row]]
        env = _single_lot(c, layers, docks, row)
        for key in FIGURES:
            assert mine[key] == pytest.approx(getattr(env, key), abs=0.01), (row, key)
        assert mine["envelope_area_sqft"] == pytest.approx(env.area_sqft, abs=0.01, rel=1e-6), row
        assert mine["eligible"] == (not env.reasons and bool(mine["class_qualifies"]) and not mine["needs_data"]), row
        if mine["band_width_ft"] <= 0 or mine["needs_data"]:
            continue
        # by hand: the axis from the band's middle reaches the 4-ft depth where it meets y = DEEP_ENOUGH_Y
        origin, axis = band_middle(env), env.riparian.seaward
        nav_ft = max(0.0, (DEEP_ENOUGH_Y - origin.y) / axis[1]) * layers.ft_per_unit
        expected = min(200.0, nav_ft + FLOAT_EXTENT_FT)
        assert mine["reach_limit_ft"] == pytest.approx(expected, abs=0.01), row
        assert env.reach_limit_ft == pytest.approx(expected, abs=0.01), row
        limited += expected < 200.0
    assert limited >= 10


def test_lots_beyond_the_soundings_need_data(sounded):
    c, layers, result = sounded
    p = result.parcels
    needs = p[p["needs_data"]]
    assert len(needs) >= 5
    assert not needs["eligible"].any() and needs["reasons"].str.contains("needs data").all()
    assert needs["reach_limit_ft"].isna().all()
    # the survey covers the first SURVEYED_FRACTION of the coast: every lot that needs data lies beyond its edge
    surveyed_to = layers.soundings.total_bounds[2]
    assert (shapely.bounds(needs.geometry.values)[:, 2] > surveyed_to - 250.0).all()
    assert p.loc[p["fronts_mhw"] & ~p["needs_data"], "reach_limit_ft"].notna().all()
    assert result.summary()["need data"] == len(needs)


def test_audit_with_soundings_checks_navigable_reach(sounded):
    # each synthetic walkway is a rectangle rooted on the MHW line at p, square to the shore (n), with a
    # 10-ft-deep T float: by hand it may reach min(200, (DEEP_ENOUGH_Y - p.y) / n.y + 10) ft, when the
    # survey's rectangle covers its axis that far
    c, layers, result = sounded
    audit = result.audit.set_index("dock_id")
    walkways = c.docks[c.docks["component"] == "walkway"].set_index("dock_id")
    survey = shapely.box(*layers.soundings.total_bounds)
    checked = uncovered = 0
    for dock_id, row in audit.iterrows():
        ring = shapely.get_coordinates(walkways.geometry[dock_id])
        root, axis = (ring[0] + ring[3]) / 2, (ring[1] - ring[0]) / np.hypot(*(ring[1] - ring[0]))
        nav_ft = max(0.0, (DEEP_ENOUGH_Y - root[1]) / axis[1]) * layers.ft_per_unit
        if not survey.covers(shapely.LineString([root, root + axis * min(nav_ft, 200.0) / layers.ft_per_unit])):
            assert np.isnan(row["max_allowed_reach_ft"]) and row["verdict"] != "compliant", dock_id
            uncovered += 1
            continue
        assert row["max_allowed_reach_ft"] == pytest.approx(min(200.0, nav_ft + FLOAT_EXTENT_FT), abs=0.01), dock_id
        beyond = max(row["reach_ft"], row["length_ft"]) > row["max_allowed_reach_ft"] + 0.01
        assert ("navigable-reach" in row["failed"]) == beyond, dock_id
        checked += 1
    assert checked >= 10 and uncovered >= 1 and audit["failed"].str.contains("navigable-reach").any()
    assert set(audit["verdict"]) <= {"compliant", "noncompliant", "incomplete"}


def test_audit_verdicts_of_new_docks_with_and_without_depth_data(sounded):
    # a 40 x 6 ft walkway from the middle of the band, square to the frontage, on one eligible lot the
    # soundings cover (navigable well beyond 40 ft: compliant) and one wide lot beyond the survey (incomplete)
    c, layers, result = sounded
    p = result.parcels
    covered = p[p["eligible"] & (p["reach_limit_ft"] > 60.0)].index[0]
    beyond = p[p["needs_data"] & (p["band_width_ft"] > 20.0) & (p["envelope_area_sqft"] > 0)].index[0]
    docks = []
    for row in (covered, beyond):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            env = lot_envelope(
                c.parcels.geometry.iat[row], layers.mhw, ft_per_unit=layers.ft_per_unit, rules=ruleset(), channels=c.channels
            )
        root = np.asarray(band_middle(env).coords[0])
        axis = env.riparian.seaward
        docks.append(shapely.buffer(shapely.LineString([root, root + axis * 40.0]), 3.0, cap_style="flat"))
    mine = dataclasses.replace(layers, docks=gpd.GeoDataFrame(geometry=docks, crs=layers.crs))
    audit = audit_docks(mine, p, profile=load_profile(), draft_ft=DRAFT_FT)
    assert list(audit["parcel_id"]) == [p["parcel_id"].iat[covered], p["parcel_id"].iat[beyond]]
    assert list(audit["verdict"]) == ["compliant", "incomplete"], audit["failed"].tolist()
    assert audit["length_ft"].to_numpy() == pytest.approx([40.0, 40.0], abs=0.01)
    assert audit["max_width_ft"].to_numpy() == pytest.approx([6.0, 6.0], abs=0.01)


def test_navigable_limits_by_hand():
    # a plane 0 ft deep at y = 0 deepening 1 ft in 10 ft, soundings over x, y in [-100, 300]; 4 ft at y = 40
    xy = np.array([(x, y) for x in range(-100, 301, 50) for y in range(-100, 301, 50)], dtype=float)
    frame = gpd.GeoDataFrame({"depth_ft": xy[:, 1] / 10.0}, geometry=shapely.points(xy))
    depth = NavigableDepth(bathymetry(frame), required_ft=4.0, rules=ruleset(), float_extent_ft=10.0)
    origins = np.array([(0.0, 0.0), (0.0, 0.0), (0.0, 50.0), (0.0, -50.0), (280.0, 0.0), (0.0, -90.0)])
    s45 = np.sqrt(0.5)
    axes = np.array([(0.0, 1.0), (s45, s45), (0.0, 1.0), (0.0, 1.0), (1.0, 0.0), (0.0, -1.0)])
    limits = depth.limits(origins, axes, ft_per_unit=1.0)  # the Kings Point cap: 200 ft
    # straight out: 40 + 10; at 45 degrees: 40 sqrt 2 + 10; already deep: 0 + 10; from y = -50: 90 + 10;
    # along the shore out of the survey after 20 ft, never deep: needs data; landward out of the survey: needs data
    assert limits[:4] == pytest.approx([50.0, 40.0 * np.sqrt(2.0) + 10.0, 10.0, 100.0], abs=1e-9)
    assert np.isnan(limits[4:]).all()
    # deep water never reached but covered to the cap: the cap alone
    never = NavigableDepth(bathymetry(frame), required_ft=99.0, rules=ruleset())
    assert never.limits(origins[:1], axes[:1], ft_per_unit=1.0)[0] == 200.0


def test_cli_screen_with_soundings(tmp_path, sounded):
    c, _, _ = sounded
    data = tmp_path / "county.gpkg"
    c.write(data)
    out = tmp_path / "out.gpkg"
    base = ["screen", "--parcels", f"{data}:parcels", "--mhw", f"{data}:mhw", "-o", str(out)]
    run = CliRunner().invoke(main, base + ["--soundings", f"{data}:soundings", "--draft", "3", "--float-extent", "10"])
    assert run.exit_code == 0, run.output
    assert "need data" in run.output
    table = pd.read_csv(out.with_suffix(".csv"))
    assert table["needs_data"].any() and (table["reach_limit_ft"].dropna() < 200.0).any()
    run = CliRunner().invoke(main, base + ["--soundings", f"{data}:soundings"])
    assert run.exit_code == 2 and "--draft" in run.output
    run = CliRunner().invoke(main, base + ["--soundings", f"{data}:soundings", "--draft", "3", "--depth-field", "NOPE"])
    assert run.exit_code == 2 and "NOPE" in run.output and len(run.output.strip().splitlines()) == 1


def test_dask_backend_with_soundings_equals_single_process(sounded):
    distributed = pytest.importorskip("distributed")
    pytest.importorskip("dask_geopandas")
    _, layers, result = sounded
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        on_dask = screen(
            layers, profile=load_profile(), id_field="PARCEL_ID", class_field="PROP_CLASS", dock_id_field="dock_id",
            draft_ft=DRAFT_FT, float_extent_ft=FLOAT_EXTENT_FT, backend="dask", scheduler=cluster.scheduler_address,
        )
    numbers = ["reach_limit_ft", "envelope_area_sqft", "greatest_reach_ft"]
    pd.testing.assert_frame_equal(on_dask.parcels[numbers], result.parcels[numbers], atol=0.01, rtol=0)
    for column in ("needs_data", "eligible", "reasons"):
        assert (on_dask.parcels[column] == result.parcels[column]).all(), column


def test_lots_deep_at_the_shore_say_so(sounded):
    # a 0.5-ft draft needs 1.5 ft, found right at the MHW line wherever the shore lies 150 ft or more above the
    # coast's mean line: a plain walkway may not reach beyond the shore there
    _, layers, _ = sounded
    result = screen(layers, profile=load_profile(), id_field="PARCEL_ID", draft_ft=0.5)
    p = result.parcels
    shallow = p[(p["reach_limit_ft"] == 0.0) & (p["band_width_ft"] > 0)]
    assert len(shallow) > 0 and not shallow["eligible"].any()
    assert shallow["reasons"].str.contains("navigable depth is reached at the shore: a dock may reach 0.0 ft").all()
    assert not shallow["reasons"].str.contains("no room between the setbacks|a channel or another dock").any()
