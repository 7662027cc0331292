"""The sample sites of data/ for tests parametrised over them, the other towns' sites marked where a stage cannot yet take them.

Sites 7-12 of data/README.md are reviewed under other towns' profiles. Two stages still read Kings Point's numbers
or limits: the exhibit and the GeoPackage's no-go areas buffer the frontage by the reach cap, infinite under a
profile with no reach-from-MHW check (outputs/export.py ``no_go_areas``); the Board evidence reads
``max_reach_ft`` and ``max_lift_boat_height_above_deck_ft`` by name (evidence/bottom.py, neighbours.py,
section.py, views.py). The tests over every sample site mark those sites as expected failures (strict: the day the
stage takes them, the mark must go).
"""

from __future__ import annotations

import pytest

from support.paths import DATA

#: Every sample site, by folder.
SITES = tuple(sorted(p.parent.name for p in DATA.glob("*/site.toml")))
#: The sites of the other towns' profiles (their manifests' [review] profile).
OTHER_TOWNS = ("huntington-harbor", "lake-austin-channel", "levy-canal", "north-haven-flats", "sc-tidal-creek", "wisconsin-lakeshore")
#: Those whose profile has no reach-from-MHW check (so no finite reach cap for the no-go areas).
NO_REACH_CAP = tuple(s for s in OTHER_TOWNS if s != "huntington-harbor")

NO_GO_REASON = "outputs/export.py no_go_areas buffers the frontage by an infinite reach cap (the profile has no reach check)"
EVIDENCE_REASON = "the Board evidence reads max_reach_ft / max_lift_boat_height_above_deck_ft, which this profile does not give"


def sample_sites(failing: tuple[str, ...] = (), reason: str = "") -> list:
    """Every sample site, those in ``failing`` as strict expected failures with ``reason``."""
    return [pytest.param(s, marks=pytest.mark.xfail(strict=True, reason=reason)) if s in failing else s for s in SITES]
