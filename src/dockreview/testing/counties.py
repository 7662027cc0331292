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
import pandas as pd
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
#: The shore's two sine waves (amplitude ft, wavelength ft): radius of curvature over 1,000 ft.
SHORE_WAVES = ((150.0, 4000.0), (25.0, 1300.0))
#: The meanders a messy county's shore adds (amplitude ft, wavelength ft): coves and points down to about a
#: 100-ft radius, under lots whose side lines keep to the smooth shore's normals.
MEANDERS = ((30.0, 520.0), (8.0, 170.0))
#: A messy county's lot depths (ft): each side line's back corner at a depth drawn from this range, and the
#: lot behind it as deep again as a draw from the second.
MESSY_DEPTHS_FT = ((120.0, 320.0), (90.0, 220.0))
#: A messy county's MHW line is cut into pieces of this many vertices (a draw each), every third piece reversed.
PIECE_VERTICES = (30, 400)
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


def _shore(x: np.ndarray, phase: np.ndarray, waves: tuple = SHORE_WAVES) -> tuple[np.ndarray, np.ndarray]:
    """Shore points and unit seaward normals at ``x`` (land below, water above): a sum of ``waves``.

    ``waves`` are ``(amplitude ft, wavelength ft)``, one phase each in ``phase``.
    """
    y, dy = np.zeros_like(x), np.zeros_like(x)
    for (amplitude, length), p in zip(waves, phase):
        k = 2 * np.pi / length
        y, dy = y + amplitude * np.sin(k * x + p), dy + amplitude * k * np.cos(k * x + p)
    t = np.stack([np.ones_like(x), dy], axis=1)
    t /= np.hypot(*t.T)[:, None]
    return np.stack([x, y], axis=1), np.stack([-t[:, 1], t[:, 0]], axis=1)


def _polygons(rings: list[np.ndarray]) -> np.ndarray:
    sizes = np.array([len(r) for r in rings])
    return shapely.polygons(shapely.linearrings(np.concatenate(rings), indices=np.repeat(np.arange(len(rings)), sizes)))


@dataclass
class _Coast:
    """One coast's layout: its shore vertices, the waterfront lots along it, and its layers' features.

    ``xy`` and ``normal`` are the shore's vertices (on the MHW line) and unit
    seaward normals; waterfront lot ``k`` fronts vertices ``bounds[k]`` to
    ``bounds[k + 1]``; ``back`` and ``back2`` are the lots' corners 200 and
    350 ft inland at each bound; ``bent`` marks the side lines that bend at
    ``near``, 20 ft from the water.
    """

    xy: np.ndarray
    normal: np.ndarray
    bounds: np.ndarray
    back: np.ndarray
    back2: np.ndarray
    bent: np.ndarray
    near: np.ndarray
    mhw: shapely.LineString
    channels: list[np.ndarray]
    docks: tuple[list, list, list]

    def edge(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Waterfront lot ``k``'s water edge (on the MHW line) and the seaward normals along it."""
        i, j = self.bounds[k], self.bounds[k + 1]
        return self.xy[i : j + 1], self.normal[i : j + 1]

    def front_ring(self, k: int, edge: np.ndarray | None = None, *, back: tuple[int, int] = (1, 0)) -> np.ndarray:
        """Waterfront lot ``k``'s ring: its water edge (default on the MHW line), side lines and back line.

        ``back`` orders the back corners (``(0, 1)`` crosses the side lines: a bow-tie).
        """
        edge = self.edge(k)[0] if edge is None else edge
        right = [self.near[k + 1]] if self.bent[k + 1] else []
        left = [self.near[k]] if self.bent[k] else []
        return np.vstack([edge, *right, self.back[k + back[0]], self.back[k + back[1]], *left, edge[:1]])

    def inland_ring(self, k: int) -> np.ndarray:
        """The lot behind waterfront lot ``k``, with no water."""
        back, back2 = self.back, self.back2
        return np.array([back[k], back[k + 1], back2[k + 1], back2[k], back[k]])


def _coast(c: int, n_front: int, rng: np.random.Generator, *, messy: bool = False) -> _Coast:
    """Coast ``c`` with ``n_front`` waterfront lots; ``messy``: a meandering shore under lots of irregular depths.

    A messy coast's shore adds :data:`MEANDERS` to the smooth shore; its lots' side lines keep to the smooth
    shore's normals (as tax maps draw them, straight inland), its channels follow the smooth shore, and each
    side line's back corners lie at depths drawn from :data:`MESSY_DEPTHS_FT`.
    """
    widths = rng.integers(*WIDTH_VERTICES, size=n_front)
    bounds = np.r_[0, np.cumsum(widths)]
    x = np.arange(bounds[-1] + 1) * VERTEX_FT
    phase = rng.uniform(0, 2 * np.pi, 2)
    offset = np.array([ORIGIN[0], ORIGIN[1] + c * COAST_SPACING_FT])
    smooth, across = _shore(x, phase)
    smooth = smooth + offset
    if messy:
        xy, normal = _shore(x, np.r_[phase, rng.uniform(0, 2 * np.pi, len(MEANDERS))], SHORE_WAVES + MEANDERS)
        xy = xy + offset
        depth = rng.uniform(*MESSY_DEPTHS_FT[0], len(bounds))
        depth2 = depth + rng.uniform(*MESSY_DEPTHS_FT[1], len(bounds))
    else:
        xy, normal = smooth, across
        depth, depth2 = np.full(len(bounds), FRONT_DEPTH_FT), np.full(len(bounds), FRONT_DEPTH_FT + BACK_DEPTH_FT)
    back = xy[bounds] - across[bounds] * depth[:, None]
    back2 = xy[bounds] - across[bounds] * depth2[:, None]
    # a few side lines bend 20 ft from the water (3 ft aside): the screen measures those lots one by one
    bent = rng.random(len(bounds)) < 0.02
    near = xy[bounds] - across[bounds] * 20.0 + np.stack([across[bounds, 1], -across[bounds, 0]], axis=1) * 3.0
    mhw = shapely.linestrings(np.vstack([xy[0] - (xy[1] - xy[0]) * 30, xy, xy[-1] + (xy[-1] - xy[-2]) * 30]))

    # channels: stretches of about 3,000 ft at 60 to 400 ft offshore, 200 ft wide
    channels = []
    for start in range(0, len(x) - 300, 500):
        if rng.random() < 0.6:
            seg = slice(start, start + 300)
            d = rng.choice([60.0, 120.0, 180.0, 250.0, 400.0])
            inner = smooth[seg] + across[seg] * d
            outer = smooth[seg] + across[seg] * (d + 200.0)
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
    return _Coast(xy, normal, bounds, back, back2, bent, near, mhw, channels, (docks, dock_kind, dock_id))


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
    return _county(n_lots, seed, soundings)[0]


def _county(
    n_lots: int, seed: int, soundings: bool, *, messy: bool = False, lots_per_coast: int = LOTS_PER_COAST,
) -> tuple[County, list[_Coast]]:
    """:func:`county`, and the layout of its coasts (their waterfront lots come first in the parcels, in order)."""
    rng = np.random.default_rng(seed)
    n_front_total = (n_lots + 1) // 2
    coasts, ids = [], []
    for c, start in enumerate(range(0, n_front_total, lots_per_coast)):
        n_front = min(lots_per_coast, n_front_total - start)
        coasts.append(_coast(c, n_front, rng, messy=messy))
        ids += [f"S-{c}-{k}" for k in range(n_front)]
    fronts = [coast.front_ring(k) for coast in coasts for k in range(len(coast.bounds) - 1)]
    inlands = [coast.inland_ring(k) for coast in coasts for k in range(len(coast.bounds) - 1)]
    channels = [ring for coast in coasts for ring in coast.channels]
    docks, kinds, dock_ids = ([item for coast in coasts for item in coast.docks[i]] for i in range(3))
    n_inland = n_lots - n_front_total
    rings = fronts + inlands[:n_inland]
    parcel_ids = ids + [f"{i}-B" for i in ids[:n_inland]]
    row = ["front"] * n_front_total + ["inland"] * n_inland
    classes = rng.choice(CLASSES, size=len(rings), p=CLASS_WEIGHTS)
    parcels = gpd.GeoDataFrame({"PARCEL_ID": parcel_ids, "PROP_CLASS": classes, "ROW": row}, geometry=_polygons(rings), crs=CRS)
    sounded = None
    if soundings:
        xy, depth = zip(*(_soundings(c, coast.mhw) for c, coast in enumerate(coasts)))
        sounded = gpd.GeoDataFrame({DEPTH_FIELD: np.concatenate(depth)}, geometry=shapely.points(np.vstack(xy)), crs=CRS)
    layers = County(
        parcels=parcels,
        mhw=gpd.GeoDataFrame({"NAME": [f"coast {i}" for i in range(len(coasts))]}, geometry=[c.mhw for c in coasts], crs=CRS),
        channels=gpd.GeoDataFrame({"NAME": [f"channel {i}" for i in range(len(channels))]}, geometry=_polygons(channels) if channels else [], crs=CRS),
        docks=gpd.GeoDataFrame({"dock_id": dock_ids, "component": kinds}, geometry=_polygons(docks) if docks else [], crs=CRS),
        soundings=sounded,
    )
    return layers, coasts


# ---------------------------------------------------------------------------
# a messy county: parcels drawn as real tax maps draw them
# ---------------------------------------------------------------------------
#: What is done to each waterfront lot of a messy county, and how often.
MESS_KINDS = ("exact", "shifted", "tilted", "multipart", "bow-tie", "two runs")
MESS_WEIGHTS = (0.26, 0.50, 0.20, 0.02, 0.01, 0.01)
#: Water edges are moved up to this far (ft) landward or seaward of the MHW line.
MESS_OFFSET_FT = 10.0
#: A multipart lot's detached part lies this far (ft) behind the lot behind it, 40 or 160 ft square.
DETACHED_GAP_FT = 60.0
DETACHED_SIDES_FT = (40.0, 160.0)
#: A lot with two water runs has a notch this deep (ft) one vertex wide in the middle of its water edge.
NOTCH_FT = 30.0
#: The island: its centre's distance (ft) off the middle of the first coast, and its half-axes (ft).
ISLAND_OFFSET_FT = 900.0
ISLAND_AXES_FT = (150.0, 80.0)
#: A one-lot islet beside the island: radius (ft) and distance (ft) from the island's centre along the shore.
ISLET_RADIUS_FT = 30.0
ISLET_ALONG_FT = 400.0
#: The creek: its two shores this far apart (ft), this far (ft) south of the first coast, with lots on each bank.
CREEK_WIDTH_FT = 260.0
CREEK_SOUTH_FT = 1_500.0
CREEK_LOTS_PER_BANK = 5
CREEK_LOT_WIDTHS_FT = (150, 260)
#: Lots a messy county adds to the coasts' (island 2, islet 1, creek, and one parcel with no geometry).
MESSY_EXTRA_LOTS = 2 + 1 + 2 * CREEK_LOTS_PER_BANK + 1
#: Property classes of the added lots.
MESSY_CLASSES = np.array(["210", "215", "250", "311"])


def messy_county(n_lots: int, *, seed: int = 0, meandering: bool = False, one_coast: bool = False) -> County:
    """A county of ``n_lots`` parcels drawn as real tax maps are, for the screen's tests and benchmark.

    The coasts, channels and docks of :func:`county` (``n_lots`` less
    :data:`MESSY_EXTRA_LOTS`), with the waterfront lots' water edges drawn off
    the MHW line and other faults of real parcel layers (column ``MESS`` says
    which, by :data:`MESS_KINDS`):

    * ``shifted``: the water edge moved along the shore's normal by up to
      :data:`MESS_OFFSET_FT` either way, so a lot stops short of the MHW line
      (beyond the 5-ft tolerance it no longer fronts the water) or runs past it;
    * ``tilted``: the edge moved by a different amount at each end;
    * ``multipart``: a detached second part inland (sometimes the larger part);
    * ``bow-tie``: the back corners swapped, an invalid self-intersecting ring;
    * ``two runs``: a notch in the middle of the water edge;

    and, beside the coasts, an island with two lots inside its closed MHW ring,
    an islet that is one lot, a creek (two facing shores :data:`CREEK_WIDTH_FT`
    apart) with lots and docks on both banks, and a parcel with no geometry.
    With ``meandering=True`` the coasts' shores also meander (:data:`MEANDERS`:
    coves and points down to about a 100-ft radius) under lots whose side
    lines run straight inland and whose depths differ lot by lot
    (:data:`MESSY_DEPTHS_FT`), and each coast's MHW line comes in pieces
    (:data:`PIECE_VERTICES`, every third one drawn the other way).
    With ``one_coast=True`` every waterfront lot is on one coast (a county's
    shore as one line in pieces, rather than coasts of :data:`LOTS_PER_COAST` lots).
    Everything is deterministic from ``seed``.

    Examples
    --------
    >>> c = messy_county(100, seed=1)
    >>> len(c.parcels), sorted(set(c.parcels["MESS"]) - set(MESS_KINDS))
    (100, ['creek', 'inland', 'island', 'islet', 'no geometry'])
    >>> m = messy_county(2_000, seed=1, meandering=True)
    >>> bool(m.mhw.geometry.length.sum() > c.mhw.geometry.length.sum()), len(m.mhw) > len(c.mhw)
    (True, True)
    """
    if n_lots < 2 * MESSY_EXTRA_LOTS:
        raise ValueError(f"a messy county needs at least {2 * MESSY_EXTRA_LOTS} lots")
    base, coasts = _county(n_lots - MESSY_EXTRA_LOTS, seed, False, messy=meandering, lots_per_coast=n_lots if one_coast else LOTS_PER_COAST)
    rng = np.random.default_rng([seed, 1])
    geoms = np.asarray(base.parcels.geometry.values, dtype=object).copy()
    mess = np.full(len(geoms), "inland", dtype=object)
    lots = [(coast, k) for coast in coasts for k in range(len(coast.bounds) - 1)]
    mess[: len(lots)] = _fault_kinds(len(lots), rng)
    for row, (coast, k) in enumerate(lots):
        geoms[row] = _messy_lot(coast, k, mess[row], rng)
    island_lines, island_lots = _island(coasts[0])
    creek_lines, creek_lots, creek_docks = _creek(rng)
    extra = island_lots + creek_lots + [("NO-GEOMETRY", None, "no geometry")]
    parcels = pd.concat(
        [
            base.parcels.assign(MESS=mess).set_geometry(gpd.GeoSeries(geoms, crs=CRS)),
            gpd.GeoDataFrame(
                {
                    "PARCEL_ID": [e[0] for e in extra],
                    "PROP_CLASS": rng.choice(MESSY_CLASSES, size=len(extra)),
                    "ROW": ["front"] * (len(extra) - 1) + ["none"],
                    "MESS": [e[2] for e in extra],
                },
                geometry=[e[1] for e in extra],
                crs=CRS,
            ),
        ],
        ignore_index=True,
    )
    lines = island_lines + creek_lines
    if meandering:
        shores = [piece for coast in coasts for piece in _pieces(coast.mhw, rng)]
        base.mhw = gpd.GeoDataFrame({"NAME": [f"shore {i}" for i in range(len(shores))]}, geometry=shores, crs=CRS)
    return County(
        parcels=gpd.GeoDataFrame(parcels, geometry="geometry", crs=CRS),
        mhw=pd.concat(
            [base.mhw, gpd.GeoDataFrame({"NAME": [n for n, _ in lines]}, geometry=[g for _, g in lines], crs=CRS)],
            ignore_index=True,
        ),
        channels=base.channels,
        docks=pd.concat([base.docks, creek_docks], ignore_index=True),
    )


def _pieces(line: shapely.LineString, rng: np.random.Generator) -> list[shapely.LineString]:
    """``line`` cut into pieces of :data:`PIECE_VERTICES` vertices that share their ends, every third reversed."""
    xy = shapely.get_coordinates(line)
    cuts = np.cumsum(rng.integers(*PIECE_VERTICES, size=len(xy) // PIECE_VERTICES[0] + 1))
    cuts = np.r_[0, cuts[cuts < len(xy) - 2], len(xy) - 1]
    pieces = [xy[a : b + 1] for a, b in zip(cuts[:-1], cuts[1:])]
    return [shapely.LineString(p[::-1] if i % 3 == 2 else p) for i, p in enumerate(pieces)]


def _fault_kinds(n: int, rng: np.random.Generator) -> np.ndarray:
    """A fault of :data:`MESS_KINDS` for each of ``n`` waterfront lots, each kind at least once."""
    kinds = rng.choice(np.array(MESS_KINDS, dtype=object), size=n, p=MESS_WEIGHTS)
    for kind in MESS_KINDS:
        if kind not in set(kinds):
            _, first, count = np.unique(kinds, return_index=True, return_counts=True)
            common = np.flatnonzero(np.isin(kinds, kinds[first[count > 1]]))  # lots whose fault another lot shares
            kinds[rng.choice(common)] = kind
    return kinds


def _messy_lot(coast: _Coast, k: int, kind: str, rng: np.random.Generator) -> shapely.Geometry:
    """Waterfront lot ``k`` of ``coast`` drawn with the fault ``kind`` of :data:`MESS_KINDS`."""
    edge, normal = coast.edge(k)
    if kind == "shifted":
        return shapely.Polygon(coast.front_ring(k, edge + normal * rng.uniform(-MESS_OFFSET_FT, MESS_OFFSET_FT)))
    if kind == "tilted":
        offset = np.linspace(*rng.uniform(-MESS_OFFSET_FT, MESS_OFFSET_FT, 2), len(edge))
        return shapely.Polygon(coast.front_ring(k, edge + normal * offset[:, None]))
    if kind == "two runs":
        m = len(edge) // 2
        notch = np.vstack([edge[: m + 1], edge[m : m + 2] - normal[m : m + 2] * NOTCH_FT, edge[m + 1 :]])
        return shapely.Polygon(coast.front_ring(k, notch))
    if kind == "bow-tie":
        return shapely.Polygon(coast.front_ring(k, back=(0, 1)))
    lot = shapely.Polygon(coast.front_ring(k))
    if kind == "multipart":
        n = normal.mean(axis=0) / np.hypot(*normal.mean(axis=0))
        side = float(rng.choice(DETACHED_SIDES_FT))
        centre = edge.mean(axis=0) - n * (FRONT_DEPTH_FT + BACK_DEPTH_FT + DETACHED_GAP_FT + side / 2)
        t = np.array([n[1], -n[0]])
        square = shapely.Polygon([centre + (t * a + n * b) * side / 2 for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
        return shapely.MultiPolygon([lot, square])
    return lot


def _ellipse(centre: np.ndarray, t: np.ndarray, n: np.ndarray, axes: tuple[float, float], angles: np.ndarray) -> np.ndarray:
    return centre + np.outer(axes[0] * np.cos(angles), t) + np.outer(axes[1] * np.sin(angles), n)


def _island(coast: _Coast) -> tuple[list, list]:
    """An island off the middle of ``coast`` split into two lots, and a one-lot islet beside it.

    Returns the MHW rings (name, line) and the lots (id, polygon, fault).
    """
    m = len(coast.xy) // 2
    n = coast.normal[m]
    t = np.array([n[1], -n[0]])
    centre = coast.xy[m] + n * ISLAND_OFFSET_FT
    angles = np.radians(np.arange(-90.0, 270.0, 3.75))  # 96 vertices, one at each end of the minor axis
    ring = _ellipse(centre, t, n, ISLAND_AXES_FT, angles)
    half = len(angles) // 2
    east, west = ring[: half + 1], np.vstack([ring[half:], ring[:1]])
    islet_centre = centre + t * ISLET_ALONG_FT
    islet = _ellipse(islet_centre, t, n, (ISLET_RADIUS_FT, ISLET_RADIUS_FT), np.radians(np.arange(0.0, 360.0, 15.0)))
    lines = [
        ("island", shapely.LineString(np.vstack([ring, ring[:1]]))),
        ("islet", shapely.LineString(np.vstack([islet, islet[:1]]))),
    ]
    lots = [
        ("ISLAND-E", shapely.Polygon(east), "island"),
        ("ISLAND-W", shapely.Polygon(west), "island"),
        ("ISLET", shapely.Polygon(islet), "islet"),
    ]
    return lines, lots


def _creek(rng: np.random.Generator) -> tuple[list, list, gpd.GeoDataFrame]:
    """A straight creek :data:`CREEK_WIDTH_FT` wide south of the coasts, lots on both banks, a T dock from each bank.

    Returns the two shores (name, line), the lots (id, polygon, fault) and the docks.
    """
    y_mid = ORIGIN[1] - CREEK_SOUTH_FT
    x0 = ORIGIN[0]
    lines, lots, docks = [], [], []
    for bank, (y, inland) in {"S": (y_mid - CREEK_WIDTH_FT / 2, -1.0), "N": (y_mid + CREEK_WIDTH_FT / 2, 1.0)}.items():
        widths = rng.integers(*CREEK_LOT_WIDTHS_FT, size=CREEK_LOTS_PER_BANK) // int(VERTEX_FT) * VERTEX_FT
        bounds = x0 + (70.0 if bank == "N" else 0.0) + np.r_[0.0, np.cumsum(widths)]
        shore_x = np.arange(x0 - 300.0, bounds[-1] + 300.0 + 1.0, VERTEX_FT)
        lines.append((f"creek {bank}", shapely.LineString(np.stack([shore_x, np.full(len(shore_x), y)], axis=1))))
        for k in range(CREEK_LOTS_PER_BANK):
            x = np.arange(bounds[k], bounds[k + 1] + 1.0, VERTEX_FT)
            edge = np.stack([x, np.full(len(x), y)], axis=1)
            back = [(bounds[k + 1], y + inland * FRONT_DEPTH_FT), (bounds[k], y + inland * FRONT_DEPTH_FT)]
            lots.append((f"CREEK-{bank}-{k}", shapely.Polygon(np.vstack([edge, back])), "creek"))
        # a T dock (6 x 60 ft walkway, 16 x 8 ft float) from the middle of the bank's second lot across the creek
        root = np.array([(bounds[1] + bounds[2]) / 2, y])
        seaward = np.array([0.0, -inland])
        walk = shapely.box(-3.0, -1.0, 3.0, 60.0)
        head = shapely.box(-8.0, 60.0, 8.0, 68.0)
        for kind, shape in (("walkway", walk), ("float", head)):
            xy = shapely.get_coordinates(shape)
            docks.append((f"CREEK-D-{bank}", kind, shapely.Polygon(root + xy[:, :1] * [1.0, 0.0] + xy[:, 1:] * seaward)))
    frame = gpd.GeoDataFrame(
        {"dock_id": [d[0] for d in docks], "component": [d[1] for d in docks]}, geometry=[d[2] for d in docks], crs=CRS
    )
    return lines, lots, frame
