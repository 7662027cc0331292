"""Navigable depth: Docks D(1) with D(2)(a)[1].

A dock may be no longer than needed to reach navigable depth (the vessel's draft
plus a clearance) or 200 ft, whichever is less; the float may lie in the
navigable water, so its extent along the axis is allowed beyond that point.
"""

from __future__ import annotations

from dockreview.measure.measurements import Measurements
from dockreview.profile import Profile
from dockreview.rules.base import (
    AT_MOST,
    FAIL,
    NEEDS_DATA,
    PASS,
    CheckResult,
    Facts,
    fmt,
    fmt_pair,
    not_above,
    result,
)

TITLE = "Reach to navigable depth"


def navigable_reach(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(1): max(reach, length) at most min(200 ft, navigable reach + float extent).

    Needs data without soundings or a vessel draft, and when the soundings stop
    short along the axis before the required depth is found. When they cover
    the axis out to 200 ft and the depth is never reached, the 200-ft cap alone
    applies.
    """
    rule = profile["max_reach_ft"]
    section = "Docks D(1), D(2)(a)[1]"
    value = m.overall_reach_ft
    if facts.draft_ft is None or m.required_depth_ft is None:
        return result("navigable-reach", section, TITLE, NEEDS_DATA, "give [vessel] draft_ft (the boat the dock serves)", value=value, unit="ft", sense=AT_MOST)
    if "soundings" not in facts.layers:
        return result("navigable-reach", section, TITLE, NEEDS_DATA, "no soundings layer: add layers.soundings to find navigable depth", value=value, unit="ft", sense=AT_MOST)
    required = f"required depth {fmt(m.required_depth_ft, 'ft')} below MLW"
    if m.max_allowed_reach_ft is None:
        if not m.depth_coverage_ft:
            message = (
                f"{required} not found on the axis: the soundings do not cover it from the MHW line; extend them "
                f"to the shore and out to {fmt(rule.value, 'ft')}"
            )
        else:
            message = (
                f"{required} not found on the axis: the soundings cover it only to "
                f"{fmt(m.depth_coverage_ft, 'ft')} from the MHW line; extend them to {fmt(rule.value, 'ft')}"
            )
        return result("navigable-reach", section, TITLE, NEEDS_DATA, message, value=value, unit="ft", sense=AT_MOST)
    limit = m.max_allowed_reach_ft
    if m.nav_reach_ft is None:
        basis = f"{required} never reached within {fmt(rule.value, 'ft')}: the {fmt(rule.value, 'ft')} cap alone applies"
    else:
        basis = (
            f"{required} reached {fmt(m.nav_reach_ft, 'ft')} along the axis; with the float's "
            f"{fmt(m.float_extent_ft, 'ft')} the dock may reach {fmt(limit, 'ft')}"
        )
    status = PASS if not_above(value, limit) else FAIL
    relation = "within" if status == PASS else "exceeds"
    shown, allowed = fmt_pair(value, limit, "ft")
    message = f"dock reaches {shown}, {relation} the allowed {allowed}; {basis}"
    return result("navigable-reach", section, TITLE, status, message, value=value, limit=limit, unit="ft", sense=AT_MOST)
