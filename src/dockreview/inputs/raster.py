"""Reading the elevation raster (``layers.elevation``, a GeoTIFF DEM) once, and sampling it at working-CRS points.

The raster stays in its own CRS: points are carried from the working CRS into it
with pyproj and sampled there, so no cell is resampled. Its values are heights
above the vertical datum the manifest names, in the manifest's unit; they are
turned into feet once, when read. Nodata cells (the raster's nodata value or its
mask) are NaN and never take part in a value.

A value at a point is bilinear between the centres of the four cells around it
(a cell's value stands at its centre, as GDAL has it), which is exact on a plane;
where one of the four is nodata, the value of the cell the point lies in; NaN
where that cell is nodata too, or the point lies off the raster.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import rasterio
import rasterio.windows
from affine import Affine
from pyproj import CRS, Transformer
from rasterio.errors import RasterioError
from rasterio.warp import transform_bounds
from scipy import ndimage

from dockreview.errors import CRSError, LayerError, SiteDataError
from dockreview.inputs.crs import describe, parse_crs
from dockreview.inputs.manifest_elevation import EXAMPLE, datum_key, unit_name
from dockreview.inputs.readable import require_file
from dockreview.inputs.spec import ELEVATION_UNITS, RasterSpec

#: The window read around the site is widened by this many cells on every side.
PAD_CELLS = 2


@dataclass(frozen=True)
class Elevation:
    """The DEM's window around the site, in feet above its vertical datum.

    Attributes
    ----------
    values_ft : numpy.ndarray
        The window's cells (rows, columns), feet above ``vertical_datum``; NaN on nodata.
    transform : affine.Affine
        The window's transform (cell to the raster's CRS).
    crs : pyproj.CRS
        The raster's (horizontal) CRS.
    working : pyproj.CRS
        The working CRS the points given to :meth:`at` are in.
    vertical_datum : str
        As the manifest names it ("NAVD88").
    unit : str
        The raster's unit before conversion (a key of :data:`~dockreview.inputs.spec.ELEVATION_UNITS`).
    label : str
        How messages name the layer ("elevation layer dem.tif").
    """

    values_ft: np.ndarray
    transform: Affine
    crs: CRS
    working: CRS
    vertical_datum: str
    unit: str
    label: str = "elevation layer"
    _to_raster: Transformer | None = field(default=None, compare=False, repr=False)

    def at(self, xy) -> np.ndarray:
        """Elevations (ft above the vertical datum) at points ``xy`` (n, 2) in the working CRS; NaN where unknown.

        Examples
        --------
        A 3 x 3 raster in metres of the plane z = x + 2y (x, y the cell centres' coordinates):

        >>> crs = CRS.from_epsg(26918)
        >>> cells = np.array([[0.5 + 2 * 2.5, 1.5 + 2 * 2.5, 2.5 + 2 * 2.5],
        ...                   [0.5 + 2 * 1.5, 1.5 + 2 * 1.5, 2.5 + 2 * 1.5],
        ...                   [0.5 + 2 * 0.5, 1.5 + 2 * 0.5, 2.5 + 2 * 0.5]]) / 0.3048
        >>> dem = Elevation(cells, Affine(1, 0, 0, 0, -1, 3), crs, crs, "NAVD88", "m")
        >>> (dem.at([[1.0, 1.0], [2.2, 0.7]]) * 0.3048).round(6).tolist()
        [3.0, 3.6]
        >>> dem.at([[5.0, 1.0]]).tolist()   # off the raster
        [nan]
        """
        xy = np.atleast_2d(np.asarray(xy, dtype=float))
        if not len(xy):
            return np.empty(0)
        x, y = xy[:, 0], xy[:, 1]
        if self._to_raster is not None:
            x, y = self._to_raster.transform(x, y)
        inverse = ~self.transform
        x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
        col = inverse.a * x + inverse.b * y + inverse.c
        row = inverse.d * x + inverse.e * y + inverse.f
        rows, cols = self.values_ft.shape
        inside = np.isfinite(col) & np.isfinite(row) & (col >= 0) & (col < cols) & (row >= 0) & (row < rows)
        out = np.full(len(xy), np.nan)
        if not inside.any():
            return out
        r, c = row[inside] - 0.5, col[inside] - 0.5  # from the cells' centres
        valid = np.isfinite(self.values_ft)
        filled = np.where(valid, self.values_ft, 0.0)
        value = ndimage.map_coordinates(filled, [r, c], order=1, mode="nearest")
        share = ndimage.map_coordinates(valid.astype(float), [r, c], order=1, mode="nearest")
        own = self.values_ft[row[inside].astype(int), col[inside].astype(int)]
        out[inside] = np.where(share > 1.0 - 1e-9, value, own)
        return out

    @property
    def cell_size(self) -> tuple[float, float]:
        """The cells' width and height in the raster's CRS units."""
        return math.hypot(self.transform.a, self.transform.d), math.hypot(self.transform.b, self.transform.e)

    @property
    def valid_cells(self) -> int:
        """How many cells of the window hold a value."""
        return int(np.isfinite(self.values_ft).sum())


def read_elevation(spec: RasterSpec, *, working: CRS, around: tuple[float, float, float, float] | None = None,
                   label: str | None = None) -> Elevation:
    """Read the elevation raster of the manifest: the window over ``around``, in feet above its vertical datum.

    Parameters
    ----------
    spec : RasterSpec
        ``layers.elevation``: the file, its vertical datum and unit, an assumed CRS.
    working : pyproj.CRS
        The working CRS.
    around : (xmin, ymin, xmax, ymax), optional
        The part of the site that will be sampled, in the working CRS; the whole raster when None.
    label : str, optional
        How messages name the layer.

    Raises
    ------
    LayerError
        The file is missing or is not a raster GDAL can read.
    CRSError
        The raster has no CRS and the manifest assumes none, or another than it assumes.
    SiteDataError
        The raster does not reach ``around``, or its band says another unit than the manifest.
    """
    label = label or f"elevation layer {spec.describe()}"
    require_file(spec.path, label, what="the raster's file (a GeoTIFF)")
    if not spec.path.exists():
        raise LayerError(f"{label}: file not found; check the path in the manifest (relative to its folder)")
    try:
        with rasterio.open(spec.path) as ds:
            crs = _raster_crs(ds, spec, label)
            _check_unit(ds, spec, label)
            to_raster = None if crs.equals(working) else Transformer.from_crs(working, crs, always_xy=True)
            window = _window(ds, crs, working, around, label)
            band = ds.read(1, window=window, masked=True).astype(float)
            transform = ds.window_transform(window)
            scale, offset = (ds.scales[0] or 1.0), (ds.offsets[0] or 0.0)
    except RasterioError as exc:
        raise LayerError(f"{label}: cannot read the raster ({_first_line(exc)}); is it a complete GeoTIFF?",
                         detail=str(exc)) from None
    values = np.ma.filled(band * scale + offset, np.nan) * ELEVATION_UNITS[spec.unit]
    return Elevation(values, transform, crs, working, spec.vertical_datum, spec.unit, label, to_raster)


def _raster_crs(ds, spec: RasterSpec, label: str) -> CRS:
    """The raster's horizontal CRS: its own (the horizontal part of a compound CRS), else the manifest's assume_crs."""
    own = CRS.from_wkt(ds.crs.to_wkt()) if ds.crs is not None else None
    if own is not None and own.is_compound:
        own = own.sub_crs_list[0]
    if spec.assume_crs is not None:
        assumed = parse_crs(spec.assume_crs, where=f"{label}: assume_crs")
        if own is not None and not own.equals(assumed):
            raise CRSError(f"{label}: the raster says its CRS is {describe(own)} but the manifest assumes "
                           f"{describe(assumed)}; remove 'assume_crs' or fix the file")
        return assumed
    if own is None:
        raise CRSError(
            f"{label}: the raster has no CRS; give one in the manifest as "
            f"{EXAMPLE[:-2]}, assume_crs = \"EPSG:26918\" }} with the right code"
        )
    return own


def _check_unit(ds, spec: RasterSpec, label: str) -> None:
    """Refuse a raster whose band names another unit than the manifest's (an unknown or unnamed unit is left to the manifest)."""
    named = unit_name(ds.units[0] or "") if ds.units else None
    if named is not None and named != spec.unit:
        raise SiteDataError(f"{label}: the raster says its values are in {ds.units[0]!r} but the manifest says "
                            f"unit = {spec.unit!r}; fix 'layers.elevation.unit'")
    vertical = _vertical_datum_name(ds)
    if vertical and datum_key(spec.vertical_datum) not in datum_key(vertical):
        raise SiteDataError(f"{label}: the raster's CRS says its heights are above {vertical} but the manifest says "
                            f"vertical_datum = {spec.vertical_datum!r}; fix 'layers.elevation.vertical_datum'")


def _vertical_datum_name(ds) -> str | None:
    """The vertical datum of a raster with a compound CRS, else None."""
    if ds.crs is None:
        return None
    crs = CRS.from_wkt(ds.crs.to_wkt())
    if not crs.is_compound or len(crs.sub_crs_list) < 2:
        return None
    datum = crs.sub_crs_list[1].datum
    return datum.name if datum is not None else None


def _window(ds, crs: CRS, working: CRS, around, label: str) -> rasterio.windows.Window:
    """The window of ``ds`` over ``around`` (working CRS), widened by :data:`PAD_CELLS`, in whole cells; refused when empty."""
    if around is None:
        return rasterio.windows.Window(0, 0, ds.width, ds.height)
    bounds = around if crs.equals(working) else transform_bounds(working, crs, *around, densify_pts=21)
    wanted = rasterio.windows.from_bounds(*bounds, transform=ds.transform)
    col0 = max(math.floor(wanted.col_off) - PAD_CELLS, 0)
    row0 = max(math.floor(wanted.row_off) - PAD_CELLS, 0)
    col1 = min(math.ceil(wanted.col_off + wanted.width) + PAD_CELLS, ds.width)
    row1 = min(math.ceil(wanted.row_off + wanted.height) + PAD_CELLS, ds.height)
    if col1 <= col0 or row1 <= row0:
        left, bottom, right, top = ds.bounds
        raise SiteDataError(
            f"{label}: the raster (x {left:,.1f} to {right:,.1f}, y {bottom:,.1f} to {top:,.1f} in {describe(crs)}) "
            "does not reach the site; is it the right file, and is its CRS right?"
        )
    return rasterio.windows.Window(col0, row0, col1 - col0, row1 - row0)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


#: File endings ``dockreview layers`` reads as rasters.
RASTER_SUFFIXES = (".tif", ".tiff", ".vrt", ".img", ".asc")


def raster_summary(path) -> list[str]:
    """What a raster file holds, a line each: size and bands, cell size, CRS and vertical datum, unit, nodata, bounds.

    What ``dockreview layers DEM.tif`` prints, so an analyst can fill in
    ``layers.elevation`` (its ``vertical_datum`` and ``unit``) from the file.

    Raises
    ------
    LayerError
        When the file cannot be opened as a raster.
    """
    label = f"file {path}"
    require_file(path, label, what="a raster file")
    try:
        with rasterio.open(path) as ds:
            crs = CRS.from_wkt(ds.crs.to_wkt()) if ds.crs is not None else None
            horizontal = crs.sub_crs_list[0] if crs is not None and crs.is_compound else crs
            vertical = _vertical_datum_name(ds)
            unit = ds.units[0] if ds.units and ds.units[0] else None
            left, bottom, right, top = ds.bounds
            return [
                f"{path}: raster, {ds.width:,} x {ds.height:,} cells, {ds.count} band(s) of {ds.dtypes[0]}",
                f"cell size {abs(ds.transform.a):g} x {abs(ds.transform.e):g} (CRS units)",
                f"CRS: {describe(horizontal) if horizontal is not None else 'none (give assume_crs in the manifest)'}",
                f"vertical datum: {vertical or 'not in the file (name it in layers.elevation.vertical_datum)'}",
                f"unit of the values: {unit or 'not in the file (give layers.elevation.unit)'}",
                f"nodata: {'none' if ds.nodata is None else f'{ds.nodata:g}'}",
                f"bounds: x {left:,.1f} to {right:,.1f}, y {bottom:,.1f} to {top:,.1f}",
            ]
    except RasterioError as exc:
        raise LayerError(f"{label}: cannot open the raster ({_first_line(exc)})") from None
