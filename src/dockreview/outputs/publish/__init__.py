"""``dockreview publish``: a static public site from a screen's GeoPackage, "Can my lot have a dock, and where?".

The folder holds ``index.html``, its stylesheet and script, the map library
(Leaflet |leaflet_version|, BSD 2-Clause, in ``leaflet/``) and the data; a web
server or a file share serves it as it is, and nothing is fetched from
elsewhere (a basemap is optional, and named).

Why script files, and not one GeoJSON, PMTiles or FlatGeobuf file: a page opened
from a plain folder (``file://``) cannot ``fetch`` a file beside it in Chromium,
while it may load a ``<script>``; so every data file is a script that hands its
data to the page (:mod:`.tiles`). Loading "only what the view shows" is kept by
cutting the lots into map tiles (each a few hundred lots at most) listed in a
small manifest with their bounds and counts: the first view draws the
manifest's boxes and loads no lot; zoomed in, the page loads the tiles in view;
a search loads one file of the index (ids and addresses by prefix) and one tile.

``publish`` recomputes nothing: the answers, reasons, figures and envelopes are
the screen's rows, the law and the dates its record (:mod:`.record`); only the
drawing (the lots carried to degrees, the dimension lines laid on the envelope)
is worked here (:mod:`.lots`). Every text from the data reaches the page as text
(the page sets ``textContent``; the data files escape ``<``).

An existing folder that ``publish`` did not write (it lacks :data:`MARKER`) is
refused, unless it is empty; one it wrote is replaced whole: the new site is
written beside it and moved into its place.
"""

from __future__ import annotations

import datetime
import html
import json
import os
import shutil
import string
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dockreview._version import __version__
from dockreview.errors import OutputError
from dockreview.outputs.files import same_file
from dockreview.outputs.publish.library import LIBRARY, static_files
from dockreview.outputs.publish.lots import ANSWERS, page_lots
from dockreview.outputs.publish.record import ScreenRecord, read_record
from dockreview.outputs.publish.tiles import (
    buckets,
    lot_tiles,
    script,
    search_entries,
    search_file,
    tile_file,
    tile_summary,
)

#: The file that marks a folder as a site ``publish`` wrote.
MARKER = "dockreview-site.json"
TITLE = "Can my lot have a dock, and where?"

__doc__ = __doc__.replace("|leaflet_version|", LIBRARY["version"])


@dataclass(frozen=True)
class Basemap:
    """A basemap the site shows under the lots: a tile address (``{z}/{x}/{y}``) and its name and attribution."""

    url: str
    name: str


@dataclass(frozen=True)
class Published:
    """What :func:`publish` wrote: the folder, its lots, the answers' counts, the files and their bytes."""

    folder: Path
    lots: int
    counts: dict[str, int]
    files: int
    bytes: int


def read_screen(path: str | Path):
    """The screen's parcels, envelopes and record from its GeoPackage (refused in one line when it is none)."""
    import pyogrio

    path = Path(path)
    if not path.is_file():
        raise OutputError(f"{path}: no such file; give the GeoPackage `dockreview screen -o` wrote")
    try:
        record = read_record(path)
        parcels = pyogrio.read_dataframe(path, layer="parcels", use_arrow=True)
        envelopes = pyogrio.read_dataframe(path, layer="envelopes", use_arrow=True)
    except (pyogrio.errors.DataSourceError, pyogrio.errors.DataLayerError) as exc:
        raise OutputError(f"{path}: not a screen's GeoPackage GDAL can read ({exc})") from None
    return parcels, envelopes, record


def site_manifest(
    record: ScreenRecord, lots: list[dict], keys: list[str], bounds: np.ndarray, zoom: int, prefixes: list[str], basemap: Basemap | None,
) -> dict:
    """The manifest the page starts from (``data/site.js``): the law, the dates, the tiles, the search files, the counts."""
    summary = tile_summary(lots, keys, bounds)
    tiles = [[key, *t["b"], t["n"], t["yes"]] for key, t in summary.items()]
    bounds = np.array([t[1:5] for t in tiles], dtype=float)
    counts = {"lots": len(lots), **{a: sum(lot["s"] == a for lot in lots) for a in ANSWERS}}
    law = record.law
    return {
        "title": TITLE, "place": record.jurisdiction or record.profile, "profile": record.profile,
        "law_read": record.law_read, "screened": record.screened,
        "layers": ", ".join(f"{name} ({role})" for role, name in record.layers.items()) or "the town's layers",
        "law": [[str(r.section), str(r.title), str(r.words), str(r.source), str(r.read), bool(r.sets_setback), bool(r.limits_reach),
                 bool(r.keeps_clearance), bool(r.judges_frontage), bool(r.judges_class)] for r in law.itertuples(index=False)],
        "zoom": zoom, "tiles": tiles,
        "bounds": [[float(bounds[:, 0].min()), float(bounds[:, 1].min())], [float(bounds[:, 2].max()), float(bounds[:, 3].max())]],
        "search": sorted(prefixes), "counts": counts, "library": LIBRARY,
        "attribution": html.escape(f"Lots and answers: the town's screen of {record.screened}"),
        "basemap": None if basemap is None else {"url": basemap.url, "name": html.escape(basemap.name), "label": basemap.name},
    }


def write_site_files(folder: Path, record: ScreenRecord, lots: list[dict], bounds: np.ndarray, basemap: Basemap | None) -> None:
    """Write the whole site into the (new, empty) ``folder``."""
    zoom, keys = lot_tiles(lots)
    by_tile: dict[str, list] = {}
    for lot, key in zip(lots, keys):
        by_tile.setdefault(key, []).append({k: v for k, v in lot.items() if k != "at"})
    index = buckets(search_entries(lots, keys))
    for sub in ("data/tiles", "data/search"):
        (folder / sub).mkdir(parents=True)
    for key, tile_lots in by_tile.items():
        (folder / tile_file(key)).write_text(script("tile", key, tile_lots), encoding="utf-8")
    for prefix, entries in index.items():
        (folder / search_file(prefix)).write_text(script("index", prefix, entries), encoding="utf-8")
    manifest = site_manifest(record, lots, keys, bounds, zoom, list(index), basemap)
    (folder / "data" / "site.js").write_text(script("site", manifest), encoding="utf-8")
    static = static_files()
    _copy_tree(static, folder)
    first = next((lot for lot in lots if lot["s"] != "none"), lots[0] if lots else {"id": "", "ad": ""})
    page = string.Template(static.joinpath("index.html").read_text("utf-8")).substitute(
        title=html.escape(TITLE), place=html.escape(manifest["place"]), example=html.escape(first["ad"] or first["id"], quote=True),
    )
    (folder / "index.html").write_text(page, encoding="utf-8")


def _copy_tree(source, target: Path) -> None:
    """Copy the package's static files (a resources tree) into ``target``."""
    for item in source.iterdir():
        if item.is_dir():
            (target / item.name).mkdir(exist_ok=True)
            _copy_tree(item, target / item.name)
        else:
            (target / item.name).write_bytes(item.read_bytes())


def refuse_foreign(folder: Path) -> None:
    """Refuse a ``folder`` that is a file, or a folder with files that ``publish`` did not write."""
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder}: is a file, not a folder; name a folder for the site")
    if folder.is_dir() and any(folder.iterdir()) and not (folder / MARKER).is_file():
        raise OutputError(f"{folder}: the folder exists and `dockreview publish` did not write it (it has no {MARKER}); name a new folder")


def replace_folder(folder: Path, write) -> None:
    """Write a folder whole: ``write(tmp)`` fills a new folder beside ``folder``, which then takes its place."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.dockreview-{os.getpid()}-", dir=folder.parent))
    old = None
    try:
        write(tmp)
        os.chmod(tmp, 0o755)
        if folder.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.replaced-{os.getpid()}-", dir=folder.parent))
            os.replace(folder, old / folder.name)
        os.replace(tmp, folder)
    except OSError as exc:
        if old is not None and not folder.exists():
            os.replace(old / folder.name, folder)
        raise OutputError(f"{folder}: could not write the site ({exc.strerror or exc})") from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


def publish(screen_path: str | Path, folder: str | Path, *, basemap: Basemap | None = None) -> Published:
    """Write the public site of the screen whose GeoPackage is ``screen_path`` into ``folder`` (its page ``index.html``).

    Parameters
    ----------
    screen_path : path
        The GeoPackage ``dockreview screen -o`` wrote (its parcels, envelopes and record).
    folder : path
        The site's folder: new, empty, or one ``publish`` wrote (replaced whole).
    basemap : Basemap, optional
        A basemap under the lots; none by default (the site then fetches nothing from elsewhere).

    Raises
    ------
    OutputError
        ``folder`` is a file or a folder ``publish`` did not write, or holds the screen; the screen is not one.
    """
    folder = Path(os.path.realpath(folder))
    refuse_foreign(folder)
    if Path(screen_path).exists() and same_file(screen_path, folder):
        raise OutputError(f"{folder}: holds the screen {screen_path}, which replacing the folder would delete; name another folder")
    parcels, envelopes, record = read_screen(screen_path)
    lots, bounds = page_lots(parcels, envelopes, record)
    if not lots:
        raise OutputError(f"{screen_path}: the screen has no parcels to publish")

    def write(tmp: Path) -> None:
        write_site_files(tmp, record, lots, bounds, basemap)
        stamp = {"written_by": "dockreview publish", "version": __version__, "screen": Path(screen_path).name,
                 "written": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}
        (tmp / MARKER).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")

    replace_folder(folder, write)
    files = [p for p in folder.rglob("*") if p.is_file()]
    counts = {a: sum(lot["s"] == a for lot in lots) for a in ANSWERS}
    return Published(folder, len(lots), counts, len(files), sum(p.stat().st_size for p in files))
