"""Importing the package holds the garbage collector off; in the command's own process it then freezes the
libraries' objects, elsewhere (a notebook, QGIS) nothing of the host's (``dockreview._collector``).

Run in fresh processes, where the import is the package's first.
"""

from __future__ import annotations

import subprocess
import sys

#: Counts the collector's passes by generation as the package imports, in a process whose ``sys.argv[0]`` is ARGV0.
IMPORT = """
import gc, sys
sys.argv[0] = {argv0!r}
passes = []
gc.callbacks.append(lambda phase, info: phase == "stop" and passes.append(info["generation"]))
import dockreview
print(gc.isenabled(), gc.get_freeze_count(), passes.count(2), len(passes))
"""


def _imported(argv0: str) -> tuple[str, int, int, int]:
    out = subprocess.run([sys.executable, "-c", IMPORT.format(argv0=argv0)], capture_output=True, text=True, check=True)
    enabled, frozen, full, passes = out.stdout.split()
    return enabled, int(frozen), int(full), int(passes)


def test_the_commands_process_imports_without_a_pass_over_the_libraries_and_freezes_them():
    enabled, frozen, full, passes = _imported("/opt/venv/bin/dockreview")  # the console script's own argv[0]
    assert enabled == "True"
    assert frozen > 100_000  # geopandas, pandas, shapely, pyproj: their modules, classes and functions
    assert full == 0 and passes < 20  # a few young passes before the pause begins (some 240 without it)


def test_a_host_importing_the_package_keeps_its_objects_unfrozen():
    enabled, frozen, full, passes = _imported("/usr/lib/python3/dist-packages/ipykernel_launcher.py")
    assert (enabled, frozen, full) == ("True", 0, 0)


def test_a_collector_switched_off_before_the_import_stays_off():
    code = "import gc\ngc.disable()\nimport dockreview\nprint(gc.isenabled())"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split() == ["False"]
