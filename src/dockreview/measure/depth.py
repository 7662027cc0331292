"""Depth along the dock: the navigable-depth point and the depth under the floats (Docks D(1), D(2)(c)[5]).

The soundings are triangulated once per site (:attr:`dockreview.inputs.site.Site.depths`).
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from dockreview.geometry.dock import Dock
from dockreview.inputs.bathymetry import Bathymetry
from dockreview.inputs.site import Site
from dockreview.measure.distances import along
from dockreview.measure.limits import Limits

#: Sampling step (ft) of the depth along the dock's axis (exact between samples on a plane).
DEPTH_STEP_FT = 0.5
#: The soundings must cover the dock's axis from this many samples of the MHW crossing (half a foot).
SHORE_SAMPLES = 1
#: How far along the axis depth is sought when no check caps the reach (ft).
FARTHEST_SCAN_FT = 1000.0
#: Navigable depth's clearance below the vessel's draft when the profile gives none (ft).
NAV_DEPTH_CLEARANCE_FT = 1.0


def navigable_reach(
    bathy: Bathymetry, dock: Dock, crossing: float, *, required_ft: float, out_to_ft: float, ft: float
) -> tuple[float | None, float]:
    """Where the depth along the dock's axis first reaches ``required_ft`` (Docks D(1)).

    The axis is sampled every :data:`DEPTH_STEP_FT` from the MHW crossing out to
    ``out_to_ft``; the first sample that is deep enough is refined by linear
    interpolation with the one before it. Only the stretch of axis the data
    cover without a gap from the shore (the first or second sample) is used:
    depths that begin out in the water leave the navigable point unknown.

    Returns
    -------
    nav_reach_ft : float or None
        Feet from the MHW crossing; None when not reached on the covered stretch.
    covered_to_ft : float
        How far along the axis the data reach without a gap (0 when nowhere).
    """
    s = np.arange(0.0, out_to_ft + DEPTH_STEP_FT / 2, DEPTH_STEP_FT)
    xy = dock.origin + np.outer(crossing + s / ft, dock.axis)
    depth = bathy.depth_at(xy)
    known = np.flatnonzero(np.isfinite(depth))
    if not known.size or known[0] > SHORE_SAMPLES:
        return None, 0.0
    first = known[0]
    gaps = np.flatnonzero(~np.isfinite(depth[first:]))
    stop = first + (gaps[0] if gaps.size else depth.size - first)
    deep = np.flatnonzero(depth[first:stop] >= required_ft)
    if not deep.size:
        return None, float(s[stop - 1])
    k = first + deep[0]
    if k == first:
        return float(s[k]), float(s[stop - 1])
    d0, d1 = depth[k - 1], depth[k]
    return float(s[k - 1] + (required_ft - d0) / (d1 - d0) * (s[k] - s[k - 1])), float(s[stop - 1])


def _reach_or_beyond(bathy, dock, crossing, depth, scan, ft) -> tuple[float | None, float]:
    """Where the axis first reaches ``depth`` below MLW (ft from the MHW crossing), and how far the soundings cover
    it: infinite when they cover it out to ``scan`` without finding the depth (never that deep there), None when
    they stop short of it."""
    reach, covered = navigable_reach(bathy, dock, crossing, required_ft=depth, out_to_ft=scan, ft=ft)
    if reach is None and covered >= scan - DEPTH_STEP_FT:
        return math.inf, covered
    return reach, covered


def bulkhead_depth(site: Site, dock: Dock, bulkhead: BaseGeometry | None) -> float | None:
    """The shallowest depth below MLW (ft) at the lot's bulkhead where the dock meets it (Levy County §50-687(1)h).

    Taken along the stretch of the bulkhead under the dock, else at the bulkhead's
    point nearest the dock; None without a bulkhead or soundings covering it.
    """
    if bulkhead is None or site.soundings is None:
        return None
    under = shapely.intersection(bulkhead, dock.footprint)
    if under.is_empty or shapely.length(under) == 0:
        under = shapely.get_point(shapely.shortest_line(bulkhead, dock.footprint), 0)
    return site.depths.min_under(under)


def depth_measurements(site: Site, dock: Dock, crossing: float, rules: Limits) -> dict[str, float | None]:
    """Required depth, navigable reach, the reach it allows and depth under the floats (Docks D(1), D(2)(c)[5]).

    ``depth_reaches`` finds along the axis each depth the checks seek and, with a
    vessel's draft, the depth it needs to moor (draft and clearance: Wisconsin's
    "adequate depth for mooring a boat").

    The depth is sought along the axis out to the rules' reach cap; the reach it
    allows (the float's extent beyond the navigable point, capped) is the
    navigable-reach rule's own requirement.
    """
    ft = site.ft_per_unit
    vessel = site.manifest.vessel
    floats = shapely.union_all(dock.floats) if dock.floats else None
    extent = 0.0 if floats is None else float(np.ptp(along(floats, dock))) * ft
    cap = rules.reach_cap_ft()
    scan = cap if np.isfinite(cap) else FARTHEST_SCAN_FT
    out: dict[str, float | None] = {"float_extent_ft": extent}
    if vessel.draft_ft is not None:
        clearance = vessel.clearance_ft if vessel.clearance_ft is not None else rules.depth_clearance_ft(NAV_DEPTH_CLEARANCE_FT)
        out["required_depth_ft"] = vessel.draft_ft + clearance
    if site.soundings is None:
        return out
    bathy = site.depths
    if floats is not None:
        under = [bathy.min_under(f) for f in dock.floats]
        out["min_depth_under_float_ft"] = None if None in under else min(under)
    sought = rules.depths_sought() + (() if vessel.draft_ft is None else (out["required_depth_ft"],))
    out["depth_reaches"] = tuple(
        (depth, *_reach_or_beyond(bathy, dock, crossing, depth, scan, ft)) for depth in dict.fromkeys(sought)
    )
    if vessel.draft_ft is None:
        return out
    nav, covered = navigable_reach(bathy, dock, crossing, required_ft=out["required_depth_ft"], out_to_ft=scan, ft=ft)
    out["nav_reach_ft"], out["depth_coverage_ft"] = nav, covered
    out["max_allowed_reach_ft"] = rules.depth_reach_ft(out)
    return out
