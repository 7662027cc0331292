"""The exhibit names the riparian method that drew the lines, and fits a lot whose law sets no reach limit.

wisconsin-lakeshore (data/README.md, site 11) under Wisconsin's law read with NR 326.07(2)(b)'s lines -- square to
the shore's trend -- and without its depth rule, so that no check caps the reach: the envelope runs to the lake's
far shore, 1,920 ft out; the lot is 120 ft along the shore and its dock 48 ft long. The map is drawn for the lot
and its dock, not for the lake.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import tomlkit

import dockreview
from dockreview.outputs.exhibit import plot_review
from support.paths import DATA, ROOT


def _trend_without_a_cap(folder) -> str:
    doc = tomlkit.parse((ROOT / "src" / "dockreview" / "rules" / "profiles" / "wisconsin-nr326.toml").read_text(encoding="utf-8"))
    doc["riparian"]["method"] = "perpendicular-to-trend"
    for name in [n for n, check in doc["checks"].items() if check["kind"] == "depth-reach"]:
        del doc["checks"][name]
    path = folder / "trend.toml"
    path.write_text(tomlkit.dumps(doc), encoding="utf-8")
    return str(path)


def _legend(fig) -> list[str]:
    return [" ".join(t.get_text().split()) for a in fig.axes if a.get_legend() for t in a.get_legend().get_texts()]


def test_the_legend_names_the_method_and_the_map_fits_the_lot_not_the_lake(tmp_path):
    site = dockreview.load_site(DATA / "wisconsin-lakeshore" / "site.toml")
    review = dockreview.review(site, profile=_trend_without_a_cap(tmp_path))
    assert review.layout.riparian.method == "perpendicular-to-trend"
    assert review.layout.envelope.greatest_reach_ft > 1000.0  # no reach limit: the envelope runs far out
    fig, ax = plot_review(review)
    try:
        legend = _legend(fig)
        assert any(label.startswith("riparian lines (perpendicular-to-trend: square to the shore") for label in legend), legend
        assert not any(label.startswith("seaward extensions") for label in legend)
        x0, x1 = ax.get_xlim()
        y0, y1 = ax.get_ylim()
        span_ft = max(x1 - x0, y1 - y0) * review.site.ft_per_unit
        assert 120.0 < span_ft < 3 * (120.0 + 48.0), span_ft
    finally:
        plt.close(fig)


def test_extended_side_lines_keep_their_own_words():
    review = dockreview.review(dockreview.load_site(DATA / "straight-t-float" / "site.toml"))
    fig, _ = plot_review(review)
    try:
        assert "seaward extensions (straight, along the last course)" in _legend(fig)
    finally:
        plt.close(fig)
