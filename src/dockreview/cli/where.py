"""Where a dock can go: ``dockreview envelope``, ``dockreview suggest`` and ``dockreview screen``.

``envelope`` and ``suggest`` answer for one lot (a site manifest); ``screen``
answers for every parcel of a layer. Bad input exits 2 with one line, as every
command of the group does.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import click

from dockreview.batch.eligibility import ROLES, accuracy_option
from dockreview.batch.layers import DEPTH_FIELD, read_screen_layers
from dockreview.batch.screen import BACKENDS, screen, screen_files, write_screen
from dockreview.batch.stream import BATCH_PARCELS, plan_screen, screen_to_file
from dockreview.cli.group import note, progress_shown, written
from dockreview.cli.options import (
    engine_option,
    file_backend,
    profile_option,
    reviewed,
)
from dockreview.inputs.sources import profile_file, reference_files
from dockreview.measure.envelope import envelope_frame
from dockreview.outputs.files import atomic_path, check_outputs, inputs_checked
from dockreview.outputs.formats import DEFAULT_PAGE, PAGE_SIZES, PRODUCTS
from dockreview.outputs.geopackage import geopackage
from dockreview.outputs.publish.record import address_field, screen_record
from dockreview.profile import WATER_KINDS, load_profile
from dockreview.review.suggest import FOOTPRINT_LAYER, footprint_path, longest_dock, site_envelope, suggest_manifest
from dockreview.rules import ruleset


def _reach_limit_text(env, m, rules) -> str:
    """The reach limit as the envelope prints it, and where it comes from when a plain reach limit does not set it."""
    if env.needs:
        return "limit unknown: needs data"
    if not math.isfinite(env.reach_limit_ft):
        return "no reach limit in the profile"
    text = f"limit {env.reach_limit_ft:,.1f} ft"
    nav = m.nav_reach_ft
    if nav is not None and math.isclose(env.reach_limit_ft, nav + m.float_extent_ft):
        return f"{text}: navigable depth at {nav:,.1f} ft + the proposed float's {m.float_extent_ft:,.1f} ft along the axis"
    source = rules.reach_source(m, env.reach_limit_ft)
    return f"{text}: {source}" if source else text


def _envelope_lines(env, m, rules) -> list[str]:
    lines = [
        f"frontage            {env.frontage_ft:10,.1f} ft",
        f"required setback    {env.required_setback_ft:10,.1f} ft",
        f"band width at MHW   {env.band_width_ft:10,.1f} ft",
        f"envelope area       {env.area_sqft:10,.1f} sq ft",
        f"greatest reach      {env.greatest_reach_ft:10,.1f} ft ({_reach_limit_text(env, m, rules)})",
        f"existing docks      {env.existing_docks:10d}",
    ]
    if env.reasons:
        lines.append("no dock possible:")
        lines += [f"  - {r}" for r in env.reasons]
    if env.needs:
        lines.append("the reach limit needs data (the envelope is drawn as far as the other checks allow):")
        lines += [f"  - {n}" for n in env.needs]
    elif not env.reasons:
        lines.append("a dock is possible")
    return lines


@click.command("envelope")
@click.argument("manifest")
@click.option("-o", "--output", metavar="FILE.gpkg", help=f"Write the envelope (layer 'envelope') to a GeoPackage ({PRODUCTS['layers'].suffix_words}); an existing one keeps its other layers.")
@click.option("--map", "map_path", metavar="FILE.png", help=f"Draw the exhibit page: the site plan with the envelope ({PRODUCTS['map'].suffix_words}).")
@click.option("--page", type=click.Choice(PAGE_SIZES), default=DEFAULT_PAGE, show_default=True, help="Page of the --map exhibit (landscape).")
@engine_option
@profile_option
@click.pass_context
def envelope_command(
    ctx: click.Context, manifest: str, output: str | None, map_path: str | None, page: str, engine: str, profile_path: str | None
) -> None:
    """The water where a compliant dock may stand on the lot of MANIFEST, and why none may."""
    PRODUCTS["layers"].check(output, "-o")
    PRODUCTS["map"].check(map_path, "--map")
    inputs = inputs_checked(manifest, profile_path, {"-o": output, "--map": map_path})
    result = reviewed(ctx, manifest, engine, profile_path)
    site, env = result.site, result.layout.envelope
    click.echo(f"{site.name} - parcel {site.parcel_id}")
    click.echo("\n".join(_envelope_lines(env, result.measurements, result.rules)))
    if output:
        with geopackage(output, product="envelope", inputs=inputs) as out:
            out.write(envelope_frame(env, site.crs), "envelope")
        written(ctx, "envelope", output)
    if map_path:
        file_backend()
        from dockreview.outputs.exhibit import save_envelope_map

        save_envelope_map(result, map_path, envelope=env, page=page)
        written(ctx, "map", map_path)


@click.command("suggest")
@click.argument("manifest")
@click.option("-o", "--output", required=True, metavar="SITE.toml", help="The manifest to write for the suggested dock.")
@click.option("--root", nargs=2, type=float, metavar="X Y", help="Root of the dock, working CRS (default: the proposal's).")
@click.option("--bearing", type=float, help="Degrees clockwise from grid north (default: the proposal's).")
@engine_option
@profile_option
@click.pass_context
def suggest_command(
    ctx: click.Context, manifest: str, output: str, root: tuple[float, float] | None, bearing: float | None, engine: str,
    profile_path: str | None,
) -> None:
    """Find the longest compliant dock on the lot of MANIFEST and write a manifest for it.

    The dock is the proposal grown along its axis: a parametric dock keeps its
    root, bearing, width and float; a footprint keeps its floats, lifts and
    landing, moved with the walkway's seaward end, and is written beside the new
    manifest as NAME-dock.gpkg. It prints what it kept and what it changed. Exit
    status 1, with the reasons, when the lot can have no dock or no length passes.
    """
    inputs = inputs_checked(manifest, profile_path, {"-o": output, "the grown footprint of -o": footprint_path(output)})
    result = reviewed(ctx, manifest, engine, profile_path)  # its data warnings printed as check prints them
    site, profile = result.site, result.rules
    env = site_envelope(site, profile)
    if env.reasons:
        for reason in env.reasons:
            click.echo(f"no dock possible: {reason}")
        sys.exit(1)
    dock = longest_dock(site, profile, env, root=root, bearing=bearing)
    click.echo("\n".join(dock.lines))
    if dock.length_ft <= 0:
        sys.exit(1)
    layer = footprint_path(output) if dock.frame is not None else None
    text = suggest_manifest(site, dock, output, footprint=layer)
    if layer is not None:
        with geopackage(layer, product="suggest", inputs=inputs) as out:
            out.write(dock.frame, FOOTPRINT_LAYER)
    try:
        with atomic_path(output, inputs=inputs) as tmp:
            tmp.write_text(text, encoding="utf-8")
    except BaseException:
        if layer is not None:
            layer.unlink(missing_ok=True)
        raise
    if env.existing_docks:
        note(ctx, f"note: the lot's {env.existing_docks} existing dock feature(s) were treated as replaced; "
                  "`dockreview check` measures the clearance to every dock of the layer")
    if layer is not None:
        written(ctx, "grown footprint", layer, f" (layer '{FOOTPRINT_LAYER}')")
    written(ctx, "manifest", output, f"; run: dockreview check {output}")


@click.command("screen")
@click.option("--parcels", required=True, metavar="FILE", help="Parcels (file, file.gpkg:layer, or GeoParquet file.parquet).")
@click.option("--mhw", required=True, metavar="FILE", help="The MHW line (lines, or polygons read by their outline).")
@click.option("--channels", metavar="FILE", help="Channels, fairways, anchorages (polygons).")
@click.option("--docks", metavar="FILE", help="Existing docks.")
@click.option("--soundings", metavar="FILE", help="Soundings (points; depth ft below MLW, positive down): the reach limit becomes the navigable-depth limit (needs --draft).")
@click.option("--depth-field", default=DEPTH_FIELD, show_default=True, metavar="F", help="The soundings' depth field.")
@click.option("--draft", "draft_ft", type=float, metavar="FT", help="Vessel draft (ft); navigable depth is the draft plus the profile's clearance.")
@click.option("--float-extent", "float_extent_ft", type=float, default=0.0, show_default=True, metavar="FT", help="Float extent along the dock's axis, allowed beyond navigable depth (ft).")
@click.option(
    "--water", type=click.Choice(WATER_KINDS), metavar="KIND",
    help=f"The kind of water the lots front ({', '.join(WATER_KINDS)}), for a law whose checks apply by it (without it those lots need data).",
)
@click.option("--id-field", metavar="F", help="Parcel id field (default: the row number).")
@click.option("--class-field", metavar="F", help="Property class field; without it the class is not judged.")
@click.option(
    "--address-field", "address_field_name", metavar="F",
    help="Parcel address field, copied to the column 'address' for `dockreview publish` (default: a field named address, site_addr, situs, ... when the parcels have one).",
)
@click.option(
    "--single-family", metavar="CODES",
    help="Property classes of a single-family dwelling, comma separated (default: the profile's single_family_classes).",
)
@click.option("--crs", "crs_text", metavar="CRS", help="Working CRS (default: the parcels' own; must be projected).")
@click.option("--tolerance", "tolerance_ft", type=float, default=5.0, show_default=True, help="How close to the MHW line a boundary counts as on it (ft).")
@click.option("--audit", is_flag=True, help="Also review every existing dock against its own lot (layer 'audit').")
@click.option("--dock-id-field", metavar="F", help="Docks field grouping component features into one dock (default: features touching within 0.5 ft).")
@click.option(
    "--component-field", metavar="F",
    help="Docks field naming each feature's component (walkway, float, ...) for --audit (default: 'component' when the layer has it, else the components are inferred).",
)
@click.option(
    "--methods", is_flag=True,
    help="Also count, for each lot, the riparian methods under which it can have a dock (its envelope not empty), of those the screen draws without other layers: columns methods_with_dock and methods_with_dock_names.",
)
@click.option(
    "--accuracy", "accuracy_texts", multiple=True, metavar="ROLE=FT",
    help=f"A layer's positional accuracy, ft at 95 % (ROLE: {', '.join(ROLES)}); repeat for several. A layer not named takes the default a review takes for a layer with nothing stated (a tax map's 7.6 ft). The column eligibility says whether it could change each lot's answer.",
)
@click.option("--progress/--no-progress", default=None, help="Progress bar (default: on a terminal).")
@click.option("--backend", type=click.Choice(BACKENDS), default="local", show_default=True, help="local: the cores of this machine; dask: spatial partitions on a dask cluster (a GeoParquet --parcels is read by the workers).")
@click.option("--scheduler", metavar="ADDRESS", help="With --backend dask: an existing dask.distributed scheduler (default: a local cluster).")
@click.option("--workers", type=click.IntRange(min=1), metavar="N", help="Processes working chunks of the shore at once with --backend local, and auditing the docks with --audit (default: one per core).")
@click.option(
    "--batch", "batch_size", type=click.IntRange(min=1), default=BATCH_PARCELS, show_default=True, metavar="N",
    help="Parcels read and screened at a time, at most, so that a county's layer is never held whole (with --backend dask it is; with --audit its waterfront lots are kept for the audit); their rows are written 20,000 or more at a time.",
)
@click.option("-o", "--output", required=True, metavar="OUT.gpkg", help=f"The GeoPackage (or GeoParquet OUT.parquet, its layers beside it) to write ({PRODUCTS['screen'].suffix_words}), the CSV beside it; an existing GeoPackage keeps every layer but an earlier screen's.")
@engine_option
@profile_option
@click.pass_context
def screen_command(
    ctx: click.Context, parcels: str, mhw: str, channels: str | None, docks: str | None, soundings: str | None, depth_field: str,
    draft_ft: float | None, float_extent_ft: float, water: str | None, id_field: str | None, class_field: str | None,
    address_field_name: str | None, single_family: str | None, crs_text: str | None, tolerance_ft: float, audit: bool, dock_id_field: str | None,
    component_field: str | None, methods: bool, accuracy_texts: tuple[str, ...], progress: bool | None, backend: str, scheduler: str | None, workers: int | None,
    batch_size: int, output: str, engine: str, profile_path: str | None,
) -> None:
    """Screen every parcel of a layer: fronts the water? frontage, setback, envelope, eligible, and why not."""
    PRODUCTS["screen"].check(output, "-o")
    if scheduler and backend != "dask":
        raise click.UsageError("--scheduler needs --backend dask")
    if (soundings is None) != (draft_ft is None):
        raise click.UsageError("--soundings and --draft go together: navigable depth needs both")
    accuracy = accuracy_option(accuracy_texts)
    streamed = backend == "local" and engine == "pyogrio"
    inputs = [*reference_files((parcels, mhw, channels, docks, soundings)), *filter(None, [profile_file(profile_path)])]
    check_outputs({("-o" if name == "parcels" else f"the {name} file beside -o"): path for name, path in screen_files(output, audit=audit).items()}, inputs)
    layers = read_screen_layers(
        parcels, mhw, channels=channels, docks=docks, crs=crs_text, engine=engine, soundings=soundings, depth_field=depth_field,
        lazy_parcels=backend == "dask", stream_parcels=streamed, water=water,
    )
    qualifying = None if single_family is None else tuple(c.strip() for c in single_family.split(",") if c.strip())
    address = address_field(layers.parcel_fields, address_field_name)
    profile = load_profile(profile_path)
    named = {"parcels": parcels, "mhw": mhw, "channels": channels, "docks": docks, "soundings": soundings}
    record = screen_record(ruleset(profile), named, address=address)
    settings = dict(
        profile=profile, id_field=id_field, class_field=class_field, qualifying=qualifying,
        tolerance_ft=tolerance_ft, dock_id_field=dock_id_field, draft_ft=draft_ft, float_extent_ft=float_extent_ft,
        methods=methods, address=address, accuracy=accuracy,
    )
    running = dict(progress=progress_shown(ctx, progress), workers=workers)
    if streamed:
        plan = plan_screen(layers, audit=audit, component_field=component_field, **settings)
        del layers  # the plan keeps what the batches (and the audit) share; the layers as read go before the workers fork
        summary, gpkg, csv = screen_to_file(plan, output, batch_size=batch_size, inputs=inputs, record=record, **running)
    elif backend == "dask":  # written a window at a time, never held whole
        from dockreview.batch.stream import dask_to_file

        summary, gpkg, csv = dask_to_file(
            layers, Path(output), scheduler=scheduler, label=f"parcels layer {parcels}", inputs=inputs, record=record,
            audit=audit, component_field=component_field, **running, **settings,
        )
    else:
        result = screen(layers, audit=audit, component_field=component_field, backend=backend, scheduler=scheduler, **settings, **running)
        gpkg, csv = write_screen(result, output, inputs=inputs, record=record)
        summary = result.summary()
    for key, value in summary.items():
        click.echo(f"{key:<26}{value:>10,d}")
    names = ("parcels", "envelopes", *(("audit",) if audit else ()))
    kind = PRODUCTS["screen"].format_of(gpkg).name
    if kind != "GeoPackage":
        files = [gpkg, *(gpkg.with_name(f"{gpkg.stem}-{name}{gpkg.suffix}") for name in names[1:])]
        note(ctx, f"written: {', '.join(map(str, files))} ({kind}) and {csv}")
    else:
        note(ctx, f"written: {gpkg} ({', '.join(names)}) and {csv}")

