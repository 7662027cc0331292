"""The MHW layer's line work as every review reads it: merged, snap-rounded, digitising gaps bridged.

:func:`prepare_mhw` is called once by :func:`dockreview.load_site` and once by the
screen (:func:`dockreview.batch.layers.read_screen_layers`), so a lot measures the
same either way. The lot-by-lot work on the line (noding jetties, bridging gaps
along a parcel, walking the network) is :mod:`dockreview.geometry.shore`'s.
"""

from __future__ import annotations

import warnings

import numpy as np
import shapely
from shapely import LineString
from shapely.geometry.base import BaseGeometry

from dockreview.errors import DockReviewWarning

#: Gaps in the MHW line up to this many feet (digitising breaks) are bridged straight.
MHW_GAP_FT = 50.0
#: Precision (ft) at which MHW pieces are noded together: pieces that overlap at a
#: seam, or meet only to floating-point noise, become one line.
MHW_GRID_FT = 0.001


def merge_lines(geoms, ft_per_unit: float) -> BaseGeometry:
    """Merge line work (polygons read by their boundary) into the fewest lines.

    The union is snap-rounded to :data:`MHW_GRID_FT`, so two digitised pieces
    overlapping at a seam are counted once, not twice, along the frontage.
    """
    lines = shapely.boundary(geoms)
    lines = np.where(shapely.get_dimensions(geoms) == 2, lines, geoms)
    return shapely.line_merge(shapely.union_all(lines, grid_size=MHW_GRID_FT / ft_per_unit))



def dangling_ends(parts: list[LineString]) -> list[tuple[int, np.ndarray]]:
    """The ends of open pieces that meet no other piece: (piece index, coordinates)."""
    open_ = [i for i, p in enumerate(parts) if not p.is_closed]
    if not open_:
        return []
    xy = np.array([[parts[i].coords[0], parts[i].coords[-1]] for i in open_]).reshape(-1, 2)
    owner = np.repeat(open_, 2)
    end, piece = shapely.STRtree(parts).query(shapely.points(xy), predicate="intersects")
    met = np.zeros(len(xy), dtype=bool)
    met[end[piece != owner[end]]] = True
    return [(int(owner[k]), xy[k]) for k in np.flatnonzero(~met)]


def _bridge_gaps(mhw: BaseGeometry, ft_per_unit: float, label: str) -> BaseGeometry:
    """Join MHW pieces whose ends lie within :data:`MHW_GAP_FT` with straight segments, with a warning.

    A shoreline digitised in pieces would otherwise cut the lot's water boundary
    at every gap, and with it the frontage and the side lines. Only loose ends
    (meeting no other piece) are joined, each at most once, nearest pairs first:
    pieces already meeting at a junction (a jetty on the shore) are left as they are.
    """
    loose = dangling_ends([p for p in shapely.get_parts(mhw) if p.geom_type == "LineString"])
    if len(loose) < 2:
        return mhw
    ends = shapely.points(np.array([xy for _, xy in loose]))
    owner = np.array([part for part, _ in loose])
    limit = MHW_GAP_FT / ft_per_unit
    i, j = shapely.STRtree(ends).query(ends, predicate="dwithin", distance=limit)
    pairs = (owner[i] != owner[j]) & (i < j)
    i, j = i[pairs], j[pairs]
    gaps = shapely.distance(ends[i], ends[j])
    used = np.zeros(len(ends), dtype=bool)
    bridges = []
    for k in np.argsort(gaps):
        if not (used[i[k]] or used[j[k]]):
            used[i[k]] = used[j[k]] = True
            bridges.append(shapely.shortest_line(ends[i[k]], ends[j[k]]))
    if not bridges:
        return mhw
    widest = max(b.length for b in bridges) * ft_per_unit
    _warn(
        f"{label}: the MHW line has {len(bridges)} gap(s) between its pieces (up to {widest:,.1f} ft); "
        "they are bridged with straight lines: check the layer"
    )
    return shapely.line_merge(shapely.union_all([mhw, *bridges]))


def prepare_mhw(geoms, ft_per_unit: float, label: str) -> BaseGeometry:
    """The MHW layer's line work as every review reads it: merged, snap-rounded, digitising gaps bridged.

    Called by :func:`dockreview.load_site` and by the screen, so a lot measures the same either way.
    """
    return _bridge_gaps(merge_lines(geoms, ft_per_unit), ft_per_unit, label)


def _warn(message: str) -> None:
    warnings.warn(message, DockReviewWarning, stacklevel=3)
