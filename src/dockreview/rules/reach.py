"""Reach and clearances of the seaward terminus: Docks D(1)."""

from __future__ import annotations

from dockreview.measure.measurements import Measurements
from dockreview.profile import Profile
from dockreview.rules.base import (
    AT_MOST,
    FAIL,
    PASS,
    CheckResult,
    Facts,
    at_least,
    fmt,
    not_above,
)


def reach(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(1): at most 200 ft from the MHW line to the seaward terminus.

    The larger of the reach (distance from the frontage) and the length along
    the dock's axis is compared, so a dock angled along the shore is not
    favoured.
    """
    rule = profile["max_reach_ft"]
    value = m.overall_reach_ft
    ok = not_above(value, rule.value)
    message = (
        f"reach from the MHW line {fmt(m.reach_ft, 'ft')}, length along the axis {fmt(m.length_ft, 'ft')}; "
        f"limit {fmt(rule.value, 'ft')}"
    )
    return CheckResult(
        "reach", rule.section, "Overall length / reach", PASS if ok else FAIL, value, rule.value, "ft", message, sense=AT_MOST
    )


def _terminus_clearance(cid: str, title: str, value: float | None, layer: str, facts: Facts, profile: Profile):
    rule = profile["min_terminus_clearance_ft"]
    missing = f"no {layer} layer given: add layers.{layer} to the manifest to decide this standard"
    result = at_least(cid, title, value, rule.value, rule, what=f"seaward terminus to the nearest {layer[:-1]}", missing=missing)
    if layer in facts.empty_layers:
        result = CheckResult(**{**result.__dict__, "message": f"the {layer} layer is given but holds no features"})
    return result


def channel_clearance(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(1): terminus at least 50 ft from any channel, accessway, fairway or anchorage."""
    return _terminus_clearance("channel-clearance", "Clearance from channels", m.channel_clearance_ft, "channels", facts, profile)


def dock_clearance(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(1): terminus at least 50 ft from any other dock."""
    return _terminus_clearance("dock-clearance", "Clearance from other docks", m.dock_clearance_ft, "docks", facts, profile)



