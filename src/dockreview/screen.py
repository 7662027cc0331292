"""Moved to :mod:`dockreview.batch` (screen, layers, figures, kernel, depth, audit); this path re-exports them with a DeprecationWarning."""

from dockreview._moved import warn_moved

warn_moved("dockreview.screen", "dockreview.batch.screen")

from dockreview.batch.audit import audit_docks  # noqa: E402,F401
from dockreview.batch.depth import NavigableDepth  # noqa: E402,F401
from dockreview.batch.figures import FIGURE_COLUMNS, lot_figures, navigable_depth  # noqa: E402,F401
from dockreview.batch.kernel import MhwIndex, vector_riparian, waterfront_parts  # noqa: E402,F401
from dockreview.batch.layers import DEPTH_FIELD, ScreenLayers, read_screen_layers  # noqa: E402,F401
from dockreview.batch.screen import BACKENDS, ScreenResult, screen, write_screen  # noqa: E402,F401
