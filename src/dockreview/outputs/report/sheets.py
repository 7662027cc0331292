"""The exhibit sheets a report carries, as SVG with its text kept as text (for HTML and Markdown)."""

from __future__ import annotations

import base64
import io
import re

import matplotlib
import matplotlib.pyplot as plt

from dockreview.outputs.evidence_sheet import plot_evidence
from dockreview.outputs.exhibit import plot_review


def exhibit_svg(review, page: str, *, sheet: str = "site") -> bytes:
    """An exhibit sheet (``site`` plan or Board ``evidence``) as SVG, text kept as text, no metadata block."""
    fig, _ = plot_review(review, page=page) if sheet == "site" else plot_evidence(review, page=page)
    try:
        buffer = io.BytesIO()
        with matplotlib.rc_context({"svg.fonttype": "none"}):
            fig.savefig(buffer, format="svg", metadata={"Creator": None, "Date": None, "Format": None, "Type": None})
    finally:
        plt.close(fig)
    return buffer.getvalue()


def data_uri(svg: bytes) -> str:
    """The SVG as a data URI, to embed it."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


def inline_svg(svg: bytes) -> str:
    """The exhibit's SVG for writing inside the HTML: no XML prolog, no namespace URIs, scaled by CSS.

    Its fonts fall back to metrically close ones where DejaVu Sans is not installed.
    """
    text = svg.decode("utf-8")
    text = text[text.index("<svg"):]
    text = re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", text, count=2)
    text = re.sub(r'(<svg[^>]*?)\s+width="[^"]*"\s+height="[^"]*"', r"\1", text, count=1)
    text = text.replace("<svg", "<svg role='img' aria-label='Site plan exhibit'", 1)
    return text.replace("'DejaVu Sans'", "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif")
