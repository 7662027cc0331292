"""The legal readings a profile fixes: how its lines are drawn and its distances taken, whatever a manifest says.

A law leaves some things to interpretation -- how a side line is carried into
the water, how deep the seaward terminus runs, how much water a boat needs under
its keel. A town that has settled one writes it in its profile; the review then
reads every site that way. The keys are the manifest's (``review.extension``,
``vessel.clearance_ft``), so a manifest that sets one can be compared with the
town's reading; what the profile leaves open the manifest may choose for its site.

Where the profile states each reading:

* ``[riparian]`` ``method`` and ``baseline_ft`` -- the riparian lines;
* ``[readings]`` ``extension``, ``extension_direction``, ``chord_ft``,
  ``course_tolerance_ft`` -- how the side lines are carried seaward --, and
  ``terminus_depth_ft`` -- the part of the dock its clearances are measured from;
* the navigable-depth clearance of a check that finds navigable water (its
  ``clearance``: the kind's :meth:`~dockreview.rules.kind.RuleKind.depth_clearance_ft`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dockreview.errors import ProfileError
from dockreview.inputs.spec import EXTENSION_DIRECTIONS, RIPARIAN_METHODS

#: The manifest keys a profile may fix, each with its ``(table, key)`` in the profile and what a value must be.
READING_KEYS: dict[str, tuple[str, str, tuple[str, ...] | None]] = {
    "review.riparian_method": ("riparian", "method", tuple(RIPARIAN_METHODS)),
    "review.baseline_ft": ("riparian", "baseline_ft", None),
    "review.extension": ("readings", "extension", ("straight", "perpendicular")),
    "review.extension_direction": ("readings", "extension_direction", EXTENSION_DIRECTIONS),
    "review.chord_ft": ("readings", "chord_ft", None),
    "review.course_tolerance_ft": ("readings", "course_tolerance_ft", None),
    "review.terminus_depth_ft": ("readings", "terminus_depth_ft", None),
}
#: The key of the navigable-depth clearance, which a check of the profile fixes (not a settings table).
CLEARANCE_KEY = "vessel.clearance_ft"
#: What each reading is, in words for a report.
READING_LABELS = {
    "review.riparian_method": "how the riparian lines are drawn",
    "review.baseline_ft": "the baseline the riparian lines are drawn from",
    "review.extension": "how the side lines are carried into the water",
    "review.extension_direction": "the direction a side line is carried on in",
    "review.chord_ft": "the length of the chord a side line is carried along",
    "review.course_tolerance_ft": "how far a side line's last course may bend",
    "review.terminus_depth_ft": "how deep the seaward terminus runs",
    CLEARANCE_KEY: "the water needed below the keel beyond the draft",
}


@dataclass(frozen=True)
class Reading:
    """One reading the profile fixes: the manifest's key, the value, and the profile's words for it."""

    key: str
    value: Any
    words: str


def fixed_readings(profile, clearance_ft: float | None) -> dict[str, Reading]:
    """The readings ``profile`` fixes, by manifest key.

    Parameters
    ----------
    profile : Profile
    clearance_ft : float or None
        The navigable-depth clearance the profile's checks ask (None: none asks one).

    Raises
    ------
    ProfileError
        When a reading is not one the review knows (a misspelt extension, a negative distance).

    Examples
    --------
    >>> from dockreview.profile import parse_profile
    >>> p = parse_profile({"checks": {"c": {"kind": "board", "section": "s"}},
    ...                    "readings": {"extension": "straight", "text": "side lines carried straight on"}}, "t")
    >>> fixed_readings(p, 1.0)["review.extension"]
    Reading(key='review.extension', value='straight', words='side lines carried straight on')
    >>> sorted(fixed_readings(p, None))
    ['review.extension']
    """
    fixed = {}
    for key, (table, name, allowed) in READING_KEYS.items():
        settings = profile.settings.get(table, {})
        if name in settings:
            fixed[key] = Reading(key, _valid(profile, table, name, settings[name], allowed), str(settings.get("text", "")))
    if clearance_ft is not None:
        fixed[CLEARANCE_KEY] = Reading(CLEARANCE_KEY, float(clearance_ft), "the clearance below the keel its checks ask")
    return fixed


def _valid(profile, table: str, name: str, value: Any, allowed: tuple[str, ...] | None) -> Any:
    if allowed is not None:
        if value not in allowed:
            raise ProfileError(f"profile {profile.source}: [{table}] {name} is {value!r}; it must be one of: {', '.join(allowed)}")
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise ProfileError(f"profile {profile.source}: [{table}] {name} must be a number of feet, zero or more, got {value!r}")
    return float(value)
