"""Evidence for the Board of Trustees' judgment: eight measures in feet, square feet and degrees.

Docks H leaves to the Board whether a dock "would unreasonably impede, obstruct, or
interfere with navigation, the rights of adjoining property owners, the public use of
or passage along the foreshore or the waterway, or significantly damage the
environment". The waiver clause (Art. VIII, waivers) lets the Board supplement, modify
or waive a requirement taking into account "the distance from the shoreline to the
various constructions on the dock, the elevation of the dock as compared to those of
the adjacent properties, ... the location of the improvements on the adjacent
properties, and how the proposed dock would affect the water views of the neighboring
properties". These modules measure what those clauses name, from the site's layers:

1. ``water_views`` (:mod:`~dockreview.evidence.views`): the water view of each neighbouring dwelling and the share the dock takes;
2. ``pierhead_line`` (:mod:`~dockreview.evidence.pierhead`): the line through the seaward ends of the nearest docks on each side;
3. ``waterway`` (:mod:`~dockreview.evidence.waterway`): the waterway's width along the dock's axis and square to the shore;
4. ``foreshore`` (:mod:`~dockreview.evidence.foreshore`): the headroom under the deck where the dock crosses the foreshore;
5. ``neighbour_water`` (:mod:`~dockreview.evidence.neighbours`): each adjoining lot's own water within 50 ft of the dock;
6. ``constructions`` (:mod:`~dockreview.evidence.constructions`): each construction's distance from the MHW line, vegetation, shade;
7. ``section`` (:mod:`~dockreview.evidence.section`): the dock in section along its axis (bottom, MHW, MLW, deck, piles, float);
8. ``elevation`` (:mod:`~dockreview.evidence.elevation`): the ground along each adjoining lot's frontage and at its dwelling (the DEM) against the deck's elevation.

These are evidence, not verdicts: the ``board-navigation`` check keeps its status
``board``. Each :class:`Measure` has a ``status``, ``"measured"`` or ``"needs-data"``
(whenever any figure it reports is missing for want of an input), ``needs`` naming the
manifest key of each missing input (``layers.buildings``,
``dock.attributes.deck_height_above_mhw_ft``), ``unmeasured`` naming the figures left
``None`` for want of it, and ``method``, how it was measured. A missing figure is
``None``, never zero, and a measure's figures have the same keys whatever its status.

Everything here is a pure function of the :class:`~dockreview.review.Review` (its
site, layout and measurements): :func:`gather` reads no file. :func:`layers` gives
the GeoPackage layers and :func:`report_rows` the report's rows;
:mod:`dockreview.outputs.evidence_sheet` draws the "Board evidence" sheet.

Each measure's module holds its ``METHOD`` (how it is measured), ``measure(cx)``
(the :class:`Measure`, from the :class:`~dockreview.evidence.context.Context` every
measure shares), ``rows(measure)`` (the report's rows) and ``features(measure)``
(the GeoPackage's rows). A new measure is a new module of that shape, its key in
:data:`MEASURES` and :data:`TITLES`, a field of :class:`Evidence` and a line in
:func:`gather`.
"""

from __future__ import annotations

import geopandas as gpd

from dockreview.evidence import constructions, elevation, foreshore, neighbours, pierhead, section, views, waterway
from dockreview.evidence.bottom import SECTION_MARGIN_FT
from dockreview.evidence.context import ADJOINING_FT, DECK, SEAWARD_END_TOLERANCE_FT, STEP_FT, context
from dockreview.evidence.elevation import FRONTAGE_INSET_FT, FRONTAGE_STEP_FT, OUTLINE_STEP_FT
from dockreview.evidence.foreshore import PASS_UNDER_FT, STEP_OVER_FT
from dockreview.evidence.neighbours import NEIGHBOUR_WATER_FT
from dockreview.evidence.result import MEASURED, MEASURES, NEEDS_DATA, SECTIONS, TITLES, Evidence, Measure
from dockreview.evidence.section import PROFILE_JSON_STEP_FT
from dockreview.evidence.sweep import sweep
from dockreview.evidence.views import VIEWPOINT_SNAP_FT, WINDOW_HALF_ANGLE_DEG
from dockreview.evidence.waterway import ONE_THIRD_NOTE

__all__ = [
    "ADJOINING_FT", "DECK", "FRONTAGE_INSET_FT", "FRONTAGE_STEP_FT", "MEASURED", "MEASURES", "METHODS", "NEEDS_DATA",
    "NEIGHBOUR_WATER_FT", "ONE_THIRD_NOTE", "OUTLINE_STEP_FT", "PASS_UNDER_FT", "PROFILE_JSON_STEP_FT", "SEAWARD_END_TOLERANCE_FT", "SECTIONS", "SECTION_MARGIN_FT", "STEP_FT",
    "STEP_OVER_FT", "TITLES", "VIEWPOINT_SNAP_FT", "WINDOW_HALF_ANGLE_DEG", "Evidence", "Measure", "gather", "layers",
    "report_rows", "sweep",
]

#: Each measure's module, by its key (in :data:`MEASURES` order).
MODULES = {m.KEY: m for m in (views, pierhead, waterway, foreshore, neighbours, constructions, section, elevation)}
#: How each measure is measured (the text its ``method`` states, before its numbers are filled in).
METHODS = {key: module.METHOD for key, module in MODULES.items()}


def gather(review) -> Evidence:
    """Measure the Board evidence of a review (Docks H; Art. VIII, waivers).

    Parameters
    ----------
    review : Review
        From :func:`dockreview.review`; its site, layout and measurements are read,
        nothing else (no file).

    Returns
    -------
    Evidence
        The eight measures; ``Evidence.to_dict()`` is the JSON's ``evidence`` key.

    Notes
    -----
    Docks H: "No dock shall be permitted if, in the judgment of the Board of
    Trustees, it would unreasonably impede, obstruct, or interfere with navigation,
    the rights of adjoining property owners, the public use of or passage along the
    foreshore or the waterway, or significantly damage the environment." The waiver
    clause names "the distance from the shoreline to the various constructions on the
    dock, the elevation of the dock as compared to those of the adjacent properties
    ... and how the proposed dock would affect the water views of the neighboring
    properties". The figures inform that judgment; they decide nothing.
    """
    cx = context(review)
    passage = foreshore.measure(cx)
    settings = review.site.manifest.evidence
    sections, deciders = review.rules.judgment(review.checks)
    return Evidence(
        water_views=views.measure(cx),
        pierhead_line=pierhead.measure(cx),
        waterway=waterway.measure(cx),
        foreshore=passage,
        neighbour_water=neighbours.measure(cx),
        constructions=constructions.measure(cx),
        section=section.measure(cx, passage),
        elevation=elevation.measure(cx),
        settings={
            "view_radius_ft": settings.view_radius_ft,
            "neighbour_distance_ft": settings.neighbour_distance_ft,
            "pierhead_distance_ft": settings.pierhead_distance_ft,
            "eye_height_ft": settings.eye_height_ft,
            "viewpoints": [list(v) for v in settings.viewpoints],
        },
        sections=sections,
        deciders=deciders,
        crs=review.site.crs,
        ft_per_unit=review.site.ft_per_unit,
    )


def layers(evidence: Evidence) -> dict[str, gpd.GeoDataFrame]:
    """The evidence as GIS layers in the working CRS, for the GeoPackage.

    Layers (each only when it has features): ``evidence_viewpoints`` (points, the
    figures of each viewpoint), ``evidence_view_sectors`` (wedges out to the view
    radius: ``kind`` "water view", "proposed dock" or "existing docks"),
    ``evidence_pierhead_line`` (with ``offset_ft``), ``evidence_shore_docks`` (the
    seaward ends of the docks along the shore, with ``reach_ft``),
    ``evidence_waterway_width`` (``kind`` "along axis", "square to shore", "clear
    width", "channel"), ``evidence_foreshore_crossing``, ``evidence_neighbour_water``
    (each adjoining lot's water within 50 ft of the dock), ``evidence_constructions``
    (each component with its distances from the MHW line), ``evidence_piles``
    (points at the pile spacing), ``evidence_elevation_points`` (each point the
    ground was sampled at, ``along`` "frontage" or "dwelling", with ``ground_ft``)
    and ``evidence_elevation_dwellings`` (the adjoining lots' dwellings with their
    ground). Every figure in feet, square feet or degrees; elevations in feet above
    the DEM's vertical datum.

    Parameters
    ----------
    evidence : Evidence
        From :func:`gather`.

    Returns
    -------
    dict of str to GeoDataFrame
        Layer name to its features, in the working CRS; ready for ``to_file(..., layer=name)``.
    """
    out: dict[str, list[dict]] = {}
    for measure in evidence.measures:
        for name, rows in MODULES[measure.key].features(measure).items():
            out.setdefault(name, []).extend(rows)
    return {name: gpd.GeoDataFrame(rows, geometry="geometry", crs=evidence.crs) for name, rows in out.items() if rows}


def report_rows(evidence: Evidence) -> list[tuple[str, str, str]]:
    """The evidence as the report's rows: (label, value text, method).

    One or more rows per measure, in :data:`MEASURES` order; a measure short of data
    has a last row saying what would supply it. The method is given on each
    measure's first row and left blank on the rows after it.

    Parameters
    ----------
    evidence : Evidence
        From :func:`gather`.

    Returns
    -------
    list of (str, str, str)
        ``(label, value text, method)``; labels start with the measure's title
        ("The pier-head line: offset"), values give their units.
    """
    rows: list[tuple[str, str, str]] = []

    def add(measure: Measure, label: str, text: str) -> None:
        first = not any(r[0].startswith(measure.title) for r in rows)
        rows.append((f"{measure.title}: {label}" if label else measure.title, text, measure.method if first else ""))

    for measure in evidence.measures:
        for label, text in MODULES[measure.key].rows(measure):
            add(measure, label, text)
    for measure in evidence.measures:
        if measure.needs:
            add(measure, "missing", "needs data: " + "; ".join(measure.needs))
    return rows
