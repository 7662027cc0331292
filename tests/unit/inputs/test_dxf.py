"""The applicant's CAD survey (DXF) as the dock: drawings built here with ezdxf.

Each drawing holds the T dock of :func:`sitegen.t_footprint` on a rotated synthetic
lot, written in state-plane coordinates in the unit its $INSUNITS declares; the
review of the drawing must equal the review of the same footprint read from a
GeoPackage.
"""

from __future__ import annotations

from pathlib import Path

import ezdxf
import pyproj
import pytest
import shapely
from click.testing import CliRunner
from shapely import affinity

import dockreview
from dockreview.cli import main
from dockreview.inputs.dxf import drawing_units
from support.sitegen import make_site, t_footprint

US_FOOT_M = 1200.0 / 3937.0
CAD_LAYERS = {"DOCK-WALK": "walkway", "FLOAT": "float"}
LAYER_OF = {v: k for k, v in CAD_LAYERS.items()}


def _write_dxf(path: Path, footprint, *, insunits: int, scale: float = 1.0, to=None, open_float: bool = False) -> Path:
    """Draw ``footprint`` (component, EPSG:2263 polygon) rows as closed polylines; coordinates times ``scale``."""
    doc = ezdxf.new(units=insunits)
    msp = doc.modelspace()
    for name in (*CAD_LAYERS, "TITLE"):
        doc.layers.add(name)
    for component, polygon in footprint:
        if to is not None:
            polygon = _project(polygon, to)
        xy = [(x * scale, y * scale) for x, y in polygon.exterior.coords[:-1]]
        closed = not (open_float and component == "float")
        msp.add_lwpolyline(xy, close=closed, dxfattribs={"layer": LAYER_OF[component]})
    msp.add_text("SURVEY OF 14 EXAMPLE RD", dxfattribs={"layer": "TITLE"})
    doc.saveas(path)
    return path


def _project(polygon, transformer: pyproj.Transformer):
    return shapely.transform(polygon, lambda xy: list(zip(*transformer.transform(*xy.T))))


@pytest.fixture()
def site(tmp_path: Path):
    files = make_site(tmp_path, rotation=25.0, footprint=t_footprint())
    expected = dockreview.review(dockreview.load_site(files.manifest))
    footprint = list(zip(files.layers["dock"]["component"], files.layers["dock"].geometry))
    return files, footprint, expected


def _use_dxf(files, name: str, assume_crs: str = "EPSG:2263"):
    files.doc["dock"] = {"file": {"path": name, "assume_crs": assume_crs}, "cad_layers": CAD_LAYERS}
    return files.rewrite()


def _same(result, expected) -> None:
    for key in ("setback_left_ft", "setback_right_ft", "reach_ft", "length_ft", "max_width_ft", "float_area_sqft"):
        assert result.measurements[key] == pytest.approx(expected.measurements[key], abs=0.01), key
    assert result.verdict == expected.verdict


def test_a_drawing_in_state_plane_feet_is_taken_in_the_crs_own_foot(site):
    files, footprint, expected = site
    _write_dxf(files.dir / "survey.dxf", footprint, insunits=2)
    assert drawing_units(files.dir / "survey.dxf") == 2
    result = dockreview.review(dockreview.load_site(_use_dxf(files, "survey.dxf")))
    _same(result, expected)
    assert result.measurements.float_area_sqft == pytest.approx(200.0, abs=0.01)


def test_a_drawing_in_inches_is_scaled_to_feet(site):
    files, footprint, expected = site
    _write_dxf(files.dir / "survey.dxf", footprint, insunits=1, scale=12.0 * US_FOOT_M / 0.3048)
    _same(dockreview.review(dockreview.load_site(_use_dxf(files, "survey.dxf"))), expected)


def test_a_drawing_in_metres_is_scaled_to_the_crs_feet(site):
    files, footprint, expected = site
    _write_dxf(files.dir / "survey.dxf", footprint, insunits=6, scale=US_FOOT_M)
    _same(dockreview.review(dockreview.load_site(_use_dxf(files, "survey.dxf"))), expected)


def test_a_drawing_in_metres_in_a_metre_crs(site):
    files, footprint, expected = site
    utm = pyproj.Transformer.from_crs("EPSG:2263", "EPSG:26918", always_xy=True)
    _write_dxf(files.dir / "survey.dxf", footprint, insunits=6, to=utm)
    _same(dockreview.review(dockreview.load_site(_use_dxf(files, "survey.dxf", "EPSG:26918"))), expected)


def test_a_mismatched_unit_is_refused_as_not_georeferenced(site):
    files, footprint, _ = site
    _write_dxf(files.dir / "survey.dxf", footprint, insunits=6)  # drawn in feet, declared metres
    result = CliRunner().invoke(main, ["check", str(_use_dxf(files, "survey.dxf"))])
    assert result.exit_code == 2
    assert "survey.dxf" in result.output and "ft from the parcel" in result.output and "$INSUNITS" in result.output


def test_a_drawing_in_local_coordinates_is_refused_with_its_distance(site):
    files, footprint, _ = site
    local = [(c, affinity.translate(p, -1_000_000.0, -200_000.0)) for c, p in footprint]
    _write_dxf(files.dir / "survey.dxf", local, insunits=2)
    result = CliRunner().invoke(main, ["check", str(_use_dxf(files, "survey.dxf"))])
    assert result.exit_code == 2
    assert "not georeferenced" in result.output
    assert "1,0" in result.output  # the distance: about a million feet, with its thousands separator


def test_a_drawing_slightly_off_the_lot_is_accepted(site):
    files, footprint, expected = site
    shifted = [(c, affinity.translate(p, 0.0, 500.0)) for c, p in footprint]
    _write_dxf(files.dir / "survey.dxf", shifted, insunits=2)
    result = dockreview.review(dockreview.load_site(_use_dxf(files, "survey.dxf")))
    assert result.measurements.float_area_sqft == pytest.approx(200.0, abs=0.01)


def test_an_open_polyline_is_refused_naming_cad_layer_and_handle(site):
    files, footprint, _ = site
    _write_dxf(files.dir / "survey.dxf", footprint, insunits=2, open_float=True)
    handle = next(e.dxf.handle for e in ezdxf.readfile(files.dir / "survey.dxf").modelspace() if e.dxf.layer == "FLOAT")
    result = CliRunner().invoke(main, ["check", str(_use_dxf(files, "survey.dxf"))])
    assert result.exit_code == 2
    assert f"open polyline on CAD layer 'FLOAT' (entity handle {handle})" in result.output


def test_a_drawing_needs_its_crs_and_its_cad_layers(site):
    files, footprint, _ = site
    _write_dxf(files.dir / "survey.dxf", footprint, insunits=2)
    files.doc["dock"] = {"file": "survey.dxf", "cad_layers": CAD_LAYERS}
    result = CliRunner().invoke(main, ["check", str(files.rewrite())])
    assert result.exit_code == 2 and "a DXF drawing has no CRS" in result.output
    files.doc["dock"] = {"file": {"path": "survey.dxf", "assume_crs": "EPSG:2263"}}
    result = CliRunner().invoke(main, ["check", str(files.rewrite())])
    assert result.exit_code == 2 and "needs [dock.cad_layers]" in result.output


def test_unmapped_cad_layers_are_named(site):
    files, footprint, _ = site
    _write_dxf(files.dir / "survey.dxf", footprint, insunits=2)
    files.doc["dock"] = {"file": {"path": "survey.dxf", "assume_crs": "EPSG:2263"}, "cad_layers": {"WALK": "walkway"}}
    result = CliRunner().invoke(main, ["check", str(files.rewrite())])
    assert result.exit_code == 2
    assert "the drawing's layers are: DOCK-WALK, FLOAT, TITLE" in result.output


def test_an_unsupported_unit_is_refused(site):
    files, footprint, _ = site
    _write_dxf(files.dir / "survey.dxf", footprint, insunits=13)  # microns
    result = CliRunner().invoke(main, ["check", str(_use_dxf(files, "survey.dxf"))])
    assert result.exit_code == 2 and "unsupported drawing unit $INSUNITS = 13" in result.output


def test_a_drawing_with_no_unit_is_taken_in_the_crs_unit_with_a_warning(site):
    files, footprint, expected = site
    _write_dxf(files.dir / "survey.dxf", footprint, insunits=0)
    with pytest.warns(Warning, match=r"declares no unit \(\$INSUNITS = 0\)"):
        result = dockreview.review(dockreview.load_site(_use_dxf(files, "survey.dxf")))
    _same(result, expected)


def test_a_geographic_crs_is_refused_for_a_drawing(site):
    files, footprint, _ = site
    _write_dxf(files.dir / "survey.dxf", footprint, insunits=2)
    result = CliRunner().invoke(main, ["check", str(_use_dxf(files, "survey.dxf", "EPSG:4326"))])
    assert result.exit_code == 2 and "is not projected" in result.output


def test_the_manifest_checks_cad_layers(site):
    files, footprint, _ = site
    _write_dxf(files.dir / "survey.dxf", footprint, insunits=2)
    files.doc["dock"] = {"file": {"path": "survey.dxf", "assume_crs": "EPSG:2263"}, "cad_layers": {"DOCK-WALK": "boardwalk"}}
    result = CliRunner().invoke(main, ["check", str(files.rewrite())])
    assert result.exit_code == 2 and "'dock.cad_layers.DOCK-WALK' is 'boardwalk'; use one of walkway" in result.output
    files.doc["dock"] = {"file": "dock.gpkg", "cad_layers": CAD_LAYERS}
    result = CliRunner().invoke(main, ["check", str(files.rewrite())])
    assert result.exit_code == 2 and "'dock.cad_layers' applies only to a DXF survey" in result.output
