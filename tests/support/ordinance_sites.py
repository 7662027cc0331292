"""The rest of the article's data for a synthetic site of tests/sitegen.py.

``complete(site)`` adds to a site made by :func:`sitegen.make_site` everything
the whole article needs, every value chosen to comply: soundings on a plane
whose depth grows linearly seaward (so the linear interpolation is exact), a
vegetation patch far from the dock, the parcels' property class, the vessel's
and float's drafts, the use and every construction attribute.

Local frame as in sitegen: u along the shore, v seaward, MHW at v = 0. Nothing
here imports dockreview.
"""

from __future__ import annotations

import geopandas as gpd
import numpy as np
import shapely

from support.sitegen import SiteFiles, rect

#: Depth below MLW on the test plane: DEPTH0 + SLOPE * v (ft).
DEPTH0, SLOPE = 0.5, 0.03

#: Construction attributes that comply with every standard.
GOOD_ATTRIBUTES = {
    "deck_height_above_mhw_ft": 6.0,
    "float_deck_above_water_in": 14.0,
    "locker_height_in": False,
    "railing_height_in": 36.0,
    "railing_open_fraction": 0.85,
    "railing_rails": 2,
    "railing_post_spacing_ft": 6.0,
    "railing_material": "wood",
    "materials": ["wood", "aluminum"],
    "plank_gap_in": 0.5,
    "solid_deck": False,
    "treated_wood": False,
    "canopy": False,
    "lighting_height_in": False,
    "structures": ["railing"],
}


def plane_depth(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Depth (ft below MLW) of the test plane at local (u, v)."""
    return DEPTH0 + SLOPE * np.asarray(v, dtype=float) + 0.0 * np.asarray(u, dtype=float)


def write_soundings(site: SiteFiles, *, u=(-300.0, 300.0), v=(0.0, 400.0), step=50.0, name="soundings.gpkg") -> str:
    """Soundings on a grid over ``u`` x ``v`` (local ft) on the test plane; returns the file name."""
    us, vs = np.meshgrid(np.arange(u[0], u[1] + step / 2, step), np.arange(v[0], v[1] + step / 2, step))
    points = [site.to_world(shapely.Point(a, b)) for a, b in zip(us.ravel(), vs.ravel())]
    frame = gpd.GeoDataFrame({"DEPTH_MLW": plane_depth(us.ravel(), vs.ravel())}, geometry=points, crs="EPSG:2263")
    frame.to_file(site.dir / name, layer="soundings", driver="GPKG", engine="pyogrio")
    return name


def write_vegetation(site: SiteFiles, polygons, *, name="vegetation.gpkg") -> str:
    """Vegetation polygons given in the local frame; returns the file name."""
    frame = gpd.GeoDataFrame({"type": ["eelgrass"] * len(polygons)},
                             geometry=[site.to_world(p) for p in polygons], crs="EPSG:2263")
    frame.to_file(site.dir / name, layer="vegetation", driver="GPKG", engine="pyogrio")
    return name


def write_parcel_class(site: SiteFiles, code: int = 210, *, name="parcels_class.gpkg") -> str:
    """The site's parcels again, with a PROP_CLASS field (``code`` for every lot)."""
    frame = site.layers["parcels"].assign(PROP_CLASS=code)
    frame.to_file(site.dir / name, layer="parcels", driver="GPKG", engine="pyogrio")
    return name


def complete(site: SiteFiles, *, attributes: dict | None = None, draft: float = 3.0, float_draft: float = 1.5):
    """Give ``site`` every datum of the article, each value compliant; returns the manifest path."""
    layers = {
        "parcels": write_parcel_class(site),
        "soundings": write_soundings(site),
        "vegetation": write_vegetation(site, [rect(-290, 300, -250, 340)]),
    }
    dock = {"float_draft_ft": float_draft, "use": "recreational",
            "attributes": GOOD_ATTRIBUTES if attributes is None else attributes}
    return site.rewrite(
        layers=layers,
        parcel={"class_field": "PROP_CLASS"},
        soundings={"depth_field": "DEPTH_MLW"},
        vessel={"draft_ft": draft},
        dock=dock,
    )


def write_footprint(site: SiteFiles, parts, *, layer: str, name: str = "footprints.gpkg") -> str:
    """A footprint dock (``[(component, local polygon), ...]``) as a layer; returns "file:layer"."""
    frame = gpd.GeoDataFrame({"component": [k for k, _ in parts]},
                             geometry=[site.to_world(g) for _, g in parts], crs="EPSG:2263")
    frame.to_file(site.dir / name, layer=layer, driver="GPKG", engine="pyogrio")
    return f"{name}:{layer}"


def write_contours(site: SiteFiles, *, v=(0.0, 400.0), step=50.0, u=(-300.0, 300.0), name="contours.gpkg") -> str:
    """Depth contours of the test plane: lines v = const across ``u``, each at its depth."""
    vs = np.arange(v[0], v[1] + step / 2, step)
    lines = [site.to_world(shapely.LineString([(u[0], b), (u[1], b)])) for b in vs]
    frame = gpd.GeoDataFrame({"DEPTH": plane_depth(0.0, vs)}, geometry=lines, crs="EPSG:2263")
    frame.to_file(site.dir / name, layer="contours", driver="GPKG", engine="pyogrio")
    return f"{name}:contours"


def variant(site: SiteFiles, name: str, **tables) -> str:
    """Write ``name``.toml beside ``site``'s layers: its manifest with ``tables`` merged in (None drops one)."""
    from support.sitegen import dumps_toml, with_exact_layers

    doc = {k: dict(v) for k, v in site.doc.items()}
    for table, body in tables.items():
        if body is None:
            doc.pop(table, None)
        else:
            doc.setdefault(table, {}).update(body)
    path = site.dir / f"{name}.toml"
    path.write_text(dumps_toml(with_exact_layers(doc)))
    return str(path)
