"""The town's own law in the town's own words: a review under another town's profile never speaks Kings Point.

Every sample site is reviewed under every shipped profile but Kings Point's; the
report's text (every section's title, note and cells, the Board evidence's
purpose) and the check table must name none of Kings Point's sections (read
from its own profile file, so the list is the law's, not the code's), not its
name, its Article, its 200-ft limit or its Board of Trustees, unless the town's
own profile names them too (North Haven's board is a Board of Trustees).
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources

import pytest

import dockreview
from dockreview.cli.check import _table
from dockreview.outputs.report.content import sections
from support.paths import DATA
from support.reviews import under_every_profile

SITES = sorted(p.parent.name for p in DATA.glob("*/site.toml"))
KINGS_POINT = "kings-point-ny"


def _profile(name: str) -> dict:
    return tomllib.loads(resources.files("dockreview.rules.profiles").joinpath(f"{name}.toml").read_text("utf-8"))


def kings_point_words() -> set[str]:
    """Kings Point's sections of the dock law ("Docks D(1)", "Boat lifts B"), its name, its Article, its 200-ft limit."""
    checks = _profile(KINGS_POINT)["checks"]
    return {c["section"] for c in checks.values()} | {"Kings Point", "Art. VIII", "200-ft", "Board of Trustees"}


def own_words(name: str) -> str:
    """Everything the town's own profile says (its sections, officials and words may share some of Kings Point's)."""
    return resources.files("dockreview.rules.profiles").joinpath(f"{name}.toml").read_text("utf-8")


#: The report's record of the manifest's own words (its waivers and conditions): the applicant's, not the tool's.
RECORDED = "Waivers and conditions"


def report_text(review) -> str:
    parts = [_table(review, verbose=True, width=200), review.evidence.purpose]
    for section in sections(review, all_checks=True):
        if section.title != RECORDED:
            parts += [section.title, section.note or "", *(" | ".join(map(str, row)) for row in section.rows)]
    return "\n".join(parts)


@pytest.mark.parametrize("name", SITES)
def test_no_other_towns_review_speaks_kings_points_law(name):
    site = dockreview.load_site(DATA / name / "site.toml")
    words = kings_point_words()
    reviewed = 0
    for profile, review in under_every_profile(site, skip=(KINGS_POINT,)):
        reviewed += 1
        text, own = report_text(review), own_words(profile)
        found = sorted(w for w in words if w not in own and re.search(rf"(?<![\w§]){re.escape(w)}(?![\w(])", text))
        assert not found, f"{name} under {profile}: {found}"
    if not reviewed:
        pytest.skip(f"{name}'s waivers name checks only Kings Point's law has")
