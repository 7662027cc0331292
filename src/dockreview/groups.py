"""Connected groups of a graph given by its edges, in numpy: the MHW lines that meet, the features of one dock.

:func:`connected_groups` numbers groups as ``scipy.sparse.csgraph.connected_components``
does, for the one question the screen's start asks of a graph. Importing
``scipy.sparse`` costs a command some 0.2 s on 2 cores (scipy 1.17's array-API
layer imports numpy's ``f2py`` and ``testing`` packages with it), more than the
grouping of a county's MHW lines and docks takes; the walks along a shore's
network (:mod:`dockreview.geometry.shore`) still import scipy's graphs, when a
lot has a network to walk.
"""

from __future__ import annotations

import numpy as np


def connected_groups(n: int, a, b) -> np.ndarray:
    """Each of ``n`` nodes' group: nodes joined by the edges ``a[k]``--``b[k]`` (either way) share one.

    Groups are numbered from 0 in the order of their first node, as
    ``scipy.sparse.csgraph.connected_components(..., directed=False)`` numbers
    them. Each node points at a node of its group no greater than itself; each
    round every edge across two groups hooks the greater group's root onto the
    lesser, and the pointers are followed to their roots, until no edge joins two
    groups.

    Examples
    --------
    Six nodes: 1 and 4 joined, 3 and 5 joined, the others alone.

    >>> connected_groups(6, [4, 1, 5], [1, 4, 3]).tolist()
    [0, 1, 2, 3, 1, 3]
    >>> connected_groups(3, [], []).tolist()
    [0, 1, 2]
    """
    root = np.arange(n)
    a, b = np.asarray(a, dtype=np.intp), np.asarray(b, dtype=np.intp)
    while len(a):
        ra, rb = root[a], root[b]
        across = ra != rb
        a, b, ra, rb = a[across], b[across], ra[across], rb[across]
        if not len(a):
            break
        np.minimum.at(root, np.maximum(ra, rb), np.minimum(ra, rb))
        root = _roots(root)
    return np.unique(root, return_inverse=True)[1].reshape(-1)


def _roots(pointer: np.ndarray) -> np.ndarray:
    """Each node's root: its pointers followed until a node points at itself (every pointer is to a node no greater)."""
    while True:
        further = pointer[pointer]
        if np.array_equal(further, pointer):
            return pointer
        pointer = further
