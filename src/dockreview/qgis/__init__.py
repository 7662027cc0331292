"""dockreview inside QGIS: a Processing provider, its styles, and the commands that install it.

Beside the flow, on top of it, as the command line is: the Processing provider
``dockreview`` (:mod:`dockreview.qgis.plugin`, files a QGIS profile loads, which
import ``qgis``) calls :mod:`dockreview.qgis.runs`, plain functions on files that
call the package's public API; :mod:`dockreview.qgis.install` copies the plugin
and its QML styles (``styles/``) into a QGIS profile or a zip
(``dockreview qgis install`` and ``dockreview qgis package``). Nothing in the
flow imports this package.
"""

from dockreview._exports import exports

#: The public names, by the module that defines each (imported when a name is first asked for; none imports qgis).
#: Installing is ``dockreview.qgis.install.install`` (a name may not be one of the package's modules).
_HOMES = {
    "install": ("ALGORITHMS", "PLUGIN_NAME", "QgisInstallError", "find_qgis_process", "package"),
    "runs": (
        "AuditRun", "Cancelled", "EnvelopeRun", "ReviewRun", "ScreenRun", "audit_charts", "envelope_site", "review_site",
        "screen_parcels",
    ),
}
__all__, __getattr__, __dir__ = exports(__name__, _HOMES)
