"""The review's measurements (in feet) and its Layout (the derived geometry the outputs draw).

Geometry is worked in the working CRS's unit and converted to feet here, at the
one place measurements leave the core. The derived geometry (the terminus, the
shortest lines that dimension each distance, the band where the dock may stand)
is kept in a :class:`Layout` so the outputs draw it without recomputing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields

import numpy as np
from shapely import LineString
from shapely.geometry.base import BaseGeometry

from dockreview.geometry.dock import Dock
from dockreview.geometry.riparian import Riparian
from dockreview.measure.envelope import Envelope


@dataclass(frozen=True)
class Measurements(Mapping):
    """The review's measurements; lengths in feet, areas in square feet.

    Read as attributes (``m.frontage_ft``) or as a mapping (``m["frontage_ft"]``).
    A clearance is ``None`` when its layer is not given (infinite when the layer
    is empty); float figures are ``None`` when the dock has no float; depth
    figures are ``None`` without soundings (or a vessel draft), or where the
    soundings do not reach. ``float_layout`` names each float assembly by the
    nearer of in line (I) and square (L or T) to the dock's axis, joined by "+",
    and ``float_angle_deg`` is the worst assembly's long axis to the dock's axis;
    ``float_gap_ft`` and ``float_seaward_shortfall_ft`` are raw distances: no
    figure here is compared with the law (the checks hold them to their
    tolerances). ``overall_reach_ft`` is the greater of the reach
    from the frontage and the length along the dock's axis: the figure the reach
    check decides on (Docks D(1)). ``dock_on_lot`` tells whether the dock's
    landward end lies on the lot or its water, and ``dock_lot`` names the parcel
    it lies on or in front of when it does not. ``dock_on_land_sqft`` is the dock's
    area landward of the MHW line and ``dock_land_parcels`` the parcels it lies on there.

    Beyond Kings Point (the other towns' laws, :mod:`dockreview.measure.waterway`,
    :mod:`~dockreview.measure.datums`, :mod:`~dockreview.measure.areas`,
    :mod:`~dockreview.measure.vessel`): the waterway's width by each method from
    each reference line (``width_<method>_ft`` from MHW, ``bulkhead_width_...``,
    ``vegetation_width_...``, ``mlw_width_...``; ``..._narrowest_ft`` the least across the dock's span),
    the protrusion from the lot's bulkhead and past its parcel (``reach_from_property_ft``), the reach
    from the MLW and MLLW lines, the berths' depth at MLW and MLLW, each component
    kind's area and each lift's, the extent along the shore, and the setbacks and
    protrusion with the moored vessel (``vessel_...``). Each is None when the data
    cannot give it, and ``missing`` says what to supply (it is not a measurement,
    and :meth:`to_dict` leaves it out).
    """

    frontage_ft: float
    frontage_chord_ft: float
    required_setback_ft: float
    setback_left_ft: float
    setback_right_ft: float
    setback_ft: float
    reach_ft: float
    length_ft: float
    overall_reach_ft: float
    channel_clearance_ft: float | None
    dock_clearance_ft: float | None
    max_width_ft: float
    float_area_sqft: float
    float_count: int
    float_seaward_shortfall_ft: float | None
    float_gap_ft: float | None
    required_depth_ft: float | None = None
    depth_coverage_ft: float | None = None
    nav_reach_ft: float | None = None
    float_extent_ft: float = 0.0
    max_allowed_reach_ft: float | None = None
    min_depth_under_float_ft: float | None = None
    float_on_vegetation_sqft: float | None = None
    float_layout: str | None = None
    float_angle_deg: float | None = None
    landing_length_ft: float | None = None
    landing_width_ft: float | None = None
    boat_lift_count: int = 0
    pwc_lift_count: int = 0
    lift_angle_deg: float | None = None
    pwc_lift_angle_deg: float | None = None
    water: str | None = None  # the kind of water the lot fronts, as the manifest says ([site] water)
    # (depth below MLW ft, reach from the MHW crossing to it or None, the axis covered by soundings ft) per depth sought
    depth_reaches: tuple[tuple[float, float | None, float], ...] = ()
    frontage_docks: tuple[str, ...] | None = None
    component_kinds: tuple[str, ...] = ()
    dock_on_lot: bool = True
    dock_lot: str | None = None
    dock_on_land_sqft: float = 0.0
    dock_land_parcels: tuple[str, ...] = ()
    # -- the waterway's width by method, from MHW, a bulkhead, the marsh vegetation's edge (measure.waterway)
    width_along_axis_ft: float | None = None
    width_square_to_shore_ft: float | None = None
    width_square_to_centerline_ft: float | None = None
    width_average_ft: float | None = None
    bulkhead_width_along_axis_ft: float | None = None
    bulkhead_width_square_to_shore_ft: float | None = None
    bulkhead_width_square_to_centerline_ft: float | None = None
    bulkhead_width_average_ft: float | None = None
    vegetation_width_along_axis_ft: float | None = None
    vegetation_width_square_to_shore_ft: float | None = None
    vegetation_width_square_to_centerline_ft: float | None = None
    vegetation_width_average_ft: float | None = None
    width_narrowest_ft: float | None = None
    bulkhead_width_narrowest_ft: float | None = None
    vegetation_width_narrowest_ft: float | None = None
    mlw_width_along_axis_ft: float | None = None
    mlw_width_square_to_shore_ft: float | None = None
    mlw_width_square_to_centerline_ft: float | None = None
    mlw_width_average_ft: float | None = None
    mlw_width_narrowest_ft: float | None = None
    reach_from_bulkhead_ft: float | None = None
    reach_from_property_ft: float | None = None  # past the lot's parcel (its property line), measure.waterway
    # -- datum lines other than MHW, and the berths' depth (measure.datums)
    reach_from_mlw_ft: float | None = None
    reach_from_mllw_ft: float | None = None
    mlw_line_from: str | None = None
    mllw_line_from: str | None = None
    berth_count: int = 0
    min_berth_depth_ft: float | None = None
    min_berth_depth_mllw_ft: float | None = None
    # the fixed pier's outer face as a berth (a dock with no float or lift), its shallowest depth at MLW and MLLW
    fixed_berth_depth_ft: float | None = None
    fixed_berth_depth_mllw_ft: float | None = None
    # the shallowest depth at MLW along the lot's bulkhead where the dock meets it (measure.depth)
    bulkhead_depth_ft: float | None = None
    # the docks the proposal replaces ([dock] replaces): features, and their reach from the datum lines (measure.datums)
    replaced_dock_count: int = 0
    replaced_reach_from_mlw_ft: float | None = None
    replaced_reach_from_mllw_ft: float | None = None
    # -- areas and the extent along the shore (measure.areas)
    walkway_area_sqft: float | None = None
    ramp_area_sqft: float | None = None
    landing_area_sqft: float | None = None
    boat_lift_area_sqft: float | None = None
    pwc_lift_area_sqft: float | None = None
    pile_area_sqft: float | None = None
    lift_areas_sqft: tuple[float, ...] = ()
    along_shore_extent_ft: float | None = None
    # -- with the moored vessel (measure.vessel)
    vessel_reach_ft: float | None = None
    vessel_reach_from_bulkhead_ft: float | None = None
    vessel_reach_from_property_ft: float | None = None
    vessel_setback_left_ft: float | None = None
    vessel_setback_right_ft: float | None = None
    vessel_setback_ft: float | None = None
    # -- the official pier line, the whole dock's clearance, each component's size (measure.pierline, .clearances, .sizes)
    pierhead_beyond_ft: float | None = None  # the dock's farthest point past the pier line (negative: short of it)
    vessel_pierhead_beyond_ft: float | None = None  # the moored vessel's, likewise
    vessel_beam_ft: float | None = None  # the moored vessel's width ([vessel] beam_ft), which it may pass the line by
    dock_clearance_whole_ft: float | None = None  # any part of the dock to the nearest other dock (not its mooring system)
    component_sizes: tuple[tuple[str, float, float], ...] = ()  # (component, length ft, width ft) of each
    missing: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, float | int | None]:
        """The measurements as a JSON-ready dict (an empty layer's infinite clearance is None; ``missing`` left out)."""
        return {
            k: (None if isinstance(v, float) and not np.isfinite(v) else v) for k, v in asdict(self).items() if k != "missing"
        }

    def why_missing(self, key: str, default: str = "") -> str:
        """Why the figure ``key`` is None and what to supply, in words (``default`` when the measurement says nothing)."""
        return self.missing[key][1] if key in self.missing else default

    def input_missing(self, key: str) -> str | None:
        """The input to supply for the figure ``key`` (``"layers.centerline"``), or None."""
        return self.missing[key][0] if key in self.missing else None

    def __getitem__(self, key: str) -> float | int | None:
        if key not in self.__dataclass_fields__:
            raise KeyError(key)
        return getattr(self, key)

    def __iter__(self) -> Iterator[str]:
        return (f.name for f in fields(self))

    def __len__(self) -> int:
        return len(fields(self))


@dataclass(frozen=True)
class Layout:
    """Derived geometry for drawing and export, working CRS.

    ``envelope`` is where a compliant dock may stand (:func:`dockreview.measure.envelope.lot_envelope`
    with the reach the checks allow); ``reach_limit`` the line at that reach
    across the lot's water. ``dimension_lines`` holds the shortest lines that
    dimension each distance: ``setback_left``, ``setback_right``, ``reach``
    (frontage to the farthest point), ``length`` (along the axis from the MHW
    crossing to the seaward end), ``channel_clearance`` and ``dock_clearance``.
    ``width_lines`` holds the section each waterway width was measured on (by its
    measurement's name), ``datum_lines`` the MLW and MLLW lines used, ``vessel``
    the moored vessel's footprint (None without one).
    """

    riparian: Riparian
    dock: Dock
    seaward_dock: BaseGeometry
    terminus: BaseGeometry
    envelope: Envelope
    dimension_lines: dict[str, LineString] = field(default_factory=dict)
    reach_limit: BaseGeometry = field(default_factory=LineString)
    width_lines: dict[str, LineString] = field(default_factory=dict)
    datum_lines: dict[str, BaseGeometry] = field(default_factory=dict)
    vessel: BaseGeometry | None = None

    @property
    def allowed_band(self) -> BaseGeometry:
        """Where the dock may stand: the envelope's geometry."""
        return self.envelope.geometry
