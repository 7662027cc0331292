"""The site manifest: ``site.toml`` parsed into frozen, validated dataclasses.

Paths in the manifest are relative to the manifest's folder. Every problem found
is collected and raised together as one :class:`~dockreview.errors.ManifestError`
whose message names the manifest and each offending key; unknown keys are refused
with the nearest valid key suggested.
"""

from __future__ import annotations

import dataclasses
import difflib
import math
from pathlib import Path
from typing import Any

from dockreview.errors import ManifestError
from dockreview.inputs.manifest_dock import parse_dock
from dockreview.inputs.manifest_elevation import check_datums_agree, mhw_elevation, raster_spec
from dockreview.inputs.manifest_values import Problems, as_number, entries_of, layer_spec, resolve_path
from dockreview.inputs.ranges import out_of_range
from dockreview.inputs.spec import *  # noqa: F403  (the spec's names, importable from here as before)
from dockreview.inputs.spec import (
    ACCURACY_KEYS,
    ALLOWED,
    DATUM_OFFSETS,
    DEFAULT_CRS,
    EXTENSION_DIRECTIONS,
    LAYER_NAMES,
    MOORINGS,
    RASTER_NAMES,
    RIPARIAN_METHODS,
    VERTICAL_LAYERS,
    Condition,
    Datums,
    EvidenceSettings,
    Exhibit,
    LayerSpec,
    Manifest,
    ReviewSettings,
    Vessel,
    Waiver,
)
from dockreview.profile import WATER_KINDS
from dockreview.tomlfile import read_toml, special_kind


def _profile_choice(value: Any, folder: Path, problems: Problems) -> str | None:
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
        path = resolve_path(folder, value)
        kind = special_kind(path)
        if kind is not None:
            problems.add(f"'review.profile' names {value}, which is {kind}, not a file; give the profile's file")
            return None
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


def _review(table: Any, problems: Problems, folder: Path | None = None) -> ReviewSettings:
    if not isinstance(table, dict):
        problems.add("[review] must be a table")
        return ReviewSettings()
    problems.unknown_keys(table, "review", "review.")
    extension = table.get("extension", "straight")
    if extension not in ("straight", "perpendicular"):
        problems.add(f"'review.extension' must be \"straight\" or \"perpendicular\", got {extension!r}")
        extension = "straight"
    tolerance = as_number(table.get("mhw_tolerance_ft", 5.0), "review.mhw_tolerance_ft", problems, positive=False)
    depth = as_number(table.get("terminus_depth_ft", 20.0), "review.terminus_depth_ft", problems, positive=False)
    if tolerance is not None and tolerance < 0:
        problems.add("'review.mhw_tolerance_ft' must not be negative")
    if depth is not None and depth < 0:
        problems.add("'review.terminus_depth_ft' must not be negative")
    direction = table.get("extension_direction", "last-course")
    if direction not in EXTENSION_DIRECTIONS:
        problems.add(f"'review.extension_direction' must be \"last-course\" or \"chord\", got {direction!r}")
        direction = "last-course"
    course = as_number(table.get("course_tolerance_ft", 0.5), "review.course_tolerance_ft", problems)
    chord = as_number(table.get("chord_ft", 50.0), "review.chord_ft", problems)
    method = table.get("riparian_method")
    if method is not None and (not isinstance(method, str) or method not in RIPARIAN_METHODS):
        close = difflib.get_close_matches(str(method), RIPARIAN_METHODS, n=1, cutoff=0.5)
        hint = f" (did you mean {close[0]!r}?)" if close else f"; the methods are: {', '.join(RIPARIAN_METHODS)}"
        problems.add(f"'review.riparian_method' {method!r} is not a riparian method{hint}")
        method = None
    baseline = as_number(table["baseline_ft"], "review.baseline_ft", problems) if "baseline_ft" in table else None
    profile = _profile_choice(table.get("profile"), folder or Path("."), problems)
    return ReviewSettings(
        extension, tolerance or 0.0, depth if depth is not None else 20.0, direction, course or 0.5, chord or 50.0,
        method, baseline, _cove_line(table.get("cove_line"), problems), _lake_center(table.get("lake_center"), problems),
        _distance(table.get("navigation_ft"), "navigation_ft", "the line of navigation from the MHW line", problems),
        _distance(table.get("navigation_depth_ft"), "navigation_depth_ft", "the depth of the line of navigation", problems),
        profile, frozenset(table),
    )


def _lake_center(value: Any, problems: Problems) -> tuple[float, float] | None:
    """``[review] lake_center``: one [x, y] point in the working CRS (a round lake's centre), or None."""
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(_finite(v) for v in value)):
        problems.add("'review.lake_center' must be one point [x, y] in the working CRS: the round lake's centre")
        return None
    return float(value[0]), float(value[1])


def _distance(value: Any, key: str, what: str, problems: Problems) -> float | None:
    """A ``[review]`` distance in feet above zero (``navigation_ft``, ``navigation_depth_ft``), or None."""
    if value is None:
        return None
    if not (_finite(value) and value > 0):
        problems.add(f"'review.{key}' must be feet above zero ({what}), got {value!r}")
        return None
    return float(value)


def _finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _cove_line(value: Any, problems: Problems) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """``[review] cove_line``: two [x, y] points in the working CRS (the cove's headlands), or None."""
    if value is None:
        return None
    good = (
        isinstance(value, list) and len(value) == 2
        and all(isinstance(p, list) and len(p) == 2 for p in value)
        and all(_finite(v) for p in value for v in p)
    )
    if not good or value[0] == value[1]:
        problems.add(
            "'review.cove_line' must be two different points [[x, y], [x, y]] in the working CRS: the cove's headlands"
        )
        return None
    return (float(value[0][0]), float(value[0][1])), (float(value[1][0]), float(value[1][1]))


def _evidence(table: Any, problems: Problems) -> EvidenceSettings:
    """The ``[evidence]`` table: positive distances, viewpoints as [x, y] or [x, y, eye height]."""
    if not isinstance(table, dict):
        problems.add("[evidence] must be a table")
        return EvidenceSettings()
    problems.unknown_keys(table, "evidence", "evidence.")
    base = EvidenceSettings()
    values = {}
    for key in ("view_radius_ft", "neighbour_distance_ft", "pierhead_distance_ft", "eye_height_ft"):
        if key in table:
            number = as_number(table[key], f"evidence.{key}", problems, positive=key != "eye_height_ft")
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
    finite = [p for p in points if all(_finite_number(v) for v in p)]
    if len(finite) < len(points):
        problems.add("'evidence.viewpoints' must hold finite numbers [x, y] or [x, y, eye_height_ft]")
        points = []
    for i, point in enumerate(points, start=1):
        implausible = out_of_range("evidence.eye_height_ft", float(point[2])) if len(point) == 3 else None
        if implausible:
            problems.add(implausible.replace("'evidence.eye_height_ft'", f"the eye height of 'evidence.viewpoints' [{i}]", 1))
            points = []
            break
    return EvidenceSettings(**{**base.__dict__, **values, "viewpoints": tuple(tuple(float(v) for v in p) for p in points)})


def _finite_number(value: Any) -> bool:
    """Whether ``value`` is a finite float (or an int within a float's range)."""
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _exhibit(table: Any, problems: Problems) -> Exhibit:
    """The ``[exhibit]`` table: every value a string (a TOML date is written as it reads)."""
    if not isinstance(table, dict):
        problems.add("[exhibit] must be a table")
        return Exhibit()
    problems.unknown_keys(table, "exhibit", "exhibit.")
    return Exhibit(**{k: str(v) for k, v in table.items() if k in ALLOWED["exhibit"]})


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
    path = resolve_path(Path.cwd(), str(path))
    folder = path.parent
    problems = Problems(path)
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
    water = site.get("water")
    if water is not None and (not isinstance(water, str) or water not in WATER_KINDS):
        close = difflib.get_close_matches(str(water), WATER_KINDS, n=1)
        hint = f"did you mean '{close[0]}'?" if close else f"the kinds are: {', '.join(WATER_KINDS)}"
        problems.add(f"'site.water' {water!r} is not a kind of water ({hint})")
        water = None

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
                spec = layer_spec(layers_table[name], name, folder, problems)
                if spec is not None:
                    layers[name] = _with_accuracy(spec, layers_table[name], name, problems)
        for name in RASTER_NAMES:
            if name in layers_table:
                raster = raster_spec(layers_table[name], name, folder, problems)
                if raster is not None:
                    layers[name] = _with_accuracy(raster, layers_table[name], name, problems)

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

    dock = parse_dock(data.get("dock"), folder, problems)
    _refuse_dock_accuracy(data.get("dock"), problems)
    accuracy = _accuracy_table(data.get("accuracy", {}), layers, problems)
    review = _review(data.get("review", {}), problems, folder)
    exhibit = _exhibit(data.get("exhibit", {}), problems)
    evidence = _evidence(data.get("evidence", {}), problems)
    if dock is not None and dock.replaces and not docks_id_field:
        problems.add("'dock.replaces' names existing docks: give the docks layer's id field as 'layers.docks_id_field'")
    datum_offset_ft, soundings_table = _datum_offset(data.get("soundings"), bool(charts), problems)
    depth_field = _soundings(soundings_table, "soundings" in layers, problems)
    vessel = _vessel(data.get("vessel", {}), problems)
    datums = _datums(data.get("datums", {}), problems)
    check_datums_agree(layers.get("elevation"), datums.vertical_datum, problems)
    waivers = tuple(Waiver(**w) for w in entries_of(data.get("waiver", []), "waiver", ("check", "date", "granted_by"), problems))
    conditions = tuple(Condition(**c) for c in entries_of(data.get("condition", []), "condition", ("text",), problems))
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
        accuracy=accuracy,
        datum_offset_ft=datum_offset_ft,
        crs_named="crs" in site,
        exhibit=exhibit,
        evidence=evidence,
        channels_name_field=channels_name_field,
        datums=datums,
        water=water,
    )


def _with_accuracy(spec: LayerSpec, value: Any, name: str, problems: Problems) -> LayerSpec:
    """``spec`` with the accuracy its table states (``accuracy_ft``, ``vertical_accuracy_ft``: feet, 95 %).

    A figure must be a number of feet, zero or more; a vertical one belongs to
    soundings and elevation only. A layer given as a path states none.
    """
    if not isinstance(value, dict):
        return spec
    figures: dict[str, float] = {}
    for key in (k for k in ACCURACY_KEYS if k in value):
        where = f"layers.{name}.{key}"
        if key == "vertical_accuracy_ft" and name not in VERTICAL_LAYERS:
            problems.add(f"'{where}' is a vertical accuracy: only soundings and elevation carry one; give 'accuracy_ft'")
            continue
        number = as_number(value[key], where, problems, positive=False)
        if number is not None and number < 0:
            problems.add(f"'{where}' must be zero or more (feet, at 95 %), got {value[key]!r}")
        elif number is not None:
            figures[key] = number
    return dataclasses.replace(spec, **figures) if figures else spec


def _accuracy_table(table: Any, layers: dict, problems: Problems) -> dict[str, tuple[float | None, float | None]]:
    """``[accuracy]``: a role's accuracy, for a layer read from a chart or given as a bare path (``mhw = 0.1``: the
    horizontal, ft at 95 %; ``soundings = { accuracy_ft = 0.3, vertical_accuracy_ft = 0.2 }``). A layer whose own
    table states its accuracy states it there only."""
    if not isinstance(table, dict):
        problems.add("'accuracy' must be a table: a layer's role = its accuracy in feet at 95 %")
        return {}
    out: dict[str, tuple[float | None, float | None]] = {}
    for role, value in table.items():
        figures = value if isinstance(value, dict) else {"accuracy_ft": value}
        unknown = sorted(set(figures) - set(ACCURACY_KEYS))
        if unknown:
            problems.add(f"'accuracy.{role}' has no key {', '.join(map(repr, unknown))}; give {' or '.join(ACCURACY_KEYS)}")
            continue
        spec = layers.get(role)
        if spec is not None and (spec.accuracy_ft is not None or spec.vertical_accuracy_ft is not None):
            problems.add(f"'accuracy.{role}': layers.{role} states its accuracy already; state it once")
            continue
        stated = _with_accuracy(LayerSpec(Path(role)), figures, role, problems)
        out[role] = (stated.accuracy_ft, stated.vertical_accuracy_ft)
    return out


def _refuse_dock_accuracy(table: Any, problems: Problems) -> None:
    """The dock is the proposal, exact as drawn: its footprint file states no accuracy."""
    file = table.get("file") if isinstance(table, dict) else None
    for key in (k for k in ACCURACY_KEYS if isinstance(file, dict) and k in file):
        problems.add(f"'dock.file.{key}': the dock is the proposal, exact as designed; state the accuracy of the site's layers")


def _charts(value: Any, folder: Path, problems: Problems) -> tuple[Path, ...]:
    """``layers.chart``: one S-57 cell or a list of them."""
    if value is None:
        return ()
    cells = [value] if isinstance(value, str) else value
    if not isinstance(cells, list) or not cells or not all(isinstance(c, str) for c in cells):
        problems.add(f"'layers.chart' must be a chart cell like \"US5NY1CM.000\" or a list of them, got {value!r}")
        return ()
    return tuple(resolve_path(folder, c) for c in cells)


def _datum_offset(table: Any, has_chart: bool, problems: Problems) -> tuple[float | None, Any]:
    """Take ``soundings.datum_offset_ft`` (MLW - MLLW, ft) out of ``[soundings]``; return it and the rest.

    The rest is ``None`` when nothing else is in the table.
    """
    if not isinstance(table, dict) or "datum_offset_ft" not in table:
        return None, table
    rest = {k: v for k, v in table.items() if k != "datum_offset_ft"}
    if not has_chart:
        problems.add("'soundings.datum_offset_ft' converts chart depths (MLLW) to MLW: it needs 'layers.chart'")
    offset = as_number(table["datum_offset_ft"], "soundings.datum_offset_ft", problems, positive=False)
    return offset, rest or None


def _soundings(table: Any, has_layer: bool, problems: Problems) -> str | None:
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


def _vessel(table: Any, problems: Problems) -> Vessel:
    """``[vessel]``: the draft of the boat or boats served, and an optional clearance."""
    if not isinstance(table, dict):
        problems.add("[vessel] must be a table with 'draft_ft'")
        return Vessel()
    problems.unknown_keys(table, "vessel", "vessel.")
    draft = as_number(table["draft_ft"], "vessel.draft_ft", problems) if "draft_ft" in table else None
    clearance = None
    if "clearance_ft" in table:
        clearance = as_number(table["clearance_ft"], "vessel.clearance_ft", problems, positive=False)
        if clearance is not None and clearance < 0:
            problems.add("'vessel.clearance_ft' must not be negative")
            clearance = None
    length = as_number(table["length_ft"], "vessel.length_ft", problems) if "length_ft" in table else None
    beam = as_number(table["beam_ft"], "vessel.beam_ft", problems) if "beam_ft" in table else None
    if ("length_ft" in table) != ("beam_ft" in table):
        problems.add("a moored vessel needs both 'vessel.length_ft' and 'vessel.beam_ft' (its length overall and beam, ft)")
    moored_at = table.get("moored_at", "float")
    if moored_at not in MOORINGS:
        problems.add(f"'vessel.moored_at' must be \"float\" or \"lift\", got {moored_at!r}")
        moored_at = "float"
    elif "moored_at" in table and "length_ft" not in table:
        problems.add("'vessel.moored_at' places a moored vessel: give its 'vessel.length_ft' and 'vessel.beam_ft'")
    return Vessel(draft, clearance, length, beam, moored_at)


def _datums(table: Any, problems: Problems) -> Datums:
    """``[datums]``: offsets between tidal datums at the site, ft (zero or more)."""
    if not isinstance(table, dict):
        problems.add("[datums] must be a table like { mllw_below_mlw_ft = 0.3 }")
        return Datums()
    problems.unknown_keys(table, "datums", "datums.")
    values = {}
    for key in DATUM_OFFSETS:
        if key in table:
            number = as_number(table[key], f"datums.{key}", problems, positive=False)
            if number is not None and number < 0:
                problems.add(f"'datums.{key}' must be zero or more (MLLW lies below MLW), got {table[key]!r}")
            elif number is not None:
                values[key] = number
    return Datums(**values, **mhw_elevation(table, problems))


def load_manifest(path: str | Path) -> Manifest:
    """Read and validate ``site.toml``.

    Raises
    ------
    ManifestError
        When the file is missing, is not valid TOML, or fails validation.
    """
    path = Path(path)
    return parse_manifest(read_toml(path, error=ManifestError, what="manifest"), path)
