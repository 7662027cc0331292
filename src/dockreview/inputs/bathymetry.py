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

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

import geopandas as gpd
import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from dockreview.errors import SiteDataError

if TYPE_CHECKING:
    from scipy.spatial import Delaunay


@dataclass(frozen=True)
class Bathymetry:
    """A triangulated depth surface, working CRS.

    Attributes
    ----------
    triangulation : scipy.spatial.Delaunay
        The soundings' points and the contours' vertices, triangulated.
    z : ndarray
        The depth (ft below MLW) at each of the triangulation's points.
    hull : shapely.Polygon
        The convex hull of the data, where depths are known (prepared).
    edges : shapely.MultiLineString
        The triangulation's edges (where the surface may bend), made when first
        asked for: a county's soundings have millions.
    """

    triangulation: Delaunay
    z: np.ndarray
    hull: BaseGeometry

    @functools.cached_property
    def edges(self) -> BaseGeometry:
        """The triangulation's edges, each once."""
        simplices = self.triangulation.simplices
        pairs = np.unique(np.sort(np.vstack([simplices[:, [0, 1]], simplices[:, [1, 2]], simplices[:, [0, 2]]]), axis=1), axis=0)
        return shapely.multilinestrings(shapely.linestrings(self.triangulation.points[pairs]))

    def depth_at(self, xy: np.ndarray) -> np.ndarray:
        """Depths (ft below MLW) at points ``xy`` of shape (n, 2); NaN where unknown.

        Points outside the hull are not searched for (scipy would look for each
        one through every triangle, which is slow).
        """
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        inside = shapely.intersects_xy(self.hull, xy[:, 0], xy[:, 1])
        out = np.full(len(xy), np.nan)
        if inside.any():
            out[inside] = _linear(self.triangulation, self.z, xy[inside])
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


def _linear(tri: Delaunay, z: np.ndarray, xy: np.ndarray) -> np.ndarray:
    """``z`` interpolated linearly on the triangle of ``tri`` holding each point of ``xy``; NaN outside them.

    The numbers of ``scipy.interpolate.LinearNDInterpolator(tri, z, fill_value=nan)(xy)`` to the bit: the same
    search for each point's triangle (``Delaunay.find_simplex``, from the same start), its barycentric
    coordinates and the weighted sum, each in the interpolator's order of operations -- without importing
    ``scipy.interpolate``, which was the largest import of a one-site review (0.3 s of ``dockreview check``).
    The search's tolerance for a degenerate (flat) triangle is not the interpolator's, so a triangulation
    holding one is left to the interpolator.
    """
    if np.isnan(tri.transform[:, 0, 0]).any():
        from scipy.interpolate import LinearNDInterpolator

        return LinearNDInterpolator(tri, z, fill_value=np.nan)(xy)
    xy = np.ascontiguousarray(xy, dtype=float)
    simplex = tri.find_simplex(xy)
    found = simplex >= 0
    transform = tri.transform[simplex[found]]  # per triangle: the inverse of T in rows 0-1, the vertex r in row 2
    d = xy[found] - transform[:, 2]
    c0 = 0.0 + transform[:, 0, 0] * d[:, 0] + transform[:, 0, 1] * d[:, 1]
    c1 = 0.0 + transform[:, 1, 0] * d[:, 0] + transform[:, 1, 1] * d[:, 1]
    c2 = 1.0 - c0 - c1
    corner = z[tri.simplices[simplex[found]]]
    out = np.full(len(xy), np.nan)
    out[found] = 0.0 + c0 * corner[:, 0] + c1 * corner[:, 1] + c2 * corner[:, 2]
    return out


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
    from scipy.spatial import Delaunay, QhullError  # here, not on import: only a site with depths needs scipy's

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
    triangulation.transform  # the barycentric transforms every depth reads, made once (before a screen's workers fork)
    hull = shapely.convex_hull(shapely.multipoints(xy))
    shapely.prepare(hull)
    return Bathymetry(triangulation, z, hull)
