"""The registries where the code once branched: output formats by product and suffix, riparian methods by name.

Each is declared once (:data:`dockreview.outputs.formats.PRODUCTS`, :data:`dockreview.inputs.spec.RIPARIAN_METHODS`)
and read by the command line, the writers, the manifest, the QGIS provider and the README's tables. Here: a file
name of another suffix is refused, per product, with the suffixes written out by hand; every registered writer
writes a file that is what its suffix says (its first bytes); every registered method draws its lines on a sample
site; the README's two tables are the registries' own (``PYTHONPATH=tests python tests/unit/test_registries.py`` prints them to
paste between the README's ``formats:`` and ``methods:`` markers).
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import geopandas as gpd
import pytest
from click.testing import CliRunner
from shapely import LineString, Point

from dockreview.cli import main
from dockreview.inputs.spec import RIPARIAN_METHODS
from dockreview.outputs.formats import PRODUCTS
from support.paths import DATA, ROOT

SITE = str(DATA / "straight-t-float" / "site.toml")


# ----------------------------------------------------------------------------- a file of another suffix, refused


@pytest.mark.parametrize(("args", "line"), [
    (["check", SITE, "--map", "x.jpg"], "error: --map x.jpg: use a .png, .pdf or .svg file name"),
    (["map", SITE, "--sheet", "evidence", "-o", "x.tif"], "error: -o x.tif: use a .png, .pdf or .svg file name"),
    (["envelope", SITE, "--map", "x.eps"], "error: --map x.eps: use a .png, .pdf or .svg file name"),
    (["report", SITE, "-o", "x.docx"], "error: -o x.docx: use a .html, .pdf or .md file name"),
    (["check", SITE, "--gpkg", "x.shp"], "error: --gpkg x.shp: use a .gpkg file name"),
    (["report", SITE, "-o", "x.pdf", "--gpkg", "x.sqlite"], "error: --gpkg x.sqlite: use a .gpkg file name"),
    (["envelope", SITE, "-o", "x.geojson"], "error: -o x.geojson: use a .gpkg file name"),
    (["audit", "--chart", "US5NY1AM.000", "-o", "x.csv"], "error: --output x.csv: use a .gpkg file name"),
    (["screen", "--parcels", "p.shp", "--mhw", "m.shp", "-o", "x.shp"],
     "error: -o x.shp: use a .gpkg, .parquet or .geoparquet file name"),
], ids=["check-map", "map-evidence", "envelope-map", "report", "check-gpkg", "report-gpkg", "envelope-o", "audit",
        "screen"])
def test_a_file_of_another_suffix_is_refused_in_one_line_naming_the_suffixes(tmp_path, monkeypatch, args, line):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [line]
    assert not list(tmp_path.iterdir())  # refused before anything is read or written


def test_the_page_is_one_of_the_sheets_pages():
    result = CliRunner().invoke(main, ["map", SITE, "-o", "x.png", "--page", "a4"])
    assert result.exit_code == 2 and "'a4' is not one of 'letter', 'tabloid'" in result.stderr


# ----------------------------------------------------------------------------- every writer writes its format

#: What a file of each suffix starts with, written out by hand (a new format needs its line here).
MAGIC = {
    ".png": (b"\x89PNG\r\n\x1a\n",),
    ".pdf": (b"%PDF-",),
    ".svg": (b"<?xml", b"<svg"),
    ".html": (b"<!doctype html", b"<html"),
    ".md": (b"# ",),
    ".gpkg": (b"SQLite format 3\x00",),
    ".parquet": (b"PAR1",),
    ".geoparquet": (b"PAR1",),
    ".csv": (b"name,geometry",),
}


def _is(path: Path, suffix: str) -> bool:
    """Whether the file starts as a file of ``suffix`` does (:data:`MAGIC`; text in any case)."""
    head = path.read_bytes()[:64]
    return any(head.startswith(m) or head.lower().startswith(m.lower()) for m in MAGIC[suffix])


FORMATS = [(product.name, f.suffix) for product in PRODUCTS.values() for f in product.formats]


@pytest.fixture(scope="module")
def reviewed():
    import dockreview

    return dockreview.review(dockreview.load_site(SITE))


def _frame():
    return gpd.GeoDataFrame({"name": ["a", "b"]}, geometry=[Point(0, 0), Point(10, 5)], crs="EPSG:2263")


def _sheet():
    """A small sheet: any figure is written as a map is (the exhibit's drawing is tested beside it)."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(3, 2))
    ax.plot([0, 1], [0, 1])
    ax.set_title("dock")
    return fig


def _write(product: str, path: Path, review) -> None:
    """Write ``product`` to ``path`` with the registry's writer for its suffix, called as the package calls it."""
    from dockreview.outputs.geopackage import geopackage

    writer = PRODUCTS[product].writer(path)
    if product == "map":
        writer(_sheet(), path)
    elif product == "report":
        writer(review, path, page="letter", all_checks=False)
    elif writer is geopackage:
        with writer(path, product="test") as out:
            out.write(_frame(), "points")
    else:  # GeoDataFrame.to_parquet, DataFrame.to_csv
        writer(_frame(), path, index=False)


@pytest.mark.parametrize(("product", "suffix"), FORMATS, ids=[f"{p}{s}" for p, s in FORMATS])
def test_each_registered_writer_writes_a_file_of_its_suffix(tmp_path, reviewed, product, suffix):
    path = tmp_path / f"out{suffix}"
    _write(product, path, reviewed)
    assert _is(path, suffix), (product, suffix, path.read_bytes()[:64])


@pytest.mark.parametrize("suffix", [".png", ".pdf", ".svg"])
def test_the_exhibit_is_written_by_its_suffix_through_the_public_api(tmp_path, reviewed, suffix):
    from dockreview.outputs import save_map

    save_map(reviewed, tmp_path / f"site{suffix}")
    assert _is(tmp_path / f"site{suffix}", suffix)


def test_the_report_is_written_by_its_suffix_through_the_public_api(tmp_path, reviewed):
    from dockreview.outputs import write_report

    write_report(reviewed, tmp_path / "report.HTML")
    assert _is(tmp_path / "report.HTML", ".html")
    with pytest.raises(ValueError, match=r"a report is \.html, \.pdf or \.md"):
        write_report(reviewed, tmp_path / "report.docx")
    assert [p.name for p in tmp_path.iterdir()] == ["report.HTML"]


# ----------------------------------------------------------------------------- every method draws its lines


def test_every_registered_method_has_its_construction():
    from dockreview.geometry import CONSTRUCTIONS

    assert list(CONSTRUCTIONS) == list(RIPARIAN_METHODS)


@pytest.fixture(scope="module")
def channel_site():
    """Lake Austin's sample lot: a channel with a centreline layer (also its median line); a cove line 400 ft along
    the shore either side (also a line of navigation); a lake centre on the centreline in front of the lot."""
    import shapely

    import dockreview

    site = dockreview.load_site(str(DATA / "lake-austin-channel" / "site.toml"))
    shore = min(shapely.get_parts(site.mhw), key=lambda part: part.distance(site.parcel))
    at, reach = shore.project(site.parcel.centroid), site.to_units(400.0)
    cove = LineString([shore.interpolate(max(at - reach, 0.0)), shore.interpolate(min(at + reach, shore.length))])
    centre = shapely.shortest_line(site.parcel.centroid, site.centerline).coords[-1]
    return site, {"centerline": site.centerline, "cove_line": cove, "median_line": site.centerline, "navigation_line": cove,
                  "navigation_ft": 60.0, "lake_center": centre}


@pytest.mark.parametrize("method", list(RIPARIAN_METHODS))
def test_each_registered_method_draws_its_lines_on_a_sample_site(channel_site, method):
    from dockreview.geometry import riparian_geometry

    site, layers = channel_site
    given = {name: layers[name] for name in RIPARIAN_METHODS[method].layers[:1]}
    if method == "round-lake":  # a channel closes around no water: its centre is given
        given["lake_center"] = layers["lake_center"]
    rip = riparian_geometry(
        site.parcel, site.mhw, tolerance=site.to_units(5.0), ft_per_unit=site.ft_per_unit, method=method,
        parcels=site.parcels.geometry.values, **given,
    )
    assert rip.method == method and rip.description
    for line in (rip.left_extension, rip.right_extension):
        assert line.length * site.ft_per_unit > 10.0  # into the water, cut at land across the channel
    assert rip.zone.area > 0


def test_a_manifests_unknown_method_is_refused_with_the_nearest_name(tmp_path):
    shutil.copytree(Path(SITE).parent, tmp_path / "site")
    manifest = tmp_path / "site" / "site.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("[review]\n", '[review]\nriparian_method = "perpendicular-to-centreline"\n'), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(manifest)])
    assert result.exit_code == 2
    assert "'review.riparian_method' 'perpendicular-to-centreline' is not a riparian method" in result.stderr
    assert "did you mean 'perpendicular-to-centerline'?" in result.stderr


# ----------------------------------------------------------------------------- the README's tables


def formats_table() -> str:
    """The README's table of output formats: one row per product and suffix."""
    rows = ["| product | suffix | file | how it is written | writer |", "|---|---|---|---|---|"]
    for product in PRODUCTS.values():
        for i, f in enumerate(product.formats):
            what = f"**{product.name}**: {product.words}" if i == 0 else ""
            rows.append(f"| {what} | `{f.suffix}` | {f.name} | {f.words} | `{f.writer}` |")
    return "\n".join(rows)


def methods_table() -> str:
    from dockreview.batch.lines import ARRAY_METHODS

    """The README's table of riparian methods: name, the line it draws, its source, what it needs, whether a screen draws it as arrays."""
    rows = ["| method | the line from each water corner | source | needs | a layer of lots drawn as |", "|---|---|---|---|---|"]
    for i, method in enumerate(RIPARIAN_METHODS.values()):
        name = f"`{method.name}`" + (" (default)" if i == 0 else "")
        needs = method.needs.split(":")[0] if method.needs else "nothing more"
        rows.append(f"| {name} | {method.words} | {method.source} | {needs} | {'arrays' if method.name in ARRAY_METHODS else 'one lot at a time'} |")
    return "\n".join(rows)


@pytest.mark.parametrize(("marker", "table"), [("formats", formats_table), ("methods", methods_table)])
def test_the_readmes_tables_are_the_registries_own(marker, table):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(rf"<!-- {marker}:start -->\n(.*?)\n<!-- {marker}:end -->", readme, flags=re.DOTALL)
    assert found, f"README.md needs the {marker} table between <!-- {marker}:start --> and <!-- {marker}:end -->"
    assert found.group(1).strip() == table(), f"the registry changed: PYTHONPATH=tests python {Path(__file__).relative_to(ROOT)} prints the tables"


if __name__ == "__main__":
    sys.stdout.write(f"{formats_table()}\n\n{methods_table()}\n")


@pytest.mark.parametrize("given", ["[]", "7", "{ a = 1 }"])
def test_a_method_that_is_no_name_is_one_plain_line(tmp_path, given):
    shutil.copytree(Path(SITE).parent, tmp_path / "site")
    manifest = tmp_path / "site" / "site.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("[review]\n", f"[review]\nriparian_method = {given}\n"), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(manifest)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "'review.riparian_method'" in result.stderr and "is not a riparian method" in result.stderr
