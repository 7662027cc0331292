"""The Board evidence sheet's section: the dock along its axis over the bottom, between MLW and MHW.

:func:`plot_section` draws the bottom from the soundings, the MHW and MLW
levels, the deck and its piles, the float at its draft, a boat on the lift at the
lifted-boat height check's limit, the navigable-depth point and the reach limit,
and the headroom left under the deck over the foreshore.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Rectangle

from dockreview.evidence.measures import Evidence
from dockreview.outputs.evidence_sheet.plan import place
from dockreview.outputs.reading import limit_of
from dockreview.outputs.sheet.labels import Placer, box_shape, text_extent
from dockreview.outputs.sheet.text import renderer
from dockreview.outputs.style import COLOURS, EVIDENCE_COLOURS, MIN_FONT_PT


def assumed_mhw_ft(stations: np.ndarray, bottom: np.ndarray) -> float:
    """The MHW level the section draws when the data do not give it (ft above MLW): labelled "assumed" wherever drawn.

    A foot above the highest bottom the soundings give landward of the MHW
    crossing (and above MLW), rounded up to the half foot, so that the deck's
    height above MHW can be drawn over water; not an elevation of the data.

    Examples
    --------
    >>> assumed_mhw_ft(np.array([-10.0, 0.0, 10.0]), np.array([np.nan, -0.5, -2.0]))
    1.0
    >>> assumed_mhw_ft(np.array([-10.0, 0.0]), np.array([1.2, 0.4]))
    2.5
    """
    known = np.isfinite(bottom) & (stations <= 0)
    highest = max(float(np.max(bottom[known])) if known.any() else 0.0, 0.0)
    return float(np.ceil((highest + 1.0) * 2.0 - 1e-9) / 2.0)


def plot_section(review, evidence: Evidence | None = None, ax=None, *, fontsize: float = MIN_FONT_PT):
    """Draw the dock in section along its axis: bottom, MHW, MLW, deck, piles, float, navigable depth, 200-ft limit.

    Stations are feet along the dock's axis from its MHW crossing; elevations feet
    above MLW (MLW = 0). When the soundings do not give the MHW level, MHW is drawn as
    the reference of the deck's height and says so.

    Parameters
    ----------
    review : Review
    evidence : Evidence, optional
        The review's own (``review.evidence``) when not given.
    ax : matplotlib Axes, optional
        Drawn onto when given; otherwise a new 10 x 3.2 in figure.
    fontsize : float

    Returns
    -------
    (Figure, Axes)
    """
    evidence = review.evidence if evidence is None else evidence
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
        # the MHW level above MLW is not in the data: an assumed level, said so wherever it is drawn
        mhw = assumed_mhw_ft(s, bottom)
    deck = None if deck_h is None else mhw + deck_h
    floor = float(np.nanmin(bottom)) if known.any() else -10.0
    lift = limit_of(review, "lift-height")  # the lifted boat drawn at the height its check allows
    top = max(mhw, deck or mhw) + (lift if g["lift_spans"] and lift is not None else 0.0) + 10.0
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
        ax.text(x1, mhw, f" MHW +{mhw:.1f} ft", va="center", ha="left", fontsize=fontsize, color=COLOURS["mhw"], clip_on=False,
                gid="section:mhw")
    else:
        ax.text(x1, mhw, f" MHW assumed\n +{mhw:.1f} ft above\n MLW (not in\n the data)", va="bottom", ha="left",
                fontsize=fontsize, color=COLOURS["mhw"], clip_on=False, gid="section:mhw")
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
    for a, b in g["lift_spans"]:
        if deck is None or lift is None:
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
    if limit is not None:  # the reach the checks allow, with the sections that set it; none where the law sets none
        ax.axvline(limit, color=EVIDENCE_COLOURS["limit"], lw=1.0, ls=(0, (6, 3)), zorder=7)
        ax.annotate(f"{limit:,.1f}-ft limit\n{'; '.join(v['max_reach_sections'])}", xy=(limit, low), xytext=(-3, 3),
                    textcoords="offset points", fontsize=fontsize, ha="right", va="bottom", color=EVIDENCE_COLOURS["limit"],
                    zorder=12, bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.8))
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
        drawer = renderer(fig)
        drawn = [text_extent(t, drawer) for t in ax.texts] + [p.get_window_extent(drawer) for p in ax.patches]
        placer = Placer(ax, [box_shape(box) for box in drawn], inset=0.0)
        candidates = [dict(xy=(x0 + f * (x1 - x0), top - 0.3), ha="left", va="top") for f in (0.3, 0.2, 0.4, 0.01)]
        candidates.append(dict(xy=(x1 - 0.01 * (x1 - x0), low + 0.3), ha="right", va="bottom"))
        place(placer, text, fontsize, EVIDENCE_COLOURS["foreshore"], candidates)
    ax.set_xlabel("distance along the dock's axis from its MHW crossing (ft)", fontsize=fontsize)
    ax.set_ylabel("elevation (ft above MLW)" if mhw_known else f"ft above MLW (MHW assumed +{mhw:.1f} ft)", fontsize=fontsize)
    ax.tick_params(labelsize=fontsize)
    ax.grid(True, lw=0.3, color="#bbbbbb")
    box = ax.get_position()
    fig_w, fig_h = fig.get_size_inches()
    exaggeration = ((x1 - x0) / (box.width * fig_w)) / ((top - low) / (box.height * fig_h))
    piles = f"; {len(g['piles'])} piles at {v['pile_spacing_ft']:g} ft" if g["piles"] and v["pile_spacing_ft"] else ""
    ax.set_title(f"The dock in section along its axis{piles} (vertical scale {exaggeration:.1f} x horizontal)",
                 fontsize=fontsize + 1, loc="left")
    return fig, ax


