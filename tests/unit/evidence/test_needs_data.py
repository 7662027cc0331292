"""A measure's figures have the same keys whatever its status (issue 15 item 5): null where not measured, never missing.

Code that reads a figure must work on a site short of data as on a measured one.
Known by construction: data/evidence-site measures all eight; data/straight-t-float
has no buildings (no water views) and no opposite shore; a generated site in UTM
metres has only parcels, the MHW line and a dock (no docks, channels, buildings,
soundings or vegetation), with a lot behind the subject that does not front the
water and lights with no position; another (EPSG:2263) has what sets the optional
figures: a channels layer with no channel, a dock ending short of the MLW line, and
a viewpoint given in the manifest.
"""

from __future__ import annotations

import json
import warnings

import geopandas as gpd
import pytest
from shapely.geometry import LineString, Point

import dockreview
from dockreview.evidence import MEASURES, gather
from support.paths import DATA
from support.sitegen import SUBJECT_ID, frame_in, rect, t_dock, write_local_site

NEAR = [("2-105-32", rect(-300, -150, -100, 0)), (SUBJECT_ID, rect(-100, -150, 100, 0)), ("2-105-34", rect(100, -150, 300, 0))]
BEHIND = ("2-105-40", rect(-100, -300, 100, -150))   # adjoins the lot at v = -150, off the water


def _odd_site(directory):
    """Buildings and a manifest viewpoint, an empty channels layer, MLW 200 ft out on a plane bottom (1 in 10)."""
    frame = frame_in("EPSG:2263")
    site = write_local_site(directory, frame, parcels=NEAR, mhw=[LineString([(-2500, 0), (2500, 0)])], dock=t_dock(),
                            channels=[], docks=[rect(197, 0, 203, 80)])
    gpkg = site.dir / "site.gpkg"
    soundings = [((u, v), (v - 200) / 10.0) for u in range(-300, 301, 50) for v in range(-20, 301, 20)]
    extra = {
        "buildings": gpd.GeoDataFrame({"USE": ["house"]}, geometry=[frame.geom(rect(180, -70, 220, -30))], crs=frame.crs),
        "mlw": gpd.GeoDataFrame({"NAME": ["MLW"]}, geometry=[frame.geom(LineString([(-2500, 200), (2500, 200)]))], crs=frame.crs),
        "soundings": gpd.GeoDataFrame({"DEPTH_MLW": [d for _, d in soundings]},
                                      geometry=[frame.geom(Point(p)) for p, _ in soundings], crs=frame.crs),
    }
    for layer, frame_ in extra.items():
        frame_.to_file(gpkg, layer=layer, driver="GPKG", engine="pyogrio")
    site.rewrite(layers={k: f"site.gpkg:{k}" for k in extra}, soundings={"depth_field": "DEPTH_MLW"},
                 evidence={"viewpoints": [[*frame.pt(200.0, -30.0), 12.0]]}, **{"dock.attributes": {"deck_height_above_mhw_ft": 5.0}})
    return site.manifest


def _review(manifest):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(dockreview.load_site(manifest))


@pytest.fixture(scope="module")
def evidence(tmp_path_factory):
    site = write_local_site(tmp_path_factory.mktemp("bare") / "bare", frame_in("EPSG:26918"), parcels=[*NEAR, BEHIND],
                            mhw=[LineString([(-2500, 0), (2500, 0)])], dock=t_dock())
    site.rewrite(**{"dock.attributes": {"lighting_height_in": 30.0}})
    reviews = {
        "evidence-site": _review(DATA / "evidence-site" / "site.toml"),
        "straight-t-float": _review(DATA / "straight-t-float" / "site.toml"),
        "bare": _review(site.manifest),
        "odd": _review(_odd_site(tmp_path_factory.mktemp("odd") / "odd")),
    }
    return {name: gather(review) for name, review in reviews.items()}


def _lists(values):
    """The figures that are lists of items (per viewpoint, per lot, per component): name -> the items."""
    return {k: v for k, v in values.items() if isinstance(v, list) and v and all(isinstance(i, dict) for i in v)}


def test_the_sites_differ_as_built(evidence):
    assert all(m.measured for m in evidence["evidence-site"].measures)
    assert not evidence["straight-t-float"].water_views.measured and not evidence["straight-t-float"].waterway.measured
    bare = evidence["bare"]
    assert [m.key for m in bare.measures if m.measured] == [], [(m.key, m.status) for m in bare.measures]


@pytest.mark.parametrize("key", MEASURES)
def test_every_measure_has_the_same_figures_whatever_its_status(evidence, key):
    measured = getattr(evidence["evidence-site"], key).values
    for name, result in evidence.items():
        values = getattr(result, key).values
        assert set(values) == set(measured), (name, set(values) ^ set(measured))


@pytest.mark.parametrize("key", MEASURES)
def test_every_item_of_a_list_has_the_same_figures(evidence, key):
    """Each viewpoint, lot, dock or component carries the same keys, on every site and whatever it is."""
    shapes: dict[str, set] = {}
    for name, result in evidence.items():
        for figure, items in _lists(getattr(result, key).values).items():
            for item in items:
                assert set(item) == shapes.setdefault(figure, set(item)), (name, figure, set(item) ^ shapes[figure])


def test_the_items_compared_include_the_odd_ones(evidence):
    """The comparison above meets a lot off the water, the lights (no position) and a viewpoint's full figures."""
    lots = {lot["parcel_id"]: lot for lot in evidence["bare"].neighbour_water.values["lots"]}
    assert lots["2-105-40"]["fronts_water"] is False and lots["2-105-40"]["water_sqft"] is None
    assert lots["2-105-34"]["fronts_water"] is True and lots["2-105-34"]["reason"] is None
    lights = [c for c in evidence["bare"].constructions.values["components"] if c["component"] == "lights"]
    assert lights and lights[0]["nearest_ft"] is None
    assert evidence["evidence-site"].water_views.values["viewpoints"]


def test_the_optional_figures_are_there_when_set_and_null_when_not(evidence):
    odd = evidence["odd"]
    assert odd.waterway.values["channel_note"] == "the channels layer holds no channel"
    assert odd.waterway.values["channel_distance_ft"] is None
    assert odd.foreshore.values["dock_ends_before_mlw"] is True and "short of the MLW line" in odd.foreshore.values["passage_note"]
    (vp,) = odd.water_views.values["viewpoints"]
    assert vp["source"] == "manifest" and odd.water_views.values["adjoining_without_building"] is None
    # the float's height is not given (no float_deck_above_water_in): the angle is the walkway's, the float left out
    assert vp["vertical_angle_deg"] is not None
    assert vp["vertical_angle_leaves_out"] == ["components whose height needs dock.attributes.float_deck_above_water_in"]
    site = evidence["evidence-site"]
    assert all(v["vertical_angle_leaves_out"] == [] for v in site.water_views.values["viewpoints"]), "every height given"
    assert site.waterway.values["channel_note"] is None and site.foreshore.values["passage_note"] is None


def test_water_views_without_buildings_are_null(evidence):
    for name in ("straight-t-float", "bare"):
        views = evidence[name].water_views
        assert views.status == "needs-data" and views.needs[0].startswith("layers.buildings")
        for figure in ("viewpoint_count", "greatest_dock_share_of_view_pct", "greatest_dock_share_parcel_id",
                       "adjoining_without_building"):
            assert views.values[figure] is None and figure in views.unmeasured, (name, figure)
        assert views.values["viewpoints"] == []
    shares = evidence["evidence-site"].water_views.values
    assert shares["greatest_dock_share_of_view_pct"] > 0 and shares["greatest_dock_share_parcel_id"]


@pytest.mark.parametrize("name", ["straight-t-float", "bare"])
def test_an_unmeasured_figure_is_null_never_zero(evidence, name):
    """Each figure a measure names unmeasured holds no number: null, no items, or (the bottom's profile) nulls."""
    for measure in evidence[name].measures:
        for figure in measure.unmeasured:
            if figure not in measure.values:
                continue  # a figure of each item (a viewpoint's vertical angle) or an item itself (the lights)
            value = measure.values[figure]
            assert value is None or (isinstance(value, list) and all(v is None for v in value)), (measure.key, figure, value)
        assert json.loads(json.dumps(measure.to_dict(), allow_nan=False))["status"] == measure.status
