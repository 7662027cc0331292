"""Rule profiles: a town's dock law as data, every number with its legal reference.

A profile is a TOML file (``rules/profiles/*.toml`` ships the known towns; a
user's own file is passed as ``profile=`` / ``--profile``). Its tables:

``[profile]``
    ``id``, ``name``, ``jurisdiction``, ``effective`` and ``sources``: where the
    law was read (``[sources.NAME]`` with ``title``, ``address`` and ``read``,
    the date it was read).
``[values.NAME]``
    One number of the law: ``value``, ``unit``, ``section``, and ``amended``,
    ``text`` (the law's words) and ``source`` where known. Checks name the
    values they use, so a number shared by two checks is written once.
``[codes.NAME]``
    A list of accepted codes (uses, materials, property classes), with the same references.
``[officials]``
    Who decides each matter the law leaves to people.
``[checks.ID]``
    The checks the law applies, in the order a report lists them: each a rule
    ``kind`` (the code that decides it, :mod:`dockreview.rules.kinds`), its
    ``section`` and ``title``, and the kind's parameters -- a number, or the
    name of a ``[values]`` entry or ``[codes]`` list.

A change of law is a change of this data, never of code. This module only
reads the file (it is a leaf of the package); :func:`dockreview.rules.ruleset`
turns a profile into the rule set that runs its checks.
"""

from __future__ import annotations

import difflib
import math
import os
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from dockreview.errors import ProfileError
from dockreview.tomlfile import read_toml, special_kind

#: The profile used when none is named.
DEFAULT_PROFILE = "kings-point-ny"
_PROFILES = "dockreview.rules.profiles"


@dataclass(frozen=True)
class Value:
    """One number of the law, with where it comes from."""

    value: float
    unit: str
    section: str
    amended: str = ""
    text: str = ""
    source: str = ""


@dataclass(frozen=True)
class Codes:
    """A list of accepted codes of the law (uses, materials, property classes)."""

    values: tuple[str, ...]
    section: str
    amended: str = ""
    text: str = ""
    source: str = ""


@dataclass(frozen=True)
class Source:
    """A text the profile's numbers were read from."""

    name: str
    title: str
    address: str = ""
    read: str = ""


@dataclass(frozen=True)
class CheckSpec:
    """One check of a profile as written: its kind, its citation and the kind's parameters (not yet validated)."""

    id: str
    kind: str
    section: str
    title: str
    params: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    amended: str = ""
    source: str = ""


@dataclass(frozen=True)
class Profile:
    """A town's law as data: checks, numbers, code lists, officials, and where they were read."""

    name: str
    source: str
    values: dict[str, Value]
    codes: dict[str, Codes] = field(default_factory=dict)
    officials: dict[str, str] = field(default_factory=dict)
    checks: dict[str, CheckSpec] = field(default_factory=dict)
    id: str = ""
    jurisdiction: str = ""
    effective: str = ""
    sources: dict[str, Source] = field(default_factory=dict)
    settings: dict[str, dict[str, Any]] = field(default_factory=dict)

    def _lookup(self, table: dict, key: str, what: str, where: str):
        try:
            return table[key]
        except KeyError:
            close = difflib.get_close_matches(key, list(table), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise ProfileError(f"profile {self.source}: no {what} '{key}'{hint}; add {where} to the profile") from None

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

    def get(self, key: str, default: float | None = None) -> float | None:
        """The number of entry ``key``, or ``default`` when the profile has none."""
        return self.values[key].value if key in self.values else default


def profile_names() -> list[str]:
    """The names of the shipped profiles (``--profile NAME``).

    Examples
    --------
    >>> "kings-point-ny" in profile_names()
    True
    """
    folder = resources.files(_PROFILES)
    return sorted(p.name[: -len(".toml")] for p in folder.iterdir() if p.name.endswith(".toml"))


def load_profile(path: str | Path | None = None) -> Profile:
    """Load a rule profile: a shipped one by name, a user's own by path (the Kings Point profile when None).

    Examples
    --------
    >>> load_profile()("max_reach_ft")
    200.0
    >>> load_profile("kings-point-ny").checks["side-setback"].kind
    'side-setback'
    """
    name = DEFAULT_PROFILE if path is None else str(path)
    if path is None or (not str(path).endswith(".toml") and "/" not in str(path) and name in profile_names()):
        text = resources.files(_PROFILES).joinpath(f"{name}.toml").read_text("utf-8")
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ProfileError(f"profile {name}: invalid TOML: {exc}") from None
        return parse_profile(data, name)
    source = str(path)
    if special_kind(path) is None and not os.path.exists(path):
        shipped = ", ".join(profile_names())
        raise ProfileError(f"profile {source}: no such file; give a profile file or one of: {shipped}")
    data = read_toml(path, error=ProfileError, what="profile")
    return parse_profile(data, source)


def parse_profile(data: dict[str, Any], source: str) -> Profile:
    """A :class:`Profile` from a profile's parsed TOML (``source`` names it in messages)."""
    head = _table(data, "profile", source)
    values = {}
    for key, entry in _table(data, "values", source).items():
        if not isinstance(entry, dict) or not _is_number(entry.get("value")) or "section" not in entry:
            raise ProfileError(f"profile {source}: [values.{key}] needs a numeric 'value' and a 'section'")
        values[key] = Value(
            float(entry["value"]), str(entry.get("unit", "")), str(entry["section"]), str(entry.get("amended", "")),
            str(entry.get("text", "")), str(entry.get("source", "")),
        )
    return Profile(
        name=str(head.get("name", source)),
        source=source,
        values=values,
        codes=_codes(data, source),
        officials=_officials(data, source),
        checks=_checks(data, source),
        id=str(head.get("id", "")),
        jurisdiction=str(head.get("jurisdiction", "")),
        effective=str(head.get("effective", "")),
        sources=_sources(data, source),
        settings={k: dict(v) for k, v in data.items() if k not in _TABLES and isinstance(v, dict)},
    )


def _table(data: dict, name: str, source: str) -> dict:
    """The table ``[name]`` of a profile (empty when absent); refused when it is not a table.

    Examples
    --------
    >>> _table({"values": [1]}, "values", "mine.toml")
    Traceback (most recent call last):
    ...
    dockreview.errors.ProfileError: profile mine.toml: [values] must be a table, not a list
    """
    table = data.get(name, {})
    if not isinstance(table, dict):
        raise ProfileError(f"profile {source}: [{name}] must be a table, not {_type_name(table)}")
    return table


def _type_name(value: Any) -> str:
    return {list: "a list", str: "a string", bool: "a boolean", int: "a number", float: "a number"}.get(type(value), "a date or time")


def _is_number(value: Any) -> bool:
    """A finite int or float (not a bool): what a profile's value must be."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


#: The tables every profile may have; any other table (``[riparian]``, ``[datums]``) is a setting its kinds read.
_TABLES = ("profile", "values", "codes", "officials", "checks", "sources")
#: Keys of a ``[checks.ID]`` table that are the check's own, not its kind's parameters.
_CHECK_KEYS = ("kind", "section", "title", "text", "amended", "source")


def _codes(data: dict, source: str) -> dict[str, Codes]:
    """The ``[codes.NAME]`` tables; codes are compared as text."""
    codes = {}
    for key, entry in _table(data, "codes", source).items():
        if not isinstance(entry, dict) or not isinstance(entry.get("values"), list) or "section" not in entry:
            raise ProfileError(f"profile {source}: [codes.{key}] needs a 'values' list and a 'section'")
        codes[key] = Codes(
            tuple(str(v) for v in entry["values"]), str(entry["section"]), str(entry.get("amended", "")),
            str(entry.get("text", "")), str(entry.get("source", "")),
        )
    return codes


def _officials(data: dict, source: str) -> dict[str, str]:
    """The ``[officials]`` table: matter -> the official or body who decides it."""
    table = _table(data, "officials", source)
    if not all(isinstance(v, str) for v in table.values()):
        raise ProfileError(f"profile {source}: [officials] must map each matter to a name string")
    return dict(table)


def _sources(data: dict, source: str) -> dict[str, Source]:
    """The ``[sources.NAME]`` tables: the texts the numbers were read from."""
    out = {}
    for key, entry in _table(data, "sources", source).items():
        if not isinstance(entry, dict) or "title" not in entry:
            raise ProfileError(f"profile {source}: [sources.{key}] needs a 'title' (and an 'address' and the date 'read')")
        out[key] = Source(key, str(entry["title"]), str(entry.get("address", "")), str(entry.get("read", "")))
    return out


def _checks(data: dict, source: str) -> dict[str, CheckSpec]:
    """The ``[checks.ID]`` tables, in the file's order."""
    checks = {}
    for cid, entry in _table(data, "checks", source).items():
        if not isinstance(entry, dict) or not isinstance(entry.get("kind"), str) or "section" not in entry:
            raise ProfileError(f"profile {source}: [checks.{cid}] needs a 'kind' (the rule kind) and a 'section'")
        params = {k: v for k, v in entry.items() if k not in _CHECK_KEYS}
        checks[cid] = CheckSpec(
            id=cid, kind=entry["kind"], section=str(entry["section"]), title=str(entry.get("title", cid)),
            params=params, text=str(entry.get("text", "")), amended=str(entry.get("amended", "")),
            source=str(entry.get("source", "")),
        )
    return checks
