"""Every construction stays near the site's layers: points the manifest gives, and the dock's footprint.

The manifest's numbers are bounded (:mod:`dockreview.inputs.ranges`), but its
coordinates are not, until the layers are read: a ``dock.root`` a thousand
miles off (a coordinate in another CRS, a digit too many) would draw riparian
lines, distances and samples across the whole gap. Once the layers are read,
:func:`check_within` refuses any point the manifest gives (``dock.root``,
``review.cove_line``, ``review.lake_center``, ``evidence.viewpoints``) and a dock footprint that lie
farther than :data:`MARGIN_FT` outside the layers' bounds. What the review
then builds is bounded by the layers' extent, never by a typo.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import shapely
from shapely.geometry.base import BaseGeometry

from dockreview.errors import ManifestError, SiteDataError
from dockreview.inputs.ranges import RANGES

if TYPE_CHECKING:
    from dockreview.inputs.spec import Manifest

#: How far outside the layers' bounds a construction may reach (ft): the longest plausible dock.
MARGIN_FT = float(RANGES["dock.length"].high)


def bounds_of(geoms: Iterable[BaseGeometry | None]) -> tuple[float, float, float, float]:
    """The bounds of every non-empty geometry given (the site's layers).

    Examples
    --------
    >>> from shapely import box, Point
    >>> bounds_of([box(0, 0, 1, 1), None, Point(5, -2)])
    (0.0, -2.0, 5.0, 1.0)
    """
    parts = [g for g in geoms if g is not None and not g.is_empty]
    return tuple(float(v) for v in shapely.total_bounds(parts))  # type: ignore[return-value]


def beyond_ft(geom: BaseGeometry, bounds: tuple[float, float, float, float], ft_per_unit: float) -> float:
    """How far (ft) the farthest point of ``geom`` lies outside ``bounds``; 0 inside.

    Examples
    --------
    >>> from shapely import Point, LineString
    >>> beyond_ft(Point(13, 0), (0, 0, 10, 10), 1.0), beyond_ft(LineString([(5, 5), (5, 30)]), (0, 0, 10, 10), 2.0)
    (3.0, 40.0)
    """
    xmin, ymin, xmax, ymax = shapely.bounds(geom)
    gap_x = max(bounds[0] - xmin, xmax - bounds[2], 0.0)
    gap_y = max(bounds[1] - ymin, ymax - bounds[3], 0.0)
    return float(max(gap_x, gap_y)) * ft_per_unit


def manifest_points(manifest: Manifest) -> list[tuple[str, BaseGeometry]]:
    """The points the manifest gives in the working CRS, each with its key."""
    out: list[tuple[str, BaseGeometry]] = []
    if manifest.dock.root is not None:
        out.append(("dock.root", shapely.Point(manifest.dock.root)))
    if manifest.review.cove_line is not None:
        out.append(("review.cove_line", shapely.LineString(manifest.review.cove_line)))
    if manifest.review.lake_center is not None:
        out.append(("review.lake_center", shapely.Point(manifest.review.lake_center)))
    for i, point in enumerate(manifest.evidence.viewpoints, start=1):
        out.append((f"evidence.viewpoints[{i}]", shapely.Point(point[:2])))
    return out


def check_within(
    manifest: Manifest, bounds: tuple[float, float, float, float], ft_per_unit: float,
    footprint: BaseGeometry | None = None, footprint_label: str = "dock layer", crs_name: str | None = None,
) -> None:
    """Refuse a manifest point, or the dock's footprint, lying more than :data:`MARGIN_FT` outside ``bounds``.

    Raises
    ------
    ManifestError
        A point of the manifest, naming its key, how far out it lies and the working CRS it must be given in.
    SiteDataError
        The footprint, naming its layer.
    """
    for key, geom in manifest_points(manifest):
        gap = beyond_ft(geom, bounds, ft_per_unit)
        if gap > MARGIN_FT:
            x, y = shapely.get_coordinates(geom)[0]
            raise ManifestError(
                f"{manifest.path}: '{key}' ({x:,.1f}, {y:,.1f}) lies {gap:,.0f} ft outside the site's layers "
                f"(more than {MARGIN_FT:,.0f} ft); give it in the working CRS ({crs_name or manifest.crs}), near the lot"
            )
    if footprint is not None and not footprint.is_empty:
        gap = beyond_ft(footprint, bounds, ft_per_unit)
        if gap > MARGIN_FT:
            raise SiteDataError(
                f"{footprint_label}: the dock reaches {gap:,.0f} ft outside the site's other layers "
                f"(more than {MARGIN_FT:,.0f} ft, the longest dock); check its coordinates and CRS"
            )
