"""Three Florida laws' known answers: Collier County's tiers and measurement line, Hernando County's lift-dependent
limits, Pembroke Pines' width at any point of construction (issue 28).

Each site is built by data/make_florida_samples.py's own functions (a canal of the width asked), once per storage
CRS: UTM zone 17N in metres and Florida East state plane in US survey feet (EPSG:2236). By construction (feet, local
frame: ``v`` seaward from the subject lot's MHW line, parcels ending on it):

* Collier (LDC §5.03.06): the dock's float ends at v = 9, a rip-rap line (the bulkhead layer) lies at v = -5, the
  moored vessel (beam 8 ft alongside the float's seaward side) reaches v = 17.
  - a 90-ft canal is under 100 ft: the 25 % tier, 0.25 * 90 = 22.5 ft allowed; the protrusion from the most
    restrictive line, the rip-rap: 9 + 5 = 14 ft (from the MHW line it would be 9: 5 ft less);
  - a 120-ft canal: the 20-ft tier with the vessel, 17 + 5 = 22 ft from the rip-rap, over the 20 ft.
* Hernando (§8-247(2), (3)): MLW lines 90 ft apart (v = 5 and 95), the dock ends at v = 17: 17 ft past the
  property line (the parcel ends at v = 0), 17 - 5 = 12 ft past the MLW line; the more landward line governs: 17 ft.
  - fixed dock: min(0.17 * 90 = 15.3, 25) = 15.3 ft, 17 fails; with a boat lift: min(0.20 * 90 = 18, 30) = 18, 17 passes.
* Pembroke Pines (§155.622): a 120-ft canal, the dock 11 ft out: (B) min(0.10 * 120 = 12, 20) = 12 ft, passes;
  a jetty of the far bank 95 ft across, under the dock's span (u = 4 to 8) but not on its axis (u = 0): (A) fails
  (95 < 100), and (B) allows 9.5 ft, so 11 fails.
"""

from __future__ import annotations

import dataclasses
import sys
import warnings

import pytest
from shapely.geometry import LineString

import dockreview
from support.paths import DATA

sys.path.insert(0, str(DATA))
import make_florida_samples as florida  # noqa: E402
import make_town_samples as town  # noqa: E402

CRSS = ("EPSG:26917", "EPSG:2236")
TOL = 0.01


def _notched(site):
    """The Pembroke site with a jetty of the far bank reaching to 95 ft across, from u = 4 to 8 ft."""
    far = town.line((-400.0, 120.0), (4.0, 120.0), (4.0, 95.0), (8.0, 95.0), (8.0, 120.0), (400.0, 120.0))
    layers = {**site.layers, "mhw": [site.layers["mhw"][0], far]}
    return dataclasses.replace(site, folder="pembroke-jetty", layers=layers)


def _no_riprap(site):
    layers = {k: v for k, v in site.layers.items() if k != "bulkhead"}
    return dataclasses.replace(site, folder="collier-no-riprap", layers=layers)


BUILDS = {
    "collier-90": lambda: dataclasses.replace(florida.collier_canal(90.0), folder="collier-90"),
    "collier-90-no-riprap": lambda: _no_riprap(florida.collier_canal(90.0)),
    "collier-120": lambda: dataclasses.replace(florida.collier_canal(120.0), folder="collier-120"),
    "hernando-lift": lambda: dataclasses.replace(florida.hernando_canal(90.0, lift=True), folder="hernando-lift"),
    "hernando-fixed": lambda: dataclasses.replace(florida.hernando_canal(90.0, lift=False), folder="hernando-fixed"),
    "pembroke-120": lambda: dataclasses.replace(florida.pembroke_canal(120.0), folder="pembroke-120"),
    "pembroke-jetty": lambda: _notched(florida.pembroke_canal(120.0)),
}


@pytest.fixture(scope="module", params=CRSS)
def reviews(request, tmp_path_factory):
    """Every site of :data:`BUILDS` written in the CRS and reviewed under its profile, by name."""
    folder = tmp_path_factory.mktemp(request.param.replace(":", "-"))
    saved, town.DATA_DIR = town.DATA_DIR, folder
    try:
        out = {}
        for name, build in BUILDS.items():
            site = build()
            frame = dataclasses.replace(site.frame, crs=request.param)
            path = town.write_site(dataclasses.replace(site, frame=frame)) / "site.toml"
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", dockreview.DockReviewWarning)
                out[name] = dockreview.review(dockreview.load_site(path))
        return out
    finally:
        town.DATA_DIR = saved


def test_collier_90_ft_canal_takes_the_25_percent_tier_from_the_riprap_line(reviews):
    review = reviews["collier-90"]
    narrow, wide = review.check("protrusion-narrow"), review.check("protrusion-wide")
    assert narrow.limit == pytest.approx(22.5, abs=TOL)  # 0.25 * 90
    assert narrow.value == pytest.approx(14.0, abs=TOL) and narrow.status == "pass"  # 9 ft out + 5 ft of rip-rap
    assert "protrusion from the bulkhead" in narrow.message
    assert wide.status == "not-applicable"


def test_a_line_5_ft_landward_of_mhw_makes_the_protrusion_5_ft_larger(reviews):
    without = reviews["collier-90-no-riprap"].check("protrusion-narrow")
    assert without.value == pytest.approx(9.0, abs=TOL)  # the float's seaward edge, from the MHW line (= the parcel's)
    assert reviews["collier-90"].check("protrusion-narrow").value - without.value == pytest.approx(5.0, abs=TOL)


def test_collier_120_ft_waterway_takes_the_20_ft_tier_with_the_moored_vessel(reviews):
    review = reviews["collier-120"]
    wide = review.check("protrusion-wide")
    assert wide.limit == pytest.approx(20.0, abs=TOL)
    assert wide.value == pytest.approx(22.0, abs=TOL) and wide.status == "fail"  # the vessel to v = 17, the rip-rap at -5
    assert review.check("protrusion-narrow").status == "not-applicable"
    assert review.measurements.vessel_reach_ft == pytest.approx(17.0, abs=TOL)


def test_hernando_90_ft_canal_fixed_dock_15_3_ft_with_a_lift_18_ft(reviews):
    fixed, lift = reviews["hernando-fixed"].check("extent-fixed"), reviews["hernando-lift"].check("extent-with-lift")
    assert fixed.limit == pytest.approx(15.3, abs=TOL)  # min(0.17 * 90, 25)
    assert fixed.value == pytest.approx(17.0, abs=TOL) and fixed.status == "fail"
    assert lift.limit == pytest.approx(18.0, abs=TOL)  # min(0.20 * 90, 30)
    assert lift.value == pytest.approx(17.0, abs=TOL) and lift.passes  # 1 ft inside, within the assumed GIS accuracy
    assert reviews["hernando-fixed"].check("extent-with-lift").status == "not-applicable"
    assert reviews["hernando-lift"].check("extent-fixed").status == "not-applicable"


def test_hernando_measures_from_the_more_landward_of_mlw_and_the_property_line(reviews):
    m = reviews["hernando-lift"].measurements
    assert m.mlw_width_square_to_shore_ft == pytest.approx(90.0, abs=TOL)
    assert m.reach_from_mlw_ft == pytest.approx(12.0, abs=TOL) and m.reach_from_property_ft == pytest.approx(17.0, abs=TOL)
    assert "protrusion from the property line" in reviews["hernando-lift"].check("extent-with-lift").message


def test_pembroke_120_ft_allows_12_ft_and_a_95_ft_jetty_anywhere_on_the_span_fails_a(reviews):
    wide, jetty = reviews["pembroke-120"], reviews["pembroke-jetty"]
    assert wide.check("extension").limit == pytest.approx(12.0, abs=TOL)  # min(0.10 * 120, 20)
    assert wide.check("extension").value == pytest.approx(11.0, abs=TOL) and wide.check("extension").passes
    assert wide.check("min-water-width").status == "pass"
    assert jetty.measurements.width_square_to_shore_ft == pytest.approx(120.0, abs=TOL)  # on the dock's axis
    assert jetty.measurements.width_narrowest_ft == pytest.approx(95.0, abs=TOL)
    assert jetty.check("min-water-width").fails
    assert jetty.check("extension").limit == pytest.approx(9.5, abs=TOL) and jetty.check("extension").fails


def test_the_narrowest_section_is_drawn_where_it_was_measured(reviews):
    line = reviews["pembroke-jetty"].layout.width_lines["width_narrowest_ft"]
    assert isinstance(line, LineString)
    assert line.length * reviews["pembroke-jetty"].site.ft_per_unit == pytest.approx(95.0, abs=TOL)


def test_the_collier_sample_60_ft_canal_keeps_a_third_clear_and_the_riprap_governs():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        review = dockreview.review(dockreview.load_site(DATA / "collier-canal" / "site.toml"))
    narrow, clear = review.check("protrusion-narrow"), review.check("canal-navigability")
    assert narrow.value == pytest.approx(14.0, abs=TOL) and narrow.limit == pytest.approx(15.0, abs=TOL)  # 9 + 5; 0.25 * 60
    assert clear.value == pytest.approx(51.0, abs=TOL) and clear.limit == pytest.approx(19.8, abs=TOL)  # 60 - 9; 0.33 * 60
    # 1 ft inside the limit on a canal whose banks are GIS lines of assumed accuracy: the 25 % of the width moves
    # with both banks, the protrusion with the near one; 51 ft of clear water is far from 19.8 ft
    assert (narrow.status, clear.status) == ("conditional-pass", "pass")
    assert narrow.uncertainty > abs(narrow.margin)
