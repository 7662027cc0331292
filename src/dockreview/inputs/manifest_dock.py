"""The manifest's ``[dock]`` table: a footprint file or a parametric dock, its use, season and attributes."""

from __future__ import annotations

import math
from datetime import datetime
from pathlib import Path
from typing import Any

from dockreview.inputs.manifest_values import Problems, as_number, layer_spec
from dockreview.inputs.spec import ATTRIBUTES, COMPONENTS, FLOAT_LAYOUTS, DockSpec, FloatSpec, LayerSpec


def parse_float(value: Any, problems: Problems) -> FloatSpec | None:
    if not isinstance(value, dict):
        problems.add("'dock.float' must be a table like { length = 20.0, width = 10.0, layout = \"T\" }")
        return None
    problems.unknown_keys(value, "float", "dock.float.")
    length = as_number(value.get("length"), "dock.float.length", problems)
    width = as_number(value.get("width"), "dock.float.width", problems)
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


def parse_dock(table: Any, folder: Path, problems: Problems) -> DockSpec | None:
    if not isinstance(table, dict) or not table:
        problems.add("missing [dock] table: give a footprint 'file' or a parametric dock (root, bearing, length, width)")
        return None
    problems.unknown_keys(table, "dock", "dock.")
    use = parse_dock_use(table, problems)
    parametric_keys = {"root", "bearing", "length", "width", "float"} & table.keys()
    if "file" in table and parametric_keys:
        problems.add(
            "the dock is given both ways: 'dock.file' and parametric keys "
            f"({', '.join(sorted(parametric_keys))}); keep one"
        )
        return None
    if "file" in table:
        footprint = layer_spec(table["file"], "dock", folder, problems)
        field_name = table.get("component_field", "component")
        cad_layers = parse_cad_layers(table.get("cad_layers"), footprint, problems)
        return DockSpec(footprint=footprint, component_field=str(field_name), cad_layers=cad_layers, **use)
    if not parametric_keys:
        problems.add("the dock is not given: set 'dock.file' (a footprint) or 'dock.length' and 'dock.width'")
        return None
    if "component_field" in table:
        problems.add("'dock.component_field' belongs to a footprint dock ('dock.file')")
    if "cad_layers" in table:
        problems.add("'dock.cad_layers' belongs to a DXF survey given as 'dock.file'")
    spec = parse_parametric(table, problems)
    return DockSpec(**{**spec.__dict__, **use})


def parse_cad_layers(value: Any, footprint: LayerSpec | None, problems: Problems) -> dict[str, str]:
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


def parse_dock_use(table: dict[str, Any], problems: Problems) -> dict[str, Any]:
    """The ``[dock]`` keys about use and construction (Docks A, D(2)(c)[5], (d)-(h), boat lifts E)."""
    out: dict[str, Any] = {}
    if "float_draft_ft" in table:
        out["float_draft_ft"] = as_number(table["float_draft_ft"], "dock.float_draft_ft", problems, positive=False)
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
        out["season"] = parse_season(table["season"], problems)
    if "attributes" in table:
        out["attributes"] = parse_attributes(table["attributes"], problems)
    return out


def parse_season(value: Any, problems: Problems) -> tuple[str, str] | None:
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


def parse_attributes(table: Any, problems: Problems) -> dict[str, Any]:
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
            number = as_number(value, where, problems, positive=False)
            if number is not None and (number < 0 or (key.endswith("_fraction") and number > 1)):
                problems.add(f"'{where}' must be {'between 0 and 1' if key.endswith('_fraction') else 'zero or more'}, got {value!r}")
            elif number is not None:
                out[key] = number
    return out


def parse_parametric(table: dict[str, Any], problems: Problems) -> DockSpec:
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
        bearing = as_number(bearing_value, "dock.bearing", problems, positive=False)
        if bearing is not None:
            bearing %= 360.0
    if "length" not in table:
        problems.add("a parametric dock needs 'dock.length' (walkway length from the root, ft)")
    if "width" not in table:
        problems.add("a parametric dock needs 'dock.width' (walkway width, ft)")
    length = as_number(table["length"], "dock.length", problems) if "length" in table else None
    width = as_number(table["width"], "dock.width", problems) if "width" in table else None
    float_spec = parse_float(table["float"], problems) if "float" in table else None
    return DockSpec(root=root_xy, bearing=bearing, length=length, width=width, float=float_spec)
