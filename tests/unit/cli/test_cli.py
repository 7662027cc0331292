"""The command line as a user meets it: global flags after the subcommand, a line for each file written,
"did you mean" for a parcel id, and README examples that write nowhere inside the repository but out/."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import dockreview
from dockreview.cli import hoist_global_flags, main
from support.paths import DATA, ROOT

SITE = str(DATA / "straight-t-float" / "site.toml")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def bad_parcel(tmp_path) -> Path:
    """straight-t-float with a parcel id one character short of the subject's."""
    shutil.copytree(DATA / "straight-t-float", tmp_path / "site")
    manifest = tmp_path / "site" / "site.toml"
    manifest.write_text(manifest.read_text().replace('id = "2-105-33"', 'id = "2-105-3"'))
    return manifest


def test_global_flags_are_moved_before_the_subcommand():
    commands = {"check": None, "map": None}
    assert hoist_global_flags(["check", "s.toml", "--debug", "-vv", "--json", "-"], commands) == ["--debug", "-vv", "check", "s.toml", "--json", "-"]
    assert hoist_global_flags(["-q", "map", "s.toml", "-o", "m.png", "--quiet"], commands) == ["-q", "--quiet", "map", "s.toml", "-o", "m.png"]
    assert hoist_global_flags(["check", "--", "-v"], commands) == ["check", "--", "-v"]
    assert hoist_global_flags(["--version"], commands) == ["--version"]


def test_debug_after_the_subcommand_shows_the_traceback(bad_parcel):
    plain = run("check", str(bad_parcel))
    assert plain.exit_code == 2 and plain.stderr.startswith("error: ") and plain.exception.__class__ is SystemExit
    debug = run("check", str(bad_parcel), "--debug")
    assert isinstance(debug.exception, dockreview.SiteDataError), debug.output
    before = run("--debug", "check", str(bad_parcel))
    assert type(before.exception) is type(debug.exception)


def test_verbose_and_quiet_after_the_subcommand(bad_parcel):
    verbose = run("check", str(bad_parcel), "-v")
    assert verbose.exit_code == 2 and "  kind: SiteDataError" in verbose.stderr
    # a manifest reading its layers from another folder is warned about
    elsewhere = bad_parcel.parent.parent / "other" / "site.toml"
    elsewhere.parent.mkdir()
    text = bad_parcel.read_text().replace('id = "2-105-3"', 'id = "2-105-33"')
    elsewhere.write_text(re.sub(r'(?m)^(parcels|mhw|channels|docks|soundings|vegetation) = "', r'\1 = "../site/', text))
    loud = run("check", str(elsewhere))
    quiet = run("check", str(elsewhere), "-q")
    assert "warning: " in loud.stderr and loud.exit_code == quiet.exit_code == 0, loud.output
    assert "warning: " not in quiet.stderr and "verdict: COMPLIANT" in quiet.stdout


def test_a_mistyped_parcel_id_gets_did_you_mean(bad_parcel):
    result = run("check", str(bad_parcel))
    assert "parcel id '2-105-3' not found in field 'PARCEL_ID'" in result.stderr
    assert re.search(r"did you mean '2-105-3\d'( or '2-105-3\d')*\?", result.stderr), result.stderr
    assert "'2-105-33'" in result.stderr


def test_every_file_written_is_named(tmp_path):
    paths = {name: tmp_path / "out" / name for name in ("map.svg", "layers.gpkg", "review.json")}
    result = run("check", SITE, "--map", str(paths["map.svg"]), "--gpkg", str(paths["layers.gpkg"]), "--json", str(paths["review.json"]))
    assert result.exit_code == 0, result.output
    assert f"map written to {paths['map.svg']}" in result.stderr
    assert re.search(rf"GeoPackage written to {re.escape(str(paths['layers.gpkg']))} \(layers: dock_components, ", result.stderr)
    assert f"JSON written to {paths['review.json']}" in result.stderr
    assert all(p.exists() for p in paths.values())
    assert "verdict: COMPLIANT" in result.stdout and "written to" not in result.stdout

    to_stdout = run("check", SITE, "--json", "-", "--gpkg", str(tmp_path / "again.gpkg"))
    assert json.loads(to_stdout.stdout)["verdict"] == "compliant"  # standard output holds the JSON alone
    assert f"GeoPackage written to {tmp_path / 'again.gpkg'}" in to_stdout.stderr

    drawn = run("map", SITE, "-o", str(tmp_path / "m.svg"))
    assert drawn.exit_code == 0 and f"map written to {tmp_path / 'm.svg'}" in drawn.stderr
    quiet = run("check", SITE, "--json", str(tmp_path / "q.json"), "-q")
    assert quiet.exit_code == 0 and quiet.stderr == "" and (tmp_path / "q.json").exists()


def test_the_verdict_line_says_why():
    result = run("check", str(DATA / "parcel-past-mhw" / "site.toml"))
    assert result.exit_code == 3
    assert "verdict: INCOMPLETE: 18 checks need data: navigable-reach, " in result.stdout


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [m.group(0) for m in re.finditer(r"dockreview (check|map|report|envelope|suggest) data/[^\n`]*", text)]


def test_readme_examples_write_into_out_or_outside_the_repository():
    commands = _readme_commands()
    assert len(commands) >= 2
    for command in commands:
        for option, path in re.findall(r"(--map|--gpkg|--json|-o)\s+(\S+)", command):
            assert path == "-" or path.startswith(("out/", "/tmp/", "~/")), f"README writes {path} into the repository: {command}"
    assert "out/" in (ROOT / ".gitignore").read_text().split()


def test_readme_says_how_to_start_jupyterlab_and_the_extra_installs_it():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert '.venv/bin/pip install -e ".[notebook]" && .venv/bin/jupyter lab notebooks/' in readme
    pyproject = (ROOT / "pyproject.toml").read_text()
    notebook = re.search(r"^notebook = \[(.*)\]$", pyproject, flags=re.MULTILINE).group(1)
    test = re.search(r"^test = \[(.*)\]$", pyproject, flags=re.MULTILINE).group(1)
    assert "jupyterlab" in notebook and "ipykernel" in notebook
    assert "jupyterlab" not in test and "pypdf" in test


def test_the_table_prints_counts_as_integers():
    table = run("check", SITE).stdout
    rows = {line.split()[0]: line.split() for line in table.splitlines() if line and line.split()[0].islower()}
    assert rows["one-dock"][-4:-1] == ["0", "0", "docks"] and rows["railing-rails"][-4:-1] == ["2", "2", "rails"]
    assert rows["lift-boat-weight"][-3:-1] == ["40,000", "lb"] and rows["frontage"][-4:-1] == ["200.0", "150.0", "ft"]
    assert not re.search(r"\d\.0\s+(docks|rails|lifts|lb)\b", table)
