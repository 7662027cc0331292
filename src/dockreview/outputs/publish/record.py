"""What a screen records for ``publish``, so that the public site recomputes nothing.

A screen's GeoPackage holds, beside its ``parcels`` and ``envelopes``, two
tables without geometry:

* ``screen_record`` (``key``, ``value``): the profile (its name and
  jurisdiction), the date its law was read (the latest ``read`` of its
  sources), the date the screen ran, the names of the layers screened (file
  names, no folders) and the parcels' address field;
* ``screen_law``: one row per check the screen applies to a lot, with its
  section, title, the law's words (:meth:`~dockreview.rules.kind.RuleKind.law_words`),
  the source's title and the date it was read, and what the check decides of
  a lot (``sets_setback``, ``limits_reach``, ``keeps_clearance``,
  ``judges_frontage``, ``judges_class``).

Each lot's required setback and reach limit are the parcel table's own columns,
its address the column ``address`` when the parcels have one. The batch screen
writes the tables (:func:`dockreview.batch.screen.write_screen`); ``publish``
reads them (:func:`read_record`).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from dockreview.errors import LayerError
from dockreview.rules import RuleSet

#: The screen's layers that ``publish`` reads, by what they hold.
RECORD_LAYER = "screen_record"
LAW_LAYER = "screen_law"
#: The column of the parcel table holding the parcels' addresses.
ADDRESS_COLUMN = "address"
#: Parcel fields taken as the address without ``--address-field`` (compared without case).
ADDRESS_FIELDS = (
    "address", "site_address", "siteaddr", "site_addr", "situs", "situs_address", "situs_addr", "prop_addr",
    "property_address", "full_address", "fulladdr", "location_address",
)
#: What a check decides of a lot, as the law table's columns.
ROLES = ("sets_setback", "limits_reach", "keeps_clearance", "judges_frontage", "judges_class")
LAW_COLUMNS = ("section", "title", "words", "source", "read", *ROLES)


@dataclass(frozen=True)
class ScreenRecord:
    """What a screen records of its law, its date and its layers (:func:`screen_record`)."""

    profile: str
    jurisdiction: str
    law_read: str
    screened: str
    layers: dict[str, str]
    address_field: str | None = None
    law: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=LAW_COLUMNS))

    def frames(self) -> dict[str, pd.DataFrame]:
        """The two tables written into the screen's GeoPackage, by layer name."""
        pairs = [
            ("profile", self.profile), ("jurisdiction", self.jurisdiction), ("law_read", self.law_read),
            ("screened", self.screened), ("address_field", self.address_field or ""),
            *((f"layer:{role}", name) for role, name in self.layers.items()),
        ]
        record = pd.DataFrame({"key": [k for k, _ in pairs], "value": [str(v) for _, v in pairs]})
        return {RECORD_LAYER: record, LAW_LAYER: self.law.reset_index(drop=True)}


def address_field(fields: Iterable[str], given: str | None = None) -> str | None:
    """The parcels' address field: ``given`` (refused when the layer lacks it), else one of :data:`ADDRESS_FIELDS`.

    Examples
    --------
    >>> address_field(["PARCEL_ID", "Site_Addr"]), address_field(["PARCEL_ID"])
    ('Site_Addr', None)
    """
    fields = list(fields)
    if given is not None:
        if given not in fields:
            raise LayerError(f"parcels layer: no field '{given}' (--address-field); fields: {', '.join(fields)}")
        return given
    known = {f.lower(): f for f in fields}
    return next((known[name] for name in ADDRESS_FIELDS if name in known), None)


def layer_name(source: str | Path | None) -> str:
    """A layer as the record names it: its file's name and its layer (``file:layer``, as QGIS's
    ``file|layername=layer`` too), never its folders.

    Examples
    --------
    >>> layer_name("/srv/gis/county.gpkg:parcels"), layer_name("/srv/nav.gpkg|layername=channels"), layer_name(None)
    ('county.gpkg:parcels', 'nav.gpkg:channels', '')
    """
    return "" if source is None else Path(str(source).replace("|layername=", ":")).name


def _read_date(rule, sources) -> str:
    """The date the law of ``rule`` was read: its own source's, else that of the first number it cites with one."""
    names = [rule.spec.source, *(getattr(c, "source", "") for c in rule.cited.values())]
    dates = [sources[n].read for n in names if n in sources and sources[n].read]
    return dates[0] if dates else ""


def law_table(rules: RuleSet) -> pd.DataFrame:
    """One row per check that judges a lot: its section, title, law's words, source, read date and roles."""
    sources = rules.profile.sources
    figures = {"frontage_ft": np.array([150.0])}
    rows = []
    for rule in rules.rules:
        roles = {
            "sets_setback": rule.side_setback(figures) is not None,
            "limits_reach": bool(rule.limits_reach),
            "keeps_clearance": any(rule.clearance_from(t) is not None for t in ("channels", "docks")),
            "judges_frontage": rule.lot_reasons(figures) is not None,
            "judges_class": rule.qualifying_classes() is not None,
        }
        if not any(roles.values()):
            continue
        source = sources.get(rule.spec.source)
        rows.append({
            "section": rule.section, "title": rule.title, "words": rule.law_words(),
            "source": source.title if source else "", "read": _read_date(rule, sources), **roles,
        })
    return pd.DataFrame(rows, columns=list(LAW_COLUMNS))


def screen_record(
    rules: RuleSet, layers: Mapping[str, str | Path | None], *, address: str | None = None,
    screened: datetime.date | None = None,
) -> ScreenRecord:
    """What a screen under ``rules`` of ``layers`` (role -> source) records, on the day ``screened`` (default today).

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> r = screen_record(ruleset(), {"parcels": "/data/lots.shp", "docks": None}, screened=datetime.date(2026, 12, 5))
    >>> r.screened, r.layers, r.law_read
    ('2026-12-05', {'parcels': 'lots.shp'}, '2026-12-03')
    """
    profile = rules.profile
    reads = [s.read for s in profile.sources.values() if s.read]
    return ScreenRecord(
        profile=profile.name, jurisdiction=profile.jurisdiction, law_read=max(reads, default=""),
        screened=(screened or datetime.date.today()).isoformat(),
        layers={role: layer_name(source) for role, source in layers.items() if source is not None},
        address_field=address, law=law_table(rules),
    )


def read_record(path: str | Path) -> ScreenRecord:
    """The record of the screen whose GeoPackage is ``path``; refused in one line when it holds none."""
    import pyogrio

    names = {str(n) for n in pyogrio.list_layers(path)[:, 0]}
    missing = [n for n in (RECORD_LAYER, LAW_LAYER, "parcels") if n not in names]
    if missing:
        raise LayerError(
            f"{path}: no layer {', '.join(repr(n) for n in missing)}: not the GeoPackage of a `dockreview screen` "
            "that records its law and date (run the screen again)"
        )
    pairs = pyogrio.read_dataframe(path, layer=RECORD_LAYER, read_geometry=False)
    values = dict(zip(pairs["key"].astype(str), pairs["value"].fillna("").astype(str)))
    law = pyogrio.read_dataframe(path, layer=LAW_LAYER, read_geometry=False)
    for role in ROLES:
        law[role] = law[role].astype(bool)
    for text in ("section", "title", "words", "source", "read"):
        law[text] = law[text].fillna("").astype(str)
    return ScreenRecord(
        profile=values.get("profile", ""), jurisdiction=values.get("jurisdiction", ""), law_read=values.get("law_read", ""),
        screened=values.get("screened", ""),
        layers={k.split(":", 1)[1]: v for k, v in values.items() if k.startswith("layer:")},
        address_field=values.get("address_field") or None, law=law,
    )
