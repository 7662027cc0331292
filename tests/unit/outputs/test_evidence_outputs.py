"""The Board evidence reaches every output: the JSON, the GeoPackage, the report and the second sheet."""

from __future__ import annotations

import json
import re
import warnings

import matplotlib
import matplotlib.pyplot as plt
import pyogrio
import pytest
from click.testing import CliRunner

import dockreview
from dockreview.cli import main
from dockreview.outputs.evidence_sheet import plot_evidence
from dockreview.outputs.style import SCALES_FT_PER_IN
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


def test_the_evidence_plan_is_fitted_at_a_round_scale_as_the_site_plan_is():
    """The plan at a round engineer's scale (the site plan's own fitting): the printed ratio is the drawn one."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        review = dockreview.review(dockreview.load_site(SITE))
    with matplotlib.rc_context({"figure.dpi": 50}):
        fig, plan = plot_evidence(review)
    ratio = next(t.get_text() for t in plan.texts if "(1 in = " in t.get_text())
    scale = float(re.search(r"1 in = ([\d,]+) ft", ratio).group(1).replace(",", ""))
    assert scale in SCALES_FT_PER_IN
    x0, x1 = plan.get_xlim()
    y0, y1 = plan.get_ylim()
    box = plan.get_position()
    width_in, height_in = box.width * fig.get_size_inches()[0], box.height * fig.get_size_inches()[1]
    assert (x1 - x0) * review.site.ft_per_unit / width_in == pytest.approx(scale, rel=1e-6)
    assert (y1 - y0) * review.site.ft_per_unit / height_in == pytest.approx(scale, rel=1e-6)
    placed = [t.get_text() for t in plan.texts if t.get_text().startswith(("pier-head line", "waterway", "clear"))]
    assert len(placed) == 3, "one of the placer's candidates is always kept"
    plt.close(fig)
