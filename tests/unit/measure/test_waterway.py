"""The waterway's width by every method and from every reference line, and the checks that read it, by hand.

Canals drawn in the local frame (tests/support/sitegen.py, u along the near bank, v across), stored in a
foot CRS and a metre CRS. Hand figures:

* a straight canal 120 ft wide, a dock square to the bank protruding 35 ft: every width 120 ft, the dock
  29.2 % of it; Levy County's 25 % allows 30 ft (fail), a 30 % limit 36 ft (pass);
* a wedge: the far bank turns 10 deg, v = 120 + u tan 10 deg. Square to the shore at the dock's root
  u = 20: 120 + 20 tan 10 deg; averaged along the frontage u -50..50: 120 (the mean of a linear width);
  square to the centreline (the banks' bisector, through X = (-120 / tan 10 deg, 0) at 5 deg): the
  centreline's point nearest the root lies (20 + 120 / tan 10 deg) sin 10 deg / 2 from each bank, so the
  section across it is (20 + 120 / tan 10 deg) sin 10 deg / cos 5 deg;
* bulkheads 2 ft behind both MHW lines: 124 ft between them, the dock protruding 37 ft from its own;
* marsh 30 ft wide along the far bank: 90 ft from the near MHW line to the marsh's edge.
"""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner
from shapely.geometry import LineString

import dockreview
from dockreview.cli import main
from support.sitegen import canal_layout, frame_in, rect, write_local_site

CRSS = ("EPSG:2263", "EPSG:32618")


def _dock(root_u: float = 0.0, length: float = 35.0, width: float = 6.0) -> list:
    return [("walkway", rect(root_u - width / 2, -5.0, root_u + width / 2, length))]


def _site(tmp_path, crs, *, width=120.0, far_angle=0.0, root_u=0.0, length=35.0, extra=None, tables=None, run=600.0):
    parcels, mhw = canal_layout(width=width, far_angle=far_angle, run=run)
    return write_local_site(tmp_path, frame_in(crs, rotation=17.0), parcels=parcels, mhw=mhw,
                            footprint=_dock(root_u, length), extra=extra, tables={"site": {"water": "canal"}, **(tables or {})})


def _review(files, profile=None):
    return dockreview.review(dockreview.load_site(files.manifest), profile=profile)


def _profile(tmp_path, body: str):
    path = tmp_path / "town.toml"
    path.write_text(body)
    return path


@pytest.mark.parametrize("crs", CRSS)
def test_a_straight_canal_is_120_ft_wide_by_every_method(tmp_path, crs):
    files = _site(tmp_path, crs, extra={"centerline": [LineString([(-500, 60), (500, 60)])]})
    m = _review(files).measurements
    for key in ("width_along_axis_ft", "width_square_to_shore_ft", "width_square_to_centerline_ft", "width_average_ft"):
        assert m[key] == pytest.approx(120.0, abs=1e-3), key
    assert m.reach_ft == pytest.approx(35.0, abs=1e-3)


@pytest.mark.parametrize("crs", CRSS)
def test_levy_county_25_percent_of_a_120_ft_canal_refuses_a_35_ft_dock_and_30_percent_allows_it(tmp_path, crs):
    files = _site(tmp_path, crs)
    levy = _review(files, "levy-county-fl").check("waterway-share")
    assert (levy.status, levy.kind) == ("fail", "waterway-protrusion")
    assert levy.value == pytest.approx(35.0, abs=1e-3) and levy.limit == pytest.approx(30.0, abs=1e-3)
    assert "29.2 % of the 120.0 ft waterway" in levy.message
    town = _profile(tmp_path, """
[checks.share]
kind = "waterway-protrusion"
section = "s. 1"
fraction = 0.30
max_ft = 500
""")
    loose = _review(files, town).check("share")
    assert (loose.status, loose.limit) == ("pass", pytest.approx(36.0, abs=1e-3))


def test_the_cli_decides_the_same_under_the_named_profile_and_a_manifests_review_profile(tmp_path):
    files = _site(tmp_path, "EPSG:32618")
    out = CliRunner().invoke(main, ["check", str(files.manifest), "--profile", "levy-county-fl", "--json", "-"])
    assert out.exit_code == 1, out.output
    checks = {c["id"]: c for c in json.loads(out.stdout)["checks"]}
    assert checks["waterway-share"]["status"] == "fail" and checks["waterway-share"]["kind"] == "waterway-protrusion"
    assert checks["waterway-share"]["limit"] == pytest.approx(30.0, abs=1e-3)
    files.rewrite(review={"profile": "levy-county-fl"})
    again = CliRunner().invoke(main, ["check", str(files.manifest), "--json", "-"])
    assert json.loads(again.stdout)["profile"] == json.loads(out.stdout)["profile"]
    assert {c["id"] for c in json.loads(again.stdout)["checks"]} == set(checks)


@pytest.mark.parametrize("crs", CRSS)
def test_a_wedge_is_measured_differently_by_each_method(tmp_path, crs):
    a = math.radians(10.0)
    x = 120.0 / math.tan(a)
    bisector = [(-x + s * math.cos(a / 2), s * math.sin(a / 2)) for s in (0.0, 1500.0)]
    files = _site(tmp_path, crs, far_angle=10.0, root_u=20.0, run=350.0, extra={"centerline": [LineString(bisector)]})
    m = _review(files).measurements
    assert m.width_square_to_shore_ft == pytest.approx(120.0 + 20.0 * math.tan(a), abs=1e-3)
    assert m.width_along_axis_ft == pytest.approx(120.0 + 20.0 * math.tan(a), abs=1e-3)
    assert m.width_average_ft == pytest.approx(120.0, abs=1e-3)
    assert m.width_square_to_centerline_ft == pytest.approx((20.0 + x) * math.sin(a) / math.cos(a / 2), abs=1e-3)


@pytest.mark.parametrize("crs", CRSS)
def test_bulkheads_and_the_most_restrictive_line(tmp_path, crs):
    bulkheads = [LineString([(-600, -2.0), (600, -2.0)]), LineString([(-600, 122.0), (600, 122.0)])]
    files = _site(tmp_path, crs, extra={"bulkhead": bulkheads})
    m = _review(files).measurements
    assert m.bulkhead_width_square_to_shore_ft == pytest.approx(124.0, abs=1e-3)
    assert m.reach_from_bulkhead_ft == pytest.approx(37.0, abs=1e-3)
    town = _profile(tmp_path, """
[checks.share]
kind = "waterway-protrusion"
section = "s. 1"
fraction = 0.30
reference = "most-restrictive"
width_method = "perpendicular-to-shore"
""")
    check = _review(files, town).check("share")
    # the narrowest width (120 between the MHW lines) and the greatest protrusion (37 from the bulkhead)
    assert (check.value, check.limit) == (pytest.approx(37.0, abs=1e-3), pytest.approx(36.0, abs=1e-3))
    assert check.status == "fail"


@pytest.mark.parametrize("crs", CRSS)
def test_the_marsh_edge_bounds_the_width_and_the_clear_width_left(tmp_path, crs):
    marsh = [rect(-600, 90.0, 600, 120.0)]
    files = _site(tmp_path, crs, extra={"vegetation": marsh})
    m = _review(files).measurements
    assert m.vegetation_width_square_to_shore_ft == pytest.approx(90.0, abs=1e-3)
    assert m.width_square_to_shore_ft == pytest.approx(120.0, abs=1e-3)
    town = _profile(tmp_path, """
[checks.clear]
kind = "waterway-clear-width"
section = "s. 2"
fraction = 0.5
min_ft = 80
""")
    clear = _review(files, town).check("clear")  # 120 - 35 = 85 left; at least max(60, 80)
    assert (clear.status, clear.value, clear.limit) == ("pass", pytest.approx(85.0, abs=1e-3), pytest.approx(80.0))


def test_no_centreline_and_no_far_bank_need_data_never_zero(tmp_path):
    parcels, mhw = canal_layout(width=120.0)
    files = write_local_site(tmp_path, frame_in("EPSG:2263"), parcels=parcels[:3], mhw=mhw[:1], footprint=_dock())
    r = _review(files, "lake-austin-tx")
    m = r.measurements
    assert m.width_square_to_centerline_ft is None and m.width_along_axis_ft is None
    share = r.check("channel-share")
    assert share.status == "needs-data" and share.limit is None
    assert "layers.centerline" in share.message and share.needs == ("layers.centerline",)
    assert "opposite shore" in m.why_missing("width_along_axis_ft")
    extent = r.check("extent-from-shore")  # 30 ft from the shore needs no width
    assert (extent.status, extent.value) == ("fail", pytest.approx(35.0, abs=1e-3))
