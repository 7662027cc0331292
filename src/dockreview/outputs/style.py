"""How every sheet and report looks: colours, page sizes, fonts and the engineer's scales.

One place for the house style, shared by the exhibit, the Board evidence sheet
and the report (and the notebook table of :class:`~dockreview.review.pipeline.Review`).
"""

from __future__ import annotations

#: Colours of what the site plan draws, by what it is.
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
    "accuracy": "#bf3989",
}
#: Colours of the Board evidence sheet's own symbols.
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
#: The Board's map of two laws compared (:mod:`dockreview.outputs.compare_map`): what the draft does to a waterfront
#: lot, in the legend's order (strong where the lot changes) ...
LOT_COLOURS = {
    "loses a dock": "#cf222e",
    "gains a dock": "#1a7f37",
    "needs data to decide": "#8250df",
    "not reviewed": "#bbbbbb",
    "eligible under both": "#b7dfc0",
    "eligible under neither": "#e3e3e3",
}
#: ... what it does to an existing dock, in the legend's order ...
DOCK_COLOURS = {
    "made nonconforming": "#cf222e",
    "made conforming": "#1a7f37",
    "needs data to decide": "#8250df",
    "conforming under both": "#6e7781",
    "nonconforming under both": "#9a6700",
    "not reviewed": "#bbbbbb",
}
#: ... and the rest of it: the town's outline, and the frame of each part of a long shore.
BOARD_MAP_COLOURS = {"outline": "#57606a", "frame": "#8c959f"}
VERDICT_COLOURS = {"compliant": "#1a7f37", "noncompliant": "#cf222e", "incomplete": "#9a6700", "exempt": "#6e7781"}
#: A check's status as the report colours it.
STATUS_COLOURS = {
    "pass": "#1a7f37",
    "conditional-pass": "#4f7d0c",
    "conditional-fail": "#bc4c00",
    "fail": "#cf222e",
    "needs-data": "#9a6700",
    "board": "#0969da",
    "waived": "#8250df",
    "not-applicable": "#6e7781",
}

#: Landscape page sizes (inches).
PAGES = {"letter": (11.0, 8.5), "tabloid": (17.0, 11.0)}
#: The exhibit's font size on each page (pt).
FONT_PT = {"letter": 7.0, "tabloid": 9.0}
#: No text on an exhibit is set smaller than this (pt): legible on a letter page.
MIN_FONT_PT = 7.0
#: The margin round every sheet (in).
MARGIN_IN = 0.3
#: Engineer's scales (ft to the inch) a map is drawn at on a sheet.
SCALES_FT_PER_IN = (5, 10, 20, 30, 40, 50, 60, 80, 100, 120, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 2500, 3000, 4000, 5000)
#: Round lengths a scale bar may have (ft); the longer ones for a county's map.
ROUND_LENGTHS_FT = (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 25000, 50000, 100000)
NOT_A_SURVEY = "Drawn from GIS data; not a survey. Distances in feet."
#: A label's backing: a light box that keeps it legible over hatching and line work (text stays text in PDF/SVG).
BACKING = dict(boxstyle="square,pad=0.12", fc="white", ec="none", alpha=0.72)
