"""Zipped shapefiles as layers, and the ``dockreview layers`` inspector."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import dockreview
from dockreview.cli import main
from support.paths import DATA

SAMPLE = DATA / "straight-t-float"
SHAPEFILE_PARTS = (".shp", ".shx", ".dbf", ".prj")


def _zip(target: Path, members: dict[str, Path]) -> Path:
    """Write ``target`` holding each shapefile of ``members`` (name in the zip -> .shp path)."""
    with zipfile.ZipFile(target, "w") as archive:
        for name, shp in members.items():
            for part in SHAPEFILE_PARTS:
                archive.write(shp.with_suffix(part), name + part)
    return target


@pytest.fixture()
def zipped_site(tmp_path: Path) -> Path:
    """The straight-t-float sample with parcels and MHW delivered as one county zip."""
    for path in SAMPLE.iterdir():
        if path.stem not in ("parcels", "mhw") and path.name != "site.toml":
            shutil.copy(path, tmp_path / path.name)
    _zip(tmp_path / "county.zip", {"parcels/parcels": SAMPLE / "parcels.shp", "shore/mhw": SAMPLE / "mhw.shp"})
    _zip(tmp_path / "mhw.zip", {"mhw": SAMPLE / "mhw.shp"})
    text = (SAMPLE / "site.toml").read_text()
    text = text.replace('parcels = "parcels.shp"', 'parcels = "county.zip:parcels/parcels"')
    text = text.replace('mhw = "mhw.shp"', 'mhw = "mhw.zip"')
    manifest = tmp_path / "site.toml"
    manifest.write_text(text)
    return manifest


@pytest.mark.parametrize("engine", ["pyogrio", "fiona"])
def test_zipped_layers_review_like_the_unzipped_ones(zipped_site: Path, engine: str) -> None:
    plain = dockreview.review(dockreview.load_site(SAMPLE / "site.toml"))
    zipped = dockreview.review(dockreview.load_site(zipped_site, engine=engine))
    assert zipped.verdict == plain.verdict
    assert zipped.measurements.frontage_ft == pytest.approx(plain.measurements.frontage_ft, abs=1e-6)
    assert zipped.measurements.setback_ft == pytest.approx(plain.measurements.setback_ft, abs=1e-6)


def test_a_shapefile_named_by_its_bare_name_is_found_in_its_folder(zipped_site: Path) -> None:
    text = zipped_site.read_text().replace("county.zip:parcels/parcels", "county.zip:parcels")
    zipped_site.write_text(text)
    assert dockreview.load_site(zipped_site).parcel.area > 0


def test_a_missing_shapefile_is_refused_naming_what_the_zip_holds(zipped_site: Path) -> None:
    zipped_site.write_text(zipped_site.read_text().replace("county.zip:parcels/parcels", "county.zip:lots"))
    result = CliRunner().invoke(main, ["check", str(zipped_site)])
    assert result.exit_code == 2
    assert "no shapefile 'lots' in the zip; it holds: parcels/parcels, shore/mhw" in result.output


def test_a_zip_of_two_folders_needs_the_layer_named(zipped_site: Path) -> None:
    zipped_site.write_text(zipped_site.read_text().replace("county.zip:parcels/parcels", "county.zip"))
    result = CliRunner().invoke(main, ["check", str(zipped_site)])
    assert result.exit_code == 2
    assert "several folders" in result.output and "county.zip" in result.output


def test_a_damaged_zip_is_refused_in_one_line(zipped_site: Path) -> None:
    (zipped_site.parent / "mhw.zip").write_bytes(b"PK\x03\x04 not really a zip")
    result = CliRunner().invoke(main, ["check", str(zipped_site)])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "mhw layer" in result.output and "zip" in result.output


def test_the_inspector_lists_every_shapefile_of_a_zip(zipped_site: Path) -> None:
    result = CliRunner().invoke(main, ["layers", str(zipped_site.parent / "county.zip")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith("county.zip: 2 layer(s)")
    assert any(line.startswith("parcels/parcels") and "Polygon" in line and "EPSG:2263" in line for line in lines)
    assert any(line.startswith("shore/mhw") and "LineString" in line for line in lines)
    assert "fields: PARCEL_ID" in result.output
    assert "working CRS: EPSG:2263" in result.output


def test_the_inspector_lists_a_geopackage_and_checks_a_named_crs() -> None:
    result = CliRunner().invoke(main, ["layers", str(SAMPLE / "nav.gpkg"), "--crs", "EPSG:32618"])
    assert result.exit_code == 0, result.output
    assert "channels" in result.output and "working CRS: EPSG:32618" in result.output


def test_the_inspector_refuses_a_file_that_is_not_vector_data() -> None:
    result = CliRunner().invoke(main, ["layers", str(SAMPLE / "site.toml")])
    assert result.exit_code == 2
    assert result.output.startswith("error: file ") and "cannot open" in result.output
