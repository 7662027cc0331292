"""The Board-evidence measures (Docks H; Art. VIII, waivers): computed once per review, read by every sheet.

:func:`gather` measures a review's evidence (:class:`Evidence`, eight
:class:`Measure`); :func:`layers` gives its GeoPackage layers and
:func:`report_rows` the report's rows. One module per measure (``views``,
``pierhead``, ``waterway``, ``foreshore``, ``neighbours``, ``constructions``,
``section``, ``elevation``) over what they share (``result``, ``context``, ``bottom``, ``sweep``);
:mod:`dockreview.evidence.measures` gathers them.
"""

from dockreview.evidence.measures import (
    ADJOINING_FT,
    DECK,
    FRONTAGE_INSET_FT,
    FRONTAGE_STEP_FT,
    MEASURED,
    MEASURES,
    METHODS,
    NEEDS_DATA,
    NEIGHBOUR_WATER_FT,
    ONE_THIRD_NOTE,
    OUTLINE_STEP_FT,
    PASS_UNDER_FT,
    PROFILE_JSON_STEP_FT,
    SEAWARD_END_TOLERANCE_FT,
    SECTION_MARGIN_FT,
    SECTIONS,
    STEP_FT,
    STEP_OVER_FT,
    TITLES,
    VIEWPOINT_SNAP_FT,
    WINDOW_HALF_ANGLE_DEG,
    Evidence,
    Measure,
    gather,
    layers,
    report_rows,
    sweep,
)

__all__ = [
    "ADJOINING_FT", "DECK", "FRONTAGE_INSET_FT", "FRONTAGE_STEP_FT", "MEASURED", "MEASURES", "METHODS", "NEEDS_DATA",
    "NEIGHBOUR_WATER_FT", "ONE_THIRD_NOTE", "OUTLINE_STEP_FT", "PASS_UNDER_FT", "PROFILE_JSON_STEP_FT", "SEAWARD_END_TOLERANCE_FT", "SECTIONS", "SECTION_MARGIN_FT", "STEP_FT",
    "STEP_OVER_FT", "TITLES", "VIEWPOINT_SNAP_FT", "WINDOW_HALF_ANGLE_DEG", "Evidence", "Measure", "gather", "layers",
    "report_rows", "sweep",
]
