"""The sample sites of data/, for tests parametrised over every one of them (each town's under its own profile)."""

from __future__ import annotations

import functools
import warnings

import dockreview
from support.paths import DATA

#: Every sample site, by folder.
SITES = tuple(sorted(p.parent.name for p in DATA.glob("*/site.toml")))
#: The sites of the other towns' profiles (their manifests' [review] profile).
OTHER_TOWNS = ("huntington-harbor", "lake-austin-channel", "levy-canal", "north-haven-flats", "sc-tidal-creek", "wisconsin-lakeshore")


@functools.lru_cache(maxsize=None)
def reviewed(name: str):
    """The review of a sample site, its warnings kept quiet (cached: every test reads it, none writes)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(dockreview.load_site(DATA / name / "site.toml"))
