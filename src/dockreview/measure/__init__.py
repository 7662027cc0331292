"""Every measurement the checks read, computed once, in feet; and the Layout (the envelope, dimension lines)."""

from dockreview._exports import exports

#: The public names of the stage, by the module that defines each (imported when a name is first asked for).
_HOMES = {
    "compute": ("measure",),
    "measurements": ("Layout", "Measurements"),
    "envelope": ("Envelope", "band_middle", "dock_roots", "docks_on_lot", "envelope_frame", "lot_envelope"),
    "limits": ("Limits",),
    "waterway": ("Widths", "waterway_widths"),
    "depth": ("depth_measurements", "navigable_reach"),
    "datums": ("DATUMS", "datum_line"),
    "areas": ("component_areas",),
}
__all__, __getattr__, __dir__ = exports(__name__, _HOMES)
