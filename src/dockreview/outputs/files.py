"""Output files written whole or not at all, never over an input, never in place of a device.

Every file the tool writes (JSON, map, report, GeoPackage, GeoParquet, CSV,
manifest) goes through :func:`atomic_path`:

* it is written beside its target under a temporary name that says whose it is
  (``.NAME.dockreview-PID-XXXX.SUFFIX``) and moved into place only when
  complete, so a failure or a kill leaves no half-written file and an existing
  file is replaced only by a whole new one; a later run removes the temporary
  files of runs whose process is gone, never those of a live one;
* a symbolic link named as the output writes the file it points to (replaced
  whole, beside it); a character device or a named pipe with a reader is
  written as a stream (``/dev/stdout``, ``/dev/null``); a folder, a socket, a
  block device, a pipe nobody reads or a link loop is refused;
* an output that is the same file as one of the command's inputs
  (:func:`check_outputs`, by ``os.path.samefile``: through links, ``./`` and a
  case-insensitive file system) is refused before anything is written;
* every failure to write, a full disk or a file-size limit included, whatever
  the writer (GDAL, Arrow, matplotlib, Python), is one
  :class:`~dockreview.errors.OutputError` naming the file.
"""

from __future__ import annotations

import errno
import glob
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pandas as pd

from dockreview.errors import DockReviewError, OutputError

#: What a temporary output file's name holds: ``.NAME.dockreview-PID-XXXX.SUFFIX`` (PID: the writing process).
TEMPORARY = re.compile(r"^\.(?P<name>.+)\.dockreview-(?P<pid>\d+)-")
#: The writers' own error classes, by module, that mean "this file could not be written" (GDAL, Arrow, SQLite).
WRITER_ERRORS = ("pyogrio.errors", "fiona.errors", "pyarrow.lib", "sqlite3")
#: A disk with less free space than this is full, and a file this near the size limit met it (for the message).
FULL_DISK_BYTES = 1 << 20


def same_file(a: str | Path, b: str | Path) -> bool:
    """True when ``a`` and ``b`` are one file (or ``a`` lies inside the folder ``b``), through links and ``./``.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "site.gpkg").write_bytes(b"x")
    >>> same_file(folder / "." / "site.gpkg", folder / "site.gpkg"), same_file(folder / "new.gpkg", folder / "site.gpkg")
    (True, False)
    """
    try:
        if os.path.samefile(a, b):
            return True
    except OSError:  # one of them does not exist (yet): not the same file
        return False
    return Path(b).is_dir() and Path(os.path.realpath(a)).is_relative_to(os.path.realpath(b))


def check_outputs(outputs: Mapping[str, str | Path | None], inputs: Iterable[str | Path]) -> None:
    """Refuse, before anything is written, an output that is one of the inputs, two outputs that are one file, or an
    output that is not a file (:func:`output_kind`).

    Parameters
    ----------
    outputs : mapping
        What names each output ("--gpkg", "-o", "the CSV beside -o") -> its path; None and "-" are skipped.
    inputs : iterable of path
        Every file the command reads (:mod:`dockreview.inputs.sources`).

    Raises
    ------
    OutputError
        Naming the output, how it was given, and the input it would replace.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "site.toml").write_text("[site]")
    >>> check_outputs({"--json": folder / "./site.toml"}, [folder / "site.toml"])
    Traceback (most recent call last):
    ...
    dockreview.errors.OutputError: --json .../site.toml: that is the input .../site.toml; an output never replaces an input, name another file
    """
    named = [(what, Path(path)) for what, path in outputs.items() if path is not None and str(path) != "-"]
    inputs = [Path(p) for p in inputs]
    for i, (what, path) in enumerate(named):
        for source in inputs:
            if same_file(path, source):
                raise OutputError(
                    f"{what} {path}: that is the input {source}; an output never replaces an input, name another file"
                )
        for other, earlier in named[:i]:
            if path == earlier or same_file(path, earlier):
                raise OutputError(f"{what} {path}: that is also the {other} output; name two different files")
        if output_kind(path, what) == "file" and path.suffix.lower() == ".gpkg":
            refuse_other_files(path, what)


#: A GeoPackage file begins with SQLite's header.
SQLITE_HEADER = b"SQLite format 3\x00"


def refuse_other_files(path: Path, what: str = "") -> None:
    """Refuse a GeoPackage output where a file stands that is not one: it is the user's, and is left as it is.

    An empty file is taken as new (``touch out.gpkg``).
    """
    with open(path, "rb") as handle:
        header = handle.read(len(SQLITE_HEADER))
    if header and header != SQLITE_HEADER:
        raise OutputError(f"{what} {path}: the file exists and is not a GeoPackage; move it or name another file".strip())


def _chain(exc: BaseException | None) -> Iterator[BaseException]:
    """``exc`` and the errors it arose from or while handling (a writer's clean-up can fail after the disk did)."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        yield exc
        exc = exc.__cause__ or exc.__context__


def _writer_failure(exc: BaseException) -> BaseException | None:
    """The error that says the file could not be written (an OSError, or GDAL's or Arrow's own), if ``exc`` is one."""
    for link in _chain(exc):
        if isinstance(link, OSError) or type(link).__module__.startswith(WRITER_ERRORS):
            return link
    return None


def _why(failure: BaseException, written: Path) -> str:
    """Why ``written`` could not be written, in words: the file-size limit, a full disk, or the writer's first line.

    GDAL does not pass the system's error on, so its failures are told apart by what they leave: a file at the
    session's size limit, a disk with no space.
    """
    import resource

    code = getattr(failure, "errno", None)
    limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    size = written.stat().st_size if written.is_file() else 0
    if limit != resource.RLIM_INFINITY and (code == errno.EFBIG or size + FULL_DISK_BYTES >= limit):
        return f"the session's file-size limit (ulimit -f) of {limit:,} bytes is reached"
    try:
        full = shutil.disk_usage(written.parent).free < FULL_DISK_BYTES
    except OSError:
        full = False
    if code == errno.ENOSPC or full:
        return "No space left on device; free some space or write elsewhere"
    if isinstance(failure, OSError) and failure.strerror:
        return failure.strerror
    text = str(failure).strip().splitlines()
    return text[0] if text else type(failure).__name__


def _alive(pid: int) -> bool:
    """True while the process ``pid`` runs (one of another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def sweep_temporaries(folder: str | Path) -> list[Path]:
    """Remove from ``folder`` the temporary output files of dockreview runs whose process is gone; return them.

    A run killed while writing leaves its temporary file (``.NAME.dockreview-PID-XXXX.SUFFIX``); a live run's is
    left alone.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> mine = folder / f".site.json.dockreview-{os.getpid()}-abc.json"
    >>> gone = folder / ".site.json.dockreview-999999999-abc.json"
    >>> _ = mine.write_text("{"), gone.write_text("{")
    >>> [p.name for p in sweep_temporaries(folder)], mine.exists()
    (['.site.json.dockreview-999999999-abc.json'], True)
    """
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = TEMPORARY.match(entry.name)
        if found is None or _alive(int(found["pid"])) or not entry.is_file(follow_symlinks=False):
            continue
        try:
            os.unlink(entry.path)
        except OSError:  # removed by another run meanwhile, or not ours to remove
            continue
        removed.append(Path(entry.path))
    return removed


def output_kind(path: str | Path, what: str = "") -> str:
    """What stands at ``path``: ``"new"`` (nothing yet), ``"file"`` or ``"stream"`` (a character device or a pipe).

    ``what`` names the output in messages (``"--json"``).

    Raises
    ------
    OutputError
        For a folder, a socket, a block device or a symbolic link loop, naming it.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> os.mkfifo(folder / "pipe")
    >>> output_kind(folder / "pipe"), output_kind(folder / "review.json"), output_kind(folder / "." / ".." / folder.name)
    Traceback (most recent call last):
    ...
    dockreview.errors.OutputError: ...: that is a folder, not a file; name a file to write
    >>> output_kind(folder / "pipe"), output_kind(folder / "review.json")
    ('stream', 'new')
    """
    name = f"{what} {path}".strip()
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "new"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutputError(f"{name}: a symbolic link loop; name a file") from None
        if exc.errno == errno.ENOTDIR:
            raise OutputError(f"{name}: a part of the path is a file, not a folder; name a file in a folder") from None
        raise OutputError(f"{name}: cannot write the file ({exc.strerror or exc}); check the folder is writable") from None
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return "stream"
    kind = "a folder" if stat.S_ISDIR(mode) else "a socket" if stat.S_ISSOCK(mode) else "a block device"
    raise OutputError(f"{name}: that is {kind}, not a file; name a file to write")


def output_folder(path: str | Path) -> Path:
    """The folder of the output ``path``, made when it is not there yet (as a user naming ``new/out.gpkg`` expects).

    Raises
    ------
    OSError
        The folder cannot be made (the caller says so, naming the output).
    """
    folder = Path(path).parent
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def atomic_path(path: str | Path, *, inputs: Iterable[str | Path] = ()) -> Iterator[Path]:
    """Yield a temporary path to write; put the result at ``path`` only when it is whole.

    A regular file (or a new one) is replaced whole by a rename; a symbolic link's target is replaced, the link kept;
    a device or a pipe is written as a stream once the file is whole. ``inputs`` are refused as the output
    (:func:`check_outputs`). Temporary files of dead runs in the folder are removed first (:func:`sweep_temporaries`).

    Raises
    ------
    OutputError
        The output is an input, a folder or another thing that is not a file, or it cannot be written.
    """
    check_outputs({"output": path}, inputs)
    kind = output_kind(path)
    if kind == "stream":
        with _streamed(Path(path)) as tmp:
            yield tmp
        return
    target = Path(os.path.realpath(path))  # a link's target, written beside it; the link stays a link
    try:
        output_folder(target)
        sweep_temporaries(target.parent)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.dockreview-{os.getpid()}-", suffix=target.suffix, dir=target.parent)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write the file ({exc.strerror or exc}); check the folder is writable") from None
    os.close(fd)
    tmp_path = Path(tmp)
    tmp_path.unlink()  # keep the unique name; some drivers refuse to write over an empty file
    try:
        with _failure_named(path, tmp_path, "write the file"):
            yield tmp_path
            os.replace(tmp_path, target)
    finally:
        for leftover in tmp_path.parent.glob(glob.escape(tmp_path.name) + "*"):  # the file and a GeoPackage's journal
            leftover.unlink(missing_ok=True)


@contextmanager
def _failure_named(path: str | Path, written: Path, verb: str) -> Iterator[None]:
    """A writer's failure in the block (its own error or an OSError, however deep) as one OutputError saying why."""
    try:
        yield
    except DockReviewError:
        raise
    except Exception as exc:
        failure = _writer_failure(exc)
        if failure is None:
            raise
        raise OutputError(f"{path}: cannot {verb} ({_why(failure, written)})") from exc


@contextmanager
def _streamed(path: Path) -> Iterator[Path]:
    """Yield a temporary path in a private folder; copy the whole file to the device or pipe ``path`` after."""
    try:
        stream = os.open(path, os.O_WRONLY | os.O_NONBLOCK)  # a pipe with no reader fails at once (ENXIO), never waits
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise OutputError(f"{path}: a named pipe that no program reads; start the reader first, or name a file") from None
        raise OutputError(f"{path}: cannot write to it ({exc.strerror or exc})") from None
    folder = Path(tempfile.mkdtemp(prefix=f"dockreview-{os.getpid()}-"))
    tmp = folder / f"output{path.suffix}"
    try:
        with _failure_named(path, tmp, "write to it"):
            os.set_blocking(stream, True)
            yield tmp
            with open(tmp, "rb") as source, os.fdopen(stream, "wb", closefd=False) as sink:
                shutil.copyfileobj(source, sink)
    finally:
        os.close(stream)
        shutil.rmtree(folder, ignore_errors=True)


def inputs_checked(
    manifest: str | Path, profile: str | Path | None, outputs: Mapping[str, str | Path | None],
) -> list[Path]:
    """Every file the review of ``manifest`` reads, once no output is one of them (nor a folder, nor another output).

    Done before anything is read or written: an output that would replace the
    manifest, the profile, a layer or a sidecar is refused with one line naming both.
    """
    from dockreview.inputs.manifest import load_manifest
    from dockreview.inputs.sources import manifest_files

    check_outputs(outputs, [manifest])
    inputs = manifest_files(load_manifest(manifest), profile=profile)
    check_outputs(outputs, inputs)
    return inputs


def inputs_of(review) -> list[Path]:
    """Every file ``review`` read (its manifest, the profile's file, each layer with its sidecars): none is an output."""
    from dockreview.inputs.sources import manifest_files

    return manifest_files(review.site.manifest, profile=review.profile.source)


def atomic_write(path: str | Path, write: Callable[[Path], None]) -> None:
    """Call ``write(tmp_path)`` and move the result to ``path`` atomically."""
    with atomic_path(path) as tmp:
        write(tmp)


#: Decimals a CSV keeps for a column, by the unit its name ends with: feet to 0.01 ft, areas to 0.1 sq ft.
CSV_DECIMALS = {"_sqft": 1, "_ft": 2, "_pct": 1, "_deg": 1, "_in": 1}
#: What a spreadsheet reads as the start of a formula in a text cell (OWASP, "CSV Injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(value):
    """``value`` as a spreadsheet shows it as text: a text beginning like a formula gets a leading ``'``.

    A parcel id ``=HYPERLINK(...)`` in a county's layer would otherwise run when
    the CSV is opened; numbers and other texts are left as they are.

    Examples
    --------
    >>> print(spreadsheet_text('=HYPERLINK("http://x","y")'))
    '=HYPERLINK("http://x","y")
    >>> spreadsheet_text("-12"), spreadsheet_text(-12.5), spreadsheet_text("2-105-33")
    ("'-12", -12.5, '2-105-33')
    """
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def rounded_table(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame's attributes (no geometry) for a CSV: each measured column rounded, each text safe to open.

    A table to read, not to compute with: the layers beside it keep every digit
    (:data:`CSV_DECIMALS`) and every text as it was (:func:`spreadsheet_text`).

    Examples
    --------
    >>> rounded_table(pd.DataFrame({"reach_ft": [125.67891], "area_sqft": [5027.8123], "n": [3], "id": ["=1+1"]}))
       reach_ft  area_sqft  n    id
    0    125.68     5027.8  3  '=1+1
    """
    geometry = getattr(frame, "_geometry_column_name", None)
    out = pd.DataFrame(frame.drop(columns=[geometry] if geometry in frame.columns else []))
    for column in out.columns:
        places = next((p for suffix, p in CSV_DECIMALS.items() if str(column).endswith(suffix)), None)
        if places is not None and pd.api.types.is_float_dtype(out[column]):
            out[column] = out[column].round(places)
        elif pd.api.types.is_object_dtype(out[column]) or pd.api.types.is_string_dtype(out[column]):
            out[column] = out[column].map(spreadsheet_text)
    return out
