"""One answer everywhere, as properties over lots shaped like real ones (issue 10, section C).

The lots come from tests/lotgen.py: side lines that bend or jog 20-60 ft from the
water, coves, creeks with lots on the far bank, gaps in the MHW line along the lot,
parcels whose water edge is off the MHW line by up to 4 ft either way, parcels
with a detached inland part; stored in EPSG:2263 or a metre CRS (EPSG:32118,
EPSG:32618), GeoPackage or GeoJSON, reviewed in EPSG:2263.

1. Every dimension the exhibit draws reads the review's own figure.
2. A dock wholly inside the envelope passes the geometric checks; moved across the
   setback strip by 1 ft it fails side-setback (and measures the 1 ft, against the
   side line and its last course drawn by the generator); 2 ft past the reach limit
   it fails reach.
3. The screen, ``lot_envelope`` and ``check`` agree on every waterfront lot of a layer.
4. The audit of an existing dock equals ``check`` of the same dock as a manifest.
5. The water corners, frontage and extensions those rest on are the ones drawn.

A failing property is shrunk by hypothesis (minutes: each example writes and reviews
a site); CONSISTENCY_NO_SHRINK=1 reports the first failing example at once, and
CONSISTENCY_EXAMPLES=N runs N examples of each property (a longer hunt).
"""

from __future__ import annotations

import os
import re
import tempfile
import warnings
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import matplotlib.text
import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, Phase, assume, event, given, note, settings
from hypothesis import strategies as st

import dockreview
from dockreview.inputs.shoreline import MHW_GAP_FT
from dockreview.measure.envelope import band_middle, lot_envelope
from dockreview.profile import load_profile
from dockreview.rules import ruleset
from dockreview.rules.base import not_below
from support import lotgen
from support.lotgen import (
    DOCK_ID_FIELD,
    SUBJECT_ID,
    azimuth_of,
    placements,
    scenes,
    t_dock_features,
    write_scene,
)
from support.sitegen import ID_FIELD

PROFILE = load_profile()
TOL = 0.01


def _examples(n: int) -> int:
    """``n``, or CONSISTENCY_EXAMPLES when set (a longer hunt)."""
    return int(os.environ.get("CONSISTENCY_EXAMPLES", n))


#: Each example writes a site and reviews it (about a second with the exhibit); a few per property
#: keep the file near a minute and a half. derandomize: CI runs the same examples every time.
SETTINGS = settings(
    max_examples=_examples(15), deadline=None, derandomize=True, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    # CONSISTENCY_NO_SHRINK=1 reports the first failing example at once (shrinking one takes minutes)
    **({"phases": [p for p in Phase if p != Phase.shrink]} if os.environ.get("CONSISTENCY_NO_SHRINK") else {}),
)


def describe(scene, placement) -> None:
    """Note the example (printed with a failure) and count its kinds (--hypothesis-show-statistics)."""
    note(scene.describe())
    note(f"stored in {placement.storage_crs} as {placement.fmt}, rotated {placement.rotation:.2f} degrees")
    event(f"shore: {scene.kind}")
    event(f"storage CRS: {placement.storage_crs}")
    if scene.gap:
        event("MHW gap " + ("over" if scene.gap[1] > 50.0 else "up to") + " 50 ft")
    if scene.bottom:
        event("soundings")
    if scene.subject_lot.polygon.geom_type == "MultiPolygon":
        event("multipart subject")
    shapes = ["jogged" if len(sd.vertices) > 2 else "bent" if len(sd.vertices) > 1 else "straight"
              for sd in scene.subject_lot.sides]
    event(f"subject's side lines: {' / '.join(sorted(shapes))}")
    event(f"subject offset off the MHW line: {'none' if abs(scene.subject_lot.offset) < 0.01 else ('seaward' if scene.subject_lot.offset > 0 else 'landward')}")


def review_of(manifest: Path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        return dockreview.review(dockreview.load_site(str(manifest)))


def _world_point(site, u: float, v: float) -> list[float]:
    return [float(c) for c in site.placement.pt(u, v)]


# ---------------------------------------------------------------------------
# 1. the exhibit's dimensions are the checks' values
# ---------------------------------------------------------------------------
#: Dimension labels: name, number, and the limit a failing one names.
DIMENSION = re.compile(
    r"^(frontage|left setback|right setback|reach|length along axis|to channel|to dock) "
    r"(-?[\d,]+\.\d) ft(?: ([<>]) ([\d,]+\.\d) ft (?:req\.|max\.))?"
)

parametric_docks = st.fixed_dictionaries({
    "at": st.floats(-0.3, 0.3),                 # root along the frontage, share of the lot width from its middle
    "turn": st.floats(-35.0, 35.0),             # degrees from the shore normal
    "length": st.floats(30.0, 240.0),
    "width": st.floats(4.0, 10.0),
    "float": st.one_of(st.none(), st.fixed_dictionaries({
        "length": st.floats(10.0, 30.0), "width": st.floats(6.0, 16.0),
        "layout": st.sampled_from(["I", "T", "L"]), "side": st.sampled_from(["left", "right"])})),
})


def parametric_table(site, dock: dict) -> dict:
    """A ``[dock]`` table for a generated dock rooted on the subject's shore (local parameters)."""
    scene = site.scene
    lot = scene.subject_lot
    shore = scene.shores[lot.shore]
    s = (lot.cuts[0] + lot.cuts[1]) / 2 + dock["at"] * (lot.cuts[1] - lot.cuts[0])
    seaward = lotgen.rotate(-shore.landward(s), dock["turn"])
    table = {"root": _world_point(site, *shore.point(s)), "bearing": site.placement.azimuth(*seaward),
             "length": dock["length"], "width": dock["width"]}
    if dock["float"] is not None:
        fl = dict(dock["float"])
        if fl["layout"] != "L":
            fl.pop("side")
        table["float"] = fl
    return table


def exhibit_dimensions(review) -> dict[str, list[re.Match]]:
    try:
        fig, _ = review.plot()
        texts = [t.get_text() for t in fig.findobj(matplotlib.text.Text)]
    finally:
        plt.close("all")
    found: dict[str, list[re.Match]] = {}
    for text in texts:
        m = DIMENSION.match(text)
        if m:
            found.setdefault(m.group(1), []).append(m)
    return found


@settings(SETTINGS, max_examples=_examples(12))
@given(scene=scenes(soundings=True), placement=placements, dock=parametric_docks)
def test_every_dimension_on_the_exhibit_is_the_checks_value(scene, placement, dock):
    describe(scene, placement)
    with tempfile.TemporaryDirectory() as d:
        site = write_scene(d, scene, placement)
        table = parametric_table(site, dock)
        site.rewrite(dock=table)
        note(f"[dock] {table}")
        review = review_of(site.manifest)
        m = review.measurements
        found = exhibit_dimensions(review)
    note(f"labels: {[x.group(0) for ms in found.values() for x in ms]}")
    event(f"dimensions drawn: {', '.join(sorted(found))}")
    reach = review.check("reach")
    nav = review.check("navigable-reach")
    clearance = PROFILE("min_terminus_clearance_ft")
    # name: (the review's value, the limit a failing label names, whether it fails)
    expected = {
        "frontage": (m.frontage_ft, review.check("frontage").limit, review.check("frontage").status == "fail"),
        "left setback": (m.setback_left_ft, m.required_setback_ft, not not_below(m.setback_left_ft, m.required_setback_ft)),
        "right setback": (m.setback_right_ft, m.required_setback_ft, not not_below(m.setback_right_ft, m.required_setback_ft)),
        "to channel": (m.channel_clearance_ft, clearance, review.check("channel-clearance").status == "fail"),
        "to dock": (m.dock_clearance_ft, clearance, review.check("dock-clearance").status == "fail"),
    }
    # the reach check decides on the overall reach (README "Reach decided"), whatever the label calls it;
    # a failing one names the stricter limit it broke (the navigable-depth limit when that is decided)
    assert reach.value == pytest.approx(m.overall_reach_ft, abs=1e-9)
    assert reach.value == pytest.approx(max(m.reach_ft, m.length_ft), abs=1e-9)
    decided = [c for c in (reach, nav) if c.status in ("pass", "fail") and c.limit is not None]
    reach_limit = min(c.limit for c in decided) if decided else reach.limit
    for name in ("reach", "length along axis"):
        expected[name] = (reach.value, reach_limit, reach.status == "fail" or nav.status == "fail")
    assert len(found.get("frontage", [])) == 1, found.keys()
    assert len(found.get("reach", [])) + len(found.get("length along axis", [])) == 1, found.keys()
    for name, matches in found.items():
        assert len(matches) == 1, (name, [x.group(0) for x in matches])
        label = matches[0]
        value, limit, fails = expected[name]
        assert value is not None and np.isfinite(value), (name, value)
        assert label.group(2) == f"{value:,.1f}", (
            f"exhibit draws {label.group(0)!r}, the review's value is {value:,.4f} ft")
        assert bool(label.group(3)) == fails, (f"exhibit draws {label.group(0)!r}", "failing" if fails else "passing")
        if fails:  # a failing dimension names its limit
            assert label.group(4) == f"{limit:,.1f}", (label.group(0), limit)


# ---------------------------------------------------------------------------
# 2. inside the envelope passes; just outside fails the check of the line crossed
# ---------------------------------------------------------------------------
def _dock_polygon(root: np.ndarray, axis: np.ndarray, length: float, width: float) -> shapely.Polygon:
    across = np.array([-axis[1], axis[0]])
    a, b = root, root + length * axis
    return shapely.Polygon([a + width / 2 * across, b + width / 2 * across, b - width / 2 * across, a - width / 2 * across])


def _longest_inside(region, root, axis, width, hi) -> float:
    """The greatest length (units) of the dock from ``root`` lying within ``region`` (a longer dock
    holds a shorter one, so containment only ends once)."""
    if not _dock_polygon(root, axis, 1e-6, width).within(region):
        return 0.0
    lo = 0.0
    if _dock_polygon(root, axis, hi, width).within(region):
        return hi
    while hi - lo > 1e-4:
        mid = (lo + hi) / 2
        if _dock_polygon(root, axis, mid, width).within(region):
            lo = mid
        else:
            hi = mid
    return lo


GEOMETRIC = ("side-setback", "reach", "navigable-reach", "channel-clearance", "dock-clearance", "width",
             "float-area", "float-position", "dock-on-lot")


@settings(SETTINGS, max_examples=_examples(12))   # five reviews each
@given(scene=scenes(soundings=True, soundings_on=("straight", "cove")), placement=placements,
       toward=st.sampled_from(["left", "right"]))
def test_a_dock_inside_the_envelope_passes_and_one_just_outside_fails(scene, placement, toward):
    describe(scene, placement)
    with tempfile.TemporaryDirectory() as d:
        site = write_scene(d, scene, placement)
        first = review_of(site.manifest)
        root = np.asarray(band_middle(first.layout.envelope).coords[0])
        axis = np.asarray(first.layout.riparian.seaward, dtype=float)
        width = 6.0
        # with soundings the envelope's reach limit is the navigable-depth limit along the dock's own
        # axis: review a short dock on the axis from the middle of the band for that envelope
        stub = {"root": [float(root[0]), float(root[1])], "bearing": azimuth_of(axis), "length": 10.0, "width": width}
        site.rewrite(dock=stub)
        settled = review_of(site.manifest)
        env = settled.layout.envelope
        rip = settled.layout.riparian
        ft = settled.site.ft_per_unit
        note(f"envelope reach limit {env.reach_limit_ft:.3f} ft; reasons {env.reasons}")
        assume(env.possible and env.area_sqft > 0)
        inside = env.geometry.buffer(0.01 / ft)
        # the room is found in the envelope itself: found in the buffered one, a dock could end 0.01 ft into a setback
        # strip that narrows seaward, more than the check's tolerance at the limit
        room = _longest_inside(env.geometry, root, axis, width / ft, (env.greatest_reach_ft + 10.0) / ft) * ft
        length = min(env.greatest_reach_ft - 0.5, room - 0.1)
        note(f"envelope: greatest reach {env.greatest_reach_ft:.3f} ft, room along the axis {room:.3f} ft")
        assume(length >= 20.0)
        dock = {"root": [float(root[0]), float(root[1])], "bearing": azimuth_of(axis), "length": length, "width": width}
        site.rewrite(dock=dock)
        note(f"[dock] inside: {dock}")
        inner = review_of(site.manifest)
        footprint = inner.layout.dock.footprint
        assert footprint.within(inside), "the dock built is not the dock placed inside the envelope"
        statuses = {c.id: c.status for c in inner.checks if c.id in GEOMETRIC}
        note(f"inside: {statuses}; measurements {dict((k, inner.measurements[k]) for k in ('setback_left_ft', 'setback_right_ft', 'required_setback_ft', 'overall_reach_ft'))}")
        for cid, status in statuses.items():
            assert status != "fail", (cid, inner.check(cid).message)
        for cid in ("side-setback", "reach", "width", "dock-on-lot"):
            assert statuses[cid] == "pass", (cid, statuses[cid], inner.check(cid).message)

        # moved along the frontage, toward one side line, until it reaches 1 ft into the setback strip
        lot = scene.subject_lot
        which = 0 if toward == "left" else 1
        line = site.placement.geom(scene.side_line(lot.pid, which))   # the side line and its last course, as drawn
        required = inner.measurements.required_setback_ft
        target = (required - 1.0) / ft
        front = shapely.line_merge(rip.frontage)
        assume(front.geom_type == "LineString")
        start = front.project(shapely.Point(root))
        end = 0.0 if toward == "left" else front.length
        if front.project(rip.left_corner) > front.project(rip.right_corner):
            end = front.length - end

        def dock_at(t):
            p = np.asarray(front.interpolate(start + (end - start) * t).coords[0])
            return p, _dock_polygon(p, axis, length / ft, width / ft)

        def gap(t):
            return dock_at(t)[1].distance(line)

        assert gap(0.0) * ft >= required - 0.05, (
            f"the dock inside the envelope is {gap(0.0) * ft:.3f} ft from the {toward} side line and its last "
            f"course as drawn; the required setback is {required:.3f} ft")
        assume(gap(0.95) < target)
        lo, hi = 0.0, 0.95
        for _ in range(60):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if gap(mid) > target else (lo, mid)
        moved_root, moved = dock_at(hi)
        site.rewrite(dock={**dock, "root": [float(moved_root[0]), float(moved_root[1])]})
        note(f"[dock] moved {toward}: root {moved_root.tolist()}, {gap(hi) * ft:.4f} ft from the {toward} line as drawn")
        crossed = review_of(site.manifest)
        m = crossed.measurements
        check = crossed.check("side-setback")
        assert check.status == "fail", check.message
        got = m.setback_left_ft if toward == "left" else m.setback_right_ft
        assert got == pytest.approx(required - 1.0, abs=0.05), (
            f"{toward} setback measured {got:.3f} ft; the dock is {required - 1.0:.3f} ft from the {toward} side line "
            "and its last course as drawn")
        assert f"the {toward} side" in check.message, check.message
        assert not crossed.layout.dock.footprint.within(inside)

        # lengthened 2 ft past the reach limit, on the axis from the middle of the band
        limit = env.reach_limit_ft
        if scene.creek_width is None or scene.creek_width > limit + 30.0:
            site.rewrite(dock={**dock, "length": limit + 2.0})
            far = review_of(site.manifest)
            failing = {c.id for c in far.checks if c.status == "fail"}
            assert failing & {"reach", "navigable-reach"}, (far.check("reach").message, failing)
            assert far.check("reach").value >= limit + 2.0 - 0.01


# ---------------------------------------------------------------------------
# 3. the screen, lot_envelope and check agree on every waterfront lot
# ---------------------------------------------------------------------------
def _screen(site, *, audit: bool = False, draft_ft: float | None = None):
    from dockreview.batch.layers import read_screen_layers
    from dockreview.batch.screen import screen

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dockreview.DockReviewWarning)
        refs = site.refs
        layers = read_screen_layers(
            site.layer("parcels"), site.layer("mhw"),
            channels=site.layer("channels") if "channels" in refs else None,
            docks=site.layer("docks") if "docks" in refs else None, crs="EPSG:2263",
            soundings=site.layer("soundings") if "soundings" in refs else None, depth_field=lotgen.DEPTH_FIELD,
        )
        result = screen(layers, profile=PROFILE, id_field=ID_FIELD, audit=audit, draft_ft=draft_ft,
                        dock_id_field=DOCK_ID_FIELD if "docks" in refs else None,
                        component_field="component" if audit else None, progress=False)
    return layers, result


def _waterfront_part(geom, mhw):
    parts = list(shapely.get_parts(geom))
    return min(parts, key=lambda p: (round(p.distance(mhw), 6), -p.area))


layer_scenes = scenes(far_lots=2, soundings=True)


@settings(SETTINGS, max_examples=_examples(10))   # the screen and five to ten reviews each
@given(scene=layer_scenes, placement=placements)
def test_screen_lot_envelope_and_check_agree_on_every_waterfront_lot(scene, placement):
    describe(scene, placement)
    with tempfile.TemporaryDirectory() as d:
        site = write_scene(d, scene, placement)
        layers, result = _screen(site, draft_ft=scene.draft)
        table = result.parcels.set_index("parcel_id")
        docks = None if layers.docks is None else layers.docks.dissolve(by=DOCK_ID_FIELD, as_index=False)
        by_id = layers.parcels.set_index(ID_FIELD)
        for lot in scene.lots:
            row = table.loc[lot.pid]
            note(f"{lot.pid}: screen {row[['fronts_mhw', 'frontage_ft', 'required_setback_ft', 'reach_limit_ft', 'reasons']].to_dict()}")
            assert bool(row["fronts_mhw"]), (lot.pid, row["reasons"])
            parcel = _waterfront_part(by_id.loc[lot.pid].geometry, layers.mhw)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", dockreview.DockReviewWarning)
                env = lot_envelope(parcel, layers.mhw, ft_per_unit=layers.ft_per_unit, rules=ruleset(PROFILE),
                                   channels=layers.channels, docks=docks)
            site.rewrite(parcel={"id_field": ID_FIELD, "id": lot.pid},
                         dock={"root": "auto", "bearing": "perpendicular", "length": 10.0, "width": 6.0})
            review = review_of(site.manifest)
            if scene.bottom is not None:
                # the screen finds the navigable-depth limit along the lot's axis from the middle of its
                # band (README "Screen"): review a plain walkway there, as the envelope command does
                root = np.asarray(band_middle(review.layout.envelope).coords[0])
                site.rewrite(dock={"root": [float(root[0]), float(root[1])],
                                   "bearing": azimuth_of(review.layout.riparian.seaward), "length": 10.0, "width": 6.0})
                review = review_of(site.manifest)
            m = review.measurements
            figures = {
                "frontage_ft": (row["frontage_ft"], env.frontage_ft, m.frontage_ft),
                "required_setback_ft": (row["required_setback_ft"], env.required_setback_ft, m.required_setback_ft),
            }
            note(f"{lot.pid}: (screen, lot_envelope, check) {figures}")
            for key, (screened, single, checked) in figures.items():
                assert screened == pytest.approx(single, abs=TOL), (lot.pid, key, "screen vs lot_envelope", screened, single)
                assert checked == pytest.approx(single, abs=TOL), (lot.pid, key, "check vs lot_envelope", checked, single)
            # the reach limit: 200 ft, or with soundings the navigable-depth limit (empty: needs data)
            nav = review.check("navigable-reach")
            limits = (row["reach_limit_ft"], review.layout.envelope.reach_limit_ft, m.max_allowed_reach_ft, nav.status)
            note(f"{lot.pid}: reach limit (screen, check's envelope, check's allowed reach, navigable-reach) {limits}")
            if scene.bottom is None:
                assert row["reach_limit_ft"] == pytest.approx(env.reach_limit_ft, abs=TOL)
                assert review.layout.envelope.reach_limit_ft == pytest.approx(env.reach_limit_ft, abs=TOL)
                assert review.check("reach").limit == pytest.approx(env.reach_limit_ft, abs=TOL)
            elif row["band_width_ft"] > 0:
                if lot.shore == 1:
                    # the soundings stop mid-creek: the first half of a far-bank lot's axis has none, so
                    # neither the screen nor the check can know its navigable reach (README: needs data)
                    assert bool(row["needs_data"]) and nav.status == "needs-data", (
                        f"{lot.pid} on the far bank, no soundings for the first {scene.creek_width / 2:.0f} ft or more of its axis: "
                        f"screen needs_data={row['needs_data']} reach limit {row['reach_limit_ft']}, check "
                        f"navigable-reach {nav.status} allowing {m.max_allowed_reach_ft} ft ({nav.message})")
                if bool(row["needs_data"]):
                    assert nav.status == "needs-data", limits
                else:
                    assert nav.status in ("pass", "fail"), limits
                    assert m.max_allowed_reach_ft == pytest.approx(row["reach_limit_ft"], abs=TOL), limits
                    assert review.layout.envelope.reach_limit_ft == pytest.approx(row["reach_limit_ft"], abs=TOL), limits


# ---------------------------------------------------------------------------
# 4. the audit of an existing dock is the check of the same dock
# ---------------------------------------------------------------------------
t_docks = st.fixed_dictionaries({
    "at": st.floats(-0.25, 0.25),
    "length": st.floats(40.0, 220.0),
    "width": st.floats(4.0, 9.0),
    "turn": st.floats(-12.0, 12.0),
    "float_length": st.floats(12.0, 30.0),
    "float_width": st.floats(8.0, 16.0),
})

AUDITED = ("setback_ft", "required_setback_ft", "reach_ft", "length_ft", "max_width_ft", "float_area_sqft")


@settings(SETTINGS, max_examples=_examples(12))
@given(scene=scenes(), placement=placements, tdock=t_docks)
def test_the_audit_of_an_existing_dock_is_the_check_of_it(scene, placement, tdock):
    describe(scene, placement)
    lot = scene.subject_lot
    shore = scene.shores[lot.shore]
    s = (lot.cuts[0] + lot.cuts[1]) / 2 + tdock["at"] * (lot.cuts[1] - lot.cuts[0])
    length = tdock["length"]
    if scene.creek_width is not None:
        length = min(length, scene.creek_width - tdock["float_width"] - 40.0)
    features = t_dock_features("D-SUBJ", shore, s, length, tdock["width"], tdock["turn"],
                               tdock["float_length"], tdock["float_width"])
    scene.docks.extend(features)
    with tempfile.TemporaryDirectory() as d:
        site = write_scene(d, scene, placement, footprint=features, with_channels=False, with_docks=False)
        _, result = _screen(site, audit=True)
        audit = result.audit.set_index("dock_id")
        row = audit.loc["D-SUBJ"]
        note(f"audit: {row.drop('geometry').to_dict()}")
        review = review_of(site.manifest)
    m = review.measurements
    assert row["parcel_id"] == SUBJECT_ID
    for key in AUDITED:
        assert row[key] == pytest.approx(m[key], abs=TOL), (key, "audit", row[key], "check", m[key])
    failed = {c for c in str(row["failed"]).split(", ") if c}
    for cid in ("side-setback", "reach", "width", "float-area", "float-position"):
        assert (cid in failed) == (review.check(cid).status == "fail"), (cid, row["failed"], review.check(cid).message)


# ---------------------------------------------------------------------------
# 5. the riparian geometry the other properties rest on, against the construction
# ---------------------------------------------------------------------------
def _bridged(scene, lot, shore) -> float:
    """How far a gap in the MHW line that the shore's preparation leaves open may move the frontage (ft), as README
    "Frontage" bridges it: along the parcel's own water boundary, which runs ``lot.offset`` ft off the line.

    Nothing for a gap closed with a chord (its ends within ``MHW_GAP_FT``: on these shores the chord is the
    frontage to 0.05 ft), nor where the boundary has no vertex inside the gap (the bridge is then the chord between
    the gap's ends, on the line). Else the bridge steps to the boundary and back (``|offset|`` at most each) and
    runs along it, whose length differs from the line's across the gap by at most ``|offset|`` times the angle the
    shore turns through there.
    """
    if not scene.gap:
        return 0.0
    g0, g = scene.gap
    if np.hypot(*(shore.point(g0 + g) - shore.point(g0))) <= MHW_GAP_FT:
        return 0.0
    edge = shore.samples(*lot.cuts)  # where the parcel's water boundary has its vertices
    if not ((edge > g0) & (edge < g0 + g)).any():
        return 0.0
    xy = lotgen.trace(shore, g0, g0 + g)
    heading = np.unwrap(np.arctan2(*np.diff(xy, axis=0).T[::-1]))
    turning = float(np.abs(np.diff(heading)).sum()) if len(heading) > 1 else 0.0
    return abs(lot.offset) * (2.0 + turning)


@settings(SETTINGS, max_examples=_examples(25))   # half a second each
@given(scene=scenes(), placement=placements)
def test_water_corners_frontage_and_extensions_are_those_drawn(scene, placement):
    """README "Interpretations": each water corner is where the side line (or the extension of its
    last course) meets the MHW line, the frontage is the MHW line between them (a gap bridged, never
    summed short; one the shore's preparation leaves open, within the bridge's bound, :func:`_bridged`),
    and each extension runs along the side line's last course."""
    describe(scene, placement)
    lot = scene.subject_lot
    shore = scene.shores[lot.shore]
    with tempfile.TemporaryDirectory() as d:
        site = write_scene(d, scene, placement)
        review = review_of(site.manifest)
    rip = review.layout.riparian
    ft = review.site.ft_per_unit
    for name, corner, cut in (("left", rip.left_corner, lot.cuts[0]), ("right", rip.right_corner, lot.cuts[1])):
        drawn = shapely.Point(placement.pt(*shore.point(cut)))
        assert corner.distance(drawn) * ft < 0.05, (
            f"{name} water corner {corner.distance(drawn) * ft:.3f} ft from where the {name} side line meets the MHW line")
    # the MHW line between the corners as drawn (the arc of a cove sampled every 4 ft: its chords)
    between = shapely.LineString([placement.pt(*p) for p in lotgen.trace(shore, lot.cuts[0], lot.cuts[1])])
    assert review.measurements.frontage_ft == pytest.approx(between.length * ft, abs=0.05 + _bridged(scene, lot, shore)), (
        f"frontage {review.measurements.frontage_ft:.3f} ft; the MHW line between the water corners is "
        f"{between.length * ft:.3f} ft" + (f" (with a {scene.gap[1]:.1f}-ft gap in it)" if scene.gap else ""))
    for name, ext, side in (("left", rip.left_extension, lot.sides[0]), ("right", rip.right_extension, lot.sides[1])):
        xy = shapely.get_coordinates(ext)
        got = (xy[-1] - xy[0]) / np.hypot(*(xy[-1] - xy[0]))
        want = -placement.vec(*side.direction)
        angle = np.degrees(np.arccos(np.clip(got @ want, -1.0, 1.0)))
        assert angle < 0.05, f"the {name} extension runs {angle:.3f} degrees off the side line's last course"
