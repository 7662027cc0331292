"""The town's reading, not the applicant's: a manifest may not change how the law is read.

A profile fixes some legal readings (:mod:`dockreview.rules.readings`): how the
riparian lines are drawn, the seaward terminus, the clearance below the keel.
A site is reviewed under those, whatever its manifest says; a manifest value
that differs is a *deviation*, listed with both values so the Board sees what
the applicant asked and what it would have changed. What the profile leaves
open the manifest may choose for its site (the report says so). Data settings
-- the MHW tolerance, the layers, the vessel's draft -- stay the manifest's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from dockreview.inputs.site import Site
from dockreview.rules import RuleSet
from dockreview.rules.readings import CLEARANCE_KEY, READING_KEYS, Reading


@dataclass(frozen=True)
class Deviation:
    """A reading the manifest sets otherwise than the profile fixes it."""

    key: str
    profile: Any
    manifest: Any


@dataclass(frozen=True)
class Readings:
    """How the law was read for one site.

    Attributes
    ----------
    fixed : dict
        The readings the profile fixes, by manifest key (:class:`~dockreview.rules.readings.Reading`).
    chosen : dict
        The readings the profile leaves open and the manifest sets, by key: chosen for this site.
    deviations : tuple of Deviation
        The manifest's values that differ from the profile's: not applied.
    """

    fixed: dict[str, Reading]
    chosen: dict[str, Any]
    deviations: tuple[Deviation, ...]


NO_READINGS = Readings({}, {}, ())


def _current(site: Site, key: str) -> Any:
    table, name = key.split(".", 1)
    return getattr(site.manifest.review if table == "review" else site.manifest.vessel, name)


def manifest_readings(site: Site) -> dict[str, Any]:
    """The readings the site's manifest sets, by key (those it leaves out are not listed)."""
    given = {key: _current(site, key) for key in READING_KEYS if key.split(".", 1)[1] in site.manifest.review.given}
    if site.manifest.vessel.clearance_ft is not None:
        given[CLEARANCE_KEY] = site.manifest.vessel.clearance_ft
    return given


def readings_of(site: Site, rules: RuleSet) -> Readings:
    """The profile's readings set against the manifest's.

    A manifest value equal to the profile's is no deviation (numbers compare as numbers).
    """
    fixed, given = rules.readings(), manifest_readings(site)
    deviations = tuple(
        Deviation(key, fixed[key].value, value) for key, value in given.items() if key in fixed and not _same(value, fixed[key].value)
    )
    chosen = {key: value for key, value in given.items() if key not in fixed}
    return Readings(fixed, chosen, deviations)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(float(a) - float(b)) <= 1e-9 * max(1.0, abs(float(b)))
    return a == b


def under_readings(site: Site, values: dict[str, Any]) -> Site:
    """The site with its readings set to ``values`` (by key); the site itself when they are its own already."""
    values = {key: value for key, value in values.items() if not _same(_current(site, key), value)}
    if not values:
        return site
    review = {key.split(".", 1)[1]: value for key, value in values.items() if key.startswith("review.")}
    vessel = {"clearance_ft": values[CLEARANCE_KEY]} if CLEARANCE_KEY in values else {}
    manifest = replace(
        site.manifest,
        review=replace(site.manifest.review, **review) if review else site.manifest.review,
        vessel=replace(site.manifest.vessel, **vessel) if vessel else site.manifest.vessel,
    )
    changed = replace(site, manifest=manifest)
    if "depths" in site.__dict__:  # the soundings' triangulation is data, not a reading: keep it
        changed.__dict__["depths"] = site.__dict__["depths"]
    return changed


def town_site(site: Site, readings: Readings) -> Site:
    """The site as the town reads it: every reading the profile fixes in place of the manifest's."""
    return under_readings(site, {key: reading.value for key, reading in readings.fixed.items()})
