"""The screen's layers, read into the working CRS (``dockreview screen --parcels --mhw ...``)."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pyogrio
import shapely
from pyproj import CRS

from dockreview.batch.dockgroups import dock_groups
from dockreview.batch.docks import union_by
from dockreview.batch.parallel import default_workers
from dockreview.errors import DockReviewWarning, LayerError
from dockreview.inputs import crs as crs_mod
from dockreview.inputs.layers import gdal_source, read_layer, read_layer_batches
from dockreview.inputs.manifest import LayerSpec
from dockreview.inputs.readable import require_file
from dockreview.inputs.site import prepare_mhw

#: The soundings' depth field unless told otherwise (as in the README's site manifest).
DEPTH_FIELD = "DEPTH_MLW"
#: File names read and written as GeoParquet.
PARQUET_SUFFIXES = (".parquet", ".geoparquet")


# ---------------------------------------------------------------------------
# the layers
# ---------------------------------------------------------------------------
@dataclass
class ScreenLayers:
    """The layers of a screen, in the working CRS.

    Attributes
    ----------
    parcels : GeoDataFrame
        The parcels as read (every row, whatever its geometry; invalid rings
        repaired). The screen measures each one's polygon fronting the water
        (:func:`~dockreview.batch.kernel.waterfront_parts`).
    mhw : shapely geometry
        The MHW line, merged.
    channels, docks : GeoDataFrame or None
    crs : pyproj.CRS
    ft_per_unit : float
    soundings : GeoDataFrame or None
        Soundings (points), column ``depth_ft``: feet below mean low water, positive down.
    parcels_source : Path or None
        The parcels left on disk (``parcels`` is None): a GeoParquet file for
        the Dask backend's workers to read in partitions, or any parcels layer
        for the screen to read a batch at a time (:func:`parcel_batches`).
    water : str or None
        The kind of water the lots front (``screen --water canal``), for a law whose checks apply by it; None
        leaves those checks' reach unknown (the lots need data).
    """

    parcels: gpd.GeoDataFrame
    mhw: shapely.Geometry
    channels: gpd.GeoDataFrame | None
    docks: gpd.GeoDataFrame | None
    crs: CRS
    ft_per_unit: float
    soundings: gpd.GeoDataFrame | None = None
    parcels_source: Path | None = None
    water: str | None = None

    @property
    def parcel_fields(self) -> list[str]:
        """The parcels layer's fields (from the GeoParquet file's schema when the parcels are left on disk)."""
        if self.parcels is not None:
            return [str(c) for c in self.parcels.columns]
        if is_parquet(self.parcels_source):
            return list(pq.read_schema(parquet_file(self.parcels_source)).names)
        return read_layer_batches(_spec(str(self.parcels_source)), role="parcels", batch_size=1)[1]

    def parcel_count(self) -> int:
        """How many parcel features the layer holds (its metadata when the parcels are left on disk)."""
        if self.parcels is not None:
            return len(self.parcels)
        if is_parquet(self.parcels_source):
            return sum(pq.ParquetFile(f).metadata.num_rows for f in _parquet_files(self.parcels_source))
        spec = _spec(str(self.parcels_source))
        return int(pyogrio.read_info(*gdal_source(spec.path, spec.layer, "parcels layer"))["features"])


def _spec(text: str) -> LayerSpec:
    path = Path(text)
    if not path.exists() and ":" in text:
        head, _, layer = text.rpartition(":")
        return LayerSpec(Path(head), layer or None, None, text)
    return LayerSpec(path, None, None, text)


def repair_parcels(frame: gpd.GeoDataFrame) -> tuple[gpd.GeoDataFrame, int]:
    """Every parcel row kept (a row without a polygon is reported, not dropped), invalid rings repaired; and how many were."""
    geoms = np.array(frame.geometry.values, dtype=object)  # a copy: the frame's own polygons are not changed
    # heights and measures dropped (NaN heights too): a parcel with them is rare, and only those are remade
    raised = shapely.get_coordinate_dimension(geoms) > 2
    if raised.any():
        geoms[raised] = shapely.force_2d(geoms[raised])
    invalid = ~(shapely.is_missing(geoms) | shapely.is_empty(geoms)) & ~shapely.is_valid(geoms)
    if invalid.any():
        geoms[invalid] = shapely.make_valid(geoms[invalid])
    return frame.set_geometry(gpd.GeoSeries(geoms, index=frame.index, crs=frame.crs)), int(invalid.sum())


def dissolved(frame: gpd.GeoDataFrame, field: str, tolerance: float) -> gpd.GeoDataFrame:
    """One feature per dock: the union of its features (its docks' ids as :func:`~dockreview.batch.docks.dock_groups`
    finds them, a feature without one grouped with those within ``tolerance`` units of it) and the first one's other
    fields.

    As ``frame.dissolve(by=field, as_index=False)`` gives the docks with an id -- the values in order, each union
    GEOS's unary union -- but worked on arrays (:func:`~dockreview.batch.docks.union_by`: pandas' groupby calling GEOS
    once a group took 0.2 s for a county's 3,500 docks); a feature without an id is not left out, as dissolve
    leaves it: it is a dock in the water all the same.

    Examples
    --------
    >>> docks = gpd.GeoDataFrame({"dock": ["b", "a", "b", None]}, geometry=[
    ...     shapely.box(0, 0, 1, 1), shapely.box(5, 5, 6, 6), shapely.box(1, 0, 2, 1), shapely.box(9, 9, 9.5, 9.5)])
    >>> one = dissolved(docks, "dock", 0.5)
    >>> one["dock"].tolist(), shapely.area(one.geometry.values).tolist()
    (['a', 'b', '(no dock) 1'], [1.0, 2.0, 0.25])
    """
    geoms = np.asarray(frame.geometry.values, dtype=object)
    codes, names = dock_groups(frame[field], geoms, tolerance, field=field, sort=True)
    count = np.bincount(codes, minlength=len(names))
    first = np.argsort(codes, kind="stable")[np.cumsum(count) - count]  # each dock's first feature
    out = frame.iloc[first].reset_index(drop=True)
    out[field] = names
    name = out.geometry.name
    out[name] = gpd.GeoSeries(union_by(geoms, codes, len(names), alone_as_is=False), crs=frame.crs)
    return out[[field, name, *(c for c in out.columns if c not in (field, name))]]


def has_polygons(frame: gpd.GeoDataFrame) -> bool:
    """Whether any of the parcels has an area (a polygon among them)."""
    return bool((shapely.get_dimensions(frame.geometry.values) == 2).any())


def parcel_batches(layers: ScreenLayers, batch_size: int, columns: list[str]) -> Iterator[gpd.GeoDataFrame]:
    """The parcels left on disk (``layers.parcels_source``), ``batch_size`` at a time in the layer's order.

    Each batch has ``columns`` and the geometry, in the working CRS, its invalid
    rings not yet repaired (:func:`repair_parcels`).
    """
    source = layers.parcels_source
    if is_parquet(source):
        batches = _parquet_batches(Path(source), batch_size, columns)
    else:
        batches = read_layer_batches(_spec(str(source)), role="parcels", batch_size=batch_size, columns=columns)[2]
    for frame in batches:
        yield frame if frame.crs.equals(layers.crs) else frame.to_crs(layers.crs)


def parcels_near(layers: ScreenLayers, lots: np.ndarray, distance: float) -> np.ndarray:
    """The parcels left on disk within ``distance`` (units) of any of ``lots``, in the working CRS, invalid rings repaired.

    Only the geometry is read, and only near the lots: a GDAL layer through
    its spatial index (pyogrio's ``mask``, the lots' boxes grown by twice
    ``distance``, in the layer's CRS); a GeoParquet file by its bbox covering
    column (the row groups' statistics), else its geometry scanned a batch at
    a time. The parcels read are then kept by their distance in the working CRS.
    """
    bounds = shapely.bounds(lots)
    grown = shapely.union_all(shapely.box(*(bounds + 2.0 * distance * np.array([-1, -1, 1, 1])).T))
    source = layers.parcels_source
    crs = _parquet_crs(Path(source)) if is_parquet(source) else read_layer_batches(_spec(str(source)), role="parcels", batch_size=1)[0]
    mask = grown if crs.equals(layers.crs) else gpd.GeoSeries([grown], crs=layers.crs).to_crs(crs).iloc[0]
    geoms = _parquet_near(Path(source), mask, crs) if is_parquet(source) else _gdal_near(_spec(str(source)), mask)
    if not crs.equals(layers.crs):
        geoms = gpd.GeoSeries(geoms, crs=crs).to_crs(layers.crs).values
    frame, _ = repair_parcels(gpd.GeoDataFrame(geometry=gpd.GeoSeries(geoms, crs=layers.crs)))
    geoms = np.asarray(frame.geometry.values, dtype=object)
    geoms = geoms[~(shapely.is_missing(geoms) | shapely.is_empty(geoms))]
    return geoms[np.unique(shapely.STRtree(lots).query(geoms, predicate="dwithin", distance=distance)[0])]


def _gdal_near(spec: LayerSpec, mask: shapely.Geometry) -> np.ndarray:
    """The geometries of a GDAL layer's features meeting ``mask`` (the layer's CRS)."""
    source, layer = gdal_source(spec.path, spec.layer, "parcels layer")
    meta, table = pyogrio.read_arrow(source, layer=layer, columns=[], mask=mask)
    name = meta["geometry_name"] or "wkb_geometry"
    return shapely.from_wkb(table.column(name).to_numpy(zero_copy_only=False))


def _parquet_near(path: Path, mask: shapely.Geometry, crs: CRS) -> np.ndarray:
    """The geometries of a GeoParquet layer's rows meeting ``mask``: by its bbox covering column, else scanned."""
    handle = pq.ParquetFile(parquet_file(path))
    geo = json.loads(handle.schema_arrow.metadata[b"geo"])
    name = geo["primary_column"]
    if "covering" in geo["columns"][name]:
        geoms = gpd.read_parquet(path, columns=[name], bbox=tuple(mask.bounds)).geometry.values
    else:
        geoms = np.concatenate([np.asarray(b.geometry.values, dtype=object) for b in _parquet_batches(path, 100_000, [])] or [np.empty(0, object)])
    geoms = np.asarray(geoms, dtype=object)
    return geoms[shapely.intersects(geoms, mask)]


def _parquet_batches(path: Path, batch_size: int, columns: list[str]) -> Iterator[gpd.GeoDataFrame]:
    """A GeoParquet file's rows (or a folder's files' in turn) ``batch_size`` at a time, its WKB geometry decoded."""
    crs = _parquet_crs(path)
    for file in _parquet_files(path):
        handle = pq.ParquetFile(file)
        geo = json.loads(handle.schema_arrow.metadata[b"geo"])
        name = geo["primary_column"]
        if geo["columns"][name].get("encoding", "WKB").upper() != "WKB":
            raise LayerError(
                f"parcels layer {path}: its geometry is stored as {geo['columns'][name]['encoding']}, and a batch at a time "
                "is read from WKB; write it with GeoDataFrame.to_parquet(geometry_encoding='WKB')"
            )
        for batch in handle.iter_batches(batch_size=batch_size, columns=[*columns, name]):
            attrs = batch.drop_columns([name]).to_pandas()
            geoms = shapely.from_wkb(batch.column(name).to_numpy(zero_copy_only=False))
            yield gpd.GeoDataFrame(attrs, geometry=gpd.GeoSeries(geoms, index=attrs.index, crs=crs), crs=crs)


def read_screen_layers(
    parcels: str, mhw: str, *, channels: str | None = None, docks: str | None = None, crs: str | None = None,
    engine: str = "pyogrio", soundings: str | None = None, depth_field: str = DEPTH_FIELD, lazy_parcels: bool = False,
    stream_parcels: bool = False, water: str | None = None,
) -> ScreenLayers:
    """Read the screen's layers (``file``, ``file.gpkg:layer`` or GeoParquet ``file.parquet``) into the working CRS.

    The working CRS is ``crs``, else the parcel layer's own; it must be projected.
    The MHW line is prepared by the review's own steps (:mod:`dockreview.inputs.site`):
    merged and noded, its loose ends within 50 ft of each other bridged, with a
    warning. The soundings' depths (ft below MLW, positive down) are read from
    ``depth_field``. With ``lazy_parcels`` a GeoParquet parcels file is left on
    disk (only its schema and CRS read), for the Dask backend's workers; with
    ``stream_parcels`` any parcels layer is (its file and layer checked, its
    CRS read), for the screen to read a batch at a time (:func:`parcel_batches`).
    ``water`` is the kind of water the lots front, for a law whose checks apply by it.
    """
    frames = {}
    sources = (("parcels", parcels), ("mhw", mhw), ("channels", channels), ("docks", docks), ("soundings", soundings))
    lazy = (lazy_parcels and is_parquet(parcels)) or stream_parcels
    for role, text in sources:
        if text is None or (role == "parcels" and lazy):
            frames[role] = None
        elif is_parquet(text):
            frames[role] = read_parquet_layer(Path(text), role=role)
        else:
            frames[role] = read_layer(_spec(text), role=role, engine=engine)
    if not lazy:
        parcel_crs = frames["parcels"].crs
    elif is_parquet(parcels):
        parcel_crs = _parquet_crs(Path(parcels))
    else:
        parcel_crs = read_layer_batches(_spec(parcels), role="parcels", batch_size=1)[0]
    working = crs_mod.working_crs(crs or parcel_crs.to_string(), where="--crs" if crs else f"parcels layer {parcels}")
    for role, frame in frames.items():
        if frame is not None and not frame.empty and not frame.crs.equals(working):
            frames[role] = frame.to_crs(working)
    parcel_frame = None
    if not lazy:
        parcel_frame, repaired = repair_parcels(frames["parcels"])
        if repaired:
            warnings.warn(f"parcels layer {parcels}: {repaired} invalid geometries repaired with make_valid", DockReviewWarning, stacklevel=2)
        if not has_polygons(parcel_frame):
            raise LayerError(f"parcels layer {parcels}: no polygon features")
    # the MHW line prepared as the review prepares it (load_site): merged, noded, loose ends within 50 ft bridged
    ft = crs_mod.feet_per_unit(working)
    lines = frames["mhw"].geometry.values
    lines = lines[~(shapely.is_missing(lines) | shapely.is_empty(lines))]
    if not len(lines):
        raise LayerError(f"mhw layer {mhw}: the layer has no line work")
    merged = prepare_mhw(lines, ft, f"mhw layer {mhw}", threads=default_workers())
    optional = {}
    for role in ("channels", "docks"):
        frame = frames[role]
        if frame is not None:
            frame = frame[~(shapely.is_missing(frame.geometry.values) | shapely.is_empty(frame.geometry.values))]
        optional[role] = frame
    depths = None if frames["soundings"] is None else _depths(frames["soundings"], depth_field, f"soundings layer {soundings}")
    return ScreenLayers(
        parcel_frame, merged, optional["channels"], optional["docks"], working, ft, depths, Path(parcels) if lazy else None, water,
    )


def is_parquet(path: str | Path) -> bool:
    """Whether ``path`` names a GeoParquet file (``.parquet``, ``.geoparquet``) or a folder of them."""
    return Path(path).suffix.lower() in PARQUET_SUFFIXES


def read_parquet_layer(path: Path, *, role: str, bbox: tuple[float, float, float, float] | None = None) -> gpd.GeoDataFrame:
    """A GeoParquet layer (geopandas and pyarrow), with its CRS; only the rows within ``bbox`` when given.

    Raises
    ------
    LayerError
        The file is missing, unreadable or not GeoParquet, or its geometry has no CRS.
    """
    label = f"{role} layer {path}"
    require_file(path, label, folders=PARQUET_SUFFIXES, what="a GeoParquet file (or a folder of them)")
    if not path.exists():
        raise LayerError(f"{label}: file not found; check the path")
    _parquet_files(path, label)
    try:
        frame = gpd.read_parquet(path, bbox=bbox)
    except Exception as exc:  # pyarrow raises many types for a file that is not GeoParquet
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise LayerError(f"{label}: cannot read it as GeoParquet ({first}); write it with GeoDataFrame.to_parquet", detail=str(exc)) from None
    if frame.crs is None:
        raise LayerError(f"{label}: the geometry has no CRS; set one (GeoDataFrame.set_crs) and write it again")
    return frame


def parquet_file(path: Path) -> Path:
    """The file itself, or the first file of a folder of GeoParquet partitions."""
    return _parquet_files(path)[0]


def _parquet_files(path: Path, label: str | None = None) -> list[Path]:
    """The file itself, or the files of a folder of GeoParquet partitions in order; each a regular file."""
    path = Path(path)
    files = [path] if path.is_file() else sorted(path.glob("*.parquet"))
    for file in files:
        require_file(file, label or f"parcels layer {path}", what="a GeoParquet file")
    return files


def _parquet_crs(path: Path) -> CRS:
    """The CRS of a GeoParquet file's geometry, from its metadata alone."""
    label = f"parcels layer {path}"
    require_file(path, label, folders=PARQUET_SUFFIXES, what="a GeoParquet file (or a folder of them)")
    if not path.exists():
        raise LayerError(f"{label}: file not found; check the path")
    _parquet_files(path, label)
    try:
        meta = pq.read_schema(parquet_file(path)).metadata or {}
        geo = json.loads(meta[b"geo"])
        crs = geo["columns"][geo["primary_column"]].get("crs")
    except Exception as exc:  # not a GeoParquet file, or no file in the folder
        raise LayerError(f"{label}: cannot read it as GeoParquet ({type(exc).__name__}); write it with GeoDataFrame.to_parquet") from None
    if crs is None:
        raise LayerError(f"{label}: the geometry has no CRS; set one (GeoDataFrame.set_crs) and write it again")
    return CRS.from_user_input(crs)


def _depths(frame: gpd.GeoDataFrame, depth_field: str, label: str) -> gpd.GeoDataFrame:
    """Sounding points with a numeric depth, as column ``depth_ft``."""
    if depth_field not in frame.columns:
        fields = ", ".join(c for c in frame.columns if c != frame.geometry.name)
        raise LayerError(f"{label}: no field '{depth_field}' (--depth-field); fields: {fields}")
    depth = pd.to_numeric(frame[depth_field], errors="coerce").to_numpy(dtype=float)
    geoms = frame.geometry.values
    keep = np.isfinite(depth) & ~(shapely.is_missing(geoms) | shapely.is_empty(geoms))
    if not keep.any():
        raise LayerError(f"{label}: no sounding has a numeric depth in '{depth_field}'")
    return gpd.GeoDataFrame({"depth_ft": depth[keep]}, geometry=geoms[keep], crs=frame.crs)

