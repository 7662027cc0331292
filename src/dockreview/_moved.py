"""The warning a module left at an old import path gives (the package was regrouped by flow in 0.2)."""

from __future__ import annotations

import warnings


def warn_moved(old: str, new: str) -> None:
    """Warn, once per import of ``old``, that it now lives at ``new``."""
    warnings.warn(
        f"{old} has moved to {new}; import it from there (the old path will be removed)",
        DeprecationWarning,
        stacklevel=3,
    )
