"""The riparian methods compared on one sheet: every method's lines over the lot, the water they disagree about.

:func:`plot_comparison` draws ``dockreview riparian --map``'s first page from a
review and its :class:`~dockreview.review.methods.MethodComparison`: the lot, its
neighbours, the MHW line and the proposed dock; each method drawn, its two lines
in its own colour and dash (:func:`method_style`, a colour-blind-safe palette),
each line labelled with the method's name; the water the methods disagree about,
hatched and labelled with its area on each side (:meth:`MethodComparison.dispute`);
the common bound every method's water is cut at. The side panel holds the legend
(every method drawn; those not drawn with their reason, :func:`short_reason`) and
a table of each method's status, setbacks and water; the title block says where
the dock stands across the methods. The methods are the comparison's: whatever
the registry holds is drawn.

:func:`save_comparison` writes it: a PDF of two pages (this sheet, then the
shoreline sheet of :mod:`~dockreview.outputs.exhibit.shoreline`), or the
comparison alone as PNG or SVG, whole or not at all.
"""

from __future__ import annotations

import re
import textwrap

import matplotlib.pyplot as plt
import shapely
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from dockreview._version import __version__
from dockreview.errors import OutputError
from dockreview.outputs.exhibit.layers import Sheet, draw_context, draw_dock, place_names
from dockreview.outputs.exhibit.placing import draw_leader, on_leader, settle
from dockreview.outputs.exhibit.titleblock import legend_panel, title_block, title_lines
from dockreview.outputs.files import atomic_path, inputs_of
from dockreview.outputs.formats import PRODUCTS
from dockreview.outputs.sheet.draw import clip, draw_lines, fill, px, to_display
from dockreview.outputs.sheet.furniture import north_arrow, place_furniture, scale_bar
from dockreview.outputs.sheet.labels import Placer, area_candidates
from dockreview.outputs.sheet.page import TITLE_IN, fit_view, new_page, save_figure
from dockreview.outputs.sheet.pdffont import saved_in
from dockreview.outputs.sheet.text import text_width
from dockreview.outputs.style import BACKING, COLOURS, FONT_PT, MARGIN_IN, PAGES, STATUS_COLOURS, VERDICT_COLOURS

#: The methods' colours, safe for colour-blind readers: Okabe and Ito's palette without its blue (the MHW line's
#: colour), yellow (too light on white) and black (the side property lines'), and Tol's wine ...
METHOD_COLOURS = ("#D55E00", "#009E73", "#882255", "#E69F00", "#56B4E9", "#CC79A7")
#: ... and their dashes, cycled against the colours (seven against six): no two of the first 42 methods look alike,
#: only the first of seven is solid, and two methods drawing the same line show both (a dashed line is drawn over a
#: solid one, which shows in its gaps; two dashed ones show each other's).
METHOD_DASHES = ("-", (0, (7, 2.5)), (0, (2, 1.5)), (0, (9, 2.5, 2, 2.5)), (0, (14, 3)), (0, (5, 2, 1, 2, 1, 2)), (0, (3, 3)))
METHOD_LW = 1.8
#: The disputed water's hatching, and the common bound's line.
DISPUTED = dict(fc="#e6e6e6", ec="#4d4d4d", hatch="xx", lw=0, alpha=0.55)
DISPUTED_TEXT = "#3d3d3d"
BOUND_LINE = dict(color="#57606a", lw=1.0, ls=(0, (8, 2, 1, 2)), zorder=5.5)
#: The side panel's width on this sheet (in): the legend over the table of methods.
PANEL_IN = {"letter": 3.6, "tabloid": 4.4}
#: The dock's standing across the methods, as the title block colours it.
STANDING_COLOURS = {"all": VERDICT_COLOURS["compliant"], "some": VERDICT_COLOURS["incomplete"], "none": VERDICT_COLOURS["noncompliant"]}
#: How many points inside the disputed water a label that does not fit in it may have its leader to.
LEADER_ANCHORS = 6
#: What a method's status reads in the table, where it is not the status itself.
NOT_DRAWN = "not-drawn"


def method_style(index: int) -> dict:
    """The colour, dash and width of the ``index``-th method of the comparison (its place in the registry).

    Examples
    --------
    >>> method_style(0)["color"], method_style(6)["color"], method_style(6)["ls"] != method_style(0)["ls"]
    ('#D55E00', '#D55E00', True)
    >>> len({(method_style(i)["color"], str(method_style(i)["ls"])) for i in range(42)})
    42
    """
    return {"color": METHOD_COLOURS[index % len(METHOD_COLOURS)], "ls": METHOD_DASHES[index % len(METHOD_DASHES)], "lw": METHOD_LW}


def short_reason(reason: str) -> str:
    """Why a method was not drawn, short: the error's own clause, without the file it names or what to add.

    Examples
    --------
    >>> short_reason('/x/site.toml: the riparian method "long-lake" needs a median line: add [layers] median_line = "F"')
    'needs a median line'
    >>> short_reason("parcels layer /x/site.gpkg:parcels: parcel '2-1': the lot's shore is not closed (near): give X")
    "the lot's shore is not closed"
    """
    text = re.sub(r"\s*\([^()]*\)", "", reason)
    parts = [p.strip() for p in text.split(": ")]
    kept = [p for p in parts if p and "/" not in p and "\\" not in p and not p.startswith(("add ", "give ", "parcel '"))]
    best = max(kept or parts, key=len)
    return re.sub(r'^the riparian method "[^"]*"\s*', "", best)


def standing_words(comparison) -> str:
    """The dock's standing across the methods drawn, in words: under how many it passes (which), and by what test.

    Examples
    --------
    >>> from types import SimpleNamespace as S
    >>> a, b = S(test="the law's setback from the side lines"), S(test="the law's setback from the side lines")
    >>> standing_words(S(standing="some", passing_methods=("a",), drawn=(a, b)))
    "Standing: the dock passes under SOME of the 2 methods drawn (passes under a), by the law's setback from the side lines"
    >>> standing_words(S(standing="needs-data", passing_methods=(), drawn=(a, b)))
    'Standing: none of the 2 methods drawn decides it (each needs data)'
    """
    drawn = len(comparison.drawn)
    if comparison.standing not in STANDING_COLOURS:
        return f"Standing: none of the {drawn} methods drawn decides it (each needs {comparison.standing.replace('needs-', '')})"
    tests = " and ".join(dict.fromkeys(m.test for m in comparison.drawn if m.test))
    passing = ", ".join(comparison.passing_methods) or "none"
    return (f"Standing: the dock passes under {comparison.standing.upper()} of the {drawn} methods drawn "
            f"(passes under {passing}){', by ' + tests if tests else ''}")


# ----------------------------------------------------------------------------- the page


def _title(review, comparison) -> list[tuple[str, str, int]]:
    """The exhibit's title block, its verdict replaced by the standing across the methods and the common bound."""
    keep = {"site", "applicant", "application", "address", "prepared_by", "date", "note", "caveat", "profile", "crs",
            "convergence", "sources"}
    lines = []
    for key, text, col in title_lines(review):
        if key == "parcel":
            lines.append((key, f"Riparian methods compared - parcel {review.site.parcel_id}", col))
        elif key == "note":
            lines += [("verdict", standing_words(comparison), 1),
                      ("bound", f"Every method's water is cut at the common bound: {comparison.bound_words}", 1),
                      (key, text, col)]
        elif key == "tool":
            lines.append((key, f"dockreview {__version__}; each method's lines drawn from the lot's water corners", col))
        elif key in keep:
            lines.append((key, text, col))
    return lines


def _arrange(p, block_h: float, table_h: float, table_ax) -> None:
    """The map at the left; the legend over the table of methods at the right; the title block across the foot."""
    width, height = PAGES[p.page]
    m, panel = MARGIN_IN, PANEL_IN[p.page]
    p.block_ax.set_position((m / width, m / height, (width - 2 * m) / width, block_h / height))
    bottom = m + block_h + m / 2
    top_h = height - m - bottom
    map_w = width - 3 * m - panel
    x = (2 * m + map_w) / width
    p.ax.set_position((m / width, bottom / height, map_w / width, top_h / height))
    table_ax.set_position((x, bottom / height, panel / width, table_h / height))
    legend_bottom = bottom + table_h + m / 2
    p.legend_ax.set_position((x, legend_bottom / height, panel / width, (height - m - legend_bottom) / height))


def _extent(review, comparison) -> tuple[float, float, float, float]:
    """Every method's water within the bound, the frontage and the dock, with a strip of upland."""
    rip = review.layout.riparian
    core = shapely.union_all([rip.frontage, review.layout.dock.footprint, *[m.water for m in comparison.drawn]])
    x0, y0, x1, y1 = core.bounds
    span = max(x1 - x0, y1 - y0)
    back = shapely.intersection(review.site.parcel, shapely.buffer(rip.frontage, 0.25 * span))
    x0, y0, x1, y1 = shapely.union_all([core, back]).bounds
    pad = 0.06 * max(x1 - x0, y1 - y0)
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _bound_line(comparison):
    """The common bound where it crosses the methods' water (and a little beyond): the bound's line on the map."""
    waters = shapely.union_all([m.water for m in comparison.drawn])
    x0, y0, x1, y1 = waters.bounds
    arc = shapely.boundary(comparison.within)
    return shapely.line_merge(shapely.intersection(arc, shapely.buffer(waters, 0.06 * max(x1 - x0, y1 - y0))))


def _longest(geom):
    """The longest line of ``geom`` (None for no line)."""
    parts = [p for p in shapely.get_parts(shapely.line_merge(geom) if geom.geom_type == "MultiLineString" else geom)
             if p.geom_type == "LineString" and p.length > 0]
    return max(parts, key=lambda p: p.length) if parts else None


def _zorder(index: int) -> float:
    """A method's lines' place in the drawing order: solid lines under dashed ones, whose gaps show them."""
    return 6.0 + (0.5 if method_style(index)["ls"] != "-" else 0.0) + 0.01 * index


def _method_lines(ax, comparison, view, handles: list) -> list[tuple[str, dict, object]]:
    """Each drawn method's two lines into the water, in its style; (method, style, line) for each line in view."""
    out = []
    for index, m in enumerate(comparison.methods):
        if m.riparian is None:
            continue
        style = method_style(index)
        for line in (m.riparian.left_extension, m.riparian.right_extension):
            shown = clip(line, view)
            if draw_lines(ax, shown, zorder=_zorder(index), gid=f"method:{m.method}", **style):
                out.append((m.method, style, shown))
        handles.append(Line2D([], [], label=m.method, **style))
    return out


def _not_drawn(comparison, handles: list) -> None:
    """A legend entry for each method not drawn, with its reason, short."""
    for m in comparison.methods:
        if m.riparian is None:
            handles.append(Line2D([], [], ls="none", label=f"not drawn: {m.method}, {short_reason(m.reason)}"))


def _draw_disputed(ax, comparison, view, handles: list) -> dict:
    """The disputed water on each side, hatched; its parts in view, by side."""
    sides = {side: clip(area, view) for side, area in comparison.disputed_sides().items()}
    drawn = {side: area for side, area in sides.items() if fill(ax, area, zorder=2.5, gid=f"disputed:{side}", **DISPUTED)}
    if drawn:
        handles.append(Patch(label="water the methods disagree about (disputed with the neighbour on that side), "
                                   "between the most and the least favourable lines", **DISPUTED))
    return drawn


def _place_disputed(placer: Placer, comparison, areas: dict, fontsize: float) -> None:
    """Label each side's disputed water with its area: inside it where the label fits, else on a leader to it."""
    ax = placer.ax
    dispute = comparison.dispute()
    for side, area in areas.items():
        text = ax.text(0, 0, f"disputed with the {side} neighbour: {dispute[side]['disputed_sqft']:,.0f} sq ft",
                       fontsize=fontsize, color=DISPUTED_TEXT, ha="center", va="center", zorder=10.8,
                       gid=f"name:disputed:{side}", bbox=BACKING)
        width, height = placer.measure(text)
        shape = shapely.make_valid(to_display(ax, area))
        best = placer.choose([c for c in area_candidates(shape, width, height) if c[0] < 3.0])
        if best is None:  # on a leader to one of a few points inside it, the innermost first
            anchors = [c[1] for c in area_candidates(shape, 1.0, 1.0, limit=LEADER_ANCHORS) if c[3].within(shape)]
            best, anchor = on_leader(placer, anchors or [shapely.point_on_surface(shape).coords[0]], width, height, base_cost=0.0)
            if best is None:
                text.remove()
                continue
            draw_leader(placer, best[3], anchor, DISPUTED_TEXT)
        placer.commit(text, best[1], best[2], best[3])


def _label_line(placer: Placer, text: str, line, colour: str, gid: str, fontsize: float) -> None:
    """``text`` beside ``line`` (data; its longest piece), in ``colour``, by the one placer."""
    piece = _longest(line)
    if piece is None:
        return
    artist = placer.ax.text(0, 0, text, fontsize=fontsize, color=colour, ha="center", va="center", rotation_mode="anchor",
                            zorder=10.9, gid=gid, bbox=BACKING)
    settle(placer, artist, placer.ax.transData.transform(shapely.get_coordinates(piece)), colour)


# ----------------------------------------------------------------------------- the table of methods


def _table_rows(comparison) -> list[tuple[tuple[str, ...], str]]:
    """The table's rows: (method, status, setback left, setback right, water) as text, and the status's colour."""
    def ft(value, fmt):
        return "-" if value is None else format(value, fmt)

    rows = []
    for m in comparison.methods:
        status = "not drawn" if m.status == NOT_DRAWN else m.status
        cells = (m.method, status, ft(m.setback_left_ft, ",.1f"), ft(m.setback_right_ft, ",.1f"), ft(m.water_area_sqft, ",.0f"))
        rows.append((cells, STATUS_COLOURS.get(m.status, "#6e7781")))
    return rows


TABLE_HEAD = ("method", "status", "setback\nleft ft", "setback\nright ft", "water\nsq ft")
#: Room between the table's columns, and round it (pt); its lines' pitch (times the font size).
TABLE_GAP_PT, TABLE_PAD_PT, TABLE_PITCH = 6.0, 3.0, 1.25


def _fit_name(fig, name: str, width_px: float, fontsize: float) -> str:
    """A method's name on as few lines as hold it within ``width_px``, broken after its hyphens."""
    for chars in range(len(name), 3, -1):
        lines = textwrap.wrap(name, chars, break_on_hyphens=True)
        if all(text_width(fig, line, fontsize) <= width_px for line in lines):
            return "\n".join(lines)
    return name


def table_layout(fig, comparison, fontsize: float, width_in: float) -> tuple[list, list[float], float]:
    """The table's cells (the header first), each column's right edge (pt) and the table's height (in).

    Every column is as wide as its widest text; the method's names are broken after a hyphen where the table
    would otherwise be wider than ``width_in``.
    """
    rows = [(TABLE_HEAD, "black")] + _table_rows(comparison)
    pt = fig.dpi / 72.0
    widths = [max(text_width(fig, line, fontsize) for cells, _ in rows for line in cells[k].split("\n")) / pt
              for k in range(len(TABLE_HEAD))]
    room = width_in * 72 - 2 * TABLE_PAD_PT - TABLE_GAP_PT * (len(widths) - 1) - sum(widths[1:])
    if widths[0] > room:
        rows = [rows[0]] + [((_fit_name(fig, cells[0], room * pt, fontsize), *cells[1:]), c) for cells, c in rows[1:]]
        widths[0] = max(text_width(fig, line, fontsize) for cells, _ in rows for line in cells[0].split("\n")) / pt
    edges, x = [], TABLE_PAD_PT
    for w in widths:
        edges.append(x + w)
        x += w + TABLE_GAP_PT
    lines = sum(max(cell.count("\n") + 1 for cell in cells) for cells, _ in rows)
    return rows, edges, (lines * fontsize * TABLE_PITCH + 2 * TABLE_PAD_PT + 0.5 * fontsize) / 72


def draw_table(ax, rows, edges, fontsize: float) -> None:
    """The table of methods in ``ax`` (placed): the method at the left, the figures flush right, a rule under the head."""
    ax.set_axis_off()
    height_pt = ax.bbox.height * 72 / ax.figure.dpi
    y = TABLE_PAD_PT
    for i, (cells, colour) in enumerate(rows):
        for k, cell in enumerate(cells):
            ax.annotate(cell, xy=(0, 1), xycoords="axes fraction", textcoords="offset points", annotation_clip=False,
                        xytext=(TABLE_PAD_PT if k == 0 else edges[k], -y), va="top", ha="left" if k == 0 else "right",
                        fontsize=fontsize, color=colour if k == 1 else "black", fontweight="bold" if i == 0 else "normal",
                        linespacing=1.1, gid=f"table:{i}:{k}")
        y += max(cell.count("\n") + 1 for cell in cells) * fontsize * TABLE_PITCH
        if i == 0:
            rule = 1 - (y - 0.2 * fontsize) / height_pt
            ax.plot([0, 1], [rule, rule], transform=ax.transAxes, color="black", lw=0.6, clip_on=False)


# ----------------------------------------------------------------------------- put together


def plot_comparison(review, comparison=None, *, page: str = "letter"):
    """Draw the methods compared on an exhibit page; ``(fig, ax)``, the map's axes.

    Parameters
    ----------
    review : Review
        The review under the profile's method (its site, dock and title block).
    comparison : MethodComparison, optional
        ``review.riparian_methods()``, computed here when not given.
    page : {"letter", "tabloid"}
        Landscape page size (also sets the font size).
    """
    comparison = review.riparian_methods() if comparison is None else comparison
    p = new_page(page)
    fig, ax, fontsize = p.fig, p.ax, FONT_PT[page]
    p.fig.delaxes(p.locator_ax)  # the table of methods takes the locator's room
    table_ax = fig.add_axes((0, 0, 0.1, 0.1), gid="methods-table")
    low, high = TITLE_IN[page]
    colours = {"verdict": STANDING_COLOURS.get(comparison.standing, STATUS_COLOURS["needs-data"])}
    block_h = title_block(p.block_ax, _title(review, comparison), fontsize, colours, page=page, max_in=high)
    rows, edges, table_h = table_layout(fig, comparison, fontsize, PANEL_IN[page])
    _arrange(p, min(max(block_h, low), high), table_h, table_ax)
    draw_table(table_ax, rows, edges, fontsize)

    site, rip, ft = review.site, review.layout.riparian, review.site.ft_per_unit
    view, scale = fit_view(ax, _extent(review, comparison), ft, round_scale=True)
    handles: list = []
    names: list = []
    sheet = Sheet(site=site, riparian=rip, review=review)
    draw_context(ax, sheet, view, handles, names)
    for side in (rip.left_side, rip.right_side):
        draw_lines(ax, clip(side, view), color=COLOURS["side"], lw=1.4, zorder=6)
    handles.append(Line2D([], [], color=COLOURS["side"], lw=1.4, label="side property lines"))
    disputed = _draw_disputed(ax, comparison, view, handles)
    bound = clip(_bound_line(comparison), view) if comparison.drawn else shapely.LineString()
    if draw_lines(ax, bound, gid="bound", **BOUND_LINE):
        handles.append(Line2D([], [], label=f"common bound of every method's water: {comparison.bound_words}", **BOUND_LINE))
    lines = _method_lines(ax, comparison, view, handles)
    draw_dock(ax, review, handles)
    _not_drawn(comparison, handles)
    legend_panel(p.legend_ax, handles, fontsize)

    dock_parts = [to_display(ax, g) for g in review.layout.dock.components.geometry.values]
    drawn_lines = [to_display(ax, line) for _, _, line in lines] + ([to_display(ax, bound)] if not bound.is_empty else [])
    important = [(g, 50.0) for g in dock_parts] + [(g.buffer(2), 0.5) for g in drawn_lines]
    important += [(to_display(ax, clip(site.mhw, view)).buffer(2), 0.2)]
    busy = shapely.union_all([shapely.make_valid(to_display(ax, a)) for a in disputed.values()]) if disputed else None
    taken = place_furniture(ax, [("north", north_arrow(ax, fontsize)), ("scale", scale_bar(ax, ft, fontsize, scale))],
                            important, busy)
    hard = [*dock_parts, *taken, *[g.buffer(px(fig, 0.6)) for g in drawn_lines]]
    soft = [(to_display(ax, clip(g, view)), 0.5) for g in (site.mhw, rip.left_side, rip.right_side)]
    placer = Placer(ax, hard, soft)
    land = to_display(ax, clip(shapely.union_all([site.parcel, *site.neighbours.geometry.values]), view))
    placer.avoid(land)  # the water's labels stand on the water: a line's name on the land would seem to name a lot line
    _place_disputed(placer, comparison, disputed, fontsize)
    for method, style, line in lines:
        _label_line(placer, method, line, style["color"], f"name:method:{method}", fontsize)
    if not bound.is_empty:
        _label_line(placer, "common bound", bound, BOUND_LINE["color"], "name:bound", fontsize)
    placer.hard.remove(land)
    place_names(placer, names, fontsize)
    return fig, ax


def _save_pdf(figures: list, path, inputs) -> None:
    """The figures as the pages of one PDF, each set in PDF's own Helvetica where it prints every word; whole or not at all."""
    try:
        with atomic_path(path, inputs=inputs) as tmp, PdfPages(tmp) as pdf:
            for fig in figures:
                with saved_in(fig):
                    pdf.savefig(fig, dpi=300)
    finally:
        for fig in figures:
            plt.close(fig)


def save_comparison(review, path, *, comparison=None, page: str = "letter") -> None:
    """Write the methods compared to ``path``: a PDF of two pages (the comparison, then the shoreline sheet), or the
    comparison alone as PNG (300 dpi) or SVG; whole or not at all, never over an input.

    Raises
    ------
    OutputError
        For another suffix, or a file that cannot be written.
    """
    from dockreview.outputs.exhibit.shoreline import plot_shoreline

    found = PRODUCTS["map"].format_of(path)
    if found is None:
        raise OutputError(f"{path}: use a {PRODUCTS['map'].suffix_words} file name")
    comparison = review.riparian_methods() if comparison is None else comparison
    fig, _ = plot_comparison(review, comparison, page=page)
    if found.suffix != ".pdf":
        save_figure(fig, path, inputs=inputs_of(review))
        return
    try:
        second, _ = plot_shoreline(review, page=page)
    except BaseException:
        plt.close(fig)
        raise
    _save_pdf([fig, second], path, inputs_of(review))
