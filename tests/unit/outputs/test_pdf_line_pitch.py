"""A text set in PDF's Helvetica keeps the line pitch of the font the sheet was laid out in.

The sheets are laid out by DejaVu Sans's metrics; matplotlib steps a text's
lines by its font's height, 1.0 em for DejaVu Sans and 0.925 em for Helvetica,
so, set in Helvetica unchanged, a wrapped item's lines came 8 % closer than the
sheet placed them, ascenders touching the descenders above on the Board
evidence sheet. The second method is the SVG of the same figure, whose text
stays text and is laid out in DejaVu Sans: the first and last baselines of each
text must lie as far apart in the PDF as there.
"""

from __future__ import annotations

import re

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from dockreview.outputs.sheet.page import save_figure  # noqa: E402
from support.pdfwords import words  # noqa: E402

# Each line as tall and as deep as the others in both fonts ("f" and "g"): matplotlib centres a line in its pitch
# by its own glyphs' extent, and its Helvetica metrics give a quote or a degree sign too great an ascent.
LINES = ["the length of the dock along its axis", "from the line of mean high water going out", "as far as the float at its seaward end, giving"]


def _figure(spacing):
    fig = plt.figure(figsize=(5.0, 2.0))
    fig.text(0.05, 0.9, "\n".join(LINES), fontsize=9, va="top", linespacing=spacing)
    return fig


def _svg_baselines(path) -> list[float]:
    found = re.findall(r'<text[^>]*transform="translate\(([-\d.]+) ([-\d.]+)\)"[^>]*>([^<]*)<', path.read_text())
    return [float(y) for _, y, text in found if text.strip()]


@pytest.mark.parametrize("spacing", [1.1, "normal", 1.3])
def test_a_text_set_in_helvetica_spans_the_height_it_was_laid_out_in(tmp_path, spacing):
    save_figure(_figure(spacing), tmp_path / "sheet.pdf")
    save_figure(_figure(spacing), tmp_path / "sheet.svg")
    found = words(tmp_path / "sheet.pdf")
    assert [w.text for w in found] == LINES and {w.font for w in found} == {"Helvetica"}
    pdf = [float(w.corners[0][1]) for w in found]  # y up, each line's box from the same depth below its baseline
    svg = _svg_baselines(tmp_path / "sheet.svg")  # y down
    assert len(svg) == 3
    assert pdf[0] - pdf[-1] == pytest.approx(svg[-1] - svg[0], abs=0.05)
    # and not the pitch of Helvetica's own height: 8 % less, some 1.3 pt over these two steps
    assert pdf[0] - pdf[-1] > 1.05 * (svg[-1] - svg[0]) / 1.081
