"""The report's checks table: each check's requirement, what the proposal gives, the margin and the finding.

Every figure is the CheckResult's: the requirement is its limit read with its
sense ("at least 150 ft", "at most 8 ft"), the proposal its value, the margin its
:attr:`~dockreview.rules.base.CheckResult.margin`. Wording that depends on what a
check means ("no other dock on the lot", "touching the walkway's seaward end") is
keyed on the check's id; pass or fail, and which side of a limit is good, never are.
"""

from __future__ import annotations

import re

from dockreview.outputs.report.words import COUNT_UNITS, in_words, quantity
from dockreview.rules.base import AT_LEAST, AT_MOST, EQUALS, NEEDS_DATA, NOT_APPLICABLE, PASS

CHECK_COLUMNS = ("section", "check", "rule", "required", "proposed", "margin", "status", "finding")
#: How a limit reads after each sense.
SENSE_WORDS = {AT_LEAST: "at least ", AT_MOST: "at most ", EQUALS: "equal to "}


def margin(check) -> str:
    """How far the proposal is inside (+) or outside (-) the limit: the check's margin, in its unit.

    Blank when the check has none: not decided, or not a bound (a tolerance, a
    classification, a yes/no).
    """
    return "" if check.margin is None else quantity(check.margin, check.unit, signed=True)


def _sense(check) -> str:
    """ "at least " or "at most " before a limit, from the check's sense ("limit " for any other)."""
    return SENSE_WORDS.get(check.sense, "limit ")


def required(check, review=None) -> str:
    """The check's requirement in words ("at least 150 ft", "no other dock on the lot"); blank without a limit."""
    limit, unit = check.limit, check.unit
    if check.id == "one-dock":
        return "no other dock on the lot"
    if check.id == "float-vegetation":
        return "no float over vegetation"
    if limit is None:
        return ""
    if check.id == "float-position":
        return f"touching the walkway's seaward end (within {quantity(limit, unit)})"
    if check.id == "float-layout":
        return f"in line, L or T (long axis within {quantity(limit, unit)} of 0° or 90° to the dock's axis)"
    if check.id == "lift-orientation":
        return f"hull within {quantity(limit, unit)} of square to the shore"
    if check.id == "plank-gap":
        return f"gaps of {quantity(limit, unit)}"
    if check.id == "landing-size":
        return f"{_sense(check)}{quantity(limit, unit)} × {quantity(limit, unit)}"
    if check.id == "float-grounding":
        return f"{_sense(check)}{quantity(limit, unit)} of water (the float's draft)"
    return f"{_sense(check)}{quantity(limit, unit)}"


def proposed(check, review=None) -> str:
    """What the proposal gives for the check, in words, consistent with its finding."""
    m = review.measurements if review is not None else None
    value, unit = check.value, check.unit
    if check.id == "one-dock" and check.status != NEEDS_DATA:
        docks = tuple(m.frontage_docks or ()) if m is not None else ()
        if not value:
            return "no other dock"
        return quantity(value, "other docks") + (f": {in_words(docks)}" if docks else "")
    if check.id == "float-layout" and m is not None and m.float_layout is not None:
        angle = "" if m.float_angle_deg is None else f", long axis at {quantity(m.float_angle_deg, 'deg')} to the dock's axis"
        return f"{m.float_layout}{angle}"
    if check.id == "float-position" and value is not None:
        return "touching" if check.status == PASS else f"{quantity(value, unit)} away"
    if check.id == "landing-size" and m is not None and m.landing_length_ft is not None and m.landing_width_ft is not None:
        return f"{quantity(m.landing_length_ft, 'ft')} × {quantity(m.landing_width_ft, 'ft')}"
    return quantity(value, unit, beside=check.limit)


_COUNT_IN_TEXT = re.compile(r"\b(\d+)\.0+ (" + "|".join(many for _, many in COUNT_UNITS.values()) + r")\b")


def finding(check) -> str:
    """The check's message, its counts printed as integers ("2.0 rails" -> "2 rails", "1.0 lifts" -> "1 lift")."""

    def whole(match: re.Match) -> str:
        n, many = int(match.group(1)), match.group(2)
        singular = next(one for one, word in COUNT_UNITS.values() if word == many)
        return f"{n} {singular if n == 1 else many}"

    return _COUNT_IN_TEXT.sub(whole, check.message)


def check_row(check, review) -> tuple[str, ...]:
    """One row of the checks table, in :data:`CHECK_COLUMNS` order."""
    return (check.section, check.id, check.title, required(check, review), proposed(check, review), margin(check), check.status, finding(check))


def check_rows(review, *, all_checks: bool = False) -> tuple[tuple[str, ...], ...]:
    """The checks table's rows: every check that applies (every check with ``all_checks``)."""
    return tuple(check_row(c, review) for c in review.checks if all_checks or c.status != NOT_APPLICABLE)


def not_applicable_line(review) -> str:
    """One line naming the checks that do not apply to this dock (blank when every check applies)."""
    checks = [c for c in review.checks if c.status == NOT_APPLICABLE]
    if not checks:
        return ""
    reasons = list(dict.fromkeys(c.message for c in checks))
    why = f" ({reasons[0]})" if len(reasons) == 1 else ""
    whole = "all " if len(checks) == len(review.checks) else ""
    return (
        f"Not applicable to this dock, {whole}{quantity(len(checks), 'checks')}{why}: {', '.join(c.id for c in checks)}. "
        "The report's --all-checks option lists them in the table."
    )
