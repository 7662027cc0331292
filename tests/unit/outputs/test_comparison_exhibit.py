"""The riparian methods compared on a sheet (issue 29): ``dockreview riparian SITE --map PATH``.

Sites: the lot of tests/acceptance/test_riparian_methods.py whose side lines lean
20 deg off square (water corners at local (-100, 0) and (100, 0) on the straight
MHW line v = 0; neighbours 200 ft wide either side; a T dock, walkway u -3..3,
v 0..110, float u -10..10, v 110..120), in EPSG:2263 (US ft) and EPSG:32618
(metres); a 90-degree canal bend (the shore runs along v = 0 to B = (100, 0) and
turns there along u = 100); and the ``curved-cove`` sample. Every expected figure
is derived by hand from the construction; which methods a shore can be drawn by
is the comparison's (the drawn methods known by hand are asserted besides).

The scale of the shoreline sheet is measured twice: in the PDF's own vector
drawing (the scale bar's four quarters, in points of the printed page, against
the length and the "1 in = N ft" it prints) and through the map's transform (the
lot's two water corners, 200 ft apart on the ground by construction, on the page).
"""

from __future__ import annotations

import math
import re
import warnings

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
import shapely
from click.testing import CliRunner
from shapely.geometry import LineString, Polygon

import dockreview
from dockreview.cli import main
from dockreview.outputs.exhibit.comparison import plot_comparison
from dockreview.outputs.exhibit.shoreline import plot_shoreline
from support.collisions import collisions, labels, shape_of
from support.paths import DATA
from support.sitegen import frame_in, lots_beside, rect, write_local_site

pypdf = pytest.importorskip("pypdf")

CRSS = [pytest.param("EPSG:2263", 25.0, id="2263-usft"), pytest.param("EPSG:32618", 137.0, id="32618-m")]
SUBJECT, LEFT_ID, RIGHT_ID = "2-105-33", "2-105-32", "2-105-34"
S20, C20 = math.sin(math.radians(20.0)), math.cos(math.radians(20.0))
S30, C30 = 0.5, math.sqrt(3.0) / 2.0
T_DOCK = [("walkway", rect(-3, 0, 3, 110)), ("float", rect(-10, 110, 10, 120))]
#: The layout is decided at the dpi the sheet is drawn at; these tests draw at a low one to stay quick.
DPI = 50


def lot_20(path, crs, rotation):
    """The 20-deg lot; its frame."""
    frame = frame_in(crs, rotation)
    subject, lnb, rnb = lots_beside([(-100, 0), (-100 + 160 * S20, -160 * C20)], [(100, 0), (100 + 160 * S20, -160 * C20)])
    site = write_local_site(path, frame, parcels=[(SUBJECT, subject), (LEFT_ID, lnb), (RIGHT_ID, rnb)],
                            mhw=[LineString([(-700, 0), (700, 0)])], footprint=T_DOCK, review={})
    return site, frame


def canal_bend(path, crs="EPSG:2263", rotation=25.0):
    """The 90-degree bend: the lot's right side line leans 30 deg, its right neighbour fronts the leg u = 100."""
    frame = frame_in(crs, rotation)
    back = (100 + 150 * S30, -150 * C30)
    parcels = [(SUBJECT, Polygon([(-100, 0), (100, 0), back, (-100, -150)])),
               (LEFT_ID, Polygon([(-300, 0), (-100, 0), (-100, -150), (-300, -150)])),
               (RIGHT_ID, Polygon([(100, 0), back, (320, back[1]), (320, 220), (100, 220)]))]
    dock = [("walkway", rect(-3, 0, 3, 40)), ("float", rect(-10, 40, 10, 50))]
    site = write_local_site(path, frame, parcels=parcels, mhw=[LineString([(-700, 0), (100, 0), (100, 700)])],
                            footprint=dock, review={})
    return site, frame


def reviewed(manifest):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        review = dockreview.review(dockreview.load_site(str(manifest)))
        return review, review.riparian_methods()


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    """Each site's manifest, frame (None for the sample), review and comparison, built once."""
    root = tmp_path_factory.mktemp("sites")
    out = {}
    for crs, rotation in (("EPSG:2263", 25.0), ("EPSG:32618", 137.0)):
        site, frame = lot_20(root / f"lot-{crs[5:]}", crs, rotation)
        out[f"lot-{crs[5:]}"] = (site.manifest, frame, *reviewed(site.manifest))
    site, frame = canal_bend(root / "bend")
    out["bend"] = (site.manifest, frame, *reviewed(site.manifest))
    out["curved-cove"] = (DATA / "curved-cove" / "site.toml", None, *reviewed(DATA / "curved-cove" / "site.toml"))
    return out


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def drawn(plot, *args, **kwargs):
    with matplotlib.rc_context({"figure.dpi": DPI}):
        fig, ax = plot(*args, **kwargs)
    fig.canvas.draw()
    return fig, ax


# ----------------------------------------------------------------------------- the files


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_a_png_or_an_svg_holds_the_comparison_alone(tmp_path, sites, suffix):
    manifest = sites["lot-2263"][0]
    out = tmp_path / f"methods{suffix}"
    result = cli("riparian", manifest, "--map", out)
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    if suffix == ".png":
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
    else:
        assert b"Riparian methods compared" in data and b"Shoreline and property lines" not in data


def test_another_suffix_is_one_line_and_exit_2(tmp_path, sites):
    out = tmp_path / "methods.jpg"
    result = cli("riparian", sites["lot-2263"][0], "--map", out)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "--map" in lines[0] and ".pdf" in lines[0] and "Traceback" not in result.output
    assert not out.exists()


def test_an_input_is_never_written_over(tmp_path, sites):
    manifest = tmp_path / "site.svg"  # a manifest named as a map: --map naming it is refused before anything is read
    text = sites["lot-2263"][0].read_text()
    manifest.write_text(text)
    result = cli("riparian", manifest, "--map", manifest)
    assert result.exit_code == 2 and "input" in result.output
    assert manifest.read_text() == text


# ----------------------------------------------------------------------------- the comparison


def legend_texts(fig) -> list[str]:
    legend = next(a for a in fig.axes if a.get_gid() == "legend").get_legend()
    return [" ".join(t.get_text().split()) for t in legend.get_texts()]


@pytest.mark.parametrize("name, known", [
    ("lot-2263", {"extended-side-lines", "perpendicular-to-trend", "colonial"}),
    ("lot-32618", {"extended-side-lines", "perpendicular-to-trend", "colonial"}),
    ("bend", {"extended-side-lines", "colonial"}),
    ("curved-cove", {"extended-side-lines", "perpendicular-to-trend"}),
])
def test_the_legend_names_every_method_drawn_and_why_the_others_are_not(sites, name, known):
    # Drawn by hand on each shore: the side lines carried on, and the colonial bisector (straight at a straight
    # corner, 45 deg at the bend); square to the trend on a shore whose trend is straight or an even arc. A centreline,
    # a median line and a line of navigation are not given: those methods cannot be drawn.
    _, _, review, comparison = sites[name]
    fig, _ = drawn(plot_comparison, review, comparison)
    texts = legend_texts(fig)
    names = {m.method for m in comparison.drawn}
    assert known <= names
    assert names <= set(texts)  # each drawn method has its own entry, by its name
    for method in ("perpendicular-to-centerline", "long-lake"):
        assert method not in names
        assert any(t.startswith(f"not drawn: {method}, needs ") for t in texts), texts
    for m in comparison.methods:
        assert (m.method in texts) == (m.method in names)
    plt.close(fig)


def _lines(ax, prefixes) -> list:
    return [shapely.LineString(line.get_transform().transform(line.get_xydata())) for line in ax.lines
            if (line.get_gid() or "").startswith(prefixes) and len(line.get_xydata()) > 1]


@pytest.mark.parametrize("name", ["lot-2263", "lot-32618", "bend", "curved-cove"])
def test_nothing_overlaps_on_either_sheet(sites, name):
    _, _, review, comparison = sites[name]
    fig, ax = drawn(plot_comparison, review, comparison)
    assert not collisions(fig, ax), collisions(fig, ax)
    renderer = fig.canvas.get_renderer()
    placed = labels(ax)
    named = [t.get_text() for t in placed if (t.get_gid() or "").startswith("name:method:")]
    assert sorted(named) == sorted(2 * [m.method for m in comparison.drawn])  # each line labelled with its method
    water_lines = _lines(ax, ("method:", "bound"))
    on = [t.get_text() for t in placed if any(shape_of(t, renderer).buffer(-0.5).intersects(line) for line in water_lines)]
    assert not on, on
    legend = next(a for a in fig.axes if a.get_gid() == "legend").get_legend().get_window_extent(renderer)
    table = next(a for a in fig.axes if a.get_gid() == "methods-table")
    cells = [t.get_window_extent(renderer) for t in table.texts]
    assert legend.y0 > max(c.y1 for c in cells)  # the legend stands above the table of methods
    assert min(c.x0 for c in cells) > ax.bbox.x1 and max(c.x1 for c in cells) < fig.bbox.width
    plt.close(fig)
    fig, ax = drawn(plot_shoreline, review)
    assert not collisions(fig, ax), collisions(fig, ax)
    plt.close(fig)


@pytest.mark.parametrize("name", ["lot-2263", "lot-32618"])
def test_the_table_and_the_disputed_water_on_the_20_deg_lot(sites, name):
    # Extended side lines: 97 cos 20 = 91.150 ft left, 90 cos 20 - 120 sin 20 = 43.530 ft right: fails; square to the
    # trend and colonial: 90 ft each side: pass. Within the 200-ft bound each method's water is 200 x 200 = 40,000 sq ft.
    # The disputed water on each side is the triangle between the side line carried on (20 deg off square) and the
    # square line, cut at v = 200: 200 x 200 tan 20 / 2 = 7,279.6 sq ft.
    _, frame, review, comparison = sites[name]
    k = frame.ft_per_unit * frame.units_per_ft
    fig, ax = drawn(plot_comparison, review, comparison)
    table = next(a for a in fig.axes if a.get_gid() == "methods-table")
    rows = {}
    for t in table.texts:
        row, col = map(int, t.get_gid().split(":")[1:])
        rows.setdefault(row, {})[col] = " ".join(t.get_text().split())
    by = {r[0]: {c: text for c, text in r.items() if c > 0} for i, r in rows.items() if i > 0}
    assert by["extended-side-lines"] == {1: "fail", 2: f"{97 * C20 * k:,.1f}", 3: f"{(90 * C20 - 120 * S20) * k:,.1f}",
                                             4: f"{40_000 * k * k:,.0f}"}
    for method in ("perpendicular-to-trend", "colonial"):
        assert by[method] == {1: "pass", 2: f"{90 * k:,.1f}", 3: f"{90 * k:,.1f}", 4: f"{40_000 * k * k:,.0f}"}
    assert by["long-lake"] == {1: "not drawn", 2: "-", 3: "-", 4: "-"}
    triangle = 200 * 200 * math.tan(math.radians(20)) / 2 * k * k
    texts = [" ".join(t.get_text().split()) for t in ax.texts]
    for side in ("left", "right"):
        assert f"disputed with the {side} neighbour: {triangle:,.0f} sq ft" in texts
    block = next(a for a in fig.axes if a.get_gid() == "title-block")
    words = " ".join(" ".join(t.get_text().split()) for t in block.texts)
    assert ("the dock passes under SOME of the 3 methods drawn (passes under perpendicular-to-trend, colonial), by the "
            "law's setback from the side lines") in words
    assert "200.0 ft from the MHW line" in words and "not a survey" in words
    plt.close(fig)


# ----------------------------------------------------------------------------- the shoreline sheet


def pdf_rectangles(page, reader) -> list[tuple[float, float, float, float]]:
    """The closed four-cornered axis-aligned paths a PDF page fills, as (x0, y0, x1, y1) in points."""
    from pypdf.generic import ContentStream

    out, path = [], []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"m":
            path = [tuple(map(float, operands))]
        elif op == b"l":
            path.append(tuple(map(float, operands)))
        elif op in (b"f", b"B", b"f*", b"B*", b"b", b"b*", b"S", b"n"):
            xy = np.unique(np.round(path, 4), axis=0) if path else np.empty((0, 2))
            if op != b"S" and op != b"n" and len(xy) == 4 and len(set(xy[:, 0])) == 2 and len(set(xy[:, 1])) == 2:
                out.append((xy[:, 0].min(), xy[:, 1].min(), xy[:, 0].max(), xy[:, 1].max()))
            path = []
    return out


def pdf_words(page, reader) -> list[str]:
    from pypdf.generic import ContentStream

    return [str(operands[0]) for operands, op in ContentStream(page.get_contents(), reader).operations if op == b"Tj"]


@pytest.mark.parametrize("name", ["lot-2263", "lot-32618", "bend"])
def test_a_pdf_holds_the_comparison_then_the_shoreline_sheet_to_scale(tmp_path, sites, name):
    manifest, frame, review, _ = sites[name]
    out = tmp_path / "methods.pdf"
    result = cli("riparian", manifest, "--map", out)
    assert result.exit_code == 0, result.output
    assert "the dock keeps clear of the side lines under" in result.output  # the terminal's lines are as before
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 2
    for page in reader.pages:  # a landscape letter page, 11 x 8.5 in
        assert (float(page.mediabox.width), float(page.mediabox.height)) == (792.0, 612.0)
    first, second = (" ".join(page.extract_text().split()) for page in reader.pages)
    assert "Riparian methods compared" in first and "Shoreline and property lines" not in first
    assert "Shoreline and property lines" in second and "Riparian methods compared" not in second
    assert "Kings Point" not in second  # the profile's name (its town) is not on the shoreline sheet
    page = reader.pages[1]
    words = pdf_words(page, reader)
    scale = next(int(m[1]) for w in words if (m := re.fullmatch(r"1 in = (\d+) ft.*", w)))
    length_ft = next(int(m[1]) for w in words if (m := re.fullmatch(r"(\d+) ft", w)))
    # the bar: four quarters 3.5 pt high, side by side, of one width
    bars = sorted(r for r in pdf_rectangles(page, reader) if abs((r[3] - r[1]) - 3.5) < 0.05)
    assert len(bars) == 4 and len({round(r[1], 2) for r in bars}) == 1
    assert all(abs(a[2] - b[0]) < 0.01 for a, b in zip(bars, bars[1:]))
    printed_in = (bars[-1][2] - bars[0][0]) / 72.0
    assert printed_in == pytest.approx(length_ft / scale, rel=1e-4)
    # the map at the same scale: the lot's water corners, 200 ft apart on the ground (x 1.000002 in US survey feet)
    k = frame.ft_per_unit * frame.units_per_ft
    fig, ax = drawn(plot_shoreline, review)
    corners = ax.transData.transform([frame.pt(-100, 0), frame.pt(100, 0)])
    on_paper_in = float(np.hypot(*(corners[1] - corners[0]))) / fig.dpi
    assert tuple(fig.get_size_inches()) == (11.0, 8.5)  # the figure's inches are the page's
    assert on_paper_in == pytest.approx(200.0 * k / scale, rel=1e-4)
    plt.close(fig)


@pytest.mark.parametrize("name", ["lot-2263", "lot-32618"])
def test_the_shore_either_side_and_its_distances(sites, name):
    # The MHW line v = 0 from u = -200 to 200 (100 ft beyond each water corner); the subject's frontage 200 ft, each
    # neighbour's 100 ft of it within the stretch (they run 200 ft on). The dock's nearest point to the left side line
    # (from (-100, 0) along (sin 20, -cos 20)): the walkway's root corner (-3, 0), 97 cos 20 = 91.150 ft, its foot 97 sin
    # 20 = 33.18 ft down the line, 31.18 ft from the shore: the side line is drawn on to it. The right side line leans
    # away from the dock: 97.0 ft from (3, 0) to its corner (100, 0). Every other property line within 25 ft of the shore.
    _, frame, review, _ = sites[name]
    k = frame.ft_per_unit * frame.units_per_ft
    fig, ax = drawn(plot_shoreline, review)
    texts = {" ".join(t.get_text().split()) for t in ax.texts}
    assert {f"lot {SUBJECT} frontage {200 * k:,.1f} ft", f"lot {LEFT_ID}: {100 * k:,.1f} ft of it shown",
            f"lot {RIGHT_ID}: {100 * k:,.1f} ft of it shown", f"dock to left side line {97 * C20 * k:,.1f} ft",
            f"dock to right side line {97 * k:,.1f} ft"} <= texts
    lines = [np.array([frame.local(x, y) for x, y in line.get_xydata()]) for line in ax.lines if line.get_gid() == "property-line"]
    v = np.concatenate([xy[:, 1] for xy in lines])
    u = np.concatenate([xy[:, 0] for xy in lines])
    assert v.min() == pytest.approx(-97 * S20 * C20, abs=0.05)  # the left side line, on to the dock's nearest point
    deep = v < -25.0 - 0.05
    assert np.allclose(u[deep], -100 + (-v[deep]) * S20 / C20, atol=0.05)  # ... on the left side line, nowhere else
    assert u.min() >= -225.0 - 0.05 and u.max() <= 225.0 + 0.05  # within 25 ft of the stretch's ends
    ends = sorted(frame.local(*line.get_xydata()[i])[0] for line in ax.lines if line.get_gid() == "shore" for i in (0, -1))
    assert ends == pytest.approx([-200.0, 200.0], abs=0.05)
    plt.close(fig)
