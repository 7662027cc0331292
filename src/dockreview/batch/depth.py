"""The navigable-depth limit of many lots at once (Docks D(1)), for the screen.

With soundings and a vessel draft, a lot's reach limit is where the depth along
its dock's axis first reaches the draft plus the profile's clearance, plus the
float's extent, at most the reach cap -- the navigable-reach rule's own
requirement, as :func:`dockreview.review.suggest.site_envelope` finds it for one lot, along the axis grown square to the frontage from the
middle of the band at the MHW line. :class:`NavigableDepth` holds the soundings
triangulated once for the whole layer and samples every lot's axis in one
array; :func:`band_middles` and :func:`seaward_axes` give those axes' origins
and directions.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely

from dockreview.inputs.bathymetry import Bathymetry
from dockreview.measure.depth import DEPTH_STEP_FT, FARTHEST_SCAN_FT, SHORE_SAMPLES
from dockreview.rules import RuleSet

#: Lots whose axes are sampled for depth in one interpolation (bounds memory).
NAV_CHUNK_LOTS = 2_000


@dataclass(frozen=True)
class NavigableDepth:
    """The soundings, triangulated once, and the depth a dock must reach (Docks D(1)).

    Attributes
    ----------
    bathymetry : Bathymetry
        The whole layer's depth surface (:func:`dockreview.inputs.bathymetry.bathymetry`).
    required_ft : float
        The vessel's draft plus the clearance (ft below MLW).
    float_extent_ft : float
        How far the dock's float reaches along its axis (ft); the float may lie
        beyond the navigable-depth point. 0 for a plain walkway.
    """

    bathymetry: Bathymetry
    required_ft: float
    rules: RuleSet
    float_extent_ft: float = 0.0

    def limits(self, origins: np.ndarray, axes: np.ndarray, *, ft_per_unit: float) -> np.ndarray:
        """The reach each dock may have, as ``measure`` gives ``max_allowed_reach_ft`` for one (ft).

        Each axis (unit vectors, shape (n, 2)) is sampled from its origin on the
        MHW line every :data:`~dockreview.measure.depth.DEPTH_STEP_FT` out to the rules' reach cap,
        :data:`NAV_CHUNK_LOTS` lots to an interpolation; the first deep-enough sample is refined
        linearly with the one before it. Only the stretch the soundings cover
        without a gap, from its first covered sample, counts.

        Returns
        -------
        ndarray
            The navigable-reach rule's requirement for each lot
            (:meth:`dockreview.rules.RuleSet.depth_reach_ft`): ``min(cap,
            navigable reach + float extent)``; ``cap`` where the data cover the
            axis out to it without reaching the depth; NaN where they do not (the
            lot needs data).
        """
        return self.rules.depth_reach_ft(self.figures(origins, axes, ft_per_unit=ft_per_unit))

    def figures(self, origins: np.ndarray, axes: np.ndarray, *, ft_per_unit: float, float_extent_ft=None) -> dict[str, np.ndarray]:
        """The navigable-reach figures of each axis, as :func:`dockreview.measure.depth.depth_measurements` gives one dock's.

        ``nav_reach_ft`` (NaN where the depth is not reached on the covered
        stretch), ``depth_coverage_ft`` and ``float_extent_ft`` (this object's,
        unless each axis's own is given), as arrays.
        """
        cap_ft = self.rules.reach_cap_ft()
        s = np.arange(0.0, (cap_ft if np.isfinite(cap_ft) else FARTHEST_SCAN_FT) + DEPTH_STEP_FT / 2, DEPTH_STEP_FT)
        depth = np.empty((len(origins), len(s)))
        for i in range(0, len(origins), NAV_CHUNK_LOTS):
            xy = origins[i : i + NAV_CHUNK_LOTS, None, :] + (s / ft_per_unit)[None, :, None] * axes[i : i + NAV_CHUNK_LOTS, None, :]
            depth[i : i + NAV_CHUNK_LOTS] = self.bathymetry.depth_at(xy.reshape(-1, 2)).reshape(-1, len(s))
        run = _covered_run(np.isfinite(depth))
        deep = run & (np.nan_to_num(depth, nan=-np.inf) >= self.required_ft)
        found = deep.any(axis=1)
        nav = _first_crossing(depth, s, np.argmax(deep, axis=1), np.argmax(run, axis=1), self.required_ft)
        covered = np.where(run.any(axis=1), s[run.shape[1] - 1 - np.argmax(run[:, ::-1], axis=1)], 0.0)
        extent = np.full(len(origins), self.float_extent_ft) if float_extent_ft is None else np.asarray(float_extent_ft, dtype=float)
        return {"nav_reach_ft": np.where(found, nav, np.nan), "depth_coverage_ft": covered, "float_extent_ft": extent}

def _covered_run(known: np.ndarray) -> np.ndarray:
    """Per row, the samples from the shore up to (not including) the first unknown one.

    The run must start at the MHW crossing (its first or second sample): depths
    that begin out in the water leave the navigable point unknown (needs data),
    as :func:`dockreview.measure.depth.navigable_reach` decides for one dock.
    """
    index = np.arange(known.shape[1])
    first = np.argmax(known, axis=1)
    known = known & (first <= SHORE_SAMPLES)[:, None]
    after = index[None, :] >= first[:, None]
    gap = ~known & after
    stop = np.where(gap.any(axis=1), np.argmax(gap, axis=1), known.shape[1])
    return after & (index[None, :] < stop[:, None]) & known.any(axis=1)[:, None]


def _first_crossing(depth: np.ndarray, s: np.ndarray, k: np.ndarray, first: np.ndarray, required_ft: float) -> np.ndarray:
    """Distance where the depth reaches ``required_ft``: sample ``k``, interpolated from ``k - 1`` unless ``k`` is the first."""
    rows = np.arange(len(k))
    before = np.maximum(k - 1, 0)
    d0, d1 = depth[rows, before], depth[rows, k]
    with np.errstate(invalid="ignore", divide="ignore"):
        between = s[before] + (required_ft - d0) / (d1 - d0) * (s[k] - s[before])
    return np.where(k == first, s[k], between)


def band_middles(frontages: np.ndarray, strips: np.ndarray) -> np.ndarray:
    """The middle of each band at the MHW line (its longest piece), else the frontage's midpoint.

    The array form of :func:`dockreview.measure.envelope.band_middle`: where a dock is
    grown from to find the navigable-depth limit.
    """
    pieces = shapely.line_merge(shapely.difference(frontages, strips))
    parts, owner = shapely.get_parts(pieces, return_index=True)
    out = shapely.line_interpolate_point(shapely.line_merge(frontages), 0.5, normalized=True)
    if len(parts):
        order = np.lexsort((-shapely.length(parts), owner))
        longest = order[np.r_[True, owner[order][1:] != owner[order][:-1]]]
        out[owner[longest]] = shapely.line_interpolate_point(parts[longest], 0.5, normalized=True)
    return out


def seaward_axes(frontages: np.ndarray, parcels: np.ndarray) -> np.ndarray:
    """Unit normals to each frontage's chord, pointing away from its lot (the dock's default bearing)."""
    start = shapely.get_coordinates(shapely.get_point(frontages, 0))
    end = shapely.get_coordinates(shapely.get_point(frontages, -1))
    chord = (end - start) / np.hypot(*(end - start).T)[:, None]
    normal = np.stack([-chord[:, 1], chord[:, 0]], axis=1)
    mid = shapely.get_coordinates(shapely.line_interpolate_point(frontages, 0.5, normalized=True))
    away = mid - shapely.get_coordinates(shapely.centroid(parcels))
    return np.where((np.sum(normal * away, axis=1) >= 0)[:, None], normal, -normal)
