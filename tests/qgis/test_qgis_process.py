"""The provider in the real QGIS: qgis_process lists the four algorithms, and each answers as the command line does.

Each algorithm runs on a sample site through ``qgis_process --json run`` and its
outputs are compared with those of the command for the same site: the verdict,
the JSON, every layer of the GeoPackage (fields, values, geometries) and the CSV.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
import zipfile

import geopandas as gpd
import pandas as pd
import pyogrio
import pytest
from click.testing import CliRunner
from geopandas.testing import assert_geodataframe_equal

from dockreview.cli import main
from dockreview.qgis import install
from support.paths import DATA, ROOT

SITE = DATA / "straight-t-float"


def cli(*args: str, quiet: bool = True):
    """The command line's run of ``args`` (with -q unless asked: only its results on standard output)."""
    return CliRunner().invoke(main, ["-q", *args] if quiet else list(args))


def assert_same_layers(ours, theirs) -> None:
    """Two GeoPackages with the same layers, in the same order, each with the same fields, values and geometries."""
    names = [name for name, _ in pyogrio.list_layers(theirs)]
    assert [name for name, _ in pyogrio.list_layers(ours)] == names
    for name, geometry in pyogrio.list_layers(theirs):
        if geometry is None:  # a table (the screen's record)
            read = lambda path: pyogrio.read_dataframe(path, layer=name, read_geometry=False)  # noqa: B023
            pd.testing.assert_frame_equal(read(ours), read(theirs))
            continue
        assert_geodataframe_equal(gpd.read_file(ours, layer=name), gpd.read_file(theirs, layer=name), check_less_precise=False)


def test_the_provider_lists_its_four_algorithms(qgis_process, qgis_config):
    assert sorted(install.listed_algorithms(qgis_process, qgis_config)) == sorted(install.ALGORITHMS)
    out = subprocess.run([qgis_process, "help", "dockreview:review"], capture_output=True, text=True,
                         env=install.qgis_environ(qgis_config), timeout=300)
    for parameter in ("MANIFEST", "PARCELS", "PARCEL_ID", "MHW", "CHANNELS", "DOCKS", "SOUNDINGS", "VEGETATION", "DOCK",
                      "PROFILE", "OUTPUT", "REPORT", "JSON", "VERDICT"):
        assert re.search(rf"^{parameter}: ", out.stdout, flags=re.MULTILINE), parameter


@pytest.mark.parametrize("site, verdict", [("straight-t-float", "compliant"), ("failing-narrow-lot", "noncompliant")])
def test_review_from_a_manifest_answers_as_check(run_algorithm, tmp_path, site, verdict):
    manifest = DATA / site / "site.toml"
    run = run_algorithm(
        "dockreview:review", MANIFEST=manifest, OUTPUT=tmp_path / "q.gpkg", JSON=tmp_path / "q.json", REPORT=tmp_path / "q.md"
    )
    results = run.results
    check = cli("check", str(manifest), "--gpkg", str(tmp_path / "c.gpkg"), "--json", str(tmp_path / "c.json"))
    report = cli("report", str(manifest), "-o", str(tmp_path / "c.md"))
    assert report.exit_code == 0, report.output
    assert results["VERDICT"] == json.loads((tmp_path / "c.json").read_text())["verdict"] == verdict
    assert check.exit_code == {"compliant": 0, "noncompliant": 1}[verdict]
    assert (tmp_path / "q.json").read_bytes() == (tmp_path / "c.json").read_bytes()
    # the report's text; its sheets are SVGs whose clip-path ids matplotlib draws at random
    sheet = re.compile(r"data:image/svg\+xml;base64,[A-Za-z0-9+/=]+")
    ours, theirs = ((tmp_path / n).read_text() for n in ("q.md", "c.md"))
    assert sheet.sub("SVG", ours) == sheet.sub("SVG", theirs) and len(sheet.findall(ours)) == len(sheet.findall(theirs)) == 2
    assert_same_layers(tmp_path / "q.gpkg", tmp_path / "c.gpkg")
    names = [name for name, _ in pyogrio.list_layers(tmp_path / "c.gpkg")]
    assert results["LAYERS"] == [f"{tmp_path / 'q.gpkg'}|layername={name}" for name in names]
    assert results["VERDICT_REASON"] == json.loads((tmp_path / "c.json").read_text())["verdict_reason"]


def test_review_from_layers_picked_in_a_project_answers_as_the_manifest(run_algorithm, tmp_path):
    """straight-t-float's layers and dock given one by one, reviewed in metres (NAD83 / UTM 18N): the manifest's checks.

    The parcels come as a SQLite table (whose driver writes the field names in lower case), a format the review
    does not read: QGIS writes them to a GeoPackage first.
    """
    dock = tomllib.loads((SITE / "site.toml").read_text())["dock"]
    gpd.read_file(SITE / "parcels.shp").to_file(tmp_path / "parcels.sqlite", driver="SQLite", engine="pyogrio")
    run = run_algorithm(
        "dockreview:review", PARCELS=tmp_path / "parcels.sqlite", PARCEL_ID_FIELD="parcel_id", PARCEL_ID="2-105-33",
        CLASS_FIELD="prop_class", MHW=SITE / "mhw.shp", CHANNELS=f"{SITE / 'nav.gpkg'}|layername=channels",
        DOCKS=SITE / "docks.geojson", DOCKS_ID_FIELD="DOCK_ID", SOUNDINGS=f"{SITE / 'survey.gpkg'}|layername=soundings",
        DEPTH_FIELD="DEPTH_MLW", VEGETATION=f"{SITE / 'survey.gpkg'}|layername=vegetation", LENGTH=110, WIDTH=6,
        FLOAT_LENGTH=20, FLOAT_WIDTH=10, FLOAT_DRAFT=1.5, USE="recreational", ATTRIBUTES=json.dumps(dock["attributes"]),
        DRAFT=3, CRS="EPSG:26918", OUTPUT=tmp_path / "q.gpkg", JSON=tmp_path / "q.json", SITE_MANIFEST=tmp_path / "q.toml",
    )
    assert run.results["VERDICT"] == "compliant"
    assert not [w for w in run.json.get("log", {}).get("warning", []) if "outside the manifest" in w]
    cli("check", str(SITE / "site.toml"), "--json", str(tmp_path / "c.json"))
    ours, theirs = (json.loads((tmp_path / n).read_text()) for n in ("q.json", "c.json"))
    assert ours["crs"].startswith("EPSG:26918")
    for a, b in zip(ours["checks"], theirs["checks"], strict=True):
        assert (a["id"], a["status"]) == (b["id"], b["status"])
        if b["value"] is None:
            assert a["value"] is None, a["id"]
        else:  # the UTM grid measures the same ground a few parts in ten thousand apart from the state plane
            assert a["value"] == pytest.approx(b["value"], rel=1e-3, abs=0.05), a["id"]
    # the manifest kept names the GeoPackage QGIS wrote, copied beside it, and reviews the same from the command line
    parcels = tomllib.loads((tmp_path / "q.toml").read_text())["layers"]["parcels"]
    assert (parcels if isinstance(parcels, str) else parcels["path"]) == str(tmp_path / "q.parcels.gpkg")
    again = cli("check", str(tmp_path / "q.toml"), "--json", "-")
    assert json.loads(again.stdout)["checks"] == ours["checks"]


def test_errors_read_as_the_command_line_words_them(run_algorithm, tmp_path):
    shutil.copytree(SITE, tmp_path / "site")
    manifest = tmp_path / "site" / "site.toml"
    manifest.write_text(manifest.read_text().replace('id = "2-105-33"', 'id = "2-105-3"'))
    run = run_algorithm("dockreview:review", MANIFEST=manifest, OUTPUT=tmp_path / "q.gpkg")
    line = CliRunner().invoke(main, ["check", str(manifest)]).stderr.strip()
    assert line.startswith("error: parcels layer") and "did you mean '2-105-35'" in line
    assert run.returncode != 0 and line.removeprefix("error: ") in run.stdout + run.stderr
    assert not (tmp_path / "q.gpkg").exists()
    both = run_algorithm("dockreview:review", MANIFEST=SITE / "site.toml", PARCEL_ID="x", OUTPUT=tmp_path / "q.gpkg")
    assert both.returncode != 0 and "give MANIFEST or the site's layers, not both (also given: PARCEL_ID)" in both.stdout + both.stderr


def test_envelope_answers_as_the_command(run_algorithm, tmp_path):
    results = run_algorithm("dockreview:envelope", MANIFEST=SITE / "site.toml", OUTPUT=tmp_path / "q.gpkg").results
    printed = cli("envelope", str(SITE / "site.toml"), "-o", str(tmp_path / "c.gpkg"))
    assert printed.exit_code == 0, printed.output
    assert_same_layers(tmp_path / "q.gpkg", tmp_path / "c.gpkg")
    lines = {
        "frontage": "FRONTAGE_FT", "required setback": "REQUIRED_SETBACK_FT", "band width at MHW": "BAND_WIDTH_FT",
        "envelope area": "AREA_SQFT", "greatest reach": "GREATEST_REACH_FT",
    }
    for words, name in lines.items():
        shown = re.search(rf"^{words}\s+([\d,.]+)", printed.stdout, flags=re.MULTILINE).group(1)
        assert f"{results[name]:,.1f}" == shown, name
    assert "a dock is possible" in printed.stdout and results["POSSIBLE"] is True and results["REASONS"] == ""
    assert f"(limit {results['REACH_LIMIT_FT']:,.1f} ft" in printed.stdout


def test_screen_answers_as_the_command(run_algorithm, tmp_path):
    results = run_algorithm(
        "dockreview:screen", PARCELS=SITE / "parcels.shp", MHW=SITE / "mhw.shp", CHANNELS=f"{SITE / 'nav.gpkg'}|layername=channels",
        DOCKS=SITE / "docks.geojson", ID_FIELD="PARCEL_ID", CLASS_FIELD="PROP_CLASS", AUDIT="true", OUTPUT=tmp_path / "q.gpkg",
    ).results
    printed = cli(
        "screen", "--parcels", str(SITE / "parcels.shp"), "--mhw", str(SITE / "mhw.shp"), "--channels",
        f"{SITE / 'nav.gpkg'}:channels", "--docks", str(SITE / "docks.geojson"), "--id-field", "PARCEL_ID",
        "--class-field", "PROP_CLASS", "--audit", "-o", str(tmp_path / "c.gpkg"),
    )
    assert printed.exit_code == 0, printed.output
    assert_same_layers(tmp_path / "q.gpkg", tmp_path / "c.gpkg")
    assert (tmp_path / "q.csv").read_bytes() == (tmp_path / "c.csv").read_bytes()
    counts = {"parcels": "COUNT_PARCELS", "front the MHW line": "COUNT_WATERFRONT", "eligible": "COUNT_ELIGIBLE",
              "existing docks audited": "COUNT_DOCKS_AUDITED", "docks not allowed today": "COUNT_DOCKS_NOT_ALLOWED"}
    for words, name in counts.items():
        assert re.search(rf"^{words}\s+{results[name]:,d}$", printed.stdout, flags=re.MULTILINE), name
    assert results["CSV"] == str(tmp_path / "q.csv") and results["AUDIT_LAYER"].endswith("|layername=audit")


def test_audit_answers_as_the_command(run_algorithm, tmp_path):
    chart = DATA / "key-west-chart"
    run = run_algorithm(
        "dockreview:audit", CHARTS=[chart / "US5FL4DQ.000", chart / "US5FL4DR.000"], PARCELS=chart / "parcels.geojson",
        ID_FIELD="PARCEL_ID", OUTPUT=tmp_path / "q.gpkg",
    )
    results = run.results
    printed = cli(
        "audit", "--chart", str(chart / "US5FL4DQ.000"), "--chart", str(chart / "US5FL4DR.000"), "--parcels",
        str(chart / "parcels.geojson"), "--id-field", "PARCEL_ID", "-o", str(tmp_path / "c.gpkg"), quiet=False,
    )
    assert printed.exit_code == 0, printed.output
    assert_same_layers(tmp_path / "q.gpkg", tmp_path / "c.gpkg")
    assert (tmp_path / "q.csv").read_bytes() == (tmp_path / "c.csv").read_bytes()
    table = gpd.read_file(tmp_path / "c.gpkg", layer="docks")
    for verdict in ("compliant", "noncompliant", "incomplete"):
        assert results[f"COUNT_{verdict.upper()}"] == int((table["verdict"] == verdict).sum())
    assert f"{results['SUMMARY']} in {results['CHART']}" in printed.stderr
    assert results["DOCKS_LAYER"] == f"{tmp_path / 'q.gpkg'}|layername=docks"
    assert any("outside the area of use of EPSG:2263" in w for w in run.json["log"]["warning"])


def _canonical(qml: str) -> str:
    """A QML document with its attributes sorted, the symbols QGIS stores as XML inside attributes too.

    Left out: QGIS's version and the random keys ({uuid}) of a rule-based renderer's rules.
    """
    def normal(text: str) -> str:
        root = ET.fromstring(text)
        for element in root.iter():
            element.attrib.pop("version", None)
            if re.fullmatch(r"\{[0-9a-f-]{36}\}", element.get("key", "")):
                element.attrib.pop("key")
            for key, value in element.attrib.items():
                if value.lstrip().startswith("<"):
                    try:
                        element.set(key, normal(value))
                    except ET.ParseError:  # not a document: leave the text as it is
                        pass
        return ET.canonicalize(ET.tostring(root, encoding="unicode"))

    return normal(qml.split("\n", 1)[1])  # after the DOCTYPE line


def test_the_styles_are_what_make_styles_writes(qgis_process, tmp_path):
    """The committed QML files are the generator's output (attributes in any order, QGIS's version number aside)."""
    python = shutil.which("python3", path="/usr/bin") or "python3"
    done = subprocess.run(
        [python, str(ROOT / "src" / "dockreview" / "qgis" / "make_styles.py"), str(tmp_path)], capture_output=True, text=True,
        env=install.qgis_environ(), timeout=300,
    )
    assert done.returncode == 0, done.stderr
    committed = sorted((ROOT / "src" / "dockreview" / "qgis" / "styles").glob("*.qml"))
    assert sorted(p.name for p in tmp_path.glob("*.qml")) == [p.name for p in committed]
    for path in committed:
        assert _canonical((tmp_path / path.name).read_text()) == _canonical(path.read_text()), path.name


def test_a_plugin_for_another_python_says_so(run_algorithm, qgis_config, tmp_path):
    shutil.copytree(qgis_config, tmp_path / "settings")
    recorded = tmp_path / "settings" / "profiles" / "default" / "python" / "plugins" / "dockreview_qgis" / "environment.json"
    env = json.loads(recorded.read_text())
    recorded.write_text(json.dumps({**env, "python": "3.99"}))
    run = run_algorithm("dockreview:review", config=tmp_path / "settings", MANIFEST=SITE / "site.toml", OUTPUT=tmp_path / "q.gpkg")
    assert run.returncode != 0
    assert "it was installed from Python 3.99" in run.stdout + run.stderr and "venv" in run.stdout + run.stderr


def test_the_zip_installs_in_qgis_and_asks_for_dockreview(qgis_process, run_algorithm, tmp_path):
    """Unpacked as the plugin manager does, without a recorded environment: listed, and says how to make dockreview importable."""
    assert cli("qgis", "package", "-o", str(tmp_path / "p.zip")).exit_code == 0
    plugins = tmp_path / "settings" / "profiles" / "default" / "python" / "plugins"
    plugins.mkdir(parents=True)
    with zipfile.ZipFile(tmp_path / "p.zip") as archive:
        archive.extractall(plugins)
    install.enable(tmp_path / "settings" / "profiles" / "default" / "QGIS" / "QGIS3.ini")
    assert "dockreview:review" in install.listed_algorithms(qgis_process, tmp_path / "settings")
    run = run_algorithm(
        "dockreview:review", config=tmp_path / "settings", bare=True, MANIFEST=SITE / "site.toml", OUTPUT=tmp_path / "q.gpkg"
    )
    assert run.returncode != 0 and not (tmp_path / "q.gpkg").exists()
    assert "dockreview cannot be imported in QGIS's Python 3." in run.stdout + run.stderr
    assert "run `dockreview qgis install` from the environment dockreview is installed in" in run.stdout + run.stderr
