"""The staff report: self-contained HTML whose exhibit keeps its text, a paginated PDF, Markdown; read as a reader would.

The PDF's text is read page by page with pypdf (a pure-Python reader in the test extra).
"""

from __future__ import annotations

import base64
import dataclasses
import json
import re
from pathlib import Path

import matplotlib.pyplot as plt
import pypdf  # the test extra's pure-Python PDF reader
import pytest
from click.testing import CliRunner

import dockreview
from dockreview.cli import main
from dockreview.outputs.report import (
    PdfWriter,
    Section,
    margin,
    page_font,
    pdf_pages,
    quantity,
    sections,
    text_pages,
    to_html,
    to_markdown,
    write_report,
)
from support.paths import DATA
from support.pdfwords import words
from support.samples import SITES, reviewed

CHECK_HEADER = "section check rule required proposed margin ± (95 %) status finding"
#: A count printed with decimals ("2.0 rails", "0.0 docks"), or a whole limit with a trailing .0 before lb.
DECIMAL_COUNT = re.compile(r"\b\d[\d,]*\.\d+ (rails?|docks?|lifts?|floats?)\b|\b\d[\d,]*\.0 lb\b")


def exempt():
    """failing-narrow-lot on federal premises."""
    base = reviewed("failing-narrow-lot")
    site = dataclasses.replace(base.site, manifest=dataclasses.replace(base.site.manifest, federal=True))
    return dockreview.review(site)


@pytest.fixture(scope="module")
def page():
    return to_html(reviewed("failing-narrow-lot"))


@pytest.fixture(scope="module")
def pdf(tmp_path_factory):
    """failing-narrow-lot's PDF report: its path and the text of each page."""
    path = tmp_path_factory.mktemp("pdf") / "report.pdf"
    write_report(reviewed("failing-narrow-lot"), path)
    return path, [p.extract_text() for p in pypdf.PdfReader(path).pages]


def _svg_of(page: str) -> str:
    found = re.search(r"<svg\b.*?</svg>", page, flags=re.DOTALL)
    assert found, "the exhibit is an inline SVG"
    return found.group(0)


# ----------------------------------------------------------------------------- HTML


def test_html_has_no_external_reference(page):
    # nothing the page would load: the law's address may be cited as text, never linked or imported
    assert not re.search(r"""(?:href|src)\s*=\s*['"]?\s*https?:|@import""", page, flags=re.IGNORECASE)
    assert "<link" not in page.lower() and "<script" not in page.lower()
    assert set(re.findall(r"url\(([^)]*)\)", page)) <= {u for u in re.findall(r"url\((#[\w-]+)\)", page)}, "only the SVG's own clip paths"
    assert all(s.startswith("data:") for s in re.findall(r"""src\s*=\s*['"]([^'"]*)['"]""", page))


def test_html_exhibit_keeps_its_text_as_text(page):
    svg = _svg_of(page)
    texts = re.findall(r"<text\b[^>]*>([^<]*)</text>", svg)
    assert len(texts) >= 20
    assert any("130.0 ft" in t for t in texts) and any("27 Example Ave" in t for t in texts)
    assert not re.search(r'id="DejaVuSans-', svg), "no glyph outlines"


def test_html_prints_the_exhibit_full_width_and_starts_the_checks_on_a_new_page(page):
    css = re.search(r"<style>(.*?)</style>", page, flags=re.DOTALL).group(1)
    printed = css[css.index("@media print"):]
    assert re.search(r"figure\.exhibit svg\{width:100%;height:auto", printed)
    assert "size:letter landscape" in printed
    assert re.search(r"h2\.checks\{break-before:page", printed)
    assert "thead{display:table-header-group}" in css and re.search(r"h1,h2\{break-after:avoid", css)
    assert "<h2 class='checks'>Checks</h2>" in page


def test_html_lists_every_applicable_check_with_its_numbers(page):
    review = reviewed("failing-narrow-lot")
    for check in review.checks:
        if check.status != "not-applicable":
            assert f"<td>{check.id}</td>" in page
        else:
            assert f"<td>{check.id}</td>" not in page
    assert "<td class='num'>15.0 ft</td>" in page and "<td class='num'>-45.0 ft</td>" in page
    for heading in ("Items for the Board of Trustees to decide", "Waivers and conditions", "Interpretations used", "Measurements", "Data sources"):
        assert f"<h2>{heading}</h2>" in page
    for source in review.site.sources:
        assert Path(source.file).name in page
    assert review.verdict.upper() in page and review.verdict_reason in page


# ----------------------------------------------------------------------------- the tables' words


def test_quantities_read_as_a_staff_report_writes_them():
    assert quantity(2.0, "rails") == "2 rails" and quantity(1.0, "lifts") == "1 lift" and quantity(0.0, "docks") == "0 docks"
    assert quantity(40000.0, "lb") == "40,000 lb" and quantity(36.0, "in") == "36 inches" and quantity(15.0, "deg") == "15°"
    assert quantity(79.95, "ft", beside=80.0) == "79.95 ft" and quantity(120.00004, "ft") == "120.0 ft"
    assert quantity(-0.00001, "ft") == "0.0 ft" and quantity(6.0, "ft", signed=True) == "+6 ft"


def test_margin_is_signed_by_the_outcome():
    review = reviewed("failing-narrow-lot")
    assert margin(review.check("side-setback")) == "-45.0 ft"
    assert margin(review.check("dock-clearance")) == f"+{review.measurements.dock_clearance_ft - 50:,.1f} ft"
    assert margin(review.check("reach")) == "-18.0 ft"
    assert margin(review.check("float-position")) == ""  # a contact tolerance, not a bound


def _rows(review, title: str, **kwargs) -> dict[str, dict[str, str]]:
    part = next(s for s in sections(review, **kwargs) if s.title == title)
    return {row[1]: dict(zip(part.columns, row)) for row in part.rows}


SAMPLES = SITES
NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")
#: Requirements the report words instead of printing the limit: each with the limit its words mean.
WORDED_LIMITS = {"one-dock": ("no other dock on the lot", 0.0), "float-vegetation": ("no float over vegetation", 0.0)}


def _printed(cell: str) -> list[tuple[float, float]]:
    """The numbers printed in a cell, each with half a unit of its last decimal (how far the value may lie from it)."""
    out = []
    for text in NUMBER.findall(cell):
        decimals = len(text.split(".")[1]) if "." in text else 0
        out.append((float(text.replace(",", "")), 0.5 * 10.0**-decimals + 1e-9))
    return out


def _shows(cell: str, value: float) -> bool:
    return any(abs(number - value) <= tol for number, tol in _printed(cell))


@pytest.mark.parametrize("name", SAMPLES)
def test_required_proposed_and_margin_are_the_checks_limit_value_and_margin(name):
    """Every decided check on every sample site: the three columns print the CheckResult's limit, value and margin."""
    review = reviewed(name)
    rows = _rows(review, "Checks", all_checks=True)
    decided = [c for c in review.checks if c.decided]
    assert decided
    for check in decided:
        row = rows[check.id]
        # margin: the check's own, signed, in its unit; blank exactly when the check has none
        if check.margin is None:
            assert row["margin"] == "", (check.id, row["margin"])
        else:
            (number, tol), = _printed(row["margin"])
            assert number == pytest.approx(check.margin, abs=tol), (check.id, row["margin"], check.margin)
            assert row["margin"].startswith("+") == (number > 0), (check.id, row["margin"])
        # required: the check's limit, read with the check's sense
        if check.id in WORDED_LIMITS:
            words, limit = WORDED_LIMITS[check.id]
            assert row["required"] == words and check.limit == limit, (check.id, check.limit)
        elif check.limit is None:
            assert row["required"] == "", (check.id, row["required"])
        else:
            assert _shows(row["required"], check.limit), (check.id, row["required"], check.limit)
            if check.sense == "at-least":
                assert "at least" in row["required"], (check.id, row["required"])
            elif check.sense == "at-most":
                assert "at most" in row["required"] or "within" in row["required"], (check.id, row["required"])
        # proposed: the check's value (the words for none, for touching and for a float's layout excepted)
        if check.id == "one-dock":
            assert (row["proposed"] == "no other dock") == (check.value == 0), (check.id, row["proposed"])
        elif check.id == "float-vegetation" and check.value == 0:
            assert row["proposed"] == "0 sq ft"
        elif check.id == "float-position":
            assert (row["proposed"] == "touching") == (check.status == "pass"), (check.id, row["proposed"])
        elif check.id == "float-layout":  # the layout and the float's angle, of which the value is the departure
            assert row["proposed"].startswith(review.measurements.float_layout), row["proposed"]
        elif check.value is not None:
            assert _shows(row["proposed"], check.value), (check.id, row["proposed"], check.value)
        assert row["status"] == check.status


def test_counts_are_integers_and_requirements_are_words():
    review = reviewed("straight-t-float")
    rows = _rows(review, "Checks", all_checks=True)
    assert rows["railing-rails"]["required"] == "at most 2 rails" and rows["railing-rails"]["proposed"] == "2 rails"
    assert rows["one-dock"]["required"] == "no other dock on the lot" and rows["one-dock"]["proposed"] == "no other dock"
    assert rows["lift-boat-weight"]["required"] == "at most 40,000 lb"
    assert rows["frontage"]["required"] == "at least 150 ft" and rows["railing-height"]["required"] == "at most 42 inches"
    text = to_markdown(review, all_checks=True)
    assert not DECIMAL_COUNT.search(text), DECIMAL_COUNT.search(text)


def test_float_layout_reads_like_its_finding():
    row = _rows(reviewed("straight-t-float"), "Checks")["float-layout"]
    assert "15°" in row["required"] and "90°" in row["required"]
    assert row["proposed"] == "T, long axis at 90.0° to the dock's axis" and "90.0 deg" in row["finding"]


def test_not_applicable_checks_are_one_line_unless_all_are_asked_for():
    review = reviewed("straight-t-float")
    absent = [c.id for c in review.checks if c.status == "not-applicable"]
    assert len(absent) >= 10
    checks = next(s for s in sections(review) if s.title == "Checks")
    assert not {row[1] for row in checks.rows} & set(absent)
    assert checks.note.startswith(f"Not applicable to this dock, {len(absent)} checks: ")
    assert all(i in checks.note for i in absent) and "--all-checks" in checks.note
    full = next(s for s in sections(review, all_checks=True) if s.title == "Checks")
    assert len(full.rows) == len(review.checks) and not full.note
    markdown = to_markdown(review)
    assert markdown.count(checks.note) == 1 and "| lift-count |" not in markdown


def test_measurements_have_plain_labels_and_units():
    review = reviewed("failing-narrow-lot")
    part = next(s for s in sections(review) if s.title == "Measurements")
    labels = dict(part.rows)
    assert labels["Frontage, along the MHW line"] == "130.0 ft"
    assert labels["Float area, all floats"] == "640.0 sq ft"
    assert labels["Dock components"] == "float, ramp and walkway"
    assert labels["Existing docks on the lot's frontage"] == "no other dock"
    assert labels["Number of floats"] == "2"
    for label, value in part.rows:
        assert "_" not in label, label
        assert not re.search(r"\(\s*'|\(\)|^\[|True|False", value), value


def test_verdict_reason_is_given_for_every_verdict():
    cases = {
        "straight-t-float": ("compliant", "every applicable check passes or is left to the Board"),
        "failing-narrow-lot": ("noncompliant", "7 checks fail: frontage, side-setback, reach"),
        "parcel-past-mhw": ("incomplete", "18 checks need data: navigable-reach"),
    }
    for name, (verdict, start) in cases.items():
        data = json.loads(reviewed(name).to_json())
        assert data["verdict"] == verdict and data["verdict_reason"].startswith(start), data["verdict_reason"]
        assert any(f"{n} Board items pending" in data["verdict_reason"] for n in (3, 4))
    federal = exempt()
    assert federal.verdict == "exempt" and "federal government" in json.loads(federal.to_json())["verdict_reason"]
    assert "federal government" in next(s for s in sections(federal) if s.title == "Checks").note


# ----------------------------------------------------------------------------- PDF


def test_pdf_pages_are_numbered_and_tables_repeat_their_header(pdf):
    path, pages = pdf
    n = len(pages)
    assert n >= 4
    for number, text in enumerate(pages, start=1):
        assert f"page {number} of {n}" in text, number
    with_header = [i for i, text in enumerate(pages, start=1) if CHECK_HEADER in " ".join(text.split())]
    assert len(with_header) >= 2 and with_header == list(range(with_header[0], with_header[-1] + 1)), with_header
    for i in with_header[1:]:  # a continued table opens its page with the header, under the running title
        lines = [line for line in pages[i - 1].splitlines() if line.strip()]
        assert lines[0].startswith("Dock review: 27 Example Ave") and " ".join(" ".join(lines[1:4]).split()).startswith(CHECK_HEADER)
    whole = "\n".join(pages)
    assert not DECIMAL_COUNT.search(whole)
    assert "Not applicable to this dock, 11 checks: landing-size, lift-count" in " ".join(whole.split())
    assert "2 rails" in whole and "page 1 of" in pages[0]


def test_pdf_first_page_is_the_vector_exhibit(tmp_path):
    pages = pdf_pages(reviewed("curved-cove"))
    saved = [{t.get_gid() for axes in figure.axes for t in axes.texts} for figure in pages]
    for figure in pages:
        plt.close(figure)
    path = tmp_path / "report.pdf"
    write_report(reviewed("curved-cove"), path)
    assert {"dimension:frontage", "dimension:reach", "title:site", "title:sources"} <= saved[0]
    assert len(saved) >= 2 and not any("dimension:frontage" in page for page in saved[1:])
    data = path.read_bytes()
    assert data.startswith(b"%PDF") and len(re.findall(rb"/Type /Page\b", data)) == len(saved)
    assert b"/Subtype /Image" not in data
    assert [p.name for p in tmp_path.iterdir()] == ["report.pdf"]


def test_pdf_text_pages_are_set_in_helvetica_every_word_in_its_column(pdf):
    path, pages = pdf
    found = [w for w in words(path) if w.page >= 2]
    assert len(found) > 200 and {w.font for w in found} == {"Helvetica", "Helvetica-Bold"}  # nothing embedded
    outside = [(w.page, w.text) for w in found if not w.inside(margin=4.0)]
    assert not outside, outside
    # no line of a cell runs into the next column: boxes on one line of a page do not overlap
    for page in {w.page for w in found}:
        boxes = [(w.text, w.corners[:, 0].min(), w.corners[:, 0].max(), w.corners[:, 1].min(), w.corners[:, 1].max())
                 for w in found if w.page == page]
        for i, (a, ax0, ax1, ay0, ay1) in enumerate(boxes):
            for b, bx0, bx1, by0, by1 in boxes[i + 1:]:
                same_line = min(ay1, by1) - max(ay0, by0) > 0.5 * (ay1 - ay0)
                assert not (same_line and min(ax1, bx1) - max(ax0, bx0) > 0.5), (page, a, b)


def test_pdf_text_pages_set_other_characters_in_an_embedded_font(tmp_path):
    base = reviewed("straight-t-float")
    manifest = dataclasses.replace(base.site.manifest, name="Łódź Marina → Pier 2")  # Ł, ź and → are not in code page 1252
    path = tmp_path / "report.pdf"
    write_report(dataclasses.replace(base, site=dataclasses.replace(base.site, manifest=manifest)), path)
    found = [w for w in words(path) if w.page >= 2]
    assert found and not any("Helvetica" in w.font for w in found)
    assert "Łódź Marina → Pier 2" in pypdf.PdfReader(path).pages[2].extract_text()
    assert page_font(["Dock review: 27 Example Ave", "-140.0 sq ft \u2212 one lift"]).core


def _layout(filler_lines: int, table_rows: int, page: str = "letter"):
    """Lay out a paragraph of ``filler_lines`` then a table of ``table_rows`` rows; the writer, not saved."""
    writer = PdfWriter(page, "Dock review: layout test")
    writer.new_page()
    writer.paragraph("\n".join(f"line {i}" for i in range(filler_lines)))
    section = Section("A table", ("check", "finding"), tuple((f"row-{i}", "a finding " * (1 + i % 3)) for i in range(table_rows)))
    head, rows = writer.table_rows(section)
    writer.heading(section.title, keep_with=writer.keep_height(head, rows))
    heading_page = writer.page_number
    writer.table(section, head, rows)
    figures = len(writer.figures)
    writer.close()
    return heading_page, writer.chunks, figures


@pytest.mark.parametrize("table_rows", [1, 2, 3, 4, 5, 30, 41])
def test_pdf_tables_break_with_no_lone_row_and_no_lone_heading(table_rows):
    for filler in range(0, 64, 3):
        heading_page, chunks, _ = _layout(filler, table_rows)
        assert chunks[0].page == heading_page, f"the heading stands alone on page {heading_page} (filler {filler})"
        assert sum(c.rows for c in chunks) == table_rows
        if table_rows > 1:
            assert all(c.rows >= 2 for c in chunks), (filler, [c.rows for c in chunks])


def test_pdf_report_keeps_headings_with_their_tables():
    writers = []
    for size in ("letter", "tabloid"):  # the layout is what is looked at: the text pages, laid out and not rendered
        writer = text_pages(reviewed("failing-narrow-lot"), page=size, all_checks=True)
        writer.close()
        writers.append(writer)
    for writer in writers:
        pages = dict(writer.headings)
        for title in {c.section for c in writer.chunks}:
            first = next(c for c in writer.chunks if c.section == title)
            assert first.page == pages[title], title
        assert all(c.rows >= 2 for c in writer.chunks if c.table_rows > 1), writer.chunks


# ----------------------------------------------------------------------------- Markdown and the command


def test_markdown_has_the_table_and_an_embedded_exhibit():
    text = to_markdown(reviewed("parcel-past-mhw"))
    found = re.search(r"!\[Site plan exhibit\]\(data:image/svg\+xml;base64,([^)]*)\)", text)
    assert found and b"<text" in base64.b64decode(found.group(1))
    assert "| section | check | rule | required | proposed | margin | ± (95 %) | status | finding |" in text
    assert "- **Verdict:** INCOMPLETE: 18 checks need data" in text
    assert not re.search(r"\]\(\s*https?:", text), "no linked or embedded remote resource; the law's address is cited as text"
    assert "(https://ecode360.com/" in text or "(http" in text  # the law read, with its address


def test_report_command_writes_each_format(tmp_path):
    manifest = str(DATA / "straight-t-float" / "site.toml")
    for suffix in ("html", "md"):
        out = tmp_path / f"r.{suffix}"
        result = CliRunner().invoke(main, ["report", manifest, "-o", str(out), "--page", "tabloid"])
        assert result.exit_code == 0, result.output
        assert "14 Example Rd" in out.read_text()
        assert f"report written to {out} (verdict: compliant)" in result.stderr
    full = tmp_path / "all.md"
    result = CliRunner().invoke(main, ["report", manifest, "-o", str(full), "--all-checks"])
    assert result.exit_code == 0 and "| lift-count |" in full.read_text() and "Not applicable to this dock" not in full.read_text()
    bad = CliRunner().invoke(main, ["report", manifest, "-o", str(tmp_path / "r.docx")])
    assert bad.exit_code == 2 and ".html, .pdf or .md" in bad.output
