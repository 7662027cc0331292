"""NOAA electronic nautical charts (S-57 ``.000`` cells): what a review takes from them.

GDAL's S-57 driver reads a cell as one layer per object class, in EPSG:4326,
with soundings as 3D multipoints in metres below chart datum (mean lower low
water on US charts). :func:`read_chart` gathers, from one cell or several:

* **channels** -- dredged areas (DRGARE), fairways (FAIRWY), two-way route
  parts (TWRTPT) and recommended tracks (RECTRC);
* **anchorages** -- anchorage areas (ACHARE) and berths (ACHBRT; a berth with
  a RADIUS becomes its swinging circle);
* **piers** -- shoreline constructions charted as piers (SLCONS, CATSLC = 4)
  and pontoons (PONTON);
* **soundings** -- one point per sounding (SOUNDG) and depth contours (DEPCNT),
  depths in feet below mean low water once the MLW - MLLW offset is known;
* **shoreline** -- the land-water line: coastline (COALNE) with the shoreline
  constructions that form it (wharves, seawalls, revetments, rip-rap).

Every feature keeps the object class and the cell it came from.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import pyogrio
import shapely
from pyproj import CRS

from .errors import LayerError
from .io import DockReviewWarning
from .width import max_width

#: Feet in one metre (chart depths and radii are in metres).
FT_PER_M = 1.0 / 0.3048
CHANNEL_CLASSES = ("DRGARE", "FAIRWY", "TWRTPT", "RECTRC")
ANCHORAGE_CLASSES = ("ACHARE", "ACHBRT")
PIER_CLASSES = ("SLCONS", "PONTON")
#: CATSLC of a pier.
PIER = 4
#: CATSLC of constructions that form the land-water line: wharf, rip-rap,
#: revetment, seawall, solid-face wharf.
SHORE_CONSTRUCTIONS = (6, 8, 9, 10, 15)
#: Classes a review reads, for the inspector.
CLASSES_READ = (*CHANNEL_CLASSES, *ANCHORAGE_CLASSES, *PIER_CLASSES, "SOUNDG", "DEPCNT", "COALNE")


@dataclass(frozen=True)
class Cell:
    """One chart cell's identity, from its DSID record."""

    path: Path
    name: str
    edition: int
    update: int
    date: str
    scale: int

    def describe(self) -> str:
        """``"US5FL4DR.000 edition 1 update 0 (2023-08-29), 1:10,000"``."""
        return f"{self.name} edition {self.edition} update {self.update} ({self.date}), 1:{self.scale:,}"


@dataclass
class Chart:
    """Features of one or more cells, in one CRS; each row has ``class`` and ``cell``."""

    cells: list[Cell]
    channels: gpd.GeoDataFrame
    anchorages: gpd.GeoDataFrame
    piers: gpd.GeoDataFrame
    soundings: gpd.GeoDataFrame
    contours: gpd.GeoDataFrame
    shoreline: gpd.GeoDataFrame

    @property
    def scale(self) -> int:
        """The smallest compilation scale's denominator (the coarsest cell)."""
        return max(cell.scale for cell in self.cells)

    def describe(self) -> str:
        """Every cell, for messages and the data-sources note."""
        return "; ".join(cell.describe() for cell in self.cells)

    def to_crs(self, crs: CRS | str) -> Chart:
        """The same chart with every layer in ``crs``; a berth's radius is drawn in it."""
        crs = CRS.from_user_input(crs)
        frames = {name: getattr(self, name).to_crs(crs) for name in _FRAMES}
        frames["anchorages"] = _berth_circles(frames["anchorages"], crs)
        return Chart(self.cells, **frames)


_FRAMES = ("channels", "anchorages", "piers", "soundings", "contours", "shoreline")


def read_cell(path: str | Path) -> Cell:
    """Read a cell's name, edition, issue date and compilation scale.

    Raises
    ------
    LayerError
        The file is missing or is not an S-57 cell.
    """
    path = Path(path)
    label = f"chart {path}"
    if not path.exists():
        raise LayerError(f"{label}: file not found; check the path in the manifest (relative to its folder)")
    try:
        dsid = pyogrio.read_dataframe(path, layer="DSID", read_geometry=False)
    except Exception as exc:  # GDAL raises many types for a file that is not S-57
        raise LayerError(f"{label}: not a readable S-57 chart cell ({_first_line(exc)})") from None
    if dsid.empty:
        raise LayerError(f"{label}: the cell has no DSID record; is it an S-57 .000 file?")
    row = dsid.iloc[0]
    date = str(row.get("DSID_UADT") or row.get("DSID_ISDT") or "")
    if len(date) == 8:
        date = f"{date[:4]}-{date[4:6]}-{date[6:]}"
    return Cell(path, str(row["DSID_DSNM"]), int(row["DSID_EDTN"]), int(row["DSID_UPDN"]), date, int(row["DSPM_CSCL"]))


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _class(cell: Cell, name: str, present: set[str]) -> gpd.GeoDataFrame:
    """One object class of a cell (an empty frame when the cell has none)."""
    if name not in present:
        return gpd.GeoDataFrame({"class": [], "cell": []}, geometry=[], crs="EPSG:4326")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        frame = pyogrio.read_dataframe(cell.path, layer=name)
    frame = frame.set_crs("EPSG:4326", allow_override=True)
    frame.insert(0, "class", name)
    frame.insert(1, "cell", cell.name)
    return frame


def _concat(frames: list[gpd.GeoDataFrame]) -> gpd.GeoDataFrame:
    frames = [f for f in frames if len(f)] or frames[:1]
    return gpd.GeoDataFrame(pd.concat(frames, ignore_index=True), crs="EPSG:4326")


def _catslc(frame: gpd.GeoDataFrame) -> pd.Series:
    if "CATSLC" not in frame.columns:
        return pd.Series(np.nan, index=frame.index)
    return pd.to_numeric(frame["CATSLC"], errors="coerce")


def _sounding_points(frame: gpd.GeoDataFrame) -> gpd.GeoDataFrame:
    """One row per sounding, ``depth_m`` below chart datum, from SOUNDG multipoints."""
    if frame.empty:
        return gpd.GeoDataFrame({"class": [], "cell": [], "depth_m": []}, geometry=[], crs=frame.crs)
    points = frame[["class", "cell", "LNAM", frame.geometry.name]].explode(index_parts=False, ignore_index=True)
    points["depth_m"] = shapely.get_coordinates(points.geometry.values, include_z=True)[:, 2]
    points.geometry = shapely.force_2d(points.geometry.values)
    return points


def read_chart(paths: str | Path | Iterable[str | Path]) -> Chart:
    """Read the features a review needs from one or more S-57 cells (EPSG:4326).

    Raises
    ------
    LayerError
        A cell is missing or unreadable.
    """
    if isinstance(paths, (str, Path)):
        paths = [paths]
    cells = [read_cell(p) for p in paths]
    if not cells:
        raise LayerError("chart: no cell given")
    gathered: dict[str, list[gpd.GeoDataFrame]] = {name: [] for name in _FRAMES}
    for cell in cells:
        present = {str(n) for n in pyogrio.list_layers(cell.path)[:, 0]}
        read = {name: _class(cell, name, present) for name in CLASSES_READ}
        slcons = read["SLCONS"]
        catslc = _catslc(slcons)
        gathered["channels"] += [read[c] for c in CHANNEL_CLASSES]
        gathered["anchorages"] += [read[c] for c in ANCHORAGE_CLASSES]
        gathered["piers"] += [slcons[catslc == PIER], read["PONTON"]]
        gathered["soundings"].append(_sounding_points(read["SOUNDG"]))
        gathered["contours"].append(read["DEPCNT"])
        gathered["shoreline"] += [read["COALNE"], slcons[catslc.isin(SHORE_CONSTRUCTIONS)]]
    return Chart(cells, **{name: _concat(frames) for name, frames in gathered.items()})


def _berth_circles(frame: gpd.GeoDataFrame, crs: CRS) -> gpd.GeoDataFrame:
    """Anchor berths drawn as their swinging circle (RADIUS, metres) in ``crs``."""
    if frame.empty or "RADIUS" not in frame.columns:
        return frame
    radius_m = pd.to_numeric(frame["RADIUS"], errors="coerce")
    berth = (frame["class"] == "ACHBRT") & (radius_m > 0) & (frame.geometry.geom_type == "Point")
    if not berth.any():
        return frame
    metres_per_unit = crs.axis_info[0].unit_conversion_factor
    frame = frame.copy()
    frame.loc[berth, frame.geometry.name] = frame.geometry[berth].buffer(radius_m[berth] / metres_per_unit, quad_segs=16)
    return frame


def depths_ft(depth_m: np.ndarray | pd.Series, datum_offset_ft: float) -> np.ndarray:
    """Chart depths (metres below MLLW) as feet below mean low water.

    ``datum_offset_ft`` is MLW - MLLW at the nearest tide station (positive):
    the water at mean low water is that much deeper than at chart datum.

    Examples
    --------
    >>> depths_ft(np.array([1.0, 0.0]), 0.3).round(3).tolist()
    [3.581, 0.3]
    """
    return np.asarray(depth_m, dtype=float) * FT_PER_M + datum_offset_ft


@dataclass(frozen=True)
class SiteChart:
    """What the manifest's charts supply to a site: layers by role, working CRS."""

    chart: Chart
    layers: dict[str, gpd.GeoDataFrame]


def for_site(paths: Iterable[Path], working: CRS, *, given: Iterable[str], datum_offset_ft: float | None) -> SiteChart:
    """The layers the charts supply where the manifest gives none (roles not in ``given``).

    Roles: ``channels`` (channels and anchorages), ``docks`` (piers and
    pontoons), ``soundings`` (``depth_ft`` below MLW: soundings and depth
    contours) and ``mhw`` (the land-water line, with a warning naming the
    compilation scale). Soundings need ``datum_offset_ft``; without it they are
    left out with a warning saying what to supply.
    """
    chart = read_chart(paths).to_crs(working)
    given = set(given)
    cells = chart.describe()
    layers: dict[str, gpd.GeoDataFrame] = {}
    if "channels" not in given:
        layers["channels"] = _concat_in(working, [chart.channels, chart.anchorages])
    if "docks" not in given:
        layers["docks"] = chart.piers
    if "soundings" not in given:
        if datum_offset_ft is None:
            _warn(
                f"chart {cells}: its soundings are not used: chart depths are below MLLW and the ordinance measures "
                "from mean low water; give [soundings] datum_offset_ft = MLW - MLLW (ft) from NOAA's tidal datums "
                "for the nearest station (neither datum is safe for both checks: MLLW depths are shallower, which "
                "lengthens the allowed reach but protects floats from grounding)"
            )
        else:
            layers["soundings"] = _depths(chart, working, datum_offset_ft)
    if "mhw" not in given:
        layers["mhw"] = chart.shoreline
        _warn(
            f"chart {cells}: the MHW line is the chart's land-water line (coastline, wharves and seawalls), "
            f"compiled at 1:{chart.scale:,}, where 0.5 mm on the chart is {chart.scale * 0.0005 * FT_PER_M:,.0f} ft; "
            "survey the MHW line before deciding a permit on it"
        )
    return SiteChart(chart, {role: _drop_empty(frame) for role, frame in layers.items()})


def _depths(chart: Chart, crs: CRS, datum_offset_ft: float) -> gpd.GeoDataFrame:
    """Soundings and depth contours with ``depth_ft`` below MLW (those with no depth left out)."""
    contour_m = pd.to_numeric(chart.contours.get("VALDCO", pd.Series(np.nan, index=chart.contours.index)), errors="coerce")
    points = chart.soundings.assign(depth_ft=depths_ft(chart.soundings["depth_m"], datum_offset_ft))
    contours = chart.contours.assign(depth_ft=depths_ft(contour_m, datum_offset_ft))
    columns = ["class", "cell", "depth_ft", "geometry"]
    frame = _concat_in(crs, [points[columns], contours[columns]])
    return frame[frame["depth_ft"].notna()]


def _concat_in(crs: CRS, frames: list[gpd.GeoDataFrame]) -> gpd.GeoDataFrame:
    return gpd.GeoDataFrame(pd.concat(frames, ignore_index=True), geometry="geometry", crs=crs)


def _drop_empty(frame: gpd.GeoDataFrame) -> gpd.GeoDataFrame:
    frame = frame[frame.geometry.notna() & ~frame.geometry.is_empty].reset_index(drop=True)
    frame.geometry = shapely.force_2d(frame.geometry.values)
    return frame


def _warn(message: str) -> None:
    warnings.warn(message, DockReviewWarning, stacklevel=3)


# ---------------------------------------------------------------------------
# the audit of charted piers
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
    from .errors import DockReviewError
    from .riparian import riparian_geometry

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
