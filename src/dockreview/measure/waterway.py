"""The waterway's width by each method in use, from each reference line, and the dock's protrusion from a bulkhead.

Laws limit a dock to a share of the waterway's width (Levy County, FL §50-687(1)f:
25 %; Austin, TX §25-2-1176(A)(2): 20 %), ask for navigable width left, forbid docks
on water narrower than a width, or size a dock by the creek's width (South Carolina
R.30-12). They measure the width differently; every method is measured here once,
in feet, on a straight section (:mod:`dockreview.geometry.sections`):

``along-axis``
    along the dock's axis, the stretch around its seaward end;
``perpendicular-to-shore``
    square to the lot's shore (the frontage chord) through the dock's MHW crossing;
``perpendicular-to-centerline``
    square to the ``centerline`` layer, through its point nearest the dock's MHW
    crossing, the stretch around the centreline;
``average-along-frontage``
    the mean of the sections square to the lot's shore at stations every
    :data:`AVERAGE_SPACING_FT` along the frontage;
``narrowest-along-span``
    the least of the sections square to the lot's shore at stations every
    :data:`SPAN_SPACING_FT` across the dock's span along the shore (the width "at
    any point of construction").

Each section is bounded by the nearest crossings of the reference lines on either
side: ``mhw`` (the MHW line, both banks), ``bulkhead`` (the bulkhead layer) or
``vegetation`` (the edges of the vegetation layer's marsh, and the MHW line where a
bank has none) or ``mlw`` (the MLW line: its layer, or the soundings' contour,
:func:`dockreview.measure.datums.datum_line`). A width the data cannot give -- no such layer, or a section that
leaves the lines before reaching across -- is None, with what to supply in
``missing``; never 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import LineString
from shapely.geometry.base import BaseGeometry

from dockreview.geometry.dock import Dock
from dockreview.geometry.riparian import Riparian, left_of
from dockreview.geometry.sections import crossings, gap_around, tangent_at
from dockreview.inputs.site import Site
from dockreview.measure.datums import datum_line
from dockreview.measure.distances import farthest

#: The width methods, by the names profiles use, and the token of their measurement's field.
METHODS = {
    "along-axis": "along_axis",
    "perpendicular-to-shore": "square_to_shore",
    "perpendicular-to-centerline": "square_to_centerline",
    "average-along-frontage": "average",
    "narrowest-along-span": "narrowest",
}
#: The reference lines a width is measured between (``most-restrictive`` takes the narrowest of those given).
REFERENCES = ("mhw", "bulkhead", "vegetation", "mlw")
#: Stations of the average width are about this far apart along the frontage (ft), at least 11 and at most 201.
AVERAGE_SPACING_FT = 5.0
STATIONS = (11, 201)
#: Stations of the narrowest width are about this far apart across the dock's span (ft), at least 3 and at most 201.
SPAN_SPACING_FT = 1.0
SPAN_STATIONS = (3, 201)
#: A probe this close to the shore (ft) when the dock reaches no farther out.
PROBE_FT = 1.0

_LAYER = {
    "bulkhead": "layers.bulkhead (bulkheads and seawalls, lines)",
    "vegetation": "layers.vegetation (the marsh vegetation, polygons)",
    "mlw": "layers.mlw (the MLW line of both banks), or soundings to draw it",
}


def width_field(method: str, reference: str = "mhw") -> str:
    """The Measurements field of the waterway's width by ``method`` from ``reference``.

    Examples
    --------
    >>> width_field("perpendicular-to-centerline"), width_field("along-axis", "bulkhead")
    ('width_square_to_centerline_ft', 'bulkhead_width_along_axis_ft')
    """
    stem = f"width_{METHODS[method]}_ft"
    return stem if reference == "mhw" else f"{reference}_{stem}"


@dataclass
class Widths:
    """Every width (ft, None when unknown), the section measured for each, and what a missing one needs."""

    values: dict[str, float | None] = field(default_factory=dict)
    lines: dict[str, LineString] = field(default_factory=dict)
    missing: dict[str, tuple[str, str]] = field(default_factory=dict)  # figure -> (the input to supply, why)


def barriers(site: Site, riparian: Riparian) -> dict[str, BaseGeometry | None]:
    """The lines each reference bounds a section by (None when its layer is not given)."""
    out: dict[str, BaseGeometry | None] = {"mhw": riparian.mhw, "bulkhead": site.bulkhead, "vegetation": None}
    out["mlw"] = datum_line(site, "mlw")[0]
    vegetation = site.vegetation
    if vegetation is not None:
        edges = shapely.boundary(vegetation.geometry.values) if not vegetation.empty else []
        out["vegetation"] = shapely.union_all([*edges, riparian.mhw])
    return out


def _far(site: Site, riparian: Riparian, dock: Dock) -> float:
    x0, y0, x1, y1 = shapely.bounds(shapely.union_all([riparian.mhw, dock.footprint, site.parcel]))
    return 2.0 * math.hypot(x1 - x0, y1 - y0) + 1.0


def waterway_widths(site: Site, riparian: Riparian, dock: Dock, crossing: float, end: float) -> Widths:
    """The waterway's width by every method from every reference line, in feet.

    ``crossing`` and ``end`` are the dock's MHW crossing and seaward end along its
    axis (units from ``dock.origin``, :func:`dockreview.measure.distances.axis_length`).
    """
    ft = site.ft_per_unit
    far = _far(site, riparian, dock)
    root = dock.origin + dock.axis * crossing
    normal = np.asarray(riparian.seaward, dtype=float)
    xy = shapely.get_coordinates(dock.footprint)
    out_along_normal = max(float(((xy - root) @ normal).max()), PROBE_FT / ft)
    frontage = shapely.line_merge(riparian.frontage)
    count = int(np.clip(math.ceil(frontage.length * ft / AVERAGE_SPACING_FT), *STATIONS))
    stations = shapely.get_coordinates(shapely.line_interpolate_point(frontage, (np.arange(count) + 0.5) / count, normalized=True))
    span = span_stations(xy, root, normal, ft)
    centre = None
    if site.centerline is not None:
        centre = tangent_at(site.centerline, root)

    sections: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray] | None] = {
        "along-axis": (root[None, :], dock.axis, np.array([end - crossing])),
        "perpendicular-to-shore": (root[None, :], normal, np.array([out_along_normal])),
        "perpendicular-to-centerline": None if centre is None else (centre[0][None, :], left_of(centre[1]), np.array([0.0])),
        "average-along-frontage": (stations, normal, np.full(count, out_along_normal)),
        "narrowest-along-span": (span, normal, np.full(len(span), out_along_normal)),
    }
    widths = Widths()
    for reference, barrier in barriers(site, riparian).items():
        for method, section in sections.items():
            key = width_field(method, reference)
            widths.values[key] = None
            if barrier is None:
                widths.missing[key] = (f"layers.{reference}", f"give {_LAYER[reference]}")
                continue
            if section is None:
                widths.missing[key] = ("layers.centerline", "give layers.centerline (the waterway's centreline or channel thread, lines)")
                continue
            origins, direction, probes = section
            gaps = [gap_around(t, p) for t, p in zip(crossings(origins, direction, barrier, far), probes)]
            if any(g is None for g in gaps):
                lines = "MHW line" if reference == "mhw" else f"{reference} layer"
                widths.missing[key] = (
                    f"layers.{reference} reaching the opposite shore",
                    f"the {lines} does not reach across the water {method.replace('-', ' ')}: extend it to the opposite shore",
                )
                continue
            spans = np.array([hi - lo for lo, hi in gaps])
            narrowest = method == "narrowest-along-span"
            widths.values[key] = float(spans.min() if narrowest else spans.mean()) * ft
            k = int(np.argmin(spans if narrowest else np.abs(spans - spans.mean())))
            lo, hi = gaps[k]
            widths.lines[key] = LineString([origins[k] + direction * lo, origins[k] + direction * hi])
    return widths


def span_stations(xy: np.ndarray, root: np.ndarray, normal: np.ndarray, ft: float) -> np.ndarray:
    """Stations (working CRS) on the line along the shore through ``root``, across the span of the points ``xy``.

    The span is the stretch of that line the points project onto square to it (``normal``
    is the seaward unit normal); the stations are about :data:`SPAN_SPACING_FT` apart
    (``ft`` feet per unit), its ends included.

    Examples
    --------
    >>> span_stations(np.array([[-2.0, 5.0], [3.0, 40.0]]), np.zeros(2), np.array([0.0, 1.0]), 1.0)[:, 0].tolist()
    [-2.0, -1.0, 0.0, 1.0, 2.0, 3.0]
    """
    along = np.array([normal[1], -normal[0]])
    t = (np.asarray(xy, dtype=float) - root) @ along
    lo, hi = float(t.min()), float(t.max())
    count = int(np.clip(math.ceil((hi - lo) * ft / SPAN_SPACING_FT) + 1, *SPAN_STATIONS))
    return root + np.outer(np.linspace(lo, hi, count), along)


def reach_from_parcel(geom: BaseGeometry, parcel: BaseGeometry, step: float) -> float:
    """The greatest distance (units) from the lot's parcel to a point of ``geom``: its protrusion past the property line.

    The property line a dock protrudes past is the parcel's boundary where the dock
    leaves it; a dock wholly on (or over) the parcel protrudes 0.

    Examples
    --------
    >>> reach_from_parcel(shapely.box(-2, -5, 2, 30), shapely.box(-50, -100, 50, -5), 0.5)
    35.0
    """
    points = shapely.points(shapely.get_coordinates(shapely.segmentize(shapely.boundary(geom), step)))
    return float(shapely.distance(points, parcel).max())


def lot_bulkhead(site: Site, riparian: Riparian, tolerance: float) -> BaseGeometry | None:
    """The bulkhead along the lot: the bulkhead layer within ``tolerance`` (units) of the parcel or its frontage."""
    if site.bulkhead is None:
        return None
    near = shapely.buffer(shapely.union_all([site.parcel, riparian.frontage]), max(tolerance, 1e-6))
    local = shapely.intersection(site.bulkhead, near)
    return None if local.is_empty or shapely.length(local) == 0 else local


def protrusion_from(geom: BaseGeometry, line: BaseGeometry | None, step: float) -> float | None:
    """The greatest distance (units) from ``line`` to any point of ``geom``; None without the line."""
    if line is None:
        return None
    return farthest(geom, line, step)[0]
