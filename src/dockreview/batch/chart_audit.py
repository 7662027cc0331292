"""The audit of a chart's piers (``dockreview audit --chart``): every charted pier reviewed without a survey.

The chart is read by :func:`dockreview.inputs.chart.read_chart`; this module
measures and checks its piers.
"""

from __future__ import annotations

import warnings

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely

from dockreview.errors import DockReviewWarning, LayerError
from dockreview.geometry.riparian import riparian_geometry
from dockreview.geometry.width import max_width
from dockreview.inputs.chart import Chart

# ---------------------------------------------------------------------------
#: Sampling step (ft) along a pier when looking for its farthest point from the shore.
AUDIT_STEP_FT = 0.5
#: Piers this close (ft) belong to one structure (a T-head drawn apart from its walkway).
SAME_STRUCTURE_FT = 0.5
#: Vertices per piece of the shoreline in the audit's STRtree.
SHORE_CHUNK_VERTICES = 16


def _shore_pieces(shoreline: shapely.Geometry) -> np.ndarray:
    """The shoreline cut into short pieces, for nearest-piece look-ups."""
    pieces = []
    for line in shapely.get_parts(shapely.line_merge(shoreline)):
        xy = shapely.get_coordinates(line)
        for start in range(0, len(xy) - 1, SHORE_CHUNK_VERTICES):
            pieces.append(shapely.linestrings(xy[start : start + SHORE_CHUNK_VERTICES + 1]))
    return np.asarray(pieces, dtype=object)


def _structures(piers: np.ndarray, tolerance: float) -> np.ndarray:
    """A structure number per pier: piers touching (within ``tolerance``) share one."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    left, right = shapely.STRtree(piers).query(piers, predicate="dwithin", distance=tolerance)
    graph = coo_matrix((np.ones(len(left)), (left, right)), shape=(len(piers), len(piers)))
    return connected_components(graph, directed=False)[1]


def audit_piers(
    chart: Chart, *, profile, ft_per_unit: float, terminus_depth_ft: float = 20.0, progress: bool | None = None,
    parcels: gpd.GeoDataFrame | None = None, id_field: str | None = None, tolerance_ft: float = 5.0,
) -> gpd.GeoDataFrame:
    """Review every charted pier against the checks that need no lot, and the lot checks when parcels are given.

    ``chart`` must be in a projected CRS of ``ft_per_unit`` feet per unit. For
    each pier (SLCONS pier or PONTON feature): its reach, the greatest distance
    from the chart's land-water line to the pier; its terminus, the part within
    ``terminus_depth_ft`` of that reach; the terminus's clearance from channels
    and anchorages, and from piers of other structures (piers touching it are
    one structure); the width of a pier charted as an area and the area of a
    pontoon charted as one (charted as a line, neither can be measured).

    With ``parcels`` (same CRS), a pier's lot is the parcel within
    :data:`LOT_SEARCH_FT` of its landward end; the lot's frontage (Docks B) and
    the pier's distance from the lot's side lines and their seaward extensions
    (Docks C) are checked, from the riparian geometry of :mod:`dockreview.riparian`
    on the chart's land-water line (``tolerance_ft`` as ``review.mhw_tolerance_ft``).

    Returns
    -------
    GeoDataFrame
        One row per pier: ``pier_id`` (cell:LNAM), class, cell, name, structure,
        the measurements in feet, one status column per check, ``failed`` and
        ``verdict``; the pier's geometry.
    """
    from tqdm.auto import tqdm

    piers = chart.piers.reset_index(drop=True)
    geoms = np.asarray(shapely.force_2d(piers.geometry.values), dtype=object)
    shore = chart.shoreline.geometry.values
    pieces = _shore_pieces(shapely.union_all(np.where(shapely.get_dimensions(shore) == 2, shapely.boundary(shore), shore)))
    shore_tree = shapely.STRtree(pieces)
    channels = shapely.union_all(np.concatenate([chart.channels.geometry.values, chart.anchorages.geometry.values]))
    structure = _structures(geoms, SAME_STRUCTURE_FT / ft_per_unit)
    step, depth = AUDIT_STEP_FT / ft_per_unit, terminus_depth_ft / ft_per_unit
    lots = None if parcels is None else _Lots(parcels, id_field)
    rows = []
    for i in tqdm(range(len(geoms)), desc="audit", unit="pier", disable=None if progress is None else not progress):
        pier = geoms[i]
        samples = shapely.points(shapely.get_coordinates(shapely.segmentize(pier, step)))
        reach = float(shore_tree.query_nearest(samples, return_distance=True, all_matches=False)[1].max())
        near_shore = shapely.union_all(pieces[shore_tree.query(pier, predicate="dwithin", distance=reach)])
        terminus = pier if reach <= depth else shapely.difference(pier, shapely.buffer(near_shore, reach - depth, quad_segs=32))
        other = structure != structure[i]
        measured = {
            "reach_ft": reach * ft_per_unit,
            "channel_clearance_ft": None if channels.is_empty else float(shapely.distance(terminus, channels)) * ft_per_unit,
            "dock_clearance_ft": float(shapely.distance(terminus, geoms[other]).min()) * ft_per_unit if other.any() else None,
        }
        row = _audit_row(piers.iloc[i], int(structure[i]), pier, measured, profile, ft_per_unit)
        if lots is not None:
            landward = samples[int(np.argmin(shapely.distance(samples, near_shore)))]
            row = _with_lot(row, pier, landward, lots, pieces, shore_tree, profile, ft_per_unit, tolerance_ft)
        rows.append(row)
    return gpd.GeoDataFrame(rows, geometry=list(geoms), crs=chart.piers.crs)


def _audit_row(pier: pd.Series, structure: int, geom, measured: dict, profile, ft_per_unit: float) -> dict:
    """One pier's measurements, the status of each check, and its verdict."""
    is_area = geom.geom_type.endswith("Polygon")
    is_pontoon = pier["class"] == "PONTON"
    width = max_width(geom) * ft_per_unit if is_area and not is_pontoon else None
    area = geom.area * ft_per_unit**2 if is_area and is_pontoon else None
    clearance = profile("min_terminus_clearance_ft")
    statuses = {
        "reach": _status(measured["reach_ft"] <= profile("max_reach_ft")),
        "channel_clearance": _status(measured["channel_clearance_ft"] is None or measured["channel_clearance_ft"] >= clearance),
        "dock_clearance": _status(measured["dock_clearance_ft"] is None or measured["dock_clearance_ft"] >= clearance),
        "width": "not-applicable" if is_pontoon else ("needs-data" if width is None else _status(width <= profile("max_dock_width_ft"))),
        "float_area": "not-applicable" if not is_pontoon else ("needs-data" if area is None else _status(area <= profile("max_float_area_sqft"))),
    }
    name = pier.get("OBJNAM")
    row = {
        "pier_id": f"{pier['cell']}:{pier['LNAM']}",
        "class": pier["class"],
        "cell": pier["cell"],
        "name": name if isinstance(name, str) else "",
        "structure": structure,
        "charted_as": geom.geom_type,
        **measured,
        "max_width_ft": width,
        "float_area_sqft": area,
        **{f"status_{check}": status for check, status in statuses.items()},
    }
    return _verdict(row)


def _status(ok: bool) -> str:
    return "pass" if ok else "fail"


#: A pier's lot is the parcel this close (ft) to the pier's landward end.
LOT_SEARCH_FT = 25.0


class _Lots:
    """The parcels, indexed for finding a pier's lot."""

    def __init__(self, parcels: gpd.GeoDataFrame, id_field: str | None) -> None:
        if id_field is not None and id_field not in parcels.columns:
            fields = ", ".join(c for c in parcels.columns if c != parcels.geometry.name)
            raise LayerError(f"parcels layer: no field '{id_field}' (--id-field); its fields are: {fields}")
        self.geoms = np.asarray([_largest_part(g) for g in shapely.force_2d(parcels.geometry.values)], dtype=object)
        self.ids = parcels[id_field].astype(str).to_numpy() if id_field else np.arange(len(parcels)).astype(str)
        self.tree = shapely.STRtree(self.geoms)


def _largest_part(geom):
    """A parcel's polygon: the largest part of a multi-part one, as the review takes it."""
    parts = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon"] if geom is not None else []
    return max(parts, key=lambda p: p.area) if parts else shapely.Polygon()


def _with_lot(row: dict, pier, landward, lots: _Lots, pieces, shore_tree, profile, ft_per_unit: float, tolerance_ft: float) -> dict:
    """``row`` with the lot checks: frontage (Docks B) and side setback (Docks C)."""
    from dockreview.errors import DockReviewError

    row = {**row, "parcel_id": None, "frontage_ft": None, "required_setback_ft": None, "setback_ft": None,
           "status_frontage": "needs-data", "status_side_setback": "needs-data", "lot_note": ""}
    found = lots.tree.query(landward, predicate="dwithin", distance=LOT_SEARCH_FT / ft_per_unit)
    if not len(found):
        row["lot_note"] = f"no parcel within {LOT_SEARCH_FT:.0f} ft of the pier's landward end"
        return _verdict(row)
    lot = found[int(np.argmin(shapely.distance(landward, lots.geoms[found])))]
    parcel = lots.geoms[lot]
    row["parcel_id"] = lots.ids[lot]
    reach = shapely.length(parcel) + shapely.length(pier)
    mhw = shapely.line_merge(shapely.union_all(pieces[shore_tree.query(parcel, predicate="dwithin", distance=reach)]))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            riparian = riparian_geometry(parcel, mhw, tolerance=tolerance_ft / ft_per_unit, ft_per_unit=ft_per_unit)
    except DockReviewError as exc:
        row["lot_note"] = f"lot not measured: {exc}"
        return _verdict(row)
    frontage = riparian.frontage.length * ft_per_unit
    required = max(profile("setback_fraction_of_frontage") * frontage, profile("min_setback_ft"))
    setback = min(shapely.distance(pier, riparian.left_line), shapely.distance(pier, riparian.right_line)) * ft_per_unit
    row.update(
        frontage_ft=frontage,
        required_setback_ft=required,
        setback_ft=setback,
        status_frontage=_status(frontage >= profile("min_frontage_ft")),
        status_side_setback=_status(setback >= required),
    )
    return _verdict(row)


def _verdict(row: dict) -> dict:
    """Recount ``failed`` and ``verdict`` from every ``status_`` column of ``row``."""
    statuses = {key[len("status_"):]: value for key, value in row.items() if key.startswith("status_")}
    failed = [check.replace("_", "-") for check, status in statuses.items() if status == "fail"]
    row["failed"] = ", ".join(failed)
    row["verdict"] = "noncompliant" if failed else ("incomplete" if "needs-data" in statuses.values() else "compliant")
    return row
