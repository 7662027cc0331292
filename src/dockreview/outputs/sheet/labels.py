"""The label placer every sheet uses: labels set where they overlap nothing placed before.

Obstacles and labels are shapely shapes in display pixels, measured from the
extents the renderer reports. Hard obstacles (a dock component, a water corner,
the north arrow, every label placed) are never covered; soft ones (line work a
label had better not sit on) only cost. :meth:`Placer.choose` takes the cheapest
free candidate (the exhibit's labels); :func:`place_first` the first free one of
an ordered list (the evidence sheet's annotations). The candidates beside a line,
around a point on a leader and inside an area are made here too.
"""

from __future__ import annotations

import numpy as np
import shapely
from matplotlib.text import Text

from dockreview.outputs.sheet.draw import px
from dockreview.outputs.sheet.text import renderer as renderer_of

#: Where along a dimension line its label may go (fraction of the line), in order of preference.
LABEL_POSITIONS = (0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9)

_CORNER_SIGNS = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1], [-1, -1]], dtype=float)


def rect(centre, angle_deg: float, width: float, height: float) -> shapely.Polygon:
    """A rectangle in display space centred on ``centre``, ``width`` along ``angle_deg``."""
    return rects(np.asarray([centre], dtype=float), np.asarray([angle_deg], dtype=float), width, height)[0]


def rects(centres: np.ndarray, angles_deg: np.ndarray, width: float, height: float) -> np.ndarray:
    """Rectangles (display space) centred on each of ``centres``, ``width`` along each angle."""
    t = np.radians(angles_deg)
    along = np.column_stack([np.cos(t), np.sin(t)]) * (width / 2)
    across = np.column_stack([-np.sin(t), np.cos(t)]) * (height / 2)
    coords = centres[:, None, :] + _CORNER_SIGNS[None, :, 0, None] * along[:, None, :] + _CORNER_SIGNS[None, :, 1, None] * across[:, None, :]
    return shapely.polygons(coords)


def box_shape(bbox):
    """A matplotlib Bbox (display) as a shape: a box, or the line or point it collapses to."""
    x0, y0, x1, y1 = bbox.extents
    return shapely.envelope(shapely.multipoints([(min(x0, x1), min(y0, y1)), (max(x0, x1), max(y0, y1))]))


def readable(angle_deg: float) -> float:
    """The angle turned so that text along it reads left to right (-90, 90]."""
    angle = (angle_deg + 180.0) % 360.0 - 180.0
    if angle > 90.0:
        angle -= 180.0
    elif angle <= -90.0:
        angle += 180.0
    return angle


def nearest_on(shape: shapely.Polygon, point) -> tuple[float, float]:
    """The point of ``shape``'s outline nearest ``point``."""
    near = shapely.shortest_line(shape.exterior, shapely.Point(point))
    return tuple(np.asarray(near.coords)[0])


class Placer:
    """Places labels where they overlap nothing placed before, from the extents the renderer reports.

    Parameters
    ----------
    ax : matplotlib Axes
        The labels stay inside it, ``inset`` pixels in from its edge.
    hard : list of shapely geometries (display)
        What no label may cover; each label placed joins them.
    soft : list of (geometry, weight)
        Line work a label had better not sit on: each one a candidate covers adds its weight to the cost.
    inset : float
        Pixels kept free inside the axes' edge.
    """

    def __init__(self, ax, hard=(), soft=(), *, inset: float = 2.0):
        self.ax = ax
        self.fig = ax.figure
        self.renderer = renderer_of(self.fig)
        frame = shapely.box(*ax.bbox.extents)
        self.frame = frame.buffer(-inset) if inset else frame
        self.hard = [g for g in hard if g is not None and not g.is_empty]
        self.soft = [(g, w) for g, w in soft if g is not None and not g.is_empty]
        self.labels: list[shapely.Polygon] = []
        self.angles: list[float] = []
        self.pad = px(self.fig, 1.2)
        self.em = px(self.fig, 14.0)  # two ems of the smallest text

    def obstacles(self) -> np.ndarray:
        """Every hard obstacle and every label placed, as one array."""
        return np.array(self.hard + self.labels, dtype=object)

    def avoid(self, shape) -> None:
        """Add a hard obstacle (display)."""
        if shape is not None and not shape.is_empty:
            self.hard.append(shape)

    def measure(self, text) -> tuple[float, float]:
        """Width and height (pixels) of ``text`` set unrotated, padded."""
        angle = text.get_rotation()
        text.set_rotation(0)
        box = text.get_window_extent(self.renderer)
        text.set_rotation(angle)
        return box.width + 2 * self.pad, box.height + 2 * self.pad

    def blocked(self, shape, hard=None) -> bool:
        """Whether ``shape`` leaves the frame or covers a hard obstacle or a label."""
        hard = self.obstacles() if hard is None else hard
        if not self.frame.contains(shape):
            return True
        return bool(len(hard)) and bool(np.any(shapely.intersects(hard, shape)))

    def soft_cost(self, shape, angle: float = 0.0) -> float:
        """What ``shape`` costs for the soft obstacles it covers and the labels it crowds."""
        cost = sum(w for g, w in self.soft if shape.intersects(g))
        if self.labels:
            # a label within two ems of another crowds it; set at the same slant the two read as one line
            near = shapely.dwithin(np.array(self.labels, dtype=object), shape, self.em)
            turn = np.abs((np.asarray(self.angles) - angle + 90.0) % 180.0 - 90.0)
            cost += float(np.sum(np.where(near, np.where(turn < 25.0, 5.0, 1.5), 0.0)))
        return cost

    def choose(self, candidates, *, leader_from=None):
        """The cheapest free candidate ``(cost, centre, angle, rect)``, or None."""
        hard = self.obstacles()
        best = None
        for cost, centre, angle, shape in candidates:
            if best is not None and cost >= best[0]:
                continue
            if self.blocked(shape, hard):
                continue
            total = cost + self.soft_cost(shape, angle)
            if leader_from is not None:
                tip = shapely.LineString([leader_from, nearest_on(shape, leader_from)])
                total += 0.002 * tip.length + sum(3.0 for g in self.hard if tip.crosses(g) or tip.within(g))
                if len(self.labels) and np.any(shapely.intersects(np.array(self.labels, dtype=object), tip)):
                    total += 5.0
            if best is None or total < best[0]:
                best = (total, centre, angle, shape)
        return best

    def keep(self, shape, angle: float = 0.0) -> None:
        """Record a label placed at ``shape``: later labels keep clear of it."""
        self.labels.append(shape)
        self.angles.append(angle)

    def commit(self, text, centre, angle: float, shape):
        """Move ``text`` (centred) to ``centre`` at ``angle`` and record it; the text."""
        x, y = self.ax.transData.inverted().transform(centre)
        text.set_position((x, y))
        text.set_rotation(angle)
        self.keep(shape, angle)
        return text


def leader_candidates(anchor, width: float, height: float, step: float, base_cost: float = 4.5):
    """Horizontal positions on rings around ``anchor`` (display), for a label with a leader line."""
    anchor = np.asarray(anchor, dtype=float)
    theta = 2 * np.pi * np.arange(16) / 16
    direction = np.column_stack([np.cos(theta), np.sin(theta)])
    # the distance from the box's centre to its edge in each direction
    edge = np.minimum(width / 2 / np.maximum(np.abs(direction[:, 0]), 1e-9), height / 2 / np.maximum(np.abs(direction[:, 1]), 1e-9))
    rings = np.array((1.0, 2.0, 3.5, 5.5, 8.0, 11.0, 15.0))
    centres = (anchor + direction[None, :, :] * (edge[None, :, None] + rings[:, None, None] * step)).reshape(-1, 2)
    costs = (base_cost + 0.4 * np.arange(len(rings))[:, None] + 0.01 * np.arange(16)[None, :]).ravel()
    shapes = rects(centres, np.zeros(len(centres)), width, height)
    return list(zip(costs, centres, [0.0] * len(centres), shapes))


def area_candidates(shape_display, width: float, height: float, limit: int = 80):
    """Horizontal positions inside an area (display), nearest its most inland point first."""
    if shape_display.is_empty or shape_display.area <= 0:
        return []
    poly = max(shapely.get_parts(shape_display), key=lambda g: g.area) if shape_display.geom_type != "Polygon" else shape_display
    try:
        centre = np.asarray(shapely.polylabel(poly, tolerance=max(height / 4, 0.5)).coords[0])
    except Exception:  # noqa: BLE001 - degenerate polygon: its representative point
        centre = np.asarray(poly.representative_point().coords[0])
    x0, y0, x1, y1 = poly.bounds
    step = max(height * 0.8, 2.0)
    xs = np.arange(x0 + width / 2, x1 - width / 2 + 1e-9, step) if x1 - x0 > width else np.array([(x0 + x1) / 2])
    ys = np.arange(y0 + height / 2, y1 - height / 2 + 1e-9, step) if y1 - y0 > height else np.array([(y0 + y1) / 2])
    if len(xs) * len(ys) > 4000:
        xs, ys = xs[:: max(1, len(xs) // 60)], ys[:: max(1, len(ys) // 60)]
    gx, gy = np.meshgrid(xs, ys)
    pts = np.column_stack([gx.ravel(), gy.ravel()])
    pts = np.vstack([centre, pts])
    d = np.hypot(*(pts - centre).T)
    order = np.argsort(d)[: limit * 3]
    shapes = rects(pts[order], np.zeros(len(order)), width, height)
    inside = shapely.contains(poly, shapes)
    scale = max(np.hypot(x1 - x0, y1 - y0), 1.0)
    out = [(d[i] / scale + (0 if ok else 3.0), pts[i], 0.0, r) for i, r, ok in zip(order, shapes, inside)]
    out.sort(key=lambda c: c[0])
    return out[:limit]


def leader(ax, shape, anchor_display, colour: str) -> None:
    """A thin leader from a label's box to the point it names, with a dot at the point."""
    inv = ax.transData.inverted()
    start = inv.transform(nearest_on(shape, anchor_display))
    end = inv.transform(anchor_display)
    ax.plot([start[0], end[0]], [start[1], end[1]], color=colour, lw=0.8, zorder=10.5, gid="leader")
    ax.plot([end[0]], [end[1]], "o", ms=2.5, color=colour, zorder=10.5, gid="leader")


def text_extent(text, drawer):
    """The display box of a text or an annotation's text, without its leader or arrow."""
    if hasattr(text, "update_positions"):
        text.update_positions(drawer)
    return Text.get_window_extent(text, drawer)


def place_first(placer: Placer, candidates: list, make, *, last: bool = True):
    """Keep the first candidate whose text, ``make(candidate)``, lies free; else the last one (None with ``last=False``).

    For labels set by their own anchor and offset (an annotation): each candidate
    is drawn, measured by the renderer and held to the same obstacles as
    :meth:`Placer.choose`; those that do not fit are removed again.
    """
    for k, candidate in enumerate(candidates):
        artist = make(candidate)
        shape = box_shape(text_extent(artist, placer.renderer))
        if (last and k == len(candidates) - 1) or not placer.blocked(shape):
            placer.keep(shape)
            return artist
        artist.remove()
    return None
