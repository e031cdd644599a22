/** Reading titles: the title's own words, its version tags, its credits; live albums; folding. */
import { describe, expect, it } from "vitest";
import { artistKey, artistKeys, fold } from "../../../server/engine/match/fold.ts";
import { relevance } from "../../../server/engine/match/relevance.ts";
import { albumCore, isLiveAlbum, parseTitle } from "../../../server/engine/match/title.ts";

describe("parseTitle", () => {
  const weakless = { weak: [] as string[], original: false };
  it.each([
    ["Get Lucky (feat. Pharrell Williams & Nile Rodgers) (Radio Edit)", [], { core: "get lucky", versions: ["radio edit"], featured: ["Pharrell Williams", "Nile Rodgers"] }],
    ["Get Lucky (Radio Edit) [feat. Pharrell Williams & Nile Rodgers]", [], { core: "get lucky", versions: ["radio edit"], featured: ["Pharrell Williams", "Nile Rodgers"] }],
    ["Song ft. Someone Else", [], { core: "song", versions: [], featured: ["Someone Else"] }],
    ["Daft Punk - One More Time (Official Audio)", ["Daft Punk"], { core: "one more time", versions: [], featured: [] }],
    ["07 - (When Your Heart's On Fire) Smoke Gets in Yo - Larry Adler", ["Larry Adler"], { core: "when your hearts on fire smoke gets in yo", versions: [], featured: [] }],
    ["Scarlet Begonias ->", [], { core: "scarlet begonias", versions: [], featured: [] }],
    ["Live Forever", [], { core: "live forever", versions: [], featured: [] }],
    ["Song - Part 2", [], { core: "song part 2", versions: [], featured: [] }],
    ["Roses - Imanbek Remix", [], { core: "roses", versions: ["imanbek remix"], featured: [] }],
    ["Levels - Original Mix", [], { core: "levels", versions: [], featured: [], original: true }],
    ["99 Problems", [], { core: "99 problems", versions: [], featured: [] }],
    ["Paper Lanterns (slowed + reverb)", [], { core: "paper lanterns", versions: ["slowed and reverb"], featured: [] }],
    ["Help! (Remastered 2009) - Mono", [], { core: "help", versions: ["mono"], featured: [] }],
    ["Tern (Live) [2011 Remaster]", [], { core: "tern", versions: ["live"], featured: [] }],
    ["Crossing - Acoustic Version", [], { core: "crossing", versions: ["acoustic"], featured: [] }],
    ["Crossing (Radio Version)", [], { core: "crossing", versions: ["radio edit"], featured: [] }],
    ["Crossing (Tiempo Entero)", [], { core: "crossing", versions: ["tiempo entero"], featured: [] }],
  ] as const)("%s", (title, artists, parsed) => {
    expect(parseTitle(title, artists)).toEqual({ ...weakless, ...parsed, title: expect.any(String) });
  });

  it.each([
    ["Somebody's Love (Single Version)", { versions: [], weak: ["single"] }],
    ["Crossing (Single Edit)", { versions: [], weak: ["single"] }],
    // Deezer's title with its title_version written twice: one weak tag.
    [
      "Somethin' Stupid (Remastered Album Version) [The Frank Sinatra Collection] (Remastered Album Version The Frank Sinatra Collection)",
      { versions: [], weak: ["frank sinatra collection"] },
    ],
    ["Crossing - Greatest Hits Version", { versions: [], weak: ["greatest hits"] }],
    ["Crossing [Live Collection]", { versions: ["live collection"], weak: [] }],
    ["Crossing (2008 Remastered)", { versions: [], weak: [] }],
    ["Love Story (Taylor's Version)", { versions: ["taylors"], weak: [] }],
    ["Tern (2014 Version)", { versions: ["2014"], weak: [] }],
    ["YOU AND I (Instrumental)", { versions: ["instrumental"], weak: [] }],
    ["Crossing (A Cappella)", { versions: ["acapella"], weak: [] }],
  ] as const)("grades the tags of %s", (title, graded) => {
    expect(parseTitle(title)).toMatchObject(graded);
  });

  it("keeps the title's own words as written, for a search", () => {
    expect(parseTitle("Déjà Night (feat. X) [2011 Remaster]").title).toBe("Déjà Night");
    expect(parseTitle("01 - Marlow Vane - Paper Lanterns - Live", ["Marlow Vane"]).title).toBe("Paper Lanterns");
    expect(parseTitle("Another Brick in the Wall (Part 2)").title).toBe("Another Brick in the Wall Part 2");
  });

  it("keeps a dash that is part of the title, and an artist prefix that is not the song's artist", () => {
    expect(parseTitle("Love - Song for a Friend", ["Marlow Vane"]).core).toBe("love song for a friend");
    expect(parseTitle("Marlow Vane - Paper Lanterns", ["Ines Okafor"]).core).toBe("marlow vane paper lanterns");
  });
});

describe("albums", () => {
  it.each([
    ["MTV Unplugged In New York", true],
    ["Grateful Dead Live at Barton Hall, Cornell University on 1977-05-08", true],
    ["Live 1975-85", true],
    ["Songs (Live)", true],
    ["Discovery", false],
    ["Alive and Well", false],
    ["Oliver Heldens Delivers", false],
  ] as const)("%s is live: %s", (album, live) => {
    expect(isLiveAlbum(album)).toBe(live);
  });

  it("an album's core drops neutral tags and the iTunes single and EP suffixes", () => {
    expect(albumCore("Get Lucky (Radio Edit) - Single")).toBe("get lucky radio edit");
    expect(albumCore("Nevermind (Remastered)")).toBe("nevermind");
    expect(albumCore("Tidal Lines - EP")).toBe("tidal lines");
  });
});

describe("folding", () => {
  it("folds accents, case, punctuation, ampersands and a few spellings", () => {
    expect(fold("Déjà Vu")).toBe("deja vu");
    expect(fold("Rock 'n' Roll & Pt. 2")).toBe("rock and roll and part 2");
    expect(fold("Straße  Ørsted!")).toBe("strasse orsted");
  });

  it("a word that names a property of every object is a word like any other", () => {
    // `constructor` was looked up in the spellings' table and read as JavaScript's Object function.
    expect(fold("The Constructor")).toBe("the constructor");
    expect(relevance("native code", { name: "Constructor", artist: ["Marlow Vane"] })).toBe(0);
    expect(relevance("constructor", { name: "Constructor", artist: ["Marlow Vane"] })).toBe(5);
    // …and as a tag, where the tags' spellings are looked up: it is a version like any unknown word.
    expect(parseTitle("Night Ferry (Constructor)").versions).toEqual(["constructor"]);
  });

  it("a part's number in Roman numerals or a word is read in digits, after 'part' only", () => {
    expect(fold("Part II")).toBe("part 2");
    expect(fold("Pt. I")).toBe("part 1");
    expect(fold("(Part Three)")).toBe("part 3");
    expect(fold("Chapter II")).toBe("chapter ii");
    expect(fold("Louis XIV")).toBe("louis xiv");
  });

  it("artist keys: no leading the, no spaces; collaborations by name", () => {
    expect(artistKey("The Beatles")).toBe(artistKey("beatles"));
    expect(artistKey("Daft Punk")).toBe(artistKey("DaftPunk"));
    expect(artistKey("The The")).toBe("the");
    expect(artistKeys("Bob Marley & The Wailers")).toEqual(["bobmarleyandthewailers", "bobmarley", "wailers"]);
    expect(artistKeys("Calvin Harris feat. Dua Lipa")).toEqual(["calvinharris"]);
  });
});
