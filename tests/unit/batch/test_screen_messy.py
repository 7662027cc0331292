"""The screen on parcel layers drawn as real tax maps are, and the audit's components.

The messy county (dockreview.testing.counties.messy_county) moves water edges off the MHW
line by up to 10 ft either way, draws multipart parcels, bow-tie rings, lots with
two water runs, an island, an islet and a creek. The reference for every lot is
dockreview.measure.envelope.lot_envelope on the polygon the review measures: the parcel
repaired with make_valid, its part nearest the MHW line (the largest on a tie),
found here with plain shapely, lot by lot.

The audit tests build one lot on a straight shore with a T dock (a 6 x 40 ft
walkway and a 16 x 8 ft float), drawn as two features with a component field and
as one polygon without, and run ``dockreview screen --audit`` on each.
"""

from __future__ import annotations

import warnings

import geopandas as gpd
import numpy as np
import pandas as pd
import pytest
import shapely
from click.testing import CliRunner
from pyproj import CRS
from shapely import affinity

from dockreview.batch.kernel import MhwIndex, vector_riparian, water_corners
from dockreview.batch.layers import ScreenLayers, read_screen_layers
from dockreview.batch.screen import screen
from dockreview.cli import main
from dockreview.errors import DockReviewError, DockReviewWarning
from dockreview.inputs import crs as crs_mod
from dockreview.measure.envelope import lot_envelope
from dockreview.profile import load_profile
from dockreview.rules import ruleset
from dockreview.testing.counties import CREEK_WIDTH_FT, MESS_KINDS, County, messy_county

TOLERANCE_FT = 5.0
COMPARED = ("frontage_ft", "required_setback_ft", "reach_limit_ft", "band_width_ft", "greatest_reach_ft")
WORKING = CRS.from_user_input("EPSG:2263")


def _layers(c) -> ScreenLayers:
    mhw = shapely.line_merge(shapely.union_all(c.mhw.geometry.values))
    return ScreenLayers(c.parcels, mhw, c.channels, c.docks, WORKING, crs_mod.feet_per_unit(WORKING))


@pytest.fixture(scope="module")
def messy():
    c = messy_county(300, seed=5)
    layers = _layers(c)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        result = screen(layers, profile=load_profile(), id_field="PARCEL_ID", class_field="PROP_CLASS", dock_id_field="dock_id")
    return c, layers, result


def _lot_polygon(geom, mhw):
    """The polygon the review measures: repaired, the part nearest the MHW line (the largest on a tie); None without one."""
    if not isinstance(geom, shapely.Geometry) or geom.is_empty:  # a missing geometry reads as NaN in iterrows
        return None
    if not geom.is_valid:
        geom = shapely.make_valid(geom)
    parts = [p for g in shapely.get_parts(geom) for p in shapely.get_parts(g) if p.geom_type == "Polygon" and p.area > 0]
    if not parts:
        return None
    gaps = [p.distance(mhw) for p in parts]
    return max((p for p, g in zip(parts, gaps) if g <= min(gaps) + 1e-6), key=lambda p: p.area)


def test_messy_layer_has_every_fault(messy):
    c, layers, _ = messy
    mess = c.parcels["MESS"]
    assert set(MESS_KINDS) <= set(mess)
    assert {"island", "islet", "creek", "no geometry"} <= set(mess)
    geoms = c.parcels.geometry.values
    assert (~shapely.is_valid(geoms[mess.to_numpy() == "bow-tie"])).all()
    assert (shapely.get_num_geometries(geoms[mess.to_numpy() == "multipart"]) == 2).all()
    shifted = mess.to_numpy() == "shifted"
    gaps = shapely.distance(geoms[shifted], layers.mhw) * layers.ft_per_unit
    assert (gaps > TOLERANCE_FT).any() and (shapely.intersects(geoms[shifted], layers.mhw)).any()
    assert 0 < gaps.max() <= 10.0
    creek = c.mhw[c.mhw["NAME"].str.startswith("creek")].geometry.values
    assert shapely.distance(creek[0], creek[1]) == pytest.approx(CREEK_WIDTH_FT)
    assert shapely.is_closed(c.mhw[c.mhw["NAME"] == "island"].geometry.values).all()


def test_messy_layer_is_deterministic():
    a, b = messy_county(60, seed=3), messy_county(60, seed=3)
    assert a.parcels.drop(columns="geometry").equals(b.parcels.drop(columns="geometry"))
    assert (a.parcels.geometry.values == b.parcels.geometry.values).all()
    assert not (messy_county(60, seed=4).parcels.geometry.values == a.parcels.geometry.values).all()


def test_every_waterfront_row_has_figures_or_says_why(messy):
    c, _, result = messy
    p = result.parcels
    assert len(p) == len(c.parcels)
    assert (p["eligible"] == (p["reasons"] == "")).all()
    waterfront = p[p["fronts_mhw"]]
    figures = waterfront["frontage_ft"].notna()
    unreviewed = waterfront["reasons"].str.startswith("not reviewed: ")
    assert (figures ^ unreviewed).all()
    by_id = p.set_index("parcel_id")
    assert by_id.loc["ISLET", "reasons"].startswith("not reviewed: the whole parcel boundary lies on or seaward")
    assert by_id.loc["NO-GEOMETRY", "reasons"].startswith("not reviewed: the parcel has no geometry")
    assert not by_id.loc["NO-GEOMETRY", "fronts_mhw"]
    assert result.summary()["not reviewed"] == int(p["reasons"].str.startswith("not reviewed").sum())


def _written_and_screened(c: County, data):
    """``c`` written to the GeoPackage ``data``, read as the command reads it, and its screen."""
    c.write(data)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        layers = read_screen_layers(f"{data}:parcels", f"{data}:mhw", channels=f"{data}:channels", docks=f"{data}:docks")
        result = screen(layers, profile=load_profile(), id_field="PARCEL_ID", class_field="PROP_CLASS", dock_id_field="dock_id")
    return c, layers, result


@pytest.fixture(scope="module")
def meandering(tmp_path_factory):
    """A messy county whose shore meanders and comes in pieces, read as the command reads it, and its screen."""
    return _written_and_screened(messy_county(300, seed=8, meandering=True), tmp_path_factory.mktemp("meandering") / "county.gpkg")


@pytest.fixture(scope="module")
def meandering_in_metres(tmp_path_factory):
    """The meandering county drawn in UTM metres (EPSG:32618), read as the command reads it, and its screen."""
    c = messy_county(240, seed=11, meandering=True)
    utm = County(*(None if f is None else f.to_crs("EPSG:32618") for f in (c.parcels, c.mhw, c.channels, c.docks, c.soundings)))
    return _written_and_screened(utm, tmp_path_factory.mktemp("metres") / "county.gpkg")


def test_screen_equals_lot_envelope_on_messy_lots(messy):
    counted = _against_lot_envelope(*messy)
    assert counted["figures"] >= 120 and counted["not reviewed"] >= 1 and counted["off the water"] >= 150


def test_screen_equals_lot_envelope_on_a_meandering_shore_in_pieces(meandering):
    c, layers, _ = meandering
    assert len(c.mhw) >= 8  # the coasts' MHW line in pieces, a third of them drawn the other way
    counted = _against_lot_envelope(*meandering)
    assert counted["figures"] >= 100 and counted["off the water"] >= 150


def test_screen_equals_lot_envelope_in_metres_with_water_edges_off_the_line(meandering_in_metres):
    # tilted lots whose front line leaves the 5-ft band at a shallow angle: the arrays begin their side lines at
    # the lots' corners off the band (README, "Side lines"), as the single-lot functions do, in a metre CRS too
    c, layers, _ = meandering_in_metres
    assert layers.ft_per_unit == pytest.approx(1 / 0.3048)
    polys = np.array([_lot_polygon(g, layers.mhw) or shapely.Polygon() for g in c.parcels.geometry.values], dtype=object)
    tolerance = TOLERANCE_FT / layers.ft_per_unit
    found = water_corners(polys[shapely.area(polys) > 0], MhwIndex(layers.mhw), tolerance=tolerance, ft_per_unit=layers.ft_per_unit)
    off_ft = shapely.distance(shapely.points(found.water_end), layers.mhw) * layers.ft_per_unit
    assert ((off_ft > TOLERANCE_FT + 0.5) & (off_ft <= 25.0)).sum() >= 3  # side lines begun at a corner off the band
    counted = _against_lot_envelope(*meandering_in_metres)
    assert counted["figures"] >= 80


def _against_lot_envelope(c, layers, result) -> dict:
    """Every parcel's row against :func:`lot_envelope` on its lot alone; how many had figures, reasons, no water."""
    profile = load_profile()
    table = result.parcels.set_index("parcel_id")
    docks = c.docks.dissolve(by="dock_id", as_index=False)
    counted = {"figures": 0, "not reviewed": 0, "off the water": 0}
    for _, lot in c.parcels.iterrows():
        row = table.loc[lot["PARCEL_ID"]]
        poly = _lot_polygon(lot.geometry, layers.mhw)
        if poly is None or poly.distance(layers.mhw) * layers.ft_per_unit > TOLERANCE_FT:
            assert not row["fronts_mhw"], lot["PARCEL_ID"]
            counted["off the water"] += 1
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DockReviewWarning)
                env = lot_envelope(
                    poly, layers.mhw, ft_per_unit=layers.ft_per_unit, rules=ruleset(profile), channels=c.channels, docks=docks,
                    tolerance_ft=TOLERANCE_FT,
                )
        except DockReviewError as exc:
            assert row["reasons"].startswith(f"not reviewed: {exc}"), lot["PARCEL_ID"]
            counted["not reviewed"] += 1
            continue
        for key in COMPARED:
            assert row[key] == pytest.approx(getattr(env, key), abs=0.01), (lot["PARCEL_ID"], lot["MESS"], key)
        assert row["envelope_area_sqft"] == pytest.approx(env.area_sqft, abs=0.01, rel=1e-6), (lot["PARCEL_ID"], lot["MESS"])
        assert row["existing_docks"] == env.existing_docks, (lot["PARCEL_ID"], lot["MESS"])
        counted["figures"] += 1
    return counted


def test_kernel_leaves_unusual_lots_to_the_single_lot_functions(messy):
    # the island's two lots (its halves) and the islet (all shore) have no water corners the arrays settle; bow-ties
    # and multipart parcels are not single valid polygons; a notched lot is worked on its longer water run, as the
    # single-lot functions work it; the creek's lots, whose water meets the far bank, are cut at land as arrays
    c, layers, _ = messy
    rip, left_over = vector_riparian(
        c.parcels.geometry.values, MhwIndex(layers.mhw), tolerance=TOLERANCE_FT / layers.ft_per_unit,
        ft_per_unit=layers.ft_per_unit, beyond=lambda frontage: 200.0 + np.maximum(0.4 * frontage, 60.0),
    )
    mess = c.parcels["MESS"].to_numpy()
    assert set(mess[rip.lot]) <= {"exact", "shifted", "tilted", "two runs", "creek"}
    assert np.isin(np.flatnonzero(mess == "two runs"), rip.lot).all()
    assert np.isin(np.flatnonzero(mess == "creek"), rip.lot).all()
    for kind in ("island", "islet", "bow-tie", "multipart", "no geometry"):
        assert np.isin(np.flatnonzero(mess == kind), left_over).all(), kind
    assert len(rip.lot) >= 0.6 * int(np.isin(mess, ["exact", "shifted"]).sum())


def test_kernel_survives_lots_it_cannot_work():
    # lot 1's right side line, slanting outward, passes 2 ft beyond the end of the MHW line and never crosses it (the
    # crossing the old kernel looked up as NaN: "operands could not be broadcast"); lot 2 is empty, lot 3 missing,
    # lot 4 a line, lot 5 a bow-tie; lot 0 is an ordinary lot
    mhw = shapely.LineString([(-500.0, 0.0), (946.0, 0.0)])
    polys = np.array(
        [
            shapely.box(0.0, -200.0, 300.0, 0.0),
            shapely.Polygon([(700.0, 0.0), (948.0, 0.0), (1098.0, -200.0), (550.0, -200.0)]),
            shapely.Polygon(),
            None,
            shapely.LineString([(400.0, 0.0), (400.0, -100.0)]),
            shapely.Polygon([(400.0, 0.0), (600.0, 0.0), (400.0, -200.0), (600.0, -200.0)]),
        ],
        dtype=object,
    )
    rip, left_over = vector_riparian(polys, MhwIndex(mhw), tolerance=5.0, ft_per_unit=1.0, beyond=lambda f: 200.0 + 0 * f)
    # lot 1 is drawn as the single-lot functions draw it: its right water corner is the MHW point nearest its side
    # line's water end (948, 0), the line's end (946, 0), so its frontage runs 246 ft from x = 700
    assert list(rip.lot) == [0, 1] and list(left_over) == [2, 3, 4, 5]
    assert shapely.length(rip.frontage).tolist() == pytest.approx([300.0, 246.0])
    frame = gpd.GeoDataFrame({"PARCEL_ID": [f"P{i}" for i in range(len(polys))]}, geometry=list(polys), crs=WORKING)
    layers = ScreenLayers(frame, mhw, None, None, WORKING, crs_mod.feet_per_unit(WORKING))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        table = screen(layers, profile=load_profile(), id_field="PARCEL_ID").parcels.set_index("parcel_id")
    assert table.loc["P0", "frontage_ft"] == pytest.approx(300.0, abs=0.01)
    assert table.loc["P1", "frontage_ft"] > 0 or table.loc["P1", "reasons"].startswith("not reviewed")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        env = lot_envelope(polys[1], mhw, ft_per_unit=1.0, rules=ruleset())
    for key in ("frontage_ft", "band_width_ft", "greatest_reach_ft"):
        assert table.loc["P1", key] == pytest.approx(getattr(env, key), abs=0.01), key
    assert table.loc["P1", "envelope_area_sqft"] == pytest.approx(env.area_sqft, abs=0.01)
    assert table.loc["P2", "reasons"] == table.loc["P3", "reasons"] == "not reviewed: the parcel has no geometry"
    assert table.loc["P4", "reasons"] == "not reviewed: the parcel has no polygon area"
    assert table.loc["P5", "fronts_mhw"] and table.loc["P5", "frontage_ft"] > 0


def test_a_lot_touching_the_line_only_between_its_vertices(tmp_path):
    # the MHW line's point (50, -1) comes 2 ft under the lot's top edge (y = -3), its vertices 36 ft and more away:
    # the lot fronts the water, with no vertex on it; alone in the screen's chunk, the kernel found no water run
    # and the whole screen failed ("unexpected IndexError: boolean index did not match")
    path = tmp_path / "apex.gpkg"
    lot = shapely.box(0.0, -200.0, 100.0, -3.0)
    mhw = shapely.LineString([(0.0, 50.0), (50.0, -1.0), (100.0, 50.0)])
    gpd.GeoDataFrame({"PARCEL_ID": ["A"]}, geometry=[lot], crs=WORKING).to_file(path, layer="parcels")
    gpd.GeoDataFrame(geometry=[mhw], crs=WORKING).to_file(path, layer="mhw")
    out = tmp_path / "out.gpkg"
    run = CliRunner().invoke(main, ["-q", "screen", "--parcels", f"{path}:parcels", "--mhw", f"{path}:mhw", "--id-field", "PARCEL_ID", "-o", str(out)])
    assert run.exit_code == 0, run.output
    row = pd.read_csv(out.with_suffix(".csv")).iloc[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        env = lot_envelope(lot, mhw, ft_per_unit=crs_mod.feet_per_unit(WORKING), rules=ruleset())
    assert row["fronts_mhw"] and row["frontage_ft"] == pytest.approx(env.frontage_ft, abs=0.1)


def test_cli_screen_on_messy_layer(tmp_path, messy):
    c, _, _ = messy
    data = tmp_path / "messy.gpkg"
    c.write(data)
    out = tmp_path / "out.gpkg"
    run = CliRunner().invoke(
        main,
        ["screen", "--parcels", f"{data}:parcels", "--mhw", f"{data}:mhw", "--channels", f"{data}:channels",
         "--docks", f"{data}:docks", "--id-field", "PARCEL_ID", "--class-field", "PROP_CLASS", "--dock-id-field",
         "dock_id", "--audit", "-o", str(out)],
    )
    assert run.exit_code == 0, run.output
    # the data warning printed as every command prints one, not left to Python's display
    assert any(line.startswith("warning: ") and "invalid geometries repaired with make_valid" in line for line in run.output.splitlines())
    assert "not reviewed" in run.output
    table = pd.read_csv(out.with_suffix(".csv"))
    assert len(table) == len(c.parcels)
    waterfront = table[table["fronts_mhw"]]
    assert (waterfront["frontage_ft"].notna() | waterfront["reasons"].str.startswith("not reviewed")).all()
    audit = gpd.read_file(out, layer="audit")
    assert audit["dock_id"].nunique() == c.docks["dock_id"].nunique()
    assert (audit["components"] == "from field 'component'").all()


# ---------------------------------------------------------------------------
# the audit's components (Docks D(2)(b), D(2)(c)[2]) and the property classes (Docks B)
# ---------------------------------------------------------------------------
# Three 300 x 200 ft lots on a straight shore (y = 0, water to the north); a T dock in front of the middle one:
# a 6-ft walkway from 2 ft inland to 40 ft out, and a 16 x 8 ft float across its seaward end.
WALKWAY = shapely.box(447.0, -2.0, 453.0, 40.0)
FLOAT = shapely.box(442.0, 40.0, 458.0, 48.0)


@pytest.fixture(scope="module")
def shore(tmp_path_factory):
    path = tmp_path_factory.mktemp("audit") / "shore.gpkg"
    lots = [shapely.box(x, -200.0, x + 300.0, 0.0) for x in (0.0, 300.0, 600.0)]
    gpd.GeoDataFrame({"PARCEL_ID": ["A", "B", "C"], "PROP_CLASS": ["250", "210", "311"]}, geometry=lots, crs=WORKING).to_file(
        path, layer="parcels"
    )
    gpd.GeoDataFrame(geometry=[shapely.LineString([(-500.0, 0.0), (1400.0, 0.0)])], crs=WORKING).to_file(path, layer="mhw")
    gpd.GeoDataFrame({"component": ["Walkway", "Float"]}, geometry=[WALKWAY, FLOAT], crs=WORKING).to_file(path, layer="by_component")
    gpd.GeoDataFrame({"NAME": ["T"]}, geometry=[shapely.union(WALKWAY, FLOAT)], crs=WORKING).to_file(path, layer="one_polygon")
    gpd.GeoDataFrame({"NAME": ["wide"]}, geometry=[shapely.box(445.0, -2.0, 455.0, 40.0)], crs=WORKING).to_file(path, layer="wide")
    return path


def _audit(tmp_path, shore, docks: str, *extra: str) -> gpd.GeoDataFrame:
    out = tmp_path / f"{docks}.gpkg"
    run = CliRunner().invoke(
        main,
        ["screen", "--parcels", f"{shore}:parcels", "--mhw", f"{shore}:mhw", "--docks", f"{shore}:{docks}",
         "--id-field", "PARCEL_ID", "--audit", *extra, "-o", str(out)],
    )
    assert run.exit_code == 0, run.output
    return gpd.read_file(out, layer="audit")


@pytest.mark.parametrize(
    ("docks", "components"),
    [("by_component", "from field 'component'"), ("one_polygon", "inferred: walkway + float head")],
)
def test_audit_measures_width_on_the_walkway_and_the_float_area(tmp_path, shore, docks, components):
    audit = _audit(tmp_path, shore, docks)
    assert len(audit) == 1  # the two features touch: one dock
    row = audit.iloc[0]
    assert row["parcel_id"] == "B" and row["components"] == components
    assert row["max_width_ft"] == pytest.approx(6.0, abs=0.01)
    assert row["float_area_sqft"] == pytest.approx(128.0, abs=0.01)
    assert "width" not in row["failed"] and "float" not in row["failed"]
    assert row["verdict"] == "compliant"


def test_audit_still_fails_a_wide_walkway(tmp_path, shore):
    row = _audit(tmp_path, shore, "wide").iloc[0]
    assert row["components"].startswith("inferred: walkway only")
    assert row["max_width_ft"] == pytest.approx(10.0, abs=0.01) and row["float_area_sqft"] == 0.0
    assert "width" in row["failed"].split(", ") and row["verdict"] == "noncompliant"


def test_audit_refuses_a_component_field_it_does_not_have(tmp_path, shore):
    run = CliRunner().invoke(
        main,
        ["screen", "--parcels", f"{shore}:parcels", "--mhw", f"{shore}:mhw", "--docks", f"{shore}:one_polygon", "--audit",
         "--component-field", "KIND", "-o", str(tmp_path / "o.gpkg")],
    )
    assert run.exit_code == 2 and "KIND" in run.output


@pytest.mark.parametrize("crs", ["EPSG:2263", "EPSG:32618"])
def test_audit_measures_a_dock_in_a_gap_of_the_mhw_layer_from_the_lots_frontage(tmp_path, crs):
    # the MHW layer has a 60-ft gap in front of lot B (wider than the 50 ft the layer's preparation bridges); the
    # lot's frontage bridges it, as the review draws the lot, so the dock is 48 ft from the MHW line (y = 0) to its
    # float's seaward edge, not 50 ft from the walkway's landward end
    ft = crs_mod.feet_per_unit(CRS.from_user_input(crs))

    def placed(geom):  # drawn in feet; in a metre CRS, scaled to metres about a point of UTM zone 18N
        return geom if crs == "EPSG:2263" else affinity.affine_transform(geom, [1 / ft, 0, 0, 1 / ft, 590_000.0, 4_510_000.0])

    lots = [placed(shapely.box(x, -200.0, x + 300.0, 0.0)) for x in (0.0, 300.0, 600.0)]
    mhw = [placed(shapely.LineString([(-500.0, 0.0), (420.0, 0.0)])), placed(shapely.LineString([(480.0, 0.0), (1400.0, 0.0)]))]
    path = tmp_path / "gap.gpkg"
    gpd.GeoDataFrame({"PARCEL_ID": ["A", "B", "C"]}, geometry=lots, crs=crs).to_file(path, layer="parcels")
    gpd.GeoDataFrame(geometry=mhw, crs=crs).to_file(path, layer="mhw")
    gpd.GeoDataFrame({"component": ["walkway", "float"]}, geometry=[placed(WALKWAY), placed(FLOAT)], crs=crs).to_file(path, layer="docks")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        row = _audit(tmp_path, path, "docks").iloc[0]
    assert row["parcel_id"] == "B"
    assert row["length_ft"] == pytest.approx(48.0, abs=0.01)
    assert row["reach_ft"] == pytest.approx(48.0, abs=0.01)


def test_property_classes_come_from_the_profile(tmp_path, shore):
    base = ["screen", "--parcels", f"{shore}:parcels", "--mhw", f"{shore}:mhw", "--id-field", "PARCEL_ID", "--class-field", "PROP_CLASS"]
    out = tmp_path / "classes.gpkg"
    assert CliRunner().invoke(main, [*base, "-o", str(out)]).exit_code == 0
    table = pd.read_csv(out.with_suffix(".csv"), dtype={"property_class": str}).set_index("parcel_id")
    assert list(load_profile().code("single_family_classes").values) == ["210", "215", "250"]
    assert table["class_qualifies"].to_dict() == {"A": True, "B": True, "C": False}
    assert CliRunner().invoke(main, [*base, "--single-family", "210,215", "-o", str(out)]).exit_code == 0
    table = pd.read_csv(out.with_suffix(".csv")).set_index("parcel_id")
    assert not table.loc["A", "class_qualifies"]
    assert table.loc["A", "reasons"].startswith("property class 250 is not a single-family dwelling (Docks B)")


def test_numeric_property_classes_read_as_codes():
    frame = gpd.GeoDataFrame(
        {"PARCEL_ID": ["A", "B"], "PROP_CLASS": [250.0, np.nan]},
        geometry=[shapely.box(0.0, -200.0, 300.0, 0.0), shapely.box(300.0, -200.0, 600.0, 0.0)], crs=WORKING,
    )
    layers = ScreenLayers(frame, shapely.LineString([(-500.0, 0.0), (1100.0, 0.0)]), None, None, WORKING, crs_mod.feet_per_unit(WORKING))
    table = screen(layers, profile=load_profile(), id_field="PARCEL_ID", class_field="PROP_CLASS").parcels
    assert table["property_class"].iloc[0] == "250" and pd.isna(table["property_class"].iloc[1])
    assert list(table["class_qualifies"]) == [True, False]
