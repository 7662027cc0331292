"""The files a command reads, so that no output of it can replace one of them.

A site's manifest names its layers, its dock, its chart cells, its DEM and its
profile; a layer is often more than one file (a shapefile's ``.shx``, ``.dbf``,
``.prj`` and ``.cpg``, a GeoPackage's journal, an S-57 cell's updates). The
functions here list every one of them before anything is read, and
:func:`dockreview.outputs.files.check_outputs` holds the outputs against the
list: a review leaves the application's files byte for byte as they were.
"""

from __future__ import annotations

import glob
import re
from collections.abc import Iterable
from pathlib import Path

from dockreview.inputs.manifest import Manifest
from dockreview.inputs.readable import SHAPEFILE_SIDECARS
from dockreview.inputs.spec import LayerSpec

#: The files GDAL reads beside a layer's main file, by the main file's suffix.
SIDECARS = {
    ".shp": (*SHAPEFILE_SIDECARS, ".shp.xml", ".qmd"),
    ".gpkg": ("-wal", "-shm", "-journal"),
    ".sqlite": ("-wal", "-shm", "-journal"),
    ".tif": (".tif.aux.xml", ".tfw", ".tifw", ".prj"),
    ".tiff": (".tiff.aux.xml", ".tfw", ".tiffw", ".prj"),
}
#: An S-57 cell's update files: ``US5NY1CM.001``, ``.002``, ... beside its base cell ``.000``.
S57_UPDATE = re.compile(r"^\.\d{3}$")


def layer_files(path: str | Path) -> list[Path]:
    """The files behind one layer: its main file and the sidecars that stand beside it.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for name in ("lots.shp", "lots.shx", "lots.dbf", "lots.prj", "lots.csv", "other.dbf"):
    ...     _ = (folder / name).write_bytes(b"")
    >>> sorted(p.name for p in layer_files(folder / "lots.shp"))
    ['lots.dbf', 'lots.prj', 'lots.shp', 'lots.shx']
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".000":
        siblings = path.parent.glob(glob.escape(path.stem) + ".*")
        return [path, *sorted(p for p in siblings if S57_UPDATE.match(p.suffix) and p.suffix != ".000")]
    extras = SIDECARS.get(suffix, ())
    if not extras:
        return [path]
    present = {p.name.lower(): p for p in path.parent.glob(glob.escape(path.stem) + "*")} if path.parent.is_dir() else {}
    wanted = [(path.stem + extra).lower() if extra.startswith(".") else (path.name + extra).lower() for extra in extras]
    return [path, *(present[name] for name in wanted if name in present)]


def spec_files(specs: Iterable[LayerSpec | None]) -> list[Path]:
    """Every file behind the given layers (None skipped), in order, each once."""
    files: dict[Path, None] = {}
    for spec in specs:
        if spec is not None:
            files.update(dict.fromkeys(layer_files(spec.path)))
    return list(files)


def profile_file(choice: str | Path | None) -> Path | None:
    """The profile's file when ``choice`` names a file rather than a shipped profile (see ``load_profile``).

    Examples
    --------
    >>> profile_file("kings-point-ny") is None
    True
    >>> profile_file("laws/draft.toml").name
    'draft.toml'
    """
    if choice is None:
        return None
    text = str(choice)
    if text.endswith(".toml") or "/" in text or "\\" in text:
        return Path(text)
    return None


def manifest_files(manifest: Manifest, *, profile: str | Path | None = None) -> list[Path]:
    """Every file a review of ``manifest`` reads: the manifest, the profile's file, each layer with its sidecars.

    ``profile`` is the profile asked for on the command line (a name or a file); without one, the manifest's own.
    """
    specs = [*manifest.layers.values(), manifest.dock.footprint]
    files = [manifest.path, *spec_files(specs)]
    for cell in manifest.charts:
        files += layer_files(cell)
    chosen = profile_file(profile if profile is not None else manifest.review.profile)
    if chosen is not None:
        files.append(chosen)
    return list(dict.fromkeys(files))


def reference_files(references: Iterable[str | None]) -> list[Path]:
    """Every file behind layer references as the command line writes them (``file``, ``file.gpkg:layer``).

    A reference that names an existing file is that file; otherwise what stands
    before its last colon is (``county.gpkg:parcels``). A folder (GeoParquet
    partitions, a File Geodatabase) stands for every file in it.
    """
    files: dict[Path, None] = {}
    for text in references:
        if text is None:
            continue
        path = Path(text)
        if not path.exists() and ":" in text:
            path = Path(text.rpartition(":")[0])
        files.update(dict.fromkeys(layer_files(path)))
    return list(files)
