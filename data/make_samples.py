"""Regenerate the dockreview sample sites under ``data/``.

Run ``python data/make_samples.py`` (from any directory). Each site is rebuilt from
scratch in ``data/<site-name>/``: its GIS layers and a ``site.toml`` manifest.

Every site is drawn in a local frame, in feet: ``u`` runs along the shore (positive to
the right of an observer on the lot looking seaward) and ``v`` points seaward, with the
origin on the mean high-water (MHW) line at the subject lot. The frame is then rotated
to the site's seaward azimuth and placed at a point in the Village of Kings Point, NY,
in EPSG:2263 (NAD83 / New York Long Island, US survey feet). Working in the local frame
keeps the designed-in values (frontage, setbacks, reach) readable in the code; they
are listed, with how they follow from the construction, in ``data/README.md``.

The geometry is synthetic and illustrative: it is not a survey of any real property.
The output is deterministic: noise is seeded, coordinates are rounded to 0.001 ft and
the dates GDAL writes into DBF headers and GeoPackage metadata are fixed.
"""

from __future__ import annotations

import json
import math
import shutil
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import geopandas as gpd
import numpy as np
import pyogrio
import shapely
from pyproj import Transformer
from shapely.geometry import LineString, Point, Polygon

DATA_DIR = Path(__file__).resolve().parent
CRS = "EPSG:2263"
FILE_DATE = "2024-06-01"
"""Date written where a format stores one (DBF header, GeoPackage ``last_change``)."""

REVIEW = {"extension": "straight", "mhw_tolerance_ft": 5.0}

Record = dict[str, object]
"""One feature: attribute values plus a ``geometry`` in the local frame."""


# --------------------------------------------------------------------------- frames


@dataclass(frozen=True)
class Frame:
    """A site's local frame placed in EPSG:2263.

    The local origin maps to (``easting``, ``northing``); the local ``v`` axis points
    along ``seaward_azimuth`` (degrees clockwise from grid north) and the local ``u``
    axis 90 degrees clockwise from it, so that ``+u`` is on the right when facing the
    water.
    """

    easting: float
    northing: float
    seaward_azimuth: float

    @classmethod
    def at(cls, lon: float, lat: float, seaward_azimuth: float) -> Frame:
        """Frame anchored at a NAD83 longitude/latitude, rounded to the whole foot.

        NAD83 to EPSG:2263 stays on one datum, so the transformation is exact and
        needs no PROJ grid.
        """
        to_state_plane = Transformer.from_crs("EPSG:4269", CRS, always_xy=True)
        easting, northing = to_state_plane.transform(lon, lat)
        return cls(round(easting), round(northing), seaward_azimuth)

    def place(self, geometry: shapely.Geometry) -> shapely.Geometry:
        """Rotate and translate a local geometry into EPSG:2263, rounded to 0.001 ft."""
        azimuth = math.radians(self.seaward_azimuth)
        u_axis = np.array([math.cos(azimuth), -math.sin(azimuth)])
        v_axis = np.array([math.sin(azimuth), math.cos(azimuth)])
        origin = np.array([self.easting, self.northing])

        def to_map(coords: np.ndarray) -> np.ndarray:
            mapped = origin + np.outer(coords[:, 0], u_axis) + np.outer(coords[:, 1], v_axis)
            return np.round(mapped, 3)

        return shapely.orient_polygons(shapely.transform(geometry, to_map))



# The whole article's data (issue 3): a small boat, a float drawing 1.5 ft, and
# construction attributes that comply. Site 4 leaves them out to show needs-data.
VESSEL = {"draft_ft": 3.0}
FLOAT_USE = {"float_draft_ft": 1.5, "use": "recreational"}
GOOD_ATTRIBUTES = {
    "deck_height_above_mhw_ft": 6.5,
    "float_deck_above_water_in": 14.0,
    "locker_height_in": 30.0,
    "railing_height_in": 36.0,
    "railing_open_fraction": 0.85,
    "railing_rails": 2,
    "railing_post_spacing_ft": 6.0,
    "railing_material": "wood",
    "materials": ["wood", "aluminum"],
    "plank_gap_in": 0.5,
    "solid_deck": False,
    "treated_wood": False,
    "canopy": False,
    "lighting_height_in": 30.0,
    "structures": ["railing", "locker", "lighting", "electric_line"],
}


def ordinance(survey: str | None, **dock: object) -> dict[str, object]:
    """The manifest keys of the whole article; ``survey`` names the soundings' GeoPackage."""
    tables: dict[str, object] = {
        "layers": {"docks_id_field": "DOCK_ID"},
        "parcel": {"class_field": "PROP_CLASS"},
        "dock": {**FLOAT_USE, **dock},
        "vessel": VESSEL,
    }
    if survey:
        tables["soundings"] = {"depth_field": "DEPTH_MLW"}
    return tables

# --------------------------------------------------------------------------- layers


@dataclass(frozen=True)
class Layer:
    """One layer of a site: its features and where it is written.

    ``key`` is the manifest key (``parcels``, ``mhw``, ...). ``layer`` names the layer
    inside a multi-layer file (GeoPackage). ``as_table`` writes the manifest entry as
    ``{ path = ..., layer = ... }`` instead of ``"file.gpkg:layer"``. Layers with
    ``listed=False`` are written but left out of ``[layers]`` (the proposed dock,
    which the ``[dock]`` table names).
    """

    key: str
    records: list[Record]
    path: str
    layer: str | None = None
    as_table: bool = False
    listed: bool = True

    def manifest_entry(self) -> str | dict[str, str]:
        """The value of this layer's key in the manifest's ``[layers]`` table."""
        if self.layer is None:
            return self.path
        if self.as_table:
            return {"path": self.path, "layer": self.layer}
        return f"{self.path}:{self.layer}"


@dataclass(frozen=True)
class Site:
    """A sample site: its folder name, manifest content and layers."""

    folder: str
    summary: str
    title: str
    frame: Frame
    subject_id: str
    layers: list[Layer]
    dock: dict[str, object]
    review: dict[str, object] = field(default_factory=lambda: dict(REVIEW))
    ordinance: dict[str, object] = field(default_factory=dict)

    def manifest(self) -> dict[str, object]:
        """The ``site.toml`` content as nested dictionaries.

        ``ordinance`` adds the whole article's keys (issue 3): each entry is merged
        into the table of that name, or is a new table or a list of tables.
        """
        doc: dict[str, object] = {
            "site": {"name": self.title, "crs": CRS},
            "layers": {layer.key: layer.manifest_entry() for layer in self.layers if layer.listed},
            "parcel": {"id_field": "PARCEL_ID", "id": self.subject_id},
            "dock": self.dock,
            "review": self.review,
        }
        for name, body in self.ordinance.items():
            doc[name] = {**doc[name], **body} if isinstance(body, dict) and name in doc else body
        return doc


# ------------------------------------------------------------------ local geometry


def rectangle(u0: float, u1: float, v0: float, v1: float) -> Polygon:
    """Axis-aligned rectangle in the local frame."""
    return shapely.box(u0, v0, u1, v1)


def dock_part(
    root: tuple[float, float],
    axis: tuple[float, float],
    across: tuple[float, float],
    along: tuple[float, float],
) -> Polygon:
    """Rectangle in a dock's own frame, returned in site coordinates.

    ``root`` is where the dock leaves the MHW line and ``axis`` the unit vector of
    the walkway, pointing seaward. ``across`` is the lateral extent (positive to the
    right looking seaward) and ``along`` the extent along the axis, both in feet.
    """
    (x0, y0), (dx, dy) = root, axis
    (a0, a1), (b0, b1) = across, along
    corners = [(a0, b0), (a1, b0), (a1, b1), (a0, b1)]
    return Polygon([(x0 + a * dy + b * dx, y0 - a * dx + b * dy) for a, b in corners])


def existing_dock(
    dock_id: str,
    parcel_id: str,
    root: tuple[float, float],
    axis: tuple[float, float],
    parts: list[tuple[tuple[float, float], tuple[float, float]]],
) -> Record:
    """A neighbour's dock as one outline polygon (walkway and float dissolved)."""
    outline = shapely.union_all([dock_part(root, axis, a, b) for a, b in parts])
    return {"DOCK_ID": dock_id, "PARCEL_ID": parcel_id, "geometry": outline}


def eelgrass(centre: tuple[float, float], radius_u: float, radius_v: float) -> Record:
    """An eelgrass bed: an irregular, roughly elliptical polygon of 36 vertices."""
    angles = np.radians(np.arange(0, 360, 10))
    wobble = 1.0 + 0.12 * np.sin(3 * angles) + 0.06 * np.cos(5 * angles)
    outline = Polygon(zip(centre[0] + radius_u * wobble * np.cos(angles),
                          centre[1] + radius_v * wobble * np.sin(angles)))
    return {"type": "eelgrass", "geometry": outline}


def soundings(
    offshore_point: Callable[[float, float], tuple[float, float]],
    seed: int,
) -> list[Record]:
    """Soundings on seven shore-normal transects, 50 ft apart, every 50 ft out to 300 ft.

    ``offshore_point(s, d)`` gives the site coordinates of the point ``d`` feet
    seaward of the MHW line at shore position ``s``. Depths below mean low water
    (positive down) grow linearly from 0.5 ft at the MHW line by 0.03 ft per foot
    (8.0 ft at 250 ft out), with up to +/-0.25 ft of noise, reported to 0.1 ft;
    positions carry up to +/-1.5 ft of noise.
    """
    rng = np.random.default_rng(seed)
    records = []
    for s in range(-150, 151, 50):
        for d in range(0, 301, 50):
            x, y = offshore_point(s, d)
            jitter_x, jitter_y = rng.uniform(-1.5, 1.5, size=2)
            depth = 0.5 + 0.03 * d + rng.uniform(-0.25, 0.25)
            records.append({"DEPTH_MLW": round(depth, 1),
                            "geometry": Point(x + jitter_x, y + jitter_y)})
    return records


def straight_shore_lots(
    edges: list[float],
    lots: list[tuple[str, int]],
    depth: float,
) -> list[Record]:
    """Rectangular lots on a straight shore along ``v = 0``.

    ``edges`` are the ``u`` positions of the side lines, left to right; lot ``i``
    (``(PARCEL_ID, PROP_CLASS)``) lies between ``edges[i]`` and ``edges[i + 1]`` and
    runs ``depth`` feet landward from the MHW line. Neighbours share side lines
    vertex for vertex.
    """
    return [
        {"PARCEL_ID": parcel_id, "PROP_CLASS": prop_class,
         "geometry": rectangle(left, right, -depth, 0.0)}
        for (parcel_id, prop_class), left, right in zip(lots, edges, edges[1:])
    ]


def straight_mhw(edges: list[float], overrun: float) -> LineString:
    """The MHW line along ``v = 0``, with a vertex at every lot corner.

    It runs ``overrun`` feet past the outermost side lines and is digitised left
    to right looking seaward (water on its left).
    """
    stations = [edges[0] - overrun, *edges, edges[-1] + overrun]
    return LineString([(u, 0.0) for u in stations])


@dataclass(frozen=True)
class Cove:
    """A concave shoreline: a circular arc of ``radius`` feet around a point offshore.

    Shore positions ``s`` are arc lengths from the local origin (positive to the
    right looking seaward). The arc's centre is at (0, ``radius``), so the shore at
    ``s = 0`` faces straight up the local ``v`` axis and every shore normal points
    at the centre.
    """

    radius: float

    def point(self, s: float, offshore: float = 0.0) -> tuple[float, float]:
        """The point ``offshore`` feet seaward (towards the centre) of shore position ``s``."""
        angle, reach = s / self.radius, self.radius - offshore
        return reach * math.sin(angle), self.radius - reach * math.cos(angle)

    def arc(self, s0: float, s1: float, spacing: float = 10.0) -> list[tuple[float, float]]:
        """Vertices from ``s0`` to ``s1`` (both included), about ``spacing`` feet apart."""
        count = math.ceil(abs(s1 - s0) / spacing)
        return [self.point(s) for s in np.linspace(s0, s1, count + 1)]


def channel(kind: str, name: str, geometry: Polygon) -> Record:
    """A navigation area: ``kind`` is ``channel``, ``fairway`` or ``anchorage``."""
    return {"kind": kind, "NAME": name, "geometry": geometry}


def mhw_record(geometry: LineString) -> Record:
    """An MHW line feature."""
    return {"SOURCE": "synthetic sample (dockreview data/make_samples.py)", "geometry": geometry}


# ------------------------------------------------------------------------- sites


def straight_t_float() -> Site:
    """Site 1: straight shore, rectangular lots, parametric dock with a T float.

    Designed compliant. Subject lot 2-105-33 spans u = -100..100 (200 ft frontage);
    the dock leaves the MHW line at u = 0 heading straight out: walkway 110 x 6 ft,
    T float 20 x 10 ft across the end, so the float reaches u = +/-10, v = 120.
    """
    edges = [-480.0, -300.0, -100.0, 100.0, 300.0, 500.0]
    lots = [("2-105-31", 210), ("2-105-32", 210), ("2-105-33", 210),
            ("2-105-34", 210), ("2-105-35", 311)]
    up = (0.0, 1.0)
    docks = [
        existing_dock("D-105-31", "2-105-31", (-390.0, 0.0), up,
                      [((-2.0, 2.0), (0.0, 75.0)), ((-14.0, 2.0), (75.0, 83.0))]),
        existing_dock("D-105-32", "2-105-32", (-200.0, 0.0), up,
                      [((-2.0, 2.0), (0.0, 90.0)), ((-8.0, 8.0), (90.0, 98.0))]),
        existing_dock("D-105-34", "2-105-34", (185.0, 0.0), up,
                      [((-2.5, 2.5), (0.0, 100.0)), ((-4.0, 4.0), (100.0, 124.0))]),
    ]
    navigation = [
        channel("channel", "Federal navigation channel (illustrative)",
                rectangle(-700.0, 700.0, 280.0, 480.0)),
        channel("anchorage", "Designated anchorage (illustrative)",
                rectangle(-350.0, 450.0, 560.0, 900.0)),
    ]
    return Site(
        folder="straight-t-float",
        summary="Straight shore, rectangular lots, parametric dock with a T float. Designed compliant.",
        title="14 Example Rd",
        frame=Frame.at(-73.7450, 40.8150, seaward_azimuth=335.0),
        subject_id="2-105-33",
        layers=[
            Layer("parcels", straight_shore_lots(edges, lots, depth=350.0), "parcels.shp"),
            Layer("mhw", [mhw_record(straight_mhw(edges, overrun=50.0))], "mhw.shp"),
            Layer("channels", navigation, "nav.gpkg", layer="channels"),
            Layer("docks", docks, "docks.geojson"),
            Layer("soundings", soundings(lambda s, d: (s, d), seed=1), "survey.gpkg",
                  layer="soundings"),
            Layer("vegetation", [eelgrass((70.0, 180.0), 26.0, 14.0)], "survey.gpkg",
                  layer="vegetation"),
        ],
        dock={"root": "auto", "bearing": "perpendicular", "length": 110.0, "width": 6.0,
              "float": {"length": 20.0, "width": 10.0, "layout": "T"}},
        ordinance=ordinance("survey.gpkg", attributes=GOOD_ATTRIBUTES),
    )


def curved_cove() -> Site:
    """Site 2: lots around a cove (R = 800 ft) with oblique side lines; footprint dock.

    The side lines converge seaward, each by its own angle, less steeply than the
    cove's radii. Subject lot 2-161-8 has 260 ft of frontage along the arc
    (s = -130..130). The proposed dock (one GeoPackage layer, ``component`` field)
    leaves the MHW line at s = 0 on the shore normal: walkway 85 x 5 ft, ramp
    24 x 3.5 ft, T float 24 x 10 ft. Designed compliant, with little to spare.
    """
    cove = Cove(radius=800.0)
    # Side lines: (shore position s, landward direction in degrees from local -v,
    # positive towards +u, depth in feet).
    side_lines = [(-330.0, -14.0, 320.0), (-130.0, -6.0, 340.0), (130.0, 2.0, 330.0),
                  (350.0, 18.0, 310.0), (540.0, 30.0, 300.0)]
    lots = [("2-161-7", 210), ("2-161-8", 210), ("2-161-9", 210), ("2-161-10", 311)]

    def rear_corner(s: float, tilt: float, depth: float) -> tuple[float, float]:
        x, y = cove.point(s)
        return x + depth * math.sin(math.radians(tilt)), y - depth * math.cos(math.radians(tilt))

    parcels = [
        {"PARCEL_ID": parcel_id, "PROP_CLASS": prop_class,
         "geometry": Polygon([*cove.arc(left[0], right[0]), rear_corner(*right), rear_corner(*left)])}
        for (parcel_id, prop_class), left, right in zip(lots, side_lines, side_lines[1:])
    ]
    stations = [-370.0, *(s for s, _, _ in side_lines), 580.0]
    mhw = LineString([vertex for s0, s1 in zip(stations, stations[1:])
                      for vertex in cove.arc(s0, s1)[:-1]] + [cove.point(stations[-1])])

    def shore_normal(s: float) -> tuple[tuple[float, float], tuple[float, float]]:
        """Root on the MHW line at ``s`` and the unit vector towards the cove centre."""
        angle = s / cove.radius
        return cove.point(s), (-math.sin(angle), math.cos(angle))

    root, axis = shore_normal(0.0)
    proposed = [
        {"component": "walkway", "geometry": dock_part(root, axis, (-2.5, 2.5), (0.0, 85.0))},
        {"component": "ramp", "geometry": dock_part(root, axis, (-1.75, 1.75), (85.0, 109.0))},
        {"component": "float", "geometry": dock_part(root, axis, (-12.0, 12.0), (109.0, 119.0))},
    ]
    docks = [
        existing_dock("D-161-7", "2-161-7", *shore_normal(-230.0),
                      [((-2.0, 2.0), (0.0, 70.0)), ((-8.0, 8.0), (70.0, 78.0))]),
        existing_dock("D-161-9", "2-161-9", *shore_normal(250.0),
                      [((-2.0, 2.0), (0.0, 80.0)), ((-2.0, 18.0), (80.0, 88.0))]),
    ]
    navigation = [
        channel("fairway", "Cove fairway (illustrative)", rectangle(-400.0, 400.0, 330.0, 520.0)),
        channel("anchorage", "Cove anchorage (illustrative)", rectangle(-250.0, 250.0, 600.0, 900.0)),
    ]
    return Site(
        folder="curved-cove",
        summary="Concave cove shore, converging oblique side lines, footprint dock. Designed compliant.",
        title="3 Example Cove Ln",
        frame=Frame.at(-73.7380, 40.8200, seaward_azimuth=118.0),
        subject_id="2-161-8",
        layers=[
            Layer("parcels", parcels, "site.gpkg", layer="parcels", as_table=True),
            Layer("mhw", [mhw_record(mhw)], "site.gpkg", layer="mhw", as_table=True),
            Layer("channels", navigation, "site.gpkg", layer="channels"),
            Layer("docks", docks, "site.gpkg", layer="docks"),
            Layer("dock", proposed, "site.gpkg", layer="proposed_dock", listed=False),
            Layer("soundings", soundings(cove.point, seed=2), "site.gpkg",
                  layer="soundings"),
            Layer("vegetation", [eelgrass((-55.0, 160.0), 22.0, 12.0)], "site.gpkg",
                  layer="vegetation"),
        ],
        dock={"file": "site.gpkg:proposed_dock", "component_field": "component"},
        ordinance={
            **ordinance("site.gpkg", attributes=GOOD_ATTRIBUTES),
            "condition": [{"text": "No pile driving between May 1 and September 30 (Docks E)",
                           "imposed_by": "Board of Trustees", "date": "2024-05-13"}],
        },
    )


def failing_narrow_lot() -> Site:
    """Site 3: a narrow lot and a dock that breaks several standards (all GeoJSON).

    Subject lot 2-84-13 spans u = -65..65 (130 ft frontage). The dock's axis is at
    u = 30: walkway 180 x 9 ft, ramp 24 x 4 ft, a T float 40 x 14 ft (u = 10..50,
    v = 204..218) and a 10 x 8 ft float beside it (u = 0..10). A channel lies 35 ft
    beyond the float. The MHW line comes in two pieces that meet end to end at
    u = 245 (the corner of lots 2-84-14 and 2-84-15), away from the subject lot.
    """
    edges = [-265.0, -65.0, 65.0, 245.0, 430.0]
    lots = [("2-84-12", 210), ("2-84-13", 210), ("2-84-14", 210), ("2-84-15", 210)]
    mhw = straight_mhw(edges, overrun=40.0)
    up = (0.0, 1.0)
    root = (30.0, 0.0)
    proposed = [
        {"component": "walkway", "geometry": dock_part(root, up, (-4.5, 4.5), (0.0, 180.0))},
        {"component": "ramp", "geometry": dock_part(root, up, (-2.0, 2.0), (180.0, 204.0))},
        {"component": "float", "geometry": dock_part(root, up, (-20.0, 20.0), (204.0, 218.0))},
        {"component": "float", "geometry": dock_part(root, up, (-30.0, -20.0), (204.0, 212.0))},
    ]
    docks = [
        existing_dock("D-84-12", "2-84-12", (-165.0, 0.0), up,
                      [((-2.0, 2.0), (0.0, 120.0)), ((-10.0, 10.0), (120.0, 130.0))]),
        existing_dock("D-84-14", "2-84-14", (160.0, 0.0), up,
                      [((-2.5, 2.5), (0.0, 140.0)), ((-4.0, 4.0), (140.0, 170.0))]),
    ]
    navigation = [
        channel("channel", "Federal navigation channel (illustrative)",
                rectangle(-600.0, 600.0, 253.0, 433.0)),
        channel("anchorage", "Designated anchorage (illustrative)",
                rectangle(-200.0, 500.0, 500.0, 800.0)),
    ]
    split = LineString(mhw.coords[:5]), LineString(mhw.coords[4:])
    return Site(
        folder="failing-narrow-lot",
        summary="Narrow lot; the dock is too close to a side line, too long, too wide, "
                "has too much float and ends near a channel.",
        title="27 Example Ave",
        frame=Frame.at(-73.7530, 40.8100, seaward_azimuth=20.0),
        subject_id="2-84-13",
        layers=[
            Layer("parcels", straight_shore_lots(edges, lots, depth=300.0), "parcels.geojson"),
            Layer("mhw", [mhw_record(piece) for piece in split], "mhw.geojson"),
            Layer("channels", navigation, "channels.geojson"),
            Layer("docks", docks, "docks.geojson"),
            Layer("dock", proposed, "dock.geojson", listed=False),
        ],
        dock={"file": "dock.geojson", "component_field": "component"},
        ordinance={
            **ordinance(None, attributes={**GOOD_ATTRIBUTES, "railing_height_in": 48.0, "canopy": True,
                                          "treated_wood": True}),
            "waiver": [{"check": "width", "date": "2024-05-13", "granted_by": "Board of Trustees",
                        "note": "9-ft walkway for wheelchair access (illustrative)"}],
        },
    )


def parcel_past_mhw() -> Site:
    """Site 4: the subject parcel runs 15 ft past the MHW line; parametric L float.

    Subject lot 2-47-21 spans u = -120..120 (240 ft frontage) and its deed line
    lies at v = +15, in the water; the neighbours stop at the MHW line and share
    the subject's side lines up to it. Parametric dock: walkway 100 x 4 ft and an
    L float 20 x 8 ft turned to the left.
    """
    edges = [-320.0, -120.0, 120.0, 330.0]
    lots = [("2-47-20", 210), ("2-47-21", 210), ("2-47-22", 210)]
    parcels = straight_shore_lots(edges, lots, depth=380.0)
    parcels[1]["geometry"] = Polygon([(-120.0, -380.0), (120.0, -380.0), (120.0, 0.0),
                                      (120.0, 15.0), (-120.0, 15.0), (-120.0, 0.0)])
    up = (0.0, 1.0)
    docks = [
        existing_dock("D-47-20", "2-47-20", (-220.0, 0.0), up,
                      [((-2.0, 2.0), (0.0, 110.0)), ((-10.0, 10.0), (110.0, 118.0))]),
        existing_dock("D-47-22", "2-47-22", (225.0, 0.0), up,
                      [((-2.0, 2.0), (0.0, 95.0)), ((-2.0, 16.0), (95.0, 103.0))]),
    ]
    navigation = [
        channel("fairway", "Fairway (illustrative)", rectangle(-600.0, 600.0, 300.0, 450.0)),
        channel("anchorage", "Designated anchorage (illustrative)",
                rectangle(-300.0, 300.0, 520.0, 820.0)),
    ]
    return Site(
        folder="parcel-past-mhw",
        summary="Subject parcel drawn 15 ft past the MHW line; parametric dock with an L float. "
                "Geometry designed to pass; incomplete (no soundings, vegetation or attributes).",
        title="8 Example Point Rd",
        frame=Frame.at(-73.7400, 40.8090, seaward_azimuth=250.0),
        subject_id="2-47-21",
        layers=[
            Layer("parcels", parcels, "parcels.shp"),
            Layer("mhw", [mhw_record(straight_mhw(edges, overrun=40.0))], "mhw.shp"),
            Layer("channels", navigation, "channels.geojson"),
            Layer("docks", docks, "docks.shp"),
        ],
        dock={"root": "auto", "bearing": "perpendicular", "length": 100.0, "width": 4.0,
              "float": {"length": 20.0, "width": 8.0, "layout": "L", "side": "left"}},
        ordinance=ordinance(None),
    )


# ------------------------------------------------------------------------ output


def toml_value(value: object) -> str:
    """A scalar, string, array or inline table as TOML."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {toml_value(item)}" for key, item in value.items()) + " }"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a valid TOML basic string
    return repr(value)


def manifest_text(site: Site) -> str:
    """The ``site.toml`` text: two comment lines, then one TOML table per section."""
    lines = [f"# {site.summary}", "# Generated by data/make_samples.py; see data/README.md."]
    for section, body in site.manifest().items():
        for table in body if isinstance(body, list) else [body]:
            lines += ["", f"[[{section}]]" if isinstance(body, list) else f"[{section}]"]
            lines += [f"{key} = {toml_value(value)}" for key, value in table.items() if key != "attributes"]
            if "attributes" in table:  # long enough to read better as its own table
                lines += ["", f"[{section}.attributes]"]
                lines += [f"{key} = {toml_value(value)}" for key, value in table["attributes"].items()]
    text = "\n".join(lines) + "\n"
    if tomllib.loads(text) != site.manifest():
        raise AssertionError(f"{site.folder}: site.toml does not round-trip")
    return text


DRIVERS = {".shp": "ESRI Shapefile", ".gpkg": "GPKG", ".geojson": "GeoJSON"}


def write_layer(site: Site, layer: Layer, folder: Path) -> None:
    """Place a layer's features in EPSG:2263 and write them with pyogrio."""
    geometries = [site.frame.place(record["geometry"]) for record in layer.records]
    attributes = [{k: v for k, v in record.items() if k != "geometry"} for record in layer.records]
    table = gpd.GeoDataFrame(attributes, geometry=geometries, crs=CRS)
    if "PROP_CLASS" in table:
        table["PROP_CLASS"] = table["PROP_CLASS"].astype("int32")
    path = folder / layer.path
    driver = DRIVERS[path.suffix]
    options = {"DBF_DATE_LAST_UPDATE": FILE_DATE} if driver == "ESRI Shapefile" else {}
    table.to_file(path, layer=layer.layer, driver=driver, engine="pyogrio", **options)


def write_site(site: Site) -> Path:
    """Rebuild ``data/<site.folder>/`` from scratch and return its path."""
    folder = DATA_DIR / site.folder
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    for layer in site.layers:
        write_layer(site, layer, folder)
    (folder / "site.toml").write_text(manifest_text(site), encoding="utf-8")
    return folder


SITES = [straight_t_float, curved_cove, failing_narrow_lot, parcel_past_mhw]


def main() -> None:
    """Regenerate every sample site and list the files written."""
    pyogrio.set_gdal_config_options({"OGR_CURRENT_DATE": f"{FILE_DATE}T00:00:00.000Z"})
    for build in SITES:
        folder = write_site(build())
        for path in sorted(folder.iterdir()):
            print(path.relative_to(DATA_DIR))


if __name__ == "__main__":
    main()
