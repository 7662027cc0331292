"""Float layouts (Docks D(2)(c)[4]) and boat lifts (Boat lifts A-E), known by construction.

Footprint docks in the local frame of tests/sitegen.py (shore v = 0, seaward +v,
lot u -100..100): a walkway u -3..3, v 0..110, and a float or lifts placed so
that every angle and count is known.
"""

from __future__ import annotations

import pytest
from shapely import affinity

import dockreview
from support import ordinance_sites as osites
from support.sitegen import make_site, rect

WALKWAY = ("walkway", rect(-3, 0, 3, 110))


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """A complete site (shore rotated 25 deg) whose dock each test replaces."""
    site = make_site(tmp_path_factory.mktemp("layout"), rotation=25.0, footprint=[WALKWAY])
    osites.complete(site)
    return site


def review_footprint(base, request, parts, *, attributes=None, **dock):
    """Review ``base`` with the footprint ``WALKWAY + parts`` and ``dock`` keys."""
    name = request.node.name.translate(str.maketrans("[]-. ", "_____"))
    layer = osites.write_footprint(base, [WALKWAY, *parts], layer="dock", name=f"{name}.gpkg")
    dock = {**base.doc["dock"], "file": layer, **dock,
            "attributes": {**osites.GOOD_ATTRIBUTES, **(attributes or {})}}
    return dockreview.review(dockreview.load_site(osites.variant(base, name, dock=dock)))


@pytest.mark.parametrize(
    "float_part, layout, angle, status",
    [
        (rect(-4, 110, 4, 130), "I", 0.0, "pass"),            # 8 x 20 along the axis
        (rect(-10, 110, 10, 120), "T", 90.0, "pass"),         # 20 x 10 across, centred
        (rect(-3, 110, 17, 120), "L", 90.0, "pass"),          # across, flush with the walkway's edge
        (affinity.rotate(rect(-10, 112, 10, 120), 45.0, origin=(0, 116)), "I", 45.0, "fail"),  # the nearest shape; 45 deg off
        (affinity.rotate(rect(-4, 110, 4, 130), 20.0, origin=(0, 110)), "I", 20.0, "fail"),  # an I 20 deg off: past the 15 deg tolerance
    ],
)
def test_float_layouts(base, request, float_part, layout, angle, status):
    r = review_footprint(base, request, [("float", float_part)])
    assert r.measurements.float_layout == layout
    assert r.measurements.float_angle_deg == pytest.approx(angle, abs=1e-3)
    assert r.check("float-layout").status == status
    assert r.check("float-layout").value == pytest.approx(min(angle, 90.0 - angle), abs=1e-3)


def test_two_touching_floats_are_one_assembly(base, request):
    # a T float u -10..10 and a piece u -20..-10 beside it: one 30 x 10 assembly across the axis, a T
    r = review_footprint(base, request, [("float", rect(-10, 110, 10, 120)), ("float", rect(-20, 110, -10, 118))])
    assert r.measurements.float_layout == "T"


LIFT = rect(6, 60, 18, 100)  # 12 x 40, long axis along v: square to the shore


@pytest.mark.parametrize("turn, status", [(0.0, "pass"), (30.0, "fail")])
def test_lift_orientation_against_the_shore_normal(base, request, turn, status):
    lift = affinity.rotate(LIFT, turn, origin="centroid")
    r = review_footprint(base, request, [("boat_lift", lift)],
                         attributes={"lift_boat_length_ft": 30.0, "lift_boat_weight_lb": 12000.0,
                                     "lift_boat_height_above_deck_ft": 6.0}, season=["04-15", "10-31"])
    assert r.measurements.lift_angle_deg == pytest.approx(abs(turn), abs=1e-3)
    c = r.check("lift-orientation")
    assert c.status == status and c.value == pytest.approx(abs(turn), abs=1e-3)
    assert r.check("lift-approval").status == "board"
    assert r.check("lift-findings").status == "board"
    assert r.check("lift-count").status == "pass"


def test_lift_orientation_on_a_curved_shore_uses_the_normal_at_the_root(tmp_path):
    # a headland (R = 500 ft): the shore normal at the root (0, 0) is +v; a lift along +v is square
    site = make_site(tmp_path, curved={"radius": 500.0, "theta": 40.0}, lot_depth=150.0,
                     footprint=[WALKWAY, ("boat_lift", LIFT)])
    r = dockreview.review(dockreview.load_site(str(site.manifest)))
    assert r.measurements.lift_angle_deg == pytest.approx(0.0, abs=0.1)


PWC = [("pwc_lift", rect(-16, 70, -8, 80)), ("pwc_lift", rect(-16, 85, -8, 95))]


@pytest.mark.parametrize("capacity, count, pwc_count", [(1300.0, "pass", "pass"), (1500.0, "fail", "pass")])
def test_pwc_lifts_over_1300_lb_count_as_boat_lifts(base, request, capacity, count, pwc_count):
    r = review_footprint(base, request, [("boat_lift", LIFT), *PWC],
                         attributes={"pwc_lift_capacity_lb": capacity, "lift_boat_length_ft": 30.0,
                                     "lift_boat_weight_lb": 12000.0, "lift_boat_height_above_deck_ft": 6.0},
                         season=["04-01", "11-30"])
    heavy = capacity > 1300.0
    assert r.check("lift-count").value == (3.0 if heavy else 1.0)
    assert r.check("lift-count").status == count
    assert r.check("pwc-lift-count").value == (0.0 if heavy else 2.0)
    assert r.check("pwc-lift-count").status == pwc_count
    # the Definitions define a class, they prohibit nothing: no check fails a lift for its capacity
    assert not any("capacity" in c.id for c in r.checks)


#: One PWC lift, its long axis 20 deg off the shore normal (the shore is square to the walkway; the limit is 15 deg).
TURNED_PWC = ("pwc_lift", affinity.rotate(rect(-16, 70, -8, 90), 20.0, origin=(-12, 80)))


@pytest.mark.parametrize("capacity, lifts, orientation", [(1300.0, 0.0, "not-applicable"), (1500.0, 1.0, "fail")])
def test_a_1500_lb_pwc_lift_as_the_only_lift_is_one_lawful_boat_lift(base, request, capacity, lifts, orientation):
    """Kings Point's Definitions: a PWC lift is one "not capable of lifting more than 1,300 pounds"; Boat lifts A
    allows one boat lift. A 1,500-lb lift is that boat lift: lawful in number, held to C(3)'s orientation."""
    r = review_footprint(base, request, [TURNED_PWC],
                         attributes={"pwc_lift_capacity_lb": capacity, "lift_boat_length_ft": 30.0,
                                     "lift_boat_weight_lb": 1400.0, "lift_boat_height_above_deck_ft": 6.0},
                         season=["04-01", "11-30"])
    assert (r.check("lift-count").value, r.check("lift-count").status) == (lifts, "pass")
    assert r.check("pwc-lift-count").status == "pass"
    assert r.check("lift-orientation").status == orientation
    if orientation == "fail":
        assert r.check("lift-orientation").value == pytest.approx(20.0, abs=0.01)
    assert "fail" not in {c.status for c in r.checks if c.id.startswith("lift-") and c.id != "lift-orientation"}


def test_three_pwc_lifts_and_two_boat_lifts_fail(base, request):
    parts = [("boat_lift", LIFT), ("boat_lift", rect(-18, 20, -6, 60)), *PWC, ("pwc_lift", rect(8, 20, 16, 30))]
    r = review_footprint(base, request, parts, attributes={"pwc_lift_capacity_lb": 1000.0})
    assert (r.check("lift-count").value, r.check("lift-count").status) == (2.0, "fail")
    assert (r.check("pwc-lift-count").value, r.check("pwc-lift-count").status) == (3.0, "fail")


@pytest.mark.parametrize(
    "season, status",
    [(["04-01", "11-30"], "pass"), (["03-31", "10-01"], "fail"), (["11-01", "04-30"], "fail")],
)
def test_lift_season(base, request, season, status):
    r = review_footprint(base, request, PWC, attributes={"pwc_lift_capacity_lb": 1000.0}, season=season)
    assert r.check("lift-season").status == status


@pytest.mark.parametrize("length, height, status", [(50.0, 8.0, "pass"), (50.5, 8.5, "fail")])
def test_lifted_boat_limits(base, request, length, height, status):
    r = review_footprint(base, request, [("boat_lift", LIFT)], season=["05-01", "10-31"],
                         attributes={"lift_boat_length_ft": length, "lift_boat_weight_lb": 40000.0,
                                     "lift_boat_height_above_deck_ft": height})
    assert r.check("lift-boat-length").status == status
    assert r.check("lift-height").status == status
    assert r.check("lift-boat-weight").status == "pass"  # 40,000 lb is the limit itself


def test_landing_measured_from_its_component(base, request):
    # a 10 x 6 landing: 10 ft long exceeds 8 ft (Docks G); the Board judges its necessity
    r = review_footprint(base, request, [("landing", rect(-5, -6, 5, 0))])
    m = r.measurements
    assert (m.landing_length_ft, m.landing_width_ft) == (pytest.approx(10.0, abs=1e-3), pytest.approx(6.0, abs=1e-3))
    assert r.check("landing-size").status == "fail"
    assert r.check("landing-necessity").status == "board"
