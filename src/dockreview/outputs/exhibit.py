"""The site-plan exhibit: the lot, its side lines and extensions, the dock, its envelope and its dimensions.

One renderer draws every exhibit: ``check --map``, ``map``, ``report``,
``envelope --map`` and ``Review.plot()`` in a notebook.

:func:`plot_review` draws a review onto a matplotlib axes and returns ``(fig, ax)``.
With ``ax=None`` it lays out a whole exhibit page (letter or tabloid, landscape):
the map at a round engineer's scale (``1 in = 40 ft`` at the printed size), a
legend of every symbol drawn, a locator of the whole lot, and a title block
(site, parcel, applicant, application, address, preparer, date, verdict, the
Board items still to be determined, profile, working CRS and its convergence,
data sources, and the standing note that the exhibit is drawn from GIS data and
is not a survey). :func:`plot_envelope` draws the same page for ``envelope --map``
with the lot's envelope, and says "no dock possible" when none may stand.
:func:`save_map` and :func:`save_envelope_map` write the page as PNG (300 dpi),
PDF or SVG (vectors), whole or not at all.

Everything drawn comes from the :class:`~dockreview.review.Review` (its measurements,
its checks and its layout) or the :class:`~dockreview.envelope.Envelope`: each
dimension shows the value the check decided on. Labels are placed from the text
extents the renderer reports: none overlaps another label, a dock component, a
water corner, the north arrow, the scale bar or the panels; a dimension label that
cannot sit beside its line moves along it, then out to a leader line.
"""

from __future__ import annotations

import dataclasses
import math
import re
import warnings
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import shapely
from matplotlib.lines import Line2D
from matplotlib.offsetbox import (
    AnchoredOffsetbox,
    AuxTransformBox,
    DrawingArea,
    TextArea,
    VPacker,
)
from matplotlib.patches import Patch, PathPatch, Rectangle
from matplotlib.patches import Polygon as MplPolygon
from matplotlib.path import Path as MplPath
from matplotlib.text import Text
from matplotlib.tri import Triangulation
from shapely.geometry.base import BaseGeometry

from dockreview._version import __version__
from dockreview.inputs.crs import describe
from dockreview.outputs.files import atomic_path
from dockreview.rules.base import not_above, not_below

COLOURS = {
    "parcel": "#f3efe0",
    "neighbour": "#fafafa",
    "mhw": "#1f5fa8",
    "side": "#222222",
    "band": "#2da44e",
    "no_go_setback": "#bc4c00",
    "no_go_reach": "#6e7781",
    "no_go_terminus": "#d1242f",
    "reach": "#cf222e",
    "channel": "#8fb8de",
    "channel_text": "#1b4f80",
    "ring": "#d1242f",
    "other_dock": "#6e5494",
    "walkway": "#8b5a2b",
    "ramp": "#b07d48",
    "float": "#e0a526",
    "landing": "#a0522d",
    "boat_lift": "#444444",
    "pwc_lift": "#666666",
    "pile": "#000000",
    "dimension": "#0b3d91",
    "warning": "#cf222e",
    "sounding": "#444c56",
    "contour": "#00a6b4",
    "vegetation": "#2f8132",
    "lot_text": "#3d3d3d",
    "locator_view": "#cf222e",
}
VERDICT_COLOURS = {"compliant": "#1a7f37", "noncompliant": "#cf222e", "incomplete": "#9a6700", "exempt": "#6e7781"}
#: Landscape page sizes (inches), the width of the side panel and the font size (pt).
PAGES = {"letter": (11.0, 8.5), "tabloid": (17.0, 11.0)}
PANEL_IN = {"letter": 2.9, "tabloid": 3.6}
FONT_PT = {"letter": 7.0, "tabloid": 9.0}
#: No text on an exhibit is set smaller than this (pt): legible on a letter page.
MIN_FONT_PT = 7.0
MARGIN_IN = 0.3
#: The title block spans the foot of the page; its height is measured from its text, within these bounds (in).
TITLE_IN = {"letter": (1.2, 2.4), "tabloid": (1.4, 3.0)}
#: Engineer's scales (ft to the inch) the map is drawn at on an exhibit page.
SCALES_FT_PER_IN = (5, 10, 20, 30, 40, 50, 60, 80, 100, 120, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 2500, 3000, 4000, 5000)
ROUND_LENGTHS_FT = (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000)
#: Where along a dimension line its label may go (fraction of the line), in order of preference.
LABEL_POSITIONS = (0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9)
NOT_A_SURVEY = "Drawn from GIS data; not a survey. Distances in feet."
#: Fields that name existing docks and channels when the manifest names none.
DOCK_ID_FIELDS = ("DOCK_ID", "dock_id", "OBJNAM", "NAME", "name", "ID", "id")
CHANNEL_NAME_FIELDS = ("NAME", "name", "OBJNAM", "Name")
DECIDED = ("pass", "fail", "waived")
#: A label's backing: a light box that keeps it legible over hatching and line work (text stays text in PDF/SVG).
_BACKING = dict(boxstyle="square,pad=0.12", fc="white", ec="none", alpha=0.72)


@dataclass(frozen=True)
class Dimension:
    """One dimension to draw: its line, what it measures and the limit it is held to.

    ``failing`` is the check's verdict when a check decides the dimension alone
    (the reach); otherwise the value is held to the limit here, unrounded, as the
    check does. ``note`` says where a limit comes from (``"navigable depth"``).
    """

    key: str
    name: str
    line: BaseGeometry
    value: float
    limit: float
    is_minimum: bool
    failing: bool | None = None
    note: str = ""
    waived: bool = False

    @property
    def fails(self) -> bool:
        """Whether the value breaks the limit (the check's status when it decides, else unrounded)."""
        if self.waived:
            return False
        if self.failing is not None:
            return self.failing
        return self.breaks

    @property
    def breaks(self) -> bool:
        """Whether the value, unrounded, is beyond the limit."""
        return not (not_below(self.value, self.limit) if self.is_minimum else not_above(self.value, self.limit))

    @property
    def text(self) -> str:
        """``"right setback 15.0 ft < 60.0 ft req."`` when failing, else ``"left setback 65.0 ft"``."""
        text = f"{self.name} {self.value:,.1f} ft"
        if self.fails or self.waived:
            relation = f"< {self.limit:,.1f} ft req." if self.is_minimum else f"> {self.limit:,.1f} ft max."
            text = f"{text} {relation}"
            if self.note:
                text = f"{text} ({self.note})"
        if self.waived:
            text = f"{text} (waived)"
        return text

    @property
    def colour(self) -> str:
        """The warning colour for a failing dimension."""
        return COLOURS["warning"] if self.fails else COLOURS["dimension"]


@dataclass
class _Sheet:
    """What one exhibit draws: a review, an envelope, or both (``envelope --map``)."""

    site: object
    riparian: object
    review: object = None
    envelope: object = None
    kind: str = "review"  # "review" | "envelope"


# ----------------------------------------------------------------------------- drawing primitives


def polygon_patch(geom, **kwargs) -> PathPatch | None:
    """A matplotlib patch for a (multi)polygon, holes included."""
    polys = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon" and not p.is_empty]
    if not polys:
        return None
    vertices, codes = [], []
    for poly in polys:
        for ring in (poly.exterior, *poly.interiors):
            xy = np.asarray(ring.coords)
            vertices.append(xy)
            codes.append([MplPath.MOVETO] + [MplPath.LINETO] * (len(xy) - 2) + [MplPath.CLOSEPOLY])
    return PathPatch(MplPath(np.concatenate(vertices), np.concatenate(codes)), **kwargs)


def _add(ax, geom, **kwargs) -> PathPatch | None:
    """Add a (multi)polygon to ``ax``; the patch drawn (None when there was nothing to draw)."""
    if geom is None:
        return None
    patch = polygon_patch(geom, **kwargs)
    if patch is not None:
        ax.add_patch(patch)
    return patch


def _line_parts(geom) -> list[np.ndarray]:
    """The line work of ``geom`` as coordinate arrays (polygons by their outlines, points left out)."""
    out = []
    for part in shapely.get_parts(shapely.get_parts(geom)):
        if part.is_empty:
            continue
        if part.geom_type == "Polygon":
            out += [np.asarray(r.coords) for r in (part.exterior, *part.interiors)]
        elif part.geom_type in ("LineString", "LinearRing"):
            out.append(np.asarray(part.coords))
    return out


def _lines(ax, geom, **kwargs) -> bool:
    """Draw the line work of ``geom``; whether anything was drawn."""
    drawn = False
    for xy in _line_parts(geom):
        ax.plot(xy[:, 0], xy[:, 1], **kwargs)
        drawn = True
    return drawn


def _arrow(ax, start, end, colour: str, style: str = "<|-|>") -> None:
    """An arrow (both heads by default) between two points in data coordinates."""
    ax.annotate(
        "", xy=tuple(end), xytext=tuple(start),
        arrowprops=dict(arrowstyle=style, color=colour, lw=0.9, shrinkA=0, shrinkB=0, mutation_scale=8),
    )


def _clip(geom, view):
    return shapely.intersection(geom, view) if geom is not None and not geom.is_empty else shapely.Polygon()


def _display(ax, geom):
    """``geom`` in display pixels."""
    return shapely.transform(geom, ax.transData.transform)


def _px(fig, points: float) -> float:
    """``points`` in display pixels."""
    return points * fig.dpi / 72.0


# ----------------------------------------------------------------------------- text measured by the renderer


def _renderer(fig):
    return fig.canvas.get_renderer()


def _text_width(fig, text: str, fontsize: float, weight: str = "normal") -> float:
    """The width (pixels) the renderer gives ``text`` on one line."""
    probe = Text(0, 0, text, fontsize=fontsize, fontweight=weight, figure=fig)
    return probe.get_window_extent(_renderer(fig)).width


#: Character widths (pixels) as the renderer sets them, by (character, size, weight, dpi).
_CHAR_WIDTHS: dict[tuple, float] = {}


class _Widths:
    """Line widths summed from the renderer's width of each character (each measured once per font and dpi)."""

    def __init__(self, fig, fontsize: float, weight: str):
        self.fig, self.key = fig, (float(fontsize), weight, float(fig.dpi))

    def char(self, c: str) -> float:
        key = (c, *self.key)
        if key not in _CHAR_WIDTHS:
            # between two bars, so that a space or a side bearing counts as it does inside a line
            bars = _text_width(self.fig, "||", self.key[0], self.key[1])
            _CHAR_WIDTHS[key] = _text_width(self.fig, f"|{c}|", self.key[0], self.key[1]) - bars
        return _CHAR_WIDTHS[key]

    def line(self, line: str) -> float:
        return sum(self.char(c) for c in line)


def _wrap_to(fig, text: str, width_px: float, fontsize: float, weight: str = "normal", indent: str = "  ") -> str:
    """``text`` broken between words so that no line is wider than ``width_px`` as the renderer sets it.

    A number stays on the line of its unit (``5,028 sq ft``); a word wider than a
    line on its own (a long file name) is broken where it must be.
    """
    widths = _Widths(fig, fontsize, weight)
    limit = width_px * 0.96  # room for the kerning a character-by-character sum does not see
    space = widths.char(" ")
    out = []
    for paragraph in text.split("\n"):
        glued = re.sub(r"(\d) (sq ft|ft|in|lb|deg)\b", lambda m: m.group(1) + "\u00a0" + m.group(2).replace(" ", "\u00a0"), paragraph)
        line, width = "", 0.0
        for word in glued.split(" "):
            w = widths.line(word)
            if not line:
                line, width = word, w
            elif width + space + w <= limit:
                line, width = f"{line} {word}", width + space + w
            else:
                out.append(line)
                line, width = indent + word, widths.line(indent) + w
            while width > limit and len(line) > len(indent) + 1:
                cut = len(line) - 1
                while cut > len(indent) + 1 and widths.line(line[:cut]) > limit:
                    cut -= 1
                out.append(line[:cut])
                line = indent + line[cut:]
                width = widths.line(line)
        out.append(line)
    return "\n".join(out).replace("\u00a0", " ")


# ----------------------------------------------------------------------------- the page


@dataclass
class _Page:
    fig: object
    ax: object
    legend_ax: object
    locator_ax: object
    block_ax: object
    page: str


def _page(page: str) -> _Page:
    """A landscape exhibit page: title block across the foot, map left, legend and locator right.

    Only the title block's width is known here; :func:`_arrange` sets the rest
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
    return _Page(fig, ax, legend_ax, locator_ax, block_ax, page)


def _arrange(p: _Page, block_h_in: float) -> None:
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


def _extent(sheet: _Sheet) -> tuple[float, float, float, float]:
    """The water side of the lot: frontage, dock, envelope and dimensions, with a strip of upland."""
    rip = sheet.riparian
    geoms = [rip.frontage]
    if sheet.review is not None:
        layout = sheet.review.layout
        geoms += [layout.dock.footprint, *layout.dimension_lines.values()]
        if not layout.allowed_band.is_empty:
            geoms.append(layout.allowed_band)
    if sheet.envelope is not None:
        for g in (sheet.envelope.geometry, sheet.envelope.band):
            if g is not None and not g.is_empty:
                geoms.append(g)
    water = shapely.union_all(geoms)
    x0, y0, x1, y1 = water.bounds
    span = max(x1 - x0, y1 - y0)
    upland = shapely.clip_by_rect(sheet.site.parcel, x0 - span, y0 - span, x1 + span, y1 + span)
    back = shapely.intersection(upland, shapely.buffer(rip.frontage, 0.25 * span))
    x0, y0, x1, y1 = shapely.union_all([water, back]).bounds
    pad = 0.08 * max(x1 - x0, y1 - y0)
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _box_inches(ax) -> tuple[float, float]:
    box = ax.get_position()
    fig_w, fig_h = ax.figure.get_size_inches()
    return box.width * fig_w, box.height * fig_h


def _fit_view(ax, bounds, ft_per_unit: float, *, round_scale: bool, right_px: float = 0.0):
    """Equal-aspect limits that fill the axes box and contain ``bounds``.

    On an exhibit page (``round_scale``) the map is drawn at the smallest
    engineer's scale of :data:`SCALES_FT_PER_IN` that holds ``bounds``, so that the
    printed page measures ``1 in = 40 ft``. ``right_px`` keeps a strip that wide at
    the right of the axes free of ``bounds`` (for a legend inside the axes).

    Returns the view (a box, working CRS) and the scale in feet to the inch (None
    when the map is not at a round scale).
    """
    x0, y0, x1, y1 = bounds
    w_in, h_in = _box_inches(ax)
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


# ----------------------------------------------------------------------------- map layers


def _field(frame, preferred, fallbacks) -> str | None:
    """The column that names the features: the manifest's, else the first of ``fallbacks`` present."""
    if frame is None:
        return None
    for name in (preferred, *fallbacks):
        if name and name in frame.columns:
            return name
    return None


def _name_of(value) -> str | None:
    if value is None or (isinstance(value, float) and not np.isfinite(value)):
        return None
    text = str(value).strip()
    return text or None


def _draw_context(ax, sheet: _Sheet, view, legend: list, names: list) -> None:
    """Lots, channels, existing docks, vegetation and the MHW line; the features to name."""
    site = sheet.site
    manifest = site.manifest
    neighbours = site.neighbours
    id_field = manifest.parcel_id_field
    for i, geom in enumerate(neighbours.geometry):
        shown = _clip(geom, view)
        if _add(ax, shown, fc=COLOURS["neighbour"], ec="#888888", lw=0.6, zorder=1) and id_field in neighbours.columns:
            label = _name_of(neighbours[id_field].iloc[i])
            if label:
                names.append((f"lot {label}", shown, "lot"))
    subject = _clip(site.parcel, view)
    _add(ax, subject, fc=COLOURS["parcel"], ec="#555555", lw=1.0, zorder=2)
    names.insert(0, (f"lot {site.parcel_id}", subject, "subject"))
    legend.append(Patch(fc=COLOURS["parcel"], ec="#555555", label=f"lot {site.parcel_id} (the applicant's)"))
    if not neighbours.empty:
        legend.append(Patch(fc=COLOURS["neighbour"], ec="#888888", label="neighbouring lots, by parcel id"))
    channels = site.channels
    if channels is not None and not channels.empty:
        field_name = _field(channels, manifest.channels_name_field, CHANNEL_NAME_FIELDS)
        drawn = False
        for i, geom in enumerate(channels.geometry.values):
            shown = _clip(geom, view)
            if _add(ax, shown, fc=COLOURS["channel"], ec="#4a7fb0", lw=0.6, alpha=0.7, zorder=3):
                drawn = True
                label = _name_of(channels[field_name].iloc[i]) if field_name else None
                if label:
                    names.append((label, shown, "channel"))
        if drawn:
            legend.append(Patch(fc=COLOURS["channel"], ec="#4a7fb0", label="channels / fairways / anchorages"))
    docks = site.docks
    if docks is not None and not docks.empty:
        others = docks.geometry.values
        # docks charted as lines are drawn 4 ft wide; clearances are measured to the line itself
        as_area = np.where(shapely.get_dimensions(others) == 2, others, shapely.buffer(others, 2.0 / site.ft_per_unit))
        field_name = _field(docks, manifest.docks_id_field, DOCK_ID_FIELDS)
        drawn = False
        for i, geom in enumerate(as_area):
            shown = _clip(geom, view)
            if _add(ax, shown, fc=COLOURS["other_dock"], ec="none", zorder=4):
                drawn = True
                label = _name_of(docks[field_name].iloc[i]) if field_name else None
                if label:
                    names.append((label if label.lower().startswith("dock") else f"dock {label}", shown, "dock"))
        if drawn:
            legend.append(Patch(fc=COLOURS["other_dock"], label="existing docks, by id"))
    vegetation = site.vegetation
    if vegetation is not None and not vegetation.empty and _add(
        ax, _clip(shapely.union_all(vegetation.geometry.values), view),
        fc=COLOURS["vegetation"], ec=COLOURS["vegetation"], alpha=0.35, hatch="...", lw=0.6, zorder=3,
    ):
        legend.append(Patch(fc=COLOURS["vegetation"], ec=COLOURS["vegetation"], alpha=0.35, hatch="...", label="tidal vegetation"))
    _lines(ax, _clip(site.mhw, view), color=COLOURS["mhw"], lw=2.0, zorder=5)
    legend.append(Line2D([], [], color=COLOURS["mhw"], lw=2, label="mean high-water line"))


def _envelope_of(sheet: _Sheet):
    """The envelope drawn: the sheet's own, else the review's layout's (where the dock may stand)."""
    if sheet.envelope is not None:
        return sheet.envelope
    return sheet.review.layout.envelope if sheet.review is not None else None


def _reach_limit(sheet: _Sheet) -> tuple[float, str]:
    """The reach limit the envelope holds the dock to (ft) and where it comes from."""
    env = _envelope_of(sheet)
    cap = sheet.review.profile("max_reach_ft") if sheet.review is not None else None
    limit = env.reach_limit_ft if env is not None else cap
    if cap is not None and limit is not None and limit < cap - 1e-9:
        return limit, "navigable depth"
    return limit, ""


def _no_go(sheet: _Sheet) -> dict:
    """The hatched areas: within the side setbacks, beyond the reach limit, near channels and docks.

    Read from :func:`dockreview.export.no_go_areas`; the part beyond the envelope's
    reach limit (navigable depth, when stricter than the profile's cap) is drawn as
    beyond the reach, not as setback.
    """
    from dockreview.outputs.export import no_go_areas

    areas = dict(no_go_areas(sheet.review))
    limit, _ = _reach_limit(sheet)
    cap = sheet.review.profile("max_reach_ft")
    if limit is not None and limit < cap - 1e-9:
        rip = sheet.riparian
        within = shapely.buffer(rip.frontage, limit / sheet.site.ft_per_unit, quad_segs=32)
        areas["reach"] = shapely.difference(rip.zone, within)
    areas["setback"] = shapely.difference(areas.get("setback", shapely.Polygon()), areas["reach"])
    if "clearance" in areas:
        areas["setback"] = shapely.difference(areas["setback"], areas["clearance"])
    return areas


def _draw_zones(ax, sheet: _Sheet, view, legend: list) -> dict:
    """The envelope, the no-go areas, the reach limit and the clearance rings; the hatched areas."""
    env = _envelope_of(sheet)
    possible = env is None or env.possible
    allowed = sheet.review.layout.allowed_band if sheet.review is not None else env.geometry
    if sheet.kind == "envelope" and env is not None:
        allowed = env.geometry
    area = "" if env is None else f" ({env.area_sqft:,.0f} sq ft)"
    if possible:
        drawn = _add(ax, _clip(allowed, view), fc=COLOURS["band"], ec=COLOURS["band"], alpha=0.18, lw=0.8, zorder=2, gid="envelope")
        if drawn:
            legend.append(Patch(fc=COLOURS["band"], ec=COLOURS["band"], alpha=0.3, label=f"envelope: where the dock may stand{area}"))
    else:
        drawn = _add(ax, _clip(allowed, view), fc="none", ec="#57606a", ls="--", lw=1.0, zorder=2.6, gid="envelope")
        if drawn:
            legend.append(Patch(fc="none", ec="#57606a", ls="--", label=f"clear of setbacks and rings{area}, but no dock possible"))
    limit, source = _reach_limit(sheet)
    source_text = f" ({source})" if source else ""
    clearance_ft = 50.0
    if sheet.review is not None:
        clearance_ft = sheet.review.profile("min_terminus_clearance_ft")
        areas = _no_go(sheet)
        setback_ft = sheet.review.measurements.required_setback_ft
    else:
        zone = sheet.riparian.zone
        areas = {"setback": shapely.difference(shapely.intersection(zone, shapely.buffer(sheet.riparian.frontage, limit / sheet.site.ft_per_unit, quad_segs=32)), env.band)}
        areas["reach"] = shapely.difference(zone, shapely.buffer(sheet.riparian.frontage, limit / sheet.site.ft_per_unit, quad_segs=32))
        if not env.band.is_empty:
            areas["clearance"] = shapely.difference(env.band, env.geometry)
        setback_ft = env.required_setback_ft
    hatches = (
        ("setback", "////", "no_go_setback", f"no dock: within the {setback_ft:,.1f} ft side setback"),
        ("reach", "\\\\\\\\", "no_go_reach", f"no dock: beyond the {limit:,.1f} ft reach limit{source_text}"),
        ("clearance", "xx", "no_go_terminus", f"no seaward end: within {clearance_ft:,.0f} ft of channels / docks"),
    )
    for kind, hatch, key, label in hatches:
        if _add(ax, _clip(areas.get(kind), view), fc="none", ec=COLOURS[key], hatch=hatch, lw=0, alpha=0.35, zorder=2.5):
            legend.append(Patch(fc="white", ec=COLOURS[key], hatch=hatch, lw=0.6, label=label))
    reach_line = sheet.review.layout.reach_limit if sheet.review is not None else None
    if reach_line is None or reach_line.is_empty:
        arc = shapely.buffer(sheet.riparian.frontage, limit / sheet.site.ft_per_unit, quad_segs=32).exterior
        reach_line = shapely.intersection(arc, sheet.riparian.zone)
    if _lines(ax, _clip(reach_line, view), color=COLOURS["reach"], lw=1.2, ls="-.", zorder=6):
        legend.append(Line2D([], [], color=COLOURS["reach"], ls="-.", label=f"{limit:,.1f} ft reach limit{source_text}"))
    if "clearance" in areas and sheet.review is not None and _lines(
        ax, _clip(shapely.boundary(areas["clearance"]), view), color=COLOURS["ring"], ls=":", lw=1.0, zorder=3,
    ):
        legend.append(Line2D([], [], color=COLOURS["ring"], ls=":", label=f"{clearance_ft:,.0f} ft clearance rings"))
    return areas


def _draw_riparian(ax, sheet: _Sheet, view, legend: list) -> list:
    """Side lines, their seaward extensions and the water corners; the corners (data)."""
    rip = sheet.riparian
    for side in (rip.left_side, rip.right_side):
        _lines(ax, _clip(side, view), color=COLOURS["side"], lw=1.4, zorder=6)
    for ext in (rip.left_extension, rip.right_extension):
        _lines(ax, _clip(ext, view), color=COLOURS["side"], lw=1.2, ls="--", zorder=6)
    corners = [rip.left_corner, rip.right_corner]
    for corner in corners:
        ax.plot(corner.x, corner.y, "o", ms=4, color=COLOURS["side"], zorder=9)
    legend += [
        Line2D([], [], color=COLOURS["side"], lw=1.4, label="side property lines"),
        Line2D([], [], color=COLOURS["side"], lw=1.2, ls="--", label=f"seaward extensions ({extension_text(rip)})"),
        Line2D([], [], color=COLOURS["side"], marker="o", ms=4, ls="", label="water corners"),
    ]
    return corners


def _draw_dock(ax, review, legend: list) -> None:
    """The proposed dock by component, and its seaward terminus."""
    components = review.layout.dock.components
    for kind in dict.fromkeys(components["component"]):
        group = components[components["component"] == kind]
        colour = COLOURS.get(kind, "#999999")
        _add(ax, shapely.union_all(group.geometry.values), fc=colour, ec="black", lw=0.6, zorder=8)
        legend.append(Patch(fc=colour, ec="black", label=f"proposed {kind.replace('_', ' ')}"))
    _add(ax, review.layout.terminus, fc="none", ec=COLOURS["warning"], lw=1.2, zorder=9)
    legend.append(Patch(fc="none", ec=COLOURS["warning"], label="seaward terminus"))


def _depth_column(site) -> str | None:
    """The soundings' depth field: the manifest's, else ``depth_ft``/``depth``, else none."""
    soundings = site.soundings
    for name in (site.manifest.depth_field, "depth_ft", "depth"):
        if name and name in soundings.columns:
            return name
    return None


def _draw_soundings(ax, sheet: _Sheet, view, legend: list) -> list:
    """Sounding points and the navigable-depth contour; the soundings to label ((x, y), depth).

    The contour is drawn at the review's required depth over a linear
    triangulation of the soundings, when the depths on either side of it are given.
    """
    site = sheet.site
    soundings = site.soundings
    column = _depth_column(site) if soundings is not None and not soundings.empty else None
    if column is None:
        return []
    points = soundings[soundings.geometry.geom_type == "Point"]
    shown = points[points.geometry.within(view)]
    x, y, depth = shown.geometry.x.values, shown.geometry.y.values, shown[column].astype(float).values
    if len(x):
        ax.plot(x, y, "+", ms=3, color=COLOURS["sounding"], zorder=4)
    required = sheet.review.measurements.required_depth_ft if sheet.review is not None else None
    depths = points[column].astype(float).values
    if required is not None and len(points) >= 3 and depths.min() < required < depths.max():
        tri = Triangulation(points.geometry.x.values, points.geometry.y.values)
        contour = ax.tricontour(tri, depths, levels=[required], colors=COLOURS["contour"], linewidths=2.0, zorder=5)
        contour.set_gid("navigable-contour")
        legend.append(Line2D([], [], color=COLOURS["contour"], lw=2.0, label=f"navigable depth {required:,.1f} ft below MLW"))
    return [((px, py), d) for px, py, d in zip(x, y, depth) if np.isfinite(d)]


def _contours(ax) -> list:
    """The navigable-depth contour as drawn (data coordinates)."""
    out = []
    for collection in ax.collections:
        if collection.get_gid() != "navigable-contour":
            continue
        for path in collection.get_paths():
            for poly in path.to_polygons(closed_only=False):
                if len(poly) >= 2:
                    out.append(shapely.LineString(poly))
    return out


# ----------------------------------------------------------------------------- dimensions


def _limit(review, check_ids: tuple[str, ...], profile_key: str, *, stricter=min) -> float:
    """The strictest limit the decided checks ``check_ids`` held the measurement to, else the profile's number."""
    limits = [c.limit for c in review.checks if c.id in check_ids and c.limit is not None and c.status in DECIDED]
    return stricter(limits) if limits else review.profile(profile_key)


def _check(review, check_id: str):
    try:
        return review.check(check_id)
    except KeyError:
        return None


def _reach_dimension(review) -> Dimension | None:
    """The measure the reach check decided on: the reach, or the length along the axis when that is greater.

    Its value is the check's; its limit the check's, or the navigable-reach
    check's when that one is decided and stricter; red when either fails.
    """
    m, lines = review.measurements, review.layout.dimension_lines
    reach = _check(review, "reach")
    along_axis = m.length_ft > m.reach_ft
    value = reach.value if reach is not None and reach.value is not None else m.overall_reach_ft
    line = lines.get("length") if along_axis else lines.get("reach")
    if line is None or value is None or not np.isfinite(value):
        return None
    deciding = [c for c in (reach,) if c is not None]
    limit = reach.limit if reach is not None and reach.limit is not None else review.profile("max_reach_ft")
    note = ""
    nav = _check(review, "navigable-reach")
    if nav is not None and nav.status in DECIDED and nav.limit is not None:
        if nav.limit < limit - 1e-9:
            limit, note = nav.limit, "navigable depth"
            deciding = [nav, *deciding]
        elif nav.status == "fail":
            deciding.append(nav)
    failing = any(c.status == "fail" for c in deciding)
    waived = not failing and any(c.status == "waived" for c in deciding)
    name = "length along axis" if along_axis else "reach"
    return Dimension("reach", name, line, float(value), float(limit), False, failing=failing, note=note, waived=waived)


def dimensions(review) -> list[Dimension]:
    """The dimensions of the exhibit, each with the review's measurement and its limit.

    The frontage is dimensioned along the MHW line; the others along the
    shortest lines of :attr:`Layout.dimension_lines`. The reach is the measure the
    reach check decided on (:func:`_reach_dimension`). A dimension whose
    measurement is missing (no layer) or infinite (empty layer) is left out.
    """
    m, lines = review.measurements, review.layout.dimension_lines
    clearance = review.profile("min_terminus_clearance_ft")
    wanted = [
        ("frontage", "frontage", review.layout.riparian.frontage, m.frontage_ft, _limit(review, ("frontage",), "min_frontage_ft", stricter=max), True),
        ("setback_left", "left setback", lines.get("setback_left"), m.setback_left_ft, m.required_setback_ft, True),
        ("setback_right", "right setback", lines.get("setback_right"), m.setback_right_ft, m.required_setback_ft, True),
        ("channel_clearance", "to channel", lines.get("channel_clearance"), m.channel_clearance_ft, clearance, True),
        ("dock_clearance", "to dock", lines.get("dock_clearance"), m.dock_clearance_ft, clearance, True),
    ]
    waived = {c.id for c in review.checks if c.status == "waived"}
    checks = {"frontage": "frontage", "setback_left": "side-setback", "setback_right": "side-setback",
              "channel_clearance": "channel-clearance", "dock_clearance": "dock-clearance"}
    dims = [
        Dimension(key, name, line, value, limit, is_minimum)
        for key, name, line, value, limit, is_minimum in wanted
        if line is not None and value is not None and np.isfinite(value) and line.length > 0
    ]
    # a waived failure keeps its value and limit, marked waived, in the dimension colour
    dims = [dataclasses.replace(d, waived=True) if checks[d.key] in waived and d.breaks else d for d in dims]
    reach = _reach_dimension(review)
    if reach is not None and reach.line.length > 0:
        dims.insert(3, reach)
    return dims


def _single_line(line: BaseGeometry) -> shapely.LineString:
    """One line of an offset curve: merged, else its longest piece."""
    merged = shapely.line_merge(line) if line.geom_type != "LineString" else line
    return merged if merged.geom_type == "LineString" else max(shapely.get_parts(merged), key=shapely.length)


def _frontage_line(ax, rip, view_width: float, colour: str) -> np.ndarray:
    """Draw the frontage dimension, offset landward of the MHW line; its vertices (data)."""
    front = shapely.line_merge(rip.frontage)
    if front.geom_type != "LineString":
        front = rip.chord
    gap = 0.03 * view_width
    landward = -rip.seaward
    front = shapely.simplify(front, 1e-6 * front.length)  # collinear vertices can split an offset curve
    candidates = [_single_line(shapely.offset_curve(front, d)) for d in (gap, -gap)]
    mid = np.asarray(rip.frontage_midpoint.coords[0])
    offset = max(candidates, key=lambda c: float((np.asarray(c.interpolate(0.5, normalized=True).coords[0]) - mid) @ landward))
    xy = np.asarray(offset.coords)
    if np.hypot(*(xy[0] - np.asarray(rip.left_corner.coords[0]))) > np.hypot(*(xy[-1] - np.asarray(rip.left_corner.coords[0]))):
        xy = xy[::-1]
    ax.plot(xy[1:-1, 0], xy[1:-1, 1], color=colour, lw=0.9, zorder=7)
    _arrow(ax, xy[1], xy[0], colour, "-|>")
    _arrow(ax, xy[-2], xy[-1], colour, "-|>")
    for corner, end in ((rip.left_corner, xy[0]), (rip.right_corner, xy[-1])):
        ax.plot([corner.x, end[0]], [corner.y, end[1]], color=colour, lw=0.5, zorder=7)
    return xy


def _runs_over(line: BaseGeometry, footprint: BaseGeometry) -> bool:
    """Whether a dimension line runs along the dock (the length along its axis; a reach down a walkway's edge)."""
    return shapely.length(shapely.intersection(line, shapely.buffer(footprint, 1e-6 * line.length))) > 0.05 * line.length


def _axis_dimension_line(ax, review, line: BaseGeometry, view_width: float, colour: str, avoid: list) -> np.ndarray:
    """Draw a dimension that runs along the dock beside it instead, with extension lines; its ends (data).

    The length along the axis runs down the walkway's middle, and a reach may run
    down a walkway's edge: the dimension is set off parallel, to the side of the
    dock where it crosses fewer other dimension lines, at its full length.
    """
    a, b = np.asarray(line.coords)[[0, -1]]
    along = (b - a) / max(np.hypot(*(b - a)), 1e-12)
    normal = np.array([-along[1], along[0]])
    xy = shapely.get_coordinates(review.layout.dock.footprint)
    across = (xy - a) @ normal
    gap = 0.02 * view_width
    best = None
    for side, reach in ((1, across.max()), (-1, -across.min())):
        shift = normal * side * (max(reach, 0.0) + gap)
        ends = np.array([a + shift, b + shift])
        crossing = sum(shapely.intersects(shapely.LineString(ends), g) for g in avoid)
        if best is None or crossing < best[0]:
            best = (crossing, ends)
    ends = best[1]
    for base, end in ((a, ends[0]), (b, ends[1])):
        ax.plot([base[0], end[0]], [base[1], end[1]], color=colour, lw=0.5, zorder=7)
    _arrow(ax, ends[0], ends[1], colour)
    return ends


# ----------------------------------------------------------------------------- label placement


def _rect(centre, angle_deg: float, width: float, height: float) -> shapely.Polygon:
    """A rectangle in display space centred on ``centre``, ``width`` along ``angle_deg``."""
    return _rects(np.asarray([centre], dtype=float), np.asarray([angle_deg], dtype=float), width, height)[0]


_CORNER_SIGNS = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1], [-1, -1]], dtype=float)


def _rects(centres: np.ndarray, angles_deg: np.ndarray, width: float, height: float) -> np.ndarray:
    """Rectangles (display space) centred on each of ``centres``, ``width`` along each angle."""
    t = np.radians(angles_deg)
    along = np.column_stack([np.cos(t), np.sin(t)]) * (width / 2)
    across = np.column_stack([-np.sin(t), np.cos(t)]) * (height / 2)
    coords = centres[:, None, :] + _CORNER_SIGNS[None, :, 0, None] * along[:, None, :] + _CORNER_SIGNS[None, :, 1, None] * across[:, None, :]
    return shapely.polygons(coords)


def _readable(angle_deg: float) -> float:
    """The angle turned so that text along it reads left to right (-90, 90]."""
    angle = (angle_deg + 180.0) % 360.0 - 180.0
    if angle > 90.0:
        angle -= 180.0
    elif angle <= -90.0:
        angle += 180.0
    return angle


class _Placer:
    """Places labels where they overlap nothing placed before, from the extents the renderer reports.

    Hard obstacles (display space): the dock's components, the water corners, the
    north arrow, the scale bar, a legend inside the axes and every label placed.
    Soft obstacles (line work a label had better not sit on) add to a candidate's cost.
    """

    def __init__(self, ax, hard: list, soft: list):
        self.ax = ax
        self.fig = ax.figure
        self.renderer = _renderer(self.fig)
        self.frame = shapely.box(*ax.bbox.extents).buffer(-2.0)
        self.hard = [g for g in hard if g is not None and not g.is_empty]
        self.soft = [(g, w) for g, w in soft if g is not None and not g.is_empty]
        self.labels: list[shapely.Polygon] = []
        self.angles: list[float] = []
        self.pad = _px(self.fig, 1.2)
        self.em = _px(self.fig, 14.0)  # two ems of the smallest text

    def _hard_array(self):
        return np.array(self.hard + self.labels, dtype=object)

    def measure(self, text: Text) -> tuple[float, float]:
        """Width and height (pixels) of ``text`` set unrotated, padded."""
        angle = text.get_rotation()
        text.set_rotation(0)
        box = text.get_window_extent(self.renderer)
        text.set_rotation(angle)
        return box.width + 2 * self.pad, box.height + 2 * self.pad

    def blocked(self, rect, hard=None) -> bool:
        hard = self._hard_array() if hard is None else hard
        if not self.frame.contains(rect):
            return True
        return bool(len(hard)) and bool(np.any(shapely.intersects(hard, rect)))

    def soft_cost(self, rect, angle: float = 0.0) -> float:
        cost = sum(w for g, w in self.soft if rect.intersects(g))
        if self.labels:
            # a label within two ems of another crowds it; set at the same slant the two read as one line
            near = shapely.dwithin(np.array(self.labels, dtype=object), rect, self.em)
            turn = np.abs((np.asarray(self.angles) - angle + 90.0) % 180.0 - 90.0)
            cost += float(np.sum(np.where(near, np.where(turn < 25.0, 5.0, 1.5), 0.0)))
        return cost

    def choose(self, candidates, *, leader_from=None):
        """The cheapest free candidate ``(cost, centre, angle, rect)``, or None."""
        hard = self._hard_array()
        best = None
        for cost, centre, angle, rect in candidates:
            if best is not None and cost >= best[0]:
                continue
            if self.blocked(rect, hard):
                continue
            total = cost + self.soft_cost(rect, angle)
            if leader_from is not None:
                tip = shapely.LineString([leader_from, _nearest_on(rect, leader_from)])
                total += 0.002 * tip.length + sum(3.0 for g in self.hard if tip.crosses(g) or tip.within(g))
                if len(self.labels) and np.any(shapely.intersects(np.array(self.labels, dtype=object), tip)):
                    total += 5.0
            if best is None or total < best[0]:
                best = (total, centre, angle, rect)
        return best

    def commit(self, text: Text, centre, angle: float, rect) -> Text:
        x, y = self.ax.transData.inverted().transform(centre)
        text.set_position((x, y))
        text.set_rotation(angle)
        self.labels.append(rect)
        self.angles.append(angle)
        return text


def _nearest_on(rect: shapely.Polygon, point) -> tuple[float, float]:
    near = shapely.shortest_line(rect.exterior, shapely.Point(point))
    return tuple(np.asarray(near.coords)[0])


def _polyline_candidates(xy: np.ndarray, width: float, height: float, gap: float):
    """Positions beside a polyline (display), at :data:`LABEL_POSITIONS`, then along it past its ends."""
    line = shapely.LineString(xy)
    length = line.length
    overhang = max(0.0, width - length) / max(width, 1.0)
    costs, centres, angles = [], [], []
    for rank, t in enumerate(LABEL_POSITIONS):
        d = t * length
        p = np.asarray(line.interpolate(d).coords[0])
        q = np.asarray(line.interpolate(min(d + 1.0, length)).coords[0])
        o = np.asarray(line.interpolate(max(d - 1.0, 0.0)).coords[0])
        direction = q - o
        angle = _readable(math.degrees(math.atan2(direction[1], direction[0])))
        t_rad = math.radians(angle)
        normal = np.array([-math.sin(t_rad), math.cos(t_rad)])
        # a label reaching past its line's ends is ambiguous: only wanted when nothing beside the line is free
        fit = 4.0 * overhang + (max(0.0, width / 2 - min(d, length - d)) / max(width, 1.0)) * 2.0
        for side in (1, -1):
            costs.append(0.3 * rank + fit)
            centres.append(p + normal * side * (height / 2 + gap))
            angles.append(angle)
    for end, inward in ((xy[0], xy[1]), (xy[-1], xy[-2])):
        direction = np.asarray(end, dtype=float) - np.asarray(inward, dtype=float)
        direction /= max(np.hypot(*direction), 1e-9)
        angle = _readable(math.degrees(math.atan2(direction[1], direction[0])))
        t_rad = math.radians(angle)
        normal = np.array([-math.sin(t_rad), math.cos(t_rad)])
        for side in (0, 1, -1):
            costs.append(3.0 + abs(side) * 0.2)
            centres.append(np.asarray(end) + direction * (width / 2 + 2 * gap) + normal * side * (height / 2 + gap))
            angles.append(angle)
    centres = np.asarray(centres, dtype=float)
    rects = _rects(centres, np.asarray(angles, dtype=float), width, height)
    return list(zip(costs, centres, angles, rects))


def _leader_candidates(anchor, width: float, height: float, step: float, base_cost: float = 4.5):
    """Horizontal positions on rings around ``anchor`` (display), for a label with a leader line."""
    anchor = np.asarray(anchor, dtype=float)
    theta = 2 * np.pi * np.arange(16) / 16
    direction = np.column_stack([np.cos(theta), np.sin(theta)])
    # the distance from the box's centre to its edge in each direction
    edge = np.minimum(width / 2 / np.maximum(np.abs(direction[:, 0]), 1e-9), height / 2 / np.maximum(np.abs(direction[:, 1]), 1e-9))
    rings = np.array((1.0, 2.0, 3.5, 5.5, 8.0, 11.0, 15.0))
    centres = (anchor + direction[None, :, :] * (edge[None, :, None] + rings[:, None, None] * step)).reshape(-1, 2)
    costs = (base_cost + 0.4 * np.arange(len(rings))[:, None] + 0.01 * np.arange(16)[None, :]).ravel()
    rects = _rects(centres, np.zeros(len(centres)), width, height)
    return list(zip(costs, centres, [0.0] * len(centres), rects))


def _leader(ax, rect, anchor_display, colour: str) -> None:
    """A thin leader from a label's box to the point it names, with a dot at the point."""
    inv = ax.transData.inverted()
    start = inv.transform(_nearest_on(rect, anchor_display))
    end = inv.transform(anchor_display)
    ax.plot([start[0], end[0]], [start[1], end[1]], color=colour, lw=0.8, zorder=10.5, gid="leader")
    ax.plot([end[0]], [end[1]], "o", ms=2.5, color=colour, zorder=10.5, gid="leader")


def _place_dimension(placer: _Placer, ends_data: np.ndarray, dim: Dimension, fontsize: float) -> Text:
    """Label a dimension beside its line, else along it past its ends, else out on a leader."""
    ax = placer.ax
    text = ax.text(0, 0, dim.text, fontsize=fontsize, color=dim.colour, ha="center", va="center",
                   rotation_mode="anchor", zorder=11, gid=f"dimension:{dim.key}", bbox=_BACKING)
    width, height = placer.measure(text)
    xy = ax.transData.transform(np.asarray(ends_data, dtype=float))
    gap = _px(placer.fig, 2.0)
    best = placer.choose(_polyline_candidates(xy, width, height, gap))
    if best is None:
        anchor = np.asarray(shapely.LineString(xy).interpolate(0.5, normalized=True).coords[0])
        best = placer.choose(_leader_candidates(anchor, width, height, _px(placer.fig, 6.0)), leader_from=anchor)
        if best is not None:
            _leader(ax, best[3], anchor, dim.colour)
    if best is None:  # nowhere free: the least crowded spot beside the line (a test catches it)
        cands = _polyline_candidates(xy, width, height, gap)
        hard = placer._hard_array()
        best = min(cands, key=lambda c: sum(shapely.area(shapely.intersection(h, c[3])) for h in hard) + (0 if placer.frame.contains(c[3]) else 1e9))
    _, centre, angle, rect = best
    return placer.commit(text, centre, angle, rect)


def _area_candidates(shape_display, width: float, height: float, limit: int = 80):
    """Horizontal positions inside an area (display), nearest its most inland point first."""
    if shape_display.is_empty or shape_display.area <= 0:
        return []
    poly = max(shapely.get_parts(shape_display), key=lambda g: g.area) if shape_display.geom_type != "Polygon" else shape_display
    try:
        centre = np.asarray(shapely.polylabel(poly, tolerance=max(height / 4, 0.5)).coords[0])
    except Exception:  # noqa: BLE001 - degenerate polygon: its representative point
        centre = np.asarray(poly.representative_point().coords[0])
    x0, y0, x1, y1 = poly.bounds
    step = max(height * 0.8, 2.0)
    xs = np.arange(x0 + width / 2, x1 - width / 2 + 1e-9, step) if x1 - x0 > width else np.array([(x0 + x1) / 2])
    ys = np.arange(y0 + height / 2, y1 - height / 2 + 1e-9, step) if y1 - y0 > height else np.array([(y0 + y1) / 2])
    if len(xs) * len(ys) > 4000:
        xs, ys = xs[:: max(1, len(xs) // 60)], ys[:: max(1, len(ys) // 60)]
    gx, gy = np.meshgrid(xs, ys)
    pts = np.column_stack([gx.ravel(), gy.ravel()])
    pts = np.vstack([centre, pts])
    d = np.hypot(*(pts - centre).T)
    order = np.argsort(d)[: limit * 3]
    rects = _rects(pts[order], np.zeros(len(order)), width, height)
    inside = shapely.contains(poly, rects)
    scale = max(np.hypot(x1 - x0, y1 - y0), 1.0)
    out = [(d[i] / scale + (0 if ok else 3.0), pts[i], 0.0, r) for i, r, ok in zip(order, rects, inside)]
    out.sort(key=lambda c: c[0])
    return out[:limit]


def _place_names(placer: _Placer, names: list, fontsize: float) -> list[Text]:
    """Name the lots, channels and existing docks in view; a name with no free spot is left off."""
    ax = placer.ax
    styles = {
        "subject": dict(color=COLOURS["lot_text"], fontweight="bold"),
        "lot": dict(color=COLOURS["lot_text"]),
        "channel": dict(color=COLOURS["channel_text"], fontstyle="italic"),
        "dock": dict(color=COLOURS["other_dock"], fontstyle="italic"),
    }
    placed = []
    for label, geom, kind in names:
        if geom is None or geom.is_empty:
            continue
        shape = _display(ax, geom)
        text = ax.text(0, 0, label, fontsize=fontsize, ha="center", va="center", zorder=10.8, gid=f"name:{kind}",
                       multialignment="center", bbox=_BACKING, **styles[kind])
        width, height = placer.measure(text)
        best = None
        if kind in ("subject", "lot", "channel"):
            best = placer.choose(_area_candidates(shape, width, height))
            if best is None and kind == "channel" and " " in label:
                text.set_text(_wrap_to(placer.fig, label, max(width * 0.55, 40), fontsize, indent=""))
                width, height = placer.measure(text)
                best = placer.choose(_area_candidates(shape, width, height))
            if best is not None and best[0] >= 3.0 and kind != "channel":
                best = None  # a lot's id that does not fit inside the lot would name the wrong lot
        anchor = None
        if best is None and kind in ("dock", "channel"):
            anchor = np.asarray(shapely.point_on_surface(shape).coords[0])
            best = placer.choose(_leader_candidates(anchor, width, height, _px(placer.fig, 4.0), base_cost=0.0), leader_from=anchor)
        if best is None:
            text.remove()
            continue
        if anchor is not None and not shape.buffer(1.0).contains(best[3]):
            _leader(ax, best[3], anchor, styles[kind]["color"])
        placed.append(placer.commit(text, best[1], best[2], best[3]))
    return placed


def _place_soundings(placer: _Placer, soundings: list, fontsize: float) -> tuple[list[Text], int]:
    """Label each sounding beside its cross where that is free; the labels and how many were left off."""
    ax = placer.ax
    labels, skipped = [], 0
    gap = _px(placer.fig, 1.5)
    for (x, y), depth in soundings:
        text = ax.text(0, 0, f"{depth:.1f}", fontsize=fontsize, color=COLOURS["sounding"], ha="center", va="center",
                       zorder=4.5, gid="sounding", bbox=_BACKING)
        width, height = placer.measure(text)
        p = ax.transData.transform((x, y))
        cands = []
        for k, (sx, sy) in enumerate(((1, 1), (1, -1), (-1, 1), (-1, -1), (1, 0), (-1, 0))):
            centre = p + np.array([sx * (width / 2 + gap), sy * (height / 2 + gap) if sy else 0.0])
            cands.append((0.1 * k, centre, 0.0, _rect(centre, 0.0, width, height)))
        best = placer.choose(cands)
        if best is None:
            text.remove()
            skipped += 1
            continue
        labels.append(placer.commit(text, best[1], 0.0, best[3]))
    return labels, skipped


# ----------------------------------------------------------------------------- furniture


def _north_arrow(ax, fontsize: float) -> AnchoredOffsetbox:
    """Grid north: the arrow, "N" above it and "grid north" below it, as one symbol."""
    size = _px(ax.figure, 1.0) * 72 / ax.figure.dpi  # DrawingArea works in points
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
    """A round scale-bar length: the largest of :data:`ROUND_LENGTHS_FT` within a quarter of the view."""
    return max([v for v in ROUND_LENGTHS_FT if v <= view_width_ft / 4] or [ROUND_LENGTHS_FT[0]])


def _scale_bar(ax, ft_per_unit: float, fontsize: float, scale: float | None) -> AnchoredOffsetbox:
    """A scale bar of alternating quarters, its length in feet and (on a page) the printed ratio; no box."""
    x0, x1 = ax.get_xlim()
    length_ft = scale_length_ft((x1 - x0) * ft_per_unit)
    length = length_ft / ft_per_unit
    px_per_unit = ax.bbox.width / (x1 - x0)
    bar_h = _px(ax.figure, 3.5) / px_per_unit
    bar = AuxTransformBox(ax.transData)
    for i in range(4):
        bar.add_artist(Rectangle((i * length / 4, 0), length / 4, bar_h, fc="black" if i % 2 == 0 else "white", ec="black", lw=0.6))
    for pos, text in ((0, "0"), (length / 2, f"{length_ft / 2:g}"), (length, f"{length_ft:g} ft")):
        bar.add_artist(Text(pos, -bar_h * 0.6, text, ha="center", va="top", fontsize=fontsize))
    children = [bar]
    if scale is not None:
        children.append(TextArea(f"1 in = {scale:g} ft (at the printed page size)", textprops=dict(fontsize=fontsize)))
    box = AnchoredOffsetbox("lower left", child=VPacker(children=children, align="center", pad=0, sep=2),
                            frameon=False, pad=0.3, borderpad=0.6)
    box.set_gid("scale-bar")
    box.set_zorder(12)
    ax.add_artist(box)
    return box


#: Where the north arrow and scale bar may go (matplotlib ``loc`` codes), in order of preference.
_CORNERS = {"north": (1, 2, 4, 3, 7, 6), "scale": (3, 4, 8, 2, 1, 9)}
#: What each step down that order costs, against what the box would hide (see :func:`_place_furniture`).
_CORNER_RANK_COST = {"north": 12.0, "scale": 4.0}


def _place_furniture(ax, boxes: list[tuple[str, AnchoredOffsetbox]], important: list[tuple[BaseGeometry, float]],
                     busy: BaseGeometry | None = None) -> list:
    """Move each box to the corner where it hides the least of the important geometry (display); their bboxes.

    ``busy`` (hatching, channels) costs the scale bar only: its small figures read
    poorly over them, while the north arrow reads anywhere.
    """
    renderer = _renderer(ax.figure)
    taken = []
    for kind, box in boxes:
        best = None
        for rank, loc in enumerate(_CORNERS[kind]):
            box.loc = loc
            shape = shapely.box(*box.get_window_extent(renderer).extents)
            if any(shape.intersects(t) for t in taken):
                continue
            weighed = important + ([(busy, 0.004)] if kind == "scale" and busy is not None else [])
            cost = _CORNER_RANK_COST[kind] * rank + sum(w * (shape.intersection(g).area if g.area > 0 else shape.intersection(g).length) for g, w in weighed)
            if best is None or cost < best[0]:
                best = (cost, loc, shape)
        box.loc = best[1]
        taken.append(best[2])
    return taken


# ----------------------------------------------------------------------------- title block


def _convergence(site) -> float | None:
    """Meridian convergence at the lot's centroid (degrees; positive: true north lies west of grid north)."""
    from pyproj import CRS, Proj, Transformer

    try:
        crs = CRS.from_user_input(site.crs)
        centre = site.parcel.centroid
        lon, lat = Transformer.from_crs(crs, crs.geodetic_crs, always_xy=True).transform(centre.x, centre.y)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = float(Proj(crs).get_factors(lon, lat).meridian_convergence)
    except Exception:  # noqa: BLE001 - a CRS PROJ cannot give factors for: say nothing rather than guess
        return None
    return value if np.isfinite(value) else None


def convergence_text(site) -> str:
    """``"Grid north is 0.17° east of true north at the lot"``."""
    gamma = _convergence(site)
    if gamma is None:
        return "Grid north: convergence not available for this CRS"
    if abs(gamma) < 0.005:
        return "Grid north is true north at the lot (convergence 0.00°)"
    side = "east" if gamma > 0 else "west"
    return f"Grid north is {abs(gamma):.2f}° {side} of true north at the lot (convergence)"


def extension_text(riparian) -> str:
    """How the side lines were carried seaward, in words (the review's interpretation)."""
    if riparian.extension == "perpendicular":
        return "perpendicular to the frontage chord"
    return "straight, along the last course" if riparian.direction == "last-course" else "straight, along the 50-ft chord"


def _source_line(source) -> str:
    """``"parcels: parcels.shp, EPSG:2263, 5"``: the file name, the CRS code, the feature count."""
    crs = source.crs.split(" (", 1)[0]
    return f"{source.role}: {Path(source.file).name}, {crs}, {source.features}"


def board_pending_text(review) -> str:
    """``"Board items pending: 3 (board-navigation, pile-driving, lighting-character)"``."""
    items = review.board_determinations
    if not items:
        return "Board items pending: none"
    return f"Board items pending: {len(items)} ({', '.join(c.id for c in items)})"


def _given(value) -> str:
    return value if value not in (None, "") else "not given"


def title_lines(review=None, *, site=None, envelope=None, kind: str = "review") -> list[tuple[str, str, int]]:
    """The title block as (field, text, column) triples, in the order they are printed."""
    site = review.site if site is None else site
    exhibit = site.manifest.exhibit
    heading = "Dock envelope" if kind == "envelope" else "Proposed dock"
    lines = [
        ("site", site.name, 0),
        ("parcel", f"{heading} - parcel {site.parcel_id}", 0),
        ("applicant", f"Applicant: {_given(exhibit.applicant)}", 0),
        ("application", f"Application no.: {_given(exhibit.application)}", 0),
        ("address", f"Address: {_given(exhibit.address)}", 0),
        ("prepared_by", f"Prepared by: {_given(exhibit.prepared_by)}", 0),
        ("date", f"Date: {exhibit.date or date.today().isoformat()}", 0),
    ]
    if envelope is not None and kind == "envelope":
        if envelope.reasons:
            lines.append(("no-dock", "NO DOCK POSSIBLE: " + "; ".join(envelope.reasons), 1))
        else:
            lines.append(("no-dock", "A dock is possible within the envelope", 1))
        lines.append(("envelope", (
            f"Envelope {envelope.area_sqft:,.0f} sq ft; frontage {envelope.frontage_ft:,.1f} ft; "
            f"setback {envelope.required_setback_ft:,.1f} ft; band {envelope.band_width_ft:,.1f} ft at MHW; "
            f"greatest reach {envelope.greatest_reach_ft:,.1f} ft (limit {envelope.reach_limit_ft:,.1f} ft)"), 1))
    if review is not None:
        prefix = "Proposed dock: " if kind == "envelope" else ""
        lines.append(("verdict", f"{prefix}Verdict: {review.verdict.upper()}", 1))
        lines.append(("board", board_pending_text(review), 1))
    lines.append(("note", NOT_A_SURVEY, 1))
    profile = review.profile.name if review is not None else None
    if profile:
        lines.append(("profile", f"Profile: {profile}", 2))
    extension = extension_text(review.layout.riparian if review is not None else envelope.riparian)
    lines += [
        ("crs", f"Working CRS: {describe(site.crs)}", 2),
        ("convergence", convergence_text(site), 2),
        ("tool", f"dockreview {__version__}; side-line extensions {extension}", 2),
        ("sources", "Data sources (file, CRS, features):\n" + "\n".join(_source_line(s) for s in site.sources), 3),
    ]
    return lines


#: Share of the title block's width each column takes.
_COLUMNS = (0.28, 0.27, 0.2, 0.25)


def _title_block(block_ax, lines, fontsize: float, colours: dict) -> float:
    """Set the title block in columns, each field measured as drawn below the one before; its height (in)."""
    fig = block_ax.figure
    renderer = _renderer(fig)
    block_w = block_ax.bbox.width
    pad_pt = 5.0
    styles = {"site": (1.6, "bold"), "verdict": (1.25, "bold"), "no-dock": (1.25, "bold"), "note": (1.0, "bold")}
    heights = [0.0] * len(_COLUMNS)
    x = np.concatenate([[0.0], np.cumsum(_COLUMNS)])
    for key, text, col in lines:
        scale, weight = styles.get(key, (1.0, "normal"))
        size = max(fontsize * scale, MIN_FONT_PT)
        width_px = block_w * _COLUMNS[col] - 2 * _px(fig, pad_pt)
        wrapped = _wrap_to(fig, text, width_px, size, weight)
        label = block_ax.annotate(
            wrapped, xy=(x[col], 1.0), xycoords="axes fraction", xytext=(pad_pt, -pad_pt - heights[col]),
            textcoords="offset points", va="top", ha="left", fontsize=size, fontweight=weight,
            color=colours.get(key, "black"), gid=f"title:{key}", linespacing=1.15, annotation_clip=False,
        )
        box = label.get_window_extent(renderer)
        heights[col] += box.height * 72 / fig.dpi + 0.45 * fontsize
    for edge in x[1:-1]:
        block_ax.plot([edge, edge], [0, 1], transform=block_ax.transAxes, color="black", lw=0.6, clip_on=False)
    block_ax.add_patch(Rectangle((0, 0), 1, 1, transform=block_ax.transAxes, fill=False, lw=1.0, ec="black", clip_on=False))
    return (max(heights) + 2 * pad_pt) / 72


# ----------------------------------------------------------------------------- locator


def _draw_locator(locator_ax, sheet: _Sheet, view, fontsize: float) -> None:
    """The whole subject lot, its neighbours and shore, and a box where the main view sits."""
    site = sheet.site
    lot = site.parcel
    x0, y0, x1, y1 = shapely.union_all([lot, view]).bounds
    pad = 0.08 * max(x1 - x0, y1 - y0)
    bounds = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    region = shapely.box(*bounds).buffer(max(x1 - x0, y1 - y0))
    for geom in site.neighbours.geometry:
        _add(locator_ax, _clip(geom, region), fc=COLOURS["neighbour"], ec="#888888", lw=0.4)
    _add(locator_ax, lot, fc=COLOURS["parcel"], ec="#555555", lw=0.8)
    _lines(locator_ax, _clip(site.mhw, region), color=COLOURS["mhw"], lw=1.0)
    _lines(locator_ax, view.exterior, color=COLOURS["locator_view"], lw=1.0)
    w_in, h_in = _box_inches(locator_ax)
    need = max((bounds[2] - bounds[0]) / w_in, (bounds[3] - bounds[1]) / h_in)
    cx, cy = (bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2
    locator_ax.set_xlim(cx - need * w_in / 2, cx + need * w_in / 2)
    locator_ax.set_ylim(cy - need * h_in / 2, cy + need * h_in / 2)
    locator_ax.set_aspect("equal", adjustable="box")
    locator_ax.set_xticks([])
    locator_ax.set_yticks([])
    locator_ax.set_facecolor("#eef4fa")
    locator_ax.set_title(f"Locator: all of lot {site.parcel_id}; red box: the main view", fontsize=fontsize, loc="left", pad=2)


# ----------------------------------------------------------------------------- entry points


def _legend_panel(legend_ax, handles: list, fontsize: float):
    fig = legend_ax.figure
    width_px = legend_ax.bbox.width - _px(fig, fontsize * 4.2)
    for handle in handles:
        handle.set_label(_wrap_to(fig, handle.get_label(), width_px, fontsize))
    return legend_ax.legend(handles=handles, fontsize=fontsize, framealpha=0.95, loc="upper left", mode="expand",
                            bbox_to_anchor=(0, 0, 1, 1), borderaxespad=0, title="Legend", title_fontsize=fontsize + 1)


def _fit_locator(p: _Page, legend, fontsize: float) -> None:
    """Set the locator in the panel below the legend, as large as the room left allows."""
    fig = p.fig
    renderer = _renderer(fig)
    legend_box = legend.get_window_extent(renderer)
    panel = p.legend_ax.get_position()
    fig_w, fig_h = fig.get_size_inches()
    title_room = (fontsize * 1.8) / 72 / fig_h
    top = legend_box.y0 / fig.bbox.height - 0.25 / fig_h - title_room
    bottom = panel.y0
    height = max(top - bottom, 0.6 / fig_h)
    side = min(height * fig_h, panel.width * fig_w)
    p.locator_ax.set_position((panel.x0, bottom + (height - side / fig_h), panel.width, side / fig_h))


def _draw(sheet: _Sheet, ax=None, *, page: str = "letter", title: bool = True, legend: bool = True):
    """Draw a sheet (review and/or envelope) onto ``ax``, or onto a new exhibit page."""
    review = sheet.review
    p = None
    if ax is None:
        p = _page(page)
        fig, ax = p.fig, p.ax
        fontsize = FONT_PT[page]
    else:
        fig = ax.figure
        fontsize = MIN_FONT_PT
        if title:
            colour = VERDICT_COLOURS.get(review.verdict, "black") if review is not None else "black"
            heading = review.verdict.upper() if review is not None else "envelope"
            ax.set_title(f"{sheet.site.name} - parcel {sheet.site.parcel_id} - {heading}", fontsize=9, color=colour)
        if fig.get_layout_engine() is not None:
            fig.draw_without_rendering()  # settle the axes' place before measuring anything on it
    ft = sheet.site.ft_per_unit

    if p is not None:
        colours = {"verdict": VERDICT_COLOURS.get(review.verdict, "black") if review is not None else "black",
                   "no-dock": COLOURS["warning"] if sheet.envelope is not None and sheet.envelope.reasons else VERDICT_COLOURS["compliant"]}
        lines = title_lines(review, site=sheet.site, envelope=sheet.envelope, kind=sheet.kind) if title else []
        block_h = _title_block(p.block_ax, lines, fontsize, colours) if title else TITLE_IN[page][0]
        low, high = TITLE_IN[page]
        _arrange(p, min(max(block_h, low), high))
    bounds = _extent(sheet)
    view, scale = _fit_view(ax, bounds, ft, round_scale=p is not None)
    clip = view if p is not None else shapely.box(*bounds).buffer(3 * max(bounds[2] - bounds[0], bounds[3] - bounds[1]))

    handles: list = []
    names: list = []
    _draw_context(ax, sheet, clip, handles, names)
    zones = _draw_zones(ax, sheet, clip, handles)
    corners = _draw_riparian(ax, sheet, clip, handles)
    if review is not None:
        _draw_dock(ax, review, handles)
    soundings = _draw_soundings(ax, sheet, clip, handles)
    dims = dimensions(review) if review is not None else []
    if dims:
        handles.append(Line2D([], [], color=COLOURS["dimension"], marker=r"$\leftrightarrow$", ls="", ms=10, label="dimension (ft)"))
        if any(d.fails for d in dims):
            handles.append(Line2D([], [], color=COLOURS["warning"], marker=r"$\leftrightarrow$", ls="", ms=10, label="failing dimension, with its limit"))
    if soundings:
        handles.append(Line2D([], [], color=COLOURS["sounding"], marker="+", ls="", label="soundings, ft below MLW (labelled where room allows)"))

    legend_artist = None
    if legend and p is not None:
        legend_artist = _legend_panel(p.legend_ax, handles, fontsize)
    elif legend:
        for handle in handles:
            handle.set_label(_wrap_to(fig, handle.get_label(), _px(fig, 150), fontsize))
        legend_artist = ax.legend(handles=handles, fontsize=fontsize, framealpha=1.0, loc="upper right", borderaxespad=0.3)
        legend_artist.set_zorder(20)  # above the map's line work and labels: the legend keeps its strip of the axes
        strip = legend_artist.get_window_extent(_renderer(fig)).width + _px(fig, 8)
        view, scale = _fit_view(ax, bounds, ft, round_scale=False, right_px=strip)
    if p is not None:
        if legend_artist is not None:
            _fit_locator(p, legend_artist, fontsize)
        _draw_locator(p.locator_ax, sheet, view, fontsize)

    # dimension lines first (they are obstacles for the furniture), then the furniture, then every label
    view_width = view.bounds[2] - view.bounds[0]
    drawn_dims = []
    avoid = [d.line for d in dims if d.key != "reach"]
    for dim in dims:
        if dim.key == "frontage":
            ends = _frontage_line(ax, sheet.riparian, view_width, dim.colour)
        elif dim.key == "reach" and _runs_over(dim.line, review.layout.dock.footprint):
            ends = _axis_dimension_line(ax, review, dim.line, view_width, dim.colour, avoid)
        else:
            ends = np.asarray(dim.line.coords)[[0, -1]]
            _arrow(ax, ends[0], ends[1], dim.colour)
        drawn_dims.append((dim, ends))

    to_display = lambda g: _display(ax, g)  # noqa: E731
    dock_parts = []
    if review is not None:
        dock_parts = [to_display(g) for g in review.layout.dock.components.geometry.values]
    corner_marks = [to_display(c).buffer(_px(fig, 3.5)) for c in corners]
    dim_lines = [to_display(shapely.LineString(e)) for _, e in drawn_dims]
    important = [(g, 50.0) for g in dock_parts] + [(g, 50.0) for g in corner_marks] + [(g.buffer(2), 1.0) for g in dim_lines]
    env = _envelope_of(sheet)
    if env is not None and not env.geometry.is_empty:
        important.append((to_display(_clip(env.geometry, view)), 0.002))
    important.append((to_display(_clip(sheet.riparian.frontage, view)).buffer(2), 0.5))
    rip = sheet.riparian
    for geom in (sheet.site.mhw, rip.left_side, rip.right_side, rip.left_extension, rip.right_extension):
        important.append((to_display(_clip(geom, view)).buffer(2), 0.2))
    # hatching and channels under the scale bar's figures are harder to read than the land of a neighbouring lot
    busy = None
    water = [g for g in zones.values() if g is not None]
    if sheet.site.channels is not None and not sheet.site.channels.empty:
        water.append(shapely.union_all(sheet.site.channels.geometry.values))
    if water:
        water = shapely.make_valid(shapely.union_all([shapely.make_valid(g) for g in water]))
        busy = shapely.make_valid(to_display(_clip(water, view)))
    furniture = [("north", _north_arrow(ax, fontsize)), ("scale", _scale_bar(ax, ft, fontsize, scale))]
    taken = _place_furniture(ax, furniture, important, busy)
    hard = [*dock_parts, *corner_marks, *taken]
    if legend_artist is not None and p is None:
        hard.append(shapely.box(*legend_artist.get_window_extent(_renderer(fig)).extents))
    soft = [(g, 1.0) for g in dim_lines]
    soft += [(to_display(g), 1.0) for g in _contours(ax)]
    if sheet.site.docks is not None and not sheet.site.docks.empty:
        soft.append((to_display(_clip(shapely.union_all(sheet.site.docks.geometry.values), view)), 2.0))
    rip = sheet.riparian
    for geom, weight in ((rip.left_side, 0.5), (rip.right_side, 0.5), (rip.left_extension, 0.5), (rip.right_extension, 0.5),
                         (sheet.site.mhw, 0.5)):
        soft.append((to_display(_clip(geom, view)), weight))
    placer = _Placer(ax, hard, soft)
    for dim, ends in drawn_dims:
        _place_dimension(placer, ends, dim, fontsize)
    _place_names(placer, names, fontsize)
    _place_soundings(placer, soundings, fontsize)
    return fig, ax


def plot_review(review, ax=None, *, page: str = "letter", title: bool = True, legend: bool = True, sheet: str = "review",
                envelope=None):
    """Draw the site plan of a review.

    Parameters
    ----------
    review : Review
    ax : matplotlib Axes, optional
        Drawn onto when given (map, its legend inside the axes, and a short
        title); otherwise a new exhibit page of ``page`` size with a legend, a
        locator and a title block.
    page : {"letter", "tabloid"}
        Landscape page size of a new exhibit page (also sets the font size).
    title : bool
        Whether to draw the title (a title block on a new page).
    legend : bool
        Whether to draw the legend.
    sheet : {"review", "envelope"}
        ``"envelope"`` draws the lot's envelope and says in the title block
        whether a dock is possible (``envelope --map``).
    envelope : Envelope, optional
        The envelope to draw on an ``"envelope"`` sheet (the review's own by default).

    Returns
    -------
    (Figure, Axes)
        The map's axes.
    """
    if sheet not in ("review", "envelope"):
        raise ValueError(f"sheet {sheet!r}: use 'review' or 'envelope'")
    if sheet == "envelope" and envelope is None:
        envelope = review.layout.envelope
    drawn = _Sheet(site=review.site, riparian=review.layout.riparian, review=review, envelope=envelope, kind=sheet)
    return _draw(drawn, ax, page=page, title=title, legend=legend)


def plot_envelope(site, envelope, *, review=None, ax=None, page: str = "letter", title: bool = True, legend: bool = True):
    """Draw the lot's envelope on the exhibit page: with the review's dock and dimensions when one is given.

    The title block says "NO DOCK POSSIBLE" with the envelope's reasons when no
    dock may stand on the lot.
    """
    drawn = _Sheet(site=site, riparian=envelope.riparian, review=review, envelope=envelope, kind="envelope")
    return _draw(drawn, ax, page=page, title=title, legend=legend)


def save_figure(fig, path) -> None:
    """Write a sheet to ``path`` (.png at 300 dpi; .pdf or .svg as vectors, SVG text kept as text), whole or not at all."""
    try:
        with atomic_path(path) as tmp, matplotlib.rc_context({"svg.fonttype": "none"}):
            fig.savefig(tmp, dpi=300, format=str(path).rsplit(".", 1)[-1].lower())
    finally:
        plt.close(fig)


def save_map(review, path, *, page: str = "letter") -> None:
    """Write the exhibit page to ``path`` (.png at 300 dpi, .pdf or .svg as vectors), atomically."""
    fig, _ = plot_review(review, page=page)
    save_figure(fig, path)


def save_envelope_map(site, envelope, path, *, profile=None, page: str = "letter") -> None:
    """Write the envelope exhibit of a site to ``path``, atomically.

    The site's proposed dock is reviewed and drawn when the review can be built;
    otherwise the page shows the lot and its envelope alone.
    """
    from dockreview.errors import DockReviewError, DockReviewWarning
    from dockreview.review.pipeline import review as run_review

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            result = run_review(site, profile=profile)
    except DockReviewError:
        result = None
    fig, _ = plot_envelope(site, envelope, review=result, page=page)
    save_figure(fig, path)
