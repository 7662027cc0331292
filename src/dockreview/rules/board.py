"""What only people decide: the Board of Trustees' judgments (Docks E, F(1)-(5), G, H; Boat lifts B).

These checks never pass or fail: their status is board (or not-applicable),
and their message gives the facts the tool can supply to the people who decide.
"""

from __future__ import annotations

from dockreview.measure.measurements import Measurements
from dockreview.profile import Profile
from dockreview.rules.base import BOARD, JUDGED, NOT_APPLICABLE, CheckResult, Facts, fmt, result


def _ft(value: float | None) -> str:
    if value is None:
        return "unknown (layer not given)"
    return "none in the layer" if value == float("inf") else fmt(value, "ft")


def board_navigation(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks H: navigation, adjoining owners, the foreshore and the environment, in the Board's judgment."""
    allowed = "unknown" if m.max_allowed_reach_ft is None else fmt(m.max_allowed_reach_ft, "ft")
    message = (
        f"{profile.official('board')} to judge: terminus to channels {_ft(m.channel_clearance_ft)}, "
        f"to other docks {_ft(m.dock_clearance_ft)}; reach {fmt(m.overall_reach_ft, 'ft')} (allowed by depth {allowed}); "
        f"setbacks {fmt(m.setback_left_ft, 'ft')} / {fmt(m.setback_right_ft, 'ft')}"
    )
    return result("board-navigation", "Docks H", "Navigation, neighbours, foreshore, environment", BOARD, message, sense=JUDGED)


def lift_findings(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Boat lifts B(1)-(3): the Board's findings on character, environment and welfare."""
    title = "Boat lift findings"
    if m.boat_lift_count == 0:
        return result("lift-findings", "Boat lifts B", title, NOT_APPLICABLE, "the dock has no boat lift", sense=JUDGED)
    message = f"{profile.official('board')} to find: no substantial adverse effect on the area's character or views (1), on its physical or environmental conditions (2), and consistency with the Village's welfare (3)"
    return result("lift-findings", "Boat lifts B", title, BOARD, message, sense=JUDGED)


def pile_driving(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks E: piling timed and done to minimise harm to wildlife, vegetation and turbidity."""
    over = "unknown (no vegetation layer)" if m.float_on_vegetation_sqft is None else fmt(m.float_on_vegetation_sqft, "sq ft")
    message = f"{profile.official('board')} to set the time and manner of pile driving; float area over vegetation {over}"
    return result("pile-driving", "Docks E", "Pile-driving timing and manner", BOARD, message, sense=JUDGED)


def lighting_character(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks F(1)-(5): lighting not confused with navigation lights, USCG-compliant, no glare, necessary, least impact."""
    title = "Lighting character"
    if facts.attributes.get("lighting_height_in") is False:
        return result("lighting-character", "Docks F(1)-(5)", title, NOT_APPLICABLE, "the dock has no lighting (lighting_height_in = false)", sense=JUDGED)
    message = f"{profile.official('board')} to judge the lighting's type, glare, necessity and effect on neighbours"
    return result("lighting-character", "Docks F(1)-(5)", title, BOARD, message, sense=JUDGED)


def landing_necessity(m: Measurements, facts: Facts, profile: Profile) -> CheckResult:
    """Docks G: a landing only where needed for access from above a seawall, cliff or elevation, as close to it as possible."""
    title = "Landing necessity and position"
    if m.landing_length_ft is None and "landing_length_ft" not in facts.attributes:
        return result("landing-necessity", "Docks G", title, NOT_APPLICABLE, "the dock has no landing", sense=JUDGED)
    message = f"{profile.official('board')} to judge whether the landing is necessary and built as close as possible to the wall or elevation"
    return result("landing-necessity", "Docks G", title, BOARD, message, sense=JUDGED)
