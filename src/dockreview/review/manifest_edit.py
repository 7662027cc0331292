"""A site manifest rewritten in place: its ``[dock]`` table changed, every other byte kept.

The text is edited with tomlkit, which keeps comments, blank lines, the order of
keys and the style of every table (a ``[dock.attributes]`` table stays a table
of lines). Only the keys given change; a changed key keeps its own comment, or
gets the note given for it. Layer paths are relative to the manifest's folder, so
a manifest written to another folder has its relative layer paths rewritten to
point at the same files from there; absolute paths, and every path when the
folder is the same, are left as they are.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomlkit

from dockreview.inputs.manifest import LayerSpec, Manifest


def relative_to(path: Path, folder: Path) -> str:
    """``path`` as written in a manifest in ``folder``: relative where it can be, with forward slashes.

    Examples
    --------
    >>> relative_to(Path("/data/site/site.gpkg"), Path("/data/out"))
    '../site/site.gpkg'
    """
    try:
        return Path(os.path.relpath(path, folder)).as_posix()
    except ValueError:  # another drive (Windows): no relative path exists
        return Path(path).as_posix()


def _path_text(spec: LayerSpec) -> str:
    """The path part of a layer reference as the manifest wrote it (``"site.gpkg"`` of ``"site.gpkg:mhw"``)."""
    text = spec.declared_as
    if spec.layer and text.endswith(f":{spec.layer}"):
        return text[: -len(spec.layer) - 1]
    return text


def declared(spec: LayerSpec) -> str:
    """A layer reference as the manifest wrote it: ``"site.gpkg:mhw"``."""
    path = _path_text(spec)
    return f"{path}:{spec.layer}" if spec.layer else path


def _rebased(value: Any, spec: LayerSpec, folder: Path) -> Any:
    """A ``[layers]`` entry pointing at the same file from ``folder``; an absolute path is kept."""
    if Path(_path_text(spec)).is_absolute():
        return value
    path = relative_to(spec.path, folder)
    if isinstance(value, str):
        return f"{path}:{spec.layer}" if spec.layer and value.endswith(f":{spec.layer}") else path
    value["path"] = path  # a table: its other keys (layer, assume_crs) and its style stay
    return value


def _rebase_layers(doc, manifest: Manifest, folder: Path) -> None:
    layers = doc.get("layers")
    if layers is None:
        return
    for role, spec in manifest.layers.items():
        if role in layers and isinstance(layers[role], str):
            layers[role] = _rebased(layers[role], spec, folder)
        elif role in layers:
            _rebased(layers[role], spec, folder)
    if "chart" in layers:
        written = layers["chart"]
        cells = [written] if isinstance(written, str) else list(written)
        new = [c if Path(c).is_absolute() else relative_to(p, folder) for c, p in zip(cells, manifest.charts)]
        if new != [str(c) for c in cells]:
            layers["chart"] = new[0] if isinstance(written, str) else new


def rewrite_manifest(
    manifest: Manifest,
    path: str | Path,
    *,
    dock: Mapping[str, Any],
    remove: tuple[str, ...] = (),
    notes: Mapping[str, str] | None = None,
) -> str:
    """The text of ``manifest`` to be written at ``path``, with its ``[dock]`` keys set to ``dock``.

    Parameters
    ----------
    manifest : Manifest
        The parsed manifest; its file is read again for its text.
    path : path
        Where the new manifest will be written (its folder decides the layer paths).
    dock : mapping
        ``[dock]`` keys to set (added after the table's last key when new).
    remove : tuple of str
        ``[dock]`` keys (or sub-tables) to drop.
    notes : mapping, optional
        A comment for a changed key that has none of its own.

    Examples
    --------
    >>> import tempfile
    >>> from dockreview.inputs.manifest import load_manifest
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "site.toml").write_text(
    ...     '# my lot\\n[layers]\\nparcels = "p.shp"\\nmhw = "m.shp"\\n\\n[parcel]\\nid_field = "ID"\\nid = "1"\\n\\n'
    ...     '[dock]\\nlength = 110.0  # as drawn\\nwidth = 6.0\\n')
    >>> print(rewrite_manifest(load_manifest(folder / "site.toml"), folder / "out" / "site.toml", dock={"length": 119.5}))
    # my lot
    [layers]
    parcels = "../p.shp"
    mhw = "../m.shp"
    <BLANKLINE>
    [parcel]
    id_field = "ID"
    id = "1"
    <BLANKLINE>
    [dock]
    length = 119.5  # as drawn
    width = 6.0
    <BLANKLINE>
    """
    doc = tomlkit.parse(manifest.path.read_text(encoding="utf-8"))
    folder = Path(path).resolve().parent
    if folder != manifest.folder:
        _rebase_layers(doc, manifest, folder)
    table = doc["dock"]
    for key in remove:
        if key in table:
            del table[key]
    notes = notes or {}
    for key, value in dock.items():
        item = tomlkit.item(value)
        has_comment = key in table and bool(getattr(table.item(key), "trivia", None) and table.item(key).trivia.comment)
        if key in notes and not has_comment:
            item.comment(notes[key])
        table[key] = item
    return tomlkit.dumps(doc)
