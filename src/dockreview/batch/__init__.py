"""Whole layers at once: the screen (arrays), the audits of a docks layer and of a chart's piers, the Dask backend."""

from dockreview._exports import exports

#: The public names of the stage, by the module that defines each (imported when a name is first asked for).
#: The screen itself is ``dockreview.batch.screen.screen`` and the comparison ``dockreview.batch.compare.compare``
#: (a name may not be one of the package's modules).
_HOMES = {
    "screen": ("BACKENDS", "ScreenResult", "screen_files", "write_screen"),
    "stream": ("BATCH_PARCELS", "plan_screen", "screen_to_file"),
    "layers": ("DEPTH_FIELD", "PARQUET_SUFFIXES", "ScreenLayers", "read_screen_layers"),
    "audit": ("audit_docks",),
    "chart_audit": ("audit_chart",),
    "depth": ("NavigableDepth",),
    "kernel": ("MhwIndex", "vector_riparian"),
    "compare": ("Comparison", "compare_files", "write_comparison"),
}
__all__, __getattr__, __dir__ = exports(__name__, _HOMES)
