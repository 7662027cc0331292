"""Moved to :mod:`dockreview.inputs.site`; this path re-exports it with a DeprecationWarning."""

from dockreview._moved import warn_moved

warn_moved("dockreview.site", "dockreview.inputs.site")

from dockreview.inputs.shoreline import prepare_mhw  # noqa: E402,F401
from dockreview.inputs.site import *  # noqa: E402,F401,F403
