/**
 * Playlist files: what the service writes validates against each format (XSPF's schema, JSPF's
 * shape as ListenBrainz documents it) and reads back as the same tracks (export → import), VIP
 * and unmatched tracks included; plain text and M3U from elsewhere; every malformed, huge,
 * entity-expanding or deeply nested body a clear 1001 naming where it is wrong, in bounded time.
 */
import { describe, expect, it } from "vitest";
import { IMPORT_LIMITS } from "../../server/engine/playlist-files/playlist-file.ts";
import { readPlaylistFile } from "../../server/engine/playlist-files/read.ts";
import { EXPORT_FORMATS, FILE_TYPES, writePlaylist, type ExportPlaylist, type ExportTrack } from "../../server/engine/playlist-files/write.ts";
import { jspfProblems, xspfProblems } from "../support/playlist-checks.ts";

const track = (title: string, artist: string[], album: string, duration: number, more: Partial<ExportTrack> = {}): ExportTrack => ({
  title, artist, album, duration, location: `http://127.0.0.1:3000/v1/song/url?origin=app&source=source_a&id=${encodeURIComponent(title)}&redirect=1`, preview: false, ...more,
});
const PLAYLIST: ExportPlaylist = {
  title: "Rock & Roll <Nights> \"live\"",
  creator: "deckhand_ro",
  tracks: [
    track("Paper Lanterns", ["Marlow Vane"], "Tidal Lines", 241, { preview: true }),
    track("Salt Air (feat. Ines Okafor)", ["Marlow Vane", "Ines Okafor"], "Tidal Lines", 198),
    track("Déjà Vu, again", ["Sigur Rós"], "", 0),
    track("Night Ferry - 2019 Remaster", ["The Quiet Harbour"], "Night Ferry", 262, { location: null, why: "VIP" }),
    track("Undertow", ["Marlow Vane"], "Tidal Lines", 305, { location: null, why: "no copy on source_c" }),
    track("Tab\there & <there>", ["Okoro & The Tide"], "A & B", 180),
  ],
};
/** What reading keeps of a track: an M3U has no album. */
const kept = (t: { title: string; artist: string[]; album: string; duration: number }, withAlbum: boolean) => ({
  title: t.title.replace(/\t/g, " "),
  artist: t.artist.join(", "),
  album: withAlbum ? t.album : "",
  duration: t.duration,
});

const code = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return { code: (error as { code?: number }).code, message: (error as Error).message };
  }
  return { code: 0, message: "" };
};
const timed = (read: () => unknown) => {
  const started = performance.now();
  const outcome = code(read);
  return { ...outcome, ms: performance.now() - started };
};

describe("written files", () => {
  it.each(EXPORT_FORMATS)("%s: reads back as the same tracks, those without an address too", (format) => {
    const text = writePlaylist(format, PLAYLIST);
    const read = readPlaylistFile(text, FILE_TYPES[format]);
    expect(read.tracks.map((t) => kept(t, true))).toEqual(PLAYLIST.tracks.map((t) => kept(t, format !== "m3u8")));
    expect(read.title).toBe(PLAYLIST.title);
    // Recognised by its first characters too, when the type names none.
    expect(readPlaylistFile(text, "text/plain").tracks).toEqual(read.tracks);
  });

  it("XSPF validates against the schema's rules; a file breaking them does not", () => {
    const text = writePlaylist("xspf", PLAYLIST);
    expect(xspfProblems(text)).toEqual([]);
    expect(text).toContain("<annotation>preview: a short clip, not the whole song</annotation>");
    expect(text).toContain("<title>Rock &amp; Roll &lt;Nights&gt; \"live\"</title>");
    // The checker fails what the schema fails.
    expect(xspfProblems(text.replace("<title>Paper Lanterns</title>", "<duration>x</duration><title>Paper Lanterns</title>"))).toEqual(
      expect.arrayContaining(['track 1 duration: "x" is not a valid count', "track 1: title is out of the schema's order"]),
    );
    expect(xspfProblems(text.replace('xmlns="http://xspf.org/ns/0/"', ""))).toEqual(["playlist: xmlns is not http://xspf.org/ns/0/"]);
  });

  it("JSPF has ListenBrainz' shape; a file that has not fails", () => {
    const text = writePlaylist("jspf", PLAYLIST);
    expect(jspfProblems(text)).toEqual([]);
    const value = JSON.parse(text);
    expect(value.playlist.track[3]).toEqual({ title: "Night Ferry - 2019 Remaster", creator: "The Quiet Harbour", annotation: "no address: VIP", album: "Night Ferry", duration: 262_000 });
    expect(value.playlist.track[0].location).toEqual([PLAYLIST.tracks[0].location]);
    expect(jspfProblems(JSON.stringify({ playlist: { track: [{ location: "x", duration: 1.5 }] } }))).toHaveLength(2);
  });

  it("M3U lists a track without an address as a comment a player skips, and marks previews", () => {
    const lines = writePlaylist("m3u8", PLAYLIST).trim().split("\n");
    expect(lines.slice(0, 5)).toEqual(["#EXTM3U", "#PLAYLIST:Rock & Roll <Nights> \"live\"", "# preview: a short clip, not the whole song", "#EXTINF:241,Marlow Vane - Paper Lanterns", PLAYLIST.tracks[0].location]);
    expect(lines).toContain("# no address (VIP): 262,The Quiet Harbour - Night Ferry - 2019 Remaster");
    expect(lines).toContain("#EXTINF:-1,Sigur Rós - Déjà Vu, again");
    expect(lines.every((l) => !l.includes("\t"))).toBe(true);
  });

  it("M3U: no text breaks a line, whichever line breaks a reader knows (Python's splitlines() splits at NEL, U+2028 and U+2029 too)", () => {
    const injected = "\n#EXTINF:1,Evil - Track\nhttp://evil.example/x.mp3";
    for (const brk of ["\n", "\r", "\v", "\f", "\u001c", "\u0085", "\u2028", "\u2029"]) {
      const title = `Paper Lanterns${injected.replaceAll("\n", brk)}`;
      const text = writePlaylist("m3u8", { title: `List${brk}#EXTINF:2,x`, creator: null, tracks: [track(title, [`Marlow${brk}Vane`], "", 241), track(title, ["Marlow Vane"], "", 241, { location: null, why: `VIP${brk}http://evil.example/` })] });
      const lines = text.split(/\r\n|[\n\v\f\r\u001c-\u001e\u0085\u2028\u2029]/);
      expect(lines.filter((l) => l.startsWith("#EXTINF:")), JSON.stringify(brk)).toHaveLength(1);
      expect(lines.filter((l) => l.startsWith("http://evil")), JSON.stringify(brk)).toEqual([]);
    }
  });
});

describe("imported files from elsewhere", () => {
  it("plain text: Artist - Title a line, a length if known; comments and blank lines skipped", () => {
    const file = readPlaylistFile("\ufeff# my list\nMarlow Vane - Paper Lanterns (4:01)\n\nIines – Salt Air [3:18]\r\nKestrel — Long Way (1:02:03)\nOkoro - Undertow (live)\n", "text/plain");
    expect(file.tracks).toEqual([
      { title: "Paper Lanterns", artist: ["Marlow Vane"], album: "", duration: 241 },
      { title: "Salt Air", artist: ["Iines"], album: "", duration: 198 },
      { title: "Long Way", artist: ["Kestrel"], album: "", duration: 3723 },
      { title: "Undertow (live)", artist: ["Okoro"], album: "", duration: 0 },
    ]);
  });

  it("plain text copied from a page or a sheet: a list's numbers go, a bare length after a space or a tab is the length", () => {
    const file = readPlaylistFile("1. Marlow Vane - Paper Lanterns 4:01\n02) Iines - Salt Air\t3:18\n3 Doors Down - Kryptonite\nKestrel - Ten Past 9:75\n10,000 Maniacs - Because the Night (Live) 3:42\n", "text/plain");
    expect(file.tracks).toEqual([
      { title: "Paper Lanterns", artist: ["Marlow Vane"], album: "", duration: 241 },
      { title: "Salt Air", artist: ["Iines"], album: "", duration: 198 },
      // No "." or ")" after it: a name's own number stays.
      { title: "Kryptonite", artist: ["3 Doors Down"], album: "", duration: 0 },
      // No length has 75 seconds: the title's own.
      { title: "Ten Past 9:75", artist: ["Kestrel"], album: "", duration: 0 },
      { title: "Because the Night (Live)", artist: ["10,000 Maniacs"], album: "", duration: 222 },
    ]);
  });

  it("an M3U of another player: attributes, lengths with decimals, unknown lengths, no artist", () => {
    const file = readPlaylistFile('#EXTM3U\n#EXTINF:-1 tvg-id="x" group="a",Just A Title\nhttp://a/1.mp3\n#EXTINF:201.5,Okoro - Undertow\n/music/2.flac\n', undefined);
    expect(file.tracks).toEqual([
      { title: "Just A Title", artist: [], album: "", duration: 0 },
      { title: "Undertow", artist: ["Okoro"], album: "", duration: 202 },
    ]);
  });

  it("names every bad line by its number, at once", () => {
    expect(code(() => readPlaylistFile("A - B\nno separator\nC - D\nstill none\n", "text/plain"))).toEqual({
      code: 1001,
      message: "body is not a valid text (Artist - Title lines) playlist: lines 2, 4: expected Artist - Title, then (m:ss) if the length is known",
    });
    expect(code(() => readPlaylistFile("#EXTM3U\n#EXTINF:abc,A - B\nhttp://x\nhttp://y\n#EXTINF:3,C - D\n", "audio/x-mpegurl")).message).toBe(
      "body is not a valid M3U playlist: line 2: expected #EXTINF:seconds,Artist - Title; line 4: an address without #EXTINF before it (the track's title and artist are needed); line 5: #EXTINF is not followed by an address",
    );
    expect(code(() => readPlaylistFile(`A - B\n${"x".repeat(IMPORT_LIMITS.lineChars + 1)}\n`, "text/plain")).message).toContain("line 2: longer than 2048 characters");
    const many = Array.from({ length: 30 }, (_, i) => `bad ${i}`).join("\n");
    expect(code(() => readPlaylistFile(many, "text/plain")).message).toBe(
      "body is not a valid text (Artist - Title lines) playlist: lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 20 more: expected Artist - Title, then (m:ss) if the length is known",
    );
  });

  it("JSPF and XSPF faults name the line of a syntax error, or the track", () => {
    expect(code(() => readPlaylistFile('{\n  "playlist": {\n    "track": [,]\n  }\n}', "application/json")).message).toMatch(/^body is not JSON: .* at line 3, column 15$/);
    expect(code(() => readPlaylistFile('{"playlist": {"track": [{"title": "A"}, {"creator": "B"}, {"title": "C", "duration": -1}]}}', "application/jspf+json")).message).toBe(
      "body is not a valid JSPF playlist: track 2: title is required (a text); track 3: duration must be whole milliseconds",
    );
    expect(code(() => readPlaylistFile('<playlist version="1">\n<trackList>\n<track><title>A</track>\n</trackList></playlist>', "application/xspf+xml")).message).toMatch(/^body is not well-formed XML: line 3, column \d+: /);
    // XML the parser stops at is named where it is wrong, not in the parser's own words ("readTagExp returned undefined", "column undefined").
    expect(code(() => readPlaylistFile("<playlist><trackList><track><title>A</title></track></trackList></playlist>\n<a", "application/xspf+xml")).message).toMatch(/^body is not well-formed XML: line 2, column \d+: [^(]+$/);
    expect(code(() => readPlaylistFile("<playlist><trackList><track><title>A</title></track></trackList></playlist><!--", "application/xspf+xml")).message).toBe("body is not well-formed XML: line 1, column 78: Extra text at the end");
    expect(code(() => readPlaylistFile("<!---->", "application/xspf+xml")).message).toBe("body is not well-formed XML: line 1: Start tag expected.");
    expect(code(() => readPlaylistFile("[1, 2]", "application/json")).message).toBe('body is not a valid JSPF playlist: expected a JSON object {"playlist": {…}}');
    expect(code(() => readPlaylistFile('{"playlist": {"track": {}}}', "application/json")).message).toBe("body is not a valid JSPF playlist: playlist.track: must be a list of tracks");
    expect(code(() => readPlaylistFile('<playlist version="1"><trackList/></playlist>', "application/xspf+xml")).message).toBe("body holds no track (read as XSPF)");
    expect(readPlaylistFile('<playlist><trackList><track><title>Rock &amp; Roll &#233;&#x21;</title><creator>&lt;A&gt; &unknown;</creator><duration>1000</duration></track></trackList></playlist>', undefined).tracks).toEqual([
      { title: "Rock & Roll é!", artist: ["<A> &unknown;"], album: "", duration: 1 },
    ]);
  });

  it("entity-expanding, deeply nested and oversized bodies are 1001 in bounded time", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`).join("")}]><playlist><trackList><track><title>&lol9;</title></track></trackList></playlist>`;
    // Within the tag bound, so that the parser's nesting bound is what stops it.
    const deepXml = `${"<a>".repeat(10_000)}${"</a>".repeat(10_000)}`;
    const deepJson = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const manyTracks = Array.from({ length: IMPORT_LIMITS.tracks + 1 }, (_, i) => `A - Song ${i} (3:00)`).join("\n");
    const outcomes = [bomb, deepXml, deepJson, manyTracks].map((body) => timed(() => readPlaylistFile(body, undefined)));
    expect(outcomes.map((o) => o.code)).toEqual([1001, 1001, 1001, 1001]);
    expect(outcomes[0].message).toContain("document type declaration");
    expect(outcomes[1].message).toContain(`at most ${IMPORT_LIMITS.depth} levels`);
    expect(outcomes[2].message).toContain(`nested deeper than ${IMPORT_LIMITS.depth} levels`);
    expect(outcomes[3].message).toBe(`body holds ${IMPORT_LIMITS.tracks + 1} tracks; at most ${IMPORT_LIMITS.tracks} are taken`);
    for (const o of outcomes) expect(o.ms, o.message).toBeLessThan(500);
  });

  it("an XSPF past the track bound is refused for it before its tracks are read, as a JSPF is", () => {
    const over = IMPORT_LIMITS.tracks + 1;
    for (const body of [`<playlist><trackList>${"<track/>".repeat(over)}</trackList></playlist>`, JSON.stringify({ playlist: { track: Array.from({ length: over }, () => ({})) } })]) {
      expect(code(() => readPlaylistFile(body, undefined))).toEqual({ code: 1001, message: expect.stringMatching(/(?:body holds 1001 tracks; at most 1000 are taken|at most 1000 tracks are taken)$/) });
    }
  });

  it("an XSPF of more tags or element names than a playlist within the track bound needs is refused before it is parsed", () => {
    // Each fits the body bound and cost the parser 0.3 to 1 s of the event loop.
    const fill = (unit: (i: number) => string) => {
      const units: string[] = [];
      for (let size = 0, i = 0; size < IMPORT_LIMITS.bytes - 100; i++) size += units[units.push(unit(i)) - 1].length;
      return `<playlist><trackList>${units.join("")}</trackList></playlist>`;
    };
    const tags = [fill(() => "<a/>"), fill(() => "<?x?>"), fill(() => "<track></track>")];
    const names = fill((i) => `<a${i.toString(36)}/>`);
    for (const body of [...tags, names]) expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(IMPORT_LIMITS.bytes);
    const outcomes = [...tags, names].map((body) => timed(() => readPlaylistFile(body, "application/xspf+xml")));
    for (const o of outcomes.slice(0, 3)) expect(o).toMatchObject({ code: 1001, message: "body is not an XSPF playlist this service takes: more than 33000 tags (a playlist of 1000 tracks needs fewer)" });
    expect(outcomes[3]).toMatchObject({ code: 1001, message: "body is not an XSPF playlist this service takes: more than 256 distinct element names" });
    // One pass over the text, not a parse.
    for (const o of outcomes) expect(o.ms, o.message).toBeLessThan(100);
  });

  it("the largest XSPF a playlist within the track bound needs still imports: every element a track and its playlist may hold", () => {
    const info = (name: string, i: number) => `<${name}>http://x/${i}</${name}>`;
    const track = (i: number) =>
      `<track>${info("location", i)}${info("identifier", i)}<title>Song ${i}</title><creator>Artist ${i}</creator><annotation>a</annotation>${info("info", i)}${info("image", i)}<album>Album</album><trackNum>${i}</trackNum><duration>200000</duration><link rel="http://x/r">http://x/l</link><meta rel="http://x/m">m</meta><extension application="http://x/e"><e:x xmlns:e="http://x/e"/></extension></track>`;
    const head = `<?xml version="1.0" encoding="UTF-8"?>\n<playlist version="1" xmlns="http://xspf.org/ns/0/"><title>All</title><creator>Me</creator><annotation>a</annotation>${["info", "location", "identifier", "image", "license"].map((n) => info(n, 0)).join("")}<date>2026-01-01T00:00:00Z</date><attribution>${info("location", 1)}${info("identifier", 1)}</attribution><link rel="http://x/r">http://x/l</link><meta rel="http://x/m">m</meta><extension application="http://x/e"><e:x xmlns:e="http://x/e"/></extension>`;
    const body = `${head}<trackList>${Array.from({ length: IMPORT_LIMITS.tracks }, (_, i) => track(i + 1)).join("")}</trackList></playlist>`;
    expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(IMPORT_LIMITS.bytes);
    const file = readPlaylistFile(body, "application/xspf+xml");
    expect(file.tracks).toHaveLength(IMPORT_LIMITS.tracks);
    expect(file.tracks[999]).toEqual({ title: "Song 1000", artist: ["Artist 1000"], album: "Album", duration: 200 });
  });

  // The XML parser takes about 0.3 s for the largest XSPF taken (450 KB, 1000 tracks) on the project's VM.
  it("the largest body taken reads within a bounded time, whatever its format", () => {
    const long = "x".repeat(200);
    const big: ExportPlaylist = { title: "big", creator: null, tracks: Array.from({ length: IMPORT_LIMITS.tracks }, (_, i) => track(`${long} ${i}`, ["A"], "B", 200)) };
    for (const format of EXPORT_FORMATS) {
      const text = writePlaylist(format, big).slice(0, IMPORT_LIMITS.bytes);
      const started = performance.now();
      code(() => readPlaylistFile(text, FILE_TYPES[format]));
      expect(performance.now() - started, format).toBeLessThan(2500);
    }
  });
});

describe("charsets of imported bytes", () => {
  /** A text in windows-1252, by hand: Latin-1 but for the few characters of 0x80–0x9F used here. */
  const cp1252 = (text: string) => Buffer.from(text.replace(/[“”–€]/g, (c) => String.fromCharCode({ "“": 0x93, "”": 0x94, "–": 0x96, "€": 0x80 }[c]!)), "latin1");
  const utf8 = (text: string) => Buffer.from(text, "utf8");
  const M3U = "#EXTM3U\n#EXTINF:241,Björk – Jóga\nC:\\Música\\01.mp3\n#EXTINF:200,Sigur Rós - “Hoppípolla” €\nC:\\Música\\02.mp3\n";
  const TRACKS = [
    { title: "Jóga", artist: ["Björk"], album: "", duration: 241 },
    { title: "“Hoppípolla” €", artist: ["Sigur Rós"], album: "", duration: 200 },
  ];

  it("a classic M3U or a text file that is not UTF-8 is read as windows-1252, with its type or without", () => {
    for (const type of ["audio/x-mpegurl", "application/x-mpegurl", "text/plain", undefined]) expect(readPlaylistFile(cp1252(M3U), type).tracks, type).toEqual(TRACKS);
    expect(readPlaylistFile(cp1252("Björk – Jóga (4:01)\n"), "text/plain").tracks).toEqual([TRACKS[0]]);
  });

  it("UTF-8 is read as UTF-8, with its byte order mark or without", () => {
    for (const bytes of [utf8(M3U), utf8(`\ufeff${M3U}`)]) expect(readPlaylistFile(bytes, "audio/x-mpegurl").tracks).toEqual(TRACKS);
    expect(readPlaylistFile(utf8(`\ufeff${M3U}`), undefined).tracks).toEqual(TRACKS);
  });

  it("UTF-16 with its byte order mark (Notepad's 'Unicode', XML's other required encoding) is read as UTF-16, each format recognised", () => {
    const utf16 = (text: string, order: "le" | "be") => {
      const le = Buffer.from(`\ufeff${text}`, "utf16le");
      return order === "le" ? le : le.swap16();
    };
    const xspf = `<?xml version="1.0" encoding="UTF-16"?>\n<playlist version="1" xmlns="http://xspf.org/ns/0/"><trackList><track><title>Jóga</title><creator>Björk</creator><duration>241000</duration></track></trackList></playlist>`;
    const jspf = JSON.stringify({ playlist: { track: [{ title: "Jóga", creator: "Björk", duration: 241000 }] } });
    for (const order of ["le", "be"] as const) {
      for (const type of ["audio/x-mpegurl", "application/vnd.apple.mpegurl", undefined]) expect(readPlaylistFile(utf16(M3U, order), type).tracks, `${order} ${type}`).toEqual(TRACKS);
      expect(readPlaylistFile(utf16("Björk – Jóga (4:01)\r\n\r\nSigur Rós - “Hoppípolla” € (3:20)\r\n", order), "text/plain").tracks, order).toEqual(TRACKS);
      for (const [body, type] of [[xspf, "application/xspf+xml"], [xspf, undefined], [jspf, "application/json"], [jspf, undefined]]) {
        expect(readPlaylistFile(utf16(body!, order), type).tracks, `${order} ${type}`).toEqual([TRACKS[0]]);
      }
    }
    // A lone surrogate is no UTF-16: 1001 saying what the body claimed to be.
    const broken = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("A - B (1:00)\n", "utf16le"), Buffer.from([0x00, 0xd8, 0x41, 0x00])]);
    expect(code(() => readPlaylistFile(broken, "text/plain"))).toEqual({ code: 1001, message: "body is not UTF-16 (it begins with UTF-16's byte order mark): line 2 holds an ill-formed sequence; send UTF-8" });
  });

  it("a charset Content-Type names wins, when it is one read here; another is left aside", () => {
    expect(readPlaylistFile(cp1252(M3U), "audio/x-mpegurl; charset=ISO-8859-1").tracks).toEqual(TRACKS);
    expect(readPlaylistFile(cp1252(M3U), 'text/plain;charset="windows-1252"').tracks).toEqual(TRACKS);
    // UTF-8 said to be Latin-1 is read as Latin-1: the sender said so.
    expect(readPlaylistFile(utf8("Björk - Jóga (4:01)"), "text/plain; charset=latin1").tracks[0]).toMatchObject({ artist: ["BjÃ¶rk"], title: "JÃ³ga" });
    expect(code(() => readPlaylistFile(cp1252(M3U), "audio/x-mpegurl; charset=utf-8"))).toEqual({
      code: 1001,
      message: "body is not UTF-8 (its Content-Type says charset=utf-8): line 2 holds byte 0xF6; send UTF-8, or name the charset (charset=windows-1252)",
    });
    expect(readPlaylistFile(cp1252(M3U), "audio/x-mpegurl; charset=klingon").tracks).toEqual(TRACKS);
    const jspf = JSON.stringify({ playlist: { track: [{ title: "“Jóga”", creator: "Björk" }] } });
    expect(readPlaylistFile(cp1252(jspf), "application/json; charset=windows-1252").tracks[0]).toMatchObject({ title: "“Jóga”", artist: ["Björk"] });
  });

  it("JSPF, XSPF and M3U8 are UTF-8: bytes that are not are 1001 naming the first one's line", () => {
    const jspf = `{"playlist": {"track": [\n{"title": "A", "creator": "B"},\r\n{"title": "Jóga", "creator": "Björk"}]}}`;
    expect(code(() => readPlaylistFile(cp1252(jspf), "application/json")).message).toBe("body is not UTF-8 (JSPF is JSON, which is UTF-8): line 3 holds byte 0xF3; send UTF-8, or name the charset (charset=windows-1252)");
    expect(code(() => readPlaylistFile(cp1252(jspf), undefined)).message).toContain("(JSPF is JSON, which is UTF-8): line 3 holds byte 0xF3");
    const xspf = (declaration: string) => `${declaration}<playlist version="1" xmlns="http://xspf.org/ns/0/">\r<trackList><track><title>Jóga</title><creator>Björk</creator></track></trackList></playlist>`;
    expect(code(() => readPlaylistFile(cp1252(xspf("")), "application/xspf+xml")).message).toContain("(XML that names no other encoding is UTF-8): line 2 holds byte 0xF3");
    expect(code(() => readPlaylistFile(cp1252(xspf('<?xml version="1.0" encoding="UTF-8"?>\n')), undefined)).message).toContain('(its XML declaration says encoding="UTF-8"): line 3 holds byte 0xF3');
    // An XML declaration naming Latin-1 is read as it says.
    expect(readPlaylistFile(cp1252(xspf("<?xml version='1.0' encoding='ISO-8859-1'?>")), "application/xspf+xml").tracks[0]).toMatchObject({ title: "Jóga", artist: ["Björk"] });
    for (const type of ["application/vnd.apple.mpegurl", "audio/mpegurl"]) {
      expect(code(() => readPlaylistFile(cp1252(M3U), type)).message, type).toContain("(an M3U8 is UTF-8): line 2 holds byte 0xF6");
      expect(readPlaylistFile(cp1252(M3U), `${type}; charset=windows-1252`).tracks, type).toEqual(TRACKS);
    }
    // A byte order mark says UTF-8 as well.
    expect(code(() => readPlaylistFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), cp1252(M3U)]), "audio/x-mpegurl")).message).toContain("(it begins with UTF-8's byte order mark): line 2 holds byte 0xF6");
  });

  it("UTF-8's ill-formed sequences are not UTF-8: overlong forms, surrogates, past U+10FFFF, cut short", () => {
    const at = (bytes: number[]) => code(() => readPlaylistFile(Buffer.concat([Buffer.from('{"playlist": {"track": [{"title": "'), Buffer.from(bytes), Buffer.from('"}]}}')]), "application/json")).message;
    for (const bad of [[0xc0, 0x80], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80], [0xe2, 0x82], [0x80]]) {
      expect(at(bad), JSON.stringify(bad)).toMatch(/^body is not UTF-8 \(JSPF is JSON, which is UTF-8\): line 1 holds byte 0x/);
    }
    for (const good of [[0xc2, 0x80], [0xe0, 0xa0, 0x80], [0xed, 0x9f, 0xbf], [0xf0, 0x90, 0x80, 0x80], [0xf4, 0x8f, 0xbf, 0xbf]]) expect(at(good), JSON.stringify(good)).toBe("");
  });
});
