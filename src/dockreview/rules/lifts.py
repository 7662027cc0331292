"""Boat lifts and personal watercraft lifts: Boat lifts A-E and the definitions.

A personal watercraft lift able to lift more than the profile's capacity
(1,300 lb) is, by the definitions, a boat lift, and is counted as one.
"""

from __future__ import annotations

from dockreview.measure.measurements import Measurements
from dockreview.profile import Profile
from dockreview.rules.base import (
    BOARD,
    FAIL,
    JUDGED,
    NEEDS_DATA,
    NOT_APPLICABLE,
    PASS,
    CheckResult,
    Facts,
    at_most,
    not_applicable,
    result,
)


def _heavy_pwc(m: Measurements, facts: Facts, profile: Profile) -> bool | None:
    """True when the PWC lifts exceed the PWC capacity (so count as boat lifts); None when unknown."""
    if m.pwc_lift_count == 0:
        return False
    capacity = facts.attributes.get("pwc_lift_capacity_lb")
    return None if capacity is None else capacity > profile("max_pwc_lift_capacity_lb")


def _boat_lifts(m: Measurements, facts: Facts, profile: Profile) -> int | None:
    heavy = _heavy_pwc(m, facts, profile)
    return None if heavy is None else m.boat_lift_count + (m.pwc_lift_count if heavy else 0)


def lift_count(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Boat lifts A: at most one boat lift (heavy PWC lifts included)."""
    rule = profile["max_boat_lifts"]
    if m.boat_lift_count + m.pwc_lift_count == 0:
        return not_applicable("lift-count", "Boat lifts", rule, "the dock has no lift")
    count = _boat_lifts(m, facts, profile)
    if count is None and m.boat_lift_count <= rule.value:
        missing = "give [dock.attributes] pwc_lift_capacity_lb: a PWC lift over the capacity counts as a boat lift"
        return at_most("lift-count", "Boat lifts", None, rule, what="", missing=missing)
    return at_most("lift-count", "Boat lifts", float(count if count is not None else m.boat_lift_count), rule, what="boat lifts")


def pwc_lift_count(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Boat lifts D: at most two personal watercraft lifts."""
    rule = profile["max_pwc_lifts"]
    if m.pwc_lift_count == 0:
        return not_applicable("pwc-lift-count", "PWC lifts", rule, "the dock has no personal watercraft lift")
    heavy = _heavy_pwc(m, facts, profile)
    return at_most("pwc-lift-count", "PWC lifts", float(0 if heavy else m.pwc_lift_count), rule, what="personal watercraft lifts")


def pwc_lift_capacity(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Definitions: a personal watercraft lift lifts no more than 1,300 lb; above that it is a boat lift."""
    rule = profile["max_pwc_lift_capacity_lb"]
    title = "PWC lift capacity"
    if m.pwc_lift_count == 0:
        return not_applicable("pwc-lift-capacity", title, rule, "the dock has no personal watercraft lift")
    out = at_most("pwc-lift-capacity", title, facts.attributes.get("pwc_lift_capacity_lb"), rule, what="PWC lift capacity",
                  missing="give [dock.attributes] pwc_lift_capacity_lb")
    if out.status == FAIL:
        out = result(out.id, out.section, title, FAIL, out.message + "; it is a boat lift and counts as one", value=out.value, limit=out.limit, unit=out.unit)
    return out


def _boat_lift_standard(cid: str, title: str, m: Measurements, facts: Facts, profile: Profile, key: str, rule_key: str, what: str) -> CheckResult:
    rule = profile[rule_key]
    if _boat_lifts(m, facts, profile) == 0:
        return not_applicable(cid, title, rule, "the dock has no boat lift")
    return at_most(cid, title, facts.attributes.get(key), rule, what=what, missing=f"give [dock.attributes] {key}")


def lift_boat_length(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Boat lifts C(1): no boat on the lift longer than 50 ft."""
    return _boat_lift_standard("lift-boat-length", "Lifted boat length", m, facts, profile, "lift_boat_length_ft", "max_lift_boat_length_ft", "boat length")


def lift_boat_weight(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Boat lifts C(2): no boat on the lift heavier than 40,000 lb."""
    return _boat_lift_standard("lift-boat-weight", "Lifted boat weight", m, facts, profile, "lift_boat_weight_lb", "max_lift_boat_weight_lb", "boat weight")


def lift_height(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Boat lifts C(4): no part of the lifted boat more than 8 ft above the dock's deck (masts, poles, antennas excluded)."""
    return _boat_lift_standard(
        "lift-height", "Lifted boat height", m, facts, profile, "lift_boat_height_above_deck_ft", "max_lift_boat_height_above_deck_ft", "boat above the deck"
    )


def lift_orientation(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Boat lifts C(3): the boat fore-aft with the hull perpendicular to the shoreline.

    The value is the angle between the boat lift's long axis and the normal to
    the MHW line at the dock's root.
    """
    rule = profile["lift_orientation_tolerance_deg"]
    if m.lift_angle_deg is None:
        return not_applicable("lift-orientation", "Boat lift orientation", rule, "the dock has no boat_lift component")
    return at_most("lift-orientation", "Boat lift orientation", m.lift_angle_deg, rule, what="lift axis off the shore normal by")


def lift_season(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Boat lifts E: no lift used except between April 1 and November 30."""
    codes = profile.code("lift_season")
    first, last = codes.values
    title = "Lift season"
    if m.boat_lift_count + m.pwc_lift_count == 0:
        return result("lift-season", codes.section, title, NOT_APPLICABLE, "the dock has no lift")
    if facts.season is None:
        return result("lift-season", codes.section, title, NEEDS_DATA, "give [dock] season = [first, last] days of lift use, \"MM-DD\"")
    start, end = facts.season
    ok = first <= start <= end <= last
    message = f"lift used {start} to {end}; permitted {first} to {last} (MM-DD)"
    return result("lift-season", codes.section, title, PASS if ok else FAIL, message)


def lift_approval(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Definitions: no boat lift or personal watercraft lift without the Board of Trustees' approval."""
    section, title = "Definitions", "Lift approval"
    count = m.boat_lift_count + m.pwc_lift_count
    if count == 0:
        return result("lift-approval", section, title, NOT_APPLICABLE, "the dock has no lift", sense=JUDGED)
    message = f"{m.boat_lift_count} boat lift(s), {m.pwc_lift_count} PWC lift(s): to be approved by the {profile.official('board')}"
    return result("lift-approval", section, title, BOARD, message, sense=JUDGED)
