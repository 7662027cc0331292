"""Float layout and where floats may rest: Docks D(2)(c)[4] and [5]."""

from __future__ import annotations

from dockreview.measure.measurements import Measurements
from dockreview.profile import Profile
from dockreview.rules.base import (
    AT_LEAST,
    FAIL,
    NEEDS_DATA,
    PASS,
    QUALIFIES,
    CheckResult,
    Facts,
    at_most,
    fmt,
    not_applicable,
    not_below,
    result,
)


def float_layout(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(c)[4]: floats in line with the dock, or in an L or T.

    A float's long axis within the tolerance of the dock's axis (0 deg) is in
    line, within it of square (90 deg) is an L or T. The value reported is the
    worst float's departure from the nearer of the two, held to the tolerance.
    """
    rule = profile["float_layout_tolerance_deg"]
    title = "Float layout"
    if m.float_layout is None:
        return not_applicable("float-layout", title, rule, "the dock has no float", sense=QUALIFIES)
    ok = "other" not in m.float_layout.split("+")
    message = f"float layout {m.float_layout}, long axis {fmt(m.float_angle_deg, 'deg')} from the dock's axis"
    if not ok:
        message += f"; only in line, L or T (within {fmt(rule.value, 'deg')} of 0 or 90 deg) are allowed"
    departure = min(m.float_angle_deg, abs(90.0 - m.float_angle_deg))
    return result("float-layout", rule.section, title, PASS if ok else FAIL, message, value=departure, limit=rule.value, unit="deg", sense=QUALIFIES)


def float_grounding(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(c)[5]: no float rests on the bottom at mean low water.

    The shallowest interpolated depth under any float must be at least the
    float's draft (plus the profile's margin).
    """
    rule = profile["min_depth_under_float_ft"]
    title = "Float clear of the bottom at MLW"
    if m.float_count == 0:
        return not_applicable("float-grounding", title, rule, "the dock has no float", sense=AT_LEAST)
    if facts.float_draft_ft is None:
        return result("float-grounding", rule.section, title, NEEDS_DATA, "give [dock] float_draft_ft", value=m.min_depth_under_float_ft, unit="ft", sense=AT_LEAST)
    if "soundings" not in facts.layers:
        return result("float-grounding", rule.section, title, NEEDS_DATA, "no soundings layer: add layers.soundings", unit="ft", sense=AT_LEAST)
    limit = facts.float_draft_ft + rule.value
    if m.min_depth_under_float_ft is None:
        message = "the soundings do not cover every float: extend them under the floats"
        return result("float-grounding", rule.section, title, NEEDS_DATA, message, limit=limit, unit="ft", sense=AT_LEAST)
    depth = m.min_depth_under_float_ft
    ok = not_below(depth, limit)
    message = f"shallowest depth under a float {fmt(depth, 'ft')} at MLW; float draft {fmt(facts.float_draft_ft, 'ft')}"
    if not ok:
        message += ": the float would rest on the bottom"
    return result("float-grounding", rule.section, title, PASS if ok else FAIL, message, value=depth, limit=limit, unit="ft", sense=AT_LEAST)


def float_vegetation(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(c)[5]: no float over tidal, intertidal or subtidal vegetation."""
    rule = profile["max_float_on_vegetation_sqft"]
    title = "Float clear of vegetation"
    if m.float_count == 0:
        return not_applicable("float-vegetation", title, rule, "the dock has no float")
    missing = "no vegetation layer: add layers.vegetation (an empty layer if a survey found none)"
    return at_most("float-vegetation", title, m.float_on_vegetation_sqft, rule, what="float area over vegetation", missing=missing)
