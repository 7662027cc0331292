"""The Processing provider ``dockreview`` and the plugin that registers it."""

from __future__ import annotations

from qgis.core import QgsApplication, QgsMessageLog, QgsProcessingProvider
from qgis.PyQt.QtGui import QIcon

from . import environment
from .audit import AuditAlgorithm
from .common import ICON
from .envelope import EnvelopeAlgorithm
from .review import ReviewAlgorithm
from .screen import ScreenAlgorithm

ALGORITHMS = (ReviewAlgorithm, EnvelopeAlgorithm, ScreenAlgorithm, AuditAlgorithm)


class DockReviewProvider(QgsProcessingProvider):
    """The algorithms ``dockreview:review``, ``:envelope``, ``:screen`` and ``:audit``."""

    def id(self) -> str:
        return "dockreview"

    def name(self) -> str:
        return "dockreview"

    def longName(self) -> str:
        return "dockreview: residential docks on tidal water"

    def icon(self) -> QIcon:
        return QIcon(str(ICON))

    def versionInfo(self) -> str:
        problem = environment.load()
        if problem:
            return "not importable"
        import dockreview

        return dockreview.__version__

    def loadAlgorithms(self) -> None:
        for algorithm in ALGORITHMS:
            self.addAlgorithm(algorithm())


class DockReviewPlugin:
    """The plugin: registers the provider (in the desktop application and in qgis_process)."""

    def __init__(self, iface=None) -> None:
        self.iface = iface
        self.provider = None

    def initProcessing(self) -> None:
        problem = environment.load()
        if problem:  # the algorithms are still listed, and say the same when run
            QgsMessageLog.logMessage(problem, "dockreview")
        self.provider = DockReviewProvider()
        QgsApplication.processingRegistry().addProvider(self.provider)

    def initGui(self) -> None:
        self.initProcessing()

    def unload(self) -> None:
        if self.provider is not None:
            QgsApplication.processingRegistry().removeProvider(self.provider)
            self.provider = None
