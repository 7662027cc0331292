"""The longest compliant dock, grown from the applicant's own, on sites whose answers are known by hand.

Local frame of support/sitegen.py: u along the shore, v seaward, MHW on v = 0, the
lot's water corners at (-W/2, 0) and (+W/2, 0); a 300-ft lot needs 120-ft
setbacks (40 %), and the reach cap is 200 ft from the MHW line (Docks C, D(1)).
"""

from __future__ import annotations

import json
import math
import tomllib
import warnings

import geopandas as gpd
import numpy as np
import pytest
from click.testing import CliRunner
from shapely.geometry import LineString, Point

import dockreview
from dockreview.cli import main
from dockreview.profile import load_profile
from dockreview.review.suggest import longest_dock, site_envelope
from dockreview.rules import ruleset
from support.sitegen import frame_in, lots_beside, make_site, rect, t_dock, t_footprint, write_local_site

PROFILE = load_profile()
#: The checks of the profile that geometry decides (the ones suggest grows the dock against).
GEOMETRIC = set(ruleset(PROFILE).geometric)
#: Two storage CRSs: the village's US-foot state plane and a metre UTM zone (the working CRS too).
CRSS = ["EPSG:2263", "EPSG:32618"]


def straight_lot(directory, crs, *, rotation=25.0, right_angle=0.0, **dock):
    """A 300 x 150-ft lot on a straight shore (MHW on v = 0), drawn directly in ``crs``, between two 200-ft lots.

    Its right side line leans ``right_angle`` degrees in: u = 150 - v tan(right_angle).
    """
    frame = frame_in(crs, rotation)
    lean = 150.0 * math.tan(math.radians(right_angle))
    subject, left, right = lots_beside([(-150.0, 0.0), (-150.0, -150.0)], [(150.0, 0.0), (150.0 + lean, -150.0)])
    mhw = LineString([(-400.0, 0.0), (-350.0, 0.0), (-150.0, 0.0), (150.0, 0.0), (350.0, 0.0), (400.0, 0.0)])
    parcels = [("2-105-33", subject), ("2-105-32", left), ("2-105-34", right)]
    return write_local_site(directory, frame, parcels=parcels, mhw=[mhw], **dock), frame


def envelope_of(site_files):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        site = dockreview.load_site(site_files.manifest)
    return site, site_envelope(site, PROFILE)


def reviewed(manifest):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(dockreview.load_site(manifest))


def suggest(manifest, out, *args):
    run = CliRunner().invoke(main, ["suggest", str(manifest), "-o", str(out), *args])
    assert run.exit_code == 0, run.output
    return run


def checked(manifest, tmp_path):
    """``dockreview check`` on a manifest: its exit code and its checks by id, read from --json."""
    out = tmp_path / f"{manifest.stem}-{abs(hash(str(manifest)))}.json"
    run = CliRunner().invoke(main, ["check", str(manifest), "--json", str(out)])
    assert run.exit_code in (0, 3), run.output
    doc = json.loads(out.read_text())
    return run.exit_code, {c["id"]: c for c in doc["checks"]}, doc["measurements"]


def no_geometric_failure(checks):
    failing = [i for i, c in checks.items() if i in GEOMETRIC and c["status"] == "fail"]
    assert not failing, failing


# ---------------------------------------------------------------------------------------------------------------
# the length the limiting rule gives (moved from tests/unit/measure/test_envelope.py, assertions kept)
# ---------------------------------------------------------------------------------------------------------------
def test_channel_limits_the_longest_dock(tmp_path):
    # channel from v = 150: the seaward end must stay 50 ft off, so nothing beyond v = 100
    files = make_site(tmp_path, rotation=25.0, lot_width=300.0, dock=t_dock(), channels=[rect(-2000, 150, 2000, 400)])
    site, env = envelope_of(files)
    assert env.greatest_reach_ft == pytest.approx(100.0, abs=0.05)
    dock = longest_dock(site, PROFILE, env)
    # the T float is 10 ft deep: walkway 90 ft puts the float's seaward edge at v = 100
    assert dock.length_ft == pytest.approx(90.0, abs=0.02)
    assert dock.stopped_by == ("channel-clearance",)


def test_longest_dock_stopped_by_reach(tmp_path):
    site, env = envelope_of(make_site(tmp_path, lot_width=300.0, dock=t_dock()))
    dock = longest_dock(site, PROFILE, env)
    assert dock.length_ft == pytest.approx(190.0, abs=0.02)   # + 10-ft float = 200 ft
    assert dock.stopped_by == ("reach",)
    assert "reach" in dock.message


def test_longest_dock_stopped_by_setback_on_an_oblique_bearing(tmp_path):
    # a 6-ft walkway with a 20 x 10 T float from (0, 0), 45 degrees clockwise of the seaward normal,
    # toward the right side line (u = 150, setback 120: nothing may pass u = 30). The float's far
    # right corner leads: at L + 10 along the axis and 10 ft across it, u = (L + 10 + 10) / sqrt(2),
    # so the setback stops the walkway at L = 30 sqrt(2) - 20 = 22.43 ft.
    site, env = envelope_of(make_site(tmp_path, lot_width=300.0, dock=t_dock()))
    root = env.riparian.frontage_midpoint
    azimuth = (float(np.degrees(np.arctan2(*env.riparian.seaward))) + 45.0) % 360.0
    dock = longest_dock(site, PROFILE, env, root=(root.x, root.y), bearing=azimuth)
    assert dock.stopped_by == ("side-setback",)
    assert dock.length_ft == pytest.approx(30.0 * np.sqrt(2.0) - 20.0, abs=0.02)


def test_navigable_depth_limits_the_longest_dock(tmp_path):
    # a plane bottom: depth v / 20 ft below MLW; a 3-ft draft + 1 ft clearance is navigable from v = 80,
    # and the 10-ft-deep T float may lie beyond it: the dock may reach 90 ft, a walkway 80 ft
    files = make_site(tmp_path, lot_width=300.0, dock=t_dock())
    grid = [(u, v) for u in range(-400, 401, 20) for v in range(-20, 301, 20)]
    soundings = gpd.GeoDataFrame(
        {"DEPTH": [v / 20.0 for _, v in grid]}, geometry=[files.to_world(Point(u, v)) for u, v in grid], crs="EPSG:2263"
    )
    soundings.to_file(files.dir / "site.gpkg", layer="soundings", driver="GPKG", engine="pyogrio")
    files.rewrite(layers={"soundings": "site.gpkg:soundings"}, vessel={"draft_ft": 3.0}, soundings={"depth_field": "DEPTH"})
    site, env = envelope_of(files)
    assert env.reach_limit_ft == pytest.approx(90.0, abs=0.05)
    dock = longest_dock(site, PROFILE, env)
    assert dock.length_ft == pytest.approx(80.0, abs=0.02)
    assert dock.stopped_by == ("navigable-reach",)


def test_cli_envelope_and_suggest_then_check(tmp_path):
    files = make_site(tmp_path, rotation=25.0, lot_width=300.0, dock=t_dock(), channels=[rect(-2000, 150, 2000, 400)])
    runner = CliRunner()
    run = runner.invoke(main, ["envelope", str(files.manifest), "-o", str(tmp_path / "env.gpkg"), "--map", str(tmp_path / "env.png")])
    assert run.exit_code == 0, run.output
    assert "band width at MHW" in run.output and "a dock is possible" in run.output
    assert (tmp_path / "env.gpkg").exists() and (tmp_path / "env.png").stat().st_size > 0

    out = tmp_path / "suggested" / "site.toml"
    run = runner.invoke(main, ["suggest", str(files.manifest), "-o", str(out)])
    assert run.exit_code == 0, run.output
    doc = tomllib.loads(out.read_text())
    assert doc["dock"]["length"] == pytest.approx(90.0, abs=0.02)
    result = reviewed(out)
    status = {c.id: c.status for c in result.checks}
    for check in ("side-setback", "reach", "channel-clearance", "width", "float-area", "float-position"):
        assert status[check] == "pass", (check, status)


def test_cli_suggest_no_dock_exits_1(tmp_path):
    files = make_site(tmp_path, lot_width=100.0, dock=t_dock(length=30.0))
    run = CliRunner().invoke(main, ["suggest", str(files.manifest), "-o", str(tmp_path / "s.toml")])
    assert run.exit_code == 1
    assert "no dock possible" in run.output
    assert not (tmp_path / "s.toml").exists()


# ---------------------------------------------------------------------------------------------------------------
# a parametric T dock: its root, bearing, width and float kept, its walkway grown to the reach cap
# ---------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("crs", CRSS)
def test_parametric_t_dock_grows_to_the_reach_cap_keeping_its_float(tmp_path, crs):
    # a passing 110-ft walkway with a 20 x 10 T float, square to a straight shore: the reach cap is
    # 200 ft from MHW, the float 10 ft deep along the axis, so the walkway may be 200 - 10 = 190 ft
    files, _ = straight_lot(tmp_path / "lot", crs, dock=t_dock())
    _, before, _ = checked(files.manifest, tmp_path)
    no_geometric_failure(before)
    out = tmp_path / "out" / "site.toml"
    run = suggest(files.manifest, out)
    assert "the longest compliant walkway is 190.00 ft" in run.output
    assert "kept: T float 20 x 10 ft; walkway width 6 ft; the proposal's root and bearing" in run.output
    assert "changed: walkway 110.0 -> 190.0 ft" in run.output

    dock = tomllib.loads(out.read_text())["dock"]
    assert dock["length"] == pytest.approx(190.0, abs=0.02)
    assert dock["width"] == 6.0 and dock["float"] == {"length": 20.0, "width": 10.0, "layout": "T"}
    assert dock["root"] == "auto" and dock["bearing"] == "perpendicular"
    code, checks, m = checked(out, tmp_path)
    no_geometric_failure(checks)
    assert m["reach_ft"] == pytest.approx(200.0, abs=0.02)
    assert m["float_area_sqft"] == pytest.approx(200.0, abs=0.01) and m["float_layout"] == "T"
    assert m["length_ft"] >= 110.0


def test_a_proposal_in_the_setback_is_moved_to_the_middle_of_the_band(tmp_path):
    # rooted at u = 140, inside the 120-ft right setback of a 300-ft lot: no length passes there; from the
    # middle of the band (u = 0), square to the shore, the walkway reaches the cap less the float: 190 ft
    files = make_site(tmp_path / "lot", lot_width=300.0, dock={**t_dock(), "root": (140.0, 0.0)})
    out = tmp_path / "out" / "site.toml"
    run = suggest(files.manifest, out)
    assert "moved to the middle of the setback band" in run.output
    assert "the longest compliant walkway is 190.00 ft" in run.output
    dock = tomllib.loads(out.read_text())["dock"]
    middle = files.to_world(Point(0.0, 0.0))
    assert dock["root"] == pytest.approx([middle.x, middle.y], abs=0.01)
    assert dock["bearing"] == pytest.approx(0.0, abs=1e-6)   # rotation 0: the local +v is grid north
    _, checks, m = checked(out, tmp_path)
    no_geometric_failure(checks)
    assert m["setback_left_ft"] == pytest.approx(140.0, abs=0.02)   # 150 less half the 20-ft float


# ---------------------------------------------------------------------------------------------------------------
# a footprint dock: walkway + T float + boat lift, the walkway stretched, the float and lift moved with its end
# ---------------------------------------------------------------------------------------------------------------
FLOAT = rect(-10.0, 110.0, 10.0, 120.0)     # 20 x 10 T float across the walkway's seaward end
LIFT = rect(3.0, 80.0, 15.0, 106.0)         # 12 x 26 boat lift along the walkway's right edge, 4 ft short of its end


def footprint(length=110.0):
    grow = length - 110.0
    return [
        ("walkway", rect(-3.0, 0.0, 3.0, length)),
        ("float", rect(-10.0, length, 10.0, length + 10.0)),
        ("boat_lift", rect(3.0, 80.0 + grow, 15.0, 106.0 + grow)),
    ]


def grown_layer(out):
    """The suggested footprint as written (in the working CRS), by component."""
    doc = tomllib.loads(out.read_text())
    path, layer = doc["dock"]["file"].rsplit(":", 1)
    frame = gpd.read_file(out.parent / path, layer=layer)
    return {k: g for k, g in zip(frame["component"], frame.geometry)}


def walkway_length(walkway, frame):
    """The walkway's extent along the local v axis (ft), from its written vertices."""
    v = [frame.local(x, y)[1] for x, y in walkway.exterior.coords]
    return max(v) - min(v)


def assert_same(drawn, expected, frame, tol_sqft=0.05):
    """The same polygon, to ``tol_sqft`` of symmetric difference (sq ft, in a foot or a metre CRS)."""
    assert drawn.symmetric_difference(expected).area * frame.ft_per_unit**2 < tol_sqft, (drawn.wkt, expected.wkt)


@pytest.mark.parametrize("crs", CRSS)
def test_footprint_grows_to_the_reach_cap_with_its_float_and_lift(tmp_path, crs):
    # straight shore, 300-ft lot: the float's seaward edge may reach v = 200, so the walkway grows from 110 to
    # 190 ft and the float and the lift move 80 ft seaward, keeping their shape and place at the walkway's end
    files, frame = straight_lot(tmp_path / "lot", crs, footprint=footprint())
    _, before, _ = checked(files.manifest, tmp_path)
    no_geometric_failure(before)
    out = tmp_path / "out" / "site.toml"
    run = suggest(files.manifest, out)
    assert "the longest compliant walkway is 190.00 ft; beyond it reach" in run.output
    assert "kept: float 20.0 x 10.0 ft, boat lift 26.0 x 12.0 ft (moved 80.0 ft seaward with the walkway's end)" in run.output
    assert "changed: walkway 110.0 -> 190.0 ft" in run.output

    parts = grown_layer(out)
    length = walkway_length(parts["walkway"], frame)
    assert length == pytest.approx(190.0, abs=0.02)
    for kind, geom in footprint(length):
        assert_same(parts[kind], frame.geom(geom), frame)
    assert parts["float"].area * frame.ft_per_unit**2 == pytest.approx(FLOAT.area, abs=0.01)
    assert parts["boat_lift"].area * frame.ft_per_unit**2 == pytest.approx(LIFT.area, abs=0.01)
    code, checks, m = checked(out, tmp_path)
    no_geometric_failure(checks)
    assert m["reach_ft"] == pytest.approx(200.0, abs=0.02)
    assert m["float_area_sqft"] == pytest.approx(200.0, abs=0.01) and m["float_layout"] == "T"
    assert m["boat_lift_count"] == 1


@pytest.mark.parametrize("crs", CRSS)
def test_footprint_grows_until_the_setback_band_stops_its_lift(tmp_path, crs):
    # the right side line leans 5 degrees in: u = 150 - v tan 5. The lift's outer seaward corner (15, L - 4)
    # is the dock's point nearest it, at (150 - (L - 4) tan 5 - 15) cos 5; the 120-ft setback stops it at
    # L - 4 = (135 - 120 / cos 5) / tan 5, a walkway of 170.21 ft (the float, at (10, L + 10), keeps 124.2 ft)
    t, c = math.tan(math.radians(5.0)), math.cos(math.radians(5.0))
    by_hand = (135.0 - 120.0 / c) / t + 4.0
    files, frame = straight_lot(tmp_path / "lot", crs, right_angle=5.0, footprint=footprint())
    out = tmp_path / "out" / "site.toml"
    run = suggest(files.manifest, out)
    assert "beyond it side-setback" in run.output
    site, env = envelope_of(files)
    dock = longest_dock(site, PROFILE, env)
    assert dock.length_ft == pytest.approx(by_hand, abs=0.02)
    assert dock.stopped_by == ("side-setback",)
    parts = grown_layer(out)
    for kind, geom in footprint(dock.length_ft):
        assert_same(parts[kind], frame.geom(geom), frame)
    _, checks, m = checked(out, tmp_path)
    no_geometric_failure(checks)
    assert m["setback_right_ft"] == pytest.approx(120.0, abs=0.05)
    assert m["length_ft"] >= 110.0


def test_footprint_landing_at_the_shore_stays_and_piles_follow_the_walkway(tmp_path):
    # a landing at the walkway's shore end stays where it is; the piles seaward of the stretch move by the whole
    # growth, those landward of it not at all (the walkway is stretched between the landing and the lift)
    landing = rect(-4.0, -4.0, 4.0, 4.0)
    near, far = rect(3.0, 9.0, 4.0, 10.0), rect(3.0, 100.0, 4.0, 101.0)
    drawn = [("landing", landing), *footprint(), ("pile", near), ("pile", far)]
    files, frame = straight_lot(tmp_path / "lot", "EPSG:2263", footprint=drawn)
    site, env = envelope_of(files)
    dock = longest_dock(site, PROFILE, env)
    assert dock.length_ft == pytest.approx(190.0, abs=0.02)
    grown = dock.frame
    shift = dock.length_ft - 110.0
    assert_same(grown.geometry.iloc[0], frame.geom(landing), frame)      # the landing, in place
    assert_same(grown.geometry.iloc[4], frame.geom(near), frame)         # the pile by the landing, in place
    assert_same(grown.geometry.iloc[5], frame.geom(rect(3.0, 100.0 + shift, 4.0, 101.0 + shift)), frame)
    assert "landing 8.0 x 8.0 ft in place" in "; ".join(dock.kept)
    assert all(g.is_valid for g in grown.geometry)


# ---------------------------------------------------------------------------------------------------------------
# the sample sites whose passing proposals the old suggest undercut (110.75 ft against 119, 105 against 110)
# ---------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, proposal_reach_ft", [("curved-cove", 119.0), ("evidence-site", 110.0)])
def test_sample_sites_suggest_at_least_the_passing_proposal(tmp_path, name, proposal_reach_ft):
    from support.paths import DATA

    manifest = DATA / name / "site.toml"
    _, before, m0 = checked(manifest, tmp_path)
    no_geometric_failure(before)
    assert m0["reach_ft"] == pytest.approx(proposal_reach_ft, abs=0.05)
    out = tmp_path / "out" / "site.toml"
    suggest(manifest, out)
    code, checks, m = checked(out, tmp_path)
    no_geometric_failure(checks)
    assert m["reach_ft"] >= m0["reach_ft"] - 1e-6 and m["length_ft"] >= m0["length_ft"] - 1e-6
    for key in ("float_area_sqft", "float_count", "float_layout", "boat_lift_count", "pwc_lift_count", "landing_length_ft"):
        assert m[key] == pytest.approx(m0[key], abs=0.01) if isinstance(m0[key], float) else m[key] == m0[key], key
    # the navigable-reach rule gives the float's extent beyond navigable depth: the dock now reaches the allowance
    assert m["reach_ft"] == pytest.approx(m0["max_allowed_reach_ft"], abs=0.02)


def test_a_cad_survey_is_grown_into_a_geopackage_and_its_cad_layers_go(tmp_path):
    # the T footprint of a 110-ft walkway drawn in a DXF in state-plane feet: grown to the 200-ft cap less the float
    ezdxf = pytest.importorskip("ezdxf")
    files = make_site(tmp_path / "lot", rotation=25.0, lot_width=300.0, footprint=t_footprint())
    drawing = ezdxf.new(units=2)
    for component, polygon in zip(files.layers["dock"]["component"], files.layers["dock"].geometry):
        drawing.layers.add(component.upper())
        drawing.modelspace().add_lwpolyline(polygon.exterior.coords[:-1], close=True, dxfattribs={"layer": component.upper()})
    drawing.saveas(files.dir / "survey.dxf")
    files.doc["dock"] = {"file": {"path": "survey.dxf", "assume_crs": "EPSG:2263"}, "cad_layers": {"WALKWAY": "walkway", "FLOAT": "float"}}
    files.rewrite()
    out = tmp_path / "out" / "site.toml"
    run = suggest(files.manifest, out)
    assert "changed: walkway 110.0 -> 190.0 ft" in run.output
    dock = tomllib.loads(out.read_text())["dock"]
    assert dock["file"].startswith("site-dock.gpkg:dock") and "cad_layers" not in dock
    _, checks, m = checked(out, tmp_path)
    no_geometric_failure(checks)
    assert m["reach_ft"] == pytest.approx(200.0, abs=0.02) and m["float_area_sqft"] == pytest.approx(200.0, abs=0.01)
