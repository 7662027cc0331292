"""What the report says, before any format renders it: its sections and the facts under its title.

:func:`sections` builds every part after the exhibit once (the checks, the
accuracy of the data and the checks within it, the Board items, the Board
evidence, waivers and conditions, the interpretations used, the measurements,
the data sources, the warnings); :func:`header` the facts under the title. HTML,
Markdown and PDF only render them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date

from dockreview._version import __version__
from dockreview.evidence.measures import report_rows
from dockreview.inputs.crs import describe
from dockreview.outputs.reading import relative_paths
from dockreview.outputs.reasons import reasons
from dockreview.outputs.report.checks import (
    CHECK_COLUMNS,
    UNCERTAINTY,
    check_rows,
    margin,
    not_applicable_line,
    required,
)
from dockreview.outputs.report.checks import uncertainty as uncertainty_text
from dockreview.outputs.report.words import in_words, plural, quantity
from dockreview.outputs.style import NOT_A_SURVEY
from dockreview.rules.base import BOARD, NOT_APPLICABLE, officials_words
from dockreview.rules.conditional import DECISION_RULES, DEFAULT_RULE, listed, role_words, survey_words
from dockreview.rules.readings import READING_LABELS


@dataclass(frozen=True)
class Section:
    """One titled part of the report: a short text, a table, and a note after the table."""

    title: str
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    text: str = ""
    note: str = ""


def _checks(review, *, all_checks: bool) -> Section:
    note = "" if all_checks else not_applicable_line(review)
    return Section("Checks", CHECK_COLUMNS, check_rows(review, all_checks=all_checks), note=note)


#: The columns of the layers' accuracy and of the checks within it.
ACCURACY_COLUMNS = ("layer", "horizontal (95 %)", "vertical (95 %)", "basis", "source")
WITHIN_COLUMNS = ("section", "check", "status", "value", "required", "margin", UNCERTAINTY, "dominant input",
                  "a survey that would decide it")


#: A layer named for its accuracy table where its words name one of its figures only (the soundings' positions).
LAYER_NAMES = {"soundings": "the soundings"}


def _layer_words(role: str) -> str:
    """A layer by its role in words, the role after it: ``"the lot lines (parcels)"``, ``"the proposed dock"``."""
    return "the proposed dock" if role == "dock" else f"{LAYER_NAMES.get(role) or role_words(role)} ({role})"


def _vertical(layer) -> str:
    """A layer's vertical accuracy: ``"±1.6 ft"``, ``"±3.3 ft + 2 % of the depth"``; blank for a layer without depths."""
    if layer.vertical_ft is None:
        return "unassessed" if layer.unassessed and layer.role in ("soundings", "elevation") else ""
    grows = f" + {quantity(100 * layer.vertical_fraction, '%')} of the depth" if layer.vertical_fraction else ""
    return f"±{quantity(layer.vertical_ft, 'ft')}{grows}"


def _horizontal(layer) -> str:
    if layer.horizontal_ft is None:
        return "unassessed"
    return "exact" if layer.horizontal_ft == 0 else f"±{quantity(layer.horizontal_ft, 'ft')}"


def _basis(layer) -> str:
    """How the figure is known: ``unassessed``, ``assumed`` (a default), ``exact`` (the design) or ``given``."""
    if layer.unassessed or layer.assumed:
        return "unassessed" if layer.unassessed else "assumed"
    return "exact" if layer.horizontal_ft == 0 else "given"


def _accuracy(review) -> Section:
    """The decision rule in words and each layer's accuracy with where it came from (assumed ones marked)."""
    rule = review.decision_rule
    conditional = [c for c in review.checks if c.conditional]
    rows = tuple(
        (_layer_words(role), _horizontal(layer), _vertical(layer), _basis(layer), layer.source)
        for role, layer in review.site.accuracy.items()
    )
    within = (f"{plural(len(conditional), 'check lies', 'checks lie')} within the data's accuracy (the next table)"
              if conditional else "no check's margin lies within the data's accuracy: each pass and fail stands on the data given")
    text = (
        f"Decision rule: {DECISION_RULES[rule]}. Each figure below is an accuracy at 95 %: 19 times in 20 a layer's true "
        "lines lie within that distance of where it draws them. A check's margin (how far its value lies inside its limit) is held against "
        f"its uncertainty from every layer it reads, the ± figure of the checks table; {within}."
    )
    assumed = [_layer_words(role) for role, layer in review.site.accuracy.items() if layer.assumed]
    note = (f"Assumed: {listed(assumed)}: the manifest states no accuracy for them, so a default for the kind of layer is "
            "taken; a survey or the layer's own metadata (accuracy_ft) replaces it.") if assumed else ""
    return Section("Accuracy of the data", ACCURACY_COLUMNS, rows, text, note)


def _dominant(check) -> str:
    within = check.within
    if within.unassessed:
        return f"unassessed: {listed(role_words(r) for r in within.survey) or 'an input'}"
    return role_words(within.dominant) if within.dominant else ""


def _within(review) -> Section:
    """The checks whose margin lies within the data's accuracy, each with the input that dominates and the survey
    that would decide it."""
    rows = tuple(
        (c.section, c.id, c.status, quantity(c.value, c.unit, beside=c.limit), required(c, review), margin(c),
         uncertainty_text(c), _dominant(c), survey_words(c))
        for c in review.checks if c.conditional and c.within is not None
    )
    if not rows:
        return Section("Checks within the data's accuracy", text="Every decided check's margin exceeds its uncertainty: each pass and fail stands on the data given.")
    counted = ("A conditional pass counts as a pass and a conditional fail as a fail; each could be reversed by the survey "
               "named." if review.decision_rule == DEFAULT_RULE else
               "None of these is decided until surveyed: the review stays incomplete.")
    return Section("Checks within the data's accuracy", WITHIN_COLUMNS, rows,
                   f"Their margin is no greater than its uncertainty at 95 %. {counted}")


#: The columns of the law's words.
LAW_COLUMNS = ("section", "standard", "the law's words")


def _law(review, *, all_checks: bool) -> Section:
    """Each standard the review applied, in the law's own words (the profile's), each once."""
    shown = [c for c in review.checks if all_checks or c.status != NOT_APPLICABLE]
    rows = tuple(dict.fromkeys((c.section, c.title, c.law) for c in shown if c.law))
    return Section("The law's words", LAW_COLUMNS, rows, f"As read from {_read_from(review)}.")


def _read_from(review) -> str:
    sources = review.profile.sources.values()
    said = [f"{s.title or s.address} ({s.address}, read {s.read})" if s.read else (s.title or s.address) for s in sources]
    return "; ".join(said) or review.profile.name


def _board(review) -> Section:
    items = getattr(review, "board_determinations", None)
    if items is None:
        items = [c for c in review.checks if c.status == BOARD]
    rows = tuple((c.section, c.title, c.message) for c in items)
    deciders = review.rules.judgment(items)[1]
    text = "" if rows else "No item is left to an official or a board."
    return Section(f"Items for {officials_words(deciders, 'the officials')} to decide", ("section", "item", "facts given"), rows, text)


def _waivers_and_conditions(review) -> Section:
    rows = []
    for c in review.checks:
        waiver = getattr(c, "waiver", None)
        if waiver:
            rows.append(("waiver", c.id, f"{waiver.get('date', '')} by {waiver.get('granted_by', '')}", waiver.get("note", "")))
    for condition in getattr(review.site.manifest, "conditions", ()):
        rows.append(("condition", "", f"{condition.date or ''} {condition.imposed_by or ''}".strip(), condition.text))
    text = "" if rows else "No waiver or condition is recorded in the manifest."
    return Section("Waivers and conditions", ("kind", "check", "granted / imposed", "text"), tuple(rows), text)


def _navigable_depth(review) -> str:
    m = review.measurements
    required_ft = getattr(m, "required_depth_ft", None)
    sections = "; ".join(dict.fromkeys(r.section for r in review.rules.rules if r.limits_reach and "soundings" in r.needs))
    if not sections:
        return "no check of the law applied limits the reach by navigable depth."
    if getattr(review.site, "soundings", None) is None:
        return f"no soundings are given, so the reach to navigable depth ({sections}) needs data."
    if required_ft is None:
        return "soundings are given but no vessel draft ([vessel] draft_ft), so the required depth is unknown."
    nav = getattr(m, "nav_reach_ft", None)
    where = f"first reached {quantity(nav, 'ft')} out along the dock's axis" if nav is not None else "not reached where the soundings cover the axis"
    return (
        f"required depth {quantity(required_ft, 'ft')} below mean low water (the vessel's draft plus the clearance); depths "
        f"interpolated linearly over a triangulation of the soundings and never extrapolated; {where}."
    )


def _setback(review) -> str:
    """The side setback as the profile's side-setback checks require it, in words, and the figure for this lot."""
    frontage = review.measurements.frontage_ft
    rules = [r for r in review.rules.rules if r.side_setback({"frontage_ft": frontage}) is not None]
    if not rules:
        return "the profile sets no side setback."
    lines = "riparian line" if review.layout.riparian.method != "extended-side-lines" else "extension"
    required = quantity(review.measurements.required_setback_ft, "ft")
    words = "; ".join(f"{r.requirement_text()} ({r.section})" for r in rules)
    by_frontage = any(r.side_setback({"frontage_ft": frontage}) != r.side_setback({"frontage_ft": 2 * frontage}) for r in rules)
    figure = f" = {required}" if by_frontage else ""
    return f"{words}{figure}, from any part of the dock to each side line or its {lines}."


def _extension(review) -> str:
    settings = review.site.manifest.review
    rip = review.layout.riparian
    if rip.method != "extended-side-lines":
        return f"{rip.method}: {rip.description}."
    extension = rip.extension
    if extension == "perpendicular":
        return "perpendicular: square to the frontage chord from each water corner."
    direction = getattr(rip, "direction", None) or getattr(settings, "extension_direction", None)
    if direction == "chord":
        chord = getattr(settings, "chord_ft", 50.0)
        how = f"each side line continued in the direction of the chord of its last {quantity(chord, 'ft')}"
    elif direction == "last-course":
        tolerance = getattr(settings, "course_tolerance_ft", None)
        within = f" (vertices within {quantity(tolerance, 'ft')} of it)" if tolerance is not None else ""
        how = f"each side line continued along its last course, its longest straight run from the water{within}"
    else:
        how = "each side line continued in the direction of its last stretch"
    return f"{extension}: {how}."


def interpretations(review) -> tuple[tuple[str, str], ...]:
    """The readings of the ordinance this review used, as (topic, how) pairs."""
    settings = review.site.manifest.review
    m = review.measurements
    return (
        ("Water boundary", f"the longest run of the parcel boundary within {quantity(settings.mhw_tolerance_ft, 'ft')} of the MHW line or seaward of it."),
        ("Side-line extensions" if review.layout.riparian.method == "extended-side-lines" else "Riparian lines", _extension(review)),
        ("Frontage", f"the MHW line between the water corners, measured along the line: {quantity(m.frontage_ft, 'ft')} (chord {quantity(m.frontage_chord_ft, 'ft')})."),
        ("Setback", _setback(review)),
        ("Reach", "the greatest distance from the frontage to the dock, and the length along the dock's axis from its MHW crossing; the larger is held to the limit."),
        ("Seaward terminus", f"the part of the dock farther than the reach less {quantity(settings.terminus_depth_ft, 'ft')} from the frontage; clearances are measured from it."),
        ("Navigable depth", _navigable_depth(review)),
        ("Units", f"computed in {describe(review.site.crs)} and converted to international feet ({review.site.ft_per_unit:.6f} ft per unit)."),
        *_readings(review),
    )


def _readings(review) -> tuple[tuple[str, str], ...]:
    """The manifest's readings: those the law leaves open and the site chose, and those not applied."""
    chosen = tuple(
        ("Chosen for this site", f"{READING_LABELS[key]}: {_said(value)} ({key}); the law as the town reads it leaves this open.")
        for key, value in review.readings.chosen.items()
    )
    refused = tuple(
        (
            "Not applied: the application's reading",
            f"{READING_LABELS[d.key]}: the manifest asks {_said(d.manifest)} ({d.key}); the town's reading is "
            f"{_said(d.profile)}, and the site is reviewed under it. Under the manifest's reading the verdict would be "
            f"{review.verdicts_as_asked[d.key]}.",
        )
        for d in review.readings.deviations
    )
    return chosen + refused


def _said(value) -> str:
    return quantity(value, "ft") if isinstance(value, float) else f"\"{value}\""


# ----------------------------------------------------------------------------- measurements

#: Plain labels of the measurements, and their units (``None``: no unit, the value is words; ``""``: a plain count).
#: Every field of :class:`~dockreview.measure.measurements.Measurements` has one; the acronyms stay as the law
#: writes them (MHW, MLW, MLLW, PWC).
MEASUREMENT_LABELS: dict[str, tuple[str, str | None]] = {
    "frontage_ft": ("Frontage, along the MHW line", "ft"),
    "frontage_chord_ft": ("Frontage, straight chord", "ft"),
    "required_setback_ft": ("Required side setback", "ft"),
    "setback_left_ft": ("Setback from the left side line (looking seaward)", "ft"),
    "setback_right_ft": ("Setback from the right side line (looking seaward)", "ft"),
    "setback_ft": ("Setback, the lesser side", "ft"),
    "reach_ft": ("Reach from the MHW line", "ft"),
    "length_ft": ("Length along the dock's axis from the MHW line", "ft"),
    "overall_reach_ft": ("Reach held to the limit (the greater of reach and length)", "ft"),
    "channel_clearance_ft": ("Seaward terminus to the nearest channel, fairway or anchorage", "ft"),
    "dock_clearance_ft": ("Seaward terminus to the nearest other dock", "ft"),
    "max_width_ft": ("Widest walkway or ramp", "ft"),
    "float_area_sqft": ("Float area, all floats", "sq ft"),
    "float_count": ("Number of floats", ""),
    "float_seaward_shortfall_ft": ("Walkway or ramp past the floats' seaward end (negative: the floats reach further)", "ft"),
    "float_gap_ft": ("Gap between the floats and the walkway's seaward end", "ft"),
    "required_depth_ft": ("Required depth at mean low water (draft plus clearance)", "ft"),
    "depth_coverage_ft": ("Soundings cover the dock's axis out to", "ft"),
    "nav_reach_ft": ("Navigable depth first reached along the axis at", "ft"),
    "float_extent_ft": ("Float extent along the axis", "ft"),
    "max_allowed_reach_ft": ("Greatest reach allowed", "ft"),
    "min_depth_under_float_ft": ("Shallowest depth under a float at mean low water", "ft"),
    "float_on_vegetation_sqft": ("Float area over vegetation", "sq ft"),
    "float_layout": ("Float layout (each assembly by the nearer of in line and square)", None),
    "float_angle_deg": ("Float's long axis to the dock's axis", "deg"),
    "landing_length_ft": ("Landing length", "ft"),
    "landing_width_ft": ("Landing width", "ft"),
    "boat_lift_count": ("Number of boat lifts", ""),
    "pwc_lift_count": ("Number of PWC lifts", ""),
    "lift_angle_deg": ("Boat lift's hull to the shore normal", "deg"),
    "pwc_lift_angle_deg": ("PWC lift's hull to the shore normal", "deg"),
    "water": ("Kind of water the lot fronts", ""),
    "frontage_docks": ("Existing docks on the lot's frontage", None),
    "component_kinds": ("Dock components", None),
    "dock_on_lot": ("Dock stands on the reviewed lot", None),
    "dock_lot": ("Parcel the dock stands on or in front of", None),
    "dock_on_land_sqft": ("Dock area landward of the MHW line", "sq ft"),
    "dock_land_parcels": ("Parcels under the dock landward of the MHW line", None),
    "width_along_axis_ft": ("Waterway width from the MHW line, along the dock's axis", "ft"),
    "width_square_to_shore_ft": ("Waterway width from the MHW line, square to the shore", "ft"),
    "width_square_to_centerline_ft": ("Waterway width from the MHW line, square to the centerline", "ft"),
    "width_average_ft": ("Waterway width from the MHW line, averaged along the frontage", "ft"),
    "bulkhead_width_along_axis_ft": ("Waterway width from the bulkhead, along the dock's axis", "ft"),
    "bulkhead_width_square_to_shore_ft": ("Waterway width from the bulkhead, square to the shore", "ft"),
    "bulkhead_width_square_to_centerline_ft": ("Waterway width from the bulkhead, square to the centerline", "ft"),
    "bulkhead_width_average_ft": ("Waterway width from the bulkhead, averaged along the frontage", "ft"),
    "vegetation_width_along_axis_ft": ("Waterway width between the vegetation lines, along the dock's axis", "ft"),
    "vegetation_width_square_to_shore_ft": ("Waterway width between the vegetation lines, square to the shore", "ft"),
    "vegetation_width_square_to_centerline_ft": ("Waterway width between the vegetation lines, square to the centerline", "ft"),
    "vegetation_width_average_ft": ("Waterway width between the vegetation lines, averaged along the frontage", "ft"),
    "reach_from_bulkhead_ft": ("Reach from the lot's bulkhead", "ft"),
    "reach_from_mlw_ft": ("Reach from the MLW line", "ft"),
    "reach_from_mllw_ft": ("Reach from the MLLW line", "ft"),
    "mlw_line_from": ("MLW line taken from", None),
    "mllw_line_from": ("MLLW line taken from", None),
    "berth_count": ("Number of berths", ""),
    "min_berth_depth_ft": ("Shallowest berth depth at MLW", "ft"),
    "min_berth_depth_mllw_ft": ("Shallowest berth depth at MLLW", "ft"),
    "walkway_area_sqft": ("Walkway area", "sq ft"),
    "ramp_area_sqft": ("Ramp area", "sq ft"),
    "landing_area_sqft": ("Landing area", "sq ft"),
    "boat_lift_area_sqft": ("Boat lift area", "sq ft"),
    "pwc_lift_area_sqft": ("PWC lift area", "sq ft"),
    "pile_area_sqft": ("Pile area", "sq ft"),
    "lift_areas_sqft": ("Area of each lift", "sq ft"),
    "along_shore_extent_ft": ("Dock's extent along the shore", "ft"),
    "vessel_reach_ft": ("Reach with the moored vessel", "ft"),
    "vessel_reach_from_bulkhead_ft": ("Reach from the lot's bulkhead with the moored vessel", "ft"),
    "vessel_setback_left_ft": ("Setback from the left side line with the moored vessel", "ft"),
    "vessel_setback_right_ft": ("Setback from the right side line with the moored vessel", "ft"),
    "vessel_setback_ft": ("Setback with the moored vessel, the lesser side", "ft"),
    "depth_reaches": ("Where the water is as deep at MLW along the dock's axis", None),
    "width_narrowest_ft": ("Waterway width from the MHW line, the narrowest across the dock's span", "ft"),
    "bulkhead_width_narrowest_ft": ("Waterway width from the bulkhead, the narrowest across the dock's span", "ft"),
    "vegetation_width_narrowest_ft": ("Waterway width between the vegetation lines, the narrowest across the dock's span", "ft"),
    "mlw_width_along_axis_ft": ("Waterway width from the MLW line, along the dock's axis", "ft"),
    "mlw_width_square_to_shore_ft": ("Waterway width from the MLW line, square to the shore", "ft"),
    "mlw_width_square_to_centerline_ft": ("Waterway width from the MLW line, square to the centerline", "ft"),
    "mlw_width_average_ft": ("Waterway width from the MLW line, averaged along the frontage", "ft"),
    "mlw_width_narrowest_ft": ("Waterway width from the MLW line, the narrowest across the dock's span", "ft"),
    "reach_from_property_ft": ("Reach past the lot's property line", "ft"),
    "vessel_reach_from_property_ft": ("Reach past the lot's property line with the moored vessel", "ft"),
    "fixed_berth_depth_ft": ("Depth at MLW at the fixed pier's berth", "ft"),
    "fixed_berth_depth_mllw_ft": ("Depth at MLLW at the fixed pier's berth", "ft"),
    "bulkhead_depth_ft": ("Depth at MLW along the bulkhead where the dock meets it", "ft"),
    "replaced_dock_count": ("Docks the proposal replaces", ""),
    "replaced_reach_from_mlw_ft": ("Length of the replaced dock from the MLW line", "ft"),
    "replaced_reach_from_mllw_ft": ("Length of the replaced dock from the MLLW line", "ft"),
    "pierhead_beyond_ft": ("The dock past the pier line (negative: short of it)", "ft"),
    "vessel_pierhead_beyond_ft": ("The moored vessel past the pier line (negative: short of it)", "ft"),
    "vessel_beam_ft": ("The moored vessel's width", "ft"),
    "dock_clearance_whole_ft": ("Any part of the dock to the nearest other dock", "ft"),
    "component_sizes": ("Each component's length by width", None),
}
#: What an empty list of a measurement reads (a measurement whose list may be empty and is not listed here is left out).
EMPTY_WORDS: dict[str, str] = {
    "frontage_docks": "no other dock",
    "dock_land_parcels": "no parcel",
    "lift_areas_sqft": "no lift",
}
#: A measurement infinite because its layer holds nothing (a clearance from an empty layer), in words.
NOTHING_IN_THE_LAYER: dict[str, str] = {
    "channel_clearance_ft": "no channel to clear: the channels layer holds no feature",
    "dock_clearance_ft": "no other dock to clear: the docks layer holds no feature",
}
#: The words kept in capitals in a label read off a measurement's name.
ACRONYMS = ("MHW", "MLW", "MLLW", "PWC", "CRS", "DEM")
_SUFFIX_UNITS = (("_sqft", "sq ft"), ("_ft", "ft"), ("_deg", "deg"), ("_in", "in"), ("_lb", "lb"), ("_count", ""))


def plain_label(stem: str) -> str:
    """A measurement's name in words, its acronyms kept: ``"pwc_lift_area"`` -> ``"PWC lift area"``.

    Examples
    --------
    >>> plain_label("pwc_lift_area"), plain_label("reach_from_mllw"), plain_label("dock_height")
    ('PWC lift area', 'Reach from the MLLW', 'Dock height')
    """
    words = stem.split("_")
    words = [w.upper() if w.upper() in ACRONYMS else w for w in words]
    if len(words) > 1 and words[-1].isupper() and words[-2] in ("from", "at", "above", "below"):
        words.insert(-1, "the")
    text = " ".join(words)
    return text[0].upper() + text[1:] if text else text


def _plain_words(code: str) -> str:
    """A code in words, its acronyms kept: ``"pwc_lift"`` -> ``"PWC lift"``."""
    return " ".join(w.upper() if w.upper() in ACRONYMS else w for w in str(code).split("_"))


def _label_and_unit(key: str) -> tuple[str, str | None]:
    """A measurement's plain label and unit: from :data:`MEASUREMENT_LABELS`, else read off its key."""
    if key in MEASUREMENT_LABELS:
        return MEASUREMENT_LABELS[key]
    for suffix, unit in _SUFFIX_UNITS:
        if key.endswith(suffix):
            return plain_label(key[: -len(suffix)]), unit
    return plain_label(key), None


def _depth_reach_words(depth: float, reach: float | None, covered: float) -> str:
    """A depth sought along the dock's axis, in words.

    Examples
    --------
    >>> _depth_reach_words(4.0, 62.5, 300.0), _depth_reach_words(4.0, None, 40.0)
    ('4 ft: 62.5 ft out', '4 ft: not found where the soundings cover the axis (40 ft out)')
    >>> _depth_reach_words(4.0, float("inf"), 500.0)
    '4 ft: never that deep where the soundings cover the axis (500 ft out)'
    """
    if reach is None:
        return f"{quantity(depth, 'ft')}: not found where the soundings cover the axis ({quantity(covered, 'ft')} out)"
    if math.isinf(reach):
        return f"{quantity(depth, 'ft')}: never that deep where the soundings cover the axis ({quantity(covered, 'ft')} out)"
    return f"{quantity(depth, 'ft')}: {quantity(reach, 'ft')} out"


def _measurement_text(key: str, value, unit: str | None) -> str | None:
    """The value in words, or None to leave the row out (an empty list nothing says anything about)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list, set, frozenset)):
        if not value:
            return EMPTY_WORDS.get(key)
        if key == "component_kinds":
            return in_words(_plain_words(v) for v in value)
        if key == "depth_reaches":
            return "; ".join(_depth_reach_words(*found) for found in value)
        if key == "component_sizes":
            return "; ".join(f"{_plain_words(kind)} {quantity(long, 'ft')} by {quantity(short, 'ft')}" for kind, long, short in value)
        items = [quantity(v, unit) if unit and isinstance(v, (int, float)) else str(v) for v in value]
        return in_words(items)
    if isinstance(value, str):
        return value
    if isinstance(value, float) and math.isinf(value):
        return NOTHING_IN_THE_LAYER.get(key, "nothing to measure to: the layer holds no feature")
    if isinstance(value, float) and math.isnan(value):
        return None
    if unit is None:
        return str(value)
    if isinstance(value, int) and not unit:
        return f"{value:,}"
    return quantity(value, unit)


def measurement_rows(review) -> tuple[tuple[str, str], ...]:
    """(label, value with unit) for every measurement the review has (those it could not make left out).

    A clearance from an empty layer says there is nothing to clear; an empty list
    reads in words ("no other dock") or is left out.
    """
    rows = []
    m = review.measurements
    for key in m.to_dict():
        value = m[key]
        if value is None:
            continue
        label, unit = _label_and_unit(key)
        text = _measurement_text(key, value, unit)
        if text is not None:
            rows.append((label, text))
    return tuple(rows)


# ----------------------------------------------------------------------------- the document


def sections(review, *, all_checks: bool = False) -> list[Section]:
    """Every part of the report after the exhibit, in order."""
    site = review.site
    parts = [
        _checks(review, all_checks=all_checks),
        _accuracy(review),
        _within(review),
        _law(review, all_checks=all_checks),
        _board(review),
        Section("Board evidence", ("measure", "figures", "method"), tuple(report_rows(review.evidence)),
                f"{review.evidence.purpose}; the Board evidence sheet draws them and the dock in section."),
        _waivers_and_conditions(review),
        Section("Interpretations used", ("topic", "interpretation"), interpretations(review)),
        Section("Measurements", ("measurement", "value"), measurement_rows(review)),
        Section("Data sources", ("role", "file", "CRS", "features"),
                tuple((s.role, s.file, s.crs, f"{s.features:,}") for s in site.sources)),
    ]
    if review.warnings:
        parts.append(Section("Warnings", ("warning",), tuple((w,) for w in review.warnings)))
    return [_relative(part, site.manifest.folder) for part in parts]


def _relative(section: Section, folder) -> Section:
    """``section`` with every path in its words relative to the manifest's folder (:func:`relative_paths`)."""
    return Section(
        section.title, section.columns, tuple(tuple(relative_paths(cell, folder) for cell in row) for row in section.rows),
        relative_paths(section.text, folder), relative_paths(section.note, folder),
    )


def header(review) -> list[tuple[str, str]]:
    """The facts under the report's title: the application (from the manifest's ``[exhibit]``), the verdict and why."""
    site = review.site
    exhibit = getattr(site.manifest, "exhibit", None)

    def given(name: str) -> str | None:
        value = getattr(exhibit, name, None) if exhibit is not None else None
        return str(value) if value else None

    facts = [("Site", site.name)]
    if given("address"):
        facts.append(("Address", given("address")))
    facts.append(("Parcel", site.parcel_id))
    for label, name in (("Applicant", "applicant"), ("Application", "application")):
        if given(name):
            facts.append((label, given(name)))
    facts.append(("Verdict", f"{review.verdict.upper()}: {review.verdict_reason}"))
    if any(c.conditional for c in review.checks):
        facts.append(("Decision rule", DECISION_RULES[review.decision_rule]))
    why = reasons(review.checks, review.decision_rule)
    if why.supply:
        facts.append(("To supply", "; ".join(why.supply)))
    if why.board:
        facts.append(("Board items pending", "; ".join(why.board)))
    facts.append(("Date", given("date") or date.today().isoformat()))
    if given("prepared_by"):
        facts.append(("Prepared by", given("prepared_by")))
    facts += [
        ("Rule profile", f"{review.profile.name} ({review.profile.source})"),
        ("Working CRS", describe(site.crs)),
        ("Prepared with", f"dockreview {__version__}"),
        ("Note", NOT_A_SURVEY),
    ]
    return [(label, relative_paths(value, site.manifest.folder)) for label, value in facts]
