"""Regenerate the sample sites of the other towns' profiles under ``data/`` (sites 7-12 of data/README.md).

Run ``python data/make_town_samples.py`` (from any directory). Each site is rebuilt from scratch in
``data/<site-name>/``: one GeoPackage ``site.gpkg`` with its layers and a ``site.toml`` manifest whose
``[review] profile`` names the town's profile, so ``dockreview check data/<site>/site.toml`` reviews it under
that law.

Every site is drawn in a local frame in feet, as in ``make_samples.py``: ``u`` along the shore (positive to
the right looking seaward), ``v`` seaward, the origin on the MHW line at the middle of the subject lot's
frontage. The frame is turned to the site's seaward azimuth and placed at a point of the town, in a CRS of the
place: NY Long Island state plane (US survey feet) for the New York towns, the UTM zone (metres) elsewhere.
The designed-in figures are listed, with how they follow from the construction, in data/README.md.

The geometry is synthetic and illustrative: it is not a survey of any real property. The output is
deterministic: coordinates are rounded to 0.00001 of the CRS's unit and the GeoPackage's dates are fixed.
"""

from __future__ import annotations

import json
import math
import shutil
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import geopandas as gpd
import numpy as np
import pyogrio
import shapely
from pyproj import CRS, Transformer
from shapely.geometry import LineString, Point, Polygon

DATA_DIR = Path(__file__).resolve().parent
FILE_DATE = "2024-06-01"
FT_M = 0.3048


def box(u0: float, v0: float, u1: float, v1: float) -> Polygon:
    """A rectangle in the local frame (feet)."""
    return shapely.box(min(u0, u1), min(v0, v1), max(u0, u1), max(v0, v1))


@dataclass(frozen=True)
class Frame:
    """The local frame placed in ``crs``: the origin at (lon, lat), +v along ``azimuth`` (degrees from grid north)."""

    crs: str
    lon: float
    lat: float
    azimuth: float

    @property
    def per_ft(self) -> float:
        """CRS units per international foot (a US survey foot CRS is taken as feet: 2 ppm)."""
        metres = CRS(self.crs).axis_info[0].unit_conversion_factor
        return 1.0 if abs(metres - FT_M) < 1e-5 else FT_M / metres

    @property
    def origin(self) -> tuple[float, float]:
        x, y = Transformer.from_crs("EPSG:4269", self.crs, always_xy=True).transform(self.lon, self.lat)
        return round(x), round(y)

    def place(self, geometry):
        a = math.radians(self.azimuth)
        u_axis = np.array([math.cos(a), -math.sin(a)]) * self.per_ft
        v_axis = np.array([math.sin(a), math.cos(a)]) * self.per_ft
        origin = np.array(self.origin, dtype=float)

        def to_map(xy: np.ndarray) -> np.ndarray:
            return np.round(origin + np.outer(xy[:, 0], u_axis) + np.outer(xy[:, 1], v_axis), 5)

        return shapely.orient_polygons(shapely.transform(geometry, to_map))


@dataclass
class Site:
    """A sample site: its folder, manifest tables and layers (local geometry with attributes)."""

    folder: str
    summary: str
    title: str
    profile: str
    frame: Frame
    subject: str
    layers: dict[str, list[dict]]
    dock: dict
    water: str
    tables: dict = field(default_factory=dict)

    def manifest(self) -> dict:
        doc = {
            "site": {"name": self.title, "crs": self.frame.crs, "water": self.water},
            "layers": {key: f"site.gpkg:{key}" for key in self.layers if key != "proposed_dock"},
            "parcel": {"id_field": "PARCEL_ID", "id": self.subject},
            "dock": self.dock,
            "review": {"extension": "straight", "mhw_tolerance_ft": 5.0, "profile": self.profile},
        }
        for name, body in self.tables.items():
            doc[name] = {**doc.get(name, {}), **body}
        return doc


def lots(edges: list[float], ids: list[str], depth: float, *, far: tuple[float, str] | None = None, run: float = 400.0):
    """Rectangular lots along v = 0 between ``edges``; ``far``: (v of the far bank, id) for a parcel across the water."""
    out = [{"PARCEL_ID": i, "geometry": box(a, -depth, b, 0.0)} for i, a, b in zip(ids, edges, edges[1:])]
    if far is not None:
        out.append({"PARCEL_ID": far[1], "geometry": box(-run, far[0], run, far[0] + depth)})
    return out


def line(*points) -> dict:
    return {"SOURCE": "synthetic sample (dockreview data/make_town_samples.py)", "geometry": LineString(points)}


def part(kind: str, u0: float, v0: float, u1: float, v1: float) -> dict:
    return {"component": kind, "geometry": box(u0, v0, u1, v1)}


# ------------------------------------------------------------------------------------------------ the sites


def levy_canal() -> Site:
    """Site 7: a residential canal 120 ft wide in Levy County, FL; the dock protrudes 35 ft, 29.2 % of it."""
    return Site(
        folder="levy-canal",
        water="canal",
        summary="Levy County, FL: a dock 35 ft into a canal 120 ft wide (29.2 %, over the 25 % of §50-687(1)f).",
        title="12 Example Canal Rd, Levy County", profile="levy-county-fl",
        frame=Frame("EPSG:26917", -83.0300, 29.1400, 20.0), subject="LV-2",
        layers={
            "parcels": lots([-150.0, -50.0, 50.0, 150.0], ["LV-1", "LV-2", "LV-3"], 150.0, far=(120.0, "LV-11")),
            "mhw": [line((-400.0, 0.0), (400.0, 0.0)), line((-400.0, 120.0), (400.0, 120.0))],
        },
        dock={"root": "auto", "bearing": "perpendicular", "length": 25.0, "width": 6.0,
              "float": {"length": 16.0, "width": 10.0, "layout": "T"},
              "attributes": {"boats": 2, "nonwater_dependent_structures": False}},
    )


def lake_austin_channel() -> Site:
    """Site 8: a lot on Lake Austin where the channel widens; widths square to the centreline (the banks' bisector)."""
    a = math.radians(10.0)
    x = -150.0 / math.tan(a)
    centre = [(x + s * math.cos(a / 2), s * math.sin(a / 2)) for s in (480.0, 1220.0)]
    return Site(
        folder="lake-austin-channel",
        water="lake",
        summary="Austin, TX (Lake Austin): the channel's width square to its centreline, a dock at the 20 % limits.",
        title="3 Example Lakeview Dr, Austin", profile="lake-austin-tx",
        frame=Frame("EPSG:26914", -97.8000, 30.3200, 300.0), subject="LA-2",
        layers={
            "parcels": [*lots([-120.0, -40.0, 40.0, 120.0], ["LA-1", "LA-2", "LA-3"], 200.0),
                        {"PARCEL_ID": "LA-11", "geometry": Polygon([(-350.0, 150.0 - 350.0 * math.tan(a)), (350.0, 150.0 + 350.0 * math.tan(a)),
                                                                   (350.0, 400.0), (-350.0, 400.0)])}],
            "mhw": [line((-350.0, 0.0), (350.0, 0.0)),
                    line((-350.0, 150.0 - 350.0 * math.tan(a)), (350.0, 150.0 + 350.0 * math.tan(a)))],
            "centerline": [line(*centre)],
        },
        dock={"root": "auto", "bearing": "perpendicular", "length": 20.0, "width": 5.0,
              "float": {"length": 16.0, "width": 8.0, "layout": "T"}, "attributes": {"height_above_normal_pool_ft": 14.0}},
    )


def sc_tidal_creek() -> Site:
    """Site 9: a tidal creek 80 ft between its MHW lines, 50 ft between its marsh edges: 120 sq ft allowed."""
    return Site(
        folder="sc-tidal-creek",
        water="creek",
        summary="South Carolina (OCRM): a creek 50 ft wide between the marsh edges, a dock of 96 sq ft counted and a free lift.",
        title="7 Example Marsh Ln, Charleston County", profile="sc-ocrm",
        frame=Frame("EPSG:26917", -79.9500, 32.8000, 135.0), subject="SC-2",
        layers={
            "parcels": lots([-150.0, -50.0, 50.0, 150.0], ["SC-1", "SC-2", "SC-3"], 200.0, far=(80.0, "SC-11"), run=300.0),
            "mhw": [line((-300.0, 0.0), (300.0, 0.0)), line((-300.0, 80.0), (300.0, 80.0))],
            "vegetation": [{"type": "marsh", "geometry": box(-300.0, 0.0, 300.0, 15.0)},
                           {"type": "marsh", "geometry": box(-300.0, 65.0, 300.0, 80.0)}],
            "docks": [{"DOCK_ID": "D-1", "geometry": box(-102.0, -5.0, -98.0, 40.0)},
                      {"DOCK_ID": "D-3", "geometry": box(98.0, -5.0, 102.0, 40.0)}],
            "proposed_dock": [part("walkway", -2.0, -5.0, 2.0, 30.0), part("float", -6.0, 30.0, 6.0, 38.0),
                              part("boat_lift", 6.0, 26.0, 16.0, 40.0)],
        },
        dock={"file": "site.gpkg:proposed_dock", "component_field": "component"},
        tables={"layers": {"docks_id_field": "DOCK_ID"}},
    )


def north_haven_flats() -> Site:
    """Site 10: a shelving shore in North Haven, NY; MLLW 0.3 ft below MLW; a dock 104 ft past the MLLW line."""
    soundings = [{"DEPTH_MLW": round(-2.0 + 0.05 * v, 3), "geometry": Point(u, v)}
                 for u in range(-150, 151, 25) for v in range(-25, 301, 25)]
    return Site(
        folder="north-haven-flats",
        water="bay",
        summary="North Haven, NY: lengths from the MLLW line (a datum offset on a plane of soundings), berths at MLLW.",
        title="5 Example Bay Ave, North Haven", profile="north-haven-ny",
        frame=Frame("EPSG:2263", -72.3100, 41.0200, 200.0), subject="NH-2",
        layers={
            "parcels": lots([-225.0, -75.0, 75.0, 225.0], ["NH-1", "NH-2", "NH-3"], 250.0),
            "mhw": [line((-400.0, 0.0), (400.0, 0.0))],
            "soundings": soundings,
        },
        dock={"root": "auto", "bearing": "perpendicular", "length": 145.0, "width": 4.0,
              "float": {"length": 44.0, "width": 5.0, "layout": "T"}},
        tables={"soundings": {"depth_field": "DEPTH_MLW"}, "datums": {"mllw_below_mlw_ft": 0.3}},
    )


def wisconsin_lakeshore() -> Site:
    """Site 11: 120 ft of lakeshore in Wisconsin: 2 + 1 boat slips; a 6-ft pier with an 8 x 8 ft loading platform; a
    bottom sloping 0.05 ft per ft below the summer low level: 3 ft deep 60 ft out, 3.5 ft (a 2.5-ft draft and 1 ft
    under the keel) 70 ft out, so the pier may reach 70 ft."""
    soundings = [{"DEPTH_SUMMER_LOW": round(0.05 * v, 3), "geometry": Point(u, v)}
                 for u in range(-150, 151, 25) for v in range(-25, 301, 25)]
    return Site(
        folder="wisconsin-lakeshore",
        water="lake",
        summary="Wisconsin (exempt pier): 3 boat slips on 120 ft of frontage, a 6-ft pier, an 8 x 8 ft platform, 70 ft allowed.",
        title="21 Example Shore Rd, Dane County", profile="wisconsin-nr326",
        frame=Frame("EPSG:26916", -89.4000, 43.0800, 10.0), subject="WI-2",
        layers={
            "parcels": lots([-180.0, -60.0, 60.0, 180.0], ["WI-1", "WI-2", "WI-3"], 200.0),
            "mhw": [line((-400.0, 0.0), (400.0, 0.0))],
            "soundings": soundings,
            "bulkhead": [line((-180.0, 0.0), (180.0, 0.0))],
            "proposed_dock": [part("walkway", -3.0, -5.0, 3.0, 40.0), part("landing", -4.0, 40.0, 4.0, 48.0)],
        },
        dock={"file": "site.gpkg:proposed_dock", "component_field": "component", "attributes": {"slips": 3}},
        tables={"soundings": {"depth_field": "DEPTH_SUMMER_LOW"}, "vessel": {"draft_ft": 2.5}},
    )


def huntington_harbor() -> Site:
    """Site 12: a harbour lot in Huntington, NY: a 4-ft pier, an 80 sq ft platform, a T float, 54 ft short of a channel;
    a bulkhead on the MHW line with 5 ft of water at MLW along it, deepening 0.05 ft per ft."""
    soundings = [{"DEPTH_MLW": round(5.0 + 0.05 * v, 3), "geometry": Point(u, v)}
                 for u in range(-225, 226, 25) for v in range(-25, 201, 25)]
    return Site(
        folder="huntington-harbor",
        water="harbor",
        summary="Huntington, NY: 100 ft from MHW, joists 4 ft above MHW, a 48-in deck, a fixed platform of 100 sq ft.",
        title="9 Example Harbor Rd, Huntington", profile="huntington-ny",
        frame=Frame("EPSG:2263", -73.4100, 40.9000, 0.0), subject="HU-2",
        layers={
            "parcels": lots([-225.0, -75.0, 75.0, 225.0], ["HU-1", "HU-2", "HU-3"], 250.0),
            "mhw": [line((-400.0, 0.0), (400.0, 0.0))],
            "channels": [{"kind": "channel", "NAME": "Harbor channel (illustrative)", "geometry": box(-400.0, 150.0, 400.0, 300.0)}],
            "bulkhead": [line((-225.0, 0.0), (225.0, 0.0))],
            "soundings": soundings,
            "proposed_dock": [part("walkway", -2.0, -5.0, 2.0, 70.0), part("landing", -5.0, 70.0, 5.0, 78.0),
                              part("ramp", -1.5, 78.0, 1.5, 90.0), part("float", -10.0, 90.0, 10.0, 96.0)],
        },
        dock={"file": "site.gpkg:proposed_dock", "component_field": "component",
              "attributes": {"joist_height_above_mhw_ft": 4.5, "decking_passes_light": True}},
        tables={"soundings": {"depth_field": "DEPTH_MLW"}},
    )


SITES = [levy_canal, lake_austin_channel, sc_tidal_creek, north_haven_flats, wisconsin_lakeshore, huntington_harbor]


# ------------------------------------------------------------------------------------------------ output


def toml_value(value) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value)
    return repr(value)


def manifest_text(site: Site) -> str:
    lines = [f"# {site.summary}", "# Generated by data/make_town_samples.py; see data/README.md."]
    for section, body in site.manifest().items():
        lines += ["", f"[{section}]"]
        lines += [f"{k} = {toml_value(v)}" for k, v in body.items() if k != "attributes"]
        if "attributes" in body:
            lines += ["", f"[{section}.attributes]", *(f"{k} = {toml_value(v)}" for k, v in body["attributes"].items())]
    text = "\n".join(lines) + "\n"
    if tomllib.loads(text) != site.manifest():
        raise AssertionError(f"{site.folder}: site.toml does not round-trip")
    return text


def write_site(site: Site) -> Path:
    folder = DATA_DIR / site.folder
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    for key, records in site.layers.items():
        geometries = [site.frame.place(r["geometry"]) for r in records]
        attributes = [{k: v for k, v in r.items() if k != "geometry"} for r in records]
        table = gpd.GeoDataFrame(attributes, geometry=geometries, crs=site.frame.crs)
        table.to_file(folder / "site.gpkg", layer=key, driver="GPKG", engine="pyogrio")
    (folder / "site.toml").write_text(manifest_text(site), encoding="utf-8")
    return folder


def main() -> None:
    pyogrio.set_gdal_config_options({"OGR_CURRENT_DATE": f"{FILE_DATE}T00:00:00.000Z"})
    for build in SITES:
        folder = write_site(build())
        for path in sorted(folder.iterdir()):
            print(path.relative_to(DATA_DIR))


if __name__ == "__main__":
    main()
