"""Output files written whole or not at all.

Every file the tool writes (JSON, map, report, GeoPackage, CSV, manifest) goes
through :func:`atomic_path`: it is written beside its target under a temporary
name and moved into place only when complete, so a failure leaves no half-written
file and an existing file is replaced only by a whole new one.
"""

from __future__ import annotations

import os
import tempfile
import warnings
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pandas as pd

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


#: Decimals a CSV keeps for a column, by the unit its name ends with: feet to 0.01 ft, areas to 0.1 sq ft.
CSV_DECIMALS = {"_sqft": 1, "_ft": 2, "_pct": 1, "_deg": 1, "_in": 1}


def rounded_table(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame's attributes (no geometry), each measured column rounded as :data:`CSV_DECIMALS` says.

    A table to read, not to compute with: the layers beside it keep every digit.

    Examples
    --------
    >>> rounded_table(pd.DataFrame({"reach_ft": [125.67891], "area_sqft": [5027.8123], "n": [3]}))
       reach_ft  area_sqft  n
    0    125.68     5027.8  3
    """
    geometry = getattr(frame, "_geometry_column_name", None)
    out = pd.DataFrame(frame.drop(columns=[geometry] if geometry in frame.columns else []))
    for column in out.columns:
        places = next((p for suffix, p in CSV_DECIMALS.items() if str(column).endswith(suffix)), None)
        if places is not None and pd.api.types.is_float_dtype(out[column]):
            out[column] = out[column].round(places)
    return out


def write_polygon_layer(frame, path: str | Path, layer: str, *, append: bool = False) -> None:
    """Write ``frame`` as the polygon layer ``layer`` of the GeoPackage ``path`` (MultiPolygon, each Polygon promoted).

    The layer's type does not hang on which features a batch happens to hold,
    so a layer written a batch at a time (``append=True`` after the first) is
    the layer written whole.
    """
    import pyogrio

    with warnings.catch_warnings():  # GDAL's note on a parcel that is not a polygon (kept, as the layer holds it)
        warnings.filterwarnings("ignore", "A geometry of type .* is inserted into layer", RuntimeWarning)
        pyogrio.write_dataframe(
            frame, path, layer=layer, driver="GPKG", geometry_type="MultiPolygon", promote_to_multi=True, append=append,
        )


def write_layer_and_csv(frame, path: str | Path, layer: str) -> tuple[Path, Path]:
    """Write ``frame`` as layer ``layer`` of the GeoPackage ``path`` and its :func:`rounded_table` as CSV beside it."""
    path = Path(path)
    csv = path.with_suffix(".csv")
    with atomic_path(path) as tmp:
        frame.to_file(tmp, layer=layer, driver="GPKG", engine="pyogrio")
    with atomic_path(csv) as tmp:
        rounded_table(frame).to_csv(tmp, index=False)
    return path, csv
