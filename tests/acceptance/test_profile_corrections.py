"""The shipped profiles' corrections of issue 28, each a known answer in two storage CRSs (US survey feet and UTM metres).

Every site is drawn in the local frame of tests/support/sitegen.py: ``u`` along the shore,
``v`` seaward, the MHW line at v = 0, the lot 200 ft wide; the soundings are planes, so
each depth below is read off the plane by hand.

* North Haven A(1), a fixed pier with no float or lift: its berth is its outer face.
  Soundings -1 + 0.1 v ft below MLW, MLLW 1 ft below MLW. A pier to v = 40 has
  -1 + 4 - 1 = 2.0 ft at MLLW there (fails the 2.5 ft); one to v = 50, 3.0 ft (passes).
  Findings B: the MLLW line is where -1 + 0.1 v = 1, v = 20, so the piers reach 20 and
  30 ft from it; the dock replaced is 25 ft (given, or an old pier to v = 45 on the
  docks layer: 45 - 20): 20 passes, 30 fails.
* Wisconsin §30.12(1g)(f): bottom 0.1 v ft below summer low: 3 ft at 30 ft; a vessel
  drawing 3.5 ft with 1 ft under the keel needs 4.5 ft, at 45 ft; the farther, 45 ft,
  is allowed, and a pier reaching 50 ft fails. Its loading platform 16 x 14 = 224 sq ft
  exceeds the 200.
* South Carolina R.30-12(A)(2): a channel 15 ft wide through the marsh, crossing the
  lot's shore at 45 degrees: 15 ft square to its centreline, 15 / sin 45 = 21.2 ft
  square to the shore. In the 10-20 ft tier: a landing of 6 x 10 = 60 sq ft and a boat
  lift of 10 x 14 = 140 sq ft (no lift free there): 200 > 50 fails; the lift fails.
* Huntington (A)(7): floats 24 x 6 and 20 x 6 (44 ft of six-foot-wide float, over the
  40) and one 4 ft wide (not counted).
* Levy County §50-687(1)h: a bulkhead on the MHW line with 4.5 ft below MLW at it
  (soundings 4.5 + 0.05 v): the same dock reaches 36 ft from it, over the 25 ft.
"""

from __future__ import annotations

import math

import geopandas as gpd
import numpy as np
import pytest
import shapely
from shapely.geometry import LineString

import dockreview
from support.sitegen import make_site, rect

CRSS = ("EPSG:2263", "EPSG:32618")
TOL = 0.05


def _layer(site, name: str, crs: str, records: list[dict]) -> str:
    """Write local-frame ``records`` (each with a geometry) as the layer ``name`` of extra.gpkg, in ``crs``."""
    frame = gpd.GeoDataFrame([{k: v for k, v in r.items() if k != "geometry"} for r in records],
                             geometry=[site.to_world(r["geometry"]) for r in records], crs="EPSG:2263")
    frame.to_crs(crs).to_file(site.dir / "extra.gpkg", layer=name, driver="GPKG", engine="pyogrio")
    return f"extra.gpkg:{name}"


def _soundings(site, crs: str, depth, u=(-300.0, 301.0), v=(-20.0, 301.0)) -> str:
    us, vs = np.meshgrid(np.arange(*u, 20.0), np.arange(*v, 20.0))
    points = [shapely.Point(a, b) for a, b in zip(us.ravel(), vs.ravel())]
    return _layer(site, "soundings", crs, [{"DEPTH": round(float(depth(p.y)), 6), "geometry": p} for p in points])


def _build(tmp_path, crs, name, footprint, *, profile, tables=None, docks=None, soundings=None):
    site = make_site(tmp_path / f"{name}-{crs.replace(':', '')}", crs=crs, working_crs=crs, footprint=footprint,
                     docks=docks, rotation=33.0)
    tables = {key: dict(body) for key, body in (tables or {}).items()}
    if soundings is not None:
        tables.setdefault("layers", {})["soundings"] = _soundings(site, crs, soundings)
        tables["soundings"] = {"depth_field": "DEPTH"}
    for key, records in (tables.pop("extra", None) or {}).items():
        tables.setdefault("layers", {})[key] = _layer(site, key, crs, records)
    path = site.rewrite(review={"profile": profile}, **tables)
    return dockreview.load_site(str(path))


def _pier(end: float):
    return [("walkway", rect(-2.0, -5.0, 2.0, end))]


# ----------------------------------------------------------------------------- North Haven: the fixed pier's berth
@pytest.fixture(scope="module", params=CRSS)
def north_haven(request, tmp_path_factory):
    crs, tmp = request.param, tmp_path_factory.mktemp("nh")
    plane = lambda v: -1.0 + 0.1 * v  # noqa: E731 (the plane of soundings)
    datums = {"datums": {"mllw_below_mlw_ft": 1.0}}
    given = _build(tmp, crs, "given", _pier(40.0), profile="north-haven-ny", soundings=plane,
                   tables={**datums, "dock": {"attributes": {"replaced_dock_length_ft": 25.0}}})
    layered = _build(tmp, crs, "layered", _pier(50.0), profile="north-haven-ny", soundings=plane, docks=[rect(-2.0, -5.0, 2.0, 45.0)],
                     tables={**datums, "layers": {"docks_id_field": "NAME"}, "dock": {"replaces": ["dock 0"]}})
    return dockreview.review(given), dockreview.review(layered)


def test_a_fixed_pier_is_a_berth_held_to_2_5_ft_at_mllw(north_haven):
    shallow, deep = north_haven
    for review, depth, status in ((shallow, 2.0, "fail"), (deep, 3.0, "pass")):  # -1 + 0.1 v - 1 at v = 40, 50
        check = review.check("berth-depth")
        assert (check.status, check.limit) == (status, 2.5), check.message
        assert check.value == pytest.approx(depth, abs=TOL)
        assert review.measurements.berth_count == 0 and "fixed structure's outer face" in check.message


def test_a_replacement_is_no_longer_than_the_dock_it_replaces(north_haven):
    given, layered = north_haven
    for review, value, status, basis in ((given, 20.0, "pass", "as given"), (layered, 30.0, "fail", "docks layer")):
        check = review.check("replacement-length")
        assert check.status == status and basis in check.message, check.message
        assert check.value == pytest.approx(value, abs=TOL)  # the pier's end less the MLLW line at v = 20
        assert check.limit == pytest.approx(25.0, abs=TOL)  # given; or the old pier's end at 45 less 20


def test_a_new_dock_is_not_a_replacement_and_an_unknown_length_needs_data(tmp_path):
    new = dockreview.review(_build(tmp_path, CRSS[0], "new", _pier(40.0), profile="north-haven-ny",
                                   soundings=lambda v: -1.0 + 0.1 * v, tables={"datums": {"mllw_below_mlw_ft": 1.0}}))
    assert new.check("replacement-length").status == "not-applicable"
    unknown = dockreview.review(_build(tmp_path, CRSS[0], "unknown", _pier(40.0), profile="north-haven-ny",
                                       docks=[rect(-2.0, -5.0, 2.0, 45.0)],
                                       tables={"layers": {"docks_id_field": "NAME"}, "dock": {"replaces": ["dock 0"]}}))
    check = unknown.check("replacement-length")  # no soundings, no MLLW line: neither length can be measured
    assert check.status == "needs-data" and check.value is None and check.limit is None, check.message


# ----------------------------------------------------------------------------- Wisconsin: 3 ft or the mooring depth
@pytest.fixture(scope="module", params=CRSS)
def wisconsin(request, tmp_path_factory):
    crs, tmp = request.param, tmp_path_factory.mktemp("wi")
    dock = [("walkway", rect(-3.0, -5.0, 3.0, 36.0)), ("landing", rect(-8.0, 36.0, 8.0, 50.0))]
    return dockreview.review(_build(tmp, crs, "pier", dock, profile="wisconsin-nr326", soundings=lambda v: 0.1 * v,
                                    tables={"vessel": {"draft_ft": 3.5, "clearance_ft": 1.0}}))


def test_the_pier_reaches_the_farther_of_3_ft_and_the_mooring_depth(wisconsin):
    check = wisconsin.check("length")
    assert check.status == "fail", check.message
    assert check.limit == pytest.approx(45.0, abs=TOL)  # (3.5 + 1) / 0.1; 3 ft is nearer, at 30
    assert check.value == pytest.approx(50.0, abs=TOL)
    assert "3.0 ft deep at summer low levels 30.0 ft out" in check.message
    assert wisconsin.layout.envelope.reach_limit_ft == pytest.approx(45.0, abs=TOL)


def test_the_loading_platform_is_at_most_200_sq_ft(wisconsin):
    check = wisconsin.check("loading-platform")
    assert (check.status, check.limit) == ("fail", 200.0)
    assert check.value == pytest.approx(16.0 * 14.0, rel=1e-3)  # UTM 18N scales areas by about 0.9995 here


def test_without_the_draft_a_pier_past_3_ft_needs_it_and_one_short_of_it_passes(tmp_path):
    for end, status in ((50.0, "needs-data"), (25.0, "pass")):
        review = dockreview.review(_build(tmp_path, CRSS[1], f"nodraft{end:g}", _pier(end), profile="wisconsin-nr326",
                                          soundings=lambda v: 0.1 * v))
        check = review.check("length")
        assert check.status == status, check.message
        assert check.needs == (("[vessel] draft_ft",) if status == "needs-data" else ())


# ----------------------------------------------------------------------------- South Carolina: the 10-20 ft tier
def _creek_marsh() -> list[dict]:
    centre = LineString([(-400.0, -300.0), (400.0, 500.0)])  # 45 degrees to the shore, through (0, 100)
    channel = centre.buffer(7.5, cap_style="flat")
    return [{"type": "marsh", "geometry": rect(-300.0, 0.0, 300.0, 200.0).difference(channel)}], centre


@pytest.fixture(scope="module", params=CRSS)
def carolina(request, tmp_path_factory):
    crs, tmp = request.param, tmp_path_factory.mktemp("sc")
    marsh, centre = _creek_marsh()
    dock = [("walkway", rect(-2.0, -5.0, 2.0, 85.0)), ("landing", rect(-3.0, 85.0, 3.0, 95.0)),
            ("boat_lift", rect(3.0, 80.0, 13.0, 94.0))]
    extra = {"vegetation": marsh, "centerline": [{"NAME": "creek", "geometry": centre.intersection(rect(-300, 0, 300, 200))}]}
    return dockreview.review(_build(tmp, crs, "creek", dock, profile="sc-ocrm", tables={"site": {"water": "creek"}, "extra": extra}))


def test_a_creek_crossed_at_45_degrees_is_15_ft_across_not_21_ft(carolina):
    m = carolina.measurements
    assert m.vegetation_width_square_to_centerline_ft == pytest.approx(15.0, abs=TOL)
    assert m.vegetation_width_square_to_shore_ft == pytest.approx(15.0 * math.sqrt(2.0), abs=TOL)  # 21.2


def test_on_a_creek_10_to_20_ft_wide_50_sq_ft_and_no_lift(carolina):
    area = carolina.check("dock-area")
    assert (area.status, area.limit) == ("fail", 50.0), area.message
    assert area.value == pytest.approx(60.0 + 140.0, rel=1e-3)  # the lift counted: none is free under 20 ft
    lifts = carolina.check("no-lifts-narrow")
    assert (lifts.status, lifts.value, lifts.limit) == ("fail", 1.0, 0.0), lifts.message
    assert carolina.check("narrow-creek-conditions").status == "board"


# ----------------------------------------------------------------------------- Huntington's floats, Levy's bulkhead
@pytest.fixture(scope="module", params=CRSS)
def bulkhead_site(request, tmp_path_factory):
    crs, tmp = request.param, tmp_path_factory.mktemp("bh")
    dock = [("walkway", rect(-2.0, -5.0, 2.0, 10.0)), ("float", rect(-12.0, 10.0, 12.0, 16.0)),
            ("float", rect(-3.0, 16.0, 3.0, 36.0)), ("float", rect(-16.0, 16.0, -12.0, 36.0))]
    bulkhead = [{"NAME": "seawall", "geometry": LineString([(-100.0, 0.0), (100.0, 0.0)])}]
    site = _build(tmp, crs, "bulkhead", dock, profile="levy-county-fl", soundings=lambda v: 4.5 + 0.05 * v,
                  tables={"site": {"water": "canal"}, "extra": {"bulkhead": bulkhead}})
    return dockreview.review(site), dockreview.review(site, profile="huntington-ny")


def test_huntington_counts_40_ft_of_six_foot_wide_floats(bulkhead_site):
    check = bulkhead_site[1].check("float-length")
    assert (check.status, check.limit) == ("fail", 40.0), check.message
    assert check.value == pytest.approx(24.0 + 20.0, abs=TOL)  # the 4-ft float is not counted
    assert "2 floats at least 5.5 ft wide" in check.message


def test_levy_holds_a_dock_to_25_ft_from_a_bulkhead_in_4_ft_of_water(bulkhead_site):
    check = bulkhead_site[0].check("bulkhead-reach")
    assert (check.status, check.limit) == ("fail", 25.0), check.message
    assert check.value == pytest.approx(36.0, abs=TOL)
    assert bulkhead_site[0].measurements.bulkhead_depth_ft == pytest.approx(4.5, abs=TOL)


def test_levy_bulkhead_rule_without_depth_or_bulkhead(tmp_path):
    wall = {"bulkhead": [{"NAME": "seawall", "geometry": LineString([(-100.0, 0.0), (100.0, 0.0)])}]}
    shallow = _build(tmp_path, CRSS[0], "shallow", _pier(30.0), profile="levy-county-fl", soundings=lambda v: 3.0 + 0.05 * v,
                     tables={"site": {"water": "canal"}, "extra": wall})
    check = dockreview.review(shallow).check("bulkhead-reach")
    assert check.status == "not-applicable" and "3.0 ft deep at MLW, less than 4.0 ft" in check.message
    dry = _build(tmp_path, CRSS[0], "nosoundings", _pier(30.0), profile="levy-county-fl",
                 tables={"site": {"water": "canal"}, "extra": wall})
    check = dockreview.review(dry).check("bulkhead-reach")
    assert check.status == "needs-data" and check.value is None, check.message
    bare = _build(tmp_path, CRSS[0], "nowall", _pier(30.0), profile="levy-county-fl", tables={"site": {"water": "canal"}})
    assert dockreview.review(bare).check("bulkhead-reach").status == "not-applicable"
