/**
 * No pattern of the runtime code takes more than linear time in its input. Every regular
 * expression of core/, server/ and plugins/ (tests left out) is checked by recheck, a ReDoS
 * checker that decides on the pattern's automaton whether some input makes a backtracking
 * engine take polynomial or exponential time (and fuzzes what an automaton cannot express:
 * lookarounds, back-references). A pattern like `\s*[([{]…$`, quadratic on a long run of
 * spaces, fails here with the input recheck found. recheck runs offline: its native agent
 * where its package ships one for the platform, else the same checker compiled to JavaScript.
 *
 * A pattern built at run time cannot be checked: build it from literals. The allow-list below
 * is for patterns recheck calls super-linear that only ever read short text, each with why.
 */
import { check } from "recheck";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { regexesOf, type FoundRegex } from "../support/regex-literals.ts";
import { sourceFiles } from "../support/source-files.ts";

const ROOT = join(import.meta.dirname, "../..");

/** Patterns proven harmless by the length of what they read, not by their shape. */
const ALLOWED: { file: string; source: string; why: string }[] = [
  // V8's JSON.parse messages quote at most 10 characters of the text: they are under 100 long.
  ...["^(Unexpected token .+?), (\\.\\.\\.)?\".*\"(\\.\\.\\.)? is not valid JSON$", "\\s*(in JSON )?at position \\d+.*$", "\\s*\\(line \\d+ column \\d+\\)$"].map(
    (source) => ({ file: "server/engine/json-error.ts", source, why: "reads V8's JSON syntax message, under 100 characters" }),
  ),
  { file: "plugins/share-baidu/index.ts", source: "\\/+$", why: "reads the operator's configured base URL, once at start" },
  { file: "plugins/source-archive/ids.ts", source: "\\/+$", why: "reads the operator's configured base URL" },
  { file: "plugins/share-baidu/link.ts", source: "\\/+$", why: "reads a share link's path, 2048 characters at most (surl's limit)" },
  { file: "server/engine/share/traffic-stats.ts", source: "^:+|:+$", why: "reads the storage keys the service writes itself" },
];

const runtimeFiles = ["core", "server", "plugins"]
  .flatMap((dir) => sourceFiles(join(ROOT, dir), ["test"]))
  .filter((file) => !file.endsWith(".test.ts"));
const found: FoundRegex[] = runtimeFiles.flatMap(regexesOf).map((r) => ({ ...r, file: relative(ROOT, r.file) }));
const where = (r: FoundRegex) => `${r.file}:${r.line} /${r.source}/${r.flags}`;
const allowed = (r: FoundRegex) => ALLOWED.some((a) => a.file === r.file && a.source === r.source);

describe("the runtime code's regular expressions", () => {
  it("are found: every literal and RegExp of core/, server/ and plugins/", () => {
    // A floor, so that a parser that silently finds nothing cannot pass the check below.
    expect(found.length).toBeGreaterThan(150);
    expect(found.some((r) => r.file === "server/engine/match/title.ts")).toBe(true);
  });

  it("are all written as literals, so that they can be checked", () => {
    expect(found.filter((r) => r.source === undefined).map(where)).toEqual([]);
  });

  it("take linear time in their input (recheck), but for the allow-listed", async () => {
    const unsafe: string[] = [];
    const verdicts = new Map<string, Promise<string | undefined>>();
    for (const r of found) {
      if (r.source === undefined || allowed(r)) continue;
      const key = `${r.flags}/${r.source}`;
      if (!verdicts.has(key)) verdicts.set(key, verdictOf(r.source, r.flags));
      const problem = await verdicts.get(key);
      if (problem) unsafe.push(`${where(r)}: ${problem}`);
    }
    expect(unsafe).toEqual([]);
  }, 240_000);

  it("allow-lists only patterns that are there", () => {
    for (const a of ALLOWED) expect(found.some((r) => r.file === a.file && r.source === a.source), `${a.file} /${a.source}/`).toBe(true);
  });
});

/** Why recheck does not call the pattern safe (its complexity and an attack), or undefined when it does. */
async function verdictOf(source: string, flags: string): Promise<string | undefined> {
  // A fixed seed: the fuzzing checker (lookarounds) decides the same on every run.
  const diagnostics = await check(source, flags, { timeout: 60_000, randomSeed: 38 });
  if (diagnostics.status === "safe") return undefined;
  if (diagnostics.status === "vulnerable") return `${diagnostics.complexity.type} (${diagnostics.checker}), e.g. ${diagnostics.attack.pattern}`;
  return `not decided: ${diagnostics.error.kind}`;
}
