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

from dockreview.errors import SiteDataError
from dockreview.geometry.dock import Dock, rectangle
from dockreview.geometry.riparian import WaterSide
from dockreview.geometry.sections import contour
from dockreview.inputs.site import Site

#: The datums a line can be drawn for, besides MHW.
DATUMS = ("mlw", "mllw")
#: Components a boat lies at: the berths whose depth North Haven's law asks for.
BERTHS = ("float", "boat_lift", "pwc_lift")
#: The fixed structures a boat lies against where the dock has no float or lift: their outer face is its berth.
FIXED_BERTHS = ("walkway", "landing")


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


def seaward_reach(line: BaseGeometry, geom: BaseGeometry, parcel: BaseGeometry, step: float) -> float:
    """How far ``geom``'s farthest point seaward of a datum line lies from it (units; 0 when none is seaward).

    Examples
    --------
    >>> seaward_reach(LineString([(-50, 10), (50, 10)]), shapely.box(-2, -5, 2, 40), shapely.box(-50, -60, 50, 0), 0.5)
    30.0
    """
    side = WaterSide(line, parcel)
    points = shapely.get_coordinates(shapely.segmentize(shapely.boundary(geom), step))
    seaward = side.seaward(points)
    return float(shapely.distance(shapely.points(points[seaward]), line).max()) if seaward.any() else 0.0


def replaced_reaches(site: Site, lines: dict[str, BaseGeometry], step: float) -> dict[str, float | int | None]:
    """The docks the proposal replaces (``[dock] replaces``): how many features, and their reach from each datum line
    (ft: their farthest point seaward of it; None with none replaced or without the line)."""
    replaced = site.replaced_docks
    count = 0 if replaced is None else len(replaced)
    out: dict[str, float | int | None] = {"replaced_dock_count": count}
    for datum in DATUMS:
        line = lines.get(datum)
        known = count and line is not None
        geom = shapely.union_all(replaced.geometry.values) if known else None
        out[f"replaced_reach_from_{datum}_ft"] = seaward_reach(line, geom, site.parcel, step) * site.ft_per_unit if known else None
    return out


def reach_from_line(line: BaseGeometry, dock: Dock, parcel: BaseGeometry, crossing: float, end: float, step: float) -> float:
    """The dock's reach from a datum line (units): max(farthest point seaward of it, length along the axis past it)."""
    farthest = seaward_reach(line, dock.footprint, parcel, step)
    x0, y0, x1, y1 = shapely.bounds(shapely.union_all([line, dock.footprint]))
    far = 2.0 * float(np.hypot(x1 - x0, y1 - y0)) + 1.0
    axis = LineString([dock.origin + dock.axis * (crossing - far), dock.origin + dock.axis * (end + far)])
    t = (shapely.get_coordinates(shapely.intersection(axis, line)) - dock.origin) @ dock.axis
    past = t[t >= crossing - 1e-9 * far]
    length = max(end - float(past.min()), 0.0) if past.size else 0.0
    return max(farthest, length)


def outer_face(dock: Dock) -> BaseGeometry | None:
    """The fixed structure's outer face: the stretch of the walkways' and landings' outline farthest out along the
    dock's axis (a T-head's or a pier's seaward edge), where a boat lies against a dock with no float or lift.

    Examples
    --------
    >>> import geopandas as gpd
    >>> frame = gpd.GeoDataFrame({"component": ["walkway", "landing"]},
    ...                          geometry=[shapely.box(-2, 0, 2, 30), shapely.box(-8, 30, 8, 38)])
    >>> face = outer_face(Dock(frame, np.zeros(2), np.array([0.0, 1.0]), "drawn"))
    >>> [round(v, 6) for v in face.bounds], round(face.length, 6)
    ([-8.0, 38.0, 8.0, 38.0], 16.0)
    """
    fixed = dock.of(*FIXED_BERTHS)
    if fixed.is_empty:
        return None
    outline = shapely.boundary(fixed)
    xy = shapely.get_coordinates(outline)
    t = (xy - dock.origin) @ dock.axis
    span = float(np.ptp(t)) + float(np.ptp(xy)) + 1.0
    beyond = rectangle(dock.origin, dock.axis, (float(t.max()) - 1e-9 * span, float(t.max()) + span), (-span, span))
    return shapely.line_merge(shapely.intersection(outline, beyond))


def berth_depths(site: Site, dock: Dock, under_floats: float | None) -> dict[str, float | int | None]:
    """The number of berths (floats and lifts) and the shallowest depth under any of them, at MLW and at MLLW (ft).

    ``under_floats`` is the shallowest depth under the floats, already measured
    (:func:`dockreview.measure.depth.depth_measurements`); the lifts are measured here.
    """
    frame = dock.components
    lifts = list(frame.geometry[frame["component"].isin([b for b in BERTHS if b != "float"])])
    count = len(lifts) + len(dock.floats)
    out: dict[str, float | int | None] = {"berth_count": count, "min_berth_depth_ft": None, "min_berth_depth_mllw_ft": None}
    if not count:
        out.update(_fixed_berth(site, dock))
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


def _fixed_berth(site: Site, dock: Dock) -> dict[str, float | None]:
    """The shallowest depth along the fixed structure's outer face at MLW and MLLW (ft; None where unknown)."""
    face = outer_face(dock)
    depth = None if face is None or site.soundings is None else site.depths.min_under(face)
    offset = mllw_below_mlw(site)
    return {"fixed_berth_depth_ft": depth, "fixed_berth_depth_mllw_ft": None if depth is None or offset is None else depth - offset}


def navigation_contour(site: Site) -> BaseGeometry | None:
    """The line of navigation as the soundings' contour at ``[review] navigation_depth_ft`` (None when not asked).

    Raises
    ------
    SiteDataError
        Without soundings, or when they never reach that depth.
    """
    depth = site.manifest.review.navigation_depth_ft
    if depth is None:
        return None
    if site.soundings is None:
        raise SiteDataError(f"{site.manifest.path}: [review] navigation_depth_ft needs a soundings layer to draw the contour")
    bathy = site.depths
    line = contour(bathy.triangulation.points, bathy.triangulation.simplices, bathy.z, depth)
    if line.is_empty:
        raise SiteDataError(
            f"{site.layer_label('soundings')}: the soundings never reach {depth:g} ft, the line of navigation's depth "
            "([review] navigation_depth_ft): extend them, or give a navigation_line layer"
        )
    return line
