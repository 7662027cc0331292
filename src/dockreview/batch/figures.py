"""Per-lot figures of a whole layer: the riparian geometry as arrays, the single-lot functions for the rest.

:func:`lot_figures` takes each parcel's polygon fronting the water and rebuilds
the usual lots' riparian geometry as arrays (:mod:`dockreview.batch.kernel`);
every other lot is measured by the single-lot functions, and a lot they cannot
review gets a row saying why; with soundings, the reach limit is the
navigable-depth limit (:mod:`dockreview.batch.depth`).
"""

from __future__ import annotations

import logging
import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
import shapely
from tqdm.auto import tqdm

from dockreview.batch.depth import NavigableDepth, band_middles, seaward_axes
from dockreview.batch.kernel import (
    LOT_ERRORS,
    MhwIndex,
    not_reviewed,
    vector_riparian,
    waterfront_parts,
)
from dockreview.batch.layers import ScreenLayers
from dockreview.batch.reach import greatest_reaches
from dockreview.errors import DockReviewError, DockReviewWarning
from dockreview.inputs.bathymetry import bathymetry
from dockreview.measure.depth import NAV_DEPTH_CLEARANCE_FT
from dockreview.measure.envelope import (
    REACH_TOLERANCE_FT,
    band_middle,
    band_width,
    dock_roots,
    docks_on_lot,
    keep_clear,
    lot_envelope,
    nearest_obstacle,
    obstacle_pairs,
    setback_band,
    setback_strips,
)
from dockreview.rules import RuleSet

log = logging.getLogger("dockreview")

#: How far out a lot's water is worked when no check caps the reach (ft).
FAR_WATER_FT = 1000.0
#: Lots worked together in one vectorised batch (bounds memory; one progress-bar step).
BATCH_LOTS = 20_000
#: Per-lot figures the envelope work gives, before the table is assembled. ``not_reviewed`` says why a
#: lot near the water has no figures (None when it has them).
FIGURE_COLUMNS = (
    "fronts_mhw", "frontage_ft", "required_setback_ft", "band_width_ft", "envelope_area_sqft", "greatest_reach_ft",
    "nearest_obstacle_ft", "existing_docks", "band_empty", "reach_limit_ft", "needs_data", "envelope", "not_reviewed",
)


# ---------------------------------------------------------------------------
# the figures of every lot near the water
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class _Work:
    """What every batch of lots shares: the layers, the indexed shore, the docks' landward ends, the settings."""

    layers: ScreenLayers
    mhw: MhwIndex
    rules: RuleSet
    tolerance_ft: float
    depth: NavigableDepth | None
    channels: np.ndarray | None
    docks: np.ndarray | None
    roots: np.ndarray | None

    @classmethod
    def of(cls, layers: ScreenLayers, rules: RuleSet, tolerance_ft: float, depth: NavigableDepth | None) -> "_Work":
        mhw = MhwIndex(layers.mhw)
        channels, docks = (
            None if frame is None else np.asarray(frame.geometry.values, dtype=object) for frame in (layers.channels, layers.docks)
        )
        # each dock's landward end, as dock_roots finds it on the whole MHW line: on the piece nearest the dock
        roots = None if docks is None or not len(docks) else dock_roots(docks, mhw.chunks[mhw.nearest(docks)[0]])
        return cls(layers, mhw, rules, tolerance_ft, depth, channels, docks, roots)


def lot_figures(
    layers: ScreenLayers, rules: RuleSet, tolerance_ft: float, progress: bool | None, depth: NavigableDepth | None
) -> pd.DataFrame:
    """Envelope figures (:data:`FIGURE_COLUMNS`) of every parcel fronting the MHW line, by parcel row number.

    Each parcel is measured on its polygon fronting the water (repaired,
    the part nearest the MHW line). The lots within ``tolerance_ft`` of the MHW
    line are worked as arrays where the kernel can
    (:func:`~dockreview.screen_kernel.vector_riparian`), else one by one; a
    parcel with no polygon, or a lot the single-lot functions cannot review,
    has a row whose ``not_reviewed`` says why.
    """
    work = _Work.of(layers, rules, tolerance_ft, depth)
    lots = waterfront_parts(layers.parcels.geometry.values, work.mhw, tolerance_ft / layers.ft_per_unit)
    polys = lots.polygon
    if lots.repaired.any():
        log.info("%d invalid parcels repaired with make_valid", int(lots.repaired.sum()))
    frames = [unreviewed_rows(np.flatnonzero(shapely.is_missing(polys)), "not reviewed: the parcel has no polygon area", fronts=False)]
    fronting = np.flatnonzero(lots.fronts)
    batches = [fronting[i : i + BATCH_LOTS] for i in range(0, len(fronting), BATCH_LOTS)]
    for batch in tqdm(batches, desc="screen", unit="batch", disable=False if progress else (None if progress is None else True)):
        figures, left = _array_figures(polys, batch, work)
        frames.append(figures)
        if len(left):
            log.info("%d lots measured one by one (an unusual shore or side line)", len(left))
            frames.append(_one_by_one(polys, left, work))
    return pd.concat([f for f in frames if len(f)] or frames[:1])


def unreviewed_rows(rows: np.ndarray, reason: str, *, fronts: bool) -> pd.DataFrame:
    """Figure rows of parcels that were not reviewed, with the reason why."""
    frame = pd.DataFrame(index=np.asarray(rows, dtype=int), columns=list(FIGURE_COLUMNS), dtype=object)
    frame["fronts_mhw"] = fronts
    frame["envelope"] = None
    frame["not_reviewed"] = reason
    return frame


def _array_figures(polys: np.ndarray, lots: np.ndarray, work: _Work) -> tuple[pd.DataFrame, np.ndarray]:
    """Envelope figures of the lots ``lots`` (indices into ``polys``) worked as arrays, and the lots left over."""
    rules, ft = work.rules, work.layers.ft_per_unit
    cap_ft = rules.reach_cap_ft()
    max_reach = (cap_ft if np.isfinite(cap_ft) else FAR_WATER_FT) / ft

    def beyond(frontage):
        return max_reach + rules.required_setback_ft(frontage * ft) / ft

    rip, left_over = vector_riparian(polys[lots], work.mhw, tolerance=work.tolerance_ft / ft, ft_per_unit=ft, beyond=beyond)
    parcels = polys[lots[rip.lot]]
    frontage_ft = shapely.length(rip.frontage) * ft
    setback_ft = rules.required_setback_ft(frontage_ft)
    strips = setback_strips(rip.side_a, rip.side_b, setback_ft / ft)
    width_ft = band_width(rip.frontage, strips) * ft
    reach_ft = np.full(len(rip.lot), cap_ft)
    if work.depth is not None:
        reach_ft = work.depth.limits(
            shapely.get_coordinates(band_middles(rip.frontage, strips)), seaward_axes(rip.frontage, parcels), ft_per_unit=ft,
        )
    needs_data = np.isnan(reach_ft)
    band_reach = np.where(needs_data, cap_ft, reach_ft)
    band = setback_band(rip.zone, strips, rip.frontage, band_reach / ft)
    own_dock, own_lot = docks_on_lot(parcels, rip.zone, rip.frontage, work.roots, work.tolerance_ft / ft)
    clearances = [None if (c := rules.terminus_clearance_ft(t)) is None else c / ft for t in ("channels", "docks")]
    obstacles = obstacle_pairs(band, work.channels, work.docks, own_lot, own_dock, clearances)
    envelope = keep_clear(band, obstacles)
    figures = pd.DataFrame(
        {
            "fronts_mhw": True,
            "frontage_ft": frontage_ft,
            "required_setback_ft": setback_ft,
            "band_width_ft": width_ft,
            "envelope_area_sqft": shapely.area(envelope) * ft * ft,
            "greatest_reach_ft": greatest_reaches(envelope, rip.frontage, REACH_TOLERANCE_FT / ft, reach=band_reach / ft) * ft,
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
                    poly, work.mhw.near(box), ft_per_unit=ft, rules=work.rules, channels=channels, docks=docks,
                    tolerance_ft=work.tolerance_ft, depth=work.depth,
                )
        except LOT_ERRORS as exc:
            log.debug("lot %s: %s", i, exc)
            rows.append(unreviewed_rows(np.array([i]), not_reviewed(exc), fronts=True))
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


def _depth_limited_envelope(poly, mhw, *, ft_per_unit, rules, channels, docks, tolerance_ft, depth: NavigableDepth | None):
    """``lot_envelope`` of one lot within its navigable-depth limit (Docks D(1)), and that limit (ft; NaN: needs data).

    The limit is found along the lot's axis (square to the frontage) from the
    middle of its band (the frontage's middle when it has none), and applied
    when under the 200-ft cap, as the review's envelope applies the reach its
    checks allow.
    """
    env = lot_envelope(poly, mhw, ft_per_unit=ft_per_unit, rules=rules, channels=channels, docks=docks, tolerance_ft=tolerance_ft)
    if depth is None:
        return env, env.reach_limit_ft
    origin = shapely.get_coordinates(band_middle(env))
    limit = float(depth.limits(origin, env.riparian.seaward[None, :], ft_per_unit=ft_per_unit)[0])
    if limit < env.reach_limit_ft:
        env = lot_envelope(
            poly, mhw, ft_per_unit=ft_per_unit, rules=rules, channels=channels, docks=docks, tolerance_ft=tolerance_ft,
            reach_ft=limit,
        )
    return env, limit


def navigable_depth(layers: ScreenLayers, rules: RuleSet, draft_ft: float | None, float_extent_ft: float) -> NavigableDepth | None:
    """The layers' soundings triangulated once, with the depth a dock must reach (Docks D(1)).

    None without soundings, or when no check of the rules limits the reach by navigable depth.
    """
    if layers.soundings is None:
        if draft_ft is not None:
            raise DockReviewError("a vessel draft (--draft) needs a soundings layer (--soundings)")
        return None
    if draft_ft is None:
        raise DockReviewError("a soundings layer (--soundings) needs the vessel draft (--draft) to find navigable depth")
    if draft_ft <= 0 or float_extent_ft < 0:
        raise DockReviewError("--draft must be positive and --float-extent not negative")
    if not rules.of_kind("navigable-reach"):
        return None
    surface = bathymetry(layers.soundings, label="soundings layer")
    clearance = rules.profile.get("nav_depth_clearance_ft", NAV_DEPTH_CLEARANCE_FT)
    return NavigableDepth(surface, draft_ft + clearance, rules, float_extent_ft)

