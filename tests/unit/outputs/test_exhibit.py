"""The site-plan exhibit: what is drawn (labels, values, colours, legend, title block), not pixels.

Each sample site is reviewed once; the tests read the artists and texts the
exhibit put on its axes and hold them to the review's own measurements.
"""

from __future__ import annotations

import dataclasses
import itertools
import warnings
from datetime import date
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
import shapely
import shapely.affinity
from click.testing import CliRunner

import dockreview
from dockreview.cli import main
from dockreview.outputs.exhibit import (
    COLOURS,
    NOT_A_SURVEY,
    SCALES_FT_PER_IN,
    plot_review,
    save_map,
)
from dockreview.outputs.style import STATUS_COLOURS
from support.paths import DATA
from support.pdfwords import words
from support.samples import SITES as SAMPLE_SITES
from support.samples import reviewed

SITES = ("straight-t-float", "curved-cove", "failing-narrow-lot", "parcel-past-mhw")
DIMENSION_NAMES = {
    "frontage": ("frontage", "frontage_ft"),
    "setback_left": ("left setback", "setback_left_ft"),
    "setback_right": ("right setback", "setback_right_ft"),
    "reach": ("reach", "overall_reach_ft"),
    "channel_clearance": ("to channel", "channel_clearance_ft"),
    "dock_clearance": ("to dock", "dock_clearance_ft"),
}


@pytest.fixture(autouse=True)
def low_dpi():
    """Exhibits laid out and drawn at 50 dpi: the layout is in points, so it holds at any dpi, and the tests stay quick."""
    with matplotlib.rc_context({"figure.dpi": 50}):
        yield


@pytest.fixture(scope="module", params=[(s, "letter") for s in SITES] + [("curved-cove", "tabloid")], ids=lambda p: "-".join(p))
def exhibit(request):
    name, page = request.param
    review = reviewed(name)
    with matplotlib.rc_context({"figure.dpi": 50}):
        fig, ax = plot_review(review, page=page)
    fig.canvas.draw()
    yield review, fig, ax
    plt.close(fig)


def _labels(ax) -> dict[str, matplotlib.text.Text]:
    return {t.get_gid().split(":", 1)[1]: t for t in ax.texts if (t.get_gid() or "").startswith("dimension:")}


def _legend_labels(fig) -> list[str]:
    return [t.get_text().replace("\n  ", " ") for legend in fig.legends + [a.get_legend() for a in fig.axes] if legend for t in legend.get_texts()]


def _label_shape(text, renderer) -> shapely.Polygon:
    """The rotated box a label covers, in display pixels."""
    angle = text.get_rotation()
    text.set_rotation(0)
    box = text.get_window_extent(renderer)
    text.set_rotation(angle)
    shape = shapely.box(*box.extents)
    return shapely.affinity.rotate(shape, angle, origin=tuple(text.get_transform().transform(text.get_position())))


def test_every_dimension_is_labelled_with_the_review_value(exhibit):
    review, _, ax = exhibit
    labels = _labels(ax)
    m = review.measurements
    expected = {key for key, (_, attr) in DIMENSION_NAMES.items() if m[attr] is not None and np.isfinite(m[attr])}
    assert set(labels) == expected
    for key, text in labels.items():
        name, attr = DIMENSION_NAMES[key]
        if key == "reach":  # the measure the reach check decided on, with the check's value
            name = "length along axis" if m.length_ft > m.reach_ft else "reach"
            assert m[attr] == review.check("reach").value
        # the value, then its unit, or within the data's accuracy its ± figure at 95 % before it
        assert text.get_text().startswith((f"{name} {m[attr]:,.1f} ft", f"{name} {m[attr]:,.1f} \u00b1 ")), text.get_text()


def test_failing_dimensions_carry_their_limit_in_the_warning_colour():
    review = reviewed("failing-narrow-lot")
    fig, ax = plot_review(review)
    labels = _labels(ax)
    assert labels["setback_right"].get_text() == "right setback 15.0 ft < 60.0 ft req."
    assert labels["frontage"].get_text() == "frontage 130.0 ft < 150.0 ft req."
    assert labels["reach"].get_text() == "reach 218.0 ft > 200.0 ft max."
    assert labels["channel_clearance"].get_text() == "to channel 35.0 ft < 50.0 ft req."
    assert labels["setback_left"].get_text() == "left setback 65.0 ft"
    for key in ("setback_right", "frontage", "reach", "channel_clearance"):
        assert matplotlib.colors.same_color(labels[key].get_color(), COLOURS["warning"])
    for key in ("setback_left", "dock_clearance"):
        assert matplotlib.colors.same_color(labels[key].get_color(), COLOURS["dimension"])
    assert "failing dimension, with its limit" in _legend_labels(fig)
    plt.close(fig)


#: The check each dimension reads its status from, and the side of it (a Part) for the setbacks.
DECIDED_BY = {
    "frontage": ("frontage", None),
    "setback_left": ("side-setback", "left"),
    "setback_right": ("side-setback", "right"),
    "channel_clearance": ("channel-clearance", None),
    "dock_clearance": ("dock-clearance", None),
}


#: What a dimension shows, worst first, when several checks are shown on it (the reach).
WORST_FIRST = ("fail", "conditional-fail", "waived", "conditional-pass", "pass")


def _side_status(check, side) -> str:
    """The status a side of a check decided on its sides has: a failure, or a margin within the data's accuracy, is the
    worse side's (the side whose value is the check's); the other side passes."""
    part = check.part(side) if side else None
    if part is None or check.status not in ("fail", "conditional-fail", "conditional-pass"):
        return check.status
    if check.status == "conditional-pass":
        return check.status if part.value == check.value else "pass"
    return check.status if part.status == "fail" else "pass"


@pytest.mark.parametrize("name", SAMPLE_SITES)
def test_each_dimensions_colour_is_its_checks_status(name):
    """Red exactly when the check failed (for a setback: that side of it), a conditional status's colour within the
    data's accuracy; a failing label names the check's limit, a conditional one its limit and its ± figure."""
    review = reviewed(name)
    fig, ax = plot_review(review)
    labels = _labels(ax)
    assert labels
    present = {c.id: c for c in review.checks}  # another town's profile may not have the check: the label is plain
    for key, text in labels.items():
        checks = []  # the checks whose status the dimension shows (on the reach, any of those with the worst status)
        if key == "reach":  # held to every check that limits the reach; its limit the least any allows (the envelope's)
            shown = [present[i] for i in review.rules.reach_checks if i in present]
            status = next((s for s in WORST_FIRST if any(c.status == s for c in shown)), "")
            checks = [c for c in shown if c.status == status]
            limits = [review.layout.envelope.reach_limit_ft] + [c.limit for c in checks if c.limit]
        elif DECIDED_BY[key][0] not in present:
            status, limits = "", []
        else:
            check_id, side = DECIDED_BY[key]
            check = review.check(check_id)
            status, checks = _side_status(check, side), [check]
            limits = [check.part(side).limit if side and check.part(side) else check.limit]
        colour = {"fail": COLOURS["warning"], "conditional-fail": STATUS_COLOURS["conditional-fail"],
                  "conditional-pass": STATUS_COLOURS["conditional-pass"]}.get(status, COLOURS["dimension"])
        assert matplotlib.colors.same_color(text.get_color(), colour), (name, key, text.get_text())
        if status in ("fail", "conditional-fail", "conditional-pass"):
            assert any(f"{limit:,.1f} ft" in text.get_text() for limit in limits), (name, key, text.get_text(), limits)
        if status.startswith("conditional"):
            figures = [f"\u00b1 {c.uncertainty:,.1f} ft" for c in checks if c.uncertainty is not None]
            assert any(f in text.get_text() for f in figures) or not figures, (name, key, text.get_text(), figures)
        elif not status.startswith("conditional"):
            assert "\u00b1" not in text.get_text(), (name, key, text.get_text())
    plt.close(fig)


def test_dimension_lines_have_arrowheads_at_both_ends(exhibit):
    review, _, ax = exhibit
    arrows = [a for a in ax.texts if isinstance(a, matplotlib.text.Annotation) and a.arrow_patch is not None and a.get_text() == ""]
    styles = [type(a.arrow_patch.get_arrowstyle()).__name__ for a in arrows]
    two_headed = len(_labels(ax)) - 1  # every dimension but the frontage
    assert styles.count("CurveFilledAB") == two_headed
    assert styles.count("CurveFilledB") == 2  # the frontage, drawn along the MHW line


def test_labels_do_not_overlap_or_leave_the_page(exhibit):
    _, fig, ax = exhibit
    renderer = fig.canvas.get_renderer()
    shapes = [_label_shape(t, renderer) for t in _labels(ax).values()]
    for a, b in itertools.combinations(shapes, 2):
        assert a.intersection(b).area < 1.0
    page = shapely.box(*fig.bbox.extents)
    for axes in fig.axes:
        for text in axes.texts:
            if text.get_text():
                assert page.contains(shapely.box(*text.get_window_extent(renderer).extents)), text.get_text()
        legend = axes.get_legend()
        if legend is not None:
            assert page.contains(shapely.box(*legend.get_window_extent(renderer).extents))


def test_legend_names_every_symbol(exhibit):
    review, fig, _ = exhibit
    labels = _legend_labels(fig)
    envelope = review.layout.envelope
    limit = envelope.reach_limit_ft
    source = " (navigable depth)" if limit < review.profile("max_reach_ft") else ""
    expected = [
        f"lot {review.site.parcel_id} (the applicant's)", "mean high-water line", "side property lines", "water corners",
        "seaward extensions (straight, along the last course)",
        f"envelope: where the dock may stand ({envelope.area_sqft:,.0f} sq ft)" if envelope.possible
        else f"clear of setbacks and rings ({envelope.area_sqft:,.0f} sq ft), but no dock possible",
        f"{limit:,.1f} ft reach limit{source}", "seaward terminus", "dimension (ft)", "channels / fairways / anchorages",
        "existing docks, by id", "50 ft clearance rings",
        f"no dock: within the {review.measurements.required_setback_ft:,.1f} ft side setback",
        "no seaward end: within 50 ft of channels / docks",
    ]
    expected += [f"proposed {kind}" for kind in set(review.dock.components["component"])]
    missing = [e for e in expected if e not in labels]
    assert not missing, (missing, labels)


def test_the_envelope_is_where_the_dock_may_stand():
    """Issue 10, B: the green band is the envelope, its reach limit the check's allowed reach (navigable depth)."""
    review = reviewed("straight-t-float")
    envelope = review.layout.envelope
    assert review.layout.allowed_band.equals(envelope.geometry)
    assert envelope.reach_limit_ft == pytest.approx(review.check("navigable-reach").limit)
    fig, _ = plot_review(review)
    labels = _legend_labels(fig)
    assert f"{envelope.reach_limit_ft:,.1f} ft reach limit (navigable depth)" in labels
    assert f"no dock: beyond the {envelope.reach_limit_ft:,.1f} ft reach limit (navigable depth)" in labels
    assert "200.0 ft reach limit" not in labels
    plt.close(fig)


def test_title_block_scale_bar_and_north_arrow(exhibit):
    review, fig, ax = exhibit
    block = {t.get_gid(): t.get_text().replace("\n  ", " ") for a in fig.axes for t in a.texts if (t.get_gid() or "").startswith("title:")}
    site = review.site
    assert block["title:site"] == site.name
    assert site.parcel_id in block["title:parcel"]
    assert review.verdict.upper() in block["title:verdict"]
    assert block["title:date"] == f"Date: {date.today().isoformat()}"  # no [exhibit] date in the samples
    for key, field in (("applicant", "Applicant"), ("application", "Application no."), ("address", "Address"), ("prepared_by", "Prepared by")):
        assert block[f"title:{key}"] == f"{field}: not given"
    assert block["title:note"] == NOT_A_SURVEY
    # the Board items in words (issue 16: not by id), the field's pieces joined as the columns set them
    items = review.board_determinations
    board = "\n".join(block[k] for k in sorted(block, key=lambda k: int(k.split(":")[2]) if k.count(":") == 2 else 1)
                      if k == "title:board" or k.startswith("title:board:"))
    assert board == f"Board items pending: {len(items)}" + "".join(f"\n- {c.title} ({c.section})" for c in items)
    assert "Kings Point" in block["title:profile"]
    assert "EPSG:2263" in block["title:crs"]
    assert block["title:convergence"].startswith("Grid north is 0.1") and "east of true north" in block["title:convergence"]
    for source in site.sources:
        assert Path(source.file).name in block["title:sources"].replace("\n", "")
    renderer = fig.canvas.get_renderer()
    for axes in fig.axes:
        for text in axes.texts:
            if (text.get_gid() or "").startswith("title:"):
                assert shapely.box(*axes.bbox.expanded(1.01, 1.01).extents).contains(shapely.box(*text.get_window_extent(renderer).extents))
    # the scale bar states the ratio the printed page has, and sits with no box over the map
    bar = next(a for a in ax.artists if a.get_gid() == "scale-bar")
    assert not bar.patch.get_visible()
    texts = [t.get_text() for t in bar.findobj(matplotlib.text.Text)]
    ratio = next(t for t in texts if t.startswith("1 in = "))
    scale = float(ratio.split("= ")[1].split(" ft")[0])
    assert scale in SCALES_FT_PER_IN
    x0, x1 = ax.get_xlim()
    width_in = ax.get_position().width * fig.get_size_inches()[0]
    assert (x1 - x0) * site.ft_per_unit / width_in == pytest.approx(scale, rel=1e-6)
    assert texts[-2].endswith(" ft") and float(texts[-2].split()[0]) * 4 <= (x1 - x0) * site.ft_per_unit  # the bar's length
    # one north symbol: the arrow with "N" above it and "grid north" below it, in one artist
    north = next(a for a in ax.artists if a.get_gid() == "north-arrow")
    assert [t.get_text() for t in north.findobj(matplotlib.text.Text)] == ["N", "grid north"]
    assert any(isinstance(p, matplotlib.patches.Polygon) for p in north.findobj(matplotlib.patches.Polygon))
    assert not ax.get_xticks().size and not ax.get_yticks().size  # no axes, so no "+1.056e6"


def test_names_on_the_map_and_the_locator():
    review = reviewed("straight-t-float")
    fig, ax = plot_review(review)
    names = {t.get_text() for t in ax.texts if (t.get_gid() or "").startswith("name:")}
    site = review.site
    assert f"lot {site.parcel_id}" in names
    neighbours = {f"lot {i}" for i in site.neighbours[site.manifest.parcel_id_field]}
    assert names & neighbours
    assert {f"dock {i}" for i in site.docks[site.manifest.docks_id_field]} & names  # layers.docks_id_field
    assert {n.replace("\n", " ") for n in names} & set(site.channels["NAME"])  # the channels' NAME field
    locator = next(a for a in fig.axes if a.get_gid() == "locator")
    x0, x1 = locator.get_xlim()
    y0, y1 = locator.get_ylim()
    lot = site.parcel.bounds
    assert x0 <= lot[0] and lot[2] <= x1 and y0 <= lot[1] and lot[3] <= y1  # the whole lot
    vx0, vx1 = ax.get_xlim()
    box = [line for line in locator.lines if len(set(line.get_xdata())) == 2 and np.allclose(sorted(set(line.get_xdata())), [vx0, vx1])]
    assert box, "the main view's box is drawn on the locator"
    plt.close(fig)


def test_channel_names_from_the_manifests_field(tmp_path):
    folder = DATA / "failing-narrow-lot"
    for path in folder.iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    manifest = tmp_path / "site.toml"
    manifest.write_text(manifest.read_text().replace('docks_id_field = "DOCK_ID"', 'docks_id_field = "DOCK_ID"\nchannels_name_field = "kind"'))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        review = dockreview.review(dockreview.load_site(manifest))
    fig, ax = plot_review(review)
    channels = {t.get_text() for t in ax.texts if t.get_gid() == "name:channel"}
    assert channels and channels <= {"channel", "anchorage"}
    plt.close(fig)


def test_no_go_areas_are_hatched(exhibit):
    _, _, ax = exhibit
    hatches = {p.get_hatch() for p in ax.patches if p.get_hatch()}
    assert {"////", "\\\\\\\\", "xx"} <= hatches


def test_plot_onto_given_axes_returns_it():
    review = reviewed("straight-t-float")
    fig, axes = plt.subplots(1, 2, figsize=(10, 5))
    out_fig, out_ax = review.plot(ax=axes[1], legend=False)
    assert out_fig is fig and out_ax is axes[1]
    assert _labels(axes[1]) and not _labels(axes[0])
    assert review.verdict.upper() in axes[1].get_title()
    plt.close(fig)


def test_plot_onto_given_axes_draws_no_legend_unless_asked():
    """Issue 16: the user's axes stay the map's; the legend panel is the page's."""
    fig, ax = plt.subplots(figsize=(7, 5))
    reviewed("straight-t-float").plot(ax=ax)
    assert ax.get_legend() is None and not fig.legends
    assert _labels(ax)  # the map and its dimensions are drawn
    plt.close(fig)


def test_plot_onto_given_axes_keeps_its_legend_inside_them():
    """Two options side by side (the notebook), the legend asked for: each within its own axes, no label under it."""
    fig, axes = plt.subplots(1, 2, figsize=(14, 6), layout="constrained")
    for name, ax in zip(("curved-cove", "straight-t-float"), axes):
        reviewed(name).plot(ax=ax, legend=True)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for ax, other in ((axes[0], axes[1]), (axes[1], axes[0])):
        legend = shapely.box(*ax.get_legend().get_window_extent(renderer).extents)
        assert shapely.box(*ax.bbox.extents).buffer(1).contains(legend)
        assert not legend.intersects(shapely.box(*other.bbox.extents))
        for text in ax.texts:
            if text.get_text() and (text.get_gid() or "").split(":")[0] in ("dimension", "name", "sounding"):
                assert _label_shape(text, renderer).intersection(legend).area < 1.0, text.get_text()
    plt.close(fig)


def test_soundings_and_navigable_depth_contour(tmp_path):
    folder = DATA / "straight-t-float"
    text = (folder / "site.toml").read_text()
    # the sample lists its soundings, [soundings] and [vessel] since issue 3
    for name in ("parcels.shp", "mhw.shp", "nav.gpkg:channels", "docks.geojson", "survey.gpkg:soundings", "survey.gpkg:vegetation"):
        text = text.replace(f'"{name}"', f'"{folder}/{name}"')
    manifest = tmp_path / "site.toml"
    manifest.write_text(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        review = dockreview.review(dockreview.load_site(manifest))
    required = review.measurements.required_depth_ft
    fig, ax = plot_review(review)
    soundings = [t for t in ax.texts if t.get_gid() == "sounding"]
    assert soundings and all(float(t.get_text()) == pytest.approx(round(float(t.get_text()), 1)) for t in soundings)
    labels = _legend_labels(fig)
    assert f"navigable depth {required:,.1f} ft below MLW" in labels
    assert "soundings, ft below MLW (labelled where room allows)" in labels
    assert all(t.get_fontsize() >= 7.0 for t in soundings)
    plt.close(fig)


@pytest.mark.parametrize("suffix", ["png", "pdf", "svg"])
def test_save_map_writes_each_format(tmp_path, suffix):
    path = tmp_path / f"exhibit.{suffix}"
    save_map(reviewed("parcel-past-mhw"), path, page="letter")
    data = path.read_bytes()
    if suffix == "png":
        assert matplotlib.image.imread(path).shape[:2] == (int(8.5 * 300), 11 * 300)
    elif suffix == "pdf":
        assert data.startswith(b"%PDF") and b"/Subtype /Image" not in data
    else:
        assert b"<svg" in data and b"<image" not in data
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


@pytest.mark.parametrize("name", ["straight-t-float", "curved-cove", "levy-canal", "wisconsin-lakeshore"])
def test_the_pdf_exhibit_is_set_in_helvetica_every_word_on_the_page(tmp_path, name):
    path = tmp_path / "exhibit.pdf"
    save_map(reviewed(name), path)
    found = words(path)
    assert len(found) > 40
    assert {w.font for w in found} <= {"Helvetica", "Helvetica-Bold", "Helvetica-Oblique"}
    assert not [w.text for w in found if not w.inside(margin=4.0)]
    assert "?" not in " ".join(w.text for w in found)


def test_a_pdf_exhibit_with_a_word_helvetica_cannot_print_embeds_its_font(tmp_path):
    base = reviewed("straight-t-float")
    manifest = dataclasses.replace(base.site.manifest, name="Łódź Marina")  # Ł and ź are not in code page 1252
    path = tmp_path / "exhibit.pdf"
    save_map(dataclasses.replace(base, site=dataclasses.replace(base.site, manifest=manifest)), path)
    found = words(path)
    assert not any("Helvetica" in w.font for w in found)
    assert "ŁódźMarina" in "".join(w.text for w in found).replace(" ", "")  # drawn in pieces of the embedded font's subsets


def test_map_command_page_sizes(tmp_path):
    manifest = str(DATA / "straight-t-float" / "site.toml")
    out = tmp_path / "exhibit.pdf"
    result = CliRunner().invoke(main, ["map", manifest, "-o", str(out), "--page", "tabloid"])
    assert result.exit_code == 0, result.output
    assert b"/MediaBox [ 0 0 1224 792 ]" in out.read_bytes()
    bad = CliRunner().invoke(main, ["map", manifest, "-o", str(out), "--page", "a4"])
    assert bad.exit_code == 2
