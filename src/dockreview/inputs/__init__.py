"""Files to a Site: the manifest, the layers read and reprojected, CRS handling, S-57 chart cells, DXF surveys.

The first stage of the flow; it imports nothing of the package but the leaves
(:mod:`dockreview.errors`, :mod:`dockreview.profile`). :func:`~dockreview.inputs.site.load_site`
is the one place files are read.
"""

from dockreview._exports import exports

#: The public names of the stage, by the module that defines each (imported when a name is first asked for).
_HOMES = {
    "site": ("Site", "load_site"),
    "manifest": ("load_manifest", "parse_manifest"),
    "spec": (
        "COMPONENTS", "RIPARIAN_METHODS", "DockSpec", "FloatSpec", "LayerSpec", "Manifest", "RasterSpec", "ReviewSettings",
        "RiparianMethod", "Vessel",
    ),
    "layers": ("ENGINES", "gdal_source", "read_layer", "read_layer_batches"),
    "crs": ("choose_working_crs", "describe", "feet_per_unit", "parse_crs", "working_crs"),
    "chart": ("Cell", "Chart", "read_cell", "read_chart"),
    "bathymetry": ("Bathymetry",),
    "raster": ("RASTER_SUFFIXES", "Elevation", "raster_summary", "read_elevation"),
    "dxf": ("read_dxf_footprint",),
    "shoreline": ("MHW_GAP_FT", "prepare_mhw"),
    "waterfront": ("waterfront_part", "waterfront_parts"),
    "sources": ("layer_files", "manifest_files", "profile_file", "reference_files"),
    "readable": ("require_file", "require_layer_file"),
}
__all__, __getattr__, __dir__ = exports(__name__, _HOMES)
