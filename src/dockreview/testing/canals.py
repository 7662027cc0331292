"""A synthetic canal community for tests and benchmarks: lots on both banks of narrow canals.

Florida's and Long Island's finger canals put a dock's lot across narrow water
from another: every lot's water meets the far bank within a few dozen feet of
its dock. :func:`canal_county` lays out parallel canals :data:`CANAL_WIDTHS_FT`
wide, with a row of waterfront lots on each bank and a row of inland lots behind
it across a street. A bank wiggles gently (a 2-ft sine sampled every
:data:`VERTEX_FT`). The MHW line of an even canal is one line round its closed
end; an odd canal is open at both ends, its banks two lines, so the far bank is
the lot's own shore part on one canal and another part on the next. Two lots in
three have a T dock (a walkway square to the bank and a float across its end,
sharing a ``dock_id``), reaching up to half the canal's width.

Everything is EPSG:2263 (US survey feet) near Kings Point and repeatable from ``seed``.
"""

from __future__ import annotations

import geopandas as gpd
import numpy as np
import shapely

from dockreview.testing.counties import CLASS_WEIGHTS, CLASSES, CRS, ORIGIN, County

#: Waterfront lots per canal (half on each bank); the canals' widths (ft), drawn for each.
LOTS_PER_CANAL = 200
CANAL_WIDTHS_FT = (70.0, 120.0)
#: Lot widths along the bank (ft), a draw each; lot depth (ft) and the street between a lot and the one behind it.
LOT_WIDTHS_FT = (60.0, 100.0)
LOT_DEPTH_FT = 110.0
STREET_FT = 60.0
#: The bank's vertex spacing (ft) and its wiggle (amplitude ft, wavelength ft).
VERTEX_FT = 5.0
WIGGLE_FT = (2.0, 230.0)
#: A dock's walkway width, how far it starts landward of the bank, and its float (along the bank x across) (ft).
WALKWAY_FT = 5.0
LANDWARD_FT = 4.0
FLOAT_FT = (20.0, 8.0)
#: A dock's reach into the canal, as shares of its width (a draw each).
DOCK_REACH = (0.15, 0.5)


def _bank(x: np.ndarray, y: float, phase: float) -> np.ndarray:
    amplitude, wavelength = WIGGLE_FT
    return np.c_[x, y + amplitude * np.sin(2 * np.pi * x / wavelength + phase)]


def canal_county(n_lots: int, *, seed: int = 0) -> County:
    """A canal community of ``n_lots`` parcels, half of them on the water (the waterfront lots first).

    Examples
    --------
    >>> c = canal_county(40, seed=1)
    >>> len(c.parcels), int((c.parcels["ROW"] == "front").sum()), len(c.mhw)
    (40, 20, 1)
    >>> walkways = c.docks[c.docks["component"] == "walkway"]
    >>> bool(walkways.intersects(c.mhw.geometry.iloc[0]).all())  # each walkway starts on land and crosses the bank
    True
    """
    rng = np.random.default_rng(seed)
    n_front = (n_lots + 1) // 2
    x0, y0 = ORIGIN
    fronts, backs, ids, mhw, docks, kinds, dock_ids = [], [], [], [], [], [], []
    canal = 0
    while len(fronts) < n_front:
        width = rng.uniform(*CANAL_WIDTHS_FT)
        lots = min(LOTS_PER_CANAL, n_front - len(fronts))
        south_y = y0 + LOT_DEPTH_FT + STREET_FT + LOT_DEPTH_FT  # the canal's rows south of it clear of the last's
        north_y = south_y + width
        y0 = north_y + LOT_DEPTH_FT + STREET_FT + LOT_DEPTH_FT + 2 * VERTEX_FT
        edges = [np.r_[0.0, np.cumsum(rng.uniform(*LOT_WIDTHS_FT, size=(lots + 1) // 2 if b == 0 else lots // 2))] for b in (0, 1)]
        length = max(e[-1] for e in edges) + 50.0
        x = x0 + np.arange(-20.0, length + VERTEX_FT, VERTEX_FT)
        south, north = _bank(x, south_y, canal), _bank(x, north_y, canal + 1.0)
        if canal % 2 == 0:
            mhw.append(shapely.LineString(np.r_[south[::-1], north]))
        else:
            mhw += [shapely.LineString(south[::-1]), shapely.LineString(north)]
        for bank, (edge, base, away) in enumerate(((edges[0], south_y, -1.0), (edges[1], north_y, 1.0))):
            for k in range(len(edge) - 1):
                a, b = x0 + edge[k], x0 + edge[k + 1]
                water = _bank(np.linspace(a, b, max(2, int((b - a) / VERTEX_FT) + 1)), base, canal + bank)
                back = base + away * LOT_DEPTH_FT
                fronts.append(shapely.Polygon(np.r_[water, [[b, back], [a, back]]]))
                behind = back + away * STREET_FT
                backs.append(shapely.box(a, min(behind, behind + away * LOT_DEPTH_FT), b, max(behind, behind + away * LOT_DEPTH_FT)))
                ids.append(f"K-{canal}-{'SN'[bank]}{k}")
                if rng.random() < 2 / 3:
                    docks_here, dock_kinds = _t_dock(rng, a, b, base, -away, width)
                    docks += docks_here
                    kinds += dock_kinds
                    dock_ids += [f"D-{ids[-1]}"] * 2
        canal += 1
    n_back = n_lots - n_front
    parcels = fronts + backs[:n_back]
    return County(
        parcels=gpd.GeoDataFrame({
            "PARCEL_ID": ids + [f"{i}-B" for i in ids[:n_back]], "PROP_CLASS": rng.choice(CLASSES, size=len(parcels), p=CLASS_WEIGHTS),
            "ROW": ["front"] * n_front + ["inland"] * n_back,
        }, geometry=parcels, crs=CRS),
        mhw=gpd.GeoDataFrame({"NAME": [f"bank {i}" for i in range(len(mhw))]}, geometry=mhw, crs=CRS),
        channels=gpd.GeoDataFrame({"NAME": []}, geometry=gpd.GeoSeries([], crs=CRS), crs=CRS),
        docks=gpd.GeoDataFrame({"dock_id": dock_ids, "component": kinds}, geometry=docks, crs=CRS),
    )


def _t_dock(rng: np.random.Generator, a: float, b: float, bank_y: float, seaward: float, width: float) -> tuple[list, list]:
    """A T dock off the bank at ``bank_y`` between ``a`` and ``b``, reaching ``seaward`` (+1 north, -1 south)."""
    along, across = FLOAT_FT
    x = rng.uniform(a + along / 2 + 2.0, b - along / 2 - 2.0)
    start, end = bank_y - seaward * LANDWARD_FT, bank_y + seaward * rng.uniform(*DOCK_REACH) * width
    walkway = shapely.box(x - WALKWAY_FT / 2, min(start, end), x + WALKWAY_FT / 2, max(start, end))
    head = shapely.box(x - along / 2, min(end, end + seaward * across), x + along / 2, max(end, end + seaward * across))
    return [walkway, head], ["walkway", "float"]
