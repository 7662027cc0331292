"""Every measurement the checks need, computed once, in feet.

Geometry is worked in the working CRS's unit and converted to feet here, at the
one place measurements leave the core. The derived geometry (the terminus, the
shortest lines that dimension each distance, the band where the dock may stand)
is kept in a :class:`Layout` so the outputs draw it without recomputing.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields

import numpy as np
import shapely
from shapely import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from dockreview.errors import DockError, DockReviewWarning
from dockreview.geometry.dock import FIXED_DOCK, Dock, long_axis
from dockreview.geometry.riparian import Riparian, WaterSide, left_of, unit
from dockreview.geometry.width import max_width
from dockreview.inputs.bathymetry import Bathymetry
from dockreview.inputs.site import Site
from dockreview.measure.envelope import Envelope, dock_roots, docks_on_lot, lot_envelope
from dockreview.profile import Profile

#: Sampling step (ft) along the dock outline when looking for its farthest point.
REACH_STEP_FT = 0.5
#: Sampling step (ft) of the depth along the dock's axis (exact between samples on a plane).
DEPTH_STEP_FT = 0.5
#: The soundings must cover the dock's axis from this many samples of the MHW crossing (half a foot).
SHORE_SAMPLES = 1


@dataclass(frozen=True)
class Measurements(Mapping):
    """The review's measurements; lengths in feet, areas in square feet.

    Read as attributes (``m.frontage_ft``) or as a mapping (``m["frontage_ft"]``).
    A clearance is ``None`` when its layer is not given (infinite when the layer
    is empty); float figures are ``None`` when the dock has no float; depth
    figures are ``None`` without soundings (or a vessel draft), or where the
    soundings do not reach. ``overall_reach_ft`` is the greater of the reach
    from the frontage and the length along the dock's axis: the figure the reach
    check decides on (Docks D(1)). ``dock_on_lot`` tells whether the dock's
    landward end lies on the lot or its water, and ``dock_lot`` names the parcel
    it lies on or in front of when it does not.
    """

    frontage_ft: float
    frontage_chord_ft: float
    required_setback_ft: float
    setback_left_ft: float
    setback_right_ft: float
    setback_ft: float
    reach_ft: float
    length_ft: float
    overall_reach_ft: float
    channel_clearance_ft: float | None
    dock_clearance_ft: float | None
    max_width_ft: float
    float_area_sqft: float
    float_count: int
    float_seaward_shortfall_ft: float | None
    float_gap_ft: float | None
    required_depth_ft: float | None = None
    depth_coverage_ft: float | None = None
    nav_reach_ft: float | None = None
    float_extent_ft: float = 0.0
    max_allowed_reach_ft: float | None = None
    min_depth_under_float_ft: float | None = None
    float_on_vegetation_sqft: float | None = None
    float_layout: str | None = None
    float_angle_deg: float | None = None
    landing_length_ft: float | None = None
    landing_width_ft: float | None = None
    boat_lift_count: int = 0
    pwc_lift_count: int = 0
    lift_angle_deg: float | None = None
    frontage_docks: tuple[str, ...] | None = None
    component_kinds: tuple[str, ...] = ()
    dock_on_lot: bool = True
    dock_lot: str | None = None

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
    """Derived geometry for drawing and export, working CRS.

    ``envelope`` is where a compliant dock may stand (:func:`dockreview.envelope.lot_envelope`
    with the reach the checks allow); ``reach_limit`` the line at that reach
    across the lot's water. ``dimension_lines`` holds the shortest lines that
    dimension each distance: ``setback_left``, ``setback_right``, ``reach``
    (frontage to the farthest point), ``length`` (along the axis from the MHW
    crossing to the seaward end), ``channel_clearance`` and ``dock_clearance``.
    """

    riparian: Riparian
    dock: Dock
    seaward_dock: BaseGeometry
    terminus: BaseGeometry
    envelope: Envelope
    dimension_lines: dict[str, LineString] = field(default_factory=dict)
    reach_limit: BaseGeometry = field(default_factory=LineString)

    @property
    def allowed_band(self) -> BaseGeometry:
        """Where the dock may stand: the envelope's geometry."""
        return self.envelope.geometry


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


def _axis_length(dock: Dock, mhw: BaseGeometry, side: WaterSide, far: float) -> tuple[float, float, float]:
    """Length along the axis from the MHW crossing to the dock's seaward end, the crossing and the end (units).

    The crossing is the axis position (from ``dock.origin``) where the dock
    leaves the shore: for a dock starting on land, the first MHW crossing past
    its landward end; for one starting in the water, the last crossing behind
    it (or its landward end when there is none). Crossings further out, over an
    island or a bar, do not shorten the length.
    """
    xy = shapely.get_coordinates(dock.footprint)
    t = (xy - dock.origin) @ dock.axis
    t_end, t_start = float(t.max()), float(t.min())
    axis = LineString([dock.origin + dock.axis * (t_start - far), dock.origin + dock.axis * (t_end + far)])
    hits = shapely.get_coordinates(shapely.intersection(axis, mhw))
    crossings = sorted((p - dock.origin) @ dock.axis for p in hits)
    tol = 1e-6 * far
    start_in_water = bool(side.seaward(np.atleast_2d(dock.origin + dock.axis * t_start))[0])
    if start_in_water:
        behind = [c for c in crossings if c <= t_start + tol]
        start = behind[-1] if behind else t_start
    else:
        ahead = [c for c in crossings if t_start - tol < c <= t_end + tol]
        start = ahead[0] if ahead else t_start
    return t_end - start, start, t_end


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


def _assemblies(floats: list[BaseGeometry], contact: float) -> list[BaseGeometry]:
    """Groups of floats touching one another (within ``contact``), each as one geometry (Docks D(2)(c))."""
    joined = shapely.get_parts(shapely.union_all(shapely.buffer(floats, contact / 2, join_style="mitre")))
    return [shapely.union_all([f for f in floats if shapely.intersects(f, part)]) for part in joined]


def _float_position(
    dock: Dock, frontage: BaseGeometry, step: float, width: float, contact: float
) -> tuple[float | None, float | None]:
    """How far the fixed dock reaches past the floats, and the largest gap from a float assembly to its end (units).

    Floats touching one another form one assembly (two floats in a row); each
    assembly must touch the walkway's or ramp's seaward end (Docks D(2)(c)[3]).
    """
    floats = dock.floats
    fixed = dock.of(*FIXED_DOCK)
    if not floats:
        return None, None
    if fixed.is_empty:
        return 0.0, 0.0
    fixed_reach, _ = _farthest(fixed, frontage, step)
    end = _terminus(fixed, frontage, fixed_reach, max(width, step))
    float_reach = max(_farthest(f, frontage, step)[0] for f in floats)
    gap = max(float(shapely.distance(a, end)) for a in _assemblies(floats, contact))
    return fixed_reach - float_reach, gap


def _along(geom: BaseGeometry, dock: Dock) -> np.ndarray:
    """Positions of ``geom``'s vertices along the dock's axis (units from ``dock.origin``)."""
    return (shapely.get_coordinates(geom) - dock.origin) @ dock.axis


def _navigable_reach(
    bathy: Bathymetry, dock: Dock, crossing: float, *, required_ft: float, out_to_ft: float, ft: float
) -> tuple[float | None, float]:
    """Where the depth along the dock's axis first reaches ``required_ft`` (Docks D(1)).

    The axis is sampled every :data:`DEPTH_STEP_FT` from the MHW crossing out to
    ``out_to_ft``; the first sample that is deep enough is refined by linear
    interpolation with the one before it. Only the stretch of axis the data
    cover without a gap from the shore (the first or second sample) is used:
    depths that begin out in the water leave the navigable point unknown.

    Returns
    -------
    nav_reach_ft : float or None
        Feet from the MHW crossing; None when not reached on the covered stretch.
    covered_to_ft : float
        How far along the axis the data reach without a gap (0 when nowhere).
    """
    s = np.arange(0.0, out_to_ft + DEPTH_STEP_FT / 2, DEPTH_STEP_FT)
    xy = dock.origin + np.outer(crossing + s / ft, dock.axis)
    depth = bathy.depth_at(xy)
    known = np.flatnonzero(np.isfinite(depth))
    if not known.size or known[0] > SHORE_SAMPLES:
        return None, 0.0
    first = known[0]
    gaps = np.flatnonzero(~np.isfinite(depth[first:]))
    stop = first + (gaps[0] if gaps.size else depth.size - first)
    deep = np.flatnonzero(depth[first:stop] >= required_ft)
    if not deep.size:
        return None, float(s[stop - 1])
    k = first + deep[0]
    if k == first:
        return float(s[k]), float(s[stop - 1])
    d0, d1 = depth[k - 1], depth[k]
    return float(s[k - 1] + (required_ft - d0) / (d1 - d0) * (s[k] - s[k - 1])), float(s[stop - 1])


def _vegetation_overlap(dock: Dock, vegetation) -> float | None:
    """Area of the floats lying over vegetation (units²); None without the layer."""
    if vegetation is None:
        return None
    if vegetation.empty or not dock.floats:
        return 0.0
    cover = shapely.union_all(vegetation.geometry.values)
    return float(sum(shapely.area(shapely.intersection(f, cover)) for f in dock.floats))


def _angle_between(a: np.ndarray, b: np.ndarray) -> float:
    """The angle between two undirected lines, degrees in [0, 90]."""
    cos = abs(float(np.dot(unit(a), unit(b))))
    return float(np.degrees(np.arccos(min(cos, 1.0))))


def _float_layout(dock: Dock, half_width: float, *, tolerance_deg: float, contact: float) -> tuple[str | None, float | None]:
    """Classify the float assembly as I, L or T against the dock's axis (Docks D(2)(c)[4]).

    Each group of touching floats is one assembly. Its long axis within
    ``tolerance_deg`` of the dock's axis is I (in line); within it of square to
    the axis, it is L when one end stops at the walkway's edge (within
    ``contact`` of ``half_width`` from the axis), else T; anything else is
    "other". Returns the layouts joined by "+" and the worst assembly's angle
    from the dock's axis.
    """
    if not dock.floats:
        return None, None
    side = left_of(dock.axis)
    layouts, worst = [], (-1.0, 0.0)
    for members in _assemblies(dock.floats, contact):
        angle = _angle_between(long_axis(members), dock.axis)
        across = (shapely.get_coordinates(members) - dock.origin) @ side
        if angle <= tolerance_deg:
            layouts.append("I")
        elif angle >= 90.0 - tolerance_deg:
            layouts.append("L" if min(across.max(), -across.min()) <= half_width + contact else "T")
        else:
            layouts.append("other")
        off = min(angle, 90.0 - angle)
        if off > worst[0]:
            worst = (off, angle)
    return "+".join(layouts), worst[1]


def _shore_normal(mhw: BaseGeometry, point: np.ndarray) -> np.ndarray:
    """Direction square to the MHW line's segment nearest ``point``."""
    segments = []
    for part in shapely.get_parts(mhw):
        xy = shapely.get_coordinates(part)
        segments.extend(shapely.linestrings(np.stack([xy[:-1], xy[1:]], axis=1)))
    nearest = segments[int(np.argmin(shapely.distance(segments, shapely.points(point))))]
    a, b = shapely.get_coordinates(nearest)
    return left_of(unit(b - a))


def _lift_angle(dock: Dock, mhw: BaseGeometry, crossing: float) -> float | None:
    """Largest angle between a boat lift's long axis and the shore normal at the dock's root (Boat lifts C(3))."""
    lifts = dock.components.geometry[dock.components["component"] == "boat_lift"]
    if lifts.empty:
        return None
    normal = _shore_normal(mhw, dock.origin + dock.axis * crossing)
    return max(_angle_between(long_axis(lift), normal) for lift in lifts)


def _landing_size(dock: Dock) -> tuple[float | None, float | None]:
    """Long and short sides of the largest landing component's minimum rotated rectangle (units)."""
    landing = dock.components.geometry[dock.components["component"] == "landing"]
    if landing.empty:
        return None, None
    rect = np.asarray(shapely.oriented_envelope(max(landing, key=shapely.area)).exterior.coords)
    sides = sorted([float(np.hypot(*(rect[1] - rect[0]))), float(np.hypot(*(rect[2] - rect[1])))])
    return sides[1], sides[0]


def _frontage_docks(site: Site, riparian: Riparian, tolerance: float) -> tuple[str, ...] | None:
    """Existing docks standing on the lot or its water (Docks A); None without the layer.

    Decided by :func:`dockreview.envelope.docks_on_lot`, as the envelope and the
    screen decide it. Docks named in ``dock.replaces`` are already left out of
    ``site.docks``.
    """
    docks = site.docks
    if docks is None:
        return None
    if docks.empty:
        return ()
    roots = dock_roots(docks.geometry.values, riparian.mhw)
    on, _ = docks_on_lot([site.parcel], [riparian.zone], [riparian.frontage], roots, tolerance)
    id_field = site.manifest.docks_id_field
    names = (docks[id_field] if id_field in docks.columns else docks.index).astype(str).to_numpy()
    return tuple(names[np.sort(on)])


def _dock_lot(site: Site, riparian: Riparian, dock: Dock, tolerance: float) -> tuple[bool, str | None]:
    """Whether the dock stands on the lot (its landward end on the lot or its water), else the lot it is in front of.

    The landward end is found as for existing docks (:func:`dockreview.envelope.dock_roots`);
    the lot named is the parcel the end lies on, else the parcel nearest it.
    """
    root = dock_roots([dock.footprint], riparian.mhw)
    on, _ = docks_on_lot([site.parcel], [riparian.zone], [riparian.frontage], root, tolerance)
    if len(on):
        return True, None
    parcels = site.parcels
    distance = shapely.distance(parcels.geometry.values, root[0])
    nearest = int(np.argmin(distance))
    field_name = site.manifest.parcel_id_field
    name = str(parcels[field_name].iloc[nearest]) if field_name in parcels.columns else str(parcels.index[nearest])
    return False, name


def _reach_line(zone: BaseGeometry, frontage: BaseGeometry, reach: float) -> BaseGeometry:
    """The locus at ``reach`` from the frontage, across the lot's water (Docks D(1))."""
    arc = shapely.buffer(frontage, reach, quad_segs=32).exterior
    return shapely.line_merge(shapely.intersection(arc, zone))


def _depth_measurements(site: Site, dock: Dock, crossing: float, profile: Profile) -> dict[str, float | None]:
    """Required depth, navigable reach, the reach it allows and depth under the floats (Docks D(1), D(2)(c)[5]).

    The float's extent along the axis is added to the navigable reach (the float
    may lie in navigable water), capped by the profile's maximum reach; when the
    data cover the axis out to the cap without reaching the required depth, the
    cap alone applies.
    """
    ft = site.ft_per_unit
    vessel = site.manifest.vessel
    floats = shapely.union_all(dock.floats) if dock.floats else None
    extent = 0.0 if floats is None else float(np.ptp(_along(floats, dock))) * ft
    cap = profile("max_reach_ft")
    out: dict[str, float | None] = {"float_extent_ft": extent}
    if vessel.draft_ft is not None:
        clearance = vessel.clearance_ft if vessel.clearance_ft is not None else profile("nav_depth_clearance_ft")
        out["required_depth_ft"] = vessel.draft_ft + clearance
    if site.soundings is None:
        return out
    bathy = site.depths
    if floats is not None:
        under = [bathy.min_under(f) for f in dock.floats]
        out["min_depth_under_float_ft"] = None if None in under else min(under)
    if vessel.draft_ft is None:
        return out
    nav, covered = _navigable_reach(bathy, dock, crossing, required_ft=out["required_depth_ft"], out_to_ft=cap, ft=ft)
    out["nav_reach_ft"], out["depth_coverage_ft"] = nav, covered
    if nav is not None:
        out["max_allowed_reach_ft"] = min(cap, nav + extent)
    elif covered >= cap:
        out["max_allowed_reach_ft"] = cap
    return out


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
    side = riparian.water_side
    mhw = riparian.mhw
    footprint = dock.footprint
    seaward = side.seaward_part(footprint, mhw)
    if seaward.is_empty or shapely.area(seaward) <= 0:
        raise DockError("the dock has no part seaward of the MHW line; it does not reach the water")

    step = REACH_STEP_FT / ft
    tolerance = site.to_units(settings.mhw_tolerance_ft)
    xmin, ymin, xmax, ymax = shapely.bounds(shapely.union(footprint, riparian.zone))
    far = 2.0 * (max(riparian.left_line.length, riparian.right_line.length) + np.hypot(xmax - xmin, ymax - ymin))
    left, left_line = _signed_setback(footprint, riparian.left_line, left=True, far=far)
    right, right_line = _signed_setback(footprint, riparian.right_line, left=False, far=far)
    reach, reach_line = _farthest(seaward, riparian.frontage, step)
    length, crossing, end = _axis_length(dock, mhw, side, far)
    terminus = _terminus(seaward, riparian.frontage, reach, settings.terminus_depth_ft / ft)
    channel, channel_line = _clearance(terminus, site.channels)
    other, other_line = _clearance(terminus, site.docks)
    fixed = dock.of(*FIXED_DOCK)
    width = max_width(fixed) if not fixed.is_empty else 0.0
    contact = profile("float_contact_tolerance_ft") / ft
    shortfall, gap = _float_position(dock, riparian.frontage, step, width, contact)
    depth = _depth_measurements(site, dock, crossing, profile)
    layout_kind, layout_angle = _float_layout(
        dock, width / 2, tolerance_deg=profile("float_layout_tolerance_deg"), contact=contact
    )
    vegetation = _vegetation_overlap(dock, site.vegetation)
    landing_length, landing_width = _landing_size(dock)
    kinds = list(dock.components["component"])
    on_lot, dock_lot = _dock_lot(site, riparian, dock, tolerance)
    if not on_lot:
        warnings.warn(
            f"the dock is not in front of parcel '{site.parcel_id}': its landward end lies on or in front of "
            f"parcel '{dock_lot}'; check the parcel id or the dock's position",
            DockReviewWarning,
            stacklevel=2,
        )

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
        overall_reach_ft=max(reach, length) * ft,
        channel_clearance_ft=feet(channel),
        dock_clearance_ft=feet(other),
        max_width_ft=width * ft,
        float_area_sqft=sum(f.area for f in dock.floats) * ft * ft,
        float_count=len(dock.floats),
        float_seaward_shortfall_ft=feet(shortfall),
        float_gap_ft=feet(gap),
        **depth,
        float_on_vegetation_sqft=None if vegetation is None else vegetation * ft * ft,
        float_layout=layout_kind,
        float_angle_deg=layout_angle,
        landing_length_ft=feet(landing_length),
        landing_width_ft=feet(landing_width),
        boat_lift_count=kinds.count("boat_lift"),
        pwc_lift_count=kinds.count("pwc_lift"),
        lift_angle_deg=_lift_angle(dock, mhw, crossing),
        frontage_docks=_frontage_docks(site, riparian, tolerance),
        component_kinds=tuple(sorted(set(kinds))),
        dock_on_lot=on_lot,
        dock_lot=dock_lot,
    )
    allowed = m.max_allowed_reach_ft if m.max_allowed_reach_ft is not None else profile("max_reach_ft")
    envelope = lot_envelope(
        site.parcel, mhw, ft_per_unit=ft, profile=profile, channels=site.channels, docks=site.docks,
        tolerance_ft=settings.mhw_tolerance_ft, reach_ft=allowed, riparian=riparian,
    )
    lines = {
        "setback_left": left_line,
        "setback_right": right_line,
        "reach": reach_line,
        "length": LineString([dock.origin + dock.axis * crossing, dock.origin + dock.axis * end]),
    }
    if channel_line is not None:
        lines["channel_clearance"] = channel_line
    if other_line is not None:
        lines["dock_clearance"] = other_line
    layout = Layout(
        riparian=riparian,
        dock=dock,
        seaward_dock=seaward,
        terminus=terminus,
        envelope=envelope,
        dimension_lines=lines,
        reach_limit=_reach_line(riparian.zone, riparian.frontage, allowed / ft),
    )
    return m, layout
