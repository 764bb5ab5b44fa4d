// One cold start of the in-page runtime in Node, as the page's worker makes it, in processor time.
//
// Usage: node runtime/cold_start.mjs RUNTIME_DIR
//
// Loads Pyodide from RUNTIME_DIR with its standard library and manifest, unpacks engine.tar.gz
// with the worker's own tar reader (its `untar`, read from docs/javascripts/try-it-worker.js: the
// runtime's standard library has no tarfile), as docs/javascripts/try-it-worker.js does, imports the in-page runner
// and runs the worker's warm-up scenario twice. Prints one JSON object: the processor seconds
// (this process, every thread) of each phase: pyodide, unpack, importEngine, run (the first run:
// the step library and pytest's plugins load), again (a later run). benchmarks/try_it_benchmark.py
// (--engine) runs it on two builds in turn, to compare them on a machine too busy for clock times.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node runtime/cold_start.mjs RUNTIME_DIR");
  process.exit(2);
}
const here = path.resolve(dir);
const manifest = JSON.parse(fs.readFileSync(path.join(here, "manifest.json"), "utf8"));
/** The worker's own warm-up (WARM_UP in docs/javascripts/try-it-worker.js). */
const WARM_UP = "Feature: Warm-up\n  Scenario: S\n    Given a battle in the open field\n    Then the battle goes on\n";
const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};
const phases = {};
let since = cpu();
const mark = (name) => {
  const now = cpu();
  phases[name] = Number((now - since).toFixed(3));
  since = now;
};
const { loadPyodide } = await import(path.join(here, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: here + "/",
  lockFileContents: manifest.lock,
  stdLibURL: path.join(here, manifest.stdlib),
  stdout: () => {},
  stderr: () => {},
});
mark("pyodide");
const worker = fs.readFileSync(new URL("../docs/javascripts/try-it-worker.js", import.meta.url), "utf8");
const reader = worker.slice(worker.indexOf("function untar("), worker.indexOf("\nconst WARM_UP"));
const untar = new Function(`${reader}\nreturn untar;`)();
untar(new Uint8Array(zlib.gunzipSync(fs.readFileSync(path.join(here, "engine.tar.gz")))), pyodide.FS, manifest.engineDir);
mark("unpack");
pyodide.globals.set("engine_dir", manifest.engineDir);
pyodide.globals.set("warm_up", WARM_UP);
pyodide.runPython(`
import importlib, sys
sys.path.insert(0, engine_dir)
importlib.invalidate_caches()
from battlebook.runners import inpage as _inpage
`);
mark("importEngine");
const first = pyodide.runPython("_inpage.run_scenario(warm_up)['summary']");
mark("run");
pyodide.runPython("_inpage.run_scenario(warm_up)['summary']");
mark("again");
if (!/1 passed/.test(first)) {
  console.error(`the warm-up did not pass: ${first}`);
  process.exit(1);
}
console.log(JSON.stringify(phases));
