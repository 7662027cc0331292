"""A sheet's furniture: the north arrow, the scale bar and the locator inset.

:func:`place_furniture` sets the north arrow and the scale bar each in the corner
of the map where it hides the least of what matters; :func:`draw_locator` draws
the whole lot with a box where the main view sits, in the room
:func:`fit_locator` leaves it under the legend.
"""

from __future__ import annotations

import shapely
from matplotlib.offsetbox import AnchoredOffsetbox, AuxTransformBox, DrawingArea, TextArea, VPacker
from matplotlib.patches import Polygon as MplPolygon
from matplotlib.patches import Rectangle
from matplotlib.text import Text
from shapely.geometry.base import BaseGeometry

from dockreview.outputs.sheet.draw import clip, draw_lines, fill, px
from dockreview.outputs.sheet.page import box_inches
from dockreview.outputs.sheet.text import renderer
from dockreview.outputs.style import BACKING, COLOURS, ROUND_LENGTHS_FT

#: Where the north arrow and scale bar may go (matplotlib ``loc`` codes), in order of preference.
CORNERS = {"north": (1, 2, 4, 3, 7, 6), "scale": (3, 4, 8, 2, 1, 9)}
#: What each step down that order costs, against what the box would hide (see :func:`place_furniture`).
CORNER_RANK_COST = {"north": 12.0, "scale": 4.0}


def north_arrow(ax, fontsize: float) -> AnchoredOffsetbox:
    """Grid north: the arrow, "N" above it and "grid north" below it, as one symbol."""
    size = px(ax.figure, 1.0) * 72 / ax.figure.dpi  # DrawingArea works in points
    w, h = 14 * size, 30 * size
    arrow = DrawingArea(w, h, 0, 0)
    arrow.add_artist(MplPolygon([(w / 2, h), (0, h * 0.45), (w * 0.38, h * 0.52), (w * 0.38, 0), (w * 0.62, 0), (w * 0.62, h * 0.52), (w, h * 0.45)],
                                closed=True, fc="black", ec="black", lw=0.5))
    north = TextArea("N", textprops=dict(fontsize=fontsize + 3, fontweight="bold"))
    label = TextArea("grid north", textprops=dict(fontsize=fontsize))
    box = AnchoredOffsetbox("upper right", child=VPacker(children=[north, arrow, label], align="center", pad=0, sep=1),
                            frameon=False, pad=0.3, borderpad=0.4)
    box.set_gid("north-arrow")
    box.set_zorder(12)
    ax.add_artist(box)
    return box


def scale_length_ft(view_width_ft: float) -> int:
    """A round scale-bar length: the largest of :data:`ROUND_LENGTHS_FT` within a quarter of the view.

    Examples
    --------
    >>> scale_length_ft(330.0), scale_length_ft(30.0)
    (50, 10)
    """
    return max([v for v in ROUND_LENGTHS_FT if v <= view_width_ft / 4] or [ROUND_LENGTHS_FT[0]])


def scale_bar(ax, ft_per_unit: float, fontsize: float, scale: float | None) -> AnchoredOffsetbox:
    """A scale bar of alternating quarters, its length in feet and (on a page) the printed ratio; no box."""
    x0, x1 = ax.get_xlim()
    length_ft = scale_length_ft((x1 - x0) * ft_per_unit)
    length = length_ft / ft_per_unit
    px_per_unit = ax.bbox.width / (x1 - x0)
    bar_h = px(ax.figure, 3.5) / px_per_unit
    bar = AuxTransformBox(ax.transData)
    for i in range(4):
        bar.add_artist(Rectangle((i * length / 4, 0), length / 4, bar_h, fc="black" if i % 2 == 0 else "white", ec="black", lw=0.6))
    for pos, text in ((0, "0"), (length / 2, f"{length_ft / 2:,g}"), (length, f"{length_ft:,g} ft")):
        bar.add_artist(Text(pos, -bar_h * 0.6, text, ha="center", va="top", fontsize=fontsize, bbox=BACKING))
    children = [bar]
    if scale is not None:  # the figures on a light backing: a line the bar stands over does not run through them
        children.append(TextArea(f"1 in = {scale:,g} ft (at the printed page size)", textprops=dict(fontsize=fontsize, bbox=BACKING)))
    box = AnchoredOffsetbox("lower left", child=VPacker(children=children, align="center", pad=0, sep=2),
                            frameon=False, pad=0.3, borderpad=0.6)
    box.set_gid("scale-bar")
    box.set_zorder(12)
    ax.add_artist(box)
    return box


def place_furniture(ax, boxes: list[tuple[str, AnchoredOffsetbox]], important: list[tuple[BaseGeometry, float]],
                    busy: BaseGeometry | None = None) -> list:
    """Move each box to the corner where it hides the least of the important geometry (display); their bboxes.

    ``busy`` (hatching, channels) costs the scale bar only: its small figures read
    poorly over them, while the north arrow reads anywhere.
    """
    drawer = renderer(ax.figure)
    taken = []
    for kind, box in boxes:
        best = None
        for rank, loc in enumerate(CORNERS[kind]):
            box.loc = loc
            shape = shapely.box(*box.get_window_extent(drawer).extents)
            if any(shape.intersects(t) for t in taken):
                continue
            weighed = important + ([(busy, 0.004)] if kind == "scale" and busy is not None else [])
            cost = CORNER_RANK_COST[kind] * rank + sum(w * (shape.intersection(g).area if g.area > 0 else shape.intersection(g).length) for g, w in weighed)
            if best is None or cost < best[0]:
                best = (cost, loc, shape)
        box.loc = best[1]
        taken.append(best[2])
    return taken


def fit_locator(p, legend, fontsize: float) -> None:
    """Set the locator of page ``p`` in the panel below the legend, as large as the room left allows."""
    fig = p.fig
    legend_box = legend.get_window_extent(renderer(fig))
    panel = p.legend_ax.get_position()
    fig_w, fig_h = fig.get_size_inches()
    title_room = (fontsize * 1.8) / 72 / fig_h
    top = legend_box.y0 / fig.bbox.height - 0.25 / fig_h - title_room
    bottom = panel.y0
    height = max(top - bottom, 0.6 / fig_h)
    side = min(height * fig_h, panel.width * fig_w)
    p.locator_ax.set_position((panel.x0, bottom + (height - side / fig_h), panel.width, side / fig_h))


def draw_locator(locator_ax, site, view, fontsize: float) -> None:
    """The whole subject lot, its neighbours and shore, and a box where the main view sits."""
    lot = site.parcel
    x0, y0, x1, y1 = shapely.union_all([lot, view]).bounds
    pad = 0.08 * max(x1 - x0, y1 - y0)
    bounds = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    region = shapely.box(*bounds).buffer(max(x1 - x0, y1 - y0))
    for geom in site.neighbours.geometry:
        fill(locator_ax, clip(geom, region), fc=COLOURS["neighbour"], ec="#888888", lw=0.4)
    fill(locator_ax, lot, fc=COLOURS["parcel"], ec="#555555", lw=0.8)
    draw_lines(locator_ax, clip(site.mhw, region), color=COLOURS["mhw"], lw=1.0)
    draw_lines(locator_ax, view.exterior, color=COLOURS["locator_view"], lw=1.0)
    w_in, h_in = box_inches(locator_ax)
    need = max((bounds[2] - bounds[0]) / w_in, (bounds[3] - bounds[1]) / h_in)
    cx, cy = (bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2
    locator_ax.set_xlim(cx - need * w_in / 2, cx + need * w_in / 2)
    locator_ax.set_ylim(cy - need * h_in / 2, cy + need * h_in / 2)
    locator_ax.set_aspect("equal", adjustable="box")
    locator_ax.set_xticks([])
    locator_ax.set_yticks([])
    locator_ax.set_facecolor("#eef4fa")
    locator_ax.set_title(f"Locator: all of lot {site.parcel_id}; red box: the main view", fontsize=fontsize, loc="left", pad=2)
