"""Why the verdict is what it is, in words: what the exhibit's title block and the report's header say.

Each failing check in words with its value and limit (the check's own figures,
printed as the check prints them: :func:`dockreview.rules.base.fmt_pair`); the
needs-data checks grouped by what to supply (:func:`dockreview.rules.missing_inputs`),
the dock's attributes on one line; the Board items by their titles and sections;
the waived checks with their waiver; the checks whose margin lies within the
data's accuracy with the survey that would decide each, grouped as the review's
decision rule counts them (:data:`~dockreview.rules.conditional.DECISION_RULES`:
under ``simple`` a conditional fail fails "within the data's accuracy" and the
conditional passes are listed apart; under ``guarded`` both wait for a survey).
Nothing is decided here: the status, value, limit, sense and uncertainty are the
CheckResult's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dockreview.rules import BOARD, FAIL, NEEDS_DATA, WAIVED, missing_inputs
from dockreview.rules.base import CONDITIONAL_FAIL, SENSE_WORDS, fmt, fmt_pair
from dockreview.rules.conditional import DEFAULT_RULE, survey_words

#: The prefix of what a check needs when it is an attribute of the dock.
ATTRIBUTES = "[dock.attributes] "


def cite(section: str) -> str:
    """``"(Docks B)"``; a section that starts with its own brackets reads ``"(§ (A)(6))"``.

    Examples
    --------
    >>> cite("Docks D(1)"), cite("(A)(6)")
    ('(Docks D(1))', '(§ (A)(6))')
    """
    return f"(§ {section})" if section.startswith("(") else f"({section})"


def figures(check) -> str | None:
    """``"130.0 ft, at least 150.0 ft"``: the check's value and limit as it prints them; None without both.

    Examples
    --------
    >>> from dockreview.rules.base import CheckResult
    >>> figures(CheckResult("frontage", "Docks B", "Shoreline frontage", "fail", 130.00001, 150.0, "ft", "", sense="at-least"))
    '130.0 ft, at least 150.0 ft'
    >>> figures(CheckResult("canopy", "Docks D(2)(h)", "No canopy", "fail", None, None, "", "canopy: yes"))
    """
    words = SENSE_WORDS.get(check.sense)
    if words is None or check.value is None or check.limit is None:
        return None
    value, limit = fmt_pair(check.value, check.limit, check.unit)
    return f"{value}, {words} {limit}"


def _side(check) -> str:
    """`` (right)``: the side a check decided on its parts failed on; blank when every part, or none, failed."""
    failed = [p.name for p in check.parts if p.status == FAIL]
    return f" ({' and '.join(failed)})" if failed and len(failed) < len(check.parts) else ""


def accuracy_words(check) -> str:
    """``"within the data's accuracy (±6.1 ft at 95 %): a survey of the lot lines to ±1.7 ft would decide it"``;
    blank for a check whose margin does not lie within the data's accuracy.

    Examples
    --------
    >>> from dockreview.rules.base import CheckResult, Within
    >>> near = CheckResult("s", "C", "Side setback", "conditional-pass", 61.0, 60.0, "ft", "", sense="at-least",
    ...                    uncertainty=6.2, within=Within("parcels", survey=("parcels",), survey_ft=0.79))
    >>> accuracy_words(near)
    "within the data's accuracy (±6.2 ft at 95 %): a survey of the lot lines to ±0.7 ft would decide it"
    """
    if check.within is None:
        return ""
    said = "an input's accuracy is unassessed" if check.uncertainty is None else f"±{fmt(check.uncertainty, check.unit)} at 95 %"
    return f"within the data's accuracy ({said}): {survey_words(check)} would decide it"


def _stated(check) -> str:
    """``"Side setback (right) 59.0 ft, at least 60.0 ft (Docks C)"``: a check's title, side, figures and section."""
    shown = figures(check)
    body = f"{check.title}{_side(check)} {shown}" if shown else f"{check.title}: {check.message}"
    return f"{body} {cite(check.section)}"


def failing_text(check) -> str:
    """``"Shoreline frontage 130.0 ft, at least 150.0 ft (Docks B)"``; the check's message when it has no figures.

    A conditional fail fails "within the data's accuracy", with the survey that would decide it.

    Examples
    --------
    >>> from dockreview.rules.base import CheckResult
    >>> failing_text(CheckResult("canopy", "Docks D(2)(h)", "No canopy", "fail", None, None, "", "canopy: yes; not permitted"))
    'No canopy: canopy: yes; not permitted (Docks D(2)(h))'
    """
    within = accuracy_words(check) if check.status == CONDITIONAL_FAIL else ""
    return f"{_stated(check)}: fails {within}" if within else _stated(check)


def within_text(check, says_status: bool = False) -> str:
    """A check within the data's accuracy, in words, under a heading that says so (:attr:`Reasons.within_heading`);
    ``says_status`` adds whether it passes or fails on the data given (where the heading does not say):
    ``"Side setback 105.4 ft, at least 104.0 ft (Docks C), ±6.1 ft at 95 %: a survey of the lot lines (the left
    side) to ±1.7 ft would decide it"``.

    Examples
    --------
    >>> from dockreview.rules.base import CheckResult, Within
    >>> within_text(CheckResult("s", "Docks C", "Side setback", "conditional-pass", 105.4, 104.0, "ft", "", sense="at-least",
    ...                         uncertainty=6.1, within=Within("parcels", survey=("parcels",), survey_ft=1.72)))
    'Side setback 105.4 ft, at least 104.0 ft (Docks C), ±6.1 ft at 95 %: a survey of the lot lines to ±1.7 ft would decide it'
    """
    said = "accuracy unassessed" if check.uncertainty is None else f"±{fmt(check.uncertainty, check.unit)} at 95 %"
    how = f": {'fails' if check.fails else 'passes'} on the data given;" if says_status else ","
    return f"{_stated(check)}{how} {said}: {survey_words(check)} would decide it"


def waived_text(check) -> str:
    """``"Dock width 9.0 ft, at most 8.0 ft (Docks D(2)(b)): waived 2024-05-13 by Board of Trustees"``."""
    shown = figures(check)
    waiver = check.waiver or {}
    by = " ".join(p for p in (waiver.get("date"), f"by {waiver['granted_by']}" if waiver.get("granted_by") else "") if p)
    note = f" ({waiver['note']})" if waiver.get("note") else ""
    return f"{check.title}{' ' + shown if shown else ''} {cite(check.section)}: waived{' ' + by if by else ''}{note}"


def board_text(check) -> str:
    """``"Pile-driving timing and manner (Docks E)"``: a Board item by its title and section."""
    return f"{check.title} {cite(check.section)}"


def supply_lines(checks) -> list[str]:
    """What to supply for the checks that need data, grouped: each layer with the checks it decides, the attributes on one line.

    Examples
    --------
    >>> from dockreview.rules.base import CheckResult as C
    >>> supply_lines([C("a", "", "", "needs-data", None, None, "", "", needs=("layers.soundings",)),
    ...               C("b", "", "", "needs-data", None, None, "", "", needs=("[dock.attributes] canopy",)),
    ...               C("c", "", "", "needs-data", None, None, "", "", needs=("layers.soundings", "[dock.attributes] railing_rails"))])
    ['layers.soundings (a, c)', '[dock.attributes] canopy, railing_rails']
    """
    missing = missing_inputs(checks)
    lines = [f"{need} ({', '.join(ids)})" for need, ids in missing.items() if not need.startswith(ATTRIBUTES)]
    attributes = [need[len(ATTRIBUTES):] for need in missing if need.startswith(ATTRIBUTES)]
    if attributes:
        lines.append(ATTRIBUTES + ", ".join(attributes))
    return lines


@dataclass(frozen=True)
class Reasons:
    """The verdict's reasons, each group a list of lines in words."""

    failing: list[str] = field(default_factory=list)
    supply: list[str] = field(default_factory=list)
    waived: list[str] = field(default_factory=list)
    board: list[str] = field(default_factory=list)
    needs_data: int = 0
    #: The checks within the data's accuracy that the decision rule does not count as failing (:func:`within_text`).
    within: list[str] = field(default_factory=list)
    #: The decision rule the reasons were read under.
    rule: str = DEFAULT_RULE

    @property
    def supply_heading(self) -> str:
        """``"To decide the 3 checks that need data, supply:"``."""
        n = self.needs_data
        return f"To decide the {n} check{'s' if n != 1 else ''} that need{'s' if n == 1 else ''} data, supply:"

    @property
    def within_heading(self) -> str:
        """``"Passes 2 checks within the data's accuracy:"``; under the guarded rule ``"Needs a survey: 2 checks ..."``."""
        n = len(self.within)
        checks = f"{n} check{'s' if n != 1 else ''} within the data's accuracy"
        return f"Passes {checks}:" if self.rule == DEFAULT_RULE else f"Needs a survey: {checks}:"


def reasons(checks, rule: str = DEFAULT_RULE) -> Reasons:
    """The reasons of a verdict, read off ``checks`` (a Review's CheckResults), in their order, under the decision
    ``rule``: under ``simple`` a conditional fail is among the failing checks and the conditional passes are
    :attr:`Reasons.within`; under ``guarded`` every conditional check is.

    Examples
    --------
    >>> from dockreview.rules.base import CheckResult as C, Within
    >>> near = C("s", "C", "Side setback", "conditional-fail", 59.0, 60.0, "ft", "", sense="at-least", uncertainty=6.2,
    ...          within=Within("parcels", survey=("parcels",), survey_ft=1.5))
    >>> reasons([near]).failing
    ["Side setback 59.0 ft, at least 60.0 ft (C): fails within the data's accuracy (±6.2 ft at 95 %): a survey of the lot lines to ±1.5 ft would decide it"]
    >>> reasons([near], "guarded").failing, len(reasons([near], "guarded").within)
    ([], 1)
    """
    counted = (lambda c: c.fails) if rule == DEFAULT_RULE else (lambda c: c.status == FAIL)
    return Reasons(
        failing=[failing_text(c) for c in checks if counted(c)],
        supply=supply_lines(checks),
        waived=[waived_text(c) for c in checks if c.status == WAIVED],
        board=[board_text(c) for c in checks if c.status == BOARD],
        needs_data=sum(1 for c in checks if c.status == NEEDS_DATA),
        within=[within_text(c, says_status=rule != DEFAULT_RULE) for c in checks if c.conditional and not counted(c)],
        rule=rule,
    )
