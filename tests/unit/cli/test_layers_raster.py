"""``dockreview layers DEM.tif``: what an analyst needs to fill in ``layers.elevation`` from the file itself."""

from __future__ import annotations

import numpy as np
import rasterio
from click.testing import CliRunner
from rasterio.transform import from_origin

from dockreview.cli import main


def _dem(path, crs, *, units=None, nodata=-9999.0):
    """A 4 x 3 raster of 2.5-unit cells, its top left corner at (600,000, 4,520,000)."""
    with rasterio.open(path, "w", driver="GTiff", width=4, height=3, count=1, dtype="float32", crs=crs, nodata=nodata,
                       transform=from_origin(600_000.0, 4_520_000.0, 2.5, 2.5)) as ds:
        ds.write(np.arange(12, dtype="float32").reshape(3, 4), 1)
        if units:
            ds.units = (units,)
    return path


def test_a_dem_is_described_cell_by_cell(tmp_path):
    path = _dem(tmp_path / "dem.tif", "EPSG:26918", units="metre")
    run = CliRunner().invoke(main, ["layers", str(path)])
    assert run.exit_code == 0, run.output
    lines = run.output.splitlines()
    assert lines[0] == f"{path}: raster, 4 x 3 cells, 1 band(s) of float32"
    assert "cell size 2.5 x 2.5 (CRS units)" in lines
    assert "CRS: EPSG:26918 (NAD83 / UTM zone 18N)" in lines
    assert "unit of the values: metre" in lines and "nodata: -9999" in lines
    assert "bounds: x 600,000.0 to 600,010.0, y 4,519,992.5 to 4,520,000.0" in lines  # 4 x 2.5 wide, 3 x 2.5 tall
    assert any(line.startswith("vertical datum: not in the file") for line in lines)


def test_a_compound_crs_names_its_vertical_datum(tmp_path):
    path = _dem(tmp_path / "dem.tif", "EPSG:26918+5703")  # UTM 18N + NAVD88 height
    run = CliRunner().invoke(main, ["layers", str(path)])
    assert run.exit_code == 0, run.output
    assert "CRS: EPSG:26918 (NAD83 / UTM zone 18N)" in run.output.splitlines()
    assert "vertical datum: North American Vertical Datum 1988" in run.output.splitlines()
    assert "unit of the values: metre" in run.output.splitlines()  # NAVD88 height (EPSG:5703) is in metres


def test_a_raster_without_a_unit_asks_for_one(tmp_path):
    run = CliRunner().invoke(main, ["layers", str(_dem(tmp_path / "dem.tif", "EPSG:2263", nodata=None))])
    assert run.exit_code == 0, run.output
    assert "unit of the values: not in the file (give layers.elevation.unit)" in run.output.splitlines()
    assert "nodata: none" in run.output.splitlines()


def test_a_file_that_is_no_raster_says_so_in_one_line(tmp_path):
    bad = tmp_path / "dem.tif"
    bad.write_text("not a raster")
    run = CliRunner().invoke(main, ["layers", str(bad)])
    assert run.exit_code == 2 and run.output.startswith(f"error: file {bad}: cannot open the raster")
    assert len(run.output.strip().splitlines()) == 1
