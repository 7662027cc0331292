"""The report document: self-contained HTML, PDF with the exhibit on page 1, Markdown; every check listed."""

from __future__ import annotations

import base64
import functools
import re
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

import dockreview
from dockreview import report
from dockreview.cli import main
from dockreview.report import margin, sections, to_html, to_markdown, write_report

DATA = Path(__file__).resolve().parents[1] / "data"


@functools.lru_cache(maxsize=None)
def reviewed(name: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(dockreview.load_site(DATA / name / "site.toml"))


@pytest.fixture(scope="module")
def page():
    return to_html(reviewed("failing-narrow-lot"))


def test_html_has_no_external_reference(page):
    assert not re.search(r"https?://", page, flags=re.IGNORECASE)
    assert "<link" not in page.lower() and "<script" not in page.lower() and "url(" not in page.lower()
    sources = re.findall(r"""src\s*=\s*['"]([^'"]*)['"]""", page)
    assert sources and all(s.startswith("data:") for s in sources)
    svg = base64.b64decode(sources[0].split(",", 1)[1])
    assert svg.lstrip().startswith(b"<?xml") and b"<svg" in svg


def test_html_lists_every_check_with_its_numbers(page):
    review = reviewed("failing-narrow-lot")
    for check in review.checks:
        assert f"<td>{check.id}</td>" in page
    assert "<td class='num'>15.0 ft</td>" in page and "<td class='num'>-45.0 ft</td>" in page
    for heading in ("Checks", "Board of Trustees items", "Waivers and conditions", "Interpretations used", "Data sources"):
        assert f"<h2>{heading}</h2>" in page
    for source in review.site.sources:
        assert Path(source.file).name in page
    assert review.verdict.upper() in page


def test_margin_is_signed_by_the_outcome():
    review = reviewed("failing-narrow-lot")
    assert margin(review.check("side-setback")) == "-45.0 ft"
    assert margin(review.check("dock-clearance")) == f"+{review.measurements.dock_clearance_ft - 50:,.1f} ft"
    assert margin(review.check("reach")) == "-18.0 ft"


def test_board_items_waivers_and_interpretations_are_reported():
    review = reviewed("failing-narrow-lot")
    parts = {s.title: s for s in sections(review)}
    board = [c for c in review.checks if c.status == "board"]
    assert len(parts["Board of Trustees items"].rows) == len(board)
    waived = [c for c in review.checks if getattr(c, "waiver", None)]
    conditions = getattr(review.site.manifest, "conditions", ())
    assert len(parts["Waivers and conditions"].rows) == len(waived) + len(conditions)
    topics = dict(parts["Interpretations used"].rows)
    assert topics["Side-line extensions"].startswith("straight")
    assert "Navigable depth" in topics and "Seaward terminus" in topics


def test_markdown_has_the_table_and_an_embedded_exhibit():
    text = to_markdown(reviewed("parcel-past-mhw"))
    assert "![Site plan exhibit](data:image/svg+xml;base64," in text
    assert "| section | check | rule | required | proposed | margin | status | finding |" in text
    assert not re.search(r"https?://", text)


def test_pdf_first_page_is_the_vector_exhibit(tmp_path, monkeypatch):
    saved = []

    class Recording(report.PdfPages):
        def savefig(self, figure=None, **kwargs):
            saved.append({t.get_gid() for axes in figure.axes for t in axes.texts})
            super().savefig(figure, **kwargs)

    monkeypatch.setattr(report, "PdfPages", Recording)
    path = tmp_path / "report.pdf"
    write_report(reviewed("curved-cove"), path)
    assert {"dimension:frontage", "dimension:reach", "title:site", "title:sources"} <= saved[0]
    assert len(saved) >= 2 and not any("dimension:frontage" in page for page in saved[1:])
    data = path.read_bytes()
    assert data.startswith(b"%PDF") and len(re.findall(rb"/Type /Page\b", data)) == len(saved)
    assert b"/Subtype /Image" not in data
    assert [p.name for p in tmp_path.iterdir()] == ["report.pdf"]


def test_report_command_writes_each_format(tmp_path):
    manifest = str(DATA / "straight-t-float" / "site.toml")
    for suffix in ("html", "md"):
        out = tmp_path / f"r.{suffix}"
        result = CliRunner().invoke(main, ["report", manifest, "-o", str(out), "--page", "tabloid"])
        assert result.exit_code == 0, result.output
        assert "14 Example Rd" in out.read_text()
    bad = CliRunner().invoke(main, ["report", manifest, "-o", str(tmp_path / "r.docx")])
    assert bad.exit_code == 2 and ".html, .pdf or .md" in bad.output
