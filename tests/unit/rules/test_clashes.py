"""Rules that clash inside one profile, found from the rules' own numbers; the lots they name, by hand.

A side setback of max(a × frontage, m) on each side leaves a band of f - 2 max(a f, m) at the MHW line: none
while f <= 2 m (the m floor governs while a f <= m, and a < 0.5) -- or on every lot when a >= 0.5. A minimum
frontage F admits the lots of F and more; they clash on F <= f <= 2 m. The screen, a second method, draws the
setback strips on real lots (EPSG:2263 and EPSG:32618) and finds no band on exactly those lots.
"""

from __future__ import annotations

import json
import math
from importlib import resources

import geopandas as gpd
import numpy as np
import pytest
import shapely
from click.testing import CliRunner
from shapely import affinity

from dockreview.cli import main
from dockreview.profile import load_profile, parse_profile, profile_names
from dockreview.rules import ruleset
from dockreview.rules.clashes import DENIED, NO_PROTRUSION, NO_WATER, UNREACHED, clashes

LAW_B = "No dock shall be built on a lot with less than 100 feet of shoreline frontage."
LAW_C = "Docks shall be set back from each side line by 40 percent of the frontage or 75 feet, whichever is greater."
#: A profile built to clash (issue 31): its setbacks leave no water on any lot under 150 ft, its minimum is 100 ft.
TOWN = f"""
[profile]
id = "clash-town"
name = "Clash Town dock law"
jurisdiction = "Town of Clash"

[values.min_frontage_ft]
value = 100.0
unit = "ft"
section = "§4(B)"
text = "{LAW_B}"

[values.setback_fraction]
value = 0.4
unit = "fraction"
section = "§4(C)"
text = "{LAW_C}"

[values.min_setback_ft]
value = 75.0
unit = "ft"
section = "§4(C)"
text = "{LAW_C}"

[checks.chk-front]
kind = "frontage"
section = "§4(B)"
title = "Minimum frontage"
limit = "min_frontage_ft"

[checks.chk-sides]
kind = "side-setback"
section = "§4(C)"
title = "Side setbacks"
fraction_of_frontage = "setback_fraction"
min_ft = "min_setback_ft"
"""


def _rules(**checks):
    return ruleset(parse_profile({"checks": checks}, "test"))


def _frontage(limit, section="B", **more):
    return {"kind": "frontage", "section": section, "title": "Frontage", "limit": limit, **more}


def _setback(fraction, least, **more):
    return {"kind": "side-setback", "section": "C", "title": "Side setbacks", "fraction_of_frontage": fraction, "min_ft": least, **more}


def test_the_profile_built_to_clash_names_every_lot_of_100_to_150_ft(tmp_path):
    (tmp_path / "town.toml").write_text(TOWN, encoding="utf-8")
    [clash] = clashes(ruleset(load_profile(tmp_path / "town.toml")))
    assert clash.figure == "frontage" and clash.how == (NO_WATER,)
    assert clash.low_ft == pytest.approx(100.0, abs=0.01) and clash.high_ft == pytest.approx(150.0, abs=0.01)
    assert [(c.section, c.title, c.law) for c in clash.admitting] == [("§4(B)", "Minimum frontage", LAW_B)]
    assert [(c.section, c.title, c.law) for c in clash.barring] == [("§4(C)", "Side setbacks", LAW_C)]
    assert "every lot with 100.0 to 150.0 ft of frontage" in clash.text
    assert "75.0 ft from each side line, 150.0 ft of the frontage in all: no water is left" in clash.text


@pytest.mark.parametrize(
    ("fraction", "least", "minimum", "expected"),
    [
        (0.4, 60.0, 100.0, (100.0, 120.0)),  # the band f - 120 is none up to 120 ft; 0.4 f governs only from 150 ft
        (0.45, 80.0, 120.0, (120.0, 160.0)),  # f - 160 up to 160 ft; 0.45 f governs from 177.8 ft, leaving 0.1 f
        (0.5, 0.0, 100.0, (100.0, math.inf)),  # half the frontage from each side leaves nothing on any lot
        (0.4, 60.0, 150.0, None),  # Kings Point's numbers: at 150 ft 60 ft a side leaves 30 ft, then 0.2 f
        (0.4, 60.0, 120.0, (120.0, 120.0)),  # a lot of exactly 120 ft meets the minimum and has no band
    ],
)
def test_the_frontages_left_no_water_are_those_computed_by_hand(fraction, least, minimum, expected):
    found = clashes(_rules(front=_frontage(minimum), sides=_setback(fraction, least)))
    if expected is None:
        assert found == []
        return
    [clash] = found
    assert clash.low_ft == pytest.approx(expected[0], abs=0.01)
    assert clash.high_ft == pytest.approx(expected[1], abs=0.01)


def test_a_second_minimum_denies_what_the_first_admits_and_the_setbacks_are_named_where_they_bind():
    found = clashes(_rules(one=_frontage(100.0), two=_frontage(150.0, "B2"), sides=_setback(0.4, 60.0)))
    assert [(round(c.low_ft, 1), round(c.high_ft, 1), c.how) for c in found] == [
        (100.0, 120.0, (DENIED, NO_WATER)), (120.0, 150.0, (DENIED,)),
    ]
    assert [c.section for c in found[0].barring] == ["B2", "C"] and [c.section for c in found[1].barring] == ["B2"]
    assert all([c.section for c in clash.admitting] == ["B"] for clash in found)


def test_a_minimum_on_some_waters_clashes_there_only():
    [clash] = clashes(_rules(front=_frontage(50.0, waters=["river"]), sides=_setback(0.0, 40.0)))
    assert clash.waters == ("river",) and "where the lot fronts a river" in clash.text
    assert (round(clash.low_ft, 1), round(clash.high_ft, 1)) == (50.0, 80.0)


def test_a_width_to_keep_clear_leaves_no_protrusion_on_waterways_the_least_width_admits():
    # 20 ft to be kept clear: a dock may protrude W - 20 ft, nothing on waterways up to 20 ft; they may have one from 10 ft
    found = clashes(_rules(
        least={"kind": "waterway-min-width", "section": "W", "title": "Least width", "limit": 10},
        clear={"kind": "waterway-clear-width", "section": "K", "title": "Clear width", "min_ft": 20},
        share={"kind": "waterway-protrusion", "section": "P", "title": "Share", "fraction": 0.25},
    ))
    [clash] = found
    assert clash.figure == "waterway width" and clash.how == (NO_PROTRUSION,)
    assert (round(clash.low_ft, 1), round(clash.high_ft, 1)) == (10.0, 20.0)
    assert [c.section for c in clash.barring] == ["K"] and "every waterway 10.0 to 20.0 ft wide" in clash.text


def test_a_layers_frontages_are_counted_and_a_minimum_no_lot_reaches_is_a_clash(tmp_path):
    rules = _rules(front=_frontage(100.0), sides=_setback(0.4, 75.0))
    [clash] = clashes(rules, [90.0, 110.0, 140.0, 150.0, 151.0, 400.0, np.nan])
    assert clash.lots == 3 and "(3 lots of the layer)" in clash.text  # 110, 140 and 150 ft
    [short] = clashes(ruleset("kings-point-ny"), [80.0, 140.0, 120.0])
    assert short.how == (UNREACHED,) and short.lots == 3 and [c.section for c in short.barring] == ["Docks B"]
    assert "the greatest frontage of its 3 lots is 140.0 ft" in short.text


@pytest.mark.parametrize("name", profile_names())
def test_no_shipped_profile_clashes(name):
    """By hand: Kings Point's 150-ft minimum leaves 30 ft at 150 ft and 0.2 f beyond; Pembroke Pines' 100-ft least
    width admits waterways on which 10 % (at most 20 ft) is more than nothing; South Carolina's 10-ft least width
    has no protrusion limit; no other profile has a minimum frontage or a least width."""
    assert clashes(name) == []


def test_kings_point_with_a_100_ft_minimum_clashes_on_100_to_120_ft(tmp_path):
    text = resources.files("dockreview.rules.profiles").joinpath("kings-point-ny.toml").read_text("utf-8")
    lowered = text.replace("[values.min_frontage_ft]\nvalue = 150.0", "[values.min_frontage_ft]\nvalue = 100.0", 1)
    assert lowered != text
    (tmp_path / "kp.toml").write_text(lowered, encoding="utf-8")
    [clash] = clashes(ruleset(load_profile(tmp_path / "kp.toml")))
    assert (round(clash.low_ft, 1), round(clash.high_ft, 1)) == (100.0, 120.0)
    assert [c.section for c in clash.admitting] == ["Docks B"] and [c.section for c in clash.barring] == ["Docks C"]
    assert "60.0 ft from each side line, 120.0 ft of the frontage in all" in clash.text


# -- the command line ----------------------------------------------------------------------------------------------
def test_profiles_check_exits_1_on_a_clash_0_on_none_2_on_a_bad_profile(tmp_path):
    (tmp_path / "town.toml").write_text(TOWN, encoding="utf-8")
    run = CliRunner().invoke(main, ["profiles", "check", str(tmp_path / "town.toml")])
    assert run.exit_code == 1, run.output
    assert "1 clash" in run.output and "100.0 to 150.0 ft" in run.output and LAW_B in run.output
    assert "chk-" not in run.output and "side-setback" not in run.output  # no check id, no rule kind
    out = CliRunner().invoke(main, ["profiles", "check", str(tmp_path / "town.toml"), "--json"])
    assert out.exit_code == 1
    [clash] = json.loads(out.output)["clashes"]
    assert clash["low_ft"] == pytest.approx(100.0, abs=0.01) and clash["high_ft"] == pytest.approx(150.0, abs=0.01)
    assert [c["section"] for c in clash["admitting"] + clash["barring"]] == ["§4(B)", "§4(C)"]
    assert "chk-" not in out.output
    none = CliRunner().invoke(main, ["profiles", "check", "kings-point-ny"])
    assert none.exit_code == 0 and "no rules clash" in none.output
    bad = CliRunner().invoke(main, ["profiles", "check", "kings-point"])
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1
    shown = CliRunner().invoke(main, ["profiles", "kings-point-ny"])  # one profile's checks, as before
    assert shown.exit_code == 0 and "checks:" in shown.output


# -- a second method: the screen draws the setbacks on real lots ---------------------------------------------------------
ORIGINS = {"EPSG:2263": (1_050_000.0, 220_000.0, 1.0), "EPSG:32618": (600_000.0, 4_520_000.0, 0.3048)}
WIDTHS = (60.0, 90.0, 110.0, 140.0, 149.0, 160.0, 200.0, 60.0)


def _shore(folder, crs):
    """Lots side by side on a straight shore, their side lines square to it, turned 25 degrees."""
    x0, y0, unit = ORIGINS[crs]
    edges = np.r_[0.0, np.cumsum(WIDTHS)]
    lots = [shapely.box(a, -150.0, b, 0.0) for a, b in zip(edges[:-1], edges[1:])]
    mhw = shapely.LineString([(-300.0, 0.0), (edges[-1] + 300.0, 0.0)])

    def place(g):
        return affinity.translate(affinity.scale(affinity.rotate(g, 25, origin=(0, 0)), unit, unit, origin=(0, 0)), x0, y0)

    path = folder / "shore.gpkg"
    ids = [f"L{k}" for k in range(len(WIDTHS))]
    gpd.GeoDataFrame({"PARCEL_ID": ids}, geometry=[place(g) for g in lots], crs=crs).to_file(path, layer="parcels")
    gpd.GeoDataFrame(geometry=[place(mhw)], crs=crs).to_file(path, layer="mhw")
    return path


@pytest.mark.parametrize("crs", list(ORIGINS))
def test_the_screen_finds_no_water_on_exactly_the_lots_the_clash_names(tmp_path, crs):
    (tmp_path / "town.toml").write_text(TOWN, encoding="utf-8")
    layers, out = _shore(tmp_path, crs), tmp_path / "screen.gpkg"
    run = CliRunner().invoke(main, [
        "-q", "screen", "--parcels", f"{layers}:parcels", "--mhw", f"{layers}:mhw", "--id-field", "PARCEL_ID",
        "--profile", str(tmp_path / "town.toml"), "-o", str(out),
    ])
    assert run.exit_code == 0, run.output
    lots = gpd.read_file(out, layer="parcels").set_index("parcel_id").loc[[f"L{k}" for k in range(len(WIDTHS))]]
    assert lots["frontage_ft"].to_numpy() == pytest.approx(WIDTHS, abs=0.01)
    admitted = lots["frontage_ft"] >= 100.0
    no_water = lots.index[admitted & (lots["band_width_ft"] <= 0.0)].tolist()
    assert no_water == ["L2", "L3", "L4"]  # 110, 140 and 149 ft: by hand
    [clash] = clashes(ruleset(load_profile(tmp_path / "town.toml")), lots["frontage_ft"].to_numpy())
    assert clash.lots == 3
