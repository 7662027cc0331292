"""5. The adjoining owners' water: each adjoining lot's own water within 50 ft of the proposed dock.

Docks H's "rights of adjoining property owners": each adjoining lot's riparian
geometry is derived as the lot's is, and the proposed dock measured against it
(how much of that water lies near the dock, how near the dock comes to its
side-line extensions and to its dock).
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import shapely

from dockreview.errors import DockReviewError, DockReviewWarning
from dockreview.evidence.context import ADJOINING_FT, Context, dock_names
from dockreview.evidence.result import Gaps, Measure, figure_text
from dockreview.inputs.waterfront import waterfront_parts
from dockreview.measure.envelope import dock_roots, docks_on_lot

KEY = "neighbour_water"
#: The adjoining owners' water is measured within this many feet of the proposed dock (issue 12; the 50 ft of Docks D(1)).
NEIGHBOUR_WATER_FT = 50.0
#: Each adjoining lot's figures (None where not measured: a lot off the water, no docks layer).
LOT_FIGURES = ("water_sqft", "within_sqft", "within_pct", "dock_inside_sqft", "to_extension_ft", "its_docks", "to_its_dock_ft")

METHOD = (
    "Each adjoining lot (within {adjoining:g} ft of the lot) has its riparian geometry derived as the lot's is "
    "(dockreview.geometry.riparian.riparian_geometry, the review's riparian method and settings, the site's MHW line): its own water "
    "between its side-line extensions, seaward of its frontage, up to land, cut at {reach:,.0f} ft from its "
    "frontage. Measured: that water within {near:g} ft of the proposed dock (area and share of its water), the "
    "proposed dock's area inside it, the least distance from the dock to its side-line extensions, and to its "
    "dock (an existing dock whose landward end lies on that lot or its water, as the review decides a lot's own docks)."
)


def measure(cx: Context) -> Measure:
    """Each adjoining lot's water near the proposed dock (``layers.parcels``), and its dock (``layers.docks``)."""
    reach_ft = cx.reach_cap_ft
    method = METHOD.format(adjoining=ADJOINING_FT, reach=reach_ft, near=NEIGHBOUR_WATER_FT)
    gaps = Gaps()
    lots = cx.lots[cx.lots["adjoining"]]
    values: dict[str, Any] = {"within_ft": NEIGHBOUR_WATER_FT, "lot_count": None, "lots": []}
    if lots.empty:
        gaps.add("layers.parcels (the adjoining lots: the parcels layer holds none touching the lot)", "lots", "lot_count")
        return gaps.measure("neighbour_water", method, values)
    review = cx.site.manifest.review
    footprint = cx.dock.footprint
    near = shapely.buffer(footprint, cx.units(NEIGHBOUR_WATER_FT), quad_segs=64)
    docks = cx.site.docks
    roots = dock_roots(docks.geometry.values, cx.shore) if docks is not None and not docks.empty else None
    names = dock_names(cx) if roots is not None else None
    items, drawn = [], []
    parts, _ = waterfront_parts(lots.geometry.values, lambda polygons: shapely.distance(polygons, cx.site.mhw))
    for parcel_id, side, part in zip(lots["parcel_id"], lots["side"], parts):
        item: dict[str, Any] = {"parcel_id": str(parcel_id), "side": str(side), "fronts_water": True, "reason": None, **dict.fromkeys(LOT_FIGURES)}
        if part is None:
            item.update(fronts_water=False, reason="the parcel has no polygon area")
            items.append(item)
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DockReviewWarning)
                rip = cx.lot_riparian(part)
        except DockReviewError as exc:
            item.update(fronts_water=False, reason=str(exc))
            items.append(item)
            continue
        water = shapely.intersection(rip.zone, shapely.buffer(rip.frontage, cx.units(reach_ft), quad_segs=32))
        within = shapely.intersection(water, near)
        total = float(shapely.area(water)) * cx.ft**2
        area = float(shapely.area(within)) * cx.ft**2
        lines = shapely.union_all([rip.left_extension, rip.right_extension])
        item.update(
            water_sqft=total,
            within_sqft=area,
            within_pct=100.0 * area / total if total > 0 else None,
            dock_inside_sqft=float(shapely.area(shapely.intersection(footprint, water))) * cx.ft**2,
            to_extension_ft=float(shapely.distance(footprint, lines)) * cx.ft,
        )
        its = []
        if docks is None:
            gaps.add("layers.docks (the adjoining lots' docks)", "to_its_dock_ft")
        elif roots is not None:
            on, _ = docks_on_lot([part], [rip.zone], [rip.frontage], roots, cx.units(review.mhw_tolerance_ft))
            its = [int(k) for k in np.sort(on)]
            item["its_docks"] = [str(names[k]) for k in its]
            if its:
                item["to_its_dock_ft"] = float(min(shapely.distance(footprint, docks.geometry.values[k]) for k in its)) * cx.ft
        else:
            item["its_docks"] = []
        items.append(item)
        drawn.append({"parcel_id": str(parcel_id), "side": str(side), "water": water, "within": within, "extensions": lines,
                      "item": item, "dock": shapely.union_all([docks.geometry.values[k] for k in its]) if its else None})
    values["lot_count"] = len(items)
    values["lots"] = items
    return gaps.measure("neighbour_water", method, values, {"lots": drawn, "near": near})


def rows(measure: Measure) -> list[tuple[str, str]]:
    """The report's rows, ``(label, text)``: one per adjoining lot."""
    out = []
    for lot in measure.values["lots"]:
        label = f"parcel {lot['parcel_id']} ({lot['side']})"
        if not lot["fronts_water"]:
            out.append((label, "does not front the MHW line"))
            continue
        text = (f"{figure_text(lot['within_sqft'], 'sq ft', 0)} of its {figure_text(lot['water_sqft'], 'sq ft', 0)} of water within "
                f"{NEIGHBOUR_WATER_FT:g} ft of the dock ({figure_text(lot['within_pct'], '%')}); {figure_text(lot['to_extension_ft'])} to its "
                "side-line extensions")
        if lot["dock_inside_sqft"]:
            text += f"; the dock covers {figure_text(lot['dock_inside_sqft'], 'sq ft', 0)} of it"
        if lot["to_its_dock_ft"] is not None:
            text += f"; {figure_text(lot['to_its_dock_ft'])} to its dock"
        elif lot["its_docks"] == []:
            text += "; it has no dock"
        out.append((label, text))
    return out


def features(measure: Measure) -> dict[str, list[dict]]:
    """The GeoPackage's ``evidence_neighbour_water`` rows (each adjoining lot's water within 50 ft of the dock)."""
    out: dict[str, list[dict]] = {"evidence_neighbour_water": []}
    for lot in measure.geometry.get("lots", []):
        item = lot["item"]
        if lot["within"].is_empty:
            continue
        row = {k: v for k, v in item.items() if k not in ("its_docks", "reason")}
        row["its_docks"] = ", ".join(item["its_docks"]) if item.get("its_docks") else None
        out["evidence_neighbour_water"].append({**row, "geometry": lot["within"]})
    return out
