"""Every output file is written whole or not at all.

Each test first writes a good output, then makes the next write fail half-way
(the writer is replaced by one that writes half the file and raises "No space
left on device") and asserts that the command says so in one line (exit 2),
that the old file is intact, and that no temporary file is left beside it.
"""

from __future__ import annotations

import errno
from pathlib import Path

import geopandas as gpd
import matplotlib.figure
import pytest
import shapely
from click.testing import CliRunner

from dockreview.cli import main
from dockreview.errors import OutputError
from dockreview.outputs.files import atomic_path
from support.sitegen import make_site, t_dock

DISK_FULL = OSError(errno.ENOSPC, "No space left on device")


@pytest.fixture
def site(tmp_path):
    return make_site(tmp_path / "site", dock=t_dock())


@pytest.fixture
def out(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


def check(site, *options):
    return CliRunner().invoke(main, ["check", str(site.manifest), *options])


def assert_refused_cleanly(result, target: Path, old: bytes | None) -> None:
    """Exit 2 with one line naming the file; the old file (or none) is all that is there."""
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and str(target) in errors[0] and "No space left on device" in errors[0], result.stderr
    assert "Traceback" not in result.stderr
    if old is None:
        assert not target.exists()
    else:
        assert target.read_bytes() == old
    leftovers = sorted(p.name for p in target.parent.iterdir() if p != target)
    assert leftovers == [], leftovers


def test_json_failing_mid_write_keeps_the_old_file(site, out, monkeypatch):
    target = out / "review.json"
    assert check(site, "--json", str(target)).exit_code == 3
    old = target.read_bytes()
    site.rewrite(dock={"length": 250.0})  # the next review would differ (and fail the reach)

    def half_then_full(self, text, *args, **kwargs):
        with open(self, "w", encoding="utf-8") as handle:
            handle.write(text[: len(text) // 2])
        raise DISK_FULL

    monkeypatch.setattr(Path, "write_text", half_then_full)
    assert_refused_cleanly(check(site, "--json", str(target)), target, old)


def test_json_failing_mid_write_leaves_no_file(site, out, monkeypatch):
    target = out / "review.json"

    def half_then_full(self, text, *args, **kwargs):
        with open(self, "w", encoding="utf-8") as handle:
            handle.write(text[: len(text) // 2])
        raise DISK_FULL

    monkeypatch.setattr(Path, "write_text", half_then_full)
    assert_refused_cleanly(check(site, "--json", str(target)), target, None)


def test_map_failing_mid_write_keeps_the_old_file(site, out, monkeypatch):
    target = out / "site-plan.svg"
    assert check(site, "--map", str(target)).exit_code == 3
    old = target.read_bytes()
    assert old.lstrip().startswith(b"<?xml")

    def half_then_full(self, fname, *args, **kwargs):
        Path(fname).write_bytes(old[: len(old) // 2])
        raise DISK_FULL

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", half_then_full)
    assert_refused_cleanly(check(site, "--map", str(target)), target, old)


def test_bad_input_leaves_earlier_outputs_untouched(site, out):
    json_path, map_path = out / "review.json", out / "site-plan.svg"
    json_path.write_text("{}\n")
    map_path.write_text("<svg/>\n")
    site.rewrite(parcel={"id": "9-999-99"})
    result = check(site, "--json", str(json_path), "--map", str(map_path))
    assert result.exit_code == 2
    assert json_path.read_text() == "{}\n" and map_path.read_text() == "<svg/>\n"
    assert sorted(p.name for p in out.iterdir()) == ["review.json", "site-plan.svg"]


def test_geopackage_written_whole_or_not_at_all(out):
    """A multi-layer GeoPackage through atomic_path: a failure after the first layer leaves the old file."""
    target = out / "derived.gpkg"
    frame = gpd.GeoDataFrame({"name": ["a"]}, geometry=[shapely.box(0, 0, 1, 1)], crs="EPSG:2263")
    with atomic_path(target) as tmp:
        frame.to_file(tmp, layer="old", driver="GPKG", engine="pyogrio")
    old = target.read_bytes()
    with pytest.raises(OutputError, match="No space left on device"):
        with atomic_path(target) as tmp:
            frame.to_file(tmp, layer="first", driver="GPKG", engine="pyogrio")
            raise DISK_FULL
    assert target.read_bytes() == old
    assert sorted(p.name for p in out.iterdir()) == ["derived.gpkg"]


def test_interrupted_write_is_not_disguised(out):
    """Anything but an OS error (a bug, Ctrl-C) passes through unchanged, and still leaves no temp file."""
    target = out / "review.json"
    with pytest.raises(KeyboardInterrupt):
        with atomic_path(target) as tmp:
            tmp.write_text("{")
            raise KeyboardInterrupt
    assert list(out.iterdir()) == []


def test_unwritable_folder_is_one_line(site, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the output folder should be")
    target = blocker / "review.json"
    result = check(site, "--json", str(target))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: --json {target}: a part of the path is a file, not a folder")
