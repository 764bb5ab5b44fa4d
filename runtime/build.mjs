// Build the rulebook's in-page runtime into a folder the site serves (`make runtime` runs this).
//
// Usage: node runtime/build.mjs WHEELS_DIR OUT_DIR FEATURE_FILE...
//
// 1. Copies Pyodide's interpreter from the pinned npm package (node_modules/pyodide). Not its
//    package lock file: the page installs no package from Pyodide's repository, so
//    manifest.json carries the lock's header alone, which the page hands to Pyodide instead of
//    letting it fetch 119 kB it never reads. Not its standard library either (step 4).
// 2. Unpacks the wheels (runtime/wheels.py gathered them) into a fresh Pyodide, in Node, less
//    the optional modules in OPTIONAL, and warms it up: imports the in-page runner and runs
//    through it the given feature files (the whole rulebook, by the Makefile), scenarios that
//    fail in every way a reader's can (runtime/warmup.feature), every registered game's odds,
//    fight and battle calculators, and a proposed ruling. Python then leaves the bytecode of
//    every module a run uses (and pytest its assertion-rewritten step modules) next to the
//    sources, for Pyodide's own Python version.
// 3. Packs into one engine.tar.gz what a run needs: of the battlebook package, every module
//    those runs imported and every one those can import (their import statements, read by
//    the standard library's modulefinder: a reader's scenario may reach a step's module the
//    rulebook does not), byte for byte as CI runs them, with the data files of their
//    packages; of every other package, the modules the runs imported (with their data files
//    and the metadata pytest reads), sources and bytecode. Pygments, for one, is a
//    dependency of pytest, which imports its Python and diff lexers; the other 500-odd
//    lexers never load.
// 4. Writes stdlib.zip, the standard library the page loads instead of Pyodide's
//    python_stdlib.zip (through loadPyodide's documented `stdLibURL` option): the modules of
//    Pyodide's own that the runs imported, each with its bytecode (compiled here, by
//    py_compile, checked against nothing: the file never changes once built), so that the
//    page compiles none of them. Stored, not deflated: Python inflates nothing as it imports
//    (Pyodide's own start reads some 190 modules from it, about 6% of its processor time in
//    Node), and a compressing host sends it smaller than a deflated one (1.49 against 1.56 MB
//    gzipped; 4.5 MB raw from a host that does not compress).
// 5. Checks the result as the page will use it: a second Pyodide, loaded with stdlib.zip and
//    the packed engine alone, imports the runner and gives the same answers to the failing
//    scenarios and the calculators. A module left out that a run needs fails the build here.
//    It writes manifest.json: each file and its size, for the page's progress ("loading the
//    rules engine: 6.1 of 10 MB"), and what was left out.
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
const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"];
/** The standard library the page loads (manifest.json names it for the worker). */
const STDLIB = "stdlib.zip";
/** Optional modules of the dependencies, left out before the warm-up so that it runs without
 * them, as the page does. Mako (which pytest-bdd imports) colours its HTML error pages with
 * Pygments when its pygments plugin imports, and escapes them plainly when it does not; the
 * plugin alone would load some twenty of Pygments' lexer modules (Lisp, Perl, Java...). */
const OPTIONAL = ["mako/ext/pygmentplugin.py"];
const lockInfo = JSON.parse(fs.readFileSync(path.join(pyodideDir, "pyodide-lock.json"), "utf8")).info;

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
for (const name of PYODIDE_FILES) fs.copyFileSync(path.join(pyodideDir, name), path.join(outDir, name));

const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const quiet = { lockFileContents: { info: lockInfo, packages: {} }, stdout: () => {}, stderr: (s) => console.error(s) };
// No column ranges in the bytecode compiled here (CPython's PYTHONNODEBUGRANGES): a fifth
// smaller, and they only place the carets under a traceback's lines, which the page never shows.
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", env: { PYTHONNODEBUGRANGES: "1" }, ...quiet });
const ENGINE_DIR = "/battlebook-runtime";
pyodide.FS.mkdir(ENGINE_DIR);
const wheels = fs.readdirSync(wheelsDir).filter((f) => f.endsWith(".whl")).sort();
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(path.join(wheelsDir, wheel))), "wheel", { extractDir: ENGINE_DIR });
}
const warmup = fs.readFileSync(path.join(here, "warmup.feature"), "utf8").split(/^# ---.*\n/m);
// The worker's own first run (WARM_UP in docs/javascripts/try-it-worker.js), then the failing scenarios.
const WORKER_WARM_UP = "Feature: Warm-up\n  Scenario: S\n    Given a battle in the open field\n    Then the battle goes on\n";
const checkTexts = [WORKER_WARM_UP, ...warmup];

// What a page can ask of the engine: run by the warm-up, and again by the check of step 5.
const EXERCISE = `
import importlib, re, sys
sys.path.insert(0, engine_dir)
importlib.invalidate_caches()
from battlebook.runners import inpage

def exercise(texts, chapter):
    """Run each text, and every call the page makes (a ruling proposed from chapter); what came out, to compare."""
    from battlebook.fight_report import report_page
    from battlebook.games import GAMES, calculators, game_named

    def timeless(value):
        """value without its timings (the only part of an answer that changes from run to run)."""
        if isinstance(value, dict):
            return {k: timeless(v) for k, v in value.items() if k != "seconds"}
        if isinstance(value, list):
            return [timeless(v) for v in value]
        if isinstance(value, str):
            return re.sub(r"ran in [0-9.]+ s", "ran in some time", value)
        return value

    out = [timeless(inpage.run_scenario(text)) for text in texts]
    out.append(inpage.game_odds("heroscape", [3, 2, 1, "2024"])["shown"])
    out.append(inpage.game_odds("heroscape", [3, 2, -1, "2004"])["shown"])
    out.append(inpage.game_odds("homm", [7, [4, 4], "1-10"])["shown"])
    out.append(len(inpage.step_catalogue()))
    report_page(game_named("homm").fight("stacks", {"aggressor": "3,3,5,10,1", "defender": "1,7,0,13,1", "faces": "0-9", "reading": ""}))
    report_page(game_named("heroscape").fight("duel", {"edition": "2024", "first": "3,2,4", "second": "2,3,5", "height": "0"}))
    report_page(game_named("heroscape").fight("attacked", {"edition": "2024", "life": "4", "attacks": "3v2,4v2"}))
    for game in GAMES:
        form = calculators(game).fight_form
        if form is not None:
            out.append(inpage.game_fight(game, form.defaults())["chances"])
        battle = inpage.battle_form(game)
        if battle is not None:
            out.append(inpage.game_battle(game, {field["name"]: field["value"] for field in battle["fields"]})["data"])
    out.append(inpage.game_choices())
    out.append(inpage.propose_ruling(chapter, {"title": "t", "slug": "t", "sources": ["001/making-melee-attacks"], "question": "q", "reading": "r", "alternative": "a", "rule": "r"})["problems"])
    for bad in (lambda: inpage.game_odds("heroscape", [1, 1, 0, "1999"]), lambda: inpage.game_odds("homm", [1, [1], "2-11"])):
        try:
            bad()
        except Exception as error:
            out.append(type(error).__name__)
    return out
`;

pyodide.globals.set("feature_texts", features.length ? features.map((f) => fs.readFileSync(f, "utf8")) : [WORKER_WARM_UP]);
pyodide.globals.set("check_texts", checkTexts);
pyodide.globals.set("engine_dir", ENGINE_DIR);
pyodide.globals.set("optional", OPTIONAL);
pyodide.runPython(`
import sys
from pathlib import Path
sys.dont_write_bytecode = False  # Pyodide sets it: here the bytecode is the point
for name in optional:
    Path(engine_dir, name).unlink()
`);
pyodide.runPython(EXERCISE);
const report = pyodide.runPython(`
ran = [inpage.run_scenario(text)["summary"] for text in feature_texts]
answers = exercise(list(check_texts), feature_texts[0])
# Every module loaded so far, taken before the build's own imports below add theirs.
modules = list(sys.modules.items())

import json, modulefinder, py_compile, tarfile, zipfile

root = Path(engine_dir)
used = {Path(m.__file__).resolve() for _, m in modules if getattr(m, "__file__", None)}

# battlebook: the modules imported, and every battlebook module those can import.
imported = sorted(name for name, _ in modules if name.split(".")[0] == "battlebook")
tops = {p.name.removesuffix(".py") for p in root.iterdir() if p.suffix in ("", ".py") and not p.name.endswith(".dist-info")}
finder = modulefinder.ModuleFinder(path=[engine_dir], excludes=sorted(tops - {"battlebook"}))
for name in imported:
    finder.import_hook(name)
reachable = {Path(m.__file__).resolve() for name, m in finder.modules.items() if name.split(".")[0] == "battlebook" and m.__file__}
packages = {p.parent for p in reachable | used if p.name == "__init__.py"}

every_package = {p.resolve().parent for p in root.rglob("__init__.py")}

def package_of(path):
    """The innermost package (a folder with an __init__.py) holding path."""
    return next((folder for folder in path.parents if folder in every_package), None)

# Bytecode: kept for the modules used. Of every package but battlebook, it replaces the source
# (a module's .pyc beside where its .py was, which Python imports as it is): the page shows a
# check's own report, never a line of their code.
kept = dropped = 0
for cache in sorted(root.rglob("__pycache__")):
    for pyc in cache.glob("*.pyc"):
        source = cache.parent / (pyc.name.split(".", 1)[0] + ".py")
        if source.resolve() not in used:
            pyc.unlink()
            dropped += 1
            continue
        kept += 1
        if source.relative_to(root).parts[0] != "battlebook":
            pyc.rename(source.with_suffix(".pyc"))
            source.unlink()

# Of every package but battlebook, only the modules the runs imported (and the files that are
# not Python: data such as Gherkin's languages). Of the metadata, what importlib.metadata reads.
METADATA = {"METADATA", "entry_points.txt", "top_level.txt"}
left_out = {}
def leave_out(path, what):
    left_out[what] = left_out.get(what, 0) + path.stat().st_size
    path.unlink()
for path in sorted(root.rglob("*")):
    if not path.is_file() or path.parent.name == "__pycache__" or path.suffix == ".pyc":
        continue  # bytecode: kept above for the modules used
    parts = path.relative_to(root).parts
    top = parts[0]
    if top.endswith(".dist-info"):
        if path.name not in METADATA:
            leave_out(path, top.split("-", 1)[0] + " (wheel metadata)")
    elif top == "battlebook":
        if path.suffix == ".py" and path.resolve() not in reachable | used:
            leave_out(path, ".".join(parts[:2]).removesuffix(".py"))
        elif path.suffix != ".py" and package_of(path.resolve()) not in packages:
            leave_out(path, ".".join(parts[:2]))
    elif (path.suffix == ".py" and path.resolve() not in used) or path.suffix == ".pyi" or path.name in ("py.typed", "LICENSE", "AUTHORS", "README.md"):
        leave_out(path, top.removesuffix(".py"))
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

# The standard library: the modules loaded from Pyodide's, sources and bytecode.
(full,) = [entry for entry in sys.path if entry.endswith(".zip")]
prefix = full + "/"
stdlib = sorted({m.__file__.removeprefix(prefix) for _, m in modules if (getattr(m, "__file__", None) or "").startswith(prefix)})
scratch = Path("/stdlib-sources")
with zipfile.ZipFile(full) as source, zipfile.ZipFile("/stdlib.zip", "w", zipfile.ZIP_STORED) as out:
    for name in stdlib:
        file = scratch / name
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_bytes(source.read(name))
        # Bytecode alone, which zipimport takes as it is. Tracebacks name the module's place
        # in the zip, as they do with Pyodide's own.
        compiled = py_compile.compile(str(file), cfile=str(file) + "c", dfile=prefix + name, doraise=True,
                                      invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        out.write(compiled, name + "c", zipfile.ZIP_STORED)
    everything = source.infolist()
kept_names = set(stdlib)
stdlib_left = [i for i in everything if not i.is_dir() and i.filename not in kept_names]

json.dumps({
    "ran": ran,
    "answers": repr(answers),
    "bytecode_kept": kept,
    "bytecode_dropped": dropped,
    "python": sys.version.split()[0],
    "stdlib_kept": len(stdlib),
    "stdlib_left_out": len(stdlib_left),
    "left_out": dict(sorted(left_out.items(), key=lambda item: -item[1])),
})
`);
const info = JSON.parse(report);
const failedWarmup = info.ran.filter((summary) => !/ 0 failed, 0 undefined$/.test(summary));
if (failedWarmup.length) {
  console.error(`the rulebook does not pass in Pyodide: ${failedWarmup.join(" | ")}`);
  process.exit(1);
}
fs.writeFileSync(path.join(outDir, "engine.tar.gz"), pyodide.FS.readFile("/engine.tar.gz"));
fs.writeFileSync(path.join(outDir, STDLIB), pyodide.FS.readFile("/stdlib.zip"));

// Step 5: a Pyodide with what the page gets, and nothing else.
const check = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: path.join(outDir, STDLIB), ...quiet });
(function copy(from) {
  // The packed tree, file by file with its modification time (Python checks it against the bytecode's).
  check.FS.mkdirTree(from);
  for (const name of pyodide.FS.readdir(from)) {
    if (name === "." || name === "..") continue;
    const file = `${from}/${name}`;
    const stat = pyodide.FS.stat(file);
    if (pyodide.FS.isDir(stat.mode)) {
      copy(file);
    } else {
      check.FS.writeFile(file, pyodide.FS.readFile(file));
      check.FS.utime(file, stat.mtime.getTime(), stat.mtime.getTime());
    }
  }
})(ENGINE_DIR);
check.globals.set("check_texts", checkTexts);
check.globals.set("chapter", features.length ? fs.readFileSync(features[0], "utf8") : WORKER_WARM_UP);
check.globals.set("engine_dir", ENGINE_DIR);
let again;
try {
  check.runPython(EXERCISE);
  again = check.runPython("repr(exercise(list(check_texts), chapter))");
} catch (error) {
  console.error(`the packed runtime fails where the full one ran (a module left out that a run needs?):\n${error}`);
  process.exit(1);
}
if (again !== info.answers) {
  console.error(`the packed runtime answers differently from the full one:\n${info.answers}\n${again}`);
  process.exit(1);
}

const files = {};
for (const name of [...PYODIDE_FILES, STDLIB, "engine.tar.gz"]) files[name] = fs.statSync(path.join(outDir, name)).size;
const manifest = {
  pyodide: version,
  python: info.python,
  engineDir: ENGINE_DIR,
  stdlib: STDLIB,
  lock: { info: lockInfo, packages: {} },
  wheels,
  files,
  total: Object.values(files).reduce((a, b) => a + b, 0),
  leftOut: info.left_out,
};
fs.writeFileSync(path.join(outDir, "manifest.json"), JSON.stringify(manifest, null, 1) + "\n");
const leftOut = Object.entries(info.left_out).map(([name, bytes]) => `${name} ${(bytes / 1e6).toFixed(2)}`).slice(0, 8);
console.log(`in-page runtime: Pyodide ${version} (Python ${info.python}), ${wheels.length} wheels, ` +
  `${(manifest.total / 1e6).toFixed(1)} MB in ${outDir}; warm-up: ${features.length} feature files and ` +
  `${warmup.length} files of failing scenarios, checked again on the packed runtime; bytecode kept for ` +
  `${info.bytecode_kept} modules; standard library: ${info.stdlib_kept} modules of Pyodide's, ` +
  `${info.stdlib_left_out} files left out; left out of the engine (MB unpacked): ${leftOut.join(", ")}`);
