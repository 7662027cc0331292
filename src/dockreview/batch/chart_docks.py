"""Charted piers grouped into docks, and each dock's figures measured as arrays (``dockreview audit --chart``).

A chart draws a dock as pieces: a T-head's stem and head are two SLCONS
features, a pier with fingers one feature per finger, a pontoon another
object class. :func:`group_docks` joins the pier features (shoreline
constructions charted as piers, CATSLC = 4, and pontoons) that touch or lie
within a tolerance of one another into one dock, as the screen's audit groups
a docks layer without an id field (:data:`dockreview.batch.dockgroups.SAME_DOCK_FT`):
the connected components of the pairs an STRtree finds within the tolerance.

:func:`dock_figures` measures every dock at once, on shapely arrays, in the
working CRS, and returns its figures in feet:

* ``reach_ft`` -- the greatest distance from the chart's land-water line to any
  point of the dock (sampled every :data:`dockreview.measure.compute.REACH_STEP_FT`,
  as the review samples a dock);
* ``length_ft`` -- the dock's extent along its axis (the long side of its
  minimum rotated rectangle, pointing away from the shore) from its landward
  end, its point nearest the land-water line; ``overall_reach_ft`` is the
  greater of the two, as the review's reach check reads it (Docks D(1));
* the **terminus** -- the part of the dock farther than the reach less the
  terminus depth (20 ft) from the land-water line, as the review defines it;
  ``channel_clearance_ft`` is its distance from the nearest channel or
  anchorage, ``dock_clearance_ft`` from the nearest feature of *another* dock
  (never from the dock's own parts); infinite when the chart has none;
* ``max_width_ft`` -- the widest walkway (Docks D(2)(b)) of a dock whose piers
  are all charted as areas; NaN (the chart cannot say) when any pier is charted
  as a line or a point; 0 when the dock has no pier, only pontoons;
* ``float_count`` and ``float_area_sqft`` -- its pontoons (its floats) and their
  total area when every one is charted as an area; NaN when one is a line.

A figure the chart cannot give is NaN, never 0, so the checks say needs-data.
"""

from __future__ import annotations

from dataclasses import dataclass

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely

from dockreview.batch.kernel import MhwIndex
from dockreview.geometry.width import max_width
from dockreview.groups import connected_groups
from dockreview.measure.compute import REACH_STEP_FT

#: Width (ft) a pier charted as a line is drawn at in the audit's map layer. For drawing only: the chart does
#: not give the width, so it is never measured (its max_width_ft is NaN).
DRAWN_WIDTH_FT = 4.0
#: The reach's samples are first measured this many apart, then all of them only where the farthest may lie.
COARSE_STEPS = 16
#: The object class of a pontoon (a float); every other pier feature is a shoreline construction (a walkway).
PONTOON = "PONTON"


@dataclass(frozen=True)
class ChartDocks:
    """Pier features grouped into docks.

    Attributes
    ----------
    features : GeoDataFrame
        The pier features (``class``, ``cell``, geometry), with ``feature_id``
        (``cell:LNAM``, or ``cell:RCID n`` without an LNAM) and ``dock`` (its
        dock's number, 0 to n - 1, in the order of each dock's first feature).
    charted : ndarray of geometries
        Each dock as charted: the union of its features (lines stay lines).
    """

    features: gpd.GeoDataFrame
    charted: np.ndarray

    def __len__(self) -> int:
        return len(self.charted)

    @property
    def label(self) -> np.ndarray:
        """The dock number of each feature."""
        return self.features["dock"].to_numpy()

    def drawn(self, ft_per_unit: float) -> np.ndarray:
        """Each dock as an area for the map: its areas, and its lines and points drawn :data:`DRAWN_WIDTH_FT` wide."""
        geoms = np.asarray(self.features.geometry.values, dtype=object)
        areas = shapely.get_dimensions(geoms) == 2
        shapes = np.where(areas, geoms, shapely.buffer(geoms, DRAWN_WIDTH_FT / 2 / ft_per_unit, quad_segs=4))
        return per_dock(shapes, self.label, len(self))

    def describe(self) -> pd.DataFrame:
        """One row per dock naming its features: ids, count, classes, cells, charted names and how they are charted."""
        f = self.features
        order = np.argsort(self.label, kind="stable")
        cuts = np.cumsum(np.bincount(self.label, minlength=len(self)))[:-1]
        name = f["OBJNAM"] if "OBJNAM" in f.columns else pd.Series(None, index=f.index, dtype=object)

        def split(values) -> list[list[str]]:
            return [list(v) for v in np.split(np.asarray(values, dtype=object)[order], cuts)]

        def joined(values, sep: str = ", ") -> list[str]:
            return [sep.join(dict.fromkeys(v for v in group if v)) for group in split(values)]

        ids = split(f["feature_id"])
        return pd.DataFrame(
            {
                "dock_id": [v[0] for v in ids],
                "features": [", ".join(v) for v in ids],
                "feature_count": np.bincount(self.label, minlength=len(self)),
                "classes": joined(f["class"].astype(str)),
                "cell": joined(f["cell"].astype(str)),
                "name": joined([n.strip() if isinstance(n, str) else "" for n in name], "; "),
                "charted_as": [", ".join(sorted(set(v))) for v in split(f.geometry.geom_type)],
            }
        )


def feature_ids(piers: gpd.GeoDataFrame) -> np.ndarray:
    """Each pier feature's id: ``cell:LNAM``, or ``cell:RCID n`` where the feature has no LNAM.

    Examples
    --------
    >>> frame = gpd.GeoDataFrame({"cell": ["A.000", "A.000"], "LNAM": ["0226AB", None], "RCID": [1, 2]}, geometry=[None, None])
    >>> feature_ids(frame).tolist()
    ['A.000:0226AB', 'A.000:RCID 2']
    """
    cell = piers["cell"].astype(str).to_numpy()
    lnam = piers["LNAM"] if "LNAM" in piers.columns else pd.Series(None, index=piers.index, dtype=object)
    rcid = piers["RCID"] if "RCID" in piers.columns else pd.Series(np.arange(len(piers)), index=piers.index)
    return np.array(
        [f"{c}:{n}" if isinstance(n, str) and n else f"{c}:RCID {r}" for c, n, r in zip(cell, lnam, rcid)], dtype=object
    )


def group_docks(piers: gpd.GeoDataFrame, *, tolerance: float) -> ChartDocks:
    """The pier features within ``tolerance`` (working units) of one another, joined through each other, as docks.

    Examples
    --------
    >>> from shapely import LineString
    >>> stem, head, apart = LineString([(0, 0), (0, 60)]), LineString([(-15, 60), (15, 60)]), LineString([(90, 0), (90, 50)])
    >>> piers = gpd.GeoDataFrame({"class": "SLCONS", "cell": "A.000", "LNAM": ["s", "h", "a"]}, geometry=[stem, head, apart])
    >>> docks = group_docks(piers, tolerance=0.5)
    >>> len(docks), docks.label.tolist()
    (2, [0, 0, 1])
    """
    piers = piers.reset_index(drop=True)
    geoms = np.asarray(shapely.force_2d(piers.geometry.values), dtype=object)
    left, right = shapely.STRtree(geoms).query(geoms, predicate="dwithin", distance=tolerance)
    raw = connected_groups(len(geoms), left, right)
    # number docks in the order of their first feature
    _, first = np.unique(raw, return_index=True)
    rank = np.empty(len(first), dtype=int)
    rank[np.argsort(first)] = np.arange(len(first))
    label = rank[raw]
    features = piers.assign(feature_id=feature_ids(piers), dock=label).set_geometry(geoms, crs=piers.crs)
    return ChartDocks(features, per_dock(geoms, label, len(first)))


def per_dock(geoms: np.ndarray, label: np.ndarray, n: int) -> np.ndarray:
    """The union of the geometries of each dock: one ``union_all`` along the rows of a table padded with None.

    Examples
    --------
    >>> from shapely import box
    >>> per_dock(np.array([box(0, 0, 1, 1), box(1, 0, 2, 1), box(5, 5, 6, 6)]), np.array([0, 0, 1]), 2)[0].area
    2.0
    """
    if not len(geoms):
        return np.empty(0, dtype=object)
    order = np.argsort(label, kind="stable")
    count = np.bincount(label, minlength=n)
    start = np.r_[0, np.cumsum(count)[:-1]]
    table = np.full((n, int(count.max())), None, dtype=object)
    table[label[order], np.arange(len(order)) - start[label[order]]] = geoms[order]
    return np.asarray(shapely.union_all(table, axis=1), dtype=object)


def _reduce(values: np.ndarray, label: np.ndarray, n: int, ufunc, initial: float) -> np.ndarray:
    out = np.full(n, initial)
    ufunc.at(out, label, values)
    return out


def dock_figures(
    docks: ChartDocks, shore: MhwIndex, channels: np.ndarray, *, ft_per_unit: float, terminus_depth_ft: float,
) -> dict[str, np.ndarray]:
    """The figures of every dock (feet, square feet), one array each, on the docks' order.

    Parameters
    ----------
    docks : ChartDocks
    shore : MhwIndex
        The chart's land-water line.
    channels : ndarray of geometries
        Channels and anchorages (may be empty: the clearance is then infinite).
    ft_per_unit : float
    terminus_depth_ft : float
        The terminus is the part of the dock farther than its reach less this from the shore.

    Returns
    -------
    dict
        ``reach_ft``, ``length_ft``, ``overall_reach_ft``, ``channel_clearance_ft``,
        ``dock_clearance_ft``, ``max_width_ft``, ``float_area_sqft``, ``float_count``,
        and ``landward_end`` (points, working CRS: each dock's point nearest the shore).
    """
    n, ft = len(docks), ft_per_unit
    geoms = np.asarray(docks.features.geometry.values, dtype=object)
    label = docks.label
    reach = _reach(geoms, label, n, shore, REACH_STEP_FT / ft)
    landward, length = _length(docks.charted, shore)
    parts, part_dock = _terminus(geoms, label, docks.charted, reach, shore, terminus_depth_ft / ft)
    pontoon = docks.features["class"].astype(str).to_numpy() == PONTOON
    area = shapely.get_dimensions(geoms) == 2
    return {
        "reach_ft": reach * ft,
        "length_ft": length * ft,
        "overall_reach_ft": np.maximum(reach, length) * ft,
        "channel_clearance_ft": _nearest(parts, part_dock, n, channels) * ft,
        "dock_clearance_ft": _other_docks(parts, part_dock, n, geoms, label) * ft,
        "max_width_ft": _walkway_width(geoms, label, n, ~pontoon, area) * ft,
        "float_area_sqft": _float_area(geoms, label, n, pontoon, area) * ft * ft,
        "float_count": np.bincount(label[pontoon], minlength=n),
        "landward_end": landward,
    }


def _reach(geoms: np.ndarray, label: np.ndarray, n: int, shore: MhwIndex, step: float) -> np.ndarray:
    """The greatest distance from the shore to each dock's points sampled every ``step`` (units), as the review samples.

    The distance to the shore changes no faster than the position, so along a
    stretch of a dock of length ``L`` between samples at distances ``a`` and
    ``b`` it is at most ``(a + b + L) / 2``. Every :data:`COARSE_STEPS`-th sample
    is measured first; the samples between are measured only on the stretches
    whose bound exceeds their dock's greatest distance so far. The answer is
    the greatest distance over all the samples, found with a small share of
    the distance queries.
    """
    paths, path_of = _linework(geoms)
    xy, owner = shapely.get_coordinates(shapely.segmentize(paths, step), return_index=True)
    dock = label[path_of[owner]]
    first = np.r_[True, owner[1:] != owner[:-1]]
    last = np.r_[owner[1:] != owner[:-1], True]
    rank = np.arange(len(xy)) - np.flatnonzero(first)[owner]
    along = np.r_[0.0, np.cumsum(np.hypot(*np.diff(xy, axis=0).T))]
    coarse = np.flatnonzero((rank % COARSE_STEPS == 0) | last)
    distance = np.full(len(xy), np.nan)
    distance[coarse] = shore.nearest(shapely.points(xy[coarse]))[1]
    reach = _reduce(distance[coarse], dock[coarse], n, np.maximum, 0.0)
    a, b = coarse[:-1], coarse[1:]
    inner = (owner[a] == owner[b]) & (b - a > 1)
    a, b = a[inner], b[inner]
    open_ = (distance[a] + distance[b] + along[b] - along[a]) / 2.0 > reach[dock[a]]
    a, b = a[open_], b[open_]
    if len(a):
        count = b - a - 1
        between = np.repeat(a + 1, count) + np.arange(count.sum()) - np.repeat(np.r_[0, np.cumsum(count)[:-1]], count)
        distance[between] = shore.nearest(shapely.points(xy[between]))[1]
        reach = np.maximum(reach, _reduce(distance[between], dock[between], n, np.maximum, 0.0))
    return reach


def _linework(geoms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The lines, rings and points of ``geoms`` (a polygon's rings), and the feature each came from."""
    parts, part_of = shapely.get_parts(geoms, return_index=True)
    areas = shapely.get_dimensions(parts) == 2
    rings, ring_of = shapely.get_rings(parts[areas], return_index=True)
    return np.concatenate([parts[~areas], rings]), np.concatenate([part_of[~areas], part_of[areas][ring_of]])


def _length(charted: np.ndarray, shore: MhwIndex) -> tuple[np.ndarray, np.ndarray]:
    """Each dock's landward end (its point nearest the shore) and its extent along its axis from there (units).

    The axis is the long side of the dock's minimum rotated rectangle, turned
    to point from the landward end towards the dock's vertices.
    """
    chunk, _ = shore.nearest(charted)
    landward = shapely.get_point(shapely.shortest_line(charted, shore.chunks[chunk]), 0)
    origin = shapely.get_coordinates(landward)
    env_xy, env_of = shapely.get_coordinates(shapely.oriented_envelope(charted), return_index=True)
    first = np.searchsorted(env_of, np.arange(len(charted)))
    count = np.bincount(env_of, minlength=len(charted))
    c0 = env_xy[first]
    c1 = env_xy[np.minimum(first + 1, first + count - 1)]
    c2 = env_xy[np.minimum(first + 2, first + count - 1)]
    e1, e2 = c1 - c0, c2 - c1
    edge = np.where((np.hypot(*e1.T) >= np.hypot(*e2.T))[:, None], e1, e2)
    norm = np.hypot(*edge.T)
    axis = np.divide(edge, norm[:, None], out=np.zeros_like(edge), where=norm[:, None] > 0)
    xy, owner = shapely.get_coordinates(charted, return_index=True)
    centre = np.stack([np.bincount(owner, weights=xy[:, k], minlength=len(charted)) for k in (0, 1)], axis=1)
    centre /= np.maximum(np.bincount(owner, minlength=len(charted)), 1)[:, None]
    axis[np.einsum("ij,ij->i", centre - origin, axis) < 0] *= -1.0
    t = np.einsum("ij,ij->i", xy - origin[owner], axis[owner])
    return landward, _reduce(t, owner, len(charted), np.maximum, 0.0)


def _terminus(geoms, label, charted, reach, shore: MhwIndex, depth: float) -> tuple[np.ndarray, np.ndarray]:
    """The terminus of each dock, feature by feature: the non-empty parts and their docks' numbers.

    A feature's part of the terminus is what lies farther than the dock's
    reach less ``depth`` from the shore; only the shore within that distance of
    the dock is buffered.
    """
    radius = reach - depth
    deep = np.flatnonzero(radius > 0)
    dock_of, piece = shore.tree.query(charted[deep], predicate="dwithin", distance=radius[deep])
    parts = geoms.copy()
    if len(dock_of):
        order = np.argsort(dock_of, kind="stable")
        near, index = np.unique(dock_of[order], return_index=True)
        lines = shapely.multilinestrings(shore.chunks[piece[order]], indices=np.repeat(np.arange(len(near)), np.diff(np.r_[index, len(order)])))
        docks = deep[near]
        zone = np.full(len(charted), None, dtype=object)
        zone[docks] = shapely.buffer(lines, radius[docks], quad_segs=32)
        cut = ~shapely.is_missing(zone[label])
        parts[cut] = shapely.difference(geoms[cut], zone[label[cut]])
    keep = ~shapely.is_empty(parts)
    return parts[keep], label[keep]


def _nearest(parts: np.ndarray, part_dock: np.ndarray, n: int, targets: np.ndarray) -> np.ndarray:
    """Each dock's least distance (units) from its terminus parts to ``targets``; infinite with no target."""
    if not len(targets):
        return np.full(n, np.inf)
    (which, _), distance = shapely.STRtree(targets).query_nearest(parts, return_distance=True, all_matches=False)
    return _reduce(distance, part_dock[which], n, np.minimum, np.inf)


def _other_docks(parts: np.ndarray, part_dock: np.ndarray, n: int, geoms: np.ndarray, label: np.ndarray) -> np.ndarray:
    """Each dock's least distance (units) from its terminus to a feature of another dock; infinite when there is none.

    Pairs are looked for within a radius that grows fourfold until every
    dock has found another or the radius spans all the docks.
    """
    out = np.full(n, np.inf)
    if n < 2:
        return out
    tree = shapely.STRtree(geoms)
    x0, y0, x1, y1 = shapely.total_bounds(geoms)
    span = np.hypot(x1 - x0, y1 - y0)
    radius = max(span / 64.0, 1e-9)
    todo = np.ones(n, dtype=bool)
    while todo.any():
        ask = np.flatnonzero(todo[part_dock])
        i, j = tree.query(parts[ask], predicate="dwithin", distance=radius)
        i = ask[i]
        other = label[j] != part_dock[i]
        i, j = i[other], j[other]
        found = _reduce(shapely.distance(parts[i], geoms[j]), part_dock[i], n, np.minimum, np.inf)
        out = np.where(todo, found, out)
        todo &= ~np.isfinite(found)
        if radius > span:
            break
        radius *= 4.0
    return out


def _walkway_width(geoms, label, n: int, walkway: np.ndarray, area: np.ndarray) -> np.ndarray:
    """The widest walkway of each dock whose piers are all areas (units); NaN when one is a line; 0 with none.

    :func:`dockreview.geometry.width.max_width` reads one outline at a time:
    it runs on the few docks charted as areas.
    """
    count = np.bincount(label[walkway], minlength=n)
    outlined = np.bincount(label[walkway & area], minlength=n)
    width = np.where(count == 0, 0.0, np.nan)
    measurable = np.flatnonzero((count > 0) & (outlined == count))
    if len(measurable):
        outlines = per_dock(geoms[walkway], label[walkway], n)
        width[measurable] = [max_width(outlines[d]) for d in measurable]
    return width


def _float_area(geoms, label, n: int, pontoon: np.ndarray, area: np.ndarray) -> np.ndarray:
    """The total area of each dock's pontoons (sq units); NaN when one is charted as a line or point; 0 with none."""
    total = np.bincount(label[pontoon], weights=shapely.area(geoms[pontoon]), minlength=n)
    unknown = np.bincount(label[pontoon & ~area], minlength=n) > 0
    return np.where(unknown, np.nan, total)
