"""S-57 chart cells: what the project reads agrees with GDAL's own listing (via fiona).

The real NOAA cells of Key West (2023 editions), kept in data/key-west-chart/ (see its
SOURCE.md), are read by :func:`dockreview.inputs.chart.read_chart` (pyogrio) and, as a second method,
object class by object class with fiona.
"""

from __future__ import annotations

import warnings
from collections import Counter
from pathlib import Path

import fiona
import geopandas as gpd
import numpy as np
import pytest
import shapely
from click.testing import CliRunner
from pyproj import Transformer
from shapely import Polygon
from shapely.geometry import shape

import dockreview
from dockreview.cli import main
from dockreview.errors import LayerError, ManifestError
from dockreview.inputs.chart import depths_ft, read_cell, read_chart
from dockreview.inputs.manifest import load_manifest
from support.paths import DATA

ENC = DATA / "key-west-chart"
CELLS = [ENC / "US5FL4DR.000", ENC / "US5FL4DQ.000"]  # in the repository: these tests never skip


def _fiona_classes(path: Path) -> dict[str, list[dict]]:
    """Every feature of the object classes we read, by fiona (GDAL's own listing)."""
    wanted = ("DRGARE", "FAIRWY", "TWRTPT", "RECTRC", "ACHARE", "ACHBRT", "SOUNDG", "DEPCNT", "SLCONS", "PONTON", "COALNE")
    present = set(fiona.listlayers(path))
    out = {}
    for name in wanted:
        if name in present:
            with fiona.open(path, layer=name) as layer:
                out[name] = [{"props": dict(f.properties), "geom": f.geometry} for f in layer]
        else:
            out[name] = []
    return out


@pytest.fixture(scope="module")
def chart():
    return read_chart(CELLS)


@pytest.fixture(scope="module")
def listing():
    return {p.name: _fiona_classes(p) for p in CELLS}


def _by_cell_and_class(frame) -> Counter:
    return Counter(zip(frame["cell"], frame["class"]))


@pytest.mark.parametrize(
    ("layer", "classes"),
    [("channels", ("DRGARE", "FAIRWY", "TWRTPT", "RECTRC")), ("anchorages", ("ACHARE", "ACHBRT")), ("contours", ("DEPCNT",))],
)
def test_counts_agree_with_gdal_listing(chart, listing, layer, classes):
    counts = _by_cell_and_class(getattr(chart, layer))
    for cell, features in listing.items():
        for name in classes:
            assert counts.get((cell, name), 0) == len(features[name]), (cell, name)


def test_the_real_cells_hold_what_we_expect(chart):
    counts = _by_cell_and_class(chart.channels)
    assert counts[("US5FL4DR.000", "DRGARE")] == 48
    assert counts[("US5FL4DR.000", "FAIRWY")] == 5
    anchorages = _by_cell_and_class(chart.anchorages)
    assert anchorages[("US5FL4DR.000", "ACHARE")] + anchorages[("US5FL4DR.000", "ACHBRT")] == 36


def test_piers_are_slcons_of_category_4_and_pontoons(chart, listing):
    counts = _by_cell_and_class(chart.piers)
    for cell, features in listing.items():
        piers = [f for f in features["SLCONS"] if f["props"].get("CATSLC") is not None and int(f["props"]["CATSLC"]) == 4]
        assert counts.get((cell, "SLCONS"), 0) == len(piers)
        assert counts.get((cell, "PONTON"), 0) == len(features["PONTON"])
    assert counts[("US5FL4DR.000", "SLCONS")] == 344


def test_every_sounding_is_a_point_with_its_depth(chart, listing):
    for cell, features in listing.items():
        ours = chart.soundings[chart.soundings["cell"] == cell]
        points = [xyz for f in features["SOUNDG"] for xyz in f["geom"]["coordinates"]]
        assert len(ours) == len(points)
        assert ours["LNAM"].nunique() == len(features["SOUNDG"])
        assert np.allclose(np.sort(ours["depth_m"]), np.sort([p[2] for p in points]))
    assert len(chart.soundings[chart.soundings["cell"] == "US5FL4DR.000"]) == 2050


def test_depths_become_feet_below_mean_low_water():
    # 3.4 m below MLLW where MLW stands 0.25 ft above MLLW: 11.155 + 0.25 ft below MLW
    assert depths_ft(np.array([3.4]), 0.25)[0] == pytest.approx(3.4 / 0.3048 + 0.25)


def test_cell_edition_date_and_scale():
    cell = read_cell(CELLS[0])
    assert (cell.name, cell.edition, cell.update, cell.date, cell.scale) == ("US5FL4DR.000", 1, 0, "2023-08-29", 10_000)
    assert read_cell(CELLS[1]).describe() == "US5FL4DQ.000 edition 2 update 0 (2023-10-16), 1:10,000"


def test_berths_become_swinging_circles_of_their_radius(chart, listing):
    utm = chart.to_crs(chart.channels.estimate_utm_crs())
    berths = utm.anchorages[(utm.anchorages["class"] == "ACHBRT") & (utm.anchorages["cell"] == "US5FL4DR.000")]
    radii = [f["props"]["RADIUS"] for f in listing["US5FL4DR.000"]["ACHBRT"]]
    assert sorted(np.sqrt(berths.area / np.pi)) == pytest.approx(sorted(radii), rel=2e-3)


def test_the_inspector_names_the_cell_and_the_classes_read():
    result = CliRunner().invoke(main, ["layers", str(CELLS[0])])
    assert result.exit_code == 0, result.output
    assert "S-57 chart cell US5FL4DR.000 edition 1 update 0 (2023-08-29), 1:10,000" in result.output
    assert any(line.startswith("DRGARE") and "48 features" in line and "-> channels" in line for line in result.output.splitlines())
    assert "working CRS: EPSG:32617" in result.output
    assert "outside the area of use of EPSG:2263" in result.output


def test_a_file_that_is_not_a_chart_is_refused(tmp_path):
    bogus = tmp_path / "US5XX00.000"
    bogus.write_bytes(b"not a chart")
    with pytest.raises(LayerError, match="not a readable S-57 chart cell"):
        read_cell(bogus)


# A 200 ft lot on the real Key West shore (Garrison Bight side), in lon/lat;
# the chart supplies everything else.
KEY_WEST_LOT = [(-81.8122178, 24.561726), (-81.8123295, 24.5611847), (-81.8127662, 24.5612601), (-81.8126544, 24.5618014)]


def _key_west_site(
    directory: Path, *, soundings: str = "[soundings]\ndatum_offset_ft = 0.3\n", crs: str = "", parcels_crs: str = "EPSG:4326"
) -> Path:
    lot = gpd.GeoDataFrame({"PARCEL_ID": ["KW-1"]}, geometry=[Polygon(KEY_WEST_LOT)], crs="EPSG:4326")
    lot.to_crs(parcels_crs).to_file(directory / "parcels.gpkg")
    manifest = directory / "site.toml"
    manifest.write_text(
        f'[site]\nname = "Key West"\n{crs}\n[layers]\nparcels = "parcels.gpkg"\nchart = "{CELLS[0]}"\n\n{soundings}\n'
        '[parcel]\nid_field = "PARCEL_ID"\nid = "KW-1"\n\n'
        '[dock]\nlength = 100.0\nwidth = 6.0\nfloat = { length = 20.0, width = 10.0, layout = "T" }\n'
    )
    return manifest


def _raw_channels_utm(listing) -> list:
    """Channels and anchorages of US5FL4DR from fiona, in UTM 17N; berths as circles of their RADIUS (m)."""
    to_utm = Transformer.from_crs("EPSG:4326", "EPSG:32617", always_xy=True)
    out = []
    for name in ("DRGARE", "FAIRWY", "TWRTPT", "RECTRC", "ACHARE", "ACHBRT"):
        for feature in listing["US5FL4DR.000"][name]:
            geom = shapely.transform(shape(feature["geom"]), lambda xy: np.column_stack(to_utm.transform(xy[:, 0], xy[:, 1])))
            radius = feature["props"].get("RADIUS")
            out.append(geom.buffer(radius, quad_segs=16) if name == "ACHBRT" and radius else geom)
    return out


def test_a_review_takes_channels_soundings_piers_and_mhw_from_the_chart(tmp_path, listing):

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        site = dockreview.load_site(_key_west_site(tmp_path))
        result = dockreview.review(site)
    assert site.crs.to_epsg() == 32617
    assert any("working in EPSG:32617" in w for w in site.warnings)
    assert any("compiled at 1:10,000" in w for w in site.warnings)
    roles = {s.role: s for s in site.sources}
    assert "DRGARE" in roles["channels"].file and "US5FL4DR.000 edition 1 update 0 (2023-08-29)" in roles["channels"].file
    assert roles["channels"].features == 48 + 5 + 3 + 36
    assert roles["docks"].features == 344 + 32
    assert roles["soundings"].features == 2050 + 260
    # second method: the raw chart features from fiona, projected here, measured with shapely
    raw = shapely.union_all(_raw_channels_utm(listing))
    expected_ft = shapely.distance(result.layout.terminus, raw) / 0.3048
    assert result.measurements.channel_clearance_ft == pytest.approx(expected_ft, abs=0.1)
    assert result.check("channel-clearance").status == "pass"
    assert site.soundings["depth_ft"].min() >= 0.3


def test_without_the_datum_offset_chart_soundings_are_left_out_saying_what_to_supply(tmp_path):
    with pytest.warns(Warning, match=r"give \[soundings\] datum_offset_ft = MLW - MLLW"):
        site = dockreview.load_site(_key_west_site(tmp_path, soundings=""))
    assert site.soundings is None


def test_a_datum_offset_needs_a_chart(tmp_path):
    manifest = _key_west_site(tmp_path)
    manifest.write_text(manifest.read_text().replace(f'chart = "{CELLS[0]}"', 'mhw = "parcels.gpkg"'))
    with pytest.raises(ManifestError, match="'soundings.datum_offset_ft' converts chart depths"):
        load_manifest(manifest)


def test_a_named_working_crs_far_from_the_data_is_kept_with_a_warning(tmp_path):
    with pytest.warns(Warning, match="outside the area of use"):
        site = dockreview.load_site(_key_west_site(tmp_path, crs='crs = "EPSG:2263"'))
    assert site.crs.to_epsg() == 2263


# ---------------------------------------------------------------------------
# the audit of every charted pier
# ---------------------------------------------------------------------------
SHORE_CATSLC = (6, 8, 9, 10, 15)  # wharf, rip-rap, revetment, seawall, solid-face wharf
FT = 1 / 0.3048


@pytest.fixture(scope="module")
def audit(tmp_path_factory):
    out = tmp_path_factory.mktemp("audit") / "piers.gpkg"
    result = CliRunner().invoke(main, ["audit", "--chart", str(CELLS[0]), "-o", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    return gpd.read_file(out, layer="piers"), out


def test_the_audit_of_every_pier_completes(audit, listing):
    frame, out = audit
    features = listing["US5FL4DR.000"]
    piers = [f for f in features["SLCONS"] if f["props"].get("CATSLC") == 4] + features["PONTON"]
    assert len(frame) == len(piers) == 376
    assert set(frame["pier_id"]) == {f"US5FL4DR.000:{f['props']['LNAM']}" for f in piers}
    assert frame["reach_ft"].notna().all() and frame["channel_clearance_ft"].notna().all()
    assert set(frame["verdict"]) <= {"compliant", "noncompliant", "incomplete"}
    assert len(gpd.pd.read_csv(out.with_suffix(".csv"))) == 376


def _utm(geometry: dict):
    to_utm = Transformer.from_crs("EPSG:4326", "EPSG:32617", always_xy=True)
    return shapely.transform(shape(geometry), lambda xy: np.column_stack(to_utm.transform(xy[:, 0], xy[:, 1])))


def _lines(geoms):
    return shapely.union_all([g.boundary if g.geom_type.endswith("Polygon") else g for g in geoms])


def test_three_piers_clearances_agree_with_a_second_method(audit, listing):
    """Reach and clearances of three piers, from fiona's raw features projected with pyproj (metres, UTM 17N)."""
    frame, _ = audit
    features = listing["US5FL4DR.000"]
    shore = _lines(
        [_utm(f["geom"]) for f in features["COALNE"]]
        + [_utm(f["geom"]) for f in features["SLCONS"] if f["props"].get("CATSLC") in SHORE_CATSLC]
    )
    channels = shapely.union_all(_raw_channels_utm(listing))
    raw_piers = {
        f"US5FL4DR.000:{f['props']['LNAM']}": _utm(f["geom"])
        for f in features["SLCONS"] + features["PONTON"]
        if f in features["PONTON"] or f["props"].get("CATSLC") == 4
    }
    lines = frame[frame["charted_as"] == "LineString"]
    chosen = [
        lines.loc[(lines["channel_clearance_ft"] - 50.0).abs().idxmin(), "pier_id"],  # the one nearest the 50 ft limit
        frame.loc[frame["charted_as"] == "Polygon", "pier_id"].iloc[0],  # a pier charted as an area
        frame.loc[frame["class"] == "PONTON", "pier_id"].iloc[0],  # a pontoon
    ]
    for pier_id in chosen:
        pier = raw_piers[pier_id]
        row = frame.set_index("pier_id").loc[pier_id]
        samples = shapely.points(shapely.get_coordinates(shapely.segmentize(pier, 0.5 / FT)))
        reach = shapely.distance(samples, shore).max()
        terminus = shapely.difference(pier, shore.buffer(reach - 20.0 / FT, quad_segs=32)) if reach > 20.0 / FT else pier
        assert row["reach_ft"] == pytest.approx(reach * FT, abs=0.1), pier_id
        assert row["channel_clearance_ft"] == pytest.approx(shapely.distance(terminus, channels) * FT, abs=0.1), pier_id
        others = shapely.union_all([g for name, g in raw_piers.items() if name not in _structure(pier_id, raw_piers)])
        assert row["dock_clearance_ft"] == pytest.approx(shapely.distance(terminus, others) * FT, abs=0.1), pier_id


def _structure(pier_id: str, piers: dict) -> set[str]:
    """The piers joined to ``pier_id`` through piers touching within 0.5 ft (one structure), by a flood fill."""
    names, geoms = list(piers), np.asarray(list(piers.values()), dtype=object)
    found, frontier = {pier_id}, [pier_id]
    while frontier:
        near = shapely.distance(piers[frontier.pop()], geoms) <= 0.5 / FT
        for name in (names[i] for i in np.flatnonzero(near)):
            if name not in found:
                found.add(name)
                frontier.append(name)
    return found


def test_with_parcels_the_audit_checks_frontage_and_side_setbacks(tmp_path, listing):
    """A 200 ft lot drawn behind a real isolated pier; setbacks from its side lines extended, worked out here."""
    features = listing["US5FL4DR.000"]
    pier_lnam = "022612DE7EE81CCC"
    pier = next(_utm(f["geom"]) for f in features["SLCONS"] if f["props"]["LNAM"] == pier_lnam)
    shore = _lines(
        [_utm(f["geom"]) for f in features["COALNE"]]
        + [_utm(f["geom"]) for f in features["SLCONS"] if f["props"].get("CATSLC") in SHORE_CATSLC]
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
    row = gpd.read_file(out).set_index("pier_id").loc[f"US5FL4DR.000:{pier_lnam}"]
    assert row["parcel_id"] == "KW-PIER"
    # second method: each side edge of the lot run straight out to sea
    far = 3000.0 / FT
    sides = [shapely.LineString([corners[3], corners[0] - landward * far]), shapely.LineString([corners[2], corners[1] - landward * far])]
    assert row["setback_ft"] == pytest.approx(min(shapely.distance(pier, s) for s in sides) * FT, abs=0.1)
    strip = Polygon([corners[3], corners[2], corners[1] - landward * far, corners[0] - landward * far])
    assert row["frontage_ft"] == pytest.approx(shore.intersection(strip).length * FT, rel=0.01)
    assert row["status_side_setback"] in ("pass", "fail") and row["status_frontage"] == "pass"


def test_a_margin_within_the_datum_transformation_accuracy_is_said(tmp_path):
    """Parcels in NAD83 (Florida East), the chart in WGS 84: PROJ shifts between them to about 4 m (13.1 ft)."""
    manifest = _key_west_site(tmp_path, crs='crs = "EPSG:2236"', parcels_crs="EPSG:2236")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = dockreview.review(dockreview.load_site(manifest))
    assert any("arrive in different datums" in str(w.message) and "13.1 ft" in str(w.message) for w in caught)
    setback = result.check("side-setback")
    assert abs(setback.value - setback.limit) < 13.1
    assert "within the accuracy of the layers' datum transformation (about 13.1 ft)" in setback.message
    assert "datum transformation" not in result.check("channel-clearance").message  # 238 ft from the limit
    assert "datum transformation" not in result.check("width").message  # the dock's own dimension


def test_a_cell_without_piers_is_refused_by_the_audit(tmp_path):
    result = CliRunner().invoke(main, ["audit", "--chart", str(CELLS[1]), "-o", str(tmp_path / "a.gpkg")])
    assert result.exit_code == 2
    assert "US5FL4DQ.000 edition 2 update 0 (2023-10-16), 1:10,000: no piers to audit" in result.output


def test_the_readme_example_runs_on_the_chart():
    manifest = DATA / "key-west-chart" / "site.toml"
    result = CliRunner().invoke(main, ["check", str(manifest)])
    assert result.exit_code in (0, 1, 3), result.output
    lines = {line.split()[0]: line for line in result.output.splitlines() if line.strip()}
    assert "238.1" in lines["channel-clearance"] and "PASS" in lines["channel-clearance"]
    assert "327.1" in lines["dock-clearance"]
