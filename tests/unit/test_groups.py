"""connected_groups: the groups scipy's connected_components gives (a second method), numbered alike."""

import subprocess
import sys

import numpy as np
import pytest
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from dockreview.groups import connected_groups


def scipy_groups(n, a, b):
    return connected_components(coo_matrix((np.ones(len(a)), (a, b)), shape=(n, n)), directed=False)[1]


@pytest.mark.parametrize("seed", range(40))
def test_random_graphs_match_scipy(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 400))
    m = int(rng.integers(0, 2 * n))
    a, b = rng.integers(0, n, m), rng.integers(0, n, m)
    assert connected_groups(n, a, b).tolist() == scipy_groups(n, a, b).tolist()


@pytest.mark.parametrize("order", ["shuffled", "rising", "falling"])
def test_a_long_chain_is_one_group(order):
    """A shore of 50,000 pieces end to end, numbered in any order, is one group (the roots meet in few rounds)."""
    n = 50_000
    nodes = {"shuffled": np.random.default_rng(1).permutation(n), "rising": np.arange(n), "falling": np.arange(n)[::-1]}[order]
    groups = connected_groups(n, nodes[1:], nodes[:-1])
    assert (groups == 0).all()


def test_self_loops_and_repeated_edges_change_nothing():
    # nodes 0..4: 0-2 (twice, both ways), 3-3 alone, 4 alone
    assert connected_groups(5, [0, 2, 0, 3], [2, 0, 2, 3]).tolist() == [0, 1, 0, 2, 3]


def test_no_nodes():
    assert connected_groups(0, [], []).tolist() == []


def test_the_screen_imports_no_scipy():
    """The screen's command and its MHW and dock grouping import without scipy.sparse (0.2 s of every command)."""
    code = (
        "import sys, dockreview.cli.where, dockreview.batch.docks, dockreview.batch.dockgroups, dockreview.inputs.shoreline\n"
        "print(sorted(m for m in sys.modules if m.startswith('scipy')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
