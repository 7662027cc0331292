"""A dock's size: the total area of listed components, in tiers by the waterway's width; its width along the shore.

* ``total-area``: the sum of the listed components' areas (``include``, less
  ``exclude``), a lift counted by the area its frame bounds, one lift left out when
  it is no bigger than ``free_lift_sqft``; at most ``limit``, or the limit of the
  tier the waterway's width falls in (South Carolina R.30-12: pierheads, floats and
  the area inside lifts counted, walkways and ramps not, one lift up to 160 sq ft
  not counted, nor on creeks under 20 ft; 50 sq ft on creeks 10 to 20 ft wide, 120 sq ft
  20 to 50 ft wide, 160 sq ft to 150 ft, 600 sq ft beyond; Austin, TX §25-2-1176(A)(5): 1,200 sq ft in all);
* ``along-shore-width``: the dock's extent parallel to the shore at most
  ``fraction`` of the frontage, never under ``min_ft`` nor over ``max_ft`` (Austin, TX
  §25-2-1176(A)(4): 20 % of the frontage, 14 ft where the frontage is 70 ft or less).

The areas are :mod:`dockreview.measure.areas`' (each component kind's union, in
square feet); the width the tiers read is measured as for the waterway kinds
(:mod:`dockreview.rules.kinds.waterway`: ``width_method``, ``reference``).
"""

from __future__ import annotations

import numpy as np

from dockreview.errors import ProfileError
from dockreview.inputs.manifest import COMPONENTS
from dockreview.measure.areas import LIFTS, area_field
from dockreview.rules.base import (
    AT_MOST,
    FAIL,
    NEEDS_DATA,
    PASS,
    CheckResult,
    Facts,
    fmt,
    fmt_pair,
    not_above,
    not_below,
    tier,
)
from dockreview.rules.kind import Bound, Param, RuleKind, register
from dockreview.rules.kinds.tiers import AcrossOrSquareToShore
from dockreview.rules.kinds.waterway import WaterwayKind, as_float, scalar


@register
class TotalArea(AcrossOrSquareToShore, WaterwayKind):
    """The summed area of the listed components at most ``limit``, or at most the tier limit of the waterway's width.

    ``free_lift_from_ft`` grants the free lift only on waterways at least that wide
    (South Carolina: "no boat lifts" on creeks under 20 ft, where a lift is counted).
    Tiers: ``tier_widths_ft`` are the tiers' lower edges (a width at least
    ``tier_widths_ft[i]``, up to the at-the-limit :func:`~dockreview.rules.base.slack`,
    is in tier ``i + 1``; under the first edge, tier 0) and
    ``tier_limits_sqft`` one limit per tier, one more than the edges. Used by South
    Carolina R.30-12 (tiers by creek width between the marsh vegetation lines) and
    Austin, TX §25-2-1176(A)(5) (1,200 sq ft, no tiers).

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset("sc-ocrm").rule("dock-area")
    >>> rule.requirement({"vegetation_width_square_to_centerline_ft": np.array([9.0, 15.0, 20.0, 50.0, 51.0, 150.0, 150.99996, 200.0])}).tolist()
    [0.0, 50.0, 120.0, 120.0, 160.0, 160.0, 600.0, 600.0]
    """

    name = "total-area"
    sense = AT_MOST
    unit = "sq ft"
    protrudes = False
    params = (
        Param("include", "codes", COMPONENTS, doc="the component kinds counted (default: every kind)"),
        Param("exclude", "codes", (), doc="component kinds left out"),
        Param("free_lift_sqft", default=0.0, doc="the largest lift no bigger than this is not counted, sq ft"),
        Param("limit", default=None, doc="the greatest total area, sq ft (without tiers)"),
        Param("tier_widths_ft", "numbers", (), doc="the tiers' lower edges: waterway widths, ft"),
        Param("tier_limits_sqft", "numbers", (), doc="each tier's greatest area, sq ft (one more than the edges)"),
        Param("free_lift_from_ft", default=0.0, doc="the free lift only on waterways at least this wide, ft"),
        *WaterwayKind.common,
        *AcrossOrSquareToShore.fallback_params,
    )

    def __init__(self, spec, profile) -> None:
        super().__init__(spec, profile)
        where = f"profile {profile.source}: [checks.{self.id}]"
        unknown = sorted((set(self.p.include) | set(self.p.exclude)) - set(COMPONENTS))
        if unknown:
            raise ProfileError(f"{where} component '{unknown[0]}' is not one of {', '.join(COMPONENTS)}")
        edges, limits = self.p.tier_widths_ft, self.p.tier_limits_sqft
        if (self.p.limit is None) == (not limits):
            raise ProfileError(f"{where} gives either limit or tier_widths_ft with tier_limits_sqft")
        if limits and (len(limits) != len(edges) + 1 or list(edges) != sorted(edges)):
            raise ProfileError(f"{where} needs tier_widths_ft in increasing order and one more tier_limits_sqft than edges")
        self.kinds = tuple(k for k in COMPONENTS if k in self.p.include and k not in self.p.exclude)

    @property
    def uses_width(self) -> bool:
        return bool(self.p.tier_limits_sqft) or self.p.free_lift_from_ft > 0

    @property
    def reads(self) -> tuple[str, ...]:  # type: ignore[override]
        areas = tuple(area_field(k) for k in self.kinds) + ("lift_areas_sqft",)
        return areas + (self.width_fields + self.shore_fields if self.uses_width else ())

    @property
    def needs(self) -> tuple[str, ...]:  # type: ignore[override]
        return super().needs if self.uses_width else ()

    def requirement(self, figures):
        """The area allowed: ``limit``, or the tier limit of the waterway's width (NaN / None when it is unknown)."""
        if not self.p.tier_limits_sqft:
            return self.p.limit
        width = self.width(figures)
        limits = np.where(np.isnan(width), np.nan, np.asarray(self.p.tier_limits_sqft)[tier(width, self.p.tier_widths_ft)])
        return scalar(limits)

    def free_lift(self, m):
        """The area of the lift left out of the total: the largest no bigger than ``free_lift_sqft`` (0 when none), on a
        waterway at least ``free_lift_from_ft`` wide (0 on a narrower one or one of unknown width; an array over lots).

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> rule = ruleset("sc-ocrm").rule("dock-area")
        >>> rule.free_lift({"lift_areas_sqft": (140.0,), "vegetation_width_square_to_centerline_ft": np.array([15.0, 20.0, 50.0])}).tolist()
        [0.0, 140.0, 140.0]
        """
        if not self.p.free_lift_sqft or not any(k in self.kinds for k in LIFTS):
            return 0.0
        fits = [a for a in m["lift_areas_sqft"] if not_above(a, self.p.free_lift_sqft)]
        free = max(fits, default=0.0)
        if not self.p.free_lift_from_ft:
            return free
        here = np.where(not_below(as_float(self.width(m)), self.p.free_lift_from_ft), free, 0.0)
        return here if np.ndim(here) else float(here)

    def total(self, m):
        """The area counted (sq ft): the included kinds' areas less the free lift."""
        return sum(as_float(m[area_field(k)]) for k in self.kinds) - self.free_lift(m)

    def statuses(self, figures) -> np.ndarray:
        """pass, fail or needs-data for every lot of ``figures`` (the free lift read from its scalar list)."""
        return self._statuses(self.total(figures), as_float(self.requirement(figures)))

    def dock_statuses(self, m, facts: Facts, row, n: int) -> np.ndarray:
        """The arrays' statuses; one dock at a time where a lift may be left out of the total (each dock's own lifts)."""
        if self.p.free_lift_sqft and any(k in self.kinds for k in LIFTS):
            return RuleKind.dock_statuses(self, m, facts, row, n)
        return super().dock_statuses(m, facts, row, n)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        total, limit = float(self.total(m)), self.requirement(m)
        counted = [f"{k.replace('_', ' ')} {fmt(m[area_field(k)], 'sq ft')}" for k in self.kinds if m[area_field(k)]]
        free = self.free_lift(m)
        terms = " + ".join(counted) or "nothing"
        if free:
            terms += f" − one lift not counted ({fmt(free, 'sq ft')}, at most {fmt(self.p.free_lift_sqft, 'sq ft')})"
        elif self.p.free_lift_from_ft and m["lift_areas_sqft"]:
            terms += f" (no lift left out on a waterway under {fmt(self.p.free_lift_from_ft, 'ft')} wide)"
        left_out = [k.replace("_", " ") for k in COMPONENTS if k not in self.kinds]
        if limit is None:
            message = f"{terms} = {fmt(total, 'sq ft')}; the tier is unknown: {self._missing(m)}"
            return self.result(NEEDS_DATA, message, value=total, needs=self._supply(m))
        shown, bound = fmt_pair(total, limit, self.unit)
        ok = bool(not_above(total, limit))
        tier = ""
        if self.uses_width:
            tier = f" for a waterway {fmt(scalar(self.width(m)), 'ft')} wide ({self._basis(m)})"
        message = f"{terms} = {shown}; {'within' if ok else 'exceeds'} the {bound} allowed{tier}"
        if left_out:
            message += f"; not counted: {', '.join(left_out)}"
        return self.result(PASS if ok else FAIL, message, value=total, limit=limit)


@register
class AlongShoreWidth(Bound):
    """The dock's extent parallel to the shore at most ``fraction`` × frontage, at least ``min_ft`` and at most ``max_ft``.

    Used by Austin, TX §25-2-1176(A)(4): 20 % of the frontage, and 14 ft where the
    frontage is no more than 70 ft (``fraction = 0.2``, ``min_ft = 14``). The extent is
    measured along the frontage chord, every component included.

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset("lake-austin-tx").rule("width-along-shore")
    >>> rule.requirement({"frontage_ft": np.array([50.0, 70.0, 100.0])}).tolist()
    [14.0, 14.0, 20.0]
    """

    name = "along-shore-width"
    sense = AT_MOST
    unit = "ft"
    measure = "along_shore_extent_ft"
    what = "the dock's width along the shore"
    reads = ("along_shore_extent_ft", "frontage_ft")
    geometric = True
    params = (
        Param("fraction", default=0.0, doc="share of the frontage"),
        Param("min_ft", default=0.0, doc="the limit is never less than this, ft"),
        Param("max_ft", default=np.inf, doc="nor more than this, ft"),
    )

    def requirement(self, figures):
        frontage = np.asarray(figures["frontage_ft"], dtype=float)
        return scalar(np.minimum(np.maximum(self.p.fraction * frontage, self.p.min_ft), self.p.max_ft))

    def message(self, m, facts, value, limit, ok) -> str:
        shown, bound = fmt_pair(value, limit, "ft")
        basis = f"{self.p.fraction:.0%} of the {fmt(m['frontage_ft'], 'ft')} frontage"
        if not self.p.fraction:
            return f"{self.what} {shown} {'within' if ok else 'exceeds'} the {bound} limit"
        if self.p.fraction * m["frontage_ft"] < self.p.min_ft:
            basis = f"at least {fmt(self.p.min_ft, 'ft')} on a {fmt(m['frontage_ft'], 'ft')} frontage"
        return f"{self.what} {shown} {'within' if ok else 'exceeds'} the {bound} limit ({basis})"
