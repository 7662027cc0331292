"""The Key West chart sample reviewed with its cell's own quality zones, and the same site surveyed (issue 30).

The cell US5FL4DR (data/key-west-chart) puts the lot in quality zone B (CATZOC 3): positions within 50 m at 95 %
(IHO S-57 Appendix A).  The reach is measured square to the chart's MHW line, so its 95 % is 0.8007 x 50 m =
131.35 ft (NSSDA), far beyond its 90-ft margin under the 200-ft cap: conditional.  Stated surveyed (every layer
0.1 ft, the soundings 0.1 ft vertical too), no check is.
"""

from __future__ import annotations

import math
import shutil
import warnings

import pytest

from support.paths import DATA

dockreview = pytest.importorskip("dockreview")
K = 1.959964 / math.sqrt(-2.0 * math.log(0.05))
ZONE_B_FT = 50.0 / 0.3048


def review_of(manifest):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(dockreview.load_site(manifest))


def test_the_charts_quality_zone_makes_the_checks_it_moves_conditional():
    result = review_of(DATA / "key-west-chart" / "site.toml")
    assert "quality zone B" in result.site.accuracy["mhw"].source
    assert result.site.accuracy["mhw"].horizontal_ft == pytest.approx(ZONE_B_FT)
    conditional = {c.id: c for c in result.conditional_checks}
    assert set(conditional) == {"side-setback", "reach"}
    reach = conditional["reach"]
    assert reach.uncertainty == pytest.approx(K * ZONE_B_FT, rel=1e-4) and reach.within.dominant == "mhw"
    assert reach.margin < reach.uncertainty
    # the setback of 40 % of the frontage moves with the frontage, and the chart's shore slides the corners
    assert conditional["side-setback"].within.survey == ("mhw",)
    assert "within the accuracy of the MHW line" in result.verdict_reason


def test_the_same_site_surveyed_has_no_conditional_check(tmp_path):
    folder = tmp_path / "kw"
    shutil.copytree(DATA / "key-west-chart", folder)
    text = (folder / "site.toml").read_text()
    surveyed = text.replace("[dock]", "[accuracy]\nparcels = 0.1\nmhw = 0.1\nchannels = 0.1\ndocks = 0.1\n"
                                      "soundings = { accuracy_ft = 0.1, vertical_accuracy_ft = 0.1 }\n\n[dock]", 1)
    (folder / "site.toml").write_text(surveyed)
    result = review_of(folder / "site.toml")
    assert result.conditional_checks == []
    assert result.check("reach").uncertainty == pytest.approx(K * 0.1, rel=1e-4)
    assert result.site.accuracy["mhw"].source.startswith("stated in the manifest")
