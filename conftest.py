"""Collection for the whole repository: the package's docstring examples run as doctests."""

from pathlib import Path

_PACKAGE = Path(__file__).parent / "src" / "dockreview"
# The QGIS plugin's modules and the styles' generator import qgis: QGIS's Python runs them, not pytest (tests/qgis/ does).
collect_ignore = [str(_PACKAGE / "qgis" / "plugin"), str(_PACKAGE / "qgis" / "make_styles.py")]
