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
(:func:`~dockreview.batch.kernel.waterfront_parts`).

**Components.** Docks D(2)(b) limits the width of walkways and ramps only, and
D(2)(c)[2] the area of floats, so the audit must know which part of a dock is
which. A docks layer with a component field gives each feature's component. A
layer without one gives none, and the audit does not call the whole footprint a
walkway: :func:`~dockreview.batch.docks.infer_components` takes the wide head at the dock's seaward end
-- where the cross-section square to the dock's axis is wider than the
walkway's median width by more than :data:`~dockreview.batch.docks.HEAD_WIDENING_FT` and stays so to
the end -- as its float, the rest as walkway. The column ``components`` says
which was done.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely

from dockreview.batch.corners import unpack_corners
from dockreview.batch.depth import NavigableDepth
from dockreview.batch.dockgroups import SAME_DOCK_FT, dock_groups
from dockreview.batch.docks import Components, DockLots, dock_measurements, infer_components, union_by
from dockreview.batch.figures import CHUNKS_PER_WORKER, navigable_depth, screen_riparian_lines
from dockreview.batch.kernel import (
    LOT_ERRORS,
    MhwIndex,
    land_sides,
    measured_polygons,
    not_reviewed,
    seaward,
    straight_on,
    vector_riparian,
)
from dockreview.batch.lines import ARRAY_METHODS
from dockreview.batch.parallel import hilbert_order, map_chunks
from dockreview.errors import DockReviewError, DockReviewWarning, LayerError
from dockreview.geometry.dock import footprint_dock
from dockreview.geometry.riparian import riparian_geometry
from dockreview.geometry.water import WaterSide
from dockreview.inputs.manifest import (
    COMPONENTS,
    DockSpec,
    LayerSpec,
    Manifest,
    ReviewSettings,
    Vessel,
)
from dockreview.inputs.site import Site
from dockreview.measure.compute import FLOAT_CONTACT_FT, measure
from dockreview.profile import Profile
from dockreview.review.pipeline import facts_of
from dockreview.rules import RuleSet, ruleset, verdict, verdicts
from dockreview.rules.base import FAIL, Facts
from dockreview.rules.kind import dock_rows

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
#: Docks audited together, at most, in one chunk (neighbours along the shore), and at least (unless fewer are left):
#: a small layer's docks are cut into enough chunks for every worker.
DOCKS_AT_ONCE = 2_000
MIN_DOCKS_AT_ONCE = 100


def audit_docks(
    layers: ScreenLayers, parcels: gpd.GeoDataFrame, *, profile: Profile | RuleSet | None = None, tolerance_ft: float = 5.0,
    dock_id_field: str | None = None, component_field: str | None = None, draft_ft: float | None = None,
    depth: NavigableDepth | None = None, arrays: bool = True, workers: int = 1, shore: MhwIndex | None = None,
    meanwhile: Callable[[], None] | None = None,
) -> gpd.GeoDataFrame:
    """Review every existing dock against the geometric checks of its own lot (Docks C, D(1), D(2)(b), D(2)(c)).

    :func:`audit_docks_each` under one law.

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
    depth : NavigableDepth, optional
        The layers' soundings already triangulated (the screen's); made here when not given.
    arrays : bool
        Measure and decide the docks as arrays (:func:`~dockreview.batch.docks.dock_measurements`),
        each dock the arrays cannot take reviewed alone; False reviews every
        dock alone, by the review's own :func:`~dockreview.measure.compute.measure`
        (the reference the arrays are tested against).
    workers : int
        Processes auditing docks at once, in chunks of up to :data:`DOCKS_AT_ONCE`
        docks along a Hilbert curve (neighbours on the shore together); the rows
        are the same whatever their number.
    shore : MhwIndex, optional
        The MHW line already indexed (the screen's); indexed here when not given.
    meanwhile : callable, optional
        Called once the workers have their first docks: the caller's own
        work, done while they audit (:func:`~dockreview.batch.parallel.imap_chunks`).

    Returns
    -------
    GeoDataFrame
        One row per dock: ``dock_id``, its lot's ``parcel_id``, the measurements (:data:`AUDIT_COLUMNS`),
        ``components`` (from the field, or inferred), the failing checks, ``undecided`` (the checks the layers
        cannot decide) and ``verdict`` over the others: ``noncompliant`` when a check fails, else ``incomplete``
        when the soundings given do not reach far enough along the dock, else ``compliant``; ``not
        reviewed: ...`` saying why a dock could not be measured. And the footprint.
    """
    return audit_docks_each(
        layers, parcels, profiles=(profile,), tolerance_ft=tolerance_ft, dock_id_field=dock_id_field,
        component_field=component_field, draft_ft=draft_ft, depths=(depth,), arrays=arrays, workers=workers, shore=shore,
        meanwhile=meanwhile,
    )[0]


def audit_docks_each(
    layers: ScreenLayers, parcels: gpd.GeoDataFrame, *, profiles, tolerance_ft: float = 5.0, dock_id_field: str | None = None,
    component_field: str | None = None, draft_ft: float | None = None, depths=None, arrays: bool = True, workers: int = 1,
    shore: MhwIndex | None = None, meanwhile: Callable[[], None] | None = None,
) -> list[gpd.GeoDataFrame]:
    """:func:`audit_docks` under each of ``profiles`` (laws drawing their riparian lines alike), each dock measured once.

    The docks are grouped, their lots drawn (as far as the docks need) and
    their components found once; each dock is measured once for every law that
    measures alike (the same float contact distance and soundings; the figures
    any of the laws reads), its required setback and navigable reach its law's
    own, and decided by each law's checks. ``depths``: each law's triangulated
    soundings (None: made here when needed); ``meanwhile`` as :func:`audit_docks` takes it. One table per law, in order.
    """
    docks = layers.docks
    if docks is None:
        raise DockReviewError("--audit needs a docks layer (--docks)")
    dock_geoms = np.asarray(docks.geometry.values, dtype=object)
    codes, names = dock_groups(
        docks[dock_id_field] if dock_id_field else None, dock_geoms, SAME_DOCK_FT / layers.ft_per_unit, field=dock_id_field or "",
    )
    names = names.astype(str)
    field = component_column(docks, component_field)
    kinds = None if field is None else docks[field].astype(str).to_numpy()
    laws = [ruleset(p) for p in profiles]
    context = _AuditContext(layers, parcels, tolerance_ft, draft_ft, screen_riparian_lines(laws[0]), shore)
    given = {name for name in ("channels", "docks", "soundings") if getattr(layers, name) is not None}
    given |= {"draft"} if draft_ft is not None else set()
    scopes = tuple(rules.decidable(given) for rules in laws)
    depths = tuple(
        navigable_depth(layers, rules, draft_ft, 0.0) if depth is None and draft_ft is not None and layers.soundings is not None else depth
        for rules, depth in zip(laws, depths or [None] * len(laws))
    )
    footprints = union_by(dock_geoms, codes, len(names))
    members = np.split(np.argsort(codes, kind="stable"), np.cumsum(np.bincount(codes, minlength=len(names)))[:-1])
    usable = np.flatnonzero(~shapely.is_empty(footprints) & ~shapely.is_missing(footprints))
    reach = _lot_reach(footprints[usable])
    job = _AuditJob(context, codes, members, footprints, kinds, field, tuple(laws), scopes, depths, arrays, reach)
    order = usable[hilbert_order(footprints[usable])]
    rows = [[None] * len(names) for _ in laws]
    size = dock_chunk(len(order), workers)
    chunks = [order[i : i + size] for i in range(0, len(order), size)]
    for done in map_chunks(_audit_chunk, job, chunks, workers=workers, progress=False, desc="audit", meanwhile=meanwhile):
        for law, rows_of_law in zip(done, rows):
            for i, row in law.items():
                rows_of_law[i] = {"dock_id": names[i], **row}
    for k, rows_of_law in enumerate(rows):
        for i in (i for i, row in enumerate(rows_of_law) if row is None):  # no footprint to measure
            rows_of_law[i] = {"dock_id": names[i], **_alone(job, k, i)}
    return [
        _with_undecided(gpd.GeoDataFrame(pd.DataFrame(r), geometry=gpd.GeoSeries(footprints, crs=layers.crs)), rules.undecidable(given))
        for rules, r in zip(laws, rows)
    ]


def _with_undecided(audit: gpd.GeoDataFrame, undecided: tuple[str, ...]) -> gpd.GeoDataFrame:
    """The audit with the column ``undecided`` after ``failed``: the law's geometric checks the layers given could not
    decide (a reach to navigable depth without soundings), named on every dock reviewed, whose verdict is over the
    others."""
    reviewed = ~audit["verdict"].astype(str).str.startswith("not reviewed").to_numpy()
    audit.insert(audit.columns.get_loc("failed") + 1, "undecided", np.where(reviewed, ", ".join(undecided), "").astype(object))
    return audit


def dock_chunk(n: int, workers: int) -> int:
    """How many of ``n`` docks one chunk audits: enough chunks for every worker (four each), within the bounds.

    Examples
    --------
    >>> dock_chunk(1_000, 2), dock_chunk(100_000, 2), dock_chunk(150, 2)
    (125, 2000, 100)
    """
    return int(min(DOCKS_AT_ONCE, max(MIN_DOCKS_AT_ONCE, -(-n // (CHUNKS_PER_WORKER * max(workers, 1))))))


@dataclass(frozen=True)
class _AuditJob:
    """What every chunk of docks shares: the context, the docks and their components, each law's rules, scope and
    soundings, how far lots are drawn."""

    context: _AuditContext
    codes: np.ndarray
    members: list
    footprints: np.ndarray
    kinds: np.ndarray | None
    field: str | None
    rules: tuple
    scope: tuple
    depth: tuple
    arrays: bool
    lot_reach: float


def _lot_reach(footprints: np.ndarray) -> float:
    """How far beyond its frontage every audited dock's lot is drawn (units): twice the greatest half perimeter
    of a dock's bounding box, whatever the law's reach cap (a dock is measured against its lot's lines near it, so water farther
    out, and another shore there, changes none of its figures); the side setback is added lot by lot."""
    extent = float(np.max(shapely.length(shapely.boundary(shapely.envelope(footprints))), initial=0.0)) / 2.0
    return 2.0 * extent


def _audit_chunk(job: _AuditJob, docks: np.ndarray) -> list[dict[int, dict]]:
    """The audit rows of the docks ``docks`` under each law: as arrays where the kernel draws their lots, the others
    one by one."""
    each = _array_rows(job, docks) if job.arrays and len(job.context.lots) else [{} for _ in job.rules]
    for k, rows in enumerate(each):
        for i in docks:
            if int(i) not in rows:
                rows[int(i)] = _alone(job, k, int(i))
    return each


def _alone(job: _AuditJob, k: int, i: int) -> dict:
    """The audit row of dock ``i`` under law ``k`` reviewed alone by the review's own measure (``not reviewed: ...``
    when it cannot be)."""
    row = {"parcel_id": None, **{c: np.nan for c in AUDIT_COLUMNS}, "components": "", "failed": ""}
    members = job.members[i]
    try:
        row.update(_review_dock(
            job.context, members, job.footprints[i], None if job.kinds is None else job.kinds[members], job.field, job.rules[k],
            job.scope[k],
        ))
    except LOT_ERRORS as exc:
        row["verdict"] = not_reviewed(exc)
    return row


def _array_rows(job: _AuditJob, docks: np.ndarray) -> list[dict[int, dict]]:
    """The audit rows, under each law, of the docks ``docks`` whose lots the kernel draws, measured as arrays (the
    others are left out).

    Each dock's lot is drawn by :func:`~dockreview.batch.kernel.vector_riparian`,
    its measurements taken by :func:`~dockreview.batch.docks.dock_measurements`
    and its checks decided by each rule's own vectorised
    :meth:`~dockreview.rules.kind.Bound.statuses` (a rule that is not a bound,
    or a bound that does not apply to a dock, by its own ``evaluate`` and
    ``inapplicable``), the verdicts by :func:`dockreview.rules.verdicts`.
    """
    context, codes, members, footprints, kinds, field = job.context, job.codes, job.members, job.footprints, job.kinds, job.field
    shore, ft = context.shore, context.layers.ft_per_unit
    tolerance = context.settings.mhw_tolerance_ft / ft
    usable = np.sort(np.asarray(docks, dtype=int))
    chunk, _ = shore.nearest(footprints[usable])
    ends = shapely.get_point(shapely.shortest_line(footprints[usable], shore.chunks[chunk]), 0)
    lot = context.lot_tree.query_nearest(ends, all_matches=False)[1]

    def beyond(frontage):  # each dock's lot drawn far enough for its dock, and every law's setback beyond the frontage
        return job.lot_reach + np.maximum.reduce([np.asarray(r.required_setback_ft(frontage * ft), dtype=float) for r in job.rules]) / ft

    lots, where = np.unique(lot, return_inverse=True)
    lot_geometry, sides, drawn = _lot_geometry(context, lots, beyond)
    k = np.where(drawn[where], where, -1)
    # the components, from the field or inferred; an unknown component is left to the one-dock review's message
    comp_geom, comp_kind, comp_dock, how = [], [], [], {}
    normal = None if kinds is None else pd.Series(kinds).str.strip().str.lower().str.replace(" ", "_").to_numpy()
    for j in np.flatnonzero(k >= 0):
        i = usable[j]
        if kinds is None:
            got, geoms, how[j] = infer_components(footprints[i], shapely.get_coordinates(ends[j])[0], ft_per_unit=ft)
        else:
            rows = members[i]
            got = normal[rows].tolist()
            if not set(got) <= set(COMPONENTS):
                k[j] = -1
                continue
            geoms, how[j] = context.docks[rows], f"from field '{field}'"
        comp_geom += list(geoms)
        comp_kind += got
        comp_dock += [j] * len(got)
    take = np.flatnonzero(k >= 0)
    if not len(take):
        return [{} for _ in job.rules]
    renumber = np.full(len(usable), -1)
    renumber[take] = np.arange(len(take))
    components = Components(np.array(comp_geom, dtype=object), np.array(comp_kind, dtype=object), renumber[np.array(comp_dock, dtype=int)])
    dock_lots = lot_geometry.take(k[take])
    land, land_part, dock_sides = dock_lots.land, dock_lots.land_part, sides[k[take]]

    def seaward_of(xy, dock):
        # a lot drawn by the kernel reads its shore's side from the lot; one drawn alone, by its own WaterSide
        out = seaward(xy, land[dock], land_part[dock], shore)
        alone = np.flatnonzero(dock_sides[dock] != None)  # noqa: E711 (an object array of WaterSides)
        for d in np.unique(dock[alone]):
            rows = alone[dock[alone] == d]
            out[rows] = dock_sides[d].seaward(xy[rows])
        return out

    index = usable[take]
    channels = None if context.channel_tree is None else (context.channels, context.channel_tree, None)
    feature_dock = codes
    others = (context.docks, context.dock_tree, lambda i, j: feature_dock[j] == index[i])
    lot_ids = context.lot_ids[lots[k[take]]]
    measured: dict = {}
    reads = {name for rules in job.rules for rule in rules.rules for name in rule.reads}  # a figure one law reads, all get
    each = []
    for rules, scope, depth in zip(job.rules, job.scope, job.depth):
        alike = (rules.touching_ft(FLOAT_CONTACT_FT), id(depth))  # what the measurement reads of a law
        if alike not in measured:
            measured[alike] = dock_measurements(
                footprints[index], components, ends[take], dock_lots, mhw=shore, rules=rules, ft=ft, tolerance=tolerance,
                terminus_depth=context.settings.terminus_depth_ft / ft, radius=AUDIT_RADIUS_FT / ft, channels=channels,
                docks=others, depth=depth, draft_ft=context.vessel.draft_ft, seaward_of=seaward_of,
                sounded=context.layers.soundings is not None, reads=reads,
            )
        m = dict(measured[alike], dock_lot=lot_ids.astype(str))
        m["required_setback_ft"] = np.asarray(rules.required_setback_ft(m["frontage_ft"]), dtype=float)
        if depth is not None and context.vessel.draft_ft is not None:
            m["max_allowed_reach_ft"] = np.asarray(rules.depth_reach_ft(m), dtype=float)
        each.append(_decided(m, rules, scope, context, index, lot_ids, [how[t] for t in take]))
    return each


def _decided(m: dict, rules: RuleSet, scope, context, index, lot_ids, how) -> dict[int, dict]:
    """The audit rows of measured docks ``index`` under ``rules``: measurements, failing checks, verdict.

    A dock with no part on the water, whose figures GEOS could not give, or whose waterway width the arrays cannot
    measure as the review does (:func:`~dockreview.batch.widths.mhw_widths`), is left out (to the one-dock review);
    so is every dock when a check of ``scope`` reads a figure the arrays do not measure (:func:`_statuses`).
    """
    good = (m["reach_ft"] > 0) & np.isfinite(m["setback_ft"]) & np.isfinite(m["length_ft"]) & ~m["unmeasured"]
    statuses = _statuses(rules, scope, m, context)
    if statuses is None:
        return {}
    verdict = verdicts(statuses)
    table = np.array([np.where(statuses[c] == FAIL, c, "") for c in scope], dtype=object).reshape(len(scope), -1)
    failed = [", ".join(x for x in column if x) for column in table.T.tolist()]
    return {
        int(index[r]): {
            "parcel_id": lot_ids[r],
            **{c: float(m[c][r]) if c in m else np.nan for c in AUDIT_COLUMNS},
            "components": how[r],
            "failed": failed[r],
            "verdict": verdict[r],
        }
        for r in np.flatnonzero(good)
    }


def _lot_geometry(context, lots: np.ndarray, beyond) -> tuple[DockLots, np.ndarray, np.ndarray]:
    """The riparian geometry of the audited lots, their side lines told left from right looking seaward.

    Lots the kernel draws (:func:`~dockreview.batch.kernel.vector_riparian`,
    from the water corners the screen found when it kept them:
    :mod:`~dockreview.batch.corners`) come with no WaterSide (None), but for
    those whose water another part of the shore crosses (a canal's far bank
    drawn as a line of its own): the kernel cuts their lines at land as the
    single-lot functions do, and a dock's part lies seaward there by that
    part's side, which only a WaterSide reads, so they come with one. The others are drawn one by one by the single-lot
    :func:`~dockreview.geometry.riparian.riparian_geometry`, with theirs. The seaward normal of a kernel lot is square to the chord between
    its water corners, toward the water as the single-lot functions find it: of
    the two probes either side of the frontage's middle, the one seaward; when
    neither or both are, the one away from the lot. Returns the lots, their
    WaterSides and whether each could be drawn.
    """
    shore, ft = context.shore, context.layers.ft_per_unit
    tolerance = context.settings.mhw_tolerance_ft / ft
    parcels = context.lots[lots]
    n = len(lots)
    extended = ARRAY_METHODS.get(context.lines["method"]) is straight_on  # the lines the audit's kernel draws
    found = unpack_corners(context.corners[lots]) if extended and context.corners is not None else None
    rip, _ = vector_riparian(parcels if extended else parcels[:0], shore, tolerance=tolerance, ft_per_unit=ft, beyond=beyond, found=found)
    frontage, left, right, zone = (np.array([shapely.LineString()] * n, dtype=object) for _ in range(4))
    normal = np.full((n, 2), np.nan)
    land, land_part = land_sides(parcels, shore)
    sides = np.full(n, None, dtype=object)
    drawn = np.zeros(n, dtype=bool)
    k = rip.lot
    if len(k):
        c0, c1 = rip.corner_a, rip.corner_b
        chord = (c1 - c0) / np.hypot(*(c1 - c0).T)[:, None]
        probe_normal = np.stack([-chord[:, 1], chord[:, 0]], axis=1)
        mid = shapely.get_coordinates(shapely.line_interpolate_point(shapely.line_merge(rip.frontage), 0.5, normalized=True))
        probe = max(2.0 * tolerance, 10.0 / ft)
        ahead = seaward(mid + probe_normal * probe, land[k], land_part[k], shore)
        behind = seaward(mid - probe_normal * probe, land[k], land_part[k], shore)
        away = np.einsum("ij,ij->i", probe_normal, mid - shapely.get_coordinates(shapely.centroid(parcels[k]))) >= 0
        sign = np.where(ahead != behind, np.where(ahead, 1.0, -1.0), np.where(away, 1.0, -1.0))
        normal[k] = probe_normal * sign[:, None]
        left_of_normal = np.stack([-normal[k][:, 1], normal[k][:, 0]], axis=1)
        a_left = np.einsum("ij,ij->i", c0, left_of_normal) >= np.einsum("ij,ij->i", c1, left_of_normal)
        frontage[k], zone[k] = rip.frontage, rip.zone
        left[k] = np.where(a_left, rip.side_a, rip.side_b)
        right[k] = np.where(a_left, rip.side_b, rip.side_a)
        drawn[k] = True
        crossed = np.flatnonzero(rip.crossed) if rip.crossed is not None else np.empty(0, dtype=int)
        # only where the water meets another part of the shore does a point need that part's side (the lot's own
        # part, round a canal's end to its far bank, tells land from water alike all along)
        at, chunk = shore.tree.query(rip.zone[crossed], predicate="intersects")
        crossed = crossed[np.unique(at[shore.chunk_part[chunk] != land_part[k[crossed[at]]]])]
        if len(crossed):  # the shore about each lot and its water as drawn: all a dock there is told seaward by
            polys = parcels[k[crossed]]
            around = shapely.buffer(shapely.envelope(shapely.union(polys, rip.zone[crossed])), shapely.length(polys) / 2)
            for i, local in zip(k[crossed], shore.near_each(around)):
                sides[i] = WaterSide(local, parcels[i])
    for i in np.flatnonzero(~drawn):
        poly = parcels[i]
        box = shapely.buffer(shapely.envelope(poly), 3.0 * poly.length + 1000.0 / ft)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DockReviewWarning)
                one = riparian_geometry(poly, shore.near(box), tolerance=tolerance, ft_per_unit=ft, **context.lines)
        except LOT_ERRORS:
            continue  # the one-dock review says why
        frontage[i], left[i], right[i], zone[i] = one.frontage, one.left_line, one.right_line, one.zone
        normal[i], sides[i], drawn[i] = one.seaward, one.water_side, True
    return DockLots(parcels, frontage, left, right, zone, normal, land, land_part), sides, drawn


def _statuses(rules: RuleSet, scope, m: dict, context) -> dict[str, np.ndarray] | None:
    """Each check of ``scope`` decided for every dock by its rule (:meth:`~dockreview.rules.kind.RuleKind.dock_statuses`),
    or as the rule says where the law names waters the layers' are not; None when a check reads a figure the arrays
    do not give (a landing's area, a datum line's drawn from soundings), which the one-dock review does: a rule that
    reads its figures with a default would otherwise take the missing one as unknown."""
    n = len(m["setback_ft"])
    facts = Facts(
        layers=frozenset({"docks"} | {name for name in ("channels", "soundings") if getattr(context.layers, name) is not None}),
        draft_ft=context.vessel.draft_ft, water=context.layers.water,
    )
    row = dock_rows(m)

    out = {}
    for check in scope:
        rule = rules.rule(check)
        gated = rule.off_water(facts)
        if gated is None and not set(rule.reads) <= m.keys():
            return None
        try:
            out[check] = np.full(n, gated.status, dtype=object) if gated is not None else rule.dock_statuses(m, facts, row, n)
        except KeyError:  # a figure dock_measurements does not give
            return None
    return out


class _AuditContext:
    """What every dock's review shares: the shore, the waterfront lots, and trees of the docks, channels, soundings."""

    def __init__(
        self, layers: ScreenLayers, parcels: gpd.GeoDataFrame, tolerance_ft: float, draft_ft: float | None, lines: dict,
        shore: MhwIndex | None = None,
    ) -> None:
        self.layers = layers
        self.lines = lines  # the profile's riparian method, as riparian_geometry takes it
        self.shore = MhwIndex(layers.mhw) if shore is None else shore
        waterfront = parcels[parcels["fronts_mhw"].to_numpy(dtype=bool)]
        lots, _ = measured_polygons(waterfront.geometry.values, self.shore)  # the screen found which front the line
        usable = ~shapely.is_missing(lots)
        self.lots, self.lot_ids = lots[usable], waterfront["parcel_id"].to_numpy()[usable]
        #: Each lot's water corners as the screen found them (:mod:`~dockreview.batch.corners`), or None: found here.
        self.corners = waterfront["water_corners"].to_numpy()[usable] if "water_corners" in waterfront.columns else None
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
        riparian = riparian_geometry(
            site.parcel, site.mhw, tolerance=site.to_units(site.manifest.review.mhw_tolerance_ft), ft_per_unit=ft, **context.lines
        )
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


def component_column(docks: gpd.GeoDataFrame, name: str | None) -> str | None:
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
