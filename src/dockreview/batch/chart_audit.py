"""The audit of a chart's docks (``dockreview audit --chart``): every charted dock reviewed without a survey.

The chart is read by :func:`dockreview.inputs.chart.read_chart`. Its pier
features -- shoreline constructions charted as piers and pontoons -- are
joined into docks where they touch (:func:`dockreview.batch.chart_docks.group_docks`:
a T-head drawn as a stem and a head is one dock, a pier with three fingers
another), and every dock is measured at once, on shapely arrays
(:func:`dockreview.batch.chart_docks.dock_figures`; with parcels,
:func:`dockreview.batch.chart_lots.lot_figures`).

The figures are decided by the profile's rules, through the one runner
(:func:`dockreview.rules.ruleset`): each check of :func:`audit_scope` -- the
bounds whose figures the chart gives -- decides every dock with its vectorised
:meth:`~dockreview.rules.kind.Bound.statuses` (not applicable where the rule says
so), and :func:`dockreview.rules.verdicts` gives each dock its verdict
(compliant, noncompliant, incomplete). A figure the chart cannot give -- the
width of a pier charted as a line, the area of a pontoon charted as one -- is
NaN, and its check needs data.
"""

from __future__ import annotations

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely

from dockreview.batch.audit import SAME_DOCK_FT
from dockreview.batch.chart_docks import dock_figures, group_docks
from dockreview.batch.chart_lots import lot_figures
from dockreview.batch.kernel import MhwIndex
from dockreview.errors import LayerError
from dockreview.inputs.chart import Chart
from dockreview.inputs.manifest import ReviewSettings
from dockreview.profile import Profile
from dockreview.rules import RuleSet, ruleset, verdicts
from dockreview.rules.base import FAIL, NOT_APPLICABLE, Facts
from dockreview.rules.kind import Bound

#: The figures of each dock written to the audit (ft, sq ft); with parcels also :data:`LOT_COLUMNS`.
FIGURE_COLUMNS = (
    "reach_ft", "length_ft", "overall_reach_ft", "channel_clearance_ft", "dock_clearance_ft", "max_width_ft",
    "float_area_sqft", "float_count",
)
LOT_COLUMNS = ("parcel_id", "frontage_ft", "required_setback_ft", "setback_ft", "lot_note")
#: The layers a chart supplies to the checks: its channels and anchorages, and its other docks.
CHART_LAYERS = frozenset({"channels", "docks"})


def audit_scope(rules: RuleSet, figures, given=CHART_LAYERS) -> tuple[Bound, ...]:
    """The checks an audit decides: those the rules call decidable from the layers ``given``
    (:meth:`~dockreview.rules.RuleSet.decidable`) that are bounds on a figure in ``figures``.

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> [r.id for r in audit_scope(ruleset(), ["overall_reach_ft", "channel_clearance_ft", "dock_clearance_ft"])]
    ['reach', 'channel-clearance', 'dock-clearance']
    """
    have = set(figures)
    chosen = (rules.rule(check) for check in rules.decidable(given))
    return tuple(r for r in chosen if isinstance(r, Bound) and r.measure in have)


def decide(scope: tuple[Bound, ...], figures: dict[str, np.ndarray], facts: Facts) -> dict[str, np.ndarray]:
    """Each check's status for every dock: the rule's vectorised statuses, not applicable where the rule says so."""
    n = len(next(iter(figures.values())))
    rows = [{k: v[i] for k, v in figures.items()} for i in range(n)]
    out = {}
    for rule in scope:
        status = np.asarray(rule.statuses(figures), dtype=object)
        status[[rule.inapplicable(row, facts) is not None for row in rows]] = NOT_APPLICABLE
        gated = rule.off_water(facts)
        out[rule.id] = np.full(n, gated.status, dtype=object) if gated is not None else status
    return out


def audit_chart(
    chart: Chart, *, profile: Profile | RuleSet | str | None = None, ft_per_unit: float, parcels: gpd.GeoDataFrame | None = None,
    id_field: str | None = None, tolerance_ft: float = 5.0, terminus_depth_ft: float | None = None, progress: bool | None = None,
) -> gpd.GeoDataFrame:
    """Review every charted dock against the checks the chart can decide, and the lot checks when parcels are given.

    Parameters
    ----------
    chart : Chart
        In a projected CRS of ``ft_per_unit`` feet per unit.
    profile : Profile, RuleSet, str or None
        The rules (default: Kings Point).
    parcels : GeoDataFrame, optional
        In the chart's CRS: each dock's lot is found (:mod:`dockreview.batch.chart_lots`)
        and its frontage and side setback are checked.
    id_field : str, optional
        The parcels' id field copied to ``parcel_id`` (default: the row number).
    tolerance_ft : float
        How close to the land-water line a parcel boundary counts as on it (as ``review.mhw_tolerance_ft``).
    terminus_depth_ft : float, optional
        The terminus is the part of a dock within this of its greatest reach
        (default: the review's, ``review.terminus_depth_ft``).
    progress : bool, optional
        No effect: the audit works as arrays, with no loop over the docks to show.

    Returns
    -------
    GeoDataFrame
        One row per dock: ``dock_id`` (its first feature's id), ``features``
        (every feature's ``cell:LNAM``), ``feature_count``, ``classes``,
        ``cell``, ``name`` (the charted OBJNAMs), ``charted_as``; the figures
        (:data:`FIGURE_COLUMNS`, with parcels :data:`LOT_COLUMNS`; NaN where
        the chart cannot give one); ``status_<check>`` for each check of
        :func:`audit_scope`; ``failed`` and ``verdict``. The geometry is the
        union of the dock's features, its lines drawn
        :data:`~dockreview.batch.chart_docks.DRAWN_WIDTH_FT` wide.

    Raises
    ------
    LayerError
        When the chart has no piers, or no land-water line to measure from.
    """
    ft = ft_per_unit
    piers = chart.piers[chart.piers.geometry.notna() & ~chart.piers.geometry.is_empty]
    if piers.empty:
        raise LayerError(f"chart {chart.describe()}: no piers to audit (SLCONS with CATSLC = 4, or PONTON)")
    shore = _land_water_line(chart)
    channels = np.concatenate([np.asarray(chart.channels.geometry.values, dtype=object), np.asarray(chart.anchorages.geometry.values, dtype=object)])
    channels = shapely.force_2d(channels[~(shapely.is_missing(channels) | shapely.is_empty(channels))])
    depth = ReviewSettings().terminus_depth_ft if terminus_depth_ft is None else terminus_depth_ft
    docks = group_docks(piers, tolerance=SAME_DOCK_FT / ft)
    figures = dock_figures(docks, shore, channels, ft_per_unit=ft, terminus_depth_ft=depth)
    landward = figures.pop("landward_end")
    rules = ruleset(profile)
    lot = {}
    if parcels is not None:
        lot = lot_figures(
            parcels, docks.charted, landward, figures["overall_reach_ft"] / ft, shore, rules=rules, ft_per_unit=ft,
            tolerance_ft=tolerance_ft, id_field=id_field,
        )
        lot["required_setback_ft"] = np.asarray(rules.required_setback_ft(lot["frontage_ft"]), dtype=float)
        figures.update(frontage_ft=lot["frontage_ft"], setback_ft=lot["setback_ft"])
    empty = {"channels"} if not len(channels) else set()
    facts = Facts(layers=CHART_LAYERS, empty_layers=frozenset(empty | ({"docks"} if len(docks) < 2 else set())))
    statuses = decide(audit_scope(rules, figures), figures, facts)
    table = docks.describe()
    for column in FIGURE_COLUMNS:
        table[column] = figures[column]
    for column in LOT_COLUMNS if lot else ():
        table[column] = lot[column]
    for check, status in statuses.items():
        table[f"status_{check.replace('-', '_')}"] = status
    table["failed"] = [", ".join(c for c, s in statuses.items() if s[i] == FAIL) for i in range(len(table))]
    table["verdict"] = verdicts(statuses) if statuses else "incomplete"
    return gpd.GeoDataFrame(table, geometry=gpd.GeoSeries(docks.drawn(ft), crs=chart.piers.crs))


#: The former name, when each charted pier feature was a row.
audit_piers = audit_chart


def _land_water_line(chart: Chart) -> MhwIndex:
    """The chart's land-water line (coastline and shoreline constructions; an area's outline), indexed."""
    geoms = np.asarray(shapely.force_2d(chart.shoreline.geometry.values), dtype=object)
    geoms = geoms[~(shapely.is_missing(geoms) | shapely.is_empty(geoms))]
    lines = np.where(shapely.get_dimensions(geoms) == 2, shapely.boundary(geoms), geoms)
    merged = shapely.line_merge(shapely.union_all(lines)) if len(lines) else shapely.LineString()
    if shapely.length(merged) <= 0:
        raise LayerError(
            f"chart {chart.describe()}: no land-water line (COALNE, or wharves and seawalls among SLCONS) to measure "
            "the docks' reach from; add a cell that charts the shore"
        )
    return MhwIndex(merged)


def summary(result: pd.DataFrame) -> str:
    """``"188 docks (376 charted features): 0 compliant, 120 noncompliant, 68 incomplete"``."""
    counts = result["verdict"].value_counts()
    verdict_counts = ", ".join(f"{counts.get(v, 0)} {v}" for v in ("compliant", "noncompliant", "incomplete"))
    return f"{len(result)} docks ({int(result['feature_count'].sum())} charted features): {verdict_counts}"
