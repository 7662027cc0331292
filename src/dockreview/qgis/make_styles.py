"""Write the QML styles of styles/ with QGIS's own classes, in the exhibit's colours.

Run with QGIS's Python (it imports ``qgis``): ``python3 src/dockreview/qgis/make_styles.py [FOLDER]``.
The colours are read from the house style, ``dockreview/outputs/style.py``
(``COLOURS``, ``EVIDENCE_COLOURS``, ``VERDICT_COLOURS``), as text, without importing it; widths are the exhibit's matplotlib line
widths, in points. A style for a layer whose geometry varies (the site's docks,
the audited docks) is written once per geometry: ``NAME_line.qml``,
``NAME_polygon.qml``. Labels read layer variables the plugin sets from the
manifest: ``@dockreview_parcel_field``, ``@dockreview_parcel_id``,
``@dockreview_docks_field``, ``@dockreview_channels_field``, ``@dockreview_depth_field``.
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_HASH_SEED", "0")  # Qt writes XML attributes in hash order: one order, so the files diff cleanly

from qgis.core import (  # noqa: E402
    QgsApplication,
    QgsCategorizedSymbolRenderer,
    QgsFillSymbol,
    QgsLinePatternFillSymbolLayer,
    QgsLineSymbol,
    QgsMapLayer,
    QgsMarkerLineSymbolLayer,
    QgsMarkerSymbol,
    QgsPalLayerSettings,
    QgsPointPatternFillSymbolLayer,
    QgsRendererCategory,
    QgsRuleBasedRenderer,
    QgsSingleSymbolRenderer,
    QgsTextBufferSettings,
    QgsTextFormat,
    QgsUnitTypes,
    QgsVectorLayer,
    QgsVectorLayerSimpleLabeling,
)
from qgis.PyQt.QtGui import QColor, QFont  # noqa: E402

OUTPUTS = Path(__file__).resolve().parents[1] / "outputs"
PT = QgsUnitTypes.RenderPoints


def _read_dict(path: Path, name: str) -> dict[str, str]:
    """The literal dict assigned to ``name`` at the top of ``path``."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise KeyError(f"{path}: no {name}")


C = _read_dict(OUTPUTS / "style.py", "COLOURS")
E = _read_dict(OUTPUTS / "style.py", "EVIDENCE_COLOURS")
V = _read_dict(OUTPUTS / "style.py", "VERDICT_COLOURS")


def rgba(colour: str, alpha: float = 1.0) -> str:
    c = QColor(colour)
    return f"{c.red()},{c.green()},{c.blue()},{round(alpha * 255)}"


def fill(colour: str | None, alpha: float = 1.0, edge: str | None = None, width: float = 0.6, edge_style: str = "solid",
         edge_alpha: float = 1.0) -> QgsFillSymbol:
    props = {
        "color": rgba(colour or "#000000", alpha if colour else 0.0), "style": "solid" if colour else "no",
        "outline_color": rgba(edge or "#000000", edge_alpha), "outline_width": str(width), "outline_width_unit": "Point",
        "outline_style": edge_style if edge else "no", "joinstyle": "miter",
    }
    return QgsFillSymbol.createSimple(props)


def hatch(symbol: QgsFillSymbol, colour: str, angle: float, alpha: float = 0.35, spacing: float = 4.5, width: float = 0.6) -> QgsFillSymbol:
    """Add a line-pattern hatch (matplotlib's "////" at 45 degrees, "\\\\\\\\" at 135) to a fill symbol."""
    layer = QgsLinePatternFillSymbolLayer()
    layer.setLineAngle(angle)
    layer.setDistance(spacing)
    layer.setDistanceUnit(PT)
    layer.setSubSymbol(line(colour, width, alpha=alpha))
    symbol.appendSymbolLayer(layer)
    return symbol


def dots(symbol: QgsFillSymbol, colour: str, spacing: float = 4.0, size: float = 1.0) -> QgsFillSymbol:
    """Add a point-pattern fill (matplotlib's "...")."""
    layer = QgsPointPatternFillSymbolLayer()
    layer.setDistanceX(spacing)
    layer.setDistanceY(spacing)
    layer.setDistanceXUnit(PT)
    layer.setDistanceYUnit(PT)
    layer.setSubSymbol(marker("circle", colour, size))
    symbol.appendSymbolLayer(layer)
    return symbol


def line(colour: str, width: float, style: str = "solid", alpha: float = 1.0, dash: str | None = None) -> QgsLineSymbol:
    props = {"line_color": rgba(colour, alpha), "line_width": str(width), "line_width_unit": "Point", "line_style": style,
             "capstyle": "flat", "joinstyle": "round"}
    if dash:
        props.update({"use_custom_dash": "1", "customdash": dash, "customdash_unit": "Point"})
    return QgsLineSymbol.createSimple(props)


def marker(shape: str, colour: str, size: float, edge: str | None = None) -> QgsMarkerSymbol:
    props = {"name": shape, "color": rgba(colour), "size": str(size), "size_unit": "Point",
             "outline_color": rgba(edge or colour), "outline_width": "0.4" if shape in ("cross", "line") else "0",
             "outline_width_unit": "Point", "outline_style": "solid" if edge or shape in ("cross", "line") else "no"}
    return QgsMarkerSymbol.createSimple(props)


def dimension(colour: str, width: float = 0.9) -> QgsLineSymbol:
    """A dimension line: a thin line with a filled arrowhead at each end."""
    symbol = line(colour, width)
    for placement, angle in ((QgsMarkerLineSymbolLayer.FirstVertex, 180.0), (QgsMarkerLineSymbolLayer.LastVertex, 0.0)):
        heads = QgsMarkerLineSymbolLayer(True)
        heads.setPlacement(placement)
        head = marker("filled_arrowhead", colour, 5.0)
        head.setAngle(angle)
        heads.setSubSymbol(head)
        symbol.appendSymbolLayer(heads)
    return symbol


def categories(field: str, items: list[tuple[str, object, str]]) -> QgsCategorizedSymbolRenderer:
    return QgsCategorizedSymbolRenderer(field, [QgsRendererCategory(value, symbol, label) for value, symbol, label in items])


def rules(items: list[tuple[str, object, str]]) -> QgsRuleBasedRenderer:
    root = QgsRuleBasedRenderer.Rule(None)
    root.setRuleKey("root")
    for number, (expression, symbol, label) in enumerate(items):
        rule = QgsRuleBasedRenderer.Rule(symbol, 0, 0, expression, label)
        rule.setRuleKey(f"rule-{number}")  # not a random uuid
        root.appendChild(rule)
    return QgsRuleBasedRenderer(root)


def labels(expression: str, colour: str = "#0b3d91", size: float = 7.0, placement: str = "line", italic: bool = False,
           bold: bool = False, buffer: bool = True) -> QgsVectorLayerSimpleLabeling:
    """Labels drawn as the exhibit draws its text: small, in the symbol's colour, on a white backing."""
    settings = QgsPalLayerSettings()
    settings.isExpression = True
    settings.fieldName = expression
    settings.placement = {
        "line": QgsPalLayerSettings.Line, "horizontal": QgsPalLayerSettings.Horizontal,
        "around": QgsPalLayerSettings.AroundPoint, "over": QgsPalLayerSettings.OverPoint,
    }[placement]
    if placement == "line":
        settings.placementFlags = QgsPalLayerSettings.AboveLine | QgsPalLayerSettings.MapOrientation
    fmt = QgsTextFormat()
    font = QFont("DejaVu Sans")
    font.setItalic(italic)
    font.setBold(bold)
    fmt.setFont(font)
    fmt.setSize(size)
    fmt.setSizeUnit(PT)
    fmt.setColor(QColor(colour))
    if buffer:
        halo = QgsTextBufferSettings()
        halo.setEnabled(True)
        halo.setSize(0.8)
        halo.setSizeUnit(PT)
        halo.setColor(QColor("#ffffff"))
        halo.setOpacity(0.85)
        fmt.setBuffer(halo)
    settings.setFormat(fmt)
    return QgsVectorLayerSimpleLabeling(settings)


def feet(field: str, places: int = 1) -> str:
    return f"format_number(\"{field}\", {places}) || ' ft'"


DIMENSION_WORDS = {
    "setback_left": "left setback", "setback_right": "right setback", "reach": "reach", "length": "length",
    "channel_clearance": "to channel", "dock_clearance": "to dock",
}
DIMENSION_LABEL = (
    "CASE " + " ".join(f"WHEN \"dimension\" = '{k}' THEN '{w} '" for k, w in DIMENSION_WORDS.items())
    + " ELSE '' END || " + feet("value_ft")
)
COMPONENTS = ("walkway", "ramp", "float", "landing", "boat_lift", "pwc_lift", "pile")
SUBJECT = "to_string(attribute(@dockreview_parcel_field)) = to_string(@dockreview_parcel_id)"


def _verdicts(symbol) -> QgsCategorizedSymbolRenderer:
    return categories("verdict", [(v, symbol(colour), v) for v, colour in V.items() if v != "exempt"])


def styles() -> dict[str, tuple[str, object, object | None]]:
    """Style name -> (geometry, renderer, labeling)."""
    out: dict[str, tuple[str, object, object | None]] = {}
    # --- the review's derived layers (dockreview.outputs.export.LAYERS) --------------------------------
    out["dock_components"] = ("polygon", categories("component", [
        (c, fill(C[c], edge="#000000", width=0.6), f"proposed {c.replace('_', ' ')}") for c in COMPONENTS
    ]), None)
    out["side_lines"] = ("line", categories("part", [
        ("side line", line(C["side"], 1.4), "side property lines"),
        ("extension", line(C["side"], 1.2, "dash"), "seaward extensions"),
    ]), None)
    out["setback_band"] = ("polygon", QgsSingleSymbolRenderer(fill(C["band"], 0.18, C["band"], 0.8)),
                           labels("'envelope ' || format_number(\"area_sqft\", 0) || ' sq ft'", C["band"], placement="horizontal"))
    out["allowed_reach_line"] = ("line", QgsSingleSymbolRenderer(line(C["reach"], 1.2, dash="6;2;1;2")),
                                 labels(feet("reach_limit_ft") + " || ' reach limit'", C["reach"]))
    out["clearance_rings"] = ("polygon", QgsSingleSymbolRenderer(fill(None, edge=C["ring"], width=1.0, edge_style="dot")), None)
    out["seaward_terminus"] = ("polygon", QgsSingleSymbolRenderer(fill(None, edge=C["warning"], width=1.2)), None)
    out["water_corners"] = ("point", QgsSingleSymbolRenderer(marker("circle", C["side"], 4.0)), None)
    out["frontage"] = ("line", QgsSingleSymbolRenderer(dimension(C["dimension"])),
                       labels("'frontage ' || " + feet("frontage_ft"), C["dimension"]))
    out["dimension_lines"] = ("line", QgsSingleSymbolRenderer(dimension(C["dimension"])), labels(DIMENSION_LABEL, C["dimension"]))
    no_go = [
        ("setback", hatch(fill(None), C["no_go_setback"], 45), "no dock: within the side setback"),
        ("reach", hatch(fill(None), C["no_go_reach"], 135), "no dock: beyond the reach limit"),
        ("clearance", hatch(hatch(fill(None), C["no_go_terminus"], 45), C["no_go_terminus"], 135),
         "no seaward end: within the clearance of channels / docks"),
    ]
    out["no_go_areas"] = ("polygon", categories("kind", no_go), None)
    out["accuracy_bands"] = ("polygon", QgsSingleSymbolRenderer(fill(C["accuracy"], 0.15, C["accuracy"], 0.6, "dash")),
                             labels("\"input\" || ' ±' || " + feet("band_ft") + " || ' (95 %)'", C["accuracy"], placement="horizontal"))
    # --- the Board evidence's layers (dockreview.evidence.measures.layers) ------------------------------
    out["evidence_viewpoints"] = ("point", QgsSingleSymbolRenderer(marker("circle", E["view"], 4.0, edge="#000000")),
                                  labels("\"id\"", "#000000", placement="around"))
    out["evidence_view_sectors"] = ("polygon", categories("kind", [
        ("water view", fill(E["view"], 0.35), "water view"),
        ("existing docks", fill(C["other_dock"], 0.35), "existing docks"),
        ("proposed dock", fill(E["dock_sector"], 0.5), "proposed dock"),
    ]), None)
    out["evidence_pierhead_line"] = ("line", QgsSingleSymbolRenderer(line(E["pierhead"], 1.3, dash="7;3")),
                                     labels("'pier-head line'", E["pierhead"]))
    out["evidence_shore_docks"] = ("point", QgsSingleSymbolRenderer(marker("diamond", E["pierhead"], 3.0)), None)
    out["evidence_waterway_width"] = ("line", categories("kind", [
        ("along axis", line(E["waterway"], 0.9), "waterway width along the dock's axis"),
        ("square to shore", line(E["waterway"], 0.9, "dash"), "waterway width square to the shore"),
        ("clear width", dimension(E["clear"], 1.0), "clear width"),
        ("channel", line(E["waterway"], 0.9, "dot"), "to the channel"),
    ]), labels("\"kind\" || ' ' || " + feet("length_ft"), E["waterway"]))
    out["evidence_foreshore_crossing"] = ("line", QgsSingleSymbolRenderer(line(E["foreshore"], 5.0, alpha=0.45)), None)
    out["evidence_neighbour_water"] = ("polygon", QgsSingleSymbolRenderer(
        hatch(fill(E["neighbour_water"], 0.2, E["neighbour_water"], 0.5), E["neighbour_water"], 45)), None)
    out["evidence_constructions"] = ("polygon", QgsSingleSymbolRenderer(fill(None, edge="#000000", width=0.3, edge_style="dash")), None)
    out["evidence_piles"] = ("point", QgsSingleSymbolRenderer(marker("circle", E["pile"], 2.0)), None)
    out["evidence_elevation_points"] = ("point", QgsSingleSymbolRenderer(marker("circle", E["bottom_edge"], 1.6)),
                                        labels("if(\"ground_ft\" IS NULL, '', format_number(\"ground_ft\", 1))",
                                               E["bottom_edge"], 5.5, "around"))
    out["evidence_elevation_dwellings"] = ("polygon", QgsSingleSymbolRenderer(
        fill(E["dwelling"], 0.25, E["dwelling"], 0.8)), None)
    # --- the site's own layers, as the exhibit draws them ----------------------------------------------
    out["site_parcels"] = ("polygon", rules([
        (SUBJECT, fill(C["parcel"], edge="#555555", width=1.0), "the applicant's lot"),
        ("ELSE", fill(C["neighbour"], edge="#888888", width=0.6), "neighbouring lots"),
    ]), labels("'lot ' || to_string(attribute(@dockreview_parcel_field))", C["lot_text"], 8.0, "over", buffer=False))
    out["site_mhw_line"] = ("line", QgsSingleSymbolRenderer(line(C["mhw"], 2.0)), None)
    out["site_mhw_polygon"] = ("polygon", QgsSingleSymbolRenderer(fill(None, edge=C["mhw"], width=2.0)), None)
    out["site_channels"] = ("polygon", QgsSingleSymbolRenderer(fill(C["channel"], 0.7, "#4a7fb0", 0.6)),
                            labels("if(@dockreview_channels_field IS NULL, '', attribute(@dockreview_channels_field))",
                                   C["channel_text"], 7.0, "horizontal", italic=True))
    dock_label = lambda: labels("if(@dockreview_docks_field IS NULL, '', 'dock ' || attribute(@dockreview_docks_field))",
                        C["other_dock"], 7.0, "horizontal", italic=True)
    out["site_docks_polygon"] = ("polygon", QgsSingleSymbolRenderer(fill(C["other_dock"])), dock_label())
    out["site_docks_line"] = ("line", QgsSingleSymbolRenderer(line(C["other_dock"], 4.0)), dock_label())
    out["site_docks_point"] = ("point", QgsSingleSymbolRenderer(marker("square", C["other_dock"], 4.0)), dock_label())
    out["site_vegetation"] = ("polygon", QgsSingleSymbolRenderer(
        dots(fill(C["vegetation"], 0.35, C["vegetation"], 0.6, edge_alpha=0.35), C["vegetation"])), None)
    out["site_soundings"] = ("point", QgsSingleSymbolRenderer(marker("cross", C["sounding"], 3.0)),
                             labels("format_number(attribute(@dockreview_depth_field), 1)", C["sounding"], 6.0, "around"))
    # --- the envelope, the screen and the audits --------------------------------------------------------
    out["envelope"] = ("polygon", QgsSingleSymbolRenderer(fill(C["band"], 0.3, C["band"], 0.8)),
                       labels("'envelope ' || format_number(\"area_sqft\", 0) || ' sq ft'", C["band"], placement="horizontal"))
    out["screen_parcels"] = ("polygon", rules([
        ("\"eligible\"", fill(C["band"], 0.45, "#555555", 0.6), "eligible for a dock"),
        ("\"fronts_mhw\" AND NOT \"eligible\"", hatch(fill(C["neighbour"], 1.0, "#555555", 0.6), C["no_go_setback"], 45),
         "fronts the water, no dock possible"),
        ("ELSE", fill(C["neighbour"], edge="#888888", width=0.6), "does not front the MHW line"),
    ]), labels("\"parcel_id\"", C["lot_text"], 7.0, "over", buffer=False))
    out["screen_envelopes"] = ("polygon", QgsSingleSymbolRenderer(fill(C["band"], 0.3, C["band"], 0.8)), None)
    out["screen_audit"] = ("polygon", _verdicts(lambda c: fill(c, 0.85, "#000000", 0.3)), None)
    out["audit_docks_polygon"] = ("polygon", _verdicts(lambda c: fill(c, 0.85, "#000000", 0.3)), None)
    out["audit_docks_line"] = ("line", _verdicts(lambda c: line(c, 2.0)), None)
    return out


#: Only the symbols and the labels: loading a style leaves the layer's other properties as they are.
CATEGORIES = QgsMapLayer.Symbology | QgsMapLayer.Labeling
#: Every layer and symbol made, kept until the process ends: freeing them in Python's order aborts (shared symbols).
_KEEP: list = []
GEOMETRY = {"point": "Point", "line": "LineString", "polygon": "Polygon"}


def write(folder: Path) -> list[Path]:
    """Write every style to ``folder``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    every = styles()
    _KEEP.append(every)
    for name, (geometry, renderer, labeling) in every.items():
        layer = QgsVectorLayer(f"{GEOMETRY[geometry]}?crs=EPSG:2263", name, "memory")
        layer.setRenderer(renderer)
        if labeling is not None:
            layer.setLabeling(labeling)
            layer.setLabelsEnabled(True)
        _KEEP.append(layer)
        path = folder / f"{name}.qml"
        message, ok = layer.saveNamedStyle(str(path), CATEGORIES)
        if not ok:
            raise RuntimeError(f"{path}: {message}")
        written.append(path)
    return written


if __name__ == "__main__":
    app = QgsApplication([], False)
    app.initQgis()
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "styles"
    for path in write(target):
        print(path)
    sys.stdout.flush()
    os._exit(0)  # the styles are written; skip tearing QGIS down (it can abort at exit in 3.22)
