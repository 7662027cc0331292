"""The dockreview QGIS plugin: the Processing provider ``dockreview`` (files a QGIS profile loads, not doctested).

Installed by ``dockreview qgis install`` into a profile's ``python/plugins/dockreview_qgis``
or packed by ``dockreview qgis package``. These modules import ``qgis`` and
dockreview's public API only, through :mod:`dockreview.qgis.runs`, and the outputs'
registry (:mod:`dockreview.outputs.formats`: the files' filters and checks, the pages),
each once dockreview is importable (:func:`.environment.load`).
"""


def classFactory(iface):  # noqa: N802 - the name QGIS calls
    """QGIS's entry point: the plugin object."""
    from .provider import DockReviewPlugin

    return DockReviewPlugin(iface)
