"""How far the dock may reach, and what its seaward end keeps clear of (Kings Point Docks D(1), D(2)(a)[1]).

* ``reach``: the greater of the reach from the reference line and the length
  along the dock's axis, at most ``limit`` (200 ft), so a dock angled along the
  shore is not favoured;
* ``navigable-reach``: no longer than needed to reach navigable depth (the
  vessel's draft plus a clearance) plus the float's extent, and never past the
  cap (the reach limit);
* ``terminus-clearance``: the seaward terminus at least ``limit`` from a layer's
  features (channels, fairways, anchorages; other docks); with ``from =
  "whole-dock"``, every part of the dock, piles included (Wrightsville Beach, NC:
  "within 15 feet of any other pier"), other docks leaving out those of the
  dock's own mooring system (:mod:`dockreview.measure.clearances`).
"""

from __future__ import annotations

import numpy as np

from dockreview.rules.base import (
    AT_LEAST,
    AT_MOST,
    FAIL,
    NEEDS_DATA,
    PASS,
    CheckResult,
    Facts,
    fmt,
    fmt_pair,
    not_above,
)
from dockreview.rules.kind import Bound, Param, register


@register
class Reach(Bound):
    """max(reach, length along the axis) at most ``limit``."""

    name = "reach"
    limits_reach = True
    sense = AT_MOST
    unit = "ft"
    measure = "overall_reach_ft"
    what = "reach"
    reads = ("overall_reach_ft", "reach_ft", "length_ft")
    geometric = True
    between_layers = True
    params = (Param("limit", doc="the greatest reach, ft"),)

    def reach_basis(self) -> str:
        return ""  # the reach limit itself

    def reach_allowed(self, figures=None):
        """The limit, on every lot.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> ruleset().rule("reach").reach_allowed()
        200.0
        """
        return self.p.limit

    def message(self, m, facts, value, limit, ok) -> str:
        return (
            f"reach from the MHW line {fmt(m['reach_ft'], 'ft')}, length along the axis {fmt(m['length_ft'], 'ft')}; "
            f"limit {fmt(limit, 'ft')}"
        )


def _nan(value):
    return np.nan if value is None else value


@register
class NavigableReach(Bound):
    """max(reach, length) at most min(``cap``, navigable reach + float extent).

    Needs data without soundings or a vessel draft, and when the soundings stop
    short along the axis before the required depth is found. When they cover the
    axis out to the cap and the depth is never reached, the cap alone applies.
    """

    name = "navigable-reach"
    limits_reach = True
    sense = AT_MOST
    unit = "ft"
    measure = "overall_reach_ft"
    what = "dock reach"
    reads = ("overall_reach_ft", "nav_reach_ft", "depth_coverage_ft", "float_extent_ft", "required_depth_ft")
    geometric = True
    between_layers = True
    needs = ("soundings", "draft")
    params = (
        Param("cap", doc="the reach limit, ft"),
        Param("clearance", default=1.0, doc="water under the keel beyond the vessel's draft, ft"),
    )

    def depth_clearance_ft(self) -> float:
        return self.p.clearance

    def requirement(self, figures):
        """The reach the depth allows: min(cap, navigable reach + float extent); the cap when the soundings
        cover it without reaching the depth; NaN (None for one lot) when they stop short.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> rule = ruleset().rule("navigable-reach")
        >>> rule.requirement({"nav_reach_ft": 116.0, "depth_coverage_ft": 200.0, "float_extent_ft": 10.0})
        126.0
        >>> rule.requirement({"nav_reach_ft": None, "depth_coverage_ft": 200.0, "float_extent_ft": 0.0})
        200.0
        >>> rule.requirement({"nav_reach_ft": None, "depth_coverage_ft": 80.0, "float_extent_ft": 0.0}) is None
        True
        """
        nav = np.asarray(_nan(figures["nav_reach_ft"]), dtype=float)
        covered = np.asarray(_nan(figures["depth_coverage_ft"]), dtype=float)
        extent = np.asarray(_nan(figures.get("float_extent_ft", 0.0)), dtype=float)
        cap = self.p.cap
        allowed = np.where(np.isfinite(nav), np.minimum(cap, nav + np.nan_to_num(extent)), np.where(covered >= cap, cap, np.nan))
        if np.ndim(allowed) == 0:
            return None if np.isnan(allowed) else float(allowed)
        return allowed

    def reach_allowed(self, figures=None):
        """The cap on every lot; with the soundings' figures, the reach the depth allows (:meth:`requirement`).

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> rule = ruleset().rule("navigable-reach")
        >>> rule.reach_allowed(), rule.reach_allowed({"nav_reach_ft": 116.0, "depth_coverage_ft": 200.0, "float_extent_ft": 10.0})
        (200.0, 126.0)
        """
        if figures is None or "nav_reach_ft" not in figures or "depth_coverage_ft" not in figures:
            return self.p.cap
        return self.requirement(figures)

    def reach_basis(self) -> str:
        return "navigable depth"

    def reach_needs(self) -> str:
        return "soundings covering the lot's water far enough along its axis to find navigable depth"

    def evaluate(self, m, facts: Facts) -> CheckResult:
        cap = self.p.cap
        value = m["overall_reach_ft"]
        if facts.draft_ft is None or m["required_depth_ft"] is None:
            return self.result(NEEDS_DATA, "give [vessel] draft_ft (the boat the dock serves)", value=value, needs=("[vessel] draft_ft",))
        if "soundings" not in facts.layers:
            message = "no soundings layer: add layers.soundings to find navigable depth"
            return self.result(NEEDS_DATA, message, value=value, needs=("layers.soundings",))
        required = f"required depth {fmt(m['required_depth_ft'], 'ft')} below MLW"
        limit = self.requirement(m)
        if limit is None:
            if not m["depth_coverage_ft"]:
                message = (
                    f"{required} not found on the axis: the soundings do not cover it from the MHW line; extend them "
                    f"to the shore and out to {fmt(cap, 'ft')}"
                )
            else:
                message = (
                    f"{required} not found on the axis: the soundings cover it only to "
                    f"{fmt(m['depth_coverage_ft'], 'ft')} from the MHW line; extend them to {fmt(cap, 'ft')}"
                )
            return self.result(NEEDS_DATA, message, value=value, needs=("soundings along the dock's axis",))
        if m["nav_reach_ft"] is None:
            basis = f"{required} never reached within {fmt(cap, 'ft')}: the {fmt(cap, 'ft')} cap alone applies"
        else:
            basis = (
                f"{required} reached {fmt(m['nav_reach_ft'], 'ft')} along the axis; with the float's "
                f"{fmt(m['float_extent_ft'], 'ft')} the dock may reach {fmt(limit, 'ft')}"
            )
        ok = bool(not_above(value, limit))
        shown, allowed = fmt_pair(value, limit, "ft")
        message = f"dock reaches {shown}, {'within' if ok else 'exceeds'} the allowed {allowed}; {basis}"
        return self.result(PASS if ok else FAIL, message, value=value, limit=limit)


@register
class TerminusClearance(Bound):
    """The seaward terminus (or, ``from = "whole-dock"``, every part of the dock) at least ``limit`` from every
    feature of the layer ``target`` (channels or docks).

    Examples
    --------
    >>> from dockreview.profile import parse_profile
    >>> from dockreview.rules import ruleset
    >>> law = {"checks": {"apart": {"kind": "terminus-clearance", "section": "(A)(4)", "limit": 15, "target": "docks",
    ...                             "from": "whole-dock"}}}
    >>> rule = ruleset(parse_profile(law, "t")).rule("apart")
    >>> rule.measure, rule.statuses({"dock_clearance_whole_ft": np.array([12.0, 15.0])}).tolist()
    ('dock_clearance_whole_ft', ['fail', 'pass'])
    """

    name = "terminus-clearance"
    sense = AT_LEAST
    unit = "ft"
    geometric = True
    between_layers = True
    params = (
        Param("limit", doc="the least clearance, ft"), Param("target", "text", doc="channels or docks"),
        Param("from", "text", "terminus", doc="terminus / whole-dock (every part of the dock; docks only)"),
    )

    def __init__(self, spec, profile) -> None:
        super().__init__(spec, profile)
        from dockreview.errors import ProfileError

        if self.p.target not in ("channels", "docks"):
            raise ProfileError(f"profile {profile.source}: [checks.{self.id}] target must be \"channels\" or \"docks\"")
        if self._from not in ("terminus", "whole-dock") or (self.whole and self.p.target != "docks"):
            raise ProfileError(f"profile {profile.source}: [checks.{self.id}] from must be \"terminus\", or \"whole-dock\" with target \"docks\"")

    @property
    def _from(self) -> str:
        return getattr(self.p, "from")

    @property
    def whole(self) -> bool:
        """Whether every part of the dock is held clear, not only its seaward terminus."""
        return self._from == "whole-dock"

    @property
    def measure(self) -> str:  # type: ignore[override]
        if self.whole:
            return "dock_clearance_whole_ft"
        return "channel_clearance_ft" if self.p.target == "channels" else "dock_clearance_ft"

    @property
    def what(self) -> str:  # type: ignore[override]
        if self.whole:
            return "any part of the dock to the nearest other dock (not of its mooring system)"
        return f"seaward terminus to the nearest {self.p.target[:-1]}"

    @property
    def reads(self) -> tuple[str, ...]:  # type: ignore[override]
        return (self.measure,)

    def dimensions(self) -> tuple[str, ...]:
        return () if self.whole else (f"{self.p.target[:-1]}_clearance",)

    def clearance_from(self, target: str) -> float | None:
        return self.p.limit if target == self.p.target else None

    @property
    def needs(self) -> tuple[str, ...]:  # type: ignore[override]
        return (self.p.target,)

    def missing(self, m, facts: Facts) -> str | None:
        layer = self.p.target
        return f"no {layer} layer given: add layers.{layer} to the manifest to decide this standard"

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        return (f"layers.{self.p.target}",)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        out = super().evaluate(m, facts)
        if self.p.target in facts.empty_layers:
            return self.result(out.status, f"the {self.p.target} layer is given but holds no features", value=out.value, limit=out.limit)
        return out
