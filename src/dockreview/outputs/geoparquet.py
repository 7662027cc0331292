"""GeoParquet written a window of rows at a time, so that a state's screen is never held whole to be written.

geopandas writes a GeoParquet file from one frame. :class:`GeoParquetWindows`
writes a file from frames that come one after another (the windows of a
streamed screen): each window is encoded by geopandas itself (its Arrow table
and ``geo`` metadata: WKB geometry, each row's covering bounding box) and
written as the file's next row group; when the file is closed, its ``geo``
metadata is the first window's with the bounding box and geometry types of
them all. Read back, the file is the frame of every window joined.
"""

from __future__ import annotations

import json
import math
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import geopandas as gpd
import pyarrow as pa
import pyarrow.parquet as pq

from dockreview.outputs.files import atomic_path

#: The file metadata key holding GeoParquet's own metadata.
GEO = b"geo"


class GeoParquetWindows:
    """An open GeoParquet file: :meth:`write` adds a window's rows; :meth:`close` writes the metadata of the whole.

    The columns and their types are the first window's: a later window's
    are cast to them, and a column the first window held no value of is
    written as text.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.writer: pq.ParquetWriter | None = None
        self.geo: dict | None = None

    def write(self, frame: gpd.GeoDataFrame) -> None:
        """Add ``frame``'s rows (its index left out), as geopandas encodes them."""
        table = _encoded(frame)
        geo = json.loads(table.schema.metadata[GEO])
        if self.writer is None:
            schema = pa.schema([pa.field(f.name, pa.string()) if pa.types.is_null(f.type) else f for f in table.schema])
            schema = schema.with_metadata({k: v for k, v in table.schema.metadata.items() if k != GEO})
            self.writer, self.geo = pq.ParquetWriter(self.path, schema), geo
        else:
            self.geo = joined_geo(self.geo, geo)
        self.writer.write_table(table.cast(self.writer.schema))

    def close(self) -> None:
        """Write the metadata of every window together and close the file."""
        if self.writer is not None:
            self.writer.add_key_value_metadata({GEO: json.dumps(self.geo).encode()})
            self.writer.close()


@contextmanager
def geoparquet_windows(path: str | Path, *, inputs=()) -> Iterator[GeoParquetWindows]:
    """A :class:`GeoParquetWindows` at ``path``, put in place whole when the block ends (or not at all)."""
    with atomic_path(path, inputs=inputs) as tmp:
        out = GeoParquetWindows(tmp)
        try:
            yield out
        finally:
            out.close()


def joined_geo(a: dict, b: dict) -> dict:
    """GeoParquet metadata of two windows' rows together: ``a``'s, with the bounding boxes and geometry types of both.

    Examples
    --------
    >>> a = {"primary_column": "geometry", "columns": {"geometry": {"bbox": [0, 0, 1, 1], "geometry_types": ["Polygon"]}}}
    >>> b = {"primary_column": "geometry", "columns": {"geometry": {"bbox": [-1, 0.5, 0.5, 3], "geometry_types": ["MultiPolygon"]}}}
    >>> joined_geo(a, b)["columns"]["geometry"]
    {'bbox': [-1, 0, 1, 3], 'geometry_types': ['MultiPolygon', 'Polygon']}
    """
    out = json.loads(json.dumps(a))
    for name, column in out["columns"].items():
        other = b["columns"][name]
        boxes = [box for box in (column.get("bbox"), other.get("bbox")) if box and all(map(math.isfinite, box))]
        if boxes:  # a window of empty geometries has none
            column["bbox"] = [*map(min, zip(*(box[:2] for box in boxes))), *map(max, zip(*(box[2:] for box in boxes)))]
        column["geometry_types"] = sorted(set(column.get("geometry_types", [])) | set(other.get("geometry_types", [])))
    return out


def _encoded(frame: gpd.GeoDataFrame) -> pa.Table:
    """``frame`` as geopandas writes it to GeoParquet (no index, each row's bounding box), read back as an Arrow table.

    The round trip through an in-memory file keeps to geopandas' public API: the
    encoding, the metadata and the covering boxes are its own.
    """
    sink = pa.BufferOutputStream()
    frame.to_parquet(sink, index=False, write_covering_bbox=True)
    return pq.read_table(pa.BufferReader(sink.getvalue()))
