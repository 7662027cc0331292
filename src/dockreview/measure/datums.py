"""Datum lines other than MHW, the dock's reach from them, and the depth at its berths at each datum.

North Haven, NY measures a dock's length "from MLLW" and wants floats and berths in
2.5 ft of water at mean lower low water; other laws measure from MLW. A datum line
comes from, in order:

1. its own layer (``layers.mlw``, ``layers.mllw``);
2. the soundings' contour at the datum's depth below MLW (:func:`dockreview.geometry.sections.contour`):
   0 ft for MLW, ``[datums] mllw_below_mlw_ft`` for MLLW (the soundings are depths at MLW).

The reach from a datum line is, as the reach from MHW (Kings Point Docks D(1)), the
greater of the farthest point of the dock seaward of the line from it and the length
along the dock's axis from where the axis crosses the line to the seaward end; 0
when the dock stops landward of the line. Depths at MLLW are depths at MLW less
``mllw_below_mlw_ft``.
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely import LineString
from shapely.geometry.base import BaseGeometry

from dockreview.geometry.dock import Dock
from dockreview.geometry.riparian import WaterSide
from dockreview.geometry.sections import contour
from dockreview.inputs.site import Site

#: The datums a line can be drawn for, besides MHW.
DATUMS = ("mlw", "mllw")
#: Components a boat lies at: the berths whose depth North Haven's law asks for.
BERTHS = ("float", "boat_lift", "pwc_lift")


def mllw_below_mlw(site: Site) -> float | None:
    """How far MLLW lies below MLW at the site (ft): ``[datums]``, else the chart's ``[soundings] datum_offset_ft``."""
    given = site.manifest.datums.mllw_below_mlw_ft
    return given if given is not None else site.manifest.datum_offset_ft


def datum_line(site: Site, datum: str) -> tuple[BaseGeometry | None, str, str | None]:
    """The datum's line (working CRS), where it came from -- or None, why, and the input to supply."""
    layer = site.mlw if datum == "mlw" else site.mllw
    if layer is not None:
        return layer, f"the {datum} layer", None
    level = 0.0 if datum == "mlw" else mllw_below_mlw(site)
    if level is None:
        return None, "give layers.mllw (the MLLW line), or soundings and [datums] mllw_below_mlw_ft", "[datums] mllw_below_mlw_ft"
    if site.soundings is None:
        return None, f"give layers.{datum} (the {datum.upper()} line), or soundings to draw it", "layers.soundings"
    bathy = site.depths
    line = contour(bathy.triangulation.points, bathy.triangulation.simplices, bathy.z, level)
    if line.is_empty:
        why = f"the soundings never reach {level:g} ft below MLW (the {datum.upper()} line): extend them, or give layers.{datum}"
        return None, why, f"soundings reaching the {datum.upper()} line"
    return line, f"the soundings' contour at {level:g} ft below MLW", None


def reach_from_line(line: BaseGeometry, dock: Dock, parcel: BaseGeometry, crossing: float, end: float, step: float) -> float:
    """The dock's reach from a datum line (units): max(farthest point seaward of it, length along the axis past it)."""
    side = WaterSide(line, parcel)
    points = shapely.get_coordinates(shapely.segmentize(shapely.boundary(dock.footprint), step))
    seaward = side.seaward(points)
    farthest = float(shapely.distance(shapely.points(points[seaward]), line).max()) if seaward.any() else 0.0
    x0, y0, x1, y1 = shapely.bounds(shapely.union_all([line, dock.footprint]))
    far = 2.0 * float(np.hypot(x1 - x0, y1 - y0)) + 1.0
    axis = LineString([dock.origin + dock.axis * (crossing - far), dock.origin + dock.axis * (end + far)])
    t = (shapely.get_coordinates(shapely.intersection(axis, line)) - dock.origin) @ dock.axis
    past = t[t >= crossing - 1e-9 * far]
    length = max(end - float(past.min()), 0.0) if past.size else 0.0
    return max(farthest, length)


def berth_depths(site: Site, dock: Dock, under_floats: float | None) -> dict[str, float | int | None]:
    """The number of berths (floats and lifts) and the shallowest depth under any of them, at MLW and at MLLW (ft).

    ``under_floats`` is the shallowest depth under the floats, already measured
    (:func:`dockreview.measure.depth.depth_measurements`); the lifts are measured here.
    """
    frame = dock.components
    lifts = list(frame.geometry[frame["component"].isin([b for b in BERTHS if b != "float"])])
    count = len(lifts) + len(dock.floats)
    out: dict[str, float | int | None] = {"berth_count": count, "min_berth_depth_ft": None, "min_berth_depth_mllw_ft": None}
    if not count or site.soundings is None:
        return out
    under = [site.depths.min_under(b) for b in lifts] + ([under_floats] if dock.floats else [])
    if None in under:
        return out
    out["min_berth_depth_ft"] = min(under)
    offset = mllw_below_mlw(site)
    if offset is not None:
        out["min_berth_depth_mllw_ft"] = min(under) - offset
    return out
