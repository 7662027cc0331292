"""The exhibit as a Board member reads it: every label legible and clear of the others, of the dock and of the panels.

Each exhibit is rendered (Agg, at a low dpi so the suite stays quick) and held to
the extents the renderer reports for what it drew: no two labels overlap, no label
overlaps a dock component, a water corner, the north arrow, the scale bar or a
panel (legend, locator, title block), and no text is set under 7 pt. Every sample
site of ``data/`` and 32 generated sites (rotations, lot widths, dock positions
and bearings, float layouts, channels and docks, letter and tabloid pages) are
rendered.
"""

from __future__ import annotations

import itertools
import random
import warnings

import matplotlib
import matplotlib.pyplot as plt
import pytest
import shapely
import shapely.affinity
from matplotlib.text import Text

import dockreview
from dockreview.outputs.exhibit import MIN_FONT_PT, NOT_A_SURVEY, plot_review
from support.drawn import assert_dimensions_clear, dimension_lines
from support.samples import SITES, reviewed
from support.sitegen import make_site, rect, strip

SAMPLES = SITES


def cited(section: str) -> str:
    """A section as the title block cites it: in brackets, with a section sign where it opens with its own."""
    return f"(§ {section})" if section.startswith("(") else f"({section})"
#: Renders in these tests are at this dpi: the layout is decided at it, so the checks hold at it.
DPI = 50
EXHIBIT = {
    "applicant": "J. and M. Applicant",
    "application": "DK-2024-017",
    "address": "14 Example Rd, Kings Point, NY",
    "prepared_by": "Village Building Department",
    "date": "2024-05-13",
}


# ----------------------------------------------------------------------------- what was drawn


def render(review, *, draw: bool = True, **kwargs):
    """The exhibit page at :data:`DPI`; drawn, or (``draw=False``) measured by the renderer without painting."""
    with matplotlib.rc_context({"figure.dpi": DPI}):
        fig, ax = plot_review(review, **kwargs)
    if draw:
        fig.canvas.draw()
    return fig, ax


def label_texts(ax) -> list[Text]:
    """The map's placed labels: dimensions, names and soundings."""
    return [
        t for t in ax.texts
        if t.get_visible() and t.get_text() and (t.get_gid() or "").split(":")[0] in ("dimension", "name", "sounding", "component")
    ]


def label_shape(text: Text, renderer) -> shapely.Polygon:
    """The (rotated) box a label's glyphs cover, in display pixels, from the renderer's extent."""
    angle = text.get_rotation()
    text.set_rotation(0)
    box = text.get_window_extent(renderer)
    text.set_rotation(angle)
    centre = text.get_transform().transform(text.get_position())
    return shapely.affinity.rotate(shapely.box(*box.extents), angle, origin=tuple(centre))


def drawn_texts(fig) -> list[Text]:
    """Every visible, non-empty text on the page (legend, title block, furniture, labels)."""
    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]


def all_text(fig) -> str:
    return "\n".join(t.get_text() for t in drawn_texts(fig)).replace("\n  ", " ")


def assert_legible_layout(review, fig, ax) -> None:
    """The exhibit's layout assertions, from the renderer's extents."""
    renderer = fig.canvas.get_renderer()
    labels = label_texts(ax)
    shapes = [label_shape(t, renderer) for t in labels]
    assert any((t.get_gid() or "").startswith("dimension:") for t in labels)
    # no two labels overlap
    for (ta, a), (tb, b) in itertools.combinations(zip(labels, shapes), 2):
        assert a.intersection(b).area < 1.0, (ta.get_text(), tb.get_text())
    # no label overlaps a dock component
    to_display = ax.transData.transform
    components = [shapely.transform(g, to_display) for g in review.layout.dock.components.geometry.values]
    for text, shape in zip(labels, shapes):
        for part in components:
            assert shape.intersection(part).area < 1.0, (text.get_text(), "dock component")
    # ... nor a water corner (its marker, 4 pt across)
    rip = review.layout.riparian
    for corner in (rip.left_corner, rip.right_corner):
        mark = shapely.Point(to_display((corner.x, corner.y))).buffer(2.0 * DPI / 72)
        for text, shape in zip(labels, shapes):
            assert not shape.intersects(mark), (text.get_text(), "water corner")
    # ... nor the north arrow or the scale bar, and every label lies on the map
    furniture = [a for a in ax.artists if a.get_gid() in ("north-arrow", "scale-bar")]
    assert {a.get_gid() for a in furniture} == {"north-arrow", "scale-bar"}
    frame = shapely.box(*ax.bbox.extents)
    for text, shape in zip(labels, shapes):
        assert frame.contains(shape), (text.get_text(), "outside the map")
        for artist in furniture:
            assert not shape.intersects(shapely.box(*artist.get_window_extent(renderer).extents)), (text.get_text(), artist.get_gid())
    # ... nor a panel: the legend, the locator and the title block are axes of their own beside the map
    panels = [shapely.box(*a.bbox.extents) for a in fig.axes if a is not ax]
    assert len(panels) == 3
    for text, shape in zip(labels, shapes):
        for panel in panels:
            assert shape.intersection(panel).area < 1.0, (text.get_text(), "panel")
    # ... nor a dimension line (issue 16: the reach line ended on the left setback's label)
    for key, segments in dimension_lines(ax).items():
        line = shapely.multilinestrings(list(segments))
        for text, shape in zip(labels, shapes):
            assert not shape.buffer(-0.5).intersects(line), (text.get_text(), f"dimension line {key}")
    # the dimension lines clear of other lines, of the furniture, above the line work (tests/support/drawn.py)
    assert_dimensions_clear(fig, ax)
    # nothing is set under 7 pt, sounding labels included
    small = [(t.get_text(), t.get_fontsize()) for t in drawn_texts(fig) if t.get_fontsize() < MIN_FONT_PT - 1e-9]
    assert not small
    # the title block stays inside its panel
    block = next(a for a in fig.axes if a.get_gid() == "title-block")
    for text in block.texts:
        if text.get_text():
            assert shapely.box(*block.bbox.extents).buffer(1).contains(shapely.box(*text.get_window_extent(renderer).extents)), text.get_text()


# ----------------------------------------------------------------------------- the sample sites


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_site_exhibit_is_legible(name):
    review = reviewed(name)
    fig, ax = render(review, page="letter")
    try:
        assert_legible_layout(review, fig, ax)
        text = all_text(fig)
        assert NOT_A_SURVEY in text
        pending = review.board_determinations
        assert f"Board items pending: {len(pending)}" in text if pending else "Board items pending: none" in text
        for check in pending:  # by title and section (issue 16: in words, not by id)
            assert f"- {check.title} {cited(check.section)}" in text
        assert "grid north" in text and "1 in = " in text
    finally:
        plt.close(fig)


def test_sample_site_on_tabloid():
    review = reviewed("curved-cove")
    fig, ax = render(review, page="tabloid")
    try:
        assert_legible_layout(review, fig, ax)
        assert tuple(fig.get_size_inches()) == (17.0, 11.0)
    finally:
        plt.close(fig)


# ----------------------------------------------------------------------------- generated sites


def _generated(i: int) -> dict:
    """The i-th generated site's parameters (fixed seed: the same 32 sites on every run)."""
    rng = random.Random(1000 + i)
    width = rng.choice([150.0, 170.0, 200.0, 240.0, 300.0, 400.0])
    layout = rng.choice(["T", "T", "I", "L"])
    fl = {"length": rng.choice([16.0, 20.0, 24.0]), "width": rng.choice([8.0, 10.0]), "layout": layout}
    if layout == "L":
        fl["side"] = rng.choice(["left", "right"])
    dock = {
        "root": (rng.uniform(-0.3, 0.3) * width, 0.0) if rng.random() < 0.6 else "auto",
        "bearing": rng.choice(["perpendicular", 0.0, 12.0, -18.0, 30.0, -35.0]),
        "length": rng.uniform(50.0, 230.0),
        "width": rng.choice([4.0, 6.0, 8.0]),
        "float": fl,
    }
    far = rng.uniform(160.0, 320.0)
    channels = [rect(-900.0, far, 900.0, far + 250.0)] if rng.random() < 0.8 else None
    docks = None
    if rng.random() < 0.85:
        docks = [
            strip([(u, -5.0), (u + rng.uniform(-20, 20), rng.uniform(50.0, 140.0))], rng.choice([4.0, 6.0]))
            for u in (-width / 2 - rng.uniform(40, 160), width / 2 + rng.uniform(40, 160))
        ]
    return dict(
        rotation=rng.choice(range(0, 360, 15)) + rng.uniform(-4, 4),
        lot_width=width,
        lot_depth=rng.choice([120.0, 150.0, 220.0]),
        left_angle=rng.choice([0.0, 0.0, 8.0, -6.0]),
        right_angle=rng.choice([0.0, 0.0, 5.0, -9.0]),
        mirror=rng.random() < 0.2,
        dock=dock,
        channels=channels,
        docks=docks,
        page="tabloid" if i % 4 == 3 else "letter",
    )


GENERATED = range(32)


@pytest.mark.parametrize("i", GENERATED)
def test_generated_site_exhibit_is_legible(tmp_path, i):
    params = _generated(i)
    page = params.pop("page")
    files = make_site(tmp_path, name=f"Generated site {i}", fmt="geojson", **params)
    layers = {}
    if params["docks"] is not None:
        layers["docks_id_field"] = "NAME"
    if params["channels"] is not None:
        layers["channels_name_field"] = "NAME"
    files.rewrite(exhibit=EXHIBIT, **({"layers": layers} if layers else {}))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        review = dockreview.review(dockreview.load_site(files.manifest))
    fig, ax = render(review, page=page, draw=False)  # the extents the renderer reports, without painting the page
    try:
        assert_legible_layout(review, fig, ax)
        texts = {t.get_gid(): t.get_text().replace("\n  ", " ") for a in fig.axes for t in a.texts if t.get_gid()}
        assert texts["title:applicant"] == f"Applicant: {EXHIBIT['applicant']}"
        assert texts["title:application"] == f"Application no.: {EXHIBIT['application']}"
        assert texts["title:address"] == f"Address: {EXHIBIT['address']}"
        assert texts["title:prepared_by"] == f"Prepared by: {EXHIBIT['prepared_by']}"
        assert texts["title:date"] == f"Date: {EXHIBIT['date']}"
        assert texts["title:note"] == NOT_A_SURVEY
        assert texts["title:board"].startswith(f"Board items pending: {len(review.board_determinations)}")
        # the reach dimension is the reach check's own figure
        reach = review.check("reach")
        assert texts["dimension:reach"].split(" ft")[0].endswith(f"{reach.value:,.1f}")
    finally:
        plt.close(fig)
