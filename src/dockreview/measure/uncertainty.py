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
from dataclasses import dataclass, field

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
    """One measurement's uncertainty at 95 %, and how it is made, so that a figure computed from several
    measurements (a check's margin) can take its own (:func:`linear`).

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
    terms : dict
        The figure's change per unit shift of each feature: ``(role, feature) -> (dx, dy)`` gradient.
    vertical : dict
        Each vertical input's contribution: ``role -> (signed 95 % ft, the layer's vertical accuracy there or None)``.
    per_ft : dict
        Each input's 95 % contribution per foot of its layer's accuracy (``role``, or ``"role vertical"``): what a
        survey of that input to ``A`` ft would leave, ``per_ft[role] * A``.
    """

    value_ft: float | None
    dominant: str | None
    inputs: tuple[tuple[str, str], ...]
    unassessed: bool = False
    terms: dict = field(default_factory=dict, repr=False)
    vertical: dict = field(default_factory=dict, repr=False)
    per_ft: dict = field(default_factory=dict, repr=False)


def normal_95(accuracy_ft: float) -> float:
    """The 95 % of a distance square to a line whose layer has radial accuracy ``accuracy_ft`` (95 %).

    Examples
    --------
    >>> round(normal_95(6.0), 4)
    4.8043
    """
    return NORMAL_95 * accuracy_ft


def combine(accuracy: dict, terms: _Terms, vertical: dict | None = None) -> Uncertainty:
    """The 95 % of a figure moving by ``sum g . s`` over ``terms`` ((role, feature) -> g), plus ``vertical``
    (role -> (signed 95 % ft, the layer's vertical accuracy), or role -> None when unassessed).

    Examples
    --------
    >>> from dockreview.inputs.accuracy import LayerAccuracy
    >>> acc = {"mhw": LayerAccuracy("mhw", 3.0, None, "stated", False)}
    >>> u = combine(acc, {("mhw", 0): np.array([0.0, 1.0]), ("mhw", 1): np.array([0.0, -1.0])})
    >>> round(u.value_ft, 4), round(u.per_ft["mhw"], 4)
    (3.3972, 1.1324)
    """
    squares: dict[str, float] = defaultdict(float)
    for (role, _), g in terms.items():
        squares[role] += float(g @ g)
    parts: dict[str, tuple[float | None, str]] = {}
    per_ft: dict[str, float] = {}
    for role, gg in squares.items():
        layer = accuracy.get(role)
        per_ft[role] = NORMAL_95 * math.sqrt(gg)
        if gg == 0.0:
            continue
        if layer is None or layer.horizontal_ft is None:
            parts[role] = (None, f"{role}: horizontal accuracy unassessed ({layer.source if layer else 'no figure'})")
            continue
        value = per_ft[role] * layer.horizontal_ft
        parts[role] = (value, f"{role}: {value:.2f} ft from its position (±{layer.horizontal_ft:.2f} ft at 95 %, {layer.source})")
    vertical = {role: v for role, v in (vertical or {}).items() if v is None or v[0] != 0.0}
    for role, given in vertical.items():
        if given is None or given[1] is None:
            parts[f"{role} vertical"] = (None, f"{role}: vertical accuracy unassessed")
            continue
        value, layer_ft = abs(given[0]), given[1]
        per_ft[f"{role} vertical"] = value / layer_ft if layer_ft > 0 else 0.0
        parts[f"{role} vertical"] = (value, f"{role}: {value:.2f} ft from its depths (±{layer_ft:.2f} ft vertical at 95 %)")
    inputs = tuple((role.split()[0], words) for role, (_, words) in parts.items())
    kept = {"terms": dict(terms), "vertical": vertical, "per_ft": per_ft}
    if any(value is None for value, _ in parts.values()):
        return Uncertainty(None, None, inputs, unassessed=True, **kept)
    values = {role: value for role, (value, _) in parts.items()}
    dominant = max(values, key=values.get) if values and max(values.values()) > 0 else None
    total = math.sqrt(sum(v * v for v in values.values()))
    return Uncertainty(total, dominant, inputs, **kept)


def linear(accuracy: dict, parts) -> Uncertainty:
    """The uncertainty of ``sum c_k X_k`` over ``parts`` ((c_k, Uncertainty of X_k)): gradients on one feature add
    before squaring, so measurements read off the same line move together.

    Examples
    --------
    >>> from dockreview.inputs.accuracy import LayerAccuracy
    >>> acc = {"parcels": LayerAccuracy("parcels", 6.0, None, "stated", False)}
    >>> one = combine(acc, {("parcels", 0): np.array([1.0, 0.0])})
    >>> round(linear(acc, [(1.0, one), (-0.4, one)]).value_ft, 4)   # a setback less 40 % of itself
    2.8826
    """
    terms: _Terms = {}
    vertical: dict = {}
    for c, u in parts:
        for key, g in u.terms.items():
            terms[key] = terms.get(key, np.zeros(2)) + c * g
        for role, given in u.vertical.items():
            if given is None or role in vertical and vertical[role] is None:
                vertical[role] = None
                continue
            before = vertical.get(role, (0.0, given[1]))
            vertical[role] = (before[0] + c * given[0], given[1])
    return combine(accuracy, {k: g for k, g in terms.items() if float(g @ g) > 0.0}, vertical)


def _unit(v: np.ndarray) -> np.ndarray:
    n = float(np.hypot(*v))
    return v / n if n > 0 else v


def _perp(v: np.ndarray) -> np.ndarray:
    return np.array([-v[1], v[0]])


def _cross(a: np.ndarray, b: np.ndarray) -> float:
    return float(a[0] * b[1] - a[1] * b[0])


def layer_features(site, role: str) -> np.ndarray:
    """The features of a layer as the review read it (each shifts on its own): an array of geometries (the
    subject parcel alone for the parcels; a vegetation polygon's boundary)."""
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
    features = layer_features(site, role)
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


def corner_terms(site, riparian, which: str, u: np.ndarray) -> _Terms:
    """A distance from an exact point to a line through the ``which`` water corner, along ``u`` (the unit vector
    from the line to the point): the line is carried with the corner, so the distance moves by ``-u`` dotted with
    the corner's motion (:func:`_corner_motion`), with the parcel and with the MHW line."""
    parcel, shore, _, _, k = _corner_motion(site, riparian, which)
    return {("parcels", 0): -(u @ parcel), ("mhw", k): -(u @ shore)}


def setback_terms(site, riparian, which: str, line) -> _Terms:
    """A side setback: from the dock to the ``which`` riparian line, which runs from that water corner.

    The line keeps its direction (exact for side lines extended straight, lines square to a straight trend, and
    the extension of the lot's own side: there the MHW line only slides the corner along it); a method whose
    direction follows a neighbour or a curve (colonial, round-lake, proportional) moves more than this.
    """
    a, b = shapely.get_coordinates(line)[:2]
    if np.hypot(*(a - b)) == 0:
        return _distance_terms(site, "parcels", line)
    return corner_terms(site, riparian, which, _unit(a - b))


def reach_terms(site, riparian, line) -> _Terms:
    """The reach from the frontage: the MHW line's normal, or the corner's motion when the nearest point is a corner."""
    a, b = shapely.get_coordinates(line)[:2]
    u = _unit(a - b)
    scale = max(riparian.frontage.length, 1.0) * 1e-6
    for which in ("left", "right"):
        corner = shapely.get_coordinates(getattr(riparian, f"{which}_corner"))[0]
        if np.hypot(*(b - corner)) <= scale:
            return corner_terms(site, riparian, which, u)
    return _distance_terms(site, "mhw", line)


def length_terms(site, riparian, dock, line) -> _Terms | None:
    """The length along the axis from the MHW crossing: the crossing slides by ``(m . n) / (a . n)``.

    None when the axis runs along the MHW line (within about half a degree): the crossing then has no defined
    motion, and the length is left without a figure rather than given a false one.
    """
    start = shapely.get_coordinates(line)[0]
    if shapely.distance(shapely.points(start), riparian.mhw) > max(riparian.frontage.length, 1.0) * 1e-6:
        return {}
    k, n = _line_end(site, "mhw", start)
    along = float(np.asarray(dock.axis, dtype=float) @ n)
    if abs(along) < 1e-2:
        return None
    return {("mhw", k): -n / along}


def width_terms(site, role: str, line) -> _Terms | None:
    """A width between two crossings of a fixed section: each end slides by ``(s . n) / (d . n)``; None when the
    section runs along the feature at an end (its crossing then has no defined motion)."""
    lo, hi = shapely.get_coordinates(line)[:2]
    d = _unit(hi - lo)
    terms: _Terms = {}
    for end, sign in ((lo, -1.0), (hi, 1.0)):
        here = role
        if role == "vegetation" and shapely.distance(shapely.points(end), site.mhw) < shapely.distance(
                shapely.points(end), shapely.union_all(layer_features(site, "vegetation"))):
            here = "mhw"
        k, n = _line_end(site, here, end)
        along = float(d @ n)
        if abs(along) < 1e-2:
            return None
        _add(terms, here, k, sign * n / along)
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


def derived_from(measurements) -> dict[str, str]:
    """The measurements that are another's value (the worse setback, the greater reach), each with its source.

    Examples
    --------
    >>> from types import SimpleNamespace as M
    >>> derived_from(M(setback_left_ft=80.0, setback_right_ft=75.0, reach_ft=120.0, length_ft=125.0))
    {'setback_ft': 'setback_right_ft', 'overall_reach_ft': 'length_ft'}
    """
    m = measurements
    return {
        "setback_ft": "setback_left_ft" if m.setback_left_ft <= m.setback_right_ft else "setback_right_ft",
        "overall_reach_ft": "reach_ft" if m.reach_ft >= m.length_ft else "length_ft",
    }


def navigable_terms(site, layout, nav_reach_ft: float) -> tuple[_Terms, float] | None:
    """The navigable reach (from the MHW crossing along the axis to where the depth is found): its gradients and
    its change per foot of depth read too deep; None where the soundings give no slope along the axis there.

    The crossing moves as the length's does (:func:`length_terms`); the point where the depth ``z`` is found moves
    along the axis ``a`` by ``(grad z . s) / (grad z . a)`` as the soundings shift by ``s``, and by
    ``-dz / (grad z . a)`` as their depths read ``dz`` too deep.
    """
    line = layout.dimension_lines.get("length")
    bathy = site.depths
    if line is None or bathy is None:
        return None
    axis = np.asarray(layout.dock.axis, dtype=float)
    ft = site.ft_per_unit
    point = shapely.get_coordinates(line)[0] + axis * nav_reach_ft / ft
    step = 0.5 / ft
    z = bathy.depth_at(point + np.array([[step, 0.0], [-step, 0.0], [0.0, step], [0.0, -step]]))
    gradient = np.array([z[0] - z[1], z[2] - z[3]]) / (2 * step * ft)
    along = float(gradient @ axis)
    if not np.isfinite(along) or along <= 0:
        return None
    length = length_terms(site, layout.riparian, layout.dock, line)
    if length is None:
        return None
    terms = dict(length)
    terms[("soundings", 0)] = gradient / along
    return terms, -1.0 / along


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
        "setback_left_ft": setback_terms(site, riparian, "left", lines["setback_left"]),
        "setback_right_ft": setback_terms(site, riparian, "right", lines["setback_right"]),
        "reach_ft": reach_terms(site, riparian, lines["reach"]),
        "length_ft": length_terms(site, riparian, layout.dock, lines["length"]),
    }
    for derived, source in derived_from(measurements).items():
        terms[derived] = terms[source]
    for name, role in (("channel_clearance", "channels"), ("dock_clearance", "docks")):
        value = measurements[f"{name}_ft"]
        if value is not None and math.isfinite(value) and name in lines:
            terms[f"{name}_ft"] = _distance_terms(site, role, lines[name])
    for key, line in layout.width_lines.items():
        role = WIDTH_ROLES.get(key.split("_")[0], "mhw")
        if measurements[key] is not None and role in acc:
            terms[key] = width_terms(site, role, line)
    out = {name: combine(acc, t) for name, t in terms.items() if t is not None}
    nav = measurements.nav_reach_ft
    found = None if nav is None or not math.isfinite(nav) else navigable_terms(site, layout, nav)
    if found is not None and "soundings" in acc:
        nav_terms, per_ft_deep = found
        vertical = acc["soundings"].vertical_at(measurements.required_depth_ft or 0.0)
        out["nav_reach_ft"] = combine(acc, nav_terms, {"soundings": None if vertical is None else (per_ft_deep * vertical, vertical)})
    reading = depth_reading(site, layout.dock) if measurements.min_depth_under_float_ft is not None else None
    if reading is not None:
        depth, slope = reading
        soundings = acc.get("soundings")
        vertical = None if soundings is None else soundings.vertical_at(depth)
        out["min_depth_under_float_ft"] = _depth(acc, slope, vertical)
    return out


def _depth(acc: dict, slope: float, vertical: float | None) -> Uncertainty:
    """A depth read at a point: the soundings' vertical accuracy, and the slope times their horizontal one."""
    return combine(acc, {("soundings", 0): np.array([slope, 0.0])}, {"soundings": None if vertical is None else (vertical, vertical)})

