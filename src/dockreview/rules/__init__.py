"""The ordinance's checks, grouped as the article is.

:data:`CHECKS` lists every check in the order the report shows them.
"""

from __future__ import annotations

from .base import STATUSES, CheckResult, Facts
from .lot import frontage
from .reach import channel_clearance, dock_clearance, reach
from .setbacks import side_setback
from .structure import float_area, float_position, width

CHECKS = (frontage, side_setback, reach, channel_clearance, dock_clearance, width, float_area, float_position)

__all__ = ["CHECKS", "STATUSES", "CheckResult", "Facts"]
