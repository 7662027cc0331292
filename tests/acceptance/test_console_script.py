"""The ``dockreview`` console script ends the process quickly (no teardown of Python) and loses nothing by it.

The script runs the click group and then ends the process itself (:func:`dockreview.cli.run`): each test runs
it in a child process, as an analyst does, and holds what the child gives to what the command gives in this
process (click's CliRunner): the same status, every line of standard output, the exit functions run, and a
thread the command left running waited for.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from dockreview.cli import main
from support.sitegen import make_site


def child(*args, code: str = "") -> subprocess.CompletedProcess:
    """The console script (the README installs ``dockreview = "dockreview.cli:run"``) in a child process, ``code`` run
    just before it; its standard output buffered, as it is in a pipe from a user's shell."""
    command = [sys.executable, "-c", f"import sys\nfrom dockreview.cli import run\n{code}\nsys.argv[0] = 'dockreview'\nrun()"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run([*command, *map(str, args)], capture_output=True, text=True, timeout=600, env=env)


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:
    """Two lots under the default law: a short dock and one far longer than any town allows."""
    root = tmp_path_factory.mktemp("script")
    return {
        name: make_site(root / name, dock={"root": "auto", "bearing": "perpendicular", "length": length, "width": 6.0}).manifest
        for name, length in (("short", 40.0), ("long", 900.0))
    }


@pytest.mark.parametrize("name", ["short", "long"])
def test_the_script_gives_the_commands_status_and_all_its_output(sites, name):
    here = CliRunner().invoke(main, ["check", str(sites[name]), "--json", "-"])
    there = child("check", sites[name], "--json", "-")
    assert there.returncode == here.exit_code
    assert json.loads(there.stdout) == json.loads(here.stdout)


def test_the_two_lots_differ_so_the_status_is_read_not_assumed(sites):
    statuses = {child("check", manifest).returncode for manifest in sites.values()}
    assert len(statuses) == 2, statuses


def test_bad_input_is_one_line_and_status_2(tmp_path):
    there = child("check", tmp_path / "no-such-site.toml")
    assert there.returncode == 2
    assert len(there.stderr.strip().splitlines()) == 1, there.stderr
    assert "Traceback" not in there.stderr


def test_exit_functions_run_and_a_working_thread_is_waited_for():
    registered = "import atexit; atexit.register(print, 'exit functions ran')"
    assert child("--version", code=registered).stdout.splitlines()[-1] == "exit functions ran"
    late = "import threading, time; threading.Thread(target=lambda: (time.sleep(1.0), print('thread done', flush=True))).start()"
    ran = child("--version", code=late)
    assert ran.returncode == 0
    assert "thread done" in ran.stdout
