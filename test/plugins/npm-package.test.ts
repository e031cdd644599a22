/**
 * A third-party plugin shipped as an npm package, the way a user adds one: the example package
 * (`examples/music-source-tracklist`, plain JavaScript importing only @music-aggregator/core) is
 * packed, its tarball installed into a temporary app with its own copy of the kit (the kit's
 * tarball, compiled JavaScript), loaded through that app's config by package name, served over
 * HTTP, and run through the contract suite. Its errors are recognised across the two copies of the core (the brand, not the class).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSourcePlugin, type Simulator } from "@music-aggregator/core/testing";
import { TEST_UA } from "../support/app.ts";
import { packKit } from "../support/kit-tarball.ts";
import { PROJECT_ROOT, startMainProcess, type MainProcess } from "../support/main-process.ts";

// Inside the project, so that the service started there finds its own dependencies upwards.
mkdirSync(join(PROJECT_ROOT, ".tmp"), { recursive: true });
const work = mkdtempSync(join(PROJECT_ROOT, ".tmp", "npm-package-"));
const app = join(work, "app");
mkdirSync(app);
execFileSync("npm", ["pack", resolve(PROJECT_ROOT, "examples/music-source-tracklist"), "--pack-destination", work, "--silent"], { stdio: "pipe" });
const tarball = join(work, readdirSync(work).find((f) => f.startsWith("music-source-tracklist-"))!);
const kit = packKit(work);
writeFileSync(join(app, "package.json"), JSON.stringify({ name: "tracklist-app", private: true, type: "module" }));
// The package's only dependency is the kit, a peer: the app installs its own copy, from the tarball.
execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--silent", tarball, kit], { cwd: app, stdio: "pipe" });

const installed = join(app, "node_modules/music-source-tracklist");
const plugin = (await import(join(installed, "index.js"))).default;
const { startTracklist } = await import(join(installed, "test/simulator.js"));

afterAll(() => rmSync(work, { recursive: true, force: true }));

testSourcePlugin({
  plugin,
  async setup() {
    const { simulator, fixtures } = await startTracklist();
    return { simulator, options: { baseURL: simulator.url }, fixtures };
  },
});

describe("the installed package, loaded by name through the app's config", () => {
  let sim: Simulator;
  let main: MainProcess;
  beforeAll(async () => {
    sim = (await startTracklist()).simulator;
    main = startMainProcess({
      cwd: app,
      config: {
        plugins: ["music-source-tracklist"],
        sources: { source_a: false, source_b: false, source_c: false, source_d: false, source_e: { plugin: "tracklist", options: { baseURL: sim.url } } },
        lyrics: false,
      },
    });
    await main.ready;
  }, 30_000);
  afterAll(async () => {
    await main?.stop();
    await sim?.close();
  });

  const ask = async (path: string) => {
    const response = await fetch(`${main.url}${path}&origin=npm-test`, { headers: { "user-agent": TEST_UA } });
    return { status: response.status, body: await response.json() };
  };

  it("serves it under its public id", async () => {
    expect(main.output()).toContain("source_e → tracklist");
    const song = await ask("/v1/song?source=source_e&id=1");
    expect(song.body).toMatchObject({ code: 0, source: "source_e", data: { id: "1", name: "Opening Bars", duration: 181, publishAt: "2021-03-05" } });
  });

  it("its NotFoundError and PaidContentError, made by its own copy of the core, are 3001 and 3002", async () => {
    expect(await ask("/v1/song?source=source_e&id=999")).toMatchObject({ status: 404, body: { code: 3001, message: "Tracklist has no /v2/tracks/999" } });
    expect(await ask("/v1/song/url?source=source_e&id=3")).toMatchObject({ status: 403, body: { code: 3002 } });
    expect(await ask("/v1/song/url?source=source_e&id=1")).toMatchObject({ status: 200, body: { code: 0, data: { url: "https://cdn.tracklist.example/1.mp3", bitrate: 160 } } });
  });
});
