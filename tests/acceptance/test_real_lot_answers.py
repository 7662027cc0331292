"""Known answers on lots shaped like real ones (issue 10, "Done when").

Every site is drawn in the local frame of tests/sitegen.py -- ``u`` along the shore,
``v`` seaward (``v > 0`` is water), looking seaward the right hand is ``+u`` -- and
written *directly* in its storage CRS, which is also the working CRS:

* EPSG:2263 (US survey feet): one local foot is one CRS foot, so a length L of the
  construction measures L x 1.000002 international ft (2 ppm);
* EPSG:32618 (UTM 18N, metres) or EPSG:32118 (NY Long Island, metres): one local
  foot is 0.3048 m, so lengths in international feet are exact.

``SCALE`` below is that factor (1.000002 or 1); expected lengths are multiplied by it.

Every expected value is derived by hand from the construction (the trigonometry is
written out in the comments and computed in the test); plain point-to-segment
arithmetic re-derives the setbacks as a check on that arithmetic.  Nothing here
reads an expected value from dockreview.  The rules tested are those of the issue's
section A: the water corner is where the side line itself meets the MHW line (where
it stops short, its extension; where it runs past, where it crosses); the seaward
extension runs along the side line's last course (``[review] extension_direction =
"last-course"``, the default) or along the chord of its last ``chord_ft`` (50 ft,
``"chord"``); the lot's water ends at the far shore; MHW gaps of any length are
bridged along the parcel's own water boundary with a warning giving each gap's
length; shore pieces within the tolerance are noded; a limit drawn exactly is at
the limit, for areas too; a dock not in front of its lot fails a check naming the
lot it is in front of; touching floats form one float assembly.
"""

from __future__ import annotations

import json
import math
import re

import pytest
from shapely.geometry import LineString, Point

from support.sitegen import frame_in, lots_beside, rect, write_local_site

dockreview = pytest.importorskip("dockreview")

TOL = 0.05                                   # ft
# storage (= working) CRS and the frame's rotation (the shore's direction from grid east)
CRSS = [pytest.param("EPSG:2263", 25.0, id="2263-usft"),
        pytest.param("EPSG:32618", 137.0, id="32618-m")]
LEFT_ID, RIGHT_ID = "2-105-32", "2-105-34"   # the subject's neighbours (the subject is 2-105-33)


# --------------------------------------------------------------------------
# helpers: running the review, and plain hand arithmetic
# --------------------------------------------------------------------------
def scale_of(frame):
    """International feet per local foot (1.000002 in EPSG:2263, 1 in a metre CRS)."""
    return frame.ft_per_unit * frame.units_per_ft


def run(site):
    return dockreview.review(dockreview.load_site(str(site.manifest)))


def run_cli(site):
    from click.testing import CliRunner

    from dockreview.cli import main
    res = CliRunner().invoke(main, ["check", str(site.manifest), "--json", "-"])
    assert res.exit_code in (0, 1, 3), (res.exit_code, res.output, res.exception)
    return res.exit_code, json.loads(res.stdout)


def compare(got: dict, expected: dict, tol=TOL):
    """All mismatches reported together."""
    bad = []
    for key, want in expected.items():
        value = got.get(key)
        if value is None or abs(value - want) > tol:
            bad.append(f"{key}: expected {want:.4f}, got {value!r}")
    assert not bad, "; ".join(bad)


def statuses(result):
    return {c.id: c.status for c in result.checks}


def unit(dx, dy):
    n = math.hypot(dx, dy)
    return dx / n, dy / n


def seg_dist(p, a, b):
    """Distance from point p to the segment ab (plain projection, clamped)."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def polys_to_line(polys, line):
    """Shortest distance between convex-or-not polygons and a polyline that do not meet:
    attained at a vertex of one and an edge of the other, so the minimum over
    (polygon vertices -> polyline segments) and (polyline vertices -> polygon edges)."""
    segs = list(zip(line[:-1], line[1:]))
    best = math.inf
    for poly in polys:
        ring = list(poly.exterior.coords)
        edges = list(zip(ring[:-1], ring[1:]))
        best = min(best, min(seg_dist(p, a, b) for p in ring for a, b in segs))
        best = min(best, min(seg_dist(p, a, b) for p in line for a, b in edges))
        # a cross-check of the arithmetic on the construction itself
        assert not poly.intersects(LineString(line))
    shapely_value = min(p.distance(LineString(line)) for p in polys)
    assert math.isclose(best, shapely_value, abs_tol=1e-9), (best, shapely_value)
    return best


def point_back_along(pts, dist):
    """The point ``dist`` ft back along the polyline ``pts`` (pts[0] is the water end)."""
    left = dist
    for a, b in zip(pts[:-1], pts[1:]):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        if left <= seg:
            return (a[0] + (b[0] - a[0]) * left / seg, a[1] + (b[1] - a[1]) * left / seg)
        left -= seg
    raise ValueError("the polyline is shorter than dist")


def local_xy(frame, p):
    return frame.local(p.x, p.y)


def assert_corner(frame, got: Point, want, what):
    u, v = local_xy(frame, got)
    off = math.hypot(u - want[0], v - want[1]) * scale_of(frame)
    assert off <= TOL, f"{what}: at local ({u:.3f}, {v:.3f}), expected ({want[0]:.3f}, {want[1]:.3f}); {off:.3f} ft off"


def assert_extension_along(frame, ext, start, d, what, at_ft=100.0):
    """The extension starts at ``start`` and its point ``at_ft`` along it lies on the line
    through ``start`` with direction ``d`` (within TOL ft, laterally and at the start)."""
    assert ext.geom_type == "LineString", ext.geom_type
    s = local_xy(frame, Point(ext.coords[0]))
    assert math.hypot(s[0] - start[0], s[1] - start[1]) * scale_of(frame) <= TOL, \
        f"{what} starts at local ({s[0]:.3f}, {s[1]:.3f}), expected {start}"
    assert ext.length / frame.units_per_ft >= at_ft, f"{what} is only {ext.length / frame.units_per_ft:.1f} ft long"
    p = local_xy(frame, ext.interpolate(at_ft * frame.units_per_ft))
    lateral = (p[0] - start[0]) * d[1] - (p[1] - start[1]) * d[0]
    along = (p[0] - start[0]) * d[0] + (p[1] - start[1]) * d[1]
    assert along > 0 and abs(lateral) * scale_of(frame) <= TOL, (
        f"{what}: the point {at_ft:.0f} ft along it is {lateral:+.3f} ft off the line through {start} at "
        f"{math.degrees(math.atan2(d[0], d[1])):.2f} deg from +v (it runs at "
        f"{math.degrees(math.atan2(p[0] - start[0], p[1] - start[1])):.2f} deg)")


def numbers_in(text):
    return [float(x.replace(",", "")) for x in re.findall(r"\d[\d,]*(?:\.\d+)?", text)]


# ==========================================================================
# 1. a side line whose last course (20 or 30 ft) follows a 30 or 45 deg bend
# ==========================================================================
# Shore: the straight MHW line v = 0; the parcel ends exactly on it, its water
# corners A_L = (-h, 0) and A_R = (+h, 0) (h = 100: a 200-ft lot).
#
# Each side line: from its water corner A a last course of length L landward to the
# bend B, then straight landward (direction -v) to the back corner D at v = -150.
# Both last courses run seaward in the direction d = (sin b, cos b), b = the bend:
#   B = A - L d = (A_u - L sin b, -L cos b),   D = (B_u, -150)
# so at B the side line turns by b (30 or 45 deg: under the 50-deg corner rule, B
# is a vertex of the side line, not the lot's corner).  On the left the extension
# leans INTO the water in front of the lot (converging); on the right it leans away
# (diverging).
#
# Frontage = the MHW line between the water corners = 2h = 200 exactly (chord too),
# the water corners are the parcel's vertices A_L and A_R.
#
# Dock (footprint): walkway u in [c-3, c+3], v in [0, 50]; T float u in [c-10, c+10],
# v in [50, 60]; c = -15 (nearer the left side line).
#
# Left setback, last course: the signed distance of (u, v) from the line through
# A_L = (-100, 0) along d is (u + 100) cos b - v sin b; over the dock the least is at
# the float's outer corner (-25, 60):  75 cos b - 60 sin b
#     b = 30: 64.952 - 30.000 = 34.952      b = 45: (75 - 60) 0.70711 = 10.607
# (the foot (u + 100) sin b + v cos b > 0 lies on the extension, seaward of A_L).
#
# Right setback: the diverging extension turns away from the dock; the nearest point
# of the right side line is its bend B_R = (100 - L sin b, -L cos b), nearest to the
# walkway's root corner (-12, 0) (the foot on the last course's line lies beyond B_R,
# since 112 sin b > L):  hypot(112 - L sin b, L cos b)
#     L 20 b 30: hypot(102.000, 17.321) = 103.460    L 30 b 30: hypot(97.000, 25.981) = 100.419
#     L 20 b 45: hypot( 97.858, 14.142) =  98.874    L 30 b 45: hypot(90.787, 21.213) =  93.232
#
# Chord rule (extension_direction = "chord", chord_ft = 50): the point P 50 ft back
# along the side line from A is L along the last course then 50 - L down the landward
# course: P = (A_u - L sin b, -L cos b - (50 - L)); the extension runs from A along
# A - P = (L sin b, L cos b + 50 - L), at g = atan(L sin b / (L cos b + 50 - L)) from +v:
#     L 20 b 30: g = atan(10 / 47.321) = 11.932 deg    L 30 b 30: atan(15 / 45.981) = 18.068
#     L 20 b 45: g = atan(14.142 / 44.142) = 17.764    L 30 b 45: atan(21.213 / 41.213) = 27.236
# and the left setback is (u + 100) cos g - v sin g at the same float corner (-25, 60):
#     75 cos g - 60 sin g = 73.379 - 12.406 = 60.974 / 71.302 - 18.608 = 52.694 /
#                           71.424 - 18.306 = 53.118 / 66.685 - 27.459 = 39.226 (same order).
# The right setback stays at B_R (the chord's ray diverges too).
H = 100.0
DEPTH = 150.0
C = -15.0
BENT_DOCK = [("walkway", rect(C - 3, 0, C + 3, 50)), ("float", rect(C - 10, 50, C + 10, 60))]
BENDS = [pytest.param(20.0, 30.0, id="L20-b30"), pytest.param(30.0, 30.0, id="L30-b30"),
         pytest.param(20.0, 45.0, id="L20-b45"), pytest.param(30.0, 45.0, id="L30-b45")]

HAND_LEFT_LAST = {(20.0, 30.0): 34.952, (30.0, 30.0): 34.952, (20.0, 45.0): 10.607, (30.0, 45.0): 10.607}
HAND_RIGHT = {(20.0, 30.0): 103.460, (30.0, 30.0): 100.419, (20.0, 45.0): 98.874, (30.0, 45.0): 93.232}
HAND_LEFT_CHORD = {(20.0, 30.0): 60.974, (30.0, 30.0): 52.694, (20.0, 45.0): 53.118, (30.0, 45.0): 39.226}


def bent_side(corner_u, L, b_deg, noise=0.0):
    """Side line vertices from the water corner (corner_u, 0) landward: A, [M,] B, D.

    ``noise``: a digitising vertex M at the last course's midpoint, ``noise`` ft off
    it, square to it -- within the course tolerance it starts no new course.
    """
    b = math.radians(b_deg)
    d = (math.sin(b), math.cos(b))
    A = (corner_u, 0.0)
    B = (corner_u - L * d[0], -L * d[1])
    D = (B[0], -DEPTH)
    pts = [A, B, D]
    if noise:
        n = (-d[1], d[0])                  # d turned 90 deg anticlockwise
        pts.insert(1, (A[0] - L / 2 * d[0] + noise * n[0], -L / 2 * d[1] + noise * n[1]))
    return pts, d


def bent_site(path, crs, rotation, *, half=H, left=(20.0, 30.0), right=(20.0, 30.0), noise=0.0,
              review=None, footprint=BENT_DOCK):
    frame = frame_in(crs, rotation)
    lpts, ld = bent_side(-half, *left, noise=noise)
    rpts, rd = bent_side(+half, *right, noise=noise)
    subject, lnb, rnb = lots_beside(lpts, rpts)
    site = write_local_site(
        path, frame, parcels=[("2-105-33", subject), (LEFT_ID, lnb), (RIGHT_ID, rnb)],
        mhw=[LineString([(-450, 0), (450, 0)])], footprint=footprint, review=review)
    return site, frame, lpts, ld, rpts, rd


def hand_setbacks(lpts, ld, rpts, rd, dock=BENT_DOCK):
    """Dock to (side line + its extension from the water corner along ld / rd), by hand."""
    polys = [g for _, g in dock]
    lA, rA = lpts[0], rpts[0]
    left = polys_to_line(polys, [(lA[0] + 2000 * ld[0], 2000 * ld[1])] + lpts)
    right = polys_to_line(polys, [(rA[0] + 2000 * rd[0], 2000 * rd[1])] + rpts)
    return left, right


def chord_direction(pts, chord_ft=50.0):
    P = point_back_along(pts, chord_ft)
    return unit(pts[0][0] - P[0], pts[0][1] - P[1])


def test_hand_values_of_the_bent_side_lines():
    """The closed forms in the comment above equal the vertex-by-vertex arithmetic."""
    for (L, b) in HAND_RIGHT:
        br = math.radians(b)
        lpts, ld = bent_side(-H, L, b)
        rpts, rd = bent_side(H, L, b)
        left, right = hand_setbacks(lpts, ld, rpts, rd)
        assert left == pytest.approx(75 * math.cos(br) - 60 * math.sin(br), abs=1e-9)
        assert left == pytest.approx(HAND_LEFT_LAST[(L, b)], abs=1e-3)
        assert right == pytest.approx(math.hypot(112 - L * math.sin(br), L * math.cos(br)), abs=1e-9)
        assert right == pytest.approx(HAND_RIGHT[(L, b)], abs=1e-3)
        g = math.atan2(L * math.sin(br), L * math.cos(br) + 50 - L)
        cl = chord_direction(lpts)
        assert cl == pytest.approx((math.sin(g), math.cos(g)), abs=1e-12)
        left_c, right_c = hand_setbacks(lpts, cl, rpts, chord_direction(rpts))
        assert left_c == pytest.approx(75 * math.cos(g) - 60 * math.sin(g), abs=1e-9)
        assert left_c == pytest.approx(HAND_LEFT_CHORD[(L, b)], abs=1e-3)
        assert right_c == pytest.approx(right, abs=1e-9)


@pytest.mark.parametrize("L,b", BENDS)
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_bent_side_line_last_course(tmp_path, crs, rotation, L, b):
    """Default rule: frontage exact, water corners on the parcel's vertices, extension
    along the last course (setbacks by hand)."""
    site, frame, lpts, ld, rpts, rd = bent_site(tmp_path, crs, rotation, left=(L, b), right=(L, b))
    k = scale_of(frame)
    r = run(site)
    left, right = HAND_LEFT_LAST[(L, b)], HAND_RIGHT[(L, b)]
    compare(r.measurements, {
        "frontage_ft": 200.0 * k, "frontage_chord_ft": 200.0 * k, "required_setback_ft": 80.0 * k,
        "setback_left_ft": left * k, "setback_right_ft": right * k, "setback_ft": min(left, right) * k,
        "reach_ft": 60.0 * k, "length_ft": 60.0 * k})
    assert r.check("frontage").value == pytest.approx(200.0 * k, abs=TOL)
    assert r.check("frontage").status == "pass"
    rip = r.layout.riparian
    assert_corner(frame, rip.left_corner, lpts[0], "left water corner")
    assert_corner(frame, rip.right_corner, rpts[0], "right water corner")
    assert_extension_along(frame, rip.left_extension, lpts[0], ld, "left extension")
    assert_extension_along(frame, rip.right_extension, rpts[0], rd, "right extension")


@pytest.mark.parametrize("crs,rotation", CRSS)
def test_bent_side_line_last_course_named(tmp_path, crs, rotation):
    """``extension_direction = "last-course"`` written out gives the default's answer."""
    L, b = 20.0, 45.0
    site, frame, lpts, ld, rpts, rd = bent_site(tmp_path, crs, rotation, left=(L, b), right=(L, b),
                                                review={"extension_direction": "last-course"})
    k = scale_of(frame)
    r = run(site)
    compare(r.measurements, {"frontage_ft": 200.0 * k, "setback_left_ft": HAND_LEFT_LAST[(L, b)] * k,
                             "setback_right_ft": HAND_RIGHT[(L, b)] * k})
    assert_extension_along(frame, r.layout.riparian.left_extension, lpts[0], ld, "left extension")


@pytest.mark.parametrize("L,b", BENDS)
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_bent_side_line_chord(tmp_path, crs, rotation, L, b):
    """``extension_direction = "chord"``: the old 50-ft chord, from the real water corner."""
    site, frame, lpts, ld, rpts, rd = bent_site(tmp_path, crs, rotation, left=(L, b), right=(L, b),
                                                review={"extension_direction": "chord"})
    k = scale_of(frame)
    cl, cr = chord_direction(lpts), chord_direction(rpts)
    r = run(site)
    left, right = HAND_LEFT_CHORD[(L, b)], HAND_RIGHT[(L, b)]
    compare(r.measurements, {
        "frontage_ft": 200.0 * k, "frontage_chord_ft": 200.0 * k,
        "setback_left_ft": left * k, "setback_right_ft": right * k, "setback_ft": min(left, right) * k})
    rip = r.layout.riparian
    assert_corner(frame, rip.left_corner, lpts[0], "left water corner")
    assert_corner(frame, rip.right_corner, rpts[0], "right water corner")
    assert_extension_along(frame, rip.left_extension, lpts[0], cl, "left extension (chord)")
    assert_extension_along(frame, rip.right_extension, rpts[0], cr, "right extension (chord)")


@pytest.mark.parametrize("crs,rotation", CRSS)
def test_bent_side_line_chord_30ft(tmp_path, crs, rotation):
    """``chord_ft = 30`` on the L = 20, b = 45 lot: P is 20 ft along the last course and
    10 ft down the landward course, P = (-114.142, -24.142); the extension runs along
    A - P = (14.142, 24.142), g = atan(14.142 / 24.142) = 30.361 deg, and the left
    setback is 75 cos g - 60 sin g = 64.714 - 30.327 = 34.387."""
    L, b = 20.0, 45.0
    site, frame, lpts, ld, rpts, rd = bent_site(tmp_path, crs, rotation, left=(L, b), right=(L, b),
                                                review={"extension_direction": "chord", "chord_ft": 30.0})
    k = scale_of(frame)
    g = math.atan2(20 * math.sin(math.radians(45)), 20 * math.cos(math.radians(45)) + 10)
    cl = chord_direction(lpts, 30.0)
    assert cl == pytest.approx((math.sin(g), math.cos(g)), abs=1e-12)
    left = 75 * math.cos(g) - 60 * math.sin(g)
    assert left == pytest.approx(34.387, abs=1e-3)
    assert left == pytest.approx(hand_setbacks(lpts, cl, rpts, chord_direction(rpts, 30.0))[0], abs=1e-9)
    r = run(site)
    compare(r.measurements, {"frontage_ft": 200.0 * k, "setback_left_ft": left * k,
                             "setback_right_ft": HAND_RIGHT[(L, b)] * k})
    assert_extension_along(frame, r.layout.riparian.left_extension, lpts[0], cl, "left extension (chord 30)")


@pytest.mark.parametrize("noise,review", [
    pytest.param(0.3, None, id="0.3ft-default-tol"),
    pytest.param(0.8, {"course_tolerance_ft": 1.0}, id="0.8ft-tol-1.0"),
])
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_bent_side_line_digitising_noise(tmp_path, crs, rotation, noise, review):
    """A digitising vertex M at the middle of each 30-ft last course, ``noise`` ft off it,
    within ``course_tolerance_ft`` (0.5 by default): the last course is still A..B (M and B
    lie within the tolerance of the line A-B; the run on to D does not qualify: B lies
    |(-15)(-150) - (-25.981)(-15)| / 150.748 = 12.34 ft off the line A-D), so every
    answer is that of the clean lot."""
    L, b = 30.0, 30.0
    site, frame, lpts, ld, rpts, rd = bent_site(tmp_path, crs, rotation, left=(L, b), right=(L, b),
                                                noise=noise, review=review)
    k = scale_of(frame)
    left, right = hand_setbacks(lpts, ld, rpts, rd)
    assert left == pytest.approx(HAND_LEFT_LAST[(L, b)], abs=1e-3)
    assert right == pytest.approx(HAND_RIGHT[(L, b)], abs=1e-3)
    r = run(site)
    compare(r.measurements, {"frontage_ft": 200.0 * k, "frontage_chord_ft": 200.0 * k,
                             "setback_left_ft": left * k, "setback_right_ft": right * k})
    rip = r.layout.riparian
    assert_corner(frame, rip.left_corner, lpts[0], "left water corner")
    assert_corner(frame, rip.right_corner, rpts[0], "right water corner")
    assert_extension_along(frame, rip.left_extension, lpts[0], ld, "left extension")


@pytest.mark.parametrize("crs,rotation", CRSS)
def test_152_ft_lot_with_bent_side_lines_passes_docks_b(tmp_path, crs, rotation):
    """Water corners (-76, 0) and (76, 0) on the straight MHW line: frontage 152 ft
    (>= 150: Docks B passes); required setback max(0.4 x 152, 60) = 60.8.  Left side line:
    20-ft last course after a 45-deg bend; right: 30-ft last course after a 30-deg bend."""
    dock = [("walkway", rect(-3, 0, 3, 40)), ("float", rect(-8, 40, 8, 48))]
    site, frame, *_ = bent_site(tmp_path, crs, rotation, half=76.0, left=(20.0, 45.0),
                                right=(30.0, 30.0), footprint=dock)
    k = scale_of(frame)
    r = run(site)
    compare(r.measurements, {"frontage_ft": 152.0 * k, "frontage_chord_ft": 152.0 * k,
                             "required_setback_ft": 60.8 * k})
    fr = r.check("frontage")
    assert fr.status == "pass", fr.message
    assert fr.value == pytest.approx(152.0 * k, abs=TOL)


# ==========================================================================
# 2. a creek 260 ft wide, a dock rooted on the lot across it
# ==========================================================================
# Near shore: MHW v = 0; far shore: a separate MHW feature v = 260.  Subject: the square
# u in [-100, 100], v in [-200, 0], neighbours beside it; across the creek three lots
# v in [260, 460] (2-106-07 opposite the subject).
# Subject's dock: walkway u in [-3, 3], v in [0, 60]; T float u in [-10, 10], v in [60, 70].
# Existing dock across the creek: walkway u in [-3, 3], v in [120, 265], rooted 5 ft into
# lot 2-106-07: its landward end is across the water, so it is not this lot's dock
# (one-dock passes), but it is a dock: dock-clearance = 120 - 70 = 50 ft, from the
# float's seaward edge (the terminus: reach 70 - 20 = beyond 50 ft) -- at the 50-ft
# limit, which is a pass.  Side lines u = -100 and u = +100, extended straight, stop at
# the far MHW line: each extension 260 ft long.  Setbacks 100 - 10 = 90 each side.
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_creek_260_ft_dock_across_the_water(tmp_path, crs, rotation):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    subject, lnb, rnb = lots_beside([(-100, 0), (-100, -200)], [(100, 0), (100, -200)])
    parcels = [("2-105-33", subject), (LEFT_ID, lnb), (RIGHT_ID, rnb),
               ("2-106-06", rect(-300, 260, -100, 460)), ("2-106-07", rect(-100, 260, 100, 460)),
               ("2-106-08", rect(100, 260, 300, 460))]
    mhw = [LineString([(-450, 0), (450, 0)]), LineString([(-450, 260), (450, 260)])]
    far_dock = rect(-3, 120, 3, 265)
    site = write_local_site(tmp_path, frame, parcels=parcels, mhw=mhw, docks=[far_dock],
                            footprint=[("walkway", rect(-3, 0, 3, 60)), ("float", rect(-10, 60, 10, 70))])
    r = run(site)
    compare(r.measurements, {"frontage_ft": 200.0 * k, "setback_left_ft": 90.0 * k,
                             "setback_right_ft": 90.0 * k, "reach_ft": 70.0 * k,
                             "dock_clearance_ft": 50.0 * k})
    st = statuses(r)
    one = r.check("one-dock")
    assert one.status == "pass", f"one-dock {one.status}: {one.message}"
    dc = r.check("dock-clearance")
    assert dc.value == pytest.approx(50.0 * k, abs=TOL)
    assert dc.status == "pass", dc.message
    assert st["frontage"] == "pass" and st["side-setback"] == "pass"
    rip = r.layout.riparian
    for name, ext in (("left", rip.left_extension), ("right", rip.right_extension)):
        length = ext.length / frame.units_per_ft * k
        assert length == pytest.approx(260.0 * k, abs=TOL), f"{name} extension {length:.3f} ft, expected 260"


# ==========================================================================
# 3. areas and widths exactly at their limits
# ==========================================================================
# Walkway u in [-4, 4] (exactly 8 ft), v in [0, 100]; float u in [-12.5, 12.5],
# v in [100, 120]: exactly 25 x 20 = 500 sq ft as drawn.  In EPSG:2263 the drawing's
# unit is the US survey foot: 500 x 1.000002^2 = 500.002 international sq ft, 8 ft =
# 8.000016 ft; in a metre CRS it is drawn 7.62 x 6.096 m = 46.45152 m^2 = 500 sq ft
# (2.4384 m = 8 ft).  Each is exactly at its limit: float-area and width pass.
@pytest.mark.parametrize("crs,rotation", [
    pytest.param("EPSG:2263", 0.0, id="2263-usft-rot0"),
    pytest.param("EPSG:2263", 37.0, id="2263-usft-rot37"),
    pytest.param("EPSG:32618", 0.0, id="32618-m-rot0"),
    pytest.param("EPSG:32618", 37.0, id="32618-m-rot37"),
    pytest.param("EPSG:32118", 0.0, id="32118-m-rot0"),
])
def test_float_of_exactly_500_sq_ft_and_walkway_of_exactly_8_ft(tmp_path, crs, rotation):
    frame = frame_in(crs, rotation)
    subject, lnb, rnb = lots_beside([(-100, 0), (-100, -150)], [(100, 0), (100, -150)])
    site = write_local_site(
        tmp_path, frame, parcels=[("2-105-33", subject), (LEFT_ID, lnb), (RIGHT_ID, rnb)],
        mhw=[LineString([(-450, 0), (450, 0)])],
        footprint=[("walkway", rect(-4, 0, 4, 100)), ("float", rect(-12.5, 100, 12.5, 120))])
    r = run(site)
    fa = r.check("float-area")
    assert abs(fa.value - 500.0) <= 0.01, fa.value
    assert fa.status == "pass", f"float-area {fa.value!r}: {fa.message}"
    assert abs(r.measurements["float_area_sqft"] - 500.0) <= 0.01
    w = r.check("width")
    assert abs(w.value - 8.0) <= 0.01, w.value
    assert w.status == "pass", f"width {w.value!r}: {w.message}"


# ==========================================================================
# 4. a 60-ft gap in the MHW line along a 200-ft lot
# ==========================================================================
# Lot u in [-100, 100] on v = 0; the MHW line in two pieces, u <= 15 and u >= 75: a
# 60-ft gap inside the frontage, away from the dock.  Bridged along the parcel's own
# water boundary, the frontage is 200 (not 200 - 60 = 140), with a warning that gives
# the gap's length (60 ft).  Dock: walkway u in [-3, 3], v in [0, 100]; T float
# u in [-10, 10], v in [100, 110]: setbacks 90, reach 110.
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_mhw_gap_of_60_ft_is_bridged(tmp_path, crs, rotation):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    subject, lnb, rnb = lots_beside([(-100, 0), (-100, -150)], [(100, 0), (100, -150)])
    site = write_local_site(
        tmp_path, frame, parcels=[("2-105-33", subject), (LEFT_ID, lnb), (RIGHT_ID, rnb)],
        mhw=[LineString([(-450, 0), (15, 0)]), LineString([(75, 0), (450, 0)])],
        footprint=[("walkway", rect(-3, 0, 3, 100)), ("float", rect(-10, 100, 10, 110))])
    r = run(site)
    compare(r.measurements, {"frontage_ft": 200.0 * k, "frontage_chord_ft": 200.0 * k,
                             "required_setback_ft": 80.0 * k, "setback_left_ft": 90.0 * k,
                             "setback_right_ft": 90.0 * k, "reach_ft": 110.0 * k})
    assert r.check("frontage").status == "pass"
    gap = [w for w in r.warnings if "gap" in w.lower()]
    assert gap, f"no warning mentions the gap: {r.warnings}"
    assert any(abs(x - 60.0) <= 0.1 for w in gap for x in numbers_in(w)), \
        f"no gap warning gives its length (60 ft): {gap}"


# ==========================================================================
# 5. a jetty drawn as one line, meeting the shore with no shared vertex
# ==========================================================================
# The shore: one segment from (-450, 0) to (450, 0) (no vertex anywhere near the lot).
# The jetty, its own MHW feature, beside the walkway inside the frontage (u = 20..24):
#   centre line (20, 0) -> (20, 40): its end on the shore segment's interior;
#   the same stopping 0.3 ft short (from (20, 0.3));
#   an outline (20, 0) -> (20, 40) -> (24, 40) -> (24, 0), ends on the segment's interior;
#   the outline stopping 0.3 ft short at both ends.
# Noded within the tolerance, the jetty is a side branch: the frontage is the shore
# between the water corners, 200 (the jetty's 40 / 84 ft are not added); the dock is in
# the water: reach 110 from the frontage (the float corner (-10, 110) is 110 from v = 0;
# were the jetty frontage it would be hypot(30, 70) = 76.2), length 110; setbacks 90.
JETTIES = {
    "centre-line": LineString([(20, 0), (20, 40)]),
    "centre-line-0.3-short": LineString([(20, 0.3), (20, 40)]),
    "outline": LineString([(20, 0), (20, 40), (24, 40), (24, 0)]),
    "outline-0.3-short": LineString([(20, 0.3), (20, 40), (24, 40), (24, 0.3)]),
}


@pytest.mark.parametrize("jetty", list(JETTIES))
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_jetty_as_one_line_without_shared_vertex(tmp_path, crs, rotation, jetty):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    subject, lnb, rnb = lots_beside([(-100, 0), (-100, -150)], [(100, 0), (100, -150)])
    site = write_local_site(
        tmp_path, frame, parcels=[("2-105-33", subject), (LEFT_ID, lnb), (RIGHT_ID, rnb)],
        mhw=[LineString([(-450, 0), (450, 0)]), JETTIES[jetty]],
        footprint=[("walkway", rect(-3, 0, 3, 100)), ("float", rect(-10, 100, 10, 110))])
    r = run(site)
    compare(r.measurements, {"frontage_ft": 200.0 * k, "frontage_chord_ft": 200.0 * k,
                             "setback_left_ft": 90.0 * k, "setback_right_ft": 90.0 * k,
                             "reach_ft": 110.0 * k, "length_ft": 110.0 * k})
    st = statuses(r)
    assert st["frontage"] == "pass" and st["reach"] == "pass", st


# ==========================================================================
# 6. a dock in front of the neighbouring lot
# ==========================================================================
# The manifest names the subject 2-105-33 (u in [-100, 100]); the dock stands in front
# of the right neighbour 2-105-34 (u in [100, 300]): walkway u in [197, 203] from v = -5
# (rooted on 2-105-34's land at its shore) or from v = +10 (in the water in front of
# it), to v = 100; T float u in [190, 210], v in [100, 110].  A check fails naming
# 2-105-34, and a warning names it too.
def _neighbour_site(path, crs, rotation, root_v):
    frame = frame_in(crs, rotation)
    subject, lnb, rnb = lots_beside([(-100, 0), (-100, -150)], [(100, 0), (100, -150)])
    return write_local_site(
        path, frame, parcels=[("2-105-33", subject), (LEFT_ID, lnb), (RIGHT_ID, rnb)],
        mhw=[LineString([(-450, 0), (450, 0)])],
        footprint=[("walkway", rect(197, root_v, 203, 100)), ("float", rect(190, 100, 210, 110))])


@pytest.mark.parametrize("root_v", [pytest.param(-5.0, id="root-on-neighbour-land"),
                                    pytest.param(10.0, id="root-in-neighbour-water")])
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_dock_in_front_of_the_neighbour(tmp_path, crs, rotation, root_v):
    r = run(_neighbour_site(tmp_path, crs, rotation, root_v))
    naming = [c for c in r.checks if c.status == "fail" and RIGHT_ID in c.message]
    assert naming, "no failing check names the neighbour's parcel " + RIGHT_ID + ": " + "; ".join(
        f"{c.id}={c.status}: {c.message}" for c in r.checks if c.status == "fail")
    assert any(RIGHT_ID in w for w in r.warnings), f"no warning names {RIGHT_ID}: {r.warnings}"
    assert r.verdict == "noncompliant"


@pytest.mark.parametrize("crs,rotation", CRSS)
def test_dock_in_front_of_the_neighbour_cli(tmp_path, crs, rotation):
    """The same through ``dockreview check SITE --json -``: exit 1, the JSON's checks and
    warnings name the neighbour."""
    code, d = run_cli(_neighbour_site(tmp_path, crs, rotation, -5.0))
    assert code == 1 and d["verdict"] == "noncompliant"
    assert d["parcel_id"] == "2-105-33"
    naming = [c for c in d["checks"] if c["status"] == "fail" and RIGHT_ID in c["message"]]
    assert naming, [(c["id"], c["message"]) for c in d["checks"] if c["status"] == "fail"]
    assert any(RIGHT_ID in w for w in d["warnings"]), d["warnings"]


# ==========================================================================
# 7. two floats in a row at the seaward end
# ==========================================================================
# Walkway u in [-3, 3], v in [0, 80]; float 1 u in [-5, 5], v in [80, 100] touches the
# walkway's seaward end; float 2 touches float 1 only, further seaward, in line:
#   same size:   u in [-5, 5], v in [100, 120]: area 200 + 200 = 400, reach 120
#   other size:  u in [-6, 6], v in [100, 116]: area 200 + 192 = 392, reach 116
# The touching floats are one assembly touching the walkway's end (gap 0): float-position
# passes; the assembly (10 x 40 or 12 x 36) lies along the dock's axis: in line (I).
@pytest.mark.parametrize("second,area,reach", [
    pytest.param((-5, 100, 5, 120), 400.0, 120.0, id="same-size"),
    pytest.param((-6, 100, 6, 116), 392.0, 116.0, id="other-size"),
])
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_two_floats_in_a_row(tmp_path, crs, rotation, second, area, reach):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    subject, lnb, rnb = lots_beside([(-100, 0), (-100, -150)], [(100, 0), (100, -150)])
    site = write_local_site(
        tmp_path, frame, parcels=[("2-105-33", subject), (LEFT_ID, lnb), (RIGHT_ID, rnb)],
        mhw=[LineString([(-450, 0), (450, 0)])],
        footprint=[("walkway", rect(-3, 0, 3, 80)), ("float", rect(-5, 80, 5, 100)),
                   ("float", rect(*second))])
    r = run(site)
    m = r.measurements
    compare(m, {"float_area_sqft": area * k * k, "reach_ft": reach * k, "length_ft": reach * k})
    fp = r.check("float-position")
    assert fp.status == "pass", f"float-position {fp.status} ({fp.value!r}): {fp.message}"
    if m["float_gap_ft"] is not None:
        assert m["float_gap_ft"] <= 0.5, m["float_gap_ft"]
    st = statuses(r)
    assert st["float-area"] == "pass" and st["float-layout"] == "pass", st


# ==========================================================================
# 8. a parcel 3 ft short of the MHW line, and one running 15 ft past it, each side line
#    bending 40 deg 25 ft from the water
# ==========================================================================
# The lot's water edge is v = s (s = -3 or +15); each side line's bend B is 25 ft
# landward of the MHW line (v = -25), the back corners at v = -150.
# Left side line: last course along d_L = (sin 20, cos 20) on the line through
# W_L = (-100, 0):  B_L = (-100 - 25 tan 20, -25) = (-109.099, -25), water end
# E_L = (-100 + s tan 20, s) = (-101.092, -3) or (-94.540, 15); landward course turned 40
# deg, seaward direction (sin -20, cos -20): D_L = B_L + 125 (tan 20, -1) = (-63.603, -150).
# Right side line: last course along u = +100 (perpendicular to the shore):
# B_R = (100, -25), E_R = (100, s); landward course turned 40 deg, seaward direction
# (-sin 40, cos 40): D_R = (100 + 125 tan 40, -150) = (204.888, -150).
# Water corners: short (s = -3), where the extension along the last course meets the
# MHW line; past (s = 15), where the side line crosses it -- both W_L = (-100, 0) and
# W_R = (100, 0): frontage 200 (chord 200), required setback 80.  (The parcel's own
# water edge, E_L..E_R, is 201.092 or 194.540 long: not the frontage.)
# Dock: walkway u in [-3, 3], v in [-5, 100] (from the lot's land); T float u in
# [-10, 10], v in [100, 110].  Left setback: (u + 100) cos 20 - v sin 20 at the float
# corner (-10, 110): 90 x 0.939693 - 110 x 0.342020 = 84.572 - 37.622 = 46.950.  Right:
# the line u = 100: 100 - 10 = 90.  Reach 110 and length 110 from the MHW line.
@pytest.mark.parametrize("s", [pytest.param(-3.0, id="3ft-short"), pytest.param(15.0, id="15ft-past")])
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_parcel_short_of_and_past_mhw_with_bent_side_lines(tmp_path, crs, rotation, s):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    t20, t40 = math.tan(math.radians(20)), math.tan(math.radians(40))
    B_L = (-100 - 25 * t20, -25.0)
    left = [(-100 + s * t20, s), B_L, (B_L[0] + 125 * t20, -150.0)]
    right = [(100.0, s), (100.0, -25.0), (100 + 125 * t40, -150.0)]
    # the two bends are 40 deg
    for pts in (left, right):
        (a, b_, c) = pts
        d1 = unit(a[0] - b_[0], a[1] - b_[1])
        d0 = unit(b_[0] - c[0], b_[1] - c[1])
        assert math.degrees(math.acos(d1[0] * d0[0] + d1[1] * d0[1])) == pytest.approx(40.0, abs=1e-9)
    subject, lnb, rnb = lots_beside(left, right)
    dock = [("walkway", rect(-3, -5, 3, 100)), ("float", rect(-10, 100, 10, 110))]
    site = write_local_site(
        tmp_path, frame, parcels=[("2-105-33", subject), (LEFT_ID, lnb), (RIGHT_ID, rnb)],
        mhw=[LineString([(-450, 0), (600, 0)])], footprint=dock)
    c20, s20 = math.cos(math.radians(20)), math.sin(math.radians(20))
    hand_left = 90 * c20 - 110 * s20
    assert hand_left == pytest.approx(46.950, abs=1e-3)
    d_l = (s20, c20)
    assert hand_left == pytest.approx(polys_to_line(
        [g for _, g in dock], [(-100 + 2000 * d_l[0], 2000 * d_l[1])] + left), abs=1e-9)
    r = run(site)
    compare(r.measurements, {"frontage_ft": 200.0 * k, "frontage_chord_ft": 200.0 * k,
                             "required_setback_ft": 80.0 * k, "setback_left_ft": hand_left * k,
                             "setback_right_ft": 90.0 * k, "reach_ft": 110.0 * k, "length_ft": 110.0 * k})
    rip = r.layout.riparian
    assert_corner(frame, rip.left_corner, (-100.0, 0.0), "left water corner")
    assert_corner(frame, rip.right_corner, (100.0, 0.0), "right water corner")
