"""Dimension lines clear of other lines (issue 16): measured from the drawn artists.

Each dimension line is read back from its artists (gid ``dimension-line:KEY``)
and every other line from the map's Line2Ds, patch outlines, collections and
the other dimensions' arrows (tests/support/drawn.py, which does not use the
package's own line-work reader). A dimension runs on another line where it lies
within 1.5 pt of it on the printed page, within 12 degrees of its direction; no
dimension may run on other lines for more than 3 pt (``support.drawn.ALLOWED_PT``), none may cross
the scale bar or the north arrow, and every one is drawn above the map's fills
and line work, with its arrowheads. Before issue 16, straight-t-float's right
setback and "to dock" dimensions ran 108 pt and 82 pt on other lines, and
curved-cove's setbacks 94 pt and 86 pt.
"""

from __future__ import annotations

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.text import Annotation

import dockreview
from dockreview.outputs.exhibit import plot_envelope, plot_review
from support.drawn import assert_dimensions_clear, dimension_lines
from support.paths import DATA
from support.samples import reviewed

SAMPLES = sorted(p.parent.name for p in DATA.glob("*/site.toml"))
DPI = 50


def render(draw, *args, **kwargs):
    with matplotlib.rc_context({"figure.dpi": DPI}):
        fig, ax = draw(*args, **kwargs)
    fig.canvas.draw()
    return fig, ax


@pytest.mark.parametrize("page", ["letter", "tabloid"])
@pytest.mark.parametrize("name", SAMPLES)
def test_no_dimension_runs_on_another_line_on_any_sample(name, page):
    fig, ax = render(plot_review, reviewed(name), page=page)
    try:
        assert_dimensions_clear(fig, ax)
    finally:
        plt.close(fig)


@pytest.mark.parametrize("name", ["straight-t-float", "failing-narrow-lot"])
def test_nor_on_the_envelope_sheet(name):
    review = reviewed(name)
    fig, ax = render(plot_envelope, review.site, review.layout.envelope, review=review)
    try:
        assert_dimensions_clear(fig, ax)
    finally:
        plt.close(fig)


def _heads(ax, key: str) -> list[Annotation]:
    return [a for a in ax.texts if a.get_gid() == f"dimension-line:{key}" and isinstance(a, Annotation)]


def test_a_dock_turned_across_the_side_line():
    """The T float reaches 1.2 ft over the right side line: the dimension is drawn, its heads outside it, pointing in."""
    base = reviewed("straight-t-float")
    turned = dockreview.with_dock(base, root=dockreview.frontage_point(base, 91.2))
    part = turned.check("side-setback").part("right")
    assert part.status == "fail" and part.value == pytest.approx(-1.2, abs=0.01)  # 100 - 91.2 - 10 ft of half float
    fig, ax = render(plot_review, turned)
    try:
        label = next(t for t in ax.texts if t.get_gid() == "dimension:setback_right")
        assert label.get_text() == "right setback -1.2 ft < 80.0 ft req."
        heads = _heads(ax, "setback_right")
        assert [type(a.arrow_patch.get_arrowstyle()).__name__ for a in heads] == ["CurveFilledB", "CurveFilledB"]
        # the heads point at the two ends of the measured line, or of that line set off square to itself
        ends = np.asarray(turned.layout.dimension_lines["setback_right"].coords)[[0, -1]]
        tips = np.array([a.xy for a in heads])
        if np.hypot(*(tips[0] - ends[0])) > np.hypot(*(tips[0] - ends[1])):
            tips = tips[::-1]
        shift = tips - ends
        assert shift[0] == pytest.approx(shift[1], abs=1e-6)
        assert float(shift[0] @ (ends[1] - ends[0])) == pytest.approx(0.0, abs=1e-6)
        # and the other side's dimension is drawn inside the map, its label beside it
        left = dimension_lines(ax)["setback_left"]
        frame = ax.bbox
        assert np.all((left[..., 0] >= frame.x0) & (left[..., 0] <= frame.x1) & (left[..., 1] >= frame.y0) & (left[..., 1] <= frame.y1))
        assert_dimensions_clear(fig, ax)
    finally:
        plt.close(fig)


def test_a_dock_turned_far_across_the_side_line():
    """Turned 30 degrees toward the right side line from 20 ft inside it: the float lies 48.7 ft past the line."""
    base = reviewed("straight-t-float")
    turned = dockreview.with_dock(base, root=dockreview.frontage_point(base, 80.0), bearing=5.0)
    assert turned.check("side-setback").part("right").value < -40.0
    fig, ax = render(plot_review, turned)
    try:
        assert [type(a.arrow_patch.get_arrowstyle()).__name__ for a in _heads(ax, "setback_right")] == ["CurveFilledAB"]
        assert_dimensions_clear(fig, ax)
    finally:
        plt.close(fig)


def test_the_scale_bar_figures_stand_on_a_backing():
    """A line the scale bar stands over does not run through its figures: each is set on a light box."""
    fig, ax = render(plot_review, reviewed("curved-cove"))
    try:
        bar = next(a for a in ax.artists if a.get_gid() == "scale-bar")
        texts = [t for t in bar.findobj(matplotlib.text.Text) if t.get_text()]
        assert len(texts) == 4  # 0, the half, the length, the ratio
        for text in texts:
            patch = text.get_bbox_patch()
            assert patch is not None and matplotlib.colors.to_rgba(patch.get_facecolor())[:3] == (1.0, 1.0, 1.0)
    finally:
        plt.close(fig)
