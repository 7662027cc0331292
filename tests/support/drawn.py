"""What a matplotlib map drew, read back from its artists: the dimension lines and every other line, in printed points.

Written for the exhibit tests without the package's own line-work reader: each
line is taken from its artist (a Line2D's data, a patch's outline, a
collection's paths, an annotation's two ends) and moved to display pixels by the
artist's own transform. :func:`collinear_pt` measures how much of a line runs on
another line: sampled every 0.25 pt, a sample counts where a segment of another
line lies within ``tolerance_pt`` of it and runs within ``angle_deg`` of it.
"""

from __future__ import annotations

import math

import matplotlib.colors as mcolors
import numpy as np
from matplotlib.collections import Collection
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.text import Annotation

#: The printed tolerance of the line-on-line measure: within 1.5 pt (0.5 mm), within 12 degrees.
TOLERANCE_PT = 1.5
ANGLE_DEG = 12.0
#: The most of any dimension line that may run on another line (pt): where it meets what it measures, and no more.
ALLOWED_PT = 3.0


def _segments(xy) -> np.ndarray:
    xy = np.asarray(xy, dtype=float)
    if len(xy) < 2:
        return np.empty((0, 2, 2))
    seg = np.stack([xy[:-1], xy[1:]], axis=1)
    keep = np.isfinite(seg).all(axis=(1, 2)) & (np.hypot(*(seg[:, 1] - seg[:, 0]).T) > 1e-9)
    return seg[keep]


def dimension_lines(ax) -> dict[str, np.ndarray]:
    """Each dimension's line as drawn ((n, 2, 2) display segments), by its key: gid ``dimension-line:KEY``."""
    out: dict[str, list] = {}
    for artist in ax.get_children():
        gid = artist.get_gid() or ""
        if not gid.startswith("dimension-line:"):
            continue
        key = gid.split(":", 1)[1]
        if isinstance(artist, Annotation):
            xy = artist.get_transform().transform([artist.xyann, artist.xy])
            if artist.arrow_patch is not None and type(artist.arrow_patch.get_arrowstyle()).__name__ == "CurveFilledB" \
                    and key != "frontage":
                continue  # the heads of a short dimension, drawn outside it
        else:
            xy = artist.get_transform().transform(np.asarray(artist.get_xydata(), dtype=float))
        out.setdefault(key, []).append(_segments(xy))
    return {k: np.concatenate(v) for k, v in out.items()}


def _visible(colour, width) -> bool:
    return width > 0 and mcolors.to_rgba(colour)[3] > 0


def other_lines(ax, key: str) -> np.ndarray:
    """Every line drawn on ``ax`` but dimension ``key``'s own (its line, heads and extension lines), as display segments."""
    own = (f"dimension-line:{key}", f"dimension-extension:{key}")
    parts = []
    for artist in ax.get_children():
        if not artist.get_visible() or (artist.get_gid() or "") in own:
            continue
        if isinstance(artist, Line2D):
            if artist.get_linestyle() not in ("None", "", " ", "none") and artist.get_linewidth() > 0:
                parts.append(_segments(artist.get_transform().transform(np.asarray(artist.get_xydata(), dtype=float))))
        elif isinstance(artist, Annotation):
            if artist.arrow_patch is not None and artist.get_text() == "":
                parts.append(_segments(artist.get_transform().transform([artist.xyann, artist.xy])))
        elif isinstance(artist, Patch) and artist is not ax.patch:
            if _visible(artist.get_edgecolor(), artist.get_linewidth()):
                for poly in artist.get_path().to_polygons(artist.get_transform(), closed_only=False):
                    parts.append(_segments(poly))
        elif isinstance(artist, Collection):
            if len(artist.get_edgecolors()) and np.max(np.atleast_1d(artist.get_linewidths())) > 0:
                for path in artist.get_paths():
                    for poly in path.to_polygons(artist.get_transform(), closed_only=False):
                        parts.append(_segments(poly))
    parts = [p for p in parts if len(p)]
    return np.concatenate(parts) if parts else np.empty((0, 2, 2))


def collinear_pt(segments: np.ndarray, others: np.ndarray, dpi: float, *, tolerance_pt: float = TOLERANCE_PT,
                 angle_deg: float = ANGLE_DEG) -> float:
    """How much (pt) of ``segments`` lies within ``tolerance_pt`` of one of ``others`` running within ``angle_deg`` of it."""
    if not len(segments) or not len(others):
        return 0.0
    px = dpi / 72.0
    tol = tolerance_pt * px
    a, b = others[:, 0], others[:, 1]
    ab = b - a
    ab_len2 = np.einsum("ij,ij->i", ab, ab)
    other_dir = ab / np.sqrt(ab_len2)[:, None]
    cos_limit = math.cos(math.radians(angle_deg))
    total = 0.0
    for p, q in segments:
        length = float(np.hypot(*(q - p)))
        n = max(int(math.ceil(length / (0.25 * px))), 1)
        t = (np.arange(n) + 0.5) / n
        samples = p + t[:, None] * (q - p)
        direction = (q - p) / length
        parallel = np.abs(other_dir @ direction) >= cos_limit
        if not parallel.any():
            continue
        a_p, ab_p, l2 = a[parallel], ab[parallel], ab_len2[parallel]
        # distance from each sample to each parallel segment
        rel = samples[:, None, :] - a_p[None, :, :]
        u = np.clip(np.einsum("ijk,jk->ij", rel, ab_p) / l2[None, :], 0.0, 1.0)
        nearest = a_p[None, :, :] + u[:, :, None] * ab_p[None, :, :]
        dist = np.hypot(*(samples[:, None, :] - nearest).transpose(2, 0, 1))
        total += float(np.count_nonzero((dist <= tol).any(axis=1))) * length / n
    return total / px


def crosses_box(segments: np.ndarray, box) -> bool:
    """Whether any of ``segments`` (display) passes through ``box`` (a matplotlib Bbox)."""
    x0, y0, x1, y1 = box.extents
    for p, q in segments:
        t = np.linspace(0.0, 1.0, 200)
        pts = p + t[:, None] * (q - p)
        if np.any((pts[:, 0] > x0) & (pts[:, 0] < x1) & (pts[:, 1] > y0) & (pts[:, 1] < y1)):
            return True
    return False


def assert_dimensions_clear(fig, ax) -> dict[str, float]:
    """Every dimension line off other lines, off the furniture, above the map's line work; the length each runs on another (pt)."""
    dims = dimension_lines(ax)
    assert dims, "no dimension drawn"
    renderer = fig.canvas.get_renderer()
    furniture = [a for a in ax.artists if a.get_gid() in ("north-arrow", "scale-bar")]
    runs = {}
    for key, segments in dims.items():
        runs[key] = collinear_pt(segments, other_lines(ax, key), fig.dpi)
        assert runs[key] <= ALLOWED_PT, (key, f"{runs[key]:.1f} pt of it within {TOLERANCE_PT} pt of another line")
        for box in furniture:
            assert not crosses_box(segments, box.get_window_extent(renderer)), (key, box.get_gid())
    # above every fill and line of the map, so that none hides a dimension
    drawn = [a for a in ax.get_children() if isinstance(a, (Line2D, Patch)) and a is not ax.patch
             and not (a.get_gid() or "").startswith(("dimension-", "leader"))]
    lowest = min(a.get_zorder() for a in ax.texts if (a.get_gid() or "").startswith("dimension-line:"))
    assert lowest > max(a.get_zorder() for a in drawn if a.get_zorder() < 9)  # below only the corners and terminus marks
    return runs
