"""The Processing algorithms as plain functions on files: review, envelope, screen and audit.

Each does what its command does, through the package's public API, and writes
the same files: :func:`review_site` as ``dockreview check --gpkg --json`` and
``dockreview report``, :func:`envelope_site` as ``dockreview envelope -o``,
:func:`screen_parcels` as ``dockreview screen`` and :func:`audit_charts` as
``dockreview audit``. Nothing here imports QGIS: the plugin only turns its
parameters into these arguments, and these functions are tested without QGIS.

A review from layers picked in a QGIS project goes through a manifest as any
review does: :func:`write_manifest` writes one naming the layers' files.

``progress``, where taken, is called as ``progress(fraction, text)`` between
steps (and by the screen's and the audit's progress bars, :func:`bar_progress`);
it cancels the run by raising :class:`Cancelled`. Every file is written whole or
not at all; a run cancelled between two outputs keeps the ones already written.
"""

from __future__ import annotations

import re
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import tomlkit

from dockreview.errors import DockReviewWarning

#: ``progress(fraction, text)``: a step reached; may raise :class:`Cancelled`.
Progress = Callable[[float, "str | None"], None]
#: A layer as a file and, for a file of several layers, the layer's name.
Source = tuple[str, "str | None"]
#: The layers of a site a review reads, in the order a manifest lists them.
SITE_ROLES = ("parcels", "mhw", "channels", "docks", "soundings", "vegetation")


class Cancelled(Exception):
    """The run was cancelled by whoever follows its progress."""


def _step(progress: Progress | None, fraction: float, text: str | None) -> None:
    if progress is not None:
        progress(fraction, text)


def _source_text(source: Source) -> str:
    """``file`` or ``file:layer``, as the command line takes a layer."""
    path, layer = source
    return f"{path}:{layer}" if layer else str(path)


class _BarReader:
    """A stand-in for standard error that turns tqdm's "n/total" into progress and passes other text on."""

    BAR = re.compile(r"(\d+)/(\d+)")

    def __init__(self, progress: Progress, start: float, end: float, passthrough) -> None:
        self.progress, self.start, self.end, self.passthrough = progress, start, end, passthrough
        self.stopped = False

    def write(self, text: str) -> int:
        found = self.BAR.findall(text)
        if found:
            done, total = (int(v) for v in found[-1])
            if total and not self.stopped:
                try:
                    self.progress(self.start + (self.end - self.start) * min(done / total, 1.0), None)
                except Cancelled:
                    self.stopped = True  # raised once; the bar's own clean-up writes again
                    raise
        elif text.strip() and self.passthrough is not None:
            self.passthrough.write(text)
        return len(text)

    def flush(self) -> None:
        if self.passthrough is not None:
            self.passthrough.flush()

    def isatty(self) -> bool:
        return False


@contextmanager
def bar_progress(progress: Progress | None, start: float, end: float) -> Iterator[bool]:
    """Follow the screen's and the audit's progress bars from ``start`` to ``end``; yields the ``progress=`` to pass.

    Both draw a tqdm bar on standard error when asked (``progress=True``); while
    the block runs, standard error is read for the bar's "n/total" and any other
    text goes on to the real standard error. Without ``progress`` nothing changes
    and no bar is drawn.
    """
    if progress is None:
        yield False
        return
    real = sys.stderr
    sys.stderr = _BarReader(progress, start, end, real)
    try:
        yield True
    finally:
        sys.stderr = real


#: The warning a hand-written manifest gets for a layer outside its folder; a written one has all its layers there.
OUTSIDE = "leads outside the manifest's folder"


@contextmanager
def _caught(into: list[str], *, written: bool = False) -> Iterator[None]:
    """Collect the data warnings (DockReviewWarning) raised in the block, each once, as the command line prints them.

    ``written``: the manifest was written by :func:`write_manifest`, next to none of its
    layers; the warning that a layer lies outside its folder says nothing then.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", DockReviewWarning)
        try:
            yield
        finally:
            for message in dict.fromkeys(str(w.message) for w in caught if issubclass(w.category, DockReviewWarning)):
                if not (written and OUTSIDE in message):
                    into.append(message)


def _fields(site) -> dict[str, str | None]:
    """The fields the exhibit labels the site's layers by: parcel ids, dock ids, channel names, sounding depths."""
    m = site.manifest
    return {"parcel_id": m.parcel_id_field, "docks_id": m.docks_id_field, "channels_name": m.channels_name_field, "depth": m.depth_field}


def _inputs(site) -> dict[str, Source]:
    """The site's own layers (role -> file and layer), the ones the manifest names."""
    layers = site.manifest.layers
    return {role: (str(layers[role].path), layers[role].layer) for role in SITE_ROLES if role in layers}


# ---------------------------------------------------------------------------
# a manifest from layers picked in a project
# ---------------------------------------------------------------------------
def _layer_entry(source: Source):
    path, layer = source
    if not layer:
        return str(path)
    entry = tomlkit.inline_table()
    entry.update({"path": str(path), "layer": layer})
    return entry


def write_manifest(
    path: str | Path, *, parcels: Source, mhw: Source, parcel_id: str, id_field: str, class_field: str | None = None,
    channels: Source | None = None, docks: Source | None = None, docks_id_field: str | None = None,
    soundings: Source | None = None, depth_field: str | None = None, vegetation: Source | None = None,
    footprint: Source | None = None, component_field: str | None = None, root: tuple[float, float] | None = None,
    bearing: float | None = None, length: float | None = None, width: float | None = None,
    float_size: tuple[float, float] | None = None, float_layout: str = "T", float_side: str | None = None,
    float_draft_ft: float | None = None, use: str | None = None, attributes: dict | None = None,
    draft_ft: float | None = None, crs: str | None = None,
    name: str | None = None,
) -> Path:
    """Write a site manifest naming the given layers and dock, for :func:`review_site` or ``dockreview check``.

    The dock is the ``footprint`` layer, or a parametric dock (``length``,
    ``width``, optional ``root`` in the working CRS, ``bearing`` and float); with
    neither, a nominal 1 ft walkway that only :func:`envelope_site` may read.
    ``crs`` is the working CRS; without it the review chooses as ``check`` does.
    The manifest is checked when the site is loaded, with the manifest's messages.
    """
    doc = tomlkit.document()
    doc.add(tomlkit.comment("Written by the dockreview QGIS provider from the layers picked in a project."))
    site = {"name": name or f"parcel {parcel_id}"}
    if crs:
        site["crs"] = crs
    doc["site"] = site
    layers = {"parcels": _layer_entry(parcels), "mhw": _layer_entry(mhw)}
    for role, source in (("channels", channels), ("docks", docks), ("soundings", soundings), ("vegetation", vegetation)):
        if source is not None:
            layers[role] = _layer_entry(source)
    if docks_id_field:
        layers["docks_id_field"] = docks_id_field
    doc["layers"] = layers
    parcel = {"id_field": id_field, "id": str(parcel_id)}
    if class_field:
        parcel["class_field"] = class_field
    doc["parcel"] = parcel
    dock: dict = {}
    if footprint is not None:
        dock["file"] = _layer_entry(footprint)
        if component_field:
            dock["component_field"] = component_field
    else:
        dock["root"] = list(root) if root is not None else "auto"
        dock["bearing"] = bearing if bearing is not None else "perpendicular"
        dock["length"] = length if length is not None else 1.0
        dock["width"] = width if width is not None else 1.0
        if float_size is not None:
            spec = tomlkit.inline_table()
            spec.update({"length": float_size[0], "width": float_size[1], "layout": float_layout})
            if float_side:
                spec["side"] = float_side
            dock["float"] = spec
    if float_draft_ft is not None:
        dock["float_draft_ft"] = float_draft_ft
    if use:
        dock["use"] = use
    if attributes:
        dock["attributes"] = dict(attributes)
    doc["dock"] = dock
    if draft_ft is not None:
        doc["vessel"] = {"draft_ft": draft_ft}
    if depth_field:
        doc["soundings"] = {"depth_field": depth_field}
    from dockreview.outputs.files import atomic_path

    with atomic_path(path) as tmp:
        tmp.write_text(tomlkit.dumps(doc), encoding="utf-8")
    return Path(path)


# ---------------------------------------------------------------------------
# review
# ---------------------------------------------------------------------------
@dataclass
class ReviewRun:
    """What :func:`review_site` found and wrote."""

    verdict: str
    verdict_reason: str
    site: str
    parcel_id: str
    layers: list[str] = field(default_factory=list)
    inputs: dict[str, Source] = field(default_factory=dict)
    fields: dict[str, str | None] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def review_site(
    manifest: str | Path, *, profile: str | None = None, output: str | Path | None = None,
    report: str | Path | None = None, json_path: str | Path | None = None, page: str = "letter",
    all_checks: bool = False, engine: str = "pyogrio", progress: Progress | None = None, written: bool = False,
) -> ReviewRun:
    """Review the site of ``manifest``; write its layers (GeoPackage), its report and its JSON when asked.

    The same files as ``dockreview check MANIFEST --gpkg OUTPUT --json JSON`` and
    ``dockreview report MANIFEST -o REPORT``. ``written``: ``manifest`` is one
    :func:`write_manifest` wrote.
    """
    from dockreview import load_site, review
    from dockreview.outputs.files import atomic_path, inputs_checked

    found: list[str] = []
    with _caught(found, written=written):
        inputs = inputs_checked(manifest, profile, {"the layers' GeoPackage": output, "the report": report, "the JSON": json_path})
        _step(progress, 0.02, "reading the site's layers")
        site = load_site(manifest, engine=engine)
        _step(progress, 0.3, "reviewing the dock")
        result = review(site, profile=profile)
        run = ReviewRun(
            result.verdict, result.verdict_reason, site.name, site.parcel_id, inputs=_inputs(site), fields=_fields(site),
            warnings=found,
        )
        if output is not None:
            from dockreview.outputs.export import write_gpkg

            _step(progress, 0.45, "writing the derived layers")
            run.layers = write_gpkg(result, output)
        if report is not None:
            from dockreview.outputs.report import write_report

            _step(progress, 0.7, "writing the report")
            write_report(result, report, page=page, all_checks=all_checks)
        if json_path is not None:
            _step(progress, 0.95, "writing the JSON")
            with atomic_path(json_path, inputs=inputs) as tmp:
                tmp.write_text(result.to_json() + "\n", encoding="utf-8")
    _step(progress, 1.0, None)
    return run


# ---------------------------------------------------------------------------
# envelope
# ---------------------------------------------------------------------------
@dataclass
class EnvelopeRun:
    """The lot's envelope figures (feet, square feet) and why no dock may stand, as ``dockreview envelope`` prints them."""

    figures: dict[str, float | int | None]
    reasons: tuple[str, ...]
    site: str
    parcel_id: str
    inputs: dict[str, Source] = field(default_factory=dict)
    fields: dict[str, str | None] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    @property
    def possible(self) -> bool:
        """True when a compliant dock may stand somewhere on the lot's water."""
        return not self.reasons


def envelope_site(
    manifest: str | Path, *, profile: str | None = None, output: str | Path | None = None, engine: str = "pyogrio",
    progress: Progress | None = None, written: bool = False,
) -> EnvelopeRun:
    """The water where a compliant dock may stand on the lot of ``manifest`` (layer ``envelope`` of ``output``)."""
    from dockreview import load_profile, load_site
    from dockreview.measure.envelope import envelope_frame
    from dockreview.outputs.files import inputs_checked
    from dockreview.outputs.geopackage import geopackage
    from dockreview.review.suggest import site_envelope

    found: list[str] = []
    with _caught(found, written=written):
        inputs = inputs_checked(manifest, profile, {"the envelope's GeoPackage": output})
        _step(progress, 0.02, "reading the site's layers")
        site = load_site(manifest, engine=engine)
        _step(progress, 0.4, "finding the envelope")
        env = site_envelope(site, load_profile(profile))
        if output is not None:
            _step(progress, 0.9, "writing the envelope")
            with geopackage(output, product="envelope", inputs=inputs) as out:
                out.write(envelope_frame(env, site.crs), "envelope")
    figures = {
        "frontage_ft": env.frontage_ft, "required_setback_ft": env.required_setback_ft, "band_width_ft": env.band_width_ft,
        "area_sqft": env.area_sqft, "greatest_reach_ft": env.greatest_reach_ft, "reach_limit_ft": env.reach_limit_ft,
        "nearest_obstacle_ft": env.nearest_obstacle_ft, "existing_docks": env.existing_docks,
    }
    _step(progress, 1.0, None)
    return EnvelopeRun(figures, tuple(env.reasons), site.name, site.parcel_id, _inputs(site), _fields(site), found)


# ---------------------------------------------------------------------------
# screen
# ---------------------------------------------------------------------------
@dataclass
class ScreenRun:
    """The screen's counts (as ``dockreview screen`` prints them) and the files written."""

    summary: dict[str, int]
    gpkg: Path
    csv: Path
    layers: list[str]
    warnings: list[str] = field(default_factory=list)


def screen_parcels(
    parcels: Source, mhw: Source, *, output: str | Path, channels: Source | None = None, docks: Source | None = None,
    soundings: Source | None = None, depth_field: str | None = None, draft_ft: float | None = None,
    float_extent_ft: float = 0.0, id_field: str | None = None, class_field: str | None = None,
    single_family: str | None = None, crs: str | None = None, tolerance_ft: float = 5.0, audit: bool = False,
    dock_id_field: str | None = None, component_field: str | None = None, profile: str | None = None,
    engine: str = "pyogrio", progress: Progress | None = None,
) -> ScreenRun:
    """Screen every parcel of a layer, as ``dockreview screen -o OUTPUT`` does (GeoPackage and CSV beside it).

    ``single_family`` is the comma-separated list of ``--single-family``.
    """
    from dockreview import load_profile
    from dockreview.batch.layers import DEPTH_FIELD, read_screen_layers
    from dockreview.batch.screen import screen, screen_files, write_screen
    from dockreview.inputs.sources import profile_file, reference_files
    from dockreview.outputs.files import check_outputs
    from dockreview.outputs.publish.record import address_field, screen_record
    from dockreview.rules import ruleset

    text = lambda source: None if source is None else _source_text(source)
    found: list[str] = []
    with _caught(found):
        sources = (parcels, mhw, channels, docks, soundings)
        inputs = [*reference_files(text(s) for s in sources), *filter(None, [profile_file(profile)])]
        check_outputs({f"the screen's {name}": path for name, path in screen_files(output, audit=audit).items()}, inputs)
        _step(progress, 0.02, "reading the layers")
        layers = read_screen_layers(
            text(parcels), text(mhw), channels=text(channels), docks=text(docks), crs=crs, engine=engine,
            soundings=text(soundings), depth_field=depth_field or DEPTH_FIELD,
        )
        qualifying = None if single_family is None else tuple(c.strip() for c in single_family.split(",") if c.strip())
        address = address_field(layers.parcel_fields, None)
        law = load_profile(profile)
        named = dict(zip(("parcels", "mhw", "channels", "docks", "soundings"), map(text, sources), strict=True))
        _step(progress, 0.1, "screening the parcels")
        with bar_progress(progress, 0.1, 0.9 if audit else 0.95) as bar:
            result = screen(
                layers, profile=law, id_field=id_field, class_field=class_field, qualifying=qualifying,
                tolerance_ft=tolerance_ft, audit=audit, dock_id_field=dock_id_field, component_field=component_field,
                progress=bar, draft_ft=draft_ft, float_extent_ft=float_extent_ft, address=address,
            )
        _step(progress, 0.95, "writing the GeoPackage and the CSV")
        gpkg, csv = write_screen(result, output, inputs=inputs, record=screen_record(ruleset(law), named, address=address))
    _step(progress, 1.0, None)
    names = ["parcels", "envelopes", *(["audit"] if result.audit is not None else [])]
    return ScreenRun(result.summary(), gpkg, csv, names, found)


# ---------------------------------------------------------------------------
# audit
# ---------------------------------------------------------------------------
@dataclass
class AuditRun:
    """The audit's verdict counts and summary line, the chart it read, and the files written."""

    counts: dict[str, int]
    summary: str
    chart: str
    gpkg: Path
    csv: Path
    warnings: list[str] = field(default_factory=list)


#: The audit's layer in its GeoPackage: one row per charted dock.
AUDIT_LAYER = "docks"


def audit_charts(
    charts: Sequence[str | Path], *, output: str | Path, parcels: Source | None = None, id_field: str | None = None,
    crs: str | None = None, profile: str | None = None, progress: Progress | None = None,
) -> AuditRun:
    """Review every dock charted in the S-57 cells, as ``dockreview audit --chart ... -o OUTPUT`` does."""
    from dockreview import load_profile
    from dockreview.batch.chart_audit import audit_chart, summary
    from dockreview.errors import LayerError
    from dockreview.inputs import chart as chart_mod
    from dockreview.inputs.crs import choose_working_crs, feet_per_unit
    from dockreview.inputs.layers import read_layer
    from dockreview.inputs.manifest import LayerSpec
    from dockreview.inputs.sources import layer_files, profile_file
    from dockreview.outputs.files import check_outputs

    found: list[str] = []
    with _caught(found):
        read = [*charts, *([] if parcels is None else [parcels[0]]), *filter(None, [profile_file(profile)])]
        inputs = [f for path in read for f in layer_files(path)]
        check_outputs({"the audit's GeoPackage": output, "its CSV": Path(output).with_suffix(".csv")}, inputs)
        _step(progress, 0.02, "reading the chart cells")
        chart = chart_mod.read_chart([str(c) for c in charts])
        if chart.piers.empty:
            raise LayerError(f"chart {chart.describe()}: no piers to audit (SLCONS with CATSLC = 4, or PONTON)")
        working, note = choose_working_crs(crs, tuple(chart.piers.total_bounds), where="audit")
        if note:
            found.append(note)
        lots = None
        if parcels is not None:
            lots = read_layer(LayerSpec(Path(parcels[0]), parcels[1] or None), role="parcels").to_crs(working)
        _step(progress, 0.2, "auditing the docks")
        result = audit_chart(
            chart.to_crs(working), profile=load_profile(profile), ft_per_unit=feet_per_unit(working), parcels=lots,
            id_field=id_field,
        )
        _step(progress, 0.9, "writing the GeoPackage and the CSV")
        from dockreview.outputs.geopackage import write_layer_and_csv

        gpkg, csv = write_layer_and_csv(result, output, AUDIT_LAYER, product="chart audit", inputs=inputs)
    counts = result["verdict"].value_counts()
    _step(progress, 1.0, None)
    return AuditRun(
        {v: int(counts.get(v, 0)) for v in ("compliant", "noncompliant", "incomplete")}, summary(result), chart.describe(),
        gpkg, csv, found,
    )
