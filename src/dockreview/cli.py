"""The ``dockreview`` command: a thin click group that parses, calls the API and prints.

Exit codes: ``check`` gives 0 compliant, 1 noncompliant, 3 incomplete; every
command gives 2 for bad input or usage, with one plain line on standard error
(``--debug`` shows the traceback).
"""

from __future__ import annotations

import logging
import sys
import warnings
from pathlib import Path

import click

from . import __version__
from .errors import DockReviewError
from .io import ENGINES, DockReviewWarning, atomic_path
from .review import Review, review
from .site import load_site

EXIT = {"compliant": 0, "noncompliant": 1, "incomplete": 3}
BAD_INPUT = 2
MAP_SUFFIXES = (".png", ".pdf", ".svg")
log = logging.getLogger("dockreview")


class _Group(click.Group):
    """Turns the package's errors into one line and exit status 2."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except DockReviewError as exc:
            if ctx.meta.get("debug"):
                raise
            click.echo(f"error: {exc}", err=True)
            ctx.exit(BAD_INPUT)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except Exception as exc:  # a defect: still one line, the traceback on --debug
            if ctx.meta.get("debug"):
                raise
            click.echo(f"error: unexpected {type(exc).__name__}: {exc} (run with --debug and report it)", err=True)
            ctx.exit(BAD_INPUT)


def _table(result: Review) -> str:
    rows = [("check", "section", "value", "limit", "unit", "status")]
    for c in result.checks:
        value = "-" if c.value is None else f"{c.value:,.1f}"
        limit = "-" if c.limit is None else f"{c.limit:,.1f}"
        rows.append((c.id, c.section, value, limit, c.unit, c.status.upper()))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.rjust(w) if i in (2, 3) else cell.ljust(w) for i, (cell, w) in enumerate(zip(r, widths))) for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    head = f"{result.site.name} - parcel {result.site.parcel_id} - {result.profile.name}"
    return "\n".join([head, *lines, "", f"verdict: {result.verdict.upper()}"])


def _write_json(result: Review, path: str) -> None:
    text = result.to_json() + "\n"
    if path == "-":
        click.echo(text, nl=False)
        return
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")


def _check_map_path(path: str | None) -> None:
    if path is not None and Path(path).suffix.lower() not in MAP_SUFFIXES:
        raise click.UsageError(f"--map {path}: use a .png, .pdf or .svg file name")


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dockreview")
@click.option("-v", "--verbose", count=True, help="More detail on standard error.")
@click.option("-q", "--quiet", is_flag=True, help="Only errors on standard error.")
@click.option("--debug", is_flag=True, help="Show tracebacks.")
@click.pass_context
def main(ctx: click.Context, verbose: int, quiet: bool, debug: bool) -> None:
    """Review proposed residential docks against the Kings Point dock ordinance."""
    ctx.meta["debug"] = debug
    ctx.meta["quiet"] = quiet
    level = logging.ERROR if quiet else (logging.DEBUG if verbose > 1 else logging.INFO if verbose else logging.WARNING)
    logging.basicConfig(level=level, format="%(levelname)s: %(message)s", stream=sys.stderr)


@main.command()
@click.argument("manifest", type=click.Path(dir_okay=False))
@click.option("--json", "json_path", metavar="PATH|-", help="Write the review as JSON ('-' for standard output).")
@click.option("--map", "map_path", metavar="PATH", help="Draw the site plan (.png, .pdf or .svg).")
@click.option("--engine", type=click.Choice(ENGINES), default="pyogrio", show_default=True, help="Layer reader.")
@click.option("--profile", "profile_path", type=click.Path(dir_okay=False), help="Rule profile TOML (default: Kings Point).")
@click.pass_context
def check(ctx: click.Context, manifest: str, json_path: str | None, map_path: str | None, engine: str, profile_path: str | None) -> None:
    """Review the dock of MANIFEST (site.toml) and print every check.

    Exit status: 0 compliant, 1 noncompliant, 3 incomplete, 2 bad input.
    """
    _check_map_path(map_path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", DockReviewWarning)
        result = review(load_site(manifest, engine=engine), profile=profile_path)
    quiet = ctx.meta.get("quiet")
    if not quiet:
        for message in dict.fromkeys(str(w.message) for w in caught if issubclass(w.category, DockReviewWarning)):
            click.echo(f"warning: {message}", err=True)
    if map_path:
        from .plot import save_map

        save_map(result, map_path)
        log.info("map written to %s", map_path)
    if json_path is not None:
        _write_json(result, json_path)
    if not (quiet and json_path == "-"):
        click.echo(_table(result), err=json_path == "-")
    ctx.exit(EXIT[result.verdict])


@main.command("map")
@click.argument("manifest", type=click.Path(dir_okay=False))
@click.option("-o", "--output", "output", required=True, metavar="PATH", help="The map file (.png, .pdf or .svg).")
@click.option("--engine", type=click.Choice(ENGINES), default="pyogrio", show_default=True, help="Layer reader.")
@click.option("--profile", "profile_path", type=click.Path(dir_okay=False), help="Rule profile TOML.")
def map_command(manifest: str, output: str, engine: str, profile_path: str | None) -> None:
    """Draw the site plan of MANIFEST to a file."""
    _check_map_path(output)
    from .plot import save_map

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        result = review(load_site(manifest, engine=engine), profile=profile_path)
    save_map(result, output)
    click.echo(f"map written to {output}", err=True)
