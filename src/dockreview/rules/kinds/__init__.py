"""Every rule kind, by family; importing this package registers them all in :data:`dockreview.rules.kind.KINDS`."""

from dockreview.rules.kinds import (
    areas,
    board,
    construction,
    counts,
    datums,
    lifts,
    lines,
    lot,
    reach,
    setbacks,
    structure,
    waterway,
    widths,
)

__all__ = [
    "areas", "board", "construction", "counts", "datums", "lifts", "lot", "reach", "setbacks", "structure", "waterway",
    "lines", "widths",
]
