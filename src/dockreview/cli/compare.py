"""``dockreview compare``: two laws over one parcel layer (and its existing docks), for a Board voting on a draft.

The layers are read once and screened under each law (:func:`~dockreview.batch.compare.compare`); the command
writes OUT.gpkg (layers ``lots`` and, with docks, ``docks``), OUT.csv and OUT-docks.csv beside it, prints the
summary by rule, and with ``--map`` draws the Board's map (:mod:`dockreview.outputs.compare_map`) with the town's
outline: the boundary layer ``--outline``, else the extent of the parcel layer. Bad input exits 2 with one line, as
every command of the group does: an output over an input, an unknown profile, a field the layer does not have, an
outline layer with no polygons.
"""

from __future__ import annotations

import click

from dockreview.batch.compare import compare, compare_files, write_comparison
from dockreview.batch.layers import DEPTH_FIELD, read_screen_layers
from dockreview.cli.group import note, progress_shown, written
from dockreview.cli.options import engine_option, file_backend
from dockreview.inputs.sources import profile_file, reference_files
from dockreview.outputs.compare_map import legend_entries, parcels_outline, read_outline
from dockreview.outputs.files import check_outputs
from dockreview.outputs.formats import PRODUCTS
from dockreview.profile import load_profile

_LAW_HELP = "a shipped NAME (dockreview profiles) or a TOML FILE"


@click.command("compare")
@click.option("--parcels", required=True, metavar="FILE", help="Parcels (file or file.gpkg:layer).")
@click.option("--mhw", required=True, metavar="FILE", help="The MHW line (lines, or polygons read by their outline).")
@click.option("--docks", metavar="FILE", help="Existing docks: each audited under both laws (layer 'docks', OUT-docks.csv).")
@click.option("--channels", metavar="FILE", help="Channels, fairways, anchorages (polygons).")
@click.option("--soundings", metavar="FILE", help="Soundings (points; depth ft below MLW, positive down): each law's reach limit becomes its navigable-depth limit (needs --vessel-draft).")
@click.option("--depth-field", default=DEPTH_FIELD, show_default=True, metavar="F", help="The soundings' depth field.")
@click.option("--vessel-draft", "draft_ft", type=float, metavar="FT", help="Vessel draft (ft); navigable depth is the draft plus each law's clearance.")
@click.option("--float-extent", "float_extent_ft", type=float, default=0.0, show_default=True, metavar="FT", help="Float extent along the dock's axis, allowed beyond navigable depth (ft).")
@click.option("--id-field", metavar="F", help="Parcel id field (default: the row number).")
@click.option("--class-field", metavar="F", help="Property class field; without it the class is not judged.")
@click.option("--dock-id-field", metavar="F", help="Docks field grouping component features into one dock (default: features touching within 0.5 ft).")
@click.option("--crs", "crs_text", metavar="CRS", help="Working CRS (default: the parcels' own; must be projected).")
@click.option("--tolerance", "tolerance_ft", type=float, default=5.0, show_default=True, help="How close to the MHW line a boundary counts as on it (ft).")
@click.option("--law", "law", required=True, metavar="NAME|FILE", help=f"The law in force: {_LAW_HELP}.")
@click.option("--draft", "draft", required=True, metavar="NAME|FILE", help=f"The draft (or a second draft): {_LAW_HELP}.")
@click.option("--map", "map_path", metavar="PATH", help=f"Draw the Board's map of the shore ({PRODUCTS['map'].suffix_words}).")
@click.option("--outline", metavar="FILE", help="The town's boundary (polygons, any CRS) drawn on the map (default: the extent of the parcel layer).")
@click.option("--workers", type=click.IntRange(min=1), metavar="N", help="Processes working chunks of the shore at once (default: one per core).")
@click.option("--progress/--no-progress", default=None, help="Progress bar (default: on a terminal).")
@click.option("-o", "--output", required=True, metavar="OUT.gpkg", help="The GeoPackage to write (layers lots, docks), OUT.csv and OUT-docks.csv beside it.")
@engine_option
@click.pass_context
def compare_command(
    ctx: click.Context, parcels: str, mhw: str, docks: str | None, channels: str | None, soundings: str | None, depth_field: str,
    draft_ft: float | None, float_extent_ft: float, id_field: str | None,
    class_field: str | None, dock_id_field: str | None, crs_text: str | None, tolerance_ft: float, law: str, draft: str,
    map_path: str | None, outline: str | None, workers: int | None, progress: bool | None, output: str, engine: str,
) -> None:
    """Compare two laws over every waterfront lot (and existing dock): who loses or gains a dock, and by which rule."""
    PRODUCTS["layers"].check(output, "-o")
    PRODUCTS["map"].check(map_path, "--map")
    if (soundings is None) != (draft_ft is None):
        raise click.UsageError("--soundings and --vessel-draft go together: navigable depth needs both")
    if outline is not None and map_path is None:
        raise click.UsageError("--outline is drawn on the Board's map: give --map too")
    profiles = [load_profile(law), load_profile(draft)]  # an unknown profile is refused before any layer is read
    inputs = [*reference_files((parcels, mhw, channels, docks, soundings, outline)), *filter(None, map(profile_file, (law, draft)))]
    files = compare_files(output)
    check_outputs({"-o": files["gpkg"], "the CSV beside -o": files["csv"], "the docks' CSV beside -o": files["docks_csv"],
                   "--map": map_path}, inputs)
    layers = read_screen_layers(
        parcels, mhw, channels=channels, docks=docks, crs=crs_text, engine=engine, soundings=soundings, depth_field=depth_field,
    )
    town = None
    if map_path:  # read before the laws are worked: a bad boundary layer is refused at once
        town = read_outline(outline, layers.crs, engine=engine) if outline else parcels_outline(layers.parcels.geometry.values)
    result = compare(
        layers, law=profiles[0], draft=profiles[1], id_field=id_field, class_field=class_field, tolerance_ft=tolerance_ft,
        dock_id_field=dock_id_field, draft_ft=draft_ft, float_extent_ft=float_extent_ft, workers=workers,
        progress=progress_shown(ctx, progress),
    )
    if map_path:
        file_backend()
        from dockreview.outputs.compare_map import save_compare_map

        save_compare_map(result, map_path, outline=town, inputs=inputs)
    written_files = write_comparison(result, output, inputs=inputs)
    click.echo(summary_text(result))
    note(ctx, f"written: {written_files['gpkg']} (lots{', docks' if result.docks is not None else ''}) and "
              f"{written_files['csv']}{' and ' + str(written_files['docks_csv']) if result.docks is not None else ''}")
    if map_path:
        written(ctx, "map", map_path)


def summary_text(result) -> str:
    """The summary as printed: the totals (the map's legend's words and numbers), then one line per rule that changes
    anything (:meth:`~dockreview.batch.compare.Comparison.summary`)."""
    lines = [f"{label.split(': ')[0]:<34}{label.split(': ')[1]:>10}" for label, _, _ in legend_entries(result.counts())]
    table = result.summary()
    if len(table):
        lines += ["", table.to_string(index=False)]
    else:
        lines += ["", "no rule's outcome differs on any lot or dock"]
    return "\n".join(lines)
