"""Each layer's positional accuracy (issue 30): stated in the manifest, taken from a chart's quality zones, or a default.

Expected figures are worked out by hand from the standards, never read from dockreview: a tax map at 1 in = 200 ft
under the National Map Accuracy Standard is 1/30 in x 200 ft/in = 6.667 ft at 90 %, and NSSDA's factor to 95 %
is 1.1406 (FGDC-STD-007.3-1998, Appendix 3-D; FEMA's table: 16.7 ft at 1 in = 500 ft becomes 19.0 ft), so
7.604 ft; ALTA/NSPS allows 2 cm + 50 ppm, 0.0656 ft + 0.05 ft over 1,000 ft. The quality zones are built here as
polygons. The README's table "Accuracy of the data" is the registry's own (``PYTHONPATH=tests python
tests/unit/inputs/test_accuracy.py`` prints it to paste between the ``accuracy:`` markers).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import SimpleNamespace

import geopandas as gpd
import pytest
import shapely

from dockreview.errors import ManifestError
from dockreview.inputs.accuracy import (
    DEFAULTS,
    LayerAccuracy,
    default_name,
    extent_ft,
    from_chart,
    from_default,
    stated,
    worst_zone,
)
from dockreview.inputs.manifest import parse_manifest
from dockreview.inputs.spec import LayerSpec
from support.paths import ROOT

FT_M = 0.3048


def _manifest(tmp_path, **layers):
    data = {
        "layers": {"parcels": "p.shp", "mhw": "m.shp", **layers},
        "parcel": {"id_field": "ID", "id": "1"},
        "dock": {"length": 100.0, "width": 6.0},
    }
    if "soundings" in layers:
        data["soundings"] = {"depth_field": "DEPTH"}
    return parse_manifest(data, tmp_path / "site.toml")


# ----------------------------------------------------------------------------- the manifest's keys


def test_a_layer_table_states_its_horizontal_and_vertical_accuracy(tmp_path):
    manifest = _manifest(
        tmp_path,
        parcels={"path": "p.shp", "accuracy_ft": 2.5},
        soundings={"path": "s.shp", "accuracy_ft": 3, "vertical_accuracy_ft": 0.25},
    )
    assert manifest.layers["parcels"].accuracy_ft == 2.5
    assert manifest.layers["parcels"].vertical_accuracy_ft is None
    assert (manifest.layers["soundings"].accuracy_ft, manifest.layers["soundings"].vertical_accuracy_ft) == (3.0, 0.25)
    assert manifest.layers["mhw"].accuracy_ft is None  # a path string states nothing


@pytest.mark.parametrize(("value", "message"), [
    (-1, "'layers.parcels.accuracy_ft' must be zero or more (feet, at 95 %), got -1"),
    ("six", "'layers.parcels.accuracy_ft' must be a number, got 'six'"),
    (True, "'layers.parcels.accuracy_ft' must be a number, got True"),
])
def test_a_bad_accuracy_is_refused_naming_the_key(tmp_path, value, message):
    with pytest.raises(ManifestError) as caught:
        _manifest(tmp_path, parcels={"path": "p.shp", "accuracy_ft": value})
    assert str(caught.value) == f"{tmp_path / 'site.toml'}: {message}"


def test_a_vertical_accuracy_belongs_to_soundings_and_elevation(tmp_path):
    with pytest.raises(ManifestError, match=r"'layers.mhw.vertical_accuracy_ft' is a vertical accuracy: only soundings"):
        _manifest(tmp_path, mhw={"path": "m.shp", "vertical_accuracy_ft": 1.0})


def test_the_dock_states_no_accuracy(tmp_path):
    data = {"layers": {"parcels": "p.shp", "mhw": "m.shp"}, "parcel": {"id_field": "ID", "id": "1"},
            "dock": {"file": {"path": "dock.shp", "accuracy_ft": 1.0}}}
    with pytest.raises(ManifestError, match=r"'dock.file.accuracy_ft': the dock is the proposal"):
        parse_manifest(data, tmp_path / "site.toml")


# ----------------------------------------------------------------------------- defaults


def test_a_tax_map_is_nmas_at_one_inch_to_200_ft_carried_to_95_percent():
    parcels = from_default("parcels", "tax-map")
    assert parcels.horizontal_ft == pytest.approx(200 / 30 * 1.1406, abs=1e-9)
    assert parcels.horizontal_ft == pytest.approx(7.604, abs=0.001)
    assert parcels.assumed and not parcels.unassessed and parcels.vertical_ft is None
    assert "assumed" in parcels.source and "1 in = 200 ft" in parcels.source


def test_a_survey_is_2_cm_plus_50_ppm_of_its_extent():
    survey = from_default("parcels", "survey", extent_ft=1000.0)
    assert survey.horizontal_ft == pytest.approx(0.02 / FT_M + 1000.0 * 50e-6, abs=1e-9)  # 0.1156 ft
    assert "1,000 ft across" in survey.source


def test_a_surveys_extent_is_the_diagonal_of_what_it_drew_in_feet():
    """A 300 x 400 unit drawing is 500 units across: 500 ft in a foot CRS, 500 / 0.3048 ft in a metre one."""
    frames = {"parcels": gpd.GeoDataFrame(geometry=[shapely.box(0, 0, 100, 400), shapely.box(200, 0, 300, 10)])}
    for ft_per_unit in (1.0, 1 / FT_M):
        site = SimpleNamespace(frames=frames, ft_per_unit=ft_per_unit, mlw=shapely.LineString([(0, 0), (30, 40)]))
        assert extent_ft(site, "parcels") == pytest.approx(500.0 * ft_per_unit)
        assert extent_ft(site, "mlw") == pytest.approx(50.0 * ft_per_unit)


def test_the_proposal_is_exact_and_not_assumed():
    dock = from_default("dock", "proposal")
    assert (dock.horizontal_ft, dock.assumed, dock.unassessed) == (0.0, False, False)


@pytest.mark.parametrize(("role", "file", "name"), [
    ("parcels", "lots.shp", "tax-map"), ("parcels", "plat.dxf", "survey"), ("mhw", "shore.geojson", "shoreline"),
    ("bulkhead", "walls.gpkg", "shoreline"), ("channels", "chan.shp", "gis-layer"), ("soundings", "s.shp", "soundings"),
    ("elevation", "dem.tif", "elevation"), ("dock", "dock.shp", "proposal"), ("dock", "dock.dxf", "proposal"),
])
def test_each_kind_of_layer_takes_its_default(role, file, name):
    assert default_name(role, LayerSpec(Path(file))) == name


def test_a_statement_overrides_the_default_and_keeps_the_part_it_leaves_out():
    fallback = from_default("soundings", "soundings")
    both = stated("soundings", LayerSpec(Path("s.shp"), accuracy_ft=1.0, vertical_accuracy_ft=0.2), fallback)
    assert (both.horizontal_ft, both.vertical_ft, both.assumed, both.source) == (1.0, 0.2, False, "stated in the manifest")
    half = stated("soundings", LayerSpec(Path("s.shp"), accuracy_ft=1.0), fallback)
    assert (half.horizontal_ft, half.vertical_ft, half.assumed) == (1.0, pytest.approx(0.5 / FT_M), True)
    assert half.source.startswith("stated in the manifest; vertical from assumed: a hydrographic survey")
    assert stated("soundings", LayerSpec(Path("s.shp")), fallback) is fallback


# ----------------------------------------------------------------------------- a chart's quality zones


def _zones(*codes_and_boxes):
    return gpd.GeoDataFrame({"CATZOC": [c for c, _ in codes_and_boxes]},
                            geometry=[shapely.box(*b) for _, b in codes_and_boxes], crs="EPSG:32617")


def test_the_worst_zone_over_the_lot_applies():
    zones = _zones((1, (0, 0, 100, 100)), (4, (100, 0, 200, 100)), (6, (500, 0, 600, 100)))
    lot = shapely.box(90, 10, 110, 30)  # across A1 and C, far from U
    assert worst_zone(zones, lot) == (4, ["A1", "C"])
    mhw = from_chart("mhw", zones, lot, "X.000")
    assert mhw.horizontal_ft == pytest.approx(500 / FT_M)
    assert mhw.source.startswith("the chart's quality zone C (CATZOC); the worst of zones A1, C over the lot: ±500 m")
    soundings = from_chart("soundings", zones, lot, "X.000")
    assert soundings.vertical_at(10 / FT_M * 1.0) == pytest.approx((2.0 + 0.05 * 10) / FT_M)  # 10 m deep: 2.5 m


@pytest.mark.parametrize(("code", "position_m", "depth_10m_m"), [
    (1, 5.0, 0.5 + 0.1), (2, 20.0, 1.0 + 0.2), (3, 50.0, 1.0 + 0.2), (4, 500.0, 2.0 + 0.5),
])
def test_each_zone_carries_its_published_figures(code, position_m, depth_10m_m):
    """S-57 Appendix A, CATZOC: A1 +-5 m, 0.5 m + 1 % d; A2 +-20 m and B +-50 m, 1.0 m + 2 % d; C +-500 m, 2.0 m + 5 % d."""
    got = from_chart("soundings", _zones((code, (0, 0, 10, 10))), shapely.box(1, 1, 2, 2), "X.000")
    assert got.horizontal_ft == pytest.approx(position_m / FT_M)
    assert got.vertical_at(10 / FT_M) == pytest.approx(depth_10m_m / FT_M)
    assert not got.assumed and not got.unassessed


def test_zone_u_and_a_cell_without_zones_are_unassessed():
    lot = shapely.box(1, 1, 2, 2)
    u = from_chart("mhw", _zones((6, (0, 0, 10, 10))), lot, "X.000")
    none = from_chart("mhw", _zones((1, (50, 50, 60, 60))), lot, "X.000")
    for got in (u, none):
        assert (got.horizontal_ft, got.unassessed, got.assumed) == (None, True, False)
    assert "unassessed: the quality of the data is not known" in u.source
    assert none.source == "unassessed: chart X.000 has no quality zone (M_QUAL) over the lot"


def test_a_layer_accuracy_is_frozen():
    with pytest.raises(AttributeError):
        LayerAccuracy("mhw", 1.0, None, "x", False).horizontal_ft = 2.0  # type: ignore[misc]


# ----------------------------------------------------------------------------- the README's table


def _figure(ft: float | None, ppm: float = 0.0, fraction: float = 0.0) -> str:
    if ft is None:
        return "unassessed"
    text = f"{ft:,.2f} ft" + (f" + {ppm:g} ppm of the extent" if ppm else "")
    return text + (f" + {fraction:.0%} of depth" if fraction else "")


def accuracy_table() -> str:
    """The README's table of default accuracies: what each applies to, its figures at 95 %, how, and the source."""
    rows = ["| default | applies to | horizontal (95 %) | vertical (95 %) | how | source |", "|---|---|---|---|---|---|"]
    for d in DEFAULTS.values():
        vertical = "-" if d.vertical_ft is None and d.horizontal_ft is not None else _figure(d.vertical_ft, fraction=d.vertical_fraction)
        how = d.words + (f"; depths {d.depth_words}" if d.depth_words else "")
        source = f"[{d.source}]({d.address})" if d.address else d.source
        rows.append(f"| `{d.name}` | {d.applies} | {_figure(d.horizontal_ft, d.ppm)} | {vertical} | {how} | {source} |")
    return "\n".join(rows)


def test_the_readmes_accuracy_table_is_the_registrys_own():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- accuracy:start -->\n(.*?)\n<!-- accuracy:end -->", readme, flags=re.DOTALL)
    assert found, "README.md needs the accuracy table between <!-- accuracy:start --> and <!-- accuracy:end -->"
    assert found.group(1).strip() == accuracy_table(), "the registry changed: this file prints the table (see its docstring)"


if __name__ == "__main__":
    sys.stdout.write(accuracy_table() + "\n")
