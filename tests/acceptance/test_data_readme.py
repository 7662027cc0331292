"""data/README.md states what each sample site gives; every figure it states is checked here against the tool.

The figures are parsed from the README's own text: the site count in its first sentence, the
"sites at a glance" table, each site's "Expected values" table (every row must have a checker
below, so a new row cannot go unchecked), each site's "Verdict:" line, and the soundings
paragraph. A figure stated to n decimals must agree with the tool to half a unit in its last
place, plus the 0.02 ft the README allows for coordinates rounded to 0.001 ft.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
import tempfile
import warnings
from pathlib import Path

import numpy as np
import pytest
import shapely

import dockreview
from dockreview.inputs.bathymetry import bathymetry
from support.open_profile import open_readings_profile
from support.paths import DATA

README = (DATA / "README.md").read_text(encoding="utf-8")
OPEN_PROFILE = Path(tempfile.mkdtemp(prefix="open-readings-"))
SITES = sorted(p.parent.name for p in DATA.glob("*/site.toml"))
SLACK = 0.02  # ft: the README's "agree to within 0.02 ft"
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19, "twenty": 20,
}

_NUMBER = re.compile(r"[-−∓±]?\d{1,3}(?: \d{3})+(?:\.\d+)?|[-−∓±]?\d+(?:,\d{3})*(?:\.\d+)?")


# ----------------------------------------------------------------------------- reading the README


def numbers(text: str) -> list[str]:
    """The numbers of ``text`` as written ("1 054 835", "−3", "105.45"), minus signs made ASCII."""
    return [n.replace("−", "-") for n in _NUMBER.findall(text)]


def value(stated: str) -> float:
    return float(stated.replace(" ", "").replace(",", "").replace("∓", "").replace("±", ""))


def tolerance(stated: str) -> float:
    decimals = len(stated.split(".")[1]) if "." in stated else 0
    return 0.5 * 10.0**-decimals + SLACK


def bold(cell: str) -> list[str]:
    """The numbers inside the cell's **bold** parts."""
    return [n for part in re.findall(r"\*\*(.+?)\*\*", cell) for n in numbers(part)]


def plain(cell: str) -> list[str]:
    """The numbers of the cell outside parentheses."""
    return numbers(re.sub(r"\([^)]*\)", "", cell))


def raw_tables(text: str) -> list[list[list[str]]]:
    """Every Markdown table of ``text`` as its header row and body rows (the separator dropped)."""
    out, block = [], []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            block.append([c.strip() for c in line.strip().strip("|").split("|")])
            continue
        if len(block) > 2:
            out.append([block[0], *block[2:]])
        block = []
    return out


def tables(text: str) -> list[list[dict[str, str]]]:
    """Every Markdown table of ``text`` with a named header, as rows of {header: cell}."""
    return [[dict(zip(head, row)) for row in body] for head, *body in raw_tables(text) if all(head)]


def site_sections() -> dict[str, str]:
    """Each numbered site section's text, by site folder name."""
    parts = re.split(r"^## \d+\. `([\w-]+)`", README, flags=re.MULTILINE)
    return {parts[i]: parts[i + 1].split("\n## ")[0] for i in range(1, len(parts), 2)}


SECTIONS = site_sections()


def expected_rows(name: str) -> list[dict[str, str]]:
    return next(t for t in tables(SECTIONS[name]) if "quantity" in t[0])


def description(name: str) -> dict[str, str]:
    """The site's description table (first column unnamed): key -> text."""
    head, *body = next(t for t in raw_tables(SECTIONS[name]) if not any(t[0]))
    return {row[0]: row[1] for row in body}


# ----------------------------------------------------------------------------- the tool's side


@functools.lru_cache(maxsize=None)
def reviewed(name: str, extension: str | None = None):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        site = dockreview.load_site(DATA / name / "site.toml")
        if extension is None:
            return dockreview.review(site)
        # another reading than the profile's: reviewed under the same law with its readings left to the site
        manifest = site.manifest
        settings = dataclasses.replace(manifest.review, extension=extension)
        site = dataclasses.replace(site, manifest=dataclasses.replace(manifest, review=settings))
        return dockreview.review(site, profile=str(OPEN_PROFILE / open_readings_profile(OPEN_PROFILE)))


@dataclasses.dataclass
class Context:
    name: str

    @property
    def review(self):
        return reviewed(self.name)

    @property
    def site(self):
        return self.review.site

    @property
    def m(self):
        return self.review.measurements

    @property
    def ft(self) -> float:
        return self.site.ft_per_unit

    def distance(self, a, b) -> float:
        return float(shapely.distance(a, b)) * self.ft

    def local(self, geom):
        """``geom`` in the README's local frame (u along the shore, v seaward), from its stated origin and azimuth."""
        origin = description(self.name)["origin"]
        e0, n0 = (value(n) for n in numbers(origin.split("E0 =")[1])[:1] + numbers(origin.split("N0 =")[1])[:1])
        az = math.radians(value(numbers(origin.split("azimuth")[1])[-1]))  # "(at s = 0) 118°": the last number

        def to_local(xy):
            de, dn = xy[:, 0] - e0, xy[:, 1] - n0
            return np.column_stack([de * math.cos(az) - dn * math.sin(az), de * math.sin(az) + dn * math.cos(az)])

        return shapely.transform(geom, to_local)

    def docks_by_id(self) -> dict[str, object]:
        docks = self.site.docks
        return {str(i): g for i, g in zip(docks["DOCK_ID"], docks.geometry)}

    def channels_of_kind(self, kind: str):
        channels = self.site.channels
        return shapely.union_all(channels.geometry[channels["kind"] == kind].values)


def _azimuth(axis) -> float:
    return math.degrees(math.atan2(axis[0], axis[1])) % 360.0


def _pairs(cell: str) -> list[tuple[str, str]]:
    """("D-105-34", "171.0") pairs of a cell naming docks."""
    return [(i, d) for i, d in re.findall(r"(D-[\d-]+?)\s+\**([\d.]+)", cell)]


# Each checker returns (what, stated, actual) triples for one row of an Expected-values table.


def _first(attribute: str, which=bold):
    def check(ctx: Context, cell: str):
        found = which(cell) or plain(cell)
        return [(attribute, found[0], ctx.m[attribute])]

    return check


def _two(first: str, second: str, which=bold):
    def check(ctx: Context, cell: str):
        found = which(cell)
        return [(first, found[0], ctx.m[first]), (second, found[1], ctx.m[second])]

    return check


def _setbacks_perpendicular(ctx: Context, cell: str):
    m = reviewed(ctx.name, "perpendicular").measurements
    left, right = bold(cell)[:2]
    rows = [("perpendicular setback_left_ft", left, m.setback_left_ft), ("perpendicular setback_right_ft", right, m.setback_right_ft)]
    verdict = "pass" if "pass" in cell.split("|")[0] else "fail"
    assert reviewed(ctx.name, "perpendicular").check("side-setback").status == verdict, cell
    return rows


def _root(ctx: Context, cell: str):
    e, n = numbers(cell)[:2]
    x, y = ctx.review.dock.origin
    return [("root easting", e, x), ("root northing", n, y)]


def _bearing(ctx: Context, cell: str):
    return [("dock axis azimuth", (bold(cell) or plain(cell))[0], _azimuth(ctx.review.dock.axis))]


def _footprint(ctx: Context, cell: str):
    out = []
    components = ctx.review.dock.components
    for kind, u0, u1, v0, v1 in re.findall(r"(\w+) u ([−\d.-]+)…([−\d.-]+), v ([−\d.-]+)…([−\d.-]+)", cell):
        geom = shapely.union_all(components.geometry[components["component"] == kind].values)
        bounds = ctx.local(geom).bounds  # (u0, v0, u1, v1) in feet (EPSG:2263's foot; 2 ppm apart)
        for label, stated, actual in zip(("u0", "v0", "u1", "v1"), (u0, v0, u1, v1), bounds):
            out.append((f"{kind} {label}", stated.replace("−", "-"), actual))
    assert out, cell
    return out


def _anchorage_pair(kind: str):
    def check(ctx: Context, cell: str):
        first, second = bold(cell)[0], plain(cell)[1]
        terminus = ctx.review.layout.terminus
        return [
            ("channel_clearance_ft", first, ctx.m.channel_clearance_ft),
            (f"terminus to {kind}", first, ctx.distance(terminus, ctx.channels_of_kind(kind))),
            ("terminus to anchorage", second, ctx.distance(terminus, ctx.channels_of_kind("anchorage"))),
        ]

    return check


def _nearest_docks(ctx: Context, cell: str):
    pairs = _pairs(cell)
    docks = ctx.docks_by_id()
    terminus = ctx.review.layout.terminus
    out = [("dock_clearance_ft", pairs[0][1], ctx.m.dock_clearance_ft)]
    out += [(f"terminus to {i}", d, ctx.distance(terminus, docks[i])) for i, d in pairs]
    return out


def _docks_to_side_lines(ctx: Context, cell: str):
    rip = ctx.review.layout.riparian
    sides = shapely.union_all([rip.left_side, rip.left_extension, rip.right_side, rip.right_extension])
    docks = ctx.docks_by_id()
    return [(f"{i} to the side lines", d, ctx.distance(docks[i], sides)) for i, d in _pairs(cell)]


def _eelgrass(ctx: Context, cell: str):
    vegetation = shapely.union_all(ctx.site.vegetation.geometry.values)
    return [("float to eelgrass", plain(cell)[0], ctx.distance(ctx.review.dock.of("float"), vegetation))]


def _depth_range(ctx: Context, cell: str):
    low, high = plain(cell)[:2]
    surface = bathymetry(ctx.site.soundings)
    outline = shapely.segmentize(ctx.review.dock.of("float"), 0.1 / ctx.ft)
    depths = surface.depth_at(shapely.get_coordinates(outline))
    return [
        ("min_depth_under_float_ft", low, ctx.m.min_depth_under_float_ft),
        ("deepest under the float", high.lstrip("-"), float(np.nanmax(depths))),
    ]


def _water_corners(ctx: Context, cell: str):
    u, v = numbers(cell)[:2]
    rip = ctx.review.layout.riparian
    (lu, lv), (ru, rv) = (ctx.local(c).coords[0] for c in (rip.left_corner, rip.right_corner))
    return [("left corner u", "-" + u.strip("∓-"), lu), ("right corner u", u.strip("∓-"), ru),
            ("left corner v", v, lv), ("right corner v", v, rv)]


def _walkway_width(ctx: Context, cell: str):
    out = [("max_width_ft", bold(cell)[0], ctx.m.max_width_ft)]
    ramp = re.search(r"ramp ([\d.]+)", cell)
    if ramp:
        rect = shapely.oriented_envelope(ctx.review.dock.of("ramp"))
        sides = np.hypot(*np.diff(np.asarray(rect.exterior.coords)[:3], axis=0).T) * ctx.ft
        out.append(("ramp width", ramp.group(1), float(sides.min())))
    return out


def _float_areas(ctx: Context, cell: str):
    out = [("float_area_sqft", bold(cell)[0], ctx.m.float_area_sqft)]
    parts = re.search(r"\(([\d\s+.]+)\)", cell)
    if parts:
        stated = sorted(numbers(parts.group(1)), key=value)
        actual = sorted(g.area * ctx.ft**2 for g in ctx.review.dock.floats)
        assert len(stated) == len(actual), cell
        out += [("a float's area", s, a) for s, a in zip(stated, actual)]
    return out


def _check_value(check_id: str):
    def check(ctx: Context, cell: str):
        found = bold(cell)
        if not found:  # a yes/no standard ("canopy | yes"): its status row says the rest
            return []
        return [(check_id, found[0], ctx.review.check(check_id).value)]

    return check


def _deed_overlap(ctx: Context, cell: str):
    walkway = ctx.review.dock.of("walkway")
    return [("walkway inside the deed polygon", plain(cell)[0], shapely.intersection(walkway, ctx.site.parcel).area * ctx.ft**2)]


def _elevation_lots(ctx: Context) -> dict[str, dict]:
    return {lot["parcel_id"]: lot for lot in ctx.review.evidence.elevation.values["lots"]}


def _deck_elevation(ctx: Context, cell: str):
    return [("deck_elevation_ft", bold(cell)[0], ctx.review.evidence.elevation.values["deck_elevation_ft"])]


def _frontage_ground(ctx: Context, cell: str):
    stated = bold(cell)[0]
    keys = ("frontage_ground_lowest_ft", "frontage_ground_median_ft", "frontage_ground_highest_ft")
    return [(f"{pid} {key}", stated, lot[key]) for pid, lot in _elevation_lots(ctx).items() for key in keys]


def _lowest_adjacent_grade(ctx: Context, cell: str):
    lots = _elevation_lots(ctx)
    pairs = re.findall(r"(\d-\d{3}-\d{2})\s+\*\*([\d.]+)", cell)
    assert pairs, cell
    return [(f"{pid} dwelling_lowest_adjacent_grade_ft", stated, lots[pid]["dwelling_lowest_adjacent_grade_ft"]) for pid, stated in pairs]


CHECKERS = {
    "frontage": _first("frontage_ft"),
    "frontage (along mhw)": _first("frontage_ft"),
    "frontage (chord)": _first("frontage_chord_ft", plain),
    "required setback": _first("required_setback_ft"),
    "dock root": _root,
    "bearing": _bearing,
    "walkway azimuth": _bearing,
    "dock footprint": _footprint,
    "setback left / right": _two("setback_left_ft", "setback_right_ft"),
    "setback left": _first("setback_left_ft"),
    "setback right": _first("setback_right_ft"),
    "setback left (straight)": _first("setback_left_ft"),
    "setback right (straight)": _first("setback_right_ft"),
    "setback left / right (perpendicular)": _setbacks_perpendicular,
    "reach": _first("reach_ft"),
    "walkway width / float area": _two("max_width_ft", "float_area_sqft", plain),
    "walkway width": _walkway_width,
    "total float area": _float_areas,
    "terminus to channel / anchorage": _anchorage_pair("channel"),
    "terminus to fairway / anchorage": _anchorage_pair("fairway"),
    "terminus to channel": _first("channel_clearance_ft"),
    "nearest existing dock": _nearest_docks,
    "nearest charted pier": _first("dock_clearance_ft"),
    "neighbours' docks to the subject's side lines": _docks_to_side_lines,
    "eelgrass to float": _eelgrass,
    "depth under the float": _depth_range,
    "shallowest depth under the float": _first("min_depth_under_float_ft", plain),
    "water corners": _water_corners,
    "walkway inside the deed polygon": _deed_overlap,
    "float position": _check_value("float-position"),
    "railing height": _check_value("railing-height"),
    "canopy": _check_value("canopy"),
    # the other towns' profiles (sites 7-12)
    "waterway width (square to the shore)": _first("width_square_to_shore_ft"),
    "waterway width (square to the centreline)": _first("width_square_to_centerline_ft"),
    "creek width between the marsh edges": _first("vegetation_width_square_to_shore_ft"),
    "reach from the mlw line": _first("reach_from_mlw_ft"),
    "extent into the canal": _check_value("waterway-share"),
    "terminal platform": _check_value("terminal-platform"),
    "share of the channel": _check_value("channel-share"),
    "width along the shore": _check_value("width-along-shore"),
    "dock area counted": _check_value("dock-area"),
    "length from the mllw line": _check_value("length-from-mllw"),
    "depth at the berths at mllw": _check_value("berth-depth"),
    "boat slips": _check_value("boat-slips"),
    "loading platform": _check_value("loading-platform"),
    "length from mhw": _check_value("length"),
    "joist height": _check_value("joist-height"),
    "fixed platform": _check_value("fixed-platform"),
    # the Board evidence's elevations (site 6)
    "deck elevation": _deck_elevation,
    "ground along the adjoining frontages": _frontage_ground,
    "lowest adjacent grade": _lowest_adjacent_grade,
}

#: The check a status column speaks of, for the rows of a table with limit and status columns.
STATUS_CHECKS = {
    "frontage": "frontage",
    "setback left": "side-setback",
    "setback right": "side-setback",
    "reach": "reach",
    "terminus to channel": "channel-clearance",
    "nearest existing dock": "dock-clearance",
    "walkway width": "width",
    "total float area": "float-area",
    "float position": "float-position",
    "railing height": "railing-height",
    "canopy": "canopy",
    "extent into the canal": "waterway-share",
    "terminal platform": "terminal-platform",
    "share of the channel": "channel-share",
    "width along the shore": "width-along-shore",
    "dock area counted": "dock-area",
    "length from the mllw line": "length-from-mllw",
    "depth at the berths at mllw": "berth-depth",
    "boat slips": "boat-slips",
    "loading platform": "loading-platform",
    "length from mhw": "length",
    "joist height": "joist-height",
    "fixed platform": "fixed-platform",
}
#: The check a status column speaks of where a town's profile names it otherwise than Kings Point's.
SITE_STATUS_CHECKS = {
    ("wisconsin-lakeshore", "walkway width"): "pier-width",
    ("huntington-harbor", "walkway width"): "deck-width",
}


def _label(row: dict[str, str]) -> str:
    return row["quantity"].replace("`", "").strip().lower()


ROWS = [(name, _label(row), row) for name in SECTIONS for row in expected_rows(name)]


# ----------------------------------------------------------------------------- the tests


def test_the_readme_counts_the_sites_there_are():
    first = README.split("\n\n")[1]
    word = re.match(r"(\w+) sample sites", first).group(1).lower()
    assert NUMBER_WORDS[word] == len(SITES)
    assert sorted(SECTIONS) == SITES, "each site folder has its numbered section"


@pytest.mark.parametrize("name", SITES)
def test_the_verdict_line_agrees(name):
    lines = re.findall(r"^Verdict[^:\n]*: (\w+)", SECTIONS[name], flags=re.MULTILINE)
    assert lines == [reviewed(name).verdict], f"{name}: README says {lines}, the tool {reviewed(name).verdict}"


def _glance() -> dict[str, dict[str, str]]:
    table = next(t for t in tables(README.split("## Conventions")[0]) if "verdict" in t[0])
    return {re.search(r"`([\w-]+)`", row["site"]).group(1): row for row in table}


@pytest.mark.parametrize("name", SITES)
def test_the_table_at_a_glance_agrees(name):
    row = _glance()[name]
    r = reviewed(name)
    m = r.measurements
    columns = {
        "frontage": [m.frontage_ft],
        "required setback": [m.required_setback_ft],
        "setback left / right": [m.setback_left_ft, m.setback_right_ft],
        "reach": [m.reach_ft],
        "terminus to channel": [m.channel_clearance_ft],
        "nearest dock": [m.dock_clearance_ft],
    }
    assert set(row) == {"site", "verdict", "checks that fail", "checks that need data", *columns}, "a column without a check"
    assert row["verdict"] == r.verdict
    for column, actual in columns.items():
        if row[column].strip() == "—":  # a figure the site's data cannot give
            assert all(a is None for a in actual), f"{name} {column}: README says none, the tool {actual}"
            continue
        stated = numbers(row[column])
        assert len(stated) == len(actual), (column, row[column])
        for s, a in zip(stated, actual):
            assert abs(value(s) - a) <= tolerance(s), f"{name} {column}: README {s}, tool {a:.3f}"
    failing = [c.id for c in r.checks if c.status == "fail"]
    assert row["checks that fail"] == (", ".join(failing) or "none")
    missing = [c.id for c in r.checks if c.status == "needs-data"]
    assert row["checks that need data"] == (str(len(missing)) if missing else "none")


@pytest.mark.parametrize(("name", "quantity", "row"), ROWS, ids=[f"{n}-{q}" for n, q, _ in ROWS])
def test_every_expected_value_agrees(name, quantity, row):
    assert quantity in CHECKERS, f"{name}: README row '{quantity}' has no checker in this test; add one"
    ctx = Context(name)
    figures = CHECKERS[quantity](ctx, row["value"])
    for what, stated, actual in figures:
        assert actual is not None, f"{name} {quantity}: the tool gives no {what}"
        assert abs(value(stated) - actual) <= tolerance(stated), f"{name} {quantity} ({what}): README {stated}, tool {actual:.3f}"
    if row.get("status"):
        check = ctx.review.check(SITE_STATUS_CHECKS.get((name, quantity), STATUS_CHECKS[quantity]))
        status = row["status"].lower()
        if quantity in ("setback left", "setback right"):  # one side of the side-setback check
            passes = figures[0][2] >= ctx.m.required_setback_ft
            assert status == ("pass" if passes else "fail"), row
        else:
            assert status == check.status, f"{name} {quantity}: README {status}, tool {check.status}"
        limit = numbers(row["limit"])
        if limit and "." in limit[0]:  # a computed limit, stated to its decimals
            assert abs(check.limit - value(limit[0])) <= tolerance(limit[0]), (row["limit"], check.limit)
        elif limit:
            assert check.limit == pytest.approx(value(limit[0])), (row["limit"], check.limit)


def test_the_soundings_paragraph_agrees():
    paragraph = next(p for p in README.split("\n\n") if "soundings: 7 shore-normal transects" in p)
    count = int(re.search(r"has (\d+) soundings", paragraph).group(1))
    low, high = numbers(re.search(r"the range is ([\d.–-]+) ft", paragraph).group(1).replace("–", " "))
    for name in ("straight-t-float", "curved-cove"):
        depths = reviewed(name).site.soundings["depth_ft"]
        assert len(depths) == count, name
        assert depths.min() >= value(low) - 1e-9 and depths.max() <= value(high) + 1e-9, name
