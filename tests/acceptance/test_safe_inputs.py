"""Every read bounded, every refusal on reading one plain line (issue 26).

Each case builds its own site in ``tmp_path`` (tests/support/sitegen.py),
breaks one of its inputs -- a named pipe, ``/dev/zero``, a TOML nested 5,000
deep, a symbolic link loop, a folder, a .dbf whose .cpg lies, a dock 10,000,000
ft long -- and runs the command line in a subprocess with a timeout, so that a
regression fails instead of hanging the suite or filling the memory. For each
it asserts what is known independently of the code: exit status 2, exactly
one ``error:`` line naming the file or key (no "unexpected", no traceback),
every input's bytes unchanged, under 10 s, and under 1.5 GB at peak (the
child's own ``ru_maxrss``, written at exit).

Hypothesis then fuzzes the manifest and the profile readers with random TOML
values of random types in every key and table: only the package's own errors
may escape.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import math
import os
import resource
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import geopandas as gpd
import pytest
import tomlkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dockreview import load_site
from dockreview.errors import DockReviewError, DockReviewWarning, LayerError, ManifestError, ProfileError
from dockreview.inputs.manifest import load_manifest
from dockreview.inputs.spec import ALLOWED
from dockreview.profile import load_profile
from support.sitegen import dumps_toml, make_site, t_dock

#: The bounds every refusal is held to.
MAX_SECONDS = 10.0
MAX_RSS_BYTES = 1.5 * 2**30
#: A regression is stopped here rather than waited for (the machine's guard, not the bound asserted).
TIMEOUT_S = 60.0
_ADDRESS_SPACE = 8 * 2**30

_CHILD = (
    "import atexit, os, resource\n"
    "atexit.register(lambda: open(os.environ['DOCKREVIEW_TEST_RSS'], 'w')"
    ".write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)))\n"
    "from dockreview.cli import main\n"
    "main()\n"
)


# --------------------------------------------------------------------------
# running the command line in a child process, bounded
# --------------------------------------------------------------------------
class Run:
    """What a user sees of one command, and what it cost."""

    def __init__(self, args: list[str], folder: Path) -> None:
        rss_file = folder / f".rss-{os.getpid()}-{time.monotonic_ns()}"
        env = {**os.environ, "DOCKREVIEW_TEST_RSS": str(rss_file)}
        start, cpu = time.monotonic(), _children_cpu()
        proc = subprocess.run(
            [sys.executable, "-c", _CHILD, *args], capture_output=True, text=True, timeout=TIMEOUT_S, env=env,
            preexec_fn=_guard, stdin=subprocess.DEVNULL,
        )
        self.wall = time.monotonic() - start
        self.seconds = _children_cpu() - cpu  # the child's own time, whatever else the machine runs meanwhile
        self.code = proc.returncode
        self.stderr = proc.stderr
        self.errors = [line for line in proc.stderr.splitlines() if line.startswith("error:")]
        self.warnings = [line for line in proc.stderr.splitlines() if line.startswith("warning:")]
        self.rss_bytes = int(rss_file.read_text()) * 1024 if rss_file.exists() else None
        rss_file.unlink(missing_ok=True)

    def refused(self, *words: str) -> str:
        """Exit 2, one plain error line holding every word, in time and memory; the line."""
        assert self.code == 2, (self.code, self.stderr)
        assert "Traceback" not in self.stderr and "unexpected" not in self.stderr, self.stderr
        assert len(self.errors) == 1, self.stderr
        for word in words:
            assert word in self.errors[0], (word, self.errors[0])
        self.bounded()
        return self.errors[0]

    def bounded(self) -> None:
        assert self.seconds < MAX_SECONDS, self.seconds
        assert self.rss_bytes is not None and self.rss_bytes < MAX_RSS_BYTES, self.rss_bytes


def _children_cpu() -> float:
    """CPU seconds (user and system) of this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _guard() -> None:
    """In the child: an address-space ceiling, so that a regression fails rather than swamps the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (_ADDRESS_SPACE, _ADDRESS_SPACE))


def check(manifest: Path, *options: str) -> Run:
    return Run(["check", str(manifest), *options], manifest.parent)


def hashes(folder: Path) -> dict[str, str]:
    """Every regular file's SHA-256 under ``folder`` (named pipes and links to devices are left alone)."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.name.startswith(".rss-") or not path.is_file() or path.is_symlink():
            continue
        out[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


@pytest.fixture
def site(tmp_path):
    """The standard straight-shore site with the T dock, its layers as shapefiles beside the manifest."""
    return make_site(tmp_path / "site", dock=t_dock(), fmt="shp")


def unchanged(site, before: dict[str, str]) -> None:
    assert hashes(site.dir) == before


def point_layer(site, role: str, target: str) -> None:
    """Make the manifest read layer ``role`` from ``target`` (relative to its folder)."""
    site.doc["layers"][role] = target
    site.manifest.write_text(dumps_toml(site.doc))


# --------------------------------------------------------------------------
# only regular files are read
# --------------------------------------------------------------------------
def test_a_named_pipe_as_a_layer_is_refused_at_once(site):
    os.mkfifo(site.dir / "mhw-pipe.shp")
    point_layer(site, "mhw", "mhw-pipe.shp")
    before = hashes(site.dir)
    line = check(site.manifest).refused("mhw layer", "mhw-pipe.shp", "named pipe (FIFO)", "not a file")
    assert line.endswith("give the layer's file")
    unchanged(site, before)


def test_a_named_pipe_as_the_manifest_is_refused_at_once(tmp_path):
    pipe = tmp_path / "site.toml"
    os.mkfifo(pipe)
    check(pipe).refused(str(pipe), "manifest", "named pipe (FIFO)")


@pytest.mark.parametrize("how", ["--profile", "review.profile"])
def test_a_named_pipe_as_the_profile_is_refused_at_once(site, how):
    os.mkfifo(site.dir / "law.toml")
    before = hashes(site.dir)
    if how == "review.profile":
        site.rewrite(review={"profile": "law.toml"})
        before = hashes(site.dir)
        check(site.manifest).refused("'review.profile'", "law.toml", "named pipe (FIFO)")
    else:
        check(site.manifest, "--profile", str(site.dir / "law.toml")).refused("law.toml", "profile", "named pipe (FIFO)")
    unchanged(site, before)


def test_a_named_pipe_beside_a_shapefile_as_its_dbf_is_refused(site):
    dbf = site.dir / "mhw.dbf"
    dbf.unlink()
    os.mkfifo(dbf)
    before = hashes(site.dir)
    check(site.manifest).refused("mhw layer", "mhw.dbf", "named pipe (FIFO)", ".dbf")
    unchanged(site, before)


@pytest.mark.parametrize("role", ["manifest", "profile"])
def test_dev_zero_as_the_manifest_or_the_profile_is_refused_unread(site, role):
    before = hashes(site.dir)
    run = check(Path("/dev/zero")) if role == "manifest" else check(site.manifest, "--profile", "/dev/zero")
    run.refused("/dev/zero", role, "character device")
    unchanged(site, before)


def test_dev_zero_linked_as_a_layer_is_refused_unread(site):
    (site.dir / "zero.shp").symlink_to("/dev/zero")
    point_layer(site, "mhw", "zero.shp")
    check(site.manifest).refused("mhw layer", "/dev/zero", "character device")  # the file the link leads to


def test_a_manifest_over_a_megabyte_is_refused(site):
    site.manifest.write_text(site.manifest.read_text() + "# " + "x" * (1 << 20) + "\n")
    check(site.manifest).refused("site.toml", "larger than 1,024 KiB")


@pytest.mark.parametrize("what", ["manifest", "profile"])
@pytest.mark.parametrize("shape", ["arrays", "tables"])
def test_a_toml_nested_5000_deep_is_refused_plainly(site, what, shape):
    deep = site.dir / "deep.toml"
    if shape == "arrays":
        deep.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
    else:
        deep.write_text("[" + ".".join(["t"] * 5000) + "]\nx = 1\n")
    if shape == "arrays":  # through the command line once each; the API for both shapes
        before = hashes(site.dir)
        run = check(deep) if what == "manifest" else check(site.manifest, "--profile", str(deep))
        run.refused("deep.toml", what, "nests tables or arrays")
        unchanged(site, before)
    error = ManifestError if what == "manifest" else ProfileError
    with pytest.raises(error, match="nests tables or arrays"):
        load_manifest(deep) if what == "manifest" else load_profile(deep)


def test_a_symbolic_link_loop_as_a_layer_is_refused_plainly(site):
    (site.dir / "loop.shp").symlink_to("loop.shp")
    point_layer(site, "mhw", "loop.shp")
    check(site.manifest).refused("mhw layer", "loop.shp", "symbolic link loop")


def test_a_symbolic_link_loop_as_the_manifest_is_refused_plainly(tmp_path):
    loop = tmp_path / "site.toml"
    loop.symlink_to("site.toml")
    check(loop).refused("site.toml", "manifest", "symbolic link loop")
    with pytest.raises(ManifestError, match="symbolic link loop"):
        load_manifest(loop)


def test_a_folder_as_a_layer_is_refused_and_a_geodatabase_folder_is_not(site):
    (site.dir / "shore.shp").mkdir()
    point_layer(site, "mhw", "shore.shp")
    check(site.manifest).refused("mhw layer", "shore.shp", "is a folder, not a file")
    (site.dir / "county.gdb").mkdir()  # GDAL reads a File Geodatabase as a folder: not refused for being one
    point_layer(site, "mhw", "county.gdb")
    line = check(site.manifest).refused("mhw layer", "county.gdb")
    assert "is a folder" not in line


# --------------------------------------------------------------------------
# the screen's layers
# --------------------------------------------------------------------------
@pytest.mark.parametrize("option", ["--parcels", "--mhw", "--channels", "--docks", "--soundings"])
def test_the_screen_refuses_a_named_pipe_as_any_layer(site, option):
    pipe = site.dir / "pipe.shp"
    os.mkfifo(pipe)
    layers = {"--parcels": str(site.dir / "parcels.shp"), "--mhw": str(site.dir / "mhw.shp"), option: str(pipe)}
    extra = ["--draft", "3"] if option == "--soundings" else []
    before = hashes(site.dir)
    run = Run(["screen", *(a for kv in layers.items() for a in kv), *extra, "-o", str(site.dir.parent / "out.gpkg")], site.dir)
    run.refused("pipe.shp", "named pipe (FIFO)")
    unchanged(site, before)


# --------------------------------------------------------------------------
# a .dbf whose .cpg lies
# --------------------------------------------------------------------------
@pytest.mark.parametrize("engine", ["pyogrio", "fiona"])
def test_a_cp1252_dbf_labelled_utf8_is_read_as_cp1252_with_a_warning(site, engine):
    parcels = gpd.read_file(site.dir / "parcels.shp")
    parcels["OWNER"] = ["Café Niño", "Zoë", "Müller"]
    parcels.to_file(site.dir / "parcels.shp", engine="pyogrio", encoding="cp1252")
    (site.dir / "parcels.cpg").write_text("UTF-8")
    assert "Café".encode("cp1252") in (site.dir / "parcels.dbf").read_bytes()
    if engine == "pyogrio":  # the command line once; the API with each engine
        before = hashes(site.dir)
        run = check(site.manifest, "--engine", engine, "--json", str(site.dir.parent / "out.json"))
        assert run.code in (0, 1, 3) and not run.errors, run.stderr
        assert any("parcels.dbf" in w and "not UTF-8" in w and "cp1252" in w for w in run.warnings), run.warnings
        run.bounded()
        unchanged(site, before)
    with pytest.warns(DockReviewWarning, match=r"parcels\.dbf is not UTF-8 .*cp1252"):
        frame = load_site(site.manifest, engine=engine).parcels
    assert sorted(frame["OWNER"]) == ["Café Niño", "Müller", "Zoë"]


# --------------------------------------------------------------------------
# plausible numbers before any geometry
# --------------------------------------------------------------------------
def test_a_dock_ten_million_feet_long_is_refused_naming_the_key(site):
    site.rewrite(dock={"length": 1e7})
    before = hashes(site.dir)
    line = check(site.manifest).refused("site.toml", "'dock.length'", "10,000,000 ft", "1 to 5,000 ft")
    assert "1e" not in line
    unchanged(site, before)
    with pytest.raises(ManifestError, match=r"'dock\.length' is 10,000,000 ft"):
        load_manifest(site.manifest)


@pytest.mark.parametrize("table, key, value", [
    ("dock", "width", 1e6), ("vessel", "length_ft", 1e9), ("review", "chord_ft", 1e12), ("review", "baseline_ft", 1e8),
])
def test_implausible_numbers_are_refused_naming_key_and_value(site, table, key, value):
    site.rewrite(**{table: {key: value}})
    with pytest.raises(ManifestError, match=rf"'{table}\.{key}' is [0-9,]+ ft; .* to [0-9,]+ ft"):
        load_manifest(site.manifest)


def test_a_dock_root_far_off_the_site_is_refused_before_any_geometry(site):
    site.rewrite(dock={"root": [1e9, 1e9]})
    check(site.manifest).refused("'dock.root'", "outside the site's layers")


def test_the_longest_plausible_dock_is_reviewed_within_bounds(site):
    site.rewrite(dock={"length": 5000.0})
    run = check(site.manifest, "--json", str(site.dir.parent / "long.json"))
    assert run.code in (0, 1, 3) and not run.errors, run.stderr
    run.bounded()


# --------------------------------------------------------------------------
# fuzzing the readers: only the package's own errors escape
# --------------------------------------------------------------------------
_names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8)
_scalars = st.one_of(
    st.text(max_size=12),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.dates(),
    st.datetimes(min_value=dt.datetime(1900, 1, 1), max_value=dt.datetime(2200, 1, 1)),
    st.times(),
    st.sampled_from(["site.gpkg:parcels", "parcels.shp", "auto", "perpendicular", "T", "L", "left", "kings-point-ny", "x.toml"]),
)
_values = st.recursive(
    _scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_names, inner, max_size=3), max_leaves=8,
)


def _write(path: Path, doc: dict) -> None:
    path.write_text(tomlkit.dumps(doc), encoding="utf-8")


def _mutate(doc: dict, draw, tables: dict[str, list[str]]) -> dict:
    """``doc`` with a few keys of known tables given random values (a table itself sometimes)."""
    for _ in range(draw(st.integers(1, 4))):
        table = draw(st.sampled_from(sorted(tables)))
        key = draw(st.sampled_from(sorted(tables[table]) or ["x"]))
        value = draw(_values)
        target = doc
        for part in [p for p in table.split(".") if p]:
            if not isinstance(target.get(part), dict):
                target[part] = {}
            target = target[part]
        if draw(st.booleans()) or not target:
            target[key] = value
        else:
            target[draw(st.sampled_from(sorted(target)))] = value
    return doc


#: Where each manifest table of :data:`ALLOWED` sits in a document.
_MANIFEST_TABLES = {
    "": ALLOWED[""], "site": ALLOWED["site"], "layers": ALLOWED["layers"], "parcel": ALLOWED["parcel"],
    "dock": ALLOWED["dock"], "dock.float": ALLOWED["float"], "dock.attributes": ALLOWED["attributes"],
    "layers.parcels": ALLOWED["layer"], "layers.elevation": ALLOWED["raster"], "vessel": ALLOWED["vessel"],
    "datums": ALLOWED["datums"], "soundings": ALLOWED["soundings"], "review": ALLOWED["review"],
    "exhibit": ALLOWED["exhibit"], "evidence": ALLOWED["evidence"],
}


@pytest.fixture(scope="module")
def fuzz_site(tmp_path_factory):
    return make_site(tmp_path_factory.mktemp("fuzz"), dock=t_dock())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_manifests_raise_only_the_packages_errors(fuzz_site, data):
    doc = _mutate(tomllib.loads(fuzz_site.manifest.read_text()), data.draw, _MANIFEST_TABLES)
    if data.draw(st.booleans()):
        doc.setdefault("waiver", [{"check": "reach", "date": "2026-01-01", "granted_by": "Board"}])
        doc["waiver"] = data.draw(st.sampled_from([doc["waiver"], data.draw(_values)]))
    path = fuzz_site.dir / "fuzzed.toml"
    _write(path, doc)
    try:
        load_manifest(path)
    except DockReviewError as exc:
        assert str(exc).count("\n") == 0, str(exc)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_docks_load_a_site_or_raise_the_packages_errors(fuzz_site, data):
    doc = _mutate(tomllib.loads(fuzz_site.manifest.read_text()), data.draw, {
        "dock": ALLOWED["dock"] - {"file", "cad_layers", "component_field"}, "dock.float": ALLOWED["float"],
        "vessel": ALLOWED["vessel"], "review": ALLOWED["review"] - {"profile"},
    })
    path = fuzz_site.dir / "fuzzed-site.toml"
    _write(path, doc)
    try:
        load_site(path)
    except DockReviewError:
        pass


def _profile_tables(doc: dict) -> dict[str, list[str]]:
    """Every table of a shipped profile (``values.max_reach_ft``, ``checks.reach``, ...) and its keys."""
    out: dict[str, list[str]] = {"": list(doc)}
    for name, table in doc.items():
        if isinstance(table, dict):
            out[name] = list(table)
            for key, entry in table.items():
                if isinstance(entry, dict):
                    out[f"{name}.{key}"] = list(entry)
    return out


_SHIPPED = sorted((Path(__file__).parents[2] / "src" / "dockreview" / "rules" / "profiles").glob("*.toml"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_profiles_raise_only_the_packages_errors(tmp_path, data):
    shipped = data.draw(st.sampled_from(_SHIPPED))
    doc = tomllib.loads(shipped.read_text())
    doc = _mutate(doc, data.draw, _profile_tables(doc))
    path = tmp_path / "fuzzed-profile.toml"
    _write(path, doc)
    try:
        load_profile(path)
    except DockReviewError as exc:
        assert str(exc).count("\n") == 0, str(exc)


def test_the_fuzz_writer_writes_what_it_was_given(tmp_path):
    doc = {"a": {"x": math.inf, "d": dt.date(2026, 1, 2), "n": [1, "two", [3.5]]}}
    _write(tmp_path / "t.toml", doc)
    assert tomllib.loads((tmp_path / "t.toml").read_text()) == doc


def test_errors_name_the_file_for_layers_read_by_the_api(site):
    os.mkfifo(site.dir / "pipe.shp")
    point_layer(site, "parcels", "pipe.shp")
    with pytest.raises(LayerError, match=r"parcels layer .*pipe\.shp: pipe\.shp is a named pipe \(FIFO\)"):
        load_site(site.manifest)
