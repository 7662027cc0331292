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
* ``long-lake`` -- the same on the lake's median line (a ``median_line`` layer,
  else the ``centerline`` layer);
* ``round-lake`` -- straight to the lake's centre (``[review] lake_center``, else
  the centroid of the water the MHW line closes around);
* ``colonial`` -- along the bisector of the angle between the chords from the
  corner to the lot's other corner and to the adjoining lot's far corner
  (:mod:`~dockreview.geometry.neighbours`); where a line of navigation is given
  and the two lines cross before it, the apportionment's lines instead;
* ``proportional`` -- to the corner's point on the line of navigation (a cove
  line, a navigation line or a stated distance), the line divided among the lots
  sharing it in proportion to their frontages (:mod:`~dockreview.geometry.navigation`).

Lines run far into the water (straight methods) or to their end point (the
centreline's foot, the share's end), and are cut at land by the caller. Each
method also names its parameters (feet, for the JSON's ``interpretations``) and
its construction (the baseline, the centreline's feet, the chords, the line of
navigation and its divisions) for the exhibit to draw.

The methods are declared once, with their source and the layers each needs, in
:data:`~dockreview.inputs.spec.RIPARIAN_METHODS` (:data:`METHODS` here), where the
manifest reads them; :data:`CONSTRUCTIONS` gives each its construction, a function
of one :class:`Drawing` (and :data:`dockreview.batch.lines.ARRAY_METHODS` the array
constructions of those a layer of lots is drawn by as arrays).
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import LineString, MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry

from dockreview.errors import SiteDataError
from dockreview.geometry.corners import LotCorners
from dockreview.geometry.extensions import (
    centerline_foot,
    from_corner,
    line_normal,
    perpendicular_extension,
    trend_baseline,
)
from dockreview.geometry.navigation import Apportionment, across, offset
from dockreview.geometry.neighbours import SAME_CORNER_FT, adjoining_far_corner, shore_point_beyond
from dockreview.geometry.sides import ray
from dockreview.geometry.vectors import unit
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
    median_line: BaseGeometry | None = None
    navigation_line: BaseGeometry | None = None
    navigation_ft: float | None = None
    lake_center: tuple[float, float] | None = None

    @property
    def baseline(self) -> float:
        """``baseline_ft`` in working units."""
        return self.baseline_ft / self.ft_per_unit

    @property
    def eps(self) -> float:
        """How close counts as the same point (units)."""
        return 1e-6 * self.lot.far

    def given(self, name: str) -> bool:
        """Whether the layer or setting ``name`` is given (not None, not empty)."""
        value = getattr(self, name)
        return value is not None and not (isinstance(value, BaseGeometry) and value.is_empty)

    def far_corners(self) -> tuple[Point, Point]:
        """The far water corners of the lots adjoining at the left and right corners, or the shore points standing
        for them ``baseline_ft`` along the shore beyond (the lot's own corner where the shore ends there)."""
        lot, reach = self.lot, self.tolerance * 2.0 + SAME_CORNER_FT / self.ft_per_unit
        out = []
        for corner, other in ((lot.left_corner, lot.right_corner), (lot.right_corner, lot.left_corner)):
            far = adjoining_far_corner(corner, self.parcel, self.parcels, self.walk, reach)
            if far is None:
                far = shore_point_beyond(lot.water_side.trunk_line, corner, other, self.baseline) or corner
            out.append(far)
        return out[0], out[1]

    def apportionment(self) -> Apportionment | None:
        """The line of navigation and the lots sharing it: the cove line, else the navigation line, else the stated
        distance (:mod:`~dockreview.geometry.navigation`); None when none is given."""
        for name, words in (("cove_line", "the line across the cove's mouth"), ("navigation_line", "the line of navigation")):
            if self.given(name):
                line = _nearest_part(getattr(self, name), self.parcel)
                return across(line, self.lot, self.parcel, self.parcels, self.walk, self.tolerance, words)
        if self.given("navigation_ft"):
            left, right = self.far_corners()
            return offset(self.navigation_ft / self.ft_per_unit, self.lot, left, right, self.ft_per_unit)
        return None


def lines_by_method(
    lot: LotCorners, parcel: Polygon, *, method: str, extension: str, direction: str, course_tolerance_ft: float,
    chord_ft: float, baseline_ft: float, tolerance: float, ft_per_unit: float,
    centerline: BaseGeometry | None = None, cove_line: BaseGeometry | None = None,
    parcels: Sequence[BaseGeometry] | None = None, walk: Callable[[Polygon], LotCorners] | None = None,
    median_line: BaseGeometry | None = None, navigation_line: BaseGeometry | None = None,
    navigation_ft: float | None = None, lake_center: tuple[float, float] | None = None,
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
        centerline, cove_line, parcels, walk, median_line, navigation_line, navigation_ft, lake_center,
    )
    if found.layers and not any(drawing.given(name) for name in found.layers):
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
        line, stretch = trend_baseline(lot.water_side.trunk_line, corners, d.baseline, lot.frontage)
        parameters = {"baseline": "fit", "baseline_ft": baseline_ft, "fitted_shore_ft": stretch.length * ft_per_unit}
        construction = {"baseline": line, "fitted_shore": stretch}
        words = f"square to the shore's general trend (the MHW line fitted over {baseline_ft:g} ft beyond each corner)"
    normal = line_normal(line, lot.seaward)
    parameters["baseline_azimuth_deg"] = azimuth(shapely.get_coordinates(line)[-1] - shapely.get_coordinates(line)[0])
    parameters["line_azimuth_deg"] = azimuth(normal)
    left = perpendicular_extension(lot.left_side, lot.left_corner, normal, lot.far)
    right = perpendicular_extension(lot.right_side, lot.right_corner, normal, lot.far)
    return Lines(left, right, parameters, construction, words)


def _square_to(d: Drawing, guide: BaseGeometry, name: str, words: str) -> Lines:
    """Each line to the foot of the perpendicular from its water corner on ``guide`` (a centreline, a median line)."""
    lot, ft_per_unit = d.lot, d.ft_per_unit
    lines, feet, parameters = [], [], {}
    for side_name, side, corner in (("left", lot.left_side, lot.left_corner), ("right", lot.right_side, lot.right_corner)):
        foot = centerline_foot(corner, guide, lot.seaward)
        lines.append(from_corner(side, corner, to=np.asarray(foot.coords[0]), eps=d.eps))
        feet.append(foot.coords[0])
        parameters[f"{side_name}_to_{name}_ft"] = corner.distance(foot) * ft_per_unit
        parameters[f"{side_name}_line_azimuth_deg"] = azimuth(np.asarray(foot.coords[0]) - np.asarray(corner.coords[0]))
    construction = {f"{name}_feet": MultiPoint(feet), name: guide}
    return Lines(lines[0], lines[1], parameters, construction, words)


def _centerline(d: Drawing) -> Lines:
    return _square_to(d, d.centerline, "centerline", "square to the centerline, to the foot of the perpendicular")


def _long_lake(d: Drawing) -> Lines:
    guide = d.median_line if d.given("median_line") else d.centerline
    return _square_to(d, guide, "median_line", "square to the lake's median line")


def _round_lake(d: Drawing) -> Lines:
    """Each line straight to the lake's centre: ``lake_center``, else the centroid of the water the MHW line closes."""
    lot = d.lot
    if d.given("lake_center"):
        centre, how = np.asarray(d.lake_center, dtype=float), "given"
    else:
        centre, how = _enclosed_centre(lot), "the centre of the water the MHW line closes around"
    lines, parameters = [], {"center": [float(v) for v in centre], "center_from": how}
    for side_name, side, corner in (("left", lot.left_side, lot.left_corner), ("right", lot.right_side, lot.right_corner)):
        c = np.asarray(corner.coords[0])
        if (centre - c) @ lot.seaward <= 0:
            raise SiteDataError("the lake's centre lies on or landward of the lot's water corner; check [review] lake_center")
        lines.append(from_corner(side, corner, to=centre, eps=d.eps))
        parameters[f"{side_name}_to_center_ft"] = float(np.hypot(*(centre - c))) * d.ft_per_unit
        parameters[f"{side_name}_line_azimuth_deg"] = azimuth(centre - c)
    return Lines(lines[0], lines[1], parameters, {"center": Point(centre)}, "straight to the lake's centre")


def _enclosed_centre(lot: LotCorners) -> np.ndarray:
    """The centroid of the water the MHW line closes around the lot's water (a lake's ring)."""
    middle = np.asarray(shapely.line_interpolate_point(shapely.line_merge(lot.frontage), 0.5, normalized=True).coords[0])
    probe = middle + lot.seaward * 1e-3 * max(lot.frontage.length, 1.0)
    faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(shapely.line_merge(lot.mhw))))
    inside = [f for f in faces if f.contains(Point(probe))]
    if not inside:
        raise SiteDataError(
            "the MHW line does not close around the lot's water near the lot, so the lake's centre cannot be found: "
            "give [review] lake_center = [x, y] (working CRS)"
        )
    return np.asarray(min(inside, key=lambda f: f.area).centroid.coords[0])


def _colonial(d: Drawing) -> Lines:
    """The bisectors of the chords to the lot's other corner and the neighbour's far corner (NR 326.07(2)(b)).

    When a line of navigation is given and the two lines cross before it, the lot's lines are the apportionment's
    (NR 326.07(2)(a)), and ``parameters["fallback"]`` says so.
    """
    lot = d.lot
    far = d.far_corners()
    probe = max(2.0 * d.tolerance, 10.0 / d.ft_per_unit)
    lines, directions, chords, parameters = [], [], [], {"baseline_ft": d.baseline_ft}
    sides = (("left", lot.left_side, lot.left_corner, lot.right_corner, far[0]),
             ("right", lot.right_side, lot.right_corner, lot.left_corner, far[1]))
    for name, side, corner, other, neighbour in sides:
        c = np.asarray(corner.coords[0])
        direction = chord_bisector(c, np.asarray(other.coords[0]), np.asarray(neighbour.coords[0]), lot.seaward)
        ahead, behind = lot.water_side.seaward(np.array([c + direction * probe, c - direction * probe]))
        if behind and not ahead:
            direction = -direction
        directions.append(direction)
        lines.append(perpendicular_extension(side, corner, direction, lot.far))
        chords.append(LineString([other, corner, neighbour]))
        parameters[f"{name}_line_azimuth_deg"] = azimuth(direction)
        parameters[f"{name}_neighbour_corner"] = [float(v) for v in neighbour.coords[0]]
    construction = {"chords": shapely.multilinestrings(chords)}
    words = "the bisectors of the chords between the lot corners on the MHW line"
    meet = _meeting(lot, directions)
    if meet is not None:
        parameters["lines_meet_ft"] = meet * d.ft_per_unit
        shared = d.apportionment()
        if shared is not None and _before(lot, directions, meet, shared.line):
            fallback = _proportional(d, shared)
            parameters.update(fallback.parameters, fallback="proportional")
            return Lines(fallback.left, fallback.right, parameters, {**construction, **fallback.construction},
                         f"the chords' bisectors cross before the line of navigation, so apportioned: {fallback.description}")
    return Lines(lines[0], lines[1], parameters, construction, words)


def chord_bisector(corner: np.ndarray, other: np.ndarray, neighbour: np.ndarray, seaward: np.ndarray) -> np.ndarray:
    """The bisector of the angle between the chords from ``corner`` to ``other`` and to ``neighbour``, seaward.

    It is square to the difference of the chords' unit directions, so three corners in a straight line give the
    line square to the shore.

    Examples
    --------
    >>> [round(float(v), 9) for v in chord_bisector(np.zeros(2), np.array([10.0, 0]), np.array([-5.0, 5]), np.array([0, 1.0]))]
    [0.382683432, 0.923879533]
    """
    difference = unit(neighbour - corner) - unit(other - corner)
    if not np.hypot(*difference) >= 1e-9:  # also NaN: a chord of no length (the shore ends at the corner)
        raise SiteDataError("the shore doubles back at a water corner: the colonial bisector is undefined; review it by hand")
    direction = unit(np.array([-difference[1], difference[0]]))
    return direction if direction @ seaward >= 0 else -direction


def _meeting(lot: LotCorners, directions: list[np.ndarray]) -> float | None:
    """How far from the left corner the two lines (as rays) cross, None when they do not."""
    a, b = np.asarray(lot.left_corner.coords[0]), np.asarray(lot.right_corner.coords[0])
    matrix = np.column_stack([directions[0], -directions[1]])
    if abs(np.linalg.det(matrix)) < 1e-12:
        return None
    t, u = np.linalg.solve(matrix, b - a)
    return float(t) if t > 0 and u > 0 else None


def _before(lot: LotCorners, directions: list[np.ndarray], meet: float, line: BaseGeometry) -> bool:
    """Whether the lines cross (``meet`` along the left one) before the left one reaches the line of navigation."""
    start = np.asarray(lot.left_corner.coords[0])
    ray = LineString([start, start + directions[0] * lot.far])
    hits = [ray.project(Point(xy)) for xy in shapely.get_coordinates(shapely.intersection(ray, line))]
    return bool(hits) and meet < min(hits)


def _nearest_part(geom: BaseGeometry, to: BaseGeometry) -> BaseGeometry:
    parts = [p for p in shapely.get_parts(geom) if not p.is_empty]
    return parts[int(np.argmin(shapely.distance(parts, to)))] if len(parts) > 1 else geom


def _apportioned(d: Drawing) -> Lines:
    shared = d.apportionment()
    if shared is None:
        raise SiteDataError(f"the riparian method \"proportional\" needs {METHODS['proportional'].needs}")
    return _proportional(d, shared)


def _proportional(d: Drawing, shared: Apportionment) -> Lines:
    """The lot's lines to its share of the line of navigation (:mod:`~dockreview.geometry.navigation`)."""
    lot, ft_per_unit = d.lot, d.ft_per_unit
    a, b = shared.share()
    left_first = shared.shore.project(lot.left_corner) <= shared.shore.project(lot.right_corner)
    fl, fr = (a, b) if left_first else (b, a)
    left = from_corner(lot.left_side, lot.left_corner, to=shared.point(fl), eps=d.eps)
    right = from_corner(lot.right_side, lot.right_corner, to=shared.point(fr), eps=d.eps)
    ends = shapely.get_coordinates(shared.line)
    m = shared.line.length * ft_per_unit
    total = sum(hi - lo for lo, hi in shared.intervals)
    lo, hi = shared.intervals[0]
    parameters = {
        "line_of_navigation": [[float(v) for v in ends[0]], [float(v) for v in ends[-1]]],
        "line_of_navigation_ft": m,
        "sharing_lots": len(shared.intervals),
        "shared_frontage_ft": total * ft_per_unit,
        "frontage_share_ft": (hi - lo) * ft_per_unit,
        "share_from_ft": a * m,
        "share_to_ft": b * m,
        "share_ft": (b - a) * m,
    }
    construction = {
        "line_of_navigation": shared.line,
        "divisions": shared.divisions(),
        "share": LineString([shared.point(a), shared.point(b)]),
        "shared_shore": shared.shore,
    }
    words = f"to the lot's {(b - a) * m:,.1f}-ft share of {shared.words} ({m:,.1f} ft)"
    return Lines(left, right, parameters, construction, words)


#: The construction of each method of :data:`METHODS`, by its name.
CONSTRUCTIONS: dict[str, Callable[[Drawing], Lines]] = {
    "extended-side-lines": _extended,
    "perpendicular-to-trend": _trend,
    "perpendicular-to-centerline": _centerline,
    "long-lake": _long_lake,
    "round-lake": _round_lake,
    "colonial": _colonial,
    "proportional": _apportioned,
}
