"""riparian_geometry by method on a square lot in working units: what each needs, and what it names."""

from __future__ import annotations

import pytest
from shapely import LineString, MultiLineString, Polygon

from dockreview.errors import SiteDataError
from dockreview.geometry.riparian import METHODS, riparian_geometry

LOT = Polygon([(-100, 0), (100, 0), (100, -150), (-100, -150)])
MHW = LineString([(-700, 0), (700, 0)])


def lines(**kwargs):
    return riparian_geometry(LOT, MHW, tolerance=5.0, ft_per_unit=1.0, **kwargs)


def test_the_default_is_extended_side_lines_and_says_so():
    rip = lines()
    assert rip.method == "extended-side-lines" == next(iter(METHODS))
    assert rip.description == "straight, along the last course"
    assert rip.parameters == {"extension": "straight", "extension_direction": "last-course", "course_tolerance_ft": 0.5}


@pytest.mark.parametrize("method, needs", [("perpendicular-to-centerline", "centerline"), ("proportional", "cove_line")])
def test_a_method_short_of_its_layer_names_it(method, needs):
    with pytest.raises(SiteDataError, match=needs) as info:
        lines(method=method)
    assert method in str(info.value)


def test_an_unknown_method_lists_the_methods():
    with pytest.raises(SiteDataError, match="perpendicular-to-trend"):
        lines(method="pie")


def test_trend_headland_to_headland_uses_the_cove_line():
    # the headlands' line leans 1 in 10: the lines run square to it, not to the shore
    rip = lines(method="perpendicular-to-trend", cove_line=MultiLineString([[(-500, 0), (500, 100)]]))
    (x0, y0), (x1, y1) = rip.left_extension.coords[0], rip.left_extension.coords[-1]
    assert (x0, y0) == pytest.approx((-100, 0))
    assert (x1 - x0) * 1000 + (y1 - y0) * 100 == pytest.approx(0.0, abs=1e-6)  # square to (1000, 100)
    assert y1 > 0 and x1 < x0  # seaward, leaning with the line's normal
    assert rip.parameters["baseline"].startswith("headland to headland")


def test_proportional_lot_off_the_cove_is_refused():
    # the cove's headlands lie 200 to 500 ft beyond the lot along the shore: it does not front the cove
    with pytest.raises(SiteDataError, match="does not front the shore between"):
        lines(method="proportional", cove_line=LineString([(300, 50), (600, 50)]), parcels=[LOT])
