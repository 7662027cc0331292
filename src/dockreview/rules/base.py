"""What a check returns, and the small helpers every check shares.

A check is a pure function ``check(m, facts, profile) -> CheckResult`` of the
measurements, the facts about the data given, and the rule profile. It never
reads a file or computes geometry. Failing the ordinance is a result.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from ..profile import Profile, Value

PASS, FAIL, NEEDS_DATA, BOARD, WAIVED, NOT_APPLICABLE = (
    "pass",
    "fail",
    "needs-data",
    "board",
    "waived",
    "not-applicable",
)
STATUSES = (PASS, FAIL, NEEDS_DATA, BOARD, WAIVED, NOT_APPLICABLE)


@dataclass(frozen=True)
class Facts:
    """What the review knows about its inputs, beyond the measurements.

    Attributes
    ----------
    layers : frozenset of str
        Optional layers the manifest gives ("channels", "docks").
    empty_layers : frozenset of str
        Those of them that hold no features.
    """

    layers: frozenset[str] = frozenset()
    empty_layers: frozenset[str] = frozenset()


@dataclass(frozen=True)
class CheckResult:
    """The answer to one standard of the ordinance."""

    id: str
    section: str
    title: str
    status: str
    value: float | None
    limit: float | None
    unit: str
    message: str

    def to_dict(self) -> dict:
        """JSON-ready dict (infinite values become None)."""
        out = asdict(self)
        for key in ("value", "limit"):
            if isinstance(out[key], float) and not math.isfinite(out[key]):
                out[key] = None
        return out


def fmt(value: float, unit: str) -> str:
    """``"123.4 ft"``; areas and plain numbers keep their unit word."""
    return f"{value:,.1f} {unit}".strip()


def at_most(cid: str, title: str, value: float | None, rule: Value, *, what: str, missing: str = "") -> CheckResult:
    """A check that ``value`` does not exceed ``rule.value`` (decided unrounded)."""
    if value is None:
        return CheckResult(cid, rule.section, title, NEEDS_DATA, None, rule.value, rule.unit, missing)
    ok = value <= rule.value
    relation = "within" if ok else "exceeds"
    message = f"{what} {fmt(value, rule.unit)} {relation} the {fmt(rule.value, rule.unit)} limit"
    return CheckResult(cid, rule.section, title, PASS if ok else FAIL, value, rule.value, rule.unit, message)


def at_least(
    cid: str, title: str, value: float | None, limit: float, rule: Value, *, what: str, missing: str = ""
) -> CheckResult:
    """A check that ``value`` is at least ``limit`` (decided unrounded)."""
    if value is None:
        return CheckResult(cid, rule.section, title, NEEDS_DATA, None, limit, rule.unit, missing)
    ok = value >= limit
    if math.isinf(value):
        message = f"{what}: none in the layer (the layer is empty)"
    else:
        relation = "meets" if ok else "is short of"
        message = f"{what} {fmt(value, rule.unit)} {relation} the required {fmt(limit, rule.unit)}"
    return CheckResult(cid, rule.section, title, PASS if ok else FAIL, value, limit, rule.unit, message)


def not_applicable(cid: str, title: str, rule: Value, why: str) -> CheckResult:
    """A standard that does not apply to this dock."""
    return CheckResult(cid, rule.section, title, NOT_APPLICABLE, None, rule.value, rule.unit, why)
