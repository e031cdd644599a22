/** The configuration contract (docs/decisions.md (Configuration)): defaults, env overrides, errors naming the key. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_SOURCES, listenAddress, loadConfig, parseConfig, sourceBindings, unboundRemovals } from "../../server/engine/config.ts";
import { ConfigError } from "../../server/engine/errors.ts";

describe("config", () => {
  it("has embedded defaults that need no file and no other process", () => {
    const config = parseConfig({}, {});
    expect(config.sources).toEqual({});
    expect(DEFAULT_SOURCES).toMatchObject({ source_a: { plugin: "deezer" }, source_b: { plugin: "itunes" }, source_c: { plugin: "audius" }, source_d: { plugin: "archive" } });
    expect(sourceBindings(config).map((b) => [b.id, b.binding.plugin, b.explicit])).toEqual([
      ["source_a", "deezer", false],
      ["source_b", "itunes", false],
      ["source_c", "audius", false],
      ["source_d", "archive", false],
    ]);
    expect(config.cache).toMatchObject({ driver: "memory", max: 10_000 });
    expect(config.cache.ttl).toMatchObject({ search: 600, song: 21600, lyric: 86400, playlist: 1800, rank: 3600, url: 1200, notFound: 300 });
    expect(config.rateLimit).toMatchObject({ points: 120, duration: 60 });
    expect(config.upstream).toMatchObject({ timeoutMs: 8000, searchAllTimeoutMs: 5000 });
    // Node's own would hold slow heads ~80 s and slow bodies ~5 min
    expect(config.server).toMatchObject({ headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    expect(config.store.redis).toBeUndefined();
  });

  it("merges sources with the default binding id by id; false removes a default", () => {
    const config = parseConfig({ sources: { source_b: { plugin: "example" }, source_c: false, source_e: { plugin: "jamendo", options: { clientId: "x" } } } }, {});
    expect(sourceBindings(config).map((b) => [b.id, b.binding.plugin, b.explicit])).toEqual([
      ["source_a", "deezer", false],
      ["source_b", "example", true],
      ["source_d", "archive", false],
      ["source_e", "jamendo", true],
    ]);
  });

  it("userAgentBlock extends the default list; { replace } replaces it", () => {
    const extended = parseConfig({ userAgentBlock: ["MyBot"] }, {}).userAgentBlock;
    expect(extended).toContain("curl");
    expect(extended.at(-1)).toBe("MyBot");
    expect(parseConfig({ userAgentBlock: { replace: ["OnlyThis"] } }, {}).userAgentBlock).toEqual(["OnlyThis"]);
  });

  it("trustProxy takes false, true, a hop count or a list of addresses and CIDRs, and names a bad entry", () => {
    for (const trustProxy of [false, true, 2, ["10.0.0.1", "192.168.0.0/16", "::1", "fc00::/7", "loopback"]]) {
      expect(parseConfig({ rateLimit: { trustProxy } }, {}).rateLimit.trustProxy).toEqual(trustProxy);
    }
    expect(() => parseConfig({ rateLimit: { trustProxy: ["10.0.0.0/33"] } }, {})).toThrow(/rateLimit\.trustProxy\.0: expected an IP address, a CIDR range/);
    expect(() => parseConfig({ rateLimit: { trustProxy: ["proxy.example"] } }, {})).toThrow(/rateLimit\.trustProxy\.0/);
  });

  it("names every bad key", () => {
    expect(() => parseConfig({ rateLimit: { points: -1 }, disable: ["all"], cache: { driver: "disk" }, surprise: 1 }, {})).toThrowError(ConfigError);
    try {
      parseConfig({ rateLimit: { points: -1 }, disable: ["all"], cache: { driver: "disk" }, surprise: 1 }, {});
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("config rateLimit.points");
      expect(message).toContain("config disable.0");
      expect(message).toContain("config cache.driver");
      expect(message).toMatch(/surprise/);
    }
  });

  it("an unknown key one edit from a known one says which it means; others list the known keys", () => {
    const message = (input: unknown) => {
      try {
        parseConfig(input, {});
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("expected a ConfigError");
    };
    // a typo of an optional key (a swap), of a nested one (a missing letter), of the case only
    expect(message({ rateLimt: { points: 5 } })).toBe("invalid configuration:\n  - config rateLimt: unknown key; did you mean rateLimit?");
    expect(message({ cache: { maxx: 5 } })).toBe("invalid configuration:\n  - config cache.maxx: unknown key; did you mean max?");
    expect(message({ sources: { source_e: { plugn: "jamendo" } } })).toBe(
      "invalid configuration:\n  - config sources.source_e.plugn: unknown key; did you mean plugin?",
    );
    expect(message({ upstream: { TimeoutMS: 5 } })).toContain("config upstream.TimeoutMS: unknown key; did you mean timeoutMs?");
    // the required key the typo misses is not reported on a line of its own
    expect(message({ share: { plugn: "baidu" }, sources: { source_e: { plugn: "x" } } }).split("\n")).toHaveLength(3);
    // inside a union: the form of the value's type (userAgentBlock's object form, a source's binding)
    expect(message({ userAgentBlock: { replac: ["x"] } })).toBe("invalid configuration:\n  - config userAgentBlock.replac: unknown key; did you mean replace?");
    expect(message({ sources: { source_e: "jamendo" } })).toBe("invalid configuration:\n  - config sources.source_e: expected object or false");
    expect(message({ userAgentBlock: "curl" })).toBe("invalid configuration:\n  - config userAgentBlock: expected array or object");
    // nothing near: the known keys of that object
    expect(message({ log: { everything: true } })).toBe("invalid configuration:\n  - config log.everything: unknown key; known keys: access, probes");
  });

  it("warns of an id set to false that no default binds, as of a disabled id that is not bound", async () => {
    const { composeService } = await import("../../server/process/compose.ts");
    const { createMemoryLogger } = await import("../../core/testing/memory-logger.ts");
    const { PluginCatalog } = await import("../../server/engine/plugins/discover.ts");
    const config = parseConfig({ sources: { source_q: false, source_c: false }, disable: ["source_z"], lyrics: false }, {});
    expect(unboundRemovals(config)).toEqual(["source_q"]);
    const logger = createMemoryLogger();
    await composeService({ config, catalog: new PluginCatalog([]), logger }).dispose();
    expect(logger.lines.filter((line) => line.startsWith("warn [music] config"))).toEqual([
      "warn [music] config disable: source_z is not a bound source",
      "warn [music] config sources.source_q: source_q is not a bound source, so false removes nothing (bound by default: source_a, source_b, source_c, source_d)",
    ]);
  });

  it("applies env overrides: REDIS_URL moves the cache to Redis, QR_SIGN_SECRET", () => {
    const config = parseConfig({}, { REDIS_URL: "redis://127.0.0.1:6379", QR_SIGN_SECRET: "from-env-secret" });
    expect(config.store.redis).toBe("redis://127.0.0.1:6379");
    expect(config.cache.driver).toBe("redis");
    expect(config.share.qrSecret).toBe("from-env-secret");
  });

  it("takes only a redis:// or rediss:// address for Redis, in the config and in REDIS_URL, naming the key", () => {
    expect(parseConfig({ store: { redis: "rediss://user:pw@cache.example:6380/2" } }, {}).store.redis).toBe("rediss://user:pw@cache.example:6380/2");
    // ioredis would read these as a socket path or a host name: a Redis down for good, not a failed start.
    for (const redis of ["http://127.0.0.1:6379", "127.0.0.1:6379"]) {
      expect(() => parseConfig({ store: { redis } }, {})).toThrowError(/store\.redis: expected a redis:\/\/ or rediss:\/\/ address/);
    }
    for (const REDIS_URL of ["garbage", "http://127.0.0.1:6379", "localhost:6379"]) {
      const error = (() => {
        try {
          parseConfig({}, { REDIS_URL });
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/env REDIS_URL: expected a redis:\/\/ or rediss:\/\/ address/);
      // the address may carry a password: never echoed
      expect((error as Error).message).not.toContain(REDIS_URL);
    }
  });

  it("refuses the redis cache driver without a Redis address", () => {
    expect(() => parseConfig({ cache: { driver: "redis" } }, {})).toThrowError(/cache\.driver/);
  });

  it("loads music.config.json from the working directory, or the file named by MUSIC_CONFIG", async () => {
    const dir = mkdtempSync(join(tmpdir(), "music-config-"));
    writeFileSync(join(dir, "music.config.json"), JSON.stringify({ disable: ["source_b"] }));
    expect((await loadConfig(dir, {})).config.disable).toEqual(["source_b"]);
    writeFileSync(join(dir, "other.json"), JSON.stringify({ rateLimit: { points: 5 } }));
    expect((await loadConfig(dir, { MUSIC_CONFIG: "other.json" })).config.rateLimit.points).toBe(5);
    await expect(loadConfig(dir, { MUSIC_CONFIG: "missing.json" })).rejects.toThrowError(/MUSIC_CONFIG/);
    writeFileSync(join(dir, "broken.json"), "{ not json");
    await expect(loadConfig(dir, { MUSIC_CONFIG: "broken.json" })).rejects.toThrowError(/could not read/);
  });

  it("a JSON syntax error names its line and column and shows the line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "music-config-"));
    const file = join(dir, "music.config.json");
    const failure = async (text: string) => {
      writeFileSync(file, text);
      return (await loadConfig(dir, {}).then(() => new Error("expected a ConfigError"), (error: Error) => error)).message;
    };
    // the trailing comma: JSON.parse stops at the closing brace of line 4
    expect(await failure('{\n  "sources": {\n    "source_a": false,\n  }\n}\n')).toBe(
      `could not read ${file}: Expected double-quoted property name at line 4, column 3:\n    4 |   }\n      |   ^`,
    );
    // cut short: the end of the text, on the last line
    expect(await failure('{ "disable": ["source_b"')).toBe(`could not read ${file}: Expected ',' or ']' after array element at line 1, column 25:\n    1 | { "disable": ["source_b"\n      |                         ^`);
    // tabs stay tabs under the caret; the reason without V8's snippet of the text
    expect(await failure('{\n\t"log": {\t"access": yes }\n}')).toBe(
      `could not read ${file}: Unexpected token 'y' at line 2, column 21:\n    2 | \t"log": {\t"access": yes }\n      | \t${" ".repeat(8)}\t${" ".repeat(10)}^`,
    );
    // a long line is shown around the column
    const long = await failure(`{"notice": "${"x".repeat(200)}", oops}`);
    expect(long).toMatch(/at line 1, column 216:\n {4}1 \| …x{56}", oops}\n {6}\| {61}\^$/);
  });

  it("validates PORT", () => {
    expect(listenAddress({})).toEqual({ port: 3000, host: "127.0.0.1" });
    expect(listenAddress({ PORT: "8080", HOST: "0.0.0.0" })).toEqual({ port: 8080, host: "0.0.0.0" });
    expect(() => listenAddress({ PORT: "http" })).toThrowError(/PORT/);
  });
});
