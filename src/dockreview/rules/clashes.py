"""Rules that clash inside one profile, found from the rules' own numbers before any lot is screened.

A profile clashes where one rule admits a lot and another leaves it no dock:

* **by frontage**: a minimum frontage admits the lot, but the side setbacks leave no water between them (the
  frontage less twice the setback is nothing), or another minimum denies it;
* **by the waterway's width**: a least width admits a dock on the water, but a limit on the dock's protrusion (a
  share of the width, the width to be kept clear) leaves it none, or another least width denies it;
* **on the layer** (given its frontages): a minimum frontage that no lot of the layer reaches.

Each rule is asked by role, never by its kind: :meth:`~dockreview.rules.kind.RuleKind.lot_denied` and
:meth:`~dockreview.rules.kind.RuleKind.side_setback` of a frontage,
:meth:`~dockreview.rules.kind.RuleKind.width_denied` and
:meth:`~dockreview.rules.kind.RuleKind.protrusion_on_width` of a waterway's width. Their array answers are swept
over every frontage (every width) from :data:`SWEEP_STEP_FT` to :data:`SWEEP_TOP_FT` ft in steps of
:data:`SWEEP_STEP_FT` ft, and each clash's edges are refined by bisection to :data:`EDGE_TOLERANCE_FT` ft; a
clash narrower than a step may be missed. A rule that applies on some waters only (``waters``) is swept with
the rules of each water it names.

No water and no protrusion are judged up to :func:`~dockreview.rules.base.slack` (a band of 0.001 ft is none).
The band between the setbacks is at most the frontage less twice the setback on every lot, whatever its shape
(the frontage within the setback of a side line is at least the setback long), so a lot a clash names has no
dock wherever it lies; a wider lot may still have none (a band emptied by a channel, a rule no lot passes), which
only the screen finds. A sweep of widths takes one width for every rule, each measuring it its own way.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dockreview.profile import Profile
from dockreview.rules.base import not_above
from dockreview.rules.kind import RuleKind
from dockreview.rules.runner import RuleSet, ruleset

#: The sweep's step: every frontage (waterway width) from one step to :data:`SWEEP_TOP_FT`, ft.
SWEEP_STEP_FT = 0.05
#: The widest frontage (waterway) swept, ft: a clash reaching it holds on every wider lot the rules' arithmetic sees.
SWEEP_TOP_FT = 10_000.0
#: A clash's edges are found to within this many feet.
EDGE_TOLERANCE_FT = 0.001
#: How a lot a rule admits is left no dock.
NO_WATER, NO_PROTRUSION, DENIED, UNREACHED = "no-water-between-setbacks", "no-protrusion", "denied", "unreached"


@dataclass(frozen=True)
class Cited:
    """One rule of a clash, as the law gives it: its section, title, requirement in words and the law's words.

    ``id`` is the check's id, for the caller; no output shows it.
    """

    section: str
    title: str
    requirement: str
    law: str
    id: str

    def to_dict(self) -> dict:
        """The rule for JSON (without its id)."""
        return {"section": self.section, "title": self.title, "requirement": self.requirement, "law": self.law}


@dataclass(frozen=True)
class Clash:
    """Lots one rule admits and another leaves no dock.

    Attributes
    ----------
    figure : str
        What the lots are told apart by: ``"frontage"`` or ``"waterway width"``.
    how : tuple of str
        How the lots are left no dock: :data:`NO_WATER`, :data:`NO_PROTRUSION`, :data:`DENIED`, :data:`UNREACHED`.
    low_ft, high_ft : float
        The range of the figure, ft (0: from the least; inf: to the widest swept; on the layer, its greatest).
    admitting, barring : tuple of Cited
        The rules that admit the lots, and those that leave them no dock.
    text : str
        The clash in words, with its numbers and sections.
    waters : tuple of str
        The waters where it holds (the kinds of water the rules name); empty on every water.
    lots : int or None
        How many lots of the layer it names (None without the layer's frontages).
    """

    figure: str
    how: tuple[str, ...]
    low_ft: float
    high_ft: float
    admitting: tuple[Cited, ...]
    barring: tuple[Cited, ...]
    text: str
    waters: tuple[str, ...] = ()
    lots: int | None = None

    def to_dict(self) -> dict:
        """The clash for JSON (an open range's high end as None)."""
        return {
            "figure": self.figure, "how": list(self.how), "low_ft": self.low_ft,
            "high_ft": None if math.isinf(self.high_ft) else self.high_ft, "waters": list(self.waters), "lots": self.lots,
            "text": self.text, "admitting": [c.to_dict() for c in self.admitting], "barring": [c.to_dict() for c in self.barring],
        }


@dataclass(frozen=True)
class _Figure:
    """A lot's figure swept: how a rule denies a lot by it, what it leaves, and when that is no dock."""

    name: str
    how: str
    denied: Callable[[RuleKind, np.ndarray], np.ndarray | None]
    limit: Callable[[RuleKind, np.ndarray], np.ndarray | None]
    bars: Callable[[np.ndarray, np.ndarray], np.ndarray]


_FRONTAGE = _Figure(
    "frontage", NO_WATER,
    denied=lambda rule, x: rule.lot_denied({"frontage_ft": x}),
    limit=lambda rule, x: rule.side_setback({"frontage_ft": x}),
    bars=lambda setback, x: not_above(x - 2.0 * setback, 0.0),
)
_WIDTH = _Figure(
    "waterway width", NO_PROTRUSION,
    denied=lambda rule, x: rule.width_denied(x),
    limit=lambda rule, x: rule.protrusion_on_width(x),
    bars=lambda protrusion, x: not_above(protrusion, 0.0),
)


@dataclass(frozen=True)
class _Found:
    """One clash of one water's sweep, before it is worded."""

    figure: _Figure
    judges: tuple[RuleKind, ...]
    admits: tuple[bool, ...]
    denies: tuple[bool, ...]
    limiters: tuple[RuleKind, ...]
    low: float
    high: float
    values: tuple[float, float]
    lots: int | None

    @property
    def key(self) -> tuple:
        admitting = tuple(r.id for r, a in zip(self.judges, self.admits) if a)
        barring = tuple(r.id for r, d in zip(self.judges, self.denies) if d) + tuple(r.id for r in self.limiters)
        return self.figure.name, admitting, barring, round(self.low, 3), round(self.high, 3)


def clashes(rules: RuleSet | Profile | str | Path, frontages: Sequence[float] | np.ndarray | None = None) -> list[Clash]:
    """The clashes of a profile's rules, from their own numbers (and, given a layer's ``frontages`` in ft, on it).

    Parameters
    ----------
    rules : RuleSet, Profile, str or Path
        The profile's rules (a profile, a shipped name or a file is compiled, as :func:`~dockreview.rules.ruleset` does).
    frontages : array of float, optional
        The frontages of a parcel layer's waterfront lots (ft; NaN left out): each clash counts the lots it names,
        and a minimum frontage no lot reaches is one more clash.

    Returns
    -------
    list of Clash
        By figure, then from the least lot; empty when the rules agree.

    Examples
    --------
    >>> from dockreview.profile import parse_profile
    >>> law = {"checks": {"frontage": {"kind": "frontage", "section": "B", "limit": 100},
    ...                   "setback": {"kind": "side-setback", "section": "C", "fraction_of_frontage": 0.4, "min_ft": 60}}}
    >>> found = clashes(ruleset(parse_profile(law, "t")))
    >>> [(round(c.low_ft, 1), round(c.high_ft, 1)) for c in found]
    [(100.0, 120.0)]
    >>> clashes("kings-point-ny")
    []
    """
    rules = ruleset(rules)
    layer = None if frontages is None else np.asarray(frontages, dtype=float)
    layer = None if layer is None else layer[np.isfinite(layer)]
    groups = _groups(rules.rules)
    found: dict[tuple, tuple[_Found, list]] = {}
    for water, members in groups:
        for figure in (_FRONTAGE, _WIDTH):
            counted = layer if figure is _FRONTAGE else None
            for item in _sweep(figure, members, counted):
                found.setdefault(item.key, (item, []))[1].append(water)
    out = [_clash(item, () if len(waters) == len(groups) else tuple(waters)) for item, waters in found.values()]
    if layer is not None and len(layer):
        out += _unreached(groups, layer)
    return sorted(out, key=lambda c: (c.figure != "frontage", c.low_ft, c.high_ft))


def _groups(rules: Sequence[RuleKind]) -> list[tuple[str | None, tuple[RuleKind, ...]]]:
    """The rules that apply on each water the profile names (None: a water none names), or all of them once."""
    named = list(dict.fromkeys(w for r in rules for w in r.spec.waters))
    if not named:
        return [(None, tuple(rules))]
    return [(w, tuple(r for r in rules if not r.spec.waters or w in r.spec.waters)) for w in [*named, None]]


def _asked(figure: _Figure, rules: Sequence[RuleKind], x: np.ndarray):
    """The rules that judge the lots by ``figure`` and those that may leave them nothing (each asked once)."""
    judges = tuple(r for r in rules if figure.denied(r, x[:1]) is not None)
    limiters = tuple(r for r in rules if figure.limit(r, x[:1]) is not None)
    return judges, limiters


def _rows(figure: _Figure, judges, limiters, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each value of ``x``: which judges deny it and which limiters leave it nothing (one column each), and the
    limiters' answers."""
    denied = [np.asarray(figure.denied(r, x), dtype=bool) for r in judges]
    values = np.array([np.broadcast_to(np.asarray(figure.limit(r, x), dtype=float), x.shape) for r in limiters]).reshape(-1, len(x))
    bars = figure.bars(values, x[None, :])
    rows = np.concatenate([np.reshape(denied, (-1, len(x))), bars]).T
    return rows, values.T


def _is_clash(rows: np.ndarray, judges: int) -> np.ndarray:
    """A judge admits (does not deny) the lot and some rule leaves it nothing."""
    admitted = ~rows[:, :judges]
    return np.any(admitted, axis=1) & np.any(rows, axis=1)


def _sweep(figure: _Figure, rules: Sequence[RuleKind], layer: np.ndarray | None) -> list[_Found]:
    """The clashes of ``rules`` over every value of ``figure`` swept (with the lots of ``layer`` each names)."""
    n = int(round(SWEEP_TOP_FT / SWEEP_STEP_FT))
    x = np.arange(1, n + 1) * SWEEP_STEP_FT
    judges, limiters = _asked(figure, rules, x)
    if not judges:
        return []
    rows, values = _rows(figure, judges, limiters, x)
    clash = _is_clash(rows, len(judges))
    if not clash.any():
        return []
    change = np.flatnonzero(np.any(rows[1:] != rows[:-1], axis=1)) + 1
    starts, ends = np.r_[0, change], np.r_[change - 1, n - 1]
    runs = [(s, e) for s, e in zip(starts.tolist(), ends.tolist()) if clash[s]]
    low = _edges(figure, judges, limiters, x, rows, [s for s, _ in runs], -1)
    high = _edges(figure, judges, limiters, x, rows, [e for _, e in runs], +1)
    layer_rows = None if layer is None else _rows(figure, judges, limiters, layer)[0]
    out = []
    for (s, e), lo, hi in zip(runs, low, high):
        row = rows[s]
        bars = row[len(judges):]
        span = values[s : e + 1][:, bars]
        lots = None if layer_rows is None else int(np.all(layer_rows == row, axis=1).sum())
        out.append(_Found(
            figure, judges, tuple(~row[: len(judges)]), tuple(row[: len(judges)]),
            tuple(r for r, b in zip(limiters, bars) if b),
            0.0 if s == 0 else lo, math.inf if e == n - 1 else hi,
            (float(span.min()), float(span.max())) if span.size else (math.nan, math.nan), lots,
        ))
    return out


def _edges(figure, judges, limiters, x, rows, at: list[int], side: int) -> list[float]:
    """Each run's edge on ``side`` (-1 low, +1 high), by bisection between its last grid value and the next one out."""
    inside = np.array([x[i] for i in at], dtype=float)
    outside = np.array([x[min(max(i + side, 0), len(x) - 1)] for i in at], dtype=float)
    target = rows[at]
    for _ in range(math.ceil(math.log2(SWEEP_STEP_FT / EDGE_TOLERANCE_FT))):
        mid = (inside + outside) / 2
        same = np.all(_rows(figure, judges, limiters, mid)[0] == target, axis=1)
        inside, outside = np.where(same, mid, inside), np.where(same, outside, mid)
    return inside.tolist()


def _unreached(groups, layer: np.ndarray) -> list[Clash]:
    """A minimum frontage no lot of the layer reaches (on each water where one holds; once when on every water)."""
    found: dict[tuple, list] = {}
    for water, rules in groups:
        judges = tuple(r for r in rules if r.lot_denied({"frontage_ft": layer[:1]}) is not None)
        denied = [np.asarray(r.lot_denied({"frontage_ft": layer}), dtype=bool) for r in judges]
        if judges and np.all(np.any(denied, axis=0)):
            widest = int(np.argmax(layer))
            barring = tuple(r for r, d in zip(judges, denied) if d[widest])
            found.setdefault(tuple(r.id for r in barring), [barring, []])[1].append(water)
    out = []
    for barring, waters in found.values():
        where = "" if len(waters) == len(groups) else _waters_words(waters)
        text = (
            f"no lot on the layer{where} reaches {_names(barring)}: the greatest frontage of its {len(layer):,} "
            f"lot{'' if len(layer) == 1 else 's'} is {float(layer.max()):,.1f} ft"
        )
        waters = () if not where else tuple(waters)
        out.append(Clash("frontage", (UNREACHED,), 0.0, float(layer.max()), (), _cited(barring), text, waters, len(layer)))
    return out


# -- words ------------------------------------------------------------------------------------------------------------
def _clash(item: _Found, waters: tuple) -> Clash:
    admitting = tuple(r for r, a in zip(item.judges, item.admits) if a)
    denying = tuple(r for r, d in zip(item.judges, item.denies) if d)
    how = ((DENIED,) if denying else ()) + ((item.figure.how,) if item.limiters else ())
    where = _waters_words(waters) if waters else ""
    noun = "lot with" if item.figure is _FRONTAGE else "waterway"
    unit = "of frontage" if item.figure is _FRONTAGE else "wide"
    said = [f"it falls short of {_names(denying)}"] if denying else []
    if item.limiters and item.figure is _FRONTAGE:
        total = _values(tuple(2 * v for v in item.values), item.high)
        said.append(
            f"under {_names(item.limiters)} the setbacks take {_values(item.values, item.high)} from each side line, "
            f"{total} of the frontage in all: no water is left between them"
        )
    elif item.limiters:
        said.append(
            f"under {_names(item.limiters)} no dock may protrude at all (the limit is {_values(item.values, item.high)})"
        )
    text = f"every {noun} {_span(item.low, item.high)} {unit}{where} meets {_names(admitting)}, but {'; and '.join(said)}"
    if item.lots is not None:
        text += f" ({item.lots:,} lot{'' if item.lots == 1 else 's'} of the layer)"
    barring = denying + item.limiters
    return Clash(item.figure.name, how, item.low, item.high, _cited(admitting), _cited(barring), text, waters, item.lots)


def _cited(rules: Sequence[RuleKind]) -> tuple[Cited, ...]:
    return tuple(Cited(r.section, r.title, _requirement(r), r.law_words(), r.id) for r in rules)


def _requirement(rule: RuleKind) -> str:
    """The rule's requirement in words, blank where it has none but its title (or id)."""
    words = rule.requirement_text()
    return "" if words in (rule.title, rule.id) else words


def _names(rules: Sequence[RuleKind]) -> str:
    """ "Side setback (Docks C: the greater of 40 % of the frontage and 60 ft)", each joined by "and"."""
    named = []
    for rule in rules:
        words = _requirement(rule)
        named.append(f"{rule.title or 'the rule'} ({rule.section}{': ' + words if words else ''})")
    return " and ".join(named)


def _span(low: float, high: float) -> str:
    """ "100.0 to 120.0 ft", "up to 50.0 ft", "at least 100.0 ft", "any number of feet"; "120.0 ft" for one value."""
    if math.isinf(high):
        return "any number of feet" if low <= 0 else f"at least {low:,.1f} ft"
    if low <= 0:
        return f"up to {high:,.1f} ft"
    if high - low < SWEEP_STEP_FT:
        return f"{low:,.1f} ft"
    return f"{low:,.1f} to {high:,.1f} ft"


def _values(values: tuple[float, float], high: float) -> str:
    """ "60.0 ft", "40.0 to 60.0 ft", or "50.0 ft or more" over an open range."""
    least, most = values
    if math.isclose(least, most, abs_tol=0.05):
        return f"{least:,.1f} ft"
    return f"{least:,.1f} ft or more" if math.isinf(high) else f"{least:,.1f} to {most:,.1f} ft"


def _waters_words(waters) -> str:
    """ " (where the lot fronts a canal or a river)"; None is "a water no rule names"."""
    named = [w or "water no rule names" for w in waters]
    return f" (where the lot fronts a {' or a '.join(named)})"
