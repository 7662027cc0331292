"""Per-lot figures of a whole layer: the riparian geometry as arrays, the single-lot functions for the rest.

:func:`lot_figures` takes each parcel's polygon fronting the water and rebuilds
the usual lots' riparian geometry as arrays (:mod:`dockreview.batch.kernel`);
every other lot is measured by the single-lot functions, and a lot they cannot
review gets a row saying why; with soundings, the reach limit is the
navigable-depth limit (:mod:`dockreview.batch.depth`).
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
import shapely

from dockreview.batch.allowed import reach_figures, reads_widths, widths_across
from dockreview.batch.corners import pack_corners
from dockreview.batch.depth import NavigableDepth, band_middles, seaward_axes
from dockreview.batch.kernel import (
    LOT_ERRORS,
    MhwIndex,
    not_reviewed,
    riparian_frame,
    vector_riparian,
    waterfront_parts,
)
from dockreview.batch.layers import ScreenLayers
from dockreview.batch.lines import ARRAY_METHODS
from dockreview.batch.parallel import hilbert_order, map_chunks
from dockreview.batch.reach import greatest_reaches
from dockreview.errors import DockReviewError, DockReviewWarning
from dockreview.geometry.neighbours import SAME_CORNER_FT
from dockreview.geometry.riparian import METHODS, NEEDS, riparian_geometry
from dockreview.inputs.bathymetry import bathymetry
from dockreview.measure.depth import NAV_DEPTH_CLEARANCE_FT
from dockreview.measure.envelope import (
    REACH_TOLERANCE_FT,
    WORKED_WATER_FT,
    as_tree,
    band_width,
    clear_of_strips,
    dock_roots,
    docks_on_lot,
    keep_clear,
    nearest_obstacle,
    obstacle_pairs,
    setback_band,
    setback_strips,
)
from dockreview.rules import RuleSet

log = logging.getLogger("dockreview")

#: Lots worked together in one vectorised chunk, at most (bounds memory; one progress-bar step) and at least
#: (unless fewer are left), and chunks per worker process (to balance the work among them).
BATCH_LOTS = 20_000
MIN_CHUNK_LOTS = 1_000
CHUNKS_PER_WORKER = 4
#: The neighbours of a chunk's lots are sought this far (ft, beyond the corners' reach) from each lot (a method reading them).
NEIGHBOUR_SEARCH_FT = 100.0
#: The riparian methods ``screen --methods`` counts: those drawn as arrays that need no layer but the parcels and the MHW line.
SCREEN_METHODS = tuple(name for name in METHODS if name in ARRAY_METHODS and not METHODS[name].layers)
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
    """What every batch of lots shares: the indexed shore, the obstacles, the docks' landward ends, the settings.

    It holds no layer as read: a screen that keeps it may let the layers go.
    """

    ft_per_unit: float
    mhw: MhwIndex
    rules: RuleSet
    tolerance_ft: float
    depth: NavigableDepth | None
    channels: shapely.STRtree | None
    docks: shapely.STRtree | None
    roots: shapely.STRtree | None
    lines: dict
    water: str | None = None
    #: Keep each lot's water corners in the figures (column ``water_corners``, :func:`~dockreview.batch.corners.pack_corners`),
    #: for an audit after the screen that draws its lots from them.
    keeps_corners: bool = False

    @property
    def construction(self):
        """The array construction of the profile's riparian lines (:data:`~dockreview.batch.lines.ARRAY_METHODS`), or None.

        None too when the profile gives the method more than its name and
        baseline (a line of navigation, say), which the arrays do not draw.
        """
        given = {k for k, v in self.lines.items() if v is not None} - {"method", "baseline_ft"}
        return None if given else ARRAY_METHODS.get(self.lines["method"])

    @property
    def neighbours(self) -> bool:
        """Whether the profile's riparian lines read the neighbouring lots (the parcels layer)."""
        return METHODS[self.lines["method"]].parcels

    @property
    def searched(self) -> float:
        """How far (units) from each lot its neighbours are sought (:func:`neighbour_search`)."""
        return neighbour_search(self.tolerance_ft, self.ft_per_unit)

    @property
    def reach(self) -> float:
        """How far (units) from a lot's water corner a neighbour's may lie and be the same (the single-lot walk's)."""
        return 2.0 * self.tolerance_ft / self.ft_per_unit + SAME_CORNER_FT / self.ft_per_unit

    @classmethod
    def of(cls, layers: ScreenLayers, rules: RuleSet, tolerance_ft: float, depth: NavigableDepth | None) -> "_Work":
        mhw = MhwIndex(layers.mhw)
        channels, docks = (
            None if frame is None else np.asarray(frame.geometry.values, dtype=object) for frame in (layers.channels, layers.docks)
        )
        # each dock's landward end, as dock_roots finds it on the whole MHW line: on the piece nearest the dock
        roots = None if docks is None or not len(docks) else dock_roots(docks, mhw.chunks[mhw.nearest(docks)[0]])
        channels, docks, roots = (None if g is None else as_tree(g) for g in (channels, docks, roots))
        return cls(
            layers.ft_per_unit, mhw, rules, tolerance_ft, depth, channels, docks, roots, screen_riparian_lines(rules), layers.water,
        )


def lot_figures(
    layers: ScreenLayers, rules: RuleSet, tolerance_ft: float, progress: bool | None, depth: NavigableDepth | None,
    *, workers: int = 1, work: "_Work | None" = None, beside: np.ndarray | None = None,
) -> pd.DataFrame:
    """Envelope figures (:data:`FIGURE_COLUMNS`) of every parcel fronting the MHW line, by parcel row number.

    Each parcel is measured on its polygon fronting the water (repaired,
    the part nearest the MHW line). The lots within ``tolerance_ft`` of the MHW
    line are worked as arrays where the kernel can
    (:func:`~dockreview.batch.kernel.vector_riparian`), else one by one; a
    parcel with no polygon, or a lot the single-lot functions cannot review,
    has a row whose ``not_reviewed`` says why. The lots are worked in chunks
    along the shore (a Hilbert curve), on ``workers`` processes. ``work``, from
    :func:`shore_work`, is the indexed shore to use (default: built here).
    ``beside`` are parcels of the layer beside these (a batch's or a
    partition's) and not among them: for a method reading the neighbouring
    lots they are drawn too, only to give their water corners, and get no
    rows (:func:`neighbour_parcels`).
    """
    if work is None:
        work = shore_work(layers, rules, tolerance_ft, depth)
    lots = waterfront_parts(layers.parcels.geometry.values, work.mhw, tolerance_ft / layers.ft_per_unit)
    polys = lots.polygon
    if lots.repaired.any():
        log.info("%d invalid parcels repaired with make_valid", int(lots.repaired.sum()))
    frames = [unreviewed_rows(np.flatnonzero(shapely.is_missing(polys)), "not reviewed: the parcel has no polygon area", fronts=False)]
    fronting = np.flatnonzero(lots.fronts)
    fronting = fronting[hilbert_order(polys[fronting])]
    size = int(min(BATCH_LOTS, max(MIN_CHUNK_LOTS, -(-len(fronting) // (CHUNKS_PER_WORKER * max(workers, 1))))))
    chunks = [fronting[i : i + size] for i in range(0, len(fronting), size)]
    shore = MeasuredLots.of(lots, fronting, work, beside)
    frames += map_chunks(_chunk_figures, (shore, work), chunks, workers=workers, progress=progress)
    return pd.concat([f for f in frames if len(f)] or frames[:1]).sort_index()


def methods_with_dock(
    layers: ScreenLayers, rules: RuleSet, tolerance_ft: float, depth: NavigableDepth | None, figures: pd.DataFrame, *,
    workers: int = 1, work: "_Work | None" = None, beside: np.ndarray | None = None,
) -> pd.DataFrame:
    """Per lot of ``figures`` (the profile's method's), under how many riparian methods and which its envelope is not empty.

    The methods are those the screen draws as arrays without other layers
    (:data:`SCREEN_METHODS`), each worked as :func:`lot_figures` works the
    profile's (``beside`` as it takes them); the profile's own are ``figures``. Returns the columns
    ``methods_with_dock`` (a count) and ``methods_with_dock_names`` (the
    methods' registry names, joined by ", "), by parcel row number.
    """
    if work is None:
        work = shore_work(layers, rules, tolerance_ft, depth)
    names = [work.lines["method"], *(m for m in SCREEN_METHODS if m != work.lines["method"])]
    docked = {names[0]: _has_dock(figures)}
    for name in names[1:]:
        other = dataclasses.replace(work, lines={**work.lines, "method": name}, keeps_corners=False)  # only the law's own are carried
        docked[name] = _has_dock(lot_figures(layers, rules, tolerance_ft, False, depth, workers=workers, work=other, beside=beside)).reindex(figures.index, fill_value=False)
    table = pd.DataFrame(docked)[sorted(names, key=list(METHODS).index)]
    return pd.DataFrame({
        "methods_with_dock": table.sum(axis=1).astype(int),
        "methods_with_dock_names": table.apply(lambda row: ", ".join(row.index[row.to_numpy(dtype=bool)]), axis=1),
    }, index=figures.index)


def _has_dock(figures: pd.DataFrame) -> pd.Series:
    """Whether each lot's envelope is not empty (a lot not reviewed has none)."""
    return figures["not_reviewed"].isna() & (pd.to_numeric(figures["envelope_area_sqft"], errors="coerce").fillna(0.0) > 0)


def reads_neighbours(rules: RuleSet, methods: bool) -> bool:
    """Whether a screen by ``rules`` (counting the methods, with ``methods``) draws a lot from its neighbours' corners.

    Only then are the parcels beside a batch or a partition sought (:func:`neighbour_parcels`).
    """
    return METHODS[rules.riparian_lines()["method"]].parcels or (methods and any(METHODS[m].parcels for m in SCREEN_METHODS))


def neighbour_search(tolerance_ft: float, ft_per_unit: float) -> float:
    """How far (units) from each lot its neighbours are sought: a corner's reach, and :data:`NEIGHBOUR_SEARCH_FT` beyond.

    Examples
    --------
    >>> neighbour_search(5.0, 1.0)
    111.0
    """
    return 2.0 * tolerance_ft / ft_per_unit + SAME_CORNER_FT / ft_per_unit + NEIGHBOUR_SEARCH_FT / ft_per_unit


def neighbour_parcels(geoms: np.ndarray, work: _Work, find) -> np.ndarray:
    """The parcels beside ``geoms`` (a batch's or a partition's) that may be their waterfront lots' neighbours.

    ``find(lots, distance)`` gives the layer's parcels within ``distance``
    (units) of any of ``lots`` (the parcels of ``geoms`` within the MHW
    tolerance), repaired as the batch's were; those equal to a parcel of
    ``geoms`` are left out (drawn twice, they would give the same corners).
    """
    present = geoms[~(shapely.is_missing(geoms) | shapely.is_empty(geoms))]
    lots = present[np.unique(work.mhw.tree.query(present, predicate="dwithin", distance=work.tolerance_ft / work.ft_per_unit)[0])]
    if not len(lots):
        return np.empty(0, dtype=object)
    found = np.asarray(find(lots, work.searched), dtype=object)
    own = set(shapely.to_wkb(present).tolist())
    return found[np.array([w not in own for w in shapely.to_wkb(found).tolist()], dtype=bool)] if len(found) else found


def shore_work(layers: ScreenLayers, rules: RuleSet, tolerance_ft: float, depth: NavigableDepth | None) -> _Work:
    """What every batch of lots shares, built once: the indexed MHW line, the obstacles, the docks' landward ends.

    ``layers.parcels`` is not read: the same work serves every batch of a
    layer read a batch at a time.
    """
    return _Work.of(layers, rules, tolerance_ft, depth)


@dataclass(frozen=True)
class MeasuredLots:
    """The parcels' polygons the review measures, which front the MHW line, and (for a method reading the
    neighbouring lots) a tree of the fronting ones (``fronting`` indexes them)."""

    polys: np.ndarray
    fronts: np.ndarray
    tree: shapely.STRtree | None
    fronting: np.ndarray

    @classmethod
    def of(cls, lots, fronting: np.ndarray, work: _Work, beside: np.ndarray | None) -> "MeasuredLots":
        """The lots (:func:`~dockreview.batch.kernel.waterfront_parts`'s), with the fronting ones of ``beside`` after them
        when the method reads the neighbouring lots (none of them is in ``fronting``'s chunks: they get no rows)."""
        if not work.neighbours:
            return cls(lots.polygon, lots.fronts, None, fronting)
        polys, fronts = lots.polygon, lots.fronts
        if beside is not None and len(beside):
            extra = waterfront_parts(np.asarray(beside, dtype=object), work.mhw, work.tolerance_ft / work.ft_per_unit)
            more = extra.polygon[extra.fronts]
            fronting = np.concatenate([fronting, len(polys) + np.arange(len(more))])
            polys, fronts = np.concatenate([polys, more]), np.concatenate([fronts, np.ones(len(more), dtype=bool)])
        return cls(polys, fronts, shapely.STRtree(polys[fronting]), fronting)

    def near(self, geoms, distance: float) -> np.ndarray:
        """The fronting parcels within ``distance`` of any of ``geoms`` (indices into ``polys``); none without a tree."""
        if self.tree is None:
            return np.empty(0, dtype=int)
        return self.fronting[np.unique(self.tree.query(np.atleast_1d(geoms), predicate="dwithin", distance=distance)[1])]


def _chunk_figures(shared, lots: np.ndarray) -> pd.DataFrame:
    """Figures of one chunk of lots: as arrays where the kernel can, the others one by one."""
    parcels, work = shared
    if work.construction is None:
        return figures_one_by_one(parcels, lots, work)
    figures, left, corners = _array_figures(parcels, lots, work)
    if len(left):
        log.info("%d lots measured one by one (an unusual shore or side line)", len(left))
        figures = pd.concat([figures, figures_one_by_one(parcels, left, work)]) if len(figures) else figures_one_by_one(parcels, left, work)
    if corners is None:
        return figures
    return figures.assign(water_corners=corners.reindex(figures.index).astype(object))


def screen_riparian_lines(rules: RuleSet) -> dict:
    """The profile's riparian method as a layer of lots can be drawn by it (``riparian_geometry``'s keywords).

    Raises
    ------
    DockReviewError
        When the method needs a layer a screen does not take (a waterway's
        centreline, a cove line): one line naming the method and what to do.

    Examples
    --------
    >>> from dockreview.rules.runner import ruleset
    >>> screen_riparian_lines(ruleset("kings-point-ny"))
    {'method': 'extended-side-lines', 'baseline_ft': 100.0}
    """
    lines = rules.riparian_lines()
    if lines["method"] in NEEDS:
        raise DockReviewError(
            f"profile {rules.profile.name!r}: its riparian lines ({lines['method']}) need {NEEDS[lines['method']].split(':')[0]}, "
            "which a layer screen does not take; review each lot with `dockreview check`, or screen with a profile "
            "whose [riparian] method needs no other layer"
        )
    return lines


def unreviewed_rows(rows: np.ndarray, reason: str, *, fronts: bool) -> pd.DataFrame:
    """Figure rows of parcels that were not reviewed, with the reason why."""
    frame = pd.DataFrame(index=np.asarray(rows, dtype=int), columns=list(FIGURE_COLUMNS), dtype=object)
    frame["fronts_mhw"] = fronts
    frame["envelope"] = None
    frame["not_reviewed"] = reason
    return frame


def _array_figures(lots_of: MeasuredLots, lots: np.ndarray, work: _Work) -> tuple[pd.DataFrame, np.ndarray, pd.Series | None]:
    """Envelope figures of the lots ``lots`` (indices into the parcels) worked as arrays, the lots left over, and
    (when the work keeps them) the water corners of the lots the kernel resolved, by lot.

    A method reading the neighbouring lots is drawn on the lots and the
    fronting parcels touching them, so that each lot's neighbours are walked
    whichever chunk they fall in; the figures are of ``lots`` alone.
    """
    rules, ft, polys = work.rules, work.ft_per_unit, lots_of.polys
    cap_ft = rules.reach_cap_ft()
    max_reach = (cap_ft if np.isfinite(cap_ft) else WORKED_WATER_FT) / ft

    def beyond(frontage):
        return max_reach + rules.required_setback_ft(frontage * ft) / ft

    searched = work.searched
    drawn = np.r_[lots, np.setdiff1d(lots_of.near(polys[lots], searched), lots)] if work.neighbours else lots
    rip, _ = vector_riparian(
        polys[drawn], work.mhw, tolerance=work.tolerance_ft / ft, ft_per_unit=ft, beyond=beyond, lines=work.construction,
        baseline=work.lines["baseline_ft"] / ft, fronts=lots_of.fronts[drawn], reach=work.reach, searched=searched,
    )
    mine = rip.lot < len(lots)
    done = drawn[rip.lot[mine]]
    parcels = polys[done]
    figures = [with_frames(envelope_figures(
        parcels, rip.frontage[mine], rip.side_a[mine], rip.side_b[mine], rip.zone[mine], seaward_axes(rip.frontage[mine], parcels),
        done, work,
    ), rip.frame[mine])]
    refused = drawn[rip.refused[rip.refused < len(lots)]]
    if len(refused):  # the method cannot draw them, for the reason the single-lot functions give the first
        figures.append(first := figures_one_by_one(lots_of, refused[:1], work))
        if isinstance(reason := first["not_reviewed"].iloc[0], str):
            figures.append(unreviewed_rows(refused[1:], reason, fronts=True))
            done = np.r_[done, refused]
        else:
            done = np.r_[done, refused[:1]]
    corners = None
    if work.keeps_corners:
        found = rip.corners
        ours = found.lot < len(lots)
        corners = pd.Series(pack_corners(found), index=drawn[found.lot])[ours]
    return pd.concat([f for f in figures if len(f)] or figures[:1]), np.setdiff1d(lots, done), corners


def envelope_figures(parcels, frontages, side_a, side_b, zones, axes, index, work: _Work) -> pd.DataFrame:
    """The envelope figures of lots whose riparian geometry is drawn, by the envelope's own array steps.

    The steps of :func:`dockreview.measure.envelope.lot_envelope`, over all
    the lots at once: with soundings the reach limit is found along each lot's
    axis (``axes``, unit vectors) from the middle of its band (Docks D(1)).
    """
    return envelope_figures_each(parcels, frontages, side_a, side_b, zones, axes, index, (work,))[0]


def envelope_figures_each(parcels, frontages, side_a, side_b, zones, axes, index, works) -> list[pd.DataFrame]:
    """:func:`envelope_figures` under each of ``works`` (one shore, each its own rules), no step worked twice.

    The lots' own docks are found once (they do not depend on the rules); a
    step whose inputs two laws give alike -- the setback strips of equal
    setbacks, the band of an equal reach, the envelope of equal clearances --
    is worked once and read by both.
    """
    first = works[0]
    ft = first.ft_per_unit
    frontage_ft = shapely.length(frontages) * ft
    own_dock, own_lot = docks_on_lot(parcels, zones, frontages, first.roots, first.tolerance_ft / ft)
    memo: dict = {}

    def once(key: tuple, make):
        if key not in memo:
            memo[key] = make()
        return memo[key]

    out = []
    for work in works:
        rules = work.rules
        setback_ft = np.asarray(rules.required_setback_ft(frontage_ft), dtype=float)
        at = (setback_ft.tobytes(),)
        strips = once(("strips", *at), lambda: setback_strips(side_a, side_b, setback_ft / ft))
        width_ft = once(("width", *at), lambda: band_width(frontages, strips) * ft)
        origins = functools.partial(  # the middle of each band on the MHW line, found when a figure is read from it
            once, ("origins", *at), lambda: shapely.get_coordinates(band_middles(frontages, strips)) if len(parcels) else np.empty((0, 2)),
        )
        depth = None if work.depth is None or not len(parcels) else once(
            ("depth", id(work.depth), *at), lambda: work.depth.figures(origins(), axes, ft_per_unit=ft),
        )
        widths = once(("across", *at), lambda: widths_across(origins(), axes, work.mhw, ft_per_unit=ft)) if reads_widths(rules, depth) else None
        figures = reach_figures(rules, frontage_ft, widths, depth, water=work.water)
        reach_ft = np.broadcast_to(np.asarray(rules.reach_limit_ft(figures), dtype=float), (len(parcels),))
        needs = rules.reach_unknown(figures) if len(parcels) else np.empty(0, dtype=object)
        needs_data = needs != ""
        band_reach = np.fmin(reach_ft, WORKED_WATER_FT)
        clear = once(("clear", *at), lambda: clear_of_strips(zones, strips))
        at = (*at, band_reach.tobytes())
        band = once(("band", *at), lambda: setback_band(clear, frontages, band_reach / ft))
        clearances = [None if (c := rules.terminus_clearance_ft(t)) is None else c / ft for t in ("channels", "docks")]
        at = (*at, tuple(clearances))
        obstacles = once(("obstacles", *at), lambda: obstacle_pairs(band, work.channels, work.docks, own_lot, own_dock, clearances))
        envelope = once(("envelope", *at), lambda: keep_clear(band, obstacles))
        out.append(pd.DataFrame(
            {
                "fronts_mhw": True,
                "frontage_ft": frontage_ft,
                "required_setback_ft": setback_ft,
                "band_width_ft": width_ft,
                "envelope_area_sqft": once(("area", *at), lambda: shapely.area(envelope) * ft * ft),
                "greatest_reach_ft": once(
                    ("greatest", *at), lambda: greatest_reaches(envelope, frontages, REACH_TOLERANCE_FT / ft, reach=band_reach / ft) * ft,
                ),
                "nearest_obstacle_ft": once(("nearest", *at), lambda: nearest_obstacle(frontages, strips, obstacles) * ft),
                "existing_docks": np.bincount(own_lot, minlength=len(parcels)),
                "band_empty": once(("empty", *at), lambda: shapely.area(band) <= 0),
                "reach_limit_ft": np.where(needs_data, np.nan, reach_ft),
                "needs_data": np.where(needs_data, needs, None),
                "envelope": envelope,
                "not_reviewed": None,
            },
            index=np.asarray(index, dtype=int),
            columns=list(FIGURE_COLUMNS),
        ))
    return out


def figures_one_by_one(lots_of: MeasuredLots, lots: np.ndarray, work: _Work) -> pd.DataFrame:
    """Envelope figures of the lots the arrays could not resolve: their riparian geometry drawn one by one.

    Each lot's riparian geometry is the single-lot
    :func:`~dockreview.geometry.riparian.riparian_geometry`, on the shore near
    it; the envelopes are then worked together by the envelope's array steps,
    the axis of each lot square to its frontage. A lot whose geometry cannot
    be drawn (bad data, a geometry GEOS cannot work) gets a row saying why
    (:func:`~dockreview.batch.kernel.not_reviewed`).
    """
    return figures_one_by_one_each(lots_of, lots, (work,))[0]


def figures_one_by_one_each(lots_of: MeasuredLots, lots: np.ndarray, works) -> list[pd.DataFrame]:
    """:func:`figures_one_by_one` under each of ``works``, whose riparian lines are drawn alike: each lot drawn once."""
    work = works[0]
    ft, polys = work.ft_per_unit, lots_of.polys
    drawn, rows = [], []
    for i in lots:
        poly = polys[i]
        box = shapely.buffer(shapely.envelope(poly), 3.0 * poly.length + 1000.0 / ft)
        parcels = {"parcels": polys[lots_of.near(box, 0.0)]} if work.neighbours else {}
        shore = work.mhw.near(box)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DockReviewWarning)
                rip = riparian_geometry(poly, shore, tolerance=work.tolerance_ft / ft, ft_per_unit=ft, **work.lines, **parcels)
                frame = riparian_frame(rip, shore)
        except LOT_ERRORS as exc:
            log.debug("lot %s: %s", i, exc)
            rows.append(unreviewed_rows(np.array([i]), not_reviewed(exc), fronts=True))
            continue
        drawn.append((i, rip, frame))
    if not drawn:
        return [pd.concat(rows) if rows else pd.DataFrame(columns=list(FIGURE_COLUMNS)) for _ in works]
    index, rips, frames = zip(*drawn)
    column = lambda name: np.array([getattr(r, name) for r in rips], dtype=object)
    each = envelope_figures_each(
        polys[list(index)], column("frontage"), column("left_line"), column("right_line"), column("zone"),
        np.array([r.seaward for r in rips]), index, works,
    )
    return [pd.concat([*rows, with_frames(figures, np.array(frames))]) for figures in each]


def with_frames(figures: pd.DataFrame, frames: np.ndarray) -> pd.DataFrame:
    """``figures`` with each lot's corner frame (:func:`~dockreview.batch.kernel.corner_frames`) in column ``corner_frame``.

    The frames are what the screen's eligibility within the data's accuracy
    reads of each lot (:func:`~dockreview.batch.eligibility.lot_eligibility`),
    kept so that it need not draw the lot again.
    """
    return figures.assign(corner_frame=pd.Series(list(frames), index=figures.index, dtype=object))


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
    if not rules.depth_checks:
        return None
    surface = bathymetry(layers.soundings, label="soundings layer")
    clearance = rules.depth_clearance_ft(NAV_DEPTH_CLEARANCE_FT)
    return NavigableDepth(surface, draft_ft + clearance, rules, float_extent_ft)

