"""The envelope of one lot, on sites whose answers are known by hand (the longest dock: tests/unit/review).

Local frame of tests/sitegen.py: u along the shore, v seaward, MHW on v = 0, the
lot's water corners at (-W/2, 0) and (+W/2, 0). On a straight shore with side
lines square to it the band is the strip |u| < W/2 - setback out to the 200-ft
reach: width W - 2 x setback, area width x 200.
"""

from __future__ import annotations

import warnings

import geopandas as gpd
import pytest
from shapely.geometry import Point

import dockreview
from dockreview.profile import load_profile
from dockreview.review.suggest import site_envelope
from support.sitegen import make_site, rect, strip, t_dock

TOL = 0.05
PROFILE = load_profile()


def envelope_of(site_files):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        site = dockreview.load_site(site_files.manifest)
    return site, site_envelope(site, PROFILE)


@pytest.mark.parametrize("rotation", [0.0, 137.0])
def test_straight_shore_band_is_frontage_less_two_setbacks(tmp_path, rotation):
    _, env = envelope_of(make_site(tmp_path, rotation=rotation, lot_width=300.0, dock=t_dock()))
    assert env.frontage_ft == pytest.approx(300.0, abs=TOL)
    assert env.required_setback_ft == pytest.approx(120.0, abs=TOL)      # 40 % of 300
    assert env.band_width_ft == pytest.approx(300.0 - 2 * 120.0, abs=TOL)
    assert env.area_sqft == pytest.approx(60.0 * 200.0, rel=1e-3)
    assert env.greatest_reach_ft == pytest.approx(200.0, abs=TOL)
    assert env.possible and env.reasons == ()


def test_channel_limits_the_reach(tmp_path):
    # channel from v = 150: the seaward end must stay 50 ft off, so nothing beyond v = 100
    files = make_site(tmp_path, rotation=25.0, lot_width=300.0, dock=t_dock(), channels=[rect(-2000, 150, 2000, 400)])
    _, env = envelope_of(files)
    assert env.greatest_reach_ft == pytest.approx(100.0, abs=TOL)
    assert env.area_sqft == pytest.approx(60.0 * 100.0, rel=1e-3)


def test_navigable_depth_limits_the_reach(tmp_path):
    # a plane bottom: depth v / 20 ft below MLW; a 3-ft draft + 1 ft clearance is navigable from v = 80,
    # and the 10-ft-deep T float may lie beyond it: the dock may reach 90 ft, a walkway 80 ft
    files = make_site(tmp_path, lot_width=300.0, dock=t_dock())
    grid = [(u, v) for u in range(-400, 401, 20) for v in range(-20, 301, 20)]
    soundings = gpd.GeoDataFrame(
        {"DEPTH": [v / 20.0 for _, v in grid]}, geometry=[files.to_world(Point(u, v)) for u, v in grid], crs="EPSG:2263"
    )
    soundings.to_file(files.dir / "site.gpkg", layer="soundings", driver="GPKG", engine="pyogrio")
    files.rewrite(layers={"soundings": "site.gpkg:soundings"}, vessel={"draft_ft": 3.0}, soundings={"depth_field": "DEPTH"})
    _, env = envelope_of(files)
    assert env.reach_limit_ft == pytest.approx(90.0, abs=TOL)
    assert env.greatest_reach_ft == pytest.approx(90.0, abs=TOL)
    assert env.area_sqft == pytest.approx(60.0 * 90.0, rel=1e-3)


def test_narrow_lot_says_why(tmp_path):
    _, env = envelope_of(make_site(tmp_path, lot_width=100.0, dock=t_dock(length=30.0)))
    assert not env.possible
    assert any("frontage 100.0 ft is under the 150 ft minimum" in r for r in env.reasons)
    assert any("no room between the setbacks" in r and "60.0 ft" in r for r in env.reasons)
    assert env.band_width_ft == 0.0 and env.area_sqft == 0.0


def test_converging_side_lines_leave_no_band(tmp_path):
    # 150 ft on the water, side lines 45 degrees in: the corner (0, 0) is 75 sin 45 = 53 ft from each, under 60
    files = make_site(tmp_path, lot_width=150.0, left_angle=45.0, right_angle=45.0, lot_depth=60.0, dock=t_dock(length=30.0))
    _, env = envelope_of(files)
    assert env.frontage_ft == pytest.approx(150.0, abs=TOL)
    assert env.band_width_ft == 0.0
    assert len(env.reasons) == 1 and "no room between the setbacks" in env.reasons[0]


def test_channel_inside_the_setback_band(tmp_path):
    files = make_site(tmp_path, lot_width=300.0, dock=t_dock(), channels=[rect(-2000, 30, 2000, 300)])
    _, env = envelope_of(files)
    assert env.band_width_ft == pytest.approx(60.0, abs=TOL)
    assert env.area_sqft == 0.0
    assert env.nearest_obstacle_ft == pytest.approx(30.0, abs=TOL)
    assert len(env.reasons) == 1 and "within the setback band, 30.0 ft from the shore" in env.reasons[0]


def test_neighbours_dock_keeps_clear_but_own_dock_does_not(tmp_path):
    own = rect(-3, 0, 3, 60)
    files = make_site(tmp_path, lot_width=300.0, dock=t_dock(), docks=[own])
    _, env = envelope_of(files)
    assert env.existing_docks == 1
    assert env.area_sqft == pytest.approx(60.0 * 200.0, rel=1e-3)
    # a neighbour's dock rooted at u = 180 (its own shore), angled across our water to u = 60 at v = 120
    angled = strip([(180.0, 0.0), (60.0, 120.0)], 6.0)
    files = make_site(tmp_path / "b", lot_width=300.0, dock=t_dock(), docks=[angled])
    _, env = envelope_of(files)
    assert env.existing_docks == 0
    assert env.area_sqft < 60.0 * 200.0 - 100.0
    assert env.geometry.distance(files.to_world(angled)) == pytest.approx(50.0, abs=0.1)
