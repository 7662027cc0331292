"""A check that applies by the kind of water, and a reach to a depth at mean low water (Levy County, FL §50-687(1)f, g).

§50-687(1)f applies "On rivers and canals"; (1)g "On any other body of water": "the
dock cannot extend out from the shoreline any further than a maximum depth of minus
four feet at mean low water". The bottom here is a plane sloping from 0.5 ft below
MLW at the MHW line by 0.056 ft per ft, so by hand it is 4 ft deep where
0.5 + 0.056 v = 4: v = 62.5 ft out, square to a straight shore. A walkway 80 ft
long reaches past it and fails (1)g on a lake; one 60 ft long passes; on a canal
(1)g does not apply; where the manifest does not say what water the lot fronts,
both need data. Each in two storage CRSs (US survey feet and UTM metres).
"""

from __future__ import annotations

import geopandas as gpd
import numpy as np
import pytest
import shapely

import dockreview
from support.sitegen import make_site

SLOPE, SHORE_DEPTH = 0.056, 0.5
AT_4_FT = (4.0 - SHORE_DEPTH) / SLOPE  # 62.5 ft
TOL = 0.05
CRSS = ("EPSG:2263", "EPSG:32618")


def _site(tmp_path, crs: str, length: float, water: str | None):
    dock = {"root": "auto", "bearing": "perpendicular", "length": length, "width": 6.0}
    site = make_site(tmp_path / f"{crs.replace(':', '')}-{length:g}-{water}", crs=crs, working_crs=crs, dock=dock,
                     rotation=33.0)
    us, vs = np.meshgrid(np.arange(-300.0, 301.0, 25.0), np.arange(0.0, 401.0, 25.0))
    points = [site.to_world(shapely.Point(u, v)) for u, v in zip(us.ravel(), vs.ravel())]
    soundings = gpd.GeoDataFrame({"DEPTH_MLW": SHORE_DEPTH + SLOPE * vs.ravel()}, geometry=points, crs="EPSG:2263")
    soundings.to_crs(crs).to_file(site.dir / "soundings.gpkg", layer="soundings", driver="GPKG", engine="pyogrio")
    site_table = {"water": water} if water else {}
    path = site.rewrite(
        site=site_table, layers={"soundings": "soundings.gpkg:soundings"}, soundings={"depth_field": "DEPTH_MLW"},
        review={"profile": "levy-county-fl"},
    )
    return dockreview.review(dockreview.load_site(str(path)))


@pytest.mark.parametrize("crs", CRSS)
@pytest.mark.parametrize("length, status", [(80.0, "fail"), (60.0, "pass")])
def test_on_a_lake_the_dock_stops_where_the_water_is_four_feet_deep_at_mlw(tmp_path, crs, length, status):
    r = _site(tmp_path, crs, length, "lake")
    c = r.check("depth-limit")
    assert c.status == status, c.message
    assert c.value == pytest.approx(length, abs=TOL)
    assert c.limit == pytest.approx(AT_4_FT, abs=TOL)
    assert r.check("waterway-share").status == "not-applicable"
    assert "rivers, canals or creeks only" in r.check("waterway-share").message
    # the envelope stops at the same depth, and says which rule set it
    env = r.layout.envelope
    assert not env.needs and env.reach_limit_ft == pytest.approx(AT_4_FT, abs=TOL)
    assert env.greatest_reach_ft == pytest.approx(AT_4_FT, abs=0.5)
    assert r.rules.reach_sections(r.measurements, env.reach_limit_ft) == ("§50-687(1)g",)


@pytest.mark.parametrize("crs", CRSS)
def test_on_a_canal_the_depth_rule_does_not_apply(tmp_path, crs):
    r = _site(tmp_path, crs, 80.0, "canal")
    assert r.check("depth-limit").status == "not-applicable"
    assert "the lot fronts a canal" in r.check("depth-limit").message
    assert r.check("waterway-share").status != "not-applicable"


def test_without_the_kind_of_water_both_need_data_and_nothing_passes(tmp_path):
    r = _site(tmp_path, CRSS[0], 80.0, None)
    for check in ("waterway-share", "depth-limit"):
        c = r.check(check)
        assert c.status == "needs-data" and c.needs == ("[site] water",), (check, c.message)
    assert r.verdict == "incomplete"
    assert r.layout.envelope.needs and not r.layout.envelope.possible


def test_a_misspelled_water_is_refused_with_the_nearest_kind(tmp_path):
    site = make_site(tmp_path, dock={"root": "auto", "bearing": "perpendicular", "length": 60.0, "width": 6.0})
    path = site.rewrite(site={"water": "canall"})
    with pytest.raises(dockreview.ManifestError, match=r"'site.water' 'canall' is not a kind of water \(did you mean 'canal'\?\)"):
        dockreview.load_site(str(path))
