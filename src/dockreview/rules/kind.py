"""A rule kind: the code that decides one sort of standard, configured by a profile's ``[checks.ID]`` table.

A kind is written once and states

* its **parameters** (:class:`Param`): the profile's numbers (given as a number
  or as the name of a ``[values]`` entry), code lists, words;
* its **sense** (:data:`~dockreview.rules.base.SENSES`): at least, at most,
  equals, qualifies, judged by the Board;
* which **measurements** it reads, and whether the geometry of the lot and the
  dock alone decides it (``geometric``: suggest grows a dock against these, the
  batch audits decide them from layers) or two layers' relative
  position does (``between_layers``: a datum transformation's accuracy matters);
* its **requirement** -- the limit, as one function of the profile's numbers and
  the lot's figures that takes a scalar :class:`~dockreview.measure.measurements.Measurements`
  or a mapping of numpy arrays (the screen's and the audits' lots), so the
  vectorised batch uses the very formula the review does;
* how it **evaluates** one dock into a :class:`~dockreview.rules.base.CheckResult`.

:class:`Bound` is the kind of a measured value held to a limit; most of the
profile's checks are bounds. :data:`KINDS` registers every kind by name
(:func:`register`).
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, ClassVar

import numpy as np

from dockreview.errors import ProfileError
from dockreview.profile import CheckSpec, Codes, Profile, Value
from dockreview.rules.base import (
    AT_LEAST,
    AT_MOST,
    FAIL,
    NEEDS_DATA,
    NOT_APPLICABLE,
    PASS,
    SENSE_WORDS,
    CheckResult,
    Facts,
    Part,
    fmt,
    fmt_pair,
    within,
)

#: Every rule kind, by the name a profile's ``kind = "..."`` uses.
KINDS: dict[str, type[RuleKind]] = {}
_REQUIRED = object()


def register(cls: type[RuleKind]) -> type[RuleKind]:
    """Class decorator: make ``cls`` the kind named ``cls.name``."""
    if cls.name in KINDS:
        raise ValueError(f"rule kind '{cls.name}' defined twice")
    KINDS[cls.name] = cls
    return cls


@dataclass(frozen=True)
class Param:
    """One parameter of a rule kind.

    ``type`` is ``number`` (a number, or the name of a ``[values]`` entry),
    ``numbers`` (a list of them: tier edges, tier limits), ``codes`` (a list, or
    the name of a ``[codes]`` entry), ``text``, ``flag`` (true or false),
    ``texts`` (a list of words, or one word) or ``check`` (another check's id).
    ``positive`` refuses a number that is not above zero (a length the law divides by).
    """

    name: str
    type: str = "number"
    default: Any = _REQUIRED
    doc: str = ""
    positive: bool = False

    @property
    def required(self) -> bool:
        """Whether a check of the kind must give this parameter (it has no default)."""
        return self.default is _REQUIRED


def unknown_reach(figures: Mapping[str, Any] | None):
    """A reach the ``figures`` leave unknown: NaN for each lot of a screen's arrays, None for one dock.

    Examples
    --------
    >>> unknown_reach({"frontage_ft": np.array([100.0, 80.0])}).tolist(), unknown_reach({"frontage_ft": 100.0})
    ([nan, nan], None)
    """
    frontage = None if figures is None else figures.get("frontage_ft")
    return np.full(np.shape(frontage), np.nan) if np.ndim(frontage) else None


def _or_words(items) -> str:
    """("river", "canal") -> "rivers or canals"; "creek" -> "creeks"."""
    plural = [f"{w}es" if w.endswith(("sh", "ch", "s")) else f"{w}s" for w in items]
    return plural[0] if len(plural) == 1 else f"{', '.join(plural[:-1])} or {plural[-1]}"


class RuleKind:
    """One configured check: a kind with its profile's numbers, its id, section and title.

    Subclasses set the class attributes and implement :meth:`evaluate`.
    """

    name: ClassVar[str] = ""
    sense: ClassVar[str] = ""
    unit: ClassVar[str] = ""
    params: ClassVar[tuple[Param, ...]] = ()
    reads: ClassVar[tuple[str, ...]] = ()
    geometric: ClassVar[bool] = False
    between_layers: ClassVar[bool] = False
    #: The optional inputs it cannot be decided without: layers ("channels", "soundings", ...) and facts
    #: ("draft", "float_draft"). A batch audit runs only the checks its inputs can decide.
    needs: ClassVar[tuple[str, ...]] = ()
    #: Whether the check limits how far the dock reaches, so that a longer dock on the same axis fails it too
    #: (:meth:`reach_allowed` says how far; ``suggest`` stops growing a dock when one of these fails).
    limits_reach: ClassVar[bool] = False

    def __init__(self, spec: CheckSpec, profile: Profile) -> None:
        self.id, self.section, self.title = spec.id, spec.section, spec.title
        self.spec, self.profile = spec, profile
        self.cited: dict[str, Value | Codes] = {}
        unknown = sorted(set(spec.params) - {param.name for param in self.params})
        if unknown:  # before the parameters are read: a misspelled required one is named with its right spelling
            names = [param.name for param in self.params]
            said = []
            for name in unknown:
                close = difflib.get_close_matches(name, names, n=1)
                said.append(f"'{name}'" + (f" (did you mean '{close[0]}'?)" if close else ""))
            takes = f"kind '{self.name}' takes: {', '.join(names) or 'no parameters'}"
            raise ProfileError(f"profile {profile.source}: [checks.{self.id}] has no parameter {', '.join(said)}; {takes}")
        self.p = SimpleNamespace(**{param.name: self._resolve(param) for param in self.params})

    def _resolve(self, param: Param):
        where = f"profile {self.profile.source}: [checks.{self.id}] {param.name}"
        if param.name not in self.spec.params:
            if param.default is _REQUIRED:
                raise ProfileError(f"{where} is missing: kind '{self.name}' needs it")
            return param.default
        given = self.spec.params[param.name]
        if param.type == "number":
            if isinstance(given, str):
                value = self.profile[given]
                self.cited[param.name] = value
                number = float(value.value)
            elif isinstance(given, bool) or not isinstance(given, (int, float)):
                raise ProfileError(f"{where} must be a number or the name of a [values] entry, not {given!r}")
            else:
                number = float(given)
            if param.positive and not number > 0:
                raise ProfileError(f"{where} must be above zero, not {number:g}")
            return number
        if param.type == "numbers":
            if not isinstance(given, list) or not all(isinstance(v, (int, float, str)) and not isinstance(v, bool) for v in given):
                raise ProfileError(f"{where} must be a list of numbers or names of [values] entries, not {given!r}")
            numbers = []
            for k, v in enumerate(given):
                if isinstance(v, str):
                    value = self.profile[v]
                    self.cited[f"{param.name}[{k}]"] = value
                    v = value.value
                numbers.append(float(v))
            return tuple(numbers)
        if param.type == "codes":
            if isinstance(given, str):
                codes = self.profile.code(given)
                self.cited[param.name] = codes
                return codes.values
            if not isinstance(given, list):
                raise ProfileError(f"{where} must be a list of codes or the name of a [codes] entry")
            return tuple(str(v) for v in given)
        if param.type == "flag":
            if not isinstance(given, bool):
                raise ProfileError(f"{where} must be true or false, not {given!r}")
            return given
        if param.type == "texts":
            if isinstance(given, str):
                return (given,)
            if not isinstance(given, list) or not all(isinstance(v, str) for v in given):
                raise ProfileError(f"{where} must be a list of words")
            return tuple(given)
        if not isinstance(given, str):
            raise ProfileError(f"{where} must be text, not {given!r}")
        return given

    # -- what a kind implements ----------------------------------------------------------------
    def evaluate(self, m: Mapping[str, Any], facts: Facts) -> CheckResult:
        """The check of one dock."""
        raise NotImplementedError(f"rule kind '{self.name}' does not evaluate")

    def requirement(self, figures: Mapping[str, Any]):
        """The limit for the lot(s) of ``figures`` (a scalar, or an array over the lots); None when none."""
        return None

    def dock_statuses(self, m: Mapping[str, np.ndarray], facts: Facts, row: Callable[[int], Mapping[str, Any]], n: int) -> np.ndarray:
        """The status of this check for each of ``n`` docks measured as arrays ``m`` (a layer's audit).

        ``row(i)`` is dock ``i``'s measurements as :meth:`evaluate` reads them
        (a missing figure None). By default each dock is evaluated; a kind that
        decides the arrays at once, by the comparisons its :meth:`evaluate`
        makes, says so here.
        """
        return np.array([self.evaluate(row(i), facts).status for i in range(n)], dtype=object)

    # -- what a kind answers by role (the envelope, the screen, suggest and the exhibit ask these) ------------
    def reach_allowed(self, figures: Mapping[str, Any] | None = None):
        """The farthest the dock may reach from the MHW line under this check (ft), or None when it limits no reach.

        ``figures=None`` asks what the check allows on every lot whatever its
        figures (its cap: a fixed distance); with the figures of a dock or of
        lots (a mapping of scalars, or of arrays over the lots) it answers for
        them, NaN (None for one) where a figure it needs is unknown. The
        envelope, the screen and ``suggest`` take the least any check allows,
        so a new kind that limits the reach says so here and nowhere else.
        """
        return None

    def side_setback(self, figures: Mapping[str, Any]):
        """How far this check keeps the dock from each side line or its extension (ft) for the lot(s) of
        ``figures`` (a scalar, or an array over the lots), or None when it keeps none.

        The envelope's setback band and the screen take the greatest any check requires.
        """
        return None

    def clearance_from(self, target: str) -> float | None:
        """How far this check keeps the dock's seaward end from every feature of the layer ``target``
        ("channels", "docks"), in ft, or None when it keeps none."""
        return None

    def lot_reasons(self, figures: Mapping[str, Any]):
        """For each lot of ``figures`` (arrays over the lots), why this check alone denies it any dock, with its
        numbers and section ("" where it does not); None for a check that judges no lot by its figures."""
        return None

    def lot_denied(self, figures: Mapping[str, Any]):
        """For each lot of ``figures`` (arrays over the lots), whether this check alone denies it any dock by its
        figures: True where :meth:`lot_reasons` gives a reason; None for a check that judges no lot by its figures.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> ruleset().rule("frontage").lot_denied({"frontage_ft": np.array([149.0, 150.0])}).tolist()
        [True, False]
        >>> ruleset().rule("reach").lot_denied({"frontage_ft": np.array([149.0])}) is None
        True
        """
        reasons = self.lot_reasons(figures)
        return None if reasons is None else np.asarray(reasons, dtype=object) != ""

    def width_denied(self, width):
        """For each waterway width of ``width`` (ft, an array), whether this check alone denies a dock on water that
        wide; None when the waterway's width decides nothing of it."""
        return None

    def protrusion_on_width(self, width):
        """The farthest this check lets any dock protrude on a waterway ``width`` ft wide (an array, ft, from the line
        the width is measured from; inf where it holds no dock there), or None when the width limits no protrusion."""
        return None

    def attribute_limit(self, key: str) -> float | None:
        """The most this check allows the dock's attribute ``key`` (``[dock.attributes]``), or None when it sets none."""
        return None

    def law_words(self) -> str:
        """The law's words this check applies: its own ``text`` and those of the numbers and lists it cites, each
        once; a profile's reading ("interpretation: ...") only where no words of the law are given.

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> ruleset("levy-county-fl").rule("side-setback").law_words()
        'The dock and all associated structures can be no closer than 25 feet from your side riparian property lines.'
        >>> ruleset().rule("frontage").law_words().count("not less than 150 feet")
        1
        """
        said = _each_once([t for t in (self.spec.text, *(c.text for c in self.cited.values())) if t])
        law = [t for t in said if not t.startswith("interpretation:")]
        return " ".join(law or said)

    def requirement_text(self) -> str:
        """The requirement in words, as a report states it (the check's title unless the kind words it better)."""
        return self.title or self.id

    def limit_words(self, check: CheckResult, fmt: Callable[..., str]) -> str:
        """The requirement of this check's result in words, for the report's table ("at least 150 ft"); blank
        without a limit. ``fmt(value, unit, beside=None)`` prints a quantity (the report passes its own).

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> from dockreview.rules.base import quantity
        >>> rule = ruleset().rule("frontage")
        >>> rule.limit_words(CheckResult("frontage", "Docks B", "", "pass", 200.0, 150.0, "ft", "", sense="at-least"), quantity)
        'at least 150.0 ft'
        """
        return "" if check.limit is None else f"{SENSE_WORDS.get(check.sense, 'limit')} {fmt(check.limit, check.unit)}"

    def proposal_words(self, check: CheckResult, m: Mapping[str, Any] | None, fmt: Callable[..., str]) -> str:
        """What the proposal gives for this check, in words consistent with its finding (``m``: the measurements;
        ``fmt`` as in :meth:`limit_words`); blank without a value."""
        return "" if check.value is None else fmt(check.value, check.unit, beside=check.limit)

    def depths_sought(self) -> tuple[float, ...]:
        """The depths below mean low water (ft) this check needs found along the dock's axis (none by default)."""
        return ()

    def depth_clearance_ft(self) -> float | None:
        """The water this check asks under the vessel's keel beyond its draft (ft) where it finds navigable depth,
        or None when it finds none."""
        return None

    def touching_ft(self) -> float | None:
        """How near two parts of a dock (a float and the walkway's end, two floats) must lie to touch, for this
        check (ft), or None when it says nothing of touching."""
        return None

    def qualifying_classes(self) -> tuple[str, ...] | None:
        """The property classes of the lots this check lets have a dock, or None when it judges no class."""
        return None

    def class_reason(self, code: str | None) -> str:
        """Why a lot of the property class ``code`` can have no dock, in this check's words."""
        return f"property class {code} does not qualify ({self.section})"

    def dimensions(self) -> tuple[str, ...]:
        """The exhibit's dimension lines that show what this check decides, by key ("frontage", "setback_left",
        "setback_right", "reach", "channel_clearance", "dock_clearance"); a check that limits the reach is shown
        on the reach. None for a check no line shows.
        """
        return ("reach",) if self.limits_reach else ()

    def reach_basis(self) -> str:
        """Where the reach this check allows comes from, in words for a label ("navigable depth"); the section by default."""
        return self.section

    def decided_by(self) -> str | None:
        """Who decides this check when the law leaves it to people (the profile's official), else None."""
        return None

    def reach_needs(self) -> str:
        """What the reach this check allows hangs on, in words, for a lot whose figures leave it unknown."""
        return f"what {self.title or self.id} is measured from"

    # -- where the law applies ---------------------------------------------------------------------
    def off_water(self, facts: Facts) -> CheckResult | None:
        """This check's result where the law names the waters it applies on (``waters``) and the lot's is another
        (not applicable) or not said (needs data); None where it applies.

        Examples
        --------
        >>> from dockreview.profile import parse_profile
        >>> from dockreview.rules import ruleset
        >>> law = {"checks": {"share": {"kind": "reach", "section": "(1)f", "limit": 30, "waters": ["river", "canal"]}}}
        >>> rule = ruleset(parse_profile(law, "t")).rule("share")
        >>> rule.off_water(Facts(water="canal")) is None, rule.off_water(Facts(water="lake")).status
        (True, 'not-applicable')
        >>> rule.off_water(Facts()).status
        'needs-data'
        """
        waters = self.spec.waters
        if not waters or facts.water in waters:
            return None
        named = _or_words(waters)
        if facts.water is None:
            message = f"applies on {named} only: give [site] water (the kind of water the lot fronts)"
            return self.result(NEEDS_DATA, message, needs=("[site] water",))
        return self.not_applicable(f"applies on {named} only; the lot fronts a {facts.water}")

    def decide(self, m: Mapping[str, Any], facts: Facts) -> CheckResult:
        """The check of one dock where the law applies (:meth:`off_water`), else :meth:`evaluate`."""
        return self.off_water(facts) or self.evaluate(m, facts)

    def reach_on_water(self, figures: Mapping[str, Any] | None = None):
        """:meth:`reach_allowed` where the law applies: unlimited (inf) on a water it does not name, unknown (None,
        or NaN over lots) where the figures say no water, no cap on every lot when it names some waters."""
        waters = self.spec.waters
        if not waters:
            return self.reach_allowed(figures)
        if figures is None:
            return None
        water = figures.get("water")
        if water is None:
            return unknown_reach(figures)
        return self.reach_allowed(figures) if water in waters else math.inf

    # -- helpers --------------------------------------------------------------------------------
    def result(
        self, status: str, message: str, *, value=None, limit=None, unit: str | None = None, sense: str | None = None,
        parts: tuple[Part, ...] = (), needs: tuple[str, ...] = (),
    ) -> CheckResult:
        """A CheckResult of this check (its id, section, title, kind and sense filled in)."""
        return CheckResult(
            self.id, self.section, self.title, status, value, limit, self.unit if unit is None else unit, message,
            kind=self.name, sense=self.sense if sense is None else sense, parts=parts, needs=needs, law=self.law_words(),
        )

    def not_applicable(self, why: str, *, limit=None) -> CheckResult:
        """This standard does not apply to the dock."""
        return self.result(NOT_APPLICABLE, why, limit=limit)

    def official(self, matter: str) -> str:
        """Who decides ``matter`` (the profile's ``[officials]``)."""
        return self.profile.official(matter)


class Bound(RuleKind):
    """A measured value held to a limit: at least (``sense = AT_LEAST``) or at most (``AT_MOST``).

    Subclasses name the measurement (``measure``), say what it is in words
    (``what``) and give the limit (:meth:`requirement`, by default the parameter
    ``limit``). :meth:`statuses` decides whole arrays of lots with the same
    comparison :meth:`evaluate` uses for one.
    """

    measure: ClassVar[str] = ""
    what: ClassVar[str] = ""
    #: What the value is called in a reason why a lot can have no dock ("frontage").
    noun: ClassVar[str] = ""

    def value(self, figures: Mapping[str, Any]):
        """The value compared (scalar or array)."""
        return figures[self.measure]

    def requirement(self, figures: Mapping[str, Any]):
        return self.p.limit

    def missing(self, m: Mapping[str, Any], facts: Facts) -> str | None:
        """What to supply when the value is unknown (the needs-data message)."""
        return None

    def supply(self, m: Mapping[str, Any], facts: Facts) -> tuple[str, ...]:
        """The inputs to supply when the value is unknown (``"layers.channels"``), for grouping what is missing."""
        return ()

    def inapplicable(self, m: Mapping[str, Any], facts: Facts) -> str | None:
        """Why the standard does not apply to this dock, or None."""
        return None

    def statuses(self, figures: Mapping[str, Any]) -> np.ndarray:
        """pass, fail or needs-data for every lot of ``figures`` (NaN for an unknown value or limit).

        Examples
        --------
        >>> from dockreview.rules import ruleset
        >>> reach = ruleset().rule("reach")
        >>> reach.statuses({"overall_reach_ft": np.array([120.0, 200.0001, 230.0, np.nan])}).tolist()
        ['pass', 'pass', 'fail', 'needs-data']
        """
        value = np.asarray(self.value(figures), dtype=float)
        limit = np.broadcast_to(np.asarray(self.requirement(figures), dtype=float), value.shape)
        known = ~(np.isnan(value) | np.isnan(limit))
        ok = within(np.where(known, value, 0.0), np.where(known, limit, 0.0), self.sense)
        return np.where(known, np.where(ok, PASS, FAIL), NEEDS_DATA)

    def dock_statuses(self, m, facts: Facts, row, n: int) -> np.ndarray:
        """:meth:`statuses` of the arrays, not applicable where :meth:`inapplicable` says why for a dock."""
        status = np.asarray(self.statuses(m), dtype=object)
        if type(self).inapplicable is not Bound.inapplicable:
            for i in range(n):
                if self.inapplicable(row(i), facts) is not None:
                    status[i] = NOT_APPLICABLE
        return status

    def evaluate(self, m: Mapping[str, Any], facts: Facts) -> CheckResult:
        why = self.inapplicable(m, facts)
        limit = self.requirement(m)
        limit = None if limit is None else float(limit)
        if why is not None:
            return self.not_applicable(why, limit=limit)
        value = self.value(m)
        if value is None or limit is None:
            message = self.missing(m, facts) or f"give what {self.what} needs"
            return self.result(NEEDS_DATA, message, value=value, limit=limit, needs=self.supply(m, facts))
        ok = bool(within(value, limit, self.sense))
        return self.result(PASS if ok else FAIL, self.message(m, facts, value, limit, ok), value=value, limit=limit)

    def message(self, m: Mapping[str, Any], facts: Facts, value: float, limit: float, ok: bool) -> str:
        """The finding in words (value and limit printed with the same decimals)."""
        if math.isinf(value):
            return f"{self.what}: none in the layer (the layer is empty)"
        shown, bound = fmt_pair(value, limit, self.unit)
        if self.sense == AT_MOST:
            return f"{self.what} {shown} {'within' if ok else 'exceeds'} the {bound} limit"
        return f"{self.what} {shown} {'meets' if ok else 'is short of'} the required {bound}"

    def shortfall(self, value: float, limit: float | None = None) -> str:
        """Why a lot cannot have a dock under this bound, in words with the section ("frontage 130.0 ft is under ...")."""
        limit = float(self.requirement({self.measure: value})) if limit is None else limit
        relation, word = ("under", "minimum") if self.sense == AT_LEAST else ("over", "maximum")
        shown = fmt(limit, self.unit, decimals=0 if float(limit).is_integer() else 1)
        return f"{self.noun or self.what} {fmt(value, self.unit)} is {relation} the {shown} {word} ({self.section})"


def dock_rows(m: Mapping[str, np.ndarray]) -> Callable[[int], dict]:
    """``row(i)``: dock ``i``'s figures of the arrays ``m`` as :meth:`RuleKind.evaluate` reads them
    (:meth:`RuleKind.dock_statuses`' ``row``), the columns made plain once, when a rule first asks.

    Examples
    --------
    >>> row = dock_rows({"reach_ft": np.array([80.0, np.nan]), "float_count": np.array([1, 0]),
    ...                  "float_layout": np.array(["I", np.float64(np.nan)], dtype=object)})
    >>> row(0), row(1)
    ({'reach_ft': 80.0, 'float_count': 1, 'float_layout': 'I'}, {'reach_ft': None, 'float_count': 0, 'float_layout': None})
    """
    columns: list = []

    def row(i: int) -> dict:
        if not columns:
            columns.extend((key, _plain(values)) for key, values in m.items())
        return {key: values[i] for key, values in columns}

    return row


def _plain(values) -> list:
    """An array's values as Python objects: numpy numbers as Python's, NaN as None (a figure not measured)."""
    values = np.asarray(values)
    if values.dtype.kind == "f":
        out = values.astype(object)
        out[np.isnan(values)] = None
        return out.tolist()
    if values.dtype.kind != "O":
        return values.tolist()
    return [None if isinstance(v, float) and math.isnan(v) else (v.item() if hasattr(v, "item") else v) for v in values.tolist()]


def _each_once(texts: list[str]) -> list[str]:
    """``texts`` without those another one already says (a cited number's words quoted inside the check's own).

    Examples
    --------
    >>> _each_once(["Docks need 150 feet of frontage.", "150 feet of frontage", "Setbacks of 60 feet."])
    ['Docks need 150 feet of frontage.', 'Setbacks of 60 feet.']
    """
    core = [t.strip().rstrip(".;:,").casefold() for t in texts]
    return [t for i, t in enumerate(texts)
            if not any(j != i and core[i] in core[j] and (len(core[j]) > len(core[i]) or j < i) for j in range(len(texts)))]
