/** The query that finds a song's copies on the other sources: its title's own words. */
import { describe, expect, it } from "vitest";
import { copiesQuery } from "../../../server/engine/match/query.ts";

describe("copiesQuery", () => {
  it.each([
    [{ name: "Night Ferry", artist: ["The Quiet Harbour"] }, "Night Ferry"],
    [{ name: "Midnight Tide (Live at Harbour Hall)", artist: ["Okoro & The Tide"] }, "Midnight Tide"],
    [{ name: "Get Lucky (feat. Pharrell Williams & Nile Rodgers) [Radio Edit]", artist: ["Daft Punk", "Pharrell Williams"] }, "Get Lucky"],
    [{ name: "The Quiet Harbour - Night Ferry (Official Audio)", artist: ["The Quiet Harbour"] }, "Night Ferry"],
    [{ name: "01 - Lights at Night", artist: ["Juniper Lane"] }, "Lights at Night"],
    [{ name: "Me & My Uncle", artist: ["Grateful Dead"] }, "Me My Uncle"],
    [{ name: "Night and Day", artist: ["Marlow Vane"] }, "Night Day"],
    [{ name: "The The", artist: ["The The"] }, "The The"],
    [{ name: "Déjà Night", artist: ["Ines Okafor"] }, "Déjà Night"],
    [{ name: "Another Brick in the Wall (Part 2)", artist: ["Pink Floyd"] }, "Another Brick in Wall Part 2"],
  ])("%o → %s", (song, query) => {
    expect(copiesQuery(song)).toBe(query);
  });

  it("stays within 80 characters, whole words", () => {
    const query = copiesQuery({ name: "word ".repeat(40).trim(), artist: ["Artist"] });
    expect(query.length).toBeLessThanOrEqual(80);
    expect(query.endsWith("word")).toBe(true);
  });
});
