"""What the site draws of a lot, carried to degrees: its polygons, its envelope and the envelope's dimension lines.

The lots and envelopes are simplified to :data:`SIMPLIFY_FT` (no label
measures them) and carried to longitude and latitude in one transformation of
the whole layer; each ring is written as whole numbers of millionths of a
degree (at most 0.11 m), latitude first, its first point whole and every other
point the difference from the one before (:func:`encode`): the page adds them
up. The dimension lines of the required setback and the reach limit are laid on
the envelope, each as long as the screen's figure (:func:`dimension_lines`):

* the lot's axis runs from its centroid through the envelope's; the reach
  limit is drawn along it from the envelope's landward edge, its length the
  lot's ``reach_limit_ft``;
* the setbacks are drawn square to the axis, outward from the envelope's two
  sides at a quarter of its depth, each ``required_setback_ft`` long: they end
  on the lot's side lines as the screen drew them.

The page draws each line's end ticks and its label.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from pyproj import CRS, Transformer

from dockreview.inputs.crs import feet_per_unit

#: The drawing's tolerance: lots and envelopes are simplified to within this many feet before they are carried.
SIMPLIFY_FT = 0.5
#: Degrees are written in whole millionths (1e-6 degree is at most 0.11 m).
SCALE = 1_000_000
#: Where a dimension's label stands along its line (a share of it from its start): the reach's, a setback's.
LABEL_AT = {"reach": 0.55, "setback": 0.7}


def encode(coords: np.ndarray, ring_of: np.ndarray) -> list[list[int]]:
    """Each ring's points (latitude, longitude in degrees; ``ring_of`` numbers their rings, in order) as one flat list
    of whole millionths: the first point whole, each other the difference from the one before.

    Examples
    --------
    >>> encode(np.array([[40.5, -73.25], [40.500001, -73.25], [1.0, 2.0]]), np.array([0, 0, 1]))
    [[40500000, -73250000, 1, 0], [1000000, 2000000]]
    """
    whole = np.round(np.asarray(coords, dtype=float) * SCALE).astype(np.int64)
    if not len(whole):
        return []
    steps = np.diff(whole, axis=0, prepend=np.zeros((1, 2), dtype=np.int64))
    starts = np.flatnonzero(np.r_[True, ring_of[1:] != ring_of[:-1]])
    steps[starts] = whole[starts]
    return [piece.ravel().tolist() for piece in np.split(steps, starts[1:])]


def _groups(index: np.ndarray, items: list, n: int) -> list[list]:
    """``items`` gathered by ``index`` (sorted, each in ``range(n)``) into ``n`` lists."""
    out: list[list] = [[] for _ in range(n)]
    for i, item in zip(index.tolist(), items):
        out[i].append(item)
    return out


def dimension_lines(lot, envelope, setback_ft: float, reach_ft: float, unit: float) -> list[tuple[np.ndarray, str]]:
    """The dimension lines of one lot (working CRS): the reach limit along its axis, each setback square to it.

    Parameters
    ----------
    lot, envelope : shapely geometry
        The lot and its envelope, in the working CRS.
    setback_ft, reach_ft : float
        The screen's required setback and reach limit (NaN or infinite: not drawn).
    unit : float
        Feet in one unit of the working CRS.

    Returns
    -------
    list of (line, label)
        Each dimension as its two end points and its label.

    Examples
    --------
    >>> lot, env = shapely.box(0, -100, 100, 0), shapely.box(30, 0, 70, 50)
    >>> [(label, line.ravel().round(1).tolist()) for line, label in dimension_lines(lot, env, 30.0, 50.0, 1.0)]
    [('reach limit 50.0 ft', [50.0, 0.0, 50.0, 50.0]), ('setback 30.0 ft', [70.0, 12.5, 100.0, 12.5]), ('setback 30.0 ft', [30.0, 12.5, 0.0, 12.5])]
    """
    env = max(getattr(envelope, "geoms", [envelope]), key=lambda g: g.area)
    start, ahead = np.asarray(lot.centroid.coords[0]), np.asarray(env.centroid.coords[0])
    axis = ahead - start
    if not np.hypot(*axis) > 0:
        return []
    u = axis / np.hypot(*axis)
    v = np.array([-u[1], u[0]])
    span = 4 * (env.length + lot.length)
    ends = _cut(shapely.LineString([ahead - u * span, ahead + u * span]), env)
    if ends is None:
        return []
    near, far = ends
    out = []
    if math.isfinite(reach_ft) and reach_ft > 0:
        out.append((np.array([near, near + u * reach_ft / unit]), f"reach limit {reach_ft:,.1f} ft"))
    if math.isfinite(setback_ft) and setback_ft > 0:
        at = near + (far - near) * 0.25
        sides = _cut(shapely.LineString([at - v * span, at + v * span]), env)
        if sides is not None:
            for edge, outward in ((sides[0], -v), (sides[1], v)):
                out.append((np.array([edge, edge + outward * setback_ft / unit]), f"setback {setback_ft:,.1f} ft"))
    return out


def _cut(line: shapely.LineString, polygon) -> tuple[np.ndarray, np.ndarray] | None:
    """The first and last points of ``line`` inside ``polygon`` (None when it misses it)."""
    inside = line.intersection(polygon)
    if inside.is_empty:
        return None
    xy = shapely.get_coordinates(inside)
    along = np.hypot(*(xy - np.asarray(line.coords[0])).T)
    return xy[np.argmin(along)], xy[np.argmax(along)]


class Drawing:
    """Drawings in degrees of geometries in the working CRS ``crs``."""

    def __init__(self, crs) -> None:
        self.unit = feet_per_unit(CRS.from_user_input(crs))
        self.to_degrees = Transformer.from_crs(crs, "EPSG:4326", always_xy=True)

    def _latlng(self, xy: np.ndarray) -> np.ndarray:
        lng, lat = self.to_degrees.transform(xy[:, 0], xy[:, 1])
        return np.column_stack([lat, lng])

    def polygons(self, geoms: np.ndarray) -> tuple[list, np.ndarray]:
        """Each (multi)polygon as ``[[ring, ...] polygon, ...]`` (each ring :func:`encode`'s), and its bounds in
        degrees (south, west, north, east; NaN for an empty one)."""
        geoms = shapely.simplify(np.asarray(geoms, dtype=object), SIMPLIFY_FT / self.unit, preserve_topology=True)
        n = len(geoms)
        parts, part_of = shapely.get_parts(geoms, return_index=True)
        keep = shapely.get_type_id(parts) == shapely.GeometryType.POLYGON
        parts, part_of = parts[keep], part_of[keep]
        rings, ring_part = shapely.get_rings(parts, return_index=True)
        xy, ring_of = shapely.get_coordinates(rings, return_index=True)
        latlng = self._latlng(xy) if len(xy) else np.empty((0, 2))
        encoded = encode(latlng, ring_of)
        polygons = [[] for _ in range(len(parts))]
        for r, ring in zip(np.unique(ring_of).tolist(), encoded):
            polygons[ring_part[r]].append(ring)
        shapes = _groups(part_of, polygons, n)
        bounds = np.full((n, 4), np.nan)
        if len(xy):
            lot = part_of[ring_part[ring_of]]
            for column, (reduce, axis) in enumerate(((np.fmin, 0), (np.fmin, 1), (np.fmax, 0), (np.fmax, 1))):
                reduce.at(bounds[:, column], lot, latlng[:, axis])
        return shapes, bounds

    def inside(self, geoms: np.ndarray) -> list:
        """A point inside each geometry, ``[longitude, latitude]`` rounded to 1e-6 (None for a missing or empty one)."""
        points = shapely.point_on_surface(np.asarray(geoms, dtype=object))
        present = ~(shapely.is_missing(points) | shapely.is_empty(points))
        out: list = [None] * len(points)
        if present.any():
            latlng = self._latlng(shapely.get_coordinates(points[present]))
            for k, (lat, lng) in zip(np.flatnonzero(present).tolist(), np.round(latlng, 6).tolist()):
                out[k] = [lng, lat]
        return out

    def dimensions(self, lot, envelope, setback_ft: float, reach_ft: float) -> list:
        """The lot's dimension lines in degrees: ``[[[lat, lng], [lat, lng]], label, where the label stands]``."""
        return [
            [np.round(self._latlng(line), 6).tolist(), label, LABEL_AT[label.split()[0]]]
            for line, label in dimension_lines(lot, envelope, setback_ft, reach_ft, self.unit)
        ]
