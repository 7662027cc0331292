"""Benchmark of ``dockreview compare`` beside ``dockreview screen`` on the same files, in one run (not a test; run by hand).

For each size it generates the synthetic county (:func:`dockreview.testing.counties.county`: half the parcels on the
water, channels, docks on about a third of the waterfront lots), cached as a GeoPackage in ``--data``, and a draft
profile: the shipped Kings Point with its reach cut from 200 to 150 ft and its minimum frontage from 150 to 120 ft
(lots gain a dock, docks become nonconforming). Then it measures, each as its own process (wall time and the CPU time
of the process tree, the quickest of ``--repeats``):

* ``screen``         -- ``dockreview screen`` under the law (parcels, MHW line, channels; its default column
  ``eligibility`` included, as the command runs);
* ``compare``        -- ``dockreview compare`` of the law and the draft over the same layers;
* ``screen_audit``   -- ``dockreview screen --audit`` with the docks;
* ``compare_docks``  -- ``dockreview compare --docks``: every existing dock audited under both laws;

and the ratios ``compare / screen`` and ``compare_docks / screen_audit`` (issue 31: at most 1.3). The commands carry
fixed costs (Python's imports, reading, writing) that hide the work; so ``compute`` measures, in one process after the
layers are read, the screen's table alone (no column ``eligibility``, which ``compare`` does not make either) against
:func:`~dockreview.batch.compare.compare` (no docks), the quickest of ``--repeats`` each, and their ratio.

Usage::

    python benchmarks/compare_bench.py --sizes 5000 20000 --data /tmp/dockreview-compare --out benchmarks/compare_results.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path

HERE = Path(__file__).resolve().parent
LAW = "kings-point-ny"
#: The draft's edits of the law's [values]: name -> new value.
DRAFT_VALUES = {"max_reach_ft": 150.0, "min_frontage_ft": 120.0}


def run(command: list[str]) -> dict:
    """Run ``command``: wall seconds and CPU seconds of its process tree."""
    before, start = os.times(), time.perf_counter()
    proc = subprocess.run(command, capture_output=True, text=True)
    seconds, after = time.perf_counter() - start, os.times()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return {"seconds": round(seconds, 3), "cpu_s": round(cpu, 3)}


def draft_profile(folder: Path) -> Path:
    """The shipped law with :data:`DRAFT_VALUES` edited into its text, written to ``folder``."""
    text = resources.files("dockreview.rules.profiles").joinpath(f"{LAW}.toml").read_text("utf-8")
    for key, value in DRAFT_VALUES.items():
        text, n = re.subn(rf"(\[values\.{key}\]\nvalue = )[0-9.]+", rf"\g<1>{value!r}", text)
        assert n == 1, key
    path = folder / "draft.toml"
    path.write_text(text, encoding="utf-8")
    return path


def county_file(folder: Path, n: int) -> Path:
    """The synthetic county of ``n`` parcels as one GeoPackage (made once)."""
    path = folder / f"county-{n}.gpkg"
    if not path.exists():
        from dockreview.testing.counties import county

        county(n).write(path)
    return path


#: The in-process measure: the screen's table (its figures and parcel table, no eligibility) against compare.
COMPUTE = """
import dataclasses, json, sys, time, warnings
warnings.simplefilter("ignore")
from dockreview.batch.compare import compare
from dockreview.batch.figures import shore_work
from dockreview.batch.layers import read_screen_layers
from dockreview.batch.screen import prepare_screen
from dockreview.batch.table import screen_tables
gpkg, draft, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
layers = read_screen_layers(gpkg + ":parcels", gpkg + ":mhw", channels=gpkg + ":channels")
fields = dict(id_field="PARCEL_ID", class_field="PROP_CLASS")
def screen_table():
    rules, lay, options, depth = prepare_screen(layers, profile="kings-point-ny", qualifying=None, tolerance_ft=5.0,
        dock_id_field=None, draft_ft=None, float_extent_ft=0.0, **fields)
    options = dataclasses.replace(options, accuracy=None)
    return screen_tables(lay, rules, options, depth, work=shore_work(lay, rules, 5.0, depth), workers=2)
def both():
    return compare(layers, law="kings-point-ny", draft=draft, workers=2, **fields)
def quickest(fn):
    times = []
    for _ in range(repeats):
        start = time.perf_counter(); fn(); times.append(time.perf_counter() - start)
    return min(times)
print(json.dumps({"screen_table_s": round(quickest(screen_table), 3), "compare_s": round(quickest(both), 3)}))
"""


def measure(folder: Path, n: int, draft: Path, repeats: int) -> dict:
    gpkg = county_file(folder, n)
    dockreview = str(Path(sys.executable).parent / "dockreview")
    layers = ["--parcels", f"{gpkg}:parcels", "--mhw", f"{gpkg}:mhw", "--channels", f"{gpkg}:channels", "--id-field", "PARCEL_ID",
              "--class-field", "PROP_CLASS"]
    docks = ["--docks", f"{gpkg}:docks", "--dock-id-field", "dock_id"]
    laws = ["--law", LAW, "--draft", str(draft)]
    commands = {
        "screen": [dockreview, "-q", "screen", *layers, "--profile", LAW, "-o", str(folder / "screen.gpkg")],
        "compare": [dockreview, "-q", "compare", *layers, *laws, "-o", str(folder / "compare.gpkg")],
        "screen_audit": [dockreview, "-q", "screen", *layers, *docks, "--audit", "--profile", LAW, "-o", str(folder / "audit.gpkg")],
        "compare_docks": [dockreview, "-q", "compare", *layers, *docks, *laws, "-o", str(folder / "compare-docks.gpkg")],
    }
    out = {}
    for name, command in commands.items():
        runs = [run(command) for _ in range(repeats)]
        out[name] = min(runs, key=lambda r: r["seconds"])
        print(f"{n:>8,d} {name:<14} {out[name]['seconds']:8.2f} s wall {out[name]['cpu_s']:8.2f} s CPU", flush=True)
    proc = subprocess.run([sys.executable, "-c", COMPUTE, str(gpkg), str(draft), str(repeats)], capture_output=True, text=True, check=True)
    out["compute"] = json.loads(proc.stdout.strip().splitlines()[-1])
    out["compute"]["ratio"] = round(out["compute"]["compare_s"] / out["compute"]["screen_table_s"], 3)
    print(f"{n:>8,d} compute        screen table {out['compute']['screen_table_s']:.2f} s, compare {out['compute']['compare_s']:.2f} s, "
          f"ratio {out['compute']['ratio']:.2f}", flush=True)
    out["ratio_compare_screen"] = round(out["compare"]["seconds"] / out["screen"]["seconds"], 3)
    out["ratio_compare_docks_screen_audit"] = round(out["compare_docks"]["seconds"] / out["screen_audit"]["seconds"], 3)
    print(f"{n:>8,d} compare/screen {out['ratio_compare_screen']:.2f}  compare --docks/screen --audit "
          f"{out['ratio_compare_docks_screen_audit']:.2f}", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[5000, 20000])
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--data", type=Path, default=Path("/tmp/dockreview-compare"))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    args.data.mkdir(parents=True, exist_ok=True)
    draft = draft_profile(args.data)
    results = {
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "cpus": os.cpu_count(), "python": platform.python_version(),
        "load_at_start": os.getloadavg()[0], "draft": DRAFT_VALUES, "sizes": {str(n): measure(args.data, n, draft, args.repeats) for n in args.sizes},
    }
    if args.out:
        args.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
