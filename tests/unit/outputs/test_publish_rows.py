"""Every lot's page is the screen's row, and for the sample sites the lot's answer is the one ``check`` gives.

The screen's rows are read back from its GeoPackage by GDAL (pyogrio), beside the
site ``publish`` wrote from it: a synthetic county with soundings over part of each
coast (lots beyond the survey need data), a messy one (a parcel without geometry
and an islet that cannot be reviewed), each with an address field. For the
sample sites (data/*/site.toml), each lot's own parcels are screened under its
own profile with the layers a screen takes, and the lot's page answer is held to
the review's: a dock is possible where its envelope has room, not possible where
the envelope says why (and then the verdict is noncompliant), unknown where the
envelope needs data -- except where the review reads a line no screen takes.
"""

from __future__ import annotations

import math
import warnings

import pyogrio
import pytest
from click.testing import CliRunner

import dockreview
from dockreview.batch import ScreenLayers
from dockreview.batch.screen import screen, write_screen
from dockreview.cli import main
from dockreview.outputs.publish import publish
from dockreview.outputs.publish.record import screen_record
from dockreview.rules import ruleset
from dockreview.testing.counties import county, messy_county
from support.published import lots
from support.reviews import lines_a_screen_lacks
from support.samples import SITES, loaded, reviewed

pytestmark = pytest.mark.filterwarnings("ignore::dockreview.DockReviewWarning")  # a sample site's own notes on its data
FIGURES = ("frontage_ft", "required_setback_ft", "band_width_ft", "reach_limit_ft", "greatest_reach_ft", "envelope_area_sqft")


def _reasons(text) -> list[str]:
    """A row's reasons one by one: joined by "; " outside the parentheses that cite their sections; what the data
    lack comes last, "needs data: " and its items joined the same way, as one reason."""
    parts, depth, current = [], 0, ""
    for piece in str(text or "").split("; "):
        current = f"{current}; {piece}" if depth else piece
        depth += piece.count("(") - piece.count(")")
        if depth == 0:
            parts.append(current)
    lead = next((i for i, p in enumerate(parts) if p.startswith("needs data: ")), len(parts))
    return [p for p in parts[:lead] if p] + (["; ".join(parts[lead:])] if lead < len(parts) else [])


def _answer(row) -> str:
    """The answer a row gives, as the page says it (yes, no, data, none), from the row's own columns."""
    reasons = str(row["reasons"] or "")
    if reasons.startswith("not reviewed"):
        return "none"
    if row["eligible"]:
        return "yes"
    return "data" if row["needs_data"] and reasons.startswith("needs data: ") else "no"


def _published(tmp_path, layers, *options):
    layers.parcels["ADDRESS"] = [f"{i + 1} Shore Rd" for i in range(len(layers.parcels))]
    layers.write(tmp_path / "county.gpkg")
    named = [(role, f"county.gpkg:{role}") for role in ("parcels", "mhw", "channels", "docks")]
    args = ["screen", *(x for role, name in named for x in (f"--{role}", str(tmp_path / name)))]
    result = CliRunner().invoke(main, [*args, "--id-field", "PARCEL_ID", "--class-field", "PROP_CLASS", "--dock-id-field", "dock_id",
                                       "--workers", "1", "--no-progress", *options, "-o", str(tmp_path / "screen.gpkg")])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(main, ["publish", str(tmp_path / "screen.gpkg"), "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    rows = pyogrio.read_dataframe(tmp_path / "screen.gpkg", layer="parcels")
    envelopes = pyogrio.read_dataframe(tmp_path / "screen.gpkg", layer="envelopes")
    return rows, set(envelopes["parcel_id"]), lots(tmp_path / "site")


def _holds_to_rows(rows, with_envelope, page) -> set[str]:
    assert len(page) == len(rows)
    seen = set()
    for row in rows.to_dict("records"):
        lot = page[row["parcel_id"]]
        answer = _answer(row)
        seen.add(answer)
        assert lot["s"] == answer, (row["parcel_id"], row["reasons"])
        assert lot["ad"] == row["address"]
        assert [text for text, _ in lot["r"]] == _reasons(row["reasons"])
        for value, column in zip(lot["f"], FIGURES):
            expected = row[column]
            if expected is None or not math.isfinite(expected):
                assert value is None, (row["parcel_id"], column)
            else:
                assert value == pytest.approx(expected, abs=0.005), (row["parcel_id"], column)
        assert lot["f"][6] == row["existing_docks"]
        drawn = answer in ("yes", "data") and row["parcel_id"] in with_envelope
        assert ("e" in lot) == drawn, row["parcel_id"]
        if answer == "yes":
            labels = sorted(label for _, label, _ in lot["d"])
            assert labels == sorted([f"reach limit {row['reach_limit_ft']:,.1f} ft", *[f"setback {row['required_setback_ft']:,.1f} ft"] * 2])
    return seen


def test_every_lot_of_a_sounded_county_is_its_row(tmp_path):
    c = county(300, seed=5, soundings=True)
    c.soundings.to_file(tmp_path / "soundings.gpkg", layer="soundings", driver="GPKG", engine="pyogrio")
    rows, envelopes, page = _published(tmp_path, c, "--soundings", str(tmp_path / "soundings.gpkg"), "--draft", "3")
    assert _holds_to_rows(rows, envelopes, page) == {"yes", "no", "data"}


def test_every_lot_of_a_messy_county_is_its_row(tmp_path):
    rows, envelopes, page = _published(tmp_path, messy_county(200, seed=2))
    assert _holds_to_rows(rows, envelopes, page) == {"yes", "no", "none"}


@pytest.mark.parametrize("name", SITES)
def test_the_lot_of_a_sample_site_answers_as_check(name, tmp_path):
    site, review = loaded(name), reviewed(name)
    m, env = site.manifest, review.layout.envelope
    draft = m.vessel.draft_ft if site.soundings is not None else None
    layers = ScreenLayers(
        parcels=site.parcels, mhw=site.mhw, channels=site.channels, docks=site.docks, crs=site.crs,
        ft_per_unit=site.ft_per_unit, soundings=site.soundings if draft is not None else None, water=m.water,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        result = screen(layers, profile=review.rules, id_field=m.parcel_id_field, tolerance_ft=m.review.mhw_tolerance_ft,
                        draft_ft=draft, float_extent_ft=review.measurements.float_extent_ft or 0.0, progress=False, workers=1)
    record = screen_record(ruleset(review.rules.profile), {"parcels": "parcels"})
    write_screen(result, tmp_path / "screen.gpkg", record=record)
    publish(tmp_path / "screen.gpkg", tmp_path / "site")
    lot = lots(tmp_path / "site")[str(m.parcel_id)]
    row = result.parcels.set_index("parcel_id").loc[str(m.parcel_id)]
    if row["needs_data"] and not env.needs:
        # only a line the screen does not take leaves it short of the check's answer
        assert lines_a_screen_lacks(site, review), (name, lot["r"])
        assert lot["s"] in ("data", "no") and any(text.startswith("needs data: ") for text, _ in lot["r"])
        return
    expected = "yes" if env.possible else "data" if env.needs and not env.reasons else "no"
    assert lot["s"] == expected, (name, lot["r"], env.reasons, env.needs)
    if lot["s"] == "no":
        assert review.verdict == "noncompliant", (name, review.verdict)
        assert [text for text, _ in lot["r"]][: len(env.reasons)] == list(env.reasons) or set(env.reasons) <= {t for t, _ in lot["r"]}
    if lot["s"] == "yes":
        assert lot["f"][1] == pytest.approx(env.required_setback_ft, abs=0.1)
