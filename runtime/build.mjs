// Build the rulebook's in-page runtime into a folder the site serves (`make runtime` runs this).
//
// Usage: node runtime/build.mjs WHEELS_DIR OUT_DIR FEATURE_FILE...
//
// 1. Copies Pyodide's own files from the pinned npm package (node_modules/pyodide): the
//    interpreter and its standard library. Not its package lock file: the page installs no
//    package from Pyodide's repository, so manifest.json carries the lock's header alone,
//    which the page hands to Pyodide instead of letting it fetch 119 kB it never reads.
// 2. Unpacks the wheels (runtime/wheels.py gathered them) into a fresh Pyodide, in Node, and
//    warms it up: imports the in-page runner and runs through it the given feature files
//    (the whole rulebook, by the Makefile), scenarios that fail in every way a reader's can
//    (runtime/warmup.feature), the odds and fight calculators, and a proposed ruling. Python then leaves the bytecode of
//    every module a run uses (and pytest its assertion-rewritten step modules) next to the
//    sources, for Pyodide's own Python version.
// 3. Packs into one engine.tar.gz what a run needs: the battlebook package whole (the same
//    step library as CI's, byte for byte), and of every other package the modules those runs
//    imported (with their data files and the metadata pytest reads), sources and bytecode.
//    Pygments, for one, is a dependency of pytest, which imports its Python and diff
//    lexers; the other 500-odd lexers never load. It writes manifest.json: each file and its
//    size, for the page's progress ("loading the rules engine: 6.1 of 10 MB"), and what was
//    left out.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const [wheelsDir, outDir, ...features] = process.argv.slice(2);
if (!wheelsDir || !outDir) {
  console.error("usage: node runtime/build.mjs WHEELS_DIR OUT_DIR FEATURE_FILE...");
  process.exit(2);
}
const here = path.dirname(new URL(import.meta.url).pathname);
const require = createRequire(import.meta.url);
const pyodideDir = path.dirname(require.resolve("pyodide/package.json"));
const { version } = JSON.parse(fs.readFileSync(path.join(pyodideDir, "package.json"), "utf8"));
const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"];
const lockInfo = JSON.parse(fs.readFileSync(path.join(pyodideDir, "pyodide-lock.json"), "utf8")).info;

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
for (const name of PYODIDE_FILES) fs.copyFileSync(path.join(pyodideDir, name), path.join(outDir, name));

const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: pyodideDir + "/",
  lockFileContents: { info: lockInfo, packages: {} },
  stdout: () => {},
  stderr: (s) => console.error(s),
});
const ENGINE_DIR = "/battlebook-runtime";
pyodide.FS.mkdir(ENGINE_DIR);
const wheels = fs.readdirSync(wheelsDir).filter((f) => f.endsWith(".whl")).sort();
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(path.join(wheelsDir, wheel))), "wheel", { extractDir: ENGINE_DIR });
}
const warmup = fs.readFileSync(path.join(here, "warmup.feature"), "utf8");
pyodide.globals.set("feature_texts", [...features.map((f) => fs.readFileSync(f, "utf8")), ...warmup.split(/^# ---.*\n/m)]);
pyodide.globals.set("engine_dir", ENGINE_DIR);
const report = pyodide.runPython(`
import importlib, sys, tarfile, json
sys.dont_write_bytecode = False  # Pyodide sets it: here the bytecode is the point
sys.path.insert(0, engine_dir)
importlib.invalidate_caches()
from pathlib import Path
from battlebook.runners import inpage

ran = [inpage.run_scenario(text)["summary"] for text in feature_texts]
inpage.game_odds("heroscape", [3, 2, 1, "2024"])
inpage.game_odds("heroscape", [3, 2, -1, "2004"])
inpage.game_odds("homm", [7, [4, 4], "1-10"])
inpage.step_catalogue()
from battlebook.fight_report import report_page
from battlebook.games import game_named
report_page(game_named("homm").fight("stacks", {"aggressor": "3,3,5,10,1", "defender": "1,7,0,13,1", "faces": "0-9", "reading": ""}))
report_page(game_named("heroscape").fight("duel", {"edition": "2024", "first": "3,2,4", "second": "2,3,5", "height": "0"}))
report_page(game_named("heroscape").fight("attacked", {"edition": "2024", "life": "4", "attacks": "3v2,4v2"}))
inpage.propose_ruling(feature_texts[0], {"title": "t", "slug": "t", "sources": ["001/making-melee-attacks"], "question": "q", "reading": "r", "alternative": "a", "rule": "r"})
for bad in (lambda: inpage.game_odds("heroscape", [1, 1, 0, "1999"]), lambda: inpage.game_odds("homm", [1, [1], "2-11"])):
    try:
        bad()
    except Exception:
        pass

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

# Of every package but battlebook, only the modules the runs imported (and the files that are
# not Python: data such as Gherkin's languages). Of the metadata, what importlib.metadata reads.
METADATA = {"METADATA", "entry_points.txt", "top_level.txt"}
left_out = {}
def leave_out(path):
    top = path.relative_to(root).parts[0]
    top = top.split("-", 1)[0] if top.endswith(".dist-info") else top.removesuffix(".py")
    left_out[top] = left_out.get(top, 0) + path.stat().st_size
    path.unlink()
for path in sorted(root.rglob("*")):
    if not path.is_file():
        continue
    top = path.relative_to(root).parts[0]
    if top == "battlebook":
        continue
    if top.endswith(".dist-info"):
        if path.name not in METADATA:
            leave_out(path)
    elif path.suffix == ".py" and path.resolve() not in used:
        leave_out(path)
    elif path.parent.name == "__pycache__" and path.suffix == ".pyc":
        continue  # kept above for the modules used
    elif path.suffix in (".pyi", ".typed") or path.name in ("LICENSE", "AUTHORS", "README.md"):
        leave_out(path)
for folder in sorted((p for p in root.rglob("*") if p.is_dir()), key=lambda p: len(p.parts), reverse=True):
    if not any(folder.iterdir()):
        folder.rmdir()

def whole_seconds(info):
    info.mtime = int(info.mtime)  # the page's reader takes the header's mtime, as Python's bytecode check does
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info

# GNU format: long names in 'L' entries, which the page's small tar reader understands.
with tarfile.open("/engine.tar.gz", "w:gz", compresslevel=9, format=tarfile.GNU_FORMAT) as tar:
    tar.add(engine_dir, arcname=".", filter=whole_seconds)
json.dumps({
    "ran": ran,
    "bytecode_kept": kept,
    "bytecode_dropped": dropped,
    "python": sys.version.split()[0],
    "left_out": dict(sorted(left_out.items(), key=lambda item: -item[1])),
})
`);
fs.writeFileSync(path.join(outDir, "engine.tar.gz"), pyodide.FS.readFile("/engine.tar.gz"));
const files = {};
for (const name of [...PYODIDE_FILES, "engine.tar.gz"]) files[name] = fs.statSync(path.join(outDir, name)).size;
const info = JSON.parse(report);
const failedWarmup = info.ran.slice(0, features.length).filter((summary) => !/ 0 failed, 0 undefined$/.test(summary));
if (failedWarmup.length) {
  console.error(`the rulebook does not pass in Pyodide: ${failedWarmup.join(" | ")}`);
  process.exit(1);
}
const manifest = {
  pyodide: version,
  python: info.python,
  engineDir: ENGINE_DIR,
  lock: { info: lockInfo, packages: {} },
  wheels,
  files,
  total: Object.values(files).reduce((a, b) => a + b, 0),
  leftOut: info.left_out,
};
fs.writeFileSync(path.join(outDir, "manifest.json"), JSON.stringify(manifest, null, 1) + "\n");
const leftOut = Object.entries(info.left_out).map(([name, bytes]) => `${name} ${(bytes / 1e6).toFixed(2)}`).slice(0, 6);
console.log(`in-page runtime: Pyodide ${version} (Python ${info.python}), ${wheels.length} wheels, ` +
  `${(manifest.total / 1e6).toFixed(1)} MB in ${outDir}; warm-up: ${features.length} feature files and ` +
  `${info.ran.length - features.length} failing scenarios; bytecode kept for ${info.bytecode_kept} modules; ` +
  `left out (MB unpacked): ${leftOut.join(", ")}`);
