"""The bottom along the dock's axis, and the datums: what the foreshore and the section (and any later height) read.

Stations are positions along the dock's axis from its MHW crossing (working units,
negative landward); depths are feet below MLW from the soundings (linear on their
triangulation, never extrapolated); elevations are feet above MLW (MLW = 0). The
MHW level above MLW is decided here once (:func:`mhw_level`), for every measure
that needs a height.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely import LineString

from dockreview.evidence.context import STEP_FT, Context

#: The section runs this far (ft) landward of the MHW crossing and beyond the farther of the dock's end and the reach limit.
SECTION_MARGIN_FT = 20.0


def section_span(cx: Context) -> tuple[float, float]:
    """The section's extent along the axis (units): from landward of the dock and its MHW crossing to past the reach
    the checks allow it (past the dock's end where no check limits the reach)."""
    s_dock = cx.station(shapely.get_coordinates(cx.dock.footprint))
    limit_ft = cx.reach_limit[0]
    start = min(float(s_dock.min()), 0.0) - cx.units(SECTION_MARGIN_FT)
    stop = max(float(s_dock.max()), cx.units(limit_ft or 0.0)) + cx.units(SECTION_MARGIN_FT)
    return start, stop


def bottom_profile(cx: Context) -> tuple[np.ndarray, np.ndarray]:
    """Stations over the section's extent (units) and the depth there, computed once.

    Every :data:`STEP_FT`, and at every crossing of the soundings' triangulation
    edges: the bottom is linear between consecutive stations, so interpolating
    between them is exact.
    """
    if "bottom" not in cx.cache:
        s0, s1 = section_span(cx)
        s = np.concatenate([np.arange(s0, s1, cx.units(STEP_FT)), [s1, 0.0]])
        bathy = cx.bathy
        if bathy is not None:
            hits = shapely.get_coordinates(shapely.intersection(LineString(cx.at([s0, s1])), bathy.edges))
            s = np.concatenate([s, cx.station(hits)])
        s = np.unique(s[(s >= s0) & (s <= s1)])
        depth = bathy.depth_at(cx.at(s)) if bathy is not None else np.full(len(s), np.nan)
        cx.cache["bottom"] = (s, depth)
    return cx.cache["bottom"]


def stations_between(cx: Context, s0: float, s1: float) -> np.ndarray:
    """The profile's stations from ``s0`` to ``s1`` (units), both ends included."""
    s, _ = bottom_profile(cx)
    return np.unique(np.concatenate([[s0, s1], s[(s > s0) & (s < s1)]]))


def depths_at(cx: Context, s: np.ndarray) -> np.ndarray:
    """Depth (ft below MLW) at stations ``s``; NaN where the soundings do not reach."""
    s = np.atleast_1d(np.asarray(s, dtype=float))
    if cx.bathy is None:
        return np.full(len(s), np.nan)
    s_all, d_all = bottom_profile(cx)
    inside = (s >= s_all[0]) & (s <= s_all[-1])
    out = np.full(len(s), np.nan)
    out[inside] = np.interp(s[inside], s_all, d_all)
    if (~inside).any():
        out[~inside] = cx.bathy.depth_at(cx.at(s[~inside]))
    return out


def mhw_level(cx: Context) -> tuple[float | None, str]:
    """MHW above MLW (ft): minus the soundings' depth at the MHW crossing; None with the reason when unknown."""
    if cx.bathy is None:
        return None, "no soundings"
    depth = float(depths_at(cx, np.array([0.0]))[0])
    if not math.isfinite(depth):
        return None, "the soundings do not reach the MHW crossing"
    if depth >= 0:
        return None, f"the soundings give {depth:.1f} ft below MLW at the MHW line: they do not describe the foreshore"
    return -depth, ""


def mlw_station(cx: Context, out_to: float) -> tuple[float | None, str | None]:
    """Station (units) where the axis meets the MLW line, and where that line came from."""
    if cx.site.mlw is not None and not cx.site.mlw.is_empty:
        ray = LineString(cx.at([0.0, out_to]))
        hits = shapely.get_coordinates(shapely.intersection(ray, cx.site.mlw))
        s = cx.station(hits) if len(hits) else np.empty(0)
        s = s[s > 0]
        return (float(s.min()) if s.size else None), "layers.mlw"
    if cx.bathy is None:
        return None, None
    source = "soundings (0-ft depth at MLW)"
    if mhw_level(cx)[0] is None:
        return None, source  # the soundings do not describe the foreshore: where they reach 0 ft says nothing of it
    s = stations_between(cx, 0.0, out_to)
    depth = depths_at(cx, s)
    known = np.isfinite(depth)
    deep = np.flatnonzero(known & (depth >= 0))
    if not deep.size or not known[: deep[0]].all():
        return None, source
    k = deep[0]
    d0, d1 = depth[k - 1], depth[k]
    return float(s[k - 1] + (0.0 - d0) / (d1 - d0) * (s[k] - s[k - 1])), source
