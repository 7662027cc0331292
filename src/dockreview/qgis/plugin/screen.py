"""``dockreview:screen``: screen every parcel of a layer for a dock."""

from __future__ import annotations

from qgis.core import (
    QgsProcessingException,
    QgsProcessingOutputFile,
    QgsProcessingOutputNumber,
    QgsProcessingOutputVectorLayer,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterCrs,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
)

from .common import (
    ANY,
    LINE,
    POINT,
    POLYGON,
    Algorithm,
    add_output_parameter,
    add_profile_parameter,
    crs_text,
    given,
    load_on_completion,
    number,
    output_file,
    progress_of,
    report_warnings,
    source_file,
    text,
    uri_of,
)

#: The screen's counts (its summary's keys) and their output names.
COUNTS = {
    "parcels": "COUNT_PARCELS", "front the MHW line": "COUNT_WATERFRONT", "eligible": "COUNT_ELIGIBLE",
    "not reviewed": "COUNT_NOT_REVIEWED", "need data": "COUNT_NEED_DATA",
    "existing docks audited": "COUNT_DOCKS_AUDITED", "docks not allowed today": "COUNT_DOCKS_NOT_ALLOWED",
}
#: The GeoPackage's layers, bottom to top, and their output names.
LAYERS = {"parcels": "PARCELS_LAYER", "envelopes": "ENVELOPES_LAYER", "audit": "AUDIT_LAYER"}


class ScreenAlgorithm(Algorithm):
    NAME = "screen"
    TITLE = "Screen a parcel layer"
    HELP = (
        "Screens every parcel of a layer, as <code>dockreview screen</code> does: does it front the MHW line, its "
        "frontage, required setback, band width, envelope area and greatest reach, whether a dock is possible and why "
        "not. With AUDIT, every existing dock is also reviewed against its own lot.<br><br>"
        "<b>OUTPUT</b>: a GeoPackage (layers <i>parcels</i>, <i>envelopes</i>, and <i>audit</i>) with the parcels' "
        "table as CSV beside it."
    )

    def define(self) -> None:
        self.addParameter(QgsProcessingParameterFeatureSource("PARCELS", "Parcels", [POLYGON]))
        self.addParameter(QgsProcessingParameterFeatureSource("MHW", "Mean high-water line (lines, or polygons read by their outline)", [LINE, POLYGON]))
        self.addParameter(QgsProcessingParameterFeatureSource("CHANNELS", "Channels, fairways, anchorages", [POLYGON], optional=True))
        self.addParameter(QgsProcessingParameterFeatureSource("DOCKS", "Existing docks", [ANY], optional=True))
        self.addParameter(QgsProcessingParameterFeatureSource(
            "SOUNDINGS", "Soundings (points; depth ft below MLW, positive down; needs DRAFT)", [POINT], optional=True))
        self.addParameter(QgsProcessingParameterField(
            "DEPTH_FIELD", "Soundings' depth field (default DEPTH_MLW)", parentLayerParameterName="SOUNDINGS", optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            "DRAFT", "Vessel draft (ft)", QgsProcessingParameterNumber.Double, optional=True, minValue=0.0))
        self.addParameter(QgsProcessingParameterNumber(
            "FLOAT_EXTENT", "Float extent along the dock's axis, allowed beyond navigable depth (ft)",
            QgsProcessingParameterNumber.Double, defaultValue=0.0, minValue=0.0))
        self.addParameter(QgsProcessingParameterField("ID_FIELD", "Parcel id field (default: the row number)", parentLayerParameterName="PARCELS", optional=True))
        self.addParameter(QgsProcessingParameterField(
            "CLASS_FIELD", "Property class field (without it the class is not judged)", parentLayerParameterName="PARCELS", optional=True))
        self.addParameter(QgsProcessingParameterString(
            "SINGLE_FAMILY", "Property classes of a single-family dwelling, comma separated (default: the profile's)", optional=True))
        self.addParameter(QgsProcessingParameterCrs("CRS", "Working CRS (default: the parcels' own; must be projected)", optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            "TOLERANCE", "How close to the MHW line a boundary counts as on it (ft)", QgsProcessingParameterNumber.Double,
            defaultValue=5.0, minValue=0.0))
        self.addParameter(QgsProcessingParameterBoolean("AUDIT", "Also review every existing dock against its own lot", defaultValue=False))
        self.addParameter(QgsProcessingParameterField(
            "DOCK_ID_FIELD", "Docks field grouping component features into one dock", parentLayerParameterName="DOCKS", optional=True))
        self.addParameter(QgsProcessingParameterField(
            "COMPONENT_FIELD", "Docks field naming each feature's component, for the audit", parentLayerParameterName="DOCKS", optional=True))
        add_profile_parameter(self)
        add_output_parameter(self, "OUTPUT", "Screen", "layers")
        self.addOutput(QgsProcessingOutputFile("CSV", "The parcels' table (CSV)"))
        for name in LAYERS.values():
            self.addOutput(QgsProcessingOutputVectorLayer(name, name.replace("_", " ").lower()))
        for key, name in COUNTS.items():
            self.addOutput(QgsProcessingOutputNumber(name, key))

    def work(self, parameters, context, feedback) -> dict:
        from dockreview.qgis.runs import screen_parcels

        if given(parameters, "SOUNDINGS") != given(parameters, "DRAFT"):
            raise QgsProcessingException("SOUNDINGS and DRAFT go together: navigable depth needs both")
        output = output_file(self, parameters, "OUTPUT", context, "layers")
        crs = crs_text(self.parameterAsCrs(parameters, "CRS", context)) if given(parameters, "CRS") else None
        run = screen_parcels(
            source_file(self, parameters, "PARCELS", context, feedback), source_file(self, parameters, "MHW", context, feedback),
            output=output, channels=source_file(self, parameters, "CHANNELS", context, feedback),
            docks=source_file(self, parameters, "DOCKS", context, feedback),
            soundings=source_file(self, parameters, "SOUNDINGS", context, feedback),
            depth_field=text(self, parameters, "DEPTH_FIELD", context), draft_ft=number(self, parameters, "DRAFT", context),
            float_extent_ft=number(self, parameters, "FLOAT_EXTENT", context) or 0.0,
            id_field=text(self, parameters, "ID_FIELD", context), class_field=text(self, parameters, "CLASS_FIELD", context),
            single_family=text(self, parameters, "SINGLE_FAMILY", context), crs=crs,
            tolerance_ft=self.parameterAsDouble(parameters, "TOLERANCE", context),
            audit=self.parameterAsBoolean(parameters, "AUDIT", context),
            dock_id_field=text(self, parameters, "DOCK_ID_FIELD", context),
            component_field=text(self, parameters, "COMPONENT_FIELD", context),
            profile=text(self, parameters, "PROFILE", context), progress=progress_of(feedback),
        )
        report_warnings(feedback, run.warnings)
        for key, value in run.summary.items():
            feedback.pushInfo(f"{key:<26}{value:>10,d}")
        results = {"OUTPUT": str(run.gpkg), "CSV": str(run.csv)}
        results.update({name: run.summary.get(key, 0) for key, name in COUNTS.items()})
        group = f"screen: {run.summary['eligible']} of {run.summary['parcels']} parcels eligible"
        for rank, name in enumerate(run.layers):
            uri = uri_of(run.gpkg, name)
            load_on_completion(context, uri, name, f"screen_{name}", group, rank, "OUTPUT")
            results[LAYERS[name]] = uri
        return results
