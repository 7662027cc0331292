"""Known answers for each measurement's uncertainty at 95 % (issue 30, propagation, exact part).

The model (NSSDA): a layer of 95 % radial accuracy A shifts each feature by a circular normal shift, sigma = A / 2.4477
per axis; a distance square to a line moves with its normal component, 95 % = 1.96 sigma = 0.8007 A; independent
features combine by root sum of squares.  Sites are drawn in the local frame of tests/support/sitegen.py (u along the
shore, v seaward) in EPSG:2263 and EPSG:32618; every expected figure is by hand below.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from shapely.geometry import LineString, Polygon

from support.sitegen import canal_layout, frame_in, lots_beside, rect, write_local_site

dockreview = pytest.importorskip("dockreview")
DockReviewWarning = dockreview.DockReviewWarning

K = 1.959964 / math.sqrt(-2.0 * math.log(0.05))   # 1.96 / 2.4477 = 0.8007
CRSS = ["EPSG:2263", "EPSG:32618"]
SUBJECT = "2-105-33"
# walkway u in [-3, 3], v in [-5, 110]; float u in [-10, 10], v in [110, 120]: 90 ft from each side line u = +-100
DOCK = [("walkway", rect(-3, -5, 3, 110)), ("float", rect(-10, 110, 10, 120))]


def stated(**accuracy):
    return {"layers": {role: {"path": "site.gpkg", "layer": role, "accuracy_ft": a} for role, a in accuracy.items()}}


def square_lot(path, crs, left=(-100, 0), right=(100, 0), back=(-100, 100), review=None, **accuracy):
    """A lot between side lines from the water corners ``left``/``right`` to landward corners at u = ``back``, v = -150."""
    subject, lnb, rnb = lots_beside([left, (back[0], -150)], [right, (back[1], -150)])
    return write_local_site(path, frame_in(crs), parcels=[(SUBJECT, subject), ("L", lnb), ("R", rnb)],
                            mhw=[LineString([(-700, 0), (700, 0)])], footprint=DOCK, review=review, tables=stated(**accuracy))


def reviewed(site):
    return dockreview.review(dockreview.load_site(str(site.manifest)))


@pytest.mark.parametrize("crs", CRSS)
def test_straight_shore_setbacks_and_reach(tmp_path, crs):
    # Setbacks are square to the side lines u = +-100 (the parcel, 6 ft): 0.8007 x 6.  The reach (120 ft, from the
    # float's far edge square to v = 0) and the length along the axis (from the crossing at v = 0, the axis square to
    # the shore) move with the MHW line (3 ft): 0.8007 x 3.  The frontage's corners slide with the side lines, but a
    # lot with parallel sides moves both together: the frontage does not change (0), and a square MHW shift slides
    # neither corner along the shore.
    u = reviewed(square_lot(tmp_path, crs, parcels=6.0, mhw=3.0)).uncertainties()
    for key in ("setback_left_ft", "setback_right_ft"):
        assert u[key].value_ft == pytest.approx(K * 6.0, abs=1e-6) and u[key].dominant == "parcels"
    for key in ("reach_ft", "length_ft", "overall_reach_ft"):
        assert u[key].value_ft == pytest.approx(K * 3.0, abs=1e-6) and u[key].dominant == "mhw"
    assert u["frontage_ft"].value_ft == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("crs", CRSS)
def test_wedge_lot_frontage(tmp_path, crs):
    # Side lines from (-100, 0) to (-70, -150) and from (100, 0) to (70, -150): each runs 30 ft across per 150 ft
    # seaward, so a corner slides 0.2 ft along the shore per foot the lot or the shore moves along v: the lot
    # seaward narrows the frontage by 0.4 s_v, the shore seaward widens it by 0.4 m_v.  Along u the lot moves
    # both corners alike.  95 %: 0.8007 x 0.4 x sqrt(6^2 + 3^2).
    u = reviewed(square_lot(tmp_path, crs, back=(-70, 70), parcels=6.0, mhw=3.0)).uncertainties()
    assert u["frontage_ft"].value_ft == pytest.approx(K * 0.4 * math.hypot(6.0, 3.0), rel=1e-6)
    assert u["frontage_ft"].dominant == "parcels"


@pytest.mark.parametrize("crs", CRSS)
def test_width_between_shores_of_different_accuracy(tmp_path, crs):
    # A canal 120 ft wide (near bank v = 0, far bank v = 120: two MHW features, 3 ft each) with the far bank's marsh
    # from v = 100 to 120 (vegetation, 5 ft).  Square to the shore the MHW width is 0.8007 x sqrt(3^2 + 3^2); the
    # width to the marsh's edge, from the near MHW line to v = 100, is 0.8007 x sqrt(3^2 + 5^2).
    parcels, mhw = canal_layout(width=120.0)
    site = write_local_site(tmp_path, frame_in(crs), parcels=parcels, mhw=mhw,
                            footprint=[("walkway", rect(-3, -5, 3, 20)), ("float", rect(-10, 20, 10, 30))],
                            extra={"vegetation": [rect(-600, 100, 600, 120)]}, tables=stated(mhw=3.0, vegetation=5.0))
    u = reviewed(site).uncertainties()
    assert u["width_square_to_shore_ft"].value_ft == pytest.approx(K * math.hypot(3.0, 3.0), rel=1e-6)
    assert u["vegetation_width_square_to_shore_ft"].value_ft == pytest.approx(K * math.hypot(3.0, 5.0), rel=1e-6)
    assert u["vegetation_width_square_to_shore_ft"].dominant == "vegetation"


def test_unassessed_input_gives_none(tmp_path):
    site = dockreview.load_site(str(square_lot(tmp_path, "EPSG:2263", parcels=6.0, mhw=3.0).manifest))
    unknown = replace(site.accuracy["parcels"], horizontal_ft=None, unassessed=True, source="unassessed")
    u = dockreview.review(replace(site, accuracy={**site.accuracy, "parcels": unknown})).uncertainties()
    assert u["setback_left_ft"].value_ft is None and u["setback_left_ft"].unassessed
    assert u["reach_ft"].value_ft == pytest.approx(K * 3.0, abs=1e-6)


# --------------------------------------------------------------------------
# the MHW line moves a line square to the shore through the corner
# --------------------------------------------------------------------------
@pytest.mark.parametrize("crs", CRSS)
def test_perpendicular_lines_move_with_the_shore_at_their_corner(tmp_path, crs):
    # Side lines leaning 20 degrees (landward corners at u = -+(100 + 150 tan 20)), lines square to the straight
    # shore's trend from the water corners.  The MHW line moved m_v slides a corner along its side line by
    # m_v / cos 20, across by m_v tan 20: the line square to the shore moves with it.  The lot moved (s_u, s_v) moves
    # the corner across by s_u - s_v tan 20.  95 %: 0.8007 sqrt(6^2 (1 + tan^2 20) + 3^2 tan^2 20).
    t = math.tan(math.radians(20.0))
    site = square_lot(tmp_path, crs, back=(-100 - 150 * t, 100 + 150 * t), parcels=6.0, mhw=3.0,
                      review={"riparian_method": "perpendicular-to-trend"})
    u = reviewed(site).uncertainties()
    expected = K * math.sqrt(36.0 * (1 + t * t) + 9.0 * t * t)
    for key in ("setback_left_ft", "setback_right_ft"):
        assert u[key].value_ft == pytest.approx(expected, rel=1e-6), key


# --------------------------------------------------------------------------
# the exact figures against the seeded, vectorised simulation
# --------------------------------------------------------------------------
KEYS = ("setback_left_ft", "setback_right_ft", "frontage_ft", "reach_ft")


@pytest.mark.parametrize("crs", CRSS)
def test_simulation_agrees_with_exact_within_5_percent(tmp_path, crs):
    # The 95th percentile of |change| from N draws has a standard error of sqrt(p (1 - p) / N) / f, f the density of
    # |X| at its 95th percentile 1.96 sigma (0.1169 / sigma): at N = 20,000 that is 0.0013 sigma, 0.07 % of
    # 1.96 sigma: the figures agree within 5 % with room to spare; the seeded draws are the same on every run.
    site = dockreview.load_site(str(square_lot(tmp_path, crs, back=(-70, 70), parcels=6.0, mhw=3.0).manifest))
    result = dockreview.review(site)
    exact = result.uncertainties()
    first = result.simulated_uncertainties(draws=20_000, seed=30)
    assert {k: v.value_ft for k, v in result.simulated_uncertainties(draws=20_000, seed=30).items()} == \
        {k: v.value_ft for k, v in first.items()}
    for key in KEYS:
        assert first[key].value_ft == pytest.approx(exact[key].value_ft, rel=0.05), key


@pytest.mark.parametrize("crs", CRSS)
def test_vertex_noise_turns_the_side_line_about_its_corner(tmp_path, crs):
    # The dock's nearest point to the left side line u = -100 is its corner (-10, 120) alone.  The line through the
    # side's vertices B = (-100, 0) and A = (-100, -150) crosses v = 120 at u = 1.8 u_B - 0.8 u_A.  With half the
    # sigma given to each vertex (f = 0.5): the shift's share sqrt(1 - f^2), the vertices' f each, so
    # sigma^2 = (1 - f^2) + f^2 (1.8^2 + 0.8^2) = 0.75 + 0.97 = 1.72: 95 % = 0.8007 x 6 x sqrt(1.72) = 6.30 ft.
    trapezoid = Polygon([(-1, -5), (1, -5), (10, 120), (-10, 120)])
    subject, lnb, rnb = lots_beside([(-100, 0), (-100, -150)], [(100, 0), (100, -150)])
    site = write_local_site(tmp_path, frame_in(crs), parcels=[(SUBJECT, subject), ("L", lnb), ("R", rnb)],
                            mhw=[LineString([(-700, 0), (700, 0)])], footprint=[("walkway", trapezoid)],
                            tables=stated(parcels=6.0, mhw=3.0))
    result = reviewed(site)
    rigid = result.simulated_uncertainties(draws=20_000, seed=7)["setback_left_ft"].value_ft
    noisy = result.simulated_uncertainties(draws=20_000, seed=7, vertex_share=0.5)["setback_left_ft"].value_ft
    assert rigid == pytest.approx(K * 6.0, rel=0.05)
    assert noisy == pytest.approx(K * 6.0 * math.sqrt(1.72), rel=0.05)
