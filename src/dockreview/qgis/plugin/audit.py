"""``dockreview:audit``: review every dock charted in NOAA S-57 cells."""

from __future__ import annotations

from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputFile,
    QgsProcessingOutputNumber,
    QgsProcessingOutputString,
    QgsProcessingOutputVectorLayer,
    QgsProcessingParameterCrs,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterMultipleLayers,
)

from .common import (
    POLYGON,
    Algorithm,
    add_output_parameter,
    add_profile_parameter,
    crs_text,
    given,
    load_on_completion,
    output_file,
    progress_of,
    report_warnings,
    source_file,
    text,
    uri_of,
)

VERDICTS = {"compliant": "COUNT_COMPLIANT", "noncompliant": "COUNT_NONCOMPLIANT", "incomplete": "COUNT_INCOMPLETE"}


class AuditAlgorithm(Algorithm):
    NAME = "audit"
    TITLE = "Audit the docks of a chart"
    HELP = (
        "Reviews every dock charted in NOAA S-57 cells (CHARTS, .000 files) against the checks the chart can decide, "
        "as <code>dockreview audit</code> does (pier features touching within 0.5 ft are one dock): reach from the "
        "chart's land-water line, the terminus's clearance from channels, anchorages and other docks, the width of "
        "piers and the area of pontoons charted as areas; with PARCELS, also the lot's frontage and the side "
        "setbacks.<br><br><b>OUTPUT</b>: a GeoPackage (layer <i>docks</i>, one row per dock) with the same table as "
        "CSV beside it."
    )

    def define(self) -> None:
        self.addParameter(QgsProcessingParameterMultipleLayers("CHARTS", "S-57 chart cells (.000)", QgsProcessing.TypeFile))
        self.addParameter(QgsProcessingParameterFeatureSource(
            "PARCELS", "Parcels, for the lot checks (frontage, side setbacks)", [POLYGON], optional=True))
        self.addParameter(QgsProcessingParameterField(
            "ID_FIELD", "Parcels' id field copied to the output (default: the row number)", parentLayerParameterName="PARCELS", optional=True))
        self.addParameter(QgsProcessingParameterCrs("CRS", "Working CRS (default: the chart's UTM zone outside EPSG:2263's area)", optional=True))
        add_profile_parameter(self)
        add_output_parameter(self, "OUTPUT", "Audit", "layers")
        self.addOutput(QgsProcessingOutputFile("CSV", "The docks' table (CSV)"))
        self.addOutput(QgsProcessingOutputVectorLayer("DOCKS_LAYER", "Docks"))
        self.addOutput(QgsProcessingOutputString("CHART", "The chart cells read"))
        self.addOutput(QgsProcessingOutputString("SUMMARY", "Docks and their verdicts"))
        for verdict, name in VERDICTS.items():
            self.addOutput(QgsProcessingOutputNumber(name, f"{verdict} docks"))

    def work(self, parameters, context, feedback) -> dict:
        from dockreview.qgis.runs import AUDIT_LAYER, audit_charts

        charts = [str(c) for c in self.parameterAsFileList(parameters, "CHARTS", context)]
        if not charts:
            raise QgsProcessingException("CHARTS: give one or more S-57 chart cells (.000)")
        output = output_file(self, parameters, "OUTPUT", context, "layers")
        crs = crs_text(self.parameterAsCrs(parameters, "CRS", context)) if given(parameters, "CRS") else None
        run = audit_charts(
            charts, output=output, parcels=source_file(self, parameters, "PARCELS", context, feedback),
            id_field=text(self, parameters, "ID_FIELD", context), crs=crs, profile=text(self, parameters, "PROFILE", context),
            progress=progress_of(feedback),
        )
        report_warnings(feedback, run.warnings)
        feedback.pushInfo(f"{run.summary} in {run.chart}")
        group = f"audit: {run.summary}"
        uri = uri_of(run.gpkg, AUDIT_LAYER)
        load_on_completion(context, uri, AUDIT_LAYER, "audit_docks", group, 0, "OUTPUT")
        results = {"OUTPUT": str(run.gpkg), "CSV": str(run.csv), "DOCKS_LAYER": uri, "CHART": run.chart, "SUMMARY": run.summary}
        results.update({name: run.counts[verdict] for verdict, name in VERDICTS.items()})
        return results
