"""The output messages of the command line (issue 16): -q silences every command, an option's error names it, the
envelope's limit is printed with its decimals."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from dockreview.cli import main
from support.paths import DATA

SITE = str(DATA / "straight-t-float" / "site.toml")
CHART = str(DATA / "key-west-chart" / "US5FL4DR.000")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def _commands(tmp_path) -> dict[str, list[str]]:
    """One call of every command, each writing what it writes into ``tmp_path``."""
    folder = DATA / "straight-t-float"
    return {
        "check": ["check", SITE, "--map", str(tmp_path / "c.png"), "--gpkg", str(tmp_path / "c.gpkg")],
        "map": ["map", SITE, "-o", str(tmp_path / "m.svg")],
        "report": ["report", SITE, "-o", str(tmp_path / "r.md")],
        "envelope": ["envelope", SITE, "-o", str(tmp_path / "e.gpkg")],
        "suggest": ["suggest", SITE, "-o", str(tmp_path / "s.toml")],
        "screen": ["screen", "--parcels", str(folder / "parcels.shp"), "--mhw", str(folder / "mhw.shp"), "-o", str(tmp_path / "x.gpkg")],
        "audit": ["audit", "--chart", CHART, "-o", str(tmp_path / "a.gpkg")],
        "layers": ["layers", CHART],
    }


@pytest.mark.parametrize("command", ["check", "map", "report", "envelope", "suggest", "screen", "audit", "layers"])
def test_quiet_leaves_nothing_on_standard_error(tmp_path, command):
    args = _commands(tmp_path)[command]
    loud = run(*args)
    assert loud.exit_code in (0, 1, 3), loud.output
    assert loud.stderr, f"{command} says something without -q"  # the case: a file named, a warning, a summary
    quiet = run("-q", *args)
    assert quiet.exit_code == loud.exit_code, quiet.output
    assert quiet.stderr == "", quiet.stderr
    again = run(*args, "-q")  # after the subcommand too
    assert again.stderr == ""


def test_the_envelope_prints_its_limit_with_its_decimals():
    """straight-t-float: the navigable-depth limit 125.7 ft (navigable at 115.7 ft plus the float's 10 ft), not '126 ft'."""
    result = run("envelope", SITE)
    assert result.exit_code == 0, result.output
    line = next(line for line in result.stdout.splitlines() if line.startswith("greatest reach"))
    assert "(limit 125.7 ft: navigable depth at 115.7 ft + the proposed float's 10.0 ft along the axis)" in line, line


def test_the_envelope_says_where_its_reach_limit_comes_from():
    """north-haven-flats (North Haven, NY): no reach cap in its profile, but 100 ft from the MLLW line, which lies 46 ft
    out (a plane of soundings, -2.0 + 0.05 v ft below MLW, MLLW 0.3 ft below MLW): 146 ft from the MHW line."""
    result = run("envelope", str(DATA / "north-haven-flats" / "site.toml"))
    assert result.exit_code == 0, result.output
    line = next(line for line in result.stdout.splitlines() if line.startswith("greatest reach"))
    assert line.endswith("ft (limit 146.0 ft: 100.0 ft from the MLLW line)") and "inf" not in line, line


def test_the_envelope_says_when_the_profile_sets_no_reach_limit(tmp_path):
    """A profile whose only check is the frontage: no reach limit at all, said in words, never "inf"."""
    law = tmp_path / "law.toml"
    law.write_text('[profile]\nname = "Frontage only"\n\n[checks.frontage]\nkind = "frontage"\nsection = "s. 1"\n'
                   'title = "Frontage"\nlimit = 50\n')
    result = run("envelope", str(DATA / "north-haven-flats" / "site.toml"), "--profile", str(law))
    assert result.exit_code == 0, result.output
    line = next(line for line in result.stdout.splitlines() if line.startswith("greatest reach"))
    assert line.endswith("ft (no reach limit in the profile)") and "inf" not in line, line


@pytest.mark.parametrize(("args", "option"), [
    (["map", SITE, "-o", "x.jpg"], "-o x.jpg: use a .png, .pdf or .svg file name"),
    (["map", SITE, "--sheet", "evidence", "-o", "x.jpg"], "-o x.jpg: use a .png, .pdf or .svg file name"),
    (["check", SITE, "--map", "x.jpg"], "--map x.jpg: use a .png, .pdf or .svg file name"),
    (["envelope", SITE, "--map", "x.jpg"], "--map x.jpg: use a .png, .pdf or .svg file name"),
    (["envelope", SITE, "-o", "x.shp"], "-o x.shp: use a .gpkg file name"),
    (["report", SITE, "-o", "x.docx"], "-o x.docx: use a .html, .pdf or .md file name"),
])
def test_an_options_error_names_that_option(tmp_path, monkeypatch, args, option):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert option in result.stderr, result.stderr
    assert not list(Path(tmp_path).iterdir())  # refused before anything is read or written
