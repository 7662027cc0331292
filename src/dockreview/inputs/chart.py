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

Every feature keeps the object class and the cell it came from. Apart from them,
:func:`read_quality` reads a cell's quality zones (M_QUAL polygons and their
category of zone of confidence, CATZOC) for :mod:`dockreview.inputs.accuracy`.
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

from dockreview.errors import DockReviewWarning, LayerError
from dockreview.inputs.readable import require_file

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
    require_file(path, label, what="the chart cell's file (an S-57 .000)")
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


#: The meta object class of a cell's quality zones and its attributes read: the zone's category (CATZOC, coded
#: 1 = A1, 2 = A2, 3 = B, 4 = C, 5 = D, 6 = U) and, where the cell states them, its position and sounding accuracy (m).
QUALITY_CLASS = "M_QUAL"
QUALITY_FIELDS = ("CATZOC", "POSACC", "SOUACC")


def read_quality(paths: Iterable[str | Path]) -> gpd.GeoDataFrame:
    """The quality zones (M_QUAL) of one or more cells, EPSG:4326: ``cell``, ``CATZOC`` (integer, 0 when not given),
    ``POSACC`` and ``SOUACC`` (metres, NaN when not given); an empty frame for cells that have none.

    Raises
    ------
    LayerError
        A cell is missing or unreadable.
    """
    frames = []
    for cell in (read_cell(p) for p in paths):
        present = {str(n) for n in pyogrio.list_layers(cell.path)[:, 0]}
        frame = _class(cell, QUALITY_CLASS, present)
        values = {f: pd.to_numeric(frame.get(f, pd.Series(np.nan, index=frame.index)), errors="coerce") for f in QUALITY_FIELDS}
        frames.append(gpd.GeoDataFrame(
            {"cell": frame["cell"], "CATZOC": values["CATZOC"].fillna(0).astype(int),
             "POSACC": values["POSACC"], "SOUACC": values["SOUACC"]},
            geometry=frame.geometry.values, crs="EPSG:4326",
        ))
    return _concat(frames) if frames else gpd.GeoDataFrame({"cell": [], "CATZOC": []}, geometry=[], crs="EPSG:4326")


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
