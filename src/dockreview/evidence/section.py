"""7. The dock in section along its axis: the bottom, MHW and MLW, the deck, its piles, the float.

The waiver clause's "elevation of the dock", drawn as the Board reads a section:
stations in feet from the MHW crossing, elevations in feet above MLW.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import shapely
from shapely import LineString, Point

from dockreview.evidence.bottom import bottom_profile, depths_at, mhw_level, section_span
from dockreview.evidence.context import DECK, Context, projection
from dockreview.evidence.result import Gaps, Measure, figure_text

KEY = "section"
#: The section's bottom profile is given in the JSON at this spacing (ft).
PROFILE_JSON_STEP_FT = 2.0

METHOD = (
    "A profile along the dock's axis, stations in feet from its MHW crossing (negative landward), elevations "
    "in feet above MLW (MLW = 0): the bottom from the soundings (linear on their triangulation, never "
    "extrapolated); MHW at the bottom's level at the MHW crossing, else drawn as the reference for the deck's "
    "height; the deck (walkway, ramp, landing projected on the axis) at MHW + deck_height_above_mhw_ft; piles at "
    "pile_spacing_ft from the deck's landward end, and at its seaward end; the float floating at MLW with its "
    "float_draft_ft below the water and float_deck_above_water_in above; the navigable-depth point "
    "where the soundings reach it, and the reach the checks allow{limit} along the axis."
)


def measure(cx: Context, foreshore: Measure) -> Measure:
    """The dock in section along its axis; the MLW crossing is the ``foreshore`` measure's."""
    limit_ft, sections = cx.reach_limit
    needs = cx.review.layout.envelope.needs
    unknown = f": unknown, it needs data ({'; '.join(needs)})" if needs else ": none in the profile"
    method = METHOD.format(limit=f" ({limit_ft:,.1f} ft, {'; '.join(sections)})" if limit_ft is not None else unknown)
    gaps = Gaps()
    m = cx.m
    comps = list(zip(cx.dock.components["component"], cx.dock.components.geometry.values))
    deck_spans = projection(cx, [g for k, g in comps if k in DECK])
    float_spans = projection(cx, [g for k, g in comps if k == "float"])
    lift_spans = projection(cx, [g for k, g in comps if k == "boat_lift"])
    s_dock = cx.station(shapely.get_coordinates(cx.dock.footprint))
    start, stop = section_span(cx)
    s, depth = bottom_profile(cx)
    bottom = -depth
    mhw, why = mhw_level(cx)
    deck_ft = cx.number("deck_height_above_mhw_ft")
    spacing = cx.number("pile_spacing_ft")
    draft = cx.site.manifest.dock.float_draft_ft
    freeboard_in = cx.number("float_deck_above_water_in")
    piles: list[float] = []
    for a, b in deck_spans:
        if spacing is not None and spacing > 0:
            step = cx.units(spacing)
            count = int(math.floor((b - a) / step + 1e-9))
            here = [a + i * step for i in range(count + 1)]
            if b - here[-1] > cx.units(0.5):
                here.append(b)
            piles.extend(here)
    json_s = np.arange(math.ceil(start * cx.ft / PROFILE_JSON_STEP_FT) * PROFILE_JSON_STEP_FT, stop * cx.ft, PROFILE_JSON_STEP_FT)
    json_bottom = -depths_at(cx, cx.units(json_s))
    values: dict[str, Any] = {
        "mhw_elevation_ft": mhw,
        "mhw_note": why or None,
        "mlw_elevation_ft": 0.0,
        "deck_height_above_mhw_ft": deck_ft,
        "deck_elevation_ft": None if mhw is None or deck_ft is None else mhw + deck_ft,
        "deck_from_ft": deck_spans[0][0] * cx.ft if deck_spans else None,
        "deck_to_ft": deck_spans[-1][1] * cx.ft if deck_spans else None,
        "pile_spacing_ft": spacing,
        "pile_count": len(piles) if spacing is not None else None,
        "pile_stations_ft": [p * cx.ft for p in piles] if spacing is not None else None,
        "float_from_ft": float_spans[0][0] * cx.ft if float_spans else None,
        "float_to_ft": float_spans[-1][1] * cx.ft if float_spans else None,
        "float_draft_ft": draft if float_spans else None,
        "float_freeboard_ft": freeboard_in / 12.0 if float_spans and freeboard_in is not None else None,
        "least_depth_under_float_ft": m.min_depth_under_float_ft,
        "water_under_float_at_mlw_ft": (m.min_depth_under_float_ft - draft)
        if float_spans and draft is not None and m.min_depth_under_float_ft is not None else None,
        "nav_reach_ft": m.nav_reach_ft,
        "required_depth_ft": m.required_depth_ft,
        "max_reach_ft": limit_ft,
        "max_reach_sections": list(sections),
        "max_reach_needs": list(needs),
        "allowed_reach_ft": m.max_allowed_reach_ft,
        "dock_end_ft": float(s_dock.max()) * cx.ft,
        "mlw_at_ft": foreshore.values.get("foreshore_along_axis_ft"),
        "profile_stations_ft": [float(v) for v in json_s],
        "profile_bottom_ft": [None if not math.isfinite(v) else float(v) for v in json_bottom],
    }
    if cx.site.soundings is None:
        gaps.add("layers.soundings (the bottom along the dock's axis)", "profile_bottom_ft", "mhw_elevation_ft")
    elif mhw is None:
        gaps.add(f"layers.soundings covering the MHW line ({why})", "mhw_elevation_ft", "deck_elevation_ft")
    if deck_ft is None:
        gaps.add("dock.attributes.deck_height_above_mhw_ft", "deck_elevation_ft")
    if deck_spans and spacing is None:
        gaps.add("dock.attributes.pile_spacing_ft", "pile_count", "pile_stations_ft")
    if float_spans and draft is None:
        gaps.add("dock.float_draft_ft", "float_draft_ft")
    geometry = {
        "stations": s * cx.ft, "bottom": bottom, "deck_spans": [(a * cx.ft, b * cx.ft) for a, b in deck_spans],
        "float_spans": [(a * cx.ft, b * cx.ft) for a, b in float_spans], "lift_spans": [(a * cx.ft, b * cx.ft) for a, b in lift_spans],
        "piles": [p * cx.ft for p in piles], "axis": LineString(cx.at([start, stop])),
        "pile_points": [Point(q) for q in cx.at(piles)] if piles else [],
    }
    return gaps.measure("section", method, values, geometry)


def rows(measure: Measure) -> list[tuple[str, str]]:
    """The report's row, ``("", text)``: the datums, the deck, the piles, the navigable depth and the dock's end."""
    v = measure.values
    parts = []
    if v["mhw_elevation_ft"] is not None:
        parts.append(f"MHW {v['mhw_elevation_ft']:.1f} ft above MLW")
    if v["deck_elevation_ft"] is not None:
        parts.append(f"deck {v['deck_elevation_ft']:.1f} ft above MLW ({v['deck_height_above_mhw_ft']:.1f} ft above MHW)")
    elif v["deck_height_above_mhw_ft"] is not None:
        parts.append(f"deck {v['deck_height_above_mhw_ft']:.1f} ft above MHW")
    if v["pile_count"] is not None:
        parts.append(f"{v['pile_count']} pile bents at {v['pile_spacing_ft']:g} ft")
    if v["nav_reach_ft"] is not None:
        parts.append(f"navigable depth {figure_text(v['required_depth_ft'])} at {figure_text(v['nav_reach_ft'])} from MHW")
    if v["max_reach_ft"] is not None:
        limit = f"limit {figure_text(v['max_reach_ft'])}"
    else:
        limit = "the reach limit needs data" if v.get("max_reach_needs") else "no reach limit in the profile"
    parts.append(f"dock ends {figure_text(v['dock_end_ft'])} along its axis; {limit}")
    return [("", "; ".join(parts))]


def features(measure: Measure) -> dict[str, list[dict]]:
    """The GeoPackage's ``evidence_piles`` rows (points at the pile spacing, with their station)."""
    out: dict[str, list[dict]] = {"evidence_piles": []}
    g = measure.geometry
    for k, (point, station) in enumerate(zip(g.get("pile_points", []), g.get("piles", []))):
        out["evidence_piles"].append({"pile": k + 1, "station_ft": station, "geometry": point})
    return out
