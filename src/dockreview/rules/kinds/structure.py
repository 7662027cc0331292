"""The dock's own dimensions and its floats (Kings Point Docks D(2)(b), D(2)(c)).

* ``max-width``: walkways and ramps (not floats) no wider than ``limit`` at any point;
* ``float-area``: all floats together at most ``limit`` square feet;
* ``float-length``: the floats of a width together at most ``limit`` long (Huntington (A)(7));
* ``float-position``: every float at the seaward end, touching the walkway's end;
* ``float-layout``: floats in line with the dock, or in an L or T;
* ``float-grounding``: no float on the bottom at mean low water;
* ``float-vegetation``: no float over tidal, intertidal or subtidal vegetation.
"""

from __future__ import annotations

import numpy as np

from dockreview.rules.base import (
    AT_LEAST,
    AT_MOST,
    EQUALS,
    FAIL,
    NEEDS_DATA,
    NOT_APPLICABLE,
    PASS,
    QUALIFIES,
    CheckResult,
    Facts,
    fmt,
    fmt_pair,
    not_above,
    not_below,
    quantity,
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
        shown, bound = fmt_pair(value, limit, self.unit)
        return f"{quantity(m['float_count'], 'floats')} total {shown} {'within' if ok else 'exceeds'} the {bound} limit"


@register
class FloatLength(Bound):
    """The floats ``width_ft`` wide (or wider), end to end, at most ``limit`` long.

    Huntington, NY (A)(7): "No more than a total length of 40 feet of six-foot-wide
    floats shall be used at the terminus". A float counts when its short side is
    at least ``width_ft`` less ``tolerance_ft`` (a drawing's tolerance); its long side
    is its length (both from its minimum rotated rectangle: ``component_sizes``). Narrower floats are not
    counted; wider ones are, as floats of that width and more. Not applicable to a
    dock with no float. An audit's arrays hold no float sides: each dock needs data.

    Examples
    --------
    >>> from dockreview.profile import parse_profile
    >>> from dockreview.rules import ruleset
    >>> law = {"checks": {"f": {"kind": "float-length", "section": "(A)(7)", "limit": 40, "width_ft": 6}}}
    >>> rule = ruleset(parse_profile(law, "t")).rule("f")
    >>> rule.value({"component_sizes": (("float", 24.0, 6.0), ("float", 20.0, 5.6), ("float", 30.0, 4.0), ("walkway", 90.0, 6.0))})
    44.0
    >>> rule.statuses({"component_sizes": (("float", 24.0, 6.0), ("float", 16.0, 6.0))}).tolist()
    'pass'
    >>> rule.statuses({"float_count": np.array([0, 2])}).tolist()
    ['not-applicable', 'needs-data']
    """

    name = "float-length"
    sense = AT_MOST
    unit = "ft"
    reads = ("float_count", "component_sizes")
    params = (
        Param("limit", doc="the greatest total length, ft"),
        Param("width_ft", doc="the width of the floats counted, ft", positive=True),
        Param("tolerance_ft", default=0.5, doc="a float this much narrower still counts, ft"),
    )

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"total length of the floats {fmt(self.p.width_ft, 'ft')} wide"

    def value(self, figures):
        if figures.get("component_sizes") is None:
            return None
        return float(sum(self._counted(figures)))

    def _counted(self, m) -> list[float]:
        """The lengths of the floats counted: those at least ``width_ft`` less ``tolerance_ft`` wide."""
        least = self.p.width_ft - self.p.tolerance_ft
        return [long for kind, long, short in m["component_sizes"] if kind == "float" and not_below(short, least)]

    def statuses(self, figures) -> np.ndarray:
        """pass, fail or needs-data for one dock's figures; for an audit's arrays (no float sides) needs-data on each
        dock with a float, not-applicable on the others (never a 0-d array for many docks)."""
        if "component_sizes" in figures:
            return super().statuses(figures)
        count = np.atleast_1d(np.asarray(figures.get("float_count", np.nan), dtype=float))
        return np.where(count == 0, NOT_APPLICABLE, NEEDS_DATA)

    def inapplicable(self, m, facts: Facts) -> str | None:
        return _no_float(m)

    def message(self, m, facts, value, limit, ok) -> str:
        least = self.p.width_ft - self.p.tolerance_ft
        shown, bound = fmt_pair(value, limit, self.unit)
        return (
            f"{quantity(len(self._counted(m)), 'floats')} at least {fmt(least, 'ft')} wide, {shown} long in all "
            f"(of {quantity(m['float_count'], 'floats')}); {'within' if ok else 'exceeds'} the {bound} limit"
        )


@register
class FloatPosition(RuleKind):
    """Every float reaches at least as far seaward as the walkway and ramp, and touches the walkway's seaward end.

    The measurements are raw distances: how far the walkway or ramp reaches past the
    floats (``float_seaward_shortfall_ft``) and the widest gap from a float assembly to
    the walkway's seaward end (``float_gap_ft``); each is held to ``tolerance`` here,
    up to the at-the-limit :func:`~dockreview.rules.base.slack`.
    """

    name = "float-position"
    sense = EQUALS
    unit = "ft"
    reads = ("float_count", "float_seaward_shortfall_ft", "float_gap_ft")
    geometric = True
    params = (Param("tolerance", doc="a float this near the walkway's end touches it, ft"),)

    def touching_ft(self) -> float:
        return self.p.tolerance

    def limit_words(self, check, fmt) -> str:
        return "" if check.limit is None else f"touching the walkway's seaward end (within {fmt(check.limit, check.unit)})"

    def proposal_words(self, check, m, fmt) -> str:
        if check.value is None:
            return ""
        return "touching" if check.status == PASS else f"{fmt(check.value, check.unit)} away"

    def dock_statuses(self, m, facts: Facts, row, n: int) -> np.ndarray:
        """Not applicable to a dock without a float (or its figures), else :meth:`evaluate`'s comparisons on the arrays.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> figures = {"float_count": np.array([0, 1, 1]), "float_seaward_shortfall_ft": np.array([np.nan, 0.0, 4.0]),
        ...            "float_gap_ft": np.array([np.nan, 0.0, 0.0])}
        >>> ruleset().rule("float-position").dock_statuses(figures, Facts(), None, 3).tolist()
        ['not-applicable', 'pass', 'fail']
        """
        count, shortfall, gap = (np.asarray(m[key], dtype=float) for key in self.reads)
        none = (count == 0) | np.isnan(shortfall) | np.isnan(gap)
        ok = not_above(shortfall, self.p.tolerance) & not_above(gap, self.p.tolerance)
        return np.where(none, NOT_APPLICABLE, np.where(ok, PASS, FAIL)).astype(object)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        tolerance = self.p.tolerance
        if m["float_count"] == 0 or m["float_seaward_shortfall_ft"] is None or m["float_gap_ft"] is None:
            return self.not_applicable("the dock has no float", limit=tolerance)
        problems = []
        shortfall, gap = m["float_seaward_shortfall_ft"], m["float_gap_ft"]
        if not not_above(shortfall, tolerance):
            problems.append(f"the walkway/ramp reaches {fmt(shortfall, 'ft', beside=tolerance)} further seaward than a float")
        if not not_above(gap, tolerance):
            problems.append(f"a float stands {fmt(gap, 'ft', beside=tolerance)} from the walkway's seaward end")
        message = "; ".join(problems) or "the floats lie at the seaward end and touch the walkway's end"
        return self.result(FAIL if problems else PASS, message, value=gap, limit=tolerance)


#: What each assembly's shape is called, by the nearer of in line and square to the dock's axis.
LAYOUT_WORDS = {"I": "in line (I)", "L": "L", "T": "T"}


@register
class FloatLayout(RuleKind):
    """Each float assembly in line (I), or square to the dock in an L or T, within ``tolerance`` degrees.

    The measurement is raw: each assembly's shape by the nearer of in line and square
    (``float_layout``, "I", "L" or "T" joined by "+") and the worst assembly's long axis
    to the dock's axis (``float_angle_deg``). The value compared is that angle's
    departure from the nearer of 0° and 90°, held to ``tolerance`` here (up to the
    at-the-limit :func:`~dockreview.rules.base.slack`): a T float turned 10° fails a
    5° tolerance and passes a 10° one.
    """

    name = "float-layout"
    sense = QUALIFIES
    unit = "deg"
    reads = ("float_layout", "float_angle_deg")
    geometric = True
    params = (Param("tolerance", doc="degrees off in line or square"),)

    def limit_words(self, check, fmt) -> str:
        if check.limit is None:
            return ""
        return f"in line, L or T (long axis within {fmt(check.limit, check.unit)} of 0° or 90° to the dock's axis)"

    def proposal_words(self, check, m, fmt) -> str:
        layout = None if m is None else m.get("float_layout")
        if layout is None:
            return super().proposal_words(check, m, fmt)
        angle = m.get("float_angle_deg")
        return f"{layout}" + ("" if angle is None else f", long axis at {fmt(angle, 'deg')} to the dock's axis")

    @staticmethod
    def departure(angle: float) -> float:
        """How far ``angle`` (0 to 90 deg from the dock's axis) lies from the nearer of in line and square."""
        return min(angle, abs(90.0 - angle))

    def dock_statuses(self, m, facts: Facts, row, n: int) -> np.ndarray:
        """Not applicable to a dock without a float layout, else :meth:`evaluate`'s comparison on the arrays.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> figures = {"float_layout": np.array([None, "T", "I"], dtype=object), "float_angle_deg": np.array([np.nan, 88.0, 20.0])}
        >>> ruleset().rule("float-layout").dock_statuses(figures, Facts(), None, 3).tolist()
        ['not-applicable', 'pass', 'fail']
        """
        angle = np.asarray(m["float_angle_deg"], dtype=float)
        none = np.array([layout is None for layout in m["float_layout"]], dtype=bool) | np.isnan(angle)
        ok = not_above(np.minimum(angle, np.abs(90.0 - angle)), self.p.tolerance)
        return np.where(none, NOT_APPLICABLE, np.where(ok, PASS, FAIL)).astype(object)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        tolerance = self.p.tolerance
        if m["float_layout"] is None or m["float_angle_deg"] is None:
            return self.not_applicable("the dock has no float", limit=tolerance)
        angle = float(m["float_angle_deg"])
        departure = self.departure(angle)
        ok = bool(not_above(departure, tolerance))
        shapes = "+".join(LAYOUT_WORDS.get(shape, shape) for shape in str(m["float_layout"]).split("+"))
        message = (
            f"float layout {shapes}, long axis {fmt(angle, 'deg')} from the dock's axis, "
            f"{fmt(departure, 'deg', beside=tolerance)} off {'in line' if angle < 45.0 else 'square'}"
        )
        if ok:
            message += f" (within {fmt(tolerance, 'deg', beside=departure)})"
        else:
            message += f"; only in line, L or T (within {fmt(tolerance, 'deg', beside=departure)} of 0 or 90 deg) are allowed"
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

    def limit_words(self, check, fmt) -> str:
        return "" if check.limit is None else f"at least {fmt(check.limit, check.unit)} of water (the float's draft)"

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

    def limit_words(self, check, fmt) -> str:
        if self.p.limit:
            return super().limit_words(check, fmt)
        return "no float over vegetation"

    def inapplicable(self, m, facts: Facts) -> str | None:
        return _no_float(m)

    def missing(self, m, facts: Facts) -> str | None:
        return "no vegetation layer: add layers.vegetation (an empty layer if a survey found none)"

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        return ("layers.vegetation",)
