"""The elevation raster (``layers.elevation``): read once, sampled in the working CRS, in feet, nodata respected.

Known by construction: tiny rasters written cell by cell here (values by hand), and
planes of known slope stored in another CRS than the site's (support.demgen), whose
elevation at any point is the plane's formula. Bad rasters and bad manifest keys
are refused with one plain line, exit 2 through the CLI.
"""

from __future__ import annotations

import numpy as np
import pytest
import rasterio
from click.testing import CliRunner
from pyproj import CRS
from rasterio.transform import from_origin

import dockreview
from dockreview.cli import main
from dockreview.errors import CRSError, LayerError, ManifestError, SiteDataError
from dockreview.inputs.raster import read_elevation
from dockreview.inputs.spec import RasterSpec
from support.demgen import FEET_PER, FT_M, NODATA, plane_site, sloped_plane_ft
from support.sitegen import frame_in

UTM = "EPSG:26918"


def _tiny(path, values, *, crs=UTM, nodata=NODATA, origin=(500000.0, 4520000.0), cell=1.0, units=None):
    """A raster of ``values`` (rows north to south), its top-left corner at ``origin``, square cells of ``cell``."""
    values = np.asarray(values, dtype="float64")
    profile = {"driver": "GTiff", "width": values.shape[1], "height": values.shape[0], "count": 1, "dtype": "float64",
               "nodata": nodata, "transform": from_origin(*origin, cell, cell)}
    if crs is not None:
        profile["crs"] = crs
    with rasterio.open(path, "w", **profile) as ds:
        ds.write(values, 1)
        if units:
            ds.units = (units,)
    return path


def _spec(path, unit="m", assume_crs=None, datum="NAVD88"):
    return RasterSpec(path, None, assume_crs, path.name, vertical_datum=datum, unit=unit)


def test_values_are_bilinear_between_cell_centres_in_feet(tmp_path):
    # z = x + 2y (metres) at the cells' centres, x and y from the raster's top-left corner
    x0, y0 = 500000.0, 4520000.0
    cells = [[0.5 + 2 * 2.5, 1.5 + 2 * 2.5, 2.5 + 2 * 2.5], [0.5 + 2 * 1.5, 1.5 + 2 * 1.5, 2.5 + 2 * 1.5],
             [0.5 + 2 * 0.5, 1.5 + 2 * 0.5, 2.5 + 2 * 0.5]]
    dem = read_elevation(_spec(_tiny(tmp_path / "z.tif", cells, origin=(x0, y0 + 3.0))), working=CRS.from_user_input(UTM))
    points = np.array([[1.0, 1.0], [2.2, 0.7], [0.5, 2.5]]) + [x0, y0]
    assert dem.at(points) * FT_M == pytest.approx([3.0, 3.6, 5.5], abs=1e-9)  # 1 + 2, 2.2 + 1.4, 0.5 + 5
    assert dem.vertical_datum == "NAVD88" and dem.unit == "m" and dem.valid_cells == 9
    assert np.isnan(dem.at([[x0 + 3.5, y0 + 1.0], [x0 - 0.1, y0]])).all(), "off the raster: no value"


def test_nodata_takes_no_part_in_a_value(tmp_path):
    """A point whose four cells include a nodata one takes its own cell's value; on a nodata cell, none."""
    x0, y0 = 500000.0, 4520000.0
    cells = [[10.0, 20.0, NODATA], [30.0, 40.0, 50.0]]
    dem = read_elevation(_spec(_tiny(tmp_path / "n.tif", cells, origin=(x0, y0 + 2.0)), unit="ft"), working=CRS.from_user_input(UTM))
    at = dem.at(np.array([[0.75, 1.0], [1.75, 1.25], [1.8, 1.7], [2.5, 1.5], [2.5, 0.5]]) + [x0, y0])
    # (0.75, 1.0): among the centres of 10, 20 (y 1.5) and 30, 40 (y 0.5), a quarter of the way from x 0.5 to 1.5
    assert at[0] == pytest.approx(0.5 * (10 + 0.25 * 10) + 0.5 * (30 + 0.25 * 10))
    assert at[1] == pytest.approx(20.0) and at[2] == pytest.approx(20.0), "next to the nodata cell: the cell's own value"
    assert np.isnan(at[3]), "on the nodata cell"
    assert at[4] == pytest.approx(50.0)


@pytest.mark.parametrize("unit, feet", [("m", 1 / 0.3048), ("ft", 1.0), ("us-ft", 1200 / 3937 / 0.3048)])
def test_the_unit_turns_values_into_feet(tmp_path, unit, feet):
    dem = read_elevation(_spec(_tiny(tmp_path / "u.tif", [[10.0]]), unit=unit), working=CRS.from_user_input(UTM))
    assert dem.at([[500000.5, 4519999.5]])[0] == pytest.approx(10.0 * feet, rel=1e-12)


@pytest.mark.parametrize("site_crs, dem_crs, unit", [("EPSG:2263", UTM, "m"), (UTM, "EPSG:2263", "us-ft"), ("EPSG:2263", "EPSG:2263", "ft")])
def test_a_plane_stored_in_another_crs_is_sampled_in_the_working_crs(tmp_path, site_crs, dem_crs, unit):
    """z = 2 m + 0.05 (distance from the shore) + 0.01 u, stored in ``dem_crs``, read at local points of the site."""
    site = plane_site(tmp_path / "s", site_crs, dem_crs=dem_crs, unit=unit, cell=2.0 if dem_crs == UTM else 6.0)
    loaded = dockreview.load_site(site.manifest)
    frame = frame_in(site_crs)
    local = [(-200.0, -5.0), (0.0, -70.0), (250.0, -140.0), (-37.3, -12.9)]
    at = loaded.elevation.at(np.array([frame.pt(u, v) for u, v in local]))
    assert at == pytest.approx([sloped_plane_ft(u, v) for u, v in local], abs=1e-4)
    assert loaded.elevation.crs.equals(CRS.from_user_input(dem_crs)) and loaded.elevation.unit == unit
    source = next(s for s in loaded.sources if s.role == "elevation")
    assert source.file.endswith("dem.tif") and source.features == loaded.elevation.valid_cells > 0


def test_the_window_read_covers_the_lot_and_its_neighbours_not_the_whole_raster(tmp_path):
    site = plane_site(tmp_path / "s", "EPSG:2263", dem_crs="EPSG:2263", unit="ft", cell=10.0, extent=(-3000, -2000, 3000, 500))
    dem = dockreview.load_site(site.manifest).elevation
    with rasterio.open(site.dir / "dem.tif") as ds:
        whole = ds.width * ds.height
    # the lots span u -300..300, v -150..0 (600 x 150 ft), the parcels read 400 ft around them: 1400 x 950 ft of
    # 10-ft cells, and two cells more on each side
    assert dem.values_ft.size <= (1400 / 10 + 6) * (950 / 10 + 6) < whole / 5
    xy = np.array([frame_in("EPSG:2263").pt(u, v) for u, v in ((-300.0, -150.0), (300.0, 0.0))])
    assert np.isfinite(dem.at(xy)).all(), "the lots' corners are inside the window"


def test_a_raster_in_feet_and_one_in_metres_give_the_same_ground(tmp_path):
    metres = dockreview.load_site(plane_site(tmp_path / "m", UTM, unit="m").manifest).elevation
    feet = dockreview.load_site(plane_site(tmp_path / "f", UTM, unit="ft").manifest).elevation
    with rasterio.open(tmp_path / "m" / "dem.tif") as a, rasterio.open(tmp_path / "f" / "dem.tif") as b:
        assert a.read(1)[0, 0] * FEET_PER["m"] == pytest.approx(b.read(1)[0, 0])  # the same surface, stored two ways
    xy = np.array([frame_in(UTM).pt(u, -40.0) for u in (-250.0, 0.0, 250.0)])
    assert metres.at(xy) == pytest.approx(feet.at(xy), abs=1e-9)


# --------------------------------------------------------------------------------------------- refused


def _check(manifest):
    return CliRunner().invoke(main, ["check", str(manifest), "--json", "-"])


def _refused(result, *words):
    assert result.exit_code == 2, (result.exit_code, result.stderr, result.exception)
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "Traceback" not in result.stderr, result.stderr
    for word in words:
        assert word in errors[0], (word, errors[0])
    assert result.stdout == ""
    return errors[0]


def test_a_missing_raster_is_refused_in_one_line(tmp_path):
    site = plane_site(tmp_path / "s", "EPSG:2263")
    (site.dir / "dem.tif").unlink()
    with pytest.raises(LayerError, match="file not found"):
        dockreview.load_site(site.manifest)
    _refused(_check(site.manifest), "elevation layer", "dem.tif", "file not found")


def test_a_corrupt_raster_is_refused_in_one_line(tmp_path):
    site = plane_site(tmp_path / "s", "EPSG:2263")
    data = (site.dir / "dem.tif").read_bytes()
    (site.dir / "dem.tif").write_bytes(data[:200])  # cut short
    _refused(_check(site.manifest), "elevation layer", "dem.tif", "cannot read the raster")
    (site.dir / "dem.tif").write_text("not a raster at all")
    _refused(_check(site.manifest), "elevation layer", "dem.tif", "cannot read the raster")


def test_a_raster_with_no_crs_is_refused_unless_the_manifest_assumes_one(tmp_path):
    site = plane_site(tmp_path / "s", "EPSG:2263", dem_crs=UTM)
    with rasterio.open(site.dir / "dem.tif") as ds:
        values, transform = ds.read(1), ds.transform
    with rasterio.open(site.dir / "dem.tif", "w", driver="GTiff", width=values.shape[1], height=values.shape[0], count=1,
                       dtype="float64", nodata=NODATA, transform=transform) as ds:
        ds.write(values, 1)
    with pytest.raises(CRSError, match="no CRS"):
        dockreview.load_site(site.manifest)
    _refused(_check(site.manifest), "elevation layer", "dem.tif", "has no CRS", "assume_crs")
    site.rewrite(layers={"elevation": {"path": "dem.tif", "vertical_datum": "NAVD88", "unit": "m", "assume_crs": UTM}})
    xy = np.array([frame_in("EPSG:2263").pt(0.0, -70.0)])
    assert dockreview.load_site(site.manifest).elevation.at(xy) == pytest.approx([sloped_plane_ft(0.0, -70.0)], abs=1e-4)


def test_a_raster_away_from_the_site_is_refused(tmp_path):
    site = plane_site(tmp_path / "s", "EPSG:2263", dem=False)
    _tiny(site.dir / "far.tif", [[1.0, 2.0]], origin=(300000.0, 4100000.0))
    site.rewrite(layers={"elevation": {"path": "far.tif", "vertical_datum": "NAVD88", "unit": "m"}})
    with pytest.raises(SiteDataError, match="does not reach the site"):
        dockreview.load_site(site.manifest)


def test_a_band_in_another_unit_than_the_manifest_is_refused(tmp_path):
    path = _tiny(tmp_path / "u.tif", [[1.0]], units="metre")
    with pytest.raises(SiteDataError, match="'metre' but the manifest says unit = 'ft'"):
        read_elevation(_spec(path, unit="ft"), working=CRS.from_user_input(UTM))
    assert read_elevation(_spec(path, unit="m"), working=CRS.from_user_input(UTM)).valid_cells == 1


@pytest.mark.parametrize("entry, words", [
    ("\"dem.tif\"", ["'layers.elevation' must be a table", "vertical datum and unit"]),
    ({"path": "dem.tif", "unit": "m"}, ["needs 'vertical_datum'"]),
    ({"path": "dem.tif", "vertical_datum": "NAVD88"}, ["needs 'unit'"]),
    ({"path": "dem.tif", "vertical_datum": "NAVD88", "unit": "yards"}, ["needs 'unit'", "got 'yards'"]),
    ({"path": "dem.tif", "vertical_datum": "NAVD88", "unit": "m", "units": "m"}, ["unknown key 'layers.elevation.units'",
                                                                                   "did you mean 'unit'"]),
    ({"path": "dem.tif", "vertical_datum": "NAVD88", "unit": "m", "layer": "x"}, ["unknown key 'layers.elevation.layer'"]),
])
def test_the_elevation_entry_is_validated_like_the_other_layers(tmp_path, entry, words):
    site = plane_site(tmp_path / "s", "EPSG:2263")
    site.rewrite(layers={"elevation": entry if isinstance(entry, dict) else "dem.tif"})
    with pytest.raises(ManifestError) as caught:
        dockreview.load_site(site.manifest)
    for word in words:
        assert word in str(caught.value), (word, str(caught.value))
    _refused(_check(site.manifest), *words[:1])


@pytest.mark.parametrize("datums, words", [
    ({"mhw_ft": 1.2, "vertical_datum": "NGVD29"}, ["'datums.mhw_ft' is in NGVD29 but the elevation layer is in NAVD88"]),
    ({"mhw_ft": 1.2, "vertical_datum": None}, ["name the datum it is in as 'datums.vertical_datum'"]),
    ({"mhw_ft": "high", "vertical_datum": "NAVD88"}, ["'datums.mhw_ft' must be a number"]),
    ({"mhw_ft": 1.2, "vertical_datum": "NAVD88", "mhw_navd88": 1.0}, ["unknown key 'datums.mhw_navd88'"]),
])
def test_mhw_is_placed_in_the_elevation_layers_datum_or_refused(tmp_path, datums, words):
    site = plane_site(tmp_path / "s", "EPSG:2263")
    site.doc["datums"] = {k: v for k, v in datums.items() if v is not None}
    site.rewrite()
    with pytest.raises(ManifestError) as caught:
        dockreview.load_site(site.manifest)
    for word in words:
        assert word in str(caught.value), (word, str(caught.value))


def test_the_datum_names_compare_without_spaces_or_case(tmp_path):
    site = plane_site(tmp_path / "s", "EPSG:2263", vertical_datum="navd 88")
    site.rewrite(datums={"mhw_ft": 6.5, "vertical_datum": "NAVD88"})
    loaded = dockreview.load_site(site.manifest)
    assert loaded.manifest.datums.mhw_ft == 6.5 and loaded.elevation.vertical_datum == "navd 88"
    assert loaded.manifest.datums.mllw_below_mlw_ft is None


def test_a_manifest_without_the_layer_has_no_elevation(tmp_path):
    site = plane_site(tmp_path / "s", "EPSG:2263", dem=False, mhw_ft=None)
    loaded = dockreview.load_site(site.manifest)
    assert loaded.elevation is None and "elevation" not in loaded.manifest.layers
