/**
 * A plugin named by path in config `plugins` may live anywhere on disk: a plain JavaScript
 * module outside the project, with no copy of the kit beside it, imports
 * `@music-aggregator/core` and gets the service's own copy.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "@music-aggregator/core/testing";
import { TEST_UA } from "../support/app.ts";
import { PROJECT_ROOT, startMainProcess, type MainProcess } from "../support/main-process.ts";

const { startTracklist } = await import(resolve(PROJECT_ROOT, "examples/music-source-tracklist/test/simulator.js"));

describe("a plugin module outside the project, named by its path", () => {
  const folder = mkdtempSync(join(tmpdir(), "music-plugin-elsewhere-"));
  const file = join(folder, "tracklist.mjs");
  let sim: Simulator;
  let main: MainProcess;
  beforeAll(async () => {
    copyFileSync(resolve(PROJECT_ROOT, "examples/music-source-tracklist/index.js"), file);
    sim = (await startTracklist()).simulator;
    main = startMainProcess({
      config: { plugins: [file], sources: { source_e: { plugin: "tracklist", options: { baseURL: sim.url } } }, lyrics: false },
    });
    await main.ready;
  }, 30_000);
  afterAll(async () => {
    await main?.stop();
    await sim?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("is loaded with the service's kit and served under its public id", async () => {
    expect(main.output()).toContain("source_e → tracklist");
    const response = await fetch(`${main.url}/v1/song?source=source_e&id=1&origin=elsewhere`, { headers: { "user-agent": TEST_UA } });
    expect(await response.json()).toMatchObject({ code: 0, source: "source_e", data: { id: "1", name: "Opening Bars" } });
    // the kit's errors are the service's own: 3001, not 5000
    const missing = await fetch(`${main.url}/v1/song?source=source_e&id=999&origin=elsewhere`, { headers: { "user-agent": TEST_UA } });
    expect([missing.status, (await missing.json()).code]).toEqual([404, 3001]);
  });
});
