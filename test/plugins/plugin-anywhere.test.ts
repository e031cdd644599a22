/**
 * A plugin named by path in config `plugins` may live anywhere on disk, as a .js, .mjs, .ts or
 * .mts file: outside the project, with no package.json and no copy of the kit beside it, it
 * imports `@music-aggregator/core` and gets the service's own copy (the rule of
 * `server/engine/plugins/kit-resolve-hook.mjs`: a plugin's own copy of the kit when it has one,
 * else the service's), and is loaded as an ES module whatever its extension.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "@music-aggregator/core/testing";
import { TEST_UA } from "../support/app.ts";
import { PROJECT_ROOT, startMainProcess, type MainProcess } from "../support/main-process.ts";

const { startTracklist } = await import(resolve(PROJECT_ROOT, "examples/music-source-tracklist/test/simulator.js"));

/** The public id each file is bound to. */
const BINDINGS = { js: "source_a", mjs: "source_b", ts: "source_c", mts: "source_d" } as const;

describe("plugin modules outside the project, named by their paths", () => {
  const folder = mkdtempSync(join(tmpdir(), "music-plugin-elsewhere-"));
  let sim: Simulator;
  let main: MainProcess;
  beforeAll(async () => {
    // The example plugin, under an id of each file's own; the TypeScript ones carry a type annotation.
    const example = readFileSync(resolve(PROJECT_ROOT, "examples/music-source-tracklist/index.js"), "utf8");
    const files = Object.keys(BINDINGS).map((ext) => {
      const typed = ext.endsWith("ts") ? `const written: string = "TypeScript";\nvoid written;\n` : "";
      const file = join(folder, `tracklist-${ext}.${ext}`); // own names: tsx would take a .ts twin for a .js
      writeFileSync(file, typed + example.replace('id: "tracklist"', `id: "tracklist-${ext}"`));
      return file;
    });
    sim = (await startTracklist()).simulator;
    const sources = Object.fromEntries(Object.entries(BINDINGS).map(([ext, id]) => [id, { plugin: `tracklist-${ext}`, options: { baseURL: sim.url } }]));
    main = startMainProcess({ config: { plugins: files, sources: { ...sources, source_e: false }, lyrics: false } });
    await main.ready;
  }, 30_000);
  afterAll(async () => {
    await main?.stop();
    await sim?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const ask = async (path: string) => {
    const response = await fetch(`${main.url}${path}&origin=elsewhere`, { headers: { "user-agent": TEST_UA } });
    return [response.status, await response.json()] as const;
  };

  it.each(Object.entries(BINDINGS))("a .%s file is loaded with the service's kit and served under its public id", async (ext, id) => {
    expect(main.output()).toContain(`${id} → tracklist-${ext}`);
    expect((await ask(`/v1/song?source=${id}&id=1`))[1]).toMatchObject({ code: 0, source: id, data: { id: "1", name: "Opening Bars" } });
    // the kit's errors are the service's own: 3001, not 5000
    const [status, body] = await ask(`/v1/song?source=${id}&id=999`);
    expect([status, body.code]).toEqual([404, 3001]);
  });
});
