"""The longest compliant dock on a lot, grown from the applicant's own, and a manifest that proposes it.

:func:`site_envelope` is the review's own envelope of a site (the one the
exhibit draws, with the check's allowed reach). :func:`longest_dock` builds the
proposed dock at other walkway lengths (:mod:`dockreview.review.grow`: the same
components in the same layout, on the same root and bearing) and finds the
longest at which every geometric check of the profile passes, asked through the
one runner (``rules.run(m, facts, select=rules.geometric)`` on
:func:`~dockreview.measure.compute.measure`). When the proposal itself passes,
the search starts from it, so the suggestion is never shorter.
:func:`suggest_manifest` writes it as the original manifest with only its
``[dock]`` table changed (:mod:`dockreview.review.manifest_edit`).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from pathlib import Path

import geopandas as gpd

from dockreview.errors import DockError, DockReviewError
from dockreview.geometry.dock import Dock
from dockreview.inputs.manifest import DockSpec
from dockreview.inputs.site import Site
from dockreview.measure.compute import measure
from dockreview.measure.envelope import Envelope, band_middle, dock_roots, docks_on_lot
from dockreview.profile import Profile
from dockreview.review.grow import Grown, Growth, azimuth_deg, growth
from dockreview.review.manifest_edit import declared, relative_to, rewrite_manifest
from dockreview.review.pipeline import facts_of, review
from dockreview.review.readings import readings_of, town_site
from dockreview.rules import RuleSet, ruleset
from dockreview.rules.base import FAIL

#: Walkway lengths (ft) tried when growing the dock; the last passing one is refined by bisection.
SCAN_STEP_FT = 10.0
#: The longest dock is found to within this many feet.
LENGTH_TOLERANCE_FT = 0.01
#: The longest dock tried when no check caps the reach (ft).
MAX_SCAN_FT = 2000.0
#: The layer of the GeoPackage a grown footprint is written to.
FOOTPRINT_LAYER = "dock"


def site_envelope(site: Site, profile: Profile | RuleSet | None = None) -> Envelope:
    """The envelope of a site's lot: the review's own, with the reach its checks allow (Docks C, D(1)).

    With soundings and a vessel draft the reach limit is the navigable-depth
    limit found along the site's proposed dock, as the navigable-reach check
    finds it; otherwise the profile's 200 ft.
    """
    return review(site, profile=profile).layout.envelope


@dataclass(frozen=True)
class LongestDock:
    """The longest compliant dock grown from the proposal.

    ``length_ft`` is the walkway's length (the ramp's, for a footprint without a
    walkway), 0 when no length passes; ``stopped_by`` names the checks that fail
    just beyond it, and ``message`` says why. ``spec`` is the grown parametric
    dock (the manifest's own spec for a footprint), ``frame`` the grown footprint's
    features (None for a parametric dock) and ``dock`` the grown Dock. ``kept`` and
    ``changed`` say, in words, what of the proposal it keeps and what it changes;
    ``notes`` how the search went.
    """

    spec: DockSpec
    length_ft: float
    stopped_by: tuple[str, ...]
    message: str
    root: tuple[float, float]
    bearing_deg: float
    proposal_ft: float | None = None
    proposal_passes: bool = False
    kept: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    dock: Dock | None = None
    frame: gpd.GeoDataFrame | None = None
    moved: bool = False

    @property
    def lines(self) -> list[str]:
        """What ``dockreview suggest`` prints: the finding, what it kept, what it changed, how it searched."""
        out = [self.message]
        if self.length_ft > 0:
            out.append("kept: " + "; ".join(self.kept))
            out.append("changed: " + ("; ".join(self.changed) if self.changed else "nothing (the proposal is the longest)"))
        return out + [f"note: {n}" for n in self.notes]


@dataclass(frozen=True)
class _Trial:
    """One length tried: the failing geometric checks (id, message) and the dock's overall reach."""

    failures: tuple[tuple[str, str], ...]
    reach_ft: float | None

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(i for i, _ in self.failures)


def longest_dock(
    site: Site, profile: Profile | RuleSet | None, envelope: Envelope, *, root: tuple[float, float] | None = None,
    bearing: float | None = None,
) -> LongestDock:
    """The longest walkway at which the proposed dock passes every geometric check.

    The dock keeps the proposal's components and layout (see
    :mod:`dockreview.review.grow`). Lengths are tried every
    :data:`SCAN_STEP_FT` from the proposal when it passes (else from the shortest
    the dock can be built at), until a reach check fails or the reach cap is
    passed; the last passing length is bisected up to the next failing one to
    :data:`LENGTH_TOLERANCE_FT` (a failing window narrower than the step would be
    missed; a clearance window is at least twice the 50-ft clearance wide). The
    lot's own existing docks are left out of the dock clearance, as in the
    envelope. When no length passes from the proposal's root and neither
    ``root`` nor ``bearing`` is given, the dock is moved to the middle of the
    setback band, square to the frontage, and tried there.

    Parameters
    ----------
    root : (x, y), optional
        Working CRS; default the proposal's (a footprint is moved rigidly, its
        walkway's landward end to ``root``).
    bearing : float, optional
        Degrees clockwise from grid north; default the proposal's.
    """
    rules = ruleset(profile)
    site = town_site(site, readings_of(site, rules))
    riparian = envelope.riparian
    lot_site = _without_own_docks(site, envelope)
    facts = facts_of(lot_site)
    ends = set(rules.reach_checks)

    def trial(grown: Grown) -> _Trial:
        try:
            m, _ = measure(lot_site, riparian, grown.dock, rules)
        except DockError as exc:
            return _Trial((("dock-in-water", str(exc)),), None)
        failing = [c for c in rules.run(m, facts, select=rules.geometric) if c.status == FAIL]
        return _Trial(tuple((c.id, c.message) for c in failing), m.overall_reach_ft)

    grow = growth(site, riparian, root=root, bearing=bearing)
    found = _search(grow, trial, rules.reach_cap_ft(), ends)
    if found.length_ft <= 0 and root is None and bearing is None:
        middle = band_middle(envelope)
        moved = growth(site, riparian, root=(middle.x, middle.y), bearing=azimuth_deg(riparian.seaward))
        again = _search(moved, trial, rules.reach_cap_ft(), ends)
        if again.length_ft > 0:
            note = (
                f"no length passes from the proposal's root and bearing ({found.message}); "
                "the dock was moved to the middle of the setback band, square to the frontage"
            )
            return dataclasses.replace(again, notes=(*again.notes, note), proposal_ft=found.proposal_ft)
    return found


def _search(grow: Growth, trial, cap_ft: float, ends: set[str]) -> LongestDock:
    """The longest passing length of ``grow`` (see :func:`longest_dock`)."""
    x0 = grow.length_ft
    first = trial(grow.at(x0))
    passes = not first.failures
    overhang = max(0.0, x0 - first.reach_ft) if first.reach_ft is not None else 0.0
    upper = min(cap_ft, MAX_SCAN_FT) + overhang + SCAN_STEP_FT
    good, bad, stop = (x0, None, ()) if passes else (None, None, first.failures)
    x = x0 + SCAN_STEP_FT if passes else max(grow.shortest_ft, SCAN_STEP_FT)
    while x <= upper:
        t = trial(grow.at(x))
        if not t.failures:
            good, bad = x, None
        elif good is not None and bad is None:
            bad, stop = x, t.failures
        if t.failures and (ends & set(t.ids) or (good is not None and not math.isfinite(cap_ft))):
            break  # a longer dock fails the reach checks too
        x += SCAN_STEP_FT
    notes = (
        f"the proposal ({x0:,.2f} ft) passes every geometric check; the search starts from it",
    ) if passes else (f"the proposal ({x0:,.2f} ft) fails {', '.join(first.ids)}",)
    if good is None:
        detail = "; ".join(f"{i}: {m}" for i, m in stop)
        return _result(grow, 0.0, stop, f"no walkway length passes from this root: {detail}", passes, notes, None)
    if bad is None:
        raise DockReviewError(f"no check stops the dock before {upper:,.0f} ft; the reach check is missing from the profile")
    while bad - good > LENGTH_TOLERANCE_FT:
        mid = (good + bad) / 2
        t = trial(grow.at(mid))
        if t.failures:
            bad, stop = mid, t.failures
        else:
            good = mid
    length = round(math.floor(good / LENGTH_TOLERANCE_FT) * LENGTH_TOLERANCE_FT, 6)
    if passes and length < x0:
        length = x0
    grown = grow.at(length)
    if length != good and trial(grown).failures:
        length, grown = good, grow.at(good)
    detail = "; ".join(f"{i}: {m}" for i, m in stop)
    message = f"the longest compliant {grow.part} is {length:,.2f} ft; beyond it {detail}"
    return _result(grow, length, stop, message, passes, notes, grown)


def _result(grow: Growth, length: float, stop, message: str, passes: bool, notes, grown: Grown | None) -> LongestDock:
    changed = []
    if grown is not None and abs(length - grow.length_ft) >= 0.005:
        changed.append(f"{grow.part} {grow.length_ft:,.1f} -> {length:,.1f} ft")
    if grow.moved:
        changed.append(f"root ({grow.root[0]:,.2f}, {grow.root[1]:,.2f}), bearing {grow.bearing_deg:.2f} deg")
    spec = grown.spec if grown is not None and grown.spec is not None else grow.spec
    return LongestDock(
        spec=spec,
        length_ft=length,
        stopped_by=tuple(i for i, _ in stop),
        message=message,
        root=grow.root,
        bearing_deg=grow.bearing_deg,
        proposal_ft=grow.length_ft,
        proposal_passes=passes,
        kept=tuple(grow.kept(grown)) if grown is not None else (),
        changed=tuple(changed),
        notes=notes,
        dock=None if grown is None else grown.dock,
        frame=None if grown is None else grown.frame,
        moved=grow.moved,
    )


def _without_own_docks(site: Site, envelope: Envelope) -> Site:
    """The site without the lot's own existing docks, which a new dock replaces (Docks A)."""
    if site.docks is None or site.docks.empty or envelope.existing_docks == 0:
        return site
    rip = envelope.riparian
    roots = dock_roots(site.docks.geometry.values, rip.mhw)
    tolerance = site.to_units(site.manifest.review.mhw_tolerance_ft)
    own, _ = docks_on_lot([site.parcel], [rip.zone], [rip.frontage], roots, tolerance)
    return dataclasses.replace(site, docks=site.docks.drop(site.docks.index[own]))


def footprint_path(manifest_path: str | Path) -> Path:
    """Where the grown footprint of a suggestion written to ``manifest_path`` goes: ``<stem>-dock.gpkg`` beside it."""
    path = Path(manifest_path)
    return path.with_name(f"{path.stem}-dock.gpkg")


def suggest_manifest(site: Site, dock: LongestDock, path: str | Path, *, footprint: str | Path | None = None) -> str:
    """The text of a site manifest for the suggested dock, to be written at ``path``, ready for ``dockreview check``.

    It is the site's own manifest with only its ``[dock]`` table changed
    (comments and layout kept): a parametric dock's ``length`` (and its ``root``
    and ``bearing`` when the dock was moved); for a footprint, ``file`` points at
    ``footprint`` (the grown features, layer :data:`FOOTPRINT_LAYER`, written by
    the caller; default :func:`footprint_path`) and a DXF survey's ``cad_layers``
    go. Layer paths are rewritten only when ``path`` is in another folder.
    """
    manifest = site.manifest
    before = manifest.dock
    if dock.frame is None:
        keys: dict = {"length": dock.spec.length}
        notes = {"length": f"dockreview suggest: the proposal's {before.length:g} ft grown to the longest compliant"}
        if dock.moved:
            keys["root"] = [round(dock.spec.root[0], 6), round(dock.spec.root[1], 6)]
            keys["bearing"] = round(dock.bearing_deg, 6)
        return rewrite_manifest(manifest, path, dock=keys, notes=notes)
    target = Path(footprint) if footprint is not None else footprint_path(path)
    folder = Path(path).resolve().parent
    file = f"{relative_to(target.resolve(), folder)}:{FOOTPRINT_LAYER}"
    was = declared(before.footprint) if before.footprint else "the footprint"
    notes = {"file": f"dockreview suggest: {was} with its walkway {dock.proposal_ft:,.1f} -> {dock.length_ft:,.1f} ft"}
    return rewrite_manifest(manifest, path, dock={"file": file}, remove=("cad_layers",), notes=notes)
