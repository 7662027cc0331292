"""The dock's parts measured: float assemblies, their position and layout, vegetation under them, landings, lifts.

Kings Point Docks D(2)(c)[3]-[5], G and Boat lifts C(3); all in working-CRS units.
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from dockreview.geometry.dock import FIXED_DOCK, Dock, long_axis, oriented_rectangle
from dockreview.geometry.riparian import left_of, unit
from dockreview.geometry.vectors import shore_normal
from dockreview.measure.distances import farthest, terminus


def assemblies(floats: list[BaseGeometry], contact: float) -> list[BaseGeometry]:
    """Groups of floats touching one another (within ``contact``), each as one geometry (Docks D(2)(c))."""
    joined = shapely.get_parts(shapely.union_all(shapely.buffer(floats, contact / 2, join_style="mitre")))
    return [shapely.union_all([f for f in floats if shapely.intersects(f, part)]) for part in joined]


def float_position(
    dock: Dock, frontage: BaseGeometry, step: float, width: float, contact: float
) -> tuple[float | None, float | None]:
    """How far the fixed dock reaches past the floats, and the largest gap from a float assembly to its end (units).

    Floats touching one another form one assembly (two floats in a row); each
    assembly must touch the walkway's or ramp's seaward end (Docks D(2)(c)[3]).
    """
    floats = dock.floats
    fixed = dock.of(*FIXED_DOCK)
    if not floats:
        return None, None
    if fixed.is_empty:
        return 0.0, 0.0
    fixed_reach, _ = farthest(fixed, frontage, step)
    end = terminus(fixed, frontage, fixed_reach, max(width, step))
    float_reach = max(farthest(f, frontage, step)[0] for f in floats)
    gap = max(float(shapely.distance(a, end)) for a in assemblies(floats, contact))
    return fixed_reach - float_reach, gap


def vegetation_overlap(dock: Dock, vegetation) -> float | None:
    """Area of the floats lying over vegetation (units²); None without the layer."""
    if vegetation is None:
        return None
    if vegetation.empty or not dock.floats:
        return 0.0
    cover = shapely.union_all(vegetation.geometry.values)
    return float(sum(shapely.area(shapely.intersection(f, cover)) for f in dock.floats))


def _angle_between(a: np.ndarray, b: np.ndarray) -> float:
    """The angle between two undirected lines, degrees in [0, 90]."""
    cos = abs(float(np.dot(unit(a), unit(b))))
    return float(np.degrees(np.arccos(min(cos, 1.0))))


def float_layout(dock: Dock, half_width: float, *, tolerance_deg: float, contact: float) -> tuple[str | None, float | None]:
    """Classify the float assembly as I, L or T against the dock's axis (Docks D(2)(c)[4]).

    Each group of touching floats is one assembly. Its long axis within
    ``tolerance_deg`` of the dock's axis is I (in line); within it of square to
    the axis, it is L when one end stops at the walkway's edge (within
    ``contact`` of ``half_width`` from the axis), else T; anything else is
    "other". Returns the layouts joined by "+" and the worst assembly's angle
    from the dock's axis.
    """
    if not dock.floats:
        return None, None
    side = left_of(dock.axis)
    layouts, worst = [], (-1.0, 0.0)
    for members in assemblies(dock.floats, contact):
        angle = _angle_between(long_axis(members), dock.axis)
        across = (shapely.get_coordinates(members) - dock.origin) @ side
        if angle <= tolerance_deg:
            layouts.append("I")
        elif angle >= 90.0 - tolerance_deg:
            layouts.append("L" if min(across.max(), -across.min()) <= half_width + contact else "T")
        else:
            layouts.append("other")
        off = min(angle, 90.0 - angle)
        if off > worst[0]:
            worst = (off, angle)
    return "+".join(layouts), worst[1]


def lift_angle(dock: Dock, mhw: BaseGeometry, crossing: float, span: float, component: str = "boat_lift") -> float | None:
    """Largest angle between a lift's long axis (the lifts of kind ``component``) and the shore normal at the dock's
    root (Kings Point Boat lifts C(3)); None without one."""
    lifts = dock.components.geometry[dock.components["component"] == component]
    if lifts.empty:
        return None
    normal = shore_normal(mhw, dock.origin + dock.axis * crossing, span=span)
    return max(_angle_between(long_axis(lift), normal) for lift in lifts)


def landing_size(dock: Dock) -> tuple[float | None, float | None]:
    """Long and short sides of the largest landing component's minimum rotated rectangle (units)."""
    landing = dock.components.geometry[dock.components["component"] == "landing"]
    if landing.empty:
        return None, None
    rect = oriented_rectangle(max(landing, key=shapely.area))
    sides = sorted([float(np.hypot(*(rect[1] - rect[0]))), float(np.hypot(*(rect[2] - rect[1])))])
    return sides[1], sides[0]
