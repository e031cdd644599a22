#!/usr/bin/env node
// `npm run build` in core/ (and `prepack`, so that `npm pack` and `npm publish` ship it): the
// kit compiled to plain ESM JavaScript and .d.ts files in dist/, which package.json's `exports`
// name. A plugin project then needs no TypeScript, no loader and no decorator settings. tsc
// rewrites the sources' `./x.ts` imports to `./x.js` in the JavaScript; the declarations keep
// `.ts`, so they are rewritten here, for a consumer's TypeScript to find `./x.d.ts`.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const KIT = import.meta.dirname;
const OUT = join(KIT, "dist");

rmSync(OUT, { recursive: true, force: true });
const typescript = dirname(createRequire(import.meta.url).resolve("typescript/package.json"));
execFileSync(process.execPath, [join(typescript, "bin/tsc"), "-p", join(KIT, "tsconfig.build.json")], { stdio: "inherit" });
for (const file of declarations(OUT)) {
  const text = readFileSync(file, "utf8");
  writeFileSync(file, text.replace(/(from\s*["']\.{1,2}\/[^"']*?)\.ts(["'])/g, "$1.js$2").replace(/(import\(\s*["']\.{1,2}\/[^"']*?)\.ts(["'])/g, "$1.js$2"));
}

function declarations(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return declarations(path);
    return entry.name.endsWith(".d.ts") ? [path] : [];
  });
}
