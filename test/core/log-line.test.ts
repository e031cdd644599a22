/** Log lines: the format rule, the escapes that keep a line one line, and the readable form. */
import { describe, expect, it } from "vitest";
import { prettyLine } from "../../server/engine/log-destination.ts";
import { cleanText, readableLine } from "../../core/log-line.ts";
import { cleanFields, logFormat, logFormatProblem } from "../../server/engine/logger.ts";

describe("log lines", () => {
  it("LOG_FORMAT decides; unset, JSON unless stdout is a terminal", () => {
    expect(logFormat({}, false)).toBe("json");
    expect(logFormat({}, true)).toBe("pretty");
    expect(logFormat({ LOG_FORMAT: "json" }, true)).toBe("json");
    expect(logFormat({ LOG_FORMAT: " Pretty " }, false)).toBe("pretty");
    expect(logFormat({ LOG_FORMAT: "xml" }, false)).toBe("json");
    // A value of neither form is said at start, not silently taken for the default.
    expect(logFormatProblem({ LOG_FORMAT: "xml" })).toBe('LOG_FORMAT: expected json or pretty, got "xml"; the default is used (JSON unless stdout is a terminal)');
    expect([logFormatProblem({}), logFormatProblem({ LOG_FORMAT: " Pretty " })]).toEqual([undefined, undefined]);
  });

  it("every character that could end or hide a line is written as an escape", () => {
    expect(cleanText("a\nb\rc\td")).toBe("a\\nb\\rc\\td");
    expect(cleanText("\u2028\u2029\u0085\u001b\u0000\u007f")).toBe("\\u2028\\u2029\\u0085\\u001b\\u0000\\u007f");
    expect(cleanText("plain – ünïcode ✓")).toBe("plain – ünïcode ✓");
    const fields = { a: "x", n: 1 };
    expect(cleanFields(fields)).toBe(fields); // nothing to clean: the same object
    expect(cleanFields({ a: "x\ny", n: 1 })).toEqual({ a: "x\\ny", n: 1 });
  });

  it("readable lines: a request's line leads with method, path and status; values with spaces are quoted", () => {
    expect(readableLine("", { method: "GET", path: "/v1/song", status: 200, code: 0, ms: 1.5, source: null, cache: undefined, reqId: "r1" })).toBe(
      "GET /v1/song 200 code=0 ms=1.5 source=- reqId=r1",
    );
    expect(readableLine("started", { note: "two words", empty: "", eq: "a=b" })).toBe('started note="two words" empty="" eq="a=b"');
    const line = prettyLine(JSON.stringify({ level: "warn", time: "2026-01-02T03:04:05.006Z", scope: "music:x", msg: "m\nforged", k: "v\u2028w" }));
    expect(line).toBe("2026-01-02T03:04:05.006Z WARN  [music:x] m\\nforged k=v\\u2028w");
  });
});
