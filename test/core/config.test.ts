/** The configuration contract (DESIGN §5): defaults, env overrides, errors naming the key. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_SOURCES, listenAddress, loadConfig, parseConfig } from "../../core/config.ts";

describe("config", () => {
  it("has embedded defaults that need no file and no other process", () => {
    const config = parseConfig({}, {});
    expect(config.sources).toBeUndefined();
    expect(DEFAULT_SOURCES).toMatchObject({ source_a: { plugin: "deezer" }, source_b: { plugin: "itunes" }, source_c: { plugin: "audius" }, source_d: { plugin: "archive" } });
    expect(config.cache).toMatchObject({ driver: "memory", max: 10_000 });
    expect(config.cache.ttl).toMatchObject({ search: 600, song: 21600, lyric: 86400, playlist: 1800, rank: 3600, url: 1200, notFound: 300 });
    expect(config.rateLimit).toMatchObject({ points: 120, duration: 60 });
    expect(config.upstream).toMatchObject({ timeoutMs: 8000, searchAllTimeoutMs: 5000 });
    expect(config.store.redis).toBeUndefined();
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
