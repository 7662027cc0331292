"""How far the dock, and the vessel moored at it, pass a town's official pier line (layers.pierhead).

Some towns draw a *pier line* (or pierhead line) on an official map: no dock may
extend beyond it, and a moored vessel may pass it by no more than its width
(Wrightsville Beach, NC). This is the town's line, given as the ``pierhead``
layer; it is not the line through the neighbours' pier heads that the evidence
sheet draws (:mod:`dockreview.evidence.pierhead`).

The landward side of the line is the side the lot's frontage lies on; the line
is carried on straight past its ends so a dock beyond its drawn extent is still
on one side. A figure is signed: how far the farthest point of the outline lies
beyond the line, negative by how far short of it the outline stops. All in
working-CRS units; :func:`dockreview.measure.compute.measure` converts to feet.
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely import LineString, Polygon
from shapely.geometry.base import BaseGeometry


def carried_on(line: LineString, far: float) -> LineString:
    """``line`` carried on straight by ``far`` past each end, along its end segments.

    Examples
    --------
    >>> carried_on(LineString([(0, 0), (10, 0)]), 5.0).coords[:]
    [(-5.0, 0.0), (0.0, 0.0), (10.0, 0.0), (15.0, 0.0)]
    """
    xy = np.asarray(line.coords, dtype=float)
    start = xy[0] - far * _unit(xy[1] - xy[0])
    end = xy[-1] + far * _unit(xy[-1] - xy[-2])
    return LineString(np.vstack([start, xy, end]))


def _unit(v: np.ndarray) -> np.ndarray:
    return v / np.hypot(*v)


def nearest_part(lines: BaseGeometry, target: BaseGeometry) -> LineString:
    """The part of a (multi)line nearest ``target``, its pieces merged where they meet.

    Examples
    --------
    >>> lines = shapely.MultiLineString([[(0, 50), (10, 50)], [(0, 80), (10, 80)]])
    >>> nearest_part(lines, shapely.Point(5, 0)).coords[:]
    [(0.0, 50.0), (10.0, 50.0)]
    """
    parts = shapely.get_parts(shapely.line_merge(lines)) if lines.geom_type != "LineString" else np.array([lines])
    return parts[int(np.argmin(shapely.distance(parts, target)))]


def landward_side(line: LineString, frontage: BaseGeometry, far: float) -> tuple[Polygon, LineString]:
    """The landward side of the pier line within ``far`` of the frontage, and the line carried on.

    The square of side ``2 far`` about the frontage is cut by the line carried on;
    the piece holding most of the frontage is landward.

    Examples
    --------
    >>> side, _ = landward_side(LineString([(-10, 80), (10, 80)]), LineString([(-50, 0), (50, 0)]), 500.0)
    >>> side.contains(shapely.Point(0, 79)), side.contains(shapely.Point(0, 81))
    (True, False)
    """
    x, y = np.asarray(shapely.centroid(frontage).coords[0])
    square = shapely.box(x - far, y - far, x + far, y + far)
    cut = carried_on(line, 4.0 * far)
    pieces = shapely.get_parts(shapely.polygonize(shapely.get_parts(shapely.union(square.exterior, cut))))
    pieces = pieces[shapely.area(pieces) > 0]
    held = shapely.length(shapely.intersection(pieces, frontage))
    return pieces[int(np.argmax(held))], cut


def beyond(geom: BaseGeometry, side: Polygon, cut: LineString, step: float) -> float:
    """How far the farthest point of ``geom``'s outline lies beyond the pier line (negative: short of it).

    ``side`` and ``cut`` are :func:`landward_side`'s; the outline is sampled
    every ``step`` (its corners always).

    Examples
    --------
    >>> side, cut = landward_side(LineString([(-10, 80), (10, 80)]), LineString([(-50, 0), (50, 0)]), 500.0)
    >>> beyond(shapely.box(-2, 0, 2, 81), side, cut, 0.5), beyond(shapely.box(-2, 0, 2, 70), side, cut, 0.5)
    (1.0, -10.0)
    """
    points = shapely.points(shapely.get_coordinates(shapely.segmentize(shapely.boundary(geom), step)))
    d = shapely.distance(points, cut)
    signed = np.where(shapely.covers(side, points) & (d > 0), -d, d)
    return float(signed.max())


def pierline_figures(
    pierhead: BaseGeometry | None, frontage: BaseGeometry, dock: BaseGeometry, vessel: BaseGeometry | None, *,
    step: float, far: float,
) -> tuple[dict[str, float | None], LineString | None]:
    """How far the dock and the moored vessel pass the pier line (units), and the line used.

    ``pierhead_beyond`` and ``vessel_pierhead_beyond`` are None without the
    layer (the vessel's also without a vessel); ``far`` bounds the drawing (a
    distance beyond every part of the lot, the dock and the line near them).
    """
    if pierhead is None or pierhead.is_empty:
        return {"pierhead_beyond": None, "vessel_pierhead_beyond": None}, None
    line = nearest_part(pierhead, dock)
    far = far + float(shapely.distance(line, frontage)) + float(shapely.distance(line, dock))
    side, cut = landward_side(line, frontage, far)
    return {
        "pierhead_beyond": beyond(dock, side, cut, step),
        "vessel_pierhead_beyond": None if vessel is None else beyond(vessel, side, cut, step),
    }, line


def pier_line_measurements(
    site, frontage: BaseGeometry, dock: BaseGeometry, vessel: BaseGeometry | None, *, step: float, far: float,
    vessel_why: tuple[str, str] | None = None,
):
    """The pier line's figures in feet (``pierhead_beyond_ft``, ``vessel_pierhead_beyond_ft``, and the vessel's
    ``vessel_beam_ft`` it may pass the line by) and what to supply for those None (``vessel_why``: why there is no
    vessel, as :func:`dockreview.measure.vessel.vessel_footprint` says)."""
    figures, _ = pierline_figures(site.pierhead, frontage, dock, vessel, step=step, far=far)
    ft = site.ft_per_unit
    values = {f"{key}_ft": None if v is None else v * ft for key, v in figures.items()}
    values["vessel_beam_ft"] = site.manifest.vessel.beam_ft
    missing = {}
    if site.pierhead is None:
        why = ("layers.pierhead", "give layers.pierhead (the official pier line or pierhead line, lines)")
        missing = {key: why for key in ("pierhead_beyond_ft", "vessel_pierhead_beyond_ft")}
    elif vessel is None:
        need = "[vessel] length_ft, beam_ft"
        missing["vessel_pierhead_beyond_ft"] = vessel_why or (need, "give [vessel] length_ft and beam_ft (the boat moored at the dock)")
    return values, missing
