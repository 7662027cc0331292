"""Boat lifts and personal watercraft lifts (Kings Point Boat lifts A-E and the definitions; South Carolina R.30-12).

A personal watercraft lift able to lift more than ``pwc_capacity`` (1,300 lb) is,
by the definitions, a boat lift, and is counted as one. ``waterway-lift-count``
limits the lifts on waterways of some widths only (South Carolina: "no boat lifts"
on creeks 10 to 20 ft wide).
"""

from __future__ import annotations

from dockreview.rules.base import (
    AT_MOST,
    BOARD,
    FAIL,
    JUDGED,
    NEEDS_DATA,
    PASS,
    QUALIFIES,
    CheckResult,
    Facts,
    not_above,
    quantity,
)
from dockreview.rules.kind import Bound, Param, RuleKind, register
from dockreview.rules.kinds.tiers import AcrossOrSquareToShore, WidthTier
from dockreview.rules.kinds.waterway import WaterwayKind


def _heavy_pwc(m, facts: Facts, capacity: float) -> bool | None:
    """True when the PWC lifts exceed the PWC capacity (so count as boat lifts); None when unknown."""
    if m["pwc_lift_count"] == 0:
        return False
    given = facts.attributes.get("pwc_lift_capacity_lb")
    return None if given is None else not not_above(given, capacity)


def _boat_lifts(m, facts: Facts, capacity: float) -> int | None:
    heavy = _heavy_pwc(m, facts, capacity)
    return None if heavy is None else m["boat_lift_count"] + (m["pwc_lift_count"] if heavy else 0)


def _no_lift(m) -> str | None:
    return "the dock has no lift" if m["boat_lift_count"] + m["pwc_lift_count"] == 0 else None


@register
class LiftCount(Bound):
    """At most ``limit`` boat lifts, a PWC lift over ``pwc_capacity`` counted as one."""

    name = "lift-count"
    sense = AT_MOST
    unit = "lifts"
    what = "boat lifts"
    reads = ("boat_lift_count", "pwc_lift_count")
    params = (Param("limit"), Param("pwc_capacity", doc="lb"))

    def evaluate(self, m, facts: Facts) -> CheckResult:
        if _no_lift(m):
            return self.not_applicable(_no_lift(m), limit=self.p.limit)
        count = _boat_lifts(m, facts, self.p.pwc_capacity)
        if count is None and not_above(m["boat_lift_count"], self.p.limit):
            missing = "give [dock.attributes] pwc_lift_capacity_lb: a PWC lift over the capacity counts as a boat lift"
            return self.result(NEEDS_DATA, missing, limit=self.p.limit, needs=("[dock.attributes] pwc_lift_capacity_lb",))
        value = float(count if count is not None else m["boat_lift_count"])
        return super().evaluate({**dict(m), "_count": value}, facts)

    def value(self, figures):
        return figures.get("_count")


@register
class PwcLiftCount(Bound):
    """At most ``limit`` personal watercraft lifts (those over ``pwc_capacity`` are boat lifts)."""

    name = "pwc-lift-count"
    sense = AT_MOST
    unit = "lifts"
    what = "personal watercraft lifts"
    reads = ("pwc_lift_count",)
    params = (Param("limit"), Param("pwc_capacity", doc="lb"))

    def inapplicable(self, m, facts: Facts) -> str | None:
        return "the dock has no personal watercraft lift" if m["pwc_lift_count"] == 0 else None

    def value(self, figures):
        return figures.get("_count")

    def evaluate(self, m, facts: Facts) -> CheckResult:
        heavy = _heavy_pwc(m, facts, self.p.pwc_capacity)
        return super().evaluate({**dict(m), "_count": float(0 if heavy else m["pwc_lift_count"])}, facts)


@register
class LiftedBoat(Bound):
    """A boat on the lift at most ``limit`` (its length, weight, or height above the deck), when the dock has a boat lift."""

    name = "lifted-boat"
    sense = AT_MOST
    params = (Param("key", "text"), Param("limit"), Param("unit", "text", ""), Param("what", "text", ""), Param("pwc_capacity"))

    @property
    def unit(self) -> str:  # type: ignore[override]
        return self.p.unit

    @property
    def what(self) -> str:  # type: ignore[override]
        return self.p.what

    def inapplicable(self, m, facts: Facts) -> str | None:
        return "the dock has no boat lift" if _boat_lifts(m, facts, self.p.pwc_capacity) == 0 else None

    def attribute_limit(self, key: str) -> float | None:
        return self.p.limit if key == self.p.key else None

    def value(self, figures):
        return figures.get(self.p.key)

    def missing(self, m, facts: Facts) -> str | None:
        return f"give [dock.attributes] {self.p.key}"

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        return (f"[dock.attributes] {self.p.key}",)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        return super().evaluate({**dict(m), **facts.attributes}, facts)


@register
class LiftOrientation(Bound):
    """Each boat lift's long axis within ``limit`` degrees of the normal to the shore at the dock's root; a PWC lift
    over ``pwc_capacity`` is a boat lift and is held to it too (Kings Point, Definitions: a personal watercraft
    lift is one "not capable of lifting more than 1,300 pounds")."""

    name = "lift-orientation"
    sense = AT_MOST
    unit = "deg"
    measure = "lift_angle_deg"
    what = "lift axis off the shore normal by"
    reads = ("lift_angle_deg", "pwc_lift_angle_deg", "pwc_lift_count")
    geometric = True
    params = (Param("limit"), Param("pwc_capacity", default=None, doc="lb; a PWC lift over it is a boat lift (none: never)"))

    def limit_words(self, check, fmt) -> str:
        return "" if check.limit is None else f"hull within {fmt(check.limit, check.unit)} of square to the shore"

    def _angles(self, m, facts: Facts) -> list[float] | None:
        """The angles of the lifts held to the limit; None when whether a PWC lift is one is unknown."""
        counted = self.p.pwc_capacity is not None and m.get("pwc_lift_angle_deg") is not None
        heavy = _heavy_pwc(m, facts, self.p.pwc_capacity) if counted else False
        if heavy is None:
            return None
        angles = [m["lift_angle_deg"], m.get("pwc_lift_angle_deg") if heavy else None]
        return [a for a in angles if a is not None]

    def inapplicable(self, m, facts: Facts) -> str | None:
        return "the dock has no boat lift" if self._angles(m, facts) == [] else None

    def value(self, figures):
        """The angle held to the limit: for one dock the worst of its boat lifts (a heavy PWC lift among them); over
        many (an audit's arrays) the boat lifts' own."""
        return figures["_angle"] if "_angle" in figures else figures["lift_angle_deg"]

    def evaluate(self, m, facts: Facts) -> CheckResult:
        angles = self._angles(m, facts)
        if angles is None:
            return self.result(NEEDS_DATA, "give [dock.attributes] pwc_lift_capacity_lb (is the PWC lift a boat lift?)",
                               limit=self.p.limit, needs=("[dock.attributes] pwc_lift_capacity_lb",))
        return super().evaluate({**dict(m), "_angle": max(angles) if angles else None}, facts)


@register
class LiftSeason(RuleKind):
    """Lifts used only between the first and last days of ``season`` (MM-DD)."""

    name = "lift-season"
    sense = QUALIFIES
    params = (Param("season", "codes"),)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        first, last = self.p.season
        if _no_lift(m):
            return self.not_applicable(_no_lift(m))
        if facts.season is None:
            return self.result(NEEDS_DATA, 'give [dock] season = [first, last] days of lift use, "MM-DD"', needs=("[dock] season",))
        start, end = facts.season
        ok = first <= start <= end <= last
        return self.result(PASS if ok else FAIL, f"lift used {start} to {end}; permitted {first} to {last} (MM-DD)")


@register
class LiftApproval(RuleKind):
    """No boat lift or personal watercraft lift without the approval of ``official``."""

    name = "lift-approval"
    sense = JUDGED
    params = (Param("official", "text", "board"),)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        if _no_lift(m):
            return self.not_applicable(_no_lift(m))
        message = (
            f"{quantity(m['boat_lift_count'], 'boat lifts')}, {quantity(m['pwc_lift_count'], 'PWC lifts')}: to be approved by the "
            f"{self.official(self.p.official)}"
        )
        return self.result(BOARD, message)


@register
class WaterwayLiftCount(WidthTier, AcrossOrSquareToShore, WaterwayKind):
    """At most ``limit`` lifts, boat and personal watercraft lifts alike, on waterways of the tier's widths.

    South Carolina R.30-12(A)(2), as the pathfinder reads it: on creeks at least 10
    and under 20 ft wide "50 square feet limit and no boat lifts" (``limit = 0``,
    ``width_from_ft = 10``, ``width_below_ft = 20``). The width is the waterway kinds'
    (``width_method``, ``reference``); not applicable on other widths.

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset("sc-ocrm").rule("no-lifts-narrow")
    >>> rule.p.limit, rule.tier_words()
    (0.0, 'under 20.0 ft')
    """

    name = "waterway-lift-count"
    sense = AT_MOST
    unit = "lifts"
    protrudes = False
    params = (
        Param("limit", default=0.0, doc="the most lifts, boat and PWC lifts together"), *WaterwayKind.common,
        *AcrossOrSquareToShore.fallback_params, *WidthTier.tier_params,
    )

    @property
    def reads(self) -> tuple[str, ...]:  # type: ignore[override]
        return (*self.width_fields, *self.shore_fields, "boat_lift_count", "pwc_lift_count")

    def evaluate(self, m, facts: Facts) -> CheckResult:
        off = self.off_tier(m)
        if off is not None:
            return off
        count = float(m["boat_lift_count"] + m["pwc_lift_count"])
        ok = bool(not_above(count, self.p.limit))
        message = (
            f"{quantity(count, 'lifts')} ({quantity(m['boat_lift_count'], 'boat lifts')}, {quantity(m['pwc_lift_count'], 'PWC lifts')}); "
            f"{'within' if ok else 'over'} the {quantity(self.p.limit, 'lifts')} allowed on waterways {self.tier_words()} wide "
            f"({self._basis(m)})"
        )
        return self.result(PASS if ok else FAIL, message, value=count, limit=self.p.limit)
