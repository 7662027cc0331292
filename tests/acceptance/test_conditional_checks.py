"""Verdicts that know their data's accuracy (issue 30): conditional statuses, the decision rules, the survey named.

A lot 200 ft wide on a straight shore (side lines square to it at u = -+100, both water corners on v = 0), a dock
whose float spans u -10..10 out to v = 120: setbacks 90 ft each side against Kings Point's required max(40 % of
200, 60) = 80 ft, a margin of 10 ft.  The frontage does not move when the lot or the shore moves (parallel sides
square to a straight shore), so the margin moves with the side line alone: 95 % = 0.8007 A (NSSDA, A the lot lines'
stated accuracy).  Every figure is by hand; each test runs in a US-feet and a metre CRS.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from importlib import resources

import pytest
from click.testing import CliRunner
from shapely.geometry import LineString

from support.sitegen import frame_in, lots_beside, rect, write_local_site

dockreview = pytest.importorskip("dockreview")
from dockreview.cli import main  # noqa: E402

K = 1.959964 / math.sqrt(-2.0 * math.log(0.05))   # 0.8007
CRSS = ["EPSG:2263", "EPSG:32618"]
SUBJECT = "2-105-33"


def lot(path, crs, *, float_half=10.0, parcels=6.0, mhw=0.1, waived=False):
    """The 200-ft lot with a float spanning u -+``float_half``; the layers' accuracy stated (ft, 95 %)."""
    subject, left, right = lots_beside([(-100, 0), (-100, -150)], [(100, 0), (100, -150)])
    dock = [("walkway", rect(-3, -5, 3, 110)), ("float", rect(-float_half, 110, float_half, 120))]
    tables = {"layers": {role: {"path": "site.gpkg", "layer": role, "accuracy_ft": a}
                         for role, a in (("parcels", parcels), ("mhw", mhw))}}
    site = write_local_site(path, frame_in(crs), parcels=[(SUBJECT, subject), ("L", left), ("R", right)],
                            mhw=[LineString([(-700, 0), (700, 0)])], footprint=dock, tables=tables)
    if waived:
        with site.manifest.open("a") as f:
            f.write('\n[[waiver]]\ncheck = "side-setback"\ndate = "2026-11-02"\ngranted_by = "Board of Trustees"\n')
    return site


def reviewed(site, **kwargs):
    return dockreview.review(dockreview.load_site(str(site.manifest)), **kwargs)


@pytest.mark.parametrize("crs", CRSS)
def test_a_margin_within_the_lot_lines_accuracy_is_a_conditional_pass(tmp_path, crs):
    # 10 ft of margin against 0.8007 x 15 = 12.01 ft.  A survey of the lot lines alone settles it once
    # 0.8007 A' < 10: A' < 12.49 ft (the MHW line's 0.1 ft moves nothing here).
    result = reviewed(lot(tmp_path, crs, parcels=15.0))
    setback = result.check("side-setback")
    assert setback.status == "conditional-pass" and setback.margin == pytest.approx(10.0, abs=1e-3)
    assert setback.uncertainty == pytest.approx(K * 15.0, rel=1e-4)
    assert setback.within.dominant == "parcels" and setback.within.survey == ("parcels",)
    assert setback.within.survey_ft == pytest.approx(10.0 / K, rel=1e-4)
    assert "a survey of the lot lines" in setback.message and "to ±12.4 ft" in setback.message
    # (the sample dock states no attributes: the review is incomplete for them under either rule)
    assert result.verdict_reason.endswith("1 check within the accuracy of the lot lines: side-setback")
    assert "needs a survey" not in result.verdict_reason
    guarded = reviewed(lot(tmp_path / "g", crs, parcels=15.0), decision_rule="guarded")
    assert "1 check needs a survey: side-setback" in guarded.verdict_reason


@pytest.mark.parametrize("crs", CRSS)
def test_a_margin_beyond_the_accuracy_decides(tmp_path, crs):
    # 10 ft against 0.8007 x 6 = 4.80 ft: a plain pass, its uncertainty said.
    setback = reviewed(lot(tmp_path, crs, parcels=6.0)).check("side-setback")
    assert setback.status == "pass" and setback.within is None
    assert setback.uncertainty == pytest.approx(K * 6.0, rel=1e-4)


@pytest.mark.parametrize("crs", CRSS)
def test_a_shortfall_within_the_accuracy_is_a_conditional_fail_and_each_rule_counts_it_its_way(tmp_path, crs):
    # Float to u = -+23: setbacks 77 ft, 3 ft short of 80.  0.8007 x 6 = 4.80 > 3: conditional fail.  A survey of
    # the lot lines to A' with 0.8007 A' < 3 (A' < 3.75 ft) decides it.  Simple: noncompliant, exit 1; guarded:
    # incomplete, exit 3.
    site = lot(tmp_path, crs, float_half=23.0, parcels=6.0)
    setback = reviewed(site).check("side-setback")
    assert setback.status == "conditional-fail" and setback.margin == pytest.approx(-3.0, abs=1e-3)
    assert setback.within.survey_ft == pytest.approx(3.0 / K, rel=1e-4)
    simple = CliRunner().invoke(main, ["-q", "check", str(site.manifest), "--json", "-"])
    guarded = CliRunner().invoke(main, ["-q", "check", str(site.manifest), "--decision-rule", "guarded", "--json", "-"])
    assert (simple.exit_code, guarded.exit_code) == (1, 3)
    data = json.loads(simple.stdout)
    assert data["decision_rule"]["name"] == "simple" and json.loads(guarded.stdout)["verdict"] == "incomplete"
    row = next(c for c in data["checks"] if c["id"] == "side-setback")
    assert row["status"] == "conditional-fail" and row["uncertainty"] == pytest.approx(K * 6.0, rel=1e-4)
    assert row["within"]["survey"] == ["parcels"]
    # every measured check carries its uncertainty: the proposal's own figures are exact (0)
    assert next(c for c in data["checks"] if c["id"] == "float-area")["uncertainty"] == 0.0


@pytest.mark.parametrize("crs", CRSS)
def test_a_waiver_applies_to_a_conditional_fail(tmp_path, crs):
    result = reviewed(lot(tmp_path, crs, float_half=23.0, parcels=6.0, waived=True))
    setback = result.check("side-setback")
    assert setback.status == "waived" and setback.within is not None
    assert not any(c.fails for c in result.checks if c.id == "side-setback")


def test_an_unassessed_input_makes_the_checks_it_moves_conditional(tmp_path):
    # The lot lines' accuracy unknown (a chart's zone U): the setback is conditional whatever its margin, with no
    # figure and no survey accuracy; the reach, which the lot lines do not move, keeps its own.
    site = dockreview.load_site(str(lot(tmp_path, "EPSG:2263", parcels=6.0).manifest))
    unknown = replace(site.accuracy["parcels"], horizontal_ft=None, unassessed=True, source="unassessed")
    result = dockreview.review(replace(site, accuracy={**site.accuracy, "parcels": unknown}))
    setback, reach = result.check("side-setback"), result.check("reach")
    assert setback.status == "conditional-pass" and setback.uncertainty is None and setback.within.unassessed
    assert "unassessed" in setback.message
    assert reach.status == "pass" and reach.uncertainty == pytest.approx(K * 0.1, rel=1e-4)


def test_a_profile_states_its_decision_rule(tmp_path):
    site = lot(tmp_path, "EPSG:2263", parcels=15.0)
    law = resources.files("dockreview.rules.profiles").joinpath("kings-point-ny.toml").read_text()
    guarded = tmp_path / "guarded.toml"
    guarded.write_text(law + '\n[decision]\nrule = "guarded"\ntext = "interpretation: a survey decides a margin within the map\'s accuracy"\n')
    result = reviewed(site, profile=str(guarded))
    assert result.decision_rule == "guarded" and "1 check needs a survey: side-setback" in result.verdict_reason
    assert reviewed(site, profile=str(guarded), decision_rule="simple").decision_rule == "simple"
    bad = tmp_path / "bad.toml"
    bad.write_text(law + '\n[decision]\nrule = "lenient"\n')
    out = CliRunner().invoke(main, ["check", str(site.manifest), "--profile", str(bad)])
    assert out.exit_code == 2 and "the decision rules are: simple, guarded" in out.stderr
