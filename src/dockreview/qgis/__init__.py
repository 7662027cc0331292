"""dockreview inside QGIS: a Processing provider, its styles, and the commands that install it.

Beside the flow, on top of it, as the command line is: the Processing provider
``dockreview`` (:mod:`dockreview.qgis.plugin`, files a QGIS profile loads, which
import ``qgis``) calls :mod:`dockreview.qgis.runs`, plain functions on files that
call the package's public API; :mod:`dockreview.qgis.install` copies the plugin
and its QML styles (``styles/``) into a QGIS profile or a zip
(``dockreview qgis install`` and ``dockreview qgis package``). Nothing in the
flow imports this package.
"""
