"""Statuses that know the data's accuracy: a margin held against what the map can tell (ILAC-G8's decision rules).

A check's margin (how far its value lies inside its limit, :attr:`~dockreview.rules.base.CheckResult.margin`) is a
figure of the measurements, and the measurements move with the layers they are read from
(:mod:`dockreview.measure.uncertainty`). :func:`qualify` gives every decided bound its margin's uncertainty at
95 %, in the check's own unit, found by asking the check itself: each measurement is moved by its own 95 %
figure either way and the check decided again, so the margin's change per foot of each measurement is the
check's own arithmetic (a setback of 40 % of the frontage moves with the frontage; a tier of slips per foot of
frontage jumps within the frontage's accuracy), and the layers' shifts are carried through to the margin
(:func:`dockreview.measure.uncertainty.linear`). Then

* the margin exceeds its uncertainty: ``pass`` or ``fail`` as decided;
* it does not (or an input's accuracy is unassessed, a chart's zone U): ``conditional-pass`` or
  ``conditional-fail``, with the input that dominates and the accuracy a survey of it must reach to settle the
  check (:class:`~dockreview.rules.base.Within`).

What a conditional status counts as is the decision rule's (:data:`DECISION_RULES`): the profile's ``[decision]
rule``, else ``simple``; ``dockreview check --decision-rule`` overrides it.
"""

from __future__ import annotations

import dataclasses
import math

from dockreview.errors import ProfileError
from dockreview.inputs.spec import LAYER_WORDS
from dockreview.measure.uncertainty import Uncertainty, derived_from, linear
from dockreview.rules.base import (
    CONDITIONAL_FAIL,
    CONDITIONAL_PASS,
    FAIL,
    PASS,
    CheckResult,
    Within,
    fmt,
    slack,
)

#: The decision rules, by name, in words: what a conditional pass and a conditional fail count as.
DECISION_RULES = {
    "simple": "simple acceptance: the data as given decide (a conditional pass counts as a pass, a conditional "
              "fail as a fail); a survey named for each conditional check could reverse it",
    "guarded": "guarded acceptance: a check whose margin lies within the data's accuracy is not decided until "
               "surveyed (any conditional check leaves the review incomplete)",
}
DEFAULT_RULE = "simple"
#: How far a measurement is moved to learn whether a check reads it when its accuracy is unassessed (ft).
PROBE_FT = 1.0
#: An input whose part of a check's uncertainty is under this share of the largest part is not named for a survey
#: (a shore that moves a reach by hundredths of a foot beside soundings that move it by tens).
NAMED_SHARE = 0.01


def decision_rule(profile, given: str | None = None) -> str:
    """The decision rule: ``given`` (``--decision-rule``), else the profile's ``[decision] rule``, else simple.

    Raises
    ------
    ProfileError
        When the rule is none of :data:`DECISION_RULES`.

    Examples
    --------
    >>> from dockreview.profile import load_profile
    >>> decision_rule(load_profile()), decision_rule(load_profile(), "guarded")
    ('simple', 'guarded')
    """
    rule = given or profile.settings.get("decision", {}).get("rule") or DEFAULT_RULE
    if rule not in DECISION_RULES:
        where = "--decision-rule" if given else f"profile {profile.source}: [decision] rule"
        raise ProfileError(f"{where} is '{rule}'; the decision rules are: {', '.join(DECISION_RULES)}")
    return rule


def role_words(role: str) -> str:
    """An input's role in words ("the lot lines"; ``"soundings vertical"``: "the soundings' depths").

    Examples
    --------
    >>> role_words("parcels"), role_words("soundings vertical")
    ('the lot lines', "the soundings' depths")
    """
    layer = role.split()[0]
    if role.endswith(" vertical"):
        return f"the {layer}' depths" if layer.endswith("s") else f"the {layer}'s depths"
    return LAYER_WORDS.get(layer, layer)


def listed(items) -> str:
    """Words joined as a list is read: "a", "a and b", "a, b and c".

    Examples
    --------
    >>> listed(["the lot lines"]), listed(["a", "b", "c"])
    ('the lot lines', 'a, b and c')
    """
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}" if items else ""


# ---------------------------------------------------------------------------------------------------------------
# the margin's uncertainty, from the check's own arithmetic
# ---------------------------------------------------------------------------------------------------------------
def _groups(measurements, measured: dict[str, Uncertainty]) -> dict[str, tuple[str, ...]]:
    """Each measurement with an uncertainty, with those that are its value (the worse setback, the greater reach)."""
    derived = {k: v for k, v in derived_from(measurements).items() if v in measured}
    return {key: (key, *(d for d, source in derived.items() if source == key)) for key in measured if key not in derived}


def _moved(measurements, keys: tuple[str, ...], delta: float):
    changes = {k: measurements[k] + delta for k in keys if isinstance(measurements[k], (int, float))}
    return dataclasses.replace(measurements, **changes)


def _margins(rules, measurements, facts, keys, delta) -> dict[str, float | None]:
    return {c.id: c.margin for c in rules.run(_moved(measurements, keys, delta), facts)}


def _slopes(rules, checks, measurements, facts, measured) -> dict[str, list]:
    """Each check's margin change per unit of each measurement it reads, with that measurement's uncertainty: the
    secant over the measurement's 95 % figure either way (:data:`PROBE_FT` when that is unassessed)."""
    slopes: dict[str, list] = {c.id: [] for c in checks}
    base = {c.id: c.margin for c in checks}
    for key, keys in _groups(measurements, measured).items():
        u = measured[key]
        step = PROBE_FT if u.value_ft is None else u.value_ft
        if not step > 0 or measurements[key] is None or not math.isfinite(measurements[key]):
            continue
        up, down = (_margins(rules, measurements, facts, keys, s) for s in (step, -step))
        for cid, margin in base.items():
            if margin is None:
                continue
            ends = [(m, s) for m, s in ((up.get(cid), step), (down.get(cid), -step)) if m is not None]
            if not ends:
                continue
            hi, lo = (ends[0], ends[-1]) if len(ends) == 2 else (ends[0], (margin, 0.0))
            slope = (hi[0] - lo[0]) / (hi[1] - lo[1])
            if slope != 0.0:
                slopes[cid].append((slope, u))
    return slopes


def _survey(u: Uncertainty, margin: float, accuracy: dict) -> tuple[tuple[str, ...], float | None]:
    """The inputs a survey must cover to settle a check of ``margin``, and the accuracy it must reach (ft, 95 %).

    The dominant input alone when surveying it can bring the uncertainty under the margin; else every input whose
    part is at least :data:`NAMED_SHARE` of the dominant one's, to one accuracy. None when the value lies at its limit: no survey decides it then.
    """
    roles = [r for r, k in u.per_ft.items() if k > 0]
    if not roles or abs(margin) <= slack(0.0):
        return tuple(roles), None
    contribution = {r: u.per_ft[r] * _accuracy_of(r, u, accuracy) for r in roles}
    dominant = max(contribution, key=contribution.get)
    others = math.sqrt(max(sum(v * v for r, v in contribution.items() if r != dominant), 0.0))
    if others < abs(margin):
        return (dominant,), float(math.sqrt(margin * margin - others * others) / u.per_ft[dominant])
    named = [r for r in roles if contribution[r] >= NAMED_SHARE * contribution[dominant]]
    rest = sum(v * v for r, v in contribution.items() if r not in named)
    return tuple(named), float(math.sqrt(max(margin * margin - rest, 0.0)) / math.sqrt(sum(u.per_ft[r] ** 2 for r in named)))


def _accuracy_of(role: str, u: Uncertainty, accuracy: dict) -> float:
    if role.endswith(" vertical"):
        return u.vertical[role.split()[0]][1]
    return accuracy[role].horizontal_ft


def _within(check: CheckResult, u: Uncertainty, accuracy: dict) -> Within:
    inputs = tuple(words for _, words in u.inputs)
    if u.unassessed:
        unknown = tuple(role for role, words in u.inputs if "unassessed" in words)
        return Within(None, inputs, unknown, None, unassessed=True)
    survey, survey_ft = _survey(u, check.margin, accuracy)
    dominant = max(survey, key=lambda r: u.per_ft[r]) if survey else u.dominant
    return Within(dominant, inputs, survey, survey_ft)


def survey_words(check: CheckResult) -> str:
    """What settles a conditional check, in words: "a survey of the lot lines (the right side) to ±1.5 ft".

    Examples
    --------
    >>> c = CheckResult("s", "", "", "conditional-pass", 61.0, 60.0, "ft", "", sense="at-least", uncertainty=6.2,
    ...                 within=Within("parcels", survey=("parcels",), survey_ft=0.79))
    >>> survey_words(c)
    'a survey of the lot lines to ±0.7 ft'
    """
    within = check.within
    if within is None:
        return ""
    what = listed(role_words(r) for r in within.survey) or "the inputs"
    side = _side(check) if "parcels" in within.survey else ""
    if within.unassessed:
        return f"the accuracy of {what} is unassessed: a survey of {what}{side}"
    if within.survey_ft is None:
        return f"a survey of {what}{side} (the value lies at its limit)"
    shown = math.floor(within.survey_ft * 10.0) / 10.0
    shown_text = f"{shown:.1f}" if shown >= 0.1 else f"{within.survey_ft:.2f}"
    return f"a survey of {what}{side} to ±{shown_text} ft"


def _side(check: CheckResult) -> str:
    """The side that decides a check of two sides; none when both give its value."""
    deciding = [p for p in check.parts if p.value == check.value] if len(check.parts) > 1 else []
    return f" (the {deciding[0].name} side)" if len(deciding) == 1 else ""


def qualified(check: CheckResult, u: Uncertainty | None, accuracy: dict) -> CheckResult:
    """``check`` with its margin's uncertainty, and conditional when the margin lies within it.

    Conditional when an input's accuracy is unassessed, or when the uncertainty is above zero and the margin is
    no greater than it (a margin that exceeds the uncertainty decides).

    Examples
    --------
    >>> from dockreview.inputs.accuracy import LayerAccuracy
    >>> from dockreview.measure.uncertainty import combine
    >>> import numpy as np
    >>> acc = {"parcels": LayerAccuracy("parcels", 7.6, None, "a tax map", True)}
    >>> u = combine(acc, {("parcels", 0): np.array([1.0, 0.0])})
    >>> c = qualified(CheckResult("s", "", "", "pass", 61.0, 60.0, "ft", "left 61.0 ft", sense="at-least"), u, acc)
    >>> c.status, round(c.uncertainty, 2), survey_words(c)
    ('conditional-pass', 6.09, 'a survey of the lot lines to ±1.2 ft')
    """
    if u is None:
        return check
    value = None if u.value_ft is None else float(u.value_ft)
    margin = check.margin
    conditional = margin is not None and (u.unassessed or (value is not None and value > 0 and abs(margin) <= value))
    if not conditional or check.status not in (PASS, FAIL):
        return dataclasses.replace(check, uncertainty=value)
    status = CONDITIONAL_PASS if check.status == PASS else CONDITIONAL_FAIL
    check = dataclasses.replace(check, status=status, uncertainty=value, within=_within(check, u, accuracy))
    said = "an input's accuracy is unassessed" if value is None else f"±{fmt(value, check.unit)} at 95 %"
    message = f"{check.message}; within the data's accuracy ({said}): {survey_words(check)} would decide it"
    return dataclasses.replace(check, message=message)


def qualify(rules, checks: list[CheckResult], measurements, facts, measured: dict[str, Uncertainty],
            accuracy: dict) -> list[CheckResult]:
    """Every check with its margin's uncertainty (:func:`qualified`); a check without a margin is left as it is.

    Parameters
    ----------
    rules : RuleSet
        The rules that decided ``checks``: each is decided again with each measurement moved.
    checks : list of CheckResult
    measurements : Measurements
    facts : Facts
    measured : dict of str to Uncertainty
        Each measurement's uncertainty (:func:`dockreview.measure.uncertainty.uncertainties`).
    accuracy : dict of str to LayerAccuracy
        The site's layers' accuracy.
    """
    slopes = _slopes(rules, checks, measurements, facts, measured)
    return [check if check.margin is None else qualified(check, linear(accuracy, slopes[check.id]), accuracy)
            for check in checks]
