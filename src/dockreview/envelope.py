"""Moved to :mod:`dockreview.measure.envelope`; this path re-exports it with a DeprecationWarning."""

from dockreview._moved import warn_moved

warn_moved("dockreview.envelope", "dockreview.measure.envelope")

from dockreview.measure.envelope import *  # noqa: E402,F401,F403
