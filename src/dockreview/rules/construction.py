"""Construction standards: Docks D(2)(a), (d)-(h), F(6) and G, from ``[dock.attributes]``.

Each standard reads its own attribute; a missing attribute gives needs-data,
never a pass. Where the article leaves the decision to an official, the check's
status is board and its message names the official (from the profile).
"""

from __future__ import annotations

from dockreview.measure.measurements import Measurements
from dockreview.profile import Profile
from dockreview.rules.base import (
    AT_MOST,
    BOARD,
    EQUALS,
    FAIL,
    NEEDS_DATA,
    NOT_APPLICABLE,
    PASS,
    CheckResult,
    Facts,
    attribute_at_most,
    fmt,
    not_above,
    not_applicable,
    result,
)


def _missing(key: str) -> str:
    return f"give [dock.attributes] {key} to decide this standard"


def _prohibited(cid: str, section: str, title: str, facts: Facts, key: str, what: str) -> CheckResult:
    """A yes/no attribute that must be false (a solid deck, a canopy)."""
    value = facts.attributes.get(key)
    if value is None:
        return result(cid, section, title, NEEDS_DATA, _missing(key))
    message = f"{what}: {'yes' if value else 'no'}" + ("; not permitted" if value else "")
    return result(cid, section, title, FAIL if value else PASS, message)


def _railing_absent(cid: str, title: str, facts: Facts, rule) -> CheckResult | None:
    if facts.attributes.get("railing_height_in") is False:
        return not_applicable(cid, title, rule, "the dock has no railing (railing_height_in = false)")
    return None


def components(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(a): the dock is limited to the listed kinds of structure.

    The drawn components and ``structures`` (everything else on the dock: railing,
    lockers, lighting, water and electric lines, ...) must all be permitted.
    """
    codes = profile.code("permitted_structures")
    title = "Only permitted structures"
    structures = facts.attributes.get("structures")
    if structures is None:
        return result("components", codes.section, title, NEEDS_DATA, _missing("structures") + " (everything on the dock besides the drawn components)")
    kinds = sorted(set(m.component_kinds) | set(structures))
    other = [k for k in kinds if k not in codes.values]
    if other:
        return result("components", codes.section, title, FAIL, f"not permitted on a dock: {', '.join(other)}")
    return result("components", codes.section, title, PASS, f"structures: {', '.join(kinds)}")


def landing_size(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks G: a landing no greater than 8 ft wide and 8 ft long.

    Measured from a ``landing`` component when the dock has one, else from
    ``landing_length_ft`` and ``landing_width_ft``.
    """
    long_rule, wide_rule = profile["max_landing_length_ft"], profile["max_landing_width_ft"]
    title = "Landing size"
    length = m.landing_length_ft if m.landing_length_ft is not None else facts.attributes.get("landing_length_ft")
    width = m.landing_width_ft if m.landing_width_ft is not None else facts.attributes.get("landing_width_ft")
    if length is None and width is None:
        return not_applicable("landing-size", title, long_rule, "no landing component and no landing_length_ft / landing_width_ft")
    if length is None or width is None:
        key = "landing_length_ft" if length is None else "landing_width_ft"
        return result("landing-size", long_rule.section, title, NEEDS_DATA, _missing(key), limit=long_rule.value, unit="ft", sense=AT_MOST)
    ok = not_above(length, long_rule.value) and not_above(width, wide_rule.value)
    source = "measured from the landing component" if m.landing_length_ft is not None else "from the attributes"
    message = (
        f"landing {fmt(length, 'ft')} long by {fmt(width, 'ft')} wide ({source}); "
        f"limit {fmt(long_rule.value, 'ft')} by {fmt(wide_rule.value, 'ft')}"
    )
    return result("landing-size", long_rule.section, title, PASS if ok else FAIL, message, value=length, limit=long_rule.value, unit="ft", sense=AT_MOST)


def deck_height(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(d): the dock's decking at most 8 ft above mean high water."""
    return attribute_at_most("deck-height", "Deck height above MHW", facts, "deck_height_above_mhw_ft", profile["max_deck_height_above_mhw_ft"], what="deck above MHW")


def float_deck_height(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(d): a float's decking at most 18 in above the calm water level."""
    rule = profile["max_float_deck_above_water_in"]
    if m.float_count == 0:
        return not_applicable("float-deck-height", "Float deck height", rule, "the dock has no float")
    return attribute_at_most("float-deck-height", "Float deck height", facts, "float_deck_above_water_in", rule, what="float deck above the water")


def locker_height(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(e): storage lockers at most 36 in high."""
    return attribute_at_most("locker-height", "Locker height", facts, "locker_height_in", profile["max_locker_height_in"], what="lockers")


def materials(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(f): wood or aluminum; any other material goes to the Superintendent of the Building Department."""
    codes = profile.code("permitted_materials")
    title = "Materials"
    used = facts.attributes.get("materials")
    if used is None:
        return result("materials", codes.section, title, NEEDS_DATA, _missing("materials"))
    other = [u for u in used if u not in codes.values]
    if other:
        message = f"{', '.join(other)}: to be approved as suitable by the {profile.official('materials')}"
        return result("materials", codes.section, title, BOARD, message)
    return result("materials", codes.section, title, PASS, f"materials: {', '.join(used)}")


def treated_wood(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(f): wood treated with preservatives must be approved by the Village Engineer."""
    section, title = "Docks D(2)(f)", "Treated wood"
    treated = facts.attributes.get("treated_wood")
    if treated is None:
        return result("treated-wood", section, title, NEEDS_DATA, _missing("treated_wood"))
    if treated:
        return result("treated-wood", section, title, BOARD, f"treated timbers or piles: to be approved by the {profile.official('treated_wood')} before use")
    return result("treated-wood", section, title, PASS, "no preservative-treated wood")


def plank_gap(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(f): planking spaced with one-half-inch gaps (within the profile's tolerance)."""
    rule, tolerance = profile["plank_gap_in"], profile("plank_gap_tolerance_in")
    gap = facts.attributes.get("plank_gap_in")
    if gap is None:
        return result("plank-gap", rule.section, "Plank gap", NEEDS_DATA, _missing("plank_gap_in"), limit=rule.value, unit="in", sense=EQUALS)
    ok = abs(gap - rule.value) <= tolerance
    message = f"gap {gap:g} in; required {rule.value:g} in (within {tolerance:g} in)"
    return result("plank-gap", rule.section, "Plank gap", PASS if ok else FAIL, message, value=gap, limit=rule.value, unit="in", sense=EQUALS)


def solid_deck(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(f): no solid decks."""
    return _prohibited("solid-deck", "Docks D(2)(f)", "No solid deck", facts, "solid_deck", "solid deck")


def railing_height(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(a)[4]: a railing not exceeding 42 in."""
    return attribute_at_most("railing-height", "Railing height", facts, "railing_height_in", profile["max_railing_height_in"], what="railing")


def railing_openness(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(g): railing and supports occupy at most 20% of the railing's vertical plane.

    The value is the occupied percentage, 100 × (1 − ``railing_open_fraction``).
    """
    rule = profile["max_railing_occupied_percent"]
    title = "Railing openness"
    absent = _railing_absent("railing-openness", title, facts, rule)
    if absent:
        return absent
    open_fraction = facts.attributes.get("railing_open_fraction")
    if open_fraction is None:
        return result("railing-openness", rule.section, title, NEEDS_DATA, _missing("railing_open_fraction"), limit=rule.value, unit=rule.unit, sense=AT_MOST)
    occupied = 100.0 * (1.0 - open_fraction)
    ok = not_above(occupied, rule.value)
    message = f"railing occupies {occupied:g}% of its vertical plane; limit {rule.value:g}%"
    return result("railing-openness", rule.section, title, PASS if ok else FAIL, message, value=occupied, limit=rule.value, unit=rule.unit, sense=AT_MOST)


def railing_rails(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(g): at most two horizontal rails."""
    rule = profile["max_railing_rails"]
    return _railing_absent("railing-rails", "Railing rails", facts, rule) or attribute_at_most(
        "railing-rails", "Railing rails", facts, "railing_rails", rule, what="horizontal rails"
    )


def railing_post_spacing(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(g): vertical supports at most 7 ft apart."""
    rule = profile["max_railing_post_spacing_ft"]
    return _railing_absent("railing-post-spacing", "Railing post spacing", facts, rule) or attribute_at_most(
        "railing-post-spacing", "Railing post spacing", facts, "railing_post_spacing_ft", rule, what="post spacing"
    )


def railing_material(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(g): railings of wood; another material goes to the Building Inspector."""
    codes = profile.code("permitted_railing_materials")
    title = "Railing material"
    if facts.attributes.get("railing_height_in") is False:
        return result("railing-material", codes.section, title, NOT_APPLICABLE, "the dock has no railing (railing_height_in = false)")
    material = facts.attributes.get("railing_material")
    if material is None:
        return result("railing-material", codes.section, title, NEEDS_DATA, _missing("railing_material"))
    if material in codes.values:
        return result("railing-material", codes.section, title, PASS, f"railing of {material}")
    return result("railing-material", codes.section, title, BOARD, f"railing of {material}: to be approved by the {profile.official('railing_material')}")


def canopy(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks D(2)(h): no canopies on off-shore structures."""
    return _prohibited("canopy", "Docks D(2)(h)", "No canopy", facts, "canopy", "canopy")


def lighting_height(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks F(6): dock lighting no higher than the 42-in railing limit."""
    return attribute_at_most("lighting-height", "Lighting height", facts, "lighting_height_in", profile["max_lighting_height_in"], what="lighting")
