"""The exhibit's title block and legend panel: what the sheet is, for whom, its verdict and why, and its symbols.

:func:`title_lines` gives the title block's fields in the order they are printed
(site, parcel, applicant, application, address, preparer, date; the verdict and
its reasons, read by :mod:`dockreview.outputs.reasons`: the failing checks with
their values and limits, what to supply for those that need data, the checks
within the data's accuracy with the survey that would decide each and the
decision rule that counted them, the waived checks with their waiver, the Board
items by title; the manifest's conditions of
the permit; the standing note that the exhibit is drawn from GIS data and is not
a survey, a chart MHW line's accuracy note; the profile, the working CRS and its
convergence, the data sources, named relative to the manifest);
:func:`title_block` sets them: the site's name atop the first column, then the
identity and every other field flowing down the columns at the least height that
holds them, each wrapped to its column as the renderer measures it, so that a
long name, applicant or condition never runs past the block's edge.
:func:`legend_panel` sets the legend in the side panel.
"""

from __future__ import annotations

import re
import warnings
from datetime import date

import numpy as np
from matplotlib.patches import Rectangle

from dockreview._version import __version__
from dockreview.inputs.crs import describe
from dockreview.outputs.reading import relative_paths
from dockreview.outputs.reasons import Reasons, reasons
from dockreview.outputs.sheet.draw import px
from dockreview.outputs.sheet.text import renderer, wrap_to
from dockreview.outputs.style import MIN_FONT_PT, NOT_A_SURVEY
from dockreview.rules.conditional import DECISION_RULES


def _convergence(site) -> float | None:
    """Meridian convergence at the lot's centroid (degrees; positive: true north lies west of grid north)."""
    from pyproj import CRS, Proj, Transformer

    try:
        crs = CRS.from_user_input(site.crs)
        centre = site.parcel.centroid
        lon, lat = Transformer.from_crs(crs, crs.geodetic_crs, always_xy=True).transform(centre.x, centre.y)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = float(Proj(crs).get_factors(lon, lat).meridian_convergence)
    except Exception:  # noqa: BLE001 - a CRS PROJ cannot give factors for: say nothing rather than guess
        return None
    return value if np.isfinite(value) else None


def convergence_text(site) -> str:
    """``"Grid north is 0.17° east of true north at the lot"``."""
    gamma = _convergence(site)
    if gamma is None:
        return "Grid north: convergence not available for this CRS"
    if abs(gamma) < 0.005:
        return "Grid north is true north at the lot (convergence 0.00°)"
    side = "east" if gamma > 0 else "west"
    return f"Grid north is {abs(gamma):.2f}° {side} of true north at the lot (convergence)"


def extension_text(riparian) -> str:
    """How the lines were carried seaward, in words: the method's own description (the review's interpretation).

    Extended side lines say how they were extended ("straight, along the last
    course"); any other method names itself ("perpendicular-to-trend: ...").
    """
    if riparian.method == "extended-side-lines":
        return riparian.description
    return f"{riparian.method}: {riparian.description}"


def lines_label(riparian) -> str:
    """The legend's and the title block's name for the lines into the water."""
    return "seaward extensions" if riparian.method == "extended-side-lines" else "riparian lines"


def _source_line(source, folder) -> str:
    """``"parcels: parcels.shp, EPSG:2263, 5"``: the file relative to the manifest, the CRS code, the feature count."""
    crs = source.crs.split(" (", 1)[0]
    return f"{source.role}: {relative_paths(source.file, folder)}, {crs}, {source.features}"


def board_pending_text(review) -> str:
    """``"Board items pending: 2"`` and each item by its title and section, one a line (``"... none"`` without any)."""
    items = _glued(reasons(review.checks).board)
    if not items:
        return "Board items pending: none"
    return f"Board items pending: {len(items)}" + "".join(f"\n{BULLET}{item}" for item in items)


#: What starts each item of a list in the title block.
BULLET = "- "


def _glued(items: list[str]) -> list[str]:
    """Each item with its section citation kept on one line ("(Docks D(2)(c)[2])" is never broken)."""
    short = 32  # a citation, a side; not a waiver's note

    def glue(m: re.Match) -> str:
        return m.group(0).replace(" ", "\u00a0") if len(m.group(0)) <= short else m.group(0)

    return [re.sub(r"\((?:[^()]|\([^()]*\))*\)", glue, t) for t in items]


#: The decision rules as the title block says them, short (the report gives
#: :data:`~dockreview.rules.conditional.DECISION_RULES` in full); a rule not here is said in full.
RULE_WORDS = {
    "simple": "simple: the data as given decide; a survey could reverse a check within their accuracy",
    "guarded": "guarded: a check within the data's accuracy is not decided until surveyed",
}


def rule_text(rule: str) -> str:
    """``"Decision rule: simple: the data as given decide; ..."``: the review's decision rule in the title block's words.

    Examples
    --------
    >>> rule_text("guarded")
    "Decision rule: guarded: a check within the data's accuracy is not decided until surveyed"
    """
    return f"Decision rule: {RULE_WORDS.get(rule, DECISION_RULES[rule])}"


def reason_lines(review) -> list[tuple[str, str, int]]:
    """The verdict's reasons as title-block fields: the decision rule when a check lies within the data's accuracy,
    the failing checks, what to supply, the checks within the data's accuracy, the waived checks, the Board items."""
    why = reasons(review.checks, review.decision_rule)
    why = Reasons(_glued(why.failing), why.supply, _glued(why.waived), _glued(why.board), why.needs_data,
                  _glued(why.within), why.rule)
    lines = []
    if any(c.conditional for c in review.checks):
        lines.append(("rule", rule_text(review.decision_rule), 1))
    if why.failing:
        lines.append(("fails", f"Fails {len(why.failing)} check{'s' if len(why.failing) != 1 else ''}:"
                      + "".join(f"\n{BULLET}{t}" for t in why.failing), 1))
    if why.supply:
        lines.append(("supply", why.supply_heading + "".join(f"\n{BULLET}{t}" for t in why.supply), 1))
    if why.within:
        lines.append(("within", why.within_heading + "".join(f"\n{BULLET}{t}" for t in why.within), 1))
    if why.waived:
        lines.append(("waived", "Waived:" + "".join(f"\n{BULLET}{t}" for t in why.waived), 1))
    lines.append(("board", board_pending_text(review), 1))
    return lines


def condition_text(manifest) -> str | None:
    """``"Conditions of the permit: 1"`` and each condition with who imposed it and when, one a line; None without any."""
    items = []
    for condition in manifest.conditions:
        by = ", ".join(part for part in (condition.imposed_by, condition.date) if part)
        items.append(f"{condition.text} ({by})" if by else condition.text)
    if not items:
        return None
    return f"Conditions of the permit: {len(items)}" + "".join(f"\n{BULLET}{item}" for item in items)


def chart_caveat(site) -> str | None:
    """The accuracy note of an MHW line taken from a chart cell ("compiled at 1:10,000 ... survey before deciding"), else None.

    It is the note the site's loading gave when the manifest names chart cells and no MHW layer of its own.
    """
    manifest = site.manifest
    if not manifest.charts or "mhw" in manifest.layers:
        return None
    note = next((w for w in site.warnings if w.startswith("chart ") and "MHW line" in w), None)
    if note is None:
        return "The MHW line is a chart's land-water line, compiled at the chart's scale: survey it before deciding a permit on it"
    text = note.split(": ", 1)[-1]  # after the cell's name: the sources column names it
    return text[:1].upper() + text[1:]


def _given(value) -> str:
    return value if value not in (None, "") else "not given"


def title_lines(review=None, *, site=None, envelope=None, kind: str = "review") -> list[tuple[str, str, int]]:
    """The title block as (field, text, column) triples, in the order they are printed.

    Column 0 is the sheet's identity; every field of another column flows after it
    (:func:`title_block`). A list's items follow its heading, one a line, each
    starting with :data:`BULLET`.
    """
    site = review.site if site is None else site
    exhibit = site.manifest.exhibit
    heading = "Dock envelope" if kind == "envelope" else "Proposed dock"
    lines = [
        ("site", site.name, 0),
        ("parcel", f"{heading} - parcel {site.parcel_id}", 0),
        ("applicant", f"Applicant: {_given(exhibit.applicant)}", 0),
        ("application", f"Application no.: {_given(exhibit.application)}", 0),
        ("address", f"Address: {_given(exhibit.address)}", 0),
        ("prepared_by", f"Prepared by: {_given(exhibit.prepared_by)}", 0),
        ("date", f"Date: {exhibit.date or date.today().isoformat()}", 0),
    ]
    if envelope is not None and kind == "envelope":
        if envelope.reasons:
            lines.append(("no-dock", "NO DOCK POSSIBLE: " + "; ".join(envelope.reasons), 1))
        else:
            lines.append(("no-dock", "A dock is possible within the envelope", 1))
        lines.append(("envelope", (
            f"Envelope {envelope.area_sqft:,.0f} sq ft; frontage {envelope.frontage_ft:,.1f} ft; "
            f"setback {envelope.required_setback_ft:,.1f} ft; band {envelope.band_width_ft:,.1f} ft at MHW; "
            f"greatest reach {envelope.greatest_reach_ft:,.1f} ft (limit {envelope.reach_limit_ft:,.1f} ft)"), 1))
    if review is not None:
        prefix = "Proposed dock: " if kind == "envelope" else ""
        lines.append(("verdict", f"{prefix}Verdict: {review.verdict.upper()}", 1))
        lines += reason_lines(review)
    conditions = condition_text(site.manifest)
    if conditions:
        lines.append(("conditions", conditions, 1))
    lines.append(("note", NOT_A_SURVEY, 1))
    caveat = chart_caveat(site)
    if caveat:
        lines.append(("caveat", caveat, 1))
    profile = review.profile.name if review is not None else None
    if profile:
        lines.append(("profile", f"Profile: {profile}", 2))
    riparian = review.layout.riparian if review is not None else envelope.riparian
    extension = extension_text(riparian)
    lines += [
        ("crs", f"Working CRS: {describe(site.crs)}", 2),
        ("convergence", convergence_text(site), 2),
        ("tool", f"dockreview {__version__}; {lines_label(riparian)} {extension}", 2),
        ("sources", "Data sources (file, CRS, features):\n" + "\n".join(_source_line(s, site.manifest.folder) for s in site.sources), 3),
    ]
    return lines


#: Share of the title block's width the first column (site, parcel, applicant, dates) takes; the rest flows into
#: columns of equal width, as many as the page gives (:data:`FLOW_COLUMNS`).
FIRST_COLUMN = {"letter": 0.22, "tabloid": 0.17}
FLOW_COLUMNS = {"letter": 3, "tabloid": 4}
#: The sheet's heading (the site's name) is wrapped between words at the first of these sizes (times the font size);
#: only a name that would then take more than :data:`HEADING_SHARE` of the block's greatest height is set smaller, at
#: the first size that keeps it within it.
HEADING_SCALES = (1.6, 1.4, 1.25, 1.0)
HEADING_SHARE = 0.5
#: Field styles: size (times the font size) and weight.
STYLES = {"site": (HEADING_SCALES[0], "bold"), "verdict": (1.25, "bold"), "no-dock": (1.25, "bold"), "note": (1.0, "bold"),
          "caveat": (1.0, "bold")}
PAD_PT = 5.0


def _pieces(key: str, text: str) -> list[tuple[str, str]]:
    """A field cut where a column may break: a list's heading with its first item, then each further item.

    Each piece keeps the field's key; the pieces after the first are keyed ``key:2``, ``key:3``.
    """
    heading, *items = text.split(f"\n{BULLET}")
    if not items:
        return [(key, text)]
    out = [(key, f"{heading}\n{BULLET}{items[0]}")]
    out += [(f"{key}:{i + 2}", f"{BULLET}{item}") for i, item in enumerate(items[1:])]
    return out


def _flow(narrow: list[float], wide: list[float], gaps: list[float], columns: int, limit: float, start: float) -> list[int] | None:
    """The column of each piece set top down, breaking before a piece that would pass ``limit``; None when they do not fit.

    Column 0 is the first column, below the sheet's heading (from ``start``),
    where a piece is ``narrow`` high; columns 1 to ``columns`` are the flowing
    ones, where it is ``wide`` high.
    """
    col, y, out = 0, start, []
    for hn, hw, gap in zip(narrow, wide, gaps):
        h = hn if col == 0 else hw
        if y + h > limit and (col == 0 or y > 0):
            col, y, h = col + 1, 0.0, hw
        if col > columns:
            return None
        out.append(col)
        y += h + gap
    return out


def title_block(block_ax, lines, fontsize: float, colours: dict, *, page: str = "letter", max_in: float | None = None) -> float:
    """Set the title block; its height (in).

    The first column opens with the sheet's heading (the first field of column 0
    of :func:`title_lines`, the site's name), wrapped between words and set
    smaller only when it must be (:data:`HEADING_SCALES`). The other fields
    follow it top down, the identity first, on through the columns after it,
    breaking between fields or between the items of a list, at the least height
    that holds them all and keeps the identity in the first column where the
    block's height allows it. Every field is wrapped to its column's width as
    the renderer measures it. When ``max_in`` cannot hold them, the last pieces
    are left off and the last column says how many lines the check table and
    the report give besides.
    """
    fig = block_ax.figure
    drawer = renderer(fig)
    block_w = block_ax.bbox.width
    first, flowing = FIRST_COLUMN.get(page, 0.19), FLOW_COLUMNS.get(page, 3)
    widths = [first] + [(1.0 - first) / flowing] * flowing
    x = np.concatenate([[0.0], np.cumsum(widths)])
    gap_pt, join_pt = 0.45 * fontsize, 0.1 * fontsize
    room = None if max_in is None else max_in * 72 - 2 * PAD_PT

    def text(key, body, col, scale=None):
        base = key.split(":")[0]
        size_of, weight = STYLES.get(base, (1.0, "normal"))
        size = max(fontsize * (size_of if scale is None else scale), MIN_FONT_PT)
        indent = "" if base == "site" else "  "  # a name's lines are all of a piece; a field's run on indented
        body = body.replace(f"\n{BULLET}", f"\n{BULLET.strip()}\u00a0")  # a bullet stays with its first word
        if body.startswith(BULLET):
            body = f"{BULLET.strip()}\u00a0{body[len(BULLET):]}"
        wrapped = wrap_to(fig, body, block_w * widths[col] - 2 * px(fig, PAD_PT), size, weight, indent=indent)
        artist = block_ax.annotate(
            wrapped, xy=(x[col], 1.0), xycoords="axes fraction", xytext=(PAD_PT, -PAD_PT), textcoords="offset points",
            va="top", ha="left", fontsize=size, fontweight=weight, color=colours.get(base, "black"), gid=f"title:{key}",
            linespacing=1.15, annotation_clip=False,
        )
        return artist, artist.get_window_extent(drawer).height * 72 / fig.dpi

    def height(key, body, col):
        artist, h = text(key, body, col)
        artist.remove()
        return h

    identity = [(key, body) for key, body, col in lines if col == 0]
    heading_h = 0.0
    for key, body in identity[:1]:
        for scale in HEADING_SCALES:
            artist, heading_h = text(key, body, 0, scale)
            if room is None or heading_h <= HEADING_SHARE * room or scale == HEADING_SCALES[-1]:
                break
            artist.remove()
    start = heading_h + gap_pt if identity else 0.0
    pieces = [(key, body, gap_pt) for key, body in identity[1:]]
    if pieces:  # a line's room between the identity and what follows it
        pieces[-1] = (*pieces[-1][:2], 2 * gap_pt)
    elif identity:
        start += gap_pt
    for key, body, col in lines:
        if col != 0:
            cut = _pieces(key, body)
            pieces += [(k, b, join_pt if i < len(cut) - 1 else gap_pt) for i, (k, b) in enumerate(cut)]
    narrow = [height(k, b, 0) for k, b, _ in pieces]
    wide = [height(k, b, 1) for k, b, _ in pieces]
    gaps = [g for _, _, g in pieces]
    kept = len(identity) - 1
    identity_h = start + sum(narrow[:kept]) + sum(gaps[:kept]) - (2 * gap_pt if kept > 0 else 0.0)
    full = room is not None and _flow(narrow, wide, gaps, flowing, room, start) is None
    if full:
        # even the tallest block cannot hold every piece: leave off the last ones and say so
        more = "... {} more lines: the check table and the report give them"
        total = len(pieces)
        tail = height("more", more.format(total), 1)
        while len(pieces) > max(kept, 0) and _flow(narrow + [tail], wide + [tail], gaps + [0.0], flowing, room, start) is None:
            for held in (pieces, narrow, wide, gaps):
                held.pop()
        pieces.append(("more", more.format(total - len(pieces)), 0.0))
        narrow.append(tail)
        wide.append(tail)
        gaps.append(0.0)
    low = max([heading_h, identity_h if room is None else min(identity_h, room), *wide, 0.0])
    high = max(start + sum(narrow) + sum(gaps), low)
    if room is not None:
        high = max(min(high, room), low)
    for _ in range(0 if full else 40):  # the least height the pieces flow into; all of it when some were left off
        mid = (low + high) / 2
        if _flow(narrow, wide, gaps, flowing, mid, start) is None:
            low = mid
        else:
            high = mid
        if high - low < 0.5:
            break
    limit = high
    columns = _flow(narrow, wide, gaps, flowing, limit, start) or [flowing] * len(pieces)
    y, last = start, 0
    for (key, body, gap), col in zip(pieces, columns):
        if col != last:
            y, last = 0.0, col
        artist, h = text(key, body, col)
        artist.xyann = (PAD_PT, -PAD_PT - y)
        y += h + gap
    used = max(columns, default=0)
    for edge in x[1: used + 1]:
        block_ax.plot([edge, edge], [0, 1], transform=block_ax.transAxes, color="black", lw=0.6, clip_on=False)
    block_ax.add_patch(Rectangle((0, 0), 1, 1, transform=block_ax.transAxes, fill=False, lw=1.0, ec="black", clip_on=False))
    return (limit + 2 * PAD_PT) / 72


def legend_panel(legend_ax, handles: list, fontsize: float):
    """The legend in the page's side panel, each entry wrapped to the panel's width."""
    fig = legend_ax.figure
    width_px = legend_ax.bbox.width - px(fig, fontsize * 4.2)
    for handle in handles:
        handle.set_label(wrap_to(fig, handle.get_label(), width_px, fontsize))
    return legend_ax.legend(handles=handles, fontsize=fontsize, framealpha=0.95, loc="upper left", mode="expand",
                            bbox_to_anchor=(0, 0, 1, 1), borderaxespad=0, title="Legend", title_fontsize=fontsize + 1)
