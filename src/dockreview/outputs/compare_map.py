"""The Board's map of a comparison of two laws: the shore's lots coloured by what the draft does to them.

:func:`plot_compare_map` draws ``dockreview compare --map`` on one landscape page: every waterfront lot filled by
its change (:data:`LOT_COLOURS`: loses a dock, gains one, eligible under both, under neither), every existing dock
marked by its status (:data:`DOCK_COLOURS`), the laws' names in the title, and a legend whose numbers are the
comparison's own counts (:meth:`~dockreview.batch.compare.Comparison.counts`), so that they equal the printed table.

Legible at letter size for a county: the unchanged lots are filled pale and without edges (20,000 outlines would
blacken a page); the lots and docks that change are drawn over them in strong colours, each also as a marker of
fixed size at its centre (:data:`MARKER_PT`), so that a lot a few feet wide on a map of miles still shows. The
words and colours are this module's: the comparison names each lot's change and each dock's status with them.
matplotlib is imported only when a map is drawn.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import shapely

#: What the draft does to a lot, in the legend's order, and its colour (strong where the lot changes).
LOT_COLOURS = {
    "loses a dock": "#cf222e",
    "gains a dock": "#1a7f37",
    "eligible under both": "#b7dfc0",
    "eligible under neither": "#e3e3e3",
}
#: What the draft does to an existing dock, in the legend's order, and its colour.
DOCK_COLOURS = {
    "made nonconforming": "#cf222e",
    "made conforming": "#1a7f37",
    "conforming under both": "#6e7781",
    "nonconforming under both": "#9a6700",
    "not reviewed": "#bbbbbb",
}
#: The changes drawn strong and marked, over the others.
CHANGED = ("loses a dock", "gains a dock", "made nonconforming", "made conforming")
#: The marker at the centre of a lot or dock that changes (pt), and of one that does not (pt).
MARKER_PT = 4.0
QUIET_MARKER_PT = 1.2
#: The page (in, landscape letter) and the smallest text on it (pt).
PAGE_IN = (11.0, 8.5)
FONT_PT = 8.0


def legend_entries(counts: dict[str, int]) -> list[tuple[str, str, bool]]:
    """The legend's rows: ``(label, colour, is_dock)``, each label the count's words and its number.

    Examples
    --------
    >>> legend_entries({"loses a dock": 3, "gains a dock": 0, "made nonconforming": 1200})[::2]
    [('lots that lose a dock: 3', '#cf222e', False), ('docks made nonconforming: 1,200', '#cf222e', True)]
    """
    rows = []
    for key, n in counts.items():
        if key in LOT_COLOURS:
            rows.append((f"lots {_verb(key)}: {n:,d}", LOT_COLOURS[key], False))
        elif key in DOCK_COLOURS:
            rows.append((f"docks {key}: {n:,d}", DOCK_COLOURS[key], True))
    return rows


def _verb(change: str) -> str:
    """A lot's change as the legend words it after "lots": "that lose a dock", "eligible under both"."""
    return {"loses a dock": "that lose a dock", "gains a dock": "that gain a dock"}.get(change, change)


def plot_compare_map(comparison, *, ax=None, title: str | None = None):
    """Draw the comparison's lots and docks on ``ax`` (a new landscape letter page when None); returns ``(fig, ax)``.

    ``comparison`` holds ``lots`` (a ``change`` column), ``docks`` (a ``status`` column, or None), ``law`` and
    ``draft`` (rule sets) and ``counts()``, as :class:`~dockreview.batch.compare.Comparison` does.
    """
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    if ax is None:
        fig, ax = plt.subplots(figsize=PAGE_IN, layout="constrained")
    fig = ax.figure
    lots, docks = comparison.lots, comparison.docks
    quiet = [k for k in LOT_COLOURS if k not in CHANGED]
    for key in [*quiet, *(k for k in LOT_COLOURS if k in CHANGED)]:
        chosen = lots[lots["change"] == key]
        if len(chosen):
            strong = key in CHANGED
            chosen.plot(ax=ax, color=LOT_COLOURS[key], linewidth=0.3 if strong else 0, edgecolor=LOT_COLOURS[key], zorder=2 if strong else 1)
            _markers(ax, chosen.geometry.values, LOT_COLOURS[key], MARKER_PT if strong else None, "s", 3 if strong else 1)
    if docks is not None:
        for key, colour in DOCK_COLOURS.items():
            chosen = docks[docks["status"] == key]
            if len(chosen):
                strong = key in CHANGED
                _markers(ax, chosen.geometry.values, colour, MARKER_PT if strong else QUIET_MARKER_PT, _dock_marker(key), 4 if strong else 2)
    handles = [
        Line2D([], [], ls="", marker=_dock_marker(label.split(": ")[0].removeprefix("docks ")), ms=MARKER_PT + 1, color=colour, label=label)
        if is_dock else Patch(fc=colour, ec="none", label=label)
        for label, colour, is_dock in legend_entries(comparison.counts())
    ]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(0.0, -0.06), ncol=2, fontsize=FONT_PT, frameon=False,
              title="What the draft does (every count as the printed table gives it)", title_fontsize=FONT_PT + 1, alignment="left")
    ax.set_title(title or f"{_law_name(comparison.draft)}\ncompared with {_law_name(comparison.law)}", fontsize=FONT_PT + 2, loc="left")
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_xlabel("")
    ax.set_ylabel("")
    for side in ax.spines.values():
        side.set_visible(False)
    _scale_note(ax, lots)
    return fig, ax


def _dock_marker(status: str) -> str:
    """A dock's marker: a triangle where the draft changes it, a dot where it does not."""
    return "^" if status in CHANGED else "o"


def _law_name(rules) -> str:
    """A law's name, and its file when it is not a shipped profile (a draft edited from one keeps its name)."""
    profile = rules.profile
    source = str(profile.source)
    return profile.name if source in (profile.id, profile.name) else f"{profile.name} ({Path(source).name})"


def _markers(ax, geoms, colour: str, size_pt: float | None, marker: str, zorder: int) -> None:
    """A marker of ``size_pt`` at each geometry's centre (none when ``size_pt`` is None)."""
    if size_pt is None or not len(geoms):
        return
    xy = shapely.get_coordinates(shapely.point_on_surface(np.asarray(geoms, dtype=object)))
    ax.scatter(xy[:, 0], xy[:, 1], s=size_pt**2, c=colour, marker=marker, linewidths=0, zorder=zorder)


def _scale_note(ax, lots) -> None:
    """The map's width in feet, under it (a county-wide map has no scale bar worth reading)."""
    if not len(lots) or lots.crs is None:
        return
    from dockreview.inputs.crs import feet_per_unit

    xmin, _, xmax, _ = lots.total_bounds
    width = (xmax - xmin) * feet_per_unit(lots.crs)
    ax.text(1.0, -0.02, f"map width {width:,.0f} ft; each lot that changes is also marked at its centre", transform=ax.transAxes,
            fontsize=FONT_PT, va="top", ha="right")


def save_compare_map(comparison, path: str | Path, *, inputs=()) -> None:
    """Write :func:`plot_compare_map` to ``path`` (.png at 300 dpi, .pdf or .svg), whole or not at all, never over ``inputs``."""
    from dockreview.outputs.sheet.page import save_figure

    fig, _ = plot_compare_map(comparison)
    save_figure(fig, path, inputs=inputs)
