"""GeoParquet written a window at a time is the file geopandas writes of the windows joined.

The reference is a second method: geopandas' own ``to_parquet`` of the whole
frame. The windows are cut so that the first holds no value of a text column
and a later one holds geometry of another type; a failure mid-way leaves no
file.
"""

from __future__ import annotations

import json

import geopandas as gpd
import pandas as pd
import pyarrow.parquet as pq
import pytest
import shapely

from dockreview.outputs.geoparquet import geoparquet_windows


def _frame() -> gpd.GeoDataFrame:
    boxes = [shapely.box(x, 0, x + 10, 5) for x in range(0, 60, 10)]
    boxes[4] = shapely.MultiPolygon([shapely.box(40, 0, 45, 5), shapely.box(46, -20, 50, 5)])
    return gpd.GeoDataFrame(
        {
            "parcel_id": [f"P{i}" for i in range(6)],
            "needs_data": [None, None, None, "soundings", None, "soundings"],
            "existing_docks": [0, 1, 2, 0, 1, 0],
            "reach_limit_ft": [200.0, float("nan"), 150.0, 200.0, 200.0, 75.5],
        },
        geometry=boxes,
        crs="EPSG:2263",
    )


def test_windows_make_the_file_geopandas_writes_of_the_whole(tmp_path):
    frame = _frame()
    with geoparquet_windows(tmp_path / "windows.parquet") as out:
        for rows in (slice(0, 3), slice(3, 5), slice(5, 6)):
            out.write(frame.iloc[rows].set_axis(range(rows.start, rows.stop)))
    frame.to_parquet(tmp_path / "whole.parquet", index=False, write_covering_bbox=True)
    a, b = gpd.read_parquet(tmp_path / "whole.parquet"), gpd.read_parquet(tmp_path / "windows.parquet")
    pd.testing.assert_frame_equal(b.drop(columns="geometry"), a.drop(columns="geometry"))
    assert shapely.equals_exact(a.geometry.values, b.geometry.values, tolerance=0).all() and b.crs == a.crs
    assert pq.ParquetFile(tmp_path / "windows.parquet").num_row_groups == 3
    geo = json.loads(pq.read_metadata(tmp_path / "windows.parquet").metadata[b"geo"])["columns"]["geometry"]
    assert geo["bbox"] == [0.0, -20.0, 60.0, 5.0]  # the multipolygon's part below the others, from the second window
    assert geo["geometry_types"] == ["MultiPolygon", "Polygon"]
    assert "covering" in geo and "bbox" in pq.read_schema(tmp_path / "windows.parquet").names


def test_a_failure_mid_way_leaves_no_file(tmp_path):
    frame = _frame()
    with pytest.raises(RuntimeError, match="stop"):
        with geoparquet_windows(tmp_path / "windows.parquet") as out:
            out.write(frame.iloc[:3])
            raise RuntimeError("stop")
    assert list(tmp_path.iterdir()) == []
