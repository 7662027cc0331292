"""The town's own law in the town's own words: a review under another town's profile never speaks Kings Point.

Every sample site is reviewed under every shipped profile but Kings Point's; the
report's text (every section's title, note and cells, the Board evidence's
purpose) and the check table must name none of Kings Point's sections (read
from its own profile file, so the list is the law's, not the code's), not its
name, its Article, its 200-ft limit or its Board of Trustees, unless the town's
own profile names them too (North Haven's board is a Board of Trustees). And under
every profile, each town's envelope and dimensions answer for its own rules.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources

import pytest

from dockreview.cli.check import _table
from dockreview.outputs.report.content import sections
from support.samples import SITES, reviewed_under_every_profile

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
    words = kings_point_words()
    reviewed = 0
    for profile, review in reviewed_under_every_profile(name):
        if profile == KINGS_POINT:
            continue
        reviewed += 1
        text, own = report_text(review), own_words(profile)
        found = sorted(w for w in words if w not in own and re.search(rf"(?<![\w§]){re.escape(w)}(?![\w(])", text))
        assert not found, f"{name} under {profile}: {found}"
    if not reviewed:
        pytest.skip(f"{name}'s waivers name checks only Kings Point's law has")


#: The checks in feet that no line of the plan measures: a walkway's width and a landing's size are set on the
#: components, an extent along the shore on the dock (each drawn as a figure on the plan, not a dimension line).
ON_COMPONENTS = (
    "max-width", "landing-size", "along-shore-width", "min-width", "float-length",  # sizes of the dock's own parts
    "berth-depth", "waterway-min-width",  # a depth, and the water's width (drawn as its section across the water)
)


@pytest.mark.parametrize("name", SITES)
def test_every_towns_envelope_and_dimensions_answer_for_its_rules(name):
    """Under every shipped profile: the envelope reaches no farther than the least reach any check allows the dock,
    and each failing check in feet a line measures (frontage, setbacks, reach rules, clearances) is a row of the
    GeoPackage's dimension_lines, with its status and limit."""
    from dockreview.outputs.export import derived_layers

    for profile, review in reviewed_under_every_profile(name):
        env, m = review.layout.envelope, review.measurements
        allowed = [a for a in (r.reach_on_water(m) for r in review.rules.rules if r.limits_reach) if a is not None]
        least = min([float(a) for a in allowed if a == a], default=float("inf"))  # a reach the data leave unknown: NaN
        assert env.greatest_reach_ft <= least + 0.05, (name, profile, env.greatest_reach_ft, least)
        rows = derived_layers(review)["dimension_lines"]
        for check in review.checks:
            if check.status != "fail" or check.unit != "ft" or review.rules.rule(check.id).name in ON_COMPONENTS:
                continue
            shown = rows[rows["check"] == check.id]
            assert (shown["status"] == "fail").any(), (name, profile, check.id)  # a setback: the side that fails
            assert shown["limit_ft"].notna().all(), (name, profile, check.id)
