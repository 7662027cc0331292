"""Validating a manifest's values: every problem collected, then raised together, naming each key."""

from __future__ import annotations

import difflib
import math
import os
from pathlib import Path
from typing import Any

from dockreview.errors import ManifestError
from dockreview.inputs.ranges import out_of_range
from dockreview.inputs.spec import ALLOWED, LayerSpec


class Problems:
    """Collects every problem of one manifest before raising them together."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.items: list[str] = []

    def add(self, message: str) -> None:
        self.items.append(message)

    def unknown_keys(self, table: dict[str, Any], allowed_key: str, where: str) -> None:
        allowed = ALLOWED[allowed_key]
        for key in table:
            if key not in allowed:
                close = difflib.get_close_matches(key, sorted(allowed), n=1, cutoff=0.5)
                hint = f" (did you mean '{close[0]}'?)" if close else f" (valid: {', '.join(sorted(allowed))})"
                self.add(f"unknown key '{where}{key}'{hint}")

    def raise_if_any(self) -> None:
        if self.items:
            raise ManifestError(f"{self.path}: " + "; ".join(self.items))


def as_number(value: Any, key: str, problems: Problems, *, positive: bool = True) -> float | None:
    """Return ``value`` as a finite float within the key's plausible range, or record why it is not one.

    The ranges are :data:`dockreview.inputs.ranges.RANGES`.

    Examples
    --------
    >>> problems = Problems(Path("site.toml"))
    >>> as_number(100, "dock.length", problems), as_number(1e7, "dock.length", problems), as_number("x", "dock.width", problems)
    (100.0, None, None)
    >>> problems.items
    ["'dock.length' is 10,000,000 ft; a dock is 1 to 5,000 ft long", "'dock.width' must be a number, got 'x'"]
    """
    number = _finite(value)
    if number is None:
        problems.add(f"'{key}' must be a number, got {_shown(value)}")
        return None
    if positive and number <= 0:
        problems.add(f"'{key}' must be greater than zero, got {value!r}")
        return None
    implausible = out_of_range(key, number)
    if implausible:
        problems.add(implausible)
        return None
    return number


def _finite(value: Any) -> float | None:
    """``value`` as a finite float; None for a bool, a non-number, NaN, an infinity or an integer beyond a float."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def _shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for a message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def layer_spec(value: Any, name: str, folder: Path, problems: Problems) -> LayerSpec | None:
    """Parse one layer reference: ``"a.shp"``, ``"b.gpkg:layer"`` or a table."""
    if isinstance(value, str):
        path, layer = split_layer(value)
        return LayerSpec(resolve_path(folder, path), layer, None, value)
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
        return LayerSpec(resolve_path(folder, value["path"]), layer, crs, value["path"])
    problems.add(f"layer '{name}' must be a path string or a table with 'path', got {value!r}")
    return None


def resolve_path(folder: Path, text: str) -> Path:
    """``text`` relative to ``folder``, symbolic links resolved; as written (made absolute) when they cannot be.

    A symbolic link loop (``Path.resolve`` raises RuntimeError in Python 3.11,
    OSError later) or a path the system cannot look up is left for the reader
    to refuse, naming the file (:func:`dockreview.inputs.readable.require_file`).

    Examples
    --------
    >>> resolve_path(Path("/data/site"), "../county/parcels.shp").as_posix()
    '/data/county/parcels.shp'
    """
    joined = folder / text
    try:
        return joined.resolve()
    except (RuntimeError, OSError, ValueError):
        return Path(os.path.abspath(joined))


def split_layer(text: str) -> tuple[str, str | None]:
    """Split ``"file.gpkg:layer"`` into path and layer (a Windows drive letter is kept).

    A zip's layer may name a folder inside it: ``"county.zip:parcels/lots"``.
    """
    head, sep, tail = text.rpartition(":")
    in_zip = head.lower().endswith(".zip")
    if sep and head and len(head) > 1 and (in_zip or ("/" not in tail and "\\" not in tail)):
        return head, tail
    return text, None


def entries_of(value: Any, name: str, required: tuple[str, ...], problems: Problems) -> list[dict[str, str]]:
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
        entries.append({k: str(v) for k, v in entry.items() if k in ALLOWED[name]})
    return entries
