"""How the lines are carried seaward from the water corners.

``extension = "perpendicular"`` runs square to the frontage chord from each
water corner (:func:`perpendicular_extension`).
"""

from __future__ import annotations

import numpy as np
from shapely import LineString, Point


def perpendicular_extension(side: LineString, corner: Point, normal: np.ndarray, far: float) -> LineString:
    """Perpendicular to the chord from the water corner; from the side line's water end to it when the side stops short.

    When the side line reaches the MHW line (ends on it or runs past it) the
    extension starts at the corner, where the side line is cut when joined to it.
    """
    start = np.asarray(side.coords[-1])
    c = np.asarray(corner.coords[0])
    if np.hypot(*(c - start)) <= 1e-6 * far:  # the side line ends on its corner: no floating-point jog
        return LineString([start, start + normal * far])
    if side.distance(corner) <= 1e-6 * far:  # the side line runs past the MHW line
        return LineString([c, c + normal * far])
    return LineString([start, c, c + normal * far])

