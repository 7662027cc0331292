"""Lots whose water another shore crosses -- a canal's far bank, an island in front -- screened as arrays.

The single-lot functions stop a lot's water and its lines at the first land
across the water (README, "Where the lot's water ends"); the screen now cuts
them the same way as arrays, where before every such lot was reviewed one by
one (a canal community's every lot, at some 5 ms a lot against 0.5).

1. A straight canal 100 ft wide (banks parallel), lots on both banks 120 ft
   deep, fronting alternately 200 ft and 150 ft. Kings Point's setback is the
   greater of 40 % of the frontage and 60 ft: 80 ft and 60 ft. Each lot's
   water is the canal in front of it, a 100-ft strip, so by hand: band width
   200 - 160 = 40 ft and 150 - 120 = 30 ft; envelope 40 x 100 = 4,000 and
   30 x 100 = 3,000 sq ft; greatest reach 100 ft (the far bank, square across).
   Every lot is drawn as arrays. In US survey feet and in metres.
2. A canal narrowing from 100 to 60 ft (its north bank at a slant), an island
   in front of a coast's lots, and a jetty drawn from the coast into the
   water: every lot has the figures of the single-lot functions
   (``lot_envelope``), the lots near the jetty (where they read the shore as a
   network) left to them, the others drawn as arrays.
"""

from __future__ import annotations

import warnings

import geopandas as gpd
import numpy as np
import pytest
import shapely
from pyproj import CRS
from shapely import affinity

from dockreview.batch.layers import ScreenLayers
from dockreview.batch.screen import screen
from dockreview.errors import DockReviewWarning
from dockreview.inputs import crs as crs_mod
from dockreview.measure.envelope import lot_envelope
from dockreview.profile import load_profile
from dockreview.rules import ruleset

ORIGINS = {"EPSG:2263": (1_050_000.0, 220_000.0, 1.0), "EPSG:32618": (600_000.0, 4_520_000.0, 0.3048)}
WIDTH_FT, DEPTH_FT = 100.0, 120.0
FRONTAGES_FT = (200.0, 150.0)


def _layers(crs: str, lots: list, lines: list) -> ScreenLayers:
    x0, y0, unit = ORIGINS[crs]

    def place(g):
        return affinity.translate(affinity.scale(affinity.rotate(g, 25, origin=(0, 0)), unit, unit, origin=(0, 0)), x0, y0)

    working = CRS.from_user_input(crs)
    parcels = gpd.GeoDataFrame({"PARCEL_ID": [f"L{k}" for k in range(len(lots))]}, geometry=[place(g) for g in lots], crs=working)
    return ScreenLayers(parcels, shapely.MultiLineString([place(g) for g in lines]), None, None, working, crs_mod.feet_per_unit(working))


def _canal(crs: str) -> tuple[ScreenLayers, list[float]]:
    """Lots on both banks of a straight canal 100 ft wide: the layers, and each lot's frontage."""
    lots, frontages = [], []
    for bank_y, sign in ((0.0, -1.0), (WIDTH_FT, 1.0)):
        x = 0.0
        for k in range(8):
            f = FRONTAGES_FT[k % 2]
            lots.append(shapely.box(x, min(bank_y, bank_y + sign * DEPTH_FT), x + f, max(bank_y, bank_y + sign * DEPTH_FT)))
            frontages.append(f)
            x += f
    banks = [shapely.LineString([(-400.0, 0.0), (1800.0, 0.0)]), shapely.LineString([(-400.0, WIDTH_FT), (1800.0, WIDTH_FT)])]
    return _layers(crs, lots, banks), frontages


def _mixed(crs: str) -> ScreenLayers:
    """A narrowing canal's south bank, a coast with an island in front, and a jetty off that coast."""
    lots, lines = [], []
    # the canal: south bank y = 0, north bank from (−400, 100) to (1800, 40)
    for k in range(6):
        lots.append(shapely.box(200.0 * k, -DEPTH_FT, 200.0 * (k + 1), 0.0))
    lines += [shapely.LineString([(-400.0, 0.0), (1800.0, 0.0)]), shapely.LineString([(-400.0, 100.0), (1800.0, 40.0)])]
    # a coast 3,000 ft south, its water to the south; an island 80 ft off it; a jetty 200 ft long at x = 1,400
    coast_y = -3000.0
    for k in range(8):
        lots.append(shapely.box(200.0 * k, coast_y, 200.0 * (k + 1), coast_y + DEPTH_FT))
    lines.append(shapely.LineString([(-400.0, coast_y), (2200.0, coast_y)]))
    lines.append(shapely.Point(500.0, coast_y - 140.0).buffer(60.0, quad_segs=16).exterior)
    lines.append(shapely.LineString([(1400.0, coast_y), (1400.0, coast_y - 200.0)]))
    return _layers(crs, lots, lines)


def _one_lot(layers: ScreenLayers, lot, rules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        return lot_envelope(lot, layers.mhw, ft_per_unit=layers.ft_per_unit, rules=rules)


def _screened(layers: ScreenLayers, caplog) -> tuple[object, int]:
    with caplog.at_level("INFO", logger="dockreview"):
        table = screen(layers, profile=ruleset(load_profile()), id_field="PARCEL_ID", workers=1).parcels.set_index("parcel_id")
    left = sum(int(r.getMessage().split()[0]) for r in caplog.records if "measured one by one" in r.getMessage())
    return table, left


@pytest.mark.parametrize("crs", list(ORIGINS))
def test_canal_lots_have_the_hand_figures_and_are_drawn_as_arrays(crs, caplog):
    layers, frontages = _canal(crs)
    table, left = _screened(layers, caplog)
    assert left == 0
    for k, f in enumerate(frontages):
        got = table.loc[f"L{k}"]
        setback = max(0.4 * f, 60.0)
        assert got["frontage_ft"] == pytest.approx(f, abs=0.01)
        assert got["required_setback_ft"] == pytest.approx(setback, abs=0.01)
        assert got["band_width_ft"] == pytest.approx(f - 2 * setback, abs=0.01)
        assert got["envelope_area_sqft"] == pytest.approx((f - 2 * setback) * WIDTH_FT, abs=0.1)
        assert got["greatest_reach_ft"] == pytest.approx(WIDTH_FT, abs=0.01)


@pytest.mark.parametrize("crs", list(ORIGINS))
def test_far_shores_cut_as_the_one_lot_review_cuts_them(crs, caplog):
    layers = _mixed(crs)
    rules = ruleset(load_profile())
    table, left = _screened(layers, caplog)
    assert 0 < left < 8  # the lots near the jetty, and no others
    areas = []
    for row, lot in enumerate(layers.parcels.geometry.values):
        env = _one_lot(layers, lot, rules)
        got = table.loc[f"L{row}"]
        assert got["frontage_ft"] == pytest.approx(env.frontage_ft, abs=0.01), row
        assert got["band_width_ft"] == pytest.approx(env.band_width_ft, abs=0.01), row
        assert got["greatest_reach_ft"] == pytest.approx(env.greatest_reach_ft, abs=0.01), row
        assert got["envelope_area_sqft"] == pytest.approx(env.area_sqft, abs=0.1), row
        areas.append(got["envelope_area_sqft"])
    canal = np.array(areas[:6])
    assert (np.diff(canal) < 0).all()  # the canal narrows eastward: each lot's water smaller than the last's
