"""The site manifest: ``site.toml`` parsed into frozen, validated dataclasses.

Paths in the manifest are relative to the manifest's folder. Every problem found
is collected and raised together as one :class:`~dockreview.errors.ManifestError`
whose message names the manifest and each offending key; unknown keys are refused
with the nearest valid key suggested.
"""

from __future__ import annotations

import difflib
import math
import tomllib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from dockreview.errors import ManifestError

DEFAULT_CRS = "EPSG:2263"
COMPONENTS = ("walkway", "ramp", "float", "landing", "boat_lift", "pwc_lift", "pile")
LAYER_NAMES = (
    "parcels", "mhw", "channels", "docks", "soundings", "vegetation", "buildings", "mlw", "centerline", "cove_line",
    "mllw", "bulkhead",
)
#: Where a moored vessel lies (``[vessel] moored_at``): alongside the float, or in the boat lift.
MOORINGS = ("float", "lift")
#: How a side line is carried seaward in the "straight" extension: along its last course, or the chord of its last ``chord_ft``.
EXTENSION_DIRECTIONS = ("last-course", "chord")
#: How riparian lines are drawn from the water corners (README, "Riparian lines by method").
RIPARIAN_METHODS = ("extended-side-lines", "perpendicular-to-trend", "perpendicular-to-centerline", "colonial", "proportional")
FLOAT_LAYOUTS = ("I", "T", "L")

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
}


@dataclass(frozen=True)
class LayerSpec:
    """Where one layer lives: a file, an optional layer inside it, an assumed CRS."""

    path: Path
    layer: str | None = None
    assume_crs: str | None = None
    declared_as: str = ""

    def describe(self) -> str:
        """Return ``file`` or ``file:layer`` as the user would write it."""
        return f"{self.path}:{self.layer}" if self.layer else str(self.path)


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
    profile: str | None = None  # a shipped profile's name, or a profile file (absolute); None: the default


@dataclass(frozen=True)
class Datums:
    """The ``[datums]`` table: how the tidal datums stand to one another at the site (ft).

    ``mllw_below_mlw_ft`` is how far mean lower low water lies below mean low
    water; with soundings (depths below MLW) it places the MLLW line (the
    contour of the soundings at that depth) and turns depths at MLW into depths
    at MLLW.
    """

    mllw_below_mlw_ft: float | None = None


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

    @property
    def folder(self) -> Path:
        """The folder manifest paths are relative to."""
        return self.path.parent


_ALLOWED = {
    "": {
        "site", "layers", "parcel", "dock", "review", "vessel", "soundings", "waiver", "condition", "exhibit", "evidence",
        "datums",
    },
    "site": {"name", "crs"},
    "layers": {*LAYER_NAMES, "docks_id_field", "channels_name_field", "chart"},
    "layer": {"path", "layer", "assume_crs"},
    "parcel": {"id_field", "id", "class_field", "federal"},
    "dock": {
        "file", "component_field", "root", "bearing", "length", "width", "float",
        "float_draft_ft", "use", "replaces", "season", "attributes",
        "cad_layers",
    },
    "float": {"length", "width", "layout", "side"},
    "attributes": set(ATTRIBUTES),
    "vessel": {"draft_ft", "clearance_ft", "length_ft", "beam_ft", "moored_at"},
    "datums": {"mllw_below_mlw_ft"},
    "soundings": {"depth_field"},
    "waiver": {"check", "date", "granted_by", "note"},
    "condition": {"text", "imposed_by", "date"},
    "review": {
        "extension", "mhw_tolerance_ft", "terminus_depth_ft", "extension_direction", "course_tolerance_ft", "chord_ft",
        "riparian_method", "baseline_ft", "cove_line", "profile",
    },
    "exhibit": {"applicant", "application", "address", "prepared_by", "date"},
    "evidence": {"view_radius_ft", "neighbour_distance_ft", "pierhead_distance_ft", "eye_height_ft", "viewpoints"},
}


class _Problems:
    """Collects every problem of one manifest before raising them together."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.items: list[str] = []

    def add(self, message: str) -> None:
        self.items.append(message)

    def unknown_keys(self, table: dict[str, Any], allowed_key: str, where: str) -> None:
        allowed = _ALLOWED[allowed_key]
        for key in table:
            if key not in allowed:
                close = difflib.get_close_matches(key, sorted(allowed), n=1, cutoff=0.5)
                hint = f" (did you mean '{close[0]}'?)" if close else f" (valid: {', '.join(sorted(allowed))})"
                self.add(f"unknown key '{where}{key}'{hint}")

    def raise_if_any(self) -> None:
        if self.items:
            raise ManifestError(f"{self.path}: " + "; ".join(self.items))


def _number(value: Any, key: str, problems: _Problems, *, positive: bool = True) -> float | None:
    """Return ``value`` as a finite float, or record why it is not one."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        problems.add(f"'{key}' must be a number, got {value!r}")
        return None
    if positive and value <= 0:
        problems.add(f"'{key}' must be greater than zero, got {value!r}")
        return None
    return float(value)


def _layer(value: Any, name: str, folder: Path, problems: _Problems) -> LayerSpec | None:
    """Parse one layer reference: ``"a.shp"``, ``"b.gpkg:layer"`` or a table."""
    if isinstance(value, str):
        path, layer = _split_layer(value)
        return LayerSpec((folder / path).resolve(), layer, None, value)
    if isinstance(value, dict):
        problems.unknown_keys(value, "layer", f"layers.{name}.")
        if "path" not in value or not isinstance(value["path"], str):
            problems.add(f"layer '{name}' needs a 'path' string")
            return None
        crs = value.get("assume_crs")
        if crs is not None and not isinstance(crs, str):
            problems.add(f"'layers.{name}.assume_crs' must be a string such as \"EPSG:2263\"")
            crs = None
        layer = value.get("layer")
        return LayerSpec((folder / value["path"]).resolve(), layer, crs, value["path"])
    problems.add(f"layer '{name}' must be a path string or a table with 'path', got {value!r}")
    return None


def _split_layer(text: str) -> tuple[str, str | None]:
    """Split ``"file.gpkg:layer"`` into path and layer (a Windows drive letter is kept).

    A zip's layer may name a folder inside it: ``"county.zip:parcels/lots"``.
    """
    head, sep, tail = text.rpartition(":")
    in_zip = head.lower().endswith(".zip")
    if sep and head and len(head) > 1 and (in_zip or ("/" not in tail and "\\" not in tail)):
        return head, tail
    return text, None


def _float_spec(value: Any, problems: _Problems) -> FloatSpec | None:
    if not isinstance(value, dict):
        problems.add("'dock.float' must be a table like { length = 20.0, width = 10.0, layout = \"T\" }")
        return None
    problems.unknown_keys(value, "float", "dock.float.")
    length = _number(value.get("length"), "dock.float.length", problems)
    width = _number(value.get("width"), "dock.float.width", problems)
    layout = str(value.get("layout", "T")).upper()
    side = value.get("side")
    if layout not in FLOAT_LAYOUTS:
        problems.add(f"'dock.float.layout' must be one of I, T, L, got {value.get('layout')!r}")
    if layout == "L" and side not in ("left", "right"):
        problems.add("an L float needs 'dock.float.side' = \"left\" or \"right\" (looking seaward)")
    if side is not None and side not in ("left", "right"):
        problems.add(f"'dock.float.side' must be \"left\" or \"right\", got {side!r}")
    if length is None or width is None:
        return None
    return FloatSpec(length, width, layout, side)


def _dock(table: Any, folder: Path, problems: _Problems) -> DockSpec | None:
    if not isinstance(table, dict) or not table:
        problems.add("missing [dock] table: give a footprint 'file' or a parametric dock (root, bearing, length, width)")
        return None
    problems.unknown_keys(table, "dock", "dock.")
    use = _dock_use(table, problems)
    parametric_keys = {"root", "bearing", "length", "width", "float"} & table.keys()
    if "file" in table and parametric_keys:
        problems.add(
            "the dock is given both ways: 'dock.file' and parametric keys "
            f"({', '.join(sorted(parametric_keys))}); keep one"
        )
        return None
    if "file" in table:
        footprint = _layer(table["file"], "dock", folder, problems)
        field_name = table.get("component_field", "component")
        cad_layers = _cad_layers(table.get("cad_layers"), footprint, problems)
        return DockSpec(footprint=footprint, component_field=str(field_name), cad_layers=cad_layers, **use)
    if not parametric_keys:
        problems.add("the dock is not given: set 'dock.file' (a footprint) or 'dock.length' and 'dock.width'")
        return None
    if "component_field" in table:
        problems.add("'dock.component_field' belongs to a footprint dock ('dock.file')")
    if "cad_layers" in table:
        problems.add("'dock.cad_layers' belongs to a DXF survey given as 'dock.file'")
    spec = _parametric_dock(table, problems)
    return DockSpec(**{**spec.__dict__, **use})


def _cad_layers(value: Any, footprint: LayerSpec | None, problems: _Problems) -> dict[str, str]:
    """``[dock.cad_layers]``: CAD layer name -> component; required for a DXF survey, only for one."""
    is_dxf = footprint is not None and footprint.path.suffix.lower() == ".dxf"
    if value is None:
        if is_dxf:
            problems.add(
                "a DXF survey needs [dock.cad_layers] mapping its CAD layers to components, "
                "like { \"DOCK-WALK\" = \"walkway\", \"FLOAT\" = \"float\" }"
            )
        return {}
    if not is_dxf:
        problems.add("'dock.cad_layers' applies only to a DXF survey ('dock.file' ending in .dxf)")
        return {}
    if not isinstance(value, dict) or not value:
        problems.add("'dock.cad_layers' must be a table like { \"DOCK-WALK\" = \"walkway\" }")
        return {}
    out = {}
    for layer, component in value.items():
        kind = str(component).strip().lower().replace(" ", "_")
        if kind not in COMPONENTS:
            problems.add(f"'dock.cad_layers.{layer}' is {component!r}; use one of {', '.join(COMPONENTS)}")
        out[str(layer)] = kind
    return out


def _dock_use(table: dict[str, Any], problems: _Problems) -> dict[str, Any]:
    """The ``[dock]`` keys about use and construction (Docks A, D(2)(c)[5], (d)-(h), boat lifts E)."""
    out: dict[str, Any] = {}
    if "float_draft_ft" in table:
        out["float_draft_ft"] = _number(table["float_draft_ft"], "dock.float_draft_ft", problems, positive=False)
    if "use" in table:
        if isinstance(table["use"], str):
            out["use"] = table["use"].strip().lower()
        else:
            problems.add(f"'dock.use' must be a string such as \"recreational\", got {table['use']!r}")
    if "replaces" in table:
        replaces = table["replaces"]
        replaces = [replaces] if isinstance(replaces, str) else replaces
        if isinstance(replaces, list) and all(isinstance(r, (str, int)) for r in replaces):
            out["replaces"] = tuple(str(r) for r in replaces)
        else:
            problems.add("'dock.replaces' must be a list of existing dock ids, like [\"D-105-33\"]")
    if "season" in table:
        out["season"] = _season(table["season"], problems)
    if "attributes" in table:
        out["attributes"] = _attributes(table["attributes"], problems)
    return out


def _season(value: Any, problems: _Problems) -> tuple[str, str] | None:
    """``["04-15", "10-31"]``: first and last day of the season, normalised to "MM-DD"."""
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
        try:
            days = [datetime.strptime(f"2000-{v.strip()}", "%Y-%m-%d") for v in value]
        except ValueError:
            days = []
        if days:
            return days[0].strftime("%m-%d"), days[1].strftime("%m-%d")
    problems.add(f"'dock.season' must be [first, last] days as \"MM-DD\" strings, like [\"04-15\", \"10-31\"], got {value!r}")
    return None


def _attributes(table: Any, problems: _Problems) -> dict[str, Any]:
    """``[dock.attributes]``: each value checked against its kind in :data:`ATTRIBUTES`."""
    if not isinstance(table, dict):
        problems.add("'dock.attributes' must be a table")
        return {}
    problems.unknown_keys(table, "attributes", "dock.attributes.")
    out: dict[str, Any] = {}
    for key, value in table.items():
        kind = ATTRIBUTES.get(key)
        where = f"dock.attributes.{key}"
        if kind is None:
            continue
        if kind == "bool":
            if isinstance(value, bool):
                out[key] = value
            else:
                problems.add(f"'{where}' must be true or false, got {value!r}")
        elif kind == "text":
            if isinstance(value, str):
                out[key] = value.strip().lower()
            else:
                problems.add(f"'{where}' must be a string, got {value!r}")
        elif kind == "texts":
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                out[key] = tuple(v.strip().lower() for v in value)
            else:
                problems.add(f"'{where}' must be a list of strings, got {value!r}")
        elif value is False and kind == "number_or_false":
            out[key] = False
        else:
            number = _number(value, where, problems, positive=False)
            if number is not None and (number < 0 or (key.endswith("_fraction") and number > 1)):
                problems.add(f"'{where}' must be {'between 0 and 1' if key.endswith('_fraction') else 'zero or more'}, got {value!r}")
            elif number is not None:
                out[key] = number
    return out


def _parametric_dock(table: dict[str, Any], problems: _Problems) -> DockSpec:
    root = table.get("root", "auto")
    root_xy = None
    if root != "auto":
        if (
            isinstance(root, list)
            and len(root) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in root)
        ):
            root_xy = (float(root[0]), float(root[1]))
        else:
            problems.add(f"'dock.root' must be \"auto\" or [x, y] in the working CRS, got {root!r}")
    bearing_value = table.get("bearing", "perpendicular")
    bearing = None
    if bearing_value != "perpendicular":
        bearing = _number(bearing_value, "dock.bearing", problems, positive=False)
        if bearing is not None:
            bearing %= 360.0
    if "length" not in table:
        problems.add("a parametric dock needs 'dock.length' (walkway length from the root, ft)")
    if "width" not in table:
        problems.add("a parametric dock needs 'dock.width' (walkway width, ft)")
    length = _number(table["length"], "dock.length", problems) if "length" in table else None
    width = _number(table["width"], "dock.width", problems) if "width" in table else None
    float_spec = _float_spec(table["float"], problems) if "float" in table else None
    return DockSpec(root=root_xy, bearing=bearing, length=length, width=width, float=float_spec)


def _profile_choice(value: Any, folder: Path, problems: _Problems) -> str | None:
    """``review.profile``: a shipped profile's name, or a profile file relative to the manifest (made absolute)."""
    from dockreview.profile import profile_names

    if value is None:
        return None
    shipped = profile_names()
    if not isinstance(value, str) or not value.strip():
        problems.add(f"'review.profile' must be a profile name ({', '.join(shipped)}) or a profile file, got {value!r}")
        return None
    value = value.strip()
    if value.endswith(".toml") or "/" in value or "\\" in value:
        path = (folder / value).resolve()
        if not path.is_file():
            problems.add(f"'review.profile' names the file {value}, which does not exist beside the manifest")
            return None
        return str(path)
    if value not in shipped:
        close = difflib.get_close_matches(value, shipped, n=1, cutoff=0.5)
        hint = f"did you mean '{close[0]}'?" if close else f"the shipped profiles are: {', '.join(shipped)}"
        problems.add(f"'review.profile' is '{value}', not a shipped profile; {hint} (or give a .toml file)")
        return None
    return value


def _review(table: Any, problems: _Problems, folder: Path | None = None) -> ReviewSettings:
    if not isinstance(table, dict):
        problems.add("[review] must be a table")
        return ReviewSettings()
    problems.unknown_keys(table, "review", "review.")
    extension = table.get("extension", "straight")
    if extension not in ("straight", "perpendicular"):
        problems.add(f"'review.extension' must be \"straight\" or \"perpendicular\", got {extension!r}")
        extension = "straight"
    tolerance = _number(table.get("mhw_tolerance_ft", 5.0), "review.mhw_tolerance_ft", problems, positive=False)
    depth = _number(table.get("terminus_depth_ft", 20.0), "review.terminus_depth_ft", problems, positive=False)
    if tolerance is not None and tolerance < 0:
        problems.add("'review.mhw_tolerance_ft' must not be negative")
    if depth is not None and depth < 0:
        problems.add("'review.terminus_depth_ft' must not be negative")
    direction = table.get("extension_direction", "last-course")
    if direction not in EXTENSION_DIRECTIONS:
        problems.add(f"'review.extension_direction' must be \"last-course\" or \"chord\", got {direction!r}")
        direction = "last-course"
    course = _number(table.get("course_tolerance_ft", 0.5), "review.course_tolerance_ft", problems)
    chord = _number(table.get("chord_ft", 50.0), "review.chord_ft", problems)
    method = table.get("riparian_method")
    if method is not None and method not in RIPARIAN_METHODS:
        close = difflib.get_close_matches(str(method), RIPARIAN_METHODS, n=1, cutoff=0.5)
        hint = f" (did you mean {close[0]!r}?)" if close else f"; the methods are: {', '.join(RIPARIAN_METHODS)}"
        problems.add(f"'review.riparian_method' {method!r} is not a riparian method{hint}")
        method = None
    baseline = _number(table["baseline_ft"], "review.baseline_ft", problems) if "baseline_ft" in table else None
    profile = _profile_choice(table.get("profile"), folder or Path("."), problems)
    return ReviewSettings(
        extension, tolerance or 0.0, depth if depth is not None else 20.0, direction, course or 0.5, chord or 50.0,
        method, baseline, _cove_line(table.get("cove_line"), problems), profile,
    )


def _cove_line(value: Any, problems: _Problems) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """``[review] cove_line``: two [x, y] points in the working CRS (the cove's headlands), or None."""
    if value is None:
        return None
    good = (
        isinstance(value, list) and len(value) == 2
        and all(isinstance(p, list) and len(p) == 2 for p in value)
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for p in value for v in p)
    )
    if not good or value[0] == value[1]:
        problems.add(
            "'review.cove_line' must be two different points [[x, y], [x, y]] in the working CRS: the cove's headlands"
        )
        return None
    return (float(value[0][0]), float(value[0][1])), (float(value[1][0]), float(value[1][1]))


def _evidence(table: Any, problems: _Problems) -> EvidenceSettings:
    """The ``[evidence]`` table: positive distances, viewpoints as [x, y] or [x, y, eye height]."""
    if not isinstance(table, dict):
        problems.add("[evidence] must be a table")
        return EvidenceSettings()
    problems.unknown_keys(table, "evidence", "evidence.")
    base = EvidenceSettings()
    values = {}
    for key in ("view_radius_ft", "neighbour_distance_ft", "pierhead_distance_ft", "eye_height_ft"):
        if key in table:
            number = _number(table[key], f"evidence.{key}", problems, positive=key != "eye_height_ft")
            if number is not None:
                values[key] = number
    points = table.get("viewpoints", [])
    good = isinstance(points, list) and all(
        isinstance(p, list) and len(p) in (2, 3) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in p)
        for p in points
    )
    if not good:
        problems.add("'evidence.viewpoints' must be a list of [x, y] or [x, y, eye_height_ft] in the working CRS")
        points = []
    return EvidenceSettings(**{**base.__dict__, **values, "viewpoints": tuple(tuple(float(v) for v in p) for p in points)})


def _exhibit(table: Any, problems: _Problems) -> Exhibit:
    """The ``[exhibit]`` table: every value a string (a TOML date is written as it reads)."""
    if not isinstance(table, dict):
        problems.add("[exhibit] must be a table")
        return Exhibit()
    problems.unknown_keys(table, "exhibit", "exhibit.")
    return Exhibit(**{k: str(v) for k, v in table.items() if k in _ALLOWED["exhibit"]})


def parse_manifest(data: dict[str, Any], path: Path) -> Manifest:
    """Validate a manifest already parsed from TOML.

    Parameters
    ----------
    data : dict
        The TOML document.
    path : Path
        The manifest's path; relative layer paths are resolved against its folder.

    Returns
    -------
    Manifest

    Raises
    ------
    ManifestError
        Listing every problem found, each naming its key.
    """
    path = Path(path).resolve()
    folder = path.parent
    problems = _Problems(path)
    problems.unknown_keys(data, "", "")

    site = data.get("site", {})
    if not isinstance(site, dict):
        problems.add("[site] must be a table")
        site = {}
    problems.unknown_keys(site, "site", "site.")
    crs = site.get("crs", DEFAULT_CRS)
    if not isinstance(crs, str):
        problems.add(f"'site.crs' must be a string such as \"EPSG:2263\", got {crs!r}")
        crs = DEFAULT_CRS

    layers_table = data.get("layers")
    layers: dict[str, LayerSpec] = {}
    if not isinstance(layers_table, dict):
        problems.add("missing [layers] table with at least 'parcels' and 'mhw'")
    else:
        problems.unknown_keys(layers_table, "layers", "layers.")
        for required in ("parcels",) if "chart" in layers_table else ("parcels", "mhw"):
            if required not in layers_table:
                problems.add(f"missing required layer 'layers.{required}'")
        for name in LAYER_NAMES:
            if name in layers_table:
                spec = _layer(layers_table[name], name, folder, problems)
                if spec is not None:
                    layers[name] = spec

    charts = _charts(layers_table.get("chart"), folder, problems) if isinstance(layers_table, dict) else ()

    parcel = data.get("parcel")
    parcel_id_field, parcel_id = "", ""
    if not isinstance(parcel, dict):
        problems.add("missing [parcel] table with 'id_field' and 'id'")
    else:
        problems.unknown_keys(parcel, "parcel", "parcel.")
        if "id_field" not in parcel or "id" not in parcel:
            problems.add("[parcel] needs 'id_field' (the parcels layer's id column) and 'id' (the subject lot)")
        parcel_id_field = str(parcel.get("id_field", ""))
        parcel_id = str(parcel.get("id", ""))
        if "class_field" in parcel and not isinstance(parcel["class_field"], str):
            problems.add("'parcel.class_field' must be the name of the parcels layer's property-class field")
        if not isinstance(parcel.get("federal", False), bool):
            problems.add("'parcel.federal' must be true or false")
    parcel = parcel if isinstance(parcel, dict) else {}
    docks_id_field = layers_table.get("docks_id_field") if isinstance(layers_table, dict) else None
    if docks_id_field is not None and not isinstance(docks_id_field, str):
        problems.add("'layers.docks_id_field' must be the name of the docks layer's id field")
        docks_id_field = None

    channels_name_field = layers_table.get("channels_name_field") if isinstance(layers_table, dict) else None
    if channels_name_field is not None and not isinstance(channels_name_field, str):
        problems.add("'layers.channels_name_field' must be the name of the channels layer's name field")
        channels_name_field = None

    dock = _dock(data.get("dock"), folder, problems)
    review = _review(data.get("review", {}), problems, folder)
    exhibit = _exhibit(data.get("exhibit", {}), problems)
    evidence = _evidence(data.get("evidence", {}), problems)
    if dock is not None and dock.replaces and not docks_id_field:
        problems.add("'dock.replaces' names existing docks: give the docks layer's id field as 'layers.docks_id_field'")
    datum_offset_ft, soundings_table = _datum_offset(data.get("soundings"), bool(charts), problems)
    depth_field = _soundings(soundings_table, "soundings" in layers, problems)
    vessel = _vessel(data.get("vessel", {}), problems)
    datums = _datums(data.get("datums", {}), problems)
    waivers = tuple(Waiver(**w) for w in _entries(data.get("waiver", []), "waiver", ("check", "date", "granted_by"), problems))
    conditions = tuple(Condition(**c) for c in _entries(data.get("condition", []), "condition", ("text",), problems))
    problems.raise_if_any()
    return Manifest(
        path=path,
        name=str(site.get("name", parcel_id)),
        crs=crs,
        layers=layers,
        parcel_id_field=parcel_id_field,
        parcel_id=parcel_id,
        dock=dock,  # type: ignore[arg-type]  # not None once problems are empty
        review=review,
        docks_id_field=docks_id_field,
        depth_field=depth_field,
        parcel_class_field=parcel.get("class_field"),
        federal=bool(parcel.get("federal", False)),
        vessel=vessel,
        waivers=waivers,
        conditions=conditions,
        charts=charts,
        datum_offset_ft=datum_offset_ft,
        crs_named="crs" in site,
        exhibit=exhibit,
        evidence=evidence,
        channels_name_field=channels_name_field,
        datums=datums,
    )


def _charts(value: Any, folder: Path, problems: _Problems) -> tuple[Path, ...]:
    """``layers.chart``: one S-57 cell or a list of them."""
    if value is None:
        return ()
    cells = [value] if isinstance(value, str) else value
    if not isinstance(cells, list) or not cells or not all(isinstance(c, str) for c in cells):
        problems.add(f"'layers.chart' must be a chart cell like \"US5NY1CM.000\" or a list of them, got {value!r}")
        return ()
    return tuple((folder / c).resolve() for c in cells)


def _datum_offset(table: Any, has_chart: bool, problems: _Problems) -> tuple[float | None, Any]:
    """Take ``soundings.datum_offset_ft`` (MLW - MLLW, ft) out of ``[soundings]``; return it and the rest.

    The rest is ``None`` when nothing else is in the table.
    """
    if not isinstance(table, dict) or "datum_offset_ft" not in table:
        return None, table
    rest = {k: v for k, v in table.items() if k != "datum_offset_ft"}
    if not has_chart:
        problems.add("'soundings.datum_offset_ft' converts chart depths (MLLW) to MLW: it needs 'layers.chart'")
    offset = _number(table["datum_offset_ft"], "soundings.datum_offset_ft", problems, positive=False)
    return offset, rest or None


def _soundings(table: Any, has_layer: bool, problems: _Problems) -> str | None:
    """``[soundings] depth_field``: required with a soundings layer, meaningless without one."""
    if table is None:
        if has_layer:
            problems.add("the soundings layer needs [soundings] depth_field (depth below mean low water, ft, positive down)")
        return None
    if not isinstance(table, dict):
        problems.add("[soundings] must be a table with 'depth_field'")
        return None
    problems.unknown_keys(table, "soundings", "soundings.")
    if not has_layer:
        problems.add("[soundings] is given but 'layers.soundings' is not")
    depth_field = table.get("depth_field")
    if not isinstance(depth_field, str):
        problems.add("'soundings.depth_field' must name the soundings layer's depth field")
        return None
    return depth_field


def _vessel(table: Any, problems: _Problems) -> Vessel:
    """``[vessel]``: the draft of the boat or boats served, and an optional clearance."""
    if not isinstance(table, dict):
        problems.add("[vessel] must be a table with 'draft_ft'")
        return Vessel()
    problems.unknown_keys(table, "vessel", "vessel.")
    draft = _number(table["draft_ft"], "vessel.draft_ft", problems) if "draft_ft" in table else None
    clearance = None
    if "clearance_ft" in table:
        clearance = _number(table["clearance_ft"], "vessel.clearance_ft", problems, positive=False)
        if clearance is not None and clearance < 0:
            problems.add("'vessel.clearance_ft' must not be negative")
            clearance = None
    length = _number(table["length_ft"], "vessel.length_ft", problems) if "length_ft" in table else None
    beam = _number(table["beam_ft"], "vessel.beam_ft", problems) if "beam_ft" in table else None
    if ("length_ft" in table) != ("beam_ft" in table):
        problems.add("a moored vessel needs both 'vessel.length_ft' and 'vessel.beam_ft' (its length overall and beam, ft)")
    moored_at = table.get("moored_at", "float")
    if moored_at not in MOORINGS:
        problems.add(f"'vessel.moored_at' must be \"float\" or \"lift\", got {moored_at!r}")
        moored_at = "float"
    elif "moored_at" in table and "length_ft" not in table:
        problems.add("'vessel.moored_at' places a moored vessel: give its 'vessel.length_ft' and 'vessel.beam_ft'")
    return Vessel(draft, clearance, length, beam, moored_at)


def _datums(table: Any, problems: _Problems) -> Datums:
    """``[datums]``: offsets between tidal datums at the site, ft (zero or more)."""
    if not isinstance(table, dict):
        problems.add("[datums] must be a table like { mllw_below_mlw_ft = 0.3 }")
        return Datums()
    problems.unknown_keys(table, "datums", "datums.")
    values = {}
    for key in _ALLOWED["datums"]:
        if key in table:
            number = _number(table[key], f"datums.{key}", problems, positive=False)
            if number is not None and number < 0:
                problems.add(f"'datums.{key}' must be zero or more (MLLW lies below MLW), got {table[key]!r}")
            elif number is not None:
                values[key] = number
    return Datums(**values)


def _entries(value: Any, name: str, required: tuple[str, ...], problems: _Problems) -> list[dict[str, str]]:
    """The ``[[waiver]]`` or ``[[condition]]`` entries, every value a string."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        problems.add(f"'{name}' must be written as [[{name}]] tables")
        return []
    entries = []
    for i, entry in enumerate(value, start=1):
        problems.unknown_keys(entry, name, f"{name}[{i}].")
        missing = [key for key in required if key not in entry]
        if missing:
            problems.add(f"[[{name}]] number {i} needs {', '.join(repr(k) for k in missing)}")
            continue
        entries.append({k: str(v) for k, v in entry.items() if k in _ALLOWED[name]})
    return entries


def load_manifest(path: str | Path) -> Manifest:
    """Read and validate ``site.toml``.

    Raises
    ------
    ManifestError
        When the file is missing, is not valid TOML, or fails validation.
    """
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise ManifestError(f"{path}: manifest not found; check the path") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ManifestError(f"{path}: cannot read the manifest ({exc})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ManifestError(f"{path}: invalid TOML: {exc}") from None
    return parse_manifest(data, path)
