"""The report as PDF: the exhibit and the Board evidence sheet as vectors on pages 1 and 2, the tables after.

:class:`PdfWriter` lays out the text pages (landscape): "page n of m" on every
page, table headers repeated on each page a table runs onto, no heading left
alone at the foot of a page and no page holding a single row of a table.
:func:`text_pages` lays out a review's text pages, :func:`pdf_pages` gives every
page of the report as a figure, and :func:`write_pdf` saves them. The text pages
are set in PDF's own Helvetica when it prints every word of them, else in DejaVu
Sans, embedded (:class:`PageFont`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.backends.backend_pdf import PdfPages

from dockreview._version import __version__
from dockreview.outputs.evidence_sheet import plot_evidence
from dockreview.outputs.exhibit import plot_review
from dockreview.outputs.report.checks import CHECK_COLUMNS, UNCERTAINTY
from dockreview.outputs.report.content import ACCURACY_COLUMNS, LAW_COLUMNS, WITHIN_COLUMNS, Section, header, sections
from dockreview.outputs.sheet.pdffont import PDF_FONT_PT, PageFont, page_font, saved_in
from dockreview.outputs.style import PAGES, STATUS_COLOURS, VERDICT_COLOURS

#: Relative column widths of the PDF tables, by their columns (others share the width equally).
_PDF_WIDTHS = {
    CHECK_COLUMNS: (1.05, 1.35, 1.7, 1.6, 1.5, 0.75, 0.7, 0.95, 3.6),
    ACCURACY_COLUMNS: (2.0, 1.0, 1.3, 0.8, 6.0),
    WITHIN_COLUMNS: (1.05, 1.35, 1.1, 0.9, 1.5, 0.75, 0.7, 1.3, 3.2),
    ("section", "item", "facts given"): (1.3, 2.5, 8.0),
    LAW_COLUMNS: (1.3, 2.5, 8.0),
    ("role", "file", "CRS", "features"): (1.0, 4.5, 3.0, 0.8),
    ("topic", "interpretation"): (1.5, 8.0),
    ("measurement", "value"): (4.0, 3.0),
    ("kind", "check", "granted / imposed", "text"): (1.0, 1.5, 2.5, 5.0),
}
_PDF_FONT = PDF_FONT_PT
_LINE_IN = _PDF_FONT * 1.3 / 72
_CELL_PAD_IN = 0.06
_HEADING_IN = 0.42
_TOP_IN = 0.65  # below the running title
_BOTTOM_IN = 0.55  # above the page number
_SIDE_IN = 0.5
#: Columns whose cells are kept on one line.
_UNBROKEN = ("margin", UNCERTAINTY, "features")


def _wrap(text: str, width_in: float, font: PageFont, *, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width_in``, measured in the font the PDF draws it in."""
    limit = width_in * 72.0
    lines: list[str] = []
    for paragraph in str(text).split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.width_pt(candidate, bold) <= limit or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
            while font.width_pt(line, bold) > limit and len(line) > 1:  # a word longer than the column: break it
                cut = len(line)
                while cut > 1 and font.width_pt(line[:cut], bold) > limit:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines or [""]


@dataclass
class _Row:
    cells: list[list[str]]
    height: float
    status: str | None = None


@dataclass(frozen=True)
class Chunk:
    """A piece of a table as laid out on one PDF page (for checking the layout)."""

    page: int  # 1-based, counting the sheets before the text pages
    section: str
    rows: int  # data rows on this page
    table_rows: int  # data rows of the whole table


class PdfWriter:
    """Lays out the report's text pages (landscape), one figure per page; :meth:`number` numbers every page.

    A heading is kept with what follows it (its text, or its table's header and
    first two rows); a table that runs onto the next page repeats its header
    there and leaves no row alone on either page. ``headings`` and ``chunks``
    record where each heading and each piece of a table went (page numbers
    count from ``first_page``).
    """

    def __init__(self, page: str, title: str, *, first_page: int = 2, font: PageFont | None = None) -> None:
        self.size, self.title = PAGES[page], title
        self.font = page_font([title]) if font is None else font
        self.first_page = first_page
        self.figures: list = []
        self.chunks: list[Chunk] = []
        self.headings: list[tuple[str, int]] = []  # (heading, its page number)
        self.fig = None
        self.y = 0.0
        self.fresh = False  # nothing drawn on the current page yet

    # -- pages
    def new_page(self) -> None:
        """Start a new text page (the first text page opens with the report's heading, the others with its running title)."""
        self.fig = plt.figure(figsize=self.size)
        if self.figures:  # the first text page opens with the report's own heading
            self.fig.text(_SIDE_IN / self.size[0], 1 - 0.3 / self.size[1], self.font.text(self.title), fontsize=8, color="#57606a",
                          va="top", **self.font.props())
        self.figures.append(self.fig)
        self.y = self.size[1] - _TOP_IN
        self.fresh = True

    def _fits(self, height: float) -> bool:
        return self.fig is not None and self.y - height >= _BOTTOM_IN

    def _ensure(self, height: float) -> None:
        if not self._fits(height) and not (self.fresh and self.fig is not None):
            self.new_page()

    @property
    def page_number(self) -> int:
        return self.first_page + len(self.figures) - 1

    def _text(self, x_in: float, text: str, *, bold: bool = False, **kwargs) -> None:
        w, h = self.size
        self.fig.text(x_in / w, self.y / h, self.font.text(text), va="top", ha="left", **self.font.props(bold), **kwargs)
        self.fresh = False

    # -- blocks
    def heading(self, text: str, keep_with: float = 0.0, *, size: float = 11.0) -> None:
        """A heading, moved to a new page unless ``keep_with`` inches of what follows fit below it."""
        self._ensure(_HEADING_IN + keep_with)
        self.y -= 0.08
        self._text(_SIDE_IN, text, fontsize=size, bold=True)
        self.headings.append((text, self.page_number))
        self.y -= _HEADING_IN - 0.08

    def paragraph_lines(self, text: str) -> list[str]:
        return _wrap(text, self.size[0] - 2 * _SIDE_IN, self.font)

    def paragraph(self, text: str, *, colour: str = "black") -> None:
        lines = self.paragraph_lines(text)
        height = len(lines) * _LINE_IN
        self._ensure(height)
        self._text(_SIDE_IN, "\n".join(lines), fontsize=_PDF_FONT, color=colour, linespacing=1.3)
        self.y -= height + 0.12

    def facts(self, pairs: list[tuple[str, str]], colours: dict[str, str]) -> None:
        """The report's header: each fact's name in bold, its text wrapped beside it."""
        key_in = 1.5
        for key, value in pairs:
            lines = _wrap(value, self.size[0] - 2 * _SIDE_IN - key_in, self.font)
            height = len(lines) * _LINE_IN + 0.03
            self._ensure(height)
            self._text(_SIDE_IN, key, fontsize=_PDF_FONT, bold=True)
            self._text(_SIDE_IN + key_in, "\n".join(lines), fontsize=_PDF_FONT, color=colours.get(key, "black"), linespacing=1.3)
            self.y -= height
        self.y -= 0.1

    def _columns(self, section: Section) -> list[float]:
        """Column widths (in): each at least as wide as its longest word, the rest shared by :data:`_PDF_WIDTHS`."""
        weights = _PDF_WIDTHS.get(section.columns, (1.0,) * len(section.columns))
        usable = self.size[0] - 2 * _SIDE_IN
        status_at = section.columns.index("status") if "status" in section.columns else None
        floor = []
        for i, column in enumerate(section.columns):
            body = max((self.font.width_pt(word, i == status_at) for row in self._cells(section) for word in row[i].split(" ")), default=0.0)
            head = max((self.font.width_pt(word, True) for word in column.split(" ")), default=0.0)
            floor.append(max(body, head) / 72.0 + _CELL_PAD_IN + 0.02)
        share = [usable * w / sum(weights) for w in weights]
        if sum(floor) >= usable:
            return [usable * f / sum(floor) for f in floor]
        widths = list(share)
        for _ in range(len(widths)):  # raise the narrow ones to their floor, taking the room from the others
            short = [i for i, (w, f) in enumerate(zip(widths, floor)) if w < f]
            if not short:
                break
            fixed = {i for i, (w, f) in enumerate(zip(widths, floor)) if w <= f}
            room = usable - sum(floor[i] for i in fixed)
            free = sum(weights[i] for i in range(len(widths)) if i not in fixed)
            widths = [floor[i] if i in fixed else room * weights[i] / free for i in range(len(widths))]
        return widths

    @staticmethod
    def _cells(section: Section) -> list[tuple[str, ...]]:
        """The table's cells as drawn: a margin ("-140.0 sq ft") is never broken across lines."""
        keep = {i for i, c in enumerate(section.columns) if c in _UNBROKEN}
        return [tuple(str(c).replace(" ", "\u00a0") if i in keep else str(c) for i, c in enumerate(row)) for row in section.rows]

    def table_rows(self, section: Section) -> tuple[_Row, list[_Row]]:
        """The header and rows of ``section``'s table, wrapped to their columns."""
        columns = self._columns(section)
        status_at = section.columns.index("status") if "status" in section.columns else None

        def layout(cells, *, bold: bool = False) -> _Row:
            wrapped = [_wrap(str(c), w - _CELL_PAD_IN, self.font, bold=bold or i == status_at) for i, (c, w) in enumerate(zip(cells, columns))]
            height = max(len(lines) for lines in wrapped) * _LINE_IN + 0.06
            return _Row(wrapped, height, None if bold or status_at is None else cells[status_at])

        return layout(section.columns, bold=True), [layout(r) for r in self._cells(section)]

    @staticmethod
    def keep_height(head: _Row, rows: list[_Row]) -> float:
        """How much of a table must fit under its heading: the header and two rows (the whole of a table of 3 or fewer,
        which could only break leaving a row alone)."""
        return head.height + sum(r.height for r in rows[: len(rows) if len(rows) <= 3 else 2])

    def table(self, section: Section, head: _Row, rows: list[_Row], *, tail: float = 0.0) -> None:
        """Draw the table across as many pages as it needs, its header on each, no row alone on a page.

        ``tail`` (in) is kept on the page of the last row: the note under the table.
        """
        columns = self._columns(section)
        status_at = section.columns.index("status") if "status" in section.columns else None
        i, n = 0, len(rows)
        while i < n:
            room = self.y - _BOTTOM_IN - head.height if self.fig is not None else -1.0
            fit, used = 0, 0.0
            while i + fit < n and used + rows[i + fit].height + (tail if i + fit == n - 1 else 0.0) <= room:
                used += rows[i + fit].height
                fit += 1
            left = n - i
            if fit < left:  # the table breaks on this page
                if fit >= 3 and left - fit == 1:
                    fit -= 1  # the last row would stand alone on the next page: it takes one more along
                elif fit <= 1 or left - fit == 1:  # a lone row here or there: start the rest on a new page
                    if not self.fresh:
                        self.new_page()
                        continue
                    fit = max(fit, 1)  # taller than a page can hold: it has to go here
            self._draw_row(head, columns, bold=True)
            for row in rows[i:i + fit]:
                self._draw_row(row, columns, status_at=status_at)
            self.chunks.append(Chunk(self.page_number, section.title, fit, n))
            i += fit
            if i < n:
                self.new_page()
        self.y -= 0.12

    def _draw_row(self, row: _Row, columns, *, bold: bool = False, status_at: int | None = None) -> None:
        """One table row, each cell wrapped to its column; the status cell bold in its colour."""
        x = _SIDE_IN
        for i, (lines, width) in enumerate(zip(row.cells, columns)):
            is_status = i == status_at and not bold
            colour = STATUS_COLOURS.get(row.status, "black") if is_status else "black"
            self._text(x, "\n".join(lines), fontsize=_PDF_FONT, color=colour, linespacing=1.3, bold=bold or is_status)
            x += width
        self.y -= row.height
        w, h = self.size
        self.fig.add_artist(plt.Line2D([_SIDE_IN / w, (w - _SIDE_IN) / w], [(self.y + 0.02) / h] * 2, lw=0.3, color="#d0d7de"))

    def number(self, first: list) -> list:
        """Every page, ``first`` (the sheets) then the text pages, each numbered "page n of m"."""
        pages = [*first, *self.figures]
        total = len(pages)
        for number, fig in enumerate(pages, start=1):
            w, h = fig.get_size_inches()
            props = self.font.props() if fig in self.figures else {}
            fig.text(1 - _SIDE_IN / w, 0.1 / h, f"page {number} of {total}", ha="right", va="bottom", fontsize=7.5, color="#57606a", **props)
        return pages

    def close(self) -> None:
        """Close the text pages' figures without saving them (a layout looked at, not written)."""
        for fig in self.figures:
            plt.close(fig)


def text_pages(review, *, page: str = "letter", all_checks: bool = False, first_page: int = 3) -> PdfWriter:
    """The report's text pages laid out (the facts under its title, then every section), not yet saved.

    ``first_page`` is the number of the first text page (after the exhibit and
    the Board evidence sheet). The writer's :attr:`~PdfWriter.headings` and
    :attr:`~PdfWriter.chunks` say where each heading and each piece of a table went;
    its :attr:`~PdfWriter.font` is the one that prints every word of them (:func:`page_font`).
    """
    title = f"Dock review: {review.site.name} - parcel {review.site.parcel_id}"
    facts, parts = header(review), sections(review, all_checks=all_checks)
    words = [title, *(t for pair in facts for t in pair)]
    for section in parts:
        words += [section.title, section.text, section.note, *section.columns, *(c for row in section.rows for c in row)]
    writer = PdfWriter(page, title, first_page=first_page, font=page_font(words))
    writer.new_page()
    writer.heading(f"Dock review: {review.site.name}", size=13)
    writer.facts(facts, {"Verdict": VERDICT_COLOURS.get(review.verdict, "black")})
    for section in parts:
        head, rows = writer.table_rows(section) if section.rows else (None, [])
        keep = len(writer.paragraph_lines(section.text)) * _LINE_IN + 0.12 if section.text else 0.0
        if rows:
            keep += writer.keep_height(head, rows)  # the heading keeps its text and the table's first rows
        writer.heading(section.title, keep_with=keep)
        if section.text:
            writer.paragraph(section.text)
        if rows:
            tail = len(writer.paragraph_lines(section.note)) * _LINE_IN + 0.05 if section.note else 0.0
            writer.table(section, head, rows, tail=tail)
        if section.note:
            writer.paragraph(section.note, colour="#57606a")
    return writer


def _pages(review, *, page: str, all_checks: bool) -> tuple[list, PdfWriter]:
    """Every page of the report as a figure, numbered, and the writer of its text pages."""
    exhibit, _ = plot_review(review, page=page)
    sheet, _ = plot_evidence(review, page=page)
    writer = text_pages(review, page=page, all_checks=all_checks)
    return writer.number([exhibit, sheet]), writer


def pdf_pages(review, *, page: str = "letter", all_checks: bool = False) -> list:
    """Every page of the PDF report as a figure, numbered: the exhibit, the Board evidence sheet, the text pages."""
    return _pages(review, page=page, all_checks=all_checks)[0]


def write_pdf(review, path: Path, *, page: str = "letter", all_checks: bool = False) -> int:
    """The report as PDF: the exhibit and the Board evidence sheet (vectors) on pages 1 and 2, the tables after; returns the page count.

    The text pages are saved in their own font (:attr:`PdfWriter.font`), the
    sheets in PDF's own Helvetica where it prints every word of them
    (:func:`~dockreview.outputs.sheet.pdffont.saved_in`).
    """
    with PdfPages(path, metadata={"Title": f"Dock review: {review.site.name}", "Creator": f"dockreview {__version__}"}) as pdf:
        pages, writer = _pages(review, page=page, all_checks=all_checks)
        try:
            for fig in pages:
                with saved_in(fig, writer.font if fig in writer.figures else None):
                    pdf.savefig(fig)
        finally:
            for fig in pages:
                plt.close(fig)
        return len(pages)
