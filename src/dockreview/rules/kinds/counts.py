"""Counts by frontage: slips, boats or docks allowed per foot of shore (Wisconsin Stats. §30.12(1g)(f)).

``count-per-frontage``: the ``[dock.attributes]`` count ``key`` (``slips``,
``boats``) at most ``first`` for the first ``first_ft`` of frontage plus ``per`` for
each further *full* ``per_ft`` (Wisconsin: 2 slips for the first 50 ft, 1 for each
additional full 50 ft); ``docks-per-frontage``: the same for the lot's docks, counted
from the docks layer (Wrightsville Beach, NC (A)(5)). A frontage a hair under a whole step by the survey foot's
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


@register
class DocksPerFrontage(CountPerFrontage):
    """The lot's docks -- the existing docks standing on its frontage (the docks layer) and the proposed one -- at most
    ``first`` + ``per`` × the number of full ``per_ft`` of frontage beyond ``first_ft``.

    The existing docks are those :class:`~dockreview.rules.kinds.lot.OneDock` counts (``frontage_docks``: rooted
    on the lot's shore or standing in its water; those the proposal replaces left out). Wrightsville Beach, NC
    (A)(5): one pier on a lot of 100 ft or less, one more for each additional 50 ft.

    Examples
    --------
    >>> from dockreview.profile import parse_profile
    >>> from dockreview.rules import ruleset
    >>> law = {"checks": {"piers": {"kind": "docks-per-frontage", "section": "(A)(5)", "first": 1, "first_ft": 100,
    ...                             "per": 1, "per_ft": 50}}}
    >>> rule = ruleset(parse_profile(law, "t")).rule("piers")
    >>> rule.requirement({"frontage_ft": np.array([100.0, 149.0, 150.0, 200.0])}).tolist()
    [1.0, 1.0, 2.0, 3.0]
    >>> rule.value({"frontage_docks": ("D-1",)}), rule.value({"frontage_docks": None}) is None
    (2.0, True)
    """

    name = "docks-per-frontage"
    unit = "docks"
    what = "docks on the lot's frontage"
    reads = ("frontage_ft", "frontage_docks")
    needs = ("docks",)
    params = tuple(p for p in CountPerFrontage.params if p.name in ("first", "first_ft", "per", "per_ft"))

    def value(self, figures):
        docks = figures.get("frontage_docks")
        return None if docks is None else float(len(docks) + 1)

    def evaluate(self, m, facts: Facts):
        return Bound.evaluate(self, m, facts)

    def missing(self, m, facts: Facts) -> str | None:
        return "no docks layer given: add layers.docks (the existing docks) to count the lot's docks"

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        return ("layers.docks",)

    def message(self, m, facts, value, limit, ok) -> str:
        docks = m["frontage_docks"]
        standing = f"the proposed dock and {', '.join(docks)}" if docks else "the proposed dock alone"
        return f"{standing}: {super().message(m, facts, value, limit, ok)}"
