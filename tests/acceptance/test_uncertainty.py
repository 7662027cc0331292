"""Known answers for each measurement's uncertainty at 95 % (issue 30, propagation, exact part).

The model (NSSDA): a layer of 95 % radial accuracy A shifts each feature by a circular normal shift, sigma = A / 2.4477
per axis; a distance square to a line moves with its normal component, 95 % = 1.96 sigma = 0.8007 A; independent
features combine by root sum of squares.  Sites are drawn in the local frame of tests/support/sitegen.py (u along the
shore, v seaward) in EPSG:2263 and EPSG:32618; every expected figure is by hand below.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import replace

import numpy as np
import pytest
from shapely import affinity
from shapely.geometry import LineString

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
# the exact figures against a seeded simulation through the public API
# --------------------------------------------------------------------------
N = 200
KEYS = ("setback_left_ft", "setback_right_ft", "frontage_ft", "reach_ft")


def shifted(site, rng, parcels_ft, mhw_ft):
    """The site with each parcel and each MHW feature moved by its own circular normal shift (95 % radius given)."""
    unit = 1.0 / site.ft_per_unit / math.sqrt(-2.0 * math.log(0.05))
    ps = rng.normal(0.0, parcels_ft * unit, (len(site.parcels), 2))
    frame = site.parcels.copy()
    frame["geometry"] = [affinity.translate(g, *d) for g, d in zip(frame.geometry, ps)]
    subject = int(np.flatnonzero(site.parcels.geometry.values.geom_equals(site.parcel))[0])
    ms = rng.normal(0.0, mhw_ft * unit, 2)
    return replace(site, parcels=frame, parcel=frame.geometry.values[subject], mhw=affinity.translate(site.mhw, *ms))


def simulate(site, seed):
    base = dockreview.review(site).measurements
    rng = np.random.default_rng(seed)
    changes = {key: [] for key in KEYS}
    for _ in range(N):
        with warnings.catch_warnings():  # a shifted shore may leave a corner of the dock landward: said, not wrong
            warnings.simplefilter("ignore", DockReviewWarning)
            m = dockreview.review(shifted(site, rng, 6.0, 3.0)).measurements
        for key in KEYS:
            changes[key].append(abs(m[key] - base[key]))
    return {key: float(np.percentile(v, 95)) for key, v in changes.items()}


@pytest.mark.parametrize("crs", CRSS)
def test_simulation_agrees_with_exact(tmp_path, crs):
    # The 95th percentile of |change| from N draws has a standard error of sqrt(p (1 - p) / N) / f, f the density of
    # |X| at its 95th percentile 1.96 sigma: 2 phi(1.96) / sigma = 0.1169 / sigma; at N = 200 that is
    # 0.0154 / 0.1169 = 0.132 sigma, 6.7 % of 1.96 sigma.  The exact figure must lie within 3 such errors (20 %);
    # the seeded draws are the same on every run.
    site = dockreview.load_site(str(square_lot(tmp_path, crs, back=(-70, 70), review={"mhw_tolerance_ft": 30.0},
                                                parcels=6.0, mhw=3.0).manifest))
    exact = dockreview.review(site).uncertainties()
    first = simulate(site, seed=30)
    assert simulate(site, seed=30) == first
    for key in KEYS:
        assert first[key] == pytest.approx(exact[key].value_ft, rel=3 * 0.067), key
