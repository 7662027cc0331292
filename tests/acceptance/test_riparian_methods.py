"""Known answers for the riparian methods (issue 17, "Riparian lines by method").

Every site is drawn in the local frame of tests/support/sitegen.py -- ``u`` along
the shore, ``v`` seaward (``v > 0`` is water), looking seaward the right hand is
``+u`` -- and written directly in its storage CRS, which is also the working CRS:
EPSG:2263 (US survey feet, one local foot is one CRS foot, so a length L measures
L x 1.000002 international ft) and EPSG:32618 (UTM metres, one local foot is
0.3048 m, exact).  ``k`` below is that factor.

The methods (``[review] riparian_method`` or a profile's ``[riparian] method``):
extended side lines; perpendicular to the shore's trend (a straight fit of the MHW
line over ``baseline_ft`` beyond each water corner, or headland to headland);
perpendicular to a centreline (to the foot of the perpendicular on it); colonial
(the bisector of the perpendiculars to the shore baselines either side of the
corner); proportional (the cove's line of navigation divided in proportion to the
cove lots' frontages).  Every expected value is derived by hand from the
construction, written out in the comments and computed here with plain
arithmetic; nothing is read from dockreview.
"""

from __future__ import annotations

import json
import math

import pytest
from scipy.optimize import brentq
from shapely.geometry import LineString, Polygon

from support.paths import ROOT
from support.sitegen import frame_in, lots_beside, rect, write_local_site

dockreview = pytest.importorskip("dockreview")

TOL = 0.05                                   # ft
CRSS = [pytest.param("EPSG:2263", 25.0, id="2263-usft"),
        pytest.param("EPSG:32618", 137.0, id="32618-m")]
SUBJECT, LEFT_ID, RIGHT_ID = "2-105-33", "2-105-32", "2-105-34"
S20, C20 = math.sin(math.radians(20.0)), math.cos(math.radians(20.0))
S30, C30 = 0.5, math.sqrt(3.0) / 2.0


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------
def scale_of(frame):
    """International feet per local foot (1.000002 in EPSG:2263, 1 in a metre CRS)."""
    return frame.ft_per_unit * frame.units_per_ft


def run(site, **kwargs):
    return dockreview.review(dockreview.load_site(str(site.manifest)), **kwargs)


def cli(*args):
    from click.testing import CliRunner

    from dockreview.cli import main
    return CliRunner().invoke(main, [str(a) for a in args])


def compare(got, expected: dict, tol=TOL):
    bad = []
    for key, want in expected.items():
        value = got.get(key) if isinstance(got, dict) else getattr(got, key)
        if value is None or abs(value - want) > tol:
            bad.append(f"{key}: expected {want:.4f}, got {value!r}")
    assert not bad, "; ".join(bad)


def local_points(frame, line):
    return [frame.local(x, y) for x, y in line.coords]


def assert_near(frame, got, want, what):
    off = math.hypot(got[0] - want[0], got[1] - want[1]) * scale_of(frame)
    assert off <= TOL, f"{what}: at local ({got[0]:.3f}, {got[1]:.3f}), expected ({want[0]:.3f}, {want[1]:.3f})"


def assert_runs(frame, ext, start, direction, what):
    """The extension starts at ``start`` (local) and runs along the unit ``direction``."""
    pts = local_points(frame, ext)
    assert_near(frame, pts[0], start, f"{what} start")
    end = pts[-1]
    along = (end[0] - start[0]) * direction[0] + (end[1] - start[1]) * direction[1]
    lateral = (end[0] - start[0]) * direction[1] - (end[1] - start[1]) * direction[0]
    assert along > 100.0, f"{what} is only {along:.1f} ft long"
    assert abs(lateral) * scale_of(frame) <= TOL, f"{what}: its end is {lateral:+.3f} ft off the direction"


def seg_dist(p, a, b):
    """Distance from point p to the segment ab (plain projection, clamped)."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    if dx == dy == 0:
        return math.hypot(px - ax, py - ay)
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def polygon_to_polyline(poly, line):
    """Distance between a polygon and a polyline that do not meet: at a vertex of one and an edge of the other."""
    ring = poly[:] + poly[:1]
    assert not Polygon(poly).intersects(LineString(line)), "the construction's dock meets the line"
    return min(
        min(seg_dist(p, a, b) for p in poly for a, b in zip(line[:-1], line[1:])),
        min(seg_dist(p, a, b) for p in line for a, b in zip(ring[:-1], ring[1:])),
    )


T_DOCK = [("walkway", rect(-3, 0, 3, 110)), ("float", rect(-10, 110, 10, 120))]
T_POINTS = [(-3, 0), (3, 0), (3, 110), (10, 110), (10, 120), (-10, 120), (-10, 110), (-3, 110)]


def straight_site(path, frame, *, left, right, review, footprint=T_DOCK, extra=None):
    """A lot on the straight MHW line v = 0 between two side lines, with its two neighbours."""
    subject, lnb, rnb = lots_beside(left, right)
    return write_local_site(
        path, frame, parcels=[(SUBJECT, subject), (LEFT_ID, lnb), (RIGHT_ID, rnb)],
        mhw=[LineString([(-700, 0), (700, 0)])], footprint=footprint, review=review, extra=extra,
    )


# ==========================================================================
# 1. a straight shore, side lines square to it: every method draws the same lines
# ==========================================================================
# The lot: water corners (-100, 0) and (100, 0), side lines u = -100 and u = 100
# back to v = -150; neighbours 200 ft wide either side.  Every method draws the
# lines u = +-100 seaward:
#   extended: the side lines carried on;  trend: the fit of v = 0 is v = 0, square
#   to it is +v;  centreline v = 400 (parallel): the feet are (+-100, 400);
#   colonial: both baselines at each corner are v = 0, the bisector is +v;
#   proportional: headlands' line of navigation (-300, 200)-(300, 200), 600 ft;
#   the cove's lots are the three parcels from u = -300 to 300 (200 ft each), so the
#   subject's share is 200/600 of it, u from -100 to 100: lines to (+-100, 200).
# Dock: walkway u in [-3, 3], v in [0, 110]; float u in [-10, 10], v in [110, 120].
# Setbacks: 100 - 10 = 90 ft both sides (the float's outer corners); frontage 200.
METHODS = ["extended-side-lines", "perpendicular-to-trend", "perpendicular-to-centerline", "colonial", "proportional"]
END_V = {"perpendicular-to-centerline": 400.0, "proportional": 200.0}


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_straight_shore_every_method_agrees(tmp_path, crs, rotation, method):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    review = {"riparian_method": method}
    if method == "proportional":
        review["cove_line"] = [list(frame.pt(-300, 200)), list(frame.pt(300, 200))]
    site = straight_site(tmp_path, frame, left=[(-100, 0), (-100, -150)], right=[(100, 0), (100, -150)],
                         review=review, extra={"centerline": [LineString([(-700, 400), (700, 400)])]})
    r = run(site)
    compare(r.measurements, {"frontage_ft": 200.0 * k, "setback_left_ft": 90.0 * k, "setback_right_ft": 90.0 * k,
                             "setback_ft": 90.0 * k, "required_setback_ft": 80.0 * k})
    rip = r.layout.riparian
    assert rip.method == method
    assert_runs(frame, rip.left_extension, (-100, 0), (0, 1), "left line")
    assert_runs(frame, rip.right_extension, (100, 0), (0, 1), "right line")
    if method in END_V:  # the lines end on the centreline / the line of navigation
        for ext, u in ((rip.left_extension, -100), (rip.right_extension, 100)):
            assert_near(frame, local_points(frame, ext)[-1], (u, END_V[method]), f"{method} line end")
        assert rip.zone.area * frame.ft_per_unit ** 2 == pytest.approx(200 * END_V[method] * k * k, rel=1e-6)
    assert r.check("side-setback").status == "pass"


# ==========================================================================
# 2. side lines 20 deg off square: extended side lines vs perpendicular to trend
# ==========================================================================
# Both side lines run landward along (sin 20, -cos 20) for 160 ft from the water
# corners (-100, 0) and (100, 0); the shore is straight (v = 0).
# Extended: each line carries on seaward along e = (-sin 20, cos 20); its normal
# n = (cos 20, sin 20).  Signed distance of a dock point P from the left line:
# (P_u + 100) cos 20 + P_v sin 20, least at the walkway's root corner (-3, 0):
#     97 cos 20 = 91.150   (its foot lies 97 sin 20 = 33.2 ft landward of the corner,
#                           on the 160-ft side line)
# from the right line: (100 - P_u) cos 20 - P_v sin 20, least at the float's outer
# corner (10, 120):  90 cos 20 - 120 sin 20 = 84.572 - 41.042 = 43.530.
# Perpendicular to trend: the fit of the straight shore over 100 ft beyond each
# corner is v = 0, the lines run square to it from the corners: u = +-100, so both
# setbacks are 100 - 10 = 90 (the slanted side lines lie farther: from (-3, 0) the
# left one is 91.150 away, as above; the right one leans away from the dock).
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_side_lines_20_deg_off_square_extended_vs_trend(tmp_path, crs, rotation):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    left = [(-100, 0), (-100 + 160 * S20, -160 * C20)]
    right = [(100, 0), (100 + 160 * S20, -160 * C20)]
    ext_left = 97 * C20
    ext_right = 90 * C20 - 120 * S20
    assert ext_left == pytest.approx(91.150, abs=1e-3) and ext_right == pytest.approx(43.530, abs=1e-3)
    for point in T_POINTS:  # the hand minimum is the minimum over the dock's corners
        assert (point[0] + 100) * C20 + point[1] * S20 >= ext_left - 1e-9
        assert (100 - point[0]) * C20 - point[1] * S20 >= ext_right - 1e-9

    extended = run(straight_site(tmp_path / "extended", frame, left=left, right=right, review={}))
    compare(extended.measurements, {"frontage_ft": 200.0 * k, "setback_left_ft": ext_left * k,
                                    "setback_right_ft": ext_right * k})
    assert_runs(frame, extended.layout.riparian.left_extension, (-100, 0), (-S20, C20), "extended left")
    assert extended.check("side-setback").status == "fail"

    trend = run(straight_site(tmp_path / "trend", frame, left=left, right=right,
                              review={"riparian_method": "perpendicular-to-trend", "baseline_ft": 100.0}))
    compare(trend.measurements, {"frontage_ft": 200.0 * k, "setback_left_ft": 90.0 * k, "setback_right_ft": 90.0 * k})
    rip = trend.layout.riparian
    assert_runs(frame, rip.left_extension, (-100, 0), (0, 1), "trend left")
    assert_runs(frame, rip.right_extension, (100, 0), (0, 1), "trend right")
    baseline = local_points(frame, rip.construction["baseline"])
    assert {round(u, 3) for u, _ in baseline} == {-200.0, 200.0}  # 100 ft beyond each corner
    assert all(abs(v) * k <= TOL for _, v in baseline)
    assert rip.parameters["fitted_shore_ft"] == pytest.approx(400.0 * k, abs=TOL)
    assert trend.check("side-setback").status == "pass"


@pytest.mark.parametrize("crs,rotation", CRSS)
def test_trend_is_named_in_the_json_interpretations(tmp_path, crs, rotation):
    frame = frame_in(crs, rotation)
    site = straight_site(tmp_path, frame, left=[(-100, 0), (-100 + 160 * S20, -160 * C20)],
                         right=[(100, 0), (100 + 160 * S20, -160 * C20)],
                         review={"riparian_method": "perpendicular-to-trend", "baseline_ft": 150.0})
    res = cli("check", site.manifest, "--json", "-")
    assert res.exit_code in (0, 1, 3), res.output  # compliant, noncompliant or incomplete: a review, not an error
    got = json.loads(res.stdout)["interpretations"]
    assert got["riparian_method"] == "perpendicular-to-trend"
    assert got["riparian_parameters"]["baseline_ft"] == 150.0
    # 150 ft beyond each corner of a 200-ft frontage on the straight shore: 500 ft fitted
    assert got["riparian_parameters"]["fitted_shore_ft"] == pytest.approx(500.0 * scale_of(frame), abs=TOL)
    # the lines run square to the shore: the shore's azimuth plus 90 deg, seaward (+v)
    assert got["riparian_parameters"]["line_azimuth_deg"] == pytest.approx(frame.azimuth(0, 1), abs=1e-4)


# ==========================================================================
# 3. a centreline at 30 deg to the shore
# ==========================================================================
# Square lot, water corners A_L = (-100, 0), A_R = (100, 0); the centreline runs
# through Q = (0, 300) along t = (cos 30, sin 30), from u = -400 to 400 (v 69..531).
# Square to it, toward it, is n = (-sin 30, cos 30) = (-0.5, 0.866): both lines lean
# 30 deg from +v toward -u.  The foot from a corner A is A + ((Q - A) . n) n:
#   left:  (Q - A_L) . n = (100, 300) . n = -50 + 259.808 = 209.808 -> (-204.904, 181.699)
#   right: (Q - A_R) . n = (-100, 300) . n = 50 + 259.808 = 309.808 -> (-54.904, 268.301)
# Setbacks of the T dock (walkway u -3..3, v 0..110; float u -10..10, v 110..120):
#   right line: distance |(P - A_R) . (cos 30, sin 30)|, least at the float corner
#     (10, 120): |-90 cos 30 + 120 sin 30| = 77.942 - 60 = 17.942 (its foot lies
#     (P - A_R) . n = 45 + 103.923 = 148.9 ft out, on the line);
#   left line: it leans away from the dock; the dock's points whose foot falls on it
#     (v > 56 on the walkway edge) are over 112 ft from it, the rest nearest the
#     corner A_L: 97 ft from the walkway's root corner (-3, 0).
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_centreline_at_30_deg(tmp_path, crs, rotation):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    n = (-S30, C30)
    q = (0.0, 300.0)
    feet = {}
    for name, a in (("left", (-100.0, 0.0)), ("right", (100.0, 0.0))):
        t = (q[0] - a[0]) * n[0] + (q[1] - a[1]) * n[1]
        feet[name] = (a[0] + t * n[0], a[1] + t * n[1])
    assert feet["left"] == pytest.approx((-204.904, 181.699), abs=1e-3)
    assert feet["right"] == pytest.approx((-54.904, 268.301), abs=1e-3)
    right = 90 * C30 - 120 * S30
    assert right == pytest.approx(17.942, abs=1e-3)
    left_line = [(-100, -150), (-100, 0), feet["left"]]
    right_line = [(100, -150), (100, 0), feet["right"]]
    dock = [(-10, 110), (-3, 110), (-3, 0), (3, 0), (3, 110), (10, 110), (10, 120), (-10, 120)]
    assert polygon_to_polyline(dock, left_line) == pytest.approx(97.0, abs=1e-9)
    assert polygon_to_polyline(dock, right_line) == pytest.approx(right, abs=1e-9)

    centreline = LineString([(-400, 300 - 400 * S30 / C30), (400, 300 + 400 * S30 / C30)])
    site = straight_site(tmp_path, frame, left=[(-100, 0), (-100, -150)], right=[(100, 0), (100, -150)],
                         review={"riparian_method": "perpendicular-to-centerline"}, extra={"centerline": [centreline]})
    r = run(site)
    compare(r.measurements, {"frontage_ft": 200.0 * k, "setback_left_ft": 97.0 * k, "setback_right_ft": right * k,
                             "setback_ft": right * k})
    rip = r.layout.riparian
    for name, ext, a in (("left", rip.left_extension, (-100, 0)), ("right", rip.right_extension, (100, 0))):
        assert_runs(frame, ext, a, n, f"{name} line")
        assert_near(frame, local_points(frame, ext)[-1], feet[name], f"{name} foot on the centreline")
    got = [frame.local(*p.coords[0]) for p in rip.construction["centerline_feet"].geoms]
    assert_near(frame, got[0], feet["left"], "left foot")
    assert_near(frame, got[1], feet["right"], "right foot")
    assert rip.parameters["left_to_centerline_ft"] == pytest.approx(209.808 * k, abs=TOL)
    assert rip.parameters["right_to_centerline_ft"] == pytest.approx(309.808 * k, abs=TOL)
    assert r.check("side-setback").status == "fail"


# ==========================================================================
# 4. a colonial bisector at a 90-degree bend
# ==========================================================================
# The shore runs along v = 0 up to B = (100, 0) and turns there to run along u = 100
# into the water's side (v > 0): the water is the quarter u < 100, v > 0 (a basin's
# corner).  The lot: water corners (-100, 0) and B; its left side line u = -100
# back to v = -150; its right side line from B landward along (sin 30, -cos 30) for
# 150 ft.  The right neighbour fronts the leg u = 100 (water to its west).
# Colonial: at B the chords run to the lot's other corner (-100, 0) (direction (-1, 0))
# and to the right neighbour's far corner (100, 220) (direction (0, 1)): the bisector is
# square to (0, 1) - (-1, 0) = (1, 1), toward the water (-1, 1)/sqrt 2, at 45 deg to
# both.  At (-100, 0) the chords run to B and to the left neighbour's far corner
# (-300, 0), in a straight line: the line is +v.
# Extended side lines: the right side line carried on along (-sin 30, cos 30).
# Dock (walkway u -3..3, v 0..40; float u -10..10, v 40..50):
#   colonial right: |(P - B) . (1, 1)/sqrt 2|, least at the float corner (10, 50):
#     |-90 + 50| / sqrt 2 = 28.284;
#   extended right: |(P - B) . (cos 30, sin 30)| at (10, 50): 90 cos 30 - 50 sin 30 = 52.942;
#   left (both): 100 - 10 = 90.
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_colonial_bisector_at_a_90_deg_bend(tmp_path, crs, rotation):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    back = (100 + 150 * S30, -150 * C30)
    subject = Polygon([(-100, 0), (100, 0), back, (-100, -150)])
    left_nb = Polygon([(-300, 0), (-100, 0), (-100, -150), (-300, -150)])
    right_nb = Polygon([(100, 0), back, (320, back[1]), (320, 220), (100, 220)])
    dock = [("walkway", rect(-3, 0, 3, 40)), ("float", rect(-10, 40, 10, 50))]
    corners = [(-3, 0), (3, 0), (3, 40), (10, 40), (10, 50), (-10, 50), (-10, 40), (-3, 40)]
    colonial = abs(-90 + 50) / math.sqrt(2)
    extended = 90 * C30 - 50 * S30
    assert colonial == pytest.approx(28.284, abs=1e-3) and extended == pytest.approx(52.942, abs=1e-3)
    assert min(abs((u - 100) + v) / math.sqrt(2) for u, v in corners) == pytest.approx(colonial, abs=1e-12)
    assert min((100 - u) * C30 - v * S30 for u, v in corners) == pytest.approx(extended, abs=1e-12)

    def write(path, review):
        return write_local_site(path, frame, parcels=[(SUBJECT, subject), (LEFT_ID, left_nb), (RIGHT_ID, right_nb)],
                                mhw=[LineString([(-700, 0), (100, 0), (100, 700)])], footprint=dock, review=review)

    r = run(write(tmp_path / "colonial", {"riparian_method": "colonial", "baseline_ft": 100.0}))
    compare(r.measurements, {"frontage_ft": 200.0 * k, "setback_left_ft": 90.0 * k, "setback_right_ft": colonial * k})
    rip = r.layout.riparian
    assert_runs(frame, rip.right_extension, (100, 0), (-1 / math.sqrt(2), 1 / math.sqrt(2)), "colonial right (45 deg)")
    assert_runs(frame, rip.left_extension, (-100, 0), (0, 1), "colonial left")
    assert rip.parameters["right_line_azimuth_deg"] == pytest.approx(frame.azimuth(-1, 1), abs=1e-4)
    def key(pt):
        return (round(pt[0], 2), round(pt[1], 2))

    chords = {tuple(key(p) for p in local_points(frame, g)) for g in rip.construction["chords"].geoms}
    assert chords == {((100.0, 0.0), (-100.0, 0.0), (-300.0, 0.0)), ((-100.0, 0.0), (100.0, 0.0), (100.0, 220.0))}

    e = run(write(tmp_path / "extended", {}))
    compare(e.measurements, {"frontage_ft": 200.0 * k, "setback_left_ft": 90.0 * k, "setback_right_ft": extended * k})
    assert_runs(frame, e.layout.riparian.right_extension, (100, 0), (-S30, C30), "extended right (30 deg)")


# ==========================================================================
# 5. a cove of three lots divided proportionally
# ==========================================================================
# The cove's shore is an arc of 12 equal chords of 50 ft (600 ft) on a circle of
# radius R, each chord subtending delta at the centre C; the headlands are its ends
# H1 = (0, 0) and H2 = (480, 0), so the mouth 2 R sin(6 delta) = 480 and the chord
# 2 R sin(delta/2) = 50: sin(6 delta) / sin(delta/2) = 9.6 (solved below: delta =
# 0.189117 rad, R = 264.78 ft), C = (240, R cos 6 delta) = (240, 111.85) seaward of the mouth, the cove
# bowing landward.  Vertex P_j = C + R (-sin(6 delta - j delta), -cos(6 delta - j delta)).
# Lots (side lines radial, 120 ft landward): A = P_0..P_3 (150 ft), B = P_3..P_7
# (200 ft), C = P_7..P_12 (250 ft); outside the headlands the coast runs on along
# v = 0 with a parcel either side (they front the coast, not the cove).
# The line of navigation H1-H2 (480 ft) divided in proportion 150 : 200 : 250:
#   A: 0 - 120 ft,  B: 120 - 280 ft,  C: 280 - 480 ft   (shares 120, 160, 200)
# so the lines run: A  P_0 -> (0, 0) (at its headland: no length), P_3 -> (120, 0);
#                   B  P_3 -> (120, 0), P_7 -> (280, 0);
#                   C  P_7 -> (280, 0), P_12 -> (480, 0) (no length).
# Lot B's dock: a walkway 6 ft wide from P_5 toward C, 60 ft long; its setbacks are
# the plain polygon-to-polyline distances to B's lines (each its radial side line
# then the line to the mouth), computed below.
def cove():
    delta = brentq(lambda d: math.sin(6 * d) / math.sin(d / 2) - 9.6, 0.01, 0.26, xtol=1e-15)
    r = 25.0 / math.sin(delta / 2)
    c = (240.0, r * math.cos(6 * delta))
    p = [(c[0] - r * math.sin(6 * delta - j * delta), c[1] - r * math.cos(6 * delta - j * delta)) for j in range(13)]
    return delta, r, c, p


def radial(c, p, d):
    n = math.hypot(p[0] - c[0], p[1] - c[1])
    return (p[0] + d * (p[0] - c[0]) / n, p[1] + d * (p[1] - c[1]) / n)


def walkway_toward(root, c, length, width=6.0):
    """A walkway ``width`` wide from ``root`` toward the point ``c``, ``length`` long (local corners)."""
    w = ((c[0] - root[0]) / math.dist(c, root), (c[1] - root[1]) / math.dist(c, root))
    s = (-w[1] * width / 2, w[0] * width / 2)
    return Polygon([(root[0] + s[0], root[1] + s[1]), (root[0] - s[0], root[1] - s[1]),
                    (root[0] - s[0] + length * w[0], root[1] - s[1] + length * w[1]),
                    (root[0] + s[0] + length * w[0], root[1] + s[1] + length * w[1])])


LOTS = {"A": (0, 3), "B": (3, 7), "C": (7, 12)}
SHARES = {"A": (0.0, 120.0), "B": (120.0, 280.0), "C": (280.0, 480.0)}


def cove_site(path, frame, subject, *, how):
    _, _, c, p = cove()
    q = [radial(c, pt, 120.0) for pt in p]
    parcels = []
    for name, (a, b) in LOTS.items():
        parcels.append((name, Polygon(p[a:b + 1] + q[a:b + 1][::-1])))
    parcels.append(("outside-left", Polygon([(-260, 0), p[0], q[0], (-260, q[0][1])])))
    parcels.append(("outside-right", Polygon([p[12], (740, 0), (740, q[12][1]), q[12]])))
    mhw = LineString([(-700, 0), *p, (1180, 0)])
    a, b = LOTS[subject]
    j = (a + b) / 2  # the middle of the lot's arc: a vertex (B: P_5) or the middle of a chord (A, C)
    root = tuple((p[math.floor(j)][i] + p[math.ceil(j)][i]) / 2 for i in range(2))
    walkway = walkway_toward(root, c, 60.0 if subject == "B" else 20.0)
    review = {"riparian_method": "proportional"}
    extra = None
    if how == "layer":
        extra = {"cove_line": [LineString([(0, 0), (480, 0)])]}
    else:
        review["cove_line"] = [list(frame.pt(0, 0)), list(frame.pt(480, 0))]
    site = write_local_site(path, frame, parcels=parcels, mhw=[mhw], subject_id=subject,
                            footprint=[("walkway", walkway)], review=review, extra=extra)
    return site, p, q, list(walkway.exterior.coords)[:-1]


def test_the_cove_is_built_as_stated():
    delta, r, c, p = cove()
    chords = [math.dist(a, b) for a, b in zip(p[:-1], p[1:])]
    assert chords == pytest.approx([50.0] * 12, abs=1e-9)
    assert p[0] == pytest.approx((0.0, 0.0), abs=1e-9) and p[12] == pytest.approx((480.0, 0.0), abs=1e-9)
    assert delta == pytest.approx(0.189117, abs=1e-6) and r == pytest.approx(264.78, abs=0.01)
    assert c == pytest.approx((240.0, 111.85), abs=0.01)
    assert all(v < 0 for _, v in p[1:12])  # the cove bows landward of its mouth


@pytest.mark.parametrize("how", ["layer", "review"])
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_cove_of_three_lots_divided_proportionally(tmp_path, crs, rotation, how):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    site, p, q, dock = cove_site(tmp_path, frame, "B", how=how)
    r = run(site)
    rip = r.layout.riparian
    lo, hi = SHARES["B"]
    assert_near(frame, local_points(frame, rip.left_extension)[0], p[3], "left line start (P_3)")
    assert_near(frame, local_points(frame, rip.left_extension)[-1], (lo, 0.0), "left line end (120 ft along the mouth)")
    assert_near(frame, local_points(frame, rip.right_extension)[0], p[7], "right line start (P_7)")
    assert_near(frame, local_points(frame, rip.right_extension)[-1], (hi, 0.0), "right line end (280 ft along)")
    compare(rip.parameters, {"line_of_navigation_ft": 480.0 * k, "shared_frontage_ft": 600.0 * k, "frontage_share_ft": 200.0 * k,
                             "share_from_ft": 120.0 * k, "share_to_ft": 280.0 * k, "share_ft": 160.0 * k})
    assert rip.parameters["sharing_lots"] == 3
    divisions = [frame.local(*g.coords[0]) for g in rip.construction["divisions"].geoms]
    for got, want in zip(divisions, [(0, 0), (120, 0), (280, 0), (480, 0)]):
        assert_near(frame, got, want, "division of the mouth")
    left_line = [q[3], p[3], (lo, 0.0)]
    right_line = [q[7], p[7], (hi, 0.0)]
    compare(r.measurements, {"frontage_ft": 200.0 * k,
                             "setback_left_ft": polygon_to_polyline(dock, left_line) * k,
                             "setback_right_ft": polygon_to_polyline(dock, right_line) * k})


@pytest.mark.parametrize("subject", ["A", "C"])
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_cove_headland_lots_take_their_shares(tmp_path, crs, rotation, subject):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    site, p, q, dock = cove_site(tmp_path, frame, subject, how="review")
    r = run(site)
    rip = r.layout.riparian
    a, b = LOTS[subject]
    lo, hi = SHARES[subject]
    compare(rip.parameters, {"share_from_ft": lo * k, "share_to_ft": hi * k, "share_ft": (hi - lo) * k,
                             "frontage_share_ft": {"A": 150.0, "C": 250.0}[subject] * k})
    assert_near(frame, local_points(frame, rip.left_extension)[0], p[a], "left line start")
    assert_near(frame, local_points(frame, rip.left_extension)[-1], (lo, 0.0), "left line end")
    assert_near(frame, local_points(frame, rip.right_extension)[0], p[b], "right line start")
    assert_near(frame, local_points(frame, rip.right_extension)[-1], (hi, 0.0), "right line end")
    compare(r.measurements, {"frontage_ft": (150.0 if subject == "A" else 250.0) * k,
                             "setback_left_ft": polygon_to_polyline(dock, [q[a], p[a], (lo, 0.0)]) * k,
                             "setback_right_ft": polygon_to_polyline(dock, [q[b], p[b], (hi, 0.0)]) * k})


# ==========================================================================
# 6. the method from a profile, the manifest overriding it; a method short of its layer
# ==========================================================================
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_profile_names_the_method_and_a_manifest_cannot_change_it(tmp_path, crs, rotation):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    shipped = (ROOT / "src" / "dockreview" / "rules" / "profiles" / "kings-point-ny.toml").read_text(encoding="utf-8")
    profile = tmp_path / "trend.toml"
    head, _, tail = shipped.partition("[riparian]\n")  # the shipped profile's own [riparian] table, replaced
    tail = tail[tail.index("\n[") + 1:] if "\n[" in tail else ""
    profile.write_text(head + '[riparian]\nmethod = "perpendicular-to-trend"\nbaseline_ft = 120.0\n\n' + tail, encoding="utf-8")
    left, right = [(-100, 0), (-100 + 160 * S20, -160 * C20)], [(100, 0), (100 + 160 * S20, -160 * C20)]
    r = run(straight_site(tmp_path / "a", frame, left=left, right=right, review={}), profile=str(profile))
    assert r.layout.riparian.method == "perpendicular-to-trend"
    assert r.layout.riparian.parameters["baseline_ft"] == 120.0
    compare(r.measurements, {"setback_left_ft": 90.0 * k, "setback_right_ft": 90.0 * k})
    # The manifest asks for extended side lines: not the town's reading, so the review keeps the profile's method,
    # and the verdict it would have had is the one a town reading extended side lines gives.
    site = straight_site(tmp_path / "b", frame, left=left, right=right, review={"riparian_method": "extended-side-lines"})
    over = run(site, profile=str(profile))
    assert over.layout.riparian.method == "perpendicular-to-trend"
    compare(over.measurements, {"setback_left_ft": 90.0 * k, "setback_right_ft": 90.0 * k})
    extended = tmp_path / "extended.toml"
    extended.write_text(head + '[riparian]\nmethod = "extended-side-lines"\n\n' + tail, encoding="utf-8")
    other = run(site, profile=str(extended))
    compare(other.measurements, {"setback_left_ft": 97 * C20 * k, "setback_right_ft": (90 * C20 - 120 * S20) * k})
    assert over.to_dict()["interpretations"]["deviations"] == [{
        "key": "review.riparian_method", "profile": "perpendicular-to-trend", "manifest": "extended-side-lines",
        "verdict_under_manifest": other.verdict,
    }]


@pytest.mark.parametrize("method, layer", [("perpendicular-to-centerline", "centerline"), ("proportional", "cove_line")])
def test_a_method_without_its_layer_is_one_plain_error(tmp_path, method, layer):
    frame = frame_in("EPSG:2263")
    site = straight_site(tmp_path, frame, left=[(-100, 0), (-100, -150)], right=[(100, 0), (100, -150)],
                         review={"riparian_method": method})
    res = cli("check", site.manifest)
    assert res.exit_code == 2, res.output
    lines = [line for line in res.output.splitlines() if line.strip()]
    assert len(lines) == 1, res.output
    assert lines[0].startswith("error: ") and str(site.manifest) in lines[0]
    assert method in lines[0] and layer in lines[0]
    assert "Traceback" not in res.output


def test_an_unknown_method_is_refused_by_the_manifest(tmp_path):
    frame = frame_in("EPSG:2263")
    site = straight_site(tmp_path, frame, left=[(-100, 0), (-100, -150)], right=[(100, 0), (100, -150)],
                         review={"riparian_method": "colonail"})
    res = cli("check", site.manifest)
    assert res.exit_code == 2
    assert "review.riparian_method" in res.output and "'colonial'" in res.output


def test_a_bad_cove_line_is_refused_by_the_manifest(tmp_path):
    frame = frame_in("EPSG:2263")
    site = straight_site(tmp_path, frame, left=[(-100, 0), (-100, -150)], right=[(100, 0), (100, -150)],
                         review={"riparian_method": "proportional", "cove_line": [[1.0, 2.0]]})
    res = cli("check", site.manifest)
    assert res.exit_code == 2
    assert "review.cove_line" in res.output and "headlands" in res.output


# ==========================================================================
# 7. the single-lot envelope by method equals the review's (what the screen falls back to)
# ==========================================================================
@pytest.mark.parametrize("case", ["centerline", "cove", "trend"])
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_lot_envelope_by_method_is_the_reviews(tmp_path, crs, rotation, case):
    from dockreview.measure.envelope import lot_envelope
    from dockreview.review.pipeline import riparian_method

    frame = frame_in(crs, rotation)
    if case == "cove":
        site, *_ = cove_site(tmp_path, frame, "B", how="layer")
    else:
        centreline = LineString([(-400, 300 - 400 * S30 / C30), (400, 300 + 400 * S30 / C30)])
        method = {"centerline": "perpendicular-to-centerline", "trend": "perpendicular-to-trend"}[case]
        site = straight_site(tmp_path, frame, left=[(-100, 0), (-100 + 160 * S20, -160 * C20)],
                             right=[(100, 0), (100 + 160 * S20, -160 * C20)],
                             review={"riparian_method": method}, extra={"centerline": [centreline]})
    loaded = dockreview.load_site(str(site.manifest))
    r = dockreview.review(loaded)
    env = lot_envelope(loaded.parcel, loaded.mhw, ft_per_unit=loaded.ft_per_unit, rules=r.rules, channels=loaded.channels,
                       docks=loaded.docks, tolerance_ft=loaded.manifest.review.mhw_tolerance_ft,
                       **riparian_method(loaded, r.rules))
    assert env.riparian.method == r.layout.riparian.method
    assert env.area_sqft == pytest.approx(r.layout.envelope.area_sqft, rel=1e-9)
    assert env.geometry.symmetric_difference(r.layout.envelope.geometry).area * loaded.ft_per_unit ** 2 < 1e-3
    extended = lot_envelope(loaded.parcel, loaded.mhw, ft_per_unit=loaded.ft_per_unit, rules=r.rules,
                            tolerance_ft=loaded.manifest.review.mhw_tolerance_ft)
    assert extended.area_sqft != pytest.approx(env.area_sqft, rel=1e-3)  # the method changes the envelope


# ==========================================================================
# every method side by side (issue 29): the 20-deg lot above, under each method at once
# ==========================================================================
@pytest.mark.parametrize("crs, rotation", CRSS)
def test_every_method_side_by_side_names_where_the_dock_stands(tmp_path, crs, rotation):
    # Kings Point: 80 ft from each line. Extended side lines lean 20 deg: 97 cos 20 = 91.150 and
    # 90 cos 20 - 120 sin 20 = 43.530 ft: fails. Square to the trend and colonial (both baselines at each corner are
    # v = 0 on this straight shore, their bisector +v): the rays u = +-100, 90 ft each side: pass. No centreline and no
    # cove line: those two are not drawn. The water within the 200-ft cap: each pair of parallel lines 200 ft apart
    # along the shore, cut at v = 200: 200 x 200 = 40,000 sq ft under every method drawn (a parallelogram too).
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    left = [(-100, 0), (-100 + 160 * S20, -160 * C20)]
    right = [(100, 0), (100 + 160 * S20, -160 * C20)]
    site = straight_site(tmp_path / "site", frame, left=left, right=right, review={})
    out = tmp_path / "methods.json"
    result = cli("riparian", site.manifest, "--json", out)
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text())
    by = {m["method"]: m for m in doc["methods"]}
    assert doc["bound"]["ft"] == pytest.approx(200.0)
    assert by["extended-side-lines"]["status"] == "fail"
    compare(by["extended-side-lines"], {"setback_left_ft": 97 * C20 * k, "setback_right_ft": (90 * C20 - 120 * S20) * k})
    for method in ("perpendicular-to-trend", "colonial"):
        assert by[method]["status"] == "pass", method
        compare(by[method], {"setback_left_ft": 90.0 * k, "setback_right_ft": 90.0 * k})
        assert [c["status"] for c in by[method]["changed"] if c["id"] == "side-setback"] == ["pass"]
    for method, layer in (("perpendicular-to-centerline", "centerline"), ("proportional", "cove")):
        assert by[method]["status"] == "not-drawn" and layer in by[method]["reason"]
    for method in ("extended-side-lines", "perpendicular-to-trend", "colonial"):
        assert by[method]["water_area_sqft"] == pytest.approx(40_000.0 * k * k, rel=2e-3), method
    assert doc["standing"] == "some" and doc["passing_methods"] == ["perpendicular-to-trend", "colonial"]
    assert "passes: perpendicular-to-trend, colonial" in result.output
    review = run(site)
    assert review.riparian_methods().to_dict() == doc


# ==========================================================================
# the line of navigation as the soundings' contour (issue 29)
# ==========================================================================
# The plane of tests/support/ordinance_sites.py: depth 0.5 + 0.03 v ft at v ft seaward of a straight shore (here at
# 25 deg), soundings over u -300..300.  The 4-ft contour is the line v = 3.5 / 0.03 = 116.667, parallel to the shore,
# so the apportionment shares it exactly as the shore: each lot's lines run square to the shore (along +v) from its
# water corners (u = -100, +100) to v = 116.667, and its share is its whole 200-ft frontage.
def test_proportional_with_a_depth_contour_for_the_line_of_navigation(tmp_path):
    from support import ordinance_sites as osites
    from support.sitegen import KINGS_POINT, make_site, t_dock

    c, s = math.cos(math.radians(25.0)), math.sin(math.radians(25.0))

    def local(xy):
        x, y = xy[0] - KINGS_POINT[0], xy[1] - KINGS_POINT[1]
        return x * c + y * s, -x * s + y * c

    site = make_site(tmp_path, rotation=25.0, dock=t_dock())
    osites.complete(site)
    manifest = osites.variant(site, "by-depth", review={"navigation_depth_ft": 4.0})
    comparison = dockreview.review(dockreview.load_site(manifest)).riparian_methods()
    result = next(m for m in comparison.methods if m.method == "proportional")
    assert result.status != "not-drawn", result.reason
    rip = result.riparian
    v_lon = 3.5 / 0.03
    for ext, u in ((rip.left_extension, -100.0), (rip.right_extension, 100.0)):
        assert local(ext.coords[0]) == pytest.approx((u, 0.0), abs=TOL)
        assert local(ext.coords[-1]) == pytest.approx((u, v_lon), abs=TOL)
    assert rip.parameters["frontage_share_ft"] == pytest.approx(200.0, abs=TOL)


def test_the_common_bound_is_measured_from_the_lots_own_bank():
    # The Hernando canal sample (data/make_florida_samples.py): HC-2 fronts the bank v = 0 from u = -50 to 50 (100 ft,
    # metres CRS), the far bank is a second MHW line across the canal; its law caps the reach at 25 ft, so under
    # every method drawn (the lines square to the straight bank) the lot's water within the bound is 100 x 25 =
    # 2,500 sq ft -- not twice that, as a bound around the far bank too would make it.
    comparison = dockreview.review(dockreview.load_site(str(ROOT / "data" / "hernando-canal" / "site.toml"))).riparian_methods()
    assert comparison.bound_ft == pytest.approx(25.0)
    drawn = [m for m in comparison.methods if m.status != "not-drawn"]
    assert len(drawn) >= 3
    for m in drawn:
        assert m.water_area_sqft == pytest.approx(2500.0, abs=1.0), m.method
