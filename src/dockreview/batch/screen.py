"""Screen a whole parcel layer: which lots could ever have a dock, and why not (Docks B, C, D(1)).

For every parcel the screen answers what :func:`dockreview.measure.envelope.lot_envelope`
answers for one lot (frontage, required setback, band width, envelope area,
greatest reach, existing docks, eligibility and every reason), but worked on
shapely arrays over the whole layer. The flow, and the module doing each step:

1. :func:`read_screen_layers` reads the layers into the working CRS (here);
2. :func:`lot_figures` takes each parcel's polygon fronting the water and
   rebuilds the usual lots' riparian geometry as arrays
   (:mod:`dockreview.batch.kernel`); every other lot is measured by the
   single-lot functions, and a lot they cannot review gets a row saying why;
   with soundings, the reach limit is the navigable-depth limit
   (:mod:`dockreview.batch.depth`); with ``backend="dask"`` the same work runs
   in spatial partitions on a cluster (:mod:`dockreview.batch.dask_backend`);
3. the parcel table gives each lot's eligibility and reasons, the property
   classes judged against the profile's single-family codes (here), and
   whether the data's accuracy could change the answer
   (:mod:`dockreview.batch.eligibility`);
4. with ``audit=True`` every existing dock is reviewed against its own lot
   (:mod:`dockreview.batch.audit`);
5. :func:`write_screen` writes the GeoPackage and the CSV (here), and into the
   GeoPackage what ``publish`` reads of the screen: its law, its date and its
   layers' names (:class:`~dockreview.outputs.publish.record.ScreenRecord`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import geopandas as gpd
import pandas as pd

from dockreview.batch.audit import audit_docks
from dockreview.batch.dockgroups import SAME_DOCK_FT
from dockreview.batch.eligibility import screen_accuracy
from dockreview.batch.figures import navigable_depth, shore_work
from dockreview.batch.layers import ScreenLayers, dissolved, is_parquet
from dockreview.batch.parallel import default_workers
from dockreview.batch.table import TableOptions, screen_tables
from dockreview.errors import DockReviewError, LayerError
from dockreview.outputs.files import atomic_path, rounded_table
from dockreview.outputs.geopackage import geopackage
from dockreview.outputs.publish.record import ScreenRecord, address_field
from dockreview.profile import Profile
from dockreview.rules import RuleSet, ruleset

BACKENDS = ("local", "dask")
#: The counts a summary shows even when 0.
ALWAYS_SHOWN = ("parcels", "front the MHW line", "eligible", "docks not allowed today")


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
        """Counts of parcels, waterfront parcels and eligible parcels (:func:`shown_counts` of :func:`screen_counts`)."""
        return shown_counts(screen_counts(self.parcels, self.audit))


def screen_counts(parcels: pd.DataFrame, audit: pd.DataFrame | None = None) -> dict[str, int]:
    """Every count of a screen's summary, the ones that may be 0 included (they add up over batches of a layer)."""
    counts = {
        "parcels": len(parcels), "front the MHW line": int(parcels["fronts_mhw"].sum()), "eligible": int(parcels["eligible"].sum()),
        "not reviewed": int(parcels["reasons"].str.startswith("not reviewed").sum()), "need data": int(parcels["needs_data"].sum()),
    }
    if audit is not None:
        counts.update(audit_counts(audit))
    return counts


def audit_counts(audit: pd.DataFrame) -> dict[str, int]:
    """The audit's counts in a screen's summary: the docks audited, and those not allowed today."""
    return {"existing docks audited": len(audit), "docks not allowed today": int((audit["verdict"] == "noncompliant").sum())}


def shown_counts(counts: dict[str, int]) -> dict[str, int]:
    """The counts a summary shows: parcels, waterfront and eligible always, the others when there are any.

    Examples
    --------
    >>> shown_counts({"parcels": 3, "front the MHW line": 2, "eligible": 0, "not reviewed": 0, "need data": 1})
    {'parcels': 3, 'front the MHW line': 2, 'eligible': 0, 'need data': 1}
    """
    return {k: v for k, v in counts.items() if v or k in ALWAYS_SHOWN or k.endswith("audited")}


def screen(
    layers: ScreenLayers, *, profile: Profile | RuleSet | str | None = None, id_field: str | None = None, class_field: str | None = None,
    qualifying: tuple[str, ...] | None = None, tolerance_ft: float = 5.0, audit: bool = False,
    dock_id_field: str | None = None, component_field: str | None = None, progress: bool | None = None,
    backend: str = "local", scheduler: str | None = None, draft_ft: float | None = None, float_extent_ft: float = 0.0,
    workers: int | None = None, methods: bool = False, address: str | None = None, accuracy: dict[str, float | None] | None = None,
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
        Also review every existing dock against its own lot (:func:`~dockreview.batch.audit.audit_docks`).
    dock_id_field : str, optional
        The docks layer's field grouping component features into one dock.
    component_field : str, optional
        The docks layer's component field, for the audit; default
        ``component`` when the layer has it, else the components are inferred.
    progress : bool, optional
        Show a progress bar (None: only on a terminal).
    backend : {"local", "dask"}
        ``dask`` runs the lots in spatial partitions on a dask.distributed cluster
        (:func:`dockreview.batch.dask_backend.dask_tables`); the answers are the same.
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
    methods : bool
        Also count, for each lot, the riparian methods under which it can
        have a dock (its envelope not empty): columns ``methods_with_dock``
        and ``methods_with_dock_names``, over every method the screen draws
        without other layers (:data:`~dockreview.batch.figures.SCREEN_METHODS`).
    address : str, optional
        The parcels' address field, copied to the column ``address``.
    accuracy : dict of str to float, optional
        The layers' positional accuracy stated, ft at 95 % (None: unassessed), by role (``parcels``, ``mhw``,
        ``channels``, ``docks``, ``soundings``); any other layer's is the default a review takes for a layer
        with nothing stated. The column ``eligibility`` says whether it could change each lot's answer.
    """
    if backend not in BACKENDS:
        raise DockReviewError(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}")
    if layers.parcels is None and backend != "dask":
        raise DockReviewError("parcels left on disk (a GeoParquet file read lazily) are for the dask backend")
    audit_layers = layers
    rules, layers, options, depth = prepare_screen(
        layers, profile=profile, id_field=id_field, class_field=class_field, qualifying=qualifying, tolerance_ft=tolerance_ft,
        dock_id_field=dock_id_field, draft_ft=draft_ft, float_extent_ft=float_extent_ft, methods=methods, address=address,
        accuracy=accuracy,
    )
    workers = default_workers() if workers is None else max(int(workers), 1)
    work = None
    if backend == "dask":
        from dockreview.batch.dask_backend import dask_tables

        table, env_frame = dask_tables(layers, rules, options, scheduler, depth, progress=progress)
    else:
        work = shore_work(layers, rules, tolerance_ft, depth)  # the indexed shore, for the lots and then the docks
        table, env_frame = screen_tables(layers, rules, options, depth, progress=progress, workers=workers, work=work)
    result = ScreenResult(table, env_frame.reset_index(drop=True))
    if audit:
        result.audit = audit_docks(
            audit_layers, table, profile=rules, tolerance_ft=tolerance_ft, dock_id_field=dock_id_field,
            component_field=component_field, draft_ft=draft_ft, depth=depth, workers=workers,
            shore=None if work is None else work.mhw,
        )
    return result


def prepare_screen(
    layers: ScreenLayers, *, profile, id_field: str | None, class_field: str | None, qualifying: tuple[str, ...] | None,
    tolerance_ft: float, dock_id_field: str | None, draft_ft: float | None, float_extent_ft: float, methods: bool = False,
    address: str | None = None, accuracy: dict[str, float | None] | None = None,
) -> tuple[RuleSet, ScreenLayers, TableOptions, object]:
    """The rules, the layers (the docks grouped by ``dock_id_field``), the table's options and the navigable depth of a screen.

    Checks the fields named against the layers first, each refusal one line
    naming the layer, the field and the fields it has. The options carry every
    layer's accuracy, ``accuracy`` as stated and the defaults for the others
    (:func:`~dockreview.batch.eligibility.screen_accuracy`).
    """
    fields = layers.parcel_fields
    if id_field is not None and id_field not in fields:
        raise LayerError(f"parcels layer: no field '{id_field}' (--id-field); fields: {', '.join(fields)}")
    if class_field is not None and class_field not in fields:
        raise LayerError(f"parcels layer: no field '{class_field}' (--class-field); fields: {', '.join(fields)}")
    if address is not None:
        address_field(fields, address)
    if dock_id_field is not None and layers.docks is not None and dock_id_field not in layers.docks.columns:
        raise LayerError(f"docks layer: no field '{dock_id_field}' (--dock-id-field); fields: {', '.join(map(str, layers.docks.columns))}")
    rules = ruleset(profile)
    if qualifying is None:
        qualifying = rules.qualifying_classes
    if dock_id_field is not None and layers.docks is not None:
        layers = dataclasses.replace(layers, docks=dissolved(layers.docks, dock_id_field, SAME_DOCK_FT / layers.ft_per_unit))
    depth = navigable_depth(layers, rules, draft_ft, float_extent_ft)
    options = TableOptions(id_field, class_field, qualifying, tolerance_ft, methods, address, screen_accuracy(accuracy))
    return rules, layers, options, depth


def screen_files(path: str | Path, *, audit: bool = False) -> dict[str, Path]:
    """Every file a screen writes to ``path``, by what it holds: the layers' file(s) and the CSV beside them.

    A ``.gpkg`` holds the layers ``parcels``, ``envelopes`` and, when run,
    ``audit``. A ``.parquet`` (GeoParquet) is the parcels, with
    ``<name>-envelopes.parquet`` and ``<name>-audit.parquet`` beside it.

    Examples
    --------
    >>> {k: v.name for k, v in screen_files("out/lots.parquet", audit=True).items()}
    {'parcels': 'lots.parquet', 'envelopes': 'lots-envelopes.parquet', 'audit': 'lots-audit.parquet', 'csv': 'lots.csv'}
    >>> {k: v.name for k, v in screen_files("out/lots.gpkg").items()}
    {'parcels': 'lots.gpkg', 'csv': 'lots.csv'}
    """
    path = Path(path)
    files = {"parcels": path}
    if is_parquet(path):
        for name in ("envelopes", *(("audit",) if audit else ())):
            files[name] = path.with_name(f"{path.stem}-{name}{path.suffix}")
    return {**files, "csv": path.with_suffix(".csv")}


def write_screen(
    result: ScreenResult, path: str | Path, *, inputs: Iterable[str | Path] = (), record: ScreenRecord | None = None,
) -> tuple[Path, Path]:
    """Write the layers and the CSV beside them (:func:`screen_files`); returns the main file and the CSV.

    Every file is written whole or not at all, and none over one of ``inputs``
    (the layers screened); an existing GeoPackage keeps its other layers. A
    GeoPackage holds the ``record`` too (:func:`write_record`), what ``publish`` reads.
    """
    path = Path(path)
    files = screen_files(path, audit=result.audit is not None)
    layers = {"parcels": result.parcels, "envelopes": result.envelopes}
    if result.audit is not None:
        layers["audit"] = result.audit
    if is_parquet(path):
        for name, frame in layers.items():
            with atomic_path(files[name], inputs=inputs) as tmp:
                frame.to_parquet(tmp, index=False, write_covering_bbox=True)
    else:
        with geopackage(path, product="screen", inputs=inputs) as out:
            for name, frame in layers.items():
                out.write(frame, name, polygons=name != "audit")
            write_record(out, record)
    with atomic_path(files["csv"], inputs=inputs) as tmp:
        rounded_table(result.parcels).to_csv(tmp, index=False)
    return path, files["csv"]


def write_record(out, record: ScreenRecord | None) -> None:
    """Write the screen's ``record`` (its law, date and layers' names) into the GeoPackage being written, as tables."""
    if record is not None:
        for name, frame in record.frames().items():
            out.write(frame, name)
