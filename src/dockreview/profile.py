"""Rule profiles: the ordinance's numbers as data, each with its legal reference.

A profile is a TOML file whose ``[values.NAME]`` tables give ``value``, ``unit``,
``section`` and, where the article was amended, ``amended``; its ``[codes.NAME]``
tables give lists of accepted codes (``values``) with the same references, and
its ``[officials]`` table names the official each discretionary decision falls
to. The Kings Point
article ships as the default (``profiles/kings_point.toml``); another village's
code, or an amendment, is a new file passed as ``profile=`` / ``--profile``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from dockreview.errors import ProfileError

DEFAULT_PROFILE = "kings_point.toml"


@dataclass(frozen=True)
class Value:
    """One number of the ordinance, with where it comes from."""

    value: float
    unit: str
    section: str
    amended: str = ""
    text: str = ""


@dataclass(frozen=True)
class Codes:
    """A list of accepted codes of the ordinance (uses, materials, property classes)."""

    values: tuple[str, ...]
    section: str
    amended: str = ""
    text: str = ""


@dataclass(frozen=True)
class Profile:
    """A named set of :class:`Value` and :class:`Codes` entries, and the officials."""

    name: str
    source: str
    values: dict[str, Value]
    codes: dict[str, Codes] = field(default_factory=dict)
    officials: dict[str, str] = field(default_factory=dict)

    def _lookup(self, table: dict, key: str, what: str, where: str):
        try:
            return table[key]
        except KeyError:
            raise ProfileError(f"profile {self.source}: no {what} '{key}'; add {where} to the profile") from None

    def code(self, key: str) -> Codes:
        """The code list ``key``."""
        return self._lookup(self.codes, key, "code list", f"[codes.{key}]")

    def official(self, key: str) -> str:
        """The official (or body) who decides matter ``key``."""
        return self._lookup(self.officials, key, "official", f"'{key}' under [officials]")

    def __getitem__(self, key: str) -> Value:
        return self._lookup(self.values, key, "value", f"[values.{key}]")

    def __call__(self, key: str) -> float:
        """The number of entry ``key``."""
        return self[key].value


def load_profile(path: str | Path | None = None) -> Profile:
    """Load a rule profile (the shipped Kings Point profile when ``path`` is None).

    Examples
    --------
    >>> load_profile()("max_reach_ft")
    200.0
    """
    if path is None:
        text = resources.files("dockreview.rules.profiles").joinpath(DEFAULT_PROFILE).read_text("utf-8")
        source = f"dockreview/rules/profiles/{DEFAULT_PROFILE}"
    else:
        source = str(path)
        try:
            text = Path(path).read_text("utf-8")
        except OSError as exc:
            raise ProfileError(f"profile {source}: cannot read it ({exc.strerror or exc})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"profile {source}: invalid TOML: {exc}") from None
    values = {}
    for key, entry in data.get("values", {}).items():
        if not isinstance(entry, dict) or not isinstance(entry.get("value"), (int, float)) or "section" not in entry:
            raise ProfileError(f"profile {source}: [values.{key}] needs a numeric 'value' and a 'section'")
        values[key] = Value(
            float(entry["value"]),
            str(entry.get("unit", "")),
            str(entry["section"]),
            str(entry.get("amended", "")),
            str(entry.get("text", "")),
        )
    name = str(data.get("profile", {}).get("name", source))
    return Profile(name, source, values, _codes(data, source), _officials(data, source))


def _codes(data: dict, source: str) -> dict[str, Codes]:
    """The ``[codes.NAME]`` tables; codes are compared as text."""
    codes = {}
    for key, entry in data.get("codes", {}).items():
        if not isinstance(entry, dict) or not isinstance(entry.get("values"), list) or "section" not in entry:
            raise ProfileError(f"profile {source}: [codes.{key}] needs a 'values' list and a 'section'")
        codes[key] = Codes(
            tuple(str(v) for v in entry["values"]),
            str(entry["section"]),
            str(entry.get("amended", "")),
            str(entry.get("text", "")),
        )
    return codes


def _officials(data: dict, source: str) -> dict[str, str]:
    """The ``[officials]`` table: matter -> the official or body who decides it."""
    table = data.get("officials", {})
    if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
        raise ProfileError(f"profile {source}: [officials] must map each matter to a name string")
    return dict(table)
