"""Numbers in words, as a staff report prints them: counts as integers, whole numbers without decimals."""

from __future__ import annotations

import math

#: Units that count things: printed as integers with the word in the singular or plural.
COUNT_UNITS = {"docks": ("dock", "docks"), "rails": ("rail", "rails"), "lifts": ("lift", "lifts"), "floats": ("float", "floats")}
#: How a unit reads after a number (singular, plural); "°" and "%" are written against the number.
UNIT_WORDS = {"in": ("inch", "inches"), "deg": ("°", "°"), "%": ("%", "%")}
_ATTACHED = ("°", "%")


def _unit(unit: str, n: float) -> str:
    one, many = UNIT_WORDS.get(unit, COUNT_UNITS.get(unit, (unit, unit)))
    return one if abs(n) == 1 else many


def _join_unit(number: str, unit: str, n: float) -> str:
    word = _unit(unit, n)
    if not word:
        return number
    return f"{number}{word}" if word in _ATTACHED else f"{number} {word}"


def quantity(value: float | None, unit: str, *, beside: float | None = None, signed: bool = False) -> str:
    """A value with its unit as a staff report prints it.

    Counts are integers ("2 rails", "1 lift"); a whole number is printed without
    decimals ("40,000 lb", "150 ft", "36 inches"); any other value to 0.1, with
    more decimals (up to 3) when it would otherwise print as ``beside``, the limit
    it is compared with ("79.95 ft" against 80 ft). ``signed`` adds a + to a
    positive value (a margin); zero has no sign ("0 rails": at the limit).

    Examples
    --------
    >>> quantity(2.0, "rails"), quantity(36.0, "in"), quantity(79.95, "ft", beside=80.0), quantity(6.0, "ft", signed=True)
    ('2 rails', '36 inches', '79.95 ft', '+6 ft')
    >>> quantity(0.0, "rails", signed=True), quantity(-0.0004, "ft", signed=True)
    ('0 rails', '0.0 ft')
    """
    if value is None:
        return ""
    value = float(value)
    if not math.isfinite(value):
        return "none in the layer"
    sign = "+" if signed else ""
    if unit in COUNT_UNITS:
        n = int(round(value))
        return _join_unit(f"{n:{sign if n else ''},d}", unit, n)
    if float(value).is_integer():
        text = f"{value:{sign},.0f}"
    else:
        decimals = 1
        if beside is not None and math.isfinite(beside):
            while decimals < 3 and round(value, decimals) == round(beside, decimals) and value != beside:
                decimals += 1
        text = f"{value:{sign},.{decimals}f}"
    if float(text.replace(",", "")) == 0:
        text = text.lstrip("-+")  # no "-0.0", and a margin of nothing has no side
    return _join_unit(text, unit, value)


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
    """``"1 check"``, ``"12 checks"``."""
    return f"{n} {one if n == 1 else many}"
