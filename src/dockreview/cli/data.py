"""The data commands: ``dockreview layers FILE`` and ``dockreview audit --chart FILE``.

``layers`` lists what a file holds (layers, geometry types, feature counts, CRS
and fields; for a chart cell its edition and the object classes a review
reads) so an analyst can write the manifest without a desktop GIS.
"""

from __future__ import annotations

import warnings
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import click
import numpy as np
import pyogrio
from pyproj import CRS, Transformer

from dockreview.batch.chart_audit import audit_chart, summary
from dockreview.cli.group import note, show_warnings
from dockreview.cli.options import profile_option
from dockreview.errors import DockReviewWarning, LayerError
from dockreview.inputs import chart as chart_mod
from dockreview.inputs.crs import choose_working_crs, describe, feet_per_unit
from dockreview.inputs.layers import gdal_source, read_layer
from dockreview.inputs.manifest import LayerSpec
from dockreview.inputs.raster import RASTER_SUFFIXES, raster_summary
from dockreview.inputs.readable import require_layer_file
from dockreview.inputs.sources import profile_file, reference_files
from dockreview.outputs.files import check_outputs
from dockreview.outputs.formats import PRODUCTS
from dockreview.outputs.geopackage import write_layer_and_csv
from dockreview.profile import load_profile


@dataclass(frozen=True)
class LayerInfo:
    """What one layer of a file holds."""

    name: str
    geometry: str
    features: int
    crs: str
    fields: list[str]
    bounds_lonlat: tuple[float, float, float, float] | None


def _layers_of(source, prefix: str = "") -> list[LayerInfo]:
    """Every layer GDAL finds at ``source``, its name after ``prefix``."""
    out = []
    for name, geometry in pyogrio.list_layers(source):
        info = pyogrio.read_info(source, layer=name, force_feature_count=True, force_total_bounds=True)
        crs = CRS.from_user_input(info["crs"]) if info["crs"] else None
        bounds = info.get("total_bounds")
        lonlat = None
        if crs is not None and bounds is not None and np.isfinite(bounds).all():
            to_lonlat = Transformer.from_crs(crs, "EPSG:4326", always_xy=True)
            lonlat = to_lonlat.transform_bounds(*bounds)
        out.append(
            LayerInfo(f"{prefix}{name}", str(geometry or "none"), int(info["features"]), describe(crs), list(info["fields"]), lonlat)
        )
    return out


def inspect_file(path: str | Path) -> list[LayerInfo]:
    """Every layer of ``path`` (a ``.zip`` is listed shapefile by shapefile).

    Raises
    ------
    LayerError
        The file is missing or GDAL cannot open it.
    """
    path = Path(path)
    label = f"file {path}"
    if not path.exists():
        raise LayerError(f"{label}: file not found")
    if path.suffix.lower() != ".zip":
        try:
            return _layers_of(path)
        except Exception as exc:  # GDAL raises many types for an unreadable file
            raise LayerError(f"{label}: cannot open the file ({str(exc).splitlines()[0]})") from None
    try:
        with zipfile.ZipFile(path) as archive:
            members = [PurePosixPath(n) for n in archive.namelist() if n.lower().endswith(".shp")]
    except (zipfile.BadZipFile, OSError) as exc:
        raise LayerError(f"{label}: cannot open the zip file ({exc})") from None
    folders = sorted({m.parent for m in members if m.parts[0] != "__MACOSX"})
    if not folders:
        raise LayerError(f"{label}: the zip file holds no shapefile (.shp)")
    out = []
    for folder in folders:
        first = next(m for m in members if m.parent == folder)
        source, _ = gdal_source(path, str(first.with_suffix("")), label)
        out += _layers_of(source, "" if str(folder) == "." else f"{folder}/")
    return out


#: What a review takes from each chart object class.
CHART_ROLES = {
    **{c: "channels" for c in chart_mod.CHANNEL_CLASSES},
    **{c: "anchorages (channels)" for c in chart_mod.ANCHORAGE_CLASSES},
    "SLCONS": "piers (CATSLC = 4) / shoreline (wharves, seawalls)",
    "PONTON": "piers",
    "SOUNDG": "soundings",
    "DEPCNT": "depth contours",
    "COALNE": "shoreline (MHW fallback)",
}


def _union(boxes: list[tuple[float, float, float, float]]) -> tuple[float, float, float, float] | None:
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


@click.command("layers")
@click.argument("file")
@click.option("--crs", "crs_text", metavar="CRS", help="The working CRS to check the data against (default: EPSG:2263, or the data's UTM zone outside it).")
@click.pass_context
def layers_command(ctx: click.Context, file: str, crs_text: str | None) -> None:
    """List what FILE holds: layers, geometry types, feature counts, CRS and fields.

    For a raster (a DEM: .tif, .tiff, .vrt, .img, .asc), its size, cell size, CRS,
    vertical datum, unit and nodata.

    For an S-57 chart cell, also its edition and compilation scale, and what a
    review takes from each object class.
    """
    require_layer_file(Path(file), f"file {file}")
    if Path(file).suffix.lower() in RASTER_SUFFIXES:
        if not Path(file).exists():
            raise LayerError(f"file {file}: file not found")
        click.echo("\n".join(raster_summary(file)))
        return
    infos = inspect_file(file)
    is_chart = any(i.name == "DSID" for i in infos)
    if is_chart:
        click.echo(f"{file}: S-57 chart cell {chart_mod.read_cell(file).describe()}")
        infos = [i for i in infos if i.geometry != "none"]  # DSID and C_AGGR are records, not features
    else:
        click.echo(f"{file}: {len(infos)} layer(s)")
    width = max(len(i.name) for i in infos) if infos else 5
    for info in infos:
        role = f"  -> {CHART_ROLES[info.name]}" if is_chart and info.name in CHART_ROLES else ""
        geometry = "mixed" if info.geometry == "Unknown" else info.geometry
        click.echo(f"{info.name:<{width}}  {geometry:<18} {info.features:>7,} features  {info.crs}{role}")
        if not is_chart or info.name in CHART_ROLES:
            click.echo(f"{'':<{width}}  fields: {', '.join(info.fields) or 'none'}")
    box = _union([i.bounds_lonlat for i in infos if i.bounds_lonlat is not None])
    if box is not None:
        crs, crs_note = choose_working_crs(crs_text, box, where=file)
        click.echo(f"working CRS: {describe(crs)}")
        if crs_note:
            warnings.warn(crs_note, DockReviewWarning, stacklevel=1)  # printed as every command prints them


@click.command("audit")
@click.option("--chart", "charts", required=True, multiple=True, help="An S-57 chart cell (.000); repeat for several.")
@click.option("-o", "--output", required=True, metavar="PATH.gpkg", help="The GeoPackage to write (layer 'docks', one row per dock); the CSV is written beside it.")
@click.option("--parcels", "parcels_path", metavar="FILE", help="Parcels (file or file:layer) for the lot checks: frontage and side setbacks.")
@click.option("--id-field", help="The parcels' id field copied to the output (default: the row number).")
@click.option("--crs", "crs_text", metavar="CRS", help="Working CRS (default: the chart's UTM zone outside EPSG:2263's area).")
@profile_option
@click.option("--progress/--no-progress", default=None, help="Accepted for scripts; the audit works as arrays, with no progress to show.")
@click.pass_context
def audit_command(
    ctx: click.Context, charts: tuple[str, ...], output: str, parcels_path: str | None, id_field: str | None, crs_text: str | None,
    profile_path: str | None, progress: bool | None,
) -> None:
    """Review every dock charted in the cells against the checks the chart can decide.

    Pier features that touch (within 0.5 ft) are one dock: a T-head drawn as a
    stem and a head, a pier and its fingers. Reach from the chart's land-water
    line, clearance of the terminus from channels, anchorages and other docks,
    width of piers charted as areas, area of pontoons charted as areas; with
    --parcels also the lot's frontage and the side setbacks.
    """
    PRODUCTS["layers"].check(output, "--output")
    inputs = [*reference_files((*charts, parcels_path)), *filter(None, [profile_file(profile_path)])]
    check_outputs({"--output": output, "the CSV beside --output": Path(output).with_suffix(".csv")}, inputs)
    chart = chart_mod.read_chart(charts)
    if chart.piers.empty:
        raise LayerError(f"chart {chart.describe()}: no piers to audit (SLCONS with CATSLC = 4, or PONTON)")
    crs, crs_note = choose_working_crs(crs_text, tuple(chart.piers.total_bounds), where="audit")
    if crs_note:
        warnings.warn(crs_note, DockReviewWarning, stacklevel=1)
        show_warnings(ctx)  # before the audit's own lines, as check prints them before its table
    parcels = None
    if parcels_path is not None:
        head, sep, layer = parcels_path.rpartition(":")
        spec = LayerSpec(Path(head), layer, None, parcels_path) if sep and not Path(parcels_path).exists() else LayerSpec(Path(parcels_path))
        parcels = read_layer(spec, role="parcels").to_crs(crs)
    result = audit_chart(
        chart.to_crs(crs), profile=load_profile(profile_path), ft_per_unit=feet_per_unit(crs), parcels=parcels, id_field=id_field,
    )
    gpkg, csv = write_layer_and_csv(result, output, "docks", product="chart audit", inputs=inputs)
    note(ctx, f"{summary(result)} in {chart.describe()}")
    note(ctx, f"written {gpkg} and {csv}")

