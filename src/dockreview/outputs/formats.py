"""The files the tool writes, by product and suffix: declared once, read by the commands, the writers and QGIS.

A product is what is written (a sheet, the staff report, GIS layers, a screen's
layers, a table); each takes the suffixes of its :class:`Format` s, and each
format names the function that writes it. The command line's choices, checks
and help texts, the report's dispatch (:func:`~dockreview.outputs.report.write_report`),
the QGIS provider's file filters and the README's table of output formats all
read :data:`PRODUCTS`; a writer is imported only when a file is written, so that
reading the registry costs no plotting library.

The page sizes are the sheets' own (:data:`~dockreview.outputs.style.PAGES`).

Examples
--------
>>> PRODUCTS["report"].suffixes
('.html', '.pdf', '.md')
>>> PRODUCTS["map"].check("site.PNG", "--map").name
'PNG'
>>> PRODUCTS["map"].check("site.jpg", "--map")
Traceback (most recent call last):
...
dockreview.errors.OutputError: --map site.jpg: use a .png, .pdf or .svg file name
>>> PAGE_SIZES, DEFAULT_PAGE
(('letter', 'tabloid'), 'letter')
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dockreview.errors import OutputError
from dockreview.outputs.style import PAGES

#: The landscape pages a sheet or a report is drawn on, and the one used unless another is asked for.
PAGE_SIZES = tuple(PAGES)
DEFAULT_PAGE = "letter"


@dataclass(frozen=True)
class Format:
    """One kind of file a product is written as.

    Attributes
    ----------
    suffix : str
        The file name's suffix, lower case with its dot (``".pdf"``).
    name : str
        The file type as a file dialog names it (``"PDF"``).
    words : str
        How the product is written in it, for the help and the README.
    writer : str
        The function that writes it, as ``"module:name"`` (a dotted name after the colon reaches an attribute of an
        attribute); imported by :meth:`Product.writer`.
    """

    suffix: str
    name: str
    words: str
    writer: str


@dataclass(frozen=True)
class Product:
    """What is written, in which formats.

    Attributes
    ----------
    name : str
        The product's key in :data:`PRODUCTS`.
    words : str
        What it is and which options write it, for the README.
    formats : tuple of Format
        The formats it may be written as; the first is the one a file dialog offers first.
    """

    name: str
    words: str
    formats: tuple[Format, ...]

    @property
    def suffixes(self) -> tuple[str, ...]:
        """The suffixes the product takes, in the registry's order."""
        return tuple(f.suffix for f in self.formats)

    @property
    def suffix_words(self) -> str:
        """The suffixes in words: ``".png, .pdf or .svg"``."""
        *head, last = self.suffixes
        return f"{', '.join(head)} or {last}" if head else last

    @property
    def file_filter(self) -> str:
        """The formats as a Qt file dialog's filter: ``"HTML (*.html);;PDF (*.pdf);;Markdown (*.md)"``."""
        return ";;".join(f"{f.name} (*{f.suffix})" for f in self.formats)

    def format_of(self, path: str | Path) -> Format | None:
        """The format of a file named ``path`` (its suffix, in any case), or None when the product has none such."""
        suffix = Path(path).suffix.lower()
        return next((f for f in self.formats if f.suffix == suffix), None)

    def check(self, path: str | Path | None, option: str) -> Format | None:
        """The format of the file ``path`` given to ``option`` (None for no file); refused when it is not the product's.

        Raises
        ------
        OutputError
            One line naming the option, the file and the suffixes the product takes.
        """
        if path is None:
            return None
        found = self.format_of(path)
        if found is None:
            raise OutputError(f"{option} {path}: use a {self.suffix_words} file name")
        return found

    def writer(self, path: str | Path) -> Callable:
        """The function that writes the product to ``path`` (imported now).

        Raises
        ------
        ValueError
            When the product is not written with ``path``'s suffix.
        """
        found = self.format_of(path)
        if found is None:
            raise ValueError(f"{path}: a {self.name} is {self.suffix_words}")
        module, _, name = found.writer.partition(":")
        return functools.reduce(getattr, name.split("."), importlib.import_module(module))


_SHEET = "dockreview.outputs.sheet.page:save_figure"
_GEOPACKAGE = "dockreview.outputs.geopackage:geopackage"
_PARQUET = "geopandas:GeoDataFrame.to_parquet"
_GEOPACKAGE_WORDS = "one file of layers, an existing one keeping every layer but those an earlier run of the command wrote"

#: Every product the tool writes, by name, with its formats.
PRODUCTS = {
    product.name: product
    for product in (
        Product("map", "a sheet: the site plan (`check --map`, `map`), the Board evidence sheet (`map --sheet evidence`), "
                       "the envelope map (`envelope --map`), the riparian methods compared (`riparian --map`: a PDF adds the "
                       "shoreline sheet), the Board's map of two laws over a shore (`compare --map`)", (
            Format(".png", "PNG", "300 dpi", _SHEET),
            Format(".pdf", "PDF", "vectors, words in PDF's own Helvetica (DejaVu Sans, embedded, where needed)", _SHEET),
            Format(".svg", "SVG", "vectors, text kept as text", _SHEET),
        )),
        Product("report", "the staff report (`report -o`; QGIS: REPORT)", (
            Format(".html", "HTML", "one file that opens offline, the sheets inline as SVG",
                   "dockreview.outputs.report:write_html"),
            Format(".pdf", "PDF", "the sheets as vectors on pages 1 and 2, the tables after, page n of m",
                   "dockreview.outputs.report.pdf:write_pdf"),
            Format(".md", "Markdown", "the sheets embedded as data URIs", "dockreview.outputs.report:write_markdown"),
        )),
        Product("layers", "GIS layers in the working CRS (`--gpkg`, `envelope -o`, `audit -o`, `compare -o`, `suggest`'s "
                          "`-dock.gpkg`; QGIS: OUTPUT)", (
            Format(".gpkg", "GeoPackage", _GEOPACKAGE_WORDS, _GEOPACKAGE),
        )),
        Product("screen", "a screen's layers (`screen -o`)", (
            Format(".gpkg", "GeoPackage", f"{_GEOPACKAGE_WORDS}: parcels, envelopes, audit", _GEOPACKAGE),
            Format(".parquet", "GeoParquet", "the parcels, with NAME-envelopes and NAME-audit beside them", _PARQUET),
            Format(".geoparquet", "GeoParquet", "as .parquet", _PARQUET),
        )),
        Product("table", "a table beside layers (`screen`, `audit`, `compare`): their attributes, rounded", (
            Format(".csv", "CSV", "comma separated, beside the layers' file with its name", "pandas:DataFrame.to_csv"),
        )),
    )
}
