"""A screen of a layer too big to hold whole: its parcels read, screened and written a batch at a time (Docks B, C, D(1)).

:func:`screen_to_file` answers what :func:`~dockreview.batch.screen.screen`
followed by :func:`~dockreview.batch.screen.write_screen` answers, row for
row, while holding only a few batches of parcels at once. Each lot's figures
hang only on its own polygon and the layers every lot shares (the MHW line,
channels, docks, soundings), so the layer can be worked in any pieces: the
parcels are read ``batch_size`` at a time in the layer's order
(:func:`~dockreview.batch.layers.parcel_batches`), each batch is screened by
the screen's own :func:`~dockreview.batch.table.screen_tables` in a worker
process (:func:`~dockreview.batch.parallel.imap_chunks`), and its rows are
appended to the GeoPackage and the CSV as they come back, in order, joined into
windows of :data:`WRITE_ROWS` rows (a write has a cost of its own). The worker
also writes its batch's CSV rows as text (:func:`csv_rows`), so that the
parent, which writes every window alone after the last batch, only appends
them. What
the batches share -- the indexed shore, the obstacles, the rules -- is built
once (:func:`plan_screen`) before the workers fork, and shared by them; the
layers as read can be let go once the plan is made, so that neither they nor
the heap they held are carried into the workers.

A method drawing each lot from its neighbours' water corners (``colonial``)
finds them in the whole layer, whichever batch they fall in: each batch's
worker reads the parcels of the layer near its waterfront lots
(:func:`~dockreview.batch.layers.parcels_near`), drawn only for their
corners (:func:`~dockreview.batch.figures.neighbour_parcels`).

A GeoParquet output is written the same way, a window at a time as its
files' row groups (:class:`~dockreview.outputs.geoparquet.GeoParquetWindows`).

A screen on a Dask cluster (:func:`dask_to_file`) is written the same way:
its partitions' answers, which come back in any order and each from anywhere
in the layer, are kept on disk as they come (:class:`~dockreview.batch.spill.Spill`)
and written in the layer's order a window at a time, so that the machine
writing a state's screen holds a window of it, not the whole.
"""

from __future__ import annotations

import functools
import tempfile
import warnings
from collections.abc import Iterable
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from dockreview.batch.audit import audit_docks, component_column
from dockreview.batch.figures import neighbour_parcels, reads_neighbours, shore_work
from dockreview.batch.kernel import straight_on
from dockreview.batch.layers import ScreenLayers, has_polygons, is_parquet, parcel_batches, parcels_near, repair_parcels
from dockreview.batch.parallel import default_workers, imap_chunks
from dockreview.batch.screen import (
    audit_counts,
    prepare_screen,
    screen_counts,
    screen_files,
    shown_counts,
    write_record,
)
from dockreview.batch.spill import Spill
from dockreview.batch.table import TableOptions, screen_tables
from dockreview.errors import DockReviewError, DockReviewWarning, LayerError, OutputError
from dockreview.outputs.files import atomic_path, output_folder, rounded_table
from dockreview.outputs.geopackage import geopackage
from dockreview.outputs.geoparquet import geoparquet_windows
from dockreview.rules import RuleSet

#: Parcels read and screened at a time, at most (a worker holds some 170 MB of its own at this size); see WRITE_ROWS for writing.
BATCH_PARCELS = 5_000
#: Batches each worker is given at least, when the layer is small enough (so that the workers share the work evenly) ...
BATCHES_PER_WORKER = 4
#: ... unless that would make batches smaller than this.
MIN_BATCH_PARCELS = 1_000
#: Rows of the screen's table written to its files at a time, at least: batches are joined until they hold this
#: many. Each write to a GeoPackage costs some 30 ms besides its rows, and its spatial index is kept row by row in a
#: layer appended to; a county of 20,000 parcels is written in one piece (0.25 s against 0.5 s in eight).
WRITE_ROWS = 20_000


@dataclass(frozen=True)
class ScreenPlan:
    """What every batch of a streamed screen shares, built once before the workers fork.

    It keeps what the batches need and nothing of the layers as read: the
    indexed shore, the obstacles and the docks' landward ends
    (:func:`~dockreview.batch.figures.shore_work`), the rules, the table's
    options, the navigable depth, and where the parcels are. The layers it was
    planned from may be let go once it is made.
    """

    layers: ScreenLayers
    rules: RuleSet
    options: TableOptions
    depth: object
    work: object
    audit: AuditPlan | None = None

    def parcel_count(self) -> int:
        """How many parcel features the layer holds (its metadata)."""
        return self.layers.parcel_count()


@dataclass(frozen=True)
class AuditPlan:
    """The audit of the existing docks after a streamed screen: the layers it reads (the docks as drawn, by component) and its settings."""

    layers: ScreenLayers
    dock_id_field: str | None
    component_field: str | None
    draft_ft: float | None


def plan_screen(
    layers: ScreenLayers, *, profile=None, id_field: str | None = None, class_field: str | None = None,
    qualifying: tuple[str, ...] | None = None, tolerance_ft: float = 5.0, dock_id_field: str | None = None,
    draft_ft: float | None = None, float_extent_ft: float = 0.0, audit: bool = False, component_field: str | None = None,
    methods: bool = False, address: str | None = None, accuracy: dict[str, float | None] | None = None,
) -> ScreenPlan:
    """The plan of a streamed screen of ``layers`` (parcels left on disk), its settings as :func:`~dockreview.batch.screen.screen` takes them.

    Parameters
    ----------
    layers : ScreenLayers
        From :func:`~dockreview.batch.layers.read_screen_layers` with
        ``stream_parcels=True``.
    profile, id_field, class_field, qualifying, tolerance_ft, dock_id_field, draft_ft, float_extent_ft, audit, component_field, methods, address, accuracy
        As :func:`~dockreview.batch.screen.screen` takes them. With ``audit``
        the plan keeps the docks layer as drawn (its components), the
        channels and the soundings for the audit after the screen; and when
        the audit draws its lots as the screen does (the side lines carried
        straight on), the screen keeps each waterfront lot's water corners for
        it (:mod:`~dockreview.batch.corners`), so that no lot's ring is walked twice.
    """
    if audit:
        _refuse_audit_without(layers, component_field)
    rules, prepared, options, depth = prepare_screen(
        layers, profile=profile, id_field=id_field, class_field=class_field, qualifying=qualifying, tolerance_ft=tolerance_ft,
        dock_id_field=dock_id_field, draft_ft=draft_ft, float_extent_ft=float_extent_ft, methods=methods, address=address,
        accuracy=accuracy,
    )
    work = shore_work(prepared, rules, tolerance_ft, depth)
    if audit and work.construction is straight_on:  # the audit draws its lots from the screen's water corners
        work = replace(work, keeps_corners=True)
    where = ScreenLayers(None, None, None, None, prepared.crs, prepared.ft_per_unit, None, prepared.parcels_source)
    audited = None
    if audit:
        kept = ScreenLayers(None, None, layers.channels, layers.docks, layers.crs, layers.ft_per_unit, layers.soundings, water=layers.water)
        audited = AuditPlan(kept, dock_id_field, component_field, draft_ft)
    return ScreenPlan(where, rules, options, depth, work, audited)


def _refuse_audit_without(layers: ScreenLayers, component_field: str | None) -> None:
    """Refuse an audit before the screen when it has no docks layer, or its component field is named but absent."""
    if layers.docks is None:
        raise DockReviewError("--audit needs a docks layer (--docks)")
    component_column(layers.docks, component_field)


def screen_to_file(
    plan: ScreenPlan, output: str | Path, *, workers: int | None = None, progress: bool | None = None,
    batch_size: int = BATCH_PARCELS, inputs: Iterable[str | Path] = (), record=None,
) -> tuple[dict[str, int], Path, Path]:
    """Screen the parcels left on disk a batch at a time, by ``plan`` (:func:`plan_screen`), and write the screen's files.

    Parameters
    ----------
    plan : ScreenPlan
        From :func:`plan_screen`.
    output : str or Path
        The ``.gpkg`` (or ``.parquet``) to write, as
        :func:`~dockreview.batch.screen.write_screen` writes it; the CSV beside it.
    workers : int, optional
        Processes screening batches at once (default: one per core).
    progress : bool, optional
        Show a progress bar (None: only on a terminal).
    batch_size : int
        Parcels read and screened at a time, at most: a smaller layer is cut
        into :data:`BATCHES_PER_WORKER` batches per worker (of at least
        :data:`MIN_BATCH_PARCELS`), so that every worker has work.
    inputs : iterable of path
        The files screened, none of which an output may replace.
    record : ScreenRecord, optional
        What ``publish`` reads of the screen, written with it
        (:func:`~dockreview.batch.screen.write_record`).

    Returns
    -------
    summary : dict
        The counts :meth:`~dockreview.batch.screen.ScreenResult.summary` gives.
    main, csv : Path
        The files written.
    """
    layers = plan.layers
    workers = default_workers() if workers is None else max(int(workers), 1)
    total = plan.parcel_count()
    columns = [c for c in dict.fromkeys((plan.options.id_field, plan.options.class_field, plan.options.address_field)) if c is not None]
    batches = _numbered(parcel_batches(layers, batch_parcels(total, batch_size, workers=workers), columns))
    answers = imap_chunks(_batch_tables, plan, batches, workers=workers)
    disable = False if progress else (None if progress is None else True)
    label = f"parcels layer {layers.parcels_source}"
    audit = None if plan.audit is None else functools.partial(
        _audit, plan.audit, plan.rules, plan.options.tolerance_ft, plan.depth, plan.work.mhw, workers,
    )
    with tqdm(total=total, desc="screen", unit="parcel", disable=disable) as bar:
        counts, main, csv = write_batches(answers, Path(output), bar, label, audit, inputs, record)
    repaired = counts.pop("repaired")
    if repaired:
        warnings.warn(f"{label}: {repaired} invalid geometries repaired with make_valid", DockReviewWarning, stacklevel=2)
    return shown_counts(counts), main, csv


def dask_to_file(
    layers: ScreenLayers, output: Path, *, scheduler: str | None, label: str, progress: bool | None = None, inputs=(), record=None,
    audit: bool = False, component_field: str | None = None, workers: int | None = None, **settings,
) -> tuple[dict[str, int], Path, Path]:
    """The Dask screen written to ``output`` (a GeoPackage or GeoParquet) and its CSV without holding the results whole.

    Each partition's answers are spilled to a folder beside ``output`` as
    they come back (:class:`~dockreview.batch.spill.Spill`) and written in
    the layer's order a window at a time, as the streamed local screen writes
    its batches (:func:`write_batches`); the folder
    is removed after. ``label`` names the parcels layer in a refusal;
    ``settings`` are :func:`~dockreview.batch.screen.prepare_screen`'s.
    With ``audit`` the existing docks are audited after the screen, here on
    ``workers`` processes, against the waterfront lots kept from each window
    (:func:`~dockreview.batch.audit.audit_docks`; ``component_field`` as it
    takes it): the screen's table is still never held whole.
    Returns the summary counts and the files written.
    """
    from dockreview.batch.dask_backend import ROW, screen_partitions

    if audit:
        _refuse_audit_without(layers, component_field)
    audited = AuditPlan(layers, settings.get("dock_id_field"), component_field, settings.get("draft_ft")) if audit else None
    rules, layers, options, depth = prepare_screen(layers, **settings)
    run_audit = None if audited is None else functools.partial(
        _audit, audited, rules, options.tolerance_ft, depth, None, default_workers() if workers is None else max(int(workers), 1),
    )
    try:
        parent = output_folder(output)  # the spill's folder is made in it before any file is written
    except OSError as exc:
        raise OutputError(f"{output}: cannot write the file ({exc.strerror or exc}); check the folder is writable") from None
    with tempfile.TemporaryDirectory(prefix=f".{output.stem}-", dir=parent) as folder:
        spill = Spill(Path(folder), ROW)
        screen_partitions(layers, rules, options, scheduler, depth, lambda result: spill.add(*result), progress=progress)
        answers = ((table, envelopes, 0, None) for table, envelopes in spill.windows())
        with tqdm(total=spill.rows, desc="write", unit="parcel", disable=None if progress is None else not progress) as bar:
            counts, main, csv = write_batches(answers, output, bar, label, run_audit, inputs=inputs, record=record)
    counts.pop("repaired", None)
    return shown_counts(counts), main, csv


def batch_parcels(total: int, batch_size: int, *, workers: int) -> int:
    """Parcels to a batch: ``batch_size`` at most, and few enough that every worker has :data:`BATCHES_PER_WORKER` batches.

    Examples
    --------
    >>> batch_parcels(1_000_000, 20_000, workers=2), batch_parcels(20_000, 20_000, workers=2), batch_parcels(500, 20_000, workers=2)
    (20000, 2500, 1000)
    """
    spread = -(-int(total) // (BATCHES_PER_WORKER * max(int(workers), 1)))
    return max(1, min(int(batch_size), max(spread, MIN_BATCH_PARCELS)))


def _numbered(batches):
    """Each batch with the row number of its first parcel in the layer."""
    start = 0
    for frame in batches:
        yield start, frame
        start += len(frame)


def _batch_tables(plan: ScreenPlan, job) -> tuple[gpd.GeoDataFrame, gpd.GeoDataFrame, int, str]:
    """The parcel table and envelopes of one batch (its rows numbered from ``start``), how many parcels were
    repaired, and the table's CSV rows (:func:`csv_rows`)."""
    start, frame = job
    frame, repaired = repair_parcels(frame)
    batch = replace(plan.layers, parcels=frame.reset_index(drop=True), parcels_source=None)
    beside = None
    if reads_neighbours(plan.rules, plan.options.methods):  # the lots' neighbours in other batches, read from the layer
        geoms = np.asarray(frame.geometry.values, dtype=object)
        beside = neighbour_parcels(geoms, plan.work, functools.partial(parcels_near, plan.layers))
    table, envelopes = screen_tables(
        batch, plan.rules, plan.options, plan.depth, row_ids=start + np.arange(len(frame)), work=plan.work, beside=beside,
    )
    return table, envelopes, repaired, csv_rows(table)


def csv_rows(table: pd.DataFrame) -> str:
    """The rows of a batch's table as the screen's CSV holds them, without its header (the audit's water corners,
    which the CSV does not hold, left out).

    Examples
    --------
    >>> print(csv_rows(pd.DataFrame({"parcel_id": ["=A1", "B2"], "frontage_ft": [120.456, None]})), end="")
    '=A1,120.46
    B2,
    """
    return rounded_table(table.drop(columns=["water_corners"], errors="ignore")).to_csv(index=False, header=False)


def _tally(counts: dict[str, int], table: gpd.GeoDataFrame, repaired: int) -> None:
    """Add one batch's summary counts, repairs and polygons to ``counts``."""
    for key, value in screen_counts(table).items():
        counts[key] = counts.get(key, 0) + value
    counts["repaired"] = counts.get("repaired", 0) + repaired
    counts["polygons"] = counts.get("polygons", 0) + has_polygons(table)


def _refuse_without_polygons(counts: dict[str, int], label: str) -> None:
    if not counts.pop("polygons", 0):
        raise LayerError(f"{label}: no polygon features")


def _audit(
    a: AuditPlan, rules: RuleSet, tolerance_ft: float, depth, shore, workers: int, lots: gpd.GeoDataFrame, meanwhile=None,
) -> gpd.GeoDataFrame:
    """The audit ``a`` of the docks against the waterfront ``lots`` the screen found (its rows for them), on the
    screen's indexed ``shore`` (None: indexed from ``a.layers``); ``meanwhile`` is done while the workers audit."""
    return audit_docks(
        a.layers, lots, profile=rules, tolerance_ft=tolerance_ft, dock_id_field=a.dock_id_field,
        component_field=a.component_field, draft_ft=a.draft_ft, depth=depth, workers=workers, shore=shore,
        meanwhile=meanwhile,
    )


def _waterfront(table: gpd.GeoDataFrame, corners: pd.Series | None) -> gpd.GeoDataFrame:
    """The rows of a batch's table the audit reads: its waterfront lots, with their ids (and their water corners,
    when the screen kept them)."""
    fronts = table["fronts_mhw"].to_numpy(dtype=bool)
    lots = table.loc[fronts, ["parcel_id", "fronts_mhw", "geometry"]]
    return lots if corners is None else lots.assign(water_corners=corners.to_numpy()[fronts])


def _audited(audit, lots: list, counts: dict[str, int], meanwhile=None) -> gpd.GeoDataFrame | None:
    """The audit of the docks against the waterfront ``lots`` of every batch (None without one), its counts added;
    ``meanwhile`` is done while it runs (first, without one)."""
    if audit is None:
        if meanwhile is not None:
            meanwhile()
        return None
    frame = audit(pd.concat(lots, ignore_index=True), meanwhile)
    counts.update(audit_counts(frame))
    return frame


def _tallied(answers, counts: dict[str, int], lots: list | None, bar):
    """Each batch's table, envelopes and CSV rows, its summary counts added to ``counts`` (its waterfront lots to
    ``lots``, when given) as it comes."""
    for table, envelopes, repaired, rows in answers:
        corners = table.pop("water_corners") if "water_corners" in table.columns else None
        _tally(counts, table, repaired)
        if lots is not None:
            lots.append(_waterfront(table, corners))
        bar.update(len(table))
        yield table, envelopes, rows


def windows(batches, rows: int = WRITE_ROWS):
    """The ``(table, envelopes, csv)`` batches joined, in order, into windows of at least ``rows`` rows (the last
    fewer). ``csv`` is the table's CSV rows (:func:`csv_rows`), or None when they are made as they are written.

    Examples
    --------
    >>> batches = ((pd.DataFrame({"row": range(n)}), pd.DataFrame({"n": [n]}), f"{n};") for n in (3, 4, 2, 5, 1))
    >>> [(len(table), envelopes["n"].tolist(), csv) for table, envelopes, csv in windows(batches, rows=6)]
    [(7, [3, 4], '3;4;'), (7, [2, 5], '2;5;'), (1, [1], '1;')]
    """
    tables, envelopes, texts, held = [], [], [], 0
    for table, envelope, text in batches:
        tables.append(table)
        envelopes.append(envelope)
        texts.append(text)
        held += len(table)
        if held >= rows:
            yield _joined(tables), _joined(envelopes), _joined_text(texts)
            tables, envelopes, texts, held = [], [], [], 0
    if tables:
        yield _joined(tables), _joined(envelopes), _joined_text(texts)


def _joined(frames: list) -> pd.DataFrame:
    """The frames one after another (the one itself when alone, its index kept)."""
    return frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)


def _joined_text(texts: list) -> str | None:
    """The texts one after another; None when any is (made as the window is written)."""
    return None if any(text is None for text in texts) else "".join(texts)


def _append_csv(path: Path, table: pd.DataFrame, rows: str | None, *, header: bool) -> None:
    """Append ``table``'s rows to the CSV ``path`` (its header first, with ``header``): ``rows`` as a worker wrote
    them (:func:`csv_rows`), else written here."""
    if rows is None:
        rounded_table(table).to_csv(path, index=False, mode="a", header=header)
        return
    with open(path, "a", encoding="utf-8", newline="") as out:
        if header:
            out.write(rounded_table(table.iloc[:0]).to_csv(index=False))
        out.write(rows)


def write_batches(answers, output: Path, bar, label: str, audit=None, inputs=(), record=None) -> tuple[dict, Path, Path]:
    """Write the batches' rows to the screen's files and the CSV as they come, :data:`WRITE_ROWS` or more at a time
    (every file written whole or not at all: a GeoPackage, or GeoParquet files beside one another); then the audit.

    ``answers`` yields each batch's table, envelopes, parcels repaired and
    CSV rows (None: made here), in the layer's order; ``audit`` is called with the waterfront lots of every
    batch and the writing of the last window, which it does while its workers
    audit (a county's last window is its whole screen: 0.4 s). Returns the
    summary counts (with ``repaired``) and the files.
    """
    counts: dict[str, int] = {}
    csv = output.with_suffix(".csv")
    lots = []
    with atomic_path(csv, inputs=inputs) as csv_tmp, _screen_layers(output, inputs, audit is not None) as out:

        def write(i: int, table, envelopes, rows) -> None:
            _append_csv(csv_tmp, table, rows, header=i == 0)
            out.write(i, table, envelopes)

        last = None  # the last window is written while the audit's workers work
        for i, window in enumerate(windows(_tallied(answers, counts, lots if audit is not None else None, bar), WRITE_ROWS)):
            if last is not None:
                write(*last)
            last = (i, *window)
        _refuse_without_polygons(counts, label)
        out.finish(_audited(audit, lots, counts, None if last is None else functools.partial(write, *last)), record)
    return counts, output, csv


@contextmanager
def _screen_layers(output: Path, inputs, audit: bool):
    """The screen's layers being written: a GeoPackage's (:class:`_GeoPackageLayers`), or GeoParquet files'."""
    if not is_parquet(output):
        with geopackage(output, product="screen", inputs=inputs) as out:
            yield _GeoPackageLayers(out)
        return
    files = screen_files(output, audit=audit)
    with geoparquet_windows(files["parcels"], inputs=inputs) as parcels, geoparquet_windows(files["envelopes"], inputs=inputs) as envelopes:
        yield _GeoParquetLayers(parcels, envelopes, files.get("audit"), inputs)


@dataclass
class _GeoPackageLayers:
    """The layers ``parcels`` and ``envelopes`` appended a window at a time, then ``audit`` and the record."""

    out: object

    def write(self, i: int, table, envelopes) -> None:
        self.out.write(table, "parcels", polygons=True, append=i > 0)
        self.out.write(envelopes, "envelopes", polygons=True, append=i > 0)

    def finish(self, audit, record) -> None:
        if audit is not None:
            self.out.write(audit, "audit")
        write_record(self.out, record)


@dataclass
class _GeoParquetLayers:
    """The GeoParquet files of the parcels and the envelopes written a window at a time, then the audit's whole
    (:func:`~dockreview.batch.screen.screen_files`)."""

    parcels: object
    envelopes: object
    audit_path: Path | None
    inputs: Iterable

    def write(self, i: int, table, envelopes) -> None:
        self.parcels.write(table)
        self.envelopes.write(envelopes)

    def finish(self, audit, record) -> None:
        if audit is not None:
            with atomic_path(self.audit_path, inputs=self.inputs) as tmp:
                audit.to_parquet(tmp, index=False, write_covering_bbox=True)
