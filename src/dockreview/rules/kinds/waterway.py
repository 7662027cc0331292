"""The waterway: a dock's protrusion as a share of its width, the navigable width left, no dock on narrow water.

* ``waterway-protrusion``: the dock protrudes at most ``fraction`` of the waterway's
  width and/or ``max_ft`` (Levy County, FL §50-687(1)f: "500 feet or 25 percent of the
  width of the water body ..., whichever is less"; Austin, TX §25-2-1176(A)(1)-(2):
  30 ft, and 20 % of the channel's width measured square to its centreline);
* ``waterway-clear-width``: the width left beside the dock at least ``fraction`` of the
  width and/or ``min_ft`` (Collier County, FL LDC 5.03.06.C.3: 33 % of a manmade canal of
  60 ft or less left navigable; C.2.b's 50 % under its administrative variance);
* ``waterway-min-width``: no dock on water narrower than ``limit`` (Pembroke Pines, FL
  §155.622: 100 ft measured square to the lot).

The width is measured by ``width_method`` (``along-axis``, ``perpendicular-to-shore``,
``perpendicular-to-centerline``, ``average-along-frontage``, ``narrowest-along-span``)
from ``reference`` (``mhw``, ``bulkhead``, ``vegetation`` and ``mlw`` for widths only, or
several: the most restrictive of those the site gives -- the narrowest width and the
greatest protrusion; ``most-restrictive`` is ``["mhw", "bulkhead"]``); both default to
the profile's ``[waterway]`` table, else ``along-axis`` from ``mhw``. A protrusion check
may measure from other lines than its width's (``measured_from``: ``mhw``, ``bulkhead``,
``mlw``, ``property`` -- the lot's parcel boundary): the most restrictive of those the
site gives governs (the greatest protrusion: the most landward line at the dock), and
the finding names it. The figures are the measurements of
:mod:`dockreview.measure.waterway`: the protrusion from MHW is ``reach_ft`` (the farthest
point of the dock from the frontage), from the bulkhead ``reach_from_bulkhead_ft``, from
the MLW line ``reach_from_mlw_ft``, past the parcel ``reach_from_property_ft``;
``with_vessel = true`` counts the moored vessel (``[vessel]``, :mod:`dockreview.measure.vessel`).

Each kind's :meth:`requirement` and :meth:`statuses` take a scalar Measurements or a
mapping of numpy arrays (NaN for an unknown figure), so the screen decides whole
layers with the same formula: ``figures`` then needs the width fields of the check's
``width_fields`` and, for protrusion and clear width, its ``protrusion_fields``.
"""

from __future__ import annotations

import math

import numpy as np

from dockreview.errors import ProfileError
from dockreview.measure.waterway import METHODS, REFERENCES, width_field
from dockreview.rules.base import (
    AT_LEAST,
    AT_MOST,
    FAIL,
    NEEDS_DATA,
    NOT_APPLICABLE,
    PASS,
    CheckResult,
    Facts,
    fmt,
    fmt_pair,
    not_above,
    not_below,
    within,
)
from dockreview.rules.kind import Param, RuleKind, register

#: ``reference = "most-restrictive"``: the lines a dock's protrusion may be measured from.
MOST_RESTRICTIVE = ("mhw", "bulkhead")
#: ``measured_from``: every line a protrusion may be measured from (``property``: the lot's parcel boundary).
LINES = ("mhw", "bulkhead", "mlw", "property")
#: ``boat_lift``: a protrusion limit for any dock, a dock with a boat lift, or one without.
LIFT_CASES = ("any", "with", "without")
_WORDS = {
    "along-axis": "along the dock's axis",
    "perpendicular-to-shore": "square to the lot's shore",
    "perpendicular-to-centerline": "square to the centreline",
    "average-along-frontage": "averaged along the frontage",
    "narrowest-along-span": "square to the lot, the narrowest across the dock's span",
}
_LINE = {
    "mhw": "the MHW line", "bulkhead": "the bulkhead", "vegetation": "the marsh vegetation's edge", "mlw": "the MLW line",
    "property": "the property line",
}
_PROTRUSION = {"mhw": "reach_ft", "bulkhead": "reach_from_bulkhead_ft", "mlw": "reach_from_mlw_ft", "property": "reach_from_property_ft"}
_VESSEL_PROTRUSION = {"mhw": "vessel_reach_ft", "bulkhead": "vessel_reach_from_bulkhead_ft", "property": "vessel_reach_from_property_ft"}


def as_float(value) -> np.ndarray:
    return np.asarray(np.nan if value is None else value, dtype=float)


def scalar(value):
    """A 0-d result as a float (None for NaN); arrays as they are."""
    if np.ndim(value):
        return value
    value = float(value)
    return None if math.isnan(value) else value


class WaterwayKind(RuleKind):
    """What the waterway kinds share: the width method, the reference lines, the moored vessel."""

    unit = "ft"
    geometric = True
    between_layers = True
    #: Whether the protrusion is measured too (not for the minimum width).
    protrudes = True
    common = (
        Param("width_method", "text", None, "along-axis | perpendicular-to-shore | perpendicular-to-centerline | average-along-frontage | narrowest-along-span"),
        Param("reference", "texts", None, "mhw | bulkhead | vegetation, mlw (widths only) | several | most-restrictive"),
    )

    def __init__(self, spec, profile) -> None:
        super().__init__(spec, profile)
        where = f"profile {profile.source}: [checks.{self.id}]"
        settings = profile.settings.get("waterway", {})
        method = self.p.width_method or settings.get("width_method", "along-axis")
        if method not in METHODS:
            raise ProfileError(f"{where} width_method '{method}' is not one of {', '.join(METHODS)}")
        given = self.p.reference or settings.get("reference", ("mhw",))
        given = (given,) if isinstance(given, str) else tuple(given)
        references = tuple(dict.fromkeys(r for g in given for r in (MOST_RESTRICTIVE if g == "most-restrictive" else (g,))))
        allowed = MOST_RESTRICTIVE if self.protrudes and not getattr(self.p, "measured_from", None) else REFERENCES
        wrong = [r for r in references if r not in allowed]
        if wrong or not references:
            raise ProfileError(f"{where} reference '{(wrong or [''])[0]}' is not one of {', '.join(allowed)} (or most-restrictive)")
        self.method, self.references = method, references
        self.lines = self._lines(where)
        self.separate = self.lines != self.references

    def _lines(self, where: str) -> tuple[str, ...]:
        """The lines the protrusion is measured from: ``measured_from``, else the width's reference lines."""
        given = getattr(self.p, "measured_from", None)
        if not self.protrudes or not given:
            return self.references
        vessel = getattr(self.p, "with_vessel", False)
        allowed = tuple(r for r in LINES if not vessel or r in _VESSEL_PROTRUSION)
        wrong = [r for r in given if r not in allowed]
        if wrong:
            raise ProfileError(f"{where} measured_from '{wrong[0]}' is not one of {', '.join(allowed)}" + (" (with the vessel)" if vessel else ""))
        return tuple(dict.fromkeys(given))

    # -- the figures --------------------------------------------------------------------------------------
    @property
    def width_fields(self) -> tuple[str, ...]:
        """The Measurements fields of the width, one per reference line."""
        return tuple(width_field(self.method, r) for r in self.references)

    @property
    def protrusion_fields(self) -> tuple[str, ...]:
        """The Measurements fields of the protrusion, one per reference line (with the vessel when asked)."""
        table = _VESSEL_PROTRUSION if getattr(self.p, "with_vessel", False) else _PROTRUSION
        return tuple(table[r] for r in self.lines) if self.protrudes else ()

    @property
    def reads(self) -> tuple[str, ...]:  # type: ignore[override]
        return self.width_fields + self.protrusion_fields

    @property
    def needs(self) -> tuple[str, ...]:  # type: ignore[override]
        needs = ["centerline"] if self.method == "perpendicular-to-centerline" and self.uses_width else []
        if "mhw" not in self.references and (self.uses_width or not self.separate):
            needs.extend(r for r in self.references if r != "mlw")  # an MLW line may be drawn from the soundings
        if getattr(self.p, "with_vessel", False):
            needs.append("vessel")
        return tuple(needs)

    @property
    def uses_width(self) -> bool:
        """Whether the check needs the width (a protrusion limited by a distance alone does not)."""
        return True

    def _known(self, figures, *, protrusion: bool = False) -> np.ndarray:
        """Per reference line (first axis), whether its width (when used) and, with ``protrusion``, its protrusion are known."""
        if protrusion and self.separate:  # the lines measured from, whatever the width's
            return np.array([np.isfinite(as_float(figures.get(f))) for f in self.protrusion_fields])
        fields = [self.width_fields] if self.uses_width or not protrusion else []
        fields += [self.protrusion_fields] if protrusion else []
        return np.all([[np.isfinite(as_float(figures.get(f))) for f in group] for group in fields], axis=0)

    def width(self, figures):
        """The waterway's width (ft): the narrowest of the reference lines' widths that are known (NaN: none)."""
        widths = np.array([as_float(figures.get(f)) for f in self.width_fields])
        return np.fmin.reduce(widths, axis=0)

    def protrusion(self, figures):
        """The dock's protrusion (ft): the greatest from the lines measured from that are known (with the width's
        reference lines, those whose width, when used, is known too); NaN with ``every_line`` when one is unknown."""
        known = self._known(figures, protrusion=True)
        out = np.array([np.where(k, as_float(figures.get(f)), np.nan) for f, k in zip(self.protrusion_fields, known)])
        value = np.fmax.reduce(out, axis=0)
        return np.where(np.all(known, axis=0), value, np.nan) if getattr(self.p, "every_line", False) else value

    def governing(self, figures) -> str | None:
        """The line the protrusion of one dock is measured from: the most restrictive of those known (None: none)."""
        known = self._known(figures, protrusion=True)
        values = [as_float(figures.get(f)) if k else -math.inf for f, k in zip(self.protrusion_fields, known)]
        return self.lines[int(np.argmax(values))] if any(bool(k) for k in known) else None

    def reach_at(self, figures, protrusion):
        """The dock's reach from the MHW line at which its protrusion would be ``protrusion`` (ft; NaN unknown).

        The protrusion is measured from the reference line (the MHW line, a
        bulkhead) and with the moored vessel when asked; the dock's reach differs
        from it by the same amount wherever its seaward end stands.
        """
        reach = as_float(figures.get("reach_ft"))
        return np.asarray(protrusion, dtype=float) + reach - self.protrusion(figures)

    def reach_basis(self) -> str:
        share = getattr(self.p, "fraction", 0.0)
        return f"{share:.0%} of the waterway" if share else self.section

    def reach_needs(self) -> str:
        """What the reach this check allows hangs on: the waterway's width (and the protrusion's line)."""
        lines = " and ".join(_LINE[r] for r in self.references)
        return f"the waterway's width {_WORDS[self.method]} from {lines}"

    def _unknown(self, m) -> list[str]:
        lines = self.protrusion_fields
        if self.separate and not getattr(self.p, "every_line", False) and any(m[f] is not None for f in lines):  # one line known is enough
            lines = ()
        fields = (self.width_fields if self.uses_width else ()) + lines
        return [f for f in fields if m[f] is None]

    def _missing(self, m) -> str:
        why = getattr(m, "why_missing", lambda key, default="": default)
        reasons = [why(f) for f in self._unknown(m)]
        return "; ".join(dict.fromkeys(r for r in reasons if r)) or "the waterway's width is unknown"

    def _supply(self, m) -> tuple[str, ...]:
        """The inputs to supply for the unknown figures (``"layers.centerline"``)."""
        given = getattr(m, "input_missing", lambda key: None)
        return tuple(dict.fromkeys(n for n in (given(f) for f in self._unknown(m)) if n))

    def _basis(self, m) -> str:
        """Which line and method the figures are from, with the lines left out for want of data."""
        known = self._known(m, protrusion=self.protrudes and not self.separate)
        used = [r for r, k in zip(self.references, known) if k]
        text = f"width {_WORDS[self.method]} from {' and '.join(_LINE[r] for r in used)}"
        if len(self.references) > 1:
            left = [r for r, k in zip(self.references, known) if not k]
            text += " (the most restrictive)" + (f"; {', '.join(left)} not given" if left else "")
        return text + (self._line_basis(m) if self.separate else "")

    def _line_basis(self, m) -> str:
        """Which line governed the protrusion, among the lines measured from, and those the site does not give."""
        line = self.governing(m)
        if line is None:
            return ""
        left = [r for r, k in zip(self.lines, self._known(m, protrusion=True)) if not k]
        among = f", the most restrictive of {', '.join(_LINE[r] for r in self.lines)}" if len(self.lines) > 1 else ""
        return f"; protrusion from {_LINE[line]}{among}" + (f" ({', '.join(left)} not given)" if left else "")

    def _statuses(self, value, limit, applies=True) -> np.ndarray:
        value, limit = np.asarray(value, dtype=float), np.broadcast_to(np.asarray(limit, dtype=float), np.shape(value))
        known = np.isfinite(value) & ~np.isnan(limit)
        ok = within(np.where(known, value, 0.0), np.where(known, limit, 0.0), self.sense)
        out = np.where(known, np.where(ok, PASS, FAIL), NEEDS_DATA)
        return np.where(applies, out, NOT_APPLICABLE)

    def _result(self, value, limit, message: str) -> CheckResult:
        if value is None or limit is None:
            return self.result(NEEDS_DATA, message, value=value, limit=limit)
        ok = bool(within(value, limit, self.sense))
        return self.result(PASS if ok else FAIL, message, value=value, limit=limit)


def _limit(fraction: float, width, distance: float | None, combine: str):
    """``fraction`` × width combined with ``distance`` (the lesser or the greater); either alone when the other is absent."""
    share = np.asarray(fraction, dtype=float) * as_float(width) if fraction else None
    if share is None and distance is None:
        return np.asarray(np.nan)
    if share is None:
        return np.broadcast_to(np.asarray(distance, dtype=float), np.shape(as_float(width))).astype(float)
    if distance is None:
        return share
    return np.minimum(share, distance) if combine == "lesser" else np.maximum(share, distance)


def _combine_param(self) -> None:
    if self.p.combine not in ("lesser", "greater"):
        raise ProfileError(f"profile {self.profile.source}: [checks.{self.id}] combine must be \"lesser\" or \"greater\"")
    if not self.p.fraction and self.p.__dict__.get("max_ft", self.p.__dict__.get("min_ft")) is None:
        raise ProfileError(f"profile {self.profile.source}: [checks.{self.id}] gives no limit: set fraction and/or a distance")


@register
class WaterwayProtrusion(WaterwayKind):
    """The dock's protrusion at most ``fraction`` of the waterway's width and/or ``max_ft`` (the lesser by default).

    Used by Levy County, FL §50-687(1)f (25 % of the width on rivers and canals, or
    500 ft, whichever is less) and Austin, TX §25-2-1176(A)(1), (2) (30 ft; 20 % of
    the channel's width square to its centreline). The check applies only on
    waterways at least ``width_from_ft`` and under ``width_below_ft`` wide (Collier
    County's tiers), and with ``boat_lift = "with"`` (``"without"``) only to a dock
    with (without) a boat lift (Hernando County's 30 ft / 20 % and 25 ft / 17 %),
    else it is not applicable. ``measured_from`` names the lines the protrusion is
    measured from, the most restrictive governing (Collier County's measurement line).

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset("levy-county-fl").rule("waterway-share")
    >>> float(rule.requirement({"width_square_to_shore_ft": 120.0}))
    30.0
    >>> rule.statuses({"width_square_to_shore_ft": np.array([120.0, 150.0, np.nan]),
    ...                "reach_ft": np.array([35.0, 35.0, 35.0])}).tolist()
    ['fail', 'pass', 'needs-data']

    A fixed dock's limit, from the more landward of the MLW line and the property line:

    >>> from dockreview.profile import parse_profile
    >>> law = {"checks": {"fixed": {"kind": "waterway-protrusion", "section": "s", "fraction": 0.17, "max_ft": 25,
    ...        "reference": "mlw", "measured_from": ["mlw", "property"], "boat_lift": "without"}}}
    >>> rule = ruleset(parse_profile(law, "t")).rule("fixed")
    >>> figures = {"mlw_width_along_axis_ft": np.array([90.0, 90.0, 90.0]), "reach_from_mlw_ft": np.array([14.0, 14.0, 14.0]),
    ...            "reach_from_property_ft": np.array([16.0, np.nan, 16.0]), "boat_lift_count": np.array([0, 0, 1])}
    >>> rule.statuses(figures).tolist(), round(float(rule.requirement({"mlw_width_along_axis_ft": 90.0})), 6)
    (['fail', 'pass', 'not-applicable'], 15.3)
    """

    name = "waterway-protrusion"
    limits_reach = True
    sense = AT_MOST
    params = (
        Param("fraction", default=0.0, doc="share of the waterway's width (0.25 = 25 %)"),
        Param("max_ft", default=None, doc="the greatest protrusion, ft"),
        Param("combine", "text", "lesser", doc="lesser | greater of the share and the distance"),
        *WaterwayKind.common,
        Param("with_vessel", "flag", False, doc="count the moored vessel ([vessel])"),
        Param("width_from_ft", default=0.0, doc="applies on waterways at least this wide, ft"),
        Param("width_below_ft", default=math.inf, doc="applies on waterways narrower than this, ft"),
        Param("measured_from", "texts", None, "mhw | bulkhead | mlw | property: the most restrictive governs (default: reference)"),
        Param("every_line", "flag", False, doc="every line of measured_from must be given (else needs data)"),
        Param("boat_lift", "text", "any", doc="any | with | without: applies to docks with (without) a boat lift"),
    )

    def __init__(self, spec, profile) -> None:
        super().__init__(spec, profile)
        _combine_param(self)
        if self.p.boat_lift not in LIFT_CASES:
            raise ProfileError(f"profile {profile.source}: [checks.{self.id}] boat_lift must be one of {', '.join(LIFT_CASES)}")

    @property
    def reads(self) -> tuple[str, ...]:  # type: ignore[override]
        return super().reads + (("boat_lift_count",) if self.p.boat_lift != "any" else ())

    @property
    def uses_width(self) -> bool:
        return bool(self.p.fraction) or self.p.width_from_ft > 0 or math.isfinite(self.p.width_below_ft)

    @property
    def tiered(self) -> bool:
        """Whether the check applies on some widths only (then an unknown width leaves its limit unknown)."""
        return self.p.width_from_ft > 0 or math.isfinite(self.p.width_below_ft)

    def _limit(self, width):
        """The limit for the waterway's ``width`` (NaN where a tiered check's width is unknown)."""
        limit = _limit(self.p.fraction, width, self.p.max_ft, self.p.combine)
        return np.where(np.isnan(width), np.nan, limit) if self.tiered else limit

    def requirement(self, figures):
        width = self.width(figures) if self.uses_width else np.full(np.shape(self.protrusion(figures)), np.nan)
        return scalar(self._limit(width))

    def reach_allowed(self, figures=None):
        """The distance where it holds on every waterway; with a waterway's figures, the reach its limit allows.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> rule = ruleset("levy-county-fl").rule("waterway-share")
        >>> rule.reach_allowed(), float(rule.reach_allowed({"width_square_to_shore_ft": 120.0, "reach_ft": 35.0}))
        (500.0, 30.0)
        """
        if figures is None:
            everywhere = self.p.width_from_ft <= 0 and math.isinf(self.p.width_below_ft)
            fixed = self.p.max_ft is not None and (self.p.combine == "lesser" or not self.p.fraction)
            return self.p.max_ft if everywhere and fixed else None
        width = self.width(figures) if self.uses_width else np.asarray(np.nan)
        limit = self._limit(width)  # a dock that may have a lift: it may apply
        return scalar(np.where(self._applies(width, figures), self.reach_at(figures, limit), np.inf))

    def protrusion_on_width(self, width):
        """The limit on a waterway ``width`` ft wide where the check holds there (inf elsewhere); inf for a check on
        docks with (without) a boat lift alone, since a dock of the other sort is not held to it.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> ruleset("levy-county-fl").rule("waterway-share").protrusion_on_width(np.array([120.0, 4000.0])).tolist()
        [30.0, 500.0]
        >>> ruleset("hernando-county-fl").rule("extent-fixed").protrusion_on_width(np.array([120.0])).tolist()
        [inf]
        """
        width = np.asarray(width, dtype=float)
        if self.p.boat_lift != "any":
            return np.full(width.shape, np.inf)
        return np.where(self._applies(width, {}), self._limit(width), np.inf)

    def _lift(self, figures):
        """Whether the dock has a boat lift (1, 0; NaN unknown), when the check asks; 1 when it does not."""
        if self.p.boat_lift == "any":
            return np.asarray(1.0)
        count = as_float(figures.get("boat_lift_count"))
        return np.where(np.isnan(count), np.nan, (count > 0) == (self.p.boat_lift == "with")).astype(float)

    def _applies(self, width, figures):
        """Where the check applies: the width in its tier and the dock with (without) a lift as it asks (unknown: it may)."""
        width = np.asarray(width, dtype=float)
        tier = np.isnan(width) | (not_below(width, self.p.width_from_ft) & ~not_below(width, self.p.width_below_ft))
        return tier & (self._lift(figures) != 0)

    def statuses(self, figures) -> np.ndarray:
        """pass, fail, needs-data or not-applicable for every lot of ``figures``."""
        protrusion = self.protrusion(figures)
        width = self.width(figures) if self.uses_width else np.full(np.shape(protrusion), np.nan)
        limit = np.where(np.isnan(self._lift(figures)), np.nan, self._limit(width))
        return self._statuses(protrusion, limit, self._applies(width, figures))

    def evaluate(self, m, facts: Facts) -> CheckResult:
        width, protrusion, limit = scalar(self.width(m)), scalar(self.protrusion(m)), self.requirement(m)
        if not bool(self._lift(m)):
            has = "has a boat lift" if m["boat_lift_count"] else "has no boat lift"
            return self.not_applicable(f"the dock {has}: this limit is for docks {self.p.boat_lift} one", limit=limit)
        if self.uses_width and width is not None and not bool(self._applies(width, m)):
            return self.not_applicable(f"the waterway is {fmt(width, 'ft')} wide ({self._basis(m)}): this limit is for other widths")
        if protrusion is None or limit is None:
            return self.result(NEEDS_DATA, self._missing(m), value=protrusion, limit=limit, needs=self._supply(m))
        shown, bound = fmt_pair(protrusion, limit, "ft")
        parts = []
        if self.p.fraction:
            parts.append(f"{self.p.fraction:.0%} of the width")
        if self.p.max_ft is not None:
            parts.append(fmt(self.p.max_ft, "ft"))
        joined = " or ".join(parts) + (f", whichever is {self.p.combine}" if len(parts) > 1 else "")
        boat = " with the moored vessel" if self.p.with_vessel else ""
        share = f" from {_LINE[self.references[0]]}" if len(self.references) == 1 and not self.separate else ""
        share = share or (self._line_basis(m).removeprefix("; protrusion") if self.separate and width is None else "")
        if width is not None:
            share = f", {100 * protrusion / width:.1f} % of the {fmt(width, 'ft')} waterway ({self._basis(m)})"
        ok = bool(within(protrusion, limit, self.sense))
        message = f"protrudes {shown}{boat}{share}; {'within' if ok else 'exceeds'} the {bound} limit ({joined})"
        return self._result(protrusion, limit, message)


@register
class WaterwayClearWidth(WaterwayKind):
    """The width left beside the dock (width − protrusion) at least ``fraction`` of the width and/or ``min_ft``.

    The greater of the two by default. The protrusion is measured as for
    ``waterway-protrusion`` (``with_vessel`` counts the moored vessel). The check
    applies only on waterways at most ``width_upto_ft`` wide (Collier County, FL LDC
    5.03.06.C.3: 33 % of manmade canals "60 feet or less in width" left navigable),
    else it is not applicable.

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> from dockreview.profile import parse_profile
    >>> p = parse_profile({"checks": {"clear": {"kind": "waterway-clear-width", "section": "s", "fraction": 0.5}}}, "t")
    >>> rule = ruleset(p).rule("clear")
    >>> float(rule.requirement({"width_along_axis_ft": 120.0})), float(rule.clear_width({"width_along_axis_ft": 120.0, "reach_ft": 35.0}))
    (60.0, 85.0)
    """

    name = "waterway-clear-width"
    limits_reach = True
    sense = AT_LEAST
    params = (
        Param("fraction", default=0.0, doc="share of the waterway's width left"),
        Param("min_ft", default=None, doc="the least width left, ft"),
        Param("combine", "text", "greater", doc="lesser | greater of the share and the distance"),
        *WaterwayKind.common,
        Param("with_vessel", "flag", False, doc="count the moored vessel ([vessel])"),
        Param("width_upto_ft", default=math.inf, doc="applies on waterways at most this wide, ft"),
    )

    def __init__(self, spec, profile) -> None:
        super().__init__(spec, profile)
        _combine_param(self)

    def _applies(self, width):
        """Where the check applies: a width up to ``width_upto_ft`` (an unknown width: it may), each edge up to the slack."""
        width = np.asarray(width, dtype=float)
        return np.isnan(width) | not_above(width, self.p.width_upto_ft)

    def clear_width(self, figures):
        """The width left beside the dock (ft; NaN unknown)."""
        return self.width(figures) - self.protrusion(figures)

    def requirement(self, figures):
        return scalar(_limit(self.p.fraction, self.width(figures), self.p.min_ft, self.p.combine))

    def reach_allowed(self, figures=None):
        """With a waterway's figures: the reach that leaves the required width clear beside the dock.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> from dockreview.profile import parse_profile
        >>> p = parse_profile({"checks": {"clear": {"kind": "waterway-clear-width", "section": "s", "fraction": 0.5}}}, "t")
        >>> ruleset(p).rule("clear").reach_allowed() is None, float(ruleset(p).rule("clear").reach_allowed(
        ...     {"width_along_axis_ft": 120.0, "reach_ft": 35.0}))
        (True, 60.0)
        """
        if figures is None:
            return None
        width = self.width(figures)
        reach = self.reach_at(figures, width - _limit(self.p.fraction, width, self.p.min_ft, self.p.combine))
        return scalar(np.where(self._applies(width), reach, np.inf))

    def protrusion_on_width(self, width):
        """The protrusion that leaves the required width clear on a waterway ``width`` ft wide (inf where the check
        does not hold).

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> ruleset("collier-county-fl").rule("canal-navigability").protrusion_on_width(np.array([60.0, 61.0])).round(6).tolist()
        [40.2, inf]
        """
        width = np.asarray(width, dtype=float)
        return np.where(self._applies(width), width - _limit(self.p.fraction, width, self.p.min_ft, self.p.combine), np.inf)

    def statuses(self, figures) -> np.ndarray:
        """pass, fail, needs-data or not-applicable for every lot of ``figures``."""
        width = self.width(figures)
        limit = _limit(self.p.fraction, width, self.p.min_ft, self.p.combine)
        return self._statuses(self.clear_width(figures), limit, self._applies(width))

    def evaluate(self, m, facts: Facts) -> CheckResult:
        clear, limit, width = scalar(self.clear_width(m)), self.requirement(m), scalar(self.width(m))
        if width is not None and not bool(self._applies(width)):
            return self.not_applicable(f"the waterway is {fmt(width, 'ft')} wide ({self._basis(m)}): this limit is for widths up to "
                                       f"{fmt(self.p.width_upto_ft, 'ft')}")
        if clear is None:
            return self.result(NEEDS_DATA, self._missing(m), limit=limit, needs=self._supply(m))
        shown, bound = fmt_pair(clear, limit, "ft")
        ok = bool(within(clear, limit, self.sense))
        message = (
            f"{shown} of the {fmt(width, 'ft')} waterway left beside the dock ({self._basis(m)}); "
            f"{'meets' if ok else 'is short of'} the required {bound}"
        )
        return self._result(clear, limit, message)


@register
class WaterwayMinWidth(WaterwayKind):
    """No dock on water narrower than ``limit``: the waterway's width at least ``limit`` (ft).

    Used by Pembroke Pines, FL §155.622 (100 ft, square to the lot) and by the
    tiers of South Carolina R.30-12 (no dock on creeks under 10 ft between the
    marsh vegetation lines).

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset("sc-ocrm").rule("creek-min-width")
    >>> rule.statuses({"vegetation_width_square_to_shore_ft": np.array([9.0, 10.0, np.nan])}).tolist()
    ['fail', 'pass', 'needs-data']
    """

    name = "waterway-min-width"
    sense = AT_LEAST
    protrudes = False
    params = (Param("limit", doc="the narrowest water a dock may stand on, ft"), *WaterwayKind.common)

    def requirement(self, figures):
        return self.p.limit

    def statuses(self, figures) -> np.ndarray:
        """pass, fail or needs-data for every lot of ``figures``."""
        return self._statuses(self.width(figures), self.p.limit)

    def width_denied(self, width):
        """True for each width under the limit (up to the slack of :func:`~dockreview.rules.base.within`)."""
        return self._statuses(width, self.p.limit) == FAIL

    def requirement_text(self) -> str:
        """The requirement in words ("water at least 100 ft wide")."""
        return f"water at least {self.p.limit:g} ft wide"

    def evaluate(self, m, facts: Facts) -> CheckResult:
        width = scalar(self.width(m))
        if width is None:
            return self.result(NEEDS_DATA, self._missing(m), limit=self.p.limit, needs=self._supply(m))
        shown, bound = fmt_pair(width, self.p.limit, "ft")
        ok = bool(within(width, self.p.limit, self.sense))
        message = f"waterway {shown} wide ({self._basis(m)}); {'at least' if ok else 'narrower than'} the {bound} a dock needs"
        return self._result(width, self.p.limit, message)
