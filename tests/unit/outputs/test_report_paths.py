"""Paths in a report are the manifest's, relative to its folder: never the analyst's own folders (issue 16).

A sample site is copied into a temporary folder with its parcels moved to a
sibling folder (``../shared/parcels.geojson``), and one of its layers made to
warn; every report format is written and read back as text.
"""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from dockreview.cli import main
from support.paths import DATA


@pytest.fixture(scope="module")
def moved_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("analyst") / "projects" / "dock-2024"
    site = root / "site"
    shutil.copytree(DATA / "failing-narrow-lot", site)
    (root / "shared").mkdir()
    shutil.move(site / "parcels.geojson", root / "shared" / "parcels.geojson")
    manifest = site / "site.toml"
    text = manifest.read_text().replace('parcels = "parcels.geojson"', 'parcels = "../shared/parcels.geojson"')
    manifest.write_text(text)
    return root, manifest


def _text(path) -> str:
    if path.suffix == ".pdf":
        return "\n".join(page.extract_text() for page in PdfReader(path).pages)
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("suffix", [".md", ".html", ".pdf"])
def test_every_report_names_files_relative_to_the_manifest(moved_site, suffix, tmp_path):
    root, manifest = moved_site
    out = tmp_path / f"report{suffix}"
    result = CliRunner().invoke(main, ["-q", "report", str(manifest), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = _text(out)
    assert str(root.parent) not in text and str(tmp_path) not in text
    assert "../shared/parcels.geojson" in text.replace("\n", "")
    assert "dock.geojson" in text


def test_relative_paths_in_the_warnings_section(moved_site, tmp_path):
    """The loader warns that the parcels lie outside the manifest's folder, naming both by their absolute paths."""
    root, manifest = moved_site
    out = tmp_path / "report.md"
    assert CliRunner().invoke(main, ["-q", "report", str(manifest), "-o", str(out)]).exit_code == 0
    warnings = out.read_text(encoding="utf-8").split("## Warnings", 1)[1]
    assert ("site.toml: parcels path '../shared/parcels.geojson' leads outside the manifest's folder; "
            "read from ../shared/parcels.geojson") in warnings
