"""The exhibit's dimensions: each the review's measurement with the status and limit its check gave it.

A dimension does not judge: whether it is drawn in the warning colour, and the
limit it names, come from the check that decided the measurement (for the left
and right setbacks, from that side's :class:`~dockreview.rules.base.Part`). A
dimension whose check's margin lies within the data's accuracy (a conditional
pass or fail) reads "105.4 ± 6.1 ft" with its limit, the ± figure the check's
uncertainty at 95 %, in its status's colour. The
frontage is dimensioned along the MHW line, a dimension that runs along the dock
is set off beside it, and each label is placed by the sheet kit's placer where
:mod:`~dockreview.outputs.exhibit.placing` offers it room.

Lines do not run on lines: :func:`draw_dimension_lines` reads the line work
already drawn off the axes (:mod:`dockreview.outputs.sheet.linework`) and draws
each dimension where the least of it lies within
:data:`~dockreview.outputs.sheet.linework.ON_LINE_TOLERANCE_PT` of another line
running its way: at its place, or set off square to itself by whole steps of
:data:`OFFSET_STEP_PT`, with extension lines back to the points it measures.
A dimension too short for its arrowheads has them outside, pointing in. The
walkway's width and the floats' area, the values their checks decided, stand on
the components with a leader (:func:`component_figures`): along a walkway,
read along it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
from matplotlib.text import Text
from shapely.geometry.base import BaseGeometry

from dockreview.outputs.exhibit.placing import ANCHORS, along_shape, draw_leader, on_leader, settle
from dockreview.outputs.reading import check_of, decision
from dockreview.outputs.sheet.draw import arrow, px
from dockreview.outputs.sheet.labels import Placer
from dockreview.outputs.sheet.linework import (
    ON_LINE_TOLERANCE_PT,
    SAMPLE_PT,
    drawn_segments,
    on_line,
    px_of,
    segment_tree,
)
from dockreview.outputs.style import BACKING, COLOURS, STATUS_COLOURS
from dockreview.rules.base import AT_LEAST, AT_MOST, CONDITIONAL_FAIL, CONDITIONAL_PASS, FAIL, FAILING, WAIVED

#: The dimensions drawn besides the reach: key, the name on the label, the measurement (the checks whose kinds
#: name the key decide it, :func:`~dockreview.outputs.reading.deciding`).
MEASURED = (
    ("frontage", "frontage", "frontage_ft"),
    ("setback_left", "left setback", "setback_left_ft"),
    ("setback_right", "right setback", "setback_right_ft"),
    ("channel_clearance", "to channel", "channel_clearance_ft"),
    ("dock_clearance", "to dock", "dock_clearance_ft"),
)


@dataclass(frozen=True)
class Dimension:
    """One dimension to draw: its line, what it measures, and the limit and status its check gave it.

    ``status`` and ``limit`` are the deciding check's (a side setback's are its
    Part's); ``sense`` is the check's and says how a failing label reads
    (at-least: ``< 60.0 ft req.``, at-most: ``> 200.0 ft max.``). ``note`` says
    where a limit comes from (``"navigable depth"``). ``uncertainty`` is the
    check's margin's uncertainty at 95 % when its status is conditional (None
    otherwise, and when an input's accuracy is unassessed).

    Examples
    --------
    >>> near = Dimension("setback_left", "left setback", None, 61.0, 60.0, "at-least", "conditional-pass", uncertainty=6.2)
    >>> near.text
    'left setback 61.0 ± 6.2 ft (60.0 ft req.)'
    >>> Dimension("reach", "reach", None, 210.0, 200.0, "at-most", "conditional-fail", uncertainty=12.0).text
    'reach 210.0 ± 12.0 ft > 200.0 ft max.'
    """

    key: str
    name: str
    line: BaseGeometry
    value: float
    limit: float | None
    sense: str
    status: str
    note: str = ""
    unit: str = "ft"
    uncertainty: float | None = None

    @property
    def conditional(self) -> bool:
        """Whether the check's margin lies within the data's accuracy (a conditional pass or fail)."""
        return self.status in (CONDITIONAL_PASS, CONDITIONAL_FAIL)

    @property
    def fails(self) -> bool:
        """Whether the check failed the dimension (a waived failure does not fail)."""
        return self.status in FAILING

    @property
    def waived(self) -> bool:
        """Whether the dimension's failure was waived."""
        return self.status == WAIVED

    @property
    def figure(self) -> str:
        """``"65.0 ft"``; ``"61.0 ± 6.2 ft"`` within the data's accuracy (``"61.0 ft (accuracy unassessed)"``)."""
        if not self.conditional:
            return f"{self.value:,.1f} {self.unit}"
        if self.uncertainty is None:
            return f"{self.value:,.1f} {self.unit} (accuracy unassessed)"
        return f"{self.value:,.1f} \u00b1 {self.uncertainty:,.1f} {self.unit}"

    @property
    def text(self) -> str:
        """``"right setback 15.0 ft < 60.0 ft req."`` when failing, ``"left setback 61.0 ± 6.2 ft (60.0 ft req.)"``
        within the data's accuracy, else ``"left setback 65.0 ft"``."""
        unit = self.unit
        text = f"{self.name} {self.figure}"
        if (self.fails or self.waived) and self.limit is not None:
            if self.sense == AT_LEAST:
                relation = f"< {self.limit:,.1f} {unit} req."
            elif self.sense == AT_MOST:
                relation = f"> {self.limit:,.1f} {unit} max."
            else:
                relation = f"(limit {self.limit:,.1f} {unit})"
            text = f"{text} {relation}"
            if self.note:
                text = f"{text} ({self.note})"
        elif self.conditional and self.limit is not None:
            said = {AT_LEAST: "req.", AT_MOST: "max."}.get(self.sense, "limit")
            text = f"{text} ({self.limit:,.1f} {unit} {said}{', ' + self.note if self.note else ''})"
        if self.waived:
            text = f"{text} (waived)"
        return text

    @property
    def colour(self) -> str:
        """The warning colour for a failing dimension, its status's colour within the data's accuracy."""
        if self.conditional:
            return STATUS_COLOURS[self.status]
        return COLOURS["warning"] if self.status == FAIL else COLOURS["dimension"]


def _reach_dimension(review) -> Dimension | None:
    """The dock's reach from the MHW line (or its length along the axis when greater), held to the least reach any
    check allows it (the review's envelope's limit).

    Every check that limits the reach is shown on it (a reach limit, navigable
    depth, a share of the waterway, a reach from a datum line): the dimension fails
    when one of them fails, and its note says where the limit comes from when a
    plain reach limit does not set it.
    """
    m, lines = review.measurements, review.layout.dimension_lines
    along_axis = m.length_ft > m.reach_ft
    value = m.overall_reach_ft
    line = lines.get("length") if along_axis else lines.get("reach")
    if line is None or value is None or not np.isfinite(value):
        return None
    check, status, limit = decision(review, "reach")
    note = "" if limit is None else review.rules.reach_source(m, limit)
    name = "length along axis" if along_axis else "reach"
    return Dimension("reach", name, line, float(value), limit, AT_MOST, status, note=note, uncertainty=_within(check, status))


def _within(check, status: str) -> float | None:
    """The check's uncertainty (95 %) for a dimension that shows it conditional; None otherwise."""
    return check.uncertainty if check is not None and status in (CONDITIONAL_PASS, CONDITIONAL_FAIL) else None


def dimensions(review) -> list[Dimension]:
    """The dimensions of the exhibit, each with the review's measurement and its check's limit and status.

    The frontage is dimensioned along the MHW line; the others along the
    shortest lines of :attr:`Layout.dimension_lines`. The reach is the measure the
    reach check decided on. A dimension whose measurement is missing (no layer) or
    infinite (empty layer) is left out.
    """
    m, lines = review.measurements, review.layout.dimension_lines
    dims = []
    for key, name, attribute in MEASURED:
        line = review.layout.riparian.frontage if key == "frontage" else lines.get(key)
        value = m[attribute]
        if line is None or value is None or not np.isfinite(value) or line.length <= 0:
            continue
        check, status, limit = decision(review, key)
        sense = check.sense if check is not None else AT_LEAST
        dims.append(Dimension(key, name, line, value, limit, sense, status, uncertainty=_within(check, status)))
    reach = _reach_dimension(review)
    if reach is not None and reach.line.length > 0:
        dims.insert(3, reach)
    return dims


#: The figures set on the dock's components: key, the name on the label, the components, the check that decided it.
ON_COMPONENTS = (
    ("walkway", "walkway width", ("walkway", "ramp"), "width"),
    ("float", "float area", ("float",), "float-area"),
)


def component_figures(review) -> list[tuple[Dimension, BaseGeometry]]:
    """The walkway's width and the floats' area, each the value its check decided, with the components it names.

    Set on the plan by :func:`place_component_figure` with a leader to the
    components; red when the check failed. A component the dock does not have,
    or a check without a value, gives none.
    """
    components = review.layout.dock.components
    out = []
    for key, name, kinds, check_id in ON_COMPONENTS:
        check = check_of(review, check_id)
        geoms = components.geometry[components["component"].isin(kinds)].values
        if check is None or check.value is None or not len(geoms) or not np.isfinite(check.value):
            continue
        count = len(geoms) if key == "float" else 1
        label = f"{count} floats" if count > 1 else name
        unit = check.unit or "ft"
        dim = Dimension(key, label, shapely.LineString(), float(check.value), check.limit, check.sense, check.status, unit=unit,
                        uncertainty=_within(check, check.status))
        out.append((dim, shapely.union_all(geoms)))
    return out


def place_component_figure(placer: Placer, dim: Dimension, geom: BaseGeometry, fontsize: float, *, dock=None) -> Text | None:
    """Set a component's figure with a leader to it (gid ``component:KEY``); None where the map has no room.

    Along an elongated component (a walkway) the figure stands beside it, read
    along it, with a short leader square to it; otherwise, or where there is no
    room along it, near it (:func:`~.placing.on_leader`), anywhere on the map if
    need be, its leader kept off the rest of the ``dock`` (display).
    """
    ax = placer.ax
    text = ax.text(0, 0, dim.text, fontsize=fontsize, color=dim.colour, ha="center", va="center", rotation_mode="anchor",
                   zorder=11, gid=f"component:{dim.key}", bbox=BACKING)
    width, height = placer.measure(text)
    shape = shapely.transform(geom, ax.transData.transform)
    anchors = [np.asarray(shapely.point_on_surface(shape).coords[0])]
    candidates, axis = along_shape(shape, width, height, px(placer.fig, 3.0))
    best = placer.choose(candidates)
    if axis is not None:  # on the component's axis, where it lies inside the component
        line = shapely.LineString(axis)
        feet = [line.interpolate(line.project(shapely.Point(best[1])))] if best is not None else \
            [line.interpolate(t, normalized=True) for t in ANCHORS]
        anchors = [np.asarray(p.coords[0]) for p in feet if shape.contains(p)] or anchors
    anchor = anchors[0]
    if best is None:
        keep_off = None if dock is None else shapely.difference(dock, shape.buffer(px(placer.fig, 1.0)))
        best, anchor = on_leader(placer, anchors, width, height, base_cost=0.0, keep_off=keep_off)
    if best is None:
        text.remove()
        return None
    draw_leader(placer, best[3], anchor, dim.colour)
    return placer.commit(text, best[1], best[2], best[3])


# ----------------------------------------------------------------------------- drawn


def _single_line(line: BaseGeometry) -> shapely.LineString:
    """One line of an offset curve: merged, else its longest piece."""
    merged = shapely.line_merge(line) if line.geom_type != "LineString" else line
    return merged if merged.geom_type == "LineString" else max(shapely.get_parts(merged), key=shapely.length)


#: A dimension line may be set off beside what it measures in steps of this much of the printed page (pt) ...
OFFSET_STEP_PT = 7.0
#: ... this many steps either side, nearest first.
OFFSET_STEPS = (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 8, -8)
#: A dimension line shorter than this on the page (pt) has its arrowheads outside it, pointing in.
SHORT_PT = 9.0
#: What each point (pt) of a dimension line run on another line costs, against one step of setting it off.
ON_LINE_COST = 10.0


def _offset_polyline(line: BaseGeometry, distance: float) -> np.ndarray:
    """``line`` set off by ``distance`` (data units, positive to its left), as one polyline."""
    line = shapely.simplify(line, 1e-6 * line.length)  # collinear vertices can split an offset curve
    return np.asarray(_single_line(shapely.offset_curve(line, distance)).coords)


def _frontage_candidates(rip, view_width: float) -> list[tuple[float, np.ndarray]]:
    """The frontage dimension set off landward of the MHW line, nearest first, from the left water corner."""
    front = shapely.line_merge(rip.frontage)
    if front.geom_type != "LineString":
        front = rip.chord
    mid = np.asarray(rip.frontage_midpoint.coords[0])
    gap = 0.03 * view_width
    left = np.asarray(rip.left_corner.coords[0])
    out = []
    for k, factor in enumerate((1.0, 1.5, 2.0, 2.6, 3.3)):
        sides = [_offset_polyline(front, d * gap * factor) for d in (1, -1)]
        xy = max(sides, key=lambda c: float((c[len(c) // 2] - mid) @ -rip.seaward))
        if np.hypot(*(xy[0] - left)) > np.hypot(*(xy[-1] - left)):
            xy = xy[::-1]
        out.append((0.6 * k, xy))
    return out


def runs_over(line: BaseGeometry, footprint: BaseGeometry) -> bool:
    """Whether a dimension line runs along the dock (the length along its axis; a reach down a walkway's edge)."""
    return shapely.length(shapely.intersection(line, shapely.buffer(footprint, 1e-6 * line.length))) > 0.05 * line.length


def _beside_dock(review, line: BaseGeometry, view_width: float) -> list[tuple[float, np.ndarray]]:
    """A dimension that runs along the dock set off parallel beside it, either side, at its full length."""
    a, b = np.asarray(line.coords)[[0, -1]]
    along = (b - a) / max(np.hypot(*(b - a)), 1e-12)
    normal = np.array([-along[1], along[0]])
    across = (shapely.get_coordinates(review.layout.dock.footprint) - a) @ normal
    gap = 0.02 * view_width
    out = []
    for k, factor in enumerate((1.0, 1.6, 2.4, 3.5)):
        for side, reach in ((1, across.max()), (-1, -across.min())):
            shift = normal * side * (max(reach, 0.0) + gap * factor)
            out.append((0.6 * k, np.array([a + shift, b + shift])))
    return out


def _set_off(line: BaseGeometry, units_per_pt: float) -> list[tuple[float, np.ndarray]]:
    """A straight dimension at its place, then set off square to itself by :data:`OFFSET_STEPS`, nearest first."""
    a, b = np.asarray(line.coords)[[0, -1]]
    length = np.hypot(*(b - a))
    if length <= 0:
        return [(0.0, np.array([a, b]))]
    normal = np.array([-(b - a)[1], (b - a)[0]]) / length
    return [(0.5 * abs(k), np.array([a, b]) + normal * k * OFFSET_STEP_PT * units_per_pt) for k in OFFSET_STEPS]


class _Lines:
    """The line work a dimension is held clear of (display), growing as each dimension is drawn."""

    def __init__(self, ax, review):
        fig = ax.figure
        self.ax, self.to_display = ax, ax.transData.transform
        self.segments = drawn_segments(ax)
        self._tree = None
        self.tolerance, self.step = px_of(fig, ON_LINE_TOLERANCE_PT), px_of(fig, SAMPLE_PT)
        self.pt = px_of(fig, 1.0)
        self.frame = shapely.box(*ax.bbox.extents).buffer(-px_of(fig, 4.0))
        self.dock = shapely.transform(review.layout.dock.footprint, self.to_display) if review is not None else None
        self.placed: list[shapely.LineString] = []

    def cost(self, xy_data: np.ndarray, base: np.ndarray | None) -> float:
        """What a dimension drawn along ``xy_data`` costs: the length it runs on other lines, over the dock, across other dimensions."""
        xy = self.to_display(xy_data)
        line = shapely.LineString(xy)
        if not self.frame.contains(line):
            return math.inf
        cost = ON_LINE_COST * on_line(xy, self.segments, self.tolerance, self.step, tree=self.tree) / self.pt
        if self.dock is not None:
            cost += 2.0 * shapely.length(shapely.intersection(line, self.dock)) / self.pt
        cost += 0.5 * sum(1 for other in self.placed if line.crosses(other))
        if base is not None:  # extension lines back to what it measures: short, and off the dock
            for start, end in zip(self.to_display(base), xy[[0, -1]]):
                tie = shapely.LineString([start, end])
                if self.dock is not None and tie.length > 0:
                    cost += 0.5 * shapely.length(shapely.intersection(tie, self.dock)) / self.pt
        return cost

    def add(self, xy_data: np.ndarray) -> None:
        xy = self.to_display(np.asarray(xy_data, dtype=float))
        self.placed.append(shapely.LineString(xy))
        self.segments = np.concatenate([self.segments, np.stack([xy[:-1], xy[1:]], axis=1)])
        self._tree = None

    @property
    def tree(self) -> shapely.STRtree:
        """The line work's segments in a tree, built once for every dimension tried until the next is drawn."""
        if self._tree is None:
            self._tree = segment_tree(self.segments)
        return self._tree

    def runs_on_lines(self, xy_data: np.ndarray) -> bool:
        """Whether a short line (an extension line) runs on line work already drawn for most of its length."""
        xy = self.to_display(np.asarray(xy_data, dtype=float))
        length = float(np.hypot(*(xy[-1] - xy[0])))
        return length <= self.tolerance or on_line(xy, self.segments, self.tolerance, self.step, tree=self.tree) >= 0.8 * length


def _draw_arrow(ax, ends: np.ndarray, colour: str, key: str, lines: _Lines) -> None:
    """A two-headed dimension line; a short one with its heads outside it, pointing in."""
    a, b = np.asarray(ends, dtype=float)
    display = ax.transData.transform(np.array([a, b]))
    length_pt = np.hypot(*(display[1] - display[0])) / lines.pt
    if length_pt >= SHORT_PT or length_pt <= 0:
        arrow(ax, a, b, colour, gid=f"dimension-line:{key}")
        return
    along = (b - a) / np.hypot(*(b - a))
    reach = along * (SHORT_PT / 2) * lines.pt * (np.hypot(*(b - a)) / np.hypot(*(display[1] - display[0])))
    ax.plot([a[0], b[0]], [a[1], b[1]], color=colour, lw=0.9, zorder=8.5, gid=f"dimension-line:{key}")
    arrow(ax, a - reach, a, colour, "-|>", gid=f"dimension-line:{key}")
    arrow(ax, b + reach, b, colour, "-|>", gid=f"dimension-line:{key}")


def _ties(ax, base: np.ndarray, ends: np.ndarray, colour: str, key: str, lines: _Lines) -> None:
    """Extension lines from the points measured to a dimension set off beside them (none that would run on a line)."""
    for start, end in zip(base, ends[[0, -1]]):
        tie = np.array([start, end])
        if np.hypot(*(end - start)) > 0 and not lines.runs_on_lines(tie):
            ax.plot(tie[:, 0], tie[:, 1], color=colour, lw=0.5, zorder=7, gid=f"dimension-extension:{key}")


def draw_dimension_lines(ax, review, riparian, dims: list[Dimension], view_width: float) -> list[tuple[Dimension, np.ndarray]]:
    """Draw each dimension's line with its arrowheads, clear of the line work drawn before it; (dimension, polyline drawn, data) pairs.

    Each dimension is drawn where it runs least on other lines (side lines and
    their extensions, the MHW line, the reach limit, the contour, rings, lot
    lines, outlines, and the dimensions drawn before it): at its place, or set
    off square to itself in steps of :data:`OFFSET_STEP_PT`, with extension
    lines back to the points it measures. The frontage is set off landward of
    the MHW line, a dimension running along the dock beside the dock.
    """
    fig = ax.figure
    units_per_pt = (ax.get_xlim()[1] - ax.get_xlim()[0]) / ax.bbox.width * px_of(fig, 1.0)
    lines = _Lines(ax, review)
    drawn = []
    for dim in dims:
        if dim.key == "frontage":
            candidates, base = _frontage_candidates(riparian, view_width), None
        elif dim.key == "reach" and runs_over(dim.line, review.layout.dock.footprint):
            candidates, base = _beside_dock(review, dim.line, view_width), np.asarray(dim.line.coords)[[0, -1]]
        else:
            candidates, base = _set_off(dim.line, units_per_pt), np.asarray(dim.line.coords)[[0, -1]]
        scored = [(cost + lines.cost(xy, base), k, xy) for k, (cost, xy) in enumerate(candidates)]
        _, _, ends = min(scored, key=lambda c: (c[0], c[1]))
        if dim.key == "frontage":
            ax.plot(ends[1:-1, 0], ends[1:-1, 1], color=dim.colour, lw=0.9, zorder=8.5, gid="dimension-line:frontage")
            arrow(ax, ends[1], ends[0], dim.colour, "-|>", gid="dimension-line:frontage")
            arrow(ax, ends[-2], ends[-1], dim.colour, "-|>", gid="dimension-line:frontage")
            for corner, end in ((riparian.left_corner, ends[0]), (riparian.right_corner, ends[-1])):
                ax.plot([corner.x, end[0]], [corner.y, end[1]], color=dim.colour, lw=0.5, zorder=7, gid="dimension-extension:frontage")
        else:
            _ties(ax, base, ends, dim.colour, dim.key, lines)
            _draw_arrow(ax, ends, dim.colour, dim.key, lines)
        lines.add(ends)
        drawn.append((dim, ends))
    return drawn


def place_dimension(placer: Placer, ends_data: np.ndarray, dim: Dimension, fontsize: float, *, dock=None) -> Text:
    """Label a dimension beside its line, else past its ends, else out on a leader kept off the ``dock`` (display)
    (:func:`~.placing.settle`)."""
    ax = placer.ax
    text = ax.text(0, 0, dim.text, fontsize=fontsize, color=dim.colour, ha="center", va="center",
                   rotation_mode="anchor", zorder=11, gid=f"dimension:{dim.key}", bbox=BACKING)
    return settle(placer, text, ax.transData.transform(np.asarray(ends_data, dtype=float)), dim.colour, keep_off=dock)
