"""The Board evidence sheet's figures panel: every measure's figures, and what a measure still needs.

The figures are read from the review's Evidence as measured; the report gives
every figure and its method, the panel as many as fit beside the drawings.
"""

from __future__ import annotations

from dockreview.evidence.measures import NEIGHBOUR_WATER_FT, ONE_THIRD_NOTE, PASS_UNDER_FT, STEP_OVER_FT, Evidence
from dockreview.outputs.sheet.text import wrap_to


def panel_lines(evidence: Evidence) -> list[tuple[str, str]]:
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
        ends = " and ".join(d for d in (v["left_dock"], v["right_dock"]) if d) or "the neighbouring docks"
        out.append(("text", f"straight: the dock reaches {abs(v['offset_ft']):,.1f} ft "
                            f"{'seaward' if v['offset_ft'] > 0 else 'landward'} of the line through the ends of {ends}, "
                            "measured square to the line"))
    if v["reach_beyond_neighbours_ft"] is not None:
        beyond = v["reach_beyond_neighbours_ft"]
        out.append(("text", f"along the shore: its reach from the MHW line, {q(v['proposed_reach_ft'])}, is {abs(beyond):,.1f} ft "
                            f"{'more' if beyond >= 0 else 'less'} than its neighbours' reach here ({q(v['neighbours_reach_here_ft'])}, "
                            "interpolated along the shore)"))
    if v["offset_ft"] is not None and v["reach_beyond_neighbours_ft"] is not None:
        out.append(("note", "Where the shore bends, the straight line cuts across the bend and the two differ: read the "
                            "figure along the shore."))
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


def draw_panel(panel_ax, evidence: Evidence, fontsize: float) -> None:
    """The figures of every measure, top down, wrapped to the panel's width; what does not fit is said to be in the report."""
    fig = panel_ax.figure
    renderer = fig.canvas.get_renderer()
    box = panel_ax.get_window_extent(renderer)
    styles = {"head": ("bold", "black", 0.35), "text": ("normal", "black", 0.0), "need": ("normal", "#9a6700", 0.0),
              "note": ("normal", "#555555", 0.3)}
    point = fig.dpi / 72 / box.height  # one point as a fraction of the panel's height
    y = 1.0
    for style, text in panel_lines(evidence):
        weight, colour, gap = styles[style]
        y -= gap * fontsize * point
        wrapped = wrap_to(fig, text, box.width, fontsize, weight, indent="  " if style != "head" else "")
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


