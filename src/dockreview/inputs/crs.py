"""The working CRS: checks that it is projected, and its linear unit in feet.

All geometry is computed in the working CRS's own unit; every distance leaves
the core in feet by :func:`feet_per_unit`. EPSG:2263 is in US survey feet
(1200/3937 m), UTM zones in metres, and EPSG:4326 in degrees, which cannot be
measured at all.
"""

from __future__ import annotations

import math

from pyproj import CRS, Transformer
from pyproj.aoi import AreaOfInterest
from pyproj.database import query_utm_crs_info
from pyproj.exceptions import CRSError as _ProjCRSError

from dockreview.errors import CRSError

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


#: The working CRS when none is named: New York Long Island, US survey feet.
DEFAULT_WORKING = "EPSG:2263"


def choose_working_crs(named: str | None, bounds_lonlat: tuple[float, float, float, float], *, where: str) -> tuple[CRS, str | None]:
    """The working CRS for data lying within ``bounds_lonlat``, and a note on the choice.

    A named CRS is used as given; the note warns when its area of use does not
    hold the data. Without one, EPSG:2263 is used where it applies and the
    data's UTM zone elsewhere (distances are still reported in feet).

    Examples
    --------
    >>> crs, note = choose_working_crs(None, (-81.83, 24.54, -81.78, 24.58), where="chart")
    >>> crs.to_epsg(), "outside the area of use" in note
    (32617, True)
    """
    if named is not None:
        crs = working_crs(named, where=where)
        if not _holds(crs, bounds_lonlat):
            return crs, (
                f"{where}: the data ({_box(bounds_lonlat)}) lie outside the area of use of the working CRS "
                f"{describe(crs)}; distances there may be distorted: name a CRS for this area"
            )
        return crs, None
    default = CRS.from_user_input(DEFAULT_WORKING)
    if _holds(default, bounds_lonlat):
        return default, None
    west, south, east, north = bounds_lonlat
    zones = query_utm_crs_info(
        datum_name="WGS 84",
        area_of_interest=AreaOfInterest((west + east) / 2, (south + north) / 2, (west + east) / 2, (south + north) / 2),
    )
    crs = CRS.from_epsg(int(zones[0].code))
    return crs, (
        f"{where}: the data ({_box(bounds_lonlat)}) lie outside the area of use of {describe(default)}; "
        f"working in {describe(crs)}, distances reported in feet"
    )


def _holds(crs: CRS, bounds: tuple[float, float, float, float]) -> bool:
    area = crs.area_of_use
    if area is None:
        return True
    west, south, east, north = bounds
    return area.west <= west and area.south <= south and east <= area.east and north <= area.north


def _box(bounds: tuple[float, float, float, float]) -> str:
    west, south, east, north = bounds
    return f"lon {west:.4f} to {east:.4f}, lat {south:.4f} to {north:.4f}"


def lonlat_bounds(crs: CRS, bounds: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The longitude/latitude box of ``bounds`` (xmin, ymin, xmax, ymax) given in ``crs``.

    Coordinates the CRS cannot transform come back infinite.
    """
    to_lonlat = Transformer.from_crs(crs, "EPSG:4326", always_xy=True)
    return to_lonlat.transform_bounds(*bounds, errcheck=False)


def strays_from_area_of_use(crs: CRS, box_lonlat: tuple[float, float, float, float], margin_deg: float) -> bool:
    """True when ``box_lonlat`` reaches more than ``margin_deg`` outside the area of use of ``crs``.

    A CRS with no recorded area of use, or one spanning the antimeridian, is not judged.

    Examples
    --------
    >>> strays_from_area_of_use(CRS.from_epsg(2263), (-73.74, 40.81, -73.73, 40.82), 1.0)
    False
    >>> strays_from_area_of_use(CRS.from_epsg(2263), (-76.38, 40.34, -76.37, 40.35), 1.0)
    True
    """
    area = crs.area_of_use
    if area is None or area.west > area.east:
        return False
    west, south, east, north = box_lonlat
    if not all(math.isfinite(v) for v in box_lonlat):
        return True
    return (
        west < area.west - margin_deg
        or east > area.east + margin_deg
        or south < area.south - margin_deg
        or north > area.north + margin_deg
    )


def transform_accuracy_ft(source: CRS, target: CRS) -> float | None:
    """How accurately PROJ transforms ``source`` to ``target``, in feet.

    ``None`` when the transformation is exact (the same datum, or a datum
    shift PROJ reports as exact); ``inf`` when PROJ can only give a ballpark
    transformation and reports no accuracy.

    Examples
    --------
    >>> round(transform_accuracy_ft(CRS.from_epsg(4326), CRS.from_epsg(2263)), 1)  # WGS 84 to NAD83: 4 m
    13.1
    >>> transform_accuracy_ft(CRS.from_epsg(4326), CRS.from_epsg(32617)) is None
    True
    """
    if source.equals(target):
        return None
    accuracy = Transformer.from_crs(source, target, always_xy=True).accuracy
    if accuracy < 0:
        return math.inf
    return accuracy / INTERNATIONAL_FOOT_M if accuracy > 0 else None
