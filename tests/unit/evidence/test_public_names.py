"""The evidence's public names: one object under both paths the outputs import from, with the values the notes state."""

from __future__ import annotations

import pytest

import dockreview.evidence
import dockreview.evidence.measures

NAMES = ("Evidence", "Measure", "gather", "layers", "report_rows", "sweep", "MEASURED", "NEEDS_DATA", "SECTIONS", "MEASURES",
         "TITLES", "METHODS", "NEIGHBOUR_WATER_FT", "ONE_THIRD_NOTE", "PASS_UNDER_FT", "STEP_OVER_FT", "FRONTAGE_STEP_FT",
         "FRONTAGE_INSET_FT", "OUTLINE_STEP_FT")


@pytest.mark.parametrize("name", NAMES)
def test_each_name_is_one_object_under_both_paths(name):
    assert getattr(dockreview.evidence, name) is getattr(dockreview.evidence.measures, name)
    assert name in dockreview.evidence.__all__


def test_the_numbers_and_the_order_the_notes_state():
    ev = dockreview.evidence
    assert ev.MEASURES == ("water_views", "pierhead_line", "waterway", "foreshore", "neighbour_water", "constructions", "section",
                           "elevation")
    assert set(ev.TITLES) == set(ev.METHODS) == set(ev.MEASURES)
    assert ev.NEIGHBOUR_WATER_FT == 50.0, "the 50 ft of Docks D(1)"
    assert (ev.PASS_UNDER_FT, ev.STEP_OVER_FT) == (7.0, 2.0), "the rules of thumb the foreshore method states"
    assert (ev.MEASURED, ev.NEEDS_DATA) == ("measured", "needs-data")
    assert "not a rule of the law applied here" in ev.ONE_THIRD_NOTE
    assert (ev.FRONTAGE_STEP_FT, ev.FRONTAGE_INSET_FT, ev.OUTLINE_STEP_FT) == (5.0, 5.0, 1.0), "the steps the elevation method states"
