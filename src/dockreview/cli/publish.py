"""``dockreview publish``: the public site of a screen, "Can my lot have a dock, and where?"."""

from __future__ import annotations

import click

from dockreview.cli.group import note


@click.command("publish")
@click.argument("screen_output", metavar="SCREEN_OUTPUT")
@click.option("-o", "--output", required=True, metavar="FOLDER", help="The site's folder (its page index.html): new, empty, or one publish wrote, which is replaced whole.")
@click.option("--basemap", metavar="URL", help="A basemap under the lots: a tile address with {z}, {x} and {y} (default: none; the site then fetches nothing from elsewhere).")
@click.option("--basemap-name", metavar="TEXT", help="The basemap's name and attribution, shown on the map (needed with --basemap).")
@click.pass_context
def publish_command(ctx: click.Context, screen_output: str, output: str, basemap: str | None, basemap_name: str | None) -> None:
    """Write a static public site from SCREEN_OUTPUT (the GeoPackage `dockreview screen -o` wrote): each lot's answer,
    its reasons with the law's words, its envelope with the setback and the reach limit, printable one lot a page.

    It recomputes nothing: the screen records its law, its date and its layers. Serve the folder with any web
    server, or open its index.html from a file share.
    """
    from dockreview.outputs.publish import Basemap, publish

    if (basemap is None) != (basemap_name is None):
        raise click.UsageError("--basemap and --basemap-name go together: a basemap is shown with its name")
    if basemap is not None and not all(f"{{{k}}}" in basemap for k in "zxy"):
        raise click.UsageError("--basemap must be a tile address with {z}, {x} and {y}")
    done = publish(screen_output, output, basemap=None if basemap is None else Basemap(basemap, basemap_name))
    counts = ", ".join(f"{n:,d} {word}" for word, n in zip(("may have a dock", "may not", "need data", "not reviewed"), done.counts.values()) if n)
    note(ctx, f"site written to {done.folder} ({done.lots:,d} lots: {counts}; {done.files:,d} files, {done.bytes / 1e6:,.1f} MB); open {done.folder / 'index.html'}")
