"""4. The foreshore: the public's passage along it under or over the dock, between MHW and MLW.

Docks H's "public use of or passage along the foreshore". Where the dock's axis
crosses the foreshore, the headroom under the deck decides whether a walker passes
under, steps over or must go around (rules of thumb chosen here, not the
ordinance's: :data:`PASS_UNDER_FT`, :data:`STEP_OVER_FT`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely
from shapely import LineString

from dockreview.evidence.bottom import depths_at, mhw_level, mlw_station, section_span, stations_between
from dockreview.evidence.context import DECK, Context, length_where, projection
from dockreview.evidence.result import Gaps, Measure, figure_text

KEY = "foreshore"
#: Headroom (ft) under the deck at which a person walking the foreshore passes under: a rule of thumb chosen here
#: (about a doorway's height, 6 ft 8 in, with a few inches to spare), not a figure of the ordinance.
PASS_UNDER_FT = 7.0
#: Height (ft) of deck above the bottom a walker steps over: a rule of thumb chosen here (a high step or a stile).
STEP_OVER_FT = 2.0

METHOD = (
    "The foreshore along the dock's axis runs from its MHW crossing to the mean low-water line: the mlw layer's "
    "first crossing, else where the soundings' interpolated depth first reaches 0 ft at MLW. The MHW level (ft "
    "above MLW) is the bottom at the MHW crossing, from the soundings (minus the depth there). Headroom under the "
    "deck (walkway, ramp and landing, projected on the axis) at each point of the crossing: MHW level + "
    "deck_height_above_mhw_ft - bottom, measured to the deck's given height (the framing below it is not given), "
    "exact between the triangulation's edges. A walker passes under where the headroom is at least "
    "{under:g} ft and steps over where it is at most {over:g} ft (rules of thumb chosen here, not the "
    "ordinance's); anywhere else must go around. Passage: 'pass under' when some stretch allows it, else "
    "'step over' when some stretch allows that, else 'go around'."
)


def measure(cx: Context) -> Measure:
    """The foreshore crossed along the dock's axis and the headroom under the deck over it."""
    method = METHOD.format(under=PASS_UNDER_FT, over=STEP_OVER_FT)
    gaps = Gaps()
    deck_ft = cx.number("deck_height_above_mhw_ft")
    xy = shapely.get_coordinates(cx.dock.footprint)
    end = float(cx.station(xy).max())
    s_mlw, source = mlw_station(cx, section_span(cx)[1])
    mhw, why = mhw_level(cx)
    values: dict[str, Any] = {
        "mlw_source": source, "foreshore_along_axis_ft": None, "mhw_elevation_ft": mhw,
        "deck_height_above_mhw_ft": deck_ft, "deck_elevation_ft": None,
        "least_clearance_ft": None, "least_clearance_at_ft": None, "greatest_clearance_ft": None,
        "under_deck_ft": None, "pass_under_length_ft": None, "step_over_length_ft": None, "passage": None,
        "pass_under_rule_ft": PASS_UNDER_FT, "step_over_rule_ft": STEP_OVER_FT, "dock_ends_before_mlw": None,
        "passage_note": None,
    }
    geometry: dict[str, Any] = {}
    if source is None:
        gaps.add("layers.mlw or layers.soundings (the mean low-water line)", "foreshore_along_axis_ft", "least_clearance_ft", "passage")
    elif s_mlw is None:
        what = "layers.mlw crossing the dock's axis" if source == "layers.mlw" else (
            "layers.mlw, or layers.soundings describing the foreshore out to the 0-ft depth along the dock's axis")
        gaps.add(what, "foreshore_along_axis_ft", "least_clearance_ft", "passage")
    else:
        values["foreshore_along_axis_ft"] = s_mlw * cx.ft
        values["dock_ends_before_mlw"] = bool(end < s_mlw)
        geometry["crossing"] = LineString(cx.at([0.0, s_mlw]))
    if deck_ft is None:
        gaps.add("dock.attributes.deck_height_above_mhw_ft", "least_clearance_ft", "passage")
    if cx.site.soundings is None:
        gaps.add("layers.soundings (the bottom under the deck)", "least_clearance_ft", "passage")
    elif mhw is None:
        gaps.add(f"layers.soundings covering the MHW line ({why}; the bottom there is the MHW level above MLW)", "mhw_elevation_ft", "least_clearance_ft", "passage")
    if s_mlw is None or deck_ft is None or mhw is None:
        return gaps.measure("foreshore", method, values, geometry)
    deck_elev = mhw + deck_ft
    values["deck_elevation_ft"] = deck_elev
    spans = projection(cx, [g for k, g in zip(cx.dock.components["component"], cx.dock.components.geometry.values) if k in DECK])
    stations, clearance = [], []
    for a, b in spans:
        lo, hi = max(a, 0.0), min(b, s_mlw)
        if hi <= lo:
            continue
        s = stations_between(cx, lo, hi)
        stations.append(s)
        clearance.append(deck_elev + depths_at(cx, s))  # deck elevation - bottom elevation (= -depth)
    covered = sum(max(0.0, min(b, s_mlw) - max(a, 0.0)) for a, b in spans)
    values["under_deck_ft"] = covered * cx.ft
    if not stations:
        values["passage"] = "no deck over the foreshore"
        return gaps.measure("foreshore", method, values, geometry)
    s_all = np.concatenate(stations)
    c_all = np.concatenate(clearance)
    if not np.isfinite(c_all).all():
        gaps.add("layers.soundings covering the whole foreshore crossing", "least_clearance_ft", "passage")
        return gaps.measure("foreshore", method, values, geometry)
    k = int(np.argmin(c_all))
    values["least_clearance_ft"] = float(c_all[k])
    values["least_clearance_at_ft"] = float(s_all[k]) * cx.ft
    values["greatest_clearance_ft"] = float(c_all.max())
    under = sum(length_where(s, c, PASS_UNDER_FT, above=True) for s, c in zip(stations, clearance)) * cx.ft
    over = sum(length_where(s, c, STEP_OVER_FT, above=False) for s, c in zip(stations, clearance)) * cx.ft
    values["pass_under_length_ft"], values["step_over_length_ft"] = under, over
    values["passage"] = "pass under" if under > 0 else "step over" if over > 0 else "go around"
    if values["dock_ends_before_mlw"]:
        values["passage_note"] = (f"the dock ends {(s_mlw - end) * cx.ft:,.1f} ft short of the MLW line: below its end a "
                                  "walker passes seaward of it")
    geometry["profile"] = list(zip(stations, clearance))
    return gaps.measure("foreshore", method, values, geometry)


def rows(measure: Measure) -> list[tuple[str, str]]:
    """The report's rows, ``(label, text)``: the foreshore crossed and the headroom under the deck."""
    out = []
    v = measure.values
    if v["foreshore_along_axis_ft"] is not None:
        out.append(("foreshore crossed", f"{figure_text(v['foreshore_along_axis_ft'])} from MHW to MLW ({v['mlw_source']})"))
    if v["passage"] is not None and v["least_clearance_ft"] is not None:
        out.append(("headroom under the deck", f"least {figure_text(v['least_clearance_ft'])} "
                    f"({figure_text(v['least_clearance_at_ft'])} from MHW), greatest {figure_text(v['greatest_clearance_ft'])}; "
                    f"at least {PASS_UNDER_FT:g} ft over {figure_text(v['pass_under_length_ft'])}, at most "
                    f"{STEP_OVER_FT:g} ft over {figure_text(v['step_over_length_ft'])}: a walker must {v['passage']}"))
    elif v["passage"] is not None:
        out.append(("headroom under the deck", v["passage"]))
    return out


def features(measure: Measure) -> dict[str, list[dict]]:
    """The GeoPackage's ``evidence_foreshore_crossing`` row (the axis from MHW to MLW)."""
    out: dict[str, list[dict]] = {"evidence_foreshore_crossing": []}
    v = measure.values
    if "crossing" in measure.geometry:
        out["evidence_foreshore_crossing"].append({
            "length_ft": v["foreshore_along_axis_ft"], "mlw_source": v["mlw_source"],
            "least_clearance_ft": v["least_clearance_ft"], "passage": v["passage"], "geometry": measure.geometry["crossing"],
        })
    return out
