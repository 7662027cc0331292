"""Shapely geometry onto matplotlib axes: patches with holes, line work, arrows, glyph markers, display coordinates."""

from __future__ import annotations

import functools

import numpy as np
import shapely
from matplotlib.markers import MarkerStyle
from matplotlib.patches import PathPatch
from matplotlib.path import Path as MplPath
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D


def polygon_patch(geom, **kwargs) -> PathPatch | None:
    """A matplotlib patch for a (multi)polygon, holes included."""
    polys = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon" and not p.is_empty]
    if not polys:
        return None
    vertices, codes = [], []
    for poly in polys:
        for ring in (poly.exterior, *poly.interiors):
            xy = np.asarray(ring.coords)
            vertices.append(xy)
            codes.append([MplPath.MOVETO] + [MplPath.LINETO] * (len(xy) - 2) + [MplPath.CLOSEPOLY])
    return PathPatch(MplPath(np.concatenate(vertices), np.concatenate(codes)), **kwargs)


def fill(ax, geom, **kwargs) -> PathPatch | None:
    """Add a (multi)polygon to ``ax``; the patch drawn (None when there was nothing to draw)."""
    if geom is None:
        return None
    patch = polygon_patch(geom, **kwargs)
    if patch is not None:
        ax.add_patch(patch)
    return patch


def line_parts(geom) -> list[np.ndarray]:
    """The line work of ``geom`` as coordinate arrays (polygons by their outlines, points left out)."""
    out = []
    if geom is None:
        return out
    for part in shapely.get_parts(shapely.get_parts(geom)):
        if part.is_empty:
            continue
        if part.geom_type == "Polygon":
            out += [np.asarray(r.coords) for r in (part.exterior, *part.interiors)]
        elif part.geom_type in ("LineString", "LinearRing"):
            out.append(np.asarray(part.coords))
    return out


def draw_lines(ax, geom, **kwargs) -> bool:
    """Draw the line work of ``geom`` (a ``label`` goes on its first line only); whether anything was drawn."""
    drawn = False
    for xy in line_parts(geom):
        ax.plot(xy[:, 0], xy[:, 1], **kwargs)
        kwargs.pop("label", None)
        drawn = True
    return drawn


def arrow(ax, start, end, colour: str, style: str = "<|-|>", *, gid: str | None = None, zorder: float = 8.5):
    """An arrow (both heads by default) between two points in data coordinates, above the map's line work; the annotation."""
    return ax.annotate(
        "", xy=tuple(end), xytext=tuple(start), gid=gid, zorder=zorder,
        arrowprops=dict(arrowstyle=style, color=colour, lw=0.9, shrinkA=0, shrinkB=0, mutation_scale=8),
    )


@functools.cache
def glyph_marker(char: str) -> MarkerStyle:
    r"""A marker drawn as the glyph of ``char``, centred and scaled as matplotlib sets a mathtext marker.

    ``glyph_marker("\u2194")`` draws as ``marker=r"$\leftrightarrow$"`` does, without starting matplotlib's
    mathtext parser, which costs a tenth of a second the first time a process draws one. (Line2D copies
    the marker it is given, so one shared here is never changed.)
    """
    glyph = TextPath((0, 0), char)
    box = glyph.get_extents()
    unit = Affine2D().translate(-box.xmin + 0.5 * -box.width, -box.ymin + 0.5 * -box.height).scale(1.0 / max(box.width, box.height))
    path = unit.transform_path(glyph)
    # a path marker is scaled to 0.5 / its largest coordinate: undone, so the glyph keeps the size set above
    return MarkerStyle(path, transform=Affine2D().scale(2.0 * np.abs(path.vertices).max()))


def clip(geom, view):
    """``geom`` within ``view`` (an empty polygon for no geometry)."""
    return shapely.intersection(geom, view) if geom is not None and not geom.is_empty else shapely.Polygon()


def to_display(ax, geom):
    """``geom`` in display pixels."""
    return shapely.transform(geom, ax.transData.transform)


def px(fig, points: float) -> float:
    """``points`` in display pixels."""
    return points * fig.dpi / 72.0
