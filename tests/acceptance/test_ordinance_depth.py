"""Navigable depth and floats on the bottom (Docks D(1), D(2)(a)[1], D(2)(c)[5]).

The soundings lie on a plane, depth = 0.5 + 0.03 v ft below MLW at v ft
seaward of the MHW line (tests/ordinance_sites.py), so linear interpolation is
exact and every answer is known by hand:

* the standard T dock (walkway v 0..110, float v 110..120, float extent 10 ft);
* vessel draft 3 ft + the profile's 1 ft clearance = 4 ft, reached where
  0.5 + 0.03 v = 4, v = 116.667 ft; the dock may reach 116.667 + 10 = 126.667 ft;
* the shallowest water under the float is at its landward edge, 0.5 + 0.03 * 110 = 3.8 ft.
"""

from __future__ import annotations

import pytest
import tomlkit

import dockreview
from support import ordinance_sites as osites
from support.open_profile import KINGS_POINT
from support.sitegen import make_site, t_dock

TOL = 0.01


def reviewed(path):
    return dockreview.review(dockreview.load_site(str(path)))


@pytest.fixture(scope="module")
def plane(tmp_path_factory):
    """A complete site on a rotated shore (25 deg) with the standard T dock."""
    site = make_site(tmp_path_factory.mktemp("plane"), rotation=25.0, dock=t_dock())
    osites.complete(site)
    return site


def with_changes(site, tmp_path, **tables):
    """A copy of ``site``'s manifest beside its layers, with ``tables`` merged in (None drops one)."""
    return osites.variant(site, f"variant-{tmp_path.name}", **tables)


def test_navigable_reach_on_a_plane_is_exact(plane):
    r = reviewed(plane.manifest)
    m = r.measurements
    assert m.required_depth_ft == pytest.approx(4.0, abs=1e-9)
    assert m.nav_reach_ft == pytest.approx(3.5 / 0.03, abs=TOL)
    assert m.float_extent_ft == pytest.approx(10.0, abs=TOL)
    assert m.max_allowed_reach_ft == pytest.approx(3.5 / 0.03 + 10.0, abs=TOL)
    assert m.min_depth_under_float_ft == pytest.approx(3.8, abs=TOL)
    c = r.check("navigable-reach")
    assert c.status == "pass" and c.value == pytest.approx(120.0, abs=0.05)
    assert c.limit == pytest.approx(126.667, abs=TOL)
    assert r.check("float-grounding").status == "pass"


def test_a_profiles_clearance_moves_navigable_depth_seaward(plane, tmp_path):
    # a town asking 2 ft below the keel: draft 3 + 2 = 5 ft: 0.5 + 0.03 v = 5 at v = 150; allowed 160 ft
    doc = tomlkit.parse(KINGS_POINT.read_text(encoding="utf-8"))
    doc["values"]["nav_depth_clearance_ft"]["value"] = 2.0
    profile = tmp_path / "two-feet.toml"
    profile.write_text(tomlkit.dumps(doc), encoding="utf-8")
    r = dockreview.review(dockreview.load_site(str(plane.manifest)), profile=str(profile))
    assert r.measurements.nav_reach_ft == pytest.approx(150.0, abs=TOL)
    assert r.measurements.max_allowed_reach_ft == pytest.approx(160.0, abs=TOL)


def test_a_manifests_clearance_is_not_the_towns_reading(plane, tmp_path):
    # The profile's 1 ft: 3 + 1 = 4 ft at v = 3.5 / 0.03 = 116.667, allowed 126.667: the 120-ft dock passes.
    # The manifest's 0 ft would put 3 ft at v = 2.5 / 0.03 = 83.333, allowed 93.333: the dock would fail.
    r = reviewed(with_changes(plane, tmp_path, vessel={"draft_ft": 3.0, "clearance_ft": 0.0}))
    assert r.measurements.nav_reach_ft == pytest.approx(3.5 / 0.03, abs=TOL)
    assert r.check("navigable-reach").status == "pass"
    assert r.verdict == reviewed(plane.manifest).verdict
    readings = r.to_dict()["interpretations"]
    assert readings["deviations"] == [
        {"key": "vessel.clearance_ft", "profile": 1.0, "manifest": 0.0, "verdict_under_manifest": "noncompliant"}
    ]
    assert readings["verdict_under_manifest_reading"] == "noncompliant"


def test_dock_longer_than_navigable_depth_needs_fails(tmp_path):
    # a 150-ft walkway: the float ends at 160 > 126.667 allowed; the 200-ft reach alone passes
    site = make_site(tmp_path, rotation=137.0, dock=t_dock(length=150.0))
    osites.complete(site)
    r = reviewed(site.manifest)
    assert r.check("reach").status == "pass"
    c = r.check("navigable-reach")
    assert c.status == "fail"
    assert c.value == pytest.approx(160.0, abs=0.05) and c.limit == pytest.approx(126.667, abs=TOL)
    assert r.verdict == "noncompliant"


def test_depth_never_reached_within_200_ft_leaves_the_cap(plane, tmp_path):
    # draft 10: 11 ft is reached at v = 350, beyond 200 ft; the data cover 400 ft
    r = reviewed(with_changes(plane, tmp_path, vessel={"draft_ft": 10.0}))
    c = r.check("navigable-reach")
    assert r.measurements.nav_reach_ft is None
    assert c.status == "pass" and c.limit == pytest.approx(200.0)
    assert "200.0 ft cap alone applies" in c.message


def test_soundings_stopping_short_need_data(tmp_path):
    # soundings only out to v = 150: 11 ft is not found there, and nothing is extrapolated
    site = make_site(tmp_path, dock=t_dock())
    osites.complete(site)
    name = osites.write_soundings(site, v=(0.0, 150.0), name="short.gpkg")
    site.rewrite(layers={"soundings": name}, vessel={"draft_ft": 10.0})
    r = reviewed(site.manifest)
    c = r.check("navigable-reach")
    assert c.status == "needs-data"
    assert r.measurements.depth_coverage_ft == pytest.approx(150.0, abs=0.5)
    assert "150.0 ft" in c.message


def test_float_beyond_the_soundings_is_unknown_not_extrapolated(tmp_path):
    # soundings out to v = 115 only: the float (v 110..120) is partly outside the data
    site = make_site(tmp_path, dock=t_dock())
    osites.complete(site)
    site.rewrite(layers={"soundings": osites.write_soundings(site, v=(0.0, 115.0), step=23.0, name="s115.gpkg")})
    r = reviewed(site.manifest)
    assert r.measurements.min_depth_under_float_ft is None
    assert r.check("float-grounding").status == "needs-data"


@pytest.mark.parametrize("float_draft, status", [(3.79, "pass"), (3.81, "fail")])
def test_float_grounding_against_float_draft(plane, tmp_path, float_draft, status):
    r = reviewed(with_changes(plane, tmp_path, dock={"float_draft_ft": float_draft}))
    assert r.check("float-grounding").status == status


def test_float_in_shallow_water_rests_on_the_bottom(tmp_path):
    # a 30-ft walkway: the float at v 30..40 has 0.5 + 0.9 = 1.4 ft under it, less than its 1.5-ft draft
    site = make_site(tmp_path, rotation=210.0, dock=t_dock(length=30.0))
    osites.complete(site)
    r = reviewed(site.manifest)
    assert r.measurements.min_depth_under_float_ft == pytest.approx(1.4, abs=TOL)
    assert r.check("float-grounding").status == "fail"


def test_contours_give_the_same_depths_as_soundings(tmp_path):
    site = make_site(tmp_path, rotation=25.0, dock=t_dock())
    osites.complete(site)
    site.rewrite(layers={"soundings": osites.write_contours(site)}, soundings={"depth_field": "DEPTH"})
    m = reviewed(site.manifest).measurements
    assert m.nav_reach_ft == pytest.approx(3.5 / 0.03, abs=TOL)
    assert m.min_depth_under_float_ft == pytest.approx(3.8, abs=TOL)


def test_float_over_vegetation_fails(tmp_path):
    # eelgrass under the float's right half: u 0..10 of the float u -10..10, v 110..120 -> 100 sq ft
    from support.sitegen import rect

    site = make_site(tmp_path, dock=t_dock())
    osites.complete(site)
    site.rewrite(layers={"vegetation": osites.write_vegetation(site, [rect(0, 100, 40, 140)], name="veg2.gpkg")})
    r = reviewed(site.manifest)
    assert r.measurements.float_on_vegetation_sqft == pytest.approx(100.0, abs=0.05)
    assert r.check("float-vegetation").status == "fail"


def test_soundings_need_their_depth_field(plane, tmp_path):
    path = with_changes(plane, tmp_path, soundings={"depth_field": "DEPTH_MLLW"})
    with pytest.raises(dockreview.SiteDataError, match="no field 'DEPTH_MLLW'.*DEPTH_MLW"):
        dockreview.load_site(str(path))
