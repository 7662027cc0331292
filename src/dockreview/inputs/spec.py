"""The manifest's spec: the constants and frozen dataclasses a parsed ``site.toml`` is made of.

:mod:`dockreview.inputs.manifest` parses a file into them; everything downstream
(the site, the dock, the review) reads them. ``ALLOWED`` lists each table's keys.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_CRS = "EPSG:2263"
COMPONENTS = ("walkway", "ramp", "float", "landing", "boat_lift", "pwc_lift", "pile")
LAYER_NAMES = (
    "parcels", "mhw", "channels", "docks", "soundings", "vegetation", "buildings", "mlw", "centerline", "cove_line",
    "mllw", "bulkhead", "pierhead", "median_line", "navigation_line",
)
#: Each layer's features in words, as a reader names what a survey would measure ("a survey of the lot lines").
LAYER_WORDS = {
    "parcels": "the lot lines", "mhw": "the MHW line", "channels": "the channels' edges", "docks": "the existing docks",
    "soundings": "the soundings' positions", "vegetation": "the vegetation's edge", "buildings": "the buildings",
    "mlw": "the MLW line", "mllw": "the MLLW line", "centerline": "the waterway's centerline",
    "cove_line": "the cove line", "bulkhead": "the bulkhead", "pierhead": "the pierhead line",
    "median_line": "the lake's median line", "navigation_line": "the line of navigation", "elevation": "the elevations",
}
#: The manifest's raster layers (read with rasterio, :mod:`dockreview.inputs.raster`): ``elevation``, a DEM.
RASTER_NAMES = ("elevation",)
#: The units a raster's elevations may be in (``layers.elevation.unit``), and feet in one of each.
ELEVATION_UNITS = {"m": 1.0 / 0.3048, "ft": 1.0, "us-ft": 1200.0 / 3937.0 / 0.3048}
#: ``[datums]`` keys that are offsets between tidal datums (ft, zero or more).
DATUM_OFFSETS = ("mllw_below_mlw_ft",)
#: ``[datums]`` keys placing MHW in a geodetic vertical datum (the elevation layer's): MHW's elevation there, ft.
MHW_ELEVATION_KEYS = ("mhw_ft", "vertical_datum")
#: Where a moored vessel lies (``[vessel] moored_at``): alongside the float, or in the boat lift.
MOORINGS = ("float", "lift")
#: How a side line is carried seaward in the "straight" extension: along its last course, or the chord of its last ``chord_ft``.
EXTENSION_DIRECTIONS = ("last-course", "chord")
FLOAT_LAYOUTS = ("I", "T", "L")
#: A layer table's accuracy keys (feet, 95 %): horizontal, and vertical for the layers in :data:`VERTICAL_LAYERS`.
ACCURACY_KEYS = ("accuracy_ft", "vertical_accuracy_ft")
#: The layers that carry depths or elevations, and so a vertical accuracy.
VERTICAL_LAYERS = ("soundings", "elevation")


@dataclass(frozen=True)
class RiparianMethod:
    """A way of drawing a lot's riparian lines from its water corners (README, "Riparian lines by method").

    The registry :data:`RIPARIAN_METHODS` declares each once, here where the manifest reads it; its construction is
    registered under its name in :mod:`dockreview.geometry.methods`.

    Attributes
    ----------
    name : str
        As ``[review] riparian_method`` and a profile's ``[riparian] method`` give it.
    words : str
        How it draws the line from each water corner, in one line (the README's table, the command's help).
    source : str
        Where the law or the courts name it: the citations, in one line (the comparison's JSON, the README).
    layers : tuple of str
        What it needs beyond the parcels and the MHW line: ``[layers]`` keys, or a ``[review]`` setting of the same
        name (``navigation_ft``); any one of them will do.
    needs : str
        What those are and how to give them, as an error names them ("" when it needs none).
    parcels : bool
        Whether it reads the parcels layer besides the lot: the neighbours' corners, the lots sharing a line.
    """

    name: str
    words: str
    source: str
    layers: tuple[str, ...] = ()
    needs: str = ""
    parcels: bool = False


#: How riparian lines are drawn from the water corners, by name, the default first.
RIPARIAN_METHODS = {
    method.name: method
    for method in (
        RiparianMethod(
            "extended-side-lines",
            "each side line carried on straight (its last course, or the chord of its last `chord_ft`), or square to the "
            "frontage chord (`[review] extension = \"perpendicular\"`)",
            "Wis. Admin. Code NR 326.07(2)(c), extended lot lines; Borsellino v. Kole, 168 Wis. 2d 611 (Ct. App. 1992)",
        ),
        RiparianMethod(
            "perpendicular-to-trend",
            "square to the shore's general trend: the MHW line fitted over `baseline_ft` beyond each water corner, or "
            "the cove line headland to headland",
            "9 NYCRR 274.5, perpendicular method (the general trend of the shore; a headland baseline in a cove); Fla. "
            "DEP riparian study: square to the shore's general direction",
        ),
        RiparianMethod(
            "perpendicular-to-centerline",
            "to the foot of the perpendicular on the waterway's centreline",
            "9 NYCRR 274.5, perpendicular method (the baseline the thread of a stream or river); Fla. DEP riparian "
            "study: square to the stream's thread",
            ("centerline",),
            "a centerline layer: add [layers] centerline = \"FILE\" (the waterway's centreline or channel thread)",
        ),
        RiparianMethod(
            "long-lake",
            "square to the lake's median line, to the foot of the perpendicular on it",
            "9 NYCRR 274.5, long lake method; Michigan: oblong lakes, lines perpendicular to a median line "
            "(Weisenburger v. Kirkwood, 7 Mich. App. 283 (1967))",
            ("median_line", "centerline"),
            "a median line: add [layers] median_line = \"FILE\" (the line down the middle of the lake's length)",
        ),
        RiparianMethod(
            "round-lake",
            "straight to the lake's centre point: `[review] lake_center`, else the centre of the water the MHW line "
            "closes around",
            "9 NYCRR 274.5, round lake (pie) method; Michigan: circular lakes, lines to the centre (Weisenburger v. "
            "Kirkwood, 7 Mich. App. 283 (1967))",
        ),
        RiparianMethod(
            "colonial",
            "along the bisector of the angle between the chords to the lot's other corner and to the neighbour's far "
            "corner on the MHW line (`baseline_ft` along the shore where no neighbour adjoins); apportionment where the "
            "two lines cross before the line of navigation",
            "9 NYCRR 274.5, colonial method; Wis. Admin. Code NR 326.07(2)(b), coterminous riparian rights lines "
            "(another method where they cross first)",
            parcels=True,
        ),
        RiparianMethod(
            "proportional",
            "to the lot's share of the line of navigation, divided among the lots along the shore in proportion to their "
            "frontages",
            "Wis. Admin. Code NR 326.07(2)(a), apportionment of the line of navigation; colonial ordinance, Bodwell, "
            "1 Davis L. Ct. Cas. 36 (Mass. 1900)",
            ("cove_line", "navigation_line", "navigation_ft"),
            "a line of navigation: add [layers] cove_line = \"FILE\" or navigation_line = \"FILE\", [review] cove_line = "
            "[[x, y], [x, y]] (headland to headland, working CRS), [review] navigation_ft = D (D ft from the MHW line) or "
            "navigation_depth_ft = D (the soundings' contour D ft deep)",
            parcels=True,
        ),
    )
}

#: ``[dock.attributes]`` keys and the kind of value each takes (the unit is in the key's name).
#: "number" is a number >= 0; "number_or_false" also takes ``false`` for "the dock has none".
ATTRIBUTES = {
    "deck_height_above_mhw_ft": "number",
    "float_deck_above_water_in": "number",
    "locker_height_in": "number_or_false",
    "railing_height_in": "number_or_false",
    "railing_open_fraction": "number",
    "railing_rails": "number",
    "railing_post_spacing_ft": "number",
    "railing_material": "text",
    "materials": "texts",
    "plank_gap_in": "number",
    "solid_deck": "bool",
    "treated_wood": "bool",
    "canopy": "bool",
    "lighting_height_in": "number_or_false",
    "landing_length_ft": "number",
    "landing_width_ft": "number",
    "structures": "texts",
    "lift_boat_length_ft": "number",
    "lift_boat_weight_lb": "number",
    "lift_boat_height_above_deck_ft": "number",
    "pwc_lift_capacity_lb": "number",
    "pile_spacing_ft": "number",
    "joist_height_above_mhw_ft": "number",
    "slips": "number",
    "boats": "number",
    "height_above_normal_pool_ft": "number",
    "decking_passes_light": "bool",
    "nonwater_dependent_structures": "bool",
    "replaced_dock_length_ft": "number",
    "deck_elevation_ngvd_ft": "number",
    "land_connection": "bool",
    "boat_ramp": "bool",
    "dredging": "bool",
    "outside_side_setback": "bool",
    "deck_height_above_mlw_ft": "number",
    "open_sides": "bool",
    "pile_diameter_in": "number",
    "handrail": "bool",
}


@dataclass(frozen=True)
class LayerSpec:
    """Where one layer lives: a file, an optional layer inside it, an assumed CRS, its stated accuracy.

    ``accuracy_ft`` is the layer's horizontal accuracy as the manifest states it
    (``accuracy_ft``: feet, 95 % radial, whatever the layer's CRS);
    ``vertical_accuracy_ft`` the vertical accuracy of soundings and elevation (feet,
    95 %). None when not stated: :mod:`dockreview.inputs.accuracy` takes a default.
    """

    path: Path
    layer: str | None = None
    assume_crs: str | None = None
    declared_as: str = ""
    accuracy_ft: float | None = None
    vertical_accuracy_ft: float | None = None

    def describe(self) -> str:
        """Return ``file`` or ``file:layer`` as the user would write it."""
        return f"{self.path}:{self.layer}" if self.layer else str(self.path)


@dataclass(frozen=True)
class RasterSpec(LayerSpec):
    """A raster layer (``layers.elevation``): a GeoTIFF, its CRS assumed when it has none, its values' datum and unit.

    ``vertical_datum`` is the datum its elevations are heights above, as the
    manifest names it ("NAVD88"); ``unit`` one of :data:`ELEVATION_UNITS`.
    """

    vertical_datum: str = ""
    unit: str = "m"


@dataclass(frozen=True)
class FloatSpec:
    """A float of a parametric dock (long side ``length``, short side ``width``, ft)."""

    length: float
    width: float
    layout: str = "T"
    side: str | None = None


@dataclass(frozen=True)
class DockSpec:
    """The proposed dock: either a footprint layer or a parametric projection."""

    footprint: LayerSpec | None = None
    component_field: str = "component"
    root: tuple[float, float] | None = None  # None means "auto"
    bearing: float | None = None  # None means "perpendicular"
    length: float | None = None
    width: float | None = None
    float: FloatSpec | None = None
    float_draft_ft: float | None = None
    use: str | None = None
    replaces: tuple[str, ...] = ()
    season: tuple[str, str] | None = None  # first and last day of lift use, "MM-DD"
    attributes: dict[str, Any] = field(default_factory=dict)
    cad_layers: dict[str, str] = field(default_factory=dict)  # CAD layer -> component, for a DXF survey

    @property
    def is_parametric(self) -> bool:
        """True when the dock is projected from root, bearing and length."""
        return self.footprint is None


@dataclass(frozen=True)
class ReviewSettings:
    """Interpretation settings of the ``[review]`` table (see README, Interpretations)."""

    extension: str = "straight"
    mhw_tolerance_ft: float = 5.0
    terminus_depth_ft: float = 20.0
    extension_direction: str = "last-course"
    course_tolerance_ft: float = 0.5
    chord_ft: float = 50.0
    riparian_method: str | None = None  # None: the profile's [riparian] method, else extended side lines
    baseline_ft: float | None = None  # None: the profile's, else 100 ft
    cove_line: tuple[tuple[float, float], tuple[float, float]] | None = None
    lake_center: tuple[float, float] | None = None  # the round lake's centre point, working CRS
    navigation_ft: float | None = None  # the line of navigation's distance from the MHW line, when stated
    navigation_depth_ft: float | None = None  # the line of navigation as the soundings' contour at this depth
    profile: str | None = None  # a shipped profile's name, or a profile file (absolute); None: the default
    given: frozenset[str] = frozenset()  # the keys the manifest's [review] table gives (the rest are defaults)


@dataclass(frozen=True)
class Datums:
    """The ``[datums]`` table: how the tidal datums stand to one another at the site (ft).

    ``mllw_below_mlw_ft`` is how far mean lower low water lies below mean low
    water; with soundings (depths below MLW) it places the MLLW line (the
    contour of the soundings at that depth) and turns depths at MLW into depths
    at MLLW. ``mhw_ft`` is MHW's elevation (ft) in the geodetic datum
    ``vertical_datum`` (a tide station's published datums give it, e.g. MHW in
    NAVD88): with an elevation layer in that datum it puts the deck on the
    ground's datum.
    """

    mllw_below_mlw_ft: float | None = None
    mhw_ft: float | None = None  # MHW's elevation (ft) in vertical_datum, the elevation layer's datum
    vertical_datum: str | None = None


@dataclass(frozen=True)
class EvidenceSettings:
    """The ``[evidence]`` table: how the Board evidence is gathered (Docks H; Art. VIII, waivers).

    Distances in feet; ``viewpoints`` are (x, y) in the working CRS, each with an
    optional eye height above MHW (ft) as a third number.
    """

    view_radius_ft: float = 1000.0
    neighbour_distance_ft: float = 500.0
    pierhead_distance_ft: float = 1000.0
    eye_height_ft: float | None = None
    viewpoints: tuple[tuple[float, ...], ...] = ()


@dataclass(frozen=True)
class Exhibit:
    """The ``[exhibit]`` table: what the exhibit's title block says about the application."""

    applicant: str | None = None
    application: str | None = None
    address: str | None = None
    prepared_by: str | None = None
    date: str | None = None


@dataclass(frozen=True)
class Vessel:
    """The boat or boats the dock serves (Docks D(2)(a)[1])."""

    draft_ft: float | None = None
    clearance_ft: float | None = None  # None: the profile's nav_depth_clearance_ft
    length_ft: float | None = None  # the moored vessel's length and beam, where a profile counts it in the dock's extent
    beam_ft: float | None = None
    moored_at: str = "float"  # alongside the float, or in the boat lift ("lift")


@dataclass(frozen=True)
class Waiver:
    """A Board of Trustees waiver of one check (Art. VIII, waivers)."""

    check: str
    date: str
    granted_by: str
    note: str = ""


@dataclass(frozen=True)
class Condition:
    """A condition imposed on the permit (Art. VIII, conditions)."""

    text: str
    imposed_by: str = ""
    date: str = ""


@dataclass(frozen=True)
class Manifest:
    """A parsed, validated site manifest."""

    path: Path
    name: str
    crs: str
    layers: dict[str, LayerSpec]
    parcel_id_field: str
    parcel_id: str
    dock: DockSpec
    review: ReviewSettings = field(default_factory=ReviewSettings)
    docks_id_field: str | None = None
    depth_field: str | None = None
    parcel_class_field: str | None = None
    federal: bool = False
    vessel: Vessel = field(default_factory=Vessel)
    waivers: tuple[Waiver, ...] = ()
    conditions: tuple[Condition, ...] = ()
    charts: tuple[Path, ...] = ()  # S-57 cells (layers.chart)
    datum_offset_ft: float | None = None  # MLW - MLLW, for chart depths (soundings.datum_offset_ft)
    crs_named: bool = True  # False when site.crs is left to its default
    exhibit: Exhibit = field(default_factory=Exhibit)
    evidence: EvidenceSettings = field(default_factory=EvidenceSettings)
    channels_name_field: str | None = None  # labels channels and anchorages on the exhibit
    datums: Datums = field(default_factory=Datums)
    water: str | None = None  # the kind of water the lot fronts ([site] water: "canal", "lake")
    #: ``[accuracy]``: each role's accuracy as stated for layers the manifest does not give as a table (a chart's):
    #: role -> (horizontal ft, vertical ft), either None when not stated.
    accuracy: dict[str, tuple[float | None, float | None]] = field(default_factory=dict)

    @property
    def folder(self) -> Path:
        """The folder manifest paths are relative to."""
        return self.path.parent


ALLOWED = {
    "": {
        "site", "layers", "parcel", "dock", "review", "vessel", "soundings", "waiver", "condition", "exhibit", "evidence",
        "datums", "accuracy",
    },
    "accuracy": {*LAYER_NAMES, *RASTER_NAMES},
    "site": {"name", "crs", "water"},
    "layers": {*LAYER_NAMES, *RASTER_NAMES, "docks_id_field", "channels_name_field", "chart"},
    "layer": {"path", "layer", "assume_crs", *ACCURACY_KEYS},
    "raster": {"path", "assume_crs", "vertical_datum", "unit", *ACCURACY_KEYS},
    "parcel": {"id_field", "id", "class_field", "federal"},
    "dock": {
        "file", "component_field", "root", "bearing", "length", "width", "float",
        "float_draft_ft", "use", "replaces", "season", "attributes",
        "cad_layers",
    },
    "float": {"length", "width", "layout", "side"},
    "attributes": set(ATTRIBUTES),
    "vessel": {"draft_ft", "clearance_ft", "length_ft", "beam_ft", "moored_at"},
    "datums": {*DATUM_OFFSETS, *MHW_ELEVATION_KEYS},
    "soundings": {"depth_field"},
    "waiver": {"check", "date", "granted_by", "note"},
    "condition": {"text", "imposed_by", "date"},
    "review": {
        "extension", "mhw_tolerance_ft", "terminus_depth_ft", "extension_direction", "course_tolerance_ft", "chord_ft",
        "riparian_method", "baseline_ft", "cove_line", "lake_center", "navigation_ft", "navigation_depth_ft", "profile",
    },
    "exhibit": {"applicant", "application", "address", "prepared_by", "date"},
    "evidence": {"view_radius_ft", "neighbour_distance_ft", "pierhead_distance_ft", "eye_height_ft", "viewpoints"},
}
