/**
 * A plugin project anywhere, as the README's plugin section tells it: in a temporary directory
 * outside the checkout, the kit packed (`npm pack` in core/, whose prepack builds it to plain
 * JavaScript), `npm init -y`, `npm install --save-dev <the kit's tarball> vitest h3`, a plugin in
 * JavaScript and one in TypeScript with their test, and the README's plugin with its test
 * (verbatim), and `npx vitest run` passes with no config file. And
 * the example package, copied out of the checkout, installed with the packed kit and tested
 * with its documented command. Installs read the npm cache first (`--prefer-offline`).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packKit } from "../support/kit-tarball.ts";
import { PROJECT_ROOT } from "../support/main-process.ts";

const versionOf = (name: string) => JSON.parse(readFileSync(join(PROJECT_ROOT, `node_modules/${name}/package.json`), "utf8")).version as string;
const README_EXAMPLE = join(PROJECT_ROOT, "test/fixtures/readme-example");
/** The environment of someone outside this checkout: none of the npm settings npm hands its scripts from the project's .npmrc (json=true). */
const OUTSIDE = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)));
const INSTALL = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
const README = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
/** The tsconfig.json README's plugin section gives, as it gives it. */
const README_TSCONFIG = /\n {3}```json\n((?: {3}.*\n)+?) {3}```/.exec(README.slice(README.indexOf("### A plugin project outside this repository")))![1].replace(/^ {3}/gm, "");

let work: string;
let kit: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "music-kit-outside-"));
  kit = packKit(work);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a plugin project outside the repository", () => {
  it("is outside the checkout, and README's pack leaves no tarball in the checkout", () => {
    expect(resolve(work).startsWith(resolve(PROJECT_ROOT))).toBe(false);
    expect(README).toContain("`cd core && npm pack --pack-destination /tmp`");
    expect(readdirSync(join(PROJECT_ROOT, "core")).filter((f) => f.endsWith(".tgz"))).toEqual([]);
  });

  it("packs the kit as plain JavaScript with declarations, depending on zod only", () => {
    const listing = execFileSync("tar", ["tzf", kit], { encoding: "utf8" }).split("\n");
    expect(listing).toEqual(expect.arrayContaining(["package/dist/index.js", "package/dist/index.d.ts", "package/dist/testing/index.js", "package/dist/testing/index.d.ts"]));
    expect(listing.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    const manifest = JSON.parse(execFileSync("tar", ["xzOf", kit, "package/package.json"], { encoding: "utf8" }));
    expect(Object.keys(manifest.dependencies)).toEqual(["zod"]);
  });

  it("npm init, install the kit, vitest and h3, write plugins in JS and TS and their tests: npx vitest run passes with no config", () => {
    const project = join(work, "my-plugin");
    mkdirSync(project);
    // README's step 2: npm 11's init writes "type": "commonjs", set to module.
    execFileSync("npm", ["init", "-y"], { cwd: project, stdio: "pipe", env: OUTSIDE });
    execFileSync("npm", ["pkg", "set", "type=module"], { cwd: project, stdio: "pipe", env: OUTSIDE });
    execFileSync("npm", [...INSTALL, "--save-dev", kit, `vitest@${versionOf("vitest")}`, `h3@${versionOf("h3")}`], { cwd: project, stdio: "pipe", env: OUTSIDE });
    const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
    expect(Object.keys(manifest.devDependencies).sort()).toEqual(["@music-aggregator/core", "h3", "vitest"]);
    expect(manifest.dependencies).toBeUndefined();
    for (const [file, text] of Object.entries(PROJECT_FILES)) writeFileSync(join(project, file), text);
    // The README's plugin and its test, as the README quotes them.
    mkdirSync(join(project, "readme"));
    for (const file of ["plugin.ts", "plugin.test.ts"]) cpSync(join(README_EXAMPLE, file), join(project, "readme", file));
    const output = execFileSync("npx", ["vitest", "run"], { cwd: project, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", CI: "1" } });
    expect(readdirSync(project).filter((f) => f.startsWith("vitest.config") || f.startsWith("tsconfig"))).toEqual([]);
    expect(output).toContain("readme/plugin.test.ts");
    // every test runs: a capability the README's plugin does not declare is a test that it has no method ("not declared"), none skipped
    expect(output).toMatch(/Tests\s+27 passed \(27\)/);
    expect(output).not.toMatch(/skipped/);
    // README's tsconfig type-checks README's plugin and its test as they are (beside them, so it reads only them).
    writeFileSync(join(project, "readme", "tsconfig.json"), README_TSCONFIG);
    const typecheck = spawnSync(join(PROJECT_ROOT, "node_modules/.bin/tsc"), ["-p", "readme/tsconfig.json"], { cwd: project, encoding: "utf8" });
    expect(typecheck.stdout + typecheck.stderr).toBe("");
    expect(typecheck.status).toBe(0);
    expect(JSON.parse(readFileSync(join(project, "package.json"), "utf8")).type).toBe("module");
  }, 180_000);
});

describe("the example package, copied out of the checkout", () => {
  it("installs with the packed kit, and its documented `npm test` finds and passes its tests", () => {
    const example = join(work, "music-source-tracklist");
    cpSync(join(PROJECT_ROOT, "examples/music-source-tracklist"), example, { recursive: true, filter: (path) => !path.includes("node_modules") });
    // The README's commands: the kit's tarball (until it is on the registry), then `npm test`.
    execFileSync("npm", [...INSTALL, kit], { cwd: example, stdio: "pipe" });
    expect(existsSync(join(example, "node_modules/vitest"))).toBe(true);
    const output = execFileSync("npm", ["test"], { cwd: example, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", CI: "1" } });
    expect(output).toContain("test/contract.test.js");
    expect(output).toMatch(/Tests\s+\d+ passed/);
    expect(output).not.toMatch(/failed/);
  }, 180_000);
});

// --- internal ---

/** A made-up upstream (`GET /tracks/:id`), two plugins for it and their test: what a plugin author writes. */
const PROJECT_FILES: Record<string, string> = {
  "plugin.js": `import { NotFoundError, Tokens, defineSourcePlugin, readUpstreamAnswer, wholeSeconds, z } from "@music-aggregator/core";

const Track = z.object({ id: z.number(), title: z.string(), artists: z.array(z.string()), length_ms: z.number() });

export default defineSourcePlugin({
  id: "tiny-js",
  name: "Tiny (JavaScript)",
  capabilities: { song: true },
  options: z.object({ baseURL: z.url() }),
  deps: { http: Tokens.Http },
  create({ options, deps, sourceId }) {
    const http = deps.http.create({ name: "Tiny", baseURL: options.baseURL });
    return {
      async song(id, ctx) {
        const response = await http.request("/tracks/" + encodeURIComponent(id), { signal: ctx.signal });
        if (response.status === 404) throw new NotFoundError("Tiny has no track " + id);
        const t = readUpstreamAnswer("Tiny", Track, response.json(), "/tracks/{id}");
        return { id: String(t.id), name: t.title, artist: t.artists, artistId: [], album: "", albumId: "", duration: wholeSeconds(t.length_ms, "ms"), cover: "", source: sourceId, available: true, vip: false };
      },
    };
  },
});
`,
  "plugin.ts": `import { NotFoundError, Tokens, defineSourcePlugin, readUpstreamAnswer, wholeSeconds, z, type SongDetail } from "@music-aggregator/core";

const Track = z.object({ id: z.number(), title: z.string(), artists: z.array(z.string()), length_ms: z.number() });

export default defineSourcePlugin({
  id: "tiny-ts",
  name: "Tiny (TypeScript)",
  capabilities: { song: true },
  options: z.object({ baseURL: z.url() }),
  deps: { http: Tokens.Http },
  create({ options, deps, sourceId }) {
    const http = deps.http.create({ name: "Tiny", baseURL: options.baseURL });
    return {
      async song(id: string, ctx): Promise<SongDetail> {
        const response = await http.request(\`/tracks/\${encodeURIComponent(id)}\`, { signal: ctx.signal });
        if (response.status === 404) throw new NotFoundError(\`Tiny has no track \${id}\`);
        const t = readUpstreamAnswer("Tiny", Track, response.json(), "/tracks/{id}");
        return { id: String(t.id), name: t.title, artist: t.artists, artistId: [], album: "", albumId: "", duration: wholeSeconds(t.length_ms, "ms"), cover: "", source: sourceId, available: true, vip: false } as SongDetail;
      },
    };
  },
});
`,
  "plugin.test.ts": `import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bindSourcePlugin, callContext, codeOf } from "@music-aggregator/core/testing";
import tinyJs from "./plugin.js";
import tinyTs from "./plugin.ts";

const upstream = createServer((req, res) => {
  if (req.url === "/tracks/1") return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: 1, title: "One", artists: ["A"], length_ms: 181400 }));
  if (req.url === "/tracks/2") return res.writeHead(200, { "content-type": "text/html" }).end("<html>captcha</html>");
  res.writeHead(404).end();
});
let baseURL = "";
beforeAll(async () => {
  await new Promise<void>((ready) => upstream.listen(0, "127.0.0.1", ready));
  baseURL = \`http://127.0.0.1:\${(upstream.address() as AddressInfo).port}\`;
});
afterAll(() => upstream.close());

describe.each([tinyJs, tinyTs])("$id", (plugin) => {
  it("maps a song", async () => {
    const { methods } = await bindSourcePlugin(plugin, { options: { baseURL } });
    expect(await methods.song!("1", callContext())).toMatchObject({ id: "1", name: "One", duration: 181, source: "source_t" });
  });

  it("answers 3001 for a missing song and 2003 for an unreadable answer", async () => {
    const { methods } = await bindSourcePlugin(plugin, { options: { baseURL } });
    expect(await codeOf(() => methods.song!("9", callContext()))).toBe(3001);
    expect(await codeOf(() => methods.song!("2", callContext()))).toBe(2003);
  });
});
`,
};
