"""Numbers in words, as a staff report prints them: counts as integers, whole numbers without decimals."""

from __future__ import annotations

import math

from dockreview.rules.base import COUNT_WORDS, unit_word
from dockreview.rules.base import quantity as _quantity

#: Units that count things: printed as integers with the word in the singular or plural (the rules' own table).
COUNT_UNITS = COUNT_WORDS
#: How a unit reads after a number in the report (singular, plural); "°" and "%" are written against the number.
UNIT_WORDS = {"in": ("inch", "inches"), "deg": ("°", "°"), "%": ("%", "%")}
_ATTACHED = ("°", "%")
#: What a clearance reads when its layer holds nothing to clear (its value is infinite).
NOTHING_TO_CLEAR = "nothing to clear (the layer holds no feature)"


def _unit(unit: str, n: float) -> str:
    if unit in UNIT_WORDS:
        one, many = UNIT_WORDS[unit]
        return one if abs(n) == 1 else many
    return unit_word(unit, n)


def _join_unit(number: str, unit: str, n: float) -> str:
    word = _unit(unit, n)
    if not word:
        return number
    return f"{number}{word}" if word in _ATTACHED else f"{number} {word}"


def quantity(value: float | None, unit: str, *, beside: float | None = None, signed: bool = False) -> str:
    """A value with its unit as a staff report prints it: :func:`dockreview.rules.base.quantity`, in words.

    Counts are integers ("2 rails", "1 lift", "1 slip"); a whole number is printed
    without decimals ("40,000 lb", "150 ft", "36 inches"); any other value to 0.1,
    with more decimals (up to 3) when it would otherwise print as ``beside``, the
    limit it is compared with ("79.95 ft" against 80 ft). ``signed`` adds a + to a
    positive value (a margin); zero has no sign ("0 rails": at the limit). An
    infinite value (a clearance from an empty layer) says there is nothing to clear.

    Examples
    --------
    >>> quantity(2.0, "rails"), quantity(36.0, "in"), quantity(79.95, "ft", beside=80.0), quantity(6.0, "ft", signed=True)
    ('2 rails', '36 inches', '79.95 ft', '+6 ft')
    >>> quantity(0.0, "rails", signed=True), quantity(-0.0004, "ft", signed=True), quantity(1.0, "slips")
    ('0 rails', '0.0 ft', '1 slip')
    >>> quantity(float("inf"), "ft")
    'nothing to clear (the layer holds no feature)'
    """
    if value is None:
        return ""
    value = float(value)
    if math.isnan(value):
        return "unknown"
    if math.isinf(value):
        return NOTHING_TO_CLEAR
    whole = unit in COUNT_UNITS or value.is_integer()
    number = _quantity(value, "", beside=beside, decimals=0 if whole else None, signed=signed)
    return _join_unit(number, unit, value)


def in_words(items) -> str:
    """``("float", "ramp", "walkway")`` -> ``"float, ramp and walkway"``; empty -> ``"none"``.

    Examples
    --------
    >>> in_words(["float", "ramp", "walkway"]), in_words([])
    ('float, ramp and walkway', 'none')
    """
    items = [str(i) for i in items]
    if not items:
        return "none"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def plural(n: int, one: str, many: str) -> str:
    """``"1 check"``, ``"12 checks"``: :func:`dockreview.rules.base.quantity` of a count named in both numbers."""
    return f"{_quantity(n, '', decimals=0)} {one if n == 1 else many}"
