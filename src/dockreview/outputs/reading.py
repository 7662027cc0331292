"""What the outputs read off a Review: a check by its id, the limits a drawing needs, and paths as a report prints them.

The outputs never decide pass or fail and never look a limit up in the profile:
a limit drawn (the clearance rings, the reach limit, the lifted boat's height) is
the limit of the check that holds the dock to it.
"""

from __future__ import annotations

import os
import re
from pathlib import PurePath

from dockreview.rules.base import CheckResult

#: The check whose limit is the clearance ring around each kind of feature (Docks D(1)).
CLEARANCE_CHECKS = {"channels": "channel-clearance", "docks": "dock-clearance"}


def check_of(review, check_id: str) -> CheckResult | None:
    """The review's check ``check_id``, or None when its profile has no such check."""
    return next((c for c in review.checks if c.id == check_id), None)


def limit_of(review, check_id: str) -> float | None:
    """The limit of the check ``check_id`` (None without the check or without a limit)."""
    check = check_of(review, check_id)
    return None if check is None else check.limit


def clearance_ft(review) -> dict[str, float]:
    """The clearance ring radius (ft) around channels and around other docks: their checks' limits."""
    out = {}
    for layer, check_id in CLEARANCE_CHECKS.items():
        limit = limit_of(review, check_id)
        if limit is not None:
            out[layer] = limit
    return out


def clearance_words(radii: dict[str, float]) -> str:
    """``"50 ft"`` when every ring is as wide, else ``"50 ft of channels, 30 ft of docks"``; blank without rings.

    Examples
    --------
    >>> clearance_words({"channels": 50.0, "docks": 50.0})
    '50 ft'
    >>> clearance_words({"channels": 50.0, "docks": 30.0})
    '50 ft of channels, 30 ft of docks'
    """
    if not radii:
        return ""
    if len(set(radii.values())) == 1:
        return f"{next(iter(radii.values())):,.0f} ft"
    return ", ".join(f"{ft:,.0f} ft of {layer}" for layer, ft in radii.items())


#: An absolute path in a message: POSIX (``/home/...``) or Windows (``C:\...``), up to a space, colon or bracket.
_ABSOLUTE = re.compile(r"(?<![\w./\\:])(?:/|[A-Za-z]:[\\/])[^\s:;,()\[\]'\"]+")


def relative_paths(text: str, folder) -> str:
    """``text`` with every absolute path in it written relative to ``folder`` (the manifest's), as a report prints it.

    A report goes to a Board and an applicant: it names the site's files as the
    manifest does, never the analyst's own folders.

    Examples
    --------
    >>> relative_paths("docks layer /srv/a/site/docks.shp: 2 rows; /srv/a/site/site.toml: crs", "/srv/a/site")
    'docks layer docks.shp: 2 rows; site.toml: crs'
    >>> relative_paths("parcels /srv/a/shared/parcels.gpkg:lots; read at https://ecode360.com/x", "/srv/a/site")
    'parcels ../shared/parcels.gpkg:lots; read at https://ecode360.com/x'
    """
    folder = str(folder)

    def relative(match: re.Match) -> str:
        path = match.group(0)
        try:
            return os.path.relpath(path, folder)
        except ValueError:  # another drive (Windows): no relative path, the file's name
            return PurePath(path).name

    return _ABSOLUTE.sub(relative, text)
