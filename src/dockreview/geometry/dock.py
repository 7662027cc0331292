"""The proposed dock: its components and its axis.

A dock arrives either as the applicant's footprint (one polygon per component,
tagged walkway, ramp, float, landing, boat_lift, pwc_lift or pile) or as a
parametric dock projected seaward from a root point on a bearing. Either way it
becomes a :class:`Dock`: a GeoDataFrame of components plus the axis its length
is measured along (Docks D(1)).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import geopandas as gpd
import numpy as np
import shapely
from shapely import Polygon

from dockreview.errors import DockError
from dockreview.geometry.riparian import Riparian, left_of, unit
from dockreview.inputs.manifest import COMPONENTS, DockSpec, FloatSpec

#: Components that make up the fixed dock whose width Docks D(2)(b) limits.
FIXED_DOCK = ("walkway", "ramp")


@dataclass(frozen=True)
class Dock:
    """A dock's components and axis, working CRS.

    Attributes
    ----------
    components : GeoDataFrame
        One row per component, column ``component``.
    origin : ndarray
        A point on the axis.
    axis : ndarray
        Unit vector of the axis, pointing seaward.
    source : str
        ``"parametric"`` or the footprint file.
    """

    components: gpd.GeoDataFrame
    origin: np.ndarray
    axis: np.ndarray
    source: str

    def of(self, *kinds: str) -> shapely.Geometry:
        """The union of the components of the given kinds (empty if none)."""
        rows = self.components[self.components["component"].isin(kinds)]
        return shapely.union_all(rows.geometry.values) if len(rows) else Polygon()

    @cached_property
    def footprint(self) -> shapely.Geometry:
        """The union of every component (computed once; a Dock does not change)."""
        return shapely.union_all(self.components.geometry.values)

    @property
    def floats(self) -> list[Polygon]:
        """Each float component, as its own polygon."""
        return list(self.components.geometry[self.components["component"] == "float"])


def rectangle(origin: np.ndarray, axis: np.ndarray, along: tuple[float, float], across: tuple[float, float]) -> Polygon:
    """A rectangle in dock coordinates: ``along`` the axis and ``across`` it (left positive)."""
    side = left_of(axis)
    (a0, a1), (c0, c1) = along, across
    corners = [origin + axis * a + side * c for a, c in ((a0, c0), (a1, c0), (a1, c1), (a0, c1))]
    return Polygon(corners)


def _floatrectangle(spec: FloatSpec, origin, axis, length: float, width: float) -> Polygon:
    """The float abutting the walkway's seaward end, per its layout.

    I continues the walkway along the axis; T lies across the end, centred; L
    lies across the end, flush with the walkway's edge on ``side`` (looking
    seaward), so that it extends toward the other side.
    """
    if spec.layout == "I":
        return rectangle(origin, axis, (length, length + spec.length), (-spec.width / 2, spec.width / 2))
    along = (length, length + spec.width)
    if spec.layout == "T":
        return rectangle(origin, axis, along, (-spec.length / 2, spec.length / 2))
    if spec.side == "left":
        return rectangle(origin, axis, along, (width / 2 - spec.length, width / 2))
    return rectangle(origin, axis, along, (-width / 2, -width / 2 + spec.length))


def parametric_dock(spec: DockSpec, riparian: Riparian, *, ft_per_unit: float, crs=None) -> Dock:
    """Project a parametric dock seaward from its root.

    Parameters
    ----------
    spec : DockSpec
        ``root`` (None = the frontage midpoint on the MHW line), ``bearing``
        (None = perpendicular to the frontage chord, seaward; else degrees
        clockwise from grid north), ``length`` and ``width`` in feet.
    riparian : Riparian
        The lot's geometry (for the automatic root and bearing).
    ft_per_unit : float
        Feet per working-CRS unit.
    crs : pyproj.CRS, optional
        The working CRS, recorded on the components.
    """
    origin = (
        np.asarray(riparian.frontage_midpoint.coords[0]) if spec.root is None else np.asarray(spec.root, dtype=float)
    )
    if spec.bearing is None:
        axis = riparian.seaward
    else:
        theta = np.radians(spec.bearing)
        axis = np.array([np.sin(theta), np.cos(theta)])
    scale = 1.0 / ft_per_unit
    length, width = spec.length * scale, spec.width * scale
    parts = [("walkway", rectangle(origin, axis, (0.0, length), (-width / 2, width / 2)))]
    if spec.float is not None:
        f = FloatSpec(spec.float.length * scale, spec.float.width * scale, spec.float.layout, spec.float.side)
        parts.append(("float", _floatrectangle(f, origin, axis, length, width)))
    frame = gpd.GeoDataFrame({"component": [p[0] for p in parts]}, geometry=[p[1] for p in parts], crs=crs)
    return Dock(frame, origin, unit(axis), "parametric")


def footprint_dock(frame: gpd.GeoDataFrame, spec: DockSpec, riparian: Riparian) -> Dock:
    """Build a :class:`Dock` from the applicant's footprint layer.

    The axis is the long axis of the walkway (with any ramp) by its minimum
    rotated rectangle, pointing seaward; without a walkway, of the whole dock.

    Raises
    ------
    DockError
        When the component field is missing or holds an unknown component.
    """
    label = f"dock layer {spec.footprint.describe() if spec.footprint else ''}"
    field = spec.component_field
    if field not in frame.columns:
        fields = ", ".join(c for c in frame.columns if c != frame.geometry.name)
        has = f"the layer's fields are: {fields}" if fields else "the layer has no attribute fields"
        raise DockError(
            f"{label}: no field '{field}' (dock.component_field); {has}: give each polygon its component "
            f"({', '.join(COMPONENTS)}) in a field and name it in dock.component_field"
        )
    kinds = frame[field].astype(str).str.strip().str.lower().str.replace(" ", "_")
    unknown = ~kinds.isin(COMPONENTS)
    if unknown.any():
        row = frame.index[unknown.to_numpy()][0]
        raise DockError(
            f"{label}: feature {row} has component '{frame[field][row]}'; use one of {', '.join(COMPONENTS)}"
        )
    components = gpd.GeoDataFrame({"component": kinds.to_numpy()}, geometry=frame.geometry.values, crs=frame.crs)
    fixed = components[components["component"].isin(FIXED_DOCK)]
    basis = shapely.union_all((fixed if len(fixed) else components).geometry.values)
    axis = long_axis(basis)
    if axis @ riparian.seaward < 0:
        axis = -axis
    origin = np.asarray(basis.centroid.coords[0])
    return Dock(components, origin, axis, spec.footprint.describe() if spec.footprint else "footprint")


def oriented_rectangle(geom: shapely.Geometry) -> np.ndarray:
    """The corners of ``geom``'s minimum rotated rectangle (5 points, closed), working CRS.

    The rectangle is found with ``geom`` moved to the origin: at projected
    coordinates in the millions GEOS's rectangle comes out turned by about
    0.01 deg (a rectangle drawn in UTM at 41 deg gave 40.991 deg, an 8-ft side
    8.003 ft).
    """
    centre = np.asarray(shapely.centroid(geom).coords[0])
    local = shapely.oriented_envelope(shapely.transform(geom, lambda xy: xy - centre))
    return np.asarray(local.exterior.coords) + centre


def long_axis(geom: shapely.Geometry) -> np.ndarray:
    """Unit direction of the long side of ``geom``'s minimum rotated rectangle (found at the origin: :func:`oriented_rectangle`)."""
    rect = oriented_rectangle(geom)
    e1, e2 = rect[1] - rect[0], rect[2] - rect[1]
    edge = e1 if np.hypot(*e1) >= np.hypot(*e2) else e2
    return unit(edge)


def build_dock(site, riparian: Riparian) -> Dock:
    """The site's proposed dock, however the manifest gives it."""
    spec = site.manifest.dock
    if spec.is_parametric:
        return parametric_dock(spec, riparian, ft_per_unit=site.ft_per_unit, crs=site.crs)
    return footprint_dock(site.dock_footprint, spec, riparian)
