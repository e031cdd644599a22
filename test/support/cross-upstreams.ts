/**
 * The cross-source catalogue (`cross-catalog.ts`) served by the four bundled plugins' own
 * simulators, each in its upstream's wire format (Deezer, iTunes, Audius, the Internet
 * Archive), and the real service bound to them as `source_a` … `source_d`. `truth` names the
 * recording behind every song id the service can answer.
 */
import type { AppConfigInput } from "../../server/engine/config.ts";
import { startArchiveSimulator, type ArchiveSimulator } from "../../plugins/source-archive/test/simulator.ts";
import { original, type ItemSeed } from "../../plugins/source-archive/test/fixtures/shapes.ts";
import { startAudiusSimulator } from "../../plugins/source-audius/test/simulator.ts";
import type { TrackSeed as AudiusTrack } from "../../plugins/source-audius/test/fixtures/shapes.ts";
import { startDeezerSimulator, type DeezerSimulator } from "../../plugins/source-deezer/test/simulator.ts";
import type { TrackSeed as DeezerTrack } from "../../plugins/source-deezer/test/fixtures/shapes.ts";
import { startItunesSimulator } from "../../plugins/source-itunes/test/simulator.ts";
import type { TrackSeed as ItunesTrack } from "../../plugins/source-itunes/test/fixtures/shapes.ts";
import type { Simulator } from "@music-aggregator/core/testing";
import { startTestApp, type TestApp } from "./app.ts";
import { listedOn, type Listed, type SourceName } from "./cross-catalog.ts";

export const SOURCE_OF: Record<SourceName, string> = { deezer: "source_a", itunes: "source_b", audius: "source_c", archive: "source_d" };

export interface CrossApp extends TestApp {
  sims: { deezer: DeezerSimulator; itunes: Simulator; audius: Simulator; archive: ArchiveSimulator };
  /** `source:id` → the catalogue recording it is */
  truth: Map<string, string>;
}

export async function startCrossApp(config: AppConfigInput = {}): Promise<CrossApp> {
  const truth = new Map<string, string>();
  const note = (source: SourceName, id: string, listed: Listed) => truth.set(`${SOURCE_OF[source]}:${id}`, listed.key);
  const deezer = await startDeezerSimulator(listedOn("deezer").map((l) => (note("deezer", String(deezerId(l)), l), deezerTrack(l))));
  const itunes = await startItunesSimulator(listedOn("itunes").map((l) => (note("itunes", String(itunesId(l)), l), itunesTrack(l))));
  const audius = await startAudiusSimulator(listedOn("audius").map((l) => (note("audius", audiusId(l), l), audiusTrack(l))));
  const archive = await startArchiveSimulator(listedOn("archive").map((l) => archiveItem(l, (id) => note("archive", id, l))));
  const app = await startTestApp({
    config: {
      lyrics: false,
      rateLimit: { points: 1_000_000, duration: 60 },
      // One test client asks for every song of every source: the whole of each budget is its.
      upstream: { clientShare: 1 },
      ...config,
      sources: {
        source_a: { plugin: "deezer", options: { baseURL: deezer.url } },
        source_b: { plugin: "itunes", options: { baseURL: itunes.url, requestsPerMinute: 6000 } },
        source_c: { plugin: "audius", options: { baseURL: audius.url, appName: "cross-catalog-tests" } },
        source_d: { plugin: "archive", options: { baseURL: archive.url } },
      },
    },
  });
  const sims = { deezer, itunes, audius, archive };
  return {
    ...app,
    sims,
    truth,
    async close() {
      await app.close();
      await Promise.all(Object.values(sims).map((s) => s.close()));
    },
  };
}

// --- internal ---

const deezerId = (l: Listed) => 8_100_000 + l.n;
const itunesId = (l: Listed) => 1_710_000_000 + l.n;
/** An Audius hashid: letters and digits, at least 5. */
const audiusId = (l: Listed) => `Xc${l.n.toString(36).padStart(4, "0")}`;
const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7).toString(16).padStart(8, "0");
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
/** A title and its trailing version tag apart (`Night Train`, `(Kestrel Remix)`), as a source that keeps them apart writes them. */
const apart = (title: string) => {
  const at = title.lastIndexOf(" (");
  return { base: title.slice(0, at), version: title.slice(at + 1) };
};

function deezerTrack(l: Listed): DeezerTrack {
  const artist = { id: 4100 + (Number.parseInt(hash(l.artist), 16) % 800), name: l.artist, md5: `${hash(l.artist)}${hash(`a${l.artist}`)}`.padEnd(32, "0") };
  const album = { id: 7100 + l.n, title: l.album || l.title, md5: `${hash(l.album)}${hash(`b${l.album}`)}`.padEnd(32, "0"), releaseDate: "2020-03-01", artist };
  const preview = `https://cdns-preview-${hash(l.title)[0]}.dzcdn.net/stream/c-${hash(l.title)}${hash(l.key)}-4.mp3`;
  const title = l.versionApart ? { title: apart(l.title).base, version: apart(l.title).version, versionApart: true } : { title: l.title };
  return { id: deezerId(l), ...title, seconds: Math.round(l.seconds), album, artist, readable: true, preview, releaseDate: "2020-03-01", position: 1, isrc: l.isrc, explicit: l.explicit };
}

function itunesTrack(l: Listed): ItunesTrack {
  const album = {
    id: 1_720_000_000 + l.n,
    name: l.album || `${l.title} - Single`,
    artist: { id: 1_730_000_000 + (Number.parseInt(hash(l.artist), 16) % 1000), name: l.artist, genre: "Alternative" },
    art: `Music221/v4/${hash(l.album).slice(0, 2)}/${hash(l.album)}/cover.jpg`,
    releaseDate: "2020-03-01T08:00:00Z",
    trackCount: 10,
    discCount: 1,
  };
  const preview = `https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview221/v4/${hash(l.key)}/mzaf_${hash(l.title)}.plus.aac.p.m4a`;
  // Apple measures in milliseconds: a little over the whole second, as real tracks are.
  const name = l.versionApart ? { name: apart(l.title).base, censoredName: l.title } : { name: l.title };
  const explicitness = l.explicit === undefined ? {} : { explicitness: l.explicit ? ("explicit" as const) : ("cleaned" as const) };
  return { id: itunesId(l), ...name, ...explicitness, album, ms: Math.round(l.seconds * 1000) + 317, disc: 1, track: 1, preview, releaseDate: "2020-03-01T08:00:00Z" };
}

function audiusTrack(l: Listed): AudiusTrack {
  const user = { id: `U${hash(l.artist).slice(0, 6)}`, handle: slug(l.artist).replace(/-/g, ""), name: l.artist, picture: null, followers: 120 };
  return {
    id: audiusId(l),
    title: l.title,
    seconds: Math.round(l.seconds),
    user,
    art: `01J${hash(l.key).toUpperCase()}`,
    releaseDate: "2020-03-01 12:00:00",
    plays: 1000 - l.n,
    genre: "Alternative",
    cid: `baeaaaiq${hash(l.key)}${hash(l.title)}`,
    ...(l.locked ? { gate: { usdc_purchase: { price: 199, splits: {} } } } : {}),
    ...(l.isrc ? { isrc: l.isrc } : {}),
  };
}

/**
 * An archive item: a concert (`… Live at …`) or a release of several files when the catalogue
 * says so, else a single upload titled as its song. A title that starts with a track number
 * is a file name without tags, as uploads often are.
 */
function archiveItem(l: Listed, noteId: (id: string) => void): ItemSeed {
  const identifier = `xc-${l.key}`;
  const untagged = /^\d+ - /.test(l.title);
  const name = l.file ?? (untagged ? `${l.title}.mp3` : `${slug(l.title)}.mp3`);
  noteId(`${identifier}/${name}`);
  const concert = /\bLive at\b/.test(l.album);
  const files = [original(name, "VBR MP3", { ...(untagged || l.file ? {} : { title: l.title }), artist: l.artist, length: l.seconds.toFixed(2), track: "1", size: "6291456" })];
  if (l.file) files.push(original("02 - Paper Kites.mp3", "VBR MP3", { artist: l.artist, length: "188.20", track: "2", size: "4194304" }));
  const songTitle = l.title.replace(/^\d+ - /, "");
  return {
    identifier,
    metadata: {
      mediatype: concert ? "etree" : "audio",
      collection: l.locked ? ["netlabels", "stream_only"] : ["netlabels"],
      title: concert || l.file ? l.album : songTitle,
      creator: l.artist.split(/;\s*/),
      description: `${songTitle}${l.file ? ", Paper Kites" : ""}`,
      date: "2020-03-01",
    },
    files,
    downloads: 500 - l.n,
    week: 10,
    month: 40,
  };
}
