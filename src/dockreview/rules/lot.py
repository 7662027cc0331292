"""The lot: Docks A and B (one dock, single-family lot, frontage)."""

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
    at_least,
    result,
)


def frontage(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks B: a shoreline frontage of not less than 150 ft, along the MHW line."""
    rule = profile["min_frontage_ft"]
    return at_least(
        "frontage", "Shoreline frontage", m.frontage_ft, rule.value, rule, what="frontage along the MHW line"
    )


def single_family(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks B: the lot is improved with a single-family dwelling (its property class is in the profile's list)."""
    codes = profile.code("single_family_classes")
    title = "Single-family lot"
    if facts.parcel_class is None:
        message = "no property class: give [parcel] class_field (the parcels layer's property-class field)"
        return result("single-family", codes.section, title, NEEDS_DATA, message)
    ok = facts.parcel_class in codes.values
    message = f"property class {facts.parcel_class}; single-family classes are {', '.join(codes.values)}"
    return result("single-family", codes.section, title, PASS if ok else FAIL, message)


def one_dock(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks A: no other dock on the lot's frontage, except those the proposal replaces."""
    title = "One dock per lot"
    if m.frontage_docks is None:
        message = "no docks layer given: add layers.docks to decide this standard"
        return result("one-dock", "Docks A", title, NEEDS_DATA, message, limit=0.0, unit="docks", sense=AT_MOST)
    count = float(len(m.frontage_docks))
    if count:
        message = f"existing dock(s) on the lot's frontage: {', '.join(m.frontage_docks)}; list them in [dock] replaces if removed"
    else:
        message = "no other dock stands on the lot's frontage"
    return result("one-dock", "Docks A", title, FAIL if count else PASS, message, value=count, limit=0.0, unit="docks", sense=AT_MOST)


def dock_on_lot(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks A, C: the dock stands on the lot it is reviewed against.

    Its landward end (its point nearest the MHW line) must lie on the lot, on its
    frontage or in its water (between its side lines' extensions); a dock in
    front of another lot is never reviewed quietly against this one.
    """
    title = "Dock on the reviewed lot"
    if m.dock_on_lot:
        return result("dock-on-lot", "Docks A, C", title, PASS, "the dock's landward end lies on the lot or its water")
    message = (
        f"the dock's landward end lies on or in front of parcel {m.dock_lot}, not on this lot or its water: "
        "review it against that parcel, or check the dock's position"
    )
    return result("dock-on-lot", "Docks A, C", title, FAIL, message)


def recreational_use(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks A: the dock is used exclusively for recreational, noncommercial purposes."""
    codes = profile.code("permitted_uses")
    title = "Recreational use"
    if facts.use is None:
        return result("recreational-use", codes.section, title, NEEDS_DATA, "give [dock] use (\"recreational\")")
    ok = facts.use in codes.values
    message = f"use: {facts.use}" + ("" if ok else f"; only {', '.join(codes.values)} use is permitted")
    return result("recreational-use", codes.section, title, PASS if ok else FAIL, message)
