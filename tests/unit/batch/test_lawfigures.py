"""Other laws' figures of many docks at once (batch/lawfigures.py): by construction, and against the one-dock functions."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from shapely import affinity

from dockreview.batch.lawfigures import along_shore_extents, reaches_from_parcels, unknown_figures
from dockreview.measure.waterway import reach_from_parcel


@pytest.mark.parametrize("scale", [1.0, 0.3048, 1e-5])  # feet, metres, degree-sized numbers
def test_a_square_dock_spans_its_width_along_a_shore_at_any_rotation(scale):
    """A 6 x 40 dock square to a 100-long frontage spans 6 along it; turned 90 degrees on the same shore, 40."""
    angles = np.arange(0.0, 360.0, 15.0)
    dock = shapely.box(-3, 0, 3, 40)
    front = shapely.LineString([(-50, 0), (50, 0)])
    docks = [affinity.scale(affinity.rotate(g, a, origin=(0, 0)), scale, scale, origin=(0, 0)) for a in angles for g in (dock, affinity.rotate(dock, 90, origin=(0, 0)))]
    fronts = [affinity.scale(affinity.rotate(front, a, origin=(0, 0)), scale, scale, origin=(0, 0)) for a in angles for _ in range(2)]
    got = along_shore_extents(np.array(docks), np.array(fronts)) / scale
    assert got == pytest.approx(np.tile([6.0, 40.0], len(angles)), abs=1e-6)


def test_protrusion_past_the_property_line_equals_the_one_dock_function():
    rng = np.random.default_rng(4)
    parcels = np.array([shapely.box(x, -100, x + 80, 0) for x in rng.uniform(-500, 500, 40)])
    docks = np.array([
        affinity.rotate(shapely.box(x + 30, -rng.uniform(0, 10), x + 36, rng.uniform(5, 60)), rng.uniform(-30, 30))
        for x in shapely.bounds(parcels)[:, 0]
    ])
    expected = [reach_from_parcel(d, p, 0.5) for d, p in zip(docks, parcels)]
    assert reaches_from_parcels(docks, parcels, 0.5) == pytest.approx(expected, abs=1e-9)


def test_datum_figures_are_unknown_only_without_soundings():
    """The MLW and MLLW lines can be drawn from soundings; a pier line, bulkhead or vessel never is, in an audit."""
    assert {"reach_from_mllw_ft", "mlw_width_narrowest_ft"} <= set(unknown_figures(False)) - set(unknown_figures(True))
    assert {"pierhead_beyond_ft", "vessel_reach_ft", "bulkhead_width_narrowest_ft"} <= set(unknown_figures(True))
    assert "width_narrowest_ft" not in unknown_figures(False)  # from the MHW line: measured, or left to the one-dock review
