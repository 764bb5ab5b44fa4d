/* Battlebook "Try it": the editor, the in-page runner, the Playground, the odds and fight calculators.
 *
 * Loaded by try-it.js when the reader first asks for it. The rules engine runs in the page:
 * Pyodide (Python compiled to WebAssembly) from this site's try/runtime/ folder, with the
 * battlebook package and its pure-Python dependencies unpacked from one archive. The first
 * Run fetches it, with visible progress; later runs, and other pages reached by instant
 * navigation, reuse it.
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
let runtime = null; // Promise of the loaded engine, shared by every panel and page
const exampleTexts = new Map(); // page path -> Promise of {anchor: text}
let catalogue = null;
/** Where the first Run's time went, in seconds (read by benchmarks/try_it_benchmark.py). */
export const timings = {};

export function init(root) {
  ROOT = root;
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

/* ---------- the runtime ---------- */

function loadRuntime(onProgress) {
  if (runtime) return runtime;
  runtime = startRuntime(onProgress).catch((error) => {
    runtime = null;
    throw error;
  });
  return runtime;
}

async function startRuntime(onProgress) {
  const base = ROOT + "try/runtime/";
  const started = performance.now();
  const manifest = await (await fetch(base + "manifest.json")).json();
  const total = manifest.total;
  let loaded = 0;
  const progress = (what) => onProgress({ loaded: Math.min(loaded, total), total, what });
  progress("loading the rules engine");
  const realFetch = globalThis.fetch;
  const counting = async (input, init) => {
    const response = await realFetch(input, init);
    const url = typeof input === "string" ? input : input.url || String(input);
    if (!url.startsWith(base) || !response.body) return response;
    const reader = response.body.getReader();
    const stream = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        loaded += value.byteLength;
        progress("loading the rules engine");
        controller.enqueue(value);
      },
    });
    return new Response(stream, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  globalThis.fetch = counting;
  let pyodide;
  const stderr = [];
  try {
    const { loadPyodide } = await import(base + "pyodide.mjs");
    loaded += manifest.files["pyodide.mjs"] + manifest.files["pyodide.asm.mjs"];
    progress("loading the rules engine");
    const mark = (name, since) => {
      timings[name] = (performance.now() - since) / 1000;
      return performance.now();
    };
    let since = performance.now();
    const archiveStart = since;
    // The engine's archive downloads while Pyodide starts.
    const archivePromise = counting(base + "engine.tar.gz").then(async (archive) => {
      if (!archive.ok) throw new Error(`engine.tar.gz: HTTP ${archive.status}`);
      const tar = await new Response(archive.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
      timings.engineArchive = (performance.now() - archiveStart) / 1000;
      return tar;
    });
    pyodide = await loadPyodide({
      indexURL: base,
      stdout: () => {},
      stderr: (line) => stderr.push(line),
    });
    since = mark("pyodide", since);
    const tar = await archivePromise;
    since = mark("waitArchive", since);
    progress("starting the rules engine");
    untar(new Uint8Array(tar), pyodide.FS, manifest.engineDir);
    mark("unpack", since);
  } finally {
    globalThis.fetch = realFetch;
  }
  const importing = performance.now();
  pyodide.globals.set("engine_dir", manifest.engineDir);
  pyodide.runPython(`
import importlib, json, sys
sys.path.insert(0, engine_dir)
importlib.invalidate_caches()
from battlebook.runners import inpage as _inpage

def _answer(function, *args):
    try:
        return json.dumps({"ok": True, "value": function(*args)})
    except Exception as error:  # shown to the reader as text, never raised into the page
        return json.dumps({"ok": False, "error": f"{type(error).__name__}: {error}"})

def battlebook_run(text):
    return _answer(_inpage.run_scenario, str(text))

def battlebook_odds(game, arguments):
    return _answer(lambda: _inpage.game_odds(str(game), json.loads(str(arguments))))

def _fight(game, question, arguments):
    from battlebook.fight_report import report_page
    from battlebook.games import game_named

    fields = json.loads(arguments)
    if not isinstance(fields, dict):
        raise ValueError("the calculator's fields are not a set of named values")
    named = {str(key): str(value) for key, value in fields.items()}
    return report_page(game_named(str(game)).fight(str(question), named))

def battlebook_fight(game, question, arguments):
    return _answer(_fight, str(game), str(question), str(arguments))
`);
  timings.importEngine = (performance.now() - importing) / 1000;
  const call = (name) => {
    const fn = pyodide.globals.get(name);
    return (...args) => {
      const answer = JSON.parse(fn(...args));
      if (!answer.ok) throw new Error(answer.error);
      return answer.value;
    };
  };
  return {
    pyodide,
    manifest,
    bytes: loaded,
    seconds: (performance.now() - started) / 1000,
    run: call("battlebook_run"),
    odds: call("battlebook_odds"),
    fight: call("battlebook_fight"),
  };
}

/* Write a tar archive (GNU or ustar, as runtime/build.mjs makes it) into Pyodide's file
 * system, keeping each file's modification time: Python checks it before it uses the
 * bytecode shipped beside a module. Far quicker than Python's tarfile in the page. */
function untar(bytes, FS, into) {
  const decoder = new TextDecoder();
  const text = (start, length) => {
    let end = start;
    while (end < start + length && bytes[end] !== 0) end++;
    return decoder.decode(bytes.subarray(start, end));
  };
  const octal = (start, length) => parseInt(text(start, length).trim() || "0", 8);
  let offset = 0;
  let longName = null;
  while (offset + 512 <= bytes.length) {
    const shortName = text(offset, 100);
    if (!shortName) break;
    const size = octal(offset + 124, 12);
    const mtime = octal(offset + 136, 12);
    const type = bytes[offset + 156] ? String.fromCharCode(bytes[offset + 156]) : "0";
    const prefix = text(offset + 345, 155);
    const start = offset + 512;
    const name = longName ?? (prefix ? `${prefix}/${shortName}` : shortName);
    longName = null;
    if (type === "L") {
      longName = text(start, size);
    } else if (type === "x") {
      const found = /\d+ path=([^\n]*)\n/.exec(decoder.decode(bytes.subarray(start, start + size)));
      if (found) longName = found[1];
    } else {
      const parts = name.split("/").filter((part) => part && part !== ".");
      if (parts.some((part) => part === "..")) throw new Error(`unsafe path in the engine archive: ${name}`);
      const path = [into, ...parts].join("/");
      if (type === "5") {
        FS.mkdirTree(path);
      } else if (type === "0") {
        FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        FS.writeFile(path, bytes.subarray(start, start + size));
        FS.utime(path, mtime * 1000, mtime * 1000);
      }
    }
    offset = start + Math.ceil(size / 512) * 512;
  }
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

function makeEditor(text, label) {
  const code = el("code");
  const pre = el("pre", { class: "bb-editor-hl", "aria-hidden": "true" }, code);
  const area = el("textarea", {
    class: "bb-editor-text",
    spellcheck: "false",
    autocapitalize: "off",
    autocomplete: "off",
    "aria-label": label,
  });
  area.value = text;
  const paint = () => {
    const lines = area.value.split("\n");
    code.replaceChildren(...lines.flatMap((line) => [...highlightLine(line), "\n"]));
    pre.scrollTop = area.scrollTop;
    pre.scrollLeft = area.scrollLeft;
    area.rows = Math.min(Math.max(lines.length + 1, 6), 30);
  };
  area.addEventListener("input", paint);
  area.addEventListener("scroll", () => {
    pre.scrollTop = area.scrollTop;
    pre.scrollLeft = area.scrollLeft;
  });
  const box = el("div", { class: "bb-editor" }, pre, area);
  paint();
  return { box, area, paint };
}

/* ---------- results ---------- */

const KIND_TEXT = { unchecked: "checks nothing", open: "open question" };
const STATUS_MARK = { passed: "✓", failed: "✗", undefined: "?", skipped: "–", "not run": "–" };

function renderResult(result, seconds) {
  const out = el("div", { class: "bb-try-output" });
  for (const problem of result.malformed) {
    out.append(el("p", { class: "bb-try-malformed", text: `line ${problem.line}: ${problem.reason}` }));
  }
  for (const example of result.examples) {
    const box = el("section", { class: `bb-try-example bb-try-${example.kind}`, "data-kind": example.kind });
    box.append(
      el(
        "p",
        { class: "bb-try-verdict" },
        el("span", { class: `bb-try-kind bb-try-kind-${example.kind}`, text: KIND_TEXT[example.kind] || example.kind }),
        ` line ${example.line}: ${example.name}`,
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
          el("span", { class: "bb-try-step-text", text: `${step.keyword} ${step.text}` }),
          el("span", { class: "bb-try-step-line", text: `line ${step.line}` }),
        ),
      );
    }
    box.append(steps);
    if (example.explanation.length) {
      box.append(el("pre", { class: "bb-try-explain", text: example.explanation.join("\n") }));
    }
    if (example.chance) {
      box.append(el("p", { class: "bb-try-chance" }, el("strong", { text: "Chance of the last attack: " }), example.chance));
    }
    for (const drawing of example.drawings) {
      const figures = safeDrawing(drawing.markup);
      if (figures) box.append(el("p", { class: "bb-try-drawing-intro", text: drawing.intro }), figures);
    }
    out.append(box);
  }
  const took = seconds === undefined ? "" : ` (ran in ${seconds.toFixed(2)} s)`;
  out.append(el("p", { class: "bb-try-summary", text: result.summary + took }));
  if (result.output) out.append(el("pre", { class: "bb-try-explain", text: result.output }));
  return out;
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

async function unpack(data) {
  const stream = new Blob([fromBase64Url(data)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const text = await new Response(stream).text();
  if (text.length > MAX_TEXT) throw new Error("the scenario in the link is too long");
  return text;
}

function playgroundUrl() {
  return ROOT + "playground/";
}

/* ---------- a panel: editor, Run, Share, result ---------- */

function makePanel(text, options = {}) {
  const { box, area, paint } = makeEditor(text, options.label || "Scenario (Gherkin): edit it, then Run");
  const status = el("p", { class: "bb-try-status", role: "status", "aria-live": "polite" });
  const bar = el("progress", { class: "bb-try-progress", max: "1", value: "0", hidden: true });
  const result = el("div", { class: "bb-try-result", "aria-live": "polite" });
  const original = text;
  let running = false;

  const run = async () => {
    if (running) return;
    running = true;
    runButton.disabled = true;
    result.replaceChildren();
    const clicked = performance.now();
    try {
      const engine = await loadRuntime(({ loaded, total, what }) => {
        bar.hidden = false;
        bar.max = total;
        bar.value = loaded;
        status.textContent = `${what}: ${megabytes(loaded)} of ${megabytes(total)} MB`;
      });
      bar.hidden = true;
      status.textContent = "running…";
      await new Promise((resolve) => setTimeout(resolve, 0)); // let the page show it
      const ran = performance.now();
      const answer = engine.run(area.value);
      timings.lastRun = (performance.now() - ran) / 1000;
      const seconds = (performance.now() - clicked) / 1000;
      result.replaceChildren(renderResult(answer, seconds));
      status.textContent = answer.summary;
      panel.dataset.state = answer.ok ? "passed" : "not-passed";
    } catch (error) {
      bar.hidden = true;
      status.textContent = `The rules engine could not run: ${error.message}`;
      panel.dataset.state = "error";
    } finally {
      running = false;
      runButton.disabled = false;
      runButton.dataset.runs = String(Number(runButton.dataset.runs || 0) + 1);
    }
  };

  const share = async () => {
    const link = `${playgroundUrl()}#try=${await pack(area.value)}`;
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
  const shareButton = el("button", { type: "button", class: "bb-try-share", onclick: share }, "Share link");
  const resetButton = el(
    "button",
    {
      type: "button",
      class: "bb-try-reset",
      onclick: () => {
        area.value = original;
        paint();
        result.replaceChildren();
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
  const actions = el("div", { class: "bb-try-actions" }, runButton, shareButton, resetButton, el("span", { class: "bb-try-hint", text: "Ctrl+Enter runs" }));
  const panel = el("div", { class: "bb-try-panel" }, box, actions, bar, status, linkField, result);
  return { panel, area, paint, run };
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

export async function toggleExample(bar, button, anchor, path) {
  const open = bar.querySelector(".bb-try-panel");
  if (open) {
    open.remove();
    button.setAttribute("aria-expanded", "false");
    button.textContent = "Try it";
    return;
  }
  let text;
  try {
    text = (await textsFor(path))[anchor];
  } catch (error) {
    bar.append(el("p", { class: "bb-try-status", text: `The example's text could not be loaded (${error.message}).` }));
    return;
  }
  if (text === undefined) return;
  const { panel, area } = makePanel(text, { label: "This example's scenario (Gherkin): edit it, then Run" });
  bar.append(panel);
  button.setAttribute("aria-expanded", "true");
  button.textContent = "Close";
  area.focus({ preventScroll: true });
}

/* ---------- the Playground ---------- */

const EMPTY = {
  homm: "Feature: My question about Heroes of Might & Magic\n\n  Example: What happens when\n",
  heroscape: "@edition:2004\nFeature: My question about Heroscape\n\n  Example: What happens when\n",
};

function loadCatalogue() {
  if (!catalogue) {
    catalogue = fetch(ROOT + "try/steps.json").then((r) => r.json());
    catalogue.catch(() => (catalogue = null));
  }
  return catalogue;
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
  const game = el(
    "select",
    { class: "bb-play-game", "aria-label": "Game" },
    el("option", { value: "homm" }, "Heroes of Might & Magic IV"),
    el("option", { value: "heroscape" }, "Heroscape"),
  );
  const { panel, area, paint } = makePanel(sharedText ?? EMPTY.homm, { label: "Your scenario (Gherkin)" });
  const search = el("input", { type: "search", class: "bb-play-search", placeholder: "Search the steps", "aria-label": "Search the steps" });
  const list = el("ul", { class: "bb-play-steps" });
  const count = el("p", { class: "bb-play-count", role: "status" });
  const steps = await loadCatalogue();
  const show = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    const shown = steps.filter(
      (s) =>
        (s.game === game.value || s.game === "any") &&
        words.every((w) => `${s.keyword} ${s.text} ${s.doc} ${s.domain}`.toLowerCase().includes(w)),
    );
    list.replaceChildren(
      ...shown.map((step) =>
        el(
          "li",
          {},
          el(
            "button",
            { type: "button", class: "bb-play-step", title: step.doc || step.domain, onclick: () => insertStep(area, step) },
            el("span", { class: "bb-hl-keyword", text: step.keyword }),
            ` ${step.text}`,
          ),
          el("span", { class: "bb-play-domain", text: step.domain }),
        ),
      ),
    );
    count.textContent = `${shown.length} steps; a click adds one under the line the cursor is on`;
  };
  game.addEventListener("change", () => {
    area.value = EMPTY[game.value];
    paint();
    show();
  });
  search.addEventListener("input", show);
  holder.bbLoad = (text) => {
    area.value = text;
    if (/@edition:|Heroscape|battlefield/.test(text)) game.value = "heroscape";
    paint();
    show();
    holder.scrollIntoView({ block: "start" });
  };
  const side = el("div", { class: "bb-play-catalogue" }, el("label", { class: "bb-play-label" }, "Game ", game), search, count, list);
  holder.replaceChildren(el("div", { class: "bb-play" }, el("div", { class: "bb-play-editor" }, panel), side));
  if (sharedText !== undefined) holder.bbLoad(sharedText);
  else show();
}

/* ---------- odds calculators ---------- */

function numberField(label, name, value, min, max) {
  const input = el("input", { type: "number", name, value, min, max, step: "1", inputmode: "numeric", required: true });
  return [el("label", { class: "bb-odds-field" }, el("span", { text: label }), input), input];
}

function chart(rows) {
  // rows: [label, {fraction, percent, value}, highlighted]
  return el(
    "div",
    { class: "bb-odds-chart", role: "list" },
    ...rows.map(([label, p, on]) =>
      el(
        "div",
        { class: on ? "bb-odds-row bb-odds-on" : "bb-odds-row", role: "listitem" },
        el("span", { class: "bb-odds-label", text: label }),
        el("span", { class: "bb-odds-bar" }, el("span", { class: "bb-odds-fill", style: null })),
        el("span", { class: "bb-odds-value", text: `${p.fraction} (${p.percent})` }),
      ),
    ),
  );
}

function sizeBars(holder, rows) {
  const fills = holder.querySelectorAll(".bb-odds-fill");
  rows.forEach(([, p], i) => {
    fills[i].style.width = `${Math.max(0, Math.min(100, p.value * 100))}%`;
  });
}

function makeCalculator(kind) {
  const form = el("form", { class: "bb-odds-form", novalidate: true });
  const result = el("div", { class: "bb-odds-result", "aria-live": "polite" });
  const status = el("p", { class: "bb-try-status", role: "status" });
  const bar = el("progress", { class: "bb-try-progress", max: "1", value: "0", hidden: true });
  let fields;
  if (kind === "heroscape") {
    const [a, attack] = numberField("Attack dice", "a", 3, 0, 30);
    const [d, defense] = numberField("Defense dice", "d", 2, 0, 30);
    const [h, above] = numberField("Levels the attacker stands above the defender (negative: below)", "h", 0, -40, 40);
    const edition = el("select", { name: "e" }, el("option", { value: "2004" }, "2004 basic game"), el("option", { value: "2024" }, "2024 edition"));
    form.append(a, d, h, el("label", { class: "bb-odds-field" }, el("span", { text: "Edition" }), edition));
    fields = { a: attack, d: defense, h: above, e: edition };
  } else {
    const [s, score] = numberField("Attack score (bonuses included)", "s", 7, 0, 99);
    const defenses = el("input", { type: "text", name: "d", value: "13", inputmode: "numeric", pattern: "\\d+(\\s*,\\s*\\d+)*" });
    const reading = el("select", { name: "r" }, el("option", { value: "0-9" }, "0-9"), el("option", { value: "1-10" }, "1-10"));
    form.append(
      s,
      el("label", { class: "bb-odds-field" }, el("span", { text: "Defense (several, separated by commas, for a swat)" }), defenses),
      el("label", { class: "bb-odds-field" }, el("span", { text: "The die reads" }), reading),
    );
    fields = { s: score, d: defenses, r: reading };
  }
  const compute = el("button", { type: "submit", class: "bb-try-run" }, "Compute");
  const shareButton = el("button", { type: "button", class: "bb-try-share" }, "Share link");
  const link = el("input", { class: "bb-try-link", type: "text", readonly: true, hidden: true, "aria-label": "Link to these odds" });
  form.append(el("div", { class: "bb-try-actions" }, compute, shareButton));

  const values = () => Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.value.trim()]));
  const read = () => {
    const v = values();
    if (kind === "heroscape") {
      for (const key of ["a", "d", "h"]) if (!/^-?\d+$/.test(v[key])) throw new Error("give whole numbers");
      return [Number(v.a), Number(v.d), Number(v.h), v.e];
    }
    if (!/^\d+$/.test(v.s)) throw new Error("the score is a whole number, 0 or more");
    if (!/^\d+(\s*,\s*\d+)*$/.test(v.d)) throw new Error("give a defense, or several separated by commas (such as 4,4,3)");
    return [Number(v.s), v.d.split(",").map((x) => Number(x.trim())), v.r];
  };
  const show = (answer, seconds) => {
    let rows;
    const parts = [];
    if (kind === "heroscape") {
      rows = answer.wounds.map((p, k) => [`${k} ${answer.edition === "2024" ? (k === 1 ? "wound" : "wounds") : "unblocked"}`, p, k > 0]);
      parts.push(
        el("p", { text: `${answer.attack_dice} attack dice against ${answer.defense_dice} defense dice (${answer.edition} edition)${answer.notes.length ? "; " + answer.notes.join("; ") : ""}.` }),
        el("p", { class: "bb-odds-main", text: `${answer.edition === "2024" ? "At least one wound" : "Destroyed (more skulls than shields)"}: ${answer.at_least_one.fraction} (${answer.at_least_one.percent}); expected unblocked skulls ${answer.expected.fraction}.` }),
      );
    } else {
      rows = answer.faces.map((face) => [`roll ${face}`, { fraction: "1/10", percent: "10%", value: 0.1 }, answer.winning_faces.includes(face)]);
      const swat = answer.swat.length > 1 ? ` (a swat: ${answer.swat.join(" + ")})` : "";
      const need = answer.min_roll === null ? "no roll kills" : `a roll of ${answer.min_roll} or more kills`;
      parts.push(
        el("p", { text: `Score ${answer.score} against defense ${answer.defense}${swat}, the die reading ${answer.reading}: ${need}.` }),
        el("p", { class: "bb-odds-main", text: `Chance to kill: ${answer.chance.fraction} (${answer.chance.percent}).` }),
      );
    }
    const drawn = chart(rows);
    result.replaceChildren(...parts, drawn, el("p", { class: "bb-try-summary", text: `answered in ${(seconds * 1000).toFixed(0)} ms` }));
    sizeBars(drawn, rows);
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
    try {
      const engine = await loadRuntime(({ loaded, total, what }) => {
        bar.hidden = false;
        bar.max = total;
        bar.value = loaded;
        status.textContent = `${what}: ${megabytes(loaded)} of ${megabytes(total)} MB`;
      });
      bar.hidden = true;
      const started = performance.now();
      const answer = engine.odds(kind, JSON.stringify(args));
      const seconds = (performance.now() - started) / 1000;
      status.textContent = "";
      show(answer, seconds);
      form.dataset.seconds = String(seconds);
    } catch (error) {
      bar.hidden = true;
      status.textContent = error.message.replace(/^\w+Error: /, "");
    } finally {
      compute.disabled = false;
    }
  });
  shareButton.addEventListener("click", async () => {
    const query = new URLSearchParams(values()).toString();
    const url = new URL(location.href);
    url.hash = `odds=${kind}&${query}`;
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
    for (const [key, field] of Object.entries(fields)) {
      const value = params.get(key);
      if (value === null) continue;
      if (field.tagName === "SELECT") {
        if (Array.from(field.options).some((o) => o.value === value)) field.value = value;
      } else if (/^[-\d,\s]{0,40}$/.test(value)) field.value = value;
    }
  };
  const title = kind === "heroscape" ? "Odds calculator: attack against defense" : "Odds calculator: score against defense";
  const box = el("div", { class: "bb-odds-calculator", "data-game": kind }, el("p", { class: "bb-odds-title", text: title }), form, bar, status, link, result);
  box.bbRestore = restore;
  return box;
}

/* ---------- fight calculators ---------- */

/* The bounds of the games' fight calculators (battlebook.heroscape.fight, battlebook.homm.fight),
 * the same the command line states; a unit test holds them to the engine's constants. The
 * engine refuses anything outside them, whatever the page sends. */
const FIGHT_BOUNDS = { heroscapeDice: 12, heroscapeLife: 12, heroscapeAttacks: 20, hommCards: 12, hommStat: 999 };

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

function sizeFightBars(holder, rows) {
  const fills = holder.querySelectorAll(".bb-odds-fill");
  const most = Math.max(0, ...rows.map((row) => row.value));
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
  const charts = [[main, answer.chances.map((c) => ({ value: c.value }))]];
  for (const spread of answer.spreads) {
    const rows = spread.bars.map((bar) => ({ label: `${bar.number}`, fraction: bar.fraction, percent: bar.percent, value: bar.value }));
    const drawn = fightChart(spread.title, rows);
    parts.push(el("p", { class: "bb-fight-spread-title", text: `${spread.title} (${spread.unit})` }), drawn);
    charts.push([drawn, rows]);
  }
  if (answer.readings.length) {
    parts.push(el("p", { class: "bb-fight-readings-title", text: "Readings of the rules this answer took:" }));
    parts.push(el("ul", { class: "bb-fight-readings" }, ...answer.readings.map((reading) => el("li", { text: reading }))));
  }
  parts.push(el("p", { class: "bb-try-summary", text: `answered in ${(seconds * 1000).toFixed(0)} ms` }));
  result.replaceChildren(...parts);
  for (const [drawn, rows] of charts) sizeFightBars(drawn, rows);
}

function textField(label, name, value, pattern, hint) {
  const input = el("input", { type: "text", name, value, pattern, spellcheck: "false", maxlength: "120" });
  return [el("label", { class: "bb-odds-field" }, el("span", { text: label }), input, el("small", { text: hint })), input];
}

function makeFightCalculator(kind) {
  const b = FIGHT_BOUNDS;
  const form = el("form", { class: "bb-odds-form", novalidate: true });
  const result = el("div", { class: "bb-odds-result", "aria-live": "polite" });
  const status = el("p", { class: "bb-try-status", role: "status" });
  const bar = el("progress", { class: "bb-try-progress", max: "1", value: "0", hidden: true });
  const fields = {};
  const groups = {};
  const add = (group, entries) => {
    const box = el("fieldset", { class: "bb-fight-group" }, el("legend", { text: group.label }));
    for (const [name, [label, input]] of Object.entries(entries)) {
      box.append(label);
      fields[name] = input;
    }
    groups[group.name] = box;
    form.append(box);
  };
  let question = null;
  if (kind === "heroscape") {
    question = el(
      "select",
      { name: "q" },
      el("option", { value: "duel" }, "a duel to the end"),
      el("option", { value: "attacked" }, "one figure attacked again and again"),
    );
    const edition = el("select", { name: "e" }, el("option", { value: "2004" }, "2004 basic game"), el("option", { value: "2024" }, "2024 edition"));
    form.append(
      el("label", { class: "bb-odds-field" }, el("span", { text: "Question" }), question),
      el("label", { class: "bb-odds-field" }, el("span", { text: "Edition" }), edition),
    );
    fields.q = question;
    fields.e = edition;
    const dice = `0 to ${b.heroscapeDice}`;
    const life = `1 to ${b.heroscapeLife}`;
    add({ name: "first", label: "First figure (attacks first)" }, {
      fa: numberField(`Attack dice (${dice})`, "fa", 3, 0, b.heroscapeDice),
      fd: numberField(`Defense dice (${dice})`, "fd", 3, 0, b.heroscapeDice),
      fl: numberField(`Life (${life})`, "fl", 4, 1, b.heroscapeLife),
    });
    add({ name: "second", label: "Second figure" }, {
      sa: numberField(`Attack dice (${dice})`, "sa", 3, 0, b.heroscapeDice),
      sd: numberField(`Defense dice (${dice})`, "sd", 3, 0, b.heroscapeDice),
      sl: numberField(`Life (${life})`, "sl", 4, 1, b.heroscapeLife),
    });
    add({ name: "height", label: "Height" }, {
      h: numberField("Extra dice for the higher figure: positive, the first; negative, the second (2004: -1 to 1; 2024: -2 to 2)", "h", 0, -2, 2),
    });
    add({ name: "target", label: "The figure attacked" }, {
      l: numberField(`Life (${life})`, "l", 3, 1, b.heroscapeLife),
      t: textField(`Attacks, each AvD (1 to ${b.heroscapeAttacks} attacks, ${dice} dice each)`, "t", "3v2,3v2,3v2", "\\d+\\s*v\\s*\\d+(\\s*,\\s*\\d+\\s*v\\s*\\d+)*", "such as 3v2,4v2"),
    });
    const shape = () => {
      const duel = question.value === "duel";
      for (const name of ["first", "second", "height"]) groups[name].hidden = !duel;
      groups.target.hidden = duel;
    };
    question.addEventListener("change", shape);
    form.bbShape = shape;
    shape();
  } else {
    const cards = `1 to ${b.hommCards}`;
    const stat = `0 to ${b.hommStat}`;
    for (const [side, prefix, values] of [
      ["Aggressor", "a", [3, 2, 3, 7, 7]],
      ["Defender", "d", [3, 1, 4, 9, 3]],
    ]) {
      add({ name: prefix, label: `The ${side}'s stack` }, {
        [`${prefix}c`]: numberField(`Cards (${cards})`, `${prefix}c`, values[0], 1, b.hommCards),
        [`${prefix}l`]: numberField(`Level (${stat})`, `${prefix}l`, values[1], 0, b.hommStat),
        [`${prefix}m`]: numberField(`Melee score (${stat})`, `${prefix}m`, values[2], 0, b.hommStat),
        [`${prefix}d`]: numberField(`Defense (${stat})`, `${prefix}d`, values[3], 0, b.hommStat),
        [`${prefix}p`]: numberField("Phase (1 to 10)", `${prefix}p`, values[4], 1, 10),
      });
    }
    const faces = el("select", { name: "r" }, el("option", { value: "0-9" }, "0-9 (Battlebook's reading)"), el("option", { value: "1-10" }, "1-10"));
    const chain = el(
      "select",
      { name: "c" },
      el("option", { value: "" }, "cannot be answered (Battlebook's reading)"),
      el("option", { value: "retaliation-chain" }, "may itself be answered"),
    );
    form.append(
      el("label", { class: "bb-odds-field" }, el("span", { text: "The die reads" }), faces),
      el("label", { class: "bb-odds-field" }, el("span", { text: "A retaliation" }), chain),
    );
    fields.r = faces;
    fields.c = chain;
  }
  const compute = el("button", { type: "submit", class: "bb-try-run" }, "Compute the fight");
  const shareButton = el("button", { type: "button", class: "bb-try-share" }, "Share link");
  const link = el("input", { class: "bb-try-link", type: "text", readonly: true, hidden: true, "aria-label": "Link to this fight" });
  form.append(el("div", { class: "bb-try-actions" }, compute, shareButton));

  const values = () => Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.value.trim()]));
  const whole = (v, key) => {
    if (!/^-?\d{1,4}$/.test(v[key])) throw new Error("give whole numbers in every field");
    return v[key];
  };
  const read = () => {
    const v = values();
    if (kind === "heroscape") {
      if (v.q === "attacked") {
        if (!/^\d+\s*v\s*\d+(\s*,\s*\d+\s*v\s*\d+)*$/.test(v.t)) throw new Error("write each attack as AvD, separated by commas (such as 3v2,4v2)");
        return ["attacked", { edition: v.e, life: whole(v, "l"), attacks: v.t }];
      }
      const first = [whole(v, "fa"), whole(v, "fd"), whole(v, "fl")].join(",");
      const second = [whole(v, "sa"), whole(v, "sd"), whole(v, "sl")].join(",");
      return ["duel", { edition: v.e, first, second, height: whole(v, "h") }];
    }
    const stack = (p) => ["c", "l", "m", "d", "p"].map((k) => whole(v, p + k)).join(",");
    return ["stacks", { aggressor: stack("a"), defender: stack("d"), faces: v.r, reading: v.c }];
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    let question_, args;
    try {
      [question_, args] = read();
    } catch (error) {
      status.textContent = error.message;
      return;
    }
    compute.disabled = true;
    try {
      const engine = await loadRuntime(({ loaded, total, what }) => {
        bar.hidden = false;
        bar.max = total;
        bar.value = loaded;
        status.textContent = `${what}: ${megabytes(loaded)} of ${megabytes(total)} MB`;
      });
      bar.hidden = true;
      status.textContent = "Working the fight out…";
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const started = performance.now();
      const answer = engine.fight(kind, question_, JSON.stringify(args));
      const seconds = (performance.now() - started) / 1000;
      status.textContent = "";
      showFight(result, answer, seconds);
      form.dataset.seconds = String(seconds);
    } catch (error) {
      bar.hidden = true;
      status.textContent = error.message.replace(/^\w+Error: /, "");
    } finally {
      compute.disabled = false;
    }
  });
  shareButton.addEventListener("click", async () => {
    const query = new URLSearchParams(values()).toString();
    const url = new URL(location.href);
    url.hash = `fight=${kind}&${query}`;
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
    for (const [key, field] of Object.entries(fields)) {
      const value = params.get(key);
      if (value === null) continue;
      if (field.tagName === "SELECT") {
        if (Array.from(field.options).some((o) => o.value === value)) field.value = value;
      } else if (/^[-\dv,\s]{0,120}$/.test(value)) field.value = value;
    }
    if (form.bbShape) form.bbShape();
  };
  const title = "Fight calculator: who wins a fight to the end";
  const box = el("div", { class: "bb-fight-calculator", "data-game": kind }, el("p", { class: "bb-odds-title", text: title }), form, bar, status, link, result);
  box.bbRestore = restore;
  return box;
}

function setupOdds(path) {
  const kind = /heroscape/.test(path) ? "heroscape" : "homm";
  const article = document.querySelector("article") || document.querySelector(".md-content");
  if (!article) return;
  let box = article.querySelector(".bb-odds-calculator");
  if (!box) {
    box = makeCalculator(kind);
    const heading = article.querySelector("h1");
    const intro = heading && heading.nextElementSibling;
    (intro || heading || article.firstChild).insertAdjacentElement(intro ? "afterend" : "beforebegin", box);
  }
  let fight = article.querySelector(".bb-fight-calculator");
  if (!fight) {
    fight = makeFightCalculator(kind);
    const slot = article.querySelector("[data-bb-fight]");
    if (slot) slot.replaceChildren(fight);
    else box.insertAdjacentElement("afterend", fight);
  }
  const hash = location.hash;
  if (hash.startsWith("#odds=")) {
    const params = new URLSearchParams(hash.slice("#odds=".length));
    if (params.has(kind)) box.bbRestore(params);
  }
  if (hash.startsWith("#fight=")) {
    const params = new URLSearchParams(hash.slice("#fight=".length));
    if (params.has(kind)) {
      fight.bbRestore(params);
      fight.scrollIntoView({ block: "start" });
    }
  }
}

/* ---------- per page ---------- */

export async function setupPage(path) {
  const hash = location.hash;
  let shared;
  if (hash.startsWith("#try=")) {
    try {
      shared = await unpack(hash.slice(5));
    } catch {
      shared = "# This link's scenario could not be read: it may have been cut short.\n";
    }
  }
  let holder = document.querySelector("[data-bb-playground]");
  if (shared !== undefined && !holder) {
    // A shared scenario opens in a panel at the top of whatever page the link names.
    const article = document.querySelector("article") || document.body;
    holder = el("div", { "data-bb-playground": "" });
    const heading = article.querySelector("h1");
    if (heading) heading.insertAdjacentElement("afterend", holder);
    else article.prepend(holder);
  }
  if (holder) await setupPlayground(holder, shared);
  if (/(^|\/)odds\/(heroscape|homm)\/$/.test(path)) setupOdds(path);
}
