"""``dockreview:audit``: review every pier charted in NOAA S-57 cells."""

from __future__ import annotations

from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputFile,
    QgsProcessingOutputMultipleLayers,
    QgsProcessingOutputNumber,
    QgsProcessingOutputString,
    QgsProcessingParameterCrs,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterMultipleLayers,
)

from .common import (
    POLYGON,
    Algorithm,
    add_profile_parameter,
    crs_text,
    given,
    load_on_completion,
    progress_of,
    report_warnings,
    source_file,
    text,
    uri_of,
)

VERDICTS = {"compliant": "COUNT_COMPLIANT", "noncompliant": "COUNT_NONCOMPLIANT", "incomplete": "COUNT_INCOMPLETE"}
#: The piers are lines and areas in one layer; QGIS shows each geometry as a layer of its own.
GEOMETRIES = ("Polygon", "LineString")


class AuditAlgorithm(Algorithm):
    NAME = "audit"
    TITLE = "Audit the piers of a chart"
    HELP = (
        "Reviews every pier charted in NOAA S-57 cells (CHARTS, .000 files) against the checks that need no lot, as "
        "<code>dockreview audit</code> does: reach from the chart's land-water line, the terminus's clearance from "
        "channels, anchorages and other piers, the width of piers charted as areas; with PARCELS, also the lot's "
        "frontage and the side setbacks.<br><br><b>OUTPUT</b>: a GeoPackage (layer <i>piers</i>) with the same table as "
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
        self.addParameter(QgsProcessingParameterFileDestination("OUTPUT", "Audit", "GeoPackage (*.gpkg)"))
        self.addOutput(QgsProcessingOutputFile("CSV", "The piers' table (CSV)"))
        self.addOutput(QgsProcessingOutputMultipleLayers("LAYERS", "Piers (areas, lines)"))
        self.addOutput(QgsProcessingOutputString("CHART", "The chart cells read"))
        for verdict, name in VERDICTS.items():
            self.addOutput(QgsProcessingOutputNumber(name, f"{verdict} piers"))

    def work(self, parameters, context, feedback) -> dict:
        from dockreview.qgis.runs import audit_charts

        charts = [str(c) for c in self.parameterAsFileList(parameters, "CHARTS", context)]
        if not charts:
            raise QgsProcessingException("CHARTS: give one or more S-57 chart cells (.000)")
        output = self.parameterAsFileOutput(parameters, "OUTPUT", context)
        if not output.lower().endswith(".gpkg"):
            raise QgsProcessingException(f"OUTPUT {output}: use a .gpkg file name")
        crs = crs_text(self.parameterAsCrs(parameters, "CRS", context)) if given(parameters, "CRS") else None
        run = audit_charts(
            charts, output=output, parcels=source_file(self, parameters, "PARCELS", context, feedback),
            id_field=text(self, parameters, "ID_FIELD", context), crs=crs, profile=text(self, parameters, "PROFILE", context),
            progress=progress_of(feedback),
        )
        report_warnings(feedback, run.warnings)
        total = sum(run.counts.values())
        feedback.pushInfo(f"{total} piers of {run.chart}: " + ", ".join(f"{n} {v}" for v, n in run.counts.items()))
        group = f"audit: {total} piers, {run.counts['noncompliant']} noncompliant"
        uris = []
        for rank, geometry in enumerate(GEOMETRIES):
            uri = uri_of(run.gpkg, "piers", geometry)
            if load_on_completion(context, uri, f"piers ({geometry.lower()})", "audit_piers", group, rank, "OUTPUT"):
                uris.append(uri)
        results = {"OUTPUT": str(run.gpkg), "CSV": str(run.csv), "LAYERS": uris, "CHART": run.chart}
        results.update({name: run.counts[verdict] for verdict, name in VERDICTS.items()})
        return results
