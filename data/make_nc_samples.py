"""Regenerate the North Carolina sample site under ``data/``: ``wrightsville-pierline`` (data/README.md).

Run ``python data/make_nc_samples.py`` (from any directory). The site is rebuilt from scratch in
``data/wrightsville-pierline/``: one GeoPackage ``site.gpkg`` and a ``site.toml`` manifest naming the
``wrightsville-beach-nc`` profile. It is drawn in the local frame of ``make_town_samples.py`` (feet, ``u`` along
the shore, ``v`` seaward, the origin on the MHW line at the middle of the subject lot's frontage), turned to the
site's seaward azimuth and placed in Wrightsville Beach, NC, in UTM zone 18N (metres). The designed-in figures
are listed, with how they follow from the construction, in data/README.md.

The geometry is synthetic and illustrative: it is not a survey of any real property, and the pier line is not
the Town's official pier line (its map is kept in the Town Hall).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import geopandas as gpd
import pyogrio

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_town_samples import DATA_DIR, FILE_DATE, Frame, Site, box, line, lots, manifest_text, part  # noqa: E402

#: Wrightsville Beach, NC: the sound side of the island, the water to the west-north-west; UTM zone 18N, metres.
WRIGHTSVILLE = Frame("EPSG:26918", -77.8000, 34.2100, 290.0)
#: The pier line lies this far out from the (straight) MHW line, parallel to it (ft).
PIER_LINE_FT = 80.0


def wrightsville_pierline(frame: Frame = WRIGHTSVILLE) -> Site:
    """A 150-ft lot on the sound with the pier line 80 ft out, a dock 76 ft long with mooring pilings, a 10-ft-beam boat.

    WB-2 (the subject, 150 ft) has an existing dock D-1 on its shore; its neighbour WB-3 (149 ft) has D-3, whose
    walkway passes 23 ft from the proposed dock's right mooring piling.
    """
    return Site(
        folder="wrightsville-pierline",
        water="sound",
        summary="Wrightsville Beach, NC: a pier line 80 ft out, a dock with mooring pilings, a moored boat, a neighbour's pier.",
        title="4 Example Sound Dr, Wrightsville Beach", profile="wrightsville-beach-nc",
        frame=frame, subject="WB-2",
        layers={
            "parcels": lots([-225.0, -75.0, 75.0, 224.0], ["WB-1", "WB-2", "WB-3"], 200.0),
            "mhw": [line((-400.0, 0.0), (400.0, 0.0))],
            "pierhead": [{**line((-400.0, PIER_LINE_FT), (400.0, PIER_LINE_FT)), "NAME": "pier line (illustrative)"}],
            "docks": [{"DOCK_ID": "D-1", "geometry": box(-52.0, -5.0, -48.0, 40.0)},
                      {"DOCK_ID": "D-3", "geometry": box(78.0, -5.0, 82.0, 50.0)}],
            "proposed_dock": [part("walkway", 38.0, -5.0, 42.0, 66.0), part("landing", 28.0, 60.0, 38.0, 66.0),
                              part("landing", 42.0, 60.0, 52.0, 66.0),
                              part("float", 30.0, 66.0, 50.0, 76.0), part("pile", 25.0, 62.0, 26.0, 63.0),
                              part("pile", 54.0, 62.0, 55.0, 63.0)],
        },
        dock={"file": "site.gpkg:proposed_dock", "component_field": "component",
              "attributes": {"deck_height_above_mlw_ft": 8.0, "handrail": True, "pile_diameter_in": 8.0,
                             "open_sides": True, "locker_height_in": 36.0}},
        tables={"layers": {"docks_id_field": "DOCK_ID"}, "vessel": {"length_ft": 24.0, "beam_ft": 10.0, "moored_at": "float"}},
    )


SITES = [wrightsville_pierline]


def write(site: Site, folder: Path) -> Path:
    """Write ``site`` into ``folder`` (made afresh): its layers in ``site.gpkg`` and its ``site.toml``."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for key, records in site.layers.items():
        geometries = [site.frame.place(r["geometry"]) for r in records]
        attributes = [{k: v for k, v in r.items() if k != "geometry"} for r in records]
        table = gpd.GeoDataFrame(attributes, geometry=geometries, crs=site.frame.crs)
        table.to_file(folder / "site.gpkg", layer=key, driver="GPKG", engine="pyogrio")
    text = manifest_text(site).replace("data/make_town_samples.py", "data/make_nc_samples.py", 1)
    (folder / "site.toml").write_text(text, encoding="utf-8")
    return folder


def main() -> None:
    pyogrio.set_gdal_config_options({"OGR_CURRENT_DATE": f"{FILE_DATE}T00:00:00.000Z"})
    for build in SITES:
        site = build()
        folder = write(site, DATA_DIR / site.folder)
        for path in sorted(folder.iterdir()):
            print(path.relative_to(DATA_DIR))


if __name__ == "__main__":
    main()
