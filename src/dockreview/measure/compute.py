"""Every measurement the checks need, computed once, in feet: :func:`measure`.

Geometry is worked in the working CRS's unit and converted to feet here, at the
one place measurements leave the core. The limits (the required setback, the
reach the checks allow) are the rules' own, asked through
:class:`~dockreview.measure.limits.Limits`; the derived geometry (the terminus,
the shortest lines that dimension each distance, the envelope where the dock may
stand) is kept in a :class:`~dockreview.measure.measurements.Layout` so the
outputs draw it without recomputing.
"""

from __future__ import annotations

import warnings

import numpy as np
import shapely
from shapely import LineString

from dockreview.errors import DockError, DockReviewWarning
from dockreview.geometry.dock import FIXED_DOCK, Dock
from dockreview.geometry.riparian import Riparian
from dockreview.geometry.width import max_width
from dockreview.inputs.site import Site
from dockreview.measure.areas import along_shore_extent, component_areas
from dockreview.measure.clearances import whole_dock_measurements
from dockreview.measure.datums import DATUMS, berth_depths, datum_line, reach_from_line, replaced_reaches
from dockreview.measure.depth import bulkhead_depth, depth_measurements
from dockreview.measure.distances import axis_length, clearance, farthest, reach_locus, signed_setback, terminus
from dockreview.measure.envelope import lot_envelope
from dockreview.measure.limits import Limits
from dockreview.measure.lot import LAND_NOISE_SQFT, dock_lot, dock_on_land, frontage_docks
from dockreview.measure.measurements import Layout, Measurements
from dockreview.measure.parts import (
    float_layout,
    float_position,
    landing_size,
    lift_angle,
    vegetation_overlap,
)
from dockreview.measure.pierline import pier_line_measurements
from dockreview.measure.sizes import component_sizes
from dockreview.measure.vessel import vessel_footprint
from dockreview.measure.waterway import lot_bulkhead, protrusion_from, reach_from_parcel, waterway_widths

#: A dock more than this share of whose area lies on its own lot's land is warned of (a dock drawn along the shore).
OWN_LAND_SHARE = 0.25
#: Sampling step (ft) along the dock outline when looking for its farthest point.
REACH_STEP_FT = 0.5
#: Floats this near one another (ft) form one assembly, when the profile says nothing.
FLOAT_CONTACT_FT = 0.5
#: Half of a right angle: each float assembly is named I, or L or T, by the nearer of in line and square to the
#: dock's axis; the measurement compares with no tolerance of the law (the float-layout check does).
NEAREST_SHAPE_DEG = 45.0


def measure(site: Site, riparian: Riparian, dock: Dock, rules: Limits) -> tuple[Measurements, Layout]:
    """Measure the dock against the lot (Docks B, C, D(1), D(2)(b), D(2)(c)).

    Parameters
    ----------
    site, riparian, dock
        The site, its riparian geometry and the proposed dock.
    rules : Limits
        The rules' limits (a :class:`dockreview.rules.RuleSet`): the required
        setback (Docks C), the reach navigable depth allows and the reach limit
        drawn on the map (Docks D(1)); and the profile's interpretation of how
        near floats touch. Angles and gaps are reported raw: the checks hold
        them to their tolerances (a float's layout, its position).

    Returns
    -------
    Measurements, Layout

    Raises
    ------
    DockError
        When no part of the dock lies seaward of the MHW line.
    """
    ft = site.ft_per_unit
    settings = site.manifest.review
    side = riparian.water_side
    mhw = riparian.mhw
    footprint = dock.footprint
    seaward = side.seaward_part(footprint, mhw)
    if seaward.is_empty or shapely.area(seaward) <= 0:
        raise DockError("the dock has no part seaward of the MHW line; it does not reach the water")

    step = REACH_STEP_FT / ft
    tolerance = site.to_units(settings.mhw_tolerance_ft)
    xmin, ymin, xmax, ymax = shapely.bounds(shapely.union(footprint, riparian.zone))
    far = 2.0 * (max(riparian.left_line.length, riparian.right_line.length) + np.hypot(xmax - xmin, ymax - ymin))
    left, left_line = signed_setback(footprint, riparian.left_line, left=True, far=far)
    right, right_line = signed_setback(footprint, riparian.right_line, left=False, far=far)
    reach, reach_line = farthest(seaward, riparian.frontage, step)
    length, crossing, end = axis_length(dock, mhw, side, far)
    end_part = terminus(seaward, riparian.frontage, reach, settings.terminus_depth_ft / ft)
    channel, channel_line = clearance(end_part, site.channels)
    other, other_line = clearance(end_part, site.docks)
    fixed = dock.of(*FIXED_DOCK)
    width = max_width(fixed) if not fixed.is_empty else 0.0
    contact = rules.touching_ft(FLOAT_CONTACT_FT) / ft
    shortfall, gap = float_position(dock, riparian.frontage, step, width, contact)
    depth = depth_measurements(site, dock, crossing, rules)
    layout_kind, layout_angle = float_layout(dock, width / 2, tolerance_deg=NEAREST_SHAPE_DEG, contact=contact)
    vegetation = vegetation_overlap(dock, site.vegetation)
    landing_length, landing_width = landing_size(dock)
    kinds = list(dock.components["component"])
    on_lot, lot_name = dock_lot(site, riparian, dock, tolerance)
    land_sqft, land_parcels = dock_on_land(site, footprint, seaward, ft)
    dock_sqft = float(shapely.area(footprint)) * ft * ft
    others = [(name, area) for name, area in land_parcels if name != str(site.parcel_id)]
    off_parcels = land_sqft - sum(area for _, area in land_parcels)
    if others or off_parcels >= LAND_NOISE_SQFT or land_sqft > OWN_LAND_SHARE * dock_sqft:
        whose = [f"{area:,.1f} sq ft on {'the lot' if name == str(site.parcel_id) else 'parcel'} '{name}'" for name, area in land_parcels]
        whose += [f"{off_parcels:,.1f} sq ft on no parcel"] if off_parcels >= LAND_NOISE_SQFT else []
        warnings.warn(
            f"{land_sqft:,.1f} of the dock's {dock_sqft:,.1f} sq ft lie landward of the MHW line: {', '.join(whose)}; "
            "check the dock's position and bearing",
            DockReviewWarning,
            stacklevel=2,
        )
    if not on_lot:
        warnings.warn(
            f"the dock is not in front of parcel '{site.parcel_id}': its landward end lies on or in front of "
            f"parcel '{lot_name}'; check the parcel id or the dock's position",
            DockReviewWarning,
            stacklevel=2,
        )

    frontage_ft = riparian.frontage.length * ft
    required = rules.required_setback_ft(frontage_ft)

    def feet(value: float | None) -> float | None:
        return None if value is None else value * ft

    others, extras = _other_laws(
        site, riparian, dock, crossing=crossing, end=end, step=step, tolerance=tolerance, far=far,
        under_floats=depth.get("min_depth_under_float_ft"),
    )
    m = Measurements(
        frontage_ft=frontage_ft,
        frontage_chord_ft=riparian.chord.length * ft,
        required_setback_ft=required,
        setback_left_ft=left * ft,
        setback_right_ft=right * ft,
        setback_ft=min(left, right) * ft,
        reach_ft=reach * ft,
        length_ft=length * ft,
        overall_reach_ft=max(reach, length) * ft,
        channel_clearance_ft=feet(channel),
        dock_clearance_ft=feet(other),
        max_width_ft=width * ft,
        float_area_sqft=sum(f.area for f in dock.floats) * ft * ft,
        float_count=len(dock.floats),
        float_seaward_shortfall_ft=feet(shortfall),
        float_gap_ft=feet(gap),
        **depth,
        float_on_vegetation_sqft=None if vegetation is None else vegetation * ft * ft,
        float_layout=layout_kind,
        float_angle_deg=layout_angle,
        landing_length_ft=feet(landing_length),
        landing_width_ft=feet(landing_width),
        boat_lift_count=kinds.count("boat_lift"),
        pwc_lift_count=kinds.count("pwc_lift"),
        lift_angle_deg=lift_angle(dock, mhw, crossing, 1.0 / ft),
        pwc_lift_angle_deg=lift_angle(dock, mhw, crossing, 1.0 / ft, "pwc_lift"),
        frontage_docks=frontage_docks(site, riparian, tolerance),
        component_kinds=tuple(sorted(set(kinds))),
        water=site.manifest.water,
        dock_on_lot=on_lot,
        dock_lot=lot_name,
        dock_on_land_sqft=land_sqft,
        dock_land_parcels=tuple(name for name, _ in land_parcels),
        **others,
    )
    allowed = rules.reach_limit_ft(m)
    envelope = lot_envelope(
        site.parcel, mhw, ft_per_unit=ft, rules=rules, channels=site.channels, docks=site.docks,
        tolerance_ft=settings.mhw_tolerance_ft, reach_ft=allowed, riparian=riparian,
        needs=rules.reach_needs(rules.reach_figures(m, given_inputs(site))),
    )
    lines = {
        "setback_left": left_line,
        "setback_right": right_line,
        "reach": reach_line,
        "length": LineString([dock.origin + dock.axis * crossing, dock.origin + dock.axis * end]),
    }
    if channel_line is not None:
        lines["channel_clearance"] = channel_line
    if other_line is not None:
        lines["dock_clearance"] = other_line
    layout = Layout(
        riparian=riparian,
        dock=dock,
        seaward_dock=seaward,
        terminus=end_part,
        envelope=envelope,
        dimension_lines=lines,
        reach_limit=reach_locus(riparian.zone, riparian.frontage, allowed / ft) if np.isfinite(allowed) else LineString(),
        **extras,
    )
    return m, layout


def given_inputs(site: Site) -> set[str]:
    """The optional inputs the site gives, by the names the checks' ``needs`` use ("soundings", "draft")."""
    layers = {name for name in ("channels", "docks", "soundings", "vegetation", "centerline", "mllw", "bulkhead", "pierhead") if getattr(site, name) is not None}
    return layers | ({"draft"} if site.manifest.vessel.draft_ft is not None else set())


def _other_laws(
    site: Site, riparian: Riparian, dock: Dock, *, crossing: float, end: float, step: float, tolerance: float, far: float,
    under_floats: float | None,
) -> tuple[dict, dict]:
    """The measurements other towns' laws ask for (feet), and the geometry they were measured on (for the Layout).

    The waterway's widths, the protrusion from the lot's bulkhead, the reach from the
    MLW and MLLW lines, the berths' depth, the components' areas, the extent along the
    shore, and the setbacks and protrusion with the moored vessel; ``missing`` says
    what to supply for each that is None.
    """
    ft = site.ft_per_unit
    widths = waterway_widths(site, riparian, dock, crossing, end)
    missing = dict(widths.missing)
    out: dict = {**widths.values}
    bulkhead = lot_bulkhead(site, riparian, tolerance)
    if bulkhead is None:
        why = ("layers.bulkhead", "give layers.bulkhead (bulkheads and seawalls, lines)") if site.bulkhead is None else (
            "layers.bulkhead along the lot",
            "the bulkhead layer does not run along the lot (within the MHW tolerance of the parcel or its frontage)",
        )
        missing["reach_from_bulkhead_ft"] = missing["vessel_reach_from_bulkhead_ft"] = why
    out["reach_from_bulkhead_ft"] = None if bulkhead is None else protrusion_from(dock.footprint, bulkhead, step) * ft
    out["reach_from_property_ft"] = reach_from_parcel(dock.footprint, site.parcel, step) * ft
    lines = {}
    for datum in DATUMS:
        line, source, need = datum_line(site, datum)
        key = f"reach_from_{datum}_ft"
        if line is None:
            out[key], missing[key] = None, (need, source)
            continue
        lines[datum] = line
        out[key] = reach_from_line(line, dock, site.parcel, crossing, end, step) * ft
        out[f"{datum}_line_from"] = source
    out.update(berth_depths(site, dock, under_floats))
    out.update(replaced_reaches(site, lines, step))
    out["bulkhead_depth_ft"] = bulkhead_depth(site, dock, bulkhead)
    if out["bulkhead_depth_ft"] is None:
        missing["bulkhead_depth_ft"] = missing["reach_from_bulkhead_ft"] if bulkhead is None else (
            "layers.soundings at the bulkhead", "give soundings (depths at MLW) reaching the bulkhead where the dock meets it")
    out.update(component_areas(dock, ft))
    out["along_shore_extent_ft"] = along_shore_extent(dock, riparian) * ft
    vessel, why = vessel_footprint(dock, site.manifest.vessel, ft)
    keys = ("vessel_reach_ft", "vessel_reach_from_bulkhead_ft", "vessel_setback_left_ft", "vessel_setback_right_ft", "vessel_setback_ft")
    keys += ("vessel_reach_from_property_ft",)
    if vessel is None:
        missing.update({k: why for k in keys})
    else:
        moored = shapely.union_all([dock.footprint, vessel])
        left, _ = signed_setback(moored, riparian.left_line, left=True, far=far)
        right, _ = signed_setback(moored, riparian.right_line, left=False, far=far)
        seaward = shapely.union_all([riparian.water_side.seaward_part(dock.footprint, riparian.mhw), vessel])
        out.update({
            "vessel_reach_ft": farthest(seaward, riparian.frontage, step)[0] * ft,
            "vessel_reach_from_bulkhead_ft": None if bulkhead is None else protrusion_from(moored, bulkhead, step) * ft,
            "vessel_setback_left_ft": left * ft, "vessel_setback_right_ft": right * ft, "vessel_setback_ft": min(left, right) * ft,
        })
        out["vessel_reach_from_property_ft"] = reach_from_parcel(moored, site.parcel, step) * ft
    for values, needs in (
        pier_line_measurements(site, riparian.frontage, dock.footprint, vessel, step=step, far=far, vessel_why=why),
        whole_dock_measurements(site, riparian, dock.footprint, tolerance=tolerance),
    ):
        out.update(values)
        missing.update(needs)
    out["component_sizes"] = component_sizes(dock.components, ft)
    out["missing"] = missing
    return out, {"width_lines": widths.lines, "datum_lines": lines, "vessel": vessel}
