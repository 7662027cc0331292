"""Datum lines other than MHW, the reach from them and the depth at the berths, known by construction.

A straight shore (the near bank of a wide canal) with soundings on a plane: depth below MLW
d(v) = -2 + 0.05 v, so the bottom is at MLW (d = 0) 40 ft out and at MLLW, 0.3 ft below MLW
(d = 0.3), 46 ft out. A dock 150 ft long square to the shore (walkway 0..140, a float 140..150)
reaches 110 ft past the MLW line and 104 ft past the MLLW line; the shallowest water under its float
is at v = 140: 5.0 ft at MLW, 4.7 ft at MLLW. A lift at v 100..112 beside the walkway finds 3.0 ft
at MLW. North Haven allows 100 ft from MLLW and wants 2.5 ft at MLLW at every berth.
"""

from __future__ import annotations

import pytest
from shapely.geometry import LineString

import dockreview
from support.sitegen import canal_layout, frame_in, plane_soundings, rect, write_local_site

CRSS = ("EPSG:2263", "EPSG:32618")


def _depth(u: float, v: float) -> float:
    return -2.0 + 0.05 * v


def _site(tmp_path, crs, *, length=150.0, datums=True, lift=False, mllw=None, soundings=True):
    parcels, mhw = canal_layout(width=600.0, run=400.0)
    dock = [("walkway", rect(-2.0, -5.0, 2.0, length - 10.0)), ("float", rect(-8.0, length - 10.0, 8.0, length))]
    if lift:
        dock.append(("boat_lift", rect(2.0, 100.0, 14.0, 112.0)))
    extra = {}
    tables = {}
    if soundings:
        extra["soundings"] = plane_soundings(_depth, u=(-150.0, 150.0), v=(-25.0, 300.0), step=25.0)
        tables["soundings"] = {"depth_field": "DEPTH"}
    if mllw is not None:
        extra["mllw"] = [LineString([(-400.0, mllw), (400.0, mllw)])]
    if datums:
        tables["datums"] = {"mllw_below_mlw_ft": 0.3}
    files = write_local_site(tmp_path, frame_in(crs, rotation=-28.0), parcels=parcels, mhw=mhw, footprint=dock,
                             extra=extra, tables=tables)
    return dockreview.review(dockreview.load_site(files.manifest), profile="north-haven-ny")


@pytest.mark.parametrize("crs", CRSS)
def test_the_reach_from_an_mllw_line_given_as_a_datum_offset_on_a_plane_of_soundings(tmp_path, crs):
    r = _site(tmp_path, crs)
    m = r.measurements
    assert m.reach_from_mlw_ft == pytest.approx(110.0, abs=1e-3)
    assert m.reach_from_mllw_ft == pytest.approx(104.0, abs=1e-3)
    assert m.mllw_line_from == "the soundings' contour at 0.3 ft below MLW"
    check = r.check("length-from-mllw")
    assert (check.status, check.kind, check.value, check.limit) == ("fail", "datum-reach", pytest.approx(104.0, abs=1e-3), 100.0)


@pytest.mark.parametrize("crs", CRSS)
def test_a_dock_94_ft_past_the_mllw_line_passes(tmp_path, crs):
    check = _site(tmp_path, crs, length=140.0).check("length-from-mllw")
    assert (check.status, check.value) == ("pass", pytest.approx(94.0, abs=1e-3))


def test_an_mllw_layer_is_used_before_the_soundings(tmp_path):
    r = _site(tmp_path, "EPSG:2263", mllw=50.0)
    assert r.measurements.reach_from_mllw_ft == pytest.approx(100.0, abs=1e-3)
    assert r.measurements.mllw_line_from == "the mllw layer"
    assert r.check("length-from-mllw").status == "pass"  # exactly at the limit


def test_without_the_offset_the_mllw_line_needs_data(tmp_path):
    r = _site(tmp_path, "EPSG:2263", datums=False)
    assert r.measurements.reach_from_mllw_ft is None and r.measurements.reach_from_mlw_ft == pytest.approx(110.0, abs=1e-3)
    for check_id in ("length-from-mllw", "berth-depth"):
        check = r.check(check_id)
        assert check.status == "needs-data" and check.value is None
        assert "mllw_below_mlw_ft" in check.message and check.needs == ("[datums] mllw_below_mlw_ft",)


@pytest.mark.parametrize("crs", CRSS)
def test_the_depth_at_every_berth_at_mllw(tmp_path, crs):
    r = _site(tmp_path, crs)
    m = r.measurements
    assert m.berth_count == 1
    assert m.min_berth_depth_ft == pytest.approx(5.0, abs=1e-3)
    assert m.min_berth_depth_mllw_ft == pytest.approx(4.7, abs=1e-3)
    check = r.check("berth-depth")
    assert (check.status, check.kind, check.value, check.limit) == ("pass", "berth-depth", pytest.approx(4.7, abs=1e-3), 2.5)


@pytest.mark.parametrize("crs", CRSS)
def test_a_lift_in_shallower_water_decides_the_berth_depth(tmp_path, crs):
    r = _site(tmp_path, crs, lift=True)
    assert r.measurements.berth_count == 2
    assert r.measurements.min_berth_depth_ft == pytest.approx(3.0, abs=1e-3)
    assert r.check("berth-depth").value == pytest.approx(2.7, abs=1e-3)


def test_without_soundings_the_berth_depth_needs_them(tmp_path):
    r = _site(tmp_path, "EPSG:2263", soundings=False)
    check = r.check("berth-depth")
    assert check.status == "needs-data" and "layers.soundings" in check.message and check.needs == ("layers.soundings",)
    assert r.check("length-from-mllw").status == "needs-data"
