/** The shared mapping helpers, value by value, with the upstream oddities they exist for. */
import { describe, expect, it } from "vitest";
import { wholeSeconds } from "../../core/mapping/duration.ts";
import { expiryFromUrl } from "../../core/mapping/expiry.ts";
import { firstImage } from "../../core/mapping/images.ts";
import { hasMoreAfter, offsetOf } from "../../core/mapping/paging.ts";
import { publishDate } from "../../core/mapping/publish-date.ts";
import { pickQuality } from "../../core/mapping/quality.ts";

describe("wholeSeconds", () => {
  it("reads seconds, milliseconds, numeric strings and clock strings", () => {
    expect(wholeSeconds(224)).toBe(224);
    expect(wholeSeconds(245.6)).toBe(246);
    expect(wholeSeconds("245.32")).toBe(245);
    expect(wholeSeconds(293_720, "ms")).toBe(294);
    expect(wholeSeconds("4:05")).toBe(245);
    expect(wholeSeconds("1:02:03")).toBe(3723);
    expect(wholeSeconds("4:05", "ms")).toBe(245);
  });

  it("is null for what is not a duration", () => {
    for (const bad of [undefined, null, "", "long", -3, Number.NaN, "1:xx", "1:2:3:4", {}]) expect(wholeSeconds(bad)).toBeNull();
  });
});

describe("publishDate", () => {
  it("keeps what is known: day, month or year", () => {
    expect(publishDate("2001-03-07")).toBe("2001-03-07");
    expect(publishDate("2013-11-06 17:00:00")).toBe("2013-11-06");
    expect(publishDate("2020-12-31T23:30:00-05:00")).toBe("2020-12-31");
    expect(publishDate("2001-03")).toBe("2001-03");
    expect(publishDate("1999")).toBe("1999");
    expect(publishDate(1987)).toBe("1987");
    expect(publishDate("2001-00-00")).toBe("2001");
    expect(publishDate("2001-02-30")).toBe("2001-02");
    expect(publishDate("2024-2-9")).toBe("2024-02-09");
  });

  it("is null for placeholders and non-dates", () => {
    for (const bad of ["0000-00-00", "", "soon", "20010307", null, undefined, 12, "99-01-01"]) expect(publishDate(bad)).toBeNull();
  });
});

describe("pickQuality (docs/decisions.md (Sources))", () => {
  const offers = (...qualities: ("standard" | "high" | "lossless")[]) => qualities.map((quality) => ({ quality }));
  it("gives the wanted quality, else the best lower one, else the lowest there is", () => {
    expect(pickQuality(offers("standard", "high", "lossless"), "high")).toEqual({ quality: "high" });
    expect(pickQuality(offers("standard", "high"), "lossless")).toEqual({ quality: "high" });
    expect(pickQuality(offers("lossless", "standard"), "high")).toEqual({ quality: "standard" });
    expect(pickQuality(offers("lossless", "high"), "standard")).toEqual({ quality: "high" });
    expect(pickQuality(offers("standard"), "lossless")).toEqual({ quality: "standard" });
    expect(pickQuality([], "standard")).toBeUndefined();
  });
});

describe("expiryFromUrl", () => {
  it("reads Akamai tokens and plain expiry parameters", () => {
    expect(expiryFromUrl("https://cdnt-preview.dzcdn.net/api/1/1/a.mp3?hdnea=exp=1700000000~acl=/api/1/1/a.mp3*~hmac=ab12")).toBe(1700000000);
    expect(expiryFromUrl("https://cdn.example/a.mp3?__token__=st=1699990000~exp=1700000500~acl=*~hmac=cd")).toBe(1700000500);
    expect(expiryFromUrl("https://d1.cloudfront.net/a.m4a?Expires=1700001000&Signature=x&Key-Pair-Id=y")).toBe(1700001000);
    expect(expiryFromUrl("https://cdn.example/a.mp3?expires=1700002000000")).toBe(1700002000);
  });

  it("is null when the address does not say", () => {
    expect(expiryFromUrl("https://cdns-preview-d.dzcdn.net/stream/c-deda7fa9316d9e9e880d2c6207e92260-5.mp3")).toBeNull();
    expect(expiryFromUrl("https://cdn.example/a.mp3?hdnea=acl=*~hmac=1")).toBeNull();
    expect(expiryFromUrl("https://cdn.example/a.mp3?exp=soon")).toBeNull();
    expect(expiryFromUrl("not a url")).toBeNull();
  });
});

describe("firstImage and paging", () => {
  it("takes the first non-empty image in order", () => {
    expect(firstImage({ cover_xl: "", cover_big: "big.jpg", cover: "small.jpg" }, ["cover_xl", "cover_big", "cover"])).toBe("big.jpg");
    expect(firstImage({ cover_xl: null, cover: 3 }, ["cover_xl", "cover"])).toBeNull();
    expect(firstImage(undefined, ["cover"])).toBeNull();
  });

  it("turns pages into offsets and says when more remain", () => {
    expect(offsetOf(1, 20)).toBe(0);
    expect(offsetOf(3, 25)).toBe(50);
    expect(hasMoreAfter(1, 25, 102)).toBe(true);
    expect(hasMoreAfter(5, 25, 102)).toBe(false);
    expect(hasMoreAfter(4, 25, 100)).toBe(false);
    expect(hasMoreAfter(2, 3, 7)).toBe(true);
  });
});
