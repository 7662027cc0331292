"""The font a PDF page is set in: PDF's own Helvetica where it prints every word, else DejaVu Sans, embedded.

Helvetica is one of the 14 fonts every PDF reader has, so nothing is embedded
and a page is drawn in a fraction of the time matplotlib takes over an embedded
font's glyphs (Type 3). It prints the characters of Windows' code page 1252
(Latin-1 and typographic punctuation). :class:`PageFont` says which font a
page is set in and how wide a line of it is; :func:`page_font` chooses it for
the words of a page; :func:`saved_in` saves a figure in it. A sheet laid out
by DejaVu Sans's metrics (the exhibit, the Board evidence sheet) is set in
Helvetica only in a PDF, where every word is narrower, so nothing it placed
comes to overlap.
"""

from __future__ import annotations

import contextlib
import functools
from dataclasses import dataclass
from pathlib import Path

import matplotlib
from matplotlib._afm import AFM  # the Adobe font metrics matplotlib's PDF backend sets the core fonts by
from matplotlib.font_manager import FontProperties, findfont
from matplotlib.ft2font import FT2Font, LoadFlags
from matplotlib.text import Text

#: The text pages' type size (pt).
PDF_FONT_PT = 7.5
#: Characters PDF's own fonts lack, and what the text pages print instead.
_CORE_SUBSTITUTES = str.maketrans({"\u2212": "-"})


@dataclass(frozen=True)
class PageFont:
    """The font a page is set in, how it is asked of matplotlib, and how wide a line of it is.

    ``core``: PDF's own Helvetica (:func:`page_font` chooses it when it prints
    every word); else DejaVu Sans, embedded.

    Examples
    --------
    >>> round(PageFont(core=True).width_pt("Docks D(1)", bold=False), 2), round(PageFont(core=False).width_pt("Docks D(1)", bold=False), 2)
    (37.5, 42.77)
    """

    core: bool = True

    @property
    def rc(self) -> dict:
        """The rcParams the pages are saved under (in Helvetica, the axes' negative numbers with a hyphen-minus)."""
        return {"pdf.use14corefonts": True, "axes.unicode_minus": False} if self.core else {"pdf.use14corefonts": False}

    def props(self, bold: bool = False) -> dict:
        """The font keywords of a text on these pages (Helvetica's regular face is its medium weight)."""
        if self.core:
            return {"fontfamily": "Helvetica", "fontweight": "bold" if bold else "medium"}
        return {"fontweight": "bold" if bold else "normal"}

    def text(self, text: str) -> str:
        """``text`` as these pages print it."""
        return str(text).translate(_CORE_SUBSTITUTES) if self.core else str(text)

    def width_pt(self, text: str, bold: bool) -> float:
        """The width of ``text`` at :data:`PDF_FONT_PT` pt: each glyph's advance, summed.

        Helvetica is set without kerning, so the sum is exact; DejaVu Sans is
        kerned, and its sum is raised by :data:`_FIT`. Measured glyph by glyph:
        laying out whole strings costs milliseconds each, and a report measures
        thousands.
        """
        measure, cache = (_core_advances if self.core else _embedded_advances)(bool(bold))
        width = 0.0
        for char in self.text(text):
            advance = cache.get(char)
            if advance is None:
                advance = cache[char] = measure(char)
            width += advance
        return width if self.core else width * _FIT


def page_font(texts, *, substitute: bool = True) -> PageFont:
    """Helvetica (PDF's own) when it prints every one of ``texts``, else DejaVu Sans (embedded).

    With ``substitute``, a character Helvetica lacks but prints a stand-in for
    (:data:`_CORE_SUBSTITUTES`) does not keep it out: the words are printed
    through :meth:`PageFont.text`.

    Examples
    --------
    >>> page_font(["§ 161-24 D(1)", "-140.0 sq ft \u2212 one lift"]).core, page_font(["Peconic Bay \u2192 north"]).core
    (True, False)
    >>> page_font(["\u2212 one lift"], substitute=False).core
    False
    """
    table = _CORE_SUBSTITUTES if substitute else {}
    try:
        for text in texts:
            str(text).translate(table).encode("cp1252")
    except UnicodeEncodeError:
        return PageFont(core=False)
    return PageFont(core=True)


@functools.lru_cache(maxsize=2)
def _helvetica(bold: bool) -> AFM:
    """Helvetica's (or Helvetica Bold's) Adobe font metrics, as matplotlib's PDF backend sets it by."""
    name = "Helvetica-Bold.afm" if bold else "Helvetica.afm"
    with open(Path(matplotlib.get_data_path(), "fonts", "pdfcorefonts", name), "rb") as handle:
        return AFM(handle)


@functools.lru_cache(maxsize=2)
def _core_advances(bold: bool):
    """Helvetica's advance of a character at :data:`PDF_FONT_PT` pt, from its Adobe font metrics; and a cache of them."""
    metrics = _helvetica(bold)
    scale = PDF_FONT_PT / 1000.0

    def advance(char: str) -> float:  # a no-break space is printed as a space
        return metrics.get_str_bbox_and_descent(" " if char == "\u00a0" else char)[2] * scale

    return advance, {}


@functools.lru_cache(maxsize=2)
def _embedded_advances(bold: bool):
    """DejaVu Sans (or matplotlib's default) at :data:`PDF_FONT_PT` pt: a character's advance, and a cache of them."""
    font = FT2Font(findfont(FontProperties(size=PDF_FONT_PT, weight="bold" if bold else "normal")))  # our own, not the shared cache's
    font.set_size(PDF_FONT_PT, 72)  # 72 dpi: one pixel is one point

    def advance(char: str) -> float:
        return font.load_char(ord(char), flags=LoadFlags.NO_HINTING).linearHoriAdvance / 65536.0

    return advance, {}


#: Measured widths of an embedded (kerned) font are raised by this much, for kerning and rounding in the renderer.
_FIT = 1.03


def helvetica_spacing(path: str, spacing, bold: bool = False) -> float:
    """The line spacing that sets a text's lines in Helvetica as far apart as matplotlib sets them in the font at ``path``.

    matplotlib steps a text's lines by its font's height (ascent plus descent:
    a TrueType font's OS/2 typographic metrics, Helvetica's Adobe metrics)
    times a numeric ``spacing``, or, for ``"normal"``, by that height plus the
    font's own line gap (Helvetica's is taken as a fifth of its height). DejaVu
    Sans is 1.0 em high with a 0.2-em gap, Helvetica 0.925 em, so a text laid
    out in DejaVu and set in Helvetica would have its lines some 8 % closer than
    the sheet placed them, the ascenders meeting the descenders above.

    Examples
    --------
    >>> dejavu = findfont(FontProperties(family="DejaVu Sans"))
    >>> round(helvetica_spacing(dejavu, 1.1), 3), round(helvetica_spacing(dejavu, "normal"), 3)
    (1.189, 1.298)
    """
    ascent, descent, gap = _height_em(path)
    own = ascent + descent + gap if spacing == "normal" else float(spacing) * (ascent + descent)
    metrics = _helvetica(bold)
    return own / ((metrics.get_ascender() - metrics.get_descender()) / 1000.0)


@functools.lru_cache(maxsize=8)
def _height_em(path: str) -> tuple[float, float, float]:
    """Ascent, descent and line gap (em) of the font file at ``path`` as matplotlib lays out its lines (OS/2, else hhea)."""
    font = FT2Font(path)
    per_em = font.get_sfnt_table("head")["unitsPerEm"]
    typo = font.get_sfnt_table("OS/2")
    if typo is not None:
        return typo["sTypoAscender"] / per_em, -typo["sTypoDescender"] / per_em, typo["sTypoLineGap"] / per_em
    hhea = font.get_sfnt_table("hhea")  # every TrueType font has one
    return hhea["ascent"] / per_em, -hhea["descent"] / per_em, hhea["lineGap"] / per_em


@contextlib.contextmanager
def saved_in(fig, font: PageFont | None = None):
    """While ``fig`` is saved: in ``font``, else in Helvetica when it prints every word of the figure.

    In Helvetica each text is asked for by that family and its regular text
    at Helvetica's regular (medium) weight; a text laid out in another font
    keeps its lines as far apart as that font set them
    (:func:`helvetica_spacing`). The texts are as they were after.
    """
    texts = fig.findobj(Text)
    if font is None:  # a figure's words are printed as they are; mathtext is matplotlib's own
        words = [t.get_text() for t in texts]
        font = PageFont(core=False) if any("$" in w for w in words) else page_font(words, substitute=False)
    kept = [(t, t.get_fontfamily(), t.get_fontweight(), t.get_linespacing()) for t in texts] if font.core else []
    for t, family, weight, spacing in kept:
        if "Helvetica" not in family:  # laid out in another font (a text of the report's pages was laid out in Helvetica)
            bold = weight not in ("normal", 400, "regular", "book", "medium", 500, "light", 300)
            t.set_linespacing(helvetica_spacing(findfont(t.get_fontproperties()), spacing, bold))
        t.set_fontfamily("Helvetica")
        t.set_fontweight("medium" if weight in ("normal", 400, "regular", "book") else weight)
    try:
        with matplotlib.rc_context(font.rc):
            yield font
    finally:
        for t, family, weight, spacing in kept:
            t.set_fontfamily(family)
            t.set_fontweight(weight)
            t.set_linespacing(spacing)
