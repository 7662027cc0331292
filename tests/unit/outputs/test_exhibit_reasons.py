"""The verdict with its reasons on every exhibit (issue 16): read from the title block as drawn.

Each failing check in words with its value and limit, the needs-data checks
grouped by what to supply, the waived checks with their waiver, the Board items
by title; the chart's accuracy note where the MHW line is a chart's. The
figures expected are the sample sites' own (data/README.md), written out by hand.
"""

from __future__ import annotations

import matplotlib
import matplotlib.pyplot as plt
import pytest
import shapely

from dockreview.outputs.exhibit import plot_envelope, plot_review
from support.paths import DATA
from support.samples import reviewed

SAMPLES = sorted(p.parent.name for p in DATA.glob("*/site.toml"))


def cited(section: str) -> str:
    """A section as the title block cites it: in brackets, with a section sign where it opens with its own."""
    return f"(§ {section})" if section.startswith("(") else f"({section})"


@pytest.fixture(autouse=True)
def low_dpi():
    with matplotlib.rc_context({"figure.dpi": 50}):
        yield


def title_text(fig) -> str:
    """The title block's words in the order the fields were set, wrapped lines joined again."""
    block = next(a for a in fig.axes if a.get_gid() == "title-block")
    return "\n".join(t.get_text().replace("\n  ", " ") for t in block.texts if (t.get_gid() or "").startswith("title:"))


def drawn_block(review, **kwargs):
    fig, _ = plot_review(review, **kwargs)
    fig.canvas.draw()
    return fig


def test_a_noncompliant_exhibit_names_every_failing_check_with_its_value_and_limit():
    fig = drawn_block(reviewed("failing-narrow-lot"))
    try:
        text = title_text(fig)
        assert "Verdict: NONCOMPLIANT" in text
        assert "Fails 7 checks:" in text
        for line in (
            "- Shoreline frontage 130.0 ft, at least 150.0 ft (Docks B)",
            "- Side setback (right) 15.0 ft, at least 60.0 ft (Docks C)",
            "- Overall length / reach 218.0 ft, at most 200.0 ft (Docks D(1))",
            "- Clearance from channels 35.0 ft, at least 50.0 ft (Docks D(1))",
            "- Total float area 640.0 sq ft, at most 500.0 sq ft (Docks D(2)(c)[2])",
            "- Railing height 48.0 in, at most 42.0 in (Docks D(2)(a)[4])",
            "- No canopy: canopy: yes; not permitted (Docks D(2)(h))",
        ):
            assert line in text.split("\n"), line
        # the needs-data checks by what to supply, the waiver with its date and grantor
        assert "To decide the 3 checks that need data, supply:" in text
        assert "- layers.soundings (navigable-reach, float-grounding)" in text
        assert "- layers.vegetation (float-vegetation)" in text
        assert "- Dock width 9.0 ft, at most 8.0 ft (Docks D(2)(b)): waived 2024-05-13 by Board of Trustees" in text
        # the Board items in words, not ids
        assert "Board items pending: 4" in text
        for words in ("- Treated wood (Docks D(2)(f))", "- Pile-driving timing and manner (Docks E)",
                      "- Navigation, neighbours, foreshore, environment (Docks H)", "- Lighting character (Docks F(1)-(5))"):
            assert words in text
        assert "board-navigation" not in text and "pile-driving," not in text
    finally:
        plt.close(fig)


def test_an_incomplete_exhibit_groups_what_to_supply():
    review = reviewed("parcel-past-mhw")
    fig = drawn_block(review)
    try:
        text = title_text(fig)
        assert "Verdict: INCOMPLETE" in text and "Fails" not in text
        assert "To decide the 18 checks that need data, supply:" in text
        assert "- layers.soundings (navigable-reach, float-grounding)" in text
        # the dock's fifteen missing attributes on one line, by name
        attributes = next(line for line in text.split("\n") if line.startswith("- [dock.attributes] "))
        names = attributes.removeprefix("- [dock.attributes] ").split(", ")
        assert len(names) == 15
        assert {"railing_height_in", "deck_height_above_mhw_ft", "canopy", "lighting_height_in", "structures"} <= set(names)
    finally:
        plt.close(fig)


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("page", ["letter", "tabloid"])
def test_every_exhibit_says_why_and_keeps_its_words_inside_the_title_block(name, page):
    review = reviewed(name)
    fig = drawn_block(review, page=page)
    try:
        text = title_text(fig)
        for check in review.checks:
            if check.status == "fail":
                assert f"- {check.title}" in text, check.id
            if check.status == "waived":
                assert f"- {check.title}" in text and "waived" in text, check.id
            if check.status == "board":
                assert f"- {check.title} {cited(check.section)}" in text, check.id
            for need in check.needs if check.status == "needs-data" else ():
                assert need.removeprefix("[dock.attributes] ") in text, (check.id, need)
        block = next(a for a in fig.axes if a.get_gid() == "title-block")
        frame = shapely.box(*block.bbox.extents).buffer(1)
        renderer = fig.canvas.get_renderer()
        for t in block.texts:
            assert frame.contains(shapely.box(*t.get_window_extent(renderer).extents)), t.get_text()
    finally:
        plt.close(fig)


def test_the_envelope_sheet_says_why_too():
    review = reviewed("failing-narrow-lot")
    fig, _ = plot_envelope(review.site, review.layout.envelope, review=review)
    fig.canvas.draw()
    try:
        text = title_text(fig)
        assert "NO DOCK POSSIBLE: frontage 130.0 ft is under the 150 ft minimum (Docks B)" in text
        assert "Proposed dock: Verdict: NONCOMPLIANT" in text
        assert "- Total float area 640.0 sq ft, at most 500.0 sq ft (Docks D(2)(c)[2])" in text
        assert "- Lighting character (Docks F(1)-(5))" in text  # the last Board item: nothing left off
        assert "more lines" not in text
    finally:
        plt.close(fig)


def test_a_title_block_too_full_for_its_page_says_what_it_left_off():
    """Sixty failing checks cannot stand in 1.4 in: the block keeps its height, its words inside it, and says so."""
    from dockreview.outputs.exhibit.titleblock import title_block

    fig = plt.figure(figsize=(11, 8.5))
    block = fig.add_axes((0.03, 0.03, 0.94, 0.2))
    block.set_axis_off()
    items = "".join(f"\n- Check number {i} 10.0 ft, at least 20.0 ft (Docks X)" for i in range(60))
    lines = [("site", "A site", 0), ("verdict", "Verdict: NONCOMPLIANT", 1), ("fails", "Fails 60 checks:" + items, 1),
             ("note", "Drawn from GIS data", 1)]
    try:
        height = title_block(block, lines, 7.0, {}, max_in=1.4)
        assert height == pytest.approx(1.4, abs=0.02)
        texts = [t.get_text() for t in block.texts]
        more = next(t for t in texts if "more lines" in t)
        left_off = int(more.split()[1])
        kept = sum(1 for t in texts if t.startswith("- Check number") or "\n- Check number" in t)
        assert kept + left_off == 61  # sixty items, and the note
        renderer = fig.canvas.get_renderer()
        x0, _, x1, top = block.bbox.extents
        bottom = top - 1.4 * fig.dpi  # the block as tall as it said
        for t in block.texts:
            box = t.get_window_extent(renderer)
            assert box.x0 >= x0 - 1 and box.x1 <= x1 + 1 and box.y0 >= bottom - 1, t.get_text()
    finally:
        plt.close(fig)


def test_a_chart_mhw_line_carries_its_accuracy_note_on_the_exhibit():
    """key-west-chart's MHW line is the chart's land-water line, compiled at 1:10,000 (0.5 mm = 16 ft)."""
    fig = drawn_block(reviewed("key-west-chart"))
    try:
        text = title_text(fig)
        assert "compiled at 1:10,000, where 0.5 mm on the chart is 16 ft; survey the MHW line before deciding a permit on it" in text
    finally:
        plt.close(fig)
    fig = drawn_block(reviewed("straight-t-float"))  # its own MHW layer: no chart note
    try:
        assert "compiled at" not in title_text(fig)
    finally:
        plt.close(fig)


@pytest.mark.parametrize(("name", "walkway", "floats", "red"), [
    ("straight-t-float", "walkway width 6.0 ft", "float area 200.0 sq ft", False),
    ("failing-narrow-lot", "walkway width 9.0 ft > 8.0 ft max. (waived)", "2 floats 640.0 sq ft > 500.0 sq ft max.", True),
])
def test_the_walkways_and_the_floats_figures_on_the_plan(name, walkway, floats, red):
    """The width and the float area the checks decided, each with a leader to its components (README's figures)."""
    review = reviewed(name)
    fig, ax = plot_review(review)
    fig.canvas.draw()
    try:
        texts = {t.get_gid(): t for t in ax.texts if (t.get_gid() or "").startswith("component:")}
        assert texts["component:walkway"].get_text() == walkway
        assert texts["component:float"].get_text() == floats
        assert matplotlib.colors.same_color(texts["component:float"].get_color(), "#cf222e" if red else "#0b3d91")
        # a leader ends on each: a dot inside the components it names
        dots = [line for line in ax.lines if line.get_gid() == "leader" and line.get_marker() == "o"]
        components = review.layout.dock.components
        for kinds in (("walkway", "ramp"), ("float",)):
            part = shapely.union_all(components.geometry[components["component"].isin(kinds)].values)
            assert any(part.buffer(1e-6).contains(shapely.Point(d.get_xdata()[0], d.get_ydata()[0])) for d in dots), kinds
    finally:
        plt.close(fig)
