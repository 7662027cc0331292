"""Every measurement the checks need, computed once, in feet.

Geometry is worked in the working CRS's unit and converted to feet here, at the
one place measurements leave the core. The derived geometry (the terminus, the
shortest lines that dimension each distance, the band where the dock may stand)
is kept in a :class:`Layout` so the outputs draw it without recomputing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields

import numpy as np
import shapely
from shapely import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from .dock import FIXED_DOCK, Dock
from .errors import DockError
from .profile import Profile
from .riparian import Riparian, WaterSide
from .site import Site
from .width import max_width

#: Sampling step (ft) along the dock outline when looking for its farthest point.
REACH_STEP_FT = 0.5


@dataclass(frozen=True)
class Measurements(Mapping):
    """The review's measurements; lengths in feet, areas in square feet.

    Read as attributes (``m.frontage_ft``) or as a mapping (``m["frontage_ft"]``).
    A clearance is ``None`` when its layer is not given (infinite when the layer
    is empty); float figures are ``None`` when the dock has no float.
    """

    frontage_ft: float
    frontage_chord_ft: float
    required_setback_ft: float
    setback_left_ft: float
    setback_right_ft: float
    setback_ft: float
    reach_ft: float
    length_ft: float
    channel_clearance_ft: float | None
    dock_clearance_ft: float | None
    max_width_ft: float
    float_area_sqft: float
    float_count: int
    float_seaward_shortfall_ft: float | None
    float_gap_ft: float | None

    def to_dict(self) -> dict[str, float | int | None]:
        """The measurements as a JSON-ready dict (an empty layer's infinite clearance is None)."""
        return {k: (None if isinstance(v, float) and not np.isfinite(v) else v) for k, v in asdict(self).items()}

    def __getitem__(self, key: str) -> float | int | None:
        if key not in self.__dataclass_fields__:
            raise KeyError(key)
        return getattr(self, key)

    def __iter__(self) -> Iterator[str]:
        return (f.name for f in fields(self))

    def __len__(self) -> int:
        return len(fields(self))


@dataclass(frozen=True)
class Layout:
    """Derived geometry for drawing and export, working CRS."""

    riparian: Riparian
    dock: Dock
    seaward_dock: BaseGeometry
    terminus: BaseGeometry
    dimension_lines: dict[str, LineString] = field(default_factory=dict)
    allowed_band: BaseGeometry = field(default_factory=Polygon)
    reach_limit: BaseGeometry = field(default_factory=LineString)


def _outside(line: LineString, *, left: bool, distance: float) -> Polygon:
    """The side of a seaward-running setback line away from the lot."""
    return shapely.buffer(line, distance if left else -distance, single_sided=True)


def _signed_setback(footprint: BaseGeometry, line: LineString, *, left: bool, far: float) -> tuple[float, LineString]:
    """Distance from the dock to a setback line, negative by how far the dock crosses it.

    Returns the distance (units) and the line that dimensions it.
    """
    beyond = shapely.intersection(footprint, _outside(line, left=left, distance=far))
    if shapely.area(beyond) > 1e-9 * max(shapely.area(footprint), 1e-12):
        xy = shapely.get_coordinates(shapely.segmentize(beyond, far / 2000.0))
        points = shapely.points(xy)
        d = shapely.distance(points, line)
        worst = points[int(np.argmax(d))]
        return -float(d.max()), shapely.shortest_line(worst, line)
    return float(shapely.distance(footprint, line)), shapely.shortest_line(footprint, line)


def _farthest(geom: BaseGeometry, target: BaseGeometry, step: float) -> tuple[float, LineString]:
    """The greatest distance from ``target`` to any point of ``geom``, and its line."""
    xy = shapely.get_coordinates(shapely.segmentize(shapely.boundary(geom), step))
    points = shapely.points(xy)
    d = shapely.distance(points, target)
    i = int(np.argmax(d))
    return float(d[i]), shapely.shortest_line(points[i], target)


def _axis_length(dock: Dock, mhw: BaseGeometry, side: WaterSide, far: float) -> float:
    """Length along the axis from the MHW crossing to the dock's seaward end (units)."""
    xy = shapely.get_coordinates(dock.footprint)
    t = (xy - dock.origin) @ dock.axis
    t_end, t_start = float(t.max()), float(t.min())
    axis = LineString([dock.origin + dock.axis * (t_start - far), dock.origin + dock.axis * (t_end + far)])
    hits = shapely.get_coordinates(shapely.intersection(axis, mhw))
    crossings = [(p - dock.origin) @ dock.axis for p in hits]
    crossings = [c for c in crossings if c <= t_end + 1e-9]
    if crossings:
        return t_end - max(crossings)
    return t_end - t_start


def _terminus(seaward: BaseGeometry, frontage: BaseGeometry, reach: float, depth: float) -> BaseGeometry:
    """The part of the dock farther than ``reach - depth`` from the frontage."""
    if reach <= depth:
        return seaward
    return shapely.difference(seaward, shapely.buffer(frontage, reach - depth, quad_segs=32))


def _clearance(terminus: BaseGeometry, layer) -> tuple[float | None, LineString | None]:
    if layer is None:
        return None, None
    if layer.empty:
        return float("inf"), None
    target = shapely.union_all(layer.geometry.values)
    return float(shapely.distance(terminus, target)), shapely.shortest_line(terminus, target)


def _float_position(dock: Dock, frontage: BaseGeometry, step: float, width: float) -> tuple[float | None, float | None]:
    """How far the fixed dock reaches past the floats, and the largest float-to-end gap (units)."""
    floats = dock.floats
    fixed = dock.of(*FIXED_DOCK)
    if not floats:
        return None, None
    if fixed.is_empty:
        return 0.0, 0.0
    fixed_reach, _ = _farthest(fixed, frontage, step)
    end = _terminus(fixed, frontage, fixed_reach, max(width, step))
    float_reach = max(_farthest(f, frontage, step)[0] for f in floats)
    gap = max(float(shapely.distance(f, end)) for f in floats)
    return fixed_reach - float_reach, gap


def water_zone(riparian: Riparian) -> Polygon:
    """The lot's water: seaward of its frontage, between its side-line extensions.

    Converging extensions close the zone where they meet.
    """
    ring = [
        *riparian.left_extension.coords[::-1],
        *shapely.get_coordinates(riparian.frontage),
        *riparian.right_extension.coords,
    ]
    zone = shapely.make_valid(Polygon(ring))
    parts = [p for p in shapely.get_parts(shapely.get_parts(zone)) if p.geom_type == "Polygon"]
    mid = riparian.frontage_midpoint
    probe = shapely.points(np.asarray(mid.coords[0]) + riparian.seaward * 1e-3 * riparian.chord.length)
    inside = [p for p in parts if p.buffer(1e-9).contains(probe)]
    return (inside or sorted(parts, key=lambda p: p.area))[-1] if parts else Polygon()


def _allowed_band(zone: Polygon, riparian: Riparian, setback: float, max_reach: float) -> BaseGeometry:
    """Where the dock may stand: inside both setbacks and within the reach limit (Docks C, D(1))."""
    keep_off = shapely.union_all([riparian.left_line.buffer(setback), riparian.right_line.buffer(setback)])
    within = shapely.buffer(riparian.frontage, max_reach, quad_segs=32)
    return shapely.intersection(shapely.difference(zone, keep_off), within)


def _reach_line(zone: Polygon, riparian: Riparian, max_reach: float) -> BaseGeometry:
    """The locus at ``max_reach`` from the frontage, across the lot's water (Docks D(1))."""
    arc = shapely.buffer(riparian.frontage, max_reach, quad_segs=32).exterior
    return shapely.line_merge(shapely.intersection(arc, zone))


def measure(site: Site, riparian: Riparian, dock: Dock, profile: Profile) -> tuple[Measurements, Layout]:
    """Measure the dock against the lot (Docks B, C, D(1), D(2)(b), D(2)(c)).

    Parameters
    ----------
    site, riparian, dock
        The site, its riparian geometry and the proposed dock.
    profile : Profile
        For the required setback (Docks C) and the reach limit drawn on the map.

    Returns
    -------
    Measurements, Layout

    Raises
    ------
    DockError
        When no part of the dock lies seaward of the MHW line.
    """
    ft = site.ft_per_unit
    settings = site.manifest.review
    side = WaterSide(site.mhw, site.parcel)
    footprint = dock.footprint
    seaward = side.seaward_part(footprint, site.mhw)
    if seaward.is_empty or shapely.area(seaward) <= 0:
        raise DockError("the dock has no part seaward of the MHW line; it does not reach the water")

    step = REACH_STEP_FT / ft
    far = 2.0 * max(riparian.left_extension.length, riparian.right_extension.length)
    left, left_line = _signed_setback(footprint, riparian.left_line, left=True, far=far)
    right, right_line = _signed_setback(footprint, riparian.right_line, left=False, far=far)
    reach, reach_line = _farthest(seaward, riparian.frontage, step)
    length = _axis_length(dock, site.mhw, side, far)
    terminus = _terminus(seaward, riparian.frontage, reach, settings.terminus_depth_ft / ft)
    channel, channel_line = _clearance(terminus, site.channels)
    other, other_line = _clearance(terminus, site.docks)
    fixed = dock.of(*FIXED_DOCK)
    width = max_width(fixed) if not fixed.is_empty else 0.0
    shortfall, gap = _float_position(dock, riparian.frontage, step, width)

    frontage_ft = riparian.frontage.length * ft
    required = max(profile("setback_fraction_of_frontage") * frontage_ft, profile("min_setback_ft"))

    def feet(value: float | None) -> float | None:
        return None if value is None else value * ft

    m = Measurements(
        frontage_ft=frontage_ft,
        frontage_chord_ft=riparian.chord.length * ft,
        required_setback_ft=required,
        setback_left_ft=left * ft,
        setback_right_ft=right * ft,
        setback_ft=min(left, right) * ft,
        reach_ft=reach * ft,
        length_ft=length * ft,
        channel_clearance_ft=feet(channel),
        dock_clearance_ft=feet(other),
        max_width_ft=width * ft,
        float_area_sqft=sum(f.area for f in dock.floats) * ft * ft,
        float_count=len(dock.floats),
        float_seaward_shortfall_ft=feet(shortfall),
        float_gap_ft=feet(gap),
    )
    zone = water_zone(riparian)
    lines = {"setback_left": left_line, "setback_right": right_line, "reach": reach_line}
    if channel_line is not None:
        lines["channel_clearance"] = channel_line
    if other_line is not None:
        lines["dock_clearance"] = other_line
    layout = Layout(
        riparian=riparian,
        dock=dock,
        seaward_dock=seaward,
        terminus=terminus,
        dimension_lines=lines,
        allowed_band=_allowed_band(zone, riparian, required / ft, profile("max_reach_ft") / ft),
        reach_limit=_reach_line(zone, riparian, profile("max_reach_ft") / ft),
    )
    return m, layout
