"""Options and steps shared by the commands: one declaration of --engine, --profile, --page, --gpkg.

The page sizes and the suffixes each output option takes are the outputs' registry's
(:data:`~dockreview.outputs.formats.PRODUCTS`): the choices, the help texts and each command's check of a file name
(``PRODUCTS["map"].check(path, "--map")``, one line and exit status 2 for another suffix) read it.
"""

from __future__ import annotations

import click

from dockreview.cli.group import warnings_shown, written
from dockreview.inputs.layers import ENGINES
from dockreview.inputs.site import load_site
from dockreview.outputs.files import atomic_path
from dockreview.outputs.formats import DEFAULT_PAGE, PAGE_SIZES, PRODUCTS
from dockreview.review.pipeline import Review, review
from dockreview.rules.conditional import DECISION_RULES

page_option = click.option(
    "--page", type=click.Choice(PAGE_SIZES), default=DEFAULT_PAGE, show_default=True, help="Exhibit page size (landscape)."
)
gpkg_option = click.option(
    "--gpkg", "gpkg_path", metavar="PATH",
    help=f"Write the derived layers to a GeoPackage ({PRODUCTS['layers'].suffix_words}); an existing one keeps every layer "
         "but an earlier review's.",
)
engine_option = click.option(
    "--engine", type=click.Choice(ENGINES), default="pyogrio", show_default=True, help="Layer reader."
)
profile_option = click.option(
    "--profile", "profile_path", metavar="NAME|FILE",
    help="Rule profile: a shipped NAME (dockreview profiles) or a TOML FILE (default: the manifest's [review] profile, else Kings Point).",
)


def file_backend() -> None:
    """Draw with Agg, matplotlib's backend for files, before anything imports pyplot.

    A command only writes files; left to choose, pyplot would first try the desktop's GUI toolkits (Qt, GTK, Tk),
    importing one where a display is found.
    """
    import matplotlib

    matplotlib.use("agg")


def reviewed(ctx: click.Context, manifest: str, engine: str, profile_path: str | None, decision_rule: str | None = None) -> Review:
    """Load and review the site, printing its data warnings on standard error (unless ``-q``) before going on.

    Every command that reviews a manifest (check, map, report, envelope, suggest) reads it here, so that each
    prints the same ``warning:`` lines (:func:`~dockreview.cli.group.warnings_shown`).
    """
    with warnings_shown(ctx):
        return review(load_site(manifest, engine=engine), profile=profile_path, decision_rule=decision_rule)


decision_rule_option = click.option(
    "--decision-rule", "decision_rule", type=click.Choice(tuple(DECISION_RULES)), default=None,
    help="What a check whose margin lies within the data's accuracy counts as: simple (the data as given decide: a "
         "conditional pass passes, a conditional fail fails) or guarded (the review is incomplete until surveyed). "
         "Default: the profile's, else simple.",
)


def write_json(ctx: click.Context, text: str, path: str, inputs) -> None:
    """JSON ``text`` to standard output (``-``) or, whole or not at all, to ``path`` (never one of ``inputs``)."""
    if path == "-":
        click.echo(text, nl=False)
        return
    with atomic_path(path, inputs=inputs) as tmp:
        tmp.write_text(text, encoding="utf-8")
    written(ctx, "JSON", path)
