/**
 * What demo mode adds beside the upstream simulators, each on its own local port:
 *  - a "demo CDN" that serves the generated tone for any song address (`/audio/<source>/<id>.wav`)
 *    and a generated picture for any cover (`/cover/<source>/<hash>.svg`), since the simulators'
 *    addresses name CDNs that cannot be reached offline;
 *  - a lyrics host in LRCLIB's wire format: it asks the LRCLIB simulator first, and when that
 *    has nothing for a song (its hand-written answers are about other songs) it writes demo
 *    LRC timed to the tone, so the playground can show lyrics following playback.
 */
import { demoCover } from "./cover.ts";
import { TONE_SECONDS, demoTone } from "./tone.ts";
import { startSimulator, type Simulator } from "@music-aggregator/core/testing";

/** The demo CDN: `GET /audio/**` is a WAV tone, `GET /cover/**` an SVG picture, whatever the song or cover. */
export function startDemoCdn(): Promise<Simulator> {
  return startSimulator({
    "GET /audio/**": (event) =>
      new Response(demoTone(event.url.pathname), {
        headers: { "content-type": "audio/wav", "cache-control": "public, max-age=3600", "accept-ranges": "none" },
      }),
    "GET /cover/**": (event) =>
      new Response(demoCover(event.url.pathname), {
        headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=3600", "x-content-type-options": "nosniff" },
      }),
  });
}

/** The lyrics host the demo's `lrclib` plugin is pointed at; `lrclib` is the LRCLIB simulator's base URL. */
export function startDemoLyrics(lrclib: string): Promise<Simulator> {
  return startSimulator({
    "GET /api/get": async (event) => {
      const answer = await fetch(`${lrclib}/api/get${event.url.search}`);
      if (answer.status !== 404) return answer;
      return demoTrack(event.url.searchParams);
    },
    "GET /api/search": async (event) => {
      const answer = await fetch(`${lrclib}/api/search${event.url.search}`);
      const found = (await answer.json()) as unknown[];
      return Array.isArray(found) && found.length ? found : [demoTrack(event.url.searchParams)];
    },
  });
}

/** Demo lyrics for the song asked for, one line every 3 s of the tone, in LRCLIB's shape. */
export function demoTrack(query: URLSearchParams) {
  const name = query.get("track_name") ?? "";
  const artist = query.get("artist_name") ?? "";
  const lines: string[] = [];
  for (let s = 0, n = 1; s < TONE_SECONDS; s += 3, n++) {
    lines.push(`[${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.00] ${n === 1 ? `${name} (demo lyrics)` : `line ${n} of ${name}`}`);
  }
  return {
    id: 900000 + (name.length % 1000),
    name,
    trackName: name,
    artistName: artist,
    albumName: query.get("album_name"),
    duration: Number(query.get("duration") ?? 0),
    instrumental: false,
    plainLyrics: lines.map((line) => line.replace(/^\[[^\]]*\] /, "")).join("\n"),
    syncedLyrics: lines.join("\n"),
  };
}
