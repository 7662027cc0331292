"""The published site in a real browser: search, open, read the answer, print one page, on a phone and offline.

The county's answers are its screen's rows (read back by GDAL): what the page shows
of a lot is held to its row. No console error is allowed on any page.

Playwright for Python drives Debian's Chromium; the tests skip, with the reason, where
no Chromium is installed (a newcomer's machine); .ci/run installs Debian's ``chromium``
so CI always runs them. The browser and the server are module-scoped: Playwright's
driver and the server's thread are gone before a later test of the same process forks
workers (the screen's processes). The site is a small synthetic county screened and
published once, served by Python's http.server on a free loopback port in a thread.
"""

from __future__ import annotations

import functools
import http.server
import io
import re
import shutil
import threading

import pyogrio
import pytest
from click.testing import CliRunner

from dockreview.cli import main
from dockreview.testing.counties import county
from support.published import MARKUP

#: Where Debian, Ubuntu and Fedora put Chromium.
CHROMIUM = next(filter(None, (shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome"))), None)


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        pytest.skip("chromium not found: install it (Debian: apt-get install chromium; .ci/run does) to run the browser tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright not installed: pip install -e '.[test]'")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM)
        yield b
        b.close()


@pytest.fixture(scope="module")
def county_site(tmp_path_factory):
    """A county of 400 parcels, each with an address (one of them markup), screened and published: its folder and rows."""
    folder = tmp_path_factory.mktemp("county-site")
    c = county(400, seed=11)
    c.parcels["SITE_ADDR"] = [f"{i + 1} Harbor Rd" for i in range(len(c.parcels))]
    c.parcels.loc[c.parcels["PARCEL_ID"] == "S-0-3", "SITE_ADDR"] = MARKUP
    c.write(folder / "county.gpkg")
    layers = [f"--{role}={folder / 'county.gpkg'}:{role}" for role in ("parcels", "mhw", "channels", "docks")]
    result = CliRunner().invoke(main, ["screen", *layers, "--id-field", "PARCEL_ID", "--class-field", "PROP_CLASS",
                                       "--dock-id-field", "dock_id", "--workers", "1", "--no-progress", "-o", str(folder / "screen.gpkg")])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(main, ["publish", str(folder / "screen.gpkg"), "-o", str(folder / "site")])
    assert result.exit_code == 0, result.output
    rows = pyogrio.read_dataframe(folder / "screen.gpkg", layer="parcels", read_geometry=False).set_index("parcel_id")
    return folder / "site", rows


class Quiet(http.server.SimpleHTTPRequestHandler):
    """http.server's handler, without a line on standard error for each request."""

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def served(county_site):
    """The county's site served over HTTP on a free loopback port: its address."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(county_site[0])))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    server.shutdown()
    server.server_close()


class Page:
    """A page of the browser that keeps the console's errors and the page's uncaught exceptions."""

    def __init__(self, page) -> None:
        self.page, self.errors = page, []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_selector("body.ready")

    def find(self, query: str) -> None:
        """Search ``query`` with the keyboard (type, Enter) and wait for a lot's answer or the list of results."""
        self.page.fill("#search-input", query)
        self.page.press("#search-input", "Enter")
        self.page.wait_for_selector("#lot .answer, #results p")


@pytest.fixture
def page(browser):
    def make(**options) -> Page:
        context = browser.new_context(**options)
        made.append(context)
        return Page(context.new_page())

    made: list = []
    yield make
    for context in made:
        context.close()


DESKTOP = {"width": 1366, "height": 860}
PHONE = {"width": 390, "height": 844}


def _lot(rows, test) -> str:
    """The first parcel id whose row passes ``test``."""
    return next(pid for pid, row in rows.iterrows() if test(row))


def _eligible(rows) -> str:
    return _lot(rows, lambda r: bool(r["eligible"]))


def _short_frontage(rows) -> str:
    return _lot(rows, lambda r: str(r["reasons"]).startswith("frontage "))


def _panel(page) -> str:
    return page.page.inner_text("#lot")


def test_the_first_view_loads_no_lot_and_shows_the_county(page, served):
    p = page(viewport=DESKTOP)
    requests = []
    p.page.on("request", lambda r: requests.append(r.url))
    p.open(served)
    assert "Zoom in" in p.page.inner_text("#status")
    assert not [u for u in requests if "/data/tiles/" in u]  # the first view draws the tiles' boxes, loads no lot
    assert all(u.startswith(served.rsplit("/", 1)[0]) or u.startswith("data:") for u in requests)  # nothing from elsewhere
    assert p.page.evaluate("() => performance.getEntriesByType('navigation')[0].domComplete") < 5_000
    assert p.errors == []


def test_a_lot_found_by_its_id_shows_the_screens_answer(page, served, county_site):
    _, rows = county_site
    pid = _eligible(rows)
    row = rows.loc[pid]
    p = page(viewport=DESKTOP)
    p.open(served)
    p.find(pid)
    text = _panel(p)
    assert f"Parcel {pid}" in text and "Yes: A dock is possible on this lot." in text
    assert f"at least {row['required_setback_ft']:,.1f} ft from each side line" in text
    assert f"reaching at most {row['reach_limit_ft']:,.1f} ft" in text
    assert "Docks C" in text and "law read 2026-12-03" in text and "Not a survey, not a permit." in text
    # the envelope and its dimensions are drawn, labelled with the row's figures
    labels = p.page.locator(".dim-label").all_inner_texts()
    assert sorted(labels) == sorted([f"reach limit {row['reach_limit_ft']:,.1f} ft", *[f"setback {row['required_setback_ft']:,.1f} ft"] * 2])
    assert p.page.evaluate("() => document.activeElement.id") == "lot"  # the answer takes the focus, for a screen reader
    assert p.errors == []


def test_a_lot_found_by_its_address_says_why_not_with_the_section(page, served, county_site):
    _, rows = county_site
    pid = _short_frontage(rows)
    row = rows.loc[pid]
    p = page(viewport=DESKTOP)
    p.open(served)
    p.find(row["address"])
    text = _panel(p)
    assert f"Parcel {pid}" in text and row["address"] in text and "No: No dock is possible on this lot." in text
    first = str(row["reasons"]).split("; ")[0]
    assert first in text  # the screen's own words
    section = re.search(r"\(([^()]*)\)$", first).group(1)
    reasons = p.page.locator("ol.reasons li").first
    assert reasons.locator(".section").first.inner_text() == section
    assert "150 feet" in reasons.locator("blockquote").first.inner_text()  # the law's words for the frontage
    assert p.errors == []


def test_a_lot_opened_by_a_click_and_by_the_keyboard(page, served, county_site):
    _, rows = county_site
    p = page(viewport=DESKTOP)
    p.open(served)
    p.find(_eligible(rows))
    other = _lot(rows, lambda r: not r["eligible"] and bool(r["fronts_mhw"]))
    p.page.goto(served + f"#lot={other}")  # a link to a lot opens it
    p.page.wait_for_selector("body.ready")
    p.page.wait_for_function(f"() => document.querySelector('#lot h2').textContent === 'Parcel {other}'")
    neighbours = p.page.locator("path[role=button]")
    assert neighbours.count() > 10
    target = next(name for name in neighbours.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
                  if not name.startswith(f"Parcel {other},"))
    pid = target.split(",")[0].removeprefix("Parcel ")
    p.page.locator(f'path[aria-label="{target}"]').click(force=True)
    p.page.wait_for_function(f"() => document.querySelector('#lot h2').textContent === 'Parcel {pid}'")
    answer = "Yes" if rows.loc[pid, "eligible"] else "No"
    assert p.page.inner_text("#lot .answer").startswith(answer)
    # the keyboard: a lot on the map is a button
    path = p.page.locator(f'path[aria-label^="Parcel {other},"]')
    path.focus()
    p.page.keyboard.press("Enter")
    p.page.wait_for_function(f"() => document.querySelector('#lot h2').textContent === 'Parcel {other}'")
    assert p.errors == []


def test_a_lot_prints_on_one_page(page, served, county_site):
    from pypdf import PdfReader

    _, rows = county_site
    pid = _eligible(rows)
    p = page(viewport=DESKTOP)
    p.open(served)
    p.find(pid)
    p.page.emulate_media(media="print")
    assert p.page.locator("#search").is_hidden() and p.page.locator("#lot").is_visible()
    pdf = PdfReader(io.BytesIO(p.page.pdf(format="Letter", print_background=True)))
    assert len(pdf.pages) == 1
    words = pdf.pages[0].extract_text()
    assert f"Parcel {pid}" in words and "Not a survey, not a permit." in words and "Docks C" in words
    assert p.errors == []


def test_on_a_phone_the_answer_follows_the_map(page, served, county_site):
    _, rows = county_site
    pid = _short_frontage(rows)
    p = page(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    p.open(served)
    p.find(pid)
    assert p.page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone
    top = {k: p.page.locator(k).bounding_box()["y"] for k in ("#search", "#map", "#lot")}
    assert top["#search"] < top["#map"] < top["#lot"]
    p.page.locator("#lot .answer").scroll_into_view_if_needed()
    assert p.page.locator("#lot .answer").is_visible() and "No:" in p.page.inner_text("#lot .answer")
    assert p.errors == []


def test_markup_in_an_address_shows_as_written_and_runs_nothing(page, served, county_site):
    p = page(viewport=DESKTOP)
    p.open(served)
    p.find("S-0-3")
    assert p.page.inner_text("#lot .address") == MARKUP
    assert p.page.evaluate("() => window.pwned") is None and p.page.locator("#lot img").count() == 0
    p.find("img src")  # found by the address's words too, listed as text
    assert p.errors == []


def test_the_folder_opened_as_a_file_with_the_network_off(page, county_site):
    folder, rows = county_site
    pid = _eligible(rows)
    p = page(viewport=DESKTOP, offline=True)
    p.open((folder / "index.html").as_uri() + f"#lot={pid}")
    p.page.wait_for_selector("#lot .answer")
    assert f"Parcel {pid}" in _panel(p) and "Yes:" in _panel(p)
    assert p.page.locator("path[role=button]").count() > 0  # the lots around it are drawn
    assert p.errors == []


def test_review_explore_draws_offline(page, tmp_path):
    import dockreview
    from support.paths import DATA

    review = dockreview.review(dockreview.load_site(DATA / "straight-t-float" / "site.toml"))
    (tmp_path / "map.html").write_text(review.explore(tiles=None).get_root().render(), encoding="utf-8")
    p = page(offline=True)
    p.page.goto((tmp_path / "map.html").as_uri())
    p.page.wait_for_selector("path.leaflet-interactive")
    assert p.page.evaluate("() => typeof L === 'object' && L.version") == "1.9.4"
    assert p.page.locator("path.leaflet-interactive").count() > 10
    assert p.errors == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_search_says_when_nothing_matches(page, served, viewport):
    p = page(viewport=viewport)
    p.open(served)
    p.find("zz-no-such-lot")
    assert "No parcel id or address starts with" in p.page.inner_text("#results")
    p.find("Harbor Rd")
    assert p.page.locator("#results li button").count() == 25  # the first 25 of the street's 400 lots
    assert p.errors == []
