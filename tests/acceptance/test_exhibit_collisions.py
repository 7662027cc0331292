"""Labels and dimensions never sit on each other, and the title block holds its words (issue 27).

Every sample site of ``data/`` is drawn under every shipped profile (another
town's law draws other dimensions: a datum reach, a share of the waterway, a
length along the axis), and its envelope sheet under its own, through the public
API, ``Review.plot``, and held to the
extents the renderer reports for what it drew (``support.collisions``): no two
labels of the map overlap, none lies on a dimension line, an extension line or
a leader, every one lies wholly on the map, and every text of the title block
lies inside it. A site with a 120-character name, a long applicant and three
long conditions keeps all of them inside its title block, wrapped between words,
on a letter page and on a tabloid one.

The sheets are laid out and measured at :data:`DPI` without being painted, each
site loaded and reviewed under each profile once for every file that reads those
reviews (``support.samples``).
"""

from __future__ import annotations

import shutil
import warnings

import matplotlib
import matplotlib.pyplot as plt
import pytest
import tomlkit

import dockreview
from dockreview.outputs.style import MIN_FONT_PT
from support.collisions import collisions
from support.paths import DATA
from support.samples import SITES, reviewed, reviewed_under_every_profile

#: The sheets are laid out and measured at this dpi: the layout is decided at it, so the checks hold at it.
DPI = 50


def _sheet(review, **kwargs):
    """The exhibit page of ``review`` at :data:`DPI`, laid out and measured by the renderer (not painted)."""
    with matplotlib.rc_context({"figure.dpi": DPI}):
        return review.plot(**kwargs)


@pytest.mark.parametrize("name", SITES)
def test_no_label_sits_on_another_or_off_the_map_under_any_profile(name):
    """Each profile's review sheet, and the envelope sheet (``envelope --map``) under the site's own profile."""
    sheets = [(profile, review, "review") for profile, review in reviewed_under_every_profile(name)]
    sheets.append(("its own, envelope sheet", reviewed(name), "envelope"))
    assert len(sheets) > 1
    found = {}
    for profile, review, kind in sheets:
        fig, ax = _sheet(review, sheet=kind)
        try:
            drawn = collisions(fig, ax)
            assert any((t.get_gid() or "").startswith("dimension:") for t in ax.texts), profile
        finally:
            plt.close(fig)
        if drawn:
            found[profile] = drawn
    assert not found, found


# ----------------------------------------------------------------------------- the title block

#: A site's name of 120 characters, an applicant of 135 and three conditions of 165 to 195.
LONG_NAME = ("Lot 2 of the Subdivision of the Former Estate of Cornelius Vanderbilt-Whitney on Little Neck Bay, "
             "12 Example Canal Road.")
LONG_APPLICANT = ("The Trustees of the Margaret Anne Fitzgerald-Montgomery Irrevocable Family Trust of 2019, "
                  "by Jonathan Q. Fitzgerald-Montgomery, Trustee")
LONG_CONDITIONS = (
    "No pile driving, jetting or other in-water work between May 1 and September 30 of any year, to protect the "
    "spawning of winter flounder in the canal and its approaches",
    "The float shall be removed from the water between December 1 and March 31 and stored on the upland portion of "
    "the lot, never on the neighbouring lots or on the shore",
    "No lumber pressure-treated with chromated copper arsenate (CCA) anywhere in the structure; all decking, stringers "
    "and piles above the waterline shall be untreated hardwood or recycled composite",
)


@pytest.fixture(scope="module")
def long_review(tmp_path_factory):
    """Levy canal's lot, its manifest given the long name, applicant and conditions."""
    folder = tmp_path_factory.mktemp("long") / "levy-canal"
    shutil.copytree(DATA / "levy-canal", folder)
    manifest = folder / "site.toml"
    doc = tomlkit.parse(manifest.read_text(encoding="utf-8"))
    doc["site"]["name"] = LONG_NAME
    doc["exhibit"] = {"applicant": LONG_APPLICANT, "application": "DK-2024-017"}
    conditions = tomlkit.aot()
    for text in LONG_CONDITIONS:
        conditions.append(tomlkit.item({"text": text, "imposed_by": "Planning Department", "date": "2024-05-13"}))
    doc["condition"] = conditions
    manifest.write_text(tomlkit.dumps(doc), encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(dockreview.load_site(manifest))


def _words(text: str) -> str:
    """A text as read, whatever its line breaks: one space between words."""
    return " ".join(text.split())


@pytest.mark.parametrize("page", ["letter", "tabloid"])
def test_a_long_name_applicant_and_conditions_wrap_inside_the_title_block(long_review, page):
    assert len(LONG_NAME) == 120 and len(LONG_APPLICANT) > 120 and all(len(c) > 140 for c in LONG_CONDITIONS)
    fig, ax = _sheet(long_review, page=page)
    try:
        sheet = collisions(fig, ax)  # the map's labels as well as the block's texts
        assert not sheet, sheet
        block = next(a for a in fig.axes if a.get_gid() == "title-block")
        fields = {t.get_gid(): t for t in block.texts if (t.get_gid() or "").startswith("title:")}
        said = _words(" ".join(t.get_text() for t in fields.values()))
        assert _words(fields["title:site"].get_text()) == LONG_NAME
        assert "\n" in fields["title:site"].get_text()  # wrapped, not run past the block
        assert f"Applicant: {LONG_APPLICANT}" in said
        for text in LONG_CONDITIONS:
            assert f"- {text} (Planning Department, 2024-05-13)" in said
        assert "Conditions of the permit: 3" in said
        assert min(t.get_fontsize() for t in fields.values()) >= MIN_FONT_PT
    finally:
        plt.close(fig)
