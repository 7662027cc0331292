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
from pathlib import Path
from typing import Any

from .errors import ManifestError

DEFAULT_CRS = "EPSG:2263"
COMPONENTS = ("walkway", "ramp", "float", "landing", "boat_lift", "pwc_lift", "pile")
LAYER_NAMES = ("parcels", "mhw", "channels", "docks")
FLOAT_LAYOUTS = ("I", "T", "L")


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

    @property
    def folder(self) -> Path:
        """The folder manifest paths are relative to."""
        return self.path.parent


_ALLOWED = {
    "": {"site", "layers", "parcel", "dock", "review"},
    "site": {"name", "crs"},
    "layers": set(LAYER_NAMES),
    "layer": {"path", "layer", "assume_crs"},
    "parcel": {"id_field", "id"},
    "dock": {"file", "component_field", "root", "bearing", "length", "width", "float"},
    "float": {"length", "width", "layout", "side"},
    "review": {"extension", "mhw_tolerance_ft", "terminus_depth_ft"},
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
    """Split ``"file.gpkg:layer"`` into path and layer (a Windows drive letter is kept)."""
    head, sep, tail = text.rpartition(":")
    if sep and head and len(head) > 1 and "/" not in tail and "\\" not in tail:
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
        return DockSpec(footprint=footprint, component_field=str(field_name))
    if not parametric_keys:
        problems.add("the dock is not given: set 'dock.file' (a footprint) or 'dock.length' and 'dock.width'")
        return None
    if "component_field" in table:
        problems.add("'dock.component_field' belongs to a footprint dock ('dock.file')")
    return _parametric_dock(table, problems)


def _parametric_dock(table: dict[str, Any], problems: _Problems) -> DockSpec | None:
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


def _review(table: Any, problems: _Problems) -> ReviewSettings:
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
    return ReviewSettings(extension, tolerance or 0.0, depth if depth is not None else 20.0)


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
        for required in ("parcels", "mhw"):
            if required not in layers_table:
                problems.add(f"missing required layer 'layers.{required}'")
        for name in LAYER_NAMES:
            if name in layers_table:
                spec = _layer(layers_table[name], name, folder, problems)
                if spec is not None:
                    layers[name] = spec

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

    dock = _dock(data.get("dock"), folder, problems)
    review = _review(data.get("review", {}), problems)
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
    )


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
