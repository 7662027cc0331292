"""8. The elevation of the dock as compared to those of the adjacent properties (Art. VIII, waivers).

The waiver clause names "the elevation of the dock as compared to those of the
adjacent properties". The ground's elevation is read from the site's DEM
(``layers.elevation``, :class:`~dockreview.inputs.raster.Elevation`) along each
adjoining lot's frontage, just landward of the MHW line, and along its dwelling's
walls; the deck's elevation in the DEM's datum is MHW's elevation there
(``[datums] mhw_ft``, from the tide station's published datums) plus the deck's
height above MHW. Elevations are feet above the DEM's vertical datum.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import shapely

from dockreview.errors import DockReviewError, DockReviewWarning
from dockreview.evidence.context import ADJOINING_FT, Context, ids
from dockreview.evidence.result import Gaps, Measure, figure_text
from dockreview.inputs.waterfront import waterfront_parts

KEY = "elevation"
#: The frontage is sampled every this many feet ...
FRONTAGE_STEP_FT = 5.0
#: ... this many feet landward of the MHW line, square to it (the bank, not the water's edge).
FRONTAGE_INSET_FT = 5.0
#: A dwelling's outline (the grade against its walls) is sampled every this many feet.
OUTLINE_STEP_FT = 1.0
#: A sample point within this many feet of a lot's outline counts as on the lot.
ON_LOT_FT = 0.01
#: Each adjoining lot's figures (None where not measured).
FRONTAGE_FIGURES = ("frontage_points", "frontage_points_nodata", "frontage_ground_lowest_ft", "frontage_ground_median_ft",
                    "frontage_ground_highest_ft", "deck_above_frontage_ft")
DWELLING_FIGURES = ("dwelling", "dwelling_points", "dwelling_points_nodata", "dwelling_lowest_adjacent_grade_ft",
                    "dwelling_ground_median_ft", "dwelling_ground_highest_ft", "deck_above_dwelling_ft")
#: The figures that need the DEM, and those that need the deck's elevation besides.
GROUND_FIGURES = ("frontage_ground_lowest_ft", "frontage_ground_median_ft", "frontage_ground_highest_ft",
                  "dwelling_lowest_adjacent_grade_ft", "dwelling_ground_median_ft", "dwelling_ground_highest_ft")
DECK_FIGURES = ("deck_above_frontage_ft", "deck_above_dwelling_ft")

METHOD = (
    "The ground's elevation from the DEM (layers.elevation), in feet above its vertical datum ({datum}), its "
    "values converted from its unit ({unit}) to feet: at each point, bilinear between the centres of the four "
    "cells around it (exact on a plane); where one of them is nodata, the value of the cell the point lies in; "
    "none where that cell is nodata or the point is off the raster (such points are counted, never taken as 0). "
    "Points are carried from the working CRS into the DEM's own CRS (pyproj); no cell is resampled. Each adjoining "
    "lot (within {adjoining:g} ft of the lot): its frontage (the MHW line between its water corners, "
    "dockreview.geometry.riparian.riparian_geometry) at points every {step:g} ft or less from end to end, each moved "
    "{inset:g} ft landward square to the MHW line, those on the lot kept: the lowest, median and highest ground. "
    "Its dwelling (the largest footprint of the buildings layer on the lot, as for the water views): its outline "
    "at points every {outline:g} ft or less (the grade against its walls): the lowest (the lowest adjacent grade), "
    "median and highest ground. The deck's elevation in the DEM's datum: MHW's elevation there ([datums] mhw_ft, "
    "in [datums] vertical_datum, the DEM's) + dock.attributes.deck_height_above_mhw_ft; compared with the median "
    "ground along each frontage and each dwelling's lowest adjacent grade (deck minus ground: positive where the "
    "deck stands higher)."
)


def measure(cx: Context) -> Measure:
    """The ground along each adjoining lot's frontage and at its dwelling (``layers.elevation``) against the deck."""
    dem = cx.site.elevation
    datums = cx.site.manifest.datums
    datum = dem.vertical_datum if dem is not None else datums.vertical_datum
    method = METHOD.format(datum=datum or "not given", unit=dem.unit if dem is not None else "not given",
                           adjoining=ADJOINING_FT, step=FRONTAGE_STEP_FT, inset=FRONTAGE_INSET_FT, outline=OUTLINE_STEP_FT)
    gaps = Gaps()
    deck_ft = cx.number("deck_height_above_mhw_ft")
    mhw = datums.mhw_ft
    deck = mhw + deck_ft if mhw is not None and deck_ft is not None else None
    values: dict[str, Any] = {
        "vertical_datum": datum, "dem_unit": dem.unit if dem is not None else None,
        "mhw_elevation_ft": mhw, "deck_height_above_mhw_ft": deck_ft, "deck_elevation_ft": deck,
        "frontage_step_ft": FRONTAGE_STEP_FT, "frontage_inset_ft": FRONTAGE_INSET_FT, "outline_step_ft": OUTLINE_STEP_FT,
        "lot_count": None, "lots": [],
    }
    if dem is None:
        gaps.add("layers.elevation (a DEM with its vertical_datum and unit: the ground's elevations)", *GROUND_FIGURES, *DECK_FIGURES)
    if mhw is None:
        in_datum = datum or "the DEM's datum"
        gaps.add(f"datums.mhw_ft and datums.vertical_datum (MHW's elevation in {in_datum}, from the tide station's datums)",
                 "mhw_elevation_ft", "deck_elevation_ft", *DECK_FIGURES)
    if deck_ft is None:
        gaps.add("dock.attributes.deck_height_above_mhw_ft", "deck_height_above_mhw_ft", "deck_elevation_ft", *DECK_FIGURES)
    lots = cx.lots[cx.lots["adjoining"]]
    if lots.empty:
        gaps.add("layers.parcels (the adjoining lots: the parcels layer holds none touching the lot)", "lots", "lot_count")
        return gaps.measure(KEY, method, values)
    if cx.site.buildings is None:
        gaps.add("layers.buildings (the adjoining lots' dwellings)", *DWELLING_FIGURES)
    dwellings = _dwellings(cx, lots)
    parts, _ = waterfront_parts(lots.geometry.values, lambda polygons: shapely.distance(polygons, cx.site.mhw))
    items, drawn = [], []
    for k, (parcel_id, side, lot, part) in enumerate(zip(lots["parcel_id"], lots["side"], lots.geometry.values, parts)):
        item: dict[str, Any] = {"parcel_id": str(parcel_id), "side": str(side), "fronts_water": True, "reason": None,
                                **dict.fromkeys(FRONTAGE_FIGURES), **dict.fromkeys(DWELLING_FIGURES)}
        here: dict[str, Any] = {"parcel_id": str(parcel_id), "item": item, "frontage": None, "dwelling": None}
        frontage, reason = _frontage_points(cx, lot, part)
        if frontage is None:
            item.update(fronts_water=False, reason=reason)
        else:
            here["frontage"] = _ground(cx, item, "frontage", frontage, deck, gaps, f"parcel {parcel_id}'s frontage")
        if dwellings.get(k) is not None:
            name, footprint = dwellings[k]
            step = cx.units(OUTLINE_STEP_FT) * (1.0 + 1e-5)  # an 80-ft wall of EPSG:2263 (80.0002 ft): 80 steps
            outline = shapely.get_coordinates(shapely.segmentize(footprint.exterior, step))[:-1]
            item["dwelling"] = name
            here["dwelling"] = _ground(cx, item, "dwelling", outline, deck, gaps, f"parcel {parcel_id}'s dwelling")
            here["footprint"] = footprint
        items.append(item)
        drawn.append(here)
    values["lot_count"] = len(items)
    values["lots"] = items
    return gaps.measure(KEY, method, values, {"lots": drawn})


def _dwellings(cx: Context, lots) -> dict[int, tuple[str, Any]]:
    """Each lot's dwelling (by its position in ``lots``): the largest footprint whose point on surface lies on it."""
    buildings = cx.site.buildings
    if buildings is None or buildings.empty:
        return {}
    geoms = buildings.geometry.values
    names = ids(buildings, None)
    on_lot, building = shapely.STRtree(shapely.point_on_surface(geoms)).query(lots.geometry.values, predicate="contains")
    out = {}
    for k in np.unique(on_lot):
        mine = building[on_lot == k]
        own = int(max(mine, key=lambda i: shapely.area(geoms[i])))
        out[int(k)] = (str(names[own]), max(shapely.get_parts(geoms[own]), key=shapely.area))
    return out


def _frontage_points(cx: Context, lot, part) -> tuple[np.ndarray | None, str | None]:
    """Points along a lot's frontage moved :data:`FRONTAGE_INSET_FT` landward square to it, those on the lot; or why none."""
    if part is None:
        return None, "the parcel has no polygon area"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            rip = cx.lot_riparian(part)
    except DockReviewError as exc:
        return None, str(exc)
    inset, out = cx.units(FRONTAGE_INSET_FT), []
    for line in shapely.get_parts(shapely.line_merge(rip.frontage)):
        length = float(line.length)
        n = max(int(np.ceil((length - cx.units(ON_LOT_FT)) / cx.units(FRONTAGE_STEP_FT))), 1)  # a 220.0004-ft frontage: 44 steps
        at = np.linspace(0.0, length, n + 1)
        h = min(cx.units(0.5), length / 4)
        p = shapely.get_coordinates(shapely.line_interpolate_point(line, at))
        ahead = shapely.get_coordinates(shapely.line_interpolate_point(line, np.minimum(at + h, length)))
        behind = shapely.get_coordinates(shapely.line_interpolate_point(line, np.maximum(at - h, 0.0)))
        tangent = ahead - behind
        normal = np.column_stack([-tangent[:, 1], tangent[:, 0]]) / np.hypot(*tangent.T)[:, None]
        left, right = p + normal * inset, p - normal * inset
        out.append(np.where(rip.water_side.seaward(left)[:, None], right, left))
    points = np.concatenate(out) if out else np.empty((0, 2))
    keep = shapely.dwithin(shapely.points(points), lot, cx.units(ON_LOT_FT))
    return points[keep], None


def _ground(cx: Context, item: dict, what: str, xy: np.ndarray, deck: float | None, gaps: Gaps, where: str) -> dict:
    """The ground at points ``xy`` into ``item``'s ``what`` figures; a gap when points fall on nodata or off the DEM."""
    dem = cx.site.elevation
    item[f"{what}_points"] = len(xy)
    names = {
        "frontage": ("frontage_ground_lowest_ft", "frontage_ground_median_ft", "frontage_ground_highest_ft", "deck_above_frontage_ft"),
        "dwelling": ("dwelling_lowest_adjacent_grade_ft", "dwelling_ground_median_ft", "dwelling_ground_highest_ft",
                     "deck_above_dwelling_ft"),
    }[what]
    if dem is None:
        return {"xy": xy, "z": None}
    z = dem.at(xy)
    known = np.isfinite(z)
    item[f"{what}_points_nodata"] = int((~known).sum())
    if not known.all():
        figures = names if not known.any() else ()
        gaps.add(f"layers.elevation covering {where} ({int((~known).sum())} of {len(z)} points fall on nodata or off "
                 "the raster)", *figures)
    if known.any():
        lowest, median, highest = float(z[known].min()), float(np.median(z[known])), float(z[known].max())
        item.update(zip(names[:3], (lowest, median, highest)))
        compared = median if what == "frontage" else lowest
        item[names[3]] = deck - compared if deck is not None else None
    return {"xy": xy, "z": z}


def rows(measure: Measure) -> list[tuple[str, str]]:
    """The report's rows, ``(label, text)``: the deck's elevation, then one per adjoining lot."""
    v = measure.values
    datum = v["vertical_datum"] or "the DEM's datum"
    if v["deck_elevation_ft"] is not None:
        deck = (f"{v['deck_elevation_ft']:.1f} ft {datum} (MHW {v['mhw_elevation_ft']:.1f} ft {datum} + "
                f"{v['deck_height_above_mhw_ft']:.1f} ft)")
    elif v["deck_height_above_mhw_ft"] is not None:
        deck = f"{v['deck_height_above_mhw_ft']:.1f} ft above MHW; MHW's elevation in {datum} not given"
    else:
        deck = "not measured (no deck height)"
    out = [("deck", deck)]
    for lot in v["lots"]:
        parts = []
        if not lot["fronts_water"]:
            parts.append("does not front the MHW line")
        elif lot["frontage_ground_median_ft"] is not None:
            low, high = f"{lot['frontage_ground_lowest_ft']:.1f}", f"{lot['frontage_ground_highest_ft']:.1f}"
            span = f"{low} ft {datum} all along" if low == high else (
                f"{low} to {high} ft {datum} (median {lot['frontage_ground_median_ft']:.1f})")
            parts.append(f"ground along its frontage {span}{_versus(lot['deck_above_frontage_ft'])}")
        else:
            parts.append("ground along its frontage not measured")
        if lot["dwelling_lowest_adjacent_grade_ft"] is not None:
            parts.append(f"its dwelling's lowest adjacent grade {lot['dwelling_lowest_adjacent_grade_ft']:.1f} ft {datum} "
                         f"(median {lot['dwelling_ground_median_ft']:.1f}, highest {lot['dwelling_ground_highest_ft']:.1f})"
                         f"{_versus(lot['deck_above_dwelling_ft'])}")
        elif "dwelling" in measure.unmeasured:
            parts.append("its dwelling not known (no buildings layer)")
        elif lot["dwelling"] is None:
            parts.append("no building on the lot")
        else:
            parts.append("the ground at its dwelling not measured")
        out.append((f"parcel {lot['parcel_id']} ({lot['side']})", "; ".join(parts)))
    return out


def _versus(difference: float | None) -> str:
    """``", the deck 3.2 ft above it"``; empty when the deck's elevation is not known."""
    if difference is None:
        return ""
    return f", the deck {figure_text(abs(difference))} {'above' if difference >= 0 else 'below'} it"


def features(measure: Measure) -> dict[str, list[dict]]:
    """The GeoPackage's ``evidence_elevation_points`` (each sample, its ground) and ``evidence_elevation_dwellings`` rows."""
    out: dict[str, list[dict]] = {"evidence_elevation_points": [], "evidence_elevation_dwellings": []}
    datum = measure.values["vertical_datum"]
    for lot in measure.geometry.get("lots", []):
        for what in ("frontage", "dwelling"):
            sample = lot[what]
            if sample is None or sample["z"] is None:
                continue
            for (x, y), z in zip(sample["xy"], sample["z"]):
                out["evidence_elevation_points"].append({
                    "parcel_id": lot["parcel_id"], "along": what, "ground_ft": float(z) if np.isfinite(z) else None,
                    "vertical_datum": datum, "geometry": shapely.Point(x, y),
                })
        if lot.get("footprint") is not None:
            item = lot["item"]
            row = {k: item[k] for k in ("parcel_id", "side", *DWELLING_FIGURES)}
            out["evidence_elevation_dwellings"].append({**row, "vertical_datum": datum, "geometry": lot["footprint"]})
    return out
