"""What the outputs read off a Review: a check by its id, the limits a drawing needs, and paths as a report prints them.

The outputs never decide pass or fail and never look a limit up in the profile:
a limit drawn (the clearance rings, the reach limit, the lifted boat's height) is
the limit of the check that holds the dock to it.
"""

from __future__ import annotations

import math
import os
import re
from pathlib import PurePath

from dockreview.rules.base import CONDITIONAL_FAIL, CONDITIONAL_PASS, FAIL, PASS, WAIVED, CheckResult, quantity

#: The dimension that shows the clearance ring around each kind of feature.
CLEARANCE_DIMENSIONS = {"channels": "channel_clearance", "docks": "dock_clearance"}


def check_of(review, check_id: str) -> CheckResult | None:
    """The review's check ``check_id``, or None when its profile has no such check."""
    return next((c for c in review.checks if c.id == check_id), None)


def shown_on(review, dimension: str) -> list[CheckResult]:
    """The review's checks whose kinds say the exhibit's ``dimension`` shows them, in the profile's order."""
    ids = {rule.id for rule in review.rules.rules if dimension in rule.dimensions()}
    return [c for c in review.checks if c.id in ids]


def deciding(review, dimension: str) -> CheckResult | None:
    """The check a dimension shows: the first that fails, else the first waived, else the first with a limit."""
    checks = shown_on(review, dimension)
    for wanted in (lambda c: c.fails, lambda c: c.status == WAIVED, lambda c: c.limit is not None):
        found = next((c for c in checks if wanted(c)), None)
        if found is not None:
            return found
    return checks[0] if checks else None


#: The side of a check decided on its parts that each setback dimension shows.
PARTS = {"setback_left": "left", "setback_right": "right"}


def decision(review, dimension: str) -> tuple[CheckResult | None, str, float | None]:
    """What a dimension shows of the checks: the deciding check, its status and its limit.

    A setback shows its side's Part (the other side keeps its own pass when the
    check failed on one); the reach (or the length along the axis) shows the least
    reach any check allows the dock, failing when any check that limits it fails (no limit when the data cannot
    decide it).
    """
    if dimension in ("reach", "length"):
        checks = [c for c in shown_on(review, "reach") if c.decided]
        allowed = review.layout.envelope.reach_limit_ft
        statuses = {c.status for c in checks}
        status = next((s for s in (FAIL, CONDITIONAL_FAIL, WAIVED, CONDITIONAL_PASS, PASS) if s in statuses), "")
        limit = float(allowed) if math.isfinite(allowed) and not review.layout.envelope.needs else None
        setting = {r.id for r in review.rules.reach_setters(review.measurements, limit)} if limit is not None else set()
        failing = [c for c in checks if c.status in (FAIL, CONDITIONAL_FAIL, WAIVED) and c.status == status]
        check = next(iter(failing or [c for c in checks if c.id in setting] or checks), None)
        if limit is None and failing:  # the least reach allowed is not known, but the failing check's limit is
            limit = check.limit
        return check, status, limit
    check = deciding(review, dimension)
    if check is None:
        return None, "", None
    part = check.part(PARTS[dimension]) if dimension in PARTS else None
    if part is None:
        return check, check.status, check.limit
    if check.fails or check.status == WAIVED:  # decided on the worse side: the other side keeps its own pass
        return check, (check.status if part.status == FAIL else PASS), part.limit
    if check.conditional and part.value != check.value:  # the worse side is within the data's accuracy, not this one
        return check, PASS, part.limit
    return check, check.status, part.limit


def limit_of(review, check_id: str) -> float | None:
    """The limit of the check ``check_id`` (None without the check or without a limit)."""
    check = check_of(review, check_id)
    return None if check is None else check.limit


def clearance_ft(review) -> dict[str, float]:
    """The clearance ring radius (ft) around channels and around other docks: their checks' limits."""
    out = {}
    for layer, dimension in CLEARANCE_DIMENSIONS.items():
        limits = [c.limit for c in shown_on(review, dimension) if c.limit is not None]
        if limits:
            out[layer] = max(limits)
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
        return quantity(next(iter(radii.values())), "ft", decimals=0)
    return ", ".join(f"{quantity(ft, 'ft', decimals=0)} of {layer}" for layer, ft in radii.items())


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
