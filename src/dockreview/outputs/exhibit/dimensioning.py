"""The exhibit's dimensions: each the review's measurement with the status and limit its check gave it.

A dimension does not judge: whether it is drawn in the warning colour, and the
limit it names, come from the check that decided the measurement (for the left
and right setbacks, from that side's :class:`~dockreview.rules.base.Part`). The
frontage is dimensioned along the MHW line, a dimension that runs along the dock
is set off beside it, and each label is placed by the sheet kit's placer.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from matplotlib.text import Text
from shapely.geometry.base import BaseGeometry

from dockreview.outputs.reading import check_of
from dockreview.outputs.sheet.draw import arrow, px
from dockreview.outputs.sheet.labels import Placer, leader, leader_candidates, polyline_candidates
from dockreview.outputs.style import BACKING, COLOURS
from dockreview.rules.base import AT_LEAST, AT_MOST, FAIL, PASS, WAIVED

#: The dimensions drawn besides the reach: key, the name on the label, the measurement, the check that decided it.
MEASURED = (
    ("frontage", "frontage", "frontage_ft", "frontage"),
    ("setback_left", "left setback", "setback_left_ft", "side-setback"),
    ("setback_right", "right setback", "setback_right_ft", "side-setback"),
    ("channel_clearance", "to channel", "channel_clearance_ft", "channel-clearance"),
    ("dock_clearance", "to dock", "dock_clearance_ft", "dock-clearance"),
)
#: The side of a check decided on its parts that each setback dimension shows.
PARTS = {"setback_left": "left", "setback_right": "right"}


@dataclass(frozen=True)
class Dimension:
    """One dimension to draw: its line, what it measures, and the limit and status its check gave it.

    ``status`` and ``limit`` are the deciding check's (a side setback's are its
    Part's); ``sense`` is the check's and says how a failing label reads
    (at-least: ``< 60.0 ft req.``, at-most: ``> 200.0 ft max.``). ``note`` says
    where a limit comes from (``"navigable depth"``).
    """

    key: str
    name: str
    line: BaseGeometry
    value: float
    limit: float | None
    sense: str
    status: str
    note: str = ""

    @property
    def fails(self) -> bool:
        """Whether the check failed the dimension (a waived failure does not fail)."""
        return self.status == FAIL

    @property
    def waived(self) -> bool:
        """Whether the dimension's failure was waived."""
        return self.status == WAIVED

    @property
    def text(self) -> str:
        """``"right setback 15.0 ft < 60.0 ft req."`` when failing, else ``"left setback 65.0 ft"``."""
        text = f"{self.name} {self.value:,.1f} ft"
        if (self.fails or self.waived) and self.limit is not None:
            if self.sense == AT_LEAST:
                relation = f"< {self.limit:,.1f} ft req."
            elif self.sense == AT_MOST:
                relation = f"> {self.limit:,.1f} ft max."
            else:
                relation = f"(limit {self.limit:,.1f} ft)"
            text = f"{text} {relation}"
            if self.note:
                text = f"{text} ({self.note})"
        if self.waived:
            text = f"{text} (waived)"
        return text

    @property
    def colour(self) -> str:
        """The warning colour for a failing dimension."""
        return COLOURS["warning"] if self.fails else COLOURS["dimension"]


def _status_and_limit(check, part_name: str | None) -> tuple[str, float | None]:
    """The status and limit a dimension shows: the check's, or for one side its Part's when the check failed on it."""
    if check is None:
        return "", None
    part = check.part(part_name) if part_name else None
    if part is None:
        return check.status, check.limit
    if check.status in (FAIL, WAIVED):  # decided on the worse side: the other side keeps its own pass
        return (check.status if part.status == FAIL else PASS), part.limit
    return check.status, part.limit


def _reach_dimension(review) -> Dimension | None:
    """The measure the reach check decided on: the reach, or the length along the axis when that is greater.

    Its value is the check's; its limit the check's, or the navigable-reach
    check's when that one is decided and stricter; failing when either fails.
    """
    m, lines = review.measurements, review.layout.dimension_lines
    reach = check_of(review, "reach")
    along_axis = m.length_ft > m.reach_ft
    value = reach.value if reach is not None and reach.value is not None else m.overall_reach_ft
    line = lines.get("length") if along_axis else lines.get("reach")
    if line is None or value is None or not np.isfinite(value):
        return None
    deciding = [c for c in (reach,) if c is not None]
    limit = reach.limit if reach is not None else None
    note = ""
    nav = check_of(review, "navigable-reach")
    if nav is not None and nav.decided and nav.limit is not None:
        if limit is None or nav.limit < limit - 1e-9:
            limit, note = nav.limit, "navigable depth"
            deciding = [nav, *deciding]
        elif nav.status == FAIL:
            deciding.append(nav)
    statuses = {c.status for c in deciding}
    status = FAIL if FAIL in statuses else WAIVED if WAIVED in statuses else (reach.status if reach is not None else "")
    sense = reach.sense if reach is not None else nav.sense if nav is not None else AT_MOST
    name = "length along axis" if along_axis else "reach"
    return Dimension("reach", name, line, float(value), None if limit is None else float(limit), sense, status, note=note)


def dimensions(review) -> list[Dimension]:
    """The dimensions of the exhibit, each with the review's measurement and its check's limit and status.

    The frontage is dimensioned along the MHW line; the others along the
    shortest lines of :attr:`Layout.dimension_lines`. The reach is the measure the
    reach check decided on. A dimension whose measurement is missing (no layer) or
    infinite (empty layer) is left out.
    """
    m, lines = review.measurements, review.layout.dimension_lines
    dims = []
    for key, name, attribute, check_id in MEASURED:
        line = review.layout.riparian.frontage if key == "frontage" else lines.get(key)
        value = m[attribute]
        if line is None or value is None or not np.isfinite(value) or line.length <= 0:
            continue
        check = check_of(review, check_id)
        status, limit = _status_and_limit(check, PARTS.get(key))
        sense = check.sense if check is not None else AT_LEAST
        dims.append(Dimension(key, name, line, value, limit, sense, status))
    reach = _reach_dimension(review)
    if reach is not None and reach.line.length > 0:
        dims.insert(3, reach)
    return dims


# ----------------------------------------------------------------------------- drawn


def _single_line(line: BaseGeometry) -> shapely.LineString:
    """One line of an offset curve: merged, else its longest piece."""
    merged = shapely.line_merge(line) if line.geom_type != "LineString" else line
    return merged if merged.geom_type == "LineString" else max(shapely.get_parts(merged), key=shapely.length)


def frontage_line(ax, rip, view_width: float, colour: str) -> np.ndarray:
    """Draw the frontage dimension, offset landward of the MHW line; its vertices (data)."""
    front = shapely.line_merge(rip.frontage)
    if front.geom_type != "LineString":
        front = rip.chord
    gap = 0.03 * view_width
    landward = -rip.seaward
    front = shapely.simplify(front, 1e-6 * front.length)  # collinear vertices can split an offset curve
    candidates = [_single_line(shapely.offset_curve(front, d)) for d in (gap, -gap)]
    mid = np.asarray(rip.frontage_midpoint.coords[0])
    offset = max(candidates, key=lambda c: float((np.asarray(c.interpolate(0.5, normalized=True).coords[0]) - mid) @ landward))
    xy = np.asarray(offset.coords)
    if np.hypot(*(xy[0] - np.asarray(rip.left_corner.coords[0]))) > np.hypot(*(xy[-1] - np.asarray(rip.left_corner.coords[0]))):
        xy = xy[::-1]
    ax.plot(xy[1:-1, 0], xy[1:-1, 1], color=colour, lw=0.9, zorder=7)
    arrow(ax, xy[1], xy[0], colour, "-|>")
    arrow(ax, xy[-2], xy[-1], colour, "-|>")
    for corner, end in ((rip.left_corner, xy[0]), (rip.right_corner, xy[-1])):
        ax.plot([corner.x, end[0]], [corner.y, end[1]], color=colour, lw=0.5, zorder=7)
    return xy


def runs_over(line: BaseGeometry, footprint: BaseGeometry) -> bool:
    """Whether a dimension line runs along the dock (the length along its axis; a reach down a walkway's edge)."""
    return shapely.length(shapely.intersection(line, shapely.buffer(footprint, 1e-6 * line.length))) > 0.05 * line.length


def axis_dimension_line(ax, review, line: BaseGeometry, view_width: float, colour: str, avoid: list) -> np.ndarray:
    """Draw a dimension that runs along the dock beside it instead, with extension lines; its ends (data).

    The length along the axis runs down the walkway's middle, and a reach may run
    down a walkway's edge: the dimension is set off parallel, to the side of the
    dock where it crosses fewer other dimension lines, at its full length.
    """
    a, b = np.asarray(line.coords)[[0, -1]]
    along = (b - a) / max(np.hypot(*(b - a)), 1e-12)
    normal = np.array([-along[1], along[0]])
    xy = shapely.get_coordinates(review.layout.dock.footprint)
    across = (xy - a) @ normal
    gap = 0.02 * view_width
    best = None
    for side, reach in ((1, across.max()), (-1, -across.min())):
        shift = normal * side * (max(reach, 0.0) + gap)
        ends = np.array([a + shift, b + shift])
        crossing = sum(shapely.intersects(shapely.LineString(ends), g) for g in avoid)
        if best is None or crossing < best[0]:
            best = (crossing, ends)
    ends = best[1]
    for base, end in ((a, ends[0]), (b, ends[1])):
        ax.plot([base[0], end[0]], [base[1], end[1]], color=colour, lw=0.5, zorder=7)
    arrow(ax, ends[0], ends[1], colour)
    return ends


def draw_dimension_lines(ax, review, riparian, dims: list[Dimension], view_width: float) -> list[tuple[Dimension, np.ndarray]]:
    """Draw each dimension's line with its arrowheads; (dimension, the ends drawn, data) pairs."""
    drawn = []
    avoid = [d.line for d in dims if d.key != "reach"]
    for dim in dims:
        if dim.key == "frontage":
            ends = frontage_line(ax, riparian, view_width, dim.colour)
        elif dim.key == "reach" and runs_over(dim.line, review.layout.dock.footprint):
            ends = axis_dimension_line(ax, review, dim.line, view_width, dim.colour, avoid)
        else:
            ends = np.asarray(dim.line.coords)[[0, -1]]
            arrow(ax, ends[0], ends[1], dim.colour)
        drawn.append((dim, ends))
    return drawn


def place_dimension(placer: Placer, ends_data: np.ndarray, dim: Dimension, fontsize: float) -> Text:
    """Label a dimension beside its line, else along it past its ends, else out on a leader."""
    ax = placer.ax
    text = ax.text(0, 0, dim.text, fontsize=fontsize, color=dim.colour, ha="center", va="center",
                   rotation_mode="anchor", zorder=11, gid=f"dimension:{dim.key}", bbox=BACKING)
    width, height = placer.measure(text)
    xy = ax.transData.transform(np.asarray(ends_data, dtype=float))
    gap = px(placer.fig, 2.0)
    best = placer.choose(polyline_candidates(xy, width, height, gap))
    if best is None:
        anchor = np.asarray(shapely.LineString(xy).interpolate(0.5, normalized=True).coords[0])
        best = placer.choose(leader_candidates(anchor, width, height, px(placer.fig, 6.0)), leader_from=anchor)
        if best is not None:
            leader(ax, best[3], anchor, dim.colour)
    if best is None:  # nowhere free: the least crowded spot beside the line (a test catches it)
        cands = polyline_candidates(xy, width, height, gap)
        hard = placer.obstacles()
        best = min(cands, key=lambda c: sum(shapely.area(shapely.intersection(h, c[3])) for h in hard) + (0 if placer.frame.contains(c[3]) else 1e9))
    _, centre, angle, shape = best
    return placer.commit(text, centre, angle, shape)
