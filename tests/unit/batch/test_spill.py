"""Answers added in any order come back in the layer's order, a window at a time, read from disk only as far as needed."""

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely

from dockreview.batch.spill import Spill

ROWS, CHUNK, WINDOW = 1_000, 13, 50


def _layer(seed: int):
    """A table of ROWS parcels (row, id, a square each) cut into 7 partitions from anywhere in it, one empty."""
    rng = np.random.default_rng(seed)
    table = gpd.GeoDataFrame(
        {"row": np.arange(ROWS), "parcel_id": [f"p{k}" for k in range(ROWS)]},
        geometry=shapely.box(np.arange(ROWS), 0, np.arange(ROWS) + 1, 1), crs="EPSG:2263",
    )
    envelopes = table[rng.random(ROWS) < 0.4]
    cut = np.sort(rng.choice(np.arange(1, ROWS), size=5, replace=False))
    shuffled = rng.permutation(ROWS)
    parts = [*np.split(shuffled, cut), np.array([], dtype=int)]
    return table, envelopes, [(table.iloc[p], envelopes[envelopes["row"].isin(p)]) for p in parts]


def test_windows_give_the_layer_back_in_order(tmp_path):
    table, envelopes, parts = _layer(1)
    spill = Spill(tmp_path, "row", chunk_rows=CHUNK, window_rows=WINDOW)
    for part in parts:
        spill.add(*part)
    windows = list(spill.windows())
    assert [len(t) for t, _ in windows] == [WINDOW] * (ROWS // WINDOW)
    back = pd.concat([t for t, _ in windows], ignore_index=True)
    pd.testing.assert_frame_equal(back, table.drop(columns="row"))
    back_env = pd.concat([e for _, e in windows], ignore_index=True)
    pd.testing.assert_frame_equal(back_env, envelopes.drop(columns="row").reset_index(drop=True))
    assert isinstance(back, gpd.GeoDataFrame) and back.crs == table.crs
    assert not any(tmp_path.iterdir())  # every chunk read once and removed


def test_a_window_reads_no_chunk_beyond_it(tmp_path):
    table, _, parts = _layer(2)
    spill = Spill(tmp_path, "row", chunk_rows=CHUNK, window_rows=WINDOW)
    for part in parts:
        spill.add(*part)
    on_disk = len(list(tmp_path.iterdir()))
    assert on_disk == sum(-(-len(t) // CHUNK) for t, _ in parts)
    first, _ = next(spill.windows())
    assert first["parcel_id"].tolist() == [f"p{k}" for k in range(WINDOW)]
    # a chunk is read only when its first row is in the window: each of the six partitions has read a few of its ~13
    assert on_disk - len(list(tmp_path.iterdir())) <= 6 * (WINDOW // 6 // CHUNK + 2)
