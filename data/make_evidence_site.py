"""Build the Board-evidence sample site, ``data/evidence-site/``.

Run ``python data/make_evidence_site.py`` (from any directory). The site is rebuilt from
scratch: one GeoPackage, ``site.gpkg``, with every layer the Board evidence reads
(parcels, MHW and MLW lines, channels, existing docks, building footprints, soundings,
vegetation, the applicant's dock footprint), the near bank's DEM ``dem.tif`` (written by
``data/make_dem.py``) and a ``site.toml`` manifest.

The site is drawn in a local frame, in feet: ``u`` runs along the shore (positive to the
right of an observer on the lot looking at the water) and ``v`` points seaward, with the
origin on the MHW line in the middle of the subject lot's frontage. The frame is rotated
so that ``+v`` points along the seaward azimuth and placed at a point of the Village of
Kings Point, NY, in EPSG:2263 (US survey feet), as ``data/make_samples.py`` does.

What the site is made to show (the Board evidence of issue 12):

* a harbour arm 520 ft wide between its MHW lines (v = 0 and v = 520 along the lots), a
  fairway down its middle (v = 240 to 300), and the far bank's lots with a dock of their own;
* seven lots of 220 ft on the near bank, each with a house (footprints 60 x 40 ft and so),
  some with a garage or a boathouse, and six existing docks, two on the adjoining lots;
* the MLW line 70 ft off each bank, and soundings on a bottom sloping 1 in 10 from the
  MHW line (7 ft above MLW) to 12 ft below MLW, which meet it exactly at 0 ft;
* an intertidal vegetation patch the walkway crosses;
* the proposed dock: a landing at the top of the bank, a 6-ft walkway to 100 ft, a T float
  24 x 10 ft (its seaward edge 110 ft out), a boat lift and a personal-watercraft lift; deck 5 ft above MHW, piles every
  10 ft, eye height of the neighbours' windows 15 ft above MHW;
* the near bank's ground (``dem.tif``, NAVD88 metres in UTM 18N): MHW at 3.6 ft NAVD88, the bank
  rising 1 in 5 for 30 ft, then 1 in 40 (``data/make_dem.py``).

The geometry is made up and illustrative, not a survey of any real property.
"""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import geopandas as gpd
import numpy as np
import pyogrio
import shapely
from make_dem import MHW_NAVD88_FT, write_dem
from pyproj import Transformer
from shapely.geometry import LineString, Point, Polygon, box

HERE = Path(__file__).resolve().parent
FOLDER = HERE / "evidence-site"
CRS = "EPSG:2263"
FILE_DATE = "2024-06-01"
#: Where the local origin lands (NAD83 lon, lat) and where +v points (degrees clockwise from grid north).
ORIGIN_LONLAT = (-73.7480, 40.8230)
SEAWARD_AZIMUTH = 290.0

LOT_WIDTH = 220.0
LOT_DEPTH = 300.0
FAR_BANK_V = 520.0
MLW_OFFSET = 70.0      # the MLW line lies 70 ft off each bank
MHW_ABOVE_MLW = 7.0    # the bottom at the MHW line: 7 ft above MLW
SLOPE = 0.1            # 1 in 10
FLOOR_FT = 12.0        # the harbour's floor, ft below MLW


def _origin() -> tuple[float, float]:
    e, n = Transformer.from_crs("EPSG:4269", CRS, always_xy=True).transform(*ORIGIN_LONLAT)
    return round(e), round(n)


E0, N0 = _origin()


def place(geom):
    """Local (u, v) feet to EPSG:2263, rounded to 0.001 ft."""
    az = math.radians(SEAWARD_AZIMUTH)
    c, s = math.cos(az), math.sin(az)

    def to_world(xy):
        u, v = xy[:, 0], xy[:, 1]
        return np.round(np.column_stack([E0 + u * c + v * s, N0 - u * s + v * c]), 3)

    return shapely.transform(geom, to_world)


def place_xy(u: float, v: float) -> tuple[float, float]:
    """One local point (u, v) feet in EPSG:2263 (not rounded)."""
    az = math.radians(SEAWARD_AZIMUTH)
    return E0 + u * math.cos(az) + v * math.sin(az), N0 - u * math.sin(az) + v * math.cos(az)


def local_uv(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """EPSG:2263 points in the local frame (the inverse of :func:`place`)."""
    az = math.radians(SEAWARD_AZIMUTH)
    de, dn = x - E0, y - N0
    return de * math.cos(az) - dn * math.sin(az), de * math.sin(az) + dn * math.cos(az)


def depth_at(v: float) -> float:
    """Depth below MLW (ft, positive down) at distance ``v`` seaward of the near bank's MHW line."""
    near = (v - MLW_OFFSET) * SLOPE
    far = (FAR_BANK_V - MLW_OFFSET - v) * SLOPE
    return min(near, far, FLOOR_FT)


def rect(u0, v0, u1, v1) -> Polygon:
    return box(min(u0, u1), min(v0, v1), max(u0, u1), max(v0, v1))


def build() -> dict[str, gpd.GeoDataFrame]:
    layers: dict[str, list[dict]] = {k: [] for k in (
        "parcels", "mhw", "mlw", "channels", "docks", "buildings", "soundings", "vegetation", "dock")}

    # -- the near bank: seven lots, the subject in the middle ---------------------------------
    lots = {"2-105-30": -3, "2-105-31": -2, "2-105-32": -1, "2-105-33": 0, "2-105-34": 1, "2-105-35": 2, "2-105-36": 3}
    for pid, k in lots.items():
        u0 = k * LOT_WIDTH - LOT_WIDTH / 2
        layers["parcels"].append({"PARCEL_ID": pid, "PROP_CLASS": 210, "geometry": rect(u0, -LOT_DEPTH, u0 + LOT_WIDTH, 0.0)})
    # -- the far bank: two lots opposite -------------------------------------------------------
    for pid, (u0, u1) in {"2-106-10": (-260.0, 0.0), "2-106-11": (0.0, 260.0)}.items():
        layers["parcels"].append({"PARCEL_ID": pid, "PROP_CLASS": 210, "geometry": rect(u0, FAR_BANK_V, u1, FAR_BANK_V + 280.0)})

    # -- shores: straight along the lots, bending away beyond them -------------------------------
    near = LineString([(-1600, -60), (-1100, -15), (-770, 0), (770, 0), (1100, 20), (1600, 70)])
    far = LineString([(1600, 470), (1100, 505), (700, FAR_BANK_V), (-700, FAR_BANK_V), (-1100, 540), (-1600, 580)])
    layers["mhw"] += [{"NAME": "near bank", "geometry": near}, {"NAME": "far bank", "geometry": far}]
    layers["mlw"] += [
        {"NAME": "near bank", "geometry": LineString([(-770, MLW_OFFSET), (770, MLW_OFFSET)])},
        {"NAME": "far bank", "geometry": LineString([(700, FAR_BANK_V - MLW_OFFSET), (-700, FAR_BANK_V - MLW_OFFSET)])},
    ]
    layers["channels"].append({"NAME": "Harbour fairway", "kind": "fairway", "geometry": rect(-1600, 240, 1600, 300)})

    # -- existing docks: walkway 6 ft wide and a float at the end --------------------------------
    def t_dock(u: float, length: float, float_len: float = 20.0, float_w: float = 10.0, v0: float = 0.0, sign: float = 1.0):
        walk = rect(u - 3, v0, u + 3, v0 + sign * length)
        head = rect(u - float_len / 2, v0 + sign * length, u + float_len / 2, v0 + sign * (length + float_w))
        return shapely.union(walk, head)

    for did, u, length in (("D-105-30", -660.0, 90.0), ("D-105-31", -440.0, 110.0), ("D-105-32", -220.0, 80.0),
                           ("D-105-34", 220.0, 100.0), ("D-105-36", 660.0, 150.0)):
        layers["docks"].append({"DOCK_ID": did, "geometry": t_dock(u, length)})
    layers["docks"].append({"DOCK_ID": "D-106-10", "geometry": t_dock(-40.0, 80.0, v0=FAR_BANK_V, sign=-1.0)})

    # -- buildings -------------------------------------------------------------------------------
    houses = [
        ("2-105-30", rect(-700, -150, -640, -110), "house"),
        ("2-105-31", rect(-470, -130, -410, -90), "house"),
        ("2-105-31", rect(-400, -200, -375, -175), "garage"),
        ("2-105-32", rect(-250, -110, -190, -70), "house"),
        ("2-105-33", rect(-30, -140, 30, -100), "house"),
        ("2-105-34", rect(180, -100, 240, -55), "house"),
        ("2-105-34", rect(150, -25, 175, -5), "boathouse"),
        ("2-105-35", rect(400, -120, 470, -75), "house"),
        ("2-105-36", rect(630, -140, 690, -100), "house"),
        ("2-106-10", rect(-160, 600, -100, 650), "house"),
        ("2-106-11", rect(90, 610, 150, 655), "house"),
    ]
    layers["buildings"] += [{"PARCEL_ID": pid, "USE": use, "geometry": g} for pid, g, use in houses]

    # -- soundings every 25 ft between the banks, and 10 ft up each bank ---------------------------
    for u in np.arange(-500.0, 500.1, 25.0):
        for v in [-10.0, *np.arange(0.0, FAR_BANK_V + 0.1, 25.0), FAR_BANK_V + 10.0]:
            layers["soundings"].append({"DEPTH_MLW": round(depth_at(v), 3), "geometry": Point(u, v)})
    # -- vegetation: an intertidal marsh fringe the walkway crosses ---------------------------------
    layers["vegetation"].append({"KIND": "intertidal marsh", "geometry": rect(-45, 15, 35, 55)})

    # -- the proposed dock (the applicant's footprint) ----------------------------------------------
    layers["dock"] += [
        {"component": "landing", "geometry": rect(-4, -6, 4, 2)},
        {"component": "walkway", "geometry": rect(-3, 2, 3, 100)},
        {"component": "float", "geometry": rect(-12, 100, 12, 110)},
        {"component": "boat_lift", "geometry": rect(5, 62, 17, 94)},
        {"component": "pwc_lift", "geometry": rect(-13, 80, -5, 92)},
    ]
    return {
        name: gpd.GeoDataFrame(
            [{k: v for k, v in row.items() if k != "geometry"} for row in rows],
            geometry=[place(row["geometry"]) for row in rows], crs=CRS,
        )
        for name, rows in layers.items()
    }


MANIFEST = """\
# Board-evidence sample site: a harbour arm with neighbours' houses, docks, an MLW line and soundings.
# Generated by data/make_evidence_site.py; the geometry is made up, not a survey.

[site]
name = "9 Harbour Lane (Board evidence sample)"
crs = "EPSG:2263"

[layers]
parcels = "site.gpkg:parcels"
mhw = "site.gpkg:mhw"
mlw = "site.gpkg:mlw"
channels = "site.gpkg:channels"
docks = "site.gpkg:docks"
buildings = "site.gpkg:buildings"
soundings = "site.gpkg:soundings"
vegetation = "site.gpkg:vegetation"
elevation = { path = "dem.tif", vertical_datum = "NAVD88", unit = "m" }
docks_id_field = "DOCK_ID"

[parcel]
id_field = "PARCEL_ID"
id = "2-105-33"
class_field = "PROP_CLASS"

[dock]
file = "site.gpkg:dock"
component_field = "component"
float_draft_ft = 1.5
use = "recreational"
season = ["04-15", "10-31"]

[dock.attributes]
deck_height_above_mhw_ft = 5.0
float_deck_above_water_in = 14.0
pile_spacing_ft = 10.0
locker_height_in = false
railing_height_in = 36.0
railing_open_fraction = 0.85
railing_rails = 2
railing_post_spacing_ft = 6.0
railing_material = "wood"
materials = ["wood", "aluminum"]
plank_gap_in = 0.5
solid_deck = false
treated_wood = false
canopy = false
lighting_height_in = false
landing_length_ft = 8.0
landing_width_ft = 8.0
lift_boat_length_ft = 26.0
lift_boat_weight_lb = 9000.0
lift_boat_height_above_deck_ft = 7.5
pwc_lift_capacity_lb = 1200.0
structures = ["railing", "landing", "stairway"]

[review]
extension = "straight"
mhw_tolerance_ft = 5.0

[vessel]
draft_ft = 2.5

[soundings]
depth_field = "DEPTH_MLW"

# MHW's elevation in the DEM's datum (made up for the sample; a real site takes it from the tide station's datums)
[datums]
mhw_ft = {mhw}
vertical_datum = "NAVD88"

[evidence]
view_radius_ft = 1000.0
neighbour_distance_ft = 500.0
pierhead_distance_ft = 1000.0
eye_height_ft = 15.0

[exhibit]
applicant = "A. Sample"
application = "DK-EVIDENCE-1"
address = "9 Harbour Lane, Kings Point, NY"
prepared_by = "dockreview sample data"
date = "2024-06-01"
"""


def main() -> Path:
    if FOLDER.exists():
        shutil.rmtree(FOLDER)
    FOLDER.mkdir(parents=True)
    pyogrio.set_gdal_config_options({"OGR_CURRENT_DATE": f"{FILE_DATE}T00:00:00.000Z"})
    try:
        for name, frame in build().items():
            frame.to_file(FOLDER / "site.gpkg", layer=name, driver="GPKG", engine="pyogrio")
    finally:
        pyogrio.set_gdal_config_options({"OGR_CURRENT_DATE": None})
    write_dem(FOLDER / "dem.tif", place_xy, local_uv, CRS)
    (FOLDER / "site.toml").write_text(MANIFEST.replace("{mhw}", f"{MHW_NAVD88_FT:g}"))
    return FOLDER


if __name__ == "__main__":
    print(f"wrote {main()}")
