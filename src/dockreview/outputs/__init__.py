"""Leaves that draw or write what a Review holds: the exhibit, the evidence sheet, the report, GIS layers, files.

Nothing here measures or decides: a pass or a fail, a limit and a margin are
read from the review's CheckResults. What each product is written as, by suffix,
is declared once in :data:`~dockreview.outputs.formats.PRODUCTS`.
"""

from dockreview._exports import exports

#: The public names of the stage, by the module that defines each (imported when a name is first asked for).
_HOMES = {
    "exhibit": ("plot_review", "save_envelope_map", "save_map"),
    "evidence_sheet": ("plot_evidence", "save_evidence"),
    "report": ("write_report",),
    "export": ("derived_layers", "to_geodataframe", "write_gpkg"),
    "geopackage": ("GeoPackageOutput", "write_layer_and_csv"),
    "files": ("atomic_path", "atomic_write", "check_outputs", "inputs_checked"),
    "reasons": ("Reasons",),
    "style": ("PAGES", "STATUS_COLOURS"),
    "formats": ("DEFAULT_PAGE", "PAGE_SIZES", "PRODUCTS", "Format", "Product"),
}
__all__, __getattr__, __dir__ = exports(__name__, _HOMES)
