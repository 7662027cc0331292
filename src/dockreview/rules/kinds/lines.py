"""Lines on a town's map the dock may not pass: the official pier line (Wrightsville Beach, NC).

``pierhead-line``: no part of the dock beyond the pier line (the ``pierhead``
layer): the dock's farthest point past the line, signed (negative: short of it),
at most ``beyond_ft`` (0). With ``vessel = true`` the moored vessel's outline is
held instead, and it may pass the line by ``beyond_ft`` plus its width
(``[vessel] beam_ft``): "No vessel may be moored ... so that it extends farther
than its width beyond the pierhead line".
"""

from __future__ import annotations

import numpy as np

from dockreview.rules.base import AT_MOST, Facts, fmt, fmt_pair
from dockreview.rules.kind import Bound, Param, register


def _nan(value):
    return np.nan if value is None else value


@register
class PierheadLine(Bound):
    """No part of the dock (or, with ``vessel``, of the moored vessel beyond its width) past the pier line.

    Both limit the dock's reach: a dock on the same axis may reach as far as its
    own reach less how far it (or the vessel moored at it) passes the line beyond
    what is allowed, so the envelope and ``suggest`` stop there.

    Examples
    --------
    >>> from dockreview.profile import parse_profile
    >>> from dockreview.rules import ruleset
    >>> law = {"checks": {"pier": {"kind": "pierhead-line", "section": "(A)(3)"},
    ...                   "boat": {"kind": "pierhead-line", "section": "(B)", "vessel": True}}}
    >>> rules = ruleset(parse_profile(law, "t"))
    >>> rules.rule("pier").statuses({"pierhead_beyond_ft": np.array([-3.0, 0.0, 1.0, np.nan])}).tolist()
    ['pass', 'pass', 'fail', 'needs-data']
    >>> rules.rule("boat").statuses({"vessel_pierhead_beyond_ft": np.array([10.0, 12.0]), "vessel_beam_ft": 10.0}).tolist()
    ['pass', 'fail']
    >>> rules.rule("pier").reach_allowed({"pierhead_beyond_ft": 1.0, "reach_ft": 81.0}), rules.rule("pier").reach_allowed()
    (80.0, None)
    >>> rules.rule("boat").reach_allowed({"vessel_pierhead_beyond_ft": 12.0, "vessel_beam_ft": 10.0, "reach_ft": 82.0})
    80.0
    """

    name = "pierhead-line"
    sense = AT_MOST
    unit = "ft"
    geometric = True
    between_layers = True
    limits_reach = True
    params = (
        Param("vessel", "flag", False, doc="hold the moored vessel ([vessel]), which may pass the line by its beam"),
        Param("beyond_ft", default=0.0, doc="how far past the line is allowed besides, ft"),
    )

    @property
    def measure(self) -> str:  # type: ignore[override]
        return "vessel_pierhead_beyond_ft" if self.p.vessel else "pierhead_beyond_ft"

    @property
    def what(self) -> str:  # type: ignore[override]
        return "the moored vessel past the pier line" if self.p.vessel else "the dock past the pier line"

    @property
    def reads(self) -> tuple[str, ...]:  # type: ignore[override]
        return (self.measure, "vessel_beam_ft", "reach_ft") if self.p.vessel else (self.measure, "reach_ft")

    @property
    def needs(self) -> tuple[str, ...]:  # type: ignore[override]
        """The vessel only: a screen or an audit with no pier line still asks the check, which then needs data (the
        reach is unknown without the line), as a review without the layer does."""
        return ("vessel",) if self.p.vessel else ()

    def requirement(self, figures):
        """``beyond_ft``, plus the vessel's beam for the vessel (NaN, or None for one dock, when not given)."""
        if not self.p.vessel:
            return self.p.beyond_ft
        limit = self.p.beyond_ft + np.asarray(_nan(figures.get("vessel_beam_ft")), dtype=float)
        return (None if np.isnan(limit) else float(limit)) if np.ndim(limit) == 0 else limit

    def reach_allowed(self, figures=None):
        """With a dock's figures: its reach less how far it (or its vessel) passes the line beyond the allowed; None
        without them."""
        if figures is None or self.measure not in figures:
            return None
        beyond = np.asarray(_nan(figures[self.measure]), dtype=float)
        reach = np.asarray(_nan(figures.get("reach_ft")), dtype=float)
        allowed = reach - beyond + np.asarray(_nan(self.requirement(figures)), dtype=float)
        return (None if np.isnan(allowed) else float(allowed)) if np.ndim(allowed) == 0 else allowed

    def reach_basis(self) -> str:
        return "the moored vessel at the pier line" if self.p.vessel else "the pier line"

    def reach_needs(self) -> str:
        vessel = " and the moored vessel ([vessel] length_ft, beam_ft)" if self.p.vessel else ""
        return f"the pier line (layers.pierhead){vessel}"

    def missing(self, m, facts: Facts) -> str | None:
        if m[self.measure] is None:
            return m.why_missing(self.measure) if hasattr(m, "why_missing") else None
        return "give [vessel] beam_ft (the width of the boat moored at the dock)"

    def supply(self, m, facts: Facts) -> tuple[str, ...]:
        if m[self.measure] is None:
            given = m.input_missing(self.measure) if hasattr(m, "input_missing") else None
            return (given,) if given else ()
        return ("[vessel] beam_ft",)

    def message(self, m, facts, value, limit, ok) -> str:
        shown, bound = fmt_pair(abs(value), limit, "ft")
        whose = "the moored vessel" if self.p.vessel else "the dock"
        where = f"{whose} passes the pier line by {shown}" if value > 0 else f"{whose} stops {shown} short of the pier line"
        allowed = f"its beam {fmt(m['vessel_beam_ft'], 'ft')}" if self.p.vessel else "none"
        if self.p.vessel and self.p.beyond_ft:
            allowed += f" plus {fmt(self.p.beyond_ft, 'ft')}"
        elif self.p.beyond_ft:
            allowed = fmt(self.p.beyond_ft, "ft")
        if not limit:
            return f"{where}; {'it may not pass the line' if ok else 'it may not pass the line at all'}"
        return f"{where}; {'within' if ok else 'over'} the {bound} allowed past it ({allowed})"
