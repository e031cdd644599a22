/** Barcodes: GS1 check digits, the spellings of one barcode, and the reason a text is none. */
import { describe, expect, it } from "vitest";
import { upcDigits, upcField } from "@music-aggregator/core";
import { normalUpc, upcProblem } from "@music-aggregator/core/host";

describe("barcodes (UPC, EAN)", () => {
  it("a UPC-A, its EAN-13 spelling, hyphens and spaces are one barcode, leading zeros dropped", () => {
    for (const spelling of ["724384960650", "0724384960650", "00724384960650", "7-24384-96065-0", " 0 724384 960650"]) expect(normalUpc(spelling)).toBe("724384960650");
    expect(normalUpc(5099749534728)).toBe("5099749534728");
    expect(upcDigits("724384960650", 13)).toBe("0724384960650");
    expect(upcField("96385074")).toEqual({ upc: "96385074" }); // EAN-8
  });

  it("says why a text is no barcode: the check digit, the length, a letter", () => {
    expect(upcProblem("724384960651")).toBe("its check digit should be 0, not 1");
    expect(upcProblem("72438496065")).toMatch(/8, 12, 13 or 14 digits, not 11/);
    expect(upcProblem("72438496065X")).toMatch(/digits only/);
    expect(upcProblem("7".repeat(100_000))).toMatch(/at most 14 digits/);
    expect(upcField("724384960651")).toEqual({});
    expect(upcProblem("00000000000000")).toBe("a barcode is not zeros alone");
    expect(normalUpc("000000000000")).toBeUndefined();
    expect(normalUpc(undefined)).toBeUndefined();
  });

  it("every single-digit error is caught by the check digit", () => {
    const good = "5099749534728";
    for (let i = 0; i < good.length - 1; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === good[i]) continue;
        expect(normalUpc(good.slice(0, i) + d + good.slice(i + 1))).toBeUndefined();
      }
    }
  });
});
