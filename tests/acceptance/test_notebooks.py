"""Every notebook in notebooks/ runs top to bottom, offline, on this interpreter's kernel; and the what-if API
(`dockreview.with_dock`, `dockreview.frontage_point`) the notebook uses instead of internal objects."""

from __future__ import annotations

import nbformat
import pytest
from nbclient import NotebookClient

from support.paths import DATA, ROOT

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path):
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = [o for cell in notebook.cells for o in cell.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors


def test_there_is_a_notebook():
    assert [p.name for p in NOTEBOOKS][:1] == ["01-review-a-site.ipynb"]


# ----------------------------------------------------------------------------- the what-if API the notebook uses


def _review(name: str):
    import warnings

    import dockreview

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(dockreview.load_site(DATA / name / "site.toml"))


def test_with_dock_reviews_a_variant_and_leaves_the_review_as_it_was():
    import dockreview

    result = _review("straight-t-float")
    longer = dockreview.with_dock(result, length=160.0, float={"layout": "L", "side": "left", "length": 24.0})
    assert longer.measurements.reach_ft == pytest.approx(170.0, abs=0.01)  # 160 + the float's 10 ft
    assert longer.site.manifest.dock.float.layout == "L" and longer.site.manifest.dock.float.width == 10.0
    assert result.site.manifest.dock.length == 110.0 and result.measurements.reach_ft == pytest.approx(120.0, abs=0.01)
    assert longer.profile is result.profile

    moved = dockreview.with_dock(result, root=dockreview.frontage_point(result, -45.0))
    assert moved.measurements.setback_left_ft == pytest.approx(result.measurements.setback_left_ft - 45.0, abs=0.01)
    turned = dockreview.with_dock(result, bearing=345.0)
    assert turned.dock.axis == pytest.approx([-0.258819, 0.965926], abs=1e-6)
    assert dockreview.with_dock(result, float=False).measurements.float_count == 0
    assert dockreview.with_dock(result, root="auto", bearing="perpendicular").measurements.setback_left_ft == pytest.approx(
        result.measurements.setback_left_ft
    )


def test_with_dock_refuses_what_the_manifest_would_refuse():
    import dockreview

    result = _review("straight-t-float")
    with pytest.raises(dockreview.ManifestError, match="length must be a positive number"):
        dockreview.with_dock(result, length=-5.0)
    with pytest.raises(dockreview.ManifestError, match="an L float needs side"):
        dockreview.with_dock(result, float={"layout": "L"})
    with pytest.raises(ValueError, match="reaches past the water corner"):
        dockreview.frontage_point(result, 150.0)  # the frontage runs 100 ft either side
    footprint = _review("curved-cove")
    with pytest.raises(dockreview.ManifestError, match="footprint file .* give length and width"):
        dockreview.with_dock(footprint, length=100.0)
    parametric = dockreview.with_dock(footprint, length=100.0, width=5.0)
    assert parametric.dock.source == "parametric" and parametric.measurements.float_count == 0
