"""Every rule kind, by family; importing this package registers them all in :data:`dockreview.rules.kind.KINDS`."""

from dockreview.rules.kinds import board, construction, lifts, lot, reach, setbacks, structure

__all__ = ["board", "construction", "lifts", "lot", "reach", "setbacks", "structure"]
