"""Screen a whole parcel layer: which lots could ever have a dock, and why not (Docks B, C, D(1)).

For every parcel the screen answers what :func:`dockreview.envelope.lot_envelope`
answers for one lot (frontage, required setback, band width, envelope area,
greatest reach, existing docks, eligibility and every reason), but worked on
shapely arrays over the whole layer. The flow, and the module doing each step:

1. :func:`read_screen_layers` reads the layers into the working CRS (here);
2. :func:`lot_figures` takes each parcel's polygon fronting the water and
   rebuilds the usual lots' riparian geometry as arrays
   (:mod:`dockreview.screen_kernel`); every other lot is measured by the
   single-lot functions, and a lot they cannot review gets a row saying why;
   with soundings, the reach limit is the navigable-depth limit
   (:mod:`dockreview.screen_depth`); with ``backend="dask"`` the same work runs
   in spatial partitions on a cluster (:mod:`dockreview.screen_dask`);
3. the parcel table gives each lot's eligibility and reasons, the property
   classes judged against the profile's single-family codes (here);
4. with ``audit=True`` every existing dock is reviewed against its own lot
   (:mod:`dockreview.audit`);
5. :func:`write_screen` writes the GeoPackage and the CSV (here).
"""

from __future__ import annotations

import dataclasses
import logging
import math
import warnings
from dataclasses import dataclass
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from pyproj import CRS
from tqdm.auto import tqdm

from . import crs as crs_mod
from .audit import audit_docks
from .bathymetry import bathymetry
from .envelope import (
    REACH_TOLERANCE_FT,
    band_middle,
    band_width,
    dock_roots,
    docks_on_lot,
    greatest_reach,
    keep_clear,
    lot_envelope,
    nearest_obstacle,
    no_dock_reasons,
    obstacle_pairs,
    required_setback,
    setback_band,
    setback_strips,
)
from .errors import DockReviewError, LayerError
from .io import DockReviewWarning, atomic_path, read_layer
from .manifest import LayerSpec
from .profile import Profile
from .screen_depth import NavigableDepth, band_middles, seaward_axes
from .screen_kernel import LOT_ERRORS, MhwIndex, not_reviewed, vector_riparian, waterfront_parts
from .site import prepare_mhw

log = logging.getLogger("dockreview")

#: Lots worked together in one vectorised batch (bounds memory; one progress-bar step).
BATCH_LOTS = 20_000
#: Per-lot figures the envelope work gives, before the table is assembled. ``not_reviewed`` says why a
#: lot near the water has no figures (None when it has them).
FIGURE_COLUMNS = (
    "fronts_mhw", "frontage_ft", "required_setback_ft", "band_width_ft", "envelope_area_sqft", "greatest_reach_ft",
    "nearest_obstacle_ft", "existing_docks", "band_empty", "reach_limit_ft", "needs_data", "envelope", "not_reviewed",
)
BACKENDS = ("local", "dask")
#: The soundings' depth field unless told otherwise (as in the README's site manifest).
DEPTH_FIELD = "DEPTH_MLW"

__all__ = [
    "BACKENDS", "DEPTH_FIELD", "FIGURE_COLUMNS", "MhwIndex", "NavigableDepth", "ScreenLayers", "ScreenResult",
    "audit_docks", "lot_figures", "navigable_depth", "read_screen_layers", "screen", "vector_riparian",
    "waterfront_parts", "write_screen",
]


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
        (:func:`~dockreview.screen_kernel.waterfront_parts`).
    mhw : shapely geometry
        The MHW line, merged.
    channels, docks : GeoDataFrame or None
    crs : pyproj.CRS
    ft_per_unit : float
    soundings : GeoDataFrame or None
        Soundings (points), column ``depth_ft``: feet below mean low water, positive down.
    """

    parcels: gpd.GeoDataFrame
    mhw: shapely.Geometry
    channels: gpd.GeoDataFrame | None
    docks: gpd.GeoDataFrame | None
    crs: CRS
    ft_per_unit: float
    soundings: gpd.GeoDataFrame | None = None


def _spec(text: str) -> LayerSpec:
    path = Path(text)
    if not path.exists() and ":" in text:
        head, _, layer = text.rpartition(":")
        return LayerSpec(Path(head), layer or None, None, text)
    return LayerSpec(path, None, None, text)


def _parcel_geometries(frame: gpd.GeoDataFrame, label: str) -> gpd.GeoDataFrame:
    """Every parcel row kept (a row without a polygon is reported, not dropped); invalid rings repaired."""
    geoms = shapely.force_2d(np.asarray(frame.geometry.values, dtype=object))
    invalid = ~(shapely.is_missing(geoms) | shapely.is_empty(geoms)) & ~shapely.is_valid(geoms)
    if invalid.any():
        warnings.warn(f"{label}: {int(invalid.sum())} invalid geometries repaired with make_valid", DockReviewWarning, stacklevel=3)
        geoms[invalid] = shapely.make_valid(geoms[invalid])
    return frame.set_geometry(gpd.GeoSeries(geoms, index=frame.index, crs=frame.crs))


def read_screen_layers(
    parcels: str, mhw: str, *, channels: str | None = None, docks: str | None = None, crs: str | None = None,
    engine: str = "pyogrio", soundings: str | None = None, depth_field: str = DEPTH_FIELD,
) -> ScreenLayers:
    """Read the screen's layers (``file`` or ``file.gpkg:layer``) into the working CRS.

    The working CRS is ``crs``, else the parcel layer's own; it must be projected.
    The MHW line is prepared by the review's own steps (:mod:`dockreview.site`):
    merged and noded, its loose ends within 50 ft of each other bridged, with a
    warning. The soundings' depths (ft below MLW, positive down) are read from
    ``depth_field``.
    """
    frames = {}
    sources = (("parcels", parcels), ("mhw", mhw), ("channels", channels), ("docks", docks), ("soundings", soundings))
    for role, text in sources:
        frames[role] = None if text is None else read_layer(_spec(text), role=role, engine=engine)
    working = crs_mod.working_crs(crs or frames["parcels"].crs.to_string(), where="--crs" if crs else f"parcels layer {parcels}")
    for role, frame in frames.items():
        if frame is not None and not frame.empty and not frame.crs.equals(working):
            frames[role] = frame.to_crs(working)
    parcel_frame = _parcel_geometries(frames["parcels"], f"parcels layer {parcels}")
    if not (shapely.get_dimensions(parcel_frame.geometry.values) == 2).any():
        raise LayerError(f"parcels layer {parcels}: no polygon features")
    # the MHW line prepared as the review prepares it (load_site): merged, noded, loose ends within 50 ft bridged
    ft = crs_mod.feet_per_unit(working)
    lines = frames["mhw"].geometry.values
    lines = lines[~(shapely.is_missing(lines) | shapely.is_empty(lines))]
    if not len(lines):
        raise LayerError(f"mhw layer {mhw}: the layer has no line work")
    merged = prepare_mhw(lines, ft, f"mhw layer {mhw}")
    optional = {}
    for role in ("channels", "docks"):
        frame = frames[role]
        if frame is not None:
            frame = frame[~(shapely.is_missing(frame.geometry.values) | shapely.is_empty(frame.geometry.values))]
        optional[role] = frame
    depths = None if frames["soundings"] is None else _depths(frames["soundings"], depth_field, f"soundings layer {soundings}")
    return ScreenLayers(parcel_frame, merged, optional["channels"], optional["docks"], working, ft, depths)


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


# ---------------------------------------------------------------------------
# the figures of every lot near the water
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class _Work:
    """What every batch of lots shares: the layers, the indexed shore, the docks' landward ends, the settings."""

    layers: ScreenLayers
    mhw: MhwIndex
    profile: Profile
    tolerance_ft: float
    depth: NavigableDepth | None
    channels: np.ndarray | None
    docks: np.ndarray | None
    roots: np.ndarray | None

    @classmethod
    def of(cls, layers: ScreenLayers, profile: Profile, tolerance_ft: float, depth: NavigableDepth | None) -> "_Work":
        mhw = MhwIndex(layers.mhw)
        channels, docks = (
            None if frame is None else np.asarray(frame.geometry.values, dtype=object) for frame in (layers.channels, layers.docks)
        )
        # each dock's landward end, as dock_roots finds it on the whole MHW line: on the piece nearest the dock
        roots = None if docks is None or not len(docks) else dock_roots(docks, mhw.chunks[mhw.nearest(docks)[0]])
        return cls(layers, mhw, profile, tolerance_ft, depth, channels, docks, roots)


def lot_figures(
    layers: ScreenLayers, profile: Profile, tolerance_ft: float, progress: bool | None, depth: NavigableDepth | None
) -> pd.DataFrame:
    """Envelope figures (:data:`FIGURE_COLUMNS`) of every parcel fronting the MHW line, by parcel row number.

    Each parcel is measured on its polygon fronting the water (repaired,
    the part nearest the MHW line). The lots within ``tolerance_ft`` of the MHW
    line are worked as arrays where the kernel can
    (:func:`~dockreview.screen_kernel.vector_riparian`), else one by one; a
    parcel with no polygon, or a lot the single-lot functions cannot review,
    has a row whose ``not_reviewed`` says why.
    """
    work = _Work.of(layers, profile, tolerance_ft, depth)
    lots = waterfront_parts(layers.parcels.geometry.values, work.mhw, tolerance_ft / layers.ft_per_unit)
    polys = lots.polygon
    if lots.repaired.any():
        log.info("%d invalid parcels repaired with make_valid", int(lots.repaired.sum()))
    frames = [_unreviewed(np.flatnonzero(shapely.is_missing(polys)), "not reviewed: the parcel has no polygon area", fronts=False)]
    fronting = np.flatnonzero(lots.fronts)
    batches = [fronting[i : i + BATCH_LOTS] for i in range(0, len(fronting), BATCH_LOTS)]
    for batch in tqdm(batches, desc="screen", unit="batch", disable=False if progress else (None if progress is None else True)):
        figures, left = _array_figures(polys, batch, work)
        frames.append(figures)
        if len(left):
            log.info("%d lots measured one by one (an unusual shore or side line)", len(left))
            frames.append(_one_by_one(polys, left, work))
    return pd.concat([f for f in frames if len(f)] or frames[:1])


def _unreviewed(rows: np.ndarray, reason: str, *, fronts: bool) -> pd.DataFrame:
    """Figure rows of parcels that were not reviewed, with the reason why."""
    frame = pd.DataFrame(index=np.asarray(rows, dtype=int), columns=list(FIGURE_COLUMNS), dtype=object)
    frame["fronts_mhw"] = fronts
    frame["envelope"] = None
    frame["not_reviewed"] = reason
    return frame


def _array_figures(polys: np.ndarray, lots: np.ndarray, work: _Work) -> tuple[pd.DataFrame, np.ndarray]:
    """Envelope figures of the lots ``lots`` (indices into ``polys``) worked as arrays, and the lots left over."""
    profile, ft = work.profile, work.layers.ft_per_unit
    max_reach = profile("max_reach_ft") / ft

    def beyond(frontage):
        return max_reach + required_setback(frontage * ft, profile) / ft

    rip, left_over = vector_riparian(polys[lots], work.mhw, tolerance=work.tolerance_ft / ft, ft_per_unit=ft, beyond=beyond)
    parcels = polys[lots[rip.lot]]
    frontage_ft = shapely.length(rip.frontage) * ft
    setback_ft = required_setback(frontage_ft, profile)
    strips = setback_strips(rip.side_a, rip.side_b, setback_ft / ft)
    width_ft = band_width(rip.frontage, strips) * ft
    reach_ft = np.full(len(rip.lot), profile("max_reach_ft"))
    if work.depth is not None:
        reach_ft = work.depth.limits(
            shapely.get_coordinates(band_middles(rip.frontage, strips)), seaward_axes(rip.frontage, parcels),
            cap_ft=profile("max_reach_ft"), ft_per_unit=ft,
        )
    needs_data = np.isnan(reach_ft)
    band = setback_band(rip.zone, strips, rip.frontage, np.where(needs_data, profile("max_reach_ft"), reach_ft) / ft)
    own_dock, own_lot = docks_on_lot(parcels, rip.zone, rip.frontage, work.roots, work.tolerance_ft / ft)
    clearance = profile("min_terminus_clearance_ft") / ft
    obstacles = obstacle_pairs(band, work.channels, work.docks, own_lot, own_dock, clearance)
    envelope = keep_clear(band, obstacles)
    figures = pd.DataFrame(
        {
            "fronts_mhw": True,
            "frontage_ft": frontage_ft,
            "required_setback_ft": setback_ft,
            "band_width_ft": width_ft,
            "envelope_area_sqft": shapely.area(envelope) * ft * ft,
            "greatest_reach_ft": greatest_reach(envelope, rip.frontage, REACH_TOLERANCE_FT / ft) * ft,
            "nearest_obstacle_ft": nearest_obstacle(rip.frontage, strips, obstacles) * ft,
            "existing_docks": np.bincount(own_lot, minlength=len(rip.lot)),
            "band_empty": shapely.area(band) <= 0,
            "reach_limit_ft": reach_ft,
            "needs_data": needs_data,
            "envelope": envelope,
            "not_reviewed": None,
        },
        index=lots[rip.lot],
    )
    return figures, lots[left_over]


def _one_by_one(polys: np.ndarray, lots: np.ndarray, work: _Work) -> pd.DataFrame:
    """Envelope figures of the lots the arrays could not resolve, by the single-lot functions.

    With soundings the reach limit is found along the lot's axis from the
    middle of its band (Docks D(1)), as the arrays find it. A lot they cannot
    review (bad data, a geometry GEOS cannot work) gets a row saying why
    (:func:`~dockreview.screen_kernel.not_reviewed`).
    """
    ft = work.layers.ft_per_unit
    trees = [None if g is None else shapely.STRtree(g) for g in (work.channels, work.docks)]
    rows = []
    for i in lots:
        poly = polys[i]
        box = shapely.buffer(shapely.envelope(poly), 3.0 * poly.length + 1000.0 / ft)
        channels, docks = (None if g is None else g[np.sort(t.query(box))] for g, t in zip((work.channels, work.docks), trees))
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DockReviewWarning)
                env, limit = _depth_limited_envelope(
                    poly, work.mhw.near(box), ft_per_unit=ft, profile=work.profile, channels=channels, docks=docks,
                    tolerance_ft=work.tolerance_ft, depth=work.depth,
                )
        except LOT_ERRORS as exc:
            log.debug("lot %s: %s", i, exc)
            rows.append(_unreviewed(np.array([i]), not_reviewed(exc), fronts=True))
            continue
        figures = {
            "fronts_mhw": True,
            "frontage_ft": env.frontage_ft,
            "required_setback_ft": env.required_setback_ft,
            "band_width_ft": env.band_width_ft,
            "envelope_area_sqft": env.area_sqft,
            "greatest_reach_ft": env.greatest_reach_ft,
            "nearest_obstacle_ft": np.nan if env.nearest_obstacle_ft is None else env.nearest_obstacle_ft,
            "existing_docks": env.existing_docks,
            "band_empty": shapely.area(env.band) <= 0,
            "reach_limit_ft": limit,
            "needs_data": bool(np.isnan(limit)),
            "envelope": env.geometry,
            "not_reviewed": None,
        }
        rows.append(pd.DataFrame([figures], index=[i], columns=list(FIGURE_COLUMNS)))
    return pd.concat(rows) if rows else pd.DataFrame(columns=list(FIGURE_COLUMNS))


def _depth_limited_envelope(poly, mhw, *, ft_per_unit, profile, channels, docks, tolerance_ft, depth: NavigableDepth | None):
    """``lot_envelope`` of one lot within its navigable-depth limit (Docks D(1)), and that limit (ft; NaN: needs data).

    The limit is found along the lot's axis (square to the frontage) from the
    middle of its band (the frontage's middle when it has none), and applied
    when under the 200-ft cap, as the review's envelope applies the reach its
    checks allow.
    """
    env = lot_envelope(poly, mhw, ft_per_unit=ft_per_unit, profile=profile, channels=channels, docks=docks, tolerance_ft=tolerance_ft)
    if depth is None:
        return env, env.reach_limit_ft
    origin = shapely.get_coordinates(band_middle(env))
    limit = float(depth.limits(origin, env.riparian.seaward[None, :], cap_ft=env.reach_limit_ft, ft_per_unit=ft_per_unit)[0])
    if limit < env.reach_limit_ft:
        env = lot_envelope(
            poly, mhw, ft_per_unit=ft_per_unit, profile=profile, channels=channels, docks=docks, tolerance_ft=tolerance_ft,
            reach_ft=limit,
        )
    return env, limit


def navigable_depth(layers: ScreenLayers, profile: Profile, draft_ft: float | None, float_extent_ft: float) -> NavigableDepth | None:
    """The layers' soundings triangulated once, with the depth a dock must reach (Docks D(1)); None without soundings."""
    if layers.soundings is None:
        if draft_ft is not None:
            raise DockReviewError("a vessel draft (--draft) needs a soundings layer (--soundings)")
        return None
    if draft_ft is None:
        raise DockReviewError("a soundings layer (--soundings) needs the vessel draft (--draft) to find navigable depth")
    if draft_ft <= 0 or float_extent_ft < 0:
        raise DockReviewError("--draft must be positive and --float-extent not negative")
    surface = bathymetry(layers.soundings, label="soundings layer")
    return NavigableDepth(surface, draft_ft + profile("nav_depth_clearance_ft"), float_extent_ft)


# ---------------------------------------------------------------------------
# the screen
# ---------------------------------------------------------------------------
@dataclass
class ScreenResult:
    """The screen's answer: one row per parcel, the envelopes, and the audit when asked for."""

    parcels: gpd.GeoDataFrame
    envelopes: gpd.GeoDataFrame
    audit: gpd.GeoDataFrame | None = None

    def summary(self) -> dict[str, int]:
        """Counts of parcels, waterfront parcels and eligible parcels."""
        p = self.parcels
        out = {"parcels": len(p), "front the MHW line": int(p["fronts_mhw"].sum()), "eligible": int(p["eligible"].sum())}
        unreviewed = int(p["reasons"].str.startswith("not reviewed").sum())
        if unreviewed:
            out["not reviewed"] = unreviewed
        if p["needs_data"].any():
            out["need depth data"] = int(p["needs_data"].sum())
        if self.audit is not None:
            out["existing docks audited"] = len(self.audit)
            out["docks not allowed today"] = int((self.audit["verdict"] == "noncompliant").sum())
        return out


def screen(
    layers: ScreenLayers, *, profile: Profile, id_field: str | None = None, class_field: str | None = None,
    qualifying: tuple[str, ...] | None = None, tolerance_ft: float = 5.0, audit: bool = False,
    dock_id_field: str | None = None, component_field: str | None = None, progress: bool | None = None,
    backend: str = "local", scheduler: str | None = None, draft_ft: float | None = None, float_extent_ft: float = 0.0,
) -> ScreenResult:
    """Screen every parcel of ``layers`` for a dock (Docks B, C, D(1)).

    Parameters
    ----------
    layers : ScreenLayers
        From :func:`read_screen_layers`.
    profile : Profile
    id_field : str, optional
        Parcel id field copied to the output (default: the row number).
    class_field : str, optional
        Property class field; a lot qualifies when its class is in ``qualifying``.
        Without it the class is not judged.
    qualifying : tuple of str, optional
        Property classes of a single-family dwelling (Docks B); default the
        profile's ``single_family_classes`` (NY RPS 210, 215, 250), as ``check`` takes them.
    tolerance_ft : float
        How close to the MHW line a parcel boundary counts as on it.
    audit : bool
        Also review every existing dock against its own lot (:func:`~dockreview.audit.audit_docks`).
    dock_id_field : str, optional
        The docks layer's field grouping component features into one dock.
    component_field : str, optional
        The docks layer's component field, for the audit; default
        ``component`` when the layer has it, else the components are inferred.
    progress : bool, optional
        Show a progress bar (None: only on a terminal).
    backend : {"local", "dask"}
        ``dask`` runs the lots in spatial partitions on a dask.distributed cluster
        (:func:`dockreview.screen_dask.dask_figures`); the answers are the same.
    scheduler : str, optional
        Address of an existing dask scheduler; default a local cluster with one
        single-threaded worker per CPU.
    draft_ft : float, optional
        The vessel's draft; with the layers' soundings, each lot's reach limit
        is the navigable-depth limit (Docks D(1)) at the draft plus the
        profile's ``nav_depth_clearance_ft``. Needed with soundings.
    float_extent_ft : float
        The float's extent along the dock's axis (ft), allowed beyond the
        navigable-depth point; 0 for a plain walkway.
    """
    if backend not in BACKENDS:
        raise DockReviewError(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}")
    parcels = layers.parcels
    if id_field is not None and id_field not in parcels.columns:
        raise LayerError(f"parcels layer: no field '{id_field}' (--id-field); fields: {', '.join(map(str, parcels.columns))}")
    if class_field is not None and class_field not in parcels.columns:
        raise LayerError(f"parcels layer: no field '{class_field}' (--class-field); fields: {', '.join(map(str, parcels.columns))}")
    if dock_id_field is not None and layers.docks is not None and dock_id_field not in layers.docks.columns:
        raise LayerError(f"docks layer: no field '{dock_id_field}' (--dock-id-field); fields: {', '.join(map(str, layers.docks.columns))}")
    if qualifying is None:
        qualifying = profile.code("single_family_classes").values
    audit_layers = layers
    if dock_id_field is not None and layers.docks is not None:
        layers = dataclasses.replace(layers, docks=layers.docks.dissolve(by=dock_id_field, as_index=False))
    depth = navigable_depth(layers, profile, draft_ft, float_extent_ft)
    figures = _backend_figures(layers, profile, tolerance_ft, progress, depth, backend, scheduler)
    table = _parcel_table(parcels, figures, id_field, class_field, qualifying, profile)
    envelopes = figures["envelope"].to_numpy()
    has_area = shapely.area(envelopes) > 0
    env_frame = gpd.GeoDataFrame(
        {"parcel_id": table["parcel_id"].to_numpy()[figures.index.to_numpy(dtype=int)[has_area]]},
        geometry=gpd.GeoSeries(envelopes[has_area], crs=layers.crs),
    )
    result = ScreenResult(table, env_frame)
    if audit:
        result.audit = audit_docks(
            audit_layers, table, profile=profile, tolerance_ft=tolerance_ft, dock_id_field=dock_id_field,
            component_field=component_field, draft_ft=draft_ft,
        )
    return result


def _backend_figures(layers: ScreenLayers, profile, tolerance_ft, progress, depth, backend: str, scheduler) -> pd.DataFrame:
    """:func:`lot_figures` of the parcels that have a geometry, on the backend; the others say they have none."""
    geoms = layers.parcels.geometry.values
    present = np.flatnonzero(~(shapely.is_missing(geoms) | shapely.is_empty(geoms)))
    some = dataclasses.replace(layers, parcels=layers.parcels.iloc[present].reset_index(drop=True))
    if backend == "dask":
        from .screen_dask import dask_figures

        figures = dask_figures(some, profile, tolerance_ft, scheduler, depth)
    else:
        figures = lot_figures(some, profile, tolerance_ft, progress, depth)
    figures.index = present[figures.index.to_numpy(dtype=int)]
    missing = np.setdiff1d(np.arange(len(geoms)), present)
    return pd.concat([figures, _unreviewed(missing, "not reviewed: the parcel has no geometry", fronts=False)])


def _class_code(value) -> str | None:
    """A property-class code as text (``210.0`` reads as ``"210"``, as the review reads its lot's); None when blank."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip() or None


def _parcel_table(parcels, figures: pd.DataFrame, id_field, class_field, qualifying, profile) -> gpd.GeoDataFrame:
    """One row per parcel: its figures, property class, eligibility and every reason (Docks B, C, D(1))."""
    n = len(parcels)
    fig = figures.reindex(np.arange(n))
    fronts = fig["fronts_mhw"].eq(True).to_numpy()
    unreviewed = fig["not_reviewed"].to_numpy()
    ids = parcels[id_field].astype(str).to_numpy() if id_field else np.arange(n).astype(str)
    if class_field:
        classes = np.array([_class_code(v) for v in parcels[class_field]], dtype=object)
        qualifies = np.isin(classes, list(qualifying))
    else:
        classes = np.full(n, None, dtype=object)
        qualifies = np.full(n, True)
    columns = {
        c: fig[c].to_numpy(dtype=float)
        for c in ("frontage_ft", "band_width_ft", "required_setback_ft", "envelope_area_sqft", "nearest_obstacle_ft")
    }
    band_empty = fig["band_empty"].eq(True).to_numpy()
    needs_data = fig["needs_data"].eq(True).to_numpy()
    limit = fig["reach_limit_ft"].to_numpy(dtype=float)
    # the band is empty only because navigable depth is reached at the shore, not for want of room
    at_shore = band_empty & (columns["band_width_ft"] > 0) & (limit < profile("max_reach_ft"))
    reasons = []
    for i in range(n):
        class_reason = [] if qualifies[i] else [f"property class {classes[i]} is not a single-family dwelling (Docks B)"]
        if isinstance(unreviewed[i], str):
            reasons.append("; ".join([unreviewed[i], *class_reason]))
        elif not fronts[i]:
            reasons.append("does not front the MHW line")
        else:
            reasons.append("; ".join(class_reason + _lot_reasons(i, columns, band_empty, at_shore, limit, needs_data, profile)))
    reasons = np.asarray(reasons, dtype=object)
    return gpd.GeoDataFrame(
        {
            "parcel_id": ids,
            "fronts_mhw": fronts,
            "frontage_ft": columns["frontage_ft"],
            "property_class": classes,
            "class_qualifies": qualifies if class_field else np.full(n, None, dtype=object),
            "required_setback_ft": columns["required_setback_ft"],
            "band_width_ft": columns["band_width_ft"],
            "envelope_area_sqft": columns["envelope_area_sqft"],
            "greatest_reach_ft": fig["greatest_reach_ft"].to_numpy(dtype=float),
            "reach_limit_ft": limit,
            "needs_data": needs_data,
            "existing_docks": fig["existing_docks"].fillna(0).astype(int).to_numpy(),
            "eligible": reasons == "",
            "reasons": reasons,
        },
        geometry=parcels.geometry.values,
        crs=parcels.crs,
    )


def _lot_reasons(i: int, columns: dict, band_empty, at_shore, limit, needs_data, profile: Profile) -> list[str]:
    """Why waterfront lot ``i`` can have no dock, each with its numbers (empty when it can)."""
    nearest = columns["nearest_obstacle_ft"][i]
    why = list(
        no_dock_reasons(
            frontage_ft=columns["frontage_ft"][i],
            band_width_ft=columns["band_width_ft"][i],
            required_setback_ft=columns["required_setback_ft"][i],
            band_empty=bool(band_empty[i]) and not at_shore[i],
            envelope_empty=not columns["envelope_area_sqft"][i] > 0 and not at_shore[i],
            nearest_obstacle_ft=None if np.isnan(nearest) else nearest,
            profile=profile,
        )
    )
    if at_shore[i]:
        why.append(f"navigable depth is reached at the shore: a dock may reach {limit[i]:,.1f} ft (Docks D(1))")
    if needs_data[i]:
        why.append(
            "needs data: the soundings do not cover the lot's water far enough along its axis to find "
            "navigable depth (Docks D(1))"
        )
    return why


def write_screen(result: ScreenResult, path: str | Path) -> tuple[Path, Path]:
    """Write the GeoPackage (layers ``parcels``, ``envelopes``, and ``audit`` when run) and the CSV beside it."""
    path = Path(path)
    csv = path.with_suffix(".csv")
    with atomic_path(path) as tmp:
        result.parcels.to_file(tmp, layer="parcels", driver="GPKG", engine="pyogrio")
        result.envelopes.to_file(tmp, layer="envelopes", driver="GPKG", engine="pyogrio")
        if result.audit is not None:
            result.audit.to_file(tmp, layer="audit", driver="GPKG", engine="pyogrio")
    with atomic_path(csv) as tmp:
        pd.DataFrame(result.parcels.drop(columns=result.parcels.geometry.name)).to_csv(tmp, index=False)
    return path, csv
