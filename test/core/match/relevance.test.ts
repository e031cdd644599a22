/** Relevance tiers: exact title and artist, exact title, artist, whole words, word prefixes, contained, partial. */
import { describe, expect, it } from "vitest";
import { relevance } from "../../../server/engine/match/relevance.ts";

const lucky = { name: "Get Lucky (feat. Pharrell Williams)", artist: ["Daft Punk"] };

describe("relevance", () => {
  it.each([
    ["get lucky daft punk", lucky, 7],
    ["Daft Punk – Get Lucky", lucky, 7],
    ["GET LUCKY", lucky, 5],
    ["get lucky feat pharrell williams", lucky, 5],
    ["daft punk", lucky, 6],
    ["lucky punk", lucky, 4],
    ["get luck", lucky, 3],
    ["etlu", { name: "Getlucky", artist: ["X"] }, 2],
    ["get lucky tonight", lucky, 1 + 2 / 3],
    ["nothing here", lucky, 0],
    ["", lucky, 0],
    ["déjà vu", { name: "Deja Vu", artist: ["Beyoncé"] }, 5],
    ["me and my uncle", { name: "Me & My Uncle", artist: ["Grateful Dead"] }, 5],
    // Another script: found in Latin letters, a quarter of a tier below the form written as asked.
    ["ostayomsya zimovat", { name: "Остаёмся зимовать", artist: ["Кино"] }, 4.75],
    ["Остаёмся зимовать", { name: "Остаёмся зимовать", artist: ["Кино"] }, 5],
    ["Остаёмся зимовать", { name: "Ostayomsya Zimovat", artist: ["Kino"] }, 4.75],
    ["kino", { name: "Группа крови", artist: ["Кино"] }, 5.75],
    // ё written as е, in either script, as Russian writes it at will.
    ["ostaemsya zimovat", { name: "Остаёмся зимовать", artist: ["Кино"] }, 4.75],
    ["Остаёмся зимовать", { name: "Ostaemsya Zimovat", artist: ["Kino"] }, 4.75],
    ["alena shvets", { name: "Вечеринка", artist: ["Алёна Швец"] }, 5.75],
  ] as const)("%s → %d", (query, song, score) => {
    expect(relevance(query, song)).toBeCloseTo(score, 6);
  });

  it("a version the query does not ask for costs half a tier; one it asks for costs nothing", () => {
    const live = { name: "Get Lucky (Live)", artist: ["Daft Punk"] };
    expect(relevance("get lucky", live)).toBe(4.5);
    expect(relevance("get lucky live", live)).toBe(5);
    expect(relevance("get lucky", { name: "Get Lucky (Radio Edit)", artist: ["Daft Punk"] })).toBe(4.5);
    expect(relevance("get lucky", { name: "Get Lucky (2013 Remaster)", artist: ["Daft Punk"] })).toBe(5);
  });

  it("a query naming an artist ranks the artist's songs, even their versions, above songs merely titled so", () => {
    const titled = relevance("radiohead", { name: "Radiohead", artist: ["Jens Lekman"] });
    expect(relevance("radiohead", { name: "Creep", artist: ["Radiohead"] })).toBeGreaterThan(titled);
    expect(relevance("radiohead", { name: "Creep (Acoustic)", artist: ["Radiohead"] })).toBeGreaterThan(titled);
  });

  it("an artist's name asked with or without its leading 'The' names that artist, as the matcher reads artists", () => {
    // The demo's catalogue has both: "Quiet Harbour" by Mira Castell, and the songs of The Quiet Harbour.
    const titled = relevance("quiet harbour", { name: "Quiet Harbour", artist: ["Mira Castell"] });
    expect(relevance("quiet harbour", { name: "Low Water", artist: ["The Quiet Harbour"] })).toBeGreaterThan(titled);
    expect(relevance("the beatles", { name: "Let It Be", artist: ["Beatles"] })).toBe(6);
    expect(relevance("beatles", { name: "Let It Be", artist: ["The Beatles"] })).toBe(6);
    // …beside the title too: `weeknd blinding lights` asks for The Weeknd's song, above a lyrics upload of it.
    const song = { name: "Blinding Lights", artist: ["The Weeknd"] };
    expect(relevance("weeknd blinding lights", song)).toBe(7);
    expect(relevance("blinding lights weeknd", song)).toBe(7);
    expect(relevance("blinding lights the weeknd", { name: "Blinding Lights", artist: ["Weeknd"] })).toBe(7);
    expect(relevance("weeknd blinding lights", { name: "The Weeknd - Blinding Lights (Lyrics)", artist: ["7clouds"] })).toBeLessThan(7);
    expect(relevance("weeknd lights", song)).toBe(4);
    // Only a whole name: a band whose name merely contains the words is not the one asked for.
    expect(relevance("quiet harbour", { name: "First Static", artist: ["Quiet Harbour Collective"] })).toBeLessThan(6);
  });
});
