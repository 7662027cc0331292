"""Moved to :mod:`dockreview.outputs.exhibit`; this path re-exports it with a DeprecationWarning."""

from dockreview._moved import warn_moved

warn_moved("dockreview.plot", "dockreview.outputs.exhibit")

from dockreview.outputs.exhibit import *  # noqa: E402,F401,F403
