"""Datums other than MHW: the reach from the MLW or MLLW line, and the depth at every berth at a datum.

* ``datum-reach``: the dock's reach from the ``datum`` line (``mlw`` or ``mllw``) at
  most ``limit`` (North Haven, NY: "Newly constructed docks and piers including
  floats shall not exceed a length of 100 feet from MLLW");
* ``replacement-length``: a replacement dock's reach from the ``datum`` line at most the
  replaced dock's (North Haven, NY: "Reconstructed or replacement docks shall not
  exceed the length of the preexisting lawfully constructed dock.");
* ``bulkhead-depth-reach``: where the water at the bulkhead is ``depth`` deep at MLW, the
  reach from the bulkhead at most ``limit`` (Levy County, FL §50-687(1)h);
* ``berth-depth``: the shallowest depth under every berth (floats and lifts; the fixed
  structure's outer face where there is neither) at the ``datum`` at least ``limit``
  (North Haven, NY: "floats or fixed structures where boats will be located shall
  maintain a minimum depth of 2.5 feet, at mean lower low water").

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
from dockreview.rules.base import AT_LEAST, AT_MOST, PASS, CheckResult, Facts, fmt, fmt_pair, within
from dockreview.rules.kind import Bound, Param, register, unknown_reach
from dockreview.rules.kinds.waterway import as_float


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
class ReplacementReach(Bound):
    """A reconstructed or replacement dock reaches no farther from the ``datum`` line than the dock it replaces.

    North Haven, NY Findings B: "Reconstructed or replacement docks shall not exceed
    the length of the preexisting lawfully constructed dock." Both are measured the
    same way, from the ``datum`` line (default: the profile's ``[datums] reach_from``):
    the proposal's reach as for ``datum-reach``, the replaced dock's length as
    ``[dock.attributes] replaced_dock_length_ft`` (the surveyor's figure) or else
    measured on the docks layer's features the manifest's ``[dock] replaces`` names
    (their farthest point seaward of the line). Not applicable to a new dock (neither
    given); needs data when the replaced dock's length cannot be had.

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset("north-haven-ny").rule("replacement-length")
    >>> rule.requirement({"replaced_dock_count": 1, "replaced_reach_from_mllw_ft": 80.0})
    80.0
    >>> rule.requirement({"replaced_dock_count": 1, "replaced_reach_from_mllw_ft": 80.0, "replaced_dock_length_ft": 75.0})
    75.0
    >>> rule.statuses({"reach_from_mllw_ft": np.array([70.0, 90.0]), "replaced_reach_from_mllw_ft": np.array([80.0, 80.0])}).tolist()
    ['pass', 'fail']
    """

    name = "replacement-length"
    sense = AT_MOST
    unit = "ft"
    params = (Param("datum", "text", None, "mlw | mllw"),)

    def __init__(self, spec, profile) -> None:
        super().__init__(spec, profile)
        self.datum = _datum(self, "reach_from", "mllw", DATUMS)

    @property
    def measure(self) -> str:  # type: ignore[override]
        return f"reach_from_{self.datum}_ft"

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"length from the {self.datum.upper()} line"

    @property
    def reads(self) -> tuple[str, ...]:  # type: ignore[override]
        return (self.measure, "replaced_dock_count", f"replaced_reach_from_{self.datum}_ft")

    def requirement(self, figures):
        """The replaced dock's length: the attribute when given, else measured on the layer (None / NaN unknown)."""
        given = figures.get("replaced_dock_length_ft")
        return given if given is not None else figures.get(f"replaced_reach_from_{self.datum}_ft")

    def inapplicable(self, m, facts: Facts) -> str | None:
        if m["replaced_dock_count"] or facts.attributes.get("replaced_dock_length_ft") is not None:
            return None
        return "a new dock: it replaces none ([dock] replaces names no existing dock, no replaced_dock_length_ft)"

    def missing(self, m, facts: Facts) -> str | None:
        if m[self.measure] is None:
            return m.why_missing(self.measure) if hasattr(m, "why_missing") else f"the {self.datum.upper()} line is unknown"
        return (
            f"give [dock.attributes] replaced_dock_length_ft (the replaced dock's length from the {self.datum.upper()} line), "
            f"or layers.{self.datum}: the replaced dock's length cannot be measured"
        )

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        return ("[dock.attributes] replaced_dock_length_ft",)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        given = facts.attributes.get("replaced_dock_length_ft")
        out = super().evaluate({**dict(m), "replaced_dock_length_ft": given}, facts)
        if out.status in ("pass", "fail"):
            basis = "as given, [dock.attributes] replaced_dock_length_ft" if given is not None else "measured on the docks layer"
            return self.result(out.status, f"{out.message} (the replaced dock's length, {basis})", value=out.value, limit=out.limit)
        return out


@register
class BerthDepth(Bound):
    """The shallowest depth under every berth (floats, boat and PWC lifts) at the ``datum`` at least ``limit`` (ft).

    Used by North Haven, NY (2.5 ft at MLLW: "floats or fixed structures where boats
    will be located"). With ``fixed_berth = true`` a dock with no float or lift has its
    berth at its fixed structure: the outer face of its walkways and landings (the
    stretch of their outline farthest out along the dock's axis,
    :func:`dockreview.measure.datums.outer_face`), where a boat lies against it. Not
    applicable to a dock with no berth; needs soundings covering every berth, and
    ``[datums] mllw_below_mlw_ft`` for depths at MLLW.

    Examples
    --------
    >>> import numpy as np
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset("north-haven-ny").rule("berth-depth")
    >>> rule.statuses({"min_berth_depth_mllw_ft": np.array([2.4, 2.5, np.nan]), "berth_count": np.array([1, 1, 1])}).tolist()
    ['fail', 'pass', 'needs-data']
    >>> rule.value({"berth_count": 0, "min_berth_depth_mllw_ft": None, "fixed_berth_depth_mllw_ft": 2.0})
    2.0
    """

    name = "berth-depth"
    sense = AT_LEAST
    unit = "ft"
    geometric = True
    between_layers = True
    needs = ("soundings",)
    params = (
        Param("limit", doc="the least depth at the datum, ft"),
        Param("datum", "text", None, "mlw | mllw"),
        Param("fixed_berth", "flag", False, doc="a dock with no float or lift has its berth at its fixed structure's outer face"),
    )

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
        fixed = ("fixed_berth_depth_ft", "fixed_berth_depth_mllw_ft") if self.p.fixed_berth else ()
        return ("berth_count", self.measure, *fixed)

    def _at_fixed(self, m) -> bool:
        """Whether the dock's berth is its fixed structure's outer face (no float or lift, and the profile says so)."""
        return bool(self.p.fixed_berth and np.all(np.asarray(m["berth_count"]) == 0))

    def _fields(self, m) -> tuple[str, str]:
        """The figures of the berth's depth: at MLW, and at the datum."""
        if self._at_fixed(m):
            return "fixed_berth_depth_ft", "fixed_berth_depth_ft" if self.datum == "mlw" else "fixed_berth_depth_mllw_ft"
        return "min_berth_depth_ft", self.measure

    def value(self, figures):
        if self.p.fixed_berth and np.ndim(figures["berth_count"]) == 0:
            return figures.get(self._fields(figures)[1])
        return figures[self.measure]

    def inapplicable(self, m, facts: Facts) -> str | None:
        return "the dock has no berth (float or lift)" if m["berth_count"] == 0 and not self.p.fixed_berth else None

    def missing(self, m, facts: Facts) -> str | None:
        at_mlw, _ = self._fields(m)
        if "soundings" not in facts.layers:
            return "no soundings layer: add layers.soundings (depths at MLW) to find the depth at the berths"
        if self.datum == "mllw" and m[at_mlw] is not None:
            return "give [datums] mllw_below_mlw_ft: how far MLLW lies below the soundings' MLW"
        if self._at_fixed(m):
            return "the soundings do not cover the fixed structure's outer face (the berth): extend them there"
        return "the soundings do not cover every berth: extend them under the floats and lifts"

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        at_mlw, _ = self._fields(m)
        if "soundings" not in facts.layers:
            return ("layers.soundings",)
        if self.datum == "mllw" and m[at_mlw] is not None:
            return ("[datums] mllw_below_mlw_ft",)
        return ("soundings at the fixed structure's outer face",) if self._at_fixed(m) else ("soundings under every berth",)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        out = super().evaluate(m, facts)
        at_mlw, _ = self._fields(m)
        where = " at the fixed structure's outer face (the dock has no float or lift)" if self._at_fixed(m) else ""
        if out.status in ("pass", "fail") and (self.datum == "mllw" or where):
            shown = f" ({fmt(m[at_mlw], 'ft')} at MLW)" if self.datum == "mllw" else ""
            return self.result(out.status, f"{out.message}{where}{shown}", value=out.value, limit=out.limit)
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

    With ``or_mooring = true`` the reach allowed is the farther of that point and where
    the water is deep enough to moor the vessel: its draft (``[vessel] draft_ft``) and
    the clearance under its keel (``[vessel] clearance_ft``, else ``mooring_clearance_ft``)
    -- Wisconsin Stats. §30.12(1g)(f): "no further than to a point where the water is 3
    feet at its maximum depth ..., or to the point where there is adequate depth for
    mooring a boat ..., whichever is farther from the shoreline". ``datum`` names, in
    words, the level the soundings' depths are below (MLW; Wisconsin's "summer low
    levels"): the soundings are read at their own datum, with no offset. With
    ``yields_at_bulkhead = true`` it does not apply where the water at the lot's bulkhead
    is already ``depth`` deep (Levy County §50-687(1)h holds the reach from the bulkhead there).

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
    >>> law["checks"]["g"].update(depth=3.0, or_mooring=True)
    >>> moor = ruleset(parse_profile(law, "t")).rule("g")
    >>> moor.requirement({"depth_reaches": ((3.0, 30.0, 300.0), (4.5, 45.0, 300.0)), "required_depth_ft": 4.5})
    45.0
    >>> moor.requirement({"depth_reaches": ((3.0, 30.0, 300.0),)}) is None, moor.depth_clearance_ft()
    (True, 1.0)
    """

    name = "depth-reach"
    limits_reach = True
    sense = AT_MOST
    unit = "ft"
    measure = "overall_reach_ft"
    what = "dock reach"
    geometric = True
    between_layers = True
    params = (
        Param("depth", doc="ft below mean low water", positive=True),
        Param("or_mooring", "flag", False, doc="or to the depth the vessel moors in, whichever is farther"),
        Param("mooring_clearance_ft", default=1.0, doc="water under the keel beyond the draft to moor, ft"),
        Param("datum", "text", "MLW", doc="the level the soundings' depths are below, in words"),
        Param("yields_at_bulkhead", "flag", False, doc="not applicable where the water at the lot's bulkhead is already that deep"),
    )

    @property
    def needs(self) -> tuple[str, ...]:  # type: ignore[override]
        return ("soundings", "draft") if self.p.or_mooring else ("soundings",)

    @property
    def reads(self) -> tuple[str, ...]:  # type: ignore[override]
        mooring = ("required_depth_ft",) if self.p.or_mooring else ()
        return ("overall_reach_ft", "depth_reaches", *mooring) + (("bulkhead_depth_ft",) if self.p.yields_at_bulkhead else ())

    def _at_bulkhead(self, figures) -> bool:
        """Whether the water at the lot's bulkhead is already ``depth`` deep, where the check yields (one dock's figures)."""
        depth = figures.get("bulkhead_depth_ft") if self.p.yields_at_bulkhead else None
        return depth is not None and np.ndim(depth) == 0 and bool(within(depth, self.p.depth, AT_LEAST))

    def inapplicable(self, m, facts: Facts) -> str | None:
        if self._at_bulkhead(m):
            return (
                f"the water at the lot's bulkhead is already {fmt(m['bulkhead_depth_ft'], 'ft')} deep at {self.p.datum}: "
                "the reach from the bulkhead is held instead"
            )
        return None

    def depths_sought(self) -> tuple[float, ...]:
        return (self.p.depth,)

    def depth_clearance_ft(self) -> float | None:
        return self.p.mooring_clearance_ft if self.p.or_mooring else None

    @staticmethod
    def _reach_to(figures, depth) -> float | None:
        """The distance along the axis to ``depth`` (inf where the soundings never find it; None unknown)."""
        found = [reach for d, reach, _ in figures.get("depth_reaches") or () if depth is not None and d == depth]
        return None if not found or found[0] is None else float(found[0])

    def requirement(self, figures):
        """The distance along the axis to the depth, or the farther of it and the mooring depth (None unknown)."""
        reach = self._reach_to(figures, self.p.depth)
        if not self.p.or_mooring or reach is None or math.isinf(reach):  # never that deep: no limit, whatever the mooring
            return reach
        moor = self._reach_to(figures, figures.get("required_depth_ft"))
        return None if moor is None else max(reach, moor)

    def reach_allowed(self, figures=None):
        """The reach the depth allows one dock; unknown (NaN) for a screen's lots, whose figures find no depth along a
        dock's axis."""
        if figures is None or not isinstance(figures.get("depth_reaches"), tuple):
            return unknown_reach(figures)
        return math.inf if self._at_bulkhead(figures) else self.requirement(figures)

    def _deep(self) -> str:
        """The depth in words: "4.0 ft deep at MLW"."""
        return f"{fmt(self.p.depth, 'ft')} deep at {self.p.datum}"

    def reach_basis(self) -> str:
        """The basis in a label's few words: "4.0 ft deep at MLW"; "3.0 ft deep or to moor" (the farther)."""
        return f"{fmt(self.p.depth, 'ft')} deep or to moor" if self.p.or_mooring else self._deep()

    def reach_needs(self) -> str:
        moor = " and the vessel's draft ([vessel] draft_ft)" if self.p.or_mooring else ""
        return f"soundings along the dock's axis from the shore out to {self._deep()}{moor}"

    def missing(self, m, facts: Facts) -> str | None:
        if "soundings" not in facts.layers:
            return f"no soundings layer: add layers.soundings (depths at {self.p.datum}) to find where the water is {self._deep()}"
        if self.p.or_mooring and m.get("required_depth_ft") is None:
            return "give [vessel] draft_ft: the reach allowed is the farther of the depth and the depth to moor the vessel"
        return f"the soundings do not show where the water is {self._deep()} (or deep enough to moor) along the dock's axis: extend them from the shore"

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        if "soundings" not in facts.layers:
            return ("layers.soundings",)
        if self.p.or_mooring and m.get("required_depth_ft") is None:
            return ("[vessel] draft_ft",)
        return ("soundings along the dock's axis",)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        limit = self.requirement(m)
        if self.inapplicable(m, facts):
            return self.not_applicable(self.inapplicable(m, facts))
        if limit is not None and math.isinf(limit) and m["overall_reach_ft"] is not None:
            covered = next(c for d, _, c in m["depth_reaches"] if d == self.p.depth)
            message = (
                f"the water is never {self._deep()} where the soundings cover the dock's axis "
                f"({fmt(covered, 'ft')} out): this standard sets no limit here"
            )
            return self.result(PASS, message, value=m["overall_reach_ft"])
        reach, value = self._reach_to(m, self.p.depth), m["overall_reach_ft"]
        if limit is None and self.p.or_mooring and reach is not None and value is not None and within(value, reach, AT_MOST):
            message = (
                f"dock reaches {fmt(value, 'ft', beside=reach)} from the MHW line, within where the water is {self._deep()} "
                f"({fmt(reach, 'ft', beside=value)} out along its axis): allowed whatever the depth to moor"
            )
            return self.result(PASS, message, value=value)
        return super().evaluate(m, facts)

    def message(self, m, facts, value, limit, ok) -> str:
        out = f"dock reaches {fmt(value, 'ft', beside=limit)} from the MHW line; the water is {self._deep()} "
        if not self.p.or_mooring:
            return out + f"{fmt(limit, 'ft', beside=value)} out along its axis"
        need = m["required_depth_ft"]
        return out + (
            f"{fmt(self._reach_to(m, self.p.depth), 'ft')} out, and {fmt(need, 'ft')} deep (to moor the vessel: its draft and "
            f"clearance) {fmt(self._reach_to(m, need), 'ft')} out along its axis: the farther, {fmt(limit, 'ft', beside=value)}, is allowed"
        )


@register
class BulkheadDepthReach(Bound):
    """Where the water at the lot's bulkhead is ``depth`` ft deep at mean low water, the dock reaches at most ``limit``
    ft from the bulkhead.

    Levy County, FL §50-687(1)h: "When the water depth is minus four feet at mean low
    water adjacent to an existing bulkhead, the dock cannot extend further than 25 feet
    from the bulkhead". The depth adjacent to the bulkhead is the shallowest the
    soundings give along the bulkhead where the dock meets it
    (:func:`dockreview.measure.depth.bulkhead_depth`); the reach, the dock's farthest
    point from the bulkhead. Not applicable without a bulkhead along the lot, nor where
    the water there is shallower than ``depth``; needs soundings reaching the bulkhead.
    The reach it allows is the limit plus how far the bulkhead lies landward of the
    MHW line; a screen, which takes no bulkhead, finds none (no limit).

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset("levy-county-fl").rule("bulkhead-reach")
    >>> rule.statuses({"reach_from_bulkhead_ft": np.array([20.0, 30.0, 30.0]), "bulkhead_depth_ft": np.array([4.5, 4.5, np.nan])}).tolist()
    ['pass', 'fail', 'needs-data']
    >>> rule.reach_allowed({"reach_from_bulkhead_ft": 36.0, "bulkhead_depth_ft": 4.5, "reach_ft": 30.0})
    19.0
    >>> rule.reach_allowed({"reach_from_bulkhead_ft": np.array([np.nan, 36.0, 36.0]), "bulkhead_depth_ft": np.array([np.nan, 3.0, np.nan]),
    ...                     "reach_ft": np.array([0.0, 30.0, 30.0])}).tolist()
    [inf, inf, nan]
    """

    name = "bulkhead-depth-reach"
    limits_reach = True
    sense = AT_MOST
    unit = "ft"
    measure = "reach_from_bulkhead_ft"
    what = "reach from the bulkhead"
    reads = ("reach_from_bulkhead_ft", "bulkhead_depth_ft", "reach_ft")
    geometric = True
    between_layers = True
    needs = ("bulkhead", "soundings")
    params = (
        Param("depth", doc="ft below mean low water at the bulkhead from which the limit applies"),
        Param("limit", doc="the greatest reach from the bulkhead, ft"),
    )

    def value(self, figures):
        """The reach from the bulkhead where the depth there is known (None / NaN where it is not)."""
        reach, depth = figures["reach_from_bulkhead_ft"], figures["bulkhead_depth_ft"]
        if np.ndim(reach) == 0 and np.ndim(depth) == 0:
            return None if reach is None or depth is None else reach
        return np.where(np.isnan(np.asarray(depth, dtype=float)), np.nan, np.asarray(reach, dtype=float))

    def reach_allowed(self, figures=None):
        """The reach from the MHW line at which the dock would reach ``limit`` from the bulkhead where the water there is
        deep enough; no limit (inf) without a bulkhead or where it is shallower; unknown (NaN, None for one dock)
        where its depth is."""
        if figures is None:
            return None
        bulkhead, depth = as_float(figures.get("reach_from_bulkhead_ft")), as_float(figures.get("bulkhead_depth_ft"))
        deep = within(np.where(np.isnan(depth), 0.0, depth), self.p.depth, AT_LEAST)
        at = self.p.limit + as_float(figures.get("reach_ft")) - bulkhead
        allowed = np.where(np.isnan(bulkhead), np.inf, np.where(np.isnan(depth), np.nan, np.where(deep, at, np.inf)))
        return allowed if np.ndim(allowed) else (None if np.isnan(allowed) else float(allowed))

    def reach_basis(self) -> str:
        return f"{fmt(self.p.limit, 'ft')} from the bulkhead"

    def reach_needs(self) -> str:
        return "soundings at the bulkhead (how deep the water is there)"

    def inapplicable(self, m, facts: Facts) -> str | None:
        if m["reach_from_bulkhead_ft"] is None:
            return "no bulkhead along the lot" + ("" if "bulkhead" in facts.layers else " (no bulkhead layer)")
        depth = m["bulkhead_depth_ft"]
        if depth is not None and not within(depth, self.p.depth, AT_LEAST):
            return f"the water at the bulkhead is {fmt(depth, 'ft')} deep at MLW, less than {fmt(self.p.depth, 'ft')}"
        return None

    def missing(self, m, facts: Facts) -> str | None:
        why = m.why_missing("bulkhead_depth_ft") if hasattr(m, "why_missing") else ""
        return why or "give soundings (depths at MLW) reaching the bulkhead where the dock meets it"

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        given = m.input_missing("bulkhead_depth_ft") if hasattr(m, "input_missing") else None
        return (given or "layers.soundings",)

    def message(self, m, facts, value, limit, ok) -> str:
        shown, bound = fmt_pair(value, limit, "ft")
        return (
            f"the water at the bulkhead is {fmt(m['bulkhead_depth_ft'], 'ft')} deep at MLW (at least {fmt(self.p.depth, 'ft')}): "
            f"the dock reaches {shown} from it, {'within' if ok else 'past'} the {bound} limit"
        )
