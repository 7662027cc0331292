"""Width of a walkway measured across its own axis, Docks D(2)(b).

A dock "shall be no wider than eight feet at any point". The width of a strip
is read from cross-sections taken square to its centre line, so that a bent or
skewed walkway is measured by its true width, never by its bounding box. The
centre line is the trunk of the polygon's medial axis, found from the Voronoi
diagram of its densified boundary (shapely), simplified into straight runs.
"""

from __future__ import annotations

import numpy as np
import shapely
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components, dijkstra
from shapely import LineString, Polygon

#: Boundary samples per estimated width for the Voronoi medial axis.
SAMPLES_PER_WIDTH = 8
#: At most this many boundary samples: GEOS's Voronoi slows down sharply on the
#: nearly cocircular samples of a long, thin strip (6,000 take half a minute).
MAX_SAMPLES = 1000
#: Cross-sections closer than this many half-widths to a bend or an end are skipped.
END_CLEARANCE = 1.25


def centre_line(poly: Polygon) -> LineString:
    """The trunk of ``poly``'s medial axis: its longest path, end to end.

    Examples
    --------
    >>> line = centre_line(shapely.box(0, 0, 100, 6))
    >>> round(line.length) > 94
    True
    """
    estimate = 2.0 * poly.area / poly.length
    step = max(estimate / SAMPLES_PER_WIDTH, poly.length / MAX_SAMPLES)
    points = shapely.get_coordinates(shapely.segmentize(poly.boundary, step))
    points = np.unique(np.round(points, 9), axis=0)
    edges = shapely.get_parts(shapely.voronoi_polygons(shapely.multipoints(points), only_edges=True))
    edges = edges[shapely.contains_properly(poly, edges)]
    if len(edges) == 0:
        return LineString()
    ends = np.stack([shapely.get_coordinates(shapely.get_point(edges, 0)), shapely.get_coordinates(shapely.get_point(edges, -1))])
    nodes, inverse = np.unique(np.round(ends.reshape(-1, 2), 7), axis=0, return_inverse=True)
    inverse = inverse.reshape(2, -1)
    weights = shapely.length(edges)
    n = len(nodes)
    graph = coo_matrix((weights, (inverse[0], inverse[1])), shape=(n, n)).tocsr()
    _, labels = connected_components(graph, directed=False)
    biggest = np.bincount(labels[inverse[0]], weights=weights).argmax()
    start = int(np.flatnonzero(labels == biggest)[0])
    far = dijkstra(graph, directed=False, indices=start)
    a = int(np.nanargmax(np.where(np.isfinite(far), far, -1)))
    dist, pred = dijkstra(graph, directed=False, indices=a, return_predecessors=True)
    b = int(np.nanargmax(np.where(np.isfinite(dist), dist, -1)))
    path = [b]
    while path[-1] != a:
        path.append(int(pred[path[-1]]))
    return LineString(nodes[path])


def _cross_section(poly: Polygon, point: np.ndarray, normal: np.ndarray, reach: float) -> float:
    line = LineString([point - normal * reach, point + normal * reach])
    pieces = shapely.get_parts(shapely.intersection(poly, line))
    here = shapely.points(point)
    lengths = [p.length for p in pieces if p.geom_type == "LineString" and p.distance(here) < 1e-6 * reach + 1e-9]
    return max(lengths, default=0.0)


def strip_width(poly: Polygon) -> float:
    """The greatest width of a strip-like polygon, square to its centre line.

    Parameters
    ----------
    poly : Polygon
        A walkway or ramp (or several touching side by side, unioned).

    Returns
    -------
    float
        Width in the polygon's units. A piece too short to have a centre line
        is measured by the short side of its minimum rotated rectangle.

    Examples
    --------
    >>> round(strip_width(shapely.box(0, 0, 100, 6)), 6)
    6.0
    """
    trunk = centre_line(poly)
    if trunk.is_empty:
        return _short_side(poly)
    half = float(np.max(shapely.distance(shapely.points(shapely.get_coordinates(trunk)), poly.boundary)))
    runs = np.asarray(shapely.simplify(trunk, 0.5 * half).coords)
    reach = 4.0 * half + poly.length
    widths = []
    for p0, p1 in zip(runs[:-1], runs[1:]):
        span = float(np.hypot(*(p1 - p0)))
        margin = END_CLEARANCE * half
        if span <= 2.0 * margin:
            continue
        direction = (p1 - p0) / span
        normal = np.array([-direction[1], direction[0]])
        count = int(min(max(span / max(half, 1e-9), 3), 400))
        for t in np.linspace(margin, span - margin, count):
            widths.append(_cross_section(poly, p0 + direction * t, normal, reach))
    return max(widths) if widths else _short_side(poly)


def _short_side(poly: Polygon) -> float:
    rect = np.asarray(shapely.oriented_envelope(poly).exterior.coords)
    return float(min(np.hypot(*(rect[1] - rect[0])), np.hypot(*(rect[2] - rect[1]))))


def max_width(geom: shapely.Geometry) -> float:
    """The widest of the strips making up ``geom`` (touching pieces are unioned first)."""
    parts = [p for p in shapely.get_parts(shapely.union_all(shapely.get_parts(geom))) if p.geom_type == "Polygon"]
    return max((strip_width(p) for p in parts), default=0.0)
