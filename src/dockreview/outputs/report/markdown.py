"""The report as Markdown, each sheet embedded as an SVG data URI."""

from __future__ import annotations

from dockreview.outputs.report.content import header, sections
from dockreview.outputs.report.sheets import data_uri, exhibit_svg


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(review, *, page: str = "letter", all_checks: bool = False) -> str:
    """The report as Markdown, the exhibit embedded as an SVG data URI."""
    lines = [f"# Dock review: {review.site.name}", ""]
    lines += [f"- **{k}:** {v}" for k, v in header(review)]
    lines += ["", "## Site plan", "", f"![Site plan exhibit]({data_uri(exhibit_svg(review, page))})", ""]
    evidence = data_uri(exhibit_svg(review, page, sheet="evidence"))
    lines += ["## Board evidence sheet", "", f"![Board evidence sheet]({evidence})", ""]
    for section in sections(review, all_checks=all_checks):
        lines += [f"## {section.title}", ""]
        if section.text:
            lines += [section.text, ""]
        if section.rows:
            lines.append("| " + " | ".join(section.columns) + " |")
            lines.append("|" + "|".join("---" for _ in section.columns) + "|")
            lines += ["| " + " | ".join(_md_cell(cell) for cell in row) + " |" for row in section.rows]
            lines.append("")
        if section.note:
            lines += [section.note, ""]
    return "\n".join(lines)
