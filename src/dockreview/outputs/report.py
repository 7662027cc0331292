"""The staff-report document: the exhibit, every check, Board items, waivers, interpretations, sources.

:func:`write_report` writes one self-contained file, chosen by its suffix:

* ``.html`` -- opens offline with nothing beside it: the exhibit is an SVG
  written inline, its text kept as text (searchable, selectable), the style
  sheet is inline, nothing is fetched; printed, the exhibit fills the page
  width and the tables start on the next page;
* ``.pdf`` -- the exhibit as vectors on page 1, the tables on the pages after,
  "page n of m" on every page, table headers repeated on each page a table
  runs onto, no heading left alone at the foot of a page and no page holding a
  single row of a table;
* ``.md`` -- Markdown with the exhibit embedded as a data URI.

Every number comes from the :class:`~dockreview.review.Review`; the sections are
built once (:func:`sections`) and each format only renders them. Counts are
printed as integers ("2 rails", "no other dock"), limits and given values that
are whole numbers without decimals ("40,000 lb"), measured values to 0.1 (more
where a value would otherwise read as its limit). The checks that do not apply
to the dock are collapsed into one line naming them (``all_checks=True``, the
command's ``--all-checks``, lists them in full).
"""

from __future__ import annotations

import base64
import functools
import html
import io
import math
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.font_manager import FontProperties, findfont
from matplotlib.ft2font import FT2Font, LoadFlags

from dockreview._version import __version__
from dockreview.evidence.measures import report_rows
from dockreview.inputs.crs import describe
from dockreview.outputs.evidence_sheet import plot_evidence
from dockreview.outputs.exhibit import PAGES, VERDICT_COLOURS, plot_review
from dockreview.outputs.files import atomic_path
from dockreview.review.pipeline import STATUS_COLOURS

REPORT_SUFFIXES = (".html", ".pdf", ".md")
#: Units of the checks whose value is held against their limit as a quantity, so a margin means something.
MARGIN_UNITS = ("ft", "sq ft", "in", "lb")
CHECK_COLUMNS = ("section", "check", "rule", "required", "proposed", "margin", "status", "finding")
#: Units that count things: printed as integers with the word in the singular or plural.
COUNT_UNITS = {"docks": ("dock", "docks"), "rails": ("rail", "rails"), "lifts": ("lift", "lifts"), "floats": ("float", "floats")}
#: How a unit reads after a number (singular, plural); "°" and "%" are written against the number.
UNIT_WORDS = {"in": ("inch", "inches"), "deg": ("°", "°"), "%": ("%", "%")}
_ATTACHED = ("°", "%")
#: Checks whose limit is a minimum, and those whose limit is a maximum (others are read off their outcome).
AT_LEAST = frozenset({"frontage", "side-setback", "channel-clearance", "dock-clearance", "float-grounding"})
AT_MOST = frozenset({
    "reach", "navigable-reach", "width", "float-area", "deck-height", "float-deck-height", "locker-height",
    "railing-height", "railing-openness", "railing-rails", "railing-post-spacing", "lighting-height", "lift-count",
    "pwc-lift-count", "pwc-lift-capacity", "lift-boat-length", "lift-boat-weight", "lift-height",
})
NOT_APPLICABLE = "not-applicable"
#: Checks whose limit is a tolerance or a target, not a bound with room inside it: no margin is shown.
NO_MARGIN = frozenset({"float-position", "float-vegetation", "plank-gap"})
#: Exhibit note carried into the report's header (the exhibit says the same).
NOT_A_SURVEY = "Drawn from GIS data; not a survey. Distances in feet."


@dataclass(frozen=True)
class Section:
    """One titled part of the report: a short text, a table, and a note after the table."""

    title: str
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    text: str = ""
    note: str = ""


# ----------------------------------------------------------------------------- numbers in words


def _is_whole(value: float) -> bool:
    return float(value).is_integer()


def _unit(unit: str, n: float) -> str:
    one, many = UNIT_WORDS.get(unit, COUNT_UNITS.get(unit, (unit, unit)))
    return one if abs(n) == 1 else many


def _join_unit(number: str, unit: str, n: float) -> str:
    word = _unit(unit, n)
    if not word:
        return number
    return f"{number}{word}" if word in _ATTACHED else f"{number} {word}"


def quantity(value: float | None, unit: str, *, beside: float | None = None, signed: bool = False) -> str:
    """A value with its unit as a staff report prints it.

    Counts are integers ("2 rails", "1 lift"); a whole number is printed without
    decimals ("40,000 lb", "150 ft", "36 inches"); any other value to 0.1, with
    more decimals (up to 3) when it would otherwise print as ``beside``, the limit
    it is compared with ("79.95 ft" against 80 ft). ``signed`` adds a + to a
    positive value (a margin).
    """
    if value is None:
        return ""
    value = float(value)
    if not math.isfinite(value):
        return "none in the layer"
    sign = "+" if signed else ""
    if unit in COUNT_UNITS:
        n = int(round(value))
        return _join_unit(f"{n:{sign},d}", unit, n)
    if _is_whole(value):
        text = f"{value:{sign},.0f}"
    else:
        decimals = 1
        if beside is not None and math.isfinite(beside):
            while decimals < 3 and round(value, decimals) == round(beside, decimals) and value != beside:
                decimals += 1
        text = f"{value:{sign},.{decimals}f}"
    if float(text.replace(",", "")) == 0:
        text = text.lstrip("-")  # no "-0.0"
    return _join_unit(text, unit, value)


def in_words(items) -> str:
    """``("float", "ramp", "walkway")`` -> ``"float, ramp and walkway"``; empty -> ``"none"``."""
    items = [str(i) for i in items]
    if not items:
        return "none"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


# ----------------------------------------------------------------------------- the checks


def margin(check) -> str:
    """How far the proposal is inside (+) or outside (-) the limit, for a decided numeric check.

    Positive when the check passes, negative when it fails (or was waived), in
    the check's unit; blank when the check compares no two quantities (a count,
    a classification angle, a yes/no).
    """
    if check.status not in ("pass", "fail", "waived") or check.unit not in MARGIN_UNITS or check.id in NO_MARGIN:
        return ""
    if check.value is None or check.limit is None:
        return ""
    if not math.isfinite(check.value):
        return ""
    gap = abs(check.value - check.limit)
    return quantity(gap if check.status == "pass" else -gap, check.unit, signed=True)


def required(check, review=None) -> str:
    """The check's requirement in words ("at least 150 ft", "no other dock on the lot"); blank without a limit."""
    limit, unit = check.limit, check.unit
    if check.id == "one-dock":
        return "no other dock on the lot"
    if check.id == "float-vegetation":
        return "no float over vegetation"
    if limit is None:
        return ""
    if check.id == "float-position":
        return f"touching the walkway's seaward end (within {quantity(limit, unit)})"
    if check.id == "float-layout":
        return f"in line, L or T (long axis within {quantity(limit, unit)} of 0° or 90° to the dock's axis)"
    if check.id == "lift-orientation":
        return f"hull within {quantity(limit, unit)} of square to the shore"
    if check.id == "plank-gap":
        return f"gaps of {quantity(limit, unit)}"
    if check.id == "landing-size":
        return f"at most {quantity(limit, unit)} × {quantity(limit, unit)}"
    if check.id == "float-grounding":
        return f"at least {quantity(limit, unit)} of water (the float's draft)"
    return f"{_sense(check)}{quantity(limit, unit)}"


def _sense(check) -> str:
    """ "at least " or "at most " before a limit: known for the profile's checks, else read off a decided outcome."""
    if check.id in AT_LEAST:
        return "at least "
    if check.id in AT_MOST:
        return "at most "
    value, limit = check.value, check.limit
    if check.status in ("pass", "fail", "waived") and value is not None and math.isfinite(value) and value != limit:
        above = value > limit
        return "at least " if above == (check.status == "pass") else "at most "
    return "limit "


def proposed(check, review=None) -> str:
    """What the proposal gives for the check, in words, consistent with its finding."""
    m = review.measurements if review is not None else None
    value, unit = check.value, check.unit
    if check.id == "one-dock" and check.status != "needs-data":
        docks = tuple(m.frontage_docks or ()) if m is not None else ()
        if not value:
            return "no other dock"
        return f"{_plural(int(value), 'other dock', 'other docks')}" + (f": {in_words(docks)}" if docks else "")
    if check.id == "float-layout" and m is not None and m.float_layout is not None:
        angle = "" if m.float_angle_deg is None else f", long axis at {quantity(m.float_angle_deg, 'deg')} to the dock's axis"
        return f"{m.float_layout}{angle}"
    if check.id == "float-vegetation" and value is not None and math.isfinite(value) and value <= 0:
        return "none"
    if check.id == "float-position" and value is not None:
        return "touching" if value <= (check.limit or 0.0) else f"{quantity(value, unit)} away"
    if check.id == "landing-size" and m is not None and m.landing_length_ft is not None and m.landing_width_ft is not None:
        return f"{quantity(m.landing_length_ft, 'ft')} × {quantity(m.landing_width_ft, 'ft')}"
    return quantity(value, unit, beside=check.limit)


_COUNT_IN_TEXT = re.compile(r"\b(\d+)\.0+ (" + "|".join(plural for _, plural in COUNT_UNITS.values()) + r")\b")


def finding(check) -> str:
    """The check's message, its counts printed as integers ("2.0 rails" -> "2 rails", "1.0 lifts" -> "1 lift")."""

    def whole(match: re.Match) -> str:
        n, plural = int(match.group(1)), match.group(2)
        singular = next(one for one, many in COUNT_UNITS.values() if many == plural)
        return f"{n} {singular if n == 1 else plural}"

    return _COUNT_IN_TEXT.sub(whole, check.message)


def _check_row(check, review) -> tuple[str, ...]:
    return (check.section, check.id, check.title, required(check, review), proposed(check, review), margin(check), check.status, finding(check))


def _check_rows(review, *, all_checks: bool = False) -> tuple[tuple[str, ...], ...]:
    return tuple(_check_row(c, review) for c in review.checks if all_checks or c.status != NOT_APPLICABLE)


def not_applicable_line(review) -> str:
    """One line naming the checks that do not apply to this dock (blank when every check applies)."""
    checks = [c for c in review.checks if c.status == NOT_APPLICABLE]
    if not checks:
        return ""
    reasons = list(dict.fromkeys(c.message for c in checks))
    why = f" ({reasons[0]})" if len(reasons) == 1 else ""
    whole = "all " if len(checks) == len(review.checks) else ""
    return (
        f"Not applicable to this dock, {whole}{_plural(len(checks), 'check', 'checks')}{why}: {', '.join(c.id for c in checks)}. "
        "The report's --all-checks option lists them in the table."
    )


def _checks(review, *, all_checks: bool) -> Section:
    note = "" if all_checks else not_applicable_line(review)
    return Section("Checks", CHECK_COLUMNS, _check_rows(review, all_checks=all_checks), note=note)


def _board(review) -> Section:
    items = getattr(review, "board_determinations", None)
    if items is None:
        items = [c for c in review.checks if c.status == "board"]
    rows = tuple((c.section, c.title, c.message) for c in items)
    text = "" if rows else "No item is left to the Board of Trustees or an official."
    return Section("Board of Trustees items", ("section", "item", "facts given"), rows, text)


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
    if getattr(review.site, "soundings", None) is None:
        return "no soundings are given, so the reach to navigable depth (Docks D(1)) needs data."
    if required_ft is None:
        return "soundings are given but no vessel draft ([vessel] draft_ft), so the required depth is unknown."
    nav = getattr(m, "nav_reach_ft", None)
    where = f"first reached {quantity(nav, 'ft')} out along the dock's axis" if nav is not None else "not reached where the soundings cover the axis"
    return (
        f"required depth {quantity(required_ft, 'ft')} below mean low water (the vessel's draft plus the clearance); depths "
        f"interpolated linearly over a triangulation of the soundings and never extrapolated; {where}."
    )


def _extension(review) -> str:
    settings = review.site.manifest.review
    rip = review.layout.riparian
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
        ("Side-line extensions", _extension(review)),
        ("Frontage", f"the MHW line between the water corners, measured along the line: {quantity(m.frontage_ft, 'ft')} (chord {quantity(m.frontage_chord_ft, 'ft')})."),
        ("Setback", f"max(40 % of the frontage, 60 ft) = {quantity(m.required_setback_ft, 'ft')}, from any part of the dock to each side line or its extension."),
        ("Reach", "the greatest distance from the frontage to the dock, and the length along the dock's axis from its MHW crossing; the larger is held to the limit."),
        ("Seaward terminus", f"the part of the dock farther than the reach less {quantity(settings.terminus_depth_ft, 'ft')} from the frontage; clearances are measured from it."),
        ("Navigable depth", _navigable_depth(review)),
        ("Units", f"computed in {describe(review.site.crs)} and converted to international feet ({review.site.ft_per_unit:.6f} ft per unit)."),
    )


# ----------------------------------------------------------------------------- measurements

#: Plain labels of the measurements, and their units (``None``: no unit, the value is words).
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
    "float_layout": ("Float layout", None),
    "float_angle_deg": ("Float's long axis to the dock's axis", "deg"),
    "landing_length_ft": ("Landing length", "ft"),
    "landing_width_ft": ("Landing width", "ft"),
    "boat_lift_count": ("Number of boat lifts", ""),
    "pwc_lift_count": ("Number of personal watercraft lifts", ""),
    "lift_angle_deg": ("Boat lift's hull to the shore normal", "deg"),
    "frontage_docks": ("Existing docks on the lot's frontage", None),
    "component_kinds": ("Dock components", None),
    "dock_on_lot": ("Dock stands on the reviewed lot", None),
    "dock_lot": ("Parcel the dock stands on or in front of", None),
}
_SUFFIX_UNITS = (("_sqft", "sq ft"), ("_ft", "ft"), ("_deg", "deg"), ("_in", "in"), ("_lb", "lb"), ("_count", "lifts"))


def _label_and_unit(key: str) -> tuple[str, str | None]:
    """A measurement's plain label and unit: from :data:`MEASUREMENT_LABELS`, else read off its key."""
    if key in MEASUREMENT_LABELS:
        return MEASUREMENT_LABELS[key]
    for suffix, unit in _SUFFIX_UNITS:
        if key.endswith(suffix):
            stem = key[: -len(suffix)]
            return stem.replace("_", " ").capitalize(), ("" if unit == "lifts" else unit)
    return key.replace("_", " ").capitalize(), None


def _measurement_text(value, unit: str | None) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list, set, frozenset)):
        return in_words(value)
    if isinstance(value, str):
        return value
    if unit is None:
        return str(value)
    if isinstance(value, int) and not unit:
        return f"{value:,}"
    return quantity(value, unit)


def measurement_rows(review) -> tuple[tuple[str, str], ...]:
    """(label, value with unit) for every measurement the review has (those it could not make left out)."""
    rows = []
    for key, value in review.measurements.to_dict().items():
        if value is None:
            continue
        label, unit = _label_and_unit(key)
        rows.append((label, _measurement_text(value, unit)))
    return tuple(rows)


# ----------------------------------------------------------------------------- the document


def sections(review, *, all_checks: bool = False) -> list[Section]:
    """Every part of the report after the exhibit, in order."""
    site = review.site
    parts = [
        _checks(review, all_checks=all_checks),
        _board(review),
        Section("Board evidence", ("measure", "figures", "method"), tuple(report_rows(review.evidence)),
                "Figures for the Board's judgment under Docks H and the waiver clause, not a verdict; the "
                "Board evidence sheet draws them and the dock in section."),
        _waivers_and_conditions(review),
        Section("Interpretations used", ("topic", "interpretation"), interpretations(review)),
        Section("Measurements", ("measurement", "value"), measurement_rows(review)),
        Section("Data sources", ("role", "file", "CRS", "features"),
                tuple((s.role, Path(s.file).name, s.crs, f"{s.features:,}") for s in site.sources)),
    ]
    if review.warnings:
        parts.append(Section("Warnings", ("warning",), tuple((w,) for w in review.warnings)))
    return parts


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
    board = [c.id for c in review.board_determinations]
    if board:
        facts.append(("Board items pending", in_words(board)))
    facts.append(("Date", given("date") or date.today().isoformat()))
    if given("prepared_by"):
        facts.append(("Prepared by", given("prepared_by")))
    facts += [
        ("Rule profile", f"{review.profile.name} ({review.profile.source})"),
        ("Working CRS", describe(site.crs)),
        ("Prepared with", f"dockreview {__version__}"),
        ("Note", NOT_A_SURVEY),
    ]
    return facts


def _exhibit_svg(review, page: str, *, sheet: str = "site") -> bytes:
    """An exhibit sheet (``site`` plan or Board ``evidence``) as SVG, text kept as text, no metadata block."""
    fig, _ = plot_review(review, page=page) if sheet == "site" else plot_evidence(review, page=page)
    try:
        buffer = io.BytesIO()
        with matplotlib.rc_context({"svg.fonttype": "none"}):
            fig.savefig(buffer, format="svg", metadata={"Creator": None, "Date": None, "Format": None, "Type": None})
    finally:
        plt.close(fig)
    return buffer.getvalue()


def _data_uri(svg: bytes) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


# ----------------------------------------------------------------------------- HTML

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1100px;color:#1f2328;padding:0 1em}
h1{margin-bottom:.2em}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2em;margin-top:1.6em}
h1,h2{break-after:avoid;page-break-after:avoid}
table{border-collapse:collapse;width:100%;font-size:.88em}th,td{border:1px solid #d0d7de;padding:.3em .5em;text-align:left;vertical-align:top}
thead{display:table-header-group}tr{break-inside:avoid;page-break-inside:avoid}
th{background:#f6f8fa}td.num{text-align:right;white-space:nowrap}dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}
dt{font-weight:600}.status{font-weight:700}p.note{color:#57606a;font-size:.9em}
figure.exhibit{margin:0;border:1px solid #d0d7de}figure.exhibit svg{display:block;width:100%;height:auto}
section.part{break-inside:auto}section.part>h2+*{break-before:avoid;page-break-before:avoid}
@media print{
 @page{size:{page} landscape;margin:.4in}
 body{max-width:none;margin:0;padding:0;font-size:9pt}
 h2.siteplan{display:none}
 figure.exhibit{border:none;width:100%;break-before:page;page-break-before:always;break-after:page;page-break-after:always;break-inside:avoid}
 figure.exhibit svg{width:100%;height:auto;max-height:{exhibit_height}in}
 h2.checks{break-before:page;page-break-before:always;margin-top:0}
 section.short table{break-inside:avoid;page-break-inside:avoid}
 table{font-size:8pt}
}
"""
_NUMERIC = {"margin", "features"}
#: A table of at most this many rows is printed whole on one page (a longer one breaks, its header repeated).
SHORT_TABLE_ROWS = 15


def _css(page: str) -> str:
    """The style sheet; printed, the exhibit fills the width of a landscape ``page`` and stays on one page."""
    height = PAGES[page][1] - 0.8 - 0.15
    return _CSS.replace("{page}", page).replace("{exhibit_height}", f"{height:.2f}")


def _html_table(section: Section) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in section.columns)
    body = []
    for row in section.rows:
        cells = []
        for column, cell in zip(section.columns, row):
            if column == "status":
                colour = STATUS_COLOURS.get(cell, "#000")
                cells.append(f"<td class='status' style='color:{colour}'>{html.escape(cell)}</td>")
            else:
                css = " class='num'" if column in _NUMERIC or (column in ("required", "proposed", "value") and _short_number(cell)) else ""
                cells.append(f"<td{css}>{html.escape(cell)}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _short_number(cell: str) -> bool:
    """A cell that is one number with its unit ("15.0 ft", "-45.0 ft", "36 inches"): right-aligned."""
    return bool(re.fullmatch(r"[+-]?[\d,]+(\.\d+)?\s?[^\d\s]{0,6}( ft)?", cell))


def _inline_svg(svg: bytes) -> str:
    """The exhibit's SVG for writing inside the HTML: no XML prolog, no namespace URIs, scaled by CSS.

    Its fonts fall back to metrically close ones where DejaVu Sans is not installed.
    """
    text = svg.decode("utf-8")
    text = text[text.index("<svg"):]
    text = re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", text, count=2)
    text = re.sub(r'(<svg[^>]*?)\s+width="[^"]*"\s+height="[^"]*"', r"\1", text, count=1)
    text = text.replace("<svg", "<svg role='img' aria-label='Site plan exhibit'", 1)
    return text.replace("'DejaVu Sans'", "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif")


def to_html(review, *, page: str = "letter", all_checks: bool = False) -> str:
    """The report as one self-contained HTML document (no external reference of any kind)."""
    title = html.escape(f"Dock review: {review.site.name}")
    colour = VERDICT_COLOURS.get(review.verdict, "#000")
    facts = "".join(
        f"<dt>{html.escape(k)}</dt><dd{' style=color:' + colour if k == 'Verdict' else ''}>{html.escape(v)}</dd>"
        for k, v in header(review)
    )
    parts = [
        f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{title}</title>"
        f"<style>{_css(page)}</style></head><body>",
        f"<h1>{title}</h1><dl>{facts}</dl>",
        "<h2 class='siteplan'>Site plan</h2>",
        f"<figure class='exhibit'>{_inline_svg(_exhibit_svg(review, page))}</figure>",
        "<h2 class='siteplan'>Board evidence</h2>",
        f"<figure class='exhibit'>{_inline_svg(_exhibit_svg(review, page, sheet='evidence'))}</figure>",
    ]
    for section in sections(review, all_checks=all_checks):
        css = " class='checks'" if section.title == "Checks" else ""
        short = " short" if len(section.rows) <= SHORT_TABLE_ROWS else ""
        parts.append(f"<section class='part{short}'><h2{css}>{html.escape(section.title)}</h2>")
        if section.text:
            parts.append(f"<p>{html.escape(section.text)}</p>")
        if section.rows:
            parts.append(_html_table(section))
        if section.note:
            parts.append(f"<p class='note'>{html.escape(section.note)}</p>")
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts)


# ----------------------------------------------------------------------------- Markdown


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(review, *, page: str = "letter", all_checks: bool = False) -> str:
    """The report as Markdown, the exhibit embedded as an SVG data URI."""
    lines = [f"# Dock review: {review.site.name}", ""]
    lines += [f"- **{k}:** {v}" for k, v in header(review)]
    lines += ["", "## Site plan", "", f"![Site plan exhibit]({_data_uri(_exhibit_svg(review, page))})", ""]
    evidence = _data_uri(_exhibit_svg(review, page, sheet="evidence"))
    lines += ["## Board evidence sheet", "", f"![Board evidence sheet]({evidence})", ""]
    for section in sections(review, all_checks=all_checks):
        lines += [f"## {section.title}", ""]
        if section.text:
            lines += [section.text, ""]
        if section.rows:
            lines.append("| " + " | ".join(section.columns) + " |")
            lines.append("|" + "|".join("---" for _ in section.columns) + "|")
            lines += ["| " + " | ".join(_md_cell(cell) for cell in row) + " |" for row in section.rows]
            lines.append("")
        if section.note:
            lines += [section.note, ""]
    return "\n".join(lines)


# ----------------------------------------------------------------------------- PDF

#: Relative column widths of the PDF tables, by their columns (others share the width equally).
_PDF_WIDTHS = {
    CHECK_COLUMNS: (1.05, 1.35, 1.7, 1.6, 1.5, 0.75, 0.95, 3.9),
    ("section", "item", "facts given"): (1.3, 2.5, 8.0),
    ("role", "file", "CRS", "features"): (1.0, 4.5, 3.0, 0.8),
    ("topic", "interpretation"): (1.5, 8.0),
    ("measurement", "value"): (4.0, 3.0),
    ("kind", "check", "granted / imposed", "text"): (1.0, 1.5, 2.5, 5.0),
}
_PDF_FONT = 7.5
_LINE_IN = _PDF_FONT * 1.3 / 72
_CELL_PAD_IN = 0.06
_HEADING_IN = 0.42
_TOP_IN = 0.65  # below the running title
_BOTTOM_IN = 0.55  # above the page number
_SIDE_IN = 0.5
#: Columns whose cells are kept on one line.
_UNBROKEN = ("margin", "features")


@functools.lru_cache(maxsize=2)
def _advances(bold: bool):
    """The PDF font (DejaVu Sans, or matplotlib's default) at :data:`_PDF_FONT` pt, and a per-character width cache."""
    font = FT2Font(findfont(FontProperties(size=_PDF_FONT, weight="bold" if bold else "normal")))  # our own, not the shared cache's
    font.set_size(_PDF_FONT, 72)  # 72 dpi: one pixel is one point
    return font, {}


def _width_pt(text: str, bold: bool) -> float:
    """The width of ``text`` in points, summed from the glyphs' advances (kerning ignored; :data:`_FIT` allows for it).

    Measured glyph by glyph: laying out whole strings costs milliseconds each, and a report measures thousands.
    """
    font, cache = _advances(bool(bold))
    width = 0.0
    for char in text:
        advance = cache.get(char)
        if advance is None:
            glyph = font.load_char(ord(char), flags=LoadFlags.NO_HINTING)
            advance = cache[char] = glyph.linearHoriAdvance / 65536.0
        width += advance
    return width * _FIT


#: Measured widths are raised by this much, for kerning and rounding in the renderer.
_FIT = 1.03


def _wrap(text: str, width_in: float, *, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width_in``, measured with the font the PDF draws in."""
    limit = width_in * 72.0
    lines: list[str] = []
    for paragraph in str(text).split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if _width_pt(candidate, bold) <= limit or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
            while _width_pt(line, bold) > limit and len(line) > 1:  # a word longer than the column: break it
                cut = len(line)
                while cut > 1 and _width_pt(line[:cut], bold) > limit:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines or [""]


@dataclass
class _Row:
    cells: list[list[str]]
    height: float
    status: str | None = None


@dataclass(frozen=True)
class Chunk:
    """A piece of a table as laid out on one PDF page (for checking the layout)."""

    page: int  # 1-based, counting the exhibit page
    section: str
    rows: int  # data rows on this page
    table_rows: int  # data rows of the whole table


class _PdfWriter:
    """Lays out the report's text pages (landscape); :meth:`close` numbers every page and saves it.

    A heading is kept with what follows it (its text, or its table's header and
    first two rows); a table that runs onto the next page repeats its header
    there and leaves no row alone on either page.
    """

    def __init__(self, page: str, title: str, *, first_page: int = 2) -> None:
        self.size, self.title = PAGES[page], title
        self.first_page = first_page
        self.figures: list = []
        self.chunks: list[Chunk] = []
        self.fig = None
        self.y = 0.0
        self.fresh = False  # nothing drawn on the current page yet

    # -- pages
    def _new_page(self) -> None:
        self.fig = plt.figure(figsize=self.size)
        if self.figures:  # the first text page opens with the report's own heading
            self.fig.text(_SIDE_IN / self.size[0], 1 - 0.3 / self.size[1], self.title, fontsize=8, color="#57606a", va="top")
        self.figures.append(self.fig)
        self.y = self.size[1] - _TOP_IN
        self.fresh = True

    def _fits(self, height: float) -> bool:
        return self.fig is not None and self.y - height >= _BOTTOM_IN

    def _ensure(self, height: float) -> None:
        if not self._fits(height) and not (self.fresh and self.fig is not None):
            self._new_page()

    @property
    def page_number(self) -> int:
        return self.first_page + len(self.figures) - 1

    def _text(self, x_in: float, text: str, **kwargs) -> None:
        w, h = self.size
        self.fig.text(x_in / w, self.y / h, text, va="top", ha="left", **kwargs)
        self.fresh = False

    # -- blocks
    def heading(self, text: str, keep_with: float = 0.0, *, size: float = 11.0) -> None:
        """A heading, moved to a new page unless ``keep_with`` inches of what follows fit below it."""
        self._ensure(_HEADING_IN + keep_with)
        self.y -= 0.08
        self._text(_SIDE_IN, text, fontsize=size, fontweight="bold")
        self.y -= _HEADING_IN - 0.08

    def paragraph_lines(self, text: str) -> list[str]:
        return _wrap(text, self.size[0] - 2 * _SIDE_IN)

    def paragraph(self, text: str, *, colour: str = "black") -> None:
        lines = self.paragraph_lines(text)
        height = len(lines) * _LINE_IN
        self._ensure(height)
        self._text(_SIDE_IN, "\n".join(lines), fontsize=_PDF_FONT, color=colour, linespacing=1.3)
        self.y -= height + 0.12

    def facts(self, pairs: list[tuple[str, str]], colours: dict[str, str]) -> None:
        """The report's header: each fact's name in bold, its text wrapped beside it."""
        key_in = 1.5
        for key, value in pairs:
            lines = _wrap(value, self.size[0] - 2 * _SIDE_IN - key_in)
            height = len(lines) * _LINE_IN + 0.03
            self._ensure(height)
            self._text(_SIDE_IN, key, fontsize=_PDF_FONT, fontweight="bold")
            self._text(_SIDE_IN + key_in, "\n".join(lines), fontsize=_PDF_FONT, color=colours.get(key, "black"), linespacing=1.3)
            self.y -= height
        self.y -= 0.1

    def _columns(self, section: Section) -> list[float]:
        """Column widths (in): each at least as wide as its longest word, the rest shared by :data:`_PDF_WIDTHS`."""
        weights = _PDF_WIDTHS.get(section.columns, (1.0,) * len(section.columns))
        usable = self.size[0] - 2 * _SIDE_IN
        status_at = section.columns.index("status") if "status" in section.columns else None
        floor = []
        for i, column in enumerate(section.columns):
            body = max((_width_pt(word, i == status_at) for row in self._cells(section) for word in row[i].split(" ")), default=0.0)
            head = max((_width_pt(word, True) for word in column.split(" ")), default=0.0)
            floor.append(max(body, head) / 72.0 + _CELL_PAD_IN + 0.02)
        share = [usable * w / sum(weights) for w in weights]
        if sum(floor) >= usable:
            return [usable * f / sum(floor) for f in floor]
        widths = list(share)
        for _ in range(len(widths)):  # raise the narrow ones to their floor, taking the room from the others
            short = [i for i, (w, f) in enumerate(zip(widths, floor)) if w < f]
            if not short:
                break
            fixed = {i for i, (w, f) in enumerate(zip(widths, floor)) if w <= f}
            room = usable - sum(floor[i] for i in fixed)
            free = sum(weights[i] for i in range(len(widths)) if i not in fixed)
            widths = [floor[i] if i in fixed else room * weights[i] / free for i in range(len(widths))]
        return widths

    @staticmethod
    def _cells(section: Section) -> list[tuple[str, ...]]:
        """The table's cells as drawn: a margin ("-140.0 sq ft") is never broken across lines."""
        keep = {i for i, c in enumerate(section.columns) if c in _UNBROKEN}
        return [tuple(str(c).replace(" ", "\u00a0") if i in keep else str(c) for i, c in enumerate(row)) for row in section.rows]

    def table_rows(self, section: Section) -> tuple[_Row, list[_Row]]:
        """The header and rows of ``section``'s table, wrapped to their columns."""
        columns = self._columns(section)
        status_at = section.columns.index("status") if "status" in section.columns else None

        def layout(cells, *, bold: bool = False) -> _Row:
            wrapped = [_wrap(str(c), w - _CELL_PAD_IN, bold=bold or i == status_at) for i, (c, w) in enumerate(zip(cells, columns))]
            height = max(len(lines) for lines in wrapped) * _LINE_IN + 0.06
            return _Row(wrapped, height, None if bold or status_at is None else cells[status_at])

        return layout(section.columns, bold=True), [layout(r) for r in self._cells(section)]

    @staticmethod
    def keep_height(head: _Row, rows: list[_Row]) -> float:
        """How much of a table must fit under its heading: the header and two rows (the whole of a table of 3 or fewer,
        which could only break leaving a row alone)."""
        return head.height + sum(r.height for r in rows[: len(rows) if len(rows) <= 3 else 2])

    def table(self, section: Section, head: _Row, rows: list[_Row], *, tail: float = 0.0) -> None:
        """Draw the table across as many pages as it needs, its header on each, no row alone on a page.

        ``tail`` (in) is kept on the page of the last row: the note under the table.
        """
        columns = self._columns(section)
        status_at = section.columns.index("status") if "status" in section.columns else None
        i, n = 0, len(rows)
        while i < n:
            room = self.y - _BOTTOM_IN - head.height if self.fig is not None else -1.0
            fit, used = 0, 0.0
            while i + fit < n and used + rows[i + fit].height + (tail if i + fit == n - 1 else 0.0) <= room:
                used += rows[i + fit].height
                fit += 1
            left = n - i
            if fit < left:  # the table breaks on this page
                if fit >= 3 and left - fit == 1:
                    fit -= 1  # the last row would stand alone on the next page: it takes one more along
                elif fit <= 1 or left - fit == 1:  # a lone row here or there: start the rest on a new page
                    if not self.fresh:
                        self._new_page()
                        continue
                    fit = max(fit, 1)  # taller than a page can hold: it has to go here
            self._draw_row(head, columns, bold=True)
            for row in rows[i:i + fit]:
                self._draw_row(row, columns, status_at=status_at)
            self.chunks.append(Chunk(self.page_number, section.title, fit, n))
            i += fit
            if i < n:
                self._new_page()
        self.y -= 0.12

    def _draw_row(self, row: _Row, columns, *, bold: bool = False, status_at: int | None = None) -> None:
        """One table row, each cell wrapped to its column; the status cell bold in its colour."""
        x = _SIDE_IN
        for i, (lines, width) in enumerate(zip(row.cells, columns)):
            is_status = i == status_at and not bold
            colour = STATUS_COLOURS.get(row.status, "black") if is_status else "black"
            self._text(x, "\n".join(lines), fontsize=_PDF_FONT, color=colour, linespacing=1.3,
                       fontweight="bold" if bold or is_status else "normal")
            x += width
        self.y -= row.height
        w, h = self.size
        self.fig.add_artist(plt.Line2D([_SIDE_IN / w, (w - _SIDE_IN) / w], [(self.y + 0.02) / h] * 2, lw=0.3, color="#d0d7de"))

    def close(self, pdf: PdfPages, first: list) -> int:
        """Number every page ("page n of m", the exhibit first), save them and return the page count."""
        pages = [*first, *self.figures]
        total = len(pages)
        for number, fig in enumerate(pages, start=1):
            w, h = fig.get_size_inches()
            fig.text(1 - _SIDE_IN / w, 0.1 / h, f"page {number} of {total}", ha="right", va="bottom", fontsize=7.5, color="#57606a")
            pdf.savefig(fig)
            plt.close(fig)
        return total


def write_pdf(review, path: Path, *, page: str = "letter", all_checks: bool = False) -> int:
    """The report as PDF: the exhibit and the Board evidence sheet (vectors) on pages 1 and 2, the tables after; returns the page count."""
    with PdfPages(path, metadata={"Title": f"Dock review: {review.site.name}", "Creator": f"dockreview {__version__}"}) as pdf:
        exhibit, _ = plot_review(review, page=page)
        sheet, _ = plot_evidence(review, page=page)
        writer = _PdfWriter(page, f"Dock review: {review.site.name} - parcel {review.site.parcel_id}")
        writer._new_page()
        writer.heading(f"Dock review: {review.site.name}", size=13)
        writer.facts(header(review), {"Verdict": VERDICT_COLOURS.get(review.verdict, "black")})
        for section in sections(review, all_checks=all_checks):
            head, rows = writer.table_rows(section) if section.rows else (None, [])
            keep = len(writer.paragraph_lines(section.text)) * _LINE_IN + 0.12 if section.text else 0.0
            if rows:
                keep += writer.keep_height(head, rows)  # the heading keeps its text and the table's first rows
            writer.heading(section.title, keep_with=keep)
            if section.text:
                writer.paragraph(section.text)
            if rows:
                tail = len(writer.paragraph_lines(section.note)) * _LINE_IN + 0.05 if section.note else 0.0
                writer.table(section, head, rows, tail=tail)
            if section.note:
                writer.paragraph(section.note, colour="#57606a")
        return writer.close(pdf, [exhibit, sheet])


def write_report(review, path: str | Path, *, page: str = "letter", all_checks: bool = False) -> None:
    """Write the report to ``path`` (.html, .pdf or .md), whole or not at all.

    ``all_checks`` lists the checks that do not apply to the dock in the table
    too, instead of the one line that names them.

    Raises
    ------
    ValueError
        For any other suffix.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in REPORT_SUFFIXES:
        raise ValueError(f"{path}: a report is .html, .pdf or .md")
    with atomic_path(path) as tmp:
        if suffix == ".pdf":
            write_pdf(review, tmp, page=page, all_checks=all_checks)
        elif suffix == ".html":
            tmp.write_text(to_html(review, page=page, all_checks=all_checks), encoding="utf-8")
        else:
            tmp.write_text(to_markdown(review, page=page, all_checks=all_checks), encoding="utf-8")
