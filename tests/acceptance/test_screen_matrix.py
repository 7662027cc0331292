"""A screen of a sample site's parcels says of its lot what ``check`` says, under every shipped profile.

Each sample site is reviewed under every shipped profile, and its own parcels are
screened under the same profile with the layers a screen takes (the MHW line,
channels, other docks, and the soundings with the vessel's draft and the proposed
float's extent along the axis, as ``screen --draft --float-extent`` gives them). For
the lot under review the screen's frontage, required setback, reach limit, greatest
reach, envelope area and eligibility are the review's envelope's; a lot whose reach
limit the data cannot decide needs data in both, its reach limit null in the screen.

Two lines a review reads are not a screen's: a waterway's centreline (Lake Austin's
share of the channel) and a datum line, given as a layer or drawn as the soundings'
contour (North Haven's MLLW line). Where the check's reach limit rests on one, the
screen must say the lot needs data -- never a reach limit or an eligibility the check
does not give.
"""

from __future__ import annotations

import math

import pytest

from support.reviews import lines_a_screen_lacks, screened_lot
from support.samples import SITES, loaded, reviewed_under_every_profile

#: Feet: the screen and the review work the same envelope, by arrays and one lot at a time.
TOL_FT = 0.1
def _same(a, b) -> bool:
    a, b = float(a), float(b)
    return a == b or (math.isnan(a) and math.isnan(b)) or abs(a - b) <= max(TOL_FT, 1e-4 * abs(b))


@pytest.mark.parametrize("name", SITES)
def test_the_screen_of_the_lot_is_its_check_under_every_profile(name):
    site = loaded(name)
    compared = 0
    for profile, review in reviewed_under_every_profile(name):
        env = review.layout.envelope
        row = screened_lot(site, review, profile)
        where = (name, profile)
        if bool(row["needs_data"]) and not env.needs:
            # only a layer the screen does not take can leave it short of what the check decided
            assert lines_a_screen_lacks(site, review), (*where, row["reasons"])
            assert not bool(row["eligible"]), (*where, "a lot that needs data is never eligible")
            continue
        compared += 1
        assert bool(row["needs_data"]) == bool(env.needs), (*where, row["reasons"], env.needs)
        assert bool(row["eligible"]) == env.possible, (*where, row["reasons"], env.reasons, env.needs)
        reach_limit = math.nan if env.needs else env.reach_limit_ft
        figures = {
            "frontage_ft": env.frontage_ft, "required_setback_ft": env.required_setback_ft, "reach_limit_ft": reach_limit,
            "greatest_reach_ft": env.greatest_reach_ft, "envelope_area_sqft": env.area_sqft,
        }
        for column, checked in figures.items():
            assert _same(row[column], checked), (*where, column, row[column], checked)
        for need in env.needs:
            assert need in row["reasons"], (*where, need, row["reasons"])
    assert compared, name
