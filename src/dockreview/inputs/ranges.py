"""Plausible ranges of the manifest's numbers, checked before any geometry is built.

A dock ``length = 1e7`` (a typo for ``1e2``) would otherwise be drawn ten
million feet long and sampled every half foot: gigabytes and minutes before
the review says anything. Every number the manifest parser reads
(:func:`dockreview.inputs.manifest_values.as_number`) is checked here against
:data:`RANGES`, one table with each range's reason; a number outside is refused
naming the key, its value and the range. The ranges are generous: they refuse
what no real dock, float, vessel or site has, never a real one (walkways over
marsh in South Carolina and Florida run past 1,000 ft).

Examples
--------
>>> out_of_range("dock.length", 1e7)
"'dock.length' is 10,000,000 ft; a dock is 1 to 5,000 ft long"
>>> out_of_range("dock.length", 1_200.0) is None
True
>>> out_of_range("vessel.beam_ft", 0.2)
"'vessel.beam_ft' is 0.2 ft; a vessel's beam is 1 to 150 ft"
"""

from __future__ import annotations

from typing import NamedTuple


class Range(NamedTuple):
    """The plausible values of one key: ``low`` to ``high`` in ``unit``, said as ``what`` ("a dock is {range} long")."""

    low: float
    high: float
    unit: str
    what: str
    why: str


#: Key -> its plausible range, and why. ``{range}`` in ``what`` reads "1 to 5,000 ft".
RANGES: dict[str, Range] = {
    # the parametric dock: drawn and sampled every half foot, so its size must be a dock's
    "dock.length": Range(1, 5_000, "ft", "a dock is {range} long",
                         "the longest residential walkways, over marsh in SC and FL, run 1,000 to 2,000 ft"),
    "dock.width": Range(1, 100, "ft", "a walkway is {range} wide", "walkways are 3 to 8 ft; platforms a few tens"),
    "dock.float.length": Range(1, 1_000, "ft", "a float is {range} long", "a residential float is 10 to 100 ft"),
    "dock.float.width": Range(1, 500, "ft", "a float is {range} wide", "a residential float is 6 to 30 ft"),
    "dock.float_draft_ft": Range(0, 30, "ft", "a float draws {range}", "floats draw inches to a few feet"),
    # the vessel moored at the dock (drawn beside the float when its length and beam are given)
    "vessel.draft_ft": Range(0.1, 60, "ft", "a vessel draws {range}", "a large yacht draws 15 ft"),
    "vessel.clearance_ft": Range(0, 50, "ft", "a clearance under the keel is {range}", "codes ask 1 to 3 ft"),
    "vessel.length_ft": Range(1, 600, "ft", "a vessel is {range} long", "the largest yachts are under 600 ft"),
    "vessel.beam_ft": Range(1, 150, "ft", "a vessel's beam is {range}", "the largest yachts are under 100 ft abeam"),
    # how the review reads the site: distances along the shore and the lot's lines
    "review.mhw_tolerance_ft": Range(0, 1_000, "ft", "a tolerance to the MHW line is {range}", "a few feet of survey error"),
    "review.terminus_depth_ft": Range(0, 5_000, "ft", "a terminus is {range} deep", "the end of a dock, at most its length"),
    "review.course_tolerance_ft": Range(0.001, 1_000, "ft", "a course tolerance is {range}", "a fraction of a foot"),
    "review.chord_ft": Range(1, 10_000, "ft", "a chord along a side line is {range}", "a lot's side line is tens to hundreds of ft"),
    "review.baseline_ft": Range(1, 10_000, "ft", "a baseline is {range} long", "a frontage's baseline is tens to hundreds of ft"),
    # the evidence gathered around the dock: each a radius searched or drawn
    "evidence.view_radius_ft": Range(1, 10_000, "ft", "a view radius is {range}", "neighbours' views are judged within a few hundred ft"),
    "evidence.neighbour_distance_ft": Range(1, 10_000, "ft", "a neighbour distance is {range}", "neighbouring docks within hundreds of ft"),
    "evidence.pierhead_distance_ft": Range(1, 10_000, "ft", "a pierhead distance is {range}", "docks along a reach of hundreds of ft"),
    "evidence.eye_height_ft": Range(0, 500, "ft", "an eye height is {range}", "a window or a porch, a few storeys at most"),
    # tidal datums: offsets of a foot or two; an elevation from the Dead Sea to the highest lakes
    "soundings.datum_offset_ft": Range(-20, 20, "ft", "an offset between tidal datums is {range}", "MLW - MLLW is under 2 ft"),
    "datums.mllw_below_mlw_ft": Range(0, 20, "ft", "MLLW lies {range} below MLW", "under 2 ft on US coasts"),
    "datums.mhw_ft": Range(-1_500, 15_000, "ft", "an elevation of MHW is {range}", "the Dead Sea to Lake Titicaca"),
    # the dock's construction (Docks D(2), boat lifts): a dock's parts, never a building's
    "dock.attributes.deck_height_above_mhw_ft": Range(0, 100, "ft", "a deck stands {range} above MHW", "a few feet"),
    "dock.attributes.joist_height_above_mhw_ft": Range(0, 100, "ft", "a joist stands {range} above MHW", "a few feet"),
    "dock.attributes.float_deck_above_water_in": Range(0, 240, "in", "a float's deck is {range} above the water", "a foot or two"),
    "dock.attributes.locker_height_in": Range(0, 600, "in", "a locker is {range} high", "a few feet"),
    "dock.attributes.railing_height_in": Range(0, 600, "in", "a railing is {range} high", "about 42 in"),
    "dock.attributes.railing_rails": Range(0, 100, "rails", "a railing has {range}", "two or three"),
    "dock.attributes.railing_post_spacing_ft": Range(0, 1_000, "ft", "railing posts stand {range} apart", "6 to 8 ft"),
    "dock.attributes.plank_gap_in": Range(0, 24, "in", "a gap between planks is {range}", "a fraction of an inch"),
    "dock.attributes.lighting_height_in": Range(0, 1_200, "in", "a light is {range} high", "a few feet"),
    "dock.attributes.landing_length_ft": Range(0, 1_000, "ft", "a landing is {range} long", "a few tens of ft"),
    "dock.attributes.landing_width_ft": Range(0, 1_000, "ft", "a landing is {range} wide", "a few tens of ft"),
    "dock.attributes.lift_boat_length_ft": Range(0, 600, "ft", "a boat on a lift is {range} long", "under 60 ft"),
    "dock.attributes.lift_boat_weight_lb": Range(0, 2_000_000, "lb", "a boat on a lift weighs {range}", "a lift carries up to 100 tons"),
    "dock.attributes.lift_boat_height_above_deck_ft": Range(0, 200, "ft", "a lifted boat stands {range} above the deck", "a few feet"),
    "dock.attributes.pwc_lift_capacity_lb": Range(0, 100_000, "lb", "a PWC lift carries {range}", "about 1,000 to 2,000 lb"),
    "dock.attributes.pile_spacing_ft": Range(0, 1_000, "ft", "piles stand {range} apart", "8 to 12 ft"),
    "dock.attributes.slips": Range(0, 10_000, "slips", "a dock has {range}", "one to a few"),
    "dock.attributes.boats": Range(0, 10_000, "boats", "a dock serves {range}", "one to a few"),
}


def number_text(value: float) -> str:
    """A number as a message shows it: thousands separated, no needless decimals.

    Examples
    --------
    >>> number_text(1e7), number_text(2.5), number_text(0.0001), number_text(-1500.0), number_text(1e20)
    ('10,000,000', '2.5', '0.0001', '-1,500', '1e+20')
    """
    if abs(value) >= 1e15:
        return f"{value:.6g}"
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:,.6g}" if abs(value) >= 1 else f"{value:.6g}"


def out_of_range(key: str, value: float) -> str | None:
    """Why ``value`` is not plausible for ``key`` (the key, the value and the range), or None when it is (or ``key`` has no range)."""
    bounds = RANGES.get(key)
    if bounds is None or bounds.low <= value <= bounds.high:
        return None
    unit = f" {bounds.unit}" if bounds.unit not in ("rails", "slips", "boats") else ""
    span = f"{number_text(bounds.low)} to {number_text(bounds.high)} {bounds.unit}"
    return f"'{key}' is {number_text(value)}{unit}; {bounds.what.format(range=span)}"
