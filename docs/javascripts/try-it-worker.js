/* Battlebook "Try it": the rules engine, in a Web Worker of its own.
 *
 * try-it-app.js starts this worker (a module worker, served from this site) as soon as a
 * reader opens a Try it panel, the Playground or an odds calculator, so the engine loads
 * while they read. Here, off the page's main thread, it loads Pyodide (Python compiled to
 * WebAssembly) from this site's try/runtime/ folder, with the part of Python's standard
 * library a run uses, unpacks the battlebook package and its pure-Python dependencies from
 * one archive, imports the in-page runner and runs one small scenario, so the reader's first
 * Run finds everything imported. The page never waits on it: a run that takes too long is
 * ended by the page, which terminates this worker and starts a fresh one.
 *
 * Messages to the page: {type: "progress", loaded, total, what}, {type: "ready", timings,
 * bytes, warmedUp} (whether it ran its own warm-up), {type: "failed", error} (the engine could not load), and one {type: "answer", id,
 * ok, value | error, seconds} per call. Messages from the page: {id, call, args}, where
 * call is "run", "odds", "fight" or "battle" (a game's name and its form's values), or "proposeRuling";
 * and {call: "runComing"}, no answer: a run is on its way (its first run need not be warmed up for).
 * Everything is data: a scenario's text reaches Python as a string, never as code.
 */

const BASE = new URL("../try/runtime/", self.location.href).href;
/** Where the start's time went, in seconds (the page hands them to benchmarks/try_it_benchmark.py). */
const timings = {};
let loaded = 0;
let total = 0;
/** Whether a run was asked for while the engine loaded (it then needs no warm-up run of its own). */
let runAsked = false;

function progress(what) {
  self.postMessage({ type: "progress", loaded: Math.min(loaded, total), total, what });
}

/* Count a body's bytes into the progress as they arrive. */
async function count(body) {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    loaded += value.byteLength;
    progress("loading the rules engine");
  }
}

/* The response itself, its bytes counted from a clone (the same bytes, read as they arrive). The
 * loader gets the fetched response, never one built here: only a fetched response keeps its URL
 * and its place in the HTTP cache, by which the browser keeps the interpreter's compiled
 * WebAssembly for the next visit (a Response made from a stream has neither, and every visit
 * would compile it again). */
function counted(response) {
  if (response.body) count(response.clone().body).catch(() => {}); // a failed read fails the loader's copy too
  return response;
}

/* Write a tar archive (GNU or ustar, as runtime/build.mjs makes it) into Pyodide's file
 * system, keeping each file's modification time: Python checks it before it uses the
 * bytecode shipped beside a module. Far quicker than Python's tarfile. */
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

const WARM_UP = "Feature: Warm-up\n  Scenario: S\n    Given a battle in the open field\n    Then the battle goes on\n";

async function start() {
  const started = performance.now();
  let since = started;
  const mark = (name) => {
    const now = performance.now();
    timings[name] = (now - since) / 1000;
    since = now;
  };
  // Pyodide's loader arrives while the manifest does.
  const loader = import(BASE + "pyodide.mjs");
  loader.catch(() => {}); // awaited below; a failure is reported there
  const manifest = await (await fetch(BASE + "manifest.json")).json();
  total = manifest.total;
  progress("loading the rules engine");
  // The engine's archive downloads and inflates while Pyodide starts.
  const archive = fetch(BASE + "engine.tar.gz").then(async (response) => {
    if (!response.ok) throw new Error(`engine.tar.gz: HTTP ${response.status}`);
    const body = counted(response).body.pipeThrough(new DecompressionStream("gzip"));
    const tar = await new Response(body).arrayBuffer();
    timings.engineArchive = (performance.now() - started) / 1000;
    return tar;
  });
  archive.catch(() => {}); // awaited below; a failure is reported there
  // Pyodide fetches its own files (the interpreter, the standard library): counted too.
  const plainFetch = self.fetch;
  self.fetch = async (input, init) => {
    const response = await plainFetch(input, init);
    const url = typeof input === "string" ? input : input.url || String(input);
    return url.startsWith(BASE) ? counted(response) : response;
  };
  let pyodide;
  try {
    const { loadPyodide } = await loader;
    pyodide = await loadPyodide({
      indexURL: BASE,
      lockFileContents: manifest.lock, // no package comes from Pyodide's repository: nothing to fetch
      // The standard library's modules a run uses, as bytecode (runtime/build.mjs), not Pyodide's whole one.
      stdLibURL: BASE + manifest.stdlib,
      stdout: () => {},
      stderr: () => {},
    });
  } finally {
    self.fetch = plainFetch;
  }
  loaded += manifest.files["pyodide.mjs"] + manifest.files["pyodide.asm.mjs"]; // imported, not fetched
  mark("pyodide");
  const tar = await archive;
  mark("waitArchive");
  progress("starting the rules engine");
  untar(new Uint8Array(tar), pyodide.FS, manifest.engineDir);
  mark("unpack");
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

def battlebook_propose(text, fields):
    return _answer(_inpage.propose_ruling, str(text), json.loads(str(fields)))

def battlebook_fight(game, values):
    return _answer(lambda: _inpage.game_fight(str(game), json.loads(str(values))))

def battlebook_battle(game, values):
    return _answer(lambda: _inpage.game_battle(str(game), json.loads(str(values))))
`);
  mark("importEngine");
  const call = (name) => {
    const fn = pyodide.globals.get(name);
    return (...args) => {
      const answer = JSON.parse(fn(...args));
      if (!answer.ok) throw new Error(answer.error);
      return answer.value;
    };
  };
  const api = {
    run: call("battlebook_run"),
    odds: call("battlebook_odds"),
    proposeRuling: call("battlebook_propose"),
    fight: call("battlebook_fight"),
    battle: call("battlebook_battle"),
  };
  // One small run: the step library and pytest's plugins load now, not on the reader's first
  // Run; unless the reader has pressed Run already, and that run loads them. This thread has
  // been busy since Pyodide started: first it reads the page's messages sent meanwhile (a
  // "runComing" among them), else the warm-up would run before the reader's run, not instead.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const warmedUp = !runAsked;
  if (warmedUp) api.run(WARM_UP);
  mark("warmUp");
  timings.total = (performance.now() - started) / 1000;
  self.postMessage({ type: "ready", timings, bytes: loaded, warmedUp });
  return api;
}

const engine = start();
engine.catch((error) => self.postMessage({ type: "failed", error: String(error && error.message ? error.message : error) }));

self.onmessage = async (event) => {
  const { id, call, args } = event.data || {};
  if (call === "runComing") {
    runAsked = true; // the page waits for "ready" before it sends the run itself
    return;
  }
  let api;
  try {
    api = await engine;
  } catch (error) {
    self.postMessage({ type: "answer", id, ok: false, error: `the rules engine could not load: ${error.message || error}` });
    return;
  }
  const started = performance.now();
  try {
    if (!Object.hasOwn(api, call)) throw new Error(`no such call: ${call}`);
    const value = api[call](...(Array.isArray(args) ? args : []));
    self.postMessage({ type: "answer", id, ok: true, value, seconds: (performance.now() - started) / 1000 });
  } catch (error) {
    self.postMessage({ type: "answer", id, ok: false, error: String(error.message || error) });
  }
};
