"""The working CRS: checks that it is projected, and its linear unit in feet.

All geometry is computed in the working CRS's own unit; every distance leaves
the core in feet by :func:`feet_per_unit`. EPSG:2263 is in US survey feet
(1200/3937 m), UTM zones in metres, and EPSG:4326 in degrees, which cannot be
measured at all.
"""

from __future__ import annotations

from pyproj import CRS
from pyproj.exceptions import CRSError as _ProjCRSError

from .errors import CRSError

INTERNATIONAL_FOOT_M = 0.3048


def parse_crs(text: str, *, where: str) -> CRS:
    """Parse a CRS given as text (``"EPSG:2263"``, WKT, PROJ string).

    Raises
    ------
    CRSError
        Naming ``where`` it was given when pyproj cannot read it.
    """
    try:
        return CRS.from_user_input(text)
    except _ProjCRSError as exc:
        raise CRSError(f"{where}: cannot understand the CRS {text!r} ({exc}); give e.g. \"EPSG:2263\"") from None


def working_crs(text: str, *, where: str) -> CRS:
    """Return the working CRS, refusing one that is not projected.

    Examples
    --------
    >>> working_crs("EPSG:2263", where="site.toml").name
    'NAD83 / New York Long Island (ftUS)'
    """
    crs = parse_crs(text, where=where)
    if not crs.is_projected:
        raise CRSError(
            f"{where}: the working CRS {crs.to_string()} ({crs.name}) is not projected; distances cannot be "
            "measured in degrees: set 'site.crs' to a projected CRS such as \"EPSG:2263\""
        )
    return crs


def feet_per_unit(crs: CRS) -> float:
    """Feet (international) in one linear unit of ``crs``.

    Examples
    --------
    >>> round(feet_per_unit(CRS.from_epsg(2263)), 9)   # US survey foot
    1.000002
    >>> round(feet_per_unit(CRS.from_epsg(32618)), 6)  # metre
    3.28084
    """
    factor = crs.axis_info[0].unit_conversion_factor
    return factor / INTERNATIONAL_FOOT_M


def describe(crs: CRS | None) -> str:
    """``"EPSG:2263 (NAD83 / New York Long Island (ftUS))"``, or ``"none"``."""
    if crs is None:
        return "none"
    code = crs.to_authority()
    label = ":".join(code) if code else crs.name
    return f"{label} ({crs.name})" if code else label
