"""A check that applies on waterways of some widths only, and the width across a creek (South Carolina R.30-12(A)(2)).

South Carolina sizes a dock by the creek's width: on creeks at least 10 and under 20
ft wide, "50 square feet limit and no boat lifts", and the Department judges whether
one of the conditions for any dock is met. :class:`WidthTier` gives a waterway kind
(:class:`~dockreview.rules.kinds.waterway.WaterwayKind`, which measures the width) the
parameters ``width_from_ft`` and ``width_below_ft``: the check applies on waterways at
least the first and under the second wide (each edge reached up to the at-the-limit
:func:`~dockreview.rules.base.slack`, as :func:`~dockreview.rules.base.tier` reads
it), is not applicable on others, and needs data where the width is unknown.

:class:`AcrossOrSquareToShore` reads the width across the creek: square to its
centreline where a ``centerline`` layer is given, else square to the lot's shore
(``shore_if_no_centerline = true`` with ``width_method = "perpendicular-to-centerline"``).
"""

from __future__ import annotations

import math

import numpy as np

from dockreview.measure.waterway import width_field
from dockreview.rules.base import NEEDS_DATA, NOT_APPLICABLE, CheckResult, fmt, tier
from dockreview.rules.kind import Param
from dockreview.rules.kinds.waterway import as_float, scalar


class WidthTier:
    """Mixin for a waterway kind: the check applies on waterways at least ``width_from_ft`` and under ``width_below_ft`` wide.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> rule = WidthTier()
    >>> rule.p = SimpleNamespace(width_from_ft=10.0, width_below_ft=20.0)
    >>> rule.in_tier(np.array([9.0, 10.0, 15.0, 19.99996, 20.0, np.nan])).tolist(), rule.tier_words()
    ([False, True, True, False, False, True], 'at least 10.0 ft and under 20.0 ft')
    """

    tier_params = (
        Param("width_from_ft", default=0.0, doc="applies on waterways at least this wide, ft"),
        Param("width_below_ft", default=math.inf, doc="applies on waterways narrower than this, ft"),
    )

    @property
    def tiered(self) -> bool:
        """Whether the check applies on some widths only."""
        return self.p.width_from_ft > 0 or math.isfinite(self.p.width_below_ft)

    def in_tier(self, width) -> np.ndarray:
        """Whether each width is in the tier (an unknown width, NaN, is taken as in it: the check then needs data)."""
        width = np.asarray(width, dtype=float)
        inside = (tier(width, [self.p.width_from_ft]) == 1) & (tier(width, [self.p.width_below_ft]) == 0)
        return np.isnan(width) | inside

    def tier_words(self) -> str:
        """The tier in words: "at least 10.0 ft and under 20.0 ft"."""
        words = [f"at least {fmt(self.p.width_from_ft, 'ft')}"] if self.p.width_from_ft > 0 else []
        words += [f"under {fmt(self.p.width_below_ft, 'ft')}"] if math.isfinite(self.p.width_below_ft) else []
        return " and ".join(words)

    def off_tier(self, m) -> CheckResult | None:
        """Not applicable on a waterway outside the tier, needs data where its width is unknown; None in the tier."""
        if not self.tiered:
            return None
        width = scalar(self.width(m))
        if width is None:
            message = f"applies on waterways {self.tier_words()} wide: {self._missing(m)}"
            return self.result(NEEDS_DATA, message, needs=self._supply(m))
        if not bool(self.in_tier(width)):
            return self.not_applicable(
                f"the waterway is {fmt(width, 'ft')} wide ({self._basis(m)}): this applies on waterways {self.tier_words()} wide"
            )
        return None

    def tier_statuses(self, statuses, figures) -> np.ndarray:
        """``statuses`` of the lots of ``figures``, not-applicable where the waterway is outside the tier."""
        if not self.tiered:
            return statuses
        return np.where(self.in_tier(self.width(figures)), statuses, NOT_APPLICABLE)


class AcrossOrSquareToShore:
    """Mixin for a waterway kind measured square to the centreline: where no centreline is given, square to the lot's shore.

    With ``shore_if_no_centerline`` and ``width_method = "perpendicular-to-centerline"``
    the width is the one square to the ``centerline`` layer where the site gives it
    (across the creek: a creek crossed at 45 degrees to the lot's shore, 15 ft across,
    reads 21.2 ft square to the shore), else the one square to the lot's shore, from
    the same reference lines. Other methods are read as the kind reads them.
    """

    fallback_params = (
        Param("shore_if_no_centerline", "flag", False, doc="square to the lot's shore where no centerline layer is given"),
    )

    @property
    def falls_back(self) -> bool:
        return bool(self.p.shore_if_no_centerline) and self.method == "perpendicular-to-centerline"

    @property
    def shore_fields(self) -> tuple[str, ...]:
        """The fields of the width square to the lot's shore, one per reference line (none without the fallback)."""
        return tuple(width_field("perpendicular-to-shore", r) for r in self.references) if self.falls_back else ()

    @property
    def needs(self) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(n for n in super().needs if not (self.falls_back and n == "centerline"))

    def width(self, figures):
        """The width square to the centreline where known, else (with the fallback) square to the lot's shore (NaN: neither)."""
        across = super().width(figures)
        if not self.falls_back:
            return across
        shore = np.fmin.reduce(np.array([as_float(figures.get(f)) for f in self.shore_fields]), axis=0)
        return np.where(np.isnan(across), shore, across)

    @property
    def reads(self) -> tuple[str, ...]:  # type: ignore[override]
        return super().reads + self.shore_fields

    def _basis(self, m) -> str:
        if self.falls_back and np.isnan(super().width(m)).all():
            return "width square to the lot's shore: no centerline layer given"
        return super()._basis(m)
