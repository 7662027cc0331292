"""Where a dock may go on one lot: the permissible envelope and the longest compliant dock.

The **envelope** is the water where a compliant dock may stand (Docks C, D(1)):
seaward of the MHW line between the lot's side-line extensions, farther than the
required setback from both side lines and their extensions, within the reach
limit of the frontage, and at least the terminus clearance (50 ft) from every
channel and every other dock. Docks rooted on the lot's own shore (within the
MHW tolerance of its frontage, on its water) are the lot's existing docks: a new
dock replaces them (Docks A), so they are counted, not kept clear of.

The geometric steps are written on shapely arrays so that :mod:`dockreview.screen`
runs the very same steps over a whole parcel layer; here they run on one lot.

The **longest compliant dock** grows a parametric dock from a root on a bearing
and finds the greatest walkway length at which every geometric check of the
review still passes at every shorter length.
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

import geopandas as gpd
import numpy as np
import shapely
from shapely import Point
from shapely.geometry.base import BaseGeometry

from .dock import parametric_dock
from .errors import DockReviewError
from .io import atomic_path
from .manifest import DockSpec, FloatSpec
from .measure import measure, water_zone
from .profile import Profile
from .riparian import Riparian, riparian_geometry
from .review import facts_of
from .rules import CHECKS
from .rules.base import FAIL
from .site import Site

#: The envelope's greatest reach is found to within this many feet.
REACH_TOLERANCE_FT = 0.001
#: Segments per quarter circle of the reach and clearance buffers (as measure.py draws the reach limit).
QUAD_SEGS = 32
#: Walkway lengths (ft) tried first when growing the dock; the last passing one is refined by bisection.
SCAN_STEP_FT = 10.0
#: The longest dock is found to within this many feet.
LENGTH_TOLERANCE_FT = 0.01
#: The review's checks that the dock's geometry decides; the longest dock must pass them all.
GEOMETRIC_CHECKS = (
    "side-setback", "reach", "navigable-reach", "channel-clearance", "dock-clearance", "width", "float-area", "float-position",
)
#: Walkway width (ft) of the suggested dock when the manifest gives a footprint, not a parametric dock.
DEFAULT_WALKWAY_FT = 6.0


# ---------------------------------------------------------------------------
# array steps, shared with the screen
# ---------------------------------------------------------------------------
def required_setback(frontage_ft, profile: Profile):
    """Docks C: max(40 % of the frontage, 60 ft), elementwise (ft)."""
    return np.maximum(profile("setback_fraction_of_frontage") * np.asarray(frontage_ft), profile("min_setback_ft"))


def setback_strips(left_lines, right_lines, setback):
    """The water within ``setback`` of either side line or its extension (working units)."""
    return shapely.union(shapely.buffer(left_lines, setback), shapely.buffer(right_lines, setback))


def setback_band(zones, strips, frontages, reach):
    """The lot's water outside the setback strips and within ``reach`` of the frontage."""
    within = shapely.buffer(frontages, reach, quad_segs=QUAD_SEGS)
    return shapely.difference(shapely.intersection(zones, within), strips)


def band_width(frontages, strips):
    """Length of the frontage outside the setback strips: the band's width at the MHW line (units)."""
    return shapely.length(shapely.difference(frontages, strips))


def keep_clear(bands, obstacles: "Obstacles"):
    """Take each obstacle's clearance zone off its lot's band, in the obstacles' order; other lots keep theirs."""
    out = np.array(bands, dtype=object, copy=True)
    if len(obstacles.lot) == 0:
        return out
    rank = _rank_within(obstacles.lot)
    for r in range(int(rank.max()) + 1):
        take = rank == r
        lots = obstacles.lot[take]
        out[lots] = shapely.difference(out[lots], obstacles.keep_off[take])
    return out


def _rank_within(groups: np.ndarray) -> np.ndarray:
    """For each element, how many earlier elements share its group (0, 1, 2, ...)."""
    order = np.argsort(groups, kind="stable")
    sorted_groups = groups[order]
    starts = np.r_[0, np.flatnonzero(np.diff(sorted_groups)) + 1]
    first = np.repeat(starts, np.diff(np.r_[starts, len(groups)]))
    rank = np.empty(len(groups), dtype=int)
    rank[order] = np.arange(len(groups)) - first
    return rank


def greatest_reach(envelopes, frontages, tolerance):
    """The greatest distance from the frontage of any point of each envelope (units; 0 when empty).

    Exact to ``tolerance``, by branch and bound along the outline's edges. On a
    piece of edge from ``p`` to ``q`` no point is farther from the frontage than
    from the frontage point ``n`` nearest the piece's middle, and the distance
    to one point is largest at an end: the bound is ``max(|p - n|, |q - n|)``.
    Pieces that could beat their lot's best by more than ``tolerance`` are
    halved until none can.
    """
    frontages = np.asarray(frontages, dtype=object)
    parts, part_lot = shapely.get_parts(envelopes, return_index=True)
    rings, ring_part = shapely.get_rings(parts, return_index=True)
    xy, ring_of = shapely.get_coordinates(rings, return_index=True)
    best = np.zeros(len(envelopes))
    if not len(xy):
        return best
    lot = part_lot[ring_part[ring_of]]
    np.maximum.at(best, lot, shapely.distance(shapely.points(xy), frontages[lot]))
    i = np.flatnonzero(ring_of[1:] == ring_of[:-1])
    p, q, lot = xy[i], xy[i + 1], lot[i]
    while len(p):
        mid = (p + q) / 2
        foot = shapely.get_coordinates(shapely.shortest_line(shapely.points(mid), frontages[lot]))[1::2]
        np.maximum.at(best, lot, np.hypot(*(mid - foot).T))
        bound = np.maximum(np.hypot(*(p - foot).T), np.hypot(*(q - foot).T))
        split = bound > best[lot] + tolerance
        p, q, mid, lot = p[split], q[split], mid[split], lot[split]
        p, q, lot = np.concatenate([p, mid]), np.concatenate([mid, q]), np.concatenate([lot, lot])
    return best


def own_docks(zones, frontages, docks, tolerance):
    """Pairs (dock, lot) of docks rooted on a lot's own shore: within ``tolerance`` of its frontage, on its water."""
    if docks is None or len(docks) == 0:
        return np.empty(0, dtype=int), np.empty(0, dtype=int)
    docks = np.asarray(docks, dtype=object)
    lot_index, dock_index = shapely.STRtree(docks).query(frontages, predicate="dwithin", distance=tolerance)
    on_water = shapely.intersects(docks[dock_index], np.asarray(zones, dtype=object)[lot_index])
    return dock_index[on_water], lot_index[on_water]


@dataclass(frozen=True)
class Obstacles:
    """(lot, obstacle) pairs: each obstacle near a lot's band, and its clearance zone (parallel arrays)."""

    lot: np.ndarray
    geometry: np.ndarray
    keep_off: np.ndarray


def obstacle_pairs(bands, channels, docks, own_lot, own_dock, clearance) -> Obstacles:
    """The obstacles each band keeps clear of: channels first, then other docks, each in layer order.

    An obstacle counts for a lot when it lies within ``clearance`` of the lot's
    band; the lot's own docks do not count. Each obstacle is buffered once.
    """
    lots, geoms, zones, kind, index = [], [], [], [], []
    for k, layer in enumerate((channels, docks)):
        if layer is None or len(layer) == 0:
            continue
        layer = np.asarray(layer, dtype=object)
        near_lot, near_obj = shapely.STRtree(layer).query(bands, predicate="dwithin", distance=clearance)
        if k == 1 and len(own_lot):
            keep = ~np.isin(near_lot * len(layer) + near_obj, own_lot * len(layer) + own_dock)
            near_lot, near_obj = near_lot[keep], near_obj[keep]
        used, where = np.unique(near_obj, return_inverse=True)
        lots.append(near_lot)
        geoms.append(layer[near_obj])
        zones.append(shapely.buffer(layer[used], clearance, quad_segs=QUAD_SEGS)[where])
        kind.append(np.full(len(near_lot), k))
        index.append(near_obj)
    if not lots:
        empty = np.empty(0, dtype=object)
        return Obstacles(np.empty(0, dtype=int), empty, empty)
    lots, geoms, zones, kind, index = (np.concatenate(a) for a in (lots, geoms, zones, kind, index))
    order = np.lexsort((index, kind, lots))
    return Obstacles(lots[order], geoms[order], zones[order])


# ---------------------------------------------------------------------------
# one lot
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Envelope:
    """The permissible envelope of one lot; lengths in feet, areas in square feet.

    Attributes
    ----------
    geometry : shapely geometry
        Where a compliant dock may stand (working CRS); empty when none may.
    band : shapely geometry
        The same before the channel and dock clearances are taken off.
    frontage_ft, required_setback_ft, reach_limit_ft : float
    band_width_ft : float
        Width of the band at the MHW line (the frontage outside both setbacks).
    area_sqft : float
    greatest_reach_ft : float
        The greatest distance from the frontage of any point of the envelope.
    nearest_obstacle_ft : float or None
        Distance from the band at the MHW line to the nearest channel or other
        dock (None when there is none).
    existing_docks : int
        Docks standing on the lot's own water.
    reasons : tuple of str
        Why the lot can have no dock; empty when it can.
    """

    riparian: Riparian
    geometry: BaseGeometry
    band: BaseGeometry
    frontage_ft: float
    required_setback_ft: float
    reach_limit_ft: float
    band_width_ft: float
    area_sqft: float
    greatest_reach_ft: float
    nearest_obstacle_ft: float | None
    existing_docks: int
    reasons: tuple[str, ...]

    @property
    def possible(self) -> bool:
        """True when a compliant dock may stand somewhere on the lot's water."""
        return not self.reasons


def no_dock_reasons(
    *, frontage_ft: float, band_width_ft: float, required_setback_ft: float, band_empty: bool,
    envelope_empty: bool, nearest_obstacle_ft: float | None, profile: Profile,
) -> tuple[str, ...]:
    """Why a lot can have no dock, each with its numbers (empty when it can)."""
    reasons = []
    minimum = profile("min_frontage_ft")
    if frontage_ft < minimum:
        reasons.append(f"frontage {frontage_ft:,.1f} ft is under the {minimum:,.0f} ft minimum (Docks B)")
    if band_width_ft <= 0 or band_empty:
        reasons.append(
            f"no room between the setbacks: {required_setback_ft:,.1f} ft from each side line leaves a band "
            f"{band_width_ft:,.1f} ft wide on the {frontage_ft:,.1f} ft frontage (Docks C)"
        )
    elif envelope_empty:
        clearance = profile("min_terminus_clearance_ft")
        where = "" if nearest_obstacle_ft is None else f", {nearest_obstacle_ft:,.1f} ft from the shore"
        reasons.append(
            f"a channel or another dock lies within the setback band{where}: no seaward end can keep "
            f"{clearance:,.0f} ft from it (Docks D(1))"
        )
    return tuple(reasons)


def lot_envelope(
    parcel, mhw, *, ft_per_unit: float, profile: Profile, channels=None, docks=None,
    tolerance_ft: float = 5.0, extension: str = "straight", reach_ft: float | None = None,
) -> Envelope:
    """The permissible envelope of one lot (Docks B, C, D(1)).

    Parameters
    ----------
    parcel : Polygon
        The lot, working CRS.
    mhw : shapely geometry
        The MHW line, working CRS.
    ft_per_unit : float
        Feet per working-CRS unit.
    profile : Profile
    channels, docks : sequence of geometries, optional
        Channels, fairways and anchorages; existing docks (all of the layer).
        A dock within ``tolerance_ft`` of the frontage and on the lot's water
        is the lot's own.
    tolerance_ft : float
        How close to the MHW line a parcel boundary counts as on it.
    extension : {"straight", "perpendicular"}
    reach_ft : float, optional
        The reach limit; default the profile's (200 ft).

    Raises
    ------
    SiteDataError
        When the lot does not front the MHW line.
    """
    riparian = riparian_geometry(parcel, mhw, tolerance=tolerance_ft / ft_per_unit, ft_per_unit=ft_per_unit, extension=extension)
    frontage_ft = riparian.frontage.length * ft_per_unit
    setback_ft = float(required_setback(frontage_ft, profile))
    reach_ft = profile("max_reach_ft") if reach_ft is None else reach_ft
    zone = np.array([water_zone(riparian)], dtype=object)
    frontage = np.array([riparian.frontage], dtype=object)
    strips = setback_strips(
        np.array([riparian.left_line], dtype=object), np.array([riparian.right_line], dtype=object),
        setback_ft / ft_per_unit,
    )
    band = setback_band(zone, strips, frontage, reach_ft / ft_per_unit)
    width_ft = float(band_width(frontage, strips)[0]) * ft_per_unit
    channel_geoms = _geoms(channels)
    dock_geoms = _geoms(docks)
    own_dock, own_lot = own_docks(zone, frontage, dock_geoms, tolerance_ft / ft_per_unit)
    clearance = profile("min_terminus_clearance_ft") / ft_per_unit
    obstacles = obstacle_pairs(band, channel_geoms, dock_geoms, own_lot, own_dock, clearance)
    envelope = keep_clear(band, obstacles)
    nearest = nearest_obstacle(frontage, strips, obstacles)[0]
    reasons = no_dock_reasons(
        frontage_ft=frontage_ft, band_width_ft=width_ft, required_setback_ft=setback_ft,
        band_empty=bool(shapely.area(band[0]) <= 0), envelope_empty=bool(shapely.area(envelope[0]) <= 0),
        nearest_obstacle_ft=None if math.isnan(nearest) else nearest * ft_per_unit, profile=profile,
    )
    return Envelope(
        riparian=riparian,
        geometry=envelope[0],
        band=band[0],
        frontage_ft=frontage_ft,
        required_setback_ft=setback_ft,
        reach_limit_ft=reach_ft,
        band_width_ft=width_ft,
        area_sqft=float(shapely.area(envelope[0])) * ft_per_unit**2,
        greatest_reach_ft=float(greatest_reach(envelope, frontage, REACH_TOLERANCE_FT / ft_per_unit)[0]) * ft_per_unit,
        nearest_obstacle_ft=None if math.isnan(nearest) else nearest * ft_per_unit,
        existing_docks=len(own_dock),
        reasons=reasons,
    )


def nearest_obstacle(frontages, strips, obstacles: Obstacles):
    """Distance from each lot's band at the MHW line to its nearest obstacle (units; NaN when none)."""
    out = np.full(len(frontages), np.nan)
    lots = obstacles.lot
    if len(lots):
        at_shore = shapely.difference(np.asarray(frontages, dtype=object)[lots], np.asarray(strips, dtype=object)[lots])
        d = shapely.distance(at_shore, obstacles.geometry)
        d = np.where(np.isnan(d), np.inf, d)
        best = np.full(len(frontages), np.inf)
        np.minimum.at(best, lots, d)
        out = np.where(np.isfinite(best), best, np.nan)
    return out


def _geoms(layer) -> np.ndarray | None:
    if layer is None:
        return None
    values = layer.geometry.values if isinstance(layer, gpd.GeoDataFrame) else layer
    return np.asarray(values, dtype=object)


def site_envelope(site: Site, profile: Profile) -> Envelope:
    """The envelope of a site's lot, with its channels and docks layers.

    With soundings and a vessel draft, the reach limit is the navigable-depth
    limit (Docks D(1)) found along the site's dock grown perpendicular from the
    middle of the band, when that is under 200 ft.
    """
    def envelope(reach_ft: float | None = None) -> Envelope:
        return lot_envelope(
            site.parcel, site.mhw, ft_per_unit=site.ft_per_unit, profile=profile, channels=site.channels,
            docks=site.docks, tolerance_ft=site.manifest.review.mhw_tolerance_ft,
            extension=site.manifest.review.extension, reach_ft=reach_ft,
        )

    env = envelope()
    if site.soundings is None or site.manifest.vessel.draft_ft is None or env.band_width_ft <= 0:
        return env
    spec = _grown_spec(site, band_middle(env), None, profile("max_reach_ft"))
    dock = parametric_dock(spec, env.riparian, ft_per_unit=site.ft_per_unit, crs=site.crs)
    limit = measure(site, env.riparian, dock, profile)[0].max_allowed_reach_ft
    return envelope(limit) if limit is not None and limit < env.reach_limit_ft else env


# ---------------------------------------------------------------------------
# the longest compliant dock
# ---------------------------------------------------------------------------
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


def band_middle(envelope: Envelope) -> Point:
    """The middle of the band at the MHW line (its longest piece), else the frontage midpoint."""
    ft = envelope.frontage_ft / envelope.riparian.frontage.length
    strips = setback_strips(
        envelope.riparian.left_line, envelope.riparian.right_line, envelope.required_setback_ft / ft
    )
    at_shore = [p for p in shapely.get_parts(shapely.line_merge(shapely.difference(envelope.riparian.frontage, strips)))]
    if not at_shore:
        return envelope.riparian.frontage_midpoint
    return shapely.line_interpolate_point(max(at_shore, key=lambda p: p.length), 0.5, normalized=True)


def longest_dock(
    site: Site, profile: Profile, envelope: Envelope, *, root: tuple[float, float] | None = None,
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
    riparian = envelope.riparian
    origin = band_middle(envelope) if root is None else Point(root)
    spec = _grown_spec(site, origin, bearing, SCAN_STEP_FT)
    lot_site = _without_own_docks(site, envelope)
    facts = facts_of(lot_site)

    def failures(length: float) -> list:
        dock = parametric_dock(dataclasses.replace(spec, length=length), riparian, ft_per_unit=site.ft_per_unit, crs=site.crs)
        m, _ = measure(lot_site, riparian, dock, profile)
        results = (check(m, facts, profile) for check in CHECKS)
        return [c for c in results if c.id in GEOMETRIC_CHECKS and c.status == FAIL]

    good, bad, stop = 0.0, None, []
    length = SCAN_STEP_FT
    limit = profile("max_reach_ft") + SCAN_STEP_FT
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
    if site.docks is None or site.docks.empty or envelope.existing_docks == 0:
        return site
    zone = np.array([water_zone(envelope.riparian)], dtype=object)
    frontage = np.array([envelope.riparian.frontage], dtype=object)
    tolerance = site.to_units(site.manifest.review.mhw_tolerance_ft)
    own, _ = own_docks(zone, frontage, np.asarray(site.docks.geometry.values, dtype=object), tolerance)
    return dataclasses.replace(site, docks=site.docks.drop(site.docks.index[own]))


# ---------------------------------------------------------------------------
# the suggested manifest
# ---------------------------------------------------------------------------
#: Keys of the [dock] table that draw the dock; the suggestion replaces them, and keeps the others.
DOCK_GEOMETRY_KEYS = ("file", "component_field", "cad_layers", "root", "bearing", "length", "width", "float")


def suggest_manifest(site: Site, dock: LongestDock, path: str | Path) -> Path:
    """Write a site manifest for the suggested dock, ready for ``dockreview check``.

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
    with atomic_path(path) as tmp:
        tmp.write_text(_toml(doc), encoding="utf-8")
    return path


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


def envelope_frame(envelope: Envelope, crs) -> gpd.GeoDataFrame:
    """The envelope as a one-row GeoDataFrame with its figures, for a GeoPackage."""
    return gpd.GeoDataFrame(
        {
            "frontage_ft": [envelope.frontage_ft],
            "required_setback_ft": [envelope.required_setback_ft],
            "band_width_ft": [envelope.band_width_ft],
            "area_sqft": [envelope.area_sqft],
            "greatest_reach_ft": [envelope.greatest_reach_ft],
            "existing_docks": [envelope.existing_docks],
            "reasons": ["; ".join(envelope.reasons)],
        },
        geometry=[envelope.geometry if not envelope.geometry.is_empty else None],
        crs=crs,
    )


__all__ = [
    "Envelope",
    "LongestDock",
    "lot_envelope",
    "site_envelope",
    "longest_dock",
    "suggest_manifest",
    "envelope_frame",
]
