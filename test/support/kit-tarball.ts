/**
 * The kit packed as `npm pack` in core/ publishes it (prepack builds it to plain JavaScript),
 * from a copy of core/ under the project's .tmp/: test files that pack it at once never build
 * into the same dist/ (and the copy still finds TypeScript in the project's node_modules).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "./main-process.ts";

/** Packs the kit into `destination`; returns the tarball's path. */
export function packKit(destination: string): string {
  mkdirSync(join(PROJECT_ROOT, ".tmp"), { recursive: true });
  const copy = mkdtempSync(join(PROJECT_ROOT, ".tmp", "kit-"));
  try {
    cpSync(join(PROJECT_ROOT, "core"), join(copy, "core"), { recursive: true, filter: (path) => !/[\\/](dist|node_modules)$/.test(path) });
    execFileSync("npm", ["pack", "--pack-destination", destination, "--silent"], { cwd: join(copy, "core"), stdio: "pipe" });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  return join(destination, readdirSync(destination).find((f) => /^music-aggregator-core-.*\.tgz$/.test(f))!);
}
