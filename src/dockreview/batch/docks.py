"""The measurements of many existing docks at once, each against its own lot (Docks C, D(1), D(2)(b), D(2)(c)).

:func:`dock_measurements` gives, for every dock of a layer, the measurements
:func:`dockreview.measure.compute.measure` gives one proposed dock -- the ones
the geometric checks read -- worked on shapely arrays, from the lot's riparian
geometry as the screen's kernel draws it (:mod:`dockreview.batch.kernel`):

* the dock's axis and origin, as :func:`dockreview.geometry.dock.footprint_dock`
  sets them (the walkway's long axis, pointing seaward; its centroid);
* its part seaward of the MHW line (the footprint cut by the shore, the pieces
  on the water kept), the greatest reach of that part from the frontage
  (:func:`~dockreview.batch.reach.greatest_reaches`) and the length along the
  axis from the MHW crossing;
* the signed setbacks from the two side lines with their extensions, the
  terminus and its clearances from the channels and the other docks near it
  (within :data:`~dockreview.batch.audit.AUDIT_RADIUS_FT`);
* the widest walkway (a rectangle's short side; any other outline by
  :func:`dockreview.geometry.width.max_width`), the floats' area, position and
  layout, the lifts' angle to the shore normal, and the navigable-depth figures
  along the axis from the crossing (:class:`~dockreview.batch.depth.NavigableDepth`).

Lengths in feet, areas in square feet; None (NaN in an array) where a figure
cannot be measured, as the single-lot review gives it.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np
import shapely

from dockreview.batch.lawfigures import law_figures, whole_clearances
from dockreview.batch.reach import greatest_reaches
from dockreview.batch.sides import ragged
from dockreview.batch.widths import WIDTH_FIELDS, mhw_widths
from dockreview.geometry.dock import FIXED_DOCK, long_axis, rectangle
from dockreview.geometry.riparian import left_of
from dockreview.geometry.width import is_rectangle, max_width
from dockreview.groups import connected_groups
from dockreview.inputs.manifest import COMPONENTS
from dockreview.measure.areas import LIFTS, area_field
from dockreview.measure.compute import FLOAT_CONTACT_FT, NEAREST_SHAPE_DEG, REACH_STEP_FT
from dockreview.measure.distances import outside
from dockreview.measure.envelope import docks_on_lot

#: Geometries of one group that :func:`union_by` unites together with the other groups' (a larger group alone).
UNION_AT_ONCE = 16
#: The greatest reach of a dock's part is found to within this many feet.
DOCK_REACH_TOLERANCE_FT = 1e-4
#: A dock's seaward head is its float when wider than its walkway by more than this (ft): an interpretation.
HEAD_WIDENING_FT = 1.0
#: Spacing (ft) of the cross-sections that find a dock's walkway width and its head.
SECTION_STEP_FT = 0.5


@dataclass
class DockLots:
    """Per dock: its lot's polygon, frontage, left and right side lines (with extensions), water and seaward normal.

    ``land`` and ``land_part`` are the side of the shore the lot lies on and
    that shore's part (:func:`dockreview.batch.kernel.land_sides`).
    """

    parcel: np.ndarray
    frontage: np.ndarray
    left: np.ndarray
    right: np.ndarray
    zone: np.ndarray
    seaward: np.ndarray
    land: np.ndarray
    land_part: np.ndarray

    def take(self, index: np.ndarray) -> "DockLots":
        """These lots, in the order ``index`` gives (one per dock)."""
        return DockLots(*(np.asarray(getattr(self, f.name))[index] for f in dataclasses.fields(self)))


@dataclass
class Components:
    """The docks' components: geometry, kind and dock, one row each."""

    geometry: np.ndarray
    kind: np.ndarray
    dock: np.ndarray

    def of(self, n: int, *kinds: str) -> np.ndarray:
        """Per dock, the union of its components of ``kinds`` (an empty polygon when it has none)."""
        rows = np.flatnonzero(np.isin(self.kind, kinds))
        return union_by(self.geometry[rows], self.dock[rows], n)


def union_by(geoms: np.ndarray, group: np.ndarray, n: int, *, alone_as_is: bool = True) -> np.ndarray:
    """The union of ``geoms`` of each group ``0..n-1`` (an empty polygon for a group with none; a group of one, its
    geometry as it is, unless ``alone_as_is`` is False).

    The groups of up to :data:`UNION_AT_ONCE` geometries, each in its order,
    make the rows of a table padded with None, unioned at once; a larger group
    is unioned alone (so that one large group does not widen every row).

    Examples
    --------
    >>> squares = np.array([shapely.box(0, 0, 1, 1), shapely.box(5, 5, 6, 6), shapely.box(1, 0, 2, 1)])
    >>> [round(g.area, 1) for g in union_by(squares, np.array([0, 2, 0]), 3)]
    [2.0, 0.0, 1.0]
    """
    count = np.bincount(group, minlength=n)
    order = np.argsort(group, kind="stable")  # each group's geometries together, in their order
    start = np.cumsum(count) - count
    ordered, of = geoms[order], group[order]
    rank = np.arange(len(group)) - start[of]
    small = count[of] <= UNION_AT_ONCE
    table = np.full((n, max(min(int(count.max(initial=0)), UNION_AT_ONCE), 1)), None, dtype=object)
    table[of[small], rank[small]] = ordered[small]
    out = shapely.union_all(table, axis=1)
    for g in np.flatnonzero(count > UNION_AT_ONCE):
        out[g] = shapely.union_all(ordered[start[g] : start[g] + count[g]])
    if alone_as_is:
        single = np.flatnonzero(count[group] == 1)
        out[group[single]] = geoms[single]
    out[count == 0] = shapely.Polygon()
    return out


def joint_bounds(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The bounds of each pair of geometries together, ``(n, 4)``: those of their union, without working it out
    (NaN where both are empty).

    Examples
    --------
    >>> joint_bounds(np.array([shapely.box(0, 0, 1, 1), shapely.Polygon()]), np.array([shapely.box(2, -1, 3, 0)] * 2)).tolist()
    [[0.0, -1.0, 3.0, 1.0], [2.0, -1.0, 3.0, 0.0]]
    """
    first, second = shapely.bounds(a), shapely.bounds(b)
    return np.hstack([np.fmin(first[:, :2], second[:, :2]), np.fmax(first[:, 2:], second[:, 2:])])


def _rect_axes(geoms: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The long side's unit direction, and the long and short sides, of each geometry's minimum rotated rectangle."""
    rect = shapely.oriented_envelope(geoms)
    xy, owner = shapely.get_coordinates(rect, return_index=True)
    count = np.bincount(owner, minlength=len(geoms))
    first = np.r_[0, np.cumsum(count)[:-1]]
    ok = count >= 3
    p0, p1, p2 = (xy[np.minimum(first + k, len(xy) - 1)] for k in range(3))
    e1, e2 = p1 - p0, p2 - p1
    l1, l2 = np.hypot(*e1.T), np.hypot(*e2.T)
    edge = np.where((l1 >= l2)[:, None], e1, e2)
    with np.errstate(invalid="ignore", divide="ignore"):
        axis = edge / np.hypot(*edge.T)[:, None]
    axis[~ok] = np.nan
    return axis, np.maximum(l1, l2), np.where(ok, np.minimum(l1, l2), 0.0)


def _cross(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    return u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]


def seaward_parts(footprints: np.ndarray, lots: DockLots, mhw, seaward_of) -> np.ndarray:
    """Each footprint's part seaward of the MHW line (as ``WaterSide.seaward_part`` cuts one).

    The footprint is cut by the MHW line near it into faces; the faces whose
    point on surface lies seaward (``seaward_of(xy, dock)``) are kept.
    """
    n = len(footprints)
    boxes = shapely.buffer(shapely.envelope(footprints), 1.0, join_style="mitre")
    near = np.zeros(n, dtype=bool)
    near[np.unique(mhw.tree.query(boxes, predicate="intersects")[0])] = True
    pieces, owner = shapely.get_parts(footprints, return_index=True)
    far = ~near[owner]
    cut = np.flatnonzero(near)
    # each footprint near the line cut by it into faces: its outline and the line noded together, polygonized
    local = mhw.near_each(boxes[cut])
    linework = shapely.union(shapely.boundary(footprints[cut]), local)
    faces, face_of = shapely.get_parts(shapely.polygonize(linework[:, None]), return_index=True)
    # the footprint's outline is in the linework, so each face lies wholly inside it or wholly outside: its inner point says which
    at = shapely.point_on_surface(faces)
    inside = (shapely.area(faces) > 1e-9) & shapely.intersects(footprints[cut][face_of], at)
    uncut = np.setdiff1d(np.arange(len(cut)), face_of[inside])  # no face inside: the footprint as it is
    whole, whole_of = shapely.get_parts(footprints[cut[uncut]], return_index=True)
    points = np.concatenate([shapely.point_on_surface(pieces[far]), at[inside], shapely.point_on_surface(whole)])
    pieces = np.concatenate([pieces[far], faces[inside], whole])
    owner = np.concatenate([owner[far], cut[face_of[inside]], cut[uncut][whole_of]]).astype(int)
    keep = seaward_of(shapely.get_coordinates(points), owner) if len(pieces) else np.zeros(0, bool)
    return union_by(pieces[keep], owner[keep], n)


def signed_setbacks(footprints: np.ndarray, lines: np.ndarray, *, left: bool, far: np.ndarray) -> np.ndarray:
    """Distance from each dock to its side line, negative by how far it crosses it (as ``signed_setback``)."""
    beyond = shapely.intersection(footprints, outside(lines, left=left, distance=far))
    out = shapely.distance(footprints, lines)
    crossing = np.flatnonzero(shapely.area(beyond) > 1e-9 * np.maximum(shapely.area(footprints), 1e-12))
    if len(crossing):
        xy, k = shapely.get_coordinates(shapely.segmentize(beyond[crossing], far[crossing] / 2000.0), return_index=True)
        d = shapely.distance(shapely.points(xy), lines[crossing][k])
        worst = np.zeros(len(crossing))
        np.maximum.at(worst, k, d)
        out[crossing] = -worst
    return out


def axis_lengths(footprints, origin, axis, mhw, far, seaward_of, frontages) -> tuple[np.ndarray, np.ndarray]:
    """Length along each dock's axis from its MHW crossing to its seaward end, and the crossing (as ``axis_length``).

    The MHW line is the layer's and, along each dock's lot, its frontage: a gap
    in the layer that the lot's frontage bridges is crossed there, as the
    review's own line (:attr:`Riparian.mhw`) has it.
    """
    xy, k = shapely.get_coordinates(footprints, return_index=True)
    t = np.einsum("ij,ij->i", xy - origin[k], axis[k])
    n = len(footprints)
    t_end, t_start = np.full(n, -np.inf), np.full(n, np.inf)
    np.maximum.at(t_end, k, t)
    np.minimum.at(t_start, k, t)
    tol = 1e-6 * far
    # from far behind the dock (where its MHW crossing behind it may lie) to just past its end: no crossing beyond is read
    lines = shapely.linestrings(np.stack([origin + axis * (t_start - far)[:, None], origin + axis * (t_end + 2.0 * tol)[:, None]], axis=1))
    line_i, chunk = mhw.tree.query(lines, predicate="intersects")
    on_layer, h = shapely.get_coordinates(shapely.intersection(lines[line_i], mhw.chunks[chunk]), return_index=True)
    on_frontage, f = shapely.get_coordinates(shapely.intersection(lines, frontages), return_index=True)
    hits, dock = np.concatenate([on_layer, on_frontage]), np.concatenate([line_i[h], f])
    c = np.einsum("ij,ij->i", hits - origin[dock], axis[dock])
    in_water = seaward_of(origin + axis * t_start[:, None], np.arange(n))
    start = t_start.copy()
    behind = c <= t_start[dock] + tol[dock]
    ahead = (c > t_start[dock] - tol[dock]) & (c <= t_end[dock] + tol[dock])
    last_behind = np.full(n, -np.inf)
    np.maximum.at(last_behind, dock[behind], c[behind])
    first_ahead = np.full(n, np.inf)
    np.minimum.at(first_ahead, dock[ahead], c[ahead])
    start = np.where(in_water, np.where(np.isfinite(last_behind), last_behind, t_start), np.where(np.isfinite(first_ahead), first_ahead, t_start))
    return t_end - start, start


def _widths(fixed: np.ndarray) -> np.ndarray:
    """The widest walkway or ramp of each dock: a rectangle's short side, else :func:`max_width` (0 without one).

    A rectangle is a polygon of four corners at right angles, or one whose area
    is that of its minimum rotated rectangle
    (:func:`~dockreview.geometry.width.is_rectangle`): every cross-section of
    it is at most that rectangle's short side, and one is the short side, as
    :func:`~dockreview.geometry.width.strip_width` finds it.
    """
    out = np.zeros(len(fixed))
    some = np.flatnonzero(~shapely.is_empty(fixed))
    if not len(some):
        return out
    geoms = fixed[some]
    polygon = (shapely.get_type_id(geoms) == 3) & (shapely.get_num_interior_rings(geoms) == 0)
    xy, owner = shapely.get_coordinates(shapely.get_exterior_ring(np.where(polygon, geoms, None)), return_index=True)
    count = np.bincount(owner, minlength=len(geoms))
    four = polygon & (count == 5)
    first = np.r_[0, np.cumsum(count)[:-1]]
    at = first[four][:, None] + np.arange(5)[None, :]
    edges = np.diff(xy[at], axis=1) if four.any() else np.empty((0, 4, 2))
    length = np.hypot(edges[..., 0], edges[..., 1])
    with np.errstate(invalid="ignore", divide="ignore"):
        cos = np.abs(np.einsum("ijk,ijk->ij", edges, np.roll(edges, -1, axis=1))) / (length * np.roll(length, -1, axis=1))
    square = np.zeros(len(geoms), dtype=bool)
    square[four] = (cos < 1e-6).all(axis=1)
    out[some[square]] = length[square[four]].min(axis=1)
    rest = np.flatnonzero(~square)
    if len(rest):
        _, _, short = _rect_axes(geoms[rest])
        rect = is_rectangle(geoms[rest])
        out[some[rest[rect]]] = short[rect]
        for i in some[rest[~rect]]:
            out[i] = max_width(fixed[i])
    return out


def _nearest_feature(geoms: np.ndarray, area_boxes: np.ndarray, layer: np.ndarray, tree, exclude=None) -> np.ndarray:
    """Per geometry, the distance to the nearest feature of ``layer`` whose box meets its box (inf: none)."""
    i, j = tree.query(area_boxes)
    if exclude is not None and len(i):
        keep = ~exclude(i, j)
        i, j = i[keep], j[keep]
    out = np.full(len(geoms), np.inf)
    if len(i):
        np.minimum.at(out, i, shapely.distance(geoms[i], layer[j]))
    return out


def dock_measurements(
    footprints: np.ndarray, components: Components, ends: np.ndarray, lots: DockLots, *, mhw, rules, ft: float,
    tolerance: float, terminus_depth: float, radius: float, channels, docks, depth, draft_ft: float | None, seaward_of,
    sounded: bool = False, reads=None,
) -> dict[str, np.ndarray]:
    """The geometric measurements of every dock against its lot (feet; NaN where a figure cannot be measured).

    Parameters
    ----------
    footprints, ends : arrays, one per dock
        The footprint and its landward end (its point nearest the MHW line).
    components : Components
    lots : DockLots
        Each dock's lot.
    mhw : MhwIndex
    rules : RuleSet
    ft, tolerance, terminus_depth, radius : float
        Feet per unit; the MHW tolerance, the terminus depth and the audit
        radius, in units.
    channels, docks : (geometries, STRtree, exclude) or None
        The layers the clearances are measured to; ``exclude(dock, feature)``
        leaves out a dock's own features.
    depth : NavigableDepth or None
    seaward_of : callable
        ``seaward_of(xy, dock)``: whether each point lies seaward of the shore of dock ``dock``'s lot.
    sounded : bool
        Whether the layers have soundings (which draw the datum lines other laws
        measure from; :func:`~dockreview.batch.lawfigures.law_figures`).
    reads : set of str, optional
        The figures to give besides the usual ones (the other laws', waterway
        widths): those every law measured alike reads (default: those ``rules`` reads).
    """
    n = len(footprints)
    fixed = components.of(n, *FIXED_DOCK)
    has_fixed = ~shapely.is_empty(fixed)
    basis = np.where(has_fixed, fixed, footprints)
    axis, _, _ = _rect_axes(basis)
    axis = np.where((np.einsum("ij,ij->i", axis, lots.seaward) < 0)[:, None], -axis, axis)
    origin = shapely.get_coordinates(shapely.centroid(basis))

    seaward = seaward_parts(footprints, lots, mhw, seaward_of)
    step = REACH_STEP_FT / ft
    bounds = joint_bounds(footprints, lots.zone)
    far = 2.0 * (np.maximum(shapely.length(lots.left), shapely.length(lots.right)) + np.hypot(bounds[:, 2] - bounds[:, 0], bounds[:, 3] - bounds[:, 1]))
    left = signed_setbacks(footprints, lots.left, left=True, far=far)
    right = signed_setbacks(footprints, lots.right, left=False, far=far)
    reach = greatest_reaches(seaward, lots.frontage, DOCK_REACH_TOLERANCE_FT / ft)
    length, crossing = axis_lengths(footprints, origin, axis, mhw, far, seaward_of, lots.frontage)
    within = shapely.buffer(lots.frontage, np.maximum(reach - terminus_depth, 0.0), quad_segs=32)
    end_part = np.where(reach <= terminus_depth, seaward, shapely.difference(seaward, within))

    area_boxes = shapely.box(*(joint_bounds(lots.parcel, footprints) + [-radius, -radius, radius, radius]).T)
    clearances = {}
    for name, layer in (("channel_clearance_ft", channels), ("dock_clearance_ft", docks)):
        clearances[name] = np.full(n, np.nan) if layer is None else _nearest_feature(end_part, area_boxes, *layer) * ft

    width = _widths(fixed)
    floats = np.flatnonzero(components.kind == "float")
    float_of = components.dock[floats]
    float_count = np.bincount(float_of, minlength=n)
    float_area = np.bincount(float_of, weights=shapely.area(components.geometry[floats]), minlength=n)
    contact = rules.touching_ft(FLOAT_CONTACT_FT) / ft
    shortfall, gap = _float_position(fixed, components.geometry[floats], float_of, lots.frontage, step, width, contact, n, DOCK_REACH_TOLERANCE_FT / ft)
    layout, angle = _float_layout(
        components.geometry[floats], float_of, origin, axis, width / 2,
        NEAREST_SHAPE_DEG, contact, n,
    )
    roots = origin + axis * crossing[:, None]
    lift_angle, pwc_lift_angle = (
        _lift_angles(components.geometry[lifts], components.dock[lifts], roots, mhw, n)
        for lifts in (np.flatnonzero(components.kind == kind) for kind in ("boat_lift", "pwc_lift"))
    )

    frontage_ft = shapely.length(lots.frontage) * ft
    areas = component_areas(components, n, ft)
    m = {
        "frontage_ft": frontage_ft,
        "required_setback_ft": np.asarray(rules.required_setback_ft(frontage_ft), dtype=float),
        "setback_left_ft": left * ft, "setback_right_ft": right * ft, "setback_ft": np.minimum(left, right) * ft,
        "reach_ft": reach * ft, "length_ft": length * ft, "overall_reach_ft": np.maximum(reach, length) * ft,
        **clearances,
        "max_width_ft": width * ft, "float_area_sqft": float_area * ft * ft, "float_count": float_count,
        "float_seaward_shortfall_ft": shortfall * ft, "float_gap_ft": gap * ft,
        "float_layout": layout, "float_angle_deg": angle, "lift_angle_deg": lift_angle, "pwc_lift_angle_deg": pwc_lift_angle,
        **areas,
    }
    float_xy, k = shapely.get_coordinates(components.geometry[floats], return_index=True)
    t = np.einsum("ij,ij->i", float_xy - origin[float_of[k]], axis[float_of[k]])
    lo, hi = np.full(n, np.inf), np.full(n, -np.inf)
    np.minimum.at(lo, float_of[k], t)
    np.maximum.at(hi, float_of[k], t)
    m["float_extent_ft"] = np.where(float_count > 0, hi - lo, 0.0) * ft
    for kind in ("boat_lift", "pwc_lift"):
        m[f"{kind}_count"] = np.bincount(components.dock[components.kind == kind], minlength=n)
    m["max_allowed_reach_ft"] = np.full(n, np.nan)
    if draft_ft is not None:
        m["required_depth_ft"] = np.full(n, np.nan if depth is None else depth.required_ft)
    if depth is not None and draft_ft is not None:
        figures = depth.figures(origin + axis * crossing[:, None], axis, ft_per_unit=ft, float_extent_ft=m["float_extent_ft"])
        m.update(figures)
        m["max_allowed_reach_ft"] = np.asarray(rules.depth_reach_ft(figures), dtype=float)
    m["dock_on_lot"] = _on_own_lot(lots, ends, tolerance)
    read = set(reads) if reads is not None else {name for rule in rules.rules for name in rule.reads}
    figures, odd = law_figures(footprints, lots, ft=ft, step=step, soundings=sounded, read=read)
    m.update(figures)
    if "dock_clearance_whole_ft" in read:
        m["dock_clearance_whole_ft"] = np.full(n, np.nan) if docks is None else whole_clearances(
            footprints, area_boxes, docks, lots, mhw, tolerance=tolerance, ft=ft,
        ) * ft
    widths, m["unmeasured"] = mhw_widths(
        footprints, roots, axis, length, lots, mhw, ft=ft, radius=radius, tolerance=tolerance, fields=[f for f in WIDTH_FIELDS if f in read],
    )
    m.update(widths)
    m["unmeasured"] |= odd
    return m


def component_areas(components: Components, n: int, ft: float) -> dict[str, np.ndarray]:
    """Each of ``n`` docks' component areas as the review measures them (:func:`dockreview.measure.areas.component_areas`):
    each kind's union (sq ft; 0 without one; the floats' is ``float_area_sqft``, the sum), and each dock's lifts' areas
    one by one, largest first (a tuple a dock).

    Examples
    --------
    >>> parts = Components(np.array([shapely.box(0, 0, 4, 2), shapely.box(10, 0, 13, 3), shapely.box(20, 0, 22, 2)]),
    ...                    np.array(["landing", "boat_lift", "pwc_lift"]), np.array([0, 1, 1]))
    >>> areas = component_areas(parts, 2, 1.0)
    >>> areas["landing_area_sqft"].tolist(), areas["lift_areas_sqft"].tolist()
    ([8.0, 0.0], [(), (9.0, 4.0)])
    """
    out: dict[str, np.ndarray] = {area_field(kind): shapely.area(components.of(n, kind)) * ft * ft for kind in COMPONENTS if kind != "float"}
    lifts = np.flatnonzero(np.isin(components.kind, LIFTS))
    each, dock = np.round(shapely.area(components.geometry[lifts]) * ft * ft, 3), components.dock[lifts]
    out["lift_areas_sqft"] = np.empty(n, dtype=object)
    out["lift_areas_sqft"][:] = [()] * n
    for d, area in zip(*(x[np.lexsort((-each, dock))].tolist() for x in (dock, each))):  # each dock's, largest first
        out["lift_areas_sqft"][d] += (area,)
    return out


def _float_position(fixed, floats, float_of, frontages, step, width, contact, n, tol):
    """How far the fixed dock reaches past the floats, and the largest gap from a float assembly to its end (units)."""
    shortfall, gap = np.full(n, np.nan), np.full(n, np.nan)
    count = np.bincount(float_of, minlength=n)
    with_floats = count > 0
    has_fixed = ~shapely.is_empty(fixed)
    shortfall[with_floats & ~has_fixed] = gap[with_floats & ~has_fixed] = 0.0
    docks = np.flatnonzero(with_floats & has_fixed)
    if not len(docks):
        return shortfall, gap
    fixed_reach = greatest_reaches(fixed[docks], frontages[docks], tol)
    depth = np.maximum(width[docks], step)
    end = np.where(
        fixed_reach <= depth, fixed[docks],
        shapely.difference(fixed[docks], shapely.buffer(frontages[docks], np.maximum(fixed_reach - depth, 0.0), quad_segs=32)),
    )
    ends = np.array([shapely.Polygon()] * n, dtype=object)
    ends[docks] = end
    mine = np.flatnonzero(has_fixed[float_of])
    float_reach = np.full(n, -np.inf)
    np.maximum.at(float_reach, float_of[mine], greatest_reaches(floats[mine], frontages[float_of[mine]], tol))
    shortfall[docks] = fixed_reach - float_reach[docks]
    assembly = _assemblies(floats, float_of, contact)
    d = shapely.distance(floats[mine], ends[float_of[mine]])
    nearest = np.full(assembly.max() + 1 if len(assembly) else 0, np.inf)
    np.minimum.at(nearest, assembly[mine], d)
    owner = np.zeros(len(nearest), dtype=int)
    owner[assembly] = float_of
    worst = np.full(n, -np.inf)
    np.maximum.at(worst, owner, nearest)
    gap[docks] = worst[docks]
    return shortfall, gap


def _assemblies(floats, float_of, contact) -> np.ndarray:
    """An assembly number per float: floats of one dock touching within ``contact`` share one (as ``assemblies``)."""
    if not len(floats):
        return np.zeros(0, dtype=int)
    grown = shapely.buffer(floats, contact / 2, join_style="mitre")
    a, b = shapely.STRtree(grown).query(grown, predicate="intersects")
    same = float_of[a] == float_of[b]
    return connected_groups(len(floats), a[same], b[same])


def _float_layout(floats, float_of, origin, axis, half_width, tolerance_deg, contact, n):
    """Each dock's float layout (I, L, T or other per assembly, joined by "+") and the worst assembly's angle (deg)."""
    layout = np.full(n, None, dtype=object)
    angle_out = np.full(n, np.nan)
    if not len(floats):
        return layout, angle_out
    assembly = _assemblies(floats, float_of, contact)
    groups, first = np.unique(assembly, return_index=True)
    owner = float_of[first]
    number = np.searchsorted(groups, assembly)
    order = np.argsort(number, kind="stable")
    long_axis, _, _ = _rect_axes(shapely.geometrycollections(floats[order], indices=number[order]))
    cos = np.abs(np.einsum("ij,ij->i", long_axis, axis[owner]))
    angle = np.degrees(np.arccos(np.minimum(cos, 1.0)))
    side = np.stack([-axis[:, 1], axis[:, 0]], axis=1)
    xy, k = shapely.get_coordinates(floats, return_index=True)
    g = np.searchsorted(groups, assembly[k])
    across = np.einsum("ij,ij->i", xy - origin[float_of[k]], side[float_of[k]])
    hi, lo = np.full(len(groups), -np.inf), np.full(len(groups), np.inf)
    np.maximum.at(hi, g, across)
    np.minimum.at(lo, g, across)
    kind = np.where(
        angle <= tolerance_deg, "I",
        np.where(angle >= 90.0 - tolerance_deg, np.where(np.minimum(hi, -lo) <= half_width[owner] + contact, "L", "T"), "other"),
    )
    off = np.minimum(angle, 90.0 - angle)
    order = np.lexsort((-off, owner))
    worst = order[np.r_[True, owner[order][1:] != owner[order][:-1]]]
    angle_out[owner[worst]] = angle[worst]
    for d in np.unique(owner):
        layout[d] = "+".join(kind[owner == d].tolist())
    return layout, angle_out


def _lift_angles(lifts, lift_of, roots, mhw, n) -> np.ndarray:
    """The largest angle between a boat lift's long axis and the shore normal at its dock's root (deg; NaN: no lift)."""
    out = np.full(n, np.nan)
    if not len(lifts):
        return out
    docks = np.unique(lift_of)
    seg_a, seg_b, seg_first, seg_count = mhw.segments
    chunk, _ = mhw.nearest(shapely.points(roots[docks]))
    owner, rank, _ = ragged(seg_count[chunk])
    k = seg_first[chunk][owner] + rank
    d = shapely.distance(shapely.points(roots[docks][owner]), shapely.linestrings(np.stack([seg_a[k], seg_b[k]], axis=1)))
    order = np.lexsort((d, owner))
    best = k[order[np.r_[True, owner[order][1:] != owner[order][:-1]]]]
    tangent = seg_b[best] - seg_a[best]
    normal = np.stack([-tangent[:, 1], tangent[:, 0]], axis=1) / np.hypot(*tangent.T)[:, None]
    where = np.searchsorted(docks, lift_of)
    long_axis, _, _ = _rect_axes(lifts)
    cos = np.abs(np.einsum("ij,ij->i", long_axis, normal[where]))
    angle = np.degrees(np.arccos(np.minimum(cos, 1.0)))
    worst = np.full(n, -np.inf)
    np.maximum.at(worst, lift_of, angle)
    out[docks] = worst[docks]
    return out


def _on_own_lot(lots: DockLots, roots: np.ndarray, tolerance: float) -> np.ndarray:
    """Whether each dock stands on its own lot, by the one test of :func:`~dockreview.measure.envelope.docks_on_lot`."""
    dock, lot = docks_on_lot(lots.parcel, lots.zone, lots.frontage, roots, tolerance)
    out = np.zeros(len(roots), dtype=bool)
    out[dock[dock == lot]] = True
    return out


def infer_components(footprint, landward_end: np.ndarray, *, ft_per_unit: float) -> tuple[list[str], list, str]:
    """The walkway and float of a dock drawn without components, from its outline (Docks D(2)(b), D(2)(c)).

    Cross-sections square to the dock's axis (the long side of its minimum
    rotated rectangle, pointing away from ``landward_end``) are taken every
    :data:`SECTION_STEP_FT`. The walkway's width is their median over the
    landward half of the dock; the head is the run of cross-sections at the
    seaward end, all wider than that by more than :data:`HEAD_WIDENING_FT`. The
    head starts at the landward-most vertex between its first cross-section
    and the one before (where the outline widens), and is the float; the rest
    is the walkway. A dock with no such head, or wide all along, is all walkway
    (a 10-ft walkway still fails Docks D(2)(b)).

    Returns
    -------
    kinds : list of str
    geometries : list of geometries
    how : str
        ``"inferred: walkway + float head"`` or ``"inferred: walkway only (no wider head at the seaward end)"``.
    """
    axis = long_axis(footprint)
    xy = shapely.get_coordinates(footprint)
    if (xy.mean(axis=0) - landward_end) @ axis < 0:
        axis = -axis
    across = left_of(axis)
    t, c = (xy - landward_end) @ axis, (xy - landward_end) @ across
    t0, t1 = float(t.min()), float(t.max())
    n = max(math.ceil((t1 - t0) * ft_per_unit / SECTION_STEP_FT), 2)
    at = t0 + (np.arange(n) + 0.5) * (t1 - t0) / n
    lo, hi = float(c.min()) - 1.0, float(c.max()) + 1.0
    ends = landward_end + at[:, None] * axis
    sections = shapely.linestrings(np.stack([ends + lo * across, ends + hi * across], axis=1))
    width = shapely.length(shapely.intersection(footprint, sections))
    walkway_width = float(np.median(width[at <= (t0 + t1) / 2]))
    wide = width > walkway_width + HEAD_WIDENING_FT / ft_per_unit
    if not wide[-1] or wide.all():
        return ["walkway"], [footprint], "inferred: walkway only (no wider head at the seaward end)"
    first = int(np.flatnonzero(~wide)[-1]) + 1
    between = t[(t > at[first - 1]) & (t <= at[first])]
    start = float(between.min()) if len(between) else float(at[first - 1] + at[first]) / 2
    walkway = _area_of(shapely.intersection(footprint, rectangle(landward_end, axis, (t0 - 1.0, start), (lo, hi))))
    head = _area_of(shapely.intersection(footprint, rectangle(landward_end, axis, (start, t1 + 1.0), (lo, hi))))
    return ["walkway", "float"], [walkway, head], "inferred: walkway + float head"


def _area_of(geom: shapely.Geometry) -> shapely.Geometry:
    """The polygons of a cut, without the edges it leaves where the pieces touched."""
    parts = shapely.get_parts(shapely.get_parts(geom))
    return shapely.union_all(parts[shapely.get_dimensions(parts) == 2])
