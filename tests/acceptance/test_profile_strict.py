"""Profiles are read as strictly as manifests (issue 27).

A table or key a profile does not have is refused with the nearest valid name suggested; a value citing a source
the profile never defines is refused; every problem of the file comes in one line naming the file and the table
or key. A value without the law's words is warned about. Each case is a copy of a shipped profile with one
mistake written by hand, and its refusal is known in advance, word for word: through ``dockreview.load_profile``
(or, for a kind's parameter, the rule set that compiles the profile) and through ``dockreview check SITE
--profile FILE`` (exit 2, one ``error:`` line).
"""

from __future__ import annotations

import warnings
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

import dockreview
from dockreview.cli import main
from dockreview.errors import DockReviewWarning, ProfileError
from dockreview.profile import profile_names
from dockreview.rules import ruleset

SITE = Path(__file__).resolve().parents[2] / "data" / "straight-t-float" / "site.toml"


def _shipped(name: str) -> str:
    return resources.files("dockreview.rules.profiles").joinpath(f"{name}.toml").read_text("utf-8")


def _copy(tmp_path: Path, name: str, old: str, new: str, file: str = "town.toml") -> Path:
    """A copy of the shipped profile ``name`` with the one occurrence of ``old`` written as ``new``."""
    text = _shipped(name)
    assert text.count(old) == 1, f"{name}: {old!r} occurs {text.count(old)} times"
    path = tmp_path / file
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


#: (shipped profile, the text as shipped, the text with the mistake, the refusal after "profile FILE: ").
REFUSED = {
    "misspelled table": (
        "wisconsin-nr326", "[riparian]\n", "[riparain]\n",
        "[riparain] is not a table of a profile (did you mean [riparian]?)",
    ),
    "misspelled key in [profile]": (
        "kings-point-ny", 'jurisdiction = "Village', 'jurisdicton = "Village',
        "[profile] has no key 'jurisdicton' (did you mean 'jurisdiction'?)",
    ),
    "misspelled key in a value": (
        "kings-point-ny", 'section = "Docks C"\namended = "10-20-2008 by L.L. No. 5-2008"\ntext = "a distance',
        'section = "Docks C"\nammended = "10-20-2008 by L.L. No. 5-2008"\ntext = "a distance',
        "[values.setback_fraction_of_frontage] has no key 'ammended' (did you mean 'amended'?)",
    ),
    "misspelled required key in a value": (
        "kings-point-ny", '[values.max_reach_ft]\nvalue = 200.0', '[values.max_reach_ft]\nvalu = 200.0',
        "[values.max_reach_ft] has no key 'valu' (did you mean 'value'?)",
    ),
    "misspelled key in a source": (
        "wisconsin-nr326", 'address = "https://dnr.wisconsin.gov', 'adress = "https://dnr.wisconsin.gov',
        "[sources.dnr_faq] has no key 'adress' (did you mean 'address'?)",
    ),
    "misspelled key in a settings table": (
        "lake-austin-tx", 'width_method = "perpendicular-to-centerline"', 'width_methd = "perpendicular-to-centerline"',
        "[waterway] has no key 'width_methd' (did you mean 'width_method'?)",
    ),
    "misspelled section of a check": (
        "kings-point-ny", '[checks.reach]\nkind = "reach"\nsection =', '[checks.reach]\nkind = "reach"\nsecton =',
        "[checks.reach] needs a 'kind' (the rule kind) and a 'section' (did you mean 'secton'?)",
    ),
    "a value citing an undefined source": (
        "wisconsin-nr326", '[values.first_slips]\nvalue = 2.0\nunit = "slips"\nsection = "Stats. §30.12(1g)(f)"\nsource = "summary"',
        '[values.first_slips]\nvalue = 2.0\nunit = "slips"\nsection = "Stats. §30.12(1g)(f)"\nsource = "summry"',
        "[values.first_slips] source 'summry' is not a [sources] entry of the profile (did you mean 'summary'?)",
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_load_profile_refuses_the_mistake_naming_the_file_the_key_and_the_right_name(tmp_path, case):
    name, old, new, refusal = REFUSED[case]
    path = _copy(tmp_path, name, old, new)
    with pytest.raises(ProfileError) as caught:
        dockreview.load_profile(path)
    assert str(caught.value) == f"profile {path}: {refusal}"


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_check_refuses_the_mistake_in_one_error_line_with_exit_2(tmp_path, case):
    name, old, new, refusal = REFUSED[case]
    path = _copy(tmp_path, name, old, new)
    out = CliRunner().invoke(main, ["check", str(SITE), "--profile", str(path), "--json", str(tmp_path / "r.json")])
    assert out.exit_code == 2, out.output
    assert out.stderr.strip().splitlines() == [f"error: profile {path}: {refusal}"]
    assert not (tmp_path / "r.json").exists()


def test_a_misspelt_riparian_table_is_refused_not_quietly_dropped(tmp_path):
    # before: [riparain] was kept as a setting nobody read, and the lines were drawn by the default method
    assert ruleset("wisconsin-nr326").riparian_lines()["method"] == "colonial"  # NR 326.07(2)(b)
    path = _copy(tmp_path, "wisconsin-nr326", "[riparian]\n", "[riparain]\n")
    with pytest.raises(ProfileError, match=r"\[riparain\] is not a table of a profile \(did you mean \[riparian\]\?\)"):
        ruleset(path)


def test_a_misspelled_parameter_of_a_check_is_refused_by_its_kind_with_the_right_name(tmp_path):
    # the kind's parameters are the kind's: rules/kind.py refuses one it does not take when the profile is compiled
    path = _copy(tmp_path, "kings-point-ny", 'min_ft = "min_setback_ft"', 'min_fts = "min_setback_ft"')
    refusal = (
        f"profile {path}: [checks.side-setback] has no parameter 'min_fts' (did you mean 'min_ft'?); "
        "kind 'side-setback' takes: fraction_of_frontage, min_ft, with_vessel"
    )
    profile = dockreview.load_profile(path)  # the file's own tables are right
    with pytest.raises(ProfileError) as caught:
        ruleset(profile)
    assert str(caught.value) == refusal
    out = CliRunner().invoke(main, ["check", str(SITE), "--profile", str(path)])
    assert out.exit_code == 2 and out.stderr.strip().splitlines() == [f"error: {refusal}"]


def test_a_misspelled_required_parameter_is_named_with_its_right_spelling(tmp_path):
    path = _copy(tmp_path, "kings-point-ny", 'limit = "max_reach_ft"', 'limt = "max_reach_ft"')
    with pytest.raises(ProfileError, match=r"\[checks\.reach\] has no parameter 'limt' \(did you mean 'limit'\?\)"):
        ruleset(path)


def test_every_problem_of_the_file_is_named_in_one_line(tmp_path):
    text = _shipped("wisconsin-nr326").replace("[riparian]\n", "[riparain]\n").replace('source = "summary"', 'source = "summry"', 1)
    text = text.replace('address = "https://dnr.wisconsin.gov', 'adress = "https://dnr.wisconsin.gov')
    path = tmp_path / "town.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError) as caught:
        dockreview.load_profile(path)
    assert str(caught.value) == (
        f"profile {path}: [riparain] is not a table of a profile (did you mean [riparian]?); "
        "[sources.dnr_faq] has no key 'adress' (did you mean 'address'?); "
        "[values.first_slips] source 'summry' is not a [sources] entry of the profile (did you mean 'summary'?)"
    )


def test_a_stray_key_a_source_with_no_sources_and_a_name_far_from_any(tmp_path):
    path = tmp_path / "town.toml"
    path.write_text(
        'name = "Our Town"\n[riparian]\nmethod = "colonial"\nsource = "code"\n[zoning]\nx = 1\n'
        '[checks.c]\nkind = "reach"\nsection = "s"\nlimit = 100\n',
        encoding="utf-8",
    )
    with pytest.raises(ProfileError) as caught:
        dockreview.load_profile(path)
    assert str(caught.value) == (
        f"profile {path}: 'name' stands outside any table (put it under [profile]); "
        "[zoning] is not a table of a profile (the tables are: [profile], [sources], [values], [codes], [officials], "
        "[checks], [riparian], [waterway], [datums], [federal_premises], [decision], [readings]); "
        "[riparian] source 'code' is not a [sources] entry of the profile (the profile defines no [sources.NAME])"
    )


def test_a_value_without_the_laws_words_is_warned_about(tmp_path):
    words = 'text = "200 feet measured from the mean high-water line to the seaward terminus of a dock"\n'
    path = _copy(tmp_path, "kings-point-ny", words, "")
    warning = (
        f"profile {path}: [values.max_reach_ft] gives no text (the law's words): quote the law in 'text' so a review "
        "cites the words it applies, not only their section"
    )
    with pytest.warns(DockReviewWarning) as caught:
        profile = dockreview.load_profile(path)
    assert [str(w.message) for w in caught if issubclass(w.category, DockReviewWarning)] == [warning]
    assert profile("max_reach_ft") == 200.0  # still read: a warning, not a refusal
    out = CliRunner().invoke(main, ["check", str(SITE), "--profile", str(path), "--json", str(tmp_path / "r.json")])
    assert out.exit_code in (0, 1, 3), out.output
    assert f"warning: {warning}" in out.stderr.splitlines()


def test_two_values_without_words_are_named_in_one_warning(tmp_path):
    text = _shipped("kings-point-ny").replace('text = "shoreline frontage of not less than 150 feet"\n', "")
    text = text.replace('text = "200 feet measured from the mean high-water line to the seaward terminus of a dock"\n', "")
    path = tmp_path / "town.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.warns(DockReviewWarning, match=r": \[values\.min_frontage_ft\], \[values\.max_reach_ft\] give no text"):
        dockreview.load_profile(path)


@pytest.mark.parametrize("name", profile_names())
def test_every_shipped_profile_loads_with_no_error_and_no_warning(name, tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ruleset(dockreview.load_profile(name))
        path = tmp_path / f"{name}.toml"  # and read from a user's file, as strictly
        path.write_text(_shipped(name), encoding="utf-8")
        ruleset(dockreview.load_profile(path))


def test_dockreview_profiles_still_lists_and_shows_every_profile_without_a_warning():
    listing = CliRunner().invoke(main, ["profiles"])
    assert listing.exit_code == 0 and listing.stderr == ""
    for name in profile_names():
        one = CliRunner().invoke(main, ["profiles", name])
        assert one.exit_code == 0 and one.stderr == "" and "checks:" in one.stdout, name
