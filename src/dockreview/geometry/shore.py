"""The MHW line as a network the riparian geometry can walk, prepared for one lot.

A shoreline layer is rarely one clean line: a jetty drawn as its own line stops
a little short of the shore or ends on a shore segment without a shared vertex;
a survey leaves a stretch of shore undrawn. Before the lot's frontage is walked
along the MHW line (Docks B) this module

* **nodes** the pieces: an end that comes within the MHW tolerance of another
  piece is joined to it, so a jetty becomes a side branch of the shore network;
* **bridges gaps along the lot**: where the MHW line stops and starts again
  beside the parcel's boundary, the gap is closed along the parcel's own water
  boundary (the surveyed line the gap lies on), with a warning giving its length,
  so the frontage is never summed short;
* walks the **network**: the shortest way along it between two points, and the
  side branches off the shore's trunk (jetties, groin and pier outlines).

Everything is in working-CRS units.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from shapely import LineString, Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import substring

from dockreview.inputs.shoreline import dangling_ends

#: Coordinates are matched as network nodes at this many decimals of the working unit.
NODE_DECIMALS = 6
#: A gap is bridged along the parcel only when at most this share of the parcel
#: boundary between its two ends already lies within the tolerance of the MHW line.
BRIDGE_MAX_ON_SHORE = 0.5


@dataclass(frozen=True)
class Shore:
    """The MHW line prepared for one lot.

    Attributes
    ----------
    line : shapely geometry
        The MHW line, noded, with the gaps along the lot bridged (working CRS).
    gaps : tuple of float
        The length of each gap bridged along the parcel (working units).
    """

    line: BaseGeometry
    gaps: tuple[float, ...] = ()


def _open_parts(mhw: BaseGeometry) -> list[LineString]:
    return [p for p in shapely.get_parts(mhw) if p.geom_type == "LineString" and p.length > 0]


def node_pieces(mhw: BaseGeometry, tolerance: float) -> BaseGeometry:
    """Join each loose end lying within ``tolerance`` of another piece to that piece.

    The other piece is split at its point nearest the end, and the end is carried
    to exactly that point, so a jetty drawn as its own line meets the shore at a
    network node even when its end stops short of the shore or lies on a shore
    segment without a shared vertex.

    Parameters
    ----------
    mhw : shapely geometry
        The MHW line (working CRS).
    tolerance : float
        How far (units) a loose end may lie from another piece and still meet it.

    Returns
    -------
    shapely geometry
        The noded, merged line work.
    """
    parts = _open_parts(mhw)
    if len(parts) < 2 or tolerance <= 0:
        return mhw
    coords = [np.asarray(p.coords) for p in parts]
    cuts: dict[int, list[Point]] = {}
    for i, xy in dangling_ends(parts):
        end = Point(xy)
        j = min((k for k in range(len(parts)) if k != i), key=lambda k: parts[k].distance(end))
        if not 0.0 < parts[j].distance(end) <= tolerance:
            continue
        at = parts[j].project(end)
        joint = np.asarray(parts[j].interpolate(at).coords[0])
        cuts.setdefault(j, []).append(Point(joint))
        first = np.allclose(coords[i][0], xy, rtol=0.0)
        coords[i] = np.vstack([joint, coords[i]]) if first else np.vstack([coords[i], joint])
    if not cuts:
        return mhw
    pieces = []
    for k, xy in enumerate(coords):
        line = LineString(xy)
        stops = [0.0, *sorted(line.project(p) for p in cuts.get(k, [])), line.length]
        pieces += [substring(line, a, b) for a, b in zip(stops[:-1], stops[1:]) if b > a]
    return shapely.line_merge(shapely.union_all(pieces))


def bridge_along(mhw: BaseGeometry, ring: LineString, tolerance: float) -> Shore:
    """Close the gaps in the MHW line beside a parcel along the parcel's boundary.

    Loose ends of the MHW line lying within ``tolerance`` of the parcel
    boundary are paired along the boundary, nearest first; a pair is joined by
    the boundary between them when most of that boundary is off the MHW line
    (a gap, not a stretch of shore between two pieces' ends).

    Parameters
    ----------
    mhw : shapely geometry
        The MHW line (working CRS), noded.
    ring : LineString
        The parcel's exterior ring.
    tolerance : float
        How close (units) a boundary counts as on the MHW line.

    Returns
    -------
    Shore
    """
    parts = _open_parts(mhw)
    loose = [(i, xy) for i, xy in dangling_ends(parts) if ring.distance(Point(xy)) <= tolerance]
    if len(loose) < 2:
        return Shore(mhw)
    where = np.array([ring.project(Point(xy)) for _, xy in loose])
    band = shapely.buffer(mhw, tolerance)
    candidates = []
    for a in range(len(loose)):
        for b in range(a + 1, len(loose)):
            if loose[a][0] == loose[b][0]:
                continue
            arc = _shorter_arc(ring, where[a], where[b])
            if arc.length == 0 or _holds_end_between(ring, where, a, b, arc):
                continue
            on_shore = shapely.length(shapely.intersection(arc, band)) / arc.length
            if on_shore <= BRIDGE_MAX_ON_SHORE:
                candidates.append((arc.length, a, b, arc))
    used, bridges, gaps = set(), [], []
    for _, a, b, arc in sorted(candidates, key=lambda c: c[0]):
        if a in used or b in used:
            continue
        used |= {a, b}
        coords = list(arc.coords)
        if Point(coords[0]).distance(Point(loose[a][1])) > Point(coords[-1]).distance(Point(loose[a][1])):
            coords = coords[::-1]
        # the boundary's own bends between the two ends, not its points beside them: no legs out to the parcel
        bridge = LineString([tuple(loose[a][1]), *coords[1:-1], tuple(loose[b][1])])
        bridges.append(bridge)
        gaps.append(bridge.length)
    if not bridges:
        return Shore(mhw)
    return Shore(shapely.line_merge(shapely.union_all([*shapely.get_parts(mhw), *bridges])), tuple(gaps))


def _shorter_arc(ring: LineString, s0: float, s1: float) -> LineString:
    """The shorter way round the closed ``ring`` between positions ``s0`` and ``s1``."""
    lo, hi = sorted((s0, s1))
    inner = substring(ring, lo, hi)
    if inner.length <= ring.length / 2:
        return inner
    head, tail = substring(ring, hi, ring.length), substring(ring, 0.0, lo)
    return LineString([*head.coords, *list(tail.coords)[1:]])


def _holds_end_between(ring: LineString, where: np.ndarray, a: int, b: int, arc: LineString) -> bool:
    """Whether another loose end lies on ``arc`` (the pair is then not neighbours along the ring)."""
    for k, s in enumerate(where):
        if k in (a, b):
            continue
        if arc.distance(ring.interpolate(s)) < 1e-9 * max(ring.length, 1.0):
            return True
    return False


def prepare_shore(mhw: BaseGeometry, ring: LineString, tolerance: float) -> Shore:
    """The MHW line noded and bridged along the parcel ``ring`` (see the module's notes)."""
    return bridge_along(node_pieces(mhw, tolerance), ring, tolerance)


def _nodes(edges: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The nodes of polyline ``edges`` (their ends, to :data:`NODE_DECIMALS`) and each edge's pair of nodes."""
    ends = np.round(np.array([[*e[0], *e[-1]] for e in edges]).reshape(-1, 2), NODE_DECIMALS)
    nodes, index = np.unique(ends, axis=0, return_inverse=True)
    return nodes, index.reshape(-1, 2)


def _graph(edges: list[np.ndarray]):
    """Nodes, per-edge node pairs and the weighted adjacency of polyline ``edges``."""
    from scipy.sparse import coo_matrix  # the graph's modules are loaded when a network has one to walk

    nodes, index = _nodes(edges)
    weights = np.maximum([np.hypot(*np.diff(e, axis=0).T).sum() for e in edges], 1e-12)
    graph = coo_matrix((weights, (index[:, 0], index[:, 1])), shape=(len(nodes), len(nodes))).tocsr()
    return nodes, index, graph


def branches(parts: list[LineString], shore: int) -> set[int]:
    """Pieces of the lot's MHW network that branch off its shore: jetties, groin and pier outlines.

    The shore is the shortest way along the network between its two ends
    farthest apart (pieces ending nowhere); every other piece of that network
    has water on both sides, so it cannot tell land from water. A network
    with no junction (no node where three pieces meet) has no branch.

    Examples
    --------
    A shore in two pieces end to end, and a jetty off their joint:

    >>> shore = [LineString([(0, 0), (50, 0)]), LineString([(50, 0), (100, 0)])]
    >>> branches(shore, 0), branches([*shore, LineString([(50, 0), (50, 30)])], 0)
    (set(), {2})
    """
    edges = [np.asarray(p.coords) for p in parts]
    if np.bincount(_nodes(edges)[1].ravel()).max(initial=0) <= 2:
        return set()
    from scipy.sparse.csgraph import connected_components, dijkstra  # loaded when there is a network to walk

    nodes, index, graph = _graph(edges)
    _, component = connected_components(graph, directed=False)
    mine = np.flatnonzero(component[index[:, 0]] == component[index[shore, 0]])
    degree = np.bincount(index[mine].ravel(), minlength=len(nodes))
    leaves = np.flatnonzero(degree == 1)
    if len(leaves) < 2:
        return set()
    span = np.hypot(*(nodes[leaves][:, None, :] - nodes[leaves][None, :, :]).transpose(2, 0, 1))
    i, j = np.unravel_index(np.argmax(span), span.shape)
    _, pred = dijkstra(graph, directed=False, indices=int(leaves[i]), return_predecessors=True)
    on_path, node = set(), int(leaves[j])
    while pred[node] >= 0:
        on_path.add(frozenset((node, int(pred[node]))))
        node = int(pred[node])
    return {int(k) for k in mine if frozenset(index[k]) not in on_path}


def network_path(mhw: BaseGeometry, a: Point, b: Point) -> LineString | None:
    """The shortest way along the MHW network from ``a`` to ``b``, or None when it is broken between them.

    Pieces meeting at a junction (a groin or a creek mouth joining the shore)
    are walked through; side branches are not counted.
    """
    from scipy.sparse.csgraph import dijkstra

    segments = [
        np.array([p0, p1])
        for part in _open_parts(mhw)
        for p0, p1 in zip(part.coords[:-1], part.coords[1:])
        if p0 != p1
    ]
    for corner in (a, b):
        lines = shapely.linestrings(segments)
        k = int(np.argmin(shapely.distance(lines, corner)))
        c = np.asarray(shapely.line_interpolate_point(lines[k], lines[k].project(corner)).coords[0])
        p0, p1 = segments[k]
        segments[k : k + 1] = [np.array([p0, c]), np.array([c, p1])]
    nodes, _, graph = _graph(segments)
    start, stop = (int(np.argmin(np.hypot(*(nodes - np.asarray(p.coords[0])).T))) for p in (a, b))
    dist, pred = dijkstra(graph, directed=False, indices=start, return_predecessors=True)
    if not np.isfinite(dist[stop]):
        return None
    path = [stop]
    while path[-1] != start:
        path.append(int(pred[path[-1]]))
    return LineString(nodes[path[::-1]])
