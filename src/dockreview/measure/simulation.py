"""A seeded simulation of the distances' uncertainty: every layer's features displaced, the distances measured again.

:mod:`dockreview.measure.uncertainty` propagates the layers' accuracy exactly for
features that move whole. This module draws instead: each feature of a layer of
95 % accuracy ``A`` (NSSDA, per-axis sigma ``A / 2.4477``) is moved by one shift,
and each of its vertices by its own noise besides; ``vertex_share`` ``f`` splits
the sigma between them (shift ``sqrt(1 - f^2)``, noise ``f``), so that every
vertex still lies within ``A`` of where it is drawn at 95 %. Vertex noise turns
a side line about its corner, which no shift does: a setback measured far out on
the extension moves more than the line's own accuracy.

All draws are measured at once (numpy and shapely arrays), from one seeded
generator: the same seed gives the same figures on every run. Measured again:

* a setback (side lines extended straight on their last course): the dock's
  nearest vertex to the line through the displaced last course;
* the frontage: between the water corners, each where the displaced side course
  meets the displaced MHW segment there (the chord's change);
* the reach: from the dock's seaward point to the displaced MHW line;
* a clearance: from the dock's terminus to the displaced channels or docks.

Each figure is the 95th percentile of its change's magnitude.
"""

from __future__ import annotations

import math

import numpy as np
import shapely

from dockreview.measure.uncertainty import RADIAL95, Uncertainty, layer_features

#: The draws a simulation takes unless told: the 95th percentile of |change| to about 1.5 % (one standard error).
DRAWS = 20_000
#: A feature farther than the nearest by this many sigmas of its layer is not drawn: it cannot become the nearest.
REACH_SIGMAS = 8.0


def _sigma(site, role: str) -> float | None:
    """The per-axis sigma of the layer's displacement, in the working CRS's units; None when unassessed."""
    layer = site.accuracy.get(role)
    if layer is None or layer.horizontal_ft is None:
        return None
    return layer.horizontal_ft / RADIAL95 / site.ft_per_unit


def _shift(sigma: float, share: float, rng: np.random.Generator, draws: int) -> np.ndarray:
    """One feature's shift in each of ``draws``: (draws x 1 x 2)."""
    return rng.normal(0.0, sigma * math.sqrt(1.0 - share * share), (draws, 1, 2))


def _displaced(points: np.ndarray, sigma: float, share: float, rng: np.random.Generator, draws: int,
               shift: np.ndarray | None = None) -> np.ndarray:
    """``points`` (k x 2, vertices of one feature) in ``draws`` displacements: (draws x k x 2); ``shift`` the
    feature's own when other vertices of it are drawn elsewhere."""
    shift = _shift(sigma, share, rng, draws) if shift is None else shift
    noise = rng.normal(0.0, sigma * share, (draws, len(points), 2))
    return points[None] + shift + noise


def _displaced_lines(site, role: str, near, share: float, rng, draws: int) -> np.ndarray | None:
    """The layer's features that may become the nearest to ``near`` (:data:`REACH_SIGMAS`) as lines, displaced:
    (draws x features); None when the layer is absent or unassessed."""
    sigma = _sigma(site, role)
    features = layer_features(site, role)
    if sigma is None or not len(features):
        return None
    polygonal = np.isin(shapely.get_type_id(features), (3, 6))
    lines = np.where(polygonal, shapely.boundary(features), features)
    parts = shapely.get_parts(lines)
    if not len(parts):
        return None
    away = shapely.distance(parts, near)
    lines = parts[away <= away.min() + REACH_SIGMAS * sigma]
    columns = [shapely.linestrings(_displaced(shapely.get_coordinates(line), sigma, share, rng, draws)) for line in lines]
    return np.stack(columns, axis=1)


def _nearest_distance(point: np.ndarray, lines: np.ndarray) -> np.ndarray:
    """The distance from one point to the nearest of each draw's lines (draws x features)."""
    return shapely.distance(shapely.points(point), lines).min(axis=1)


def _course(side, parcel) -> np.ndarray:
    """The side line's last course as the lot was drawn: its last two vertices that are the parcel's own (the
    review's side line also has the points it was split at), landward first (2 x 2)."""
    xy = shapely.get_coordinates(side)
    vertices = shapely.get_coordinates(parcel)
    gap = np.hypot(*(xy[:, None, :] - vertices[None, :, :]).transpose(2, 0, 1)).min(axis=1)
    own = xy[gap <= 1e-6 * max(float(np.ptp(xy, axis=0).max()), 1.0)]
    return own[-2:] if len(own) >= 2 else xy[[0, -1]]


def _line_distance(vertices: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The least distance from fixed ``vertices`` (m x 2) to each draw's infinite line through ``a``, ``b`` (draws x 2)."""
    d = b - a
    cross = d[:, None, 0] * (vertices[None, :, 1] - a[:, None, 1]) - d[:, None, 1] * (vertices[None, :, 0] - a[:, None, 0])
    return (np.abs(cross) / np.hypot(d[:, 0], d[:, 1])[:, None]).min(axis=1)


def _meet(a: np.ndarray, b: np.ndarray, p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Where each draw's line ``a``-``b`` meets its line ``p``-``q`` (draws x 2)."""
    d, e = b - a, q - p
    t = ((p[:, 0] - a[:, 0]) * e[:, 1] - (p[:, 1] - a[:, 1]) * e[:, 0]) / (d[:, 0] * e[:, 1] - d[:, 1] * e[:, 0])
    return a + t[:, None] * d


class _Draws:
    """One simulation's generator and settings, and the displaced side courses it shares between figures."""

    def __init__(self, site, layout, draws: int, seed: int, share: float) -> None:
        self.site, self.layout, self.draws, self.share = site, layout, draws, share
        self.rng = np.random.default_rng(seed)
        self.dock = shapely.get_coordinates(layout.dock.footprint)
        self.parcel_sigma = _sigma(site, "parcels")
        self.shore_sigma = _sigma(site, "mhw")
        self.courses = {}
        if self.parcel_sigma is not None:
            shift = _shift(self.parcel_sigma, share, self.rng, draws)  # the lot moves whole: both sides together
            for which in ("left", "right"):
                course = _course(getattr(layout.riparian, f"{which}_side"), site.parcel)
                self.courses[which] = (course, _displaced(course, self.parcel_sigma, share, self.rng, draws, shift))

    def setback(self, which: str) -> np.ndarray | None:
        if which not in self.courses:
            return None
        course, moved = self.courses[which]
        shifted = _line_distance(self.dock, moved[:, 0], moved[:, 1])
        return shifted - _line_distance(self.dock, course[None, 0], course[None, 1])[0]

    def frontage(self) -> np.ndarray | None:
        if len(self.courses) < 2 or self.shore_sigma is None:
            return None
        corners, shifts = [], {}
        for which in ("left", "right"):
            course, moved = self.courses[which]
            feature, segment = self._shore_segment(course[1])
            if feature not in shifts:  # one MHW feature moves whole under both corners
                shifts[feature] = _shift(self.shore_sigma, self.share, self.rng, self.draws)
            shore = _displaced(segment, self.shore_sigma, self.share, self.rng, self.draws, shifts[feature])
            corners.append((_meet(course[None, 0], course[None, 1], segment[None, 0], segment[None, 1])[0],
                            _meet(moved[:, 0], moved[:, 1], shore[:, 0], shore[:, 1])))
        (left0, left), (right0, right) = corners
        return np.hypot(*(right - left).T) - np.hypot(*(right0 - left0))

    def _shore_segment(self, corner: np.ndarray) -> tuple[int, np.ndarray]:
        """The MHW feature at a water corner, and its segment there (2 x 2)."""
        features = layer_features(self.site, "mhw")
        feature = int(np.argmin(shapely.distance(features, shapely.points(corner))))
        xy = shapely.get_coordinates(features[feature])
        segments = shapely.linestrings(np.stack([xy[:-1], xy[1:]], axis=1))
        k = int(np.argmin(shapely.distance(segments, shapely.points(corner))))
        return feature, xy[k:k + 2]

    def distance(self, role: str, line) -> np.ndarray | None:
        """From the fixed end of a dimension line to the displaced features of ``role``: the change per draw."""
        start = shapely.get_coordinates(line)[0]
        moved = _displaced_lines(self.site, role, shapely.points(start), self.share, self.rng, self.draws)
        if moved is None:
            return None
        base = float(shapely.distance(shapely.points(start), shapely.union_all(layer_features(self.site, role))))
        return _nearest_distance(start, moved) - base


def simulated(site, layout, *, draws: int = DRAWS, seed: int = 0, vertex_share: float = 0.0) -> dict[str, Uncertainty]:
    """The 95 % uncertainty of the setbacks, frontage, reach and clearances by a seeded simulation.

    Parameters
    ----------
    site : Site
    layout : Layout
        The review's dimension lines and riparian geometry.
    draws : int
        How many displacements of every feature.
    seed : int
        The generator's seed: the same seed gives the same figures.
    vertex_share : float
        The part (0 to 1) of each layer's sigma given to each vertex on its own rather than to the feature's shift.

    Returns
    -------
    dict of str to Uncertainty
        By measurement name, as :func:`dockreview.measure.uncertainty.uncertainties` names them; a figure whose
        layer is absent or unassessed is left out.
    """
    if not 0.0 <= vertex_share <= 1.0:
        raise ValueError(f"vertex_share must lie between 0 and 1, not {vertex_share!r}")
    sim = _Draws(site, layout, draws, seed, vertex_share)
    lines = layout.dimension_lines
    changes = {
        "setback_left_ft": sim.setback("left"), "setback_right_ft": sim.setback("right"), "frontage_ft": sim.frontage(),
        "reach_ft": sim.distance("mhw", lines["reach"]),
    }
    for name, role in (("channel_clearance", "channels"), ("dock_clearance", "docks")):
        if name in lines:
            changes[f"{name}_ft"] = sim.distance(role, lines[name])
    said = (("simulation", f"{draws:,} draws, seed {seed}, vertex share {vertex_share:g}"),)
    return {name: Uncertainty(float(np.percentile(np.abs(change), 95.0)) * site.ft_per_unit, None, said)
            for name, change in changes.items() if change is not None}
