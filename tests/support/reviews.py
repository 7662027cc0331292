"""A site reviewed under every shipped profile, for tests that hold every town's outputs to the same standard."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import dockreview
from dockreview.batch import ScreenLayers
from dockreview.batch.screen import screen
from dockreview.errors import ManifestError
from dockreview.profile import profile_names


def under_every_profile(site) -> Iterator[tuple[str, object]]:
    """(profile name, review) of ``site`` under each shipped profile.

    A profile is passed over when the site's manifest waives a check that town's law does not have (its
    ``[[waiver]]`` names a check of another profile); any other refusal is the test's failure.
    """
    for profile in profile_names():
        try:
            yield profile, dockreview.review(site, profile=profile)
        except ManifestError as error:
            assert "[[waiver]]" in str(error), str(error)


#: The lines a review reads that a screen does not take.
NOT_SCREEN_LAYERS = ("centerline", "mllw", "mlw", "bulkhead", "pierhead")


def lines_a_screen_lacks(site, review) -> list[str]:
    """The lines a review of ``site`` read that a screen does not take: a centreline, a datum line or a bulkhead
    given as a layer, a datum line drawn as the soundings' contour, or the dock's span a narrowest width is taken across."""
    m = review.measurements
    drawn = [f"{d} line ({m[f'{d}_line_from']})" for d in ("mlw", "mllw") if m.get(f"{d}_line_from")]
    # a width "at any point of construction" is the narrowest across the dock's span: a screen draws no dock
    read = {name for rule in review.rules.rules if rule.limits_reach for name in rule.reads}
    span = ["the dock's span"] if any(name.endswith("_narrowest_ft") for name in read) else []
    # a screen finds one depth along each lot's axis (navigable depth), not the depths a depth-reach rule names
    depths = ["the depths along the axis"] if "depth_reaches" in read else []
    return [layer for layer in NOT_SCREEN_LAYERS if getattr(site, layer, None) is not None] + drawn + span + depths


def screened_lot(site, review, profile):
    """The screen's row for the lot of ``site`` under ``profile``: its own parcels screened with the layers a screen
    takes (the MHW line, channels, other docks; the soundings with the vessel's draft, and the proposed float's
    extent along the axis, as ``screen --draft --float-extent`` gives them; the kind of water, as ``--water``)."""
    m = site.manifest
    draft = m.vessel.draft_ft
    layers = ScreenLayers(
        parcels=site.parcels, mhw=site.mhw, channels=site.channels, docks=site.docks, crs=site.crs,
        ft_per_unit=site.ft_per_unit, soundings=site.soundings if draft is not None else None, water=m.water,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        result = screen(
            layers, profile=profile, id_field=m.parcel_id_field, tolerance_ft=m.review.mhw_tolerance_ft,
            draft_ft=draft if site.soundings is not None else None,
            float_extent_ft=review.measurements.float_extent_ft or 0.0, progress=False,
        )
    return result.parcels.set_index("parcel_id").loc[str(m.parcel_id)]
