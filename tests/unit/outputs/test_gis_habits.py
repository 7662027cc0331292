"""A geopandas user's habits (issue 16): explore(), the site's layers as GeoDataFrames, the envelope in the layers,
a short repr, numbers rounded as the check prints them.

The figures expected are known by construction: a 200 ft lot on a straight shore
(tests/support/sitegen.py) with a perpendicular 100 ft walkway, 6 ft wide, in two
working CRSs (EPSG:2263 in US feet and UTM 18N in metres); and the sample sites'
own figures (data/README.md).
"""

from __future__ import annotations

import functools
import warnings

import folium
import pyogrio
import pytest
import shapely
from click.testing import CliRunner

import dockreview
from dockreview.cli import main
from support.paths import DATA
from support.sitegen import make_site

DOCK = {"root": (0.0, 0.0), "bearing": "perpendicular", "length": 100.0, "width": 6.0}


def _review(manifest):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(dockreview.load_site(manifest))


@functools.lru_cache(maxsize=None)
def sample(name: str):
    return _review(DATA / name / "site.toml")


@pytest.fixture(params=["EPSG:2263", "EPSG:32618"])
def built(request, tmp_path):
    files = make_site(tmp_path, dock=DOCK, working_crs=request.param, fmt="geojson")
    return _review(files.manifest)


def _layers(m: folium.Map) -> dict[str, folium.GeoJson]:
    return {c.layer_name: c for c in m._children.values() if isinstance(c, folium.GeoJson)}


def test_explore_returns_a_folium_map_holding_the_reviews_layers(built):
    m = built.explore()
    assert isinstance(m, folium.Map)
    layers = _layers(m)
    assert {"parcel", "parcels", "mhw", "envelope", "no_go_areas", "side_lines", "dock_components", "dimension_lines",
            "allowed_reach_line", "seaward_terminus", "water_corners"} <= set(layers)
    # the walkway as drawn: 100 ft x 6 ft = 600 sq ft, in its tooltip's attribute, from either CRS
    walkway = layers["dock_components"].data["features"][0]["properties"]
    assert walkway["component"] == "walkway" and walkway["area_sqft"] == pytest.approx(600.0, abs=0.5)
    # in WGS 84, where folium draws: the lot lies at Kings Point (lon -73.7, lat 40.8)
    lon, lat = shapely.geometry.shape(layers["parcel"].data["features"][0]["geometry"]).centroid.coords[0]
    assert -73.8 < lon < -73.6 and 40.7 < lat < 40.9
    assert any(isinstance(c, folium.LayerControl) for c in m._children.values())


def test_explore_draws_onto_a_map_given():
    m = folium.Map(location=(40.8, -73.7), zoom_start=17, tiles=None)
    assert sample("straight-t-float").explore(m) is m
    assert "envelope" in _layers(m)


def test_the_sites_layers_as_geodataframes_with_their_crs(built):
    site = built.site
    for role in ("parcel", "parcels", "mhw"):
        frame = site.frame(role)
        assert frame.crs == site.crs
    assert site.frame("mhw").geometry.iat[0].equals(site.mhw)
    assert site.frame("parcel").geometry.iat[0].equals(site.parcel) and site.frame("parcel")["parcel_id"].iat[0] == site.parcel_id
    # the lot's frontage is 200 ft by construction, in feet whatever the CRS's unit
    assert site.frame("mhw").to_crs(2263).length.iat[0] > 200.0
    assert set(site.frames) >= {"parcel", "parcels", "mhw"}
    with pytest.raises(KeyError, match="no 'soundings' layer on this site; it has: parcel, parcels, mhw"):
        site.frame("soundings")
    assert isinstance(site.mhw, shapely.geometry.base.BaseGeometry)  # the shapely objects stay as they were


def test_the_envelope_and_the_no_go_areas_are_in_the_layers(built):
    frame = built.to_geodataframe()
    envelope = frame[frame["layer"] == "envelope"]
    assert len(envelope) == 1 and envelope.geometry.iat[0].equals(built.layout.envelope.geometry)
    assert envelope["area_sqft"].iat[0] == pytest.approx(built.layout.envelope.area_sqft)
    # required setback max(40 % of 200 ft, 60 ft) = 80 ft (to UTM's scale factor, 0.9996 at the central meridian); reach limit 200 ft
    assert envelope["required_setback_ft"].iat[0] == pytest.approx(80.0, rel=1e-3)
    assert envelope["reach_limit_ft"].iat[0] == pytest.approx(200.0) and bool(envelope["possible"].iat[0])
    no_go = frame[frame["layer"] == "no_go_areas"].set_index("kind")
    assert no_go.loc["setback", "reason"] == "no dock: within the 80.0 ft side setback"
    assert no_go.loc["reach", "reason"] == "no dock: beyond the 200.0 ft reach limit"


def test_gpkg_carries_the_envelope(tmp_path):
    """straight-t-float: the envelope of 5,027.8 sq ft the exhibit draws (issue 16 quotes the figure), and why it is there."""
    out = tmp_path / "review.gpkg"
    result = CliRunner().invoke(main, ["-q", "check", str(DATA / "straight-t-float" / "site.toml"), "--gpkg", str(out)])
    assert result.exit_code == 0, result.output
    layers = {name for name, _ in pyogrio.list_layers(out)}
    assert {"envelope", "no_go_areas"} <= layers
    envelope = pyogrio.read_dataframe(out, layer="envelope")
    assert envelope["area_sqft"].iat[0] == pytest.approx(5027.8, abs=0.1)
    assert envelope["reasons"].iat[0] == "" and bool(envelope["possible"].iat[0])
    no_go = pyogrio.read_dataframe(out, layer="no_go_areas")
    setback, clearance = (no_go.loc[no_go["kind"] == k].geometry.iat[0] for k in ("setback", "clearance"))
    assert setback.intersection(clearance).area < 1e-6  # each place named once, as the exhibit hatches it


def test_a_short_repr():
    review = sample("failing-narrow-lot")
    text = repr(review)
    assert text == ("<Review '27 Example Ave', parcel 2-84-13: noncompliant "
                    "(45 checks: 19 pass, 11 not-applicable, 7 fail, 4 board, 3 needs-data, 1 waived)>")


def test_the_notebook_table_rounds_as_the_check_prints():
    """straight-t-float: setbacks 90.0 / 90.0 ft (README), stored as 90.000459 and 90.000773."""
    review = sample("straight-t-float")
    raw = review.to_frame()
    assert raw.loc["side-setback", "value"] != round(raw.loc["side-setback", "value"], 1)  # the case
    table = review.to_frame(rounded=True)
    assert table.loc["side-setback", "value"] == 90.0 and table.loc["side-setback", "limit"] == 80.0
    assert table.loc["frontage", "value"] == 200.0 and table.loc["reach", "value"] == 120.0
    assert table.loc["side-setback", "margin"] == 10.0
    html = review._repr_html_()
    assert "<td>90.0</td>" in html and "90.000" not in html
