"""Wrightsville Beach, NC: the official pier line, the whole dock's clearance from other piers, piers per frontage.

Known answers, by the construction of data/make_nc_samples.py (local frame in feet: ``u`` along the straight MHW
line ``v = 0``, ``v`` seaward; the pier line ``v = 80``; lots WB-1 ``u`` -225..-75, WB-2 -75..75 (150 ft), WB-3
75..224 (149 ft); existing docks D-1 ``u`` -52..-48 on WB-2 and D-3 ``u`` 78..82 on WB-3, both out to ``v`` 40
and 50), drawn in UTM 18N (metres) and in NC state plane (EPSG:2264, US survey feet):

* the sample dock reaches ``v = 76``: 80 - 76 = 4 ft short of the pier line; its boat (beam 10 ft) lies along the
  float's seaward side, out to 76 + 10 = 86: 6 ft past the line, within its 10-ft width;
* a walkway alone reaching 80 ft passes the pier line (0 ft past it), 81 ft fails it by 1 ft;
* a T float 8 ft deep at the end of a 72-ft walkway puts the boat out to 72 + 8 + 10 = 90 ft: 10 ft past the
  line, at its 10-ft width (pass); a 74-ft walkway, 92 ft: 12 ft past, 2 ft over (fail);
* a 105-ft walkway 4 ft wide rooted 64 ft right of the frontage's middle: its edge ``u = 66`` runs 78 - 66 = 12 ft
  from D-3 (fails 15 ft); its terminus (the last 20 ft, from ``v = 85``) is hypot(12, 85 - 50) = 37 ft from D-3;
  the sample dock's nearest part is its right mooring piling (``u`` 54..55, ``v`` 62..63): hypot(78 - 55, 62 - 50)
  = hypot(23, 12) = 25.94 ft;
* piers per frontage: 1 on 100 ft or less, plus 1 for each full 50 ft beyond: 150 ft -> 1 + floor(50 / 50) = 2 (WB-2:
  D-1 and the proposed pier, 2: pass); 149 ft -> 1 + floor(49 / 50) = 1 (WB-3: D-3 and a proposed pier, 2: fail).
"""

from __future__ import annotations

import importlib.util
import math
import warnings

import pytest

import dockreview
from support.paths import DATA

TOL = 0.01
CRSS = ["EPSG:26918", "EPSG:2264"]


def _generator():
    spec = importlib.util.spec_from_file_location("make_nc_samples", DATA / "make_nc_samples.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module", params=CRSS)
def sample(request, tmp_path_factory):
    """The sample site drawn in one CRS; its review, and a review of the 149-ft neighbour WB-3 without a pier line."""
    nc = _generator()
    frame = nc.Frame(request.param, nc.WRIGHTSVILLE.lon, nc.WRIGHTSVILLE.lat, nc.WRIGHTSVILLE.azimuth)
    folder = nc.write(nc.wrightsville_pierline(frame), tmp_path_factory.mktemp("wrightsville") / "site")
    text = (folder / "site.toml").read_text()
    neighbour = text.replace('id = "WB-2"', 'id = "WB-3"').replace('pierhead = "site.gpkg:pierhead"\n', "")
    neighbour = neighbour.replace('file = "site.gpkg:proposed_dock"\ncomponent_field = "component"',
                                  'root = "auto"\nbearing = "perpendicular"\nlength = 40.0\nwidth = 4.0')
    (folder / "wb-3.toml").write_text(neighbour.split("[vessel]")[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        review = dockreview.review(dockreview.load_site(folder / "site.toml"))
        other = dockreview.review(dockreview.load_site(folder / "wb-3.toml"))
    return review, other


def with_dock(review, length, **changes):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.with_dock(review, length=length, width=4.0, **changes)


def test_the_sample_stops_short_of_the_pier_line_and_its_boat_within_its_width(sample):
    review, _ = sample
    pier, boat = review.check("pier-line"), review.check("vessel-beyond-pierhead")
    assert (pier.status, pier.value, pier.limit) == ("pass", pytest.approx(76.0 - 80.0, abs=TOL), 0.0)
    assert (boat.status, boat.value, boat.limit) == ("pass", pytest.approx(86.0 - 80.0, abs=TOL), pytest.approx(10.0))
    assert review.layout.envelope.reach_limit_ft == pytest.approx(80.0, abs=0.05)  # the envelope stops at the line


@pytest.mark.parametrize(("length", "status", "past"), [(80.0, "pass", 0.0), (81.0, "fail", 1.0)])
def test_a_dock_may_reach_the_pier_line_and_no_farther(sample, length, status, past):
    check = with_dock(sample[0], length, float=False).check("pier-line")
    assert (check.status, check.value) == (status, pytest.approx(past, abs=TOL))
    assert check.margin == pytest.approx(-past, abs=TOL)


@pytest.mark.parametrize(("walkway", "status", "past"), [(72.0, "pass", 10.0), (74.0, "fail", 12.0)])
def test_the_moored_boat_may_pass_the_line_by_its_width(sample, walkway, status, past):
    t_float = {"length": 20.0, "width": 8.0, "layout": "T"}
    check = with_dock(sample[0], walkway, float=t_float).check("vessel-beyond-pierhead")
    assert (check.status, check.value, check.limit) == (status, pytest.approx(past, abs=TOL), pytest.approx(10.0))
    assert check.margin == pytest.approx(10.0 - past, abs=TOL)  # 92 ft out: over by 2 ft


def test_every_part_of_the_dock_keeps_15_ft_from_other_piers(sample):
    review = sample[0]
    assert review.check("pier-clearance").value == pytest.approx(math.hypot(23.0, 12.0), abs=TOL)  # the piling
    near = with_dock(review, 105.0, root=dockreview.frontage_point(review, 64.0), float=False)
    check = near.check("pier-clearance")
    assert (check.status, check.value, check.limit) == ("fail", pytest.approx(12.0, abs=TOL), 15.0)
    assert near.measurements.dock_clearance_ft == pytest.approx(37.0, abs=TOL)  # the terminus alone: hypot(12, 35)


def test_piers_per_frontage_count_the_docks_on_the_lots_shore(sample):
    review, other = sample
    count = review.check("pier-count")
    assert (review.measurements.frontage_ft, count.status, count.value, count.limit) == (
        pytest.approx(150.0, abs=TOL), "pass", 2.0, 2.0)
    count = other.check("pier-count")
    assert (other.measurements.frontage_ft, count.status, count.value, count.limit) == (
        pytest.approx(149.0, abs=TOL), "fail", 2.0, 1.0)


def test_without_the_pier_line_or_the_boat_the_checks_need_data(sample):
    _, other = sample
    for check_id in ("pier-line", "vessel-beyond-pierhead"):
        check = other.check(check_id)
        assert (check.status, check.value) == ("needs-data", None)
        assert "layers.pierhead" in check.needs
