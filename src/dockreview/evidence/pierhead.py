"""2. The pier-head line: the line through the seaward ends of the nearest existing docks on each side.

How far the proposed dock reaches beyond its neighbours, straight (its offset from
the line) and along the shore (its reach less theirs, interpolated by distance
along the shore): the waiver clause's "location of the improvements on the
adjacent properties", and Docks H's navigation.
"""

from __future__ import annotations

import statistics
from typing import Any

import numpy as np
import shapely
from shapely import LineString, Point

from dockreview.evidence.context import SEAWARD_END_TOLERANCE_FT, Context, dock_names, seaward_end
from dockreview.evidence.result import Gaps, Measure, figure_text
from dockreview.geometry.riparian import left_of, unit
from dockreview.geometry.shore import network_path
from dockreview.measure.envelope import dock_roots

KEY = "pierhead_line"

METHOD = (
    "Existing docks of the docks layer (not those on the lot or those it replaces) whose landward end (nearest "
    "point to the MHW line) lies within {distance:,.0f} ft of the proposed dock's MHW crossing along the MHW line "
    "(the shortest way along the shore network; docks across the water are on another shore). A dock's seaward "
    "end: the middle of its outline's points within {tol:g} ft of its greatest distance from the MHW line; its "
    "reach: that distance. The pier-head line runs through the seaward ends of the nearest dock on each side; "
    "with docks on one side only, through that end parallel to the frontage chord. Offset: the greatest signed "
    "distance of the proposed dock's outline from the line, + seaward. On a bent shore a straight line cuts across "
    "the bend, so the reach is compared along the shore too: the proposed reach less the nearest docks' reaches "
    "interpolated by distance along the shore (reach_beyond_neighbours_ft; one side only: less that dock's reach). "
    "The proposed reach is measured as theirs (from the MHW line), the reach check's figure given too."
)


def measure(cx: Context) -> Measure:
    """The pier-head line of the existing docks along this shore (``layers.docks``) and the proposed dock's offset from it."""
    settings = cx.settings
    method = METHOD.format(distance=settings.pierhead_distance_ft, tol=SEAWARD_END_TOLERANCE_FT)
    gaps = Gaps()
    proposed_end, proposed_reach = seaward_end(cx, cx.dock.footprint)
    values: dict[str, Any] = {
        "pierhead_distance_ft": settings.pierhead_distance_ft,
        "offset_ft": None, "basis": None, "left_dock": None, "right_dock": None,
        "reach_beyond_neighbours_ft": None, "neighbours_reach_here_ft": None,
        "shore_dock_count": None, "median_reach_ft": None, "greatest_reach_ft": None,
        "proposed_reach_ft": proposed_reach * cx.ft, "overall_reach_ft": cx.m.overall_reach_ft,
        "docks": [],
    }
    geometry: dict[str, Any] = {"proposed_end": Point(proposed_end)}
    docks = cx.site.docks
    if docks is None:
        gaps.add("layers.docks (the existing docks along the shore)", "offset_ft", "shore_dock_count", "median_reach_ft", "greatest_reach_ft",
                 "reach_beyond_neighbours_ft", "neighbours_reach_here_ft", "left_dock", "right_dock", "basis", "docks")
        return gaps.measure("pierhead_line", method, values, geometry)
    names = dock_names(cx) if not docks.empty else np.empty(0, dtype=str)
    own = set(cx.m.frontage_docks or ())
    rip = cx.riparian
    chord = unit(np.asarray(rip.right_corner.coords[0]) - np.asarray(rip.left_corner.coords[0]))
    start = Point(cx.crossing)
    limit = cx.units(settings.pierhead_distance_ft)
    geoms = docks.geometry.values
    roots = dock_roots(geoms, cx.shore) if len(geoms) else np.empty(0, dtype=object)
    found = []
    for k in range(len(geoms)):
        if names[k] in own or shapely.distance(roots[k], start) > limit:
            continue
        path = network_path(cx.shore, start, roots[k])
        if path is None or path.length > limit:
            continue
        xy = np.asarray(path.coords)
        steps = np.diff(xy, axis=0)
        moving = steps[np.hypot(*steps.T) > 0]
        side = "left" if len(moving) and unit(moving[0]) @ chord < 0 else "right"
        end, reach = seaward_end(cx, geoms[k])
        found.append({"id": str(names[k]), "side": side, "along_shore_ft": path.length * cx.ft, "reach_ft": reach * cx.ft,
                      "end": end, "geometry": geoms[k]})
    values["docks"] = [{k: v for k, v in d.items() if k not in ("end", "geometry")} for d in sorted(found, key=lambda d: d["along_shore_ft"])]
    values["shore_dock_count"] = len(found)
    if found:
        reaches = [d["reach_ft"] for d in found]
        values["median_reach_ft"] = statistics.median(reaches)
        values["greatest_reach_ft"] = max(reaches)
    nearest = {}
    for side in ("left", "right"):
        on_side = [d for d in found if d["side"] == side]
        if on_side:
            nearest[side] = min(on_side, key=lambda d: d["along_shore_ft"])
            values[f"{side}_dock"] = nearest[side]["id"]
    geometry["shore_docks"] = found
    if not nearest:
        values["basis"] = f"no existing dock within {settings.pierhead_distance_ft:,.0f} ft along this shore"
        return gaps.measure("pierhead_line", method, values, geometry)
    if len(nearest) == 2:
        a, b = nearest["left"]["end"], nearest["right"]["end"]
        direction = unit(b - a)
        values["basis"] = "the nearest docks on both sides"
        line = LineString([a, b])
    else:
        side, only = next(iter(nearest.items()))
        a = only["end"]
        direction = chord
        values["basis"] = f"one dock ({side} side only), the line parallel to the frontage chord"
        reach_to = (proposed_end - a) @ direction
        span = np.array([min(0.0, reach_to), max(0.0, reach_to)]) + np.array([-1, 1]) * cx.units(50.0)
        line = LineString([a + direction * span[0], a + direction * span[1]])
    if len(nearest) == 2:
        left, right = nearest["left"], nearest["right"]
        weight = left["along_shore_ft"] / (left["along_shore_ft"] + right["along_shore_ft"])
        between = left["reach_ft"] + (right["reach_ft"] - left["reach_ft"]) * weight
    else:
        between = only["reach_ft"]
    values["neighbours_reach_here_ft"] = between
    values["reach_beyond_neighbours_ft"] = proposed_reach * cx.ft - between
    normal = left_of(direction)
    if normal @ rip.seaward < 0:
        normal = -normal
    xy = shapely.get_coordinates(cx.dock.footprint)
    offsets = (xy - a) @ normal
    k = int(np.argmax(offsets))
    values["offset_ft"] = float(offsets[k]) * cx.ft
    geometry["line"] = line
    geometry["offset_point"] = Point(xy[k])
    geometry["offset_line"] = LineString([xy[k], xy[k] - normal * offsets[k]])
    return gaps.measure("pierhead_line", method, values, geometry)


def rows(measure: Measure) -> list[tuple[str, str]]:
    """The report's rows, ``(label, text)``: the offset, the reach along the shore, the shore's docks."""
    out = []
    v = measure.values
    if v["offset_ft"] is not None:
        where = "seaward of" if v["offset_ft"] > 0 else "landward of"
        out.append(("offset", f"the proposed dock reaches {abs(v['offset_ft']):,.1f} ft {where} the line ({v['basis']})"))
        beyond = v["reach_beyond_neighbours_ft"]
        out.append(("reach along the shore", f"{abs(beyond):,.1f} ft {'more' if beyond >= 0 else 'less'} than the "
                    f"{v['neighbours_reach_here_ft']:,.1f} ft the nearest docks reach here, interpolated along the shore"))
    elif v["basis"]:
        out.append(("offset", v["basis"]))
    if v["shore_dock_count"] is not None:
        text = f"{v['shore_dock_count']} existing docks within {v['pierhead_distance_ft']:,.0f} ft along this shore"
        if v["shore_dock_count"]:
            text += f": median reach {figure_text(v['median_reach_ft'])}, greatest {figure_text(v['greatest_reach_ft'])}"
        out.append(("the shore's docks", f"{text}; the proposed dock {figure_text(v['proposed_reach_ft'])} from the MHW line"))
    return out


def features(measure: Measure) -> dict[str, list[dict]]:
    """The GeoPackage's ``evidence_pierhead_line`` (with ``offset_ft``) and ``evidence_shore_docks`` (seaward ends) rows."""
    out: dict[str, list[dict]] = {"evidence_pierhead_line": [], "evidence_shore_docks": []}
    v = measure.values
    if "line" in measure.geometry:
        out["evidence_pierhead_line"].append({
            "offset_ft": v["offset_ft"], "basis": v["basis"], "left_dock": v["left_dock"],
            "right_dock": v["right_dock"], "geometry": measure.geometry["line"],
        })
    for dock in measure.geometry.get("shore_docks", []):
        out["evidence_shore_docks"].append({
            "dock": dock["id"], "side": dock["side"], "along_shore_ft": dock["along_shore_ft"], "reach_ft": dock["reach_ft"],
            "geometry": Point(dock["end"]),
        })
    return out
