"""Property tests: the measurements belong to the site, not to where or how it is stored.

A fixed, deliberately asymmetric site (oblique side lines, an L float, a channel beside
the dock, a neighbour's dock) is built by tests/sitegen.py at Kings Point and then
translated, rotated, stored in another CRS / format, or mirrored.  The measurements
must not change (0.01 ft); mirroring swaps left and right.
"""

from __future__ import annotations

import sys

import math
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sitegen import KINGS_POINT, MEASUREMENT_KEYS, make_site, rect

dockreview = pytest.importorskip("dockreview")

TOL = 0.01
SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

DOCKS = {
    "parametric": {"dock": {"root": "auto", "bearing": "perpendicular", "length": 110.0,
                            "width": 6.0,
                            "float": {"length": 20.0, "width": 10.0, "layout": "L",
                                      "side": "right"}}},
    "footprint": {"footprint": [("walkway", rect(-3, 0, 3, 90)),
                                ("ramp", rect(-2, 90, 2, 110)),
                                ("float", rect(-17, 110, 3, 120))]},
}


def _measure(**kw):
    kw.setdefault("left_angle", 10.0)
    kw.setdefault("right_angle", -5.0)
    kw.setdefault("channels", [rect(-500, 180, 500, 400), rect(70, 20, 300, 60)])
    kw.setdefault("docks", [rect(150, 0, 156, 110)])
    with tempfile.TemporaryDirectory() as d:
        site = make_site(Path(d), **kw)
        return dockreview.review(dockreview.load_site(str(site.manifest))).measurements


_BASE: dict[str, dict] = {}


def base(kind):
    if kind not in _BASE:
        _BASE[kind] = _measure(**DOCKS[kind])
    return _BASE[kind]


def assert_same(got, want, swap=False):
    for k in MEASUREMENT_KEYS:
        w = want[k]
        if swap and k == "setback_left_ft":
            w = want["setback_right_ft"]
        elif swap and k == "setback_right_ft":
            w = want["setback_left_ft"]
        if w is None:
            assert got[k] is None, k
        else:
            assert got[k] == pytest.approx(w, abs=TOL), (k, got[k], w)


def test_base_site_is_asymmetric():
    # sanity of the fixture: left and right setbacks differ, so the mirror test means something
    for kind in DOCKS:
        m = base(kind)
        assert abs(m["setback_left_ft"] - m["setback_right_ft"]) > 1.0
        assert m["frontage_ft"] == pytest.approx(200.0, abs=0.05)


kinds = st.sampled_from(sorted(DOCKS))


@SETTINGS
@given(kind=kinds, dx=st.floats(-30000, 30000), dy=st.floats(-30000, 30000))
def test_translation_invariance(kind, dx, dy):
    got = _measure(origin=(KINGS_POINT[0] + dx, KINGS_POINT[1] + dy), **DOCKS[kind])
    assert_same(got, base(kind))


@SETTINGS
@given(kind=kinds, rotation=st.floats(0.0, 360.0, exclude_max=True))
def test_rotation_invariance(kind, rotation):
    got = _measure(rotation=rotation, **DOCKS[kind])
    assert_same(got, base(kind))


@SETTINGS
@given(kind=kinds,
       crs=st.sampled_from(["EPSG:32618", "EPSG:26918", "EPSG:4326", "EPSG:6539",
                            "EPSG:32118", "EPSG:3857"]),
       fmt=st.sampled_from(["shp", "gpkg", "geojson"]))
def test_storage_crs_invariance(kind, crs, fmt):
    got = _measure(crs=crs, fmt=fmt, **DOCKS[kind])
    assert_same(got, base(kind))


@SETTINGS
@given(kind=kinds, rotation=st.floats(0.0, 360.0, exclude_max=True),
       dx=st.floats(-5000, 5000))
def test_mirror_swaps_left_and_right(kind, rotation, dx):
    # Mirroring every layer (x -> 2 x0 - x); a parametric L float's side is mirrored too.
    kw = dict(DOCKS[kind])
    plain = _measure(rotation=rotation, origin=(KINGS_POINT[0] + dx, KINGS_POINT[1]), **kw)
    mirrored = _measure(rotation=rotation, origin=(KINGS_POINT[0] + dx, KINGS_POINT[1]),
                        mirror=True, **kw)
    assert_same(plain, base(kind))
    assert_same(mirrored, base(kind), swap=True)
