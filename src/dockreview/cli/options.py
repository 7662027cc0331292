"""Options and steps shared by the commands: one declaration of --engine, --profile, --page, --gpkg."""

from __future__ import annotations

from pathlib import Path

import click

from dockreview.cli.group import warnings_shown
from dockreview.inputs.layers import ENGINES
from dockreview.inputs.site import load_site
from dockreview.review.pipeline import Review, review

MAP_SUFFIXES = (".png", ".pdf", ".svg")
REPORT_SUFFIXES = (".html", ".pdf", ".md")
PAGE_SIZES = ("letter", "tabloid")  # landscape; see dockreview.outputs.exhibit.PAGES

page_option = click.option(
    "--page", type=click.Choice(PAGE_SIZES), default="letter", show_default=True, help="Exhibit page size (landscape)."
)
gpkg_option = click.option(
    "--gpkg", "gpkg_path", metavar="PATH",
    help="Write the derived layers to a GeoPackage (.gpkg); an existing one keeps every layer but an earlier review's.",
)
engine_option = click.option(
    "--engine", type=click.Choice(ENGINES), default="pyogrio", show_default=True, help="Layer reader."
)
profile_option = click.option(
    "--profile", "profile_path", metavar="NAME|FILE",
    help="Rule profile: a shipped NAME (dockreview profiles) or a TOML FILE (default: the manifest's [review] profile, else Kings Point).",
)


def check_map_path(path: str | None, option: str = "--map") -> None:
    """Refuse a map file name the exhibit cannot be written to, naming the option."""
    if path is not None and Path(path).suffix.lower() not in MAP_SUFFIXES:
        raise click.UsageError(f"{option} {path}: use a .png, .pdf or .svg file name")


def check_gpkg_path(path: str | None, option: str = "--gpkg") -> None:
    """Refuse a GeoPackage file name that does not end in .gpkg, naming the option."""
    if path is not None and Path(path).suffix.lower() != ".gpkg":
        raise click.UsageError(f"{option} {path}: use a .gpkg file name")


def file_backend() -> None:
    """Draw with Agg, matplotlib's backend for files, before anything imports pyplot.

    A command only writes files; left to choose, pyplot would first try the desktop's GUI toolkits (Qt, GTK, Tk),
    importing one where a display is found.
    """
    import matplotlib

    matplotlib.use("agg")


def reviewed(ctx: click.Context, manifest: str, engine: str, profile_path: str | None) -> Review:
    """Load and review the site, printing its data warnings on standard error (unless ``-q``) before going on.

    Every command that reviews a manifest (check, map, report, envelope, suggest) reads it here, so that each
    prints the same ``warning:`` lines (:func:`~dockreview.cli.group.warnings_shown`).
    """
    with warnings_shown(ctx):
        return review(load_site(manifest, engine=engine), profile=profile_path)
