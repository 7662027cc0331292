"""The audit of a chart's docks: pier features joined into docks, each measured and decided by the profile's rules.

Two sources of truth. Charts drawn here by hand, in the reader's schema
(:class:`dockreview.inputs.chart.Chart`), in a metre UTM CRS and in EPSG:2263 (US
feet), whose docks, distances and verdicts are worked out below from the drawing.
And the real NOAA cells of Key West in data/key-west-chart/ (see its SOURCE.md),
read a second time by fiona, projected with pyproj and measured with shapely
here: the connected structures are counted by buffering every pier feature by
half the tolerance and counting the parts of their union.
"""

from __future__ import annotations

import math
from importlib import resources
from pathlib import Path

import fiona
import geopandas as gpd
import numpy as np
import pandas as pd
import pytest
import shapely
from click.testing import CliRunner
from pyproj import CRS, Transformer
from shapely import LineString, MultiPolygon, Polygon, box
from shapely.geometry import shape

from dockreview.batch.chart_audit import audit_chart
from dockreview.cli import main
from dockreview.inputs.chart import Cell, Chart
from dockreview.inputs.crs import feet_per_unit
from support.paths import DATA

ENC = DATA / "key-west-chart"
CELLS = [ENC / "US5FL4DR.000", ENC / "US5FL4DQ.000"]  # in the repository: these tests never skip
#: Other harbours' cells kept beside the project (read-only); used when present.
FT = 1 / 0.3048  # feet in a metre
SHORE_CATSLC = (6, 8, 9, 10, 15)  # wharf, rip-rap, revetment, seawall, solid-face wharf


# ---------------------------------------------------------------------------
# charts drawn by hand (feet from an origin; the CRS's own units in the frame)
# ---------------------------------------------------------------------------
#: (CRS, origin in its units): UTM 18N (metres) and NY Long Island (US survey feet), both on Long Island Sound.
CRSS = {"utm-m": ("EPSG:32618", (600_000.0, 4_520_000.0)), "ny-usft": ("EPSG:2263", (1_050_000.0, 220_000.0))}


class Drawing:
    """Geometry given in feet from an origin, placed in a CRS's units."""

    def __init__(self, key: str) -> None:
        self.crs, self.origin = CRS.from_user_input(CRSS[key][0]), np.asarray(CRSS[key][1])
        self.ft = feet_per_unit(self.crs)

    def place(self, geom):
        return shapely.transform(geom, lambda xy: self.origin + xy / self.ft)

    def frame(self, rows: list[dict]) -> gpd.GeoDataFrame:
        if not rows:
            return gpd.GeoDataFrame({"class": [], "cell": []}, geometry=[], crs=self.crs)
        table = pd.DataFrame([{k: v for k, v in r.items() if k != "geometry"} for r in rows])
        return gpd.GeoDataFrame(table, geometry=[self.place(r["geometry"]) for r in rows], crs=self.crs)

    def chart(self, piers: list[dict], *, channels=(), shore=None) -> Chart:
        cell = Cell(Path("HAND.000"), "HAND.000", 1, 0, "2026-12-01", 10_000)
        shore = shore or LineString([(-400, 0), (600, 0)])
        pier_rows = [{"class": "SLCONS", "cell": "HAND.000", "CATSLC": 4, "RCID": i + 1, **p} for i, p in enumerate(piers)]
        return Chart(
            cells=[cell],
            channels=self.frame([{"class": "DRGARE", "cell": "HAND.000", "geometry": g} for g in channels]),
            anchorages=self.frame([]),
            piers=self.frame(pier_rows),
            soundings=self.frame([]),
            contours=self.frame([]),
            shoreline=self.frame([{"class": "COALNE", "cell": "HAND.000", "geometry": shore}]),
        )


def _pier(lnam: str, coords, **attrs) -> dict:
    return {"LNAM": lnam, "geometry": LineString(coords), **attrs}


# The shore runs along y = 0, the water at y > 0. A T-head drawn as two segments: its stem out 60 ft,
# its head 30 ft across its end. A dock with three fingers: a spine out 90 ft at x = 100, fingers 20 ft long
# towards the T at 20, 40 and 60 ft out. A dredged channel from 150 ft out.
T_HEAD = [_pier("T-STEM", [(0, 0), (0, 60)], OBJNAM="Tee dock"), _pier("T-HEAD", [(-15, 60), (15, 60)])]
FINGERS = [
    _pier("F-SPINE", [(100, 0), (100, 90)]),
    *(_pier(f"F-{k}", [(100, y), (80, y)]) for k, y in ((1, 20), (2, 40), (3, 60))),
]
CHANNEL = box(-400, 150, 600, 400)


@pytest.fixture(params=list(CRSS))
def drawing(request) -> Drawing:
    return Drawing(request.param)


def _audit(drawing: Drawing, chart: Chart, **kw) -> gpd.GeoDataFrame:
    return audit_chart(chart, ft_per_unit=drawing.ft, **kw).set_index("dock_id")


def test_a_t_head_in_two_segments_and_a_dock_with_three_fingers_are_two_docks(drawing):
    result = _audit(drawing, drawing.chart(T_HEAD + FINGERS, channels=[CHANNEL]))
    assert len(result) == 2
    tee, fingers = result.loc["HAND.000:T-STEM"], result.loc["HAND.000:F-SPINE"]
    assert tee["features"] == "HAND.000:T-STEM, HAND.000:T-HEAD" and tee["feature_count"] == 2
    assert fingers["features"] == "HAND.000:F-SPINE, HAND.000:F-1, HAND.000:F-2, HAND.000:F-3"
    assert tee["name"] == "Tee dock" and fingers["name"] == ""
    assert tee["classes"] == "SLCONS" and tee["cell"] == "HAND.000" and tee["charted_as"] == "LineString"
    # reach: the head 60 ft out, the spine's end 90 ft; each its length along its axis too
    assert tee["reach_ft"] == pytest.approx(60.0, abs=1e-6) and tee["length_ft"] == pytest.approx(60.0, abs=1e-6)
    assert fingers["overall_reach_ft"] == pytest.approx(90.0, abs=1e-6)
    # the terminus is the part beyond reach - 20 ft: the T's head and the stem above 40 ft; the spine above 70 ft
    assert tee["channel_clearance_ft"] == pytest.approx(150.0 - 60.0, abs=1e-6)
    assert fingers["channel_clearance_ft"] == pytest.approx(150.0 - 90.0, abs=1e-6)
    # the T's clearance is to the other dock (its head's end to the 60-ft finger's tip, 65 ft), never its own stem
    assert tee["dock_clearance_ft"] == pytest.approx(65.0, abs=1e-6)
    # from the spine's end beyond 70 ft to the T's head end at (15, 60)
    assert fingers["dock_clearance_ft"] == pytest.approx(math.hypot(100 - 15, 70 - 60), abs=1e-6)
    # charted as lines: the widths are unknown, the checks need data; nothing fails
    assert result["max_width_ft"].isna().all()
    assert (result["status_width"] == "needs-data").all()
    assert (result["status_float_area"] == "not-applicable").all() and (result["float_count"] == 0).all()
    for check in ("reach", "channel_clearance", "dock_clearance"):
        assert (result[f"status_{check}"] == "pass").all(), check
    assert (result["verdict"] == "incomplete").all() and (result["failed"] == "").all()


def test_docks_closer_than_the_clearance_fail_it_and_the_verdict_is_noncompliant(drawing):
    near = [_pier("N-SPINE", [(40, 0), (40, 70)])]  # 25 ft from the T's head end (15, 60) at its 60-ft point
    result = _audit(drawing, drawing.chart(T_HEAD + near, channels=[CHANNEL]))
    tee, other = result.loc["HAND.000:T-STEM"], result.loc["HAND.000:N-SPINE"]
    assert tee["dock_clearance_ft"] == pytest.approx(25.0, abs=1e-6)
    # the 70-ft pier's terminus (beyond 50 ft out) to the T's head end: 25 ft across at y = 60
    assert other["dock_clearance_ft"] == pytest.approx(25.0, abs=1e-6)
    assert (result["status_dock_clearance"] == "fail").all()
    assert (result["failed"] == "dock-clearance").all() and (result["verdict"] == "noncompliant").all()


def test_a_dock_over_the_reach_limit_fails_reach_and_is_noncompliant(drawing):
    result = _audit(drawing, drawing.chart([_pier("LONG", [(0, 0), (0, 230)])], channels=[box(-400, 400, 600, 600)]))
    row = result.loc["HAND.000:LONG"]
    assert row["reach_ft"] == pytest.approx(230.0, abs=1e-6)
    assert row["status_reach"] == "fail" and row["verdict"] == "noncompliant" and row["failed"] == "reach"
    assert row["channel_clearance_ft"] == pytest.approx(170.0, abs=1e-6)
    # no other dock charted: none to keep clear of
    assert math.isinf(row["dock_clearance_ft"]) and row["status_dock_clearance"] == "pass"


def test_a_dock_along_the_shore_is_held_to_its_length(drawing):
    # 40 ft out, then 220 ft along the shore: the reach is 40 ft, the length along its axis 220 ft (Docks D(1))
    along = [_pier("A-OUT", [(0, 0), (0, 40)]), _pier("A-RUN", [(0, 40), (220, 40)])]
    row = _audit(drawing, drawing.chart(along)).loc["HAND.000:A-OUT"]
    assert row["reach_ft"] == pytest.approx(40.0, abs=1e-6)
    assert row["length_ft"] == pytest.approx(220.0, abs=1e-6) and row["overall_reach_ft"] == pytest.approx(220.0, abs=1e-6)
    assert row["status_reach"] == "fail"


def test_piers_and_pontoons_charted_as_areas_are_measured(drawing):
    piers = [
        {"LNAM": "W6", "geometry": box(-3, 0, 3, 40)},  # a 6-ft walkway with a 20 x 10 ft pontoon at its end
        {"LNAM": "W6-FLOAT", "class": "PONTON", "geometry": box(-10, 40, 10, 50)},
        {"LNAM": "W10", "geometry": box(195, 0, 205, 40)},  # a 10-ft walkway, 190 ft away
        {"LNAM": "LINE-PIER", "geometry": LineString([(400, 0), (400, 40)])},  # a pier with a pontoon as a line
        {"LNAM": "LINE-FLOAT", "class": "PONTON", "geometry": LineString([(390, 40), (410, 40)])},
    ]
    result = _audit(drawing, drawing.chart(piers))
    assert len(result) == 3
    floated, wide, lines = result.loc["HAND.000:W6"], result.loc["HAND.000:W10"], result.loc["HAND.000:LINE-PIER"]
    assert floated["classes"] == "SLCONS, PONTON" and floated["charted_as"] == "Polygon"
    assert floated["max_width_ft"] == pytest.approx(6.0, abs=1e-3) and floated["status_width"] == "pass"
    assert floated["float_count"] == 1 and floated["float_area_sqft"] == pytest.approx(200.0, abs=1e-3)
    assert floated["status_float_area"] == "pass" and floated["reach_ft"] == pytest.approx(50.0, abs=1e-6)
    assert wide["max_width_ft"] == pytest.approx(10.0, abs=1e-3) and wide["status_width"] == "fail"
    assert wide["verdict"] == "noncompliant" and wide["failed"] == "width"
    # a pontoon charted as a line: its area is unknown, not zero
    assert lines["float_count"] == 1 and np.isnan(lines["float_area_sqft"]) and lines["status_float_area"] == "needs-data"
    assert np.isnan(lines["max_width_ft"]) and lines["status_width"] == "needs-data" and lines["verdict"] == "incomplete"
    # without channels in the chart there are none to keep clear of
    assert np.isinf(result["channel_clearance_ft"]).all() and (result["status_channel_clearance"] == "pass").all()


def test_the_map_layer_draws_a_line_pier_as_an_area_but_measures_the_line(drawing):
    result = _audit(drawing, drawing.chart(T_HEAD))
    drawn = result.geometry.iloc[0]
    assert drawn.geom_type == "Polygon" and drawn.covers(drawing.place(LineString([(0, 0), (0, 60)])))
    assert drawn.area * drawing.ft**2 == pytest.approx(4.0 * 90.0, rel=0.05)  # 90 ft of pier drawn 4 ft wide
    assert np.isnan(result["max_width_ft"].iloc[0])


def test_with_parcels_each_dock_is_checked_against_its_own_lot(drawing):
    # lot A (x -100 to 60) behind the T; its detached garage lot inland is larger: the waterfront part is the lot.
    # lot B (x 60 to 260) behind the finger dock.
    lot_a = MultiPolygon([box(-100, -150, 60, 0), box(-100, -1000, 60, -700)])
    lot_b = box(60, -150, 260, 0)
    parcels = gpd.GeoDataFrame({"PIN": ["A", "B"]}, geometry=[drawing.place(lot_a), drawing.place(lot_b)], crs=drawing.crs)
    result = _audit(drawing, drawing.chart(T_HEAD + FINGERS, channels=[CHANNEL]), parcels=parcels, id_field="PIN")
    tee, fingers = result.loc["HAND.000:T-STEM"], result.loc["HAND.000:F-SPINE"]
    assert tee["parcel_id"] == "A" and fingers["parcel_id"] == "B"
    assert tee["frontage_ft"] == pytest.approx(160.0, abs=1e-3) and fingers["frontage_ft"] == pytest.approx(200.0, abs=1e-3)
    # Docks C: the greater of 40 % of the frontage and 60 ft
    assert tee["required_setback_ft"] == pytest.approx(64.0, abs=1e-3) and fingers["required_setback_ft"] == pytest.approx(80.0, abs=1e-3)
    # the T's head end (15, 60) is 45 ft from lot A's side line x = 60; the fingers' tips 20 ft from it
    assert tee["setback_ft"] == pytest.approx(45.0, abs=1e-3) and fingers["setback_ft"] == pytest.approx(20.0, abs=1e-3)
    assert (result["status_side_setback"] == "fail").all() and (result["status_frontage"] == "pass").all()
    assert (result["verdict"] == "noncompliant").all()


def test_the_required_setback_follows_the_profile(drawing, tmp_path):
    # Docks C amended to half the frontage: lot A's 160 ft requires 80 ft, lot B's 200 ft 100 ft
    text = resources.files("dockreview.rules.profiles").joinpath("kings-point-ny.toml").read_text("utf-8")
    old = "[values.setback_fraction_of_frontage]\nvalue = 0.40"
    assert text.count(old) == 1
    profile = tmp_path / "amended.toml"
    profile.write_text(text.replace(old, "[values.setback_fraction_of_frontage]\nvalue = 0.50"))
    parcels = gpd.GeoDataFrame(
        {"PIN": ["A", "B"]}, geometry=[drawing.place(box(-100, -150, 60, 0)), drawing.place(box(60, -150, 260, 0))], crs=drawing.crs
    )
    result = _audit(drawing, drawing.chart(T_HEAD + FINGERS), parcels=parcels, id_field="PIN", profile=str(profile))
    assert result.loc["HAND.000:T-STEM", "required_setback_ft"] == pytest.approx(80.0, abs=1e-3)
    assert result.loc["HAND.000:F-SPINE", "required_setback_ft"] == pytest.approx(100.0, abs=1e-3)


def test_a_dock_with_no_lot_near_it_needs_data_for_the_lot_checks(drawing):
    parcels = gpd.GeoDataFrame({"PIN": ["FAR"]}, geometry=[drawing.place(box(1000, -150, 1200, 0))], crs=drawing.crs)
    row = _audit(drawing, drawing.chart(T_HEAD), parcels=parcels, id_field="PIN").iloc[0]
    assert row["parcel_id"] is None and np.isnan(row["frontage_ft"]) and np.isnan(row["setback_ft"])
    assert row["status_frontage"] == "needs-data" and row["status_side_setback"] == "needs-data"
    assert "no parcel within 25 ft" in row["lot_note"]


def test_the_profile_decides_the_audit(drawing, tmp_path):
    # an amendment allowing only 50 ft of reach: the 60-ft T now fails, with no change of code
    text = resources.files("dockreview.rules.profiles").joinpath("kings-point-ny.toml").read_text("utf-8")
    old = "[values.max_reach_ft]\nvalue = 200.0"
    assert text.count(old) == 1
    profile = tmp_path / "amended.toml"
    profile.write_text(text.replace(old, "[values.max_reach_ft]\nvalue = 50.0"))
    chart = drawing.chart(T_HEAD + FINGERS, channels=[CHANNEL])
    assert (_audit(drawing, chart)["status_reach"] == "pass").all()
    amended = _audit(drawing, chart, profile=str(profile))
    assert (amended["status_reach"] == "fail").all() and (amended["verdict"] == "noncompliant").all()


# ---------------------------------------------------------------------------
# the real Key West cells
# ---------------------------------------------------------------------------
def _fiona_features(path: Path) -> dict[str, list[dict]]:
    present = set(fiona.listlayers(path))
    out = {}
    for name in ("DRGARE", "FAIRWY", "TWRTPT", "RECTRC", "ACHARE", "ACHBRT", "SLCONS", "PONTON", "COALNE"):
        out[name] = []
        if name in present:
            with fiona.open(path, layer=name) as layer:
                out[name] = [{"props": dict(f.properties), "geom": f.geometry} for f in layer]
    return out


@pytest.fixture(scope="module")
def listing():
    return _fiona_features(CELLS[0])


@pytest.fixture(scope="module")
def audit(tmp_path_factory):
    out = tmp_path_factory.mktemp("audit") / "docks.gpkg"
    result = CliRunner().invoke(main, ["audit", "--chart", str(CELLS[0]), "-o", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    return gpd.read_file(out, layer="docks"), out, result.output


def _utm(geometry: dict):
    to_utm = Transformer.from_crs("EPSG:4326", "EPSG:32617", always_xy=True)
    return shapely.transform(shape(geometry), lambda xy: np.column_stack(to_utm.transform(xy[:, 0], xy[:, 1])))


def _lines(geoms):
    return shapely.union_all([g.boundary if g.geom_type.endswith("Polygon") else g for g in geoms])


def _raw_piers(features: dict) -> dict:
    """Every pier feature of a cell (SLCONS of CATSLC 4, and PONTON), by ``cell:LNAM``, from fiona, in UTM 17N."""
    return {
        f"{features['cell']}:{f['props']['LNAM']}": _utm(f["geom"])
        for f in features["SLCONS"] + features["PONTON"]
        if f in features["PONTON"] or f["props"].get("CATSLC") == 4
    }


def _raw_channels_utm(features: dict) -> list:
    """Channels and anchorages of a cell from fiona, in UTM 17N; berths as circles of their RADIUS (m)."""
    out = []
    for name in ("DRGARE", "FAIRWY", "TWRTPT", "RECTRC", "ACHARE", "ACHBRT"):
        for feature in features[name]:
            geom = _utm(feature["geom"])
            radius = feature["props"].get("RADIUS")
            out.append(geom.buffer(radius, quad_segs=16) if name == "ACHBRT" and radius else geom)
    return out


def _structures(piers: dict) -> list[set[str]]:
    """The connected structures, second method: each pier buffered by half the 0.5-ft tolerance, the union's parts."""
    names, geoms = list(piers), np.asarray(list(piers.values()), dtype=object)
    parts = shapely.get_parts(shapely.union_all(shapely.buffer(geoms, 0.25 / FT, quad_segs=16)))
    feature, part = shapely.STRtree(parts).query(geoms, predicate="intersects")
    assert len(np.unique(feature)) == len(geoms) and len(feature) == len(geoms)  # each pier in exactly one part
    return [{names[f] for f in feature[part == p]} for p in range(len(parts))]


def test_the_key_west_audit_has_one_row_per_connected_structure(audit, listing):
    frame, out, output = audit
    piers = _raw_piers({**listing, "cell": "US5FL4DR.000"})
    assert len(piers) == 376
    structures = _structures(piers)
    assert len(frame) == len(structures) < 376
    assert sorted(sorted(f.split(", ")) for f in frame["features"]) == sorted(sorted(s) for s in structures)
    assert frame["feature_count"].sum() == 376
    assert frame["reach_ft"].notna().all() and frame["channel_clearance_ft"].notna().all()
    assert set(frame["verdict"]) <= {"compliant", "noncompliant", "incomplete"}
    table = pd.read_csv(out.with_suffix(".csv"))
    assert len(table) == len(structures)
    assert np.allclose(table["reach_ft"], frame["reach_ft"].round(2), atol=1e-9)  # the CSV to 0.01 ft, the layer whole
    assert not np.allclose(frame["reach_ft"], frame["reach_ft"].round(2))
    assert f"{len(structures)} docks (376 charted features)" in output


def test_three_docks_reach_and_clearances_agree_with_a_second_method(audit, listing):
    """Reach and clearances of three docks, from fiona's raw features projected with pyproj (metres, UTM 17N)."""
    frame, _, _ = audit
    shore = _lines(
        [_utm(f["geom"]) for f in listing["COALNE"]]
        + [_utm(f["geom"]) for f in listing["SLCONS"] if f["props"].get("CATSLC") in SHORE_CATSLC]
    )
    channels = shapely.union_all(_raw_channels_utm(listing))
    raw_piers = _raw_piers({**listing, "cell": "US5FL4DR.000"})
    structure_of = {name: s for s in _structures(raw_piers) for name in s}
    lines = frame[frame["charted_as"] == "LineString"]
    chosen = [
        lines.loc[(lines["channel_clearance_ft"] - 50.0).abs().idxmin(), "dock_id"],  # the one nearest the 50 ft limit
        frame.loc[frame["charted_as"].str.contains("Polygon"), "dock_id"].iloc[0],  # a pier charted as an area
        frame.loc[frame["classes"].str.contains("PONTON"), "dock_id"].iloc[0],  # a pontoon
    ]
    for dock_id in chosen:
        members = structure_of[dock_id]
        dock = shapely.union_all([raw_piers[m] for m in members])
        row = frame.set_index("dock_id").loc[dock_id]
        # points every 0.5 ft along each charted feature, as the review samples a dock
        samples = shapely.points(shapely.get_coordinates(shapely.segmentize([raw_piers[m] for m in members], 0.5 / FT)))
        reach = shapely.distance(samples, shore).max()
        terminus = shapely.difference(dock, shore.buffer(reach - 20.0 / FT, quad_segs=32)) if reach > 20.0 / FT else dock
        assert row["reach_ft"] == pytest.approx(reach * FT, abs=0.1), dock_id
        assert row["channel_clearance_ft"] == pytest.approx(shapely.distance(terminus, channels) * FT, abs=0.1), dock_id
        others = shapely.union_all([g for name, g in raw_piers.items() if name not in members])
        assert row["dock_clearance_ft"] == pytest.approx(shapely.distance(terminus, others) * FT, abs=0.1), dock_id
        assert row["dock_clearance_ft"] > 0


def test_with_parcels_the_audit_checks_frontage_and_side_setbacks(tmp_path, listing):
    """A 200 ft lot drawn behind a real isolated pier; setbacks from its side lines extended, worked out here."""
    pier_lnam = "022612DE7EE81CCC"
    pier = next(_utm(f["geom"]) for f in listing["SLCONS"] if f["props"]["LNAM"] == pier_lnam)
    shore = _lines(
        [_utm(f["geom"]) for f in listing["COALNE"]]
        + [_utm(f["geom"]) for f in listing["SLCONS"] if f["props"].get("CATSLC") in SHORE_CATSLC]
    )
    ends = shapely.points(shapely.get_coordinates(pier)[[0, -1]])
    root = ends[int(np.argmin(shapely.distance(ends, shore)))]
    along = shapely.line_locate_point(shore, root)
    a, b = (np.asarray(shapely.line_interpolate_point(shore, along + d).coords[0]) for d in (-15.0, 15.0))
    tangent = (b - a) / np.hypot(*(b - a))
    landward = np.array([-tangent[1], tangent[0]])
    if shapely.distance(shapely.Point(np.asarray(root.coords[0]) + landward * 5), pier) < shapely.distance(root, pier):
        landward = -landward
    half, depth = 100.0 / FT, 150.0 / FT
    front = np.asarray(root.coords[0]) - landward * 5.0  # the lot's front edge 5 m seaward of the shore
    corners = [front - tangent * half, front + tangent * half, front + tangent * half + landward * depth, front - tangent * half + landward * depth]
    lot = Polygon(corners)
    to_lonlat = Transformer.from_crs("EPSG:32617", "EPSG:4326", always_xy=True)
    lonlat = shapely.transform(lot, lambda xy: np.column_stack(to_lonlat.transform(xy[:, 0], xy[:, 1])))
    gpd.GeoDataFrame({"LOT": ["KW-PIER"]}, geometry=[lonlat], crs="EPSG:4326").to_file(tmp_path / "lots.gpkg")

    out = tmp_path / "audit.gpkg"
    args = ["audit", "--chart", str(CELLS[0]), "--parcels", str(tmp_path / "lots.gpkg"), "--id-field", "LOT", "-o", str(out), "--no-progress"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    frame = gpd.read_file(out)
    row = frame[frame["features"].str.split(", ").map(lambda ids: f"US5FL4DR.000:{pier_lnam}" in ids)].iloc[0]
    assert row["feature_count"] == 1  # an isolated pier: a dock of its own
    assert row["parcel_id"] == "KW-PIER"
    # second method: each side edge of the lot run straight out to sea
    far = 3000.0 / FT
    sides = [shapely.LineString([corners[3], corners[0] - landward * far]), shapely.LineString([corners[2], corners[1] - landward * far])]
    assert row["setback_ft"] == pytest.approx(min(shapely.distance(pier, s) for s in sides) * FT, abs=0.1)
    strip = Polygon([corners[3], corners[2], corners[1] - landward * far, corners[0] - landward * far])
    assert row["frontage_ft"] == pytest.approx(shore.intersection(strip).length * FT, rel=0.01)
    assert row["status_side_setback"] in ("pass", "fail") and row["status_frontage"] == "pass"


def test_a_cell_without_piers_is_refused_by_the_audit(tmp_path):
    result = CliRunner().invoke(main, ["audit", "--chart", str(CELLS[1]), "-o", str(tmp_path / "a.gpkg")])
    assert result.exit_code == 2
    assert "US5FL4DQ.000 edition 2 update 0 (2023-10-16), 1:10,000: no piers to audit" in result.output
    assert not (tmp_path / "a.gpkg").exists()
