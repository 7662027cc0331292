"""The moored vessel's footprint, and the dock's setbacks and protrusion with it (Collier County, FL LDC 5.03.06).

Some laws count the boat moored at the dock in the dock's extent ("the dock and the
moored boat"). ``[vessel] length_ft`` and ``beam_ft`` give the boat; ``moored_at``
where it lies:

``float``
    alongside the float farthest out along the dock's axis, its length along the
    float's long side, against the long side farther out along the axis (for a
    float within 45 degrees of in line with the dock, the right side looking
    seaward), centred on it;
``lift``
    in the largest boat lift (else personal-watercraft lift), centred on it, its
    length along the lift's long axis.

The footprint is a rectangle length × beam (working CRS). With it, the setbacks
and the protrusion are measured on the union of the dock and the vessel, as the
dock's own are (:mod:`dockreview.measure.distances`).
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely import Polygon

from dockreview.geometry.dock import Dock, long_axis, oriented_rectangle, rectangle
from dockreview.geometry.riparian import left_of
from dockreview.inputs.manifest import Vessel


def vessel_footprint(dock: Dock, vessel: Vessel, ft: float) -> tuple[Polygon | None, tuple[str, str] | None]:
    """The moored vessel's footprint (working CRS), or None and (the input to supply, why)."""
    if vessel.length_ft is None or vessel.beam_ft is None:
        return None, ("[vessel] length_ft, beam_ft", "give [vessel] length_ft and beam_ft (the boat moored at the dock)")
    length, beam = vessel.length_ft / ft, vessel.beam_ft / ft
    frame = dock.components
    if vessel.moored_at == "lift":
        lifts = frame[frame["component"] == "boat_lift"]
        lifts = lifts if len(lifts) else frame[frame["component"] == "pwc_lift"]
        if lifts.empty:
            return None, ("a boat lift, or [vessel] moored_at", "the dock has no lift to moor the vessel in ([vessel] moored_at = \"lift\")")
        lift = max(lifts.geometry.values, key=shapely.area)
        centre = np.asarray(lift.centroid.coords[0])
        along = long_axis(lift)
        return rectangle(centre, along, (-length / 2, length / 2), (-beam / 2, beam / 2)), None
    if not dock.floats:
        return None, ("a float, or [vessel] moored_at", "the dock has no float to moor the vessel at ([vessel] moored_at = \"float\")")
    out = max(dock.floats, key=lambda f: float((np.asarray(f.centroid.coords[0]) - dock.origin) @ dock.axis))
    centre = np.asarray(out.centroid.coords[0])
    along = long_axis(out)
    side = left_of(along)
    rect = oriented_rectangle(out)[:4]
    half = float(np.abs((rect - centre) @ side).max())
    outward = side @ dock.axis
    if abs(outward) < np.sqrt(0.5):  # within 45 deg of in line with the dock: the right side looking seaward
        outward = side @ -left_of(dock.axis)
    across = (half, half + beam) if outward > 0 else (-half - beam, -half)
    return rectangle(centre, along, (-length / 2, length / 2), across), None
