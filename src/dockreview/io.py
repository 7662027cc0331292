"""Reading layers and writing output files.

Layers are read with pyogrio (default) or fiona (``engine="fiona"``) through
geopandas; every failure becomes a :class:`~dockreview.errors.LayerError` or
:class:`~dockreview.errors.CRSError` naming the file and layer. Output files are
written whole or not at all (:func:`atomic_write`).
"""

from __future__ import annotations

import os
import tempfile
import warnings
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import geopandas as gpd
import pyogrio

from .crs import describe, parse_crs
from .errors import CRSError, LayerError
from .manifest import LayerSpec

ENGINES = ("pyogrio", "fiona")


class DockReviewWarning(UserWarning):
    """A problem with the data that does not stop the review but must be read."""


def _layer_names(path: Path, engine: str) -> list[str]:
    if engine == "fiona":
        import fiona

        return list(fiona.listlayers(path))
    return [str(name) for name in pyogrio.list_layers(path)[:, 0]]


def read_layer(spec: LayerSpec, *, role: str, engine: str = "pyogrio") -> gpd.GeoDataFrame:
    """Read one layer of the manifest, with its CRS set.

    Parameters
    ----------
    spec : LayerSpec
        File, optional layer name, optional ``assume_crs``.
    role : str
        What the layer is for ("parcels", "mhw", ...), used in messages.
    engine : {"pyogrio", "fiona"}
        The reader.

    Raises
    ------
    LayerError
        The file is missing or unreadable, or the named layer is not in it.
    CRSError
        The layer has no CRS and the manifest gives no ``assume_crs``.
    """
    if engine not in ENGINES:
        raise LayerError(f"unknown engine {engine!r}; use one of {', '.join(ENGINES)}")
    label = f"{role} layer {spec.describe()}"
    if not spec.path.exists():
        raise LayerError(f"{label}: file not found; check the path in the manifest (relative to its folder)")
    try:
        names = _layer_names(spec.path, engine)
    except Exception as exc:  # GDAL/fiona raise many types for a corrupt file
        raise LayerError(f"{label}: cannot open the file ({_first_line(exc)}); is it a complete vector file?") from None
    if spec.layer is not None and spec.layer not in names:
        raise LayerError(f"{label}: no layer '{spec.layer}' in the file; it holds: {', '.join(names) or 'none'}")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            frame = gpd.read_file(spec.path, layer=spec.layer, engine=engine)
    except Exception as exc:
        raise LayerError(f"{label}: cannot read the layer ({_first_line(exc)})") from None
    if not isinstance(frame, gpd.GeoDataFrame) or frame.geometry is None:
        raise LayerError(f"{label}: the layer has no geometry column")
    return _with_crs(frame, spec, label)


def _with_crs(frame: gpd.GeoDataFrame, spec: LayerSpec, label: str) -> gpd.GeoDataFrame:
    if spec.assume_crs is not None:
        assumed = parse_crs(spec.assume_crs, where=f"{label}: assume_crs")
        if frame.crs is not None and not frame.crs.equals(assumed):
            raise CRSError(
                f"{label}: the file says its CRS is {describe(frame.crs)} but the manifest assumes "
                f"{describe(assumed)}; remove 'assume_crs' or fix the file"
            )
        return frame.set_crs(assumed, allow_override=True)
    if frame.crs is None:
        raise CRSError(
            f"{label}: the layer has no CRS (no .prj or CRS record); give one in the manifest as "
            f"{{ path = \"{spec.declared_as or spec.path.name}\", assume_crs = \"EPSG:2263\" }} with the right code"
        )
    return frame


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; move it into place only on success.

    An existing file at ``path`` is replaced only by a complete new one, and no
    partial file is left behind when writing fails.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=target.suffix, dir=target.parent)
    os.close(fd)
    tmp_path = Path(tmp)
    tmp_path.unlink()  # keep the unique name; some drivers refuse to write over an empty file
    try:
        yield tmp_path
        os.replace(tmp_path, target)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def atomic_write(path: str | Path, write: Callable[[Path], None]) -> None:
    """Call ``write(tmp_path)`` and move the result to ``path`` atomically."""
    with atomic_path(path) as tmp:
        write(tmp)
