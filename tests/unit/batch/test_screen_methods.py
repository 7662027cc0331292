"""The screen draws the riparian lines by the profile's method, as the review does.

Five lots on a straight shore, each 200 ft along it, their side lines leaning
30 degrees off the shore's normal. Kings Point's setback is max(40 % of 200 ft,
60 ft) = 80 ft, measured square to the riparian line. By hand:

* side lines extended (the lean kept): the band along the MHW line is
  200 - 2 * 80 / cos 30 = 15.24 ft wide;
* lines perpendicular to the shore's trend, through the water corners: the
  setback is also kept from the side property lines on land, so along the MHW
  line 80 ft from the corner whose line leans away from the lot and
  80 / cos 30 = 92.38 ft from the one whose line leans over it: 200 - 80 - 92.38
  = 27.62 ft; the envelope is the 40 x 200 ft strip between the lines' setbacks
  less what lies within 80 ft of that side property line (drawn here by shapely).

The middle lot is away from the ends of the shore; the same layer is written
in US survey feet (EPSG:2263) and in metres (EPSG:32618), turned 25 degrees.
"""

from __future__ import annotations

import math
from importlib import resources

import geopandas as gpd
import numpy as np
import pandas as pd
import pytest
import shapely
from click.testing import CliRunner
from shapely import affinity

from dockreview.cli import main

FRONTAGE, LEAN, DEPTH = 200.0, 30.0, 150.0
ORIGINS = {"EPSG:2263": (1_050_000.0, 220_000.0, 1.0), "EPSG:32618": (600_000.0, 4_520_000.0, 0.3048)}


def _layers(folder, crs: str):
    x0, y0, unit = ORIGINS[crs]
    shift = DEPTH * math.tan(math.radians(LEAN))  # the side line's run along the shore, landward
    lots = [
        shapely.Polygon([(i * FRONTAGE, 0), ((i + 1) * FRONTAGE, 0), ((i + 1) * FRONTAGE - shift, -DEPTH), (i * FRONTAGE - shift, -DEPTH)])
        for i in range(5)
    ]
    mhw = shapely.LineString([(-600, 0), (1600, 0)])

    def place(g):
        return affinity.translate(affinity.scale(affinity.rotate(g, 25, origin=(0, 0)), unit, unit, origin=(0, 0)), x0, y0)

    path = folder / "shore.gpkg"
    gpd.GeoDataFrame({"PARCEL_ID": [f"L{i}" for i in range(5)], "PROP_CLASS": "210"}, geometry=[place(g) for g in lots], crs=crs).to_file(
        path, layer="parcels"
    )
    gpd.GeoDataFrame(geometry=[place(mhw)], crs=crs).to_file(path, layer="mhw")
    return path


def _profile(folder, method: str):
    text = resources.files("dockreview.rules.profiles").joinpath("kings-point-ny.toml").read_text("utf-8")
    path = folder / f"{method}.toml"
    path.write_text(text.replace('method = "extended-side-lines"', f'method = "{method}"', 1), encoding="utf-8")
    return path


def _screen(folder, layers, profile) -> pd.DataFrame:
    out = folder / f"{profile.stem}.gpkg"
    run = CliRunner().invoke(main, [
        "-q", "screen", "--parcels", f"{layers}:parcels", "--mhw", f"{layers}:mhw", "--id-field", "PARCEL_ID",
        "--class-field", "PROP_CLASS", "--profile", str(profile), "-o", str(out),
    ])
    assert run.exit_code == 0, run.output
    return gpd.read_file(out, layer="parcels").set_index("parcel_id")


@pytest.mark.parametrize("crs", list(ORIGINS))
def test_the_screen_draws_the_lines_by_the_profiles_method(tmp_path, crs):
    layers = _layers(tmp_path, crs)
    extended = _screen(tmp_path, layers, _profile(tmp_path, "extended-side-lines")).loc["L2"]
    square = _screen(tmp_path, layers, _profile(tmp_path, "perpendicular-to-trend")).loc["L2"]
    assert extended["frontage_ft"] == pytest.approx(FRONTAGE, abs=0.01)
    assert extended["band_width_ft"] == pytest.approx(FRONTAGE - 2 * 80.0 / math.cos(math.radians(LEAN)), abs=0.01)
    assert square["frontage_ft"] == pytest.approx(FRONTAGE, abs=0.01)
    assert square["band_width_ft"] == pytest.approx(FRONTAGE - 80.0 - 80.0 / math.cos(math.radians(LEAN)), abs=0.01)
    corner = 3 * FRONTAGE  # lot L2's right water corner; its side line leans back over the lot
    side = shapely.LineString([(corner, 0), (corner - DEPTH * math.tan(math.radians(LEAN)), -DEPTH)])
    strip = shapely.box(2 * FRONTAGE + 80.0, 0.0, corner - 80.0, 200.0)
    assert square["envelope_area_sqft"] == pytest.approx(strip.difference(side.buffer(80.0, quad_segs=256)).area, rel=1e-3)
    assert square["greatest_reach_ft"] == pytest.approx(200.0, abs=0.05)
    assert np.isclose(square["required_setback_ft"], 80.0)


def test_a_method_needing_a_layer_the_screen_does_not_take_is_refused_in_one_line(tmp_path):
    layers = _layers(tmp_path, "EPSG:2263")
    run = CliRunner().invoke(main, [
        "screen", "--parcels", f"{layers}:parcels", "--mhw", f"{layers}:mhw", "--profile",
        str(_profile(tmp_path, "perpendicular-to-centerline")), "-o", str(tmp_path / "x.gpkg"),
    ])
    assert run.exit_code == 2
    assert "perpendicular-to-centerline" in run.output and "a centerline layer" in run.output
    assert len(run.output.strip().splitlines()) == 1 and not (tmp_path / "x.gpkg").exists()
