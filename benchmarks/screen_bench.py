"""Benchmark of ``dockreview screen`` beside PostGIS on the same files, in one run (not a test; run by hand).

For each size it generates a synthetic county (:func:`dockreview.testing.counties.county`: half the parcels on
the water; or with ``--layout messy`` :func:`~dockreview.testing.counties.messy_county` with ``meandering=True``: a
meandering shore in pieces, lots of irregular depths and a tax map's faults; ``--layout coast``: the same with every
waterfront lot on one coast, the shore one line in pieces rather than coasts of 1,000 lots; ``--layout canal``:
:func:`~dockreview.testing.canals.canal_county`, lots on both banks of canals 70 to 120 ft wide, docks on two lots
in three), cached as a
GeoPackage and a GeoParquet file in ``--data``, then measures, each in its own process:

* ``floor``    -- a process that imports geopandas and reads the screen's four layers (the import-and-read floor);
* ``screen``   -- the whole ``dockreview screen`` command (import, read, compute, write GeoPackage + CSV) on
  ``--workers`` processes; wall time and CPU time of the process tree (the quickest of ``--repeats`` runs), and
  peak memory from one more run (the proportional set size of the process and its workers together, sampled
  every 0.1 s: the sampling slows the run it samples, so the timed runs are not sampled);
* ``audit``    -- the same with ``--audit`` (every existing dock reviewed against its lot);
* ``parquet``  -- the command from GeoParquet parcels to GeoParquet results, and reading and writing the
  parcels both ways;
* ``postgis``  -- PostgreSQL 15 + PostGIS 3.3 from Debian, a throwaway cluster started here (initdb and pg_ctl
  on a temporary folder and a loopback port; shared_buffers 4GB, max_parallel_workers_per_gather 2): the
  same GeoPackage loaded by ogr2ogr (timed apart), ``benchmarks/envelope.sql`` run by psql (the query
  time), and its answers compared with the screen's lot by lot;
* ``baseline`` -- a per-row geopandas loop (``iterrows``) calling the single-lot
  :func:`dockreview.measure.envelope.lot_envelope` on the parcels within the MHW tolerance; with
  ``--baseline-sample K`` on K random parcels, its time scaled to the layer;
* ``dask1``, ``dask2`` -- the command with ``--backend dask`` on a cluster of ``dask scheduler`` and
  ``dask worker`` processes on loopback (1 and 2 single-threaded workers), the parcels read from GeoParquet
  by the workers; their answers compared with the screen's lot by lot;
* ``sounded``  -- with ``--soundings-sizes``, a county with soundings (a plane bottom over the first 80 % of each
  coast; :func:`~dockreview.testing.counties.county` with ``soundings=True``): the screen and the audit with
  ``--soundings --draft 3 --float-extent 10``, every lot's reach limit and every dock's navigable reach found
  along its axis;
* ``methods``  -- with ``--methods-sizes``, the screen under each riparian method it draws as arrays without other
  layers (a copy of the default profile with its ``[riparian] method`` replaced), and ``screen --methods`` (every
  one of them at once, counted per lot), each against the screen under extended side lines in the same run: wall
  and CPU ms per waterfront lot, and their ratios;
* ``accuracy`` -- with ``--accuracy-sizes``, the screen as the command runs it (its parcels streamed in batches on
  ``--workers`` processes) without the column ``eligibility``, with it at the defaults (every layer 7.6 ft), and
  with ``--accuracy parcels=6 --accuracy mhw=3`` (:data:`ACCURACY`), in turn ``--repeats`` times (the quickest of
  each kept): wall and CPU, and each one's ratio to the screen without (issue 30: at most 1.5);
* ``site``     -- once, on one sample site (``--site``): ``dockreview check``, ``check --map x.png`` and
  ``report -o x.pdf`` against a process that imports geopandas and reads the manifest's layers (median of
  ``--site-repeats`` runs each).

Every step records the 1-minute load average at its start (``load_at_start``) and end (``load_after``).

Usage (PostGIS from ``apt-get install -y postgresql-15-postgis-3``)::

    python benchmarks/screen_bench.py --sizes 20000 200000 1000000 --postgis-sizes 20000 200000 \\
        --audit-sizes 20000 200000 --parquet-sizes 20000 200000 --baseline-sizes 20000 --baseline-sample 2000 \\
        --dask-sizes 200000 --data /tmp/dockreview-bench --out benchmarks/results.json

(the run of 2026-12-02 took about 30 minutes; the 1,000,000 screen alone 7 to 10 of them, 7.4 GB.)
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import functools
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIGURES = ("frontage_ft", "required_setback_ft", "band_width_ft", "envelope_area_sqft", "greatest_reach_ft")
PG_BIN = Path("/usr/lib/postgresql/15/bin")
PG_PORT = 54329
PG_SETTINGS = {
    "shared_buffers": "4GB", "max_parallel_workers_per_gather": "2", "max_parallel_workers": "2", "work_mem": "256MB",
    "maintenance_work_mem": "1GB", "jit": "off", "fsync": "off", "synchronous_commit": "off", "full_page_writes": "off",
    "parallel_setup_cost": "100", "parallel_tuple_cost": "0.01", "min_parallel_table_scan_size": "0",
}
SCREEN = ["--id-field", "PARCEL_ID", "--class-field", "PROP_CLASS", "--dock-id-field", "dock_id", "--no-progress"]
#: The layers' accuracy of the ``accuracy`` step, by setting (ft at 95 %, by role): none (no column), the defaults, stated.
ACCURACY = {"without": None, "defaults": {}, "stated": {"parcels": 6.0, "mhw": 3.0}}
#: The command's screen with the layers' accuracy of argv[4] (JSON; null: no column ``eligibility``).
ACCURACY_SCREEN = """
import dataclasses, json, sys
from dockreview.batch.eligibility import screen_accuracy
from dockreview.batch.layers import read_screen_layers
from dockreview.batch.stream import plan_screen, screen_to_file
gpkg, out, workers, given = sys.argv[1], sys.argv[2], int(sys.argv[3]), json.loads(sys.argv[4])
layers = read_screen_layers(*(f"{gpkg}:{n}" for n in ("parcels", "mhw")), channels=f"{gpkg}:channels", docks=f"{gpkg}:docks",
                            stream_parcels=True)
plan = plan_screen(layers, id_field="PARCEL_ID", class_field="PROP_CLASS", dock_id_field="dock_id")
accuracy = None if given is None else screen_accuracy(given)
print(screen_to_file(dataclasses.replace(plan, options=dataclasses.replace(plan.options, accuracy=accuracy)), out, workers=workers)[0])
"""


# ---------------------------------------------------------------------------
# measuring a command
# ---------------------------------------------------------------------------
def _tree(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    todo += [int(c) for c in f.read().split()]
    return out


def _pss_mb(pid: int) -> float:
    total = 0
    for p in _tree(pid):
        with contextlib.suppress(OSError):
            with open(f"/proc/{p}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
    return total / 1024.0


def run(command: list[str], *, env: dict | None = None, ok: tuple[int, ...] = (0,), sample: bool = True) -> dict:
    """Run ``command``; wall seconds, CPU seconds of its process tree and, with ``sample``, peak memory (PSS of the
    tree, MB; else None). Reading the tree's PSS walks its page tables every 0.1 s, which slows the command itself:
    a timed run is not sampled (:func:`screen`)."""
    before = os.times()
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    peak = [0.0 if sample else None]

    def sample_memory():
        while proc.poll() is None:
            peak[0] = max(peak[0], _pss_mb(proc.pid))
            time.sleep(0.1)

    sampler = threading.Thread(target=sample_memory, daemon=True)
    if sample:
        sampler.start()
    out, err = proc.communicate()
    seconds = time.perf_counter() - start
    if sample:
        sampler.join()
    after = os.times()
    if proc.returncode not in ok:
        raise RuntimeError(f"{' '.join(map(str, command))} failed ({proc.returncode}):\n{err[-3000:]}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return {"seconds": seconds, "cpu_s": cpu, "peak_mb": peak[0], "stdout": out[-2000:]}


def _python(code: str) -> dict:
    return run([sys.executable, "-c", code], env=_env())


def _env() -> dict:
    """The environment of every command: this checkout's ``src`` first, its bytecode written and read as an installed package's is."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    src = str(HERE.parent / "src")
    env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def _dockreview(*args) -> list[str]:
    return [str(Path(sys.executable).parent / "dockreview"), *map(str, args)]


# ---------------------------------------------------------------------------
# the steps
# ---------------------------------------------------------------------------
def generate(n: int, data: Path, layout: str) -> dict:
    gpkg, parquet = data / f"{layout}-{n}.gpkg", data / f"{layout}-{n}.parquet"
    if gpkg.exists() and parquet.exists():
        code = (
            "import pandas, pyogrio\n"
            f"p = pandas.read_parquet({str(parquet)!r}, columns=['ROW'])\n"
            f"d = pyogrio.read_dataframe({str(gpkg)!r}, layer='docks', columns=['dock_id'], read_geometry=False)\n"
            f"c = pyogrio.read_info({str(gpkg)!r}, layer='channels')['features']\n"
            "print(int((p['ROW'] == 'front').sum()), d['dock_id'].nunique(), c)"
        )
        waterfront, docks, channels = map(int, _python(code)["stdout"].split()[-3:])
        return {"cached": True, "waterfront": waterfront, "docks": docks, "channels": channels}
    make = {
        "messy": f"messy_county({n}, seed={n}, meandering=True)", "coast": f"messy_county({n}, seed={n}, meandering=True, one_coast=True)",
        "sounded": f"county({n}, seed={n}, soundings=True)", "canal": f"canal_county({n}, seed={n})",
    }.get(layout, f"county({n}, seed={n})")
    code = (
        "from dockreview.testing.counties import county, messy_county\n"
        "from dockreview.testing.canals import canal_county\n"
        f"c = {make}\n"
        f"c.write({str(gpkg)!r})\nc.parcels.to_parquet({str(parquet)!r}, row_group_size=50_000)\n"
        "print(int((c.parcels['ROW'] == 'front').sum()), c.docks['dock_id'].nunique(), len(c.channels))"
    )
    result = _python(code)
    waterfront, docks, channels = map(int, result["stdout"].split()[-3:])
    return {"seconds": result["seconds"], "waterfront": waterfront, "docks": docks, "channels": channels}


def _layers(gpkg: Path, parcels: Path | None = None) -> list[str]:
    return ["--parcels", str(parcels or f"{gpkg}:parcels"), "--mhw", f"{gpkg}:mhw", "--channels", f"{gpkg}:channels",
            "--docks", f"{gpkg}:docks"]


def floor(gpkg: Path) -> dict:
    code = (
        "import geopandas, pyogrio\n"
        + "".join(f"pyogrio.read_dataframe({str(gpkg)!r}, layer={name!r})\n" for name in ("parcels", "mhw", "channels", "docks"))
    )
    return _python(code)


def screen(gpkg: Path, out: Path, workers: int, *extra, repeats: int = 1) -> dict:
    """``dockreview screen`` of the county, ``repeats`` times unsampled: the quickest run kept (noise on a shared
    machine only adds); then once more with its memory sampled, for ``peak_mb`` (and that run's time, ``sampled_s``)."""
    command = _dockreview("screen", *_layers(gpkg), *SCREEN, "--workers", workers, *extra, "-o", out)
    runs = [run(command, env=_env(), sample=False) for _ in range(repeats)]
    result = min(runs, key=lambda r: r["seconds"])
    result["all_s"] = [r["seconds"] for r in runs]
    sampled = run(command, env=_env())
    result["peak_mb"], result["sampled_s"] = sampled["peak_mb"], sampled["seconds"]
    result["summary"] = result.pop("stdout").strip().splitlines()
    return result


def linearity(sizes: dict) -> dict:
    """Time per waterfront lot at each size, and per lot added between sizes (wall and CPU): flat when the screen is linear.

    The time per lot of a small county carries the command's fixed start (imports, reading the shared layers, the
    fork of the workers); the time per added lot between two sizes is the slope, free of it.
    """
    done = sorted((int(n), e) for n, e in sizes.items() if "screen" in e and "generate" in e)
    out = {"per_lot_ms": {}, "per_added_lot_ms": {}}
    for n, e in done:
        lots = e["generate"]["waterfront"]
        out["per_lot_ms"][str(n)] = {"wall": 1000 * e["screen"]["seconds"] / lots, "cpu": 1000 * e["screen"]["cpu_s"] / lots}
    for (a, ea), (b, eb) in zip(done, done[1:]):
        lots = eb["generate"]["waterfront"] - ea["generate"]["waterfront"]
        out["per_added_lot_ms"][f"{a}-{b}"] = {
            "wall": 1000 * (eb["screen"]["seconds"] - ea["screen"]["seconds"]) / lots,
            "cpu": 1000 * (eb["screen"]["cpu_s"] - ea["screen"]["cpu_s"]) / lots,
        }
    spread = {}
    for key in ("per_lot_ms", "per_added_lot_ms"):
        for kind in ("wall", "cpu"):
            values = [v[kind] for v in out[key].values()]
            if len(values) > 1:
                spread[f"{key}_{kind}_max_over_min"] = max(values) / min(values)
    return out | spread


def methods(gpkg: Path, data: Path, workers: int, waterfront: int, repeats: int = 1) -> dict:
    """The screen under each riparian method drawn as arrays, and with ``--methods``, beside extended side lines."""
    from importlib import resources

    from dockreview.batch.figures import SCREEN_METHODS

    text = resources.files("dockreview.rules.profiles").joinpath("kings-point-ny.toml").read_text("utf-8")
    runs = {}
    for method in SCREEN_METHODS:
        profile = data / f"profile-{method}.toml"
        profile.write_text(text.replace('method = "extended-side-lines"', f'method = "{method}"', 1), encoding="utf-8")
        runs[method] = screen(gpkg, data / f"methods-{method}.gpkg", workers, "--profile", profile, repeats=repeats)
    runs["--methods"] = screen(gpkg, data / "methods-all.gpkg", workers, "--methods", repeats=repeats)
    base = runs[SCREEN_METHODS[0]]
    for run_ in runs.values():
        run_["ms_per_waterfront_lot"] = 1000.0 * run_["seconds"] / waterfront
        run_["cpu_ms_per_waterfront_lot"] = 1000.0 * run_["cpu_s"] / waterfront
        run_["over_extended"] = run_["seconds"] / base["seconds"]
        run_["cpu_over_extended"] = run_["cpu_s"] / base["cpu_s"]
    return {"runs": runs}


def accuracy(gpkg: Path, data: Path, workers: int, repeats: int = 1) -> dict:
    """The screen without the column ``eligibility`` and with it (:data:`ACCURACY`), in turn, and their ratios."""
    runs: dict[str, list] = {name: [] for name in ACCURACY}
    for _ in range(repeats):
        for name, given in ACCURACY.items():
            out = data / f"accuracy-{name}.gpkg"
            runs[name].append(run([sys.executable, "-c", ACCURACY_SCREEN, gpkg, out, str(workers), json.dumps(given)], env=_env()))
    best = {name: min(r, key=lambda r: r["seconds"]) for name, r in runs.items()}
    out = {name: {"seconds": b["seconds"], "cpu_s": b["cpu_s"], "peak_mb": b["peak_mb"], "all_s": [r["seconds"] for r in runs[name]]}
           for name, b in best.items()}
    for name in ("defaults", "stated"):
        out[name]["over_without"] = out[name]["seconds"] / out["without"]["seconds"]
        out[name]["cpu_over_without"] = out[name]["cpu_s"] / out["without"]["cpu_s"]
    return {"figures": ACCURACY, **out}


def parquet_io(gpkg: Path, parquet: Path, out: Path, workers: int) -> dict:
    read = _python(f"import geopandas\ngeopandas.read_parquet({str(parquet)!r})")
    read_gpkg = _python(f"import pyogrio\npyogrio.read_dataframe({str(gpkg)!r}, layer='parcels')")
    frame = "import geopandas\nf = geopandas.read_parquet({!r})\nimport time\nt = time.perf_counter()\n".format(str(parquet))
    write = _python(frame + f"f.to_parquet({str(out.with_suffix('.w.parquet'))!r})\nprint(time.perf_counter() - t)")
    write_gpkg = _python(frame + f"f.to_file({str(out.with_suffix('.w.gpkg'))!r}, engine='pyogrio')\nprint(time.perf_counter() - t)")
    whole = run(_dockreview("screen", *_layers(gpkg, parquet), *SCREEN, "--workers", workers, "-o", out), env=_env())
    return {
        "read_parquet_s": read["seconds"], "read_gpkg_s": read_gpkg["seconds"],
        "write_parquet_s": float(write["stdout"].split()[-1]), "write_gpkg_s": float(write_gpkg["stdout"].split()[-1]),
        "screen_parquet_to_parquet": {k: whole[k] for k in ("seconds", "cpu_s", "peak_mb")},
    }


def baseline(gpkg: Path, tool_out: Path, sample: int | None) -> dict:
    code = f"""
import json, time, warnings
import geopandas as gpd, pandas as pd, pyogrio, shapely
from dockreview.errors import DockReviewError, DockReviewWarning
from dockreview.inputs.crs import feet_per_unit
from dockreview.measure.envelope import lot_envelope
from dockreview.rules import ruleset
rules = ruleset()
path = {str(gpkg)!r}
parcels = gpd.read_file(path, layer="parcels", engine="pyogrio")
mhw = shapely.line_merge(shapely.union_all(gpd.read_file(path, layer="mhw", engine="pyogrio").geometry.values))
channels = gpd.read_file(path, layer="channels", engine="pyogrio")
docks = gpd.read_file(path, layer="docks", engine="pyogrio").dissolve(by="dock_id", as_index=False)
ft = feet_per_unit(parcels.crs)
rows = parcels if {sample!r} is None else parcels.sample(n=min({sample!r}, len(parcels)), random_state=0)
start, cpu = time.perf_counter(), time.process_time()
answers = {{}}
for _, row in rows.iterrows():
    lot = row.geometry
    if lot.distance(mhw) > 5.0:
        continue
    near = lot.buffer(3 * lot.length + 1000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DockReviewWarning)
        try:
            env = lot_envelope(lot, shapely.clip_by_rect(mhw, *near.bounds), ft_per_unit=ft, rules=rules,
                               channels=channels.iloc[sorted(channels.sindex.query(near))],
                               docks=docks.iloc[sorted(docks.sindex.query(near))])
        except DockReviewError:
            continue
    answers[row["PARCEL_ID"]] = (env.frontage_ft, env.required_setback_ft, env.band_width_ft, env.area_sqft, env.greatest_reach_ft)
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
mine = pd.DataFrame.from_dict(answers, orient="index", columns={list(FIGURES)!r})
theirs = pyogrio.read_dataframe({str(tool_out)!r}, layer="parcels", read_geometry=False).set_index("parcel_id").loc[mine.index, {list(FIGURES)!r}]
diff = (mine - theirs).abs().max()
print(json.dumps({{"seconds": seconds, "cpu_s": cpu, "rows": len(rows), "scale": len(parcels) / len(rows),
                  "compared_lots": len(mine), "max_abs_diff": {{k: float(v) for k, v in diff.items()}}}}))
"""
    result = _python(code)
    out = json.loads(result["stdout"].strip().splitlines()[-1])
    out["scaled_seconds"] = out["seconds"] * out["scale"]
    return out


def site(manifest: Path, out: Path, repeats: int) -> dict:
    """One site: ``check``, ``check --map`` and ``report -o x.pdf`` against the import-and-read floor.

    Two floors are kept: ``floor`` imports geopandas and reads the manifest's layers with pyogrio; ``floor_mpl``
    also imports ``matplotlib.pyplot``. ``check`` draws nothing and is set against ``floor``; ``check --map`` and
    ``report`` draw, and are set against ``floor_mpl``. Every process runs as an installed package does, reading
    compiled bytecode (``PYTHONDONTWRITEBYTECODE`` dropped, the bytecode kept under ``out``), written by one
    untimed round; then the commands run in ``repeats`` interleaved rounds (each round runs every command once,
    so a load that comes and goes falls on all of them). The median wall time is kept, and the ratios are of
    medians.
    """
    import statistics
    import tomllib

    layers = tomllib.loads(manifest.read_text())["layers"]
    reads = ""
    for key, value in layers.items():
        if key.endswith("_field") or not isinstance(value, str):
            continue
        path, _, layer = value.partition(":")
        reads += f"pyogrio.read_dataframe({str(manifest.parent / path)!r}{f', layer={layer!r}' if layer else ''})\n"
    commands = {
        "floor": [sys.executable, "-c", "import geopandas, pyogrio\n" + reads],
        "floor_mpl": [sys.executable, "-c", "import geopandas, pyogrio, matplotlib.pyplot\n" + reads],
        "check": _dockreview("check", manifest),
        "check_map": _dockreview("check", manifest, "--map", out / "site.png"),
        "report": _dockreview("report", manifest, "-o", out / "site.pdf"),
    }
    env = _env()
    env["PYTHONPYCACHEPREFIX"] = str(out / "pycache")
    for command in commands.values():  # writes the bytecode
        run(command, env=env, ok=(0, 1, 3))
    result = {"manifest": str(manifest), "repeats": repeats, "load_at_start": os.getloadavg()[0]}
    runs = {name: [] for name in commands}
    for _ in range(repeats):
        for name, command in commands.items():
            runs[name].append(run(command, env=env, ok=(0, 1, 3)))
    for name, done in runs.items():
        result[name] = {"seconds": statistics.median(r["seconds"] for r in done), "all_s": [r["seconds"] for r in done],
                        "peak_mb": max(r["peak_mb"] for r in done)}
    floors = {"check": "floor", "check_map": "floor_mpl", "report": "floor_mpl"}
    for name, floor_name in floors.items():
        result[f"{name}_over_floor"] = result[name]["seconds"] / result[floor_name]["seconds"]
    result["floors"] = floors
    return result


# ---------------------------------------------------------------------------
# PostGIS
# ---------------------------------------------------------------------------
class PostGIS:
    """A throwaway PostgreSQL 15 + PostGIS cluster on a temporary folder and a loopback port."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="dockreview-pg-"))
        shutil.chown(self.dir, "postgres")
        self.data = self.dir / "data"

    def _as_postgres(self, *command, **kwargs):
        return subprocess.run(["runuser", "-u", "postgres", "--", *map(str, command)], check=True, capture_output=True, text=True, **kwargs)

    def __enter__(self) -> "PostGIS":
        self._as_postgres(PG_BIN / "initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8")
        options = " ".join(f"-c {k}={v}" for k, v in PG_SETTINGS.items())
        self._as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "-l", self.dir / "log", "-w", "start", "-o",
                          f"-p {PG_PORT} -k {self.dir} -c listen_addresses=127.0.0.1 {options}")
        self.psql("-d", "postgres", "-c", "CREATE DATABASE bench")
        self.psql("-c", "CREATE EXTENSION postgis")
        return self

    def __exit__(self, *exc) -> None:
        with contextlib.suppress(Exception):
            self._as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)

    def psql(self, *args) -> str:
        base = ["psql", "-h", str(self.dir), "-p", str(PG_PORT), "-U", "postgres", "-v", "ON_ERROR_STOP=1", "-X", "-q"]
        if "-d" not in args:
            base += ["-d", "bench"]
        return subprocess.run([*base, *map(str, args)], check=True, capture_output=True, text=True).stdout

    @property
    def ogr(self) -> str:
        return f"PG:host={self.dir} port={PG_PORT} dbname=bench user=postgres"

    def version(self) -> str:
        return self.psql("-t", "-c", "SELECT version() || ' / PostGIS ' || postgis_lib_version() || ' / GEOS ' || postgis_geos_version()").strip()


def postgis(pg: PostGIS, gpkg: Path, tool_out: Path, out_csv: Path, repeats: int = 1) -> dict:
    """Load the layers with ogr2ogr, then run the envelope in SQL ``repeats`` times (the quickest kept, as for the screen)."""
    start = time.perf_counter()
    for layer in ("parcels", "mhw", "channels", "docks"):
        subprocess.run(["ogr2ogr", "-f", "PostgreSQL", pg.ogr, str(gpkg), layer, "-nln", layer, "-overwrite", "-lco", "GEOMETRY_NAME=geom",
                        "-lco", "FID=fid", "-lco", "SPATIAL_INDEX=GIST", "--config", "PG_USE_COPY", "YES"], check=True, capture_output=True)
    pg.psql("-c", "VACUUM ANALYZE")
    load = time.perf_counter() - start
    queries = []
    for _ in range(repeats):
        start = time.perf_counter()
        pg.psql("-f", HERE / "envelope.sql")
        queries.append(time.perf_counter() - start)
    pg.psql("-c", f"\\copy (SELECT * FROM result ORDER BY parcel_id) TO '{out_csv}' CSV HEADER")
    return {"load_s": load, "query_s": min(queries), "all_query_s": queries, "compare": compare(tool_out, out_csv)}


def answers(path: Path):
    """The screen's parcels table with every digit, from its GeoPackage layer or GeoParquet file.

    The CSV beside it is rounded for reading (``outputs.files.rounded_table``): 0.01 ft, 0.1 sq ft.
    """
    import pandas as pd
    import pyogrio

    path = Path(path)
    if path.suffix == ".parquet":
        frame = pd.read_parquet(path).drop(columns=["geometry", "bbox"], errors="ignore")
    else:
        frame = pyogrio.read_dataframe(path, layer="parcels", read_geometry=False)
    return frame.set_index("parcel_id")


def compare(tool_out: Path, postgis_csv: Path) -> dict:
    import pandas as pd

    tool = answers(tool_out)
    tool = tool[tool["fronts_mhw"]]
    sql = pd.read_csv(postgis_csv).set_index("parcel_id")
    both = tool.index.intersection(sql.index)
    diff = (tool.loc[both, list(FIGURES)] - sql.loc[both, list(FIGURES)]).abs()
    return {
        "waterfront_lots": len(tool), "postgis_lots": len(sql), "compared": len(both),
        "max_abs_diff": {k: float(diff[k].max()) for k in FIGURES},
        "max_rel_diff_area": float((diff["envelope_area_sqft"] / tool.loc[both, "envelope_area_sqft"].clip(lower=1.0)).max()),
        "lots_over_0.01_ft": {k: int((diff[k] > 0.01).sum()) for k in FIGURES if k != "envelope_area_sqft"},
        "lots_over_1e-5_area": int((diff["envelope_area_sqft"] > 1e-5 * tool.loc[both, "envelope_area_sqft"].clip(lower=1000.0)).sum()),
        "existing_docks_differ": int((tool.loc[both, "existing_docks"] != sql.loc[both, "existing_docks"]).sum()),
        "eligible_differ": int((tool.loc[both, "eligible"].astype(bool) != sql.loc[both, "eligible"].map({"t": True, "f": False})).sum()),
    }


# ---------------------------------------------------------------------------
# Dask on a cluster of processes on loopback
# ---------------------------------------------------------------------------
def dask_run(gpkg: Path, parquet: Path, out: Path, workers: int, port: int, screen_out: Path) -> dict:
    bin_dir = Path(sys.executable).parent
    env = _env()
    scheduler = subprocess.Popen([bin_dir / "dask", "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    worker = subprocess.Popen([bin_dir / "dask", "worker", f"tcp://127.0.0.1:{port}", "--nworkers", str(workers), "--nthreads", "1",
                               "--no-dashboard", "--memory-limit", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        _wait_for_workers(f"tcp://127.0.0.1:{port}", workers, env)
        result = run(_dockreview("screen", *_layers(gpkg, parquet), *SCREEN, "--backend", "dask", "--scheduler",
                                 f"tcp://127.0.0.1:{port}", "-o", out), env=env)
        workers_mb = _pss_mb(worker.pid)
    finally:
        for proc in (worker, scheduler):
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=30)
    return {"seconds": result["seconds"], "client_peak_mb": result["peak_mb"], "workers_mb_after": workers_mb,
            "compare_with_screen": agree(screen_out, out)}


def agree(a_out: Path, b_out: Path) -> dict:
    """The largest differences between two runs' answers (their full-digit outputs), lot by lot."""
    a, b = answers(a_out), answers(b_out)
    both = a.index.intersection(b.index)
    diff = (a.loc[both, list(FIGURES)] - b.loc[both, list(FIGURES)]).abs()
    return {
        "lots": [len(a), len(b)], "compared": len(both), "max_abs_diff": {k: float(diff[k].max()) for k in FIGURES},
        "existing_docks_differ": int((a.loc[both, "existing_docks"] != b.loc[both, "existing_docks"]).sum()),
        "eligible_differ": int((a.loc[both, "eligible"] != b.loc[both, "eligible"]).sum()),
    }


def _wait_for_workers(address: str, workers: int, env: dict) -> None:
    code = (
        "import time\nfrom distributed import Client\n"
        f"c = Client({address!r}, timeout=120)\nc.wait_for_workers({workers}, timeout=120)\nc.close()"
    )
    run([sys.executable, "-c", code], env=env)


# ---------------------------------------------------------------------------
def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[20_000, 200_000])
    parser.add_argument("--postgis-sizes", type=int, nargs="*", default=[20_000, 200_000])
    parser.add_argument("--audit-sizes", type=int, nargs="*", default=[20_000])
    parser.add_argument("--parquet-sizes", type=int, nargs="*", default=None, help="default: every size")
    parser.add_argument("--baseline-sizes", type=int, nargs="*", default=[20_000])
    parser.add_argument("--baseline-sample", type=int, default=2000)
    parser.add_argument("--dask-sizes", type=int, nargs="*", default=[])
    parser.add_argument("--soundings-sizes", type=int, nargs="*", default=[], help="screen and audit with soundings")
    parser.add_argument("--methods-sizes", type=int, nargs="*", default=[], help="the screen under each riparian method, and --methods")
    parser.add_argument("--accuracy-sizes", type=int, nargs="*", default=[], help="the screen without and with the column eligibility")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--layout", choices=["county", "messy", "coast", "canal"], default="county")
    parser.add_argument("--site", default=str(HERE.parent / "data" / "straight-t-float" / "site.toml"),
                        help="one site for check / check --map / report against the floor ('' to skip)")
    parser.add_argument("--site-repeats", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=1, help="runs of each screen, audit and PostGIS query (the quickest kept)")
    parser.add_argument("--data", default="/tmp/dockreview-bench")
    parser.add_argument("--out", default=str(HERE / "results.json"))
    args = parser.parse_args()
    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    data.chmod(0o755)
    warnings.simplefilter("ignore")
    report = {
        "date": datetime.date.today().isoformat(), "layout": args.layout,
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(),
                    "load_at_start": os.getloadavg()},
        "sizes": {},
    }
    out_path = Path(args.out)
    parquet_sizes = args.sizes if args.parquet_sizes is None else args.parquet_sizes
    if args.site:
        report["site"] = site(Path(args.site).resolve(), data, args.site_repeats)
        print(f"{'site':>9} {json.dumps(report['site'])}", flush=True)
        out_path.write_text(json.dumps(report, indent=2) + "\n")
    with contextlib.ExitStack() as stack:
        pg = stack.enter_context(PostGIS()) if args.postgis_sizes else None
        if pg is not None:
            report["postgis"] = {"version": pg.version(), "settings": PG_SETTINGS}
        for n in args.sizes:
            entry = report["sizes"].setdefault(str(n), {})
            gpkg, parquet = data / f"{args.layout}-{n}.gpkg", data / f"{args.layout}-{n}.parquet"
            out = data / f"screen-{args.layout}-{n}.gpkg"

            def step(name, fn, *a):
                load = os.getloadavg()[0]
                entry[name] = fn(*a)
                entry[name]["load_at_start"] = load
                entry[name].pop("stdout", None)
                entry[name]["load_after"] = os.getloadavg()[0]
                print(f"{n:>9,d} {name:<9} {json.dumps(entry[name])}", flush=True)
                out_path.write_text(json.dumps(report, indent=2) + "\n")

            step("generate", generate, n, data, args.layout)
            step("floor", floor, gpkg)
            step("screen", functools.partial(screen, repeats=args.repeats), gpkg, out, args.workers)
            entry["screen_over_floor"] = entry["screen"]["seconds"] / entry["floor"]["seconds"]
            waterfront = entry["generate"].get("waterfront") or n // 2
            entry["ms_per_waterfront_lot"] = 1000.0 * entry["screen"]["seconds"] / waterfront
            entry["cpu_ms_per_waterfront_lot"] = 1000.0 * entry["screen"]["cpu_s"] / waterfront
            if n in args.audit_sizes:
                step("audit", functools.partial(screen, repeats=args.repeats), gpkg, data / f"audit-{args.layout}-{n}.gpkg", args.workers, "--audit")
                entry["audit_over_screen"] = entry["audit"]["seconds"] / entry["screen"]["seconds"]
                entry["audit_ms_per_dock"] = 1000 * (entry["audit"]["seconds"] - entry["screen"]["seconds"]) / entry["generate"]["docks"]
            if n in args.methods_sizes:
                step("methods", functools.partial(methods, repeats=args.repeats), gpkg, data, args.workers, waterfront)
            if n in args.accuracy_sizes:
                step("accuracy", functools.partial(accuracy, repeats=args.repeats), gpkg, data, args.workers)
            if n in parquet_sizes:
                step("parquet", parquet_io, gpkg, parquet, data / f"screen-{args.layout}-{n}.parquet", args.workers)
            if pg is not None and n in args.postgis_sizes:
                step("postgis", functools.partial(postgis, repeats=args.repeats), pg, gpkg, out, data / f"postgis-{n}.csv")
                entry["screen_over_postgis"] = entry["screen"]["seconds"] / entry["postgis"]["query_s"]
            if n in args.baseline_sizes and args.layout == "county":
                step("baseline", baseline, gpkg, out, args.baseline_sample)
                entry["baseline_over_screen"] = entry["baseline"]["scaled_seconds"] / entry["screen"]["seconds"]
            if n in args.dask_sizes:
                for w, port in ((1, 28786), (2, 28796)):
                    step(f"dask{w}", dask_run, gpkg, parquet, data / f"dask{w}-{n}.parquet", w, port, out)
            report["linearity"] = linearity(report["sizes"])
            out_path.write_text(json.dumps(report, indent=2) + "\n")
    again = functools.partial(screen, repeats=args.repeats)
    for n in args.soundings_sizes:
        entry = report.setdefault("soundings", {}).setdefault(str(n), {})
        gpkg = data / f"sounded-{n}.gpkg"
        sounded = ("--soundings", f"{gpkg}:soundings", "--draft", "3", "--float-extent", "10")
        for name, fn, a in (("generate", generate, (n, data, "sounded")),
                            ("screen", again, (gpkg, data / f"screen-sounded-{n}.gpkg", args.workers, *sounded)),
                            ("audit", again, (gpkg, data / f"audit-sounded-{n}.gpkg", args.workers, *sounded, "--audit"))):
            load = os.getloadavg()[0]
            entry[name] = fn(*a)
            entry[name].pop("stdout", None)
            entry[name].update(load_at_start=load, load_after=os.getloadavg()[0])
            print(f"{n:>9,d} sounded {name:<9} {json.dumps(entry[name])}", flush=True)
        entry["audit_over_screen"] = entry["audit"]["seconds"] / entry["screen"]["seconds"]
        entry["audit_ms_per_dock"] = 1000 * (entry["audit"]["seconds"] - entry["screen"]["seconds"]) / entry["generate"]["docks"]
        out_path.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
