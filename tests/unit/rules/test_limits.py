"""A dimension drawn exactly at its limit passes; one a hair over fails.

Sites are drawn in EPSG:2263, whose US survey foot is 1.000002 ft: a walkway
drawn 8 units wide measures 8.000016 ft, which must not fail the 8-ft limit,
while 8.01 ft must. The same for a dock placed exactly at the required setback
(a 200-ft lot: 80 ft) and one 0.05 ft inside it.
"""

from __future__ import annotations

import pytest

import dockreview
from support.sitegen import make_site, rect


def _review(tmp_path, footprint):
    site = make_site(tmp_path, rotation=33.0, footprint=footprint)
    return dockreview.review(dockreview.load_site(site.manifest))


@pytest.mark.parametrize(("width", "status"), [(8.0, "pass"), (8.01, "fail"), (7.99, "pass")])
def test_width_at_the_limit(tmp_path, width, status):
    r = _review(tmp_path, [("walkway", rect(-width / 2, 0.0, width / 2, 100.0))])
    assert r.measurements["max_width_ft"] == pytest.approx(width, abs=1e-4)
    assert r.check("width").status == status


@pytest.mark.parametrize(("offset", "status"), [(0.0, "pass"), (0.05, "fail")])
def test_setback_at_the_limit(tmp_path, offset, status):
    # 200-ft lot: the left side line is at u = -100; required setback 80 ft.
    left_edge = -100.0 + 80.0 - offset
    r = _review(tmp_path, [("walkway", rect(left_edge, 0.0, left_edge + 6.0, 100.0))])
    assert r.measurements["setback_left_ft"] == pytest.approx(80.0 - offset, abs=1e-3)
    assert r.check("side-setback").status == status
    if status == "fail":
        assert "left 79.95 ft" in r.check("side-setback").message
