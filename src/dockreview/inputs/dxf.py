"""The applicant's CAD survey (DXF) as the dock's footprint.

GDAL's DXF driver reads a drawing as one layer, ``entities``, with the CAD layer
of each entity in its ``Layer`` field; closed polylines are read as polygons
(``CLOSED_LINE_AS_POLYGON``). The manifest maps CAD layers to dock components
(``[dock.cad_layers]``) and gives the drawing's CRS (``assume_crs``: a DXF has
none). The drawing unit comes from the header's ``$INSUNITS``:

* feet (or US survey feet) with a foot-based CRS are taken as the CRS's own
  foot -- survey drawings are drawn in state-plane feet, and converting
  international to US survey feet would move state-plane coordinates ~2 ft;
* any other unit is scaled to the CRS's unit (about the drawing's origin).

A drawing whose features lie more than :data:`GEOREFERENCE_LIMIT_FT` from the
parcel is refused as not georeferenced: it was drawn in local coordinates, or
its unit is wrong.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import geopandas as gpd
import pyogrio
import shapely
from pyproj import CRS

from dockreview.errors import CRSError, DockError, DockReviewWarning, LayerError
from dockreview.inputs.crs import describe, feet_per_unit, parse_crs
from dockreview.inputs.manifest import LayerSpec
from dockreview.inputs.readable import require_file

#: Farthest a drawing's features may lie from the parcel (ft).
GEOREFERENCE_LIMIT_FT = 1000.0
#: $INSUNITS codes GDAL leaves unread, and metres per drawing unit.
INSUNITS = {
    1: ("inches", 0.0254),
    2: ("feet", 0.3048),
    3: ("miles", 1609.344),
    4: ("millimetres", 0.001),
    5: ("centimetres", 0.01),
    6: ("metres", 1.0),
    7: ("kilometres", 1000.0),
    10: ("yards", 0.9144),
    21: ("US survey feet", 1200.0 / 3937.0),
}
FOOT_UNITS = (2, 21)


def drawing_units(path: Path) -> int:
    """The ``$INSUNITS`` code of an ASCII DXF's header (0, "unitless", when absent or unreadable).

    Raises
    ------
    LayerError
        The file cannot be read.
    """
    require_file(path, f"dock layer {path}", what="the drawing's file (a .dxf)")
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError as exc:
        raise LayerError(f"dock layer {path}: cannot read the drawing ({exc})") from None
    pairs = zip(lines[0::2], lines[1::2])
    for code, value in pairs:
        if code.strip() == "9" and value.strip() == "$INSUNITS":
            code, value = next(pairs, ("", ""))
            if code.strip() == "70" and value.strip().isdigit():
                return int(value.strip())
        if code.strip() == "0" and value.strip() == "ENDSEC":
            break
    return 0


def _scale(code: int, crs: CRS, label: str) -> float:
    """CRS units per drawing unit."""
    metres_per_crs_unit = crs.axis_info[0].unit_conversion_factor
    if code == 0:
        warnings.warn(
            f"{label}: the drawing declares no unit ($INSUNITS = 0); it is taken as the CRS's unit "
            f"({crs.axis_info[0].unit_name})",
            DockReviewWarning,
            stacklevel=3,
        )
        return 1.0
    if code not in INSUNITS:
        known = ", ".join(f"{k} ({name})" for k, (name, _) in INSUNITS.items())
        raise LayerError(f"{label}: unsupported drawing unit $INSUNITS = {code}; use one of {known}")
    if code in FOOT_UNITS and "foot" in crs.axis_info[0].unit_name.lower():
        return 1.0
    return INSUNITS[code][1] / metres_per_crs_unit


def read_dxf_footprint(
    spec: LayerSpec, cad_layers: dict[str, str], component_field: str, *, parcel: shapely.Geometry, working: CRS
) -> gpd.GeoDataFrame:
    """The dock's components from a DXF survey, in the working CRS.

    Parameters
    ----------
    spec : LayerSpec
        The drawing and its ``assume_crs``.
    cad_layers : dict
        CAD layer name -> component (walkway, float, ...); other CAD layers are
        ignored, and so are points and text on the mapped ones.
    component_field : str
        The name of the component column of the frame returned.
    parcel : shapely geometry
        The lot, working CRS, for the georeferencing check.
    working : pyproj.CRS
        The working CRS.

    Raises
    ------
    CRSError
        No ``assume_crs`` is given.
    LayerError
        The drawing is unreadable, has an unsupported unit, or no entity on a mapped layer.
    DockError
        An open polyline on a mapped layer (CAD layer and entity handle named), or a
        drawing more than 1,000 ft from the parcel.
    """
    label = f"dock layer {spec.describe()}"
    if spec.assume_crs is None:
        raise CRSError(
            f"{label}: a DXF drawing has no CRS; give it in the manifest as "
            f"file = {{ path = \"{spec.declared_as or spec.path.name}\", assume_crs = \"EPSG:2263\" }} with the survey's CRS"
        )
    crs = parse_crs(spec.assume_crs, where=f"{label}: assume_crs")
    if not crs.is_projected:
        raise CRSError(f"{label}: assume_crs {describe(crs)} is not projected; a survey drawing is in a projected CRS such as EPSG:2263")
    require_file(spec.path, label, what="the drawing's file (a .dxf)")
    if not spec.path.exists():
        raise LayerError(f"{label}: file not found; check the path in the manifest (relative to its folder)")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            entities = pyogrio.read_dataframe(spec.path, CLOSED_LINE_AS_POLYGON="TRUE")
    except Exception as exc:  # GDAL raises many types for an unreadable drawing
        raise LayerError(f"{label}: cannot read the drawing ({str(exc).splitlines()[0]})") from None
    mapped = entities[entities["Layer"].isin(cad_layers) & entities.geometry.notna()]
    mapped = mapped[mapped.geometry.geom_type.isin(["Polygon", "MultiPolygon", "LineString", "MultiLineString"])]
    if mapped.empty:
        present = ", ".join(sorted(set(entities["Layer"].dropna()))) or "none"
        raise LayerError(
            f"{label}: no polylines on the CAD layers {', '.join(sorted(cad_layers))} (dock.cad_layers); "
            f"the drawing's layers are: {present}"
        )
    open_lines = mapped[mapped.geometry.geom_type.isin(["LineString", "MultiLineString"])]
    if not open_lines.empty:
        first = open_lines.iloc[0]
        raise DockError(
            f"{label}: an open polyline on CAD layer '{first['Layer']}' (entity handle {first['EntityHandle']}) "
            f"cannot be a dock component; close it in the drawing"
            + (f" ({len(open_lines) - 1} more open)" if len(open_lines) > 1 else "")
        )
    factor = _scale(drawing_units(spec.path), crs, label)
    geometry = shapely.force_2d(mapped.geometry.values)
    if factor != 1.0:
        geometry = shapely.transform(geometry, lambda xy: xy * factor)
    frame = gpd.GeoDataFrame(
        {component_field: mapped["Layer"].map(cad_layers).to_numpy(), "cad_layer": mapped["Layer"].to_numpy(),
         "entity_handle": mapped["EntityHandle"].to_numpy()},
        geometry=geometry,
        crs=crs,
    ).to_crs(working)
    distance_ft = float(shapely.distance(shapely.union_all(frame.geometry.values), parcel)) * feet_per_unit(working)
    if distance_ft > GEOREFERENCE_LIMIT_FT:
        raise DockError(
            f"{label}: the drawing lies {distance_ft:,.0f} ft from the parcel (more than {GEOREFERENCE_LIMIT_FT:,.0f} ft): "
            f"it is not georeferenced in {describe(crs)}, or its unit ($INSUNITS) is wrong"
        )
    return frame
