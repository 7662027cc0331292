"""Collection for the whole repository: the package's docstring examples run as doctests, the old import paths do not.

The modules at the package's old flat paths (``dockreview.screen``, ``dockreview.plot``, ...)
only re-export their new homes with a DeprecationWarning; tests/unit/test_house.py checks them.
"""

from pathlib import Path

_PACKAGE = Path(__file__).parent / "src" / "dockreview"
_MOVED = ("io", "plot", "screen", "site", "envelope", "suggest", "synthetic", "chart")

collect_ignore = [str(_PACKAGE / f"{name}.py") for name in _MOVED]
# The QGIS plugin's modules and the styles' generator import qgis: QGIS's Python runs them, not pytest (tests/qgis/ does).
collect_ignore += [str(_PACKAGE / "qgis" / "plugin"), str(_PACKAGE / "qgis" / "make_styles.py")]
