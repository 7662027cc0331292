"""What the evidence holds: a :class:`Measure` per clause, the :class:`Evidence` of eight, and how a gap is recorded.

A measure's ``status`` is ``"measured"`` or ``"needs-data"`` (whenever any figure it
reports is missing for want of an input); ``needs`` names the manifest key of each
missing input, ``unmeasured`` the figures left ``None`` for want of it. A measure's
figures have the same keys whatever its status: a figure the data cannot give is
``None`` (null in the JSON), never zero and never missing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from dockreview.rules.base import officials_words

MEASURED = "measured"
NEEDS_DATA = "needs-data"
#: The clauses the evidence serves when the review leaves none to people (its JSON's ``sections``).
SECTIONS = ""
#: Order of the measures in the JSON, the report and the layers.
MEASURES = ("water_views", "pierhead_line", "waterway", "foreshore", "neighbour_water", "constructions", "section", "elevation")

TITLES = {
    "water_views": "Water views of the neighbouring properties",
    "pierhead_line": "The pier-head line",
    "waterway": "The waterway's width and the navigation left",
    "foreshore": "Public passage along the foreshore",
    "neighbour_water": "The adjoining owners' water",
    "constructions": "The constructions on the dock and the environment",
    "section": "The dock in section",
    "elevation": "The dock's elevation and the adjacent properties'",
}


@dataclass(frozen=True)
class Measure:
    """One measure of the evidence, its figures JSON-ready.

    Attributes
    ----------
    key : str
        Its name in the JSON (``"water_views"``, ...).
    title : str
        A plain title.
    status : {"measured", "needs-data"}
        ``needs-data`` whenever a figure it reports is missing for want of an input.
    method : str
        How it is measured.
    values : dict
        Its figures, named with their unit (``_ft``, ``_sqft``, ``_deg``, ``_pct``);
        lists of per-item dicts (per viewpoint, per lot, per component). The same
        keys whatever the status, ``None`` where a figure was not measured.
    needs : tuple of str
        The manifest key of each missing input, with what it supplies.
    unmeasured : tuple of str
        The figures left ``None`` for want of it.
    geometry : dict
        Working-CRS geometry for the layers and the drawing (not in the JSON).
    """

    key: str
    title: str
    status: str
    method: str
    values: dict[str, Any] = field(default_factory=dict)
    needs: tuple[str, ...] = ()
    unmeasured: tuple[str, ...] = ()
    geometry: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def measured(self) -> bool:
        """True when every figure of the measure was measured."""
        return self.status == MEASURED

    def to_dict(self) -> dict[str, Any]:
        """``{"title", "status", "needs", "unmeasured", <figures>, "method"}``, JSON-ready."""
        return {
            "title": self.title,
            "status": self.status,
            "needs": list(self.needs),
            "unmeasured": list(self.unmeasured),
            **plain(self.values),
            "method": self.method,
        }


@dataclass(frozen=True)
class Evidence:
    """The eight measures of the Board evidence (Docks H; Art. VIII, waivers).

    ``to_dict()`` is the JSON's ``evidence`` key: ``status`` ("board": the evidence
    decides nothing), ``sections``, ``settings`` (the ``[evidence]`` table used) and
    one entry per measure (:data:`MEASURES`).
    """

    water_views: Measure
    pierhead_line: Measure
    waterway: Measure
    foreshore: Measure
    neighbour_water: Measure
    constructions: Measure
    section: Measure
    elevation: Measure
    settings: dict[str, Any] = field(default_factory=dict)
    #: The sections of the checks the review leaves to people, and who decides them (the profile's officials).
    sections: tuple[str, ...] = ()
    deciders: tuple[str, ...] = ()
    crs: Any = field(default=None, compare=False, repr=False)
    ft_per_unit: float = field(default=1.0, compare=False, repr=False)

    @property
    def measures(self) -> tuple[Measure, ...]:
        """The measures in :data:`MEASURES` order."""
        return tuple(getattr(self, key) for key in MEASURES)

    @property
    def needs(self) -> tuple[str, ...]:
        """Every input some measure is missing, once each."""
        return tuple(dict.fromkeys(n for m in self.measures for n in m.needs))

    @property
    def purpose(self) -> str:
        """What the figures are for, in the town's words: its sections and who judges ("Docks H: figures for ...").

        Examples
        --------
        >>> Evidence(*[None] * 8, sections=("§50-687(1)b",), deciders=("Levy County Planning Department",)).purpose
        '§50-687(1)b: figures for the judgment of the Levy County Planning Department, not findings'
        """
        who = officials_words(self.deciders, "the reviewing officials")
        head = f"{'; '.join(self.sections)}: " if self.sections else ""
        return f"{head}figures for the judgment of {who}, not findings"

    def to_dict(self) -> dict[str, Any]:
        """The JSON's ``evidence`` key."""
        return {
            "status": "board",
            "sections": "; ".join(self.sections) or SECTIONS,
            "decided_by": list(self.deciders),
            "note": f"{self.purpose}; the items left to them keep the status board",
            "settings": plain(self.settings),
            **{m.key: m.to_dict() for m in self.measures},
        }


def plain(value):
    """``value`` made JSON-ready: numpy scalars to Python, NaN and infinities to None, tuples to lists.

    Examples
    --------
    >>> plain({"a": np.float64(1.5), "b": (np.int64(2), float("nan")), "c": np.bool_(True)})
    {'a': 1.5, 'b': [2, None], 'c': True}
    """
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        value = float(value)
        return value if math.isfinite(value) else None
    return value


class Gaps:
    """The inputs a measure is missing and the figures left unmeasured for want of them."""

    def __init__(self) -> None:
        self.needs: list[str] = []
        self.unmeasured: list[str] = []

    def add(self, need: str, *figures: str) -> None:
        """Record a missing input and the figures it leaves unmeasured (each once)."""
        if need not in self.needs:
            self.needs.append(need)
        self.unmeasured.extend(f for f in figures if f not in self.unmeasured)

    def measure(self, key: str, method: str, values: dict, geometry: dict | None = None) -> Measure:
        """The :class:`Measure`, ``needs-data`` when any input was missing."""
        status = NEEDS_DATA if self.needs else MEASURED
        return Measure(key, TITLES[key], status, method, values, tuple(self.needs), tuple(self.unmeasured), geometry or {})


def figure_text(value, unit: str = "ft", decimals: int = 1) -> str:
    """A figure with its unit for the report, ``"not measured"`` when it is None.

    Examples
    --------
    >>> figure_text(1234.56), figure_text(860.0, "sq ft", 0), figure_text(None)
    ('1,234.6 ft', '860 sq ft', 'not measured')
    """
    if value is None:
        return "not measured"
    return f"{value:,.{decimals}f} {unit}".strip()


def pairs_text(value) -> str | None:
    """A list figure as compact text for an attribute table (pairs as ``a-b``, joined by ``;``).

    Examples
    --------
    >>> pairs_text([[10.0, 20.25], [300.0, 5.0]]), pairs_text(None)
    ('10.0-20.2; 300.0-5.0', None)
    """
    if value is None:
        return None
    return "; ".join(f"{a:.1f}-{b:.1f}" for a, b in value) if value and isinstance(value[0], (list, tuple)) else str(value)
