"""The garbage collector held off while the libraries import (a leaf: it imports nothing of the package).

Importing geopandas, pandas, pyproj, shapely and scipy makes objects by the
hundred thousand -- modules, classes, functions -- that live as long as the
process. The collector, which counts them as they are made, passed over them
again and again while they were, and once more after: 0.1 s of the parent's
time in a county's screen of 20,000 parcels, all of it before the first lot
was read, none of it finding anything to free. :func:`paused` holds the
collector off while the package and a command's module import; in the
``dockreview`` command's own process (:func:`command_process`), where nothing
else lives, it then freezes what is alive (:func:`gc.freeze`), so that the
collector's later passes skip those objects: 0.01 s of passes is left. A
notebook or QGIS importing the package is not frozen: what it made before
stays the collector's to free (its passes after the import take some 0.05 s more).
"""

from __future__ import annotations

import contextlib
import gc
import sys
from collections.abc import Iterator
from pathlib import Path

#: The name of the command's console script, as its process's ``sys.argv[0]`` ends.
COMMAND = "dockreview"


def command_process() -> bool:
    """Whether this process is the ``dockreview`` command's own: its console script, not a notebook, QGIS or tests.

    Examples
    --------
    >>> command_process()  # under pytest
    False
    """
    argv = getattr(sys, "argv", None) or [""]  # an embedded interpreter may have none
    return Path(str(argv[0])).name == COMMAND


@contextlib.contextmanager
def paused(*, freeze: bool = False) -> Iterator[None]:
    """Hold the garbage collector off for the block; after it, with ``freeze``, freeze every object alive
    (:func:`gc.freeze`); then the collector is on or off as it was before.

    Examples
    --------
    >>> import gc
    >>> before = gc.isenabled()
    >>> with paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled() == before
    True
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if was_on:
            gc.enable()
