"""The waterway's width at many docks at once, between the MHW lines of its banks (working units, then feet).

The one-dock review measures a width on sections across the water
(:func:`dockreview.measure.waterway.waterway_widths`): each a straight line
through a station, the width the stretch of it between the nearest crossings of
the MHW line on either side of a probe point in the water. Here every section of
every dock is one line, crossed with the MHW line's pieces at once. The MHW line
a dock's review reads is the layer's within a box about its lot and itself
(:data:`~dockreview.batch.audit.AUDIT_RADIUS_FT` and three times the lot's
perimeter beyond them), so only crossings inside that box count. A lot near a
loose end of the line, where the review bridges a gap along the lot's boundary,
is left to it (NaN, and ``unmeasured``).

Methods (the profile's ``width_method``; from the MHW line, ``reference = "mhw"``):

* ``along-axis``: one section along the dock's axis through its MHW crossing,
  probed at its seaward end;
* ``perpendicular-to-shore``: one section square to the shore (the lot's seaward
  normal) through the crossing, probed as far out as the dock reaches along it
  (at least :data:`~dockreview.measure.waterway.PROBE_FT`);
* ``average-along-frontage``: the mean of sections square to the shore through
  stations spread along the frontage;
* ``narrowest-along-span``: the least of sections square to the shore through
  stations across the dock's span.

A section that leaves the water on one side (the far bank is not in the layer, or
outside the box) makes the width unknown, as in the review.
"""

from __future__ import annotations

import numpy as np
import shapely

from dockreview.measure.waterway import (
    AVERAGE_SPACING_FT,
    PROBE_FT,
    SPAN_SPACING_FT,
    SPAN_STATIONS,
    STATIONS,
    width_field,
)

#: The methods measured here, from the MHW line.
ARRAY_WIDTHS = ("along-axis", "perpendicular-to-shore", "average-along-frontage", "narrowest-along-span")
#: How far either side of its probe a section is first searched for the banks (ft; then four times as far, ...).
FIRST_SEARCH_FT = 150.0
#: Their figures.
WIDTH_FIELDS = {width_field(method): method for method in ARRAY_WIDTHS}


def _spread(lo: np.ndarray, hi: np.ndarray, count: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``count[i]`` evenly spaced values from ``lo[i]`` to ``hi[i]`` (ends included) for every ``i``, and whose each is."""
    owner = np.repeat(np.arange(len(count)), count)
    k = np.arange(len(owner)) - np.repeat(np.cumsum(count) - count, count)
    share = k / np.maximum(count[owner] - 1, 1)
    return lo[owner] + (hi - lo)[owner] * share, owner


def section_widths(
    origins: np.ndarray, directions: np.ndarray, probes: np.ndarray, boxes: np.ndarray, mhw, *, first: float,
) -> np.ndarray:
    """The width of the water on each section (units): between the nearest crossings of the MHW line below and above
    the probe (the section is ``origin + t * direction``, probed at ``t = probe``), counting only crossings inside the
    section's box (``boxes``: an (n, 4) array of bounds); NaN when the section leaves the water on a side.

    Each side's nearest crossing is sought within ``first`` (units) of the probe, then four times as far, and so on
    until it is found or the section has left its box: a crossing outside the box ends the search on its side, for
    the box is convex and nothing beyond it counts.

    Examples
    --------
    >>> from dockreview.batch.shoreline import MhwIndex
    >>> banks = MhwIndex(shapely.MultiLineString([[(-500, 0), (500, 0)], [(-500, 120), (500, 120)]]))
    >>> box = [-600, -600, 600, 600]
    >>> section_widths(np.array([[0.0, 0.0], [0.0, 0.0]]), np.array([[0.0, 1.0], [0.0, 1.0]]), np.array([35.0, 35.0]),
    ...                np.array([box, [-600, -600, 600, 100]]), banks, first=10.0).tolist()
    [120.0, nan]
    """
    n = len(origins)
    t_min, t_max = _within(origins, directions, boxes)
    lo, hi = np.full(n, np.nan), np.full(n, np.nan)
    open_lo, open_hi = np.ones(n, dtype=bool), np.ones(n, dtype=bool)
    reach = np.full(n, float(first))
    unknown = ~(np.isfinite(t_min) & np.isfinite(t_max) & np.isfinite(probes))  # a section with no place: no width
    open_lo[unknown] = open_hi[unknown] = False
    while (pending := np.flatnonzero(open_lo | open_hi)).size:
        o, u = origins[pending], directions[pending]
        start = np.maximum(probes[pending] - reach[pending], t_min[pending])
        end = np.minimum(probes[pending] + reach[pending], t_max[pending])
        lines = shapely.linestrings(np.stack([o + u * start[:, None], o + u * end[:, None]], axis=1))
        which, chunk = mhw.tree.query(lines, predicate="intersects")
        hits, k = shapely.get_coordinates(shapely.intersection(lines[which], mhw.chunks[chunk]), return_index=True)
        section = pending[which[k]]
        b = boxes[section]
        inside = (hits[:, 0] >= b[:, 0]) & (hits[:, 0] <= b[:, 2]) & (hits[:, 1] >= b[:, 1]) & (hits[:, 1] <= b[:, 3])
        t = np.round(np.einsum("ij,ij->i", hits - origins[section], directions[section]), 9)
        for side, found, still, pick in ((t < probes[section], lo, open_lo, np.fmax), (t > probes[section], hi, open_hi, np.fmin)):
            nearest = np.full(n, np.nan)
            pick.at(nearest, section[side], t[side])
            inner = np.full(n, np.nan)
            pick.at(inner, section[side & inside], t[side & inside])
            hit = still & np.isfinite(nearest)
            found[hit] = np.where(inner[hit] == nearest[hit], nearest[hit], np.nan)  # the nearest outside the box: none
            still[hit] = False
        open_lo[pending[start <= t_min[pending]]] = False  # the search has left the box on that side
        open_hi[pending[end >= t_max[pending]]] = False
        reach[pending] *= 4.0
    return hi - lo


def _joined_ends(mhw, tolerance: float) -> np.ndarray:
    """The loose ends of the MHW line within ``tolerance`` of another part (the one-dock review joins them to it,
    :func:`~dockreview.geometry.shore.node_pieces`)."""
    ends = np.asarray(mhw.loose_ends.geometries, dtype=object)
    end, chunk = mhw.tree.query(ends, predicate="dwithin", distance=tolerance)
    own = mhw.chunk_part[mhw.nearest(ends)[0]]
    return ends[np.unique(end[mhw.chunk_part[chunk] != own[end]])]


def _within(origins: np.ndarray, directions: np.ndarray, boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each line ``origin + t * direction`` runs inside its box: from ``t_min`` to ``t_max`` (widened by a
    hair, so that a crossing on the box's edge is found and then told inside).

    Examples
    --------
    >>> t_min, t_max = _within(np.array([[0.0, 0.0]]), np.array([[0.6, 0.8]]), np.array([[-6.0, -8.0, 30.0, 8.0]]))
    >>> t_min.round(6).tolist(), t_max.round(6).tolist()
    ([-10.0], [10.0])
    """
    with np.errstate(divide="ignore", invalid="ignore"):
        ends = (boxes.reshape(-1, 2, 2) - origins[:, None, :]) / directions[:, None, :]
    low = np.where(directions == 0.0, -np.inf, np.min(ends, axis=1))
    high = np.where(directions == 0.0, np.inf, np.max(ends, axis=1))
    t_min, t_max = np.max(low, axis=1), np.min(high, axis=1)
    hair = 1e-9 * np.maximum(np.abs(t_min), np.abs(t_max))
    return t_min - hair, t_max + hair


def mhw_widths(
    footprints: np.ndarray, roots: np.ndarray, axis: np.ndarray, length: np.ndarray, lots, mhw, *, ft: float, radius: float,
    tolerance: float, fields,
) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """The waterway's widths ``fields`` (of :data:`WIDTH_FIELDS`) at each dock (feet), and which docks this cannot
    measure as the one-dock review does (a lot by a loose end of the MHW line; a frontage in pieces).

    ``roots`` are the docks' MHW crossings along their ``axis``, ``length`` their
    length from there (units); ``lots`` their :class:`~dockreview.batch.docks.DockLots`; ``radius`` the audit's
    radius and ``tolerance`` the MHW tolerance (units).
    """
    n = len(footprints)
    if not len(fields):
        return {}, np.zeros(n, dtype=bool)
    normal = lots.seaward
    perimeter = shapely.length(lots.parcel)
    bounds = np.c_[
        np.minimum(shapely.bounds(lots.parcel)[:, :2], shapely.bounds(footprints)[:, :2]),
        np.maximum(shapely.bounds(lots.parcel)[:, 2:], shapely.bounds(footprints)[:, 2:]),
    ]
    margin = radius + 3.0 * perimeter
    boxes = bounds + np.c_[-margin, -margin, margin, margin]
    xy, d = shapely.get_coordinates(footprints, return_index=True)
    out_along = np.full(n, -np.inf)
    np.maximum.at(out_along, d, np.einsum("ij,ij->i", xy - roots[d], normal[d]))
    out_along = np.maximum(out_along, PROBE_FT / ft)
    frontage = shapely.line_merge(lots.frontage)
    unmeasured = shapely.get_type_id(frontage) != shapely.GeometryType.LINESTRING
    unmeasured[mhw.loose_ends.query(shapely.get_exterior_ring(lots.parcel), predicate="dwithin", distance=tolerance)[0]] = True
    joined = _joined_ends(mhw, tolerance)  # the review joins these to the piece they stop short of: its line differs
    unmeasured[np.unique(shapely.STRtree(joined).query(shapely.box(*boxes.T))[0])] = True
    out = {}
    for field in fields:
        method = WIDTH_FIELDS[field]
        if method == "along-axis":
            origins, owner, directions, probes = roots, np.arange(n), axis, length
        elif method == "perpendicular-to-shore":
            origins, owner, directions, probes = roots, np.arange(n), normal, out_along
        elif method == "average-along-frontage":
            count = np.clip(np.ceil(shapely.length(frontage) * ft / AVERAGE_SPACING_FT), *STATIONS).astype(int)
            count[unmeasured] = 1
            share, owner = _spread(0.5 / count, 1.0 - 0.5 / count, count)
            origins = shapely.get_coordinates(shapely.line_interpolate_point(np.where(unmeasured, shapely.LineString([(0, 0), (1, 0)]), frontage)[owner], share, normalized=True))
            directions, probes = normal[owner], out_along[owner]
        else:  # narrowest-along-span: stations across the dock's span, on the line along the shore through its crossing
            along = np.c_[normal[:, 1], -normal[:, 0]]
            t = np.einsum("ij,ij->i", xy - roots[d], along[d])
            lo, hi = np.full(n, np.inf), np.full(n, -np.inf)
            np.minimum.at(lo, d, t)
            np.maximum.at(hi, d, t)
            count = np.clip(np.ceil((hi - lo) * ft / SPAN_SPACING_FT) + 1, *SPAN_STATIONS).astype(int)
            at, owner = _spread(lo, hi, count)
            origins, directions, probes = roots[owner] + at[:, None] * along[owner], normal[owner], out_along[owner]
        widths = section_widths(origins, directions, probes, boxes[owner], mhw, first=FIRST_SEARCH_FT / ft)
        value = np.full(n, np.nan if method != "narrowest-along-span" else np.inf)
        if method == "narrowest-along-span":
            np.minimum.at(value, owner, widths)  # NaN (a section out of the water) makes the width unknown
        elif method == "average-along-frontage":
            value = np.bincount(owner, weights=widths, minlength=n) / np.bincount(owner, minlength=n)
        else:
            value = widths
        out[field] = np.where(unmeasured, np.nan, value) * ft
    return out, unmeasured
