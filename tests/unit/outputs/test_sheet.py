"""The sheet kit both sheets share: the label placer, its first-free strategy, and the view fitted at a round scale.

Each case is built by hand on an axes of known size in display pixels, so the
answer (which candidate is free, which scale holds the bounds) is known before
the code runs.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pytest
import shapely

from dockreview.outputs.sheet.labels import Placer, place_first, rect
from dockreview.outputs.sheet.page import fit_view
from dockreview.outputs.style import SCALES_FT_PER_IN


@pytest.fixture
def axes():
    """A 4 x 2 in axes filling a figure at 100 dpi: 400 x 200 display pixels, data = display."""
    fig = plt.figure(figsize=(4, 2), dpi=100)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 400)
    ax.set_ylim(0, 200)
    yield ax
    plt.close(fig)


def candidate(cost, x, y, w=40.0, h=10.0):
    return (cost, np.array([x, y]), 0.0, rect((x, y), 0.0, w, h))


def test_the_placer_takes_the_cheapest_free_candidate(axes):
    wall = shapely.box(90, 0, 110, 200)  # a hard obstacle across the middle of the left half
    placer = Placer(axes, hard=[wall])
    best = placer.choose([candidate(0.0, 100, 100), candidate(1.0, 390, 100), candidate(2.0, 300, 100)])
    # the first covers the wall; the second reaches past the frame (390 + 20 > 400 - 2); the third is free
    assert best[0] == pytest.approx(2.0) and tuple(best[1]) == (300, 100)
    text = axes.text(0, 0, "label", ha="center", va="center")
    placer.commit(text, *best[1:])
    assert text.get_position() == pytest.approx((300, 100))
    # a placed label is an obstacle to the next one
    assert placer.choose([candidate(0.0, 310, 104)]) is None
    assert placer.choose([candidate(0.0, 200, 150)]) is not None


def test_soft_obstacles_cost_but_do_not_block(axes):
    line = shapely.LineString([(0, 50), (400, 50)])
    placer = Placer(axes, soft=[(line, 10.0)])
    best = placer.choose([candidate(0.0, 200, 50), candidate(5.0, 200, 150)])
    assert tuple(best[1]) == (200, 150), "over the line it costs 0 + 10, clear of it 5"
    only = placer.choose([candidate(0.0, 200, 50)])
    assert only is not None and only[0] == pytest.approx(10.0)


def test_place_first_keeps_the_first_free_annotation_else_the_last(axes):
    placer = Placer(axes, hard=[shapely.box(0, 0, 150, 200)], inset=0.0)

    def make(where):
        return axes.annotate("figure", xy=where, ha="center", va="center", fontsize=8)

    kept = place_first(placer, [(50, 100), (100, 100), (300, 100), (350, 150)], make)
    assert kept.xy == (300, 100), "the first two lie on the obstacle"
    assert [t.xy for t in axes.texts] == [(300, 100)], "the candidates tried and refused are removed"
    # nothing free (all on the obstacle or on the label just placed): the last candidate is kept all the same
    again = place_first(placer, [(20, 100), (300, 100)], make)
    assert again.xy == (300, 100) and len(axes.texts) == 2


def test_fit_view_draws_at_the_smallest_engineers_scale_that_holds_the_bounds(axes):
    # 4 x 2 in: 330 ft wide needs 82.5 ft to the inch, 100 ft high 50: the scale is 100 (80 would not hold it)
    view, scale = fit_view(axes, (1000.0, 2000.0, 1330.0, 2100.0), 1.0, round_scale=True)
    assert scale == 100 and scale in SCALES_FT_PER_IN
    assert view.bounds == pytest.approx((965.0, 1950.0, 1365.0, 2150.0))
    assert axes.get_xlim() == pytest.approx((965.0, 1365.0)) and axes.get_ylim() == pytest.approx((1950.0, 2150.0))
    # in metres (3.28084 ft each) the same lot is 1082.7 ft wide: 300 ft to the inch, the view 1200 ft = 365.76 m wide
    _, scale = fit_view(axes, (0.0, 0.0, 330.0, 100.0), 3.28084, round_scale=True)
    x0, x1 = axes.get_xlim()
    assert scale == 300 and (x1 - x0) * 3.28084 == pytest.approx(1200.0)
    # not at a round scale: the bounds fill the axes exactly, no scale given
    view, scale = fit_view(axes, (0.0, 0.0, 400.0, 100.0), 1.0, round_scale=False)
    assert scale is None and view.bounds == pytest.approx((0.0, -50.0, 400.0, 150.0))
