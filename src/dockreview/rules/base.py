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

import numpy as np

PASS, FAIL, NEEDS_DATA, BOARD, WAIVED, NOT_APPLICABLE = (
    "pass",
    "fail",
    "needs-data",
    "board",
    "waived",
    "not-applicable",
)
#: A pass or a fail whose margin lies within the data's accuracy (ILAC-G8's conditional pass and fail): the
#: decision rule of :mod:`dockreview.rules.conditional` says what each counts as.
CONDITIONAL_PASS, CONDITIONAL_FAIL = "conditional-pass", "conditional-fail"
STATUSES = (PASS, CONDITIONAL_PASS, CONDITIONAL_FAIL, FAIL, NEEDS_DATA, BOARD, WAIVED, NOT_APPLICABLE)
#: The statuses of a check that passes, and of one that fails, on the data given.
PASSING, FAILING = (PASS, CONDITIONAL_PASS), (FAIL, CONDITIONAL_FAIL)
#: A check's sense: how its value stands to its limit. ``at-least`` and ``at-most`` are bounds (a margin
#: is their distance inside); ``equals`` a target held within a tolerance; ``qualifies`` a code or a yes/no
#: the value must be one of; ``judged`` left to the Board or an official.
AT_LEAST, AT_MOST, EQUALS, QUALIFIES, JUDGED = "at-least", "at-most", "equals", "qualifies", "judged"
SENSES = (AT_LEAST, AT_MOST, EQUALS, QUALIFIES, JUDGED)
#: How a limit reads after each sense ("at least 150 ft").
SENSE_WORDS = {AT_LEAST: "at least", AT_MOST: "at most", EQUALS: "equal to"}

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


def tier(value, edges):
    """The tier ``value`` falls in: how many of the increasing lower ``edges`` it reaches, each up to :func:`slack`.

    A value at an edge is in the tier the edge opens, whichever CRS drew it: a creek
    151 ft wide that measures 150.99996 ft is in the tier from 151 ft. NaN reaches
    no edge (tier 0); the caller knows it is unknown. Scalars or arrays.

    Examples
    --------
    >>> tier(np.array([9.0, 20.0, 150.99996, 151.0, 150.99, np.nan]), [20.0, 51.0, 151.0]).tolist()
    [0, 1, 3, 3, 2, 0]
    """
    edges = np.asarray(edges, dtype=float)
    return np.sum(not_below(np.asarray(value, dtype=float)[..., None], edges), axis=-1)


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
    water : str or None
        The kind of water the lot fronts (``[site] water``: "canal", "lake"); None when not said.
    """

    layers: frozenset[str] = frozenset()
    empty_layers: frozenset[str] = frozenset()
    attributes: Mapping[str, Any] = field(default_factory=dict)
    draft_ft: float | None = None
    float_draft_ft: float | None = None
    use: str | None = None
    season: tuple[str, str] | None = None
    parcel_class: str | None = None
    water: str | None = None


@dataclass(frozen=True)
class Part:
    """One side of a check decided on the worse of several values (the left and right setbacks)."""

    name: str
    value: float | None
    limit: float | None
    status: str


@dataclass(frozen=True)
class Within:
    """Why a check's margin lies within the data's accuracy, and the survey that would settle it.

    Attributes
    ----------
    dominant : str or None
        The input whose accuracy moves the margin most (a layer's role: ``"parcels"``, ``"mhw"``, ``"soundings"``);
        None when an input's accuracy is unassessed.
    inputs : tuple of str
        Each input's part of the uncertainty, in words.
    survey : tuple of str
        The inputs a survey must cover to settle the check (the dominant one when it alone can).
    survey_ft : float or None
        The accuracy (95 %) that survey must reach, in ft (vertical ft for depths); None when no accuracy settles it
        (the value lies at its limit, or an input is unassessed).
    unassessed : bool
        True when an input the check reads has no assessed accuracy (a chart's zone U).
    """

    dominant: str | None
    inputs: tuple[str, ...] = ()
    survey: tuple[str, ...] = ()
    survey_ft: float | None = None
    unassessed: bool = False


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
    law: str = ""  # the law's words the check applies (its own text, else those of the numbers it cites)
    #: The margin's uncertainty at 95 % from the layers' accuracy, in the check's unit (0 for a check of the
    #: proposal alone); None for a check with no margin, or when an input's accuracy is unassessed.
    uncertainty: float | None = None
    #: Why the margin lies within the data's accuracy (a conditional status, or a waived conditional failure).
    within: Within | None = None

    @property
    def decided(self) -> bool:
        """Whether the check compared its value with its limit (pass, fail, conditionally or not, or a waived failure)."""
        return self.status in (*PASSING, *FAILING, WAIVED)

    @property
    def passes(self) -> bool:
        """Whether the check passes on the data given (pass or conditional pass)."""
        return self.status in PASSING

    @property
    def fails(self) -> bool:
        """Whether the check fails on the data given (fail or conditional fail; a waived failure does not)."""
        return self.status in FAILING

    @property
    def conditional(self) -> bool:
        """Whether the check's margin lies within the data's accuracy (conditional pass or fail)."""
        return self.status in (CONDITIONAL_PASS, CONDITIONAL_FAIL)

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


#: Counted things, by the unit a profile or a kind gives a count in: (singular, plural). "1 slip", "2 slips".
COUNT_WORDS: dict[str, tuple[str, str]] = {
    "slips": ("slip", "slips"),
    "boats": ("boat", "boats"),
    "lifts": ("lift", "lifts"),
    "docks": ("dock", "docks"),
    "floats": ("float", "floats"),
    "rails": ("rail", "rails"),
    "piles": ("pile", "piles"),
    "berths": ("berth", "berths"),
    "checks": ("check", "checks"),
    "other docks": ("other dock", "other docks"),
    "boat lifts": ("boat lift", "boat lifts"),
    "PWC lifts": ("PWC lift", "PWC lifts"),
}
_BY_SINGULAR = {one: (one, many) for one, many in COUNT_WORDS.values()}
#: Units of counted things: a whole number of them prints with no decimals ("2 rails", "1,300 lb").
COUNT_UNITS = ("lb", *COUNT_WORDS, *_BY_SINGULAR)


def unit_word(unit: str, n: float) -> str:
    """``unit`` as it reads after the number ``n``: a counted thing in the singular for one, else as given.

    Examples
    --------
    >>> unit_word("slips", 1), unit_word("slips", 2), unit_word("slip", 3), unit_word("ft", 1)
    ('slip', 'slips', 'slips', 'ft')
    """
    words = COUNT_WORDS.get(unit) or _BY_SINGULAR.get(unit)
    if words is None:
        return unit
    return words[0] if abs(n) == 1 else words[1]


def decimals_for(value: float, unit: str, beside: float | None = None) -> int:
    """Decimals to print ``value`` with: none for a whole count, else 1, or up to 3 to tell it from ``beside``.

    A value at ``beside`` (within :func:`slack`) takes no more decimals: "8.0 ft" at the 8.0 ft limit.
    """
    if unit in COUNT_UNITS and float(value).is_integer() and (beside is None or float(beside).is_integer()):
        return 0
    decimals = 1
    if beside is not None and math.isfinite(beside) and abs(value - beside) > slack(beside):
        while decimals < 3 and round(value, decimals) == round(beside, decimals):
            decimals += 1
    return decimals


def quantity(
    value: float, unit: str = "", *, beside: float | None = None, decimals: int | None = None, signed: bool = False,
    infinite: str = "unbounded",
) -> str:
    """A number with its unit: the one formatter of every quantity and count the package prints.

    A whole count prints as an integer with its unit in the singular for one
    (``"1 slip"``, ``"2 slips"``, ``"0 docks"``, ``"1,300 lb"``); any other value
    to 0.1, with more decimals (up to 3) when it would otherwise print as ``beside``,
    the limit it is compared with, and differs from it by more than :func:`slack`.
    ``signed`` puts a + before a positive value (a margin); zero has no sign.
    An infinite value prints as ``infinite``, NaN as "unknown": never "inf" or "nan".

    Examples
    --------
    >>> quantity(1, "slips"), quantity(2, "slips"), quantity(1, "lifts"), quantity(0, "docks")
    ('1 slip', '2 slips', '1 lift', '0 docks')
    >>> quantity(1300, "lb"), quantity(1.5, "ft"), quantity(123.45, "sq ft"), quantity(2, "slip")
    ('1,300 lb', '1.5 ft', '123.5 sq ft', '2 slips')
    >>> quantity(79.95, "ft", beside=80.0), quantity(8.000016, "ft", beside=8.0), quantity(-0.00001, "ft")
    ('79.95 ft', '8.0 ft', '0.0 ft')
    >>> quantity(6.0, "ft", signed=True), quantity(float("inf"), "ft"), quantity(float("nan"), "ft")
    ('+6.0 ft', 'unbounded', 'unknown')
    """
    value = float(value)
    if math.isnan(value):
        return "unknown"
    if math.isinf(value):
        return infinite
    places = decimals_for(value, unit, beside) if decimals is None else decimals
    text = f"{value:{'+' if signed else ''},.{places}f}"
    if float(text.replace(",", "")) == 0:
        text = text.lstrip("-+")  # no "-0.0", and a margin of nothing has no side
    word = unit_word(unit, value)
    return f"{text} {word}" if word else text


def fmt(value: float, unit: str, *, beside: float | None = None, decimals: int | None = None) -> str:
    """``"123.4 ft"``, ``"1 slip"``: :func:`quantity` (areas and plain numbers keep their unit word).

    With ``beside`` (the limit it is compared with), enough decimals are shown
    for the two to differ when they do, so "8.0 ft exceeds 8.0 ft" never shows.
    """
    return quantity(value, unit, beside=beside, decimals=decimals)


def fmt_pair(value: float, limit: float, unit: str) -> tuple[str, str]:
    """A value and its limit printed with the same decimals, enough to tell them apart when they differ.

    Examples
    --------
    >>> fmt_pair(1.0, 3.0, "slips"), fmt_pair(8.01, 8.0, "ft")
    (('1 slip', '3 slips'), ('8.01 ft', '8.00 ft'))
    """
    places = decimals_for(value, unit, limit)
    return quantity(value, unit, decimals=places), quantity(limit, unit, decimals=places)


def officials_words(names, default: str = "the officials") -> str:
    """Who decides, in words: each official or body named with "the", joined by "and" (``default`` for none).

    Examples
    --------
    >>> officials_words(["Board of Trustees"]), officials_words(["The DNR", "Village Engineer"]), officials_words([])
    ('the Board of Trustees', 'The DNR and the Village Engineer', 'the officials')
    """
    named = [n if n.lower().startswith("the ") else f"the {n}" for n in names]
    return " and ".join(named) or default
