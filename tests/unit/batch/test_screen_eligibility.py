"""The screen's column ``eligibility`` and ``screen --accuracy ROLE=FT`` (issue 30), against answers derived by hand.

A straight MHW line along u, the water at v > 0; lots 500 ft apart standing on it, 100 ft deep. Each lot's left
side line is square to the shore; its right side line is square too, or leans: it runs seaward along (0.6, 0.8),
at an angle alpha to the shore with cot(alpha) = 0.75.

By hand (NSSDA, FGDC-STD-007.3-1998): a layer of 95 % radial accuracy ``A`` (a circular normal shift, each axis's
sigma ``A / sqrt(-2 ln 0.05)``) moves a distance square to a line by ``1.959964 / sqrt(-2 ln 0.05) A`` = 0.8007 A
at 95 %. As the MHW line moves square to itself by ``m``, the leaning corner slides along the shore by
``m cot(alpha)``; as the lot lines move by ``s`` square to the shore, by ``-s cot(alpha)``; the square corner does
not slide. So a leaning lot's frontage moves at 95 % by ``0.8007 * 0.75 * hypot(A_parcels, A_mhw)`` (4.03 ft with
``--accuracy parcels=6 --accuracy mhw=3``; 6.46 ft at the defaults, a tax map's 200/30 ft at 90 % x 1.1406 =
7.60 ft for the lots and the MHW line alike); a square lot's not at all.

Kings Point: at least 150 ft of frontage; a setback of the greater of 40 % of the frontage and 60 ft, so a leaning
lot keeps a band ``F - 2.25 S`` wide (room enough from 135 ft); 50 ft clear of a channel. The square lots with a
channel (200 ft of frontage, a 40-ft band) have a channel square to them at ``d`` ft from the shore across the
whole lot: the envelope is a strip ``d - 50`` ft deep, which the channel moved toward the shore by its distance's
95 %, ``0.8007 * hypot(A_channels, A_mhw)`` (5.37 ft stated at 6 and 3; 8.61 ft at the defaults), would close;
with ``d`` under 50 there is none, and the channel moved ``50 - d`` away would open one.

:data:`LOTS` gives each lot's class with the figures stated (6, 3, channels 6), at the defaults, and with the MHW
line's accuracy unassessed (every lot whose answer moves with the MHW line is then within it; the square lots'
frontages do not move with it).
"""

from __future__ import annotations

import math
import warnings

import geopandas as gpd
import pandas as pd
import pytest
import shapely
from click.testing import CliRunner
from pyproj import CRS

from dockreview.batch.eligibility import CLASSES, accuracy_option, screen_accuracy
from dockreview.batch.layers import ScreenLayers
from dockreview.batch.screen import screen
from dockreview.cli import main
from dockreview.errors import DockReviewError, DockReviewWarning
from dockreview.inputs import crs as crs_mod
from dockreview.profile import profile_names
from dockreview.testing.counties import county
from support.sitegen import frame_in

EW, E, NW, N = "eligible-within-accuracy", "eligible", "not-eligible-within-accuracy", "not-eligible"
NSSDA_95 = 1.959964 / math.sqrt(-2.0 * math.log(0.05))
TAX_MAP_FT = 200.0 / 30.0 * 1.1406
COT = 0.75
DEPTH = 100.0
SPACING = 500.0
STATED = ["--accuracy", "parcels=6", "--accuracy", "mhw=3", "--accuracy", "channels=6"]
#: name: (frontage ft, leaning right side, channel's distance from the shore or None), then the class with the
#: figures stated, at the defaults, and with the MHW line unassessed.
LOTS = {
    "lean+2": (152.0, True, None, EW, EW, EW),
    "lean+5": (155.0, True, None, E, EW, EW),
    "lean+10": (160.0, True, None, E, E, EW),
    "lean-2": (148.0, True, None, NW, NW, NW),
    "lean-10": (140.0, True, None, N, N, NW),
    "square+0.5": (150.5, False, None, E, E, E),
    "square-0.5": (149.5, False, None, N, N, N),
    "channel 55": (200.0, False, 55.0, EW, EW, EW),
    "channel 57": (200.0, False, 57.0, E, EW, EW),
    "channel 60": (200.0, False, 60.0, E, E, EW),
    "channel 46": (200.0, False, 46.0, NW, NW, NW),
    "channel 40": (200.0, False, 40.0, N, N, NW),
}
CRSS = ("EPSG:2263", "EPSG:32618")


def test_the_hand_figures_sit_where_the_lots_are_placed():
    """The lots' margins against the hand-derived 95 % figures (the table's classes follow from these)."""
    stated, default = NSSDA_95 * COT * math.hypot(6.0, 3.0), NSSDA_95 * COT * math.hypot(TAX_MAP_FT, TAX_MAP_FT)
    assert stated == pytest.approx(4.028, abs=1e-3) and default == pytest.approx(6.458, abs=1e-3)
    assert 2 < stated < 5 < default < 10
    channel_stated, channel_default = NSSDA_95 * math.hypot(6.0, 3.0), NSSDA_95 * math.hypot(TAX_MAP_FT, TAX_MAP_FT)
    assert 5 < channel_stated < 7 < channel_default < 10


def _layers(crs: str, names=tuple(LOTS)) -> tuple[gpd.GeoDataFrame, shapely.Geometry, gpd.GeoDataFrame]:
    frame = frame_in(crs)
    lots, channels = [], []
    for i, name in enumerate(names):
        frontage, lean, channel, *_ = LOTS[name]
        u0 = i * SPACING
        back = u0 + frontage - (COT * DEPTH if lean else 0.0)
        lots.append(frame.geom(shapely.Polygon([(u0, 0.0), (u0 + frontage, 0.0), (back, -DEPTH), (u0, -DEPTH)])))
        if channel is not None:
            channels.append(frame.geom(shapely.box(u0 - 20.0, channel, u0 + frontage + 20.0, channel + 300.0)))
    inland = frame.geom(shapely.box(0.0, -400.0, 100.0, -300.0))
    parcels = gpd.GeoDataFrame({"PARCEL_ID": [*names, "inland"]}, geometry=[*lots, inland], crs=crs)
    mhw = frame.geom(shapely.LineString([(-SPACING, 0.0), (len(names) * SPACING, 0.0)]))
    return parcels, mhw, gpd.GeoDataFrame(geometry=channels, crs=crs)


def _screen(crs: str, **kwargs) -> pd.DataFrame:
    parcels, mhw, channels = _layers(crs)
    working = CRS.from_user_input(crs)
    layers = ScreenLayers(parcels, mhw, channels, None, working, crs_mod.feet_per_unit(working))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        return screen(layers, id_field="PARCEL_ID", workers=1, **kwargs).parcels.set_index("parcel_id")


@pytest.mark.parametrize("crs", CRSS)
@pytest.mark.parametrize(("accuracy", "column"), [
    ({"parcels": 6.0, "mhw": 3.0, "channels": 6.0}, 3), (None, 4), ({"mhw": None}, 5),
], ids=["stated", "defaults", "mhw-unassessed"])
def test_each_lot_is_within_the_accuracy_derived_by_hand(crs, accuracy, column):
    table = _screen(crs, accuracy=accuracy)
    for name, lot in LOTS.items():
        assert table.loc[name, "frontage_ft"] == pytest.approx(lot[0], abs=0.01), name
        assert table.loc[name, "eligibility"] == lot[column], (name, table.loc[name, "reasons"])
    assert table.loc["inland", "eligibility"] == N
    assert list(table.columns).index("eligibility") == list(table.columns).index("eligible") + 1


def test_the_cli_takes_the_figures_and_writes_the_column(tmp_path):
    parcels, mhw, channels = _layers("EPSG:2263")
    data = tmp_path / "lots.gpkg"
    parcels.to_file(data, layer="parcels")
    gpd.GeoDataFrame(geometry=[mhw], crs=parcels.crs).to_file(data, layer="mhw")
    channels.to_file(data, layer="channels")
    base = ["screen", "--parcels", f"{data}:parcels", "--mhw", f"{data}:mhw", "--channels", f"{data}:channels",
            "--id-field", "PARCEL_ID", "--no-progress"]
    for extra, column in ((STATED, 3), ([], 4)):
        out = tmp_path / f"out{column}.gpkg"
        run = CliRunner().invoke(main, [*base, *extra, "--batch", "5", "-o", str(out)])  # streamed, a batch of 5 at a time
        assert run.exit_code == 0, run.output
        table = pd.read_csv(out.with_suffix(".csv")).set_index("parcel_id")
        assert table.loc[list(LOTS), "eligibility"].tolist() == [lot[column] for lot in LOTS.values()]
        assert gpd.read_file(out, layer="parcels").set_index("parcel_id")["eligibility"].equals(table["eligibility"])


@pytest.mark.parametrize("value", ["parcels=-1", "parcels", "parcels=six", "boats=3", "parcels=nan"])
def test_a_bad_accuracy_is_one_line_and_exit_2(tmp_path, value):
    run = CliRunner().invoke(main, ["screen", "--parcels", "x.gpkg", "--mhw", "y.gpkg", "--accuracy", value,
                                    "-o", str(tmp_path / "o.gpkg")])
    assert run.exit_code == 2 and len(run.output.strip().splitlines()) == 1 and "--accuracy" in run.output, run.output
    assert not (tmp_path / "o.gpkg").exists()


def test_a_role_given_twice_or_unknown_is_refused():
    with pytest.raises(DockReviewError, match="twice"):
        accuracy_option(["mhw=3", "mhw=4"])
    with pytest.raises(DockReviewError, match="boats"):
        screen_accuracy({"boats": 3.0})
    with pytest.raises(DockReviewError, match="feet"):
        screen_accuracy({"mhw": -2.0})
    assert screen_accuracy({"docks": 2.5})["docks"].horizontal_ft == 2.5
    assert screen_accuracy()["parcels"].horizontal_ft == pytest.approx(TAX_MAP_FT)


def test_the_dask_backend_gives_the_same_column():
    distributed = pytest.importorskip("distributed")
    pytest.importorskip("dask_geopandas")
    local = _screen("EPSG:2263", accuracy={"parcels": 6.0, "mhw": 3.0, "channels": 6.0})
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        on_dask = _screen("EPSG:2263", accuracy={"parcels": 6.0, "mhw": 3.0, "channels": 6.0}, backend="dask",
                          scheduler=cluster.scheduler_address)
    assert on_dask.loc[local.index, "eligibility"].equals(local["eligibility"])


def test_under_every_shipped_profile_the_column_agrees_with_eligible():
    c = county(120, seed=3)
    mhw = shapely.line_merge(shapely.union_all(c.mhw.geometry.values))
    working = c.parcels.crs
    layers = ScreenLayers(c.parcels, mhw, c.channels, c.docks, working, crs_mod.feet_per_unit(working))
    screened = 0
    for name in profile_names():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            try:
                table = screen(layers, profile=name, id_field="PARCEL_ID", class_field="PROP_CLASS", workers=1).parcels
            except DockReviewError as exc:  # a method that needs a layer the screen does not take
                assert "riparian lines" in str(exc), name
                continue
        assert set(table["eligibility"]) <= set(CLASSES), name
        said_eligible = table["eligibility"].isin([E, EW]).to_numpy()
        assert (said_eligible == table["eligible"].to_numpy(dtype=bool)).all(), name
        screened += 1
    assert screened >= 8
