"""A state's parcels on the Dask backend: 1 million and 10 million parcels, memory per worker (not a test; run by hand).

For each size it writes a synthetic state: blocks of :data:`BLOCK` parcels laid side by side on a grid, each
a county of :data:`BLOCK_WATER` parcels (:func:`dockreview.testing.counties.county`: half of them on the water,
channels, docks on a third of the waterfront lots) beside a town of inland lots (100-ft squares), so that a tenth
of the state's parcels front the water (a state's parcels are mostly inland: the screen's work is the
waterfront lots'); each block its own file of a GeoParquet folder, so the folder is already partitioned along
the shore; the MHW lines, channels and docks of every block in one GeoPackage. Then it runs ``dockreview screen --backend dask`` on a ``dask scheduler`` and ``--workers``
single-threaded ``dask worker`` processes on loopback, sampling every second the proportional set size
of each worker process, of the nanny processes and of the command (the client, which reads the shore,
cuts each partition's stretch and writes the table). It records the wall time, the peak memory of each
worker and of the client, the time per waterfront lot, and the time per lot against the smallest size.

Usage::

    python benchmarks/state_bench.py --sizes 1000000 10000000 --workers 2 --data /tmp/dockreview-state \\
        --out benchmarks/state_results.json

The parcels stay on disk: each worker reads only its own partitions (files), two partitions per worker in
flight, each sent with the shore near it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: Parcels per block (one file of the folder, one partition), of them the county's (half on the water); the inland
#: lots' side (ft), their town's distance south of the county's first coast (ft); blocks per row of the grid; a
#: block's extent (ft).
BLOCK = 50_000
BLOCK_WATER = 10_000
INLAND_LOT_FT = 100.0
INLAND_SOUTH_FT = 1_000.0
BLOCKS_PER_ROW = 15
BLOCK_STEP_FT = (230_000.0, 100_000.0)
SCREEN = ["--id-field", "PARCEL_ID", "--class-field", "PROP_CLASS", "--dock-id-field", "dock_id", "--no-progress"]


def generate(n: int, folder: Path) -> dict:
    """Write ``n`` parcels (``n // BLOCK`` blocks) to ``folder``: parcels.parquet/ and layers.gpkg."""
    import geopandas as gpd
    import numpy as np
    import pandas as pd
    import pyogrio
    import shapely

    from dockreview.testing.counties import CRS, ORIGIN, county

    parquet, gpkg = folder / "parcels.parquet", folder / "layers.gpkg"
    if (folder / "done").exists():
        return json.loads((folder / "done").read_text())
    parquet.mkdir(parents=True, exist_ok=True)
    start, waterfront = time.perf_counter(), 0
    side = int(np.ceil(np.sqrt(BLOCK - BLOCK_WATER)))
    i, j = np.divmod(np.arange(BLOCK - BLOCK_WATER), side)
    x0, y0 = ORIGIN[0] + INLAND_LOT_FT * j, ORIGIN[1] - INLAND_SOUTH_FT - INLAND_LOT_FT * (i + 1)
    inland = gpd.GeoDataFrame(
        {"PARCEL_ID": [f"I-{k}" for k in range(len(i))], "PROP_CLASS": "210", "ROW": "inland"},
        geometry=shapely.box(x0, y0, x0 + INLAND_LOT_FT, y0 + INLAND_LOT_FT), crs=CRS,
    )
    for b in range(n // BLOCK):
        c = county(BLOCK_WATER, seed=b)
        dx, dy = (b % BLOCKS_PER_ROW) * BLOCK_STEP_FT[0], (b // BLOCKS_PER_ROW) * BLOCK_STEP_FT[1]
        move = lambda frame: frame.set_geometry(shapely.transform(frame.geometry.values, lambda xy: xy + (dx, dy)))  # noqa: E731
        parcels = move(gpd.GeoDataFrame(pd.concat([c.parcels, inland], ignore_index=True), crs=CRS))
        parcels = parcels.assign(PARCEL_ID=f"{b}:" + parcels["PARCEL_ID"])
        parcels.to_parquet(parquet / f"part-{b:04d}.parquet", row_group_size=BLOCK)
        for name, frame in (("mhw", move(c.mhw)), ("channels", move(c.channels)), ("docks", move(c.docks))):
            if name == "docks":
                frame = frame.assign(dock_id=lambda f: f"{b}:" + f["dock_id"])
            pyogrio.write_dataframe(frame, gpkg, layer=name, append=b > 0)
        waterfront += int((c.parcels["ROW"] == "front").sum())
    info = {"parcels": n, "waterfront": waterfront, "files": n // BLOCK, "seconds": time.perf_counter() - start}
    (folder / "done").write_text(json.dumps(info))
    return info


def _pss_mb(pid: int) -> float:
    import psutil

    try:
        return psutil.Process(pid).memory_full_info().pss / 2**20
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return 0.0


def _tree(pid: int) -> list:
    import psutil

    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def run_state(folder: Path, workers: int, port: int, suffix: str = ".gpkg") -> dict:
    """The screen of ``folder``'s state on a loopback cluster, written to ``screen{suffix}``: time, and peak memory of each process.

    A GeoPackage is written a window at a time from the partitions' answers kept on disk; a GeoParquet file is
    gathered whole on the client and written at the end.
    """
    bin_dir = Path(sys.executable).parent
    env = dict(os.environ, PYTHONPATH=str(HERE.parent / "src"))
    scheduler = subprocess.Popen([bin_dir / "dask", "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    worker = subprocess.Popen([bin_dir / "dask", "worker", f"tcp://127.0.0.1:{port}", "--nworkers", str(workers), "--nthreads", "1",
                               "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    peaks: dict[str, float] = {}
    try:
        time.sleep(8)
        gpkg = folder / "layers.gpkg"
        out = folder / f"screen{suffix}"
        command = [bin_dir / "dockreview", "screen", "--parcels", folder / "parcels.parquet", "--mhw", f"{gpkg}:mhw",
                   "--channels", f"{gpkg}:channels", "--docks", f"{gpkg}:docks", *SCREEN, "--backend", "dask",
                   "--scheduler", f"tcp://127.0.0.1:{port}", "-o", out]
        start = time.perf_counter()
        proc = subprocess.Popen(list(map(str, command)), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)

        def sample():
            while proc.poll() is None:
                peaks["client"] = max(peaks.get("client", 0.0), _pss_mb(proc.pid))
                for child in _tree(worker.pid):
                    name = "worker" if "spawn" in " ".join(child.cmdline()) or "forkserver" in " ".join(child.cmdline()) else "nanny"
                    key = f"{name} {child.pid}"
                    peaks[key] = max(peaks.get(key, 0.0), _pss_mb(child.pid))
                time.sleep(1.0)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        stdout, stderr = proc.communicate()
        seconds = time.perf_counter() - start
        sampler.join()
        if proc.returncode:
            raise RuntimeError(f"screen failed ({proc.returncode}):\n{stderr[-3000:]}")
    finally:
        for p in (worker, scheduler):
            p.terminate()
            p.wait(timeout=60)
    workers_mb = sorted((v for k, v in peaks.items() if k.startswith("worker")), reverse=True)
    return {"seconds": seconds, "client_peak_mb": peaks.get("client", 0.0), "worker_peak_mb": workers_mb,
            "nanny_peak_mb": max((v for k, v in peaks.items() if k.startswith("nanny")), default=0.0),
            "summary": stdout.strip().splitlines()[-6:], "stderr": stderr.strip().splitlines()[-5:]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000_000, 10_000_000])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--data", default="/tmp/dockreview-state")
    parser.add_argument("--out", default=str(HERE / "state_results.json"))
    parser.add_argument("--output-suffix", choices=[".gpkg", ".parquet"], default=".gpkg", help="the screen's output file")
    args = parser.parse_args()
    report = {"date": datetime.date.today().isoformat(), "workers": args.workers, "output": f"screen{args.output_suffix}",
              "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
              "sizes": {}}
    for n in args.sizes:
        folder = Path(args.data) / str(n)
        entry = report["sizes"].setdefault(str(n), {})
        entry["generate"] = generate(n, folder)
        print(f"{n:>11,d} generate {json.dumps(entry['generate'])}", flush=True)
        entry["load_at_start"] = os.getloadavg()[0]
        entry["screen"] = run_state(folder, args.workers, 28800 + len(report["sizes"]), args.output_suffix)
        entry["ms_per_waterfront_lot"] = 1000.0 * entry["screen"]["seconds"] / entry["generate"]["waterfront"]
        print(f"{n:>11,d} screen   {json.dumps(entry['screen'])}", flush=True)
        Path(args.out).write_text(json.dumps(report, indent=2) + "\n")
    sizes = sorted(report["sizes"], key=int)
    if len(sizes) > 1:
        base = report["sizes"][sizes[0]]["ms_per_waterfront_lot"]
        report["per_lot_over_smallest"] = {n: report["sizes"][n]["ms_per_waterfront_lot"] / base for n in sizes}
    Path(args.out).write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
