"""No check passes when its input is missing.

One complete site carries every input of the article (a footprint dock with a
T float, a landing, a boat lift and two PWC lifts; soundings, vegetation,
channels, docks, the property class and every attribute), and every check
passes or goes to the Board. Then each input is removed in turn and the checks
that read it must say needs-data (or not-applicable when the removed thing is a
part of the dock, or an error when it is a required layer); none may pass.
"""

from __future__ import annotations

import copy

import pytest

import dockreview
from support import ordinance_sites as osites
from support.sitegen import dumps_toml, make_site, rect

WALKWAY = ("walkway", rect(-3, 0, 3, 110))
FLOAT = ("float", rect(-10, 110, 10, 120))
LANDING = ("landing", rect(-4, -6, 4, 0))
LIFTS = [("boat_lift", rect(6, 60, 18, 100)), ("pwc_lift", rect(-16, 70, -8, 80)), ("pwc_lift", rect(-16, 85, -8, 95))]
FOOTPRINTS = {
    "full": [WALKWAY, FLOAT, LANDING, *LIFTS],
    "no_float": [WALKWAY, LANDING, *LIFTS],
    "no_landing": [WALKWAY, FLOAT, *LIFTS],
    "no_lifts": [WALKWAY, FLOAT, LANDING],
}
ATTRIBUTES = {**osites.GOOD_ATTRIBUTES, "locker_height_in": 30.0, "lighting_height_in": 30.0,
              "structures": ["railing", "locker", "lighting"], "lift_boat_length_ft": 30.0,
              "lift_boat_weight_lb": 12000.0, "lift_boat_height_above_deck_ft": 6.0, "pwc_lift_capacity_lb": 1200.0}


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    site = make_site(tmp_path_factory.mktemp("full"), rotation=25.0, footprint=FOOTPRINTS["full"],
                     channels=[rect(-500, 180, 500, 400)], docks=[rect(150, 0, 156, 110)])
    osites.complete(site, attributes=ATTRIBUTES)
    layers = {name: osites.write_footprint(site, parts, layer=name) for name, parts in FOOTPRINTS.items()}
    site.rewrite(dock={"file": layers["full"], "season": ["04-15", "10-31"]})
    return site


def drop(table, key=None):
    def edit(doc):
        if key is None:
            doc.pop(table)
        else:
            doc[table].pop(key)
    return edit


def drop_attribute(key):
    def edit(doc):
        doc["dock"]["attributes"].pop(key)
    return edit


def drop_attributes(doc):
    doc["dock"]["attributes"] = {}


def drop_soundings(doc):
    doc["layers"].pop("soundings")
    doc.pop("soundings")


def footprint(name):
    def edit(doc):
        doc["dock"]["file"] = f"footprints.gpkg:{name}"
    return edit


NA, ND, BOARD = "not-applicable", "needs-data", "board"
ERROR = "error"
FLOAT_CHECKS = ("float-area", "float-position", "float-layout", "float-grounding", "float-vegetation", "float-deck-height")
LIFT_CHECKS = ("lift-count", "pwc-lift-count", "lift-boat-length", "lift-boat-weight",
               "lift-height", "lift-orientation", "lift-season", "lift-approval", "lift-findings")
ATTRIBUTE_CHECKS = {
    "components": "structures", "deck-height": "deck_height_above_mhw_ft",
    "float-deck-height": "float_deck_above_water_in", "locker-height": "locker_height_in",
    "materials": "materials", "treated-wood": "treated_wood", "plank-gap": "plank_gap_in",
    "solid-deck": "solid_deck", "railing-height": "railing_height_in",
    "railing-openness": "railing_open_fraction", "railing-rails": "railing_rails",
    "railing-post-spacing": "railing_post_spacing_ft", "railing-material": "railing_material",
    "canopy": "canopy", "lighting-height": "lighting_height_in", "lift-boat-length": "lift_boat_length_ft",
    "lift-boat-weight": "lift_boat_weight_lb", "lift-height": "lift_boat_height_above_deck_ft",
}

# (what is removed, the edit, {check: the status it must then have})
REMOVALS = [
    ("mhw layer", drop("layers", "mhw"), dict.fromkeys(("frontage", "dock-on-lot", "side-setback", "reach", "width"), ERROR)),
    ("property class field", drop("parcel", "class_field"), {"single-family": ND}),
    ("docks layer", drop("layers", "docks"), {"one-dock": ND, "dock-clearance": ND, "board-navigation": BOARD}),
    ("use", drop("dock", "use"), {"recreational-use": ND}),
    ("vessel draft", drop("vessel"), {"navigable-reach": ND}),
    ("soundings", drop_soundings, {"navigable-reach": ND, "float-grounding": ND}),
    ("channels layer", drop("layers", "channels"), {"channel-clearance": ND, "board-navigation": BOARD}),
    ("float draft", drop("dock", "float_draft_ft"), {"float-grounding": ND}),
    ("vegetation layer", drop("layers", "vegetation"), {"float-vegetation": ND, "pile-driving": BOARD}),
    ("the float", footprint("no_float"), dict.fromkeys(FLOAT_CHECKS, NA)),
    ("the landing", footprint("no_landing"), {"landing-size": NA, "landing-necessity": NA}),
    ("the lifts", footprint("no_lifts"), dict.fromkeys(LIFT_CHECKS, NA)),
    ("lift season", drop("dock", "season"), {"lift-season": ND}),
    ("PWC lift capacity", drop_attribute("pwc_lift_capacity_lb"), {"lift-count": ND, "lift-orientation": ND}),
    ("lighting height", drop_attribute("lighting_height_in"), {"lighting-character": BOARD}),
    ("every attribute", drop_attributes, {check: ND for check in ATTRIBUTE_CHECKS} | {"lift-count": ND, "lift-orientation": ND, "lighting-character": BOARD}),
]


def review_without(site, label, edit):
    doc = copy.deepcopy(site.doc)
    edit(doc)
    path = site.dir / f"without-{label.replace(' ', '_')}.toml"
    path.write_text(dumps_toml(doc))
    try:
        return dockreview.review(dockreview.load_site(str(path)))
    except dockreview.ManifestError:
        return None


def test_the_full_site_passes_or_goes_to_the_board(full):
    r = dockreview.review(dockreview.load_site(str(full.manifest)))
    statuses = {c.id: c.status for c in r.checks}
    assert set(statuses.values()) == {"pass", "board"}, statuses
    assert r.verdict == "compliant"
    # each attribute check reads its own attribute: its value is that attribute's
    for check, key in ATTRIBUTE_CHECKS.items():
        value = ATTRIBUTES[key]
        if isinstance(value, float) and check != "railing-openness":
            assert r.check(check).value == value, check
    assert r.check("railing-openness").value == pytest.approx(15.0)  # 100 * (1 - 0.85) percent occupied


def test_every_check_is_walked(full):
    r = dockreview.review(dockreview.load_site(str(full.manifest)))
    walked = {check for _, _, expected in REMOVALS for check in expected}
    assert walked == {c.id for c in r.checks}


@pytest.mark.parametrize("label, edit, expected", REMOVALS, ids=[r[0] for r in REMOVALS])
def test_no_check_passes_without_its_input(full, label, edit, expected):
    r = review_without(full, label, edit)
    for check, status in expected.items():
        if status == ERROR:
            assert r is None, f"{check} reviewed without the {label}"
        else:
            assert r.check(check).status == status, (check, r.check(check))
