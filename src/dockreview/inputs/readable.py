"""Only regular files are read: a layer, a chart cell, a DEM or a drawing that is not one is refused before it is opened.

A named pipe given as a layer would make GDAL wait for a writer forever; a
device would be read without end; a folder or a symbolic link loop ends in a
message nobody can act on. :func:`require_file` looks at what stands at the
path first (:func:`dockreview.tomlfile.special_kind`, the package's one such
test, which also guards the manifest and the profile) and refuses anything but
a regular file with one line naming it. A folder ending in ``.gdb`` (an ESRI
File Geodatabase, which GDAL reads as a folder) is allowed where a layer is
read, as is a folder of GeoParquet partitions where the screen reads one.
"""

from __future__ import annotations

import glob
import os
from pathlib import Path

from dockreview.errors import LayerError
from dockreview.tomlfile import special_kind

#: Folders GDAL reads as one data source: an ESRI File Geodatabase.
FOLDER_SOURCES = (".gdb",)
#: A shapefile's other parts; each one present must be a regular file too.
SHAPEFILE_SIDECARS = (".shx", ".dbf", ".prj", ".cpg", ".qix", ".sbn", ".sbx")


def require_file(path: str | os.PathLike, label: str, *, folders: tuple[str, ...] = (), what: str = "the layer's file") -> None:
    """Refuse ``path`` unless it is a regular file, nothing at all (the caller says "not found"), or an allowed folder.

    Parameters
    ----------
    path : path-like
        What will be opened.
    label : str
        How messages name it ("mhw layer site.gpkg:mhw").
    folders : tuple of str
        Suffixes of folders that are data sources (``(".gdb",)``).
    what : str
        What the user should give instead, for the message.

    Raises
    ------
    LayerError
        One line: the label, the file's name and what it is.

    Examples
    --------
    >>> import os
    >>> require_file(os.devnull, "parcels layer /dev/null")
    Traceback (most recent call last):
    ...
    dockreview.errors.LayerError: parcels layer /dev/null: null is a character device, not a file; give the layer's file
    >>> import tempfile
    >>> gdb = os.path.join(tempfile.mkdtemp(), "county.gdb")
    >>> os.mkdir(gdb)
    >>> require_file(gdb, "parcels layer county.gdb", folders=(".gdb",)) is None
    True
    """
    kind = special_kind(path)
    if kind is None:
        return
    name = Path(path).name or str(path)
    if kind == "a folder" and Path(path).suffix.lower() in folders:
        return
    if kind == "a symbolic link loop":
        raise LayerError(f"{label}: {name} is a symbolic link loop (it leads back to itself); point it at the file")
    raise LayerError(f"{label}: {name} is {kind}, not a file; give {what}")


def require_layer_file(path: Path, label: str) -> None:
    """:func:`require_file` for a vector layer: a ``.gdb`` folder allowed, a shapefile's parts checked too."""
    require_file(path, label, folders=FOLDER_SOURCES)
    if path.suffix.lower() == ".shp":
        for part in sidecars(path):
            require_file(part, label, what=f"the shapefile's {part.suffix.lower()} file")


def sidecars(path: Path) -> list[Path]:
    """The files beside a shapefile that are its parts (``parcels.dbf`` beside ``parcels.shp``), as found on disk.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for name in ("a.shp", "a.dbf", "a.txt", "b.shx"):
    ...     _ = (folder / name).write_bytes(b"")
    >>> [p.name for p in sidecars(folder / "a.shp")]
    ['a.dbf']
    """
    found = sorted(path.parent.glob(glob.escape(path.stem) + ".*"))
    return [p for p in found if p.suffix.lower() in SHAPEFILE_SIDECARS and p.stem == path.stem]
