"""``dockreview:review``: review a proposed dock, from a manifest or from layers picked in the project."""

from __future__ import annotations

import json

from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputMultipleLayers,
    QgsProcessingOutputString,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterEnum,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterNumber,
    QgsProcessingParameterPoint,
    QgsProcessingParameterString,
)

from .common import (
    POLYGON,
    Algorithm,
    add_output_parameter,
    add_page_parameter,
    add_site_parameters,
    given,
    load_on_completion,
    load_site_layers,
    number,
    output_file,
    page,
    progress_of,
    report_warnings,
    site_manifest,
    text,
    uri_of,
)

#: The float layouts of a parametric dock: (layout, side) as the manifest writes them.
FLOATS = (("T", None), ("I", None), ("L", "left"), ("L", "right"))
#: The derived layers bottom to top, as the exhibit stacks them (its zorder); the evidence's start hidden.
STACK = (
    "no_go_areas", "setback_band", "clearance_rings", "evidence_neighbour_water", "evidence_view_sectors",
    "evidence_constructions", "evidence_foreshore_crossing", "evidence_waterway_width", "evidence_pierhead_line",
    "evidence_shore_docks", "evidence_elevation_dwellings", "evidence_piles", "evidence_elevation_points", "evidence_viewpoints", "allowed_reach_line", "side_lines", "frontage",
    "dock_components", "seaward_terminus", "dimension_lines", "water_corners",
)


class ReviewAlgorithm(Algorithm):
    NAME = "review"
    TITLE = "Review a dock"
    HELP = (
        "Reviews the proposed dock of a site against the rule profile, as <code>dockreview check</code> does: "
        "every check with its measured value, its limit, its section and a status, and the verdict.<br><br>"
        "The site is a manifest (<b>MANIFEST</b>, a site.toml) or the layers picked here: PARCELS with PARCEL_ID_FIELD "
        "and PARCEL_ID, MHW, and optionally CHANNELS, DOCKS, SOUNDINGS and VEGETATION. The dock is then a footprint "
        "layer (DOCK) or a parametric dock (LENGTH, WIDTH, ROOT, BEARING, FLOAT_*); the manifest written for it can be "
        "kept (SITE_MANIFEST) and read by the command line.<br><br>"
        "<b>OUTPUT</b>: the derived layers (GeoPackage), loaded and styled as the exhibit draws them; "
        "<b>REPORT</b>: the staff report (.html, .pdf or .md); <b>JSON</b>: the review as JSON; "
        "<b>VERDICT</b>: compliant, noncompliant, incomplete or exempt."
    )

    def define(self) -> None:
        add_site_parameters(self)
        self.addParameter(QgsProcessingParameterFeatureSource("DOCK", "Proposed dock: footprint layer", [POLYGON], optional=True))
        self.addParameter(QgsProcessingParameterField(
            "COMPONENT_FIELD", "Footprint's component field (walkway, float, ...; default 'component')",
            parentLayerParameterName="DOCK", optional=True))
        self.addParameter(QgsProcessingParameterPoint("ROOT", "Parametric dock: root (default: the middle of the frontage)", optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            "BEARING", "Parametric dock: bearing, degrees from grid north (default: perpendicular to the frontage)",
            QgsProcessingParameterNumber.Double, optional=True, minValue=0.0, maxValue=360.0))
        for name, label in (("LENGTH", "walkway length (ft)"), ("WIDTH", "walkway width (ft)"),
                            ("FLOAT_LENGTH", "float length (ft)"), ("FLOAT_WIDTH", "float width (ft)")):
            self.addParameter(QgsProcessingParameterNumber(
                name, f"Parametric dock: {label}", QgsProcessingParameterNumber.Double, optional=True, minValue=0.0))
        self.addParameter(QgsProcessingParameterEnum(
            "FLOAT_LAYOUT", "Parametric dock: float layout", [f"{a}{' (' + b + ')' if b else ''}" for a, b in FLOATS],
            defaultValue=0))
        self.addParameter(QgsProcessingParameterNumber(
            "FLOAT_DRAFT", "Float draft (ft)", QgsProcessingParameterNumber.Double, optional=True, minValue=0.0))
        self.addParameter(QgsProcessingParameterString("USE", "Dock use (e.g. recreational)", optional=True))
        self.addParameter(QgsProcessingParameterString(
            "ATTRIBUTES", "Dock attributes as JSON ({\"deck_height_above_mhw_ft\": 6.5, ...}; see [dock.attributes])",
            optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            "DRAFT", "Vessel draft (ft)", QgsProcessingParameterNumber.Double, optional=True, minValue=0.0))
        add_page_parameter(self, "PAGE", "Report page (landscape)")
        self.addParameter(QgsProcessingParameterBoolean(
            "SITE_LAYERS", "Also load the site's own layers (parcels, MHW line, channels, docks...), styled", defaultValue=True))
        add_output_parameter(self, "OUTPUT", "Derived layers", "layers", defaultValue=QgsProcessing.TEMPORARY_OUTPUT)
        add_output_parameter(self, "REPORT", "Report", "report", optional=True, createByDefault=False)
        self.addParameter(QgsProcessingParameterFileDestination(
            "JSON", "Review as JSON", "JSON (*.json)", optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterFileDestination(
            "SITE_MANIFEST", "Site manifest written from the picked layers", "TOML (*.toml)", optional=True,
            createByDefault=False))
        self.addOutput(QgsProcessingOutputString("VERDICT", "Verdict"))
        self.addOutput(QgsProcessingOutputString("VERDICT_REASON", "Why"))
        self.addOutput(QgsProcessingOutputMultipleLayers("LAYERS", "Derived layers"))

    def _dock(self, parameters, context) -> dict:
        """The manifest's [dock] from the dock parameters (for a review from picked layers)."""
        dock: dict = {}
        if given(parameters, "ROOT"):
            dock["root"] = True
        for key, name in (("bearing", "BEARING"), ("length", "LENGTH"), ("width", "WIDTH"), ("float_draft_ft", "FLOAT_DRAFT")):
            value = number(self, parameters, name, context)
            if value is not None:
                dock[key] = value
        sizes = [number(self, parameters, n, context) for n in ("FLOAT_LENGTH", "FLOAT_WIDTH")]
        if any(v is not None for v in sizes):
            if None in sizes:
                raise QgsProcessingException("FLOAT_LENGTH and FLOAT_WIDTH go together: a float needs both")
            layout, side = FLOATS[self.parameterAsEnum(parameters, "FLOAT_LAYOUT", context)]
            dock.update(float_size=tuple(sizes), float_layout=layout, float_side=side)
        use = text(self, parameters, "USE", context)
        if use:
            dock["use"] = use
        attributes = text(self, parameters, "ATTRIBUTES", context)
        if attributes:
            try:
                dock["attributes"] = json.loads(attributes)
            except json.JSONDecodeError as exc:
                raise QgsProcessingException(f"ATTRIBUTES: not JSON ({exc.msg} at character {exc.pos})") from None
            if not isinstance(dock["attributes"], dict):
                raise QgsProcessingException("ATTRIBUTES: give a JSON object, {\"key\": value, ...}")
        draft = number(self, parameters, "DRAFT", context)
        if draft is not None:
            dock["draft_ft"] = draft
        return dock

    def work(self, parameters, context, feedback) -> dict:
        from dockreview.qgis.runs import review_site

        from .common import source_file

        dock_parameters = ("DOCK", "ROOT", "BEARING", "LENGTH", "WIDTH", "FLOAT_LENGTH", "FLOAT_WIDTH", "FLOAT_DRAFT", "USE", "ATTRIBUTES",
                           "DRAFT")
        if given(parameters, "MANIFEST"):
            extra = [n for n in dock_parameters if given(parameters, n)]
            if extra:
                raise QgsProcessingException(f"give MANIFEST or the dock's parameters, not both (also given: {', '.join(extra)})")
            manifest = site_manifest(self, parameters, context, feedback)
        else:
            dock = self._dock(parameters, context)
            if given(parameters, "DOCK"):
                parametric = [n for n in ("ROOT", "BEARING", "LENGTH", "WIDTH", "FLOAT_LENGTH", "FLOAT_WIDTH") if given(parameters, n)]
                if parametric:
                    raise QgsProcessingException(
                        f"give the dock as a footprint layer (DOCK) or as parameters, not both (also given: {', '.join(parametric)})")
                dock["footprint"] = source_file(self, parameters, "DOCK", context, feedback)
                dock["component_field"] = text(self, parameters, "COMPONENT_FIELD", context)
            elif "length" not in dock or "width" not in dock:
                raise QgsProcessingException("the dock: give a footprint layer (DOCK), or LENGTH and WIDTH for a parametric dock")
            manifest = site_manifest(self, parameters, context, feedback, dock)
        output = output_file(self, parameters, "OUTPUT", context, "layers")
        report = output_file(self, parameters, "REPORT", context, "report", optional=True)
        json_path = self.parameterAsFileOutput(parameters, "JSON", context) if given(parameters, "JSON") else None
        run = review_site(
            manifest, profile=text(self, parameters, "PROFILE", context), output=output, report=report or None,
            json_path=json_path or None, page=page(self, parameters, "PAGE", context),
            progress=progress_of(feedback), written=not given(parameters, "MANIFEST"),
        )
        report_warnings(feedback, run.warnings)
        feedback.pushInfo(f"verdict: {run.verdict.upper()}" + (f": {run.verdict_reason}" if run.verdict_reason else ""))
        group = f"{run.site} - parcel {run.parcel_id}: {run.verdict.upper()}"
        uris = [uri_of(output, name) for name in run.layers]
        for name, uri in zip(run.layers, uris):
            rank = STACK.index(name) if name in STACK else len(STACK)
            load_on_completion(context, uri, name, name, group, 100 + rank, "OUTPUT", visible=not name.startswith("evidence_"))
        if given(parameters, "MANIFEST") and self.parameterAsBoolean(parameters, "SITE_LAYERS", context):
            load_site_layers(run, context, group)
        results = {"VERDICT": run.verdict, "VERDICT_REASON": run.verdict_reason, "OUTPUT": output, "LAYERS": uris}
        if report:
            results["REPORT"] = report
        if json_path:
            results["JSON"] = json_path
        if given(parameters, "SITE_MANIFEST") and not given(parameters, "MANIFEST"):
            results["SITE_MANIFEST"] = manifest
        return results

