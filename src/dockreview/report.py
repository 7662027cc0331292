"""The staff-report document: the exhibit, every check, Board items, waivers, interpretations, sources.

:func:`write_report` writes one self-contained file, chosen by its suffix:

* ``.html`` -- opens offline with nothing beside it: the exhibit is an SVG
  embedded as a data URI, the style sheet is inline, nothing is fetched;
* ``.pdf`` -- the exhibit as vectors on page 1, the tables on the pages after
  (matplotlib's ``PdfPages``);
* ``.md`` -- Markdown with the exhibit embedded as a data URI.

Every number comes from the :class:`~dockreview.review.Review`; the sections are
built once (:func:`sections`) and each format only renders them.
"""

from __future__ import annotations

import base64
import html
import io
import math
import textwrap
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.backends.backend_pdf import PdfPages

from . import __version__
from .crs import describe
from .io import atomic_path
from .plot import PAGES, VERDICT_COLOURS, plot_review
from .review import STATUS_COLOURS

REPORT_SUFFIXES = (".html", ".pdf", ".md")
#: Units of the checks whose value is held against their limit as a quantity, so a margin means something.
MARGIN_UNITS = ("ft", "sq ft", "in", "lb")
CHECK_COLUMNS = ("section", "check", "rule", "required", "proposed", "margin", "status", "finding")


@dataclass(frozen=True)
class Section:
    """One titled part of the report: a short text and/or a table."""

    title: str
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    text: str = ""


def _number(value: float | None, unit: str) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and not math.isfinite(value):
        return "none in layer"
    return f"{value:,.1f} {unit}".strip()


def margin(check) -> str:
    """How far the proposal is inside (+) or outside (-) the limit, for a decided numeric check.

    Positive when the check passes, negative when it fails (or was waived), in
    the check's unit; blank when the check compares no two quantities (a count,
    a classification angle, a yes/no).
    """
    if check.status not in ("pass", "fail", "waived") or check.unit not in MARGIN_UNITS:
        return ""
    if check.value is None or check.limit is None:
        return ""
    if not math.isfinite(check.value):
        return ""
    gap = abs(check.value - check.limit)
    return f"{gap if check.status == 'pass' else -gap:+,.1f} {check.unit}".strip()


def _check_rows(review) -> tuple[tuple[str, ...], ...]:
    return tuple(
        (c.section, c.id, c.title, _number(c.limit, c.unit), _number(c.value, c.unit), margin(c), c.status, c.message)
        for c in review.checks
    )


def _board(review) -> Section:
    items = getattr(review, "board_determinations", None)
    if items is None:
        items = [c for c in review.checks if c.status == "board"]
    rows = tuple((c.section, c.title, c.message) for c in items)
    text = "" if rows else "No item is left to the Board of Trustees or an official."
    return Section("Board of Trustees items", ("section", "item", "facts given"), rows, text)


def _waivers_and_conditions(review) -> Section:
    rows = []
    for c in review.checks:
        waiver = getattr(c, "waiver", None)
        if waiver:
            rows.append(("waiver", c.id, f"{waiver.get('date', '')} by {waiver.get('granted_by', '')}", waiver.get("note", "")))
    for condition in getattr(review.site.manifest, "conditions", ()):
        rows.append(("condition", "", f"{condition.date} {condition.imposed_by}".strip(), condition.text))
    text = "" if rows else "No waiver or condition is recorded in the manifest."
    return Section("Waivers and conditions", ("kind", "check", "granted / imposed", "text"), tuple(rows), text)


def _navigable_depth(review) -> str:
    m = review.measurements
    required = getattr(m, "required_depth_ft", None)
    if getattr(review.site, "soundings", None) is None:
        return "no soundings are given, so the reach to navigable depth (Docks D(1)) needs data."
    if required is None:
        return "soundings are given but no vessel draft ([vessel] draft_ft), so the required depth is unknown."
    nav = getattr(m, "nav_reach_ft", None)
    where = f"first reached {nav:,.1f} ft out along the dock's axis" if nav is not None else "not reached where the soundings cover the axis"
    return (
        f"required depth {required:,.1f} ft below mean low water (the vessel's draft plus the clearance); depths "
        f"interpolated linearly over a triangulation of the soundings and never extrapolated; {where}."
    )


def interpretations(review) -> tuple[tuple[str, str], ...]:
    """The readings of the ordinance this review used, as (topic, how) pairs."""
    settings = review.site.manifest.review
    m = review.measurements
    extension = review.layout.riparian.extension
    method = {
        "straight": "each side line continued in the direction of the chord of its last 50 ft",
        "perpendicular": "square to the frontage chord from each water corner",
    }.get(extension, extension)
    return (
        ("Water boundary", f"the longest run of the parcel boundary within {settings.mhw_tolerance_ft:,.1f} ft of the MHW line or seaward of it."),
        ("Side-line extensions", f"{extension}: {method}."),
        ("Frontage", f"the MHW line between the water corners, measured along the line: {m.frontage_ft:,.1f} ft (chord {m.frontage_chord_ft:,.1f} ft)."),
        ("Setback", f"max(40 % of the frontage, 60 ft) = {m.required_setback_ft:,.1f} ft, from any part of the dock to each side line or its extension."),
        ("Reach", "the greatest distance from the frontage to the dock, and the length along the dock's axis from its MHW crossing; the larger is held to the limit."),
        ("Seaward terminus", f"the part of the dock farther than reach minus {settings.terminus_depth_ft:,.1f} ft from the frontage; clearances are measured from it."),
        ("Navigable depth", _navigable_depth(review)),
        ("Units", f"computed in {describe(review.site.crs)} and converted to international feet ({review.site.ft_per_unit:.6f} ft per unit)."),
    )


def sections(review) -> list[Section]:
    """Every part of the report after the exhibit, in order."""
    site = review.site
    m = review.measurements.to_dict()
    measured = tuple((key, f"{value:,.2f}" if isinstance(value, float) else str(value)) for key, value in m.items() if value is not None)
    parts = [
        Section("Checks", CHECK_COLUMNS, _check_rows(review)),
        _board(review),
        _waivers_and_conditions(review),
        Section("Interpretations used", ("topic", "interpretation"), interpretations(review)),
        Section("Measurements", ("measurement", "value"), measured),
        Section("Data sources", ("role", "file", "CRS", "features"),
                tuple((s.role, Path(s.file).name, s.crs, str(s.features)) for s in site.sources)),
    ]
    if review.warnings:
        parts.append(Section("Warnings", ("warning",), tuple((w,) for w in review.warnings)))
    return parts


def header(review) -> list[tuple[str, str]]:
    """The facts under the report's title."""
    site = review.site
    return [
        ("Parcel", site.parcel_id),
        ("Verdict", review.verdict.upper()),
        ("Date", date.today().isoformat()),
        ("Rule profile", f"{review.profile.name} ({review.profile.source})"),
        ("Working CRS", describe(site.crs)),
        ("Prepared with", f"dockreview {__version__}"),
    ]


def _exhibit_svg(review, page: str) -> bytes:
    fig, _ = plot_review(review, page=page)
    try:
        buffer = io.BytesIO()
        fig.savefig(buffer, format="svg")
    finally:
        plt.close(fig)
    return buffer.getvalue()


def _data_uri(svg: bytes) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


# ----------------------------------------------------------------------------- HTML

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1100px;color:#1f2328}
h1{margin-bottom:.2em}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;width:100%;font-size:.88em}th,td{border:1px solid #d0d7de;padding:.3em .5em;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.num{text-align:right;white-space:nowrap}dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}
dt{font-weight:600}img.exhibit{width:100%;border:1px solid #d0d7de}.status{font-weight:700}
"""
_NUMERIC = {"required", "proposed", "margin", "value", "features"}


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
                css = " class='num'" if column in _NUMERIC else ""
                cells.append(f"<td{css}>{html.escape(cell)}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def to_html(review, *, page: str = "letter") -> str:
    """The report as one self-contained HTML document (no external reference of any kind)."""
    title = html.escape(f"Dock review: {review.site.name}")
    colour = VERDICT_COLOURS.get(review.verdict, "#000")
    facts = "".join(
        f"<dt>{html.escape(k)}</dt><dd{' style=color:' + colour if k == 'Verdict' else ''}>{html.escape(v)}</dd>"
        for k, v in header(review)
    )
    parts = [
        f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{title}</title><style>{_CSS}</style></head><body>",
        f"<h1>{title}</h1><dl>{facts}</dl>",
        "<h2>Site plan</h2>",
        f"<img class='exhibit' alt='Site plan exhibit' src='{_data_uri(_exhibit_svg(review, page))}'>",
    ]
    for section in sections(review):
        parts.append(f"<h2>{html.escape(section.title)}</h2>")
        if section.text:
            parts.append(f"<p>{html.escape(section.text)}</p>")
        if section.rows:
            parts.append(_html_table(section))
    parts.append("</body></html>")
    return "\n".join(parts)


# ----------------------------------------------------------------------------- Markdown


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(review, *, page: str = "letter") -> str:
    """The report as Markdown, the exhibit embedded as an SVG data URI."""
    lines = [f"# Dock review: {review.site.name}", ""]
    lines += [f"- **{k}:** {v}" for k, v in header(review)]
    lines += ["", "## Site plan", "", f"![Site plan exhibit]({_data_uri(_exhibit_svg(review, page))})", ""]
    for section in sections(review):
        lines += [f"## {section.title}", ""]
        if section.text:
            lines += [section.text, ""]
        if section.rows:
            lines.append("| " + " | ".join(section.columns) + " |")
            lines.append("|" + "|".join("---" for _ in section.columns) + "|")
            lines += ["| " + " | ".join(_md_cell(cell) for cell in row) + " |" for row in section.rows]
            lines.append("")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- PDF

#: Relative column widths of the PDF tables, by their columns (others share the width equally).
_PDF_WIDTHS = {
    CHECK_COLUMNS: (1.3, 1.4, 1.8, 0.9, 0.9, 0.9, 1.1, 4.2),
    ("section", "item", "facts given"): (1.3, 2.5, 8.0),
    ("role", "file", "CRS", "features"): (1.0, 2.5, 4.0, 0.8),
    ("topic", "interpretation"): (1.5, 8.0),
    ("measurement", "value"): (3.0, 2.0),
    ("kind", "check", "granted / imposed", "text"): (1.0, 1.5, 2.5, 5.0),
}
_PDF_FONT = 7.0
_LINE_IN = _PDF_FONT * 1.35 / 72


class _PdfWriter:
    """Lays out sections as wrapped tables on landscape pages, opening a new page as each fills."""

    def __init__(self, pdf: PdfPages, page: str, title: str) -> None:
        self.pdf, self.size, self.title = pdf, PAGES[page], title
        self.fig = None
        self.y = 0.0

    def _new_page(self) -> None:
        self.flush()
        self.fig = plt.figure(figsize=self.size)
        self.fig.text(0.5 / self.size[0], 1 - 0.35 / self.size[1], self.title, fontsize=8, color="#57606a", va="top")
        self.y = self.size[1] - 0.6

    def flush(self) -> None:
        if self.fig is not None:
            self.pdf.savefig(self.fig)
            plt.close(self.fig)
            self.fig = None

    def _room(self, height: float) -> None:
        if self.fig is None or self.y - height < 0.4:
            self._new_page()

    def _text(self, x_in: float, text: str, **kwargs) -> None:
        w, h = self.size
        self.fig.text(x_in / w, self.y / h, text, va="top", ha="left", **kwargs)

    def heading(self, text: str) -> None:
        self._room(0.6)
        self.y -= 0.1
        self._text(0.5, text, fontsize=11, fontweight="bold")
        self.y -= 0.28

    def paragraph(self, text: str) -> None:
        wrapped = textwrap.fill(text, int((self.size[0] - 1.0) * 72 / (_PDF_FONT * 0.5)))
        height = (wrapped.count("\n") + 1) * _LINE_IN
        self._room(height)
        self._text(0.5, wrapped, fontsize=_PDF_FONT)
        self.y -= height + 0.1

    def table(self, section: Section) -> None:
        widths = _PDF_WIDTHS.get(section.columns, (1.0,) * len(section.columns))
        usable = self.size[0] - 1.0
        columns = [usable * w / sum(widths) for w in widths]
        status_at = section.columns.index("status") if "status" in section.columns else None
        self._row(section.columns, columns, bold=True)
        for row in section.rows:
            self._row(row, columns, status_at=status_at)
        self.y -= 0.1

    def _row(self, cells, columns, *, bold: bool = False, status_at: int | None = None) -> None:
        """One table row, each cell wrapped to its column; the status cell bold in its colour."""
        wrapped = [textwrap.fill(str(c), max(4, int(w * 72 / (_PDF_FONT * 0.52)))) or " " for c, w in zip(cells, columns)]
        height = max(t.count("\n") + 1 for t in wrapped) * _LINE_IN + 0.05
        self._room(height)
        x = 0.5
        for i, (text, width) in enumerate(zip(wrapped, columns)):
            is_status = i == status_at and not bold
            colour = STATUS_COLOURS.get(cells[i], "black") if is_status else "black"
            self._text(x, text, fontsize=_PDF_FONT, color=colour, fontweight="bold" if bold or is_status else "normal")
            x += width
        self.y -= height
        w, h = self.size
        self.fig.add_artist(plt.Line2D([0.5 / w, (w - 0.5) / w], [self.y / h + 0.02 / h] * 2, lw=0.3, color="#d0d7de"))


def write_pdf(review, path: Path, *, page: str = "letter") -> None:
    """The report as PDF: the exhibit (vectors) on page 1, the tables after it."""
    with PdfPages(path, metadata={"Title": f"Dock review: {review.site.name}", "Creator": f"dockreview {__version__}"}) as pdf:
        fig, _ = plot_review(review, page=page)
        pdf.savefig(fig)
        plt.close(fig)
        writer = _PdfWriter(pdf, page, f"Dock review: {review.site.name} - parcel {review.site.parcel_id}")
        writer.heading(f"Dock review: {review.site.name}")
        writer.paragraph("; ".join(f"{k}: {v}" for k, v in header(review)))
        for section in sections(review):
            writer.heading(section.title)
            if section.text:
                writer.paragraph(section.text)
            if section.rows:
                writer.table(section)
        writer.flush()


def write_report(review, path: str | Path, *, page: str = "letter") -> None:
    """Write the report to ``path`` (.html, .pdf or .md), whole or not at all.

    Raises
    ------
    ValueError
        For any other suffix.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in REPORT_SUFFIXES:
        raise ValueError(f"{path}: a report is .html, .pdf or .md")
    with atomic_path(path) as tmp:
        if suffix == ".pdf":
            write_pdf(review, tmp, page=page)
        elif suffix == ".html":
            tmp.write_text(to_html(review, page=page), encoding="utf-8")
        else:
            tmp.write_text(to_markdown(review, page=page), encoding="utf-8")
