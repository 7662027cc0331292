"""Evidence for the Board of Trustees' judgment: seven measures in feet, square feet and degrees.

Docks H leaves to the Board whether a dock "would unreasonably impede, obstruct, or
interfere with navigation, the rights of adjoining property owners, the public use of
or passage along the foreshore or the waterway, or significantly damage the
environment". The waiver clause (Art. VIII, waivers) lets the Board supplement, modify
or waive a requirement taking into account "the distance from the shoreline to the
various constructions on the dock, the elevation of the dock as compared to those of
the adjacent properties, ... the location of the improvements on the adjacent
properties, and how the proposed dock would affect the water views of the neighboring
properties". This module measures what those clauses name, from the site's layers:

1. ``water_views``: the water view of each neighbouring dwelling and the share the dock takes;
2. ``pierhead_line``: the line through the seaward ends of the nearest docks on each side;
3. ``waterway``: the waterway's width along the dock's axis and square to the shore;
4. ``foreshore``: the headroom under the deck where the dock crosses the foreshore;
5. ``neighbour_water``: each adjoining lot's own water within 50 ft of the dock;
6. ``constructions``: each construction's distance from the MHW line, vegetation, shade;
7. ``section``: the dock in section along its axis (bottom, MHW, MLW, deck, piles, float).

These are evidence, not verdicts: the ``board-navigation`` check keeps its status
``board``. Each :class:`Measure` has a ``status``, ``"measured"`` or ``"needs-data"``
(whenever any figure it reports is missing for want of an input), ``needs`` naming the
manifest key of each missing input (``layers.buildings``,
``dock.attributes.deck_height_above_mhw_ft``), ``unmeasured`` naming the figures left
``None`` for want of it, and ``method``, how it was measured. A missing figure is
``None``, never zero.

Everything here is a pure function of the :class:`~dockreview.review.Review` (its
site, layout and measurements): :func:`gather` reads no file. :func:`layers` gives
the GeoPackage layers and :func:`report_rows` the report's rows;
:mod:`dockreview.evidence_plot` draws the "Board evidence" sheet.
"""

from __future__ import annotations

import math
import statistics
import warnings
from dataclasses import dataclass, field
from typing import Any

import geopandas as gpd
import numpy as np
import shapely
from shapely import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from dockreview.errors import DockReviewError, DockReviewWarning
from dockreview.geometry.dock import FIXED_DOCK
from dockreview.geometry.riparian import left_of, riparian_geometry, unit
from dockreview.geometry.shore import network_path
from dockreview.inputs.bathymetry import Bathymetry
from dockreview.measure.envelope import dock_roots, docks_on_lot

MEASURED = "measured"
NEEDS_DATA = "needs-data"
#: The clauses the evidence serves.
SECTIONS = "Docks H; Art. VIII, waivers"
#: Order of the measures in the JSON, the report and the layers.
MEASURES = ("water_views", "pierhead_line", "waterway", "foreshore", "neighbour_water", "constructions", "section")

#: A default viewpoint's window sees the half-plane in front of its wall: this many degrees either side of the wall's normal.
WINDOW_HALF_ANGLE_DEG = 90.0
#: A manifest viewpoint within this many feet of a footprint belongs to that building (left out of its own obstacles).
VIEWPOINT_SNAP_FT = 25.0
#: Parcels within this many feet of the lot adjoin it.
ADJOINING_FT = 1.0
#: The adjoining owners' water is measured within this many feet of the proposed dock (issue 12; the 50 ft of Docks D(1)).
NEIGHBOUR_WATER_FT = 50.0
#: Headroom (ft) under the deck at which a person walking the foreshore passes under: a rule of thumb chosen here
#: (about a doorway's height, 6 ft 8 in, with a few inches to spare), not a figure of the ordinance.
PASS_UNDER_FT = 7.0
#: Height (ft) of deck above the bottom a walker steps over: a rule of thumb chosen here (a high step or a stile).
STEP_OVER_FT = 2.0
#: The seaward end of a dock: the middle of its outline's points within this many feet of its greatest distance from the MHW line.
SEAWARD_END_TOLERANCE_FT = 0.1
#: Sampling step (ft) of outlines and of the section along the dock's axis.
STEP_FT = 0.5
#: The section's bottom profile is given in the JSON at this spacing (ft).
PROFILE_JSON_STEP_FT = 2.0
#: The section runs this far (ft) landward of the MHW crossing and beyond the farther of the dock's end and the reach limit.
SECTION_MARGIN_FT = 20.0
#: How the informative one-third figure is stated beside the waterway share.
ONE_THIRD_NOTE = (
    "some New York towns limit a dock to one third of the waterway's width; informative only, "
    "not a Kings Point rule"
)
#: Components whose top is the deck (Docks D(2)(d): the deck's height above MHW).
DECK = (*FIXED_DOCK, "landing")

TITLES = {
    "water_views": "Water views of the neighbouring properties",
    "pierhead_line": "The pier-head line",
    "waterway": "The waterway's width and the navigation left",
    "foreshore": "Public passage along the foreshore",
    "neighbour_water": "The adjoining owners' water",
    "constructions": "The constructions on the dock and the environment",
    "section": "The dock in section",
}

METHODS = {
    "water_views": (
        "Dwellings: on each adjoining lot (within {adjoining:g} ft of the lot) and on every lot within "
        "{neighbour:,.0f} ft of the proposed dock that sees it, the largest footprint of the buildings layer on the "
        "lot (its point on surface inside the parcel). Viewpoint: the manifest's evidence.viewpoints when given (each "
        "belonging to the footprint it lies in or within {snap:g} ft of, seeing all round); otherwise the middle of "
        "the footprint edge whose outward normal points most nearly toward the nearest point of the MHW line "
        "(measured from that edge's middle; ties to the longer edge), whose window sees the half-plane in front of "
        "the wall ({half:g} degrees either side of its normal). Water view: the directions in which the sight line "
        "from the viewpoint crosses the MHW line within {radius:,.0f} ft before meeting another building (every "
        "footprint but the dwelling's own blocks the view; land does not, the MHW line bounds the water). The "
        "directions are exact: the view is decided once between each pair of consecutive directions to a vertex "
        "of the shore, a building, a dock, their crossings and the {radius:,.0f}-ft circle. The proposed dock's "
        "sector: the directions of the view in which the sight line meets any component (walkway, ramp, landing, "
        "floats, lifts, the lift's footprint standing for a boat on it); its share of the water view, and of the view "
        "left open by the existing docks (the directions in which no existing dock is seen). Vertical angle: the "
        "greatest angle the dock subtends above the water surface at MHW, atan((h - e)/d) + atan(e/d), over its "
        "outline seen from the eye (e ft above MHW: the viewpoint's third number, else evidence.eye_height_ft), with h "
        "the deck's height above MHW plus the railing, a boat lift's boat {lift:g} ft above the deck (Boat lifts "
        "C(4)), a float's deck its float_deck_above_water_in. Sectors are azimuths, degrees clockwise from grid north."
    ),
    "pierhead_line": (
        "Existing docks of the docks layer (not those on the lot or those it replaces) whose landward end (nearest "
        "point to the MHW line) lies within {distance:,.0f} ft of the proposed dock's MHW crossing along the MHW line "
        "(the shortest way along the shore network; docks across the water are on another shore). A dock's seaward "
        "end: the middle of its outline's points within {tol:g} ft of its greatest distance from the MHW line; its "
        "reach: that distance. The pier-head line runs through the seaward ends of the nearest dock on each side; "
        "with docks on one side only, through that end parallel to the frontage chord. Offset: the greatest signed "
        "distance of the proposed dock's outline from the line, + seaward. On a bent shore a straight line cuts across "
        "the bend, so the reach is compared along the shore too: the proposed reach less the nearest docks' reaches "
        "interpolated by distance along the shore (reach_beyond_neighbours_ft; one side only: less that dock's reach). "
        "The proposed reach is measured as theirs (from the MHW line), the reach check's figure given too."
    ),
    "waterway": (
        "From the point where the dock's axis leaves the MHW line: along the axis, and square to the MHW line there "
        "(toward the water), the distance to the first crossing of the MHW line beyond it (the opposite shore, an "
        "island or a bar). Share: the dock's length along its axis of the width along the axis, and its extent "
        "square to the shore of the width square to it. Clear width: from the dock's seaward end on its axis to the "
        "opposite shore, or, nearer, from its seaward terminus to an existing dock rooted nearer the opposite shore "
        "than this one. Channel: the terminus's distance to the nearest channel, fairway or anchorage (as the "
        "channel-clearance check)."
    ),
    "foreshore": (
        "The foreshore along the dock's axis runs from its MHW crossing to the mean low-water line: the mlw layer's "
        "first crossing, else where the soundings' interpolated depth first reaches 0 ft at MLW. The MHW level (ft "
        "above MLW) is the bottom at the MHW crossing, from the soundings (minus the depth there). Headroom under the "
        "deck (walkway, ramp and landing, projected on the axis) at each point of the crossing: MHW level + "
        "deck_height_above_mhw_ft - bottom, measured to the deck's given height (the framing below it is not given), "
        "exact between the triangulation's edges. A walker passes under where the headroom is at least "
        "{under:g} ft and steps over where it is at most {over:g} ft (rules of thumb chosen here, not the "
        "ordinance's); anywhere else must go around. Passage: 'pass under' when some stretch allows it, else "
        "'step over' when some stretch allows that, else 'go around'."
    ),
    "neighbour_water": (
        "Each adjoining lot (within {adjoining:g} ft of the lot) has its riparian geometry derived as the lot's is "
        "(dockreview.riparian.riparian_geometry, the review's extension settings, the site's MHW line): its own water "
        "between its side-line extensions, seaward of its frontage, up to land, cut at {reach:,.0f} ft from its "
        "frontage. Measured: that water within {near:g} ft of the proposed dock (area and share of its water), the "
        "proposed dock's area inside it, the least distance from the dock to its side-line extensions, and to its "
        "dock (an existing dock whose landward end lies on that lot or its water, as Docks A decides)."
    ),
    "constructions": (
        "For each component of the dock: the distance of its nearest point from the MHW line (0 when it touches or "
        "crosses the line, negative when it lies wholly landward) and of its farthest seaward point. Lights have no "
        "position in the footprint. Over vegetation: the area of the deck (walkway, ramp, landing) and of the floats "
        "inside the vegetation layer's polygons. Shade: the area of the deck and floats seaward of the MHW line."
    ),
    "section": (
        "A profile along the dock's axis, stations in feet from its MHW crossing (negative landward), elevations "
        "in feet above MLW (MLW = 0): the bottom from the soundings (linear on their triangulation, never "
        "extrapolated); MHW at the bottom's level at the MHW crossing, else drawn as the reference for the deck's "
        "height; the deck (walkway, ramp, landing projected on the axis) at MHW + deck_height_above_mhw_ft; piles at "
        "pile_spacing_ft from the deck's landward end, and at its seaward end; the float floating at MLW with its "
        "float_draft_ft below the water and float_deck_above_water_in above; the navigable-depth point "
        "(navigable-reach) and the {reach:,.0f}-ft limit (Docks D(1)) along the axis."
    ),
}


# ----------------------------------------------------------------------------- the result


@dataclass(frozen=True)
class Measure:
    """One measure of the evidence, its figures JSON-ready.

    Attributes
    ----------
    key : str
        Its name in the JSON (``"water_views"``, ...).
    title : str
        A plain title.
    status : {"measured", "needs-data"}
        ``needs-data`` whenever a figure it reports is missing for want of an input.
    method : str
        How it is measured.
    values : dict
        Its figures, named with their unit (``_ft``, ``_sqft``, ``_deg``, ``_pct``);
        lists of per-item dicts (per viewpoint, per lot, per component).
    needs : tuple of str
        The manifest key of each missing input, with what it supplies.
    unmeasured : tuple of str
        The figures left ``None`` for want of it.
    geometry : dict
        Working-CRS geometry for the layers and the drawing (not in the JSON).
    """

    key: str
    title: str
    status: str
    method: str
    values: dict[str, Any] = field(default_factory=dict)
    needs: tuple[str, ...] = ()
    unmeasured: tuple[str, ...] = ()
    geometry: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def measured(self) -> bool:
        """True when every figure of the measure was measured."""
        return self.status == MEASURED

    def to_dict(self) -> dict[str, Any]:
        """``{"title", "status", "needs", "unmeasured", <figures>, "method"}``, JSON-ready."""
        return {
            "title": self.title,
            "status": self.status,
            "needs": list(self.needs),
            "unmeasured": list(self.unmeasured),
            **_plain(self.values),
            "method": self.method,
        }


@dataclass(frozen=True)
class Evidence:
    """The seven measures of the Board evidence (Docks H; Art. VIII, waivers).

    ``to_dict()`` is the JSON's ``evidence`` key: ``status`` ("board": the evidence
    decides nothing), ``sections``, ``settings`` (the ``[evidence]`` table used) and
    one entry per measure (:data:`MEASURES`).
    """

    water_views: Measure
    pierhead_line: Measure
    waterway: Measure
    foreshore: Measure
    neighbour_water: Measure
    constructions: Measure
    section: Measure
    settings: dict[str, Any] = field(default_factory=dict)
    crs: Any = field(default=None, compare=False, repr=False)
    ft_per_unit: float = field(default=1.0, compare=False, repr=False)

    @property
    def measures(self) -> tuple[Measure, ...]:
        """The measures in :data:`MEASURES` order."""
        return tuple(getattr(self, key) for key in MEASURES)

    @property
    def needs(self) -> tuple[str, ...]:
        """Every input some measure is missing, once each."""
        return tuple(dict.fromkeys(n for m in self.measures for n in m.needs))

    def to_dict(self) -> dict[str, Any]:
        """The JSON's ``evidence`` key."""
        return {
            "status": "board",
            "sections": SECTIONS,
            "note": "figures for the Board's judgment, not findings; the board-navigation item keeps the status board",
            "settings": _plain(self.settings),
            **{m.key: m.to_dict() for m in self.measures},
        }


def _plain(value):
    """``value`` made JSON-ready: numpy scalars to Python, NaN and infinities to None, tuples to lists."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        value = float(value)
        return value if math.isfinite(value) else None
    return value


class _Gaps:
    """The inputs a measure is missing and the figures left unmeasured for want of them."""

    def __init__(self) -> None:
        self.needs: list[str] = []
        self.unmeasured: list[str] = []

    def add(self, need: str, *figures: str) -> None:
        if need not in self.needs:
            self.needs.append(need)
        self.unmeasured.extend(f for f in figures if f not in self.unmeasured)

    def measure(self, key: str, method: str, values: dict, geometry: dict | None = None) -> Measure:
        status = NEEDS_DATA if self.needs else MEASURED
        return Measure(key, TITLES[key], status, method, values, tuple(self.needs), tuple(self.unmeasured), geometry or {})


# ----------------------------------------------------------------------------- shared geometry


@dataclass
class _Context:
    """What every measure reads, derived once from the review."""

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
    _bathy: Bathymetry | None = None
    _lots: gpd.GeoDataFrame | None = None
    _profile: tuple[np.ndarray, np.ndarray] | None = None

    def units(self, feet: float) -> float:
        """Feet to working-CRS units."""
        return feet / self.ft

    def station(self, xy) -> np.ndarray:
        """Positions along the dock's axis from its MHW crossing (units)."""
        return (np.atleast_2d(np.asarray(xy, dtype=float)) - self.crossing) @ self.axis

    def at(self, s) -> np.ndarray:
        """Points at stations ``s`` (units) along the axis."""
        return self.crossing + np.outer(np.atleast_1d(s), self.axis)

    @property
    def bathy(self) -> Bathymetry | None:
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


def _context(review) -> _Context:
    layout = review.layout
    line = layout.dimension_lines.get("length")
    crossing = np.asarray(line.coords[0]) if line is not None else np.asarray(layout.dock.origin, dtype=float)
    return _Context(
        review=review, site=review.site, riparian=layout.riparian, dock=layout.dock, m=review.measurements,
        profile=review.profile, settings=review.site.manifest.evidence, ft=review.site.ft_per_unit,
        crossing=crossing, axis=np.asarray(layout.dock.axis, dtype=float), shore=layout.riparian.mhw,
        attributes=dict(review.site.manifest.dock.attributes),
    )


def _ids(frame: gpd.GeoDataFrame, field_name: str | None) -> np.ndarray:
    """A layer's ids as text: ``field_name`` when the layer has it, else the row index."""
    values = frame[field_name] if field_name and field_name in frame.columns else frame.index.to_series()
    return values.astype(str).str.strip().to_numpy()


def _other_lots(cx: _Context) -> gpd.GeoDataFrame:
    parcels = cx.site.parcels
    geoms = shapely.make_valid(parcels.geometry.values)
    subject = shapely.area(shapely.intersection(geoms, cx.site.parcel)) > 0.5 * shapely.area(geoms)
    rip = cx.riparian
    to_left = shapely.distance(geoms, rip.left_line)
    to_right = shapely.distance(geoms, rip.right_line)
    frame = gpd.GeoDataFrame(
        {
            "parcel_id": _ids(parcels, cx.site.manifest.parcel_id_field),
            "adjoining": shapely.distance(geoms, cx.site.parcel) <= cx.units(ADJOINING_FT),
            "side": np.where(to_left <= to_right, "left", "right"),
            "to_dock_ft": shapely.distance(geoms, cx.dock.footprint) * cx.ft,
        },
        geometry=geoms,
        crs=parcels.crs,
    )
    return frame[~subject]


def _signed_distance(cx: _Context, xy: np.ndarray) -> np.ndarray:
    """Distance of points from the MHW line (units), negative landward."""
    xy = np.atleast_2d(xy)
    d = shapely.distance(shapely.points(xy), cx.shore)
    return np.where(cx.riparian.water_side.seaward(xy), d, -d)


def _outline_points(geom: BaseGeometry, step: float) -> np.ndarray:
    """The vertices of ``geom`` with points every ``step`` along its lines and rings."""
    return shapely.get_coordinates(shapely.segmentize(geom, step))


def _seaward_end(cx: _Context, geom: BaseGeometry) -> tuple[np.ndarray, float]:
    """A dock's seaward end (the middle of its points farthest from the MHW line) and that distance (units)."""
    xy = _outline_points(geom, cx.units(STEP_FT))
    d = shapely.distance(shapely.points(xy), cx.shore)
    far = float(d.max())
    return xy[d >= far - cx.units(SEAWARD_END_TOLERANCE_FT)].mean(axis=0), far


def _first_land(cx: _Context, origin: np.ndarray, direction: np.ndarray) -> tuple[float | None, float]:
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


def _shore_normal(cx: _Context, point: np.ndarray) -> np.ndarray:
    """The unit normal to the MHW line at ``point`` (on it), toward the water."""
    parts = [p for p in shapely.get_parts(cx.shore) if p.length > 0]
    here = Point(point)
    part = parts[int(np.argmin(shapely.distance(parts, here)))]
    along = part.project(here)
    eps = min(cx.units(1.0), part.length / 4)
    a, b = (np.asarray(part.interpolate(min(max(t, 0.0), part.length)).coords[0]) for t in (along - eps, along + eps))
    normal = left_of(unit(b - a))
    probe = point + normal * cx.units(2.0)
    return normal if cx.riparian.water_side.seaward(probe)[0] else -normal


def _intervals(pairs) -> list[tuple[float, float]]:
    """The union of closed intervals ``(a, b)``, as sorted disjoint intervals (shapely on the line y = 0)."""
    lines = [LineString([(a, 0.0), (b, 0.0)]) for a, b in pairs if b > a]
    if not lines:
        return []
    merged = shapely.get_parts(shapely.line_merge(shapely.union_all(lines)))
    return sorted((float(shapely.bounds(g)[0]), float(shapely.bounds(g)[2])) for g in merged)


def _projection(cx: _Context, geoms) -> list[tuple[float, float]]:
    """Each geometry's extent along the dock's axis (stations, units), merged where they overlap."""
    spans = []
    for g in geoms:
        s = cx.station(shapely.get_coordinates(g))
        spans.append((float(s.min()), float(s.max())))
    return _intervals(spans)


def _length_where(s: np.ndarray, c: np.ndarray, threshold: float, *, above: bool) -> float:
    """Length of the piecewise-linear profile ``c(s)`` at or above (else at or below) ``threshold``.

    Each segment counts whole when both its ends qualify, from its threshold crossing
    (linear interpolation, exact on a linear profile) when one does, not at all when none does.
    """
    if len(s) < 2:
        return 0.0
    c0, c1 = c[:-1], c[1:]
    ok0, ok1 = (c0 >= threshold, c1 >= threshold) if above else (c0 <= threshold, c1 <= threshold)
    rise = c1 - c0
    cross = np.clip((threshold - c0) / np.where(rise != 0, rise, np.inf), 0.0, 1.0)  # where along the segment
    share = np.where(ok0 & ok1, 1.0, np.where(ok0, cross, np.where(ok1, 1.0 - cross, 0.0)))
    return float((np.diff(s) * share).sum())


def _azimuth(theta: float) -> float:
    """A direction (radians, counter-clockwise from grid east) as an azimuth (degrees clockwise from grid north)."""
    return (90.0 - math.degrees(theta)) % 360.0


# ----------------------------------------------------------------------------- 1. water views


@dataclass(frozen=True)
class _Sweep:
    """The directions around a viewpoint cut at every direction where what is seen may change.

    ``lo``, ``hi``: each interval's bounds (radians relative to ``ref``); ``water``:
    whether the sight line reaches the water there; ``seen``: per target, whether
    it meets the target before any obstacle and within the radius.
    """

    ref: float
    lo: np.ndarray
    hi: np.ndarray
    water: np.ndarray
    seen: dict[str, np.ndarray]

    @property
    def width(self) -> np.ndarray:
        return self.hi - self.lo

    def degrees(self, mask: np.ndarray) -> float:
        return float(np.degrees(self.width[mask].sum()))

    def runs(self, mask: np.ndarray) -> list[tuple[float, float]]:
        """Contiguous runs of ``mask`` as (lo, hi) relative radians; a run across -pi/pi is joined."""
        runs: list[list[float]] = []
        for lo, hi, on in zip(self.lo, self.hi, mask):
            if not on:
                continue
            if runs and abs(runs[-1][1] - lo) < 1e-12:
                runs[-1][1] = hi
            else:
                runs.append([lo, hi])
        if len(runs) > 1 and runs[0][0] <= -math.pi + 1e-12 and runs[-1][1] >= math.pi - 1e-12:
            first = runs.pop(0)
            runs[-1][1] = first[1] + 2 * math.pi
        return [(a, b) for a, b in runs]

    def azimuths(self, mask: np.ndarray) -> list[list[float]]:
        """Runs of ``mask`` as [from, to] azimuths, clockwise from ``from``."""
        return [[_azimuth(self.ref + b), _azimuth(self.ref + a)] for a, b in self.runs(mask)]


def _wrap(a: np.ndarray) -> np.ndarray:
    return (np.asarray(a) + math.pi) % (2 * math.pi) - math.pi


def sweep(point, radius: float, *, shore: BaseGeometry, obstacles: BaseGeometry | None = None,
          targets: dict[str, BaseGeometry] | None = None, ref: float = 0.0, half_angle: float | None = None,
          on_water: bool = False) -> _Sweep:
    """What a viewpoint sees in every direction, exactly (working-CRS units, radians).

    Parameters
    ----------
    point : (x, y)
        The viewpoint, on land.
    radius : float
        How far the view reaches.
    shore : geometry
        The MHW line: a sight line crossing it has reached the water.
    obstacles : geometry, optional
        What blocks the view (building footprints).
    targets : dict of geometry, optional
        What to look for (the proposed dock, the existing docks).
    ref : float
        The direction angles are measured from (radians, counter-clockwise from grid east).
    half_angle : float, optional
        Only directions within this of ``ref`` are seen (a window); all round when None.
    on_water : bool
        The viewpoint stands on the water (every unblocked direction sees water).

    Notes
    -----
    Between two consecutive directions to a vertex of the shore, an obstacle or a
    target, to a crossing of their outlines with one another or with the circle of
    ``radius``, the order in which a sight line meets them does not change; one
    sight line between each pair decides the whole interval. So the sectors are exact
    to the circle's polygon (1/512 of a turn, 2e-5 of the radius).
    """
    targets = targets or {}
    p = np.asarray(point, dtype=float)
    x, y = p
    box = (x - radius * 1.01, y - radius * 1.01, x + radius * 1.01, y + radius * 1.01)
    clip = lambda g: None if g is None else shapely.clip_by_rect(g, *box)  # noqa: E731
    shore_c, obst_c = clip(shore), clip(obstacles)
    targ_c = {k: clip(g) for k, g in targets.items()}
    circle = shapely.buffer(Point(p), radius, quad_segs=128).exterior
    outlines = [g for g in (shore_c, *(shapely.boundary(t) for t in targ_c.values() if not t.is_empty)) if g is not None]
    obst_line = shapely.boundary(obst_c) if obst_c is not None and not obst_c.is_empty else None
    pieces = [shore_c, obst_c, *targ_c.values(), *(shapely.intersection(circle, g) for g in outlines)]
    if obst_line is not None:
        pieces.append(shapely.intersection(circle, obst_line))
        pieces.extend(shapely.intersection(obst_line, g) for g in outlines)
    xy = np.vstack([shapely.get_coordinates(g) for g in pieces if g is not None and not g.is_empty] or [np.empty((0, 2))])
    xy = xy[np.hypot(*(xy - p).T) <= radius * 1.001]
    angles = _wrap(np.arctan2(xy[:, 1] - y, xy[:, 0] - x) - ref) if len(xy) else np.empty(0)
    lo_lim, hi_lim = (-half_angle, half_angle) if half_angle is not None else (-math.pi, math.pi)
    cuts = np.unique(np.concatenate([[lo_lim, hi_lim], angles[(angles > lo_lim) & (angles < hi_lim)]]))
    lo, hi = cuts[:-1], cuts[1:]
    keep = hi - lo > 1e-12
    lo, hi = lo[keep], hi[keep]
    theta = ref + (lo + hi) / 2
    direction = np.column_stack([np.cos(theta), np.sin(theta)])
    rays = shapely.linestrings(np.stack([np.broadcast_to(p, direction.shape), p + direction * radius], axis=1))
    reach = np.full(len(rays), radius)
    if obst_c is not None and not obst_c.is_empty:
        hit = shapely.distance(Point(p), shapely.intersection(rays, obst_c))
        reach = np.where(np.isfinite(hit), np.minimum(hit, radius), radius)
    seen_to = shapely.linestrings(np.stack([np.broadcast_to(p, direction.shape), p + direction * np.maximum(reach, 1e-9)[:, None]], axis=1))
    if on_water:
        water = reach > 0
    else:
        shapely.prepare(shore_c)
        water = shapely.intersects(seen_to, shore_c) & (reach > 0)
    seen = {}
    for name, target in targ_c.items():
        seen[name] = shapely.intersects(seen_to, target) if not target.is_empty else np.zeros(len(rays), dtype=bool)
    return _Sweep(ref, lo, hi, water, seen)


def _facing_edge(footprint: BaseGeometry, shore: BaseGeometry, tiny: float) -> tuple[np.ndarray, np.ndarray]:
    """The middle of the footprint edge facing the water, and that edge's outward normal.

    The edge whose outward normal points most nearly toward the nearest point of the
    MHW line from the edge's middle; ties go to the longer edge.
    """
    polygon = max(shapely.get_parts(footprint), key=shapely.area)
    polygon = shapely.orient_polygons(shapely.simplify(polygon, tiny))  # exterior counter-clockwise
    ring = np.asarray(polygon.exterior.coords)
    a, b = ring[:-1], ring[1:]
    edge = b - a
    length = np.hypot(*edge.T)
    a, edge, length = a[length > tiny], edge[length > tiny], length[length > tiny]
    middle = a + edge / 2
    outward = np.column_stack([edge[:, 1], -edge[:, 0]]) / length[:, None]
    nearest = shapely.get_coordinates(shapely.shortest_line(shapely.points(middle), shore))[1::2]
    toward = nearest - middle
    toward /= np.maximum(np.hypot(*toward.T), 1e-12)[:, None]
    score = np.round((outward * toward).sum(axis=1), 9)
    best = np.lexsort((-length, -score))[0]
    return middle[best], outward[best]


def _component_tops(cx: _Context) -> tuple[list[tuple[str, BaseGeometry, float]], list[str]]:
    """Each dock component with the height of its top above MHW (ft), and the inputs missing for the others."""
    deck = cx.number("deck_height_above_mhw_ft")
    railing = cx.number("railing_height_in")
    float_deck = cx.number("float_deck_above_water_in")
    lift = cx.profile("max_lift_boat_height_above_deck_ft")
    tops, missing = [], []
    for kind, geom in zip(cx.dock.components["component"], cx.dock.components.geometry.values):
        if kind == "float":
            if float_deck is None:
                missing.append("dock.attributes.float_deck_above_water_in")
                continue
            tops.append((kind, geom, float_deck / 12.0))
            continue
        if deck is None:
            missing.append("dock.attributes.deck_height_above_mhw_ft")
            continue
        if kind == "boat_lift":
            tops.append((kind, geom, deck + lift))
        elif kind in DECK:
            tops.append((kind, geom, deck + (railing / 12.0 if railing is not None else 0.0)))
        else:
            tops.append((kind, geom, deck))
    return tops, list(dict.fromkeys(missing))


def _vertical_angle(cx: _Context, p: np.ndarray, eye_ft: float, tops, obstacles, radius: float) -> tuple[float | None, str | None]:
    """The greatest angle (degrees) the dock subtends above the water surface, seen from ``p`` at ``eye_ft`` above MHW."""
    best, where = None, None
    for kind, geom, top_ft in tops:
        xy = _outline_points(geom, cx.units(1.0))
        d = np.hypot(*(xy - p).T)
        xy, d = xy[d <= radius], d[d <= radius]
        if not len(xy):
            continue
        if obstacles is not None and not obstacles.is_empty:
            sight = shapely.linestrings(np.stack([np.broadcast_to(p, xy.shape), xy], axis=1))
            visible = ~shapely.intersects(sight, obstacles)
            xy, d = xy[visible], d[visible]
        if not len(xy):
            continue
        d_ft = np.maximum(d * cx.ft, 1e-6)
        angle = np.degrees(np.arctan2(top_ft - eye_ft, d_ft) + np.arctan2(eye_ft, d_ft))
        k = int(np.argmax(angle))
        if best is None or angle[k] > best:
            best, where = float(angle[k]), kind
    return best, where


def _viewpoints(cx: _Context, buildings: gpd.GeoDataFrame) -> list[dict]:
    """The viewpoints to evaluate: the manifest's, else each dwelling's default one."""
    settings = cx.settings
    geoms = buildings.geometry.values
    lots = cx.lots
    lot_geoms = lots.geometry.values
    out = []
    if settings.viewpoints:
        for k, given in enumerate(settings.viewpoints):
            p = np.asarray(given[:2], dtype=float)
            here = Point(p)
            d = shapely.distance(geoms, here) if len(geoms) else np.empty(0)
            own = int(np.argmin(d)) if len(d) and d.min() <= cx.units(VIEWPOINT_SNAP_FT) else None
            on_lot = np.flatnonzero(shapely.covers(lot_geoms, here)) if len(lot_geoms) else []
            if shapely.covers(cx.site.parcel, here):
                lot = "subject"
            elif len(on_lot):
                lot = int(on_lot[0])
            else:
                lot = int(np.argmin(shapely.distance(lot_geoms, here))) if len(lot_geoms) else None
            out.append({
                "id": f"V{k + 1}", "source": "manifest", "point": p, "own": own, "lot": lot, "normal": None,
                "eye_ft": given[2] if len(given) > 2 else settings.eye_height_ft,
            })
        return out
    reps = shapely.point_on_surface(geoms)
    in_lot, building = shapely.STRtree(reps).query(lot_geoms, predicate="contains")
    candidates = lots["adjoining"].to_numpy() | (lots["to_dock_ft"].to_numpy() <= settings.neighbour_distance_ft)
    tiny = cx.units(0.01)
    for lot in np.flatnonzero(candidates):
        mine = building[in_lot == lot]
        if not len(mine):
            continue
        own = int(max(mine, key=lambda i: shapely.area(geoms[i])))
        middle, normal = _facing_edge(geoms[own], cx.shore, tiny)
        out.append({
            "id": f"V{len(out) + 1}", "source": "default", "point": middle, "own": own, "lot": int(lot),
            "normal": normal, "eye_ft": settings.eye_height_ft,
        })
    return out


def _wedge(p: np.ndarray, ref: float, lo: float, hi: float, radius: float) -> Polygon:
    """The sector from ``p`` between relative angles ``lo`` and ``hi`` out to ``radius`` (a 1-degree arc)."""
    n = max(2, int(math.ceil(math.degrees(hi - lo))) + 1)
    t = ref + np.linspace(lo, hi, n)
    arc = p + radius * np.column_stack([np.cos(t), np.sin(t)])
    return Polygon([p, *arc, p])


def _water_views(cx: _Context) -> Measure:
    settings = cx.settings
    method = METHODS["water_views"].format(
        adjoining=ADJOINING_FT, neighbour=settings.neighbour_distance_ft, snap=VIEWPOINT_SNAP_FT,
        half=WINDOW_HALF_ANGLE_DEG, radius=settings.view_radius_ft, lift=cx.profile("max_lift_boat_height_above_deck_ft"),
    )
    gaps = _Gaps()
    values: dict[str, Any] = {
        "view_radius_ft": settings.view_radius_ft, "neighbour_distance_ft": settings.neighbour_distance_ft,
        "viewpoint_count": None, "viewpoints": [],
    }
    buildings = cx.site.buildings
    if buildings is None:
        gaps.add("layers.buildings (building footprints: the dwellings and what blocks their views)", "viewpoints")
        return gaps.measure("water_views", method, values)
    radius = cx.units(settings.view_radius_ft)
    geoms = buildings.geometry.values
    existing = None
    if cx.site.docks is not None:
        existing = shapely.union_all(cx.site.docks.geometry.values) if not cx.site.docks.empty else Polygon()
    tops, missing_tops = _component_tops(cx)
    lots = cx.lots
    items, drawn = [], []
    for vp in _viewpoints(cx, buildings):
        p = vp["point"]
        others = [g for i, g in enumerate(geoms) if i != vp["own"]]
        obstacles = shapely.union_all(others) if others else None
        targets = {"dock": cx.dock.footprint}
        if existing is not None:
            targets["existing"] = existing
        normal = vp["normal"]
        if normal is not None:
            ref, half = math.atan2(normal[1], normal[0]), math.radians(WINDOW_HALF_ANGLE_DEG)
        else:
            toward = np.asarray(cx.dock.footprint.centroid.coords[0]) - p
            ref, half = math.atan2(toward[1], toward[0]), None
        on_water = bool(cx.riparian.water_side.seaward(p[None, :])[0])
        sw = sweep(p, radius, shore=cx.shore, obstacles=obstacles, targets=targets, ref=ref, half_angle=half, on_water=on_water)
        water = sw.water
        dock = water & sw.seen["dock"]
        view_deg = sw.degrees(water)
        dock_deg = sw.degrees(dock)
        lot = vp["lot"]
        if lot == "subject":
            parcel_id, adjoining, side = cx.site.parcel_id, False, None
        elif lot is None:
            parcel_id = adjoining = side = None
        else:
            parcel_id, adjoining, side = str(lots["parcel_id"].iloc[lot]), bool(lots["adjoining"].iloc[lot]), str(lots["side"].iloc[lot])
        item: dict[str, Any] = {
            "id": vp["id"],
            "parcel_id": parcel_id,
            "adjoining": adjoining,
            "side": side,
            "source": vp["source"],
            "x": float(p[0]), "y": float(p[1]),
            "facing_az_deg": None if normal is None else _azimuth(ref),
            "eye_height_ft": vp["eye_ft"],
            "distance_to_dock_ft": float(shapely.distance(Point(p), cx.dock.footprint)) * cx.ft,
            "water_view_deg": view_deg,
            "water_view_sectors_az_deg": sw.azimuths(water),
            "dock_in_view_deg": dock_deg,
            "dock_sectors_az_deg": sw.azimuths(dock),
            "dock_share_of_view_pct": 100.0 * dock_deg / view_deg if view_deg > 0 else None,
            "existing_docks_in_view_deg": None,
            "dock_share_of_open_view_pct": None,
            "vertical_angle_deg": None,
            "vertical_angle_at": None,
        }
        if "existing" in sw.seen:
            existing_deg = sw.degrees(water & sw.seen["existing"])
            open_deg = view_deg - existing_deg
            item["existing_docks_in_view_deg"] = existing_deg
            item["dock_share_of_open_view_pct"] = 100.0 * sw.degrees(dock & ~sw.seen["existing"]) / open_deg if open_deg > 0 else None
        else:
            gaps.add("layers.docks (the existing docks, for the share of the view they leave open)",
                     "existing_docks_in_view_deg", "dock_share_of_open_view_pct")
        if vp["eye_ft"] is None:
            gaps.add("evidence.eye_height_ft (or a third number of evidence.viewpoints: the eye's height above MHW)", "vertical_angle_deg")
        elif not tops:
            for need in missing_tops:
                gaps.add(need, "vertical_angle_deg")
        else:
            item["vertical_angle_deg"], item["vertical_angle_at"] = _vertical_angle(cx, p, vp["eye_ft"], tops, obstacles, radius)
            if missing_tops:
                item["vertical_angle_leaves_out"] = [f"components whose height needs {need}" for need in missing_tops]
        # far lots count only when they see the dock; adjoining lots and the manifest's viewpoints always
        if vp["source"] == "default" and not item["adjoining"] and dock_deg <= 0:
            continue
        items.append(item)
        drawn.append({
            "id": vp["id"], "point": Point(p), "item": item,
            "water": [_wedge(p, ref, a, b, radius) for a, b in sw.runs(water)],
            "dock": [_wedge(p, ref, a, b, radius) for a, b in sw.runs(dock)],
            "existing": [_wedge(p, ref, a, b, radius) for a, b in sw.runs(water & sw.seen["existing"])] if "existing" in sw.seen else [],
            "building": None if vp["own"] is None else geoms[vp["own"]],
        })
    for i, item in enumerate(items):
        item["id"] = drawn[i]["id"] = f"V{i + 1}"
    values["viewpoint_count"] = len(items)
    values["viewpoints"] = items
    if not cx.settings.viewpoints:
        seen = {it["parcel_id"] for it in items}
        values["adjoining_without_building"] = [str(p) for p in lots.loc[lots["adjoining"], "parcel_id"] if str(p) not in seen]
    shares = [(it["dock_share_of_view_pct"], it["parcel_id"]) for it in items if it["dock_share_of_view_pct"] is not None]
    values["greatest_dock_share_of_view_pct"] = max(shares)[0] if shares else None
    values["greatest_dock_share_parcel_id"] = max(shares)[1] if shares else None
    return gaps.measure("water_views", method, values, {"viewpoints": drawn, "radius": radius, "dock": cx.dock.footprint})


# ----------------------------------------------------------------------------- 2. pier-head line


def _dock_names(cx: _Context) -> np.ndarray:
    return _ids(cx.site.docks, cx.site.manifest.docks_id_field)


def _pierhead(cx: _Context) -> Measure:
    settings = cx.settings
    method = METHODS["pierhead_line"].format(distance=settings.pierhead_distance_ft, tol=SEAWARD_END_TOLERANCE_FT)
    gaps = _Gaps()
    proposed_end, proposed_reach = _seaward_end(cx, cx.dock.footprint)
    values: dict[str, Any] = {
        "pierhead_distance_ft": settings.pierhead_distance_ft,
        "offset_ft": None, "basis": None, "left_dock": None, "right_dock": None,
        "reach_beyond_neighbours_ft": None, "neighbours_reach_here_ft": None,
        "shore_dock_count": None, "median_reach_ft": None, "greatest_reach_ft": None,
        "proposed_reach_ft": proposed_reach * cx.ft, "overall_reach_ft": cx.m.overall_reach_ft,
        "docks": [],
    }
    geometry: dict[str, Any] = {"proposed_end": Point(proposed_end)}
    docks = cx.site.docks
    if docks is None:
        gaps.add("layers.docks (the existing docks along the shore)", "offset_ft", "shore_dock_count", "median_reach_ft", "greatest_reach_ft")
        return gaps.measure("pierhead_line", method, values, geometry)
    names = _dock_names(cx) if not docks.empty else np.empty(0, dtype=str)
    own = set(cx.m.frontage_docks or ())
    rip = cx.riparian
    chord = unit(np.asarray(rip.right_corner.coords[0]) - np.asarray(rip.left_corner.coords[0]))
    start = Point(cx.crossing)
    limit = cx.units(settings.pierhead_distance_ft)
    geoms = docks.geometry.values
    roots = dock_roots(geoms, cx.shore) if len(geoms) else np.empty(0, dtype=object)
    found = []
    for k in range(len(geoms)):
        if names[k] in own or shapely.distance(roots[k], start) > limit:
            continue
        path = network_path(cx.shore, start, roots[k])
        if path is None or path.length > limit:
            continue
        xy = np.asarray(path.coords)
        steps = np.diff(xy, axis=0)
        moving = steps[np.hypot(*steps.T) > 0]
        side = "left" if len(moving) and unit(moving[0]) @ chord < 0 else "right"
        end, reach = _seaward_end(cx, geoms[k])
        found.append({"id": str(names[k]), "side": side, "along_shore_ft": path.length * cx.ft, "reach_ft": reach * cx.ft,
                      "end": end, "geometry": geoms[k]})
    values["docks"] = [{k: v for k, v in d.items() if k not in ("end", "geometry")} for d in sorted(found, key=lambda d: d["along_shore_ft"])]
    values["shore_dock_count"] = len(found)
    if found:
        reaches = [d["reach_ft"] for d in found]
        values["median_reach_ft"] = statistics.median(reaches)
        values["greatest_reach_ft"] = max(reaches)
    nearest = {}
    for side in ("left", "right"):
        on_side = [d for d in found if d["side"] == side]
        if on_side:
            nearest[side] = min(on_side, key=lambda d: d["along_shore_ft"])
            values[f"{side}_dock"] = nearest[side]["id"]
    geometry["shore_docks"] = found
    if not nearest:
        values["basis"] = f"no existing dock within {settings.pierhead_distance_ft:,.0f} ft along this shore"
        return gaps.measure("pierhead_line", method, values, geometry)
    if len(nearest) == 2:
        a, b = nearest["left"]["end"], nearest["right"]["end"]
        direction = unit(b - a)
        values["basis"] = "the nearest docks on both sides"
        line = LineString([a, b])
    else:
        side, only = next(iter(nearest.items()))
        a = only["end"]
        direction = chord
        values["basis"] = f"one dock ({side} side only), the line parallel to the frontage chord"
        reach_to = (proposed_end - a) @ direction
        span = np.array([min(0.0, reach_to), max(0.0, reach_to)]) + np.array([-1, 1]) * cx.units(50.0)
        line = LineString([a + direction * span[0], a + direction * span[1]])
    if len(nearest) == 2:
        left, right = nearest["left"], nearest["right"]
        weight = left["along_shore_ft"] / (left["along_shore_ft"] + right["along_shore_ft"])
        between = left["reach_ft"] + (right["reach_ft"] - left["reach_ft"]) * weight
    else:
        between = only["reach_ft"]
    values["neighbours_reach_here_ft"] = between
    values["reach_beyond_neighbours_ft"] = proposed_reach * cx.ft - between
    normal = left_of(direction)
    if normal @ rip.seaward < 0:
        normal = -normal
    xy = shapely.get_coordinates(cx.dock.footprint)
    offsets = (xy - a) @ normal
    k = int(np.argmax(offsets))
    values["offset_ft"] = float(offsets[k]) * cx.ft
    geometry["line"] = line
    geometry["offset_point"] = Point(xy[k])
    geometry["offset_line"] = LineString([xy[k], xy[k] - normal * offsets[k]])
    return gaps.measure("pierhead_line", method, values, geometry)


# ----------------------------------------------------------------------------- 3. waterway


def _waterway(cx: _Context) -> Measure:
    method = METHODS["waterway"]
    gaps = _Gaps()
    m = cx.m
    c = cx.crossing
    normal = _shore_normal(cx, c)
    xy = shapely.get_coordinates(cx.dock.footprint)
    end = float(cx.station(xy).max())
    extent = float(((xy - c) @ normal).max())
    s_axis, seen_axis = _first_land(cx, c, cx.axis)
    s_square, seen_square = _first_land(cx, c, normal)
    values: dict[str, Any] = {
        "width_along_axis_ft": None, "width_square_ft": None,
        "dock_length_ft": m.length_ft, "dock_extent_square_ft": extent * cx.ft,
        "dock_share_along_axis_pct": None, "dock_share_square_pct": None,
        "one_third_width_ft": None, "one_third_note": ONE_THIRD_NOTE,
        "clear_width_ft": None, "clear_width_to": None, "clear_width_along_axis_ft": None,
        "channel_distance_ft": None, "wider_than_ft": None,
    }
    geometry: dict[str, Any] = {"crossing": Point(c)}
    if s_axis is None:
        values["wider_than_ft"] = seen_axis * cx.ft
        gaps.add(
            f"layers.mhw reaching the opposite shore (the MHW line as read ends {seen_axis * cx.ft:,.0f} ft out along the "
            "dock's axis with no shore across; the review reads it within 2,000 ft of the lot)",
            "width_along_axis_ft", "dock_share_along_axis_pct", "one_third_width_ft", "clear_width_ft",
        )
    else:
        width = s_axis * cx.ft
        values["width_along_axis_ft"] = width
        values["dock_share_along_axis_pct"] = 100.0 * m.length_ft / width
        values["one_third_width_ft"] = width / 3.0
        far = c + cx.axis * s_axis
        tip = c + cx.axis * end
        clear, to, clear_line = (s_axis - end) * cx.ft, "opposite shore", LineString([tip, far])
        values["clear_width_along_axis_ft"] = clear
        docks = cx.site.docks
        if docks is not None and not docks.empty:
            names = _dock_names(cx)
            roots = dock_roots(docks.geometry.values, cx.shore)
            across = shapely.distance(roots, Point(far)) < shapely.distance(roots, Point(c))
            for k in np.flatnonzero(across):
                d = float(shapely.distance(cx.review.layout.terminus, docks.geometry.values[k])) * cx.ft
                if d < clear:
                    clear, to = d, f"dock {names[k]}"
                    clear_line = shapely.shortest_line(cx.review.layout.terminus, docks.geometry.values[k])
        values["clear_width_ft"], values["clear_width_to"] = clear, to
        geometry["along_axis"] = LineString([c, far])
        geometry["clear"] = clear_line
    if s_square is None:
        need = gaps.needs[0] if s_axis is None else "layers.mhw reaching the opposite shore square to the shore"
        gaps.add(need, "width_square_ft", "dock_share_square_pct")
    else:
        values["width_square_ft"] = s_square * cx.ft
        values["dock_share_square_pct"] = 100.0 * extent / s_square
        geometry["square"] = LineString([c, c + normal * s_square])
    channel = m.channel_clearance_ft
    if channel is None:
        gaps.add("layers.channels (channels, fairways, anchorages)", "channel_distance_ft")
    elif math.isfinite(channel):
        values["channel_distance_ft"] = channel
        if "channel_clearance" in cx.review.layout.dimension_lines:
            geometry["channel"] = cx.review.layout.dimension_lines["channel_clearance"]
    else:
        values["channel_distance_ft"] = None
        values["channel_note"] = "the channels layer holds no channel"
    return gaps.measure("waterway", method, values, geometry)


# ----------------------------------------------------------------------------- 4. foreshore and 7. section


def _span(cx: _Context) -> tuple[float, float]:
    """The section's extent along the axis (units): from landward of the dock and its MHW crossing to past the reach limit."""
    s_dock = cx.station(shapely.get_coordinates(cx.dock.footprint))
    start = min(float(s_dock.min()), 0.0) - cx.units(SECTION_MARGIN_FT)
    stop = max(float(s_dock.max()), cx.units(cx.profile("max_reach_ft"))) + cx.units(SECTION_MARGIN_FT)
    return start, stop


def _profile(cx: _Context) -> tuple[np.ndarray, np.ndarray]:
    """Stations over the section's extent (units) and the depth there, computed once.

    Every :data:`STEP_FT`, and at every crossing of the soundings' triangulation
    edges: the bottom is linear between consecutive stations, so interpolating
    between them is exact.
    """
    if cx._profile is None:
        s0, s1 = _span(cx)
        s = np.concatenate([np.arange(s0, s1, cx.units(STEP_FT)), [s1, 0.0]])
        bathy = cx.bathy
        if bathy is not None:
            hits = shapely.get_coordinates(shapely.intersection(LineString(cx.at([s0, s1])), bathy.edges))
            s = np.concatenate([s, cx.station(hits)])
        s = np.unique(s[(s >= s0) & (s <= s1)])
        depth = bathy.depth_at(cx.at(s)) if bathy is not None else np.full(len(s), np.nan)
        cx._profile = (s, depth)
    return cx._profile


def _stations(cx: _Context, s0: float, s1: float) -> np.ndarray:
    """The profile's stations from ``s0`` to ``s1`` (units), both ends included."""
    s, _ = _profile(cx)
    return np.unique(np.concatenate([[s0, s1], s[(s > s0) & (s < s1)]]))


def _depths(cx: _Context, s: np.ndarray) -> np.ndarray:
    """Depth (ft below MLW) at stations ``s``; NaN where the soundings do not reach."""
    s = np.atleast_1d(np.asarray(s, dtype=float))
    if cx.bathy is None:
        return np.full(len(s), np.nan)
    s_all, d_all = _profile(cx)
    inside = (s >= s_all[0]) & (s <= s_all[-1])
    out = np.full(len(s), np.nan)
    out[inside] = np.interp(s[inside], s_all, d_all)
    if (~inside).any():
        out[~inside] = cx.bathy.depth_at(cx.at(s[~inside]))
    return out


def _mhw_level(cx: _Context) -> tuple[float | None, str]:
    """MHW above MLW (ft): minus the soundings' depth at the MHW crossing; None with the reason when unknown."""
    if cx.bathy is None:
        return None, "no soundings"
    depth = float(_depths(cx, np.array([0.0]))[0])
    if not math.isfinite(depth):
        return None, "the soundings do not reach the MHW crossing"
    if depth >= 0:
        return None, f"the soundings give {depth:.1f} ft below MLW at the MHW line: they do not describe the foreshore"
    return -depth, ""


def _mlw_station(cx: _Context, out_to: float) -> tuple[float | None, str | None]:
    """Station (units) where the axis meets the MLW line, and where that line came from."""
    if cx.site.mlw is not None and not cx.site.mlw.is_empty:
        ray = LineString(cx.at([0.0, out_to]))
        hits = shapely.get_coordinates(shapely.intersection(ray, cx.site.mlw))
        s = cx.station(hits) if len(hits) else np.empty(0)
        s = s[s > 0]
        return (float(s.min()) if s.size else None), "layers.mlw"
    if cx.bathy is None:
        return None, None
    source = "soundings (0-ft depth at MLW)"
    if _mhw_level(cx)[0] is None:
        return None, source  # the soundings do not describe the foreshore: where they reach 0 ft says nothing of it
    s = _stations(cx, 0.0, out_to)
    depth = _depths(cx, s)
    known = np.isfinite(depth)
    deep = np.flatnonzero(known & (depth >= 0))
    if not deep.size or not known[: deep[0]].all():
        return None, source
    k = deep[0]
    d0, d1 = depth[k - 1], depth[k]
    return float(s[k - 1] + (0.0 - d0) / (d1 - d0) * (s[k] - s[k - 1])), source


def _foreshore(cx: _Context) -> Measure:
    method = METHODS["foreshore"].format(under=PASS_UNDER_FT, over=STEP_OVER_FT)
    gaps = _Gaps()
    deck_ft = cx.number("deck_height_above_mhw_ft")
    xy = shapely.get_coordinates(cx.dock.footprint)
    end = float(cx.station(xy).max())
    s_mlw, source = _mlw_station(cx, _span(cx)[1])
    mhw, why = _mhw_level(cx)
    values: dict[str, Any] = {
        "mlw_source": source, "foreshore_along_axis_ft": None, "mhw_elevation_ft": mhw,
        "deck_height_above_mhw_ft": deck_ft, "deck_elevation_ft": None,
        "least_clearance_ft": None, "least_clearance_at_ft": None, "greatest_clearance_ft": None,
        "under_deck_ft": None, "pass_under_length_ft": None, "step_over_length_ft": None, "passage": None,
        "pass_under_rule_ft": PASS_UNDER_FT, "step_over_rule_ft": STEP_OVER_FT, "dock_ends_before_mlw": None,
    }
    geometry: dict[str, Any] = {}
    if source is None:
        gaps.add("layers.mlw or layers.soundings (the mean low-water line)", "foreshore_along_axis_ft", "least_clearance_ft", "passage")
    elif s_mlw is None:
        what = "layers.mlw crossing the dock's axis" if source == "layers.mlw" else (
            "layers.mlw, or layers.soundings describing the foreshore out to the 0-ft depth along the dock's axis")
        gaps.add(what, "foreshore_along_axis_ft", "least_clearance_ft", "passage")
    else:
        values["foreshore_along_axis_ft"] = s_mlw * cx.ft
        values["dock_ends_before_mlw"] = bool(end < s_mlw)
        geometry["crossing"] = LineString(cx.at([0.0, s_mlw]))
    if deck_ft is None:
        gaps.add("dock.attributes.deck_height_above_mhw_ft", "least_clearance_ft", "passage")
    if cx.site.soundings is None:
        gaps.add("layers.soundings (the bottom under the deck)", "least_clearance_ft", "passage")
    elif mhw is None:
        gaps.add(f"layers.soundings covering the MHW line ({why}; the bottom there is the MHW level above MLW)", "mhw_elevation_ft", "least_clearance_ft", "passage")
    if s_mlw is None or deck_ft is None or mhw is None:
        return gaps.measure("foreshore", method, values, geometry)
    deck_elev = mhw + deck_ft
    values["deck_elevation_ft"] = deck_elev
    spans = _projection(cx, [g for k, g in zip(cx.dock.components["component"], cx.dock.components.geometry.values) if k in DECK])
    stations, clearance = [], []
    for a, b in spans:
        lo, hi = max(a, 0.0), min(b, s_mlw)
        if hi <= lo:
            continue
        s = _stations(cx, lo, hi)
        stations.append(s)
        clearance.append(deck_elev + _depths(cx, s))  # deck elevation - bottom elevation (= -depth)
    covered = sum(max(0.0, min(b, s_mlw) - max(a, 0.0)) for a, b in spans)
    values["under_deck_ft"] = covered * cx.ft
    if not stations:
        values["passage"] = "no deck over the foreshore"
        return gaps.measure("foreshore", method, values, geometry)
    s_all = np.concatenate(stations)
    c_all = np.concatenate(clearance)
    if not np.isfinite(c_all).all():
        gaps.add("layers.soundings covering the whole foreshore crossing", "least_clearance_ft", "passage")
        return gaps.measure("foreshore", method, values, geometry)
    k = int(np.argmin(c_all))
    values["least_clearance_ft"] = float(c_all[k])
    values["least_clearance_at_ft"] = float(s_all[k]) * cx.ft
    values["greatest_clearance_ft"] = float(c_all.max())
    under = sum(_length_where(s, c, PASS_UNDER_FT, above=True) for s, c in zip(stations, clearance)) * cx.ft
    over = sum(_length_where(s, c, STEP_OVER_FT, above=False) for s, c in zip(stations, clearance)) * cx.ft
    values["pass_under_length_ft"], values["step_over_length_ft"] = under, over
    values["passage"] = "pass under" if under > 0 else "step over" if over > 0 else "go around"
    if values["dock_ends_before_mlw"]:
        values["passage_note"] = (f"the dock ends {(s_mlw - end) * cx.ft:,.1f} ft short of the MLW line: below its end a "
                                  "walker passes seaward of it")
    geometry["profile"] = list(zip(stations, clearance))
    return gaps.measure("foreshore", method, values, geometry)


def _section(cx: _Context, foreshore: Measure) -> Measure:
    reach_ft = cx.profile("max_reach_ft")
    method = METHODS["section"].format(reach=reach_ft)
    gaps = _Gaps()
    m = cx.m
    comps = list(zip(cx.dock.components["component"], cx.dock.components.geometry.values))
    deck_spans = _projection(cx, [g for k, g in comps if k in DECK])
    float_spans = _projection(cx, [g for k, g in comps if k == "float"])
    lift_spans = _projection(cx, [g for k, g in comps if k == "boat_lift"])
    s_dock = cx.station(shapely.get_coordinates(cx.dock.footprint))
    start, stop = _span(cx)
    s, depth = _profile(cx)
    bottom = -depth
    mhw, why = _mhw_level(cx)
    deck_ft = cx.number("deck_height_above_mhw_ft")
    spacing = cx.number("pile_spacing_ft")
    draft = cx.site.manifest.dock.float_draft_ft
    freeboard_in = cx.number("float_deck_above_water_in")
    piles: list[float] = []
    for a, b in deck_spans:
        if spacing is not None and spacing > 0:
            step = cx.units(spacing)
            count = int(math.floor((b - a) / step + 1e-9))
            here = [a + i * step for i in range(count + 1)]
            if b - here[-1] > cx.units(0.5):
                here.append(b)
            piles.extend(here)
    json_s = np.arange(math.ceil(start * cx.ft / PROFILE_JSON_STEP_FT) * PROFILE_JSON_STEP_FT, stop * cx.ft, PROFILE_JSON_STEP_FT)
    json_bottom = -_depths(cx, cx.units(json_s))
    values: dict[str, Any] = {
        "mhw_elevation_ft": mhw,
        "mhw_note": why or None,
        "mlw_elevation_ft": 0.0,
        "deck_height_above_mhw_ft": deck_ft,
        "deck_elevation_ft": None if mhw is None or deck_ft is None else mhw + deck_ft,
        "deck_from_ft": deck_spans[0][0] * cx.ft if deck_spans else None,
        "deck_to_ft": deck_spans[-1][1] * cx.ft if deck_spans else None,
        "pile_spacing_ft": spacing,
        "pile_count": len(piles) if spacing is not None else None,
        "pile_stations_ft": [p * cx.ft for p in piles] if spacing is not None else None,
        "float_from_ft": float_spans[0][0] * cx.ft if float_spans else None,
        "float_to_ft": float_spans[-1][1] * cx.ft if float_spans else None,
        "float_draft_ft": draft if float_spans else None,
        "float_freeboard_ft": freeboard_in / 12.0 if float_spans and freeboard_in is not None else None,
        "least_depth_under_float_ft": m.min_depth_under_float_ft,
        "water_under_float_at_mlw_ft": (m.min_depth_under_float_ft - draft)
        if float_spans and draft is not None and m.min_depth_under_float_ft is not None else None,
        "nav_reach_ft": m.nav_reach_ft,
        "required_depth_ft": m.required_depth_ft,
        "max_reach_ft": reach_ft,
        "allowed_reach_ft": m.max_allowed_reach_ft,
        "dock_end_ft": float(s_dock.max()) * cx.ft,
        "mlw_at_ft": foreshore.values.get("foreshore_along_axis_ft"),
        "profile_stations_ft": [float(v) for v in json_s],
        "profile_bottom_ft": [None if not math.isfinite(v) else float(v) for v in json_bottom],
    }
    if cx.site.soundings is None:
        gaps.add("layers.soundings (the bottom along the dock's axis)", "profile_bottom_ft", "mhw_elevation_ft")
    elif mhw is None:
        gaps.add(f"layers.soundings covering the MHW line ({why})", "mhw_elevation_ft", "deck_elevation_ft")
    if deck_ft is None:
        gaps.add("dock.attributes.deck_height_above_mhw_ft", "deck_elevation_ft")
    if deck_spans and spacing is None:
        gaps.add("dock.attributes.pile_spacing_ft", "pile_count", "pile_stations_ft")
    if float_spans and draft is None:
        gaps.add("dock.float_draft_ft", "float_draft_ft")
    geometry = {
        "stations": s * cx.ft, "bottom": bottom, "deck_spans": [(a * cx.ft, b * cx.ft) for a, b in deck_spans],
        "float_spans": [(a * cx.ft, b * cx.ft) for a, b in float_spans], "lift_spans": [(a * cx.ft, b * cx.ft) for a, b in lift_spans],
        "piles": [p * cx.ft for p in piles], "axis": LineString(cx.at([start, stop])),
        "pile_points": [Point(q) for q in cx.at(piles)] if piles else [],
    }
    return gaps.measure("section", method, values, geometry)


# ----------------------------------------------------------------------------- 5. the adjoining owners' water


def _waterfront_part(geom: BaseGeometry, shore: BaseGeometry) -> Polygon:
    parts = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon"]
    gaps = shapely.distance(parts, shore)
    nearest = gaps.min()
    return max((p for p, g in zip(parts, gaps) if g <= nearest + 1e-6), key=lambda p: p.area)


def _neighbour_water(cx: _Context) -> Measure:
    reach_ft = cx.profile("max_reach_ft")
    method = METHODS["neighbour_water"].format(adjoining=ADJOINING_FT, reach=reach_ft, near=NEIGHBOUR_WATER_FT)
    gaps = _Gaps()
    lots = cx.lots[cx.lots["adjoining"]]
    values: dict[str, Any] = {"within_ft": NEIGHBOUR_WATER_FT, "lot_count": None, "lots": []}
    if lots.empty:
        gaps.add("layers.parcels (the adjoining lots: the parcels layer holds none touching the lot)", "lots")
        return gaps.measure("neighbour_water", method, values)
    review = cx.site.manifest.review
    footprint = cx.dock.footprint
    near = shapely.buffer(footprint, cx.units(NEIGHBOUR_WATER_FT), quad_segs=64)
    docks = cx.site.docks
    roots = dock_roots(docks.geometry.values, cx.shore) if docks is not None and not docks.empty else None
    names = _dock_names(cx) if roots is not None else None
    items, drawn = [], []
    for parcel_id, side, geom in zip(lots["parcel_id"], lots["side"], lots.geometry.values):
        part = _waterfront_part(geom, cx.site.mhw)
        item: dict[str, Any] = {"parcel_id": str(parcel_id), "side": str(side), "fronts_water": True}
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DockReviewWarning)
                rip = riparian_geometry(
                    part, cx.site.mhw, tolerance=cx.units(review.mhw_tolerance_ft), ft_per_unit=cx.ft,
                    extension=review.extension, direction=review.extension_direction,
                    course_tolerance_ft=review.course_tolerance_ft, chord_ft=review.chord_ft,
                )
        except DockReviewError as exc:
            item.update(fronts_water=False, reason=str(exc))
            items.append(item)
            continue
        water = shapely.intersection(rip.zone, shapely.buffer(rip.frontage, cx.units(reach_ft), quad_segs=32))
        within = shapely.intersection(water, near)
        total = float(shapely.area(water)) * cx.ft**2
        area = float(shapely.area(within)) * cx.ft**2
        lines = shapely.union_all([rip.left_extension, rip.right_extension])
        item.update(
            water_sqft=total,
            within_sqft=area,
            within_pct=100.0 * area / total if total > 0 else None,
            dock_inside_sqft=float(shapely.area(shapely.intersection(footprint, water))) * cx.ft**2,
            to_extension_ft=float(shapely.distance(footprint, lines)) * cx.ft,
            its_docks=None,
            to_its_dock_ft=None,
        )
        its = []
        if docks is None:
            gaps.add("layers.docks (the adjoining lots' docks)", "to_its_dock_ft")
        elif roots is not None:
            on, _ = docks_on_lot([part], [rip.zone], [rip.frontage], roots, cx.units(review.mhw_tolerance_ft))
            its = [int(k) for k in np.sort(on)]
            item["its_docks"] = [str(names[k]) for k in its]
            if its:
                item["to_its_dock_ft"] = float(min(shapely.distance(footprint, docks.geometry.values[k]) for k in its)) * cx.ft
        else:
            item["its_docks"] = []
        items.append(item)
        drawn.append({"parcel_id": str(parcel_id), "side": str(side), "water": water, "within": within, "extensions": lines,
                      "item": item, "dock": shapely.union_all([docks.geometry.values[k] for k in its]) if its else None})
    values["lot_count"] = len(items)
    values["lots"] = items
    return gaps.measure("neighbour_water", method, values, {"lots": drawn, "near": near})


# ----------------------------------------------------------------------------- 6. constructions


def _constructions(cx: _Context) -> Measure:
    method = METHODS["constructions"]
    gaps = _Gaps()
    comps = cx.dock.components
    step = cx.units(STEP_FT)
    items, drawn = [], []
    counts: dict[str, int] = {}
    order = ("landing", "walkway", "ramp", "float", "boat_lift", "pwc_lift", "pile")
    rows = sorted(zip(comps["component"], comps.geometry.values), key=lambda kg: order.index(kg[0]) if kg[0] in order else 99)
    for kind, geom in rows:
        counts[kind] = counts.get(kind, 0) + 1
        signed = _signed_distance(cx, _outline_points(geom, step))
        touches = bool(shapely.intersects(geom, cx.shore))
        nearest = 0.0 if touches or (signed.min() <= 0 <= signed.max()) else float(signed[np.argmin(np.abs(signed))])
        item = {
            "component": kind, "number": counts[kind],
            "nearest_ft": nearest * cx.ft, "farthest_ft": float(signed.max()) * cx.ft,
            "area_sqft": float(shapely.area(geom)) * cx.ft**2,
        }
        items.append(item)
        drawn.append({"geometry": geom, "item": item})
    lighting = cx.attributes.get("lighting_height_in")
    if lighting is not None and lighting is not False:
        items.append({"component": "lights", "number": None, "nearest_ft": None, "farthest_ft": None, "area_sqft": None})
        gaps.add("the lights' positions (the dock footprint has no light component; lighting_height_in gives their height only)", "lights")
    deck = cx.dock.of(*DECK)
    floats = cx.dock.of("float")
    side = cx.riparian.water_side
    over_water = lambda g: side.seaward_part(g, cx.shore) if not g.is_empty else g  # noqa: E731
    shade_deck, shade_float = over_water(deck), over_water(floats)
    values: dict[str, Any] = {
        "components": items,
        "deck_on_vegetation_sqft": None, "float_on_vegetation_sqft": None,
        "shaded_by_deck_sqft": float(shapely.area(shade_deck)) * cx.ft**2,
        "shaded_by_floats_sqft": float(shapely.area(shade_float)) * cx.ft**2,
        "shaded_water_sqft": float(shapely.area(shapely.union(shade_deck, shade_float))) * cx.ft**2,
    }
    geometry: dict[str, Any] = {"components": drawn, "shade": shapely.union(shade_deck, shade_float)}
    vegetation = cx.site.vegetation
    if vegetation is None:
        gaps.add("layers.vegetation (tidal, intertidal or subtidal vegetation)", "deck_on_vegetation_sqft", "float_on_vegetation_sqft")
    else:
        cover = shapely.union_all(vegetation.geometry.values) if not vegetation.empty else Polygon()
        values["deck_on_vegetation_sqft"] = float(shapely.area(shapely.intersection(deck, cover))) * cx.ft**2
        values["float_on_vegetation_sqft"] = float(shapely.area(shapely.intersection(floats, cover))) * cx.ft**2
        geometry["on_vegetation"] = shapely.intersection(shapely.union(deck, floats), cover)
    return gaps.measure("constructions", method, values, geometry)


# ----------------------------------------------------------------------------- entry points


def gather(review) -> Evidence:
    """Measure the Board evidence of a review (Docks H; Art. VIII, waivers).

    Parameters
    ----------
    review : Review
        From :func:`dockreview.review`; its site, layout and measurements are read,
        nothing else (no file).

    Returns
    -------
    Evidence
        The seven measures; ``Evidence.to_dict()`` is the JSON's ``evidence`` key.

    Notes
    -----
    Docks H: "No dock shall be permitted if, in the judgment of the Board of
    Trustees, it would unreasonably impede, obstruct, or interfere with navigation,
    the rights of adjoining property owners, the public use of or passage along the
    foreshore or the waterway, or significantly damage the environment." The waiver
    clause names "the distance from the shoreline to the various constructions on the
    dock ... and how the proposed dock would affect the water views of the
    neighboring properties". The figures inform that judgment; they decide nothing.
    """
    cx = _context(review)
    foreshore = _foreshore(cx)
    settings = review.site.manifest.evidence
    return Evidence(
        water_views=_water_views(cx),
        pierhead_line=_pierhead(cx),
        waterway=_waterway(cx),
        foreshore=foreshore,
        neighbour_water=_neighbour_water(cx),
        constructions=_constructions(cx),
        section=_section(cx, foreshore),
        settings={
            "view_radius_ft": settings.view_radius_ft,
            "neighbour_distance_ft": settings.neighbour_distance_ft,
            "pierhead_distance_ft": settings.pierhead_distance_ft,
            "eye_height_ft": settings.eye_height_ft,
            "viewpoints": [list(v) for v in settings.viewpoints],
        },
        crs=review.site.crs,
        ft_per_unit=review.site.ft_per_unit,
    )


def _frame(rows: list[dict], crs) -> gpd.GeoDataFrame:
    return gpd.GeoDataFrame(rows, geometry="geometry", crs=crs)


def _json_text(value) -> str | None:
    """A list figure as compact text for an attribute table."""
    if value is None:
        return None
    return "; ".join(f"{a:.1f}-{b:.1f}" for a, b in value) if value and isinstance(value[0], (list, tuple)) else str(value)


def layers(evidence: Evidence) -> dict[str, gpd.GeoDataFrame]:
    """The evidence as GIS layers in the working CRS, for the GeoPackage.

    Layers (each only when it has features): ``evidence_viewpoints`` (points, the
    figures of each viewpoint), ``evidence_view_sectors`` (wedges out to the view
    radius: ``kind`` "water view", "proposed dock" or "existing docks"),
    ``evidence_pierhead_line`` (with ``offset_ft``), ``evidence_shore_docks`` (the
    seaward ends of the docks along the shore, with ``reach_ft``),
    ``evidence_waterway_width`` (``kind`` "along axis", "square to shore", "clear
    width", "channel"), ``evidence_foreshore_crossing``, ``evidence_neighbour_water``
    (each adjoining lot's water within 50 ft of the dock), ``evidence_constructions``
    (each component with its distances from the MHW line) and ``evidence_piles``
    (points at the pile spacing). Every figure in feet, square feet or degrees.

    Parameters
    ----------
    evidence : Evidence
        From :func:`gather`.

    Returns
    -------
    dict of str to GeoDataFrame
        Layer name to its features, in the working CRS; ready for ``to_file(..., layer=name)``.
    """
    crs = evidence.crs
    out: dict[str, list[dict]] = {name: [] for name in (
        "evidence_viewpoints", "evidence_view_sectors", "evidence_pierhead_line", "evidence_shore_docks",
        "evidence_waterway_width", "evidence_foreshore_crossing", "evidence_neighbour_water", "evidence_constructions",
        "evidence_piles",
    )}
    for vp in evidence.water_views.geometry.get("viewpoints", []):
        item = vp["item"]
        row = {k: v for k, v in item.items() if not isinstance(v, list)}
        row["water_view_sectors_az_deg"] = _json_text(item["water_view_sectors_az_deg"])
        row["dock_sectors_az_deg"] = _json_text(item["dock_sectors_az_deg"])
        out["evidence_viewpoints"].append({**row, "geometry": vp["point"]})
        for kind, key in (("water view", "water"), ("proposed dock", "dock"), ("existing docks", "existing")):
            for wedge in vp[key]:
                out["evidence_view_sectors"].append({"viewpoint": item["id"], "parcel_id": item["parcel_id"], "kind": kind, "geometry": wedge})
    ph = evidence.pierhead_line
    if "line" in ph.geometry:
        out["evidence_pierhead_line"].append({
            "offset_ft": ph.values["offset_ft"], "basis": ph.values["basis"], "left_dock": ph.values["left_dock"],
            "right_dock": ph.values["right_dock"], "geometry": ph.geometry["line"],
        })
    for dock in ph.geometry.get("shore_docks", []):
        out["evidence_shore_docks"].append({
            "dock": dock["id"], "side": dock["side"], "along_shore_ft": dock["along_shore_ft"], "reach_ft": dock["reach_ft"],
            "geometry": Point(dock["end"]),
        })
    ww = evidence.waterway
    for kind, key, figure in (("along axis", "along_axis", "width_along_axis_ft"), ("square to shore", "square", "width_square_ft"),
                              ("clear width", "clear", "clear_width_ft"), ("channel", "channel", "channel_distance_ft")):
        if key in ww.geometry:
            out["evidence_waterway_width"].append({"kind": kind, "length_ft": ww.values[figure], "geometry": ww.geometry[key]})
    fs = evidence.foreshore
    if "crossing" in fs.geometry:
        out["evidence_foreshore_crossing"].append({
            "length_ft": fs.values["foreshore_along_axis_ft"], "mlw_source": fs.values["mlw_source"],
            "least_clearance_ft": fs.values["least_clearance_ft"], "passage": fs.values["passage"], "geometry": fs.geometry["crossing"],
        })
    for lot in evidence.neighbour_water.geometry.get("lots", []):
        item = lot["item"]
        if lot["within"].is_empty:
            continue
        row = {k: v for k, v in item.items() if k not in ("its_docks", "reason")}
        row["its_docks"] = ", ".join(item["its_docks"]) if item.get("its_docks") else None
        out["evidence_neighbour_water"].append({**row, "geometry": lot["within"]})
    for comp in evidence.constructions.geometry.get("components", []):
        out["evidence_constructions"].append({**comp["item"], "geometry": comp["geometry"]})
    for k, (point, station) in enumerate(zip(evidence.section.geometry.get("pile_points", []), evidence.section.geometry.get("piles", []))):
        out["evidence_piles"].append({"pile": k + 1, "station_ft": station, "geometry": point})
    return {name: _frame(rows, crs) for name, rows in out.items() if rows}


# ----------------------------------------------------------------------------- report rows


def _q(value, unit: str = "ft", decimals: int = 1) -> str:
    if value is None:
        return "not measured"
    return f"{value:,.{decimals}f} {unit}".strip()


def _needs_text(measure: Measure) -> str:
    return "needs data: " + "; ".join(measure.needs)


def report_rows(evidence: Evidence) -> list[tuple[str, str, str]]:
    """The evidence as the report's rows: (label, value text, method).

    One or more rows per measure, in :data:`MEASURES` order; a measure short of data
    has a last row saying what would supply it. The method is given on each
    measure's first row and left blank on the rows after it.

    Parameters
    ----------
    evidence : Evidence
        From :func:`gather`.

    Returns
    -------
    list of (str, str, str)
        ``(label, value text, method)``; labels start with the measure's title
        ("The pier-head line: offset"), values give their units.
    """
    rows: list[tuple[str, str, str]] = []

    def add(measure: Measure, label: str, text: str) -> None:
        first = not any(r[0].startswith(measure.title) for r in rows)
        rows.append((f"{measure.title}: {label}" if label else measure.title, text, measure.method if first else ""))

    wv = evidence.water_views
    for vp in wv.values["viewpoints"]:
        where = "adjoining, " + vp["side"] if vp["adjoining"] else (vp["side"] or "")
        parts = [f"water view {_q(vp['water_view_deg'], 'deg')}", f"the dock {_q(vp['dock_in_view_deg'], 'deg')}"]
        if vp["dock_share_of_view_pct"] is not None:
            parts[-1] += f" ({vp['dock_share_of_view_pct']:.1f} % of the view"
            if vp["dock_share_of_open_view_pct"] is not None:
                parts[-1] += f"; {vp['dock_share_of_open_view_pct']:.1f} % of the view the existing docks leave open"
            parts[-1] += ")"
        if vp["vertical_angle_deg"] is not None:
            parts.append(f"rising {vp['vertical_angle_deg']:.2f} deg above the water ({vp['vertical_angle_at']})")
        parts.append(f"{_q(vp['distance_to_dock_ft'])} from the dock")
        add(wv, f"parcel {vp['parcel_id']} ({where}) {vp['id']}", "; ".join(parts))
    if not wv.values["viewpoints"] and wv.measured:
        add(wv, "", "no dwelling in scope sees the dock")
    ph = evidence.pierhead_line
    v = ph.values
    if v["offset_ft"] is not None:
        where = "seaward of" if v["offset_ft"] > 0 else "landward of"
        add(ph, "offset", f"the proposed dock reaches {abs(v['offset_ft']):,.1f} ft {where} the line ({v['basis']})")
        beyond = v["reach_beyond_neighbours_ft"]
        add(ph, "reach along the shore", f"{abs(beyond):,.1f} ft {'more' if beyond >= 0 else 'less'} than the "
            f"{v['neighbours_reach_here_ft']:,.1f} ft the nearest docks reach here, interpolated along the shore")
    elif v["basis"]:
        add(ph, "offset", v["basis"])
    if v["shore_dock_count"] is not None:
        text = f"{v['shore_dock_count']} existing docks within {v['pierhead_distance_ft']:,.0f} ft along this shore"
        if v["shore_dock_count"]:
            text += f": median reach {_q(v['median_reach_ft'])}, greatest {_q(v['greatest_reach_ft'])}"
        add(ph, "the shore's docks", f"{text}; the proposed dock {_q(v['proposed_reach_ft'])} from the MHW line")
    ww = evidence.waterway
    v = ww.values
    if v["width_along_axis_ft"] is not None:
        add(ww, "width along the dock's axis", f"{_q(v['width_along_axis_ft'])}; the dock {_q(v['dock_length_ft'])}, "
            f"{v['dock_share_along_axis_pct']:.1f} % of it (one third: {_q(v['one_third_width_ft'])}; {ONE_THIRD_NOTE})")
    if v["width_square_ft"] is not None:
        add(ww, "width square to the shore", f"{_q(v['width_square_ft'])}; the dock {_q(v['dock_extent_square_ft'])}, {v['dock_share_square_pct']:.1f} %")
    if v["clear_width_ft"] is not None:
        add(ww, "clear width left", f"{_q(v['clear_width_ft'])} to the {v['clear_width_to']}")
    if v["channel_distance_ft"] is not None:
        add(ww, "to the nearest channel", _q(v["channel_distance_ft"]))
    fs = evidence.foreshore
    v = fs.values
    if v["foreshore_along_axis_ft"] is not None:
        add(fs, "foreshore crossed", f"{_q(v['foreshore_along_axis_ft'])} from MHW to MLW ({v['mlw_source']})")
    if v["passage"] is not None and v["least_clearance_ft"] is not None:
        add(fs, "headroom under the deck", f"least {_q(v['least_clearance_ft'])} ({_q(v['least_clearance_at_ft'])} from MHW), greatest "
            f"{_q(v['greatest_clearance_ft'])}; at least {PASS_UNDER_FT:g} ft over {_q(v['pass_under_length_ft'])}, at most "
            f"{STEP_OVER_FT:g} ft over {_q(v['step_over_length_ft'])}: a walker must {v['passage']}")
    elif v["passage"] is not None:
        add(fs, "headroom under the deck", v["passage"])
    nw = evidence.neighbour_water
    for lot in nw.values["lots"]:
        if not lot["fronts_water"]:
            add(nw, f"parcel {lot['parcel_id']} ({lot['side']})", "does not front the MHW line")
            continue
        text = (f"{_q(lot['within_sqft'], 'sq ft', 0)} of its {_q(lot['water_sqft'], 'sq ft', 0)} of water within "
                f"{NEIGHBOUR_WATER_FT:g} ft of the dock ({lot['within_pct']:.1f} %); {_q(lot['to_extension_ft'])} to its side-line extensions")
        if lot["dock_inside_sqft"]:
            text += f"; the dock covers {_q(lot['dock_inside_sqft'], 'sq ft', 0)} of it"
        if lot["to_its_dock_ft"] is not None:
            text += f"; {_q(lot['to_its_dock_ft'])} to its dock"
        elif lot["its_docks"] == []:
            text += "; it has no dock"
        add(nw, f"parcel {lot['parcel_id']} ({lot['side']})", text)
    cs = evidence.constructions
    v = cs.values
    for item in v["components"]:
        if item["nearest_ft"] is None:
            continue
        label = item["component"].replace("_", " ") + (f" {item['number']}" if item["number"] and item["number"] > 1 else "")
        add(cs, label, f"{_q(item['nearest_ft'])} to {_q(item['farthest_ft'])} from the MHW line")
    if v["deck_on_vegetation_sqft"] is not None:
        add(cs, "over vegetation", f"deck {_q(v['deck_on_vegetation_sqft'], 'sq ft', 0)}, floats {_q(v['float_on_vegetation_sqft'], 'sq ft', 0)}")
    add(cs, "water shaded", f"{_q(v['shaded_water_sqft'], 'sq ft', 0)} (deck {_q(v['shaded_by_deck_sqft'], 'sq ft', 0)}, floats {_q(v['shaded_by_floats_sqft'], 'sq ft', 0)})")
    sc = evidence.section
    v = sc.values
    parts = []
    if v["mhw_elevation_ft"] is not None:
        parts.append(f"MHW {v['mhw_elevation_ft']:.1f} ft above MLW")
    if v["deck_elevation_ft"] is not None:
        parts.append(f"deck {v['deck_elevation_ft']:.1f} ft above MLW ({v['deck_height_above_mhw_ft']:.1f} ft above MHW)")
    elif v["deck_height_above_mhw_ft"] is not None:
        parts.append(f"deck {v['deck_height_above_mhw_ft']:.1f} ft above MHW")
    if v["pile_count"] is not None:
        parts.append(f"{v['pile_count']} pile bents at {v['pile_spacing_ft']:g} ft")
    if v["nav_reach_ft"] is not None:
        parts.append(f"navigable depth {_q(v['required_depth_ft'])} at {_q(v['nav_reach_ft'])} from MHW")
    parts.append(f"dock ends {_q(v['dock_end_ft'])} along its axis; limit {_q(v['max_reach_ft'])}")
    add(sc, "", "; ".join(parts))
    for measure in evidence.measures:
        if measure.needs:
            add(measure, "missing", _needs_text(measure))
    return rows
