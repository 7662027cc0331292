"""What a check returns, and the small helpers every check shares.

A check is a pure function ``check(m, facts, profile) -> CheckResult`` of the
measurements, the facts about the data given, and the rule profile. It never
reads a file or computes geometry. Failing the ordinance is a result.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from dockreview.profile import Value

PASS, FAIL, NEEDS_DATA, BOARD, WAIVED, NOT_APPLICABLE = (
    "pass",
    "fail",
    "needs-data",
    "board",
    "waived",
    "not-applicable",
)
STATUSES = (PASS, FAIL, NEEDS_DATA, BOARD, WAIVED, NOT_APPLICABLE)
#: A check's sense: how its value stands to its limit. ``at-least`` and ``at-most`` are bounds (a margin
#: is their distance inside); ``equals`` a target held within a tolerance; ``qualifies`` a code or a yes/no
#: the value must be one of; ``judged`` left to the Board or an official.
AT_LEAST, AT_MOST, EQUALS, QUALIFIES, JUDGED = "at-least", "at-most", "equals", "qualifies", "judged"
SENSES = (AT_LEAST, AT_MOST, EQUALS, QUALIFIES, JUDGED)

#: Numerical precision of a measurement, in its own unit: a value within this of
#: its limit, or within :data:`RELATIVE_PRECISION` of it, is at the limit.
PRECISION = 1e-3
#: The same as a share of the limit. 10 ppm absorbs floating-point noise and the
#: US survey foot's 2 ppm over the international foot, in a length (2 ppm) as in an
#: area (4 ppm): a float drawn exactly 25 x 20 ft in EPSG:2263 measures 500.002
#: sq ft and is at the 500 sq ft limit. It is far below survey precision, so no real
#: shortfall is hidden by it.
RELATIVE_PRECISION = 1e-5


def slack(limit: float) -> float:
    """How far a value may lie past ``limit`` and still be at it: the precision of the limit's unit."""
    return PRECISION + RELATIVE_PRECISION * abs(limit)


def not_above(value: float, limit: float) -> bool:
    """``value <= limit`` up to :func:`slack`."""
    return value <= limit + slack(limit)


def not_below(value: float, limit: float) -> bool:
    """``value >= limit`` up to :func:`slack`."""
    return value >= limit - slack(limit)


@dataclass(frozen=True)
class Facts:
    """What the review knows about its inputs, beyond the measurements.

    Attributes
    ----------
    layers : frozenset of str
        Optional layers the manifest gives ("channels", "docks").
    empty_layers : frozenset of str
        Those of them that hold no features.
    attributes : mapping
        The manifest's ``[dock.attributes]`` (a value ``False`` means "none").
    draft_ft, float_draft_ft : float or None
        The vessel's draft (``[vessel]``) and the float's (``[dock]``).
    use : str or None
        ``[dock] use``.
    season : (str, str) or None
        First and last day of lift use, "MM-DD".
    parcel_class : str or None
        The lot's property-class code.
    """

    layers: frozenset[str] = frozenset()
    empty_layers: frozenset[str] = frozenset()
    attributes: Mapping[str, Any] = field(default_factory=dict)
    draft_ft: float | None = None
    float_draft_ft: float | None = None
    use: str | None = None
    season: tuple[str, str] | None = None
    parcel_class: str | None = None


@dataclass(frozen=True)
class Part:
    """One side of a check decided on the worse of several values (the left and right setbacks)."""

    name: str
    value: float | None
    limit: float | None
    status: str


@dataclass(frozen=True)
class CheckResult:
    """The answer to one standard of the ordinance.

    Every output reads pass or fail, the limit and the margin from here; none
    compares a value with a limit itself. ``kind`` is the rule kind that decided
    it, ``sense`` how the value stands to the limit (:data:`SENSES`), ``parts``
    the values it was decided on when more than one (each with its own status).
    """

    id: str
    section: str
    title: str
    status: str
    value: float | None
    limit: float | None
    unit: str
    message: str
    waiver: dict[str, str] | None = None
    kind: str = ""
    sense: str = ""
    parts: tuple[Part, ...] = ()

    @property
    def decided(self) -> bool:
        """Whether the check compared its value with its limit (pass, fail, or a waived failure)."""
        return self.status in (PASS, FAIL, WAIVED)

    @property
    def margin(self) -> float | None:
        """How far the value lies inside its limit (negative outside it), in the check's unit.

        Only for a decided bound (sense at-least or at-most) with both a finite value
        and a limit; None otherwise.

        Examples
        --------
        >>> CheckResult("reach", "Docks D(1)", "Reach", "pass", 120.0, 200.0, "ft", "", sense="at-most").margin
        80.0
        >>> CheckResult("frontage", "Docks B", "Frontage", "fail", 130.0, 150.0, "ft", "", sense="at-least").margin
        -20.0
        """
        if not self.decided or self.sense not in (AT_LEAST, AT_MOST) or self.value is None or self.limit is None:
            return None
        if not (math.isfinite(self.value) and math.isfinite(self.limit)):
            return None
        return self.value - self.limit if self.sense == AT_LEAST else self.limit - self.value

    def part(self, name: str) -> Part | None:
        """The part ``name`` ("left", "right"), or None."""
        return next((p for p in self.parts if p.name == name), None)

    def to_dict(self) -> dict:
        """JSON-ready dict (infinite values become None)."""
        out = asdict(self)
        for key in ("value", "limit"):
            if isinstance(out[key], float) and not math.isfinite(out[key]):
                out[key] = None
        out["margin"] = self.margin
        for part in out["parts"]:
            for key in ("value", "limit"):
                if isinstance(part[key], float) and not math.isfinite(part[key]):
                    part[key] = None
        return out


#: Units of counted things: a whole number of them prints with no decimals ("2 rails").
COUNT_UNITS = ("lb", "lifts", "rails", "docks", "floats")


def decimals_for(value: float, unit: str, beside: float | None = None) -> int:
    """Decimals to print ``value`` with: none for a whole count, else 1, or up to 3 to tell it from ``beside``."""
    if unit in COUNT_UNITS and float(value).is_integer() and (beside is None or float(beside).is_integer()):
        return 0
    decimals = 1
    if beside is not None and abs(value - beside) > slack(beside):
        while decimals < 3 and round(value, decimals) == round(beside, decimals):
            decimals += 1
    return decimals


def fmt(value: float, unit: str, *, beside: float | None = None, decimals: int | None = None) -> str:
    """``"123.4 ft"``; areas and plain numbers keep their unit word, whole counts print as integers.

    With ``beside`` (the limit it is compared with), enough decimals are shown
    for the two to differ when they do, so "8.0 ft exceeds 8.0 ft" never shows.
    """
    places = decimals_for(value, unit, beside) if decimals is None else decimals
    return f"{value:,.{places}f} {unit}".strip()


def fmt_pair(value: float, limit: float, unit: str) -> tuple[str, str]:
    """A value and its limit printed with the same decimals, enough to tell them apart when they differ."""
    places = decimals_for(value, unit, limit)
    return fmt(value, unit, decimals=places), fmt(limit, unit, decimals=places)


def at_most(cid: str, title: str, value: float | None, rule: Value, *, what: str, missing: str = "") -> CheckResult:
    """A check that ``value`` does not exceed ``rule.value`` (decided unrounded)."""
    if value is None:
        return CheckResult(cid, rule.section, title, NEEDS_DATA, None, rule.value, rule.unit, missing, sense=AT_MOST)
    ok = not_above(value, rule.value)
    relation = "within" if ok else "exceeds"
    shown, limit = fmt_pair(value, rule.value, rule.unit)
    message = f"{what} {shown} {relation} the {limit} limit"
    return CheckResult(cid, rule.section, title, PASS if ok else FAIL, value, rule.value, rule.unit, message, sense=AT_MOST)


def at_least(
    cid: str, title: str, value: float | None, limit: float, rule: Value, *, what: str, missing: str = ""
) -> CheckResult:
    """A check that ``value`` is at least ``limit`` (decided unrounded)."""
    if value is None:
        return CheckResult(cid, rule.section, title, NEEDS_DATA, None, limit, rule.unit, missing, sense=AT_LEAST)
    ok = not_below(value, limit)
    if math.isinf(value):
        message = f"{what}: none in the layer (the layer is empty)"
    else:
        relation = "meets" if ok else "is short of"
        shown, required = fmt_pair(value, limit, rule.unit)
        message = f"{what} {shown} {relation} the required {required}"
    return CheckResult(cid, rule.section, title, PASS if ok else FAIL, value, limit, rule.unit, message, sense=AT_LEAST)


def not_applicable(cid: str, title: str, rule: Value, why: str, *, sense: str = AT_MOST) -> CheckResult:
    """A standard that does not apply to this dock."""
    return CheckResult(cid, rule.section, title, NOT_APPLICABLE, None, rule.value, rule.unit, why, sense=sense)


def result(
    cid: str, section: str, title: str, status: str, message: str, *, value=None, limit=None, unit="", sense: str = QUALIFIES,
    parts: tuple[Part, ...] = (),
) -> CheckResult:
    """A check result built by keyword (for the checks that are not a plain comparison)."""
    return CheckResult(cid, section, title, status, value, limit, unit, message, sense=sense, parts=parts)


def attribute_at_most(cid: str, title: str, facts: Facts, key: str, rule: Value, *, what: str) -> CheckResult:
    """A ``[dock.attributes]`` number at most ``rule.value``; needs data when absent, not applicable when ``false``."""
    value = facts.attributes.get(key)
    if value is False:
        return not_applicable(cid, title, rule, f"the dock has none ({key} = false)")
    return at_most(cid, title, value, rule, what=what, missing=f"give [dock.attributes] {key} to decide this standard")
