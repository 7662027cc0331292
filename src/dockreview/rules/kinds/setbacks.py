"""Side setbacks: the dock kept off each side line or its seaward extension (Kings Point Docks C)."""

from __future__ import annotations

import numpy as np

from dockreview.rules.base import AT_LEAST, FAIL, PASS, CheckResult, Facts, Part, decimals_for, fmt, not_below
from dockreview.rules.kind import Bound, Param, register


@register
class SideSetback(Bound):
    """Setback from each side line or its extension: the greater of ``fraction_of_frontage`` × frontage and ``min_ft``.

    A town with a fixed setback gives ``min_ft`` alone (Levy County, FL: 25 ft);
    Kings Point gives both (Docks C: 40 % of the frontage or 60 ft, whichever is
    greater). The smaller of the left and right setbacks decides; each side is a
    :class:`~dockreview.rules.base.Part` with its own status. A negative setback
    means part of the dock lies beyond that line.

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset().rule("side-setback")
    >>> float(rule.requirement({"frontage_ft": 200.0})), float(rule.requirement({"frontage_ft": 100.0}))
    (80.0, 60.0)
    >>> rule.requirement({"frontage_ft": np.array([100.0, 300.0])}).tolist()
    [60.0, 120.0]
    """

    name = "side-setback"
    sense = AT_LEAST
    unit = "ft"
    measure = "setback_ft"
    what = "setback"
    reads = ("setback_left_ft", "setback_right_ft", "setback_ft", "frontage_ft")
    geometric = True
    between_layers = True
    params = (
        Param("fraction_of_frontage", default=0.0, doc="share of the frontage"),
        Param("min_ft", default=0.0, doc="the least setback, ft"),
    )

    def requirement(self, figures):
        required = np.maximum(self.p.fraction_of_frontage * np.asarray(figures["frontage_ft"], dtype=float), self.p.min_ft)
        return float(required) if np.ndim(required) == 0 else required

    def evaluate(self, m, facts: Facts) -> CheckResult:
        required = self.requirement(m)
        left, right = m["setback_left_ft"], m["setback_right_ft"]
        ok = bool(not_below(m["setback_ft"], required))
        worse = "left" if left <= right else "right"
        fraction = self.p.fraction_of_frontage
        basis = (
            f"{fraction:.0%} of {fmt(m['frontage_ft'], 'ft')} frontage"
            if fraction and fraction * m["frontage_ft"] >= self.p.min_ft
            else f"the {fmt(self.p.min_ft, 'ft')} minimum"
        )
        places = max(decimals_for(v, "ft", required) for v in (left, right))
        message = (
            f"left {fmt(left, 'ft', decimals=places)}, right {fmt(right, 'ft', decimals=places)}; "
            f"required {fmt(required, 'ft', decimals=places)} ({basis})"
        )
        if m["setback_ft"] < 0:
            message += f"; the dock crosses the {worse} side line or its extension"
        elif not ok:
            message += f"; the {worse} side is short by {fmt(required - m['setback_ft'], 'ft')}"
        parts = tuple(
            Part(side, value, required, PASS if not_below(value, required) else FAIL)
            for side, value in (("left", left), ("right", right))
        )
        return self.result(PASS if ok else FAIL, message, value=m["setback_ft"], limit=required, parts=parts)
