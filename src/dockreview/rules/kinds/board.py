"""What only people decide: the Board's judgments (Kings Point Docks E, F(1)-(5), G, H; Boat lifts B).

These checks never pass or fail: their status is board (or not-applicable), and
their message gives the facts the tool can supply to the people who decide. The
measured evidence for them is :mod:`dockreview.evidence`.
"""

from __future__ import annotations

import math

from dockreview.rules.base import BOARD, JUDGED, CheckResult, Facts, fmt
from dockreview.rules.kind import Param, RuleKind, register

#: When a Board item applies: always, or only to a dock with the thing named.
WHEN = ("always", "boat-lift", "landing", "lighting")


def _ft(value: float | None) -> str:
    if value is None:
        return "unknown (layer not given)"
    return "none in the layer" if math.isinf(value) else fmt(value, "ft")


@register
class BoardNavigation(RuleKind):
    """Navigation, the adjoining owners, the foreshore and the environment, in the Board's judgment (Docks H).

    The message states the clearances, the reach (and the reach the depth allows) and the setbacks.
    """

    name = "board-navigation"
    sense = JUDGED
    reads = ("channel_clearance_ft", "dock_clearance_ft", "overall_reach_ft", "max_allowed_reach_ft", "setback_left_ft", "setback_right_ft")
    params = (Param("official", "text", "board"),)

    def decided_by(self) -> str:
        return self.official(self.p.official)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        allowed = "unknown" if m["max_allowed_reach_ft"] is None else fmt(m["max_allowed_reach_ft"], "ft")
        message = (
            f"{self.official(self.p.official)} to judge: terminus to channels {_ft(m['channel_clearance_ft'])}, "
            f"to other docks {_ft(m['dock_clearance_ft'])}; reach {fmt(m['overall_reach_ft'], 'ft')} (allowed by depth {allowed}); "
            f"setbacks {fmt(m['setback_left_ft'], 'ft')} / {fmt(m['setback_right_ft'], 'ft')}"
        )
        return self.result(BOARD, message)


@register
class Board(RuleKind):
    """A matter the law leaves to ``official``: "``official`` to ``judge``", when it applies (``when``).

    ``when`` is ``always`` or the thing the dock must have for the matter to
    arise (``boat-lift``, ``landing``, ``lighting``); ``vegetation_note`` adds the
    float area over vegetation to the message (pile driving's harm to it).
    """

    name = "board"
    sense = JUDGED
    params = (
        Param("judge", "text", doc="what the official judges, after 'to'"), Param("when", "text", "always"),
        Param("official", "text", "board"), Param("vegetation_note", "flag", False),
    )

    def __init__(self, spec, profile) -> None:
        super().__init__(spec, profile)
        if self.p.when not in WHEN:
            from dockreview.errors import ProfileError

            raise ProfileError(f"profile {profile.source}: [checks.{self.id}] when must be one of {', '.join(WHEN)}")

    def decided_by(self) -> str:
        return self.official(self.p.official)

    def _absent(self, m, facts: Facts) -> str | None:
        when = self.p.when
        if when == "boat-lift" and m["boat_lift_count"] == 0:
            return "the dock has no boat lift"
        if when == "landing" and m["landing_length_ft"] is None and "landing_length_ft" not in facts.attributes:
            return "the dock has no landing"
        if when == "lighting" and facts.attributes.get("lighting_height_in") is False:
            return "the dock has no lighting (lighting_height_in = false)"
        return None

    def evaluate(self, m, facts: Facts) -> CheckResult:
        absent = self._absent(m, facts)
        if absent:
            return self.not_applicable(absent)
        message = f"{self.official(self.p.official)} to {self.p.judge}"
        if self.p.vegetation_note:
            over = m["float_on_vegetation_sqft"]
            message += f"; float area over vegetation {'unknown (no vegetation layer)' if over is None else fmt(over, 'sq ft')}"
        return self.result(BOARD, message)
