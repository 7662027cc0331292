"""What :func:`dockreview.load_site` does to each layer it reads: cleaned, the lot chosen, fields checked.

Null, empty and invalid geometries are dealt with once here (dropped, repaired or
refused with the rows named); the subject parcel is found by its id; the fields a
manifest names are checked against the layer; soundings get their depths in feet.
"""

from __future__ import annotations

import warnings

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from shapely.geometry.base import BaseGeometry

from dockreview.errors import DockReviewWarning, SiteDataError
from dockreview.inputs.manifest import Manifest


def _warn(message: str) -> None:
    warnings.warn(message, DockReviewWarning, stacklevel=3)


def clean_layer(frame: gpd.GeoDataFrame, label: str, kinds: tuple[str, ...], *, required: bool) -> gpd.GeoDataFrame:
    """Drop null and empty geometries, repair invalid ones, refuse wrong kinds.

    ``kinds`` are the accepted geometry families ("Polygon", "LineString", "Point").
    """
    geoms = frame.geometry
    missing = geoms.isna() | geoms.is_empty
    if missing.any():
        _warn(f"{label}: {int(missing.sum())} feature(s) with no geometry ignored (rows {rows_text(frame, missing)})")
        frame = frame[~missing]
    if frame.empty:
        if required:
            raise SiteDataError(f"{label}: the layer holds no features with geometry; check the file")
        return frame
    frame = frame.copy()
    frame.geometry = shapely.force_2d(frame.geometry.values)
    coords, owner = shapely.get_coordinates(frame.geometry.values, return_index=True)
    broken = np.isin(np.arange(len(frame)), owner[~np.isfinite(coords).all(axis=1)])
    if broken.any():
        raise SiteDataError(
            f"{label}: coordinates that are NaN or infinite (rows {rows_text(frame, broken)}); repair the layer in a GIS"
        )
    families = frame.geometry.geom_type.str.replace("Multi", "", regex=False)
    wrong = ~families.isin(kinds)
    if wrong.any():
        found = ", ".join(sorted(set(frame.geometry.geom_type[wrong])))
        raise SiteDataError(
            f"{label}: expected {' or '.join(k.lower() + 's' for k in kinds)} but found {found} "
            f"(rows {rows_text(frame, wrong)}); is this the right layer?"
        )
    invalid = ~frame.geometry.is_valid
    if invalid.any():
        # "structure" keeps a polygon's area (a bow-tie becomes its two triangles) and drops what has none
        repaired = shapely.make_valid(frame.geometry[invalid].values, method="structure", keep_collapsed=False)
        collapsed = np.zeros(len(frame), dtype=bool)
        collapsed[np.flatnonzero(invalid)] = shapely.is_empty(repaired)
        if collapsed.any():
            raise SiteDataError(
                f"{label}: invalid geometry with nothing left once repaired (rows {rows_text(frame, collapsed)}): "
                "a polygon with no area or a line with no length? redraw it"
            )
        _warn(f"{label}: invalid geometry repaired with make_valid (rows {rows_text(frame, invalid)}); check the result")
        frame.loc[invalid, frame.geometry.name] = repaired
    return frame


def rows_text(frame: gpd.GeoDataFrame, mask) -> str:
    index = list(frame.index[np.asarray(mask)])
    shown = ", ".join(str(i) for i in index[:5])
    return shown + (f" and {len(index) - 5} more" if len(index) > 5 else "")


def matches_id(values: pd.Series, wanted: str) -> pd.Series:
    """Which ids equal ``wanted``: as text, or as numbers when the field is numeric (12345 = 12345.0)."""
    text = values.astype(str).str.strip() == wanted.strip()
    if text.any():
        return text
    try:
        number = float(wanted)
    except ValueError:
        return text
    return pd.to_numeric(values, errors="coerce") == number


def select_parcel(parcels: gpd.GeoDataFrame, manifest: Manifest, label: str) -> BaseGeometry:
    id_field = manifest.parcel_id_field
    if id_field not in parcels.columns:
        fields = ", ".join(c for c in parcels.columns if c != parcels.geometry.name)
        raise SiteDataError(f"{label}: no field '{id_field}' (parcel.id_field); the layer's fields are: {fields}")
    match = parcels[matches_id(parcels[id_field], manifest.parcel_id)]
    if match.empty:
        import difflib

        ids = list(dict.fromkeys(str(v).strip() for v in parcels[id_field].dropna()))
        close = difflib.get_close_matches(manifest.parcel_id.strip(), ids, n=3, cutoff=0.6)
        hint = f"did you mean {' or '.join(repr(c) for c in close)}?" if close else "check parcel.id"
        raise SiteDataError(
            f"{label}: parcel id '{manifest.parcel_id}' not found in field '{id_field}' "
            f"({len(parcels)} parcels); {hint}"
        )
    geom = shapely.union_all(match.geometry.values)
    if len(match) > 1:
        _warn(f"{label}: parcel id '{manifest.parcel_id}' is on {len(match)} features; they are merged into one lot")
    polygons = [g for g in shapely.get_parts(geom) if g.geom_type == "Polygon"]
    if not polygons:
        raise SiteDataError(f"{label}: parcel '{manifest.parcel_id}' has no polygon area")
    return shapely.MultiPolygon(polygons) if len(polygons) > 1 else polygons[0]


def field_list(frame: gpd.GeoDataFrame) -> str:
    return ", ".join(c for c in frame.columns if c != frame.geometry.name)


def depths_frame(frame: gpd.GeoDataFrame, depth_field: str, label: str) -> gpd.GeoDataFrame:
    """Soundings with their depth (ft below MLW, positive down) as ``depth_ft``; rows with no depth dropped."""
    if depth_field not in frame.columns:
        raise SiteDataError(f"{label}: no field '{depth_field}' (soundings.depth_field); the layer's fields are: {field_list(frame)}")
    depth = pd.to_numeric(frame[depth_field], errors="coerce")
    blank = depth.isna()
    if blank.any():
        _warn(f"{label}: {int(blank.sum())} feature(s) with no numeric '{depth_field}' ignored (rows {rows_text(frame, blank)})")
    if blank.all():
        raise SiteDataError(f"{label}: no feature has a numeric depth in '{depth_field}'; check soundings.depth_field")
    return gpd.GeoDataFrame({"depth_ft": depth[~blank].to_numpy(dtype=float)}, geometry=frame.geometry[~blank].values, crs=frame.crs)


def parcel_class(parcels: gpd.GeoDataFrame, manifest: Manifest, label: str) -> str | None:
    """The subject lot's property-class code as text (``210.0`` reads as ``"210"``), or None."""
    class_field = manifest.parcel_class_field
    if class_field is None:
        return None
    if class_field not in parcels.columns:
        raise SiteDataError(f"{label}: no field '{class_field}' (parcel.class_field); the layer's fields are: {field_list(parcels)}")
    rows = parcels[parcels[manifest.parcel_id_field].astype(str).str.strip() == manifest.parcel_id.strip()]
    values = rows[class_field].dropna()
    if values.empty:
        return None
    value = values.iloc[0]
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip() or None


def check_named_fields(manifest: Manifest, layers: dict, label: dict[str, str]) -> None:
    """Refuse a ``layers.docks_id_field`` or ``layers.channels_name_field`` that its layer does not have."""
    for role, key, value in (
        ("docks", "docks_id_field", manifest.docks_id_field),
        ("channels", "channels_name_field", manifest.channels_name_field),
    ):
        frame = layers.get(role)
        if value is not None and frame is not None and value not in frame.columns:
            where = label.get(role, f"{role} layer")
            raise SiteDataError(f"{where}: no field '{value}' (layers.{key}); the layer's fields are: {field_list(frame) or 'none'}")


def split_replaced(
    docks: gpd.GeoDataFrame | None, manifest: Manifest, label: str
) -> tuple[gpd.GeoDataFrame | None, gpd.GeoDataFrame | None]:
    """The existing docks other than those ``dock.replaces`` names, and the replaced ones (Docks A)."""
    replaces = manifest.dock.replaces
    if docks is None or not replaces:
        return docks, None
    id_field = manifest.docks_id_field
    if id_field not in docks.columns:
        raise SiteDataError(f"{label}: no field '{id_field}' (layers.docks_id_field); the layer's fields are: {field_list(docks)}")
    ids = docks[id_field].astype(str).str.strip()
    unknown = sorted(set(replaces) - set(ids))
    if unknown:
        raise SiteDataError(f"{label}: dock.replaces names {', '.join(unknown)}, not found in field '{id_field}'; check the ids")
    replaced = ids.isin(replaces).to_numpy()
    return docks[~replaced], docks[replaced]
