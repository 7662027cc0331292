"""The site: every layer of the manifest, read, cleaned and in the working CRS.

:func:`load_site` is the one place where files are read. Everything downstream
(:mod:`riparian`, :mod:`dock`, :mod:`measure`, the checks and the outputs) works
on the :class:`Site` it returns and never reads a file again.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from pathlib import Path

import geopandas as gpd
import numpy as np
import shapely
from pyproj import CRS
from shapely.geometry.base import BaseGeometry

from . import crs as crs_mod
from .errors import SiteDataError
from .io import DockReviewWarning, read_layer
from .manifest import Manifest, load_manifest

#: Neighbouring parcels drawn on the map: those within this many feet of the lot.
NEIGHBOUR_RADIUS_FT = 400.0


@dataclass(frozen=True)
class Source:
    """Where a layer came from, for the report's data-sources note."""

    role: str
    file: str
    crs: str
    features: int


@dataclass
class Site:
    """A site ready for review, every geometry in the working CRS.

    Attributes
    ----------
    manifest : Manifest
    crs : pyproj.CRS
        The working CRS (projected).
    ft_per_unit : float
        Feet in one unit of the working CRS.
    parcel : shapely.Polygon
        The subject lot.
    parcels : GeoDataFrame
        The parcels layer (for drawing neighbours).
    mhw : shapely geometry
        The mean high-water line, merged into as few lines as possible.
    channels, docks : GeoDataFrame or None
        ``None`` when the manifest does not give the layer.
    dock_footprint : GeoDataFrame or None
        The applicant's footprint layer, when the dock is given that way.
    """

    manifest: Manifest
    crs: CRS
    ft_per_unit: float
    parcel: shapely.Polygon
    parcels: gpd.GeoDataFrame
    mhw: BaseGeometry
    channels: gpd.GeoDataFrame | None
    docks: gpd.GeoDataFrame | None
    dock_footprint: gpd.GeoDataFrame | None
    sources: list[Source] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The site's name for titles."""
        return self.manifest.name

    @property
    def parcel_id(self) -> str:
        """The subject lot's id."""
        return self.manifest.parcel_id

    def to_units(self, feet: float) -> float:
        """Convert a distance in feet to working-CRS units."""
        return feet / self.ft_per_unit

    @property
    def neighbours(self) -> gpd.GeoDataFrame:
        """Parcels other than the lot within :data:`NEIGHBOUR_RADIUS_FT`."""
        near = self.parcels.geometry.distance(self.parcel) <= self.to_units(NEIGHBOUR_RADIUS_FT)
        same = self.parcels[self.manifest.parcel_id_field].astype(str) == self.parcel_id
        return self.parcels[near & ~same]


def _warn(message: str) -> None:
    warnings.warn(message, DockReviewWarning, stacklevel=3)


def _clean(frame: gpd.GeoDataFrame, label: str, kinds: tuple[str, ...], *, required: bool) -> gpd.GeoDataFrame:
    """Drop null and empty geometries, repair invalid ones, refuse wrong kinds.

    ``kinds`` are the accepted geometry families ("Polygon", "LineString", "Point").
    """
    geoms = frame.geometry
    missing = geoms.isna() | geoms.is_empty
    if missing.any():
        _warn(f"{label}: {int(missing.sum())} feature(s) with no geometry ignored (rows {_rows(frame, missing)})")
        frame = frame[~missing]
    if frame.empty:
        if required:
            raise SiteDataError(f"{label}: the layer holds no features with geometry; check the file")
        return frame
    frame = frame.copy()
    frame.geometry = shapely.force_2d(frame.geometry.values)
    coords = shapely.get_coordinates(frame.geometry.values)
    if not np.isfinite(coords).all():
        raise SiteDataError(f"{label}: some coordinates are NaN or infinite; repair the layer in a GIS")
    families = frame.geometry.geom_type.str.replace("Multi", "", regex=False)
    wrong = ~families.isin(kinds)
    if wrong.any():
        found = ", ".join(sorted(set(frame.geometry.geom_type[wrong])))
        raise SiteDataError(
            f"{label}: expected {' or '.join(k.lower() + 's' for k in kinds)} but found {found} "
            f"(rows {_rows(frame, wrong)}); is this the right layer?"
        )
    invalid = ~frame.geometry.is_valid
    if invalid.any():
        _warn(f"{label}: invalid geometry repaired with make_valid (rows {_rows(frame, invalid)}); check the result")
        frame.loc[invalid, frame.geometry.name] = shapely.make_valid(frame.geometry[invalid].values)
    return frame


def _rows(frame: gpd.GeoDataFrame, mask) -> str:
    index = list(frame.index[np.asarray(mask)])
    shown = ", ".join(str(i) for i in index[:5])
    return shown + (f" and {len(index) - 5} more" if len(index) > 5 else "")


def _select_parcel(parcels: gpd.GeoDataFrame, manifest: Manifest, label: str) -> shapely.Polygon:
    id_field = manifest.parcel_id_field
    if id_field not in parcels.columns:
        fields = ", ".join(c for c in parcels.columns if c != parcels.geometry.name)
        raise SiteDataError(f"{label}: no field '{id_field}' (parcel.id_field); the layer's fields are: {fields}")
    match = parcels[parcels[id_field].astype(str).str.strip() == manifest.parcel_id.strip()]
    if match.empty:
        raise SiteDataError(
            f"{label}: parcel id '{manifest.parcel_id}' not found in field '{id_field}' "
            f"({len(parcels)} parcels); check parcel.id"
        )
    geom = shapely.union_all(match.geometry.values)
    if len(match) > 1:
        _warn(f"{label}: parcel id '{manifest.parcel_id}' is on {len(match)} features; they are merged into one lot")
    polygons = [g for g in shapely.get_parts(geom) if g.geom_type == "Polygon"]
    if not polygons:
        raise SiteDataError(f"{label}: parcel '{manifest.parcel_id}' has no polygon area")
    if len(polygons) > 1:
        _warn(
            f"{label}: parcel '{manifest.parcel_id}' has {len(polygons)} separate parts; "
            "the largest is reviewed as the lot"
        )
    return max(polygons, key=lambda p: p.area)


def _merge_lines(geoms) -> BaseGeometry:
    """Merge line work (polygons read by their boundary) into the fewest lines."""
    lines = shapely.boundary(geoms)
    lines = np.where(shapely.get_dimensions(geoms) == 2, lines, geoms)
    merged = shapely.line_merge(shapely.union_all(lines))
    return merged


def load_site(path: str | Path, *, engine: str = "pyogrio") -> Site:
    """Read a site manifest and all its layers into a :class:`Site`.

    Parameters
    ----------
    path : str or Path
        The ``site.toml`` manifest.
    engine : {"pyogrio", "fiona"}
        The GDAL binding used to read the layers.

    Returns
    -------
    Site
        With every layer in the working CRS; data warnings in ``site.warnings``
        (also emitted as :class:`~dockreview.io.DockReviewWarning`).

    Raises
    ------
    DockReviewError
        A subclass naming the file, layer or field at fault.
    """
    manifest = load_manifest(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", DockReviewWarning)
        site = _build_site(manifest, engine)
    messages = [str(w.message) for w in caught if issubclass(w.category, DockReviewWarning)]
    site.warnings.extend(messages)
    for message in messages:
        warnings.warn(message, DockReviewWarning, stacklevel=2)
    return site


def _read(manifest: Manifest, role: str, engine: str, working: CRS, sources: list[Source]) -> gpd.GeoDataFrame:
    spec = manifest.layers[role] if role != "dock" else manifest.dock.footprint
    assert spec is not None
    frame = read_layer(spec, role=role, engine=engine)
    sources.append(Source(role, spec.describe(), crs_mod.describe(frame.crs), len(frame)))
    if not frame.empty and not frame.crs.equals(working):
        frame = frame.to_crs(working)
    return frame


def _build_site(manifest: Manifest, engine: str) -> Site:
    working = crs_mod.working_crs(manifest.crs, where=f"{manifest.path}: site.crs")
    sources: list[Source] = []
    label = {role: f"{role} layer {spec.describe()}" for role, spec in manifest.layers.items()}

    parcels = _clean(_read(manifest, "parcels", engine, working, sources), label["parcels"], ("Polygon",), required=True)
    parcel = _select_parcel(parcels, manifest, label["parcels"])
    mhw_frame = _clean(
        _read(manifest, "mhw", engine, working, sources), label["mhw"], ("LineString", "Polygon"), required=True
    )
    mhw = _merge_lines(mhw_frame.geometry.values)

    optional: dict[str, gpd.GeoDataFrame | None] = {}
    for role, kinds in (("channels", ("Polygon",)), ("docks", ("Polygon", "LineString"))):
        if role not in manifest.layers:
            optional[role] = None
            continue
        frame = _clean(_read(manifest, role, engine, working, sources), label[role], kinds, required=False)
        if frame.empty:
            _warn(f"{label[role]}: the layer holds no features; its clearance check passes on an empty layer")
        optional[role] = frame

    footprint = None
    if manifest.dock.footprint is not None:
        dock_label = f"dock layer {manifest.dock.footprint.describe()}"
        footprint = _clean(_read(manifest, "dock", engine, working, sources), dock_label, ("Polygon",), required=True)

    return Site(
        manifest=manifest,
        crs=working,
        ft_per_unit=crs_mod.feet_per_unit(working),
        parcel=parcel,
        parcels=parcels,
        mhw=mhw,
        channels=optional["channels"],
        docks=optional["docks"],
        dock_footprint=footprint,
        sources=sources,
    )
