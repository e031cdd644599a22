/**
 * Query escaping: the user's words can never leave their parentheses, never become operators,
 * wildcards, ranges or field queries, and the audio restriction always holds. Checked on exact
 * query strings, on many generated hostile inputs (every one must parse as plain terms), and
 * through the simulator, whose parser refuses any unescaped special character.
 */
import type { SourceMethods } from "@music-aggregator/core";
import { describe, expect, it } from "vitest";
import { AUDIO_ONLY, creatorQuery, escapeWord, wordsQuery } from "../query.ts";
import { BOOK } from "./fixtures/catalog.ts";
import { compile, type IndexedItem } from "./fixtures/lucene.ts";
import { ctx, useArchiveSimulator } from "./instance.ts";
import type { ArchiveSimulator } from "./simulator.ts";

describe("wordsQuery", () => {
  it.each([
    ["*:* OR mediatype:texts", '(\\*\\:\\* AND "OR" AND mediatype\\:texts) AND mediatype:(audio OR etree)'],
    ['") OR ("', '(\\"\\) AND "OR" AND \\(\\") AND mediatype:(audio OR etree)'],
    ["paper) OR (mediatype:texts", '(paper\\) AND "OR" AND \\(mediatype\\:texts) AND mediatype:(audio OR etree)'],
    ["trailing\\", "(trailing\\\\) AND mediatype:(audio OR etree)"],
    ["rock && roll || !jazz", "(rock AND \\&\\& AND roll AND \\|\\| AND \\!jazz) AND mediatype:(audio OR etree)"],
    ["title:[a TO z] {x} ^2 ~1 fo?o -x +y =z /re/", '(title\\:\\[a AND TO AND z\\] AND \\{x\\} AND \\^2 AND \\~1 AND fo\\?o AND \\-x AND \\+y AND \\=z AND \\/re\\/) AND mediatype:(audio OR etree)'],
    ["not and Or", '("not" AND "and" AND "Or") AND mediatype:(audio OR etree)'],
    ["<b>bold</b> >=5", "(bbold\\/b AND \\=5) AND mediatype:(audio OR etree)"],
    ["  spaced\tout\nwords  ", "(spaced AND out AND words) AND mediatype:(audio OR etree)"],
    ["Café Noël", "(Café AND Noël) AND mediatype:(audio OR etree)"],
  ])("%j", (q, expected) => {
    expect(wordsQuery(q)).toBe(expected);
  });

  it("leaves nothing to search for when only `<`, `>` and control characters are given", () => {
    expect(wordsQuery("<< >> \u0000")).toBeUndefined();
    expect(escapeWord("<>")).toBeUndefined();
  });

  it("creatorQuery escapes only what a phrase needs: quotes and backslashes", () => {
    expect(creatorQuery('Bob "The" \\ Builder (live)')).toBe('creator:"Bob \\"The\\" \\\\ Builder (live)" AND mediatype:(audio OR etree)');
  });

  it("hostile inputs, generated: each parses as plain words that match no book, only restricted to audio", () => {
    const book: IndexedItem = { identifier: "b", mediatype: "texts", title: "texts mediatype almanac", creator: ["x"], collection: [], description: "" };
    const pieces = ["*", ":", "*:*", "OR", "AND", "NOT", "(", ")", '"', "\\", "&&", "||", "!", "-", "+", "[", "]", "{", "}", "^", "~", "?", "/", "=", "<", ">", "mediatype:texts", "texts", " ", "\t", "almanac", "é"];
    let seed = 20240611;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % pieces.length;
    for (let n = 0; n < 2000; n++) {
      const q = Array.from({ length: 1 + (n % 12) }, () => pieces[next()]).join(n % 3 ? " " : "");
      const query = wordsQuery(q);
      if (query === undefined) continue;
      expect(query.endsWith(`) AND ${AUDIO_ONLY}`), q).toBe(true);
      // The simulator's parser refuses any unescaped special character: this one must pass.
      expect(compile(query)(book), q).toBe(false);
    }
  });
});

describe("through the simulator", () => {
  let sim: ArchiveSimulator;
  let archiveSource: SourceMethods;
  useArchiveSimulator((started) => ({ sim, archiveSource } = started));

  it("an injected match-all finds nothing: it is searched for as words, among audio items", async () => {
    expect(await archiveSource.search({ q: "*:* OR mediatype:texts", page: 1, size: 5 }, ctx())).toEqual({ total: 0, list: [] });
    expect(sim.queries).toEqual(['(\\*\\:\\* AND "OR" AND mediatype\\:texts) AND mediatype:(audio OR etree)']);
  });

  it("a book matching the words is never found; closing the group does not widen the search", async () => {
    expect((await archiveSource.search({ q: "almanac", page: 1, size: 5 }, ctx())).total).toBe(0);
    const escaped = await archiveSource.search({ q: "paper) OR (mediatype:texts", page: 1, size: 5 }, ctx());
    expect(escaped.total).toBe(0);
    expect(escaped.list.some((s) => s.albumId === BOOK)).toBe(false);
    // The same words unescaped would have matched every audio item and the book's mediatype.
    expect(compile("(paper) OR (mediatype:texts) AND mediatype:(audio OR etree)")({ identifier: BOOK, mediatype: "texts", title: "The Paper Moon Almanac", creator: [], collection: [], description: "" })).toBe(true);
  });

  it("quotes, parentheses and backslashes reach the engine escaped, and it accepts them", async () => {
    const result = await archiveSource.search({ q: 'cedar "smoke) \\', page: 1, size: 5 }, ctx());
    expect(result).toEqual({ total: 0, list: [] });
    expect(sim.queries).toEqual(['(cedar AND \\"smoke\\) AND \\\\) AND mediatype:(audio OR etree)']);
    expect(sim.log[0]).toBe(
      "GET /advancedsearch.php?q=%28cedar+AND+%5C%22smoke%5C%29+AND+%5C%5C%29+AND+mediatype%3A%28audio+OR+etree%29&fl%5B%5D=identifier&rows=5&page=1&output=json",
    );
  });
});
