"""The lot of each charted dock, when parcels are given (``dockreview audit --chart --parcels``): Docks B and C.

A dock's lot is the parcel whose lot polygon -- the part of a multipart
parcel the review measures, by the one waterfront-part rule
(:func:`dockreview.inputs.waterfront.waterfront_parts`) -- lies nearest the
dock's landward end and within :data:`LOT_SEARCH_FT` of it. Its riparian
geometry on the chart's land-water line is rebuilt as arrays where the
screen's kernel can (:func:`dockreview.batch.kernel.vector_riparian`), and by
:func:`dockreview.geometry.riparian.riparian_geometry` for the unusual lots the
kernel leaves, so the answers are the review's either way. The figures are
the lot's frontage (Docks B) and the dock's distance from the nearer of the
lot's side lines with their seaward extensions (Docks C); the setback the
rules require of that frontage comes from the rules.
"""

from __future__ import annotations

import warnings

import geopandas as gpd
import numpy as np
import shapely

from dockreview.batch.figures import screen_riparian_lines
from dockreview.batch.kernel import LOT_ERRORS, MhwIndex, straight_on, vector_riparian
from dockreview.batch.lines import ARRAY_METHODS
from dockreview.errors import DockReviewWarning, LayerError
from dockreview.geometry.riparian import riparian_geometry
from dockreview.inputs.waterfront import waterfront_parts
from dockreview.rules import RuleSet

#: A dock's lot is the parcel this close (ft) to the dock's landward end (its point nearest the land-water line).
LOT_SEARCH_FT = 25.0


def lot_figures(
    parcels: gpd.GeoDataFrame, charted: np.ndarray, landward: np.ndarray, reach: np.ndarray, shore: MhwIndex, *,
    rules: RuleSet, ft_per_unit: float, tolerance_ft: float, id_field: str | None = None,
) -> dict[str, np.ndarray]:
    """Each dock's lot and its lot figures: ``parcel_id``, ``frontage_ft``, ``setback_ft``, ``lot_note``.

    Parameters
    ----------
    parcels : GeoDataFrame
        The parcels, in the working CRS.
    charted, landward : ndarray of geometries
        Each dock as charted, and its landward end.
    reach : ndarray
        Each dock's overall reach (units): how far seaward the side lines must run.
    shore : MhwIndex
        The chart's land-water line.
    rules : RuleSet
    ft_per_unit, tolerance_ft : float
        Feet per unit; how close (ft) to the land-water line a boundary counts as on it.
    id_field : str, optional
        The parcels' id field (default: the row number).

    Returns
    -------
    dict of ndarray
        NaN figures (and the reason in ``lot_note``) where a dock has no lot or
        its lot cannot be measured.

    Raises
    ------
    LayerError
        When ``id_field`` is not a field of the parcels.
    """
    if id_field is not None and id_field not in parcels.columns:
        fields = ", ".join(c for c in parcels.columns if c != parcels.geometry.name)
        raise LayerError(f"parcels layer: no field '{id_field}' (--id-field); its fields are: {fields}")
    ft, n = ft_per_unit, len(charted)
    ids = parcels[id_field].astype(str).to_numpy() if id_field else np.arange(len(parcels)).astype(str)
    polys, _ = waterfront_parts(parcels.geometry.values, lambda parts: shore.nearest(parts)[1])
    usable = np.flatnonzero(~shapely.is_missing(polys))
    lot_of = np.full(n, -1)
    note = np.full(n, f"no parcel within {LOT_SEARCH_FT:.0f} ft of the dock's landward end", dtype=object)
    if len(usable):
        (dock, k), _ = shapely.STRtree(polys[usable]).query_nearest(
            landward, max_distance=LOT_SEARCH_FT / ft, return_distance=True, all_matches=False
        )
        lot_of[dock] = usable[k]
        note[dock] = ""
    frontage, side_a, side_b, why = _riparian(polys, np.unique(lot_of[lot_of >= 0]), charted, lot_of, reach, shore, rules, ft, tolerance_ft)
    has = np.flatnonzero(lot_of >= 0)
    lot = lot_of[has]
    measured = has[~shapely.is_missing(side_a[lot])]
    setback = np.full(n, np.nan)
    setback[measured] = np.minimum(
        shapely.distance(charted[measured], side_a[lot_of[measured]]), shapely.distance(charted[measured], side_b[lot_of[measured]])
    )
    parcel_id, length = np.full(n, None, dtype=object), np.full(n, np.nan)
    parcel_id[has], length[has], note[has] = ids[lot], frontage[lot], why[lot]
    return {"parcel_id": parcel_id, "frontage_ft": length * ft, "setback_ft": setback * ft, "lot_note": note}


def _riparian(polys, lots, charted, lot_of, reach, shore: MhwIndex, rules: RuleSet, ft: float, tolerance_ft: float):
    """Frontage length and the two side lines (units) of each lot in ``lots``; why a lot was not measured."""
    frontage = np.full(len(polys), np.nan)
    side_a = np.full(len(polys), None, dtype=object)
    side_b = np.full(len(polys), None, dtype=object)
    why = np.full(len(polys), "", dtype=object)
    if not len(lots):
        return frontage, side_a, side_b, why
    far = float(np.nanmax(reach[lot_of >= 0], initial=0.0))

    def beyond(length):
        return far + rules.required_setback_ft(length * ft) / ft

    lines = screen_riparian_lines(rules)
    extended = ARRAY_METHODS.get(lines["method"]) is straight_on  # the lines the chart's kernel draws
    rip, left = vector_riparian(polys[lots if extended else lots[:0]], shore, tolerance=tolerance_ft / ft, ft_per_unit=ft, beyond=beyond)
    if not extended:
        left = np.arange(len(lots))
    done = lots[rip.lot]
    frontage[done] = shapely.length(rip.frontage)
    side_a[done], side_b[done] = rip.side_a, rip.side_b
    for j in lots[left]:
        parcel = polys[j]
        mine = np.flatnonzero(lot_of == j)
        box = shapely.buffer(shapely.envelope(shapely.union_all([parcel, *charted[mine]])), 3.0 * parcel.length)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DockReviewWarning)
                riparian = riparian_geometry(
                    parcel, shore.near(box), tolerance=tolerance_ft / ft, ft_per_unit=ft, reach_hint=float(reach[mine].max()),
                    **lines,
                )
        except LOT_ERRORS as exc:
            why[j] = f"lot not measured: {exc}"
            continue
        frontage[j] = riparian.frontage.length
        side_a[j], side_b[j] = riparian.left_line, riparian.right_line
    return frontage, side_a, side_b, why
