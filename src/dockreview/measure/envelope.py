"""Where a dock may stand on one lot: the permissible envelope (Docks A, C, D(1)).

The **envelope** is the water where a compliant dock may stand: the lot's water
(seaward of the MHW line between its side-line extensions, up to the first land
across the water), farther than the required setback from both side lines and
their extensions, within the reach limit of the frontage (200 ft, or the
navigable-depth limit), and at least the terminus clearance (50 ft) from every
channel and every other dock. Docks whose landward end lies on the lot or its
water (:func:`docks_on_lot`) are the lot's existing docks: a new dock replaces
them (Docks A), so they are counted, not kept clear of. The review draws this
envelope as "where the dock may stand", with its own allowed reach.

The geometric steps are written on shapely arrays so that :mod:`dockreview.batch.screen`
runs the very same steps over a whole parcel layer; here they run on one lot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import geopandas as gpd
import numpy as np
import shapely
from shapely import Point
from shapely.geometry.base import BaseGeometry

from dockreview.geometry.near import pairs_within
from dockreview.geometry.riparian import (
    BASELINE_FT,
    COURSE_TOLERANCE_FT,
    EXTENSION_CHORD_FT,
    Riparian,
    riparian_geometry,
)
from dockreview.measure.limits import Limits

#: The envelope's greatest reach is found to within this many feet.
REACH_TOLERANCE_FT = 0.001
#: Segments per quarter circle of the reach and clearance buffers (as measure.py draws the reach limit).
QUAD_SEGS = 32
#: A width or area the setbacks leave that is this share of the frontage (or of its square) or less is rounding in the
#: coordinates, not room for a dock (a 160-ft frontage under 80-ft setbacks leaves 8e-12 ft after a change of CRS).
ROUNDING = 1e-9
#: How far out from the frontage a lot's water is worked when no check caps the reach (ft): the envelope of a lot
#: on open water under a law with no reach limit stops here, in a review and in a screen alike.
WORKED_WATER_FT = 1000.0


# ---------------------------------------------------------------------------
# array steps, shared with the screen
# ---------------------------------------------------------------------------
def setback_strips(left_lines, right_lines, setback):
    """The water within ``setback`` of either side line or its extension (working units)."""
    return shapely.union(shapely.buffer(left_lines, setback), shapely.buffer(right_lines, setback))


def clear_of_strips(zones, strips):
    """The lot's water outside the setback strips (working units): the band before any reach limit cuts it."""
    return shapely.difference(zones, strips)


def setback_band(clear, frontages, reach):
    """The lot's water ``clear`` of the setback strips (:func:`clear_of_strips`), within ``reach`` of the frontage
    (all of it when infinite).

    A band whose area is rounding (:data:`ROUNDING` of the frontage's square) is empty.
    The strips are taken off before the reach limit cuts the water: what is
    left is small, and cut by the limit's many-sided outline in less time (a
    sixth less on a messy county); and two laws of one setback and two reach
    limits take the strips off once. The limit is drawn only where there is water left to cut (a
    narrow lot's strips may leave none: an eighth of a messy county's lots).
    """
    cut = np.isfinite(reach) & ~shapely.is_empty(clear)
    limit = shapely.buffer(np.where(cut, frontages, None), reach, quad_segs=QUAD_SEGS)
    band = np.where(cut, shapely.intersection(clear, limit), clear)
    rounding = shapely.area(band) <= ROUNDING * shapely.length(frontages) ** 2
    if np.ndim(band) == 0:
        return shapely.Polygon() if rounding else band[()]
    return np.where(rounding, shapely.Polygon(), band)


def band_width(frontages, strips):
    """Length of the frontage outside the setback strips: the band's width at the MHW line (units).

    A width that is rounding (:data:`ROUNDING` of the frontage) is none: a
    160-ft frontage under 80-ft setbacks leaves no room, however its
    coordinates round.

    Examples
    --------
    >>> frontage = shapely.LineString([(0, 0), (160.0000000000081, 0)])
    >>> strips = shapely.union(shapely.box(-80, -80, 80, 80), shapely.box(80.0000000000081, -80, 240.0000000000081, 80))
    >>> float(shapely.length(shapely.difference(frontage, strips))) > 0, float(band_width(frontage, strips))
    (True, 0.0)
    """
    length = shapely.length(shapely.difference(frontages, strips))
    rounding = length <= ROUNDING * shapely.length(frontages)
    return np.where(rounding, 0.0, length) if np.ndim(length) else (0.0 if rounding else float(length))


def keep_clear(bands, obstacles: "Obstacles"):
    """Take each obstacle's clearance zone off its lot's band, in the obstacles' order; other lots keep theirs."""
    out = np.array(bands, dtype=object, copy=True)
    if len(obstacles.lot) == 0:
        return out
    rank = _rank_within(obstacles.lot)
    for r in range(int(rank.max()) + 1):
        take = rank == r
        lots = obstacles.lot[take]
        out[lots] = shapely.difference(out[lots], obstacles.keep_off[take])
    return out


def _rank_within(groups: np.ndarray) -> np.ndarray:
    """For each element, how many earlier elements share its group (0, 1, 2, ...)."""
    order = np.argsort(groups, kind="stable")
    sorted_groups = groups[order]
    starts = np.r_[0, np.flatnonzero(np.diff(sorted_groups)) + 1]
    first = np.repeat(starts, np.diff(np.r_[starts, len(groups)]))
    rank = np.empty(len(groups), dtype=int)
    rank[order] = np.arange(len(groups)) - first
    return rank


def greatest_reach(envelopes, frontages, tolerance):
    """The greatest distance from the frontage of any point of each envelope (units; 0 when empty).

    Exact to ``tolerance``, by branch and bound along the outline's edges. On a
    piece of edge from ``p`` to ``q`` no point is farther from the frontage than
    from the frontage point ``n`` nearest the piece's middle, and the distance
    to one point is largest at an end: the bound is ``max(|p - n|, |q - n|)``.
    Pieces that could beat their lot's best by more than ``tolerance`` are
    halved until none can.
    """
    frontages = np.asarray(frontages, dtype=object)
    parts, part_lot = shapely.get_parts(envelopes, return_index=True)
    rings, ring_part = shapely.get_rings(parts, return_index=True)
    xy, ring_of = shapely.get_coordinates(rings, return_index=True)
    best = np.zeros(len(envelopes))
    if not len(xy):
        return best
    lot = part_lot[ring_part[ring_of]]
    np.maximum.at(best, lot, shapely.distance(shapely.points(xy), frontages[lot]))
    i = np.flatnonzero(ring_of[1:] == ring_of[:-1])
    p, q, lot = xy[i], xy[i + 1], lot[i]
    while len(p):
        mid = (p + q) / 2
        foot = shapely.get_coordinates(shapely.shortest_line(shapely.points(mid), frontages[lot]))[1::2]
        np.maximum.at(best, lot, np.hypot(*(mid - foot).T))
        bound = np.maximum(np.hypot(*(p - foot).T), np.hypot(*(q - foot).T))
        split = bound > best[lot] + tolerance
        p, q, mid, lot = p[split], q[split], mid[split], lot[split]
        p, q, lot = np.concatenate([p, mid]), np.concatenate([mid, q]), np.concatenate([lot, lot])
    return best


def dock_roots(docks, mhw) -> np.ndarray:
    """The landward end of each dock: its point nearest the MHW line (Docks A).

    A dock crossing the MHW line has its landward end on the line.
    """
    docks = np.asarray(docks, dtype=object)
    if len(docks) == 0:
        return np.empty(0, dtype=object)
    return shapely.get_point(shapely.shortest_line(docks, mhw), 0)


def as_tree(geoms) -> shapely.STRtree:
    """``geoms`` in an STRtree: ``geoms`` itself when it is one already.

    Examples
    --------
    >>> tree = as_tree([shapely.Point(0, 0), shapely.Point(5, 5)])
    >>> as_tree(tree) is tree, len(tree)
    (True, 2)
    """
    return geoms if isinstance(geoms, shapely.STRtree) else shapely.STRtree(np.asarray(geoms, dtype=object))


def docks_on_lot(parcels, zones, frontages, roots, tolerance):
    """Pairs (dock, lot) of docks that stand on a lot: their landward end lies on it or its water (Docks A).

    A dock's landward end (:func:`dock_roots`) is the lot's when it lies on the
    parcel, within ``tolerance`` of the lot's frontage, or inside the lot's water
    farther than ``tolerance`` from its edge (a dock standing in the water); a
    dock rooted across the water, on another lot's shore (which bounds the lot's
    water), is not the lot's. This one test decides one-dock, the envelope's own
    docks and the screen's.

    Parameters
    ----------
    parcels, zones, frontages : array of geometries
        Per lot: the parcel, its water (:attr:`Riparian.zone`) and its frontage.
    roots : array of Points, or their STRtree
        Per dock: its landward end (a tree built once serves many calls).
    tolerance : float
        The MHW tolerance (units).

    Returns
    -------
    dock_index, lot_index : ndarray
    """
    if roots is None or len(roots) == 0:
        return np.empty(0, dtype=int), np.empty(0, dtype=int)
    tree = as_tree(roots)
    zones = np.asarray(zones, dtype=object)
    inside = tree.query(zones, predicate="contains_properly")  # in the water, then farther than the tolerance from its edge
    inside = inside[:, shapely.distance(tree.geometries[inside[1]], shapely.boundary(zones[inside[0]])) > tolerance]
    pairs = [
        tree.query(np.asarray(parcels, dtype=object), predicate="intersects"),
        tree.query(np.asarray(frontages, dtype=object), predicate="dwithin", distance=tolerance),
        inside,
    ]
    lot, dock = np.unique(np.concatenate(pairs, axis=1), axis=1) if any(p.size for p in pairs) else (np.empty(0, int),) * 2
    return dock.astype(int), lot.astype(int)


@dataclass(frozen=True)
class Obstacles:
    """(lot, obstacle) pairs: each obstacle near a lot's band, and its clearance zone (parallel arrays)."""

    lot: np.ndarray
    geometry: np.ndarray
    keep_off: np.ndarray


def obstacle_pairs(bands, channels, docks, own_lot, own_dock, clearances) -> Obstacles:
    """The obstacles each band keeps clear of: channels first, then other docks, each in layer order.

    ``clearances`` gives the clearance (units) from the channels and from the
    docks; a None clearance keeps the band clear of nothing in that layer. An
    obstacle counts for a lot when it lies within its clearance of the lot's
    band; the lot's own docks do not count. Each obstacle is buffered once.
    ``channels`` and ``docks`` may be given as their STRtrees (built once for
    many calls).
    """
    lots, geoms, zones, kind, index = [], [], [], [], []
    for k, (layer, clearance) in enumerate(zip((channels, docks), clearances)):
        if layer is None or len(layer) == 0 or clearance is None:
            continue
        tree = as_tree(layer)
        layer = tree.geometries
        near_lot, near_obj = pairs_within(tree, bands, clearance)
        if k == 1 and len(own_lot):
            keep = ~np.isin(near_lot * len(layer) + near_obj, own_lot * len(layer) + own_dock)
            near_lot, near_obj = near_lot[keep], near_obj[keep]
        used, where = np.unique(near_obj, return_inverse=True)
        lots.append(near_lot)
        geoms.append(layer[near_obj])
        zones.append(shapely.buffer(layer[used], clearance, quad_segs=QUAD_SEGS)[where])
        kind.append(np.full(len(near_lot), k))
        index.append(near_obj)
    if not lots:
        empty = np.empty(0, dtype=object)
        return Obstacles(np.empty(0, dtype=int), empty, empty)
    lots, geoms, zones, kind, index = (np.concatenate(a) for a in (lots, geoms, zones, kind, index))
    order = np.lexsort((index, kind, lots))
    return Obstacles(lots[order], geoms[order], zones[order])


# ---------------------------------------------------------------------------
# one lot
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Envelope:
    """The permissible envelope of one lot; lengths in feet, areas in square feet.

    Attributes
    ----------
    geometry : shapely geometry
        Where a compliant dock may stand (working CRS); empty when none may.
    band : shapely geometry
        The same before the channel and dock clearances are taken off.
    frontage_ft, required_setback_ft, reach_limit_ft : float
    band_width_ft : float
        Width of the band at the MHW line (the frontage outside both setbacks).
    area_sqft : float
    greatest_reach_ft : float
        The greatest distance from the frontage of any point of the envelope.
    nearest_obstacle_ft : float or None
        Distance from the band at the MHW line to the nearest channel or other
        dock (None when there is none).
    existing_docks : int
        Docks standing on the lot's own water.
    reasons : tuple of str
        Why the lot can have no dock; empty when it can.
    needs : tuple of str
        What the reach limit hangs on that the data do not give, each with its section (a waterway's width, a
        datum line); the envelope is then drawn as far as the other checks allow, and whether a dock is possible
        is not known.
    """

    riparian: Riparian
    geometry: BaseGeometry
    band: BaseGeometry
    frontage_ft: float
    required_setback_ft: float
    reach_limit_ft: float
    band_width_ft: float
    area_sqft: float
    greatest_reach_ft: float
    nearest_obstacle_ft: float | None
    existing_docks: int
    reasons: tuple[str, ...]
    needs: tuple[str, ...] = ()

    @property
    def possible(self) -> bool:
        """True when a compliant dock may stand somewhere on the lot's water (not when the data cannot tell)."""
        return not self.reasons and not self.needs


def lot_envelope(
    parcel, mhw, *, ft_per_unit: float, rules: Limits, channels=None, docks=None,
    tolerance_ft: float = 5.0, extension: str = "straight", direction: str = "last-course",
    course_tolerance_ft: float = COURSE_TOLERANCE_FT, chord_ft: float = EXTENSION_CHORD_FT,
    reach_ft: float | None = None, riparian: Riparian | None = None, method: str = "extended-side-lines",
    baseline_ft: float = BASELINE_FT, centerline: BaseGeometry | None = None, cove_line: BaseGeometry | None = None,
    parcels=None, needs: tuple[str, ...] = (), median_line: BaseGeometry | None = None,
    navigation_line: BaseGeometry | None = None, navigation_ft: float | None = None,
    lake_center: tuple[float, float] | None = None,
) -> Envelope:
    """The permissible envelope of one lot (Docks A, B, C, D(1)).

    Parameters
    ----------
    parcel : Polygon
        The lot, working CRS.
    mhw : shapely geometry
        The MHW line, working CRS.
    ft_per_unit : float
        Feet per working-CRS unit.
    rules : Limits
        The rules' limits (a :class:`dockreview.rules.RuleSet`): the required
        setback, the reach cap and the terminus clearances, and why a lot can have no dock.
    channels, docks : sequence of geometries, optional
        Channels, fairways and anchorages; existing docks (all of the layer).
        A dock whose landward end lies on the lot or its water is the lot's own.
    tolerance_ft : float
        How close to the MHW line a parcel boundary counts as on it.
    extension, direction, course_tolerance_ft, chord_ft
        How the side lines are extended (see :func:`~dockreview.geometry.riparian.riparian_geometry`).
    method, baseline_ft, centerline, cove_line, parcels, median_line, navigation_line, navigation_ft, lake_center
        The riparian method and what it reads: the centreline, the cove line, the parcels layer (the neighbours,
        the lots sharing a line of navigation), the median line, the line of navigation and the lake's centre
        (see :func:`~dockreview.geometry.riparian.riparian_geometry`).
    reach_ft : float, optional
        The reach limit; default the rules' cap (Kings Point: 200 ft). Without one the lot's water is worked
        :data:`WORKED_WATER_FT` out.
    needs : tuple of str
        What the reach limit hangs on that the data do not give (``reach_ft`` is then what the other checks allow).
    riparian : Riparian, optional
        The lot's riparian geometry when already derived (the review's own).

    Raises
    ------
    SiteDataError
        When the lot does not front the MHW line.
    """
    if riparian is None:
        riparian = riparian_geometry(
            parcel, mhw, tolerance=tolerance_ft / ft_per_unit, ft_per_unit=ft_per_unit, extension=extension,
            direction=direction, course_tolerance_ft=course_tolerance_ft, chord_ft=chord_ft, method=method,
            baseline_ft=baseline_ft, centerline=centerline, cove_line=cove_line, parcels=parcels, median_line=median_line,
            navigation_line=navigation_line, navigation_ft=navigation_ft, lake_center=lake_center,
        )
    frontage_ft = riparian.frontage.length * ft_per_unit
    setback_ft = float(rules.required_setback_ft(frontage_ft))
    reach_ft = rules.reach_cap_ft() if reach_ft is None else reach_ft
    zone = np.array([riparian.zone], dtype=object)
    frontage = np.array([riparian.frontage], dtype=object)
    strips = setback_strips(
        np.array([riparian.left_line], dtype=object), np.array([riparian.right_line], dtype=object),
        setback_ft / ft_per_unit,
    )
    band = setback_band(clear_of_strips(zone, strips), frontage, min(reach_ft, WORKED_WATER_FT) / ft_per_unit)
    width_ft = float(band_width(frontage, strips)[0]) * ft_per_unit
    channel_geoms = _geoms(channels)
    dock_geoms = _geoms(docks)
    roots = None if dock_geoms is None else dock_roots(dock_geoms, riparian.mhw)
    own_dock, own_lot = docks_on_lot(np.array([parcel], dtype=object), zone, frontage, roots, tolerance_ft / ft_per_unit)
    clearances = [rules.terminus_clearance_ft(target) for target in ("channels", "docks")]
    clearances = [None if c is None else c / ft_per_unit for c in clearances]
    obstacles = obstacle_pairs(band, channel_geoms, dock_geoms, own_lot, own_dock, clearances)
    envelope = keep_clear(band, obstacles)
    nearest = nearest_obstacle(frontage, strips, obstacles)[0]
    reasons = rules.envelope_reasons(
        frontage_ft=frontage_ft, band_width_ft=width_ft, required_setback_ft=setback_ft,
        band_empty=bool(shapely.area(band[0]) <= 0), envelope_empty=bool(shapely.area(envelope[0]) <= 0),
        nearest_obstacle_ft=None if math.isnan(nearest) else nearest * ft_per_unit,
    )
    return Envelope(
        riparian=riparian,
        geometry=envelope[0],
        band=band[0],
        frontage_ft=frontage_ft,
        required_setback_ft=setback_ft,
        reach_limit_ft=reach_ft,
        band_width_ft=width_ft,
        area_sqft=float(shapely.area(envelope[0])) * ft_per_unit**2,
        greatest_reach_ft=float(greatest_reach(envelope, frontage, REACH_TOLERANCE_FT / ft_per_unit)[0]) * ft_per_unit,
        nearest_obstacle_ft=None if math.isnan(nearest) else nearest * ft_per_unit,
        existing_docks=len(own_dock),
        reasons=reasons,
        needs=tuple(needs),
    )


def nearest_obstacle(frontages, strips, obstacles: Obstacles):
    """Distance from each lot's band at the MHW line to its nearest obstacle (units; NaN when none)."""
    out = np.full(len(frontages), np.nan)
    lots = obstacles.lot
    if len(lots):
        at_shore = shapely.difference(np.asarray(frontages, dtype=object)[lots], np.asarray(strips, dtype=object)[lots])
        d = shapely.distance(at_shore, obstacles.geometry)
        d = np.where(np.isnan(d), np.inf, d)
        best = np.full(len(frontages), np.inf)
        np.minimum.at(best, lots, d)
        out = np.where(np.isfinite(best), best, np.nan)
    return out


def _geoms(layer) -> np.ndarray | None:
    if layer is None:
        return None
    values = layer.geometry.values if isinstance(layer, gpd.GeoDataFrame) else layer
    return np.asarray(values, dtype=object)


def band_middle(envelope: Envelope) -> Point:
    """The middle of the band at the MHW line (its longest piece), else the frontage midpoint."""
    ft = envelope.frontage_ft / envelope.riparian.frontage.length
    strips = setback_strips(
        envelope.riparian.left_line, envelope.riparian.right_line, envelope.required_setback_ft / ft
    )
    at_shore = [p for p in shapely.get_parts(shapely.line_merge(shapely.difference(envelope.riparian.frontage, strips)))]
    if not at_shore:
        return envelope.riparian.frontage_midpoint
    return shapely.line_interpolate_point(max(at_shore, key=lambda p: p.length), 0.5, normalized=True)


def envelope_frame(envelope: Envelope, crs) -> gpd.GeoDataFrame:
    """The envelope as a one-row GeoDataFrame with its figures, for a GeoPackage."""
    return gpd.GeoDataFrame(
        {
            "frontage_ft": [envelope.frontage_ft],
            "required_setback_ft": [envelope.required_setback_ft],
            "band_width_ft": [envelope.band_width_ft],
            "area_sqft": [envelope.area_sqft],
            "greatest_reach_ft": [envelope.greatest_reach_ft],
            "existing_docks": [envelope.existing_docks],
            "reasons": ["; ".join(envelope.reasons)],
            "needs_data": ["; ".join(envelope.needs) or None],
        },
        geometry=[envelope.geometry if not envelope.geometry.is_empty else None],
        crs=crs,
    )
