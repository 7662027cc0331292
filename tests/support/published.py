"""A published site's data as the page reads it: the manifest, the lots by id, the search index (tests only).

The data files are scripts, ``DR.site({...});``, ``DR.tile("z/x/y", [...]);`` and
``DR.index("prefix", [...]);``; their arguments are JSON. Nothing here imports dockreview.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

CALL = re.compile(r"^DR\.(?P<name>\w+)\((?P<body>.*)\);\s*$", re.S)


def call(path: Path) -> tuple[str, list]:
    """The function a data file calls and its arguments."""
    match = CALL.match(Path(path).read_text("utf-8"))
    assert match, f"{path} is not a DR.<name>(...) call"
    return match["name"], json.loads(f"[{match['body']}]")


def manifest(folder: Path) -> dict:
    name, args = call(Path(folder) / "data" / "site.js")
    assert name == "site"
    return args[0]


def lots(folder: Path) -> dict[str, dict]:
    """Every lot of the site by its id (each with the key of the tile it was found in, ``tile``)."""
    out = {}
    for path in sorted((Path(folder) / "data" / "tiles").glob("*.js")):
        name, (key, tile_lots) = call(path)
        assert name == "tile"
        for lot in tile_lots:
            assert lot["id"] not in out, f"lot {lot['id']} in two tiles"
            out[lot["id"]] = {**lot, "tile": key}
    return out


def ring(flat: list[int]) -> list[tuple[float, float]]:
    """A ring as the data write it (whole millionths of a degree, latitude first, each point after the first the
    difference from the one before) as (latitude, longitude) points."""
    lat = lng = 0
    out = []
    for i in range(0, len(flat), 2):
        lat, lng = lat + flat[i], lng + flat[i + 1]
        out.append((lat / 1e6, lng / 1e6))
    return out


def index(folder: Path) -> list[list]:
    """Every entry of the search index, ``[key, id, address, tile]``."""
    out = []
    for path in sorted((Path(folder) / "data" / "search").glob("*.js")):
        name, (prefix, entries) = call(path)
        assert name == "index"
        assert all(e[0].startswith(prefix if prefix != "_" else "") for e in entries)
        out += entries
    return out


#: An address that is markup, for a county's parcel: a page shows it as written and runs nothing.
MARKUP = '<img src=x onerror="window.pwned=1">Bay & "Co"'
