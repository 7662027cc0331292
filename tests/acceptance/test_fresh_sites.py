"""Fresh known-answer sites, unlike those of test_known_geometry.py.

Each site is drawn in a local frame (feet): ``u`` along the shore, ``v`` seaward,
looking seaward the right hand is ``+u``.  The frame is rotated / translated into
its construction CRS (EPSG:2263 in US feet, or UTM 18N in metres), written to disk
(each layer possibly in another storage CRS), and reviewed through the command
``dockreview check SITE.toml --json -``.  Every expected value below is worked out by
hand (trigonometry) or with plain shapely on the construction itself; nothing here
calls dockreview's own geometry.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import geopandas as gpd
import pyproj
import pytest
from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box

from support.open_profile import leaves_readings_open
from support.sitegen import dumps_toml, with_exact_layers  # (the TOML writer; synthetic layers are exact)

pytest.importorskip("dockreview")

TOL = 0.05
M = 0.3048                      # metres per international foot
GEOM_CHECKS = ("frontage", "side-setback", "reach", "channel-clearance", "dock-clearance",
               "width", "float-area", "float-position")


# --------------------------------------------------------------------------
# construction helpers
# --------------------------------------------------------------------------
def rect(u0, v0, u1, v1):
    return box(min(u0, u1), min(v0, v1), max(u0, u1), max(v0, v1))


def arc(cx, cy, r, a0, a1, step=0.1):
    """Arc vertices at exact multiples of ``step`` degrees from a0 to a1."""
    n = int(round(abs(a1 - a0) / step))
    sg = 1 if a1 >= a0 else -1
    return [(cx + r * math.cos(math.radians(a0 + sg * i * step)),
             cy + r * math.sin(math.radians(a0 + sg * i * step))) for i in range(n + 1)]


class Frame:
    """local (u, v) feet -> construction CRS coordinates."""

    def __init__(self, crs="EPSG:2263", origin=(1_056_000.0, 236_000.0), rotation=0.0,
                 unit_m=None):
        self.crs, self.origin, self.rot = crs, origin, rotation
        self.k = 1.0 if unit_m is None else M / unit_m   # CRS units per local foot
        self.c, self.s = math.cos(math.radians(rotation)), math.sin(math.radians(rotation))

    def geom(self, g):
        k, c, s = self.k, self.c, self.s
        return affinity.affine_transform(g, [k * c, -k * s, k * s, k * c, *self.origin])

    def pt(self, u, v):
        p = self.geom(Point(u, v))
        return [p.x, p.y]

    def azimuth(self, du, dv):
        """grid azimuth (deg clockwise from north) of the local direction (du, dv)."""
        wx, wy = du * self.c - dv * self.s, du * self.s + dv * self.c
        return math.degrees(math.atan2(wx, wy)) % 360.0


def utm_frame(rotation):
    e, n = pyproj.Transformer.from_crs("EPSG:4326", "EPSG:32618", always_xy=True).transform(
        -73.742, 40.8155)
    return Frame("EPSG:32618", (round(e, 1), round(n, 1)), rotation, unit_m=1.0)


def write_layer(d: Path, frame: Frame, name, geoms, attrs=None, *, store=None, fmt="gpkg"):
    attrs = attrs or {"NAME": [f"{name} {i}" for i in range(len(geoms))]}
    gdf = gpd.GeoDataFrame(attrs, geometry=[frame.geom(g) for g in geoms], crs=frame.crs)
    if store and store != frame.crs:
        gdf = gdf.to_crs(store)
    if fmt == "gpkg":
        gdf.to_file(d / "site.gpkg", layer=name, driver="GPKG", engine="pyogrio")
        return f"site.gpkg:{name}"
    ext = {"shp": ".shp", "geojson": ".geojson"}[fmt]
    drv = {"shp": "ESRI Shapefile", "geojson": "GeoJSON"}[fmt]
    gdf.to_file(d / f"{name}{ext}", driver=drv, engine="pyogrio")
    return f"{name}{ext}"


def build(d: Path, frame: Frame, *, subject, neighbours, mhw, dock=None, footprint=None,
          channels=None, docks=None, review=None, working_crs=None, store=None, fmts=None,
          id_field="PARCEL_ID", ids=("2-105-33", "2-105-32", "2-105-34"), manifest_id=None):
    """Write a site; returns the manifest path.  ``store``/``fmts``: per-layer dicts."""
    d.mkdir(parents=True, exist_ok=True)
    store, fmts = store or {}, fmts or {}
    polys = [subject] + list(neighbours)
    layers = {
        "parcels": write_layer(d, frame, "parcels", polys, {id_field: list(ids[:len(polys)])},
                               store=store.get("parcels"), fmt=fmts.get("parcels", "gpkg")),
        "mhw": write_layer(d, frame, "mhw", [mhw], store=store.get("mhw"),
                           fmt=fmts.get("mhw", "gpkg")),
    }
    for key, geoms in (("channels", channels), ("docks", docks)):
        if geoms is not None:
            layers[key] = write_layer(d, frame, key, geoms, store=store.get(key),
                                      fmt=fmts.get(key, "gpkg"))
    doc = {"site": {"name": d.name, "crs": working_crs or frame.crs}, "layers": layers,
           "parcel": {"id_field": id_field, "id": ids[0] if manifest_id is None else manifest_id}}
    if footprint is not None:
        comps = [k for k, _ in footprint]
        ref = write_layer(d, frame, "dock", [g for _, g in footprint], {"component": comps},
                          store=store.get("dock"), fmt=fmts.get("dock", "gpkg"))
        doc["dock"] = {"file": ref, "component_field": "component"}
    else:
        doc["dock"] = dock
    review = leaves_readings_open(review, d)
    if review:
        doc["review"] = review
    (d / "site.toml").write_text(dumps_toml(with_exact_layers(doc)))
    return d / "site.toml"


def check(manifest):
    from click.testing import CliRunner

    from dockreview.cli import main
    res = CliRunner().invoke(main, ["check", str(manifest), "--json", "-"],
                             catch_exceptions=False)
    assert res.exit_code in (0, 1, 3), res.output
    d = json.loads(res.stdout)
    return d["measurements"], {c["id"]: c["status"] for c in d["checks"]}


def compare(m, st, expected, statuses):
    bad = []
    for k, want in expected.items():
        got = m.get(k)
        if want is None:
            if got is not None:
                bad.append(f"{k}: expected None, got {got!r}")
        elif got is None or abs(got - want) > TOL:
            bad.append(f"{k}: expected {want:.4f}, got {got!r}")
    for k, want in statuses.items():
        if st.get(k) != want:
            bad.append(f"status {k}: expected {want}, got {st.get(k)}")
    assert not bad, "; ".join(bad)


def signed_dist(p, a, d):
    """Signed distance of p from the line through a along unit d; positive on d's right."""
    return (p[0] - a[0]) * d[1] - (p[1] - a[1]) * d[0]


def unit(dx, dy):
    n = math.hypot(dx, dy)
    return dx / n, dy / n


def t_parts(length, width, fl, fw, root=(0.0, 0.0)):
    """Walkway + T float along +v from root (local)."""
    u0, v0 = root
    return [("walkway", rect(u0 - width / 2, v0, u0 + width / 2, v0 + length)),
            ("float", rect(u0 - fl / 2, v0 + length, u0 + fl / 2, v0 + length + fw))]


def verts(parts):
    return [c for _, g in parts for c in g.exterior.coords]


# --------------------------------------------------------------------------
# 1. a cove: the MHW given as the water body's POLYGON (a round bay), radial lots
# --------------------------------------------------------------------------
# Bay: circle of radius R = 400 centred at (0, 400), vertices every 0.1 deg.  The lot is
# the annular sector outside it between angles 255 and 285 deg (seen from the centre),
# so its water corners are vertices: L = (400 cos255, 400 + 400 sin255) = (-103.528, 13.630)
# and its mirror.  Frontage = 300 segments of 2R sin(0.05 deg) = 209.4395 (~ R pi/6);
# chord = 2R sin15 = 207.055.  Root auto = (0, 0), perpendicular = +v (toward the centre).
# T dock 110 + 20 x 10 float.
R_BAY = 400.0


def _cove(tmp_path, extension):
    R = R_BAY
    fr = Frame(rotation=-35.0)
    ring = arc(0, R, R, 0, 360)[:-1]
    water = Polygon(ring)
    outer = R + 250

    def sector(a0, a1):
        return Polygon(arc(0, R, R, a0, a1) + arc(0, R, outer, a1, a0))

    subject = sector(255, 285)
    nbs = [sector(235, 255), sector(285, 305)]
    dock = {"root": "auto", "bearing": "perpendicular", "length": 110.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "T"}}
    man = build(tmp_path / extension, fr, subject=subject, neighbours=nbs, mhw=water, dock=dock,
                review={"extension": extension})
    return check(man)


def _cove_expected():
    R = R_BAY
    frontage = 300 * 2 * R * math.sin(math.radians(0.05))
    chord = 2 * R * math.sin(math.radians(15))
    return frontage, chord


def test_cove_bay_polygon_straight_extension(tmp_path):
    R = R_BAY
    frontage, chord = _cove_expected()
    parts = t_parts(110, 6, 20, 10)
    # left extension: the radius from the corner toward the centre c = (0, R), direction
    # d = -(cos255, sin255) (landward -> seaward); distance = |cross|.  Nearest vertex:
    # the float's far corner (-10, 120), p - c = (-10, -280): 280 sin15 - 10 cos15 = 62.81
    c = (0.0, R)
    a = math.radians(255)
    corner = (R * math.cos(a), R + R * math.sin(a))
    d = unit(c[0] - corner[0], c[1] - corner[1])
    left = min(signed_dist(p, corner, d) for p in verts(parts))
    assert left == pytest.approx(280 * math.sin(math.radians(15)) - 10 * math.cos(math.radians(15)),
                                 abs=1e-6)
    m, st = _cove(tmp_path, "straight")
    compare(m, st, {
        "frontage_ft": frontage, "frontage_chord_ft": chord,
        "required_setback_ft": 0.4 * frontage,
        "setback_left_ft": left, "setback_right_ft": left, "setback_ft": left,
        # reach: the float's seaward edge midpoint (0, 120) is 400 - 280 = 120 from the
        # circle (its corners only 400 - hypot(10, 280) = 119.82)
        "reach_ft": 120.0, "length_ft": 120.0, "max_width_ft": 6.0, "float_area_sqft": 200.0,
        "channel_clearance_ft": None, "dock_clearance_ft": None,
    }, {"frontage": "pass", "side-setback": "fail", "reach": "pass", "width": "pass",
        "float-area": "pass", "float-position": "pass",
        "channel-clearance": "needs-data", "dock-clearance": "needs-data"})


def test_cove_bay_polygon_perpendicular_extension(tmp_path):
    # perpendicular: rays u = -103.528 (v >= 13.63) from each corner, square to the
    # chord.  The float's edge u = -10 is 93.528 from the ray (its foot, v in [110, 120],
    # is on the ray); the radial landward side line's nearest point to every dock vertex
    # is the corner itself (farther).  Setback 93.528 >= 0.4 * 209.44 = 83.78: pass.
    R = R_BAY
    frontage, chord = _cove_expected()
    cu = -R * math.cos(math.radians(255))     # 103.528
    m, st = _cove(tmp_path, "perpendicular")
    compare(m, st, {
        "frontage_ft": frontage, "frontage_chord_ft": chord,
        "setback_left_ft": cu - 10, "setback_right_ft": cu - 10, "setback_ft": cu - 10,
        "reach_ft": 120.0, "length_ft": 120.0,
    }, {"side-setback": "pass", "frontage": "pass"})


# --------------------------------------------------------------------------
# 2. side lines meeting the shore at 60 / 120 deg (a parallelogram lot)
# --------------------------------------------------------------------------
# Water corners (-110, 0), (110, 0); both side lines run landward along (-1/2, -sqrt3/2),
# i.e. they meet the shore at 60 deg (left) and 120 deg (right).  Lot depth 180.
S3 = math.sqrt(3) / 2


def _para_site(tmp_path, name, dock, extension):
    fr = Frame(rotation=63.0)
    dl = 180 / math.tan(math.radians(60))      # landward shift of u: 103.923

    def lot(u0, u1):
        return Polygon([(u0, 0), (u1, 0), (u1 - dl, -180), (u0 - dl, -180)])

    subject = lot(-110, 110)
    nbs = [lot(-330, -110), lot(110, 330)]
    mhw = LineString([(-450, 0), (450, 0)])
    return check(build(tmp_path / name, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock,
                       review={"extension": extension}))


def test_parallelogram_lot_straight_extension(tmp_path):
    # straight: left line through (-110, 0) along (1/2, sqrt3/2):
    # distance = sqrt3/2 (u + 110) - v/2; float 24 x 10 T at v in [100, 110]:
    # corner (-12, 110): 0.866 * 98 - 55 = 29.87.  Right line: sqrt3/2 (110 - u) + v/2:
    # walkway root corner (3, 0): 0.866 * 107 = 92.66 (foot 53.5 ft up the side line).
    dock = {"root": "auto", "bearing": "perpendicular", "length": 100.0, "width": 6.0,
            "float": {"length": 24.0, "width": 10.0, "layout": "T"}}
    parts = t_parts(100, 6, 24, 10)
    left = min(S3 * (u + 110) - v / 2 for u, v in verts(parts))
    right = min(S3 * (110 - u) + v / 2 for u, v in verts(parts))
    assert left == pytest.approx(S3 * 98 - 55)
    assert right == pytest.approx(S3 * 107)
    m, st = _para_site(tmp_path, "straight", dock, "straight")
    compare(m, st, {
        "frontage_ft": 220.0, "frontage_chord_ft": 220.0, "required_setback_ft": 88.0,
        "setback_left_ft": left, "setback_right_ft": right, "setback_ft": left,
        "reach_ft": 110.0, "length_ft": 110.0, "max_width_ft": 6.0, "float_area_sqft": 240.0,
    }, {"frontage": "pass", "side-setback": "fail", "reach": "pass", "width": "pass",
        "float-area": "pass", "float-position": "pass"})


def test_parallelogram_lot_perpendicular_extension(tmp_path):
    # perpendicular: rays u = -110 and u = 110 (v >= 0): float ends |u| = 12 -> 98.
    # Right landward side line (from (110, 0) along (-1/2, -sqrt3/2)) is closer to the
    # walkway root corner (3, 0): 0.866 * 107 = 92.66.  Left landward side line leans away:
    # its nearest point to every dock vertex is the corner (-110, 0): (-3, 0) -> 107.
    dock = {"root": "auto", "bearing": "perpendicular", "length": 100.0, "width": 6.0,
            "float": {"length": 24.0, "width": 10.0, "layout": "T"}}
    m, st = _para_site(tmp_path, "perp", dock, "perpendicular")
    compare(m, st, {
        "frontage_ft": 220.0, "setback_left_ft": 98.0, "setback_right_ft": S3 * 107,
        "setback_ft": S3 * 107, "reach_ft": 110.0, "length_ft": 110.0,
    }, {"side-setback": "pass"})


def test_parallelogram_lot_dock_crosses_leaning_extension(tmp_path):
    # root explicit at local (-60, 0), bearing given as the azimuth of +v: T float corner
    # (-72, 110) lies beyond the left straight extension by 55 - 0.866 * 38 = 22.09 ft:
    # setback_left = -22.09.  Right: (-57, 0): 0.866 * 167 = 144.63.
    fr = Frame(rotation=63.0)
    dock = {"root": fr.pt(-60, 0), "bearing": fr.azimuth(0, 1), "length": 100.0, "width": 6.0,
            "float": {"length": 24.0, "width": 10.0, "layout": "T"}}
    parts = t_parts(100, 6, 24, 10, root=(-60, 0))
    left = min(S3 * (u + 110) - v / 2 for u, v in verts(parts))
    right = min(S3 * (110 - u) + v / 2 for u, v in verts(parts))
    assert left == pytest.approx(S3 * 38 - 55)
    m, st = _para_site(tmp_path, "cross", dock, "straight")
    compare(m, st, {"setback_left_ft": left, "setback_right_ft": right, "setback_ft": left,
                    "reach_ft": 110.0, "length_ft": 110.0},
            {"side-setback": "fail"})


# --------------------------------------------------------------------------
# 3. a headland (convex shore) with parallel side lines, explicit root on land and an
#    oblique azimuth
# --------------------------------------------------------------------------
def test_headland_parallel_lines_oblique_bearing(tmp_path):
    R = 300.0
    C = (0.0, -R)
    fr = Frame(rotation=140.0)
    disk = Polygon(arc(C[0], C[1], R, 0, 360)[:-1])
    subject = box(-100, -260, 100, 50).intersection(disk)
    nbs = [box(-290, -260, -100, 50).intersection(disk), box(100, -260, 290, 50).intersection(disk)]
    mhw = LineString(arc(C[0], C[1], R, 10, 170))
    b = math.radians(10.0)                         # 10 deg clockwise of +v
    ax, lat = (math.sin(b), math.cos(b)), (math.cos(b), -math.sin(b))
    root = (-20.0, -5.0)                           # on land, 3.5 ft behind the MHW line
    L, W, FL, FW = 130.0, 5.0, 16.0, 8.0            # I float continues the axis
    dock = {"root": fr.pt(*root), "bearing": fr.azimuth(*ax), "length": L, "width": W,
            "float": {"length": FL, "width": FW, "layout": "I"}}

    def at(a, l):
        return (root[0] + a * ax[0] + l * lat[0], root[1] + a * ax[1] + l * lat[1])

    vs = [at(0, -W / 2), at(0, W / 2), at(L, -W / 2), at(L, W / 2),
          at(L, -FW / 2), at(L, FW / 2), at(L + FL, -FW / 2), at(L + FL, FW / 2)]
    # MHW crossing of the axis: |root + t ax - C| = R
    px, py = root[0] - C[0], root[1] - C[1]
    bq = px * ax[0] + py * ax[1]
    t_c = -bq + math.sqrt(bq * bq - (px * px + py * py - R * R))
    frontage = 2 * R * math.asin(100 / R)          # 203.90
    reach = max(math.hypot(x - C[0], y - C[1]) - R for x, y in vs)
    left = min(x for x, _ in vs) + 100
    right = 100 - max(x for x, _ in vs)
    man = build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock)
    m, st = check(man)
    compare(m, st, {
        "frontage_ft": frontage, "frontage_chord_ft": 200.0,
        "required_setback_ft": 0.4 * frontage,
        "setback_left_ft": left, "setback_right_ft": right, "setback_ft": min(left, right),
        "reach_ft": reach, "length_ft": L + FL - t_c,
        "max_width_ft": W, "float_area_sqft": FL * FW,
    }, {"frontage": "pass", "side-setback": "fail", "reach": "pass", "width": "pass",
        "float-area": "pass", "float-position": "pass"})


# --------------------------------------------------------------------------
# 4. footprint: landing and ramp on land, walkway, L float; a trapezoid lot, shapefiles
# --------------------------------------------------------------------------
def test_footprint_landing_ramp_walkway_l_float(tmp_path):
    fr = Frame(rotation=300.0)
    A = (-90.0, 0.0)
    subject = Polygon([A, (95, 0), (95, -200), (-120, -200)])
    nbs = [Polygon([(-290, 0), A, (-120, -200), (-320, -200)]),
           Polygon([(95, 0), (285, 0), (285, -200), (95, -200)])]
    mhw = LineString([(-400, 0), (400, 0)])
    parts = [("landing", rect(-4, -14, 4, -6)), ("ramp", rect(-2, -6, 2, 22)),
             ("walkway", rect(-3, 22, 3, 105)), ("float", rect(-3, 105, 17, 113))]
    man = build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, footprint=parts,
                fmts={"parcels": "shp", "mhw": "shp", "dock": "shp"})
    # left line through A along (30, 200) (seaward): inside distance = d_v (u + 90) - d_u v
    du, dv = unit(30, 200)
    left = min(dv * (u + 90) - du * v for u, v in verts(parts))
    assert left == pytest.approx(dv * 87 - du * 113)          # float corner (-3, 113): 69.28
    m, st = check(man)
    compare(m, st, {
        "frontage_ft": 185.0, "frontage_chord_ft": 185.0, "required_setback_ft": 74.0,
        "setback_left_ft": left, "setback_right_ft": 95 - 17.0, "setback_ft": left,
        "reach_ft": 113.0, "length_ft": 113.0, "max_width_ft": 6.0, "float_area_sqft": 160.0,
    }, {"frontage": "pass", "side-setback": "fail", "reach": "pass", "width": "pass",
        "float-area": "pass", "float-position": "pass"})


# --------------------------------------------------------------------------
# 5. EPSG:4326 storage, UTM working CRS; channels as several polygons (the nearest is
#    not the first), a neighbour's dock drawn as an oblique LINE
# --------------------------------------------------------------------------
def test_utm_working_crs_from_wgs84_storage(tmp_path):
    fr = utm_frame(rotation=200.0)
    subject = rect(-90, -220, 90, 0)
    nbs = [rect(-270, -220, -90, 0), rect(90, -220, 270, 0)]
    mhw = LineString([(-400, 0), (400, 0)])
    fairway = rect(-600, 260, 600, 500)                      # 260 - 130 = 130
    anchorage = Point(110, 200).buffer(40, quad_segs=128)    # swinging circle
    far = rect(-900, 700, 900, 900)
    nb_dock = LineString([(150, -5), (170, 125)])
    dock = {"root": "auto", "bearing": "perpendicular", "length": 120.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "T"}}
    st4326 = {k: "EPSG:4326" for k in ("parcels", "mhw", "channels", "docks")}
    man = build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock,
                channels=[fairway, far, anchorage], docks=[nb_dock], store=st4326,
                fmts={"channels": "geojson", "docks": "geojson"})
    # terminus: the part farther than 130 - 20 = 110 from the frontage
    terminus = rect(-3, 110, 3, 120).union(rect(-10, 120, 10, 130))
    ch = min(terminus.distance(g) for g in (fairway, far, anchorage))
    assert ch == pytest.approx(math.hypot(100, 70) - 40, abs=0.01)     # 82.07
    dk = terminus.distance(nb_dock)                                    # 157.38
    m, st = check(man)
    compare(m, st, {
        "frontage_ft": 180.0, "frontage_chord_ft": 180.0, "required_setback_ft": 72.0,
        "setback_left_ft": 80.0, "setback_right_ft": 80.0, "setback_ft": 80.0,
        "reach_ft": 130.0, "length_ft": 130.0, "max_width_ft": 6.0, "float_area_sqft": 200.0,
        "channel_clearance_ft": ch, "dock_clearance_ft": dk,
    }, {"frontage": "pass", "side-setback": "pass", "reach": "pass", "width": "pass",
        "float-area": "pass", "float-position": "pass", "channel-clearance": "pass",
        "dock-clearance": "pass"})


# --------------------------------------------------------------------------
# 6. mixed CRS inputs (parcels EPSG:2263 shapefile with an INTEGER id field, MHW in UTM
#    metres, channels in EPSG:4326); channel at 49.9 ft (fail) and 50.1 ft (pass)
# --------------------------------------------------------------------------
@pytest.mark.parametrize("gap,status,mid", [(49.9, "fail", 105033), (50.1, "pass", "105033")])
def test_mixed_crs_integer_id_channel_at_limit(tmp_path, gap, status, mid):
    fr = Frame(rotation=35.0)
    subject = rect(-120, -250, 120, 0)
    nbs = [rect(-360, -250, -120, 0), rect(120, -250, 360, 0)]
    mhw = LineString([(-500, 0), (500, 0)])
    dock = {"root": "auto", "bearing": "perpendicular", "length": 140.0, "width": 8.0,
            "float": {"length": 30.0, "width": 12.0, "layout": "T"}}
    channel = rect(-500, 152 + gap, 500, 600)
    man = build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock,
                channels=[channel], id_field="SBL", ids=(105033, 105032, 105034),
                manifest_id=mid, store={"mhw": "EPSG:32618", "channels": "EPSG:4326"},
                fmts={"parcels": "shp", "mhw": "geojson"})
    m, st = check(man)
    compare(m, st, {
        "frontage_ft": 240.0, "required_setback_ft": 96.0,
        "setback_left_ft": 105.0, "setback_right_ft": 105.0, "setback_ft": 105.0,
        "reach_ft": 152.0, "length_ft": 152.0, "max_width_ft": 8.0, "float_area_sqft": 360.0,
        "channel_clearance_ft": gap, "dock_clearance_ft": None,
    }, {"frontage": "pass", "side-setback": "pass", "reach": "pass", "width": "pass",
        "float-area": "pass", "float-position": "pass", "channel-clearance": status,
        "dock-clearance": "needs-data"})


# --------------------------------------------------------------------------
# 7. walkway drawn as two rectangles end to end; float 2 ft off the walkway's end
# --------------------------------------------------------------------------
def test_two_piece_walkway_and_detached_float(tmp_path):
    fr = Frame(rotation=150.0)
    subject = rect(-100, -200, 100, 0)
    nbs = [rect(-300, -200, -100, 0), rect(100, -200, 300, 0)]
    mhw = LineString([(-450, 0), (450, 0)])
    parts = [("walkway", rect(-3, 0, 3, 60)), ("walkway", rect(-3, 60, 3, 125)),
             ("float", rect(-12, 127, 12, 135))]
    man = build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, footprint=parts)
    m, st = check(man)
    compare(m, st, {
        "frontage_ft": 200.0, "required_setback_ft": 80.0,
        "setback_left_ft": 88.0, "setback_right_ft": 88.0, "setback_ft": 88.0,
        "reach_ft": 135.0, "length_ft": 135.0, "max_width_ft": 6.0, "float_area_sqft": 192.0,
    }, {"frontage": "pass", "side-setback": "pass", "reach": "pass", "width": "pass",
        "float-area": "pass", "float-position": "fail"})


# --------------------------------------------------------------------------
# 8. a neighbour's dock that swings toward our walkway: only the terminus counts
# --------------------------------------------------------------------------
def test_dock_clearance_from_terminus_not_walkway(tmp_path):
    # our walkway u in [-3, 3], v in [0, 120]; T float 20 x 10 at v in [120, 130].
    # Neighbour dock line (130, 0) -> (130, 40) -> (60, 70): 57 ft from the walkway at
    # (3, 70), but the terminus starts at v = 110: nearest (3, 110) -> hypot(57, 40) = 69.63.
    fr = Frame(rotation=12.0)
    subject = rect(-110, -200, 110, 0)
    nbs = [rect(-330, -200, -110, 0), rect(110, -200, 330, 0)]
    mhw = LineString([(-450, 0), (450, 0)])
    nb = LineString([(130, 0), (130, 40), (60, 70)])
    dock = {"root": "auto", "bearing": "perpendicular", "length": 120.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "T"}}
    terminus = rect(-3, 110, 3, 120).union(rect(-10, 120, 10, 130))
    want = terminus.distance(nb)
    assert want == pytest.approx(math.hypot(57, 40), abs=1e-6)
    man = build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock, docks=[nb])
    m, st = check(man)
    compare(m, st, {"dock_clearance_ft": want, "setback_ft": 100.0, "reach_ft": 130.0,
                    "channel_clearance_ft": None},
            {"dock-clearance": "pass", "side-setback": "pass"})


# --------------------------------------------------------------------------
# 9. oblique channel edge, nearest point a float corner at 49.9 / 50.1 ft
# --------------------------------------------------------------------------
@pytest.mark.parametrize("gap,status", [(49.9, "fail"), (50.1, "pass")])
def test_oblique_channel_edge_at_limit(tmp_path, gap, status):
    # channel half-plane edge at 30 deg to the shore, facing the dock: inward normal
    # n = (-sin30, -cos30) from the channel; the float's far-right corner (10, 130) is the
    # terminus point deepest toward it.  Edge line: points q with
    # (q - P) . (sin30, cos30) = 0, P = (10, 130) + gap (sin30, cos30).
    fr = Frame(rotation=222.0)
    subject = rect(-100, -200, 100, 0)
    nbs = [rect(-300, -200, -100, 0), rect(100, -200, 300, 0)]
    mhw = LineString([(-450, 0), (450, 0)])
    nx, ny = math.sin(math.radians(30)), math.cos(math.radians(30))
    P = (10 + gap * nx, 130 + gap * ny)
    tx, ty = ny, -nx                                   # along the edge
    big = 300
    channel = Polygon([(P[0] - big * tx, P[1] - big * ty), (P[0] + big * tx, P[1] + big * ty),
                       (P[0] + big * tx + big * nx, P[1] + big * ty + big * ny),
                       (P[0] - big * tx + big * nx, P[1] - big * ty + big * ny)])
    dock = {"root": "auto", "bearing": "perpendicular", "length": 120.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "T"}}
    terminus = rect(-3, 110, 3, 120).union(rect(-10, 120, 10, 130))
    assert terminus.distance(channel) == pytest.approx(gap, abs=1e-6)
    man = build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock,
                channels=[channel], fmts={"channels": "geojson"},
                store={"channels": "EPSG:4326"})
    m, st = check(man)
    compare(m, st, {"channel_clearance_ft": gap, "reach_ft": 130.0, "setback_ft": 90.0},
            {"channel-clearance": status})


# --------------------------------------------------------------------------
# 10. an oblique dock that leaves the lot's zone: reach is measured from the FRONTAGE
#     (the MHW line between the water corners), not from the whole MHW line
# --------------------------------------------------------------------------
def _plain_lot(width=200.0):
    h = width / 2
    return (rect(-h, -200, h, 0), [rect(-h - 200, -200, -h, 0), rect(h, -200, h + 200, 0)],
            LineString([(-h - 300, 0), (h + 300, 0)]))


def test_oblique_dock_beyond_side_line_reach_from_frontage(tmp_path):
    fr = Frame(rotation=305.0)
    subject, nbs, mhw = _plain_lot()
    b = math.radians(40)
    ax, lat = (math.sin(b), math.cos(b)), (math.cos(b), -math.sin(b))
    root, L, W = (60.0, 0.0), 110.0, 6.0
    dock = {"root": fr.pt(*root), "bearing": fr.azimuth(*ax), "length": L, "width": W}
    vs = [(root[0] + a * ax[0] + l * lat[0], root[1] + a * ax[1] + l * lat[1])
          for a in (0, L) for l in (-W / 2, W / 2)]
    frontage_line = LineString([(-100, 0), (100, 0)])
    reach = max(frontage_line.distance(Point(p)) for p in vs)
    # the far left corner (128.41, 86.19) is hypot(28.41, 86.19) = 90.75 from the
    # water corner (100, 0) (only 86.19 from the MHW line's extension)
    assert reach == pytest.approx(math.hypot(60 + L * ax[0] - 3 * lat[0] - 100,
                                             L * ax[1] - 3 * lat[1]), abs=1e-9)
    right = 100 - max(u for u, _ in vs)                      # -33.01
    left = 100 + min(u for u, _ in vs)                       # 157.70
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock))
    compare(m, st, {"setback_right_ft": right, "setback_left_ft": left, "setback_ft": right,
                    "reach_ft": reach, "length_ft": L, "max_width_ft": 6.0},
            {"side-setback": "fail", "reach": "pass", "width": "pass",
             "float-area": "not-applicable", "float-position": "not-applicable"})


# --------------------------------------------------------------------------
# 11. a dock that starts in the water (root 10 ft seaward of the MHW line)
# --------------------------------------------------------------------------
def test_dock_starting_in_the_water(tmp_path):
    # README: length from "the last crossing behind it" -> from v = 0: 10 + 120 + 10 = 140
    fr = Frame(rotation=75.0)
    subject, nbs, mhw = _plain_lot()
    dock = {"root": fr.pt(0, 10), "bearing": fr.azimuth(0, 1), "length": 120.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "T"}}
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock))
    compare(m, st, {"reach_ft": 140.0, "length_ft": 140.0, "setback_ft": 90.0,
                    "frontage_ft": 200.0, "float_area_sqft": 200.0},
            {"reach": "pass", "float-position": "pass"})


# --------------------------------------------------------------------------
# 12. a bar (closed MHW ring) under the walkway; MHW in three pieces with a 10-ft gap
#     inside the frontage, one piece digitised backwards
# --------------------------------------------------------------------------
def test_island_under_walkway_and_broken_mhw(tmp_path):
    fr = Frame(rotation=160.0)
    subject, nbs, _ = _plain_lot()
    island = LineString(arc(0, 60, 15, 0, 360, step=1.0))
    pieces = [LineString([(-500, 0), (-30, 0)]), LineString([(500, 0), (-20, 0)])]  # gap -30..-20
    d = tmp_path
    d.mkdir(parents=True, exist_ok=True)
    mhw_geoms = pieces + [island]
    dock = {"root": "auto", "bearing": "perpendicular", "length": 110.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "T"}}
    man = build(d, fr, subject=subject, neighbours=nbs, mhw=mhw_geoms[0], dock=dock)
    # overwrite the MHW layer with all three features
    write_layer(d, fr, "mhw", mhw_geoms)
    m, st = check(man)
    compare(m, st, {"frontage_ft": 200.0, "frontage_chord_ft": 200.0, "setback_ft": 90.0,
                    "reach_ft": 120.0, "length_ft": 120.0},
            {"frontage": "pass", "reach": "pass", "side-setback": "pass"})


# --------------------------------------------------------------------------
# 13. an L-shaped fixed pier drawn as two 6-ft rectangles (overlapping at the bend)
# --------------------------------------------------------------------------
def test_l_shaped_fixed_pier_width(tmp_path):
    fr = Frame(rotation=20.0)
    subject, nbs, mhw = _plain_lot()
    parts = [("walkway", rect(-3, 0, 3, 100)), ("walkway", rect(-3, 94, 50, 100))]
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, footprint=parts))
    compare(m, st, {"max_width_ft": 6.0, "setback_left_ft": 97.0, "setback_right_ft": 50.0,
                    "reach_ft": 100.0},
            {"width": "pass", "side-setback": "fail"})


# --------------------------------------------------------------------------
# 14. float 0.4 ft off the walkway's end (within the 0.5-ft tolerance): position passes
# --------------------------------------------------------------------------
def test_float_gap_within_tolerance(tmp_path):
    fr = Frame(rotation=250.0)
    subject, nbs, mhw = _plain_lot(240.0)
    parts = [("walkway", rect(-3, 0, 3, 90)), ("float", rect(-12, 90.4, 12, 100.4))]
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, footprint=parts))
    compare(m, st, {"reach_ft": 100.4, "float_area_sqft": 240.0, "setback_ft": 108.0,
                    "frontage_ft": 240.0, "required_setback_ft": 96.0},
            {"float-position": "pass", "side-setback": "pass"})


# --------------------------------------------------------------------------
# 15. headland with radial side lines, perpendicular extension, oblique L dock
# --------------------------------------------------------------------------
def test_headland_radial_perpendicular_oblique_l_float(tmp_path):
    R, th = 350.0, 40.0
    C = (0.0, -R)
    fr = Frame(rotation=100.0)
    a_r, a_l = 90 - th / 2, 90 + th / 2                     # 70 (right), 110 (left)
    depth = 220.0

    def sector(a0, a1):
        return Polygon(arc(C[0], C[1], R, a0, a1) + arc(C[0], C[1], R - depth, a1, a0))

    subject = sector(a_r, a_l)
    nbs = [sector(a_l, a_l + 30), sector(a_r - 30, a_r)]
    mhw = LineString(arc(C[0], C[1], R, a_r - 40, a_l + 40))
    b = math.radians(15)
    ax, lat = (math.sin(b), math.cos(b)), (math.cos(b), -math.sin(b))
    L, W, FL, FW = 100.0, 6.0, 20.0, 8.0
    dock = {"root": "auto", "bearing": fr.azimuth(*ax), "length": L, "width": W,
            "float": {"length": FL, "width": FW, "layout": "L", "side": "left"}}

    def at(a, l):
        return (a * ax[0] + l * lat[0], a * ax[1] + l * lat[1])

    walk = Polygon([at(0, -3), at(0, 3), at(L, 3), at(L, -3)])
    flt = Polygon([at(L, -3), at(L, 17), at(L + FW, 17), at(L + FW, -3)])   # flush left
    vs = list(walk.exterior.coords) + list(flt.exterior.coords)
    corner = {s: (C[0] + R * math.cos(math.radians(a)), C[1] + R * math.sin(math.radians(a)))
              for s, a in (("r", a_r), ("l", a_l))}
    inner = {s: (C[0] + (R - depth) * math.cos(math.radians(a)),
                 C[1] + (R - depth) * math.sin(math.radians(a))) for s, a in (("r", a_r), ("l", a_l))}
    side = {s: LineString([inner[s], corner[s], (corner[s][0], corner[s][1] + 1000)])
            for s in ("r", "l")}
    dockg = walk.union(flt)
    right, left = dockg.distance(side["r"]), dockg.distance(side["l"])
    n = round(th / 0.1)
    frontage = n * 2 * R * math.sin(math.radians(0.05))
    for x, y in vs:     # radial projections within the frontage arc
        assert a_r < math.degrees(math.atan2(y - C[1], x - C[0])) < a_l
    reach = max(math.hypot(x - C[0], y - C[1]) - R for x, y in vs)
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock,
                        review={"extension": "perpendicular"}))
    compare(m, st, {
        "frontage_ft": frontage, "frontage_chord_ft": 2 * R * math.sin(math.radians(th / 2)),
        "required_setback_ft": 0.4 * frontage,
        "setback_left_ft": left, "setback_right_ft": right, "setback_ft": min(left, right),
        "reach_ft": reach, "length_ft": L + FW, "max_width_ft": 6.0, "float_area_sqft": 160.0,
    }, {"side-setback": "fail" if min(left, right) < 0.4 * frontage else "pass",
        "float-position": "pass", "reach": "pass"})


# --------------------------------------------------------------------------
# 16. parcel running 20 ft past the MHW line with 60/120-deg side lines
# --------------------------------------------------------------------------
def test_parallelogram_lot_past_mhw(tmp_path):
    fr = Frame(rotation=63.0)
    t = 1 / math.tan(math.radians(60))

    def lot(u0, u1, vs):
        return Polygon([(u0 + vs * t, vs), (u1 + vs * t, vs), (u1 - 180 * t, -180),
                        (u0 - 180 * t, -180)])

    subject = lot(-110, 110, 20.0)
    nbs = [lot(-330, -110, 0.0), lot(110, 330, 0.0)]
    mhw = LineString([(-450, 0), (450, 0)])
    dock = {"root": "auto", "bearing": "perpendicular", "length": 100.0, "width": 6.0,
            "float": {"length": 24.0, "width": 10.0, "layout": "T"}}
    parts = t_parts(100, 6, 24, 10)
    left = min(S3 * (u + 110) - v / 2 for u, v in verts(parts))
    right = min(S3 * (110 - u) + v / 2 for u, v in verts(parts))
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock))
    compare(m, st, {"frontage_ft": 220.0, "frontage_chord_ft": 220.0,
                    "setback_left_ft": left, "setback_right_ft": right,
                    "reach_ft": 110.0, "length_ft": 110.0},
            {"side-setback": "fail", "frontage": "pass"})


# --------------------------------------------------------------------------
# 17. a boat slip notched into the frontage: root "auto" is the midpoint ALONG the line
# --------------------------------------------------------------------------
def test_notched_frontage_auto_root_is_midpoint_along_line(tmp_path):
    # MHW (-100,0) -> (-60,0) -> (-60,-20) -> (-40,-20) -> (-40,0) -> (100,0): frontage
    # 240, chord 200.  120 ft along from the left corner is (-20, 0): the dock's axis
    # u = -20, bearing square to the chord (+v).  T 110 + 20 x 10:
    # left 100 - 20 - 10 = 70, right 100 + 20 - 10 = 110; required 0.4 * 240 = 96.
    fr = Frame(rotation=15.0)
    notch = [(-60, 0), (-60, -20), (-40, -20), (-40, 0)]
    subject = Polygon([(-100, -200), (100, -200), (100, 0)] + notch[::-1] + [(-100, 0)])
    nbs = [rect(-300, -200, -100, 0), rect(100, -200, 300, 0)]
    mhw = LineString([(-400, 0)] + notch + [(400, 0)])
    dock = {"root": "auto", "bearing": "perpendicular", "length": 110.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "T"}}
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock))
    compare(m, st, {"frontage_ft": 240.0, "frontage_chord_ft": 200.0,
                    "required_setback_ft": 96.0, "setback_left_ft": 70.0,
                    "setback_right_ft": 110.0, "setback_ft": 70.0,
                    "reach_ft": 120.0, "length_ft": 120.0},
            {"frontage": "pass", "side-setback": "fail"})


# --------------------------------------------------------------------------
# 18. trapezoid lot stopping 4 ft short of the MHW line, left side line at 30 deg:
#     the water corners are on the EXTENDED side lines
# --------------------------------------------------------------------------
def test_lot_short_of_mhw_oblique_side_line(tmp_path):
    # left line u = -110 + v tan30 (through (-110, 0)); the lot's seaward edge is v = -4,
    # its corner (-112.31, -4).  Water corners (-110, 0), (110, 0): frontage 220.
    # Root auto (0, 0); walkway 6 x 100 + T float 20 x 10.
    # left distance = cos30 (u + 110) - sin30 v -> float corner (-10, 110): 86.60 - 55 = 31.60
    fr = Frame(rotation=230.0)
    t = math.tan(math.radians(30))
    subject = Polygon([(-110 - 4 * t, -4), (110, -4), (110, -180), (-110 - 180 * t, -180)])
    nbs = [Polygon([(-300, -4), (-110 - 4 * t, -4), (-110 - 180 * t, -180), (-300, -180)]),
           rect(110, -180, 300, -4)]
    mhw = LineString([(-400, 0), (400, 0)])
    dock = {"root": "auto", "bearing": "perpendicular", "length": 100.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "T"}}
    c30, s30 = math.cos(math.radians(30)), math.sin(math.radians(30))
    left = min(c30 * (u + 110) - s30 * v for u, v in verts(t_parts(100, 6, 20, 10)))
    assert left == pytest.approx(c30 * 100 - 55)
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock))
    compare(m, st, {"frontage_ft": 220.0, "frontage_chord_ft": 220.0,
                    "required_setback_ft": 88.0, "setback_left_ft": left,
                    "setback_right_ft": 100.0, "reach_ft": 110.0, "length_ft": 110.0},
            {"side-setback": "fail"})


# --------------------------------------------------------------------------
# 19. a tapering walkway (5 ft at the shore, 9 ft at its seaward end): width 9
# --------------------------------------------------------------------------
def test_tapering_walkway_width(tmp_path):
    fr = Frame(rotation=280.0)
    subject, nbs, mhw = _plain_lot()
    walk = Polygon([(-2.5, 0), (2.5, 0), (4.5, 120), (-4.5, 120)])
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw,
                        footprint=[("walkway", walk)]))
    compare(m, st, {"max_width_ft": 9.0, "reach_ft": 120.0, "setback_ft": 95.5},
            {"width": "fail"})


# --------------------------------------------------------------------------
# 20. a curved side line: its last course, or the chord of its last 50 ft
# --------------------------------------------------------------------------
@pytest.mark.parametrize("direction", ["last-course", "chord"])
def test_curved_side_line_extension(tmp_path, direction):
    # left side line: straight from the water corner W = (-100, 0) to (-100, -20), then
    # curving outward through small bends (< 50 deg each). The parcel ends on the MHW
    # line, so W is the water corner and the frontage is 200 either way.
    # last-course: (-101, -30) lies 20/30.02 = 0.67 ft off the line W -> (-101, -30), over
    # the 0.5-ft course tolerance, so the last course is W -> (-100, -20): the extension
    # runs straight on, u = -100.
    # chord: P0 = 50 ft landward of W along the side line; the extension runs along P0 -> W.
    fr = Frame(rotation=45.0)
    bend = [(-100, 0), (-100, -20), (-101, -30), (-103, -40), (-106, -50), (-110, -60),
            (-115, -70), (-140, -200)]
    subject = Polygon([(100, 0), (100, -200)] + bend[::-1])
    nbs = [Polygon(bend + [(-340, -200), (-300, 0)]), rect(100, -200, 300, 0)]
    mhw = LineString([(-450, 0), (450, 0)])
    W = (-100.0, 0.0)
    P0 = (-100.0, -20.0) if direction == "last-course" else LineString(bend).interpolate(50)
    P0 = P0 if isinstance(P0, tuple) else (P0.x, P0.y)
    d = unit(W[0] - P0[0], W[1] - P0[1])
    ext = LineString([W, (W[0] + 1000 * d[0], W[1] + 1000 * d[1])])
    dock = {"root": "auto", "bearing": "perpendicular", "length": 110.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "I"}}
    mid = 0.0                                           # root auto: midpoint of the frontage
    parts = [("walkway", rect(mid - 3, 0, mid + 3, 110)), ("float", rect(mid - 5, 110, mid + 5, 130))]
    dockg = parts[0][1].union(parts[1][1])
    left = dockg.distance(ext.union(LineString(bend)))
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock,
                        review={"extension_direction": direction}))
    compare(m, st, {"frontage_ft": 200.0, "frontage_chord_ft": 200.0,
                    "setback_left_ft": left, "setback_right_ft": 100 - mid - 5,
                    "reach_ft": 130.0, "length_ft": 130.0},
            {"frontage": "pass"})


# --------------------------------------------------------------------------
# 21. cove with an oblique dock: terminus by distance from the frontage (shapely on the
#     construction), channel and neighbour dock both beside the dock
# --------------------------------------------------------------------------
def test_cove_oblique_dock_terminus_clearances(tmp_path):
    R = R_BAY
    fr = Frame(rotation=170.0)
    water = Polygon(arc(0, R, R, 0, 360)[:-1])
    outer = R + 250

    def sector(a0, a1):
        return Polygon(arc(0, R, R, a0, a1) + arc(0, R, outer, a1, a0))

    subject = sector(250, 290)
    nbs = [sector(230, 250), sector(290, 310)]
    b = math.radians(-12.0)                              # 12 deg anticlockwise of +v
    ax, lat = (math.sin(b), math.cos(b)), (math.cos(b), -math.sin(b))
    L, W, FL, FW = 115.0, 6.0, 24.0, 10.0

    def at(a, l):
        return (a * ax[0] + l * lat[0], a * ax[1] + l * lat[1])

    walk = Polygon([at(0, -3), at(0, 3), at(L, 3), at(L, -3)])
    flt = Polygon([at(L, -12), at(L, 12), at(L + FW, 12), at(L + FW, -12)])
    dockg = walk.union(flt)
    frontage_line = LineString(arc(0, R, R, 250, 290))
    reach = max(frontage_line.distance(Point(p)) for p in dockg.exterior.coords)
    terminus = dockg.difference(frontage_line.buffer(reach - 20, quad_segs=256))
    channel = Point(-120, 170).buffer(30, quad_segs=128)
    anch = rect(80, 100, 160, 180)
    nb_dock = rect(55, 30, 61, 140)          # close to the walkway, not to the terminus
    ch = min(terminus.distance(channel), terminus.distance(anch))
    dk = terminus.distance(nb_dock)
    assert dockg.distance(nb_dock) < dk
    dock = {"root": "auto", "bearing": fr.azimuth(*ax), "length": L, "width": W,
            "float": {"length": FL, "width": FW, "layout": "T"}}
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=water, dock=dock,
                        channels=[anch, channel], docks=[nb_dock]))
    compare(m, st, {"reach_ft": reach, "length_ft": L + FW, "channel_clearance_ft": ch,
                    "dock_clearance_ft": dk, "float_area_sqft": FL * FW},
            {"channel-clearance": "pass" if ch >= 50 else "fail",
             "dock-clearance": "pass" if dk >= 50 else "fail"})


# --------------------------------------------------------------------------
# 22. walkways wider at an END: a flared entry at the bulkhead, a flared seaward end,
#     and a 10 x 8 platform piece at the seaward end
# --------------------------------------------------------------------------
# The width is the cross-section square to the walkway's axis; at the flared entry the
# walkway is 12 ft wide at v = 0 (tapering to 6 ft at v = 8); the flared seaward end is
# 12 ft wide at v = 108.  Any cross-section through the 10 x 8 platform (across the
# dock's axis: 10 ft; along its own short side: 8 ft) is at least 8 ft: never 6.
@pytest.mark.parametrize("shape,want", [
    ("flared-entry", 12.0),
    ("flared-end", 12.0),
])
def test_walkway_flared_at_an_end(tmp_path, shape, want):
    fr = Frame(rotation=130.0)
    subject, nbs, mhw = _plain_lot()
    if shape == "flared-entry":
        walk = Polygon([(-6, 0), (6, 0), (3, 8), (3, 110), (-3, 110), (-3, 8)])
        reach = 110.0
    else:
        walk = Polygon([(-3, 0), (3, 0), (3, 100), (6, 108), (-6, 108), (-3, 100)])
        reach = 108.0
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw,
                        footprint=[("walkway", walk)]))
    compare(m, st, {"max_width_ft": want, "reach_ft": reach, "setback_ft": 94.0},
            {"width": "fail"})


def test_walkway_with_end_platform_piece(tmp_path):
    fr = Frame(rotation=130.0)
    subject, nbs, mhw = _plain_lot()
    parts = [("walkway", rect(-3, 0, 3, 100)), ("walkway", rect(-5, 100, 5, 108))]
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, footprint=parts))
    compare(m, st, {"reach_ft": 108.0, "setback_ft": 95.0}, {})
    assert m["max_width_ft"] >= 8.0 - TOL, m["max_width_ft"]


# --------------------------------------------------------------------------
# 23. walkway -> hinged ramp resting 2 ft onto a T float; piles flush along the walkway
#     and two mooring piles off the float's seaward corners
# --------------------------------------------------------------------------
def test_ramp_onto_float_with_piles(tmp_path):
    fr = Frame(rotation=340.0)
    subject, nbs, mhw = _plain_lot()
    parts = [("walkway", rect(-3, 0, 3, 80)), ("ramp", rect(-2, 80, 2, 112)),
             ("float", rect(-12, 110, 12, 120))]
    parts += [("pile", rect(3, v, 4, v + 1)) for v in (10, 40, 70)]
    parts += [("pile", rect(-4, v, -3, v + 1)) for v in (10, 40, 70)]
    parts += [("pile", rect(13, 123, 14, 124)), ("pile", rect(-14, 123, -13, 124))]
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, footprint=parts))
    compare(m, st, {"max_width_ft": 6.0, "reach_ft": 124.0, "setback_left_ft": 86.0,
                    "setback_right_ft": 86.0, "float_area_sqft": 240.0},
            {"width": "pass", "float-position": "pass", "float-area": "pass",
             "side-setback": "pass"})


# --------------------------------------------------------------------------
# 24. an oblique FOOTPRINT dock (walkway at 30 deg to the shore normal), T float
# --------------------------------------------------------------------------
def test_oblique_footprint_length_along_its_axis(tmp_path):
    fr = Frame(rotation=95.0)
    subject, nbs, mhw = _plain_lot(260.0)
    b = math.radians(30)
    ax, lat = (math.sin(b), math.cos(b)), (math.cos(b), -math.sin(b))

    def at(a, l):
        return (-40 + a * ax[0] + l * lat[0], a * ax[1] + l * lat[1])

    walk = Polygon([at(0, -3), at(0, 3), at(120, 3), at(120, -3)])
    flt = Polygon([at(120, -10), at(120, 10), at(130, 10), at(130, -10)])
    vs = list(walk.exterior.coords) + list(flt.exterior.coords)
    reach = max(v for _, v in vs)                        # 130 cos30 + 10 sin30 = 117.58
    right = 130 - max(u for u, _ in vs)
    left = 130 + min(u for u, _ in vs)
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw,
                        footprint=[("walkway", walk), ("float", flt)]))
    compare(m, st, {"reach_ft": reach, "length_ft": 130.0, "setback_left_ft": left,
                    "setback_right_ft": right, "max_width_ft": 6.0, "float_area_sqft": 200.0},
            {"float-position": "pass", "width": "pass"})


# --------------------------------------------------------------------------
# 25. pieces touching SIDE BY SIDE count as one (README): a 4-ft bump-out beside the
#     6-ft walkway makes it 10 ft wide there; a 12 x 12 turn platform at a dogleg
# --------------------------------------------------------------------------
# rotation 0: the pieces' shared edge is exact in the file; rotation 205: the bump-out's
# corners lie on the walkway's long edge to ~1e-11 ft (floating-point noise of any
# rotated or reprojected drawing) -- still touching side by side.
@pytest.mark.parametrize("rotation", [0.0, 205.0])
@pytest.mark.parametrize("where,span,want", [
    ("middle", (45, 55), 10.0),          # 4 x 10 bench beside the walkway, mid-length
    ("seaward-end", (80, 100), 10.0),    # 4 x 20 beside the last 20 ft
])
def test_side_by_side_bump_out(tmp_path, where, span, want, rotation):
    fr = Frame(rotation=rotation)
    subject, nbs, mhw = _plain_lot()
    parts = [("walkway", rect(-3, 0, 3, 100)), ("walkway", rect(3, span[0], 7, span[1]))]
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, footprint=parts))
    compare(m, st, {"max_width_ft": want, "reach_ft": 100.0, "setback_right_ft": 93.0,
                    "setback_left_ft": 97.0}, {"width": "fail"})


def test_dogleg_with_turn_platform(tmp_path):
    # 6-ft walkway to (0, 60), then 60 ft at 40 deg to the right; a 12 x 12 platform
    # centred on the bend (all "walkway"): 12 ft wide across either axis at the bend.
    fr = Frame(rotation=60.0)
    subject, nbs, mhw = _plain_lot()
    b = math.radians(40)
    e = (60 * math.sin(b), 60 + 60 * math.cos(b))
    w1 = rect(-3, 0, 3, 60)
    w2 = LineString([(0, 60), e]).buffer(3, cap_style="flat")
    plat = rect(-6, 54, 6, 66)
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw,
                        footprint=[("walkway", w1), ("walkway", w2), ("walkway", plat)]))
    reach = e[1] + 3 * math.sin(b)
    compare(m, st, {"max_width_ft": 12.0, "reach_ft": reach, "setback_left_ft": 94.0},
            {"width": "fail"})


# --------------------------------------------------------------------------
# 26. the MHW line digitised in two features whose ends OVERLAP at a map-sheet seam
#     inside the frontage (2 ft and 20 ft): the line is still the straight v = 0
# --------------------------------------------------------------------------
@pytest.mark.parametrize("overlap", [2.0, 20.0])
def test_mhw_pieces_overlapping_at_a_seam(tmp_path, overlap):
    fr = Frame(rotation=20.0)
    subject, nbs, mhw = _plain_lot()
    pieces = [LineString([(-500, 0), (10, 0)]), LineString([(500, 0), (10 - overlap, 0)])]
    dock = {"root": "auto", "bearing": "perpendicular", "length": 110.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "T"}}
    man = build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock)
    write_layer(tmp_path, fr, "mhw", pieces)
    m, st = check(man)
    compare(m, st, {"frontage_ft": 200.0, "frontage_chord_ft": 200.0,
                    "required_setback_ft": 80.0, "setback_left_ft": 90.0,
                    "setback_right_ft": 90.0, "reach_ft": 120.0, "length_ft": 120.0},
            {"frontage": "pass", "side-setback": "pass"})


# --------------------------------------------------------------------------
# 27. a groin on the lot digitised as its own MHW feature (a 3 x 40 ft outline whose
#     ends touch the shoreline); the dock, rooted explicitly at (0, 0), is 47 ft away
# --------------------------------------------------------------------------
def test_groin_as_separate_mhw_feature(tmp_path):
    fr = Frame(rotation=20.0)
    subject, nbs, mhw = _plain_lot()
    groin = LineString([(50, 0), (50, 40), (53, 40), (53, 0)])
    dock = {"root": fr.pt(0, 0), "bearing": fr.azimuth(0, 1), "length": 110.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "T"}}
    man = build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=mhw, dock=dock)
    write_layer(tmp_path, fr, "mhw", [mhw, groin])
    m, st = check(man)
    # frontage: 200, along the shore between the water corners; the groin is a side branch of the MHW network.
    # reach: the float corner (-10, 120) is 120 from (-10, 0) (the groin is farther).
    compare(m, st, {"frontage_ft": 200.0, "setback_left_ft": 90.0, "setback_right_ft": 90.0, "reach_ft": 120.0,
                    "length_ft": 120.0, "max_width_ft": 6.0}, {"side-setback": "pass"})


# --------------------------------------------------------------------------
# 28. headland with the MHW given as the LAND polygon (the lot inside it)
# --------------------------------------------------------------------------
def test_headland_mhw_as_land_polygon(tmp_path):
    # circle R = 300 centred (0, -300), land inside; lot u in [-100, 100]; T dock from the
    # frontage midpoint (0, 0), perpendicular to the chord (+v, radial).
    # frontage 2R asin(100/R) = 203.90; reach: float corner (+-10, 120) -> hypot(10, 420) - 300
    R = 300.0
    fr = Frame(rotation=140.0)
    disk = Polygon(arc(0, -R, R, 0, 360)[:-1])
    subject = box(-100, -260, 100, 50).intersection(disk)
    nbs = [box(-290, -260, -100, 50).intersection(disk), box(100, -260, 290, 50).intersection(disk)]
    dock = {"root": "auto", "bearing": "perpendicular", "length": 110.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "T"}}
    m, st = check(build(tmp_path, fr, subject=subject, neighbours=nbs, mhw=disk, dock=dock))
    frontage = 2 * R * math.asin(100 / R)
    compare(m, st, {"frontage_ft": frontage, "frontage_chord_ft": 200.0,
                    "required_setback_ft": 0.4 * frontage, "setback_left_ft": 90.0,
                    "setback_right_ft": 90.0, "reach_ft": math.hypot(10, R + 120) - R,
                    "length_ft": 120.0},
            {"frontage": "pass", "side-setback": "pass", "reach": "pass"})
