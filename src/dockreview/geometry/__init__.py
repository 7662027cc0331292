"""Pure shapely and numpy in working units: the shore network, the riparian lines, widths, the dock's shape.

Nothing here reads a file, knows a rule's number or converts to feet for a
report; it takes geometries and distances in the working CRS's unit.
"""
