"""The page a sheet is drawn on: the exhibit's panels, the one view-fitting function, and saving.

:func:`new_page` lays out a landscape exhibit page (map, legend, locator and title
block axes) and :func:`arrange` sets them once the title block's height is known.
:func:`fit_view` sets equal-aspect limits that hold what must be shown, at a round
engineer's scale on a printed sheet; both sheets use it. :func:`save_figure` writes
a sheet whole or not at all.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import shapely

from dockreview.outputs.files import atomic_path
from dockreview.outputs.sheet.pdffont import saved_in
from dockreview.outputs.style import MARGIN_IN, PAGES, SCALES_FT_PER_IN

#: Width of the exhibit's side panel (legend and locator), in inches.
PANEL_IN = {"letter": 2.9, "tabloid": 3.6}
#: The title block spans the foot of the page; its height is measured from its text, within these bounds (in).
TITLE_IN = {"letter": (1.2, 2.4), "tabloid": (1.4, 3.0)}
#: The zlib level a PNG sheet is written at: a 300-dpi letter page takes half as long as at PIL's default (6) and is
#: about a tenth larger; the pixels are the same.
PNG_COMPRESS_LEVEL = 3


@dataclass
class Page:
    """An exhibit page: its figure and the axes of the map, the legend, the locator and the title block."""

    fig: object
    ax: object
    legend_ax: object
    locator_ax: object
    block_ax: object
    page: str


def new_page(page: str) -> Page:
    """A landscape exhibit page: title block across the foot, map left, legend and locator right.

    Only the title block's width is known here; :func:`arrange` sets the rest
    once the title block's text has been measured.
    """
    if page not in PAGES:
        raise ValueError(f"page {page!r}: use one of {', '.join(PAGES)}")
    width, height = PAGES[page]
    fig = plt.figure(figsize=(width, height))
    m = MARGIN_IN
    block_ax = fig.add_axes((m / width, m / height, (width - 2 * m) / width, TITLE_IN[page][0] / height))
    ax = fig.add_axes((0, 0, 0.1, 0.1))
    legend_ax = fig.add_axes((0, 0, 0.1, 0.1))
    locator_ax = fig.add_axes((0, 0, 0.1, 0.1))
    for extra in (legend_ax, block_ax):
        extra.set_axis_off()
    for axes, gid in ((ax, "map"), (legend_ax, "legend"), (locator_ax, "locator"), (block_ax, "title-block")):
        axes.set_gid(gid)
    return Page(fig, ax, legend_ax, locator_ax, block_ax, page)


def arrange(p: Page, block_h_in: float) -> None:
    """Place the map and the right-hand panel above a title block ``block_h_in`` high."""
    width, height = PAGES[p.page]
    m, panel = MARGIN_IN, PANEL_IN[p.page]
    p.block_ax.set_position((m / width, m / height, (width - 2 * m) / width, block_h_in / height))
    bottom = m + block_h_in + m / 2
    top_h = height - m - bottom
    map_w = width - 3 * m - panel
    p.ax.set_position((m / width, bottom / height, map_w / width, top_h / height))
    p.legend_ax.set_position(((2 * m + map_w) / width, bottom / height, panel / width, top_h / height))
    p.locator_ax.set_position(((2 * m + map_w) / width, bottom / height, panel / width, min(panel, top_h / 3) / height))


def box_inches(ax) -> tuple[float, float]:
    """The axes' width and height on the page (in)."""
    box = ax.get_position()
    fig_w, fig_h = ax.figure.get_size_inches()
    return box.width * fig_w, box.height * fig_h


def fit_view(ax, bounds, ft_per_unit: float, *, round_scale: bool, right_px: float = 0.0):
    """Equal-aspect limits that fill the axes box and contain ``bounds``.

    On a printed sheet (``round_scale``) the map is drawn at the smallest
    engineer's scale of :data:`SCALES_FT_PER_IN` that holds ``bounds``, so that the
    printed page measures ``1 in = 40 ft``. ``right_px`` keeps a strip that wide at
    the right of the axes free of ``bounds`` (for a legend inside the axes).

    Returns the view (a box, working CRS) and the scale in feet to the inch (None
    when the map is not at a round scale).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig = plt.figure(figsize=(4, 3))
    >>> ax = fig.add_axes((0, 0, 1, 1))
    >>> view, scale = fit_view(ax, (0, 0, 150, 100), 1.0, round_scale=True)
    >>> scale, view.bounds
    (40, (-5.0, -10.0, 155.0, 110.0))
    >>> plt.close(fig)
    """
    x0, y0, x1, y1 = bounds
    w_in, h_in = box_inches(ax)
    strip_in = right_px / ax.figure.dpi
    map_w_in = max(w_in - strip_in, 0.3 * w_in)
    need = max((x1 - x0) * ft_per_unit / map_w_in, (y1 - y0) * ft_per_unit / h_in)
    scale = next((s for s in SCALES_FT_PER_IN if s >= need * (1 - 1e-9)), need) if round_scale else need
    units_per_in = scale / ft_per_unit
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    left = cx - map_w_in * units_per_in / 2
    vx0, vx1 = left, left + w_in * units_per_in
    vy0, vy1 = cy - h_in * units_per_in / 2, cy + h_in * units_per_in / 2
    ax.set_xlim(vx0, vx1)
    ax.set_ylim(vy0, vy1)
    ax.set_aspect("equal", adjustable="box")
    ax.set_xticks([])
    ax.set_yticks([])
    return shapely.box(vx0, vy0, vx1, vy1), (scale if round_scale else None)


def save_figure(fig, path, *, inputs: Iterable[str | Path] = ()) -> None:
    """Write a sheet to ``path`` (.png at 300 dpi; .pdf or .svg as vectors, SVG text kept as text), whole or not at all.

    ``inputs`` are never replaced (:func:`~dockreview.outputs.files.atomic_path`). A PDF's words are set in PDF's own Helvetica where it prints them all (:func:`~dockreview.outputs.sheet.pdffont.saved_in`).
    """
    kind = str(path).rsplit(".", 1)[-1].lower()
    extra = {"pil_kwargs": {"compress_level": PNG_COMPRESS_LEVEL}} if kind == "png" else {}
    try:
        with atomic_path(path, inputs=inputs) as tmp, matplotlib.rc_context({"svg.fonttype": "none"}), contextlib.ExitStack() as fonts:
            if kind == "pdf":
                fonts.enter_context(saved_in(fig))
            fig.savefig(tmp, dpi=300, format=kind, **extra)
    finally:
        plt.close(fig)
