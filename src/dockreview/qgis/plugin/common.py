"""What the four algorithms share: the base class, the site's parameters, the outputs, errors, progress, styled results.

An algorithm subclasses :class:`Algorithm` and writes ``define`` (its parameters)
and ``work`` (parameters to :mod:`dockreview.qgis.runs` and back). The base class
makes dockreview importable first, runs inside
:func:`~.environment.own_libraries`, follows QGIS's feedback (progress and
cancelling) and words every error as the command line does: a DockReviewError's
one line becomes the QgsProcessingException's message. The output files' filters
and checks and the report's pages are dockreview's registry's
(:data:`dockreview.outputs.formats.PRODUCTS`), as the command line's are.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from qgis.core import (
    QgsExpressionContextUtils,
    QgsProcessing,
    QgsProcessingAlgorithm,
    QgsProcessingContext,
    QgsProcessingException,
    QgsProcessingLayerPostProcessorInterface,
    QgsProcessingParameterCrs,
    QgsProcessingParameterEnum,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterFile,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterString,
    QgsProcessingUtils,
    QgsVectorLayer,
    QgsWkbTypes,
)
from qgis.PyQt.QtGui import QIcon

from . import environment

HERE = Path(__file__).parent
STYLES = HERE / "styles"
ICON = HERE / "icon.svg"
#: The layer formats dockreview reads directly; any other layer is first written to a GeoPackage by QGIS.
READABLE = ["gpkg", "shp", "geojson", "json", "fgb"]
POLYGON, LINE, POINT = QgsProcessing.TypeVectorPolygon, QgsProcessing.TypeVectorLine, QgsProcessing.TypeVectorPoint
ANY = QgsProcessing.TypeVectorAnyGeometry
#: Post-processors must outlive the algorithm that made them (QGIS keeps only a pointer).
_KEEP: list = []


class Algorithm(QgsProcessingAlgorithm):
    """The provider's algorithms: name, help and the guarded run."""

    NAME = ""
    TITLE = ""
    HELP = ""

    def name(self) -> str:
        return self.NAME

    def displayName(self) -> str:
        return self.TITLE

    def shortHelpString(self) -> str:
        return self.HELP

    def icon(self) -> QIcon:
        return QIcon(str(ICON))

    def createInstance(self):
        return type(self)()

    def initAlgorithm(self, config=None) -> None:
        self.define()

    def define(self) -> None:
        raise NotImplementedError

    def work(self, parameters, context, feedback) -> dict:
        raise NotImplementedError

    def processAlgorithm(self, parameters, context, feedback) -> dict:
        problem = environment.load()
        if problem:
            raise QgsProcessingException(problem)
        from dockreview.errors import DockReviewError
        from dockreview.qgis.runs import Cancelled

        try:
            with environment.own_libraries():
                return self.work(parameters, context, feedback)
        except Cancelled:
            raise QgsProcessingException("cancelled") from None
        except DockReviewError as exc:
            raise QgsProcessingException(str(exc)) from None


def progress_of(feedback):
    """``progress(fraction, text)`` for :mod:`dockreview.qgis.runs`, raising Cancelled once the user cancels."""
    from dockreview.qgis.runs import Cancelled

    def progress(fraction: float, text: str | None) -> None:
        if feedback.isCanceled():
            raise Cancelled()
        feedback.setProgress(100.0 * fraction)
        if text:
            feedback.setProgressText(text)

    return progress


def report_warnings(feedback, messages) -> None:
    """The data warnings, as the command line prints them ("warning: ...")."""
    for message in messages:
        feedback.pushWarning(f"warning: {message}")


def given(parameters, name: str) -> bool:
    """True when parameter ``name`` has a value (an empty string or None is none)."""
    value = parameters.get(name)
    return value is not None and value != "" and value != []


def text(alg, parameters, name, context) -> str | None:
    """A string or field parameter's value; None when empty."""
    if not given(parameters, name):
        return None
    value = alg.parameterAsString(parameters, name, context)
    return value or None


def number(alg, parameters, name, context) -> float | None:
    """A number parameter's value; None when not given."""
    if not given(parameters, name):
        return None
    return alg.parameterAsDouble(parameters, name, context)


def source_file(alg, parameters, name, context, feedback) -> tuple[str, str | None] | None:
    """The file (and layer) dockreview reads for layer parameter ``name``; None when not given.

    A layer in a format dockreview reads is used where it lies; any other (a memory
    layer, a database table, a selection) is written to a GeoPackage by QGIS first.
    """
    if not given(parameters, name):
        return None
    path, layer = alg.parameterAsCompatibleSourceLayerPathAndLayerName(parameters, name, context, READABLE, "gpkg", feedback)
    if not path:
        raise QgsProcessingException(f"{name}: cannot read the layer")
    return path, (layer or None)


def source_crs(alg, parameters, name, context):
    """The CRS of layer parameter ``name`` (a QgsCoordinateReferenceSystem), or None."""
    if not given(parameters, name):
        return None
    source = alg.parameterAsSource(parameters, name, context)
    return None if source is None else source.sourceCrs()


def formats():
    """dockreview's registry of outputs (:mod:`dockreview.outputs.formats`); None when dockreview cannot be imported.

    The algorithms are listed even then and say why when run, so a parameter read from the registry then offers no
    choice (:func:`add_output_parameter`, :func:`add_page_parameter`).
    """
    if environment.load():
        return None
    from dockreview.outputs import formats as registry

    return registry


def add_output_parameter(alg, name: str, label: str, product: str, **options) -> None:
    """A file to write, ``name``: the formats of ``product`` are its file filter, the first the one offered."""
    registry = formats()
    file_filter = "" if registry is None else registry.PRODUCTS[product].file_filter
    alg.addParameter(QgsProcessingParameterFileDestination(name, label, file_filter, **options))


def output_file(alg, parameters, name: str, context, product: str, *, optional: bool = False) -> str | None:
    """The file parameter ``name`` names, refused in one line when ``product`` has not its suffix; None when optional and not given."""
    if optional and not given(parameters, name):
        return None
    path = alg.parameterAsFileOutput(parameters, name, context)
    formats().PRODUCTS[product].check(path, name)  # an OutputError: one line, as the command line words it
    return path


def add_page_parameter(alg, name: str, label: str) -> None:
    """A choice of the landscape pages sheets are drawn on, the default page first chosen."""
    registry = formats()
    pages = [] if registry is None else list(registry.PAGE_SIZES)
    default = registry.PAGE_SIZES.index(registry.DEFAULT_PAGE) if pages else None
    alg.addParameter(QgsProcessingParameterEnum(name, label, pages, defaultValue=default, optional=not pages))


def page(alg, parameters, name: str, context) -> str:
    """The page chosen in parameter ``name`` (:func:`add_page_parameter`)."""
    return formats().PAGE_SIZES[alg.parameterAsEnum(parameters, name, context)]


def crs_text(crs) -> str | None:
    """A QGIS CRS as dockreview reads one (``EPSG:2263``, else its WKT)."""
    if crs is None or not crs.isValid():
        return None
    return crs.authid() or crs.toWkt()


# ---------------------------------------------------------------------------
# the site: a manifest, or layers picked in the project
# ---------------------------------------------------------------------------
SITE_LAYERS = ("PARCELS", "MHW", "CHANNELS", "DOCKS", "SOUNDINGS", "VEGETATION")


def add_site_parameters(alg) -> None:
    """MANIFEST, or the site's layers and fields (PARCELS ... VEGETATION, PARCEL_ID ...), the CRS and the profile."""
    alg.addParameter(QgsProcessingParameterFile(
        "MANIFEST", "Site manifest (site.toml); or leave empty and pick the layers below", extension="toml", optional=True))
    alg.addParameter(QgsProcessingParameterFeatureSource("PARCELS", "Parcels", [POLYGON], optional=True))
    alg.addParameter(QgsProcessingParameterField("PARCEL_ID_FIELD", "Parcel id field", parentLayerParameterName="PARCELS", optional=True))
    alg.addParameter(QgsProcessingParameterString("PARCEL_ID", "Parcel id (the applicant's lot)", optional=True))
    alg.addParameter(QgsProcessingParameterField(
        "CLASS_FIELD", "Property class field", parentLayerParameterName="PARCELS", optional=True))
    alg.addParameter(QgsProcessingParameterFeatureSource("MHW", "Mean high-water line (lines, or polygons read by their outline)", [LINE, POLYGON], optional=True))
    alg.addParameter(QgsProcessingParameterFeatureSource("CHANNELS", "Channels, fairways, anchorages", [POLYGON], optional=True))
    alg.addParameter(QgsProcessingParameterFeatureSource("DOCKS", "Existing docks", [ANY], optional=True))
    alg.addParameter(QgsProcessingParameterField(
        "DOCKS_ID_FIELD", "Existing docks: field grouping a dock's features", parentLayerParameterName="DOCKS", optional=True))
    alg.addParameter(QgsProcessingParameterFeatureSource(
        "SOUNDINGS", "Soundings (points; depth ft below MLW, positive down)", [POINT], optional=True))
    alg.addParameter(QgsProcessingParameterField(
        "DEPTH_FIELD", "Soundings' depth field (default DEPTH_MLW)", parentLayerParameterName="SOUNDINGS", optional=True))
    alg.addParameter(QgsProcessingParameterFeatureSource("VEGETATION", "Tidal vegetation", [POLYGON], optional=True))
    alg.addParameter(QgsProcessingParameterCrs(
        "CRS", "Working CRS (default: the manifest's, or the parcels' own when projected)", optional=True))
    add_profile_parameter(alg)


def add_profile_parameter(alg) -> None:
    alg.addParameter(QgsProcessingParameterString(
        "PROFILE", "Rule profile: a shipped profile's name or a profile file (default: Kings Point)", optional=True))


def site_layer_parameters_given(parameters) -> list[str]:
    return [name for name in (*SITE_LAYERS, "DOCK", "PARCEL_ID", "PARCEL_ID_FIELD") if given(parameters, name)]


def site_manifest(alg, parameters, context, feedback, dock: dict | None = None) -> str:
    """The manifest to review: MANIFEST, or one written from the picked layers (into SITE_MANIFEST or a temporary folder)."""
    from dockreview.qgis.runs import write_manifest

    picked = site_layer_parameters_given(parameters)
    if given(parameters, "MANIFEST"):
        if picked:
            raise QgsProcessingException(
                f"give MANIFEST or the site's layers, not both (also given: {', '.join(picked)})")
        return alg.parameterAsFile(parameters, "MANIFEST", context)
    missing = [n for n in ("PARCELS", "MHW", "PARCEL_ID_FIELD", "PARCEL_ID") if not given(parameters, n)]
    if missing:
        raise QgsProcessingException(
            f"give MANIFEST (a site.toml), or the site's layers: {', '.join(missing)} missing")
    working = alg.parameterAsCrs(parameters, "CRS", context) if given(parameters, "CRS") else None
    if working is None or not working.isValid():
        own = source_crs(alg, parameters, "PARCELS", context)
        working = own if own is not None and own.isValid() and not own.isGeographic() else None
    dock = dict(dock or {})
    root = dock.pop("root", None)
    if root is not None:
        if working is None:
            raise QgsProcessingException("ROOT: the working CRS is unknown; set CRS (the parcels are not in a projected CRS)")
        point = alg.parameterAsPoint(parameters, "ROOT", context, working)
        dock["root"] = (point.x(), point.y())
    target = alg.parameterAsFileOutput(parameters, "SITE_MANIFEST", context) if given(parameters, "SITE_MANIFEST") else ""
    kept = bool(target)
    if not kept:
        target = str(Path(tempfile.mkdtemp(prefix="dockreview-")) / "site.toml")

    def layer(name):
        source = source_file(alg, parameters, name, context, feedback)
        return kept_beside(source, target, name) if kept and source is not None else source

    if kept and "footprint" in dock:
        dock["footprint"] = kept_beside(dock["footprint"], target, "DOCK")
    path = write_manifest(
        target,
        parcels=layer("PARCELS"),
        mhw=layer("MHW"),
        parcel_id=text(alg, parameters, "PARCEL_ID", context),
        id_field=text(alg, parameters, "PARCEL_ID_FIELD", context),
        class_field=text(alg, parameters, "CLASS_FIELD", context),
        channels=layer("CHANNELS"),
        docks=layer("DOCKS"),
        docks_id_field=text(alg, parameters, "DOCKS_ID_FIELD", context),
        soundings=layer("SOUNDINGS"),
        depth_field=text(alg, parameters, "DEPTH_FIELD", context) or ("DEPTH_MLW" if given(parameters, "SOUNDINGS") else None),
        vegetation=layer("VEGETATION"),
        crs=crs_text(working),
        **dock,
    )
    feedback.pushInfo(f"site manifest written to {path}")
    return str(path)


def kept_beside(source: tuple[str, str | None], manifest: str, name: str) -> tuple[str, str | None]:
    """A layer QGIS wrote to its temporary folder, copied beside a manifest that is kept (QGIS empties that folder)."""
    path, layer = source
    temporary = Path(QgsProcessingUtils.tempFolder()).resolve()
    if not Path(path).resolve().is_relative_to(temporary):
        return source
    target = Path(manifest).with_name(f"{Path(manifest).stem}.{name.lower()}{Path(path).suffix}")
    shutil.copyfile(path, target)
    return str(target), layer


# ---------------------------------------------------------------------------
# results loaded into the project, styled as the exhibit draws them
# ---------------------------------------------------------------------------
def style_for(name: str, layer: QgsVectorLayer) -> Path | None:
    """The QML style of ``name``: ``NAME_line.qml`` (or _point, _polygon) for the layer's geometry, else ``NAME.qml``."""
    kind = {QgsWkbTypes.PointGeometry: "point", QgsWkbTypes.LineGeometry: "line", QgsWkbTypes.PolygonGeometry: "polygon"}.get(
        layer.geometryType())
    for candidate in (STYLES / f"{name}_{kind}.qml", STYLES / f"{name}.qml"):
        if candidate.exists():
            return candidate
    return None


class StyledResult(QgsProcessingLayerPostProcessorInterface):
    """Once a result layer is in the project: its QML style, its layer variables, its place in the result's group."""

    def __init__(self, style: Path | None, group: str, variables: dict | None = None, visible: bool = True) -> None:
        super().__init__()
        self.style, self.group, self.variables, self.visible = style, group, variables or {}, visible

    def postProcessLayer(self, layer, context, feedback) -> None:
        for key, value in self.variables.items():
            QgsExpressionContextUtils.setLayerVariable(layer, key, value)
        if self.style is not None:
            layer.loadNamedStyle(str(self.style))
            layer.triggerRepaint()
        project = context.project()
        if project is None:
            return
        root = project.layerTreeRoot()
        node = root.findLayer(layer.id())
        if node is None:
            return
        group = root.findGroup(self.group) or root.insertGroup(0, self.group)
        if node.parent() is not group:
            moved = node.clone()
            group.insertChildNode(0, moved)
            node.parent().removeChildNode(node)
            node = moved
        node.setItemVisibilityChecked(self.visible)


def load_on_completion(context, uri: str, name: str, style: str, group: str, rank: int, output: str,
                       variables: dict | None = None, visible: bool = True) -> str | None:
    """Have QGIS load layer ``uri`` when the algorithm completes, styled; returns its id (None when it cannot be read).

    Layers load in the order of their ids; ``rank`` (lowest at the bottom of the
    group) leads the id so they stack as the exhibit draws them.
    """
    layer = QgsVectorLayer(uri, f"{rank:03d}_{name}", "ogr")
    if not layer.isValid():
        return None
    layer.setName(name)
    context.temporaryLayerStore().addMapLayer(layer)
    details = QgsProcessingContext.LayerDetails(name, context.project(), output)
    post = StyledResult(style_for(style, layer), group, variables, visible)
    _KEEP.append(post)
    details.setPostProcessor(post)
    context.addLayerToLoadOnCompletion(layer.id(), details)
    return layer.id()


def uri_of(path: str, layer: str | None = None, geometry: str | None = None) -> str:
    """An OGR layer URI: ``path|layername=LAYER|geometrytype=TYPE``."""
    uri = str(path)
    if layer:
        uri += f"|layername={layer}"
    if geometry:
        uri += f"|geometrytype={geometry}"
    return uri


#: The site's own layers, bottom to top, under the derived ones.
SITE_STACK = ("parcels", "channels", "vegetation", "docks", "soundings", "mhw")


def load_site_layers(run, context, group: str) -> None:
    """The manifest's own layers (parcels, MHW line, ...) under the results, labelled as the exhibit labels them."""
    variables = {
        "dockreview_parcel_field": run.fields.get("parcel_id"), "dockreview_parcel_id": run.parcel_id,
        "dockreview_docks_field": run.fields.get("docks_id"), "dockreview_channels_field": run.fields.get("channels_name"),
        "dockreview_depth_field": run.fields.get("depth"),
    }
    for role, (path, layer) in run.inputs.items():
        load_on_completion(context, uri_of(path, layer), role, f"site_{role}", group, SITE_STACK.index(role), "OUTPUT", variables)
