"""Run ``dockreview:review`` in the QGIS desktop application and save a picture of the window (docs/qgis.png).

QGIS runs this file at start-up (``qgis --code``); under Xvfb, with the plugin installed::

    dockreview qgis install
    xvfb-run -s "-screen 0 1600x1000x24" qgis --nologo --noversioncheck --code docs/qgis_screenshot.py

Run from the repository (or set DOCKREVIEW_ROOT). It reviews data/straight-t-float through Processing, as the toolbox does, so the
layers load with their styles and group; it zooms to the dock, filters the
Processing toolbox to the provider, waits for the map to draw, saves the
window to ``DOCKREVIEW_SCREENSHOT`` (default /tmp/qgis.png) and quits.
"""

import os
import tempfile
from pathlib import Path

import processing
from qgis.core import QgsProject, QgsRectangle
from qgis.PyQt.QtCore import QTimer
from qgis.PyQt.QtWidgets import QApplication, QDockWidget, QLineEdit
from qgis.utils import iface

ROOT = Path(os.environ.get("DOCKREVIEW_ROOT", os.getcwd()))  # qgis --code gives the file no __file__
TARGET = os.environ.get("DOCKREVIEW_SCREENSHOT", "/tmp/qgis.png")


def _save():
    iface.messageBar().clearWidgets()  # PROJ's note that the best NAD83 -> WGS84 grid is missing (no network)
    iface.mainWindow().grab().save(TARGET)
    QApplication.instance().quit()


def _zoom():
    window = iface.mainWindow()
    browser = window.findChild(QDockWidget, "Browser")
    if browser is not None:
        browser.hide()  # the Layers panel gets the whole column
    toolbox = window.findChild(QDockWidget, "ProcessingToolbox")
    if toolbox is not None:
        toolbox.show()
        search = toolbox.findChild(QLineEdit)
        if search is not None:
            search.setText("dockreview")
    dock = QgsProject.instance().mapLayersByName("dock_components")[0]
    box = QgsRectangle(dock.extent())
    box.grow(170.0)
    canvas = iface.mapCanvas()
    canvas.setExtent(box)
    canvas.mapCanvasRefreshed.connect(lambda: QTimer.singleShot(1500, _save))
    canvas.refresh()


def _run():
    iface.mainWindow().resize(1600, 1000)
    out = Path(tempfile.mkdtemp(prefix="dockreview-shot-"))
    processing.runAndLoadResults("dockreview:review", {
        "MANIFEST": str(ROOT / "data" / "straight-t-float" / "site.toml"),
        "OUTPUT": str(out / "review.gpkg"),
    })
    QTimer.singleShot(3000, _zoom)


QTimer.singleShot(2000, _run)
