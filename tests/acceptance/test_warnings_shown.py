"""Every command shows the data's warnings as ``check`` does: one clean ``warning:`` line each, none with ``-q``.

The command runs in a child process, as an analyst runs it, so that what is tested is Python's own display
of warnings (a CliRunner would hide it): no ``file.py:12: RuntimeWarning: ...`` ever reaches the terminal.
Two sites: the Key West sample (its chart's warnings, and ``envelope`` used to drop them) and a synthetic
lot whose manifest reads its layers from outside its folder (a warning per layer).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from support.paths import DATA
from support.sitegen import dumps_toml, make_site

KEY_WEST = DATA / "key-west-chart"
#: The console script the README installs; the same entry point run by ``-c`` where it is absent.
SCRIPT = Path(sys.executable).parent / "dockreview"
CLI = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-c", "from dockreview.cli import run; run()"]
#: Python's own display of a warning: ``path.py:12: RuntimeWarning: message``, or the category's name alone.
RAW = re.compile(r"\b[A-Z]\w*Warning\b|\.py:\d+:|warnings\.warn")


def run(*args, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONWARNINGS"}  # Python's default filters, as a user has
    return subprocess.run([*CLI, *map(str, args)], capture_output=True, text=True, cwd=cwd, env=env, timeout=600)


def warning_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("warning: ")]


def assert_clean(proc: subprocess.CompletedProcess) -> None:
    """No raw Python warning, no error; each warning line printed once."""
    assert proc.returncode in (0, 1, 3), proc.stderr
    assert not RAW.search(proc.stderr), proc.stderr
    lines = warning_lines(proc.stderr)
    assert len(lines) == len(set(lines)), proc.stderr


@pytest.fixture(scope="module")
def outside(tmp_path_factory) -> Path:
    """A lot whose manifest, in a folder of its own, reads both its layers from the folder beside it."""
    root = tmp_path_factory.mktemp("outside")
    files = make_site(root / "layers", dock={"root": "auto", "bearing": "perpendicular", "length": 80.0, "width": 6.0})
    doc = dict(files.doc)
    doc["layers"] = {key: f"../layers/{value}" for key, value in doc["layers"].items()}
    manifest = root / "manifests" / "site.toml"
    manifest.parent.mkdir()
    manifest.write_text(dumps_toml(doc), encoding="utf-8")
    return manifest


SITES = {"key-west": lambda outside: KEY_WEST / "site.toml", "outside": lambda outside: outside}
#: The commands that review a manifest, each with the arguments after it (OUT: a file in the test's folder).
MANIFEST_COMMANDS = {
    "map": ("-o", "OUT/site.png"),
    "report": ("-o", "OUT/report.md"),
    "envelope": ("-o", "OUT/envelope.gpkg"),
    "suggest": ("-o", "OUT/suggested.toml"),
    "riparian": ("--json", "OUT/methods.json"),
}


def _args(args, out: Path) -> list[str]:
    return [a.replace("OUT", str(out)) for a in args]


@pytest.fixture(scope="module")
def checked(outside, tmp_path_factory):
    """The warning lines ``check`` prints for each site (and what it prints with -q)."""
    out = {}
    for name, manifest in SITES.items():
        where = tmp_path_factory.mktemp(f"check-{name}")
        plain = run("check", manifest(outside), cwd=where)
        assert_clean(plain)
        out[name] = warning_lines(plain.stderr)
    return out


def test_check_prints_the_sites_warnings(checked):
    assert len(checked["key-west"]) >= 2  # the working CRS chosen, the chart's MHW line (and its gaps)
    assert any("chart" in line for line in checked["key-west"])
    outside_lines = checked["outside"]
    assert len(outside_lines) == 2 and all("leads outside the manifest's folder" in line for line in outside_lines)


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("command", MANIFEST_COMMANDS)
def test_every_command_on_a_manifest_prints_the_warnings_check_prints(site, command, checked, outside, tmp_path):
    manifest = SITES[site](outside)
    plain = run(command, manifest, *_args(MANIFEST_COMMANDS[command], tmp_path), cwd=tmp_path)
    assert_clean(plain)
    assert set(warning_lines(plain.stderr)) == set(checked[site]), plain.stderr
    if site == "outside":  # -q is the same for every site (one helper prints them); the synthetic lot is quick
        (tmp_path / "q").mkdir()
        quiet = run("-q", command, manifest, *_args(MANIFEST_COMMANDS[command], tmp_path / "q"), cwd=tmp_path)
        assert_clean(quiet)
        assert quiet.stderr == "", quiet.stderr


def test_check_prints_no_warning_with_q(outside, tmp_path):
    quiet = run("-q", "check", outside, cwd=tmp_path)
    assert_clean(quiet)
    assert "warning" not in quiet.stderr


def _layer_commands(outside: Path, out: Path) -> dict[str, list]:
    layers = outside.parent.parent / "layers" / "site.gpkg"
    chart = KEY_WEST / "US5FL4DR.000"
    return {
        "layers-chart": ["layers", chart],
        "layers-gpkg": ["layers", layers],
        "audit": ["audit", "--chart", chart, "--parcels", KEY_WEST / "parcels.geojson", "-o", out / "audit.gpkg"],
        "screen": [
            "screen", "--parcels", f"{layers}:parcels", "--mhw", f"{layers}:mhw", "--workers", "1", "-o", out / "screen.gpkg",
        ],
        # the chart's MHW line has gaps: the screen's reader warned in Python's raw form (file:line: DockReviewWarning)
        "screen-chart": [
            "screen", "--parcels", KEY_WEST / "parcels.geojson", "--mhw", f"{chart}:COALNE", "--crs", "EPSG:32617",
            "--workers", "1", "-o", out / "screen.gpkg",
        ],
    }


@pytest.mark.parametrize("command", ["layers-chart", "layers-gpkg", "audit", "screen", "screen-chart"])
def test_the_layer_commands_print_clean_warnings_and_none_with_q(command, outside, tmp_path):
    plain = run(*_layer_commands(outside, tmp_path)[command], cwd=tmp_path)
    assert_clean(plain)
    if command in ("layers-chart", "audit"):  # Key West lies outside EPSG:2263's area: the working CRS is said
        assert any("EPSG:32617" in line for line in warning_lines(plain.stderr)), plain.stderr
    if command == "screen-chart":
        assert any("gap(s) between its pieces" in line for line in warning_lines(plain.stderr)), plain.stderr
    (tmp_path / "q").mkdir()
    quiet = run("-q", *_layer_commands(outside, tmp_path / "q")[command], cwd=tmp_path)
    assert_clean(quiet)
    assert quiet.stderr == "", quiet.stderr


def test_a_library_warning_never_reaches_the_terminal_raw(tmp_path):
    """A RuntimeWarning given while a command runs is logged (seen with -vv), not printed in Python's form."""
    code = (
        "import warnings, click\n"
        "from dockreview.cli import group\n"
        "@click.command('noisy')\n"
        "def noisy():\n"
        "    warnings.warn('invalid value encountered in divide', RuntimeWarning)\n"
        "    warnings.warn('a data warning', group.DockReviewWarning)\n"
        "    warnings.warn('a data warning', group.DockReviewWarning)\n"
        "group.main.add_command(noisy)\n"
        "group.main()\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONWARNINGS"}
    plain = subprocess.run([sys.executable, "-c", code, "noisy"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert plain.returncode == 0, plain.stderr
    assert plain.stderr == "warning: a data warning\n"
    verbose = subprocess.run([sys.executable, "-c", code, "-vv", "noisy"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert "RuntimeWarning: invalid value encountered in divide" in verbose.stderr
    quiet = subprocess.run([sys.executable, "-c", code, "-q", "noisy"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert quiet.stderr == ""
