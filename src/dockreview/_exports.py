"""A stage package's public names, each imported from its module when first asked for (PEP 562).

A package's ``__init__`` declares ``__all__`` and where each name lives without importing it, so that importing
the package (as ``dockreview check`` imports :mod:`dockreview.inputs` and :mod:`dockreview.review`) costs nothing
more than its own modules do::

    _HOMES = {"site": ("Site", "load_site"), "layers": ("read_layer",)}
    __all__, __getattr__, __dir__ = exports(__name__, _HOMES)

No public name may be the name of one of the package's modules: importing that module would set the package's
attribute to the module, hiding the name (tests/unit/test_house.py checks it).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable


def exports(package: str, homes: dict[str, tuple[str, ...]]) -> tuple[list[str], Callable, Callable]:
    """``__all__``, ``__getattr__`` and ``__dir__`` for ``package``, whose public names live in ``homes``.

    ``homes`` maps a module of the package (its name under the package) to the names it defines.
    """
    where = {name: module for module, names in homes.items() for name in names}

    def __getattr__(name: str):
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)  # found once; later lookups do not come here
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *where})

    return list(where), __getattr__, __dir__
