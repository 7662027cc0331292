"""The Board evidence (issue 12; Docks H and the waiver clause) against answers derived by hand.

Every site is drawn in the local frame of tests/sitegen.py (u along the shore, v
seaward, feet; looking seaward +u is on the right) and written with
``write_local_site``, plus the layers the evidence reads (buildings, mlw, soundings,
vegetation). The expected figures come from the construction: closed-form angles
(``math.atan2``), rectangles' areas, a plane bottom; never from the code under test.

The standard dock (``t_dock``): root "auto" = (0, 0), bearing +v; a 110 x 6 walkway
u in [-3, 3], v in [0, 110] and a 20 x 10 T float u in [-10, 10], v in [110, 120].
"""

from __future__ import annotations

import json
import math
import warnings

import geopandas as gpd
import matplotlib
import pytest
import shapely
from shapely.geometry import LineString, Point

import dockreview
from dockreview.evidence import measures as ev
from dockreview.outputs import evidence_sheet as evidence_plot
from support.paths import DATA
from support.sitegen import (
    SUBJECT_ID,
    frame_in,
    make_site,
    rect,
    t_dock,
    write_local_site,
)

TOL_DEG = 0.01   # the view circle is a 512-gon: 2e-5 of the radius, far inside this
TOL_FT = 0.01
TOL_H = 1e-3     # heights: the MHW and MLW lines are read snapped to a 0.001-ft grid (dockreview.inputs.site.MHW_GRID_FT)
TOL_ANGLE = 1e-4  # vertical angles: EPSG:2263's US survey foot is 2 ppm over the international foot
SHORE = LineString([(-2500, 0), (2500, 0)])


def lots(*spans):
    """Parcels 150 ft deep on the near bank between the given u spans; the subject is (-100, 100)."""
    ids = {(-100, 100): SUBJECT_ID, (-300, -100): "2-105-32", (100, 300): "2-105-34"}
    return [(ids.get(span, f"X{span[0]:+g}"), rect(span[0], -150, span[1], 0)) for span in spans]


NEAR = lots((-300, -100), (-100, 100), (100, 300))


def build(tmp_path, name, *, rotation=0.0, parcels=NEAR, mhw=(SHORE,), dock=None, footprint=None, docks=None,
          channels=None, buildings=None, mlw=None, soundings=None, vegetation=None, attributes=None, evidence=None,
          dock_table=None, vessel=None):
    """Write a site and return its review (the evidence is gathered by the tests)."""
    frame = frame_in("EPSG:2263", rotation)
    if dock is None and footprint is None:
        dock = t_dock()
    site = write_local_site(tmp_path / name, frame, parcels=parcels, mhw=list(mhw), dock=dock, footprint=footprint,
                            docks=docks, channels=channels)
    gpkg = site.dir / "site.gpkg"
    extra = {}
    if buildings is not None:
        extra["buildings"] = gpd.GeoDataFrame({"USE": ["building"] * len(buildings)}, geometry=[frame.geom(g) for g in buildings], crs=frame.crs)
    if mlw is not None:
        extra["mlw"] = gpd.GeoDataFrame({"NAME": ["MLW"] * len(mlw)}, geometry=[frame.geom(g) for g in mlw], crs=frame.crs)
    if soundings is not None:
        pts, depth = zip(*soundings)
        extra["soundings"] = gpd.GeoDataFrame({"DEPTH_MLW": list(depth)}, geometry=[frame.geom(Point(p)) for p in pts], crs=frame.crs)
    if vegetation is not None:
        extra["vegetation"] = gpd.GeoDataFrame({"KIND": ["marsh"] * len(vegetation)}, geometry=[frame.geom(g) for g in vegetation], crs=frame.crs)
    for layer, frame_ in extra.items():
        frame_.to_file(gpkg, layer=layer, driver="GPKG", engine="pyogrio")
    tables = {"layers": {k: f"site.gpkg:{k}" for k in extra}}
    if docks is not None:
        tables["layers"]["docks_id_field"] = "NAME"
    if soundings is not None:
        tables["soundings"] = {"depth_field": "DEPTH_MLW"}
    if dock_table:
        tables["dock"] = dock_table
    if vessel:
        tables["vessel"] = vessel
    if evidence:
        tables["evidence"] = evidence
    if attributes:
        tables["dock.attributes"] = attributes
    site.rewrite(**tables)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(dockreview.load_site(site.manifest)), frame


def gather(review):
    result = ev.gather(review)
    json.dumps(result.to_dict(), allow_nan=False)  # every figure is JSON (no NaN, no infinity)
    return result


def phi(u0, v0, u, v):
    """The direction (degrees counter-clockwise from +u) from (u0, v0) to (u, v)."""
    return math.degrees(math.atan2(v - v0, u - u0))


def azimuth(frame, phi_deg):
    """The grid azimuth of the local direction ``phi_deg``."""
    return frame.azimuth(math.cos(math.radians(phi_deg)), math.sin(math.radians(phi_deg)))


# ----------------------------------------------------------------------------- 1. water views

# The right neighbour's house, 40 ft square, its water-facing edge at v = -30: the viewpoint is (200, -30).
HOUSE_R = rect(180, -70, 220, -30)
SHED_R = rect(140, -20, 160, -5)          # on the same lot, between the house and the shore, to its front-left
HOUSE_L = rect(-220, -70, -180, -30)
HOUSE_S = rect(-20, -100, 20, -60)        # the subject's own house (not a neighbour)
HOUSE_FAR = rect(380, -80, 420, -40)      # lot (300, 500): within 500 ft of the dock
HOUSE_FARTHER = rect(980, -80, 1020, -40)  # lot (900, 1100): beyond 500 ft
VIEW_LOTS = lots((-300, -100), (-100, 100), (100, 300), (300, 500), (900, 1100))
DOCK_VERTICES = [(-3, 0), (3, 0), (3, 110), (-3, 110), (-10, 110), (10, 110), (10, 120), (-10, 120)]
NEIGHBOUR_DOCK = rect(197, 0, 203, 80)


@pytest.fixture(scope="module")
def views(tmp_path_factory):
    review, frame = build(
        tmp_path_factory.mktemp("views"), "views", rotation=25.0, parcels=VIEW_LOTS,
        buildings=[HOUSE_R, SHED_R, HOUSE_L, HOUSE_S, HOUSE_FAR, HOUSE_FARTHER], docks=[NEIGHBOUR_DOCK],
        attributes={"deck_height_above_mhw_ft": 6.0, "float_deck_above_water_in": 12.0}, evidence={"eye_height_ft": 12.0},
    )
    return review, frame, gather(review)


def _viewpoint(result, parcel_id):
    return next(v for v in result.water_views.values["viewpoints"] if v["parcel_id"] == parcel_id)


def test_view_sectors_in_closed_form(views):
    review, frame, result = views
    vp = _viewpoint(result, "2-105-34")
    u0, v0 = 200.0, -30.0
    assert (vp["x"], vp["y"]) == pytest.approx(frame.pt(u0, v0), abs=1e-6), "the middle of the edge facing the water"
    assert vp["adjoining"] and vp["side"] == "right" and vp["source"] == "default"
    radius = 1000.0
    first = math.degrees(math.asin(30.0 / radius))        # the sight line first reaching v = 0 within 1,000 ft
    shadow = [phi(u0, v0, u, v) for u, v in shapely.get_coordinates(SHED_R)]
    lo_shed, hi_shed = min(shadow), max(shadow)            # 147.99 to 170.54 degrees
    view = (180.0 - 2 * first) - (hi_shed - lo_shed)
    assert vp["water_view_deg"] == pytest.approx(view, abs=TOL_DEG)
    # the runs [first, lo_shed] and [hi_shed, 180 - first] counter-clockwise; as azimuths, clockwise from their far end
    expected = [[azimuth(frame, lo_shed), azimuth(frame, first)], [azimuth(frame, 180.0 - first), azimuth(frame, hi_shed)]]
    got = sorted(vp["water_view_sectors_az_deg"], key=lambda s: s[0])
    for (a, b), (c, d) in zip(got, sorted(expected, key=lambda s: s[0])):
        assert (a, b) == pytest.approx((c, d), abs=TOL_DEG)
    dock = [phi(u0, v0, u, v) for u, v in DOCK_VERTICES]   # 141.71 to 171.59 degrees, half behind the shed
    seen = (lo_shed - min(dock)) + (max(dock) - hi_shed)
    assert vp["dock_in_view_deg"] == pytest.approx(seen, abs=TOL_DEG)
    assert vp["dock_share_of_view_pct"] == pytest.approx(100 * seen / view, abs=0.01)
    existing = 2 * math.degrees(math.atan(3.0 / 30.0))     # the neighbour's own dock, straight ahead: 11.42 degrees
    assert vp["existing_docks_in_view_deg"] == pytest.approx(existing, abs=TOL_DEG)
    assert vp["dock_share_of_open_view_pct"] == pytest.approx(100 * seen / (view - existing), abs=0.01)
    d = math.hypot(197.0, 30.0)                            # the walkway's corner (3, 0), the nearest seen
    rise = math.degrees(math.atan2(6.0 - 12.0, d) + math.atan2(12.0, d))
    assert vp["vertical_angle_deg"] == pytest.approx(rise, abs=TOL_ANGLE)
    assert vp["vertical_angle_at"] == "walkway"
    assert vp["distance_to_dock_ft"] == pytest.approx(d, abs=TOL_FT)


def test_views_are_the_neighbours_in_range(views):
    _, frame, result = views
    ids = {v["parcel_id"]: v for v in result.water_views.values["viewpoints"]}
    assert set(ids) == {"2-105-32", "2-105-34", "X+300"}, "adjoining lots and the lot within 500 ft that sees the dock"
    assert (ids["2-105-32"]["x"], ids["2-105-32"]["y"]) == pytest.approx(frame.pt(-200, -30), abs=1e-6)
    assert not ids["X+300"]["adjoining"] and ids["X+300"]["dock_in_view_deg"] > 0
    assert result.water_views.status == "measured" and result.water_views.needs == ()


def test_manifest_viewpoint_sees_all_round(tmp_path, views):
    review0, frame, result0 = views
    x, y = frame.pt(200.0, -30.0)
    review, _ = build(
        tmp_path, "vp", rotation=25.0, parcels=VIEW_LOTS, buildings=[HOUSE_R, SHED_R, HOUSE_L, HOUSE_S, HOUSE_FAR],
        docks=[NEIGHBOUR_DOCK], attributes={"deck_height_above_mhw_ft": 6.0, "float_deck_above_water_in": 12.0},
        evidence={"viewpoints": [[x, y, 20.0]]},
    )
    result = gather(review)
    (vp,) = result.water_views.values["viewpoints"]
    default = _viewpoint(result0, "2-105-34")
    assert vp["source"] == "manifest" and vp["parcel_id"] == "2-105-34" and vp["eye_height_ft"] == 20.0
    # the water lies wholly in front of the wall: seeing all round changes nothing but the eye
    for key in ("water_view_deg", "dock_in_view_deg", "existing_docks_in_view_deg"):
        assert vp[key] == pytest.approx(default[key], abs=TOL_DEG)
    d = math.hypot(197.0, 30.0)
    assert vp["vertical_angle_deg"] == pytest.approx(math.degrees(math.atan2(6.0 - 20.0, d) + math.atan2(20.0, d)), abs=TOL_ANGLE)


def test_views_need_buildings_and_eye_height(tmp_path):
    review, _ = build(tmp_path, "nob", parcels=VIEW_LOTS)
    views = gather(review).water_views
    assert views.status == "needs-data" and views.needs[0].startswith("layers.buildings")
    assert views.values["viewpoints"] == [] and views.values["viewpoint_count"] is None
    review, _ = build(tmp_path, "noeye", parcels=VIEW_LOTS, buildings=[HOUSE_R])
    views = gather(review).water_views
    assert views.status == "needs-data"
    assert any(n.startswith("evidence.eye_height_ft") for n in views.needs)
    assert any(n.startswith("layers.docks") for n in views.needs)
    (vp,) = views.values["viewpoints"]
    assert vp["vertical_angle_deg"] is None and vp["existing_docks_in_view_deg"] is None and vp["water_view_deg"] > 0


# ----------------------------------------------------------------------------- 2. pier-head line

# docks drawn as lines (the docks layer takes lines): their landward ends and seaward ends are single points
LEFT_DOCK, RIGHT_DOCK = LineString([(-250, 0), (-250, 100)]), LineString([(300, 0), (300, 140)])
FAR_DOCK, BEYOND_DOCK = LineString([(600, 0), (600, 80)]), LineString([(1400, 0), (1400, 300)])


def test_pierhead_line_through_two_docks(tmp_path):
    review, _ = build(tmp_path, "ph", docks=[LEFT_DOCK, RIGHT_DOCK, FAR_DOCK, BEYOND_DOCK])
    ph = gather(review).pierhead_line
    v = ph.values
    assert ph.status == "measured"
    assert (v["left_dock"], v["right_dock"]) == ("docks 0", "docks 1")
    # the line through (-250, 100) and (300, 140); the dock's farthest vertex beyond it is the float's (-10, 120)
    a, b = (-250.0, 100.0), (300.0, 140.0)
    n = (-(b[1] - a[1]), b[0] - a[0])
    norm = math.hypot(*n)
    offset = max(((u - a[0]) * n[0] + (w - a[1]) * n[1]) / norm for u, w in DOCK_VERTICES)
    assert offset == pytest.approx(1400.0 / math.hypot(40.0, 550.0))
    assert v["offset_ft"] == pytest.approx(offset, abs=TOL_FT)
    assert v["shore_dock_count"] == 3, "the dock 1,400 ft along the shore is beyond 1,000 ft"
    assert v["median_reach_ft"] == pytest.approx(100.0, abs=TOL_FT)
    assert v["greatest_reach_ft"] == pytest.approx(140.0, abs=TOL_FT)
    assert v["proposed_reach_ft"] == pytest.approx(120.0, abs=TOL_FT)
    assert {d["id"]: d["side"] for d in v["docks"]} == {"docks 0": "left", "docks 1": "right", "docks 2": "right"}
    along = {d["id"]: d["along_shore_ft"] for d in v["docks"]}
    assert along == pytest.approx({"docks 0": 250.0, "docks 1": 300.0, "docks 2": 600.0}, abs=TOL_FT)
    # along the shore: 100 ft at 250 ft to the left, 140 ft at 300 ft to the right: 118.18 ft here
    here = 100.0 + (140.0 - 100.0) * 250.0 / (250.0 + 300.0)
    assert v["neighbours_reach_here_ft"] == pytest.approx(here, abs=TOL_FT)
    assert v["reach_beyond_neighbours_ft"] == pytest.approx(120.0 - here, abs=TOL_FT)


def test_pierhead_line_with_docks_on_one_side(tmp_path):
    review, _ = build(tmp_path, "ph1", docks=[LEFT_DOCK], evidence={"pierhead_distance_ft": 400.0})
    v = gather(review).pierhead_line.values
    assert v["right_dock"] is None and "left side only" in v["basis"]
    assert v["offset_ft"] == pytest.approx(20.0, abs=TOL_FT), "the line v = 100, parallel to the chord; the float's edge v = 120"
    assert v["reach_beyond_neighbours_ft"] == pytest.approx(20.0, abs=TOL_FT)


def test_pierhead_line_on_a_bent_shore(tmp_path):
    # a headland: MHW the circle of radius 500 ft about (0, -500); radial docks 100 ft long at 20 degrees either side
    radius, reach, alpha = 500.0, 100.0, 20.0

    def radial(angle):
        a = math.radians(90.0 + angle)
        return LineString([(radius * math.cos(a), radius * math.sin(a) - radius),
                           ((radius + reach) * math.cos(a), (radius + reach) * math.sin(a) - radius)])

    site = make_site(tmp_path / "bent", curved={"radius": radius, "theta": 30.0, "extra": 30.0}, rotation=35.0,
                     dock={"root": "auto", "bearing": "perpendicular", "length": reach, "width": 6.0},
                     docks=[radial(alpha), radial(-alpha)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        review = dockreview.review(dockreview.load_site(site.manifest))
    v = gather(review).pierhead_line.values
    # the chord through the two ends lies (R + L) cos(alpha) from the centre; the walkway's end reaches R + L
    assert v["offset_ft"] == pytest.approx((radius + reach) * (1 - math.cos(math.radians(alpha))), abs=0.05)
    # along the shore the dock reaches exactly as far as its neighbours
    assert v["reach_beyond_neighbours_ft"] == pytest.approx(0.0, abs=0.05)
    assert [d["along_shore_ft"] for d in v["docks"]] == pytest.approx([radius * math.radians(alpha)] * 2, abs=0.05)


def test_pierhead_line_needs_docks(tmp_path):
    review, _ = build(tmp_path, "ph0")
    ph = gather(review).pierhead_line
    assert ph.status == "needs-data" and ph.needs[0].startswith("layers.docks")
    assert ph.values["offset_ft"] is None and ph.values["shore_dock_count"] is None
    review, _ = build(tmp_path, "phfar", docks=[BEYOND_DOCK])
    ph = gather(review).pierhead_line
    assert ph.status == "measured" and ph.values["shore_dock_count"] == 0 and ph.values["offset_ft"] is None


# ----------------------------------------------------------------------------- 3. waterway

FAR_BANK = LineString([(2500, 400), (-2500, 400)])
CREEK_LOTS = [*NEAR, ("2-106-10", rect(-300, 400, 300, 550))]
ACROSS_DOCK = rect(47, 330, 53, 400)   # rooted on the far bank, reaching to v = 330
CHANNEL = rect(-2500, 200, 2500, 260)


def test_waterway_of_a_creek(tmp_path):
    review, _ = build(tmp_path, "creek", parcels=CREEK_LOTS, mhw=(SHORE, FAR_BANK), docks=[ACROSS_DOCK], channels=[CHANNEL])
    ww = gather(review).waterway
    v = ww.values
    assert ww.status == "measured"
    assert v["width_along_axis_ft"] == pytest.approx(400.0, abs=TOL_FT)
    assert v["width_square_ft"] == pytest.approx(400.0, abs=TOL_FT)
    assert v["dock_share_along_axis_pct"] == pytest.approx(30.0, abs=0.01)
    assert v["one_third_width_ft"] == pytest.approx(400.0 / 3, abs=TOL_FT) and "not a rule of the law applied here" in v["one_third_note"]
    assert v["clear_width_along_axis_ft"] == pytest.approx(280.0, abs=TOL_FT)
    assert v["clear_width_ft"] == pytest.approx(math.hypot(47.0 - 10.0, 330.0 - 120.0), abs=TOL_FT)
    assert v["clear_width_to"] == "dock docks 0"
    assert v["channel_distance_ft"] == pytest.approx(80.0, abs=TOL_FT)
    pier = gather(review).pierhead_line.values
    assert pier["shore_dock_count"] == 0, "a dock across the creek is on another shore"


def test_waterway_along_a_skewed_dock(tmp_path):
    dock = {**t_dock(), "bearing": 20.0}
    review, _ = build(tmp_path, "skew", parcels=CREEK_LOTS, mhw=(SHORE, FAR_BANK), dock=dock)
    v = gather(review).waterway.values
    c, s = math.cos(math.radians(20)), math.sin(math.radians(20))
    assert v["width_along_axis_ft"] == pytest.approx(400.0 / c, abs=TOL_FT)
    assert v["width_square_ft"] == pytest.approx(400.0, abs=TOL_FT)
    assert v["dock_share_along_axis_pct"] == pytest.approx(100 * 120.0 / (400.0 / c), abs=0.01)
    extent = 120.0 * c + 10.0 * s                      # the float's far corner, square to the shore
    assert v["dock_extent_square_ft"] == pytest.approx(extent, abs=TOL_FT)
    assert v["dock_share_square_pct"] == pytest.approx(100 * extent / 400.0, abs=0.01)
    assert v["clear_width_ft"] == pytest.approx(400.0 / c - 120.0, abs=TOL_FT)


@pytest.mark.parametrize("crs", ["EPSG:2263", "EPSG:26918"])
def test_waterway_of_a_round_pond_runs_square_to_the_curved_shore(tmp_path, crs):
    # MHW a circle of radius 300 ft about (0, 300) (a 1,024-gon, a vertex at the dock's root (0, 0)); the lots behind it.
    # Square to the shore at the root is toward the centre: the diameter, 600 ft, as along the dock's axis (+v);
    # the float's far edge lies 120 ft along that normal.
    disc = Point(0, 300).buffer(300.0, quad_segs=256)
    parcels = [(pid, rect(-100 + 200 * k, -150, 100 + 200 * k, 80).difference(disc))
               for k, pid in ((-1, "2-105-32"), (0, SUBJECT_ID), (1, "2-105-34"))]
    site = write_local_site(tmp_path / "pond", frame_in(crs, 30.0), parcels=parcels,
                            mhw=[LineString(disc.exterior.coords)], dock=t_dock())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        v = gather(dockreview.review(dockreview.load_site(site.manifest))).waterway.values
    assert v["width_along_axis_ft"] == pytest.approx(600.0, abs=TOL_FT)
    assert v["width_square_ft"] == pytest.approx(600.0, abs=TOL_FT)
    assert v["dock_extent_square_ft"] == pytest.approx(120.0, abs=TOL_FT)
    assert v["dock_share_square_pct"] == pytest.approx(20.0, abs=0.01)


def test_waterway_needs_the_opposite_shore_and_channels(tmp_path):
    review, _ = build(tmp_path, "open")
    ww = gather(review).waterway
    assert ww.status == "needs-data"
    assert any(n.startswith("layers.mhw") for n in ww.needs) and any(n.startswith("layers.channels") for n in ww.needs)
    assert ww.values["width_along_axis_ft"] is None and ww.values["wider_than_ft"] > 0
    assert ww.values["channel_distance_ft"] is None


# ----------------------------------------------------------------------------- 4. foreshore, 7. section


def plane(mlw_v, spacing=20.0):
    """Soundings on a plane bottom 1 in 10, at 0 ft (MLW) on v = ``mlw_v``: (point, depth below MLW)."""
    return [((u, v), (v - mlw_v) / 10.0) for u in range(-300, 301, 50) for v in range(-20, 301, int(spacing))]


def mlw_line(v):
    return [LineString([(-2500, v), (2500, v)])]


@pytest.mark.parametrize(
    "mlw_v, deck, least, greatest, under, over, passage",
    [
        (60, 5.0, 5.0, 11.0, 40.0, 0.0, "pass under"),   # MHW 6 ft above MLW; headroom 5 + v/10
        (60, 0.5, 0.5, 6.5, 0.0, 15.0, "step over"),     # headroom 0.5 + v/10: <= 2 ft for v <= 15
        (30, 2.5, 2.5, 5.5, 0.0, 0.0, "go around"),      # MHW 3 ft above MLW; headroom 2.5 + v/10 on 30 ft
    ],
)
def test_foreshore_on_a_plane_bottom(tmp_path, mlw_v, deck, least, greatest, under, over, passage):
    review, _ = build(tmp_path, f"fs{mlw_v}{deck}", mlw=mlw_line(mlw_v), soundings=plane(mlw_v),
                      attributes={"deck_height_above_mhw_ft": deck})
    fs = gather(review).foreshore
    v = fs.values
    assert fs.status == "measured" and v["mlw_source"] == "layers.mlw"
    assert v["foreshore_along_axis_ft"] == pytest.approx(mlw_v, abs=TOL_FT)
    assert v["mhw_elevation_ft"] == pytest.approx(mlw_v / 10.0, abs=TOL_H)
    assert v["deck_elevation_ft"] == pytest.approx(mlw_v / 10.0 + deck, abs=TOL_H)
    assert v["least_clearance_ft"] == pytest.approx(least, abs=TOL_H)
    assert v["least_clearance_at_ft"] == pytest.approx(0.0, abs=TOL_FT)
    assert v["greatest_clearance_ft"] == pytest.approx(greatest, abs=TOL_H)
    assert v["pass_under_length_ft"] == pytest.approx(under, abs=TOL_FT)
    assert v["step_over_length_ft"] == pytest.approx(over, abs=TOL_FT)
    assert v["passage"] == passage


def test_foreshore_mlw_from_the_soundings(tmp_path):
    review, _ = build(tmp_path, "fs0", soundings=plane(60), attributes={"deck_height_above_mhw_ft": 5.0})
    v = gather(review).foreshore.values
    assert v["mlw_source"].startswith("soundings")
    assert v["foreshore_along_axis_ft"] == pytest.approx(60.0, abs=TOL_FT)
    assert v["passage"] == "pass under" and v["pass_under_length_ft"] == pytest.approx(40.0, abs=TOL_FT)


def test_foreshore_needs(tmp_path):
    review, _ = build(tmp_path, "fsn1", soundings=plane(60))
    fs = gather(review).foreshore
    assert fs.status == "needs-data" and fs.needs == ("dock.attributes.deck_height_above_mhw_ft",)
    assert fs.values["foreshore_along_axis_ft"] == pytest.approx(60.0, abs=TOL_FT) and fs.values["passage"] is None
    review, _ = build(tmp_path, "fsn2", attributes={"deck_height_above_mhw_ft": 5.0})
    fs = gather(review).foreshore
    assert fs.needs[0].startswith("layers.mlw or layers.soundings") and any(n.startswith("layers.soundings") for n in fs.needs)
    review, _ = build(tmp_path, "fsn3", mlw=mlw_line(60), attributes={"deck_height_above_mhw_ft": 5.0})
    fs = gather(review).foreshore
    assert fs.values["foreshore_along_axis_ft"] == pytest.approx(60.0, abs=TOL_FT)
    assert fs.needs == ("layers.soundings (the bottom under the deck)",) and fs.values["least_clearance_ft"] is None


def test_section_on_a_plane_bottom(tmp_path):
    review, _ = build(tmp_path, "sec", mlw=mlw_line(60), soundings=plane(60), vessel={"draft_ft": 3.0},
                      dock_table={"float_draft_ft": 1.5},
                      attributes={"deck_height_above_mhw_ft": 5.0, "pile_spacing_ft": 10.0, "float_deck_above_water_in": 14.0})
    sc = gather(review).section
    v = sc.values
    assert sc.status == "measured"
    assert v["mhw_elevation_ft"] == pytest.approx(6.0, abs=TOL_H) and v["deck_elevation_ft"] == pytest.approx(11.0, abs=TOL_H)
    assert v["pile_count"] == 12 and v["pile_stations_ft"] == pytest.approx([10.0 * k for k in range(12)], abs=TOL_FT)
    assert (v["deck_from_ft"], v["deck_to_ft"]) == pytest.approx((0.0, 110.0), abs=TOL_FT)
    assert (v["float_from_ft"], v["float_to_ft"]) == pytest.approx((110.0, 120.0), abs=TOL_FT)
    assert v["float_freeboard_ft"] == pytest.approx(14.0 / 12.0)
    assert v["nav_reach_ft"] == pytest.approx(100.0, abs=0.01), "draft 3 + 1 ft: 4 ft deep at v = 100"
    assert v["water_under_float_at_mlw_ft"] == pytest.approx(5.0 - 1.5, abs=TOL_H), "5 ft deep at v = 110"
    # the reach the checks allow this dock: navigable depth at 100 ft plus the float's 10 ft along the axis (under 200)
    assert v["max_reach_ft"] == pytest.approx(110.0, abs=0.01) and v["mlw_at_ft"] == pytest.approx(60.0, abs=TOL_FT)
    assert v["max_reach_sections"] == ["Docks D(1), D(2)(a)[1]"]
    bottom = dict(zip(v["profile_stations_ft"], v["profile_bottom_ft"]))
    assert bottom[40.0] == pytest.approx(6.0 - 4.0, abs=TOL_H), "the plane: 6 ft above MLW at MHW, 1 in 10"
    fig, ax = evidence_plot.plot_section(review)
    assert ax.get_xlabel().startswith("distance along the dock's axis")
    matplotlib.pyplot.close(fig)


def test_section_needs(tmp_path):
    review, _ = build(tmp_path, "secn", dock_table={})
    sc = gather(review).section
    assert sc.status == "needs-data"
    assert any(n.startswith("layers.soundings") for n in sc.needs)
    assert "dock.attributes.deck_height_above_mhw_ft" in sc.needs and "dock.attributes.pile_spacing_ft" in sc.needs
    assert "dock.float_draft_ft" in sc.needs
    assert sc.values["pile_count"] is None and sc.values["deck_elevation_ft"] is None


# ----------------------------------------------------------------------------- 5. the adjoining owners' water


def test_adjoining_owners_water(tmp_path):
    # a walkway 6 ft wide, 220 ft long, rooted at u = -70: its 50 ft reach u = -123 on the left
    dock = {"root": (-70.0, 0.0), "bearing": "perpendicular", "length": 220.0, "width": 6.0}
    review, _ = build(tmp_path, "nw", dock=dock, docks=[rect(-203, 0, -197, 80)])
    nw = gather(review).neighbour_water
    lots = {lot["parcel_id"]: lot for lot in nw.values["lots"]}
    assert nw.status == "measured" and set(lots) == {"2-105-32", "2-105-34"}
    left, right = lots["2-105-32"], lots["2-105-34"]
    assert left["side"] == "left" and right["side"] == "right"
    assert left["water_sqft"] == pytest.approx(200.0 * 200.0, abs=0.5), "200 ft of frontage, seaward to 200 ft"
    assert left["within_sqft"] == pytest.approx(23.0 * 200.0, abs=0.5), "u from -123 to -100, v from 0 to 200"
    assert left["within_pct"] == pytest.approx(11.5, abs=0.01)
    assert left["dock_inside_sqft"] == pytest.approx(0.0, abs=1e-6)
    assert left["to_extension_ft"] == pytest.approx(27.0, abs=TOL_FT)
    assert left["its_docks"] == ["docks 0"] and left["to_its_dock_ft"] == pytest.approx(124.0, abs=TOL_FT)
    assert right["within_sqft"] == pytest.approx(0.0, abs=1e-6) and right["to_extension_ft"] == pytest.approx(167.0, abs=TOL_FT)
    assert right["its_docks"] == [] and right["to_its_dock_ft"] is None


def test_a_multipart_neighbour_is_measured_on_its_waterfront_part(tmp_path):
    # the right neighbour's record also holds a detached lot across the road, larger than its waterfront part:
    # its water is its waterfront part's (the review's rule: the part nearest the MHW line), 200 ft by 200 ft
    across = rect(100, -700, 400, -300)
    parcels = [NEAR[0], NEAR[1], ("2-105-34", shapely.MultiPolygon([rect(100, -150, 300, 0), across]))]
    dock = {"root": (70.0, 0.0), "bearing": "perpendicular", "length": 220.0, "width": 6.0}
    review, _ = build(tmp_path, "nwmulti", parcels=parcels, dock=dock, docks=[])
    lots = {lot["parcel_id"]: lot for lot in gather(review).neighbour_water.values["lots"]}
    right = lots["2-105-34"]
    assert right["fronts_water"] and right["side"] == "right"
    assert right["water_sqft"] == pytest.approx(200.0 * 200.0, abs=0.5)
    assert right["within_sqft"] == pytest.approx(23.0 * 200.0, abs=0.5), "u from 100 to 123, v from 0 to 200"
    assert right["to_extension_ft"] == pytest.approx(27.0, abs=TOL_FT)


def test_adjoining_owners_water_needs(tmp_path):
    review, _ = build(tmp_path, "nw0", parcels=lots((-100, 100)))
    nw = gather(review).neighbour_water
    assert nw.status == "needs-data" and nw.needs[0].startswith("layers.parcels")
    review, _ = build(tmp_path, "nw1")
    nw = gather(review).neighbour_water
    assert nw.status == "needs-data" and nw.needs[0].startswith("layers.docks")
    assert all(lot["to_its_dock_ft"] is None and lot["within_sqft"] == 0.0 for lot in nw.values["lots"])


# ----------------------------------------------------------------------------- 6. constructions

FOOTPRINT = [
    ("landing", rect(-4, -8, 4, 0)), ("walkway", rect(-3, 0, 3, 110)), ("float", rect(-10, 110, 10, 120)),
    ("boat_lift", rect(5, 60, 15, 90)), ("pwc_lift", rect(-13, 70, -5, 80)),
]


def test_constructions_and_the_environment(tmp_path):
    review, _ = build(tmp_path, "cs", dock=None, footprint=FOOTPRINT, vegetation=[rect(-50, 100, 50, 115)],
                      attributes={"lighting_height_in": False})
    cs = gather(review).constructions
    v = cs.values
    assert cs.status == "measured"
    got = {c["component"]: (c["nearest_ft"], c["farthest_ft"]) for c in v["components"]}
    expected = {"landing": (0.0, 0.0), "walkway": (0.0, 110.0), "float": (110.0, 120.0), "boat_lift": (60.0, 90.0), "pwc_lift": (70.0, 80.0)}
    for kind, (near, far) in expected.items():
        assert got[kind] == pytest.approx((near, far), abs=TOL_FT), kind
    assert v["deck_on_vegetation_sqft"] == pytest.approx(6.0 * 10.0, abs=0.01)
    assert v["float_on_vegetation_sqft"] == pytest.approx(20.0 * 5.0, abs=0.01)
    assert v["shaded_by_deck_sqft"] == pytest.approx(6.0 * 110.0, abs=0.01), "the landing stands on land"
    assert v["shaded_by_floats_sqft"] == pytest.approx(200.0, abs=0.01)
    assert v["shaded_water_sqft"] == pytest.approx(860.0, abs=0.01)


def test_constructions_needs(tmp_path):
    review, _ = build(tmp_path, "cs0", attributes={"lighting_height_in": 30.0})
    cs = gather(review).constructions
    assert cs.status == "needs-data"
    assert cs.needs[0].startswith("the lights' positions") and any(n.startswith("layers.vegetation") for n in cs.needs)
    assert cs.values["deck_on_vegetation_sqft"] is None and "lights" in cs.unmeasured
    assert cs.values["shaded_water_sqft"] == pytest.approx(860.0, abs=0.01)


# ----------------------------------------------------------------------------- the outputs


def test_layers_rows_and_the_sheet(tmp_path, views):
    review, _, result = views
    frames = ev.layers(result)
    assert {"evidence_viewpoints", "evidence_view_sectors", "evidence_pierhead_line", "evidence_constructions"} <= set(frames)
    for name, frame in frames.items():
        assert frame.crs == review.site.crs and not frame.empty, name
    path = tmp_path / "evidence.gpkg"
    for name, frame in frames.items():
        frame.to_file(path, layer=name, driver="GPKG", engine="pyogrio")
    rows = ev.report_rows(result)
    assert rows and all(isinstance(r, tuple) and len(r) == 3 and all(isinstance(x, str) for x in r) for r in rows)
    assert any("2-105-34" in label for label, _, _ in rows)
    out = tmp_path / "sheet.png"
    evidence_plot.save_evidence(review, out, evidence=result)
    assert out.stat().st_size > 10_000
    fig, ax = matplotlib.pyplot.subplots()
    fig2, ax2 = evidence_plot.plot_evidence(review, result, ax=ax)
    assert ax2 is ax and fig2 is fig
    matplotlib.pyplot.close(fig)


def test_sheet_is_written_whole_or_not_at_all(tmp_path, views):
    review, _, result = views
    blocked = tmp_path / "file"
    blocked.write_text("x")
    with pytest.raises(dockreview.DockReviewError):
        evidence_plot.save_evidence(review, blocked / "sheet.png", evidence=result)
    assert blocked.read_text() == "x"


def test_the_sample_site_shows_every_measure():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        review = dockreview.review(dockreview.load_site(DATA / "evidence-site" / "site.toml"))
    result = gather(review)
    assert [m.status for m in result.measures] == ["measured"] * 8, [m.needs for m in result.measures]
    views = result.water_views.values
    assert views["viewpoint_count"] >= 4 and all(v["vertical_angle_deg"] for v in views["viewpoints"])
    assert result.pierhead_line.values["offset_ft"] == pytest.approx(10.5, abs=0.1)
    assert result.waterway.values["width_along_axis_ft"] == pytest.approx(520.0, abs=0.01)
    assert result.foreshore.values["passage"] == "pass under"
    assert result.section.values["pile_count"] == 12
    # the DEM (data/make_dem.py): MHW 3.6 ft NAVD88, the bank 1 in 5 for 30 ft, then 1 in 40; the deck 5 ft above MHW
    elevation = result.elevation.values
    assert elevation["deck_elevation_ft"] == pytest.approx(8.6)
    lots = {lot["parcel_id"]: lot for lot in elevation["lots"]}
    assert lots["2-105-32"]["frontage_ground_median_ft"] == pytest.approx(3.6 + 5 / 5, abs=0.001)
    assert lots["2-105-32"]["dwelling_lowest_adjacent_grade_ft"] == pytest.approx(9.6 + 40 / 40, abs=0.001)  # its house at v = -70
    assert review.check("board-navigation").status == "board", "the evidence decides nothing"
