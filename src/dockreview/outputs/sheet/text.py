"""Text as the renderer sets it: widths measured, lines wrapped to a width in pixels."""

from __future__ import annotations

import re

from matplotlib.font_manager import FontProperties


def renderer(fig):
    """The figure's renderer, for measuring what is drawn."""
    return fig.canvas.get_renderer()


def text_width(fig, text: str, fontsize: float, weight: str = "normal") -> float:
    """The width (pixels) the renderer gives ``text`` on one line (a Text's window extent, without making the Text)."""
    width, _, _ = renderer(fig).get_text_width_height_descent(text, FontProperties(size=fontsize, weight=weight), ismath=False)
    return width


#: Character widths (pixels) as the renderer sets them, by (character, size, weight, dpi).
_CHAR_WIDTHS: dict[tuple, float] = {}
#: The width of "||", which each character is measured between, by (size, weight, dpi).
_BARS_WIDTHS: dict[tuple, float] = {}


class _Widths:
    """Line widths summed from the renderer's width of each character (each measured once per font and dpi)."""

    def __init__(self, fig, fontsize: float, weight: str):
        self.fig, self.key = fig, (float(fontsize), weight, float(fig.dpi))

    def char(self, c: str) -> float:
        key = (c, *self.key)
        if key not in _CHAR_WIDTHS:
            # between two bars, so that a space or a side bearing counts as it does inside a line
            if self.key not in _BARS_WIDTHS:
                _BARS_WIDTHS[self.key] = text_width(self.fig, "||", self.key[0], self.key[1])
            _CHAR_WIDTHS[key] = text_width(self.fig, f"|{c}|", self.key[0], self.key[1]) - _BARS_WIDTHS[self.key]
        return _CHAR_WIDTHS[key]

    def line(self, line: str) -> float:
        return sum(self.char(c) for c in line)


def wrap_to(fig, text: str, width_px: float, fontsize: float, weight: str = "normal", indent: str = "  ") -> str:
    """``text`` broken between words so that no line is wider than ``width_px`` as the renderer sets it.

    A number stays on the line of its unit (``5,028 sq ft``); a word wider than a
    line on its own (a long file name) is broken where it must be.
    """
    widths = _Widths(fig, fontsize, weight)
    limit = width_px * 0.96  # room for the kerning a character-by-character sum does not see
    space = widths.char(" ")
    out = []
    for paragraph in text.split("\n"):
        glued = re.sub(r"(\d) (sq ft|ft|in|lb|deg)\b", lambda m: m.group(1) + "\u00a0" + m.group(2).replace(" ", "\u00a0"), paragraph)
        line, width = "", 0.0
        for word in glued.split(" "):
            w = widths.line(word)
            if not line:
                line, width = word, w
            elif width + space + w <= limit:
                line, width = f"{line} {word}", width + space + w
            else:
                out.append(line)
                line, width = indent + word, widths.line(indent) + w
            while width > limit and len(line) > len(indent) + 1:
                cut = len(line) - 1
                while cut > len(indent) + 1 and widths.line(line[:cut]) > limit:
                    cut -= 1
                out.append(line[:cut])
                line = indent + line[cut:]
                width = widths.line(line)
        out.append(line)
    return "\n".join(out).replace("\u00a0", " ")
