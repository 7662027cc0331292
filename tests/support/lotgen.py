"""Lots shaped like real ones, as hypothesis strategies, and a writer of their sites.

Used by tests/test_consistency.py (issue 10, section C). Everything is drawn in a
*local* frame in feet, as in tests/sitegen.py: ``u`` along the shore, ``v``
seaward (``v > 0`` is the water of the near shore).

Shores
    :class:`StraightShore` (the MHW line ``v = v0``; ``water=-1`` is a creek's
    far bank, its water at ``v < v0``) and :class:`CoveShore` (an arc of radius
    R around the water, continued by its tangents). A shore is walked by its
    arc length ``s``; ``point(s)`` lies on the MHW line, ``landward(s)`` is the
    unit normal toward the land.

Lots
    Lots stand side by side along a shore between *side lines*
    (:class:`SideSpec`): each starts on the MHW line, runs landward along its
    last course (``course`` ft, leaning ``lean`` degrees from the shore
    normal), then bends by ``bend`` degrees (or jogs: bends back after ``jog``
    ft) and runs ``rest`` ft more, to the lot's back corner, where the back line
    leaves it square (a corner over the README's 50 degrees: the side line ends
    there). A lot's water edge is the MHW line moved ``offset`` ft seaward
    (negative: the parcel stops short of the MHW line).

A :class:`Scene` holds the parcels (one of them the subject, optionally with a
detached inland part), the MHW pieces (a gap cut out along the subject, a
creek's far bank as its own feature), channels, existing docks (features tagged
``component``, grouped by ``dock_id``) and soundings. :func:`write_scene` places
it at Kings Point in EPSG:2263 (rotated), stores every layer in EPSG:2263 or a
metre CRS, as GeoPackage or GeoJSON, and writes a ``site.toml`` whose working
CRS is EPSG:2263.

Nothing here imports dockreview: the expected side lines of the subject (side
line plus the straight extension of its last course, README "Interpretations")
come from the construction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import geopandas as gpd
import numpy as np
import shapely
from hypothesis import assume
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import LineString, MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from support.sitegen import FORMATS, ID_FIELD, KINGS_POINT, dumps_toml, rect, with_exact_layers

#: The working CRS of every site written here (US survey feet).
WORKING_CRS = "EPSG:2263"
#: Storage CRSs: the working CRS itself, NY Long Island state plane in metres, UTM 18N.
STORAGE_CRSS = ("EPSG:2263", "EPSG:32118", "EPSG:32618")
STORAGE_FORMATS = ("gpkg", "geojson")
SUBJECT_ID = "SUBJ"
#: Fields of the docks layer.
DOCK_ID_FIELD = "dock_id"
COMPONENT_FIELD = "component"
DEPTH_FIELD = "DEPTH_MLW"
#: The back line leaves each side line's landward end square to it for this many ft.
BACK_STUB_FT = 10.0
#: How far the MHW lines run past the outermost lots (ft).
SHORE_MARGIN_FT = 700.0


def rotate(v: np.ndarray, deg: float) -> np.ndarray:
    """``v`` turned counter-clockwise by ``deg`` degrees."""
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([c * v[0] - s * v[1], s * v[0] + c * v[1]])


# --------------------------------------------------------------------------
# shores
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class StraightShore:
    """The MHW line ``v = v0``; water at ``v > v0`` (``water=1``) or ``v < v0`` (``water=-1``)."""

    v0: float = 0.0
    water: int = 1

    def point(self, s: float) -> np.ndarray:
        return np.array([float(s), self.v0])

    def landward(self, s: float) -> np.ndarray:
        return np.array([0.0, -float(self.water)])

    def samples(self, s0: float, s1: float) -> np.ndarray:
        return np.array([s0, s1], dtype=float)


@dataclass(frozen=True)
class CoveShore:
    """A cove: an arc of ``radius`` around the water (centre ``(0, R)``), through ``(0, 0)``,
    spanning ``half_angle`` degrees either side, continued along its tangents.
    Vertices every ``step_ft`` of arc, at the same arc lengths on every line drawn along it."""

    radius: float
    half_angle: float
    step_ft: float = 4.0
    water: int = 1

    @property
    def arc_half_length(self) -> float:
        return self.radius * math.radians(self.half_angle)

    def _theta(self, s: float) -> float:
        t = math.radians(self.half_angle)
        return max(-t, min(t, s / self.radius))

    def point(self, s: float) -> np.ndarray:
        r, th = self.radius, self._theta(s)
        p = np.array([r * math.sin(th), r - r * math.cos(th)])
        beyond = s - th * r
        return p + beyond * np.array([math.cos(th), math.sin(th)])

    def landward(self, s: float) -> np.ndarray:
        th = self._theta(s)
        return np.array([math.sin(th), -math.cos(th)])

    def samples(self, s0: float, s1: float) -> np.ndarray:
        a = self.arc_half_length
        k0, k1 = math.ceil(max(s0, -a) / self.step_ft), math.floor(min(s1, a) / self.step_ft)
        grid = [k * self.step_ft for k in range(k0, k1 + 1)]
        extra = [x for x in (-a, a) if s0 < x < s1]
        return np.unique(np.array([s0, s1, *grid, *extra], dtype=float))


Shore = StraightShore | CoveShore


def trace(shore: Shore, s0: float, s1: float, offset: float = 0.0) -> np.ndarray:
    """Vertices of the shore from ``s0`` to ``s1``, moved ``offset`` ft seaward."""
    return np.array([shore.point(s) - offset * shore.landward(s) for s in shore.samples(s0, s1)])


# --------------------------------------------------------------------------
# side lines and lots
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class SideSpec:
    """A side line, from the MHW line landward.

    lean : degrees the last course turns (counter-clockwise) from the shore's landward normal
    course : length (ft) of the last course, from the MHW line to the first bend
    bend : degrees (signed, counter-clockwise) of the bend; 0 for a straight side line
    jog : > 0: the side line bends back by ``-bend`` after ``jog`` ft (a jog), parallel to its last course
    rest : ft of side line after the bend (or jog)
    """

    lean: float = 0.0
    course: float = 40.0
    bend: float = 0.0
    jog: float = 0.0
    rest: float = 100.0


@dataclass(frozen=True)
class Side:
    """A side line drawn: ``start`` on the MHW line, ``direction`` of its last course (landward),
    ``vertices`` from the first bend to its landward end."""

    start: np.ndarray
    direction: np.ndarray
    vertices: np.ndarray

    def water_end(self, offset: float, cos_lean: float) -> np.ndarray:
        """Where a parcel whose water edge lies ``offset`` ft seaward of the MHW line meets this side line."""
        return self.start - (offset / cos_lean) * self.direction


def draw_side(shore: Shore, s: float, spec: SideSpec) -> Side:
    p = shore.point(s)
    d0 = rotate(shore.landward(s), spec.lean)
    pts = []
    if spec.bend == 0.0:
        pts.append(p + (spec.course + spec.jog + spec.rest) * d0)
    else:
        b1 = p + spec.course * d0
        d1 = rotate(d0, spec.bend)
        pts.append(b1)
        if spec.jog > 0:
            b2 = b1 + spec.jog * d1
            pts.append(b2)
            pts.append(b2 + spec.rest * d0)
        else:
            pts.append(b1 + spec.rest * d1)
    return Side(p, d0, np.array(pts))


@dataclass
class Lot:
    pid: str
    polygon: BaseGeometry           # local frame; a MultiPolygon when it has a detached part
    shore: int                      # index into Scene.shores
    cuts: tuple[float, float]       # its side lines' positions along the shore (left, right for water at +v)
    offset: float
    sides: tuple[Side, Side]
    leans: tuple[float, float]

    @property
    def waterfront_polygon(self) -> Polygon:
        parts = list(shapely.get_parts(self.polygon))
        return parts[0]


def lots_along(shore: Shore, shore_index: int, cuts: Sequence[float], sides: Sequence[SideSpec],
               offsets: Sequence[float], ids: Sequence[str]) -> list[Lot]:
    """Lots between consecutive side lines at ``cuts`` (arc lengths, increasing)."""
    assert len(sides) == len(cuts) == len(offsets) + 1 == len(ids) + 1
    drawn = [draw_side(shore, s, spec) for s, spec in zip(cuts, sides)]
    lots = []
    for i, (pid, off) in enumerate(zip(ids, offsets)):
        a, b = drawn[i], drawn[i + 1]
        ca, cb = (math.cos(math.radians(sides[k].lean)) for k in (i, i + 1))
        qa, qb = a.water_end(off, ca), b.water_end(off, cb)
        # the water edge: the shore moved `offset` seaward, between the two water ends
        margin = abs(off) * max(math.tan(math.radians(abs(sides[i].lean))), math.tan(math.radians(abs(sides[i + 1].lean)))) + 1.0
        edge = list(trace(shore, cuts[i] + margin, cuts[i + 1] - margin, off)) if isinstance(shore, CoveShore) else []
        # the back line leaves each side line square to its last segment (a corner of 90 degrees, over the
        # README's 50: the side line ends there), by BACK_STUB_FT, then runs straight across
        stubs = []
        for this, other in ((a, b), (b, a)):
            last = this.vertices[-1] - (this.vertices[-2] if len(this.vertices) > 1 else this.start)
            square = rotate(last / np.hypot(*last), 90.0)
            if square @ (other.vertices[-1] - this.vertices[-1]) < 0:
                square = -square
            stubs.append(this.vertices[-1] + BACK_STUB_FT * square)
        ring = [qa, *a.vertices, stubs[0], stubs[1], *b.vertices[::-1], qb, *edge[::-1]]
        poly = Polygon([tuple(map(float, p)) for p in ring])
        lots.append(Lot(pid, poly, shore_index, (cuts[i], cuts[i + 1]), off, (a, b), (sides[i].lean, sides[i + 1].lean)))
    return lots


# --------------------------------------------------------------------------
# the scene
# --------------------------------------------------------------------------
@dataclass
class DockFeature:
    dock_id: str
    component: str
    polygon: Polygon                # local frame


@dataclass
class Scene:
    """A generated neighbourhood: parcels, MHW pieces, channels, docks, soundings (local frame)."""

    kind: str                                   # "straight" | "cove" | "creek"
    shores: list                                # [near shore] or [near, far]
    lots: list[Lot]
    mhw: list[LineString]
    subject: str = SUBJECT_ID
    channels: list[Polygon] = field(default_factory=list)
    docks: list[DockFeature] = field(default_factory=list)
    soundings: list[tuple[float, float, float]] = field(default_factory=list)
    gap: tuple[float, float] | None = None      # (start s, length) of the gap cut along the subject
    creek_width: float | None = None
    inland: list[tuple[str, Polygon]] = field(default_factory=list)   # parcels off the water
    bottom: tuple[float, float] | None = None   # soundings on a plane: depth = a + v / slope (ft below MLW)
    draft: float | None = None                  # the vessel draft (ft) that goes with the soundings

    def side_line(self, pid: str, which: int, clear: float = 5.0) -> LineString:
        """Side line ``which`` of lot ``pid`` with its extension along its last course, stopped
        where it first reaches land across the water: the first MHW line it crosses beyond
        ``clear`` ft past its own water corner (README "Where the lot's water ends")."""
        lot = self.lot(pid)
        side = lot.sides[which]
        cos_lean = math.cos(math.radians(lot.leans[which]))
        q = side.water_end(lot.offset, cos_lean)
        ray = LineString([q, q - 3000.0 * side.direction])
        past = abs(lot.offset) / cos_lean + clear
        hits = [ray.project(shapely.Point(xy))
                for xy in shapely.get_coordinates(ray.intersection(shapely.union_all(self.mhw)))]
        stops = [h for h in hits if h > past]
        end = q - (min(stops) if stops else 3000.0) * side.direction
        return LineString([end, q, *side.vertices])

    def depth_at(self, u: float, v: float) -> float | None:
        """The generated bottom (ft below MLW) at a local point; None where there are no soundings."""
        if self.bottom is None:
            return None
        a, slope = self.bottom
        return a + v / slope

    def lot(self, pid: str) -> Lot:
        return next(l for l in self.lots if l.pid == pid)

    @property
    def subject_lot(self) -> Lot:
        return self.lot(self.subject)

    def describe(self) -> str:
        s = self.subject_lot
        bits = [f"{self.kind}", f"subject {s.cuts[1] - s.cuts[0]:.1f} ft between cuts, offset {s.offset:+.2f} ft"]
        if self.gap:
            bits.append(f"gap {self.gap[1]:.1f} ft at s={self.gap[0]:.1f}")
        if self.creek_width:
            bits.append(f"creek {self.creek_width:.0f} ft")
        if self.bottom:
            bits.append(f"soundings: depth {self.bottom[0]:+.2f} ft at the MHW line, 1 ft deeper every "
                        f"{self.bottom[1]:.0f} ft seaward; draft {self.draft:.2f} ft")
        if isinstance(s.polygon, MultiPolygon):
            bits.append("multipart")
        return "; ".join(bits)


def _cut_gap(shore: Shore, s_lo: float, s_hi: float, gap: tuple[float, float] | None) -> list[LineString]:
    """The shore's MHW line from ``s_lo`` to ``s_hi``, without the stretch ``gap = (start, length)``."""
    if gap is None:
        return [LineString(trace(shore, s_lo, s_hi))]
    g0, g = gap
    return [LineString(trace(shore, s_lo, g0)), LineString(trace(shore, g0 + g, s_hi))]


def _land(shore: Shore, s_lo: float, s_hi: float, depth: float = 3000.0) -> Polygon:
    pts = trace(shore, s_lo, s_hi)
    back = [pts[-1] + depth * shore.landward(s_hi), pts[0] + depth * shore.landward(s_lo)]
    return Polygon([*map(tuple, pts), *map(tuple, back)])


def walkway(shore: Shore, s: float, length: float, width: float = 6.0, turn: float = 0.0,
            landward_ft: float = 3.0) -> tuple[Polygon, np.ndarray, np.ndarray]:
    """A walkway rooted on the shore at ``s``, ``length`` ft seaward of the MHW line (plus
    ``landward_ft`` onto the land), turned ``turn`` degrees from the shore normal.
    Returns the polygon, the seaward end's centre and the axis (local)."""
    p = shore.point(s)
    axis = rotate(-shore.landward(s), turn)
    across = rotate(axis, 90.0)
    a, b = p - landward_ft * axis, p + length * axis
    poly = Polygon([tuple(a + width / 2 * across), tuple(b + width / 2 * across),
                    tuple(b - width / 2 * across), tuple(a - width / 2 * across)])
    return poly, b, axis


def t_dock_features(dock_id: str, shore: Shore, s: float, length: float, width: float, turn: float,
                    float_length: float, float_width: float) -> list[DockFeature]:
    """An existing T dock: walkway, and a float across its seaward end, centred."""
    walk, end, axis = walkway(shore, s, length, width, turn)
    across = rotate(axis, 90.0)
    f0, f1 = end, end + float_width * axis
    h = float_length / 2
    flo = Polygon([tuple(f0 + h * across), tuple(f1 + h * across), tuple(f1 - h * across), tuple(f0 - h * across)])
    return [DockFeature(dock_id, "walkway", walk), DockFeature(dock_id, "float", flo)]


def _valid_layout(polys: Sequence[BaseGeometry]) -> bool:
    if not all(p.is_valid and p.area > 0 for p in polys):
        return False
    for i in range(len(polys)):
        for j in range(i + 1, len(polys)):
            if polys[i].intersection(polys[j]).area > 1e-6:
                return False
    return True


# --------------------------------------------------------------------------
# strategies
# --------------------------------------------------------------------------
def bends() -> st.SearchStrategy[float]:
    """0 (straight) or a bend of 15 to 45 degrees either way (bent three times in four)."""
    return st.tuples(st.sampled_from([1, 1, 1, 0]), st.sampled_from([1, -1]), st.floats(15.0, 45.0)).map(
        lambda t: t[0] * t[1] * t[2])


def side_specs(*, lean: float = 10.0, bent: bool = True) -> st.SearchStrategy[SideSpec]:
    """A side line: last course 20-60 ft, then maybe a bend or jog of 15-45 degrees."""
    return st.builds(
        SideSpec,
        lean=st.floats(-lean, lean),
        course=st.floats(20.0, 60.0),
        bend=bends() if bent else st.just(0.0),
        jog=st.one_of(st.just(0.0), st.floats(10.0, 30.0)),
        rest=st.floats(60.0, 110.0),
    )


offsets = st.floats(-4.0, 4.0)


def add_soundings(scene: Scene, a: float, slope: float, draft: float, step: float = 50.0) -> None:
    """Soundings on a plane bottom, ``a + v / slope`` ft below MLW, over the near shore's water
    (to mid-creek on a creek, so the far bank's lots have none): a grid every ``step`` ft and
    points every 20 ft along the MHW line. On a plane, linear interpolation on any triangulation
    is exact, so the navigable-depth point is known: where ``a + v / slope`` reaches the draft
    plus the profile's clearance."""
    near = scene.shores[0]
    cuts = [c for l in scene.lots if l.shore == 0 for c in l.cuts]
    s_lo, s_hi = min(cuts) - 150.0, max(cuts) + 150.0
    v_hi = scene.creek_width / 2 if scene.creek_width else 420.0
    land = _land(near, s_lo - 1000.0, s_hi + 1000.0)
    pts = [tuple(near.point(s)) for s in [*np.arange(s_lo, s_hi, 20.0), s_hi]]
    pts += [(u, v) for u in np.arange(s_lo, s_hi + step, step) for v in np.arange(step, v_hi + 1e-9, step)
            if not land.covers(shapely.Point(u, v))]
    pts = [(u, v) for u, v in pts if v <= v_hi + 1e-9]
    scene.bottom, scene.draft = (a, slope), draft
    scene.soundings = [(float(u), float(v), a + v / slope) for u, v in dict.fromkeys(pts)]


@st.composite
def scenes(draw, *, kinds: Sequence[str] = ("straight", "cove", "creek"), gaps: bool = True,
           multipart: bool = True, extras: bool = True, far_lots: int = 2, soundings: bool = False,
           soundings_on: Sequence[str] = ("straight", "cove", "creek"),
           subject_width: tuple[float, float] = (160.0, 320.0)) -> Scene:
    """A subject lot (160-320 ft) with a neighbour either side on a straight shore, in a cove
    (radius 350-900 ft), or on a creek (whose far bank, 150-400 ft away, is its own MHW feature
    with ``far_lots`` lots on it). The subject's side lines bend or jog (15-45 degrees) 20-60 ft
    from the water three times in four, each lot's water edge lies up to 4 ft either side of the
    MHW line. Maybe (each a coin toss): a gap of 20-80 ft in the MHW line along the subject
    (``gaps``), a detached inland part of the subject (``multipart``), a channel and a
    neighbour's dock (``extras``), soundings on a plane bottom with a vessel draft (``soundings``, on
    the shores ``soundings_on``)."""
    kind = draw(st.sampled_from(list(kinds)))
    w = draw(st.floats(*subject_width))
    wl, wr = draw(st.floats(160.0, 240.0)), draw(st.floats(160.0, 240.0))
    cuts = [-w / 2 - wl, -w / 2, w / 2, w / 2 + wr]
    if kind == "cove":
        radius = draw(st.floats(350.0, 900.0))
        half = math.degrees((w / 2 + max(wl, wr) + 60.0) / radius)
        assume(half <= 80.0)
        shore: Shore = CoveShore(radius, half)
    else:
        shore = StraightShore()
    sides = [draw(side_specs(bent=False, lean=8.0)), draw(side_specs()), draw(side_specs()), draw(side_specs(bent=False, lean=8.0))]
    offs = [draw(offsets), draw(offsets), draw(offsets)]
    ids = ["NB-L", SUBJECT_ID, "NB-R"]
    lots = lots_along(shore, 0, cuts, sides, offs, ids)
    scene = Scene(kind, [shore], lots, [])
    s_lo, s_hi = cuts[0] - SHORE_MARGIN_FT, cuts[-1] + SHORE_MARGIN_FT

    if kind == "creek":
        width = draw(st.floats(150.0, 400.0))
        far = StraightShore(v0=width, water=-1)
        scene.shores.append(far)
        scene.creek_width = width
        fw = [draw(st.floats(160.0, 260.0)) for _ in range(far_lots)]
        start = draw(st.floats(-w, 0.0))
        fcuts = [start]
        for x in fw:
            fcuts.append(fcuts[-1] + x)
        fsides = [draw(side_specs(lean=8.0)) for _ in fcuts]
        foffs = [draw(offsets) for _ in fw]
        lots += lots_along(far, 1, fcuts, fsides, foffs, [f"FAR-{i + 1}" for i in range(len(fw))])
        scene.mhw.append(LineString(trace(far, s_lo, s_hi)))

    gap = None
    if gaps and draw(st.booleans()):
        # as often over the 50 ft a review bridges with a straight line as under it
        g = draw(st.sampled_from([(20.0, 50.0), (50.5, 80.0)]).flatmap(lambda r: st.floats(*r)))
        at = draw(st.floats(0.0, 1.0))
        g0 = cuts[1] + 15.0 + at * (w - 30.0 - g)
        gap = (g0, g)
    scene.gap = gap
    scene.mhw[:0] = _cut_gap(shore, s_lo, s_hi, gap)

    polys = [l.polygon for l in lots]
    assume(_valid_layout(polys))
    for lot in lots:
        # every side line's water end lies on its lot's water edge, and each lot reaches the water
        assume(lot.polygon.area > 5000.0)

    if multipart and draw(st.booleans()):
        lowest = min(shapely.get_coordinates(shapely.union_all([l.polygon for l in lots if l.shore == 0]))[:, 1])
        gapv = draw(st.floats(15.0, 40.0))
        part = rect(-25.0, lowest - gapv - 60.0, 25.0, lowest - gapv)
        subj = scene.subject_lot
        subj.polygon = MultiPolygon([subj.polygon, part])

    if extras:
        land = shapely.union_all([_land(sh, s_lo, s_hi) for sh in scene.shores])
        if draw(st.booleans()):
            if kind == "creek":
                cw = scene.creek_width
                ch = rect(s_lo, cw / 2 - 15.0, s_hi, cw / 2 + 15.0)
            else:
                c0 = draw(st.floats(140.0, 330.0))
                ch = rect(-700.0, c0, 700.0, c0 + 200.0)
            ch = ch.difference(land.buffer(30.0))
            if not ch.is_empty and ch.area > 100.0:
                scene.channels.append(max(shapely.get_parts(ch), key=lambda g: g.area) if ch.geom_type != "Polygon" else ch)
        if draw(st.booleans()):
            s_nb = (cuts[2] + cuts[3]) / 2 + draw(st.floats(-30.0, 30.0))
            length = draw(st.floats(50.0, 120.0))
            if scene.creek_width:
                length = min(length, scene.creek_width - 40.0)
            poly, _, _ = walkway(shore, s_nb, length, 6.0, draw(st.floats(-10.0, 10.0)))
            scene.docks.append(DockFeature("D-NB-R", "walkway", poly))
    if soundings and kind in soundings_on and draw(st.booleans()):
        add_soundings(scene, draw(st.floats(-1.0, 2.0)), draw(st.sampled_from([10.0, 20.0, 40.0])),
                      draw(st.floats(2.0, 5.0)))
    return scene


# --------------------------------------------------------------------------
# placing and writing
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class Placement:
    """Where and how a scene is written: rotation (degrees, counter-clockwise), shift (ft) from
    Kings Point, the storage CRS and file format. The working CRS is always EPSG:2263."""

    rotation: float = 0.0
    shift: tuple[float, float] = (0.0, 0.0)
    storage_crs: str = "EPSG:2263"
    fmt: str = "gpkg"

    @property
    def origin(self) -> tuple[float, float]:
        return (KINGS_POINT[0] + self.shift[0], KINGS_POINT[1] + self.shift[1])

    def _cs(self):
        r = math.radians(self.rotation)
        return math.cos(r), math.sin(r)

    def geom(self, g: BaseGeometry) -> BaseGeometry:
        """Local (ft) -> EPSG:2263 (one local ft is one US survey ft)."""
        c, s = self._cs()
        return affinity.affine_transform(g, [c, -s, s, c, *self.origin])

    def pt(self, u: float, v: float) -> tuple[float, float]:
        c, s = self._cs()
        return (self.origin[0] + u * c - v * s, self.origin[1] + u * s + v * c)

    def vec(self, du: float, dv: float) -> np.ndarray:
        c, s = self._cs()
        return np.array([du * c - dv * s, du * s + dv * c])

    def local(self, x: float, y: float) -> tuple[float, float]:
        c, s = self._cs()
        dx, dy = x - self.origin[0], y - self.origin[1]
        return (dx * c + dy * s, -dx * s + dy * c)

    def azimuth(self, du: float, dv: float) -> float:
        """Grid azimuth (degrees clockwise from grid north) of the local direction (du, dv)."""
        wx, wy = self.vec(du, dv)
        return math.degrees(math.atan2(wx, wy)) % 360.0


placements = st.builds(
    Placement,
    rotation=st.floats(0.0, 360.0, exclude_max=True),
    shift=st.tuples(st.floats(-2000.0, 2000.0), st.floats(-2000.0, 2000.0)),
    storage_crs=st.sampled_from(STORAGE_CRSS),
    fmt=st.sampled_from(STORAGE_FORMATS),
)


def azimuth_of(vector: Sequence[float]) -> float:
    """Grid azimuth (degrees clockwise from north) of a working-CRS direction."""
    return math.degrees(math.atan2(vector[0], vector[1])) % 360.0


@dataclass
class WrittenSite:
    dir: Path
    manifest: Path
    doc: dict
    scene: Scene
    placement: Placement
    refs: dict

    def rewrite(self, **tables: dict | None) -> Path:
        """Replace manifest tables (``None`` drops one) and rewrite site.toml."""
        for t, body in tables.items():
            if body is None:
                self.doc.pop(t, None)
            else:
                self.doc[t] = dict(body)
        self.manifest.write_text(dumps_toml(with_exact_layers(self.doc)))
        return self.manifest

    def layer(self, name: str) -> str:
        """``path`` or ``path:layer`` of a written layer (absolute), as the screen takes it."""
        ref = self.refs[name]
        if ":" in ref:
            f, lyr = ref.split(":", 1)
            return f"{self.dir / f}:{lyr}"
        return str(self.dir / ref)


def _frame(data: dict, geoms: list, placement: Placement) -> gpd.GeoDataFrame:
    frame = gpd.GeoDataFrame(data, geometry=[placement.geom(g) for g in geoms], crs=WORKING_CRS)
    if placement.storage_crs != WORKING_CRS:
        frame = frame.to_crs(placement.storage_crs)
    return frame


def write_scene(directory: Path | str, scene: Scene, placement: Placement, *, subject: str | None = None,
                dock: dict | None = None, footprint: Sequence[DockFeature] | None = None,
                with_channels: bool = True, with_docks: bool = True, extra: dict | None = None) -> WrittenSite:
    """Write the scene's layers (and a ``dock`` layer for a footprint) and a site.toml.

    dock
        A parametric ``[dock]`` table as written (``root`` "auto" or [x, y] in EPSG:2263,
        ``bearing`` "perpendicular" or an azimuth).
    footprint
        Dock features written as the applicant's footprint layer ``dock``
        (``[dock] file``, ``component_field = "component"``).
    extra
        More manifest tables (``review``, ``vessel``, ``soundings``), merged in.
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    layers: dict[str, gpd.GeoDataFrame] = {}
    parcels = [(l.pid, l.polygon) for l in scene.lots] + list(scene.inland)
    layers["parcels"] = _frame({ID_FIELD: [p for p, _ in parcels], "PROP_CLASS": ["210"] * len(parcels)},
                               [g for _, g in parcels], placement)
    layers["mhw"] = _frame({"NAME": [f"MHW {i}" for i in range(len(scene.mhw))]}, list(scene.mhw), placement)
    if scene.channels:
        layers["channels"] = _frame({"NAME": [f"channel {i}" for i in range(len(scene.channels))]},
                                    list(scene.channels), placement)
    if scene.docks:
        layers["docks"] = _frame({DOCK_ID_FIELD: [d.dock_id for d in scene.docks],
                                  COMPONENT_FIELD: [d.component for d in scene.docks]},
                                 [d.polygon for d in scene.docks], placement)
    if scene.soundings:
        layers["soundings"] = _frame({DEPTH_FIELD: [d for _, _, d in scene.soundings]},
                                     [shapely.Point(u, v) for u, v, _ in scene.soundings], placement)
    if footprint is not None:
        layers["dock"] = _frame({COMPONENT_FIELD: [d.component for d in footprint]},
                                [d.polygon for d in footprint], placement)

    driver, ext = FORMATS[placement.fmt]
    refs: dict[str, str] = {}
    for name, frame in layers.items():
        if placement.fmt == "gpkg":
            frame.to_file(directory / "site.gpkg", layer=name, driver=driver, engine="pyogrio")
            refs[name] = f"site.gpkg:{name}"
        else:
            path = directory / f"{name}{ext}"
            frame.to_file(path, driver=driver, engine="pyogrio")
            refs[name] = path.name

    doc: dict[str, dict[str, Any]] = {"site": {"name": f"Generated {scene.kind} lot", "crs": WORKING_CRS}}
    doc["layers"] = {"parcels": refs["parcels"], "mhw": refs["mhw"]}
    if with_channels and "channels" in refs:
        doc["layers"]["channels"] = refs["channels"]
    if with_docks and "docks" in refs:
        doc["layers"]["docks"] = refs["docks"]
        doc["layers"]["docks_id_field"] = DOCK_ID_FIELD
    doc["parcel"] = {"id_field": ID_FIELD, "id": subject or scene.subject}
    if footprint is not None:
        doc["dock"] = {"file": refs["dock"], "component_field": COMPONENT_FIELD}
    elif dock is not None:
        doc["dock"] = dict(dock)
    else:
        doc["dock"] = {"root": "auto", "bearing": "perpendicular", "length": 40.0, "width": 6.0}
    if "soundings" in refs:
        doc["layers"]["soundings"] = refs["soundings"]
        doc["soundings"] = {"depth_field": DEPTH_FIELD}
        doc["vessel"] = {"draft_ft": float(scene.draft)}
    for table, body in (extra or {}).items():
        doc.setdefault(table, {}).update(body)
    manifest = directory / "site.toml"
    manifest.write_text(dumps_toml(with_exact_layers(doc)))
    return WrittenSite(directory, manifest, doc, scene, placement, refs)
