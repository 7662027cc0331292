"""The sample sites of data/, for tests parametrised over every one of them (each town's under its own profile)."""

from __future__ import annotations

from support.paths import DATA

#: Every sample site, by folder.
SITES = tuple(sorted(p.parent.name for p in DATA.glob("*/site.toml")))
#: The sites of the other towns' profiles (their manifests' [review] profile).
OTHER_TOWNS = ("huntington-harbor", "lake-austin-channel", "levy-canal", "north-haven-flats", "sc-tidal-creek", "wisconsin-lakeshore")
