"""The check table tells a newcomer what to add: each needs-data row names its input, a footer groups them."""

from __future__ import annotations

import tomllib

from click.testing import CliRunner

from dockreview.cli import main
from support.paths import DATA

SITE = DATA / "parcel-past-mhw" / "site.toml"
#: The [dock.attributes] keys of the Checks table in the README that the manifest must give for a fixed dock with a float.
ATTRIBUTE_KEYS = (
    "deck_height_above_mhw_ft", "float_deck_above_water_in", "locker_height_in", "materials", "treated_wood",
    "plank_gap_in", "solid_deck", "railing_height_in", "railing_open_fraction", "railing_rails",
    "railing_post_spacing_ft", "railing_material", "canopy", "lighting_height_in", "structures",
)


def _table(*args: str) -> str:
    result = CliRunner().invoke(main, ["check", str(SITE), *args], env={"COLUMNS": "120"})
    assert result.exit_code == 3, result.output  # incomplete
    return result.output


def test_needs_data_rows_name_what_to_supply_and_the_footer_groups_it():
    manifest = tomllib.loads(SITE.read_text())
    assert "soundings" not in manifest["layers"] and "vegetation" not in manifest["layers"]
    missing = [k for k in ATTRIBUTE_KEYS if k not in manifest.get("dock", {}).get("attributes", {})]
    assert missing  # the sample leaves the construction attributes out
    table = _table()
    assert all(len(line) <= 120 for line in table.splitlines())
    body, footer = table.split("that need data, supply:")
    words = " ".join(body.split())  # the notes wrap beside their rows
    assert "navigable-reach Docks D(1), D(2)(a)[1] 108.0 - ft NEEDS-DATA layers.soundings" in words
    assert "NEEDS-DATA layers.vegetation" in words
    for key in missing:
        assert f"NEEDS-DATA [dock.attributes] {key}" in words, key
    footer = " ".join(footer.split())
    assert "layers.soundings (navigable-reach, float-grounding)" in footer
    assert "layers.vegetation (float-vegetation)" in footer
    for key in missing:
        assert key in footer


def test_verbose_shows_every_finding():
    plain, verbose = (" ".join(t.split()) for t in (_table(), _table("-v")))
    assert "give [dock.attributes] railing_height_in to decide this standard" not in plain
    assert "give [dock.attributes] railing_height_in to decide this standard" in verbose
    assert "PASS frontage along the MHW line 240.0 ft meets the required 150.0 ft" in verbose
