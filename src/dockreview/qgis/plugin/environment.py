"""Make dockreview importable in QGIS's Python, once, and say plainly why when it cannot be.

``dockreview qgis install`` records in ``environment.json`` (beside this file) the
interpreter it ran in and the folders that interpreter imports dockreview and its
dependencies from. :func:`load` puts those folders at the front of ``sys.path``
(through :func:`site.addsitedir`, so an editable install's ``.pth`` works too) and
imports the package.

The wheels of shapely, pyogrio, pyproj, fiona and rasterio carry their own GEOS,
GDAL and PROJ, and QGIS has loaded its own copies of those libraries into the
process: a module loaded the ordinary way would bind to QGIS's (shapely calling
GEOS 3.11 with a 3.13 layout, which crashes). :func:`own_libraries` loads them
with ``RTLD_DEEPBIND``, so each binds first to the libraries beside it; every
algorithm runs inside it as well, for the modules the package imports lazily.
On macOS and Windows, where libraries do not interpose, it changes nothing.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import site
import sys
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).parent
ENVIRONMENT = HERE / "environment.json"
#: Compiled packages that bring their own copies of libraries QGIS has loaded (GEOS, GDAL, PROJ, FreeType).
BUNDLED = ("numpy", "shapely", "pyproj", "pyogrio", "fiona", "rasterio", "matplotlib")
_STATE: dict[str, str | None] = {}


class _WrongPython(Exception):
    """The recorded environment runs another Python than QGIS."""


@contextmanager
def own_libraries():
    """Load the compiled modules imported in the block with ``RTLD_DEEPBIND`` (Linux; elsewhere a no-op)."""
    flag = getattr(os, "RTLD_DEEPBIND", 0)
    if not flag or not hasattr(sys, "setdlopenflags"):
        yield
        return
    before = sys.getdlopenflags()
    sys.setdlopenflags(before | flag)
    try:
        yield
    finally:
        sys.setdlopenflags(before)


def _add_paths(paths: list[str]) -> None:
    """Put ``paths``, in their order, then what their .pth files add, in front of every other folder."""
    before = list(sys.path)
    for path in paths:
        site.addsitedir(path)
    added = [p for p in sys.path if p not in before and p not in paths]
    sys.path[:] = list(paths) + added + [p for p in before if p not in paths]


def _preload(package: str) -> None:
    """Import every compiled module of ``package`` (not its tests) while :func:`own_libraries` is in force."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return
    importlib.import_module(package)
    root = Path(list(spec.submodule_search_locations)[0])
    for binary in sorted(root.rglob("*.so")):
        parts = binary.relative_to(root).parts
        if any(p in ("tests", "testing") for p in parts):
            continue
        name = ".".join((package, *parts[:-1], parts[-1].split(".")[0]))
        try:
            importlib.import_module(name)
        except Exception:  # a module that cannot load alone is loaded by its package when needed
            pass


def recorded() -> dict | None:
    """What ``dockreview qgis install`` recorded, or None (a plugin installed from the zip)."""
    if not ENVIRONMENT.exists():
        return None
    return json.loads(ENVIRONMENT.read_text(encoding="utf-8"))


def load() -> str | None:
    """Import dockreview (once); None when it imports, else one line saying why not and what to do."""
    if "error" in _STATE:
        return _STATE["error"]
    ours = f"{sys.version_info.major}.{sys.version_info.minor}"
    env = recorded()
    error = None
    try:
        if env is not None:
            if env.get("python") != ours:
                raise _WrongPython(
                    f"it was installed from Python {env.get('python')} ({env.get('executable')}) but QGIS runs Python {ours}; "
                    f"install dockreview in an environment made with QGIS's Python (python{ours} -m venv DIR) "
                    "and run DIR/bin/dockreview qgis install"
                )
            _add_paths(list(env.get("paths", [])))
        with own_libraries():
            for package in BUNDLED:
                _preload(package)
            import matplotlib

            if "matplotlib.pyplot" not in sys.modules:
                matplotlib.use("Agg")  # exhibits are drawn off screen, in Processing's worker thread
            importlib.import_module("dockreview")
            importlib.import_module("dockreview.qgis.runs")
    except _WrongPython as exc:
        error = f"dockreview cannot be imported in QGIS's Python: {exc}"
    except Exception as exc:
        where = "" if env is None else f" from {env.get('executable')}"
        error = (
            f"dockreview cannot be imported in QGIS's Python {ours}{where} ({type(exc).__name__}: {exc}); "
            "run `dockreview qgis install` from the environment dockreview is installed in"
        )
    _STATE["error"] = error
    return error
