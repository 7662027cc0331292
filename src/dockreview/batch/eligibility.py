"""Each lot's eligibility within the data's accuracy: where a survey could change the screen's answer (issue 30).

The screen decides each lot on a few figures (:func:`~dockreview.batch.figures.lot_figures`): its frontage,
the required setback (a function of the frontage), the band's width between the setbacks, whether its
envelope exists beside the channels and other docks, and whether the reach to navigable depth leaves any water.
Each moves with the layers it is read from (:mod:`dockreview.measure.uncertainty`, NSSDA: a distance square to
a line moves ``0.8007 A`` at 95 % for a layer of 95 % radial accuracy ``A``):

* **the frontage** -- each water corner slides along the shore as the lot lines shift (``s . n_e / (e x t)``)
  and as the MHW line shifts (``(t . e) (m . n_t) / (t x e)``; ``e`` the side line's direction, ``t`` the
  shore's), worked over every lot at once from the water corners of :func:`~dockreview.batch.kernel.water_corners`
  (:func:`corner_motion`); the lot lines are one feature, the two corners on one MHW line move together;
* **the band's width** follows the frontage: ``W = F - S(F) k``, ``k`` the band's setback per foot of
  setback (``(F - W) / S`` as the screen measured it; for a lot with no room, the cosecants of the side lines'
  angles with the shore, exact for side lines carried straight on);
* **the envelope beside an obstacle** -- an envelope of an eligible lot that a channel or dock moved by its 95 %
  figure (with the MHW line's) could close: the envelope eroded by it is empty; a lot whose envelope a channel
  or dock closes: the obstacle lies within that figure of the clearance the rules name;
* **the reach to navigable depth** -- a lot whose band is empty because navigable depth is reached at the
  shore: the reach of 0 ft moves with the soundings' and the MHW line's positions.

The lot is then decided again by the screen's own decision (the table's, with
:meth:`~dockreview.rules.RuleSet.lot_reasons`), each figure moved by its own 95 % either way, as
:mod:`dockreview.rules.conditional` decides one review's checks; an answer that changes lies within the data's
accuracy. A layer whose accuracy is unassessed puts every lot whose answer its figures could change within it.
Held as the screen finds them: whether a lot fronts the MHW line (a tolerance of the screen's), its property
class, and a reach limit the data cannot give (needs data).
"""

from __future__ import annotations

import dataclasses
import math
import warnings
from collections.abc import Callable, Iterable, Mapping

import numpy as np
import pandas as pd
import shapely

from dockreview.batch.kernel import LOT_ERRORS, riparian_frame, water_corners, waterfront_parts
from dockreview.batch.parallel import map_chunks
from dockreview.batch.shoreline import MhwIndex
from dockreview.errors import DockReviewError, DockReviewWarning
from dockreview.geometry.riparian import riparian_geometry
from dockreview.inputs.accuracy import LayerAccuracy, default_name, from_default
from dockreview.measure.uncertainty import NORMAL_95

#: The layers a screen reads, whose accuracy ``screen --accuracy ROLE=FT`` states.
ROLES = ("parcels", "mhw", "channels", "docks", "soundings")
#: The column's values: the boolean ``eligible``, and whether the data's accuracy could change it.
CLASSES = ("eligible", "eligible-within-accuracy", "not-eligible-within-accuracy", "not-eligible")
#: A frontage the corners' arrays give within this (ft) of the screen's is the same frontage.
SAME_FRONTAGE_FT = 0.01
#: A gradient under this (per unit shift) is none: the figure does not move with that layer.
STILL = 1e-9
#: Lots worked together in one chunk, at most.
CHUNK_LOTS = 5_000
#: How many times the bound from the screen's figures a frontage's 95 % is taken to stay within (:func:`_bound`).
BOUND_MARGIN = 2.0


# ---------------------------------------------------------------------------------------------------------------
# the layers' accuracy
# ---------------------------------------------------------------------------------------------------------------
def screen_accuracy(stated: Mapping[str, float | None] | None = None) -> dict[str, LayerAccuracy]:
    """Every layer's accuracy for a screen: the figures ``stated`` (ft at 95 %, None: unassessed), by role, and for
    any other layer the default a review takes for a layer with nothing stated
    (:func:`~dockreview.inputs.accuracy.default_name`).

    Raises
    ------
    DockReviewError
        A role that is none of :data:`ROLES`, or a figure that is not a number of feet at least 0.

    Examples
    --------
    >>> acc = screen_accuracy({"parcels": 6.0})
    >>> acc["parcels"].horizontal_ft, round(acc["mhw"].horizontal_ft, 2), acc["mhw"].assumed
    (6.0, 7.6, True)
    """
    stated = dict(stated or {})
    for role, value in stated.items():
        if role not in ROLES:
            raise DockReviewError(f"accuracy of '{role}': the screen's layers are {', '.join(ROLES)}")
        if value is not None and not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
            raise DockReviewError(f"accuracy of {role}: {value!r} is not a number of feet at least 0")
    out = {}
    for role in ROLES:
        default = from_default(role, default_name(role, None))
        if role not in stated:
            out[role] = default
            continue
        value = stated[role]
        out[role] = LayerAccuracy(role, None if value is None else float(value), default.vertical_ft,
                                  "unassessed" if value is None else "stated", assumed=False, unassessed=value is None)
    return out


def accuracy_option(texts: Iterable[str]) -> dict[str, float]:
    """The figures of ``screen --accuracy ROLE=FT`` (repeated), by role.

    Raises
    ------
    DockReviewError
        One line naming the value at fault: not ROLE=FT, a role that is none of :data:`ROLES`, a role given twice,
        or a figure that is not a number of feet at least 0.

    Examples
    --------
    >>> accuracy_option(["parcels=6", "mhw=3"])
    {'parcels': 6.0, 'mhw': 3.0}
    """
    out: dict[str, float] = {}
    for text in texts:
        role, _, value = (part.strip() for part in text.partition("="))
        if role not in ROLES:
            raise DockReviewError(f"--accuracy {text!r}: give ROLE=FT, ROLE one of {', '.join(ROLES)}")
        if role in out:
            raise DockReviewError(f"--accuracy {role}: given twice")
        try:
            feet = float(value)
        except ValueError:
            feet = math.nan
        if not (math.isfinite(feet) and feet >= 0):
            raise DockReviewError(f"--accuracy {text!r}: {value!r} is not a number of feet at least 0")
        out[role] = feet
    return out


# ---------------------------------------------------------------------------------------------------------------
# how each lot's frontage moves
# ---------------------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class FrontageMotion:
    """How each lot's frontage moves with the layers: its change per unit shift of the lot lines (``parcel``) and of
    the MHW line (``mhw``), ``(n, 2)``; and ``cosecants``, the sum of ``1 / |sin|`` of the side lines' angles with
    the shore at the two corners (the band's setback per foot of setback). NaN where the corners are not known."""

    parcel: np.ndarray
    mhw: np.ndarray
    cosecants: np.ndarray

    def uncertainty_ft(self, accuracy: Mapping[str, LayerAccuracy]) -> tuple[np.ndarray, np.ndarray]:
        """The frontage's 95 % (ft) from the layers' assessed figures, and where it moves with an unassessed layer
        (or its corners are not known).

        Examples
        --------
        >>> m = corner_motion(np.array([[0.0, 0.0], [100.0, 0.0]]), np.array([[0.0, 1.0], [0.6, 0.8]]),
        ...                   np.array([[1.0, 0.0], [1.0, 0.0]]))
        >>> u, unknown = m.uncertainty_ft(screen_accuracy({"parcels": 6.0, "mhw": 3.0}))
        >>> round(float(u[0]), 4), bool(unknown[0])   # 0.8007 * hypot(6 * 0.75, 3 * 0.75)
        (4.0286, False)
        """
        parts, unknown = [], np.isnan(self.cosecants)
        for role, g in (("parcels", self.parcel), ("mhw", self.mhw)):
            size = np.hypot(*g.T)
            feet = accuracy[role].horizontal_ft
            unknown |= (size > STILL) & (feet is None)
            parts.append(np.nan_to_num(size) * (feet or 0.0))
        return NORMAL_95 * np.hypot(*parts), unknown


def _perp(v: np.ndarray) -> np.ndarray:
    return np.stack([-v[:, 1], v[:, 0]], axis=1)


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]


def corner_motion(corners: np.ndarray, sides: np.ndarray, shores: np.ndarray) -> FrontageMotion:
    """How the frontage between each lot's two water corners moves: the single-lot corner slide
    (:func:`dockreview.measure.uncertainty.frontage_terms`) over many lots at once.

    ``corners``, ``sides`` (the side lines' directions at the corners) and ``shores`` (the MHW line's tangents
    there) are ``(2n, 2)``: every lot's first corner, then every lot's second. Each tangent is turned along the
    chord from the first corner to the second; the frontage is the second corner's slide along it less the first's.

    Examples
    --------
    A straight shore along x; one side line square to it, the other at 53.13 degrees (cot 0.75): a shift of the
    MHW line by ``m`` lengthens the frontage by ``0.75 m_y``, a shift of the lot lines shortens it by ``0.75 s_y``.

    >>> m = corner_motion(np.array([[0.0, 0.0], [100.0, 0.0]]), np.array([[0.0, 1.0], [0.6, 0.8]]),
    ...                   np.array([[1.0, 0.0], [1.0, 0.0]]))
    >>> m.parcel.round(4).tolist(), m.mhw.round(4).tolist(), m.cosecants.round(4).tolist()
    ([[0.0, -0.75]], [[0.0, 0.75]], [2.25])
    """
    n = len(corners) // 2
    chord = np.tile(corners[n:] - corners[:n], (2, 1))
    t = shores / np.hypot(*shores.T)[:, None]
    t = np.where((np.einsum("ij,ij->i", t, chord) >= 0)[:, None], t, -t)
    e = sides / np.hypot(*sides.T)[:, None]
    sine = _cross(e, t)
    with np.errstate(divide="ignore", invalid="ignore"):
        parcel = _perp(e) / sine[:, None]
        shore = np.einsum("ij,ij->i", t, e)[:, None] * _perp(t) / -sine[:, None]
        cosecants = 1.0 / np.abs(sine)
    return FrontageMotion(parcel[n:] - parcel[:n], shore[n:] - shore[:n], cosecants[:n] + cosecants[n:])


def _one_lot(poly, mhw: MhwIndex, tolerance: float, ft_per_unit: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A lot the corners' arrays do not resolve: its corners, side directions and shore tangents from the single-lot
    riparian geometry (NaN when it cannot be drawn)."""
    box = shapely.buffer(shapely.envelope(poly), 3.0 * poly.length + 1000.0 / ft_per_unit)
    shore = mhw.near(box)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            return tuple(riparian_frame(riparian_geometry(poly, shore, tolerance=tolerance, ft_per_unit=ft_per_unit), shore))
    except LOT_ERRORS:
        return np.full((2, 2), np.nan), np.full((2, 2), np.nan), np.full((2, 2), np.nan)


def frontage_motion(polys: np.ndarray, mhw: MhwIndex, frontage_ft: np.ndarray, *, tolerance: float,
                    ft_per_unit: float) -> FrontageMotion:
    """How the frontage of each lot of ``polys`` (the polygons the screen measures) moves with the layers.

    The water corners are the screen's own (:func:`~dockreview.batch.kernel.water_corners`); a lot they do not
    resolve, or whose frontage there is not ``frontage_ft`` (the screen's), takes the single-lot riparian geometry's.
    """
    n = len(polys)
    corners, sides, shores = (np.full((2 * n, 2), np.nan) for _ in range(3))
    found = water_corners(polys, mhw, tolerance=tolerance, ft_per_unit=ft_per_unit, rings=True)
    same = np.abs(found.extent * ft_per_unit - frontage_ft[found.lot]) <= SAME_FRONTAGE_FT
    lots, both = found.lot[same], np.r_[np.flatnonzero(same), found.n + np.flatnonzero(same)]
    at = np.r_[lots, n + lots]
    corners[at], sides[at], shores[at] = found.corner[both], found.direction[both], mhw.segment_at(found.chunk[both], found.pos[both])
    for i in np.setdiff1d(np.arange(n), lots):
        corners[[i, n + i]], sides[[i, n + i]], shores[[i, n + i]] = _one_lot(polys[i], mhw, tolerance, ft_per_unit)
    return corner_motion(corners, sides, shores)


def _chunk_motion(shared, rows: np.ndarray) -> FrontageMotion:
    geoms, frontage_ft, mhw, tolerance, ft_per_unit = shared
    polys = waterfront_parts(geoms[rows], mhw, tolerance).polygon
    return frontage_motion(polys, mhw, frontage_ft[rows], tolerance=tolerance, ft_per_unit=ft_per_unit)


# ---------------------------------------------------------------------------------------------------------------
# each lot decided again
# ---------------------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class _Figures:
    """The screen's figures of every parcel (by row), and how far each moves at 95 % (ft)."""

    frontage: np.ndarray
    setback: np.ndarray
    width: np.ndarray
    area: np.ndarray
    band_empty: np.ndarray
    nearest: np.ndarray
    cosecants: np.ndarray
    frontage_95: np.ndarray
    obstacle_95: float
    reach_95: float

    @classmethod
    def of(cls, fig: pd.DataFrame, cosecants, frontage_95, obstacle_95: float, reach_95: float) -> "_Figures":
        column = lambda name: fig[name].to_numpy(dtype=float)  # noqa: E731
        return cls(
            column("frontage_ft"), column("required_setback_ft"), column("band_width_ft"),
            np.nan_to_num(column("envelope_area_sqft")), fig["band_empty"].eq(True).to_numpy(), column("nearest_obstacle_ft"),
            cosecants, frontage_95, obstacle_95, reach_95,
        )


def _moved_frontage(fig: _Figures, sign: float, rules) -> dict[str, np.ndarray]:
    """The figures with the frontage moved by ``sign`` times its 95 %: the setback and the band's width follow it."""
    f = np.maximum(fig.frontage + sign * fig.frontage_95, 0.0)
    s = np.asarray(rules.required_setback_ft(f), dtype=float)
    room = fig.width > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        k = np.where(room & (fig.setback > 0), (fig.frontage - fig.width) / fig.setback, fig.cosecants)
        before = np.where(room, fig.width, np.minimum(fig.frontage - fig.setback * k, 0.0))
        width = before + (f - fig.frontage) - np.where(s == fig.setback, 0.0, (s - fig.setback) * k)
    width = np.where(np.isnan(width), fig.width, width)
    opened = ~room & (width > 0)
    return {
        "frontage_ft": f, "required_setback_ft": s, "band_width_ft": np.maximum(width, 0.0),
        "band_empty": np.where(opened, False, fig.band_empty | (width <= 0)),
        "envelope_area_sqft": np.where(opened, 1.0, fig.area),  # a band opened: its envelope is taken to exist
    }


def _moved_obstacles(fig: _Figures, eligible: np.ndarray, envelopes: np.ndarray, clearance_ft: float | None,
                     ft_per_unit: float) -> dict[str, np.ndarray]:
    """The figures with the channels and docks moved by their 95 % toward changing the answer, and the reach to
    navigable depth: an eligible lot's envelope eroded by it empty, a closed one within it of the clearance open."""
    area, band_empty = fig.area.copy(), fig.band_empty.copy()
    near = np.isfinite(fig.nearest)
    if clearance_ft is not None and fig.obstacle_95 > 0:
        open_ = np.flatnonzero(eligible & near & (fig.area > 0))
        # half from each side: a thickness of the envelope survives a shift of the obstacle against the shore when over it
        area[open_[shapely.is_empty(shapely.buffer(envelopes[open_], -fig.obstacle_95 / 2.0 / ft_per_unit))]] = 0.0
        area[~eligible & near & (fig.area <= 0) & (fig.width > 0) & (clearance_ft - fig.nearest <= fig.obstacle_95)] = 1.0
    nil = ~eligible & fig.band_empty & (fig.width > 0)
    if fig.reach_95 > 0:
        band_empty[nil], area[nil] = False, 1.0
    return {"envelope_area_sqft": area, "band_empty": band_empty}


def _best(fig: _Figures) -> dict[str, np.ndarray]:
    """Figures that meet every figure's reason: what the answer is when no figure stands in the way."""
    big = np.full(len(fig.frontage), 1e12)
    return {"frontage_ft": big, "band_width_ft": big, "band_empty": np.zeros(len(big), dtype=bool), "envelope_area_sqft": big}


def _obstacles(work) -> list[str]:
    """The layers of obstacles the screen keeps its envelopes clear of."""
    return [r for r, tree in (("channels", work.channels), ("docks", work.docks))
            if tree is not None and work.rules.terminus_clearance_ft(r) is not None]


def _spreads(accuracy: Mapping[str, LayerAccuracy], work) -> tuple[float, float]:
    """The 95 % (ft) of an obstacle's distance from the shore, and of the reach to navigable depth (0 without one)."""
    mhw = accuracy["mhw"].horizontal_ft or 0.0
    obstacles = [accuracy[r].horizontal_ft or 0.0 for r in _obstacles(work)]
    obstacle = NORMAL_95 * math.hypot(max(obstacles), mhw) if obstacles else 0.0
    reach = NORMAL_95 * math.hypot(accuracy["soundings"].horizontal_ft or 0.0, mhw) if work.depth is not None else 0.0
    return obstacle, reach


def _unassessed(fig: _Figures, unknown: np.ndarray, accuracy: Mapping[str, LayerAccuracy], work) -> np.ndarray:
    """The lots whose figures move with a layer whose accuracy is unassessed: ``unknown`` (the frontage's), those
    beside an obstacle, those whose reach to navigable depth is nil."""
    out = unknown.copy()
    mhw = accuracy["mhw"].horizontal_ft is None
    if mhw or any(accuracy[r].horizontal_ft is None for r in _obstacles(work)):
        out |= np.isfinite(fig.nearest)
    if work.depth is not None and (mhw or accuracy["soundings"].horizontal_ft is None):
        out |= fig.band_empty & (fig.width > 0)
    return out


def _motion(geoms: np.ndarray, frontage_ft: np.ndarray, rows: np.ndarray, work, workers: int, frames=None) -> FrontageMotion:
    """The :class:`FrontageMotion` of the lots ``rows`` of the parcels ``geoms``, over every parcel (NaN elsewhere).

    ``frames``, by parcel row, are the lots' corner frames as the figures drew them
    (:func:`~dockreview.batch.figures.with_frames`); the lots without one are drawn again here.
    """
    n = len(frontage_ft)
    parcel, mhw, cosecants = np.full((n, 2), np.nan), np.full((n, 2), np.nan), np.full(n, np.nan)
    if frames is not None and len(rows):
        known = rows[np.array([isinstance(frames[r], np.ndarray) for r in rows], dtype=bool)]
        if len(known):
            f = np.stack(frames[known])
            m = corner_motion(*(np.concatenate([f[:, j, 0], f[:, j, 1]]) for j in range(3)))
            parcel[known], mhw[known], cosecants[known] = m.parcel, m.mhw, m.cosecants
        rows = np.setdiff1d(rows, known)
    size = max(1, min(CHUNK_LOTS, -(-len(rows) // max(workers, 1))))
    chunks = [rows[i : i + size] for i in range(0, len(rows), size)]
    shared = (np.asarray(geoms, dtype=object), frontage_ft, work.mhw, work.tolerance_ft / work.ft_per_unit, work.ft_per_unit)
    for chunk, m in zip(chunks, map_chunks(_chunk_motion, shared, chunks, workers=workers, progress=False, desc="accuracy")):
        parcel[chunk], mhw[chunk], cosecants[chunk] = m.parcel, m.mhw, m.cosecants
    return FrontageMotion(parcel, mhw, cosecants)


def _bound(fig: _Figures, accuracy: Mapping[str, LayerAccuracy]) -> np.ndarray:
    """A bound on each frontage's 95 % (ft) from the screen's figures alone, NaN where they give none.

    A corner slides at most ``1 / |sin|`` per foot of the lot lines' shift and ``|cot|`` per foot of the MHW
    line's, so the frontage moves at most ``k`` per foot of either, ``k = (F - W) / S`` the band's setback per
    foot of setback as measured (the cosecants' sum); :data:`BOUND_MARGIN` times that covers a shore or a side
    line that bends.
    """
    feet = [accuracy[r].horizontal_ft for r in ("parcels", "mhw")]
    if None in feet:
        return np.full(len(fig.frontage), np.nan)
    with np.errstate(divide="ignore", invalid="ignore"):
        k = np.where((fig.width > 0) & (fig.setback > 0), (fig.frontage - fig.width) / fig.setback, np.nan)
    return BOUND_MARGIN * NORMAL_95 * k * math.hypot(*feet)


def _changes(decide, fig: pd.DataFrame, rows: np.ndarray, moved: dict[str, np.ndarray], eligible: np.ndarray) -> np.ndarray:
    """Whether the screen's answer for each lot of ``rows`` changes with its figures ``moved`` (over every parcel)."""
    if not len(rows):
        return np.zeros(0, dtype=bool)
    return decide(rows, fig.iloc[rows].assign(**{k: v[rows] for k, v in moved.items()})) != eligible[rows]


def lot_eligibility(figures: pd.DataFrame, eligible: np.ndarray, decide: Callable[[np.ndarray, pd.DataFrame], np.ndarray],
                    geoms: np.ndarray, work, accuracy: Mapping[str, LayerAccuracy], *, workers: int = 1) -> np.ndarray:
    """Each parcel's eligibility within the data's accuracy (:data:`CLASSES`).

    The lots whose answer the frontage could not change even at a bound of its 95 % (:func:`_bound`) are not
    measured further; the others' frontages are (:func:`frontage_motion`).

    Parameters
    ----------
    figures : DataFrame
        The screen's figures (:data:`~dockreview.batch.figures.FIGURE_COLUMNS`), by parcel row.
    eligible : ndarray of bool
        The screen's answer, by parcel row.
    decide : callable
        The screen's decision: ``decide(rows, figures)`` gives ``eligible`` for the parcels ``rows`` with the
        figures ``figures`` (as ``figures`` holds them, one row each).
    geoms : ndarray of geometries
        The parcels, by row (working CRS).
    work
        The shore's :func:`~dockreview.batch.figures.shore_work`: the indexed MHW line, the rules, the obstacles.
    accuracy : mapping of str to LayerAccuracy
        Each layer's accuracy (:func:`screen_accuracy`).
    workers : int
        Processes working chunks of the lots at once.
    """
    eligible = np.asarray(eligible, dtype=bool)
    n = len(eligible)
    fig = figures.reindex(np.arange(n))
    measured = np.flatnonzero(fig["fronts_mhw"].eq(True).to_numpy() & fig["not_reviewed"].isna().to_numpy())
    figs = _Figures.of(fig, np.full(n, np.nan), np.zeros(n), *_spreads(accuracy, work))
    sensitive = np.zeros(n, dtype=bool)  # the lots whose answer their figures could change
    sensitive[measured] = eligible[measured] | _changes(decide, fig, measured, _best(figs), eligible)
    bound = _bound(figs, accuracy)
    bounded = np.flatnonzero(sensitive & np.isfinite(bound))
    spread = dataclasses.replace(figs, frontage_95=np.nan_to_num(bound))
    near = np.zeros(len(bounded), dtype=bool)
    for sign in (1.0, -1.0):
        near |= _changes(decide, fig, bounded, _moved_frontage(spread, sign, work.rules), eligible)
    rows = np.union1d(bounded[near], np.flatnonzero(sensitive & ~np.isfinite(bound)))
    frames = fig["corner_frame"].to_numpy() if "corner_frame" in fig else None
    motion = _motion(geoms, figs.frontage, rows, work, workers, frames)
    frontage_95, unknown = motion.uncertainty_ft(accuracy)
    figs = dataclasses.replace(figs, cosecants=motion.cosecants, frontage_95=np.nan_to_num(frontage_95))
    within = np.zeros(n, dtype=bool)
    for sign in (1.0, -1.0):
        within[rows] |= _changes(decide, fig, rows, _moved_frontage(figs, sign, work.rules), eligible)
    clearance = max((work.rules.terminus_clearance_ft(r) for r in _obstacles(work)), default=None)
    moved = _moved_obstacles(figs, eligible, fig["envelope"].to_numpy(), clearance, work.ft_per_unit)
    other = np.flatnonzero((moved["envelope_area_sqft"] != figs.area) | (moved["band_empty"] != figs.band_empty))
    within[other] |= _changes(decide, fig, other, moved, eligible)
    flagged = np.zeros(n, dtype=bool)
    flagged[rows] = unknown[rows]
    within |= _unassessed(figs, flagged, accuracy, work) & sensitive
    return np.array(CLASSES, dtype=object)[np.where(eligible, np.where(within, 1, 0), np.where(within, 2, 3))]
