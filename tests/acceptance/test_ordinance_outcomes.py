"""Waivers, conditions, the federal exemption, Board determinations and the rule profile.

A complete synthetic site (tests/ordinance_sites.py) with the standard T dock
on a 200-ft lot complies with every standard; each test changes one thing and
the answer follows from the article.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

import dockreview
from dockreview.cli import main
from support import ordinance_sites as osites
from support.sitegen import make_site, rect, t_dock

WAIVER = {"check": "width", "date": "2024-05-13", "granted_by": "Board of Trustees", "note": "wheelchair access"}


@pytest.fixture(scope="module")
def wide(tmp_path_factory):
    """A complete site whose 10-ft walkway fails only Docks D(2)(b) (width <= 8 ft)."""
    site = make_site(tmp_path_factory.mktemp("wide"), rotation=25.0, dock=t_dock(width=10.0),
                     channels=[rect(-500, 180, 500, 400)], docks=[rect(150, 0, 156, 110)])
    osites.complete(site)
    return site


def cli(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def load(path):
    return dockreview.review(dockreview.load_site(str(path)))


def with_waivers(site, name, waivers, conditions=()):
    """The site's manifest plus [[waiver]] / [[condition]] tables."""
    path = Path(osites.variant(site, name))
    text = path.read_text()
    for table, entries in (("waiver", waivers), ("condition", conditions)):
        for entry in entries:
            text += f"\n[[{table}]]\n" + "".join(f'{k} = "{v}"\n' for k, v in entry.items())
    path.write_text(text)
    return path


def test_the_wide_walkway_fails_only_width(wide):
    r = load(wide.manifest)
    assert [c.id for c in r.checks if c.status == "fail"] == ["width"]
    assert r.verdict == "noncompliant"


def test_a_waiver_turns_the_failure_into_waived_and_keeps_value_and_reason(wide):
    r = load(with_waivers(wide, "waived", [WAIVER]))
    c = r.check("width")
    assert c.status == "waived"
    assert c.value == pytest.approx(10.0, abs=1e-3) and c.limit == 8.0
    assert "exceeds" in c.message and "wheelchair access" in c.message and "Board of Trustees" in c.message
    assert c.waiver == WAIVER
    assert r.verdict == "compliant"
    d = json.loads(r.to_json())
    assert next(x for x in d["checks"] if x["id"] == "width")["waiver"]["date"] == "2024-05-13"


def test_a_waiver_of_a_passing_check_changes_nothing(wide):
    r = load(with_waivers(wide, "waived-pass", [{**WAIVER, "check": "float-area"}]))
    assert r.check("float-area").status == "pass"
    assert "a waiver is on file" in r.check("float-area").message
    assert r.verdict == "noncompliant"


def test_a_waiver_naming_no_check_is_refused_with_a_suggestion(wide):
    path = with_waivers(wide, "waived-typo", [{**WAIVER, "check": "widht"}])
    res = cli("check", str(path))
    assert res.exit_code == 2
    assert "[[waiver]] check 'widht'" in res.stderr and "did you mean 'width'" in res.stderr


def test_conditions_are_carried_into_the_output(wide):
    condition = {"text": "No pile driving May 1 to September 30", "imposed_by": "Board of Trustees", "date": "2024-05-13"}
    r = load(with_waivers(wide, "conditioned", [], [condition]))
    assert r.to_dict()["conditions"] == [condition]


def test_federal_premises_are_exempt(wide, tmp_path):
    path = osites.variant(wide, "federal", parcel={"federal": True})
    r = load(path)
    assert r.verdict == "exempt"
    assert {c.status for c in r.checks} == {"not-applicable"}
    assert r.check("width").value == pytest.approx(10.0, abs=1e-3)  # measured all the same
    assert "federal government" in r.to_dict()["verdict_reason"]
    res = cli("check", path, "--json", str(tmp_path / "out.json"))
    assert res.exit_code == 0
    assert "verdict: EXEMPT" in res.output and "federal government" in res.output
    assert json.loads((tmp_path / "out.json").read_text())["verdict"] == "exempt"


def test_federal_premises_are_reviewed_under_a_law_that_states_no_exemption(wide, tmp_path):
    # Levy County's §50-687 says nothing of federal premises: the site is reviewed, and the user told why
    path = osites.variant(wide, "federal", parcel={"federal": True})
    res = cli("check", path, "--profile", "levy-county-fl", "--json", str(tmp_path / "out.json"))
    out = json.loads((tmp_path / "out.json").read_text())
    assert out["verdict"] != "exempt" and res.exit_code != 0
    assert any(c["status"] in ("pass", "fail") for c in out["checks"])
    assert "states no exemption for federal premises" in res.output


def test_board_determinations_stand_beside_the_verdict(wide):
    path = osites.variant(wide, "treated", dock={**wide.doc["dock"],
                          "attributes": {**osites.GOOD_ATTRIBUTES, "treated_wood": True, "materials": ["wood", "vinyl"]}})
    r = load(path)
    board = {c["id"]: c for c in r.to_dict()["board_determinations"]}
    assert {"board-navigation", "pile-driving", "treated-wood", "materials"} <= set(board)
    assert "Village Engineer" in board["treated-wood"]["message"]
    assert "Superintendent of the Building Department" in board["materials"]["message"]
    assert "60.0 ft" in board["board-navigation"]["message"]  # terminus 120 ft, channel at 180 ft
    res = cli("check", path)
    assert res.exit_code == 1  # the width still fails; board items do not change the verdict
    table = res.output
    assert table.index("verdict: NONCOMPLIANT") < table.index("for the Board of Trustees to determine:")
    words = " ".join(table.split())  # the table wraps to the terminal's width
    assert "treated-wood (Docks D(2)(f)): treated timbers or piles: to be approved by the Village Engineer" in words


def _profile_copy(tmp_path, old, new):
    text = resources.files("dockreview.rules.profiles").joinpath("kings-point-ny.toml").read_text("utf-8")
    assert text.count(old) == 1
    path = tmp_path / "amended.toml"
    path.write_text(text.replace(old, new))
    return str(path)


def test_a_changed_profile_changes_the_outcome_without_code(wide, tmp_path):
    # an amendment allowing 12-ft walkways: the 10-ft walkway passes, nothing else changes
    profile = _profile_copy(tmp_path, "[values.max_dock_width_ft]\nvalue = 8.0", "[values.max_dock_width_ft]\nvalue = 12.0")
    assert load(wide.manifest).verdict == "noncompliant"
    r = dockreview.review(dockreview.load_site(str(wide.manifest)), profile=profile)
    assert r.check("width").status == "pass" and r.check("width").limit == 12.0
    assert r.verdict == "compliant"
    assert cli("check", str(wide.manifest), "--profile", profile).exit_code == 0


def test_a_changed_code_list_changes_the_outcome(wide, tmp_path):
    # a village that admits only class 215: the lot's class 210 no longer counts as single-family
    profile = _profile_copy(tmp_path, 'values = ["210", "215", "250"]', 'values = ["215"]')
    r = dockreview.review(dockreview.load_site(str(wide.manifest)), profile=profile)
    assert r.check("single-family").status == "fail"
    assert "210" in r.check("single-family").message


def test_a_changed_clearance_moves_navigable_depth(wide, tmp_path):
    # clearance 1 -> 2 ft: 5 ft is reached at v = 150 (0.5 + 0.03 v), so the dock may reach 160 ft
    profile = _profile_copy(tmp_path, "[values.nav_depth_clearance_ft]\nvalue = 1.0", "[values.nav_depth_clearance_ft]\nvalue = 2.0")
    r = dockreview.review(dockreview.load_site(str(wide.manifest)), profile=profile)
    assert r.measurements.max_allowed_reach_ft == pytest.approx(160.0, abs=0.01)


def test_json_carries_the_new_measurements(wide):
    d = load(wide.manifest).to_dict()["measurements"]
    for key in ("nav_reach_ft", "max_allowed_reach_ft", "required_depth_ft", "min_depth_under_float_ft",
                "float_layout", "lift_angle_deg"):
        assert key in d
    assert d["float_layout"] == "T" and d["lift_angle_deg"] is None


@pytest.mark.parametrize("code, status", [(210, "pass"), (311, "fail")])
def test_single_family_class(tmp_path, code, status):
    site = make_site(tmp_path, dock=t_dock())
    osites.complete(site)
    site.rewrite(layers={"parcels": osites.write_parcel_class(site, code, name="classed.gpkg")})
    assert load(site.manifest).check("single-family").status == status


def test_one_dock_and_the_dock_it_replaces(tmp_path):
    # an existing dock on the lot (u 40..46, v 0..60) and one on the neighbour's (u 150..156)
    site = make_site(tmp_path, dock=t_dock(), docks=[rect(40, 0, 46, 60), rect(150, 0, 156, 110)])
    osites.complete(site)
    r = load(site.manifest)
    assert r.check("one-dock").status == "fail"
    assert r.measurements.frontage_docks == ("0",)  # named by the layer's row without docks_id_field
    # the layer's ids are the NAME field: "dock 0" stands on the lot
    path = osites.variant(site, "replaces", layers={"docks_id_field": "NAME"},
                          dock={**site.doc["dock"], "replaces": ["dock 0"]})
    r = load(path)
    assert r.check("one-dock").status == "pass"
    # the replaced dock is left out of the clearance too: the nearest is now the neighbour's,
    # 150 - 10 = 140 ft from the float's corner (u 10, v 110..120)
    assert r.measurements.dock_clearance_ft == pytest.approx(140.0, abs=0.01)


def test_replacing_an_unknown_dock_is_refused(tmp_path):
    site = make_site(tmp_path, dock=t_dock(), docks=[rect(40, 0, 46, 60)])
    path = osites.variant(site, "bad", layers={"docks_id_field": "NAME"}, dock={**site.doc["dock"], "replaces": ["dock 9"]})
    res = cli("check", path)
    assert res.exit_code == 2 and "dock 9" in res.stderr and "NAME" in res.stderr
