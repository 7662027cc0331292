"""Docks whose features lack an id are still docks: audited, and in the way of their neighbours' envelopes.

By a second method: the same county screened and audited with every dock's id, and with the ids of some docks
blanked (missing, or blank text). A dock without an id is its features within half a foot of one another (its
walkway and its float), so each such dock comes back whole: the same measurements, failures and verdict as under
its id, and the lots' figures (the existing docks they count, the envelopes the docks cut) unchanged.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
import shapely
from pyproj import CRS

from dockreview.batch.audit import AUDIT_COLUMNS
from dockreview.batch.layers import ScreenLayers
from dockreview.batch.screen import screen
from dockreview.errors import DockReviewWarning
from dockreview.inputs import crs as crs_mod
from dockreview.testing.counties import county


def _screened(docks):
    c = county(400, seed=7)
    working = CRS.from_user_input("EPSG:2263")
    mhw = shapely.line_merge(shapely.union_all(c.mhw.geometry.values))
    layers = ScreenLayers(c.parcels, mhw, c.channels, docks if docks is not None else c.docks, working, crs_mod.feet_per_unit(working))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        return screen(layers, id_field="PARCEL_ID", class_field="PROP_CLASS", audit=True, dock_id_field="dock_id", workers=1), c


@pytest.fixture(scope="module")
def both():
    whole, c = _screened(None)
    ids = c.docks["dock_id"].drop_duplicates().to_numpy()
    blanked = {ids[3]: None, ids[10]: " ", ids[-2]: np.nan}  # missing, blank text, NaN
    docks = c.docks.copy()
    docks["dock_id"] = docks["dock_id"].astype(object)
    for dock, value in blanked.items():
        docks.loc[docks["dock_id"] == dock, "dock_id"] = value
    partial, _ = _screened(docks)
    return whole, partial, blanked


def test_a_dock_without_an_id_is_audited_whole(both):
    whole, partial, blanked = both
    a = whole.audit.set_index("dock_id")
    b = partial.audit.set_index("dock_id")
    unnamed = b.index[b.index.str.startswith("(no dock_id) ")]
    assert len(b) == len(a) and len(unnamed) == len(blanked)
    assert set(b.index) - set(unnamed) == set(a.index) - set(map(str, blanked))
    # each unnamed dock is one of the blanked ones, whole: matched by its footprint
    for name in unnamed:
        match = a.index[shapely.equals(a.geometry.values, b.loc[name].geometry)]
        assert len(match) == 1 and match[0] in map(str, blanked), name
        for column in AUDIT_COLUMNS:
            x, y = a.loc[match[0], column], b.loc[name, column]
            assert (pd.isna(x) and pd.isna(y)) or x == pytest.approx(y, abs=1e-6), column
        assert a.loc[match[0], "verdict"] == b.loc[name, "verdict"] and a.loc[match[0], "failed"] == b.loc[name, "failed"]


def test_a_dock_without_an_id_still_counts_and_stands_in_the_way(both):
    whole, partial, _ = both
    pd.testing.assert_frame_equal(
        partial.parcels.drop(columns="geometry"), whole.parcels.drop(columns="geometry"), rtol=0, atol=1e-6,
    )
    assert whole.parcels["existing_docks"].sum() == partial.parcels["existing_docks"].sum() > 0
