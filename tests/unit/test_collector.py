"""Importing the package holds the garbage collector off and freezes the libraries' objects (``dockreview._collector``).

Run in a fresh process, where the import is the package's first.
"""

from __future__ import annotations

import subprocess
import sys


def _fresh(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()


def test_the_import_leaves_the_collector_on_and_the_libraries_objects_frozen():
    enabled, frozen, full, passes = _fresh(
        "import gc\n"
        "passes = []\n"
        "gc.callbacks.append(lambda phase, info: phase == 'stop' and passes.append(info['generation']))\n"
        "import dockreview\n"
        "print(gc.isenabled(), gc.get_freeze_count(), passes.count(2), len(passes))"
    )
    assert enabled == "True"
    assert int(frozen) > 100_000  # geopandas, pandas, shapely, pyproj: their modules, classes and functions
    assert int(full) == 0 and int(passes) < 20  # a few young passes before the pause begins (some 240 without it)


def test_a_collector_switched_off_before_the_import_stays_off():
    assert _fresh("import gc\ngc.disable()\nimport dockreview\nprint(gc.isenabled())") == ["False"]
