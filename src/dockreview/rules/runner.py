"""The one runner: a profile's checks turned into CheckResults, for every output.

:class:`RuleSet` compiles a :class:`~dockreview.profile.Profile` (each ``[checks.ID]``
table a :mod:`rule kind <dockreview.rules.kind>` with its numbers) and is what the
review, both audits, ``suggest``, the envelope and the screen ask:

* :meth:`RuleSet.run` decides a dock's checks (all, or a selection);
* :mod:`dockreview.rules.verdicts` turns CheckResults into one verdict in one
  vocabulary (compliant, noncompliant, incomplete, exempt);
* the limits the measurements and the envelope need -- the required setback,
  the reach the checks allow, the terminus clearance, why a lot can have no
  dock -- are the rules' own requirements (:meth:`RuleSet.required_setback_ft`
  and the rest), for one lot or as arrays over many.
"""

from __future__ import annotations

import difflib
import functools
import math
from dataclasses import replace
from pathlib import Path

import numpy as np

from dockreview.errors import ProfileError
from dockreview.geometry.riparian import BASELINE_FT, METHODS
from dockreview.profile import Profile, load_profile
from dockreview.rules import kinds as _kinds  # noqa: F401  (registers every kind)
from dockreview.rules.base import BOARD, CheckResult, Facts
from dockreview.rules.kind import KINDS, RuleKind
from dockreview.rules.readings import fixed_readings


class RuleSet:
    """A profile's checks, compiled: the runner every output asks.

    Examples
    --------
    >>> rules = ruleset()
    >>> rules.rule("side-setback").name
    'side-setback'
    >>> float(rules.required_setback_ft(200.0))
    80.0
    >>> rules.terminus_clearance_ft("channels")
    50.0
    """

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        rules = []
        for spec in profile.checks.values():
            kind = KINDS.get(spec.kind)
            if kind is None:
                close = difflib.get_close_matches(spec.kind, list(KINDS), n=1)
                hint = f"did you mean '{close[0]}'?" if close else f"the kinds are: {', '.join(sorted(KINDS))}"
                raise ProfileError(f"profile {profile.source}: [checks.{spec.id}] kind '{spec.kind}' is not a rule kind; {hint}")
            rules.append(kind(spec, profile))
        if not rules:
            raise ProfileError(f"profile {profile.source}: no [checks.ID] tables; a profile names the checks it applies")
        self.rules: tuple[RuleKind, ...] = tuple(rules)
        self._by_id = {r.id: r for r in self.rules}

    def __repr__(self) -> str:
        return f"<RuleSet {self.profile.id or self.profile.source}: {len(self.rules)} checks>"

    @property
    def ids(self) -> tuple[str, ...]:
        """The checks' ids, in the profile's order."""
        return tuple(self._by_id)

    @property
    def geometric(self) -> tuple[str, ...]:
        """The checks the dock's position and shape decide (suggest grows a dock until one fails)."""
        return tuple(r.id for r in self.rules if r.geometric)

    def decidable(self, inputs) -> tuple[str, ...]:
        """The geometric checks that ``inputs`` (layer and fact names, e.g. {"channels", "soundings", "draft"}) can decide.

        A batch audit, which knows a dock's shape but not its attributes, runs these.
        """
        given = set(inputs)
        return tuple(r.id for r in self.rules if r.geometric and set(r.needs) <= given)

    def undecidable(self, inputs) -> tuple[str, ...]:
        """The geometric checks that ``inputs`` cannot decide: each needs a layer or fact not among them.

        A batch audit names them beside every dock's verdict, which is over the checks it can decide
        (:meth:`decidable`); ``check`` of a site without them says those checks need data.

        Examples
        --------
        >>> ruleset("kings-point-ny").undecidable({"channels", "docks"})
        ('navigable-reach', 'float-grounding', 'float-vegetation')
        >>> ruleset("wisconsin-nr326").undecidable({"channels", "docks", "soundings", "draft"})
        ()
        """
        given = set(inputs)
        return tuple(r.id for r in self.rules if r.geometric and not set(r.needs) <= given)

    def rule(self, check_id: str) -> RuleKind:
        """The check ``check_id``."""
        try:
            return self._by_id[check_id]
        except KeyError:
            raise KeyError(f"no check '{check_id}' in profile {self.profile.source}; checks are: {', '.join(self.ids)}") from None

    @property
    def reach_checks(self) -> tuple[str, ...]:
        """The checks that limit how far the dock reaches (a longer dock on the same axis fails them too).

        Examples
        --------
        >>> ruleset("levy-county-fl").reach_checks
        ('waterway-share', 'depth-limit', 'bulkhead-reach')
        """
        return tuple(r.id for r in self.rules if r.limits_reach)

    def run(self, m, facts: Facts, *, select=None) -> list[CheckResult]:
        """Decide every check (or those in ``select``) for one dock's measurements and facts."""
        chosen = self.rules if select is None else [r for r in self.rules if r.id in set(select)]
        return [rule.decide(m, facts) for rule in chosen]

    # -- the limits measurements and envelopes ask for (the Limits protocol of dockreview.measure) --------------
    def required_setback_ft(self, frontage_ft):
        """The setback from each side line the checks require for a frontage (the greatest any requires; 0 with none).

        Examples
        --------
        >>> ruleset("lake-austin-tx").required_setback_ft(np.array([80.0, 300.0])).tolist()
        [10.0, 10.0]
        """
        asked = [r.side_setback({"frontage_ft": frontage_ft}) for r in self.rules]
        required = [np.asarray(a, dtype=float) for a in asked if a is not None]
        if not required:
            return np.zeros_like(np.asarray(frontage_ft, dtype=float)) if np.ndim(frontage_ft) else 0.0
        out = np.maximum.reduce(required)
        return float(out) if np.ndim(out) == 0 else out

    def riparian_lines(self) -> dict:
        """How the profile draws the riparian lines: ``{"method": ..., "baseline_ft": ...}`` (its ``[riparian]`` table).

        The default is extended side lines with a 100-ft baseline.

        Raises
        ------
        ProfileError
            When the table names no known method or its baseline is not a positive number of feet.

        Examples
        --------
        >>> ruleset("kings-point-ny").riparian_lines()
        {'method': 'extended-side-lines', 'baseline_ft': 100.0}
        >>> from dockreview.profile import parse_profile
        >>> law = {"riparian": {"method": "colonial"}, "checks": {"c": {"kind": "reach", "section": "s", "limit": 30}}}
        >>> ruleset(parse_profile(law, "t")).riparian_lines()["method"]
        'colonial'
        """
        table = self.profile.settings.get("riparian", {})
        method = table.get("method", "extended-side-lines")
        if not isinstance(method, str) or method not in METHODS:
            raise ProfileError(
                f"profile {self.profile.name!r}: [riparian] method {method!r} is not a riparian method; the methods are: "
                f"{', '.join(METHODS)}"
            )
        baseline = table.get("baseline_ft", BASELINE_FT)
        if isinstance(baseline, bool) or not isinstance(baseline, (int, float)) or not baseline > 0:
            raise ProfileError(f"profile {self.profile.name!r}: [riparian] baseline_ft must be a number of feet above zero, got {baseline!r}")
        return {"method": method, "baseline_ft": float(baseline)}

    def reach_cap_ft(self) -> float:
        """The farthest any dock may reach on any lot: the least cap any check allows (infinite with none).

        Each check answers for itself (:meth:`~dockreview.rules.kind.RuleKind.reach_allowed`): a reach limit, the
        navigable-depth cap, a protrusion's distance where it holds on every waterway (Levy County's 500 ft,
        Lake Austin's 30 ft).

        Examples
        --------
        >>> ruleset("kings-point-ny").reach_cap_ft(), ruleset("lake-austin-tx").reach_cap_ft()
        (200.0, 30.0)
        >>> ruleset("levy-county-fl").reach_cap_ft()  # its 500 ft holds on rivers and canals only
        inf
        """
        caps = [float(a) for a in (r.reach_on_water() for r in self.rules) if a is not None]
        return min(caps, default=math.inf)

    @property
    def depth_checks(self) -> tuple[RuleKind, ...]:
        """The checks whose allowed reach the water's depth sets (they need soundings to answer)."""
        return tuple(r for r in self.rules if r.limits_reach and "soundings" in r.needs)

    def depth_reach_ft(self, figures):
        """The reach the checks set by depth allow (None, or NaN in an array, when the depth is not known).

        Examples
        --------
        >>> ruleset().depth_reach_ft({"nav_reach_ft": 116.0, "depth_coverage_ft": 200.0, "float_extent_ft": 10.0})
        126.0
        >>> ruleset("levy-county-fl").depth_reach_ft({}) is None
        True
        """
        limits = [r.reach_on_water(figures) for r in self.depth_checks]
        if not limits:
            return None
        if all(np.ndim(v) == 0 for v in limits):
            known = [float(v) for v in limits if v is not None]
            return min(known) if len(known) == len(limits) else None
        return np.minimum.reduce([np.asarray(v, dtype=float) for v in limits])

    def reach_limit_ft(self, figures=None):
        """The reach every check allows the dock (or lots) of ``figures``: the least any check allows, the cap where
        a check's figures are unknown (a scalar, or an array over the lots).

        Examples
        --------
        >>> rules = ruleset("levy-county-fl")
        >>> float(rules.reach_limit_ft({"width_square_to_shore_ft": 120.0, "reach_ft": 35.0, "water": "canal"}))
        30.0
        >>> rules.reach_limit_ft({"width_square_to_shore_ft": np.array([120.0, 4000.0, np.nan]), "reach_ft": np.zeros(3),
        ...                     "water": "canal"}).tolist()
        [30.0, 500.0, inf]
        """
        cap = self.reach_cap_ft()
        if figures is None:
            return cap
        allowed = [a for a in (r.reach_on_water(figures) for r in self.rules) if a is not None]
        out = functools.reduce(np.fmin, [np.asarray(a, dtype=float) for a in allowed], np.asarray(cap, dtype=float))
        return float(out) if np.ndim(out) == 0 else out

    def answering(self, given) -> tuple[RuleKind, ...]:
        """The checks that limit the reach whose inputs are all ``given`` (layer and fact names: "soundings",
        "draft"); the others answer with their cap, since nothing of theirs was measured (a screen without
        soundings takes the navigable-depth check's cap, as the review's envelope does).

        Examples
        --------
        >>> [r.id for r in ruleset().answering(set())], [r.id for r in ruleset().answering({"soundings", "draft"})]
        (['reach'], ['reach', 'navigable-reach'])
        """
        return tuple(r for r in self.rules if r.limits_reach and set(r.needs) <= set(given) | {"vessel"})

    def reach_figures(self, figures, given) -> dict:
        """One dock's ``figures`` as the checks that limit the reach are to read them: without the figures of a
        check whose inputs are not all ``given``, so that it answers as it does in a screen given none (the
        navigable-depth check with its cap; a check on a centreline's width unknown).

        Examples
        --------
        >>> sorted(ruleset().reach_figures({"nav_reach_ft": None, "reach_ft": 20.0}, set()))
        ['reach_ft']
        """
        answering = self.answering(given)
        unasked = {k for r in self.rules if r.limits_reach and r not in answering for k in r.reads}
        kept = {k for r in answering for k in r.reads}
        return {k: v for k, v in figures.items() if k not in unasked - kept}

    def reach_needs(self, figures) -> tuple[str, ...]:
        """For one dock's ``figures``, what its reach limit hangs on that they leave unknown, each with its section
        (empty when nothing).

        Examples
        --------
        >>> rules = ruleset("levy-county-fl")
        >>> rules.reach_needs({"width_square_to_shore_ft": None, "reach_ft": 20.0, "water": "canal"})
        ("the waterway's width square to the lot's shore from the MHW line (§50-687(1)f)",)
        >>> rules.reach_needs({"width_square_to_shore_ft": 120.0, "reach_ft": 20.0, "water": "canal"})
        ()
        >>> rules.reach_needs({"width_square_to_shore_ft": 120.0, "reach_ft": 20.0})  # the law applies by the water
        ('the kind of water the lot fronts ([site] water) (§50-687(1)f)', 'the kind of water the lot fronts ([site] water) (§50-687(1)g)')
        """
        unknown = []
        for rule in self.rules:
            allowed = rule.reach_on_water(figures) if rule.limits_reach else 0.0
            if allowed is None or (np.ndim(allowed) == 0 and math.isnan(float(allowed))):
                unknown.append(_needs_words(rule, figures))
        return tuple(dict.fromkeys(unknown))

    def reach_unknown(self, figures) -> np.ndarray:
        """For each lot of ``figures`` (arrays), what its reach limit hangs on that is unknown ("" when nothing is).

        Each check that limits the reach and cannot answer for a lot names what it needs, with its section.

        Examples
        --------
        >>> rules = ruleset("levy-county-fl")
        >>> rules.reach_unknown({"width_square_to_shore_ft": np.array([120.0, np.nan]), "reach_ft": np.zeros(2),
        ...                      "water": "canal"}).tolist()
        ['', "the waterway's width square to the lot's shore from the MHW line (§50-687(1)f)"]
        """
        n = len(next(iter(figures.values())))
        out = np.full(n, "", dtype=object)
        for rule in self.rules:
            allowed = rule.reach_on_water(figures) if rule.limits_reach else None
            if allowed is None:
                continue
            unknown = np.broadcast_to(np.isnan(np.asarray(allowed, dtype=float)), (n,))
            said = _needs_words(rule, figures)
            out[unknown] = [f"{text}; {said}" if text else said for text in out[unknown]]
        return out

    def reach_setters(self, figures, limit: float) -> tuple[RuleKind, ...]:
        """The checks whose allowed reach for the dock of ``figures`` is ``limit`` (those that set it)."""
        found = []
        for rule in self.rules:
            allowed = rule.reach_on_water(figures) if rule.limits_reach else None
            if allowed is not None and np.ndim(allowed) == 0 and math.isclose(float(allowed), limit, abs_tol=1e-6):
                found.append(rule)
        return tuple(found)

    def reach_source(self, figures, limit: float) -> str:
        """Where the reach ``limit`` comes from, in words ("navigable depth"), blank when a plain reach limit sets it.

        Examples
        --------
        >>> ruleset("levy-county-fl").reach_source({"width_square_to_shore_ft": 120.0, "reach_ft": 35.0, "water": "canal"}, 30.0)
        '25% of the waterway'
        >>> ruleset("kings-point-ny").reach_source({}, 200.0)
        ''
        """
        bases = [r.reach_basis() for r in self.reach_setters(figures, limit)]
        return "" if not bases or "" in bases else "; ".join(dict.fromkeys(bases))

    def reach_sections(self, figures, limit: float) -> tuple[str, ...]:
        """The sections of the checks that set the reach ``limit`` for the dock of ``figures`` (each once).

        Examples
        --------
        >>> ruleset("levy-county-fl").reach_sections({"width_square_to_shore_ft": 120.0, "reach_ft": 35.0, "water": "canal"}, 30.0)
        ('§50-687(1)f',)
        >>> ruleset("kings-point-ny").reach_sections({}, 200.0)
        ('Docks D(1)', 'Docks D(1), D(2)(a)[1]')
        """
        return tuple(dict.fromkeys(r.section for r in self.reach_setters(figures, limit)))

    def judgment(self, checks: list[CheckResult]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The sections of the ``checks`` left to people (status board), and who decides them, each once.

        Examples
        --------
        >>> rules = ruleset("levy-county-fl")
        >>> rules.judgment([CheckResult("navigation", "§50-687(1)b", "t", BOARD, None, None, "", "")])
        (('§50-687(1)b',), ('Levy County Planning Department',))
        """
        judged = [c for c in checks if c.status == BOARD and c.id in self._by_id]
        deciders = (self.rule(c.id).decided_by() for c in judged)
        return tuple(dict.fromkeys(c.section for c in judged)), tuple(dict.fromkeys(d for d in deciders if d))

    def terminus_clearance_ft(self, target: str) -> float | None:
        """The clearance the terminus must keep from the layer ``target`` ("channels", "docks"); None when none is required.

        Examples
        --------
        >>> ruleset().terminus_clearance_ft("docks"), ruleset("lake-austin-tx").terminus_clearance_ft("channels")
        (50.0, None)
        """
        limits = [c for c in (r.clearance_from(target) for r in self.rules) if c is not None]
        return max(limits) if limits else None

    def lot_reasons(
        self, *, frontage_ft, band_width_ft, required_setback_ft, band_empty, envelope_empty, nearest_obstacle_ft,
    ) -> list[np.ndarray]:
        """Why each lot can have no dock, from its envelope's figures (arrays over the lots), one array of texts per
        reason, ``""`` where a reason does not apply.

        Each check that judges a lot by its figures words its own reasons (a frontage short of the law's); a band
        with no room between the setbacks names the setback checks' section, an envelope emptied by a channel or
        another dock the clearance checks'. ``nearest_obstacle_ft`` is NaN where there is no obstacle.

        Examples
        --------
        >>> texts = ruleset().lot_reasons(
        ...     frontage_ft=np.array([100.0, 300.0]), band_width_ft=np.array([0.0, 60.0]),
        ...     required_setback_ft=np.array([60.0, 120.0]), band_empty=np.array([True, False]),
        ...     envelope_empty=np.array([False, True]), nearest_obstacle_ft=np.array([np.nan, 42.0]))
        >>> [list(t) for t in texts if any(t)]  # doctest: +NORMALIZE_WHITESPACE
        [['frontage 100.0 ft is under the 150 ft minimum (Docks B)', ''],
         ['no room between the setbacks: 60.0 ft from each side line leaves a band 0.0 ft wide on the 100.0 ft frontage (Docks C)',
          'a channel or another dock lies within the setback band, 42.0 ft from the shore: no seaward end can keep 50 ft from it (Docks D(1))']]
        """
        frontage = np.asarray(frontage_ft, dtype=float)
        width = np.asarray(band_width_ft, dtype=float)
        setback = np.asarray(required_setback_ft, dtype=float)
        nearest = np.asarray(nearest_obstacle_ft, dtype=float)
        figures = {"frontage_ft": frontage}
        out = [t for t in (r.lot_reasons(figures) for r in self.rules) if t is not None]
        no_room = (width <= 0) | np.asarray(band_empty, dtype=bool)
        setbacks = [r.section for r in self.rules if r.side_setback(figures) is not None]
        section = ", ".join(dict.fromkeys(setbacks)) or "side setbacks"
        texts = np.full(len(frontage), "", dtype=object)
        rows = np.flatnonzero(no_room)
        texts[rows] = [
            f"no room between the setbacks: {s:,.1f} ft from each side line leaves a band {w:,.1f} ft wide on the "
            f"{f:,.1f} ft frontage ({section})"
            for s, w, f in zip(setback[rows].tolist(), width[rows].tolist(), frontage[rows].tolist())
        ]
        kept = {r.section: c for r in self.rules for c in (r.clearance_from(t) for t in ("channels", "docks")) if c is not None}
        clearance = max(kept.values(), default=0.0)
        section = ", ".join(kept) or "clearances"
        rows = np.flatnonzero(~no_room & np.asarray(envelope_empty, dtype=bool))
        texts[rows] = [
            f"a channel or another dock lies within the setback band{'' if d != d else f', {d:,.1f} ft from the shore'}: "
            f"no seaward end can keep {clearance:,.0f} ft from it ({section})"
            for d in nearest[rows].tolist()
        ]
        return [*out, texts]

    def envelope_reasons(
        self, *, frontage_ft: float, band_width_ft: float, required_setback_ft: float, band_empty: bool,
        envelope_empty: bool, nearest_obstacle_ft: float | None,
    ) -> tuple[str, ...]:
        """Why one lot can have no dock, each with its numbers and section (empty when it can): :meth:`lot_reasons`
        for one lot."""
        columns = self.lot_reasons(
            frontage_ft=[frontage_ft], band_width_ft=[band_width_ft], required_setback_ft=[required_setback_ft],
            band_empty=[band_empty], envelope_empty=[envelope_empty],
            nearest_obstacle_ft=[math.nan if nearest_obstacle_ft is None else nearest_obstacle_ft],
        )
        return tuple(c[0] for c in columns if c[0])

    def attribute_limit(self, key: str) -> float | None:
        """The most any check allows the dock's attribute ``key`` (None when no check limits it).

        Examples
        --------
        >>> ruleset().attribute_limit("lift_boat_height_above_deck_ft"), ruleset().attribute_limit("colour")
        (8.0, None)
        """
        limits = [a for a in (r.attribute_limit(key) for r in self.rules) if a is not None]
        return min(limits) if limits else None

    def class_reason(self, code: str | None) -> str:
        """Why a lot's property class does not qualify, in the words of the checks that judge classes ("... (Docks B)")."""
        judges = [r for r in self.rules if r.qualifying_classes() is not None]
        return "; ".join(r.class_reason(code) for r in judges) or f"property class {code} does not qualify"

    @property
    def qualifying_classes(self) -> tuple[str, ...] | None:
        """The property classes every class check accepts (None without one)."""
        judged = [set(c) for c in (r.qualifying_classes() for r in self.rules) if c is not None]
        if not judged:
            return None
        first = next(c for c in (r.qualifying_classes() for r in self.rules) if c is not None)
        return tuple(c for c in first if all(c in j for j in judged))

    def depths_sought(self) -> tuple[float, ...]:
        """The depths below MLW (ft) the checks need found along a dock's axis, each once, in increasing order.

        Examples
        --------
        >>> ruleset("levy-county-fl").depths_sought(), ruleset().depths_sought()
        ((4.0,), ())
        """
        return tuple(sorted({d for r in self.rules for d in r.depths_sought()}))

    def depth_clearance_ft(self, default: float) -> float:
        """The water under the keel beyond the draft that navigable depth needs (ft): the greatest the checks that
        find it ask, ``default`` when none does.

        Examples
        --------
        >>> ruleset().depth_clearance_ft(0.0), ruleset("levy-county-fl").depth_clearance_ft(0.0)
        (1.0, 0.0)
        """
        asked = self._asked_clearance()
        return default if asked is None else asked

    def _asked_clearance(self) -> float | None:
        asked = [c for c in (r.depth_clearance_ft() for r in self.rules) if c is not None]
        return max(asked, default=None)

    def readings(self) -> dict:
        """The legal readings the profile fixes, by the manifest's key (:func:`dockreview.rules.readings.fixed_readings`).

        Examples
        --------
        >>> ruleset("kings-point-ny").readings()["review.extension"].value
        'straight'
        >>> ruleset("kings-point-ny").readings()["vessel.clearance_ft"].value
        1.0
        """
        return fixed_readings(self.profile, self._asked_clearance())

    def touching_ft(self, default: float) -> float:
        """How near two parts of a dock must lie to touch (ft): the least any check says, ``default`` when none does.

        Examples
        --------
        >>> ruleset().touching_ft(0.25), ruleset("levy-county-fl").touching_ft(0.25)
        (0.5, 0.25)
        """
        said = [t for t in (r.touching_ft() for r in self.rules) if t is not None]
        return min(said, default=default)

    def federal_exemption(self) -> tuple[str, str] | None:
        """The section and words by which the law does not pertain to federal premises (``[federal_premises]``),
        or None when the law states no such exemption.

        Examples
        --------
        >>> ruleset().federal_exemption()[0], ruleset("levy-county-fl").federal_exemption()
        ('Art. VIII, last paragraph', None)
        """
        table = self.profile.settings.get("federal_premises")
        if not table:
            return None
        return str(table.get("section", "")), str(table.get("text", ""))

    # -- after the checks ----------------------------------------------------------------------------------------
    def note_transform_accuracy(self, checks: list[CheckResult], accuracy_ft: float | None) -> list[CheckResult]:
        """Say so in each check between layers whose margin is smaller than the layers' transformation accuracy."""
        if accuracy_ft is None:
            return checks
        accuracy = "unknown (PROJ could only give a ballpark transformation)" if math.isinf(accuracy_ft) else f"about {accuracy_ft:.1f} ft"
        between = {r.id for r in self.rules if r.between_layers}
        noted = []
        for check in checks:
            numbers = check.id in between and check.value is not None and check.limit is not None
            if numbers and math.isfinite(check.value) and abs(check.value - check.limit) < accuracy_ft:
                message = f"{check.message}; the margin is within the accuracy of the layers' datum transformation ({accuracy})"
                check = replace(check, message=message)
            noted.append(check)
        return noted


def _needs_words(rule: RuleKind, figures) -> str:
    """What ``rule``'s reach hangs on that ``figures`` leave unknown, with its section: the kind of water where the
    law applies by it and the figures do not say it, else the rule's own figures."""
    if rule.spec.waters and figures.get("water") is None:
        return f"the kind of water the lot fronts ([site] water) ({rule.section})"
    return f"{rule.reach_needs()} ({rule.section})"


def ruleset(profile: Profile | RuleSet | str | Path | None = None) -> RuleSet:
    """The rule set of ``profile``: a RuleSet as it is, a Profile compiled, a shipped name or a file loaded (default Kings Point).

    Examples
    --------
    >>> ruleset().profile.id
    'kings-point-ny'
    """
    if isinstance(profile, RuleSet):
        return profile
    if not isinstance(profile, Profile):
        profile = load_profile(profile)
    return RuleSet(profile)
