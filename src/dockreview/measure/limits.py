"""What the measurements and the envelope ask of the rules: the limits, as the rules define them.

The measure stage lies below the rules in the flow, so it does not import them:
it is handed an object with these methods -- :class:`dockreview.rules.RuleSet` --
and asks it for the required setback, the reach the checks allow and the
terminus clearance, rather than knowing a town's numbers itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from dockreview.profile import Profile


class Limits(Protocol):
    """The rules' limits a measurement or an envelope needs (implemented by :class:`dockreview.rules.RuleSet`)."""

    profile: Profile

    def required_setback_ft(self, frontage_ft):
        """The setback required for a frontage (scalar or array, ft)."""

    def reach_cap_ft(self) -> float:
        """The farthest any dock may reach (ft; infinite when no check limits it)."""

    def depth_reach_ft(self, figures: Mapping[str, Any]):
        """The reach the checks set by depth allow (ft), None when unknown or when no check asks."""

    def reach_limit_ft(self, figures: Mapping[str, Any] | None = None):
        """The reach every reach check allows (ft)."""

    def terminus_clearance_ft(self, target: str) -> float | None:
        """The clearance from the layer ``target`` ("channels", "docks") the terminus must keep (ft), or None."""

    def reach_figures(self, figures: Mapping[str, Any], given) -> dict:
        """One dock's figures as the reach checks read them, given the inputs ``given``."""

    def reach_needs(self, figures: Mapping[str, Any]) -> tuple[str, ...]:
        """What the reach limit of one dock's figures hangs on that they leave unknown (empty when nothing)."""

    def depths_sought(self) -> tuple[float, ...]:
        """The depths below MLW (ft) the checks need found along a dock's axis."""

    def depth_clearance_ft(self, default: float) -> float:
        """The water under the keel beyond the draft that navigable depth needs (ft)."""

    def touching_ft(self, default: float) -> float:
        """How near two parts of a dock must lie to touch (ft)."""

    def envelope_reasons(self, **figures) -> tuple[str, ...]:
        """Why a lot can have no dock, from its envelope's figures."""
