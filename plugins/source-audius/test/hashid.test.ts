/**
 * Audius's hashids (salt `azowernasdfoia`, at least 5 characters): the album backlink's
 * internal number becomes the id `/v1/playlists/{id}` takes. The expected ids are Hashids'
 * own encodings of these numbers, among them the pair 1192383172 ⇄ `AlQM0Bg` seen on the live
 * API, and the padding cases (numbers short enough to need guards and filler).
 */
import { describe, expect, it } from "vitest";
import { encodeHashId } from "../hashid.ts";

describe("encodeHashId", () => {
  it.each([
    [1192383172, "AlQM0Bg"],
    [2147483647, "b6ExxZy"],
    [73310, "DN1ZQ"],
    [125017, "RKozQ"],
    [85184, "64mmm"],
    [85183, "noJJJ"],
    [1935, "DyEED"],
    [44, "eYorL"],
    [1, "7eP5n"],
    [0, "GeYrn"],
  ])("%i is %s", (value, id) => {
    expect(encodeHashId(value)).toBe(id);
  });

  it("is undefined for what is no internal number", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) expect(encodeHashId(bad)).toBeUndefined();
  });
});
