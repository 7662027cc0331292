"""``compare``: two laws over one shore, against answers worked by hand (issue 31).

The county is built here, in feet on a straight shore (the MHW line ``y = 0``, the water at ``y > 0``): a row of
waterfront lots 200 ft deep whose frontages are known (:data:`FRONTAGES`), most of property class 210, two of 311,
and behind each a lot with no water. Two existing T docks stand centred on the two widest lots: one reaching
:data:`LONG_DOCK_FT`, one :data:`SHORT_DOCK_FT`. The layers are placed in EPSG:2263 (US survey feet) and in
EPSG:32618 (metres), every length divided by the CRS's feet per unit.

By hand, under Kings Point (Docks B: frontage at least 150 ft; Docks C: a setback of max(40 % of the frontage,
60 ft) from each side line; Docks D(1): reach at most 200 ft):

* a lot of class 210 with at least 150 ft of frontage has a band 0.2 x frontage wide: it may have a dock;
* with 50 % of the frontage instead, the band is frontage - 2 x max(0.5 f, 60) <= 0 on every lot: every lot that
  may have a dock loses it, and the setback's outcome differs on exactly those lots (on a lot of 120 ft or less
  both laws require 60 ft; a lot no law lets have a dock is not named for a limit);
* with a reach of 150 ft instead of 200 ft, no lot loses a dock, the greatest reach of every eligible lot (a
  straight shore, nothing in the water near it) falls from 200 to 150 ft; two checks read that number (the reach,
  and the navigable reach's cap), and both are named on exactly the eligible lots; the dock reaching 170 ft is made
  nonconforming by the reach check (the navigable reach needs soundings, which the audit does not have); the one
  reaching 100 ft conforms under both.

The draft profiles are the shipped Kings Point TOML with one number edited.
"""

from __future__ import annotations

import dataclasses
import re
import warnings
from importlib import resources
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import pytest
import shapely
from click.testing import CliRunner
from pyproj import CRS

from dockreview.batch.audit import audit_docks, audit_docks_each
from dockreview.batch.compare import compare
from dockreview.batch.layers import ScreenLayers
from dockreview.batch.screen import screen
from dockreview.cli import main
from dockreview.errors import DockReviewWarning
from dockreview.inputs import crs as crs_mod
from dockreview.outputs.compare_map import plot_compare_map
from dockreview.profile import load_profile
from dockreview.testing.counties import county

FRONTAGES = (100.0, 130.0, 150.0, 160.0, 200.0, 240.0, 300.0, 120.0, 180.0, 220.0, 149.0, 151.0, 400.0, 250.0)
CLASSES = ("210",) * 5 + ("311",) + ("210",) * 7 + ("311",)
DEPTH_FT = 200.0
LONG_DOCK_FT, SHORT_DOCK_FT = 170.0, 100.0
WALK_WIDTH_FT, FLOAT_FT = 6.0, (16.0, 8.0)
ORIGINS = {"EPSG:2263": (1_040_000.0, 220_000.0), "EPSG:32618": (600_000.0, 4_520_000.0)}
LAW = "kings-point-ny"
#: The checks that read Kings Point's max_reach_ft and that these layers can decide: the plain reach (the navigable reach
#: reads it too, but needs soundings and a vessel draft, which these layers lack: the screen does not decide it).
REACH_RULES = "reach"


def _lefts() -> np.ndarray:
    return np.concatenate([[0.0], np.cumsum(FRONTAGES)[:-1]])


def _dock(centre: float, reach: float) -> list:
    """A T dock's walkway and float (local ft), the float's seaward edge ``reach`` ft from the shore."""
    walk = shapely.box(centre - WALK_WIDTH_FT / 2, 0.0, centre + WALK_WIDTH_FT / 2, reach - FLOAT_FT[1])
    floating = shapely.box(centre - FLOAT_FT[0] / 2, reach - FLOAT_FT[1], centre + FLOAT_FT[0] / 2, reach)
    return [walk, floating]


def _county(crs: str) -> dict[str, gpd.GeoDataFrame]:
    """The layers in ``crs``: parcels (PIN, CLASS), the MHW line, the docks (dock_id, component)."""
    per_unit = crs_mod.feet_per_unit(CRS.from_user_input(crs))
    ox, oy = ORIGINS[crs]

    def place(geoms):
        return [shapely.transform(g, lambda xy: np.column_stack([ox + xy[:, 0] / per_unit, oy + xy[:, 1] / per_unit])) for g in geoms]

    lefts = _lefts()
    front = [shapely.box(x, -DEPTH_FT, x + f, 0.0) for x, f in zip(lefts, FRONTAGES)]
    back = [shapely.box(x, -DEPTH_FT - 150.0, x + f, -DEPTH_FT) for x, f in zip(lefts, FRONTAGES)]
    parcels = gpd.GeoDataFrame(
        {"PIN": [f"W{i}" for i in range(len(front))] + [f"B{i}" for i in range(len(back))], "CLASS": list(CLASSES) * 2},
        geometry=place(front + back), crs=crs,
    )
    total = float(sum(FRONTAGES))
    mhw = gpd.GeoDataFrame(geometry=place([shapely.LineString([(-300.0, 0.0), (total + 300.0, 0.0)])]), crs=crs)
    wide = np.argsort(FRONTAGES)[::-1][:2]  # the long dock on the widest lot, the short one on the next
    docks = []
    for lot, (name, reach) in zip(wide, (("long", LONG_DOCK_FT), ("short", SHORT_DOCK_FT))):
        docks += [(name, part, g) for part, g in zip(("walkway", "float"), _dock(lefts[lot] + FRONTAGES[lot] / 2, reach))]
    dock_frame = gpd.GeoDataFrame(
        {"dock_id": [d[0] for d in docks], "component": [d[1] for d in docks]}, geometry=place([d[2] for d in docks]), crs=crs,
    )
    return {"parcels": parcels, "mhw": mhw, "docks": dock_frame}


def _edited(tmp: Path, name: str, value_key: str, new: float) -> Path:
    """The shipped Kings Point profile with ``[values.<value_key>] value`` set to ``new``, written to ``tmp/name``."""
    text = resources.files("dockreview.rules.profiles").joinpath(f"{LAW}.toml").read_text("utf-8")
    pattern = rf"(\[values\.{value_key}\]\nvalue = )[0-9.]+"
    edited, n = re.subn(pattern, rf"\g<1>{new!r}", text)
    assert n == 1
    path = tmp / name
    path.write_text(edited, encoding="utf-8")
    return path


def _edited_twice(tmp: Path) -> Path:
    """Kings Point with a minimum frontage of 120 ft and a reach of 150 ft."""
    first = _edited(tmp, "frontage120.toml", "min_frontage_ft", 120.0)
    text = re.sub(r"(\[values\.max_reach_ft\]\nvalue = )[0-9.]+", r"\g<1>150.0", first.read_text(encoding="utf-8"))
    path = tmp / "two.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def drafts(tmp_path_factory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("drafts")
    return {
        "setback": _edited(tmp, "setback50.toml", "setback_fraction_of_frontage", 0.5),
        "reach": _edited(tmp, "reach150.toml", "max_reach_ft", 150.0),
        "setback45": _edited(tmp, "setback45.toml", "setback_fraction_of_frontage", 0.45),
        "two": _edited_twice(tmp),
    }


def _layers(frames: dict, crs: str) -> ScreenLayers:
    working = CRS.from_user_input(crs)
    mhw = shapely.line_merge(shapely.union_all(frames["mhw"].geometry.values))
    return ScreenLayers(frames["parcels"], mhw, None, frames["docks"], working, crs_mod.feet_per_unit(working))


def _compare(crs: str, draft) -> object:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        return compare(_layers(_county(crs), crs), law=LAW, draft=draft, id_field="PIN", class_field="CLASS",
                       dock_id_field="dock_id", workers=1)


@pytest.fixture(scope="module", params=sorted(ORIGINS))
def results(request, drafts) -> dict:
    return {"crs": request.param, **{key: _compare(request.param, draft) for key, draft in
                                     (("same", LAW), ("setback", drafts["setback"]), ("reach", drafts["reach"]))}}


def _by_hand() -> pd.DataFrame:
    f = np.array(FRONTAGES)
    eligible = (f >= 150.0) & (np.array(CLASSES) == "210")
    return pd.DataFrame({"parcel_id": [f"W{i}" for i in range(len(f))], "frontage": f, "eligible": eligible})


def test_same_law_twice_changes_nothing(results):
    lots, docks = results["same"].lots, results["same"].docks
    hand = _by_hand()
    assert lots["parcel_id"].tolist() == hand["parcel_id"].tolist()  # the waterfront lots only
    assert lots["eligible_law"].tolist() == hand["eligible"].tolist() == lots["eligible_draft"].tolist()
    assert (lots["rule"] == "").all() and len(results["same"].summary()) == 0
    assert not docks["status"].str.startswith("made").any()


def test_setback_of_half_the_frontage_takes_every_dock(results):
    lots = results["setback"].lots
    hand = _by_hand()
    assert lots["eligible_law"].tolist() == hand["eligible"].tolist()
    assert not lots["eligible_draft"].any()
    assert lots.loc[lots["change"] == "loses a dock", "parcel_id"].tolist() == hand.loc[hand["eligible"], "parcel_id"].tolist()
    assert lots["rule"].tolist() == np.where(hand["eligible"], "side-setback", "").tolist()
    summary = results["setback"].summary()
    assert summary[["section", "title", "lots lose a dock", "lots gain a dock"]].values.tolist() == [
        ["Docks C", "Side setback", int(hand["eligible"].sum()), 0]]


def test_reach_cap_of_150_ft_shortens_every_envelope_and_names_the_long_dock(results):
    comparison = results["reach"]
    lots, docks = comparison.lots, comparison.docks
    hand = _by_hand()
    assert (lots["change"] != "loses a dock").all() and (lots["change"] != "gains a dock").all()
    assert lots["rule"].tolist() == np.where(hand["eligible"], REACH_RULES, "").tolist()
    eligible = lots[lots["eligible_law"]]
    assert eligible["greatest_reach_law_ft"].to_numpy() == pytest.approx(200.0, abs=0.05)
    assert eligible["greatest_reach_draft_ft"].to_numpy() == pytest.approx(150.0, abs=0.05)
    by_dock = docks.set_index("dock_id")
    assert by_dock.loc["long", ["conforming_law", "conforming_draft", "rule", "status"]].tolist() == [
        True, False, "reach", "made nonconforming"]
    assert by_dock.loc["short", ["conforming_law", "conforming_draft", "rule", "status"]].tolist() == [
        True, True, "", "conforming under both"]
    assert by_dock.loc["long", "parcel_id"] == f"W{int(np.argmax(FRONTAGES))}"
    summary = comparison.summary()
    assert summary[["section", "lots lose a dock", "lots changed", "docks made nonconforming"]].values.tolist() == [
        ["Docks D(1)", 0, int(hand["eligible"].sum()), 1]]  # the navigable reach, undecided without soundings, not listed


def test_two_numbers_name_their_rules_in_the_profiles_order(drafts):
    """Frontage at least 120 ft and reach 150 ft. By hand: the 130 and 149 ft lots of class 210 gain a dock (bands of
    10 and 29 ft), decided by the frontage; the 120 ft lot passes the frontage now but its band is 120 - 2 x 60 = 0,
    so it stays without one, named for the frontage alone (a limit is named only on a lot some law lets have a dock);
    every lot that has a dock under either law is named for both reach checks, after the frontage."""
    lots = _compare("EPSG:2263", drafts["two"]).lots.set_index("parcel_id")
    f = pd.Series(FRONTAGES, index=[f"W{i}" for i in range(len(FRONTAGES))])
    gains = lots.index[lots["change"] == "gains a dock"].tolist()
    assert gains == ["W1", "W10"] and f[gains].tolist() == [130.0, 149.0]
    assert lots.loc[gains, "rule"].tolist() == ["frontage; reach"] * 2
    assert lots.loc[gains, "decided_by"].tolist() == ["frontage"] * 2
    assert lots.loc["W7", ["rule", "change"]].tolist() == ["frontage", "eligible under neither"]


def test_the_map_legend_holds_the_tables_numbers(results):
    import matplotlib

    matplotlib.use("agg")
    import matplotlib.pyplot as plt

    comparison = results["setback"]
    fig, ax = plot_compare_map(comparison)
    try:
        texts = [t.get_text() for t in ax.get_legend().get_texts()]
    finally:
        plt.close(fig)
    changes = comparison.lots["change"].value_counts()
    statuses = comparison.docks["status"].value_counts()
    assert texts == [
        "lots that lose a dock: 8", "lots that gain a dock: 0", "lots eligible under both: 0", "lots eligible under neither: 6",
        "docks made nonconforming: 2",
    ]
    assert (changes["loses a dock"], changes["eligible under neither"], statuses["made nonconforming"]) == (8, 6, 2)
    assert comparison.docks["rule"].tolist() == ["side-setback", "side-setback"]


#: A check the draft adds to Kings Point whose limit reads the waterway's width, which a shore alone does not give.
WIDTH_CHECK = """
[values.test_protrusion_ft]
value = 20.0
unit = "ft"
section = "Draft 1"
text = "no dock shall protrude more than 20 feet into a waterway 100 feet or more wide"

[values.test_wide_ft]
value = 100.0
unit = "ft"
section = "Draft 1"
text = "no dock shall protrude more than 20 feet into a waterway 100 feet or more wide"

[checks.protrusion]
kind = "waterway-protrusion"
section = "Draft 1"
title = "Protrusion into the waterway"
max_ft = "test_protrusion_ft"
width_from_ft = "test_wide_ft"
measured_from = ["mhw"]
"""


def test_a_draft_that_needs_data_the_layers_lack_takes_no_dock_away(tmp_path):
    """Kings Point with a check added whose limit reads the waterway's width: on an open shore (no far bank, no
    width given) no lot's reach can be set, so every lot Kings Point lets have a dock needs data under the draft,
    and none is counted as losing it; the lots Kings Point refuses (frontage under 150 ft, class 311) stay refused
    under the draft, which keeps those rules. Each existing dock, conforming under Kings Point, needs data too."""
    text = resources.files("dockreview.rules.profiles").joinpath(f"{LAW}.toml").read_text("utf-8")
    draft = tmp_path / "width.toml"
    draft.write_text(text + WIDTH_CHECK, encoding="utf-8")
    comparison = _compare("EPSG:2263", draft)
    lots, docks, hand = comparison.lots, comparison.docks, _by_hand()
    assert lots["parcel_id"].tolist() == hand["parcel_id"].tolist()
    expected = np.where(hand["eligible"], "needs data to decide", "eligible under neither")
    assert lots["change"].tolist() == expected.tolist()
    assert (lots["decided_by"] == "").all() and not lots["eligible_draft"].any()
    assert lots.loc[hand["eligible"].to_numpy(), "reasons_draft"].str.startswith("needs data: ").all()
    assert docks.set_index("dock_id").loc[["long", "short"], ["verdict_law", "verdict_draft", "status"]].values.tolist() == [
        ["compliant", "incomplete", "needs data to decide"]] * 2
    summary = comparison.summary()
    assert summary["lots lose a dock"].sum() == 0 and summary["docks made nonconforming"].sum() == 0
    counts = comparison.counts()
    assert (counts["lots"]["loses a dock"], counts["lots"]["needs data to decide"], counts["lots"]["eligible under neither"]) == (
        0, int(hand["eligible"].sum()), int((~hand["eligible"]).sum()))
    assert "not reviewed" not in counts["lots"] and counts["docks"] == {"needs data to decide": 2}  # shown where any is


@pytest.mark.parametrize("edit", ["setback45", "reach"])
def test_one_riparian_pass_gives_each_laws_own_screen(drafts, edit):
    """On the synthetic county (wavy shores, channels, docks, lots measured one by one), each law's columns are its
    own screen's, lot by lot, and each dock's verdict its own audit's: drawing the side lines once, as far as the
    farther-reaching law needs, and measuring each dock once, changes nothing."""
    c = county(400, seed=3)
    layers = _layers({"parcels": c.parcels, "mhw": c.mhw, "docks": c.docks}, "EPSG:2263")
    layers = dataclasses.replace(layers, channels=c.channels)
    settings = dict(id_field="PARCEL_ID", class_field="PROP_CLASS", dock_id_field="dock_id", workers=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        both = compare(layers, law=LAW, draft=drafts[edit], **settings)
        for which, law in (("law", LAW), ("draft", drafts[edit])):
            own = screen(layers, profile=law, audit=True, **settings)
            # each dock measured once for both laws, decided by each: as the law's own audit decides it
            audit = own.audit.set_index("dock_id").loc[both.docks["dock_id"]]
            assert both.docks[f"verdict_{which}"].tolist() == audit["verdict"].tolist()
            assert both.docks[f"failed_{which}"].tolist() == audit["failed"].fillna("").tolist()
            alone = own.parcels.set_index("parcel_id").loc[both.lots["parcel_id"]]
            assert both.lots[f"eligible_{which}"].tolist() == alone["eligible"].tolist()
            assert both.lots[f"reasons_{which}"].tolist() == alone["reasons"].tolist()
            for mine, theirs in (("envelope_{}_sqft", "envelope_area_sqft"), ("greatest_reach_{}_ft", "greatest_reach_ft")):
                assert both.lots[mine.format(which)].to_numpy() == pytest.approx(alone[theirs].to_numpy(dtype=float), abs=1e-6, nan_ok=True)
    assert (both.lots["envelope_law_sqft"] > both.lots["envelope_draft_sqft"] + 1.0).any()  # the draft's envelopes are its own
    assert len(both.docks) > 50 and (both.docks["verdict_law"] == "compliant").any()


# ---------------------------------------------------------------------------
# the command
# ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("compare")
    for name, frame in _county("EPSG:32618").items():
        frame.to_file(folder / "county.gpkg", layer=name, driver="GPKG", engine="pyogrio")
    return folder


def _run(*args):
    return CliRunner().invoke(main, ["compare", *map(str, args)])


def test_command_writes_the_layers_the_csvs_and_the_summary(written, drafts):
    gpkg = written / "county.gpkg"
    out = written / "draft.gpkg"
    result = _run("--parcels", f"{gpkg}:parcels", "--mhw", f"{gpkg}:mhw", "--docks", f"{gpkg}:docks", "--id-field", "PIN",
                  "--class-field", "CLASS", "--dock-id-field", "dock_id", "--law", LAW, "--draft", drafts["reach"], "--workers", "1",
                  "--map", written / "board.png", "-o", out)
    assert result.exit_code == 0, result.output
    import pyogrio

    assert sorted(pyogrio.list_layers(out)[:, 0]) == ["docks", "lots"]
    table = pd.read_csv(written / "draft.csv", dtype={"rule": str}, keep_default_na=False)
    assert table.columns[:4].tolist() == ["parcel_id", "frontage_ft", "eligible_law", "eligible_draft"]
    assert table["rule"].tolist() == np.where(_by_hand()["eligible"], REACH_RULES, "").tolist()
    docks = pd.read_csv(written / "draft-docks.csv", keep_default_na=False)
    assert docks.loc[docks["dock_id"] == "long", "rule"].tolist() == ["reach"]
    assert "docks made nonconforming" in result.stdout and (written / "board.png").stat().st_size > 0
    assert "written" in result.stderr
    quiet = _run("-q", "--parcels", f"{gpkg}:parcels", "--mhw", f"{gpkg}:mhw", "--law", LAW, "--draft", LAW, "--workers", "1",
                 "-o", written / "quiet.gpkg")
    assert quiet.exit_code == 0 and quiet.stderr == "" and "no rule's outcome differs" in quiet.stdout


def test_command_with_soundings_gives_each_laws_navigable_reach(tmp_path, drafts):
    """A sounded county (a plane bottom over the first 80 % of each coast): the law's columns are the screen's with the
    same soundings and vessel draft, lot by lot; the draft's shorter cap names the checks that read it."""
    c = county(200, seed=2, soundings=True)
    gpkg = tmp_path / "sounded.gpkg"
    c.write(gpkg)
    ref = [f"{gpkg}:{name}" for name in ("parcels", "mhw", "soundings")]
    result = _run("--parcels", ref[0], "--mhw", ref[1], "--soundings", ref[2], "--vessel-draft", 3, "--id-field", "PARCEL_ID",
                  "--law", LAW, "--draft", drafts["reach"], "--workers", "1", "-o", tmp_path / "c.gpkg")
    assert result.exit_code == 0, result.output
    screened = CliRunner().invoke(main, ["screen", "--parcels", ref[0], "--mhw", ref[1], "--soundings", ref[2], "--draft", "3",
                                         "--id-field", "PARCEL_ID", "--workers", "1", "-o", str(tmp_path / "s.gpkg")])
    assert screened.exit_code == 0, screened.output
    lots = pd.read_csv(tmp_path / "c.csv", keep_default_na=False, na_values=[""]).set_index("parcel_id")
    alone = pd.read_csv(tmp_path / "s.csv").set_index("parcel_id").loc[lots.index]
    assert lots["eligible_law"].tolist() == alone["eligible"].tolist()
    assert lots["reach_limit_law_ft"].to_numpy() == pytest.approx(alone["reach_limit_ft"].to_numpy(), abs=0.01, nan_ok=True)
    assert (lots["reach_limit_draft_ft"] <= 150.0 + 1e-9).sum() == lots["reach_limit_draft_ft"].notna().sum()
    assert lots["rule"].str.contains("navigable-reach").any()  # with soundings and a draft, the navigable reach is decided
    refused = _run("--parcels", ref[0], "--mhw", ref[1], "--soundings", ref[2], "--law", LAW, "--draft", LAW, "-o", tmp_path / "r.gpkg")
    assert refused.exit_code == 2 and "--vessel-draft" in refused.output


@pytest.mark.parametrize("case", ["output over an input", "unknown profile", "missing field"])
def test_command_refuses_bad_input_in_one_line(written, case):
    gpkg = written / "county.gpkg"
    args = {"law": LAW, "draft": LAW, "out": written / "refused.gpkg", "id": "PIN"}
    if case == "output over an input":
        args["out"] = gpkg
    elif case == "unknown profile":
        args["draft"] = "atlantis-ny"
    else:
        args["id"] = "NO_SUCH"
    result = _run("--parcels", f"{gpkg}:parcels", "--mhw", f"{gpkg}:mhw", "--id-field", args["id"], "--law", args["law"],
                  "--draft", args["draft"], "--workers", "1", "-o", args["out"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:") and "Traceback" not in result.output
    assert not (written / "refused.gpkg").exists()


@pytest.mark.parametrize("crs", sorted(ORIGINS))
def test_a_lot_its_setbacks_fill_exactly_has_no_room_however_its_coordinates_round(tmp_path, crs):
    # 80-ft setbacks on the 160-ft lot W3 leave 160 - 2 x 80 = 0 ft; on the 200-ft lot W4 (40 % = 80 ft) 40 ft
    draft = _edited(tmp_path, "setback80.toml", "min_setback_ft", 80.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        table = screen(_layers(_county(crs), crs), profile=load_profile(draft), id_field="PIN", class_field="CLASS",
                       dock_id_field="dock_id", workers=1).parcels.set_index("parcel_id")
    assert table.loc["W3", "frontage_ft"] == pytest.approx(160.0, abs=1e-6)
    assert table.loc["W3", "band_width_ft"] == 0.0 and table.loc["W3", "envelope_area_sqft"] == 0.0
    assert not table.loc["W3", "eligible"] and "no room between the setbacks" in table.loc["W3", "reasons"]
    assert table.loc["W4", "band_width_ft"] == pytest.approx(40.0, abs=0.01) and table.loc["W4", "eligible"]


def test_each_dock_measured_once_is_each_laws_own_audit(drafts):
    # three laws over one docks layer: every column of each law's rows (its required setback, its verdict) is what
    # that law's own audit gives, the docks grouped, their lots drawn and measured once for all three
    c = county(400, seed=3)
    layers = dataclasses.replace(_layers({"parcels": c.parcels, "mhw": c.mhw, "docks": c.docks}, "EPSG:2263"), channels=c.channels)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        table = screen(layers, profile=LAW, id_field="PARCEL_ID", class_field="PROP_CLASS", workers=1).parcels
        laws = (LAW, drafts["setback"], drafts["reach"])
        each = audit_docks_each(layers, table, profiles=laws, dock_id_field="dock_id")
        for law, got in zip(laws, each):
            alone = audit_docks(layers, table, profile=load_profile(law), dock_id_field="dock_id")
            pd.testing.assert_frame_equal(pd.DataFrame(got.drop(columns="geometry")), pd.DataFrame(alone.drop(columns="geometry")))
    frontage = each[0]["required_setback_ft"] / 0.4  # the law's 40 % (over 60 ft) against the draft's 50 %
    wide = frontage > 150.0 + 1e-6
    assert each[1]["required_setback_ft"][wide].to_numpy() == pytest.approx(0.5 * frontage[wide].to_numpy())
    assert (each[1]["verdict"] != each[0]["verdict"]).any() and (each[2]["verdict"] != each[0]["verdict"]).any()


def test_the_audit_names_beside_each_verdict_the_checks_the_layers_cannot_decide():
    """The county has docks but no channels, soundings or vegetation: a dock's reach to navigable depth, its clearance
    from channels, its float's grounding and shading (Kings Point), or its reach to 3 ft of water (Wisconsin) cannot
    be decided, as ``check`` of a site without those layers says: each dock's verdict is over the other checks, and
    its row names those left undecided, in the law's order."""
    layers = _layers(_county("EPSG:2263"), "EPSG:2263")
    kings_point = "navigable-reach, channel-clearance, float-grounding, float-vegetation"
    for law, undecided in (("kings-point-ny", kings_point), ("wisconsin-nr326", "length")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            audit = screen(layers, profile=law, audit=True, id_field="PIN", dock_id_field="dock_id", workers=1).audit
        assert audit.columns[audit.columns.get_loc("failed") + 1] == "undecided"
        assert audit.set_index("dock_id").loc[["long", "short"], "undecided"].tolist() == [undecided] * 2


def test_docks_compliant_under_laws_that_leave_different_checks_undecided_need_data():
    """Kings Point against Wisconsin without soundings: each law's audit calls both docks compliant over the checks
    it can decide, but Kings Point leaves its navigable reach undecided and Wisconsin its length to 3 ft of water, so
    the two verdicts answer different questions: each dock needs data to decide. So does each lot: Wisconsin sets
    no minimum frontage or property class, and its length, the only limit on how far a pier reaches, reads soundings."""
    comparison = _compare("EPSG:2263", "wisconsin-nr326")
    docks = comparison.docks.set_index("dock_id").loc[["long", "short"]]
    assert docks["verdict_law"].tolist() == docks["verdict_draft"].tolist() == ["compliant"] * 2
    assert docks["status"].tolist() == ["needs data to decide"] * 2
    assert docks["undecided_draft"].tolist() == ["length"] * 2
    assert docks["undecided_law"].tolist() == ["navigable-reach, channel-clearance, float-grounding, float-vegetation"] * 2
    assert comparison.lots["change"].tolist() == ["needs data to decide"] * len(FRONTAGES)
