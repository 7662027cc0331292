"""The audit of a layer's existing docks, each against the geometric checks of its own lot (``screen --audit``).

For code enforcement: every existing dock is reviewed as ``dockreview check``
would review it, by the review's own :func:`~dockreview.measure.measure` and
rule set (:class:`~dockreview.rules.RuleSet`): the geometric checks the layers given can decide
(:meth:`~dockreview.rules.RuleSet.decidable`), each limit from the profile, the verdict from
:func:`dockreview.rules.verdict`.
(The charted-pier audit of ``dockreview audit`` is :func:`dockreview.batch.chart_audit.audit_piers`.)

A dock is the features sharing the docks layer's id field or, without one, the
features within :data:`SAME_DOCK_FT` of one another (a float drawn apart from
its walkway). Its lot is the waterfront lot nearest its landward end (its point
nearest the MHW line), measured as the screen measures it
(:func:`~dockreview.screen_kernel.waterfront_parts`).

**Components.** Docks D(2)(b) limits the width of walkways and ramps only, and
D(2)(c)[2] the area of floats, so the audit must know which part of a dock is
which. A docks layer with a component field gives each feature's component. A
layer without one gives none, and the audit does not call the whole footprint a
walkway: :func:`infer_components` takes the wide head at the dock's seaward end
-- where the cross-section square to the dock's axis is wider than the
walkway's median width by more than :data:`HEAD_WIDENING_FT` and stays so to
the end -- as its float, the rest as walkway. The column ``components`` says
which was done.
"""

from __future__ import annotations

import math
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from dockreview.batch.kernel import LOT_ERRORS, MhwIndex, not_reviewed, waterfront_parts
from dockreview.errors import DockReviewError, DockReviewWarning, LayerError
from dockreview.geometry.dock import footprint_dock, long_axis, rectangle
from dockreview.geometry.riparian import left_of, riparian_geometry
from dockreview.inputs.manifest import (
    DockSpec,
    LayerSpec,
    Manifest,
    ReviewSettings,
    Vessel,
)
from dockreview.inputs.site import Site
from dockreview.measure.compute import measure
from dockreview.profile import Profile
from dockreview.review.pipeline import facts_of
from dockreview.rules import RuleSet, ruleset, verdict
from dockreview.rules.base import FAIL

if TYPE_CHECKING:
    from dockreview.batch.layers import ScreenLayers

#: The measurements of each dock written to the audit, in feet and square feet.
AUDIT_COLUMNS = (
    "setback_ft", "required_setback_ft", "reach_ft", "length_ft", "channel_clearance_ft", "dock_clearance_ft",
    "max_width_ft", "float_area_sqft", "max_allowed_reach_ft",
)
#: Channels and docks farther than this (ft) from a dock cannot decide its clearances.
AUDIT_RADIUS_FT = 1_000.0
#: The docks layer's component field unless told otherwise (as a site manifest's ``[dock] component_field``).
COMPONENT_FIELD = "component"
#: Features of a docks layer without an id field this close (ft) to one another are one dock.
SAME_DOCK_FT = 0.5
#: A dock's seaward head is its float when wider than its walkway by more than this (ft): an interpretation.
HEAD_WIDENING_FT = 1.0
#: Spacing (ft) of the cross-sections that find a dock's walkway width and its head.
SECTION_STEP_FT = 0.5


def audit_docks(
    layers: ScreenLayers, parcels: gpd.GeoDataFrame, *, profile: Profile | RuleSet | None = None, tolerance_ft: float = 5.0,
    dock_id_field: str | None = None, component_field: str | None = None, draft_ft: float | None = None,
) -> gpd.GeoDataFrame:
    """Review every existing dock against the geometric checks of its own lot (Docks C, D(1), D(2)(b), D(2)(c)).

    Parameters
    ----------
    layers : ScreenLayers
        The screen's layers; ``layers.docks`` is required.
    parcels : GeoDataFrame
        The screen's parcel table (``parcel_id``, ``fronts_mhw``, geometry).
    profile : Profile
    tolerance_ft : float
        How close to the MHW line a parcel boundary counts as on it.
    dock_id_field : str, optional
        The docks layer's field grouping component features into one dock;
        without it, features within :data:`SAME_DOCK_FT` of one another are one dock.
    component_field : str, optional
        The docks layer's component field (matched regardless of case). When
        not given, :data:`COMPONENT_FIELD` if the layer has it; a layer without
        it has its components inferred (:func:`infer_components`).
    draft_ft : float, optional
        With the layers' soundings, the navigable-depth limit of Docks D(1) is
        checked too, from the soundings within :data:`AUDIT_RADIUS_FT`.

    Returns
    -------
    GeoDataFrame
        One row per dock: ``dock_id``, its lot's ``parcel_id``, the
        measurements (:data:`AUDIT_COLUMNS`), ``components`` (from the field, or
        inferred), the failing checks and ``verdict``: ``noncompliant`` when a
        check fails, else ``needs data`` when the soundings were given but do
        not reach far enough along the dock, else ``compliant``; ``not
        reviewed: ...`` saying why a dock could not be measured. And the footprint.
    """
    docks = layers.docks
    if docks is None:
        raise DockReviewError("--audit needs a docks layer (--docks)")
    dock_geoms = np.asarray(docks.geometry.values, dtype=object)
    group = docks[dock_id_field].astype(str).to_numpy() if dock_id_field else _touching(dock_geoms, SAME_DOCK_FT / layers.ft_per_unit)
    field = _component_column(docks, component_field)
    kinds = None if field is None else docks[field].astype(str).to_numpy()
    rules = ruleset(profile)
    context = _AuditContext(layers, parcels, tolerance_ft, draft_ft)
    given = {name for name in ("channels", "docks", "soundings") if getattr(layers, name) is not None}
    scope = rules.decidable(given | ({"draft"} if draft_ft is not None else set()))
    rows, shapes = [], []
    for name in pd.unique(group):
        members = np.flatnonzero(group == name)
        footprint = shapely.union_all(dock_geoms[members])
        shapes.append(footprint)
        row = {"dock_id": name, "parcel_id": None, **{c: np.nan for c in AUDIT_COLUMNS}, "components": "", "failed": ""}
        try:
            row.update(_review_dock(context, members, footprint, None if kinds is None else kinds[members], field, rules, scope))
        except LOT_ERRORS as exc:
            row["verdict"] = not_reviewed(exc)
        rows.append(row)
    return gpd.GeoDataFrame(pd.DataFrame(rows), geometry=gpd.GeoSeries(shapes, crs=layers.crs))


class _AuditContext:
    """What every dock's review shares: the shore, the waterfront lots, and trees of the docks, channels, soundings."""

    def __init__(self, layers: ScreenLayers, parcels: gpd.GeoDataFrame, tolerance_ft: float, draft_ft: float | None) -> None:
        self.layers = layers
        self.shore = MhwIndex(layers.mhw)
        waterfront = parcels[parcels["fronts_mhw"].to_numpy(dtype=bool)]
        lots = waterfront_parts(waterfront.geometry.values, self.shore, tolerance_ft / layers.ft_per_unit).polygon
        usable = ~shapely.is_missing(lots)
        self.lots, self.lot_ids = lots[usable], waterfront["parcel_id"].to_numpy()[usable]
        self.lot_tree = shapely.STRtree(self.lots)
        self.docks = np.asarray(layers.docks.geometry.values, dtype=object)
        self.dock_tree = shapely.STRtree(self.docks)
        self.channels = None if layers.channels is None else np.asarray(layers.channels.geometry.values, dtype=object)
        self.channel_tree = None if self.channels is None else shapely.STRtree(self.channels)
        self.sounding_tree = None if layers.soundings is None else shapely.STRtree(layers.soundings.geometry.values)
        self.settings = ReviewSettings(mhw_tolerance_ft=tolerance_ft)
        self.vessel = Vessel(draft_ft=draft_ft)

    def landward_end(self, footprint: shapely.Geometry) -> shapely.Point:
        """The dock's point nearest the MHW line."""
        chunk, _ = self.shore.nearest(np.array([footprint], dtype=object))
        return shapely.get_point(shapely.shortest_line(footprint, self.shore.chunks[chunk[0]]), 0)

    def site(self, lot: int, members: np.ndarray, footprint: shapely.Geometry) -> Site:
        """A one-lot :class:`Site` for the dock: its lot, the shore, channels, other docks and soundings near it."""
        layers, ft = self.layers, self.layers.ft_per_unit
        parcel = self.lots[lot]
        area = shapely.buffer(shapely.envelope(shapely.union(parcel, footprint)), AUDIT_RADIUS_FT / ft)
        others = np.setdiff1d(self.dock_tree.query(area), members)
        channels = None
        if self.channel_tree is not None:
            channels = gpd.GeoDataFrame(geometry=self.channels[np.sort(self.channel_tree.query(area))], crs=layers.crs)
        soundings = None
        if self.sounding_tree is not None:
            near = np.sort(self.sounding_tree.query(area))
            soundings = layers.soundings.iloc[near] if len(near) else None
        parcel_id = str(self.lot_ids[lot])
        manifest = Manifest(
            Path("screen"), "audit", layers.crs.to_string(), {}, "parcel_id", parcel_id, DockSpec(), self.settings,
            vessel=self.vessel,
        )
        return Site(
            manifest=manifest, crs=layers.crs, ft_per_unit=ft, parcel=parcel,
            parcels=gpd.GeoDataFrame({"parcel_id": [parcel_id]}, geometry=[parcel], crs=layers.crs),
            mhw=self.shore.near(shapely.buffer(area, 3.0 * parcel.length)), channels=channels,
            docks=gpd.GeoDataFrame(geometry=self.docks[np.sort(others)], crs=layers.crs),
            dock_footprint=None, soundings=soundings,
        )


def _review_dock(context: _AuditContext, members, footprint, kinds, field: str | None, rules: RuleSet, scope) -> dict:
    """The audit row of one dock: its lot, measurements, components, failing checks and verdict."""
    if not len(context.lots):
        return {"verdict": "not reviewed: no waterfront lot in the parcel layer"}
    end = context.landward_end(footprint)
    lot = int(context.lot_tree.query_nearest(end, all_matches=False)[0])
    site = context.site(lot, members, footprint)
    ft = site.ft_per_unit
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        riparian = riparian_geometry(site.parcel, site.mhw, tolerance=site.to_units(site.manifest.review.mhw_tolerance_ft), ft_per_unit=ft)
        if kinds is None:
            kinds, geoms, how = infer_components(footprint, np.asarray(end.coords[0]), ft_per_unit=ft)
        else:
            geoms, how = context.docks[members], f"from field '{field}'"
        frame = gpd.GeoDataFrame({"component": kinds}, geometry=list(geoms), crs=site.crs)
        spec = DockSpec(footprint=LayerSpec(Path("docks"), None, None, "docks"))
        m, _ = measure(site, riparian, footprint_dock(frame, spec, riparian), rules)
    results = rules.run(m, facts_of(site), select=scope)
    failed = [c.id for c in results if c.status == FAIL]
    return {
        "parcel_id": context.lot_ids[lot],
        **{c: np.nan if m[c] is None else m[c] for c in AUDIT_COLUMNS},
        "components": how,
        "failed": ", ".join(failed),
        "verdict": verdict(results),
    }


def _touching(geoms: np.ndarray, tolerance: float) -> np.ndarray:
    """A dock number per feature: features within ``tolerance`` of one another share one."""
    left, right = shapely.STRtree(geoms).query(geoms, predicate="dwithin", distance=tolerance)
    graph = coo_matrix((np.ones(len(left)), (left, right)), shape=(len(geoms), len(geoms)))
    return connected_components(graph, directed=False)[1].astype(str)


def _component_column(docks: gpd.GeoDataFrame, name: str | None) -> str | None:
    """The docks layer's component field, whatever its case; None when the default one is absent.

    Raises
    ------
    LayerError
        When a field named by the user is absent, or two fields differ only in case.
    """
    fields = [str(c) for c in docks.columns if c != docks.geometry.name]
    matches = [c for c in fields if c.lower() == (name or COMPONENT_FIELD).lower()]
    if len(matches) > 1:
        raise LayerError(f"docks layer: fields {', '.join(matches)} differ only in case; name the component field exactly")
    if not matches and name is not None:
        raise LayerError(f"docks layer: no field '{name}' (--component-field); fields: {', '.join(fields)}")
    return matches[0] if matches else None


def infer_components(footprint, landward_end: np.ndarray, *, ft_per_unit: float) -> tuple[list[str], list, str]:
    """The walkway and float of a dock drawn without components, from its outline (Docks D(2)(b), D(2)(c)).

    Cross-sections square to the dock's axis (the long side of its minimum
    rotated rectangle, pointing away from ``landward_end``) are taken every
    :data:`SECTION_STEP_FT`. The walkway's width is their median over the
    landward half of the dock; the head is the run of cross-sections at the
    seaward end, all wider than that by more than :data:`HEAD_WIDENING_FT`. The
    head starts at the landward-most vertex between its first cross-section
    and the one before (where the outline widens), and is the float; the rest
    is the walkway. A dock with no such head, or wide all along, is all walkway
    (a 10-ft walkway still fails Docks D(2)(b)).

    Returns
    -------
    kinds : list of str
    geometries : list of geometries
    how : str
        ``"inferred: walkway + float head"`` or ``"inferred: walkway only (no wider head at the seaward end)"``.
    """
    axis = long_axis(footprint)
    xy = shapely.get_coordinates(footprint)
    if (xy.mean(axis=0) - landward_end) @ axis < 0:
        axis = -axis
    across = left_of(axis)
    t, c = (xy - landward_end) @ axis, (xy - landward_end) @ across
    t0, t1 = float(t.min()), float(t.max())
    n = max(math.ceil((t1 - t0) * ft_per_unit / SECTION_STEP_FT), 2)
    at = t0 + (np.arange(n) + 0.5) * (t1 - t0) / n
    lo, hi = float(c.min()) - 1.0, float(c.max()) + 1.0
    ends = landward_end + at[:, None] * axis
    sections = shapely.linestrings(np.stack([ends + lo * across, ends + hi * across], axis=1))
    width = shapely.length(shapely.intersection(footprint, sections))
    walkway_width = float(np.median(width[at <= (t0 + t1) / 2]))
    wide = width > walkway_width + HEAD_WIDENING_FT / ft_per_unit
    if not wide[-1] or wide.all():
        return ["walkway"], [footprint], "inferred: walkway only (no wider head at the seaward end)"
    first = int(np.flatnonzero(~wide)[-1]) + 1
    between = t[(t > at[first - 1]) & (t <= at[first])]
    start = float(between.min()) if len(between) else float(at[first - 1] + at[first]) / 2
    walkway = _area_of(shapely.intersection(footprint, rectangle(landward_end, axis, (t0 - 1.0, start), (lo, hi))))
    head = _area_of(shapely.intersection(footprint, rectangle(landward_end, axis, (start, t1 + 1.0), (lo, hi))))
    return ["walkway", "float"], [walkway, head], "inferred: walkway + float head"


def _area_of(geom: shapely.Geometry) -> shapely.Geometry:
    """The polygons of a cut, without the edges it leaves where the pieces touched."""
    parts = shapely.get_parts(shapely.get_parts(geom))
    return shapely.union_all(parts[shapely.get_dimensions(parts) == 2])
