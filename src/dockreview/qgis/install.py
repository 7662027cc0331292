"""Install the QGIS plugin into a QGIS profile, or pack it as a zip for QGIS's plugin manager.

QGIS runs its own Python (on Debian and Ubuntu the system's ``/usr/bin/python3``),
not the environment dockreview was installed in. :func:`install` therefore
records, in the plugin folder's ``environment.json``, the folders this
interpreter imports dockreview and its dependencies from; the plugin puts them
at the front of QGIS's ``sys.path`` when it loads. That works when QGIS's Python
and this one share a minor version (their compiled modules are then the same
ABI), which :func:`install` checks with ``qgis_process --version`` when it can.
The wheels' own GEOS, GDAL and PROJ would otherwise bind to QGIS's copies of
those libraries; the plugin imports them with ``RTLD_DEEPBIND`` so each binds
to the library it was built with (see :mod:`dockreview.qgis.plugin.environment`).

The plugin's folder is ``dockreview_qgis``, not ``dockreview``: QGIS imports a
plugin as a top-level package named by its folder, and a folder named
``dockreview`` would hide the package itself.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from dockreview._version import __version__
from dockreview.errors import DockReviewError
from dockreview.outputs.files import atomic_path

#: The plugin's folder in a profile and the top folder of its zip.
PLUGIN_NAME = "dockreview_qgis"
#: The plugin's files, shipped inside the package as data.
PLUGIN_SOURCE = Path(__file__).parent / "plugin"
#: The QML styles of the layers the algorithms write, copied into the plugin's ``styles/``.
STYLES = Path(__file__).parent / "styles"
#: Where the plugin finds the interpreter's import folders (written by :func:`install` only).
ENVIRONMENT_FILE = "environment.json"
#: The provider's algorithms, as ``qgis_process list`` names them.
ALGORITHMS = ("dockreview:review", "dockreview:envelope", "dockreview:screen", "dockreview:audit")


class QgisInstallError(DockReviewError):
    """The plugin cannot be installed where asked, or QGIS's Python cannot use this dockreview."""


def config_dir(environ: dict | None = None, platform: str | None = None, home: Path | None = None) -> Path:
    """QGIS's settings folder, the one holding ``profiles/``, as QGIS itself finds it.

    ``QGIS_CUSTOM_CONFIG_PATH`` when set; else ``~/.local/share/QGIS/QGIS3`` on Linux
    (under ``XDG_DATA_HOME`` when that is set), ``~/Library/Application
    Support/QGIS/QGIS3`` on macOS, ``%APPDATA%\\QGIS\\QGIS3`` on Windows.

    Examples
    --------
    >>> config_dir({"QGIS_CUSTOM_CONFIG_PATH": "/srv/qgis"}, "linux", Path("/home/a")).as_posix()
    '/srv/qgis'
    >>> config_dir({}, "linux", Path("/home/a")).as_posix()
    '/home/a/.local/share/QGIS/QGIS3'
    >>> config_dir({}, "darwin", Path("/Users/a")).as_posix()
    '/Users/a/Library/Application Support/QGIS/QGIS3'
    """
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    home = Path.home() if home is None else home
    if environ.get("QGIS_CUSTOM_CONFIG_PATH"):
        return Path(environ["QGIS_CUSTOM_CONFIG_PATH"])
    if platform.startswith("win"):
        return Path(environ.get("APPDATA", home / "AppData" / "Roaming")) / "QGIS" / "QGIS3"
    if platform == "darwin":
        return home / "Library" / "Application Support" / "QGIS" / "QGIS3"
    data = Path(environ["XDG_DATA_HOME"]) if environ.get("XDG_DATA_HOME") else home / ".local" / "share"
    return data / "QGIS" / "QGIS3"


def profile_dir(profile: str = "default", config: Path | None = None) -> Path:
    """The folder of QGIS user profile ``profile``."""
    return (config_dir() if config is None else Path(config)) / "profiles" / profile


def import_paths() -> list[str]:
    """The folders QGIS's Python needs to import this dockreview and its dependencies.

    The folder holding the ``dockreview`` package (a source tree's ``src/`` for an
    editable install), then this interpreter's site-packages; existing folders only,
    each once.
    """
    import dockreview

    candidates = [Path(dockreview.__file__).resolve().parent.parent]
    candidates += [Path(sysconfig.get_paths()[key]) for key in ("purelib", "platlib")]
    out: list[str] = []
    for folder in candidates:
        text = str(folder.resolve())
        if folder.is_dir() and text not in out:
            out.append(text)
    return out


def environment() -> dict:
    """What the plugin reads from ``environment.json``: the interpreter, its version, its import folders."""
    return {
        "dockreview": __version__,
        "python": f"{sys.version_info.major}.{sys.version_info.minor}",
        "executable": sys.executable,
        "paths": import_paths(),
    }


def find_qgis_process() -> str | None:
    """The ``qgis_process`` to run, or None when QGIS is not installed.

    Debian's and Ubuntu's ``qgis_process`` is a shell script that passes the desktop
    application's ``--noversioncheck`` from /etc/default/qgis, which ``qgis_process``
    refuses ("Command --noversioncheck not known!", QGIS issue #57683); the
    ``qgis_process.bin`` beside it is the program itself and is preferred.
    """
    found = shutil.which("qgis_process")
    if found is None:
        return shutil.which("qgis_process.bin")
    binary = Path(found).with_name("qgis_process.bin")
    return str(binary) if binary.exists() else found


def qgis_environ(config: Path | None = None) -> dict[str, str]:
    """The environment to run ``qgis_process`` in: headless when there is no display, the given settings folder."""
    env = dict(os.environ)
    if config is not None:
        env["QGIS_CUSTOM_CONFIG_PATH"] = str(config)
    if not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return env


def qgis_python(qgis_process: str) -> str | None:
    """The Python version QGIS runs (``"3.11"``), from ``qgis_process --version``; None when it does not say."""
    try:
        out = subprocess.run([qgis_process, "--version"], capture_output=True, text=True, timeout=120, env=qgis_environ())
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r"^Python version (\d+)\.(\d+)", out.stdout, flags=re.MULTILINE)
    return f"{found.group(1)}.{found.group(2)}" if found else None


def listed_algorithms(qgis_process: str, config: Path | None = None) -> list[str]:
    """The ``dockreview:`` algorithms ``qgis_process list`` lists with the plugins of ``config``."""
    out = subprocess.run([qgis_process, "list"], capture_output=True, text=True, timeout=300, env=qgis_environ(config))
    return re.findall(r"^\s*(dockreview:\w+)\b", out.stdout, flags=re.MULTILINE)


def _metadata(version: str) -> str:
    """The plugin's metadata.txt with the package's version in it."""
    text = (PLUGIN_SOURCE / "metadata.txt").read_text(encoding="utf-8")
    return re.sub(r"^version=.*$", f"version={version}", text, count=1, flags=re.MULTILINE)


def plugin_files() -> dict[str, Path]:
    """The plugin's files by their path inside the plugin folder (metadata.txt is written, not copied)."""
    files = {
        str(p.relative_to(PLUGIN_SOURCE).as_posix()): p
        for p in sorted(PLUGIN_SOURCE.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and p.name != "metadata.txt"
    }
    files.update({f"styles/{p.name}": p for p in sorted(STYLES.glob("*.qml"))})
    return files


def enable(settings: Path, name: str = PLUGIN_NAME) -> None:
    """Set ``name=true`` in the ``[PythonPlugins]`` section of a profile's QGIS3.ini, leaving every other line as it is."""
    lines = settings.read_text(encoding="utf-8").splitlines() if settings.exists() else []
    start = next((i for i, line in enumerate(lines) if line.strip() == "[PythonPlugins]"), None)
    if start is None:
        lines = [*lines, *([""] if lines and lines[-1].strip() else []), "[PythonPlugins]", f"{name}=true"]
    else:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[")), len(lines))
        at = next((i for i in range(start + 1, end) if lines[i].split("=", 1)[0].strip() == name), None)
        if at is None:
            lines.insert(start + 1, f"{name}=true")
        else:
            lines[at] = f"{name}=true"
    settings.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(settings) as tmp:
        tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")


@dataclass(frozen=True)
class Installed:
    """Where :func:`install` put the plugin, and what it recorded."""

    folder: Path
    settings: Path | None
    environment: dict


def check_python(qgis_version: str | None) -> None:
    """Refuse an interpreter whose minor version differs from QGIS's: its compiled modules would not load there."""
    ours = f"{sys.version_info.major}.{sys.version_info.minor}"
    if qgis_version is not None and qgis_version != ours:
        raise QgisInstallError(
            f"QGIS runs Python {qgis_version} but this dockreview runs on Python {ours} ({sys.executable}): "
            f"install dockreview in a virtual environment made with QGIS's Python (python{qgis_version} -m venv DIR; "
            "DIR/bin/pip install dockreview) and run DIR/bin/dockreview qgis install"
        )


def install(profile: str = "default", *, config: Path | None = None, enable_plugin: bool = True) -> Installed:
    """Copy the plugin into QGIS profile ``profile``, record this environment, and enable the plugin.

    An earlier copy of the plugin is replaced whole. Returns where it went.
    """
    target = profile_dir(profile, config) / "python" / "plugins" / PLUGIN_NAME
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{PLUGIN_NAME}.", dir=target.parent))
    except OSError as exc:
        raise QgisInstallError(f"{target.parent}: cannot write the plugin there ({exc}); check the QGIS profile folder") from None
    env = environment()
    try:
        for name, source in plugin_files().items():
            (staging / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, staging / name)
        (staging / "metadata.txt").write_text(_metadata(__version__), encoding="utf-8")
        (staging / ENVIRONMENT_FILE).write_text(json.dumps(env, indent=2) + "\n", encoding="utf-8")
        if target.exists():
            shutil.rmtree(target)
        staging.rename(target)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    settings = None
    if enable_plugin:
        settings = profile_dir(profile, config) / "QGIS" / "QGIS3.ini"
        enable(settings)
    return Installed(target, settings, env)


def package(path: str | Path) -> Path:
    """Write the plugin zip QGIS's plugin manager installs ("Install from ZIP"): one folder, ``dockreview_qgis/``.

    The zip records no environment: QGIS's own Python must be able to import
    dockreview (see the README, QGIS), or ``dockreview qgis install`` be run after.
    """
    path = Path(path)
    with atomic_path(path) as tmp:
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(f"{PLUGIN_NAME}/metadata.txt", _metadata(__version__))
            for name, source in plugin_files().items():
                archive.write(source, f"{PLUGIN_NAME}/{name}")
    return path
