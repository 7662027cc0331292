"""The provider's runs without QGIS: a manifest from picked layers, progress and cancelling, the styles.

The runs against the command line, through the real qgis_process, are in tests/qgis/.
"""

from __future__ import annotations

import io
import re
import sys
import tomllib
import xml.etree.ElementTree as ET

import pyogrio
import pytest
from click.testing import CliRunner
from tqdm import tqdm

import dockreview
from dockreview.cli import main
from dockreview.outputs.style import COLOURS, EVIDENCE_COLOURS, VERDICT_COLOURS
from dockreview.qgis import runs
from support.paths import DATA, ROOT

SITE = DATA / "straight-t-float"
STYLES = ROOT / "src" / "dockreview" / "qgis" / "styles"


def _picked(folder, **extra):
    """straight-t-float's manifest, written again from its layers and values as the provider writes it."""
    manifest = tomllib.loads((SITE / "site.toml").read_text(encoding="utf-8"))
    dock = manifest["dock"]
    return runs.write_manifest(
        folder / "site.toml", parcels=(str(SITE / "parcels.shp"), None), mhw=(str(SITE / "mhw.shp"), None),
        parcel_id="2-105-33", id_field="PARCEL_ID", class_field="PROP_CLASS", channels=(str(SITE / "nav.gpkg"), "channels"),
        docks=(str(SITE / "docks.geojson"), None), docks_id_field="DOCK_ID", soundings=(str(SITE / "survey.gpkg"), "soundings"),
        depth_field="DEPTH_MLW", vegetation=(str(SITE / "survey.gpkg"), "vegetation"), length=dock["length"],
        width=dock["width"], float_size=(dock["float"]["length"], dock["float"]["width"]), float_layout="T",
        float_draft_ft=dock["float_draft_ft"], use=dock["use"], attributes=dock["attributes"], draft_ft=3.0, **extra,
    )


@pytest.mark.parametrize("crs", ["EPSG:2263", "EPSG:26918"])
def test_a_manifest_from_picked_layers_reviews_as_the_hand_written_one(tmp_path, crs):
    """Every check of the written manifest equals the sample's own, in US feet and in metres (NAD83 / UTM 18N).

    In UTM the same ground measures a few parts in ten thousand apart (the two grids' scale
    factors): the values agree to 0.1 %, the statuses exactly.
    """
    expected = dockreview.review(dockreview.load_site(SITE / "site.toml"))
    written = _picked(tmp_path, crs=crs)
    with pytest.warns(dockreview.DockReviewWarning, match="leads outside the manifest's folder"):
        got = dockreview.review(dockreview.load_site(written))
    assert got.verdict == expected.verdict == "compliant"
    assert [c.id for c in got.checks] == [c.id for c in expected.checks]
    for ours, theirs in zip(got.checks, expected.checks):
        assert ours.status == theirs.status, ours.id
        if theirs.value is None:
            assert ours.value is None, ours.id
        else:
            assert ours.value == pytest.approx(theirs.value, rel=1e-3, abs=0.05), ours.id
    assert got.site.crs.to_epsg() == int(crs.split(":")[1])


def test_a_manifest_without_a_dock_carries_a_nominal_walkway_and_no_crs(tmp_path):
    path = runs.write_manifest(
        tmp_path / "s.toml", parcels=("p.shp", None), mhw=("m.gpkg", "mhw"), parcel_id="7", id_field="PID"
    )
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert doc["site"] == {"name": "parcel 7"}
    assert doc["layers"] == {"parcels": "p.shp", "mhw": {"path": "m.gpkg", "layer": "mhw"}}
    assert doc["dock"] == {"root": "auto", "bearing": "perpendicular", "length": 1.0, "width": 1.0}


def test_a_written_manifest_is_not_warned_that_its_layers_lie_elsewhere(tmp_path):
    run = runs.review_site(_picked(tmp_path), written=True)
    assert run.verdict == "compliant" and run.warnings == []
    cli = runs.review_site(_picked(tmp_path))
    assert len(cli.warnings) == 6 and all(runs.OUTSIDE in w for w in cli.warnings)


def test_review_site_writes_what_check_writes(tmp_path):
    run = runs.review_site(SITE / "site.toml", output=tmp_path / "q.gpkg", json_path=tmp_path / "q.json")
    cli = CliRunner().invoke(main, ["-q", "check", str(SITE / "site.toml"), "--gpkg", str(tmp_path / "c.gpkg"), "--json", str(tmp_path / "c.json")])
    assert cli.exit_code == 0, cli.output
    assert (tmp_path / "q.json").read_bytes() == (tmp_path / "c.json").read_bytes()
    assert run.layers == [name for name, _ in pyogrio.list_layers(tmp_path / "c.gpkg")]
    assert run.verdict == "compliant" and run.fields["parcel_id"] == "PARCEL_ID" and run.fields["depth"] == "DEPTH_MLW"
    assert set(run.inputs) == {"parcels", "mhw", "channels", "docks", "soundings", "vegetation"}
    assert run.inputs["channels"] == (str(SITE / "nav.gpkg"), "channels")


def test_the_progress_bar_is_read_as_progress_and_other_text_passes(monkeypatch):
    seen: list[float] = []
    real = io.StringIO()
    monkeypatch.setattr(sys, "stderr", real)
    with runs.bar_progress(lambda f, _: seen.append(f), 0.2, 0.6) as bar:
        for _ in tqdm(range(4), disable=not bar, mininterval=0):
            print("a note", file=sys.stderr)
    assert sys.stderr is real
    assert seen[0] == pytest.approx(0.2) and seen[-1] == pytest.approx(0.6)
    assert seen == sorted(seen)
    assert real.getvalue().count("a note") == 4 and "%|" not in real.getvalue()


def test_cancelling_stops_the_screen_and_writes_nothing(tmp_path):
    calls = []

    def progress(fraction, text):
        calls.append(fraction)
        if text is None:  # the screen's own bar: cancel there
            raise runs.Cancelled()

    with pytest.raises(runs.Cancelled):
        runs.screen_parcels(
            (str(SITE / "parcels.shp"), None), (str(SITE / "mhw.shp"), None), output=tmp_path / "s.gpkg", progress=progress
        )
    assert calls[-1] == pytest.approx(0.1) and not (tmp_path / "s.gpkg").exists() and not (tmp_path / "s.csv").exists()


def test_every_layer_of_every_sample_review_has_a_style(tmp_path, sample_manifest):
    result = CliRunner().invoke(main, ["-q", "check", str(sample_manifest), "--gpkg", str(tmp_path / "r.gpkg")])
    assert result.exit_code in (0, 1, 3), result.output
    for name, _ in pyogrio.list_layers(tmp_path / "r.gpkg"):
        assert (STYLES / f"{name}.qml").exists(), name


def _colours(qml) -> set[str]:
    """Every colour a style paints with, as #rrggbb (fully transparent ones left out)."""
    found = set()
    for option in ET.parse(qml).iter("Option"):
        value = option.get("value") or ""
        if option.get("name") in ("color", "outline_color", "line_color") and re.fullmatch(r"\d+,\d+,\d+,\d+", value):
            r, g, b, a = (int(v) for v in value.split(","))
            if a:
                found.add(f"#{r:02x}{g:02x}{b:02x}")
    return found


@pytest.mark.parametrize("style, colours", [
    ("dock_components", {COLOURS[c] for c in ("walkway", "ramp", "float", "landing", "boat_lift", "pwc_lift")}),
    ("side_lines", {COLOURS["side"]}),
    ("setback_band", {COLOURS["band"]}),
    ("allowed_reach_line", {COLOURS["reach"]}),
    ("clearance_rings", {COLOURS["ring"]}),
    ("seaward_terminus", {COLOURS["warning"]}),
    ("no_go_areas", {COLOURS["no_go_setback"], COLOURS["no_go_reach"], COLOURS["no_go_terminus"]}),
    ("dimension_lines", {COLOURS["dimension"]}),
    ("evidence_pierhead_line", {EVIDENCE_COLOURS["pierhead"]}),
    ("site_mhw_line", {COLOURS["mhw"]}),
    ("site_parcels", {COLOURS["parcel"], COLOURS["neighbour"]}),
    ("audit_docks_polygon", {VERDICT_COLOURS[v] for v in ("compliant", "noncompliant", "incomplete")}),
])
def test_styles_paint_in_the_exhibits_colours(style, colours):
    assert colours <= _colours(STYLES / f"{style}.qml")
