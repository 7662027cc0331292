"""3. The waterway: its width along the dock's axis and square to the shore, the dock's share, the clear width left.

Docks H's "public use of or passage along ... the waterway" and its navigation.
The one-third figure is informative only (:data:`ONE_THIRD_NOTE`): some New York
towns limit a dock to a third of the waterway; the law applied here may not.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import shapely
from shapely import LineString, Point

from dockreview.evidence.context import Context, dock_names, first_land
from dockreview.evidence.result import Gaps, Measure, figure_text
from dockreview.geometry.vectors import shore_normal
from dockreview.measure.envelope import dock_roots

KEY = "waterway"
#: How the informative one-third figure is stated beside the waterway share.
ONE_THIRD_NOTE = (
    "some New York towns limit a dock to one third of the waterway's width; informative only, "
    "not a rule of the law applied here"
)

METHOD = (
    "From the point where the dock's axis leaves the MHW line: along the axis, and square to the MHW line there "
    "(toward the water), the distance to the first crossing of the MHW line beyond it (the opposite shore, an "
    "island or a bar). Share: the dock's length along its axis of the width along the axis, and its extent "
    "square to the shore of the width square to it. Clear width: from the dock's seaward end on its axis to the "
    "opposite shore, or, nearer, from its seaward terminus to an existing dock rooted nearer the opposite shore "
    "than this one. Channel: the terminus's distance to the nearest channel, fairway or anchorage (as the "
    "channel-clearance check)."
)


def measure(cx: Context) -> Measure:
    """The waterway's widths from the dock's MHW crossing (``layers.mhw`` reaching the opposite shore) and to the channel."""
    method = METHOD
    gaps = Gaps()
    m = cx.m
    c = cx.crossing
    normal = shore_normal(cx.shore, c, span=cx.units(1.0), seaward=cx.riparian.water_side.seaward)
    xy = shapely.get_coordinates(cx.dock.footprint)
    end = float(cx.station(xy).max())
    extent = float(((xy - c) @ normal).max())
    s_axis, seen_axis = first_land(cx, c, cx.axis)
    s_square, seen_square = first_land(cx, c, normal)
    values: dict[str, Any] = {
        "width_along_axis_ft": None, "width_square_ft": None,
        "dock_length_ft": m.length_ft, "dock_extent_square_ft": extent * cx.ft,
        "dock_share_along_axis_pct": None, "dock_share_square_pct": None,
        "one_third_width_ft": None, "one_third_note": ONE_THIRD_NOTE,
        "clear_width_ft": None, "clear_width_to": None, "clear_width_along_axis_ft": None,
        "channel_distance_ft": None, "channel_note": None, "wider_than_ft": None,
    }
    geometry: dict[str, Any] = {"crossing": Point(c)}
    if s_axis is None:
        values["wider_than_ft"] = seen_axis * cx.ft
        gaps.add(
            f"layers.mhw reaching the opposite shore (the MHW line as read ends {seen_axis * cx.ft:,.0f} ft out along the "
            "dock's axis with no shore across; the review reads it within 2,000 ft of the lot)",
            "width_along_axis_ft", "dock_share_along_axis_pct", "one_third_width_ft", "clear_width_ft", "clear_width_to",
            "clear_width_along_axis_ft",
        )
    else:
        width = s_axis * cx.ft
        values["width_along_axis_ft"] = width
        values["dock_share_along_axis_pct"] = 100.0 * m.length_ft / width
        values["one_third_width_ft"] = width / 3.0
        far = c + cx.axis * s_axis
        tip = c + cx.axis * end
        clear, to, clear_line = (s_axis - end) * cx.ft, "opposite shore", LineString([tip, far])
        values["clear_width_along_axis_ft"] = clear
        docks = cx.site.docks
        if docks is not None and not docks.empty:
            names = dock_names(cx)
            roots = dock_roots(docks.geometry.values, cx.shore)
            across = shapely.distance(roots, Point(far)) < shapely.distance(roots, Point(c))
            for k in np.flatnonzero(across):
                d = float(shapely.distance(cx.review.layout.terminus, docks.geometry.values[k])) * cx.ft
                if d < clear:
                    clear, to = d, f"dock {names[k]}"
                    clear_line = shapely.shortest_line(cx.review.layout.terminus, docks.geometry.values[k])
        values["clear_width_ft"], values["clear_width_to"] = clear, to
        geometry["along_axis"] = LineString([c, far])
        geometry["clear"] = clear_line
    if s_square is None:
        need = gaps.needs[0] if s_axis is None else "layers.mhw reaching the opposite shore square to the shore"
        gaps.add(need, "width_square_ft", "dock_share_square_pct")
    else:
        values["width_square_ft"] = s_square * cx.ft
        values["dock_share_square_pct"] = 100.0 * extent / s_square
        geometry["square"] = LineString([c, c + normal * s_square])
    channel = m.channel_clearance_ft
    if channel is None:
        gaps.add("layers.channels (channels, fairways, anchorages)", "channel_distance_ft")
    elif math.isfinite(channel):
        values["channel_distance_ft"] = channel
        if "channel_clearance" in cx.review.layout.dimension_lines:
            geometry["channel"] = cx.review.layout.dimension_lines["channel_clearance"]
    else:
        values["channel_note"] = "the channels layer holds no channel"
    return gaps.measure("waterway", method, values, geometry)


def rows(measure: Measure) -> list[tuple[str, str]]:
    """The report's rows, ``(label, text)``: the widths, the clear width left, the channel."""
    out = []
    v = measure.values
    if v["width_along_axis_ft"] is not None:
        out.append(("width along the dock's axis", f"{figure_text(v['width_along_axis_ft'])}; the dock {figure_text(v['dock_length_ft'])}, "
                    f"{v['dock_share_along_axis_pct']:.1f} % of it (one third: {figure_text(v['one_third_width_ft'])}; {ONE_THIRD_NOTE})"))
    if v["width_square_ft"] is not None:
        out.append(("width square to the shore", f"{figure_text(v['width_square_ft'])}; the dock "
                    f"{figure_text(v['dock_extent_square_ft'])}, {v['dock_share_square_pct']:.1f} %"))
    if v["clear_width_ft"] is not None:
        out.append(("clear width left", f"{figure_text(v['clear_width_ft'])} to the {v['clear_width_to']}"))
    if v["channel_distance_ft"] is not None:
        out.append(("to the nearest channel", figure_text(v["channel_distance_ft"])))
    return out


def features(measure: Measure) -> dict[str, list[dict]]:
    """The GeoPackage's ``evidence_waterway_width`` rows (``kind`` along axis, square to shore, clear width, channel)."""
    out: dict[str, list[dict]] = {"evidence_waterway_width": []}
    for kind, key, figure in (("along axis", "along_axis", "width_along_axis_ft"), ("square to shore", "square", "width_square_ft"),
                              ("clear width", "clear", "clear_width_ft"), ("channel", "channel", "channel_distance_ft")):
        if key in measure.geometry:
            out["evidence_waterway_width"].append({"kind": kind, "length_ft": measure.values[figure], "geometry": measure.geometry[key]})
    return out
