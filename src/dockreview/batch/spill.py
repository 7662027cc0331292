"""Answers that come back in any order, kept on disk and given back in the layer's order, a window of rows at a time.

A Dask screen's partitions finish in any order, and each holds parcels from
anywhere in the layer (they are cut along the shore, not down the layer). So
that the machine writing the results never holds a state's table whole, each
partition's rows are sorted by their row in the layer and written to disk in
short chunks as the partition comes back (:meth:`Spill.add`); the chunks are
then read back a few at a time and merged into windows of consecutive rows
(:meth:`Spill.windows`), each window written before the next is read. At most
one chunk of each partition is held besides the window.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd

#: Rows of one partition to a chunk on disk (the merge holds at most one chunk of each partition).
CHUNK_ROWS = 2_000
#: Rows to a window given back (and written) at a time.
WINDOW_ROWS = 50_000


@dataclass
class _Part:
    """One partition's chunks on disk (each chunk's file and first row), and the rows read but not yet given back."""

    chunks: list[tuple[Path, int]]
    table: pd.DataFrame | None = None
    envelopes: pd.DataFrame | None = None

    def take(self, before: int, row: str) -> tuple[pd.DataFrame, pd.DataFrame] | None:
        """The rows (and envelopes) numbered below ``before``, read from disk as far as needed; None when none."""
        tables, envelopes = [], []
        while True:
            if self.table is None:
                if not self.chunks or self.chunks[0][1] >= before:
                    break
                path, _ = self.chunks.pop(0)
                with path.open("rb") as f:
                    self.table, self.envelopes = pickle.load(f)
                path.unlink()
            done = self.table[row].to_numpy() < before
            tables.append(self.table[done])
            envelopes.append(self.envelopes[self.envelopes[row].to_numpy() < before])
            if done.all():
                self.table = self.envelopes = None
            else:
                self.table, self.envelopes = self.table[~done], self.envelopes[self.envelopes[row].to_numpy() >= before]
                break
        return (pd.concat(tables), pd.concat(envelopes)) if tables else None


@dataclass
class Spill:
    """Parcel tables and envelopes added in any order, given back by the parcels' rows in the layer (column ``row``).

    Parameters
    ----------
    folder : Path
        Where the chunks are written (an empty folder the caller removes).
    row : str
        The column of each table and each envelope holding its parcel's row
        in the layer; dropped from what is given back.
    chunk_rows, window_rows : int
        Rows to a chunk on disk, and to a window given back.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     spill = Spill(Path(folder), "row", chunk_rows=2, window_rows=3)
    ...     for rows in ([4, 0, 2], [1, 3]):
    ...         table = pd.DataFrame({"row": rows, "id": [f"p{r}" for r in rows]})
    ...         spill.add(table, table.iloc[:1])
    ...     [(t["id"].tolist(), e["id"].tolist()) for t, e in spill.windows()]
    [(['p0', 'p1', 'p2'], ['p1']), (['p3', 'p4'], ['p4'])]
    """

    folder: Path
    row: str
    chunk_rows: int = CHUNK_ROWS
    window_rows: int = WINDOW_ROWS
    parts: list[_Part] = field(default_factory=list)
    rows: int = 0

    def add(self, table: pd.DataFrame, envelopes: pd.DataFrame) -> None:
        """Keep one partition's rows and envelopes on disk, sorted by row, in chunks of :attr:`chunk_rows`."""
        table = table.sort_values(self.row, kind="stable")
        envelopes = envelopes.sort_values(self.row, kind="stable")
        rows, env_rows = table[self.row].to_numpy(), envelopes[self.row].to_numpy()
        k, chunks = len(self.parts), []
        for n, start in enumerate(range(0, len(table), self.chunk_rows)):
            stop = min(start + self.chunk_rows, len(table))
            lo = np.searchsorted(env_rows, rows[start], side="left")
            hi = np.searchsorted(env_rows, rows[stop - 1], side="right")
            path = self.folder / f"{k}-{n}.pickle"
            with path.open("wb") as f:
                pickle.dump((table.iloc[start:stop], envelopes.iloc[lo:hi]), f, protocol=pickle.HIGHEST_PROTOCOL)
            chunks.append((path, int(rows[start])))
        self.parts.append(_Part(chunks))
        self.rows = max(self.rows, int(rows.max()) + 1 if len(rows) else 0)

    def windows(self) -> Iterator[tuple[gpd.GeoDataFrame, gpd.GeoDataFrame]]:
        """The tables and envelopes added, :attr:`window_rows` rows of the layer at a time, in the layer's order."""
        for before in range(self.window_rows, self.rows + self.window_rows, self.window_rows):
            taken = [t for t in (part.take(before, self.row) for part in self.parts) if t is not None]
            if not taken:
                continue
            table = pd.concat([t for t, _ in taken]).sort_values(self.row, kind="stable")
            envelopes = pd.concat([e for _, e in taken]).sort_values(self.row, kind="stable")
            yield table.drop(columns=self.row).reset_index(drop=True), envelopes.drop(columns=self.row).reset_index(drop=True)
