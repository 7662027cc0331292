"""The dock's components' areas and its extent along the shore (square feet and feet).

South Carolina R.30-12 sizes a dock by the areas of listed components (pierheads,
floats, the area inside a lift) and leaves others out (walkways, ramps); Austin,
TX §25-2-1176(A)(4) limits the dock's width measured parallel to the shore. Each
component kind's area is the area of the union of its polygons (so two floats
drawn overlapping are counted once); a lift's area is the polygon drawn for it,
the area its frame bounds. The extent along the shore is the dock's extent along
the frontage chord (from the left water corner to the right), every component and
access included.
"""

from __future__ import annotations

import numpy as np
import shapely

from dockreview.geometry.dock import Dock
from dockreview.geometry.riparian import Riparian, unit
from dockreview.inputs.manifest import COMPONENTS

#: The lifts, whose areas are also listed one by one (one lift may be left out of a total area).
LIFTS = ("boat_lift", "pwc_lift")


def area_field(kind: str) -> str:
    """The Measurements field of a component kind's area (``float`` keeps its historical ``float_area_sqft``).

    Examples
    --------
    >>> area_field("boat_lift"), area_field("float")
    ('boat_lift_area_sqft', 'float_area_sqft')
    """
    return f"{kind}_area_sqft"


def component_areas(dock: Dock, ft: float) -> dict[str, float | tuple[float, ...]]:
    """Each component kind's area (sq ft; 0.0 when the dock has none) and each lift's, largest first."""
    frame = dock.components
    out: dict[str, float | tuple[float, ...]] = {}
    for kind in COMPONENTS:
        if kind == "float":
            continue  # measured as float_area_sqft, the sum of the floats (Kings Point Docks D(2)(c)[2])
        out[area_field(kind)] = float(shapely.area(dock.of(kind))) * ft * ft
    lifts = frame.geometry[frame["component"].isin(LIFTS)].values
    out["lift_areas_sqft"] = tuple(sorted((round(float(a) * ft * ft, 3) for a in shapely.area(lifts)), reverse=True))
    return out


def along_shore_extent(dock: Dock, riparian: Riparian) -> float:
    """The dock's extent along the frontage chord's direction (units)."""
    a, b = (np.asarray(c.coords[0]) for c in (riparian.left_corner, riparian.right_corner))
    along = shapely.get_coordinates(dock.footprint) @ unit(b - a)
    return float(along.max() - along.min())
