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
from tqdm.auto import tqdm

#: Chunks per worker taken ahead of the answers yielded (keeps both cores busy while few chunks are held).
AHEAD = 2
#: What the worker processes share with the parent (set before they fork).
_SHARED: object = None
#: True in a worker process: it draws no progress bar of its own. A bar takes tqdm's lock, shared by every process
#: forked from the parent; a worker that waits on it may wait forever (seen: a streamed screen's worker, whose
#: chunks are worked by :func:`map_chunks`, stuck on tqdm's lock for 20 minutes).
_IN_WORKER = False


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
    They are unfrozen when the workers are done. Only the collector's young
    generations are collected first: a full pass over the old one, which holds
    the libraries' objects, took 0.04 s of a county's screen and found nothing
    to free (an old cycle left is frozen and shared, not copied).
    """
    gc.collect(1)
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


def _in_worker() -> None:
    global _IN_WORKER
    _IN_WORKER = True


def _run(job):
    fn, chunk = job
    return fn(_SHARED, chunk)


def map_chunks(
    fn: Callable, shared, chunks: Sequence, *, workers: int, progress: bool | None = None, desc: str = "screen",
    meanwhile: Callable[[], None] | None = None,
) -> list:
    """``[fn(shared, chunk) for chunk in chunks]``, on ``workers`` processes; the answers in the chunks' order.

    ``fn`` must be a module-level function (it is sent to the workers by name). A progress bar unless
    ``progress`` is False or this is a worker process (``None``: on a terminal). ``meanwhile`` is
    :func:`imap_chunks`'.
    """
    if _IN_WORKER or progress is False:
        return list(imap_chunks(fn, shared, chunks, workers=min(workers, len(chunks)), meanwhile=meanwhile))
    with tqdm(total=len(chunks), desc=desc, unit="chunk", disable=None if progress is None else False) as bar:
        out = []
        for answer in imap_chunks(fn, shared, chunks, workers=min(workers, len(chunks)), meanwhile=meanwhile):
            out.append(answer)
            bar.update()
        return out


def imap_chunks(fn: Callable, shared, chunks: Iterable, *, workers: int, meanwhile: Callable[[], None] | None = None) -> Iterator:
    """``fn(shared, chunk)`` for each chunk in turn, on ``workers`` processes; the answers yielded in the chunks' order.

    ``chunks`` may be a generator (a layer read a batch at a time): at most
    :data:`AHEAD` chunks per worker are taken from it before their answers
    are yielded, so that only a few chunks and answers are held at once.
    ``fn`` must be a module-level function (it is sent to the workers by name).
    ``meanwhile()``, when given, is called once the workers have their first
    chunks, before the first answer is awaited (first of all, when the
    chunks are worked here): this process's own work, done while they work.

    Examples
    --------
    >>> list(imap_chunks(pow, 2, iter(range(5)), workers=1, meanwhile=lambda: print("meanwhile")))
    meanwhile
    [1, 2, 4, 8, 16]
    """
    global _SHARED
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        _call(meanwhile)
        for chunk in chunks:
            yield fn(shared, chunk)
        return
    _SHARED = shared
    try:
        with shared_with_forks(), ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("fork"), initializer=_in_worker,
        ) as pool:
            pending: collections.deque = collections.deque()
            for chunk in chunks:
                pending.append(pool.submit(_run, (fn, chunk)))
                if len(pending) >= AHEAD * workers:
                    meanwhile = _call(meanwhile)
                    yield pending.popleft().result()
            meanwhile = _call(meanwhile)
            while pending:
                yield pending.popleft().result()
    finally:
        _SHARED = None


def _call(meanwhile: Callable[[], None] | None) -> None:
    """Call ``meanwhile`` if there is one; None, so that it is called once."""
    if meanwhile is not None:
        meanwhile()
