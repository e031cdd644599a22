/** The configuration contract (docs/decisions.md (Configuration)): defaults, env overrides, errors naming the key. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_SOURCES, listenAddress, loadConfig, parseConfig, sourceBindings } from "../../core/config.ts";
import { ConfigError } from "../../core/errors.ts";

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

  it("applies env overrides: REDIS_URL moves the cache to Redis, QR_SIGN_SECRET", () => {
    const config = parseConfig({}, { REDIS_URL: "redis://127.0.0.1:6379", QR_SIGN_SECRET: "from-env-secret" });
    expect(config.store.redis).toBe("redis://127.0.0.1:6379");
    expect(config.cache.driver).toBe("redis");
    expect(config.share.qrSecret).toBe("from-env-secret");
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

  it("validates PORT", () => {
    expect(listenAddress({})).toEqual({ port: 3000, host: "127.0.0.1" });
    expect(listenAddress({ PORT: "8080", HOST: "0.0.0.0" })).toEqual({ port: 8080, host: "0.0.0.0" });
    expect(() => listenAddress({ PORT: "http" })).toThrowError(/PORT/);
  });
});
