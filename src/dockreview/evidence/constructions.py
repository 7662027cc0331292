"""6. The constructions on the dock and the environment: each component's distance from the MHW line, vegetation, shade.

The waiver clause's "distance from the shoreline to the various constructions on
the dock", and Docks H's "significantly damage the environment" (the deck and
floats over vegetation, the water they shade).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely
from shapely import Polygon

from dockreview.evidence.context import DECK, STEP_FT, Context, outline_points, signed_distance
from dockreview.evidence.result import Gaps, Measure, figure_text

KEY = "constructions"

METHOD = (
    "For each component of the dock: the distance of its nearest point from the MHW line (0 when it touches or "
    "crosses the line, negative when it lies wholly landward) and of its farthest seaward point. Lights have no "
    "position in the footprint. Over vegetation: the area of the deck (walkway, ramp, landing) and of the floats "
    "inside the vegetation layer's polygons. Shade: the area of the deck and floats seaward of the MHW line."
)


def measure(cx: Context) -> Measure:
    """Each component's distances from the MHW line, the deck and floats over vegetation (``layers.vegetation``), the shade."""
    method = METHOD
    gaps = Gaps()
    comps = cx.dock.components
    step = cx.units(STEP_FT)
    items, drawn = [], []
    counts: dict[str, int] = {}
    order = ("landing", "walkway", "ramp", "float", "boat_lift", "pwc_lift", "pile")
    rows = sorted(zip(comps["component"], comps.geometry.values), key=lambda kg: order.index(kg[0]) if kg[0] in order else 99)
    for kind, geom in rows:
        counts[kind] = counts.get(kind, 0) + 1
        signed = signed_distance(cx, outline_points(geom, step))
        touches = bool(shapely.intersects(geom, cx.shore))
        nearest = 0.0 if touches or (signed.min() <= 0 <= signed.max()) else float(signed[np.argmin(np.abs(signed))])
        item = {
            "component": kind, "number": counts[kind],
            "nearest_ft": nearest * cx.ft, "farthest_ft": float(signed.max()) * cx.ft,
            "area_sqft": float(shapely.area(geom)) * cx.ft**2,
        }
        items.append(item)
        drawn.append({"geometry": geom, "item": item})
    lighting = cx.attributes.get("lighting_height_in")
    if lighting is not None and lighting is not False:
        items.append({"component": "lights", "number": None, "nearest_ft": None, "farthest_ft": None, "area_sqft": None})
        gaps.add("the lights' positions (the dock footprint has no light component; lighting_height_in gives their height only)", "lights")
    deck = cx.dock.of(*DECK)
    floats = cx.dock.of("float")
    side = cx.riparian.water_side
    over_water = lambda g: side.seaward_part(g, cx.shore) if not g.is_empty else g  # noqa: E731
    shade_deck, shade_float = over_water(deck), over_water(floats)
    values: dict[str, Any] = {
        "components": items,
        "deck_on_vegetation_sqft": None, "float_on_vegetation_sqft": None,
        "shaded_by_deck_sqft": float(shapely.area(shade_deck)) * cx.ft**2,
        "shaded_by_floats_sqft": float(shapely.area(shade_float)) * cx.ft**2,
        "shaded_water_sqft": float(shapely.area(shapely.union(shade_deck, shade_float))) * cx.ft**2,
    }
    geometry: dict[str, Any] = {"components": drawn, "shade": shapely.union(shade_deck, shade_float)}
    vegetation = cx.site.vegetation
    if vegetation is None:
        gaps.add("layers.vegetation (tidal, intertidal or subtidal vegetation)", "deck_on_vegetation_sqft", "float_on_vegetation_sqft")
    else:
        cover = shapely.union_all(vegetation.geometry.values) if not vegetation.empty else Polygon()
        values["deck_on_vegetation_sqft"] = float(shapely.area(shapely.intersection(deck, cover))) * cx.ft**2
        values["float_on_vegetation_sqft"] = float(shapely.area(shapely.intersection(floats, cover))) * cx.ft**2
        geometry["on_vegetation"] = shapely.intersection(shapely.union(deck, floats), cover)
    return gaps.measure("constructions", method, values, geometry)


def rows(measure: Measure) -> list[tuple[str, str]]:
    """The report's rows, ``(label, text)``: one per component placed, vegetation, shade."""
    out = []
    v = measure.values
    for item in v["components"]:
        if item["nearest_ft"] is None:
            continue
        label = item["component"].replace("_", " ") + (f" {item['number']}" if item["number"] and item["number"] > 1 else "")
        out.append((label, f"{figure_text(item['nearest_ft'])} to {figure_text(item['farthest_ft'])} from the MHW line"))
    if v["deck_on_vegetation_sqft"] is not None:
        out.append(("over vegetation", f"deck {figure_text(v['deck_on_vegetation_sqft'], 'sq ft', 0)}, "
                    f"floats {figure_text(v['float_on_vegetation_sqft'], 'sq ft', 0)}"))
    out.append(("water shaded", f"{figure_text(v['shaded_water_sqft'], 'sq ft', 0)} (deck {figure_text(v['shaded_by_deck_sqft'], 'sq ft', 0)}, "
                f"floats {figure_text(v['shaded_by_floats_sqft'], 'sq ft', 0)})"))
    return out


def features(measure: Measure) -> dict[str, list[dict]]:
    """The GeoPackage's ``evidence_constructions`` rows (each component with its distances from the MHW line)."""
    return {"evidence_constructions": [{**comp["item"], "geometry": comp["geometry"]} for comp in measure.geometry.get("components", [])]}
