"""outside(): the side of a setback line away from the lot, against GEOS's single-sided buffer (a second method)."""

import math

import numpy as np
import pytest
import shapely

from dockreview.measure.distances import outside, signed_setback


def geos(line, left, distance):
    return shapely.buffer(line, distance if left else -distance, single_sided=True)


@pytest.mark.parametrize("scale", [1.0, 0.3048, 1e-5])  # feet, metres, a degree's magnitude
@pytest.mark.parametrize("left", [True, False])
def test_straight_lines_at_any_rotation_give_the_buffers_strip(left, scale):
    rng = np.random.default_rng(7)
    for turn in np.linspace(0.0, 2.0 * math.pi, 13):
        a = rng.uniform(-1000, 1000, 2) * scale
        step = np.array([math.cos(turn), math.sin(turn)]) * 300.0 * scale
        line = shapely.LineString([a, a + 0.4 * step, a + step])  # a side line and its straight extension
        got, want = outside(line, left=left, distance=500.0 * scale), geos(line, left, 500.0 * scale)
        assert shapely.area(shapely.symmetric_difference(got, want)) <= 1e-9 * shapely.area(want)


def test_a_bent_line_gets_the_buffer_itself():
    bent = shapely.LineString([(0, 0), (0, 100), (40, 200)])
    assert outside(bent, left=True, distance=50.0).equals(geos(bent, True, 50.0))


def test_an_array_of_lines_each_its_own_distance():
    lines = np.array([shapely.LineString([(0, 0), (0, 100)]), shapely.LineString([(0, 0), (10, 100), (0, 200)])])
    got = outside(lines, left=False, distance=np.array([10.0, 20.0]))
    assert shapely.area(got[0]) == pytest.approx(1000.0)
    assert got[1].equals(geos(lines[1], False, 20.0))


def test_a_line_that_turns_back_on_itself_is_not_straight():
    back = shapely.LineString([(0, 0), (0, 100), (0, 50)])
    assert outside(back, left=True, distance=10.0).equals(geos(back, True, 10.0))


def test_signed_setback_of_a_dock_across_the_line():
    """A dock 20 ft wide whose side stands 5 ft past a side line running north: -5 ft; one 8 ft clear: 8 ft."""
    line = shapely.LineString([(0, -50), (0, 300)])  # the lot lies east of it, the outside west (left, going north)
    across = shapely.box(-5, 10, 15, 110)
    clear = shapely.box(8, 10, 28, 110)
    assert signed_setback(across, line, left=True, far=1000.0)[0] == pytest.approx(-5.0, abs=1e-6)
    assert signed_setback(clear, line, left=True, far=1000.0)[0] == pytest.approx(8.0)
