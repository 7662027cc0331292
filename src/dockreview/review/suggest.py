"""The longest compliant dock on a lot, and a manifest that proposes it (``dockreview suggest``).

:func:`site_envelope` is the review's own envelope of a site (the one the
exhibit draws, with the check's allowed reach). :func:`longest_dock` grows a
parametric dock from a root on a bearing and finds the greatest walkway length
at which every geometric check of the review still passes at every shorter
length; :func:`suggest_manifest` writes it as a site manifest's text.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import math
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from shapely import Point

from dockreview.errors import DockReviewError
from dockreview.geometry.dock import parametric_dock
from dockreview.inputs.manifest import DockSpec, FloatSpec
from dockreview.inputs.site import Site
from dockreview.measure.compute import measure
from dockreview.measure.envelope import (
    Envelope,
    band_middle,
    dock_roots,
    docks_on_lot,
)
from dockreview.profile import Profile
from dockreview.review.pipeline import facts_of, review
from dockreview.rules import RuleSet, ruleset
from dockreview.rules.base import FAIL

#: Walkway lengths (ft) tried first when growing the dock; the last passing one is refined by bisection.
SCAN_STEP_FT = 10.0
#: The longest dock is found to within this many feet.
LENGTH_TOLERANCE_FT = 0.01
#: Walkway width (ft) of the suggested dock when the manifest gives a footprint, not a parametric dock.
DEFAULT_WALKWAY_FT = 6.0
#: The longest dock tried when no check caps the reach (ft).
MAX_SCAN_FT = 2000.0


def site_envelope(site: Site, profile: Profile | RuleSet | None = None) -> Envelope:
    """The envelope of a site's lot: the review's own, with the reach its checks allow (Docks C, D(1)).

    With soundings and a vessel draft the reach limit is the navigable-depth
    limit found along the site's proposed dock, as the navigable-reach check
    finds it; otherwise the profile's 200 ft.
    """
    return review(site, profile=profile).layout.envelope


@dataclass(frozen=True)
class LongestDock:
    """The longest compliant walkway from a root on a bearing.

    ``length_ft`` is 0 when no length passes; ``stopped_by`` names the checks
    that fail just beyond it, and ``message`` says why.
    """

    spec: DockSpec
    length_ft: float
    stopped_by: tuple[str, ...]
    message: str
    root: tuple[float, float]
    bearing_deg: float


def longest_dock(
    site: Site, profile: Profile | RuleSet | None, envelope: Envelope, *, root: tuple[float, float] | None = None,
    bearing: float | None = None,
) -> LongestDock:
    """The greatest walkway length whose dock passes every geometric check at every shorter length.

    The dock is the manifest's parametric dock (its width and float) or, for a
    footprint manifest, a plain walkway :data:`DEFAULT_WALKWAY_FT` wide. Lengths
    are tried every :data:`SCAN_STEP_FT` up to the reach limit, then the first
    failure is bisected to :data:`LENGTH_TOLERANCE_FT` (a failing window
    narrower than the step would be missed; a clearance window is at least
    twice the 50-ft clearance wide). The lot's own existing docks are left out
    of the dock clearance, as in the envelope.

    Parameters
    ----------
    root : (x, y), optional
        Working CRS; default the middle of the band at the MHW line.
    bearing : float, optional
        Degrees clockwise from grid north; default perpendicular to the frontage.
    """
    rules = ruleset(profile)
    riparian = envelope.riparian
    origin = band_middle(envelope) if root is None else Point(root)
    spec = _grown_spec(site, origin, bearing, SCAN_STEP_FT)
    lot_site = _without_own_docks(site, envelope)
    facts = facts_of(lot_site)

    def failures(length: float) -> list:
        dock = parametric_dock(dataclasses.replace(spec, length=length), riparian, ft_per_unit=site.ft_per_unit, crs=site.crs)
        m, _ = measure(lot_site, riparian, dock, rules)
        return [c for c in rules.run(m, facts, select=rules.geometric) if c.status == FAIL]

    good, bad, stop = 0.0, None, []
    length = SCAN_STEP_FT
    limit = min(rules.reach_cap_ft(), MAX_SCAN_FT) + SCAN_STEP_FT
    while length <= limit:
        stop = failures(length)
        if stop:
            bad = length
            break
        good = length
        length += SCAN_STEP_FT
    if bad is None:
        raise DockReviewError(f"no check stops the dock before {limit:,.0f} ft; the reach check is missing from the profile")
    while bad - good > LENGTH_TOLERANCE_FT:
        mid = (good + bad) / 2
        found = failures(mid)
        if found:
            bad, stop = mid, found
        else:
            good = mid
    length_ft = round(math.floor(good / LENGTH_TOLERANCE_FT) * LENGTH_TOLERANCE_FT, 6)
    stopped = tuple(c.id for c in stop)
    detail = "; ".join(f"{c.id}: {c.message}" for c in stop)
    message = (
        f"the longest compliant walkway is {length_ft:,.2f} ft; beyond it {detail}"
        if length_ft > 0
        else f"no walkway length passes from this root: {detail}"
    )
    axis = riparian.seaward if bearing is None else np.array([np.sin(np.radians(bearing)), np.cos(np.radians(bearing))])
    azimuth = float(np.degrees(np.arctan2(axis[0], axis[1])) % 360.0)
    return LongestDock(dataclasses.replace(spec, length=length_ft), length_ft, stopped, message, spec.root, azimuth)


def _grown_spec(site: Site, root: Point, bearing: float | None, length: float) -> DockSpec:
    """The site's parametric dock (its width and float; a plain walkway for a footprint manifest) from ``root``."""
    base = site.manifest.dock
    width = base.width if base.is_parametric and base.width else DEFAULT_WALKWAY_FT
    float_spec = base.float if base.is_parametric else None
    return DockSpec(root=(root.x, root.y), bearing=bearing, length=length, width=width, float=float_spec)


def _without_own_docks(site: Site, envelope: Envelope) -> Site:
    """The site without the lot's own existing docks, which a new dock replaces (Docks A)."""
    if site.docks is None or site.docks.empty or envelope.existing_docks == 0:
        return site
    rip = envelope.riparian
    roots = dock_roots(site.docks.geometry.values, rip.mhw)
    tolerance = site.to_units(site.manifest.review.mhw_tolerance_ft)
    own, _ = docks_on_lot([site.parcel], [rip.zone], [rip.frontage], roots, tolerance)
    return dataclasses.replace(site, docks=site.docks.drop(site.docks.index[own]))


#: Keys of the [dock] table that draw the dock; the suggestion replaces them, and keeps the others.
DOCK_GEOMETRY_KEYS = ("file", "component_field", "cad_layers", "root", "bearing", "length", "width", "float")


def suggest_manifest(site: Site, dock: LongestDock, path: str | Path) -> str:
    """The text of a site manifest for the suggested dock, to be written at ``path``, ready for ``dockreview check``.

    The site's own manifest is copied with its [dock] drawn anew (an explicit
    root, the bearing the dock was grown on, the length found; the dock's other
    keys kept) and its layer paths rewritten relative to the new manifest's folder.
    """
    path = Path(path)
    manifest = site.manifest
    doc = tomllib.loads(manifest.path.read_text(encoding="utf-8"))
    folder = path.resolve().parent

    def relative(p: Path) -> str:
        return Path(os.path.relpath(p, folder)).as_posix()

    layers = doc.get("layers", {})
    for role, spec in manifest.layers.items():
        entry = {"path": relative(spec.path)}
        if spec.layer:
            entry["layer"] = spec.layer
        if spec.assume_crs:
            entry["assume_crs"] = spec.assume_crs
        layers[role] = entry
    if "chart" in layers:
        charts = [relative(c) for c in manifest.charts]
        layers["chart"] = charts[0] if len(charts) == 1 else charts
    table = {k: v for k, v in doc.get("dock", {}).items() if k not in DOCK_GEOMETRY_KEYS}
    table.update(root=list(dock.root), bearing=round(dock.bearing_deg, 6), length=dock.length_ft, width=dock.spec.width)
    if dock.spec.float is not None:
        f: FloatSpec = dock.spec.float
        table["float"] = {"length": f.length, "width": f.width, "layout": f.layout, **({"side": f.side} if f.side else {})}
    doc["dock"] = table
    doc.setdefault("site", {})["name"] = f"{manifest.name} (suggested dock)"
    return _toml(doc)


def _toml(doc: dict) -> str:
    """TOML text for a manifest: tables and arrays of tables of values, lists and inline tables."""

    def value(v) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v)
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, (datetime.date, datetime.time)):
            return v.isoformat()
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"

    lines = []
    for name, body in doc.items():
        for table in body if isinstance(body, list) else [body]:
            lines.append(f"[[{name}]]" if isinstance(body, list) else f"[{name}]")
            lines.extend(f"{k} = {value(v)}" for k, v in table.items())
            lines.append("")
    return "\n".join(lines)


