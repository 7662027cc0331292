"""What a check returns, its statuses and senses, the precision of a limit, and how numbers are printed.

A check (:class:`dockreview.rules.kind.RuleKind`) is decided from the
measurements, the facts about the data given, and its profile's numbers. It
never reads a file or computes geometry. Failing the ordinance is a result.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

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


def slack(limit):
    """How far a value may lie past ``limit`` and still be at it: the precision of the limit's unit (elementwise)."""
    return PRECISION + RELATIVE_PRECISION * abs(limit)


def not_above(value, limit):
    """``value <= limit`` up to :func:`slack` (scalars or arrays).

    Examples
    --------
    >>> not_above(8.000016, 8.0), not_above(8.01, 8.0)
    (True, False)
    """
    return value <= limit + slack(limit)


def not_below(value, limit):
    """``value >= limit`` up to :func:`slack` (scalars or arrays)."""
    return value >= limit - slack(limit)


def within(value, limit, sense: str):
    """Whether ``value`` keeps ``limit`` in the bound ``sense`` (at-least or at-most), up to :func:`slack`."""
    return not_below(value, limit) if sense == AT_LEAST else not_above(value, limit)


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
    the values it was decided on when more than one (each with its own status),
    ``needs`` what to supply when it needs data (``"layers.soundings"``,
    ``"[dock.attributes] railing_height_in"``).
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
    needs: tuple[str, ...] = ()

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
COUNT_UNITS = ("lb", "lifts", "rails", "docks", "floats", "slips", "boats")


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
