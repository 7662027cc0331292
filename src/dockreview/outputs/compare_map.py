"""The Board's map of a comparison of two laws: the shore's lots coloured by what the draft does to them.

:func:`plot_compare_map` draws ``dockreview compare --map`` on one landscape letter page: every waterfront lot filled by
its change (:data:`LOT_COLOURS`: loses a dock, gains one, needs data to decide, not reviewed, eligible under both,
under neither), every existing dock
marked by its status (:data:`DOCK_COLOURS`), the town's outline (:class:`Outline`: a boundary layer read by
:func:`read_outline`, or the extent of the parcel layer, :func:`parcels_outline`), the laws' names in the title, and a
legend whose numbers are the comparison's own counts (:meth:`~dockreview.batch.compare.Comparison.counts`), so that
they equal the printed table. Beside the legend, the sheets' own scale bar and north arrow
(:mod:`dockreview.outputs.sheet.furniture`), at the map's scale: a round number of feet to the inch
(:func:`round_scale`), the bar a round number of feet long, both measured in the CRS's own units.

A long shore is cut into parts drawn at one scale, one above the other (:func:`map_parts`), when that draws it at
least :data:`PART_GAIN` times larger than whole; each lot and dock is drawn in the one part holding its centre.

Legible at letter size for a county: the unchanged lots are filled pale and without edges (20,000 outlines would
blacken a page); the lots and docks that change are drawn over them in strong colours, each also as a marker of
fixed size at its centre (:data:`MARKER_PT`), so that a lot a few feet wide on a map of miles still shows. The
words and colours are the house style's (:mod:`dockreview.outputs.style`): the comparison names each lot's change
and each dock's status with them. matplotlib is imported only when a map is drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import numpy as np
import shapely

from dockreview.errors import LayerError
from dockreview.inputs.crs import feet_per_unit
from dockreview.inputs.layers import read_layer
from dockreview.inputs.spec import LayerSpec
from dockreview.outputs.style import (
    BOARD_MAP_COLOURS,
    DOCK_COLOURS,
    LOT_COLOURS,
    MARGIN_IN,
    NOT_A_SURVEY,
    PAGES,
)

#: The changes drawn strong and marked, over the others.
CHANGED = ("loses a dock", "gains a dock", "made nonconforming", "made conforming", "needs data to decide")
#: The marker at the centre of a lot or dock that changes (pt), and of one that does not (pt).
MARKER_PT = 4.0
QUIET_MARKER_PT = 1.2
#: The page (in, landscape letter) and the smallest text on it (pt).
PAGE_IN = PAGES["letter"]
FONT_PT = 8.0
#: The town's outline's line (pt), drawn under the lots: a boundary often runs along their water edge.
OUTLINE_PT = 0.8
#: The page's bands (in): the title above the map, the legend and the furniture below it; the furniture's width.
TITLE_IN = 0.5
FOOT_IN = 1.2
FURNITURE_IN = 5.0
#: A long shore is cut into at most :data:`MAX_PARTS` parts at one scale, when that draws it at least
#: :data:`PART_GAIN` times larger than whole; the parts stand :data:`PART_GAP_IN` apart (their labels between
#: them), each with :data:`PART_PAD_IN` of room round its data so that a marker at its edge is drawn whole.
MAX_PARTS = 4
PART_GAIN = 1.25
PART_GAP_IN = 0.22
PART_PAD_IN = 0.06
#: The parcel layer's extent is found on a grid of this many cells along the layer's longer side (a cell is
#: about 1/200 in on the page), gaps between parcels up to twice :data:`EXTENT_CLOSING` cells wide closed.
EXTENT_CELLS = 2000
EXTENT_CLOSING = 2
#: What the legend calls the outline when no boundary layer is given.
EXTENT_WORDS = "extent of the parcel layer"


# ---------------------------------------------------------------------------
# the town's outline
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Outline:
    """The town's outline on the map: its polygons, in the map's CRS, and the legend's name for it.

    Attributes
    ----------
    geometry : shapely geometry
        (Multi)polygons; the map draws their rings.
    words : str
        Where it comes from, as the legend says it: a boundary layer's file (and layer), or :data:`EXTENT_WORDS`.
    """

    geometry: shapely.Geometry
    words: str


def read_outline(reference: str, crs, *, engine: str = "pyogrio") -> Outline:
    """The town's boundary: the polygons of the layer ``reference`` (``file`` or ``file.gpkg:layer``), in ``crs``.

    The layer may be in any CRS; its polygons are reprojected to ``crs`` and merged; other features are left out.

    Raises
    ------
    LayerError
        One line naming the layer: the file missing or unreadable, the layer not in it, or no polygon in it.
    CRSError
        The layer has no CRS.

    Examples
    --------
    >>> read_outline("no-such-town.gpkg", "EPSG:2263")
    Traceback (most recent call last):
    ...
    dockreview.errors.LayerError: outline layer no-such-town.gpkg: file not found; ...
    """
    path = Path(reference)
    head, sep, layer = reference.rpartition(":")
    named = sep and head and layer and not path.exists()
    spec = LayerSpec(Path(head), layer, None, reference) if named else LayerSpec(path, None, None, reference)
    frame = read_layer(spec, role="outline", engine=engine)
    geoms = np.asarray(frame.geometry.values, dtype=object)
    areas = shapely.get_dimensions(geoms) == 2  # -1 for a feature with no geometry
    if not areas.any():
        raise LayerError(f"outline layer {spec.describe()}: no polygon features; give the town's boundary as polygons")
    polygons = frame[areas].to_crs(crs).geometry.values
    words = f"{spec.path.name}:{spec.layer}" if spec.layer else spec.path.name
    return Outline(shapely.union_all(shapely.make_valid(np.asarray(polygons, dtype=object))), words)


def parcel_extent(geoms, *, cells: int = EXTENT_CELLS) -> shapely.Geometry:
    """The ground the parcels ``geoms`` cover, as (multi)polygons, found on a grid of ``cells`` along its longer side.

    Each parcel's outline, cut into pieces no longer than a cell, marks the cells it passes through; gaps between
    parcels up to twice :data:`EXTENT_CLOSING` cells wide are closed, what the marks enclose is filled, and the
    cells' outline is simplified to one cell. Linear in the parcels' vertices: the 20,000 parcels of a county in a
    fifth of a second, where their buffered union takes seconds. The outline runs up to half a cell outside the
    parcels: on a letter page, a line's width.

    Examples
    --------
    >>> block = [shapely.box(x, 0, x + 100, 200) for x in range(0, 1000, 100)]  # ten lots side by side
    >>> far = shapely.box(0, 5000, 1000, 5200)                                  # and one big lot far off
    >>> extent = parcel_extent(block + [far], cells=520)                        # cells of 10 ft
    >>> [tuple(round(v) for v in part.bounds) for part in shapely.get_parts(extent)]
    [(-5, -5, 1005, 205), (-5, 4995, 1005, 5205)]
    >>> parcel_extent([None]).is_empty
    True
    """
    geoms = np.asarray(geoms, dtype=object)
    geoms = geoms[~(shapely.is_missing(geoms) | shapely.is_empty(geoms))]
    if not len(geoms):
        return shapely.Polygon()
    from affine import Affine
    from rasterio import features
    from scipy import ndimage

    x0, y0, x1, y1 = shapely.total_bounds(geoms)
    size = max(x1 - x0, y1 - y0) / cells
    xy = shapely.get_coordinates(shapely.segmentize(geoms, size))
    pad = EXTENT_CLOSING + 1
    col = np.floor((xy[:, 0] - x0) / size + 0.5).astype(int) + pad  # each point in the middle of its cell, or near
    row = np.floor((y1 - xy[:, 1]) / size + 0.5).astype(int) + pad
    grid = np.zeros((row.max() + pad + 1, col.max() + pad + 1), dtype=bool)
    grid[row, col] = True
    grid = ndimage.binary_fill_holes(ndimage.binary_closing(grid, iterations=EXTENT_CLOSING)).astype(np.uint8)
    corner = Affine(size, 0.0, x0 - (pad + 0.5) * size, 0.0, -size, y1 + (pad + 0.5) * size)
    cells_of = features.shapes(grid, mask=grid.astype(bool), transform=corner)
    return shapely.simplify(shapely.union_all([shapely.geometry.shape(shape) for shape, _ in cells_of]), size)


def parcels_outline(geoms) -> Outline:
    """The outline drawn without a boundary layer: :func:`parcel_extent` of the parcel layer, named so in the legend."""
    return Outline(parcel_extent(geoms), EXTENT_WORDS)


# ---------------------------------------------------------------------------
# the page
# ---------------------------------------------------------------------------
def map_parts(bounds, box_in: tuple[float, float], *, gap_in: float = PART_GAP_IN,
              most: int = MAX_PARTS) -> tuple[list[tuple[float, float, float, float]], float, bool]:
    """The parts a map of ``bounds`` is drawn in, in a box ``box_in`` inches (wide, high), all at one scale.

    A map much wider than the box is cut across x into parts set one above the other (west to east); one much
    taller, across y into parts set side by side (north to south); into as many as draw it largest, and only when
    that draws it :data:`PART_GAIN` times larger than whole. Returns the parts' bounds, the map's units to the inch
    that fit them, and whether the parts stand one above the other.

    Examples
    --------
    >>> map_parts((0, 0, 2000, 1000), (10, 6))           # about the box's shape: whole
    ([(0.0, 0.0, 2000.0, 1000.0)], 200.0, True)
    >>> map_parts((0, 0, 20000, 2000), (10, 6))          # a long strip: two halves, one above the other
    ([(0.0, 0.0, 10000.0, 2000.0), (10000.0, 0.0, 20000.0, 2000.0)], 1000.0, True)
    >>> parts, per_in, stacked = map_parts((0, 0, 1000, 15000), (10, 6))   # a tall one: parts side by side
    >>> len(parts), per_in, stacked
    (4, 625.0, False)
    """
    x0, y0, x1, y1 = (float(v) for v in bounds)
    w, h = max(x1 - x0, 1e-9), max(y1 - y0, 1e-9)
    box_w, box_h = box_in
    whole = (max(w / box_w, h / box_h), 1, True)
    options = [whole]
    for k in range(2, most + 1):
        room_h, room_w = box_h - (k - 1) * gap_in, box_w - (k - 1) * gap_in
        if room_h > 0:
            options.append((max(w / k / box_w, h * k / room_h), k, True))
        if room_w > 0:
            options.append((max(w * k / room_w, h / k / box_h), k, False))
    best = min(options, key=lambda o: (o[0], o[1]))
    per_in, k, stacked = best if best[0] * PART_GAIN <= whole[0] else whole
    if stacked:
        parts = [(float(a), y0, float(b), y1) for a, b in pairwise(np.linspace(x0, x1, k + 1))]
    else:
        parts = [(x0, float(b), x1, float(a)) for a, b in pairwise(np.linspace(y1, y0, k + 1))]
    return parts, float(per_in), stacked


def part_of(xy: np.ndarray, parts: list[tuple[float, float, float, float]]) -> np.ndarray:
    """The part (index into ``parts``) each point of ``xy`` (n, 2) is drawn in: the first holding it.

    Examples
    --------
    >>> part_of(np.array([[5.0, 1.0], [10.0, 1.0], [15.0, 1.0]]), [(0, 0, 10, 2), (10, 0, 20, 2)]).tolist()
    [0, 0, 1]
    """
    inside = [(xy[:, 0] >= a) & (xy[:, 0] <= c) & (xy[:, 1] >= b) & (xy[:, 1] <= d) for a, b, c, d in parts]
    return np.argmax(np.array(inside).reshape(len(parts), len(xy)), axis=0)


def round_scale(ft_per_in: float) -> float:
    """``ft_per_in`` rounded up to two significant figures: the scale the map is drawn at, stated as the page prints it.

    Engineer's scales (:data:`~dockreview.outputs.style.SCALES_FT_PER_IN`) stop where a county's map begins, and
    their steps would leave up to a fifth of the page unused; two figures leave less than a tenth.

    Examples
    --------
    >>> round_scale(8123.0), round_scale(40.0), round_scale(10278.4)
    (8200, 40, 11000)
    """
    step = 10 ** (math.floor(math.log10(ft_per_in)) - 1)
    return math.ceil(ft_per_in / step * (1 - 1e-12)) * step


def legend_entries(counts: dict[str, dict[str, int]]) -> list[tuple[str, str, str | None]]:
    """The legend's rows: ``(label, colour, status)``, each label the count's words and its number, ``status`` the
    dock's status (None for lots); ``counts`` holds the ``lots`` by change and the ``docks`` by status.

    Examples
    --------
    >>> legend_entries({"lots": {"loses a dock": 3, "gains a dock": 0}, "docks": {"made nonconforming": 1200}})[::2]
    [('lots that lose a dock: 3', '#cf222e', None), ('docks made nonconforming: 1,200', '#cf222e', 'made nonconforming')]
    """
    lots = [(f"lots {_verb(key)}: {n:,d}", LOT_COLOURS[key], None) for key, n in counts.get("lots", {}).items()]
    return lots + [(f"docks {_verb(key)}: {n:,d}", DOCK_COLOURS[key], key) for key, n in counts.get("docks", {}).items()]


def _verb(change: str) -> str:
    """A lot's change or a dock's status as the legend words it after "lots" or "docks": "that lose a dock",
    "eligible under both", "that need data to decide", "made nonconforming"."""
    return {"loses a dock": "that lose a dock", "gains a dock": "that gain a dock", "needs data to decide": "that need data to decide"}.get(change, change)


# ---------------------------------------------------------------------------
# the drawing
# ---------------------------------------------------------------------------
def plot_compare_map(comparison, *, outline: Outline | None = None, title: str | None = None):
    """Draw the comparison's lots and docks, and ``outline``, on a landscape letter page; returns ``(fig, ax)``.

    ``comparison`` holds ``lots`` (a ``change`` column), ``docks`` (a ``status`` column, or None), ``law`` and
    ``draft`` (rule sets) and ``counts()``, as :class:`~dockreview.batch.compare.Comparison` does. ``ax`` is the
    map's first part, which holds the legend of counts; each part's axes has the gid ``map-part-N``, the scale bar's
    and north arrow's ``furniture``.
    """
    import matplotlib.pyplot as plt

    from dockreview.outputs.sheet.draw import draw_lines

    lots, docks = comparison.lots, comparison.docks
    ft = feet_per_unit(lots.crs)
    fig = plt.figure(figsize=PAGE_IN)
    width, height = PAGE_IN
    m = MARGIN_IN
    fig.text(m / width, 1 - m / height, title or f"{_law_name(comparison.draft)}\ncompared with {_law_name(comparison.law)}",
             fontsize=FONT_PT + 2, va="top", ha="left")
    box = (m, m + FOOT_IN + m / 2, width - 2 * m, height - 2.5 * m - FOOT_IN - TITLE_IN)  # the map's room: left, bottom, w, h
    parts, per_in, stacked = map_parts(_bounds(lots, docks, outline), (box[2] - 2 * PART_PAD_IN, box[3] - 2 * PART_PAD_IN),
                                       gap_in=PART_GAP_IN + 2 * PART_PAD_IN)
    scale = round_scale(per_in * ft)
    axes = _part_axes(fig, parts, stacked, scale / ft, box)
    lot_xy = _centres(lots.geometry.values)
    dock_xy = _centres(docks.geometry.values) if docks is not None else None
    for i, ax in enumerate(axes):
        _draw_lots(ax, lots, part_of(lot_xy, parts) == i, lot_xy)
        if docks is not None:
            _draw_docks(ax, docks, part_of(dock_xy, parts) == i, dock_xy)
        if outline is not None:
            draw_lines(ax, outline.geometry, color=BOARD_MAP_COLOURS["outline"], lw=OUTLINE_PT, zorder=0.5)  # under the lots
        if len(axes) > 1:
            ax.set_title(f"part {i + 1} of {len(axes)}, {'west to east' if stacked else 'north to south'}", fontsize=FONT_PT,
                         loc="left", pad=2)
    _legend(axes[0], comparison.counts())
    _furniture(fig, outline, lots.crs, scale, ft)
    return fig, axes[0]


def _law_name(rules) -> str:
    """A law's name, and its file when it is not a shipped profile (a draft edited from one keeps its name)."""
    profile = rules.profile
    source = str(profile.source)
    return profile.name if source in (profile.id, profile.name) else f"{profile.name} ({Path(source).name})"


def _bounds(lots, docks, outline: Outline | None) -> tuple[float, float, float, float]:
    """What the map shows: the lots, the docks and the outline (a unit square when there is nothing)."""
    found = [f.total_bounds for f in (lots, docks) if f is not None and len(f)]
    if outline is not None and not outline.geometry.is_empty:
        found.append(np.array(outline.geometry.bounds))
    if not found:
        return (0.0, 0.0, 1.0, 1.0)
    found = np.array(found)
    return (*found[:, :2].min(axis=0), *found[:, 2:].max(axis=0))


def _part_axes(fig, parts: list, stacked: bool, per_in: float, box: tuple[float, float, float, float]) -> list:
    """One axes per part, each its part's size at ``per_in`` units to the inch (and its padding), centred in ``box`` (in)."""
    width, height = fig.get_size_inches()
    left, bottom, room_w, room_h = box
    pad = PART_PAD_IN
    sizes = [((p[2] - p[0]) / per_in + 2 * pad, (p[3] - p[1]) / per_in + 2 * pad) for p in parts]
    if stacked:
        x, y = left + room_w / 2, bottom + room_h / 2 + (sum(h for _, h in sizes) + PART_GAP_IN * (len(parts) - 1)) / 2
    else:
        x, y = left + room_w / 2 - (sum(w for w, _ in sizes) + PART_GAP_IN * (len(parts) - 1)) / 2, bottom + room_h / 2
    axes = []
    for i, ((x0, y0, x1, y1), (w, h)) in enumerate(zip(parts, sizes)):
        rect = (x - w / 2, y - h, w, h) if stacked else (x, y - h / 2, w, h)
        ax = fig.add_axes((rect[0] / width, rect[1] / height, w / width, h / height), gid=f"map-part-{i + 1}")
        ax.set_xlim(x0 - pad * per_in, x1 + pad * per_in)
        ax.set_ylim(y0 - pad * per_in, y1 + pad * per_in)
        ax.set_aspect("equal", adjustable="box")
        ax.set_xticks([])
        ax.set_yticks([])
        for side in ax.spines.values():
            side.set_color(BOARD_MAP_COLOURS["frame"])
            side.set_linewidth(0.5)
        axes.append(ax)
        y, x = (y - h - PART_GAP_IN, x) if stacked else (y, x + w + PART_GAP_IN)
    return axes


def _centres(geoms) -> np.ndarray:
    """A point on each geometry's surface (n, 2; NaN for none): where its marker goes and which part draws it."""
    points = shapely.point_on_surface(np.asarray(geoms, dtype=object))
    return np.column_stack([shapely.get_x(points), shapely.get_y(points)])


def _draw_lots(ax, lots, here: np.ndarray, xy: np.ndarray) -> None:
    """The lots of this part filled by their change, the unchanged first, pale and without edges; those that change marked."""
    from dockreview.outputs.sheet.draw import fill

    change = lots["change"].to_numpy()
    geoms = np.asarray(lots.geometry.values, dtype=object)
    for key in [*(k for k in LOT_COLOURS if k not in CHANGED), *(k for k in LOT_COLOURS if k in CHANGED)]:
        chosen = here & (change == key)
        if not chosen.any():
            continue
        strong = key in CHANGED
        fill(ax, geoms[chosen], fc=LOT_COLOURS[key], ec=LOT_COLOURS[key] if strong else "none", lw=0.3 if strong else 0,
             zorder=2 if strong else 1)
        if strong:
            _markers(ax, xy[chosen], LOT_COLOURS[key], MARKER_PT, "s", 3, f"lots:{key}")


def _draw_docks(ax, docks, here: np.ndarray, xy: np.ndarray) -> None:
    """The docks of this part, each a marker by its status: larger and a triangle where the draft changes it."""
    status = docks["status"].to_numpy()
    for key, colour in DOCK_COLOURS.items():
        chosen = here & (status == key)
        if chosen.any():
            strong = key in CHANGED
            _markers(ax, xy[chosen], colour, MARKER_PT if strong else QUIET_MARKER_PT, _dock_marker(key), 4 if strong else 2, f"docks:{key}")


def _dock_marker(status: str) -> str:
    """A dock's marker: a triangle where the draft changes it, a dot where it does not."""
    return "^" if status in CHANGED else "o"


def _markers(ax, xy: np.ndarray, colour: str, size_pt: float, marker: str, zorder: int, gid: str) -> None:
    """A marker of ``size_pt`` at each point of ``xy``, the collection named ``gid`` ("lots:loses a dock")."""
    ax.scatter(xy[:, 0], xy[:, 1], s=size_pt**2, c=colour, marker=marker, linewidths=0, zorder=zorder, gid=gid)


def _legend(ax, counts: dict[str, dict[str, int]]) -> None:
    """The counts, under the map at the page's left: the printed table's totals, word for word."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles = [
        Line2D([], [], ls="", marker=_dock_marker(status), ms=MARKER_PT + 1, color=colour, label=label)
        if status else Patch(fc=colour, ec="none", label=label)
        for label, colour, status in legend_entries(counts)
    ]
    width, height = ax.figure.get_size_inches()
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(MARGIN_IN / width, (MARGIN_IN + FOOT_IN) / height),
              bbox_transform=ax.figure.transFigure, ncol=2, fontsize=FONT_PT, frameon=False, borderaxespad=0, borderpad=0,
              title="What the draft does (every count as the printed table gives it)", title_fontsize=FONT_PT + 1, alignment="left")


def _furniture(fig, outline: Outline | None, crs, scale: float, ft_per_unit: float) -> None:
    """Under the map at the right, on axes at the map's scale (gid ``furniture``): the key to the outline and the marks
    with the data's CRS, the north arrow and the scale bar (:mod:`dockreview.outputs.sheet.furniture`)."""
    from matplotlib.lines import Line2D

    from dockreview.outputs.sheet.furniture import north_arrow, scale_bar

    width, height = fig.get_size_inches()
    ax = fig.add_axes(((width - MARGIN_IN - FURNITURE_IN) / width, MARGIN_IN / height, FURNITURE_IN / width, FOOT_IN / height),
                      gid="furniture")
    per_in = scale / ft_per_unit
    ax.set_xlim(0, FURNITURE_IN * per_in)
    ax.set_ylim(0, FOOT_IN * per_in)
    ax.set_axis_off()
    handles = [Line2D([], [], ls="", marker="s", ms=MARKER_PT + 1, mfc="none", mec="black",
                      label="a lot that changes, or needs data to decide, is also marked at its centre, in its colour"),
               Line2D([], [], ls="", label=f"CRS: {crs.to_string()}, {crs.name}"), Line2D([], [], ls="", label=NOT_A_SURVEY)]
    if outline is not None:
        handles.insert(0, Line2D([], [], color=BOARD_MAP_COLOURS["outline"], lw=OUTLINE_PT, label=f"outline: {outline.words}"))
    ax.legend(handles=handles, loc="upper left", fontsize=FONT_PT, frameon=False, borderaxespad=0, borderpad=0)
    scale_bar(ax, ft_per_unit, FONT_PT, scale)
    north_arrow(ax, FONT_PT)


def save_compare_map(comparison, path: str | Path, *, outline: Outline | None = None, inputs=()) -> None:
    """Write :func:`plot_compare_map` to ``path`` (.png at 300 dpi, .pdf or .svg), whole or not at all, never over ``inputs``."""
    from dockreview.outputs.sheet.page import save_figure

    fig, _ = plot_compare_map(comparison, outline=outline)
    save_figure(fig, path, inputs=inputs)
