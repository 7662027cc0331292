"""The review's derived geometry as GIS layers, and the GeoPackage that carries them.

:func:`derived_layers` turns a :class:`~dockreview.review.Review` into one
GeoDataFrame per kind of feature (dock components, side lines and extensions,
the setback band, the allowed-reach line, the 50-ft rings, the seaward terminus,
the water corners, the dimension lines, the no-go areas, the envelope, the bands of the
data's accuracy), each in the working CRS and carrying the review's measurements, in
feet, as attributes. :func:`write_gpkg` writes them to a GeoPackage whole or not at
all, so an analyst can open the review in QGIS or ArcGIS. The site plan draws the
same no-go areas (:func:`no_go_areas`) and accuracy bands (:func:`accuracy_bands`),
so map and layers always agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from shapely.geometry.base import BaseGeometry

from dockreview.evidence.measures import layers as evidence_layers
from dockreview.geometry.sections import contour
from dockreview.inputs.spec import RASTER_NAMES
from dockreview.measure.envelope import envelope_frame
from dockreview.measure.uncertainty import layer_features, normal_95
from dockreview.outputs.files import inputs_of
from dockreview.outputs.geopackage import geopackage
from dockreview.outputs.reading import clearance_ft, decision, shown_on
from dockreview.rules.conditional import role_words, survey_words

#: Dimension lines of the layout and the measurement each one dimensions.
DIMENSIONS = {
    "frontage": "frontage_ft",
    "setback_left": "setback_left_ft",
    "setback_right": "setback_right_ft",
    "reach": "reach_ft",
    "length": "length_ft",
    "channel_clearance": "channel_clearance_ft",
    "dock_clearance": "dock_clearance_ft",
}


def _feet(value: float | None) -> float | None:
    """A measurement fit for an attribute table: infinite (empty layer) becomes None."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None
    return float(value)


def clearance_targets(site) -> BaseGeometry | None:
    """Everything the seaward terminus must keep clear of: channels and other docks (Docks D(1))."""
    layers = [layer for layer in (site.channels, site.docks) if layer is not None and not layer.empty]
    if not layers:
        return None
    return shapely.union_all([geom for layer in layers for geom in layer.geometry.values])


def no_go_areas(review) -> dict[str, BaseGeometry]:
    """Where the dock may not stand, and where its seaward end may not stand.

    Returns
    -------
    dict
        ``"setback"``: the lot's water within the required setback of a side line
        or its extension (Docks C); ``"reach"``: the lot's water beyond the
        envelope's reach limit (200 ft or the navigable-depth limit, Docks D(1));
        ``"clearance"``: within the terminus clearance of a channel, fairway,
        anchorage or other dock (Docks D(1)), when those layers are given, each
        ring as wide as its clearance check's limit. Working CRS. The reach and
        setbacks are read from the review's envelope, never derived anew.
    """
    layout, site = review.layout, review.site
    zone, envelope = layout.riparian.zone, layout.envelope
    if math.isfinite(envelope.reach_limit_ft):
        within = shapely.buffer(layout.riparian.frontage, envelope.reach_limit_ft / site.ft_per_unit, quad_segs=32)
        reach, water = shapely.difference(zone, within), shapely.intersection(zone, within)
    else:  # no check limits the reach from the shore: no reach no-go area
        reach, water = shapely.Polygon(), zone
    areas = {"reach": reach, "setback": shapely.difference(water, envelope.band)}
    rings = _clearance_groups(review)
    if rings:
        parts = [shapely.buffer(shapely.union_all(geoms), ring_ft / site.ft_per_unit, quad_segs=32) for ring_ft, geoms in rings.items()]
        areas["clearance"] = parts[0] if len(parts) == 1 else shapely.union_all(parts)
        areas["setback"] = shapely.difference(areas["setback"], areas["clearance"])  # each place named once, as the exhibit hatches it
    return areas


def _clearance_groups(review) -> dict[float, list[BaseGeometry]]:
    """The features the seaward terminus must keep clear of, grouped by their ring's radius (ft): the checks' limits."""
    radii = clearance_ft(review)
    groups: dict[float, list[BaseGeometry]] = {}
    for name, layer in (("channels", review.site.channels), ("docks", review.site.docks)):
        if layer is not None and not layer.empty and name in radii:
            groups.setdefault(radii[name], []).extend(layer.geometry.values)
    return groups


@dataclass(frozen=True)
class Band:
    """The band either side of one input's lines within which they may lie (95 %): where a check within the data's
    accuracy is decided.

    ``lines`` are the input's lines the checks read (working CRS); ``band_ft`` the band's half-width, the 95 % of a
    distance square to them (:func:`~dockreview.measure.uncertainty.normal_95` of the layer's horizontal accuracy).
    """

    role: str
    lines: BaseGeometry
    band_ft: float
    accuracy_ft: float
    source: str
    checks: tuple[str, ...]

    def area(self, ft_per_unit: float) -> BaseGeometry:
        """The band as an area: its lines buffered by :attr:`band_ft`, in the working CRS's units."""
        return shapely.buffer(self.lines, self.band_ft / ft_per_unit, quad_segs=16)


def _near(review) -> BaseGeometry:
    """A box round the frontage, the dock, its dimension lines and the sections across the waterway: the lines of a
    layer that decide a check lie within it."""
    layout = review.layout
    core = shapely.union_all([layout.riparian.frontage, layout.dock.footprint, *layout.dimension_lines.values(),
                              *layout.width_lines.values()])
    x0, y0, x1, y1 = core.bounds
    pad = 0.5 * max(x1 - x0, y1 - y0)
    return shapely.box(x0 - pad, y0 - pad, x1 + pad, y1 + pad)


def _deciding_lines(review, role: str, check) -> BaseGeometry | None:
    """The lines of the input ``role`` that ``check`` is decided on: the side line and its extension of the side a
    setback is decided on (both sides for a check of the lot's lines without sides), the navigable-depth contour of
    the soundings for a check that limits the reach, else the layer's own lines; None for an input with none."""
    site, rip = review.site, review.layout.riparian
    if role == "parcels":
        sides = [p.name for p in check.parts if p.value == check.value and p.name in ("left", "right")] or ["left", "right"]
        return shapely.union_all([g for side in sides for g in (getattr(rip, f"{side}_side"), getattr(rip, f"{side}_extension"))
                                  if g is not None])
    if role == "soundings":
        depth, bathy = review.measurements.required_depth_ft, site.depths
        if depth is None or bathy is None or check not in shown_on(review, "reach"):
            return None
        return contour(bathy.triangulation.points, bathy.triangulation.simplices, bathy.z, depth)
    if role in RASTER_NAMES:  # a grid of elevations: no line of its own to draw a band round
        return None
    features = layer_features(site, role)
    if not len(features):
        return None
    features = np.where(shapely.get_dimensions(features) == 2, shapely.boundary(features), features)
    return shapely.union_all(features)


def accuracy_bands(review) -> list[Band]:
    """The band of each input's lines that decide a check within the data's accuracy, one per input.

    For each conditional check (:attr:`~dockreview.rules.base.CheckResult.conditional`), the inputs its
    :class:`~dockreview.rules.base.Within` says a survey must cover (the dominant one when it alone can settle it):
    each input's lines the check reads (:func:`_deciding_lines`), near the lot, with the band its horizontal accuracy
    gives them. An input read for its depths, or whose accuracy is unassessed, has no band to draw. Empty when no
    check lies within the data's accuracy (a surveyed site).
    """
    accuracy, near = review.site.accuracy, _near(review)
    found: dict[str, tuple[list, list]] = {}
    for check in review.checks:
        if not check.conditional or check.within is None:
            continue
        roles = check.within.survey or ((check.within.dominant,) if check.within.dominant else ())
        for role in roles:
            layer = accuracy.get(role)
            if layer is None or not layer.horizontal_ft:
                continue
            lines = _deciding_lines(review, role, check)
            if lines is None or lines.is_empty:
                continue
            held = found.setdefault(role, ([], []))
            held[0].append(shapely.intersection(lines, near))
            held[1].append(check.id)
    out = []
    for role, (lines, ids) in found.items():
        merged = shapely.union_all(lines)
        if not merged.is_empty:
            layer = accuracy[role]
            out.append(Band(role, merged, normal_95(layer.horizontal_ft), layer.horizontal_ft, layer.source, tuple(dict.fromkeys(ids))))
    return out


def _bands(review) -> gpd.GeoDataFrame:
    """The accuracy bands (:func:`accuracy_bands`), each with its input, its half-width and the checks it decides."""
    ft = review.site.ft_per_unit
    titles = {c.id: c.title for c in review.checks}
    rows = [{"input": role_words(b.role), "role": b.role, "band_ft": b.band_ft, "accuracy_ft": b.accuracy_ft,
             "source": b.source, "checks": ", ".join(b.checks), "decides": "; ".join(titles[i] for i in b.checks),
             "geometry": b.area(ft)} for b in accuracy_bands(review)]
    return _frame(review, rows)


def _frame(review, rows: list[dict]) -> gpd.GeoDataFrame:
    if not rows:  # nothing to show (no channels or docks: no rings); left out of the layers
        return gpd.GeoDataFrame({"geometry": []}, geometry="geometry", crs=review.site.crs)
    return gpd.GeoDataFrame(rows, geometry="geometry", crs=review.site.crs)


def _dock_components(review) -> gpd.GeoDataFrame:
    m, ft = review.measurements, review.site.ft_per_unit
    rows = [
        {
            "component": row.component,
            "area_sqft": shapely.area(row.geometry) * ft * ft,
            "setback_ft": m.setback_ft,
            "reach_ft": m.reach_ft,
            "max_width_ft": m.max_width_ft,
            "geometry": row.geometry,
        }
        for row in review.dock.components.itertuples()
    ]
    return _frame(review, rows)


def _side_lines(review) -> gpd.GeoDataFrame:
    rip, m = review.layout.riparian, review.measurements
    rows = []
    for side, line, extension, setback in (
        ("left", rip.left_side, rip.left_extension, m.setback_left_ft),
        ("right", rip.right_side, rip.right_extension, m.setback_right_ft),
    ):
        for part, geom in (("side line", line), ("extension", extension)):
            rows.append(
                {
                    "side": side,
                    "part": part,
                    "method": rip.extension if part == "extension" else "parcel boundary",
                    "setback_ft": setback,
                    "required_setback_ft": m.required_setback_ft,
                    "geometry": geom,
                }
            )
    return _frame(review, rows)


def _setback_band(review) -> gpd.GeoDataFrame:
    m = review.measurements
    row = {
        "frontage_ft": m.frontage_ft,
        "required_setback_ft": m.required_setback_ft,
        "reach_limit_ft": _reach_limit(review.layout.envelope),
        "area_sqft": review.layout.envelope.area_sqft,
        "geometry": review.layout.allowed_band,
    }
    return _frame(review, [row])


def _reach_line(review) -> gpd.GeoDataFrame:
    m = review.measurements
    row = {
        "reach_limit_ft": _reach_limit(review.layout.envelope),
        "reach_ft": m.reach_ft,
        "length_ft": m.length_ft,
        "overall_reach_ft": m.overall_reach_ft,
        "geometry": review.layout.reach_limit,
    }
    return _frame(review, [row])


def _rings(review) -> gpd.GeoDataFrame:
    site, m = review.site, review.measurements
    radii = clearance_ft(review)
    rows = []
    for layer_name, layer, measured in (
        ("channels", site.channels, m.channel_clearance_ft),
        ("docks", site.docks, m.dock_clearance_ft),
    ):
        if layer is None or layer.empty or layer_name not in radii:
            continue
        ring = radii[layer_name]
        for index, geom in zip(layer.index, layer.geometry.values):
            rows.append(
                {
                    "around": layer_name,
                    "feature": str(index),
                    "ring_ft": ring,
                    "terminus_clearance_ft": _feet(measured),
                    "geometry": shapely.buffer(geom, ring / site.ft_per_unit, quad_segs=32),
                }
            )
    return _frame(review, rows)


def _terminus(review) -> gpd.GeoDataFrame:
    m = review.measurements
    row = {
        "terminus_depth_ft": review.site.manifest.review.terminus_depth_ft,
        "reach_ft": m.reach_ft,
        "channel_clearance_ft": _feet(m.channel_clearance_ft),
        "dock_clearance_ft": _feet(m.dock_clearance_ft),
        "geometry": review.layout.terminus,
    }
    return _frame(review, [row])


def _water_corners(review) -> gpd.GeoDataFrame:
    rip, m = review.layout.riparian, review.measurements
    rows = [
        {"side": side, "frontage_ft": m.frontage_ft, "frontage_chord_ft": m.frontage_chord_ft, "geometry": point}
        for side, point in (("left", rip.left_corner), ("right", rip.right_corner))
    ]
    return _frame(review, rows)


def _frontage(review) -> gpd.GeoDataFrame:
    m = review.measurements
    row = {"frontage_ft": m.frontage_ft, "frontage_chord_ft": m.frontage_chord_ft, "geometry": review.layout.riparian.frontage}
    return _frame(review, [row])


def _dimension_lines(review) -> gpd.GeoDataFrame:
    """Every dimension line with its value, and the check it shows: its id, status and limit (as the exhibit draws it),
    the check's margin's uncertainty at 95 % (ft) and, within the data's accuracy, the survey that would decide it."""
    rows = []
    lines = {"frontage": review.layout.riparian.frontage, **review.layout.dimension_lines}
    for key, line in lines.items():
        if key not in DIMENSIONS:
            continue
        check, status, limit = decision(review, key)
        conditional = check is not None and status == check.status and check.conditional
        rows.append({
            "dimension": key, "check": None if check is None else check.id, "status": status or None,
            "value_ft": _feet(review.measurements[DIMENSIONS[key]]), "limit_ft": _feet(limit),
            "uncertainty_ft": None if check is None else _feet(check.uncertainty),
            "survey": survey_words(check) if conditional else None, "geometry": line,
        })
    return _frame(review, rows)


def _no_go(review) -> gpd.GeoDataFrame:
    """The no-go areas, each with what keeps the dock out and the limit it is held to (ft)."""
    envelope, radii = review.layout.envelope, clearance_ft(review)
    rings = ", ".join(f"{ft:,.1f} ft of {layer}" for layer, ft in radii.items())
    why = {
        "setback": (f"no dock: within the {envelope.required_setback_ft:,.1f} ft side setback", envelope.required_setback_ft),
        "reach": (f"no dock: beyond the {envelope.reach_limit_ft:,.1f} ft reach limit", envelope.reach_limit_ft),
        "clearance": (f"no seaward end: within {rings}", min(radii.values()) if radii else None),
    }
    rows = [{"kind": kind, "reason": why[kind][0], "limit_ft": why[kind][1], "area_sqft": shapely.area(geom) * review.site.ft_per_unit ** 2,
             "geometry": geom} for kind, geom in no_go_areas(review).items() if not geom.is_empty]
    return _frame(review, rows)


def _envelope(review) -> gpd.GeoDataFrame:
    """Where a compliant dock may stand (the exhibit's green area), with the envelope's figures and why none may."""
    envelope = review.layout.envelope
    frame = envelope_frame(envelope, review.site.crs)
    return frame.assign(reach_limit_ft=_reach_limit(envelope), possible=envelope.possible)


def _reach_limit(envelope):
    """The envelope's reach limit (ft): None when no check limits the reach, or when the data cannot decide it
    (the envelope's ``needs_data`` says what it hangs on)."""
    return None if envelope.needs else _feet(envelope.reach_limit_ft)


#: Layer name -> builder, in the order the GeoPackage lists them.
LAYERS = {
    "dock_components": _dock_components,
    "side_lines": _side_lines,
    "setback_band": _setback_band,
    "allowed_reach_line": _reach_line,
    "clearance_rings": _rings,
    "seaward_terminus": _terminus,
    "water_corners": _water_corners,
    "frontage": _frontage,
    "dimension_lines": _dimension_lines,
    "no_go_areas": _no_go,
    "envelope": _envelope,
    "accuracy_bands": _bands,
}


def derived_layers(review) -> dict[str, gpd.GeoDataFrame]:
    """The review's derived geometry, one GeoDataFrame per layer, working CRS, and the Board evidence's layers.

    Layers with nothing to show (no channels or docks given: no rings) are left out.
    """
    layers = {name: build(review) for name, build in LAYERS.items()}
    layers.update(evidence_layers(review.evidence))
    return {name: frame for name, frame in layers.items() if not frame.empty and not frame.geometry.is_empty.all()}


def to_geodataframe(review) -> gpd.GeoDataFrame:
    """Every derived layer in one GeoDataFrame, with a ``layer`` column naming each row's layer."""
    frames = [frame.assign(layer=name) for name, frame in derived_layers(review).items()]
    combined = pd.concat(frames, ignore_index=True)
    columns = ["layer", *[c for c in combined.columns if c not in ("layer", "geometry")], "geometry"]
    return gpd.GeoDataFrame(combined[columns], geometry="geometry", crs=review.site.crs)


def write_gpkg(review, path: str | Path) -> list[str]:
    """Write the derived layers to a GeoPackage at ``path``, atomically; the file's other layers are kept.

    The layers an earlier review wrote to the file are replaced as a set; any
    other layer (the user's own) is left as it was (:mod:`~dockreview.outputs.geopackage`).

    Returns
    -------
    list of str
        The layer names written.
    """
    layers = derived_layers(review)
    with geopackage(path, product="review", inputs=inputs_of(review)) as out:
        for name, frame in layers.items():
            out.write(frame, name)
    return list(layers)
