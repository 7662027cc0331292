"""Reading layers.

Layers are read with pyogrio (default) or fiona (``engine="fiona"``) through
geopandas; every failure becomes a :class:`~dockreview.errors.LayerError` or
:class:`~dockreview.errors.CRSError` naming the file and layer.
"""

from __future__ import annotations

import glob
import warnings
import zipfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

import geopandas as gpd
import pyogrio
import shapely
from pyproj import CRS

from dockreview.errors import CRSError, DockReviewWarning, LayerError
from dockreview.inputs.crs import describe, parse_crs
from dockreview.inputs.dbf import text_encoding
from dockreview.inputs.manifest import LayerSpec
from dockreview.inputs.readable import require_layer_file

ENGINES = ("pyogrio", "fiona")
#: Files a shapefile cannot be read without, beside its .shp.
SHAPEFILE_PARTS = {".shx": "the index of its records", ".dbf": "its attribute table"}
#: A .shp file's fixed header; its bytes 24-28 give the file's length in 16-bit words.
SHAPEFILE_HEADER_BYTES = 100


def _layer_names(path: Path, engine: str) -> list[str]:
    if engine == "fiona":
        import fiona

        return list(fiona.listlayers(path))
    return [str(name) for name in pyogrio.list_layers(path)[:, 0]]


def gdal_source(path: Path, layer: str | None, label: str) -> tuple[str | Path, str | None]:
    """The path GDAL opens for ``path`` and the layer to read in it.

    A ``.zip`` is read through GDAL's ``/vsizip/`` as the folder holding its
    shapefiles; ``layer`` names one of them (``"parcels"`` or, inside a
    sub-folder, ``"county/parcels"``). Any other file is returned unchanged.

    Raises
    ------
    LayerError
        The zip cannot be opened, holds no shapefile, or not the named one.
    """
    if path.suffix.lower() != ".zip":
        return path, layer
    try:
        with zipfile.ZipFile(path) as archive:
            members = [PurePosixPath(n) for n in archive.namelist() if n.lower().endswith(".shp")]
        members = [m for m in members if m.parts[0] != "__MACOSX"]  # resource forks zipped by macOS
    except (zipfile.BadZipFile, OSError) as exc:
        raise LayerError(f"{label}: cannot open the zip file ({_first_line(exc)})") from None
    if not members:
        raise LayerError(f"{label}: the zip file holds no shapefile (.shp)")
    names = {str(m.with_suffix("")): m for m in members}
    if layer is None:
        folders = {m.parent for m in members}
        if len(folders) > 1:
            raise LayerError(f"{label}: the zip holds shapefiles in several folders; name one as 'file.zip:{next(iter(names))}'")
        return _vsizip(path, folders.pop()), None
    match = names.get(layer) or next((m for m in members if m.stem == layer), None)
    if match is None:
        raise LayerError(f"{label}: no shapefile '{layer}' in the zip; it holds: {', '.join(sorted(names))}")
    return _vsizip(path, match.parent), match.stem


def _vsizip(path: Path, folder: PurePosixPath) -> str:
    return f"/vsizip/{path}" if str(folder) == "." else f"/vsizip/{path}/{folder}"


def read_layer(spec: LayerSpec, *, role: str, engine: str = "pyogrio") -> gpd.GeoDataFrame:
    """Read one layer of the manifest, with its CRS set.

    Parameters
    ----------
    spec : LayerSpec
        File, optional layer name, optional ``assume_crs``.
    role : str
        What the layer is for ("parcels", "mhw", ...), used in messages.
    engine : {"pyogrio", "fiona"}
        The reader.

    Raises
    ------
    LayerError
        The file is missing or unreadable, or the named layer is not in it.
    CRSError
        The layer has no CRS and the manifest gives no ``assume_crs``.
    """
    label, source, layer = _open(spec, role, engine)
    options = _encoding(spec, label)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            frame = gpd.read_file(source, layer=layer, engine=engine, **options)
    except Exception as exc:
        raise LayerError(f"{label}: cannot read the layer ({_first_line(exc)})", detail=str(exc)) from None
    if not isinstance(frame, gpd.GeoDataFrame) or frame.geometry is None:
        raise LayerError(f"{label}: the layer has no geometry column")
    return _with_crs(frame, spec, label)


def _open(spec: LayerSpec, role: str, engine: str) -> tuple[str, str | Path, str | None]:
    """The layer's label for messages, and its GDAL source and layer, once the file and the layer are found."""
    if engine not in ENGINES:
        raise LayerError(f"unknown engine {engine!r}; use one of {', '.join(ENGINES)}")
    label = f"{role} layer {spec.describe()}"
    require_layer_file(spec.path, label)
    if not spec.path.exists():
        raise LayerError(f"{label}: file not found; check the path in the manifest (relative to its folder)")
    if spec.path.suffix.lower() == ".shp":
        _check_shapefile(spec.path, label)
    source, layer = gdal_source(spec.path, spec.layer, label)
    try:
        names = _layer_names(source, engine)
    except Exception as exc:  # GDAL/fiona raise many types for a corrupt file
        raise LayerError(
            f"{label}: cannot open the file ({_first_line(exc)}); is it a complete vector file?", detail=str(exc)
        ) from None
    if layer is not None and layer not in names:
        raise LayerError(f"{label}: no layer '{spec.layer}' in the file; it holds: {', '.join(names) or 'none'}")
    return label, source, layer


def read_layer_batches(
    spec: LayerSpec, *, role: str, batch_size: int, columns: list[str] | None = None,
) -> tuple[CRS, list[str], Iterator[gpd.GeoDataFrame]]:
    """A layer read ``batch_size`` features at a time (pyogrio's Arrow stream), for a layer too big to hold whole.

    The file and layer are checked, and the CRS and fields read, before the
    first batch, with the messages of :func:`read_layer`.

    Returns
    -------
    crs : pyproj.CRS
    fields : list of str
        Every attribute field of the layer.
    batches : iterator of GeoDataFrame
        The features in the layer's order, with ``columns`` (default all) and
        the geometry (column ``geometry``), each batch with the CRS.
    """
    label, source, layer = _open(spec, role, "pyogrio")
    options = _encoding(spec, label)
    try:
        info = pyogrio.read_info(source, layer=layer, **options)
    except Exception as exc:
        raise LayerError(f"{label}: cannot read the layer ({_first_line(exc)})", detail=str(exc)) from None
    if not info.get("geometry_type"):
        raise LayerError(f"{label}: the layer has no geometry column")
    crs = _with_crs(gpd.GeoDataFrame(geometry=[], crs=info.get("crs")), spec, label).crs
    batches = _batches(source, layer, label, crs, batch_size, columns, options)
    return crs, [str(f) for f in info["fields"]], batches


def _encoding(spec: LayerSpec, label: str) -> dict[str, str]:
    """``{"encoding": ...}`` for a shapefile whose .dbf is not the UTF-8 its .cpg says (with a warning), else ``{}``."""
    if spec.path.suffix.lower() != ".shp":
        return {}
    encoding, warning = text_encoding(spec.path, label)
    if warning:
        warnings.warn(warning, DockReviewWarning, stacklevel=3)
    return {"encoding": encoding} if encoding else {}


def _batches(source, layer, label: str, crs: CRS, batch_size: int, columns, options) -> Iterator[gpd.GeoDataFrame]:
    try:
        with pyogrio.open_arrow(
            source, layer=layer, columns=columns, batch_size=batch_size, use_pyarrow=True, **options
        ) as (meta, reader):
            name = meta["geometry_name"] or "wkb_geometry"
            for batch in reader:
                geoms = shapely.from_wkb(batch.column(name).to_numpy(zero_copy_only=False))
                attrs = batch.drop_columns([name]).to_pandas()
                yield gpd.GeoDataFrame(attrs, geometry=gpd.GeoSeries(geoms, index=attrs.index, crs=crs), crs=crs)
    except (pyogrio.errors.DataSourceError, pyogrio.errors.DataLayerError, OSError) as exc:
        raise LayerError(f"{label}: cannot read the layer ({_first_line(exc)})", detail=str(exc)) from None


def _check_shapefile(path: Path, label: str) -> None:
    """Refuse a shapefile with a missing part or a .shp cut short.

    GDAL reads a .shp without its .dbf as a layer with no fields, and a
    truncated .shp as features with no geometry: either would be reviewed as
    if it were whole.
    """
    present = {p.suffix.lower() for p in path.parent.glob(glob.escape(path.stem) + ".*")}
    for suffix, part in SHAPEFILE_PARTS.items():
        if suffix not in present:
            raise LayerError(
                f"{label}: the shapefile's {suffix} file ({part}) is missing beside it; "
                "copy all its parts (.shp, .shx, .dbf, .prj) together"
            )
    size = path.stat().st_size
    with path.open("rb") as handle:
        header = handle.read(28)
    declared = int.from_bytes(header[24:28], "big") * 2 if len(header) == 28 else 0
    if size < SHAPEFILE_HEADER_BYTES or declared > size:
        raise LayerError(
            f"{label}: the .shp file is truncated ({size:,} bytes on disk, its header says {declared:,}); "
            "copy it again from its source"
        )


def _with_crs(frame: gpd.GeoDataFrame, spec: LayerSpec, label: str) -> gpd.GeoDataFrame:
    if spec.assume_crs is not None:
        assumed = parse_crs(spec.assume_crs, where=f"{label}: assume_crs")
        if frame.crs is not None and not frame.crs.equals(assumed):
            raise CRSError(
                f"{label}: the file says its CRS is {describe(frame.crs)} but the manifest assumes "
                f"{describe(assumed)}; remove 'assume_crs' or fix the file"
            )
        return frame.set_crs(assumed, allow_override=True)
    if frame.crs is None:
        raise CRSError(
            f"{label}: the layer has no CRS (no .prj or CRS record); give one in the manifest as "
            f"{{ path = \"{spec.declared_as or spec.path.name}\", assume_crs = \"EPSG:2263\" }} with the right code"
        )
    return frame


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
