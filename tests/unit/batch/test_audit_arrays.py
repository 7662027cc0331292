"""The layer audit worked as arrays against the audit of each dock alone by the review's own measure (the reference).

``audit_docks(..., arrays=False)`` reviews every dock on a one-lot Site with
:func:`dockreview.measure.compute.measure` and the rule set's ``run``; the array
audit must give every dock the same lot, measurements, failing checks and verdict:
on the synthetic county (docks with a component field), on the messy county
(parcels drawn as real tax maps are, and a creek), on a canal community (every
lot's water meeting the far bank), without the component field (components
inferred) and with soundings (Docks D(1)).
"""

from __future__ import annotations

import dataclasses
import warnings
from importlib import resources

import geopandas as gpd
import numpy as np
import pytest
import shapely
from pyproj import CRS

from dockreview.batch.audit import AUDIT_COLUMNS, audit_docks, audit_docks_each
from dockreview.batch.layers import ScreenLayers
from dockreview.batch.screen import screen
from dockreview.errors import DockReviewWarning
from dockreview.inputs import crs as crs_mod
from dockreview.rules import ruleset
from dockreview.testing import counties as synthetic
from dockreview.testing.canals import canal_county

WORKING = CRS.from_user_input("EPSG:2263")
#: Docks reviewed both ways per layer, half from each end (the one-dock review takes a fifth of a second each).
SAMPLE = 36
#: Every law the package ships.
PROFILES = sorted(p.name.removesuffix(".toml") for p in resources.files("dockreview.rules.profiles").iterdir() if p.name.endswith(".toml"))


def _layers(c, soundings: bool = False) -> ScreenLayers:
    mhw = shapely.line_merge(shapely.union_all(c.mhw.geometry.values))
    depths = None
    if soundings:
        depths = gpd.GeoDataFrame({"depth_ft": c.soundings[synthetic.DEPTH_FIELD]}, geometry=c.soundings.geometry.values, crs=c.soundings.crs)
    return ScreenLayers(c.parcels, mhw, c.channels, c.docks, WORKING, crs_mod.feet_per_unit(WORKING), depths)


def _both(layers: ScreenLayers, **options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        table = screen(layers, id_field="PARCEL_ID", workers=1, draft_ft=options.get("draft_ft"), float_extent_ft=10.0).parcels
        ids = layers.docks["dock_id"].drop_duplicates().to_numpy()
        ids = np.r_[ids[: SAMPLE // 2], ids[-SAMPLE // 2 :]]  # both ends of the coasts (and of the soundings' survey)
        sample = dataclasses.replace(layers, docks=layers.docks[layers.docks["dock_id"].isin(ids)])
        if options.pop("drop_components", False):
            sample = dataclasses.replace(sample, docks=sample.docks.dissolve(by="dock_id", as_index=False)[["dock_id", "geometry"]])
        arrays = audit_docks(sample, table, dock_id_field="dock_id", **options).set_index("dock_id")
        alone = audit_docks(sample, table, dock_id_field="dock_id", arrays=False, **options).set_index("dock_id")
    return arrays, alone


def _same(arrays, alone):
    assert list(arrays.index) == list(alone.index)
    for column in AUDIT_COLUMNS:
        a, b = arrays[column].to_numpy(dtype=float), alone[column].to_numpy(dtype=float)
        assert np.array_equal(np.isnan(a), np.isnan(b)), column
        assert a[~np.isnan(a)] == pytest.approx(b[~np.isnan(b)], abs=0.01), column
    for column in ("parcel_id", "components", "failed", "verdict"):
        assert (arrays[column] == alone[column]).all(), (column, arrays[column][arrays[column] != alone[column]].head())
    assert shapely.equals(arrays.geometry.values, alone.geometry.values).all()


def test_array_audit_equals_the_one_dock_review_on_the_county():
    arrays, alone = _both(_layers(synthetic.county(400, seed=7)))
    _same(arrays, alone)
    assert {"compliant", "noncompliant"} <= set(alone["verdict"])
    assert alone["failed"].str.contains("side-setback").any() and alone["failed"].str.contains("reach").any()


def test_array_audit_equals_the_one_dock_review_on_the_messy_county():
    arrays, alone = _both(_layers(synthetic.messy_county(300, seed=5)))
    _same(arrays, alone)


@pytest.mark.parametrize("law", ["kings-point-ny", "levy-county-fl"])
def test_array_audit_equals_the_one_dock_review_across_narrow_canals(law):
    """Canals 70 to 120 ft wide: each lot's water meets the far bank (its own shore part on one canal, another on the
    next), so a dock's part is told seaward by the far bank's side; under a law with a reach cap and one without."""
    arrays, alone = _both(_layers(canal_county(600, seed=11)), profile=law)
    _same(arrays, alone)
    assert alone["failed"].str.contains("setback").any()


@pytest.mark.parametrize("law", ["collier-county-fl", "pembroke-pines-fl"])
def test_array_audit_measures_the_canals_widths_as_the_one_dock_review(law):
    """Laws that hold a dock to a share of the waterway's width (the narrowest across its span, from the MHW lines of
    both banks): the arrays measure the width as the review does, on a canal whose far bank is its own shore part
    and on one whose far bank is another line; docks pass and fail the width's checks alike."""
    arrays, alone = _both(_layers(canal_county(600, seed=11)), profile=law)
    _same(arrays, alone)
    rules = ruleset(law)
    width_checks = [r.id for r in rules.rules if "width_narrowest_ft" in r.reads]
    failed = alone["failed"].str.split(", ")
    assert width_checks and failed.apply(lambda f: bool(set(f) & set(width_checks))).any()
    assert alone["verdict"].isin(["compliant", "noncompliant"]).all()  # every width known: no dock left needing data


def test_array_audit_equals_the_one_dock_review_with_components_inferred():
    arrays, alone = _both(_layers(synthetic.county(400, seed=7)), drop_components=True)
    _same(arrays, alone)
    assert (alone["components"] == "inferred: walkway + float head").any()


def test_array_audit_equals_the_one_dock_review_with_soundings():
    arrays, alone = _both(_layers(synthetic.county(200, seed=3, soundings=True), soundings=True), draft_ft=3.0)
    _same(arrays, alone)
    # some docks reach past navigable depth, and some lie beyond the survey (the depth is not known: needs data)
    assert alone["failed"].str.contains("navigable-reach").any() and alone["max_allowed_reach_ft"].isna().any()


@pytest.mark.parametrize("law", PROFILES)
def test_the_layer_audit_answers_under_every_shipped_law_as_the_one_dock_review(law):
    """The arrays give what the one-dock review gives under every law: the figures of other laws they measure (a
    dock's extent along the shore, past the property line) or know unknown (a pier line's, a datum line's without
    soundings); a law reading one they do not (a waterway's width) has its docks reviewed one by one. No law is
    left unanswered."""
    c = synthetic.county(200, seed=7)
    layers = _layers(c)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        table = screen(layers, id_field="PARCEL_ID", workers=1).parcels
        ids = layers.docks["dock_id"].drop_duplicates().to_numpy()[:6]
        sample = dataclasses.replace(layers, docks=layers.docks[layers.docks["dock_id"].isin(ids)])
        arrays = audit_docks(sample, table, profile=law, dock_id_field="dock_id").set_index("dock_id")
        alone = audit_docks(sample, table, profile=law, dock_id_field="dock_id", arrays=False).set_index("dock_id")
    assert len(arrays) == len(ids) and not arrays["verdict"].str.startswith("not reviewed").any()
    for column in ("parcel_id", "failed", "verdict"):
        assert (arrays[column] == alone[column]).all(), (law, column)


#: The shipped laws whose docks the arrays still leave to the one-dock review without soundings: none.
ONE_BY_ONE: set[str] = set()


@pytest.mark.parametrize("law", PROFILES)
def test_the_arrays_answer_every_dock_without_the_one_dock_review(law, monkeypatch):
    """Under every shipped law but those of :data:`ONE_BY_ONE`, the array audit measures and decides every dock
    itself: the one-dock review (some 0.1 s a dock) is never asked."""
    import dockreview.batch.audit as audit

    asked = []
    monkeypatch.setattr(audit, "_review_dock", lambda *a, **k: asked.append(1) or {"verdict": "not reviewed: asked"})
    layers = _layers(canal_county(200, seed=3))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        table = screen(layers, id_field="PARCEL_ID", workers=1).parcels
        audit.audit_docks(layers, table, profile=law, dock_id_field="dock_id")
    assert bool(asked) == (law in ONE_BY_ONE), law


def test_the_whole_docks_clearance_leaves_out_its_mooring_system_as_the_one_dock_review():
    """Wrightsville Beach keeps every part of a dock 15 ft from any other pier but one of its own mooring system (a
    dock on its lot that it touches). On a straight shore: docks A and B touch on one lot (each left out of the
    other's clearance); A stands 20 ft from dock C on the next lot (passes), B 10 ft (fails, and so does C); D,
    alone, passes."""
    crs = WORKING
    lots = [shapely.box(x, -150, x + 100, 0) for x in (0, 100, 200, 300)]
    parcels = gpd.GeoDataFrame({"PARCEL_ID": ["L1", "L2", "L3", "L4"], "PROP_CLASS": ["210"] * 4}, geometry=lots, crs=crs)
    a = shapely.box(80, -5, 86, 60)
    b = shapely.box(86, -5, 96, 10)  # touches A, rooted on L1's shore
    c = shapely.box(106, -5, 112, 60)  # 10 ft from B, 20 ft from A
    c2 = shapely.box(106, 50, 114, 60)  # C's float
    d = shapely.box(340, -5, 346, 60)
    docks = gpd.GeoDataFrame(
        {"dock_id": ["A", "B", "C", "C", "D"], "component": ["walkway", "walkway", "walkway", "float", "walkway"]},
        geometry=[a, b, c, c2, d], crs=crs,
    )
    mhw = shapely.LineString([(-500, 0), (900, 0)])
    layers = ScreenLayers(parcels, mhw, None, docks, crs, crs_mod.feet_per_unit(crs))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        table = screen(layers, id_field="PARCEL_ID", workers=1).parcels
        arrays = audit_docks(layers, table, profile="wrightsville-beach-nc", dock_id_field="dock_id").set_index("dock_id")
        alone = audit_docks(layers, table, profile="wrightsville-beach-nc", dock_id_field="dock_id", arrays=False).set_index("dock_id")
    _same(arrays, alone)
    fails = alone["failed"].str.contains("pier-clearance")
    assert fails.to_dict() == {"A": False, "B": True, "C": True, "D": False}


def test_two_laws_audited_together_answer_as_each_alone():
    """``compare --docks`` audits under two laws at once, each dock measured once for both: every figure either
    law reads is measured (Pembroke Pines reads the narrowest width, Collier County the protrusion past the property
    line too), so each law's rows are those of its own audit."""
    layers = _layers(canal_county(300, seed=5))
    laws = ("pembroke-pines-fl", "collier-county-fl")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        table = screen(layers, id_field="PARCEL_ID", workers=1).parcels
        together = audit_docks_each(layers, table, profiles=laws, dock_id_field="dock_id")
        for law, rows in zip(laws, together):
            alone = audit_docks(layers, table, profile=law, dock_id_field="dock_id")
            _same(rows.set_index("dock_id"), alone.set_index("dock_id"))

