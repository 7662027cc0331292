"""The real QGIS: the plugin installed into a settings folder of the session's own, and qgis_process run headless.

Skipped, with the reason, where QGIS is not installed; .ci/run installs Debian's
``qgis`` and ``python3-qgis`` so CI always runs them.
"""

from __future__ import annotations

import json
import subprocess

import pytest
from click.testing import CliRunner

from dockreview.cli import main
from dockreview.qgis import install

QGIS_PROCESS = install.find_qgis_process()


@pytest.fixture(scope="session")
def qgis_process() -> str:
    if QGIS_PROCESS is None:
        pytest.skip("qgis_process not found: install QGIS (Debian: apt-get install qgis python3-qgis; .ci/run does) to run the QGIS tests")
    return QGIS_PROCESS


@pytest.fixture(scope="session")
def qgis_config(qgis_process, tmp_path_factory):
    """A QGIS settings folder with the plugin installed by ``dockreview qgis install`` (which checks QGIS lists it)."""
    folder = tmp_path_factory.mktemp("qgis-settings")
    result = CliRunner().invoke(main, ["qgis", "install", "--config-dir", str(folder)])
    assert result.exit_code == 0, result.output
    assert "qgis_process lists dockreview:audit, dockreview:envelope, dockreview:review, dockreview:screen" in result.stderr
    return folder


class Run:
    """One ``qgis_process --json run``: its exit status, its JSON answer (None on failure) and its standard error."""

    def __init__(self, done: subprocess.CompletedProcess) -> None:
        self.returncode, self.stderr, self.stdout = done.returncode, done.stderr, done.stdout
        try:
            self.json = json.loads(done.stdout)
        except json.JSONDecodeError:
            self.json = None

    @property
    def results(self) -> dict:
        assert self.returncode == 0 and self.json is not None, self.stdout + self.stderr
        return self.json["results"]


@pytest.fixture(scope="session")
def run_algorithm(qgis_process, qgis_config):
    """``run_algorithm("dockreview:review", MANIFEST=..., OUTPUT=...)``; a list value repeats the parameter.

    ``config``: another settings folder than the session's; ``bare``: without the caller's PYTHONPATH.
    """

    def run(algorithm: str, config=None, bare: bool = False, **parameters) -> Run:
        args = [qgis_process, "--json", "run", algorithm, "--"]
        for name, value in parameters.items():
            for item in value if isinstance(value, list) else [value]:
                args.append(f"{name}={item}")
        env = install.qgis_environ(qgis_config if config is None else config)
        if bare:  # QGIS's Python as it comes: nothing on PYTHONPATH
            env.pop("PYTHONPATH", None)
        return Run(subprocess.run(args, capture_output=True, text=True, timeout=900, env=env))

    return run
