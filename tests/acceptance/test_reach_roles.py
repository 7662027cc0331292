"""Every check that limits the reach answers for itself: the envelope, the screen and suggest honour each one.

Known answers, by the samples' construction (data/make_town_samples.py):

* Levy County's §50-687(1)f: a protrusion at most 25 % of the canal's width or
  500 ft, whichever is less. The canal is 120 ft between its MHW lines, so a dock
  may reach 30 ft from either bank; the far-bank lot LV-11 (800 ft of frontage,
  25-ft setbacks) has a band 750 ft wide, so its envelope is 750 x 30 ft.
* North Haven's length from the MLLW line: at most 100 ft. The soundings are a
  plane, depth below MLW = -2.0 + 0.05 v (v ft from the MHW line), and MLLW lies
  0.3 ft below MLW, so the MLLW line is 46 ft out and a dock may reach 146 ft.
* A reach rule written in this module as a new kind ("a dock at most one third of
  the lot's frontage", registered here and nowhere else) on the standard 200-ft
  lot of tests/support/sitegen.py: 66.67 ft, in EPSG:2263 (US feet) and EPSG:32618
  (metres).
"""

from __future__ import annotations

import shutil
from importlib import resources

import geopandas as gpd
import numpy as np
import pytest
from click.testing import CliRunner

import dockreview
from dockreview.cli import main
from dockreview.rules.base import AT_MOST
from dockreview.rules.kind import KINDS, Bound, Param, register
from support.paths import DATA
from support.sitegen import make_site, t_dock

TOL = 0.05


def envelope_of(manifest, profile=None):
    result = dockreview.review(dockreview.load_site(manifest), profile=profile)
    return result, result.layout.envelope


def screen_rows(tmp_path, gpkg, *extra) -> gpd.GeoDataFrame:
    tmp_path.mkdir(parents=True, exist_ok=True)
    out = tmp_path / "screen.gpkg"
    args = ["screen", "--parcels", f"{gpkg}:parcels", "--mhw", f"{gpkg}:mhw", "--id-field", "PARCEL_ID", "-o", str(out), *extra]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return gpd.read_file(out, layer="parcels").set_index("parcel_id")


# --------------------------------------------------------------------------
# a share of the waterway's width (Levy County)
# --------------------------------------------------------------------------
@pytest.mark.parametrize("crs", [None, "EPSG:2238"])
def test_the_envelope_stops_at_a_quarter_of_the_canal(tmp_path, crs):
    folder = tmp_path / "levy"
    shutil.copytree(DATA / "levy-canal", folder)
    if crs is not None:  # the same site stored and reviewed in Florida's state plane, US survey feet
        for layer in ("parcels", "mhw"):
            gpd.read_file(folder / "site.gpkg", layer=layer).to_crs(crs).to_file(folder / "site.gpkg", layer=layer)
        text = (folder / "site.toml").read_text()
        assert 'crs = "EPSG:26917"' in text
        (folder / "site.toml").write_text(text.replace('crs = "EPSG:26917"', f'crs = "{crs}"'))
    result, env = envelope_of(folder / "site.toml")
    assert result.check("waterway-share").status == "fail"
    assert result.check("waterway-share").limit == pytest.approx(30.0, abs=TOL)
    assert env.reach_limit_ft == pytest.approx(0.25 * 120.0, abs=TOL)
    assert env.greatest_reach_ft == pytest.approx(30.0, abs=TOL)
    rows = screen_rows(tmp_path, folder / "site.gpkg", "--profile", "levy-county-fl", "--water", "canal")
    assert rows["reach_limit_ft"].to_numpy() == pytest.approx(np.full(4, 30.0), abs=TOL)
    # the law applies by the water: a screen not told it cannot say how far any lot may reach
    unsaid = screen_rows(tmp_path / "unsaid", folder / "site.gpkg", "--profile", "levy-county-fl")
    assert unsaid["reach_limit_ft"].isna().all() and not unsaid["eligible"].any()
    assert unsaid["reasons"].str.contains(r"the kind of water the lot fronts \(\[site\] water\) \(§50-687\(1\)f\)").all()
    assert rows.loc["LV-11", "envelope_area_sqft"] == pytest.approx(750.0 * 30.0, rel=1e-3)
    assert rows.loc["LV-2", "greatest_reach_ft"] == pytest.approx(env.greatest_reach_ft, abs=TOL)


def test_suggest_grows_the_dock_to_the_quarter_of_the_canal(tmp_path):
    out = tmp_path / "suggested.toml"
    result = CliRunner().invoke(main, ["suggest", str(DATA / "levy-canal" / "site.toml"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    suggested = dockreview.review(dockreview.load_site(out))
    share = suggested.check("waterway-share")
    assert share.passes and share.value == pytest.approx(30.0, abs=0.1)


# --------------------------------------------------------------------------
# a reach from the MLLW line (North Haven)
# --------------------------------------------------------------------------
def test_the_envelope_stops_100_ft_past_the_mllw_line():
    result, env = envelope_of(DATA / "north-haven-flats" / "site.toml")
    assert result.check("length-from-mllw").value == pytest.approx(104.0, abs=TOL)
    mllw_line = (0.3 + 2.0) / 0.05  # where the plane of soundings is 0.3 ft below MLW
    assert env.reach_limit_ft == pytest.approx(100.0 + mllw_line, abs=TOL)
    assert env.greatest_reach_ft <= env.reach_limit_ft + TOL


def test_a_screen_without_the_mllw_line_says_the_lot_needs_data(tmp_path):
    rows = screen_rows(tmp_path, DATA / "north-haven-flats" / "site.gpkg", "--profile", "north-haven-ny")
    assert rows["needs_data"].all() and not rows["eligible"].any()
    assert rows["reasons"].str.contains("needs data: the MLLW line").all()
    assert rows["reach_limit_ft"].isna().all()


# --------------------------------------------------------------------------
# a new kind, written here and nowhere else
# --------------------------------------------------------------------------
class FrontageShareReach(Bound):
    """The dock's reach at most ``fraction`` of the lot's frontage."""

    name = "frontage-share-reach"
    sense = AT_MOST
    unit = "ft"
    measure = "overall_reach_ft"
    what = "reach"
    reads = ("overall_reach_ft", "frontage_ft")
    geometric = True
    limits_reach = True
    params = (Param("fraction", doc="share of the frontage"),)

    def requirement(self, figures):
        return self.p.fraction * np.asarray(figures["frontage_ft"], dtype=float)

    def reach_allowed(self, figures=None):
        if figures is None or "frontage_ft" not in figures:
            return None
        allowed = self.requirement(figures)
        return float(allowed) if np.ndim(allowed) == 0 else allowed


@pytest.fixture
def frontage_share_kind():
    """The kind registered for the test alone, and taken out again (the registry is the package's)."""
    register(FrontageShareReach)
    yield FrontageShareReach
    KINDS.pop(FrontageShareReach.name)


def third_of_frontage_profile(folder):
    text = resources.files("dockreview.rules.profiles").joinpath("kings-point-ny.toml").read_text("utf-8")
    text += '\n[checks.third-of-frontage]\nkind = "frontage-share-reach"\nsection = "Test 1"\n' \
            'title = "Dock reach at most a third of the frontage"\nfraction = 0.3333333333333333\n'
    path = folder / "third.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("crs", ["EPSG:2263", "EPSG:32618"])
def test_a_new_reach_kind_is_honoured_by_the_envelope_the_screen_and_suggest(tmp_path, crs, frontage_share_kind):
    site = make_site(tmp_path / "site", dock=t_dock(), crs=crs, working_crs=crs)  # frontage 200 ft
    profile = third_of_frontage_profile(tmp_path)
    third = 200.0 / 3.0
    result, env = envelope_of(site.manifest, profile=str(profile))
    assert result.check("third-of-frontage").limit == pytest.approx(third, abs=TOL)
    assert env.reach_limit_ft == pytest.approx(third, abs=TOL)
    assert env.greatest_reach_ft == pytest.approx(third, abs=TOL)
    rows = screen_rows(tmp_path, site.dir / "site.gpkg", "--profile", str(profile))
    assert rows["reach_limit_ft"].to_numpy() == pytest.approx(np.full(len(rows), third), abs=TOL)
    out = tmp_path / "suggested.toml"
    grown = CliRunner().invoke(main, ["suggest", str(site.manifest), "--profile", str(profile), "-o", str(out)])
    assert grown.exit_code == 0, grown.output
    check = dockreview.review(dockreview.load_site(out), profile=str(profile)).check("third-of-frontage")
    assert check.status == "pass" and check.value == pytest.approx(third, abs=0.1)


# --------------------------------------------------------------------------
# the exhibit and the GeoPackage draw what decided
# --------------------------------------------------------------------------
def reach_label(review):
    import matplotlib

    matplotlib.use("agg")
    import matplotlib.pyplot as plt

    from dockreview.outputs.exhibit import plot_review

    fig, ax = plot_review(review)
    label = next(t for t in ax.texts if t.get_gid() == "dimension:reach")
    text, colour = label.get_text(), label.get_color()
    plt.close(fig)
    return text, colour


def reach_row(review):
    from dockreview.outputs.export import derived_layers

    rows = derived_layers(review)["dimension_lines"]
    return rows[rows["dimension"] == "reach"].iloc[0]


@pytest.mark.parametrize("sample, check_id, reach, limit, source", [
    ("levy-canal", "waterway-share", 35.0, 30.0, "25% of the waterway"),
    ("north-haven-flats", "length-from-mllw", 150.0, 146.0, "100.0 ft from the MLLW line"),
])
def test_the_exhibit_draws_the_reach_rule_that_failed(sample, check_id, reach, limit, source):
    import matplotlib.colors

    from dockreview.outputs.style import COLOURS

    review = dockreview.review(dockreview.load_site(DATA / sample / "site.toml"))
    text, colour = reach_label(review)
    assert text == f"reach {reach:,.1f} ft > {limit:,.1f} ft max. ({source})"
    assert matplotlib.colors.same_color(colour, COLOURS["warning"])
    row = reach_row(review)
    assert (row["check"], row["status"]) == (check_id, "fail")
    assert row["value_ft"] == pytest.approx(reach, abs=TOL) and row["limit_ft"] == pytest.approx(limit, abs=TOL)


@pytest.mark.parametrize("crs", ["EPSG:2263", "EPSG:32618"])
def test_a_huntington_dock_146_ft_long_fails_its_100_ft_in_red(tmp_path, crs):
    import matplotlib.colors

    from dockreview.outputs.style import COLOURS

    site = make_site(tmp_path / "site", dock=t_dock(length=136.0), crs=crs, working_crs=crs)  # walkway 136 + float 10
    review = dockreview.review(dockreview.load_site(site.manifest), profile="huntington-ny")
    assert review.check("length").status == "fail"
    text, colour = reach_label(review)
    assert text == "reach 146.0 ft > 100.0 ft max." and matplotlib.colors.same_color(colour, COLOURS["warning"])
    row = reach_row(review)
    assert (row["check"], row["status"], row["limit_ft"]) == ("length", "fail", pytest.approx(100.0))


def test_the_plan_draws_the_lines_the_law_measures_from():
    """North Haven's MLLW line lies 46 ft out on its plane of soundings; Levy's canal is 120 ft across."""
    from dockreview.outputs.exhibit.layers import law_lines

    haven = dockreview.review(dockreview.load_site(DATA / "north-haven-flats" / "site.toml"))
    (line, _, label), = law_lines(haven)
    ft = haven.site.ft_per_unit
    assert label.startswith("MLLW line")
    assert line.distance(haven.site.mhw) * ft == pytest.approx((0.3 + 2.0) / 0.05, abs=0.5)
    levy = dockreview.review(dockreview.load_site(DATA / "levy-canal" / "site.toml"))
    (section, _, words), = law_lines(levy)
    assert section.length * levy.site.ft_per_unit == pytest.approx(120.0, abs=TOL) and words.endswith("120.0 ft")
