/**
 * The files of the pages: Redoc's standalone bundle, APlayer and MetingJS from `node_modules` (so
 * `/docs` and `/embed` work with no internet and no CDN) and the pages' own files in `public/`. Only the names
 * listed here are served, each mapped to one fixed file: a request names a key, never a path,
 * so nothing else on disk can be reached.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const packageDir = (name: string) => dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
const REDOC = packageDir("redoc");
const APLAYER = join(packageDir("aplayer"), "dist");
const METING = join(packageDir("meting"), "dist");
const PUBLIC = join(import.meta.dirname, "public");

const JS = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";
const HTML = "text/html; charset=utf-8";

/** The pages (served at their own paths, not under /assets). */
export const PAGES = {
  docs: { file: join(PUBLIC, "docs.html"), type: HTML },
  playground: { file: join(PUBLIC, "playground.html"), type: HTML },
} as const;

/** `/assets/<name>`: every file the pages load. */
export const ASSETS: Readonly<Record<string, { file: string; type: string }>> = {
  "redoc.standalone.js": { file: join(REDOC, "bundles", "redoc.standalone.js"), type: JS },
  "docs.css": { file: join(PUBLIC, "docs.css"), type: CSS },
  "docs.js": { file: join(PUBLIC, "docs.js"), type: JS },
  "playground.css": { file: join(PUBLIC, "playground.css"), type: CSS },
  "playground.js": { file: join(PUBLIC, "playground.js"), type: JS },
  "jsonp.js": { file: join(PUBLIC, "jsonp.js"), type: JS },
  "lrc.js": { file: join(PUBLIC, "lrc.js"), type: JS },
  "player.js": { file: join(PUBLIC, "player.js"), type: JS },
  "render.js": { file: join(PUBLIC, "render.js"), type: JS },
  "full-length.js": { file: join(PUBLIC, "full-length.js"), type: JS },
  "paste-link.js": { file: join(PUBLIC, "paste-link.js"), type: JS },
  // `/embed`: APlayer and MetingJS as installed from npm.
  "APlayer.min.css": { file: join(APLAYER, "APlayer.min.css"), type: CSS },
  "APlayer.min.js": { file: join(APLAYER, "APlayer.min.js"), type: JS },
  "Meting.min.js": { file: join(METING, "Meting.min.js"), type: JS },
  "embed.css": { file: join(PUBLIC, "embed.css"), type: CSS },
};

export interface LoadedFile {
  /** the file's bytes, encoded once: an answer sends them as they are */
  body: Buffer;
  type: string;
}

const loaded = new Map<string, LoadedFile>();

/** An allow-listed asset, read once; undefined for any other name. */
export function asset(name: string): LoadedFile | undefined {
  if (!Object.hasOwn(ASSETS, name)) return undefined;
  return load(ASSETS[name]);
}

/** A page's HTML, read once. */
export function page(name: keyof typeof PAGES): LoadedFile {
  return load(PAGES[name]);
}

// --- internal ---

function load({ file, type }: { file: string; type: string }): LoadedFile {
  let entry = loaded.get(file);
  if (!entry) {
    // Redoc's bundle names its source map, which is not served: the comment only makes
    // browsers with developer tools open ask for a file that is not there. Its sidebar credit
    // shows a logo from Redocly's CDN: an empty image instead (which it hides), so that the
    // page asks nothing of another host.
    const text = readFileSync(file, "utf8")
      .replace(/(\/\/# sourceMappingURL=\S+|\/\*# sourceMappingURL=[^*]*\*\/)\s*$/, "")
      .replace("https://cdn.redoc.ly/redoc/logo-mini.svg", "data:,");
    entry = { body: Buffer.from(text), type };
    loaded.set(file, entry);
  }
  return entry;
}
