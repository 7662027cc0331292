"""The pieces the riparian methods are built of, on geometries whose answers are known by construction."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from shapely import LineString, Point

from dockreview.errors import DockReviewWarning, SiteDataError
from dockreview.geometry.extensions import (
    centerline_foot,
    fit_direction,
    proportional_share,
    trend_baseline,
)
from dockreview.geometry.methods import chord_bisector


def same_direction(got, want, tol=1e-9):
    """Equal as lines (either sense)."""
    return abs(abs(float(np.dot(got, want))) - 1.0) <= tol


@pytest.mark.parametrize("angle", [0.0, 17.0, 90.0, 143.5])
def test_fit_of_a_straight_line_is_the_line_whatever_its_vertices(angle):
    a = math.radians(angle)
    d = (math.cos(a), math.sin(a))
    stops = [0.0, 3.0, 4.0, 40.0, 41.0, 200.0]  # uneven spacing: the fit weighs length, not vertices
    line = LineString([(1000.0 + s * d[0], 5000.0 + s * d[1]) for s in stops])
    assert same_direction(fit_direction(line), d)


def test_fit_of_a_sawtooth_follows_its_axis():
    # teeth 1 ft high, 10 ft apart, symmetric about y = 0.5: the axis is horizontal
    line = LineString([(10.0 * i, float(i % 2)) for i in range(41)])
    assert same_direction(fit_direction(line), (1.0, 0.0))


def test_fit_of_a_right_angle_with_equal_legs_is_the_diagonal():
    # two equal perpendicular legs: by symmetry the axes are (1, 1) and (1, -1); the legs' far
    # ends lie 141 ft apart along (1, -1), the corner only 35 ft from the centroid along (1, 1)
    line = LineString([(-100.0, 0.0), (0.0, 0.0), (0.0, -100.0)])
    assert same_direction(fit_direction(line), (1 / math.sqrt(2), -1 / math.sqrt(2)))


def test_trend_baseline_runs_the_stated_length_beyond_each_corner():
    shore = LineString([(-1000.0, 0.0), (1000.0, 0.0)])
    baseline, stretch = trend_baseline(shore, (Point(-100, 0), Point(100, 0)), 150.0)
    assert stretch.length == pytest.approx(500.0)
    assert sorted(x for x, _ in baseline.coords) == pytest.approx([-250.0, 250.0])


def test_trend_baseline_stops_where_the_shore_does():
    shore = LineString([(-180.0, 0.0), (1000.0, 0.0)])
    _, stretch = trend_baseline(shore, (Point(-100, 0), Point(100, 0)), 150.0)
    assert stretch.length == pytest.approx(80.0 + 200.0 + 150.0)


def test_proportional_shares_follow_the_order_along_the_shore():
    # listed out of order: the share of the lot at 150..350 follows the lot at 0..150
    intervals = [(150.0, 350.0), (350.0, 600.0), (0.0, 150.0)]
    assert proportional_share(intervals, 0) == pytest.approx((150 / 600, 350 / 600))
    assert proportional_share(intervals, 1) == pytest.approx((350 / 600, 1.0))
    assert proportional_share(intervals, 2) == pytest.approx((0.0, 150 / 600))


def test_proportional_shares_of_lots_with_a_gap_between_them():
    # 100 ft of shore belongs to no lot: the mouth is shared among the lots' 500 ft
    assert proportional_share([(0.0, 200.0), (300.0, 600.0)], 1) == pytest.approx((200 / 500, 1.0))


@pytest.mark.parametrize(
    "other, neighbour, want",
    [
        # a headland: the chords run west and south, the water lies north-east: the bisector (1, 1)
        ((-100, 0), (0, -80), (1, 1)),
        # a basin's corner: the chords run west and north, the water between them: the bisector (-1, 1)
        ((-100, 0), (0, 250), (-1, 1)),
    ],
    ids=["headland", "basin-corner"],
)
def test_colonial_bisector_at_a_right_angle_is_at_45_deg(other, neighbour, want):
    direction = chord_bisector(np.zeros(2), np.array(other, float), np.array(neighbour, float), np.array([0.0, 1.0]))
    assert direction == pytest.approx(np.array(want) / math.sqrt(2), abs=1e-12)


@pytest.mark.parametrize("angle", [0.0, 23.0, 131.0])
def test_colonial_on_a_straight_shore_is_square_to_it(angle):
    # three corners in a line at ``angle``: the chords' bisector is the line's normal, whatever the chords' lengths
    t = np.array([math.cos(math.radians(angle)), math.sin(math.radians(angle))])
    normal = np.array([-t[1], t[0]])
    direction = chord_bisector(np.array([7.0, 3.0]), np.array([7.0, 3.0]) + 60 * t, np.array([7.0, 3.0]) - 145 * t, normal)
    assert direction == pytest.approx(normal, abs=1e-12)


def test_centerline_foot_is_square_to_the_centreline():
    # the centreline y = 300 + x tan 30; from (100, 0) the foot is 50 + 259.808 = 309.808 along (-sin 30, cos 30)
    centreline = LineString([(-400, 300 - 400 * math.tan(math.radians(30))), (400, 300 + 400 * math.tan(math.radians(30)))])
    foot = centerline_foot(Point(100, 0), centreline, np.array([0.0, 1.0]))
    t = 50.0 + 300.0 * math.sqrt(3) / 2
    assert (foot.x, foot.y) == pytest.approx((100 - 0.5 * t, t * math.sqrt(3) / 2), abs=1e-9)


def test_centerline_landward_of_the_lot_is_refused():
    with pytest.raises(SiteDataError, match="centerline layer lies on or landward"):
        centerline_foot(Point(0, 0), LineString([(-100, -50), (100, -50)]), np.array([0.0, 1.0]))


def test_centerline_ending_before_the_corner_warns():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", DockReviewWarning)
        foot = centerline_foot(Point(0, 0), LineString([(50, 100), (500, 100)]), np.array([0.0, 1.0]))
    assert (foot.x, foot.y) == (50.0, 100.0)
    assert any("ends before it runs square" in str(w.message) for w in caught)
