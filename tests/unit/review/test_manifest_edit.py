"""The manifest suggest writes is the original with only its [dock] table changed, comments and layout kept."""

from __future__ import annotations

import re
import shutil
import tomllib

import pytest
from click.testing import CliRunner
from shapely.geometry import LineString

from dockreview.cli import main
from dockreview.inputs.manifest import load_manifest
from support.paths import DATA
from support.sitegen import frame_in, lots_beside, rect, t_dock, write_local_site

HAND_WRITTEN = '''# Site manifest for a synthetic lot, written by hand.
# Every table below has a comment, and suggest keeps them all.

[site]
name = "Synthetic site"   # the lot's name
crs = "EPSG:2263"

[layers]
# the village's layers
parcels = { path = "site.gpkg", layer = "parcels" }
mhw = "site.gpkg:mhw"     # surveyed 2023
channels = "{absolute}:channels"

[parcel]
id_field = "PARCEL_ID"
id = "2-105-33"

[dock]
# the applicant's T dock
root = "auto"
bearing = "perpendicular"
length = 110.0
width = 6.0     # the walkway
float = { length = 20.0, width = 10.0, layout = "T" }
float_draft_ft = 1.5

[dock.attributes]
deck_height_above_mhw_ft = 6.5   # above MHW
railing_height_in = 36.0
materials = ["wood", "aluminum"]

[review]
extension = "straight"

[[condition]]
text = "No pile driving between May 1 and September 30 (Docks E)"
imposed_by = "Board of Trustees"
date = "2024-05-13"
'''


def tables(text: str) -> dict[str, str]:
    """The text of each table by its header line ('' for the lines before the first), byte for byte."""
    parts = re.split(r"(?m)^(?=\[)", text)
    head = "" if parts[0].startswith("[") else parts.pop(0)
    out = {"": head}
    for i, part in enumerate(parts):
        header = part.splitlines()[0]
        out[header if header not in out else f"{header} #{i}"] = part
    return out


@pytest.fixture
def commented_site(tmp_path):
    """A 300-ft lot on a straight shore with the hand-written manifest above (a channel 400 ft out)."""
    frame = frame_in("EPSG:2263", 25.0)
    subject, left, right = lots_beside([(-150.0, 0.0), (-150.0, -150.0)], [(150.0, 0.0), (150.0, -150.0)])
    mhw = LineString([(-400.0, 0.0), (-350.0, 0.0), (-150.0, 0.0), (150.0, 0.0), (350.0, 0.0), (400.0, 0.0)])
    files = write_local_site(
        tmp_path / "lot", frame, parcels=[("2-105-33", subject), ("2-105-32", left), ("2-105-34", right)], mhw=[mhw],
        dock=t_dock(), channels=[rect(-2000.0, 400.0, 2000.0, 600.0)],
    )
    text = HAND_WRITTEN.replace("{absolute}", (files.dir / "site.gpkg").resolve().as_posix())
    files.manifest.write_text(text, encoding="utf-8")
    return files.manifest, text


def suggest(manifest, out):
    run = CliRunner().invoke(main, ["suggest", str(manifest), "-o", str(out)])
    assert run.exit_code == 0, run.output
    check = CliRunner().invoke(main, ["check", str(out)])
    assert check.exit_code in (0, 3), check.output
    return out.read_text(encoding="utf-8")


def test_same_folder_changes_only_the_dock_length_line(commented_site):
    manifest, before = commented_site
    after = suggest(manifest, manifest.with_name("suggested.toml"))
    old, new = tables(before), tables(after)
    assert old.keys() == new.keys()
    for header in old:
        if header != "[dock]":
            assert new[header] == old[header], header   # the comments, [dock.attributes] line by line, [[condition]]
    changed = [(a, b) for a, b in zip(old["[dock]"].splitlines(), new["[dock]"].splitlines()) if a != b]
    assert len(changed) == 1 and changed[0][0] == "length = 110.0"
    assert re.fullmatch(r"length = 190\.0\d* # dockreview suggest: .*", changed[0][1]), changed[0][1]
    assert len(old["[dock]"].splitlines()) == len(new["[dock]"].splitlines())
    assert tomllib.loads(after)["dock"]["attributes"] == tomllib.loads(before)["dock"]["attributes"]


def test_another_folder_rewrites_only_the_relative_layer_paths(commented_site, tmp_path):
    manifest, before = commented_site
    out = tmp_path / "elsewhere" / "deeper" / "site.toml"
    after = suggest(manifest, out)
    old, new = tables(before), tables(after)
    for header in old:
        if header not in ("[dock]", "[layers]"):
            assert new[header] == old[header], header
    layers = new["[layers]"].splitlines()
    assert layers[1] == "# the village's layers"
    assert layers[2] == 'parcels = { path = "../../lot/site.gpkg", layer = "parcels" }'
    assert layers[3] == 'mhw = "../../lot/site.gpkg:mhw"     # surveyed 2023'
    assert layers[4] == old["[layers]"].splitlines()[4]   # the absolute channels path, as written
    was, now = load_manifest(manifest), load_manifest(out)
    assert {k: (s.path, s.layer) for k, s in now.layers.items()} == {k: (s.path, s.layer) for k, s in was.layers.items()}


def test_footprint_sample_changes_only_the_dock_file_line(tmp_path):
    # curved-cove, copied: its opening comments, [dock.attributes] and [[condition]] are kept byte for byte
    site = tmp_path / "curved-cove"
    shutil.copytree(DATA / "curved-cove", site)
    before = (site / "site.toml").read_text(encoding="utf-8")
    after = suggest(site / "site.toml", site / "suggested.toml")
    old, new = tables(before), tables(after)
    assert old[""].startswith("# Concave cove shore") and new[""] == old[""]
    for header in old:
        if header != "[dock]":
            assert new[header] == old[header], header
    changed = [(a, b) for a, b in zip(old["[dock]"].splitlines(), new["[dock]"].splitlines()) if a != b]
    assert [a for a, _ in changed] == ['file = "site.gpkg:proposed_dock"']
    assert changed[0][1].startswith('file = "suggested-dock.gpkg:dock" # dockreview suggest: site.gpkg:proposed_dock')
    assert (site / "suggested-dock.gpkg").exists()
    assert "[dock.attributes]" in after and "attributes = {" not in after
