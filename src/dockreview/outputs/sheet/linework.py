"""The line work a map has drawn, and how much of a line runs on it: what keeps a dimension off other lines.

:func:`drawn_segments` reads every straight piece of line work off the axes, in
display pixels: lines with a line style (markers alone are not line work),
the outlines of patches that have an edge, and line collections (the
navigable-depth contour). Hatching and text are not line work. :func:`on_line`
measures how much of a line lies within a printed tolerance of another line
running the same way (within :data:`ON_LINE_ANGLE_DEG`): two lines crossing
share only a short stretch; two lines drawn one over the other share it all.
"""

from __future__ import annotations

import math

import matplotlib.colors as mcolors
import numpy as np
import shapely
from matplotlib.collections import Collection
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

#: Two lines run on each other where they lie within this much of each other on the printed page (pt) ...
ON_LINE_TOLERANCE_PT = 1.5
#: ... and run within this angle of each other (degrees).
ON_LINE_ANGLE_DEG = 12.0
#: A line is sampled every this many points of the printed page to measure it.
SAMPLE_PT = 0.5


def _visible_edge(colour, width: float) -> bool:
    return width > 0 and colour is not None and mcolors.to_rgba(colour)[3] > 0


def _pieces(path, transform) -> list[np.ndarray]:
    return [np.asarray(p) for p in path.to_polygons(transform, closed_only=False) if len(p) >= 2]


def drawn_segments(ax, *, skip=()) -> np.ndarray:
    """Every straight piece of line work drawn on ``ax`` (but the artists in ``skip``), as an (n, 2, 2) array in display pixels."""
    lines = []
    for artist in ax.get_children():
        if artist in skip or not artist.get_visible():
            continue
        if isinstance(artist, Line2D):
            if artist.get_linestyle() in ("None", "", " ", "none") or artist.get_linewidth() <= 0:
                continue
            xy = artist.get_transform().transform(np.asarray(artist.get_xydata(), dtype=float))
            lines.append(xy)
        elif isinstance(artist, Patch) and artist.axes is ax and artist is not ax.patch:
            if _visible_edge(artist.get_edgecolor(), artist.get_linewidth()):
                lines += _pieces(artist.get_path(), artist.get_transform())
        elif isinstance(artist, Collection):
            widths = np.atleast_1d(artist.get_linewidths())
            if widths.size and widths.max() > 0 and len(artist.get_edgecolors()):
                transform = artist.get_transform()
                for path in artist.get_paths():
                    lines += _pieces(path, transform)
    segments = [np.stack([xy[:-1], xy[1:]], axis=1) for xy in lines if len(xy) >= 2]
    if not segments:
        return np.empty((0, 2, 2))
    out = np.concatenate(segments)
    finite = np.isfinite(out).all(axis=(1, 2)) & (np.hypot(*(out[:, 1] - out[:, 0]).T) > 1e-6)
    return out[finite]


def segment_tree(segments: np.ndarray) -> shapely.STRtree:
    """The segments (``(n, 2, 2)``, as :func:`drawn_segments` gives them) in an STRtree, for :func:`on_line`."""
    return shapely.STRtree(shapely.linestrings(segments))


def on_line(xy: np.ndarray, segments: np.ndarray, tolerance_px: float, step_px: float,
            angle_deg: float = ON_LINE_ANGLE_DEG, tree: shapely.STRtree | None = None) -> float:
    """How much of the polyline ``xy`` (display) lies within ``tolerance_px`` of a segment running within ``angle_deg`` of it (px).

    The polyline is sampled every ``step_px``; a sample counts when a segment
    running its way lies within the tolerance. ``tree`` is
    :func:`segment_tree` of ``segments``, when built already.

    Examples
    --------
    A 100-px line sampled every pixel (at 0.5, 1.5, ... px), beside a
    parallel segment 1 px off from 0 to 50 px, and across a perpendicular one
    at 75 px, which does not count: the samples up to 50.5 px lie within
    1.5 px of the parallel one (the last one 1.12 px from its end), 51 px.

    >>> segments = np.array([[[0.0, 1.0], [50.0, 1.0]], [[75.0, -10.0], [75.0, 10.0]]])
    >>> on_line(np.array([[0.0, 0.0], [100.0, 0.0]]), segments, tolerance_px=1.5, step_px=1.0)
    51.0
    """
    xy = np.asarray(xy, dtype=float)
    if len(segments) == 0 or len(xy) < 2:
        return 0.0
    tree = segment_tree(segments) if tree is None else tree
    seg_dir = segments[:, 1] - segments[:, 0]
    seg_dir = seg_dir / np.maximum(np.hypot(*seg_dir.T), 1e-12)[:, None]
    cos_limit = math.cos(math.radians(angle_deg))
    total = 0.0
    for a, b in zip(xy[:-1], xy[1:]):
        length = float(np.hypot(*(b - a)))
        if length <= 0:
            continue
        near = tree.query(shapely.linestrings([a, b]), predicate="dwithin", distance=tolerance_px)
        near = near[np.abs(seg_dir[near] @ ((b - a) / length)) >= cos_limit]
        if not near.size:
            continue
        n = max(int(math.ceil(length / step_px)), 1)
        points = a + ((np.arange(n) + 0.5) / n)[:, None] * (b - a)
        total += int((_distance(points, segments[near]) <= tolerance_px).any(axis=1).sum()) * length / n
    return total


def _distance(points: np.ndarray, segments: np.ndarray) -> np.ndarray:
    """The distance from each point (``(n, 2)``) to each segment (``(k, 2, 2)``), as an ``(n, k)`` array."""
    start, along = segments[:, 0], segments[:, 1] - segments[:, 0]
    offset = points[:, None, :] - start[None, :, :]
    t = np.clip(np.einsum("nkj,kj->nk", offset, along) / np.maximum(np.einsum("kj,kj->k", along, along), 1e-24), 0.0, 1.0)
    return np.hypot(*(offset - t[..., None] * along[None, :, :]).transpose(2, 0, 1))


def px_of(fig, points: float) -> float:
    """``points`` of the printed page in display pixels."""
    return points * fig.dpi / 72.0
