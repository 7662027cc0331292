"""8. The dock's elevation against the adjacent properties' (Art. VIII, waivers), on a plane DEM, by hand.

The site (support.demgen.plane_site): three 200-ft lots on a straight shore v = 0,
the subject in the middle (u -100..100), 2-105-32 on its left (u -300..-100) and
2-105-34 on its right (u 100..300); the left lot's dwelling is the 80 x 40 ft footprint
u -240..-160, v -90..-50 (a shed beside it is smaller), the right lot's u 160..240,
v -110..-70. The DEM is the plane z = 2 m + 0.05 (distance landward of the shore)
+ 0.01 u, so in feet z = 2 / 0.3048 + 0.05 (-v) + 0.01 u. MHW is 6.5 ft in the DEM's
datum ([datums] mhw_ft) and the deck 5.0 ft above it: 11.5 ft.

By hand, the frontage sampled 5 ft landward (v = -5) from u = -300 to -100 every 5 ft
(41 points) lies at 0.25 + 0.01 u above 2 / 0.3048: lowest at u = -300, median at
u = -200, highest at u = -100. The dwelling's outline: lowest at its seaward corner
toward -u (v = -50, u = -240), highest at its landward corner toward +u (v = -90,
u = -160), median at its centre (the outline's points are symmetric about it and the
plane is linear).
"""

from __future__ import annotations

import json
import math
import warnings

import geopandas as gpd
import numpy as np
import pyogrio
import pytest
import shapely
from click.testing import CliRunner

import dockreview
from dockreview.cli import main
from dockreview.evidence import FRONTAGE_INSET_FT, FRONTAGE_STEP_FT, gather, layers, report_rows
from support.demgen import LEFT_ID, RIGHT_ID, plane_site, sloped_plane_ft
from support.sitegen import frame_in

BASE = 2.0 / 0.3048
MHW_FT, DECK_FT = 6.5, 5.0
DECK = MHW_FT + DECK_FT
#: Each adjoining lot's figures by hand: (frontage lowest, median, highest), (dwelling lowest, median, highest).
EXPECTED = {
    LEFT_ID: ((BASE + 0.25 - 3.0, BASE + 0.25 - 2.0, BASE + 0.25 - 1.0), (BASE + 2.5 - 2.4, BASE + 3.5 - 2.0, BASE + 4.5 - 1.6)),
    RIGHT_ID: ((BASE + 0.25 + 1.0, BASE + 0.25 + 2.0, BASE + 0.25 + 3.0), (BASE + 3.5 + 1.6, BASE + 4.5 + 2.0, BASE + 5.5 + 2.4)),
}
TOL = 1e-4  # ft: EPSG:2263's US survey foot moves the 5-ft inset by 1e-5 ft, and 0.05 of that is nothing


def _evidence(site):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return gather(dockreview.review(dockreview.load_site(site.manifest)))


def _lots(measure):
    return {lot["parcel_id"]: lot for lot in measure.values["lots"]}


@pytest.fixture(scope="module", params=[("EPSG:2263", "EPSG:26918", "m"), ("EPSG:26918", "EPSG:2263", "us-ft")],
                ids=["site-ftUS-dem-utm-m", "site-utm-dem-ftUS"])
def plane(request, tmp_path_factory):
    crs, dem_crs, unit = request.param
    site = plane_site(tmp_path_factory.mktemp("plane") / "site", crs, dem_crs=dem_crs, unit=unit,
                      cell=2.0 if dem_crs == "EPSG:26918" else 6.0, mhw_ft=MHW_FT, deck_ft=DECK_FT)
    return crs, site, _evidence(site)


def test_the_plane_is_sampled_as_computed_by_hand(plane):
    _, _, evidence = plane
    m = evidence.elevation
    assert m.status == "measured" and m.needs == () and m.unmeasured == (), m.needs
    assert m.values["vertical_datum"] == "NAVD88"
    assert m.values["mhw_elevation_ft"] == MHW_FT and m.values["deck_elevation_ft"] == pytest.approx(DECK)
    lots = _lots(m)
    assert set(lots) == {LEFT_ID, RIGHT_ID} and m.values["lot_count"] == 2
    for pid, ((f_low, f_med, f_high), (d_low, d_med, d_high)) in EXPECTED.items():
        lot = lots[pid]
        assert lot["frontage_points"] == 200 / FRONTAGE_STEP_FT + 1 and lot["frontage_points_nodata"] == 0
        assert lot["frontage_ground_lowest_ft"] == pytest.approx(f_low, abs=TOL)
        assert lot["frontage_ground_median_ft"] == pytest.approx(f_med, abs=TOL)
        assert lot["frontage_ground_highest_ft"] == pytest.approx(f_high, abs=TOL)
        assert lot["dwelling_points"] == 240 and lot["dwelling_points_nodata"] == 0  # 240 ft of walls every 1 ft
        assert lot["dwelling_lowest_adjacent_grade_ft"] == pytest.approx(d_low, abs=TOL)
        assert lot["dwelling_ground_median_ft"] == pytest.approx(d_med, abs=TOL)
        assert lot["dwelling_ground_highest_ft"] == pytest.approx(d_high, abs=TOL)
        assert lot["deck_above_frontage_ft"] == pytest.approx(DECK - f_med, abs=TOL)
        assert lot["deck_above_dwelling_ft"] == pytest.approx(DECK - d_low, abs=TOL)
    # in numbers: the deck 11.5 ft stands 6.69 ft above the left lot's frontage and 0.16 ft below the right dwelling's grade
    assert lots[LEFT_ID]["deck_above_frontage_ft"] == pytest.approx(6.6883, abs=1e-3)
    assert lots[RIGHT_ID]["deck_above_dwelling_ft"] == pytest.approx(-0.1617, abs=1e-3)


def test_the_frontage_points_lie_5_ft_landward_on_the_lot_and_carry_the_plane(plane):
    crs, _, evidence = plane
    frame = frame_in(crs)
    points = layers(evidence)["evidence_elevation_points"]
    frontage = points[(points["along"] == "frontage") & (points["parcel_id"] == LEFT_ID)]
    uv = np.array([frame.local(p.x, p.y) for p in frontage.geometry])
    assert uv[:, 1] == pytest.approx(np.full(len(uv), -FRONTAGE_INSET_FT), abs=1e-3)
    assert sorted(uv[:, 0]) == pytest.approx(np.arange(-300.0, -99.0, FRONTAGE_STEP_FT), abs=1e-3)
    assert frontage["ground_ft"].to_numpy() == pytest.approx([sloped_plane_ft(u, v) for u, v in uv], abs=TOL)
    assert set(points["vertical_datum"]) == {"NAVD88"}
    dwelling = points[(points["along"] == "dwelling") & (points["parcel_id"] == RIGHT_ID)]
    uv = np.array([frame.local(p.x, p.y) for p in dwelling.geometry])
    assert uv[:, 0].min() == pytest.approx(160.0, abs=1e-3) and uv[:, 1].max() == pytest.approx(-70.0, abs=1e-3)
    assert dwelling["ground_ft"].to_numpy() == pytest.approx([sloped_plane_ft(u, v) for u, v in uv], abs=TOL)


def test_the_dwellings_are_the_largest_footprints_and_reach_the_geopackage(plane):
    crs, _, evidence = plane
    frame = frame_in(crs)
    dwellings = layers(evidence)["evidence_elevation_dwellings"]
    assert sorted(dwellings["parcel_id"]) == [LEFT_ID, RIGHT_ID]
    left = dwellings[dwellings["parcel_id"] == LEFT_ID].iloc[0]
    assert left.geometry.area * evidence.ft_per_unit**2 == pytest.approx(80 * 40, rel=1e-4), "the dwelling, not the shed"
    centre = frame.local(left.geometry.centroid.x, left.geometry.centroid.y)
    assert centre == pytest.approx((-200.0, -70.0), abs=1e-3)
    assert left["dwelling_lowest_adjacent_grade_ft"] == pytest.approx(EXPECTED[LEFT_ID][1][0], abs=TOL)


def test_the_report_rows_give_the_figures_and_the_datum(plane):
    _, _, evidence = plane
    rows = {label: (text, method) for label, text, method in report_rows(evidence) if label.startswith(evidence.elevation.title)}
    deck_text, method = rows[f"{evidence.elevation.title}: deck"]
    assert deck_text == "11.5 ft NAVD88 (MHW 6.5 ft NAVD88 + 5.0 ft)"
    assert "bilinear" in method and "lowest adjacent grade" in method and "5 ft landward" in method
    left = rows[f"{evidence.elevation.title}: parcel {LEFT_ID} (left)"][0]
    f_low, f_med, f_high = (f"{v:.1f}" for v in EXPECTED[LEFT_ID][0])
    assert f"ground along its frontage {f_low} to {f_high} ft NAVD88 (median {f_med}), the deck 6.7 ft above it" in left
    right = rows[f"{evidence.elevation.title}: parcel {RIGHT_ID} (right)"][0]
    assert "its dwelling's lowest adjacent grade 11.7 ft NAVD88 (median 13.1, highest 14.5), the deck 0.2 ft below it" in right
    assert not any(label.endswith("missing") for label in rows)


def test_without_the_dem_the_ground_is_null_and_the_deck_still_placed(tmp_path):
    evidence = _evidence(plane_site(tmp_path / "s", "EPSG:2263", dem=False))
    m = evidence.elevation
    assert m.status == "needs-data" and m.needs[0].startswith("layers.elevation")
    assert m.values["deck_elevation_ft"] == pytest.approx(DECK), "MHW's elevation and the deck's height are given"
    assert m.values["vertical_datum"] == "NAVD88" and m.values["dem_unit"] is None
    for lot in m.values["lots"]:
        for figure in ("frontage_ground_lowest_ft", "frontage_ground_median_ft", "dwelling_lowest_adjacent_grade_ft",
                       "deck_above_frontage_ft", "deck_above_dwelling_ft", "frontage_points_nodata"):
            assert lot[figure] is None, (lot["parcel_id"], figure)
        assert lot["dwelling"] is not None, "the dwelling is found without the DEM"
    assert "frontage_ground_median_ft" in m.unmeasured and "deck_above_dwelling_ft" in m.unmeasured
    assert json.loads(json.dumps(m.to_dict(), allow_nan=False))["status"] == "needs-data"
    assert "evidence_elevation_points" not in layers(evidence)


def test_without_mhw_in_the_dems_datum_the_deck_is_not_compared(tmp_path):
    evidence = _evidence(plane_site(tmp_path / "s", "EPSG:2263", mhw_ft=None))
    m = evidence.elevation
    assert m.status == "needs-data" and len(m.needs) == 1 and m.needs[0].startswith("datums.mhw_ft")
    assert "NAVD88" in m.needs[0]
    assert m.values["deck_elevation_ft"] is None and m.values["mhw_elevation_ft"] is None
    lot = _lots(m)[LEFT_ID]
    assert lot["frontage_ground_median_ft"] == pytest.approx(EXPECTED[LEFT_ID][0][1], abs=TOL), "the ground is still measured"
    assert lot["deck_above_frontage_ft"] is None and lot["deck_above_dwelling_ft"] is None
    rows = [text for label, text, _ in report_rows(evidence) if label == f"{m.title}: deck"]
    assert rows == ["5.0 ft above MHW; MHW's elevation in NAVD88 not given"]


def test_nodata_cells_are_counted_and_never_read(tmp_path):
    """Nodata where u < -262.5 (left of the left lot's frontage point at u = -260) and over the right lot's dwelling.

    The DEM is in the site's CRS with 2-ft cells, so a point 2.5 ft or more inside the nodata
    reads none, and one 2.5 ft or more outside it reads the plane bilinearly.
    """
    def hole(u, v):
        return (u < -262.5) | ((u > 140.0) & (v < -60.0))

    evidence = _evidence(plane_site(tmp_path / "s", "EPSG:2263", dem_crs="EPSG:2263", unit="ft", cell=2.0,
                                    z=lambda u, v: BASE + 0.05 * (-v) + 0.01 * u, nodata_where=hole))
    m = evidence.elevation
    lots = _lots(m)
    left, right = lots[LEFT_ID], lots[RIGHT_ID]
    assert left["frontage_points_nodata"] == 8  # u = -300, -295, ..., -265
    assert left["frontage_ground_lowest_ft"] == pytest.approx(BASE + 0.25 - 2.6, abs=TOL)  # u = -260
    assert left["frontage_ground_median_ft"] == pytest.approx(BASE + 0.25 - 1.8, abs=TOL)  # u = -180 of -260..-100
    assert left["frontage_ground_highest_ft"] == pytest.approx(BASE + 0.25 - 1.0, abs=TOL)
    assert right["dwelling_points_nodata"] == right["dwelling_points"] == 240
    assert right["dwelling_lowest_adjacent_grade_ft"] is None and right["deck_above_dwelling_ft"] is None
    assert right["frontage_ground_median_ft"] == pytest.approx(EXPECTED[RIGHT_ID][0][1], abs=TOL)
    assert m.status == "needs-data"
    assert any(n.startswith(f"layers.elevation covering parcel {LEFT_ID}'s frontage (8 of 41 points") for n in m.needs), m.needs
    assert any(n.startswith(f"layers.elevation covering parcel {RIGHT_ID}'s dwelling (240 of 240 points") for n in m.needs)
    points = layers(evidence)["evidence_elevation_points"]
    nulls = points[points["ground_ft"].isna()]
    assert len(nulls) == 8 + 240 and not any(math.isclose(v, 0.0) for v in points["ground_ft"].dropna()), "never 0"


def test_a_lot_without_a_building_has_no_dwelling_figures(tmp_path):
    site = plane_site(tmp_path / "s", "EPSG:2263")
    frame = gpd.read_file(site.dir / "site.gpkg", layer="buildings")
    frame[frame["USE"] != "right dwelling"].to_file(site.dir / "site.gpkg", layer="buildings", driver="GPKG", engine="pyogrio")
    evidence = _evidence(site)
    right = _lots(evidence.elevation)[RIGHT_ID]
    assert right["dwelling"] is None and right["dwelling_points"] is None and right["dwelling_lowest_adjacent_grade_ft"] is None
    assert evidence.elevation.status == "measured", "a lot with no building is a fact, not missing data"
    text = [t for label, t, _ in report_rows(evidence) if label == f"{evidence.elevation.title}: parcel {RIGHT_ID} (right)"]
    assert "no building on the lot" in text[0]


def test_the_cli_json_carries_the_measure(tmp_path):
    site = plane_site(tmp_path / "s", "EPSG:2263", dem_crs="EPSG:26918")
    result = CliRunner().invoke(main, ["check", str(site.manifest), "--json", "-", "--gpkg", str(tmp_path / "r.gpkg")])
    assert result.exit_code in (0, 1, 3), result.output
    doc = json.loads(result.stdout)["evidence"]["elevation"]
    assert doc["status"] == "measured" and doc["method"].startswith("The ground's elevation from the DEM")
    lot = next(lot for lot in doc["lots"] if lot["parcel_id"] == LEFT_ID)
    assert lot["dwelling_lowest_adjacent_grade_ft"] == pytest.approx(EXPECTED[LEFT_ID][1][0], abs=TOL)
    names = {name for name, _ in pyogrio.list_layers(tmp_path / "r.gpkg")}
    assert {"evidence_elevation_points", "evidence_elevation_dwellings"} <= names


def test_the_subject_lots_ground_is_not_an_adjacent_propertys(plane):
    """Only the adjoining lots are measured: the subject's house is not a neighbour's dwelling."""
    crs, _, evidence = plane
    frame = frame_in(crs)
    dwellings = layers(evidence)["evidence_elevation_dwellings"]
    centres = [frame.local(g.centroid.x, g.centroid.y) for g in dwellings.geometry]
    assert not any(shapely.Point(c).within(shapely.box(-100, -150, 100, 0)) for c in centres)
