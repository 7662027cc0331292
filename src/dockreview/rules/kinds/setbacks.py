"""Side setbacks: the dock kept off each side line or its seaward extension (Kings Point Docks C)."""

from __future__ import annotations

import numpy as np

from dockreview.rules.base import (
    AT_LEAST,
    FAIL,
    NEEDS_DATA,
    PASS,
    CheckResult,
    Facts,
    Part,
    decimals_for,
    fmt,
    not_below,
)
from dockreview.rules.kind import Bound, Param, register


@register
class SideSetback(Bound):
    """Setback from each side line or its extension: the greater of ``fraction_of_frontage`` × frontage and ``min_ft``.

    A town with a fixed setback gives ``min_ft`` alone (Levy County, FL §50-687(1)i:
    25 ft; Austin, TX §25-2-1176(A)(3): 10 ft); Kings Point gives both (Docks C: 40 %
    of the frontage or 60 ft, whichever is greater). The smaller of the left and
    right setbacks decides; each side is a :class:`~dockreview.rules.base.Part` with
    its own status. A negative setback means part of the dock lies beyond that
    line. ``with_vessel = true`` measures the setbacks of the dock with its moored
    vessel (``[vessel] length_ft``, ``beam_ft``, ``moored_at``; Collier County, FL;
    Canandaigua Lake, NY: "boats included").

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset().rule("side-setback")
    >>> float(rule.requirement({"frontage_ft": 200.0})), float(rule.requirement({"frontage_ft": 100.0}))
    (80.0, 60.0)
    >>> rule.requirement({"frontage_ft": np.array([100.0, 300.0])}).tolist()
    [60.0, 120.0]
    >>> levy = ruleset("levy-county-fl").rule("side-setback")
    >>> float(levy.requirement({"frontage_ft": 80.0})), levy.statuses({"setback_ft": np.array([24.9, 25.0]), "frontage_ft": 80.0}).tolist()
    (25.0, ['fail', 'pass'])
    """

    name = "side-setback"
    sense = AT_LEAST
    unit = "ft"
    what = "setback"
    geometric = True
    between_layers = True
    params = (
        Param("fraction_of_frontage", default=0.0, doc="share of the frontage"),
        Param("min_ft", default=0.0, doc="the least setback, ft"),
        Param("with_vessel", "flag", False, doc="measure the dock with its moored vessel ([vessel])"),
    )

    def dimensions(self) -> tuple[str, ...]:
        return ("setback_left", "setback_right")

    def side_setback(self, figures):
        return self.requirement(figures)

    @property
    def _prefix(self) -> str:
        return "vessel_" if self.p.with_vessel else ""

    @property
    def measure(self) -> str:  # type: ignore[override]
        return f"{self._prefix}setback_ft"

    @property
    def reads(self) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(f"{self._prefix}setback_{s}ft" for s in ("left_", "right_", "")) + ("frontage_ft",)

    @property
    def needs(self) -> tuple[str, ...]:  # type: ignore[override]
        return ("vessel",) if self.p.with_vessel else ()

    def requirement_text(self) -> str:
        """The requirement in words, as a report states it.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> ruleset().rule("side-setback").requirement_text()
        'the greater of 40 % of the frontage and 60 ft'
        >>> ruleset("levy-county-fl").rule("side-setback").requirement_text()
        '25 ft'
        """
        fraction, least = self.p.fraction_of_frontage, self.p.min_ft
        share = f"{fraction * 100:g} % of the frontage"
        if fraction and least:
            return f"the greater of {share} and {least:g} ft"
        return share if fraction else f"{least:g} ft"

    def requirement(self, figures):
        required = np.maximum(self.p.fraction_of_frontage * np.asarray(figures["frontage_ft"], dtype=float), self.p.min_ft)
        return float(required) if np.ndim(required) == 0 else required

    def evaluate(self, m, facts: Facts) -> CheckResult:
        required = self.requirement(m)
        left, right, worst = (m[k] for k in self.reads[:3])
        if worst is None:
            why = m.why_missing(self.measure) if hasattr(m, "why_missing") else ""
            need = (m.input_missing(self.measure) if hasattr(m, "input_missing") else None) or "[vessel] length_ft, beam_ft"
            return self.result(NEEDS_DATA, why or "give [vessel] length_ft and beam_ft", limit=required, needs=(need,))
        ok = bool(not_below(worst, required))
        worse = "left" if left <= right else "right"
        fraction = self.p.fraction_of_frontage
        basis = (
            f"{fraction:.0%} of {fmt(m['frontage_ft'], 'ft')} frontage"
            if fraction and fraction * m["frontage_ft"] >= self.p.min_ft
            else f"the {fmt(self.p.min_ft, 'ft')} minimum"
        )
        places = max(decimals_for(v, "ft", required) for v in (left, right))
        boat = " with the moored vessel" if self.p.with_vessel else ""
        message = (
            f"left {fmt(left, 'ft', decimals=places)}, right {fmt(right, 'ft', decimals=places)}{boat}; "
            f"required {fmt(required, 'ft', decimals=places)} ({basis})"
        )
        if worst < 0:
            message += f"; the dock{boat} crosses the {worse} side line or its extension"
        elif not ok:
            message += f"; the {worse} side is short by {fmt(required - worst, 'ft')}"
        parts = tuple(
            Part(side, value, required, PASS if not_below(value, required) else FAIL)
            for side, value in (("left", left), ("right", right))
        )
        return self.result(PASS if ok else FAIL, message, value=worst, limit=required, parts=parts)
