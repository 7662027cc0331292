"""Known answers for every riparian method, derived by hand, in two storage CRSs (issue 29, "Done when").

Every site is drawn in the local frame of tests/support/sitegen.py -- ``u`` along
the shore, ``v`` seaward, feet; looking seaward the right hand is ``+u`` -- and
written directly in its storage CRS, which is also the working CRS: EPSG:2263 (US
survey feet: one local foot is one CRS foot, so a length L measures L x 1.000002
international ft) and EPSG:32618 (UTM metres: one local foot is 0.3048 m exactly).
``k`` is that factor (:func:`support.shores.scale_of`); areas scale by ``k**2``.

The methods, as the issue defines them (``[review] riparian_method``), from each of
the lot's water corners C:

* extended-side-lines: the side line carried straight on;
* perpendicular-to-trend: square to the cove line (headland to headland) when given,
  else to the straight line fitted to the MHW line from ``baseline_ft`` (100) before
  the first corner to ``baseline_ft`` beyond the second;
* perpendicular-to-centerline / long-lake: to the foot of the perpendicular on the
  centreline / the median line (long-lake falls back to the centreline layer);
* round-lake: straight to ``[review] lake_center``, else to the centroid of the water
  the MHW ring encloses;
* colonial: square to unit(N - C) - unit(P - C) (P the lot's other corner, N the
  adjoining lot's far corner), seaward; where a line of navigation is given and the
  two lines cross before it, the proportional lines instead (``fallback``);
* proportional: the line of navigation (a cove line, a navigation_line layer, or the
  shore offset ``navigation_ft``) divided in proportion to the frontages.

Every expected value below is derived by hand from the construction, written out
in the comments and computed with plain arithmetic (shapely only for the area or
the length of a polygon/polyline whose vertices are known by hand); nothing is read
from dockreview.
"""

from __future__ import annotations

import json
import math

import pytest
from shapely.geometry import LineString, Polygon

from support.shores import (
    CRSS,
    TOL,
    arc,
    assert_lines,
    assert_zone,
    bisector,
    concave_offset,
    crossing,
    foot_on_line,
    lerp,
    line_report,
    local_points,
    off_by,
    polar,
    scale_of,
    sector,
    straight_lot,
    sub,
    unit,
    walkway,
)
from support.sitegen import frame_in, rect, write_local_site

dockreview = pytest.importorskip("dockreview")

SUBJECT = "2-105-33"
ALL_METHODS = ["extended-side-lines", "perpendicular-to-trend", "perpendicular-to-centerline", "long-lake",
               "round-lake", "colonial", "proportional"]
UP = (0.0, 1.0)
R2 = math.sqrt(2.0)


def run(site):
    return dockreview.review(dockreview.load_site(str(site.manifest)))


def cli(*args):
    from click.testing import CliRunner

    from dockreview.cli import main
    return CliRunner().invoke(main, [str(a) for a in args])


# ==========================================================================
# 1. a straight shore at 35 deg, lots square to it: every method drawn agrees
# ==========================================================================
# The shore v = 0 runs at 35 deg from grid east (the frame's rotation) in both CRSs.
# The lot: water corners (-100, 0) and (100, 0), side lines u = -100 and u = 100 back
# to v = -150; neighbours 200 ft wide each side (far corners (-300, 0) and (300, 0)).
# Layers: a centreline v = 400 and a median line v = 300 (both parallel to the shore);
# [review] navigation_ft = 250.  From each corner (+-100, 0) every method runs +v:
#   extended: the side lines u = +-100 carried on;
#   trend: the MHW fitted from u = -200 to 200 is v = 0, square to it is +v;
#   centreline / long-lake: the feet are (+-100, 400) / (+-100, 300), the lines end there;
#   colonial: at (-100, 0) P = (100, 0), N = (-300, 0): unit(N-C) - unit(P-C) = (-2, 0),
#     square to it +v (likewise at (100, 0)); the lines are parallel: they never cross, no fallback;
#   proportional: the shore (-300, 0)..(300, 0) offset 250 is (-300, 250)..(300, 250), divided
#     200 : 200 : 200 among the three lots: the lot's share u = -100..100: lines end at (+-100, 250);
#   round-lake: no lake_center and the MHW line closes around nothing: not drawn.
# Dock: walkway u -3..3, v 0..110; float u -10..10, v 110..120: 100 - 10 = 90 ft from each line.
# Water within the comparison's bound b (the profile's 200-ft reach cap): each pair of lines 200 ft
# apart, the buffer of the straight MHW line cut at v = b: 200 x b = 40,000 sq ft under every method
# (the centreline's, median's and navigation line's ends all lie beyond v = 200).  The waters coincide,
# so nothing is disputed; the dock passes (90 > the 80-ft setback) under every method drawn: "all".
STRAIGHT_END_V = {"perpendicular-to-centerline": 400.0, "long-lake": 300.0, "proportional": 250.0}
DRAWN = [m for m in ALL_METHODS if m != "round-lake"]


def straight_site(path, frame):
    dock = [("walkway", rect(-3, 0, 3, 110)), ("float", rect(-10, 110, 10, 120))]
    return write_local_site(path, frame, parcels=straight_lot(), mhw=[LineString([(-700, 0), (700, 0)])],
                            footprint=dock, review={"navigation_ft": 250.0},
                            extra={"centerline": [LineString([(-700, 400), (700, 400)])],
                                   "median_line": [LineString([(-700, 300), (700, 300)])]})


@pytest.mark.parametrize("crs", ["EPSG:2263", "EPSG:32618"])
def test_straight_shore_at_35_deg_every_method_agrees(tmp_path, crs):
    frame = frame_in(crs, 35.0)
    k = scale_of(frame)
    comparison = run(straight_site(tmp_path, frame)).riparian_methods()
    by = {m.method: m for m in comparison.methods}
    assert list(by) == ALL_METHODS
    assert by["round-lake"].status == "not-drawn" and "lake_center" in by["round-lake"].reason
    assert comparison.bound_ft == pytest.approx(200.0)
    bad = []
    for method in DRAWN:
        m = by[method]
        if m.status != "pass":
            bad.append(f"{method}: status {m.status} {m.reason}")
            continue
        end_v = STRAIGHT_END_V.get(method)
        for side, u in (("left", -100.0), ("right", 100.0)):
            line = getattr(m.riparian, f"{side}_extension")
            spec = {"end": (u, end_v)} if end_v else {"direction": UP}
            bad += [f"{method} {side} line {b}" for b in line_report(frame, line, (u, 0.0), **spec)]
        for key in ("setback_left_ft", "setback_right_ft"):
            if abs(getattr(m, key) - 90.0 * k) > TOL:
                bad.append(f"{method}: {key} {getattr(m, key):.3f}, expected {90.0 * k:.3f}")
        # (rel 1e-5: the comparison measures the area on raw CRS coordinates, which costs ~2e-6 of it)
        if m.water_area_sqft != pytest.approx(200.0 * 200.0 * k * k, rel=1e-5):
            bad.append(f"{method}: water {m.water_area_sqft:,.1f} sq ft, expected {40_000 * k * k:,.1f}")
    assert not bad, "; ".join(bad)
    assert "fallback" not in by["colonial"].riparian.parameters
    assert comparison.standing == "all" and list(comparison.passing_methods) == DRAWN
    dispute = comparison.dispute()
    assert dispute["left"]["disputed_sqft"] <= 0.5 and dispute["right"]["disputed_sqft"] <= 0.5, dispute


@pytest.mark.parametrize("crs", ["EPSG:2263", "EPSG:32618"])
def test_straight_shore_comparison_on_the_command_line(tmp_path, crs):
    frame = frame_in(crs, 35.0)
    site = straight_site(tmp_path, frame)
    res = cli("riparian", site.manifest, "--json", "-")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert [m["method"] for m in doc["methods"]] == ALL_METHODS
    assert all(isinstance(m["source"], str) and m["source"].strip() for m in doc["methods"]), doc["methods"]
    assert doc["standing"] == "all" and doc["passing_methods"] == DRAWN
    assert set(doc["dispute"]) == {"left", "right"}
    assert all(doc["dispute"][side]["disputed_sqft"] <= 0.5 for side in ("left", "right")), doc["dispute"]
    status = {m["method"]: m["status"] for m in doc["methods"]}
    assert status == {**{m: "pass" for m in DRAWN}, "round-lake": "not-drawn"}


# ==========================================================================
# 2. a symmetric cove with a headland baseline
# ==========================================================================
# The MHW line: (-900, 0) - H1 (-300, 0) - (-100, -150) - (100, -150) - H2 (300, 0) - (900, 0): a
# trapezoid cove between the headlands H1, H2; the cove line [review] cove_line = H1-H2 (600 ft).
# Lots (back to v = -300): L = H1..(-100, -150) (frontage 250: a 3-4-5 slope, 200 x 150),
# M (the subject) = (-100, -150)..(100, -150) (200), R = (100, -150)..H2 (250); outside the
# headlands a parcel each side fronts the coast v = 0.
# Trend (cove line given): the baseline is H1-H2 (v = 0): the lines run +v from (-+100, -150).
# Colonial: at C = (-100, -150), P = (100, -150), N = L's far corner H1: unit(N-C) = (-200, 150)/250
#   = (-0.8, 0.6), unit(P-C) = (1, 0); their difference (-1.8, 0.6), square to it (0.6, 1.8) ~ (1, 3)/sqrt 10
#   (the bisector of 0 and 143.13 deg, at 71.57 deg: tan = 3); at (100, -150) by symmetry (-1, 3)/sqrt 10.
#   They cross on u = 0 at v = -150 + 3 x 100 = 150, 100 sqrt 10 = 316.2 ft out; the cove line (v = 0) is
#   reached first (at 50 sqrt 10 = 158.1 ft): no fallback.  The lot's water is the triangle
#   (-100, -150), (100, -150), (0, 150): 200 x 300 / 2 = 30,000 sq ft.
# Proportional: the shore H1..H2 (700 ft) is fronted by L, M, R (250, 200, 250); the cove line is divided
#   600 x 250/700 = 214.286, 600 x 200/700 = 171.429, 214.286: M's share u = -300 + 214.286 = -85.714 to
#   85.714; its lines run (-100, -150) -> (-85.714, 0) and (100, -150) -> (85.714, 0); its water the
#   trapezoid (200 + 171.429)/2 x 150 = 27,857.1 sq ft.
COVE_SHARE = 300.0 - 600.0 * 250.0 / 700.0    # 85.714


def cove_site(path, frame, method, *, navigation_line=False):
    parcels = [
        ("outside-left", Polygon([(-600, 0), (-300, 0), (-300, -300), (-600, -300)])),
        ("L", Polygon([(-300, 0), (-100, -150), (-100, -300), (-300, -300)])),
        (SUBJECT, Polygon([(-100, -150), (100, -150), (100, -300), (-100, -300)])),
        ("R", Polygon([(100, -150), (300, 0), (300, -300), (100, -300)])),
        ("outside-right", Polygon([(300, 0), (600, 0), (600, -300), (300, -300)])),
    ]
    mhw = LineString([(-900, 0), (-300, 0), (-100, -150), (100, -150), (300, 0), (900, 0)])
    review, extra = {"riparian_method": method}, None
    if navigation_line:
        extra = {"navigation_line": [LineString([(-300, 200), (300, 200)])]}
    else:
        review["cove_line"] = [list(frame.pt(-300, 0)), list(frame.pt(300, 0))]
    return write_local_site(path, frame, parcels=parcels, mhw=[mhw], footprint=[("walkway", rect(-3, -150, 3, -110))],
                            review=review, extra=extra)


@pytest.mark.parametrize("crs,rotation", CRSS)
def test_symmetric_cove_trend_square_to_the_headland_line(tmp_path, crs, rotation):
    frame = frame_in(crs, rotation)
    rip = run(cove_site(tmp_path, frame, "perpendicular-to-trend")).layout.riparian
    assert_lines(frame, rip, "trend (headland baseline)", left={"start": (-100, -150), "direction": UP},
                 right={"start": (100, -150), "direction": UP})


@pytest.mark.parametrize("crs,rotation", CRSS)
def test_symmetric_cove_colonial_middle_lot(tmp_path, crs, rotation):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    left_dir = bisector((-100, -150), (100, -150), (-300, 0), UP)
    assert left_dir == pytest.approx((1 / math.sqrt(10), 3 / math.sqrt(10)), abs=1e-12)
    meet, s = crossing((-100, -150), left_dir, (100, -150), (-left_dir[0], left_dir[1]))
    assert meet == pytest.approx((0.0, 150.0), abs=1e-9) and s == pytest.approx(100 * math.sqrt(10), abs=1e-9)
    rip = run(cove_site(tmp_path, frame, "colonial")).layout.riparian
    assert_lines(frame, rip, "colonial", left={"start": (-100, -150), "direction": left_dir},
                 right={"start": (100, -150), "direction": (-left_dir[0], left_dir[1])})
    assert "fallback" not in rip.parameters  # they cross beyond the cove line
    assert rip.parameters.get("lines_meet_ft") == pytest.approx(s * k, abs=TOL)
    assert_zone(frame, rip, Polygon([(-100, -150), (100, -150), (0, 150)]), "colonial triangle")
    assert Polygon([(-100, -150), (100, -150), (0, 150)]).area == 30_000.0


# The same cove with, instead of the cove line, a navigation_line layer (-300, 200) - (300, 200): the
# colonial lines cross at (0, 150), 316.2 ft out, before the left one reaches v = 200 (at 350 sqrt 10 / 3
# = 368.9 ft): the fallback.  The shore apportioned runs between the MHW points nearest the line's ends,
# H1 and H2 (200 ft from each), so the line (600 ft) is divided 250 : 200 : 250 as the cove line was:
# M's lines run (-100, -150) -> (-85.714, 200) and (100, -150) -> (85.714, 200).
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_symmetric_cove_colonial_falls_back_before_a_navigation_line(tmp_path, crs, rotation):
    frame = frame_in(crs, rotation)
    left_dir = bisector((-100, -150), (100, -150), (-300, 0), UP)
    _, meet = crossing((-100, -150), left_dir, (100, -150), (-left_dir[0], left_dir[1]))
    assert meet < 350.0 / left_dir[1]  # they cross before the left line reaches v = 200
    rip = run(cove_site(tmp_path, frame, "colonial", navigation_line=True)).layout.riparian
    assert rip.parameters.get("fallback") == "proportional", rip.parameters
    assert_lines(frame, rip, "fallback (proportional)", left={"start": (-100, -150), "end": (-COVE_SHARE, 200.0)},
                 right={"start": (100, -150), "end": (COVE_SHARE, 200.0)})


@pytest.mark.parametrize("crs,rotation", CRSS)
def test_symmetric_cove_proportional_shares_of_the_cove_line(tmp_path, crs, rotation):
    frame = frame_in(crs, rotation)
    assert COVE_SHARE == pytest.approx(85.714, abs=1e-3)
    r = run(cove_site(tmp_path, frame, "proportional"))
    rip = r.layout.riparian
    assert_lines(frame, rip, "proportional", left={"start": (-100, -150), "end": (-COVE_SHARE, 0.0)},
                 right={"start": (100, -150), "end": (COVE_SHARE, 0.0)})
    water = Polygon([(-100, -150), (100, -150), (COVE_SHARE, 0), (-COVE_SHARE, 0)])
    assert water.area == pytest.approx((200.0 + 2 * COVE_SHARE) / 2 * 150.0, abs=1e-9)  # 27,857.1
    assert_zone(frame, rip, water, "proportional trapezoid")
    assert r.measurements.frontage_ft == pytest.approx(200.0 * scale_of(frame), abs=TOL)


# ==========================================================================
# 3. a 90-degree canal bend, the lot on the outside of the bend
# ==========================================================================
# A canal 200 ft wide turns 90 deg: the outer bank's MHW (-600, 0) - (0, 0) - (0, 600) (water at
# u < 0, v > 0), the inner bank's (-600, 200) - (-200, 200) - (-200, 600) (land inside the bend, a parcel
# there); the centreline (-600, 100) - (-100, 100) - (-100, 600).
# The lot wraps the bend's outer corner: water corners A = (-60, 0) and B = (0, 60) (frontage 120, the
# bend's corner between), left side line u = -60 back to v = -150, right side line v = 60 back to u = 150.
# Looking seaward (along (-1, 1)/sqrt 2) A is on the left.  Neighbours: (-260..-60) x (-150..0) along the
# first leg (far corner (-260, 0)) and (0..150) x (60..260) along the second (far corner (0, 260)).
# The bend is symmetric about the diagonal u = -v (the reflection (u, v) -> (-v, -u) swaps A and B).
# * extended: A's line runs +v (up the second leg: the inner bank's first leg stops at u = -200), B's runs
#   -u (along the first leg); they cross at (-60, 60): the lot's water is the square 60 x 60 = 3,600.
# * trend: the stretch fitted runs 100 ft beyond each corner: (-160, 0) - (0, 0) - (0, 160), two legs of 160.
#   Its centroid is (-40, 40); about it the second moment along (1, 1)/sqrt 2 is 160^2/3/2 = 4,266.7 per ft,
#   along (-1, 1)/sqrt 2 only 80^2/3/2 = 1,066.7: the fitted direction is 45 deg, the lines run
#   (-1, 1)/sqrt 2 from A and B, parallel, to the inner bank: A's to (-260, 200) (on its first leg, u < -200),
#   B's to (-200, 260) (on its second, v > 200).  The water: (-60, 0), (0, 0), (0, 60), (-200, 260),
#   (-200, 200), (-260, 200): by the shoelace 24,000 sq ft.  The fitted shore is 320 ft.
# * centreline: from A the nearest point of the centreline is its corner (-100, 100) (A's u = -60 lies past
#   the first leg's end u = -100; its distance to the second leg u = -100 is reached at v = 100 too), and
#   likewise from B: both lines end at the centreline's corner, sqrt(40^2 + 100^2) = 107.703 ft long; the
#   water (-60, 0), (0, 0), (0, 60), (-100, 100): 6,000 sq ft.
# * long-lake: no median_line layer, so the centreline's: the same lines.
# * colonial: at A, P = B (unit (1, 1)/sqrt 2, 45 deg) and N = (-260, 0) (180 deg): the bisector at 112.5 deg,
#   (-0.382683, 0.923880); at B by the reflection 157.5 deg, (-0.923880, 0.382683).  They cross on the
#   diagonal at X: -60 - 0.382683 t = -0.923880 t, t = 60 / 0.541196 = 110.866, X = (-102.426, 102.426)
#   (no line of navigation: no fallback); the water (-60, 0), (0, 0), (0, 60), X.
BEND_A, BEND_B = (-60.0, 0.0), (0.0, 60.0)
DIAG = (-1 / R2, 1 / R2)


def bend_site(path, frame, method):
    subject = Polygon([(-60, -150), (150, -150), (150, 60), (0, 60), (0, 0), (-60, 0)])
    parcels = [(SUBJECT, subject), ("LEFT", rect(-260, -150, -60, 0)), ("RIGHT", rect(0, 60, 150, 260)),
               ("INSIDE", Polygon([(-600, 200), (-200, 200), (-200, 600), (-600, 600)]))]
    mhw = [LineString([(-600, 0), (0, 0), (0, 600)]), LineString([(-600, 200), (-200, 200), (-200, 600)])]
    centreline = LineString([(-600, 100), (-100, 100), (-100, 600)])
    return write_local_site(path, frame, parcels=parcels, mhw=mhw, footprint=[("walkway", rect(-33, 0, -27, 20))],
                            review={"riparian_method": method}, extra={"centerline": [centreline]})


def bend_expected(method):
    """(left spec, right spec, the water's local vertices) for the method at the bend, by hand (above)."""
    if method == "extended-side-lines":
        return {"direction": UP}, {"direction": (-1.0, 0.0)}, [BEND_A, (0, 0), BEND_B, (-60, 60)]
    if method == "perpendicular-to-trend":
        return ({"end": (-260.0, 200.0)}, {"end": (-200.0, 260.0)},
                [BEND_A, (0, 0), BEND_B, (-200, 260), (-200, 200), (-260, 200)])
    if method in ("perpendicular-to-centerline", "long-lake"):
        return {"end": (-100.0, 100.0)}, {"end": (-100.0, 100.0)}, [BEND_A, (0, 0), BEND_B, (-100, 100)]
    left = bisector(BEND_A, BEND_B, (-260.0, 0.0), DIAG)
    right = bisector(BEND_B, BEND_A, (0.0, 260.0), DIAG)
    x, _ = crossing(BEND_A, left, BEND_B, right)
    return {"direction": left}, {"direction": right}, [BEND_A, (0, 0), BEND_B, x]


def test_the_bend_is_derived_as_stated():
    assert Polygon(bend_expected("perpendicular-to-trend")[2]).area == pytest.approx(24_000.0, abs=1e-9)
    assert Polygon(bend_expected("perpendicular-to-centerline")[2]).area == pytest.approx(6_000.0, abs=1e-9)
    left, right, water = bend_expected("colonial")
    assert left["direction"] == pytest.approx((math.cos(math.radians(112.5)), math.sin(math.radians(112.5))), abs=1e-12)
    assert right["direction"] == pytest.approx((math.cos(math.radians(157.5)), math.sin(math.radians(157.5))), abs=1e-12)
    assert water[-1] == pytest.approx((-102.426, 102.426), abs=1e-3)
    # the 45-deg fit: the second moments of the two 160-ft legs about their centroid (-40, 40), per unit length
    along = sum((x / R2) ** 2 for x in range(-160, 1)) / 161  # along (1, 1)/sqrt 2: x / sqrt 2 on the first leg
    across = sum(((-x - 80) / R2) ** 2 for x in range(-160, 1)) / 161
    assert along > 3.9 * across


@pytest.mark.parametrize("method", ["extended-side-lines", "perpendicular-to-trend", "perpendicular-to-centerline",
                                    "long-lake", "colonial"])
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_canal_bend_outside_lot(tmp_path, crs, rotation, method):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    left, right, water = bend_expected(method)
    rip = run(bend_site(tmp_path, frame, method)).layout.riparian
    assert_lines(frame, rip, method, left={"start": BEND_A, **left}, right={"start": BEND_B, **right})
    assert_zone(frame, rip, Polygon(water), method)
    if method == "perpendicular-to-trend":
        assert rip.parameters["fitted_shore_ft"] == pytest.approx(320.0 * k, abs=TOL)
    if method == "colonial":
        assert "fallback" not in rip.parameters


# ==========================================================================
# 4. a round lake of radius 300 with three lots
# ==========================================================================
# The MHW line is the closed ring of the regular 360-gon P_j = 300 (cos j deg, sin j deg) about the
# lake's centre O = (0, 0) (local).  Lots (land outside, radii 300 to 450, sides radial): A over
# 0..100 deg, B over 100..220 deg, C over 220..360 deg, their water corners on vertices.  Looking
# seaward (toward O) from P_j the right hand is the counter-clockwise tangent (-sin j, cos j): each
# lot's left corner is at its smaller angle.
# Round-lake: each line runs from its corner straight to O, with [review] lake_center = O and without
# it (the centroid of the regular polygon the ring encloses is O).  The lot's water is the fan of
# triangles O P_j P_j+1 over its n = theta degrees: n x (1/2) 300^2 sin 1 deg -- on the polygon itself;
# the circle's sector (theta/2) R^2 exceeds it by the chord error, 1 - sin(1 deg)/(pi/180) = 5.1e-5.
LAKE_R = 300.0
LAKE_LOTS = {"A": (0, 100), "B": (100, 220), "C": (220, 360)}


def lake_vertex(j: int, r: float = LAKE_R):
    return polar((0.0, 0.0), r, j % 360)


def lake_site(path, frame, subject, *, center):
    ring = LineString([lake_vertex(j) for j in range(361)])
    parcels = [(name, Polygon([lake_vertex(j) for j in range(a, b + 1)] + [lake_vertex(j, 450.0) for j in range(b, a - 1, -1)]))
               for name, (a, b) in LAKE_LOTS.items()]
    a, b = LAKE_LOTS[subject]
    review = {"riparian_method": "round-lake"}
    if center:
        review["lake_center"] = list(frame.pt(0.0, 0.0))
    return write_local_site(path, frame, parcels=parcels, mhw=[ring], subject_id=subject,
                            footprint=[("walkway", walkway(lake_vertex((a + b) // 2), (0.0, 0.0), 20.0))], review=review)


@pytest.mark.parametrize("subject, center", [("A", False), ("B", False), ("B", True), ("C", False)])
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_round_lake_lines_to_the_centre(tmp_path, crs, rotation, subject, center):
    frame = frame_in(crs, rotation)
    a, b = LAKE_LOTS[subject]
    fan = Polygon([(0.0, 0.0)] + [lake_vertex(j) for j in range(a, b + 1)])
    assert fan.area == pytest.approx((b - a) * 0.5 * LAKE_R ** 2 * math.sin(math.radians(1.0)), rel=1e-12)
    sector_area = math.radians(b - a) / 2 * LAKE_R ** 2
    assert 0 < sector_area - fan.area < 6e-5 * sector_area  # the chord error
    rip = run(lake_site(tmp_path, frame, subject, center=center)).layout.riparian
    assert_lines(frame, rip, f"round lake (lot {subject})", left={"start": lake_vertex(a), "end": (0.0, 0.0)},
                 right={"start": lake_vertex(b), "end": (0.0, 0.0)})
    assert_zone(frame, rip, fan, f"lot {subject}'s fan")
    assert_zone(frame, rip, fan, f"lot {subject}'s sector", area=sector_area, slack=sector_area - fan.area)


# ==========================================================================
# 5. a long lake with a known median line
# ==========================================================================
# The lake is the quadrilateral (-1000, 0), (1000, 0), (1000, 600), (-1000, 200) (the MHW ring): the
# south shore v = 0, the north shore v = 400 + 0.2 u; its median line, midway, v = 200 + 0.1 u from
# (-1000, 100) to (1000, 300), is given as a layer.  The lot: corners (-100, 0), (100, 0), square side
# lines, neighbours 200 ft wide.  Square to the median line, toward it: n = (-0.1, 1)/sqrt 1.01.
# The foot from a corner A is A + ((Q - A) . n) n with Q = (0, 200) on the line:
#   left:  (100, 200) . n = 190/sqrt 1.01, foot (-100 - 19/1.01, 190/1.01) = (-118.812, 188.119)
#   right: (-100, 200) . n = 210/sqrt 1.01, foot (100 - 21/1.01, 210/1.01) = (79.208, 207.921)
# (on the line: 200 + 0.1 x -118.812 = 188.119, 200 + 0.1 x 79.208 = 207.921).  The lot's water is the
# quadrilateral of the corners and the feet.  Given as the median_line layer (with a decoy centreline
# v = 60 that long-lake must not use), or as the centerline layer alone (long-lake's fallback).
MEDIAN = ((0.0, 200.0), (1.0, 0.1))           # a point and the direction of v = 200 + 0.1 u


def long_lake_site(path, frame, how):
    ring = LineString([(-1000, 0), (1000, 0), (1000, 600), (-1000, 200), (-1000, 0)])
    median = LineString([(-1000, 100), (1000, 300)])
    extra = ({"median_line": [median], "centerline": [LineString([(-1000, 60), (1000, 60)])]} if how == "median_line"
             else {"centerline": [median]})
    return write_local_site(path, frame, parcels=straight_lot(), mhw=[ring], footprint=[("walkway", rect(-3, 0, 3, 40))],
                            review={"riparian_method": "long-lake"}, extra=extra)


@pytest.mark.parametrize("how", ["median_line", "centerline"])
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_long_lake_square_to_the_median_line(tmp_path, crs, rotation, how):
    frame = frame_in(crs, rotation)
    feet = {u: foot_on_line((u, 0.0), *MEDIAN) for u in (-100.0, 100.0)}
    assert feet[-100.0] == pytest.approx((-118.812, 188.119), abs=1e-3)
    assert feet[100.0] == pytest.approx((79.208, 207.921), abs=1e-3)
    rip = run(long_lake_site(tmp_path, frame, how)).layout.riparian
    assert_lines(frame, rip, f"long lake ({how})", left={"start": (-100.0, 0.0), "end": feet[-100.0]},
                 right={"start": (100.0, 0.0), "end": feet[100.0]})
    assert_zone(frame, rip, Polygon([(-100, 0), (100, 0), feet[100.0], feet[-100.0]]), "long lake")


# ==========================================================================
# 6. coterminous lines that cross before the line of navigation: the fallback
# ==========================================================================
# A concave circular shore: centre O = (0, 300), R = 300, the MHW the regular polygon arc from 180 to
# 360 deg in steps of 0.1 deg (water inside the circle).  Lots (radii 300 to 420, radial sides): the left
# neighbour over 200..260 deg, the subject over 260..280 (water corners C_L at 260, C_R at 280: the
# subject's 20 deg between neighbours of 60), the right neighbour over 280..340.
# Colonial at C_L: P = C_R, N = the left neighbour's far corner at 200 deg.  By the inscribed angle the
# bisector of angle P C_L N meets the circle at the middle of the arc P..N not holding C_L: 90 - 60/2 =
# 60 deg; at C_R by symmetry 120 deg.  (Radial lines would aim at 80 / 100 deg: the wider neighbours pull
# them in.)  They cross on u = 0 at X = (0, 147.7), 152.3 ft from O -- inside the circle, 152.3 ft along
# each line from its corner.
# The line of navigation, [review] navigation_ft = D: the shore from the neighbours' far corners (200 to
# 340 deg) offset D toward O -- on the polygon a concentric arc of radius 300 - D / cos 0.05 deg (its ends
# square to the end chords) -- divided 60 : 20 : 60 along its length.
# * D = 100 (radius 200): the left line reaches radius 200 about 105 ft out, before X: no fallback, the
#   colonial lines stand; the lot's water is the arc C_L..C_R closed at X.
# * D = 200 (radius 100): the left line crosses X before radius 100 (about 203 ft out): the fallback,
#   parameters["fallback"] == "proportional", the lines the proportional ones: from C_L and C_R to the
#   subject's share of the offset line, 60/140 and 80/140 of its length -- radial (to radius 100 at 260
#   and 280 deg to 0.03 ft: the polygon's ends lie D sin 0.05 deg = 0.17 ft inside the radial points).
FALL_O, FALL_R, FALL_STEP = (0.0, 300.0), 300.0, 0.1


def offset_tolerance(distance: float, radius: float, step_deg: float) -> float:
    """How far a line of navigation ``distance`` out may stray from the hand offset, because of the MHW line's grid.

    The MHW line is read snap-rounded to a 0.001-ft grid (inputs/shoreline.py), each vertex moving up to 0.0005 ft in
    each coordinate: a chord c = 2 R sin(step / 2) long turns by up to 0.001 / c rad, and moved ``distance`` sideways
    its offset moves up to distance x 0.001 / c (0.38 ft at 200 ft on the 0.52-ft chords of R = 300, 0.21 ft at
    150 ft on R = 400), on top of the usual tolerance.
    """
    chord = 2.0 * radius * math.sin(math.radians(step_deg) / 2.0)
    return TOL + distance * 0.001 / chord


def fallback_site(path, frame, distance):
    parcels = [("LEFT", sector(FALL_O, FALL_R, 420.0, 200.0, 260.0, FALL_STEP)),
               (SUBJECT, sector(FALL_O, FALL_R, 420.0, 260.0, 280.0, FALL_STEP)),
               ("RIGHT", sector(FALL_O, FALL_R, 420.0, 280.0, 340.0, FALL_STEP))]
    mhw = LineString(arc(FALL_O, FALL_R, 180.0, 360.0, FALL_STEP))
    return write_local_site(path, frame, parcels=parcels, mhw=[mhw], footprint=[("walkway", walkway((0.0, 0.0), FALL_O, 20.0))],
                            review={"riparian_method": "colonial", "navigation_ft": distance})


def fallback_colonial():
    """The colonial lines' directions at C_L and C_R, and where they cross (and how far out)."""
    cl, cr = polar(FALL_O, FALL_R, 260.0), polar(FALL_O, FALL_R, 280.0)
    left = bisector(cl, cr, polar(FALL_O, FALL_R, 200.0), UP)
    right = bisector(cr, cl, polar(FALL_O, FALL_R, 340.0), UP)
    x, s = crossing(cl, left, cr, right)
    return cl, cr, left, right, x, s


def test_the_fallback_shore_is_derived_as_stated():
    cl, cr, left, right, x, s = fallback_colonial()
    assert left == pytest.approx(unit(sub(polar(FALL_O, FALL_R, 60.0), cl)), abs=1e-12)
    assert right == pytest.approx(unit(sub(polar(FALL_O, FALL_R, 120.0), cr)), abs=1e-12)
    assert x[0] == pytest.approx(0.0, abs=1e-9) and x[1] == pytest.approx(147.7, abs=0.05)
    assert math.dist(x, FALL_O) == pytest.approx(152.3, abs=0.05) and s == pytest.approx(152.3, abs=0.05)

    def out_to(radius):  # how far along the left line it first reaches ``radius`` from O
        d = sub(cl, FALL_O)
        b = 2 * (d[0] * left[0] + d[1] * left[1])
        return (-b - math.sqrt(b * b - 4 * (d[0] ** 2 + d[1] ** 2 - radius ** 2))) / 2
    assert out_to(200.0) < s < out_to(100.0)
    lon = concave_offset(arc(FALL_O, FALL_R, 200.0, 340.0, FALL_STEP), 200.0, FALL_O)
    assert math.dist(lon[700], FALL_O) == pytest.approx(FALL_R - 200.0 / math.cos(math.radians(0.05)), abs=1e-9)


@pytest.mark.parametrize("distance", [100.0, 200.0])
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_coterminous_lines_crossing_before_the_line_of_navigation(tmp_path, crs, rotation, distance):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    cl, cr, left, right, x, s = fallback_colonial()
    rip = run(fallback_site(tmp_path, frame, distance)).layout.riparian
    if distance == 100.0:
        assert "fallback" not in rip.parameters, rip.parameters
        assert_lines(frame, rip, "colonial", left={"start": cl, "direction": left}, right={"start": cr, "direction": right})
        assert rip.parameters.get("lines_meet_ft") == pytest.approx(s * k, abs=TOL)
        assert_zone(frame, rip, Polygon(arc(FALL_O, FALL_R, 260.0, 280.0, FALL_STEP) + [x]), "colonial, crossed at X")
        return
    assert rip.parameters.get("fallback") == "proportional", rip.parameters
    lon = LineString(concave_offset(arc(FALL_O, FALL_R, 200.0, 340.0, FALL_STEP), distance, FALL_O))
    ends = [lon.interpolate(f, normalized=True).coords[0] for f in (60.0 / 140.0, 80.0 / 140.0)]
    for end, deg in zip(ends, (260.0, 280.0)):  # the hand construction is radial, within the polygon's end error
        assert math.dist(end, polar(FALL_O, FALL_R - distance, deg)) < 0.05
    assert_lines(frame, rip, "fallback (proportional)", left={"start": cl, "end": ends[0]},
                 right={"start": cr, "end": ends[1]}, tol=offset_tolerance(distance, FALL_R, FALL_STEP))


# ==========================================================================
# 7. apportionment of the line of navigation on a concave shore, five lots
# ==========================================================================
# A circular cove: centre O = (0, 200), R = 400, the MHW the regular polygon arc from 210 to 330 deg in
# steps of 0.1 deg, between the headlands H1 = (-346.410, 0) and H2 = (346.410, 0), the coast going on
# along v = 0 outside them (a parcel each side).  Five lots (radii 400 to 520, radial sides) over
# 210-225-255-275-310-330 deg: 15, 30, 20, 35, 20 deg, frontages n x 2R sin 0.05 deg (n = 10 x degrees:
# exactly in proportion to the angles; 104.72, 209.44, 139.63, 244.35, 139.63 ft, 837.76 in all).
# * A navigation_line layer H1-H2 (692.820 ft): lot i takes the stretch from H1 + f_a (H2 - H1) to
#   H1 + f_b (H2 - H1), f the cumulative angles / 120: 0, 1/8, 3/8, 13/24, 5/6, 1; its lines run from its
#   corners to those points, its share (f_b - f_a) x 692.820 = 692.820 x frontage / 837.76.
# * [review] navigation_ft = 150 on a middle lot: the shore from the left neighbour's far corner to the
#   right's, offset 150 toward O (radius 250 - on the polygon 400 - 150 / cos 0.05 deg, ends square to
#   the end chords), divided among the three lots by their angles: the lines run radially, to radius 250
#   at the corners' angles (within the ends' error 150 sin 0.05 deg = 0.13 ft).
APP_O, APP_R, APP_STEP = (0.0, 200.0), 400.0, 0.1
APP_BREAKS = [210.0, 225.0, 255.0, 275.0, 310.0, 330.0]


def apportion_site(path, frame, lot, review, extra=None):
    h1, h2 = polar(APP_O, APP_R, 210.0), polar(APP_O, APP_R, 330.0)
    b1, b2 = polar(APP_O, 520.0, 210.0), polar(APP_O, 520.0, 330.0)
    parcels = [(f"L{i + 1}", sector(APP_O, APP_R, 520.0, a, b, APP_STEP)) for i, (a, b) in enumerate(zip(APP_BREAKS, APP_BREAKS[1:]))]
    parcels += [("outside-left", Polygon([(-800, h1[1]), h1, b1, (-800, b1[1])])),
                ("outside-right", Polygon([h2, (800, h2[1]), (800, b2[1]), b2]))]
    mhw = LineString([(-1000, h1[1]), *arc(APP_O, APP_R, 210.0, 330.0, APP_STEP), (1000, h2[1])])
    a, b = APP_BREAKS[lot], APP_BREAKS[lot + 1]
    dock = walkway(polar(APP_O, APP_R, (a + b) / 2), APP_O, 20.0)
    return write_local_site(path, frame, parcels=parcels, mhw=[mhw], subject_id=f"L{lot + 1}", footprint=[("walkway", dock)],
                            review={"riparian_method": "proportional", **review}, extra=extra)


def test_the_apportioned_cove_is_built_as_stated():
    h1, h2 = polar(APP_O, APP_R, 210.0), polar(APP_O, APP_R, 330.0)
    assert h1 == pytest.approx((-346.410, 0.0), abs=1e-3) and h2 == pytest.approx((346.410, 0.0), abs=1e-3)
    chord = 2 * APP_R * math.sin(math.radians(APP_STEP / 2))
    fronts = [LineString(arc(APP_O, APP_R, a, b, APP_STEP)).length for a, b in zip(APP_BREAKS, APP_BREAKS[1:])]
    assert fronts == pytest.approx([(b - a) / APP_STEP * chord for a, b in zip(APP_BREAKS, APP_BREAKS[1:])], rel=1e-12)
    assert sum(fronts) == pytest.approx(837.76, abs=0.01)


@pytest.mark.parametrize("lot", range(5))
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_apportionment_of_a_navigation_line_on_a_concave_shore(tmp_path, crs, rotation, lot):
    frame = frame_in(crs, rotation)
    k = scale_of(frame)
    h1, h2 = polar(APP_O, APP_R, 210.0), polar(APP_O, APP_R, 330.0)
    a, b = APP_BREAKS[lot], APP_BREAKS[lot + 1]
    fa, fb = (a - 210.0) / 120.0, (b - 210.0) / 120.0
    frontage = (b - a) / APP_STEP * 2 * APP_R * math.sin(math.radians(APP_STEP / 2))
    r = run(apportion_site(tmp_path, frame, lot, {}, extra={"navigation_line": [LineString([h1, h2])]}))
    rip = r.layout.riparian
    assert r.measurements.frontage_ft == pytest.approx(frontage * k, abs=TOL)
    ends = local_points(frame, rip.left_extension)[-1], local_points(frame, rip.right_extension)[-1]
    total = 120.0 / APP_STEP * 2 * APP_R * math.sin(math.radians(APP_STEP / 2))
    assert math.dist(*ends) * k == pytest.approx(math.dist(h1, h2) * frontage / total * k, abs=2 * TOL)
    assert_lines(frame, rip, f"lot L{lot + 1}", left={"start": polar(APP_O, APP_R, a), "end": lerp(h1, h2, fa)},
                 right={"start": polar(APP_O, APP_R, b), "end": lerp(h1, h2, fb)})


@pytest.mark.parametrize("lot", [1, 3])
@pytest.mark.parametrize("crs,rotation", CRSS)
def test_navigation_distance_on_the_arc_gives_radial_lines(tmp_path, crs, rotation, lot):
    frame = frame_in(crs, rotation)
    lo, a, b, hi = APP_BREAKS[lot - 1], APP_BREAKS[lot], APP_BREAKS[lot + 1], APP_BREAKS[lot + 2]
    lon = LineString(concave_offset(arc(APP_O, APP_R, lo, hi, APP_STEP), 150.0, APP_O))
    ends = [lon.interpolate((deg - lo) / (hi - lo), normalized=True).coords[0] for deg in (a, b)]
    for end, deg in zip(ends, (a, b)):  # the hand construction is radial, within the ends' error
        assert math.dist(end, polar(APP_O, 250.0, deg)) < 0.15
    rip = run(apportion_site(tmp_path, frame, lot, {"navigation_ft": 150.0})).layout.riparian
    assert_lines(frame, rip, f"lot L{lot + 1}", left={"start": polar(APP_O, APP_R, a), "end": ends[0]},
                 right={"start": polar(APP_O, APP_R, b), "end": ends[1]}, tol=offset_tolerance(150.0, APP_R, APP_STEP))
    for line, deg in ((rip.left_extension, a), (rip.right_extension, b)):  # radial: it points at O
        p0, p1 = local_points(frame, line)[0], local_points(frame, line)[-1]
        d = unit(sub(p1, p0))
        lateral = abs((APP_O[0] - p0[0]) * d[1] - (APP_O[1] - p0[1]) * d[0])
        # an end off by e at radius 250 swings the line by e x 400 / 150 at the centre
        slack = 0.15 + offset_tolerance(150.0, APP_R, APP_STEP) * APP_R / (APP_R - 150.0)
        assert lateral * scale_of(frame) < slack, f"the line at {deg} deg passes {lateral:.3f} ft from the centre"
    assert off_by(frame, local_points(frame, rip.left_extension)[-1], polar(APP_O, 250.0, a)) < 0.15 + offset_tolerance(
        150.0, APP_R, APP_STEP)
