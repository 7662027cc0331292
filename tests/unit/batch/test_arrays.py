"""The screen's array steps against the one-lot functions they stand for: the greatest reach and the reasons."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from dockreview.batch.reach import greatest_reaches
from dockreview.measure.envelope import clear_of_strips, greatest_reach, setback_band, setback_strips

TOLERANCE = 0.001


def _bands(reach: float):
    """Bands of lots on a wavy shore, some cut by a channel's clearance zone, as the envelope cuts them."""
    x = np.linspace(0.0, 2000.0, 201)
    shore = np.stack([x, 40.0 * np.sin(x / 300.0)], axis=1)
    lots, zones, frontages = [], [], []
    for start in range(0, 180, 15):
        front = shapely.LineString(shore[start : start + 15])
        a, b = shore[start], shore[start + 14]
        zone = shapely.Polygon([a, *shore[start + 1 : start + 14], b, b + (0, 900.0), a + (0, 900.0)])
        lots.append((shapely.LineString([a - (0, 200.0), a + (0, 900.0)]), shapely.LineString([b - (0, 200.0), b + (0, 900.0)])))
        zones.append(zone)
        frontages.append(front)
    left, right = (np.array(s, dtype=object) for s in zip(*lots))
    frontages, zones = np.array(frontages, dtype=object), np.array(zones, dtype=object)
    strips = setback_strips(left, right, 20.0)
    band = setback_band(clear_of_strips(zones, strips), frontages, np.full(len(zones), reach))
    channel = shapely.buffer(shapely.LineString([(0.0, 150.0), (900.0, 260.0), (2000.0, 120.0)]), 30.0)
    cut = np.arange(len(band)) % 2 == 0  # every other lot keeps 50 ft off the channel
    band[cut] = shapely.difference(band[cut], shapely.buffer(channel, 50.0))
    return band, frontages


@pytest.mark.parametrize("reach", [200.0, 120.0])
def test_greatest_reaches_equal_the_one_lot_branch_and_bound(reach):
    band, frontages = _bands(reach)
    fast = greatest_reaches(band, frontages, TOLERANCE, reach=reach)
    unpruned = greatest_reaches(band, frontages, TOLERANCE)
    reference = np.array([greatest_reach(band[i : i + 1], frontages[i : i + 1], TOLERANCE)[0] for i in range(len(band))])
    assert fast == pytest.approx(reference, abs=2 * TOLERANCE)
    assert unpruned == pytest.approx(reference, abs=2 * TOLERANCE)
    # lots left whole reach the reach limit; those kept off the channel stop short of it
    assert fast[1::2] == pytest.approx(reach, abs=2 * TOLERANCE)
    assert (fast[::2] < reach - 1.0).any()


def test_greatest_reach_by_hand():
    frontage = shapely.LineString([(0.0, 0.0), (50.0, 0.0), (100.0, 20.0)])
    # a box over the frontage's first leg: its far corners are 60 ft off the first segment; an empty envelope reaches 0
    envelopes = [shapely.box(0.0, 0.0, 40.0, 60.0), shapely.Polygon()]
    assert greatest_reaches(envelopes, [frontage, frontage], TOLERANCE).tolist() == pytest.approx([60.0, 0.0], abs=TOLERANCE)
