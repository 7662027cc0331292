"""Each layer's positional accuracy on a loaded site (issue 30, its first part), through the public API and the CLI.

A straight shore with a 100-ft lot, drawn in EPSG:2263 (US ft) and EPSG:32618 (metres): a figure stated in the
manifest is feet whatever the CRS; with nothing stated each layer takes its default, marked assumed (a tax map at
1 in = 200 ft: 1/30 in x 200 = 6.667 ft at 90 %, x 1.1406 to 95 % = 7.604 ft); the proposed dock is exact. The Key
West sample's chart cell puts the lot in quality zone B (read here a second way, with fiona): +-50 m = 164.04 ft,
depths +-(1.0 m + 2 %).
"""

from __future__ import annotations

import warnings

import fiona
import numpy as np
import pytest
import shapely
from click.testing import CliRunner
from pyproj import Transformer
from shapely.geometry import LineString, shape

import dockreview
from dockreview.cli import main
from support.paths import DATA
from support.sitegen import frame_in, lots_beside, write_local_site

CRSS = ["EPSG:2263", "EPSG:32618"]
FT_M = 0.3048
TAX_MAP_95 = 200.0 / 30.0 * 1.1406


def _site(tmp_path, crs, *, stated: dict | None = None):
    frame = frame_in(crs)
    subject, left, right = lots_beside([(-50, 0), (-50, -150)], [(50, 0), (50, -150)])
    layers = {role: {"path": "site.gpkg", "layer": role, **figures} for role, figures in (stated or {}).items()}
    return write_local_site(
        tmp_path, frame, parcels=[("2-105-33", subject), ("L", left), ("R", right)],
        mhw=[LineString([(-400, 0), (400, 0)])], dock={"length": 60.0, "width": 6.0},
        tables={"layers": layers} if layers else None, exact=False,
    ).manifest


def _load(manifest):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return dockreview.load_site(str(manifest))


@pytest.mark.parametrize("crs", CRSS)
def test_stated_accuracies_are_feet_whatever_the_crs(tmp_path, crs):
    site = _load(_site(tmp_path, crs, stated={"parcels": {"accuracy_ft": 2.0}, "mhw": {"accuracy_ft": 3.5}}))
    assert set(site.accuracy) == {"parcels", "mhw", "dock"}
    for role, feet in (("parcels", 2.0), ("mhw", 3.5)):
        got = site.accuracy[role]
        assert (got.horizontal_ft, got.assumed, got.unassessed, got.source) == (feet, False, False, "stated in the manifest")
    assert site.accuracy["dock"].horizontal_ft == 0.0 and not site.accuracy["dock"].assumed


@pytest.mark.parametrize("crs", CRSS)
def test_with_nothing_stated_each_layer_takes_its_default_marked_assumed(tmp_path, crs):
    site = _load(_site(tmp_path, crs))
    parcels, mhw, dock = (site.accuracy[r] for r in ("parcels", "mhw", "dock"))
    assert parcels.horizontal_ft == pytest.approx(TAX_MAP_95) == pytest.approx(7.604, abs=0.001)
    assert mhw.horizontal_ft == pytest.approx(TAX_MAP_95)
    assert parcels.assumed and mhw.assumed and not dock.assumed
    assert parcels.source.startswith("assumed: a tax map at 1 in = 200 ft")
    assert mhw.source.startswith("assumed: drawn to the lot lines' standard")
    assert parcels.vertical_ft is None and mhw.vertical_ft is None


@pytest.mark.parametrize(("value", "line"), [
    ("-2", "'layers.parcels.accuracy_ft' must be zero or more (feet, at 95 %), got -2"),
    ('"about six"', "'layers.parcels.accuracy_ft' must be a number, got 'about six'"),
])
def test_a_bad_accuracy_is_one_line_and_exit_2(tmp_path, value, line):
    manifest = _site(tmp_path, "EPSG:2263", stated={"parcels": {"accuracy_ft": 1.0}})
    manifest.write_text(manifest.read_text().replace("accuracy_ft = 1.0", f"accuracy_ft = {value}"))
    result = CliRunner().invoke(main, ["check", str(manifest)])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith(line), result.stderr
    assert "Traceback" not in result.output


def _zones_over_lot_by_fiona(cell, lot_lonlat) -> set[int]:
    """CATZOC of the cell's M_QUAL polygons over the lot, read with fiona (GDAL's own listing)."""
    with fiona.open(cell, layer="M_QUAL") as src:
        return {int(f["properties"]["CATZOC"]) for f in src if shape(f["geometry"]).intersects(lot_lonlat)}


def test_the_key_west_chart_gives_its_quality_zone_over_the_lot():
    site = _load(DATA / "key-west-chart" / "site.toml")
    to_lonlat = Transformer.from_crs(site.crs, "EPSG:4326", always_xy=True)
    lot = shapely.transform(site.parcel, lambda xy: np.column_stack(to_lonlat.transform(xy[:, 0], xy[:, 1])))
    assert _zones_over_lot_by_fiona(DATA / "key-west-chart" / "US5FL4DR.000", lot) == {3}  # zone B
    for role in ("mhw", "channels", "docks", "soundings"):
        got = site.accuracy[role]
        assert got.horizontal_ft == pytest.approx(50.0 / FT_M, abs=0.01)  # 164.04 ft
        assert not got.assumed and not got.unassessed
        assert got.source.startswith("the chart's quality zone B (CATZOC) over the lot: ±50 m")
    soundings = site.accuracy["soundings"]
    assert soundings.vertical_ft == pytest.approx(1.0 / FT_M)  # 3.281 ft
    assert soundings.vertical_at(20.0) == pytest.approx(1.0 / FT_M + 0.02 * 20.0)  # 20 ft deep: 3.681 ft
    assert site.accuracy["mhw"].vertical_ft is None
    assert site.accuracy["parcels"].assumed and site.accuracy["dock"].horizontal_ft == 0.0
