/* "Can my lot have a dock?": the page of a site written by `dockreview publish`.
 *
 * The data are scripts in data/ that call DR.site, DR.tile and DR.index (loaded by <script> tags, so the page works
 * from a web server and from a folder opened as file://). Every text from the data reaches the page as text
 * (textContent, createTextNode), never as markup. The map is Leaflet (leaflet/, BSD 2-Clause). */
"use strict";
(function () {
  const DR = (window.DR = window.DR || {});
  const ANSWER = {
    yes: ["Yes", "A dock is possible on this lot."],
    no: ["No", "No dock is possible on this lot."],
    data: ["Not known yet", "The data cannot answer yet: what is missing is said below."],
    none: ["Not answered", "The parcel could not be reviewed."],
  };
  const STYLE = {
    yes: { color: "#08519c", weight: 1, fillColor: "#3182bd", fillOpacity: 0.45 },
    no: { color: "#525252", weight: 1, fillColor: "#bdbdbd", fillOpacity: 0.35 },
    data: { color: "#a63603", weight: 1, fillColor: "#fd8d3c", fillOpacity: 0.45, dashArray: "4 3" },
    none: { color: "#525252", weight: 1, fillColor: "#ffffff", fillOpacity: 0.2, dashArray: "2 4" },
  };
  const FIGURES = [
    ["Frontage on the water", "ft"],
    ["Required setback from each side line", "ft"],
    ["Room between the setbacks at the shore", "ft"],
    ["Reach limit from the mean high water line", "ft"],
    ["Greatest reach where a dock may stand", "ft"],
    ["Area where a dock may stand", "sq ft"],
    ["Existing docks on the lot", ""],
  ];
  const MAX_RESULTS = 25;
  const state = { site: null, map: null, tiles: new Map(), index: new Map(), loading: new Map(), drawn: new Map(),
                  lotsLayer: null, overview: null, selection: null, selected: null };

  // ------------------------------------------------------------------ data files
  function load(src) {
    if (!state.loading.has(src)) {
      state.loading.set(src, new Promise(function (resolve, reject) {
        const s = document.createElement("script");
        s.src = src;
        s.onload = resolve;
        s.onerror = function () { reject(new Error("could not load " + src)); };
        document.head.appendChild(s);
      }));
    }
    return state.loading.get(src);
  }
  const tileFile = (key) => "data/tiles/" + key.split("/").join("-") + ".js";
  const searchFile = (prefix) => "data/search/" + (prefix || "_") + ".js";
  DR.tile = function (key, lots) { state.tiles.set(key, lots); };
  DR.index = function (prefix, entries) { state.index.set(prefix, entries); };
  DR.site = function (site) {
    state.site = site;
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  };
  async function tile(key) {
    await load(tileFile(key));
    return state.tiles.get(key) || [];
  }
  // a ring as written: whole millionths of a degree, latitude first, each point after the first a difference
  function ring(flat) {
    const out = [];
    let lat = 0, lng = 0;
    for (let i = 0; i < flat.length; i += 2) { lat += flat[i]; lng += flat[i + 1]; out.push([lat / 1e6, lng / 1e6]); }
    return out;
  }
  const shape = (polygons) => polygons.map((rings) => rings.map(ring));

  // ------------------------------------------------------------------ small DOM helpers: text only
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v; else node.setAttribute(k, v);
    }
    for (const child of children) {
      if (child === null || child === undefined || child === "") continue;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }
  function number(value, unit) {
    if (value === null || value === undefined) return "\u2014";
    const digits = unit === "" ? 0 : 1;
    const text = value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    return unit ? text + " " + unit : text;
  }
  function label(text) { return el("span", {}, text); }
  function setStatus(text) { document.getElementById("status").textContent = text; }

  // ------------------------------------------------------------------ the map
  function start() {
    const site = state.site;
    document.getElementById("place").textContent = site.place;
    fillAbout(site);
    const map = (state.map = L.map("map", { zoomSnap: 0.5, keyboard: true }));
    map.attributionControl.setPrefix(site.library.name + " " + site.library.version);
    if (site.basemap) {
      L.tileLayer(site.basemap.url, { attribution: site.basemap.name, maxZoom: 20 }).addTo(map);
    }
    map.attributionControl.addAttribution(site.attribution);
    state.lotsLayer = L.featureGroup().addTo(map);
    state.overview = L.featureGroup();
    const canvas = L.canvas();
    for (const t of site.tiles) {
      const [key, s, w, n, e, count, yes] = t;
      const box = L.rectangle([[s, w], [n, e]], { renderer: canvas, weight: 1, color: "#08519c",
        fillColor: yes ? "#3182bd" : "#bdbdbd", fillOpacity: 0.35 });
      box.bindTooltip(label(count.toLocaleString("en-US") + " lots, " + yes.toLocaleString("en-US") +
        " may have a dock: zoom in"), { sticky: true });
      box.on("click", () => map.fitBounds([[s, w], [n, e]]));
      box.tileKey = key;
      state.overview.addLayer(box);
    }
    map.fitBounds(site.bounds);
    map.on("moveend", refresh);
    window.matchMedia("print").addEventListener("change", (m) => (m.matches ? framePrint() : afterPrint()));
    window.addEventListener("beforeprint", framePrint);
    window.addEventListener("afterprint", afterPrint);
    document.getElementById("search").addEventListener("submit", (ev) => { ev.preventDefault(); search(); });
    document.getElementById("print").addEventListener("click", () => window.print());
    refresh();
    const linked = () => {
      const wanted = new URLSearchParams(location.hash.slice(1)).get("lot");
      if (wanted && !(state.selected && state.selected.id === wanted)) openById(wanted);
    };
    window.addEventListener("hashchange", linked);
    linked();
    document.body.classList.add("ready");
    performance.mark("dockreview-first-view");  // the first view is drawn: what benchmarks/publish_bench.py times
  }

  async function refresh() {
    const map = state.map, site = state.site;
    if (map.getZoom() < site.zoom) {
      if (!map.hasLayer(state.overview)) map.addLayer(state.overview);
      for (const [key, group] of state.drawn) { state.lotsLayer.removeLayer(group); state.drawn.delete(key); }
      setStatus("Zoom in, or find a lot by its id or address, to see the lots and their answers.");
      return;
    }
    map.removeLayer(state.overview);
    const view = map.getBounds().pad(0.25);
    const wanted = site.tiles.filter((t) => view.intersects([[t[1], t[2]], [t[3], t[4]]])).map((t) => t[0]);
    const keep = new Set(wanted);
    for (const [key, group] of state.drawn) {
      if (!keep.has(key)) { state.lotsLayer.removeLayer(group); state.drawn.delete(key); }
    }
    setStatus("Click a lot to see its answer.");
    await Promise.all(wanted.map(async (key) => {
      const lots = await tile(key);
      if (state.drawn.has(key) || map.getZoom() < site.zoom) return;
      const group = L.featureGroup();
      for (const lot of lots) {
        if (!lot.p.length) continue;
        const polygon = L.polygon(shape(lot.p), STYLE[lot.s]);
        const name = "Parcel " + lot.id + (lot.ad ? ", " + lot.ad : "") + ": " + ANSWER[lot.s][0];
        polygon.bindTooltip(label(lot.id + (lot.ad ? " \u2014 " + lot.ad : "")), { sticky: true });
        polygon.on("click", () => select(lot, false));
        polygon.on("add", () => keyboardLot(polygon.getElement(), name, lot));
        group.addLayer(polygon);
      }
      state.drawn.set(key, group);
      state.lotsLayer.addLayer(group);
    }));
  }

  // a lot on the map is a button for the keyboard and a screen reader: its name, Enter or Space opens it
  function keyboardLot(path, name, lot) {
    path.setAttribute("tabindex", "0");
    path.setAttribute("role", "button");
    path.setAttribute("aria-label", name);
    path.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); select(lot, false); }
    });
  }

  // a dimension line with a tick square to it at each end (a twentieth of its length each way) and its label
  function dimension(line, text, at) {
    const group = L.featureGroup();
    const crs = L.CRS.EPSG3857, [a, b] = line;
    const pa = crs.project(L.latLng(a)), pb = crs.project(L.latLng(b));
    const d = pb.subtract(pa), tick = L.point(-d.y, d.x).multiplyBy(0.05);
    const ticks = [pa, pb].map((p) => [crs.unproject(p.subtract(tick)), crs.unproject(p.add(tick))]);
    for (const part of [line, ...ticks]) group.addLayer(L.polyline(part, { color: "#b2182b", weight: 2, interactive: false }));
    L.tooltip({ permanent: true, direction: "center", className: "dim-label", interactive: false })
      .setLatLng([a[0] + (b[0] - a[0]) * at, a[1] + (b[1] - a[1]) * at]).setContent(label(text)).addTo(group);
    return group;
  }

  function select(lot, zoom) {
    const map = state.map;
    if (state.selection) map.removeLayer(state.selection);
    const group = L.featureGroup();
    if (lot.e) group.addLayer(L.polygon(shape(lot.e), { color: "#084081", weight: 2, fillColor: "#4eb3d3", fillOpacity: 0.55,
      dashArray: lot.s === "data" ? "6 4" : null, interactive: false }));
    if (lot.p.length) group.addLayer(L.polygon(shape(lot.p), { color: "#000000", weight: 3, fill: false, interactive: false }));
    for (const [line, text, at] of lot.d || []) group.addLayer(dimension(line, text, at));
    state.selection = group.addTo(map);
    state.selected = lot;
    if (zoom && lot.p.length) map.fitBounds(group.getBounds(), { padding: [30, 30], maxZoom: 19 });
    showLot(lot);
    history.replaceState(null, "", "#lot=" + encodeURIComponent(lot.id));
  }

  // the printed page's height for the lot (letter, 12 mm margins), in CSS pixels
  const PAGE_PX = (279.4 - 24) / 25.4 * 96;
  // the room kept free at the page's foot (CSS pixels), and the least the answer is shrunk to
  const PRINT_SPARE_PX = 12, MIN_PRINT_ZOOM = 0.5;
  function framePrint() {
    const map = state.map, side = document.getElementById("side");
    if (!map) return;
    side.style.zoom = "";
    map.invalidateSize();
    if (state.selection && state.selected && state.selected.p.length) {
      map.fitBounds(state.selection.getBounds(), { padding: [10, 10], animate: false, maxZoom: 19 });
    }
    // a long answer is shrunk to the page, the map kept as framed: in steps, each measured again (the text
    // wraps anew at each size), to a page with room to spare for the printer's rounding
    if (!window.matchMedia("print").matches) return;
    for (let zoom = 1; document.body.scrollHeight > PAGE_PX - PRINT_SPARE_PX && zoom > MIN_PRINT_ZOOM;) {
      zoom = Math.round((zoom - 0.02) * 100) / 100;
      side.style.zoom = String(zoom);
    }
  }
  function afterPrint() {
    document.getElementById("side").style.zoom = "";
    if (state.map) state.map.invalidateSize();
  }

  // ------------------------------------------------------------------ the lot's answer
  function lawBlock(i) {
    const [section, title, words, source, read] = state.site.law[i];
    return el("div", { class: "law" },
      el("p", { class: "cite" }, el("span", { class: "section" }, section), title ? " \u2014 " + title : ""),
      words ? el("blockquote", {}, words) : null,
      el("p", { class: "read" }, (source ? source + "; " : "") + "law read " + (read || state.site.law_read || "(no date given)")));
  }

  function showLot(lot) {
    const site = state.site;
    const panel = document.getElementById("lot");
    panel.replaceChildren();
    const [short, long] = ANSWER[lot.s];
    panel.appendChild(el("h2", { id: "lot-title" }, "Parcel " + lot.id));
    if (lot.ad) panel.appendChild(el("p", { class: "address" }, lot.ad));
    panel.appendChild(el("p", { class: "answer " + lot.s }, el("strong", {}, short + ": "), long));
    const f = lot.f;
    if (lot.s === "yes") {
      panel.appendChild(el("p", {}, "On the map, the shaded water is where a dock may stand: at least " + number(f[1], "ft") +
        " from each side line and reaching at most " + number(f[3], "ft") + " from the mean high water line."));
      const rules = site.law.map((row, i) => [row, i]).filter(([row]) => row[5] || row[6] || row[8]).map(([, i]) => i);
      if (rules.length) {
        panel.appendChild(el("h3", {}, "The rules it rests on"));
        for (const i of rules) panel.appendChild(lawBlock(i));
      }
    } else {
      panel.appendChild(el("h3", {}, "Why"));
      const list = el("ol", { class: "reasons" });
      for (const [text, cited] of lot.r) {
        const item = el("li", {}, el("p", { class: "reason" }, text));
        for (const i of cited) item.appendChild(lawBlock(i));
        list.appendChild(item);
      }
      panel.appendChild(list);
    }
    if (f.some((v, i) => i < 6 && v !== null)) {
      panel.appendChild(el("h3", {}, "The lot's figures"));
      const body = el("tbody");
      FIGURES.forEach(([name, unit], i) => body.appendChild(el("tr", {}, el("th", { scope: "row" }, name), el("td", {}, number(f[i], unit)))));
      panel.appendChild(el("table", { class: "figures" }, body));
    }
    panel.appendChild(el("p", { class: "dates" }, "Law: " + site.profile + ", read " + (site.law_read || "(no date given)") +
      ". Data screened " + site.screened + " from " + site.layers + "."));
    panel.appendChild(el("p", { class: "notice" }, el("strong", {}, "Not a survey, not a permit."),
      " This answer is the town's screen of its parcel map, not a measurement on the ground; a permit is applied for with a site plan."));
    document.getElementById("print").hidden = false;
    panel.focus();
  }

  function fillAbout(site) {
    const about = document.getElementById("about-text");
    about.replaceChildren(
      el("p", {}, "Every lot's answer is the town's screen of its parcels under " + site.profile +
        " (law read " + (site.law_read || "no date given") + "), screened " + site.screened + " from " + site.layers + ". " +
        site.counts.lots.toLocaleString("en-US") + " lots, " + site.counts.yes.toLocaleString("en-US") + " of which may have a dock."),
      el("p", {}, "Not a survey, not a permit."),
      el("p", {}, "Map drawn with " + site.library.name + " " + site.library.version + " (" + site.library.licence +
        " licence, in leaflet/LICENSE)" + (site.basemap ? "; basemap: " + site.basemap.label : "; no basemap") + "."));
  }

  // ------------------------------------------------------------------ search
  function searchKey(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]/g, "");
  }

  function bucketsFor(key) {
    const prefixes = state.site.search;
    let best = null;
    for (const p of prefixes) if (key.startsWith(p) && (best === null || p.length > best.length)) best = p;
    const longer = prefixes.filter((p) => p.length > key.length && p.startsWith(key));
    return best === null ? longer : [best, ...longer];
  }

  async function matches(key) {
    const files = bucketsFor(key);
    if (files.length > 4) return null;
    await Promise.all(files.map((p) => load(searchFile(p))));
    const seen = new Set(), out = [];
    for (const p of files) {
      for (const e of state.index.get(p) || []) {
        if (e[0].startsWith(key) && !seen.has(e[1] + "\u0000" + e[3])) { seen.add(e[1] + "\u0000" + e[3]); out.push(e); }
      }
    }
    return out;
  }

  async function search() {
    const query = document.getElementById("search-input").value;
    const results = document.getElementById("results");
    results.replaceChildren();
    const key = searchKey(query);
    if (!key) { results.appendChild(el("p", {}, "Type a parcel id or an address.")); return; }
    const found = await matches(key);
    if (found === null) { results.appendChild(el("p", {}, "Many lots match \u201c" + query + "\u201d: type more of the id or address.")); return; }
    if (!found.length) { results.appendChild(el("p", {}, "No parcel id or address starts with \u201c" + query + "\u201d.")); return; }
    const exact = found.filter((e) => searchKey(e[1]) === key);
    if (found.length === 1 || exact.length === 1) { open(exact.length === 1 ? exact[0] : found[0]); return; }
    results.appendChild(el("p", {}, found.length > MAX_RESULTS ? "The first " + MAX_RESULTS + " of " + found.length + " lots:" : found.length + " lots:"));
    const list = el("ul", { class: "results" });
    for (const e of found.slice(0, MAX_RESULTS)) {
      const button = el("button", { type: "button" }, e[1] + (e[2] ? " \u2014 " + e[2] : ""));
      button.addEventListener("click", () => open(e));
      list.appendChild(el("li", {}, button));
    }
    results.appendChild(list);
  }

  async function open(entry) {
    const lots = await tile(entry[3]);
    const lot = lots.find((l) => l.id === entry[1]);
    if (lot) select(lot, true);
  }

  async function openById(id) {
    const found = await matches(searchKey(id));
    const entry = (found || []).find((e) => e[1] === id);
    if (entry) open(entry);
  }
})();
