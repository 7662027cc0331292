"""Output files written whole or not at all.

Every file the tool writes (JSON, map, report, GeoPackage, CSV, manifest) goes
through :func:`atomic_path`: it is written beside its target under a temporary
name and moved into place only when complete, so a failure leaves no half-written
file and an existing file is replaced only by a whole new one.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from dockreview.errors import DockReviewError, OutputError


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; move it into place only on success.

    An existing file at ``path`` is replaced only by a complete new one, and no
    partial file is left behind when writing fails.
    """
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=target.suffix, dir=target.parent)
    except OSError as exc:
        raise OutputError(f"{target}: cannot write the file ({exc}); check the folder is writable") from None
    os.close(fd)
    tmp_path = Path(tmp)
    tmp_path.unlink()  # keep the unique name; some drivers refuse to write over an empty file
    try:
        yield tmp_path
        os.replace(tmp_path, target)
    except DockReviewError:
        raise
    except OSError as exc:
        raise OutputError(f"{target}: cannot write the file ({exc}); check the folder and the free space") from exc
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def atomic_write(path: str | Path, write: Callable[[Path], None]) -> None:
    """Call ``write(tmp_path)`` and move the result to ``path`` atomically."""
    with atomic_path(path) as tmp:
        write(tmp)
