"""The manifest's elevation keys: the ``layers.elevation`` raster and MHW's elevation in its datum (``[datums]``).

``[layers] elevation = { path = "dem.tif", vertical_datum = "NAVD88", unit = "m" }``
names a DEM, the vertical datum its values are heights above and their unit;
``[datums] mhw_ft = 3.5, vertical_datum = "NAVD88"`` gives MHW's elevation in a
datum, which must be the DEM's for the two to be compared.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from dockreview.inputs.manifest_values import Problems, as_number, resolve_path
from dockreview.inputs.spec import ELEVATION_UNITS, RasterSpec

#: What a unit may be written as, to its name in :data:`ELEVATION_UNITS`.
UNIT_NAMES = {
    "m": "m", "metre": "m", "meter": "m", "metres": "m", "meters": "m",
    "ft": "ft", "foot": "ft", "feet": "ft", "international foot": "ft",
    "us-ft": "us-ft", "us_ft": "us-ft", "ftus": "us-ft", "us survey foot": "us-ft", "us survey feet": "us-ft",
}
EXAMPLE = '{ path = "dem.tif", vertical_datum = "NAVD88", unit = "m" }'


def datum_key(name: str) -> str:
    """A vertical datum's name for comparison: upper case, without spaces, hyphens, underscores or dots.

    Examples
    --------
    >>> datum_key("NAVD 88") == datum_key("navd88") == datum_key("NAVD-88")
    True
    """
    return re.sub(r"[\s_.\-]", "", name).upper()


def unit_name(text: str) -> str | None:
    """A unit as written to its name in :data:`ELEVATION_UNITS` ("metre" -> "m"); None when not one of them.

    Examples
    --------
    >>> unit_name("Metre"), unit_name("US survey foot"), unit_name("yards")
    ('m', 'us-ft', None)
    """
    return UNIT_NAMES.get(" ".join(text.strip().lower().split()))


def raster_spec(value: Any, name: str, folder: Path, problems: Problems) -> RasterSpec | None:
    """``layers.elevation``: a table with ``path``, ``vertical_datum`` and ``unit`` (and ``assume_crs``)."""
    where = f"layers.{name}"
    if not isinstance(value, dict):
        problems.add(f"'{where}' must be a table like {EXAMPLE}: the raster's vertical datum and unit are needed")
        return None
    problems.unknown_keys(value, "raster", f"{where}.")
    path, datum, unit, crs = (value.get(k) for k in ("path", "vertical_datum", "unit", "assume_crs"))
    ok = True
    if not isinstance(path, str) or not path.strip():
        problems.add(f"'{where}' needs a 'path' string (the GeoTIFF), like {EXAMPLE}")
        ok = False
    if not isinstance(datum, str) or not datum.strip():
        problems.add(f"'{where}' needs 'vertical_datum', the datum its elevations are heights above (e.g. \"NAVD88\")")
        ok = False
    canonical = unit_name(unit) if isinstance(unit, str) else None
    if canonical is None:
        got = "" if unit is None else f", got {unit!r}"
        problems.add(f"'{where}' needs 'unit', its elevations' unit: one of {', '.join(map(repr, ELEVATION_UNITS))}{got}")
        ok = False
    if crs is not None and not isinstance(crs, str):
        problems.add(f"'{where}.assume_crs' must be a string such as \"EPSG:26918\"")
        ok = False
    if not ok:
        return None
    return RasterSpec(resolve_path(folder, path), None, crs, path, vertical_datum=datum.strip(), unit=canonical)


def mhw_elevation(table: dict[str, Any], problems: Problems) -> dict[str, Any]:
    """``[datums] mhw_ft`` and ``vertical_datum``: MHW's elevation (ft, any sign) and the datum it is in; both or neither."""
    out: dict[str, Any] = {}
    if "mhw_ft" in table:
        number = as_number(table["mhw_ft"], "datums.mhw_ft", problems, positive=False)
        if number is not None:
            out["mhw_ft"] = number
    if "vertical_datum" in table:
        datum = table["vertical_datum"]
        if isinstance(datum, str) and datum.strip():
            out["vertical_datum"] = datum.strip()
        else:
            problems.add(f"'datums.vertical_datum' must name a vertical datum such as \"NAVD88\", got {datum!r}")
    if "mhw_ft" in table and "vertical_datum" not in table:
        problems.add("'datums.mhw_ft' is an elevation: name the datum it is in as 'datums.vertical_datum' (e.g. \"NAVD88\")")
    if "vertical_datum" in table and "mhw_ft" not in table:
        problems.add("'datums.vertical_datum' names the datum of 'datums.mhw_ft', which is not given")
    return out


def check_datums_agree(elevation: RasterSpec | None, datum: str | None, problems: Problems) -> None:
    """Refuse MHW's elevation in another datum than the elevation layer's: the two could not be compared."""
    if elevation is None or datum is None or datum_key(datum) == datum_key(elevation.vertical_datum):
        return
    problems.add(
        f"'datums.mhw_ft' is in {datum} but the elevation layer is in {elevation.vertical_datum}: give MHW's "
        f"elevation in {elevation.vertical_datum} (the tide station's datums list it) so the deck and the ground share a datum"
    )
