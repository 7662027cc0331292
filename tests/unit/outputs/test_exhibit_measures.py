"""The exhibit draws the numbers the checks decided on, and ``envelope --map`` is the same exhibit with the envelope.

* The reach check decides on the greater of the reach and the length along the
  dock's axis: on an oblique dock the exhibit dimensions the length along the
  axis, on its own line, with the check's value (issue 10, item 4).
* A navigable-depth limit stricter than 200 ft is the limit the dimension names.
* ``envelope --map`` draws the site plan with the envelope, a legend, a scale
  bar and a north arrow, and says "no dock possible" when none may stand.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
import shapely
from click.testing import CliRunner

import dockreview
from dockreview.cli import main
from dockreview.outputs.exhibit import COLOURS, plot_envelope, plot_review
from support.ordinance_sites import write_soundings
from support.paths import DATA
from support.sitegen import make_site


@pytest.fixture(autouse=True)
def low_dpi():
    """Exhibits laid out and drawn at 50 dpi: the layout is in points, so it holds at any dpi, and the tests stay quick."""
    with matplotlib.rc_context({"figure.dpi": 50}):
        yield


def _review(manifest):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(dockreview.load_site(manifest))


def _texts(fig) -> dict[str, str]:
    return {t.get_gid(): t.get_text().replace("\n  ", " ") for a in fig.axes for t in a.texts if t.get_gid()}


def _oblique(tmp_path, length: float):
    """A walkway 35 degrees off the perpendicular on a straight shore, an I float at its end."""
    dock = {"root": (0.0, 0.0), "bearing": 35.0, "length": length, "width": 6.0, "float": {"length": 20.0, "width": 8.0, "layout": "I"}}
    files = make_site(tmp_path, lot_width=400.0, rotation=20.0, dock=dock, fmt="geojson")
    return _review(files.manifest)


def test_an_oblique_dock_is_dimensioned_along_its_axis_with_the_checks_value(tmp_path):
    review = _oblique(tmp_path, 150.0)
    m, reach = review.measurements, review.check("reach")
    assert m.length_ft > m.reach_ft + 10  # the case: the length along the axis decides
    assert reach.status == "pass" and reach.value == pytest.approx(m.length_ft)
    fig, ax = plot_review(review)
    label = next(t for t in ax.texts if t.get_gid() == "dimension:reach")
    assert label.get_text() == f"length along axis {reach.value:,.1f} ft"
    assert matplotlib.colors.same_color(label.get_color(), COLOURS["dimension"])
    # drawn beside the dock, parallel to the axis line, as long as it
    axis = np.asarray(review.layout.dimension_lines["length"].coords)
    arrows = [a for a in ax.texts if isinstance(a, matplotlib.text.Annotation) and a.arrow_patch is not None and a.get_text() == ""]
    spans = [np.array([a.xyann, a.xy]) for a in arrows]
    direction = (axis[1] - axis[0]) / np.hypot(*(axis[1] - axis[0]))
    parallel = [s for s in spans if abs(abs(np.dot((s[1] - s[0]) / np.hypot(*(s[1] - s[0])), direction)) - 1) < 1e-6
                and np.hypot(*(s[1] - s[0])) == pytest.approx(np.hypot(*(axis[1] - axis[0])))]
    assert parallel, "a dimension line along the axis"
    footprint = shapely.transform(review.layout.dock.footprint, ax.transData.transform)
    assert not shapely.LineString(ax.transData.transform(parallel[0])).intersects(footprint)
    plt.close(fig)


def test_a_failing_length_along_the_axis_is_red_with_the_checks_limit(tmp_path):
    review = _oblique(tmp_path, 215.0)
    m, reach = review.measurements, review.check("reach")
    assert m.reach_ft < 200.0 < m.length_ft and reach.status == "fail"
    fig, ax = plot_review(review)
    label = next(t for t in ax.texts if t.get_gid() == "dimension:reach")
    assert label.get_text() == f"length along axis {reach.value:,.1f} ft > {reach.limit:,.1f} ft max."
    assert matplotlib.colors.same_color(label.get_color(), COLOURS["warning"])
    plt.close(fig)


def test_the_navigable_depth_limit_is_the_one_named(tmp_path):
    """Soundings on a plane 0.5 + 0.03 v ft deep, a 3-ft draft: navigable from v = 116.7 ft, + the float's 10 ft."""
    files = make_site(tmp_path, dock={"root": "auto", "bearing": "perpendicular", "length": 130.0, "width": 6.0,
                                      "float": {"length": 20.0, "width": 10.0, "layout": "T"}}, fmt="geojson")
    name = write_soundings(files)
    files.rewrite(layers={"soundings": f"{name}:soundings"}, soundings={"depth_field": "DEPTH_MLW"}, vessel={"draft_ft": 3.0})
    review = _review(files.manifest)
    reach, nav = review.check("reach"), review.check("navigable-reach")
    assert reach.status == "pass" and nav.status == "fail" and nav.limit < 200.0
    fig, ax = plot_review(review)
    label = next(t for t in ax.texts if t.get_gid() == "dimension:reach")
    assert label.get_text() == f"reach {reach.value:,.1f} ft > {nav.limit:,.1f} ft max. (navigable depth)"
    assert matplotlib.colors.same_color(label.get_color(), COLOURS["warning"])
    assert review.layout.envelope.reach_limit_ft == pytest.approx(nav.limit)
    plt.close(fig)


def _svg_texts(path: Path) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", m) for m in re.findall(r"<text[^>]*>.*?</text>", path.read_text(), flags=re.S))


def test_envelope_map_on_a_lot_where_no_dock_is_possible(tmp_path):
    out = tmp_path / "envelope.svg"
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # the text as text, to read it back
        result = CliRunner().invoke(main, ["envelope", str(DATA / "failing-narrow-lot" / "site.toml"), "--map", str(out)])
    assert result.exit_code == 0, result.output
    assert "no dock possible" in result.output
    svg = out.read_text()
    assert 'id="envelope"' in svg  # the envelope is drawn
    text = re.sub(r"\s+", " ", _svg_texts(out))
    assert "NO DOCK POSSIBLE: frontage 130.0 ft is under the 150 ft minimum (Docks B)" in text
    assert "Legend" in text and "grid north" in text and "1 in = " in text
    assert "e6" not in re.sub(r"[0-9a-f]{6,}", "", text)  # no scientific-notation axes


def test_envelope_sheet_with_a_possible_dock_and_without_a_review(tmp_path):
    review = _review(DATA / "straight-t-float" / "site.toml")
    env = review.layout.envelope
    fig, ax = plot_envelope(review.site, env, review=review)
    texts = _texts(fig)
    assert texts["title:no-dock"] == "A dock is possible within the envelope"
    assert "Envelope 5,0" in texts["title:envelope"] and f"limit {env.reach_limit_ft:,.1f} ft" in texts["title:envelope"]
    assert any(p.get_gid() == "envelope" for p in ax.patches)
    assert "dimension:reach" in texts and texts["title:verdict"] == "Proposed dock: Verdict: COMPLIANT"
    plt.close(fig)
    # the lot and its envelope alone, when the proposed dock cannot be reviewed
    fig, ax = plot_envelope(review.site, env)
    texts = _texts(fig)
    assert not any(k.startswith("dimension:") for k in texts) and "title:verdict" not in texts
    assert texts["title:no-dock"] == "A dock is possible within the envelope"
    assert any(p.get_gid() == "envelope" for p in ax.patches)
    assert {a.get_gid() for a in ax.artists} >= {"north-arrow", "scale-bar"}
    plt.close(fig)


def test_a_waived_setback_keeps_its_figures_marked_waived(tmp_path):
    folder = DATA / "failing-narrow-lot"
    for path in folder.iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    manifest = tmp_path / "site.toml"
    manifest.write_text(manifest.read_text() + '\n[[waiver]]\ncheck = "side-setback"\ndate = "2024-06-10"\ngranted_by = "Board of Trustees"\n')
    review = _review(manifest)
    assert review.check("side-setback").status == "waived"
    fig, ax = plot_review(review)
    labels = {t.get_gid(): t for t in ax.texts if (t.get_gid() or "").startswith("dimension:")}
    right, left = labels["dimension:setback_right"], labels["dimension:setback_left"]
    assert right.get_text() == "right setback 15.0 ft < 60.0 ft req. (waived)"
    assert matplotlib.colors.same_color(right.get_color(), COLOURS["dimension"])
    assert left.get_text() == "left setback 65.0 ft"  # the side that passes is not marked
    plt.close(fig)
