"""The report as one self-contained HTML document: the sheets inline as SVG, the style sheet inline, nothing fetched."""

from __future__ import annotations

import html
import re

from dockreview.outputs.report.checks import UNCERTAINTY
from dockreview.outputs.report.content import Section, header, sections
from dockreview.outputs.report.sheets import exhibit_svg, inline_svg
from dockreview.outputs.style import PAGES, STATUS_COLOURS, VERDICT_COLOURS

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1100px;color:#1f2328;padding:0 1em}
h1{margin-bottom:.2em}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2em;margin-top:1.6em}
h1,h2{break-after:avoid;page-break-after:avoid}
table{border-collapse:collapse;width:100%;font-size:.88em}th,td{border:1px solid #d0d7de;padding:.3em .5em;text-align:left;vertical-align:top}
thead{display:table-header-group}tr{break-inside:avoid;page-break-inside:avoid}
th{background:#f6f8fa}td.num{text-align:right;white-space:nowrap}dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}
dt{font-weight:600}.status{font-weight:700}p.note{color:#57606a;font-size:.9em}
figure.exhibit{margin:0;border:1px solid #d0d7de}figure.exhibit svg{display:block;width:100%;height:auto}
section.part{break-inside:auto}section.part>h2+*{break-before:avoid;page-break-before:avoid}
@media print{
 @page{size:{page} landscape;margin:.4in}
 body{max-width:none;margin:0;padding:0;font-size:9pt}
 h2.siteplan{display:none}
 figure.exhibit{border:none;width:100%;break-before:page;page-break-before:always;break-after:page;page-break-after:always;break-inside:avoid}
 figure.exhibit svg{width:100%;height:auto;max-height:{exhibit_height}in}
 h2.checks{break-before:page;page-break-before:always;margin-top:0}
 section.short table{break-inside:avoid;page-break-inside:avoid}
 table{font-size:8pt}
}
"""
_NUMERIC = {"margin", UNCERTAINTY, "features"}
#: A table of at most this many rows is printed whole on one page (a longer one breaks, its header repeated).
SHORT_TABLE_ROWS = 15


def _css(page: str) -> str:
    """The style sheet; printed, the exhibit fills the width of a landscape ``page`` and stays on one page."""
    height = PAGES[page][1] - 0.8 - 0.15
    return _CSS.replace("{page}", page).replace("{exhibit_height}", f"{height:.2f}")


def _html_table(section: Section) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in section.columns)
    body = []
    for row in section.rows:
        cells = []
        for column, cell in zip(section.columns, row):
            if column == "status":
                colour = STATUS_COLOURS.get(cell, "#000")
                cells.append(f"<td class='status' style='color:{colour}'>{html.escape(cell)}</td>")
            else:
                css = " class='num'" if column in _NUMERIC or (column in ("required", "proposed", "value") and _short_number(cell)) else ""
                cells.append(f"<td{css}>{html.escape(cell)}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _short_number(cell: str) -> bool:
    """A cell that is one number with its unit ("15.0 ft", "-45.0 ft", "36 inches"): right-aligned."""
    return bool(re.fullmatch(r"[+-]?[\d,]+(\.\d+)?\s?[^\d\s]{0,6}( ft)?", cell))


def to_html(review, *, page: str = "letter", all_checks: bool = False) -> str:
    """The report as one self-contained HTML document (no external reference of any kind)."""
    title = html.escape(f"Dock review: {review.site.name}")
    colour = VERDICT_COLOURS.get(review.verdict, "#000")
    facts = "".join(
        f"<dt>{html.escape(k)}</dt><dd{' style=color:' + colour if k == 'Verdict' else ''}>{html.escape(v)}</dd>"
        for k, v in header(review)
    )
    parts = [
        f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{title}</title>"
        f"<style>{_css(page)}</style></head><body>",
        f"<h1>{title}</h1><dl>{facts}</dl>",
        "<h2 class='siteplan'>Site plan</h2>",
        f"<figure class='exhibit'>{inline_svg(exhibit_svg(review, page))}</figure>",
        "<h2 class='siteplan'>Board evidence</h2>",
        f"<figure class='exhibit'>{inline_svg(exhibit_svg(review, page, sheet='evidence'))}</figure>",
    ]
    for section in sections(review, all_checks=all_checks):
        css = " class='checks'" if section.title == "Checks" else ""
        short = " short" if len(section.rows) <= SHORT_TABLE_ROWS else ""
        parts.append(f"<section class='part{short}'><h2{css}>{html.escape(section.title)}</h2>")
        if section.text:
            parts.append(f"<p>{html.escape(section.text)}</p>")
        if section.rows:
            parts.append(_html_table(section))
        if section.note:
            parts.append(f"<p class='note'>{html.escape(section.note)}</p>")
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts)
