"""dockreview: review proposed residential docks on tidal water against a dock ordinance.

The public API::

    site = dockreview.load_site("site.toml")
    result = dockreview.review(site)
    result.verdict, result.measurements, result.checks
    other = dockreview.with_dock(result, length=150.0)   # the same site, another dock
"""

__version__ = "0.1.0"

from .errors import CRSError, DockError, DockReviewError, LayerError, ManifestError, SiteDataError  # noqa: E402
from .io import DockReviewWarning  # noqa: E402
from .profile import Profile, load_profile  # noqa: E402
from .review import Review, review  # noqa: E402
from .site import Site, load_site  # noqa: E402
from .whatif import frontage_point, with_dock  # noqa: E402

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
