"""Nothing lost: an output never replaces an input, a device or a user's layers, and every refusal is one line.

Each case builds its own site (tests/support/sitegen.py: a straight 200-ft lot,
the standard T dock) in ``tmp_path`` and runs the real command in a child
process, as a user would, with a time limit. It asserts what the user sees
(exit status 2 and one ``error:`` line naming the output, how it was given and
the input it would replace), that every input file is byte for byte as it was
(SHA-256 before and after), that the command took under 10 s of CPU (a minute of
wall time at most: a hang fails), and that the child peaked under 1.5 GB. Devices and pipes are made in the test's own folder, never
the system's: ``mknod`` of the null and full devices needs root, and those cases
are skipped without it.
"""

from __future__ import annotations

import csv
import hashlib
import os
import resource
import stat
import subprocess
import sys
import threading
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import geopandas as gpd
import pyogrio
import pytest
import shapely

from dockreview import load_site, review
from dockreview.errors import OutputError
from dockreview.outputs.export import write_gpkg
from support.sitegen import make_site, t_dock

#: The child's command: the package's own entry point.
COMMAND = [sys.executable, "-c", "from dockreview.cli import run; run()"]
TIME_LIMIT_S = 10.0
MEMORY_LIMIT_KB = 1_500_000
#: Linux's character devices: the null device (1, 3) takes every byte; the full device (1, 7) takes none.
NULL_DEVICE, FULL_DEVICE = (1, 3), (1, 7)
ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    seconds: float
    peak_kb: int

    @property
    def errors(self) -> list[str]:
        return [line for line in self.stderr.splitlines() if line.startswith("error:")]


def dockreview(*args: str, cwd: Path | None = None, file_size: int | None = None) -> Run:
    """Run ``dockreview ARGS`` in a child process (under a file-size limit when given); its time and peak memory."""
    limit = None if file_size is None else (lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size)))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(  # the time-out catches a hang
        [*COMMAND, *args], capture_output=True, text=True, timeout=60, cwd=cwd, preexec_fn=limit,
        env={**os.environ, "MPLBACKEND": "agg"},
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # the child's own CPU time, whatever else the machine runs meanwhile; its peak: the largest child so far, a bound
    seconds = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return Run(done.returncode, done.stdout, done.stderr, seconds, max(after.ru_maxrss, before.ru_maxrss))


def hashes(folder: Path) -> dict[str, str]:
    """Every file of ``folder`` by name, with its SHA-256 (special files by their kind)."""
    out = {}
    for path in sorted(folder.iterdir()):
        mode = path.lstat().st_mode
        out[path.name] = hashlib.sha256(path.read_bytes()).hexdigest() if stat.S_ISREG(mode) else stat.filemode(mode)
    return out


def assert_refused(run: Run, *words: str) -> None:
    """Exit 2, one ``error:`` line holding every word, no traceback, within the time and memory bounds."""
    assert run.code == 2, (run.code, run.stderr)
    assert len(run.errors) == 1 and all(w in run.errors[0] for w in words), run.stderr
    assert "Traceback" not in run.stderr and "unexpected" not in run.stderr, run.stderr
    assert run.seconds < TIME_LIMIT_S, run.seconds
    assert run.peak_kb < MEMORY_LIMIT_KB, run.peak_kb


@pytest.fixture
def site(tmp_path):
    return make_site(tmp_path / "site", dock=t_dock())


@pytest.fixture
def shp_site(tmp_path):
    return make_site(tmp_path / "shp", dock=t_dock(), fmt="shp")


# --------------------------------------------------------------------------
# an output that is an input
# --------------------------------------------------------------------------
def test_check_gpkg_over_the_sites_own_geopackage_is_refused(site):
    before = hashes(site.dir)
    run = dockreview("check", str(site.manifest), "--gpkg", str(site.dir / "site.gpkg"))
    assert_refused(run, "--gpkg", "site.gpkg", "that is the input", "an output never replaces an input")
    assert hashes(site.dir) == before


@pytest.mark.parametrize("how", ["symlink", "hardlink", "dot-path"])
def test_the_same_file_by_another_name_is_refused(site, tmp_path, how):
    layers = site.dir / "site.gpkg"
    other = tmp_path / "elsewhere"
    other.mkdir()
    if how == "symlink":
        (other / "link.gpkg").symlink_to(layers)
        name = other / "link.gpkg"
    elif how == "hardlink":
        os.link(layers, other / "hard.gpkg")
        name = other / "hard.gpkg"
    else:
        name = Path(site.dir.name) / "." / ".." / site.dir.name / "site.gpkg"
    before = hashes(site.dir)
    run = dockreview("report", str(site.manifest), "-o", str(tmp_path / "r.md"), "--gpkg", str(name), cwd=tmp_path)
    assert_refused(run, "--gpkg", str(name), "site.gpkg")
    assert hashes(site.dir) == before
    assert not (tmp_path / "r.md").exists()  # refused before anything is written


def test_json_over_the_manifest_is_refused(site):
    before = hashes(site.dir)
    assert_refused(dockreview("check", str(site.manifest), "--json", str(site.manifest)), "--json", "site.toml")
    assert hashes(site.dir) == before


def test_a_shapefile_sidecar_is_an_input(shp_site):
    before = hashes(shp_site.dir)
    run = dockreview("check", str(shp_site.manifest), "--json", str(shp_site.dir / "parcels.dbf"))
    assert_refused(run, "--json", "parcels.dbf", "that is the input")
    assert hashes(shp_site.dir) == before


def test_the_profile_file_is_an_input(site, tmp_path):
    from importlib import resources

    law = tmp_path / "law.toml"
    law.write_text(resources.files("dockreview.rules.profiles").joinpath("kings-point-ny.toml").read_text("utf-8"))
    before = law.read_bytes()
    run = dockreview("map", str(site.manifest), "--profile", str(law), "-o", str(tmp_path / "law.toml"))
    assert run.code == 2  # click refuses the .toml map name before anything: a map is .png, .pdf or .svg
    run = dockreview("check", str(site.manifest), "--profile", str(law), "--json", str(law))
    assert_refused(run, "--json", "law.toml", "that is the input")
    assert law.read_bytes() == before


def test_screen_over_its_own_geopackage_or_geoparquet_is_refused(site, tmp_path):
    gpkg = site.dir / "site.gpkg"
    before = hashes(site.dir)
    run = dockreview("screen", "--parcels", f"{gpkg}:parcels", "--mhw", f"{gpkg}:mhw", "-o", str(gpkg))
    assert_refused(run, "-o", "site.gpkg", "that is the input")
    parquet = tmp_path / "lots.parquet"
    site.layers["parcels"].to_parquet(parquet)
    kept = parquet.read_bytes()
    run = dockreview("screen", "--parcels", str(parquet), "--mhw", f"{gpkg}:mhw", "-o", str(parquet))
    assert_refused(run, "-o", "lots.parquet", "that is the input")
    assert parquet.read_bytes() == kept and hashes(site.dir) == before


def test_two_outputs_that_are_one_file_are_refused(site, tmp_path):
    out = tmp_path / "plan.svg"
    run = dockreview("check", str(site.manifest), "--map", str(out), "--json", str(out))
    assert_refused(run, "plan.svg", "that is also the")
    assert not out.exists()


def test_the_python_api_refuses_an_input_too(site):
    result = review(load_site(site.manifest))
    before = hashes(site.dir)
    with pytest.raises(OutputError, match="that is the input"):
        write_gpkg(result, site.dir / "site.gpkg")
    assert hashes(site.dir) == before


# --------------------------------------------------------------------------
# a user's GeoPackage keeps its layers
# --------------------------------------------------------------------------
def test_a_users_geopackage_keeps_its_own_layers(site, tmp_path):
    project = tmp_path / "project.gpkg"
    notes = gpd.GeoDataFrame({"note": ["iron pin found", "fence 2 ft over"]},
                             geometry=[shapely.Point(1_056_000, 235_900), shapely.Point(1_056_050, 235_880)], crs=2263)
    notes.to_file(project, layer="survey_notes", driver="GPKG", engine="pyogrio")
    run = dockreview("check", str(site.manifest), "--gpkg", str(project))
    assert run.code in (0, 1, 3), run.stderr
    layers = {str(n) for n in pyogrio.list_layers(project)[:, 0]}
    assert "survey_notes" in layers and "dock_components" in layers and "side_lines" in layers
    kept = gpd.read_file(project, layer="survey_notes")
    assert list(kept["note"]) == list(notes["note"]) and kept.geometry.equals(notes.geometry)
    # a second review writes its layers again: the review's layers as a set, the notes as they were
    site.rewrite(dock={"length": 60.0})
    assert dockreview("check", str(site.manifest), "--gpkg", str(project)).code in (0, 1, 3)
    again = {str(n) for n in pyogrio.list_layers(project)[:, 0]}
    assert again == layers
    assert list(gpd.read_file(project, layer="survey_notes")["note"]) == list(notes["note"])
    # the screen adds its own layers beside the review's, and its record (its law and date, tables for publish)
    gpkg = site.dir / "site.gpkg"
    assert dockreview("screen", "--parcels", f"{gpkg}:parcels", "--mhw", f"{gpkg}:mhw", "-o", str(project)).code == 0
    screened = {"parcels", "envelopes", "screen_record", "screen_law"}
    assert {str(n) for n in pyogrio.list_layers(project)[:, 0]} == again | screened
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_stale_review_layer_goes_and_the_users_layer_stays(site, tmp_path):
    project = tmp_path / "project.gpkg"
    assert dockreview("check", str(site.manifest), "--gpkg", str(project)).code in (0, 1, 3)
    written = {str(n) for n in pyogrio.list_layers(project)[:, 0]}
    extra = gpd.GeoDataFrame({"n": [1]}, geometry=[shapely.Point(0, 0)], crs=2263)
    # a layer an earlier review wrote that this one does not (its description says whose it is), and the user's own
    pyogrio.write_dataframe(extra, project, layer="old_layer", layer_options={"DESCRIPTION": "Written by dockreview (review)"})
    pyogrio.write_dataframe(extra, project, layer="mine")
    assert dockreview("check", str(site.manifest), "--gpkg", str(project)).code in (0, 1, 3)
    assert {str(n) for n in pyogrio.list_layers(project)[:, 0]} == written | {"mine"}


#: What a user may have put in a GeoPackage beside the tool's layers that GDAL does not list as a layer: SQL run on it.
USERS_OWN = {
    "only-the-tools-layers": ([], None),
    "a-qgis-project": (["CREATE TABLE qgis_projects (name TEXT PRIMARY KEY, metadata BLOB, content BLOB)",
                        "INSERT INTO qgis_projects VALUES ('harbor', x'00', x'cafe')"],
                       ("SELECT name, content FROM qgis_projects", [("harbor", b"\xca\xfe")])),
    "a-coordinate-system": (["INSERT INTO gpkg_spatial_ref_sys VALUES ('harbor grid', 990001, 'HARBOR', 1, 'LOCAL_CS[\"harbor\"]', '')"],
                            ("SELECT srs_name FROM gpkg_spatial_ref_sys WHERE srs_id = 990001", [("harbor grid",)])),
    "a-trigger": (["CREATE TRIGGER log_layers AFTER INSERT ON gpkg_contents BEGIN SELECT NEW.table_name; END"],
                  ("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name = 'log_layers'", [("log_layers",)])),
}


@pytest.mark.parametrize("users_own", list(USERS_OWN))
def test_a_rerun_replaces_its_own_layers_and_keeps_what_else_the_file_holds(site, tmp_path, users_own):
    """A GeoPackage holding only an earlier review's layers is written afresh; one that also holds something of a
    user's that GDAL does not list as a layer (a QGIS project, a coordinate system, a trigger) keeps it."""
    import sqlite3

    statements, (query, expected) = USERS_OWN[users_own][0], USERS_OWN[users_own][1] or (None, None)
    project = tmp_path / "project.gpkg"
    assert dockreview("check", str(site.manifest), "--gpkg", str(project)).code in (0, 1, 3)
    written = {str(n) for n in pyogrio.list_layers(project)[:, 0]}
    extra = gpd.GeoDataFrame({"n": [1]}, geometry=[shapely.Point(0, 0)], crs=2263)
    pyogrio.write_dataframe(extra, project, layer="old_layer", layer_options={"DESCRIPTION": "Written by dockreview (review)"})
    with closing(sqlite3.connect(project)) as db, db:
        for statement in statements:
            db.execute(statement)
    assert dockreview("check", str(site.manifest), "--gpkg", str(project)).code in (0, 1, 3)
    assert {str(n) for n in pyogrio.list_layers(project)[:, 0]} - {"qgis_projects"} == written  # GDAL lists the table too
    if query is not None:
        with closing(sqlite3.connect(project)) as db:
            assert db.execute(query).fetchall() == expected


def test_an_existing_file_that_is_not_a_geopackage_is_left_alone(site, tmp_path):
    other = tmp_path / "notes.gpkg"
    other.write_text("my notes, not a GeoPackage")
    run = dockreview("check", str(site.manifest), "--gpkg", str(other))
    assert_refused(run, "notes.gpkg", "not a GeoPackage")
    assert other.read_text() == "my notes, not a GeoPackage"


# --------------------------------------------------------------------------
# outputs that are not plain files
# --------------------------------------------------------------------------
def test_a_symlink_output_writes_its_target_and_stays_a_link(site, tmp_path):
    target = tmp_path / "target.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    run = dockreview("check", str(site.manifest), "--json", str(link))
    assert run.code in (0, 1, 3), run.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text().startswith("{") and '"verdict"' in target.read_text()


def test_a_pipe_nobody_reads_is_refused_at_once(site, tmp_path):
    pipe = tmp_path / "review.json"
    os.mkfifo(pipe)
    run = dockreview("check", str(site.manifest), "--json", str(pipe))
    assert_refused(run, "review.json", "named pipe", "no program reads")
    assert stat.S_ISFIFO(pipe.lstat().st_mode)


def test_a_pipe_with_a_reader_gets_the_whole_json(site, tmp_path):
    pipe = tmp_path / "review.json"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()))
    reader.start()
    run = dockreview("check", str(site.manifest), "--json", str(pipe))
    reader.join(timeout=30)
    assert run.code in (0, 1, 3), run.stderr
    assert got and got[0].startswith(b"{") and b'"verdict"' in got[0]
    assert stat.S_ISFIFO(pipe.lstat().st_mode)


@pytest.mark.skipif(not ROOT, reason="mknod of a character device needs root")
def test_a_device_is_written_as_a_stream_and_stays_a_device(site, tmp_path):
    null = tmp_path / "null.json"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(*NULL_DEVICE))
    run = dockreview("check", str(site.manifest), "--json", str(null), "--gpkg", str(tmp_path / "null.gpkg"))
    assert run.code in (0, 1, 3), run.stderr
    assert stat.S_ISCHR(null.lstat().st_mode)
    full = tmp_path / "full.json"
    os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(*FULL_DEVICE))
    assert_refused(dockreview("check", str(site.manifest), "--json", str(full)), "full.json", "No space left on device")
    assert stat.S_ISCHR(full.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_folder_as_an_output_is_refused(site, tmp_path):
    assert_refused(dockreview("check", str(site.manifest), "--json", str(tmp_path)), "--json", "a folder")


# --------------------------------------------------------------------------
# every writer under a file-size limit
# --------------------------------------------------------------------------
FSIZE = 4096
SINGLE_SITE_OUTPUTS = [
    ("check", "--gpkg", "out.gpkg"),
    ("check", "--json", "out.json"),
    ("check", "--map", "out.png"),
    ("check", "--map", "out.pdf"),
    ("check", "--map", "out.svg"),
    ("report", "-o", "out.html"),
    ("report", "-o", "out.pdf"),
    ("map", "--sheet", "evidence", "-o", "out.pdf"),
    ("envelope", "-o", "out.gpkg"),
]


@pytest.mark.parametrize("args", SINGLE_SITE_OUTPUTS, ids=lambda a: " ".join(a))
def test_every_writer_under_a_file_size_limit_says_so_in_one_line(site, tmp_path, args):
    out = tmp_path / "out"
    out.mkdir()
    old = out / args[-1]
    if old.suffix == ".gpkg":  # an earlier output, a GeoPackage with a layer of the user's
        gpd.GeoDataFrame({"n": [1]}, geometry=[shapely.Point(0, 0)], crs=2263).to_file(old, layer="mine")
    else:
        old.write_bytes(b"the old file")
    kept = old.read_bytes()
    command, *options = args
    run = dockreview(command, str(site.manifest), *options[:-1], str(old), file_size=FSIZE)
    assert_refused(run, args[-1], "cannot write", "file-size limit")
    assert old.read_bytes() == kept
    assert sorted(p.name for p in out.iterdir()) == [args[-1]]


@pytest.mark.parametrize("name", ["out.gpkg", "out.parquet"])
def test_the_screen_under_a_file_size_limit_says_so_in_one_line(site, tmp_path, name):
    gpkg = site.dir / "site.gpkg"
    out = tmp_path / "out"
    out.mkdir()
    run = dockreview("screen", "--parcels", f"{gpkg}:parcels", "--mhw", f"{gpkg}:mhw", "-o", str(out / name), file_size=2048)
    assert_refused(run, "cannot write", "file-size limit")
    assert list(out.iterdir()) == []


# --------------------------------------------------------------------------
# safe to open: a formula in a parcel id
# --------------------------------------------------------------------------
def test_a_formula_in_a_parcel_id_is_text_in_the_screens_csv(site, tmp_path):
    parcels = site.layers["parcels"].copy()
    ids = ['=HYPERLINK("http://example.invalid","x")', "+1+2", "-3", "@SUM(A1)", "\tTAB"][: len(parcels)]
    parcels["PARCEL_ID"] = ids
    layers = tmp_path / "county.gpkg"
    parcels.to_file(layers, layer="parcels", driver="GPKG")
    site.layers["mhw"].to_file(layers, layer="mhw", driver="GPKG")
    out = tmp_path / "screen.gpkg"
    run = dockreview("screen", "--parcels", f"{layers}:parcels", "--mhw", f"{layers}:mhw", "--id-field", "PARCEL_ID", "-o", str(out))
    assert run.code == 0, run.stderr
    with open(out.with_suffix(".csv"), newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["parcel_id"] for r in rows] == ["'" + i for i in ids]
    assert all(float(r["frontage_ft"]) == pytest.approx(200.0, abs=0.05) for r in rows)  # numbers untouched
    assert list(gpd.read_file(out, layer="parcels")["parcel_id"]) == ids  # the layer keeps the ids as they are


# --------------------------------------------------------------------------
# temporary files: named for their run, swept when their run is gone
# --------------------------------------------------------------------------
def test_a_dead_runs_temporary_file_is_swept_and_a_live_ones_kept(site, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        stale = out / f".review.json.dockreview-{dead.pid}-abc123.json"
        busy = out / f".review.json.dockreview-{live.pid}-def456.json"
        stale.write_text("{half")
        busy.write_text("{half")
        assert dockreview("check", str(site.manifest), "--json", str(out / "review.json")).code in (0, 1, 3)
        assert not stale.exists() and busy.exists()
        assert sorted(p.name for p in out.iterdir()) == sorted(["review.json", busy.name])
    finally:
        live.kill()
        live.wait()


# --------------------------------------------------------------------------
# the QGIS provider's runs, without QGIS
# --------------------------------------------------------------------------
def test_the_qgis_provider_refuses_an_input_as_its_output(site, tmp_path):
    from dockreview.qgis import runs

    gpkg = site.dir / "site.gpkg"
    before = hashes(site.dir)
    with pytest.raises(OutputError, match="that is the input"):
        runs.review_site(site.manifest, output=gpkg)
    with pytest.raises(OutputError, match="that is the input"):
        runs.review_site(site.manifest, json_path=site.manifest)
    with pytest.raises(OutputError, match="that is the input"):
        runs.envelope_site(site.manifest, output=gpkg)
    with pytest.raises(OutputError, match="that is the input"):
        runs.screen_parcels((str(gpkg), "parcels"), (str(gpkg), "mhw"), output=gpkg)
    assert hashes(site.dir) == before
