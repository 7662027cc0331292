"""Chunks of a layer's lots worked on every core of one machine, and the order that keeps each chunk compact.

:func:`hilbert_order` orders geometries along a Hilbert curve (geopandas'
``hilbert_distance``), so that consecutive lots are neighbours on the shore and
a chunk of them touches one short stretch of it. :func:`map_chunks` works the
chunks in worker processes (``concurrent.futures``), each started by ``fork`` so
that it shares the parent's layers, shore index and rules without copying them;
only the chunks' row numbers go out and their figures come back.
:func:`imap_chunks` does the same over chunks read as they are needed (a layer
read a batch at a time), holding only a few at once. Where
``fork`` is not available, or one worker is asked for, the chunks are worked
in this process.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import gc
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor

import geopandas as gpd
import numpy as np
import shapely
import tqdm.std as tqdm_std
from tqdm.auto import tqdm

# tqdm's monitor thread takes tqdm's lock (one for every bar class) every few seconds; a worker forked while it
# holds it inherits the lock taken, with no thread to give it back, and waits on it forever at its first bar
# (seen: a streamed screen's worker, whose chunks make a bar). No monitor for any bar: no such thread.
tqdm_std.tqdm.monitor_interval = 0

#: Chunks per worker taken ahead of the answers yielded (keeps both cores busy while few chunks are held).
AHEAD = 2
#: What the worker processes share with the parent (set before they fork).
_SHARED: object = None


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@contextlib.contextmanager
def shared_with_forks():
    """Keep what this process holds shared with the workers it forks, for as long as they run.

    Before the workers fork, the heap this process has freed is given back to
    the system (glibc's ``malloc_trim``; elsewhere nothing), or every worker
    would inherit it and copy each page of it that it reuses; and the objects
    left are frozen out of the garbage collector (:func:`gc.freeze`), whose
    passes would otherwise write to every geometry's header in every process
    and so copy the pages of a county's shore and docks into each of them.
    They are unfrozen when the workers are done.
    """
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):  # no glibc
        ctypes.CDLL(None).malloc_trim(0)
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def hilbert_order(geoms: np.ndarray) -> np.ndarray:
    """The order of ``geoms`` along a Hilbert curve over their extent (by their bounding boxes' centres)."""
    geoms = np.asarray(geoms, dtype=object)
    if len(geoms) < 2:
        return np.arange(len(geoms))
    bounds = shapely.bounds(geoms)
    centres = shapely.points((bounds[:, :2] + bounds[:, 2:]) / 2)
    distance = gpd.GeoSeries(centres).hilbert_distance()
    return np.argsort(distance.to_numpy(), kind="stable")


def _run(job):
    fn, chunk = job
    return fn(_SHARED, chunk)


def map_chunks(fn: Callable, shared, chunks: Sequence, *, workers: int, progress: bool | None = None, desc: str = "screen") -> list:
    """``[fn(shared, chunk) for chunk in chunks]``, on ``workers`` processes; the answers in the chunks' order.

    ``fn`` must be a module-level function (it is sent to the workers by name).
    """
    disable = False if progress else (None if progress is None else True)
    with tqdm(total=len(chunks), desc=desc, unit="chunk", disable=disable) as bar:
        out = []
        for answer in imap_chunks(fn, shared, chunks, workers=min(workers, len(chunks))):
            out.append(answer)
            bar.update()
        return out


def imap_chunks(fn: Callable, shared, chunks: Iterable, *, workers: int) -> Iterator:
    """``fn(shared, chunk)`` for each chunk in turn, on ``workers`` processes; the answers yielded in the chunks' order.

    ``chunks`` may be a generator (a layer read a batch at a time): at most
    :data:`AHEAD` chunks per worker are taken from it before their answers
    are yielded, so that only a few chunks and answers are held at once.
    ``fn`` must be a module-level function (it is sent to the workers by name).

    Examples
    --------
    >>> list(imap_chunks(pow, 2, iter(range(5)), workers=1))
    [1, 2, 4, 8, 16]
    """
    global _SHARED
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for chunk in chunks:
            yield fn(shared, chunk)
        return
    _SHARED = shared
    try:
        with shared_with_forks(), ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
            pending: collections.deque = collections.deque()
            for chunk in chunks:
                pending.append(pool.submit(_run, (fn, chunk)))
                if len(pending) >= AHEAD * workers:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
    finally:
        _SHARED = None
