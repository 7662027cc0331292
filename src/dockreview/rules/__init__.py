"""Rule kinds as code, profiles as data, and the one runner.

A profile (``profiles/*.toml``; :mod:`dockreview.profile` reads it) lists the
checks a town's law applies, each a rule kind (:mod:`dockreview.rules.kinds`)
with its numbers and section. :func:`ruleset` compiles it into a
:class:`RuleSet`, which decides a dock's checks (:meth:`RuleSet.run`) and gives
every limit the measurements, the envelope, the screen and the audits need;
:func:`verdict` turns the CheckResults into one verdict.
"""

from dockreview.rules.base import (
    AT_LEAST,
    AT_MOST,
    BOARD,
    EQUALS,
    FAIL,
    JUDGED,
    NEEDS_DATA,
    NOT_APPLICABLE,
    PASS,
    QUALIFIES,
    SENSES,
    STATUSES,
    WAIVED,
    CheckResult,
    Facts,
    Part,
)
from dockreview.rules.kind import KINDS, Bound, Param, RuleKind, register
from dockreview.rules.runner import RuleSet, ruleset
from dockreview.rules.verdicts import VERDICTS, apply_waivers, missing_inputs, verdict, verdict_reason, verdicts

__all__ = [
    "AT_LEAST", "AT_MOST", "BOARD", "EQUALS", "FAIL", "JUDGED", "KINDS", "NEEDS_DATA", "NOT_APPLICABLE", "PASS",
    "QUALIFIES", "SENSES", "STATUSES", "VERDICTS", "WAIVED", "Bound", "CheckResult", "Facts", "Param", "Part",
    "RuleKind", "RuleSet", "apply_waivers", "missing_inputs", "register", "ruleset", "verdict", "verdict_reason", "verdicts",
]
