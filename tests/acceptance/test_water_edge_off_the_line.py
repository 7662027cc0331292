"""A lot's front line drawn a few feet off today's MHW line: its side lines begin at the lot's corners.

A survey's front line is often yesterday's MHW line: it leaves today's line at
a shallow angle and reaches the lot's corner a few feet landward. The boundary
past the MHW tolerance band is then still the lot's water edge, not its side
line: the side line is the lot's own side, from its corner, carried on to the
MHW line (README, "Side lines"). A side line that leaves the shore at a shallow
angle and runs well away from it is a side line all the same.

Every site is drawn in the local frame of tests/support/sitegen.py -- ``u`` along
the shore, ``v`` seaward, feet; the MHW line is ``v = 0`` -- in EPSG:2263 (US
survey feet) and EPSG:32618 (metres), turned by the rotation of
:data:`support.shores.CRSS`. ``k`` converts a local foot to the feet the tool
reports (:func:`support.shores.scale_of`). The review warns where a side line is
taken from a corner off the line. The lots, and their frontages by hand:

* ``2-105-33``: front line (-125, 0) to (125, -10), sides ``u = -125`` and
  ``u = 125`` back to ``v = -200``. The front leaves the 5-ft band at u = 0;
  the side lines ``u = +-125`` meet the MHW line at (+-125, 0): 250 ft.
* ``2-105-34``: its neighbour to the right, front line (125, -10) to (325, 0)
  (the same fault the other way round), sides ``u = 125`` and ``u = 325``:
  corners (125, 0) and (325, 0), 200 ft.
* ``2-105-32``: its neighbour to the left, on the line: (-325, 0) to (-125, 0), 200 ft.
* ``2-105-40``: a front bowed back, (-700, -10) to (-575, 0) to (-450, -10), sides
  ``u = -700`` and ``u = -450``: both ends leave the band at a shallow angle; 250 ft.
* ``2-105-41``: a front on the line (500, 0) to (700, 0); its right side runs
  back under the lot at 15 degrees to the shore, 150 ft to (555.1, -38.8), then
  the back line to (500, -150). That side ends 38.8 ft from the MHW line (more
  than the 25 ft a water edge may stray): it is the side line, and it meets the
  MHW line at (700, 0): 200 ft. (Passing it over would have put the corner at
  (-25.7 + 600, 0), 74.3 ft from the other.)
"""

from __future__ import annotations

import math

import pandas as pd
import pytest
from click.testing import CliRunner
from shapely.geometry import LineString, Polygon

from support.shores import CRSS, TOL, scale_of
from support.sitegen import frame_in, rect, write_local_site

dockreview = pytest.importorskip("dockreview")
from dockreview.cli import main  # noqa: E402

BACK = -200.0
SIDE_15 = (700.0 - 150.0 * math.cos(math.radians(15.0)), -150.0 * math.sin(math.radians(15.0)))
LOTS = {
    "2-105-33": (Polygon([(-125, 0), (125, -10), (125, BACK), (-125, BACK)]), 250.0),
    "2-105-34": (Polygon([(125, -10), (325, 0), (325, BACK), (125, BACK)]), 200.0),
    "2-105-32": (Polygon([(-325, 0), (-125, 0), (-125, BACK), (-325, BACK)]), 200.0),
    "2-105-40": (Polygon([(-700, -10), (-575, 0), (-450, -10), (-450, BACK), (-700, BACK)]), 250.0),
    "2-105-41": (Polygon([(500, 0), (700, 0), SIDE_15, (500, -150)]), 200.0),
}

#: Where each subject's walkway runs out (u, ft): the middle of its front.
MIDDLE = {"2-105-33": 0.0, "2-105-40": -575.0, "2-105-41": 600.0}


def _site(path, crs, rotation, subject="2-105-33"):
    frame = frame_in(crs, rotation)
    site = write_local_site(
        path, frame, parcels=[(pid, lot) for pid, (lot, _) in LOTS.items()], subject_id=subject,
        mhw=[LineString([(-900, 0), (900, 0)])],
        footprint=[("walkway", rect(MIDDLE[subject] - 3, 0, MIDDLE[subject] + 3, 100))],
    )
    return frame, site


def test_the_hand_frontages_are_what_the_lots_are_drawn_as():
    for pid, (lot, frontage) in LOTS.items():
        assert lot.is_valid, pid
    assert SIDE_15[1] == pytest.approx(-38.82, abs=0.01)
    # the 15-degree side carried on meets v = 0 at its own water end, (700, 0); the back line's would at 574.3
    du, dv = SIDE_15[0] - 500.0, SIDE_15[1] + 150.0
    assert SIDE_15[0] - SIDE_15[1] * du / dv == pytest.approx(574.3, abs=0.1)


@pytest.mark.parametrize(("crs", "rotation"), CRSS)
@pytest.mark.parametrize("subject", ["2-105-33", "2-105-40", "2-105-41"])
def test_the_check_measures_the_frontage_between_the_lot_corners(tmp_path, crs, rotation, subject):
    frame, site = _site(tmp_path, crs, rotation, subject)
    k = scale_of(frame)
    review = dockreview.review(dockreview.load_site(str(site.manifest)))
    assert review.check("frontage").value == pytest.approx(LOTS[subject][1] * k, abs=TOL)
    # the review says the front line is drawn off the MHW line, and how far its corner lies (10 ft), only where it is
    said = [w for w in review.warnings if "front line leaves the MHW line" in w]
    assert len(said) == (0 if subject == "2-105-41" else 1), review.warnings
    if said:
        assert f"{10.0 * k:.1f} ft from the line" in said[0]


@pytest.mark.parametrize(("crs", "rotation"), CRSS)
def test_the_screen_measures_every_lot_as_the_hand_does(tmp_path, crs, rotation):
    frame, site = _site(tmp_path / "site", crs, rotation)
    k = scale_of(frame)
    gpkg = site.dir / "site.gpkg"
    out = tmp_path / "screen.gpkg"
    result = CliRunner().invoke(main, [
        "screen", "--parcels", f"{gpkg}:parcels", "--mhw", f"{gpkg}:mhw", "--id-field", "PARCEL_ID",
        "--no-progress", "--workers", "1", "-o", str(out),
    ])
    assert result.exit_code == 0, result.output
    table = pd.read_csv(out.with_suffix(".csv"), dtype={"parcel_id": str}).set_index("parcel_id")
    for pid, (_, frontage) in LOTS.items():
        assert table.loc[pid, "frontage_ft"] == pytest.approx(frontage * k, abs=TOL), pid
