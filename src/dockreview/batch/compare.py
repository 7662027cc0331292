"""Two laws over one parcel layer: which lots lose or gain a dock, which existing docks a draft makes nonconforming.

``dockreview compare`` answers what a Board asks of a draft law before adopting it, at about the cost of one
screen (:func:`~dockreview.batch.screen.screen`). What a screen does splits by whether the rules decide it:

* the layers, read once (:func:`~dockreview.batch.layers.read_screen_layers`), and the shore's work built from
  them once (:func:`~dockreview.batch.figures.shore_work`: the indexed MHW line, the channels' and docks' trees,
  the docks' landward ends) do not depend on the rules: both laws share them;
* each lot's riparian geometry (its frontage, side lines and their zones) depends on the rules only through the
  riparian method and how far the lines are drawn: when both laws draw them alike, they are drawn once, as far as
  the farther-reaching law needs (:func:`both_figures`);
* each lot's envelope figures (the setback each side, the band between them, the reach limit, the envelope clear
  of obstacles) and the parcel table's eligibility and reasons are the rules' own: they are worked once per law
  on the shared geometry (the envelope's array steps of :mod:`dockreview.batch.figures`,
  :func:`~dockreview.batch.table.parcel_table`);
* with a docks layer, each existing dock is audited under each law (:func:`~dockreview.batch.audit.audit_docks`).

A check's outcome on a lot (:func:`lot_outcomes`) is what it alone answers there, asked by role: whether it
denies the lot any dock by its figures (:meth:`~dockreview.rules.kind.RuleKind.lot_denied`), whether the lot's
property class qualifies under it, the setback it keeps from each side line, the reach it caps, and whether its
clearance from channels and docks leaves the lot's band no room. A lot's ``rule`` lists every check whose
outcome differs between the laws, in the law's order then the draft's new checks; a dock's, every check it
fails under the draft and not under the law.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely

from dockreview.batch.audit import audit_docks, audit_docks_each
from dockreview.batch.depth import seaward_axes
from dockreview.batch.figures import (
    BATCH_LOTS,
    CHUNKS_PER_WORKER,
    MIN_CHUNK_LOTS,
    MeasuredLots,
    envelope_figures_each,
    figures_one_by_one_each,
    lot_figures,
    screen_riparian_lines,
    shore_work,
    unreviewed_rows,
)
from dockreview.batch.kernel import vector_riparian, waterfront_parts
from dockreview.batch.layers import ScreenLayers
from dockreview.batch.parallel import default_workers, hilbert_order, map_chunks
from dockreview.batch.screen import prepare_screen
from dockreview.batch.table import join, parcel_table
from dockreview.errors import LayerError
from dockreview.measure.envelope import WORKED_WATER_FT
from dockreview.outputs.files import atomic_path, rounded_table
from dockreview.outputs.geopackage import geopackage
from dockreview.outputs.publish.lots import answers
from dockreview.outputs.style import DOCK_COLOURS, LOT_COLOURS
from dockreview.profile import Profile
from dockreview.rules import RuleSet

#: What each lot becomes under the draft, and a dock's status under the two laws: the map's words, in its legend's order.
#: A lot or dock that either law could not decide for want of data, or could not review, is said to be so: never
#: counted as losing, gaining or made nonconforming on an answer the data could not give.
CHANGES = tuple(LOT_COLOURS)
DOCK_STATUSES = tuple(DOCK_COLOURS)
#: The lots' changes the legend and the summary always show; the others where any lot has them.
SHOWN_CHANGES = ("loses a dock", "gains a dock", "eligible under both", "eligible under neither")
#: Figures of a lot whose difference under 1/100 ft is none (floating-point noise between two passes).
ROUND_FT = 2
#: The columns of :func:`lot_outcomes` that can give or take a lot's dock: a denial, a class, a setback, a clearance
#: (a reach cap shortens a dock but leaves the lot one).
DECIDING = [0, 1, 2, 4]


# ---------------------------------------------------------------------------
# the comparison
# ---------------------------------------------------------------------------
@dataclass
class Comparison:
    """Two laws over one layer: one row per waterfront lot, one per existing dock (None without docks), the rules.

    ``lots`` holds ``parcel_id``, ``frontage_ft``, ``eligible_law``, ``eligible_draft``, ``rule``, ``change``,
    ``decided_by``, each law's ``envelope_*_sqft``, ``greatest_reach_*_ft`` and ``reach_limit_*_ft``, and its reasons; ``docks`` holds ``dock_id``,
    ``parcel_id``, ``conforming_law``, ``conforming_draft``, ``failed_law``, ``failed_draft``, ``rule`` and
    ``status``.
    """

    lots: gpd.GeoDataFrame
    docks: gpd.GeoDataFrame | None
    law: RuleSet
    draft: RuleSet

    def summary(self) -> pd.DataFrame:
        """Per check of either law whose outcome changes anything: its section and title (asked from the rules),
        the lots that lose a dock and gain one naming it, and the docks it makes nonconforming; see :func:`by_rule`."""
        return by_rule(self.lots, self.docks, self.law, self.draft)

    def counts(self) -> dict[str, dict[str, int]]:
        """The totals the map's legend shows: ``lots`` by :data:`CHANGES` (those of :data:`SHOWN_CHANGES`, and the
        others with any), ``docks`` by :data:`DOCK_STATUSES` (those with any; none without docks)."""
        lots = {c: int(n) for c in CHANGES if (n := (self.lots["change"] == c).sum()) or c in SHOWN_CHANGES}
        docks = {} if self.docks is None else {s: int(n) for s in DOCK_STATUSES if (n := (self.docks["status"] == s).sum())}
        return {"lots": lots, "docks": docks}


def compare(
    layers: ScreenLayers, *, law: Profile | RuleSet | str, draft: Profile | RuleSet | str, id_field: str | None = None,
    class_field: str | None = None, qualifying: tuple[str, ...] | None = None, tolerance_ft: float = 5.0,
    dock_id_field: str | None = None, component_field: str | None = None, draft_ft: float | None = None,
    float_extent_ft: float = 0.0, workers: int | None = None, progress: bool | None = None,
) -> Comparison:
    """Compare two laws over every waterfront lot of ``layers`` and, with a docks layer, every existing dock.

    Parameters
    ----------
    layers : ScreenLayers
        From :func:`~dockreview.batch.layers.read_screen_layers` (read once for both laws).
    law, draft : Profile, RuleSet, name or path
        The law in force and the draft (or two drafts).
    id_field, class_field, qualifying, tolerance_ft, dock_id_field, component_field, draft_ft, float_extent_ft, workers, progress
        As :func:`~dockreview.batch.screen.screen` takes them; ``qualifying`` (None) is each law's own classes.

    Returns
    -------
    Comparison

    Examples
    --------
    >>> import shapely
    >>> from pyproj import CRS
    >>> lots = gpd.GeoDataFrame(geometry=[shapely.box(0, -200, 200, 0), shapely.box(200, -200, 300, 0)], crs="EPSG:2263")
    >>> shore = ScreenLayers(lots, shapely.LineString([(-500, 0), (800, 0)]), None, None, CRS("EPSG:2263"), 1.0)
    >>> same = compare(shore, law="kings-point-ny", draft="kings-point-ny", workers=1)
    >>> same.lots[["parcel_id", "eligible_law", "eligible_draft", "rule"]].values.tolist()
    [['0', True, True, ''], ['1', False, False, '']]
    """
    if layers.parcels is None:
        raise LayerError("compare reads the parcels whole: give a parcels layer, not GeoParquet left on disk")
    workers = default_workers() if workers is None else max(int(workers), 1)
    settings = dict(id_field=id_field, class_field=class_field, qualifying=qualifying, tolerance_ft=tolerance_ft,
                    draft_ft=draft_ft, float_extent_ft=float_extent_ft)
    rules_a, grouped, options_a, depth_a = prepare_screen(layers, profile=law, dock_id_field=dock_id_field, **settings)
    rules_b, _, options_b, depth_b = prepare_screen(grouped, profile=draft, dock_id_field=None, **settings)
    # the comparison reads the eligibility of each law's data as given: no column ``eligibility``
    options_a, options_b = (dataclasses.replace(o, accuracy=None) for o in (options_a, options_b))
    work_a = shore_work(grouped, rules_a, tolerance_ft, depth_a)  # the rules-free work: built once, shared
    work_b = dataclasses.replace(work_a, rules=rules_b, depth=depth_b, lines=screen_riparian_lines(rules_b))
    tables = both_tables(grouped, (work_a, work_b), (options_a, options_b), workers=workers, progress=progress)
    given = frozenset({n for n in ("channels", "docks", "soundings") if getattr(layers, n) is not None} | ({"draft"} if draft_ft else set()))
    lots = lot_changes(tables[0], tables[1], rules_a, rules_b, water=layers.water, given=given)
    docks = None
    if layers.docks is not None:
        if work_a.lines == work_b.lines:  # the lots drawn alike: each dock measured once, decided under each law
            audits = audit_docks_each(
                layers, tables[0], profiles=(rules_a, rules_b), tolerance_ft=tolerance_ft, dock_id_field=dock_id_field,
                component_field=component_field, draft_ft=draft_ft, depths=(depth_a, depth_b), workers=workers, shore=work_a.mhw,
            )
        else:
            audits = [
                audit_docks(layers, table, profile=rules, tolerance_ft=tolerance_ft, dock_id_field=dock_id_field,
                            component_field=component_field, draft_ft=draft_ft, depth=depth, workers=workers, shore=work_a.mhw)
                for table, rules, depth in ((tables[0], rules_a, depth_a), (tables[1], rules_b, depth_b))
            ]
        docks = dock_changes(*audits, rules_a, rules_b)
    return Comparison(lots, docks, rules_a, rules_b)


# ---------------------------------------------------------------------------
# both laws' figures from one riparian pass
# ---------------------------------------------------------------------------
def both_tables(layers: ScreenLayers, works: tuple, options: tuple, *, workers: int, progress: bool | None) -> list[gpd.GeoDataFrame]:
    """Each law's parcel table (:func:`~dockreview.batch.table.parcel_table`) of ``layers.parcels``, one per work.

    As :func:`~dockreview.batch.table.screen_tables` makes the table (a parcel with no geometry has a row saying
    so), from the figures of :func:`both_figures`.
    """
    parcels = layers.parcels
    geoms = parcels.geometry.values
    present = np.flatnonzero(~(shapely.is_missing(geoms) | shapely.is_empty(geoms)))
    some = dataclasses.replace(layers, parcels=parcels.iloc[present].reset_index(drop=True))
    missing = unreviewed_rows(np.setdiff1d(np.arange(len(geoms)), present), "not reviewed: the parcel has no geometry", fronts=False)
    tables = []
    for figures, work, opts in zip(both_figures(some, works, workers=workers, progress=progress), works, options):
        figures.index = present[figures.index.to_numpy(dtype=int)]
        tables.append(parcel_table(parcels, pd.concat([figures, missing]), opts, work.rules))
    return tables


def both_figures(layers: ScreenLayers, works: tuple, *, workers: int, progress: bool | None) -> list[pd.DataFrame]:
    """Each work's lot figures (:func:`~dockreview.batch.figures.lot_figures`'s), the riparian geometry drawn once.

    The works share the shore (:func:`~dockreview.batch.figures.shore_work`) and differ in their rules. When their
    riparian lines are drawn alike as arrays, each chunk of lots has its side lines and zones drawn once, far enough
    for every law's setback and reach, and its envelope worked under each law (:func:`_chunk_figures`); otherwise
    each law has its own pass.
    """
    first = works[0]
    if first.construction is None or any(w.lines != first.lines for w in works[1:]):
        return [lot_figures(layers, w.rules, w.tolerance_ft, progress, w.depth, workers=workers, work=w) for w in works]
    lots = waterfront_parts(layers.parcels.geometry.values, first.mhw, first.tolerance_ft / layers.ft_per_unit)
    polys = lots.polygon
    head = unreviewed_rows(np.flatnonzero(shapely.is_missing(polys)), "not reviewed: the parcel has no polygon area", fronts=False)
    fronting = np.flatnonzero(lots.fronts)
    fronting = fronting[hilbert_order(polys[fronting])]
    size = int(min(BATCH_LOTS, max(MIN_CHUNK_LOTS, -(-len(fronting) // (CHUNKS_PER_WORKER * max(workers, 1))))))
    chunks = [fronting[i : i + size] for i in range(0, len(fronting), size)]
    answers = map_chunks(_chunk_figures, (MeasuredLots.of(lots, fronting, first, None), works), chunks, workers=workers, progress=progress)
    out = []
    for k in range(len(works)):
        frames = [head, *(answer[k] for answer in answers)]
        out.append(pd.concat([f for f in frames if len(f)] or frames[:1]).sort_index())
    return out


def _chunk_figures(shared, lots: np.ndarray) -> list[pd.DataFrame]:
    """One chunk's figures under each work: arrays from one riparian pass, the lots left over one by one."""
    lots_of, works = shared
    frames, left = _array_figures(lots_of, lots, works)
    if len(left):
        alone = figures_one_by_one_each(lots_of, left, works)
        frames = [pd.concat([f, a]) if len(f) else a for f, a in zip(frames, alone)]
    return frames


def _array_figures(lots_of, lots: np.ndarray, works: tuple) -> tuple[list[pd.DataFrame], np.ndarray]:
    """The figures of the lots ``lots`` worked as arrays under each work, their riparian geometry drawn once; the lots left."""
    first = works[0]
    ft, polys = first.ft_per_unit, lots_of.polys

    def beyond(frontage):  # far enough for every law: its reach cap and its setback
        caps = [(c if np.isfinite(c := w.rules.reach_cap_ft()) else WORKED_WATER_FT) for w in works]
        return np.maximum.reduce([cap / ft + w.rules.required_setback_ft(frontage * ft) / ft for cap, w in zip(caps, works)])

    drawn = np.r_[lots, np.setdiff1d(lots_of.near(polys[lots], first.searched), lots)] if first.neighbours else lots
    rip, _ = vector_riparian(
        polys[drawn], first.mhw, tolerance=first.tolerance_ft / ft, ft_per_unit=ft, beyond=beyond, lines=first.construction,
        baseline=first.lines["baseline_ft"] / ft, fronts=lots_of.fronts[drawn], reach=first.reach, searched=first.searched,
    )
    mine = rip.lot < len(lots)
    done = drawn[rip.lot[mine]]
    parcels = polys[done]
    axes = seaward_axes(rip.frontage[mine], parcels)
    frames = [[f] for f in envelope_figures_each(
        parcels, rip.frontage[mine], rip.side_a[mine], rip.side_b[mine], rip.zone[mine], axes, done, works,
    )]
    refused = drawn[rip.refused[rip.refused < len(lots)]]
    if len(refused):  # the method cannot draw them: the reason the single-lot functions give the first, for all
        for f, one in zip(frames, figures_one_by_one_each(lots_of, refused[:1], works)):
            f.append(one)
            if said := isinstance(reason := one["not_reviewed"].iloc[0], str):
                f.append(unreviewed_rows(refused[1:], reason, fronts=True))
        done = np.r_[done, refused if said else refused[:1]]
    return [pd.concat([x for x in f if len(x)] or f[:1]) for f in frames], np.setdiff1d(lots, done)


# ---------------------------------------------------------------------------
# lots
# ---------------------------------------------------------------------------
def check_order(law: RuleSet, draft: RuleSet) -> tuple[str, ...]:
    """Every check of either law: the law's in its order, then the draft's new ones in theirs.

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> check_order(ruleset("kings-point-ny"), ruleset("kings-point-ny")) == ruleset("kings-point-ny").ids
    True
    """
    return tuple(dict.fromkeys([*law.ids, *draft.ids]))


def lot_outcomes(
    table: pd.DataFrame, rules: RuleSet, check_id: str, *, water: str | None = None, given: frozenset | None = None,
) -> np.ndarray:
    """What check ``check_id`` alone answers on each lot of ``table`` (a screen's parcel table), as rows of numbers.

    The columns: whether it denies the lot any dock by its figures, whether the lot's class fails it, the setback
    it keeps from each side line (NaN: none), the reach it caps (NaN: none), and whether the lot's band is left
    no room by its clearance from channels or docks. A check the law does not have answers nothing (no denial,
    no limit), nor does one that needs a layer or a fact not ``given`` (a navigable reach without soundings: the
    screen could not decide it). Figures are rounded to :data:`ROUND_FT` decimals.

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> table = pd.DataFrame({"frontage_ft": [100.0, 200.0], "band_width_ft": [0.0, 40.0], "envelope_area_sqft": [0.0, 9.0],
    ...                       "property_class": [None, None]})
    >>> lot_outcomes(table, ruleset(), "frontage").tolist()
    [[1.0, 0.0, nan, nan, 0.0], [0.0, 0.0, nan, nan, 0.0]]
    >>> lot_outcomes(table, ruleset(), "side-setback")[:, 2].tolist()
    [60.0, 80.0]
    >>> lot_outcomes(table, ruleset(), "no-such-check")[:, 0].tolist()
    [0.0, 0.0]
    >>> lot_outcomes(table, ruleset(), "navigable-reach")[:, 3].tolist(), lot_outcomes(table, ruleset(), "navigable-reach", given=frozenset())[:, 3].tolist()
    ([200.0, 200.0], [nan, nan])
    """
    n = len(table)
    out = np.zeros((n, 5))
    out[:, 2:4] = np.nan
    if check_id not in rules.ids:
        return out
    rule = rules.rule(check_id)
    if given is not None and not set(rule.needs) <= given:
        return out
    figures = {"frontage_ft": table["frontage_ft"].to_numpy(dtype=float), "water": water}
    denied = rule.lot_denied(figures)
    if denied is not None:
        out[:, 0] = np.asarray(denied, dtype=bool)
    classes = rule.qualifying_classes()
    if classes is not None:
        codes = table["property_class"].to_numpy(dtype=object)
        out[:, 1] = np.array([c is not None and c not in classes for c in codes.tolist()], dtype=bool)
    setback = rule.side_setback(figures)
    if setback is not None:
        out[:, 2] = np.broadcast_to(np.asarray(setback, dtype=float), (n,))
    if rule.limits_reach and (cap := rule.reach_on_water()) is not None:
        out[:, 3] = float(cap)
    if any(rule.clearance_from(t) is not None for t in ("channels", "docks")):
        out[:, 4] = (table["band_width_ft"].to_numpy(dtype=float) > 0) & ~(table["envelope_area_sqft"].to_numpy(dtype=float) > 0)
    return np.round(out, ROUND_FT)


def lot_change(law: np.ndarray, draft: np.ndarray) -> np.ndarray:
    """What the draft does to each lot (:data:`CHANGES`), from each law's answer (the screen's, by
    :func:`~dockreview.outputs.publish.lots.answers`: ``yes``, ``no``, ``data`` when only data it lacks kept the answer
    from being yes or no, ``none`` when the lot could not be reviewed). A lot either law could not decide or review is
    said to be so, whatever the other's answer.

    Examples
    --------
    >>> law = np.array(["yes", "no", "yes", "no", "yes", "no", "data", "yes"])
    >>> draft = np.array(["no", "yes", "yes", "no", "data", "data", "no", "none"])
    >>> lot_change(law, draft).tolist()  # doctest: +NORMALIZE_WHITESPACE
    ['loses a dock', 'gains a dock', 'eligible under both', 'eligible under neither', 'needs data to decide',
     'needs data to decide', 'needs data to decide', 'not reviewed']
    """
    yes_a, yes_b, no_a, no_b = law == "yes", draft == "yes", law == "no", draft == "no"
    return np.select(
        [(law == "none") | (draft == "none"), ~(yes_a | no_a) | ~(yes_b | no_b), yes_a & no_b, no_a & yes_b, yes_a & yes_b],
        ["not reviewed", "needs data to decide", "loses a dock", "gains a dock", "eligible under both"],
        "eligible under neither",
    ).astype(object)


def lot_changes(
    law: gpd.GeoDataFrame, draft: gpd.GeoDataFrame, rules_a: RuleSet, rules_b: RuleSet, *, water: str | None = None,
    given: frozenset | None = None,
) -> gpd.GeoDataFrame:
    """One row per waterfront lot of two screens of the same parcels (``law``'s and ``draft``'s parcel tables).

    ``rule`` names every check whose outcome (:func:`lot_outcomes`) differs, joined by "; " ("" when none), a limit
    it sets (a setback, a reach) only on a lot that either law lets have a dock, a reach cap only where the lot's
    greatest reach differs; ``change`` is one of :data:`CHANGES` (:func:`lot_change`);
    ``decided_by``, on a lot that loses or gains a dock, the checks of ``rule`` that can give or take one
    (:data:`DECIDING`). ``given``: the layers and facts the screens had (a check needing others answers nothing).
    """
    rows = np.flatnonzero(law["fronts_mhw"].to_numpy(dtype=bool))
    a, b = law.iloc[rows].reset_index(drop=True), draft.iloc[rows].reset_index(drop=True)
    eligible_a, eligible_b = a["eligible"].to_numpy(dtype=bool), b["eligible"].to_numpy(dtype=bool)
    docked = eligible_a | eligible_b  # a limit (a setback, a reach) answers only on a lot either law lets have a dock
    reach_a, reach_b = (np.round(t["greatest_reach_ft"].to_numpy(dtype=float), ROUND_FT) for t in (a, b))
    bound = ~((reach_a == reach_b) | (np.isnan(reach_a) & np.isnan(reach_b)))  # and a reach cap only where the reach moves
    differs, decides = [], []
    for check_id in check_order(rules_a, rules_b):
        one, two = (lot_outcomes(t, r, check_id, water=water, given=given) for t, r in ((a, rules_a), (b, rules_b)))
        same = (one == two) | (np.isnan(one) & np.isnan(two))
        same[~docked, 2:4] = True
        same[~bound, 3] = True
        differs.append(np.where(~same.all(axis=1), check_id, "").astype(object))
        decides.append(np.where(~same[:, DECIDING].all(axis=1), check_id, "").astype(object))
    change = lot_change(answers(a), answers(b))
    figures = {}
    for which, table in (("law", a), ("draft", b)):
        for column, name in (("envelope_area_sqft", "envelope"), ("greatest_reach_ft", "greatest_reach"), ("reach_limit_ft", "reach_limit")):
            unit = column.rsplit("_", 1)[1]
            figures[f"{name}_{which}_{unit}"] = table[column].to_numpy(dtype=float)
    return gpd.GeoDataFrame(
        {
            "parcel_id": a["parcel_id"].to_numpy(), "frontage_ft": a["frontage_ft"].to_numpy(dtype=float),
            "eligible_law": eligible_a, "eligible_draft": eligible_b, "rule": join(differs, len(rows)), "change": change,
            "decided_by": np.where(np.isin(change, ["loses a dock", "gains a dock"]), join(decides, len(rows)), "").astype(object),
            **figures, "reasons_law": a["reasons"].to_numpy(), "reasons_draft": b["reasons"].to_numpy(),
        },
        geometry=a.geometry.values, crs=law.crs,
    )


# ---------------------------------------------------------------------------
# docks
# ---------------------------------------------------------------------------
def _ids(column: pd.Series) -> list[set[str]]:
    """The checks an audit's column names for each dock (its ``failed`` or ``undecided``: ids joined by ", ")."""
    return [set(filter(None, (t.strip() for t in str(v).split(",")))) if isinstance(v, str) else set() for v in column.tolist()]


def _undecided(audit: pd.DataFrame) -> list[set[str]]:
    """The checks each dock's audit left undecided (its ``undecided`` column; none where the audit has none)."""
    return _ids(audit["undecided"]) if "undecided" in audit.columns else [set()] * len(audit)


def _unreviewed(audit: pd.DataFrame) -> np.ndarray:
    """Whether each dock's audit could not review it (its verdict ``not reviewed: ...``)."""
    return audit["verdict"].astype(str).str.startswith("not reviewed").to_numpy()


def _named_in(ids: list[set[str]], order: tuple[str, ...]) -> np.ndarray:
    """Each dock's checks ``ids`` in ``order``, joined by ", " as an audit names them."""
    return np.array([", ".join(c for c in order if c in found) for found in ids], dtype=object)


def dock_changes(law: gpd.GeoDataFrame, draft: gpd.GeoDataFrame, rules_a: RuleSet, rules_b: RuleSet) -> gpd.GeoDataFrame:
    """One row per existing dock audited under both laws (:func:`~dockreview.batch.audit.audit_docks`, same order).

    A dock conforms under a law when its audit's verdict is ``compliant``; ``rule`` names every check it fails
    under the draft and not under the law (in :func:`check_order`); ``undecided_law`` and ``undecided_draft`` the
    checks each audit could not decide; ``status`` is one of :data:`DOCK_STATUSES`.
    A dock neither law finds failing is ``needs data to decide`` when either audit is incomplete, or when a law
    calls it compliant with checks left undecided (the audit's ``undecided``: a reach to 3 ft of water without
    soundings) that the other law does not leave so: the two verdicts would then answer different questions.
    """
    order = check_order(rules_a, rules_b)
    fails_a, fails_b = _ids(law["failed"]), _ids(draft["failed"])
    broken = ["; ".join(c for c in order if c in fb and c not in fa) for fa, fb in zip(fails_a, fails_b)]
    ok_a, ok_b = law["verdict"].eq("compliant").to_numpy(), draft["verdict"].eq("compliant").to_numpy()
    unreviewed = _unreviewed(law) | _unreviewed(draft)
    open_a, open_b = _undecided(law), _undecided(draft)
    only_a = np.array([bool(a - b) for a, b in zip(open_a, open_b)], dtype=bool)
    only_b = np.array([bool(b - a) for a, b in zip(open_a, open_b)], dtype=bool)
    undecided = (
        law["verdict"].eq("incomplete").to_numpy() | draft["verdict"].eq("incomplete").to_numpy() | (ok_a & only_a) | (ok_b & only_b)
    )
    status = np.select(
        [unreviewed, undecided, ok_a & ~ok_b, ~ok_a & ok_b, ok_a & ok_b],
        ["not reviewed", "needs data to decide", "made nonconforming", "made conforming", "conforming under both"],
        "nonconforming under both",
    ).astype(object)
    return gpd.GeoDataFrame(
        {
            "dock_id": law["dock_id"].to_numpy(), "parcel_id": law["parcel_id"].to_numpy(),
            "conforming_law": ok_a, "conforming_draft": ok_b, "verdict_law": law["verdict"].to_numpy(),
            "verdict_draft": draft["verdict"].to_numpy(), "failed_law": law["failed"].fillna("").to_numpy(),
            "failed_draft": draft["failed"].fillna("").to_numpy(),
            "undecided_law": _named_in(open_a, order), "undecided_draft": _named_in(open_b, order),
            "rule": np.array(broken, dtype=object), "status": status,
        },
        geometry=law.geometry.values, crs=law.crs,
    )


# ---------------------------------------------------------------------------
# the summary by rule, and the files
# ---------------------------------------------------------------------------
def by_rule(lots: pd.DataFrame, docks: pd.DataFrame | None, law: RuleSet, draft: RuleSet) -> pd.DataFrame:
    """Per check named by any lot or dock: its section and title (the draft's words where it has the check), the lots
    that lose a dock and gain one by it (``decided_by``), the lots whose outcome it changes (``rule``), the docks it
    makes nonconforming; in :func:`check_order`.

    A lot or dock names several checks when several changed: it is counted under each.
    """
    changed, lose, gain, made = (
        _named(lots["rule"]), _named(lots["decided_by"], lots["change"] == "loses a dock"),
        _named(lots["decided_by"], lots["change"] == "gains a dock"),
        {} if docks is None else _named(docks["rule"], docks["status"] == "made nonconforming"),
    )
    rows = []
    for check_id in check_order(law, draft):
        if not changed.get(check_id) and not made.get(check_id):
            continue
        rule = draft.rule(check_id) if check_id in draft.ids else law.rule(check_id)
        rows.append({
            "section": rule.section, "title": rule.title or rule.requirement_text(), "lots lose a dock": lose.get(check_id, 0),
            "lots gain a dock": gain.get(check_id, 0), "lots changed": changed.get(check_id, 0),
            "docks made nonconforming": made.get(check_id, 0),
        })
    return pd.DataFrame(rows, columns=["section", "title", "lots lose a dock", "lots gain a dock", "lots changed", "docks made nonconforming"])


def _named(texts: pd.Series, where: pd.Series | None = None) -> dict[str, int]:
    """How many rows (of those ``where`` says, all by default) name each check in ``texts`` (ids joined by "; ").

    Examples
    --------
    >>> _named(pd.Series(["reach; frontage", "", "reach"]), pd.Series([True, True, False]))
    {'frontage': 1, 'reach': 1}
    """
    texts = (texts if where is None else texts[where.to_numpy(dtype=bool)]).reset_index(drop=True)
    ids = texts.str.split("; ").explode()
    named = ids[ids.notna() & (ids != "")].reset_index().drop_duplicates()  # a row counts once for each check it names
    return {k: int(v) for k, v in named.iloc[:, 1].value_counts().sort_index().items()}


def compare_files(path: str | Path) -> dict[str, Path]:
    """The files ``compare -o PATH`` writes: the GeoPackage, the lots' CSV beside it and the docks' CSV.

    Examples
    --------
    >>> {k: v.name for k, v in compare_files("out/draft.gpkg").items()}
    {'gpkg': 'draft.gpkg', 'csv': 'draft.csv', 'docks_csv': 'draft-docks.csv'}
    """
    path = Path(path)
    return {"gpkg": path, "csv": path.with_suffix(".csv"), "docks_csv": path.with_name(f"{path.stem}-docks.csv")}


def write_comparison(result: Comparison, path: str | Path, *, inputs=()) -> dict[str, Path]:
    """Write the layers ``lots`` and ``docks`` (with docks) to the GeoPackage and the CSVs beside it, each whole or not at
    all and none over one of ``inputs``; an existing GeoPackage keeps its other layers. Returns :func:`compare_files`."""
    files = compare_files(path)
    with geopackage(files["gpkg"], product="compare", inputs=inputs) as out:
        out.write(result.lots, "lots", polygons=True)
        if result.docks is not None:
            out.write(result.docks, "docks", polygons=True)
    with atomic_path(files["csv"], inputs=inputs) as tmp:
        rounded_table(result.lots).to_csv(tmp, index=False)
    if result.docks is not None:
        with atomic_path(files["docks_csv"], inputs=inputs) as tmp:
            rounded_table(result.docks).to_csv(tmp, index=False)
    return files
