"""Every number of every town's law moves what it decides: in ``check``, and where its rule is spatial, in the
envelope, the screen and the exhibit.

For each shipped profile, each check and each of its numeric parameters (given in
the check or as a ``[values]`` entry it names), the number is changed -- scaled by
0, 0.5, 2 or 10, or moved by 1 or 10 of its unit -- until the check's decision on
some sample site's dock changes. The change must be found (a number no dock's
decision follows is a number the code does not read), and then the whole review
under the amended law must show it:

* ``check``: the check's status is the new one;
* a rule that says where a dock may stand (it limits the reach, keeps a setback
  from the side lines or a clearance from channels and docks, or judges the lot by
  its frontage): the envelope's figures move, and so does the screen's row for the
  lot (its reach limit, setback, area or eligibility);
* a check in feet that a line of the plan shows: its row of the GeoPackage's
  ``dimension_lines`` takes the new status.

A few numbers decide nothing on any sample dock (every float touches its walkway,
no float lies over vegetation, every plank gap is exactly the law's): for those the
dock is the sample's with the one figure or attribute changed that puts it near the
number (:data:`NEAR`), and only ``check`` is asked.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import tomllib
import warnings
from importlib import resources

import pytest

import dockreview
from dockreview.errors import ProfileError
from dockreview.outputs.export import derived_layers
from dockreview.profile import parse_profile, profile_names
from dockreview.review.pipeline import facts_of
from dockreview.rules import ruleset
from support.reviews import lines_a_screen_lacks, screened_lot
from support.samples import SITES, loaded, reviewed_under_every_profile

SCALES = (0.0, 0.5, 2.0, 10.0)
STEPS = (1.0, -1.0, 10.0)
DECIDED = ("pass", "fail")


def _near(rule, m, facts):
    """A sample dock with the one figure or attribute changed that puts it near ``rule``'s numbers (or None)."""
    if rule.name == "float-position":
        return dataclasses.replace(m, float_count=1, float_gap_ft=2.0, float_seaward_shortfall_ft=0.0), facts
    if rule.name == "float-grounding":
        soundings = facts.layers | {"soundings"}
        return dataclasses.replace(m, float_count=1, min_depth_under_float_ft=2.0), dataclasses.replace(
            facts, float_draft_ft=1.5, layers=soundings)
    if rule.name == "float-vegetation":
        layers = facts.layers | {"vegetation"}
        return dataclasses.replace(m, float_count=1, float_on_vegetation_sqft=10.0), dataclasses.replace(facts, layers=layers)
    if rule.name == "attribute-target":  # a gap 1.5 tolerances off the law's
        given = {**facts.attributes, rule.p.key: rule.p.target + 1.5 * rule.p.tolerance}
        return m, dataclasses.replace(facts, attributes=given)
    if "pwc_capacity" in {p.name for p in rule.params}:  # three PWC lifts of 1,200 lb turned 20 deg, nothing else lifted
        given = {**facts.attributes, "pwc_lift_capacity_lb": 1200.0, "lift_boat_length_ft": 20.0,
                 "lift_boat_weight_lb": 1000.0, "lift_boat_height_above_deck_ft": 4.0}
        lifts = dataclasses.replace(m, pwc_lift_count=3, boat_lift_count=0, lift_angle_deg=None, pwc_lift_angle_deg=20.0)
        return lifts, dataclasses.replace(facts, attributes=given)
    if rule.name == "waterway-protrusion":  # a waterway 4,000 ft wide, of a kind the law names
        water = rule.spec.waters[0] if rule.spec.waters else m.water
        return dataclasses.replace(m, **{rule.reads[0]: 4000.0}, water=water), dataclasses.replace(facts, water=water)
    if rule.name == "waterway-min-width":
        return dataclasses.replace(m, **{rule.reads[0]: 12.0}), facts
    return None


#: The kinds for which :func:`_near` makes the dock.
NEAR = ("float-position", "float-grounding", "float-vegetation", "attribute-target", "lifted-boat", "pwc-lift-count",
        "lift-count", "lift-orientation", "waterway-min-width", "waterway-protrusion")


def _law(profile: str) -> dict:
    return tomllib.loads(resources.files("dockreview.rules.profiles").joinpath(f"{profile}.toml").read_text("utf-8"))


def _amended(law: dict, check: str, param: str, change) -> dict:
    """``law`` with the parameter ``param`` of ``check`` changed by ``change`` (each number of a list)."""
    out = copy.deepcopy(law)
    given = out["checks"][check][param]

    def one(v):
        if isinstance(v, str):
            out["values"][v]["value"] = change(out["values"][v]["value"])
            return v
        return change(v)

    out["checks"][check][param] = [one(v) for v in given] if isinstance(given, list) else one(given)
    return out


def _changes():
    yield from (lambda v, s=s: v * s for s in SCALES)
    yield from (lambda v, d=d: v + d for d in STEPS)


@pytest.fixture(scope="module")
def sites():
    return {name: loaded(name) for name in SITES}


def _reviews(sites, profile):
    """The sample sites' reviews under ``profile`` (a site that waives a check this law does not have is left out)."""
    out = {}
    for name in sites:
        out.update((name, review) for under, review in reviewed_under_every_profile(name) if under == profile)
    return out


def plain(status) -> str | None:
    """A status as the law's arithmetic decides it: a pass or fail within the data's accuracy is still a pass or fail
    (a dimension line the data could not decide has none)."""
    return status.removeprefix("conditional-") if isinstance(status, str) else None


def _flips(rules_after, rule, reviews):
    """The sample docks (a sample's, or one put near the number) whose decision ``rules_after`` changes."""
    for name, review in reviews.items():
        facts = facts_of(review.site)
        docks = [(review.measurements, facts, False)]
        near = _near(rule, review.measurements, facts) if rule.name in NEAR else None
        if near is not None:
            docks.append((*near, True))
        for m, f, varied in docks:
            if not varied and review.check(rule.id).status == "waived":  # the Board waived it: the law's number is moot
                continue
            before = review.rules.run(m, f, select=[rule.id])[0].status
            after = rules_after.run(m, f, select=[rule.id])[0].status
            if after != before and after in DECIDED:  # (a number the measurements read is measured again below)
                yield name, before, after, varied


def _flips_measured(rules_after, rule, reviews):
    """The sample docks whose decision changes when measured again under ``rules_after``: a number the measurements
    read (the water under the keel that navigable depth needs) moves the decision through them."""
    for name, review in reviews.items():
        before = plain(review.check(rule.id).status)
        if before not in DECIDED:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", dockreview.DockReviewWarning)
            after = plain(dockreview.review(review.site, profile=rules_after).check(rule.id).status)
        if after != before and after in DECIDED:  # (a tier edge moved past the site makes the check not apply)
            yield name, before, after, False
            return


def _screen_row(site, profile, review):
    row = screened_lot(site, review, profile)
    return tuple(row[c] for c in ("reach_limit_ft", "required_setback_ft", "envelope_area_sqft", "eligible", "reasons", "needs_data"))


def _envelope(review):
    env = review.layout.envelope
    return (env.reach_limit_ft, env.required_setback_ft, round(env.area_sqft, 1), env.possible, env.needs, env.reasons)


def _differ(a: tuple, b: tuple) -> bool:
    def same(x, y):
        if isinstance(x, float) and isinstance(y, float):
            return (math.isnan(x) and math.isnan(y)) or math.isclose(x, y, abs_tol=0.05)
        return x == y

    return not all(same(x, y) for x, y in zip(a, b, strict=True))


def _spatial(rule, frontage_ft: float) -> bool:
    figures = {"frontage_ft": frontage_ft}
    return (
        rule.limits_reach or rule.side_setback(figures) is not None
        or any(rule.clearance_from(t) is not None for t in ("channels", "docks")) or rule.lot_reasons({"frontage_ft": [frontage_ft]}) is not None
    )


@pytest.mark.parametrize("profile", profile_names())
def test_every_number_of_the_law_moves_the_decision_in_every_output(profile, sites):
    law, reviews = _law(profile), _reviews(sites, profile)
    rules = ruleset(profile)
    shipped = {name: {} for name in reviews}  # what each site's review under the law as shipped shows, made once
    unmoved, moved = [], 0
    for rule in rules.rules:
        for param in rule.params:
            if param.type not in ("number", "numbers") or param.name not in rule.spec.params:
                continue
            flipped, envelopes_moved = False, False
            for change in _changes():
                try:
                    after = ruleset(parse_profile(_amended(law, rule.id, param.name, change), profile))
                except ProfileError:  # a number the law cannot take (a length to divide by of 0)
                    continue
                found = list(_flips(after, rule, reviews)) or list(_flips_measured(after, rule, reviews))
                flipped = flipped or bool(found)
                for name, before, status, varied in found[:2]:
                    if varied:
                        continue
                    review, site = reviews[name], sites[name]
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
                        amended = dockreview.review(site, profile=after)
                    where = (profile, rule.id, param.name, name, before, status)
                    assert plain(amended.check(rule.id).status) == status, where
                    envelopes_moved |= _outputs_follow(rule, rules, after, review, amended, site, where, shipped[name])
                spatial = found and not found[0][3] and _spatial(rule, reviews[found[0][0]].measurements.frontage_ft)
                if found and (envelopes_moved or not spatial):
                    break
            if not flipped:
                unmoved.append(f"{rule.id}.{param.name}")
                continue
            moved += 1
            # a rule of where a dock may stand moves the envelope of a lot it constrains, under some change
            assert envelopes_moved or not spatial, (profile, rule.id, param.name, "no envelope moved")
    assert not unmoved, f"{profile}: no sample dock's decision follows {unmoved}"
    assert moved


def _once(store: dict, key: str, make):
    """``store[key]``, made by ``make()`` the first time it is asked for."""
    if key not in store:
        store[key] = make()
    return store[key]


def _outputs_follow(rule, rules, after, review, amended, site, where, shipped: dict) -> bool:
    """The exhibit's dimensions of ``review`` and ``amended`` show the change, and where the envelope moves the
    screen's row moves with it; whether the envelope moved. ``shipped`` keeps the screen's row and the dimension
    lines of ``review`` (the law as shipped), made the first time they are asked for."""
    moved = _differ(_envelope(review), _envelope(amended))
    if moved:
        screened = _once(shipped, "screen", lambda: _screen_row(site, rules, review)), _screen_row(site, after, amended)
        if not (screened[0][-1] and lines_a_screen_lacks(site, review)):  # the screen cannot see that line
            assert _differ(*screened), (*where, "screen", screened)
    if rule.unit == "ft" and rule.dimensions():
        # the lines that show the check (a reach: the least any reach check allows) take its new status
        rows = {"before": _once(shipped, "dimensions", lambda: derived_layers(review)["dimension_lines"]),
                "after": derived_layers(amended)["dimension_lines"]}
        shown = {k: set(map(plain, v.loc[v["dimension"].isin(rule.dimensions()), "status"])) for k, v in rows.items()}
        assert where[-1] in shown["after"] and shown["before"] != shown["after"], (*where, "exhibit", shown)
    return moved
