"""The lot: Docks A and B (one dock, single-family lot, frontage)."""

from __future__ import annotations

from ..measure import Measurements
from ..profile import Profile
from .base import CheckResult, Facts, at_least


def frontage(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks B: a shoreline frontage of not less than 150 ft, along the MHW line."""
    rule = profile["min_frontage_ft"]
    return at_least(
        "frontage", "Shoreline frontage", m.frontage_ft, rule.value, rule, what="frontage along the MHW line"
    )
