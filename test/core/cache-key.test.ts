/** Cache keys: parameter order does not matter, and keys are already in unstorage's normal form. */
import { describe, expect, it } from "vitest";
import { normalizeKey } from "unstorage";
import { cacheKey } from "../../server/engine/cache/response-cache.ts";

describe("cacheKey", () => {
  it("sorts parameters and leaves out undefined ones", () => {
    expect(cacheKey("search:source_a", { size: 20, q: "daft punk", page: 1 })).toBe(cacheKey("search:source_a", { page: 1, q: "daft punk", size: 20, x: undefined }));
  });

  it("keeps values apart that unstorage would fold together", () => {
    const keys = ["a/b", "a:b", "a\\b", "a?b", "a::b", ":a", "a:", "./..", "a&b=c"].map((q) => cacheKey("search:source_a", { q }));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(normalizeKey(key)).toBe(key);
    expect(normalizeKey(cacheKey("rank:source_a", { id: undefined }))).toBe(cacheKey("rank:source_a", {}));
  });
});
