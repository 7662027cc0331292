"""pairs_within: the pairs the tree's own dwithin query gives (a second method), in any CRS's numbers."""

import numpy as np
import pytest
import shapely

from dockreview.geometry.near import pairs_within


@pytest.mark.parametrize("scale", [1.0, 0.3048, 1e-5])  # feet, metres, degrees-like magnitudes
@pytest.mark.parametrize("seed", range(5))
def test_the_pairs_of_the_trees_dwithin(seed, scale):
    rng = np.random.default_rng(seed)
    x, y = rng.uniform(0, 2000, (2, 300)) * scale
    w, h = rng.uniform(5, 120, (2, 300)) * scale
    lots = shapely.box(x, y, x + w, y + h)
    lots[::17] = shapely.Polygon()
    lots[5::23] = None
    xy = np.cumsum(rng.normal(0, 30, (400, 2)), axis=0) * scale + 1000 * scale
    pieces = shapely.linestrings(xy.reshape(-1, 8, 2))
    tree = shapely.STRtree(pieces)
    distance = 10.0 * scale
    got = set(zip(*(a.tolist() for a in pairs_within(tree, lots, distance))))
    want = set(zip(*(a.tolist() for a in tree.query(lots, predicate="dwithin", distance=distance))))
    assert got == want
    assert want  # the shore passes among the lots


def test_a_lot_at_exactly_the_distance_counts():
    tree = shapely.STRtree([shapely.LineString([(0, 0), (100, 0)])])
    lots = np.array([shapely.box(10, 5, 20, 30), shapely.box(10, 5.001, 20, 30)])
    assert pairs_within(tree, lots, 5.0)[0].tolist() == [0]
