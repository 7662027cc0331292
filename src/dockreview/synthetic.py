"""A synthetic county for tests and benchmarks: lots along long, irregular shorelines.

:func:`county` lays out parallel coasts, each a wavy MHW line (two sine waves,
radius of curvature over 1,000 ft) sampled every 10 ft. Along each coast a row of
waterfront lots stands on the MHW line, their side lines square to the shore, and
behind each a lot with no water. Some lots are narrow (under the 150-ft frontage),
a few side lines bend near the water (so the screen measures those lots one by
one), and property classes mix single-family (210, 215) with others.
Offshore, channels run along stretches of each coast at various distances, and
about a third of the waterfront lots have a T dock (walkway and float features
sharing a ``dock_id``), some long, off-centre or wide enough to break the rules.
With ``soundings=True`` each coast gets a grid of soundings on a plane bottom
(:func:`plane_depth`) over the first :data:`SURVEYED_FRACTION` of its length, so
the lots beyond the survey have no depths.

Everything is EPSG:2263 (US survey feet) near Kings Point and repeatable from ``seed``.
"""

from __future__ import annotations

from dataclasses import dataclass

import geopandas as gpd
import numpy as np
import shapely

CRS = "EPSG:2263"
ORIGIN = (1_000_000.0, 200_000.0)
#: Waterfront lots per coast; coasts are stacked this many feet apart.
LOTS_PER_COAST = 1_000
COAST_SPACING_FT = 3_000.0
#: MHW vertex spacing along x (ft) and lot widths, in vertices.
VERTEX_FT = 10.0
WIDTH_VERTICES = (8, 33)
FRONT_DEPTH_FT = 200.0
BACK_DEPTH_FT = 150.0
CLASSES = np.array(["210", "215", "220", "311"])
CLASS_WEIGHTS = np.array([0.8, 0.1, 0.05, 0.05])
#: Soundings: the depth field, grid spacing (ft), the bottom's slope (ft of depth per ft seaward, +y),
#: the height above a coast's mean shore line (ft) where the depth is 0 ft below MLW, and how far
#: landward and seaward of the mean shore line the grid runs.
DEPTH_FIELD = "DEPTH_MLW"
SOUNDING_SPACING_FT = 100.0
DEPTH_SLOPE = 1.0 / 20.0
ZERO_DEPTH_FT = 120.0
SURVEY_LANDWARD_FT = 250.0
SURVEY_SEAWARD_FT = 700.0
#: Share of each coast's length (from its start) that the soundings cover.
SURVEYED_FRACTION = 0.8


@dataclass
class County:
    """The layers of a synthetic county, EPSG:2263."""

    parcels: gpd.GeoDataFrame
    mhw: gpd.GeoDataFrame
    channels: gpd.GeoDataFrame
    docks: gpd.GeoDataFrame
    soundings: gpd.GeoDataFrame | None = None

    def write(self, path) -> None:
        """Write the layers into one GeoPackage (parcels, mhw, channels, docks, and soundings when made)."""
        for name in ("parcels", "mhw", "channels", "docks", "soundings"):
            frame = getattr(self, name)
            if frame is not None:
                frame.to_file(path, layer=name, driver="GPKG", engine="pyogrio")


def coast_base_y(c: int) -> float:
    """The y of coast ``c``'s mean shore line (its MHW line waves about it)."""
    return ORIGIN[1] + c * COAST_SPACING_FT


def plane_depth(xy: np.ndarray, c: int) -> np.ndarray:
    """Depth (ft below MLW, positive down) of coast ``c``'s plane bottom at points ``xy`` (n, 2).

    The bottom deepens by :data:`DEPTH_SLOPE` per foot seaward (+y) and is at
    MLW :data:`ZERO_DEPTH_FT` seaward of the mean shore line; linear
    interpolation on any triangulation of its soundings gives it exactly.
    """
    return (np.asarray(xy)[:, 1] - coast_base_y(c) - ZERO_DEPTH_FT) * DEPTH_SLOPE


def _soundings(c: int, mhw: shapely.LineString) -> tuple[np.ndarray, np.ndarray]:
    """Sounding points on coast ``c``'s plane, over the first :data:`SURVEYED_FRACTION` of its length."""
    x0, _, x1, _ = mhw.bounds
    base = coast_base_y(c)
    x = np.arange(x0, x0 + SURVEYED_FRACTION * (x1 - x0), SOUNDING_SPACING_FT)
    y = np.arange(base - SURVEY_LANDWARD_FT, base + SURVEY_SEAWARD_FT + 1e-9, SOUNDING_SPACING_FT)
    xy = np.stack(np.meshgrid(x, y), axis=-1).reshape(-1, 2)
    return xy, plane_depth(xy, c)


def _shore(x: np.ndarray, phase: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Shore points and unit seaward normals at ``x`` (land below, water above)."""
    k1, k2 = 2 * np.pi / 4000.0, 2 * np.pi / 1300.0
    y = 150.0 * np.sin(k1 * x + phase[0]) + 25.0 * np.sin(k2 * x + phase[1])
    dy = 150.0 * k1 * np.cos(k1 * x + phase[0]) + 25.0 * k2 * np.cos(k2 * x + phase[1])
    t = np.stack([np.ones_like(x), dy], axis=1)
    t /= np.hypot(*t.T)[:, None]
    return np.stack([x, y], axis=1), np.stack([-t[:, 1], t[:, 0]], axis=1)


def _polygons(rings: list[np.ndarray]) -> np.ndarray:
    sizes = np.array([len(r) for r in rings])
    return shapely.polygons(shapely.linearrings(np.concatenate(rings), indices=np.repeat(np.arange(len(rings)), sizes)))


def _coast(c: int, n_front: int, rng: np.random.Generator):
    widths = rng.integers(*WIDTH_VERTICES, size=n_front)
    bounds = np.r_[0, np.cumsum(widths)]
    x = np.arange(bounds[-1] + 1) * VERTEX_FT
    xy, normal = _shore(x, rng.uniform(0, 2 * np.pi, 2))
    xy = xy + np.array([ORIGIN[0], ORIGIN[1] + c * COAST_SPACING_FT])
    back = xy[bounds] - normal[bounds] * FRONT_DEPTH_FT
    back2 = xy[bounds] - normal[bounds] * (FRONT_DEPTH_FT + BACK_DEPTH_FT)
    # a few side lines bend 20 ft from the water (3 ft aside): the screen measures those lots one by one
    bent = rng.random(len(bounds)) < 0.02
    near = xy[bounds] - normal[bounds] * 20.0 + np.stack([normal[bounds, 1], -normal[bounds, 0]], axis=1) * 3.0
    front, inland = [], []
    for k in range(n_front):
        i, j = bounds[k], bounds[k + 1]
        right = [near[k + 1]] if bent[k + 1] else []
        left = [near[k]] if bent[k] else []
        front.append(np.vstack([xy[i : j + 1], *right, back[k + 1], back[k], *left, xy[i]]))
        inland.append(np.array([back[k], back[k + 1], back2[k + 1], back2[k], back[k]]))
    mhw = shapely.linestrings(np.vstack([xy[0] - (xy[1] - xy[0]) * 30, xy, xy[-1] + (xy[-1] - xy[-2]) * 30]))

    # channels: stretches of about 3,000 ft at 60 to 400 ft offshore, 200 ft wide
    channels = []
    for start in range(0, len(x) - 300, 500):
        if rng.random() < 0.6:
            seg = slice(start, start + 300)
            d = rng.choice([60.0, 120.0, 180.0, 250.0, 400.0])
            inner = xy[seg] + normal[seg] * d
            outer = xy[seg] + normal[seg] * (d + 200.0)
            channels.append(np.vstack([inner, outer[::-1], inner[:1]]))

    # docks: a T dock on about a third of the waterfront lots
    docks, dock_kind, dock_id = [], [], []
    for k in np.flatnonzero(rng.random(n_front) < 0.35):
        i, j = bounds[k], bounds[k + 1]
        root = rng.integers(i + (j - i) // 4, j - (j - i) // 4 + 1)
        p, n = xy[root], normal[root]
        t = np.array([n[1], -n[0]])
        length = rng.choice([40.0, 80.0, 120.0, 160.0, 230.0])
        w = rng.choice([4.0, 6.0, 10.0], p=[0.45, 0.45, 0.1])
        walk = [p + t * w / 2, p + t * w / 2 + n * length, p - t * w / 2 + n * length, p - t * w / 2]
        fl = [p + n * length + t * 10, p + n * (length + 10) + t * 10, p + n * (length + 10) - t * 10, p + n * length - t * 10]
        name = f"D-{c}-{k}"
        for kind, ring in (("walkway", walk), ("float", fl)):
            docks.append(np.vstack([ring, ring[:1]]))
            dock_kind.append(kind)
            dock_id.append(name)
    return front, inland, mhw, channels, (docks, dock_kind, dock_id)


def county(n_lots: int, *, seed: int = 0, soundings: bool = False) -> County:
    """A synthetic county of ``n_lots`` parcels (half of them on the water).

    Parameters
    ----------
    n_lots : int
    seed : int
    soundings : bool
        Also make a soundings layer (points, depth field :data:`DEPTH_FIELD`,
        ft below MLW) on each coast's plane bottom (:func:`plane_depth`).

    Examples
    --------
    >>> c = county(200, seed=1)
    >>> len(c.parcels), int((c.parcels["ROW"] == "front").sum())
    (200, 100)
    """
    rng = np.random.default_rng(seed)
    n_front_total = (n_lots + 1) // 2
    fronts, inlands, ids, mhws, channels = [], [], [], [], []
    docks, kinds, dock_ids = [], [], []
    sounding_xy, sounding_depth = [], []
    for c, start in enumerate(range(0, n_front_total, LOTS_PER_COAST)):
        n_front = min(LOTS_PER_COAST, n_front_total - start)
        front, inland, mhw, chan, (dk, kind, did) = _coast(c, n_front, rng)
        fronts += front
        inlands += inland
        ids += [f"S-{c}-{k}" for k in range(n_front)]
        mhws.append(mhw)
        channels += chan
        docks += dk
        kinds += kind
        dock_ids += did
        if soundings:
            xy, depth = _soundings(c, mhw)
            sounding_xy.append(xy)
            sounding_depth.append(depth)
    n_inland = n_lots - n_front_total
    rings = fronts + inlands[:n_inland]
    parcel_ids = ids + [f"{i}-B" for i in ids[:n_inland]]
    row = ["front"] * n_front_total + ["inland"] * n_inland
    classes = rng.choice(CLASSES, size=len(rings), p=CLASS_WEIGHTS)
    parcels = gpd.GeoDataFrame({"PARCEL_ID": parcel_ids, "PROP_CLASS": classes, "ROW": row}, geometry=_polygons(rings), crs=CRS)
    return County(
        parcels=parcels,
        mhw=gpd.GeoDataFrame({"NAME": [f"coast {i}" for i in range(len(mhws))]}, geometry=mhws, crs=CRS),
        channels=gpd.GeoDataFrame({"NAME": [f"channel {i}" for i in range(len(channels))]}, geometry=_polygons(channels) if channels else [], crs=CRS),
        docks=gpd.GeoDataFrame({"dock_id": dock_ids, "component": kinds}, geometry=_polygons(docks) if docks else [], crs=CRS),
        soundings=(
            gpd.GeoDataFrame({DEPTH_FIELD: np.concatenate(sounding_depth)}, geometry=shapely.points(np.vstack(sounding_xy)), crs=CRS)
            if soundings
            else None
        ),
    )
