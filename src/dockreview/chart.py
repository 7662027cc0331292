"""Moved to :mod:`dockreview.inputs.chart`; this path re-exports it with a DeprecationWarning."""

from dockreview._moved import warn_moved

warn_moved("dockreview.chart", "dockreview.inputs.chart")

from dockreview.batch.chart_audit import audit_piers  # noqa: E402,F401
from dockreview.inputs.chart import *  # noqa: E402,F401,F403
