/* Battlebook "Try it": the editor, the in-page runner, the Playground, the odds and fight calculators.
 *
 * Loaded by try-it.js when the reader first asks for it. The rules engine runs in the
 * reader's browser, in a Web Worker (try-it-worker.js): Pyodide (Python compiled to
 * WebAssembly) from this site's try/runtime/ folder, with the battlebook package and its
 * pure-Python dependencies unpacked from one archive. It starts loading when a panel opens;
 * later runs, and other pages reached by instant navigation, reuse it. The page's own thread
 * only edits and shows: a run that takes longer than its limit, or that the reader stops, ends
 * the worker, and a fresh one starts.
 *
 * Untrusted text: a scenario may come from a shared link. It is only ever put in the page as
 * text (textContent, a textarea's value), never as markup, and runs only when the reader
 * presses Run. Everything a run answers is shown as text too, except the drawings, which
 * are rebuilt element by element from an allow-list (no script, no style, no link, no event
 * handler survives).
 */

const SVG_NS = "http://www.w3.org/2000/svg";
const MAX_TEXT = 100000;
let ROOT = "";
/** Hands over the engine's worker if try-it.js started it already ({worker, events}: the messages and
 * errors it sent meanwhile), else null. */
let earlyWorker = () => null;
const exampleTexts = new Map(); // page path -> Promise of {anchor: text}
/** Where the engine's start and the last run's time went, in seconds (read by benchmarks/try_it_benchmark.py). */
export const timings = {};

export function init(root, takeEarlyWorker) {
  ROOT = root;
  if (takeEarlyWorker) earlyWorker = takeEarlyWorker;
}

/* ---------- small DOM helpers (text only) ---------- */

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

/* ---------- the rules engine, in a worker ---------- */

/** The longest a call may take in the page, in seconds, before it is stopped (the odds answer in far less). */
export const LIMITS = { run: 30, odds: 15, fight: 15, battle: 60, proposeRuling: 30 };

/** A call that the reader, or the time limit, stopped. */
class Stopped extends Error {}

/* The engine runs in a Web Worker (try-it-worker.js): the page's main thread never waits on
 * Python, so a long run cannot freeze the tab. One call runs at a time, in order; each has
 * a time limit, and a call that outruns it, or that the reader stops, ends the worker
 * (terminate) and starts a fresh one for the next Run. */
class Engine {
  constructor() {
    this.worker = null;
    this.ready = null;
    this.readyFailed = null;
    this.state = { loaded: 0, total: 0, what: "loading the rules engine" };
    this.watchers = new Set();
    this.calls = new Map();
    this.next = 0;
    this.queue = Promise.resolve();
    this.running = false;
  }

  /** Start the worker (once): it loads the engine at once, while the reader reads. */
  start() {
    if (this.worker) return this.ready;
    const early = earlyWorker(); // started by try-it.js at the click, while this file loaded
    const worker = early
      ? early.worker
      : new Worker(ROOT + "javascripts/try-it-worker.js", { type: "module", name: "battlebook-engine" });
    this.worker = worker;
    this.state = { loaded: 0, total: 0, what: "loading the rules engine" };
    this.ready = new Promise((resolve, reject) => {
      this.readyResolved = resolve;
      this.readyFailed = reject;
    });
    this.ready.catch(() => {});
    const failed = (event) => {
      if (worker !== this.worker) return;
      this.fail(new Error(event.message || "the rules engine's worker could not start"));
    };
    worker.addEventListener("message", (event) => this.receive(worker, event.data));
    worker.addEventListener("error", failed);
    for (const event of early ? early.events : []) {
      if (event.type === "message") this.receive(worker, event.data);
      else failed(event);
    }
    return this.ready;
  }

  receive(worker, message) {
    if (worker !== this.worker || !message) return;
    if (message.type === "progress") {
      this.state = message;
      for (const watch of this.watchers) watch(message);
    } else if (message.type === "ready") {
      Object.assign(timings, message.timings);
      timings.bytes = message.bytes;
      timings.warmedUp = message.warmedUp; // the worker's own warm-up ran (no Run was asked for in time)
      this.readyResolved();
    } else if (message.type === "failed") {
      this.fail(new Error(message.error));
    } else if (message.type === "answer") {
      const call = this.calls.get(message.id);
      if (!call) return;
      this.calls.delete(message.id);
      clearTimeout(call.timer);
      if (message.ok) call.resolve({ value: message.value, seconds: message.seconds });
      else call.reject(new Error(message.error));
    }
  }

  /** The worker could not load: every waiting call fails; the next call starts a fresh one. */
  fail(error) {
    const worker = this.worker;
    this.worker = null;
    if (worker) worker.terminate();
    this.readyFailed(error);
    for (const call of this.calls.values()) {
      clearTimeout(call.timer);
      call.reject(error);
    }
    this.calls.clear();
  }

  /** Call the engine's `name` with `args`, after the calls before it; resolves to {value, seconds}. */
  call(name, args, hooks = {}) {
    const turn = this.queue.then(() => this.callNow(name, args, hooks));
    this.queue = turn.catch(() => {});
    return turn;
  }

  async callNow(name, args, hooks) {
    const ready = this.start();
    // Told before the engine is ready, the worker skips its own warm-up run: this one does its work.
    if (name === "run") this.worker.postMessage({ call: "runComing" });
    const watch = hooks.onProgress;
    if (watch) {
      this.watchers.add(watch);
      watch(this.state);
    }
    try {
      await ready;
    } finally {
      if (watch) this.watchers.delete(watch);
    }
    if (hooks.onRunning) hooks.onRunning();
    const worker = this.worker;
    const id = ++this.next;
    const limit = LIMITS[name] || LIMITS.run;
    this.running = true;
    try {
      return await new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => this.stop(`it ran for more than ${limit} s, the longest a run may take in the page`),
          limit * 1000,
        );
        this.calls.set(id, { resolve, reject, timer });
        worker.postMessage({ id, call: name, args });
      });
    } finally {
      this.running = false;
    }
  }

  /** End the worker now: the call under way (or the loading) stops with `reason`. After a run, a
   * fresh worker starts at once, so the next Run does not wait; a loading stopped stays stopped. */
  stop(reason) {
    const worker = this.worker;
    if (!worker) return;
    const wasRunning = this.running;
    worker.terminate();
    this.worker = null;
    const error = new Stopped(reason);
    this.readyFailed(error);
    for (const call of this.calls.values()) {
      clearTimeout(call.timer);
      call.reject(error);
    }
    this.calls.clear();
    if (wasRunning) this.start();
  }
}

const engine = new Engine();

/** Start loading the rules engine (a panel or calculator was opened): the first Run then finds it ready. */
export function warm() {
  engine.start();
}

/** Whether the rules engine is loading or loaded in this page (its worker is alive). */
export function engineStarted() {
  return engine.worker !== null;
}

/* ---------- the editor ---------- */

const KEYWORD = /^(\s*)(Feature|Rule|Background|Scenario Outline|Scenario Template|Scenario|Example|Examples|Scenarios|Given|When|Then|And|But|\*)(:?)(?=\s|$)/;

function highlightLine(line) {
  const parts = [];
  const comment = /^\s*#/.test(line);
  const tags = /^\s*@/.test(line);
  if (comment) return [el("span", { class: "bb-hl-comment", text: line })];
  if (tags) return [el("span", { class: "bb-hl-tag", text: line })];
  let rest = line;
  const match = KEYWORD.exec(line);
  if (match) {
    parts.push(match[1]);
    parts.push(el("span", { class: "bb-hl-keyword", text: match[2] + match[3] }));
    rest = line.slice(match[0].length);
  }
  // Parameters: quoted text, numbers, and {placeholders} from the catalogue.
  const token = /("[^"]*"|\{[^}]*\}|\b\d+\b|\|)/g;
  let last = 0;
  for (const found of rest.matchAll(token)) {
    parts.push(rest.slice(last, found.index));
    const cls = found[0] === "|" ? "bb-hl-pipe" : found[0].startsWith("{") ? "bb-hl-placeholder" : "bb-hl-param";
    parts.push(el("span", { class: cls, text: found[0] }));
    last = found.index + found[0].length;
  }
  parts.push(rest.slice(last));
  return parts;
}

/** Above this size the editor shows its text plainly, unhighlighted: repainting the highlight
 * at every key would keep the page busy (a pasted outline of thousands of rows). */
const PLAIN = { characters: 30000, lines: 1000 };
/** Screens this narrow (a phone's) wrap the editor's long lines instead of cutting them at its edge. */
const NARROW = "(max-width: 44.984em)";

function makeEditor(text, label) {
  const code = el("code");
  const pre = el("pre", { class: "bb-editor-hl", "aria-hidden": "true" }, code);
  const area = el("textarea", {
    class: "bb-editor-text",
    spellcheck: "false",
    autocapitalize: "off",
    autocomplete: "off",
    wrap: "off",
    "aria-label": label,
  });
  area.value = text;
  const box = el("div", { class: "bb-editor" }, pre, area);
  const narrow = window.matchMedia(NARROW);
  const paint = () => {
    const value = area.value;
    let lines = 1;
    for (let i = value.indexOf("\n"); i !== -1 && lines <= PLAIN.lines; i = value.indexOf("\n", i + 1)) lines++;
    const plain = value.length > PLAIN.characters || lines > PLAIN.lines;
    // On a phone the lines wrap; the textarea then grows to its whole text, so that it has no
    // scrollbar of its own and wraps its lines exactly where the highlighted copy under it does.
    const wrap = narrow.matches && !plain;
    box.classList.toggle("bb-editor-plain", plain);
    box.classList.toggle("bb-editor-wrap", wrap);
    area.wrap = wrap ? "soft" : "off";
    if (plain) {
      code.replaceChildren();
    } else {
      code.replaceChildren(...value.split("\n").flatMap((line) => [...highlightLine(line), "\n"]));
      pre.scrollTop = area.scrollTop;
      pre.scrollLeft = area.scrollLeft;
    }
    area.rows = Math.min(Math.max(lines + 1, 6), 30);
    area.style.height = "";
    if (wrap && area.isConnected) area.style.height = `${area.scrollHeight}px`;
  };
  area.addEventListener("input", paint);
  narrow.addEventListener("change", paint);
  // Once in the page, and whenever the box's width changes, wrapped lines are measured again.
  let width = 0;
  new ResizeObserver(([entry]) => {
    if (entry.contentRect.width === width) return;
    width = entry.contentRect.width;
    if (box.classList.contains("bb-editor-wrap") || narrow.matches) paint();
  }).observe(box);
  area.addEventListener("scroll", () => {
    pre.scrollTop = area.scrollTop;
    pre.scrollLeft = area.scrollLeft;
  });
  paint();
  return { box, area, paint };
}

/* Put `text` in place of line `number` (from 1) of the editor, keeping its indent and keyword;
 * select the first {placeholder} of the new line, for the reader to type over. */
function replaceLine(area, paint, number, keyword, text) {
  const lines = area.value.split("\n");
  const index = number - 1;
  if (index < 0 || index >= lines.length) return;
  const found = /^(\s*)(\S+)\s/.exec(lines[index]);
  const indent = found ? found[1] : "    ";
  const word = found && /^(Given|When|Then|And|But|\*)$/.test(found[2]) ? found[2] : keyword;
  lines[index] = `${indent}${word} ${text}`;
  area.value = lines.join("\n");
  paint();
  const start = lines.slice(0, index).join("\n").length + (index ? 1 : 0);
  const hole = /\{[^}]*\}/.exec(lines[index]);
  area.focus();
  if (hole) area.setSelectionRange(start + hole.index, start + hole.index + hole[0].length);
  else area.setSelectionRange(start + lines[index].length, start + lines[index].length);
}

/* ---------- the step catalogue (the Playground's, and the search an undefined step offers) ---------- */

/** A JSON file of the site, fetched once when first asked for (and again after a failed fetch). */
function siteJson(path) {
  let loading = null;
  return () => {
    if (!loading) {
      loading = fetch(ROOT + path).then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.json();
      });
      loading.catch(() => (loading = null));
    }
    return loading;
  };
}

const loadCatalogue = siteJson("try/steps.json");

/** The steps of `game` (and shared ones) whose text, help or domain hold every word of `query`. */
const haystacks = new WeakMap();

function searchSteps(steps, game, query) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return steps.filter((s) => {
    if (game && s.game !== game && s.game !== "any") return false;
    let haystack = haystacks.get(s);
    if (haystack === undefined) {
      haystack = `${s.keyword} ${s.text} ${s.doc} ${s.domain}`.toLowerCase();
      haystacks.set(s, haystack);
    }
    return words.every((w) => haystack.includes(w));
  });
}

function stepButton(step, onPick) {
  return el(
    "button",
    { type: "button", class: "bb-play-step", title: step.doc || step.domain || "", onclick: () => onPick(step) },
    el("span", { class: "bb-hl-keyword", text: step.keyword }),
    ` ${step.text}`,
  );
}

/* What an undefined step offers in the page: its closest steps, and a search of the whole
 * catalogue; a click puts the step chosen in place of the undefined line. */
function stepFinder(undefinedStep, editor) {
  const pick = (step) => replaceLine(editor.area, editor.paint, undefinedStep.line, step.keyword, step.text);
  const search = el("input", {
    type: "search",
    class: "bb-play-search",
    placeholder: "Search the steps",
    "aria-label": `Search the steps for line ${undefinedStep.line}`,
  });
  const count = el("p", { class: "bb-play-count", role: "status" });
  const list = el("ul", { class: "bb-play-steps bb-try-found" });
  const closest = el(
    "ul",
    { class: "bb-play-steps bb-try-closest" },
    ...undefinedStep.closest.map((step) => el("li", {}, stepButton(step, pick))),
  );
  const finder = el(
    "div",
    { class: "bb-try-finder", "aria-busy": "true" },
    el("p", { class: "bb-try-finder-title", text: `No step reads like line ${undefinedStep.line}. The closest steps (a click puts one in its place):` }),
    closest,
    el("label", { class: "bb-play-label", text: "Or search every step: " }),
    search,
    count,
    list,
  );
  loadCatalogue()
    .then((steps) => {
      const first = undefinedStep.closest[0];
      const known = first && steps.find((s) => s.text === first.text);
      const game = known && known.game !== "any" ? known.game : null;
      const words = [...new Set(undefinedStep.text.slice(0, SHOWN_LINE).toLowerCase().match(/[a-z]{4,}/g) || [])];
      const useful = words.filter((w) => searchSteps(steps, game, w).length > 0);
      const show = () => {
        const found = search.value.trim() ? searchSteps(steps, game, search.value) : [];
        list.replaceChildren(...found.slice(0, 40).map((step) => el("li", {}, stepButton(step, pick))));
        count.textContent = search.value.trim()
          ? `${found.length} steps${found.length > 40 ? " (the first 40 shown)" : ""}`
          : "";
      };
      search.value = useful.sort((a, b) => searchSteps(steps, game, a).length - searchSteps(steps, game, b).length)[0] || "";
      search.addEventListener("input", show);
      show();
    })
    .catch(() => {
      count.textContent = "The step catalogue could not be loaded.";
    })
    .finally(() => finder.setAttribute("aria-busy", "false"));
  return finder;
}

/* ---------- results ---------- */

const KIND_TEXT = { unchecked: "checks nothing", open: "open question" };
const STATUS_MARK = { passed: "✓", failed: "✗", undefined: "?", skipped: "–", "not run": "–" };
/** Examples drawn at once; the drawings of those after them are drawn when their fold is opened. */
const DRAWN_AT_ONCE = 8;
/** Examples put in the page per task: a result of hundreds of examples never holds the page long. */
const EXAMPLES_PER_TASK = 20;

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The most characters of one line a result shows: laying out a line of 100,000 would hold the page. */
const SHOWN_LINE = 400;

function shorten(text) {
  return text
    .split("\n")
    .map((line) => (line.length > SHOWN_LINE ? `${line.slice(0, SHOWN_LINE)}… (${line.length - SHOWN_LINE} more characters)` : line))
    .join("\n");
}

function drawingOf(example, drawing, atOnce) {
  const intro = drawing.at_line
    ? `The battle as it stood when the example stopped, at line ${drawing.at_line}. ${drawing.intro}`
    : drawing.intro;
  const introBlock = el("p", { class: "bb-try-drawing-intro", text: intro });
  if (atOnce) {
    const figures = safeDrawing(drawing.markup);
    return figures ? [introBlock, figures] : [];
  }
  const fold = el("details", { class: "bb-try-drawing-fold" }, el("summary", { text: "Show the drawing" }));
  fold.addEventListener(
    "toggle",
    () => {
      const figures = safeDrawing(drawing.markup);
      if (figures) fold.append(introBlock, figures);
    },
    { once: true },
  );
  return [fold];
}

function exampleBox(example, editor) {
  const box = el("section", { class: `bb-try-example bb-try-${example.kind}`, "data-kind": example.kind });
  box.append(
    el(
      "p",
      { class: "bb-try-verdict" },
      el("span", { class: `bb-try-kind bb-try-kind-${example.kind}`, text: KIND_TEXT[example.kind] || example.kind }),
      ` line ${example.line}: ${shorten(example.name)}`,
    ),
  );
  const steps = el("ol", { class: "bb-try-steps" });
  for (const step of example.steps) {
    const cls = `bb-try-step bb-try-step-${step.status.replace(" ", "-")}`;
    steps.append(
      el(
        "li",
        { class: cls, "data-status": step.status },
        el("span", { class: "bb-try-step-status", text: `${STATUS_MARK[step.status] || ""} ${step.status}` }),
        el("span", { class: "bb-try-step-text", text: shorten(`${step.keyword} ${step.text}`) }),
        el("span", { class: "bb-try-step-line", text: `line ${step.line}` }),
      ),
    );
  }
  box.append(steps);
  if (example.explanation.length) {
    box.append(el("pre", { class: "bb-try-explain", text: shorten(example.explanation.join("\n")) }));
  }
  if (example.undefined && editor) box.append(stepFinder(example.undefined, editor));
  if (example.chance) {
    box.append(el("p", { class: "bb-try-chance" }, el("strong", { text: "Chance of the last attack: " }), example.chance));
  }
  return box;
}

/** The result each holder is building (a newer run's, or a Reset, replaces it). */
const building = new WeakMap();

/** Empty `holder`, and stop the result being built for it. */
function clearResult(holder) {
  building.delete(holder);
  holder.replaceChildren();
}

/* The result of a run, put in `holder` a few examples per task. It joins the page once its first
 * part is built (its first examples, up to the first drawing): the chapter under the panel is
 * laid out and repainted once for it, not once per part. */
async function renderResult(holder, result, seconds, editor) {
  const out = el("div", { class: "bb-try-output" });
  building.set(holder, out);
  let shown = false;
  const show = () => {
    if (!shown) holder.replaceChildren(out);
    shown = true;
  };
  const replaced = () => building.get(holder) !== out || (shown && !out.isConnected);
  // The problems `battlebook check` lists before the examples, in its words: the file that cannot be
  // read, or each convention it breaks, with file and line.
  if (result.problems.length) {
    out.append(el("ul", { class: "bb-try-problems" }, ...result.problems.map((line) => el("li", { class: "bb-try-malformed", text: shorten(line) }))));
  }
  let drawn = 0;
  for (let i = 0; i < result.examples.length; i++) {
    if (i && i % EXAMPLES_PER_TASK === 0) {
      show();
      await nextTask();
      if (replaced()) return;
    }
    const example = result.examples[i];
    const box = exampleBox(example, editor);
    out.append(box);
    const atOnce = example.drawings.length > 0 && drawn < DRAWN_AT_ONCE;
    if (atOnce) {
      drawn++;
      await nextTask(); // a drawing is the heaviest part: a task of its own
      if (replaced()) return;
    }
    for (const drawing of example.drawings) box.append(...drawingOf(example, drawing, atOnce));
    if (atOnce) show();
  }
  const took = seconds === undefined ? "" : ` (ran in ${seconds.toFixed(2)} s)`;
  out.append(el("p", { class: "bb-try-summary", text: result.summary + took }));
  show();
}

/* Drawings: SVG rebuilt from an allow-list of elements and attributes. */
const ALLOWED_ELEMENTS = new Set([
  "div", "figure", "figcaption", "span", "p", "details", "summary", "ul", "ol", "li", "dl", "dt", "dd", "strong",
  "em", "b", "i", "code", "small", "br", "table", "thead", "tbody", "tr", "th", "td", "svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline",
  "polygon", "text", "tspan", "title", "desc", "defs", "marker", "clippath", "lineargradient", "stop", "symbol", "use",
]);
const BLOCKED_ATTRIBUTE = /^(on|style$|href$|xlink:href$|src$|srcdoc$|formaction$|action$)/i;

function safeAttribute(name, value) {
  if (BLOCKED_ATTRIBUTE.test(name) || !/^[a-zA-Z][a-zA-Z0-9:_-]*$/.test(name)) return false;
  if (/url\s*\(/i.test(value) && !/^\s*url\(#[\w-]+\)\s*$/.test(value)) return false;
  return !/javascript:|data:/i.test(value);
}

function rebuild(node) {
  if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.textContent);
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const name = node.localName.toLowerCase();
  if (!ALLOWED_ELEMENTS.has(name)) return null;
  const svg = node.namespaceURI === SVG_NS;
  const copy = svg ? document.createElementNS(SVG_NS, node.localName) : document.createElement(name);
  for (const attribute of Array.from(node.attributes)) {
    if (name === "use" && attribute.name.endsWith("href") && /^#[\w-]+$/.test(attribute.value)) {
      copy.setAttribute("href", attribute.value);
    } else if (safeAttribute(attribute.name, attribute.value)) {
      copy.setAttribute(attribute.name, attribute.value);
    }
  }
  for (const child of Array.from(node.childNodes)) {
    const built = rebuild(child);
    if (built) copy.append(built);
  }
  return copy;
}

function safeDrawing(markup) {
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${markup}`, "text/html");
  const holder = el("div", { class: "bb-try-drawings" });
  for (const child of Array.from(parsed.body.childNodes)) {
    const built = rebuild(child);
    if (built) holder.append(built);
  }
  // The drawing after the last step is the point of a run: open any fold the page uses.
  for (const fold of holder.querySelectorAll("details")) fold.open = true;
  return holder.querySelector("svg") ? holder : null;
}

/* ---------- sharing ---------- */

/** The longest packed scenario a link may carry, in characters: 100,000 characters of text, however
 * badly they compress, pack into less. Longer links are refused before anything is inflated. */
const MAX_LINK = 600000;

/** A shared scenario over the page's limits. */
class TooLong extends Error {}

function toBase64Url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/* Inflate a link's scenario, a chunk at a time, and stop as soon as it outgrows what the page
 * runs: a small link cannot inflate into gigabytes. */
export async function unpack(data) {
  if (data.length > MAX_LINK) throw new TooLong("the scenario in the link is too long");
  const stream = new Blob([fromBase64Url(data)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_TEXT * 4) {
      // four bytes at most per character: already more text than a run takes
      reader.cancel().catch(() => {});
      throw new TooLong("the scenario in the link is too long");
    }
    chunks.push(value);
  }
  const text = await new Blob(chunks).text();
  if (text.length > MAX_TEXT) throw new TooLong("the scenario in the link is too long");
  return text;
}

/** What a link's `#try=` part says: the packed scenario and, from a chapter, the example it was tried under. */
function readShared(hash) {
  const [data, ...rest] = hash.slice("#try=".length).split("&");
  const params = new URLSearchParams(rest.join("&"));
  return { data, example: params.get("example") };
}

function playgroundUrl() {
  return ROOT + "playground/";
}

/* ---------- a panel: editor, Run, Stop, Share, result ---------- */

function makePanel(text, options = {}) {
  const editor = makeEditor(text, options.label || "Scenario (Gherkin): edit it, then Run");
  const { box, area, paint } = editor;
  const status = el("p", { class: "bb-try-status", role: "status", "aria-live": "polite" });
  const bar = el("progress", { class: "bb-try-progress", max: "1", value: "0", hidden: true });
  const result = el("div", { class: "bb-try-result", "aria-live": "polite" });
  const original = text;
  let running = false;

  const showProgress = ({ loaded, total, what }) => {
    bar.hidden = false;
    bar.max = total || 1;
    bar.value = loaded;
    status.textContent = total ? `${what}: ${megabytes(loaded)} of ${megabytes(total)} MB` : `${what}…`;
  };

  const run = async () => {
    if (running) return;
    running = true;
    runButton.disabled = true;
    stopButton.hidden = false;
    clearResult(result);
    const clicked = performance.now();
    try {
      const { value: answer, seconds } = await engine.call("run", [area.value], {
        onProgress: showProgress,
        onRunning: () => {
          bar.hidden = true;
          status.textContent = "running…";
        },
      });
      timings.lastRun = seconds;
      const shown = performance.now();
      await renderResult(result, answer, (shown - clicked) / 1000, editor);
      timings.lastRender = (performance.now() - shown) / 1000;
      status.textContent = answer.summary;
      panel.dataset.state = answer.ok ? "passed" : "not-passed";
    } catch (error) {
      bar.hidden = true;
      if (error instanceof Stopped) {
        status.textContent = `Stopped: ${error.message}.`;
        panel.dataset.state = "stopped";
      } else {
        status.textContent = `The rules engine could not run: ${error.message}`;
        panel.dataset.state = "error";
      }
    } finally {
      running = false;
      runButton.disabled = false;
      stopButton.hidden = true;
      runButton.dataset.runs = String(Number(runButton.dataset.runs || 0) + 1);
    }
  };

  const share = async () => {
    const base = options.shareUrl || playgroundUrl();
    const example = options.example ? `&example=${encodeURIComponent(options.example)}` : "";
    const link = `${base}#try=${await pack(area.value)}${example}`;
    linkField.value = link;
    linkField.hidden = false;
    linkField.select();
    try {
      await navigator.clipboard.writeText(link);
      status.textContent = "Link copied: it holds the whole scenario (nothing is stored on a server).";
    } catch {
      status.textContent = "Copy this link: it holds the whole scenario (nothing is stored on a server).";
    }
  };

  const runButton = el("button", { type: "button", class: "bb-try-run", onclick: run, title: "Run (Ctrl+Enter)" }, "Run");
  const stopButton = el(
    "button",
    {
      type: "button",
      class: "bb-try-stop",
      hidden: true,
      title: "Stop the run (the rules engine restarts)",
      onclick: () => engine.stop(engine.running ? "you stopped the run; the rules engine restarts for the next Run" : "you stopped the loading; Run loads the rules engine again"),
    },
    "Stop",
  );
  const shareButton = el("button", { type: "button", class: "bb-try-share", onclick: share }, "Share link");
  const resetButton = el(
    "button",
    {
      type: "button",
      class: "bb-try-reset",
      onclick: () => {
        area.value = original;
        paint();
        clearResult(result);
        status.textContent = "";
      },
    },
    "Reset",
  );
  const linkField = el("input", { class: "bb-try-link", type: "text", readonly: true, hidden: true, "aria-label": "Link to this scenario" });
  area.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run();
    }
  });
  const extra = options.actions || [];
  const actions = el(
    "div",
    { class: "bb-try-actions" },
    runButton,
    stopButton,
    shareButton,
    resetButton,
    ...extra,
    el("span", { class: "bb-try-hint", text: "Ctrl+Enter runs" }),
  );
  // The progress bar and the status share one row of a fixed height: while the engine loads and
  // runs, nothing under them moves (a move lays out and repaints the whole chapter below the panel).
  const state = el("div", { class: "bb-try-state" }, bar, status);
  const panel = el("div", { class: "bb-try-panel" }, box, actions, state, linkField, result);
  warm(); // the engine loads while the reader reads and edits
  return { panel, area, paint, run, status, result };
}

/* ---------- Try it on an example ---------- */

function textsFor(path) {
  if (!exampleTexts.has(path)) {
    const file = path.replace(/\/$/, "").replace(/\/index\.html$/, "") + ".json";
    const promise = fetch(`${ROOT}try/examples/${file}`).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json();
    });
    promise.catch(() => exampleTexts.delete(path));
    exampleTexts.set(path, promise);
  }
  return exampleTexts.get(path);
}

function chapterUrl() {
  return location.href.split("#")[0];
}

function openPanel(bar, button, anchor, text, shared) {
  const label = shared ? "A shared scenario (Gherkin): edit it, then Run" : "This example's scenario (Gherkin): edit it, then Run";
  const { panel, area } = makePanel(text, { label, shareUrl: chapterUrl(), example: anchor });
  if (shared) panel.dataset.shared = "";
  bar.append(panel);
  button.setAttribute("aria-expanded", "true");
  button.textContent = "Close";
  area.focus({ preventScroll: true });
  return panel;
}

export async function toggleExample(bar, button, anchor, path) {
  const open = bar.querySelector(".bb-try-panel");
  if (open) {
    open.remove();
    button.setAttribute("aria-expanded", "false");
    button.textContent = "Try it";
    return;
  }
  const unused = !engineStarted(); // nothing on this page has asked for the engine before
  warm(); // the reader asked for the panel: the engine loads while its text is fetched
  let text;
  let problem = null;
  try {
    text = (await textsFor(path))[anchor];
    if (typeof text !== "string") problem = "the site has no text for this example";
  } catch (error) {
    problem = error.message;
  }
  const said = bar.querySelector(":scope > .bb-try-status");
  if (said) said.remove();
  if (problem !== null) {
    // No panel opens: an engine that started loading for this one alone stops (the next Try it starts it again).
    if (unused && !document.querySelector(".bb-try-panel")) engine.stop("the example's text could not be loaded");
    bar.append(el("p", { class: "bb-try-status", role: "status", text: `The example's text could not be loaded (${problem}).` }));
    return;
  }
  openPanel(bar, button, anchor, text, false);
}

/* A link shared from an example opens on its chapter, under that example, in a panel of its own. */
function openSharedExample(anchor, text) {
  const target = document.getElementById(anchor);
  const heading = target && target.closest(".bb-example-title");
  const bar = heading && heading.nextElementSibling;
  if (!bar || !bar.classList.contains("bb-try-bar")) return false;
  const button = bar.querySelector(".bb-try-button");
  const open = bar.querySelector(".bb-try-panel");
  if (open) open.remove();
  const panel = openPanel(bar, button, anchor, text, true);
  heading.scrollIntoView({ block: "start" });
  return panel;
}

/* ---------- the Playground ---------- */

/* The games the Playground offers, as the site states them from the registry (try/games.json):
 * each one's name, title, editions and the text of a new scenario. */
const loadGames = siteJson("try/games.json");

/** The game a scenario's text declares (`@game:NAME`), else the one whose edition it names, else none. */
function declaredGame(games, text) {
  const tag = /(?:^|\s)@game:([\w-]+)/m.exec(text);
  if (tag && games.some((g) => g.name === tag[1])) return tag[1];
  const edition = /(?:^|\s)@edition:([\w-]+)/m.exec(text);
  const edited = edition ? games.filter((g) => g.editions.includes(edition[1])) : [];
  return edited.length === 1 ? edited[0].name : null;
}

function stepBlock(step, indent) {
  if (!step.text.endsWith(":")) return [];
  if (/these|read:$/.test(step.text)) {
    return [`${indent}  | name | ... |`, `${indent}  | ...  | ... |`];
  }
  return [`${indent}  """`, `${indent}  ...`, `${indent}  """`];
}

function insertStep(area, step) {
  const lines = area.value.replace(/\n+$/, "").split("\n");
  const caretLine = area.value.slice(0, area.selectionStart).split("\n").length - 1;
  const at = area.selectionStart === area.value.length || area.selectionStart === 0 ? lines.length - 1 : Math.min(caretLine, lines.length - 1);
  let keyword = step.keyword === "Step" ? "And" : step.keyword;
  for (let i = at; i >= 0; i--) {
    const found = /^\s*(Given|When|Then|And|But)\s/.exec(lines[i]);
    if (found) {
      let previous = found[1];
      for (let j = i; (previous === "And" || previous === "But") && j >= 0; j--) {
        const earlier = /^\s*(Given|When|Then)\s/.exec(lines[j]);
        if (earlier) previous = earlier[1];
      }
      if (previous === keyword) keyword = "And";
      break;
    }
    if (/^\s*(Example|Scenario|Background)/.test(lines[i])) break;
  }
  const indent = "    ";
  const added = [`${indent}${keyword} ${step.text}`, ...stepBlock(step, indent)];
  lines.splice(at + 1, 0, ...added);
  area.value = lines.join("\n") + "\n";
  const caret = lines.slice(0, at + 1 + added.length).join("\n").length;
  area.setSelectionRange(caret, caret);
  area.dispatchEvent(new Event("input"));
  area.focus();
}

async function setupPlayground(holder, sharedText) {
  if (holder.dataset.ready) {
    if (sharedText !== undefined) holder.bbLoad(sharedText);
    return;
  }
  holder.dataset.ready = "1";
  const games = await loadGames();
  const template = Object.fromEntries(games.map((g) => [g.name, g.template]));
  const game = el("select", { class: "bb-play-game", "aria-label": "Game" }, ...games.map((g) => el("option", { value: g.name }, g.title)));
  const proposeButton = el("button", { type: "button", class: "bb-propose-open", "aria-expanded": "false" }, "Propose as a ruling");
  const opening = sharedText ?? template[game.value];
  game.value = declaredGame(games, opening) || game.value;
  const { panel, area, paint } = makePanel(opening, { label: "Your scenario (Gherkin)", actions: [proposeButton] });
  const search = el("input", { type: "search", class: "bb-play-search", placeholder: "Search the steps", "aria-label": "Search the steps" });
  const list = el("ul", { class: "bb-play-steps" });
  const count = el("p", { class: "bb-play-count", role: "status" });
  const steps = await loadCatalogue();
  const show = () => {
    const shown = searchSteps(steps, game.value, search.value);
    list.replaceChildren(
      ...shown.map((step) =>
        el("li", {}, stepButton(step, (picked) => insertStep(area, picked)), el("span", { class: "bb-play-domain", text: step.domain })),
      ),
    );
    count.textContent = `${shown.length} steps; a click adds one under the line the cursor is on`;
  };
  game.addEventListener("change", () => {
    area.value = template[game.value];
    paint();
    show();
  });
  search.addEventListener("input", show);
  holder.bbLoad = (text) => {
    area.value = text;
    game.value = declaredGame(games, text) || game.value;
    paint();
    show();
    holder.scrollIntoView({ block: "start" });
  };
  const side = el("div", { class: "bb-play-catalogue" }, el("label", { class: "bb-play-label" }, "Game ", game), search, count, list);
  const proposal = el("div", { class: "bb-propose-holder" });
  proposeButton.addEventListener("click", () => {
    const open = proposal.firstChild;
    if (open) {
      proposal.replaceChildren();
      proposeButton.setAttribute("aria-expanded", "false");
      return;
    }
    proposal.append(makeProposal(area));
    proposeButton.setAttribute("aria-expanded", "true");
    proposal.querySelector("input").focus();
  });
  holder.replaceChildren(el("div", { class: "bb-play" }, el("div", { class: "bb-play-editor" }, panel, proposal), side));
  if (sharedText !== undefined) holder.bbLoad(sharedText);
  else show();
}

/* ---------- propose a ruling ---------- */

const loadRulingFacts = siteJson("try/rulings.json");

function slugOf(text) {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

function field(label, control, hint) {
  return el("label", { class: "bb-propose-field" }, el("span", { class: "bb-propose-label", text: label }), control, hint ? el("small", { text: hint }) : null);
}

const PULL_REQUEST_STEPS = [
  "Download the file (or copy it).",
  "In your fork of the Battlebook repository (on GitHub: Fork, then Add file, Upload files), put it at the path shown above, in a branch of its own.",
  "Link it from the rule chapter it settles a question of, as shown above: CI fails a ruling that no chapter links to (tests/unit/test_ruling_links.py).",
  "In a clone, `battlebook check` on the file and `make test` run every check the project's CI runs; the page has run the same examples already.",
  "Open a pull request titled after the ruling: the reviewers read your three paragraphs and the examples that pin the reading down.",
];

/* The chapter's link to a proposed ruling: which file, after which line, and the line itself (to copy). */
function chapterLinkBlock(link) {
  if (!link) {
    return el("p", {
      class: "bb-propose-link",
      text: "No rule chapter cites the sections you chose: link the ruling from the chapter rule it settles a question of, with a line such as [the question](rule:ruling.NAME) in that Rule's description (CI checks that a chapter links to every ruling).",
    });
  }
  const line = el("textarea", { class: "bb-propose-link-line", readonly: true, rows: "2", "aria-label": `The line to add to ${link.file}` });
  line.value = link.line;
  return el(
    "div",
    { class: "bb-propose-link" },
    el(
      "p",
      {},
      "The chapter's link, which CI needs: in ",
      el("code", { text: link.file }),
      `, after line ${link.after} (the end of the description of the Rule tagged @id:${link.rule}), add an empty line and this one:`,
    ),
    line,
  );
}

/* The Playground's "Propose as a ruling": the reader's scenario becomes a ruling file in the
 * book's conventions, checked by the engine, to download or copy, with the steps of a pull request. */
function makeProposal(area) {
  const title = el("input", { type: "text", name: "title", required: true, autocomplete: "off" });
  const slug = el("input", { type: "text", name: "slug", required: true, autocomplete: "off", pattern: "[a-z0-9]+(-[a-z0-9]+)*" });
  const sources = el("select", { name: "sources", multiple: true, size: "6" });
  const question = el("textarea", { name: "question", rows: "3", required: true });
  const reading = el("textarea", { name: "reading", rows: "3", required: true });
  const alternative = el("textarea", { name: "alternative", rows: "3", required: true });
  const rule = el("input", { type: "text", name: "rule", required: true, autocomplete: "off" });
  const make = el("button", { type: "submit", class: "bb-try-run" }, "Make the ruling file");
  const status = el("p", { class: "bb-try-status", role: "status", "aria-live": "polite" });
  const out = el("div", { class: "bb-propose-result", "aria-live": "polite" });
  let slugEdited = false;
  title.addEventListener("input", () => {
    if (!slugEdited) slug.value = slugOf(title.value);
  });
  slug.addEventListener("input", () => (slugEdited = true));
  const form = el(
    "form",
    { class: "bb-propose", novalidate: true, "aria-label": "Propose your scenario as a ruling" },
    el("p", { class: "bb-propose-intro", text: "Where the sources leave a question open, a ruling adopts one reading, names the other, and pins the choice with examples: the ones in the editor above. Fill in the rest in your own words." }),
    field("The question in a few words (the ruling's title)", title),
    field("File name", slug, "features/rulings/NAME.feature; the Rule's identifier is ruling.NAME"),
    field("The source sections the question comes from (one or more)", sources),
    field("The question: what the sources leave open, and why a player could read it two ways", question),
    field("Battlebook's reading: the one the examples check", reading),
    field("The alternative: the other reading, and how a scenario could choose it", alternative),
    field("The adopted reading as one sentence (the Rule)", rule),
    el("div", { class: "bb-try-actions" }, make),
    status,
    out,
  );
  loadRulingFacts()
    .then((facts) => {
      form.bbFacts = facts;
      const groups = new Map();
      for (const section of facts.sources) {
        if (!groups.has(section.text)) groups.set(section.text, el("optgroup", { label: section.text }));
        groups.get(section.text).append(el("option", { value: section.key }, `${section.title} (${section.key})`));
      }
      sources.replaceChildren(...groups.values());
    })
    .catch((error) => (status.textContent = `The rulebook's sections could not be loaded (${error.message}).`));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const facts = form.bbFacts || { ids: [], next_chapter: 50 };
    const fields = {
      title: title.value,
      slug: slug.value.trim(),
      sources: Array.from(sources.selectedOptions, (o) => o.value),
      question: question.value,
      reading: reading.value,
      alternative: alternative.value,
      rule: rule.value,
      chapter: facts.next_chapter,
      rules: facts.rules || [],
    };
    if (facts.ids.includes(`ruling.${fields.slug}`)) {
      out.replaceChildren(el("ul", { class: "bb-propose-problems" }, el("li", { text: `ruling.${fields.slug} names a published rule already: choose another file name` })));
      return;
    }
    make.disabled = true;
    out.replaceChildren();
    try {
      const { value: answer } = await engine.call("proposeRuling", [area.value, JSON.stringify(fields)], {
        onProgress: ({ loaded, total, what }) => (status.textContent = total ? `${what}: ${megabytes(loaded)} of ${megabytes(total)} MB` : `${what}…`),
        onRunning: () => (status.textContent = "writing and checking the ruling…"),
      });
      status.textContent = "";
      showProposal(out, answer, fields);
    } catch (error) {
      status.textContent = error instanceof Stopped ? `Stopped: ${error.message}.` : `The rules engine could not run: ${error.message}`;
    } finally {
      make.disabled = false;
    }
  });
  return form;
}

async function showProposal(out, answer, fields) {
  if (answer.problems.length) {
    out.replaceChildren(
      el("p", { text: "Before the file can be written:" }),
      el("ul", { class: "bb-propose-problems" }, ...answer.problems.map((p) => el("li", { text: p }))),
    );
    return;
  }
  const name = answer.file.split("/").pop();
  const file = el("textarea", { class: "bb-propose-file", readonly: true, rows: String(Math.min(30, answer.text.split("\n").length + 1)), "aria-label": `The ruling file ${answer.file}` });
  file.value = answer.text;
  const download = el("a", { class: "bb-propose-open bb-propose-download", download: name, href: URL.createObjectURL(new Blob([answer.text], { type: "text/plain;charset=utf-8" })) }, `Download ${name}`);
  const copyStatus = el("span", { class: "bb-try-hint", role: "status" });
  const copy = el(
    "button",
    {
      type: "button",
      class: "bb-try-share",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(answer.text);
          copyStatus.textContent = "Copied.";
        } catch {
          file.select();
          copyStatus.textContent = "Press Ctrl+C to copy the selected text.";
        }
      },
    },
    "Copy",
  );
  const verdict = answer.ok
    ? `It passes the check: ${answer.check.summary}, and it follows the book's conventions.`
    : answer.conventions.length
      ? "It does not follow the book's conventions yet (see below); change the fields or the scenario and make it again."
      : `The check does not pass yet: ${answer.check.summary}. A ruling is published only when all its examples pass.`;
  const checked = el("div", { class: "bb-propose-check" });
  out.replaceChildren(
    el("p", { class: "bb-propose-verdict", "data-ok": answer.ok ? "yes" : "no", text: verdict }),
    el("p", {}, "The file, to go to ", el("code", { text: answer.file }), ":"),
    file,
    el("div", { class: "bb-try-actions" }, download, copy, copyStatus),
    answer.conventions.length ? el("ul", { class: "bb-propose-problems" }, ...answer.conventions.map((p) => el("li", { text: p }))) : null,
    chapterLinkBlock(answer.link),
    checked,
    el("p", { class: "bb-propose-steps-title", text: `To propose "${fields.title.trim()}" to the rulebook:` }),
    el("ol", { class: "bb-propose-steps" }, ...PULL_REQUEST_STEPS.map((step) => el("li", { text: step }))),
  );
  await renderResult(checked, answer.check, undefined, null);
}

/* ---------- calculators: one generic form, described by each game ---------- */

/* Each game describes the two calculators of its odds page (battlebook.calculator.PageForm:
 * fields, groups, bounds, choices), and the site hands the description to the page in a data
 * attribute (data-bb-forms). One form draws any game's: a number out of its bounds or a text
 * not of its shape is refused here, before anything is asked of the engine, which checks
 * every value again. No game is named in this script. */
function pageForms() {
  const holder = document.querySelector("[data-bb-forms]");
  try {
    return JSON.parse((holder && holder.dataset.bbForms) || "null");
  } catch {
    return null;
  }
}

function withinBounds(field, text) {
  if (!/^-?\d{1,12}$/.test(text.trim())) return false;
  const value = Number(text);
  return value >= field.low && value <= field.high;
}

function numbersWithin(field, text) {
  const parts = text.split(",");
  return /^[\d,\s]{0,200}$/.test(text) && parts.length <= field.most && parts.every((part) => withinBounds(field, part));
}

function matches(field, text) {
  return new RegExp(`^(?:${field.pattern})$`).test(text);
}

/** Whether `text` is a value the field takes (a select's options are checked where it is set). */
function fieldAccepts(field, text) {
  if (text.length > 200) return false;
  if (field.kind === "number") return withinBounds(field, text);
  if (field.kind === "numbers") return numbersWithin(field, text);
  if (field.kind === "text") return !field.pattern || matches(field, text);
  return field.choices.some(([value]) => value === text);
}

/** Why the field refuses its text, in one line. */
function refusal(field) {
  const what = field.what || field.label;
  if (field.kind === "number") return `${what}: give a whole number from ${field.low} to ${field.high}`;
  if (field.kind === "numbers") return `${what}: give a whole number from ${field.low} to ${field.high}, or up to ${field.most} separated by commas (such as 4,4,3)`;
  return `${what}: ${field.hint || "not a value it takes"}`;
}

function fieldInput(field) {
  if (field.kind === "choice") {
    const select = el("select", { name: field.name }, ...field.choices.map(([value, words]) => el("option", { value }, words)));
    select.value = field.default;
    return [el("label", { class: "bb-odds-field" }, el("span", { text: field.label }), select), select];
  }
  if (field.kind === "number") {
    const input = el("input", { type: "number", name: field.name, value: field.default, min: field.low, max: field.high, step: "1", inputmode: "numeric", required: true });
    return [el("label", { class: "bb-odds-field" }, el("span", { text: field.label }), input), input];
  }
  const attrs = { type: "text", name: field.name, value: field.default, spellcheck: "false", maxlength: "200" };
  if (field.kind === "numbers") attrs.inputmode = "numeric";
  if (field.pattern) attrs.pattern = field.pattern;
  const input = el("input", attrs);
  return [el("label", { class: "bb-odds-field" }, el("span", { text: field.label }), input, field.hint ? el("small", { text: field.hint }) : null), input];
}

/** A value as the engine's odds calculator takes it: a number, a list of numbers, or the text. */
function sent(field, text) {
  if (field.kind === "number") return Number(text);
  if (field.kind === "numbers") return text.split(",").map((part) => Number(part.trim()));
  return text;
}

/* A game's calculator form: `spec` as the game describes it; `call` the engine's ("odds" or
 * "fight"), `ask` what it is sent, `show` how its answer is drawn. */
function makeForm(game, spec, { call, ask, show, box, linkLabel }) {
  const form = el("form", { class: "bb-odds-form", novalidate: true });
  const result = el("div", { class: "bb-odds-result", "aria-live": "polite" });
  const status = el("p", { class: "bb-try-status", role: "status" });
  const bar = el("progress", { class: "bb-try-progress", max: "1", value: "0", hidden: true });
  const fields = {};
  const inputs = {};
  const groups = [];
  const conditional = []; // fields that count only under some value of a choice (field.counts), with their labels
  for (const part of spec.parts) {
    const holder = part.label ? el("fieldset", { class: "bb-fight-group" }, el("legend", { text: part.label })) : null;
    for (const field of part.fields) {
      const [label, input] = fieldInput(field);
      fields[field.name] = field;
      inputs[field.name] = input;
      if (field.counts) conditional.push([field, label, input]);
      (holder || form).append(label);
    }
    if (holder) {
      form.append(holder);
      groups.push([holder, part.when]);
    }
  }
  // Why a field does not count is said once, under the choice it depends on (one note per reason).
  const notes = new Map();
  for (const [field] of conditional) {
    const choice = inputs[field.counts[0]];
    if (!choice || notes.has(field.why)) continue;
    const note = el("small", { class: "bb-odds-ignored", id: `bb-${game}-${call}-why-${notes.size}`, text: field.why, hidden: true });
    choice.closest("label").append(note);
    notes.set(field.why, [note, choice]);
  }
  // A field that does not count under the choices made is hidden and disabled, its reason shown, and is not sent.
  const shape = () => {
    for (const [holder, when] of groups) if (when) holder.hidden = !(inputs[when[0]] && inputs[when[0]].value === when[1]);
    const ignored = new Set();
    for (const [field, label, input] of conditional) {
      const choice = inputs[field.counts[0]];
      const counts = Boolean(choice) && field.counts[1].includes(choice.value);
      input.disabled = !counts;
      label.hidden = !counts;
      if (!counts) ignored.add(field.why);
    }
    for (const [why, [note, choice]] of notes) {
      note.hidden = !ignored.has(why);
      const described = (choice.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && id !== note.id);
      if (!note.hidden) described.push(note.id);
      if (described.length) choice.setAttribute("aria-describedby", described.join(" "));
      else choice.removeAttribute("aria-describedby");
    }
  };
  for (const input of Object.values(inputs)) if (input.tagName === "SELECT") input.addEventListener("change", shape);
  shape();
  const compute = el("button", { type: "submit", class: "bb-try-run" }, spec.submit);
  const stop = el(
    "button",
    { type: "button", class: "bb-try-stop", hidden: true, onclick: () => engine.stop(engine.running ? "you stopped the computation; the rules engine restarts" : "you stopped the loading") },
    "Stop",
  );
  const shareButton = el("button", { type: "button", class: "bb-try-share" }, "Share link");
  const link = el("input", { class: "bb-try-link", type: "text", readonly: true, hidden: true, "aria-label": linkLabel });
  form.append(el("div", { class: "bb-try-actions" }, compute, stop, shareButton));

  const shown = () => Object.keys(fields).filter((name) => !inputs[name].closest("fieldset")?.hidden && !inputs[name].disabled);
  const values = () => Object.fromEntries(shown().map((name) => [name, inputs[name].value.trim()]));
  const read = () => {
    const v = values();
    for (const name of shown()) if (!fieldAccepts(fields[name], v[name])) throw new Error(refusal(fields[name]));
    return ask(v, (name) => sent(fields[name], v[name]));
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    let args;
    try {
      args = read();
    } catch (error) {
      status.textContent = error.message;
      return;
    }
    compute.disabled = true;
    stop.hidden = false;
    try {
      const { value: answer, seconds } = await engine.call(call, [game, JSON.stringify(args)], {
        onProgress: ({ loaded, total, what }) => {
          bar.hidden = false;
          bar.max = total || 1;
          bar.value = loaded;
          status.textContent = total ? `${what}: ${megabytes(loaded)} of ${megabytes(total)} MB` : `${what}…`;
        },
        onRunning: () => {
          bar.hidden = true;
          status.textContent = "computing…";
        },
      });
      status.textContent = "";
      show(result, answer, seconds);
      form.dataset.seconds = String(seconds);
    } catch (error) {
      bar.hidden = true;
      status.textContent = error instanceof Stopped ? `Stopped: ${error.message}.` : error.message.replace(/^\w+Error: /, "");
    } finally {
      compute.disabled = false;
      stop.hidden = true;
    }
  });
  shareButton.addEventListener("click", async () => {
    const query = new URLSearchParams(values()).toString();
    const url = new URL(location.href);
    url.hash = `${call}=${game}&${query}`;
    link.value = url.href;
    link.hidden = false;
    link.select();
    try {
      await navigator.clipboard.writeText(url.href);
      status.textContent = "Link copied.";
    } catch {
      status.textContent = "Copy this link.";
    }
  });
  const restore = (params) => {
    for (const [name, field] of Object.entries(fields)) {
      const value = params.get(name);
      // a link's value the field does not take (out of bounds, not of its shape) leaves the field as it was
      if (value !== null && fieldAccepts(field, value)) inputs[name].value = value;
    }
    shape();
  };
  const holder = el("div", { class: box, "data-game": game }, el("p", { class: "bb-odds-title", text: spec.title }), form, bar, status, link, result);
  holder.bbRestore = restore;
  holder.bbCompute = () => form.requestSubmit();
  return holder;
}

function chart(rows) {
  // rows: {label, fraction, percent, value, on}
  return el(
    "div",
    { class: "bb-odds-chart", role: "list" },
    ...rows.map((row) =>
      el(
        "div",
        { class: row.on ? "bb-odds-row bb-odds-on" : "bb-odds-row", role: "listitem" },
        el("span", { class: "bb-odds-label", text: row.label }),
        el("span", { class: "bb-odds-bar" }, el("span", { class: "bb-odds-fill", style: null })),
        el("span", { class: "bb-odds-value", text: `${row.fraction} (${row.percent})` }),
      ),
    ),
  );
}

function sizeBars(holder, rows) {
  const fills = holder.querySelectorAll(".bb-odds-fill");
  rows.forEach((row, i) => {
    fills[i].style.width = `${Math.max(0, Math.min(100, row.value * 100))}%`;
  });
}

/* An attack's odds, as the game words them (its answer's `shown`: lines, the main one, a chart). */
function showOdds(result, answer, seconds) {
  const { lines, main, rows } = answer.shown;
  const drawn = chart(rows);
  result.replaceChildren(
    ...lines.map((line) => el("p", { text: line })),
    el("p", { class: "bb-odds-main", text: main }),
    drawn,
    el("p", { class: "bb-try-summary", text: `answered in ${(seconds * 1000).toFixed(0)} ms` }),
  );
  sizeBars(drawn, rows);
}

function makeCalculator(game, spec) {
  return makeForm(game, spec, {
    call: "odds",
    ask: (v, value) => Object.keys(v).map(value),
    show: showOdds,
    box: "bb-odds-calculator",
    linkLabel: "Link to these odds",
  });
}

/* ---------- fight calculators ---------- */

function fightChart(title, rows) {
  // rows: [{label, fraction, percent, value}]
  const chartBox = el(
    "div",
    { class: "bb-fight-chart", role: "list", "aria-label": title },
    ...rows.map((row) =>
      el(
        "div",
        { class: "bb-fight-row", role: "listitem" },
        el("span", { class: "bb-fight-label", text: row.label }),
        el("span", { class: "bb-odds-bar" }, el("span", { class: "bb-odds-fill" })),
        el("span", { class: "bb-fight-percent", text: row.percent }),
        el("code", { class: "bb-fight-exact", text: row.fraction }),
      ),
    ),
  );
  return chartBox;
}

function sizeFightBars(holder, rows, relative) {
  // Chances as they are (who wins), or against the largest (a distribution's bars, small ones visible).
  const fills = holder.querySelectorAll(".bb-odds-fill");
  const most = relative ? Math.max(0, ...rows.map((row) => row.value)) : 1;
  rows.forEach((row, i) => {
    const share = most > 0 ? row.value / most : 0;
    fills[i].style.width = `${Math.max(0, Math.min(100, share * 100))}%`;
  });
}

function showFight(result, answer, seconds) {
  const parts = [el("p", { class: "bb-odds-main", text: answer.title })];
  const main = fightChart("Who wins", answer.chances);
  parts.push(main);
  if (answer.expected) {
    const value = answer.expected.value;
    parts.push(
      el("p", {
        class: "bb-fight-expected",
        text: value === null ? `${answer.expected.label}: none, the fight may go on for ever` : `${answer.expected.label}: ${value.fraction} (about ${value.decimal})`,
      }),
    );
  }
  const charts = [[main, answer.chances.map((c) => ({ value: c.value })), false]];
  for (const spread of answer.spreads) {
    const rows = spread.bars.map((bar) => ({ label: `${bar.number}`, fraction: bar.fraction, percent: bar.percent, value: bar.value }));
    const drawn = fightChart(spread.title, rows);
    parts.push(el("p", { class: "bb-fight-spread-title", text: `${spread.title} (${spread.unit}; bars against the largest)` }), drawn);
    charts.push([drawn, rows, true]);
  }
  if (answer.readings.length) {
    parts.push(el("p", { class: "bb-fight-readings-title", text: "Readings of the rules this answer took:" }));
    parts.push(el("ul", { class: "bb-fight-readings" }, ...answer.readings.map((reading) => el("li", { text: reading }))));
  }
  parts.push(el("p", { class: "bb-try-summary", text: `answered in ${(seconds * 1000).toFixed(0)} ms` }));
  result.replaceChildren(...parts);
  for (const [drawn, rows, relative] of charts) sizeFightBars(drawn, rows, relative);
}

function makeFightCalculator(game, spec) {
  return makeForm(game, spec, {
    call: "fight",
    ask: (v) => v, // the game turns its fields' texts into its question (Calculators.page_fight)
    show: showFight,
    box: "bb-fight-calculator",
    linkLabel: "Link to this fight",
  });
}

/* ---------- battle calculators ---------- */

/* Each game declares its battle calculator (the options of `battlebook odds battle GAME`), and
 * the site hands it to the page with the bounds (battlebook.runners.inpage.battle_form): every
 * field's name, words, shape, choices and opening value. One form draws any game's; the engine
 * reads and bounds every value again, as the command line does. No game is named here. */
const BATTLE_FIELD = 200;

function makeBattleCalculator(kind, declared) {
  const form = el("form", { class: "bb-odds-form bb-battle-form", novalidate: true });
  const result = el("div", { class: "bb-odds-result", "aria-live": "polite" });
  const status = el("p", { class: "bb-try-status", role: "status" });
  const bar = el("progress", { class: "bb-try-progress", max: "1", value: "0", hidden: true });
  const fields = {};
  for (const field of declared.fields) {
    const input = field.choices.length
      ? el("select", { name: field.name }, ...field.choices.map((choice) => el("option", { value: choice }, choice)))
      : el("input", { type: "text", name: field.name, value: field.value, placeholder: field.shape, spellcheck: "false", maxlength: String(BATTLE_FIELD) });
    if (field.choices.length && field.choices.includes(field.value)) input.value = field.value;
    const words = field.shape && !field.choices.length ? `${field.label} (${field.shape})` : field.label;
    form.append(el("label", { class: "bb-odds-field" }, el("span", { text: words }), input));
    fields[field.name] = input;
  }
  const compute = el("button", { type: "submit", class: "bb-try-run" }, "Compute the battle");
  const stop = el(
    "button",
    { type: "button", class: "bb-try-stop", hidden: true, onclick: () => engine.stop(engine.running ? "you stopped the computation; the rules engine restarts" : "you stopped the loading") },
    "Stop",
  );
  const shareButton = el("button", { type: "button", class: "bb-try-share" }, "Share link");
  const copyButton = el("button", { type: "button", class: "bb-battle-copy", hidden: true }, "Copy as an example");
  const link = el("input", { class: "bb-try-link", type: "text", readonly: true, hidden: true, "aria-label": "Link to this battle" });
  const exampleBox = el("textarea", { class: "bb-battle-example", readonly: true, hidden: true, rows: "12", spellcheck: "false", "aria-label": "This battle as an example" });
  const playground = el("a", { class: "bb-battle-playground", hidden: true }, "Open it in the Playground (run it, propose it as a ruling)");
  form.append(el("div", { class: "bb-try-actions" }, compute, stop, shareButton, copyButton));

  const values = () => Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.value.trim()]));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const given = values();
    const long = Object.keys(given).find((k) => given[k].length > BATTLE_FIELD);
    if (long) {
      status.textContent = `${long}: at most ${BATTLE_FIELD} characters`;
      return;
    }
    compute.disabled = true;
    stop.hidden = false;
    copyButton.hidden = true;
    exampleBox.hidden = true;
    playground.hidden = true;
    try {
      const { value: answer, seconds } = await engine.call("battle", [kind, JSON.stringify(given)], {
        onProgress: ({ loaded, total, what }) => {
          bar.hidden = false;
          bar.max = total || 1;
          bar.value = loaded;
          status.textContent = total ? `${what}: ${megabytes(loaded)} of ${megabytes(total)} MB` : `${what}…`;
        },
        onRunning: () => {
          bar.hidden = true;
          status.textContent = "Working the battle out…";
        },
      });
      status.textContent = "";
      showFight(result, answer, seconds);
      form.dataset.seconds = String(seconds);
      result.dataset.answer = JSON.stringify(answer.data);
      if (typeof answer.example === "string") {
        exampleBox.value = answer.example;
        copyButton.hidden = false;
        playground.href = `${playgroundUrl()}#try=${await pack(answer.example)}`;
      }
    } catch (error) {
      bar.hidden = true;
      result.replaceChildren();
      delete result.dataset.answer;
      status.textContent = error instanceof Stopped ? `Stopped: ${error.message}.` : error.message.replace(/^\w+Error: /, "");
    } finally {
      compute.disabled = false;
      stop.hidden = true;
    }
  });
  shareButton.addEventListener("click", async () => {
    const query = new URLSearchParams(values()).toString();
    const url = new URL(location.href);
    url.hash = `battle=${kind}&${query}`;
    link.value = url.href;
    link.hidden = false;
    link.select();
    try {
      await navigator.clipboard.writeText(url.href);
      status.textContent = "Link copied.";
    } catch {
      status.textContent = "Copy this link.";
    }
  });
  copyButton.addEventListener("click", async () => {
    exampleBox.hidden = false;
    playground.hidden = false;
    exampleBox.select();
    try {
      await navigator.clipboard.writeText(exampleBox.value);
      status.textContent = "Example copied: paste it into a .feature file and run battlebook check.";
    } catch {
      status.textContent = "Copy this example.";
    }
  });
  const restore = (params) => {
    for (const [key, field] of Object.entries(fields)) {
      const value = params.get(key);
      if (value === null || value.length > BATTLE_FIELD) continue;
      if (field.tagName === "SELECT") {
        if (Array.from(field.options).some((o) => o.value === value)) field.value = value;
      } else field.value = value; // a field's value, never markup: the engine reads and bounds it
    }
  };
  const box = el(
    "div",
    { class: "bb-battle-calculator", "data-game": kind },
    el("p", { class: "bb-odds-title", text: declared.title }),
    el("p", { class: "bb-battle-description", text: declared.description }),
    form,
    bar,
    status,
    link,
    result,
    exampleBox,
    playground,
  );
  box.bbRestore = (params) => {
    restore(params);
    form.requestSubmit(); // a shared battle is answered on arrival
  };
  return box;
}

function setupOdds() {
  const forms = pageForms();
  if (!forms) return;
  const game = forms.game;
  warm(); // the calculator answers at once when the reader presses Compute
  const article = document.querySelector("article") || document.querySelector(".md-content");
  if (!article) return;
  let box = article.querySelector(".bb-odds-calculator");
  if (!box) {
    box = makeCalculator(game, forms.odds);
    const slot = article.querySelector("[data-bb-odds]");
    const heading = article.querySelector("h1");
    const intro = heading && heading.nextElementSibling;
    if (slot) slot.replaceChildren(box);
    else (intro || heading || article.firstChild).insertAdjacentElement(intro ? "afterend" : "beforebegin", box);
  }
  let fight = article.querySelector(".bb-fight-calculator");
  if (!fight) {
    fight = makeFightCalculator(game, forms.fight);
    const slot = article.querySelector("[data-bb-fight]");
    if (slot) slot.replaceChildren(fight);
    else box.insertAdjacentElement("afterend", fight);
  }
  const declared = forms.battle;
  let battle = article.querySelector(".bb-battle-calculator");
  if (!battle && declared) {
    battle = makeBattleCalculator(game, declared);
    fight.insertAdjacentElement("afterend", battle);
  }
  // A shared link fills its calculator and shows its answer at once (worked out in the engine's worker).
  const hash = location.hash;
  if (hash.startsWith("#battle=") && battle) {
    const params = new URLSearchParams(hash.slice("#battle=".length));
    if (params.has(game)) {
      battle.bbRestore(params);
      battle.scrollIntoView({ block: "start" });
    }
  }
  if (hash.startsWith("#odds=")) {
    const params = new URLSearchParams(hash.slice("#odds=".length));
    if (params.has(game)) {
      box.bbRestore(params);
      box.bbCompute();
    }
  }
  if (hash.startsWith("#fight=")) {
    const params = new URLSearchParams(hash.slice("#fight=".length));
    if (params.has(game)) {
      fight.bbRestore(params);
      fight.scrollIntoView({ block: "start" });
      fight.bbCompute();
    }
  }
}

/* ---------- per page ---------- */

export async function setupPage(path) {
  const hash = location.hash;
  let shared;
  let example = null;
  if (hash.startsWith("#try=")) {
    const link = readShared(hash);
    example = link.example;
    try {
      shared = await unpack(link.data);
    } catch (error) {
      shared =
        error instanceof TooLong
          ? `# This link's scenario is too long: the page runs at most ${MAX_TEXT} characters.\n`
          : "# This link's scenario could not be read: it may have been cut short.\n";
    }
  }
  if (shared !== undefined && example && openSharedExample(example, shared)) {
    shared = undefined; // opened under its example, on its chapter
  }
  let holder = document.querySelector("[data-bb-playground]");
  if (shared !== undefined && !holder) {
    // A shared scenario whose example is not on this page opens in a panel at the top of the page.
    const article = document.querySelector("article") || document.body;
    holder = el("div", { "data-bb-playground": "" });
    const heading = article.querySelector("h1");
    if (heading) heading.insertAdjacentElement("afterend", holder);
    else article.prepend(holder);
  }
  if (holder) await setupPlayground(holder, shared);
  if (/(^|\/)odds\/[\w-]+\/$/.test(path)) setupOdds();
}
