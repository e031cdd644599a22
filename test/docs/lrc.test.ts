/** The playground's LRC reading (`server/request/docs/public/lrc.js`, run in browsers, tested here). */
import { describe, expect, it } from "vitest";

// A browser module without types: imported by a computed name, as `any`.
const { lineAt, parseLrc } = await import(["../../server/request/docs/public", "lrc.js"].join("/"));

describe("LRC in the playground", () => {
  it("reads time tags (several per line, 2 or 3 fraction digits), in time order, and skips metadata", () => {
    const lines = parseLrc("[ar:Marlow Vane]\n[00:12.40] Lanterns\r\n[00:03.5][01:00.000] Chorus\n[00:05] \n");
    expect(lines).toEqual([
      { time: 3.5, text: "Chorus" },
      { time: 5, text: "" },
      { time: 12.4, text: "Lanterns" },
      { time: 60, text: "Chorus" },
    ]);
  });

  it("keeps plain lyrics as untimed lines", () => {
    expect(parseLrc("Paper kites\n\nabove the field")).toEqual([
      { time: null, text: "Paper kites" },
      { time: null, text: "above the field" },
    ]);
  });

  it("finds the line being sung: the last one started, none before the first, none for plain lyrics", () => {
    const lines = parseLrc("[00:01.00] a\n[00:03.00] b\n[00:06.00] c");
    expect([0, 1, 2.99, 3, 5, 100].map((t) => lineAt(lines, t))).toEqual([-1, 0, 0, 1, 1, 2]);
    expect(lineAt(parseLrc("plain"), 10)).toBe(-1);
  });
});
