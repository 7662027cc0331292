"""Screen a whole parcel layer: which lots could ever have a dock, and why not (Docks B, C, D(1)).

For every parcel the screen answers what :func:`dockreview.envelope.lot_envelope`
answers for one lot (frontage, required setback, band width, envelope area,
greatest reach, existing docks, eligibility and every reason), but worked on
shapely arrays over the whole layer. The flow, and the module doing each step:

1. :func:`read_screen_layers` reads the layers into the working CRS (here);
2. :func:`lot_figures` takes each parcel's polygon fronting the water and
   rebuilds the usual lots' riparian geometry as arrays
   (:mod:`dockreview.screen_kernel`); every other lot is measured by the
   single-lot functions, and a lot they cannot review gets a row saying why;
   with soundings, the reach limit is the navigable-depth limit
   (:mod:`dockreview.screen_depth`); with ``backend="dask"`` the same work runs
   in spatial partitions on a cluster (:mod:`dockreview.screen_dask`);
3. the parcel table gives each lot's eligibility and reasons, the property
   classes judged against the profile's single-family codes (here);
4. with ``audit=True`` every existing dock is reviewed against its own lot
   (:mod:`dockreview.audit`);
5. :func:`write_screen` writes the GeoPackage and the CSV (here).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely

from dockreview.batch.audit import audit_docks
from dockreview.batch.figures import lot_figures, navigable_depth, unreviewed_rows
from dockreview.batch.layers import ScreenLayers, is_parquet
from dockreview.batch.parallel import default_workers
from dockreview.batch.reasons import envelope_reasons, join
from dockreview.errors import DockReviewError, LayerError
from dockreview.outputs.files import atomic_path
from dockreview.profile import Profile
from dockreview.rules import RuleSet, ruleset

BACKENDS = ("local", "dask")


# ---------------------------------------------------------------------------
# the screen
# ---------------------------------------------------------------------------
@dataclass
class ScreenResult:
    """The screen's answer: one row per parcel, the envelopes, and the audit when asked for."""

    parcels: gpd.GeoDataFrame
    envelopes: gpd.GeoDataFrame
    audit: gpd.GeoDataFrame | None = None

    def summary(self) -> dict[str, int]:
        """Counts of parcels, waterfront parcels and eligible parcels."""
        p = self.parcels
        out = {"parcels": len(p), "front the MHW line": int(p["fronts_mhw"].sum()), "eligible": int(p["eligible"].sum())}
        unreviewed = int(p["reasons"].str.startswith("not reviewed").sum())
        if unreviewed:
            out["not reviewed"] = unreviewed
        if p["needs_data"].any():
            out["need depth data"] = int(p["needs_data"].sum())
        if self.audit is not None:
            out["existing docks audited"] = len(self.audit)
            out["docks not allowed today"] = int((self.audit["verdict"] == "noncompliant").sum())
        return out


def screen(
    layers: ScreenLayers, *, profile: Profile | RuleSet | str | None = None, id_field: str | None = None, class_field: str | None = None,
    qualifying: tuple[str, ...] | None = None, tolerance_ft: float = 5.0, audit: bool = False,
    dock_id_field: str | None = None, component_field: str | None = None, progress: bool | None = None,
    backend: str = "local", scheduler: str | None = None, draft_ft: float | None = None, float_extent_ft: float = 0.0,
    workers: int | None = None,
) -> ScreenResult:
    """Screen every parcel of ``layers`` for a dock (Docks B, C, D(1)).

    Parameters
    ----------
    layers : ScreenLayers
        From :func:`read_screen_layers`.
    profile : Profile, RuleSet, name or path, optional
        The rules (default Kings Point); every limit and reason is theirs.
    id_field : str, optional
        Parcel id field copied to the output (default: the row number).
    class_field : str, optional
        Property class field; a lot qualifies when its class is in ``qualifying``.
        Without it the class is not judged.
    qualifying : tuple of str, optional
        Property classes of a single-family dwelling (Docks B); default the
        property-class check's (Kings Point: NY RPS 210, 215, 250), as ``check`` takes them.
    tolerance_ft : float
        How close to the MHW line a parcel boundary counts as on it.
    audit : bool
        Also review every existing dock against its own lot (:func:`~dockreview.audit.audit_docks`).
    dock_id_field : str, optional
        The docks layer's field grouping component features into one dock.
    component_field : str, optional
        The docks layer's component field, for the audit; default
        ``component`` when the layer has it, else the components are inferred.
    progress : bool, optional
        Show a progress bar (None: only on a terminal).
    backend : {"local", "dask"}
        ``dask`` runs the lots in spatial partitions on a dask.distributed cluster
        (:func:`dockreview.screen_dask.dask_figures`); the answers are the same.
    scheduler : str, optional
        Address of an existing dask scheduler; default a local cluster with one
        single-threaded worker per CPU.
    draft_ft : float, optional
        The vessel's draft; with the layers' soundings, each lot's reach limit
        is the navigable-depth limit (Docks D(1)) at the draft plus the
        profile's ``nav_depth_clearance_ft``. Needed with soundings.
    float_extent_ft : float
        The float's extent along the dock's axis (ft), allowed beyond the
        navigable-depth point; 0 for a plain walkway.
    workers : int, optional
        With the local backend, the processes working chunks of the shore at
        once (default: one per core this process may use).
    """
    if backend not in BACKENDS:
        raise DockReviewError(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}")
    parcels = layers.parcels
    if id_field is not None and id_field not in parcels.columns:
        raise LayerError(f"parcels layer: no field '{id_field}' (--id-field); fields: {', '.join(map(str, parcels.columns))}")
    if class_field is not None and class_field not in parcels.columns:
        raise LayerError(f"parcels layer: no field '{class_field}' (--class-field); fields: {', '.join(map(str, parcels.columns))}")
    if dock_id_field is not None and layers.docks is not None and dock_id_field not in layers.docks.columns:
        raise LayerError(f"docks layer: no field '{dock_id_field}' (--dock-id-field); fields: {', '.join(map(str, layers.docks.columns))}")
    rules = ruleset(profile)
    if qualifying is None:
        qualifying = rules.qualifying_classes
    audit_layers = layers
    if dock_id_field is not None and layers.docks is not None:
        layers = dataclasses.replace(layers, docks=layers.docks.dissolve(by=dock_id_field, as_index=False))
    depth = navigable_depth(layers, rules, draft_ft, float_extent_ft)
    workers = default_workers() if workers is None else max(int(workers), 1)
    figures = _backend_figures(layers, rules, tolerance_ft, progress, depth, backend, scheduler, workers)
    table = _parcel_table(parcels, figures, id_field, class_field, qualifying, rules)
    envelopes = figures["envelope"].to_numpy()
    has_area = shapely.area(envelopes) > 0
    env_frame = gpd.GeoDataFrame(
        {"parcel_id": table["parcel_id"].to_numpy()[figures.index.to_numpy(dtype=int)[has_area]]},
        geometry=gpd.GeoSeries(envelopes[has_area], crs=layers.crs),
    )
    result = ScreenResult(table, env_frame)
    if audit:
        result.audit = audit_docks(
            audit_layers, table, profile=rules, tolerance_ft=tolerance_ft, dock_id_field=dock_id_field,
            component_field=component_field, draft_ft=draft_ft, depth=depth,
        )
    return result


def _backend_figures(layers: ScreenLayers, rules, tolerance_ft, progress, depth, backend: str, scheduler, workers: int) -> pd.DataFrame:
    """:func:`lot_figures` of the parcels that have a geometry, on the backend; the others say they have none."""
    geoms = layers.parcels.geometry.values
    present = np.flatnonzero(~(shapely.is_missing(geoms) | shapely.is_empty(geoms)))
    some = dataclasses.replace(layers, parcels=layers.parcels.iloc[present].reset_index(drop=True))
    if backend == "dask":
        from dockreview.batch.dask_backend import dask_figures

        figures = dask_figures(some, rules, tolerance_ft, scheduler, depth)
    else:
        figures = lot_figures(some, rules, tolerance_ft, progress, depth, workers=workers)
    figures.index = present[figures.index.to_numpy(dtype=int)]
    missing = np.setdiff1d(np.arange(len(geoms)), present)
    return pd.concat([figures, unreviewed_rows(missing, "not reviewed: the parcel has no geometry", fronts=False)])


def _class_code(value) -> str | None:
    """A property-class code as text (``210.0`` reads as ``"210"``, as the review reads its lot's); None when blank."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip() or None


def _parcel_table(parcels, figures: pd.DataFrame, id_field, class_field, qualifying, rules: RuleSet) -> gpd.GeoDataFrame:
    """One row per parcel: its figures, property class, eligibility and every reason (Docks B, C, D(1))."""
    n = len(parcels)
    fig = figures.reindex(np.arange(n))
    fronts = fig["fronts_mhw"].eq(True).to_numpy()
    unreviewed = fig["not_reviewed"].to_numpy()
    ids = parcels[id_field].astype(str).to_numpy() if id_field else np.arange(n).astype(str)
    if class_field and qualifying is not None:
        codes, values = pd.factorize(parcels[class_field], use_na_sentinel=True)
        known = np.array([_class_code(v) for v in values] + [None], dtype=object)
        classes = known[codes]  # a blank class (code -1) reads as None
        qualifies = np.isin(classes, list(qualifying))
    else:
        classes = np.full(n, None, dtype=object)
        qualifies = np.full(n, True)
    columns = {
        c: fig[c].to_numpy(dtype=float)
        for c in ("frontage_ft", "band_width_ft", "required_setback_ft", "envelope_area_sqft", "nearest_obstacle_ft")
    }
    band_empty = fig["band_empty"].eq(True).to_numpy()
    needs_data = fig["needs_data"].eq(True).to_numpy()
    limit = fig["reach_limit_ft"].to_numpy(dtype=float)
    # the band is empty only because navigable depth is reached at the shore, not for want of room
    at_shore = band_empty & (columns["band_width_ft"] > 0) & (limit < rules.reach_cap_ft())
    reasons = _reasons(fronts, unreviewed, qualifies, classes, columns, band_empty, at_shore, limit, needs_data, rules)
    return gpd.GeoDataFrame(
        {
            "parcel_id": ids,
            "fronts_mhw": fronts,
            "frontage_ft": columns["frontage_ft"],
            "property_class": classes,
            "class_qualifies": qualifies if class_field else np.full(n, None, dtype=object),
            "required_setback_ft": columns["required_setback_ft"],
            "band_width_ft": columns["band_width_ft"],
            "envelope_area_sqft": columns["envelope_area_sqft"],
            "greatest_reach_ft": fig["greatest_reach_ft"].to_numpy(dtype=float),
            "reach_limit_ft": limit,
            "needs_data": needs_data,
            "existing_docks": fig["existing_docks"].fillna(0).astype(int).to_numpy(),
            "eligible": reasons == "",
            "reasons": reasons,
        },
        geometry=parcels.geometry.values,
        crs=parcels.crs,
    )


def _reasons(fronts, unreviewed, qualifies, classes, columns: dict, band_empty, at_shore, limit, needs_data, rules: RuleSet) -> np.ndarray:
    """Why each parcel can have no dock, each reason with its numbers ("" when it can), decided in arrays."""
    n = len(fronts)
    said = np.array([isinstance(u, str) for u in unreviewed], dtype=bool)
    lots = fronts & ~said
    kinds = {code: rules.class_reason(code) for code in set(classes[~qualifies].tolist())}
    by_class = np.full(n, "", dtype=object)
    by_class[~qualifies] = [kinds[c] for c in classes[~qualifies].tolist()]
    why = np.full(n, "", dtype=object)
    why[said] = unreviewed[said]
    why[~fronts & ~said] = "does not front the MHW line"
    rows = np.flatnonzero(lots)
    nearest = columns["nearest_obstacle_ft"][rows]
    lot_columns = envelope_reasons(
        rules, frontage_ft=columns["frontage_ft"][rows], band_width_ft=columns["band_width_ft"][rows],
        required_setback_ft=columns["required_setback_ft"][rows], band_empty=band_empty[rows] & ~at_shore[rows],
        envelope_empty=~(columns["envelope_area_sqft"][rows] > 0) & ~at_shore[rows], nearest_obstacle_ft=nearest,
    )
    depth = np.full(len(rows), "", dtype=object)
    shore = np.flatnonzero(at_shore[rows])
    depth[shore] = [f"navigable depth is reached at the shore: a dock may reach {v:,.1f} ft (Docks D(1))" for v in limit[rows][shore].tolist()]
    data = np.where(
        needs_data[rows],
        "needs data: the soundings do not cover the lot's water far enough along its axis to find navigable depth (Docks D(1))",
        "",
    ).astype(object)
    why[rows] = join([*lot_columns, depth, data], len(rows))
    # a lot's class reason leads its own; an unreviewed parcel's follows the reason it was not reviewed
    led = join([by_class, why], n)
    return np.where(said, join([why, by_class], n), np.where(fronts, led, why)).astype(object)


def write_screen(result: ScreenResult, path: str | Path) -> tuple[Path, Path]:
    """Write the layers and the CSV beside them; returns the main file and the CSV.

    A ``.gpkg`` holds the layers ``parcels``, ``envelopes`` and, when run,
    ``audit``. A ``.parquet`` (GeoParquet) is the parcels, with
    ``<name>-envelopes.parquet`` and ``<name>-audit.parquet`` beside it.
    Every file is written whole or not at all.
    """
    path = Path(path)
    csv = path.with_suffix(".csv")
    layers = {"parcels": result.parcels, "envelopes": result.envelopes}
    if result.audit is not None:
        layers["audit"] = result.audit
    if is_parquet(path):
        for name, frame in layers.items():
            target = path if name == "parcels" else path.with_name(f"{path.stem}-{name}{path.suffix}")
            with atomic_path(target) as tmp:
                frame.to_parquet(tmp, index=False, write_covering_bbox=True)
    else:
        with atomic_path(path) as tmp:
            for name, frame in layers.items():
                frame.to_file(tmp, layer=name, driver="GPKG", engine="pyogrio")
    with atomic_path(csv) as tmp:
        pd.DataFrame(result.parcels.drop(columns=result.parcels.geometry.name)).to_csv(tmp, index=False)
    return path, csv
