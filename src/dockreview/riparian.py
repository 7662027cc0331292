"""Riparian geometry of a lot: water boundary, side lines, extensions, corners, frontage.

The ordinance measures a dock against the lot's "shoreline frontage" (Docks B, C)
and its "side property line or its seaward extension" (Docks C). A parcel layer
gives neither directly; this module derives them, in working-CRS units, with the
interpretations documented in the README:

* **water boundary** -- the longest run of the parcel boundary lying within
  ``tolerance`` of the MHW line or seaward of it;
* **side lines** -- the parcel boundary adjoining each end of the water
  boundary, running landward to the lot's next corner;
* **seaward extension** -- ``"straight"``: the side line continued in the
  direction of the chord of its last 50 ft; ``"perpendicular"``: perpendicular
  to the frontage chord from each water corner;
* **water corners** -- where each side line (extended straight if it stops
  short) crosses the MHW line;
* **frontage** -- the MHW line between the water corners, along the line.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components, dijkstra
from shapely.ops import substring

from .errors import SiteDataError
from .io import DockReviewWarning

#: Length of side line whose chord gives the straight extension's direction (ft).
EXTENSION_CHORD_FT = 50.0
#: A bend sharper than this (degrees) ends a side line at a lot corner.
CORNER_ANGLE_DEG = 50.0
#: A second water run at least this long (ft) is reported as a second frontage.
SECOND_RUN_FT = 20.0
#: Frontages outside this range (ft) are implausible for a residential lot: most
#: likely a layer drawn in metres but declared in feet, or the reverse.
PLAUSIBLE_FRONTAGE_FT = (20.0, 5000.0)


def unit(vector: np.ndarray) -> np.ndarray:
    """Return ``vector`` scaled to length one."""
    return vector / np.hypot(*vector)


def left_of(direction: np.ndarray) -> np.ndarray:
    """The unit vector 90 degrees counter-clockwise of ``direction`` (its left)."""
    return np.array([-direction[1], direction[0]])


class WaterSide:
    """Tells which points lie seaward of the MHW line.

    The land side of each MHW piece is the side the lot lies on, except for a
    closed ring off the lot's own shore: that is an island (a marsh island, a
    sandbar), with its land inside. A point is seaward when it lies on the
    other side of the nearest piece, leaving aside pieces joined to others at
    both ends (a groin or pier outline drawn into the MHW line). The side is read against the local
    tangent across the nearest point, which is right at vertices too.

    Parameters
    ----------
    mhw : shapely geometry
        The MHW line (LineString or MultiLineString), working CRS.
    land : shapely geometry
        A geometry known to lie landward (the lot).
    """

    def __init__(self, mhw: BaseGeometry, land: BaseGeometry) -> None:
        self.parts = [p for p in shapely.get_parts(mhw) if not p.is_empty and p.length > 0]
        if not self.parts:
            raise SiteDataError("the MHW layer has no line work")
        self.tree = shapely.STRtree(self.parts)
        anchor = land.centroid if land.geom_type != "Point" else land
        shore = int(self.tree.query_nearest(land)[0])
        inland = []
        for i, part in enumerate(self.parts):
            ring = Polygon(part) if part.is_closed and len(part.coords) >= 4 else None
            if i != shore and ring is not None and ring.is_valid and not ring.contains(anchor):
                inland.append(shapely.point_on_surface(ring))  # an island: its land is inside
            else:
                inland.append(anchor)
        self.land_sign = np.array([self._side_of(i, np.array([[p.x, p.y]]))[0] for i, p in enumerate(inland)])
        outlines = {i for i, part in enumerate(self.parts) if self._is_branch(i, part)}
        trunk = sorted(set(range(len(self.parts))) - _branches(self.parts, shore) - outlines) or list(range(len(self.parts)))
        self.trunk = np.asarray(trunk)
        self.trunk_tree = shapely.STRtree([self.parts[i] for i in trunk])

    def _is_branch(self, index: int, part: LineString) -> bool:
        """A piece whose two ends both join other pieces: a groin or pier outline drawn into the MHW line.

        Its two sides are both water, so it cannot tell land from water; points
        nearest it are read against the nearest other piece.
        """
        if part.is_closed:
            return False
        ends = shapely.points([part.coords[0], part.coords[-1]])
        tiny = 1e-6 * max(part.length, 1.0)
        return all(
            any(j != index for j in self.tree.query(shapely.buffer(end, tiny), predicate="intersects")) for end in ends
        )

    def _side_of(self, part_index: int, xy: np.ndarray) -> np.ndarray:
        part = self.parts[part_index]
        points = shapely.points(xy)
        along = shapely.line_locate_point(part, points)
        eps = max(part.length * 1e-6, 1e-3)
        ahead = shapely.line_interpolate_point(part, np.minimum(along + eps, part.length))
        behind = shapely.line_interpolate_point(part, np.maximum(along - eps, 0.0))
        a, b = shapely.get_coordinates(behind), shapely.get_coordinates(ahead)
        t = b - a
        d = xy - a
        cross = t[:, 0] * d[:, 1] - t[:, 1] * d[:, 0]
        return np.sign(cross)

    def seaward(self, xy: np.ndarray) -> np.ndarray:
        """Boolean array: is each point (N x 2) strictly seaward of the MHW line?"""
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        nearest = self.trunk[self.trunk_tree.query_nearest(shapely.points(xy), all_matches=False)[1]]
        out = np.zeros(len(xy), dtype=bool)
        for i in np.unique(nearest):
            rows = nearest == i
            side = self._side_of(int(i), xy[rows])
            out[rows] = (side != 0) & (side != self.land_sign[i])
        return out

    def seaward_part(self, geom: BaseGeometry, mhw: BaseGeometry) -> BaseGeometry:
        """The part of a polygonal ``geom`` lying seaward of the MHW line."""
        local = shapely.clip_by_rect(mhw, *shapely.buffer(shapely.envelope(geom), 1.0).bounds)
        pieces = shapely.get_parts(geom)
        if not local.is_empty:
            cut = shapely.polygonize(shapely.get_parts(shapely.union_all([shapely.boundary(geom), local])))
            faces = [f for f in shapely.get_parts(cut) if shapely.area(shapely.intersection(f, geom)) > 1e-9]
            pieces = [shapely.intersection(f, geom) for f in faces] or pieces
        reps = shapely.get_coordinates(shapely.point_on_surface(pieces)) if len(pieces) else np.empty((0, 2))
        keep = self.seaward(reps) if len(reps) else np.zeros(0, dtype=bool)
        return shapely.union_all([p for p, k in zip(pieces, keep) if k]) if keep.any() else Polygon()


def _branches(parts: list[LineString], shore: int) -> set[int]:
    """Pieces of the lot's MHW network that branch off its shore: jetties, groin and pier outlines.

    The shore is the shortest way along the network between its two ends
    farthest apart (pieces ending nowhere); every other piece of that network
    has water on both sides, so it cannot tell land from water.
    """
    ends = np.round(np.array([[*p.coords[0], *p.coords[-1]] for p in parts]).reshape(-1, 2), 6)
    nodes, index = np.unique(ends, axis=0, return_inverse=True)
    index = index.reshape(-1, 2)
    graph = coo_matrix((shapely.length(parts), (index[:, 0], index[:, 1])), shape=(len(nodes), len(nodes))).tocsr()
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


@dataclass(frozen=True)
class Riparian:
    """The lot's riparian geometry, working-CRS units.

    Left and right are as seen looking seaward. Side lines run from the lot's
    landward corner to the water; extensions run from there out to sea.
    """

    water_boundary: LineString
    left_side: LineString
    right_side: LineString
    left_extension: LineString
    right_extension: LineString
    left_corner: Point
    right_corner: Point
    frontage: BaseGeometry
    seaward: np.ndarray
    extension: str
    second_run_length: float
    water_side: WaterSide = field(compare=False, repr=False)

    @property
    def left_line(self) -> LineString:
        """The left side line together with its seaward extension."""
        return _join(self.left_side, self.left_extension)

    @property
    def right_line(self) -> LineString:
        """The right side line together with its seaward extension."""
        return _join(self.right_side, self.right_extension)

    @property
    def chord(self) -> LineString:
        """The straight line between the water corners, left to right."""
        return LineString([self.left_corner, self.right_corner])

    @property
    def frontage_midpoint(self) -> Point:
        """The point halfway along the frontage on the MHW line."""
        return shapely.line_interpolate_point(shapely.line_merge(self.frontage), 0.5, normalized=True)


def _join(first: LineString, second: LineString) -> LineString:
    coords = list(first.coords)
    tail = list(second.coords)
    if np.allclose(coords[-1], tail[0], rtol=0.0):
        tail = tail[1:]
    return LineString(coords + tail)


def _water_runs(ring: LineString, mhw: BaseGeometry, side: WaterSide, tolerance: float) -> list[LineString]:
    """Runs of the parcel boundary within ``tolerance`` of the MHW line or seaward of it.

    The boundary is cut exactly where it enters and leaves the tolerance band
    around the MHW line (no sampling), and the pieces outside the band are kept
    when they lie seaward. Contiguous pieces are merged, across the ring's
    start too, and returned longest first.
    """
    band = shapely.buffer(mhw, tolerance, quad_segs=64) if tolerance > 0 else mhw
    near = list(shapely.get_parts(shapely.intersection(ring, band)))
    away = [p for p in shapely.get_parts(shapely.difference(ring, band)) if p.length > 0]
    if away:
        middles = shapely.get_coordinates(shapely.line_interpolate_point(away, 0.5, normalized=True))
        near += [p for p, sea in zip(away, side.seaward(middles)) if sea]
    lines = [p for p in near if p.geom_type in ("LineString", "MultiLineString") and p.length > 0]
    if not lines:
        return []
    merged = shapely.get_parts(shapely.line_merge(shapely.union_all(lines)))
    return sorted((m for m in merged if m.length > 0), key=lambda m: m.length, reverse=True)


def _ring_arc(ring: LineString, start: float, stop: float) -> LineString:
    """The part of a closed ring from ``start`` forward to ``stop`` (distances along it), wrapping."""
    if stop >= start:
        return substring(ring, start, stop)
    head, tail = substring(ring, start, ring.length), substring(ring, 0.0, stop)
    return LineString([*head.coords, *list(tail.coords)[1:]])


def _remainder(ring: LineString, water: LineString) -> LineString:
    """The parcel boundary that is not the water run, from the run's end round to its start."""
    s0, s1 = ring.project(Point(water.coords[0])), ring.project(Point(water.coords[-1]))
    forward = _ring_arc(ring, s0, s1)
    if abs(forward.length - water.length) > 1e-6 * ring.length:
        s0, s1 = s1, s0  # the run follows the ring backwards
    return _ring_arc(ring, s1, s0)


def _side_line(remainder: LineString) -> LineString:
    """The boundary running landward from one end of the water run, to the lot's next corner.

    Follows ``remainder`` from its start and stops at the first bend sharper
    than :data:`CORNER_ANGLE_DEG`, or halfway round. Returned landward corner
    first, water end last.
    """
    path = shapely.simplify(substring(remainder, 0.0, remainder.length / 2.0), 1e-6 * remainder.length)
    coords = np.asarray(path.coords)
    for k in range(1, len(coords) - 1):
        d1 = unit(coords[k] - coords[k - 1])
        d2 = unit(coords[k + 1] - coords[k])
        turn = np.degrees(np.arccos(np.clip(np.dot(d1, d2), -1.0, 1.0)))
        if turn > CORNER_ANGLE_DEG:
            coords = coords[: k + 1]
            break
    return LineString(coords[::-1])


def _straight_direction(side: LineString, chord_units: float) -> np.ndarray:
    """Direction of the chord of the side line's last ``chord_units`` toward the water."""
    end = np.asarray(side.coords[-1])
    start_at = max(side.length - chord_units, 0.0)
    start = np.asarray(shapely.line_interpolate_point(side, start_at).coords[0])
    if np.allclose(start, end, rtol=0.0):  # rtol=0: a relative tolerance is metres at UTM northings
        raise SiteDataError("a side line of the parcel has no length; check the parcel polygon")
    return unit(end - start)


def _ray(origin: np.ndarray, direction: np.ndarray, length: float) -> LineString:
    return LineString([origin, origin + direction * length])


def _corner(line: LineString, mhw: BaseGeometry, near: np.ndarray) -> Point:
    """Where ``line`` crosses the MHW line, nearest ``near``; else the MHW point nearest it."""
    hits = shapely.get_parts(shapely.intersection(line, mhw))
    points = [p for h in hits for p in shapely.get_parts(shapely.points(shapely.get_coordinates(h)))]
    if points:
        return min(points, key=lambda p: np.hypot(p.x - near[0], p.y - near[1]))
    warnings.warn(
        "a side line and its straight extension never cross the MHW line; its water corner is taken "
        "as the nearest point of the MHW line",
        DockReviewWarning,
        stacklevel=4,
    )
    return shapely.shortest_line(Point(near), mhw).boundary.geoms[-1]


def _frontage(mhw: BaseGeometry, a: Point, b: Point, water_boundary: LineString, tolerance: float) -> BaseGeometry:
    """The MHW line between the water corners ``a`` and ``b``, along the line."""
    parts = [p for p in shapely.get_parts(mhw) if p.length > 0]
    da = [p.distance(a) for p in parts]
    db = [p.distance(b) for p in parts]
    ia, ib = int(np.argmin(da)), int(np.argmin(db))
    if ia != ib:
        path = _network_path(parts, a, b)
        if path is not None:
            return path
        warnings.warn(
            "the MHW line has a gap between the lot's water corners; the frontage adds up the MHW pieces "
            "along the lot",
            DockReviewWarning,
            stacklevel=4,
        )
        return shapely.line_merge(shapely.intersection(mhw, shapely.buffer(water_boundary, tolerance * 2 + 1e-6)))
    part = parts[ia]
    sa, sb = part.project(a), part.project(b)
    lo, hi = sorted((sa, sb))
    arc = substring(part, lo, hi)
    if part.is_closed:
        other = shapely.line_merge(
            shapely.union_all([substring(part, hi, part.length), substring(part, 0, lo)])
        )
        mid_arc = arc.interpolate(0.5, normalized=True).distance(water_boundary)
        mid_other = shapely.line_merge(other).interpolate(0.5, normalized=True).distance(water_boundary)
        if mid_other < mid_arc:
            arc = other
    return arc


def _network_path(parts: list[LineString], a: Point, b: Point) -> LineString | None:
    """The shortest way along the MHW network from ``a`` to ``b``, or None when it is broken between them.

    Pieces meeting at a junction (a groin or a creek mouth joining the shore)
    are walked through; side branches are not counted in the frontage.
    """
    segments = [
        (np.asarray(p0), np.asarray(p1))
        for part in parts
        for p0, p1 in zip(part.coords[:-1], part.coords[1:])
        if p0 != p1
    ]
    lines = shapely.linestrings([np.stack(s) for s in segments])
    for corner in (a, b):
        k = int(np.argmin(shapely.distance(lines, corner)))
        p0, p1 = segments[k]
        c = np.asarray(shapely.line_interpolate_point(lines[k], lines[k].project(corner)).coords[0])
        segments[k : k + 1] = [(p0, c), (c, p1)]
        lines = shapely.linestrings([np.stack(s) for s in segments])
    ends = np.round(np.array([[*p0, *p1] for p0, p1 in segments]).reshape(-1, 2), 6)
    nodes, index = np.unique(ends, axis=0, return_inverse=True)
    index = index.reshape(-1, 2)
    weights = np.maximum(shapely.length(lines), 1e-12)
    graph = coo_matrix((weights, (index[:, 0], index[:, 1])), shape=(len(nodes), len(nodes))).tocsr()
    start, stop = (int(np.argmin(np.hypot(*(nodes - np.asarray(p.coords[0])).T))) for p in (a, b))
    dist, pred = dijkstra(graph, directed=False, indices=start, return_predecessors=True)
    if not np.isfinite(dist[stop]):
        return None
    path = [stop]
    while path[-1] != start:
        path.append(int(pred[path[-1]]))
    return LineString(nodes[path[::-1]])


def riparian_geometry(
    parcel: Polygon,
    mhw: BaseGeometry,
    *,
    tolerance: float,
    ft_per_unit: float,
    extension: str = "straight",
    reach_hint: float | None = None,
) -> Riparian:
    """Derive the riparian geometry of a lot (Docks B and C).

    Parameters
    ----------
    parcel : Polygon
        The lot, working CRS.
    mhw : geometry
        The MHW line, working CRS.
    tolerance : float
        How close to the MHW line (working-CRS units) a boundary counts as on it.
    ft_per_unit : float
        Feet per working-CRS unit.
    extension : {"straight", "perpendicular"}
        How side lines are carried seaward.
    reach_hint : float, optional
        How far seaward (units) the extensions must at least run.

    Returns
    -------
    Riparian

    Raises
    ------
    SiteDataError
        "the parcel does not reach the MHW line" when no boundary run qualifies.
    """
    side = WaterSide(mhw, parcel)
    ring = LineString(parcel.exterior.coords)
    runs = _water_runs(ring, mhw, side, tolerance)
    if not runs:
        gap = parcel.distance(mhw) * ft_per_unit
        raise SiteDataError(
            f"the parcel does not reach the MHW line (nearest {gap:.1f} ft away, tolerance "
            f"{tolerance * ft_per_unit:.1f} ft); check the parcel id, the MHW layer, or review.mhw_tolerance_ft"
        )
    water = runs[0]
    if water.is_closed:
        raise SiteDataError("the whole parcel boundary lies on or seaward of the MHW line; is this a lot?")
    second = runs[1].length * ft_per_unit if len(runs) > 1 else 0.0
    if second >= SECOND_RUN_FT:
        warnings.warn(
            f"the lot fronts the water on {len(runs)} separate runs ({water.length * ft_per_unit:.1f} ft and "
            f"{second:.1f} ft); it is measured on the longer one",
            DockReviewWarning,
            stacklevel=2,
        )

    rest = _remainder(ring, water)
    sides = (_side_line(rest.reverse()), _side_line(rest))
    chord_units = EXTENSION_CHORD_FT / ft_per_unit
    directions = [_straight_direction(s, chord_units) for s in sides]
    far = max(1000.0 / ft_per_unit, 3.0 * (reach_hint or 0.0), 3.0 * parcel.length)
    corners = [
        _corner(_join(s, _ray(np.asarray(s.coords[-1]), d, far)), mhw, np.asarray(s.coords[-1]))
        for s, d in zip(sides, directions)
    ]
    c0, c1 = (np.asarray(c.coords[0]) for c in corners)
    if np.allclose(c0, c1, rtol=0.0):
        raise SiteDataError("both side lines meet the MHW line at the same point; the lot has no frontage")
    frontage = _frontage(mhw, corners[0], corners[1], water, tolerance)
    if frontage.is_empty:
        raise SiteDataError("the parcel does not reach the MHW line between its side lines")
    _check_plausible(frontage.length * ft_per_unit)
    normal = _seaward_normal(c0, c1, frontage, side, parcel, probe=max(2.0 * tolerance, 10.0 / ft_per_unit))

    # left, looking seaward, is the corner further along left_of(normal)
    order = (0, 1) if c0 @ left_of(normal) >= c1 @ left_of(normal) else (1, 0)
    ls, rs = (sides[i] for i in order)
    lc, rc = (corners[i] for i in order)
    ld, rd = (directions[i] for i in order)
    if extension == "perpendicular":
        left_ext = _perpendicular_extension(ls, lc, normal, far)
        right_ext = _perpendicular_extension(rs, rc, normal, far)
    else:
        left_ext = _ray(np.asarray(ls.coords[-1]), ld, far)
        right_ext = _ray(np.asarray(rs.coords[-1]), rd, far)
    frontage = _orient(frontage, lc)
    return Riparian(
        water_boundary=water,
        left_side=ls,
        right_side=rs,
        left_extension=left_ext,
        right_extension=right_ext,
        left_corner=lc,
        right_corner=rc,
        frontage=frontage,
        seaward=normal,
        extension=extension,
        second_run_length=second,
        water_side=side,
    )


def _check_plausible(frontage_ft: float) -> None:
    """Warn when the frontage is no size a residential lot's could be (a units mistake)."""
    low, high = PLAUSIBLE_FRONTAGE_FT
    if not low <= frontage_ft <= high:
        warnings.warn(
            f"the frontage comes out at {frontage_ft:,.1f} ft, implausible for a residential lot (expected "
            f"{low:,.0f} to {high:,.0f} ft): check the units of the parcels and MHW layers; a layer drawn in "
            "metres but declared in feet (or the reverse) gives such figures",
            DockReviewWarning,
            stacklevel=3,
        )


def _perpendicular_extension(side: LineString, corner: Point, normal: np.ndarray, far: float) -> LineString:
    """From the side line's water end to its water corner, then perpendicular to the chord."""
    start = np.asarray(side.coords[-1])
    c = np.asarray(corner.coords[0])
    coords = [start] if not np.allclose(start, c, rtol=0.0) else []
    coords += [c, c + normal * far]
    return LineString(coords)


def _seaward_normal(
    c0: np.ndarray, c1: np.ndarray, frontage: BaseGeometry, side: WaterSide, parcel: Polygon, *, probe: float
) -> np.ndarray:
    """The unit normal to the frontage chord that points to the water.

    Probes both sides of the frontage's midpoint; when neither probe is clearly
    seaward (a very wiggly shore), the normal pointing away from the lot wins.
    """
    normal = left_of(unit(c1 - c0))
    mid = np.asarray(shapely.line_interpolate_point(shapely.line_merge(frontage), 0.5, normalized=True).coords[0])
    ahead, behind = side.seaward(np.array([mid + normal * probe, mid - normal * probe]))
    if ahead != behind:
        return normal if ahead else -normal
    away = mid - np.asarray(parcel.centroid.coords[0])
    return normal if normal @ away >= 0 else -normal


def _orient(line: BaseGeometry, start: Point) -> BaseGeometry:
    """Return ``line`` running from the end nearest ``start``."""
    if line.geom_type != "LineString":
        return line
    first, last = Point(line.coords[0]), Point(line.coords[-1])
    return line if first.distance(start) <= last.distance(start) else line.reverse()
