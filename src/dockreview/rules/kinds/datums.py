"""Datums other than MHW: the reach from the MLW or MLLW line, and the depth at every berth at a datum.

* ``datum-reach``: the dock's reach from the ``datum`` line (``mlw`` or ``mllw``) at
  most ``limit`` (North Haven, NY: "Newly constructed docks and piers including
  floats shall not exceed a length of 100 feet from MLLW");
* ``berth-depth``: the shallowest depth under every berth (floats and lifts) at the
  ``datum`` at least ``limit`` (North Haven, NY: "floats or fixed structures where
  boats will be located shall maintain a minimum depth of 2.5 feet, at mean lower
  low water").

``datum`` defaults to the profile's ``[datums]`` table (``reach_from``, ``depth_at``).
The figures are :mod:`dockreview.measure.datums`': the datum line from its layer or
the soundings' contour (``[datums] mllw_below_mlw_ft`` places MLLW below the
soundings' MLW), the reach as the greater of the farthest point seaward of the line
and the length along the axis past it, the depths at MLLW as those at MLW less the
offset. Both are :class:`~dockreview.rules.kind.Bound`\\ s: their ``statuses`` take
arrays of ``reach_from_<datum>_ft`` or ``min_berth_depth[_mllw]_ft``.
"""

from __future__ import annotations

import math

import numpy as np

from dockreview.errors import ProfileError
from dockreview.measure.datums import DATUMS
from dockreview.rules.base import AT_LEAST, AT_MOST, PASS, CheckResult, Facts, fmt
from dockreview.rules.kind import Bound, Param, register, unknown_reach


def _datum(rule, setting: str, default: str, allowed: tuple[str, ...]) -> str:
    datum = rule.p.datum or rule.profile.settings.get("datums", {}).get(setting, default)
    if datum not in allowed:
        raise ProfileError(f"profile {rule.profile.source}: [checks.{rule.id}] datum '{datum}' is not one of {', '.join(allowed)}")
    return datum


@register
class DatumReach(Bound):
    """The dock's reach from the ``datum`` line (MLW or MLLW) at most ``limit`` (ft).

    Used by North Haven, NY (100 ft from MLLW). The reach is the greater of the
    dock's farthest point seaward of the line from it and the length along its axis
    from where the axis crosses the line; 0 when the dock stops landward of it.

    Examples
    --------
    >>> import numpy as np
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset("north-haven-ny").rule("length-from-mllw")
    >>> rule.measure, rule.statuses({"reach_from_mllw_ft": np.array([99.0, 100.0, 104.0, np.nan])}).tolist()
    ('reach_from_mllw_ft', ['pass', 'pass', 'fail', 'needs-data'])
    """

    name = "datum-reach"
    limits_reach = True
    sense = AT_MOST
    unit = "ft"
    geometric = True
    between_layers = True
    params = (Param("limit", doc="the greatest reach from the datum line, ft"), Param("datum", "text", None, "mlw | mllw"))

    def __init__(self, spec, profile) -> None:
        super().__init__(spec, profile)
        self.datum = _datum(self, "reach_from", "mllw", DATUMS)

    @property
    def measure(self) -> str:  # type: ignore[override]
        return f"reach_from_{self.datum}_ft"

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"reach from the {self.datum.upper()} line"

    @property
    def reads(self) -> tuple[str, ...]:  # type: ignore[override]
        return (self.measure, f"{self.datum}_line_from")

    def reach_allowed(self, figures=None):
        """With a dock's figures: the limit plus how far the datum line lies seaward of the MHW line along its axis.

        The line's distance is the dock's reach less its reach from the line; for
        a dock that stops landward of the line it is at least the dock's reach,
        so the reach allowed is at least the dock's reach plus the limit.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> rule = ruleset("north-haven-ny").rule("length-from-mllw")
        >>> rule.reach_allowed() is None, rule.reach_allowed({"reach_from_mllw_ft": 104.0, "overall_reach_ft": 160.0})
        (True, 156.0)
        """
        if figures is None or self.measure not in figures:
            return None
        value = np.asarray(np.nan if figures[self.measure] is None else figures[self.measure], dtype=float)
        reach = np.asarray(np.nan if figures.get("overall_reach_ft") is None else figures["overall_reach_ft"], dtype=float)
        allowed = self.p.limit + reach - value
        return (None if np.isnan(allowed) else float(allowed)) if np.ndim(allowed) == 0 else allowed

    def reach_basis(self) -> str:
        return f"{fmt(self.p.limit, 'ft')} from the {self.datum.upper()} line"

    def reach_needs(self) -> str:
        return f"the {self.datum.upper()} line (layers.{self.datum}) to measure the reach from"

    def missing(self, m, facts: Facts) -> str | None:
        return m.why_missing(self.measure) if hasattr(m, "why_missing") else None

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        given = m.input_missing(self.measure) if hasattr(m, "input_missing") else None
        return (given,) if given else ()

    def message(self, m, facts, value, limit, ok) -> str:
        return f"{super().message(m, facts, value, limit, ok)} (the {self.datum.upper()} line: {m[f'{self.datum}_line_from']})"


@register
class BerthDepth(Bound):
    """The shallowest depth under every berth (floats, boat and PWC lifts) at the ``datum`` at least ``limit`` (ft).

    Used by North Haven, NY (2.5 ft at MLLW). Not applicable to a dock with no
    berth; needs soundings covering every berth, and ``[datums] mllw_below_mlw_ft``
    for depths at MLLW.

    Examples
    --------
    >>> import numpy as np
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset("north-haven-ny").rule("berth-depth")
    >>> rule.statuses({"min_berth_depth_mllw_ft": np.array([2.4, 2.5, np.nan])}).tolist()
    ['fail', 'pass', 'needs-data']
    """

    name = "berth-depth"
    sense = AT_LEAST
    unit = "ft"
    geometric = True
    between_layers = True
    needs = ("soundings",)
    params = (Param("limit", doc="the least depth at the datum, ft"), Param("datum", "text", None, "mlw | mllw"))

    def __init__(self, spec, profile) -> None:
        super().__init__(spec, profile)
        self.datum = _datum(self, "depth_at", "mlw", DATUMS)

    @property
    def measure(self) -> str:  # type: ignore[override]
        return "min_berth_depth_ft" if self.datum == "mlw" else "min_berth_depth_mllw_ft"

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"shallowest depth at a berth at {self.datum.upper()}"

    @property
    def reads(self) -> tuple[str, ...]:  # type: ignore[override]
        return ("berth_count", self.measure)

    def inapplicable(self, m, facts: Facts) -> str | None:
        return "the dock has no berth (float or lift)" if m["berth_count"] == 0 else None

    def missing(self, m, facts: Facts) -> str | None:
        if "soundings" not in facts.layers:
            return "no soundings layer: add layers.soundings (depths at MLW) to find the depth at the berths"
        if self.datum == "mllw" and m["min_berth_depth_ft"] is not None:
            return "give [datums] mllw_below_mlw_ft: how far MLLW lies below the soundings' MLW"
        return "the soundings do not cover every berth: extend them under the floats and lifts"

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        if "soundings" not in facts.layers:
            return ("layers.soundings",)
        if self.datum == "mllw" and m["min_berth_depth_ft"] is not None:
            return ("[datums] mllw_below_mlw_ft",)
        return ("soundings under every berth",)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        out = super().evaluate(m, facts)
        if out.status in ("pass", "fail") and self.datum == "mllw":
            at_mlw = fmt(m["min_berth_depth_ft"], "ft")
            return self.result(out.status, f"{out.message} ({at_mlw} at MLW)", value=out.value, limit=out.limit)
        return out


@register
class DepthReach(Bound):
    """The dock reaches no farther from the shore than where the water is ``depth`` ft deep at mean low water.

    Levy County, FL §50-687(1)g: "the dock cannot extend out from the shoreline any
    further than a maximum depth of minus four feet at mean low water". The reach
    allowed is the distance along the dock's axis from the MHW line to where the
    soundings (depths below MLW) first reach ``depth``; where they cover the axis out
    as far as any check lets a dock reach without reaching it, the water is never that
    deep there and the check allows any reach. Needs soundings covering the axis from
    the shore.

    Examples
    --------
    >>> from dockreview.profile import parse_profile
    >>> from dockreview.rules import ruleset
    >>> law = {"checks": {"g": {"kind": "depth-reach", "section": "(1)g", "depth": 4.0}}}
    >>> rule = ruleset(parse_profile(law, "t")).rule("g")
    >>> rule.reach_allowed({"depth_reaches": ((4.0, 62.5, 300.0),)}), rule.reach_allowed({"depth_reaches": ()}) is None
    (62.5, True)
    >>> rule.reach_allowed({"depth_reaches": ((4.0, float("inf"), 500.0),)}), rule.reach_allowed({"depth_reaches": ((4.0, None, 40.0),)})
    (inf, None)
    >>> rule.statuses({"overall_reach_ft": np.array([60.0, 62.5, 70.0]), "depth_reaches": ((4.0, 62.5, 300.0),)}).tolist()
    ['pass', 'pass', 'fail']
    """

    name = "depth-reach"
    limits_reach = True
    sense = AT_MOST
    unit = "ft"
    measure = "overall_reach_ft"
    what = "dock reach"
    reads = ("overall_reach_ft", "depth_reaches")
    geometric = True
    between_layers = True
    needs = ("soundings",)
    params = (Param("depth", doc="ft below mean low water", positive=True),)

    def depths_sought(self) -> tuple[float, ...]:
        return (self.p.depth,)

    def requirement(self, figures):
        """The distance along the axis to the depth (inf where the soundings never find it; None unknown)."""
        found = [reach for depth, reach, _ in figures.get("depth_reaches") or () if depth == self.p.depth]
        return None if not found or found[0] is None else float(found[0])

    def reach_allowed(self, figures=None):
        if figures is None or "depth_reaches" not in figures:
            return unknown_reach(figures)
        return self.requirement(figures)

    def reach_basis(self) -> str:
        return f"{fmt(self.p.depth, 'ft')} deep at MLW"

    def reach_needs(self) -> str:
        return f"soundings along the dock's axis from the shore out to {fmt(self.p.depth, 'ft')} deep at MLW"

    def missing(self, m, facts: Facts) -> str | None:
        if "soundings" not in facts.layers:
            return f"no soundings layer: add layers.soundings (depths at MLW) to find where the water is {fmt(self.p.depth, 'ft')} deep"
        return f"the soundings do not show where the water is {fmt(self.p.depth, 'ft')} deep along the dock's axis: extend them from the shore"

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        return ("layers.soundings",) if "soundings" not in facts.layers else ("soundings along the dock's axis",)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        limit = self.requirement(m)
        if limit is not None and math.isinf(limit) and m["overall_reach_ft"] is not None:
            covered = next(c for d, _, c in m["depth_reaches"] if d == self.p.depth)
            message = (
                f"the water is never {fmt(self.p.depth, 'ft')} deep at MLW where the soundings cover the dock's axis "
                f"({fmt(covered, 'ft')} out): this standard sets no limit here"
            )
            return self.result(PASS, message, value=m["overall_reach_ft"])
        return super().evaluate(m, facts)

    def message(self, m, facts, value, limit, ok) -> str:
        return (
            f"dock reaches {fmt(value, 'ft', beside=limit)} from the MHW line; the water is {fmt(self.p.depth, 'ft')} deep "
            f"at MLW {fmt(limit, 'ft', beside=value)} out along its axis"
        )
