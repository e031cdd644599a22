/** Relevance tiers: exact title and artist, exact title, artist, whole words, word prefixes, contained, partial. */
import { describe, expect, it } from "vitest";
import { relevance } from "../../../server/engine/match/relevance.ts";

const lucky = { name: "Get Lucky (feat. Pharrell Williams)", artist: ["Daft Punk"] };

describe("relevance", () => {
  it.each([
    ["get lucky daft punk", lucky, 7],
    ["Daft Punk – Get Lucky", lucky, 7],
    ["GET LUCKY", lucky, 6],
    ["get lucky feat pharrell williams", lucky, 6],
    ["daft punk", lucky, 5],
    ["lucky punk", lucky, 4],
    ["get luck", lucky, 3],
    ["etlu", { name: "Getlucky", artist: ["X"] }, 2],
    ["get lucky tonight", lucky, 1 + 2 / 3],
    ["nothing here", lucky, 0],
    ["", lucky, 0],
    ["déjà vu", { name: "Deja Vu", artist: ["Beyoncé"] }, 6],
    ["me and my uncle", { name: "Me & My Uncle", artist: ["Grateful Dead"] }, 6],
  ] as const)("%s → %d", (query, song, score) => {
    expect(relevance(query, song)).toBeCloseTo(score, 6);
  });

  it("a version the query does not ask for costs half a tier; one it asks for costs nothing", () => {
    const live = { name: "Get Lucky (Live)", artist: ["Daft Punk"] };
    expect(relevance("get lucky", live)).toBe(5.5);
    expect(relevance("get lucky live", live)).toBe(6);
    expect(relevance("get lucky", { name: "Get Lucky (Radio Edit)", artist: ["Daft Punk"] })).toBe(5.5);
    expect(relevance("get lucky", { name: "Get Lucky (2013 Remaster)", artist: ["Daft Punk"] })).toBe(6);
  });
});
