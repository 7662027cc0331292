"""The ``dockreview`` click group: global options, one-line errors, exit codes.

Exit codes: ``check`` gives 0 compliant or exempt, 1 noncompliant, 3 incomplete; every
command gives 2 for bad input or usage, with one plain line on standard error
(``--debug`` shows the traceback). The global options ``-v``, ``-q`` and ``--debug``
may stand before or after the subcommand. Every file a command writes is named on
standard error ("map written to PATH"); ``-q`` leaves only errors there, for every
command: no file named, no data warning, no summary, no progress bar (standard
output keeps each command's result).

Warnings: every command runs inside :func:`warnings_shown`, which prints each distinct
data warning (:class:`~dockreview.errors.DockReviewWarning`) once, as ``warning: MESSAGE``
on standard error, and lets no other Python warning reach the terminal in its raw
``file:line: RuntimeWarning`` form (it goes to the log, seen with ``-vv``).
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import logging
import os
import re
import sys
import threading
import traceback
import warnings
from pathlib import Path

import click
from threadpoolctl import threadpool_limits

from dockreview._collector import command_process, paused
from dockreview._version import __version__
from dockreview.errors import DockReviewError, DockReviewWarning
from dockreview.inputs.spec import RIPARIAN_METHODS

EXIT = {"compliant": 0, "noncompliant": 1, "incomplete": 3, "exempt": 0}
BAD_INPUT = 2
#: The exit status of a command whose standard output was closed by its reader: 128 + SIGPIPE, as the shell reports.
BROKEN_PIPE = 141
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


def written(ctx: click.Context, what: str, path, extra: str = "") -> None:
    """Name a file just written, on standard error (so standard output keeps the table or the JSON); not with -q."""
    note(ctx, f"{what} written to {path}{extra}")


def note(ctx: click.Context, message: str) -> None:
    """A line for the analyst on standard error (a warning, a summary, a file written); not with -q."""
    if not ctx.meta.get("quiet"):
        click.echo(message, err=True)


#: Where the warnings caught while a command runs are kept (a key of ``ctx.meta``, which its subcommands share).
_CAUGHT = "dockreview.warnings"


@contextlib.contextmanager
def warnings_shown(ctx: click.Context):
    """Run the block with Python's warnings caught, then show them as :func:`show_warnings` does.

    The group runs every command inside it; a command may use it around a step (``check`` around the review) to
    have the step's warnings printed when the step ends, before its own output. Inside another, it only shows
    what has been caught when the block ends.
    """
    if _CAUGHT in ctx.meta:
        try:
            yield
        finally:
            show_warnings(ctx)
        return
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", DockReviewWarning)  # every time it is given, not once per line of code
        ctx.meta[_CAUGHT] = (caught, set())
        try:
            yield
        finally:
            show_warnings(ctx)
            del ctx.meta[_CAUGHT]


def show_warnings(ctx: click.Context) -> None:
    """Print the warnings caught so far (:func:`warnings_shown`) and forget them.

    A data warning (:class:`~dockreview.errors.DockReviewWarning`) is one line on standard error,
    ``warning: MESSAGE``, the first time its message is given while the command runs; none with ``-q``. Any other
    warning (a library's RuntimeWarning, FutureWarning or DeprecationWarning) says nothing the analyst can act on:
    it goes to the log at debug level (``-vv``), never to the terminal in Python's raw form.
    """
    caught, shown = ctx.meta.get(_CAUGHT, ([], set()))
    for w in caught:
        if issubclass(w.category, DockReviewWarning):
            message = str(w.message)
            if message not in shown:
                shown.add(message)
                if not ctx.meta.get("quiet"):
                    click.echo(f"warning: {message}", err=True)
        else:
            log.debug("%s: %s (%s:%s)", w.category.__name__, w.message, Path(w.filename).name, w.lineno)
    caught.clear()


def progress_shown(ctx: click.Context, progress: bool | None) -> bool | None:
    """The --progress/--no-progress choice; none asked for under -q is no progress bar."""
    return False if progress is None and ctx.meta.get("quiet") else progress


#: Every command of the group: the module that defines it and its name there. A module is imported when one of its
#: commands runs (or the help lists them), so that ``dockreview check`` never imports the screen, the audits or QGIS.
COMMANDS = {
    "check": ("dockreview.cli.check", "check"),
    "map": ("dockreview.cli.check", "map_command"),
    "report": ("dockreview.cli.check", "report_command"),
    "layers": ("dockreview.cli.data", "layers_command"),
    "audit": ("dockreview.cli.data", "audit_command"),
    "envelope": ("dockreview.cli.where", "envelope_command"),
    "suggest": ("dockreview.cli.where", "suggest_command"),
    "riparian": ("dockreview.cli.riparian", "riparian_command"),
    "screen": ("dockreview.cli.where", "screen_command"),
    "compare": ("dockreview.cli.compare", "compare_command"),
    "publish": ("dockreview.cli.publish", "publish_command"),
    "profiles": ("dockreview.cli.profiles", "profiles_command"),
    "qgis": ("dockreview.cli.qgis", "qgis_group"),
}


class _Group(click.Group):
    """Turns the package's errors into one line and exit status 2; takes -v, -q, --debug after the subcommand too.

    Its commands are loaded by name from :data:`COMMANDS` when first asked for.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            module, attr = COMMANDS[name]
            with paused(freeze=command_process()):  # as the package's own import (:mod:`dockreview._collector`)
                self.add_command(getattr(importlib.import_module(module), attr), name)
        return super().get_command(ctx, name)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, hoist_global_flags(args, self.list_commands(ctx)))

    def invoke(self, ctx: click.Context):
        # one BLAS thread: the command's work is GEOS's and qhull's, and BLAS's own threads only spin against the
        # screen's worker processes and whatever else holds the cores (a busy 2-core machine took 4 to 20 s, not
        # 0.15 s, to triangulate a chart's soundings)
        with warnings_shown(ctx), threadpool_limits(limits=1, user_api="blas"):
            try:
                return super().invoke(ctx)
            except (click.exceptions.Exit, click.ClickException, click.Abort):
                raise
            except DockReviewError as exc:
                _fail(ctx, exc, f"error: {exc}")
            except BrokenPipeError:  # the reader of standard output stopped early (dockreview layers ... | head): quietly,
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # as a tool killed by SIGPIPE ends
                ctx.exit(BROKEN_PIPE)
            except Exception as exc:  # a defect: still one line, the traceback on --debug
                _fail(ctx, exc, f"error: unexpected {type(exc).__name__}: {exc} (run with --debug and report it)")


def _fail(ctx: click.Context, exc: Exception, line: str) -> None:
    """Print one line for ``exc`` (its details with ``-v``) and exit 2; re-raise with ``--debug``."""
    if ctx.meta.get("debug"):
        raise exc
    show_warnings(ctx)  # what the data said before the error, above it
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


def _methods_help() -> str:
    """The help's list of riparian methods (:data:`~dockreview.inputs.spec.RIPARIAN_METHODS`), kept as lines."""
    lines = ["\b", "Riparian methods (a profile's [riparian] method; where it leaves one open, a manifest's [review] riparian_method):"]
    for i, method in enumerate(RIPARIAN_METHODS.values()):
        note = " (the default)" if i == 0 else f": needs {method.needs.split(':')[0]}" if method.needs else ""
        lines.append(f"  {method.name}{note}")
    return "\n".join(lines)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]}, epilog=_methods_help())
@click.version_option(__version__, prog_name="dockreview")
@click.option("-v", "--verbose", count=True, help="More detail on standard error.")
@click.option("-q", "--quiet", is_flag=True, help="Only errors on standard error.")
@click.option("--debug", is_flag=True, help="Show tracebacks.")
@click.pass_context
def main(ctx: click.Context, verbose: int, quiet: bool, debug: bool) -> None:
    """Review proposed residential docks against a town's dock law, written as a rule profile (dockreview profiles)."""
    ctx.meta["debug"] = debug
    ctx.meta["verbose"] = verbose
    ctx.meta["quiet"] = quiet  # only errors on standard error: no data warnings either (show_warnings), for every command
    level = logging.ERROR if quiet else (logging.DEBUG if verbose > 1 else logging.INFO if verbose else logging.WARNING)
    logging.basicConfig(level=level, format="%(levelname)s: %(message)s", stream=sys.stderr)


def run() -> None:
    """The ``dockreview`` console script: :func:`main`, after which the process ends without tearing Python down.

    Python's own exit frees every object of every module imported, one by
    one: 0.15 s once geopandas is imported, a twentieth of a county's screen of
    20,000 parcels, spent after its files are written. Here the command's
    exit functions (:mod:`atexit`) run and the standard streams are flushed,
    then the process ends with the command's status. Where a thread other
    than a daemon still runs, or the status is not a number, Python ends the
    process as it always does, waiting for the thread.
    """
    try:
        main()
    except SystemExit as exc:
        status = 0 if exc.code is None else exc.code
    else:  # click ends with SystemExit; a main that returned has nothing more to say
        status = 0
    waiting = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    if waiting or not isinstance(status, int):
        sys.exit(status)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a reader gone, or a stream closed: nothing left to say there
            stream.flush()
    os._exit(status)
