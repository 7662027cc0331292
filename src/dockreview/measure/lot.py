"""Whose lot a dock stands on: the proposed dock's and the existing docks' landward ends (Docks A)."""

from __future__ import annotations

import numpy as np
import shapely

from dockreview.geometry.dock import Dock
from dockreview.geometry.riparian import Riparian
from dockreview.inputs.site import Site
from dockreview.measure.envelope import dock_roots, docks_on_lot


def frontage_docks(site: Site, riparian: Riparian, tolerance: float) -> tuple[str, ...] | None:
    """Existing docks standing on the lot or its water (Docks A); None without the layer.

    Decided by :func:`dockreview.envelope.docks_on_lot`, as the envelope and the
    screen decide it. Docks named in ``dock.replaces`` are already left out of
    ``site.docks``.
    """
    docks = site.docks
    if docks is None:
        return None
    if docks.empty:
        return ()
    roots = dock_roots(docks.geometry.values, riparian.mhw)
    on, _ = docks_on_lot([site.parcel], [riparian.zone], [riparian.frontage], roots, tolerance)
    id_field = site.manifest.docks_id_field
    names = (docks[id_field] if id_field in docks.columns else docks.index).astype(str).to_numpy()
    return tuple(names[np.sort(on)])


def dock_lot(site: Site, riparian: Riparian, dock: Dock, tolerance: float) -> tuple[bool, str | None]:
    """Whether the dock stands on the lot (its landward end on the lot or its water), else the lot it is in front of.

    The landward end is found as for existing docks (:func:`dockreview.envelope.dock_roots`);
    the lot named is the parcel the end lies on, else the parcel nearest it.
    """
    root = dock_roots([dock.footprint], riparian.mhw)
    on, _ = docks_on_lot([site.parcel], [riparian.zone], [riparian.frontage], root, tolerance)
    if len(on):
        return True, None
    parcels = site.parcels
    distance = shapely.distance(parcels.geometry.values, root[0])
    nearest = int(np.argmin(distance))
    field_name = site.manifest.parcel_id_field
    name = str(parcels[field_name].iloc[nearest]) if field_name in parcels.columns else str(parcels.index[nearest])
    return False, name
