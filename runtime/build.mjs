// Build the rulebook's in-page runtime into a folder the site serves (`make runtime` runs this).
//
// Usage: node runtime/build.mjs WHEELS_DIR OUT_DIR FEATURE_FILE...
//
// 1. Copies Pyodide's own files from the pinned npm package (node_modules/pyodide).
// 2. Unpacks the wheels (runtime/wheels.py gathered them) into a fresh Pyodide, in Node, and
//    warms it up: imports the in-page runner and runs the given feature files and both odds
//    calculators through it. Python then leaves the bytecode of every module a run uses
//    (and pytest its assertion-rewritten step modules) next to the sources, for Pyodide's
//    own Python version.
// 3. Packs the unpacked packages, their sources and that bytecode (only for modules a run
//    imported), into one engine.tar.gz, and writes manifest.json: each file and its size,
//    for the page's progress ("loading the rules engine: 6.1 of 14 MB").
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const [wheelsDir, outDir, ...features] = process.argv.slice(2);
if (!wheelsDir || !outDir) {
  console.error("usage: node runtime/build.mjs WHEELS_DIR OUT_DIR FEATURE_FILE...");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const pyodideDir = path.dirname(require.resolve("pyodide/package.json"));
const { version } = JSON.parse(fs.readFileSync(path.join(pyodideDir, "package.json"), "utf8"));
const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
for (const name of PYODIDE_FILES) fs.copyFileSync(path.join(pyodideDir, name), path.join(outDir, name));

const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {}, stderr: (s) => console.error(s) });
const ENGINE_DIR = "/battlebook-runtime";
pyodide.FS.mkdir(ENGINE_DIR);
const wheels = fs.readdirSync(wheelsDir).filter((f) => f.endsWith(".whl")).sort();
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(path.join(wheelsDir, wheel))), "wheel", { extractDir: ENGINE_DIR });
}
pyodide.globals.set("feature_texts", features.map((f) => fs.readFileSync(f, "utf8")));
pyodide.globals.set("engine_dir", ENGINE_DIR);
const report = pyodide.runPython(`
import importlib, sys, tarfile, json
sys.dont_write_bytecode = False  # Pyodide sets it: here the bytecode is the point
sys.path.insert(0, engine_dir)
importlib.invalidate_caches()
from pathlib import Path
from battlebook.runners import inpage

ran = [inpage.run_scenario(text)["summary"] for text in feature_texts]
inpage.heroscape_odds(3, 2, 1, "2024")
inpage.homm_odds(7, [4, 4], "1-10")

root = Path(engine_dir)
used = {Path(m.__file__).resolve() for m in list(sys.modules.values()) if getattr(m, "__file__", None)}
kept = dropped = 0
for cache in sorted(root.rglob("__pycache__")):
    for pyc in cache.glob("*.pyc"):
        source = cache.parent / (pyc.name.split(".", 1)[0] + ".py")
        if source.resolve() in used:
            kept += 1
        else:
            pyc.unlink()
            dropped += 1
def whole_seconds(info):
    info.mtime = int(info.mtime)  # the page's reader takes the header's mtime, as Python's bytecode check does
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info

# GNU format: long names in 'L' entries, which the page's small tar reader understands.
with tarfile.open("/engine.tar.gz", "w:gz", compresslevel=9, format=tarfile.GNU_FORMAT) as tar:
    tar.add(engine_dir, arcname=".", filter=whole_seconds)
json.dumps({"ran": ran, "bytecode_kept": kept, "bytecode_dropped": dropped, "python": sys.version.split()[0]})
`);
fs.writeFileSync(path.join(outDir, "engine.tar.gz"), pyodide.FS.readFile("/engine.tar.gz"));
const files = {};
for (const name of [...PYODIDE_FILES, "engine.tar.gz"]) files[name] = fs.statSync(path.join(outDir, name)).size;
const info = JSON.parse(report);
const manifest = {
  pyodide: version,
  python: info.python,
  engineDir: ENGINE_DIR,
  wheels,
  files,
  total: Object.values(files).reduce((a, b) => a + b, 0),
};
fs.writeFileSync(path.join(outDir, "manifest.json"), JSON.stringify(manifest, null, 1) + "\n");
console.log(`in-page runtime: Pyodide ${version} (Python ${info.python}), ${wheels.length} wheels, ` +
  `${(manifest.total / 1e6).toFixed(1)} MB in ${outDir}; warm-up runs: ${info.ran.join(" | ")}; ` +
  `bytecode kept for ${info.bytecode_kept} modules`);
