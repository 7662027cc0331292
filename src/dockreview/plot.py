"""The site-plan exhibit: the lot, its side lines and extensions, the dock and its dimensions.

:func:`plot_review` draws onto a matplotlib axes (``ax=None`` makes a figure)
and returns ``(fig, ax)``; :func:`save_map` writes PNG (300 dpi), PDF or SVG
whole or not at all. Everything drawn comes from the :class:`~dockreview.review.Review`:
no measurement is recomputed here.
"""

from __future__ import annotations

from datetime import date

import matplotlib.pyplot as plt
import numpy as np
import shapely
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, PathPatch
from matplotlib.path import Path as MplPath
from matplotlib_scalebar.scalebar import ScaleBar

from .io import atomic_path

COLOURS = {
    "parcel": "#f3efe0",
    "neighbour": "#fafafa",
    "mhw": "#1f5fa8",
    "side": "#222222",
    "band": "#2da44e",
    "reach": "#cf222e",
    "channel": "#8fb8de",
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
}
VERDICT_COLOURS = {"compliant": "#1a7f37", "noncompliant": "#cf222e", "incomplete": "#9a6700"}
PAGES = {"letter": (11.0, 8.5), "tabloid": (17.0, 11.0)}
ROUND_LENGTHS_FT = (10, 20, 25, 50, 100, 200, 250, 500, 1000)


def _patch(geom, **kwargs) -> PathPatch | None:
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


def _add(ax, geom, **kwargs) -> None:
    patch = _patch(geom, **kwargs)
    if patch is not None:
        ax.add_patch(patch)


def _lines(ax, geom, **kwargs) -> None:
    for part in shapely.get_parts(geom):
        if part.is_empty:
            continue
        if part.geom_type == "Polygon":
            part = part.exterior
        xy = np.asarray(part.coords)
        ax.plot(xy[:, 0], xy[:, 1], **kwargs)
        kwargs.pop("label", None)


def _dimension(ax, line, text: str, *, colour: str, offset: tuple[float, float] = (0, 0)) -> None:
    """A dimension line with arrowheads at both ends and its label at the middle."""
    (x0, y0), (x1, y1) = np.asarray(line.coords)[[0, -1]]
    ax.annotate(
        "", xy=(x1, y1), xytext=(x0, y0), arrowprops=dict(arrowstyle="<|-|>", color=colour, lw=1.1, shrinkA=0, shrinkB=0)
    )
    angle = np.degrees(np.arctan2(y1 - y0, x1 - x0))
    if angle > 90:
        angle -= 180
    elif angle < -90:
        angle += 180
    ax.annotate(
        text,
        xy=((x0 + x1) / 2, (y0 + y1) / 2),
        xytext=offset,
        textcoords="offset points",
        rotation=angle,
        rotation_mode="anchor",
        ha="center",
        va="bottom",
        fontsize=7,
        color=colour,
        bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.85),
        gid="dimension",
    )


def _label(value: float, limit: float, is_minimum: bool) -> tuple[str, str]:
    """Dimension text and colour: a failing dimension shows its limit in the warning colour.

    Decided on the unrounded value, as the check is.
    """
    fails = value < limit if is_minimum else value > limit
    if not fails:
        return f"{value:,.1f} ft", COLOURS["dimension"]
    relation = f"< {limit:,.1f} ft req." if is_minimum else f"> {limit:,.1f} ft max."
    return f"{value:,.1f} ft {relation}", COLOURS["warning"]


def _extent(review) -> tuple[float, float, float, float]:
    """The water side of the lot: frontage, dock, band and dimensions, with a strip of upland."""
    layout = review.layout
    geoms = [layout.dock.footprint, layout.riparian.frontage, *layout.dimension_lines.values()]
    if not layout.allowed_band.is_empty:
        geoms.append(layout.allowed_band)
    water = shapely.union_all(geoms)
    x0, y0, x1, y1 = water.bounds
    span = max(x1 - x0, y1 - y0)
    upland = shapely.clip_by_rect(review.site.parcel, x0 - span, y0 - span, x1 + span, y1 + span)
    back = shapely.intersection(upland, shapely.buffer(layout.riparian.frontage, 0.25 * span))
    x0, y0, x1, y1 = shapely.union_all([water, back]).bounds
    pad = 0.06 * max(x1 - x0, y1 - y0)
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _north_arrow(ax) -> None:
    ax.annotate(
        "N", xy=(0.95, 0.93), xytext=(0.95, 0.82), xycoords="axes fraction", ha="center", va="center",
        fontsize=11, fontweight="bold", arrowprops=dict(facecolor="black", width=3, headwidth=9),
    )


def _scale_bar(ax, review, width_units: float) -> None:
    span_ft = width_units * review.site.ft_per_unit
    length = max([v for v in ROUND_LENGTHS_FT if v <= span_ft / 5] or [ROUND_LENGTHS_FT[0]])
    ax.add_artist(
        ScaleBar(
            review.site.ft_per_unit, units="ft", dimension="imperial-length", fixed_units="ft", fixed_value=length,
            location="lower left", box_alpha=0.8,
        )
    )


def plot_review(review, ax=None, *, page: str = "letter", title: bool = True):
    """Draw the site plan of a review.

    Parameters
    ----------
    review : Review
    ax : matplotlib Axes, optional
        Drawn onto when given; otherwise a new figure of ``page`` size.
    page : {"letter", "tabloid"}
        Landscape page size of a new figure.
    title : bool
        Whether to draw the title (site, parcel, verdict, CRS).

    Returns
    -------
    (Figure, Axes)
    """
    if ax is None:
        fig, ax = plt.subplots(figsize=PAGES[page], layout="constrained")
    else:
        fig = ax.figure
    site, layout, m = review.site, review.layout, review.measurements
    rip = layout.riparian
    x0, y0, x1, y1 = _extent(review)
    view = shapely.box(x0, y0, x1, y1)
    ring = review.profile("min_terminus_clearance_ft") / site.ft_per_unit

    for geom in site.neighbours.geometry:
        _add(ax, shapely.intersection(geom, view), fc=COLOURS["neighbour"], ec="#888888", lw=0.6, zorder=1)
    _add(ax, site.parcel, fc=COLOURS["parcel"], ec="#555555", lw=1.0, zorder=2)
    if site.channels is not None and not site.channels.empty:
        chans = shapely.union_all(site.channels.geometry.values)
        _add(ax, shapely.intersection(chans, view), fc=COLOURS["channel"], ec="#4a7fb0", lw=0.6, hatch="///", alpha=0.6, zorder=1)
        _lines(ax, shapely.intersection(shapely.boundary(shapely.buffer(chans, ring)), view), color=COLOURS["ring"], ls=":", lw=1.0, zorder=3)
    if site.docks is not None and not site.docks.empty:
        others = shapely.union_all(site.docks.geometry.values)
        drawn = others if others.area > 0 else shapely.buffer(others, 1.0 / site.ft_per_unit)
        _add(ax, shapely.intersection(drawn, view), fc=COLOURS["other_dock"], ec="none", zorder=4)
        _lines(ax, shapely.intersection(shapely.boundary(shapely.buffer(others, ring)), view), color=COLOURS["ring"], ls=":", lw=1.0, zorder=3)
    _add(ax, layout.allowed_band, fc=COLOURS["band"], ec=COLOURS["band"], alpha=0.18, lw=0.8, zorder=2)
    _lines(ax, shapely.intersection(site.mhw, view), color=COLOURS["mhw"], lw=2.0, zorder=5)
    for side in (rip.left_side, rip.right_side):
        _lines(ax, side, color=COLOURS["side"], lw=1.4, zorder=6)
    for ext in (rip.left_extension, rip.right_extension):
        _lines(ax, shapely.intersection(ext, view), color=COLOURS["side"], lw=1.2, ls="--", zorder=6)
    _lines(ax, layout.reach_limit, color=COLOURS["reach"], lw=1.2, ls="-.", zorder=6)
    kinds = []
    for kind, group in layout.dock.components.groupby("component"):
        _add(ax, shapely.union_all(group.geometry.values), fc=COLOURS.get(kind, "#999999"), ec="black", lw=0.6, zorder=8)
        kinds.append(kind)
    _add(ax, layout.terminus, fc="none", ec=COLOURS["warning"], lw=1.2, ls="-", zorder=9)
    for corner in (rip.left_corner, rip.right_corner):
        ax.plot(corner.x, corner.y, "o", ms=4, color=COLOURS["side"], zorder=9)

    minimum = m.required_setback_ft
    clearance = review.profile("min_terminus_clearance_ft")
    dims = [
        ("setback_left", "left setback", m.setback_left_ft, minimum, True),
        ("setback_right", "right setback", m.setback_right_ft, minimum, True),
        ("reach", "reach", m.reach_ft, review.profile("max_reach_ft"), False),
        ("channel_clearance", "to channel", m.channel_clearance_ft, clearance, True),
        ("dock_clearance", "to dock", m.dock_clearance_ft, clearance, True),
    ]
    for key, name, value, limit, is_minimum in dims:
        line = layout.dimension_lines.get(key)
        if line is None or value is None or line.length == 0:
            continue
        text, colour = _label(value, limit, is_minimum)
        _dimension(ax, line, f"{name} {text}", colour=colour)
    front_text, front_colour = _label(m.frontage_ft, review.profile("min_frontage_ft"), True)
    _frontage_label(ax, rip, f"frontage {front_text}", front_colour)

    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    _north_arrow(ax)
    _scale_bar(ax, review, x1 - x0)
    ax.legend(handles=_legend(review, kinds), loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7, framealpha=0.9)
    if title:
        verdict = review.verdict
        ax.set_title(
            f"{site.name} - parcel {site.parcel_id} - {verdict.upper()}\n"
            f"{review.profile.name} - {site.crs.name} - {date.today().isoformat()}",
            fontsize=10,
            color=VERDICT_COLOURS.get(verdict, "black"),
        )
    return fig, ax


def _frontage_label(ax, rip, text: str, colour: str) -> None:
    mid = rip.frontage_midpoint
    d = rip.seaward
    angle = np.degrees(np.arctan2(-d[0], d[1]))
    if angle > 90:
        angle -= 180
    elif angle < -90:
        angle += 180
    ax.annotate(
        text, xy=(mid.x, mid.y), xytext=(-d[0] * 14, -d[1] * 14), textcoords="offset points", rotation=angle,
        ha="center", va="center", fontsize=7, color=colour, gid="dimension",
        bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.85),
    )


def _legend(review, kinds: list[str]) -> list:
    handles = [
        Patch(fc=COLOURS["parcel"], ec="#555555", label=f"lot {review.site.parcel_id}"),
        Patch(fc=COLOURS["neighbour"], ec="#888888", label="neighbouring lots"),
        Line2D([], [], color=COLOURS["mhw"], lw=2, label="mean high-water line"),
        Line2D([], [], color=COLOURS["side"], lw=1.4, label="side property lines"),
        Line2D([], [], color=COLOURS["side"], lw=1.2, ls="--", label=f"seaward extensions ({review.layout.riparian.extension})"),
        Patch(fc=COLOURS["band"], alpha=0.3, label=f"where the dock may stand ({review.measurements.required_setback_ft:,.1f} ft setbacks)"),
        Line2D([], [], color=COLOURS["reach"], ls="-.", label=f"{review.profile('max_reach_ft'):,.0f} ft reach limit"),
    ]
    if review.site.channels is not None and not review.site.channels.empty:
        handles.append(Patch(fc=COLOURS["channel"], hatch="///", ec="#4a7fb0", label="channels / fairways / anchorages"))
    if review.site.docks is not None and not review.site.docks.empty:
        handles.append(Patch(fc=COLOURS["other_dock"], label="existing docks"))
    if any(layer is not None and not layer.empty for layer in (review.site.channels, review.site.docks)):
        handles.append(Line2D([], [], color=COLOURS["ring"], ls=":", label=f"{review.profile('min_terminus_clearance_ft'):,.0f} ft clearance rings"))
    handles += [Patch(fc=COLOURS.get(k, "#999999"), ec="black", label=f"proposed {k.replace('_', ' ')}") for k in kinds]
    handles.append(Patch(fc="none", ec=COLOURS["warning"], label="seaward terminus"))
    handles.append(Line2D([], [], color=COLOURS["dimension"], marker=r"$\leftrightarrow$", ls="", ms=10, label="dimensions (ft)"))
    return handles


def save_map(review, path, *, page: str = "letter") -> None:
    """Write the site plan to ``path`` (.png at 300 dpi, .pdf or .svg), atomically."""
    fig, _ = plot_review(review, page=page)
    try:
        with atomic_path(path) as tmp:
            fig.savefig(tmp, dpi=300, format=str(path).rsplit(".", 1)[-1].lower())
    finally:
        plt.close(fig)
