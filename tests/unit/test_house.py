"""The house: imports point down the flow, no cycles, no module over the size a newcomer can read, each stage's public names."""

from __future__ import annotations

import subprocess
import sys

import pytest

from support.paths import ROOT

PACKAGE = ROOT / "src" / "dockreview"
#: About what a newcomer reads in one sitting (the design notes' limit).
MAX_MODULE_LINES = 600


def test_import_contracts_are_kept():
    """The import-linter contracts of pyproject.toml: the layers of the flow, no cycles, testing unimported.

    In a child process: import-linter configures logging with ``dictConfig``, which disables every logger already
    made, ``dockreview``'s among them, for the rest of the process (a later test that reads its log saw nothing).
    """
    code = (
        "from importlinter.cli import lint_imports\n"
        f"raise SystemExit(lint_imports(config_filename={str(ROOT / 'pyproject.toml')!r}, no_cache=True, no_logo=True))"
    )
    linted = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert linted.returncode == 0, linted.stdout + linted.stderr


def test_no_module_is_longer_than_a_newcomer_can_read():
    long = {
        str(p.relative_to(PACKAGE)): n
        for p in PACKAGE.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not long, f"modules over {MAX_MODULE_LINES} lines: {long}"


def test_importing_the_package_loads_no_plotting_and_no_batch_code():
    """``import dockreview`` is the core only: matplotlib, the screen and the CLI load when asked for."""
    code = (
        "import sys, dockreview; "
        "print(sorted(m for m in sys.modules if m.startswith(('matplotlib', 'dockreview.outputs.exhibit', "
        "'dockreview.batch', 'dockreview.cli', 'dask'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


#: The package's old flat paths, removed before any release (their modules live in the stages now).
OLD_PATHS = ("chart", "envelope", "io", "plot", "screen", "site", "suggest", "synthetic", "_moved")
#: The stages of the flow, each a package that declares its public names.
STAGES = ("inputs", "geometry", "measure", "rules", "review", "evidence", "outputs", "batch", "cli", "qgis")


@pytest.mark.parametrize("name", OLD_PATHS)
def test_the_old_flat_paths_are_gone(name):
    assert not (PACKAGE / f"{name}.py").exists()
    code = f"import importlib\ntry:\n    importlib.import_module('dockreview.{name}')\nexcept ModuleNotFoundError:\n    print('gone')\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "gone", out.stderr


def test_each_stage_declares_its_public_names_and_each_resolves():
    """``__all__`` in every stage package; each name found (imported on first use), none shadowed by a module.

    Every module of the package is imported first: importing a module sets the package's attribute of its name,
    which would hide a public name of the same name not yet asked for.
    """
    code = (
        "import importlib, json, pkgutil, types\n"
        f"stages = {STAGES!r}\n"
        "out = {}\n"
        "for stage in stages:\n"
        "    package = importlib.import_module(f'dockreview.{stage}')\n"
        "    for module in pkgutil.iter_modules(package.__path__):\n"
        "        try:\n"
        "            importlib.import_module(f'dockreview.{stage}.{module.name}')\n"
        "        except ImportError:  # the QGIS plugin's modules import qgis\n"
        "            pass\n"
        "    names = getattr(package, '__all__', None)\n"
        "    out[stage] = None if names is None else {\n"
        "        'names': len(names), 'unresolved': [n for n in names if not hasattr(package, n)],\n"
        "        'modules': [n for n in names if isinstance(getattr(package, n, None), types.ModuleType)],\n"
        "        'missing_from_dir': [n for n in names if n not in dir(package)],\n"
        "    }\n"
        "print(json.dumps(out))\n"
    )
    import json

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    found = json.loads(out.stdout)
    for stage in STAGES:
        assert found[stage] is not None, f"dockreview.{stage} has no __all__"
        assert found[stage]["names"] > 0, stage
        assert found[stage]["unresolved"] == [], (stage, found[stage]["unresolved"])
        assert found[stage]["modules"] == [], f"dockreview.{stage}: public names that are its modules: {found[stage]['modules']}"
        assert found[stage]["missing_from_dir"] == [], (stage, found[stage]["missing_from_dir"])


def test_importing_a_stage_imports_none_of_its_modules_it_does_not_need():
    """A stage's ``__all__`` costs nothing: ``import dockreview.batch`` loads none of the screen's modules."""
    code = (
        "import sys, dockreview.batch, dockreview.outputs, dockreview.qgis; "
        "print(sorted(m for m in sys.modules if m.startswith(('dockreview.batch.', 'dockreview.outputs.', "
        "'dockreview.qgis.', 'matplotlib'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_every_subpackage_states_its_stage():
    for folder in sorted(p for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        doc = (folder / "__init__.py").read_text(encoding="utf-8")
        assert doc.lstrip().startswith('"""'), f"{folder.name}/__init__.py has no docstring"


def test_the_ci_script_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = next(line for line in ci.splitlines() if line.startswith("python3 -m venv"))
    assert command in readme


#: Modules an extra installs for: the Dask backend (``.[dask]``) and the QGIS plugin (QGIS's own Python).
EXTRA_MODULES = ("batch/dask_backend.py", "qgis/")
#: Imported under their distribution's dependency: affine comes with rasterio.
CARRIED = {"affine": "rasterio"}


def _top_level_imports(path) -> set[str]:
    import ast

    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"dockreview", "__future__"}


def test_a_plain_install_has_every_module_the_package_imports_at_its_top():
    """``pip install -e .`` (the README's first command) must give every import outside the extras' modules."""
    import re
    import tomllib

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    installed = {re.split(r"[<>=!~ \[]", d, maxsplit=1)[0].lower().replace("-", "_") for d in declared}
    package = ROOT / "src" / "dockreview"
    missing = {}
    for path in package.rglob("*.py"):
        where = path.relative_to(package).as_posix()
        if any(where.startswith(extra) for extra in EXTRA_MODULES):
            continue
        for name in _top_level_imports(path):
            if CARRIED.get(name, name).lower() not in installed:
                missing.setdefault(name, []).append(where)
    assert not missing, missing
