"""The ``dockreview`` command: a thin click group that parses, calls the API and prints.

Exit codes: ``check`` gives 0 compliant or exempt, 1 noncompliant, 3 incomplete; every
command gives 2 for bad input or usage, with one plain line on standard error
(``--debug`` shows the traceback). The global options ``-v``, ``-q`` and ``--debug``
may stand before or after the subcommand. Every file a command writes is named on
standard error ("map written to PATH") unless ``-q``.
"""

from __future__ import annotations

import logging
import re
import sys
import traceback
import warnings
from pathlib import Path

import click

from . import __version__
from .errors import DockReviewError
from .io import ENGINES, DockReviewWarning, atomic_path
from .review import Review, review
from .site import load_site

EXIT = {"compliant": 0, "noncompliant": 1, "incomplete": 3, "exempt": 0}
BAD_INPUT = 2
MAP_SUFFIXES = (".png", ".pdf", ".svg")
REPORT_SUFFIXES = (".html", ".pdf", ".md")
PAGE_SIZES = ("letter", "tabloid")  # landscape; see dockreview.plot.PAGES
log = logging.getLogger("dockreview")
#: The group's own options that may also be written after the subcommand (``dockreview check SITE --debug``).
GLOBAL_FLAGS = re.compile(r"^(-v+|--verbose|-q|--quiet|--debug)$")


def hoist_global_flags(args: list[str], commands) -> list[str]:
    """``args`` with the global flags found after the subcommand's name moved before it.

    ``["check", "site.toml", "--debug", "-v"]`` becomes ``["--debug", "-v", "check",
    "site.toml"]``; nothing after a ``--`` is touched, and arguments before the
    subcommand are left as they are.
    """
    args = list(args)
    at = next((i for i, a in enumerate(args) if a in commands), None)
    if at is None:
        return args
    head, tail = args[:at], args[at:]
    end = tail.index("--") if "--" in tail else len(tail)
    flags = [a for a in tail[:end] if GLOBAL_FLAGS.match(a)]
    rest = [a for a in tail[:end] if not GLOBAL_FLAGS.match(a)] + tail[end:]
    return head + flags + rest


def _written(ctx: click.Context, what: str, path, extra: str = "") -> None:
    """Name a file just written, on standard error (so standard output keeps the table or the JSON); not with -q."""
    if not ctx.meta.get("quiet"):
        click.echo(f"{what} written to {path}{extra}", err=True)


class _Group(click.Group):
    """Turns the package's errors into one line and exit status 2; takes -v, -q, --debug after the subcommand too."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, hoist_global_flags(args, self.commands))

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except DockReviewError as exc:
            _fail(ctx, exc, f"error: {exc}")
        except Exception as exc:  # a defect: still one line, the traceback on --debug
            _fail(ctx, exc, f"error: unexpected {type(exc).__name__}: {exc} (run with --debug and report it)")


def _fail(ctx: click.Context, exc: Exception, line: str) -> None:
    """Print one line for ``exc`` (its details with ``-v``) and exit 2; re-raise with ``--debug``."""
    if ctx.meta.get("debug"):
        raise exc
    click.echo(line, err=True)
    if ctx.meta.get("verbose"):
        _details(exc)
    ctx.exit(BAD_INPUT)


def _details(exc: BaseException) -> None:
    """What ``-v`` adds below the one-line error: its kind, the full detail, its cause and where it arose."""
    click.echo(f"  kind: {type(exc).__name__}", err=True)
    for line in getattr(exc, "detail", "").splitlines():
        click.echo(f"  detail: {line}", err=True)
    if exc.__cause__ is not None:
        click.echo(f"  cause: {type(exc.__cause__).__name__}: {exc.__cause__}", err=True)
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    click.echo(f"  raised at: {Path(frame.filename).name}:{frame.lineno} in {frame.name}", err=True)


#: Units that count things (printed as integers) and whose whole numbers read best without decimals.
WHOLE_UNITS = ("docks", "rails", "lifts", "lb")


def _number(value: float | None, unit: str) -> str:
    """A table cell: "-" for none, a count or a whole weight as an integer ("2", "40,000"), else to 0.1."""
    if value is None:
        return "-"
    if unit in WHOLE_UNITS and float(value).is_integer():
        return f"{int(value):,d}"
    return f"{value:,.1f}"


def _table(result: Review) -> str:
    rows = [("check", "section", "value", "limit", "unit", "status")]
    for c in result.checks:
        value, limit = _number(c.value, c.unit), _number(c.limit, c.unit)
        rows.append((c.id, c.section, value, limit, c.unit, c.status.upper()))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.rjust(w) if i in (2, 3) else cell.ljust(w) for i, (cell, w) in enumerate(zip(r, widths))) for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    head = f"{result.site.name} - parcel {result.site.parcel_id} - {result.profile.name}"
    verdict = [f"verdict: {result.verdict.upper()}"]
    if result.verdict == "exempt":
        verdict[0] += f" ({result.verdict_reason})"
    elif result.verdict_reason:
        verdict[0] += f": {result.verdict_reason}"
    if result.board_determinations:
        verdict.append("for the Board of Trustees or an official to determine:")
        verdict += [f"  {c.id} ({c.section}): {c.message}" for c in result.board_determinations]
    return "\n".join([head, *lines, "", *verdict])


def _write_json(ctx: click.Context, result: Review, path: str) -> None:
    text = result.to_json() + "\n"
    if path == "-":
        click.echo(text, nl=False)
        return
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    _written(ctx, "JSON", path)


def _check_map_path(path: str | None) -> None:
    if path is not None and Path(path).suffix.lower() not in MAP_SUFFIXES:
        raise click.UsageError(f"--map {path}: use a .png, .pdf or .svg file name")


def _check_gpkg_path(path: str | None) -> None:
    if path is not None and Path(path).suffix.lower() != ".gpkg":
        raise click.UsageError(f"--gpkg {path}: use a .gpkg file name")


def _write_gpkg(ctx: click.Context, result: Review, path: str | None) -> None:
    if path is None:
        return
    from .export import write_gpkg

    layers = write_gpkg(result, path)
    _written(ctx, "GeoPackage", path, f" (layers: {', '.join(layers)})" if layers else "")


_page_option = click.option(
    "--page", type=click.Choice(PAGE_SIZES), default="letter", show_default=True, help="Exhibit page size (landscape)."
)
_gpkg_option = click.option("--gpkg", "gpkg_path", metavar="PATH", help="Write the derived layers to a GeoPackage (.gpkg).")
_engine_option = click.option(
    "--engine", type=click.Choice(ENGINES), default="pyogrio", show_default=True, help="Layer reader."
)
_profile_option = click.option(
    "--profile", "profile_path", type=click.Path(dir_okay=False), help="Rule profile TOML (default: Kings Point)."
)


def _review(ctx: click.Context, manifest: str, engine: str, profile_path: str | None) -> Review:
    """Load and review the site, printing its data warnings on standard error (unless ``-q``)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", DockReviewWarning)
        result = review(load_site(manifest, engine=engine), profile=profile_path)
    if not ctx.meta.get("quiet"):
        for message in dict.fromkeys(str(w.message) for w in caught if issubclass(w.category, DockReviewWarning)):
            click.echo(f"warning: {message}", err=True)
    return result


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dockreview")
@click.option("-v", "--verbose", count=True, help="More detail on standard error.")
@click.option("-q", "--quiet", is_flag=True, help="Only errors on standard error.")
@click.option("--debug", is_flag=True, help="Show tracebacks.")
@click.pass_context
def main(ctx: click.Context, verbose: int, quiet: bool, debug: bool) -> None:
    """Review proposed residential docks against the Kings Point dock ordinance."""
    ctx.meta["debug"] = debug
    ctx.meta["verbose"] = verbose
    ctx.meta["quiet"] = quiet
    level = logging.ERROR if quiet else (logging.DEBUG if verbose > 1 else logging.INFO if verbose else logging.WARNING)
    logging.basicConfig(level=level, format="%(levelname)s: %(message)s", stream=sys.stderr)


@main.command()
@click.argument("manifest", type=click.Path(dir_okay=False))
@click.option("--json", "json_path", metavar="PATH|-", help="Write the review as JSON ('-' for standard output).")
@click.option("--map", "map_path", metavar="PATH", help="Draw the site plan (.png, .pdf or .svg).")
@_engine_option
@_profile_option
@_page_option
@_gpkg_option
@click.pass_context
def check(
    ctx: click.Context, manifest: str, json_path: str | None, map_path: str | None, engine: str, profile_path: str | None,
    page: str, gpkg_path: str | None,
) -> None:
    """Review the dock of MANIFEST (site.toml) and print every check.

    Exit status: 0 compliant, 1 noncompliant, 3 incomplete, 2 bad input.
    """
    _check_map_path(map_path)
    _check_gpkg_path(gpkg_path)
    result = _review(ctx, manifest, engine, profile_path)
    quiet = ctx.meta.get("quiet")
    if map_path:
        from .plot import save_map

        save_map(result, map_path, page=page)
        _written(ctx, "map", map_path)
    _write_gpkg(ctx, result, gpkg_path)
    if json_path is not None:
        _write_json(ctx, result, json_path)
    if not (quiet and json_path == "-"):
        click.echo(_table(result), err=json_path == "-")
    ctx.exit(EXIT[result.verdict])


@main.command("map")
@click.argument("manifest", type=click.Path(dir_okay=False))
@click.option("-o", "--output", "output", required=True, metavar="PATH", help="The map file (.png, .pdf or .svg).")
@click.option(
    "--sheet", type=click.Choice(("site", "evidence")), default="site", show_default=True,
    help="site: the dimensioned site plan; evidence: the Board evidence sheet with the dock in section.",
)
@_engine_option
@_profile_option
@_page_option
@click.pass_context
def map_command(
    ctx: click.Context, manifest: str, output: str, sheet: str, engine: str, profile_path: str | None, page: str
) -> None:
    """Draw the site plan (or the Board evidence sheet) of MANIFEST to a file."""
    _check_map_path(output)
    from .evidence_plot import save_evidence
    from .plot import save_map

    result = _review(ctx, manifest, engine, profile_path)
    (save_map if sheet == "site" else save_evidence)(result, output, page=page)
    _written(ctx, "map", output)


@main.command("report")
@click.argument("manifest", type=click.Path(dir_okay=False))
@click.option("-o", "--output", "output", required=True, metavar="PATH", help="The report (.html, .pdf or .md).")
@_engine_option
@_profile_option
@_page_option
@_gpkg_option
@click.option("--all-checks", is_flag=True, help="List the checks that do not apply to the dock in the table too.")
@click.pass_context
def report_command(
    ctx: click.Context, manifest: str, output: str, engine: str, profile_path: str | None, page: str, gpkg_path: str | None,
    all_checks: bool,
) -> None:
    """Write the staff report of MANIFEST: exhibit, checks, Board items, interpretations, sources."""
    if Path(output).suffix.lower() not in REPORT_SUFFIXES:
        raise click.UsageError(f"-o {output}: use a .html, .pdf or .md file name")
    _check_gpkg_path(gpkg_path)
    from .report import write_report

    result = _review(ctx, manifest, engine, profile_path)
    write_report(result, output, page=page, all_checks=all_checks)
    _written(ctx, "report", output, f" (verdict: {result.verdict})")
    _write_gpkg(ctx, result, gpkg_path)


from .cli_data import register as _register_data  # noqa: E402  (the data commands: layers, audit)

_register_data(main)

from .cli_screen import register as _register_screen  # noqa: E402  (envelope, suggest, screen)

_register_screen(main)
