"""``dockreview publish``: the page data of lots whose answers are known by construction, in two CRSs, and the folder.

Four parcels on a straight shore (the MHW line v = 0, the water v > 0), drawn in
EPSG:2263 (US ft) and in UTM 18N (metres): A, 200 ft of frontage (Kings Point:
setback max(40 % x 200, 60) = 80 ft, a band 200 - 2 x 80 = 40 ft wide, the
reach limit 200 ft, so a dock may stand on 40 x 200 = 8,000 sq ft); B, 100 ft of
frontage (under the 150-ft minimum of Docks B: no dock); C, 300 ft (setback
120 ft, band 60 ft, 12,000 sq ft); D behind A, not on the water. Each parcel's
address is given, D's with markup in it. The dimension lines are measured back
on the ellipsoid (pyproj.Geod), a second method for their lengths.
"""

from __future__ import annotations

import json

import pyogrio
import pyproj
import pytest
from click.testing import CliRunner

from dockreview.cli import main
from support.published import index, lots, manifest, ring
from support.sitegen import frame_in, rect

CRSS = ("EPSG:2263", "EPSG:32618")
MARKUP = '<img src=x onerror="window.pwned=1"> & Co'
PARCELS = {
    "A": (rect(-100, -150, 100, 0), "12 Harbor Rd"),
    "B": (rect(-200, -150, -100, 0), "10 Harbor Rd"),
    "C": (rect(100, -150, 400, 0), "14 Harbor Rd"),
    "D": (rect(-100, -300, 100, -150), MARKUP),
}
GEOD = pyproj.Geod(ellps="WGS84")
FT = 0.3048


def _write_layers(folder, crs: str):
    import geopandas as gpd
    from shapely.geometry import LineString

    frame = frame_in(crs)
    parcels = gpd.GeoDataFrame(
        {"PARCEL_ID": list(PARCELS), "SITE_ADDR": [a for _, a in PARCELS.values()], "PROP_CLASS": ["210"] * len(PARCELS)},
        geometry=[frame.geom(g) for g, _ in PARCELS.values()], crs=crs,
    )
    mhw = gpd.GeoDataFrame({"NAME": ["shore"]}, geometry=[frame.geom(LineString([(-1000, 0), (1000, 0)]))], crs=crs)
    parcels.to_file(folder / "layers.gpkg", layer="parcels", driver="GPKG", engine="pyogrio")
    mhw.to_file(folder / "layers.gpkg", layer="mhw", driver="GPKG", engine="pyogrio")


def _screen(folder, *extra) -> CliRunner:
    result = CliRunner().invoke(main, [
        "screen", "--parcels", str(folder / "layers.gpkg:parcels"), "--mhw", str(folder / "layers.gpkg:mhw"),
        "--id-field", "PARCEL_ID", "--class-field", "PROP_CLASS", "--workers", "1", "--no-progress", *extra,
        "-o", str(folder / "screen.gpkg"),
    ])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module", params=CRSS)
def site(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("publish")
    _write_layers(folder, request.param)
    _screen(folder)  # the address field SITE_ADDR is recognised without --address-field
    result = CliRunner().invoke(main, ["publish", str(folder / "screen.gpkg"), "-o", str(folder / "site")])
    assert result.exit_code == 0, result.output
    assert "site written to" in result.stderr and "4 lots" in result.stderr
    return folder, lots(folder / "site")


def _length_ft(line) -> float:
    (lat0, lng0), (lat1, lng1) = line
    return GEOD.inv(lng0, lat0, lng1, lat1)[2] / FT


def test_the_screen_records_what_publish_reads(site):
    folder, _ = site
    record = pyogrio.read_dataframe(folder / "screen.gpkg", layer="screen_record", read_geometry=False)
    values = dict(zip(record["key"], record["value"]))
    assert values["address_field"] == "SITE_ADDR" and values["layer:parcels"] == "layers.gpkg:parcels"
    assert values["law_read"] == "2026-12-03"  # the shipped Kings Point profile's sources were read that day
    law = pyogrio.read_dataframe(folder / "screen.gpkg", layer="screen_law", read_geometry=False)
    assert {"Docks B", "Docks C", "Docks D(1)"} <= set(law["section"])
    parcels = pyogrio.read_dataframe(folder / "screen.gpkg", layer="parcels", read_geometry=False)
    assert dict(zip(parcels["parcel_id"], parcels["address"])) == {k: a for k, (_, a) in PARCELS.items()}


def test_a_lot_with_room_for_a_dock(site):
    _, page = site
    a = page["A"]
    assert a["s"] == "yes" and a["r"] == [] and a["ad"] == "12 Harbor Rd"
    frontage, setback, band, reach, greatest, area, docks = a["f"]
    assert frontage == pytest.approx(200.0, abs=0.01) and setback == pytest.approx(80.0, abs=0.01)
    assert band == pytest.approx(40.0, abs=0.01) and reach == pytest.approx(200.0, abs=0.01)
    assert area == pytest.approx(8000.0, abs=1.0) and docks == 0
    dims = {label: line for line, label, _ in a["d"]}
    assert set(dims) == {"reach limit 200.0 ft", "setback 80.0 ft"}
    # the dimension lines are as long as their figures, measured back on the ellipsoid (the projections' scale
    # near Kings Point is within 0.05 % of 1; degrees are written to 1e-6, about 0.3 ft)
    assert _length_ft(dims["reach limit 200.0 ft"]) == pytest.approx(200.0, abs=0.6)
    setbacks = [line for line, label, _ in a["d"] if label.startswith("setback")]
    assert len(setbacks) == 2 and all(_length_ft(line) == pytest.approx(80.0, abs=0.6) for line in setbacks)
    # each setback runs from the envelope's side to the lot's side line: the two outer ends are the lot's width apart
    assert _length_ft([line[1] for line in setbacks]) == pytest.approx(200.0, abs=1.0)
    # the lot and the envelope as drawn: 200 x 150 ft and 40 x 200 ft, their areas measured on the ellipsoid
    for polygons, sqft in ((a["p"], 200.0 * 150.0), (a["e"], 8000.0)):
        (outline,), = [[ring(r) for r in rings] for rings in polygons]
        lats, lngs = zip(*outline)
        assert abs(GEOD.polygon_area_perimeter(lngs, lats)[0]) / FT**2 == pytest.approx(sqft, rel=2e-3)


def test_lots_without_a_dock_say_why_with_the_laws_section_and_words(site):
    folder, page = site
    law = manifest(folder / "site")["law"]
    b = page["B"]
    # 100 ft of frontage: under 150 ft (Docks B), and its 60-ft setbacks leave no band (100 - 2 x 60 < 0, Docks C)
    assert b["s"] == "no" and len(b["r"]) == 2
    (short, by_frontage), (no_room, by_setback) = b["r"]
    assert "100.0 ft" in short and "150" in short and short.endswith("(Docks B)")
    assert "60.0 ft from each side line" in no_room and no_room.endswith("(Docks C)")
    assert by_frontage and all(law[i][0] == "Docks B" for i in by_frontage)
    assert any("150 feet" in law[i][2] and law[i][4] == "2026-12-03" for i in by_frontage)
    assert by_setback and all(law[i][0] == "Docks C" and "40%" in law[i][2] for i in by_setback)
    assert "e" not in b and "d" not in b
    d = page["D"]
    assert d["s"] == "no" and d["r"] == [["does not front the MHW line", []]] and d["f"][0] is None


def test_the_wider_lot_keeps_its_own_setback(site):
    _, page = site
    c = page["C"]
    assert c["s"] == "yes" and c["f"][1] == pytest.approx(120.0, abs=0.01) and c["f"][2] == pytest.approx(60.0, abs=0.01)
    assert c["f"][5] == pytest.approx(12000.0, abs=1.0)


def test_markup_in_an_attribute_stays_text_in_the_data(site):
    folder, page = site
    assert page["D"]["ad"] == MARKUP
    for path in (folder / "site" / "data").rglob("*.js"):
        assert "<img" not in path.read_text("utf-8")  # "<" is written \u003c: no </script> can close a data script
    entries = index(folder / "site")
    assert ["12harborrd", "A", "12 Harbor Rd"] == entries[[e[1] for e in entries].index("A")][:3]
    assert {e[1] for e in entries if e[0] == "harborrd"} == {"A", "B", "C"}  # an address without its house number


def test_the_page_names_no_check_id(site):
    folder, _ = site
    text = " ".join(p.read_text("utf-8") for p in (folder / "site" / "data").rglob("*.js"))
    text += (folder / "site" / "index.html").read_text("utf-8")
    for check_id in ("side-setback", "property-class", "channel-clearance", "navigable-reach", "one-dock"):
        assert check_id not in text


def test_a_folder_publish_did_not_write_is_refused(site, tmp_path):
    folder, _ = site
    mine = tmp_path / "photos"
    mine.mkdir()
    (mine / "holiday.jpg").write_bytes(b"x")
    result = CliRunner().invoke(main, ["publish", str(folder / "screen.gpkg"), "-o", str(mine)])
    assert result.exit_code == 2 and "did not write it" in result.stderr and len(result.stderr.splitlines()) == 1
    assert [p.name for p in mine.iterdir()] == ["holiday.jpg"]
    afile = tmp_path / "notes.txt"
    afile.write_text("x")
    result = CliRunner().invoke(main, ["publish", str(folder / "screen.gpkg"), "-o", str(afile)])
    assert result.exit_code == 2 and "not a folder" in result.stderr and afile.read_text() == "x"


def test_its_own_folder_is_replaced_whole(site, tmp_path):
    folder, _ = site
    out = tmp_path / "site"
    for _ in range(2):
        result = CliRunner().invoke(main, ["publish", str(folder / "screen.gpkg"), "-o", str(out)])
        assert result.exit_code == 0, result.output
        (out / "data" / "tiles" / "stale.js").write_text("DR.tile('old', []);")
    result = CliRunner().invoke(main, ["publish", str(folder / "screen.gpkg"), "-o", str(out)])
    assert result.exit_code == 0 and not (out / "data" / "tiles" / "stale.js").exists()
    assert json.loads((out / "dockreview-site.json").read_text())["written_by"] == "dockreview publish"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # nothing left beside it


def test_a_screen_without_its_record_is_refused_in_one_line(site, tmp_path):
    folder, _ = site
    import geopandas as gpd

    bare = tmp_path / "bare.gpkg"
    gpd.read_file(folder / "screen.gpkg", layer="parcels").to_file(bare, layer="parcels", driver="GPKG", engine="pyogrio")
    result = CliRunner().invoke(main, ["publish", str(bare), "-o", str(tmp_path / "site")])
    assert result.exit_code == 2 and "screen_record" in result.stderr and len(result.stderr.splitlines()) == 1
    assert not (tmp_path / "site").exists()


def test_an_address_field_named_but_absent_is_refused(site):
    folder, _ = site
    result = CliRunner().invoke(main, [
        "screen", "--parcels", str(folder / "layers.gpkg:parcels"), "--mhw", str(folder / "layers.gpkg:mhw"),
        "--address-field", "ADDR", "-o", str(folder / "other.gpkg"),
    ])
    assert result.exit_code == 2 and "no field 'ADDR' (--address-field)" in result.stderr
