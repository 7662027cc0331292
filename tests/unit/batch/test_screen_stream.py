"""``dockreview screen`` reads, screens and writes its parcels a batch at a time; the files are those of the whole layer.

The reference is the screen of the whole layer held in memory
(``read_screen_layers`` + ``screen`` + ``write_screen``, the Python API's
path), and with ``--audit`` its audit of the docks, on the messy county (parcel edges off the MHW line, multipart parcels,
bow-tie rings, an island, a creek). The CLI's batches are 37 parcels, so a
lot's batch is never the whole layer; the layer is stored in feet
(GeoPackage) and in metres (GeoParquet, EPSG:32618), and the two batched runs
are worked on one and two processes.
"""

from __future__ import annotations

import json
import sqlite3
import warnings

import geopandas as gpd
import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pyogrio
import pytest
import shapely
from click.testing import CliRunner

from dockreview.batch import stream
from dockreview.batch.layers import read_screen_layers
from dockreview.batch.screen import screen, write_screen
from dockreview.cli import main
from dockreview.errors import DockReviewWarning
from dockreview.outputs import geopackage
from dockreview.testing.counties import messy_county

FIELDS = ["--id-field", "PARCEL_ID", "--class-field", "PROP_CLASS", "--dock-id-field", "dock_id"]


@pytest.fixture(scope="module")
def county_files(tmp_path_factory):
    """The messy county as a GeoPackage in EPSG:2263 and, reprojected to EPSG:32618, GeoParquet parcels beside a GeoPackage."""
    folder = tmp_path_factory.mktemp("stream")
    c = messy_county(300, seed=11)
    feet = folder / "county-ft.gpkg"
    c.write(feet)
    metres = folder / "county-m.gpkg"
    for name in ("mhw", "channels", "docks"):
        gpd.read_file(feet, layer=name).to_crs(32618).to_file(metres, layer=name, driver="GPKG")
    c.parcels.to_crs(32618).to_parquet(folder / "parcels-m.parquet")
    return {
        "ft": (f"{feet}:parcels", feet),
        "m": (str(folder / "parcels-m.parquet"), metres),
    }


def _args(parcels: str, gpkg, out) -> list[str]:
    return ["screen", "--parcels", parcels, "--mhw", f"{gpkg}:mhw", "--channels", f"{gpkg}:channels",
            "--docks", f"{gpkg}:docks", *FIELDS, "--no-progress", "-o", str(out)]


def _whole(parcels: str, gpkg, out, *, audit: bool = False):
    """The screen of the layer held whole (the Python API's path), written by write_screen."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        layers = read_screen_layers(parcels, f"{gpkg}:mhw", channels=f"{gpkg}:channels", docks=f"{gpkg}:docks", crs="EPSG:2263")
        result = screen(layers, id_field="PARCEL_ID", class_field="PROP_CLASS", dock_id_field="dock_id", audit=audit)
    write_screen(result, out)
    return result


@pytest.mark.parametrize(("storage", "workers"), [("ft", "2"), ("m", "1")])
def test_the_batched_screen_writes_the_whole_layers_screen(county_files, tmp_path, storage, workers):
    parcels, gpkg = county_files[storage]
    whole = _whole(parcels, gpkg, tmp_path / "whole.gpkg")
    run = CliRunner().invoke(main, [*_args(parcels, gpkg, tmp_path / "batched.gpkg"), "--batch", "37", "--workers", workers,
                                    "--crs", "EPSG:2263"])
    assert run.exit_code == 0, run.output
    for key, value in whole.summary().items():
        assert f"{key:<26}{value:>10,d}" in run.output
    for layer in ("parcels", "envelopes"):
        a = gpd.read_file(tmp_path / "whole.gpkg", layer=layer)
        b = gpd.read_file(tmp_path / "batched.gpkg", layer=layer)
        assert list(a.columns) == list(b.columns) and len(a) == len(b) > 0
        same = shapely.equals_exact(a.geometry.values, b.geometry.values, tolerance=1e-6) | (a.geometry.isna() & b.geometry.isna())
        assert same.all(), layer
        for column in a.columns.drop("geometry"):
            if column.endswith(("_ft", "_sqft")):
                np.testing.assert_allclose(b[column], a[column], rtol=0, atol=1e-6, err_msg=column)
            else:
                assert (a[column].isna() == b[column].isna()).all() and (a[column] == b[column])[a[column].notna()].all(), column
    assert (tmp_path / "whole.csv").read_text() == (tmp_path / "batched.csv").read_text()
    assert whole.parcels["fronts_mhw"].sum() > 100  # the layer's waterfront lots span many batches


def test_the_batched_screen_writes_geoparquet_a_window_at_a_time(county_files, tmp_path, monkeypatch):
    parcels, gpkg = county_files["m"]
    _whole(parcels, gpkg, tmp_path / "whole.parquet")  # geopandas' own file of the whole frame
    monkeypatch.setattr(stream, "WRITE_ROWS", 50)  # the 300 parcels in windows of two batches of 37: five
    run = CliRunner().invoke(main, [*_args(parcels, gpkg, tmp_path / "batched.parquet"), "--batch", "37", "--workers", "1",
                                    "--crs", "EPSG:2263"])
    assert run.exit_code == 0, run.output
    for name in ("", "-envelopes"):
        a, b = (gpd.read_parquet(tmp_path / f"{which}{name}.parquet") for which in ("whole", "batched"))
        assert len(a) == len(b) > 0 and list(a.columns) == list(b.columns)
        pd.testing.assert_frame_equal(b.drop(columns="geometry"), a.drop(columns="geometry"), check_dtype=False, rtol=0, atol=1e-6)
        assert (shapely.equals_exact(a.geometry.values, b.geometry.values, tolerance=1e-6) | (a.geometry.isna() & b.geometry.isna())).all()
        assert b.crs == a.crs
        meta = json.loads(pq.read_metadata(tmp_path / f"batched{name}.parquet").metadata[b"geo"])["columns"]["geometry"]
        assert meta["bbox"] == pytest.approx(list(a.total_bounds)) and set(meta["geometry_types"]) == set(a.geom_type.dropna())
    assert pq.ParquetFile(tmp_path / "batched.parquet").num_row_groups == 5
    assert (tmp_path / "whole.csv").read_text() == (tmp_path / "batched.csv").read_text()


@pytest.mark.parametrize(("storage", "suffix"), [("ft", "gpkg"), ("m", "parquet")])
def test_the_batched_audit_is_the_whole_layers_audit(county_files, tmp_path, storage, suffix):
    parcels, gpkg = county_files[storage]
    whole = _whole(parcels, gpkg, tmp_path / "whole.gpkg", audit=True)
    out = tmp_path / f"batched.{suffix}"
    run = CliRunner().invoke(main, [*_args(parcels, gpkg, out), "--audit", "--batch", "37", "--workers", "2", "--crs", "EPSG:2263"])
    assert run.exit_code == 0, run.output
    for key, value in whole.summary().items():
        assert f"{key:<26}{value:>10,d}" in run.output
    a = whole.audit
    b = gpd.read_file(out, layer="audit") if suffix == "gpkg" else gpd.read_parquet(tmp_path / "batched-audit.parquet")
    assert len(a) == len(b) == a["dock_id"].nunique() > 20 and list(b["dock_id"]) == list(a["dock_id"])
    for column in a.columns.drop("geometry"):
        if column.endswith(("_ft", "_sqft")):
            np.testing.assert_allclose(b[column].astype(float), a[column].astype(float), rtol=0, atol=1e-6, err_msg=column)
        else:
            assert (a[column].astype(str).to_numpy() == b[column].astype(str).to_numpy()).all(), column
    assert {"compliant", "noncompliant"} <= set(a["verdict"])


def test_the_batched_audit_reads_the_kind_of_water(county_files, tmp_path):
    """Levy County's reach checks apply by the kind of water: the batched audit decides them as the whole one does."""
    parcels, gpkg = county_files["ft"]
    law = ["--profile", "levy-county-fl", "--water", "canal"]
    run = CliRunner().invoke(main, [*_args(parcels, gpkg, tmp_path / "batched.gpkg"), "--audit", *law, "--workers", "1"])
    assert run.exit_code == 0, run.output
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        layers = read_screen_layers(parcels, f"{gpkg}:mhw", channels=f"{gpkg}:channels", docks=f"{gpkg}:docks", water="canal")
        whole = screen(layers, profile="levy-county-fl", id_field="PARCEL_ID", class_field="PROP_CLASS", dock_id_field="dock_id", audit=True)
    a, b = whole.audit, gpd.read_file(tmp_path / "batched.gpkg", layer="audit")
    assert list(b["dock_id"]) == list(a["dock_id"]) and len(a) > 20
    assert list(b["verdict"]) == list(a["verdict"]) and list(b["failed"]) == list(a["failed"])
    assert "needs data" not in set(a["verdict"])  # the water's kind known, its checks decided


def test_a_batched_layer_without_a_polygon_is_refused_and_nothing_is_written(county_files, tmp_path):
    _, gpkg = county_files["ft"]
    points = tmp_path / "points.gpkg"
    parcels = gpd.read_file(gpkg, layer="parcels")
    parcels.set_geometry(parcels.geometry.centroid).to_file(points, layer="parcels", driver="GPKG")
    run = CliRunner().invoke(main, [*_args(f"{points}:parcels", gpkg, tmp_path / "out.gpkg"), "--batch", "50"])
    assert run.exit_code == 2
    assert "no polygon features" in run.output and "Traceback" not in run.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["points.gpkg"]


def _measured(polygon):
    """The polygon with a measure of 7.0 at every vertex (XYM)."""
    return shapely.from_wkt(shapely.to_wkt(shapely.force_3d(polygon, 7.0), rounding_precision=-1, output_dimension=3).replace(" Z ", " M "))


def _nan_heights(polygons):
    """The polygons with an unknown (NaN) height at every vertex."""
    blank = shapely.force_3d(polygons, 0.0)
    xyz = shapely.get_coordinates(blank, include_z=True)
    xyz[:, 2] = np.nan
    return shapely.set_coordinates(blank, xyz)


@pytest.mark.parametrize("kind", ["heights", "measures"])
def test_parcels_drawn_with_heights_are_screened_on_the_plan(county_files, tmp_path, kind):
    """A survey's parcels often carry a height on every vertex, or a measure. With ``heights`` every other lot
    stands 12.5 ft up and every tenth has an unknown (NaN) height; with ``measures`` every other lot has a measure
    at each vertex. The screen measures on the plan, so its table is the flat layer's, and its parcels are written
    flat."""
    _, gpkg = county_files["ft"]
    parcels = gpd.read_file(gpkg, layer="parcels")
    row, present = np.arange(len(parcels)), parcels.geometry.notna().to_numpy()
    geoms = np.array(parcels.geometry.values, dtype=object)
    some, tenth = (row % 2 == 0) & present, (row % 10 == 3) & present
    if kind == "heights":
        geoms[some] = shapely.force_3d(geoms[some], 12.5)
        geoms[tenth] = _nan_heights(geoms[tenth])
    else:
        geoms[some] = [_measured(g) for g in geoms[some]]
    layer = tmp_path / f"{kind}.gpkg"
    frame = parcels.set_geometry(gpd.GeoSeries(geoms, index=parcels.index, crs=parcels.crs))
    pyogrio.write_dataframe(frame, layer, layer="parcels", use_arrow=True)  # a feature at a time takes no measures
    stored = pyogrio.read_dataframe(layer, use_arrow=True).geometry.values  # GDAL's Arrow keeps the measures, as the screen reads them
    if kind == "heights":
        assert shapely.has_z(stored).sum() == (some | tenth).sum() > 100
    else:
        assert shapely.has_m(stored).sum() == some.sum() > 100
    for name, source in (("flat", f"{gpkg}:parcels"), (kind, f"{layer}:parcels")):
        run = CliRunner().invoke(main, [*_args(source, gpkg, tmp_path / f"{name}-out.gpkg"), "--batch", "37", "--workers", "1"])
        assert run.exit_code == 0, run.output
    assert (tmp_path / "flat-out.csv").read_text() == (tmp_path / f"{kind}-out.csv").read_text()
    written, flat = (pyogrio.read_dataframe(tmp_path / f"{name}-out.gpkg", layer="parcels", use_arrow=True).geometry
                     for name in (kind, "flat"))
    assert (shapely.get_coordinate_dimension(written.dropna().values) == 2).all()
    assert (shapely.equals_exact(written.values, flat.values, 0) | (written.isna() & flat.isna())).all()


def test_the_layers_written_feature_by_feature_are_those_written_through_arrow(county_files, tmp_path, monkeypatch):
    """GDAL before 3.8 takes no Arrow: there the GeoPackage's layers are written a feature at a time, the same layers."""
    parcels, gpkg = county_files["ft"]
    for name, arrow in (("arrow", True), ("features", False)):
        monkeypatch.setattr(geopackage, "arrow_writes", lambda arrow=arrow: arrow)
        run = CliRunner().invoke(main, [*_args(parcels, gpkg, tmp_path / f"{name}.gpkg"), "--batch", "37", "--workers", "1"])
        assert run.exit_code == 0, run.output
    for layer in ("parcels", "envelopes"):
        a, b = (gpd.read_file(tmp_path / f"{name}.gpkg", layer=layer) for name in ("arrow", "features"))
        assert len(a) == len(b) > 0 and (a.geom_type.dropna() == "MultiPolygon").all()
        pd.testing.assert_frame_equal(a.drop(columns="geometry"), b.drop(columns="geometry"))
        assert (shapely.equals_exact(a.geometry.values, b.geometry.values, 0) | (a.geometry.isna() & b.geometry.isna())).all()
    schemas = [sqlite3.connect(tmp_path / f"{name}.gpkg").execute("SELECT sql FROM sqlite_master WHERE name = 'parcels'").fetchone()
               for name in ("arrow", "features")]
    assert schemas[0] == schemas[1]


def test_writing_a_screen_leaves_the_callers_frames_as_they_were(county_files, tmp_path):
    """The Python API's write keeps the caller's polygons single-part (the GeoPackage's layers are multipart)."""
    parcels, gpkg = county_files["ft"]
    result = _whole(parcels, gpkg, tmp_path / "first.gpkg")
    before = [frame.geometry.values.copy() for frame in (result.parcels, result.envelopes)]
    assert (result.envelopes.geom_type == "Polygon").any()
    write_screen(result, tmp_path / "second.gpkg")
    for frame, kept in zip((result.parcels, result.envelopes), before):
        assert all(a is b for a, b in zip(frame.geometry.values, kept))
    assert (gpd.read_file(tmp_path / "second.gpkg", layer="envelopes").geom_type == "MultiPolygon").all()
