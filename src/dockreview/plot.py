"""The site-plan exhibit: the lot, its side lines and extensions, the dock and its dimensions.

:func:`plot_review` draws onto a matplotlib axes and returns ``(fig, ax)``. With
``ax=None`` it lays out a whole exhibit page (letter or tabloid, landscape): the
map, a legend of every symbol drawn, and a title block (site, parcel, date,
verdict, profile, working CRS, data sources). :func:`save_map` writes the page
as PNG (300 dpi), PDF or SVG (vectors), whole or not at all.

Everything drawn comes from the :class:`~dockreview.review.Review`: each
dimension label shows the review's measurement, and the shaded no-go areas are
those of :func:`dockreview.export.no_go_areas`. Labels are placed where they
overlap neither the dock, nor each other, nor the page furniture.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import shapely
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, PathPatch, Rectangle
from matplotlib.path import Path as MplPath
from matplotlib.tri import Triangulation
from matplotlib_scalebar.scalebar import ScaleBar
from shapely.geometry.base import BaseGeometry

from . import __version__
from .crs import describe
from .export import no_go_areas
from .io import atomic_path
from .rules.base import not_above, not_below

COLOURS = {
    "parcel": "#f3efe0",
    "neighbour": "#fafafa",
    "mhw": "#1f5fa8",
    "side": "#222222",
    "band": "#2da44e",
    "no_go_setback": "#bc4c00",
    "no_go_reach": "#6e7781",
    "no_go_terminus": "#d1242f",
    "reach": "#cf222e",
    "channel": "#8fb8de",
    "ring": "#d1242f",
    "other_dock": "#6e5494",
    "walkway": "#8b5a2b",
    "ramp": "#b07d48",
    "float": "#e0a526",
    "landing": "#a0522d",
    "boat_lift": "#444444",
    "pwc_lift": "#666666",
    "pile": "#000000",
    "dimension": "#0b3d91",
    "warning": "#cf222e",
    "sounding": "#57606a",
    "contour": "#00a6b4",
    "vegetation": "#2f8132",
}
VERDICT_COLOURS = {"compliant": "#1a7f37", "noncompliant": "#cf222e", "incomplete": "#9a6700"}
#: Landscape page sizes (inches), the width of the side panel and the label font size (pt).
PAGES = {"letter": (11.0, 8.5), "tabloid": (17.0, 11.0)}
PANEL_IN = {"letter": 2.9, "tabloid": 3.6}
FONT_PT = {"letter": 7.0, "tabloid": 9.0}
MARGIN_IN = 0.3
ROUND_LENGTHS_FT = (10, 20, 25, 50, 100, 200, 250, 500, 1000)
#: Where along a dimension line its label may go (fraction of the line), in order of preference.
LABEL_POSITIONS = (0.5, 0.35, 0.65, 0.2, 0.8, 0.05, 0.95)


@dataclass(frozen=True)
class Dimension:
    """One dimension to draw: its line, what it measures and the limit it is held to."""

    key: str
    name: str
    line: BaseGeometry
    value: float
    limit: float
    is_minimum: bool

    @property
    def fails(self) -> bool:
        """Whether the value breaks the limit (decided unrounded, as the check is)."""
        return not (not_below(self.value, self.limit) if self.is_minimum else not_above(self.value, self.limit))

    @property
    def text(self) -> str:
        """``"right setback 15.0 ft < 60.0 ft req."`` when failing, else ``"left setback 65.0 ft"``."""
        if not self.fails:
            return f"{self.name} {self.value:,.1f} ft"
        relation = f"< {self.limit:,.1f} ft req." if self.is_minimum else f"> {self.limit:,.1f} ft max."
        return f"{self.name} {self.value:,.1f} ft {relation}"

    @property
    def colour(self) -> str:
        """The warning colour for a failing dimension."""
        return COLOURS["warning"] if self.fails else COLOURS["dimension"]


# ----------------------------------------------------------------------------- drawing primitives


def _patch(geom, **kwargs) -> PathPatch | None:
    """A matplotlib patch for a (multi)polygon, holes included."""
    polys = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon" and not p.is_empty]
    if not polys:
        return None
    vertices, codes = [], []
    for poly in polys:
        for ring in (poly.exterior, *poly.interiors):
            xy = np.asarray(ring.coords)
            vertices.append(xy)
            codes.append([MplPath.MOVETO] + [MplPath.LINETO] * (len(xy) - 2) + [MplPath.CLOSEPOLY])
    return PathPatch(MplPath(np.concatenate(vertices), np.concatenate(codes)), **kwargs)


def _add(ax, geom, **kwargs) -> bool:
    """Add a (multi)polygon to ``ax``; whether anything was drawn."""
    patch = _patch(geom, **kwargs)
    if patch is not None:
        ax.add_patch(patch)
    return patch is not None


def _lines(ax, geom, **kwargs) -> bool:
    """Draw the line work of ``geom`` (polygons by their outline); whether anything was drawn."""
    drawn = False
    for part in shapely.get_parts(geom):
        if part.is_empty:
            continue
        if part.geom_type == "Polygon":
            part = part.exterior
        if part.geom_type == "Point":
            continue
        xy = np.asarray(part.coords)
        ax.plot(xy[:, 0], xy[:, 1], **kwargs)
        drawn = True
    return drawn


def _arrow(ax, start, end, colour: str, style: str = "<|-|>") -> None:
    """An arrow (both heads by default) between two points in data coordinates."""
    ax.annotate(
        "", xy=tuple(end), xytext=tuple(start),
        arrowprops=dict(arrowstyle=style, color=colour, lw=0.9, shrinkA=0, shrinkB=0, mutation_scale=8),
    )


def _wrap(text: str, width: int) -> str:
    return "\n".join(textwrap.wrap(text, width, break_long_words=True, subsequent_indent="  "))


# ----------------------------------------------------------------------------- the page


def _page(page: str):
    """A landscape exhibit page: the map axes, the legend axes and the title-block axes."""
    if page not in PAGES:
        raise ValueError(f"page {page!r}: use one of {', '.join(PAGES)}")
    width, height = PAGES[page]
    panel = PANEL_IN[page]
    fig = plt.figure(figsize=(width, height))
    m = MARGIN_IN
    map_w = width - 3 * m - panel
    ax = fig.add_axes((m / width, m / height, map_w / width, (height - 2 * m) / height))
    left = (2 * m + map_w) / width
    block_h = 0.42 * (height - 2 * m)
    legend_ax = fig.add_axes((left, (m + block_h + m / 2) / height, panel / width, (height - 2.5 * m - block_h) / height))
    block_ax = fig.add_axes((left, m / height, panel / width, block_h / height))
    for extra in (legend_ax, block_ax):
        extra.set_axis_off()
    return fig, ax, legend_ax, block_ax


def _extent(review) -> tuple[float, float, float, float]:
    """The water side of the lot: frontage, dock, band and dimensions, with a strip of upland."""
    layout = review.layout
    geoms = [layout.dock.footprint, layout.riparian.frontage, *layout.dimension_lines.values()]
    if not layout.allowed_band.is_empty:
        geoms.append(layout.allowed_band)
    water = shapely.union_all(geoms)
    x0, y0, x1, y1 = water.bounds
    span = max(x1 - x0, y1 - y0)
    upland = shapely.clip_by_rect(review.site.parcel, x0 - span, y0 - span, x1 + span, y1 + span)
    back = shapely.intersection(upland, shapely.buffer(layout.riparian.frontage, 0.25 * span))
    x0, y0, x1, y1 = shapely.union_all([water, back]).bounds
    pad = 0.08 * max(x1 - x0, y1 - y0)
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _fit_view(ax, bounds) -> shapely.Polygon:
    """Set equal-aspect limits that fill the axes box and contain ``bounds``; the view as a box."""
    x0, y0, x1, y1 = bounds
    box = ax.get_position()
    fig_w, fig_h = ax.figure.get_size_inches()
    aspect = (box.width * fig_w) / (box.height * fig_h)
    w, h = x1 - x0, y1 - y0
    if w / h < aspect:
        grow = (h * aspect - w) / 2
        x0, x1 = x0 - grow, x1 + grow
    else:
        grow = (w / aspect - h) / 2
        y0, y1 = y0 - grow, y1 + grow
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal", adjustable="box")
    ax.set_xticks([])
    ax.set_yticks([])
    return shapely.box(x0, y0, x1, y1)


# ----------------------------------------------------------------------------- map layers


def _draw_context(ax, review, view, legend: list) -> None:
    """Lots, channels, existing docks, vegetation and the MHW line."""
    site = review.site
    for geom in site.neighbours.geometry:
        _add(ax, shapely.intersection(geom, view), fc=COLOURS["neighbour"], ec="#888888", lw=0.6, zorder=1)
    _add(ax, shapely.intersection(site.parcel, view), fc=COLOURS["parcel"], ec="#555555", lw=1.0, zorder=2)
    legend.append(Patch(fc=COLOURS["parcel"], ec="#555555", label=f"lot {site.parcel_id}"))
    if not site.neighbours.empty:
        legend.append(Patch(fc=COLOURS["neighbour"], ec="#888888", label="neighbouring lots"))
    if site.channels is not None and _add(
        ax, shapely.intersection(shapely.union_all(site.channels.geometry.values), view),
        fc=COLOURS["channel"], ec="#4a7fb0", lw=0.6, alpha=0.7, zorder=3,
    ):
        legend.append(Patch(fc=COLOURS["channel"], ec="#4a7fb0", label="channels / fairways / anchorages"))
    if site.docks is not None and not site.docks.empty:
        others = site.docks.geometry.values
        # docks charted as lines are drawn 4 ft wide; clearances are measured to the line itself
        as_area = np.where(shapely.get_dimensions(others) == 2, others, shapely.buffer(others, 2.0 / site.ft_per_unit))
        drawn = shapely.union_all(as_area)
        if _add(ax, shapely.intersection(drawn, view), fc=COLOURS["other_dock"], ec="none", zorder=4):
            legend.append(Patch(fc=COLOURS["other_dock"], label="existing docks"))
    vegetation = getattr(site, "vegetation", None)
    if vegetation is not None and not vegetation.empty and _add(
        ax, shapely.intersection(shapely.union_all(vegetation.geometry.values), view),
        fc=COLOURS["vegetation"], ec=COLOURS["vegetation"], alpha=0.35, hatch="...", lw=0.6, zorder=3,
    ):
        legend.append(Patch(fc=COLOURS["vegetation"], ec=COLOURS["vegetation"], alpha=0.35, hatch="...", label="tidal vegetation"))
    _lines(ax, shapely.intersection(site.mhw, view), color=COLOURS["mhw"], lw=2.0, zorder=5)
    legend.append(Line2D([], [], color=COLOURS["mhw"], lw=2, label="mean high-water line"))


def _draw_zones(ax, review, view, legend: list) -> None:
    """The allowed band, the no-go areas, the reach limit and the clearance rings."""
    areas = no_go_areas(review)
    m = review.measurements
    if _add(ax, shapely.intersection(review.layout.allowed_band, view), fc=COLOURS["band"], ec=COLOURS["band"], alpha=0.16, lw=0.8, zorder=2):
        legend.append(Patch(fc=COLOURS["band"], ec=COLOURS["band"], alpha=0.3, label="where the dock may stand"))
    hatches = (
        ("setback", "////", f"no dock: within the {m.required_setback_ft:,.1f} ft side setback"),
        ("reach", "\\\\\\\\", f"no dock: beyond the {review.profile('max_reach_ft'):,.0f} ft reach"),
        ("clearance", "xx", f"no seaward end: within {review.profile('min_terminus_clearance_ft'):,.0f} ft of channels / docks"),
    )
    for kind, hatch, label in hatches:
        key = "no_go_terminus" if kind == "clearance" else f"no_go_{kind}"
        geom = shapely.intersection(areas.get(kind, shapely.Polygon()), view)
        if _add(ax, geom, fc="none", ec=COLOURS[key], hatch=hatch, lw=0, alpha=0.35, zorder=2.5):
            legend.append(Patch(fc="white", ec=COLOURS[key], hatch=hatch, lw=0.6, label=label))
    if _lines(ax, shapely.intersection(review.layout.reach_limit, view), color=COLOURS["reach"], lw=1.2, ls="-.", zorder=6):
        legend.append(Line2D([], [], color=COLOURS["reach"], ls="-.", label=f"{review.profile('max_reach_ft'):,.0f} ft reach limit"))
    if "clearance" in areas and _lines(
        ax, shapely.intersection(shapely.boundary(areas["clearance"]), view), color=COLOURS["ring"], ls=":", lw=1.0, zorder=3,
    ):
        legend.append(Line2D([], [], color=COLOURS["ring"], ls=":", label=f"{review.profile('min_terminus_clearance_ft'):,.0f} ft clearance rings"))


def _draw_riparian(ax, review, view, legend: list) -> None:
    """Side lines, their seaward extensions and the water corners."""
    rip = review.layout.riparian
    for side in (rip.left_side, rip.right_side):
        _lines(ax, shapely.intersection(side, view), color=COLOURS["side"], lw=1.4, zorder=6)
    for ext in (rip.left_extension, rip.right_extension):
        _lines(ax, shapely.intersection(ext, view), color=COLOURS["side"], lw=1.2, ls="--", zorder=6)
    for corner in (rip.left_corner, rip.right_corner):
        ax.plot(corner.x, corner.y, "o", ms=4, color=COLOURS["side"], zorder=9)
    legend += [
        Line2D([], [], color=COLOURS["side"], lw=1.4, label="side property lines"),
        Line2D([], [], color=COLOURS["side"], lw=1.2, ls="--", label=f"seaward extensions ({rip.extension})"),
        Line2D([], [], color=COLOURS["side"], marker="o", ms=4, ls="", label="water corners"),
    ]


def _draw_dock(ax, review, legend: list) -> None:
    """The proposed dock by component, and its seaward terminus."""
    components = review.layout.dock.components
    for kind in dict.fromkeys(components["component"]):
        group = components[components["component"] == kind]
        colour = COLOURS.get(kind, "#999999")
        _add(ax, shapely.union_all(group.geometry.values), fc=colour, ec="black", lw=0.6, zorder=8)
        legend.append(Patch(fc=colour, ec="black", label=f"proposed {kind.replace('_', ' ')}"))
    _add(ax, review.layout.terminus, fc="none", ec=COLOURS["warning"], lw=1.2, zorder=9)
    legend.append(Patch(fc="none", ec=COLOURS["warning"], label="seaward terminus"))


def _depth_column(review) -> str | None:
    """The soundings' depth field: the manifest's, else ``depth_ft``/``depth``, else none."""
    soundings = review.site.soundings
    for name in (getattr(review.site.manifest, "depth_field", None), "depth_ft", "depth"):
        if name and name in soundings.columns:
            return name
    return None


def _draw_soundings(ax, review, view, legend: list, fontsize: float) -> list:
    """Sounding points with their depths and the navigable-depth contour; the labels drawn.

    The contour is drawn at the review's required depth over a linear
    triangulation of the soundings, when the depths on either side of it are given.
    """
    soundings = getattr(review.site, "soundings", None)
    column = _depth_column(review) if soundings is not None and not soundings.empty else None
    if column is None:
        return []
    points = soundings[soundings.geometry.geom_type == "Point"]
    shown = points[points.geometry.within(view)]
    x, y, depth = shown.geometry.x.values, shown.geometry.y.values, shown[column].astype(float).values
    ax.plot(x, y, "+", ms=3, color=COLOURS["sounding"], zorder=4)
    labels = [
        ax.annotate(f"{d:.1f}", (px, py), xytext=(2, 2), textcoords="offset points", fontsize=fontsize * 0.7,
                    color=COLOURS["sounding"], zorder=4, gid="sounding")
        for px, py, d in zip(x, y, depth)
    ]
    if labels:
        legend.append(Line2D([], [], color=COLOURS["sounding"], marker="+", ls="", label="soundings (ft below MLW)"))
    required = getattr(review.measurements, "required_depth_ft", None)
    depths = points[column].astype(float).values
    if required is not None and len(points) >= 3 and depths.min() < required < depths.max():
        tri = Triangulation(points.geometry.x.values, points.geometry.y.values)
        ax.tricontour(tri, depths, levels=[required], colors=COLOURS["contour"], linewidths=2.0, zorder=5)
        legend.append(Line2D([], [], color=COLOURS["contour"], lw=2.0, label=f"navigable depth {required:,.1f} ft below MLW"))
    return labels


# ----------------------------------------------------------------------------- dimensions


def _limit(review, check_ids: tuple[str, ...], profile_key: str, *, stricter=min) -> float:
    """The strictest limit the decided checks ``check_ids`` held the measurement to, else the profile's number."""
    limits = [c.limit for c in review.checks if c.id in check_ids and c.limit is not None and c.status in ("pass", "fail", "waived")]
    return stricter(limits) if limits else review.profile(profile_key)


def dimensions(review) -> list[Dimension]:
    """The dimensions of the exhibit, each with the review's measurement and its limit.

    The frontage is dimensioned along the MHW line; the others along the
    shortest lines of :attr:`Layout.dimension_lines`. The reach is held to the
    stricter of the 200-ft limit and the reach to navigable depth, when decided. A dimension whose
    measurement is missing (no layer) or infinite (empty layer) is left out.
    """
    m, lines = review.measurements, review.layout.dimension_lines
    clearance = review.profile("min_terminus_clearance_ft")
    wanted = [
        ("frontage", "frontage", review.layout.riparian.frontage, m.frontage_ft, _limit(review, ("frontage",), "min_frontage_ft", stricter=max), True),
        ("setback_left", "left setback", lines.get("setback_left"), m.setback_left_ft, m.required_setback_ft, True),
        ("setback_right", "right setback", lines.get("setback_right"), m.setback_right_ft, m.required_setback_ft, True),
        ("reach", "reach", lines.get("reach"), m.reach_ft, _limit(review, ("reach", "navigable-reach"), "max_reach_ft"), False),
        ("channel_clearance", "to channel", lines.get("channel_clearance"), m.channel_clearance_ft, clearance, True),
        ("dock_clearance", "to dock", lines.get("dock_clearance"), m.dock_clearance_ft, clearance, True),
    ]
    return [
        Dimension(key, name, line, value, limit, is_minimum)
        for key, name, line, value, limit, is_minimum in wanted
        if line is not None and value is not None and np.isfinite(value) and line.length > 0
    ]


def _frontage_line(ax, review, view_width: float, colour: str) -> np.ndarray:
    """Draw the frontage dimension, offset landward of the MHW line; its ends (display)."""
    rip = review.layout.riparian
    front = shapely.line_merge(rip.frontage)
    if front.geom_type != "LineString":
        front = rip.chord
    gap = 0.03 * view_width
    landward = -rip.seaward
    candidates = [shapely.offset_curve(front, d) for d in (gap, -gap)]
    mid = np.asarray(rip.frontage_midpoint.coords[0])
    offset = max(candidates, key=lambda c: float((np.asarray(c.interpolate(0.5, normalized=True).coords[0]) - mid) @ landward))
    xy = np.asarray(offset.coords)
    if np.hypot(*(xy[0] - np.asarray(rip.left_corner.coords[0]))) > np.hypot(*(xy[-1] - np.asarray(rip.left_corner.coords[0]))):
        xy = xy[::-1]
    ax.plot(xy[1:-1, 0], xy[1:-1, 1], color=colour, lw=0.9, zorder=7)
    _arrow(ax, xy[1], xy[0], colour, "-|>")
    _arrow(ax, xy[-2], xy[-1], colour, "-|>")
    for corner, end in ((rip.left_corner, xy[0]), (rip.right_corner, xy[-1])):
        ax.plot([corner.x, end[0]], [corner.y, end[1]], color=colour, lw=0.5, zorder=7)
    return xy


def _display_rect(centre: np.ndarray, along: np.ndarray, width: float, height: float) -> shapely.Polygon:
    """A rectangle in display space centred on ``centre``, ``width`` along the unit vector ``along``."""
    across = np.array([-along[1], along[0]])
    a, c = along * width / 2, across * height / 2
    return shapely.Polygon([centre - a - c, centre + a - c, centre + a + c, centre - a + c])


def _text_size(ax, text: str, fontsize: float) -> tuple[float, float]:
    """Width and height (display pixels) of ``text`` set unrotated, with its label box."""
    probe = ax.text(0, 0, text, fontsize=fontsize)
    box = probe.get_window_extent(ax.figure.canvas.get_renderer())
    probe.remove()
    pad = 0.3 * fontsize * ax.figure.dpi / 72
    return box.width + 2 * pad, box.height + 2 * pad


def _place_label(ax, ends: np.ndarray, text: str, colour: str, fontsize: float, obstacles: list, key: str):
    """Label a dimension beside its line where it overlaps nothing already placed.

    Tries each of :data:`LABEL_POSITIONS` on either side of the line and takes
    the first free spot inside the axes (else the least crowded one).
    """
    to_display = ax.transData.transform
    p0, p1 = to_display(ends[0]), to_display(ends[-1])
    along = p1 - p0
    along = along / np.hypot(*along) if np.hypot(*along) > 0 else np.array([1.0, 0.0])
    if along[0] < 0 or (along[0] == 0 and along[1] < 0):
        along = -along
    across = np.array([-along[1], along[0]])
    width, height = _text_size(ax, text, fontsize)
    frame = shapely.box(*ax.bbox.extents).buffer(-2)
    best = None
    for t in LABEL_POSITIONS:
        for side in (1, -1):
            centre = p0 + (p1 - p0) * t + across * side * (height / 2 + 3)
            rect = _display_rect(centre, along, width, height)
            crowd = sum(rect.intersection(o).area for o in obstacles) + (0 if frame.contains(rect) else 1e9)
            if best is None or crowd < best[0]:
                best = (crowd, centre, rect)
            if crowd == 0:
                break
        if best[0] == 0:
            break
    _, centre, rect = best
    obstacles.append(rect)
    x, y = ax.transData.inverted().transform(centre)
    return ax.text(
        x, y, text, rotation=np.degrees(np.arctan2(along[1], along[0])), rotation_mode="anchor",
        ha="center", va="center", fontsize=fontsize, color=colour, zorder=11, gid=f"dimension:{key}",
        bbox=dict(boxstyle="round,pad=0.2", fc="white", ec="none", alpha=0.9),
    )


def _obstacles(ax, review, fixed_labels: list) -> list:
    """Display-space shapes labels must avoid: the dock, north arrow, scale bar, sounding labels."""
    to_display = ax.transData.transform
    dock = [shapely.Polygon(to_display(np.asarray(p.exterior.coords))) for p in shapely.get_parts(review.layout.dock.footprint)]
    furniture = [ax.transAxes.transform([[0.88, 0.74], [1.0, 1.0]]), ax.transAxes.transform([[0.0, 0.0], [0.24, 0.1]])]
    boxes = [shapely.box(*a, *b) for a, b in furniture]
    renderer = ax.figure.canvas.get_renderer()
    labels = [shapely.box(*t.get_window_extent(renderer).extents) for t in fixed_labels]
    return [*dock, *boxes, *labels]


def _draw_dimensions(ax, review, fontsize: float, legend: list, fixed_labels: list) -> None:
    """Every dimension line with arrowheads and its label, failing ones in the warning colour."""
    dims = dimensions(review)
    obstacles = _obstacles(ax, review, fixed_labels)
    view_width = float(np.subtract(*ax.get_xlim()[::-1]))
    for dim in dims:
        if dim.key == "frontage":
            ends = _frontage_line(ax, review, view_width, dim.colour)
        else:
            ends = np.asarray(dim.line.coords)[[0, -1]]
            _arrow(ax, ends[0], ends[1], dim.colour)
        _place_label(ax, ends, dim.text, dim.colour, fontsize, obstacles, dim.key)
    legend.append(Line2D([], [], color=COLOURS["dimension"], marker=r"$\leftrightarrow$", ls="", ms=10, label="dimension (ft)"))
    if any(d.fails for d in dims):
        legend.append(Line2D([], [], color=COLOURS["warning"], marker=r"$\leftrightarrow$", ls="", ms=10, label="failing dimension, with its limit"))


# ----------------------------------------------------------------------------- furniture


def _north_arrow(ax) -> None:
    ax.annotate(
        "N", xy=(0.95, 0.95), xytext=(0.95, 0.82), xycoords="axes fraction", ha="center", va="center",
        fontsize=11, fontweight="bold", arrowprops=dict(facecolor="black", width=3, headwidth=9), gid="north-arrow",
    )
    ax.text(0.95, 0.77, "grid north", transform=ax.transAxes, ha="center", va="center", fontsize=6)


def scale_length_ft(view_width_ft: float) -> int:
    """A round scale-bar length: the largest of :data:`ROUND_LENGTHS_FT` within a third of the view."""
    return max([v for v in ROUND_LENGTHS_FT if v <= view_width_ft / 3] or [ROUND_LENGTHS_FT[0]])


def _scale_bar(ax, review) -> None:
    x0, x1 = ax.get_xlim()
    length = scale_length_ft((x1 - x0) * review.site.ft_per_unit)
    bar = ScaleBar(
        review.site.ft_per_unit, units="ft", dimension="imperial-length", fixed_units="ft", fixed_value=length,
        location="lower left", box_alpha=0.8, font_properties={"size": 8},
    )
    bar.set_gid("scale-bar")
    ax.add_artist(bar)


def _wrapped_legend(ax, handles: list, fontsize: float, width: int, **kwargs):
    for handle in handles:
        handle.set_label(_wrap(handle.get_label(), width))
    return ax.legend(handles=handles, fontsize=fontsize, framealpha=0.95, **kwargs)


def _source_line(source) -> str:
    """``"parcels: parcels.shp, EPSG:2263, 5"``: the file name, the CRS code, the feature count."""
    crs = source.crs.split(" (", 1)[0]
    return f"{source.role}: {Path(source.file).name}, {crs}, {source.features}"


def title_lines(review) -> list[tuple[str, str]]:
    """The title block as (field, text) pairs, in the order they are printed."""
    site = review.site
    return [
        ("site", site.name),
        ("parcel", f"Parcel {site.parcel_id}"),
        ("verdict", f"Verdict: {review.verdict.upper()}"),
        ("date", f"Date: {date.today().isoformat()}"),
        ("profile", f"Profile: {review.profile.name}"),
        ("crs", f"Working CRS: {describe(site.crs)}"),
        ("sources", "Data sources (file, CRS, features):\n" + "\n".join(_source_line(s) for s in site.sources)),
        ("tool", f"dockreview {__version__}; side-line extensions {review.layout.riparian.extension}; distances in feet"),
    ]


def _title_block(block_ax, review, fontsize: float, chars: int) -> None:
    """The bordered title block: site, parcel, verdict, date, profile, CRS and data sources.

    Each field is set below the one before, measured as drawn, so none overlaps.
    """
    block_ax.add_patch(Rectangle((0, 0), 1, 1, transform=block_ax.transAxes, fill=False, lw=1.0, ec="black"))
    renderer = block_ax.figure.canvas.get_renderer()
    to_axes = block_ax.transAxes.inverted()
    gap = 0.4 * fontsize * block_ax.figure.dpi / 72
    y = 0.97
    styles = {"site": (1.5, "bold"), "verdict": (1.25, "bold")}
    for key, text in title_lines(review):
        scale, weight = styles.get(key, (1.0, "normal"))
        wrapped = "\n".join(_wrap(line, int(chars / scale)) for line in text.split("\n"))
        colour = VERDICT_COLOURS.get(review.verdict, "black") if key == "verdict" else "black"
        label = block_ax.text(0.04, y, wrapped, transform=block_ax.transAxes, va="top", ha="left", fontsize=fontsize * scale,
                              fontweight=weight, color=colour, gid=f"title:{key}", linespacing=1.15)
        bottom = label.get_window_extent(renderer).y0 - gap
        y = float(to_axes.transform((0, bottom))[1])


# ----------------------------------------------------------------------------- entry points


def plot_review(review, ax=None, *, page: str = "letter", title: bool = True, legend: bool = True):
    """Draw the site plan of a review.

    Parameters
    ----------
    review : Review
    ax : matplotlib Axes, optional
        Drawn onto when given (map, legend and a short title); otherwise a new
        exhibit page of ``page`` size with a legend panel and a title block.
    page : {"letter", "tabloid"}
        Landscape page size of a new exhibit page (also sets the font size).
    title : bool
        Whether to draw the title (a title block on a new page).
    legend : bool
        Whether to draw the legend.

    Returns
    -------
    (Figure, Axes)
        The map's axes.
    """
    legend_ax = block_ax = None
    if ax is None:
        fig, ax, legend_ax, block_ax = _page(page)
    else:
        fig = ax.figure
    fontsize = FONT_PT.get(page, FONT_PT["letter"])
    view = _fit_view(ax, _extent(review))
    handles: list = []
    _draw_context(ax, review, view, handles)
    _draw_zones(ax, review, view, handles)
    _draw_riparian(ax, review, view, handles)
    _draw_dock(ax, review, handles)
    sounding_labels = _draw_soundings(ax, review, view, handles, fontsize)
    _north_arrow(ax)
    _scale_bar(ax, review)
    _draw_dimensions(ax, review, fontsize, handles, sounding_labels)
    chars = int(PANEL_IN.get(page, 2.9) * 72 / (fontsize * 0.62))
    if legend and legend_ax is not None:
        _wrapped_legend(legend_ax, handles, fontsize, chars - 8, loc="upper left", mode="expand",
                        bbox_to_anchor=(0, 0, 1, 1), borderaxespad=0, title="Legend", title_fontsize=fontsize + 1)
    elif legend:
        _wrapped_legend(ax, handles, fontsize * 0.9, 40, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    if title and block_ax is not None:
        _title_block(block_ax, review, fontsize, chars)
    elif title:
        colour = VERDICT_COLOURS.get(review.verdict, "black")
        ax.set_title(f"{review.site.name} - parcel {review.site.parcel_id} - {review.verdict.upper()}", fontsize=9, color=colour)
    return fig, ax


def save_map(review, path, *, page: str = "letter") -> None:
    """Write the exhibit page to ``path`` (.png at 300 dpi, .pdf or .svg as vectors), atomically."""
    fig, _ = plot_review(review, page=page)
    try:
        with atomic_path(path) as tmp:
            fig.savefig(tmp, dpi=300, format=str(path).rsplit(".", 1)[-1].lower())
    finally:
        plt.close(fig)
