"""The ordinance's checks, grouped as the article is.

:data:`CHECKS` lists every check in the order the report shows them: the lot
(Docks A, B), setbacks (C), reach and navigable depth (D(1)), the dock's size
and floats (D(2)(b), (c)), construction (D(2)(a), (d)-(h), F(6), G), boat lifts,
and last the determinations left to the Board of Trustees.
"""

from __future__ import annotations

from dockreview.rules import board, construction, floats, lifts
from dockreview.rules.base import STATUSES, CheckResult, Facts
from dockreview.rules.lot import (
    dock_on_lot,
    frontage,
    one_dock,
    recreational_use,
    single_family,
)
from dockreview.rules.navigation import navigable_reach
from dockreview.rules.reach import channel_clearance, dock_clearance, reach
from dockreview.rules.setbacks import side_setback
from dockreview.rules.structure import float_area, float_position, width

CHECKS = (
    frontage,
    single_family,
    one_dock,
    dock_on_lot,
    recreational_use,
    side_setback,
    reach,
    navigable_reach,
    channel_clearance,
    dock_clearance,
    width,
    float_area,
    float_position,
    floats.float_layout,
    floats.float_grounding,
    floats.float_vegetation,
    construction.components,
    construction.landing_size,
    construction.deck_height,
    construction.float_deck_height,
    construction.locker_height,
    construction.materials,
    construction.treated_wood,
    construction.plank_gap,
    construction.solid_deck,
    construction.railing_height,
    construction.railing_openness,
    construction.railing_rails,
    construction.railing_post_spacing,
    construction.railing_material,
    construction.canopy,
    construction.lighting_height,
    lifts.lift_count,
    lifts.pwc_lift_count,
    lifts.pwc_lift_capacity,
    lifts.lift_boat_length,
    lifts.lift_boat_weight,
    lifts.lift_height,
    lifts.lift_orientation,
    lifts.lift_season,
    lifts.lift_approval,
    board.board_navigation,
    board.lift_findings,
    board.pile_driving,
    board.lighting_character,
    board.landing_necessity,
)

__all__ = ["CHECKS", "STATUSES", "CheckResult", "Facts"]
