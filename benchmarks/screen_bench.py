"""Benchmark of ``dockreview screen`` on synthetic counties (not a test; run by hand).

For each size it generates a county (``dockreview.synthetic.county``, or with
``--layout messy`` :func:`dockreview.synthetic.messy_county`, parcels drawn as real
tax maps are; cached as a GeoPackage in ``--data``), then measures, each in a fresh
process so that peak memory is that step's own:

* ``read``     -- just reading the parcel layer with pyogrio (``read_dataframe``);
* ``screen``   -- the screen: reading its layers, the vectorised work, writing GeoPackage + CSV;
* ``dask1``, ``dask2`` -- the screen with ``backend="dask"`` on a local cluster of 1 and 2
  single-threaded worker processes (``--dask-sizes``);
* ``baseline`` -- a straightforward per-row geopandas loop (``iterrows``) calling the
  single-lot :func:`dockreview.envelope.lot_envelope` on every parcel within the MHW
  tolerance, its answers compared with the screen's. With ``--baseline-sample K``
  the loop runs on K random parcels and its time is scaled to the whole layer.
  Not run on the messy layout (its multipart and invalid parcels stop the loop).

Times are wall-clock and, for the single-process steps, CPU (``process_time``):
on a shared machine the CPU figures are the fair comparison.

Usage::

    python benchmarks/screen_bench.py --sizes 10000 100000 1000000 --baseline-sizes 10000 100000 \\
        --baseline-sample 2000 --dask-sizes 100000 --data /tmp/dockreview-bench --out benchmarks/results.json
    python benchmarks/screen_bench.py --layout messy --sizes 10000 --out benchmarks/results-messy.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
import warnings
from pathlib import Path

FIGURES = ("frontage_ft", "band_width_ft", "envelope_area_sqft", "greatest_reach_ft")


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def _layers(path: Path) -> dict[str, str]:
    return {name: f"{path}:{name}" for name in ("parcels", "mhw", "channels", "docks")}


def step_generate(n: int, path: Path, layout: str) -> dict:
    from dockreview.synthetic import county, messy_county

    start = time.perf_counter()
    c = (messy_county if layout == "messy" else county)(n, seed=n)
    c.write(path)
    return {"seconds": time.perf_counter() - start, "waterfront": int((c.parcels["ROW"] == "front").sum()), "docks": int(c.docks["dock_id"].nunique()), "channels": len(c.channels)}


def step_read(n: int, path: Path) -> dict:
    import pyogrio

    start, cpu = time.perf_counter(), time.process_time()
    frame = pyogrio.read_dataframe(path, layer="parcels")
    return {"seconds": time.perf_counter() - start, "cpu_s": time.process_time() - cpu, "rows": len(frame), "peak_mb": _peak_mb()}


def step_screen(n: int, path: Path, out: Path) -> dict:
    from dockreview.profile import load_profile
    from dockreview.screen import read_screen_layers, screen, write_screen

    layers = _layers(path)
    t0 = time.perf_counter()
    data = read_screen_layers(layers["parcels"], layers["mhw"], channels=layers["channels"], docks=layers["docks"])
    t1, cpu = time.perf_counter(), time.process_time()
    result = screen(data, profile=load_profile(), id_field="PARCEL_ID", class_field="PROP_CLASS", dock_id_field="dock_id", progress=False)
    t2, cpu = time.perf_counter(), time.process_time() - cpu
    write_screen(result, out)
    t3 = time.perf_counter()
    return {
        "read_layers_s": t1 - t0, "compute_s": t2 - t1, "compute_cpu_s": cpu, "write_s": t3 - t2, "seconds": t3 - t0,
        "eligible": int(result.parcels["eligible"].sum()), "peak_mb": _peak_mb(),
    }


def step_dask(n: int, path: Path, workers: int) -> dict:
    """The screen on a local dask.distributed cluster of ``workers`` single-threaded worker processes."""
    from distributed import LocalCluster

    from dockreview.profile import load_profile
    from dockreview.screen import read_screen_layers, screen

    layers = _layers(path)
    data = read_screen_layers(layers["parcels"], layers["mhw"], channels=layers["channels"], docks=layers["docks"])
    with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None) as cluster:
        start = time.perf_counter()
        result = screen(
            data, profile=load_profile(), id_field="PARCEL_ID", class_field="PROP_CLASS", dock_id_field="dock_id",
            backend="dask", scheduler=cluster.scheduler_address,
        )
        seconds = time.perf_counter() - start
    return {
        "compute_s": seconds, "eligible": int(result.parcels["eligible"].sum()), "peak_mb": _peak_mb(),
        "worker_peak_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0,
    }


def step_baseline(n: int, path: Path, out: Path, sample: int | None) -> dict:
    """The per-row loop: for each parcel row, the single-lot envelope on a local piece of the MHW line."""
    import geopandas as gpd
    import pandas as pd
    import shapely

    from dockreview.crs import feet_per_unit
    from dockreview.envelope import lot_envelope
    from dockreview.errors import DockReviewError
    from dockreview.io import DockReviewWarning
    from dockreview.profile import load_profile

    profile = load_profile()
    parcels = gpd.read_file(path, layer="parcels", engine="pyogrio")
    mhw = shapely.line_merge(shapely.union_all(gpd.read_file(path, layer="mhw", engine="pyogrio").geometry.values))
    channels = gpd.read_file(path, layer="channels", engine="pyogrio")
    docks = gpd.read_file(path, layer="docks", engine="pyogrio").dissolve(by="dock_id", as_index=False)
    ft = feet_per_unit(parcels.crs)
    rows = parcels if sample is None else parcels.sample(n=min(sample, len(parcels)), random_state=0)
    start, cpu = time.perf_counter(), time.process_time()
    answers = {}
    for _, row in rows.iterrows():
        lot = row.geometry
        if lot.distance(mhw) > 5.0:
            continue
        near = lot.buffer(3 * lot.length + 1000)
        local = shapely.clip_by_rect(mhw, *near.bounds)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DockReviewWarning)
            try:
                env = lot_envelope(
                    lot, local, ft_per_unit=ft, profile=profile, channels=channels.iloc[sorted(channels.sindex.query(near))],
                    docks=docks.iloc[sorted(docks.sindex.query(near))],
                )
            except DockReviewError:
                continue
        answers[row["PARCEL_ID"]] = (env.frontage_ft, env.band_width_ft, env.area_sqft, env.greatest_reach_ft)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    screened = pd.read_csv(out.with_suffix(".csv")).set_index("parcel_id")
    mine = pd.DataFrame.from_dict(answers, orient="index", columns=list(FIGURES))
    theirs = screened.loc[mine.index, list(FIGURES)]
    diff = (mine - theirs).abs()
    return {
        "seconds": seconds,
        "rows": len(rows),
        "scaled_seconds": seconds * len(parcels) / len(rows),
        "scaled_cpu_s": cpu * len(parcels) / len(rows),
        "compared_lots": len(mine),
        "max_abs_diff": {k: float(diff[k].max()) for k in FIGURES},
        "missing_in_screen": int(screened.loc[mine.index, "fronts_mhw"].eq(False).sum()),
        "peak_mb": _peak_mb(),
    }


def _worker(args: argparse.Namespace) -> None:
    path = _data_path(args, args.n)
    out = Path(args.data) / f"screen-{args.layout}-{args.n}.gpkg"
    if args.worker == "generate":
        result = step_generate(args.n, path, args.layout)
    elif args.worker == "read":
        result = step_read(args.n, path)
    elif args.worker == "screen":
        result = step_screen(args.n, path, out)
    elif args.worker in ("dask1", "dask2"):
        result = step_dask(args.n, path, int(args.worker[-1]))
    else:
        result = step_baseline(args.n, path, out, args.baseline_sample)
    print(json.dumps(result))


def _data_path(args: argparse.Namespace, n: int) -> Path:
    """The cached layers of the layout at ``n`` parcels."""
    return Path(args.data) / f"{args.layout}-{n}.gpkg"


def _run(step: str, n: int, args: argparse.Namespace) -> dict:
    command = [sys.executable, __file__, "--worker", step, "--n", str(n), "--data", args.data, "--layout", args.layout]
    if args.baseline_sample:
        command += ["--baseline-sample", str(args.baseline_sample)]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"{n:>9,d} {step:<9} {json.dumps(result)}", flush=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--baseline-sizes", type=int, nargs="*", default=[10_000])
    parser.add_argument("--baseline-sample", type=int, help="Run the per-row baseline on this many random parcels and scale.")
    parser.add_argument("--dask-sizes", type=int, nargs="*", default=[], help="Also run the dask backend with 1 and 2 workers.")
    parser.add_argument("--skip-screen", action="store_true", help="Only the dask runs (the read and screen already measured).")
    parser.add_argument("--layout", choices=["county", "messy"], default="county", help="county: synthetic.county; messy: synthetic.messy_county.")
    parser.add_argument("--data", default="/tmp/dockreview-bench")
    parser.add_argument("--out", default="benchmarks/results.json")
    parser.add_argument("--worker", choices=["generate", "read", "screen", "baseline", "dask1", "dask2"], help=argparse.SUPPRESS)
    parser.add_argument("--n", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args)
        return
    Path(args.data).mkdir(parents=True, exist_ok=True)
    report = {
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(), "load_at_start": os.getloadavg()},
        "layout": args.layout,
        "sizes": {},
    }
    for n in args.sizes:
        entry = {}
        if not _data_path(args, n).exists():
            entry["generate"] = _run("generate", n, args)
        if not args.skip_screen:
            entry["read"] = _run("read", n, args)
            entry["screen"] = _run("screen", n, args)
            entry["screen_over_read_cpu"] = entry["screen"]["compute_cpu_s"] / entry["read"]["cpu_s"]
            entry["lots_per_cpu_s"] = n / entry["screen"]["compute_cpu_s"]
        if n in args.baseline_sizes and args.layout == "county":
            entry["baseline"] = _run("baseline", n, args)
            entry["speedup_vs_baseline_cpu"] = entry["baseline"]["scaled_cpu_s"] / entry["screen"]["compute_cpu_s"]
        if n in args.dask_sizes:
            entry["dask1"] = _run("dask1", n, args)
            entry["dask2"] = _run("dask2", n, args)
            entry["dask_2_over_1_speedup"] = entry["dask1"]["compute_s"] / entry["dask2"]["compute_s"]
        report["sizes"][str(n)] = entry
        Path(args.out).write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
