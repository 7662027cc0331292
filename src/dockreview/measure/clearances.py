"""The clearance of the whole dock from the existing docks: from every part of it, not only its seaward end.

Some laws keep the whole dock off every other pier (Wrightsville Beach, NC: "within
15 feet of any other pier other than one which is a part of the same mooring
system"). The distance is taken from every component of the proposed dock -- its
walkway, floats, lifts and its mooring piles -- to the nearest feature of the
``docks`` layer. Docks the proposal replaces are already left out of the layer
(``dock.replaces``); an existing dock of the *same mooring system* is left out
too, read as one standing on the lot (:func:`dockreview.measure.envelope.docks_on_lot`)
that the proposed dock touches (within ``contact``, :data:`JOINED_FT` in a review): the pier it joins or extends.
All in working-CRS units.
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely import LineString
from shapely.geometry.base import BaseGeometry

from dockreview.geometry.riparian import Riparian
from dockreview.measure.envelope import dock_roots, docks_on_lot

#: An existing dock on the lot within this distance (ft) of the proposed one is joined to it: of its mooring system.
JOINED_FT = 0.5


def joined_docks(docks, footprint: BaseGeometry, riparian: Riparian, *, parcel, tolerance: float, contact: float) -> np.ndarray:
    """Which existing docks (an array of geometries) are of the proposed dock's mooring system: on the lot and touched.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> from shapely import box
    >>> shore = shapely.LineString([(-50, 0), (50, 0)])
    >>> lot = SimpleNamespace(mhw=shapely.LineString([(-100, 0), (100, 0)]), zone=box(-50, 0, 50, 300), frontage=shore)
    >>> docks = np.array([box(2, 0, 6, 40), box(20, 0, 24, 40), box(60, 0, 64, 40)])
    >>> joined_docks(docks, box(-2, 0, 2, 60), lot, parcel=box(-50, -100, 50, 0), tolerance=1.5, contact=0.5).tolist()
    [True, False, False]
    """
    docks = np.asarray(docks, dtype=object)
    on, _ = docks_on_lot([parcel], [riparian.zone], [riparian.frontage], dock_roots(docks, riparian.mhw), tolerance)
    mine = np.zeros(len(docks), dtype=bool)
    mine[on] = True
    return mine & (shapely.distance(docks, footprint) <= contact)


def whole_dock_clearance(
    docks, footprint: BaseGeometry, riparian: Riparian, *, parcel, tolerance: float, contact: float,
) -> tuple[float | None, LineString | None]:
    """The least distance from any part of the dock to an existing dock not of its mooring system (units), and its line.

    None without the layer; infinite when it holds no dock but those left out.
    """
    if docks is None:
        return None, None
    geoms = np.asarray(docks.geometry.values, dtype=object)
    if len(geoms):
        geoms = geoms[~joined_docks(geoms, footprint, riparian, parcel=parcel, tolerance=tolerance, contact=contact)]
    if not len(geoms):
        return float("inf"), None
    target = shapely.union_all(geoms)
    return float(shapely.distance(footprint, target)), shapely.shortest_line(footprint, target)


def whole_dock_measurements(site, riparian: Riparian, footprint: BaseGeometry, *, tolerance: float):
    """``dock_clearance_whole_ft`` (feet) and what to supply when it is None."""
    value, _ = whole_dock_clearance(
        site.docks, footprint, riparian, parcel=site.parcel, tolerance=tolerance, contact=JOINED_FT / site.ft_per_unit,
    )
    missing = {} if value is not None else {"dock_clearance_whole_ft": ("layers.docks", "give layers.docks (the existing docks) to measure from")}
    return {"dock_clearance_whole_ft": None if value is None else value * site.ft_per_unit}, missing
