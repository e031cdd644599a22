/**
 * An invented catalogue found on several sources at once, for the tests of all-search and
 * `/v1/match`. Each recording is written down once, with where it appears and how each source
 * writes it there: the quirks of the real wire formats (a remaster tag here and not there, an
 * `Artist - Title` upload, an archive file named after its track number, a featured artist in
 * brackets or after `ft.`, accents, `&`), and the traps (live takes, covers, remixes, edits,
 * acoustic, instrumental, karaoke and sped-up versions, the same title by another artist,
 * another take, a concert item of the archive, an explicit and a clean copy). A source may
 * list one recording more than once (a master on its album and on a compilation). The
 * `truth` says which appearances are one recording: tests check every merge and every match
 * against it.
 */

export type SourceName = "deezer" | "itunes" | "audius" | "archive";

/** One appearance of a recording on one source, as that source writes it. */
export interface Appearance {
  on: SourceName;
  title?: string;
  artist?: string;
  /** seconds added to the recording's length (sources round and master differently) */
  delta?: number;
  album?: string;
  /** Audius: a gated upload (VIP); archive: a stream-only item (not available) */
  locked?: boolean;
  /** the source knows the recording's ISRC (an Audius upload; Deezer always does) */
  isrc?: boolean;
  /** archive: an item of several files, this one among them (name, title tag or none) */
  file?: string;
  /** Deezer and iTunes: the explicit copy (true) or the clean one (false) */
  explicit?: boolean;
  /** Deezer and iTunes: the title's trailing version tag kept apart (Deezer's `title_version`, iTunes' `trackCensoredName`) */
  versionApart?: boolean;
}

export interface CatalogRecording {
  key: string;
  title: string;
  artist: string;
  seconds: number;
  album: string;
  isrc?: string;
  appearances: Appearance[];
}

const rec = (key: string, title: string, artist: string, seconds: number, album: string, appearances: Appearance[], isrc?: string): CatalogRecording => ({
  key, title, artist, seconds, album, appearances, isrc,
});
const on = (source: SourceName, how: Omit<Appearance, "on"> = {}): Appearance => ({ on: source, ...how });
const everywhere = (how: Partial<Record<SourceName, Omit<Appearance, "on">>> = {}): Appearance[] =>
  (["deezer", "itunes", "audius", "archive"] as const).map((source) => on(source, how[source]));

const HARBOUR = "The Quiet Harbour";
const MARLOW = "Marlow Vane";
const INES = "Ines Okafor";
const JUNIPER = "Juniper Lane";
const OKORO = "Okoro & The Tide";
const KESTREL = "Kestrel";

export const CATALOG: CatalogRecording[] = [
  rec("night-ferry", "Night Ferry", HARBOUR, 262, "Night Ferry", everywhere({
    itunes: { album: "Night Ferry - Single" },
    audius: { title: "The Quiet Harbour - Night Ferry", delta: 1, isrc: true },
    archive: { title: "01 - Night Ferry", delta: 0.4 },
  }), "QZHRB2200001"),
  rec("night-ferry-live", "Night Ferry (Live at Harbour Hall)", HARBOUR, 262, "Live at Harbour Hall", [on("deezer"), on("itunes", { delta: -1 })]),
  rec("night-ferry-pier", "Night Ferry", HARBOUR, 262, "The Quiet Harbour Live at Pier Theatre on 2021-08-14", [on("archive")]),
  rec("night-ferry-cover", "Night Ferry", JUNIPER, 262, "Covers Vol. 2", [on("audius")]),
  rec("night-ferry-remix", "Night Ferry (Kestrel Remix)", HARBOUR, 301, "Night Ferry (Remixes)", [on("deezer"), on("audius", { title: "Night Ferry - Kestrel Remix" })]),
  rec("nightfall", "Nightfall", MARLOW, 198, "Low Lights", [
    on("deezer", { title: "Nightfall (2020 Remaster)" }),
    on("itunes", { title: "Nightfall - 2020 Remaster", album: "Low Lights (2020 Remaster)" }),
    on("audius", { delta: 2 }),
  ]),
  rec("nightfall-radio", "Nightfall (Radio Edit)", MARLOW, 198, "Nightfall (Radio Edit)", [on("deezer")]),
  rec("nightfall-other-edit", "Nightfall", MARLOW, 215, "Nightfall", [on("archive")]),
  rec("night-bus", "Night Bus (feat. Ines Okafor)", MARLOW, 214, "Low Lights", [
    on("deezer"),
    on("itunes", { title: "Night Bus (feat. Ines Okafor)" }),
    on("audius", { title: "Night Bus ft. Ines Okafor" }),
    on("archive", { title: "Night Bus", artist: `${MARLOW}; ${INES}` }),
  ]),
  rec("night-bus-acoustic", "Night Bus (Acoustic)", MARLOW, 214, "Low Lights (Deluxe)", [on("itunes")]),
  rec("night-bus-instrumental", "Night Bus (Instrumental)", MARLOW, 214, "", [on("audius")]),
  rec("night-bus-sped", "Night Bus (sped up)", MARLOW, 214, "", [on("audius")]),
  rec("night-bus-karaoke", "Night Bus (Karaoke Version)", "Karaoke Harbour Band", 214, "Karaoke Hits 7", [on("itunes")]),
  rec("northern-night", "Northern Night", INES, 240, "North", everywhere({ audius: { isrc: true }, archive: { delta: -2 } }), "QZHRB2200013"),
  rec("northern-night-take2", "Northern Night (Take 2)", INES, 240, "North Sessions", [on("archive")]),
  rec("night-swim", "Night Swim", JUNIPER, 185, "Glasshouse Weather", [on("deezer"), on("itunes")]),
  rec("night-swim-other", "Night Swim", OKORO, 185, "Saltwater", [on("audius")]),
  rec("midnight-tide", "Midnight Tide", OKORO, 230, "Saltwater", everywhere({ audius: { artist: "Okoro" } })),
  rec("night-shift", "Night Shift", KESTREL, 330, "Shift", [on("deezer")]),
  rec("night-shift-radio", "Night Shift (Radio Edit)", KESTREL, 210, "Shift (Radio Edit)", [on("itunes")]),
  rec("night-shift-extended", "Night Shift (Extended Mix)", KESTREL, 402, "", [on("audius")]),
  rec("lights-at-night", "Lights at Night", JUNIPER, 207, "Glasshouse Sessions", [
    on("deezer"),
    on("itunes", { title: "Lights At Night" }),
    on("audius", { title: "lights at night" }),
    on("archive", { file: "01 - Lights at Night.mp3" }),
  ]),
  rec("night-and-day", "Night & Day", MARLOW, 199, "Low Lights", [on("deezer"), on("itunes", { title: "Night and Day", delta: 1 })]),
  rec("deja-night", "Déjà Night", INES, 221, "North", [on("deezer"), on("itunes", { title: "Deja Night" }), on("audius", { title: "DÉJÀ NIGHT" })]),
  rec("night-call", "Night Call", KESTREL, 250, "Shift", [on("deezer"), on("audius", { locked: true }), on("archive", { locked: true })]),
  rec("night-train", "Night Train", HARBOUR, 244, "Night Ferry", [on("deezer"), on("itunes")]),
  rec("night-moves", "Night Moves", OKORO, 201, "Saltwater", [on("itunes"), on("audius")]),
  rec("starry-night", "Starry Night", INES, 233, "North", [on("deezer"), on("archive")]),
  rec("night-owl", "Night Owl", KESTREL, 276, "Shift", [on("audius")]),
  rec("night-garden", "Night Garden", JUNIPER, 219, "Glasshouse Sessions", [on("itunes"), on("deezer", { delta: 3 })]),
  rec("night-garden-live", "Night Garden - Live", JUNIPER, 219, "Glasshouse Sessions", [on("audius")]),
  rec("night-vision", "Night Vision", MARLOW, 188, "Low Lights", [on("deezer"), on("audius")]),
  rec("night-vision-demo", "Night Vision (Demo)", MARLOW, 188, "", [on("archive")]),
  rec("white-night", "White Night", HARBOUR, 305, "Night Ferry", [on("deezer"), on("itunes"), on("audius"), on("archive")]),
  // Gated on Audius, previews on Deezer and iTunes, full length on the archive under another album name.
  rec("night-bloom", "Night Bloom", INES, 212, "North", [on("deezer"), on("itunes"), on("audius", { locked: true, album: "" }), on("archive")]),
  // One master on its album and on a compilation, twice on iTunes; an anniversary album whose "Cover" is its artwork.
  rec("night-tide", "Night Tide", OKORO, 258, "Saltwater", [
    on("itunes"),
    on("itunes", { album: "Okoro & The Tide: Greatest Hits" }),
    on("deezer", { album: "Saltwater (10th Anniversary, Lantern Cover)" }),
  ]),
  // The explicit and the clean copy, the same length, on both label catalogues.
  rec("night-talk", "Night Talk", KESTREL, 231, "Shift", [on("deezer", { explicit: true }), on("itunes", { explicit: true })]),
  rec("night-talk-clean", "Night Talk", KESTREL, 231, "Shift (Clean)", [on("deezer", { explicit: false }), on("itunes", { explicit: false })]),
  // A single version and the album cut, one master: weak tags, the lengths agreeing closely.
  rec("night-letter", "Night Letter", INES, 205, "North", [on("deezer", { title: "Night Letter (Single Version)" }), on("itunes", { delta: 1 })]),
  // A song titled after an artist of the catalogue: a query for the artist lists the artist's songs first.
  rec("kestrel-song", "Kestrel", JUNIPER, 199, "Glasshouse Sessions", [on("deezer"), on("itunes")]),
  // A remix whose version the source keeps apart from the title.
  rec("night-train-remix", "Night Train (Kestrel Remix)", HARBOUR, 244, "Kestrel Nights", [on("deezer", { versionApart: true }), on("itunes", { versionApart: true })]),
];

/** One appearance as a source lists it: the recording it is, and the values it shows. */
export interface Listed {
  key: string;
  on: SourceName;
  /** index of the appearance in the catalogue, to make ids from */
  n: number;
  title: string;
  artist: string;
  /** seconds as the source states them (with its fraction for the archive) */
  seconds: number;
  album: string;
  locked: boolean;
  isrc?: string;
  file?: string;
  explicit?: boolean;
  versionApart?: boolean;
}

/** Every appearance on `source`, in catalogue order. */
export function listedOn(source: SourceName): Listed[] {
  const out: Listed[] = [];
  CATALOG.forEach((r, i) =>
    r.appearances.forEach((a, j) => {
      if (a.on !== source) return;
      out.push({
        key: r.key,
        on: source,
        n: i * 4 + j,
        title: a.title ?? r.title,
        artist: a.artist ?? r.artist,
        seconds: r.seconds + (a.delta ?? 0),
        album: a.album ?? r.album,
        locked: a.locked ?? false,
        // Deezer knows every recording's ISRC (on `/track`); other sources only where the catalogue says.
        isrc: a.isrc || source === "deezer" ? r.isrc : undefined,
        file: a.file,
        explicit: a.explicit,
        versionApart: a.versionApart,
      });
    }),
  );
  return out;
}
