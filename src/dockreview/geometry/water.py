"""Which side of the MHW line is water, and where a parcel's boundary lies on the water.

The MHW layer is a set of pieces; :class:`WaterSide` reads the land side of each
from a point of the lot by crossing parity (README, "Water run"), leaving aside
the side branches of the shore network (jetties, groin and pier outlines).
:func:`water_runs` cuts the parcel boundary exactly where it enters and leaves
the tolerance band around the line and keeps the runs on it or seaward of it.
"""

from __future__ import annotations

import functools

import numpy as np
import shapely
from shapely import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from dockreview.errors import SiteDataError
from dockreview.geometry.shore import branches


class WaterSide:
    """Tells which points lie seaward of the MHW line.

    The land side of each MHW piece is read from a point of the lot (the
    anchor): walking straight from the anchor to the piece's nearest point, every
    crossing of another shore piece swaps land and water, so the side the walk
    arrives from is land after an even number of crossings and water after an
    odd one. So the far bank of a creek has its land beyond it, an island its
    land inside, and the lot's own shore its land on the lot's side. A point is
    seaward when it lies on the water side of the nearest piece, leaving aside
    side branches of the shore network (jetties, groin and pier outlines: water
    on both sides). The side is read against the local tangent across the
    nearest point, which is right at vertices too.

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
            raise SiteDataError("the MHW line has no line work")
        self.tree = shapely.STRtree(self.parts)
        self._anchor = land if land.geom_type == "Point" else inside_point(land)
        shore = int(self.tree.query_nearest(land)[0])
        outlines = set(np.flatnonzero(self._branches()).tolist())
        trunk = sorted(set(range(len(self.parts))) - branches(self.parts, shore) - outlines) or list(range(len(self.parts)))
        self.trunk = np.asarray(trunk)
        self.trunk_tree = shapely.STRtree([self.parts[i] for i in trunk])
        self._land_signs: dict[int, float] = {}

    @functools.cached_property
    def trunk_line(self) -> BaseGeometry:
        """The shore pieces that tell land from water (side branches left out)."""
        return shapely.union_all([self.parts[i] for i in self.trunk])

    def land_sign(self, index: int) -> float:
        """The side (+1 or -1 against piece ``index``'s direction) where its land lies; read once, when first asked."""
        if index not in self._land_signs:
            self._land_signs[index] = self._land_sign(index, self._anchor)
        return self._land_signs[index]

    def _land_sign(self, index: int, anchor: Point) -> float:
        """The side (+1 or -1 against the piece's direction) where its land lies, by crossing parity."""
        part = self.parts[index]
        nearest = Point(shapely.shortest_line(anchor, part).coords[-1])
        walk = LineString([anchor, nearest]) if anchor.distance(nearest) > 0 else None
        crossings = 0
        if walk is not None:
            others = [self.parts[i] for i in self.trunk if i != index]
            hits = shapely.get_parts(shapely.intersection(walk, shapely.union_all(others))) if others else []
            tiny = 1e-9 * max(walk.length, 1.0)
            crossings = sum(1 for h in hits if h.geom_type == "Point" and h.distance(nearest) > tiny)
        side = self._side_of(index, np.array([[anchor.x, anchor.y]]))[0]
        return side if crossings % 2 == 0 else -side

    def _branches(self) -> np.ndarray:
        """Which pieces have both ends joining other pieces: groin or pier outlines drawn into the MHW line.

        Their two sides are both water, so they cannot tell land from water;
        points nearest them are read against the nearest other piece. A closed
        piece is none.
        """
        parts = np.asarray(self.parts, dtype=object)
        ends = np.concatenate([shapely.get_point(parts, 0), shapely.get_point(parts, -1)])
        owner = np.tile(np.arange(len(parts)), 2)
        tiny = 1e-6 * np.maximum(shapely.length(parts), 1.0)[owner]
        end, other = self.tree.query(shapely.buffer(ends, tiny), predicate="intersects")
        joined = np.zeros(len(ends), dtype=bool)
        joined[end[other != owner[end]]] = True
        return joined[: len(parts)] & joined[len(parts):] & ~shapely.is_closed(parts)

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
            out[rows] = (side != 0) & (side != self.land_sign(int(i)))
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


def inside_point(land: BaseGeometry) -> Point:
    """The lot's centroid when it lies on the lot, else a point surely on it."""
    centroid = land.centroid
    return centroid if land.contains(centroid) else shapely.point_on_surface(land)



def water_runs(ring: LineString, mhw: BaseGeometry, side: WaterSide, tolerance: float) -> list[LineString]:
    """Runs of the parcel boundary within ``tolerance`` of the MHW line or seaward of it.

    The boundary is cut exactly where it enters and leaves the tolerance band
    around the MHW line (no sampling), and the pieces outside the band are kept
    when they lie seaward. Contiguous pieces are merged, across the ring's
    start too, and returned longest first. The band is drawn round the MHW
    line near the ring only (clipped to the ring's bounds widened by twice the
    tolerance: every point of the line within the tolerance of the ring), not
    round the whole line the caller holds.
    """
    if tolerance > 0:
        x0, y0, x1, y1 = ring.bounds
        pad = 2.0 * tolerance
        band = shapely.buffer(shapely.clip_by_rect(mhw, x0 - pad, y0 - pad, x1 + pad, y1 + pad), tolerance, quad_segs=64)
    else:
        band = mhw
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
