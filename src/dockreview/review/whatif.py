"""What if the dock were different? Review variants of a site's dock without touching any file.

::

    import dockreview
    result = dockreview.review(dockreview.load_site("data/straight-t-float/site.toml"))
    longer = dockreview.with_dock(result, length=160.0, float={"layout": "L", "side": "left"})
    moved = dockreview.with_dock(result, root=dockreview.frontage_point(result, -45.0))
    longer.verdict, moved.measurements.setback_left_ft

:func:`with_dock` returns a new :class:`~dockreview.review.Review` of the same site
(same layers, same rule profile) with the parametric dock changed; the review it
is given is left as it was. Lengths are in feet, bearings in degrees clockwise
from grid north, points in the working CRS.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping

import shapely

from dockreview.errors import ManifestError
from dockreview.inputs.manifest import FloatSpec
from dockreview.review.pipeline import Review
from dockreview.review.pipeline import review as _review

FLOAT_LAYOUTS = ("I", "T", "L")


def _positive(name: str, value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise ManifestError(f"with_dock: {name} must be a positive number of feet, got {value!r}")
    return float(value)


def _root(value) -> tuple[float, float] | None:
    """``"auto"`` -> None (the frontage midpoint); (x, y) or a shapely Point -> a tuple in the working CRS."""
    if isinstance(value, str):
        if value == "auto":
            return None
        raise ManifestError(f"with_dock: root must be \"auto\", (x, y) in the working CRS or a Point, got {value!r}")
    if isinstance(value, shapely.Point):
        return (float(value.x), float(value.y))
    try:
        x, y = (float(v) for v in value)
    except (TypeError, ValueError):
        raise ManifestError(f"with_dock: root must be \"auto\", (x, y) in the working CRS or a Point, got {value!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ManifestError(f"with_dock: root must be finite, got {value!r}")
    return (x, y)


def _bearing(value) -> float | None:
    """``"perpendicular"`` -> None (square to the frontage, seaward); a number -> degrees clockwise from grid north."""
    if value == "perpendicular":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ManifestError(f"with_dock: bearing must be \"perpendicular\" or degrees from grid north, got {value!r}")
    return float(value) % 360.0


def _float(value, current: FloatSpec | None) -> FloatSpec | None:
    """The new float: ``False`` none; a FloatSpec as given; a mapping of its fields, over the current float's."""
    if value is False:
        return None
    if isinstance(value, FloatSpec):
        spec = value
    elif isinstance(value, Mapping):
        unknown = set(value) - {f.name for f in dataclasses.fields(FloatSpec)}
        if unknown:
            raise ManifestError(f"with_dock: float has no {', '.join(sorted(unknown))}; give length, width, layout, side")
        if current is not None:
            spec = dataclasses.replace(current, **value)
        elif "length" in value and "width" in value:
            spec = FloatSpec(**value)
        else:
            raise ManifestError("with_dock: the dock has no float yet: give the new float's length and width")
    else:
        raise ManifestError(f"with_dock: float must be a mapping (length, width, layout, side), a FloatSpec or False, got {value!r}")
    layout = str(spec.layout).upper()
    if layout not in FLOAT_LAYOUTS:
        raise ManifestError(f"with_dock: float layout must be one of {', '.join(FLOAT_LAYOUTS)}, got {spec.layout!r}")
    side = spec.side if layout == "L" else None
    if layout == "L" and side not in ("left", "right"):
        raise ManifestError("with_dock: an L float needs side = \"left\" or \"right\" (the walkway edge it is flush with)")
    return FloatSpec(_positive("float length", spec.length), _positive("float width", spec.width), layout, side)


def with_dock(
    review: Review,
    *,
    length: float | None = None,
    bearing: float | str | None = None,
    root=None,
    width: float | None = None,
    float=None,  # noqa: A002 (the manifest's own name for it)
) -> Review:
    """Review the same site with its parametric dock changed; the given review is left as it was.

    Parameters
    ----------
    review : Review
        A review of the site, from :func:`dockreview.review`; its rule profile is used again.
    length, width : float, optional
        The walkway's length from its root and its width, ft.
    bearing : float or "perpendicular", optional
        Degrees clockwise from grid north; ``"perpendicular"`` is square to the frontage, seaward.
    root : "auto", (x, y) or shapely Point, optional
        Where the walkway leaves the shore, in the working CRS; ``"auto"`` is the
        frontage midpoint. :func:`frontage_point` gives a point along the frontage.
    float : mapping, FloatSpec or False, optional
        A mapping changes the named fields of the current float (``{"layout": "L",
        "side": "left"}``) or, without one, gives a new float (length and width
        needed); ``False`` removes the float.

    Anything not given stays as the manifest has it. A site whose dock is a
    footprint file becomes a parametric dock: give its ``length`` and ``width``.

    Returns
    -------
    Review

    Raises
    ------
    ManifestError
        For a value the manifest would refuse, or a footprint dock without length and width.
    """
    site = review.site
    spec = site.manifest.dock
    if not spec.is_parametric:
        if length is None or width is None:
            raise ManifestError(
                f"with_dock: the dock of {site.manifest.path} is a footprint file ({spec.footprint.describe()}); "
                "give length and width to review a parametric dock in its place"
            )
        spec = dataclasses.replace(spec, footprint=None, cad_layers={}, root=None, bearing=None, float=None)
    changes = {}
    if length is not None:
        changes["length"] = _positive("length", length)
    if width is not None:
        changes["width"] = _positive("width", width)
    if bearing is not None:
        changes["bearing"] = _bearing(bearing)
    if root is not None:
        changes["root"] = _root(root)
    if float is not None:
        changes["float"] = _float(float, spec.float)
    new_spec = dataclasses.replace(spec, **changes)
    manifest = dataclasses.replace(site.manifest, dock=new_spec)
    new_site = dataclasses.replace(site, manifest=manifest, dock_footprint=None if new_spec.is_parametric else site.dock_footprint)
    return _review(new_site, profile=review.profile)


def frontage_point(review: Review, offset_ft: float) -> tuple[float, float]:
    """The point on the frontage (the MHW line between the water corners) ``offset_ft`` from its midpoint.

    Measured along the line, positive toward the right water corner and negative
    toward the left (as seen looking seaward), in the working CRS: a ``root`` for
    :func:`with_dock`.

    Raises
    ------
    ValueError
        When the offset reaches past a water corner.
    """
    rip = review.layout.riparian
    line = shapely.line_merge(rip.frontage)
    if line.geom_type != "LineString":
        line = rip.chord  # a frontage in pieces: along the chord between the corners
    half = line.length / 2.0
    offset = offset_ft / review.site.ft_per_unit
    if abs(offset) > half + 1e-9:
        raise ValueError(f"frontage_point: {offset_ft:,.1f} ft reaches past the water corner; the frontage runs "
                         f"{half * review.site.ft_per_unit:,.1f} ft either side of its midpoint")
    toward_right = line.project(rip.right_corner) >= line.project(rip.left_corner)
    at = half + (offset if toward_right else -offset)
    point = line.interpolate(at)
    return (float(point.x), float(point.y))
