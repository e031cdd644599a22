#!/usr/bin/env node
// `npm run build`: compiles core/, server/ and plugins/ (tests left out) to dist/, one
// JavaScript file per TypeScript file in the same layout, so that `npm start` runs plain
// `node dist/server/main.js`: one process, no loader, nothing transpiled at start. esbuild
// does the work (the same transform tsx applies in `npm run dev` and the tests: legacy
// decorators, no decorator metadata, hence the explicit @inject on every constructor
// parameter). Imports are rewritten on the way: `./x.ts` becomes `./x.js`, and the kit
// `@music-aggregator/core` becomes a relative path to dist/core, so the bundled plugins and
// the server share one compiled kit. The pages' files and the module hook are copied as they are.
//
// `--bench` adds the bench's child processes and what they import (`npm run bench` builds it, so
// that the servers under test run as `npm start` runs the service: compiled, on plain node).
//
// `--if-stale` (npm start's prestart) does nothing when dist/ was built from the sources as
// they are (same files, none newer), so a start normally costs one directory walk, and a
// read-only install built by `npm ci` never writes.
import { build } from "esbuild";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const OUT = join(ROOT, "dist");
const STAMP = join(OUT, ".built-from");
const BENCH = process.argv.includes("--bench");
const FOLDERS = ["core", "server", "plugins", ...(BENCH ? ["test/bench", "test/fixtures/source-fake", "test/redis"] : [])];
const KIT = "@music-aggregator/core";
const KIT_BUILD = join(ROOT, "core", "dist");
/** The kit's package build script and its settings: for `npm pack` in core/, not run by the service. */
const KIT_BUILD_FILES = new Set([join(ROOT, "core", "build.mjs"), join(ROOT, "core", "tsconfig.build.json")]);

const started = performance.now();
const { sources, assets } = inputs();
const stamp = stampOf([...sources, ...assets, join(ROOT, "server/process/build.mjs"), join(ROOT, "tsconfig.json")]);
if (process.argv.includes("--if-stale") && existsSync(STAMP) && readFileSync(STAMP, "utf8") === stamp) process.exit(0);

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: sources,
  outdir: OUT,
  outbase: ROOT,
  bundle: true, // only so that the plugin below sees every import; each one stays external
  format: "esm",
  platform: "node",
  target: "node20",
  tsconfig: join(ROOT, "tsconfig.json"),
  logLevel: "warning",
  plugins: [{ name: "one-file-per-file", setup: (b) => b.onResolve({ filter: /.*/ }, rewriteImport) }],
});
for (const file of assets) {
  const target = join(OUT, relative(ROOT, file));
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(file, target);
}
writeFileSync(STAMP, stamp);
console.error(`build: ${sources.length} files to dist/ in ${Math.round(performance.now() - started)} ms`);

// --- internal ---


/** Every TypeScript file of the folders, and the other files the code reads at run time; tests and docs left out. */
function inputs() {
  const sources = [];
  const assets = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        // core/dist is the kit's own build for its package (`npm pack` in core/), not the service's.
        if (entry.name !== "test" && entry.name !== "node_modules" && path !== KIT_BUILD) walk(path);
      } else if (KIT_BUILD_FILES.has(path)) {
        continue;
      } else if (entry.name.endsWith(".ts")) {
        if (!entry.name.endsWith(".test.ts") && !entry.name.endsWith(".d.ts")) sources.push(path);
      } else if (!entry.name.endsWith(".md") && entry.name !== "package.json") {
        assets.push(path);
      }
    }
  };
  for (const folder of FOLDERS) walk(join(ROOT, folder));
  return { sources: sources.sort(), assets: assets.sort() };
}

/** What the build was made from: each file's path, size and time of change. */
function stampOf(files) {
  return files.map((file) => {
    const { size, mtimeMs } = statSync(file);
    return `${relative(ROOT, file)} ${size} ${Math.floor(mtimeMs)}`;
  }).join("\n");
}

function rewriteImport(args) {
  if (args.kind === "entry-point") return undefined;
  const path = args.path;
  if (path === KIT || path.startsWith(`${KIT}/`)) {
    // The kit's entry (or ./testing) in dist/core, relative to the importing file's place in dist/.
    const entry = join(OUT, "core", path.slice(KIT.length), "index.js");
    const from = join(OUT, relative(ROOT, args.resolveDir));
    let target = relative(from, entry).split(sep).join("/");
    if (!target.startsWith(".")) target = `./${target}`;
    return { path: target, external: true };
  }
  if (path.startsWith(".")) return { path: path.replace(/\.ts$/, ".js"), external: true };
  return { path, external: true };
}
