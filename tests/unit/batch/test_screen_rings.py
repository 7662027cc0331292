"""Lots on a closed MHW ring -- round a lake, or on an island -- screened as arrays, with the one-lot review's figures.

The shore is a 120-gon of radius 600 ft (a vertex every 3 degrees); twelve
lots of 30 degrees each stand on it, their side lines radial, 200 ft deep:
outside the ring round a lake (land outside, the side lines converging on
its centre), inside it on an island (land inside, the side lines spreading
seaward). Each lot fronts ten chords of 3 degrees, 10 x 2 x 600 sin 1.5 =
314.12 ft, known by construction. The layers are stored in US survey feet
(EPSG:2263) and in metres (EPSG:32618).

1. Under extended side lines every lot has the figures of the single-lot
   functions (``lot_envelope``) to 0.01 ft and 0.1 sq ft, and is drawn as
   arrays: no lot is left to the single-lot functions (before, a lot whose
   corners lay on a closed ring always was, at some 6 ms a lot against 0.5).
2. Under the methods that leave a ring's lots to the single-lot functions
   (perpendicular to the trend, colonial), the screen gives the same
   figures, and ``screen --methods`` runs: with no lot left to draw as arrays
   in a chunk, the trend's construction was asked to draw none and failed
   ("operands could not be broadcast together").
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

from dockreview.batch.layers import ScreenLayers
from dockreview.batch.screen import screen
from dockreview.cli import main
from dockreview.errors import DockReviewWarning
from dockreview.inputs import crs as crs_mod
from dockreview.measure.envelope import lot_envelope
from dockreview.profile import load_profile
from dockreview.rules import ruleset

RADIUS_FT, DEPTH_FT = 600.0, 200.0
FRONTAGE_FT = 10 * 2 * RADIUS_FT * math.sin(math.radians(1.5))
ORIGINS = {"EPSG:2263": (1_050_000.0, 220_000.0, 1.0), "EPSG:32618": (600_000.0, 4_520_000.0, 0.3048)}


def _rules(method: str):
    base = load_profile()
    return ruleset(dataclasses.replace(base, settings={**base.settings, "riparian": {**base.settings.get("riparian", {}), "method": method}}))


def _ring_lots(crs: str, where: str) -> ScreenLayers:
    """Twelve lots round a lake (``where="lake"``) or on an island (``"island"``), in ``crs``."""
    x0, y0, unit = ORIGINS[crs]
    angles = np.radians(np.arange(0.0, 360.0, 3.0))
    ring = np.c_[RADIUS_FT * np.cos(angles), RADIUS_FT * np.sin(angles)]
    back_radius = RADIUS_FT + DEPTH_FT if where == "lake" else RADIUS_FT - DEPTH_FT
    lots = []
    for k in range(12):
        arc = np.radians(np.arange(30.0 * k, 30.0 * k + 30.1, 3.0))
        back = arc[[-1, 0]]
        front = np.c_[RADIUS_FT * np.cos(arc), RADIUS_FT * np.sin(arc)]
        lots.append(shapely.Polygon(np.vstack([front, np.c_[back_radius * np.cos(back), back_radius * np.sin(back)]])))

    def place(g):
        return affinity.translate(affinity.scale(affinity.rotate(g, 25, origin=(0, 0)), unit, unit, origin=(0, 0)), x0, y0)

    working = CRS.from_user_input(crs)
    parcels = gpd.GeoDataFrame({"PARCEL_ID": [f"L{k}" for k in range(12)]}, geometry=[place(g) for g in lots], crs=working)
    mhw = place(shapely.LineString(np.vstack([ring, ring[:1]])))
    return ScreenLayers(parcels, mhw, None, None, working, crs_mod.feet_per_unit(working))


def _one_lot(layers: ScreenLayers, lot, rules, method: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        return lot_envelope(
            lot, layers.mhw, ft_per_unit=layers.ft_per_unit, rules=rules, method=method,
            parcels=layers.parcels.geometry.values if method == "colonial" else None,
        )


def _assert_one_lot_figures(layers: ScreenLayers, method: str) -> None:
    rules = _rules(method)
    table = screen(layers, profile=rules, id_field="PARCEL_ID", workers=1).parcels.set_index("parcel_id")
    for row, lot in enumerate(layers.parcels.geometry.values):
        env = _one_lot(layers, lot, rules, method)
        got = table.loc[f"L{row}"]
        assert got["frontage_ft"] == pytest.approx(FRONTAGE_FT, abs=0.01)
        assert got["required_setback_ft"] == pytest.approx(env.required_setback_ft, abs=0.01)
        assert got["band_width_ft"] == pytest.approx(env.band_width_ft, abs=0.01)
        assert got["greatest_reach_ft"] == pytest.approx(env.greatest_reach_ft, abs=0.01)
        assert got["envelope_area_sqft"] == pytest.approx(env.area_sqft, abs=0.1)
        assert got["envelope_area_sqft"] > 0
    for name in ("required_setback_ft", "band_width_ft", "greatest_reach_ft", "envelope_area_sqft"):  # the lots are congruent
        assert np.ptp(table[name].to_numpy(dtype=float)) <= 0.01, name


@pytest.mark.parametrize("crs", list(ORIGINS))
@pytest.mark.parametrize("where", ["lake", "island"])
def test_ring_lots_are_drawn_as_arrays_with_the_one_lot_figures(crs, where, caplog):
    layers = _ring_lots(crs, where)
    with caplog.at_level("INFO", logger="dockreview"):
        _assert_one_lot_figures(layers, "extended-side-lines")
    assert not [r for r in caplog.records if "measured one by one" in r.getMessage()]


@pytest.mark.parametrize("method", ["perpendicular-to-trend", "colonial"])
def test_methods_leaving_ring_lots_to_the_one_lot_functions_give_their_figures(method):
    _assert_one_lot_figures(_ring_lots("EPSG:2263", "lake"), method)


def test_methods_column_on_a_lake(tmp_path):
    layers = _ring_lots("EPSG:2263", "lake")
    path = tmp_path / "lake.gpkg"
    layers.parcels.to_file(path, layer="parcels")
    gpd.GeoDataFrame(geometry=[layers.mhw], crs=layers.crs).to_file(path, layer="mhw")
    out = tmp_path / "methods.gpkg"
    run = CliRunner().invoke(main, [
        "-q", "screen", "--parcels", f"{path}:parcels", "--mhw", f"{path}:mhw", "--id-field", "PARCEL_ID", "--methods",
        "--workers", "1", "-o", str(out),
    ])
    assert run.exit_code == 0, run.output
    table = pd.read_csv(out.with_suffix(".csv")).set_index("parcel_id")
    methods = ("extended-side-lines", "perpendicular-to-trend", "round-lake", "colonial")
    fits = [m for m in methods if (screen(layers, profile=_rules(m), workers=1).parcels["envelope_area_sqft"] > 0).all()]
    assert len(fits) >= 2
    assert (table["methods_with_dock"] == len(fits)).all()
    assert (table["methods_with_dock_names"] == ", ".join(fits)).all()
