"""A dock drawn on land is measured and warned of, naming whose land (issue 16, item 8).

A 110 x 6 ft walkway rooted at the middle of a 200-ft straight frontage and turned
along the shore (90 degrees from square) lies half on land: 110 x 3 = 330 sq ft
landward of the MHW line, of which 100 x 3 = 300 sq ft on the lot and 10 x 3 = 30
sq ft on the neighbour beyond the lot's corner 100 ft along the shore.
"""

from __future__ import annotations

import warnings

import pytest

import dockreview
from support.sitegen import SUBJECT_ID, make_site, rect


@pytest.mark.parametrize("crs", ["EPSG:2263", "EPSG:32618"])
def test_a_dock_turned_along_the_shore_lies_on_the_lot_and_the_neighbours_land(tmp_path, crs):
    """The areas by hand; the warning names the lot and the neighbour."""
    # drawn as a footprint, so it lies along the shore exactly in either grid
    files = make_site(tmp_path / "site", footprint=[("walkway", rect(0.0, -3.0, 110.0, 3.0))], crs=crs, working_crs=crs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        result = dockreview.review(dockreview.load_site(files.manifest))
    m = result.measurements
    # the layers are drawn in EPSG:2263 and reprojected: areas scale by the two grids' scale factors (< 0.1 %)
    assert m.dock_on_land_sqft == pytest.approx(330.0, rel=2e-3)
    assert m.dock_land_parcels[0] == SUBJECT_ID and len(m.dock_land_parcels) == 2
    warning = next(w for w in result.warnings if "landward of the MHW line" in w)
    assert "of the dock's" in warning and f"sq ft on the lot '{SUBJECT_ID}'" in warning
    assert f"sq ft on parcel '{m.dock_land_parcels[1]}'" in warning


def test_a_dock_square_to_the_shore_is_not_on_land(tmp_path):
    files = make_site(tmp_path / "site", dock={"root": "auto", "bearing": "perpendicular", "length": 110.0, "width": 6.0})
    result = dockreview.review(dockreview.load_site(files.manifest))
    assert result.measurements.dock_on_land_sqft == pytest.approx(0.0, abs=1.0)
    assert not [w for w in result.warnings if "landward of the MHW line" in w]


def test_the_warning_gives_the_areas_by_hand(tmp_path):
    files = make_site(tmp_path / "site", footprint=[("walkway", rect(0.0, -3.0, 110.0, 3.0))])
    result = dockreview.review(dockreview.load_site(files.manifest))
    warning = next(w for w in result.warnings if "landward of the MHW line" in w)
    assert warning.startswith("330.0 of the dock's 660.0 sq ft lie landward of the MHW line: 300.0 sq ft on the lot")
    assert "30.0 sq ft on parcel" in warning
