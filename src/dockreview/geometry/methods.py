"""The riparian lines from a lot's water corners, by the method a profile names.

Each method takes the lot's walk (:class:`~dockreview.geometry.corners.LotCorners`:
side lines, water corners, frontage) and draws one line into the water from each
water corner (README, "Riparian lines by method"):

* ``extended-side-lines`` -- each side line carried straight on (``extension =
  "straight"``, along its last course or chord), or square to the frontage chord
  (``"perpendicular"``);
* ``perpendicular-to-trend`` -- square to the shore's general trend: the line
  between the headlands when a cove line is given, else the straight fit of the
  MHW line over ``baseline_ft`` beyond each water corner;
* ``perpendicular-to-centerline`` -- to the foot of the perpendicular on the
  waterway's centreline (a ``centerline`` layer);
* ``colonial`` -- along the bisector of the perpendiculars to the shore baselines
  either side of the corner (each the fit of ``baseline_ft`` of MHW line);
* ``proportional`` -- to the corner's point on the cove's line of navigation (the
  cove line, headland to headland), the line divided among the parcels fronting
  the cove between the headlands in proportion to their frontages.

Lines run far into the water (straight methods) or to their end point (the
centreline's foot, the share's end), and are cut at land by the caller. Each
method also names its parameters (feet, for the JSON's ``interpretations``) and
its construction (the baseline, the centreline's feet, the bisectors' baselines,
the line of navigation and its divisions) for the exhibit to draw.

The methods are declared once, with the layers each needs and whether a layer of
lots is drawn by it as arrays, in :data:`~dockreview.inputs.spec.RIPARIAN_METHODS`
(:data:`METHODS` here), where the manifest reads them; :data:`CONSTRUCTIONS` gives
each its construction, a function of one :class:`Drawing`.
"""

from __future__ import annotations

import difflib
import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import LineString, MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry

from dockreview.errors import DockReviewWarning, SiteDataError
from dockreview.geometry.corners import LotCorners
from dockreview.geometry.extensions import (
    centerline_foot,
    colonial_direction,
    from_corner,
    line_normal,
    perpendicular_extension,
    proportional_share,
    trend_baseline,
)
from dockreview.geometry.shore import network_path
from dockreview.geometry.sides import ray
from dockreview.inputs.spec import RIPARIAN_METHODS

#: The riparian methods, by the name a profile or ``[review] riparian_method`` gives (the registry), the default first.
METHODS = RIPARIAN_METHODS
#: What each method needs beyond the parcels and the MHW line, as the error names it (read from :data:`METHODS`).
NEEDS = {name: method.needs for name, method in METHODS.items() if method.needs}


@dataclass(frozen=True)
class Lines:
    """The two lines from the water corners, with what the method used to draw them.

    Attributes
    ----------
    left, right : LineString
        From each side line's water end (or its water corner) into the water, not yet cut at land.
    parameters : dict
        The method's parameters and measured construction figures (feet, degrees), JSON-ready.
    construction : dict of str to geometry
        What the exhibit draws to show the construction (working CRS).
    description : str
        The method in words, for a legend or a report.
    """

    left: LineString
    right: LineString
    parameters: dict = field(default_factory=dict)
    construction: dict = field(default_factory=dict)
    description: str = ""


def azimuth(vector: np.ndarray) -> float:
    """Grid azimuth (degrees clockwise from grid north) of a direction.

    Examples
    --------
    >>> azimuth(np.array([1.0, 1.0]))
    45.0
    """
    return round(math.degrees(math.atan2(vector[0], vector[1])) % 360.0, 6)


@dataclass(frozen=True)
class Drawing:
    """What a method's construction reads: the lot's walk, its parcel and the options (working units unless ``_ft``).

    ``walk`` gives another parcel's corners the way ``lot`` was walked (the
    proportional method measures every lot of the cove); ``parcels`` are the
    parcels layer's geometries.
    """

    lot: LotCorners
    parcel: Polygon
    extension: str
    direction: str
    course_tolerance_ft: float
    chord_ft: float
    baseline_ft: float
    tolerance: float
    ft_per_unit: float
    centerline: BaseGeometry | None = None
    cove_line: BaseGeometry | None = None
    parcels: Sequence[BaseGeometry] | None = None
    walk: Callable[[Polygon], LotCorners] | None = None

    @property
    def baseline(self) -> float:
        """``baseline_ft`` in working units."""
        return self.baseline_ft / self.ft_per_unit


def lines_by_method(
    lot: LotCorners, parcel: Polygon, *, method: str, extension: str, direction: str, course_tolerance_ft: float,
    chord_ft: float, baseline_ft: float, tolerance: float, ft_per_unit: float,
    centerline: BaseGeometry | None = None, cove_line: BaseGeometry | None = None,
    parcels: Sequence[BaseGeometry] | None = None, walk: Callable[[Polygon], LotCorners] | None = None,
) -> Lines:
    """Draw the lot's two lines by ``method`` (one of :data:`METHODS`), with its construction (:data:`CONSTRUCTIONS`).

    The keywords are :class:`Drawing`'s.

    Raises
    ------
    SiteDataError
        For an unknown method (the nearest name suggested), when the method needs a layer it is not given
        (its ``needs``), or when the data cannot draw it.
    """
    found = METHODS.get(method)
    if found is None:
        close = difflib.get_close_matches(str(method), METHODS, n=1, cutoff=0.5)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise SiteDataError(f"unknown riparian method {method!r}; {hint}the methods are: {', '.join(METHODS)}")
    drawing = Drawing(
        lot, parcel, extension, direction, course_tolerance_ft, chord_ft, baseline_ft, tolerance, ft_per_unit,
        centerline, cove_line, parcels, walk,
    )
    for layer in found.layers:
        given = getattr(drawing, layer)
        if given is None or given.is_empty:
            raise SiteDataError(f"the riparian method \"{method}\" needs {found.needs}")
    return CONSTRUCTIONS[method](drawing)


def _extended(d: Drawing) -> Lines:
    lot, parameters = d.lot, {"extension": d.extension}
    if d.extension == "perpendicular":
        left = perpendicular_extension(lot.left_side, lot.left_corner, lot.seaward, lot.far)
        right = perpendicular_extension(lot.right_side, lot.right_corner, lot.seaward, lot.far)
        return Lines(left, right, parameters, {}, "perpendicular to the frontage chord")
    left = ray(np.asarray(lot.left_side.coords[-1]), lot.left_direction, lot.far)
    right = ray(np.asarray(lot.right_side.coords[-1]), lot.right_direction, lot.far)
    parameters["extension_direction"] = d.direction
    if d.direction == "chord":
        parameters["chord_ft"] = d.chord_ft
        words = f"straight, along the {d.chord_ft:g}-ft chord"
    else:
        parameters["course_tolerance_ft"] = d.course_tolerance_ft
        words = "straight, along the last course"
    return Lines(left, right, parameters, {}, words)


def _trend(d: Drawing) -> Lines:
    lot, baseline_ft, ft_per_unit = d.lot, d.baseline_ft, d.ft_per_unit
    cove_line = None if d.cove_line is None or d.cove_line.is_empty else _nearest_part(d.cove_line, d.parcel)
    corners = (lot.left_corner, lot.right_corner)
    if cove_line is not None:
        ends = shapely.get_coordinates(cove_line)
        line = LineString([ends[0], ends[-1]])
        parameters = {"baseline": "headland to headland (the cove line)"}
        construction = {"baseline": line}
        words = "square to the shore's general trend, headland to headland"
    else:
        line, stretch = trend_baseline(lot.water_side.trunk_line, corners, d.baseline)
        parameters = {"baseline": "fit", "baseline_ft": baseline_ft, "fitted_shore_ft": stretch.length * ft_per_unit}
        construction = {"baseline": line, "fitted_shore": stretch}
        words = f"square to the shore's general trend (the MHW line fitted over {baseline_ft:g} ft beyond each corner)"
    normal = line_normal(line, lot.seaward)
    parameters["baseline_azimuth_deg"] = azimuth(shapely.get_coordinates(line)[-1] - shapely.get_coordinates(line)[0])
    parameters["line_azimuth_deg"] = azimuth(normal)
    left = perpendicular_extension(lot.left_side, lot.left_corner, normal, lot.far)
    right = perpendicular_extension(lot.right_side, lot.right_corner, normal, lot.far)
    return Lines(left, right, parameters, construction, words)


def _centerline(d: Drawing) -> Lines:
    lot, centerline, ft_per_unit = d.lot, d.centerline, d.ft_per_unit
    eps = 1e-6 * lot.far
    lines, feet, parameters = [], [], {}
    for name, side, corner in (("left", lot.left_side, lot.left_corner), ("right", lot.right_side, lot.right_corner)):
        foot = centerline_foot(corner, centerline, lot.seaward)
        lines.append(from_corner(side, corner, to=np.asarray(foot.coords[0]), eps=eps))
        feet.append(foot.coords[0])
        parameters[f"{name}_to_centerline_ft"] = corner.distance(foot) * ft_per_unit
        parameters[f"{name}_line_azimuth_deg"] = azimuth(np.asarray(foot.coords[0]) - np.asarray(corner.coords[0]))
    construction = {"centerline_feet": MultiPoint(feet), "centerline": centerline}
    return Lines(lines[0], lines[1], parameters, construction, "square to the centerline, to the foot of the perpendicular")


def _colonial(d: Drawing) -> Lines:
    lot, baseline_ft = d.lot, d.baseline_ft
    probe = max(2.0 * d.tolerance, 10.0 / d.ft_per_unit)
    lines, construction, parameters = [], {}, {"baseline_ft": baseline_ft}
    for name, side, corner in (("left", lot.left_side, lot.left_corner), ("right", lot.right_side, lot.right_corner)):
        bisector, baselines = colonial_direction(
            lot.water_side.trunk_line, corner, d.baseline, is_seaward=lot.water_side.seaward, seaward=lot.seaward, probe=probe
        )
        lines.append(perpendicular_extension(side, corner, bisector, lot.far))
        construction[f"{name}_baselines"] = shapely.multilinestrings(baselines)
        parameters[f"{name}_line_azimuth_deg"] = azimuth(bisector)
    words = f"colonial: the bisector of the perpendiculars to the shore baselines ({baseline_ft:g} ft either side of each corner)"
    return Lines(lines[0], lines[1], parameters, construction, words)


def _nearest_part(geom: BaseGeometry, to: BaseGeometry) -> BaseGeometry:
    parts = [p for p in shapely.get_parts(geom) if not p.is_empty]
    return parts[int(np.argmin(shapely.distance(parts, to)))] if len(parts) > 1 else geom


def _proportional(d: Drawing) -> Lines:
    """The lot's lines to its share of the cove's line of navigation (see the module's notes)."""
    if d.parcels is None or d.walk is None:
        raise SiteDataError("the riparian method \"proportional\" needs the parcels layer, to find the cove's lots")
    lot, parcel, cove_line, parcels, walk = d.lot, d.parcel, d.cove_line, d.parcels, d.walk
    tolerance, ft_per_unit = d.tolerance, d.ft_per_unit
    ends = shapely.get_coordinates(_nearest_part(cove_line, parcel))
    h1, h2 = ends[0], ends[-1]
    mouth = LineString([h1, h2])
    trunk = lot.water_side.trunk_line
    feet = [Point(shapely.shortest_line(Point(h), trunk).coords[-1]) for h in (h1, h2)]
    shore = network_path(lot.mhw, *feet)
    if shore is None or shore.length <= 0:
        raise SiteDataError("the MHW line is broken between the cove line's headlands; the cove's shore cannot be walked")

    def fronts(corners: LotCorners) -> bool:
        middle = shapely.line_interpolate_point(shapely.line_merge(corners.frontage), 0.5, normalized=True)
        return bool(shore.distance(middle) <= tolerance)

    def interval(corners: LotCorners) -> tuple[float, float]:
        at = sorted(shore.project(c) for c in (corners.left_corner, corners.right_corner))
        return (float(at[0]), float(at[1]))

    if not fronts(lot):
        raise SiteDataError(
            "the lot does not front the cove between the cove line's headlands; check the cove_line or the riparian method"
        )
    intervals = [interval(lot)]
    geoms = np.asarray([g for g in parcels if g is not None and not g.is_empty], dtype=object)
    near = geoms[shapely.intersects(geoms, shapely.buffer(shore, tolerance))] if len(geoms) else geoms
    same = shapely.area(shapely.intersection(near, parcel)) > 0.5 * parcel.area if len(near) else np.zeros(0, bool)
    skipped = 0
    for geom in near[~same]:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DockReviewWarning)
                other = walk(_nearest_part(geom, shore))
        except SiteDataError:
            skipped += 1
            continue
        if fronts(other):
            intervals.append(interval(other))
    if skipped:
        warnings.warn(
            f"{skipped} parcel(s) beside the cove's shore could not be measured and take no share of the cove's mouth",
            DockReviewWarning,
            stacklevel=3,
        )
    a, b = proportional_share(intervals, 0)
    left_first = shore.project(lot.left_corner) <= shore.project(lot.right_corner)
    fl, fr = (a, b) if left_first else (b, a)
    point = lambda f: h1 + f * (h2 - h1)  # noqa: E731
    eps = 1e-6 * lot.far
    left = from_corner(lot.left_side, lot.left_corner, to=point(fl), eps=eps)
    right = from_corner(lot.right_side, lot.right_corner, to=point(fr), eps=eps)
    lengths = sorted(intervals, key=lambda iv: iv[0] + iv[1])
    total = sum(hi - lo for lo, hi in lengths)
    cuts = np.cumsum([0.0] + [hi - lo for lo, hi in lengths]) / total
    m = mouth.length * ft_per_unit
    parameters = {
        "cove_line": [[float(v) for v in h1], [float(v) for v in h2]],
        "mouth_ft": m,
        "cove_lots": len(intervals),
        "cove_frontage_ft": total * ft_per_unit,
        "frontage_share_ft": (intervals[0][1] - intervals[0][0]) * ft_per_unit,
        "share_from_ft": a * m,
        "share_to_ft": b * m,
        "share_ft": (b - a) * m,
    }
    construction = {
        "line_of_navigation": mouth,
        "divisions": MultiPoint([point(f) for f in cuts]),
        "share": LineString([point(a), point(b)]),
        "cove_shore": shore,
    }
    words = f"proportional: to the lot's {(b - a) * m:,.1f}-ft share of the {m:,.1f}-ft line across the cove's mouth"
    return Lines(left, right, parameters, construction, words)


#: The construction of each method of :data:`METHODS`, by its name.
CONSTRUCTIONS: dict[str, Callable[[Drawing], Lines]] = {
    "extended-side-lines": _extended,
    "perpendicular-to-trend": _trend,
    "perpendicular-to-centerline": _centerline,
    "colonial": _colonial,
    "proportional": _proportional,
}
