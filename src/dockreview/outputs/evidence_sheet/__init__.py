"""The "Board evidence" sheet: the neighbours' views, the pier-head line, the waterway and the dock in section.

:func:`plot_evidence` draws the second exhibit sheet of a review (Docks H; Art.
VIII, waivers) from its :class:`~dockreview.evidence.Evidence`, computed once on the
Review (``review.evidence``): a plan with each neighbouring dwelling's viewpoint and
the sector of its water view the proposed dock takes, the pier-head line through the
neighbouring docks' seaward ends, the waterway's width along the dock's axis and the
clear width left, each adjoining lot's water within 50 ft of the dock and the
foreshore crossing; and a second panel with the dock in section along its axis
(:func:`plot_section`). Beside them, the figures of every measure and what any
measure still needs. :func:`save_evidence` writes the sheet as PNG (300 dpi), PDF or
SVG, whole or not at all.

The modules: ``plan`` (the plan and its labels), ``section`` (the dock in
section) and ``figures`` (the figures panel). The plan is fitted and labelled by
the sheet kit (:mod:`dockreview.outputs.sheet`), as the site plan is.
"""

from __future__ import annotations

from datetime import date

import matplotlib.pyplot as plt

from dockreview._version import __version__
from dockreview.evidence.measures import Evidence
from dockreview.inputs.crs import describe
from dockreview.outputs.evidence_sheet.figures import draw_panel
from dockreview.outputs.evidence_sheet.plan import draw_plan, plot_plan
from dockreview.outputs.evidence_sheet.section import plot_section
from dockreview.outputs.files import inputs_of
from dockreview.outputs.sheet.draw import px
from dockreview.outputs.sheet.page import save_figure
from dockreview.outputs.sheet.text import wrap_to
from dockreview.outputs.style import EVIDENCE_COLOURS, FONT_PT, MARGIN_IN, MIN_FONT_PT, NOT_A_SURVEY, PAGES

__all__ = ["EVIDENCE_COLOURS", "FOOT_IN", "HEAD_IN", "PANEL_IN", "PLAN_SHARE", "plot_evidence", "plot_plan", "plot_section", "save_evidence"]

#: Width of the figures panel at the right of the sheet (in).
PANEL_IN = {"letter": 3.2, "tabloid": 4.4}
#: Height of the heading strip at the top and the foot note at the bottom (in).
HEAD_IN = {"letter": 0.62, "tabloid": 0.8}
FOOT_IN = {"letter": 0.3, "tabloid": 0.42}
#: Share of the drawing column's height the plan takes (the section takes the rest).
PLAN_SHARE = 0.64


def plot_evidence(review, evidence: Evidence | None = None, ax=None, page: str = "letter"):
    """Draw the "Board evidence" sheet of a review (Docks H; Art. VIII, waivers).

    Parameters
    ----------
    review : Review
    evidence : Evidence, optional
        The review's own (``review.evidence``, computed once) when not given.
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
    evidence = review.evidence if evidence is None else evidence
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
    line_px = (width - 2 * m) * fig.dpi  # every line of the sheet's words is wrapped to the room it has
    fig.text(m / width, 1 - m / height, wrap_to(fig, f"BOARD EVIDENCE - {site.name} - parcel {site.parcel_id}", line_px,
             fontsize * 1.6, "bold"), fontsize=fontsize * 1.6, fontweight="bold", va="top", ha="left", gid="evidence:title")
    fig.text(m / width, 1 - (m + 0.25 * scale) / height,
             wrap_to(fig, f"{evidence.purpose}. Verdict of the checks: {review.verdict.upper()}{_within(review)}.", line_px, fontsize),
             fontsize=fontsize, va="top", ha="left")
    fig.text(m / width, m / height,
             wrap_to(fig, f"{NOT_A_SURVEY} Angles in degrees, azimuths from grid north. Working CRS {describe(site.crs)}. "
                     f"dockreview {__version__}; {exhibit.date or date.today().isoformat()}.", draw_w * fig.dpi, fontsize),
             fontsize=fontsize, va="bottom", ha="left")
    handles = draw_plan(review, evidence, plan_ax, fontsize=fontsize, round_scale=True)
    plan_ax.set_title(wrap_to(fig, "Plan: the neighbours' views, the pier-head line, the waterway, the adjoining owners' water",
                              draw_w * fig.dpi, fontsize + 1), fontsize=fontsize + 1, loc="left", pad=3)
    legend_ax.set_axis_off()
    label_px = panel * fig.dpi - px(fig, fontsize * 4.2)  # the panel less the legend's handle and its padding
    for handle in handles:
        handle.set_label(wrap_to(fig, handle.get_label(), label_px, fontsize))
    legend = legend_ax.legend(handles=handles, fontsize=fontsize, loc="upper left", framealpha=0.95,
                              mode="expand", borderaxespad=0.0)
    plot_section(review, evidence, section_ax, fontsize=fontsize)
    box = legend.get_window_extent(fig.canvas.get_renderer())
    used_in = box.height / fig.dpi + 0.12
    panel_ax = fig.add_axes((column[0], column[1], column[2], (body_h - used_in) / height))
    panel_ax.set_gid("evidence-figures")
    draw_panel(panel_ax, evidence, fontsize)
    return fig, plan_ax


def _within(review) -> str:
    """``"; 2 checks within the data's accuracy"`` (the site plan draws their bands); blank when none is."""
    n = sum(1 for c in review.checks if c.conditional)
    if not n:
        return ""
    return f"; {n} check{'s' if n != 1 else ''} within the data's accuracy"


def save_evidence(review, path, page: str = "letter", evidence: Evidence | None = None) -> None:
    """Write the Board evidence sheet to ``path`` (.png at 300 dpi, .pdf or .svg as vectors), whole or not at all.

    ``evidence`` is the review's own (``review.evidence``) unless given.
    """
    fig, _ = plot_evidence(review, evidence, page=page)
    save_figure(fig, path, inputs=inputs_of(review))
