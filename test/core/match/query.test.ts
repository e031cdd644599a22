/** The query that finds a song's copies on the other sources. */
import { describe, expect, it } from "vitest";
import { copiesQuery } from "../../../core/match/query.ts";

describe("copiesQuery", () => {
  it.each([
    [{ name: "Night Ferry", artist: ["The Quiet Harbour"] }, "Night Ferry Quiet Harbour"],
    [{ name: "Midnight Tide (Live at Harbour Hall)", artist: ["Okoro & The Tide"] }, "Midnight Tide Okoro"],
    [{ name: "Get Lucky (feat. Pharrell Williams & Nile Rodgers) [Radio Edit]", artist: ["Daft Punk", "Pharrell Williams"] }, "Get Lucky Daft Punk"],
    [{ name: "One Kiss", artist: ["Calvin Harris feat. Dua Lipa"] }, "One Kiss Calvin Harris"],
    [{ name: "Me & My Uncle", artist: ["", "Grateful Dead"] }, "Me My Uncle Grateful Dead"],
    [{ name: "Night and Day", artist: ["Marlow Vane"] }, "Night Day Marlow Vane"],
    [{ name: "The The", artist: ["The The"] }, "The The The"],
    [{ name: "Déjà Night", artist: ["Ines Okafor"] }, "Déjà Night Ines Okafor"],
  ])("%o → %s", (song, query) => {
    expect(copiesQuery(song)).toBe(query);
  });

  it("stays within 80 characters, whole words", () => {
    const query = copiesQuery({ name: "word ".repeat(40).trim(), artist: ["Artist"] });
    expect(query.length).toBeLessThanOrEqual(80);
    expect(query.endsWith("word")).toBe(true);
  });
});
