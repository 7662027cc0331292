"""The house: imports point down the flow, no cycles, no module over the size a newcomer can read, old paths warn."""

from __future__ import annotations

import subprocess
import sys

import pytest

from support.paths import ROOT

PACKAGE = ROOT / "src" / "dockreview"
#: About what a newcomer reads in one sitting (the design notes' limit).
MAX_MODULE_LINES = 600


def test_import_contracts_are_kept():
    """The import-linter contracts of pyproject.toml: the layers of the flow, no cycles, testing unimported."""
    from importlinter.cli import lint_imports

    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0


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


@pytest.mark.parametrize(
    "old, new, name",
    [
        ("dockreview.screen", "dockreview.batch.screen", "screen"),
        ("dockreview.plot", "dockreview.outputs.exhibit", "plot_review"),
        ("dockreview.io", "dockreview.inputs.layers", "read_layer"),
        ("dockreview.site", "dockreview.inputs.site", "load_site"),
    ],
)
def test_old_module_paths_still_work_and_say_where_the_module_went(old, new, name):
    code = (
        "import importlib, warnings\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        f"    old = importlib.import_module({old!r})\n"
        f"new = importlib.import_module({new!r})\n"
        f"assert getattr(old, {name!r}) is getattr(new, {name!r})\n"
        "print([str(w.message) for w in caught if w.category is DeprecationWarning])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert f"{old} has moved to {new}" in out.stdout


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
