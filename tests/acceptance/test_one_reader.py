"""One number, one reader: the measurements are raw figures, the checks compare them with their own parameters.

Known by construction (the local frame of tests/support/sitegen.py: shore v = 0, seaward +v, a walkway
u -3..3, v 0..110 on a lot u -100..100):

* A T float 20 x 8 ft centred across the walkway's end, turned 10 deg about its centre, has its long axis 80 deg
  from the walkway's: 10 deg off square. The float-layout check's own ``tolerance`` decides it: 5 fails, 10
  passes (at the limit), whatever the profile's ``[values]`` say. Turned 17 deg, it passes a 20-deg tolerance
  and fails a 15-deg one.
* A float 20 x 10 ft set 1 ft seaward of the walkway's end stands 1 ft from it: a 0.5-ft tolerance fails, a
  1-ft tolerance passes (1.000002 ft in EPSG:2263's US survey feet is at the 1-ft limit).
* South Carolina's dock area by creek width: a creek exactly 151 ft between the MHW line and the far bank's
  marsh edge is in the "151 ft" tier (600 sq ft, the profile's words: "151 ft itself in the last") drawn in
  EPSG:2263 or in EPSG:32618, at any bearing; one 0.01 ft narrower (150.99 ft) is in the 51-150 ft tier
  (160 sq ft).
* Wisconsin's slips on 120 ft of frontage: 2 for the first 50 ft and 1 for the further full 50 ft, 3 allowed;
  1 slip reads "1 slip".
* Every sample site in data/ under every shipped profile: the report's text names no measurement "Pwc ..."
  or "Mlw ...", and no value reads "inf", "nan", "None" or "none"; an empty layer's clearance says there is
  nothing to clear.
"""

from __future__ import annotations

import base64
import re
import shutil
from dataclasses import fields
from pathlib import Path

import pytest
from shapely import affinity

import dockreview
from dockreview.outputs.report import MEASUREMENT_LABELS, header, sections, write_report
from support.samples import reviewed_under_every_profile
from support.sitegen import canal_layout, frame_in, make_site, rect, t_dock, write_local_site

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
KINGS_POINT = (ROOT / "src" / "dockreview" / "rules" / "profiles" / "kings-point-ny.toml").read_text(encoding="utf-8")
SITES = sorted(p.parent.name for p in DATA.glob("*/site.toml"))
WALKWAY = ("walkway", rect(-3.0, 0.0, 3.0, 110.0))
#: A float 20 x 8 ft square to the walkway, centred at (0, 116) past its end.
T_FLOAT = rect(-10.0, 112.0, 10.0, 120.0)


def _kings_point_with(tmp_path: Path, check: str, key: str, value: float) -> Path:
    """The Kings Point profile with ``[checks.CHECK] KEY`` given as the number ``value`` (a town's own edit)."""
    table = f"[checks.{check}]"
    head, tail = KINGS_POINT.split(table, 1)
    body, rest = (tail.split("\n[", 1) + [""])[:2]
    body = re.sub(rf"(?m)^{key} = .*$", f"{key} = {value!r}", body)
    assert f"{key} = {value!r}" in body
    path = tmp_path / f"town-{check}-{key}-{value}.toml"
    path.write_text(head + table + body + ("\n[" + rest if rest else ""), encoding="utf-8")
    return path


def _footprint_site(tmp_path: Path, parts) -> Path:
    return make_site(tmp_path / "site", rotation=25.0, footprint=[WALKWAY, *parts]).manifest


# ----------------------------------------------------------------------------- float layout: the check's tolerance


@pytest.mark.parametrize(
    ("turn", "tolerance", "status"),
    [(10.0, 5.0, "fail"), (10.0, 10.0, "pass"), (17.0, 20.0, "pass"), (17.0, 15.0, "fail")],
)
def test_float_layout_is_held_to_the_checks_own_tolerance(tmp_path, turn, tolerance, status):
    float_part = affinity.rotate(T_FLOAT, turn, origin=(0.0, 116.0))
    manifest = _footprint_site(tmp_path, [("float", float_part)])
    town = _kings_point_with(tmp_path, "float-layout", "tolerance", tolerance)
    r = dockreview.review(dockreview.load_site(manifest), profile=town)
    # the measurement is raw: the shape nearest (a T, centred across the walkway) and the angle, not a verdict
    assert r.measurements.float_layout == "T"
    assert r.measurements.float_angle_deg == pytest.approx(90.0 - turn, abs=1e-3)
    check = r.check("float-layout")
    assert (check.value, check.limit, check.status) == (pytest.approx(turn, abs=1e-3), tolerance, status)
    assert f"{turn:.1f} deg off square" in check.message


def test_float_layout_under_the_shipped_profile_reads_its_value(tmp_path):
    # Kings Point's 15-deg interpretation: 10 deg off square passes, and the measurement names the T all the same
    manifest = _footprint_site(tmp_path, [("float", affinity.rotate(T_FLOAT, 10.0, origin=(0.0, 116.0)))])
    r = dockreview.review(dockreview.load_site(manifest))
    check = r.check("float-layout")
    assert (check.value, check.limit, check.status) == (pytest.approx(10.0, abs=1e-3), 15.0, "pass")


# ----------------------------------------------------------------------------- float position: raw gap, at the limit


@pytest.mark.parametrize(("gap", "tolerance", "status"), [(1.0, 0.5, "fail"), (1.0, 1.0, "pass"), (0.0, 0.5, "pass")])
def test_float_position_holds_the_raw_gap_to_its_tolerance_at_the_limit(tmp_path, gap, tolerance, status):
    float_part = rect(-10.0, 110.0 + gap, 10.0, 120.0 + gap)
    manifest = _footprint_site(tmp_path, [("float", float_part)])
    town = _kings_point_with(tmp_path, "float-position", "tolerance", tolerance)
    r = dockreview.review(dockreview.load_site(manifest), profile=town)
    assert r.measurements.float_gap_ft == pytest.approx(gap, abs=1e-3)
    check = r.check("float-position")
    assert (check.value, check.limit, check.status) == (pytest.approx(gap, abs=1e-3), tolerance, status)


# ----------------------------------------------------------------------------- a tier's edge: the at-the-limit slack

SC_DOCK = [("walkway", rect(-2.0, -5.0, 2.0, 20.0)), ("landing", rect(-5.0, 20.0, 5.0, 34.0))]


@pytest.mark.parametrize("crs", ["EPSG:2263", "EPSG:32618"])
@pytest.mark.parametrize("rotation", [15.0, 123.0])
@pytest.mark.parametrize(("creek_ft", "allowed"), [(151.0, 600.0), (150.99, 160.0)])
def test_a_creek_at_a_tier_edge_is_in_the_same_tier_in_every_crs(tmp_path, crs, rotation, creek_ft, allowed):
    parcels, mhw = canal_layout(width=200.0, lot_width=100.0, run=400.0)
    marsh = [rect(-400.0, creek_ft, 400.0, 200.0)]  # the far bank's marsh edge; the near bank has none (its MHW line)
    files = write_local_site(tmp_path, frame_in(crs, rotation=rotation), parcels=parcels, mhw=mhw, footprint=SC_DOCK,
                             extra={"vegetation": marsh})
    r = dockreview.review(dockreview.load_site(files.manifest), profile="sc-ocrm")
    assert r.measurements.vegetation_width_square_to_shore_ft == pytest.approx(creek_ft, abs=1e-3)
    check = r.check("dock-area")
    assert (check.value, check.limit, check.status) == (pytest.approx(140.0, abs=1e-2), allowed, "pass")


# ----------------------------------------------------------------------------- one formatter for counts


def test_one_slip_reads_one_slip_in_the_check_and_the_report(tmp_path):
    folder = tmp_path / "wisconsin"
    shutil.copytree(DATA / "wisconsin-lakeshore", folder)
    manifest = folder / "site.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("slips = 3", "slips = 1"), encoding="utf-8")
    r = dockreview.review(dockreview.load_site(manifest))
    check = r.check("boat-slips")
    assert (check.value, check.limit, check.status) == (1.0, 3.0, "pass")
    assert check.message.startswith("1 slip within the 3 slips allowed"), check.message
    assert "1 slip for each further full 50.0 ft" in check.message, check.message
    out = tmp_path / "report.md"
    write_report(r, out)
    text = out.read_text(encoding="utf-8")
    assert "1 slip within" in text and not re.search(r"\b1 slips\b", text)


# ----------------------------------------------------------------------------- plain labels, no inf, nan or none

#: A label read off a measurement's name with its acronym lower-cased.
BAD_LABEL = re.compile(r"\b(Pwc|Mhw|Mlw|Mllw)\b")
#: A value that is not one: a number printed as Python prints inf or NaN, or None.
BAD_VALUE = re.compile(r"(?<![\w.-])(-?inf|nan|None)(?![\w-])")


def test_every_measurement_has_a_plain_label():
    site = dockreview.load_site(DATA / "straight-t-float" / "site.toml")
    names = {f.name for f in fields(dockreview.review(site).measurements)} - {"missing"}
    assert names <= set(MEASUREMENT_LABELS), sorted(names - set(MEASUREMENT_LABELS))
    for label, _ in MEASUREMENT_LABELS.values():
        assert not BAD_LABEL.search(label), label


def _report_cells(review) -> list[tuple[str, str]]:
    """(where, text) of every fact under the title and every cell, text and note of every section of the report."""
    cells = [(f"header {label}", value) for label, value in header(review)]
    for section in sections(review, all_checks=True):
        cells += [(section.title, section.text), (section.title, section.note)]
        cells += [(f"{section.title}: {row[0]}", cell) for row in section.rows for cell in row]
    return cells


def _problems(cells) -> list[str]:
    out = []
    for where, text in cells:
        if text.strip().lower() == "none" or BAD_VALUE.search(text) or BAD_LABEL.search(text):
            out.append(f"{where}: {text!r}")
    return out


@pytest.mark.parametrize("name", SITES)
def test_no_report_of_a_sample_site_under_any_profile_prints_inf_nan_none_or_a_lower_cased_acronym(name):
    reviewed = 0
    for profile, review in reviewed_under_every_profile(name):
        reviewed += 1
        problems = _problems(_report_cells(review))
        assert not problems, f"{name} under {profile}: " + "; ".join(problems)
    assert reviewed >= 1


def _svg_texts(markdown: str) -> list[str]:
    texts = []
    for uri in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", markdown):
        svg = base64.b64decode(uri).decode("utf-8")
        texts += [t for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg) if t.strip()]
    return texts


@pytest.mark.parametrize("name", SITES)
def test_the_markdown_report_of_a_sample_site_under_its_own_profile_reads_plainly(tmp_path, name):
    review = dockreview.review(dockreview.load_site(DATA / name / "site.toml"))
    out = tmp_path / "report.md"
    write_report(review, out, all_checks=True)
    markdown = out.read_text(encoding="utf-8")
    text = re.sub(r"data:image/svg\+xml;base64,[A-Za-z0-9+/=]+", "", markdown)
    lines = [("markdown", line) for line in text.splitlines()]
    lines += [("markdown cell", cell.strip()) for line in text.splitlines() if line.startswith("|") for cell in line.split("|")]
    lines += [("markdown fact", line.split(":**", 1)[1]) for line in text.splitlines() if line.startswith("- **")]
    lines += [("sheet", t) for t in _svg_texts(markdown)]
    problems = _problems(lines)
    assert not problems, f"{name}: " + "; ".join(problems)


def test_an_empty_layer_clearance_says_there_is_nothing_to_clear(tmp_path):
    files = make_site(tmp_path / "site", dock=t_dock(), channels=[], docks=[], fmt="geojson")
    review = dockreview.review(dockreview.load_site(files.manifest))
    assert review.check("channel-clearance").status == "pass"
    rows = dict(next(s for s in sections(review) if s.title == "Measurements").rows)
    assert rows["Seaward terminus to the nearest channel, fairway or anchorage"].startswith("no channel to clear")
    assert rows["Seaward terminus to the nearest other dock"].startswith("no other dock to clear")
    checks = {row[1]: row for row in next(s for s in sections(review) if s.title == "Checks").rows}
    assert checks["channel-clearance"][4].startswith("nothing to clear")
    out = tmp_path / "report.md"
    write_report(review, out)
    text = re.sub(r"data:image/svg\+xml;base64,[A-Za-z0-9+/=]+", "", out.read_text(encoding="utf-8"))
    assert not BAD_VALUE.search(text), BAD_VALUE.search(text)
