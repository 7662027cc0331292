"""The dock under every riparian method, side by side: where it stands under each, and where the methods disagree.

The law often leaves the method open, and courts pick it case by case. The
comparison draws the lot's riparian lines by each method the tool knows
(:data:`~dockreview.inputs.spec.RIPARIAN_METHODS`), reviews the same dock under
each (the profile's other readings kept), and reports for each method the lot's
water within a common bound, the dock's setbacks, the status of the checks that
keep the dock from the side lines (for a law with none, whether the dock stays
within the lot's water), and the other checks whose status changes.
The dock's standing is then ``all`` (it passes those checks under every method
drawn), ``some`` (with the methods it passes under) or ``none``.

The bound is the same for every method: the farthest any dock may reach under the
profile (its reach cap), else the line of navigation, else :data:`BOUND_FT` from
the MHW line (:func:`common_bound`). The water the methods disagree about is the
dispute with the neighbours (:meth:`MethodComparison.dispute`).
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np
import shapely
from shapely import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import substring

from dockreview.errors import DockReviewError, DockReviewWarning
from dockreview.inputs.spec import RIPARIAN_METHODS
from dockreview.measure.datums import navigation_contour
from dockreview.review.readings import under_readings
from dockreview.rules.base import FAIL, PASS

#: The seaward bound of every method's water where the profile caps no reach (ft from the MHW line).
BOUND_FT = 500.0
#: Disputed water in pieces smaller than this (sq ft) is the noise of drawing the same line twice, not a dispute.
SLIVER_SQFT = 1.0
#: What decides a method's status: the law's checks keeping the dock from the side lines, else (a law with none)
#: whether the dock stays within the lot's water.
TESTS = ("the law's setback from the side lines", "the dock within the lot's water")
#: How far (ft) a dock may stray over a line and still lie within the lot's water: the drawing's rounding.
WITHIN_FT = 0.01
#: A method's key in the manifest's readings.
METHOD_KEY = "review.riparian_method"


@dataclass(frozen=True)
class MethodResult:
    """The dock under one riparian method (feet, square feet; None where the method cannot be drawn)."""

    method: str
    source: str
    status: str
    water_area_sqft: float | None = None
    setback_left_ft: float | None = None
    setback_right_ft: float | None = None
    changed: tuple[tuple[str, str, str], ...] = ()  # (check id, title, status) of the other checks whose status changes
    reason: str = ""
    test: str = ""  # what decided the status (one of :data:`TESTS`)
    riparian: Any = field(default=None, compare=False, repr=False)  # the lines drawn (Riparian), None when not drawn
    water: Any = field(default=None, compare=False, repr=False)  # the lot's water within the bound (working CRS)

    def to_dict(self) -> dict:
        out = {
            "method": self.method, "source": self.source, "status": self.status, "water_area_sqft": self.water_area_sqft,
            "setback_left_ft": self.setback_left_ft, "setback_right_ft": self.setback_right_ft,
            "changed": [{"id": i, "title": t, "status": s} for i, t, s in self.changed],
        }
        if self.test:
            out["test"] = self.test
        if self.reason:
            out["reason"] = self.reason
        return out


@dataclass(frozen=True)
class MethodComparison:
    """Every method's result, the common bound, and the dock's standing across them.

    ``ft_per_unit`` and ``axis`` (the frontage's middle and the lot's seaward normal, working CRS) place the
    disputed water on the lot's left or right, toward the neighbour it is disputed with; ``within`` is everything
    within the bound of the lot's own shore (:func:`own_shore`: the far bank of a canal is not the bound's),
    working CRS.
    """

    bound_ft: float
    bound_words: str
    methods: tuple[MethodResult, ...]
    ft_per_unit: float = 1.0
    axis: Any = field(default=None, compare=False, repr=False)
    within: Any = field(default=None, compare=False, repr=False)  # everything within the bound of the lot's own shore

    @property
    def passing_methods(self) -> tuple[str, ...]:
        return tuple(m.method for m in self.methods if m.status == PASS)

    @property
    def standing(self) -> str:
        """``all``, ``some`` or ``none``: under how many of the methods drawn the dock keeps clear of the side lines.

        ``needs-data`` when no method drawn decides it (none passes, none fails).
        """
        drawn = [m for m in self.methods if m.status != "not-drawn"]
        passing = [m for m in drawn if m.status == PASS]
        if drawn and len(passing) == len(drawn):
            return "all"
        if passing:
            return "some"
        return "none" if any(m.status == FAIL for m in drawn) else "needs-data"

    @property
    def drawn(self) -> tuple[MethodResult, ...]:
        """The methods drawn on this shore."""
        return tuple(m for m in self.methods if m.water is not None)

    @property
    def disputed(self) -> BaseGeometry:
        """The water some method gives the lot and another does not, within the bound (working CRS).

        It lies between the most and the least favourable lines on each side: the water the lot and a neighbour
        dispute.
        """
        waters = [m.water for m in self.drawn]
        if len(waters) < 2:
            return Polygon()
        return shapely.difference(shapely.union_all(waters), shapely.intersection_all(waters))

    def disputed_sides(self) -> dict[str, BaseGeometry]:
        """:attr:`disputed` split between the lot's left and right (looking seaward) by the line square to the
        frontage from its middle: the water disputed with each neighbour."""
        least = SLIVER_SQFT / self.ft_per_unit**2
        disputed = self.disputed
        if self.axis is None or disputed.is_empty:
            return {"left": Polygon(), "right": Polygon()}
        (mx, my), (nx, ny) = self.axis
        xmin, ymin, xmax, ymax = disputed.bounds
        far = 2.0 * (abs(xmax - xmin) + abs(ymax - ymin) + abs(mx - xmin) + abs(my - ymin))
        right_of = Polygon([(mx - far * nx, my - far * ny), (mx + far * nx, my + far * ny),
                            (mx + far * (nx + ny), my + far * (ny - nx)), (mx - far * (nx - ny), my - far * (ny + nx))])

        def kept(geom: BaseGeometry) -> BaseGeometry:
            parts = [p for p in shapely.get_parts(geom) if p.area >= least]
            return shapely.union_all(parts) if parts else Polygon()

        return {"left": kept(shapely.difference(disputed, right_of)), "right": kept(shapely.intersection(disputed, right_of))}

    def dispute(self) -> dict:
        """For each neighbour (left, right): the disputed water (sq ft) and how much of it each method gives the lot.

        Examples
        --------
        The water of two methods, one a 10 x 10 square, the other 10 x 12: the strip of 20 sq ft beyond is disputed.

        >>> a = MethodResult("a", "", "pass", water=shapely.box(0, 0, 10, 10))
        >>> b = MethodResult("b", "", "pass", water=shapely.box(0, 0, 12, 10))
        >>> MethodComparison(100.0, "", (a, b), 1.0, ((5.0, 0.0), (0.0, 1.0))).dispute()["right"]
        {'disputed_sqft': 20.0, 'methods': {'a': {'lot_sqft': 0.0, 'neighbour_sqft': 20.0}, 'b': {'lot_sqft': 20.0, 'neighbour_sqft': 0.0}}}
        """
        sq = self.ft_per_unit**2
        out = {}
        for side, area in self.disputed_sides().items():
            total = float(shapely.area(area)) * sq
            given = {m.method: float(shapely.area(shapely.intersection(m.water, area))) * sq for m in self.drawn}
            out[side] = {
                "disputed_sqft": round(total, 1),
                "methods": {k: {"lot_sqft": round(v, 1), "neighbour_sqft": round(max(total - v, 0.0), 1)} for k, v in given.items()},
            }
        return out

    def to_dict(self) -> dict:
        return {
            "bound": {"ft": self.bound_ft, "words": self.bound_words},
            "methods": [m.to_dict() for m in self.methods],
            "standing": self.standing,
            "passing_methods": list(self.passing_methods),
            "dispute": self.dispute(),
        }


def compare_methods(review, reviewer: Callable) -> MethodComparison:
    """The dock of ``review`` under every riparian method (:class:`MethodComparison`); :meth:`Review.riparian_methods`.

    The site is the review's, as the town reads it; only the method changes. ``reviewer(site, rules)`` reviews a
    site as its manifest reads it (:func:`dockreview.review.pipeline.review_as_read`).
    """
    bound, words = common_bound(review)
    within = shapely.buffer(own_shore(review.layout.riparian, bound / review.site.ft_per_unit), bound / review.site.ft_per_unit,
                            quad_segs=32)
    results = tuple(_under(review, method, within, reviewer) for method in RIPARIAN_METHODS)
    rip = review.layout.riparian
    middle = rip.frontage_midpoint.coords[0]
    return MethodComparison(bound, words, results, review.site.ft_per_unit, (middle, tuple(map(float, rip.seaward))), within)


def own_shore(rip, reach: float) -> BaseGeometry:
    """The lot's own shore: the piece of the MHW line it fronts, ``reach`` (units) on beyond each water corner.

    The bound is measured from it, so the far bank of a canal or a creek is not the bound's (a lake's closed shore
    is taken whole).
    """
    parts = [p for p in shapely.get_parts(shapely.line_merge(rip.mhw)) if p.length > 0]
    piece = parts[int(np.argmin(shapely.distance(parts, rip.frontage_midpoint)))]
    if piece.is_closed:
        return piece
    at = sorted(piece.project(c) for c in (rip.left_corner, rip.right_corner))
    return substring(piece, max(at[0] - reach, 0.0), min(at[1] + reach, piece.length))


def common_bound(review) -> tuple[float, str]:
    """The seaward bound every method's water is cut at (ft from the MHW line), and its words.

    The farthest the law lets any dock reach, else the line of navigation (a stated distance, or the line's
    distance from the middle of the lot's frontage), else :data:`BOUND_FT`.
    """
    cap = review.rules.reach_cap_ft()
    if math.isfinite(cap):
        return cap, f"{cap:,.1f} ft from the MHW line, the farthest the law lets any dock reach"
    site = review.site
    if site.manifest.review.navigation_ft is not None:
        d = site.manifest.review.navigation_ft
        return d, f"{d:,.1f} ft from the MHW line, the line of navigation as stated"
    line = site.navigation_line if site.navigation_line is not None else navigation_contour(site)
    if line is not None:
        d = float(shapely.distance(review.layout.riparian.frontage_midpoint, line)) * site.ft_per_unit
        return d, f"{d:,.1f} ft from the MHW line, the line of navigation's distance from the middle of the lot's frontage"
    return BOUND_FT, f"{BOUND_FT:,.0f} ft from the MHW line (the law caps no reach and no line of navigation is given)"


def _under(review, method: str, within: BaseGeometry, reviewer: Callable) -> MethodResult:
    source = RIPARIAN_METHODS[method].source
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            other = review if review.layout.riparian.method == method else reviewer(
                under_readings(review.site, {METHOD_KEY: method}), review.rules
            )
    except DockReviewError as exc:
        return MethodResult(method, source, "not-drawn", reason=str(exc))
    m, rip = other.measurements, other.layout.riparian
    keeps = [c for c in other.checks if _keeps_from_sides(other, c.id)]
    if keeps:
        statuses = {FAIL if c.fails else PASS if c.passes else c.status for c in keeps}
        status = FAIL if FAIL in statuses else PASS if statuses == {PASS} else (statuses.pop() if len(statuses) == 1 else "needs-data")
        test = TESTS[0]
    else:
        status, test = (PASS if _within(other) else FAIL), TESTS[1]
    before = {c.id: c.status for c in review.checks}
    changed = tuple((c.id, c.title, c.status) for c in other.checks if before.get(c.id) != c.status)
    ft = review.site.ft_per_unit
    water = shapely.intersection(rip.zone, within)
    return MethodResult(
        method, source, status, float(shapely.area(water)) * ft * ft, m.setback_left_ft, m.setback_right_ft, changed,
        test=test, riparian=rip, water=water,
    )


def _within(review) -> bool:
    """Whether the dock's part on the water lies within the lot's water (to :data:`WITHIN_FT`)."""
    dock = review.layout.seaward_dock
    if dock is None or dock.is_empty:
        return True
    zone = shapely.buffer(review.layout.riparian.zone, WITHIN_FT / review.site.ft_per_unit)
    return bool(shapely.covers(zone, dock))


def _keeps_from_sides(review, check_id: str) -> bool:
    """Whether the check keeps the dock from the side lines (the kind's side-setback role)."""
    rule = review.rules.rule(check_id)
    return rule.side_setback({"frontage_ft": review.measurements.frontage_ft}) is not None
