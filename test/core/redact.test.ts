/** The Redis address in the start-up line: no credential in any form ioredis takes. */
import { describe, expect, it } from "vitest";
import { redactRedisUrl } from "../../server/engine/redis/redact.ts";

describe("redactRedisUrl", () => {
  it.each([
    ["redis://:s3cret@10.0.0.5:6379/0", "redis://:***@10.0.0.5:6379/0"],
    ["redis://admin:s3cret@10.0.0.5:6379", "redis://***:***@10.0.0.5:6379"],
    ["redis://10.0.0.5:6379/?password=s3cret", "redis://10.0.0.5:6379/?password=***"],
    ["redis://10.0.0.5:6379/?username=admin&password=s3cret&db=2", "redis://10.0.0.5:6379/?username=***&password=***&db=2"],
    ["rediss://u:p@cache.example:6380/?Password=s3cret&family=6", "rediss://***:***@cache.example:6380/?Password=***&family=6"],
    ["redis://10.0.0.5:6379", "redis://10.0.0.5:6379"],
  ])("%s → %s", (url, shown) => {
    expect(redactRedisUrl(url)).toBe(shown);
    expect(redactRedisUrl(url)).not.toMatch(/s3cret|admin/);
  });

  it("does not echo an address it cannot parse", () => {
    expect(redactRedisUrl("not a url with s3cret")).toBe("(invalid address)");
  });
});
