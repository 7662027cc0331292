"""The words of a PDF page where the page prints them: each line of text as a box, read with pypdf.

pypdf's text visitor gives every line of text with its matrix (where it starts
and which way it runs) and its font size; its length is the font's advance for
those characters at that size (DejaVu Sans, regular or bold as the PDF's font
names it, measured by matplotlib's font metrics; PDF's own Helvetica by its Adobe
font metrics, set without kerning), its height the font size. A box is returned
as its four corners in PDF points, with the page's media box.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import matplotlib
import numpy as np
from matplotlib._afm import AFM
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextToPath
from pypdf import PdfReader

_MEASURE = TextToPath()


@dataclass(frozen=True)
class Words:
    page: int
    text: str
    corners: np.ndarray  # (4, 2), PDF points
    media: tuple[float, float, float, float]
    font: str = ""  # the PDF's name of the font it is set in (its /BaseFont)

    def inside(self, margin: float = 0.0) -> bool:
        x0, y0, x1, y1 = self.media
        c = self.corners
        return bool((c[:, 0] >= x0 + margin - 0.01).all() and (c[:, 0] <= x1 - margin + 0.01).all()
                    and (c[:, 1] >= y0 + margin - 0.01).all() and (c[:, 1] <= y1 - margin + 0.01).all())


@lru_cache(maxsize=2)
def _helvetica(bold: bool) -> AFM:
    with open(Path(matplotlib.get_data_path(), "fonts", "pdfcorefonts", "Helvetica-Bold.afm" if bold else "Helvetica.afm"), "rb") as f:
        return AFM(f)


def _width(text: str, size: float, bold: bool, helvetica: bool = False) -> float:
    if helvetica:  # drawn as one string, glyph after glyph, without kerning
        font = _helvetica(bold)
        return sum(font.get_str_bbox_and_descent(" " if c == "\u00a0" else c)[2] for c in text) * size / 1000.0
    props = FontProperties(family="DejaVu Sans", weight="bold" if bold else "normal", size=size)
    width, _, _ = _MEASURE.get_text_width_height_descent(text, props, ismath=False)
    return float(width)


def words(path) -> list[Words]:
    """Every line of text on every page of the PDF at ``path``, with its box."""
    out: list[Words] = []
    reader = PdfReader(path)
    for index, page in enumerate(reader.pages):
        media = tuple(float(v) for v in page.mediabox)

        def visit(text, cm, tm, font, size, index=index, media=media):
            if not text.strip() or not size:
                return
            a, b, c, d, e, f = _compose(tm, cm)
            name = str(font.get("/BaseFont", "")) if font else ""
            along = np.array([a, b]) / max(np.hypot(a, b), 1e-12)
            up = np.array([c, d]) / max(np.hypot(c, d), 1e-12)
            scale = float(np.hypot(a, b))
            length = _width(text.rstrip("\n"), size, "Bold" in name, "Helvetica" in name) * scale
            origin = np.array([e, f])
            low, high = -0.25 * size * scale, 0.8 * size * scale
            corners = np.array([origin + up * low, origin + along * length + up * low,
                                origin + along * length + up * high, origin + up * high])
            out.append(Words(index, text.strip(), corners, media, name.lstrip("/")))

        page.extract_text(visitor_text=visit)
    return out


def _compose(tm, cm) -> tuple[float, ...]:
    """The text matrix applied within the current transformation: tm x cm."""
    t = np.array([[tm[0], tm[1], 0], [tm[2], tm[3], 0], [tm[4], tm[5], 1]], dtype=float)
    m = np.array([[cm[0], cm[1], 0], [cm[2], cm[3], 0], [cm[4], cm[5], 1]], dtype=float)
    r = t @ m
    return r[0, 0], r[0, 1], r[1, 0], r[1, 1], r[2, 0], r[2, 1]
