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


def on_line(xy: np.ndarray, segments: np.ndarray, tolerance_px: float, step_px: float,
            angle_deg: float = ON_LINE_ANGLE_DEG) -> float:
    """How much of the polyline ``xy`` (display) lies within ``tolerance_px`` of a segment running within ``angle_deg`` of it (px)."""
    xy = np.asarray(xy, dtype=float)
    if len(segments) == 0 or len(xy) < 2:
        return 0.0
    total = 0.0
    lines = shapely.linestrings(segments)
    tree = shapely.STRtree(lines)
    seg_dir = segments[:, 1] - segments[:, 0]
    seg_dir /= np.hypot(*seg_dir.T)[:, None]
    cos_limit = math.cos(math.radians(angle_deg))
    for a, b in zip(xy[:-1], xy[1:]):
        length = float(np.hypot(*(b - a)))
        if length <= 0:
            continue
        n = max(int(math.ceil(length / step_px)), 1)
        t = (np.arange(n) + 0.5) / n
        points = shapely.points(a + t[:, None] * (b - a))
        direction = (b - a) / length
        hit_point, hit_segment = tree.query(points, predicate="dwithin", distance=tolerance_px)
        if not hit_point.size:
            continue
        parallel = np.abs(seg_dir[hit_segment] @ direction) >= cos_limit
        total += len(np.unique(hit_point[parallel])) * length / n
    return total


def px_of(fig, points: float) -> float:
    """``points`` of the printed page in display pixels."""
    return points * fig.dpi / 72.0
