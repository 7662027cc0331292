"""Water depth at mean low water, interpolated from soundings and depth contours.

Depths are feet below mean low water, positive down (Docks D(1): navigable
depth; D(2)(c)[5]: no float resting on the bottom at mean low water). The
soundings' points and the contours' vertices are triangulated (Delaunay) and
depths interpolated linearly on each triangle, so a bottom that is a plane is
reproduced exactly. Nothing is extrapolated: outside the triangulation's convex
hull the depth is unknown (NaN), and a question the data cannot answer gets
``None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import geopandas as gpd
import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from dockreview.errors import SiteDataError

if TYPE_CHECKING:
    from scipy.interpolate import LinearNDInterpolator


@dataclass(frozen=True)
class Bathymetry:
    """A triangulated depth surface, working CRS.

    Attributes
    ----------
    interpolator : LinearNDInterpolator
        Depth (ft below MLW) at any point; NaN outside the hull.
    hull : shapely.Polygon
        The convex hull of the data, where depths are known.
    edges : shapely.MultiLineString
        The triangulation's edges (where the surface may bend).
    """

    interpolator: LinearNDInterpolator
    hull: BaseGeometry
    edges: BaseGeometry

    def depth_at(self, xy: np.ndarray) -> np.ndarray:
        """Depths (ft below MLW) at points ``xy`` of shape (n, 2); NaN where unknown.

        Points outside the hull are not searched for (scipy would look for each
        one through every triangle, which is slow).
        """
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        shapely.prepare(self.hull)
        inside = shapely.intersects_xy(self.hull, xy[:, 0], xy[:, 1])
        out = np.full(len(xy), np.nan)
        if inside.any():
            out[inside] = self.interpolator(xy[inside])
        return out

    def min_under(self, polygon: BaseGeometry) -> float | None:
        """The shallowest depth anywhere under ``polygon``; None unless the data cover it.

        A linear surface on triangles takes its least value over a polygon at a
        polygon vertex, at a data point inside it, or where the polygon's outline
        crosses a triangle edge; those are the points evaluated.
        """
        if not shapely.covers(shapely.buffer(self.hull, 1e-9), polygon):
            return None
        outline = shapely.boundary(polygon)
        candidates = [
            shapely.get_coordinates(polygon),
            shapely.get_coordinates(shapely.intersection(outline, self.edges)),
            shapely.get_coordinates(shapely.intersection(self.edges, polygon)),
        ]
        depth = self.depth_at(np.vstack(candidates))
        depth = depth[np.isfinite(depth)]
        return float(depth.min()) if depth.size else None


def bathymetry(soundings: gpd.GeoDataFrame, *, label: str = "soundings layer") -> Bathymetry:
    """Triangulate soundings (points) and contours (lines) with their ``depth_ft``.

    Parameters
    ----------
    soundings : GeoDataFrame
        Column ``depth_ft``; points, or lines whose every vertex lies at that depth.
    label : str
        How the layer is named in an error.

    Raises
    ------
    SiteDataError
        When fewer than three distinct points, or only collinear ones, are given.

    Examples
    --------
    >>> import geopandas as gpd, shapely
    >>> frame = gpd.GeoDataFrame({"depth_ft": [0.0, 10.0, 0.0]},
    ...                          geometry=shapely.points([(0, 0), (0, 100), (100, 0)]))
    >>> bathymetry(frame).depth_at([(0, 50), (500, 500)])
    array([ 5., nan])
    """
    from scipy.interpolate import LinearNDInterpolator  # here, not on import: only a site with depths needs scipy's
    from scipy.spatial import Delaunay, QhullError

    geoms = soundings.geometry.values
    counts = shapely.get_num_coordinates(geoms)
    xy = shapely.get_coordinates(geoms)
    z = np.repeat(soundings["depth_ft"].to_numpy(dtype=float), counts)
    xy, first = np.unique(xy, axis=0, return_index=True)
    z = z[first]
    try:
        triangulation = Delaunay(xy)
    except (QhullError, ValueError):
        raise SiteDataError(
            f"{label}: the depths need at least three points not on one line to interpolate; add soundings"
        ) from None
    simplices = triangulation.simplices
    pairs = np.sort(np.vstack([simplices[:, [0, 1]], simplices[:, [1, 2]], simplices[:, [0, 2]]]), axis=1)
    pairs = np.unique(pairs, axis=0)
    edges = shapely.multilinestrings(shapely.linestrings(xy[pairs]))
    hull = shapely.convex_hull(shapely.multipoints(xy))
    return Bathymetry(LinearNDInterpolator(triangulation, z, fill_value=np.nan), hull, edges)
