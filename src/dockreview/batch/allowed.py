"""How far a dock may reach from each lot of a layer: every check that limits the reach asked, as arrays.

The review asks each check of the profile how far it lets the proposed dock
reach (:meth:`~dockreview.rules.kind.RuleKind.reach_allowed`); a screen asks
the same checks for every lot at once, with the figures a layer of lots gives:
the lot's frontage, the waterway's width across from it, and, with soundings,
where navigable depth is found along its axis. What a screen cannot measure (a
bulkhead, a datum line it has no layer for) stays unknown, and a lot whose
reach limit hangs on it needs data rather than passing.

The width is measured as the review measures it square to the shore, from the
middle of the lot's band on the MHW line (where the screen grows a dock) along
the lot's seaward axis, to the first MHW line across the water.
"""

from __future__ import annotations

import numpy as np
import shapely

from dockreview.batch.kernel import MhwIndex
from dockreview.measure.waterway import width_field
from dockreview.rules import RuleSet

#: How far across the water a screen looks for the opposite shore (ft); beyond it the water is open.
ACROSS_FT = 5_000.0
#: A width is measured from this far off the lot's own shore, so that it does not find the shore it leaves (ft).
OFF_SHORE_FT = 0.5
#: The width methods a screen measures (the MHW line square to each lot's shore, along its axis).
SCREEN_WIDTHS = ("along-axis", "perpendicular-to-shore")


def widths_across(origins: np.ndarray, axes: np.ndarray, mhw: MhwIndex, *, ft_per_unit: float) -> np.ndarray:
    """Each lot's waterway width (ft): from its origin on the MHW line along its axis to the first MHW line across.

    Infinite where no shore lies within :data:`ACROSS_FT` (open water).

    Examples
    --------
    >>> from shapely import LineString, MultiLineString
    >>> canal = MultiLineString([[(0, 0), (500, 0)], [(0, 120), (500, 120)]])
    >>> widths_across(np.array([[100.0, 0.0], [250.0, 120.0]]), np.array([[0.0, 1.0], [0.0, -1.0]]),
    ...               MhwIndex(canal), ft_per_unit=1.0).tolist()
    [120.0, 120.0]
    >>> sound = LineString([(0, 0), (500, 0)])
    >>> widths_across(np.array([[100.0, 0.0]]), np.array([[0.0, 1.0]]), MhwIndex(sound), ft_per_unit=1.0).tolist()
    [inf]
    """
    out = np.full(len(origins), np.inf)
    if not len(origins):
        return out
    start = origins + axes * (OFF_SHORE_FT / ft_per_unit)
    end = origins + axes * (ACROSS_FT / ft_per_unit)
    rays = shapely.linestrings(np.stack([start, end], axis=1))
    ray, chunk = mhw.tree.query(rays, predicate="intersects")
    if len(ray):
        xy, k = shapely.get_coordinates(shapely.intersection(rays[ray], mhw.chunks[chunk]), return_index=True)
        owner = ray[k]
        np.minimum.at(out, owner, np.einsum("ij,ij->i", xy - origins[owner], axes[owner]) * ft_per_unit)
    return out


def reads_widths(rules: RuleSet, depth: dict | object | None = None) -> bool:
    """Whether a check that limits the reach in a screen reads a width the screen measures (with soundings ``depth``).

    A screen under a law that reads none of them does not measure the widths.

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> reads_widths(ruleset("levy-county-fl")), reads_widths(ruleset("kings-point-ny"))
    (True, False)
    """
    fields = {width_field(method) for method in SCREEN_WIDTHS}
    return any(fields & set(rule.reads) for rule in rules.answering({"soundings", "draft"} if depth else set()))


def reach_figures(
    rules: RuleSet, frontage_ft: np.ndarray, widths_ft: np.ndarray | None, depth: dict | None = None, *, water: str | None = None,
) -> dict:
    """The figures a layer of lots gives the checks that limit the reach (arrays over the lots; NaN unknown).

    Every figure those checks read starts unknown, but for a check that needs
    an input the screen was not given (navigable depth without soundings: it
    answers with its cap, as the screen documents); the screen then gives the
    frontage, the MHW line's width across the water by the methods it measures
    (:data:`SCREEN_WIDTHS`), a reach of 0 from the lot's own shore (so that a
    protrusion from the MHW line is the dock's reach), the navigable-depth
    figures with soundings, and the kind of water the lots front where the screen is told it.

    Examples
    --------
    >>> from dockreview.rules import ruleset
    >>> figures = reach_figures(ruleset("levy-county-fl"), np.array([100.0, 100.0]), np.array([120.0, 4000.0]), water="canal")
    >>> figures["width_square_to_shore_ft"].tolist(), figures["reach_ft"].tolist()
    ([120.0, 4000.0], [0.0, 0.0])
    """
    n = len(frontage_ft)
    asked = rules.answering({"soundings", "draft"} if depth else set())
    figures = {name: np.full(n, np.nan) for rule in asked for name in rule.reads}
    figures["frontage_ft"] = np.asarray(frontage_ft, dtype=float)
    figures["reach_ft"] = np.zeros(n)
    if widths_ft is not None:
        figures.update({width_field(method): np.asarray(widths_ft, dtype=float) for method in SCREEN_WIDTHS})
    figures.update(depth or {})
    if water is not None:
        figures["water"] = water
    return figures
