"""A site reviewed under every shipped profile, for tests that hold every town's outputs to the same standard."""

from __future__ import annotations

from collections.abc import Iterator

import dockreview
from dockreview.errors import ManifestError
from dockreview.profile import profile_names


def under_every_profile(site, *, skip: tuple[str, ...] = ()) -> Iterator[tuple[str, object]]:
    """(profile name, review) of ``site`` under each shipped profile but ``skip``.

    A profile is passed over when the site's manifest waives a check that town's law does not have (its
    ``[[waiver]]`` names a check of another profile); any other refusal is the test's failure.
    """
    for profile in profile_names():
        if profile in skip:
            continue
        try:
            yield profile, dockreview.review(site, profile=profile)
        except ManifestError as error:
            assert "[[waiver]]" in str(error), str(error)


#: The lines a review reads that a screen does not take.
NOT_SCREEN_LAYERS = ("centerline", "mllw", "mlw", "bulkhead")


def lines_a_screen_lacks(site, review) -> list[str]:
    """The lines a review of ``site`` read that a screen does not take: a centreline, a datum line or a bulkhead
    given as a layer, or a datum line drawn as the soundings' contour."""
    m = review.measurements
    drawn = [f"{d} line ({m[f'{d}_line_from']})" for d in ("mlw", "mllw") if m.get(f"{d}_line_from")]
    return [layer for layer in NOT_SCREEN_LAYERS if getattr(site, layer, None) is not None] + drawn
