"""1. Water views: the water view of each neighbouring dwelling and the share the proposed dock takes of it.

The waiver clause (Art. VIII, waivers) names "how the proposed dock would affect
the water views of the neighboring properties". Each dwelling in scope gets a
viewpoint; :func:`dockreview.evidence.sweep.sweep` finds, exactly, the directions in
which it sees the water, the proposed dock and the existing docks; the vertical
angle is how high the dock rises above the water seen from the eye.
"""

from __future__ import annotations

import math
from typing import Any

import geopandas as gpd
import numpy as np
import shapely
from shapely import Point, Polygon
from shapely.geometry.base import BaseGeometry

from dockreview.evidence.context import ADJOINING_FT, DECK, Context, outline_points
from dockreview.evidence.result import Gaps, Measure, figure_text, pairs_text
from dockreview.evidence.sweep import azimuth, sweep

KEY = "water_views"
#: A default viewpoint's window sees the half-plane in front of its wall: this many degrees either side of the wall's normal.
WINDOW_HALF_ANGLE_DEG = 90.0
#: A manifest viewpoint within this many feet of a footprint belongs to that building (left out of its own obstacles).
VIEWPOINT_SNAP_FT = 25.0

METHOD = (
    "Dwellings: on each adjoining lot (within {adjoining:g} ft of the lot) and on every lot within "
    "{neighbour:,.0f} ft of the proposed dock that sees it, the largest footprint of the buildings layer on the "
    "lot (its point on surface inside the parcel). Viewpoint: the manifest's evidence.viewpoints when given (each "
    "belonging to the footprint it lies in or within {snap:g} ft of, seeing all round); otherwise the middle of "
    "the footprint edge whose outward normal points most nearly toward the nearest point of the MHW line "
    "(measured from that edge's middle; ties to the longer edge), whose window sees the half-plane in front of "
    "the wall ({half:g} degrees either side of its normal). Water view: the directions in which the sight line "
    "from the viewpoint crosses the MHW line within {radius:,.0f} ft before meeting another building (every "
    "footprint but the dwelling's own blocks the view; land does not, the MHW line bounds the water). The "
    "directions are exact: the view is decided once between each pair of consecutive directions to a vertex "
    "of the shore, a building, a dock, their crossings and the {radius:,.0f}-ft circle. The proposed dock's "
    "sector: the directions of the view in which the sight line meets any component (walkway, ramp, landing, "
    "floats, lifts, the lift's footprint standing for a boat on it); its share of the water view, and of the view "
    "left open by the existing docks (the directions in which no existing dock is seen). Vertical angle: the "
    "greatest angle the dock subtends above the water surface at MHW, atan((h - e)/d) + atan(e/d), over its "
    "outline seen from the eye (e ft above MHW: the viewpoint's third number, else evidence.eye_height_ft), with h "
    "the deck's height above MHW plus the railing, a boat lift's boat {lift} above the deck, a float's deck its float_deck_above_water_in. Sectors are azimuths, degrees clockwise from grid north."
)


def _facing_edge(footprint: BaseGeometry, shore: BaseGeometry, tiny: float) -> tuple[np.ndarray, np.ndarray]:
    """The middle of the footprint edge facing the water, and that edge's outward normal.

    The edge whose outward normal points most nearly toward the nearest point of the
    MHW line from the edge's middle; ties go to the longer edge.
    """
    polygon = max(shapely.get_parts(footprint), key=shapely.area)
    polygon = shapely.orient_polygons(shapely.simplify(polygon, tiny))  # exterior counter-clockwise
    ring = np.asarray(polygon.exterior.coords)
    a, b = ring[:-1], ring[1:]
    edge = b - a
    length = np.hypot(*edge.T)
    a, edge, length = a[length > tiny], edge[length > tiny], length[length > tiny]
    middle = a + edge / 2
    outward = np.column_stack([edge[:, 1], -edge[:, 0]]) / length[:, None]
    nearest = shapely.get_coordinates(shapely.shortest_line(shapely.points(middle), shore))[1::2]
    toward = nearest - middle
    toward /= np.maximum(np.hypot(*toward.T), 1e-12)[:, None]
    score = np.round((outward * toward).sum(axis=1), 9)
    best = np.lexsort((-length, -score))[0]
    return middle[best], outward[best]


def _component_tops(cx: Context) -> tuple[list[tuple[str, BaseGeometry, float]], list[str]]:
    """Each dock component with the height of its top above MHW (ft), and the inputs missing for the others."""
    deck = cx.number("deck_height_above_mhw_ft")
    railing = cx.number("railing_height_in")
    float_deck = cx.number("float_deck_above_water_in")
    lift = cx.lifted_boat_height_ft
    tops, missing = [], []
    for kind, geom in zip(cx.dock.components["component"], cx.dock.components.geometry.values):
        if kind == "float":
            if float_deck is None:
                missing.append("dock.attributes.float_deck_above_water_in")
                continue
            tops.append((kind, geom, float_deck / 12.0))
            continue
        if deck is None:
            missing.append("dock.attributes.deck_height_above_mhw_ft")
            continue
        if kind == "boat_lift":
            if lift is None:
                missing.append("dock.attributes.lift_boat_height_above_deck_ft")
                continue
            tops.append((kind, geom, deck + lift))
        elif kind in DECK:
            tops.append((kind, geom, deck + (railing / 12.0 if railing is not None else 0.0)))
        else:
            tops.append((kind, geom, deck))
    return tops, list(dict.fromkeys(missing))


def _vertical_angle(cx: Context, p: np.ndarray, eye_ft: float, tops, obstacles, radius: float) -> tuple[float | None, str | None]:
    """The greatest angle (degrees) the dock subtends above the water surface, seen from ``p`` at ``eye_ft`` above MHW."""
    best, where = None, None
    for kind, geom, top_ft in tops:
        xy = outline_points(geom, cx.units(1.0))
        d = np.hypot(*(xy - p).T)
        xy, d = xy[d <= radius], d[d <= radius]
        if not len(xy):
            continue
        if obstacles is not None and not obstacles.is_empty:
            sight = shapely.linestrings(np.stack([np.broadcast_to(p, xy.shape), xy], axis=1))
            visible = ~shapely.intersects(sight, obstacles)
            xy, d = xy[visible], d[visible]
        if not len(xy):
            continue
        d_ft = np.maximum(d * cx.ft, 1e-6)
        angle = np.degrees(np.arctan2(top_ft - eye_ft, d_ft) + np.arctan2(eye_ft, d_ft))
        k = int(np.argmax(angle))
        if best is None or angle[k] > best:
            best, where = float(angle[k]), kind
    return best, where


def _viewpoints(cx: Context, buildings: gpd.GeoDataFrame) -> list[dict]:
    """The viewpoints to evaluate: the manifest's, else each dwelling's default one."""
    settings = cx.settings
    geoms = buildings.geometry.values
    lots = cx.lots
    lot_geoms = lots.geometry.values
    out = []
    if settings.viewpoints:
        for k, given in enumerate(settings.viewpoints):
            p = np.asarray(given[:2], dtype=float)
            here = Point(p)
            d = shapely.distance(geoms, here) if len(geoms) else np.empty(0)
            own = int(np.argmin(d)) if len(d) and d.min() <= cx.units(VIEWPOINT_SNAP_FT) else None
            on_lot = np.flatnonzero(shapely.covers(lot_geoms, here)) if len(lot_geoms) else []
            if shapely.covers(cx.site.parcel, here):
                lot = "subject"
            elif len(on_lot):
                lot = int(on_lot[0])
            else:
                lot = int(np.argmin(shapely.distance(lot_geoms, here))) if len(lot_geoms) else None
            out.append({
                "id": f"V{k + 1}", "source": "manifest", "point": p, "own": own, "lot": lot, "normal": None,
                "eye_ft": given[2] if len(given) > 2 else settings.eye_height_ft,
            })
        return out
    reps = shapely.point_on_surface(geoms)
    in_lot, building = shapely.STRtree(reps).query(lot_geoms, predicate="contains")
    candidates = lots["adjoining"].to_numpy() | (lots["to_dock_ft"].to_numpy() <= settings.neighbour_distance_ft)
    tiny = cx.units(0.01)
    for lot in np.flatnonzero(candidates):
        mine = building[in_lot == lot]
        if not len(mine):
            continue
        own = int(max(mine, key=lambda i: shapely.area(geoms[i])))
        middle, normal = _facing_edge(geoms[own], cx.shore, tiny)
        out.append({
            "id": f"V{len(out) + 1}", "source": "default", "point": middle, "own": own, "lot": int(lot),
            "normal": normal, "eye_ft": settings.eye_height_ft,
        })
    return out


def _wedge(p: np.ndarray, ref: float, lo: float, hi: float, radius: float) -> Polygon:
    """The sector from ``p`` between relative angles ``lo`` and ``hi`` out to ``radius`` (a 1-degree arc)."""
    n = max(2, int(math.ceil(math.degrees(hi - lo))) + 1)
    t = ref + np.linspace(lo, hi, n)
    arc = p + radius * np.column_stack([np.cos(t), np.sin(t)])
    return Polygon([p, *arc, p])


def measure(cx: Context) -> Measure:
    """The water views of the dwellings in scope (``layers.buildings``), per viewpoint."""
    settings = cx.settings
    method = METHOD.format(
        adjoining=ADJOINING_FT, neighbour=settings.neighbour_distance_ft, snap=VIEWPOINT_SNAP_FT,
        half=WINDOW_HALF_ANGLE_DEG, radius=settings.view_radius_ft, lift="its lift_boat_height_above_deck_ft" if cx.lifted_boat_height_ft is None else f"{cx.lifted_boat_height_ft:g} ft",
    )
    gaps = Gaps()
    values: dict[str, Any] = {
        "view_radius_ft": settings.view_radius_ft, "neighbour_distance_ft": settings.neighbour_distance_ft,
        "viewpoint_count": None, "viewpoints": [],
        "greatest_dock_share_of_view_pct": None, "greatest_dock_share_parcel_id": None, "adjoining_without_building": None,
    }
    buildings = cx.site.buildings
    if buildings is None:
        gaps.add("layers.buildings (building footprints: the dwellings and what blocks their views)", "viewpoints", "viewpoint_count",
                 "greatest_dock_share_of_view_pct", "greatest_dock_share_parcel_id", "adjoining_without_building")
        return gaps.measure("water_views", method, values)
    radius = cx.units(settings.view_radius_ft)
    geoms = buildings.geometry.values
    existing = None
    if cx.site.docks is not None:
        existing = shapely.union_all(cx.site.docks.geometry.values) if not cx.site.docks.empty else Polygon()
    tops, missing_tops = _component_tops(cx)
    lots = cx.lots
    items, drawn = [], []
    for vp in _viewpoints(cx, buildings):
        p = vp["point"]
        others = [g for i, g in enumerate(geoms) if i != vp["own"]]
        obstacles = shapely.union_all(others) if others else None
        targets = {"dock": cx.dock.footprint}
        if existing is not None:
            targets["existing"] = existing
        normal = vp["normal"]
        if normal is not None:
            ref, half = math.atan2(normal[1], normal[0]), math.radians(WINDOW_HALF_ANGLE_DEG)
        else:
            toward = np.asarray(cx.dock.footprint.centroid.coords[0]) - p
            ref, half = math.atan2(toward[1], toward[0]), None
        on_water = bool(cx.riparian.water_side.seaward(p[None, :])[0])
        sw = sweep(p, radius, shore=cx.shore, obstacles=obstacles, targets=targets, ref=ref, half_angle=half, on_water=on_water)
        water = sw.water
        dock = water & sw.seen["dock"]
        view_deg = sw.degrees(water)
        dock_deg = sw.degrees(dock)
        lot = vp["lot"]
        if lot == "subject":
            parcel_id, adjoining, side = cx.site.parcel_id, False, None
        elif lot is None:
            parcel_id = adjoining = side = None
        else:
            parcel_id, adjoining, side = str(lots["parcel_id"].iloc[lot]), bool(lots["adjoining"].iloc[lot]), str(lots["side"].iloc[lot])
        item: dict[str, Any] = {
            "id": vp["id"],
            "parcel_id": parcel_id,
            "adjoining": adjoining,
            "side": side,
            "source": vp["source"],
            "x": float(p[0]), "y": float(p[1]),
            "facing_az_deg": None if normal is None else azimuth(ref),
            "eye_height_ft": vp["eye_ft"],
            "distance_to_dock_ft": float(shapely.distance(Point(p), cx.dock.footprint)) * cx.ft,
            "water_view_deg": view_deg,
            "water_view_sectors_az_deg": sw.azimuths(water),
            "dock_in_view_deg": dock_deg,
            "dock_sectors_az_deg": sw.azimuths(dock),
            "dock_share_of_view_pct": 100.0 * dock_deg / view_deg if view_deg > 0 else None,
            "existing_docks_in_view_deg": None,
            "dock_share_of_open_view_pct": None,
            "vertical_angle_deg": None,
            "vertical_angle_at": None,
            "vertical_angle_leaves_out": None,
        }
        if "existing" in sw.seen:
            existing_deg = sw.degrees(water & sw.seen["existing"])
            open_deg = view_deg - existing_deg
            item["existing_docks_in_view_deg"] = existing_deg
            item["dock_share_of_open_view_pct"] = 100.0 * sw.degrees(dock & ~sw.seen["existing"]) / open_deg if open_deg > 0 else None
        else:
            gaps.add("layers.docks (the existing docks, for the share of the view they leave open)",
                     "existing_docks_in_view_deg", "dock_share_of_open_view_pct")
        if vp["eye_ft"] is None:
            gaps.add("evidence.eye_height_ft (or a third number of evidence.viewpoints: the eye's height above MHW)", "vertical_angle_deg")
        elif not tops:
            for need in missing_tops:
                gaps.add(need, "vertical_angle_deg")
        else:
            item["vertical_angle_deg"], item["vertical_angle_at"] = _vertical_angle(cx, p, vp["eye_ft"], tops, obstacles, radius)
            item["vertical_angle_leaves_out"] = [f"components whose height needs {need}" for need in missing_tops]
        # far lots count only when they see the dock; adjoining lots and the manifest's viewpoints always
        if vp["source"] == "default" and not item["adjoining"] and dock_deg <= 0:
            continue
        items.append(item)
        drawn.append({
            "id": vp["id"], "point": Point(p), "item": item,
            "water": [_wedge(p, ref, a, b, radius) for a, b in sw.runs(water)],
            "dock": [_wedge(p, ref, a, b, radius) for a, b in sw.runs(dock)],
            "existing": [_wedge(p, ref, a, b, radius) for a, b in sw.runs(water & sw.seen["existing"])] if "existing" in sw.seen else [],
            "building": None if vp["own"] is None else geoms[vp["own"]],
        })
    for i, item in enumerate(items):
        item["id"] = drawn[i]["id"] = f"V{i + 1}"
    values["viewpoint_count"] = len(items)
    values["viewpoints"] = items
    if not cx.settings.viewpoints:
        seen = {it["parcel_id"] for it in items}
        values["adjoining_without_building"] = [str(p) for p in lots.loc[lots["adjoining"], "parcel_id"] if str(p) not in seen]
    shares = [(it["dock_share_of_view_pct"], it["parcel_id"]) for it in items if it["dock_share_of_view_pct"] is not None]
    values["greatest_dock_share_of_view_pct"] = max(shares)[0] if shares else None
    values["greatest_dock_share_parcel_id"] = max(shares)[1] if shares else None
    return gaps.measure("water_views", method, values, {"viewpoints": drawn, "radius": radius, "dock": cx.dock.footprint})


def rows(measure: Measure) -> list[tuple[str, str]]:
    """The report's rows, ``(label, text)``: one per viewpoint."""
    out = []
    for vp in measure.values["viewpoints"]:
        where = "adjoining, " + vp["side"] if vp["adjoining"] else (vp["side"] or "")
        parts = [f"water view {figure_text(vp['water_view_deg'], 'deg')}", f"the dock {figure_text(vp['dock_in_view_deg'], 'deg')}"]
        if vp["dock_share_of_view_pct"] is not None:
            parts[-1] += f" ({vp['dock_share_of_view_pct']:.1f} % of the view"
            if vp["dock_share_of_open_view_pct"] is not None:
                parts[-1] += f"; {vp['dock_share_of_open_view_pct']:.1f} % of the view the existing docks leave open"
            parts[-1] += ")"
        if vp["vertical_angle_deg"] is not None:
            parts.append(f"rising {vp['vertical_angle_deg']:.2f} deg above the water ({vp['vertical_angle_at']})")
        parts.append(f"{figure_text(vp['distance_to_dock_ft'])} from the dock")
        out.append((f"parcel {vp['parcel_id']} ({where}) {vp['id']}", "; ".join(parts)))
    if not measure.values["viewpoints"] and measure.measured:
        out.append(("", "no dwelling in scope sees the dock"))
    return out


def features(measure: Measure) -> dict[str, list[dict]]:
    """The GeoPackage's ``evidence_viewpoints`` (points) and ``evidence_view_sectors`` (wedges) rows."""
    out: dict[str, list[dict]] = {"evidence_viewpoints": [], "evidence_view_sectors": []}
    for vp in measure.geometry.get("viewpoints", []):
        item = vp["item"]
        row = {k: v for k, v in item.items() if not isinstance(v, list)}
        row["vertical_angle_leaves_out"] = "; ".join(item["vertical_angle_leaves_out"] or []) or None
        row["water_view_sectors_az_deg"] = pairs_text(item["water_view_sectors_az_deg"])
        row["dock_sectors_az_deg"] = pairs_text(item["dock_sectors_az_deg"])
        out["evidence_viewpoints"].append({**row, "geometry": vp["point"]})
        for kind, key in (("water view", "water"), ("proposed dock", "dock"), ("existing docks", "existing")):
            for wedge in vp[key]:
                out["evidence_view_sectors"].append({"viewpoint": item["id"], "parcel_id": item["parcel_id"], "kind": kind, "geometry": wedge})
    return out
