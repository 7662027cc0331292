"""The Board evidence sheet as printed (issue 16): every word on the page, labels off the dock, an honest datum.

The PDF of each sample's sheet, at letter and tabloid, is read back with pypdf
(tests/support/pdfwords.py): every line of text lies inside the page. Before
issue 16 the figures panel ran off the right edge on straight-t-float and
failing-narrow-lot ("...environment (needs dat").
"""

from __future__ import annotations

import matplotlib
import matplotlib.pyplot as plt
import pytest
import shapely

from dockreview.outputs.evidence_sheet import plot_evidence, save_evidence
from support.paths import DATA
from support.pdfwords import words
from support.samples import reviewed

SAMPLES = sorted(p.parent.name for p in DATA.glob("*/site.toml"))


@pytest.mark.parametrize("page", ["letter", "tabloid"])
@pytest.mark.parametrize("name", SAMPLES)
def test_every_word_of_the_evidence_sheet_lies_inside_the_page(tmp_path, name, page):
    path = tmp_path / "evidence.pdf"
    save_evidence(reviewed(name), path, page=page)
    found = words(path)
    assert len(found) > 40  # the heading, the plan's labels, the section, the legend, the figures panel
    outside = [(w.text, w.corners.round(1).tolist()) for w in found if not w.inside(margin=4.0)]
    assert not outside, outside
    text = " ".join(w.text for w in found)
    assert "BOARD EVIDENCE" in text and "The pier-head line" in text
    # set in PDF's own Helvetica, every character printed (a minus on the section's axis too, not a "?")
    assert {w.font for w in found} <= {"Helvetica", "Helvetica-Bold", "Helvetica-Oblique"} and "?" not in text


def _sheet(name: str):
    with matplotlib.rc_context({"figure.dpi": 50}):
        fig, plan = plot_evidence(reviewed(name))
    fig.canvas.draw()
    return fig, plan


@pytest.mark.parametrize("name", SAMPLES)
def test_the_plans_labels_keep_off_the_dock(name):
    review = reviewed(name)
    fig, plan = _sheet(name)
    try:
        renderer = fig.canvas.get_renderer()
        dock = [shapely.transform(g, plan.transData.transform) for g in review.dock.components.geometry.values]
        for text in plan.texts:
            if not text.get_text().strip():
                continue
            box = shapely.box(*matplotlib.text.Text.get_window_extent(text, renderer).extents)
            for part in dock:
                assert box.intersection(part).area < 1.0, text.get_text()
    finally:
        plt.close(fig)


def _section_texts(fig) -> dict[str, str]:
    section = next(a for a in fig.axes if a.get_gid() == "evidence-section")
    return {"mhw": next(t.get_text() for t in section.texts if t.get_gid() == "section:mhw"), "ylabel": section.get_ylabel(),
            "all": " ".join(t.get_text() for t in section.texts)}


def test_the_section_says_when_mhw_is_assumed():
    """straight-t-float's soundings give 0.5 ft below MLW at the MHW line: MHW's height is not in the data."""
    review = reviewed("straight-t-float")
    assert review.evidence.section.values["mhw_elevation_ft"] is None
    fig, _ = _sheet("straight-t-float")
    try:
        texts = _section_texts(fig)
        # a foot above the highest bottom landward of the crossing (0.5 ft below MLW there, so MLW): 1.0 ft
        assert texts["mhw"].replace("\n", "") == " MHW assumed +1.0 ft above MLW (not in the data)"
        assert texts["ylabel"] == "ft above MLW (MHW assumed +1.0 ft)"
        assert "deck 6.5 ft above MHW" in texts["all"] and "deck +" not in texts["all"]  # no elevation for the deck
    finally:
        plt.close(fig)


def test_the_section_gives_mhw_from_the_data_when_it_has_it():
    """evidence-site's soundings describe the foreshore: MHW 7.0 ft above MLW, the deck 5.0 ft above it (its manifest)."""
    fig, _ = _sheet("evidence-site")
    try:
        texts = _section_texts(fig)
        assert texts["mhw"] == " MHW +7.0 ft"
        assert texts["ylabel"] == "elevation (ft above MLW)"
        assert "deck +12.0 ft, 5.0 ft above MHW" in texts["all"]
    finally:
        plt.close(fig)


def test_the_two_pier_head_figures_are_explained():
    """curved-cove: 4.0 ft past the straight line, 36.2 ft more than its neighbours along the bent shore."""
    fig, _ = _sheet("curved-cove")
    try:
        panel = next(a for a in fig.axes if a.get_gid() == "evidence-figures")
        text = " ".join(t.get_text().replace("\n  ", " ").replace("\n", " ") for t in panel.texts)
        assert "straight: the dock reaches 4.0 ft seaward of the line through the ends of D-161-7 and D-161-9, measured square to the line" in text
        assert "along the shore: its reach from the MHW line, 119.0 ft, is 36.2 ft more than its neighbours' reach here (82.7 ft" in text
        assert "Where the shore bends, the straight line cuts across the bend and the two differ: read the figure along the shore." in text
    finally:
        plt.close(fig)
