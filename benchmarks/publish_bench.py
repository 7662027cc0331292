"""Benchmark of ``dockreview publish`` and of the published site's first view in Chromium (not a test; run by hand).

For each size it generates a synthetic county (:func:`dockreview.testing.counties.county`, half the parcels on
the water, each given an address), screens it with the command line (``dockreview screen``, timed apart), then
measures:

* ``publish``    -- the whole ``dockreview publish`` command in its own process (wall time), the folder's size
  and files;
* ``first_view`` -- in Debian's Chromium driven by Playwright (one browser, a fresh context each time), from
  navigation to the page's mark ``dockreview-first-view`` (Leaflet, the manifest and the tiles' boxes drawn,
  the search ready), over a loopback HTTP server and from the folder as ``file://``, on a desktop (1366 x 860)
  and a phone (390 x 844) viewport; the median of ``--repeats`` loads each, and the bytes the first view loaded;
* ``open_lot``   -- from the first view, the time to search a parcel id, load its index file and its tile, and
  show its answer with its envelope drawn (median of ``--repeats``).

Usage::

    python benchmarks/publish_bench.py --sizes 20000 100000 --data /tmp/dockreview-publish --out benchmarks/publish_results.json
"""

from __future__ import annotations

import argparse
import datetime
import functools
import http.server
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DESKTOP = {"width": 1366, "height": 860}
PHONE = {"width": 390, "height": 844}


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def _county(n: int, folder: Path) -> Path:
    """The county's layers with an address per parcel, written once into ``folder``."""
    from dockreview.testing.counties import county

    path = folder / f"county-{n}.gpkg"
    if not path.exists():
        c = county(n, seed=0)
        c.parcels["SITE_ADDR"] = [f"{i + 1} Harbor Rd" for i in range(len(c.parcels))]
        c.write(path)
    return path


def _run(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([str(Path(sys.executable).parent / "dockreview"), *args], check=True, capture_output=True)
    return time.perf_counter() - start


def _folder_size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


def _first_view(browser, url: str, viewport: dict, repeats: int) -> dict:
    times, loaded = [], []
    for _ in range(repeats):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        sizes = []
        page.on("response", lambda r: sizes.append(len(r.body())) if r.ok else None)
        page.goto(url)
        page.wait_for_selector("body.ready")
        times.append(page.evaluate("() => performance.getEntriesByName('dockreview-first-view')[0].startTime"))
        loaded.append(sum(sizes))
        context.close()
    return {"median_ms": round(statistics.median(times), 1), "runs_ms": [round(t, 1) for t in times], "bytes": max(loaded)}


def _open_lot(browser, url: str, pid: str, repeats: int) -> dict:
    times = []
    for _ in range(repeats):
        context = browser.new_context(viewport=DESKTOP)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body.ready")
        start = page.evaluate("() => performance.now()")
        page.fill("#search-input", pid)
        page.press("#search-input", "Enter")
        page.wait_for_selector("#lot .answer")
        page.wait_for_selector(".dim-label")
        times.append(page.evaluate("() => performance.now()") - start)
        context.close()
    return {"median_ms": round(statistics.median(times), 1), "runs_ms": [round(t, 1) for t in times]}


def bench(n: int, data: Path, browser, repeats: int) -> dict:
    layers = _county(n, data)
    screen = data / f"screen-{n}.gpkg"
    named = [f"--{role}={layers}:{role}" for role in ("parcels", "mhw", "channels", "docks")]
    screened_s = _run(["screen", *named, "--id-field", "PARCEL_ID", "--class-field", "PROP_CLASS", "--dock-id-field", "dock_id",
                       "--no-progress", "-q", "-o", str(screen)])
    site = data / f"site-{n}"
    published_s = _run(["publish", str(screen), "-o", str(site), "-q"])
    files, size = _folder_size(site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    try:
        out = {
            "parcels": n, "screen_s": round(screened_s, 2), "publish_s": round(published_s, 2), "files": files, "bytes": size,
            "first_view": {
                "http_desktop": _first_view(browser, url, DESKTOP, repeats),
                "http_phone": _first_view(browser, url, PHONE, repeats),
                "file_desktop": _first_view(browser, (site / "index.html").as_uri(), DESKTOP, repeats),
            },
            "open_lot": _open_lot(browser, url, "S-3-500", repeats),
        }
    finally:
        server.shutdown()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20_000])
    parser.add_argument("--data", type=Path, default=Path("/tmp/dockreview-publish"))
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=HERE / "publish_results.json")
    args = parser.parse_args()
    args.data.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    results = {"date": datetime.date.today().isoformat(), "machine": f"{platform.machine()}, {os.cpu_count()} cores",
               "load_at_start": os.getloadavg()[0], "runs": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium)
        results["chromium"] = browser.version
        for n in args.sizes:
            results["runs"].append(bench(n, args.data, browser, args.repeats))
            print(json.dumps(results["runs"][-1]), flush=True)
        browser.close()
    results["load_after"] = os.getloadavg()[0]
    args.out.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
