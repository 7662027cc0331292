"""Elevation rasters (GeoTIFF DEMs) for tests, drawn on a site's local frame: a surface z(u, v) stored in any CRS.

Each cell holds the surface at its centre: the centre is carried from the DEM's CRS
into the frame's CRS (pyproj) and to the frame's local (u, v) feet, and ``z`` is
evaluated there. A surface linear in (u, v) is then known at every point by hand.
Nothing here imports dockreview.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyproj
import rasterio
from rasterio.transform import from_origin

from support.sitegen import LocalFrame

FT_M = 0.3048
NODATA = -9999.0


def write_dem(
    path: Path | str,
    frame: LocalFrame,
    z: Callable[[np.ndarray, np.ndarray], np.ndarray],
    *,
    extent: tuple[float, float, float, float] = (-700.0, -400.0, 700.0, 100.0),
    crs: str | None = None,
    cell: float = 2.0,
    nodata_where: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None,
    with_crs: bool = True,
    dtype: str = "float64",
    units: str | None = None,
) -> Path:
    """Write the surface ``z(u, v)`` (in the DEM's own unit) as a GeoTIFF over the local ``extent`` (u0, v0, u1, v1 ft).

    ``crs`` is the DEM's CRS (default the frame's), ``cell`` its cell size in that CRS's
    unit; cells where ``nodata_where(u, v)`` is true hold the nodata value; ``units``
    is written as the band's unit when given.
    """
    path = Path(path)
    crs = crs or frame.crs
    to_dem = pyproj.Transformer.from_crs(frame.crs, crs, always_xy=True)
    to_frame = pyproj.Transformer.from_crs(crs, frame.crs, always_xy=True)
    u0, v0, u1, v1 = extent
    corners = np.array([frame.pt(u, v) for u in (u0, u1) for v in (v0, v1)])
    x, y = to_dem.transform(corners[:, 0], corners[:, 1])
    left, top = math.floor(min(x) / cell) * cell, math.ceil(max(y) / cell) * cell
    width, height = math.ceil((max(x) - left) / cell), math.ceil((top - min(y)) / cell)
    cx = left + cell * (np.arange(width) + 0.5)
    cy = top - cell * (np.arange(height) + 0.5)
    gx, gy = np.meshgrid(cx, cy)
    fx, fy = to_frame.transform(gx.ravel(), gy.ravel())
    u, v = (np.asarray(c).reshape(gx.shape) for c in frame.local(np.asarray(fx), np.asarray(fy)))
    values = np.asarray(z(u, v), dtype=float)
    if nodata_where is not None:
        values = np.where(nodata_where(u, v), NODATA, values)
    profile = {
        "driver": "GTiff", "width": width, "height": height, "count": 1, "dtype": dtype, "nodata": NODATA,
        "transform": from_origin(left, top, cell, cell), "compress": "deflate",
    }
    if with_crs:
        profile["crs"] = crs
    with rasterio.open(path, "w", **profile) as ds:
        ds.write(values.astype(dtype), 1)
        if units:
            ds.update_tags(1)
            ds.units = (units,)
    return path


def plane_m(base_m: float = 2.0, slope: float = 0.05) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """z = base + slope * (distance landward of the shore v = 0), in metres: ``base_m`` + ``slope`` * (-v ft * 0.3048)."""
    return lambda u, v: base_m + slope * (-v * FT_M)


def plane_ft_at(v: float, base_m: float = 2.0, slope: float = 0.05) -> float:
    """The same plane at local ``v`` (ft), in feet: base / 0.3048 + slope * (-v)."""
    return base_m / FT_M + slope * (-v)


#: The plane sites' lots (local ft): the subject between two adjoining lots, on a straight shore at v = 0.
LEFT_ID, RIGHT_ID = "2-105-32", "2-105-34"
LOTS = [(LEFT_ID, (-300, -150, -100, 0)), ("2-105-33", (-100, -150, 100, 0)), (RIGHT_ID, (100, -150, 300, 0))]
#: Building footprints (local ft): each adjoining lot's dwelling (80 x 40), a shed beside the left one, the subject's house.
BUILDINGS = {"left dwelling": (-240, -90, -160, -50), "shed": (-290, -140, -280, -130),
             "right dwelling": (160, -110, 240, -70), "subject house": (-30, -120, 30, -80)}


def plane_site(directory: Path | str, crs: str, *, dem_crs: str | None = None, unit: str = "m", cell: float = 2.0,
               z: Callable | None = None, mhw_ft: float | None = 6.5, deck_ft: float | None = 5.0,
               nodata_where: Callable | None = None, dem: bool = True, vertical_datum: str = "NAVD88",
               extent: tuple[float, float, float, float] = (-700.0, -400.0, 700.0, 100.0)):
    """Three lots on a straight shore, buildings on them, a T dock, and a DEM of ``z`` (default :func:`plane_m` + 0.01 u).

    The site's layers are in ``crs`` (the working CRS), the DEM in ``dem_crs`` with
    values in ``unit``; ``[datums] mhw_ft`` and the deck's height as given (None: left out).
    Returns the :class:`~support.sitegen.SiteFiles`.
    """
    import geopandas as gpd
    from shapely.geometry import LineString

    from support.sitegen import frame_in, rect, t_dock, write_local_site

    frame = frame_in(crs)
    site = write_local_site(directory, frame, parcels=[(pid, rect(*box)) for pid, box in LOTS],
                            mhw=[LineString([(-2500, 0), (2500, 0)])], dock=t_dock())
    footprints = gpd.GeoDataFrame({"USE": list(BUILDINGS)}, geometry=[frame.geom(rect(*b)) for b in BUILDINGS.values()],
                                  crs=frame.crs)
    footprints.to_file(site.dir / "site.gpkg", layer="buildings", driver="GPKG", engine="pyogrio")
    tables: dict = {"layers": {"buildings": "site.gpkg:buildings"}}
    if dem:
        surface = z or sloped_plane(unit)
        write_dem(site.dir / "dem.tif", frame, surface, crs=dem_crs, cell=cell, nodata_where=nodata_where, extent=extent)
        tables["layers"]["elevation"] = {"path": "dem.tif", "vertical_datum": vertical_datum, "unit": unit}
    if mhw_ft is not None:
        tables["datums"] = {"mhw_ft": mhw_ft, "vertical_datum": "NAVD88"}
    if deck_ft is not None:
        tables["dock.attributes"] = {"deck_height_above_mhw_ft": deck_ft}
    site.rewrite(**tables)
    return site


#: Feet in one unit of each elevation unit.
FEET_PER = {"m": 1.0 / FT_M, "ft": 1.0, "us-ft": 1200.0 / 3937.0 / FT_M}


def sloped_plane(unit: str = "m") -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """z = 2 m + 0.05 (distance landward of the shore) + 0.01 u, in ``unit``."""
    return lambda u, v: (2.0 / FT_M + 0.05 * (-v) + 0.01 * u) / FEET_PER[unit]


def sloped_plane_ft(u: float, v: float) -> float:
    """:func:`sloped_plane` at local (u, v) ft, in feet: 2 / 0.3048 + 0.05 (-v) + 0.01 u."""
    return 2.0 / FT_M + 0.05 * (-v) + 0.01 * u
