"""Why each lot of a layer can have no dock, decided in arrays (Docks B, C, D(1)).

:func:`envelope_reasons` is the array form of
:meth:`dockreview.rules.RuleSet.envelope_reasons`, the one-lot answer the review
and the envelope give: the frontage checks decide their lots with their own
vectorised :meth:`~dockreview.rules.kind.Bound.statuses` and word their
shortfall with their own :meth:`~dockreview.rules.kind.Bound.shortfall`; the
room between the setbacks and the clearances are decided as arrays and worded
as the rule set words them, with the profile's sections and limits. Only the
lots that have a reason are formatted. A test holds it to the one-lot form on
every waterfront lot of a county.
"""

from __future__ import annotations

import numpy as np

from dockreview.rules import RuleSet
from dockreview.rules.base import FAIL


def envelope_reasons(
    rules: RuleSet, *, frontage_ft, band_width_ft, required_setback_ft, band_empty, envelope_empty, nearest_obstacle_ft,
) -> list[np.ndarray]:
    """The reasons of :meth:`RuleSet.envelope_reasons` for every lot, one array of texts per kind of reason.

    Each array holds one text per lot, empty (``""``) where that reason does
    not apply, in the order the one-lot form lists them. ``nearest_obstacle_ft``
    is NaN where there is no obstacle.

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> rules = ruleset()
    >>> texts = envelope_reasons(
    ...     rules, frontage_ft=np.array([100.0, 300.0]), band_width_ft=np.array([0.0, 60.0]),
    ...     required_setback_ft=np.array([60.0, 120.0]), band_empty=np.array([True, False]),
    ...     envelope_empty=np.array([True, False]), nearest_obstacle_ft=np.array([np.nan, np.nan]))
    >>> [list(t) for t in texts] == [[r, ""] for r in rules.envelope_reasons(
    ...     frontage_ft=100.0, band_width_ft=0.0, required_setback_ft=60.0, band_empty=True,
    ...     envelope_empty=True, nearest_obstacle_ft=None)]
    True
    """
    frontage = np.asarray(frontage_ft, dtype=float)
    width = np.asarray(band_width_ft, dtype=float)
    setback = np.asarray(required_setback_ft, dtype=float)
    nearest = np.asarray(nearest_obstacle_ft, dtype=float)
    n = len(frontage)
    out = []
    for rule in rules.of_kind("frontage"):
        texts = np.full(n, "", dtype=object)
        fail = np.flatnonzero(rule.statuses({"frontage_ft": frontage}) == FAIL)
        texts[fail] = [rule.shortfall(v) for v in frontage[fail].tolist()]
        out.append(texts)
    no_room = (width <= 0) | np.asarray(band_empty, dtype=bool)
    setbacks = rules.of_kind("side-setback")
    section = setbacks[0].section if setbacks else "side setbacks"
    texts = np.full(n, "", dtype=object)
    rows = np.flatnonzero(no_room)
    texts[rows] = [
        f"no room between the setbacks: {s:,.1f} ft from each side line leaves a band {w:,.1f} ft wide on the "
        f"{f:,.1f} ft frontage ({section})"
        for s, w, f in zip(setback[rows].tolist(), width[rows].tolist(), frontage[rows].tolist())
    ]
    clearances = rules.of_kind("terminus-clearance")
    clearance = max((r.p.limit for r in clearances), default=0.0)
    section = clearances[0].section if clearances else "clearances"
    rows = np.flatnonzero(~no_room & np.asarray(envelope_empty, dtype=bool))
    texts[rows] = [
        f"a channel or another dock lies within the setback band{'' if d != d else f', {d:,.1f} ft from the shore'}: "
        f"no seaward end can keep {clearance:,.0f} ft from it ({section})"
        for d in nearest[rows].tolist()
    ]
    out.append(texts)
    return out


def join(columns: list[np.ndarray], n: int) -> np.ndarray:
    """Each lot's texts from ``columns`` (arrays of texts, ``""`` for none) joined with ``"; "``."""
    if not columns:
        return np.full(n, "", dtype=object)
    table = np.vstack([np.asarray(c, dtype=object) for c in columns])
    some = np.flatnonzero((table != "").any(axis=0))
    out = np.full(n, "", dtype=object)
    out[some] = ["; ".join(t for t in row if t) for row in table[:, some].T.tolist()]
    return out
