"""The sample sites of data/, for tests parametrised over every one of them (each town's under its own profile).

Each is loaded once per test process and reviewed once per profile: every test reads them, none writes. A sample
site's soundings are triangulated as it is loaded, so that a review under another town's profile (a copy of the
site with that town's readings) takes the triangulation rather than making it again.
"""

from __future__ import annotations

import functools
import warnings

import dockreview
from support.paths import DATA
from support.reviews import under_every_profile

#: Every sample site, by folder.
SITES = tuple(sorted(p.parent.name for p in DATA.glob("*/site.toml")))
#: The sites of the other towns' profiles (their manifests' [review] profile).
OTHER_TOWNS = ("huntington-harbor", "lake-austin-channel", "levy-canal", "north-haven-flats", "sc-tidal-creek", "wisconsin-lakeshore")


@functools.lru_cache(maxsize=None)
def loaded(name: str):
    """The sample site ``name`` as :func:`dockreview.load_site` reads it, its soundings triangulated (cached)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        site = dockreview.load_site(DATA / name / "site.toml")
    site.depths  # noqa: B018 - made once here, shared by the reviews under other readings
    return site


@functools.lru_cache(maxsize=None)
def reviewed(name: str):
    """The review of a sample site, its warnings kept quiet (cached: every test reads it, none writes)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(loaded(name))


@functools.lru_cache(maxsize=None)
def reviewed_under_every_profile(name: str) -> tuple[tuple[str, object], ...]:
    """(profile name, review) of the sample site ``name`` under each shipped profile its manifest allows
    (:func:`support.reviews.under_every_profile`), its warnings kept quiet (cached)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return tuple(under_every_profile(loaded(name)))
