"""The shipped profiles: every number cited, listed by ``dockreview profiles``, picked by name, file or manifest.

And the README's "Write a profile for your town": its table of rule kinds and parameters is generated here from
the kinds' own code (:func:`kinds_table`), so it cannot drift; run ``python tests/acceptance/test_profiles.py``
to print the table to paste between the README's ``kinds:start`` and ``kinds:end`` markers.
"""

from __future__ import annotations

import datetime
import json
import math
import re
import sys
import tomllib
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

import dockreview
from dockreview.cli import main
from dockreview.profile import DEFAULT_PROFILE, load_profile, profile_names
from dockreview.rules import KINDS, ruleset

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DATA = ROOT / "data"
NEW = (
    "huntington-ny", "north-haven-ny", "levy-county-fl", "lake-austin-tx", "sc-ocrm", "wisconsin-nr326",
    "collier-county-fl", "pembroke-pines-fl", "hernando-county-fl", "wrightsville-beach-nc",
)
#: The riparian methods a profile may name (drawn by geometry/riparian.py's methods).
METHODS = ("extended-side-lines", "perpendicular-to-trend", "perpendicular-to-centerline", "colonial", "proportional")
#: Each new profile's sample site.
SAMPLES = {
    "levy-county-fl": "levy-canal", "lake-austin-tx": "lake-austin-channel", "sc-ocrm": "sc-tidal-creek",
    "north-haven-ny": "north-haven-flats", "wisconsin-nr326": "wisconsin-lakeshore", "huntington-ny": "huntington-harbor",
    "collier-county-fl": "collier-canal", "pembroke-pines-fl": "pembroke-canal", "hernando-county-fl": "hernando-canal",
    "wrightsville-beach-nc": "wrightsville-pierline",
}


def test_the_shipped_profiles_are_kings_point_and_the_ten_towns():
    assert profile_names() == sorted([DEFAULT_PROFILE, *NEW])
    assert ruleset().profile.id == "kings-point-ny"


@pytest.mark.parametrize("name", NEW)
def test_every_number_cites_its_section_source_and_words(name):
    profile = load_profile(name)
    assert profile.id == name and profile.jurisdiction and profile.name
    for key, source in profile.sources.items():
        assert source.address.startswith("http"), (name, key)
        assert "2026-11-30" <= source.read <= str(datetime.date.today()), (name, key, source.read)  # an ISO date read
    for key, value in [*profile.values.items(), *profile.codes.items()]:
        assert value.section and value.text, (name, key)
        assert value.source in profile.sources, f"{name}: [values.{key}] source '{value.source}' is no [sources] entry"
    for spec in profile.checks.values():
        assert spec.kind in KINDS and spec.section, (name, spec.id)
    assert profile.settings["riparian"]["method"] in METHODS
    ruleset(profile)  # every check compiles


def test_the_riparian_method_is_named_by_every_profile_and_kings_point_extends_its_side_lines():
    for name in profile_names():
        assert load_profile(name).settings["riparian"]["method"] in METHODS, name
    assert load_profile().settings["riparian"]["method"] == "extended-side-lines"


def test_dockreview_profiles_lists_name_jurisdiction_source_and_date():
    out = CliRunner().invoke(main, ["profiles"])
    assert out.exit_code == 0, out.output
    for name in profile_names():
        profile = load_profile(name)
        assert f"{name}" in out.output and profile.jurisdiction in out.output
        for source in profile.sources.values():
            assert source.address in out.output and f"read {source.read}" in out.output
    listed = json.loads(CliRunner().invoke(main, ["profiles", "--json"]).output)
    assert [p["name"] for p in listed] == profile_names()
    levy = next(p for p in listed if p["name"] == "levy-county-fl")
    read = tomllib.loads(resources.files("dockreview.rules.profiles").joinpath("levy-county-fl.toml").read_text("utf-8"))
    assert levy["read"] == [read["sources"]["code"]["read"]] and levy["riparian_method"] == "extended-side-lines"
    sc = next(p for p in listed if p["name"] == "sc-ocrm")
    assert "area_20_50_sqft" in sc["unconfirmed"]


def test_dockreview_profiles_name_shows_the_checks_and_a_wrong_name_is_one_line():
    out = CliRunner().invoke(main, ["profiles", "north-haven-ny"])
    assert out.exit_code == 0 and "length-from-mllw" in out.output and "datum-reach" in out.output
    assert "max_length_from_mllw_ft = 100 ft (Findings B)" in out.output
    bad = CliRunner().invoke(main, ["profiles", "levy-county"])
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1 and "levy-county-fl" in bad.output


@pytest.mark.parametrize("profile", sorted(SAMPLES))
def test_every_check_in_the_json_carries_its_kind(profile):
    manifest = DATA / SAMPLES[profile] / "site.toml"
    out = CliRunner().invoke(main, ["-q", "check", str(manifest), "--json", "-"])
    assert out.exit_code in (0, 1), out.output
    data = json.loads(out.stdout)
    assert data["profile"] == load_profile(profile).name
    ids = [c["id"] for c in data["checks"]]
    assert ids == list(load_profile(profile).checks)
    for check in data["checks"]:
        spec = load_profile(profile).checks[check["id"]]
        assert check["kind"] == spec.kind
        assert check["law"] and (not spec.text or spec.text.startswith("interpretation:") or spec.text in check["law"]), check["id"]


def test_the_kings_point_json_carries_every_kind_too():
    out = CliRunner().invoke(main, ["-q", "check", str(DATA / "straight-t-float" / "site.toml"), "--json", "-"])
    kinds = {c["id"]: c["kind"] for c in json.loads(out.stdout)["checks"]}
    assert kinds == {spec.id: spec.kind for spec in load_profile().checks.values()}


def test_profile_by_name_by_file_and_by_manifest(tmp_path):
    manifest = DATA / "levy-canal" / "site.toml"
    by_manifest = dockreview.review(dockreview.load_site(manifest))
    assert by_manifest.profile.id == "levy-county-fl" and by_manifest.check("waterway-share").status == "fail"
    by_name = dockreview.review(dockreview.load_site(manifest), profile="kings-point-ny")
    assert by_name.profile.id == "kings-point-ny"
    text = (Path(dockreview.__file__).parent / "rules" / "profiles" / "levy-county-fl.toml").read_text()
    looser = tmp_path / "levy-30.toml"
    looser.write_text(text.replace("value = 0.25", "value = 0.30"))
    out = CliRunner().invoke(main, ["-q", "check", str(manifest), "--profile", str(looser), "--json", "-"])
    share = next(c for c in json.loads(out.stdout)["checks"] if c["id"] == "waterway-share")
    assert (out.exit_code, share["status"], share["limit"]) == (0, "conditional-pass", pytest.approx(36.0, abs=1e-3))
    assert share["uncertainty"] > abs(share["margin"])  # the sample's canal and docks are GIS layers: assumed 7.6 ft


def test_a_manifests_profile_file_is_read_beside_it_and_a_wrong_name_is_refused(tmp_path):
    doc = tomllib.loads((DATA / "levy-canal" / "site.toml").read_text())
    site = tmp_path / "site.toml"
    gpkg = (DATA / "levy-canal" / "site.gpkg").as_posix()
    text = (DATA / "levy-canal" / "site.toml").read_text().replace("site.gpkg:", f"{gpkg}:")
    (tmp_path / "town.toml").write_text((Path(dockreview.__file__).parent / "rules" / "profiles" / "levy-county-fl.toml").read_text())
    site.write_text(text.replace(f'profile = "{doc["review"]["profile"]}"', 'profile = "town.toml"'))
    assert dockreview.review(dockreview.load_site(site)).profile.id == "levy-county-fl"
    site.write_text(text.replace(f'profile = "{doc["review"]["profile"]}"', 'profile = "levy-county"'))
    out = CliRunner().invoke(main, ["check", str(site)])
    assert out.exit_code == 2 and len(out.output.strip().splitlines()) == 1
    assert "review.profile" in out.output and "did you mean 'levy-county-fl'" in out.output


# ----------------------------------------------------------------------------- the README's profile section


def _default(param) -> str:
    if param.required:
        return "required"
    value = param.default
    if value is None or (isinstance(value, float) and math.isinf(value)):
        return "none"
    if value == "":
        return '""'
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]" if value else "[]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)


def kinds_table() -> str:
    """The README's table of rule kinds: name, sense, what it decides (its docstring's first line), parameters."""
    rows = ["| kind | sense | decides | parameters (type, default) |", "|---|---|---|---|"]
    for name in sorted(KINDS):
        kind = KINDS[name]
        summary = (kind.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ").replace("|", "/").replace("``", "`")
        summary = re.sub(r"\s+", " ", summary)
        params = "; ".join(
            f"`{p.name}` ({p.type}, {_default(p)})" + (f": {p.doc.replace('|', '/')}" if p.doc else "") for p in kind.params
        ) or "none"
        rows.append(f"| `{name}` | {kind.sense} | {summary} | {params} |")
    return "\n".join(rows)


def test_the_readmes_table_of_kinds_is_the_kinds_own():
    found = re.search(r"<!-- kinds:start -->\n(.*?)\n<!-- kinds:end -->", README, flags=re.DOTALL)
    assert found, "README.md needs the kinds table between <!-- kinds:start --> and <!-- kinds:end -->"
    assert found.group(1).strip() == kinds_table(), "the kinds changed: python tests/acceptance/test_profiles.py prints the table"


def test_the_readme_lists_every_shipped_profile_with_its_sources():
    section = README.split("## Write a profile for your town")[1].split("\n## ")[0]
    for name in profile_names():
        profile = load_profile(name)
        row = next((line for line in section.splitlines() if line.startswith(f"| `{name}`")), None)
        assert row is not None, f"README: no row for the shipped profile {name}"
        for source in profile.sources.values():
            if source.address.startswith("http"):
                assert source.address in row, (name, source.address)


if __name__ == "__main__":
    sys.stdout.write(kinds_table() + "\n")
