"""The Board's map of two laws compared (``compare --map``, issue 31), against answers worked by hand.

The shore is built here in feet, straight (the MHW line ``y = 0``, the water at ``y > 0``): a row of waterfront lots
200 ft deep whose frontages are :data:`FRONTAGES`, all of property class 210, and behind each a lot 150 ft deep. It is
long (about seven times as wide as deep), so that the map cuts it in two. Two T docks stand centred on two lots. The
layers are placed in EPSG:2263 (US survey feet) and in EPSG:32618 (metres), every length divided by the CRS's feet per
unit.

By hand, under Kings Point (frontage at least 150 ft; a setback of max(40 % of the frontage, ``min_setback_ft``) from
each side line, so a band ``f - 2 x max(0.4 f, s)`` wide) with ``min_setback_ft`` 60 ft, and under the draft with
80 ft: a lot of 150 to 160 ft loses its dock (its band is ``f - 160 < 0``; none is 160 ft, where the band is nothing
but the noise of a CRS's conversion), the other lots of 150 ft or more keep one, the rest have none under either. The
dock centred on the 158-ft lot (a float 16 ft wide, 71 to 87 ft from its west side line, in a band 63.2 to 94.8 ft
under the law) has no band under the draft: made nonconforming; the one on the 400-ft lot
keeps its band of 160 to 240 ft: conforming under both.
"""

from __future__ import annotations

import re
import warnings
from importlib import resources

import geopandas as gpd
import matplotlib.pyplot as plt
import numpy as np
import pytest
import shapely
from click.testing import CliRunner
from matplotlib.patches import Rectangle
from matplotlib.text import Text
from pyproj import CRS

from dockreview.batch.compare import compare
from dockreview.batch.layers import ScreenLayers
from dockreview.cli import main
from dockreview.errors import DockReviewWarning, LayerError
from dockreview.inputs.crs import feet_per_unit
from dockreview.outputs.compare_map import EXTENT_CELLS, EXTENT_WORDS, parcel_extent, plot_compare_map, read_outline
from dockreview.outputs.style import ROUND_LENGTHS_FT

FRONTAGES = (100.0, 158.0, 200.0, 300.0, 400.0, 120.0, 150.0, 155.0, 250.0, 180.0, 140.0, 210.0)
FRONT_FT, BACK_FT = 200.0, 150.0
LAW, LAW_SETBACK_FT, DRAFT_SETBACK_FT = "kings-point-ny", 60.0, 80.0
DOCKED = {"made nonconforming": 158.0, "conforming under both": 400.0}  # status -> the frontage of the lot it stands on
DOCK_REACH_FT, WALK_WIDTH_FT, FLOAT_FT = 100.0, 6.0, (16.0, 8.0)
ORIGINS = {"EPSG:2263": (1_040_000.0, 220_000.0), "EPSG:32618": (600_000.0, 4_520_000.0)}


def _by_hand() -> dict[str, int]:
    """The legend's counts worked from the frontages alone."""
    f = np.array(FRONTAGES)
    law = f >= 150.0
    draft = law & (f - 2 * np.maximum(0.4 * f, DRAFT_SETBACK_FT) > 0)
    assert (f - 2 * np.maximum(0.4 * f, LAW_SETBACK_FT) > 0)[law].all()  # under the law every lot of 150 ft has a band
    return {"lots that lose a dock": int((law & ~draft).sum()), "lots that gain a dock": 0,
            "lots eligible under both": int((law & draft).sum()), "lots eligible under neither": int((~law).sum()),
            "docks made nonconforming": 1, "docks conforming under both": 1}


def _place(crs: str):
    per_unit = feet_per_unit(CRS.from_user_input(crs))
    ox, oy = ORIGINS[crs]
    return lambda g: shapely.transform(g, lambda xy: np.column_stack([ox + xy[:, 0] / per_unit, oy + xy[:, 1] / per_unit]))


def _frames(crs: str) -> dict[str, gpd.GeoDataFrame]:
    """The layers in ``crs``: parcels (PIN, CLASS), the MHW line, the docks (dock_id)."""
    place = _place(crs)
    lefts = np.concatenate([[0.0], np.cumsum(FRONTAGES)[:-1]])
    front = [shapely.box(x, -FRONT_FT, x + f, 0.0) for x, f in zip(lefts, FRONTAGES)]
    back = [shapely.box(x, -FRONT_FT - BACK_FT, x + f, -FRONT_FT) for x, f in zip(lefts, FRONTAGES)]
    parcels = gpd.GeoDataFrame({"PIN": [f"W{i}" for i in range(len(front))] + [f"B{i}" for i in range(len(back))],
                                "CLASS": ["210"] * (2 * len(front))}, geometry=[place(g) for g in front + back], crs=crs)
    total = float(sum(FRONTAGES))
    mhw = gpd.GeoDataFrame(geometry=[place(shapely.LineString([(-300.0, 0.0), (total + 300.0, 0.0)]))], crs=crs)
    docks, ids = [], []
    for status, frontage in DOCKED.items():
        centre = lefts[FRONTAGES.index(frontage)] + frontage / 2
        walk = shapely.box(centre - WALK_WIDTH_FT / 2, 0.0, centre + WALK_WIDTH_FT / 2, DOCK_REACH_FT - FLOAT_FT[1])
        floating = shapely.box(centre - FLOAT_FT[0] / 2, DOCK_REACH_FT - FLOAT_FT[1], centre + FLOAT_FT[0] / 2, DOCK_REACH_FT)
        docks += [place(walk), place(floating)]
        ids += [status, status]
    return {"parcels": parcels, "mhw": mhw, "docks": gpd.GeoDataFrame({"dock_id": ids}, geometry=docks, crs=crs)}


@pytest.fixture(scope="module")
def draft(tmp_path_factory):
    text = resources.files("dockreview.rules.profiles").joinpath(f"{LAW}.toml").read_text("utf-8")
    edited, n = re.subn(r"(\[values\.min_setback_ft\]\nvalue = )[0-9.]+", rf"\g<1>{DRAFT_SETBACK_FT!r}", text)
    assert n == 1 and f"value = {LAW_SETBACK_FT!r}" in text
    path = tmp_path_factory.mktemp("draft") / "setback80.toml"
    path.write_text(edited, encoding="utf-8")
    return path


@pytest.fixture(scope="module", params=sorted(ORIGINS))
def compared(request, draft):
    crs = request.param
    frames = _frames(crs)
    working = CRS.from_user_input(crs)
    layers = ScreenLayers(frames["parcels"], frames["mhw"].geometry.iloc[0], None, frames["docks"], working, feet_per_unit(working))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        result = compare(layers, law=LAW, draft=draft, id_field="PIN", class_field="CLASS", dock_id_field="dock_id", workers=1)
    return crs, frames, result


@pytest.fixture(scope="module")
def drawn(compared):
    crs, frames, result = compared
    fig, ax = plot_compare_map(result)
    yield crs, fig, ax, result
    plt.close(fig)


def _parts(fig) -> list:
    return sorted((a for a in fig.axes if (a.get_gid() or "").startswith("map-part-")), key=lambda a: a.get_gid())


def _per_inch(ax) -> tuple[float, float]:
    """The axes' map units to the inch, across and up the page."""
    box = ax.get_position()
    fig_w, fig_h = ax.figure.get_size_inches()
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    return (x1 - x0) / (box.width * fig_w), (y1 - y0) / (box.height * fig_h)


def test_the_legend_holds_the_counts_worked_by_hand(drawn):
    _, _, ax, result = drawn
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert texts == [f"{label}: {n:,d}" for label, n in _by_hand().items()]
    assert result.docks.set_index("dock_id")["status"].to_dict() == {s: s for s in DOCKED}


def test_the_long_shore_is_drawn_in_two_parts_each_lot_once(drawn):
    """About seven times as wide as deep: two parts one above the other, at one scale, each changed lot marked once."""
    _, fig, _, result = drawn
    parts = _parts(fig)
    assert len(parts) == 2 and parts[0].get_position().y0 > parts[1].get_position().y1
    assert _per_inch(parts[0]) == pytest.approx(_per_inch(parts[1]), rel=1e-9)
    assert _per_inch(parts[0])[0] == pytest.approx(_per_inch(parts[0])[1], rel=1e-9)  # equal aspect
    marked = {key: sum(len(c.get_offsets()) for a in parts for c in a.collections if c.get_gid() == key)
              for key in ("lots:loses a dock", "docks:made nonconforming")}
    assert marked == {"lots:loses a dock": _by_hand()["lots that lose a dock"], "docks:made nonconforming": 1}
    lots_x = shapely.get_coordinates(shapely.point_on_surface(result.lots.geometry.values))[:, 0]
    (a0, a1), (b0, b1) = parts[0].get_xlim(), parts[1].get_xlim()
    assert a0 < lots_x.min() and lots_x.max() < b1 and a1 > b0  # west to east, the cut inside both views' margins


def test_the_scale_bar_is_round_and_true(drawn):
    """The bar's drawn length (map units) times the CRS's feet per unit is the round length its label gives, in feet:
    in a CRS in US survey feet and in one in metres; the furniture's axes are at the map's scale, stated in the ratio."""
    crs, fig, _, _ = drawn
    ft = feet_per_unit(CRS.from_user_input(crs))
    furniture = next(a for a in fig.axes if a.get_gid() == "furniture")
    bar = next(a for a in furniture.artists if a.get_gid() == "scale-bar")
    quarters = bar.findobj(Rectangle)
    assert len(quarters) == 4
    length = sum(r.get_width() for r in quarters)
    texts = [t.get_text() for t in bar.findobj(Text)]
    label_ft = float(next(t for t in texts if t.endswith(" ft") and not t.startswith("1 in")).removesuffix(" ft"))
    assert label_ft in ROUND_LENGTHS_FT
    assert length * ft == pytest.approx(label_ft, rel=1e-9)
    ratio = float(next(t for t in texts if t.startswith("1 in = ")).split("= ")[1].split(" ft")[0])
    for ax in [furniture, *_parts(fig)]:
        assert _per_inch(ax)[0] * ft == pytest.approx(ratio, rel=1e-9)
    assert any(a.get_gid() == "north-arrow" for a in furniture.artists)


def test_the_extent_of_the_parcel_layer_is_their_ground_to_a_cell(compared):
    """The parcels fill one rectangle (their row and the row behind): the extent is it, to one cell of the grid."""
    crs, frames, _ = compared
    per_unit = feet_per_unit(CRS.from_user_input(crs))
    ground = shapely.box(*frames["parcels"].total_bounds)
    extent = parcel_extent(frames["parcels"].geometry.values)
    cell = sum(FRONTAGES) / per_unit / EXTENT_CELLS
    assert len(shapely.get_parts(extent)) == 1
    assert extent.hausdorff_distance(ground) <= cell
    assert extent.buffer(1e-9).contains(shapely.union_all(frames["parcels"].geometry.values))


def test_a_boundary_layer_in_another_crs_is_read_into_the_maps(tmp_path):
    """A boundary drawn in EPSG:4326 comes back in the parcels' CRS where it was made (its corners to 1/100 ft)."""
    for crs in ORIGINS:
        place = _place(crs)
        town = place(shapely.box(-500.0, -800.0, sum(FRONTAGES) + 500.0, 600.0))
        path = tmp_path / f"{crs.replace(':', '')}.gpkg"
        gpd.GeoDataFrame({"NAME": ["town"]}, geometry=[town], crs=crs).to_crs("EPSG:4326").to_file(path, layer="limits")
        outline = read_outline(f"{path}:limits", CRS.from_user_input(crs))
        assert outline.words == f"{path.name}:limits"
        assert outline.geometry.hausdorff_distance(town) * feet_per_unit(CRS.from_user_input(crs)) < 0.01


def test_a_layer_with_no_polygons_is_refused_by_name(tmp_path):
    path = tmp_path / "points.gpkg"
    gpd.GeoDataFrame(geometry=[shapely.Point(0, 0)], crs="EPSG:2263").to_file(path)
    with pytest.raises(LayerError, match=r"^outline layer .*points\.gpkg: no polygon features"):
        read_outline(str(path), CRS.from_user_input("EPSG:2263"))


# ---------------------------------------------------------------------------
# the command
# ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def county_file(tmp_path_factory):
    folder = tmp_path_factory.mktemp("compare-map")
    for name, frame in _frames("EPSG:32618").items():
        frame.to_file(folder / "county.gpkg", layer=name, driver="GPKG", engine="pyogrio")
    town = _place("EPSG:32618")(shapely.box(-500.0, -800.0, sum(FRONTAGES) + 500.0, 600.0))
    gpd.GeoDataFrame(geometry=[town], crs="EPSG:32618").to_crs("EPSG:4326").to_file(folder / "boundary.gpkg", layer="limits")
    gpd.GeoDataFrame(geometry=[shapely.Point(-73.7, 40.8)], crs="EPSG:4326").to_file(folder / "points.gpkg")
    (folder / "broken.gpkg").write_bytes(b"not a geopackage at all")
    return folder


def _compare(folder, draft, *extra):
    gpkg = folder / "county.gpkg"
    return CliRunner().invoke(main, ["compare", "--parcels", f"{gpkg}:parcels", "--mhw", f"{gpkg}:mhw", "--docks", f"{gpkg}:docks",
                                     "--id-field", "PIN", "--class-field", "CLASS", "--dock-id-field", "dock_id", "--law", LAW,
                                     "--draft", str(draft), "--workers", "1", *map(str, extra)])


def _printed_totals(stdout: str) -> dict[str, int]:
    """The totals the command prints before its table by rule: label, then the number."""
    head = stdout.split("\n\n")[0].splitlines()
    return {m.group(1).strip(): int(m.group(2).replace(",", "")) for m in (re.match(r"(.*?)\s+([\d,]+)$", line) for line in head)}


@pytest.mark.parametrize("outline", ["boundary", "none"])
def test_the_commands_map_says_the_printed_numbers_and_its_outline(county_file, draft, outline):
    """The map as an SVG (its words kept as text): each total the command prints, word for word, and the outline's
    source: the boundary layer's name, or the extent of the parcel layer."""
    svg = county_file / f"board-{outline}.svg"
    extra = ["--outline", f"{county_file / 'boundary.gpkg'}:limits"] if outline == "boundary" else []
    result = _compare(county_file, draft, "--map", svg, *extra, "-o", county_file / f"out-{outline}.gpkg")
    assert result.exit_code == 0, result.output
    totals = _printed_totals(result.stdout)
    assert totals == _by_hand()
    words = [re.sub(r"\s+", " ", t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg.read_text(encoding="utf-8"))]
    for label, n in totals.items():
        assert f"{label}: {n:,d}" in words
    assert ("outline: boundary.gpkg:limits" if outline == "boundary" else f"outline: {EXTENT_WORDS}") in words


@pytest.mark.parametrize("case", ["missing", "points", "broken", "no map"])
def test_a_bad_outline_is_refused_in_one_line(county_file, draft, case):
    name = {"missing": "nowhere.gpkg", "points": "points.gpkg", "broken": "broken.gpkg", "no map": "boundary.gpkg"}[case]
    out = county_file / f"refused-{case.replace(' ', '-')}.gpkg"
    drawn_map = [] if case == "no map" else ["--map", county_file / f"refused-{case}.png"]
    result = _compare(county_file, draft, "--outline", county_file / name, *drawn_map, "-o", out)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--outline" in result.output if case == "no map" else name in result.output
    if case != "no map":
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: outline layer"), result.output
    assert not out.exists() and not (county_file / f"refused-{case}.png").exists()
