"""The Board-evidence sample site's DEM, ``data/evidence-site/dem.tif``: the near bank's ground, in NAVD88 metres.

Written by ``data/make_evidence_site.py`` (which calls :func:`write_dem`); run that
script, not this one. The ground is made up, in the site's local frame (``u`` along
the shore, ``v`` seaward, feet; see ``make_evidence_site.py``), ``d = -v`` the distance
landward of the near bank's MHW line:

* the MHW line is at 3.6 ft NAVD88 (made up for the sample, not a tide station's figure);
* the bank rises 1 in 5 for its first 30 ft (to 9.6 ft), then the ground 1 in 40;
* seaward of the MHW line the cells are nodata (the water is not ground).

The raster is stored as a 3DEP-style DEM is: EPSG:26918 (NAD83 / UTM zone 18N), 1-m
cells, heights in metres above NAVD88, float32, DEFLATE-compressed, nodata -9999;
it covers the near bank's five middle lots (u -560..560, v -320..20), about 80 kB.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import rasterio
from pyproj import Transformer
from rasterio.transform import from_origin

CRS = "EPSG:26918"
CELL_M = 1.0
NODATA = -9999.0
FT_M = 0.3048
MHW_NAVD88_FT = 3.6
BANK_FT, BANK_SLOPE, GROUND_SLOPE = 30.0, 1 / 5, 1 / 40
#: The DEM covers this local extent (u0, v0, u1, v1), feet.
EXTENT = (-560.0, -320.0, 560.0, 20.0)


def ground_ft(d: np.ndarray) -> np.ndarray:
    """The ground, ft NAVD88, at ``d`` ft landward of the MHW line (NaN seaward of it).

    Examples
    --------
    >>> ground_ft(np.array([0.0, 5.0, 30.0, 70.0, -1.0])).tolist()
    [3.6, 4.6, 9.6, 10.6, nan]
    """
    d = np.asarray(d, dtype=float)
    z = MHW_NAVD88_FT + np.where(d <= BANK_FT, BANK_SLOPE * d, BANK_SLOPE * BANK_FT + GROUND_SLOPE * (d - BANK_FT))
    return np.where(d >= 0, np.round(z, 9), np.nan)


def write_dem(path: Path, place_xy: Callable, local_uv: Callable, site_crs: str) -> Path:
    """Write the DEM at ``path``: ``place_xy(u, v)`` and ``local_uv(x, y)`` carry local feet to ``site_crs`` and back."""
    u0, v0, u1, v1 = EXTENT
    corners = np.array([place_xy(u, v) for u in (u0, u1) for v in (v0, v1)])
    to_utm = Transformer.from_crs(site_crs, CRS, always_xy=True)
    x, y = to_utm.transform(corners[:, 0], corners[:, 1])
    left, top = np.floor(min(x)), np.ceil(max(y))
    width, height = int(np.ceil(max(x) - left)), int(np.ceil(top - min(y)))
    gx, gy = np.meshgrid(left + CELL_M * (np.arange(width) + 0.5), top - CELL_M * (np.arange(height) + 0.5))
    sx, sy = Transformer.from_crs(CRS, site_crs, always_xy=True).transform(gx.ravel(), gy.ravel())
    u, v = local_uv(np.asarray(sx), np.asarray(sy))
    inside = (u >= u0) & (u <= u1) & (v >= v0) & (v <= v1)
    z = np.where(inside, ground_ft(-v) * FT_M, np.nan).reshape(gx.shape)
    z = np.where(np.isfinite(z), z, NODATA).astype("float32")
    profile = {
        "driver": "GTiff", "width": width, "height": height, "count": 1, "dtype": "float32", "nodata": NODATA,
        "crs": CRS, "transform": from_origin(left, top, CELL_M, CELL_M), "compress": "deflate", "predictor": 3,
        "tiled": False,
    }
    with rasterio.open(path, "w", **profile) as ds:
        ds.write(z, 1)
        ds.units = ("metre",)
        ds.update_tags(VERTICAL_DATUM="NAVD88", SOURCE="made up by data/make_dem.py, not a survey")
    return path
