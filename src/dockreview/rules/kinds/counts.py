"""Counts by frontage: slips, boats or docks allowed per foot of shore (Wisconsin Stats. §30.12(1g)(f)).

``count-per-frontage``: the ``[dock.attributes]`` count ``key`` (``slips``,
``boats``) at most ``first`` for the first ``first_ft`` of frontage plus ``per`` for
each further *full* ``per_ft`` (Wisconsin: 2 slips for the first 50 ft, 1 for each
additional full 50 ft). A frontage a hair under a whole step by the survey foot's
2 ppm counts as the whole step (:func:`dockreview.rules.base.slack`).
"""

from __future__ import annotations

import numpy as np

from dockreview.rules.base import AT_MOST, Facts, fmt, slack
from dockreview.rules.kind import Bound, Param, register
from dockreview.rules.kinds.waterway import scalar


@register
class CountPerFrontage(Bound):
    """The count ``key`` at most ``first`` + ``per`` × the number of full ``per_ft`` of frontage beyond ``first_ft``.

    Used by Wisconsin Stats. §30.12(1g)(f) for an exempt pier's boat slips.

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset("wisconsin-nr326").rule("boat-slips")
    >>> rule.requirement({"frontage_ft": np.array([49.0, 50.0, 99.9999, 100.0, 149.0, 150.0])}).tolist()
    [2.0, 2.0, 3.0, 3.0, 3.0, 4.0]
    """

    name = "count-per-frontage"
    sense = AT_MOST
    reads = ("frontage_ft",)
    params = (
        Param("key", "text", doc="the [dock.attributes] count (slips, boats)"),
        Param("first", doc="allowed for the first first_ft of frontage"),
        Param("first_ft", doc="ft"),
        Param("per", doc="allowed for each further full per_ft"),
        Param("per_ft", doc="ft", positive=True),
        Param("unit", "text", "slips"),
        Param("what", "text", ""),
    )

    @property
    def unit(self) -> str:  # type: ignore[override]
        return self.p.unit

    @property
    def what(self) -> str:  # type: ignore[override]
        return self.p.what or self.p.key

    def requirement(self, figures):
        frontage = np.asarray(figures["frontage_ft"], dtype=float)
        beyond = np.maximum(frontage + slack(frontage) - self.p.first_ft, 0.0)
        return scalar(self.p.first + self.p.per * np.floor(beyond / self.p.per_ft))

    def value(self, figures):
        count = figures.get(self.p.key)
        return None if count is None or count is False else float(count)

    def evaluate(self, m, facts: Facts):
        return super().evaluate({**facts.attributes, "frontage_ft": m["frontage_ft"]}, facts)

    def missing(self, m, facts: Facts) -> str | None:
        return f"give [dock.attributes] {self.p.key} (the number of {self.p.unit} the dock provides)"

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        return (f"[dock.attributes] {self.p.key}",)

    def message(self, m, facts, value, limit, ok) -> str:
        steps = int(round((limit - self.p.first) / self.p.per)) if self.p.per else 0
        basis = (
            f"{fmt(self.p.first, self.unit)} for the first {fmt(self.p.first_ft, 'ft')} and {fmt(self.p.per, self.unit)} "
            f"for each further full {fmt(self.p.per_ft, 'ft')}: {steps} on the {fmt(m['frontage_ft'], 'ft')} frontage"
        )
        return f"{fmt(value, self.unit)} {'within' if ok else 'exceeds'} the {fmt(limit, self.unit)} allowed ({basis})"
