"""The staff-report document: the exhibit, every check, Board items, waivers, interpretations, sources.

:func:`write_report` writes one self-contained file, chosen by its suffix:

* ``.html`` -- opens offline with nothing beside it: the exhibit is an SVG
  written inline, its text kept as text (searchable, selectable), the style
  sheet is inline, nothing is fetched; printed, the exhibit fills the page
  width and the tables start on the next page;
* ``.pdf`` -- the exhibit and the Board evidence sheet as vectors on pages 1
  and 2, the tables on the pages after, "page n of m" on every page, table
  headers repeated on each page a table runs onto, no heading left alone at the
  foot of a page and no page holding a single row of a table;
* ``.md`` -- Markdown with both sheets embedded as data URIs.

Every number comes from the :class:`~dockreview.review.Review`: a check's
required, proposed and margin columns are its CheckResult's limit (read with its
sense), value and margin. The sections are built once (:func:`sections`) and
each format only renders them. Counts are
printed as integers ("2 rails", "no other dock"), limits and given values that
are whole numbers without decimals ("40,000 lb"), measured values to 0.1 (more
where a value would otherwise read as its limit). The checks that do not apply
to the dock are collapsed into one line naming them (``all_checks=True``, the
command's ``--all-checks``, lists them in full).

The package: ``words`` (numbers in words), ``checks`` (the checks table, read
off each CheckResult), ``content`` (every section and the header), ``sheets``
(the exhibit sheets as SVG), and one module per format: ``html``, ``markdown``,
``pdf``.
"""

from __future__ import annotations

from pathlib import Path

from dockreview.outputs.files import atomic_path, inputs_of
from dockreview.outputs.formats import DEFAULT_PAGE, PRODUCTS
from dockreview.outputs.report.checks import CHECK_COLUMNS, finding, margin, not_applicable_line, proposed, required
from dockreview.outputs.report.content import (
    MEASUREMENT_LABELS,
    Section,
    header,
    interpretations,
    measurement_rows,
    sections,
)
from dockreview.outputs.report.html import SHORT_TABLE_ROWS, to_html
from dockreview.outputs.report.markdown import to_markdown
from dockreview.outputs.report.pdf import Chunk, PageFont, PdfWriter, page_font, pdf_pages, text_pages, write_pdf
from dockreview.outputs.report.words import COUNT_UNITS, UNIT_WORDS, in_words, quantity

__all__ = [
    "CHECK_COLUMNS",
    "COUNT_UNITS",
    "MEASUREMENT_LABELS",
    "SHORT_TABLE_ROWS",
    "UNIT_WORDS",
    "Chunk",
    "PageFont",
    "PdfWriter",
    "Section",
    "finding",
    "header",
    "in_words",
    "interpretations",
    "margin",
    "measurement_rows",
    "not_applicable_line",
    "page_font",
    "pdf_pages",
    "proposed",
    "quantity",
    "required",
    "sections",
    "text_pages",
    "to_html",
    "to_markdown",
    "write_html",
    "write_markdown",
    "write_pdf",
    "write_report",
]

def write_report(review, path: str | Path, *, page: str = DEFAULT_PAGE, all_checks: bool = False) -> None:
    """Write the report to ``path``, whole or not at all, by the writer of its suffix (``PRODUCTS["report"]``).

    ``all_checks`` lists the checks that do not apply to the dock in the table
    too, instead of the one line that names them.

    Raises
    ------
    ValueError
        For a suffix the report is not written with (:data:`~dockreview.outputs.formats.PRODUCTS`).
    """
    writer = PRODUCTS["report"].writer(path)
    with atomic_path(path, inputs=inputs_of(review)) as tmp:
        writer(review, tmp, page=page, all_checks=all_checks)


def write_html(review, path: Path, *, page: str = DEFAULT_PAGE, all_checks: bool = False) -> None:
    """Write the report as HTML (:func:`to_html`) to ``path``."""
    path.write_text(to_html(review, page=page, all_checks=all_checks), encoding="utf-8")


def write_markdown(review, path: Path, *, page: str = DEFAULT_PAGE, all_checks: bool = False) -> None:
    """Write the report as Markdown (:func:`to_markdown`) to ``path``."""
    path.write_text(to_markdown(review, page=page, all_checks=all_checks), encoding="utf-8")
