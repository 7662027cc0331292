"""One verdict from a dock's checks, in one vocabulary for every output: the verdict, its reason in a line,
what the checks need, the Board's waivers applied, and the law's exemption.

Examples
--------
>>> from dockreview.rules.base import CheckResult
>>> verdict([CheckResult("reach", "Docks D(1)", "Reach", "fail", 230.0, 200.0, "ft", "")])
'noncompliant'
"""

from __future__ import annotations

import difflib
from dataclasses import replace

import numpy as np

from dockreview.errors import ManifestError
from dockreview.rules.base import (
    BOARD,
    CONDITIONAL_FAIL,
    CONDITIONAL_PASS,
    FAIL,
    FAILING,
    NEEDS_DATA,
    NOT_APPLICABLE,
    WAIVED,
    CheckResult,
)
from dockreview.rules.conditional import DEFAULT_RULE, listed, role_words

VERDICTS = ("compliant", "noncompliant", "incomplete", "exempt")


def _undecided(rule: str) -> tuple[str, ...]:
    """The statuses that leave a review incomplete under the decision ``rule``."""
    return (NEEDS_DATA,) if rule == DEFAULT_RULE else (NEEDS_DATA, CONDITIONAL_PASS, CONDITIONAL_FAIL)


def _failing(rule: str) -> tuple[str, ...]:
    """The statuses that make a dock noncompliant under the decision ``rule``."""
    return FAILING if rule == DEFAULT_RULE else (FAIL,)


def verdict(checks: list[CheckResult], *, exempt: bool = False, rule: str = DEFAULT_RULE) -> str:
    """One verdict for a dock's checks under the decision ``rule`` (:data:`~dockreview.rules.conditional.DECISION_RULES`).

    ``exempt`` when the law does not pertain (federal premises); else
    ``noncompliant`` if any check fails (waived ones do not; a conditional fail
    does under the simple rule), else ``incomplete`` if any needs data (or, under
    the guarded rule, any is conditional), else ``compliant``. Board
    determinations stand beside it.

    Examples
    --------
    >>> from dockreview.rules.base import CheckResult as C
    >>> verdict([C("a", "", "", "pass", 1, 1, "", ""), C("b", "", "", "needs-data", None, 1, "", "")])
    'incomplete'
    >>> near = [C("a", "", "", "pass", 1, 1, "", ""), C("b", "", "", "conditional-fail", 59, 60, "", "")]
    >>> verdict(near), verdict(near, rule="guarded")
    ('noncompliant', 'incomplete')
    """
    if exempt:
        return "exempt"
    statuses = {c.status for c in checks}
    if statuses & set(_failing(rule)):
        return "noncompliant"
    if statuses & set(_undecided(rule)):
        return "incomplete"
    return "compliant"


def missing_inputs(checks: list[CheckResult]) -> dict[str, list[str]]:
    """What to supply, each with the checks it would let decide: the needs-data checks grouped by what they need.

    Examples
    --------
    >>> from dockreview.rules.base import CheckResult as C
    >>> missing_inputs([C("a", "", "", "needs-data", None, None, "", "", needs=("layers.soundings",)),
    ...                 C("b", "", "", "needs-data", None, None, "", "", needs=("layers.soundings", "[vessel] draft_ft"))])
    {'layers.soundings': ['a', 'b'], '[vessel] draft_ft': ['b']}
    """
    grouped: dict[str, list[str]] = {}
    for check in checks:
        if check.status == NEEDS_DATA:
            for need in check.needs or ("(see the check's message)",):
                grouped.setdefault(need, []).append(check.id)
    return grouped


def verdicts(statuses, rule: str = DEFAULT_RULE) -> np.ndarray:
    """:func:`verdict` of many docks at once: ``statuses`` maps each check's id to an array of statuses (one per dock).

    Examples
    --------
    >>> verdicts({"reach": np.array(["pass", "fail", "pass"]), "width": np.array(["pass", "pass", "needs-data"])}).tolist()
    ['compliant', 'noncompliant', 'incomplete']
    """
    columns = [np.asarray(v, dtype=object) for v in statuses.values()]
    if not columns:
        return np.array([], dtype=object)
    table = np.vstack(columns)
    fails, missing = np.isin(table, _failing(rule)).any(axis=0), np.isin(table, _undecided(rule)).any(axis=0)
    return np.where(fails, "noncompliant", np.where(missing, "incomplete", "compliant")).astype(object)


def verdict_reason(checks: list[CheckResult], *, exempt: str | None = None, rule: str = DEFAULT_RULE) -> str:
    """Why the verdict is what it is, in one line, for every verdict, under the decision ``rule``.

    ``"2 checks fail: side-setback, reach; 3 Board items pending"``, ``"1 check
    needs data: navigable-reach; no check fails; ..."``, ``"every applicable check
    passes or is left to the Board; 12 not applicable; 3 Board items pending"``;
    then the checks within the data's accuracy and whose data they lie within
    (``"2 checks within the accuracy of the lot lines: side-setback, frontage"``);
    ``exempt``, the exemption's text, when the law does not pertain.

    Examples
    --------
    >>> from dockreview.rules.base import CheckResult as C, Within
    >>> near = C("s", "", "", "conditional-pass", 61, 60, "ft", "", within=Within("parcels"))
    >>> verdict_reason([C("a", "", "", "pass", 1, 1, "", ""), near])
    'every check passes; no Board item pending; 1 check within the accuracy of the lot lines: s'
    >>> verdict_reason([near], rule="guarded")
    '1 check needs a survey: s; no check fails; no Board item pending; 1 check within the accuracy of the lot lines: s'
    """
    if exempt:
        return exempt

    def ids(*statuses: str) -> list[str]:
        return [c.id for c in checks if c.status in statuses]

    def counted(n: int, one: str, many: str) -> str:
        return f"{n} {one if n == 1 else many}"

    failing, waived = ids(*_failing(rule)), ids(WAIVED)
    missing, surveys = ids(NEEDS_DATA), [c for c in ids(*_undecided(rule)) if c not in ids(NEEDS_DATA)]
    board, not_applicable = ids(BOARD), ids(NOT_APPLICABLE)
    if failing:
        parts = [f"{counted(len(failing), 'check fails', 'checks fail')}: {', '.join(failing)}"]
        if missing or surveys:
            parts.append(f"{counted(len(missing) + len(surveys), 'other check needs', 'other checks need')} data or a survey")
    elif missing or surveys:
        parts = [f"{counted(len(missing), 'check needs', 'checks need')} data: {', '.join(missing)}"] if missing else []
        parts += [f"{counted(len(surveys), 'check needs', 'checks need')} a survey: {', '.join(surveys)}"] if surveys else []
        parts.append("no check fails")
    else:
        decided = ["passes"] + ([f"is waived ({', '.join(waived)})"] if waived else []) + (["is left to the Board"] if board else [])
        how = ", ".join(decided[:-1]) + f" or {decided[-1]}" if len(decided) > 1 else decided[0]
        every = "every applicable check" if not_applicable else "every check"
        parts = [f"{every} {how}"] + ([f"{len(not_applicable)} not applicable"] if not_applicable else [])
    if (failing or missing or surveys) and waived:
        parts.append(f"{counted(len(waived), 'check', 'checks')} waived: {', '.join(waived)}")
    parts.append(f"{counted(len(board), 'Board item', 'Board items')} pending" if board else "no Board item pending")
    within = [c for c in checks if c.conditional]
    if within:
        roles = dict.fromkeys(r for c in within for r in (c.within.survey if c.within and c.within.survey else
                                                          (c.within.dominant,) if c.within and c.within.dominant else ()))
        whose = listed(role_words(r) for r in roles) or "the data"
        parts.append(f"{counted(len(within), 'check', 'checks')} within the accuracy of {whose}: {', '.join(c.id for c in within)}")
    return "; ".join(parts)


def apply_waivers(checks: list[CheckResult], waivers, manifest) -> list[CheckResult]:
    """Turn each waived check's failure (conditional or not) into status waived, keeping its value and reason (Art. VIII, waivers).

    A waiver of a check that does not fail is recorded on it and changes nothing.

    Raises
    ------
    ManifestError
        When a waiver names no check of the review.
    """
    ids = [c.id for c in checks]
    by_id = {w.check: w for w in waivers}
    for waiver in waivers:
        if waiver.check not in ids:
            close = difflib.get_close_matches(waiver.check, ids, n=1, cutoff=0.5)
            hint = f"did you mean '{close[0]}'?" if close else "see the Checks table in the README"
            raise ManifestError(f"{manifest}: [[waiver]] check '{waiver.check}' is not a check; {hint}")
    out = []
    for c in checks:
        waiver = by_id.get(c.id)
        if waiver is None:
            out.append(c)
            continue
        granted = f"waived {waiver.date} by {waiver.granted_by}" + (f": {waiver.note}" if waiver.note else "")
        if c.fails:
            out.append(replace(c, status=WAIVED, message=f"{c.message}; {granted}", waiver=dict(waiver.__dict__)))
        else:
            out.append(replace(c, message=f"{c.message}; a waiver is on file ({granted})", waiver=dict(waiver.__dict__)))
    return out


def exempted(checks: list[CheckResult], section: str, text: str) -> list[CheckResult]:
    """Every check not applicable, its measured value kept: the law does not pertain (``section``: ``text``)."""
    return [replace(c, status=NOT_APPLICABLE, message=f"{section}: {text}") for c in checks]

