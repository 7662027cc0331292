"""The depth surface: linear on the soundings' triangles, the same numbers as scipy's LinearNDInterpolator."""

from __future__ import annotations

import geopandas as gpd
import numpy as np
import pytest
import shapely
from scipy.interpolate import LinearNDInterpolator

from dockreview.inputs.bathymetry import bathymetry


def _surface(points: np.ndarray, depths: np.ndarray):
    return bathymetry(gpd.GeoDataFrame({"depth_ft": depths}, geometry=shapely.points(points)))


def _as_scipy(surface, xy: np.ndarray) -> np.ndarray:
    """The interpolator's depths where the surface searches (within its hull), NaN elsewhere."""
    inside = shapely.intersects_xy(surface.hull, xy[:, 0], xy[:, 1])
    out = np.full(len(xy), np.nan)
    out[inside] = LinearNDInterpolator(surface.triangulation, surface.z, fill_value=np.nan)(xy[inside])
    return out


def _same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return bool(np.array_equal(a, b, equal_nan=True) and (np.signbit(a) == np.signbit(b)).all())


@pytest.mark.parametrize("layout", ["scattered", "grid"])
def test_depths_are_the_interpolators_to_the_bit(layout):
    rng = np.random.default_rng(7)
    if layout == "scattered":
        points = rng.uniform(0, 500, (300, 2))
    else:  # a regular grid of soundings: every square's four corners on one circle
        points = np.stack(np.meshgrid(np.arange(20.0), np.arange(20.0)), -1).reshape(-1, 2) * 12.5
    surface = _surface(points, rng.uniform(0.0, 18.0, len(points)))
    tri = surface.triangulation
    edges = (tri.points[tri.simplices[:, 0]] + tri.points[tri.simplices[:, 1]]) / 2
    xy = np.vstack([rng.uniform(points.min(0) - 20, points.max(0) + 20, (20_000, 2)), tri.points, edges])
    assert _same_bits(surface.depth_at(xy), _as_scipy(surface, xy))


def test_a_triangulation_with_a_flat_triangle_is_left_to_the_interpolator():
    points = np.array([[0.0, 0.0], [1.0, 1e-15], [2.0, 0.0], [1.0, 1.0]])
    surface = _surface(points, np.array([1.0, 2.0, 3.0, 4.0]))
    assert np.isnan(surface.triangulation.transform[:, 0, 0]).any()  # the case: a degenerate triangle
    xy = np.array([[1.0, 0.5], [1.0, 1e-16], [0.5, 0.2], [5.0, 5.0]])
    assert _same_bits(surface.depth_at(xy), _as_scipy(surface, xy))


def test_a_plane_is_reproduced():
    points = np.array([[0.0, 0.0], [100.0, 0.0], [0.0, 100.0], [100.0, 100.0], [40.0, 70.0]])
    surface = _surface(points, 2.0 + 0.05 * points[:, 0] + 0.1 * points[:, 1])
    assert surface.depth_at([(50.0, 50.0), (10.0, 90.0)]) == pytest.approx([9.5, 11.5])
    assert np.isnan(surface.depth_at([(150.0, 50.0)])).all()
