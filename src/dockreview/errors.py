"""One error hierarchy for everything a user can get wrong.

Every error carries a plain one-line message naming the file, layer, feature or
field at fault and what to do about it. The command line prints that line and
exits with status 2; the Python API lets the exception propagate. Failing the
ordinance is never an exception: it is a result (see :mod:`dockreview.review`).
"""

from __future__ import annotations


class DockReviewError(Exception):
    """Base class of every error the package raises on purpose.

    ``detail`` holds what a curious user may want beyond the one line (the
    reader's full message, say); the command line shows it with ``-v``.
    """

    def __init__(self, message: str, *, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


class ManifestError(DockReviewError, ValueError):
    """The site manifest (TOML) is malformed, incomplete or contradictory."""


class LayerError(DockReviewError, OSError):
    """A layer file is missing, unreadable, or lacks the named layer."""


class CRSError(DockReviewError, ValueError):
    """A coordinate reference system is missing, geographic, or unusable."""


class SiteDataError(DockReviewError, ValueError):
    """The site's data cannot answer the question (no parcel, no water, ...)."""


class DockError(DockReviewError, ValueError):
    """The proposed dock is malformed or does not reach the water."""


class ProfileError(DockReviewError, ValueError):
    """A rule profile file is malformed."""


class OutputError(DockReviewError, OSError):
    """An output file (JSON, map, report) cannot be written."""


class DockReviewWarning(UserWarning):
    """A problem with the data that does not stop the review but must be read."""
