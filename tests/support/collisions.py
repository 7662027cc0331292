"""What an exhibit's labels cover, read back from the renderer: labels on labels, labels off the map, text past its block.

Written for the layout tests and for measuring a sheet by hand, without the
package's own placer: each label's box is the renderer's extent of its glyphs
(set unrotated, then turned about the text's anchor as it is drawn), in display
pixels. A label is a text of the map whose gid names it one (``dimension:``,
``name:``, ``sounding``, ``component:``); a title-block text is one whose gid
starts ``title:``. Lines are read back from their artists (``support.drawn``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np
import shapely
import shapely.affinity
from matplotlib.text import Text

from support.drawn import dimension_lines

#: The gids (before their colon) of the map's labels.
LABEL_KINDS = ("dimension", "name", "sounding", "component")
#: Two labels overlap when they share more than this many square pixels (anti-aliasing aside).
OVERLAP_PX2 = 1.0


def labels(ax) -> list[Text]:
    """The map's placed labels: dimensions, names, soundings and the components' figures."""
    return [
        t for t in ax.texts
        if t.get_visible() and t.get_text().strip() and (t.get_gid() or "").split(":")[0] in LABEL_KINDS
    ]


def shape_of(text: Text, renderer) -> shapely.Polygon:
    """The (rotated) box a text's glyphs cover, in display pixels, from the renderer's extent."""
    if hasattr(text, "update_positions"):  # an annotation: its text set where its offset puts it
        text.update_positions(renderer)
    angle = text.get_rotation()
    text.set_rotation(0)
    box = Text.get_window_extent(text, renderer)
    text.set_rotation(angle)
    centre = text.get_transform().transform(text.get_position())
    return shapely.affinity.rotate(shapely.box(*box.extents), angle, origin=tuple(centre))


@dataclass
class Collisions:
    """What one sheet's texts cover, by the words of the texts concerned.

    ``pairs``: two labels of the map on each other; ``off_map``: a label not
    wholly on the map; ``on_line``: a label on a dimension line, an extension
    line or a leader (with the line's gid); ``off_block``: a title-block text
    not wholly inside the block; ``block_pairs``: two title-block texts on each other.
    """

    pairs: list[tuple[str, str]] = field(default_factory=list)
    off_map: list[str] = field(default_factory=list)
    on_line: list[tuple[str, str]] = field(default_factory=list)
    off_block: list[str] = field(default_factory=list)
    block_pairs: list[tuple[str, str]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.pairs or self.off_map or self.on_line or self.off_block or self.block_pairs)


def collisions(fig, ax) -> Collisions:
    """The labels of map ``ax`` that overlap each other, leave the map or lie on a dimension line, an extension line
    or a leader; the title block's texts that run past its edge or onto each other (all measured from the extents the
    renderer reports; the figure need not have been drawn)."""
    renderer = fig.canvas.get_renderer()
    for artist in ax.texts:  # an annotation takes its place (and its transform) when drawn: set it as the draw would
        if hasattr(artist, "update_positions"):
            artist.update_positions(renderer)
    found = Collisions()
    texts = labels(ax)
    shapes = [shape_of(t, renderer) for t in texts]
    for (ta, a), (tb, b) in itertools.combinations(zip(texts, shapes), 2):
        if a.intersection(b).area > OVERLAP_PX2:
            found.pairs.append((ta.get_text(), tb.get_text()))
    frame = shapely.box(*ax.bbox.extents).buffer(0.5)
    found.off_map = [t.get_text() for t, s in zip(texts, shapes) if not frame.contains(s)]
    for key, line in _lines_under_labels(ax).items():
        found.on_line += [(t.get_text(), key) for t, s in zip(texts, shapes) if s.buffer(-0.5).intersects(line)]
    block = next((a for a in fig.axes if a.get_gid() == "title-block"), None)
    if block is not None:
        edge = shapely.box(*block.bbox.extents).buffer(1.0)
        fields = [t for t in block.texts if t.get_visible() and t.get_text().strip()]
        boxes = [shape_of(t, renderer) for t in fields]
        found.off_block = [t.get_text() for t, s in zip(fields, boxes) if not edge.contains(s)]
        found.block_pairs = [(ta.get_text(), tb.get_text()) for (ta, a), (tb, b) in itertools.combinations(zip(fields, boxes), 2)
                             if a.intersection(b).area > OVERLAP_PX2]
    return found


def _lines_under_labels(ax) -> dict[str, shapely.MultiLineString]:
    """What no label may lie on (display): each dimension's line, by its key (``dimension-line:KEY``); the extension
    lines back to what it measures (``dimension-extension:KEY``); and every leader (``leader``)."""
    out = {key: shapely.multilinestrings(list(segments)) for key, segments in dimension_lines(ax).items()}
    for line in ax.lines:
        gid = line.get_gid() or ""
        xy = line.get_transform().transform(np.asarray(line.get_xydata(), dtype=float))
        if gid.startswith(("dimension-extension:", "leader")) and len(xy) >= 2:
            out[gid] = shapely.union(out.get(gid, shapely.MultiLineString()), shapely.LineString(xy))
    return out
