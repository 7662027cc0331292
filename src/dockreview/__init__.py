"""dockreview: review proposed residential docks on tidal water against a dock ordinance.

The public API::

    site = dockreview.load_site("site.toml")
    result = dockreview.review(site)
    result.verdict, result.measurements, result.checks
    other = dockreview.with_dock(result, length=150.0)   # the same site, another dock

The package reads in the data's order, each subpackage importing only those
before it: :mod:`~dockreview.inputs` (files to a Site), :mod:`~dockreview.geometry`
(riparian lines, the dock), :mod:`~dockreview.measure` (measurements, the envelope),
:mod:`~dockreview.rules` (rule kinds, profiles, the runner), :mod:`~dockreview.review`,
:mod:`~dockreview.evidence`, :mod:`~dockreview.outputs`, :mod:`~dockreview.batch`
(screen and audits) and :mod:`~dockreview.cli`.
"""

from dockreview._collector import command_process, paused

with paused(freeze=command_process()):  # the libraries' objects, made by the hundred thousand, need no passes of the collector
    from dockreview._version import __version__
    from dockreview.errors import (
        CRSError,
        DockError,
        DockReviewError,
        DockReviewWarning,
        LayerError,
        ManifestError,
        SiteDataError,
    )
    from dockreview.inputs.site import Site, load_site
    from dockreview.profile import Profile, load_profile
    from dockreview.review.pipeline import Review, review
    from dockreview.review.whatif import frontage_point, with_dock

__all__ = [
    "__version__",
    "load_site",
    "review",
    "with_dock",
    "frontage_point",
    "load_profile",
    "Review",
    "Site",
    "Profile",
    "DockReviewError",
    "ManifestError",
    "LayerError",
    "CRSError",
    "SiteDataError",
    "DockError",
    "DockReviewWarning",
]
