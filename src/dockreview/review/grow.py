"""The applicant's dock at another walkway length: the same components, in the same layout.

A :class:`Growth` builds the proposed dock at any walkway length, keeping
everything else of it:

* a **parametric** dock (``[dock]`` root, bearing, length, width, float) keeps
  its root, bearing, width and float; only ``length`` changes. The float keeps
  its allowance beyond navigable depth, which the navigable-reach rule gives from
  the float's extent along the axis (Docks D(1), D(2)(a)[1]).
* a **footprint** dock (``[dock] file``) is lengthened along its axis. The
  walkway (the ramp when the footprint has no walkway) is stretched over a slab
  of its own length that lies between the components that stay (those whose
  centre is landward of the walkway's middle: a landing at the shore) and those
  that move (the rest: floats, lifts, a ramp or landing at the seaward end).
  The moving components are translated along the axis by the change of length,
  so they keep their shape and their place relative to the walkway's seaward
  end; piles move with the stretch at their centre (their spacing in the slab
  grows). The stretch is a piecewise-affine map along the axis, so every
  polygon keeps its vertices and stays valid.

Both give the dock the review would build from the manifest the suggestion
writes: a parametric dock through :func:`~dockreview.geometry.dock.parametric_dock`,
a footprint through :func:`~dockreview.geometry.dock.footprint_dock` on the
grown features.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import geopandas as gpd
import numpy as np
import shapely
from shapely import Polygon, affinity

from dockreview.errors import DockReviewError
from dockreview.geometry.dock import Dock, footprint_dock, parametric_dock
from dockreview.geometry.riparian import Riparian
from dockreview.inputs.manifest import DockSpec
from dockreview.inputs.site import Site

#: The narrowest slab (ft) a footprint's walkway is stretched over when its components leave no room between them.
MIN_SLAB_FT = 1.0


def azimuth_deg(axis: np.ndarray) -> float:
    """Degrees clockwise from grid north of a direction (x east, y north).

    Examples
    --------
    >>> azimuth_deg(np.array([1.0, 0.0])), azimuth_deg(np.array([0.0, -1.0]))
    (90.0, 180.0)
    """
    return float(np.degrees(np.arctan2(axis[0], axis[1])) % 360.0)


def _size(geom, ft: float) -> str:
    """``"20.0 x 10.0 ft"``: the long and short sides of a polygon's minimum rotated rectangle."""
    ring = np.asarray(shapely.oriented_envelope(geom).exterior.coords)
    sides = sorted((float(np.hypot(*(ring[1] - ring[0]))) * ft, float(np.hypot(*(ring[2] - ring[1]))) * ft), reverse=True)
    return f"{sides[0]:.1f} x {sides[1]:.1f} ft"


def _along(geom, dock: Dock) -> np.ndarray:
    """Distance along the dock's axis from its origin of each vertex of ``geom`` (working units)."""
    return (shapely.get_coordinates(geom) - dock.origin) @ dock.axis


def _name(kind: str) -> str:
    return kind.replace("_", " ")


@dataclass(frozen=True)
class Grown:
    """The dock at one walkway length.

    ``spec`` is the parametric dock's spec (None for a footprint); ``frame`` the
    footprint's features with their grown geometry, in the working CRS, with the
    footprint layer's own columns (None for a parametric dock).
    """

    dock: Dock
    length_ft: float
    spec: DockSpec | None = None
    frame: gpd.GeoDataFrame | None = None


class Growth:
    """A proposed dock that can be built at any walkway length (see the module's description).

    Attributes
    ----------
    length_ft : float
        The proposal's walkway length (ft).
    shortest_ft : float
        The shortest walkway length it can be built at (ft).
    root : (x, y)
        The walkway's landward end on the axis, working CRS.
    bearing_deg : float
        The axis, degrees clockwise from grid north.
    moved : bool
        True when the dock was placed at another root or bearing than the proposal's.
    part : str
        The component whose length changes: ``"walkway"`` (``"ramp"`` for a footprint without one).
    spec : DockSpec
        The dock's spec (a parametric dock's with its root and bearing as placed).
    """

    part: str = "walkway"
    spec: DockSpec
    length_ft: float
    shortest_ft: float
    root: tuple[float, float]
    bearing_deg: float
    moved: bool

    def at(self, length_ft: float) -> Grown:
        """The dock with a walkway ``length_ft`` long."""
        raise NotImplementedError

    def kept(self, grown: Grown) -> list[str]:
        """What of the proposal the grown dock keeps, in words."""
        raise NotImplementedError


class ParametricGrowth(Growth):
    """A parametric dock at other lengths: its root (or ``root``), bearing (or ``bearing``), width and float kept."""

    def __init__(
        self, site: Site, riparian: Riparian, *, root: tuple[float, float] | None = None, bearing: float | None = None
    ) -> None:
        base = site.manifest.dock
        self.site, self.riparian = site, riparian
        self.moved = root is not None or bearing is not None
        self.spec = dataclasses.replace(
            base,
            root=base.root if root is None else (float(root[0]), float(root[1])),
            bearing=base.bearing if bearing is None else float(bearing),
        )
        self.length_ft = float(base.length)
        self.shortest_ft = 0.0
        at_root = riparian.frontage_midpoint.coords[0] if self.spec.root is None else self.spec.root
        self.root = (float(at_root[0]), float(at_root[1]))
        self.bearing_deg = azimuth_deg(riparian.seaward) if self.spec.bearing is None else float(self.spec.bearing) % 360.0

    def at(self, length_ft: float) -> Grown:
        spec = dataclasses.replace(self.spec, length=float(length_ft))
        dock = parametric_dock(spec, self.riparian, ft_per_unit=self.site.ft_per_unit, crs=self.site.crs)
        return Grown(dock, float(length_ft), spec=spec)

    def kept(self, grown: Grown) -> list[str]:
        spec = self.spec
        out = []
        if spec.float is not None:
            f = spec.float
            side = f" ({f.side})" if f.layout == "L" and f.side else ""
            out.append(f"{f.layout} float {f.length:g} x {f.width:g} ft{side}")
        out.append(f"walkway width {spec.width:g} ft")
        if not self.moved:
            out.append("the proposal's root and bearing")
        return out


class FootprintGrowth(Growth):
    """A footprint dock at other lengths: its walkway stretched along its axis, the seaward components moved with its end.

    With ``root`` or ``bearing`` the whole footprint is first moved rigidly: its
    walkway's landward end to ``root``, its axis turned to ``bearing``.

    Raises
    ------
    DockReviewError
        When the footprint has neither a walkway nor a ramp to lengthen.
    """

    def __init__(
        self, site: Site, riparian: Riparian, *, root: tuple[float, float] | None = None, bearing: float | None = None
    ) -> None:
        spec = site.manifest.dock
        frame = site.dock_footprint
        self.site, self.riparian, self.spec = site, riparian, spec
        self.ft = site.ft_per_unit
        dock = footprint_dock(frame, spec, riparian)
        kinds = dock.components["component"].to_numpy()
        stretch = "walkway" if (kinds == "walkway").any() else "ramp" if (kinds == "ramp").any() else None
        if stretch is None:
            raise DockReviewError(
                f"dock layer {spec.footprint.describe() if spec.footprint else ''}: the footprint has no walkway or ramp "
                f"to lengthen; suggest grows a dock along its walkway"
            )
        self.moved = root is not None or bearing is not None
        if self.moved:
            frame = self._placed(frame, dock, kinds == stretch, root, bearing)
            dock = footprint_dock(frame, spec, riparian)
        self.frame, self.kinds, self.stretch, self.part = frame, kinds, stretch, stretch
        self.origin, self.axis = dock.origin, dock.axis
        geoms = frame.geometry.values
        along = [_along(g, dock) for g in geoms]
        is_stretch = kinds == stretch
        s0 = min(a.min() for a, k in zip(along, is_stretch) if k)
        s1 = max(a.max() for a, k in zip(along, is_stretch) if k)
        middle = (s0 + s1) / 2.0
        centres = np.array([float(_along(g.centroid, dock)[0]) for g in geoms])
        rigid = ~is_stretch & (kinds != "pile")
        self.moving = rigid & (centres > middle)
        staying = rigid & ~self.moving
        low = max([s0, *(along[i].max() for i in np.flatnonzero(staying))])
        high = min([s1, *(along[i].min() for i in np.flatnonzero(self.moving))])
        narrowest = MIN_SLAB_FT / self.ft
        if high - low > 2 * narrowest:
            quarter = (high - low) / 4.0
            self.slab = (low + quarter, high - quarter)
        else:
            self.slab = (middle - narrowest / 2, middle + narrowest / 2)
        width = (self.slab[1] - self.slab[0]) * self.ft
        self.length_ft = (s1 - s0) * self.ft
        self.shortest_ft = self.length_ft - 0.9 * width
        at_root = self.origin + self.axis * s0
        self.root = (float(at_root[0]), float(at_root[1]))
        self.bearing_deg = azimuth_deg(self.axis)
        self.centres = centres

    def _width_ft(self) -> float:
        """The stretched component's greatest width across the axis (ft)."""
        side = np.array([-self.axis[1], self.axis[0]])
        rows = self.frame.geometry.values[self.kinds == self.stretch]
        across = (shapely.get_coordinates(shapely.union_all(rows)) - self.origin) @ side
        return float(across.max() - across.min()) * self.ft

    def _placed(self, frame, dock, is_stretch, root, bearing) -> gpd.GeoDataFrame:
        """The footprint moved rigidly: its walkway's landward end to ``root``, its axis turned to ``bearing``."""
        s0 = min(_along(g, dock).min() for g, k in zip(frame.geometry.values, is_stretch) if k)
        start = dock.origin + dock.axis * s0
        target = start if root is None else np.asarray(root, dtype=float)
        turn = 0.0 if bearing is None else azimuth_deg(dock.axis) - float(bearing)
        c, s = np.cos(np.radians(turn)), np.sin(np.radians(turn))
        # rotate counter-clockwise by ``turn`` about ``start``, then carry ``start`` to ``target``
        xoff = target[0] - (c * start[0] - s * start[1])
        yoff = target[1] - (s * start[0] + c * start[1])
        moved = frame.copy()
        moved.geometry = [affinity.affine_transform(g, [c, -s, s, c, xoff, yoff]) for g in frame.geometry.values]
        return moved

    def _stretch(self, coords: np.ndarray, shift: float) -> np.ndarray:
        """A ring's vertices under the stretch: a vertex at each slab edge crossing, then each moved along the axis."""
        a, b = self.slab
        xy = np.asarray(coords, dtype=float)[:, :2]
        s = (xy - self.origin) @ self.axis
        out = [xy[0]]
        for i in range(len(xy) - 1):
            crossings = [(edge - s[i]) / (s[i + 1] - s[i]) for edge in (a, b) if (s[i] - edge) * (s[i + 1] - edge) < 0]
            out.extend(xy[i] + t * (xy[i + 1] - xy[i]) for t in sorted(crossings))
            out.append(xy[i + 1])
        pts = np.array(out)
        along = (pts - self.origin) @ self.axis
        share = np.clip((along - a) / (b - a), 0.0, 1.0)
        return pts + np.outer(share * shift, self.axis)

    def _stretched(self, geom, shift: float):
        polygons = [
            Polygon(self._stretch(p.exterior.coords, shift), [self._stretch(h.coords, shift) for h in p.interiors])
            for p in shapely.get_parts(geom)
        ]
        return polygons[0] if len(polygons) == 1 and isinstance(geom, Polygon) else shapely.multipolygons(polygons)

    def at(self, length_ft: float) -> Grown:
        shift = (float(length_ft) - self.length_ft) / self.ft
        a, b = self.slab
        geoms = []
        for geom, kind, moving, centre in zip(self.frame.geometry.values, self.kinds, self.moving, self.centres):
            if kind == self.stretch:
                geoms.append(self._stretched(geom, shift))
            elif kind == "pile":
                offset = shift * float(np.clip((centre - a) / (b - a), 0.0, 1.0))
                geoms.append(affinity.translate(geom, *(self.axis * offset)))
            else:
                geoms.append(affinity.translate(geom, *(self.axis * shift)) if moving else geom)
        frame = self.frame.copy()
        frame.geometry = geoms
        return Grown(footprint_dock(frame, self.spec, self.riparian), float(length_ft), frame=frame)

    def kept(self, grown: Grown) -> list[str]:
        shift = grown.length_ft - self.length_ft
        geoms = self.frame.geometry.values
        others = [
            f"{_name(k)} {_size(g, self.ft)}" for g, k, m in zip(geoms, self.kinds, self.moving) if m
        ]
        still = [
            f"{_name(k)} {_size(g, self.ft)}"
            for g, k, m in zip(geoms, self.kinds, self.moving)
            if not m and k != self.stretch and k != "pile"
        ]
        out = []
        if others:
            how = f"moved {abs(shift):.1f} ft {'seaward' if shift >= 0 else 'landward'} with the {self.stretch}'s end"
            out.append(", ".join(others) + ("" if abs(shift) < 0.05 else f" ({how})"))
        if still:
            out.append(", ".join(still) + " in place")
        piles = int((self.kinds == "pile").sum())
        if piles:
            out.append(f"{piles} pile{'s' if piles > 1 else ''} (moved with the {self.stretch}'s stretch)")
        out.append(f"{self.stretch} width {self._width_ft():.1f} ft")
        if not self.moved:
            out.append("the footprint's place and axis")
        return out


def growth(
    site: Site, riparian: Riparian, *, root: tuple[float, float] | None = None, bearing: float | None = None
) -> Growth:
    """The proposal of ``site`` as a :class:`Growth` (parametric or footprint), optionally placed at ``root`` on ``bearing``."""
    if site.manifest.dock.is_parametric:
        return ParametricGrowth(site, riparian, root=root, bearing=bearing)
    return FootprintGrowth(site, riparian, root=root, bearing=bearing)


__all__ = ["FootprintGrowth", "Grown", "Growth", "ParametricGrowth", "azimuth_deg", "growth"]
