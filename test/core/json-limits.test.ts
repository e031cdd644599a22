/** The check made before an upstream's JSON is parsed: depth and count of values, strings skipped. */
import { describe, expect, it } from "vitest";
import { jsonLimitProblem } from "../../core/json-limits.ts";

const limits = { maxDepth: 4, maxValues: 10 };

describe("jsonLimitProblem", () => {
  it("passes ordinary answers", () => {
    expect(jsonLimitProblem('{"a":[1,2,3],"b":{"c":"d"}}', limits)).toBeUndefined();
    expect(jsonLimitProblem(JSON.stringify({ data: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `t${i}` })) }))).toBeUndefined();
  });

  it("counts nesting and values, not brackets or commas inside strings", () => {
    expect(jsonLimitProblem(JSON.stringify({ text: "[[[[[[[[,,,,,,,,,,,,,{{{{{{\\\"]]]" }), limits)).toBeUndefined();
    expect(jsonLimitProblem("[[[[[1]]]]]", limits)).toBe("nested deeper than 4 levels");
    expect(jsonLimitProblem(`[${"1,".repeat(20)}1]`, limits)).toBe("more than 10 values");
  });

  it("stops the expanding bodies of the attack quickly", () => {
    const empties = `[${"{},".repeat(2_300_000)}{}]`;
    const nested = `${"[".repeat(4_000_000)}${"]".repeat(4_000_000)}`;
    const started = performance.now();
    expect(jsonLimitProblem(empties)).toBe("more than 250000 values");
    expect(jsonLimitProblem(nested)).toBe("nested deeper than 64 levels");
    expect(performance.now() - started).toBeLessThan(200);
  });
});
