"""The review on an interactive map: :func:`explore`, as ``GeoDataFrame.explore`` draws a layer (folium, leaflet).

Each layer of the site (the lots, the MHW line, channels, existing docks) and of
the review (the no-go areas, the envelope, the side lines and extensions, the
reach limit, the clearance rings, the proposed dock, its terminus, the
dimension lines, the water corners) is drawn by geopandas' own ``explore`` onto
one :class:`folium.Map`, each its own layer in the layer control, coloured as the
exhibit colours it, its attributes (the review's figures, in feet) in its
tooltip. folium is the ``notebook`` extra's; the map is made offline: its
page carries the package's own Leaflet (:mod:`dockreview.outputs.publish.library`)
in place of the scripts and stylesheets folium links from the network, so that
a notebook without the network still draws every layer (only a basemap's
tiles, ``tiles=None`` for none, are fetched).
"""

from __future__ import annotations

from dockreview.outputs.export import derived_layers
from dockreview.outputs.publish.library import leaflet_inline
from dockreview.outputs.style import COLOURS

#: The layers drawn, bottom up: (layer, where it comes from, colour, fill opacity, line weight).
LAYERS = (
    ("parcels", "site", COLOURS["lot_text"], 0.05, 1),
    ("parcel", "site", "#8a6d3b", 0.25, 2),
    ("channels", "site", COLOURS["channel"], 0.45, 1),
    ("docks", "site", COLOURS["other_dock"], 0.8, 2),
    ("mhw", "site", COLOURS["mhw"], 0.0, 3),
    ("no_go_areas", "review", COLOURS["no_go_setback"], 0.15, 1),
    ("envelope", "review", COLOURS["band"], 0.35, 2),
    ("side_lines", "review", COLOURS["side"], 0.0, 2),
    ("allowed_reach_line", "review", COLOURS["reach"], 0.0, 2),
    ("clearance_rings", "review", COLOURS["ring"], 0.0, 1),
    ("dock_components", "review", COLOURS["walkway"], 0.9, 1),
    ("seaward_terminus", "review", COLOURS["warning"], 0.0, 2),
    ("dimension_lines", "review", COLOURS["dimension"], 0.0, 2),
    ("water_corners", "review", COLOURS["side"], 1.0, 1),
)


def explore(review, m=None, *, tiles: str = "OpenStreetMap", **kwargs):
    """An interactive map of the review: the site's layers and the review's, one layer each in the layer control.

    Parameters
    ----------
    review : Review
    m : folium.Map, optional
        Drawn onto when given; otherwise a new map, fitted to the lot and the dock.
    tiles : str
        The basemap (any ``tiles`` of ``GeoDataFrame.explore``).
    **kwargs
        Passed to every layer's ``GeoDataFrame.explore`` (``control_scale``, ``zoom_start``, ...).

    Returns
    -------
    folium.Map
        Its layers named as :data:`LAYERS` (those the review has).
    """
    import folium

    frames = {**review.site.frames, **derived_layers(review)}
    fresh = m is None
    for name, origin, colour, opacity, weight in LAYERS:
        frame = frames.get(name)
        if frame is None or frame.empty:
            continue
        frame = frame[frame.geometry.notna() & ~frame.geometry.is_empty]
        if frame.empty:
            continue
        shown = frame.copy()
        for column in shown.columns:
            if column != shown.geometry.name and shown[column].map(lambda v: isinstance(v, (tuple, list, set))).any():
                shown[column] = shown[column].map(lambda v: ", ".join(map(str, v)) if isinstance(v, (tuple, list, set)) else v)
        m = shown.explore(
            m=m, name=name, color=colour, tiles=tiles if m is None else None, tooltip=True,
            style_kwds=dict(fillOpacity=opacity, weight=weight, opacity=0.9), marker_kwds=dict(radius=4),
            **kwargs,
        )
    if m is None:
        raise ValueError("the review has no layer to draw")
    if fresh:
        offline(m)
        bounds = frames["parcel"].to_crs(4326).total_bounds
        dock = review.dock.components.to_crs(4326).total_bounds
        m.fit_bounds([[min(bounds[1], dock[1]), min(bounds[0], dock[0])], [max(bounds[3], dock[3]), max(bounds[2], dock[2])]])
        folium.LayerControl(collapsed=True).add_to(m)
    return m


def offline(m):
    """Make the folium map ``m`` carry its own Leaflet (its script and stylesheet inline) and link nothing else.

    folium links Leaflet, jQuery, Bootstrap and the awesome-markers plugin from
    the network; the review's layers (GeoJSON, circle markers, tooltips, the
    layer control) need Leaflet alone.
    """
    js, css = leaflet_inline()
    m.default_js = [("leaflet", js)]
    m.default_css = [("leaflet_css", css)]
    return m
