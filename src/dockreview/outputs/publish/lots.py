"""Each lot's page data, read from the screen's rows: its answer, reasons with their law, figures and drawings.

Nothing is measured again: the answer, the reasons and every figure are the
screen's row (:mod:`dockreview.batch.table`), the envelope its ``envelopes``
feature, the law its recorded table (:mod:`.record`); the drawings are made
from them by :mod:`.drawing`.
"""

from __future__ import annotations

import math
import re

import geopandas as gpd
import numpy as np
import pandas as pd

from dockreview.outputs.publish.drawing import Drawing
from dockreview.outputs.publish.record import ADDRESS_COLUMN, ScreenRecord

#: The answers, by what the screen's row says: a dock is possible, it is not, the data cannot tell, not reviewed.
ANSWERS = ("yes", "no", "data", "none")
#: The figures of the page, in the order :func:`lot_figures` writes them, with their screen columns.
FIGURES = (
    "frontage_ft", "required_setback_ft", "band_width_ft", "reach_limit_ft", "greatest_reach_ft", "envelope_area_sqft",
    "existing_docks",
)
#: How the screen's reason naming what the data lack begins (the items it names follow, joined by "; ").
NEEDS = "needs data: "


def answers(parcels: pd.DataFrame) -> np.ndarray:
    """Each lot's answer (:data:`ANSWERS`) from the screen's columns ``eligible``, ``needs_data`` and ``reasons``.

    Examples
    --------
    >>> rows = pd.DataFrame({"eligible": [True, False, False, False], "needs_data": [False, False, True, False],
    ...     "reasons": ["", "frontage 90.0 ft is under the 150 ft minimum (Docks B)", "needs data: soundings (Docks D(1))",
    ...                 "not reviewed: the parcel has no geometry"]})
    >>> answers(rows).tolist()
    ['yes', 'no', 'data', 'none']
    """
    reasons = parcels["reasons"].fillna("").astype(str)
    only_data = reasons.str.startswith(NEEDS).to_numpy()  # what the data lack comes last: nothing else said before it
    out = np.where(parcels["eligible"].to_numpy(dtype=bool), "yes", "no").astype(object)
    out[(parcels["needs_data"].to_numpy(dtype=bool) & only_data) & (out == "no")] = "data"
    out[reasons.str.startswith("not reviewed").to_numpy()] = "none"
    return out


def _items(text: str) -> list[str]:
    """``text`` cut at each ``"; "`` outside parentheses (a reason's list of sections may hold one)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and text.startswith("; ", i):
            out.append(text[start:i])
            start = i + 2
    out.append(text[start:])
    return [part for part in out if part]


def split_reasons(text: str) -> list[str]:
    """The screen's reasons, one by one: the table joins them with ``"; "`` (outside the parentheses citing their
    sections), the last one, what the data lack (``needs data: ...``), naming its items joined the same way.

    Examples
    --------
    >>> split_reasons("frontage 90.0 ft is under the 150 ft minimum (Docks B); needs data: a line (A(3); B); a depth (C)")
    ['frontage 90.0 ft is under the 150 ft minimum (Docks B)', 'needs data: a line (A(3); B); a depth (C)']
    >>> split_reasons("")
    []
    """
    items = _items(str(text))
    lead = next((i for i, item in enumerate(items) if item.startswith(NEEDS)), len(items))
    return items[:lead] + (["; ".join(items[lead:])] if lead < len(items) else [])


def cited_section(reason: str) -> str:
    """The section a reason cites: its closing parenthesis's text, parentheses inside it kept ("" when none).

    Examples
    --------
    >>> cited_section("reach 120.0 ft (Docks D(1), D(2)(a)[1])"), cited_section("does not front the MHW line")
    ('Docks D(1), D(2)(a)[1]', '')
    """
    if not reason.endswith(")"):
        return ""
    depth = 0
    for i in range(len(reason) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(reason[i], 0)
        if depth == 0:
            return reason[i + 1 : -1]
    return ""


def law_for(section: str, law: pd.DataFrame) -> list[int]:
    """The rows of the law table a cited ``section`` names: those of that section, else of each part of a list.

    Examples
    --------
    >>> law = pd.DataFrame({"section": ["Docks B", "Docks C", "Docks D(1), D(2)(a)[1]", "Docks D(1)"]})
    >>> law_for("Docks D(1), D(2)(a)[1]", law), law_for("Docks B, Docks C", law), law_for("", law)
    ([2], [0, 1], [])
    """
    if not section:
        return []
    sections = law["section"].astype(str).tolist()
    whole = [i for i, s in enumerate(sections) if s == section]
    if whole:
        return whole
    parts = [p.strip() for p in re.split(r",\s*", section) if p.strip()]
    return [i for i, s in enumerate(sections) if s in parts]


def reasons_with_law(text: str, law: pd.DataFrame) -> list[list]:
    """Each reason of ``text`` with the rows of the law it (each of its items) cites: ``[[reason, [row, ...]], ...]``."""
    out = []
    for reason in split_reasons(text):
        rows = [i for item in _items(reason) for i in law_for(cited_section(item), law)]
        out.append([reason, list(dict.fromkeys(rows))])
    return out


def _round(value) -> float | None:
    """A figure for the page: to 0.01, None when unknown or infinite."""
    value = float(value)
    return round(value, 2) if math.isfinite(value) else None


def lot_figures(row) -> list:
    """The row's :data:`FIGURES`, rounded to 0.01 (None when unknown)."""
    return [int(row[name]) if name == "existing_docks" else _round(row[name]) for name in FIGURES]


def page_lots(parcels: gpd.GeoDataFrame, envelopes: gpd.GeoDataFrame, record: ScreenRecord) -> tuple[list[dict], np.ndarray]:
    """Every lot's page data, in the screen's order, and each lot's bounds in degrees (south, west, north, east).

    Each lot is a dict: ``id``, ``ad`` (address, "" without one), ``s``
    (answer, :data:`ANSWERS`), ``r`` (reasons with the law rows they cite),
    ``f`` (:data:`FIGURES`), ``p`` (the lot's polygons, :func:`~.drawing.encode`),
    ``e`` (the envelope's, for a lot whose answer is yes or that needs data),
    ``d`` (its dimension lines, :meth:`~.drawing.Drawing.dimensions`), and
    ``at`` (a point inside the lot, longitude and latitude, that places it in a tile).
    """
    drawing = Drawing(parcels.crs)
    shapes, bounds = drawing.polygons(parcels.geometry.values)
    at = drawing.inside(parcels.geometry.values)
    said = answers(parcels)
    law = record.law
    drawn = np.isin(said, ["yes", "data"])
    envelope_of = dict(zip(envelopes["parcel_id"].astype(str), envelopes.geometry.values))
    ids = parcels["parcel_id"].astype(str).to_numpy()
    with_envelope = [k for k in np.flatnonzero(drawn) if ids[k] in envelope_of and not envelope_of[ids[k]].is_empty]
    envelope_shapes, _ = drawing.polygons(np.array([envelope_of[ids[k]] for k in with_envelope], dtype=object))
    addresses = parcels[ADDRESS_COLUMN].fillna("").astype(str).to_numpy() if ADDRESS_COLUMN in parcels else np.full(len(parcels), "")
    rows = parcels.drop(columns=parcels.geometry.name).to_dict("records")
    lots = [
        {"id": ids[k], "ad": addresses[k], "s": said[k], "r": reasons_with_law(row["reasons"] or "", law), "f": lot_figures(row),
         "p": shapes[k], "at": at[k]}
        for k, row in enumerate(rows)
    ]
    geoms = parcels.geometry.values
    for k, shape in zip(with_envelope, envelope_shapes):
        row = rows[k]
        lots[k]["e"] = shape
        lots[k]["d"] = drawing.dimensions(geoms[k], envelope_of[ids[k]], float(row["required_setback_ft"]), float(row["reach_limit_ft"]))
    return lots, bounds
