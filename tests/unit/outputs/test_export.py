"""The GeoPackage of derived layers: read back with both GDAL bindings, layers, CRS and attributes."""

from __future__ import annotations

import fiona
import pyogrio
import pytest
from click.testing import CliRunner
from pyproj import CRS

from dockreview.cli import main
from dockreview.outputs.export import derived_layers, write_gpkg
from support.paths import DATA
from support.samples import reviewed

EXPECTED_LAYERS = {
    "dock_components", "side_lines", "setback_band", "allowed_reach_line", "clearance_rings",
    "seaward_terminus", "water_corners", "frontage", "dimension_lines", "no_go_areas", "envelope",
}


def review_layers(names) -> set[str]:
    """The review's own layers among ``names`` (the Board evidence's are named evidence_*; the bands of the data's
    accuracy are written only where a check lies within it)."""
    return {name for name in names if not name.startswith("evidence_") and name != "accuracy_bands"}


@pytest.fixture(scope="module")
def gpkg(tmp_path_factory):
    path = tmp_path_factory.mktemp("gpkg") / "review.gpkg"
    write_gpkg(reviewed("failing-narrow-lot"), path)
    return path


def test_layers_and_crs_read_back_with_pyogrio(gpkg):
    layers = {name for name, _ in pyogrio.list_layers(gpkg)}
    assert review_layers(layers) == EXPECTED_LAYERS
    for name in layers:
        assert CRS.from_user_input(pyogrio.read_info(gpkg, layer=name)["crs"]).to_epsg() == 2263


def test_layers_and_crs_read_back_with_fiona(gpkg):
    assert review_layers(fiona.listlayers(gpkg)) == EXPECTED_LAYERS
    with fiona.open(gpkg, layer="side_lines") as src:
        assert CRS.from_user_input(src.crs).to_epsg() == 2263
        rows = [dict(f.properties) for f in src]
    assert {(r["side"], r["part"]) for r in rows} == {
        ("left", "side line"), ("left", "extension"), ("right", "side line"), ("right", "extension")
    }


def test_attributes_carry_the_review_measurements(gpkg):
    m = reviewed("failing-narrow-lot").measurements
    sides = pyogrio.read_dataframe(gpkg, layer="side_lines")
    right = sides[sides["side"] == "right"]
    assert right["setback_ft"].tolist() == pytest.approx([m.setback_right_ft] * 2)
    assert sides["required_setback_ft"].tolist() == pytest.approx([60.0] * 4, abs=0.01)
    dims = pyogrio.read_dataframe(gpkg, layer="dimension_lines").set_index("dimension")
    assert dims.loc["reach", "value_ft"] == pytest.approx(m.reach_ft)
    assert dims.loc["channel_clearance", "value_ft"] == pytest.approx(35.0, abs=0.05)
    components = pyogrio.read_dataframe(gpkg, layer="dock_components")
    assert sorted(components["component"]) == ["float", "float", "ramp", "walkway"]
    floats = components.loc[components["component"] == "float", "area_sqft"].sum()
    assert floats == pytest.approx(m.float_area_sqft, abs=0.5)
    corners = pyogrio.read_dataframe(gpkg, layer="water_corners")
    assert set(corners["side"]) == {"left", "right"}
    assert corners["frontage_ft"].iloc[0] == pytest.approx(130.0, abs=0.05)
    assert set(pyogrio.read_dataframe(gpkg, layer="no_go_areas")["kind"]) == {"setback", "reach", "clearance"}


def test_to_geodataframe_names_each_row_layer():
    review = reviewed("straight-t-float")
    frame = review.to_geodataframe()
    assert set(frame["layer"]) == set(derived_layers(review))
    assert frame.crs.to_epsg() == 2263
    assert len(frame) == sum(len(f) for f in derived_layers(review).values())


def test_check_gpkg_option_writes_atomically(tmp_path):
    out = tmp_path / "out" / "site.gpkg"
    result = CliRunner().invoke(main, ["check", str(DATA / "parcel-past-mhw" / "site.toml"), "--gpkg", str(out)])
    assert result.exit_code in (0, 1, 3), result.output
    assert review_layers(name for name, _ in pyogrio.list_layers(out)) == EXPECTED_LAYERS
    assert [p.name for p in out.parent.iterdir()] == ["site.gpkg"]
    bad = CliRunner().invoke(main, ["check", str(DATA / "parcel-past-mhw" / "site.toml"), "--gpkg", str(tmp_path / "x.shp")])
    assert bad.exit_code == 2 and "--gpkg" in bad.output


@pytest.mark.parametrize("name", ["straight-t-float", "curved-cove", "failing-narrow-lot"])
def test_layers_carry_the_reviews_own_figures(tmp_path, name):
    """One truth: the GeoPackage's reach limit is the limit the reach checks decided on, its dimensions the checks' values."""
    review = reviewed(name)
    path = tmp_path / "review.gpkg"
    write_gpkg(review, path)
    band = pyogrio.read_dataframe(path, layer="setback_band")
    reach_line = pyogrio.read_dataframe(path, layer="allowed_reach_line")
    dims = pyogrio.read_dataframe(path, layer="dimension_lines").set_index("dimension")
    decided = [c.limit for c in review.checks if c.id in ("reach", "navigable-reach") and c.decided]
    assert band["reach_limit_ft"].iat[0] == pytest.approx(min(decided), abs=1e-6)
    assert reach_line["overall_reach_ft"].iat[0] == pytest.approx(review.check("reach").value, abs=1e-6)
    assert band["area_sqft"].iat[0] == pytest.approx(review.layout.envelope.area_sqft, abs=1e-6)
    assert dims.loc["setback_left", "value_ft"] == pytest.approx(review.check("side-setback").value
                                                                  if review.measurements.setback_left_ft <= review.measurements.setback_right_ft
                                                                  else review.measurements.setback_left_ft, abs=1e-6)
    assert max(dims.loc["reach", "value_ft"], dims.loc["length", "value_ft"]) == pytest.approx(review.check("reach").value, abs=1e-6)
