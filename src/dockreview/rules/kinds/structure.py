"""The dock's own dimensions and its floats (Kings Point Docks D(2)(b), D(2)(c)).

* ``max-width``: walkways and ramps (not floats) no wider than ``limit`` at any point;
* ``float-area``: all floats together at most ``limit`` square feet;
* ``float-position``: every float at the seaward end, touching the walkway's end;
* ``float-layout``: floats in line with the dock, or in an L or T;
* ``float-grounding``: no float on the bottom at mean low water;
* ``float-vegetation``: no float over tidal, intertidal or subtidal vegetation.
"""

from __future__ import annotations

from dockreview.rules.base import (
    AT_LEAST,
    AT_MOST,
    EQUALS,
    FAIL,
    NEEDS_DATA,
    PASS,
    QUALIFIES,
    CheckResult,
    Facts,
    fmt,
    fmt_pair,
    not_below,
)
from dockreview.rules.kind import Bound, Param, RuleKind, register


def _no_float(m) -> str | None:
    return "the dock has no float" if m["float_count"] == 0 else None


@register
class MaxWidth(Bound):
    """The widest walkway or ramp (floats excluded) at most ``limit``."""

    name = "max-width"
    sense = AT_MOST
    unit = "ft"
    measure = "max_width_ft"
    what = "widest walkway or ramp"
    reads = ("max_width_ft",)
    geometric = True
    params = (Param("limit", doc="the greatest width, ft"),)

    def inapplicable(self, m, facts: Facts) -> str | None:
        return "the dock has no walkway or ramp" if m["max_width_ft"] <= 0 else None


@register
class FloatArea(Bound):
    """All floats together at most ``limit`` square feet."""

    name = "float-area"
    sense = AT_MOST
    unit = "sq ft"
    measure = "float_area_sqft"
    reads = ("float_area_sqft", "float_count")
    geometric = True
    params = (Param("limit", doc="the greatest total float area, sq ft"),)

    def inapplicable(self, m, facts: Facts) -> str | None:
        return _no_float(m)

    what = "total float area"

    def message(self, m, facts, value, limit, ok) -> str:
        n = m["float_count"]
        shown, bound = fmt_pair(value, limit, self.unit)
        return f"{n} float{'s' if n != 1 else ''} total {shown} {'within' if ok else 'exceeds'} the {bound} limit"


@register
class FloatPosition(RuleKind):
    """Every float reaches at least as far seaward as the walkway and ramp, and touches the walkway's seaward end."""

    name = "float-position"
    sense = EQUALS
    unit = "ft"
    reads = ("float_count", "float_seaward_shortfall_ft", "float_gap_ft")
    geometric = True
    params = (Param("tolerance", doc="a float this near the walkway's end touches it, ft"),)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        tolerance = self.p.tolerance
        if m["float_count"] == 0 or m["float_seaward_shortfall_ft"] is None or m["float_gap_ft"] is None:
            return self.not_applicable("the dock has no float", limit=tolerance)
        problems = []
        if m["float_seaward_shortfall_ft"] > tolerance:
            problems.append(f"the walkway/ramp reaches {fmt(m['float_seaward_shortfall_ft'], 'ft')} further seaward than a float")
        if m["float_gap_ft"] > tolerance:
            problems.append(f"a float stands {fmt(m['float_gap_ft'], 'ft')} from the walkway's seaward end")
        message = "; ".join(problems) or "the floats lie at the seaward end and touch the walkway's end"
        return self.result(FAIL if problems else PASS, message, value=m["float_gap_ft"], limit=tolerance)


@register
class FloatLayout(RuleKind):
    """Each float assembly in line (I), or square to the dock in an L or T, within ``tolerance`` degrees.

    The value is the worst assembly's departure from the nearer of in line and square.
    """

    name = "float-layout"
    sense = QUALIFIES
    unit = "deg"
    reads = ("float_layout", "float_angle_deg")
    geometric = True
    params = (Param("tolerance", doc="degrees off in line or square"),)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        tolerance = self.p.tolerance
        if m["float_layout"] is None:
            return self.not_applicable("the dock has no float", limit=tolerance)
        ok = "other" not in m["float_layout"].split("+")
        angle = m["float_angle_deg"]
        message = f"float layout {m['float_layout']}, long axis {fmt(angle, 'deg')} from the dock's axis"
        if not ok:
            message += f"; only in line, L or T (within {fmt(tolerance, 'deg')} of 0 or 90 deg) are allowed"
        departure = min(angle, abs(90.0 - angle))
        return self.result(PASS if ok else FAIL, message, value=departure, limit=tolerance)


@register
class FloatGrounding(RuleKind):
    """The shallowest depth under any float at mean low water at least its draft plus ``margin``."""

    name = "float-grounding"
    sense = AT_LEAST
    unit = "ft"
    reads = ("float_count", "min_depth_under_float_ft")
    geometric = True
    needs = ("soundings", "float_draft")
    params = (Param("margin", default=0.0, doc="depth beyond the float's draft, ft"),)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        if m["float_count"] == 0:
            return self.not_applicable("the dock has no float")
        depth = m["min_depth_under_float_ft"]
        if facts.float_draft_ft is None:
            return self.result(NEEDS_DATA, "give [dock] float_draft_ft", value=depth, needs=("[dock] float_draft_ft",))
        if "soundings" not in facts.layers:
            return self.result(NEEDS_DATA, "no soundings layer: add layers.soundings", needs=("layers.soundings",))
        limit = facts.float_draft_ft + self.p.margin
        if depth is None:
            message = "the soundings do not cover every float: extend them under the floats"
            return self.result(NEEDS_DATA, message, limit=limit, needs=("soundings under every float",))
        ok = bool(not_below(depth, limit))
        message = f"shallowest depth under a float {fmt(depth, 'ft')} at MLW; float draft {fmt(facts.float_draft_ft, 'ft')}"
        if not ok:
            message += ": the float would rest on the bottom"
        return self.result(PASS if ok else FAIL, message, value=depth, limit=limit)


@register
class FloatVegetation(Bound):
    """Float area over the vegetation layer at most ``limit`` (Kings Point: none)."""

    name = "float-vegetation"
    sense = AT_MOST
    unit = "sq ft"
    measure = "float_on_vegetation_sqft"
    what = "float area over vegetation"
    reads = ("float_count", "float_on_vegetation_sqft")
    geometric = True
    needs = ("vegetation",)
    params = (Param("limit", default=0.0, doc="float area allowed over vegetation, sq ft"),)

    def inapplicable(self, m, facts: Facts) -> str | None:
        return _no_float(m)

    def missing(self, m, facts: Facts) -> str | None:
        return "no vegetation layer: add layers.vegetation (an empty layer if a survey found none)"

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        return ("layers.vegetation",)
