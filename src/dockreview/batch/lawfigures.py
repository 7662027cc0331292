"""The figures other towns' laws read of an existing dock, as arrays: measured, or known to be unknown.

The audit reads the screen's layers (parcels, the MHW line, channels, docks and
soundings) and knows no vessel. A figure the one-dock review
(:func:`dockreview.measure.compute.measure`) measures from another layer -- a
pier line, a bulkhead, vegetation, a centreline, a datum line -- or from the
moored vessel is unknown for every dock there: NaN here, so the check reading it
needs data, as the review of one dock without that layer finds. The MLW and
MLLW lines may be drawn from soundings, so with soundings their figures are left
to the one-dock review. A figure of the dock, its lot and the other docks (its
extent along the shore, past the property line, its whole clearance from the
other docks) is measured here.
"""

from __future__ import annotations

import numpy as np
import shapely

from dockreview.measure.clearances import JOINED_FT
from dockreview.measure.envelope import docks_on_lot
from dockreview.measure.waterway import METHODS, REFERENCES, width_field

#: The moored vessel's figures: the audit knows no vessel (its length and beam).
VESSEL_FIGURES = (
    "vessel_reach_ft", "vessel_reach_from_bulkhead_ft", "vessel_reach_from_property_ft", "vessel_setback_left_ft",
    "vessel_setback_right_ft", "vessel_setback_ft", "vessel_pierhead_beyond_ft", "vessel_beam_ft",
)
#: Figures measured from a layer the screen does not read: the pier line, bulkheads and vegetation.
LAYER_FIGURES = (
    "pierhead_beyond_ft", "reach_from_bulkhead_ft", "bulkhead_depth_ft", "float_on_vegetation_sqft",
    *(width_field(method, reference) for method in METHODS for reference in ("bulkhead", "vegetation")),
    *(width_field("perpendicular-to-centerline", reference) for reference in REFERENCES),
)
#: Figures measured from the MLW or MLLW line, which only soundings can draw for the audit.
DATUM_FIGURES = (
    "reach_from_mlw_ft", "reach_from_mllw_ft", "mlw_line_from", "mllw_line_from", *(width_field(method, "mlw") for method in METHODS),
)


def unknown_figures(soundings: bool) -> tuple[str, ...]:
    """The figures no dock of an audit has (with or without ``soundings``).

    Examples
    --------
    >>> "pierhead_beyond_ft" in unknown_figures(True), "reach_from_mllw_ft" in unknown_figures(True)
    (True, False)
    >>> "reach_from_mllw_ft" in unknown_figures(False), "width_narrowest_ft" in unknown_figures(False)
    (True, False)
    """
    return VESSEL_FIGURES + LAYER_FIGURES + (() if soundings else DATUM_FIGURES)


def along_shore_extents(footprints: np.ndarray, frontages: np.ndarray) -> np.ndarray:
    """Each dock's extent along its lot's frontage chord, corner to corner (units).

    Examples
    --------
    >>> docks = np.array([shapely.box(0, 0, 4, 30), shapely.box(0, 0, 30, 4)])
    >>> fronts = np.array([shapely.LineString([(-50, 0), (50, 0)]), shapely.LineString([(0, -50), (0, 50)])])
    >>> along_shore_extents(docks, fronts).tolist()
    [4.0, 4.0]
    """
    xy, k = shapely.get_coordinates(frontages, return_index=True)
    lots, first = np.unique(k, return_index=True)
    last = len(k) - 1 - np.unique(k[::-1], return_index=True)[1]
    chord = np.full((len(footprints), 2), np.nan)
    chord[lots] = xy[last] - xy[first]
    chord /= np.hypot(*chord.T)[:, None]
    dock_xy, d = shapely.get_coordinates(footprints, return_index=True)
    along = np.einsum("ij,ij->i", dock_xy, chord[d])
    lo, hi = np.full(len(footprints), np.inf), np.full(len(footprints), -np.inf)
    np.minimum.at(lo, d, along)
    np.maximum.at(hi, d, along)
    return hi - lo


def reaches_from_parcels(footprints: np.ndarray, parcels: np.ndarray, step: float) -> np.ndarray:
    """How far each dock protrudes past its lot's property line (units): the greatest distance from the parcel to a
    point of the dock's outline, sampled every ``step`` (as :func:`dockreview.measure.waterway.reach_from_parcel`).

    Examples
    --------
    >>> reaches_from_parcels(np.array([shapely.box(-2, -5, 2, 30)]), np.array([shapely.box(-50, -100, 50, -5)]), 0.5).tolist()
    [35.0]
    """
    xy, d = shapely.get_coordinates(shapely.segmentize(shapely.boundary(footprints), step), return_index=True)
    out = np.full(len(footprints), np.nan)
    np.fmax.at(out, d, shapely.distance(shapely.points(xy), parcels[d]))
    return out


def whole_clearances(footprints: np.ndarray, area_boxes: np.ndarray, docks, lots, mhw, *, tolerance: float, ft: float) -> np.ndarray:
    """Each dock's least distance from any part of it to another dock (units; inf: none in its box), leaving out its
    own features and the docks of its mooring system: on its lot and within :data:`~dockreview.measure.clearances.JOINED_FT`
    of it (as :func:`~dockreview.measure.clearances.whole_dock_clearance` leaves them out).

    ``docks`` is the docks layer as the audit gives it: (geometries, STRtree, ``exclude(dock, feature)``).
    """
    layer, tree, exclude = docks
    i, j = tree.query(area_boxes)
    keep = ~exclude(i, j)
    i, j = i[keep], j[keep]
    d = shapely.distance(footprints[i], layer[j])
    touching = np.flatnonzero(d <= JOINED_FT / ft)
    if len(touching):  # a touching dock rooted on the lot is of its mooring system
        a, b = i[touching], j[touching]
        chunk, _ = mhw.nearest(layer[b])
        roots = shapely.get_point(shapely.shortest_line(layer[b], mhw.chunks[chunk]), 0)
        root, lot = docks_on_lot(lots.parcel[a], lots.zone[a], lots.frontage[a], roots, tolerance)
        d[touching[root[root == lot]]] = np.inf
    out = np.full(len(footprints), np.inf)
    np.minimum.at(out, i, d)
    return out


def law_figures(footprints: np.ndarray, lots, *, ft: float, step: float, soundings: bool, read) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """The figures of this module among ``read`` (the names the laws read) for every dock, in feet, its lot's of
    ``lots`` (a :class:`~dockreview.batch.docks.DockLots`): its extent along the shore and past the property line,
    and NaN for :func:`unknown_figures`; and which docks they cannot measure as the one-dock review does (a
    frontage in pieces, whose water corners are not its ends, for the extent along the shore)."""
    n = len(footprints)
    unmeasured = np.zeros(n, dtype=bool)
    if "along_shore_extent_ft" in read:
        unmeasured = shapely.get_type_id(shapely.line_merge(lots.frontage)) != shapely.GeometryType.LINESTRING
    measured = {
        "along_shore_extent_ft": lambda: along_shore_extents(footprints, lots.frontage) * ft,
        "reach_from_property_ft": lambda: reaches_from_parcels(footprints, lots.parcel, step) * ft,
    }
    return {name: figure() for name, figure in measured.items() if name in read} | {
        name: np.full(n, np.nan) for name in unknown_figures(soundings) if name in read
    }, unmeasured
