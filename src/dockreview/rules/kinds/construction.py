"""Construction standards read from ``[dock.attributes]`` (Kings Point Docks D(2)(a), (d)-(h), F(6), G).

Each standard reads its own attribute; a missing attribute gives needs-data,
never a pass, and ``false`` means "the dock has none". Where the law leaves the
decision to an official, the status is board and the message names the official
(the profile's ``[officials]``).
"""

from __future__ import annotations

from dockreview.rules.base import (
    AT_LEAST,
    AT_MOST,
    BOARD,
    EQUALS,
    FAIL,
    NEEDS_DATA,
    PASS,
    QUALIFIES,
    CheckResult,
    Facts,
    fmt,
    not_above,
)
from dockreview.rules.kind import Bound, Param, RuleKind, register


def _missing(key: str) -> str:
    return f"give [dock.attributes] {key} to decide this standard"


def _attribute(key: str) -> tuple[str, ...]:
    return (f"[dock.attributes] {key}",)


def _absent(facts: Facts, key: str, what: str) -> str | None:
    """Why a standard does not apply when the attribute ``key`` is false (the dock has no such thing)."""
    return f"the dock has no {what} ({key} = false)" if key and facts.attributes.get(key) is False else None


@register
class AttributeMax(Bound):
    """A ``[dock.attributes]`` number at most ``limit`` (a height, a spacing, a count).

    ``requires`` names the attribute whose ``false`` makes the standard not
    applicable (the railing's height for its rails and posts); ``needs_float``
    makes it not applicable to a dock without a float (the float's deck height).
    """

    name = "attribute-max"
    sense = AT_MOST
    params = (
        Param("key", "text"), Param("limit"), Param("unit", "text", ""), Param("what", "text", ""),
        Param("requires", "text", ""), Param("requires_what", "text", "railing"), Param("needs_float", "flag", False),
    )

    @property
    def unit(self) -> str:  # type: ignore[override]
        return self.p.unit

    @property
    def what(self) -> str:  # type: ignore[override]
        return self.p.what or self.p.key

    def value(self, figures):
        return figures[self.p.key] if self.p.key in figures else None

    def attribute_limit(self, key: str) -> float | None:
        return self.p.limit if key == self.p.key and self.sense == AT_MOST else None

    def inapplicable(self, m, facts: Facts) -> str | None:
        if self.p.needs_float and m["float_count"] == 0:
            return "the dock has no float"
        if self.p.requires:
            why = _absent(facts, self.p.requires, self.p.requires_what)
            if why:
                return why
        return "the dock has none ({} = false)".format(self.p.key) if facts.attributes.get(self.p.key) is False else None

    def evaluate(self, m, facts: Facts) -> CheckResult:
        return super().evaluate({**facts.attributes, "float_count": m["float_count"]}, facts)

    def missing(self, m, facts: Facts) -> str | None:
        return _missing(self.p.key)

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        return _attribute(self.p.key)


@register
class MinHeight(AttributeMax):
    """A ``[dock.attributes]`` height at least ``limit`` (Huntington, NY: the underside of the joists of a fixed
    pier at least 4 ft above MHW, ``joist_height_above_mhw_ft``).

    Examples
    --------
    >>> import numpy as np
    >>> from dockreview.rules import ruleset
    >>> rule = ruleset("huntington-ny").rule("joist-height")
    >>> rule.statuses({"joist_height_above_mhw_ft": np.array([3.9, 4.0, 5.0, np.nan])}).tolist()
    ['fail', 'pass', 'pass', 'needs-data']
    """

    name = "min-height"
    sense = AT_LEAST


@register
class RailingOpenness(AttributeMax):
    """The railing and its supports occupy at most ``limit`` % of the railing's vertical plane: 100 × (1 − ``key``)."""

    name = "railing-openness"

    def value(self, figures):
        fraction = figures.get(self.p.key)
        return None if fraction is None or fraction is False else 100.0 * (1.0 - fraction)

    def inapplicable(self, m, facts: Facts) -> str | None:
        return _absent(facts, self.p.requires, self.p.requires_what)

    def message(self, m, facts, value, limit, ok) -> str:
        return f"railing occupies {value:g}% of its vertical plane; limit {limit:g}%"


@register
class AttributeTarget(RuleKind):
    """A ``[dock.attributes]`` number equal to ``target`` within ``tolerance`` (planking's ½-in gaps)."""

    name = "attribute-target"
    sense = EQUALS
    params = (
        Param("key", "text"), Param("target"), Param("tolerance"), Param("unit", "text", ""),
        Param("what", "text", "", doc="what the number is, for the report (\"gaps\")"),
    )

    @property
    def unit(self) -> str:  # type: ignore[override]
        return self.p.unit

    def limit_words(self, check, fmt) -> str:
        if check.limit is None:
            return ""
        target = fmt(check.limit, check.unit)
        return f"{self.p.what} of {target}" if self.p.what else f"equal to {target}"

    def evaluate(self, m, facts: Facts) -> CheckResult:
        gap = facts.attributes.get(self.p.key)
        if gap is None:
            return self.result(NEEDS_DATA, _missing(self.p.key), limit=self.p.target, needs=_attribute(self.p.key))
        ok = bool(not_above(abs(gap - self.p.target), self.p.tolerance))
        unit = self.p.unit
        message = f"{self.p.what or self.p.key} {gap:g} {unit}; required {self.p.target:g} {unit} (within {self.p.tolerance:g} {unit})"
        return self.result(PASS if ok else FAIL, message, value=gap, limit=self.p.target)


@register
class Prohibited(RuleKind):
    """A yes/no attribute that must be false (a solid deck, a canopy)."""

    name = "prohibited"
    sense = QUALIFIES
    params = (Param("key", "text"), Param("what", "text"))

    def evaluate(self, m, facts: Facts) -> CheckResult:
        value = facts.attributes.get(self.p.key)
        if value is None:
            return self.result(NEEDS_DATA, _missing(self.p.key), needs=_attribute(self.p.key))
        message = f"{self.p.what}: {'yes' if value else 'no'}" + ("; not permitted" if value else "")
        return self.result(FAIL if value else PASS, message)


@register
class Required(RuleKind):
    """A yes/no attribute that must be true (Huntington, NY (A)(3): "All proposed decking shall permit the passage
    of light and water to the area below"); ``unless`` words the law's exception, said when it fails."""

    name = "required"
    sense = QUALIFIES
    params = (Param("key", "text"), Param("what", "text"), Param("unless", "text", ""))

    def evaluate(self, m, facts: Facts) -> CheckResult:
        value = facts.attributes.get(self.p.key)
        if value is None:
            return self.result(NEEDS_DATA, _missing(self.p.key), needs=_attribute(self.p.key))
        if value:
            return self.result(PASS, f"{self.p.what}: yes")
        unless = f" (unless {self.p.unless})" if self.p.unless else ""
        return self.result(FAIL, f"{self.p.what}: no; required{unless}")


@register
class AttributeCodes(RuleKind):
    """An attribute's values all among ``codes``; any other goes to ``official`` for approval (status board).

    ``key`` holds one word (a railing's material) or a list (the dock's materials).
    """

    name = "attribute-codes"
    sense = QUALIFIES
    params = (
        Param("key", "text"), Param("codes", "codes"), Param("official", "text"), Param("what", "text", "materials"),
        Param("requires", "text", ""), Param("requires_what", "text", "railing"),
    )

    def evaluate(self, m, facts: Facts) -> CheckResult:
        why = _absent(facts, self.p.requires, self.p.requires_what) if self.p.requires else None
        if why:
            return self.not_applicable(why)
        used = facts.attributes.get(self.p.key)
        if used is None:
            return self.result(NEEDS_DATA, _missing(self.p.key), needs=_attribute(self.p.key))
        if isinstance(used, str):
            if used in self.p.codes:
                return self.result(PASS, f"{self.p.what} of {used}")
            return self.result(BOARD, f"{self.p.what} of {used}: to be approved by the {self.official(self.p.official)}")
        other = [u for u in used if u not in self.p.codes]
        if other:
            return self.result(BOARD, f"{', '.join(other)}: to be approved as suitable by the {self.official(self.p.official)}")
        return self.result(PASS, f"{self.p.what}: {', '.join(used)}")


@register
class AttributeApproval(RuleKind):
    """A yes/no attribute whose yes needs an official's approval (preservative-treated wood)."""

    name = "attribute-approval"
    sense = QUALIFIES
    params = (Param("key", "text"), Param("official", "text"), Param("yes", "text"), Param("no", "text"))

    def evaluate(self, m, facts: Facts) -> CheckResult:
        value = facts.attributes.get(self.p.key)
        if value is None:
            return self.result(NEEDS_DATA, _missing(self.p.key), needs=_attribute(self.p.key))
        if value:
            return self.result(BOARD, f"{self.p.yes}: to be approved by the {self.official(self.p.official)} before use")
        return self.result(PASS, self.p.no)


@register
class PermittedStructures(RuleKind):
    """Everything on the dock -- the drawn components and ``[dock.attributes] structures`` -- among ``structures``."""

    name = "permitted-structures"
    sense = QUALIFIES
    reads = ("component_kinds",)
    params = (Param("structures", "codes"),)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        structures = facts.attributes.get("structures")
        if structures is None:
            message = _missing("structures") + " (everything on the dock besides the drawn components)"
            return self.result(NEEDS_DATA, message, needs=_attribute("structures"))
        kinds = sorted(set(m["component_kinds"]) | set(structures))
        other = [k for k in kinds if k not in self.p.structures]
        if other:
            return self.result(FAIL, f"not permitted on a dock: {', '.join(other)}")
        return self.result(PASS, f"structures: {', '.join(kinds)}")


@register
class LandingSize(RuleKind):
    """A landing no longer than ``length`` and no wider than ``width``.

    Measured from a ``landing`` component when the dock has one, else from
    ``landing_length_ft`` and ``landing_width_ft``.
    """

    name = "landing-size"
    sense = AT_MOST
    unit = "ft"
    reads = ("landing_length_ft", "landing_width_ft")
    params = (Param("length"), Param("width"))

    def limit_words(self, check, fmt) -> str:
        return f"at most {fmt(self.p.length, 'ft')} × {fmt(self.p.width, 'ft')}"

    def proposal_words(self, check, m, fmt) -> str:
        length, width = (None, None) if m is None else (m.get("landing_length_ft"), m.get("landing_width_ft"))
        if length is None or width is None:
            return super().proposal_words(check, m, fmt)
        return f"{fmt(length, 'ft')} × {fmt(width, 'ft')}"

    def evaluate(self, m, facts: Facts) -> CheckResult:
        measured = m["landing_length_ft"] is not None
        length = m["landing_length_ft"] if measured else facts.attributes.get("landing_length_ft")
        width = m["landing_width_ft"] if m["landing_width_ft"] is not None else facts.attributes.get("landing_width_ft")
        if length is None and width is None:
            return self.not_applicable("no landing component and no landing_length_ft / landing_width_ft", limit=self.p.length)
        if length is None or width is None:
            key = "landing_length_ft" if length is None else "landing_width_ft"
            return self.result(NEEDS_DATA, _missing(key), limit=self.p.length, needs=_attribute(key))
        ok = bool(not_above(length, self.p.length) and not_above(width, self.p.width))
        source = "measured from the landing component" if measured else "from the attributes"
        message = (
            f"landing {fmt(length, 'ft')} long by {fmt(width, 'ft')} wide ({source}); "
            f"limit {fmt(self.p.length, 'ft')} by {fmt(self.p.width, 'ft')}"
        )
        return self.result(PASS if ok else FAIL, message, value=length, limit=self.p.length)
