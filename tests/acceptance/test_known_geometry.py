"""Known-answer tests: sites built so that every answer is known by hand.

Local frame of tests/sitegen.py: u along the shore, v seaward, the lot's water
corners at (-100, 0) and (+100, 0) for a 200-ft lot; looking seaward (+v) the
right hand is +u, so the *left* side line passes through (-100, 0).

The standard parametric dock (``t_dock``): root "auto" = midpoint of the
frontage = (0, 0); bearing perpendicular = +v; a 110 x 6 walkway
u in [-3, 3], v in [0, 110]; a 20 x 10 T float u in [-10, 10], v in [110, 120].
"""

from __future__ import annotations

import json
import math

import pytest
from shapely.geometry import LineString, Polygon

from support import ordinance_sites, sitegen
from support.sitegen import (
    MEASUREMENT_KEYS,
    make_site,
    rect,
    strip,
    t_dock,
    t_footprint,
)

dockreview = pytest.importorskip("dockreview")

TOL = 0.05
ROTATIONS = [0.0, 25.0, 90.0, 137.0, 210.0]


def run(site, engine=None):
    kw = {} if engine is None else {"engine": engine}
    return dockreview.review(dockreview.load_site(str(site.manifest), **kw))


def assert_measurements(m, expected):
    """Every expected key within TOL; all mismatches are reported together."""
    bad = []
    for key, want in expected.items():
        if key not in m:
            bad.append(f"{key}: missing")
        elif want is None:
            if m[key] is not None:
                bad.append(f"{key}: expected None, got {m[key]!r}")
        elif m[key] is None or m[key] != pytest.approx(want, abs=TOL):
            bad.append(f"{key}: expected {want:.4f}, got {m[key]!r}")
    assert not bad, "; ".join(bad)


# The base answer for the standard T dock on a straight 200-ft lot.
BASE = {
    "frontage_ft": 200.0,
    "frontage_chord_ft": 200.0,
    "required_setback_ft": 80.0,            # max(0.4 * 200, 60)
    "setback_left_ft": 90.0,                # 100 - 10 (T float half-length)
    "setback_right_ft": 90.0,
    "setback_ft": 90.0,
    "reach_ft": 120.0,                      # 110 walkway + 10 float width
    "length_ft": 120.0,
    "max_width_ft": 6.0,
    "float_area_sqft": 200.0,
}


# --------------------------------------------------------------------------
# 1. straight shore at several rotations
# --------------------------------------------------------------------------
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_straight_shore_t_float(tmp_path, rotation):
    site = make_site(tmp_path, rotation=rotation, dock=t_dock())
    r = run(site)
    m = r.measurements
    assert set(MEASUREMENT_KEYS) <= set(m)
    assert_measurements(m, {**BASE, "channel_clearance_ft": None, "dock_clearance_ft": None})

    status = {c.id: c.status for c in r.checks}
    assert status["frontage"] == "pass"
    assert status["side-setback"] == "pass"
    assert status["reach"] == "pass"
    assert status["width"] == "pass"
    assert status["float-area"] == "pass"
    assert status["float-position"] == "pass"
    assert status["channel-clearance"] == "needs-data"
    assert status["dock-clearance"] == "needs-data"
    assert r.verdict == "incomplete"

    sb = r.check("side-setback")
    assert sb.value == pytest.approx(90.0, abs=TOL)
    assert sb.limit == pytest.approx(80.0, abs=TOL)
    assert "C" in sb.section
    assert r.check("frontage").value == pytest.approx(200.0, abs=TOL)
    assert r.check("frontage").limit == pytest.approx(150.0)
    assert r.check("width").limit == pytest.approx(8.0)
    assert r.check("float-area").limit == pytest.approx(500.0)
    assert r.check("reach").limit == pytest.approx(200.0)

    d = r.to_dict()
    assert d["verdict"] == "incomplete"
    assert d["parcel_id"] == sitegen.SUBJECT_ID
    assert set(MEASUREMENT_KEYS) <= set(d["measurements"])
    assert {c["id"] for c in d["checks"]} >= {
        "frontage", "side-setback", "reach", "channel-clearance", "dock-clearance",
        "width", "float-area", "float-position"}
    json.dumps(d)  # JSON-ready


@pytest.mark.parametrize("rotation", [0.0, 137.0])
def test_straight_shore_i_float(tmp_path, rotation):
    # I float 20 x 10 continues the walkway: u in [-5, 5], v in [110, 130]
    dock = {"root": "auto", "bearing": "perpendicular", "length": 110.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "I"}}
    m = run(make_site(tmp_path, rotation=rotation, dock=dock)).measurements
    assert_measurements(m, {**BASE, "setback_left_ft": 95.0, "setback_right_ft": 95.0,
                             "setback_ft": 95.0, "reach_ft": 130.0, "length_ft": 130.0})


@pytest.mark.parametrize("rotation", [0.0, 90.0, 210.0])
def test_explicit_root_and_bearing(tmp_path, rotation):
    # root at local (30, 0), bearing = the seaward normal given as a grid azimuth:
    # the dock moves 30 ft to the right: left 100 + 30 - 10 = 120, right 100 - 30 - 10 = 60
    dock = {**t_dock(), "root": (30.0, 0.0), "bearing": 0.0}
    m = run(make_site(tmp_path, rotation=rotation, dock=dock)).measurements
    assert_measurements(m, {**BASE, "setback_left_ft": 120.0, "setback_right_ft": 60.0,
                             "setback_ft": 60.0})


# --------------------------------------------------------------------------
# 2. L float, flush with one side of the walkway
# --------------------------------------------------------------------------
# Reading of the contract: "L: across its end, flush with one side (side = left|right)":
# ``side`` names the side of the walkway the float is flush with, so the float runs
# from that edge of the walkway across the axis to the other side.
#   side = left : float u in [-3, 17]  -> left 100 - 3 = 97, right 100 - 17 = 83
#   side = right: float u in [-17, 3]  -> left 83, right 97
@pytest.mark.parametrize("rotation", [0.0, 137.0])
@pytest.mark.parametrize("side,left,right", [("left", 97.0, 83.0), ("right", 83.0, 97.0)])
def test_l_float(tmp_path, rotation, side, left, right):
    dock = {"root": "auto", "bearing": "perpendicular", "length": 110.0, "width": 6.0,
            "float": {"length": 20.0, "width": 10.0, "layout": "L", "side": side}}
    r = run(make_site(tmp_path, rotation=rotation, dock=dock))
    assert_measurements(r.measurements, {
        **BASE, "setback_left_ft": left, "setback_right_ft": right, "setback_ft": 83.0})
    assert r.check("float-position").status == "pass"


def test_l_float_sides_are_mirror_images(tmp_path):
    """Whatever the convention, side=left and side=right swap the two setbacks."""
    out = {}
    for side in ("left", "right"):
        dock = {"root": "auto", "bearing": "perpendicular", "length": 110.0, "width": 6.0,
                "float": {"length": 20.0, "width": 10.0, "layout": "L", "side": side}}
        out[side] = run(make_site(tmp_path / side, rotation=25.0, dock=dock)).measurements
    assert sorted([out["left"]["setback_left_ft"], out["left"]["setback_right_ft"]]) == \
        pytest.approx([83.0, 97.0], abs=TOL)
    assert out["left"]["setback_left_ft"] == pytest.approx(out["right"]["setback_right_ft"], abs=TOL)
    assert out["left"]["setback_right_ft"] == pytest.approx(out["right"]["setback_left_ft"], abs=TOL)


# --------------------------------------------------------------------------
# 3. oblique side lines
# --------------------------------------------------------------------------
# Left side line: u = -100 + v tan(aL); right: u = 100 - v tan(aR)  (a > 0: lot widens
# landward, the lines converge seaward).  Distance from (u, v) to the left line is
# (u + 100) cos aL - v sin aL, to the right line (100 - u) cos aR - v sin aR (positive
# inside).  Over a convex dock piece the minimum is at a vertex; the dock vertices are
# (+-3, 0), (+-3, 110), (+-10, 110), (+-10, 120).
DOCK_VERTICES = [(-3, 0), (3, 0), (-3, 110), (3, 110), (-10, 110), (10, 110), (-10, 120), (10, 120)]


def hand_left(a_deg):
    a = math.radians(a_deg)
    return min((u + 100) * math.cos(a) - v * math.sin(a) for u, v in DOCK_VERTICES)


def hand_right(a_deg):
    a = math.radians(a_deg)
    return min((100 - u) * math.cos(a) - v * math.sin(a) for u, v in DOCK_VERTICES)


def test_hand_formulas_spot_values():
    # spelled out once: aL = 10 deg -> float corner (-10, 120): 90 cos10 - 120 sin10
    assert hand_left(10) == pytest.approx(90 * 0.984808 - 120 * 0.173648, abs=1e-3)   # 67.795
    assert hand_right(20) == pytest.approx(90 * 0.939693 - 120 * 0.342020, abs=1e-3)  # 43.530
    assert hand_left(-12) == pytest.approx(97 * 0.978148, abs=1e-3)                   # 94.880
    assert hand_right(8) == pytest.approx(90 * 0.990268 - 120 * 0.139173, abs=1e-3)   # 72.423


@pytest.mark.parametrize("rotation", [0.0, 25.0, 210.0])
@pytest.mark.parametrize("aL,aR", [(10.0, 20.0), (-12.0, 8.0)])
def test_oblique_side_lines_straight_extension(tmp_path, rotation, aL, aR):
    site = make_site(tmp_path, rotation=rotation, left_angle=aL, right_angle=aR, dock=t_dock(),
                     review={"extension": "straight"})
    left, right = hand_left(aL), hand_right(aR)
    assert_measurements(run(site).measurements, {
        **BASE, "setback_left_ft": left, "setback_right_ft": right,
        "setback_ft": min(left, right)})


@pytest.mark.parametrize("rotation", [0.0, 137.0])
def test_oblique_side_lines_perpendicular_extension_converging(tmp_path, rotation):
    # aL = 10, aR = 20: the landward side lines lie outside u in [-100, 100]; the
    # extensions are the rays u = -100 and u = +100 (v >= 0): 100 - 10 = 90 each side.
    site = make_site(tmp_path, rotation=rotation, left_angle=10.0, right_angle=20.0,
                     dock=t_dock(), review={"extension": "perpendicular"})
    assert_measurements(run(site).measurements, BASE)


def test_oblique_side_lines_perpendicular_extension_diverging(tmp_path):
    # A plain 120 x 6 walkway (no float), aL = -12, aR = 8, extension perpendicular.
    # Left: the side line itself leans inward landward; the walkway root corner (-3, 0)
    # is 97 cos 12 = 94.880 from it (foot 97 sin 12 = 20.2 ft landward along the side
    # line, inside the 153-ft side line), and 97 from the perpendicular ray u = -100.
    # Right: landward side line outside the lot zone, ray u = 100: 100 - 3 = 97.
    dock = {"root": "auto", "bearing": "perpendicular", "length": 120.0, "width": 6.0}
    site = make_site(tmp_path, rotation=25.0, left_angle=-12.0, right_angle=8.0,
                     dock=dock, review={"extension": "perpendicular"})
    left = 97 * math.cos(math.radians(12))
    assert_measurements(run(site).measurements, {
        "frontage_ft": 200.0, "setback_left_ft": left, "setback_right_ft": 97.0,
        "setback_ft": left, "reach_ft": 120.0, "length_ft": 120.0, "max_width_ft": 6.0})


def test_oblique_side_lines_straight_extension_walkway_only(tmp_path):
    # same walkway, straight extension: left 97 cos 12 = 94.880 (as above);
    # right line u = 100 - v tan 8: nearest (3, 120): 97 cos 8 - 120 sin 8 = 79.354
    dock = {"root": "auto", "bearing": "perpendicular", "length": 120.0, "width": 6.0}
    site = make_site(tmp_path, rotation=210.0, left_angle=-12.0, right_angle=8.0, dock=dock)
    left = 97 * math.cos(math.radians(12))
    right = 97 * math.cos(math.radians(8)) - 120 * math.sin(math.radians(8))
    assert_measurements(run(site).measurements, {
        "setback_left_ft": left, "setback_right_ft": right, "setback_ft": right,
        "reach_ft": 120.0, "length_ft": 120.0})


# --------------------------------------------------------------------------
# 4. the parcel ends on, short of, or past the MHW line
# --------------------------------------------------------------------------
@pytest.mark.parametrize("seaward_end", [0.0, -3.0, 15.0])
@pytest.mark.parametrize("rotation", [0.0, 137.0])
def test_parcel_end_relative_to_mhw(tmp_path, seaward_end, rotation):
    site = make_site(tmp_path, rotation=rotation, seaward_end=seaward_end, dock=t_dock())
    assert_measurements(run(site).measurements, BASE)


# --------------------------------------------------------------------------
# 5. curved shore
# --------------------------------------------------------------------------
def test_curved_shore(tmp_path):
    # Headland: circle of radius R = 500 centred at local (0, -500), land inside.
    # Lot = annular sector of theta = 24 deg with radial side lines, MHW densified at
    # 0.1 deg, the water corners on vertices: the frontage is the 240-segment polyline,
    # 240 * 2R sin(0.05 deg) = 209.4395 (arc R theta = 209.4395; they differ by 3e-5 ft).
    R, theta = 500.0, 24.0
    step = 0.1
    n = round(theta / step)
    frontage = n * 2 * R * math.sin(math.radians(step / 2))
    assert frontage == pytest.approx(R * math.radians(theta), abs=1e-3)
    chord = 2 * R * math.sin(math.radians(theta / 2))                      # 207.9117
    half = math.radians(theta / 2)
    # Root auto = midpoint of the frontage = (0, 0); perpendicular to the chord = +v =
    # radial.  Distance from (u, v) to the left radial line (through (0,-R) at 90+12 deg)
    # is (v + R) sin 12 + u cos 12; the nearest vertex is the walkway root (-3, 0):
    # 500 sin 12 - 3 cos 12 = 101.021 (the foot is on the side line itself, at radius
    # 500 cos 12 + 3 sin 12 = 489.7 > 350).  Symmetric on the right.
    setback = min((v + R) * math.sin(half) - abs(u) * math.cos(half) for u, v in DOCK_VERTICES)
    assert setback == pytest.approx(R * math.sin(half) - 3 * math.cos(half), abs=1e-9)
    # Reach: the float's outer corners (+-10, 120) are sqrt(620^2 + 10^2) from the centre:
    # 120.0806 beyond the circle (the polyline lies inside the arc by at most
    # R (1 - cos 0.05 deg) = 0.0002 ft).
    reach = math.hypot(R + 120.0, 10.0) - R
    site = make_site(tmp_path, rotation=25.0, curved={"radius": R, "theta": theta}, dock=t_dock())
    assert_measurements(run(site).measurements, {
        "frontage_ft": frontage,
        "frontage_chord_ft": chord,
        "required_setback_ft": 0.4 * frontage,
        "setback_left_ft": setback,
        "setback_right_ft": setback,
        "setback_ft": setback,
        "reach_ft": reach,
        "length_ft": 120.0,
        "max_width_ft": 6.0,
        "float_area_sqft": 200.0,
    })


# --------------------------------------------------------------------------
# 6. storage CRS and file format do not change the answer
# --------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["shp", "gpkg", "geojson"])
@pytest.mark.parametrize("crs", ["EPSG:2263", "EPSG:32618", "EPSG:4326", "EPSG:6539"])
def test_storage_crs_and_format(tmp_path, fmt, crs):
    site = make_site(tmp_path, rotation=25.0, dock=t_dock(), fmt=fmt, crs=crs,
                     channels=[rect(-500, 180, 500, 400)], docks=[rect(150, 0, 156, 110)])
    assert_measurements(run(site).measurements,
                        {**BASE, "channel_clearance_ft": 60.0, "dock_clearance_ft": 140.0})


@pytest.mark.parametrize("fmt", ["shp", "gpkg", "geojson"])
@pytest.mark.parametrize("crs", ["EPSG:2263", "EPSG:32618", "EPSG:4326"])
def test_storage_crs_and_format_footprint(tmp_path, fmt, crs):
    site = make_site(tmp_path, rotation=137.0, footprint=t_footprint(), fmt=fmt, crs=crs)
    assert_measurements(run(site).measurements, BASE)


def test_working_crs_in_metres(tmp_path):
    # EPSG:32118 is the same Lambert projection as EPSG:2263 but in metres: grid
    # distances are the same lengths, so the answers in feet must not change
    # (200 US ft = 200.0004 international ft: far inside the tolerance).
    site = make_site(tmp_path, rotation=25.0, dock=t_dock(), working_crs="EPSG:32118",
                     channels=[rect(-500, 180, 500, 400)])
    m = run(site).measurements
    assert_measurements(m, {**BASE, "channel_clearance_ft": 60.0})
    d = dockreview.review(dockreview.load_site(str(site.manifest))).to_dict()
    assert "32118" in str(d["crs"]) or "Long Island" in str(d["crs"])


def test_assume_crs_for_layer_without_crs(tmp_path):
    site = make_site(tmp_path, rotation=90.0, dock=t_dock(), fmt="shp")
    (tmp_path / "parcels.prj").unlink()
    site.rewrite(layers={"parcels": {"path": "parcels.shp", "assume_crs": "EPSG:2263"}})
    assert_measurements(run(site).measurements, BASE)


# --------------------------------------------------------------------------
# 7. footprint dock equal to the parametric dock
# --------------------------------------------------------------------------
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_footprint_equals_parametric(tmp_path, rotation):
    par = run(make_site(tmp_path / "p", rotation=rotation, dock=t_dock())).measurements
    fp = run(make_site(tmp_path / "f", rotation=rotation, footprint=t_footprint())).measurements
    assert_measurements(fp, BASE)
    for k in BASE:
        assert fp[k] == pytest.approx(par[k], abs=TOL), k


@pytest.mark.parametrize("side,left,right", [("left", 97.0, 83.0), ("right", 83.0, 97.0)])
def test_footprint_l_float(tmp_path, side, left, right):
    fl = rect(-3, 110, 17, 120) if side == "left" else rect(-17, 110, 3, 120)
    fp = [("walkway", rect(-3, 0, 3, 110)), ("float", fl)]
    r = run(make_site(tmp_path, rotation=210.0, footprint=fp))
    assert_measurements(r.measurements, {
        **BASE, "setback_left_ft": left, "setback_right_ft": right, "setback_ft": 83.0})


# --------------------------------------------------------------------------
# 8. clearances from the seaward terminus
# --------------------------------------------------------------------------
@pytest.mark.parametrize("rotation", [0.0, 137.0])
def test_channel_seaward_of_terminus(tmp_path, rotation):
    # channel from v = 180: 180 - 120 = 60 from the float's seaward edge
    site = make_site(tmp_path, rotation=rotation, dock=t_dock(),
                     channels=[rect(-500, 180, 500, 400)])
    r = run(site)
    assert_measurements(r.measurements, {"channel_clearance_ft": 60.0, "dock_clearance_ft": None})
    assert r.check("channel-clearance").status == "pass"
    assert r.check("channel-clearance").limit == pytest.approx(50.0)
    assert r.check("dock-clearance").status == "needs-data"


def test_channel_clearance_measured_from_terminus_only(tmp_path):
    # Channel u in [70, 300], v in [20, 60].  The whole dock comes within 70 - 3 = 67 ft
    # (walkway edge u = 3 at v <= 60), but the seaward terminus is only the part farther
    # than 120 - 20 = 100 ft from the frontage: walkway v in [100, 110] and the float.
    # Its nearest point is the walkway corner (3, 100): hypot(67, 40) = 78.032
    # (the float corner (10, 110) gives hypot(60, 50) = 78.102).
    site = make_site(tmp_path, rotation=25.0, dock=t_dock(), channels=[rect(70, 20, 300, 60)])
    assert_measurements(run(site).measurements, {"channel_clearance_ft": math.hypot(67, 40)})


def test_terminus_depth_setting(tmp_path):
    # terminus_depth_ft = 40: terminus = farther than 80 ft: walkway from v = 80;
    # nearest point to the channel above is (3, 80): hypot(67, 20) = 69.921
    site = make_site(tmp_path, rotation=25.0, dock=t_dock(), channels=[rect(70, 20, 300, 60)],
                     review={"terminus_depth_ft": 40.0})
    assert_measurements(run(site).measurements, {"channel_clearance_ft": math.hypot(67, 20)})


def test_channel_too_close_fails(tmp_path):
    site = make_site(tmp_path, rotation=0.0, dock=t_dock(), channels=[rect(-500, 150, 500, 400)],
                     docks=[rect(150, 0, 156, 110)])
    r = run(site)
    assert_measurements(r.measurements, {"channel_clearance_ft": 30.0, "dock_clearance_ft": 140.0})
    assert r.check("channel-clearance").status == "fail"
    assert r.check("dock-clearance").status == "pass"
    assert r.verdict == "noncompliant"


@pytest.mark.parametrize("rotation", [25.0, 210.0])
def test_existing_docks(tmp_path, rotation):
    # neighbour dock u in [150, 156]: from the float corner (10, 110..120): 140;
    # a dock u in [50, 56], v in [0, 130]: 50 - 10 = 40 -> fail
    r = run(make_site(tmp_path / "a", rotation=rotation, dock=t_dock(),
                      docks=[rect(150, 0, 156, 110)]))
    assert_measurements(r.measurements, {"dock_clearance_ft": 140.0, "channel_clearance_ft": None})
    assert r.check("dock-clearance").status == "pass"
    assert r.check("channel-clearance").status == "needs-data"
    r = run(make_site(tmp_path / "b", rotation=rotation, dock=t_dock(),
                      docks=[rect(150, 0, 156, 110), rect(50, 0, 56, 130)]))
    assert_measurements(r.measurements, {"dock_clearance_ft": 40.0})
    assert r.check("dock-clearance").status == "fail"
    assert r.verdict == "noncompliant"


def test_existing_dock_as_line(tmp_path):
    # a dock digitised as a centre line u = -150, v in [0, 130]: 150 - 10 = 140
    site = make_site(tmp_path, rotation=137.0, dock=t_dock(),
                     docks=[LineString([(-150, 0), (-150, 130)])])
    assert_measurements(run(site).measurements, {"dock_clearance_ft": 140.0})


# --------------------------------------------------------------------------
# 9. width of the fixed dock
# --------------------------------------------------------------------------
def test_width_touching_pieces_count_as_one(tmp_path):
    fp = [("walkway", rect(-3, 0, 3, 110)), ("walkway", rect(3, 0, 7, 110)),
          ("float", rect(-10, 110, 10, 120))]
    r = run(make_site(tmp_path, rotation=25.0, footprint=fp))
    assert_measurements(r.measurements, {"max_width_ft": 10.0, **{
        k: BASE[k] for k in ("setback_left_ft", "setback_right_ft", "reach_ft", "float_area_sqft")}})
    assert r.check("width").status == "fail"
    assert r.verdict == "noncompliant"


@pytest.mark.parametrize("rotation", [0.0, 137.0])
def test_width_bent_walkway(tmp_path, rotation):
    # centre line (0,0) -> (0,60) -> 60 ft at 30 deg to the right: end (30, 60 + 60 cos30)
    # a 6-ft strip with a mitred bend: width 6 (its bounding box is ~36 ft wide).
    end = (60 * math.sin(math.radians(30)), 60 + 60 * math.cos(math.radians(30)))
    walk = strip([(0, 0), (0, 60), end], 6.0)
    assert walk.bounds[2] - walk.bounds[0] > 30
    r = run(make_site(tmp_path, rotation=rotation, footprint=[("walkway", walk)]))
    # farthest point: the end cap corner end + 3 (-cos30, sin30) -> v = 60 + 60 cos30 + 1.5
    # rightmost point: end + 3 (cos30, -sin30) -> u = 30 + 3 cos30 = 32.598
    assert_measurements(r.measurements, {
        "max_width_ft": 6.0,
        "reach_ft": 60 + 60 * math.cos(math.radians(30)) + 1.5,
        "setback_left_ft": 97.0,
        "setback_right_ft": 100 - (30 + 3 * math.cos(math.radians(30))),
    })
    assert r.check("width").status == "pass"
    assert r.check("float-area").status == "not-applicable"
    assert r.check("float-position").status == "not-applicable"


def test_float_not_counted_in_width(tmp_path):
    # a 12-ft-wide float (20 x 12 T) does not make the fixed dock 12 wide
    fp = [("walkway", rect(-3, 0, 3, 110)), ("float", rect(-10, 110, 10, 122))]
    r = run(make_site(tmp_path, footprint=fp))
    assert_measurements(r.measurements, {"max_width_ft": 6.0, "float_area_sqft": 240.0})


def test_float_position_fails_when_walkway_passes_the_float(tmp_path):
    # float set halfway along the walkway, beside it: walkway reaches further seaward
    fp = [("walkway", rect(-3, 0, 3, 110)), ("float", rect(3, 50, 13, 70))]
    r = run(make_site(tmp_path, footprint=fp))
    assert r.check("float-position").status == "fail"
    assert_measurements(r.measurements, {"reach_ft": 110.0, "float_area_sqft": 200.0})


def test_float_area_over_limit(tmp_path):
    # 30 x 20 T float: 600 sq ft > 500
    dock = t_dock(float_length=30.0, float_width=20.0)
    r = run(make_site(tmp_path, rotation=25.0, dock=dock))
    assert_measurements(r.measurements, {"float_area_sqft": 600.0, "reach_ft": 130.0,
                                         "setback_ft": 85.0})
    assert r.check("float-area").status == "fail"


# --------------------------------------------------------------------------
# 10. both read engines
# --------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["shp", "gpkg", "geojson"])
def test_engines_agree(tmp_path, fmt):
    site = make_site(tmp_path, rotation=137.0, left_angle=10.0, right_angle=-5.0,
                     footprint=t_footprint(), fmt=fmt, crs="EPSG:32618",
                     channels=[rect(-500, 180, 500, 400)], docks=[rect(150, 0, 156, 110)])
    a = run(site, engine="pyogrio").measurements
    b = run(site, engine="fiona").measurements
    for k in MEASUREMENT_KEYS:
        if a[k] is None:
            assert b[k] is None, k
        else:
            assert b[k] == pytest.approx(a[k], abs=TOL), k
    assert_measurements(a, {"frontage_ft": 200.0, "channel_clearance_ft": 60.0,
                            "dock_clearance_ft": 140.0, "setback_left_ft": hand_left(10.0),
                            "setback_right_ft": hand_right(-5.0)})


# --------------------------------------------------------------------------
# 11. the command
# --------------------------------------------------------------------------
def _cli(args):
    from click.testing import CliRunner

    from dockreview.cli import main
    return CliRunner().invoke(main, args, catch_exceptions=False)


def _compliant_site(tmp_path):
    # the whole article's data (soundings, attributes, ...): without it the verdict is incomplete (issue 3)
    site = make_site(tmp_path, rotation=25.0, dock=t_dock(),
                     channels=[rect(-500, 180, 500, 400)], docks=[rect(150, 0, 156, 110)])
    ordinance_sites.complete(site)
    return site


def test_cli_compliant_exit_0_and_json_stdout(tmp_path):
    site = _compliant_site(tmp_path)
    res = _cli(["check", str(site.manifest), "--json", "-"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert d["verdict"] == "compliant"
    assert d["parcel_id"] == sitegen.SUBJECT_ID
    assert set(MEASUREMENT_KEYS) <= set(d["measurements"])
    assert_measurements(d["measurements"], {**BASE, "channel_clearance_ft": 60.0,
                                            "dock_clearance_ft": 140.0})
    for c in d["checks"]:
        assert {"id", "section", "status", "value", "limit", "unit", "message"} <= set(c)
        assert c["status"] in {"pass", "not-applicable", "board"}, c


def test_cli_json_to_file_and_table(tmp_path):
    site = _compliant_site(tmp_path / "s")
    out = tmp_path / "out.json"
    res = _cli(["check", str(site.manifest), "--json", str(out)])
    assert res.exit_code == 0, res.output
    d = json.loads(out.read_text())
    assert d["verdict"] == "compliant"
    assert "compliant" in res.output.lower()
    assert "side-setback" in res.output or "setback" in res.output.lower()


def test_cli_noncompliant_exit_1(tmp_path):
    # a 10-ft walkway: width fails (setbacks still 90: the float is wider)
    site = make_site(tmp_path, rotation=137.0, dock=t_dock(width=10.0),
                     channels=[rect(-500, 180, 500, 400)], docks=[rect(150, 0, 156, 110)])
    res = _cli(["check", str(site.manifest), "--json", "-"])
    assert res.exit_code == 1, res.output
    d = json.loads(res.stdout)
    assert d["verdict"] == "noncompliant"
    st = {c["id"]: c["status"] for c in d["checks"]}
    assert st["width"] == "fail"
    assert d["measurements"]["max_width_ft"] == pytest.approx(10.0, abs=TOL)


def test_cli_narrow_lot_fails_frontage_and_setback(tmp_path):
    # 140-ft lot: frontage 140 < 150; required setback max(56, 60) = 60; setbacks 70 - 10 = 60
    # would be a tie, so use a 30-ft T float: 70 - 15 = 55 < 60 -> fail
    site = make_site(tmp_path, lot_width=140.0, dock=t_dock(float_length=30.0))
    res = _cli(["check", str(site.manifest), "--json", "-"])
    assert res.exit_code == 1, res.output
    d = json.loads(res.stdout)
    st = {c["id"]: c["status"] for c in d["checks"]}
    assert st["frontage"] == "fail" and st["side-setback"] == "fail"
    assert_measurements(d["measurements"], {"frontage_ft": 140.0, "required_setback_ft": 60.0,
                                            "setback_ft": 55.0, "float_area_sqft": 300.0})


def test_cli_incomplete_exit_3(tmp_path):
    site = make_site(tmp_path, rotation=0.0, dock=t_dock())
    res = _cli(["check", str(site.manifest), "--json", "-"])
    assert res.exit_code == 3, res.output
    d = json.loads(res.stdout)
    assert d["verdict"] == "incomplete"
    assert d["measurements"]["channel_clearance_ft"] is None
    assert d["measurements"]["dock_clearance_ft"] is None


def test_cli_fiona_engine_and_map(tmp_path):
    site = _compliant_site(tmp_path / "s")
    png = tmp_path / "map.png"
    res = _cli(["check", str(site.manifest), "--engine", "fiona", "--map", str(png),
                "--json", "-"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["verdict"] == "compliant"
    assert png.exists() and png.stat().st_size > 1000


def test_cli_bad_input_exit_2(tmp_path):
    site = make_site(tmp_path, dock=t_dock(), fmt="shp")
    for f in tmp_path.glob("mhw.*"):
        f.unlink()
    res = _cli(["check", str(site.manifest)])
    assert res.exit_code == 2
    assert "mhw" in res.output.lower()
    assert "Traceback" not in res.output


# --------------------------------------------------------------------------
# extra cases
# --------------------------------------------------------------------------
@pytest.mark.parametrize("rotation", [0.0, 137.0])
def test_mhw_as_water_polygon(tmp_path, rotation):
    # the MHW layer given as a water polygon (v >= 0): read by its boundary, same answers
    site = make_site(tmp_path, rotation=rotation, dock=t_dock(), mhw_polygon=True)
    assert_measurements(run(site).measurements, BASE)


def test_dock_crossing_side_line_gives_negative_setback(tmp_path):
    # root at local (95, 0): float u in [85, 105] crosses the right line u = 100 by 5 ft
    dock = {**t_dock(), "root": (95.0, 0.0)}
    r = run(make_site(tmp_path, rotation=25.0, dock=dock))
    assert_measurements(r.measurements, {"setback_right_ft": -5.0, "setback_left_ft": 185.0,
                                         "setback_ft": -5.0})
    assert r.check("side-setback").status == "fail"


@pytest.mark.parametrize("rotation", [0.0, 137.0])
def test_oblique_bearing(tmp_path, rotation):
    # Bearing 20 deg clockwise of the seaward normal.  Axis A = (sin20, cos20), right
    # lateral (cos20, -sin20); a point at (a along, l across) is
    # u = a sin20 + l cos20, v = a cos20 - l sin20.
    # right setback = 100 - max u = 100 - (120 sin20 + 10 cos20) = 49.561
    # left setback = 100 + min u = 100 - 3 cos20 = 97.181 (walkway root corner)
    # reach = max v = 120 cos20 + 10 sin20 = 116.183; length along the axis 120
    s, c = math.sin(math.radians(20)), math.cos(math.radians(20))
    dock = {**t_dock(), "bearing": 20.0}
    r = run(make_site(tmp_path, rotation=rotation, dock=dock))
    assert_measurements(r.measurements, {
        "setback_right_ft": 100 - (120 * s + 10 * c),
        "setback_left_ft": 100 - 3 * c,
        "reach_ft": 120 * c + 10 * s,
        "length_ft": 120.0,
        "max_width_ft": 6.0,
        "float_area_sqft": 200.0,
        "frontage_ft": 200.0,
    })


@pytest.mark.parametrize("direction", ["last-course", "chord"])
def test_side_line_short_last_course_at_the_water(tmp_path, direction):
    # Side lines run straight landward (u = -+100) but end in a 22.4-ft course swinging
    # to the MHW line: (-100, -20) -> (-90, 0), mirrored on the right. The water corner
    # is the parcel's own corner W = (-90, 0), whatever the tolerance band: frontage 180.
    # last-course: the extension runs on along that last course, d = (10, 20).
    # chord: along the chord of the side line's last 50 ft from W: 22.361 ft back to
    # (-100, -20), then 27.639 ft down to P0 = (-100, -47.639); d = W - P0 = (10, 47.639).
    A, W = (-100.0, -20.0), (-90.0, 0.0)
    last = math.hypot(W[0] - A[0], W[1] - A[1])
    P0 = A if direction == "last-course" else (-100.0, A[1] - (50.0 - last))
    d = (W[0] - P0[0], W[1] - P0[1])
    dn = math.hypot(*d)

    def dist_left(q):                             # q's distance to the extension line through W
        return abs(d[0] * (q[1] - W[1]) - d[1] * (q[0] - W[0])) / dn

    setback = min(dist_left(q) for q in DOCK_VERTICES if q[0] < 0)   # 17.89 / 53.64 (float corner)
    frontage = 180.0
    lot = Polygon([(-100, -150), (100, -150), (100, -20), (90, 0), (-90, 0), (-100, -20)])
    site = make_site(tmp_path, rotation=25.0, subject=lot, neighbours=False, dock=t_dock(),
                     review={"extension_direction": direction})
    assert_measurements(run(site).measurements, {
        "frontage_ft": frontage, "frontage_chord_ft": frontage,
        "required_setback_ft": max(0.4 * frontage, 60.0),
        "setback_left_ft": setback, "setback_right_ft": setback,
    })


@pytest.mark.parametrize("rotation", [*ROTATIONS, 180.0, 270.0])
@pytest.mark.parametrize("storage", ["EPSG:2263", "EPSG:32618"])
def test_envelope_on_a_straight_shore_at_any_rotation(tmp_path, rotation, storage):
    # 200-ft lot, straight shore, square side lines: the band between the 80-ft setbacks is
    # 200 - 2 * 80 = 40 ft wide and runs out to the 200-ft reach limit: 8,000 sq ft, every way round.
    site = make_site(tmp_path, rotation=rotation, lot_width=200.0, dock=t_dock(), crs=storage)
    r = run(site)
    assert r.layout.envelope.area_sqft == pytest.approx(8000.0, abs=1.0)
    assert r.layout.envelope.greatest_reach_ft == pytest.approx(200.0, abs=0.05)
    assert r.layout.envelope.band_width_ft == pytest.approx(40.0, abs=0.05)
