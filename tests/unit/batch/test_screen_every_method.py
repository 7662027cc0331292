"""The screen draws every riparian method it takes as arrays, with the one-lot review's figures; ``screen --methods``.

1. On a synthetic county (dockreview.testing.counties: 240 parcels, 120 of them on a
   wavy shore, with channels and T docks), stored in US survey feet (EPSG:2263) and in
   metres (EPSG:32618), the screen under ``extended-side-lines``,
   ``perpendicular-to-trend`` and ``colonial`` gives every waterfront lot the figures of
   the single-lot functions (``lot_envelope``: ``riparian_geometry`` with the envelope,
   the parcels layer given for the neighbours' corners) to 0.01 ft and 0.1 sq ft, and
   draws the lots as arrays (at most the few lots with a bent side line are left to the
   single-lot functions).
2. ``round-lake``: on the county's open coasts the MHW line closes around no water, and
   every waterfront lot is not reviewed, for the single-lot functions' reason. On a
   round lake (a 120-gon of radius 600 ft, 12 lots of 30 degrees each, their side lines
   radial, an island of radius 60 ft 200 ft east and 100 ft north of the centre) each
   lot's frontage is ten chords of 3 degrees, 10 x 2 x 600 sin 1.5 = 314.12 ft, and the
   figures are the single-lot functions' (the lines run to the centroid of the lake less
   the island, whose pull the envelope areas show).
3. ``screen --methods`` on three lots of a straight shore built so that the answer is
   known by hand. The middle lot (L1) fronts 110 ft; its side lines lean 30 degrees
   outward seaward, so Kings Point's setback is max(40 % of 110, 60) = 60 ft. Square to
   the shore (the trend, and the colonial bisector of chords lying along a straight
   shore) its lines are 110 ft apart: 60 + 60 ft of setback leave nothing. Extended, its
   lines diverge from a point 55 / tan 30 = 95.3 ft behind the shore; a point on the
   axis s ft from that apex lies s sin 30 from each line, clear of both beyond s = 120 ft,
   24.7 ft out from the shore, within the 200-ft reach: a dock fits under extended side
   lines alone. L0 fronts 200 ft (setback 80 ft), its right side line shared with L1;
   extended, 200 - 80 - 80 / cos 30 = 27.6 ft of its frontage stay clear, square to
   the shore 200 - 80 - 80 = 40 ft: a dock fits under all three methods.
"""

from __future__ import annotations

import dataclasses
import math
import warnings

import geopandas as gpd
import numpy as np
import pandas as pd
import pytest
import shapely
from click.testing import CliRunner
from pyproj import CRS
from shapely import affinity

from dockreview.batch.kernel import MhwIndex, waterfront_parts
from dockreview.batch.layers import ScreenLayers
from dockreview.batch.screen import screen
from dockreview.cli import main
from dockreview.errors import DockReviewWarning, SiteDataError
from dockreview.inputs import crs as crs_mod
from dockreview.measure.envelope import lot_envelope
from dockreview.profile import load_profile
from dockreview.rules import ruleset
from dockreview.testing.counties import county

METHODS = ("extended-side-lines", "perpendicular-to-trend", "colonial")
LENGTHS = ("frontage_ft", "required_setback_ft", "band_width_ft", "greatest_reach_ft", "reach_limit_ft")
CRSS = ("EPSG:2263", "EPSG:32618")


def _profile(method: str):
    base = load_profile()
    return ruleset(dataclasses.replace(base, settings={**base.settings, "riparian": {**base.settings.get("riparian", {}), "method": method}}))


@pytest.fixture(scope="module", params=CRSS)
def stored(request):
    """The county in the CRS asked for: its layers as the screen takes them, and as the single-lot functions do."""
    c = county(240, seed=11)
    working = CRS.from_user_input(request.param)
    parcels, mhw_frame, channels = (frame.to_crs(working) for frame in (c.parcels, c.mhw, c.channels))
    docks = c.docks.to_crs(working).dissolve(by="dock_id", as_index=False)
    mhw = shapely.line_merge(shapely.union_all(mhw_frame.geometry.values))
    ft = crs_mod.feet_per_unit(working)
    return ScreenLayers(parcels, mhw, channels, docks, working, ft)


def _one_lot(layers: ScreenLayers, lot, method: str, rules):
    ft = layers.ft_per_unit
    near = lot.buffer(3 * lot.length + 1000.0 / ft)
    mhw = shapely.clip_by_rect(layers.mhw, *near.bounds)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        return lot_envelope(
            lot, mhw, ft_per_unit=ft, rules=rules, channels=layers.channels.geometry.values, docks=layers.docks.geometry.values,
            method=method, parcels=layers.parcels.geometry.values if method == "colonial" else None,
        )


@pytest.mark.parametrize("method", METHODS)
def test_every_lot_has_the_one_lot_reviews_figures(stored, method):
    rules = _profile(method)
    table = screen(stored, profile=rules, id_field="PARCEL_ID", workers=1).parcels.set_index("parcel_id")
    lots = waterfront_parts(stored.parcels.geometry.values, MhwIndex(stored.mhw), 5.0 / stored.ft_per_unit)
    compared = 0
    for row in np.flatnonzero(lots.fronts):
        env = _one_lot(stored, lots.polygon[row], method, rules)
        got = table.loc[stored.parcels["PARCEL_ID"].iloc[row]]
        want = {
            "frontage_ft": env.frontage_ft, "required_setback_ft": env.required_setback_ft, "band_width_ft": env.band_width_ft,
            "greatest_reach_ft": env.greatest_reach_ft, "reach_limit_ft": env.reach_limit_ft,
        }
        for name in LENGTHS:
            assert got[name] == pytest.approx(want[name], abs=0.01), (row, name)
        assert got["envelope_area_sqft"] == pytest.approx(env.area_sqft, abs=0.1), row
        compared += 1
    assert compared == 120


@pytest.mark.parametrize("method", METHODS)
def test_the_lots_are_drawn_as_arrays(stored, method, caplog):
    with caplog.at_level("INFO", logger="dockreview"):
        screen(stored, profile=_profile(method), workers=1)
    one_by_one = sum(int(r.getMessage().split()[0]) for r in caplog.records if "measured one by one" in r.getMessage())
    assert one_by_one <= 6


def test_round_lake_on_an_open_coast_reviews_no_lot(stored):
    table = screen(stored, profile=_profile("round-lake"), id_field="PARCEL_ID", workers=1).parcels
    fronting = table[table["fronts_mhw"]]
    assert len(fronting) == 120
    lot = waterfront_parts(stored.parcels.geometry.values, MhwIndex(stored.mhw), 5.0 / stored.ft_per_unit).polygon[0]
    with pytest.raises(SiteDataError) as refused:
        _one_lot(stored, lot, "round-lake", _profile("round-lake"))
    assert (fronting["reasons"] == f"not reviewed: {refused.value}").all()


def _lake(crs: str, island: bool) -> ScreenLayers:
    x0, y0, unit = ORIGINS[crs]
    angles = np.radians(np.arange(0.0, 360.0, 3.0))
    ring = np.c_[600.0 * np.cos(angles), 600.0 * np.sin(angles)]
    lines = [shapely.LineString(np.vstack([ring, ring[:1]]))]
    if island:
        a = np.radians(np.arange(0.0, 360.0, 10.0))
        isle = np.c_[200.0 + 60.0 * np.cos(a), 100.0 + 60.0 * np.sin(a)]
        lines.append(shapely.LineString(np.vstack([isle, isle[:1]])))
    lots = []
    for k in range(12):
        arc = np.radians(np.arange(30.0 * k, 30.0 * k + 30.1, 3.0))
        back = arc[[-1, 0]]
        lots.append(shapely.Polygon(np.vstack([np.c_[600 * np.cos(arc), 600 * np.sin(arc)], np.c_[800 * np.cos(back), 800 * np.sin(back)]])))

    def place(g):
        return affinity.translate(affinity.scale(affinity.rotate(g, 25, origin=(0, 0)), unit, unit, origin=(0, 0)), x0, y0)

    working = CRS.from_user_input(crs)
    parcels = gpd.GeoDataFrame({"PARCEL_ID": [f"L{k}" for k in range(12)]}, geometry=[place(g) for g in lots], crs=working)
    mhw = shapely.line_merge(shapely.MultiLineString([place(g) for g in lines]))
    return ScreenLayers(parcels, mhw, None, None, working, crs_mod.feet_per_unit(working))


@pytest.mark.parametrize("crs", CRSS)
@pytest.mark.parametrize("island", [False, True])
def test_round_lake_lots_have_the_one_lot_reviews_figures(crs, island):
    layers = _lake(crs, island)
    rules = _profile("round-lake")
    table = screen(layers, profile=rules, id_field="PARCEL_ID", workers=1).parcels.set_index("parcel_id")
    areas = []
    for row, lot in enumerate(layers.parcels.geometry.values):
        ft = layers.ft_per_unit
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            env = lot_envelope(lot, layers.mhw, ft_per_unit=ft, rules=rules, method="round-lake")
        got = table.loc[f"L{row}"]
        assert got["frontage_ft"] == pytest.approx(10 * 2 * 600 * math.sin(math.radians(1.5)), abs=0.01)
        assert got["band_width_ft"] == pytest.approx(env.band_width_ft, abs=0.01)
        assert got["greatest_reach_ft"] == pytest.approx(env.greatest_reach_ft, abs=0.01)
        assert got["envelope_area_sqft"] == pytest.approx(env.area_sqft, abs=0.1)
        areas.append(got["envelope_area_sqft"])
    assert (np.ptp(areas) > 1.0) == island  # the island pulls the centre off the lake's middle


# ---------------------------------------------------------------------------
# screen --methods
# ---------------------------------------------------------------------------
ORIGINS = {"EPSG:2263": (1_050_000.0, 220_000.0, 1.0), "EPSG:32618": (600_000.0, 4_520_000.0, 0.3048)}
DEPTH = 80.0


def _constructed(folder, crs: str):
    """L0 (200 ft), L1 (110 ft, its sides leaning 30 degrees outward seaward), L2 (200 ft) on a straight shore."""
    x0, y0, unit = ORIGINS[crs]
    lean = DEPTH * math.tan(math.radians(30.0))
    lots = [
        shapely.Polygon([(-200, 0), (0, 0), (lean, -DEPTH), (-200, -DEPTH)]),
        shapely.Polygon([(0, 0), (110, 0), (110 - lean, -DEPTH), (lean, -DEPTH)]),
        shapely.Polygon([(110, 0), (310, 0), (310, -DEPTH), (110 - lean, -DEPTH)]),
    ]
    mhw = shapely.LineString([(-600, 0), (700, 0)])

    def place(g):
        return affinity.translate(affinity.scale(affinity.rotate(g, 25, origin=(0, 0)), unit, unit, origin=(0, 0)), x0, y0)

    path = folder / f"shore-{crs.replace(':', '')}.gpkg"
    gpd.GeoDataFrame({"PARCEL_ID": ["L0", "L1", "L2"]}, geometry=[place(g) for g in lots], crs=crs).to_file(path, layer="parcels")
    gpd.GeoDataFrame(geometry=[place(mhw)], crs=crs).to_file(path, layer="mhw")
    return path


@pytest.mark.parametrize("crs", CRSS)
def test_methods_counts_the_methods_under_which_a_dock_fits(tmp_path, crs):
    layers = _constructed(tmp_path, crs)
    out = tmp_path / "methods.gpkg"
    run = CliRunner().invoke(main, [
        "-q", "screen", "--parcels", f"{layers}:parcels", "--mhw", f"{layers}:mhw", "--id-field", "PARCEL_ID", "--methods",
        "-o", str(out),
    ])
    assert run.exit_code == 0, run.output
    table = pd.read_csv(out.with_suffix(".csv")).set_index("parcel_id")
    assert table.loc["L1", "methods_with_dock"] == 1
    assert table.loc["L1", "methods_with_dock_names"] == "extended-side-lines"
    assert table.loc["L0", "methods_with_dock"] == 3
    assert table.loc["L0", "methods_with_dock_names"] == "extended-side-lines, perpendicular-to-trend, colonial"


def test_the_plain_screen_has_no_methods_columns(tmp_path):
    layers = _constructed(tmp_path, "EPSG:2263")
    out = tmp_path / "plain.gpkg"
    run = CliRunner().invoke(main, ["-q", "screen", "--parcels", f"{layers}:parcels", "--mhw", f"{layers}:mhw", "-o", str(out)])
    assert run.exit_code == 0, run.output
    assert not {"methods_with_dock", "methods_with_dock_names"} & set(pd.read_csv(out.with_suffix(".csv")).columns)
