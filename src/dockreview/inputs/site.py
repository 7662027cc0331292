"""The site: every layer of the manifest, read, cleaned and in the working CRS.

:func:`load_site` is the one place where files are read. Everything downstream
(:mod:`riparian`, :mod:`dock`, :mod:`measure`, the checks and the outputs) works
on the :class:`Site` it returns and never reads a file again.
"""

from __future__ import annotations

import functools
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import geopandas as gpd
import numpy as np
import shapely
from pyproj import CRS
from shapely.geometry.base import BaseGeometry

from dockreview.errors import CRSError, DockReviewWarning, SiteDataError
from dockreview.inputs import chart as chart_mod
from dockreview.inputs import crs as crs_mod
from dockreview.inputs.accuracy import LayerAccuracy, site_accuracy
from dockreview.inputs.bathymetry import Bathymetry, bathymetry
from dockreview.inputs.dxf import read_dxf_footprint
from dockreview.inputs.extent import bounds_of, check_within
from dockreview.inputs.layers import read_layer
from dockreview.inputs.manifest import Manifest, load_manifest
from dockreview.inputs.shoreline import merge_lines, prepare_mhw
from dockreview.inputs.site_layers import (
    check_named_fields,
    clean_layer,
    depths_frame,
    matches_id,
    parcel_class,
    select_parcel,
    split_replaced,
)
from dockreview.inputs.waterfront import waterfront_part

if TYPE_CHECKING:
    from dockreview.inputs.raster import Elevation

#: Neighbouring parcels drawn on the map: those within this many feet of the lot.
NEIGHBOUR_RADIUS_FT = 400.0
#: The MHW line is kept within this many feet of the lot and the dock (plus a
#: parametric dock's length): the riparian geometry is local, and a county
#: shoreline of half a million vertices would make every distance slow.
MHW_NEIGHBOURHOOD_FT = 2000.0
#: A layer reaching more than this many degrees outside its CRS's area of use is refused.
AREA_OF_USE_MARGIN_DEG = 1.0


@dataclass(frozen=True)
class Source:
    """Where a layer came from, for the report's data-sources note."""

    role: str
    file: str
    crs: str
    features: int
    accuracy_ft: float | None = None  # of the transformation to the working CRS; None when exact


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
        The mean high-water line within :data:`MHW_NEIGHBOURHOOD_FT` of the
        lot and the dock, merged into as few lines as possible.
    channels, docks : GeoDataFrame or None
        ``None`` when neither the manifest nor its chart cells give the layer.
    dock_footprint : GeoDataFrame or None
        The applicant's footprint layer, when the dock is given that way.
    soundings : GeoDataFrame or None
        Soundings (points) and depth contours (lines), column ``depth_ft``: feet
        below mean low water, positive down.
    vegetation : GeoDataFrame or None
        Tidal, intertidal or subtidal vegetation (polygons).
    buildings : GeoDataFrame or None
        Building footprints (polygons), for the neighbours' water views.
    mlw : shapely geometry or None
        The mean low-water line (a polygon layer is read by its boundary), for the foreshore.
    centerline : shapely geometry or None
        The waterway's centreline or channel thread (lines), for riparian lines and widths
        measured square to it.
    cove_line : shapely geometry or None
        The line across a cove's mouth, headland to headland (lines), for proportional riparian lines.
    median_line : shapely geometry or None
        The line down the middle of a long lake (lines), for long-lake riparian lines.
    navigation_line : shapely geometry or None
        The line of navigation (lines) the proportional method divides among the lots along the shore.
    mllw : shapely geometry or None
        The mean lower low-water line (a polygon layer is read by its boundary), for lengths measured from it.
    bulkhead : shapely geometry or None
        Bulkheads and seawalls (lines; a polygon layer is read by its boundary), a reference line for
        protrusion and waterway widths.
    pierhead : shapely geometry or None
        The official pier line or pierhead line (lines) no dock may pass (a town's pier line map); not the
        neighbours' pier-head line the evidence draws.
    parcel_class : str or None
        The lot's property class (``parcel.class_field``), None when not given.
    replaced_docks : GeoDataFrame or None
        Existing docks the proposal replaces (``dock.replaces``), left out of ``docks``.
    elevation : Elevation or None
        The DEM (``layers.elevation``) over the lot and the parcels within
        :data:`NEIGHBOUR_RADIUS_FT` of it, in feet above its vertical datum, sampled
        at working-CRS points (:class:`~dockreview.inputs.raster.Elevation`).
    accuracy : dict of str to LayerAccuracy
        Every layer the site read, by role, with its positional accuracy at 95 % and where the figure came from;
        ``"dock"`` is the proposal, exact (:func:`dockreview.inputs.accuracy.site_accuracy`).
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
    soundings: gpd.GeoDataFrame | None = None
    vegetation: gpd.GeoDataFrame | None = None
    buildings: gpd.GeoDataFrame | None = None
    mlw: BaseGeometry | None = None
    centerline: BaseGeometry | None = None
    cove_line: BaseGeometry | None = None
    median_line: BaseGeometry | None = None
    navigation_line: BaseGeometry | None = None
    mllw: BaseGeometry | None = None
    bulkhead: BaseGeometry | None = None
    pierhead: BaseGeometry | None = None
    parcel_class: str | None = None
    replaced_docks: gpd.GeoDataFrame | None = None
    elevation: Elevation | None = None
    accuracy: dict[str, LayerAccuracy] = field(default_factory=dict)

    @functools.cached_property
    def depths(self) -> Bathymetry | None:
        """The soundings triangulated once (:func:`dockreview.inputs.bathymetry.bathymetry`); None without soundings."""
        if self.soundings is None:
            return None
        return bathymetry(self.soundings, label=self.layer_label("soundings"))

    @property
    def transform_accuracy_ft(self) -> float | None:
        """How far apart the layers may be misplaced by their datum transformations, ft (see :func:`_relative_accuracy`)."""
        return _relative_accuracy(self.sources)

    @property
    def name(self) -> str:
        """The site's name for titles."""
        return self.manifest.name

    @property
    def parcel_id(self) -> str:
        """The subject lot's id."""
        return self.manifest.parcel_id

    def layer_label(self, role: str) -> str:
        """How messages name the layer of ``role``, whether a file or a chart cell supplied it."""
        source = next((s for s in self.sources if s.role == role), None)
        return f"{role} layer {source.file if source else '(not given)'}"

    def to_units(self, feet: float) -> float:
        """Convert a distance in feet to working-CRS units."""
        return feet / self.ft_per_unit

    @functools.cached_property
    def frames(self) -> dict[str, gpd.GeoDataFrame]:
        """The site's layers as GeoDataFrames in the working CRS, by role, beside the shapely objects.

        ``"parcel"`` is the subject lot (its waterfront part, as reviewed) with its
        id; ``"mhw"``, ``"mlw"`` and ``"centerline"`` the lines as reviewed (one
        row each); the other roles are the layers as read (``"parcels"``,
        ``"channels"``, ``"docks"``, ``"dock"`` for the applicant's footprint,
        ``"soundings"``, ``"vegetation"``, ``"buildings"``, ``"replaced_docks"``).
        Roles the site has no layer for are left out. ``site.mhw`` and
        ``site.parcel`` stay the shapely geometries.
        """
        def one(geom, **columns) -> gpd.GeoDataFrame:
            return gpd.GeoDataFrame({k: [v] for k, v in columns.items()}, geometry=[geom], crs=self.crs)

        out = {"parcel": one(self.parcel, parcel_id=self.parcel_id), "parcels": self.parcels, "mhw": one(self.mhw, role="mhw")}
        for role, geom in (("mlw", self.mlw), ("centerline", self.centerline)):
            if geom is not None and not geom.is_empty:
                out[role] = one(geom, role=role)
        for role, frame in (("channels", self.channels), ("docks", self.docks), ("dock", self.dock_footprint),
                            ("soundings", self.soundings), ("vegetation", self.vegetation), ("buildings", self.buildings),
                            ("replaced_docks", self.replaced_docks)):
            if frame is not None:
                out[role] = frame
        return out

    def frame(self, role: str) -> gpd.GeoDataFrame:
        """The layer of ``role`` as a GeoDataFrame with its CRS (see :attr:`frames`), e.g. ``site.frame("mhw")``."""
        try:
            return self.frames[role]
        except KeyError:
            raise KeyError(f"no {role!r} layer on this site; it has: {', '.join(self.frames)}") from None

    @property
    def neighbours(self) -> gpd.GeoDataFrame:
        """Parcels other than the lot within :data:`NEIGHBOUR_RADIUS_FT`."""
        near = self.parcels.geometry.distance(self.parcel) <= self.to_units(NEIGHBOUR_RADIUS_FT)
        same = matches_id(self.parcels[self.manifest.parcel_id_field], self.parcel_id)
        return self.parcels[near & ~same]


def _warn(message: str) -> None:
    warnings.warn(message, DockReviewWarning, stacklevel=3)


def _local_mhw(mhw, parcel, footprint, manifest: Manifest, ft_per_unit: float, label: str) -> BaseGeometry:
    """The MHW line within :data:`MHW_NEIGHBOURHOOD_FT` of the lot, the dock and its root.

    Raises
    ------
    SiteDataError
        When no MHW line comes that near: the parcel does not reach the MHW line.
    """
    dock = manifest.dock
    near = [parcel]
    if footprint is not None:
        near.extend(footprint.geometry.values)
    if dock.root is not None:
        near.append(shapely.Point(dock.root))
    xmin, ymin, xmax, ymax = shapely.union_all(shapely.envelope(near)).bounds
    pad = (MHW_NEIGHBOURHOOD_FT + (dock.length or 0.0)) / ft_per_unit
    local = shapely.line_merge(shapely.clip_by_rect(mhw, xmin - pad, ymin - pad, xmax + pad, ymax + pad))
    if local.is_empty or local.length == 0:
        gap = parcel.distance(mhw) * ft_per_unit
        raise SiteDataError(
            f"{label}: the MHW line comes no nearer than {gap:,.0f} ft to parcel '{manifest.parcel_id}': "
            "the parcel does not reach the MHW line; check parcel.id and the MHW layer"
        )
    return local


def _check_area_of_use(frame: gpd.GeoDataFrame, label: str) -> None:
    """Refuse a layer whose coordinates lie far outside its CRS's area of use (a wrong CRS)."""
    xy = shapely.get_coordinates(frame.geometry.values)
    xy = xy[np.isfinite(xy).all(axis=1)]
    if frame.crs is None or len(xy) == 0:
        return
    box = crs_mod.lonlat_bounds(frame.crs, (*xy.min(axis=0), *xy.max(axis=0)))
    if crs_mod.strays_from_area_of_use(frame.crs, box, AREA_OF_USE_MARGIN_DEG):
        area = frame.crs.area_of_use
        x, y = xy.mean(axis=0)
        raise CRSError(
            f"{label}: the coordinates (around {x:,.1f}, {y:,.1f}) lie far outside the area of use of the "
            f"layer's CRS {crs_mod.describe(frame.crs)} ({area.name}: lon {area.west} to {area.east}, lat "
            f"{area.south} to {area.north}); the CRS is wrong: fix the file's CRS or give the right one as assume_crs"
        )


def _check_working_area(parcel: shapely.Polygon, working: CRS, manifest: Manifest) -> None:
    """Warn when the lot lies outside the working CRS's area of use: distances there are distorted."""
    box = crs_mod.lonlat_bounds(working, parcel.bounds)
    if crs_mod.strays_from_area_of_use(working, box, AREA_OF_USE_MARGIN_DEG):
        _warn(
            f"{manifest.path}: site.crs: the lot (lon {box[0]:.3f}, lat {box[1]:.3f}) lies outside the area of use "
            f"of the working CRS {crs_mod.describe(working)}; distances may be distorted: name a CRS for this area"
        )


def _report_outside_paths(manifest: Manifest) -> None:
    """Warn about layer paths leading outside the manifest's folder (allowed, but worth a look)."""
    specs = dict(manifest.layers)
    if manifest.dock.footprint is not None:
        specs["dock.file"] = manifest.dock.footprint
    for role, spec in specs.items():
        if not spec.path.is_relative_to(manifest.folder):
            _warn(
                f"{manifest.path}: {role} path '{spec.declared_as}' leads outside the manifest's folder; "
                f"read from {spec.path}"
            )


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
        (also emitted as :class:`~dockreview.errors.DockReviewWarning`).

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


def _accuracy(source: CRS | None, working: CRS) -> float | None:
    """The accuracy (ft) of a layer's transformation to the working CRS; None when exact."""
    return None if source is None else crs_mod.transform_accuracy_ft(source, working)


def _relative_accuracy(sources: list[Source]) -> float | None:
    """The coarsest transformation accuracy (ft), when the layers arrive in more than one CRS.

    Layers all in one CRS share one transformation, which moves them together;
    only layers in different datums can be misplaced relative to each other.
    """
    if len({s.crs for s in sources}) < 2:
        return None
    return max((s.accuracy_ft for s in sources if s.accuracy_ft is not None), default=None)


def _warn_accuracy(sources: list[Source], working: CRS) -> None:
    accuracy = _relative_accuracy(sources)
    if accuracy is None:
        return
    how = "an accuracy PROJ cannot give" if np.isinf(accuracy) else f"about {accuracy:.1f} ft"
    approximate = ", ".join(f"{s.role} ({s.crs})" for s in sources if s.accuracy_ft is not None)
    _warn(
        f"the layers arrive in different datums: {approximate} reach the working CRS {crs_mod.describe(working)} "
        f"only approximately, to {how}; checks closer than that to their limits say so"
    )


def _read(manifest: Manifest, role: str, engine: str, working: CRS, sources: list[Source]) -> gpd.GeoDataFrame:
    spec = manifest.layers[role] if role != "dock" else manifest.dock.footprint
    assert spec is not None
    frame = read_layer(spec, role=role, engine=engine)
    _check_area_of_use(frame, f"{role} layer {spec.describe()}")
    sources.append(Source(role, spec.describe(), crs_mod.describe(frame.crs), len(frame), _accuracy(frame.crs, working)))
    if not frame.empty and not frame.crs.equals(working):
        frame = frame.to_crs(working)
    return frame


def _is_dxf(manifest: Manifest) -> bool:
    return manifest.dock.footprint is not None and manifest.dock.footprint.path.suffix.lower() == ".dxf"


def _read_dxf(manifest: Manifest, parcel: shapely.Polygon, working: CRS, sources: list[Source]) -> gpd.GeoDataFrame:
    """The dock footprint from the applicant's CAD survey (see :mod:`dockreview.inputs.dxf`)."""
    spec, dock = manifest.dock.footprint, manifest.dock
    frame = read_dxf_footprint(spec, dock.cad_layers, dock.component_field, parcel=parcel, working=working)
    drawn_in = crs_mod.parse_crs(spec.assume_crs, where=f"dock layer {spec.describe()}: assume_crs")
    sources.append(Source("dock", spec.describe(), crs_mod.describe(drawn_in), len(frame), _accuracy(drawn_in, working)))
    return frame


def _working_crs(manifest: Manifest, engine: str) -> CRS:
    """``site.crs``; when the manifest names none, EPSG:2263 or, for a lot outside its area, the lot's UTM zone."""
    where = f"{manifest.path}: site.crs"
    if manifest.crs_named:
        return crs_mod.working_crs(manifest.crs, where=where)
    parcels = read_layer(manifest.layers["parcels"], role="parcels", engine=engine)
    if parcels.empty:
        return crs_mod.working_crs(manifest.crs, where=where)
    crs, note = crs_mod.choose_working_crs(None, tuple(parcels.to_crs("EPSG:4326").total_bounds), where=where)
    if note:
        _warn(note)
    return crs


def _read_charts(manifest: Manifest, working: CRS, sources: list[Source], label: dict[str, str]) -> dict[str, gpd.GeoDataFrame]:
    """The layers the manifest's chart cells supply where it gives none (see :func:`dockreview.inputs.chart.for_site`)."""
    if not manifest.charts:
        return {}
    charted = chart_mod.for_site(
        manifest.charts, working, given=manifest.layers, datum_offset_ft=manifest.datum_offset_ft
    )
    for role, frame in charted.layers.items():
        classes = ", ".join(sorted(set(frame["class"]))) or "none"
        file = f"chart {charted.chart.describe()} ({classes})"
        label[role] = f"{role} layer {file}"
        sources.append(Source(role, file, "EPSG:4326 (WGS 84)", len(frame), _accuracy(CRS.from_epsg(4326), working)))
    return charted.layers


def _read_elevation(manifest: Manifest, parcel, parcels: gpd.GeoDataFrame, working: CRS, sources: list[Source]) -> Elevation | None:
    """The DEM's window over the lot and the parcels within :data:`NEIGHBOUR_RADIUS_FT` of it; None without the layer."""
    spec = manifest.layers.get("elevation")
    if spec is None:
        return None
    from dockreview.inputs.raster import read_elevation

    label = f"elevation layer {spec.describe()}"
    geoms = parcels.geometry.values
    near = geoms[shapely.distance(geoms, parcel) <= NEIGHBOUR_RADIUS_FT / crs_mod.feet_per_unit(working)]
    dem = read_elevation(spec, working=working, around=shapely.union_all([parcel, *near]).bounds, label=label)
    sources.append(Source("elevation", spec.describe(), crs_mod.describe(dem.crs), dem.valid_cells, _accuracy(dem.crs, working)))
    if dem.valid_cells == 0:
        _warn(f"{label}: every cell of the raster over the site is nodata; the ground's elevations are not measured")
    return dem


def _build_site(manifest: Manifest, engine: str) -> Site:
    working = _working_crs(manifest, engine)
    _report_outside_paths(manifest)
    sources: list[Source] = []
    label = {role: f"{role} layer {spec.describe()}" for role, spec in manifest.layers.items()}

    parcels = clean_layer(_read(manifest, "parcels", engine, working, sources), label["parcels"], ("Polygon",), required=True)
    parcel = select_parcel(parcels, manifest, label["parcels"])
    charted = _read_charts(manifest, working, sources, label)
    raw_mhw = _read(manifest, "mhw", engine, working, sources) if "mhw" in manifest.layers else charted["mhw"]
    mhw_frame = clean_layer(raw_mhw, label["mhw"], ("LineString", "Polygon"), required=True)
    mhw = prepare_mhw(mhw_frame.geometry.values, crs_mod.feet_per_unit(working), label["mhw"])
    parcel = waterfront_part(parcel, mhw, label=label["parcels"], parcel_id=manifest.parcel_id)

    optional: dict[str, gpd.GeoDataFrame | None] = {}
    for role, kinds in (("channels", ("Polygon",)), ("docks", ("Polygon", "LineString"))):
        if role not in manifest.layers:
            optional[role] = charted.get(role)
            continue
        frame = clean_layer(_read(manifest, role, engine, working, sources), label[role], kinds, required=False)
        if frame.empty:
            _warn(f"{label[role]}: the layer holds no features; its clearance check passes on an empty layer")
        optional[role] = frame

    check_named_fields(manifest, optional, label)
    docks, replaced = split_replaced(optional["docks"], manifest, label.get("docks", "docks layer"))
    soundings = vegetation = None
    if "soundings" in manifest.layers:
        raw = _read(manifest, "soundings", engine, working, sources)
        frame = clean_layer(raw, label["soundings"], ("Point", "LineString"), required=True)
        soundings = depths_frame(frame, manifest.depth_field or "", label["soundings"])
    elif "soundings" in charted:
        soundings = charted["soundings"]
    if "vegetation" in manifest.layers:
        raw = _read(manifest, "vegetation", engine, working, sources)
        vegetation = clean_layer(raw, label["vegetation"], ("Polygon",), required=False)
    buildings = mlw = centerline = cove_line = None
    guides: dict[str, BaseGeometry | None] = {"median_line": None, "navigation_line": None}
    lines: dict[str, BaseGeometry | None] = {"mllw": None, "bulkhead": None, "pierhead": None}
    if "buildings" in manifest.layers:
        raw = _read(manifest, "buildings", engine, working, sources)
        buildings = clean_layer(raw, label["buildings"], ("Polygon",), required=False)
    if "mlw" in manifest.layers:
        raw = _read(manifest, "mlw", engine, working, sources)
        frame = clean_layer(raw, label["mlw"], ("LineString", "Polygon"), required=True)
        mlw = merge_lines(frame.geometry.values, crs_mod.feet_per_unit(working))
    if "centerline" in manifest.layers:
        raw = _read(manifest, "centerline", engine, working, sources)
        frame = clean_layer(raw, label["centerline"], ("LineString",), required=True)
        centerline = merge_lines(frame.geometry.values, crs_mod.feet_per_unit(working))
    if "cove_line" in manifest.layers:
        raw = _read(manifest, "cove_line", engine, working, sources)
        frame = clean_layer(raw, label["cove_line"], ("LineString",), required=True)
        cove_line = shapely.MultiLineString([g for g in shapely.get_parts(frame.geometry.values) if g.length > 0])
    for role in (r for r in guides if r in manifest.layers):
        frame = clean_layer(_read(manifest, role, engine, working, sources), label[role], ("LineString",), required=True)
        guides[role] = merge_lines(frame.geometry.values, crs_mod.feet_per_unit(working))
    for role in (r for r in lines if r in manifest.layers):
        frame = clean_layer(_read(manifest, role, engine, working, sources), label[role], ("LineString", "Polygon"), required=True)
        lines[role] = merge_lines(frame.geometry.values, crs_mod.feet_per_unit(working))

    footprint = None
    if manifest.dock.footprint is not None:
        dock_label = f"dock layer {manifest.dock.footprint.describe()}"
        raw = _read_dxf(manifest, parcel, working, sources) if _is_dxf(manifest) else _read(manifest, "dock", engine, working, sources)
        footprint = clean_layer(raw, dock_label, ("Polygon",), required=True)
    _check_working_area(parcel, working, manifest)
    frames = (parcels, optional["channels"], optional["docks"], soundings, vegetation, buildings)
    layer_bounds = bounds_of([mhw, mlw, centerline, cove_line, *lines.values(), *guides.values(),
                              *(shapely.envelope(shapely.union_all(shapely.envelope(f.geometry.values))) for f in frames if f is not None and not f.empty)])
    check_within(
        manifest, layer_bounds, crs_mod.feet_per_unit(working),
        footprint=None if footprint is None else shapely.envelope(shapely.union_all(shapely.envelope(footprint.geometry.values))),
        footprint_label=f"dock layer {manifest.dock.footprint.describe()}" if manifest.dock.footprint else "dock layer",
        crs_name=crs_mod.describe(working),
    )
    elevation = _read_elevation(manifest, parcel, parcels, working, sources)
    mhw = _local_mhw(mhw, parcel, footprint, manifest, crs_mod.feet_per_unit(working), label["mhw"])

    _warn_accuracy(sources, working)
    site = Site(
        manifest=manifest,
        crs=working,
        ft_per_unit=crs_mod.feet_per_unit(working),
        parcel=parcel,
        parcels=parcels,
        mhw=mhw,
        channels=optional["channels"],
        docks=docks,
        dock_footprint=footprint,
        sources=sources,
        soundings=soundings,
        vegetation=vegetation,
        buildings=buildings,
        mlw=mlw,
        centerline=centerline,
        cove_line=cove_line,
        median_line=guides["median_line"],
        navigation_line=guides["navigation_line"],
        mllw=lines["mllw"],
        bulkhead=lines["bulkhead"],
        pierhead=lines["pierhead"],
        parcel_class=parcel_class(parcels, manifest, label["parcels"]),
        replaced_docks=replaced,
        elevation=elevation,
    )
    site.accuracy = site_accuracy(site)
    return site

