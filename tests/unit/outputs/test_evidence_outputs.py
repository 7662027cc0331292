"""The Board evidence reaches every output: the JSON, the GeoPackage, the report and the second sheet."""

from __future__ import annotations

import json

import pyogrio
from click.testing import CliRunner

from dockreview.cli import main
from support.paths import DATA

SITE = DATA / "evidence-site" / "site.toml"
MEASURES = ("water_views", "pierhead_line", "waterway", "foreshore", "neighbour_water", "constructions", "section")


def test_check_json_carries_every_measure_with_its_method(tmp_path):
    result = CliRunner().invoke(main, ["check", str(SITE), "--json", "-", "--gpkg", str(tmp_path / "r.gpkg")])
    assert result.exit_code == 0, result.output
    evidence = json.loads(result.stdout)["evidence"]
    assert evidence["status"] == "board"
    for name in MEASURES:
        assert evidence[name]["status"] == "measured", (name, evidence[name].get("needs"))
        assert evidence[name]["method"]
    # the same figure the exhibit sheet prints: the waterway 520 ft wide by construction
    assert abs(evidence["waterway"]["width_along_axis_ft"] - 520.0) < 0.05
    layers = {name for name, _ in pyogrio.list_layers(tmp_path / "r.gpkg")}
    assert {"evidence_pierhead_line", "evidence_waterway_width", "evidence_viewpoints"} <= layers


def test_map_sheet_evidence_and_the_report_section(tmp_path):
    runner = CliRunner()
    sheet = tmp_path / "evidence.svg"
    result = runner.invoke(main, ["map", str(SITE), "--sheet", "evidence", "-o", str(sheet)])
    assert result.exit_code == 0, result.output
    svg = sheet.read_text(encoding="utf-8")
    assert "BOARD EVIDENCE" in svg and "The dock in section" in svg  # the sheet's heading and its section panel
    report = tmp_path / "report.md"
    result = runner.invoke(main, ["report", str(SITE), "-o", str(report)])
    assert result.exit_code == 0, result.output
    text = report.read_text(encoding="utf-8")
    assert "## Board evidence" in text and "pier-head" in text.lower()
