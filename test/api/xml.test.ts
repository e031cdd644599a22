/** The test helper's XML check must itself refuse what is not well-formed. */
import { describe, expect, it } from "vitest";
import { parseXml } from "./xml.ts";

describe("parseXml", () => {
  it("accepts a well-formed document and returns its tree", () => {
    const root = parseXml('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10"><path d="M0 0h1"/><!-- c --><g>a &amp; b</g></svg>\n');
    expect(root).toEqual({
      name: "svg",
      attributes: { xmlns: "http://www.w3.org/2000/svg", width: "10" },
      children: [
        { name: "path", attributes: { d: "M0 0h1" }, children: [] },
        { name: "g", attributes: {}, children: [] },
      ],
    });
  });

  it.each([
    ["unclosed root", "<svg><path/>"],
    ["mismatched tags", "<svg><g></svg></g>"],
    ["two roots", "<a/><b/>"],
    ["unquoted attribute", "<svg width=10/>"],
    ["duplicate attribute", '<svg a="1" a="2"/>'],
    ["raw < in an attribute", '<svg a="<"/>'],
    ["stray &", "<svg>a & b</svg>"],
    ["text after the root", "<svg/>x"],
    ["no root", "   "],
    ["attributes without space", '<svg a="1"b="2"/>'],
  ])("refuses %s", (_name, text) => {
    expect(() => parseXml(text)).toThrow(/not well-formed XML/);
  });
});
