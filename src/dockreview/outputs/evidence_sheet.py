"""The "Board evidence" sheet: the neighbours' views, the pier-head line, the waterway and the dock in section.

:func:`plot_evidence` draws the second exhibit sheet of a review (Docks H; Art. VIII,
waivers) from its :class:`~dockreview.evidence.Evidence`: a plan with each
neighbouring dwelling's viewpoint and the sector of its water view the proposed dock
takes, the pier-head line through the neighbouring docks' seaward ends, the
waterway's width along the dock's axis and the clear width left, each adjoining
lot's water within 50 ft of the dock and the foreshore crossing; and a second panel
with the dock in section along its axis (:func:`plot_section`). Beside them, the
figures of every measure and what any measure still needs. :func:`save_evidence`
writes the sheet as PNG (300 dpi), PDF or SVG, whole or not at all.
"""

from __future__ import annotations

import math
import textwrap
from datetime import date

import matplotlib.pyplot as plt
import numpy as np
import shapely
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle
from matplotlib.text import Text

from dockreview._version import __version__
from dockreview.evidence.measures import (
    NEIGHBOUR_WATER_FT,
    ONE_THIRD_NOTE,
    PASS_UNDER_FT,
    STEP_OVER_FT,
    Evidence,
    gather,
)
from dockreview.inputs.crs import describe
from dockreview.outputs.exhibit import (
    COLOURS,
    FONT_PT,
    MIN_FONT_PT,
    NOT_A_SURVEY,
    PAGES,
    SCALES_FT_PER_IN,
    polygon_patch,
    save_figure,
)

EVIDENCE_COLOURS = {
    "view": "#6fa8dc",
    "dock_sector": "#d1242f",
    "pierhead": "#bc4c00",
    "waterway": "#0b3d91",
    "clear": "#1a7f37",
    "neighbour_water": "#8250df",
    "foreshore": "#9a6700",
    "building": "#9e9e9e",
    "dwelling": "#4d4d4d",
    "bottom": "#c9ad7f",
    "bottom_edge": "#7a5c2e",
    "water": "#d6e6f5",
    "pile": "#3b2a1a",
    "limit": "#cf222e",
    "mlw": "#1f5fa8",
}
MARGIN_IN = 0.3
#: Width of the figures panel at the right of the sheet (in).
PANEL_IN = {"letter": 3.2, "tabloid": 4.4}
#: Height of the heading strip at the top and the foot note at the bottom (in).
HEAD_IN = {"letter": 0.62, "tabloid": 0.8}
FOOT_IN = {"letter": 0.3, "tabloid": 0.42}
#: Share of the drawing column's height the plan takes (the section takes the rest).
PLAN_SHARE = 0.64


# ----------------------------------------------------------------------------- primitives


def _fill(ax, geom, **kwargs) -> None:
    if geom is None or geom.is_empty:
        return
    patch = polygon_patch(geom, **kwargs)
    if patch is not None:
        ax.add_patch(patch)


def _lines(ax, geom, **kwargs) -> None:
    if geom is None or geom.is_empty:
        return
    for part in shapely.get_parts(shapely.get_parts(geom)):
        if part.geom_type == "Polygon":
            for ring in (part.exterior, *part.interiors):
                xy = np.asarray(ring.coords)
                ax.plot(xy[:, 0], xy[:, 1], **kwargs)
        elif part.geom_type in ("LineString", "LinearRing"):
            xy = np.asarray(part.coords)
            ax.plot(xy[:, 0], xy[:, 1], **kwargs)
        kwargs.pop("label", None)


def _label(ax, xy, text, fontsize, colour="black", **kwargs):
    return ax.annotate(
        text, xy=xy, fontsize=fontsize, color=colour, ha=kwargs.pop("ha", "center"), va=kwargs.pop("va", "center"),
        bbox=dict(boxstyle="square,pad=0.15", fc="white", ec="none", alpha=0.8), zorder=kwargs.pop("zorder", 12),
        annotation_clip=True, **kwargs,
    )


def placer_renderer(fig):
    """The figure's renderer, for measuring text."""
    return fig.canvas.get_renderer()


def _text_box(text, renderer):
    """The display box of a text or an annotation's text (and its backing), without any leader line."""
    if hasattr(text, "update_positions"):
        text.update_positions(renderer)
    return Text.get_window_extent(text, renderer)


class _Placer:
    """Places each label at the first of its candidate positions that lies inside the axes and clear of what is placed."""

    def __init__(self, ax, avoid=()):
        self.ax = ax
        self.renderer = ax.figure.canvas.get_renderer()
        self.boxes = list(avoid)

    def box_of(self, geom):
        """The display box of a geometry (for what labels must keep clear of)."""
        from matplotlib.transforms import Bbox

        x0, y0, x1, y1 = geom.bounds
        return Bbox(self.ax.transData.transform([(x0, y0), (x1, y1)]))

    def place(self, text: str, fontsize: float, colour: str, candidates: list[dict]):
        axbox = self.ax.get_window_extent(self.renderer)
        for k, where in enumerate(candidates):
            artist = _label(self.ax, where.pop("xy"), text, fontsize, colour, **where)
            box = _text_box(artist, self.renderer)
            inside = axbox.x0 <= box.x0 and box.x1 <= axbox.x1 and axbox.y0 <= box.y0 and box.y1 <= axbox.y1
            if (inside and not any(box.overlaps(b) for b in self.boxes)) or k == len(candidates) - 1:
                self.boxes.append(box)
                return artist
            artist.remove()
        return None


def _along(line, fraction: float, side: float, gap_pt: float = 5.0) -> dict:
    """A label position along ``line`` at ``fraction`` of it, ``gap_pt`` to its left (``side`` = 1) or right (-1)."""
    xy = np.asarray(line.coords)
    d = xy[-1] - xy[0]
    normal = np.array([-d[1], d[0]]) / max(np.hypot(*d), 1e-12) * side
    return dict(xy=xy[0] + fraction * d, xytext=tuple(normal * gap_pt), textcoords="offset points", rotation=_angle_of(line),
                rotation_mode="anchor", ha="center", va="bottom" if normal[1] >= 0 else "top")


def _beyond(line, end: int, gap_pt: float = 8.0) -> dict:
    """A label position past one end of ``line`` (0 or -1), reading along it."""
    xy = np.asarray(line.coords)
    outward = xy[end] - xy[-1 - end]
    outward = outward / max(np.hypot(*outward), 1e-12)
    angle = _angle_of(line)
    reading = np.array([math.cos(math.radians(angle)), math.sin(math.radians(angle))])
    return dict(xy=xy[end], xytext=tuple(outward * gap_pt), textcoords="offset points", rotation=angle, rotation_mode="anchor",
                ha="left" if outward @ reading > 0 else "right", va="center")


def _angle_of(line) -> float:
    """A line's direction as a text angle kept readable (degrees, -90 to 90)."""
    xy = np.asarray(line.coords)
    d = xy[-1] - xy[0]
    angle = math.degrees(math.atan2(d[1], d[0]))
    return angle - 180 if angle > 90 else angle + 180 if angle < -90 else angle


# ----------------------------------------------------------------------------- the plan


def _plan_extent(review, evidence: Evidence) -> tuple[float, float, float, float]:
    """What the plan must show: the dock, its lot's shore, the viewpoints, the pier-head line and the waterway."""
    layout = review.layout
    geoms = [layout.dock.footprint, layout.riparian.frontage]
    for vp in evidence.water_views.geometry.get("viewpoints", []):
        geoms.append(vp["point"])
        if vp["building"] is not None:
            geoms.append(vp["building"])
    ph = evidence.pierhead_line.geometry
    if "line" in ph:
        geoms.append(ph["line"])
    for key in ("along_axis", "square", "clear"):
        if key in evidence.waterway.geometry:
            geoms.append(evidence.waterway.geometry[key])
    for lot in evidence.neighbour_water.geometry.get("lots", []):
        if not lot["within"].is_empty:
            geoms.append(lot["within"])
    x0, y0, x1, y1 = shapely.union_all(geoms).bounds
    pad = 0.06 * max(x1 - x0, y1 - y0) + 20.0 / evidence.ft_per_unit
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _fit(ax, bounds, ft_per_unit: float, round_scale: bool) -> tuple[shapely.Polygon, float]:
    """Equal-aspect limits holding ``bounds``; at a round engineer's scale on a sheet. The view and its ft per inch."""
    x0, y0, x1, y1 = bounds
    box = ax.get_position()
    fig_w, fig_h = ax.figure.get_size_inches()
    w_in, h_in = box.width * fig_w, box.height * fig_h
    need = max((x1 - x0) * ft_per_unit / w_in, (y1 - y0) * ft_per_unit / h_in)
    scale = next((s for s in SCALES_FT_PER_IN if s >= need * (1 - 1e-9)), need) if round_scale else need
    units = scale / ft_per_unit
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ax.set_xlim(cx - w_in * units / 2, cx + w_in * units / 2)
    ax.set_ylim(cy - h_in * units / 2, cy + h_in * units / 2)
    ax.set_aspect("equal", adjustable="box")
    ax.set_xticks([])
    ax.set_yticks([])
    return shapely.box(cx - w_in * units / 2, cy - h_in * units / 2, cx + w_in * units / 2, cy + h_in * units / 2), scale


def _scale_note(ax, scale: float, ft_per_unit: float, fontsize: float) -> None:
    """A scale bar of a round length and ``1 in = N ft``, bottom left; grid north, top left."""
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    span_ft = (x1 - x0) * ft_per_unit
    length = next((n for n in (1000, 500, 250, 200, 100, 50, 25, 20, 10) if n <= span_ft / 5), 10)
    bx, by = x0 + 0.03 * (x1 - x0), y0 + 0.04 * (y1 - y0)
    ax.plot([bx, bx + length / ft_per_unit], [by, by], color="black", lw=2.0, solid_capstyle="butt", zorder=15)
    ax.annotate(f"{length:,} ft   (1 in = {scale:,.0f} ft)" if scale else f"{length:,} ft", xy=(bx, by), xytext=(0, 4),
                textcoords="offset points", fontsize=fontsize, ha="left", va="bottom", zorder=15,
                bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.8))
    ax.annotate("grid\nnorth", xy=(0.03, 0.97), xycoords="axes fraction", xytext=(0, -24), textcoords="offset points",
                fontsize=fontsize, ha="center", va="top", zorder=15,
                arrowprops=dict(arrowstyle="-|>", color="black", lw=1.0))


def _draw_context(ax, review, view, legend: list) -> None:
    site = review.site
    clip = lambda g: shapely.intersection(g, view)  # noqa: E731
    for geom in site.parcels.geometry.values:
        _fill(ax, clip(geom), fc=COLOURS["neighbour"], ec="#9a9a9a", lw=0.4, zorder=1)
    _fill(ax, clip(site.parcel), fc=COLOURS["parcel"], ec="#555555", lw=0.8, zorder=1)
    if site.channels is not None and not site.channels.empty:
        _fill(ax, clip(shapely.union_all(site.channels.geometry.values)), fc=COLOURS["channel"], ec="none", alpha=0.45, zorder=1)
        legend.append(Patch(fc=COLOURS["channel"], alpha=0.45, label="channel, fairway, anchorage"))
    if site.vegetation is not None and not site.vegetation.empty:
        _fill(ax, clip(shapely.union_all(site.vegetation.geometry.values)), fc="none", ec=COLOURS["vegetation"], hatch="....", lw=0.6, zorder=2)
        legend.append(Patch(fc="none", ec=COLOURS["vegetation"], hatch="....", label="vegetation"))
    _lines(ax, clip(review.layout.riparian.mhw), color=COLOURS["mhw"], lw=1.2, zorder=4)
    legend.append(Line2D([], [], color=COLOURS["mhw"], lw=1.2, label="MHW line"))
    if site.mlw is not None:
        _lines(ax, clip(site.mlw), color=EVIDENCE_COLOURS["mlw"], lw=0.9, ls=(0, (4, 2)), zorder=4)
        legend.append(Line2D([], [], color=EVIDENCE_COLOURS["mlw"], lw=0.9, ls=(0, (4, 2)), label="MLW line"))
    if site.buildings is not None and not site.buildings.empty:
        _fill(ax, clip(shapely.union_all(site.buildings.geometry.values)), fc=EVIDENCE_COLOURS["building"], ec="#5a5a5a", lw=0.5, zorder=5)
        legend.append(Patch(fc=EVIDENCE_COLOURS["building"], ec="#5a5a5a", label="buildings"))
    if site.docks is not None and not site.docks.empty:
        _fill(ax, clip(shapely.union_all(site.docks.geometry.values)), fc=COLOURS["other_dock"], ec="none", alpha=0.85, zorder=6)
        legend.append(Patch(fc=COLOURS["other_dock"], label="existing docks"))
    for kind, geom in zip(review.dock.components["component"], review.dock.components.geometry.values):
        _fill(ax, geom, fc=COLOURS.get(kind, "#8b5a2b"), ec="black", lw=0.3, zorder=9)
    legend.append(Patch(fc=COLOURS["walkway"], ec="black", lw=0.3, label="proposed dock"))


def _fan_radius(ax, fraction_in: float = 0.3) -> float:
    """A length in data units that prints ``fraction_in`` inches on ``ax``."""
    x0, x1 = ax.get_xlim()
    box = ax.get_position()
    return (x1 - x0) / (box.width * ax.figure.get_size_inches()[0]) * fraction_in


def _draw_views(ax, evidence: Evidence, view, fontsize: float, legend: list) -> None:
    """Each viewpoint with a dial of its view (water, existing docks, the dock) and a light cone to the dock."""
    wv = evidence.water_views.geometry
    points = wv.get("viewpoints", [])
    if not points:
        return
    dial = _fan_radius(ax)
    for vp in points:
        p = np.asarray(vp["point"].coords[0])
        disc = shapely.buffer(vp["point"], dial, quad_segs=32)
        reach = min(shapely.hausdorff_distance(vp["point"], wv["dock"]), wv["radius"])  # the dock's farthest point
        for wedge in vp["dock"]:
            cone = shapely.intersection(wedge, shapely.buffer(vp["point"], reach, quad_segs=64))
            _fill(ax, shapely.intersection(cone, view), fc=EVIDENCE_COLOURS["dock_sector"], ec="none", alpha=0.07, zorder=3)
        _lines(ax, disc, color="#888888", lw=0.4, zorder=10)
        for key, colour, alpha in (("water", EVIDENCE_COLOURS["view"], 0.9), ("existing", COLOURS["other_dock"], 0.9),
                                   ("dock", EVIDENCE_COLOURS["dock_sector"], 1.0)):
            for wedge in vp[key]:
                _fill(ax, shapely.intersection(wedge, disc), fc=colour, ec="none", alpha=alpha, zorder=10)
        if vp["building"] is not None:
            _lines(ax, vp["building"], color=EVIDENCE_COLOURS["dwelling"], lw=1.4, zorder=7)
        ax.plot(*p, marker="o", ms=2.5, color="black", zorder=11)
        _label(ax, p, vp["item"]["id"], fontsize, xytext=(0, -0.3 * 72 - 2), textcoords="offset points", va="top", fontweight="bold")
    legend.append(Line2D([], [], marker="o", ms=2.5, color="black", ls="", label="viewpoint of a neighbour's dwelling (outlined)"))
    legend.append(Patch(fc=EVIDENCE_COLOURS["view"], label="dial of its water view: open water (blue), existing docks (purple), "
                        "the proposed dock (red); light red: the cone toward the dock"))


def _draw_pierhead(ax, evidence: Evidence, fontsize: float, legend: list, placer) -> None:
    ph = evidence.pierhead_line
    g = ph.geometry
    for dock in g.get("shore_docks", []):
        ax.plot(*dock["end"], marker="D", ms=3, color=EVIDENCE_COLOURS["pierhead"], zorder=10)
    if "line" not in g:
        return
    _lines(ax, g["line"], color=EVIDENCE_COLOURS["pierhead"], lw=1.3, ls=(0, (7, 3)), zorder=8)
    offset = ph.values["offset_ft"]
    legend.append(Line2D([], [], color=EVIDENCE_COLOURS["pierhead"], lw=1.3, ls=(0, (7, 3)), marker="D", ms=3,
                         label="pier-head line through the neighbouring docks' ends"))
    line = g["offset_line"]
    if line.length > 0:
        xy = np.asarray(line.coords)
        ax.annotate("", xy=xy[0], xytext=xy[1], arrowprops=dict(arrowstyle="-|>", color=EVIDENCE_COLOURS["pierhead"], lw=0.9), zorder=10)
    where = "seaward" if offset > 0 else "landward"
    line = g["line"]
    tip = np.asarray(g["offset_point"].coords[0])
    ends = np.asarray(line.coords)
    order = (0, -1) if np.hypot(*(ends[0] - tip)) >= np.hypot(*(ends[-1] - tip)) else (-1, 0)
    candidates = [_beyond(line, e) for e in order] + [_along(line, f, side) for f in (0.2, 0.8) for side in (1.0, -1.0)]
    placer.place(f"pier-head line: the dock {abs(offset):,.1f} ft {where}", fontsize, EVIDENCE_COLOURS["pierhead"], candidates)


def _draw_waterway(ax, evidence: Evidence, fontsize: float, legend: list, placer) -> None:
    ww = evidence.waterway
    g, v = ww.geometry, ww.values
    if "along_axis" in g:
        line = g["along_axis"]
        _lines(ax, line, color=EVIDENCE_COLOURS["waterway"], lw=0.9, zorder=8)
        xy = np.asarray(line.coords)
        ax.plot(*xy[-1], marker="|", ms=8, color=EVIDENCE_COLOURS["waterway"], zorder=8)
        placer.place(f"waterway {v['width_along_axis_ft']:,.1f} ft", fontsize, EVIDENCE_COLOURS["waterway"],
                     [_along(line, f, side) for f in (0.7, 0.55, 0.85, 0.4) for side in (1.0, -1.0)])
        legend.append(Line2D([], [], color=EVIDENCE_COLOURS["waterway"], lw=0.9, label="waterway width along the dock's axis"))
    if "clear" in g and g["clear"].length > 0:
        line = g["clear"]
        xy = np.asarray(line.coords)
        ax.annotate("", xy=xy[-1], xytext=xy[0], arrowprops=dict(arrowstyle="<|-|>", color=EVIDENCE_COLOURS["clear"], lw=1.0,
                                                                   shrinkA=0, shrinkB=0), zorder=9)
        placer.place(f"clear {v['clear_width_ft']:,.1f} ft", fontsize, EVIDENCE_COLOURS["clear"],
                     [_along(line, f, side) for f in (0.5, 0.3, 0.7, 0.15, 0.85) for side in (-1.0, 1.0)])
        legend.append(Line2D([], [], color=EVIDENCE_COLOURS["clear"], marker=r"$\leftrightarrow$", ls="", ms=9,
                             label="clear width left to the opposite shore or a dock there"))


def _draw_neighbour_water(ax, evidence: Evidence, fontsize: float, legend: list) -> None:
    nw = evidence.neighbour_water.geometry
    if "near" not in nw:
        return
    _lines(ax, nw["near"], color=EVIDENCE_COLOURS["neighbour_water"], lw=0.7, ls=(0, (2, 2)), zorder=8)
    legend.append(Line2D([], [], color=EVIDENCE_COLOURS["neighbour_water"], lw=0.7, ls=(0, (2, 2)),
                         label=f"{NEIGHBOUR_WATER_FT:g} ft around the proposed dock"))
    shown = False
    for lot in nw.get("lots", []):
        _lines(ax, lot["water"], color=EVIDENCE_COLOURS["neighbour_water"], lw=0.6, ls=(0, (6, 2, 1, 2)), zorder=3)
        if not lot["within"].is_empty:
            _fill(ax, lot["within"], fc=EVIDENCE_COLOURS["neighbour_water"], ec=EVIDENCE_COLOURS["neighbour_water"], alpha=0.35, lw=0.5,
                  hatch="////", zorder=4)
            shown = True
    legend.append(Line2D([], [], color=EVIDENCE_COLOURS["neighbour_water"], lw=0.6, ls=(0, (6, 2, 1, 2)),
                         label="each adjoining lot's own water, to 200 ft"))
    if shown:
        legend.append(Patch(fc=EVIDENCE_COLOURS["neighbour_water"], alpha=0.35, hatch="////",
                            label=f"an adjoining lot's water within {NEIGHBOUR_WATER_FT:g} ft of the dock"))


def _draw_foreshore(ax, evidence: Evidence, fontsize: float, legend: list) -> None:
    fs = evidence.foreshore
    if "crossing" not in fs.geometry:
        return
    line = fs.geometry["crossing"]
    _lines(ax, line, color=EVIDENCE_COLOURS["foreshore"], lw=5.0, alpha=0.45, solid_capstyle="butt", zorder=8)
    legend.append(Line2D([], [], color=EVIDENCE_COLOURS["foreshore"], lw=5.0, alpha=0.45, label="foreshore crossed (MHW to MLW)"))


def plot_plan(review, evidence: Evidence | None = None, ax=None, *, fontsize: float = MIN_FONT_PT, legend: bool = True,
              round_scale: bool = False):
    """Draw the evidence plan (views, pier-head line, waterway, neighbours' water, foreshore) onto ``ax``.

    Parameters
    ----------
    review : Review
    evidence : Evidence, optional
        Gathered from the review when not given.
    ax : matplotlib Axes, optional
        Drawn onto when given; otherwise a new 8 x 6 in figure.
    fontsize : float
    legend : bool
        Draw the legend beside the plan (the sheet draws it in its own panel).
    round_scale : bool
        Draw at a round engineer's scale (1 in = N ft), as on the sheet.

    Returns
    -------
    (Figure, Axes)
        The legend's handles are kept as ``ax._evidence_legend`` for the sheet.
    """
    evidence = gather(review) if evidence is None else evidence
    if ax is None:
        fig, ax = plt.subplots(figsize=(8, 6))
    fig = ax.figure
    view, scale = _fit(ax, _plan_extent(review, evidence), review.site.ft_per_unit, round_scale)
    handles: list = []
    _draw_context(ax, review, view, handles)
    _draw_views(ax, evidence, view, fontsize, handles)
    _draw_neighbour_water(ax, evidence, fontsize, handles)
    _draw_foreshore(ax, evidence, fontsize, handles)
    placer = _Placer(ax)
    placer.boxes.append(placer.box_of(shapely.buffer(review.dock.footprint, 3.0 / review.site.ft_per_unit)))
    for vp in evidence.water_views.geometry.get("viewpoints", []):
        placer.boxes.append(placer.box_of(shapely.buffer(vp["point"], _fan_radius(ax))))
    _draw_pierhead(ax, evidence, fontsize, handles, placer)
    _draw_waterway(ax, evidence, fontsize, handles, placer)
    _scale_note(ax, scale if round_scale else 0, review.site.ft_per_unit, fontsize)
    ax.set_facecolor("#eef4fa")
    if legend:  # beside the plan, not over it
        for handle in handles:
            handle.set_label(textwrap.fill(handle.get_label(), 44, subsequent_indent="  "))
        lg = ax.legend(handles=handles, fontsize=fontsize, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0,
                       framealpha=0.95)
        lg.set_zorder(20)
    ax._evidence_legend = handles
    return fig, ax


# ----------------------------------------------------------------------------- the section


def plot_section(review, evidence: Evidence | None = None, ax=None, *, fontsize: float = MIN_FONT_PT):
    """Draw the dock in section along its axis: bottom, MHW, MLW, deck, piles, float, navigable depth, 200-ft limit.

    Stations are feet along the dock's axis from its MHW crossing; elevations feet
    above MLW (MLW = 0). When the soundings do not give the MHW level, MHW is drawn as
    the reference of the deck's height and says so.

    Parameters
    ----------
    review : Review
    evidence : Evidence, optional
        Gathered from the review when not given.
    ax : matplotlib Axes, optional
        Drawn onto when given; otherwise a new 10 x 3.2 in figure.
    fontsize : float

    Returns
    -------
    (Figure, Axes)
    """
    evidence = gather(review) if evidence is None else evidence
    if ax is None:
        fig, ax = plt.subplots(figsize=(10, 3.2))
    fig = ax.figure
    sc = evidence.section
    g, v = sc.geometry, sc.values
    s, bottom = np.asarray(g["stations"]), np.asarray(g["bottom"])
    known = np.isfinite(bottom)
    deck_h = v["deck_height_above_mhw_ft"]
    mhw = v["mhw_elevation_ft"]
    mhw_known = mhw is not None
    if not mhw_known:
        # the MHW level above MLW is not in the data: MHW is drawn as the deck height's reference only
        mhw = float(np.nanmax(bottom[known & (s <= 0)])) if (known & (s <= 0)).any() else 0.0
        mhw = max(mhw, 0.0) + 1.0
    deck = None if deck_h is None else mhw + deck_h
    floor = float(np.nanmin(bottom)) if known.any() else -10.0
    top = max(mhw, deck or mhw) + (review.profile("max_lift_boat_height_above_deck_ft") if g["lift_spans"] else 0.0) + 10.0
    low = min(floor, -(v["required_depth_ft"] or 0.0), -(v["float_draft_ft"] or 0.0)) - 3.0
    x0, x1 = float(s.min()), float(s.max())

    # water and bottom
    if known.any():
        ax.fill_between(s, np.where(known, bottom, np.nan), low, color=EVIDENCE_COLOURS["bottom"], zorder=1, lw=0)
        ax.plot(s, np.where(known, bottom, np.nan), color=EVIDENCE_COLOURS["bottom_edge"], lw=1.0, zorder=2)
        wet = known & (bottom < mhw)
        ax.fill_between(s, np.where(wet, bottom, np.nan), np.where(wet, mhw, np.nan), color=EVIDENCE_COLOURS["water"], zorder=0, lw=0)
    else:
        ax.text(0.5, 0.35, "bottom not known: no soundings along the axis", transform=ax.transAxes, ha="center", fontsize=fontsize,
                color=EVIDENCE_COLOURS["limit"])
    ax.axhline(0.0, color=EVIDENCE_COLOURS["mlw"], lw=0.9, ls=(0, (5, 3)), zorder=3)
    ax.axhline(mhw, color=COLOURS["mhw"], lw=1.1, ls="-" if mhw_known else (0, (2, 2)), zorder=3)
    ax.text(x1, 0.0, " MLW 0.0 ft", va="center", ha="left", fontsize=fontsize, color=EVIDENCE_COLOURS["mlw"], clip_on=False)
    if mhw_known:
        ax.text(x1, mhw, f" MHW +{mhw:.1f} ft", va="center", ha="left", fontsize=fontsize, color=COLOURS["mhw"], clip_on=False)
    else:
        ax.text(x1, mhw, " MHW: height\n above MLW not\n in the data", va="bottom", ha="left", fontsize=fontsize,
                color=COLOURS["mhw"], clip_on=False)
    ax.axvline(0.0, color=COLOURS["mhw"], lw=0.5, ls=":", zorder=3)

    # the deck and its piles
    for a, b in g["deck_spans"]:
        if deck is not None:
            ax.add_patch(Rectangle((a, deck - 0.6), b - a, 0.6, fc=COLOURS["walkway"], ec="black", lw=0.4, zorder=6))
    for p in g["piles"]:
        if deck is None:
            continue
        i = int(np.clip(np.searchsorted(s, p), 0, len(s) - 1))
        foot = bottom[i] - 2.0 if np.isfinite(bottom[i]) else low
        ax.plot([p, p], [foot, deck - 0.6], color=EVIDENCE_COLOURS["pile"], lw=1.6, zorder=5, solid_capstyle="butt")
    if deck is not None and g["deck_spans"]:
        a = g["deck_spans"][0][0]
        ax.annotate(f"deck {'+' + format(deck, '.1f') + ' ft, ' if mhw_known else ''}{deck_h:.1f} ft above MHW",
                    xy=(max(a, x0), deck), xytext=(2, 4), textcoords="offset points", fontsize=fontsize, ha="left", va="bottom",
                    zorder=12, bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.8))

    # the boat lift with a boat at the height limit
    lift = review.profile("max_lift_boat_height_above_deck_ft")
    for a, b in g["lift_spans"]:
        if deck is None:
            continue
        ax.add_patch(Rectangle((a, deck), b - a, lift, fc="none", ec=COLOURS["boat_lift"], hatch="xxx", lw=0.6, zorder=4))
        ax.annotate(f"boat lift: boat to {lift:g} ft above the deck", xy=(b, deck + lift), xytext=(3, 0), textcoords="offset points",
                    fontsize=fontsize, ha="left", va="top", zorder=12, bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.8))

    # the float at its draft, at MLW (solid) and at MHW (dashed)
    draft = v["float_draft_ft"]
    free = v["float_freeboard_ft"] or 1.0
    for a, b in g["float_spans"]:
        if draft is None:
            continue
        ax.add_patch(Rectangle((a, -draft), b - a, draft + free, fc=COLOURS["float"], ec="black", lw=0.5, zorder=6))
        ax.add_patch(Rectangle((a, mhw - draft), b - a, draft + free, fc="none", ec="black", lw=0.5, ls=(0, (3, 2)), zorder=6))
        ax.annotate(f"float at MLW, draft {draft:g} ft" + (" (dashed: at MHW)" if mhw_known else ""), xy=(b, -draft),
                    xytext=(3, -2), textcoords="offset points", fontsize=fontsize, ha="left", va="top", zorder=12,
                    bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.8))

    # the navigable-depth point and the reach limit
    if v["nav_reach_ft"] is not None:
        n, need = v["nav_reach_ft"], v["required_depth_ft"]
        ax.plot([n, n], [-need, mhw], color=COLOURS["dimension"], lw=0.8, ls=(0, (1, 1.5)), zorder=7)
        ax.plot(n, -need, marker="v", color=COLOURS["dimension"], ms=5, zorder=7)
        ax.annotate(f"navigable depth {need:g} ft\nat {n:,.1f} ft", xy=(n, -need), xytext=(-3, -3), textcoords="offset points",
                    fontsize=fontsize, ha="right", va="top", color=COLOURS["dimension"], zorder=12,
                    bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.8))
    limit = v["max_reach_ft"]
    ax.axvline(limit, color=EVIDENCE_COLOURS["limit"], lw=1.0, ls=(0, (6, 3)), zorder=7)
    ax.annotate(f"{limit:,.0f}-ft limit\nDocks D(1)", xy=(limit, low), xytext=(-3, 3), textcoords="offset points", fontsize=fontsize,
                ha="right", va="bottom", color=EVIDENCE_COLOURS["limit"], zorder=12,
                bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.8))
    ax.set_xlim(x0, x1)
    ax.set_ylim(low, top)
    fs = evidence.foreshore.values
    if fs["least_clearance_ft"] is not None and deck is not None:
        at = fs["least_clearance_at_ft"]
        ax.annotate("", xy=(at, deck), xytext=(at, deck - fs["least_clearance_ft"]),
                    arrowprops=dict(arrowstyle="<|-|>", color=EVIDENCE_COLOURS["foreshore"], lw=0.9, shrinkA=0, shrinkB=0), zorder=8)
        ax.annotate(f"{fs['least_clearance_ft']:.1f} ft", xy=(at, deck - fs["least_clearance_ft"] / 2), xytext=(-3, 0),
                    textcoords="offset points", fontsize=fontsize, ha="right", va="center", color=EVIDENCE_COLOURS["foreshore"],
                    zorder=12, bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.85))
        walk = (f"a walker passes under over {fs['pass_under_length_ft']:,.0f} ft of it" if fs["passage"] == "pass under"
                else f"a walker must {fs['passage']}")
        text = (f"foreshore crossed: {fs['foreshore_along_axis_ft']:,.0f} ft, MHW to MLW\n"
                f"least headroom under the deck {fs['least_clearance_ft']:.1f} ft (arrow)\n{walk}")
        renderer = placer_renderer(fig)
        drawn = [_text_box(t, renderer) for t in ax.texts] + [p.get_window_extent(renderer) for p in ax.patches]
        placer = _Placer(ax, drawn)
        candidates = [dict(xy=(x0 + f * (x1 - x0), top - 0.3), ha="left", va="top") for f in (0.3, 0.2, 0.4, 0.01)]
        candidates.append(dict(xy=(x1 - 0.01 * (x1 - x0), low + 0.3), ha="right", va="bottom"))
        placer.place(text, fontsize, EVIDENCE_COLOURS["foreshore"], candidates)
    ax.set_xlabel("distance along the dock's axis from its MHW crossing (ft)", fontsize=fontsize)
    ax.set_ylabel("elevation (ft above MLW)" if mhw_known else "ft above MLW; deck: ft above the MHW line", fontsize=fontsize)
    ax.tick_params(labelsize=fontsize)
    ax.grid(True, lw=0.3, color="#bbbbbb")
    box = ax.get_position()
    fig_w, fig_h = fig.get_size_inches()
    exaggeration = ((x1 - x0) / (box.width * fig_w)) / ((top - low) / (box.height * fig_h))
    piles = f"; {len(g['piles'])} piles at {v['pile_spacing_ft']:g} ft" if g["piles"] and v["pile_spacing_ft"] else ""
    ax.set_title(f"The dock in section along its axis{piles} (vertical scale {exaggeration:.1f} x horizontal)",
                 fontsize=fontsize + 1, loc="left")
    return fig, ax


# ----------------------------------------------------------------------------- the figures panel


def _panel_lines(evidence: Evidence) -> list[tuple[str, str]]:
    """(style, text) lines of the figures panel: a heading per measure and its figures."""
    out: list[tuple[str, str]] = []

    def head(measure):
        out.append(("head", measure.title + ("" if measure.measured else "  (needs data)")))

    def q(value, unit="ft", d=1):
        return "-" if value is None else f"{value:,.{d}f} {unit}"

    wv = evidence.water_views
    head(wv)
    deg = "\N{DEGREE SIGN}"
    for vp in wv.values["viewpoints"]:
        who = f"{vp['id']} {vp['parcel_id']}" + (" (adj.)" if vp["adjoining"] else "")
        share = "" if vp["dock_share_of_view_pct"] is None else f" ({vp['dock_share_of_view_pct']:.1f} %)"
        rise = "" if vp["vertical_angle_deg"] is None else f", rises {vp['vertical_angle_deg']:.1f}{deg}"
        out.append(("text", f"{who}: dock {vp['dock_in_view_deg']:.1f}{deg} of {vp['water_view_deg']:.1f}{deg}{share}{rise}"))
    ph = evidence.pierhead_line
    head(ph)
    v = ph.values
    if v["offset_ft"] is not None:
        out.append(("text", f"the dock {abs(v['offset_ft']):,.1f} ft {'seaward' if v['offset_ft'] > 0 else 'landward'} "
                            f"of the line ({v['left_dock'] or '-'} / {v['right_dock'] or '-'})"))
    if v["reach_beyond_neighbours_ft"] is not None:
        beyond = v["reach_beyond_neighbours_ft"]
        out.append(("text", f"along the shore it reaches {abs(beyond):,.1f} ft {'more' if beyond >= 0 else 'less'} than "
                            f"its neighbours here ({q(v['neighbours_reach_here_ft'])})"))
    if v["shore_dock_count"]:
        out.append(("text", f"{v['shore_dock_count']} docks: median reach {q(v['median_reach_ft'])}, greatest "
                            f"{q(v['greatest_reach_ft'])}; this one {q(v['proposed_reach_ft'])}"))
    ww = evidence.waterway
    head(ww)
    v = ww.values
    if v["width_along_axis_ft"] is not None:
        out.append(("text", f"{q(v['width_along_axis_ft'])} along the axis ({q(v['width_square_ft'])} square); the dock "
                            f"{v['dock_share_along_axis_pct']:.1f} % (a third: {q(v['one_third_width_ft'])}*); clear "
                            f"{q(v['clear_width_ft'])} to the {v['clear_width_to']}"))
    elif v["wider_than_ft"] is not None:
        out.append(("text", f"no opposite shore within {q(v['wider_than_ft'])} along the axis"))
    if v["channel_distance_ft"] is not None:
        out.append(("text", f"terminus to the nearest channel {q(v['channel_distance_ft'])}"))
    fs = evidence.foreshore
    head(fs)
    v = fs.values
    if v["least_clearance_ft"] is not None:
        out.append(("text", f"{q(v['foreshore_along_axis_ft'])} wide; headroom {q(v['least_clearance_ft'])} to "
                            f"{q(v['greatest_clearance_ft'])}: {v['passage']} (>= {PASS_UNDER_FT:g} ft over "
                            f"{q(v['pass_under_length_ft'])})"))
    elif v["foreshore_along_axis_ft"] is not None:
        out.append(("text", f"{q(v['foreshore_along_axis_ft'])} wide along the axis"))
    nw = evidence.neighbour_water
    head(nw)
    for lot in nw.values["lots"]:
        if not lot["fronts_water"]:
            out.append(("text", f"{lot['parcel_id']} ({lot['side']}): not on the water"))
            continue
        dock = "" if lot["to_its_dock_ft"] is None else f"; its dock {q(lot['to_its_dock_ft'])}"
        out.append(("text", f"{lot['parcel_id']} ({lot['side']}): {q(lot['within_sqft'], 'sq ft', 0)} ({lot['within_pct']:.1f} %) "
                            f"within {NEIGHBOUR_WATER_FT:g} ft; {q(lot['to_extension_ft'])} to its line{dock}"))
    cs = evidence.constructions
    head(cs)
    v = cs.values
    parts = [f"{c['component'].replace('_', ' ')} {q(c['nearest_ft'])}" for c in v["components"] if c["nearest_ft"] is not None
             and c["component"] not in ("walkway", "ramp", "pile")]
    veg = "" if v["deck_on_vegetation_sqft"] is None else (f"; over vegetation: deck {q(v['deck_on_vegetation_sqft'], 'sq ft', 0)}, "
                                                          f"floats {q(v['float_on_vegetation_sqft'], 'sq ft', 0)}")
    out.append(("text", ("from MHW: " + ", ".join(parts) + "; " if parts else "") + f"shade {q(v['shaded_water_sqft'], 'sq ft', 0)}{veg}"))
    missing = [(m.title, "; ".join(m.needs)) for m in evidence.measures if m.needs]
    if missing:
        out.append(("head", "Still needed"))
        for title, needs in missing:
            out.append(("need", f"{title}: {needs}"))
    out.append(("note", f"* {ONE_THIRD_NOTE}. Walkers: pass under >= {PASS_UNDER_FT:g} ft, step over <= {STEP_OVER_FT:g} ft "
                        "(rules of thumb). The report gives every figure and its method."))
    return out


def _draw_panel(panel_ax, evidence: Evidence, fontsize: float) -> None:
    """The figures of every measure, top down, wrapped to the panel's width; what does not fit is said to be in the report."""
    fig = panel_ax.figure
    renderer = fig.canvas.get_renderer()
    box = panel_ax.get_window_extent(renderer)
    chars = max(20, int(box.width / fig.dpi * 72 / (0.5 * fontsize)))
    styles = {"head": ("bold", "black", 0.35), "text": ("normal", "black", 0.0), "need": ("normal", "#9a6700", 0.0),
              "note": ("normal", "#555555", 0.3)}
    point = fig.dpi / 72 / box.height  # one point as a fraction of the panel's height
    y = 1.0
    for style, text in _panel_lines(evidence):
        weight, colour, gap = styles[style]
        y -= gap * fontsize * point
        wrapped = textwrap.fill(text, chars, subsequent_indent="  " if style != "head" else "")
        artist = panel_ax.text(0.0, y, wrapped, transform=panel_ax.transAxes, fontsize=fontsize, fontweight=weight,
                               color=colour, va="top", ha="left", linespacing=1.1)
        height = artist.get_window_extent(renderer).height / box.height
        if y - height < 0.0:
            artist.remove()
            panel_ax.text(0.0, y, "... the report gives the rest", transform=panel_ax.transAxes, fontsize=fontsize,
                          style="italic", va="top", ha="left")
            break
        y -= height + 0.15 * fontsize * point
    panel_ax.set_axis_off()


# ----------------------------------------------------------------------------- the sheet


def plot_evidence(review, evidence: Evidence | None = None, ax=None, page: str = "letter"):
    """Draw the "Board evidence" sheet of a review (Docks H; Art. VIII, waivers).

    Parameters
    ----------
    review : Review
    evidence : Evidence, optional
        :func:`dockreview.evidence.gather` of the review (gathered when not given).
    ax : matplotlib Axes, optional
        When given, the plan alone is drawn onto it (with its legend inside); the
        section is :func:`plot_section`. Otherwise a new landscape page of ``page``
        size: the plan, the dock in section below it, the legend and the figures of
        every measure beside them, a heading and a foot note.
    page : {"letter", "tabloid"}

    Returns
    -------
    (Figure, Axes)
        The plan's axes.
    """
    evidence = gather(review) if evidence is None else evidence
    if ax is not None:
        return plot_plan(review, evidence, ax)
    if page not in PAGES:
        raise ValueError(f"page {page!r}: use one of {', '.join(PAGES)}")
    width, height = PAGES[page]
    fontsize = FONT_PT[page]
    fig = plt.figure(figsize=(width, height))
    m, panel = MARGIN_IN, PANEL_IN[page]
    head, foot, scale = HEAD_IN[page], FOOT_IN[page], fontsize / MIN_FONT_PT
    draw_w = width - 3 * m - panel
    body_top = height - m - head
    body_h = body_top - m - foot
    plan_h = PLAN_SHARE * body_h
    section_h = body_h - plan_h - 0.75 * scale  # the section's title above it, its axis labels below it
    plan_ax = fig.add_axes((m / width, (body_top - plan_h) / height, draw_w / width, plan_h / height))
    left, right = 0.45 * scale, 1.0 * scale  # the y-axis labels; the MHW and MLW labels
    section_ax = fig.add_axes(((m + left) / width, (m + foot + 0.4 * scale) / height, (draw_w - left - right) / width, section_h / height))
    column = ((2 * m + draw_w) / width, (m + foot) / height, panel / width, body_h / height)
    legend_ax = fig.add_axes(column)
    for axes, gid in ((plan_ax, "evidence-plan"), (section_ax, "evidence-section"), (legend_ax, "evidence-legend")):
        axes.set_gid(gid)
    site = review.site
    exhibit = site.manifest.exhibit
    fig.text(m / width, 1 - m / height, f"BOARD EVIDENCE - {site.name} - parcel {site.parcel_id}", fontsize=fontsize * 1.6,
             fontweight="bold", va="top", ha="left")
    fig.text(m / width, 1 - (m + 0.25 * scale) / height,
             "Docks H and the waiver clause (Art. VIII): figures for the Board of Trustees' judgment, not findings. "
             f"Verdict of the checks: {review.verdict.upper()}.", fontsize=fontsize, va="top", ha="left")
    fig.text(m / width, m / height,
             textwrap.fill(f"{NOT_A_SURVEY} Angles in degrees, azimuths from grid north. Working CRS {describe(site.crs)}. "
                           f"dockreview {__version__}; {exhibit.date or date.today().isoformat()}.", int(draw_w * 72 / (0.5 * fontsize))),
             fontsize=fontsize, va="bottom", ha="left")
    _, plan_ax = plot_plan(review, evidence, plan_ax, fontsize=fontsize, legend=False, round_scale=True)
    plan_ax.set_title("Plan: the neighbours' views, the pier-head line, the waterway, the adjoining owners' water",
                      fontsize=fontsize + 1, loc="left", pad=3)
    legend_ax.set_axis_off()
    wrap = int(panel * 72 / (0.5 * fontsize)) - 8
    for handle in plan_ax._evidence_legend:
        handle.set_label(textwrap.fill(handle.get_label(), wrap, subsequent_indent="  "))
    legend = legend_ax.legend(handles=plan_ax._evidence_legend, fontsize=fontsize, loc="upper left", framealpha=0.95,
                              mode="expand", borderaxespad=0.0)
    plot_section(review, evidence, section_ax, fontsize=fontsize)
    box = legend.get_window_extent(fig.canvas.get_renderer())
    used_in = box.height / fig.dpi + 0.12
    panel_ax = fig.add_axes((column[0], column[1], column[2], (body_h - used_in) / height))
    panel_ax.set_gid("evidence-figures")
    _draw_panel(panel_ax, evidence, fontsize)
    return fig, plan_ax


def save_evidence(review, path, page: str = "letter", evidence: Evidence | None = None) -> None:
    """Write the Board evidence sheet to ``path`` (.png at 300 dpi, .pdf or .svg as vectors), whole or not at all."""
    fig, _ = plot_evidence(review, evidence, page=page)
    save_figure(fig, path)
