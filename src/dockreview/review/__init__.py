"""The review of one dock on one lot (:func:`~dockreview.review.pipeline.review`), what-if docks, and suggest."""

from dockreview._exports import exports

#: The public names of the stage, by the module that defines each (imported when a name is first asked for).
_HOMES = {
    "pipeline": ("Review", "facts_of", "review", "riparian_method"),
    "whatif": ("frontage_point", "with_dock"),
    "suggest": ("FOOTPRINT_LAYER", "LongestDock", "footprint_path", "longest_dock", "site_envelope", "suggest_manifest"),
    "grow": ("Grown", "growth"),
    "manifest_edit": ("rewrite_manifest",),
}
__all__, __getattr__, __dir__ = exports(__name__, _HOMES)
