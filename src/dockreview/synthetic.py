"""Moved to :mod:`dockreview.testing.counties`; this path re-exports it with a DeprecationWarning."""

from dockreview._moved import warn_moved

warn_moved("dockreview.synthetic", "dockreview.testing.counties")

from dockreview.testing.counties import *  # noqa: E402,F401,F403
