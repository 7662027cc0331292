"""The exhibit's map layers: the lots and what lies round them, the envelope and no-go areas, the riparian
lines, the proposed dock and the soundings, the bands of the data's accuracy; and the names and depths set on
them.

Each ``draw_*`` function draws one layer onto the map's axes and appends its
legend entries. Limits drawn (the reach limit, the clearance rings) are read from
the review's envelope and checks, never from the profile. Every sounding is
marked with a small cross; :func:`place_soundings` labels a subset legible at the
printed size (from the dock outward, :data:`SOUNDING_SPACING_EM` ems apart, none
on land or on the MHW line): the navigable-depth contour carries the decision.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.text import Text
from matplotlib.tri import Triangulation

from dockreview.outputs.exhibit.placing import draw_leader, on_leader
from dockreview.outputs.exhibit.titleblock import extension_text, lines_label
from dockreview.outputs.export import accuracy_bands, no_go_areas
from dockreview.outputs.reading import clearance_ft, clearance_words, deciding
from dockreview.outputs.sheet.draw import clip, draw_lines, fill, px, to_display
from dockreview.outputs.sheet.labels import Placer, area_candidates, rect
from dockreview.outputs.sheet.text import wrap_to
from dockreview.outputs.style import BACKING, COLOURS
from dockreview.rules.conditional import role_words

#: Fields that name existing docks and channels when the manifest names none.
DOCK_ID_FIELDS = ("DOCK_ID", "dock_id", "OBJNAM", "NAME", "name", "ID", "id")
CHANNEL_NAME_FIELDS = ("NAME", "name", "OBJNAM", "Name")


@dataclass
class Sheet:
    """What one exhibit draws: a review, an envelope, or both (``envelope --map``)."""

    site: object
    riparian: object
    review: object = None
    envelope: object = None
    kind: str = "review"  # "review" | "envelope"


def _field(frame, preferred, fallbacks) -> str | None:
    """The column that names the features: the manifest's, else the first of ``fallbacks`` present."""
    if frame is None:
        return None
    for name in (preferred, *fallbacks):
        if name and name in frame.columns:
            return name
    return None


def _name_of(value) -> str | None:
    if value is None or (isinstance(value, float) and not np.isfinite(value)):
        return None
    text = str(value).strip()
    return text or None


def dock_areas(site) -> np.ndarray:
    """The existing docks as drawn: docks charted as lines are drawn 4 ft wide (clearances are measured to the line itself)."""
    others = site.docks.geometry.values
    return np.where(shapely.get_dimensions(others) == 2, others, shapely.buffer(others, 2.0 / site.ft_per_unit))


def draw_context(ax, sheet: Sheet, view, legend: list, names: list) -> None:
    """Lots, channels, existing docks, vegetation and the MHW line; the features to name."""
    site = sheet.site
    manifest = site.manifest
    neighbours = site.neighbours
    id_field = manifest.parcel_id_field
    for i, geom in enumerate(neighbours.geometry):
        shown = clip(geom, view)
        if fill(ax, shown, fc=COLOURS["neighbour"], ec="#888888", lw=0.6, zorder=1) and id_field in neighbours.columns:
            label = _name_of(neighbours[id_field].iloc[i])
            if label:
                names.append((f"lot {label}", shown, "lot"))
    subject = clip(site.parcel, view)
    fill(ax, subject, fc=COLOURS["parcel"], ec="#555555", lw=1.0, zorder=2)
    names.insert(0, (f"lot {site.parcel_id}", subject, "subject"))
    legend.append(Patch(fc=COLOURS["parcel"], ec="#555555", label=f"lot {site.parcel_id} (the applicant's)"))
    if not neighbours.empty:
        legend.append(Patch(fc=COLOURS["neighbour"], ec="#888888", label="neighbouring lots, by parcel id"))
    channels = site.channels
    if channels is not None and not channels.empty:
        field_name = _field(channels, manifest.channels_name_field, CHANNEL_NAME_FIELDS)
        drawn = False
        for i, geom in enumerate(channels.geometry.values):
            shown = clip(geom, view)
            if fill(ax, shown, fc=COLOURS["channel"], ec="#4a7fb0", lw=0.6, alpha=0.7, zorder=3):
                drawn = True
                label = _name_of(channels[field_name].iloc[i]) if field_name else None
                if label:
                    names.append((label, shown, "channel"))
        if drawn:
            legend.append(Patch(fc=COLOURS["channel"], ec="#4a7fb0", label="channels / fairways / anchorages"))
    docks = site.docks
    if docks is not None and not docks.empty:
        as_area = dock_areas(site)
        field_name = _field(docks, manifest.docks_id_field, DOCK_ID_FIELDS)
        drawn = False
        for i, geom in enumerate(as_area):
            shown = clip(geom, view)
            if fill(ax, shown, fc=COLOURS["other_dock"], ec="none", zorder=4):
                drawn = True
                label = _name_of(docks[field_name].iloc[i]) if field_name else None
                if label:
                    names.append((label if label.lower().startswith("dock") else f"dock {label}", shown, "dock"))
        if drawn:
            legend.append(Patch(fc=COLOURS["other_dock"], label="existing docks, by id"))
    vegetation = site.vegetation
    if vegetation is not None and not vegetation.empty and fill(
        ax, clip(shapely.union_all(vegetation.geometry.values), view),
        fc=COLOURS["vegetation"], ec=COLOURS["vegetation"], alpha=0.35, hatch="...", lw=0.6, zorder=3,
    ):
        legend.append(Patch(fc=COLOURS["vegetation"], ec=COLOURS["vegetation"], alpha=0.35, hatch="...", label="tidal vegetation"))
    draw_lines(ax, clip(site.mhw, view), color=COLOURS["mhw"], lw=2.0, zorder=5)
    legend.append(Line2D([], [], color=COLOURS["mhw"], lw=2, label="mean high-water line"))


def envelope_of(sheet: Sheet):
    """The envelope drawn: the sheet's own, else the review's layout's (where the dock may stand)."""
    if sheet.envelope is not None:
        return sheet.envelope
    return sheet.review.layout.envelope if sheet.review is not None else None


def reach_limit(sheet: Sheet) -> tuple[float, str]:
    """The reach limit the envelope holds the dock to (ft), and where it comes from when a plain reach limit does not
    set it ("navigable depth", "25% of the waterway's width, §50-687(1)f"), as the checks that set it say."""
    env = envelope_of(sheet)
    limit = env.reach_limit_ft
    if sheet.review is None or not math.isfinite(limit):
        return limit, ""
    return limit, sheet.review.rules.reach_source(sheet.review.measurements, limit)


def _no_go(sheet: Sheet) -> dict:
    """The hatched areas: within the side setbacks, beyond the reach limit, near channels and docks.

    Read from :func:`dockreview.outputs.export.no_go_areas`; the part beyond the
    drawn envelope's reach limit (navigable depth, when stricter than the reach
    check's) is drawn as beyond the reach, not as setback.
    """
    areas = dict(no_go_areas(sheet.review))
    limit, source = reach_limit(sheet)
    if source:
        rip = sheet.riparian
        within = shapely.buffer(rip.frontage, limit / sheet.site.ft_per_unit, quad_segs=32)
        areas["reach"] = shapely.difference(rip.zone, within)
    areas["setback"] = shapely.difference(areas.get("setback", shapely.Polygon()), areas["reach"])
    return areas


def draw_zones(ax, sheet: Sheet, view, legend: list) -> dict:
    """The envelope, the no-go areas, the reach limit and the clearance rings; the hatched areas."""
    env = envelope_of(sheet)
    possible = env is None or env.possible
    allowed = sheet.review.layout.allowed_band if sheet.review is not None else env.geometry
    if sheet.kind == "envelope" and env is not None:
        allowed = env.geometry
    area = "" if env is None else f" ({env.area_sqft:,.0f} sq ft)"
    if possible:
        drawn = fill(ax, clip(allowed, view), fc=COLOURS["band"], ec=COLOURS["band"], alpha=0.18, lw=0.8, zorder=2, gid="envelope")
        if drawn:
            legend.append(Patch(fc=COLOURS["band"], ec=COLOURS["band"], alpha=0.3, label=f"envelope: where the dock may stand{area}"))
    else:
        drawn = fill(ax, clip(allowed, view), fc="none", ec="#57606a", ls="--", lw=1.0, zorder=2.6, gid="envelope")
        if drawn:
            legend.append(Patch(fc="none", ec="#57606a", ls="--", label=f"clear of setbacks and rings{area}, but no dock possible"))
    limit, source = reach_limit(sheet)
    source_text = f" ({source})" if source else ""
    if sheet.review is not None:
        radii = clearance_ft(sheet.review)
        areas = _no_go(sheet)
        setback = deciding(sheet.review, "setback_left")
        setback_ft = setback.limit if setback is not None and setback.limit is not None else env.required_setback_ft
    else:
        radii = {}  # no review: no check gives the rings' radius
        zone = sheet.riparian.zone
        areas = {"setback": shapely.difference(shapely.intersection(zone, shapely.buffer(sheet.riparian.frontage, limit / sheet.site.ft_per_unit, quad_segs=32)), env.band)}
        areas["reach"] = shapely.difference(zone, shapely.buffer(sheet.riparian.frontage, limit / sheet.site.ft_per_unit, quad_segs=32))
        if not env.band.is_empty:
            areas["clearance"] = shapely.difference(env.band, env.geometry)
        setback_ft = env.required_setback_ft
    rings = clearance_words(radii)
    if len(set(radii.values())) == 1:
        near = f"within {rings} of channels / docks"
    else:
        near = f"within {rings}" if rings else "near channels / docks"
    hatches = (
        ("setback", "////", "no_go_setback", f"no dock: within the {setback_ft:,.1f} ft side setback"),
        ("reach", "\\\\\\\\", "no_go_reach", f"no dock: beyond the {limit:,.1f} ft reach limit{source_text}"),
        ("clearance", "xx", "no_go_terminus", f"no seaward end: {near}"),
    )
    for kind, hatch, key, label in hatches:
        if fill(ax, clip(areas.get(kind), view), fc="none", ec=COLOURS[key], hatch=hatch, lw=0, alpha=0.35, zorder=2.5):
            legend.append(Patch(fc="white", ec=COLOURS[key], hatch=hatch, lw=0.6, label=label))
    reach_line = sheet.review.layout.reach_limit if sheet.review is not None else None
    if not math.isfinite(limit):  # no check limits the reach from the shore: no reach line
        return areas
    if reach_line is None or reach_line.is_empty:
        arc = shapely.buffer(sheet.riparian.frontage, limit / sheet.site.ft_per_unit, quad_segs=32).exterior
        reach_line = shapely.intersection(arc, sheet.riparian.zone)
    if draw_lines(ax, clip(reach_line, view), color=COLOURS["reach"], lw=1.2, ls="-.", zorder=6):
        legend.append(Line2D([], [], color=COLOURS["reach"], ls="-.", label=f"{limit:,.1f} ft reach limit{source_text}"))
    if "clearance" in areas and sheet.review is not None and draw_lines(
        ax, clip(shapely.boundary(areas["clearance"]), view), color=COLOURS["ring"], ls=":", lw=1.0, zorder=3,
    ):
        legend.append(Line2D([], [], color=COLOURS["ring"], ls=":", label=f"{rings} clearance rings" if len(set(radii.values())) == 1 else f"clearance rings ({rings})"))
    return areas


#: How a datum line and a section across the waterway are drawn: the MHW line's blue, dashed; a thin dash-dot.
DATUM_LINE = dict(color=COLOURS["mhw"], lw=1.0, ls=(0, (5, 3)), zorder=4)
WIDTH_LINE = dict(color=COLOURS["dimension"], lw=0.8, ls=(0, (6, 2, 1, 2)), zorder=4)
#: A town's line on the water the checks hold the dock to (a pier line), a bulkhead, the moored vessel's outline.
PIER_LINE = dict(color=COLOURS["side"], lw=1.4, ls=(0, (10, 3, 2, 3, 2, 3)), zorder=4)
BULKHEAD_LINE = dict(color=COLOURS["side"], lw=1.6, ls="-", zorder=4)
VESSEL_LINE = dict(color=COLOURS["dimension"], lw=0.9, ls=(0, (2, 1.5)), zorder=5)
#: The figures that measure from each site line, and its label: the line is drawn where a check reads one.
SITE_LINES = (
    ("pierhead", ("pierhead_beyond_ft", "vessel_pierhead_beyond_ft"), PIER_LINE, "pier line"),
    ("bulkhead", ("reach_from_bulkhead_ft", "vessel_reach_from_bulkhead_ft"), BULKHEAD_LINE, "bulkhead"),
)


#: A waterway width's reference line and method, by the prefix and the suffix of its measurement's name.
_WIDTH_FROM = {"bulkhead": "from the bulkhead", "vegetation": "between the vegetation lines", "mlw": "from the MLW line"}
_WIDTH_HOW = {
    "along_axis": "along the dock's axis", "square_to_shore": "square to the shore",
    "square_to_centerline": "square to the centerline", "average": "averaged along the frontage",
    "narrowest": "the narrowest across the dock's span",
}


def width_words(field: str) -> str:
    """A waterway width's measurement in words for the legend.

    Examples
    --------
    >>> width_words("width_narrowest_ft"), width_words("bulkhead_width_square_to_shore_ft")
    ("waterway width, the narrowest across the dock's span", 'waterway width from the bulkhead, square to the shore')
    """
    line, _, how = field.removesuffix("_ft").partition("width_")
    where = _WIDTH_FROM.get(line.rstrip("_"), "")
    return f"waterway width{' ' + where if where else ''}, {_WIDTH_HOW.get(how, how.replace('_', ' '))}"


def law_lines(review) -> list[tuple[object, dict, str]]:
    """The lines the profile's checks measure from or across, besides the MHW line, each with its style and label.

    A datum line (MLW, MLLW) is drawn where a check measures a reach from it, a
    section across the waterway where a check reads the width measured on it, a
    pier line or a bulkhead where a check measures from it, the moored vessel
    where a check counts it (the checks' own ``reads`` say which), so the plan
    shows what decided.
    """
    read = {name for rule in review.rules.rules for name in rule.reads}
    m, layout, out = review.measurements, review.layout, []
    for datum, line in layout.datum_lines.items():
        if f"reach_from_{datum}_ft" in read:
            source = m.get(f"{datum}_line_from")
            out.append((line, DATUM_LINE, f"{datum.upper()} line" + (f" ({source})" if source else "")))
    for field, line in layout.width_lines.items():
        value = m.get(field)
        if field in read and value is not None:
            out.append((line, WIDTH_LINE, f"{width_words(field)}: {value:,.1f} ft"))
    for layer, figures, style, label in SITE_LINES:
        line = getattr(review.site, layer, None)
        if line is not None and read & set(figures):
            out.append((line, style, label))
    if layout.vessel is not None and any(name.startswith("vessel_") for name in read):
        out.append((layout.vessel.boundary, VESSEL_LINE, "moored vessel"))
    return out


def draw_law_lines(ax, sheet: Sheet, view, legend: list) -> None:
    """The datum lines and the sections across the waterway the profile's checks measure (:func:`law_lines`)."""
    if sheet.review is None:
        return
    for line, style, label in law_lines(sheet.review):
        if draw_lines(ax, clip(line, view), **style):
            legend.append(Line2D([], [], color=style["color"], ls=style["ls"], lw=style["lw"], label=label))


def draw_riparian(ax, sheet: Sheet, view, legend: list) -> list:
    """Side lines, their seaward extensions and the water corners; the corners (data)."""
    rip = sheet.riparian
    for side in (rip.left_side, rip.right_side):
        draw_lines(ax, clip(side, view), color=COLOURS["side"], lw=1.4, zorder=6)
    for ext in (rip.left_extension, rip.right_extension):
        draw_lines(ax, clip(ext, view), color=COLOURS["side"], lw=1.2, ls="--", zorder=6)
    corners = [rip.left_corner, rip.right_corner]
    for corner in corners:
        ax.plot(corner.x, corner.y, "o", ms=4, color=COLOURS["side"], zorder=9)
    legend += [
        Line2D([], [], color=COLOURS["side"], lw=1.4, label="side property lines"),
        Line2D([], [], color=COLOURS["side"], lw=1.2, ls="--", label=f"{lines_label(rip)} ({extension_text(rip)})"),
        Line2D([], [], color=COLOURS["side"], marker="o", ms=4, ls="", label="water corners"),
    ]
    drawn = [draw_lines(ax, clip(shapely.boundary(g) if shapely.get_dimensions(g) == 2 else g, view), color=COLOURS["side"],
                        lw=0.6, ls=":", zorder=5) for g in rip.construction.values() if isinstance(g, shapely.Geometry)]
    if any(drawn):
        legend.append(Line2D([], [], color=COLOURS["side"], lw=0.6, ls=":", label=f"how the {lines_label(rip)} were drawn"))
    return corners


#: How a band of the data's accuracy is drawn: translucent, without an outline (no line work to keep a dimension off).
BAND_STYLE = dict(fc=COLOURS["accuracy"], ec="none", alpha=0.28, zorder=4.6)
#: The legend's words for the bands.
BAND_LABEL = "within the data's accuracy (95 %)"


def band_label(bands) -> str:
    """The bands' legend entry: ``"within the data's accuracy (95 %): the lot lines ±6.1 ft"``.

    Examples
    --------
    >>> from types import SimpleNamespace as B
    >>> band_label([B(role="parcels", band_ft=6.09), B(role="mhw", band_ft=131.36)])
    "within the data's accuracy (95 %): the lot lines ±6.1 ft; the MHW line ±131.4 ft"
    """
    return f"{BAND_LABEL}: " + "; ".join(f"{role_words(b.role)} \u00b1{b.band_ft:,.1f} ft" for b in bands)


def draw_bands(ax, sheet: Sheet, view, legend: list) -> list:
    """The band either side of each line that decides a check within the data's accuracy (:func:`accuracy_bands`):
    as wide each side as its input's 95 % figure; the bands drawn (none on a surveyed site)."""
    if sheet.review is None:
        return []
    ft = sheet.site.ft_per_unit
    drawn = [b for b in accuracy_bands(sheet.review) if fill(ax, clip(b.area(ft), view), gid=f"accuracy-band:{b.role}", **BAND_STYLE)]
    if drawn:
        legend.append(Patch(fc=BAND_STYLE["fc"], ec="none", alpha=BAND_STYLE["alpha"], label=band_label(drawn)))
    return drawn


def draw_dock(ax, review, legend: list) -> None:
    """The proposed dock by component, and its seaward terminus."""
    components = review.layout.dock.components
    for kind in dict.fromkeys(components["component"]):
        group = components[components["component"] == kind]
        colour = COLOURS.get(kind, "#999999")
        fill(ax, shapely.union_all(group.geometry.values), fc=colour, ec="black", lw=0.6, zorder=8)
        legend.append(Patch(fc=colour, ec="black", label=f"proposed {kind.replace('_', ' ')}"))
    fill(ax, review.layout.terminus, fc="none", ec=COLOURS["warning"], lw=1.2, zorder=9)
    legend.append(Patch(fc="none", ec=COLOURS["warning"], label="seaward terminus"))


def _depth_column(site) -> str | None:
    """The soundings' depth field: the manifest's, else ``depth_ft``/``depth``, else none."""
    soundings = site.soundings
    for name in (site.manifest.depth_field, "depth_ft", "depth"):
        if name and name in soundings.columns:
            return name
    return None


def draw_soundings(ax, sheet: Sheet, view, legend: list) -> list:
    """Sounding points and the navigable-depth contour; the soundings to label ((x, y), depth).

    The contour is drawn at the review's required depth over a linear
    triangulation of the soundings, when the depths on either side of it are given.
    """
    site = sheet.site
    soundings = site.soundings
    column = _depth_column(site) if soundings is not None and not soundings.empty else None
    if column is None:
        return []
    points = soundings[soundings.geometry.geom_type == "Point"]
    shown = points[points.geometry.within(view)]
    x, y, depth = shown.geometry.x.values, shown.geometry.y.values, shown[column].astype(float).values
    if len(x):
        ax.plot(x, y, "+", ms=3, color=COLOURS["sounding"], zorder=4)
    required = sheet.review.measurements.required_depth_ft if sheet.review is not None else None
    depths = points[column].astype(float).values
    if required is not None and len(points) >= 3 and depths.min() < required < depths.max():
        tri = Triangulation(points.geometry.x.values, points.geometry.y.values)
        contour = ax.tricontour(tri, depths, levels=[required], colors=COLOURS["contour"], linewidths=2.0, zorder=5)
        contour.set_gid("navigable-contour")
        legend.append(Line2D([], [], color=COLOURS["contour"], lw=2.0, label=f"navigable depth {required:,.1f} ft below MLW"))
    return [((px_, py_), d) for px_, py_, d in zip(x, y, depth) if np.isfinite(d)]


def contours(ax) -> list:
    """The navigable-depth contour as drawn (data coordinates)."""
    out = []
    for collection in ax.collections:
        if collection.get_gid() != "navigable-contour":
            continue
        for path in collection.get_paths():
            for poly in path.to_polygons(closed_only=False):
                if len(poly) >= 2:
                    out.append(shapely.LineString(poly))
    return out


# ----------------------------------------------------------------------------- names and depths on the map


def place_names(placer: Placer, names: list, fontsize: float) -> list[Text]:
    """Name the lots, channels and existing docks in view; a name with no free spot is left off."""
    ax = placer.ax
    styles = {
        "subject": dict(color=COLOURS["lot_text"], fontweight="bold"),
        "lot": dict(color=COLOURS["lot_text"]),
        "channel": dict(color=COLOURS["channel_text"], fontstyle="italic"),
        "dock": dict(color=COLOURS["other_dock"], fontstyle="italic"),
    }
    placed = []
    for label, geom, kind in names:
        if geom is None or geom.is_empty:
            continue
        shape = to_display(ax, geom)
        text = ax.text(0, 0, label, fontsize=fontsize, ha="center", va="center", zorder=10.8, gid=f"name:{kind}",
                       multialignment="center", bbox=BACKING, **styles[kind])
        width, height = placer.measure(text)
        best = None
        if kind in ("subject", "lot", "channel"):
            best = placer.choose(area_candidates(shape, width, height))
            if best is None and kind == "channel" and " " in label:
                text.set_text(wrap_to(placer.fig, label, max(width * 0.55, 40), fontsize, indent=""))
                width, height = placer.measure(text)
                best = placer.choose(area_candidates(shape, width, height))
            if best is not None and best[0] >= 3.0 and kind != "channel":
                best = None  # a lot's id that does not fit inside the lot would name the wrong lot
        anchor = None
        if best is None and kind in ("dock", "channel"):
            anchor = np.asarray(shapely.point_on_surface(shape).coords[0])
            best, _ = on_leader(placer, [anchor], width, height, base_cost=0.0, far=False, step_pt=4.0)
        if best is None:
            text.remove()
            continue
        if anchor is not None and not shape.buffer(1.0).contains(best[3]):
            draw_leader(placer, best[3], anchor, styles[kind]["color"])
        placed.append(placer.commit(text, best[1], best[2], best[3]))
    return placed


#: Sounding labels stand no closer to each other than this many times the font size on the printed page: a legible subset.
SOUNDING_SPACING_EM = 5.0


def sounding_subset(points: np.ndarray, spacing: float, *, near=None, off=None) -> np.ndarray:
    """The indices of a legible subset of sounding points (display): none in ``off``, none closer than ``spacing`` to another.

    Taken nearest ``near`` (the dock) first, so that the depths round the dock are
    the ones labelled; the contour carries the decision, the labels the figures.

    Examples
    --------
    >>> sounding_subset(np.array([[0.0, 0.0], [5.0, 0.0], [12.0, 0.0], [30.0, 0.0]]), 10.0, near=shapely.Point(0, 0)).tolist()
    [0, 2, 3]
    """
    points = np.asarray(points, dtype=float).reshape(-1, 2)
    if not len(points):
        return np.empty(0, dtype=int)
    geoms = shapely.points(points)
    keep = ~shapely.intersects(off, geoms) if off is not None and not off.is_empty else np.ones(len(points), dtype=bool)
    order = np.flatnonzero(keep)
    if near is not None and not near.is_empty:
        order = order[np.argsort(shapely.distance(near, geoms[order]), kind="stable")]
    chosen: list[int] = []
    for i in order:
        if not chosen or np.min(np.hypot(*(points[chosen] - points[i]).T)) >= spacing:
            chosen.append(int(i))
    return np.asarray(chosen, dtype=int)


def place_soundings(placer: Placer, soundings: list, fontsize: float, *, near=None, off=None) -> tuple[list[Text], int]:
    """Label a legible subset of the soundings beside their crosses; the labels and how many points were left unlabelled.

    Every sounding keeps its cross (:func:`draw_soundings`). Taken nearest the dock
    first and off ``off`` (display: the land and the MHW line), each is labelled
    where its label is free of what the placer keeps clear and it stands
    :data:`SOUNDING_SPACING_EM` ems from every sounding labelled before it; each
    label is an annotation of its point.
    """
    ax = placer.ax
    labels = []
    gap = px(placer.fig, 1.5)
    points = ax.transData.transform(np.array([xy for xy, _ in soundings], dtype=float).reshape(-1, 2))
    spacing = px(placer.fig, SOUNDING_SPACING_EM * fontsize)
    named: list[np.ndarray] = []
    for i in sounding_subset(points, 0.0, near=near, off=off):  # every point off the land, nearest the dock first
        if named and np.min(np.hypot(*(np.asarray(named) - points[i]).T)) < spacing:
            continue
        (x, y), depth = soundings[i]
        # an annotation of the point it names (xy), its text set beside it
        text = ax.annotate(f"{depth:.1f}", xy=(x, y), xytext=(x, y), fontsize=fontsize, color=COLOURS["sounding"], ha="center",
                           va="center", zorder=4.5, gid="sounding", bbox=BACKING, annotation_clip=False)
        width, height = placer.measure(text)
        p = points[i]
        cands = []
        for k, (sx, sy) in enumerate(((1, 1), (1, -1), (-1, 1), (-1, -1), (1, 0), (-1, 0))):
            centre = p + np.array([sx * (width / 2 + gap), sy * (height / 2 + gap) if sy else 0.0])
            shape = rect(centre, 0.0, width, height)
            if off is None or not shape.intersects(off):
                cands.append((0.1 * k, centre, 0.0, shape))
        best = placer.choose(cands)
        if best is None:
            text.remove()
            continue
        named.append(points[i])
        labels.append(placer.commit(text, best[1], 0.0, best[3]))
    return labels, len(soundings) - len(labels)
