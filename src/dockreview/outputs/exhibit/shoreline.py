"""The shoreline sheet: the shore 100 ft on either side of the lot and the property lines within 25 ft of it, to scale.

9 NYCRR 274.4 asks of a riparian complaint a map of the "shoreline for 100 feet
on either side ... property lines within 25 feet of the shore ... distances to
scale". :func:`plot_shoreline` draws it for the review's lot: the MHW line from
:data:`SHORE_FT` beyond each water corner (:func:`shore_stretch`), every parcel
boundary within :data:`NEAR_SHORE_FT` of that stretch (:func:`property_lines`),
the lot's water corners and the proposed dock, at a round engineer's scale
(stated "1 in = N ft", with a scale bar that measures true on the printed page).
Each lot's frontage along the stretch is dimensioned along the shore, set off
landward where it runs on the fewest other lines (:func:`frontages`; a lot the
stretch cuts short says so), and the dock's distance to each side line of the
lot (the side line's part within 25 ft of the shore) by the exhibit's
dimensioning. Every label is placed by the one placer, clear of the others.
"""

from __future__ import annotations

import warnings

import numpy as np
import shapely
from matplotlib.lines import Line2D
from shapely.ops import substring

from dockreview.errors import DockReviewWarning, SiteDataError
from dockreview.geometry.corners import lot_corners
from dockreview.geometry.extensions import trend_baseline
from dockreview.outputs.exhibit.dimensioning import Dimension, draw_dimension_lines, place_dimension
from dockreview.outputs.exhibit.layers import draw_dock
from dockreview.outputs.exhibit.placing import settle
from dockreview.outputs.exhibit.titleblock import legend_panel, title_block, title_lines
from dockreview.outputs.sheet.draw import arrow, clip, draw_lines, glyph_marker, px, to_display
from dockreview.outputs.sheet.furniture import draw_locator, fit_locator, north_arrow, place_furniture, scale_bar
from dockreview.outputs.sheet.labels import Placer
from dockreview.outputs.sheet.linework import (
    ON_LINE_TOLERANCE_PT,
    SAMPLE_PT,
    drawn_segments,
    on_line,
    px_of,
    segment_tree,
)
from dockreview.outputs.sheet.page import TITLE_IN, arrange, fit_view, new_page
from dockreview.outputs.style import BACKING, COLOURS, FONT_PT
from dockreview.rules.base import AT_LEAST

#: How far the shore is drawn beyond each water corner, and how near the shore a property line is drawn (ft).
SHORE_FT, NEAR_SHORE_FT = 100.0, 25.0
#: The frontage chain's distances from the MHW line, landward, nearest first (pt of the printed page).
CHAIN_OFFSETS_PT = (10.0, 14.0, 19.0, 25.0, 32.0)
TITLE = "Shoreline and property lines"
PROPERTY_LINE = dict(color=COLOURS["side"], lw=1.2, zorder=6, gid="property-line")
LIMIT_LINE = dict(color="#8c959f", lw=0.7, ls=(0, (1.5, 2)), zorder=4)


def shore_stretch(review, beyond_ft: float = SHORE_FT):
    """The MHW line from ``beyond_ft`` before the lot's first water corner to ``beyond_ft`` past its second (working CRS).

    As much of it as the MHW line holds, along its line work (:func:`~dockreview.geometry.extensions.trend_baseline`).
    """
    rip = review.layout.riparian
    _, stretch = trend_baseline(rip.mhw, (rip.left_corner, rip.right_corner), beyond_ft / review.site.ft_per_unit, rip.frontage)
    return stretch


def property_lines(site, stretch, within_ft: float = NEAR_SHORE_FT):
    """Every parcel boundary within ``within_ft`` of ``stretch``, and that strip of the shore (working CRS)."""
    zone = shapely.buffer(stretch, within_ft / site.ft_per_unit, quad_segs=16)
    parcels = site.parcels.geometry.values
    near = parcels[shapely.intersects(parcels, zone)]
    return shapely.union_all(shapely.intersection(shapely.boundary(near), zone)), zone


def _polygon(geom):
    """A parcel as one polygon: its largest part."""
    return max((p for p in shapely.get_parts(geom) if p.geom_type == "Polygon"), key=lambda p: p.area)


def _corners_of(site, geom):
    """A neighbour's two water corners, walked as the lot's were; None for a lot that does not reach the MHW line."""
    settings = site.manifest.review
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            walked = lot_corners(_polygon(geom), site.mhw, tolerance=site.to_units(settings.mhw_tolerance_ft),
                                 ft_per_unit=site.ft_per_unit, direction=settings.extension_direction,
                                 course_tolerance_ft=settings.course_tolerance_ft, chord_ft=settings.chord_ft)
    except SiteDataError:
        return None
    return walked.left_corner, walked.right_corner


def frontages(review, stretch, zone) -> list[tuple[str, float, float, bool]]:
    """Each lot's frontage along ``stretch``: (parcel id, from, to (units along the stretch), whole).

    The lot's own between its water corners; each neighbour's near the shore between its own, walked as the lot's
    were. ``whole`` is False for a lot the stretch's end cuts short.
    """
    site, rip = review.site, review.layout.riparian
    lots = [(site.parcel_id, (rip.left_corner, rip.right_corner))]
    neighbours = site.neighbours
    ids = neighbours[site.manifest.parcel_id_field].astype(str).values
    for pid, geom in zip(ids, neighbours.geometry.values):
        corners = _corners_of(site, geom) if shapely.intersects(geom, zone) else None
        if corners is not None:
            lots.append((pid, corners))
    length, eps = stretch.length, 1e-6 * stretch.length
    out = []
    for pid, corners in lots:
        at = sorted(stretch.project(c) for c in corners)
        if at[1] - at[0] > eps:
            out.append((pid, at[0], at[1], at[0] > eps and at[1] < length - eps))
    return sorted(out, key=lambda f: f[1])


def _chain(ax, stretch, land) -> shapely.LineString:
    """The line the frontages are dimensioned on: the stretch set off landward, where it runs on the fewest lines."""
    fig = ax.figure
    units_per_pt = (ax.get_xlim()[1] - ax.get_xlim()[0]) / ax.bbox.width * px_of(fig, 1.0)
    segments = drawn_segments(ax)
    tree = segment_tree(segments) if len(segments) else None
    best = None
    for k, offset in enumerate(CHAIN_OFFSETS_PT):
        sides = [shapely.line_merge(shapely.offset_curve(stretch, s * offset * units_per_pt)) for s in (1, -1)]
        sides = [max(shapely.get_parts(s), key=shapely.length) for s in sides if not s.is_empty]
        line = max(sides, key=lambda s: shapely.length(shapely.intersection(s, land)))
        xy = ax.transData.transform(shapely.get_coordinates(line))
        cost = 0.5 * k + (on_line(xy, segments, px_of(fig, ON_LINE_TOLERANCE_PT), px_of(fig, SAMPLE_PT), tree=tree)
                          / px_of(fig, 1.0) if tree is not None else 0.0)
        if best is None or cost < best[0]:
            best = (cost, line)
    return best[1]


def _draw_frontages(ax, stretch, lots, land, ft_per_unit: float) -> list[tuple[str, str, np.ndarray]]:
    """Each lot's frontage dimensioned along the shore, with extension lines from its ends; (key, text, line drawn
    (display)) for each."""
    chain = _chain(ax, stretch, land)
    colour = COLOURS["dimension"]
    out = []
    for pid, start, end, whole in lots:
        ends = [stretch.interpolate(start), stretch.interpolate(end)]
        piece = substring(chain, chain.project(ends[0]), chain.project(ends[1]))
        xy = shapely.get_coordinates(piece)
        key = f"shore:{pid}"
        ax.plot(xy[:, 0], xy[:, 1], color=colour, lw=0.9, zorder=8.5, gid=f"dimension-line:{key}")
        arrow(ax, xy[1], xy[0], colour, "-|>", gid=f"dimension-head:{key}")
        arrow(ax, xy[-2], xy[-1], colour, "-|>", gid=f"dimension-head:{key}")
        for point, tip in zip(ends, xy[[0, -1]]):
            ax.plot([point.x, tip[0]], [point.y, tip[1]], color=colour, lw=0.5, zorder=7, gid=f"dimension-extension:{key}")
        feet = (end - start) * ft_per_unit
        text = f"lot {pid} frontage {feet:,.1f} ft" if whole else f"lot {pid}: {feet:,.1f} ft of it shown"
        out.append((key, text, ax.transData.transform(xy)))
    return out


def _side_dimensions(review, stretch) -> list[tuple[Dimension, object]]:
    """The dock's distance to each side line of the lot, and the side line as far from the shore as it must be drawn:
    within 25 ft of the shore, or on to the point nearest the dock where that lies farther (working CRS)."""
    rip, ft = review.layout.riparian, review.site.ft_per_unit
    dock = review.layout.dock.footprint
    out = []
    for side, line in (("left", rip.left_side), ("right", rip.right_side)):
        shortest = shapely.shortest_line(dock, line)
        foot = shapely.get_point(shortest, 1)
        reach = max(NEAR_SHORE_FT / ft, float(shapely.distance(foot, stretch)) * (1 + 1e-9))
        drawn = shapely.intersection(line, shapely.buffer(stretch, reach, quad_segs=16))
        dim = Dimension(f"to_{side}_line", f"dock to {side} side line", shortest, shortest.length * ft, None, AT_LEAST, "")
        out.append((dim, drawn))
    return out


def _title(review) -> list[tuple[str, str, int]]:
    """The sheet's title block: what it shows, the standing note; no profile (and so no town) named."""
    site = review.site
    keep = {"applicant", "application", "address", "prepared_by", "date", "note", "caveat", "crs", "convergence", "sources"}
    lines = [("site", TITLE, 0), ("parcel", f"{site.name} - parcel {site.parcel_id}", 0)]
    for key, text, col in title_lines(review):
        if key == "note":
            lines += [
                ("shown", f"The shore (the MHW line) {SHORE_FT:,.0f} ft on either side of the lot; the property lines within "
                          f"{NEAR_SHORE_FT:,.0f} ft of the shore; each lot's frontage along it and the dock's distance to each "
                          "side line of the lot, in feet, to the scale stated (the map 9 NYCRR 274.4 asks for)", 1),
            ]
        if key in keep:
            lines.append((key, text, col))
    return lines


def _extent(review, zone) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = shapely.union_all([zone, review.layout.dock.footprint]).bounds
    pad = 0.05 * max(x1 - x0, y1 - y0)
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _draw_layers(ax, review, stretch, lines, zone, sides, view) -> list:
    """The MHW line (the stretch shown bold), the 25-ft strip, the property lines, the water corners and the dock;
    the legend's entries."""
    site, rip = review.site, review.layout.riparian
    handles: list = []
    draw_lines(ax, clip(site.mhw, view), color=COLOURS["mhw"], lw=0.8, zorder=5, alpha=0.6)
    draw_lines(ax, clip(stretch, view), color=COLOURS["mhw"], lw=3.0, zorder=5, gid="shore")
    handles += [Line2D([], [], color=COLOURS["mhw"], lw=3.0, label=f"the shore: the MHW line {SHORE_FT:,.0f} ft on either side of the lot"),
                Line2D([], [], color=COLOURS["mhw"], lw=0.8, alpha=0.6, label="the MHW line beyond")]
    draw_lines(ax, clip(shapely.boundary(zone), view), **LIMIT_LINE)
    handles.append(Line2D([], [], label=f"{NEAR_SHORE_FT:,.0f} ft from the shore", **LIMIT_LINE))
    for line in (lines, *[drawn for _, drawn in sides]):
        draw_lines(ax, clip(line, view), **PROPERTY_LINE)
    handles.append(Line2D([], [], label=f"property lines within {NEAR_SHORE_FT:,.0f} ft of the shore (the lot's side lines on to "
                                        "the point nearest the dock)", **PROPERTY_LINE))
    for corner in (rip.left_corner, rip.right_corner):
        ax.plot(corner.x, corner.y, "o", ms=4, color=COLOURS["side"], zorder=9)
    handles.append(Line2D([], [], color=COLOURS["side"], marker="o", ms=4, ls="", label=f"lot {site.parcel_id}'s water corners"))
    draw_dock(ax, review, handles)
    handles.append(Line2D([], [], color=COLOURS["dimension"], marker=glyph_marker("\u2194"), ls="", ms=10, label="distance (ft)"))
    return handles


def _place_labels(ax, review, chain, drawn, lines, stretch, view, fontsize: float, scale) -> None:
    """The north arrow and the scale bar where they hide the least; then every dimension's label, by the one placer."""
    fig, site, rip = ax.figure, review.site, review.layout.riparian
    dock_parts = [to_display(ax, g) for g in review.layout.dock.components.geometry.values]
    corner_marks = [to_display(ax, c).buffer(px(fig, 3.5)) for c in (rip.left_corner, rip.right_corner)]
    dim_lines = [to_display(ax, shapely.LineString(e)) for _, e in drawn] + [shapely.LineString(xy) for _, _, xy in chain]
    important = [(g, 50.0) for g in [*dock_parts, *corner_marks]] + [(g.buffer(2), 50.0) for g in dim_lines]
    important += [(to_display(ax, clip(g, view)).buffer(2), 0.5) for g in (stretch, lines)]
    furniture = [("north", north_arrow(ax, fontsize)), ("scale", scale_bar(ax, site.ft_per_unit, fontsize, scale))]
    taken = place_furniture(ax, furniture, important)
    ties = [to_display(ax, shapely.LineString(line.get_xydata())) for line in ax.lines
            if (line.get_gid() or "").startswith("dimension-extension:")]
    hard = [*dock_parts, *corner_marks, *taken, *[g.buffer(px(fig, 1.0)) for g in dim_lines], *[g.buffer(px(fig, 0.5)) for g in ties]]
    placer = Placer(ax, hard, [(to_display(ax, clip(g, view)), 0.5) for g in (site.mhw, lines)])
    for key, text, xy in chain:
        artist = ax.text(0, 0, text, fontsize=fontsize, color=COLOURS["dimension"], ha="center", va="center",
                         rotation_mode="anchor", zorder=11, gid=f"dimension:{key}", bbox=BACKING)
        settle(placer, artist, xy, COLOURS["dimension"])
    dock = shapely.union_all(dock_parts)
    for dim, ends in drawn:
        place_dimension(placer, ends, dim, fontsize, dock=dock)


def plot_shoreline(review, *, page: str = "letter"):
    """Draw the shoreline sheet of a review on an exhibit page; ``(fig, ax)``, the map's axes.

    The map is drawn at the smallest engineer's scale of
    :data:`~dockreview.outputs.style.SCALES_FT_PER_IN` that holds the shore shown, the property lines and the dock;
    the scale bar states it.
    """
    site, ft = review.site, review.site.ft_per_unit
    stretch = shore_stretch(review)
    lines, zone = property_lines(site, stretch)
    sides = _side_dimensions(review, stretch)
    p = new_page(page)
    fig, ax, fontsize = p.fig, p.ax, FONT_PT[page]
    low, high = TITLE_IN[page]
    arrange(p, min(max(title_block(p.block_ax, _title(review), fontsize, {}, page=page, max_in=high), low), high))
    view, scale = fit_view(ax, _extent(review, zone), ft, round_scale=True)
    legend = legend_panel(p.legend_ax, _draw_layers(ax, review, stretch, lines, zone, sides, view), fontsize)
    fit_locator(p, legend, fontsize)
    draw_locator(p.locator_ax, site, view, fontsize)
    near = site.parcels.geometry.values[shapely.intersects(site.parcels.geometry.values, zone)]
    chain = _draw_frontages(ax, stretch, frontages(review, stretch, zone), shapely.union_all(near), ft)
    drawn = draw_dimension_lines(ax, review, review.layout.riparian, [dim for dim, _ in sides], view.bounds[2] - view.bounds[0])
    _place_labels(ax, review, chain, drawn, lines, stretch, view, fontsize, scale)
    return fig, ax
