"""The exhibit's title block and legend panel: what the sheet is, for whom, its verdict, and its symbols.

:func:`title_lines` gives the title block's fields in the order they are printed
(site, parcel, applicant, application, address, preparer, date, the verdict and
the Board items still to be determined, the profile, the working CRS and its
convergence, the data sources, and the standing note that the exhibit is drawn
from GIS data and is not a survey); :func:`title_block` sets them in columns,
each measured as drawn. :func:`legend_panel` sets the legend in the side panel.
"""

from __future__ import annotations

import warnings
from datetime import date
from pathlib import Path

import numpy as np
from matplotlib.patches import Rectangle

from dockreview._version import __version__
from dockreview.inputs.crs import describe
from dockreview.outputs.sheet.draw import px
from dockreview.outputs.sheet.text import renderer, wrap_to
from dockreview.outputs.style import MIN_FONT_PT, NOT_A_SURVEY

#: Share of the title block's width each column takes.
COLUMNS = (0.28, 0.27, 0.2, 0.25)


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


def title_block(block_ax, lines, fontsize: float, colours: dict) -> float:
    """Set the title block in columns, each field measured as drawn below the one before; its height (in)."""
    fig = block_ax.figure
    drawer = renderer(fig)
    block_w = block_ax.bbox.width
    pad_pt = 5.0
    styles = {"site": (1.6, "bold"), "verdict": (1.25, "bold"), "no-dock": (1.25, "bold"), "note": (1.0, "bold")}
    heights = [0.0] * len(COLUMNS)
    x = np.concatenate([[0.0], np.cumsum(COLUMNS)])
    for key, text, col in lines:
        scale, weight = styles.get(key, (1.0, "normal"))
        size = max(fontsize * scale, MIN_FONT_PT)
        width_px = block_w * COLUMNS[col] - 2 * px(fig, pad_pt)
        wrapped = wrap_to(fig, text, width_px, size, weight)
        label = block_ax.annotate(
            wrapped, xy=(x[col], 1.0), xycoords="axes fraction", xytext=(pad_pt, -pad_pt - heights[col]),
            textcoords="offset points", va="top", ha="left", fontsize=size, fontweight=weight,
            color=colours.get(key, "black"), gid=f"title:{key}", linespacing=1.15, annotation_clip=False,
        )
        box = label.get_window_extent(drawer)
        heights[col] += box.height * 72 / fig.dpi + 0.45 * fontsize
    for edge in x[1:-1]:
        block_ax.plot([edge, edge], [0, 1], transform=block_ax.transAxes, color="black", lw=0.6, clip_on=False)
    block_ax.add_patch(Rectangle((0, 0), 1, 1, transform=block_ax.transAxes, fill=False, lw=1.0, ec="black", clip_on=False))
    return (max(heights) + 2 * pad_pt) / 72


def legend_panel(legend_ax, handles: list, fontsize: float):
    """The legend in the page's side panel, each entry wrapped to the panel's width."""
    fig = legend_ax.figure
    width_px = legend_ax.bbox.width - px(fig, fontsize * 4.2)
    for handle in handles:
        handle.set_label(wrap_to(fig, handle.get_label(), width_px, fontsize))
    return legend_ax.legend(handles=handles, fontsize=fontsize, framealpha=0.95, loc="upper left", mode="expand",
                            bbox_to_anchor=(0, 0, 1, 1), borderaxespad=0, title="Legend", title_fontsize=fontsize + 1)
