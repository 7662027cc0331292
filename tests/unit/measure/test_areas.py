"""Component areas, tiers by the creek's width, the extent along the shore and the moored vessel, by hand.

Footprint docks drawn in the local frame (u along the shore, v seaward; the subject lot u -W/2..W/2):

* South Carolina counts floats, pierheads (landings) and the area inside lifts, not walkways; one lift of
  at most 160 sq ft is not counted. A landing 10 x 14 = 140 sq ft on a creek 50 ft between the marsh
  edges (120 sq ft allowed) fails; on one 51 ft wide (160 allowed) it passes.
* A float 8 x 20 = 160 and a lift 12 x 12 = 144: the lift is free, 160 counted; a 13 x 13 = 169 lift is
  not, 329 counted.
* Lake Austin: 20 % of the frontage, 14 ft on 70 ft or less; a T float 16 ft across fails at 70 ft
  (14 allowed) and passes at 100 ft (20 allowed).
* A 30 x 10 ft boat alongside a 20 x 10 T float (v 110..120) on a 200-ft lot lies at u -15..15,
  v 120..130: it reaches 130 ft and leaves 85 ft to each side line. In a lift at u 4..16, v 60..84
  (long axis seaward) a 30 x 14 boat lies at u 3..17, v 57..87: 83 ft from the right side line.
"""

from __future__ import annotations

import pytest

import dockreview
from support.sitegen import canal_layout, frame_in, rect, write_local_site

CRSS = ("EPSG:2263", "EPSG:32618")


def _site(tmp_path, crs, dock, *, width=600.0, lot_width=100.0, extra=None, tables=None):
    parcels, mhw = canal_layout(width=width, lot_width=lot_width, run=400.0)
    files = write_local_site(tmp_path, frame_in(crs, rotation=41.0), parcels=parcels, mhw=mhw, footprint=dock,
                             extra=extra, tables=tables)
    return files


def _review(files, profile):
    return dockreview.review(dockreview.load_site(files.manifest), profile=profile)


def _profile(tmp_path, body: str):
    path = tmp_path / "town.toml"
    path.write_text(body)
    return path


SC_DOCK = [("walkway", rect(-2.0, -5.0, 2.0, 20.0)), ("landing", rect(-5.0, 20.0, 5.0, 34.0))]


@pytest.mark.parametrize("crs", CRSS)
@pytest.mark.parametrize(("marsh_edge", "allowed", "status"), [(50.0, 120.0, "fail"), (51.0, 160.0, "pass")])
def test_a_width_tiered_area_on_both_sides_of_a_tier_edge(tmp_path, crs, marsh_edge, allowed, status):
    marsh = [rect(-400.0, marsh_edge, 400.0, 80.0)]  # the far bank's marsh; the near bank has none
    files = _site(tmp_path, crs, SC_DOCK, width=80.0, extra={"vegetation": marsh})
    r = _review(files, "sc-ocrm")
    assert r.measurements.vegetation_width_square_to_shore_ft == pytest.approx(marsh_edge, abs=1e-3)
    check = r.check("dock-area")
    assert check.kind == "total-area"
    assert (check.value, check.limit, check.status) == (pytest.approx(140.0, abs=1e-2), allowed, status)
    assert "not counted: walkway, ramp, pile" in check.message
    assert r.check("creek-min-width").status == "pass"


@pytest.mark.parametrize("crs", CRSS)
@pytest.mark.parametrize(("side", "counted", "status"), [(12.0, 160.0, "pass"), (13.0, 329.0, "fail")])
def test_a_total_area_with_a_lift_left_out(tmp_path, crs, side, counted, status):
    dock = [("walkway", rect(-2.0, -5.0, 2.0, 40.0)), ("float", rect(-4.0, 40.0, 4.0, 60.0)),
            ("boat_lift", rect(4.0, 40.0, 4.0 + side, 40.0 + side))]
    town = _profile(tmp_path, """
[checks.area]
kind = "total-area"
section = "s. 3"
include = ["float", "boat_lift"]
free_lift_sqft = 160
limit = 200
""")
    r = _review(_site(tmp_path, crs, dock), town)
    assert r.measurements.lift_areas_sqft == (pytest.approx(side * side, abs=1e-2),)
    check = r.check("area")
    assert (check.value, check.status) == (pytest.approx(counted, abs=1e-2), status)
    assert ("one lift not counted" in check.message) == (status == "pass")


@pytest.mark.parametrize("crs", CRSS)
@pytest.mark.parametrize(("frontage", "allowed", "status"), [(70.0, 14.0, "fail"), (100.0, 20.0, "pass")])
def test_the_width_along_the_shore_at_70_and_100_ft_of_frontage(tmp_path, crs, frontage, allowed, status):
    dock = [("walkway", rect(-2.0, -5.0, 2.0, 20.0)), ("float", rect(-8.0, 20.0, 8.0, 28.0))]
    r = _review(_site(tmp_path, crs, dock, lot_width=frontage), "lake-austin-tx")
    assert r.measurements.along_shore_extent_ft == pytest.approx(16.0, abs=1e-3)
    check = r.check("width-along-shore")
    assert (check.kind, check.value, check.limit, check.status) == (
        "along-shore-width", pytest.approx(16.0, abs=1e-3), pytest.approx(allowed, abs=1e-3), status)


T_DOCK = [("walkway", rect(-3.0, -5.0, 3.0, 110.0)), ("float", rect(-10.0, 110.0, 10.0, 120.0))]


@pytest.mark.parametrize("crs", CRSS)
def test_a_boat_alongside_the_float_counts_in_the_reach_and_the_setbacks(tmp_path, crs):
    files = _site(tmp_path, crs, T_DOCK, lot_width=200.0, tables={"vessel": {"length_ft": 30.0, "beam_ft": 10.0}})
    town = _profile(tmp_path, """
[checks.setback]
kind = "side-setback"
section = "s. 4"
min_ft = 86
with_vessel = true

[checks.out]
kind = "waterway-protrusion"
section = "s. 5"
max_ft = 125
with_vessel = true
""")
    r = _review(files, town)
    m = r.measurements
    assert m.vessel_reach_ft == pytest.approx(130.0, abs=1e-3) and m.reach_ft == pytest.approx(120.0, abs=1e-3)
    assert (m.vessel_setback_left_ft, m.vessel_setback_right_ft) == (pytest.approx(85.0, abs=1e-3), pytest.approx(85.0, abs=1e-3))
    assert (m.setback_left_ft, m.setback_right_ft) == (pytest.approx(90.0, abs=1e-3), pytest.approx(90.0, abs=1e-3))
    setback, out = r.check("setback"), r.check("out")
    assert (setback.status, setback.value) == ("fail", pytest.approx(85.0, abs=1e-3))
    assert "with the moored vessel" in setback.message
    assert (out.status, out.value) == ("fail", pytest.approx(130.0, abs=1e-3))


@pytest.mark.parametrize("crs", CRSS)
def test_a_boat_in_the_lift(tmp_path, crs):
    dock = [*T_DOCK, ("boat_lift", rect(4.0, 60.0, 16.0, 84.0))]
    vessel = {"length_ft": 30.0, "beam_ft": 14.0, "moored_at": "lift"}
    r = _review(_site(tmp_path, crs, dock, lot_width=200.0, tables={"vessel": vessel}), "kings-point-ny")
    m = r.measurements
    assert m.vessel_setback_right_ft == pytest.approx(83.0, abs=1e-3)
    assert m.vessel_setback_left_ft == pytest.approx(90.0, abs=1e-3)
    assert m.vessel_reach_ft == pytest.approx(120.0, abs=1e-3)


def test_without_a_vessel_a_with_vessel_check_needs_it(tmp_path):
    town = _profile(tmp_path, """
[checks.setback]
kind = "side-setback"
section = "s. 4"
min_ft = 20
with_vessel = true
""")
    check = _review(_site(tmp_path, "EPSG:2263", T_DOCK, lot_width=200.0), town).check("setback")
    assert check.status == "needs-data" and check.value is None
    assert "[vessel] length_ft and beam_ft" in check.message and check.needs == ("[vessel] length_ft, beam_ft",)
