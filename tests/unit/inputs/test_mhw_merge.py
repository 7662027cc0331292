"""The MHW layer merged in groups (``merge_lines``) gives the lines of one snap-rounded union of the whole layer.

The second method is GEOS's own: ``line_merge(union_all(layer, grid_size))``, the
union the merge used to take at once (7 s for a coast of a million vertices). The
two agree vertex by vertex to within a grid cell: GEOS's one union leaves a line that
meets no other (the lake) unrounded, where the groups round every line.
"""

import warnings

import numpy as np
import pytest
import shapely

from dockreview.errors import DockReviewWarning
from dockreview.inputs.shoreline import MHW_GRID_FT, bridge_gaps, meeting_groups, merge_lines, prepare_mhw
from dockreview.testing.counties import messy_county

M_PER_FT = 0.3048
CELL = MHW_GRID_FT


def _one_union(lines, ft_per_unit):
    return shapely.line_merge(shapely.union_all(lines, grid_size=MHW_GRID_FT / ft_per_unit))


def _layer(scale: float) -> np.ndarray:
    """A coast in 15 pieces end to end and its troubles by pieces 1 to 7, in units of ``scale`` ft."""
    x = np.arange(0.0, 6000.0, 7.0)
    coast = np.stack([x, 40.0 * np.sin(x / 150.0) + 0.3 * np.cos(x * 3.1)], axis=1)
    pieces = [coast[k:k + 61] for k in range(0, len(coast) - 1, 60)]  # sharing each end exactly
    lines = [shapely.LineString(p[::-1] if n % 3 == 2 else p) for n, p in enumerate(pieces)]  # every third drawn the other way
    lines.append(shapely.LineString(coast[100:140]))  # a second digitising over pieces 1 and 2
    lines.append(shapely.LineString([(2240.0, -80.0), (2245.0, 90.0)]))  # a jetty crossing piece 5
    lines.append(shapely.LineString([coast[240] + (0.0004, 0.0), coast[240] + (30.0, 200.0)]))  # nearly meets pieces 3 and 4
    step = coast[421] - coast[420]
    turn = np.radians(3.0)
    shallow = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]]) @ step
    lines.append(shapely.LineString([coast[420], coast[420] + 40.0 * shallow]))  # leaves pieces 6 and 7's end at 3 degrees
    lines.append(shapely.LineString([coast[360], coast[360] + (0.004, 0.0), coast[360] + (0.0, -90.0)]))  # a 0.004-ft first leg
    lines.append(shapely.Point(coast[200] + (0.0, 60.0)).buffer(60.0, quad_segs=8).exterior)  # an island on piece 3
    lines.append(shapely.Polygon(shapely.Point(9000.0, 9000.0).buffer(80.0).exterior))  # a lake, read by its boundary
    return np.array([shapely.affinity.scale(g, 1 / scale, 1 / scale, origin=(0, 0)) for g in lines], dtype=object)


@pytest.mark.parametrize("ft_per_unit", [1.0, 1 / M_PER_FT], ids=["feet", "metres"])
def test_merged_in_groups_as_one_union(ft_per_unit):
    layer = _layer(ft_per_unit)
    grouped = merge_lines(layer, ft_per_unit, threads=2)
    assert shapely.normalize(grouped).equals_exact(shapely.normalize(_one_union(layer, ft_per_unit)), CELL / ft_per_unit)
    assert shapely.equals_exact(grouped, shapely.set_precision(grouped, MHW_GRID_FT / ft_per_unit), 0.0)  # every vertex on the grid


def test_pieces_end_to_end_are_rounded_apart_and_the_troubles_together():
    layer = _layer(1.0)
    pieces = shapely.get_parts(np.where(shapely.get_dimensions(layer) == 2, shapely.boundary(layer), layer))
    group = meeting_groups(pieces, MHW_GRID_FT)
    over, jetty, near, shallow, short, island, lake = range(15, 22)
    assert group[over] == group[1] == group[2]
    assert group[near] == group[3] == group[4] == group[island]
    assert group[jetty] == group[5] == group[short] == group[6]
    assert group[shallow] == group[7]  # 3 degrees off piece 7's first leg; piece 6 leaves the other way
    apart = [0, 1, 3, 5, 7, *range(8, 15), lake]  # one piece of each group, the pieces 8 to 14 meeting only end to end
    assert len(set(group[apart])) == len(apart) == len(set(group))


def test_a_county_prepared_as_one_union_and_its_gaps_bridged():
    mhw = list(messy_county(300, seed=5, meandering=True).mhw.geometry.values)
    x = np.arange(0.0, 2001.0, 10.0)
    coast = np.stack([x + 5e6, 30.0 * np.sin(x / 200.0) + 5e6], axis=1)
    mhw += [shapely.LineString(coast[:80]), shapely.LineString(coast[70:150]), shapely.LineString(coast[152:])]
    layer = np.array(mhw, dtype=object)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", DockReviewWarning)
        prepared = prepare_mhw(layer, 1.0, "mhw", threads=2)
        expected = bridge_gaps(_one_union(layer, 1.0), 1.0, "mhw")
    assert shapely.normalize(prepared).equals_exact(shapely.normalize(expected), CELL)
    assert sum("gap" in str(w.message) for w in caught) == 2  # the 20-ft gap, said once by each


@pytest.mark.parametrize("ft_per_unit", [1.0, 1 / M_PER_FT], ids=["feet", "metres"])
def test_a_shore_delivered_one_segment_a_feature_merges_as_delivered_whole(ft_per_unit):
    x = np.arange(0.0, 8000.0, 7.0)
    coast = np.stack([x, 40.0 * np.sin(x / 150.0) + 0.3 * np.cos(x * 3.1)], axis=1) / ft_per_unit
    rng = np.random.default_rng(4)
    segments = [shapely.LineString(coast[[k + 1, k]] if rng.random() < 0.33 else coast[[k, k + 1]]) for k in range(len(coast) - 1)]
    layer = np.array(segments, dtype=object)[rng.permutation(len(segments))]
    merged = merge_lines(layer, ft_per_unit, threads=2)
    whole = merge_lines(np.array([shapely.LineString(coast)]), ft_per_unit)
    assert merged.geom_type == "LineString" and len(segments) == 1142
    assert shapely.normalize(merged).equals_exact(shapely.normalize(whole), CELL / ft_per_unit)
