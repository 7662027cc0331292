"""The map library the package carries: Leaflet, for the published site and for ``Review.explore()`` offline.

Leaflet |version| (BSD 2-Clause, its licence in ``static/leaflet/LICENSE``) is
vendored from the npm registry's ``leaflet@|version|`` package (``dist/leaflet.js``,
``dist/leaflet.css``, ``dist/images/``) as package data, byte for byte.
"""

from __future__ import annotations

import base64
import re
from importlib import resources

#: The map library, as the site and the README name it.
LIBRARY = {"name": "Leaflet", "version": "1.9.4", "licence": "BSD 2-Clause"}

__doc__ = __doc__.replace("|version|", LIBRARY["version"])


def static_files():
    """The site's static files (a resources tree): the page, its script and stylesheet, and ``leaflet/``."""
    return resources.files("dockreview.outputs.publish").joinpath("static")


def data_uri(data: bytes, mime: str) -> str:
    """``data:MIME;base64,...``.

    Examples
    --------
    >>> data_uri(b"L", "text/javascript")
    'data:text/javascript;base64,TA=='
    """
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def leaflet_inline() -> tuple[str, str]:
    """Leaflet's script and stylesheet as data URIs (the stylesheet's images inside it), for a page with nothing beside it.

    Examples
    --------
    >>> js, css = leaflet_inline()
    >>> js.startswith("data:text/javascript;base64,"), css.startswith("data:text/css;base64,")
    (True, True)
    """
    folder = static_files().joinpath("leaflet")
    css = folder.joinpath("leaflet.css").read_text("utf-8")

    def image(match: re.Match) -> str:
        return f"url({data_uri(folder.joinpath('images', match.group(1)).read_bytes(), 'image/png')})"

    css = re.sub(r"url\(images/([A-Za-z0-9_.-]+\.png)\)", image, css)
    return data_uri(folder.joinpath("leaflet.js").read_bytes(), "text/javascript"), data_uri(css.encode("utf-8"), "text/css")
