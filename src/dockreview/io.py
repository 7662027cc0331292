"""Moved to :mod:`dockreview.inputs.layers`; this path re-exports it with a DeprecationWarning."""

from dockreview._moved import warn_moved

warn_moved("dockreview.io", "dockreview.inputs.layers")

from dockreview.errors import DockReviewWarning  # noqa: E402,F401
from dockreview.inputs.layers import *  # noqa: E402,F401,F403
from dockreview.outputs.files import atomic_path, atomic_write  # noqa: E402,F401
