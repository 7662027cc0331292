"""``dockreview:envelope``: the water where a compliant dock may stand on a lot, and why none may."""

from __future__ import annotations

from qgis.core import (
    QgsProcessing,
    QgsProcessingOutputBoolean,
    QgsProcessingOutputNumber,
    QgsProcessingOutputString,
    QgsProcessingOutputVectorLayer,
    QgsProcessingParameterBoolean,
)

from .common import (
    Algorithm,
    add_output_parameter,
    add_site_parameters,
    given,
    load_on_completion,
    load_site_layers,
    output_file,
    progress_of,
    report_warnings,
    site_manifest,
    text,
    uri_of,
)

#: The envelope's figures, as ``dockreview envelope`` prints them, and their output names.
FIGURES = {
    "frontage_ft": ("FRONTAGE_FT", "Frontage (ft)"),
    "required_setback_ft": ("REQUIRED_SETBACK_FT", "Required side setback (ft)"),
    "band_width_ft": ("BAND_WIDTH_FT", "Band width at the MHW line (ft)"),
    "area_sqft": ("AREA_SQFT", "Envelope area (sq ft)"),
    "greatest_reach_ft": ("GREATEST_REACH_FT", "Greatest reach (ft)"),
    "reach_limit_ft": ("REACH_LIMIT_FT", "Reach limit (ft)"),
    "existing_docks": ("EXISTING_DOCKS", "Existing docks on the lot"),
}


class EnvelopeAlgorithm(Algorithm):
    NAME = "envelope"
    TITLE = "Envelope: where a dock may stand"
    HELP = (
        "The water where a compliant dock may stand on the lot, as <code>dockreview envelope</code> finds it: outside "
        "the side setbacks, within the reach limit, clear of channels and other docks; and, when none may, why.<br><br>"
        "The site is a manifest (MANIFEST) or the layers picked here (PARCELS, PARCEL_ID_FIELD, PARCEL_ID, MHW, ...). "
        "<b>OUTPUT</b>: a GeoPackage with the layer <i>envelope</i> and its figures; the figures and the reasons are "
        "outputs too."
    )

    def define(self) -> None:
        add_site_parameters(self)
        self.addParameter(QgsProcessingParameterBoolean(
            "SITE_LAYERS", "Also load the site's own layers (parcels, MHW line, ...), styled", defaultValue=True))
        add_output_parameter(self, "OUTPUT", "Envelope", "layers", defaultValue=QgsProcessing.TEMPORARY_OUTPUT)
        self.addOutput(QgsProcessingOutputVectorLayer("ENVELOPE", "Envelope layer"))
        for name, label in FIGURES.values():
            self.addOutput(QgsProcessingOutputNumber(name, label))
        self.addOutput(QgsProcessingOutputBoolean("POSSIBLE", "A dock is possible"))
        self.addOutput(QgsProcessingOutputString("REASONS", "Why no dock is possible"))

    def work(self, parameters, context, feedback) -> dict:
        from dockreview.qgis.runs import envelope_site

        manifest = site_manifest(self, parameters, context, feedback)
        output = output_file(self, parameters, "OUTPUT", context, "layers")
        run = envelope_site(manifest, profile=text(self, parameters, "PROFILE", context), output=output, progress=progress_of(feedback),
                           written=not given(parameters, "MANIFEST"))
        report_warnings(feedback, run.warnings)
        for reason in run.reasons:
            feedback.pushInfo(f"no dock possible: {reason}")
        if run.possible:
            feedback.pushInfo("a dock is possible")
        group = f"{run.site} - parcel {run.parcel_id}: envelope"
        uri = uri_of(output, "envelope")
        load_on_completion(context, uri, "envelope", "envelope", group, 100, "OUTPUT")
        if given(parameters, "MANIFEST") and self.parameterAsBoolean(parameters, "SITE_LAYERS", context):
            load_site_layers(run, context, group)
        results = {"OUTPUT": output, "ENVELOPE": uri, "POSSIBLE": run.possible, "REASONS": "; ".join(run.reasons)}
        results.update({name: run.figures[key] for key, (name, _) in FIGURES.items()})
        return results
