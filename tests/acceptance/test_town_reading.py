"""The town's reading, not the applicant's (issue 28): a manifest may not change a reading the profile fixes.

The lot: 200 ft of straight frontage; its left side line leans 12 deg inward landward, its right one 8 deg
outward; a 120 x 6 ft walkway square to the shore from the middle (tests/support/sitegen.py, local frame:
``u`` along the shore, ``v`` seaward). Kings Point requires 40 % of the frontage, 80 ft, from each side line's
seaward extension, and its profile carries the side lines straight on.

* Straight (the Village's reading): the right line ``u = 100 - v tan 8`` passes the walkway's far corner
  (3, 120) at 97 cos 8 - 120 sin 8 = 79.354 ft < 80: the setback fails.
* Perpendicular (the manifest asks it): the right line is the ray ``u = 100``: 100 - 3 = 97 ft; the left one
  keeps 97 cos 12 = 94.880 ft: the setback passes.
"""

from __future__ import annotations

import json
import math

import pytest

import dockreview
from support.open_profile import open_readings_profile
from support.sitegen import make_site

TOL = 0.05
STRAIGHT_RIGHT = 97 * math.cos(math.radians(8)) - 120 * math.sin(math.radians(8))   # 79.354 ft
PERPENDICULAR = (97 * math.cos(math.radians(12)), 97.0)                              # left, right, ft
WALKWAY = {"root": "auto", "bearing": "perpendicular", "length": 120.0, "width": 6.0}
CRSS = [pytest.param("EPSG:2263", 1.000002, id="2263-usft"), pytest.param("EPSG:32618", 1.0, id="32618-m")]


def lot(tmp_path, crs, review):
    working = "EPSG:2263" if crs == "EPSG:2263" else crs
    return make_site(tmp_path, rotation=25.0, left_angle=-12.0, right_angle=8.0, dock=WALKWAY, crs=crs,
                     working_crs=working, review=review)


def cli(*args):
    from click.testing import CliRunner

    from dockreview.cli import main
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("crs, k", CRSS)
def test_a_manifests_extension_is_not_applied_and_is_listed_with_its_verdict(tmp_path, crs, k):
    site = lot(tmp_path / "kp", crs, {"extension": "perpendicular", "profile": "kings-point-ny"})
    out = tmp_path / "review.json"
    result = cli("check", site.manifest, "--json", out)
    doc = json.loads(out.read_text())
    setback = {c["id"]: c for c in doc["checks"]}["side-setback"]
    assert setback["status"] == "fail"
    assert doc["measurements"]["setback_right_ft"] == pytest.approx(STRAIGHT_RIGHT * k, abs=TOL)
    assert result.exit_code == {"noncompliant": 1, "incomplete": 3}[doc["verdict"]]
    # the same site where the law leaves the extension open: the manifest's reading applies, the setback passes
    open_site = lot(tmp_path / "open", crs, {"extension": "perpendicular"})
    assert open_readings_profile(open_site.dir) in open_site.manifest.read_text()
    asked = dockreview.review(dockreview.load_site(str(open_site.manifest)))
    assert asked.measurements.setback_left_ft == pytest.approx(PERPENDICULAR[0] * k, abs=TOL)
    assert asked.measurements.setback_right_ft == pytest.approx(PERPENDICULAR[1] * k, abs=TOL)
    assert asked.check("side-setback").status == "pass"
    assert doc["interpretations"]["deviations"] == [
        {"key": "review.extension", "profile": "straight", "manifest": "perpendicular", "verdict_under_manifest": asked.verdict}
    ]
    assert doc["interpretations"]["extension"] == "straight"
    assert "review.extension" in doc["interpretations"]["fixed_by_profile"]
    assert asked.to_dict()["interpretations"]["chosen_for_site"] == {"review.extension": "perpendicular"}
    assert any("not applied" in w and "review.extension" in w for w in doc["warnings"])


def test_a_manifest_that_agrees_with_the_town_is_no_deviation(tmp_path):
    site = lot(tmp_path, "EPSG:2263", {"extension": "straight", "terminus_depth_ft": 20, "profile": "kings-point-ny"})
    r = dockreview.review(dockreview.load_site(str(site.manifest)))
    readings = r.to_dict()["interpretations"]
    assert readings["deviations"] == [] and readings["verdict_under_manifest_reading"] is None
    assert readings["chosen_for_site"] == {}
    assert not any("not applied" in w for w in r.warnings)


def test_the_report_shows_what_was_not_applied_and_what_was_chosen(tmp_path):
    site = lot(tmp_path / "kp", "EPSG:2263", {"extension": "perpendicular", "profile": "kings-point-ny"})
    report = tmp_path / "report.md"
    result = cli("report", site.manifest, "-o", report)
    assert result.exit_code == 0 and "(verdict: noncompliant)" in result.output, result.output
    text = report.read_text()
    line = next(row for row in text.splitlines() if "Not applied" in row)
    assert '"perpendicular"' in line and '"straight"' in line and "verdict would be" in line
    open_site = lot(tmp_path / "open", "EPSG:2263", {"extension": "perpendicular"})
    other = tmp_path / "open.md"
    cli("report", open_site.manifest, "-o", other)
    assert "Chosen for this site" in other.read_text() and "Not applied" not in other.read_text()


def test_data_settings_stay_the_manifests(tmp_path):
    # the MHW tolerance is data, not a reading: a manifest's value is applied and is no deviation
    site = lot(tmp_path, "EPSG:2263", {"mhw_tolerance_ft": 2.0, "profile": "kings-point-ny"})
    r = dockreview.review(dockreview.load_site(str(site.manifest)))
    assert r.site.manifest.review.mhw_tolerance_ft == 2.0
    assert r.to_dict()["interpretations"]["deviations"] == []
