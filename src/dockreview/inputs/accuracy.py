"""Each layer's positional accuracy: stated in the manifest, read from a chart cell's quality zones, or a default.

Every figure is at 95 % confidence, as the National Standard for Spatial Data
Accuracy states a horizontal accuracy (a radial error, FGDC-STD-007.3-1998), in
feet whatever the layer's CRS. A layer's figure comes, in this order, from

1. the manifest: ``accuracy_ft`` on a layer given as a table, and
   ``vertical_accuracy_ft`` for soundings and elevation; or its ``[accuracy]``
   table, by role, for a layer read from a chart or given as a bare path;
2. the chart cell that supplied the layer: the worst quality zone (M_QUAL's
   CATZOC) over the lot, with its published position and depth accuracy;
3. a default of :data:`DEFAULTS` for the kind of layer, marked *assumed*.

The proposed dock is exact: it is the design, not a measurement.
:func:`site_accuracy` gives every layer a site read its :class:`LayerAccuracy`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import geopandas as gpd
import shapely

from dockreview.inputs import chart as chart_mod
from dockreview.inputs.spec import VERTICAL_LAYERS, LayerSpec

#: Feet in one metre.
FT_PER_M = 1.0 / 0.3048
#: NSSDA's factor from the National Map Accuracy Standard's circular error at 90 % (CMAS) to a radial accuracy at
#: 95 % (FGDC-STD-007.3-1998, Appendix 3-D: Accuracy_r = 1.1406 CMAS).
CMAS_TO_95 = 1.1406
#: NMAS, maps larger than 1:20,000: 90 % of well-defined points within 1/30 inch at the map's scale; at a tax
#: map's 1 in = 200 ft that is 200/30 ft.
TAX_MAP_CMAS_FT = 200.0 / 30.0
#: The roles a shoreline default applies to (lines drawn where the water meets the land or a wall).
SHORE_ROLES = ("mhw", "mlw", "mllw", "bulkhead")

NSSDA = "https://www.fgdc.gov/standards/projects/accuracy/part3/chapter3"
S57_CATZOC = "https://docslib.org/doc/11273483/s-57-appendix-a-chapter-2-attributes"


@dataclass(frozen=True)
class LayerAccuracy:
    """How far one layer's features may lie from where they are, at 95 %, and where that figure came from.

    Attributes
    ----------
    role : str
        The layer's role (``"parcels"``, ``"mhw"``, ``"soundings"``, ``"dock"`` ...).
    horizontal_ft : float or None
        The horizontal accuracy, ft, 95 % radial (NSSDA); None when unassessed.
    vertical_ft : float or None
        The vertical accuracy of depths or elevations, ft, 95 % (its fixed part where it grows with depth); None
        for a layer that carries none, or unassessed.
    source : str
        Where the figure came from, in words ("stated in the manifest", "the chart's quality zone B ...").
    assumed : bool
        True when nothing was stated and a default was taken.
    unassessed : bool
        True when the source's accuracy is unknown (a chart zone U, a cell without quality zones).
    vertical_fraction : float
        The part of the vertical accuracy that grows with depth, as a fraction of it (a chart zone's ``+ 2 %``).

    Examples
    --------
    >>> zone_b = LayerAccuracy("soundings", 50 * FT_PER_M, 1.0 * FT_PER_M, "zone B", False, vertical_fraction=0.02)
    >>> round(zone_b.vertical_at(10.0), 3)
    3.481
    """

    role: str
    horizontal_ft: float | None
    vertical_ft: float | None
    source: str
    assumed: bool
    unassessed: bool = False
    vertical_fraction: float = 0.0

    def vertical_at(self, depth_ft: float) -> float | None:
        """The vertical accuracy (ft, 95 %) of a depth of ``depth_ft``; None when the layer has none."""
        return None if self.vertical_ft is None else self.vertical_ft + self.vertical_fraction * abs(depth_ft)


@dataclass(frozen=True)
class Default:
    """A figure taken when the manifest states none: what it applies to, its value, and the standard behind it.

    ``horizontal_ft`` is the fixed part; ``ppm`` adds that many millionths of the layer's extent (a survey's
    relative precision). ``vertical_fraction`` adds that fraction of the depth. None: not assessed.
    ``depth_words`` says how a chart zone's depth accuracy is figured (its soundings only).
    """

    name: str
    applies: str
    horizontal_ft: float | None
    vertical_ft: float | None
    words: str
    source: str
    address: str = ""
    ppm: float = 0.0
    vertical_fraction: float = 0.0
    assumed: bool = True
    depth_words: str = ""


def _zone(code: int, name: str, position_m: float | None, depth_m: float | None, fraction: float, words: str,
          depth_words: str = "") -> Default:
    return Default(
        f"zone-{name}", f"a chart layer in quality zone {name} (CATZOC {code})",
        None if position_m is None else position_m * FT_PER_M, None if depth_m is None else depth_m * FT_PER_M,
        words, "IHO S-57 Edition 3.1, Appendix A, attribute CATZOC (zones of confidence, from IHO S-44)", S57_CATZOC,
        vertical_fraction=fraction, assumed=False, depth_words=depth_words,
    )


#: The defaults, by name: the README's table "Accuracy of the data" is this registry.
DEFAULTS = {
    d.name: d
    for d in (
        Default("proposal", "the proposed dock (a footprint or a parametric dock)", 0.0, None,
                "exact: the dock is the design, not a measurement", "the application", assumed=False),
        Default("survey", "a layer read from a CAD survey drawing (`.dxf`)", 0.02 * FT_PER_M, None,
                "2 cm plus 50 ppm of the drawing's extent (relative positional precision at 95 %)",
                "ALTA/NSPS Minimum Standard Detail Requirements for Land Title Surveys (2021), section 3.E",
                ppm=50.0),
        Default("tax-map", "a parcels layer with nothing stated", TAX_MAP_CMAS_FT * CMAS_TO_95, None,
                "a tax map at 1 in = 200 ft: NMAS 1/30 in = 6.7 ft at 90 %, x 1.1406 (NSSDA) = 7.6 ft at 95 %",
                "U.S. National Map Accuracy Standards (1947); FGDC-STD-007.3-1998 (NSSDA), Appendix 3-D", NSSDA),
        Default("shoreline", "an MHW, MLW, MLLW or bulkhead line with nothing stated", TAX_MAP_CMAS_FT * CMAS_TO_95, None,
                "drawn to the lot lines' standard (a tax map at 1 in = 200 ft, 7.6 ft at 95 %): a town's water line "
                "usually comes with its parcels; a line traced from photographs or a chart is coarser, so state it",
                "U.S. National Map Accuracy Standards (1947); FGDC-STD-007.3-1998 (NSSDA), Appendix 3-D", NSSDA),
        Default("gis-layer", "any other layer with nothing stated (channels, docks, vegetation, buildings, lines)",
                TAX_MAP_CMAS_FT * CMAS_TO_95, None,
                "a town's GIS layer, taken at the tax map's standard (7.6 ft at 95 %)",
                "U.S. National Map Accuracy Standards (1947); FGDC-STD-007.3-1998 (NSSDA), Appendix 3-D", NSSDA),
        Default("soundings", "a soundings layer with nothing stated", 5.0 * FT_PER_M, 0.5 * FT_PER_M,
                "a hydrographic survey to IHO Order 1b: 5 m horizontal, 0.5 m vertical (the fixed parts; at a dock's "
                "depths the parts that grow with depth add under 0.1 m)",
                "IHO S-44 Edition 6.1.0 (2022), Standards for Hydrographic Surveys, table 1, Order 1b"),
        Default("elevation", "an elevation layer (DEM) with nothing stated", 1.0 * FT_PER_M, 0.196 * FT_PER_M,
                "a 1-m lidar DEM of USGS quality level 2: 19.6 cm vertical at 95 % (1.96 x RMSEz 10 cm), one cell "
                "(1 m) horizontal",
                "USGS Lidar Base Specification 2022 rev. A, table 2 (QL2); ASPRS Positional Accuracy Standards (2014)"),
        _zone(1, "A1", 5.0, 0.5, 0.01, "±5 m", "±(0.5 m + 1 % of depth)"),
        _zone(2, "A2", 20.0, 1.0, 0.02, "±20 m", "±(1.0 m + 2 % of depth)"),
        _zone(3, "B", 50.0, 1.0, 0.02, "±50 m", "±(1.0 m + 2 % of depth)"),
        _zone(4, "C", 500.0, 2.0, 0.05, "±500 m", "±(2.0 m + 5 % of depth)"),
        _zone(5, "D", 500.0, 2.0, 0.05, "worse than zone C: at least ±500 m", "at least ±(2.0 m + 5 % of depth)"),
        _zone(6, "U", None, None, 0.0, "unassessed: the quality of the data is not known"),
    )
}
#: CATZOC's codes (S-57 Appendix A) to the zones' names, best first; a higher code is a worse zone.
ZONES = {1: "A1", 2: "A2", 3: "B", 4: "C", 5: "D", 6: "U"}


def stated(role: str, spec: LayerSpec, fallback: LayerAccuracy) -> LayerAccuracy:
    """The layer's accuracy as its manifest table states it, any figure it leaves out taken from ``fallback``.

    Examples
    --------
    >>> from pathlib import Path
    >>> default = from_default("parcels", "tax-map")
    >>> stated("parcels", LayerSpec(Path("p.shp"), accuracy_ft=2.0), default)
    LayerAccuracy(role='parcels', horizontal_ft=2.0, vertical_ft=None, source='stated in the manifest', assumed=False, unassessed=False, vertical_fraction=0.0)
    """
    horizontal, vertical = spec.accuracy_ft, spec.vertical_accuracy_ft
    if horizontal is None and vertical is None:
        return fallback
    carries_vertical = role in VERTICAL_LAYERS
    taken = [what for what, given in (("horizontal", horizontal), ("vertical", vertical if carries_vertical else 0.0))
             if given is None]
    source = "stated in the manifest" + (f"; {' and '.join(taken)} from {fallback.source}" if taken else "")
    return LayerAccuracy(
        role,
        fallback.horizontal_ft if horizontal is None else horizontal,
        (fallback.vertical_ft if vertical is None else vertical) if carries_vertical else None,
        source,
        assumed=bool(taken) and fallback.assumed,
        unassessed=bool(taken) and fallback.unassessed,
        vertical_fraction=fallback.vertical_fraction if vertical is None else 0.0,
    )


def from_default(role: str, name: str, extent_ft: float = 0.0) -> LayerAccuracy:
    """The default ``name`` of :data:`DEFAULTS` for the layer of ``role`` (``extent_ft``: a survey's extent).

    Examples
    --------
    >>> round(from_default("parcels", "tax-map").horizontal_ft, 2)
    7.6
    >>> round(from_default("parcels", "survey", extent_ft=1000.0).horizontal_ft, 4)
    0.1156
    """
    d = DEFAULTS[name]
    horizontal = None if d.horizontal_ft is None else d.horizontal_ft + d.ppm * 1e-6 * extent_ft
    words = d.words + (f" ({extent_ft:,.0f} ft across)" if d.ppm else "")
    source = f"assumed: {words}" if d.assumed else words
    vertical = d.vertical_ft if role in VERTICAL_LAYERS else None
    return LayerAccuracy(role, horizontal, vertical, source, d.assumed, d.horizontal_ft is None,
                         d.vertical_fraction if vertical is not None else 0.0)


def worst_zone(zones: gpd.GeoDataFrame, area: shapely.Geometry) -> tuple[int, list[str]]:
    """The worst CATZOC among the quality zones over ``area`` (0 when none covers it), and every zone found there.

    ``zones`` is :func:`dockreview.inputs.chart.read_quality` in ``area``'s CRS. A zone with no CATZOC is taken
    as U (not assessed).

    Examples
    --------
    >>> zones = gpd.GeoDataFrame({"CATZOC": [1, 3, 4]}, geometry=[shapely.box(0, 0, 10, 10), shapely.box(10, 0, 20, 10),
    ...                                                            shapely.box(50, 0, 60, 10)])
    >>> worst_zone(zones, shapely.box(5, 5, 15, 8))
    (3, ['A1', 'B'])
    """
    if zones.empty:
        return 0, []
    hit = zones[shapely.intersects(zones.geometry.values, area)]
    codes = sorted({int(c) if int(c) in ZONES else 6 for c in hit["CATZOC"]})
    return (codes[-1] if codes else 0), [ZONES[c] for c in codes]


def from_chart(role: str, zones: gpd.GeoDataFrame, area: shapely.Geometry, cells: str) -> LayerAccuracy:
    """The accuracy of a layer a chart cell supplied: its worst quality zone over ``area`` (the lot).

    A cell with no quality zone over the lot leaves the layer unassessed.
    """
    code, found = worst_zone(zones, area)
    if code == 0:
        return LayerAccuracy(role, None, None, f"unassessed: chart {cells} has no quality zone (M_QUAL) over the lot",
                             assumed=False, unassessed=True)
    zone = from_default(role, f"zone-{ZONES[code]}")
    others = f"; the worst of zones {', '.join(found)} over the lot" if len(found) > 1 else " over the lot"
    d = DEFAULTS[f"zone-{ZONES[code]}"]
    depths = f"; depths {d.depth_words}" if zone.vertical_ft is not None else ""
    source = f"the chart's quality zone {ZONES[code]} (CATZOC){others}: {d.words}{depths}"
    return LayerAccuracy(role, zone.horizontal_ft, zone.vertical_ft, source, assumed=False,
                         unassessed=zone.unassessed, vertical_fraction=zone.vertical_fraction)


def default_name(role: str, spec: LayerSpec | None) -> str:
    """The name in :data:`DEFAULTS` for a layer the manifest gives with nothing stated.

    Examples
    --------
    >>> from pathlib import Path
    >>> default_name("parcels", LayerSpec(Path("lots.shp"))), default_name("parcels", LayerSpec(Path("plat.DXF")))
    ('tax-map', 'survey')
    """
    if role == "dock":
        return "proposal"
    if spec is not None and spec.path.suffix.lower() == ".dxf":
        return "survey"
    return {"parcels": "tax-map", "soundings": "soundings", "elevation": "elevation"}.get(
        role, "shoreline" if role in SHORE_ROLES else "gis-layer")


def extent_ft(site: Any, role: str) -> float:
    """The distance across a layer as read (the diagonal of its bounds), ft; 0 for a layer with no geometry."""
    frame = site.frames.get(role)
    geometry = getattr(site, role, None) if frame is None else shapely.union_all(shapely.envelope(frame.geometry.values))
    if not isinstance(geometry, shapely.Geometry) or geometry.is_empty:
        return 0.0
    xmin, ymin, xmax, ymax = geometry.bounds
    return math.hypot(xmax - xmin, ymax - ymin) * site.ft_per_unit


def site_accuracy(site: Any) -> dict[str, LayerAccuracy]:
    """Every layer ``site`` (a :class:`~dockreview.inputs.site.Site`) read, by role, with its :class:`LayerAccuracy`.

    ``"dock"`` is the proposal (exact).
    A chart-supplied layer takes the worst quality zone of the manifest's cells over the lot.
    """
    manifest = site.manifest
    roles = [s.role for s in site.sources if s.role != "dock"]
    charted = [r for r in roles if r not in manifest.layers]
    out: dict[str, LayerAccuracy] = {}
    if charted:
        zones = chart_mod.read_quality(manifest.charts).to_crs(site.crs)
        cells = ", ".join(p.name for p in manifest.charts)
        out.update({role: from_chart(role, zones, site.parcel, cells) for role in charted})
    for role in (r for r in roles if r not in out):
        spec = manifest.layers[role]
        name = default_name(role, spec)
        fallback = from_default(role, name, extent_ft(site, role) if DEFAULTS[name].ppm else 0.0)
        out[role] = stated(role, spec, fallback)
    for role, (horizontal, vertical) in manifest.accuracy.items():
        if role in out:
            given = LayerSpec(Path(role), accuracy_ft=horizontal, vertical_accuracy_ft=vertical)
            out[role] = stated(role, given, out[role])
    out["dock"] = from_default("dock", "proposal")
    return out
