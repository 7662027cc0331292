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


def test_the_readme_example_runs_on_the_chart():
    manifest = DATA / "key-west-chart" / "site.toml"
    result = CliRunner().invoke(main, ["check", str(manifest)])
    assert result.exit_code in (0, 1, 3), result.output
    lines = {line.split()[0]: line for line in result.output.splitlines() if line.strip()}
    assert "238.1" in lines["channel-clearance"] and "PASS" in lines["channel-clearance"]
    assert "327.1" in lines["dock-clearance"]
