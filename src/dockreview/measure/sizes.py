"""Each component's length and width: its minimum rotated rectangle's long and short sides (ft).

Laws set a least width for walkways, pierheads and floats (Wrightsville Beach,
NC: walkways at least three feet, T-heads and pierheads four, floating
structures four) and a greatest ratio of a float's two horizontal dimensions
("No horizontal dimension shall be greater than two times the other"). A
component's width is the short side of its minimum rotated rectangle, its
length the long side: exact for the rectangles docks are drawn of; for an
irregular outline, its overall extent.
"""

from __future__ import annotations

import numpy as np
import shapely


def rectangle_sides(geoms) -> tuple[np.ndarray, np.ndarray]:
    """The long and short sides of each geometry's minimum rotated rectangle (its units).

    Examples
    --------
    >>> long, short = rectangle_sides([shapely.box(0, 0, 40, 3), shapely.box(0, 0, 8, 20)])
    >>> long.tolist(), short.tolist()
    ([40.0, 20.0], [3.0, 8.0])
    """
    rect = shapely.oriented_envelope(np.asarray(geoms, dtype=object))
    xy = shapely.get_coordinates(shapely.get_exterior_ring(rect)).reshape(len(rect), 5, 2)
    a = np.hypot(*(xy[:, 1] - xy[:, 0]).T)
    b = np.hypot(*(xy[:, 2] - xy[:, 1]).T)
    return np.maximum(a, b), np.minimum(a, b)


def component_sizes(components, ft: float) -> tuple[tuple[str, float, float], ...]:
    """(component, length ft, width ft) of each of a dock's components (a frame with ``component`` and geometry).

    Examples
    --------
    >>> import geopandas as gpd
    >>> frame = gpd.GeoDataFrame({"component": ["walkway", "float"]}, geometry=[shapely.box(0, 0, 3, 40), shapely.box(0, 40, 20, 48)])
    >>> component_sizes(frame, 1.0)
    (('walkway', 40.0, 3.0), ('float', 20.0, 8.0))
    """
    if len(components) == 0:
        return ()
    long, short = rectangle_sides(components.geometry.values)
    kinds = components["component"].astype(str).tolist()
    return tuple((k, float(a) * ft, float(b) * ft) for k, a, b in zip(kinds, long, short))
