"""Kinds about the lot: its frontage, its use and class, its one dock (Kings Point Docks A, B)."""

from __future__ import annotations

import numpy as np

from dockreview.rules.base import AT_LEAST, AT_MOST, FAIL, NEEDS_DATA, PASS, QUALIFIES, CheckResult, Facts
from dockreview.rules.kind import Bound, Param, RuleKind, register


@register
class Frontage(Bound):
    """The lot's shoreline frontage, along the reference line, at least ``limit`` (Docks B: 150 ft)."""

    name = "frontage"
    sense = AT_LEAST
    unit = "ft"
    measure = "frontage_ft"
    what = "frontage along the MHW line"
    noun = "frontage"
    reads = ("frontage_ft",)
    geometric = True
    between_layers = True
    params = (Param("limit", doc="the least frontage, ft"),)

    def dimensions(self) -> tuple[str, ...]:
        return ("frontage",)

    def lot_reasons(self, figures):
        """The lots whose frontage falls short, each with its shortfall in the check's words.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> ruleset().rule("frontage").lot_reasons({"frontage_ft": np.array([149.0, 150.0])}).tolist()
        ['frontage 149.0 ft is under the 150 ft minimum (Docks B)', '']
        """
        frontage = np.asarray(figures["frontage_ft"], dtype=float)
        texts = np.full(len(frontage), "", dtype=object)
        short = np.flatnonzero(self.statuses({"frontage_ft": frontage}) == FAIL)
        texts[short] = [self.shortfall(v) for v in frontage[short].tolist()]
        return texts

    def lot_denied(self, figures):
        """The lots whose frontage falls short (:meth:`lot_reasons` without its words).

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> ruleset().rule("frontage").lot_denied({"frontage_ft": np.array([149.0, 150.0, np.nan])}).tolist()
        [True, False, False]
        """
        return self.statuses({"frontage_ft": np.asarray(figures["frontage_ft"], dtype=float)}) == FAIL

    def requirement_text(self) -> str:
        """The requirement in words.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> ruleset().rule("frontage").requirement_text()
        'at least 150 ft of frontage'
        """
        return f"at least {self.p.limit:g} ft of frontage"


@register
class PropertyClass(RuleKind):
    """The lot's property class is one of ``classes`` (Docks B: improved with a single-family dwelling)."""

    name = "property-class"
    sense = QUALIFIES
    params = (Param("classes", "codes"), Param("what", "text", "single-family"))

    def evaluate(self, m, facts: Facts) -> CheckResult:
        if facts.parcel_class is None:
            message = "no property class: give [parcel] class_field (the parcels layer's property-class field)"
            return self.result(NEEDS_DATA, message, needs=("[parcel] class_field",))
        ok = facts.parcel_class in self.p.classes
        message = f"property class {facts.parcel_class}; {self.p.what} classes are {', '.join(self.p.classes)}"
        return self.result(PASS if ok else FAIL, message)

    def qualifying_classes(self) -> tuple[str, ...]:
        return self.p.classes

    def class_reason(self, code: str | None) -> str:
        """Why a lot of class ``code`` cannot have a dock (the screen's words for a class that does not qualify)."""
        return f"property class {code} is not a {self.p.what} dwelling ({self.section})"


@register
class PermittedUse(RuleKind):
    """The dock's use (``[dock] use``) is one of ``uses`` (Docks A: recreational, noncommercial)."""

    name = "permitted-use"
    sense = QUALIFIES
    params = (Param("uses", "codes"),)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        if facts.use is None:
            return self.result(NEEDS_DATA, 'give [dock] use ("recreational")', needs=("[dock] use",))
        ok = facts.use in self.p.uses
        message = f"use: {facts.use}" + ("" if ok else f"; only {', '.join(self.p.uses)} use is permitted")
        return self.result(PASS if ok else FAIL, message)


@register
class OneDock(RuleKind):
    """At most ``limit`` other docks stand on the lot or its water, besides those replaced (Docks A: one dock per lot)."""

    name = "one-dock"
    sense = AT_MOST
    unit = "docks"
    reads = ("frontage_docks",)
    needs = ("docks",)
    params = (Param("limit", default=0.0, doc="other docks allowed on the lot"),)

    def requirement(self, figures):
        return self.p.limit

    def limit_words(self, check, fmt) -> str:
        return "no other dock on the lot" if not self.p.limit else f"at most {fmt(self.p.limit, 'other docks')} on the lot"

    def proposal_words(self, check, m, fmt) -> str:
        if check.status == NEEDS_DATA or check.value is None:
            return ""
        if not check.value:
            return "no other dock"
        docks = tuple((m or {}).get("frontage_docks") or ())
        return fmt(check.value, "other docks") + (f": {', '.join(docks)}" if docks else "")

    def evaluate(self, m, facts: Facts) -> CheckResult:
        if m["frontage_docks"] is None:
            message = "no docks layer given: add layers.docks to decide this standard"
            return self.result(NEEDS_DATA, message, limit=self.p.limit, needs=("layers.docks",))
        docks = m["frontage_docks"]
        count = float(len(docks))
        if count:
            message = f"existing dock(s) on the lot's frontage: {', '.join(docks)}; list them in [dock] replaces if removed"
        else:
            message = "no other dock stands on the lot's frontage"
        return self.result(FAIL if count > self.p.limit else PASS, message, value=count, limit=self.p.limit)


@register
class DockOnLot(RuleKind):
    """The dock's landward end lies on the reviewed lot, its frontage or its water (Docks A, C)."""

    name = "dock-on-lot"
    sense = QUALIFIES
    reads = ("dock_on_lot", "dock_lot")
    geometric = True

    def dock_statuses(self, m, facts: Facts, row, n: int) -> np.ndarray:
        """Pass where the dock's landward end lies on its lot or the lot's water, else fail (as :meth:`evaluate`).

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> ruleset().rule("dock-on-lot").dock_statuses({"dock_on_lot": np.array([True, False])}, Facts(), None, 2).tolist()
        ['pass', 'fail']
        """
        return np.where(np.asarray(m["dock_on_lot"], dtype=bool), PASS, FAIL).astype(object)

    def evaluate(self, m, facts: Facts) -> CheckResult:
        if m["dock_on_lot"]:
            return self.result(PASS, "the dock's landward end lies on the lot or its water")
        message = (
            f"the dock's landward end lies on or in front of parcel {m['dock_lot']}, not on this lot or its water: "
            "review it against that parcel, or check the dock's position"
        )
        return self.result(FAIL, message)
