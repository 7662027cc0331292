"""Bad input: each case builds its own broken site and asserts what the user reads.

Every case starts from the site of tests/sitegen.py (a straight 200-ft lot, the
standard T dock: frontage 200 ft, setbacks 90 ft, reach 120 ft), breaks it one
way, and runs ``dockreview check SITE --json -`` through click's CliRunner. It
then asserts either

* **refused**: exit 2 and one plain ``error:`` line naming the file, layer or
  field at fault, with no traceback; or
* **answered**: the warning the user must read, and the answer the review must
  still give (from the JSON on standard output).

Nothing binary is committed: every bad file is made here, in ``tmp_path``.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import geopandas as gpd
import numpy as np
import pyproj
import pytest
import shapely
from click.testing import CliRunner
from shapely.geometry import LineString, Point, Polygon

from dockreview.cli import main
from support.sitegen import (
    KINGS_POINT,
    SUBJECT_ID,
    dumps_toml,
    make_site,
    rect,
    t_dock,
    t_footprint,
)

ENGINES = ("pyogrio", "fiona")
TOL = 0.05


# --------------------------------------------------------------------------
# running the command and reading what it says
# --------------------------------------------------------------------------
def run(manifest: Path, *options: str, before: tuple[str, ...] = ()) -> "Outcome":
    result = CliRunner().invoke(main, [*before, "check", str(manifest), "--json", "-", *options])
    return Outcome(result)


class Outcome:
    """What the user sees: exit status, error and warning lines, the JSON."""

    def __init__(self, result) -> None:
        self.result = result
        self.code = result.exit_code
        self.stderr = result.stderr
        self.errors = [line for line in self.stderr.splitlines() if line.startswith("error:")]
        self.warnings = [line for line in self.stderr.splitlines() if line.startswith("warning:")]

    def refused(self, *words: str) -> str:
        """Assert exit 2 with one error line holding every word; return the line."""
        assert self.code == 2, (self.code, self.stderr, self.result.exception)
        assert "Traceback" not in self.stderr
        assert "unexpected" not in self.stderr, self.stderr
        assert len(self.errors) == 1, self.stderr
        for word in words:
            assert word in self.errors[0], (word, self.errors[0])
        assert self.result.stdout == ""  # no half-written JSON
        return self.errors[0]

    def answered(self, code: int, *warned: str) -> dict:
        """Assert the exit status and a warning holding every word; return the JSON."""
        assert self.code == code, (self.code, self.stderr, self.result.exception)
        for word in warned:
            assert any(word in w for w in self.warnings), (word, self.warnings)
        return json.loads(self.result.stdout)


def measured(outcome: Outcome, code: int, *warned: str) -> dict:
    return outcome.answered(code, *warned)["measurements"]


def status(doc: dict, check_id: str) -> str:
    return next(c["status"] for c in doc["checks"] if c["id"] == check_id)


# --------------------------------------------------------------------------
# building broken sites
# --------------------------------------------------------------------------
@pytest.fixture
def site(tmp_path):
    """The standard site in a GeoPackage (frontage 200, setbacks 90, reach 120; exit 3)."""
    return make_site(tmp_path / "site", dock=t_dock())


@pytest.fixture
def shp_site(tmp_path):
    """The standard site in shapefiles."""
    return make_site(tmp_path / "site", dock=t_dock(), fmt="shp")


def write_layer(site, name: str, frame: gpd.GeoDataFrame) -> None:
    """Replace one layer of the site's GeoPackage."""
    frame.to_file(site.dir / "site.gpkg", layer=name, driver="GPKG", engine="pyogrio")


def parcels_with(site, geoms, ids) -> None:
    """Replace the parcels layer by ``geoms`` (local frame) with ``ids``."""
    world = [None if g is None else site.to_world(g) for g in geoms]
    write_layer(site, "parcels", gpd.GeoDataFrame({"PARCEL_ID": ids}, geometry=world, crs="EPSG:2263"))


def mhw_with(site, geoms) -> None:
    """Replace the MHW layer by ``geoms`` (local frame)."""
    frame = gpd.GeoDataFrame({"NAME": ["MHW"] * len(geoms)}, geometry=[site.to_world(g) for g in geoms], crs="EPSG:2263")
    write_layer(site, "mhw", frame)


def standard_parcels() -> list:
    """The subject lot and its neighbours, local frame."""
    return [rect(-100, -150, 100, 0), rect(-300, -150, -100, 0), rect(100, -150, 300, 0)]


def assert_base_answer(m: dict) -> None:
    for key, want in (("frontage_ft", 200.0), ("setback_ft", 90.0), ("reach_ft", 120.0)):
        assert m[key] == pytest.approx(want, abs=TOL), (key, m[key])


# --------------------------------------------------------------------------
# the manifest
# --------------------------------------------------------------------------
MANIFEST_CASES = {
    # id: (change to the manifest's tables, words the error must hold)
    "unknown-key-suggested": ({"dock": {"lenght": 110.0}}, ["site.toml", "unknown key 'dock.lenght'", "did you mean 'length'"]),
    "unknown-table-suggested": ({"reveiw": {"extension": "straight"}}, ["unknown key 'reveiw'", "did you mean 'review'"]),
    "unknown-layer-suggested": ({"layers": {"mhv": "site.gpkg:mhw"}}, ["unknown key 'layers.mhv'", "did you mean 'mhw'"]),
    "dock-both-ways": ({"dock": {"file": "site.gpkg:dock"}}, ["given both ways", "dock.file", "length"]),
    "zero-length": ({"dock": {"length": 0.0}}, ["'dock.length' must be greater than zero"]),
    "negative-width": ({"dock": {"width": -6.0}}, ["'dock.width' must be greater than zero"]),
    "zero-float": ({"dock": {"float": {"length": 0.0, "width": 10.0, "layout": "T"}}}, ["'dock.float.length'"]),
    "l-float-without-side": ({"dock": {"float": {"length": 20.0, "width": 10.0, "layout": "L"}}}, ["dock.float.side"]),
    "bad-bearing": ({"dock": {"bearing": "seaward"}}, ["'dock.bearing' must be a number"]),
    "geographic-working-crs": ({"site": {"crs": "EPSG:4326"}}, ["site.crs", "EPSG:4326", "not projected", "EPSG:2263"]),
    "unknown-crs": ({"site": {"crs": "EPSG:999999"}}, ["site.crs", "cannot understand the CRS", "EPSG:999999"]),
    "parcel-id-not-found": ({"parcel": {"id": "9-999-99"}}, ["parcels layer", "'9-999-99' not found", "'PARCEL_ID'", "parcel.id"]),
    "parcel-field-missing": ({"parcel": {"id_field": "PIN"}}, ["parcels layer", "no field 'PIN'", "PARCEL_ID"]),
    "missing-file": ({"layers": {"parcels": "county.gpkg:parcels"}}, ["parcels layer", "county.gpkg", "file not found"]),
    "missing-layer": ({"layers": {"mhw": "site.gpkg:shoreline"}}, ["mhw layer", "no layer 'shoreline'", "it holds", "parcels"]),
    "bad-assume-crs": ({"layers": {"mhw": {"path": "site.gpkg", "layer": "mhw", "assume_crs": "feet"}}}, ["mhw layer", "assume_crs", "'feet'"]),
    "conflicting-assume-crs": (
        {"layers": {"mhw": {"path": "site.gpkg", "layer": "mhw", "assume_crs": "EPSG:32618"}}},
        ["mhw layer", "the file says its CRS is EPSG:2263", "EPSG:32618", "remove 'assume_crs'"],
    ),
}


@pytest.mark.parametrize("case", sorted(MANIFEST_CASES))
def test_manifest_refused(site, case):
    change, words = MANIFEST_CASES[case]
    site.rewrite(**change)
    run(site.manifest).refused(*words)


def test_invalid_toml_names_the_manifest(site):
    site.manifest.write_text("[site\nname = 'unclosed'\n")
    run(site.manifest).refused(str(site.manifest), "invalid TOML", "line 1")


def test_missing_manifest(tmp_path):
    run(tmp_path / "nowhere" / "site.toml").refused("site.toml", "manifest not found")


def test_dock_not_given(site):
    site.doc.pop("dock")
    site.manifest.write_text(dumps_toml(site.doc))
    run(site.manifest).refused("missing [dock] table", "footprint 'file'")


def test_dock_given_as_nothing_but_a_field(site):
    site.doc["dock"] = {"component_field": "component"}
    site.manifest.write_text(dumps_toml(site.doc))
    run(site.manifest).refused("the dock is not given", "dock.length")


def test_required_layer_missing(site):
    site.doc["layers"].pop("mhw")
    site.manifest.write_text(dumps_toml(site.doc))
    run(site.manifest).refused("missing required layer 'layers.mhw'")


# --------------------------------------------------------------------------
# the files
# --------------------------------------------------------------------------
@pytest.mark.parametrize("engine", ENGINES)
def test_truncated_shp(shp_site, engine):
    shp = shp_site.dir / "parcels.shp"
    shp.write_bytes(shp.read_bytes()[:-40])  # the last record cut short
    run(shp_site.manifest, "--engine", engine).refused("parcels layer", "parcels.shp", "truncated")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("part", [".dbf", ".shx"])
def test_shapefile_part_missing(shp_site, engine, part):
    (shp_site.dir / f"mhw{part}").unlink()
    run(shp_site.manifest, "--engine", engine).refused("mhw layer", "mhw.shp", f"{part} file", "missing")


@pytest.mark.parametrize("engine", ENGINES)
def test_missing_crs_says_how_to_set_one(shp_site, engine):
    (shp_site.dir / "parcels.prj").unlink()
    run(shp_site.manifest, "--engine", engine).refused("parcels layer", "has no CRS", 'assume_crs = "EPSG:2263"')


def test_missing_crs_assumed_in_manifest(shp_site):
    (shp_site.dir / "parcels.prj").unlink()
    shp_site.rewrite(layers={"parcels": {"path": "parcels.shp", "assume_crs": "EPSG:2263"}})
    assert_base_answer(measured(run(shp_site.manifest), 3))


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("damage", ["random-bytes", "truncated", "text"])
def test_corrupt_geopackage(site, engine, damage):
    gpkg = site.dir / "site.gpkg"
    data = gpkg.read_bytes()
    gpkg.write_bytes(
        {
            "random-bytes": data[:100] + np.random.default_rng(5).bytes(4000),
            "truncated": data[: len(data) // 3],
            "text": b"not a geopackage\n",
        }[damage]
    )
    run(site.manifest, "--engine", engine).refused("parcels layer", "site.gpkg", "cannot open the file")


@pytest.mark.parametrize("layer", ["parcels", "mhw"])
def test_empty_required_layer(site, layer):
    write_layer(site, layer, site.layers[layer].iloc[0:0])
    run(site.manifest).refused(f"{layer} layer", "holds no features")


def test_empty_optional_layer_passes_with_a_warning(tmp_path):
    s = make_site(tmp_path, dock=t_dock(), channels=[rect(-500, 300, 500, 400)])
    write_layer(s, "channels", s.layers["channels"].iloc[0:0])
    doc = run(s.manifest).answered(3, "channels layer", "holds no features")
    assert status(doc, "channel-clearance") == "pass"


def test_points_where_polygons_belong(site):
    points = site.layers["parcels"].copy()
    points.geometry = points.geometry.centroid
    write_layer(site, "parcels", points)
    run(site.manifest).refused("parcels layer", "expected polygons but found Point", "right layer")


def test_lines_where_dock_polygons_belong(tmp_path):
    s = make_site(tmp_path, footprint=t_footprint())
    dock = s.layers["dock"].copy()
    dock.geometry = dock.geometry.boundary
    write_layer(s, "dock", dock)
    run(s.manifest).refused("dock layer", "expected polygons but found", "LineString")


def test_null_and_empty_geometries_are_ignored_with_a_warning(site):
    parcels_with(site, [*standard_parcels(), None, Polygon()], [SUBJECT_ID, "2-105-32", "2-105-34", "x-1", "x-2"])
    assert_base_answer(measured(run(site.manifest), 3, "parcels layer", "2 feature(s) with no geometry ignored", "rows 3, 4"))


def test_null_geometry_of_the_subject_lot(site):
    parcels_with(site, [None, *standard_parcels()[1:]], [SUBJECT_ID, "2-105-32", "2-105-34"])
    run(site.manifest).refused("parcels layer", f"'{SUBJECT_ID}' not found")


def test_bow_tie_is_repaired_with_a_warning_naming_the_feature(site):
    lots = standard_parcels()
    lots[2] = Polygon([(100, -150), (300, 0), (300, -150), (100, 0)])  # the right neighbour, self-intersecting
    parcels_with(site, lots, [SUBJECT_ID, "2-105-32", "2-105-34"])
    assert_base_answer(measured(run(site.manifest), 3, "parcels layer", "invalid geometry repaired", "rows 2"))


def test_multipart_parcel_reviews_the_part_fronting_the_water(site):
    lots = standard_parcels()
    lots[0] = shapely.MultiPolygon([lots[0], rect(-20, -400, 20, -360)])  # a detached garage lot inland
    parcels_with(site, lots, [SUBJECT_ID, "2-105-32", "2-105-34"])
    assert_base_answer(measured(run(site.manifest), 3, f"parcel '{SUBJECT_ID}' has 2 separate parts", "fronting"))


def test_multipart_parcel_whose_smaller_part_fronts_the_water(site):
    # The house lot lies across a road (a 600 x 400 ft block inland); the 200 x 150 ft waterfront part is smaller.
    lots = standard_parcels()
    lots[0] = shapely.MultiPolygon([lots[0], rect(-300, -700, 300, -300)])
    parcels_with(site, lots, [SUBJECT_ID, "2-105-32", "2-105-34"])
    assert_base_answer(measured(run(site.manifest), 3, f"parcel '{SUBJECT_ID}' has 2 separate parts", "fronting"))


def test_numeric_parcel_ids_match_whatever_the_field_type(site):
    # The county stores the id as a real number (12345.0); the manifest says 12345.
    parcels_with(site, standard_parcels(), [12345.0, 12344.0, 12346.0])
    site.rewrite(parcel={"id_field": "PARCEL_ID", "id": 12345})
    assert_base_answer(measured(run(site.manifest), 3))


def test_duplicate_parcel_ids_are_merged_with_a_warning(site):
    lots = standard_parcels()
    halves = [rect(-100, -150, 0, 0), rect(0, -150, 100, 0)]
    parcels_with(site, [*halves, *lots[1:]], [SUBJECT_ID, SUBJECT_ID, "2-105-32", "2-105-34"])
    assert_base_answer(measured(run(site.manifest), 3, f"'{SUBJECT_ID}' is on 2 features", "merged"))



def _zm_wkb(poly: Polygon) -> bytes:
    """ISO WKB of ``poly`` with a Z (12.5 ft) and an M (the vertex number) on every vertex."""
    ring = ", ".join(f"{x!r} {y!r} 12.5 {i}" for i, (x, y) in enumerate(poly.exterior.coords))
    return shapely.to_wkb(shapely.from_wkt(f"POLYGON ZM (({ring}))"), flavor="iso", output_dimension=4)


def test_z_and_m_coordinates_are_dropped(site):
    gpkg = site.dir / "site.gpkg"
    con = sqlite3.connect(gpkg)
    for (trigger,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        con.execute(f'DROP TRIGGER "{trigger}"')  # the R-tree triggers call SpatiaLite functions
    for fid, blob in con.execute("SELECT fid, geom FROM parcels").fetchall():
        envelope = {0: 0, 1: 32, 2: 48, 3: 48, 4: 64}[(blob[3] >> 1) & 7]
        poly = shapely.from_wkb(blob[8 + envelope :])
        header = b"GP" + bytes([0, blob[3] & 0b11110001]) + blob[4:8]  # same SRS, no envelope
        con.execute("UPDATE parcels SET geom = ? WHERE fid = ?", (header + _zm_wkb(poly), fid))
    con.commit()
    con.close()
    assert_base_answer(measured(run(site.manifest), 3))


@pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")  # numpy, building the bad ring
@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_nan_or_infinite_coordinates(site, bad):
    lots = standard_parcels()
    lots[1] = Polygon([(-300, -150), (-100, -150), (-100, 0), (bad, 0)])
    parcels_with(site, lots, [SUBJECT_ID, "2-105-32", "2-105-34"])
    run(site.manifest).refused("parcels layer", "NaN or infinite", "rows 1")


def test_metres_declared_as_feet_lie_far_outside_the_area_of_use(tmp_path):
    s = make_site(tmp_path, dock=t_dock(), crs="EPSG:32118", fmt="shp")  # NY Long Island, metres
    for name in ("parcels", "mhw"):
        (s.dir / f"{name}.prj").unlink()
        s.rewrite(layers={name: {"path": f"{name}.shp", "assume_crs": "EPSG:2263"}})
    run(s.manifest).refused("parcels layer", "far outside the area of use", "EPSG:2263", "assume_crs")


def test_feet_declared_as_degrees_lie_far_outside_the_area_of_use(shp_site):
    (shp_site.dir / "mhw.prj").write_text(pyproj.CRS.from_epsg(4326).to_wkt("WKT1_ESRI"))
    run(shp_site.manifest).refused("mhw layer", "far outside the area of use", "EPSG:4326")


def test_survey_in_metres_declared_as_feet_gives_an_implausible_frontage(tmp_path):
    # A 50-ft lot whose coordinates were written in metres (15.24) in a layer declared in feet.
    s = make_site(tmp_path, dock=t_dock(length=10.0, width=4.0), lot_width=50.0, neighbour_width=50.0)
    for name in ("parcels", "mhw"):
        frame = s.layers[name].copy()
        frame.geometry = frame.geometry.scale(0.3048, 0.3048, origin=KINGS_POINT)
        write_layer(s, name, frame)
    doc = run(s.manifest).answered(1, "frontage comes out at 15.2 ft", "implausible", "metres")
    assert doc["measurements"]["frontage_ft"] == pytest.approx(15.24, abs=TOL)
    assert status(doc, "frontage") == "fail"


def test_implausibly_long_frontage_is_warned(tmp_path):
    s = make_site(tmp_path, dock=t_dock(), lot_width=15000.0, neighbour_width=500.0)
    m = measured(run(s.manifest), 3, "frontage comes out at 15,000.0 ft", "implausible")
    assert m["frontage_ft"] == pytest.approx(15000.0, abs=TOL)


# --------------------------------------------------------------------------
# the shore and the lot
# --------------------------------------------------------------------------
def test_mhw_in_pieces_with_gaps_is_bridged(site):
    mhw_with(site, [LineString([(-500, 0), (-60, 0)]), LineString([(-50, 0), (30, 0)]), LineString([(42, 0), (500, 0)])])
    m = measured(run(site.manifest), 3, "mhw layer", "2 gap(s)", "up to 12.0 ft", "bridged")
    assert_base_answer(m)
    assert m["setback_left_ft"] == pytest.approx(90.0, abs=TOL)


def test_mhw_not_reaching_the_parcel(site):
    mhw_with(site, [LineString([(-500, 300), (500, 300)])])
    line = run(site.manifest).refused("does not reach the MHW line", "nearest 300.0 ft")
    # the message names the parcel and both files, so the analyst knows where to look
    assert f"parcel '{SUBJECT_ID}'" in line and line.count("site.gpkg") == 2, line


@pytest.mark.parametrize("key, layer", [("docks_id_field", "docks"), ("channels_name_field", "channels")])
def test_a_named_field_its_layer_does_not_have_is_refused(tmp_path, key, layer):
    site = make_site(tmp_path / "site", dock=t_dock(), docks=[rect(300, 50, 306, 150)], channels=[rect(-500, 400, 500, 600)])
    site.rewrite(layers={key: "DOCKID"})
    run(site.manifest).refused(f"{layer} layer", "no field 'DOCKID'", f"layers.{key}", "fields are: NAME")


def test_mhw_far_from_the_parcel(site):
    mhw_with(site, [LineString([(-5000, 9000), (5000, 9000)])])
    run(site.manifest).refused("mhw layer", "no nearer than 9,000 ft", "does not reach the MHW line", "parcel.id")


def test_lot_fronting_water_on_two_sides_is_measured_on_the_longer(tmp_path):
    # A lot across a narrow neck: water in front (200 ft) and behind (about 147 ft).
    s = make_site(tmp_path, dock=t_dock(), left_angle=-10.0, right_angle=-10.0, neighbours=False)
    mhw_with(s, [LineString([(-500, 0), (500, 0)]), LineString([(-500, -150), (500, -150)])])
    m = measured(run(s.manifest), 3, "fronts the water on 2 separate runs", "measured on the longer one")
    assert m["frontage_ft"] == pytest.approx(200.0, abs=TOL)
    assert m["reach_ft"] == pytest.approx(120.0, abs=TOL)


def test_dock_wholly_landward_is_refused(site):
    site.rewrite(dock={"root": list(site.to_world(Point(0, -140)).coords[0]), "bearing": 0.0, "length": 100.0})
    run(site.manifest).refused("no part seaward of the MHW line", "does not reach the water")


def test_dock_crossing_a_side_line_fails_with_a_negative_setback(tmp_path):
    s = make_site(tmp_path, dock={**t_dock(), "root": (-95.0, 0.0), "bearing": 0.0})
    doc = run(s.manifest).answered(1)
    assert doc["measurements"]["setback_left_ft"] == pytest.approx(-5.0, abs=TOL)
    assert status(doc, "side-setback") == "fail"


@pytest.mark.parametrize("length, code, reach", [(110.0, 3, "pass"), (210.0, 1, "fail")])
def test_dock_crossing_the_mhw_line_twice(tmp_path, length, code, reach):
    # The dock crosses a marsh island (a closed MHW ring) 40-60 ft off the lot and ends in open
    # water: its reach is walkway + float (10 ft), not the part beyond the island.
    s = make_site(tmp_path, dock=t_dock(length=length))
    mhw_with(s, [LineString([(-500, 0), (500, 0)]), rect(-30, 40, 30, 60).exterior])
    doc = run(s.manifest).answered(code)
    assert doc["measurements"]["reach_ft"] == pytest.approx(length + 10.0, abs=TOL)
    assert doc["measurements"]["length_ft"] == pytest.approx(length + 10.0, abs=TOL)
    assert status(doc, "reach") == reach


def test_unknown_component_name(tmp_path):
    s = make_site(tmp_path, footprint=[("gangway", rect(-3, 0, 3, 110)), ("float", rect(-10, 110, 10, 120))])
    run(s.manifest).refused("dock layer", "feature 0", "component 'gangway'", "walkway")


@pytest.mark.parametrize(
    "component",
    [Polygon([(20, 50), (21, 50), (22, 50)]), Polygon([(-3, 0), (-3, 110), (-3, 50)])],
    ids=["zero-area-pile", "zero-width-walkway"],
)
def test_footprint_component_with_no_area(tmp_path, component):
    s = make_site(tmp_path, footprint=[*t_footprint(), ("pile", component)])
    run(s.manifest).refused("dock layer", "nothing left once repaired", "rows 2", "redraw it")


def test_footprint_component_left_blank(tmp_path):
    s = make_site(tmp_path, footprint=[t_footprint()[0], ("", rect(-10, 110, 10, 120))])
    run(s.manifest).refused("dock layer", "feature 1 has component ''", "use one of walkway")


def test_manifest_path_outside_its_folder_is_resolved_and_reported(site):
    folder = site.dir / "applications" / "2026-14"
    folder.mkdir(parents=True)
    doc = {**site.doc, "layers": {k: f"../../{v}" for k, v in site.doc["layers"].items()}}
    manifest = folder / "site.toml"
    manifest.write_text(dumps_toml(doc))
    gpkg = str((site.dir / "site.gpkg").resolve())
    out = run(manifest).answered(3, "parcels path '../../site.gpkg:parcels' leads outside the manifest's folder", gpkg)
    assert {s["file"] for s in out["sources"]} >= {f"{gpkg}:parcels", f"{gpkg}:mhw"}
    assert_base_answer(out["measurements"])


def test_500000_vertex_shoreline_is_answered(site):
    # how long it takes is the benchmark's to measure (benchmarks/screen_bench.py), not a test's: a wall-time
    # bound here failed on a loaded machine
    u = np.linspace(-50_000.0, 50_000.0, 500_000)
    v = np.where(np.abs(u) > 400.0, 0.3 * np.sin(u / 7.0), 0.0)  # a wiggly county shoreline, straight at the lot
    mhw_with(site, [LineString(np.column_stack([u, v]))])
    assert_base_answer(measured(run(site.manifest), 3))


# --------------------------------------------------------------------------
# errors as a user reads them
# --------------------------------------------------------------------------
def test_verbose_shows_the_details(site):
    (site.dir / "site.gpkg").write_bytes(b"SQLite format 3\x00" + bytes(2000))
    out = run(site.manifest, before=("-v",))
    out.refused("cannot open the file")
    assert "  kind: LayerError" in out.stderr
    assert "  detail: " in out.stderr
    assert "  raised at: layers.py" in out.stderr


def test_unexpected_error_is_one_line_and_verbose_says_where(site, monkeypatch):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("dockreview.cli.options.review", broken)
    plain = run(site.manifest)
    assert plain.code == 2 and plain.errors == ["error: unexpected ZeroDivisionError: division by zero (run with --debug and report it)"]
    assert "Traceback" not in plain.stderr
    assert "raised at: test_bad_input.py" in run(site.manifest, before=("-v",)).stderr


def test_traceback_only_with_debug(site):
    site.rewrite(parcel={"id": "9-999-99"})
    command = [sys.executable, "-c", "from dockreview.cli import run; run()"]
    plain = subprocess.run([*command, "check", str(site.manifest)], capture_output=True, text=True)
    debug = subprocess.run([*command, "--debug", "check", str(site.manifest)], capture_output=True, text=True)
    assert plain.returncode == 2
    assert plain.stderr.startswith("error: ") and "Traceback" not in plain.stderr
    assert "Traceback" in debug.stderr and "SiteDataError" in debug.stderr


@pytest.mark.parametrize("jetty_u, jetty_length", [(90.0, 15.0), (-90.0, 15.0), (20.0, 60.0)])
def test_a_jetty_joining_the_shore_is_not_frontage(tmp_path, jetty_u, jetty_length):
    # A jetty digitised into the MHW layer meets the shore inside the lot: the frontage runs along
    # the shore between the water corners (200 ft), not out and back along the jetty, and a jetty
    # 7 ft beside the walkway (nearer to it than the shore) does not make the dock read as upland.
    s = make_site(tmp_path, rotation=20.0, dock=t_dock())
    mhw_with(s, [LineString([(-500, 0), (500, 0)]), LineString([(jetty_u, 0), (jetty_u, jetty_length)])])
    m = measured(run(s.manifest), 3)
    assert m["frontage_ft"] == pytest.approx(200.0, abs=TOL)
    assert_base_answer(m)
