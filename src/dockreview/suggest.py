"""Moved to :mod:`dockreview.review.suggest`; this path re-exports it with a DeprecationWarning."""

from dockreview._moved import warn_moved

warn_moved("dockreview.suggest", "dockreview.review.suggest")

from dockreview.review.suggest import *  # noqa: E402,F401,F403
