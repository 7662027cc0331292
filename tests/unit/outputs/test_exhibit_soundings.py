"""Soundings thinned for the printed size (issue 16): a legible subset labelled, every point still marked.

evidence-site carries 943 soundings; before issue 16 its exhibit labelled
every one that found a free spot, a wall of depths over the fairway, on the
MHW line and on the applicant's lot. Read from the drawn artists: every sounding
in view keeps its cross; the labels stand at least five ems apart on the page,
none on a parcel or on the MHW line; the navigable-depth contour is drawn.
"""

from __future__ import annotations

import itertools

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
import shapely

from dockreview.outputs.exhibit import plot_review
from support.samples import reviewed

#: Labels stand no closer than this many ems (the font size) to each other: a printed measure written out here.
SPACING_EM = 5.0


@pytest.fixture(params=["letter", "tabloid"])
def drawn(request):
    review = reviewed("evidence-site")
    with matplotlib.rc_context({"figure.dpi": 50}):
        fig, ax = plot_review(review, page=request.param)
    fig.canvas.draw()
    yield review, fig, ax
    plt.close(fig)


def _anchor(ax, text) -> np.ndarray:
    """The sounding a label names: the point it annotates (display)."""
    return ax.transData.transform(text.xy)


def test_every_sounding_in_view_keeps_its_cross(drawn):
    review, fig, ax = drawn
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    points = review.site.soundings[review.site.soundings.geometry.geom_type == "Point"]
    inside = points[points.geometry.within(shapely.box(x0, y0, x1, y1))]
    crosses = [line for line in ax.lines if line.get_marker() == "+"]
    assert len(crosses) == 1 and len(crosses[0].get_xdata()) == len(inside) > 250
    assert crosses[0].get_markersize() <= 3.0  # a small mark


def test_a_legible_subset_is_labelled_off_the_land_and_the_mhw_line(drawn):
    review, fig, ax = drawn
    labels = [t for t in ax.texts if t.get_gid() == "sounding"]
    crosses = next(line for line in ax.lines if line.get_marker() == "+")
    marks = ax.transData.transform(np.column_stack([crosses.get_xdata(), crosses.get_ydata()]))
    assert 20 <= len(labels) < len(marks) / 4
    # each label names a cross; the crosses named stand five ems apart on the page
    named = np.array([_anchor(ax, t) for t in labels])
    assert all(np.min(np.hypot(*(marks - p).T)) < 1e-6 for p in named)
    spacing = SPACING_EM * labels[0].get_fontsize() * fig.dpi / 72.0
    for a, b in itertools.combinations(named, 2):
        assert np.hypot(*(a - b)) >= spacing - 1e-6
    renderer = fig.canvas.get_renderer()
    land = shapely.transform(shapely.union_all(review.site.parcels.geometry.values), ax.transData.transform)
    mhw = shapely.transform(review.site.mhw, ax.transData.transform)
    for text in labels:
        box = shapely.box(*text.get_window_extent(renderer).extents)
        assert not box.intersects(land), text.get_text()
        assert not box.intersects(mhw), text.get_text()
    # the contour carries the decision
    assert any(c.get_gid() == "navigable-contour" for c in ax.collections)


def test_the_soundings_nearest_the_dock_are_the_ones_labelled(drawn):
    """Taken from the dock outward: a sounding is named within five ems (at most) of the wet cross nearest the dock."""
    review, fig, ax = drawn
    crosses = next(line for line in ax.lines if line.get_marker() == "+")
    xy = ax.transData.transform(np.column_stack([crosses.get_xdata(), crosses.get_ydata()]))
    land = shapely.transform(shapely.union_all(review.site.parcels.geometry.values), ax.transData.transform)
    wet = xy[~shapely.intersects(land, shapely.points(xy))]
    dock = shapely.transform(review.layout.dock.footprint, ax.transData.transform)
    nearest = float(np.min(shapely.distance(dock, shapely.points(wet))))
    labels = [t for t in ax.texts if t.get_gid() == "sounding"]
    named = float(np.min(shapely.distance(dock, shapely.points([_anchor(ax, t) for t in labels]))))
    assert named <= nearest + SPACING_EM * labels[0].get_fontsize() * fig.dpi / 72.0
