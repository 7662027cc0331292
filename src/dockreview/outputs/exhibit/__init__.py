"""The site-plan exhibit: the lot, its side lines and extensions, the dock, its envelope and its dimensions.

One renderer draws every exhibit: ``check --map``, ``map``, ``report``,
``envelope --map`` and ``Review.plot()`` in a notebook.

:func:`plot_review` draws a review onto a matplotlib axes and returns ``(fig, ax)``.
With ``ax=None`` it lays out a whole exhibit page (letter or tabloid, landscape):
the map at a round engineer's scale (``1 in = 40 ft`` at the printed size), a
legend of every symbol drawn, a locator of the whole lot, and a title block
(site, parcel, applicant, application, address, preparer, date; the verdict with
its reasons: each failing check in words with its value and limit, what to supply
for the checks that need data, the waived checks with their waiver, the Board
items by title; the conditions of the permit; profile, working CRS and its
convergence, data sources, the standing note that the exhibit is drawn from GIS
data and is not a survey, and a chart MHW line's accuracy note).
:func:`plot_envelope` draws the same page for ``envelope --map`` with the lot's
envelope, and says "no dock possible" when none may stand. With ``ax`` given
the map is drawn onto it, with no legend unless ``legend=True``.
:func:`save_map` and :func:`save_envelope_map` write the page as PNG (300 dpi),
PDF or SVG (vectors), whole or not at all.

Everything drawn comes from the :class:`~dockreview.review.Review` (its measurements,
its checks and its layout) or the :class:`~dockreview.measure.envelope.Envelope`:
each dimension shows the value the check decided on, in the warning colour when
its check (or, for a side setback, that side of it) failed; where the check's
margin lies within the data's accuracy it reads "61.0 ± 6.2 ft" with its limit,
in its conditional status's colour, and each line that decides such a check (a
side line, the MHW line, a channel's edge, the navigable-depth contour) carries
a translucent band as wide either side as its layer's 95 % figure
(:func:`dockreview.outputs.export.accuracy_bands`); the title block then says the
decision rule and the survey that would decide each. Each dimension line
is drawn where it runs least on the map's other lines (set off square to itself,
with extension lines back to what it measures), above the map's fills and lines;
the walkway's width and the floats' area stand on their components. Soundings
keep every cross, a legible subset labelled. Labels are placed by the sheet
kit's placer from the text extents the renderer reports: none overlaps another
label, a dimension line, its arrowheads or extension lines, a leader, a dock
component, another dock, a water corner, the north arrow, the scale bar or the
panels, and none leaves the map; a dimension label that cannot sit beside its
line slides along it, steps out from it, goes past its ends, then out to a
leader line (anywhere on the map if it must). The title block wraps every field
to its column as the renderer measures it: a long site name, applicant or
condition of the permit stays inside the block.

The modules: ``layers`` (the map's layers and the names on them),
``dimensioning`` (the dimensions), ``placing`` (where a label may go: beside a
line, on a leader), ``titleblock`` (title block and legend) and ``plan`` (the
sheet put together, and saved); the sheet kit is :mod:`dockreview.outputs.sheet`,
the colours and page sizes :mod:`dockreview.outputs.style`.
"""

from __future__ import annotations

from dockreview.outputs.exhibit.dimensioning import Dimension, dimensions
from dockreview.outputs.exhibit.layers import CHANNEL_NAME_FIELDS, DOCK_ID_FIELDS
from dockreview.outputs.exhibit.plan import plot_envelope, plot_review, save_envelope_map, save_map
from dockreview.outputs.exhibit.titleblock import board_pending_text, convergence_text, extension_text, title_lines
from dockreview.outputs.sheet.draw import polygon_patch
from dockreview.outputs.sheet.furniture import scale_length_ft
from dockreview.outputs.sheet.labels import LABEL_POSITIONS
from dockreview.outputs.sheet.page import PANEL_IN, TITLE_IN, save_figure
from dockreview.outputs.style import (
    COLOURS,
    FONT_PT,
    MARGIN_IN,
    MIN_FONT_PT,
    NOT_A_SURVEY,
    PAGES,
    ROUND_LENGTHS_FT,
    SCALES_FT_PER_IN,
    VERDICT_COLOURS,
)

__all__ = [
    "CHANNEL_NAME_FIELDS",
    "COLOURS",
    "DOCK_ID_FIELDS",
    "FONT_PT",
    "LABEL_POSITIONS",
    "MARGIN_IN",
    "MIN_FONT_PT",
    "NOT_A_SURVEY",
    "PAGES",
    "PANEL_IN",
    "ROUND_LENGTHS_FT",
    "SCALES_FT_PER_IN",
    "TITLE_IN",
    "VERDICT_COLOURS",
    "Dimension",
    "board_pending_text",
    "convergence_text",
    "dimensions",
    "extension_text",
    "plot_envelope",
    "plot_review",
    "polygon_patch",
    "save_envelope_map",
    "save_figure",
    "save_map",
    "scale_length_ft",
    "title_lines",
]
