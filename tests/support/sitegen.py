"""Synthetic dock-review sites whose answers are known by construction.

Everything is drawn first in a *local* frame, in US survey feet:

* ``u`` runs along the shore, ``v`` points seaward (``v > 0`` is water).
* The subject lot's water corners are at ``(-W/2, 0)`` and ``(+W/2, 0)``; the
  MHW line is ``v = 0`` (straight shore) or an arc (curved shore).
* Looking seaward (along ``+v``) the right hand is ``+u``: the *left* side
  line is the one through ``(-W/2, 0)``, the *right* one through ``(+W/2, 0)``.

The local frame is mapped to EPSG:2263 by a rotation of ``rotation`` degrees
(counter-clockwise, the shore direction ``+u`` measured from grid east)
followed by a translation to ``origin``; optionally the whole site is then
mirrored (x -> 2*x0 - x).  The layers are written in EPSG:2263 or reprojected
with geopandas ``to_crs`` to the storage CRS, in the chosen file format, and a
``site.toml`` manifest is written beside them.

Nothing here imports dockreview: the expected values in the tests come from
the construction and hand computation, never from the code under test.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import geopandas as gpd
import pyproj
from shapely import affinity
from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry

from support.open_profile import leaves_readings_open

# A point on the water near Kings Point (Manhasset Bay / western Long Island
# Sound) in EPSG:2263: pyproj puts it at about (-73.74, 40.815).
KINGS_POINT = (1_056_000.0, 236_000.0)

FORMATS = {
    "shp": ("ESRI Shapefile", ".shp"),
    "gpkg": ("GPKG", ".gpkg"),
    "geojson": ("GeoJSON", ".geojson"),
}

ID_FIELD = "PARCEL_ID"
SUBJECT_ID = "2-105-33"


# --------------------------------------------------------------------------
# small geometry helpers (local frame)
# --------------------------------------------------------------------------
def rect(u0: float, v0: float, u1: float, v1: float) -> Polygon:
    """Axis-aligned rectangle in the local frame."""
    return box(min(u0, u1), min(v0, v1), max(u0, u1), max(v0, v1))


def strip(centerline: Sequence[tuple[float, float]], width: float) -> Polygon:
    """A strip ``width`` wide around a centre line, flat ends, mitred bends."""
    return LineString(centerline).buffer(
        width / 2.0, cap_style="flat", join_style="mitre", mitre_limit=10.0
    )


def arc_points(cx: float, cy: float, r: float, a0_deg: float, a1_deg: float,
               step_deg: float = 0.1) -> list[tuple[float, float]]:
    """Vertices of a circular arc from angle a0 to a1 (degrees, CCW from +u),
    at exact multiples of ``step_deg`` from a0 (both ends included)."""
    n = int(round(abs(a1_deg - a0_deg) / step_deg))
    assert n >= 1 and math.isclose(n * step_deg, abs(a1_deg - a0_deg), abs_tol=1e-9)
    sgn = 1.0 if a1_deg >= a0_deg else -1.0
    pts = []
    for i in range(n + 1):
        a = math.radians(a0_deg + sgn * i * step_deg)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# --------------------------------------------------------------------------
# TOML writer (enough for site.toml)
# --------------------------------------------------------------------------
def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(float(v)) if isinstance(v, float) else str(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {v!r} to TOML")


def dumps_toml(doc: dict[str, dict[str, Any]]) -> str:
    out = []
    for table, body in doc.items():
        out.append(f"[{table}]")
        for k, v in body.items():
            out.append(f"{k} = {_toml_value(v)}")
        out.append("")
    return "\n".join(out)


# --------------------------------------------------------------------------
# the site
# --------------------------------------------------------------------------
@dataclass
class SiteFiles:
    dir: Path
    manifest: Path
    doc: dict                      # the manifest as written
    to_world: Callable[[BaseGeometry], BaseGeometry]   # local -> EPSG:2263
    layers: dict = field(default_factory=dict)          # name -> GeoDataFrame (EPSG:2263)
    exact: bool = True             # the layers are exact by construction: say so in [accuracy]

    def rewrite(self, **tables: dict) -> Path:
        """Update manifest tables (shallow merge per table) and rewrite it."""
        for t, body in tables.items():
            if body is None:
                self.doc.pop(t, None)
            else:
                self.doc.setdefault(t, {}).update(body)
        if "review" in self.doc:
            self.doc["review"] = leaves_readings_open(self.doc["review"], self.dir)
        self.manifest.write_text(dumps_toml(with_exact_layers(self.doc) if self.exact else self.doc))
        return self.manifest


#: The manifest keys of [layers] that are not layers.
_NOT_LAYERS = ("chart", "docks_id_field", "channels_name_field")


def with_exact_layers(doc: dict) -> dict:
    """``doc`` with an [accuracy] of 0 ft for every layer it gives without stating one: a synthetic site's layers
    are exact by construction (the tests of the law's arithmetic are not about the data's accuracy; those that are
    state their layers' accuracy, or write the site with ``exact=False``)."""
    layers = doc.get("layers", {})
    stated = {k for k, v in layers.items() if isinstance(v, dict) and ("accuracy_ft" in v or "vertical_accuracy_ft" in v)}
    given = dict(doc.get("accuracy", {}))
    for role in layers:
        if role in _NOT_LAYERS or role in stated or role in given:
            continue
        given[role] = {"accuracy_ft": 0.0, "vertical_accuracy_ft": 0.0} if role in ("soundings", "elevation") else 0.0
    return {**doc, "accuracy": given} if given else doc


def _lot_polygons(lot_width, lot_depth, left_angle, right_angle, seaward_end,
                  neighbour_width):
    """Subject lot and its two neighbours for a straight shore (local frame).

    ``left_angle``/``right_angle`` (degrees): how far each side line leans
    from the shore normal; positive means the lot widens landward (the side
    lines converge seaward).  Side line: u = -W/2 + v*tan(left_angle) (left),
    u = +W/2 - v*tan(right_angle) (right), both passing through the water
    corners on v = 0.  ``seaward_end``: v of the lot's seaward edge (0 = on the
    MHW line, -3 = stops 3 ft short, +15 = runs 15 ft into the water).
    """
    h = lot_width / 2.0
    tl, tr = math.tan(math.radians(left_angle)), math.tan(math.radians(right_angle))

    def left_u(v):
        return -h + v * tl

    def right_u(v):
        return h - v * tr

    d, s = -lot_depth, seaward_end
    subject = Polygon([(left_u(d), d), (right_u(d), d), (right_u(s), s), (left_u(s), s)])
    nw = neighbour_width
    left_nb = Polygon([(left_u(d) - nw, d), (left_u(d), d), (left_u(0), 0), (left_u(0) - nw, 0)])
    right_nb = Polygon([(right_u(d), d), (right_u(d) + nw, d), (right_u(0) + nw, 0), (right_u(0), 0)])
    mhw = LineString([(left_u(0) - nw - 50, 0.0), (right_u(0) + nw + 50, 0.0)])
    return subject, [left_nb, right_nb], mhw


def make_site(
    directory: Path | str,
    *,
    origin: tuple[float, float] = KINGS_POINT,
    rotation: float = 0.0,
    lot_width: float = 200.0,
    lot_depth: float = 150.0,
    left_angle: float = 0.0,
    right_angle: float = 0.0,
    seaward_end: float = 0.0,
    neighbours: bool = True,
    neighbour_width: float = 200.0,
    curved: dict | None = None,
    dock: dict | None = None,
    footprint: Iterable[tuple[str, Polygon]] | None = None,
    channels: Iterable[Polygon] | None = None,
    docks: Iterable[BaseGeometry] | None = None,
    crs: str = "EPSG:2263",
    fmt: str = "gpkg",
    working_crs: str | None = "EPSG:2263",
    review: dict | None = None,
    mirror: bool = False,
    name: str = "Synthetic site",
    subject: Polygon | None = None,
    mhw_polygon: bool = False,
) -> SiteFiles:
    """Write a synthetic site (layers + site.toml) into ``directory``.

    dock
        parametric dock, manifest keys in the local frame: ``root`` "auto" or
        (u, v) local; ``bearing`` "perpendicular" or a number = degrees
        clockwise from the local seaward axis (+v), converted to a grid
        azimuth; ``length``, ``width``, ``float`` as in the manifest.
    footprint
        ``[(component, local polygon), ...]`` written as a dock layer.
    curved
        ``{"radius": R, "theta": deg, "extra": deg}``: a headland; MHW is an
        arc of radius R (densified at 0.1 deg), land inside the circle, the
        lot an annular sector of angle theta with radial side lines, centred
        on the local +v axis, its frontage arc through (0, 0).
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    if fmt not in FORMATS:
        raise ValueError(fmt)
    if (dock is None) == (footprint is None):
        raise ValueError("give exactly one of dock / footprint")

    # ---- local geometry ---------------------------------------------------
    if curved is None:
        lot, nbs, mhw = _lot_polygons(lot_width, lot_depth, left_angle, right_angle,
                                          seaward_end, neighbour_width)
    else:
        R = float(curved["radius"])
        th = float(curved["theta"])
        extra = float(curved.get("extra", 30.0))
        step = float(curved.get("step", 0.1))
        cx, cy = 0.0, -R                     # centre; the arc passes through (0, 0)
        a_left, a_right = 90.0 + th / 2.0, 90.0 - th / 2.0   # left is -u: larger angle
        outer = arc_points(cx, cy, R, a_right, a_left, step)
        inner = arc_points(cx, cy, R - lot_depth, a_left, a_right, step)
        lot = Polygon(outer + inner)
        nb_l = Polygon(arc_points(cx, cy, R, a_left, a_left + extra, step)
                       + arc_points(cx, cy, R - lot_depth, a_left + extra, a_left, step))
        nb_r = Polygon(arc_points(cx, cy, R, a_right - extra, a_right, step)
                       + arc_points(cx, cy, R - lot_depth, a_right, a_right - extra, step))
        nbs = [nb_l, nb_r]
        mhw = LineString(arc_points(cx, cy, R, a_right - extra - 10.0, a_left + extra + 10.0, step))

    if subject is None:
        subject = lot
    if mhw_polygon:
        (u0, _), (u1, _) = mhw.coords[0], mhw.coords[-1]
        mhw = rect(u0, 0.0, u1, 800.0) if curved is None else None
        assert mhw is not None, "mhw_polygon is for straight shores"

    # ---- local -> EPSG:2263 -------------------------------------------------
    c, s = math.cos(math.radians(rotation)), math.sin(math.radians(rotation))
    ox, oy = origin

    def to_world(g: BaseGeometry) -> BaseGeometry:
        g = affinity.affine_transform(g, [c, -s, s, c, ox, oy])
        if mirror:
            g = affinity.scale(g, xfact=-1.0, yfact=1.0, origin=(ox, oy))
        return g

    def pt_world(u: float, v: float) -> tuple[float, float]:
        x, y = ox + u * c - v * s, oy + u * s + v * c
        if mirror:
            x = 2 * ox - x
        return x, y

    # ---- layers ------------------------------------------------------------
    layers: dict[str, gpd.GeoDataFrame] = {}
    parcel_geoms = [subject] + (nbs if neighbours else [])
    parcel_ids = [SUBJECT_ID] + (["2-105-32", "2-105-34"] if neighbours else [])
    layers["parcels"] = gpd.GeoDataFrame(
        {ID_FIELD: parcel_ids, "OWNER": ["Subject"] + ["Neighbour"] * (len(parcel_ids) - 1)},
        geometry=[to_world(g) for g in parcel_geoms], crs="EPSG:2263")
    layers["mhw"] = gpd.GeoDataFrame({"NAME": ["MHW"]}, geometry=[to_world(mhw)], crs="EPSG:2263")
    if channels is not None:
        ch = list(channels)
        layers["channels"] = gpd.GeoDataFrame(
            {"NAME": [f"channel {i}" for i in range(len(ch))]},
            geometry=[to_world(g) for g in ch], crs="EPSG:2263")
    if docks is not None:
        dk = list(docks)
        layers["docks"] = gpd.GeoDataFrame(
            {"NAME": [f"dock {i}" for i in range(len(dk))]},
            geometry=[to_world(g) for g in dk], crs="EPSG:2263")
    if footprint is not None:
        fp = list(footprint)
        layers["dock"] = gpd.GeoDataFrame(
            {"component": [k for k, _ in fp]},
            geometry=[to_world(g) for _, g in fp], crs="EPSG:2263")

    driver, ext = FORMATS[fmt]
    refs: dict[str, str] = {}
    for lname, gdf in layers.items():
        out = gdf if crs in ("EPSG:2263", None) else gdf.to_crs(crs)
        if fmt == "gpkg":
            path = directory / "site.gpkg"
            out.to_file(path, layer=lname, driver=driver, engine="pyogrio")
            refs[lname] = f"site.gpkg:{lname}"
        else:
            path = directory / f"{lname}{ext}"
            out.to_file(path, driver=driver, engine="pyogrio")
            refs[lname] = path.name

    # ---- manifest ----------------------------------------------------------
    doc: dict[str, dict[str, Any]] = {"site": {"name": name}}
    if working_crs is not None:
        doc["site"]["crs"] = working_crs
    doc["layers"] = {k: refs[k] for k in ("parcels", "mhw", "channels", "docks") if k in refs}
    doc["parcel"] = {"id_field": ID_FIELD, "id": SUBJECT_ID}
    if footprint is not None:
        doc["dock"] = {"file": refs["dock"], "component_field": "component"}
    else:
        d = dict(dock)
        root = d.get("root", "auto")
        if root != "auto":
            x, y = pt_world(*root)
            wc = working_crs or "EPSG:2263"
            if wc != "EPSG:2263":
                x, y = pyproj.Transformer.from_crs("EPSG:2263", wc, always_xy=True).transform(x, y)
            d["root"] = [x, y]
        else:
            d["root"] = "auto"
        bearing = d.get("bearing", "perpendicular")
        if bearing != "perpendicular":
            # local seaward axis +v has grid azimuth -rotation; clockwise offsets add
            az = (-rotation + float(bearing)) % 360.0
            if mirror:
                az = (360.0 - az) % 360.0
            d["bearing"] = az
        else:
            d["bearing"] = "perpendicular"
        if "float" in d:
            fl = dict(d["float"])
            if mirror and "side" in fl:
                fl["side"] = {"left": "right", "right": "left"}[fl["side"]]
            d["float"] = fl
        doc["dock"] = d
    review = leaves_readings_open(review, directory)
    if review:
        doc["review"] = dict(review)

    manifest = directory / "site.toml"
    manifest.write_text(dumps_toml(with_exact_layers(doc)))
    return SiteFiles(dir=directory, manifest=manifest, doc=doc, to_world=to_world, layers=layers)


# --------------------------------------------------------------------------
# the standard docks of the tests (local frame)
# --------------------------------------------------------------------------
def t_dock(length=110.0, width=6.0, float_length=20.0, float_width=10.0) -> dict:
    return {"root": "auto", "bearing": "perpendicular", "length": length, "width": width,
            "float": {"length": float_length, "width": float_width, "layout": "T"}}


def t_footprint(length=110.0, width=6.0, float_length=20.0, float_width=10.0):
    """The footprint equal to ``t_dock`` rooted at (0, 0), bearing +v."""
    return [
        ("walkway", rect(-width / 2, 0.0, width / 2, length)),
        ("float", rect(-float_length / 2, length, float_length / 2, length + float_width)),
    ]


MEASUREMENT_KEYS = (
    "frontage_ft", "frontage_chord_ft", "required_setback_ft", "setback_left_ft",
    "setback_right_ft", "setback_ft", "reach_ft", "length_ft", "channel_clearance_ft",
    "dock_clearance_ft", "max_width_ft", "float_area_sqft",
)


# --------------------------------------------------------------------------
# free-form sites: any parcels, MHW pieces and docks drawn in the local frame,
# constructed directly in the storage CRS (feet or metres)
# --------------------------------------------------------------------------
FT_M = 0.3048                       # metres per international foot


@dataclass(frozen=True)
class LocalFrame:
    """Local (u, v) feet -> coordinates of ``crs``.

    In a CRS whose unit is a foot (EPSG:2263, EPSG:6539: the US survey foot) one
    local foot is one CRS unit, as in :func:`make_site` (a 200-ft lot measures
    200.0004 international ft: 2 ppm, far inside any tolerance of the tests).
    In a metre CRS one local foot is 0.3048 m, so lengths in international feet
    are exact.  ``origin`` is the local (0, 0) in ``crs``; ``rotation`` turns the
    shore direction +u counter-clockwise from grid east.
    """

    crs: str
    origin: tuple[float, float]
    rotation: float = 0.0
    units_per_ft: float = 1.0

    @property
    def ft_per_unit(self) -> float:
        """International feet per CRS unit."""
        metres = pyproj.CRS(self.crs).axis_info[0].unit_conversion_factor
        return metres / FT_M

    def _cs(self):
        r = math.radians(self.rotation)
        return math.cos(r), math.sin(r)

    def geom(self, g: BaseGeometry) -> BaseGeometry:
        c, s = self._cs()
        k = self.units_per_ft
        return affinity.affine_transform(g, [k * c, -k * s, k * s, k * c, *self.origin])

    def pt(self, u: float, v: float) -> tuple[float, float]:
        c, s = self._cs()
        k = self.units_per_ft
        return (self.origin[0] + k * (u * c - v * s), self.origin[1] + k * (u * s + v * c))

    def local(self, x: float, y: float) -> tuple[float, float]:
        """CRS coordinates -> local (u, v) feet (the inverse of :meth:`pt`)."""
        c, s = self._cs()
        k = self.units_per_ft
        dx, dy = (x - self.origin[0]) / k, (y - self.origin[1]) / k
        return (dx * c + dy * s, -dx * s + dy * c)

    def azimuth(self, du: float, dv: float) -> float:
        """Grid azimuth (degrees clockwise from grid north) of the local direction (du, dv)."""
        c, s = self._cs()
        wx, wy = du * c - dv * s, du * s + dv * c
        return math.degrees(math.atan2(wx, wy)) % 360.0


def frame_in(crs: str, rotation: float = 0.0) -> LocalFrame:
    """A local frame at Kings Point drawn directly in ``crs`` (feet or metres)."""
    metres = pyproj.CRS(crs).axis_info[0].unit_conversion_factor
    feet_crs = abs(metres - FT_M) < 1e-5
    if crs == "EPSG:2263":
        origin = KINGS_POINT
    else:
        x, y = pyproj.Transformer.from_crs("EPSG:2263", crs, always_xy=True).transform(*KINGS_POINT)
        origin = (round(x, 1), round(y, 1))
    return LocalFrame(crs, origin, rotation, 1.0 if feet_crs else FT_M / metres)


def lots_beside(left: Sequence[tuple[float, float]], right: Sequence[tuple[float, float]],
                neighbour_width: float = 200.0) -> tuple[Polygon, Polygon, Polygon]:
    """The subject lot between two side lines, and its two neighbours sharing them.

    ``left`` / ``right``: the side lines' vertices in the local frame, from the
    lot's water end to its landward corner (both corners of the back line last).
    The neighbours run ``neighbour_width`` ft along u beyond each side line, with
    their own water edge at the same v as the shared side line's water end.
    Returns ``(subject, left_neighbour, right_neighbour)``.
    """
    left, right = [tuple(p) for p in left], [tuple(p) for p in right]
    subject = Polygon(left[::-1] + right)
    (lu0, lv0), (lu1, lv1) = left[0], left[-1]
    (ru0, rv0), (ru1, rv1) = right[0], right[-1]
    left_nb = Polygon(left + [(lu1 - neighbour_width, lv1), (lu0 - neighbour_width, lv0)])
    right_nb = Polygon(right + [(ru1 + neighbour_width, rv1), (ru0 + neighbour_width, rv0)])
    for g in (subject, left_nb, right_nb):
        assert g.is_valid, g.wkt
    return subject, left_nb, right_nb


def write_local_site(
    directory: Path | str,
    frame: LocalFrame,
    *,
    parcels: Sequence[tuple[str, Polygon]],
    mhw: Sequence[BaseGeometry],
    subject_id: str = SUBJECT_ID,
    dock: dict | None = None,
    footprint: Iterable[tuple[str, Polygon]] | None = None,
    channels: Iterable[Polygon] | None = None,
    docks: Iterable[BaseGeometry] | None = None,
    review: dict | None = None,
    fmt: str = "gpkg",
    name: str = "Synthetic site",
    extra: dict[str, Sequence] | None = None,
    tables: dict[str, dict[str, Any]] | None = None,
    exact: bool = True,
) -> SiteFiles:
    """Write a free-form site (layers + site.toml) drawn in ``frame``.

    ``exact``: state every layer exact (``[accuracy]`` 0 ft, :func:`with_exact_layers`) unless its table states
    its accuracy; False leaves the accuracy to the defaults a newcomer's layers would get.

    Every layer is written in ``frame.crs``, which is also the working CRS.
    ``parcels``: ``[(parcel id, local polygon), ...]``; ``mhw``: the MHW layer's
    features (lines or polygons), one feature each.  ``dock`` (parametric) takes
    ``root`` as local (u, v) or "auto" and ``bearing`` as degrees clockwise from
    the local seaward axis +v or "perpendicular".  ``extra`` adds layers by their
    manifest key (``bulkhead``, ``centerline``, ``mllw``, ``vegetation``,
    ``soundings``): each a list of local geometries or ``(geometry, {field: value})``
    pairs.  ``tables`` merges manifest tables (``{"datums": {...}, "vessel": {...}}``;
    a dotted name such as ``"dock.attributes"`` merges into a sub-table).  Nothing
    here imports dockreview.
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    if fmt not in FORMATS:
        raise ValueError(fmt)
    if (dock is None) == (footprint is None):
        raise ValueError("give exactly one of dock / footprint")
    crs = frame.crs
    layers: dict[str, gpd.GeoDataFrame] = {}
    layers["parcels"] = gpd.GeoDataFrame(
        {ID_FIELD: [pid for pid, _ in parcels],
         "OWNER": ["Subject" if pid == subject_id else "Other" for pid, _ in parcels]},
        geometry=[frame.geom(g) for _, g in parcels], crs=crs)
    layers["mhw"] = gpd.GeoDataFrame({"NAME": [f"MHW {i}" for i in range(len(mhw))]},
                                     geometry=[frame.geom(g) for g in mhw], crs=crs)
    for key, geoms in (("channels", channels), ("docks", docks)):
        if geoms is not None:
            gs = list(geoms)
            layers[key] = gpd.GeoDataFrame({"NAME": [f"{key} {i}" for i in range(len(gs))]},
                                           geometry=[frame.geom(g) for g in gs], crs=crs)
    if footprint is not None:
        fp = list(footprint)
        layers["dock"] = gpd.GeoDataFrame({"component": [k for k, _ in fp]},
                                          geometry=[frame.geom(g) for _, g in fp], crs=crs)
    for key, items in (extra or {}).items():
        pairs = [item if isinstance(item, tuple) else (item, {}) for item in items]
        fields = sorted({f for _, attrs in pairs for f in attrs})
        layers[key] = gpd.GeoDataFrame({f: [attrs.get(f) for _, attrs in pairs] for f in fields} or {"NAME": [key] * len(pairs)},
                                       geometry=[frame.geom(g) for g, _ in pairs], crs=crs)

    driver, ext = FORMATS[fmt]
    refs: dict[str, str] = {}
    for lname, gdf in layers.items():
        if fmt == "gpkg":
            gdf.to_file(directory / "site.gpkg", layer=lname, driver=driver, engine="pyogrio")
            refs[lname] = f"site.gpkg:{lname}"
        else:
            path = directory / f"{lname}{ext}"
            gdf.to_file(path, driver=driver, engine="pyogrio")
            refs[lname] = path.name

    doc: dict[str, dict[str, Any]] = {"site": {"name": name, "crs": crs}}
    doc["layers"] = {k: refs[k] for k in ("parcels", "mhw", "channels", "docks", *(extra or {})) if k in refs}
    doc["parcel"] = {"id_field": ID_FIELD, "id": subject_id}
    if footprint is not None:
        doc["dock"] = {"file": refs["dock"], "component_field": "component"}
    else:
        d = dict(dock)
        root = d.get("root", "auto")
        d["root"] = "auto" if root == "auto" else list(frame.pt(*root))
        bearing = d.get("bearing", "perpendicular")
        if bearing != "perpendicular":
            b = math.radians(float(bearing))
            d["bearing"] = frame.azimuth(math.sin(b), math.cos(b))
        doc["dock"] = d
    review = leaves_readings_open(review, directory)
    if review:
        doc["review"] = dict(review)
    for table, body in (tables or {}).items():
        doc.setdefault(table, {}).update(body)
    manifest = directory / "site.toml"
    manifest.write_text(dumps_toml(with_exact_layers(doc) if exact else doc))
    return SiteFiles(dir=directory, manifest=manifest, doc=doc, to_world=frame.geom, layers=layers, exact=exact)


# --------------------------------------------------------------------------
# waterways: canals with a far bank, soundings on a plane (other towns' laws)
# --------------------------------------------------------------------------
def canal_layout(*, width: float = 120.0, lot_width: float = 100.0, depth: float = 150.0,
                 neighbour_width: float = 100.0, far_angle: float = 0.0, run: float = 600.0,
                 subject_id: str = SUBJECT_ID) -> tuple[list[tuple[str, Polygon]], list[LineString]]:
    """A canal in the local frame: the near bank's MHW line ``v = 0`` (u -run..run) with the subject lot
    (u -lot_width/2..lot_width/2, ``depth`` ft deep) and a neighbour each side, and the far bank's MHW line
    ``v = width + u tan(far_angle)`` (degrees; 0: a straight canal of constant width) with one parcel behind it.

    Returns ``(parcels, mhw)`` for :func:`write_local_site`.
    """
    h = lot_width / 2.0
    t = math.tan(math.radians(far_angle))
    subject = rect(-h, -depth, h, 0.0)
    left = rect(-h - neighbour_width, -depth, -h, 0.0)
    right = rect(h, -depth, h + neighbour_width, 0.0)
    far = Polygon([(-run, width - run * t), (run, width + run * t), (run, width + run * t + depth),
                   (-run, width - run * t + depth)])
    parcels = [(subject_id, subject), ("LEFT", left), ("RIGHT", right), ("FAR", far)]
    mhw = [LineString([(-run, 0.0), (run, 0.0)]), LineString([(-run, width - run * t), (run, width + run * t)])]
    return parcels, mhw


def plane_soundings(depth: Callable[[float, float], float], *, u: tuple[float, float] = (-200.0, 200.0),
                    v: tuple[float, float] = (0.0, 300.0), step: float = 25.0,
                    field_name: str = "DEPTH") -> list[tuple[BaseGeometry, dict]]:
    """Soundings on a grid every ``step`` ft over ``u`` x ``v`` (local), each with ``depth(u, v)`` in ``field_name``.

    A plane ``depth`` is reproduced exactly by the tool's linear interpolation.
    """
    from shapely.geometry import Point

    out = []
    us = [u[0] + i * step for i in range(int(round((u[1] - u[0]) / step)) + 1)]
    vs = [v[0] + j * step for j in range(int(round((v[1] - v[0]) / step)) + 1)]
    for uu in us:
        for vv in vs:
            out.append((Point(uu, vv), {field_name: float(depth(uu, vv))}))
    return out
