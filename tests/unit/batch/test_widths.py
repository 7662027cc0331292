"""The waterway's width on many sections at once (batch/widths.py), by construction: straight banks a known distance
apart, turned to any bearing, in feet, metres and degree-sized numbers."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from shapely import affinity

from dockreview.batch.shoreline import MhwIndex
from dockreview.batch.widths import section_widths

WIDTH = 95.0


def _canal(angle: float, scale: float) -> MhwIndex:
    """Two straight banks WIDTH apart (y = 0 and y = WIDTH before turning), 4,000 long, each in 10-unit pieces."""
    banks = [shapely.LineString([(x, y) for x in np.arange(-2000.0, 2001.0, 10.0)]) for y in (0.0, WIDTH)]
    turned = [affinity.scale(affinity.rotate(b, angle, origin=(0, 0)), scale, scale, origin=(0, 0)) for b in banks]
    return MhwIndex(shapely.MultiLineString(turned))


def _turn(v: np.ndarray, angle: float) -> np.ndarray:
    a = np.radians(angle)
    return v @ np.array([[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]])


@pytest.mark.parametrize("scale", [1.0, 0.3048, 1e-5])
@pytest.mark.parametrize("angle", [0.0, 30.0, 77.0, 145.0, 270.0])
def test_a_section_square_to_the_banks_spans_the_width_and_a_slanted_one_more(angle, scale):
    mhw = _canal(angle, scale)
    slants = np.array([0.0, 20.0, 45.0, -60.0])
    origins = _turn(np.array([[x, 0.0] for x in (-300.0, 0.0, 150.0, 800.0)]), angle) * scale
    directions = _turn(np.c_[np.sin(np.radians(slants)), np.cos(np.radians(slants))], angle)
    probes = np.full(4, 30.0 * scale)
    box = np.array([-3000.0, -3000.0, 3000.0, 3000.0]) * scale
    got = section_widths(origins, directions, probes, np.tile(box, (4, 1)), mhw, first=10.0 * scale) / scale
    # crossings are placed to 1e-9 of a unit, as the one-dock review places them (a tenth of a millimetre in degrees)
    assert got == pytest.approx(WIDTH / np.cos(np.radians(slants)), rel=1e-9, abs=2e-9 / scale)


def test_a_far_bank_beyond_the_box_or_the_layer_leaves_the_width_unknown():
    """A section is read only inside its box (the shore the one-dock review is given); one the far bank never
    crosses (the bank ends short of it) leaves the water on that side: unknown, never a width of 0."""
    mhw = MhwIndex(shapely.MultiLineString([[(-2000, 0), (2000, 0)], [(-2000, WIDTH), (100, WIDTH)]]))
    origins = np.array([[0.0, 0.0], [0.0, 0.0], [500.0, 0.0]])
    up = np.tile([0.0, 1.0], (3, 1))
    boxes = np.array([[-3000, -3000, 3000, 3000], [-3000, -3000, 3000, WIDTH - 1.0], [-3000, -3000, 3000, 3000]], dtype=float)
    got = section_widths(origins, up, np.full(3, 30.0), boxes, mhw, first=10.0)
    assert got[0] == pytest.approx(WIDTH) and np.isnan(got[1:]).all()


def test_the_search_widens_until_it_finds_a_far_bank():
    """A bank 5,000 ft off is found from a first search of 10 ft (ten widenings of four)."""
    mhw = MhwIndex(shapely.MultiLineString([[(-100, 0), (100, 0)], [(-100, 5000), (100, 5000)]]))
    got = section_widths(np.array([[0.0, 0.0]]), np.array([[0.0, 1.0]]), np.array([30.0]), np.array([[-9e3, -9e3, 9e3, 9e3]]), mhw, first=10.0)
    assert got.tolist() == [5000.0]


def test_a_section_with_no_place_has_no_width_and_ends():
    """A dock whose axis could not be found (a degenerate part) gives a section with no origin: its width is
    unknown, and the search does not run on for ever."""
    mhw = MhwIndex(shapely.MultiLineString([[(-500, 0), (500, 0)], [(-500, 120), (500, 120)]]))
    origins = np.array([[np.nan, np.nan], [0.0, 0.0]])
    got = section_widths(origins, np.array([[0.0, 1.0], [0.0, 1.0]]), np.array([35.0, np.nan]), np.tile([-600.0, -600.0, 600.0, 600.0], (2, 1)), mhw, first=10.0)
    assert np.isnan(got).all()
