"""Pure shapely and numpy in working units: the shore network, the riparian lines, widths, the dock's shape.

Nothing here reads a file, knows a rule's number or converts to feet for a
report; it takes geometries and distances in the working CRS's unit.
"""

from dockreview._exports import exports

#: The public names of the stage, by the module that defines each (imported when a name is first asked for).
_HOMES = {
    "dock": (
        "FIXED_DOCK", "Dock", "build_dock", "footprint_dock", "long_axis", "oriented_rectangle", "parametric_dock",
        "rectangle",
    ),
    "riparian": ("Riparian", "riparian_geometry"),
    "methods": ("CONSTRUCTIONS", "METHODS", "NEEDS", "Drawing", "lines_by_method"),
    "shore": ("Shore", "network_path", "prepare_shore"),
    "water": ("WaterSide",),
    "corners": ("LotCorners", "lot_corners"),
    "lotwater": ("lot_water",),
    "width": ("centre_line", "is_rectangle", "max_width", "strip_width"),
    "sections": ("contour", "crossings", "gap_around", "tangent_at"),
    "vectors": ("left_of", "shore_normal", "unit"),
}
__all__, __getattr__, __dir__ = exports(__name__, _HOMES)
