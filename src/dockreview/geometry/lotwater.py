"""The lot's water and its frontage: the MHW line between the water corners, the water between the lines.

The frontage is walked along the MHW line (through the network's junctions);
the lines out from the water corners stop where they first reach land across
the water; the lot's water is the area they close with the frontage, cut by the
MHW line (README, "Where the lot's water ends").
"""

from __future__ import annotations

import warnings

import numpy as np
import shapely
from shapely import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import substring

from dockreview.errors import DockReviewWarning
from dockreview.geometry.shore import network_path
from dockreview.geometry.sides import points_of


def to_land(extension: LineString, corner: Point, land_edge: BaseGeometry, clear: float) -> LineString:
    """The extension up to where it first reaches land across the water.

    Crossings of the shore within ``clear`` of the water corner (the corner's own
    shore) do not stop it.
    """
    past = extension.project(corner) + clear
    hits = [extension.project(Point(xy)) for xy in points_of(shapely.intersection(extension, land_edge))]
    stops = [s for s in hits if s > past]
    return substring(extension, 0.0, min(stops)) if stops else extension


def frontage_between(mhw: BaseGeometry, a: Point, b: Point, water_boundary: LineString, tolerance: float) -> BaseGeometry:
    """The MHW line between the water corners ``a`` and ``b``, along the line."""
    parts = [p for p in shapely.get_parts(mhw) if p.length > 0]
    ia = int(np.argmin([p.distance(a) for p in parts]))
    ib = int(np.argmin([p.distance(b) for p in parts]))
    if ia != ib:
        path = network_path(mhw, a, b)
        if path is not None:
            return path
        warnings.warn(
            "the MHW line is broken between the lot's water corners, away from the parcel's boundary; the "
            "frontage adds up the MHW pieces along the lot",
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


def lot_water(left: LineString, right: LineString, frontage: BaseGeometry, mhw: BaseGeometry) -> BaseGeometry:
    """The water between the extensions ``left`` and ``right`` seaward of the frontage, up to land.

    The area closed by the two extensions and the frontage is cut by the MHW
    line; the faces along the frontage are the lot's water, so land across the
    water (a creek's far bank, an island) and the area where converging
    extensions cross over are left out.
    """
    ring = [*left.coords[::-1], *shapely.get_coordinates(frontage), *right.coords]
    outline = LineString([*ring, ring[0]])  # noded with the shore below: crossings and spikes sort themselves out
    inside = shapely.intersection(mhw, shapely.envelope(outline))
    faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(shapely.union_all([outline, inside, frontage]))))
    eps = 1e-7 * max(frontage.length, 1.0)
    along = shapely.buffer(frontage, eps)
    touching = [f for f in faces if shapely.length(shapely.intersection(shapely.get_exterior_ring(f), along)) > 100 * eps]
    return shapely.union_all(touching) if touching else Polygon()
