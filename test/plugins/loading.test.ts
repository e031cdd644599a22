/** Plugin discovery and binding: bad plugins are reported together, each naming plugin and field. */
import "reflect-metadata";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseConfig } from "../../server/engine/config.ts";
import { composeService } from "../../server/process/compose.ts";
import { createMemoryLogger } from "../../core/testing/memory-logger.ts";
import { defineSourcePlugin } from "../../core/plugin.ts";
import type { KeyValueStorage } from "../../core/services.ts";
import { validateDefinition } from "../../core/validate.ts";
import { PluginCatalog, discoverPlugins } from "../../server/engine/plugins/discover.ts";
import { PluginStartupError } from "../../server/engine/errors.ts";
import type { SourceRegistry } from "../../server/engine/sources/source-registry.ts";
import { Tokens } from "../../core/tokens.ts";
import { startTestApp } from "../support/app.ts";

const dirs = resolve(import.meta.dirname, "../fixtures/plugin-dirs");

async function startupError(run: () => Promise<unknown> | unknown): Promise<PluginStartupError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(PluginStartupError);
    return error as PluginStartupError;
  }
  throw new Error("expected a PluginStartupError");
}

const bind = (catalog: PluginCatalog, config: object) =>
  composeService({ config: parseConfig(config, {}), catalog, logger: createMemoryLogger() });

describe("discovery", () => {
  it("reports every bad plugin of a folder at once, naming plugin and field", async () => {
    const error = await startupError(() => discoverPlugins({ pluginsDir: resolve(dirs, "mixed") }));
    expect(error.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('module "plugins/not-branded": default export is not a plugin definition'),
        'plugin "bad-fields".deps.http: expected a core token (a symbol from Tokens)',
        'plugin "bad-fields".capabilities.album: expected boolean',
        expect.stringContaining('plugin "bad-fields".capabilities.teleport: unknown capability'),
        'module "plugins/broken-import": could not be loaded: boom while loading',
      ]),
    );
    expect(error.problems).toHaveLength(5);
    expect(error.message).toContain("5 plugin problems");
    expect(error.problems.join("\n")).not.toContain("_shared");
  });

  it("refuses two plugins with the same id", async () => {
    const error = await startupError(() => discoverPlugins({ pluginsDir: resolve(dirs, "clean") }));
    expect(error.problems).toEqual([expect.stringMatching(/^plugin "twin"\.id: the source plugin id is used twice/)]);
  });

  it("loads third-party plugins named in config by path", async () => {
    const catalog = await discoverPlugins({ pluginsDir: resolve(dirs, "none"), modules: ["./test/fixtures/third-party/source-extra.ts"], cwd: resolve(import.meta.dirname, "../..") });
    expect([...catalog.sources.keys()]).toEqual(["extra"]);
  });

  it("reports a config module that cannot be found", async () => {
    const error = await startupError(() => discoverPlugins({ pluginsDir: resolve(dirs, "none"), modules: ["./nowhere/plugin.ts", "no-such-package-xyz"] }));
    expect(error.problems).toHaveLength(2);
    expect(error.problems[0]).toMatch(/^module "\.\/nowhere\/plugin\.ts": could not be loaded/);
    expect(error.problems[1]).toMatch(/^module "no-such-package-xyz": could not be loaded/);
  });

  it("discovers the bundled plugins folder without problems", async () => {
    const catalog = await discoverPlugins();
    expect(catalog).toBeInstanceOf(PluginCatalog);
  });

  it("checks who a source says stands behind its ISRCs; the bundled sources say it, label catalogues vouching", async () => {
    const plugin = defineSourcePlugin({ id: "says-isrcs", name: "Says ISRCs", capabilities: {}, options: z.object({}), create: () => ({}) });
    expect(validateDefinition(plugin, "test")).toEqual([]);
    expect(validateDefinition({ ...plugin, isrcs: "vouched" }, "test")).toEqual([]);
    expect(validateDefinition({ ...plugin, isrcs: "label" }, "test")).toEqual(['plugin "says-isrcs".isrcs: expected "vouched" or "uploader"']);
    const catalog = await discoverPlugins();
    expect(Object.fromEntries([...catalog.sources.values()].map((def) => [def.id, def.isrcs]))).toEqual({
      archive: "uploader",
      audius: "uploader",
      deezer: "vouched",
      itunes: "vouched",
      jamendo: "uploader",
      musicbrainz: "uploader",
    });
  });

  it("checks what a source says of its upstream (home page, credit); every bundled source says both", async () => {
    const plugin = defineSourcePlugin({ id: "says-home", name: "Says home", capabilities: {}, options: z.object({}), create: () => ({}) });
    expect(validateDefinition({ ...plugin, homepage: "https://music.example.org/", attribution: "Data from Example Music" }, "test")).toEqual([]);
    for (const homepage of ["javascript:alert(1)", "music.example.org", 7, `https://example.org/${"x".repeat(200)}`]) {
      expect(validateDefinition({ ...plugin, homepage }, "test"), String(homepage)).toEqual(['plugin "says-home".homepage: expected an http(s) address of at most 200 characters']);
    }
    for (const attribution of ["", "two\nlines", "x".repeat(201), ["Data"]]) {
      expect(validateDefinition({ ...plugin, attribution }, "test"), String(attribution)).toEqual(['plugin "says-home".attribution: expected a text of 1 to 200 characters on one line']);
    }
    const catalog = await discoverPlugins();
    for (const def of catalog.sources.values()) expect([def.homepage, def.attribution], def.id).toEqual([expect.stringMatching(/^https:\/\/\S+$/), expect.any(String)]);
  });

  it("checks that a source's coverAt is a function; the sources whose image servers render sizes declare one", async () => {
    const plugin = defineSourcePlugin({ id: "sizes", name: "Sizes", capabilities: {}, options: z.object({}), create: () => ({}) });
    expect(validateDefinition({ ...plugin, coverAt: (url: string) => url }, "test")).toEqual([]);
    expect(validateDefinition({ ...plugin, coverAt: "600x600" }, "test")).toEqual(['plugin "sizes".coverAt: expected a function (url, px)']);
    const catalog = await discoverPlugins();
    expect([...catalog.sources.values()].filter((def) => def.coverAt).map((def) => def.id).sort()).toEqual(["audius", "deezer", "itunes", "musicbrainz"]);
  });
});

describe("look-ups by identifier", () => {
  const plain = { name: "Looks up", capabilities: {}, options: z.object({}) };

  it("are checked like capabilities: an object of booleans, known names only; the bundled Deezer and MusicBrainz offer isrc", async () => {
    const plugin = defineSourcePlugin({ id: "looks-up", ...plain, lookups: { isrc: true }, create: () => ({ isrc: async () => [] }) });
    expect(validateDefinition(plugin, "test")).toEqual([]);
    expect(validateDefinition({ ...plugin, lookups: { isrc: "yes" } }, "test")).toEqual(['plugin "looks-up".lookups.isrc: expected boolean']);
    expect(validateDefinition({ ...plugin, lookups: { ean: true } }, "test")).toEqual(['plugin "looks-up".lookups.ean: unknown look-up (expected one of isrc, upc)']);
    expect(validateDefinition({ ...plugin, lookups: "isrc" }, "test")).toEqual(['plugin "looks-up".lookups: expected an object of booleans']);
    const catalog = await discoverPlugins();
    expect([...catalog.sources.values()].filter((def) => def.lookups?.isrc).map((def) => def.id).sort()).toEqual(["deezer", "musicbrainz"]);
    expect([...catalog.sources.values()].filter((def) => def.lookups?.upc).map((def) => def.id).sort()).toEqual(["deezer", "itunes", "musicbrainz"]);
  });

  it("a declared look-up without its method, or the reverse, is a startup error", async () => {
    const declares = defineSourcePlugin({ id: "declares-isrc", ...plain, lookups: { isrc: true }, create: () => ({}) });
    const implementsIt = defineSourcePlugin({ id: "implements-isrc", ...plain, create: () => ({ isrc: async () => [] }) as never });
    const error = await startupError(() =>
      bind(new PluginCatalog([declares, implementsIt]), { sources: { source_a: { plugin: "declares-isrc" }, source_b: { plugin: "implements-isrc" } }, lyrics: false }),
    );
    expect(error.problems).toEqual([
      'plugin "declares-isrc".lookups.isrc: declared true but create() returned no isrc() method',
      'plugin "implements-isrc".isrc: method returned by create() but look-up isrc is not declared',
    ]);
  });
});

describe("web links", () => {
  const plain = { name: "Links", capabilities: {}, options: z.object({}) };
  const link = () => undefined;

  it("are checked at load: lower-case ASCII host names, a link function, page and resolves optional; every bundled source plugin declares them", async () => {
    const plugin = defineSourcePlugin({ id: "links", ...plain, links: { hosts: ["www.example.com", "example.com"], link }, create: () => ({}) });
    expect(validateDefinition(plugin, "test")).toEqual([]);
    expect(validateDefinition({ ...plugin, links: { hosts: ["WWW.Example.com", "www.dеezer.com", "localhost", "-a.example", "a..example", "example.com:8080"], link } }, "test")).toEqual(
      ["WWW.Example.com", "www.dеezer.com", "localhost", "-a.example", "a..example", "example.com:8080"].map((host, i) => `plugin "links".links.hosts.${i}: expected a lower-case ASCII host name (www.example.com), not ${JSON.stringify(host)}`),
    );
    expect(validateDefinition({ ...plugin, links: { hosts: [], link } }, "test")).toEqual(['plugin "links".links.hosts: expected 1 to 16 host names']);
    expect(validateDefinition({ ...plugin, links: { hosts: ["example.com"], link: "/track/{id}", page: 1, resolves: "yes" } }, "test")).toEqual([
      'plugin "links".links.link: expected a function (url)',
      'plugin "links".links.page: expected a function (kind, id)',
      'plugin "links".links.resolves: expected boolean',
    ]);
    expect(validateDefinition({ ...plugin, links: ["example.com"] }, "test")).toEqual(['plugin "links".links.hosts: expected 1 to 16 host names', 'plugin "links".links.link: expected a function (url)']);
    const catalog = await discoverPlugins();
    expect([...catalog.sources.values()].filter((def) => def.links).map((def) => def.id).sort()).toEqual(["archive", "audius", "deezer", "itunes", "jamendo", "musicbrainz"]);
  });

  it("links that resolve through the upstream without resolveLink(), or the reverse, is a startup error", async () => {
    const declares = defineSourcePlugin({ id: "declares-resolves", ...plain, links: { hosts: ["a.example"], link, resolves: true }, create: () => ({}) });
    const implementsIt = defineSourcePlugin({ id: "implements-resolve", ...plain, links: { hosts: ["b.example"], link }, create: () => ({ resolveLink: async () => "1" }) as never });
    const error = await startupError(() =>
      bind(new PluginCatalog([declares, implementsIt]), { sources: { source_a: { plugin: "declares-resolves" }, source_b: { plugin: "implements-resolve" } }, lyrics: false }),
    );
    expect(error.problems).toEqual([
      'plugin "declares-resolves".links.resolves: declared true but create() returned no resolveLink() method',
      'plugin "implements-resolve".resolveLink: method returned by create() but links.resolves is not declared true',
    ]);
  });
});

describe("binding", () => {
  const declaresMore = defineSourcePlugin({
    id: "declares-more",
    name: "Declares more",
    capabilities: { song: true, album: true },
    options: z.object({}),
    create: () => ({ song: async () => { throw new Error("unused"); } }) as never,
  });
  const implementsMore = defineSourcePlugin({
    id: "implements-more",
    name: "Implements more",
    capabilities: { song: true },
    options: z.object({ baseURL: z.string().url() }),
    create: () => ({ song: async () => { throw new Error("unused"); }, rank: async () => { throw new Error("unused"); } }) as never,
  });

  it("a declared capability without its method, or the reverse, is a startup error", async () => {
    const error = await startupError(() =>
      bind(new PluginCatalog([declaresMore, implementsMore]), {
        sources: { source_a: { plugin: "declares-more" }, source_b: { plugin: "implements-more", options: { baseURL: "http://127.0.0.1:1" } } },
        lyrics: false,
      }),
    );
    expect(error.problems).toEqual([
      'plugin "declares-more".capabilities.album: declared true but create() returned no album() method',
      'plugin "implements-more".rank: method returned by create() but capability rank is not declared',
    ]);
  });

  it("an async create() is named as such, not as every declared method missing", async () => {
    const asyncCreate = defineSourcePlugin({
      id: "async-create",
      name: "Async create",
      capabilities: { search: true },
      options: z.object({}),
      create: (async () => ({ search: async () => ({ total: 0, list: [] }) })) as never,
    });
    const error = await startupError(() => bind(new PluginCatalog([asyncCreate]), { sources: { source_a: { plugin: "async-create" } }, lyrics: false }));
    expect(error.problems).toEqual(['plugin "async-create".create: returned a promise; it must return its methods at once (set-up that waits belongs in the methods)']);
  });

  it("a create() that throws something other than an Error is quoted, not '[object Object]'", async () => {
    const throwsObject = defineSourcePlugin({
      id: "throws-object",
      name: "Throws an object",
      capabilities: { search: true },
      options: z.object({}),
      create: () => {
        throw { code: "E_TOKEN", detail: "no token" };
      },
    });
    const error = await startupError(() => bind(new PluginCatalog([throwsObject]), { sources: { source_a: { plugin: "throws-object" } }, lyrics: false }));
    expect(error.problems).toEqual(['plugin "throws-object".create: threw {"code":"E_TOKEN","detail":"no token"}']);
  });

  it("names the config key of bad plugin options and of an unknown plugin", async () => {
    const error = await startupError(() =>
      bind(new PluginCatalog([implementsMore]), {
        sources: { source_a: { plugin: "implements-more", options: { baseURL: "not a url" } }, source_b: { plugin: "missing" } },
        lyrics: { plugin: "nope" },
      }),
    );
    expect(error.problems).toEqual([
      'config lyrics.plugin: no lyrics plugin named "nope" (known: none)',
      expect.stringMatching(/^config sources\.source_a\.options\.baseURL: .*\(plugin "implements-more"\)$/),
      'config sources.source_b.plugin: no source plugin named "missing" (known: implements-more)',
    ]);
  });

  it("a misspelt option key says which one it means, in one problem instead of required + unrecognized", async () => {
    const catalog = await discoverPlugins();
    const error = await startupError(() =>
      bind(catalog, { sources: { source_e: { plugin: "jamendo", options: { clientID: "abc123", imageSiz: 600 } } }, lyrics: false }),
    );
    expect(error.problems).toEqual([
      'config sources.source_e.options.clientID: unknown key; did you mean clientId? (plugin "jamendo")',
      'config sources.source_e.options.imageSiz: unknown key; did you mean imageSize? (plugin "jamendo")',
    ]);
    // Without the typo, the missing key is reported as required, alone.
    const missing = await startupError(() => bind(catalog, { sources: { source_e: { plugin: "jamendo", options: { id: "abc123" } } }, lyrics: false }));
    expect(missing.problems).toEqual([
      expect.stringMatching(/^config sources\.source_e\.options\.clientId: required: the client id of your Jamendo application/),
      expect.stringMatching(/^config sources\.source_e\.options\.id: unknown key; known keys: clientId, baseURL, imageSize, userAgent, timeoutMs \(plugin "jamendo"\)$/),
    ]);
  });

  it("leaves out a default binding whose bundled plugin is not there, and says so", async () => {
    const logger = createMemoryLogger();
    const service = composeService({ config: parseConfig({ lyrics: false }, {}), catalog: new PluginCatalog([]), logger });
    expect(service.registry.all()).toEqual([]);
    await service.dispose();
    expect(logger.lines).toContain('info [music] source_a: bundled plugin "deezer" is not available, source_a is left out');
  });

  it("a third-party plugin from config is served under its public id", async () => {
    const t = await startTestApp({
      config: {
        // The other default bindings are removed, so the matrix shows the third-party source alone.
        sources: { source_a: { plugin: "extra", options: { label: "Hello" } }, source_b: false, source_c: false, source_d: false },
        plugins: ["./test/fixtures/third-party/source-extra.ts"],
        lyrics: false,
      },
    });
    try {
      const r = await t.json("/v1/song?origin=t&source=source_a&id=42");
      expect(r.body).toMatchObject({ code: 0, source: "source_a", data: { id: "42", name: "Hello 42", source: "source_a" } });
      const matrix = await t.json("/v1/source?origin=t");
      expect(matrix.body.data).toEqual({
        capability: { source_a: { search: false, song: true, url: false, lyric: false, album: false, artist: false, playlist: false, rank: false, match: false, transfer: false } },
        disable: [],
        sources: { source_a: { name: "Extra", plugin: "extra", homepage: null, playback: "full", attribution: null, links: [], lookups: [] } },
      });
    } finally {
      await t.close();
    }
  });
});

describe("a plugin's storage", () => {
  it("is its own: keys under plugin:<id>:, apart from the kept answers of the same store and from another plugin's", async () => {
    const seen: Record<string, KeyValueStorage> = {};
    const keeper = (id: string) =>
      defineSourcePlugin({
        id,
        name: id,
        capabilities: {},
        options: z.strictObject({}),
        deps: { storage: Tokens.Storage },
        create({ deps }) {
          seen[id] = deps.storage;
          return {};
        },
      });
    const service = bind(new PluginCatalog([keeper("keep-a"), keeper("keep-b")]), { sources: { source_a: { plugin: "keep-a" }, source_b: { plugin: "keep-b" }, source_c: false, source_d: false }, lyrics: false });
    try {
      const store = service.container.resolve<KeyValueStorage>(Tokens.Storage);
      await store.setItem("answer:song", "kept by the service");
      await seen["keep-a"].setItem("token", "a's");
      await seen["keep-b"].setItem("token", "b's");
      expect([await seen["keep-a"].getItem("token"), await seen["keep-b"].getItem("token")]).toEqual(["a's", "b's"]);
      expect(await seen["keep-a"].getItem("answer:song")).toBeNull();
      expect(await seen["keep-a"].getKeys()).toEqual(["token"]);
      expect((await store.getKeys("plugin")).sort()).toEqual(["plugin:keep-a:token", "plugin:keep-b:token"]);
    } finally {
      await service.dispose();
    }
  });
});
