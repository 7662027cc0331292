"""Shared set-up for every test: a non-interactive matplotlib, one BLAS thread a process, the sample sites as fixtures.

Tests are arranged as the package is: ``unit/<subpackage>/`` for one stage of the
flow, ``acceptance/`` for known-answer sites, properties, notebooks and the
command line end to end. The site generators live in ``support/`` (on the path
through ``pythonpath`` in pyproject.toml).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import pkgutil

os.environ.setdefault("MPLBACKEND", "Agg")
# One BLAS thread a process, here and in the commands the tests start (before numpy is first imported, below): the
# suite runs a process per core (pytest-xdist), and OpenBLAS's own threads on top of them spin against each other
# (key-west-chart's soundings took 4 to 20 s to triangulate instead of 0.15 s on a busy 2-core machine).
for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

import matplotlib  # noqa: E402
import pytest  # noqa: E402

from support.paths import DATA  # noqa: E402

matplotlib.use("Agg")


def _every_module_imported() -> None:
    """Import every module of the package, so that Hypothesis draws the same examples whatever ran before.

    Hypothesis mixes into its examples the constants of the local modules loaded when it draws them. Under
    pytest-xdist the modules a worker has loaded hang on which tests it happened to be given first, so
    ``derandomize`` alone would not give CI the same examples every time. A module needing an extra that is
    not installed (the QGIS plugin without QGIS) is left out, here as everywhere.
    """
    import dockreview

    for module in pkgutil.walk_packages(dockreview.__path__, "dockreview."):
        if not module.name.endswith("__main__"):
            with contextlib.suppress(ImportError):
                importlib.import_module(module.name)


_every_module_imported()

#: The sample sites shipped in data/ (each a folder with a site.toml).
SAMPLE_SITES = sorted(p.parent.name for p in DATA.glob("*/site.toml"))


@pytest.fixture(params=SAMPLE_SITES)
def sample_manifest(request):
    """The manifest of each sample site in data/, one test per site."""
    return DATA / request.param / "site.toml"
