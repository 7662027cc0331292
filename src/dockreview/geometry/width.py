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
from shapely import LineString, Polygon

#: Boundary samples per estimated width for the Voronoi medial axis.
SAMPLES_PER_WIDTH = 8
#: At most this many boundary samples: GEOS's Voronoi slows down sharply on the
#: nearly cocircular samples of a long, thin strip (6,000 take half a minute).
MAX_SAMPLES = 1000
#: Cross-sections closer than this many half-widths to a bend are skipped.
BEND_CLEARANCE = 1.25
#: Runs of the centre line within this angle (degrees) of each other are one straight walkway.
STRAIGHT_DEG = 10.0
#: An outline whose area is within this share of its minimum rotated rectangle's is that rectangle: its every
#: cross-section is within this share of the rectangle's short side, the width Docks D(2)(b) limits.
RECTANGLE_SHARE = 1e-6


def _cross(a: np.ndarray, b: np.ndarray) -> float:
    """The z component of the cross product of two plane vectors (sine of the angle between unit vectors)."""
    return float(a[0] * b[1] - a[1] * b[0])


def centre_line(poly: Polygon) -> LineString:
    """The trunk of ``poly``'s medial axis: its longest path, end to end.

    Examples
    --------
    >>> line = centre_line(shapely.box(0, 0, 100, 6))
    >>> round(line.length) > 94
    True
    """
    from scipy.sparse import coo_matrix  # the graph's modules are loaded when an outline has a medial axis to walk
    from scipy.sparse.csgraph import connected_components, dijkstra

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


def _cross_section(poly: Polygon, point: np.ndarray, normal: np.ndarray, reach: float, *, through: bool) -> float:
    """Length of the chord of ``poly`` square to the centre line at ``point``.

    With ``through``, only the chord passing through ``point`` counts (0 when
    the point is outside); otherwise the longest chord on that line.
    """
    line = LineString([point - normal * reach, point + normal * reach])
    pieces = [p for p in shapely.get_parts(shapely.intersection(poly, line)) if p.geom_type == "LineString"]
    if through:
        here = shapely.points(point)
        pieces = [p for p in pieces if p.distance(here) < 1e-6 * reach + 1e-9]
    return max((p.length for p in pieces), default=0.0)


def _runs(trunk: LineString, boundary: shapely.Geometry, half: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """The straight runs of the centre line, without the forks into an end's corners.

    A run at either end of the trunk shorter than twice the half-width where it
    leaves the trunk is a fork into a corner; a run in the middle shorter than
    twice the walkway's half-width is a jog round a bump-out. Runs all within
    :data:`STRAIGHT_DEG` of the first make one run: a straight walkway.
    """
    coords = np.asarray(shapely.simplify(trunk, 0.1 * half).coords)
    radius = shapely.distance(shapely.points(coords), boundary)
    last = len(coords) - 2
    runs = []
    for i, (p0, p1) in enumerate(zip(coords[:-1], coords[1:])):
        length = np.hypot(*(p1 - p0))
        fork = (i == 0 and length < 2.0 * radius[1]) or (i == last and length < 2.0 * radius[i])
        if length >= 2.0 * half and not fork:
            runs.append((p0, p1))
    if not runs:
        return []
    first = (runs[0][1] - runs[0][0]) / np.hypot(*(runs[0][1] - runs[0][0]))
    limit = np.sin(np.radians(STRAIGHT_DEG))
    if all(abs(_cross(first, (q1 - q0) / np.hypot(*(q1 - q0)))) <= limit for q0, q1 in runs):
        return [(runs[0][0], runs[-1][1])]
    return runs


def strip_width(poly: Polygon) -> float:
    """The greatest width of a strip-like polygon, square to its centre line.

    Cross-sections are taken square to each straight run of the centre line,
    every half a half-width, out to the polygon's ends (so a flared end, a
    bump-out or a platform on a straight walkway is measured), but not within
    :data:`BEND_CLEARANCE` half-widths of a bend, where a square section would
    run along the other arm. A convex piece is never wider than the short side
    of its minimum rotated rectangle.

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
    >>> round(strip_width(shapely.union_all([shapely.box(0, 0, 100, 6), shapely.box(40, 6, 50, 10)])), 6)
    10.0
    """
    if is_rectangle(poly):  # every section square to its long side is its short side
        return _short_side(poly)
    trunk = centre_line(poly)
    if trunk.is_empty:
        return _short_side(poly)
    half = float(np.median(shapely.distance(shapely.points(shapely.get_coordinates(trunk)), poly.boundary)))
    runs = _runs(trunk, poly.boundary, half)
    if not runs:
        return _short_side(poly)
    xy = shapely.get_coordinates(poly.exterior)
    reach = 4.0 * half + poly.length
    widths = []
    for k, (p0, p1) in enumerate(runs):
        span = float(np.hypot(*(p1 - p0)))
        direction = (p1 - p0) / span
        if len(runs) == 1:
            direction = _envelope_axis(poly, direction)
        normal = np.array([-direction[1], direction[0]])
        along = (xy - p0) @ direction
        lo = float(along.min()) if k == 0 else BEND_CLEARANCE * half
        hi = float(along.max()) if k == len(runs) - 1 else span - BEND_CLEARANCE * half
        count = int(min(max((hi - lo) / (0.5 * half), 3), 2000))
        ends = np.linspace(0.0, min(half, (hi - lo) / 2.0), 20)  # finer at the ends, where flares and tapers peak
        inset = 1e-7 * (hi - lo)  # a section along the very end edge may fall just outside it
        positions = np.clip(np.concatenate([np.linspace(lo, hi, count), lo + ends, hi - ends]), lo + inset, hi - inset)
        straight = len(runs) == 1
        widths += [_cross_section(poly, p0 + direction * t, normal, reach, through=not straight) for t in positions]
    width = max(widths, default=0.0) or _short_side(poly)
    convex = poly.area >= (1.0 - 1e-9) * shapely.convex_hull(poly).area
    return min(width, _short_side(poly)) if convex else width


def is_rectangle(polys) -> np.ndarray | bool:
    """Whether each polygon is a rectangle: its area that of its minimum rotated rectangle (to :data:`RECTANGLE_SHARE`).

    Examples
    --------
    >>> is_rectangle(np.array([shapely.box(0, 0, 100, 6), shapely.Polygon([(0, 0), (100, 0), (100, 8), (0, 6)])])).tolist()
    [True, False]
    """
    polygon = (shapely.get_type_id(polys) == 3) & (shapely.get_num_interior_rings(polys) == 0)
    return polygon & (shapely.area(polys) >= (1.0 - RECTANGLE_SHARE) * shapely.area(shapely.oriented_envelope(polys)))


def _envelope_axis(poly: Polygon, direction: np.ndarray) -> np.ndarray:
    """The long axis of a straight walkway's minimum rotated rectangle, if it agrees with ``direction``.

    The medial axis wanders where a flare or bump-out widens the walkway; the
    rectangle's long side gives the walkway's axis exactly.
    """
    rect = np.asarray(shapely.oriented_envelope(poly).exterior.coords)
    sides = [rect[1] - rect[0], rect[2] - rect[1]]
    axis = max(sides, key=lambda v: np.hypot(*v))
    axis = axis / np.hypot(*axis)
    axis = axis if axis @ direction >= 0 else -axis
    return axis if abs(_cross(axis, direction)) <= np.sin(np.radians(STRAIGHT_DEG)) else direction


def _short_side(poly: Polygon) -> float:
    rect = np.asarray(shapely.oriented_envelope(poly).exterior.coords)
    return float(min(np.hypot(*(rect[1] - rect[0])), np.hypot(*(rect[2] - rect[1]))))


def max_width(geom: shapely.Geometry) -> float:
    """The widest of the strips making up ``geom``.

    Pieces touching side by side count as one: they are unioned after closing
    gaps and overlaps of a millionth of the drawing's size, so pieces whose
    shared edge differs only by floating-point noise still merge.
    """
    x0, y0, x1, y1 = shapely.bounds(geom)
    eps = 1e-6 * max(x1 - x0, y1 - y0, 1e-9)
    grown = shapely.buffer(shapely.get_parts(geom), eps, join_style="mitre")
    merged = shapely.buffer(shapely.union_all(grown), -eps, join_style="mitre")
    parts = [p for p in shapely.get_parts(merged) if p.geom_type == "Polygon"]
    return max((strip_width(p) for p in parts), default=0.0)
