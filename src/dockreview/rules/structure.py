"""The dock's own dimensions: Docks D(2)(b) width and D(2)(c) floats."""

from __future__ import annotations

from dockreview.measure.measurements import Measurements
from dockreview.profile import Profile
from dockreview.rules.base import (
    EQUALS,
    FAIL,
    PASS,
    CheckResult,
    Facts,
    at_most,
    fmt,
    not_applicable,
)


def width(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(b): the dock, excluding floats, no wider than 8 ft at any point."""
    rule = profile["max_dock_width_ft"]
    if m.max_width_ft <= 0:
        return not_applicable("width", "Dock width", rule, "the dock has no walkway or ramp")
    return at_most("width", "Dock width", m.max_width_ft, rule, what="widest walkway or ramp")


def float_area(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(c)[2]: all floats together at most 500 sq ft."""
    rule = profile["max_float_area_sqft"]
    if m.float_count == 0:
        return not_applicable("float-area", "Total float area", rule, "the dock has no float")
    return at_most("float-area", "Total float area", m.float_area_sqft, rule, what=f"{m.float_count} float{'s' if m.float_count != 1 else ''} total")


def float_position(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(c)[3]: floats at the seaward end of the dock.

    Every float must reach at least as far seaward as the walkway and ramp, and
    touch the walkway's or ramp's seaward end (within the profile's tolerance).
    """
    rule = profile["float_contact_tolerance_ft"]
    title = "Float at the seaward end"
    if m.float_count == 0 or m.float_seaward_shortfall_ft is None or m.float_gap_ft is None:
        return not_applicable("float-position", title, rule, "the dock has no float", sense=EQUALS)
    problems = []
    if m.float_seaward_shortfall_ft > rule.value:
        problems.append(f"the walkway/ramp reaches {fmt(m.float_seaward_shortfall_ft, 'ft')} further seaward than a float")
    if m.float_gap_ft > rule.value:
        problems.append(f"a float stands {fmt(m.float_gap_ft, 'ft')} from the walkway's seaward end")
    message = "; ".join(problems) or "the floats lie at the seaward end and touch the walkway's end"
    status = FAIL if problems else PASS
    return CheckResult("float-position", rule.section, title, status, m.float_gap_ft, rule.value, "ft", message, sense=EQUALS)
