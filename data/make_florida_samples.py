"""Regenerate the sample sites of the three Florida profiles under ``data/`` (sites 14-16 of data/README.md).

Run ``python data/make_florida_samples.py`` (from any directory). Each site is rebuilt from scratch in
``data/<site-name>/`` as in ``make_town_samples.py`` (whose :class:`Frame` and :class:`Site` it uses): a local
frame in feet, ``u`` along the shore, ``v`` seaward, the origin on the MHW line at the middle of the subject
lot's frontage, turned to the site's seaward azimuth and placed in the town in UTM zone 17N (metres).

* ``collier-canal``: a manmade canal 60 ft wide; a rip-rap line 5 ft landward of the MHW line (the bulkhead
  layer) is the most restrictive line the protrusion is measured from (LDC §5.03.06.C.1); the lot's MLW line
  3 ft out (a tidal canal: other laws measure from it);
* ``pembroke-canal``: a canal 120 ft wide between the mean water's edges; a dock protruding 11 ft of the
  12 ft (B) allows (the lesser of 10 % and 20 ft), 19 ft along the shore, 122 sq ft;
* ``hernando-canal``: a canal 90 ft wide between its MLW lines (MHW 100 ft), a dock with a boat lift held
  to the lesser of 20 % of the width and 30 ft (§8-247(2), (3)), measured from the property line (§8-247(9)).

The geometry is synthetic and illustrative: it is not a survey of any real property. The figures each site is
built to give are listed, with the arithmetic, in data/README.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pyogrio
from shapely.geometry import Point

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_town_samples import DATA_DIR, FILE_DATE, Frame, Site, line, lots, part, write_site  # noqa: E402

#: UTM zone 17N (NAD83), metres: the zone of the three counties.
UTM_17N = "EPSG:26917"


def collier_canal(width: float = 60.0) -> Site:
    """Site 14: a manmade canal ``width`` ft wide in Collier County with rip-rap 5 ft landward of MHW on the lot."""
    return Site(
        folder="collier-canal",
        water="canal",
        summary=f"Collier County, FL: a {width:g}-ft canal; the protrusion from the rip-rap line, 5 ft landward of MHW.",
        title="4 Example Canal Way, Naples", profile="collier-county-fl",
        frame=Frame(UTM_17N, -81.7800, 26.1600, 340.0), subject="CC-2",
        layers={
            "parcels": lots([-150.0, -50.0, 50.0, 150.0], ["CC-1", "CC-2", "CC-3"], 150.0, far=(width, "CC-11")),
            "mhw": [line((-400.0, 0.0), (400.0, 0.0)), line((-400.0, width), (400.0, width))],
            "bulkhead": [{**line((-400.0, -5.0), (400.0, -5.0)), "TYPE": "rip-rap"}],
            "mlw": [line((-400.0, 3.0), (400.0, 3.0))],
            "proposed_dock": [part("walkway", -2.0, -6.0, 2.0, 4.0), part("float", -8.0, 4.0, 8.0, 9.0)],
        },
        dock={"file": "site.gpkg:proposed_dock", "component_field": "component"},
        tables={"vessel": {"length_ft": 20.0, "beam_ft": 8.0, "moored_at": "float"}},
    )


def pembroke_canal(width: float = 120.0) -> Site:
    """Site 15: a canal ``width`` ft wide in Pembroke Pines; the neighbours' docks in the docks layer."""
    return Site(
        folder="pembroke-canal",
        water="canal",
        summary=f"Pembroke Pines, FL: a {width:g}-ft canal; a dock 11 ft out of the 12 ft (B) allows, 19 ft along the shore.",
        title="8 Example Lake Dr, Pembroke Pines", profile="pembroke-pines-fl",
        frame=Frame(UTM_17N, -80.3000, 26.0100, 180.0), subject="PP-2",
        layers={
            "parcels": lots([-150.0, -50.0, 50.0, 150.0], ["PP-1", "PP-2", "PP-3"], 150.0, far=(width, "PP-11")),
            "mhw": [line((-400.0, 0.0), (400.0, 0.0)), line((-400.0, width), (400.0, width))],
            "docks": [{"DOCK_ID": "D-1", "geometry": part("walkway", -102.0, -4.0, -98.0, 10.0)["geometry"]},
                      {"DOCK_ID": "D-3", "geometry": part("walkway", 98.0, -4.0, 102.0, 10.0)["geometry"]}],
            "proposed_dock": [part("walkway", -2.0, -4.0, 2.0, 6.0), part("landing", -8.0, 6.0, 8.0, 11.0),
                              part("pile", -9.5, 9.0, -8.5, 10.0), part("pile", 8.5, 9.0, 9.5, 10.0)],
        },
        dock={"file": "site.gpkg:proposed_dock", "component_field": "component",
              "attributes": {"deck_elevation_ngvd_ft": 5.5, "land_connection": True, "outside_side_setback": True,
                             "canopy": False, "boat_ramp": False}},
        tables={"layers": {"docks_id_field": "DOCK_ID"}},
    )


def _canal_depth(v: float, mlw: tuple[float, float]) -> float:
    """Depth below MLW (ft) across the Hernando canal: 0 on each MLW line, 0.8 ft deeper per foot out, 5 ft at most."""
    return round(min(0.8 * (v - mlw[0]), 0.8 * (mlw[1] - v), 5.0), 3)


def hernando_canal(mlw_width: float = 90.0, lift: bool = True) -> Site:
    """Site 16: a canal with MLW lines ``mlw_width`` ft apart (MHW 10 ft wider), a dock with a boat lift (or without)."""
    mlw = (5.0, 5.0 + mlw_width)
    dock = [part("walkway", -2.0, -4.0, 2.0, 9.0), part("landing", -6.0, 9.0, 6.0, 17.0)]
    dock += [part("boat_lift", 6.0, 9.0, 16.0, 17.0)] if lift else []
    return Site(
        folder="hernando-canal",
        water="canal",
        summary=f"Hernando County, FL: a canal {mlw_width:g} ft wide at MLW; a dock with a boat lift, 17 ft past the property line.",
        title="2 Example Gulf Canal Dr, Hernando Beach", profile="hernando-county-fl",
        frame=Frame(UTM_17N, -82.6500, 28.4800, 270.0), subject="HC-2",
        layers={
            "parcels": lots([-150.0, -50.0, 50.0, 150.0], ["HC-1", "HC-2", "HC-3"], 150.0, far=(mlw[1] + 5.0, "HC-11")),
            "mhw": [line((-400.0, 0.0), (400.0, 0.0)), line((-400.0, mlw[1] + 5.0), (400.0, mlw[1] + 5.0))],
            "mlw": [line((-400.0, mlw[0]), (400.0, mlw[0])), line((-400.0, mlw[1]), (400.0, mlw[1]))],
            "soundings": [{"DEPTH_MLW": _canal_depth(v, mlw), "geometry": Point(u, v)}
                          for u in range(-150, 151, 10) for v in range(0, int(mlw[1]) + 6, 5)],
            "proposed_dock": dock,
        },
        dock={"file": "site.gpkg:proposed_dock", "component_field": "component",
              "attributes": {"boats": 1, "dredging": False}},
        tables={"soundings": {"depth_field": "DEPTH_MLW"}},
    )


SITES = [collier_canal, pembroke_canal, hernando_canal]


def main() -> None:
    pyogrio.set_gdal_config_options({"OGR_CURRENT_DATE": f"{FILE_DATE}T00:00:00.000Z"})
    for build in SITES:
        folder = write_site(build())
        manifest = folder / "site.toml"
        text = manifest.read_text(encoding="utf-8").replace("make_town_samples.py", "make_florida_samples.py", 1)
        manifest.write_text(text, encoding="utf-8")
        for path in sorted(folder.iterdir()):
            print(path.relative_to(DATA_DIR))


if __name__ == "__main__":
    main()
