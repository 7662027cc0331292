"""The site plan put together: the page, the map's layers, the dimensions, the furniture and every label.

:func:`plot_review` and :func:`plot_envelope` draw a sheet; :func:`save_map` and
:func:`save_envelope_map` write it. The order matters: dimension lines are drawn
before the furniture (they are what it must not hide), and the labels last, each
placed by the one label placer clear of what was drawn before it.
"""

from __future__ import annotations

import math

import shapely
from matplotlib.lines import Line2D

from dockreview.outputs.exhibit.dimensioning import (
    component_figures,
    dimensions,
    draw_dimension_lines,
    place_component_figure,
    place_dimension,
)
from dockreview.outputs.exhibit.layers import (
    Sheet,
    contours,
    dock_areas,
    draw_bands,
    draw_context,
    draw_dock,
    draw_law_lines,
    draw_riparian,
    draw_soundings,
    draw_zones,
    envelope_of,
    place_names,
    place_soundings,
)
from dockreview.outputs.exhibit.titleblock import legend_panel, title_block, title_lines
from dockreview.outputs.files import inputs_of
from dockreview.outputs.sheet.draw import clip, glyph_marker, px, to_display
from dockreview.outputs.sheet.furniture import draw_locator, fit_locator, north_arrow, place_furniture, scale_bar
from dockreview.outputs.sheet.labels import Placer
from dockreview.outputs.sheet.page import TITLE_IN, arrange, fit_view, new_page, save_figure
from dockreview.outputs.sheet.text import renderer, wrap_to
from dockreview.outputs.style import COLOURS, FONT_PT, MIN_FONT_PT, STATUS_COLOURS, VERDICT_COLOURS
from dockreview.rules.base import CONDITIONAL_FAIL, CONDITIONAL_PASS, FAIL, NEEDS_DATA
from dockreview.rules.conditional import DEFAULT_RULE

#: The legend's words for a dimension within the data's accuracy, by its status.
CONDITIONAL_WORDS = {
    CONDITIONAL_PASS: "passing within the data's accuracy: value \u00b1 its 95 % figure, with its limit",
    CONDITIONAL_FAIL: "failing within the data's accuracy: value \u00b1 its 95 % figure, with its limit",
}


def _within_colour(review) -> str:
    """The colour of the title block's checks within the data's accuracy: a conditional pass's under the simple
    rule (they pass), needing data's under the guarded rule (they wait for a survey)."""
    if review is None or review.decision_rule == DEFAULT_RULE:
        return STATUS_COLOURS[CONDITIONAL_PASS]
    return STATUS_COLOURS[NEEDS_DATA]


def _extent(sheet: Sheet) -> tuple[float, float, float, float]:
    """The water side of the lot: frontage, dock, envelope and dimensions, with a strip of upland."""
    rip = sheet.riparian
    geoms = [rip.frontage]
    water_side = []
    if sheet.review is not None:
        layout = sheet.review.layout
        geoms += [layout.dock.footprint, *layout.dimension_lines.values()]
        water_side.append(layout.allowed_band)
    envelope = sheet.envelope if sheet.envelope is not None else sheet.review.layout.envelope if sheet.review is not None else None
    if sheet.envelope is not None:
        water_side += [sheet.envelope.geometry, sheet.envelope.band]
    water_side = [g for g in water_side if g is not None and not g.is_empty]
    if envelope is not None and not math.isfinite(envelope.reach_limit_ft):
        # no reach limit: the envelope runs to the far shore; show it as far as the lot and the dock need
        core = shapely.union_all(geoms)
        x0, y0, x1, y1 = core.bounds
        near = shapely.buffer(core, max(x1 - x0, y1 - y0, rip.frontage.length))
        water_side = [shapely.intersection(g, near) for g in water_side]
    water = shapely.union_all(geoms + water_side)
    x0, y0, x1, y1 = water.bounds
    span = max(x1 - x0, y1 - y0)
    upland = shapely.clip_by_rect(sheet.site.parcel, x0 - span, y0 - span, x1 + span, y1 + span)
    back = shapely.intersection(upland, shapely.buffer(rip.frontage, 0.25 * span))
    x0, y0, x1, y1 = shapely.union_all([water, back]).bounds
    pad = 0.08 * max(x1 - x0, y1 - y0)
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _important(ax, sheet: Sheet, view, dock_parts, corner_marks, dim_lines) -> list:
    """What the furniture had better not hide (display), each with its weight."""
    important = [(g, 50.0) for g in dock_parts] + [(g, 50.0) for g in corner_marks] + [(g.buffer(2), 50.0) for g in dim_lines]
    env = envelope_of(sheet)
    if env is not None and not env.geometry.is_empty:
        important.append((to_display(ax, clip(env.geometry, view)), 0.002))
    important.append((to_display(ax, clip(sheet.riparian.frontage, view)).buffer(2), 0.5))
    rip = sheet.riparian
    for geom in (sheet.site.mhw, rip.left_side, rip.right_side, rip.left_extension, rip.right_extension):
        important.append((to_display(ax, clip(geom, view)).buffer(2), 0.2))
    return important


def _busy(ax, sheet: Sheet, zones: dict, view):
    """Hatching and channels (display): the scale bar's figures read poorly over them."""
    water = [g for g in zones.values() if g is not None]
    if sheet.site.channels is not None and not sheet.site.channels.empty:
        water.append(shapely.union_all(sheet.site.channels.geometry.values))
    if not water:
        return None
    water = shapely.make_valid(shapely.union_all([shapely.make_valid(g) for g in water]))
    return shapely.make_valid(to_display(ax, clip(water, view)))


def _draw(sheet: Sheet, ax=None, *, page: str = "letter", title: bool = True, legend: bool | None = None):
    """Draw a sheet (review and/or envelope) onto ``ax``, or onto a new exhibit page."""
    review = sheet.review
    if legend is None:  # a page has its legend panel; the user's own axes keep their room unless a legend is asked for
        legend = ax is None
    p = None
    if ax is None:
        p = new_page(page)
        fig, ax = p.fig, p.ax
        fontsize = FONT_PT[page]
    else:
        fig = ax.figure
        fontsize = MIN_FONT_PT
        if title:
            colour = VERDICT_COLOURS.get(review.verdict, "black") if review is not None else "black"
            heading = review.verdict.upper() if review is not None else "envelope"
            ax.set_title(f"{sheet.site.name} - parcel {sheet.site.parcel_id} - {heading}", fontsize=9, color=colour)
        if fig.get_layout_engine() is not None:
            fig.draw_without_rendering()  # settle the axes' place before measuring anything on it
    ft = sheet.site.ft_per_unit

    if p is not None:
        colours = {"verdict": VERDICT_COLOURS.get(review.verdict, "black") if review is not None else "black",
                   "no-dock": COLOURS["warning"] if sheet.envelope is not None and sheet.envelope.reasons else VERDICT_COLOURS["compliant"],
                   "fails": STATUS_COLOURS["fail"], "supply": STATUS_COLOURS["needs-data"], "waived": STATUS_COLOURS["waived"],
                   "caveat": COLOURS["warning"], "within": _within_colour(review)}
        lines = title_lines(review, site=sheet.site, envelope=sheet.envelope, kind=sheet.kind) if title else []
        low, high = TITLE_IN[page]
        block_h = title_block(p.block_ax, lines, fontsize, colours, page=page, max_in=high) if title else low
        arrange(p, min(max(block_h, low), high))
    bounds = _extent(sheet)
    view, scale = fit_view(ax, bounds, ft, round_scale=p is not None)
    view_clip = view if p is not None else shapely.box(*bounds).buffer(3 * max(bounds[2] - bounds[0], bounds[3] - bounds[1]))

    handles: list = []
    names: list = []
    draw_context(ax, sheet, view_clip, handles, names)
    zones = draw_zones(ax, sheet, view_clip, handles)
    corners = draw_riparian(ax, sheet, view_clip, handles)
    draw_law_lines(ax, sheet, view_clip, handles)
    draw_bands(ax, sheet, view_clip, handles)
    if review is not None:
        draw_dock(ax, review, handles)
    soundings = draw_soundings(ax, sheet, view_clip, handles)
    dims = dimensions(review) if review is not None else []
    if dims:
        handles.append(Line2D([], [], color=COLOURS["dimension"], marker=glyph_marker("\u2194"), ls="", ms=10, label="dimension (ft)"))
        if any(d.status == FAIL for d in dims):
            handles.append(Line2D([], [], color=COLOURS["warning"], marker=glyph_marker("\u2194"), ls="", ms=10, label="failing dimension, with its limit"))
        for status, words in CONDITIONAL_WORDS.items():
            if any(d.status == status for d in dims):
                handles.append(Line2D([], [], color=STATUS_COLOURS[status], marker=glyph_marker("\u2194"), ls="", ms=10, label=words))
    if soundings:
        handles.append(Line2D([], [], color=COLOURS["sounding"], marker="+", ls="", label="soundings, ft below MLW (labelled where room allows)"))

    legend_artist = None
    if legend and p is not None:
        legend_artist = legend_panel(p.legend_ax, handles, fontsize)
    elif legend:
        for handle in handles:
            handle.set_label(wrap_to(fig, handle.get_label(), px(fig, 150), fontsize))
        legend_artist = ax.legend(handles=handles, fontsize=fontsize, framealpha=1.0, loc="upper right", borderaxespad=0.3)
        legend_artist.set_zorder(20)  # above the map's line work and labels: the legend keeps its strip of the axes
        strip = legend_artist.get_window_extent(renderer(fig)).width + px(fig, 8)
        view, scale = fit_view(ax, bounds, ft, round_scale=False, right_px=strip)
    if p is not None:
        if legend_artist is not None:
            fit_locator(p, legend_artist, fontsize)
        draw_locator(p.locator_ax, sheet.site, view, fontsize)

    # dimension lines first (they are obstacles for the furniture), then the furniture, then every label
    view_width = view.bounds[2] - view.bounds[0]
    drawn_dims = draw_dimension_lines(ax, review, sheet.riparian, dims, view_width)

    dock_parts = []
    if review is not None:
        dock_parts = [to_display(ax, g) for g in review.layout.dock.components.geometry.values]
    corner_marks = [to_display(ax, c).buffer(px(fig, 3.5)) for c in corners]
    dim_lines = [to_display(ax, shapely.LineString(e)) for _, e in drawn_dims]
    important = _important(ax, sheet, view, dock_parts, corner_marks, dim_lines)
    busy = _busy(ax, sheet, zones, view)
    furniture = [("north", north_arrow(ax, fontsize)), ("scale", scale_bar(ax, ft, fontsize, scale))]
    taken = place_furniture(ax, furniture, important, busy)
    # no label on a dimension line, its arrowheads or its extension lines
    ties = [to_display(ax, shapely.LineString(line.get_xydata())) for line in ax.lines
            if (line.get_gid() or "").startswith("dimension-extension:")]
    hard = [*dock_parts, *corner_marks, *taken, *[g.buffer(px(fig, 1.0)) for g in dim_lines], *[g.buffer(px(fig, 0.5)) for g in ties]]
    if legend_artist is not None and p is None:
        hard.append(shapely.box(*legend_artist.get_window_extent(renderer(fig)).extents))
    if sheet.site.docks is not None and not sheet.site.docks.empty:  # no label hides another dock
        hard.append(to_display(ax, clip(shapely.union_all(dock_areas(sheet.site)), view)))
    soft = [(to_display(ax, g), 1.0) for g in contours(ax)]
    rip = sheet.riparian
    for geom, weight in ((rip.left_side, 0.5), (rip.right_side, 0.5), (rip.left_extension, 0.5), (rip.right_extension, 0.5),
                         (sheet.site.mhw, 0.5)):
        soft.append((to_display(ax, clip(geom, view)), weight))
    placer = Placer(ax, hard, soft)
    dock = shapely.union_all(dock_parts) if dock_parts else None  # no leader runs across the proposed dock
    for dim, ends in drawn_dims:
        place_dimension(placer, ends, dim, fontsize, dock=dock)
    for dim, geom in component_figures(review) if review is not None else ():
        place_component_figure(placer, dim, geom, fontsize, dock=dock)
    place_names(placer, names, fontsize)
    if soundings:
        land = [g for g in (sheet.site.parcels.geometry.values if sheet.site.parcels is not None else []) if g.intersects(view)]
        off = [to_display(ax, clip(shapely.union_all(land), view))] if land else []
        off.append(to_display(ax, clip(sheet.site.mhw, view)).buffer(px(fig, 2.0)))
        near = to_display(ax, review.layout.dock.footprint) if review is not None else None
        place_soundings(placer, soundings, fontsize, near=near, off=shapely.union_all(off))
    return fig, ax


def plot_review(review, ax=None, *, page: str = "letter", title: bool = True, legend: bool | None = None, sheet: str = "review",
                envelope=None):
    """Draw the site plan of a review.

    Parameters
    ----------
    review : Review
    ax : matplotlib Axes, optional
        Drawn onto when given (map, its legend inside the axes, and a short
        title); otherwise a new exhibit page of ``page`` size with a legend, a
        locator and a title block.
    page : {"letter", "tabloid"}
        Landscape page size of a new exhibit page (also sets the font size).
    title : bool
        Whether to draw the title (a title block on a new page).
    legend : bool, optional
        Whether to draw the legend: by default on a new page (in its panel) and
        not on axes given, whose room stays the map's; ``legend=True`` sets it
        inside the given axes, in a strip the map keeps clear.
    sheet : {"review", "envelope"}
        ``"envelope"`` draws the lot's envelope and says in the title block
        whether a dock is possible (``envelope --map``).
    envelope : Envelope, optional
        The envelope to draw on an ``"envelope"`` sheet (the review's own by default).

    Returns
    -------
    (Figure, Axes)
        The map's axes.
    """
    if sheet not in ("review", "envelope"):
        raise ValueError(f"sheet {sheet!r}: use 'review' or 'envelope'")
    if sheet == "envelope" and envelope is None:
        envelope = review.layout.envelope
    drawn = Sheet(site=review.site, riparian=review.layout.riparian, review=review, envelope=envelope, kind=sheet)
    return _draw(drawn, ax, page=page, title=title, legend=legend)


def plot_envelope(site, envelope, *, review=None, ax=None, page: str = "letter", title: bool = True, legend: bool | None = None):
    """Draw the lot's envelope on the exhibit page: with the review's dock and dimensions when one is given.

    The title block says "NO DOCK POSSIBLE" with the envelope's reasons when no
    dock may stand on the lot.
    """
    drawn = Sheet(site=site, riparian=envelope.riparian, review=review, envelope=envelope, kind="envelope")
    return _draw(drawn, ax, page=page, title=title, legend=legend)


def save_map(review, path, *, page: str = "letter") -> None:
    """Write the exhibit page to ``path`` (.png at 300 dpi, .pdf or .svg as vectors), atomically."""
    fig, _ = plot_review(review, page=page)
    save_figure(fig, path, inputs=inputs_of(review))


def save_envelope_map(review, path, *, page: str = "letter", envelope=None) -> None:
    """Write the envelope exhibit of a review to ``path``, atomically: the lot's envelope with the review's dock.

    ``envelope`` is the review's own (``review.layout.envelope``) unless given.
    Nothing is reviewed here: the caller reviews the site and passes the Review.
    """
    envelope = review.layout.envelope if envelope is None else envelope
    fig, _ = plot_envelope(review.site, envelope, review=review, page=page)
    save_figure(fig, path, inputs=inputs_of(review))
