"""``dockreview qgis install`` and ``package`` without QGIS: the profile's files, the settings line, the zip, the checks.

The plugin running in the real QGIS is tested in tests/qgis/.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import dockreview
from dockreview.cli import main
from dockreview.qgis import install
from support.paths import ROOT

PLUGIN = ROOT / "src" / "dockreview" / "qgis" / "plugin"
STYLES = ROOT / "src" / "dockreview" / "qgis" / "styles"


def test_settings_folder_follows_xdg_and_windows():
    assert install.config_dir({"XDG_DATA_HOME": "/x"}, "linux", Path("/h")).as_posix() == "/x/QGIS/QGIS3"
    assert install.config_dir({"APPDATA": "C:/Users/a/AppData/Roaming"}, "win32", Path("/h")).as_posix() == (
        "C:/Users/a/AppData/Roaming/QGIS/QGIS3"
    )
    assert install.profile_dir("work", Path("/q")).as_posix() == "/q/profiles/work"


def test_enabling_sets_one_line_and_leaves_the_rest(tmp_path):
    ini = tmp_path / "QGIS3.ini"
    ini.write_text("[PythonPlugins]\nother=true\ndockreview_qgis=false\n\n[qgis]\nstyle=Fusion\n", encoding="utf-8")
    install.enable(ini)
    install.enable(ini)
    assert ini.read_text(encoding="utf-8") == "[PythonPlugins]\nother=true\ndockreview_qgis=true\n\n[qgis]\nstyle=Fusion\n"
    fresh = tmp_path / "new" / "QGIS3.ini"
    install.enable(fresh)
    assert fresh.read_text(encoding="utf-8") == "[PythonPlugins]\ndockreview_qgis=true\n"
    other = tmp_path / "other.ini"
    other.write_text("[qgis]\nstyle=Fusion\n", encoding="utf-8")
    install.enable(other)
    assert other.read_text(encoding="utf-8") == "[qgis]\nstyle=Fusion\n\n[PythonPlugins]\ndockreview_qgis=true\n"


def test_install_copies_the_plugin_and_records_where_dockreview_imports_from(tmp_path):
    (tmp_path / "profiles" / "default" / "python" / "plugins" / "dockreview_qgis").mkdir(parents=True)
    stale = tmp_path / "profiles" / "default" / "python" / "plugins" / "dockreview_qgis" / "stale.py"
    stale.write_text("", encoding="utf-8")
    done = install.install(config=tmp_path)
    folder = tmp_path / "profiles" / "default" / "python" / "plugins" / "dockreview_qgis"
    assert done.folder == folder and not stale.exists()
    assert {p.name for p in PLUGIN.glob("*.py")} <= {p.name for p in folder.glob("*.py")}
    assert sorted(p.name for p in (folder / "styles").glob("*.qml")) == sorted(p.name for p in STYLES.glob("*.qml"))
    metadata = (folder / "metadata.txt").read_text(encoding="utf-8")
    assert f"\nversion={dockreview.__version__}\n" in metadata and "hasProcessingProvider=yes" in metadata
    env = json.loads((folder / "environment.json").read_text(encoding="utf-8"))
    assert env["python"] == f"{sys.version_info.major}.{sys.version_info.minor}"
    assert env["paths"][0] == str(Path(dockreview.__file__).resolve().parents[1])
    assert (tmp_path / "profiles" / "default" / "QGIS" / "QGIS3.ini").read_text(encoding="utf-8").endswith("dockreview_qgis=true\n")
    # the recorded folders alone, in an interpreter that ignores PYTHONPATH and site-packages, import this dockreview
    code = (
        "import json, site, sys; env = json.load(open(sys.argv[1]));\n"
        "[site.addsitedir(p) for p in env['paths']]; sys.path[:0] = env['paths']\n"
        "import dockreview, geopandas; print(dockreview.__file__)"
    )
    out = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code, str(folder / "environment.json")], capture_output=True, text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    assert out.returncode == 0, out.stderr
    assert Path(out.stdout.strip()) == Path(dockreview.__file__).resolve()


def test_the_zip_holds_one_folder_and_no_machine_paths(tmp_path):
    result = CliRunner().invoke(main, ["qgis", "package", "-o", str(tmp_path / "p.zip")])
    assert result.exit_code == 0, result.output
    assert f"QGIS plugin zip written to {tmp_path / 'p.zip'}" in result.stderr
    with zipfile.ZipFile(tmp_path / "p.zip") as archive:
        names = archive.namelist()
        metadata = archive.read("dockreview_qgis/metadata.txt").decode()
    assert all(n.startswith("dockreview_qgis/") for n in names)
    assert "dockreview_qgis/__init__.py" in names and "dockreview_qgis/styles/dock_components.qml" in names
    assert not any(n.endswith("environment.json") or "__pycache__" in n for n in names)
    assert f"\nversion={dockreview.__version__}\n" in metadata


def test_package_refuses_another_suffix(tmp_path):
    result = CliRunner().invoke(main, ["qgis", "package", "-o", str(tmp_path / "p.txt")])
    assert result.exit_code == 2 and "-o " in result.output and "use a .zip file name" in result.output
    assert not (tmp_path / "p.txt").exists()


def test_install_command_names_what_it_wrote(tmp_path):
    result = CliRunner().invoke(main, ["qgis", "install", "--config-dir", str(tmp_path), "--no-check"])
    assert result.exit_code == 0, result.output
    assert "QGIS plugin written to" in result.stderr and "plugin enabled in" in result.stderr


def test_another_python_than_qgis_is_refused_in_one_line():
    with pytest.raises(install.QgisInstallError, match=r"^QGIS runs Python 3\.99 but this dockreview runs on Python 3\.\d+ .*venv"):
        install.check_python("3.99")
    install.check_python(f"{sys.version_info.major}.{sys.version_info.minor}")
    install.check_python(None)  # QGIS did not say: nothing to refuse


def _executable(path: Path) -> None:
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    path.chmod(0o755)


def test_debians_qgis_process_binary_is_preferred_to_its_wrapper(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert install.find_qgis_process() is None
    _executable(tmp_path / "qgis_process")
    assert install.find_qgis_process() == str(tmp_path / "qgis_process")
    _executable(tmp_path / "qgis_process.bin")
    assert install.find_qgis_process() == str(tmp_path / "qgis_process.bin")
