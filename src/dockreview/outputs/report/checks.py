"""The report's checks table: each check's requirement, what the proposal gives, the margin and the finding.

Every figure is the CheckResult's: the requirement is its limit read with its
sense ("at least 150 ft", "at most 8 ft"), the proposal its value, the margin its
:attr:`~dockreview.rules.base.CheckResult.margin`, the ± figure its margin's
:attr:`~dockreview.rules.base.CheckResult.uncertainty` at 95 %. Wording that depends on what a
check means ("no other dock on the lot", "touching the walkway's seaward end") is
its rule kind's own (:meth:`~dockreview.rules.kind.RuleKind.limit_words`); pass or fail, and which side of a limit
is good, never are.
"""

from __future__ import annotations

import re

from dockreview.outputs.report.words import COUNT_UNITS, quantity
from dockreview.rules.base import NOT_APPLICABLE, SENSE_WORDS

#: The column of a margin's uncertainty at 95 %.
UNCERTAINTY = "± (95 %)"
CHECK_COLUMNS = ("section", "check", "rule", "required", "proposed", "margin", UNCERTAINTY, "status", "finding")
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def margin(check) -> str:
    """How far the proposal is inside (+) or outside (-) the limit: the check's margin, in its unit.

    Blank when the check has none: not decided, or not a bound (a tolerance, a
    classification, a yes/no).
    """
    return "" if check.margin is None else quantity(check.margin, check.unit, signed=True)


def uncertainty(check) -> str:
    """The margin's uncertainty at 95 % from the data's accuracy, in the check's unit (``"±6.1 ft"``); ``"unassessed"``
    when an input's accuracy is; blank for a check of the proposal alone (it prints as nothing) and one without a
    margin.

    Examples
    --------
    >>> from dockreview.rules.base import CheckResult as C
    >>> [uncertainty(C("s", "", "", "pass", 61.0, 60.0, "ft", "", uncertainty=u)) for u in (6.1039, 0.0, 4e-12, None)]
    ['±6.1 ft', '', '', '']
    """
    if check.uncertainty is None:
        return "unassessed" if check.within is not None and check.within.unassessed else ""
    shown = quantity(check.uncertainty, check.unit)
    return f"±{shown}" if any(float(n.replace(",", "")) for n in _NUMBER.findall(shown)) else ""


def _rule(check, review):
    """The profile's rule that decided ``check`` (None for a check the review's rules do not hold)."""
    rules = None if review is None else review.rules
    return rules.rule(check.id) if rules is not None and check.id in rules.ids else None


def required(check, review=None) -> str:
    """The check's requirement in words, as its rule words it ("at least 150 ft", "no other dock on the lot");
    blank without a limit."""
    rule = _rule(check, review)
    if rule is not None:
        return rule.limit_words(check, quantity)
    return "" if check.limit is None else f"{SENSE_WORDS.get(check.sense, 'limit')} {quantity(check.limit, check.unit)}"


def proposed(check, review=None) -> str:
    """What the proposal gives for the check, in its rule's words, consistent with its finding."""
    rule = _rule(check, review)
    if rule is not None:
        return rule.proposal_words(check, review.measurements, quantity)
    return quantity(check.value, check.unit, beside=check.limit)


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
    return (check.section, check.id, check.title, required(check, review), proposed(check, review), margin(check),
            uncertainty(check), check.status, finding(check))


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
