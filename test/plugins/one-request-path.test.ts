/**
 * Every concern of an answer has one home in the request files, whichever way the answer is
 * served (through h3, or kept and served before it): the request id (`serve.ts`), the checks
 * and the rate limit's headers (`admit.ts`), Cache-Control, the entity tag and its 304,
 * compression and the length (`deliver.ts`), the access line and the metrics (`finish.ts`);
 * and an answer goes on the wire in two places only, one per way of serving it. A second
 * writer of any of these fails here. (`test/e2e/kept-answers.test.ts` checks the same from
 * outside: one request answered both ways has one header set and one access line.)
 */
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files.ts";

const ROOT = resolve(import.meta.dirname, "../..");
// The OpenAPI document describes the headers; it writes none.
const files = sourceFiles(join(ROOT, "server/request")).filter((file) => file.endsWith(".ts") && !file.includes("/docs/openapi/"));
const text = new Map(files.map((file) => [relative(join(ROOT, "server/request"), file), readFileSync(file, "utf8")]));

/** The request files whose text matches `pattern`. */
function writers(pattern: RegExp): string[] {
  return [...text].filter(([, source]) => pattern.test(source)).map(([file]) => file).sort();
}

describe("the request path: one home per concern", () => {
  it("reads the request files", () => {
    expect(text.size).toBeGreaterThan(20);
  });

  it.each([
    ["the request id", /out\[REQUEST_ID_HEADER\]\s*=/, ["serve.ts"]],
    ["the rate limit's headers", /["']ratelimit-(?:limit|remaining|reset)["']\]?\s*=/, ["admit.ts"]],
    ["Cache-Control", /["']cache-control["']\]?\s*:|\[["']cache-control["']\]\s*=/, ["deliver.ts"]],
    ["the entity tag and its 304", /headers\.etag\s*=|status:\s*304/, ["deliver.ts"]],
    ["compression and the length", /["']content-(?:encoding|length)["']\]\s*=/, ["deliver.ts"]],
    ["the access line", /accessLog\.(?:info|warn)\(/, ["finish.ts"]],
    ["the request metrics", /metrics\??\.request\(/, ["finish.ts"]],
    ["the checks (method, user-agent, rate limit)", /new (?:MethodError|UserAgentBlockedError|RateLimitError)\(/, ["admit.ts"]],
  ])("%s: written in one file", (_concern, pattern, expected) => {
    expect(writers(pattern)).toEqual(expected);
  });

  it("an answer goes on the wire in two places: h3's middleware and the kept answers' writer, both after `serve`", () => {
    expect(writers(/new FastResponse\(|\.writeHead\(/)).toEqual(["app.ts", "kept-answers.ts"]);
    expect(writers(/\bserve\(front, /)).toEqual(["app.ts", "kept-answers.ts"]);
  });
});
