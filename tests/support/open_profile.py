"""A Kings Point profile that leaves its legal readings to the site, for tests that vary them by manifest.

Kings Point's profile fixes how its side lines are drawn and carried seaward (``[riparian] method``,
``[readings]``); a manifest that sets another reading is then not applied (issue 28). The geometry tests
that draw every method and extension from the manifest review under this profile instead: the same law,
with those readings left open, as a town that lets each site choose would write it.
"""

from __future__ import annotations

from pathlib import Path

import tomlkit

from support.paths import ROOT

KINGS_POINT = ROOT / "src" / "dockreview" / "rules" / "profiles" / "kings-point-ny.toml"
#: The manifest's [review] keys that are readings a profile may fix.
READING_KEYS = {"riparian_method", "baseline_ft", "extension", "extension_direction", "chord_ft", "course_tolerance_ft",
                "terminus_depth_ft"}
NAME = "open-readings.toml"


def open_readings_profile(folder: Path) -> str:
    """Write Kings Point's profile without its fixed readings into ``folder``; returns its file name."""
    doc = tomlkit.parse(KINGS_POINT.read_text(encoding="utf-8"))
    doc.pop("readings", None)
    doc["riparian"].pop("method", None)
    doc["profile"]["id"] = "kings-point-open-readings"
    (Path(folder) / NAME).write_text(tomlkit.dumps(doc), encoding="utf-8")
    return NAME


def leaves_readings_open(review: dict | None, folder: Path) -> dict | None:
    """``review`` with ``profile`` set to the open profile when it sets a reading and names no profile."""
    if not review or "profile" in review or not READING_KEYS & set(review):
        return review
    return {**review, "profile": open_readings_profile(folder)}
