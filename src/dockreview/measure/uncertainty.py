"""Each measured distance's uncertainty at 95 %, propagated exactly from the layers' positional accuracy.

The model (the National Standard for Spatial Data Accuracy, FGDC-STD-007.3-1998,
https://www.fgdc.gov/standards/projects/accuracy/part3/chapter3): a layer of
horizontal accuracy ``A`` (95 %, radial, :attr:`dockreview.inputs.accuracy.LayerAccuracy.horizontal_ft`)
has each feature displaced by a random shift, circular normal, whose 95 % radius
is ``A``: each axis's sigma is ``A / 2.4477`` (NSSDA: ``Accuracy_r = 2.4477 sigma``).
A figure that moves linearly with the shifts, ``delta = sum_f g_f . s_f``, is normal
with ``sigma^2 = sum_f sigma_f^2 |g_f|^2``, and its 95 % is ``1.96 sigma``. A
distance measured square to a line moves with the line's normal component
(``|g| = 1``): its 95 % is ``1.96 / 2.4477 A = 0.8007 A``. Independent layers
(and features) combine by the root sum of squares; two ends on one feature move
together (their gradients add before squaring). The proposed dock is exact.

Gradients, per measurement (working CRS; they are ratios, so the same in feet):

* a setback: the side line's unit normal (the subject parcel);
* the frontage: each water corner slides along the shore by ``s . n_e / (e x t)``
  as the parcel shifts by ``s`` (``e`` the side line's direction, ``t`` the shore's)
  and by ``(t . e) (m . n_t) / (t x e)`` as the MHW line shifts by ``m``;
* the reach from the frontage: the MHW line's normal at the nearest point (the
  corner's motion when that point is a water corner); the length along the axis:
  ``n_t / (a . n_t)`` at the MHW crossing (``a`` the axis);
* a clearance: the unit vector of its dimension line (the channels or docks layer);
* a width: at each end ``n / (d . n)`` along the section's direction ``d``;
* the depth under the floats: the soundings' vertical accuracy at that depth and
  the surface's slope times ``0.8007 A`` of their horizontal accuracy, at the
  shallowest point under the floats (root sum of squares).

The figures are exact for straight lines and planes; elsewhere they are the
linear term at the measured point.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

import numpy as np
import shapely

from dockreview.geometry.sections import tangent_at

#: The normal deviate of a two-sided 95 %.
Z95 = 1.959964
#: NSSDA's 95 % radius of a circular normal error, in sigmas: sqrt(-2 ln 0.05).
RADIAL95 = math.sqrt(-2.0 * math.log(0.05))
#: A distance square to a line, at 95 %, per foot of the line's 95 % radial accuracy (0.8007).
NORMAL_95 = Z95 / RADIAL95
#: The width reference a width field's prefix names, and the layer its lines come from.
WIDTH_ROLES = {"bulkhead": "bulkhead", "vegetation": "vegetation", "mlw": "mlw"}

_Terms = dict[tuple[str, int], np.ndarray]


@dataclass(frozen=True)
class Uncertainty:
    """One measurement's uncertainty at 95 %.

    Attributes
    ----------
    value_ft : float or None
        The 95 % figure, ft; None when an input's accuracy is unassessed (never 0 then).
    dominant : str or None
        The role of the input contributing most (``"parcels"``, ``"mhw"`` ...); None when nothing moves it.
    inputs : tuple of (str, str)
        Each input's role and the words of its contribution.
    unassessed : bool
        True when an input's accuracy is unassessed.
    """

    value_ft: float | None
    dominant: str | None
    inputs: tuple[tuple[str, str], ...]
    unassessed: bool = False


def normal_95(accuracy_ft: float) -> float:
    """The 95 % of a distance square to a line whose layer has radial accuracy ``accuracy_ft`` (95 %).

    Examples
    --------
    >>> round(normal_95(6.0), 4)
    4.8043
    """
    return NORMAL_95 * accuracy_ft


def combine(accuracy: dict, terms: _Terms, vertical: dict[str, float] | None = None) -> Uncertainty:
    """The 95 % of a figure moving by ``sum g . s`` over ``terms`` ((role, feature) -> g), plus ``vertical`` (role -> ft).

    Examples
    --------
    >>> from dockreview.inputs.accuracy import LayerAccuracy
    >>> acc = {"mhw": LayerAccuracy("mhw", 3.0, None, "stated", False)}
    >>> round(combine(acc, {("mhw", 0): np.array([0.0, 1.0]), ("mhw", 1): np.array([0.0, -1.0])}).value_ft, 4)
    3.3972
    """
    squares: dict[str, float] = defaultdict(float)
    for (role, _), g in terms.items():
        squares[role] += float(g @ g)
    parts: dict[str, tuple[float | None, str]] = {}
    for role, gg in squares.items():
        layer = accuracy.get(role)
        if layer is None or layer.horizontal_ft is None:
            parts[role] = (None, f"{role}: horizontal accuracy unassessed ({layer.source if layer else 'no figure'})")
            continue
        value = normal_95(layer.horizontal_ft) * math.sqrt(gg)
        parts[role] = (value, f"{role}: {value:.2f} ft from its position (±{layer.horizontal_ft:.2f} ft at 95 %, {layer.source})")
    for role, value in (vertical or {}).items():
        words = "vertical accuracy unassessed" if value is None else f"{value:.2f} ft from its depths (vertical, 95 %)"
        parts[f"{role} vertical"] = (value, f"{role}: {words}")
    inputs = tuple((role.split()[0], words) for role, (_, words) in parts.items())
    if any(value is None for value, _ in parts.values()):
        return Uncertainty(None, None, inputs, unassessed=True)
    values = {role: value for role, (value, _) in parts.items()}
    dominant = max(values, key=values.get) if values and max(values.values()) > 0 else None
    total = math.sqrt(sum(v * v for v in values.values()))
    return Uncertainty(total, None if dominant is None else dominant.split()[0], inputs)


def _unit(v: np.ndarray) -> np.ndarray:
    n = float(np.hypot(*v))
    return v / n if n > 0 else v


def _perp(v: np.ndarray) -> np.ndarray:
    return np.array([-v[1], v[0]])


def _cross(a: np.ndarray, b: np.ndarray) -> float:
    return float(a[0] * b[1] - a[1] * b[0])


def _features(site, role: str) -> np.ndarray:
    """The features of a layer as the review read it (each shifts on its own): an array of geometries."""
    if role == "parcels":
        return np.array([site.parcel], dtype=object)
    layer = getattr(site, role, None)
    if layer is None:
        return np.array([], dtype=object)
    if role == "vegetation":
        return shapely.boundary(np.asarray(layer.geometry.values, dtype=object))
    if hasattr(layer, "geometry"):
        return np.asarray(layer.geometry.values, dtype=object)
    return shapely.get_parts(layer)


def _nearest(features: np.ndarray, point: np.ndarray) -> int:
    return int(np.argmin(shapely.distance(features, shapely.points(point))))


def _add(terms: _Terms, role: str, feature: int, g: np.ndarray) -> None:
    key = (role, feature)
    terms[key] = terms.get(key, np.zeros(2)) + g


def _line_end(site, role: str, point: np.ndarray) -> tuple[int, np.ndarray]:
    """The feature of ``role`` at ``point`` and its unit normal there."""
    features = _features(site, role)
    k = _nearest(features, point)
    line = features[k] if features[k].geom_type.endswith("LineString") else shapely.boundary(features[k])
    return k, _perp(tangent_at(line, point)[1])


def _distance_terms(site, role: str, line) -> _Terms:
    """A distance from an exact point to a feature of ``role``: it moves by ``-u . s`` (``u`` away from the feature)."""
    a, b = shapely.get_coordinates(line)[:2]
    k, normal = _line_end(site, role, b)
    u = _unit(a - b) if np.hypot(*(a - b)) > 0 else normal
    return {(role, k): -u}


def _corner_motion(site, riparian, which: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """How a water corner slides: per unit parcel shift (as a matrix row pair), per MHW shift; the shore tangent,
    side direction and the MHW feature there.

    Returns ``(P, M, t, e, k)``: the corner's displacement is ``P @ s + M @ m``.
    """
    corner = shapely.get_coordinates(getattr(riparian, f"{which}_corner"))[0]
    side = shapely.get_coordinates(getattr(riparian, f"{which}_side"))
    e = _unit(side[-1] - side[-2])
    k, n_t = _line_end(site, "mhw", corner)
    t = -_perp(n_t)
    chord = shapely.get_coordinates(riparian.right_corner)[0] - shapely.get_coordinates(riparian.left_corner)[0]
    t = t if t @ chord >= 0 else -t
    parcel = np.outer(t, _perp(e) / _cross(e, t))
    shore = np.outer(e, _perp(t) / _cross(t, e))
    return parcel, shore, t, e, k


def frontage_terms(site, riparian) -> _Terms:
    """The frontage's gradients: the right corner's slide along the shore minus the left's."""
    terms: _Terms = {}
    for which, sign in (("left", -1.0), ("right", 1.0)):
        parcel, shore, t, _, k = _corner_motion(site, riparian, which)
        _add(terms, "parcels", 0, sign * (t @ parcel))
        _add(terms, "mhw", k, sign * (t @ shore))
    return terms


def reach_terms(site, riparian, line) -> _Terms:
    """The reach from the frontage: the MHW line's normal, or the corner's motion when the nearest point is a corner."""
    a, b = shapely.get_coordinates(line)[:2]
    u = _unit(a - b)
    scale = max(riparian.frontage.length, 1.0) * 1e-6
    for which in ("left", "right"):
        corner = shapely.get_coordinates(getattr(riparian, f"{which}_corner"))[0]
        if np.hypot(*(b - corner)) <= scale:
            parcel, shore, _, _, k = _corner_motion(site, riparian, which)
            return {("parcels", 0): -(u @ parcel), ("mhw", k): -(u @ shore)}
    return _distance_terms(site, "mhw", line)


def length_terms(site, riparian, dock, line) -> _Terms:
    """The length along the axis from the MHW crossing: the crossing slides by ``(m . n) / (a . n)``."""
    start = shapely.get_coordinates(line)[0]
    if shapely.distance(shapely.points(start), riparian.mhw) > max(riparian.frontage.length, 1.0) * 1e-6:
        return {}
    k, n = _line_end(site, "mhw", start)
    axis = np.asarray(dock.axis, dtype=float)
    return {("mhw", k): -n / float(axis @ n)}


def width_terms(site, role: str, line) -> _Terms:
    """A width between two crossings of a fixed section: each end slides by ``(s . n) / (d . n)``."""
    lo, hi = shapely.get_coordinates(line)[:2]
    d = _unit(hi - lo)
    terms: _Terms = {}
    for end, sign in ((lo, -1.0), (hi, 1.0)):
        here = role
        if role == "vegetation" and shapely.distance(shapely.points(end), site.mhw) < shapely.distance(
                shapely.points(end), shapely.union_all(_features(site, "vegetation"))):
            here = "mhw"
        k, n = _line_end(site, here, end)
        _add(terms, here, k, sign * n / float(d @ n))
    return terms


def depth_reading(site, dock) -> tuple[float, float] | None:
    """The shallowest depth under the floats (ft) and the soundings' slope there (ft per ft); None without it."""
    bathy = site.depths
    if bathy is None or not dock.floats:
        return None
    step = 0.5 / site.ft_per_unit
    xy = shapely.get_coordinates(shapely.segmentize(shapely.union_all(dock.floats), step))
    depth = bathy.depth_at(xy)
    if not np.isfinite(depth).any():
        return None
    p = xy[int(np.nanargmin(depth))]
    h = np.array([[step, 0.0], [-step, 0.0], [0.0, step], [0.0, -step]])
    z = bathy.depth_at(p + h)
    gradient = np.array([z[0] - z[1], z[2] - z[3]]) / (2 * step * site.ft_per_unit)
    slope = float(np.hypot(*np.nan_to_num(gradient)))
    return float(np.nanmin(depth)), slope


def uncertainties(site, measurements, layout) -> dict[str, Uncertainty]:
    """Every distance between a layer and the dock, or between two layers, with its uncertainty at 95 %.

    Parameters
    ----------
    site : Site
        Its :attr:`~dockreview.inputs.site.Site.accuracy` gives each layer's figure.
    measurements : Measurements
    layout : Layout
        The dimension lines and width sections the measurements were taken on.

    Returns
    -------
    dict of str to Uncertainty
        By measurement name (``frontage_ft``, ``setback_left_ft``, ``reach_ft`` ...); a measurement the data did
        not give (None or infinite) is left out.
    """
    acc = site.accuracy
    riparian, lines = layout.riparian, layout.dimension_lines
    terms: dict[str, _Terms] = {
        "frontage_ft": frontage_terms(site, riparian),
        "setback_left_ft": _distance_terms(site, "parcels", lines["setback_left"]),
        "setback_right_ft": _distance_terms(site, "parcels", lines["setback_right"]),
        "reach_ft": reach_terms(site, riparian, lines["reach"]),
        "length_ft": length_terms(site, riparian, layout.dock, lines["length"]),
    }
    terms["overall_reach_ft"] = terms["reach_ft" if measurements.reach_ft >= measurements.length_ft else "length_ft"]
    for name, role in (("channel_clearance", "channels"), ("dock_clearance", "docks")):
        value = measurements[f"{name}_ft"]
        if value is not None and math.isfinite(value) and name in lines:
            terms[f"{name}_ft"] = _distance_terms(site, role, lines[name])
    for key, line in layout.width_lines.items():
        role = WIDTH_ROLES.get(key.split("_")[0], "mhw")
        if measurements[key] is not None and role in acc:
            terms[key] = width_terms(site, role, line)
    out = {name: combine(acc, t) for name, t in terms.items()}
    reading = depth_reading(site, layout.dock) if measurements.min_depth_under_float_ft is not None else None
    if reading is not None:
        depth, slope = reading
        soundings = acc.get("soundings")
        vertical = None if soundings is None else soundings.vertical_at(depth)
        out["min_depth_under_float_ft"] = _depth(acc, slope, vertical)
    return out


def _depth(acc: dict, slope: float, vertical: float | None) -> Uncertainty:
    """A depth read at a point: the soundings' vertical accuracy, and the slope times their horizontal one."""
    return combine(acc, {("soundings", 0): np.array([slope, 0.0])}, {"soundings": vertical})

