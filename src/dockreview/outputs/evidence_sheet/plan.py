"""The Board evidence sheet's plan: the neighbours' views, the pier-head line, the waterway, the adjoining
owners' water and the foreshore crossed, over the lots, docks and buildings round the proposed dock.

:func:`plot_plan` draws it from the review's :class:`~dockreview.evidence.Evidence`
(``review.evidence``, computed once), fitted by the sheet kit's view-fitting
function and labelled by its placer.
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
import shapely
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from dockreview.evidence.measures import NEIGHBOUR_WATER_FT, Evidence
from dockreview.outputs.sheet.draw import draw_lines, fill, glyph_marker, px
from dockreview.outputs.sheet.labels import Placer, box_shape, leader, leader_candidates, place_first
from dockreview.outputs.sheet.page import fit_view
from dockreview.outputs.sheet.text import wrap_to
from dockreview.outputs.style import COLOURS, EVIDENCE_COLOURS, MIN_FONT_PT


def label(ax, xy, text, fontsize, colour="black", **kwargs):
    """A figure on the sheet: an annotation at ``xy`` on a light backing."""
    return ax.annotate(
        text, xy=xy, fontsize=fontsize, color=colour, ha=kwargs.pop("ha", "center"), va=kwargs.pop("va", "center"),
        bbox=dict(boxstyle="square,pad=0.15", fc="white", ec="none", alpha=0.8), zorder=kwargs.pop("zorder", 12),
        annotation_clip=True, **kwargs,
    )


def place(placer: Placer, text: str, fontsize: float, colour: str, candidates: list[dict], *, anchor=None):
    """Set ``text`` at the first of ``candidates`` (annotation positions) the placer finds free.

    With none free and an ``anchor`` (data), out on a leader to it where that is
    free; else not at all (the figures panel gives every figure): a label never
    covers the dock or another label.
    """
    ax = placer.ax
    artist = place_first(placer, candidates, lambda where: label(ax, where.pop("xy"), text, fontsize, colour, **where), last=False)
    if artist is not None or anchor is None:
        return artist
    at = ax.transData.transform(np.asarray(anchor, dtype=float))
    artist = label(ax, tuple(anchor), text, fontsize, colour, xytext=tuple(anchor), textcoords="data")
    width, height = placer.measure(artist)
    best = placer.choose(leader_candidates(at, width, height, px(ax.figure, 6.0), base_cost=0.0), leader_from=at)
    if best is None:
        artist.remove()
        return None
    leader(ax, best[3], at, colour)
    return placer.commit(artist, best[1], best[2], best[3])


def data_box(ax, geom):
    """The display box round a geometry (data), for what labels must keep clear of."""
    from matplotlib.transforms import Bbox

    x0, y0, x1, y1 = geom.bounds
    return box_shape(Bbox(ax.transData.transform([(x0, y0), (x1, y1)])))


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
        fill(ax, clip(geom), fc=COLOURS["neighbour"], ec="#9a9a9a", lw=0.4, zorder=1)
    fill(ax, clip(site.parcel), fc=COLOURS["parcel"], ec="#555555", lw=0.8, zorder=1)
    if site.channels is not None and not site.channels.empty:
        fill(ax, clip(shapely.union_all(site.channels.geometry.values)), fc=COLOURS["channel"], ec="none", alpha=0.45, zorder=1)
        legend.append(Patch(fc=COLOURS["channel"], alpha=0.45, label="channel, fairway, anchorage"))
    if site.vegetation is not None and not site.vegetation.empty:
        fill(ax, clip(shapely.union_all(site.vegetation.geometry.values)), fc="none", ec=COLOURS["vegetation"], hatch="....", lw=0.6, zorder=2)
        legend.append(Patch(fc="none", ec=COLOURS["vegetation"], hatch="....", label="vegetation"))
    draw_lines(ax, clip(review.layout.riparian.mhw), color=COLOURS["mhw"], lw=1.2, zorder=4)
    legend.append(Line2D([], [], color=COLOURS["mhw"], lw=1.2, label="MHW line"))
    if site.mlw is not None:
        draw_lines(ax, clip(site.mlw), color=EVIDENCE_COLOURS["mlw"], lw=0.9, ls=(0, (4, 2)), zorder=4)
        legend.append(Line2D([], [], color=EVIDENCE_COLOURS["mlw"], lw=0.9, ls=(0, (4, 2)), label="MLW line"))
    if site.buildings is not None and not site.buildings.empty:
        fill(ax, clip(shapely.union_all(site.buildings.geometry.values)), fc=EVIDENCE_COLOURS["building"], ec="#5a5a5a", lw=0.5, zorder=5)
        legend.append(Patch(fc=EVIDENCE_COLOURS["building"], ec="#5a5a5a", label="buildings"))
    if site.docks is not None and not site.docks.empty:
        fill(ax, clip(shapely.union_all(site.docks.geometry.values)), fc=COLOURS["other_dock"], ec="none", alpha=0.85, zorder=6)
        legend.append(Patch(fc=COLOURS["other_dock"], label="existing docks"))
    for kind, geom in zip(review.dock.components["component"], review.dock.components.geometry.values):
        fill(ax, geom, fc=COLOURS.get(kind, "#8b5a2b"), ec="black", lw=0.3, zorder=9)
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
            fill(ax, shapely.intersection(cone, view), fc=EVIDENCE_COLOURS["dock_sector"], ec="none", alpha=0.07, zorder=3)
        draw_lines(ax, disc, color="#888888", lw=0.4, zorder=10)
        for key, colour, alpha in (("water", EVIDENCE_COLOURS["view"], 0.9), ("existing", COLOURS["other_dock"], 0.9),
                                   ("dock", EVIDENCE_COLOURS["dock_sector"], 1.0)):
            for wedge in vp[key]:
                fill(ax, shapely.intersection(wedge, disc), fc=colour, ec="none", alpha=alpha, zorder=10)
        if vp["building"] is not None:
            draw_lines(ax, vp["building"], color=EVIDENCE_COLOURS["dwelling"], lw=1.4, zorder=7)
        ax.plot(*p, marker="o", ms=2.5, color="black", zorder=11)
        label(ax, p, vp["item"]["id"], fontsize, xytext=(0, -0.3 * 72 - 2), textcoords="offset points", va="top", fontweight="bold")
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
    draw_lines(ax, g["line"], color=EVIDENCE_COLOURS["pierhead"], lw=1.3, ls=(0, (7, 3)), zorder=8)
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
    place(placer, f"pier-head line: the dock {abs(offset):,.1f} ft {where}", fontsize, EVIDENCE_COLOURS["pierhead"], candidates,
          anchor=np.asarray(line.interpolate(0.5, normalized=True).coords[0]))


def _draw_waterway(ax, evidence: Evidence, fontsize: float, legend: list, placer) -> None:
    ww = evidence.waterway
    g, v = ww.geometry, ww.values
    if "along_axis" in g:
        line = g["along_axis"]
        draw_lines(ax, line, color=EVIDENCE_COLOURS["waterway"], lw=0.9, zorder=8)
        xy = np.asarray(line.coords)
        ax.plot(*xy[-1], marker="|", ms=8, color=EVIDENCE_COLOURS["waterway"], zorder=8)
        place(placer, f"waterway {v['width_along_axis_ft']:,.1f} ft", fontsize, EVIDENCE_COLOURS["waterway"],
              [_along(line, f, side) for f in (0.7, 0.55, 0.85, 0.4) for side in (1.0, -1.0)],
              anchor=np.asarray(line.interpolate(0.7, normalized=True).coords[0]))
        legend.append(Line2D([], [], color=EVIDENCE_COLOURS["waterway"], lw=0.9, label="waterway width along the dock's axis"))
    if "clear" in g and g["clear"].length > 0:
        line = g["clear"]
        xy = np.asarray(line.coords)
        ax.annotate("", xy=xy[-1], xytext=xy[0], arrowprops=dict(arrowstyle="<|-|>", color=EVIDENCE_COLOURS["clear"], lw=1.0,
                                                                   shrinkA=0, shrinkB=0), zorder=9)
        place(placer, f"clear {v['clear_width_ft']:,.1f} ft", fontsize, EVIDENCE_COLOURS["clear"],
              [_along(line, f, side) for f in (0.5, 0.3, 0.7, 0.15, 0.85) for side in (-1.0, 1.0)],
              anchor=np.asarray(line.interpolate(0.5, normalized=True).coords[0]))
        legend.append(Line2D([], [], color=EVIDENCE_COLOURS["clear"], marker=glyph_marker("\u2194"), ls="", ms=9,
                             label="clear width left to the opposite shore or a dock there"))


def _draw_neighbour_water(ax, evidence: Evidence, fontsize: float, legend: list) -> None:
    nw = evidence.neighbour_water.geometry
    if "near" not in nw:
        return
    draw_lines(ax, nw["near"], color=EVIDENCE_COLOURS["neighbour_water"], lw=0.7, ls=(0, (2, 2)), zorder=8)
    legend.append(Line2D([], [], color=EVIDENCE_COLOURS["neighbour_water"], lw=0.7, ls=(0, (2, 2)),
                         label=f"{NEIGHBOUR_WATER_FT:g} ft around the proposed dock"))
    shown = False
    for lot in nw.get("lots", []):
        draw_lines(ax, lot["water"], color=EVIDENCE_COLOURS["neighbour_water"], lw=0.6, ls=(0, (6, 2, 1, 2)), zorder=3)
        if not lot["within"].is_empty:
            fill(ax, lot["within"], fc=EVIDENCE_COLOURS["neighbour_water"], ec=EVIDENCE_COLOURS["neighbour_water"], alpha=0.35, lw=0.5,
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
    draw_lines(ax, line, color=EVIDENCE_COLOURS["foreshore"], lw=5.0, alpha=0.45, solid_capstyle="butt", zorder=8)
    legend.append(Line2D([], [], color=EVIDENCE_COLOURS["foreshore"], lw=5.0, alpha=0.45, label="foreshore crossed (MHW to MLW)"))


def draw_plan(review, evidence: Evidence, ax, *, fontsize: float = MIN_FONT_PT, round_scale: bool = False) -> list:
    """Draw the evidence plan onto ``ax`` (no legend); the legend's handles, for the caller to set where it wants."""
    view, scale = fit_view(ax, _plan_extent(review, evidence), review.site.ft_per_unit, round_scale=round_scale)
    handles: list = []
    _draw_context(ax, review, view, handles)
    _draw_views(ax, evidence, view, fontsize, handles)
    _draw_neighbour_water(ax, evidence, fontsize, handles)
    _draw_foreshore(ax, evidence, fontsize, handles)
    placer = Placer(ax, inset=0.0)
    for part in review.dock.components.geometry.values:  # no label on the proposed dock
        placer.avoid(shapely.transform(shapely.buffer(part, 2.0 / review.site.ft_per_unit), ax.transData.transform))
    for vp in evidence.water_views.geometry.get("viewpoints", []):
        placer.avoid(data_box(ax, shapely.buffer(vp["point"], _fan_radius(ax))))
    _draw_pierhead(ax, evidence, fontsize, handles, placer)
    _draw_waterway(ax, evidence, fontsize, handles, placer)
    _scale_note(ax, scale if round_scale else 0, review.site.ft_per_unit, fontsize)
    ax.set_facecolor("#eef4fa")
    return handles


def plot_plan(review, evidence: Evidence | None = None, ax=None, *, fontsize: float = MIN_FONT_PT, legend: bool = True,
              round_scale: bool = False):
    """Draw the evidence plan (views, pier-head line, waterway, neighbours' water, foreshore) onto ``ax``.

    Parameters
    ----------
    review : Review
    evidence : Evidence, optional
        The review's own (``review.evidence``) when not given.
    ax : matplotlib Axes, optional
        Drawn onto when given; otherwise a new 8 x 6 in figure.
    fontsize : float
    legend : bool
        Draw the legend beside the plan.
    round_scale : bool
        Draw at a round engineer's scale (1 in = N ft), as on the sheet.

    Returns
    -------
    (Figure, Axes)
    """
    evidence = review.evidence if evidence is None else evidence
    if ax is None:
        fig, ax = plt.subplots(figsize=(8, 6))
    fig = ax.figure
    handles = draw_plan(review, evidence, ax, fontsize=fontsize, round_scale=round_scale)
    if legend:  # beside the plan, not over it
        for handle in handles:
            handle.set_label(wrap_to(fig, handle.get_label(), px(fig, 220.0), fontsize))
        lg = ax.legend(handles=handles, fontsize=fontsize, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0,
                       framealpha=0.95)
        lg.set_zorder(20)
    return fig, ax
