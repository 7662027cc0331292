"""A lot's water corners packed by the screen come back exactly for its audit.

By a second method: the corners :func:`water_corners` finds on a messy
county's lots (a meandering shore in pieces, lakes' rings, lots in metres),
packed and unpacked with lots of no corners among them, against the corners
as found: every number the same, the frontages the same lines.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import shapely

from dockreview.batch.corners import pack_corners, unpack_corners
from dockreview.batch.kernel import MhwIndex, water_corners, waterfront_parts
from dockreview.inputs.crs import feet_per_unit
from dockreview.testing.counties import messy_county


def test_packed_corners_come_back_exactly_with_lots_of_none_among_them():
    c = messy_county(400, seed=5, meandering=True)
    parcels, mhw = c.parcels.to_crs(32618), c.mhw.to_crs(32618)
    ft = feet_per_unit(parcels.crs)
    shore = MhwIndex(shapely.line_merge(shapely.union_all(mhw.geometry.values)))
    lots = waterfront_parts(parcels.geometry.values, shore, 5.0 / ft)
    polys = lots.polygon[lots.fronts & shapely.is_valid(lots.polygon)]
    found = water_corners(polys, shore, tolerance=5.0 / ft, ft_per_unit=ft, rings=True)
    assert 100 < found.n < len(polys)  # some lots the kernel does not resolve
    records = np.full(len(polys), None, dtype=object)
    records[found.lot] = pack_corners(found)
    back = unpack_corners(records)
    for field in dataclasses.fields(found):
        got, want = getattr(back, field.name), getattr(found, field.name)
        if field.name == "frontage":
            assert shapely.equals_exact(got, want, tolerance=0).all()
        else:
            assert np.array_equal(got, want), field.name
    assert unpack_corners(np.full(3, None, dtype=object)).n == 0
