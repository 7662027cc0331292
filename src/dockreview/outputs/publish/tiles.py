"""The site's data as small script files: lots in map tiles, and a search index split by prefix.

Every file is a script calling one registration function of the page
(``DR.tile(key, lots)``, ``DR.index(prefix, entries)``, ``DR.site(manifest)``),
so that the page loads it with a ``<script>`` tag: that works from a web server
and from a folder opened as ``file://``, where a browser refuses ``fetch``.
Each lot falls in the one Web-Mercator tile (``z/x/y``, the slippy-map
numbering) that holds a point inside it; the page loads only the tiles whose
lots reach into the view. The zoom of the tiles is the least of
:data:`TILE_ZOOMS` at which no tile holds more than :data:`TILE_LOTS` lots. The
search index holds every lot's id and address (and the address without its
house number), as lower-case letters and digits, in files by prefix: a prefix
with more than :data:`BUCKET_ENTRIES` entries is split by its next character.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections import defaultdict

import numpy as np
import pandas as pd

#: The tiles' zooms tried, and the most lots a tile may hold at the one chosen (the last one takes any number).
TILE_ZOOMS = (15, 16, 17)
TILE_LOTS = 400
#: The most entries a search file holds before its prefix is split (at most :data:`PREFIX_CHARS` characters).
BUCKET_ENTRIES = 2_000
PREFIX_CHARS = 6


def tile_of(lng: np.ndarray, lat: np.ndarray, zoom: int) -> tuple[np.ndarray, np.ndarray]:
    """The slippy-map tile (x, y) at ``zoom`` of each point (degrees).

    Examples
    --------
    >>> x, y = tile_of(np.array([-73.75]), np.array([40.81]), 15)
    >>> int(x[0]), int(y[0])
    (9671, 12308)
    """
    n = 2.0**zoom
    x = np.floor((np.asarray(lng) + 180.0) / 360.0 * n)
    rad = np.radians(np.asarray(lat))
    y = np.floor((1.0 - np.arcsinh(np.tan(rad)) / math.pi) / 2.0 * n)
    return np.clip(x, 0, n - 1).astype(int), np.clip(y, 0, n - 1).astype(int)


def tile_zoom(lng: np.ndarray, lat: np.ndarray) -> int:
    """The least zoom of :data:`TILE_ZOOMS` at which no tile holds more than :data:`TILE_LOTS` of the points."""
    for zoom in TILE_ZOOMS:
        x, y = tile_of(lng, lat, zoom)
        if len(x) == 0 or np.unique(x * (1 << zoom) + y, return_counts=True)[1].max() <= TILE_LOTS:
            return zoom
    return TILE_ZOOMS[-1]


def search_key(text: str) -> str:
    """A text as the search compares it: lower-case letters and digits only, accents dropped.

    Examples
    --------
    >>> search_key("S-0-12"), search_key(" 12 Harbor Rd. "), search_key("Côte-d'Azur")
    ('s012', '12harborrd', 'cotedazur')
    """
    plain = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]", "", plain.lower())


def street_key(address: str) -> str:
    """An address without its leading house number, as a search key ("" when it has none).

    Examples
    --------
    >>> street_key("12 Harbor Rd"), street_key("Harbor Rd")
    ('harborrd', '')
    """
    match = re.match(r"^\s*\d+[A-Za-z]?\b[\s,-]*(.+)$", str(address))
    return search_key(match.group(1)) if match else ""


def search_entries(lots: list[dict], tiles: list[str]) -> list[list[str]]:
    """The search index's entries, ``[key, id, address, tile]``: each lot under its id, its address and its street."""
    out = []
    for lot, tile in zip(lots, tiles):
        keys = dict.fromkeys(k for k in (search_key(lot["id"]), search_key(lot["ad"]), street_key(lot["ad"])) if k)
        out += [[key, lot["id"], lot["ad"], tile] for key in keys]
    return out


def buckets(entries: list[list[str]], *, size: int = BUCKET_ENTRIES, chars: int = PREFIX_CHARS) -> dict[str, list]:
    """The entries by prefix: one character first, a prefix over ``size`` entries split by its next one.

    Examples
    --------
    >>> sorted(buckets([["abc", 1], ["abd", 2], ["b", 3]], size=1))
    ['abc', 'abd', 'b']
    >>> sorted(buckets([["abc", 1], ["abd", 2], ["b", 3]], size=2))
    ['a', 'b']
    """
    out: dict[str, list] = {}

    def place(prefix: str, group: list) -> None:
        if len(group) <= size or len(prefix) >= chars:
            out[prefix] = sorted(group, key=lambda e: e[0])
            return
        short = [e for e in group if len(e[0]) <= len(prefix)]
        if short:
            out[prefix] = short  # keys ending at the prefix stay under it
        by_next: dict[str, list] = defaultdict(list)
        for e in group:
            if len(e[0]) > len(prefix):
                by_next[e[0][: len(prefix) + 1]].append(e)
        for key, sub in by_next.items():
            place(key, sub)

    first: dict[str, list] = defaultdict(list)
    for e in entries:
        first[e[0][:1]].append(e)
    for key, group in first.items():
        place(key, group)
    return out


def script(function: str, *args) -> str:
    """A data file's text: ``DR.function(arg, ...);`` with each argument as JSON, ``<`` escaped.

    The JSON is JavaScript the page runs by a ``<script>`` tag; ``</script>`` or
    ``<!--`` in a county's attribute stays inside its string.

    Examples
    --------
    >>> script("tile", "15/1/2", [{"id": "</script>"}])
    'DR.tile("15/1/2",[{"id":"\\\\u003c/script>"}]);\\n'
    """
    body = ",".join(json.dumps(a, ensure_ascii=False, separators=(",", ":"), allow_nan=False) for a in args)
    body = body.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f"DR.{function}({body});\n"


def tile_file(key: str) -> str:
    """The file of the tile ``z/x/y``, in the site's folder.

    Examples
    --------
    >>> tile_file("15/9670/12306")
    'data/tiles/15-9670-12306.js'
    """
    return f"data/tiles/{key.replace('/', '-')}.js"


def search_file(prefix: str) -> str:
    """The file of the search index's entries under ``prefix`` (an empty prefix is ``_``)."""
    return f"data/search/{prefix or '_'}.js"


def lot_tiles(lots: list[dict]) -> tuple[int, list[str]]:
    """The tiles' zoom and each lot's tile key (a lot without a place falls in the tile of its predecessor, or the first)."""
    at = np.array([lot["at"] if lot["at"] is not None else [np.nan, np.nan] for lot in lots], dtype=float).reshape(-1, 2)
    placed = ~np.isnan(at[:, 0])
    if placed.any():
        at[~placed] = at[placed][0]
    else:
        at[:] = 0.0
    zoom = tile_zoom(at[placed, 0], at[placed, 1])
    x, y = tile_of(at[:, 0], at[:, 1], zoom)
    return zoom, [f"{zoom}/{a}/{b}" for a, b in zip(x.tolist(), y.tolist())]


def tile_summary(lots: list[dict], keys: list[str], bounds: np.ndarray) -> dict[str, dict]:
    """Each tile's bounds (south, west, north, east of its lots', ``bounds`` by lot) and its counts of lots and of yes
    answers; a tile whose lots have no bounds is placed at their points inside.

    Examples
    --------
    >>> lots = [{"s": "yes", "at": [-73.0, 40.0]}, {"s": "no", "at": None}]
    >>> tile_summary(lots, ["15/1/2", "15/1/2"], np.array([[40.0, -73.1, 40.1, -73.0], [np.nan] * 4]))
    {'15/1/2': {'b': [40.0, -73.1, 40.1, -73.0], 'n': 2, 'yes': 1}}
    """
    bounds = np.array(bounds, dtype=float).reshape(-1, 4)
    for k, lot in enumerate(lots):
        if np.isnan(bounds[k, 0]) and lot["at"] is not None:
            lng, lat = lot["at"]
            bounds[k] = [lat, lng, lat, lng]
    frame = pd.DataFrame(bounds, columns=["s", "w", "n", "e"]).assign(
        key=keys, yes=[lot["s"] == "yes" for lot in lots],
    )
    grouped = frame.groupby("key", sort=False).agg(s=("s", "min"), w=("w", "min"), n=("n", "max"), e=("e", "max"), count=("yes", "size"), yes=("yes", "sum"))
    out = {}
    for key, row in grouped.iterrows():
        box = [round(float(v), 6) if math.isfinite(v) else 0.0 for v in (row["s"], row["w"], row["n"], row["e"])]
        out[str(key)] = {"b": box, "n": int(row["count"]), "yes": int(row["yes"])}
    return out
