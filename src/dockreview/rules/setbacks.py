"""Side setbacks: Docks C."""

from __future__ import annotations

from dockreview.measure.measurements import Measurements
from dockreview.profile import Profile
from dockreview.rules.base import (
    AT_LEAST,
    FAIL,
    PASS,
    CheckResult,
    Facts,
    Part,
    decimals_for,
    fmt,
    not_below,
)


def side_setback(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks C: set back from each side line or its seaward extension by max(40% of frontage, 60 ft).

    The smaller of the left and right setbacks decides; a negative setback means
    part of the dock lies beyond that line.
    """
    rule = profile["min_setback_ft"]
    fraction = profile("setback_fraction_of_frontage")
    ok = not_below(m.setback_ft, m.required_setback_ft)
    worse = "left" if m.setback_left_ft <= m.setback_right_ft else "right"
    basis = (
        f"{fraction:.0%} of {fmt(m.frontage_ft, 'ft')} frontage"
        if fraction * m.frontage_ft >= rule.value
        else f"the {fmt(rule.value, 'ft')} minimum"
    )
    places = max(decimals_for(v, "ft", m.required_setback_ft) for v in (m.setback_left_ft, m.setback_right_ft))
    message = (
        f"left {fmt(m.setback_left_ft, 'ft', decimals=places)}, "
        f"right {fmt(m.setback_right_ft, 'ft', decimals=places)}; "
        f"required {fmt(m.required_setback_ft, 'ft', decimals=places)} ({basis})"
    )
    if m.setback_ft < 0:
        message += f"; the dock crosses the {worse} side line or its extension"
    elif not ok:
        message += f"; the {worse} side is short by {fmt(m.required_setback_ft - m.setback_ft, 'ft')}"
    parts = tuple(
        Part(side, value, m.required_setback_ft, PASS if not_below(value, m.required_setback_ft) else FAIL)
        for side, value in (("left", m.setback_left_ft), ("right", m.setback_right_ft))
    )
    return CheckResult(
        "side-setback", rule.section, "Side setback", PASS if ok else FAIL, m.setback_ft, m.required_setback_ft, "ft", message,
        sense=AT_LEAST, parts=parts,
    )
