"""Which features of a docks layer are one dock: those sharing an id, and, without one, those that touch.

A docks layer draws a dock as its components (a walkway, a float, a lift), one
feature each. The layer's id field (``--dock-id-field``) says which features
make one dock; a layer without one, or a feature whose id is missing or blank,
leaves it to the drawing: features within :data:`SAME_DOCK_FT` of one another
(a float drawn a hair apart from its walkway) are one dock.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import shapely

from dockreview.groups import connected_groups

#: Features of a docks layer without an id this close (ft) to one another are one dock.
SAME_DOCK_FT = 0.5


def dock_groups(ids: pd.Series | None, geoms: np.ndarray, tolerance: float, *, field: str = "", sort: bool = False):
    """Which dock each feature of a docks layer is part of: a number per feature, and each dock's name.

    Features sharing a value of the id field (``ids``, the layer's ``field``)
    are one dock, named by it. A feature without one -- no field, a missing or
    blank value -- is one dock with those others without one within
    ``tolerance`` (units) of it, as a float drawn apart from its walkway is
    (:data:`SAME_DOCK_FT`), numbered: "3", or "(no dock_id) 3" beside the
    layer's ids. The docks with an id come first, in the order they first
    appear (in their order with ``sort``), then the others.

    Examples
    --------
    >>> boxes = np.array([shapely.box(0, 0, 1, 1), shapely.box(1.2, 0, 2, 1), shapely.box(9, 9, 10, 10), shapely.box(20, 0, 21, 1)])
    >>> codes, names = dock_groups(pd.Series(["B", None, " ", "A"]), boxes, 0.5, field="dock_id")
    >>> codes.tolist(), names.tolist()
    ([0, 2, 3, 1], ['B', 'A', '(no dock_id) 1', '(no dock_id) 2'])
    >>> dock_groups(None, boxes, 0.5)[1].tolist()
    ['0', '1', '2']
    """
    codes = np.zeros(len(geoms), dtype=int)
    given = np.zeros(len(geoms), dtype=bool) if ids is None else (ids.notna() & (ids.astype(str).str.strip() != "")).to_numpy()
    named, values = (pd.factorize(ids[given], sort=sort) if given.any() else (np.zeros(0, dtype=int), pd.Index([])))
    codes[given] = named
    loose = np.flatnonzero(~given)
    near = touching_groups(geoms[loose], tolerance) if len(loose) else np.zeros(0, dtype=int)
    codes[loose] = len(values) + near
    numbers = np.arange(int(near.max(initial=-1)) + 1)
    names = [f"(no {field}) {k + 1}" for k in numbers] if ids is not None else [str(k) for k in numbers]
    return codes, np.array([*values.tolist(), *names], dtype=object)


def touching_groups(geoms: np.ndarray, tolerance: float) -> np.ndarray:
    """A number per geometry, shared by those within ``tolerance`` of one another (numbered in their order)."""
    left, right = shapely.STRtree(geoms).query(geoms, predicate="dwithin", distance=tolerance)
    return connected_groups(len(geoms), left, right)
