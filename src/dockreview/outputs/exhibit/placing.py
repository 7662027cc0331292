"""Where the exhibit's labels may go: beside a line, out on a leader, anywhere on the map as a last resort.

Every candidate is a ``(cost, centre, angle, claim)`` tuple in display pixels, as
the sheet kit's :class:`~dockreview.outputs.sheet.labels.Placer` takes them; the
placer keeps the cheapest one that covers no hard obstacle and no label placed
before it. :func:`beside` slides a label along its line (centred first, then
flush with either end when it is longer than the line), on either side of it and
in rows further out, and then past the line's ends; a label claims the strip
between it and its line, so that nothing is set between a dimension and its
figure. :func:`along_shape` sets a figure the same way along an elongated shape
(a walkway). :func:`settle` is the order a dimension's label is tried in: beside
its line, on a leader to a point of the line, then on a leader from the nearest
free spot of the whole map (:func:`on_leader`). A leader passes through no
label (nor, where asked, the proposed dock), each line it crosses makes it
dearer, and once drawn it is an obstacle to every label placed after it.
"""

from __future__ import annotations

import math

import numpy as np
import shapely

from dockreview.outputs.sheet.draw import px
from dockreview.outputs.sheet.labels import LABEL_POSITIONS, Placer, leader, leader_candidates, readable, rects
from dockreview.outputs.sheet.linework import drawn_segments, segment_tree

#: The rows a label may stand in beside its line, each half its height further out than the one before ...
ROWS = 3
#: ... each row out costing this much, against a label centred beside its line in the first row (0).
ROW_COST = 0.8
#: What a label costs for the share of it that reaches past its line's ends (times that share).
OVERHANG_COST = 2.5
#: What a label costs set past an end of its line, on the line carried on (as a continuation of it).
PAST_END_COST = 3.0
#: What a label on a leader costs near the point it names, and anywhere on the map (before the distance is added).
LEADER_COST, FAR_COST = 4.5, 8.0
#: How many of the map's free spots, nearest the point named, are tried for a label that fits nowhere near it.
FAR_SPOTS = 400
#: Where along its line a dimension's leader may start (fraction of the line), each a little dearer than the one before.
ANCHORS, ANCHOR_COST = (0.5, 0.3, 0.7, 0.1, 0.9), 0.15
#: What a leader costs for each line of the map it crosses.
CROSSING_COST = 1.0
#: A shape at least this many times as long as it is wide (its least rotated rectangle) has its figure set along it.
ELONGATED = 3.0


def _station(xy: np.ndarray, cumulative: np.ndarray, d: float) -> tuple[np.ndarray, np.ndarray]:
    """The point at distance ``d`` along the polyline ``xy`` and its unit direction there; carried on straight past either end."""
    k = int(np.clip(np.searchsorted(cumulative, d, side="right") - 1, 0, len(xy) - 2))
    a, b = xy[k], xy[k + 1]
    direction = (b - a) / max(float(np.hypot(*(b - a))), 1e-9)
    return a + direction * (d - cumulative[k]), direction


def beside(xy, width: float, height: float, gap: float) -> list[tuple]:
    """Positions for a ``width`` x ``height`` label beside the polyline ``xy`` (display), cheapest first.

    Centred at :data:`~dockreview.outputs.sheet.labels.LABEL_POSITIONS`, then flush with either end where the label is
    longer than the line; either side, in :data:`ROWS` rows each half the
    label's height further out; then past either end, on the line carried on.
    A label claims the strip from ``0.75 * gap`` off its line to its far edge.

    Examples
    --------
    A 40 x 10 label beside a 100-px line: the first is centred over it, 2 px off.

    >>> cost, centre, angle, claim = beside(np.array([[0.0, 0.0], [100.0, 0.0]]), 40.0, 10.0, 2.0)[0]
    >>> cost, centre.tolist(), angle, claim.bounds
    (0.0, [50.0, 7.0], 0.0, (30.0, 1.5, 70.0, 12.0))
    """
    xy = np.asarray(xy, dtype=float)
    cumulative = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(xy, axis=0).T))])
    length = float(cumulative[-1])
    stations = [t * length for t in LABEL_POSITIONS]
    if width > length:  # flush with one end, reaching past the other
        stations += [width / 2, length - width / 2]
    near = 0.75 * gap
    out = []
    for row in range(ROWS):
        offset = gap + height / 2 + row * height / 2
        claim_h = offset + height / 2 - near
        for d in stations:
            point, direction = _station(xy, cumulative, d)
            angle = readable(math.degrees(math.atan2(direction[1], direction[0])))
            normal = np.array([-math.sin(math.radians(angle)), math.cos(math.radians(angle))])
            overhang = (max(0.0, width / 2 - d) + max(0.0, d + width / 2 - length)) / max(width, 1.0)
            cost = 0.6 * abs(d - length / 2) / max(length, width, 1.0) + OVERHANG_COST * overhang + ROW_COST * row
            for side in (1.0, -1.0):
                claim = rects((point + normal * side * (near + claim_h / 2))[None], np.array([angle]), width, claim_h)[0]
                out.append((cost, point + normal * side * offset, float(angle), claim))
    for d in (-gap * 2 - width / 2, length + gap * 2 + width / 2):
        point, direction = _station(xy, cumulative, d)
        angle = readable(math.degrees(math.atan2(direction[1], direction[0])))
        out.append((PAST_END_COST, point, float(angle), rects(point[None], np.array([angle]), width, height)[0]))
    out.sort(key=lambda c: c[0])
    return out


def along_shape(shape, width: float, height: float, gap: float) -> tuple[list[tuple], np.ndarray | None]:
    """Positions for a label along either long side of an elongated shape (display), as :func:`beside` gives them,
    and the shape's axis (its least rotated rectangle's midline); ``([], None)`` for a shape that is not elongated."""
    box = shapely.minimum_rotated_rectangle(shape)
    if box.geom_type != "Polygon":
        return [], None
    corners = np.asarray(box.exterior.coords)[:4]
    sides = np.hypot(*np.diff(np.vstack([corners, corners[:1]]), axis=0).T)
    k = int(np.argmax(sides[:2]))  # the long sides: k and k + 2
    if sides[k] < ELONGATED * sides[1 - k]:
        return [], None
    first = corners[[k, (k + 1) % 4]]
    second = corners[[(k + 3) % 4, (k + 2) % 4]]
    candidates = sorted(beside(first, width, height, gap) + beside(second, width, height, gap), key=lambda c: c[0])
    return candidates, (first + second) / 2


def far_spots(placer: Placer, anchor, width: float, height: float) -> list[tuple]:
    """Horizontal positions over the whole map, nearest ``anchor`` first: for a label with no room near what it names."""
    x0, y0, x1, y1 = placer.frame.bounds
    xs = np.arange(x0 + width / 2, x1 - width / 2 + 1e-9, max(width / 4, 2.0))
    ys = np.arange(y0 + height / 2, y1 - height / 2 + 1e-9, max(height * 0.75, 2.0))
    if not len(xs) or not len(ys):
        return []
    gx, gy = np.meshgrid(xs, ys)
    points = np.column_stack([gx.ravel(), gy.ravel()])
    distance = np.hypot(*(points - np.asarray(anchor, dtype=float)).T)
    order = np.argsort(distance, kind="stable")[:FAR_SPOTS]
    scale = max(x1 - x0, y1 - y0, 1.0)
    shapes = rects(points[order], np.zeros(len(order)), width, height)
    return [(FAR_COST + distance[i] / scale, points[i], 0.0, shape) for i, shape in zip(order, shapes)]


def _leaders(placer: Placer, candidates: list[tuple], anchor, lines: shapely.STRtree, keep_off=None) -> list[tuple]:
    """The candidates whose leader to ``anchor`` passes through no label placed and nothing of ``keep_off``, each
    dearer by :data:`CROSSING_COST` for every line of the map its leader crosses (its last pixels, at the point, aside)."""
    if not candidates:
        return candidates
    anchor = np.asarray(anchor, dtype=float)
    tips = shapely.shortest_line(np.array([c[3].exterior for c in candidates], dtype=object), shapely.Point(anchor))
    ends = shapely.get_coordinates(tips).reshape(-1, 2, 2)
    span = ends[:, 1] - ends[:, 0]
    lengths = np.hypot(*span.T)
    short = ends[:, 0] + span * (np.maximum(lengths - 3.0, 0.0) / np.maximum(lengths, 1e-9))[:, None]
    tips = shapely.linestrings(np.stack([ends[:, 0], short], axis=1))
    barred = [*placer.labels, *([keep_off] if keep_off is not None and not keep_off.is_empty else [])]
    crossing = np.zeros(len(candidates), dtype=bool)
    if barred:
        crossing = shapely.intersects(tips, shapely.union_all(barred)) & (lengths > 3.0)
    crossed = np.bincount(lines.query(tips, predicate="intersects")[0], minlength=len(candidates))
    return [(cost + CROSSING_COST * n, centre, angle, shape)
            for (cost, centre, angle, shape), bad, n in zip(candidates, crossing, crossed) if not bad]


def draw_leader(placer: Placer, shape, anchor, colour: str) -> None:
    """A leader from a label's box to the point it names; later labels keep clear of it."""
    leader(placer.ax, shape, anchor, colour)
    start = np.asarray(shapely.shortest_line(shape.exterior, shapely.Point(anchor)).coords[0])
    placer.avoid(shapely.LineString([start, anchor]).buffer(px(placer.fig, 0.5)))


def on_leader(placer: Placer, anchors, width: float, height: float, *, base_cost: float = LEADER_COST, far: bool = True,
              step_pt: float = 6.0, keep_off=None):
    """The cheapest free position on a leader to one of ``anchors`` (display), ``(best, anchor)``; ``(None, None)`` if none.

    Around each anchor, on rings ``step_pt`` apart
    (:func:`~dockreview.outputs.sheet.labels.leader_candidates`), the later
    anchors a little dearer; then, with ``far``, anywhere on the map
    (:func:`far_spots`). A leader crossing the map's lines costs
    :data:`CROSSING_COST` a line; none passes through a label or ``keep_off``
    (display: the proposed dock, but for the component a leader names).
    """
    step = px(placer.fig, step_pt)
    lines = segment_tree(drawn_segments(placer.ax))
    found = None, None
    stages = [lambda a, k: leader_candidates(a, width, height, step, base_cost + ANCHOR_COST * k)]
    if far:
        stages.append(lambda a, k: far_spots(placer, a, width, height))
    for candidates_of in stages:
        for k, anchor in enumerate(anchors):
            best = placer.choose(_leaders(placer, candidates_of(anchor, k), anchor, lines, keep_off), leader_from=anchor)
            if best is not None and (found[0] is None or best[0] < found[0][0]):
                found = best, anchor
        if found[0] is not None:
            break
    return found


#: A leader is kept off the line it names, and off the line carried on past its ends this far (pt): it meets the line,
#: never runs along it.
OWN_LINE_PT = 12.0


def _carried_on(xy: np.ndarray, reach: float) -> shapely.LineString:
    """The polyline ``xy`` carried on past each end by ``reach``, along its end segments.

    Examples
    --------
    >>> _carried_on(np.array([[0.0, 0.0], [10.0, 0.0]]), 5.0).coords[:]
    [(-5.0, 0.0), (0.0, 0.0), (10.0, 0.0), (15.0, 0.0)]
    """
    xy = np.asarray(xy, dtype=float)

    def past(end, before):
        step = end - before
        length = float(np.hypot(*step))
        return end + step / length * reach if length > 0 else end

    return shapely.LineString(np.vstack([past(xy[0], xy[1]), xy, past(xy[-1], xy[-2])]))


def settle(placer: Placer, text, xy, colour: str, *, keep_off=None):
    """Place ``text`` (centred) beside the polyline ``xy`` (display), else on a leader from it that keeps off
    ``keep_off`` (display) and off the line itself but where it meets it; the text.

    When no spot on the map is free, it goes beside the line where it covers the
    least of what was placed before it (the layout tests catch such a sheet).
    """
    width, height = placer.measure(text)
    gap = px(placer.fig, 2.0)
    xy = np.asarray(xy, dtype=float)
    best = placer.choose(beside(xy, width, height, gap))
    if best is None:
        line = shapely.LineString(xy)
        anchors = [np.asarray(line.interpolate(t, normalized=True).coords[0]) for t in ANCHORS]
        own = _carried_on(xy, px(placer.fig, OWN_LINE_PT)).buffer(px(placer.fig, 0.75))  # a leader meets its line, never runs along it
        keep_off = own if keep_off is None or keep_off.is_empty else shapely.union(keep_off, own)
        best, anchor = on_leader(placer, anchors, width, height, keep_off=keep_off)
        if best is not None:
            draw_leader(placer, best[3], anchor, colour)
    if best is None:
        hard = placer.obstacles()
        best = min(beside(xy, width, height, gap),
                   key=lambda c: float(np.sum(shapely.area(shapely.intersection(hard, c[3])))) + (0 if placer.frame.contains(c[3]) else 1e9))
    _, centre, angle, claim = best
    return placer.commit(text, centre, angle, claim)
