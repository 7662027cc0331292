"""A rule is written once: change one number of the profile and every output follows it.

The lot is 200 ft of straight shore between two neighbours; the proposed dock is a
110-ft walkway with a 20 x 10 ft T float rooted 20 ft right of the frontage's middle,
so its setbacks are 110 ft (left) and 100 - 20 - 10 = 70 ft (right). By hand:

* Kings Point's Docks C, max(40 % x 200, 60) = 80 ft: the right side fails; the band
  at the MHW line is 200 - 2 x 80 = 40 ft wide. At 34 %, max(68, 60) = 68 ft: it
  passes, and the band is 64 ft wide.
* Docks B's 150-ft minimum frontage raised to 210 ft: the 200-ft lot can have no dock.

The same numbers must come out of ``check``, ``envelope``, ``report``, ``screen``, ``screen
--audit`` (the same dock, existing, reviewed against its lot) and ``suggest``.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import geopandas as gpd
import pytest
from click.testing import CliRunner

from dockreview.cli import main
from support.sitegen import SUBJECT_ID, make_site, t_dock, t_footprint

FRONTAGE_FT = 200.0
SETBACK_VALUE = "[values.setback_fraction_of_frontage]\nvalue = 0.40"
FRONTAGE_VALUE = "[values.min_frontage_ft]\nvalue = 150.0"


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def amended(tmp_path: Path, old: str, new: str) -> Path:
    """The shipped Kings Point profile with one number changed."""
    text = resources.files("dockreview.rules.profiles").joinpath("kings-point-ny.toml").read_text("utf-8")
    assert old in text
    path = tmp_path / "amended.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


@pytest.fixture
def site(tmp_path):
    dock = {**t_dock(), "root": (20.0, 0.0)}
    files = make_site(tmp_path / "site", dock=dock)
    # the same dock, as an existing dock in a layer of its own, for the audit
    existing = gpd.GeoDataFrame(
        {"dock_id": ["D1", "D1"], "component": ["walkway", "float"]},
        geometry=[files.to_world(g).buffer(0) for _, g in _shifted(t_footprint(), 20.0)],
        crs="EPSG:2263",
    )
    existing.to_file(tmp_path / "docks.gpkg", engine="pyogrio")
    return files


def _shifted(footprint, du):
    from shapely import affinity

    return [(kind, affinity.translate(g, du, 0.0)) for kind, g in footprint]


def _check(manifest: Path, profile: Path | None) -> dict:
    result = run("check", manifest, "--json", "-", *(["--profile", profile] if profile else []))
    assert result.exit_code in (0, 1, 3), result.output
    return json.loads(result.stdout)


def _screen(site, tmp_path: Path, profile: Path | None, name: str):
    out = tmp_path / f"{name}.gpkg"
    gpkg = site.dir / "site.gpkg"
    result = run(
        "screen", "--parcels", f"{gpkg}:parcels", "--mhw", f"{gpkg}:mhw", "--docks", tmp_path / "docks.gpkg",
        "--id-field", "PARCEL_ID", "--dock-id-field", "dock_id", "--audit", "-o", out,
        *(["--profile", profile] if profile else []),
    )
    assert result.exit_code == 0, result.output
    parcels = gpd.read_file(out, layer="parcels").set_index("parcel_id")
    audit = gpd.read_file(out, layer="audit").set_index("dock_id")
    return parcels.loc[SUBJECT_ID], audit.loc["D1"]


@pytest.mark.parametrize(
    "fraction, required_ft, status", [(None, 80.0, "fail"), (0.34, 68.0, "pass")], ids=["kings-point", "34-percent"]
)
def test_the_setback_fraction_reaches_every_output(site, tmp_path, fraction, required_ft, status):
    profile = None if fraction is None else amended(tmp_path, SETBACK_VALUE, SETBACK_VALUE.replace("0.40", str(fraction)))
    band_ft = FRONTAGE_FT - 2 * required_ft

    review = _check(site.manifest, profile)
    setback = next(c for c in review["checks"] if c["id"] == "side-setback")
    assert setback["limit"] == pytest.approx(required_ft, abs=0.01)
    assert setback["status"] == status
    assert setback["value"] == pytest.approx(70.0, abs=0.01)

    envelope = run("envelope", site.manifest, *(["--profile", profile] if profile else []))
    assert envelope.exit_code == 0, envelope.output
    assert f"required setback    {required_ft:10,.1f} ft" in envelope.output
    assert f"band width at MHW   {band_ft:10,.1f} ft" in envelope.output

    report = tmp_path / "report.md"
    assert run("report", site.manifest, "-o", report, *(["--profile", profile] if profile else [])).exit_code in (0, 1)
    percent = 40 if fraction is None else round(fraction * 100)
    assert f"the greater of {percent} % of the frontage and 60 ft (Docks C) = {required_ft:.1f} ft" in report.read_text()

    lot, dock = _screen(site, tmp_path, profile, "screen")
    assert lot["required_setback_ft"] == pytest.approx(required_ft, abs=0.01)
    assert lot["band_width_ft"] == pytest.approx(band_ft, abs=0.01)
    assert dock["required_setback_ft"] == pytest.approx(required_ft, abs=0.01)
    assert ("side-setback" in dock["failed"].split(", ")) == (status == "fail")

    suggested = tmp_path / "suggested.toml"
    grown = run("suggest", site.manifest, "-o", suggested, *(["--profile", profile] if profile else []))
    assert grown.exit_code == 0, grown.output
    again = next(c for c in _check(suggested, profile)["checks"] if c["id"] == "side-setback")
    assert again["limit"] == pytest.approx(required_ft, abs=0.01) and again["status"] == "pass"


def test_the_minimum_frontage_reaches_every_output(site, tmp_path):
    profile = amended(tmp_path, FRONTAGE_VALUE, FRONTAGE_VALUE.replace("150.0", "210.0"))
    reason = "frontage 200.0 ft is under the 210 ft minimum (Docks B)"

    frontage = next(c for c in _check(site.manifest, profile)["checks"] if c["id"] == "frontage")
    assert frontage["status"] == "fail" and frontage["limit"] == 210.0

    envelope = run("envelope", site.manifest, "--profile", profile)
    assert reason in envelope.output and "no dock possible" in envelope.output

    lot, dock = _screen(site, tmp_path, profile, "screen")
    assert not lot["eligible"] and reason in lot["reasons"]
    assert "frontage" in dock["failed"].split(", ") and dock["verdict"] == "noncompliant"

    grown = run("suggest", site.manifest, "-o", tmp_path / "never.toml", "--profile", profile)
    assert grown.exit_code == 1 and reason in grown.output
    assert not (tmp_path / "never.toml").exists()
