"""The other towns' rule kinds on sites whose answers are known by construction, and their profile errors.

* Wisconsin: 2 slips for the first 50 ft of frontage, 1 for each further full 50 ft: 2, 2, 3, 3 slips
  at 49, 50, 100 and 149 ft; a pier with 3 slips fails on the first two and passes on the others.
* Huntington: the underside of the joists at least 4 ft above MHW: 3.9 fails, 4.0 passes, none given
  needs data.
* Levy County: 25 ft from each side line whatever the frontage: a 6-ft walkway with its right edge
  24 ft from the right side line of a 100-ft lot fails, one 26 ft from it passes.
"""

from __future__ import annotations

import pytest

import dockreview
from dockreview.errors import ProfileError
from dockreview.profile import parse_profile
from dockreview.rules import ruleset
from support.sitegen import canal_layout, frame_in, rect, write_local_site

CRSS = ("EPSG:2263", "EPSG:32618")


def _review(tmp_path, crs, *, lot_width=100.0, dock=None, attributes=None, profile="kings-point-ny"):
    parcels, mhw = canal_layout(width=500.0, lot_width=lot_width, run=400.0)
    dock = dock or [("walkway", rect(-2.0, -5.0, 2.0, 30.0))]
    tables = {"dock.attributes": attributes} if attributes else None
    files = write_local_site(tmp_path, frame_in(crs, rotation=63.0), parcels=parcels, mhw=mhw, footprint=dock, tables=tables)
    return dockreview.review(dockreview.load_site(files.manifest), profile=profile)


@pytest.mark.parametrize("crs", CRSS)
@pytest.mark.parametrize(("frontage", "allowed", "status"), [(49.0, 2.0, "fail"), (50.0, 2.0, "fail"), (100.0, 3.0, "pass"), (149.0, 3.0, "pass")])
def test_slips_per_frontage(tmp_path, crs, frontage, allowed, status):
    r = _review(tmp_path, crs, lot_width=frontage, attributes={"slips": 3}, profile="wisconsin-nr326")
    assert r.measurements.frontage_ft == pytest.approx(frontage, abs=1e-3)
    check = r.check("boat-slips")
    assert (check.kind, check.value, check.limit, check.status) == ("count-per-frontage", 3.0, allowed, status)
    assert check.unit == "slips" and f"{int(allowed)} slips allowed" in check.message


def test_slips_not_given_need_data(tmp_path):
    check = _review(tmp_path, "EPSG:2263", profile="wisconsin-nr326").check("boat-slips")
    assert check.status == "needs-data" and check.value is None and "[dock.attributes] slips" in check.message
    assert check.needs == ("[dock.attributes] slips",)


@pytest.mark.parametrize(("joists", "status"), [(3.9, "fail"), (4.0, "pass"), (None, "needs-data")])
def test_a_4_ft_joist_minimum(tmp_path, joists, status):
    attributes = {"joist_height_above_mhw_ft": joists} if joists is not None else None
    check = _review(tmp_path, "EPSG:2263", attributes=attributes, profile="huntington-ny").check("joist-height")
    assert (check.kind, check.sense, check.status, check.limit) == ("min-height", "at-least", status, 4.0)
    assert check.value == joists


@pytest.mark.parametrize("crs", CRSS)
@pytest.mark.parametrize(("right_edge", "status"), [(26.0, "fail"), (24.0, "pass")])
def test_levy_countys_fixed_25_ft_setback(tmp_path, crs, right_edge, status):
    dock = [("walkway", rect(right_edge - 6.0, -5.0, right_edge, 20.0))]
    check = _review(tmp_path, crs, dock=dock, profile="levy-county-fl").check("side-setback")
    assert (check.limit, check.status) == (25.0, status)
    assert check.value == pytest.approx(50.0 - right_edge, abs=1e-3)
    assert "the 25.0 ft minimum" in check.message


def _kinds(check: dict) -> dict:
    return {"checks": {"c": {"section": "s", **check}}}


@pytest.mark.parametrize(("check", "words"), [
    ({"kind": "waterway-protrusion", "fraction": 0.2, "width_method": "sideways"}, "width_method 'sideways' is not one of"),
    ({"kind": "waterway-protrusion", "fraction": 0.2, "reference": "vegetation"}, "reference 'vegetation' is not one of"),
    ({"kind": "waterway-protrusion"}, "gives no limit"),
    ({"kind": "total-area", "limit": 100, "include": ["deck"]}, "component 'deck' is not one of"),
    ({"kind": "total-area", "tier_widths_ft": [10, 20], "tier_limits_sqft": [0, 100]}, "one more tier_limits_sqft"),
    ({"kind": "datum-reach", "limit": 100, "datum": "navd88"}, "datum 'navd88' is not one of mlw, mllw"),
    ({"kind": "count-per-frontage", "key": "slips", "first": 2, "first_ft": 50, "per": 1}, "per_ft is missing"),
])
def test_a_profile_mistake_is_named(check, words):
    with pytest.raises(ProfileError, match="checks.c") as caught:
        ruleset(parse_profile(_kinds(check), "town.toml"))
    assert words in str(caught.value)


def test_the_profiles_waterway_table_sets_the_method_a_check_leaves_out():
    profile = parse_profile({"waterway": {"width_method": "average-along-frontage", "reference": ["mhw", "bulkhead"]},
                             **_kinds({"kind": "waterway-min-width", "limit": 100})}, "town.toml")
    rule = ruleset(profile).rule("c")
    assert rule.width_fields == ("width_average_ft", "bulkhead_width_average_ft")
    assert rule.statuses({"width_average_ft": 120.0, "bulkhead_width_average_ft": 95.0}).tolist() == "fail"
