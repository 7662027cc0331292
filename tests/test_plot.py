"""The site-plan exhibit: what is drawn (labels, values, colours, legend, title block), not pixels.

Each sample site is reviewed once; the tests read the artists and texts the
exhibit put on its axes and hold them to the review's own measurements.
"""

from __future__ import annotations

import functools
import itertools
import warnings
from datetime import date
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
import shapely  # noqa: E402
import shapely.affinity  # noqa: E402
from click.testing import CliRunner  # noqa: E402
from matplotlib_scalebar.scalebar import ScaleBar  # noqa: E402

import dockreview  # noqa: E402
from dockreview.cli import main  # noqa: E402
from dockreview.plot import COLOURS, ROUND_LENGTHS_FT, plot_review, save_map  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data"
SITES = ("straight-t-float", "curved-cove", "failing-narrow-lot", "parcel-past-mhw")
DIMENSION_NAMES = {
    "frontage": ("frontage", "frontage_ft"),
    "setback_left": ("left setback", "setback_left_ft"),
    "setback_right": ("right setback", "setback_right_ft"),
    "reach": ("reach", "reach_ft"),
    "channel_clearance": ("to channel", "channel_clearance_ft"),
    "dock_clearance": ("to dock", "dock_clearance_ft"),
}


@functools.lru_cache(maxsize=None)
def reviewed(name: str):
    """The review of a sample site (cached: every test reads, none writes)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(dockreview.load_site(DATA / name / "site.toml"))


@pytest.fixture(scope="module", params=[(s, "letter") for s in SITES] + [("curved-cove", "tabloid")], ids=lambda p: "-".join(p))
def exhibit(request):
    name, page = request.param
    review = reviewed(name)
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
        assert text.get_text().startswith(f"{name} {m[attr]:,.1f} ft"), text.get_text()


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


def test_dimension_lines_have_arrowheads_at_both_ends(exhibit):
    review, _, ax = exhibit
    arrows = [a for a in ax.texts if isinstance(a, matplotlib.text.Annotation) and a.arrow_patch is not None and a.get_text() == ""]
    styles = [type(a.arrow_patch.get_arrowstyle()).__name__ for a in arrows]
    two_headed = len(review.layout.dimension_lines)
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
    expected = [
        f"lot {review.site.parcel_id}", "mean high-water line", "side property lines", "water corners",
        f"seaward extensions ({review.layout.riparian.extension})", "where the dock may stand",
        "200 ft reach limit", "seaward terminus", "dimension (ft)", "channels / fairways / anchorages",
        "existing docks", "50 ft clearance rings",
        f"no dock: within the {review.measurements.required_setback_ft:,.1f} ft side setback",
        "no seaward end: within 50 ft of channels / docks",
    ]
    expected += [f"proposed {kind}" for kind in set(review.dock.components["component"])]
    missing = [e for e in expected if e not in labels]
    assert not missing, (missing, labels)


def test_title_block_scale_bar_and_north_arrow(exhibit):
    review, fig, ax = exhibit
    block = {t.get_gid(): t.get_text() for a in fig.axes for t in a.texts if (t.get_gid() or "").startswith("title:")}
    site = review.site
    assert block["title:site"] == site.name
    assert site.parcel_id in block["title:parcel"]
    assert review.verdict.upper() in block["title:verdict"]
    assert date.today().isoformat() in block["title:date"]
    assert "Kings Point" in block["title:profile"].replace("\n  ", " ")
    assert "EPSG:2263" in block["title:crs"]
    for source in site.sources:
        assert Path(source.file).name in block["title:sources"].replace("\n  ", "")
    renderer = fig.canvas.get_renderer()
    for axes in fig.axes:
        for text in axes.texts:
            if (text.get_gid() or "").startswith("title:"):
                assert shapely.box(*axes.bbox.extents).contains(shapely.box(*text.get_window_extent(renderer).extents))
    bars = [a for a in ax.artists if isinstance(a, ScaleBar)]
    assert len(bars) == 1 and bars[0].units == "ft" and bars[0].fixed_value in ROUND_LENGTHS_FT
    assert any(t.get_gid() == "north-arrow" and t.get_text() == "N" for t in ax.texts)


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
    assert "soundings (ft below MLW)" in labels
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


def test_map_command_page_sizes(tmp_path):
    manifest = str(DATA / "straight-t-float" / "site.toml")
    out = tmp_path / "exhibit.pdf"
    result = CliRunner().invoke(main, ["map", manifest, "-o", str(out), "--page", "tabloid"])
    assert result.exit_code == 0, result.output
    assert b"/MediaBox [ 0 0 1224 792 ]" in out.read_bytes()
    bad = CliRunner().invoke(main, ["map", manifest, "-o", str(out), "--page", "a4"])
    assert bad.exit_code == 2
