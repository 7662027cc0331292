"""Run every check on a site and hold the result: the :class:`Review`.

``review(site)`` is the pipeline's middle: riparian geometry, the dock, the
measurements, then each check of :data:`dockreview.rules.CHECKS`. The Review it
returns is what every output (JSON, table, map, notebook) reads.
"""

from __future__ import annotations

import functools
import html
import json
import math
import warnings
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pandas as pd
from shapely import LineString

from dockreview._version import __version__
from dockreview.errors import DockReviewError, DockReviewWarning, SiteDataError
from dockreview.geometry.dock import Dock, build_dock
from dockreview.geometry.riparian import METHODS, NEEDS, Riparian, riparian_geometry
from dockreview.inputs.crs import describe
from dockreview.inputs.site import Site
from dockreview.measure.compute import measure
from dockreview.measure.datums import navigation_contour
from dockreview.measure.measurements import Layout, Measurements
from dockreview.measure.simulation import simulated
from dockreview.measure.uncertainty import Uncertainty, uncertainties
from dockreview.profile import Profile
from dockreview.review.methods import compare_methods
from dockreview.review.readings import NO_READINGS, Readings, readings_of, town_site, under_readings
from dockreview.rules import CheckResult, Facts, RuleSet, apply_waivers, ruleset, verdict, verdict_reason
from dockreview.rules.base import BOARD, decimals_for
from dockreview.rules.conditional import DECISION_RULES, qualify
from dockreview.rules.conditional import decision_rule as rule_of
from dockreview.rules.verdicts import exempted

if TYPE_CHECKING:
    from dockreview.evidence.measures import Evidence

@dataclass
class Review:
    """The outcome of reviewing one dock on one lot."""

    site: Site
    measurements: Measurements
    checks: list[CheckResult]
    layout: Layout
    rules: RuleSet
    warnings: list[str] = field(default_factory=list)
    readings: Readings = NO_READINGS
    #: The verdict under the manifest's readings, by deviating key, and under all of them ("*"); empty without deviations.
    verdicts_as_asked: dict[str, str] = field(default_factory=dict)
    #: What a check within the data's accuracy counts as (:data:`~dockreview.rules.conditional.DECISION_RULES`).
    decision_rule: str = "simple"

    @property
    def profile(self) -> Profile:
        """The rule profile reviewed against."""
        return self.rules.profile

    @property
    def dock(self) -> Dock:
        """The proposed dock."""
        return self.layout.dock

    @property
    def verdict(self) -> str:
        """``exempt`` on federal premises; else ``noncompliant`` if any check fails (waived ones do not);
        else ``incomplete`` if any needs data; else ``compliant``, a check within the data's accuracy counted as
        the :attr:`decision_rule` says. Board determinations stand beside it (:func:`dockreview.rules.verdict`).
        """
        return verdict(self.checks, exempt=self.exemption is not None, rule=self.decision_rule)

    @property
    def verdict_reason(self) -> str:
        """Why the verdict is what it is, in one line, for every verdict (:func:`dockreview.rules.verdict_reason`).

        ``"2 checks fail: side-setback, reach; 3 Board items pending"``; on federal premises the exemption's text.
        """
        return verdict_reason(self.checks, exempt=None if self.exemption is None else self.exemption[1], rule=self.decision_rule)

    @property
    def conditional_checks(self) -> list[CheckResult]:
        """The checks whose margin lies within the data's accuracy (conditional pass or fail, or such a failure waived)."""
        return [c for c in self.checks if c.within is not None]

    @property
    def exemption(self) -> tuple[str, str] | None:
        """The section and words of the law by which it does not pertain to this site (federal premises), or None."""
        return self.rules.federal_exemption() if self.site.manifest.federal else None

    @functools.cached_property
    def evidence(self) -> Evidence:
        """The measured evidence for the Board's judgment (Docks H; Art. VIII, waivers): figures, not a verdict.

        Computed once, when first asked (the evidence stage lies above the review in the flow).
        """
        from dockreview.evidence.measures import gather

        return gather(self)

    @property
    def board_determinations(self) -> list[CheckResult]:
        """The checks the Board of Trustees or an official must decide (status board)."""
        return [c for c in self.checks if c.status == BOARD]

    def check(self, check_id: str) -> CheckResult:
        """The result of the check ``check_id``."""
        for result in self.checks:
            if result.id == check_id:
                return result
        raise KeyError(f"no check '{check_id}'; checks are: {', '.join(c.id for c in self.checks)}")

    def to_dict(self) -> dict:
        """The review as a JSON-ready dict (the ``--json`` contract)."""
        return {
            "dockreview": __version__,
            "site": self.site.name,
            "parcel_id": self.site.parcel_id,
            "verdict": self.verdict,
            "verdict_reason": self.verdict_reason,
            "decision_rule": {"name": self.decision_rule, "words": DECISION_RULES[self.decision_rule]},
            "accuracy": [dict(layer.__dict__) for layer in self.site.accuracy.values()],
            "board_determinations": [
                {"id": c.id, "section": c.section, "title": c.title, "message": c.message} for c in self.board_determinations
            ],
            "conditions": [c.__dict__ for c in self.site.manifest.conditions],
            "crs": describe(self.site.crs),
            "profile": self.profile.name,
            "interpretations": {
                "riparian_method": self.layout.riparian.method,
                "riparian_lines": self.layout.riparian.description,
                "riparian_parameters": dict(self.layout.riparian.parameters),
                "extension": self.layout.riparian.extension,
                "extension_direction": self.layout.riparian.direction,
                "course_tolerance_ft": self.site.manifest.review.course_tolerance_ft,
                "chord_ft": self.site.manifest.review.chord_ft,
                "mhw_tolerance_ft": self.site.manifest.review.mhw_tolerance_ft,
                "terminus_depth_ft": self.site.manifest.review.terminus_depth_ft,
                "fixed_by_profile": {key: reading.value for key, reading in self.readings.fixed.items()},
                "chosen_for_site": dict(self.readings.chosen),
                "deviations": [
                    {"key": d.key, "profile": d.profile, "manifest": d.manifest, "verdict_under_manifest": self.verdicts_as_asked[d.key]}
                    for d in self.readings.deviations
                ],
                "verdict_under_manifest_reading": self.verdicts_as_asked.get("*"),
            },
            "measurements": self.measurements.to_dict(),
            "evidence": self.evidence.to_dict(),
            "checks": [c.to_dict() for c in self.checks],
            "warnings": list(self.warnings),
            "sources": [s.__dict__ for s in self.site.sources],
        }

    def to_json(self, **kwargs) -> str:
        """The review as JSON text."""
        return json.dumps(self.to_dict(), indent=kwargs.pop("indent", 2), allow_nan=False, **kwargs)

    def to_frame(self, *, rounded: bool = False) -> pd.DataFrame:
        """One row per check: id, section, title, status, value, limit, unit, message.

        ``rounded``: value, limit and margin rounded as the check prints them (a
        count to a whole number, a length to 0.1 ft, more only where the value
        would otherwise read as its limit), for a table to read rather than compute with.
        """
        frame = pd.DataFrame([c.to_dict() for c in self.checks]).set_index("id")
        if rounded:
            places = [decimals_for(c.value, c.unit, c.limit) if c.value is not None else 1 for c in self.checks]
            for column in ("value", "limit", "margin"):
                frame[column] = [None if v is None or pd.isna(v) else round(float(v), p) for v, p in zip(frame[column], places)]
        return frame

    def plot(self, ax=None, **kwargs):
        """Draw the site plan; returns ``(fig, ax)`` (see :func:`dockreview.outputs.exhibit.plot_review`).

        With ``ax`` the map is drawn onto your axes with no legend unless ``legend=True``.
        """
        from dockreview.outputs.exhibit import plot_review

        return plot_review(self, ax=ax, **kwargs)

    def uncertainties(self) -> dict[str, Uncertainty]:
        """Each measured distance's uncertainty at 95 % from the layers' accuracy (:func:`dockreview.measure.uncertainty.uncertainties`)."""
        return uncertainties(self.site, self.measurements, self.layout)

    def simulated_uncertainties(self, *, draws: int = 20_000, seed: int = 0, vertex_share: float = 0.0) -> dict[str, Uncertainty]:
        """The setbacks', frontage's, reach's and clearances' uncertainty at 95 % by a seeded simulation that moves each
        feature and, with ``vertex_share``, each vertex (:func:`dockreview.measure.simulation.simulated`)."""
        return simulated(self.site, self.layout, draws=draws, seed=seed, vertex_share=vertex_share)

    def riparian_methods(self):
        """The dock under every riparian method, side by side (:func:`dockreview.review.methods.compare_methods`)."""
        return compare_methods(self, review_as_read)

    def explore(self, m=None, **kwargs):
        """The review on an interactive folium map, as ``GeoDataFrame.explore`` (see :func:`dockreview.outputs.explore.explore`)."""
        from dockreview.outputs.explore import explore

        return explore(self, m, **kwargs)

    def __repr__(self) -> str:
        counts = Counter(c.status for c in self.checks)
        statuses = ", ".join(f"{n} {status}" for status, n in counts.most_common())
        return f"<Review {self.site.name!r}, parcel {self.site.parcel_id}: {self.verdict} ({len(self.checks)} checks: {statuses})>"

    def to_geodataframe(self):
        """The derived layers in one GeoDataFrame, column ``layer`` (see :func:`dockreview.export.to_geodataframe`)."""
        from dockreview.outputs.export import to_geodataframe

        return to_geodataframe(self)

    def _repr_html_(self) -> str:
        from dockreview.outputs.style import STATUS_COLOURS

        rows = []
        for c in self.checks:
            colour = STATUS_COLOURS.get(c.status, "#000")
            places = decimals_for(c.value, c.unit, c.limit) if c.value is not None and math.isfinite(c.value) else 1
            value = "" if c.value is None else f"{c.value:,.{places}f}"
            limit = "" if c.limit is None else f"{c.limit:,.{places}f}"
            rows.append(
                f"<tr><td>{html.escape(c.id)}</td><td>{html.escape(c.section)}</td><td>{value}</td>"
                f"<td>{limit}</td><td>{html.escape(c.unit)}</td>"
                f"<td style='color:{colour};font-weight:bold'>{c.status}</td><td>{html.escape(c.message)}</td></tr>"
            )
        head = "".join(f"<th>{h}</th>" for h in ("check", "section", "value", "limit", "unit", "status", "message"))
        title = html.escape(f"{self.site.name} (parcel {self.site.parcel_id}): {self.verdict}")
        return f"<div><b>{title}</b><table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"


def review(site: Site, *, profile: Profile | RuleSet | str | None = None, decision_rule: str | None = None) -> Review:
    """Review the site's proposed dock against every check of the profile.

    Parameters
    ----------
    site : Site
        From :func:`dockreview.load_site`.
    profile : Profile, RuleSet, name or path, optional
        The rule profile; by default the manifest's ``[review] profile``, else the shipped Kings Point profile.
    decision_rule : {"simple", "guarded"}, optional
        What a check within the data's accuracy counts as (:data:`~dockreview.rules.conditional.DECISION_RULES`);
        by default the profile's ``[decision] rule``, else simple.

    Returns
    -------
    Review

    Raises
    ------
    DockReviewError
        When the data cannot answer (no water frontage, dock not in the water).
    """
    rules = ruleset(profile if profile is not None else site.manifest.review.profile)
    rule = rule_of(rules.profile, decision_rule)
    readings = readings_of(site, rules)
    town = town_site(site, readings)
    result = review_as_read(town, rules)
    result.readings, result.decision_rule = readings, rule
    if readings.deviations:
        asked = {d.key: {d.key: d.manifest} for d in readings.deviations}
        asked["*"] = {d.key: d.manifest for d in readings.deviations}
        result.verdicts_as_asked = {key: _verdict_as_asked(town, values, rules, rule) for key, values in asked.items()}
        message = _deviation_warning(site, readings, result)
        warnings.warn(message, DockReviewWarning, stacklevel=2)
        result.warnings.append(message)
    return result


def _verdict_as_asked(town: Site, values: dict, rules: RuleSet, rule: str) -> str:
    """The verdict had the manifest's ``values`` been read instead of the profile's (the reason when none can be had)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            asked = review_as_read(under_readings(town, values), rules)
            asked.decision_rule = rule
            return asked.verdict
    except DockReviewError as exc:
        return f"cannot be reviewed: {exc}"


def _deviation_warning(site: Site, readings, result: Review) -> str:
    asked = "; ".join(f"{d.key} = {d.manifest!r} (the profile's: {d.profile!r})" for d in readings.deviations)
    return (
        f"{site.manifest.path}: the manifest sets readings the profile fixes, not applied: {asked}; reviewed under "
        f"the profile's ({result.verdict}); under the manifest's it would be {result.verdicts_as_asked['*']}"
    )


def review_as_read(site: Site, rules: RuleSet) -> Review:
    """The review of ``site`` as its manifest reads it (:func:`review` has set the town's readings)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", DockReviewWarning)
        riparian = site_riparian(site, rules)
        dock = build_dock(site, riparian)
        measurements, layout = measure(site, riparian, dock, rules)
    messages = [str(w.message) for w in caught if issubclass(w.category, DockReviewWarning)]
    for message in messages:
        warnings.warn(message, DockReviewWarning, stacklevel=2)
    facts = facts_of(site)
    checks = rules.run(measurements, facts)
    checks = qualify(rules, checks, measurements, facts, uncertainties(site, measurements, layout), site.accuracy)
    checks = rules.note_transform_accuracy(checks, site.transform_accuracy_ft)
    checks = apply_waivers(checks, site.manifest.waivers, site.manifest.path)
    exemption = rules.federal_exemption() if site.manifest.federal else None
    if exemption is not None:
        checks = exempted(checks, *exemption)
    elif site.manifest.federal:
        message = (
            f"{site.manifest.path}: [parcel] federal = true, but {rules.profile.name} states no exemption for federal "
            "premises: the dock is reviewed under it"
        )
        warnings.warn(message, DockReviewWarning, stacklevel=2)
        messages.append(message)
    return Review(site, measurements, checks, layout, rules, warnings=[*site.warnings, *messages],
                  decision_rule=rule_of(rules.profile))


def riparian_method(site: Site, rules: RuleSet) -> dict:
    """The riparian method and its parameters for a site, as :func:`~dockreview.geometry.riparian.riparian_geometry` takes them.

    The profile's ``[riparian] method`` and ``baseline_ft``; where it leaves one
    open, ``[review] riparian_method`` or ``baseline_ft`` (:func:`review` has put
    the readings the profile fixes in the manifest's place); else extended side
    lines, with a 100-ft baseline. The cove line is ``[review] cove_line``, else
    the ``cove_line`` layer.

    Raises
    ------
    ProfileError
        When the profile names no known method.
    SiteDataError
        When the method needs a layer the site does not have (one line naming it).
    """
    settings = site.manifest.review
    drawn = rules.riparian_lines()
    method = settings.riparian_method or drawn["method"]
    baseline = settings.baseline_ft if settings.baseline_ft is not None else drawn["baseline_ft"]
    if not baseline > 0:
        raise SiteDataError(f"{site.manifest.path}: [review] baseline_ft must be a number of feet above zero, got {baseline!r}")
    cove_line = LineString(settings.cove_line) if settings.cove_line is not None else site.cove_line
    guides = {
        "centerline": site.centerline, "cove_line": cove_line, "median_line": site.median_line,
        "navigation_line": site.navigation_line if site.navigation_line is not None else navigation_contour(site),
        "navigation_ft": settings.navigation_ft,
        "lake_center": settings.lake_center,
    }
    found = METHODS.get(method)
    needs = found.layers if found else ()
    if needs and all(guides[name] is None for name in needs):
        raise SiteDataError(f"{site.manifest.path}: the riparian method \"{method}\" needs {NEEDS[method]}")
    return {
        "method": method, "extension": settings.extension, "direction": settings.extension_direction,
        "course_tolerance_ft": settings.course_tolerance_ft, "chord_ft": settings.chord_ft, "baseline_ft": float(baseline),
        **guides, "parcels": site.parcels.geometry.values if found and found.parcels else None,
    }


def site_riparian(site: Site, rules: RuleSet) -> Riparian:
    """The riparian geometry of the site's lot, by the method of :func:`riparian_method`.

    What the geometry cannot answer is named with the parcel and its layers.
    """
    method = riparian_method(site, rules)
    try:
        return riparian_geometry(
            site.parcel, site.mhw, tolerance=site.to_units(site.manifest.review.mhw_tolerance_ft),
            ft_per_unit=site.ft_per_unit, **method,
        )
    except SiteDataError as exc:
        raise SiteDataError(
            f"{site.layer_label('parcels')}: parcel '{site.parcel_id}': {exc} (MHW line: {site.layer_label('mhw')})"
        ) from exc


def facts_of(site: Site) -> Facts:
    """What the checks know of the inputs besides the measurements."""
    given = {name: getattr(site, name) for name in ("channels", "docks", "soundings", "vegetation")}
    dock, vessel = site.manifest.dock, site.manifest.vessel
    return Facts(
        layers=frozenset(name for name, layer in given.items() if layer is not None),
        empty_layers=frozenset(name for name, layer in given.items() if layer is not None and layer.empty),
        attributes=dict(dock.attributes),
        draft_ft=vessel.draft_ft,
        float_draft_ft=dock.float_draft_ft,
        use=dock.use,
        season=dock.season,
        parcel_class=site.parcel_class,
        water=site.manifest.water,
    )
