"""What every measure reads, derived once from the review: the :class:`Context`, and the geometry the measures share.

Stations are positions along the dock's axis from its MHW crossing, in working
units (negative landward); :meth:`Context.units` turns feet into working units
and ``Context.ft`` working units into feet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import geopandas as gpd
import numpy as np
import shapely
from shapely import LineString
from shapely.geometry.base import BaseGeometry

from dockreview.geometry.dock import FIXED_DOCK
from dockreview.geometry.riparian import riparian_geometry
from dockreview.inputs.bathymetry import Bathymetry
from dockreview.review.pipeline import riparian_method

#: Parcels within this many feet of the lot adjoin it.
ADJOINING_FT = 1.0
#: The seaward end of a dock: the middle of its outline's points within this many feet of its greatest distance from the MHW line.
SEAWARD_END_TOLERANCE_FT = 0.1
#: Sampling step (ft) of outlines and of the section along the dock's axis.
STEP_FT = 0.5
#: Components whose top is the deck (Docks D(2)(d): the deck's height above MHW).
DECK = (*FIXED_DOCK, "landing")


#: How far out the section and the neighbours' water run when no check caps the reach (ft).
NO_CAP_FT = 200.0


@dataclass
class Context:
    """What every measure reads, derived once from the review.

    ``cache`` holds what a measure computes once and another reads again (the
    bottom's profile along the axis).
    """

    review: Any
    site: Any
    riparian: Any
    dock: Any
    m: Any
    profile: Any
    settings: Any
    ft: float
    crossing: np.ndarray
    axis: np.ndarray
    shore: BaseGeometry
    attributes: dict
    cache: dict[str, Any] = field(default_factory=dict)
    _bathy: Bathymetry | None = None
    _lots: gpd.GeoDataFrame | None = None

    def units(self, feet: float) -> float:
        """Feet to working-CRS units."""
        return feet / self.ft

    @property
    def reach_cap_ft(self) -> float:
        """The cap on the reach the rules set on every lot, or :data:`NO_CAP_FT` when no check caps the reach."""
        cap = self.review.rules.reach_cap_ft()
        return cap if np.isfinite(cap) else NO_CAP_FT

    @property
    def reach_limit(self) -> tuple[float | None, tuple[str, ...]]:
        """The reach the checks allow this dock (the review's envelope's limit, ft) and the sections that set it.

        ``(None, ())`` when no check of the profile limits the reach, or the data cannot decide how far.
        """
        limit = self.review.layout.envelope.reach_limit_ft
        if not np.isfinite(limit) or self.review.layout.envelope.needs:
            return None, ()
        return float(limit), self.review.rules.reach_sections(self.m, float(limit))

    def lot_riparian(self, lot: BaseGeometry):
        """Another lot's riparian geometry, drawn as the review drew the applicant's (its method and settings).

        Raises
        ------
        DockReviewError
            When the lot does not front the MHW line or its lines cannot be drawn.
        """
        method = self.cache.get("riparian_method")
        if method is None:
            method = self.cache["riparian_method"] = riparian_method(self.site, self.review.rules)
        tolerance = self.units(self.site.manifest.review.mhw_tolerance_ft)
        return riparian_geometry(lot, self.site.mhw, tolerance=tolerance, ft_per_unit=self.ft, **method)

    @property
    def lifted_boat_height_ft(self) -> float | None:
        """How high a boat on the lift stands above the deck (ft): the manifest's, else the rules' limit, else None."""
        given = self.number("lift_boat_height_above_deck_ft")
        if given is not None:
            return given
        return self.review.rules.attribute_limit("lift_boat_height_above_deck_ft")

    def station(self, xy) -> np.ndarray:
        """Positions along the dock's axis from its MHW crossing (units)."""
        return (np.atleast_2d(np.asarray(xy, dtype=float)) - self.crossing) @ self.axis

    def at(self, s) -> np.ndarray:
        """Points at stations ``s`` (units) along the axis."""
        return self.crossing + np.outer(np.atleast_1d(s), self.axis)

    @property
    def bathy(self) -> Bathymetry | None:
        """The site's triangulated soundings, None without soundings."""
        if self._bathy is None and self.site.soundings is not None and not self.site.soundings.empty:
            self._bathy = self.site.depths
        return self._bathy

    def number(self, key: str) -> float | None:
        """A numeric ``[dock.attributes]`` value, None when not given (or ``false``)."""
        value = self.attributes.get(key)
        return None if isinstance(value, bool) or value is None else float(value)

    @property
    def lots(self) -> gpd.GeoDataFrame:
        """The parcels other than the lot: ``parcel_id``, ``adjoining``, ``side``, distance to the dock (ft)."""
        if self._lots is None:
            self._lots = _other_lots(self)
        return self._lots


def context(review) -> Context:
    """The :class:`Context` of a review: its site, layout, measurements, profile and the ``[evidence]`` settings."""
    layout = review.layout
    line = layout.dimension_lines.get("length")
    crossing = np.asarray(line.coords[0]) if line is not None else np.asarray(layout.dock.origin, dtype=float)
    return Context(
        review=review, site=review.site, riparian=layout.riparian, dock=layout.dock, m=review.measurements,
        profile=review.profile, settings=review.site.manifest.evidence, ft=review.site.ft_per_unit,
        crossing=crossing, axis=np.asarray(layout.dock.axis, dtype=float), shore=layout.riparian.mhw,
        attributes=dict(review.site.manifest.dock.attributes),
    )


def ids(frame: gpd.GeoDataFrame, field_name: str | None) -> np.ndarray:
    """A layer's ids as text: ``field_name`` when the layer has it, else the row index."""
    values = frame[field_name] if field_name and field_name in frame.columns else frame.index.to_series()
    return values.astype(str).str.strip().to_numpy()


def dock_names(cx: Context) -> np.ndarray:
    """The existing docks' ids (the docks layer's ``docks_id_field``, else its row index)."""
    return ids(cx.site.docks, cx.site.manifest.docks_id_field)


def _other_lots(cx: Context) -> gpd.GeoDataFrame:
    parcels = cx.site.parcels
    geoms = shapely.make_valid(parcels.geometry.values)
    subject = shapely.area(shapely.intersection(geoms, cx.site.parcel)) > 0.5 * shapely.area(geoms)
    rip = cx.riparian
    to_left = shapely.distance(geoms, rip.left_line)
    to_right = shapely.distance(geoms, rip.right_line)
    frame = gpd.GeoDataFrame(
        {
            "parcel_id": ids(parcels, cx.site.manifest.parcel_id_field),
            "adjoining": shapely.distance(geoms, cx.site.parcel) <= cx.units(ADJOINING_FT),
            "side": np.where(to_left <= to_right, "left", "right"),
            "to_dock_ft": shapely.distance(geoms, cx.dock.footprint) * cx.ft,
        },
        geometry=geoms,
        crs=parcels.crs,
    )
    return frame[~subject]


def signed_distance(cx: Context, xy: np.ndarray) -> np.ndarray:
    """Distance of points from the MHW line (units), negative landward."""
    xy = np.atleast_2d(xy)
    d = shapely.distance(shapely.points(xy), cx.shore)
    return np.where(cx.riparian.water_side.seaward(xy), d, -d)


def outline_points(geom: BaseGeometry, step: float) -> np.ndarray:
    """The vertices of ``geom`` with points every ``step`` along its lines and rings.

    Examples
    --------
    >>> outline_points(LineString([(0, 0), (2, 0)]), 0.5).tolist()
    [[0.0, 0.0], [0.5, 0.0], [1.0, 0.0], [1.5, 0.0], [2.0, 0.0]]
    """
    return shapely.get_coordinates(shapely.segmentize(geom, step))


def seaward_end(cx: Context, geom: BaseGeometry) -> tuple[np.ndarray, float]:
    """A dock's seaward end (the middle of its points farthest from the MHW line) and that distance (units)."""
    xy = outline_points(geom, cx.units(STEP_FT))
    d = shapely.distance(shapely.points(xy), cx.shore)
    far = float(d.max())
    return xy[d >= far - cx.units(SEAWARD_END_TOLERANCE_FT)].mean(axis=0), far


def first_land(cx: Context, origin: np.ndarray, direction: np.ndarray) -> tuple[float | None, float]:
    """Distance (units) along a ray from a point on the MHW line to the next crossing of it, and how far the MHW data reach.

    Returns ``(None, reach)`` when the ray leaves the MHW line's extent first.
    """
    x0, y0, x1, y1 = shapely.bounds(cx.shore) + np.array([-1.0, -1.0, 1.0, 1.0]) * cx.units(1.0)
    far = 2.0 * math.hypot(x1 - x0, y1 - y0)
    ray = LineString([origin, origin + direction * far])
    hits = shapely.get_coordinates(shapely.intersection(ray, cx.shore))
    s = (hits - origin) @ direction if len(hits) else np.empty(0)
    s = s[s > cx.units(1.0)]
    if s.size:
        return float(s.min()), float(s.min())
    return None, float(shapely.length(shapely.clip_by_rect(ray, x0, y0, x1, y1)))


def intervals(pairs) -> list[tuple[float, float]]:
    """The union of closed intervals ``(a, b)``, as sorted disjoint intervals (shapely on the line y = 0).

    Examples
    --------
    >>> intervals([(4, 6), (0, 2), (1, 3), (5, 5)])
    [(0.0, 3.0), (4.0, 6.0)]
    """
    lines = [LineString([(a, 0.0), (b, 0.0)]) for a, b in pairs if b > a]
    if not lines:
        return []
    merged = shapely.get_parts(shapely.line_merge(shapely.union_all(lines)))
    return sorted((float(shapely.bounds(g)[0]), float(shapely.bounds(g)[2])) for g in merged)


def projection(cx: Context, geoms) -> list[tuple[float, float]]:
    """Each geometry's extent along the dock's axis (stations, units), merged where they overlap."""
    spans = []
    for g in geoms:
        s = cx.station(shapely.get_coordinates(g))
        spans.append((float(s.min()), float(s.max())))
    return intervals(spans)


def length_where(s: np.ndarray, c: np.ndarray, threshold: float, *, above: bool) -> float:
    """Length of the piecewise-linear profile ``c(s)`` at or above (else at or below) ``threshold``.

    Each segment counts whole when both its ends qualify, from its threshold crossing
    (linear interpolation, exact on a linear profile) when one does, not at all when none does.

    Examples
    --------
    A headroom rising from 0.5 ft to 6.5 ft over 60 ft is at least 2 ft over its last 45 ft:

    >>> s, c = np.array([0.0, 60.0]), np.array([0.5, 6.5])
    >>> length_where(s, c, 2.0, above=True), length_where(s, c, 2.0, above=False)
    (45.0, 15.0)
    """
    if len(s) < 2:
        return 0.0
    c0, c1 = c[:-1], c[1:]
    ok0, ok1 = (c0 >= threshold, c1 >= threshold) if above else (c0 <= threshold, c1 <= threshold)
    rise = c1 - c0
    cross = np.clip((threshold - c0) / np.where(rise != 0, rise, np.inf), 0.0, 1.0)  # where along the segment
    share = np.where(ok0 & ok1, 1.0, np.where(ok0, cross, np.where(ok1, 1.0 - cross, 0.0)))
    return float((np.diff(s) * share).sum())
