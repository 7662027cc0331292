"""The screen's table of one layer of parcels, or of one partition of it: figures, eligibility and reasons.

:func:`screen_tables` runs the per-lot figures (:func:`~dockreview.batch.figures.lot_figures`)
on the parcels that have a geometry, then writes one row per parcel -- its
figures, property class, eligibility and every reason,
decided in arrays (:meth:`dockreview.rules.RuleSet.lot_reasons`) -- and the envelopes. The
local backend calls it on the whole layer, the Dask backend on each partition.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import NamedTuple

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely

from dockreview.batch.eligibility import lot_eligibility
from dockreview.batch.figures import lot_figures, methods_with_dock, shore_work, unreviewed_rows
from dockreview.batch.layers import ScreenLayers
from dockreview.rules import RuleSet


@dataclass(frozen=True)
class TableOptions:
    """How the table is written: the parcels' id and class fields, the qualifying classes, the MHW tolerance (ft),
    whether it counts the riparian methods under which each lot can have a dock (``screen --methods``), and the
    parcels' address field, copied to the column ``address`` (``screen --address-field``); and the layers'
    accuracy (:func:`~dockreview.batch.eligibility.screen_accuracy`), for the column ``eligibility`` (none
    without it)."""

    id_field: str | None = None
    class_field: str | None = None
    qualifying: tuple[str, ...] | None = None
    tolerance_ft: float = 5.0
    methods: bool = False
    address_field: str | None = None
    accuracy: dict | None = None


def screen_tables(
    layers: ScreenLayers, rules: RuleSet, options: TableOptions, depth, *, progress: bool | None = False, workers: int = 1,
    row_ids: np.ndarray | None = None, work=None, beside: np.ndarray | None = None,
) -> tuple[gpd.GeoDataFrame, gpd.GeoDataFrame]:
    """The parcel table and the envelopes of ``layers.parcels`` (one row per parcel, in order).

    ``row_ids``, when given, are the parcels' ids to use without an id field
    (their row numbers in the whole layer, for a partition or a batch);
    ``work`` is the shore's :func:`~dockreview.batch.figures.shore_work`, when
    built already. With ``options.methods`` the table counts the riparian
    methods under which each lot can have a dock
    (:func:`~dockreview.batch.figures.methods_with_dock`). ``beside`` are
    parcels of the layer beside these and not among them, drawn only for
    their neighbours' corners (:func:`~dockreview.batch.figures.lot_figures`).
    With ``options.accuracy`` the column ``eligibility`` follows ``eligible``
    (:func:`~dockreview.batch.eligibility.lot_eligibility`). The envelopes
    are in their lots' order, their index the lots' rows in the table. A
    ``work`` that keeps the lots' water corners adds them to the table as the
    column ``water_corners``, for the audit after the screen.
    """
    parcels = layers.parcels
    geoms = parcels.geometry.values
    present = np.flatnonzero(~(shapely.is_missing(geoms) | shapely.is_empty(geoms)))
    some = dataclasses.replace(layers, parcels=parcels.iloc[present].reset_index(drop=True))
    figures = lot_figures(some, rules, options.tolerance_ft, progress, depth, workers=workers, work=work, beside=beside)
    counted = methods_with_dock(
        some, rules, options.tolerance_ft, depth, figures, workers=workers, work=work, beside=beside,
    ) if options.methods else None
    figures.index = present[figures.index.to_numpy(dtype=int)]
    missing = np.setdiff1d(np.arange(len(geoms)), present)
    figures = pd.concat([figures, unreviewed_rows(missing, "not reviewed: the parcel has no geometry", fronts=False)])
    table = parcel_table(parcels, figures, options, rules, row_ids=row_ids)
    if "water_corners" in figures:  # kept for the audit (``work.keeps_corners``), which takes the column off
        table["water_corners"] = figures["water_corners"].reindex(np.arange(len(geoms))).to_numpy()
    if options.accuracy is not None:
        def decide(rows, moved):
            return parcel_reasons(parcels.iloc[rows], moved.set_axis(np.arange(len(rows))), options, rules).reasons == ""

        shore = work or shore_work(some, rules, options.tolerance_ft, depth)
        column = lot_eligibility(figures, table["eligible"].to_numpy(), decide, geoms, shore, options.accuracy, workers=workers)
        table.insert(table.columns.get_loc("eligible") + 1, "eligibility", column)
    if counted is not None:
        for name, column in counted.items():
            values = np.zeros(len(geoms), dtype=int) if name == "methods_with_dock" else np.full(len(geoms), "", dtype=object)
            values[present[counted.index.to_numpy(dtype=int)]] = column.to_numpy()
            table[name] = values
    envelopes = figures["envelope"].to_numpy()
    has_area = shapely.area(envelopes) > 0
    lots = figures.index.to_numpy(dtype=int)[has_area]
    env_frame = gpd.GeoDataFrame(
        {"parcel_id": table["parcel_id"].to_numpy()[lots]}, geometry=gpd.GeoSeries(envelopes[has_area], crs=layers.crs),
    ).set_axis(lots).sort_index(kind="stable")
    return table, env_frame


def _class_code(value) -> str | None:
    """A property-class code as text (``210.0`` reads as ``"210"``, as the review reads its lot's); None when blank."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip() or None


def _texts(values: pd.Series) -> np.ndarray:
    """A field's values as text, a blank value as ``""``."""
    return np.where(values.notna().to_numpy(), values.astype(str).to_numpy(), "").astype(object)


def parcel_table(parcels, figures: pd.DataFrame, options: TableOptions, rules: RuleSet, *, row_ids=None) -> gpd.GeoDataFrame:
    """One row per parcel: its figures, property class, eligibility and every reason (Docks B, C, D(1))."""
    n = len(parcels)
    fig = figures.reindex(np.arange(n))
    if options.id_field:
        ids = parcels[options.id_field].astype(str).to_numpy()
    else:
        ids = (np.arange(n) if row_ids is None else np.asarray(row_ids)).astype(str)
    decided = parcel_reasons(parcels, fig, options, rules)
    columns, reasons = decided.columns, decided.reasons
    return gpd.GeoDataFrame(
        {
            "parcel_id": ids,
            **({"address": _texts(parcels[options.address_field])} if options.address_field else {}),
            "fronts_mhw": decided.fronts,
            "frontage_ft": columns["frontage_ft"],
            "property_class": decided.classes,
            "class_qualifies": decided.qualifies if options.class_field else np.full(n, None, dtype=object),
            "required_setback_ft": columns["required_setback_ft"],
            "band_width_ft": columns["band_width_ft"],
            "envelope_area_sqft": columns["envelope_area_sqft"],
            "greatest_reach_ft": fig["greatest_reach_ft"].to_numpy(dtype=float),
            "reach_limit_ft": columns["reach_limit_ft"],
            "needs_data": decided.needs_data,
            "existing_docks": fig["existing_docks"].fillna(0).astype(int).to_numpy(),
            "eligible": reasons == "",
            "reasons": reasons,
        },
        geometry=parcels.geometry.values,
        crs=parcels.crs,
    )


class Decided(NamedTuple):
    """What :func:`parcel_table` decides of each parcel from its figures: whether it fronts the MHW line, its property
    class and whether that qualifies, the figures' columns the reasons read, whether its reach limit needs data, and
    why it can have no dock (``""`` when it can)."""

    fronts: np.ndarray
    classes: np.ndarray
    qualifies: np.ndarray
    columns: dict
    needs_data: np.ndarray
    reasons: np.ndarray


def parcel_reasons(parcels, figures: pd.DataFrame, options: TableOptions, rules: RuleSet) -> Decided:
    """:class:`Decided` of each parcel (``figures`` one row each, in order), without the table round it: what the
    screen's re-decisions with moved figures ask (:func:`~dockreview.batch.eligibility.lot_eligibility`)."""
    class_field, qualifying = options.class_field, options.qualifying
    n = len(parcels)
    fig = figures.reindex(np.arange(n))
    fronts = fig["fronts_mhw"].eq(True).to_numpy()
    unreviewed = fig["not_reviewed"].to_numpy()
    if class_field and qualifying is not None:
        codes, values = pd.factorize(parcels[class_field], use_na_sentinel=True)
        known = np.array([_class_code(v) for v in values] + [None], dtype=object)
        classes = known[codes]  # a blank class (code -1) reads as None
        qualifies = np.isin(classes, list(qualifying))
    else:
        classes = np.full(n, None, dtype=object)
        qualifies = np.full(n, True)
    columns = {
        c: fig[c].to_numpy(dtype=float)
        for c in ("frontage_ft", "band_width_ft", "required_setback_ft", "envelope_area_sqft", "nearest_obstacle_ft")
    }
    band_empty = fig["band_empty"].eq(True).to_numpy()
    needs = fig["needs_data"].where(fig["needs_data"].map(lambda v: isinstance(v, str)), "").to_numpy(dtype=object)
    needs_data = needs != ""
    limit = fig["reach_limit_ft"].to_numpy(dtype=float)
    # the band is empty only because navigable depth is reached at the shore, not for want of room
    at_shore = band_empty & (columns["band_width_ft"] > 0) & (limit < rules.reach_cap_ft())
    reasons = _reasons(fronts, unreviewed, qualifies, classes, columns, band_empty, at_shore, limit, needs, rules)
    return Decided(fronts, classes, qualifies, {**columns, "reach_limit_ft": limit}, needs_data, reasons)


def _reasons(fronts, unreviewed, qualifies, classes, columns: dict, band_empty, at_shore, limit, needs, rules: RuleSet) -> np.ndarray:
    """Why each parcel can have no dock, each reason with its numbers ("" when it can), decided in arrays.

    ``needs`` says, per lot, what its reach limit hangs on that is unknown ("" when nothing is).
    """
    n = len(fronts)
    said = np.array([isinstance(u, str) for u in unreviewed], dtype=bool)
    lots = fronts & ~said
    kinds = {code: rules.class_reason(code) for code in set(classes[~qualifies].tolist())}
    by_class = np.full(n, "", dtype=object)
    by_class[~qualifies] = [kinds[c] for c in classes[~qualifies].tolist()]
    why = np.full(n, "", dtype=object)
    why[said] = unreviewed[said]
    why[~fronts & ~said] = "does not front the MHW line"
    rows = np.flatnonzero(lots)
    nearest = columns["nearest_obstacle_ft"][rows]
    lot_columns = rules.lot_reasons(
        frontage_ft=columns["frontage_ft"][rows], band_width_ft=columns["band_width_ft"][rows],
        required_setback_ft=columns["required_setback_ft"][rows], band_empty=band_empty[rows] & ~at_shore[rows],
        envelope_empty=~(columns["envelope_area_sqft"][rows] > 0) & ~at_shore[rows], nearest_obstacle_ft=nearest,
    )
    depth = np.full(len(rows), "", dtype=object)
    shore = np.flatnonzero(at_shore[rows])
    section = ", ".join(dict.fromkeys(r.section for r in rules.rules if r.limits_reach and "soundings" in r.needs))
    depth[shore] = [f"navigable depth is reached at the shore: a dock may reach {v:,.1f} ft ({section})" for v in limit[rows][shore].tolist()]
    data = np.array([f"needs data: {text}" if text else "" for text in needs[rows].tolist()], dtype=object)
    why[rows] = join([*lot_columns, depth, data], len(rows))
    # a lot's class reason leads its own; an unreviewed parcel's follows the reason it was not reviewed
    led = join([by_class, why], n)
    return np.where(said, join([why, by_class], n), np.where(fronts, led, why)).astype(object)


def join(columns: list[np.ndarray], n: int) -> np.ndarray:
    """Each lot's texts from ``columns`` (arrays of texts, ``""`` for none) joined with ``"; "``.

    Examples
    --------
    >>> join([np.array(["a", ""], dtype=object), np.array(["b", ""], dtype=object)], 2).tolist()
    ['a; b', '']
    """
    if not columns:
        return np.full(n, "", dtype=object)
    table = np.vstack([np.asarray(c, dtype=object) for c in columns])
    some = np.flatnonzero((table != "").any(axis=0))
    out = np.full(n, "", dtype=object)
    out[some] = ["; ".join(t for t in row if t) for row in table[:, some].T.tolist()]
    return out
