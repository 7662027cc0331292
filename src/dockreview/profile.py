"""Rule profiles: a town's dock law as data, every number with its legal reference.

A profile is a TOML file (``rules/profiles/*.toml`` ships the known towns; a
user's own file is passed as ``profile=`` / ``--profile``). Its tables:

``[profile]``
    ``id``, ``name``, ``jurisdiction`` and ``effective`` (the date the law took effect).
``[sources.NAME]``
    A text the law was read from: ``title``, ``address`` and ``read`` (the date it was read).
``[values.NAME]``
    One number of the law: ``value``, ``unit``, ``section``, and ``amended``,
    ``text`` (the law's words) and ``source`` (a ``[sources]`` entry) where known.
    Checks name the values they use, so a number shared by two checks is written once.
``[codes.NAME]``
    A list of accepted codes (uses, materials, property classes), with the same references.
``[officials]``
    Who decides each matter the law leaves to people.
``[checks.ID]``
    The checks the law applies, in the order a report lists them: each a rule
    ``kind`` (the code that decides it, :mod:`dockreview.rules.kinds`), its
    ``section`` and ``title``, and the kind's parameters -- a number, or the
    name of a ``[values]`` entry or ``[codes]`` list.
``[riparian]``, ``[waterway]``, ``[datums]``
    Settings: how the lot's side lines are drawn and how the checks that leave it
    out measure a waterway's width or pick a datum (:data:`SETTINGS` lists their keys).
``[readings]``
    The legal readings the town fixes (how a side line is carried seaward, the
    seaward terminus): a manifest that asks another is not applied
    (:mod:`dockreview.rules.readings`).
``[federal_premises]``
    Where the law says it does not pertain to federal premises: its ``section`` and ``text``
    (a site whose ``[parcel] federal = true`` is then exempt; without it, reviewed).

A profile is read as strictly as a site manifest: a table or key that is none of
these is refused with the nearest valid name suggested, as is a value citing a
source the profile does not define, every problem of the file in one
:class:`~dockreview.errors.ProfileError`; a value without the law's words gives a
:class:`~dockreview.errors.DockReviewWarning`. A kind's parameters are checked
when the profile is compiled (:func:`dockreview.rules.ruleset`): this module only
reads the file (it is a leaf of the package).

A change of law is a change of this data, never of code.
"""

from __future__ import annotations

import difflib
import math
import os
import tomllib
import warnings
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from dockreview.errors import DockReviewWarning, ProfileError
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
    waters: tuple[str, ...] = ()


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
    """A :class:`Profile` from a profile's parsed TOML (``source`` names it in messages).

    Every problem of the file is collected and refused together, in one line naming the file and each table or
    key at fault; a value without the law's words is warned about (:class:`~dockreview.errors.DockReviewWarning`).

    Raises
    ------
    ProfileError
        A table or key a profile does not have (the nearest valid one suggested), a value, code list, check or
        setting citing a source the profile does not define, a required key missing or of the wrong type.

    Examples
    --------
    >>> parse_profile({"riparain": {"method": "colonial"}}, "town.toml")
    Traceback (most recent call last):
    ...
    dockreview.errors.ProfileError: profile town.toml: [riparain] is not a table of a profile (did you mean [riparian]?)
    >>> law = {"sources": {"code": {"title": "Code"}}, "values": {"a": {"value": 1, "section": "s", "source": "cod"}}}
    >>> parse_profile(law, "town.toml")
    Traceback (most recent call last):
    ...
    dockreview.errors.ProfileError: profile town.toml: [values.a] source 'cod' is not a [sources] entry of the profile (did you mean 'code'?)
    """
    problems = _Problems(source)
    _top_level(data, problems)
    head = _table(data, "profile", problems)
    problems.unknown_keys(head, PROFILE_KEYS, "[profile]")
    sources = _sources(data, problems)
    values = _values(data, problems)
    codes = _codes(data, problems)
    officials = _officials(data, problems)
    checks = _checks(data, problems)
    settings = {}
    for name, keys in SETTINGS.items():
        table = _table(data, name, problems)
        problems.unknown_keys(table, keys, f"[{name}]")
        problems.cites(table, f"[{name}]", data)
        if name in data:
            settings[name] = dict(table)
    problems.raise_if_any()
    _warn_wordless(values, source)
    return Profile(
        name=str(head.get("name", source)),
        source=source,
        values=values,
        codes=codes,
        officials=officials,
        checks=checks,
        id=str(head.get("id", "")),
        jurisdiction=str(head.get("jurisdiction", "")),
        effective=str(head.get("effective", "")),
        sources=sources,
        settings=settings,
    )


#: The keys of ``[profile]``.
PROFILE_KEYS = ("id", "name", "jurisdiction", "effective")
#: The keys that cite the law, in any entry that has a reference: its words, the ``[sources]`` entry, the amendment.
CITATION_KEYS = ("text", "source", "amended")
#: The keys of a ``[values.NAME]`` entry.
VALUE_KEYS = ("value", "unit", "section", *CITATION_KEYS)
#: The keys of a ``[codes.NAME]`` entry.
CODES_KEYS = ("values", "section", *CITATION_KEYS)
#: The keys of a ``[sources.NAME]`` entry.
SOURCE_KEYS = ("title", "address", "read")
#: Keys of a ``[checks.ID]`` table that are the check's own, not its kind's parameters (those the kind checks):
#: ``waters`` names the kinds of water the check applies on (all when absent).
CHECK_KEYS = ("kind", "section", "title", "waters", *CITATION_KEYS)
#: The kinds of water a check may apply on (``waters``), and a site is on (its manifest's ``[site] water``).
WATER_KINDS = ("river", "canal", "creek", "lake", "pond", "reservoir", "bay", "sound", "harbor", "ocean")
#: The settings tables and their keys: how the profile's kinds measure what its checks leave out. ``[riparian]``
#: is read by :meth:`dockreview.rules.RuleSet.riparian_lines`, ``[waterway]`` by the waterway kinds
#: (:mod:`dockreview.rules.kinds.waterway`), ``[datums]`` by the datum kinds (:mod:`dockreview.rules.kinds.datums`),
#: ``[readings]`` (and ``[riparian]``) by :mod:`dockreview.rules.readings`: the legal readings the town fixes;
#: ``[decision] rule`` by :func:`dockreview.rules.conditional.decision_rule`: what a check within the data's accuracy counts as.
#: A new settings table, or a new key of one, is added here.
SETTINGS: dict[str, tuple[str, ...]] = {
    "riparian": ("method", "baseline_ft", *CITATION_KEYS),
    "waterway": ("width_method", "reference", *CITATION_KEYS),
    "datums": ("reach_from", "depth_at", *CITATION_KEYS),
    "federal_premises": ("section", *CITATION_KEYS),
    "decision": ("rule", *CITATION_KEYS),
    "readings": (
        "extension", "extension_direction", "chord_ft", "course_tolerance_ft", "terminus_depth_ft", *CITATION_KEYS,
    ),
}
#: The tables of a profile: those of the law, then the settings.
TABLES = ("profile", "sources", "values", "codes", "officials", "checks", *SETTINGS)


class _Problems:
    """Collects every problem of one profile before refusing them together (as a manifest's are)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.items: list[str] = []

    def add(self, message: str) -> None:
        self.items.append(message)

    def unknown_keys(self, table: Any, allowed: tuple[str, ...], where: str) -> set[str]:
        """Each key of ``table`` that is not ``allowed``, with the nearest allowed one; returns the names suggested."""
        suggested = set()
        for key in table if isinstance(table, dict) else ():
            if key not in allowed:
                self.add(f"{where} has no key '{key}' {_hint(key, allowed)}")
                suggested.update(difflib.get_close_matches(key, list(allowed), n=1, cutoff=0.5))
        return suggested

    def cites(self, entry: Any, where: str, data: dict) -> None:
        """The entry's ``source`` when it is not a ``[sources]`` entry of the profile."""
        if not isinstance(entry, dict) or "source" not in entry:
            return
        cited = entry["source"]
        defined = data.get("sources")
        defined = list(defined) if isinstance(defined, dict) else []
        if not isinstance(cited, str):
            self.add(f"{where} source must be the name of a [sources] entry, not {_type_name(cited)}")
        elif cited not in defined:
            hint = _hint(cited, defined, "sources") if defined else "(the profile defines no [sources.NAME])"
            self.add(f"{where} source '{cited}' is not a [sources] entry of the profile {hint}")

    def raise_if_any(self) -> None:
        if self.items:
            raise ProfileError(f"profile {self.source}: " + _one_line("; ".join(self.items)))


def _one_line(text: str) -> str:
    r"""``text`` with its unprintable characters escaped (a TOML key may hold a line break), for a one-line message.

    Examples
    --------
    >>> print(_one_line("[a\nb] is not a table; [règles] neither"))
    [a\nb] is not a table; [règles] neither
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _hint(name: str, valid, what: str = "keys", shown=lambda n: f"'{n}'") -> str:
    """``(did you mean 'x'?)`` with the valid name nearest ``name``, else the valid names.

    Examples
    --------
    >>> _hint("secton", VALUE_KEYS)
    "(did you mean 'section'?)"
    >>> _hint("zzz", SOURCE_KEYS)
    "(the keys are: 'title', 'address', 'read')"
    """
    valid = list(valid)
    close = difflib.get_close_matches(name, valid, n=1, cutoff=0.5)
    if close:
        return f"(did you mean {shown(close[0])}?)"
    return f"(the {what} are: {', '.join(shown(v) for v in valid)})"


def _top_level(data: dict, problems: _Problems) -> None:
    """Every table of the file is one of :data:`TABLES`; a key outside any table is refused."""
    for key, value in data.items():
        if key in TABLES:
            continue
        if not isinstance(value, dict):
            homes = (("profile", PROFILE_KEYS), *SETTINGS.items())
            home = next((f"[{t}]" for t, keys in homes if key in keys and key not in CITATION_KEYS), None)
            where = f"(put it under {home})" if home else _hint(key, TABLES, "tables", lambda n: f"[{n}]")
            problems.add(f"'{key}' stands outside any table {where}")
        else:
            problems.add(f"[{key}] is not a table of a profile {_hint(key, TABLES, 'tables', lambda n: f'[{n}]')}")


def _table(data: dict, name: str, problems: _Problems) -> dict:
    """The table ``[name]`` of a profile (empty when absent, or when it is not a table: a problem).

    Examples
    --------
    >>> problems = _Problems("mine.toml")
    >>> _table({"values": [1]}, "values", problems), problems.items
    ({}, ['[values] must be a table, not a list'])
    """
    table = data.get(name, {})
    if not isinstance(table, dict):
        problems.add(f"[{name}] must be a table, not {_type_name(table)}")
        return {}
    return table


def _entries(data: dict, name: str, problems: _Problems):
    """The ``[name.KEY]`` entries of a table of tables, each a dict; one that is not a table is a problem."""
    for key, entry in _table(data, name, problems).items():
        if isinstance(entry, dict):
            yield key, entry
        else:
            problems.add(f"[{name}.{key}] must be a table, not {_type_name(entry)}")


def _misspelt(entry: dict, required: tuple[str, ...], suggested: set[str]) -> bool:
    """Whether every required key the entry lacks was suggested for a misspelt one (already a problem)."""
    missing = [k for k in required if k not in entry]
    return bool(missing) and set(missing) <= suggested


def _type_name(value: Any) -> str:
    return {list: "a list", str: "a string", bool: "a boolean", int: "a number", float: "a number", dict: "a table"}.get(
        type(value), "a date or time"
    )


def _is_number(value: Any) -> bool:
    """A finite int or float (not a bool): what a profile's value must be."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _values(data: dict, problems: _Problems) -> dict[str, Value]:
    """The ``[values.NAME]`` tables: one number of the law each."""
    values = {}
    for key, entry in _entries(data, "values", problems):
        where = f"[values.{key}]"
        suggested = problems.unknown_keys(entry, VALUE_KEYS, where)
        problems.cites(entry, where, data)
        if not _is_number(entry.get("value")) or "section" not in entry:
            if not _misspelt(entry, ("value", "section"), suggested):
                problems.add(f"{where} needs a numeric 'value' and a 'section'")
            continue
        values[key] = Value(
            float(entry["value"]), str(entry.get("unit", "")), str(entry["section"]), str(entry.get("amended", "")),
            str(entry.get("text", "")), str(entry.get("source", "")),
        )
    return values


def _warn_wordless(values: dict[str, Value], source: str) -> None:
    """One warning naming every value that gives no ``text``: a number of the law without the law's words."""
    wordless = [f"[values.{key}]" for key, value in values.items() if not value.text.strip()]
    if wordless:
        verb = "gives" if len(wordless) == 1 else "give"
        warnings.warn(
            f"profile {source}: {_one_line(', '.join(wordless))} {verb} no text (the law's words): quote the law in 'text' so a "
            "review cites the words it applies, not only their section",
            DockReviewWarning,
            stacklevel=4,
        )


def _codes(data: dict, problems: _Problems) -> dict[str, Codes]:
    """The ``[codes.NAME]`` tables; codes are compared as text."""
    codes = {}
    for key, entry in _entries(data, "codes", problems):
        where = f"[codes.{key}]"
        suggested = problems.unknown_keys(entry, CODES_KEYS, where)
        problems.cites(entry, where, data)
        if not isinstance(entry.get("values"), list) or "section" not in entry:
            if not _misspelt(entry, ("values", "section"), suggested):
                problems.add(f"{where} needs a 'values' list and a 'section'")
            continue
        codes[key] = Codes(
            tuple(str(v) for v in entry["values"]), str(entry["section"]), str(entry.get("amended", "")),
            str(entry.get("text", "")), str(entry.get("source", "")),
        )
    return codes


def _officials(data: dict, problems: _Problems) -> dict[str, str]:
    """The ``[officials]`` table: matter -> the official or body who decides it."""
    table = _table(data, "officials", problems)
    if not all(isinstance(v, str) for v in table.values()):
        problems.add("[officials] must map each matter to a name string")
    return {k: v for k, v in table.items() if isinstance(v, str)}


def _sources(data: dict, problems: _Problems) -> dict[str, Source]:
    """The ``[sources.NAME]`` tables: the texts the numbers were read from."""
    out = {}
    for key, entry in _entries(data, "sources", problems):
        suggested = problems.unknown_keys(entry, SOURCE_KEYS, f"[sources.{key}]")
        if "title" not in entry:
            if not _misspelt(entry, ("title",), suggested):
                problems.add(f"[sources.{key}] needs a 'title' (and an 'address' and the date 'read')")
            continue
        out[key] = Source(key, str(entry["title"]), str(entry.get("address", "")), str(entry.get("read", "")))
    return out


def _waters(given: Any, where: str, problems: _Problems) -> tuple[str, ...]:
    """A check's ``waters``: kinds of water from :data:`WATER_KINDS` (a misspelled one refused with the nearest).

    Examples
    --------
    >>> problems = _Problems("t.toml")
    >>> _waters(["river", "canal"], "[checks.a]", problems), _waters(["canals"], "[checks.b]", problems), problems.items
    (('river', 'canal'), (), ["[checks.b] waters: 'canals' is not a kind of water (did you mean 'canal'?)"])
    """
    if not isinstance(given, list) or not all(isinstance(w, str) for w in given):
        problems.add(f"{where} waters must be a list of kinds of water: {', '.join(WATER_KINDS)}")
        return ()
    bad = [w for w in given if w not in WATER_KINDS]
    for w in bad:
        problems.add(f"{where} waters: '{w}' is not a kind of water {_hint(w, WATER_KINDS, 'kinds of water')}")
    return () if bad else tuple(given)


def _checks(data: dict, problems: _Problems) -> dict[str, CheckSpec]:
    """The ``[checks.ID]`` tables, in the file's order (their kinds' parameters are checked by the kinds)."""
    checks = {}
    for cid, entry in _entries(data, "checks", problems):
        where = f"[checks.{cid}]"
        problems.cites(entry, where, data)
        if not isinstance(entry.get("kind"), str) or "section" not in entry:
            missing = [k for k in ("kind", "section") if k not in entry]
            near = [c for k in missing for c in difflib.get_close_matches(k, [e for e in entry if e not in CHECK_KEYS], 1, 0.6)]
            hint = f" (did you mean '{near[0]}'?)" if near else ""
            problems.add(f"{where} needs a 'kind' (the rule kind) and a 'section'{hint}")
            continue
        params = {k: v for k, v in entry.items() if k not in CHECK_KEYS}
        checks[cid] = CheckSpec(
            id=cid, kind=entry["kind"], section=str(entry["section"]), title=str(entry.get("title", cid)),
            params=params, text=str(entry.get("text", "")), amended=str(entry.get("amended", "")),
            source=str(entry.get("source", "")), waters=_waters(entry.get("waters", []), where, problems),
        )
    return checks
