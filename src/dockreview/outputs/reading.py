"""What the outputs read off a Review's checks: a check by its id, and the limits a drawing needs.

The outputs never decide pass or fail and never look a limit up in the profile:
a limit drawn (the clearance rings, the reach limit, the lifted boat's height) is
the limit of the check that holds the dock to it.
"""

from __future__ import annotations

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
