"""The garbage collector held off while the libraries import (a leaf: it imports nothing of the package).

Importing geopandas, pandas, pyproj, shapely and scipy makes objects by the
hundred thousand -- modules, classes, functions -- that live as long as the
process. The collector, which counts them as they are made, passed over them
again and again while they were, and once more after: 0.1 s of the parent's
time in a county's screen of 20,000 parcels, all of it before the first lot
was read, none of it finding anything to free. :func:`paused` holds the
collector off while the package and a command's module import, then freezes
what is alive (:func:`gc.freeze`), so that its later passes skip those
objects; 0.01 s of passes is left. Whatever a process made before importing
the package is frozen with them: the collector frees it again once a
parallel screen's workers are done (:func:`~dockreview.batch.parallel.shared_with_forks`).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


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
