"""Shores with hand-known riparian answers: arcs, lakes, coves, bends, and the checks the tests make on them.

Everything is drawn in the local frame of :mod:`support.sitegen` (``u`` along the
shore, ``v`` seaward, feet) and written with :func:`support.sitegen.write_local_site`
into the storage CRS of a :class:`support.sitegen.LocalFrame`.  The helpers here
compute expected values with plain arithmetic (and shapely for areas of polygons
whose vertices are known by hand); nothing here imports dockreview.
"""

from __future__ import annotations

import math
from typing import Sequence

import pytest
from shapely.geometry import Polygon

Point2 = tuple[float, float]

TOL = 0.05                                   # ft: how far a drawn point may lie from its hand value
CRSS = [pytest.param("EPSG:2263", 25.0, id="2263-usft"),
        pytest.param("EPSG:32618", 137.0, id="32618-m")]


# --------------------------------------------------------------------------
# plain vector arithmetic (local frame)
# --------------------------------------------------------------------------
def sub(a: Point2, b: Point2) -> Point2:
    return (a[0] - b[0], a[1] - b[1])


def add(a: Point2, b: Point2, t: float = 1.0) -> Point2:
    """``a + t b``."""
    return (a[0] + t * b[0], a[1] + t * b[1])


def dot(a: Point2, b: Point2) -> float:
    return a[0] * b[0] + a[1] * b[1]


def unit(a: Point2) -> Point2:
    n = math.hypot(*a)
    return (a[0] / n, a[1] / n)


def lerp(a: Point2, b: Point2, t: float) -> Point2:
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


def foot_on_line(p: Point2, q: Point2, direction: Point2) -> Point2:
    """The foot of the perpendicular from ``p`` on the line through ``q`` along ``direction``."""
    d = unit(direction)
    return add(q, d, dot(sub(p, q), d))


def crossing(a: Point2, da: Point2, b: Point2, db: Point2) -> tuple[Point2, float]:
    """Where the lines ``a + s da`` and ``b + t db`` cross, and ``s`` there (Cramer's rule)."""
    det = da[0] * (-db[1]) - (-db[0]) * da[1]
    r = sub(b, a)
    s = (r[0] * (-db[1]) - (-db[0]) * r[1]) / det
    return add(a, da, s), s


def bisector(corner: Point2, other: Point2, neighbour: Point2, seaward: Point2) -> Point2:
    """The colonial line's direction at ``corner``: square to ``unit(N - C) - unit(P - C)``, toward ``seaward``."""
    un, up = unit(sub(neighbour, corner)), unit(sub(other, corner))
    d = unit((-(un[1] - up[1]), un[0] - up[0]))
    return d if dot(d, seaward) >= 0 else (-d[0], -d[1])


def polar(centre: Point2, r: float, deg: float) -> Point2:
    a = math.radians(deg)
    return (centre[0] + r * math.cos(a), centre[1] + r * math.sin(a))


def arc(centre: Point2, r: float, a0: float, a1: float, step: float) -> list[Point2]:
    """Vertices at ``a0, a0 +- step, ..., a1`` (degrees, both ends; ``a1 - a0`` a whole number of steps)."""
    n = int(round(abs(a1 - a0) / step))
    assert n >= 1 and math.isclose(n * step, abs(a1 - a0), abs_tol=1e-9)
    sgn = 1.0 if a1 >= a0 else -1.0
    return [polar(centre, r, a0 + sgn * i * step) for i in range(n + 1)]


def sector(centre: Point2, r0: float, r1: float, a0: float, a1: float, step: float) -> Polygon:
    """The annular sector between radii ``r0`` and ``r1``, angles ``a0`` to ``a1`` (a lot on a circular shore)."""
    return Polygon(arc(centre, r0, a0, a1, step) + arc(centre, r1, a1, a0, step))


def concave_offset(points: Sequence[Point2], distance: float, toward: Point2) -> list[Point2]:
    """The polyline ``points`` offset ``distance`` to the side of ``toward`` (a point on its concave side), by hand.

    Each segment moves ``distance`` along its normal; an inner vertex becomes the crossing of its two moved
    segments (the turns are all toward the offset side, so nothing folds); the ends move square to the end
    segments.  On a regular polygon arc of radius R and step delta this puts the inner vertices at radius
    R - distance / cos(delta / 2) and each end a tangential distance * sin(delta / 2) inside the radial point.
    """
    moved = []
    for a, b in zip(points[:-1], points[1:]):
        t = unit(sub(b, a))
        n = (-t[1], t[0])
        if dot(n, sub(toward, a)) < 0:
            n = (-n[0], -n[1])
        moved.append((add(a, n, distance), t))
    out = [moved[0][0]]
    for (p, t), (q, s) in zip(moved[:-1], moved[1:]):
        out.append(crossing(p, t, q, s)[0])
    last_a, last_t = moved[-1]
    out.append(add(last_a, last_t, math.dist(points[-2], points[-1])))
    return out


def walkway(root: Point2, toward: Point2, length: float, width: float = 6.0) -> Polygon:
    """A walkway ``width`` wide from ``root`` toward ``toward``, ``length`` long."""
    w = unit(sub(toward, root))
    s = (-w[1] * width / 2, w[0] * width / 2)
    far = add(root, w, length)
    return Polygon([add(root, s), add(root, s, -1), add(far, s, -1), add(far, s)])


# --------------------------------------------------------------------------
# reading the drawn lines back into the local frame
# --------------------------------------------------------------------------
def scale_of(frame) -> float:
    """International feet per local foot (1.000002 in EPSG:2263, 1 in a metre CRS)."""
    return frame.ft_per_unit * frame.units_per_ft


def local_points(frame, line) -> list[Point2]:
    return [frame.local(x, y) for x, y in line.coords]


def local_area(frame, geom) -> float:
    """The area of a working-CRS geometry in square local feet."""
    return geom.area / frame.units_per_ft ** 2


def off_by(frame, got: Point2, want: Point2) -> float:
    """How far apart two local points are, in international feet."""
    return math.dist(got, want) * scale_of(frame)


def line_report(frame, line, start: Point2, *, end: Point2 | None = None, direction: Point2 | None = None,
                tol: float = TOL) -> list[str]:
    """What is wrong with a drawn line (empty when nothing): it starts at ``start``, and ends at ``end`` or runs
    along the unit ``direction`` (its end no more than ``tol`` off that ray, at least 50 ft out)."""
    pts = local_points(frame, line)
    bad = []
    if off_by(frame, pts[0], start) > tol:
        bad.append(f"starts at ({pts[0][0]:.3f}, {pts[0][1]:.3f}), expected ({start[0]:.3f}, {start[1]:.3f})")
    if end is not None and off_by(frame, pts[-1], end) > tol:
        bad.append(f"ends at ({pts[-1][0]:.3f}, {pts[-1][1]:.3f}), expected ({end[0]:.3f}, {end[1]:.3f})")
    if direction is not None:
        d = unit(direction)
        rel = sub(pts[-1], start)
        along, lateral = dot(rel, d), rel[0] * d[1] - rel[1] * d[0]
        if along < 50.0 or abs(lateral) * scale_of(frame) > tol:
            got = unit(rel) if math.hypot(*rel) > 0 else (0.0, 0.0)
            bad.append(f"runs along ({got[0]:.5f}, {got[1]:.5f}) to {math.hypot(*rel):.1f} ft, expected "
                       f"({d[0]:.5f}, {d[1]:.5f}) ({lateral:+.3f} ft off it)")
    return bad


def assert_lines(frame, rip, what: str, *, left: dict, right: dict, tol: float = TOL) -> None:
    """Both lines of ``rip`` (a Riparian) as expected: ``left``/``right`` are :func:`line_report`'s keywords."""
    bad = [f"{what} left line {b}" for b in line_report(frame, rip.left_extension, tol=tol, **left)]
    bad += [f"{what} right line {b}" for b in line_report(frame, rip.right_extension, tol=tol, **right)]
    assert not bad, "; ".join(bad)


def assert_zone(frame, rip, water: Polygon, what: str, *, area: float | None = None, slack: float = 0.0) -> None:
    """The lot's water (``review.layout.riparian.zone``, sq ft) against the hand polygon ``water`` (local feet).

    The MHW line is read snap-rounded to a 0.001-ft grid (dockreview.inputs.shoreline.MHW_GRID_FT, the documented
    noding precision), so each vertex may move that far: the tolerance is 0.001 ft times the water's perimeter.
    ``area`` (square local feet) replaces the polygon's own area; ``slack`` adds to the tolerance (a chord error).
    """
    k = scale_of(frame)
    want = (water.area if area is None else area) * k * k
    tol = (0.001 * water.length + slack) * k * k
    got = rip.zone.area * frame.ft_per_unit ** 2
    assert abs(got - want) <= tol, f"{what}: the lot's water is {got:,.3f} sq ft, expected {want:,.3f} +- {tol:.3f}"


def straight_lot(half: float = 100.0, depth: float = 150.0, neighbour: float = 200.0):
    """A square lot on v = 0 with corners (+-half, 0) and a neighbour each side: ``[(id, polygon), ...]``."""
    return [("2-105-33", Polygon([(-half, 0), (half, 0), (half, -depth), (-half, -depth)])),
            ("2-105-32", Polygon([(-half - neighbour, 0), (-half, 0), (-half, -depth), (-half - neighbour, -depth)])),
            ("2-105-34", Polygon([(half, 0), (half + neighbour, 0), (half + neighbour, -depth), (half, -depth)]))]
