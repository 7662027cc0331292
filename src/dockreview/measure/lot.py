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

    Decided by :func:`dockreview.measure.envelope.docks_on_lot`, as the envelope and the
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

    The landward end is found as for existing docks (:func:`dockreview.measure.envelope.dock_roots`);
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


#: Dock area landward of the MHW line below this (sq ft) is digitising noise, not a dock on land.
LAND_NOISE_SQFT = 1.0


def dock_on_land(site: Site, footprint, seaward, ft_per_unit: float) -> tuple[float, tuple[tuple[str, float], ...]]:
    """The dock's area landward of the MHW line (sq ft), and how much of it lies on each parcel (Docks A, C).

    A dock reaches the water from its own lot's shore; a part of it on land --
    worse, on a neighbour's parcel -- is a drawing error or a dock through a yard,
    and the review says so. Parcels are named by the manifest's id field; land on
    no parcel (a road, a beach) is counted in the total only.
    """
    land = shapely.difference(footprint, seaward)
    area = float(shapely.area(land)) * ft_per_unit**2
    if area < LAND_NOISE_SQFT:
        return area, ()
    parcels = site.parcels
    field_name = site.manifest.parcel_id_field
    names = (parcels[field_name] if field_name in parcels.columns else parcels.index).astype(str).to_numpy()
    shares = shapely.area(shapely.intersection(parcels.geometry.values, land)) * ft_per_unit**2
    whose = tuple((names[i], float(shares[i])) for i in np.argsort(-shares) if shares[i] >= LAND_NOISE_SQFT)
    return area, whose
