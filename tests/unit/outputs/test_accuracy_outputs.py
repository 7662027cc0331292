"""Every output shows the data's accuracy (issue 30): the site plan, the staff report, the GeoPackage.

The lot of tests/acceptance/test_conditional_checks.py: 200 ft wide on a straight shore (side lines square to it
at u = -+100, both water corners on v = 0), a float spanning u -+10 out to v = 120, so the setbacks are 90 ft each
side against Kings Point's max(40 % of 200, 60) = 80 ft: a margin of 10 ft.  The margin moves with the side lines
alone, so its 95 % is 0.8007 A (NSSDA, A the lot lines' stated accuracy):

* A = 15 ft: +-12.01 ft > 10 ft, a conditional pass; a survey of the lot lines to 10 / 0.8007 = 12.49 ft settles
  it (printed to the tenth below: +-12.4 ft); each side line's band is 12.01 ft wide either side of it;
* a float to u = -+23: setbacks 77 ft, 3 ft short; A = 6 ft: +-4.80 ft > 3 ft, a conditional fail, settled by a
  survey to 3 / 0.8007 = 3.75 ft (+-3.7 ft);
* every layer surveyed to 0.1 ft: +-0.08 ft, nothing conditional, no band.

Every figure is by hand; the drawing tests run in a US-feet and a metre CRS.
"""

from __future__ import annotations

import math

import matplotlib
import matplotlib.pyplot as plt
import pytest
import shapely
from shapely.geometry import LineString

import dockreview
from dockreview.outputs.exhibit import plot_review, title_lines
from dockreview.outputs.export import derived_layers
from dockreview.outputs.report import sections
from dockreview.outputs.style import STATUS_COLOURS
from support.sitegen import frame_in, lots_beside, rect, write_local_site

K = 1.959964 / math.sqrt(-2.0 * math.log(0.05))  # 0.8007: a distance square to a line, per foot of its 95 % radial
CRSS = ["EPSG:2263", "EPSG:32618"]
SUBJECT = "2-105-33"


def lot(path, crs, *, float_half=10.0, parcels=15.0, mhw=0.1, exact=True):
    """The 200-ft lot with a float spanning u -+``float_half``; the layers' accuracy stated (ft, 95 %; None: not stated,
    and with ``exact=False`` a default taken); its frame."""
    subject, left, right = lots_beside([(-100, 0), (-100, -150)], [(100, 0), (100, -150)])
    dock = [("walkway", rect(-3, -5, 3, 110)), ("float", rect(-float_half, 110, float_half, 120))]
    tables = {"layers": {role: {"path": "site.gpkg", "layer": role, "accuracy_ft": a}
                         for role, a in (("parcels", parcels), ("mhw", mhw)) if a is not None}}
    frame = frame_in(crs)
    site = write_local_site(path, frame, parcels=[(SUBJECT, subject), ("L", left), ("R", right)],
                            mhw=[LineString([(-700, 0), (700, 0)])], footprint=dock, tables=tables, exact=exact)
    return site, frame


def reviewed(site, **kwargs):
    return dockreview.review(dockreview.load_site(str(site.manifest)), **kwargs)


def drawn(review):
    """The exhibit page (at a low resolution: only its artists are read), its map axes and every text on it."""
    with matplotlib.rc_context({"figure.dpi": 40}):
        fig, ax = plot_review(review)
    texts = [" ".join(t.get_text().replace("\u00a0", " ").split()) for a in fig.axes for t in a.texts]
    legends = [" ".join(t.get_text().split()) for a in fig.axes if a.get_legend() for t in a.get_legend().get_texts()]
    return fig, ax, texts, legends


def dimension_labels(ax) -> dict:
    return {t.get_gid().split(":", 1)[1]: t for t in ax.texts if (t.get_gid() or "").startswith("dimension:")}


def bands(ax) -> dict:
    """The accuracy bands drawn, by input, as shapely areas in the working CRS."""
    out = {}
    for patch in ax.patches:
        gid = patch.get_gid() or ""
        if gid.startswith("accuracy-band:"):
            rings = [shapely.Polygon(p) for p in patch.get_path().to_polygons()]
            out[gid.split(":", 1)[1]] = shapely.union_all([r for r in rings if r.is_valid])
    return out


def field(lines, key) -> str | None:
    return next((" ".join(text.split()) for k, text, _ in lines if k == key), None)


# ----------------------------------------------------------------------------- the site plan


@pytest.mark.parametrize("crs", CRSS)
def test_a_conditional_pass_shows_its_figure_its_colour_and_the_lot_lines_band(tmp_path, crs):
    site, frame = lot(tmp_path, crs)
    review = reviewed(site)
    fig, ax, texts, legends = drawn(review)
    try:
        labels = dimension_labels(ax)
        for key, name in (("setback_left", "left setback"), ("setback_right", "right setback")):  # both sides 90 ft
            assert labels[key].get_text() == f"{name} 90.0 \u00b1 12.0 ft (80.0 ft req.)"
            assert matplotlib.colors.same_color(labels[key].get_color(), STATUS_COLOURS["conditional-pass"])
        assert "\u00b1" not in labels["frontage"].get_text() and "\u00b1" not in labels["reach"].get_text()
        # one band, the lot lines': 0.8007 x 15 = 12.01 ft either side of each side line and its extension
        drawn_bands = bands(ax)
        assert set(drawn_bands) == {"parcels"}
        band = drawn_bands["parcels"]
        for side in (-100.0, 100.0):
            for v in (-60.0, 60.0):  # along the side line, and along its extension into the water
                inside = [shapely.Point(frame.pt(side + d, v)) for d in (-11.9, 0.0, 11.9)]
                outside = [shapely.Point(frame.pt(side + d, v)) for d in (-12.1, 12.1)]
                assert all(band.contains(p) for p in inside) and not any(band.contains(p) for p in outside), (side, v)
        assert not band.contains(shapely.Point(frame.pt(0.0, 60.0)))  # the lot's middle is not within it
        assert "within the data's accuracy (95 %): the lot lines \u00b112.0 ft" in legends
        assert any(label.startswith("passing within the data's accuracy") for label in legends)
        # the verdict box says the decision rule and names the survey that would decide the check
        text = " ".join(texts)
        assert "Decision rule: simple: the data as given decide" in text
        assert "Passes 1 check within the data's accuracy:" in text
        assert "Side setback 90.0 ft, at least 80.0 ft (Docks C), \u00b112.0 ft at 95 %: a survey of the lot lines" in text
        assert "to \u00b112.4 ft would decide it" in text
    finally:
        plt.close(fig)


@pytest.mark.parametrize("crs", CRSS)
def test_a_surveyed_site_shows_no_band_and_no_figure(tmp_path, crs):
    site, _ = lot(tmp_path, crs, parcels=0.1, mhw=0.1)
    review = reviewed(site)
    assert not any(c.conditional for c in review.checks)
    fig, ax, texts, legends = drawn(review)
    try:
        assert bands(ax) == {}
        assert not any("\u00b1" in t.get_text() for t in dimension_labels(ax).values())
        assert not any("within the data's accuracy" in label for label in legends)
        assert not any("Decision rule" in t or "within the data's accuracy" in t for t in texts)
    finally:
        plt.close(fig)
    assert "accuracy_bands" not in derived_layers(review)


@pytest.mark.parametrize("crs", CRSS)
def test_a_conditional_fail_fails_within_the_accuracy_and_each_rule_says_it_its_way(tmp_path, crs):
    site, _ = lot(tmp_path, crs, float_half=23.0, parcels=6.0)
    review = reviewed(site)
    fig, ax, _, legends = drawn(review)
    try:
        label = dimension_labels(ax)["setback_right"]
        assert label.get_text() == "right setback 77.0 \u00b1 4.8 ft < 80.0 ft req."
        assert matplotlib.colors.same_color(label.get_color(), STATUS_COLOURS["conditional-fail"])
        assert any(text.startswith("failing within the data's accuracy") for text in legends)
        assert "failing dimension, with its limit" not in legends  # no check fails outright
    finally:
        plt.close(fig)
    simple = title_lines(review)
    assert field(simple, "verdict") == "Verdict: NONCOMPLIANT"
    fails = field(simple, "fails")
    assert fails.startswith("Fails 1 check:") and "Side setback 77.0 ft, at least 80.0 ft (Docks C)" in fails.replace("\u00a0", " ")
    assert "fails within the data's accuracy (\u00b14.8 ft at 95 %): a survey of the lot lines" in fails.replace("\u00a0", " ")
    assert "to \u00b13.7 ft would decide it" in fails and field(simple, "within") is None
    guarded = title_lines(reviewed(site, decision_rule="guarded"))
    assert field(guarded, "verdict") == "Verdict: INCOMPLETE" and field(guarded, "fails") is None
    assert field(guarded, "within").startswith("Needs a survey: 1 check within the data's accuracy:")
    assert "(Docks C): fails on the data given; \u00b14.8 ft at 95 %" in field(guarded, "within").replace("\u00a0", " ")
    assert field(guarded, "rule") == "Decision rule: guarded: a check within the data's accuracy is not decided until surveyed"


# ----------------------------------------------------------------------------- the report and the GeoPackage


def _rows(review, title):
    part = next(s for s in sections(review) if s.title == title)
    return part, [dict(zip(part.columns, row)) for row in part.rows]


def test_the_report_states_the_rule_each_layers_accuracy_and_the_checks_within_it(tmp_path):
    review = reviewed(lot(tmp_path, "EPSG:2263")[0])
    checks = {row["check"]: row for row in _rows(review, "Checks")[1]}
    assert checks["side-setback"]["± (95 %)"] == "±12.0 ft" and checks["side-setback"]["status"] == "conditional-pass"
    assert checks["reach"]["± (95 %)"] == "±0.1 ft"  # the MHW line's 0.1 ft: 0.8007 x 0.1 = 0.08 ft
    assert checks["float-area"]["± (95 %)"] == ""  # the proposal's own figure: exact
    part, layers = _rows(review, "Accuracy of the data")
    assert part.text.startswith("Decision rule: simple acceptance: the data as given decide")
    by_layer = {row["layer"]: row for row in layers}
    assert by_layer["the lot lines (parcels)"]["horizontal (95 %)"] == "±15 ft"
    assert by_layer["the lot lines (parcels)"]["basis"] == "given"
    assert by_layer["the proposed dock"]["horizontal (95 %)"] == "exact"
    part, within = _rows(review, "Checks within the data's accuracy")
    assert [row["check"] for row in within] == ["side-setback"]
    row = within[0]
    assert (row["value"], row["required"], row["margin"], row["± (95 %)"]) == ("90.0 ft", "at least 80.0 ft", "+10.0 ft", "±12.0 ft")
    assert row["dominant input"] == "the lot lines"
    assert row["a survey that would decide it"].startswith("a survey of the lot lines") and row["a survey that would decide it"].endswith("to ±12.4 ft")
    assert "A conditional pass counts as a pass" in part.text


def test_an_assumed_layer_is_marked_assumed(tmp_path):
    review = reviewed(lot(tmp_path, "EPSG:2263", mhw=None, exact=False)[0])  # the MHW line: nothing stated
    part, layers = _rows(review, "Accuracy of the data")
    mhw = next(row for row in layers if row["layer"] == "the MHW line (mhw)")
    assert mhw["basis"] == "assumed" and mhw["source"].startswith("assumed")
    assert part.note.startswith("Assumed: the MHW line (mhw)")


@pytest.mark.parametrize("crs", CRSS)
def test_the_geopackage_carries_the_band_and_each_dimensions_figure(tmp_path, crs):
    site, frame = lot(tmp_path, crs)
    layers = derived_layers(reviewed(site))
    band = layers["accuracy_bands"]
    assert band["role"].tolist() == ["parcels"] and band["checks"].tolist() == ["side-setback"]
    assert band["band_ft"].iat[0] == pytest.approx(K * 15.0, rel=1e-4) and band["accuracy_ft"].iat[0] == 15.0
    area = band.geometry.iat[0]
    assert area.contains(shapely.Point(frame.pt(-100.0 + 11.9, 60.0))) and not area.contains(shapely.Point(frame.pt(-100.0 + 12.1, 60.0)))
    dims = layers["dimension_lines"].set_index("dimension")
    assert dims.loc["setback_left", "status"] == "conditional-pass"
    assert dims.loc["setback_left", "uncertainty_ft"] == pytest.approx(K * 15.0, rel=1e-4)
    assert dims.loc["setback_left", "survey"].endswith("to ±12.4 ft")
    assert dims.loc["frontage", "status"] == "pass" and not isinstance(dims.loc["frontage", "survey"], str)
