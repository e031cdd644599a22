/**
 * The matcher on real catalogues (issue 40; run when `../shared/recordings` sits beside the
 * project): every Deezer and iTunes track in the recorded answers, read by the plugins' own
 * wire schemas and mappers, merged as an all-search merges one source's window. The copies a
 * catalogue lists twice (an album and its other edition, a master on a compilation, an EP and
 * its single) are one entry; edits, remixes, live takes and instrumentals of the same title
 * stay apart; and no entry holds two titles.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Song } from "@music-aggregator/core";
import { hasRecordings, sharedRecordings } from "../../support/recordings.ts";
import { DeezerTrack } from "../../../plugins/source-deezer/wire.ts";
import { toSong as deezerSong } from "../../../plugins/source-deezer/mapping.ts";
import { ItunesSong } from "../../../plugins/source-itunes/wire.ts";
import { toSong as itunesSong } from "../../../plugins/source-itunes/mapping.ts";
import { mergeWindows } from "../../../server/engine/music/merged-search.ts";
import { recordingOf } from "../../../server/engine/match/recording.ts";

/** Every object of the recorded bodies that `read` makes a song of, each id once. */
function songsOf(upstream: string, read: (value: Record<string, unknown>) => Song | undefined): Song[] {
  const songs = new Map<string, Song>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== "object") return;
    const song = read(value as Record<string, unknown>);
    if (song && !songs.has(song.id)) songs.set(song.id, song);
    Object.values(value).forEach(walk);
  };
  for (const interaction of sharedRecordings(upstream)) {
    try {
      walk(JSON.parse(interaction.body));
    } catch {
      // a body that is not JSON (an error page) holds no track
    }
  }
  return [...songs.values()];
}

/** The entries of one source's songs merged, each as the sorted ids of its songs. */
function entriesOf(songs: Song[]): string[][] {
  return mergeWindows("", [{ playback: "preview", isrcs: "vouched", list: songs }]).map((e) => [e.id, ...e.alternatives!.map((a) => a.id)].sort());
}

/** The entry holding `id`. */
const entryOf = (entries: string[][], id: string) => entries.find((e) => e.includes(id)) ?? [];

describe.skipIf(!hasRecordings("deezer"))("recorded Deezer tracks", () => {
  // Read when the suite runs, not when it is collected: a skipped suite reads nothing.
  let songs: Song[] = [];
  let entries: string[][] = [];
  beforeAll(() => {
    songs = songsOf("deezer", (value) => {
      if (value.type !== "track" || !value.artist) return undefined;
      const track = DeezerTrack.safeParse(value);
      return track.success ? deezerSong(track.data, "source_a") : undefined;
    });
    entries = entriesOf(songs);
  });

  it("are many, read", () => {
    expect(songs.length).toBeGreaterThan(300);
  });

  it("one master on its album, the album's other edition and a compilation is one entry", () => {
    // Billie Jean: Thriller (294 s), Thriller 25 Super Deluxe Edition and This Is It (293 s).
    expect(entryOf(entries, "831313")).toEqual(["4603408", "555641", "831313"]);
    // Lou Doillon's Lay Low, listed in two editions: each of its songs twice, one entry each.
    for (const [a, b] of [["109213576", "570553002"], ["109213572", "570552982"], ["109213592", "570553202"], ["109213590", "570553192"]]) {
      expect(entryOf(entries, a)).toEqual([a, b]);
    }
    // A single and its album's copy, a second apart.
    expect(entryOf(entries, "616969052")).toEqual(["616969052", "623719302"]);
  });

  it("an edit, a radio edit and the album cut of one title stay apart", () => {
    expect(entryOf(entries, "1359861952")).toEqual(["1359861952"]);
    expect(entryOf(entries, "66609426")).toEqual(["66609426"]);
  });

  it("no entry holds two titles", () => {
    const byId = new Map(songs.map((s) => [s.id, recordingOf(s).core]));
    for (const entry of entries) expect(new Set(entry.map((id) => byId.get(id))).size, entry.join(",")).toBe(1);
  });
});

describe.skipIf(!hasRecordings("itunes"))("recorded iTunes songs", () => {
  // Read when the suite runs, not when it is collected: a skipped suite reads nothing.
  let songs: Song[] = [];
  let entries: string[][] = [];
  beforeAll(() => {
    songs = songsOf("itunes", (value) => {
      if (value.wrapperType !== "track" || value.kind !== "song") return undefined;
      const song = ItunesSong.safeParse(value);
      return song.success ? itunesSong(song.data, "source_b") : undefined;
    });
    entries = entriesOf(songs);
  });
  const idOf = (name: string, album: string) => songs.find((s) => s.name === name && s.album === album)!.id;

  it("an EP's song and its single, and an album's and its single's, are one entry each", () => {
    expect(entryOf(entries, idOf("Trouble", "It's All Over Your Body EP"))).toEqual([idOf("Trouble", "It's All Over Your Body EP"), idOf("Trouble", "Trouble - Single")].sort());
    const gee = [idOf("Gee Baby, Ain't I Good to You", "For All We Know (Bonus Track Version)"), idOf("Gee Baby, Ain't I Good to You", "Gee Baby, Ain't I Good to You - Single")];
    expect(entryOf(entries, gee[0])).toEqual(gee.sort());
  });

  it("an instrumental as long as the song, a remix and live takes stay apart", () => {
    const you = idOf("YOU AND I", "Nightmare·Escape The ERA - EP");
    expect(entryOf(entries, you)).toEqual([you]);
    const body = idOf("It's All Over Your Body", "It's All Over Your Body EP");
    expect(entryOf(entries, body)).toEqual([body]);
  });

  it("reads the explicit flag and the version only trackCensoredName gives", () => {
    expect(songs.find((s) => s.name === "Power")).toMatchObject({ explicit: true });
    expect(songs.find((s) => s.name === "Raining Blood")).toMatchObject({ explicit: false });
    expect(songs.some((s) => s.name === "See Me Now (feat. Beyoncé, Charlie Wilson & Big Sean) [Bonus Track]")).toBe(true);
  });

  it("no entry holds two titles", () => {
    const byId = new Map(songs.map((s) => [s.id, recordingOf(s).core]));
    for (const entry of entries) expect(new Set(entry.map((id) => byId.get(id))).size, entry.join(",")).toBe(1);
  });
});
