/**
 * The OpenAPI paths of the compatibility endpoints (`server/request/compat/`): `/meting`, the
 * Meting API existing players read, and `/embed`, a player page. Extensions beyond the
 * interface contract, marked `x-extension` and tagged `compat`.
 */
import type { Song } from "@music-aggregator/core";
import { playerPage } from "../../compat/embed.ts";
import { METING_TYPES, entry } from "../../compat/meting.ts";
import { OPERATION_EXAMPLES } from "./examples.ts";
import type { JsonSchema } from "./json-schema.ts";

export const COMPAT_TAG = {
  name: "compat",
  description:
    "Extensions beyond the interface contract, for existing players: the Meting API MetingJS 2 and APlayer read (CORS only for the origins config compat.meting.origins lists), an embeddable player page, and the Subsonic API (OpenSubsonic, read-only; off until config compat.subsonic.users names a user).",
};

const query = (name: string, description: string, schema: JsonSchema, required = false, example?: string) => ({ name, in: "query", required, description, schema, ...(example ? { example } : {}) });
const failure = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/V1Error" } } } });
const text = (description: string) => ({ description, content: { "text/plain": { schema: { type: "string" } } } });
const html = (description: string, example?: string) => ({ description, content: { "text/html": { schema: { type: "string" }, ...(example ? { example } : {}) } } });

/** The examples' items, the demo's: its playlist Harbour Lights as /meting lists it and as /embed shows it. */
const BASE = "https://music.example";
const HARBOUR = OPERATION_EXAMPLES.playlist.withUrl.data as { name: string; song: Song[] };
const METING_LIST = HARBOUR.song.map((song) => entry(song, BASE, true));
const LRC = (OPERATION_EXAMPLES.lyric.lyric.data as { lyric: string }).lyric;
const PLAYER_PAGE = playerPage({ source: "source_a", upstream: "Deezer", type: "playlist", id: "5550001", name: HARBOUR.name, link: "https://www.deezer.com/playlist/5550001", theme: "#2980b9", autoplay: false });

const METING_SONG: JsonSchema = {
  type: "object",
  description: "A song as Meting lists it. Addresses are this endpoint's (type=url, pic, lrc); an empty string where there is none. `<` in names is sent as ‹.",
  properties: {
    title: { type: "string", description: "the song's name (Meting's field)" },
    author: { type: "string", description: "its artists, joined by ' / ' (Meting's field)" },
    name: { type: "string", description: "= title (the popular forks' field)" },
    artist: { type: "string", description: "= author (the popular forks' field)" },
    url: { type: "string", description: "its type=url address; empty for a VIP song or one that is not publicly playable" },
    pic: { type: "string", description: "its type=pic address; empty when it has no cover" },
    lrc: { type: "string", description: "its type=lrc address; empty when its source has no lyrics" },
  },
  required: ["title", "author", "name", "artist", "url", "pic", "lrc"],
};

export function compatPaths(): Record<string, JsonSchema> {
  const source = (name: string) => query(name, "a source id (source_a) or an upstream's name (deezer, itunes, audius, archive, jamendo, a plugin's id); the Chinese services' names answer 1002", { type: "string", maxLength: 64 }, true, "deezer");
  return {
    "/meting": {
      get: {
        operationId: "compat-meting",
        tags: ["compat"],
        "x-extension": true,
        summary: "The Meting API: what MetingJS 2 and APlayer read, made of the /v1 operations.",
        description:
          "type=song|album|artist|playlist|search answers a JSON array of songs (a playlist's first 500 tracks; a search's first 30, id being its words; server=all searches every source). " +
          "type=url redirects to the song's address with the fallback rules of /v1/song/url?fallback=1 (a VIP or unplayable song with no copy elsewhere: no address, an empty answer); " +
          "type=pic redirects to its cover; type=lrc answers its LRC text (empty when it has none). The user-agent rule, the rate limit and the cache are /v1's. " +
          "Pages of other sites may read it only when config compat.meting.origins lists their origin (or \"*\"): other cross-origin reads get 403 with no data, and the log says why.",
        parameters: [
          source("server"),
          query("type", "what to answer", { type: "string", enum: [...METING_TYPES] }, true, "playlist"),
          query("id", "the item's id (a song's for url, pic and lrc), or the words of a search", { type: "string", minLength: 1, maxLength: 512 }, true, "5550001"),
          query("auth", "Meting's signature: ignored", { type: "string" }),
          query("r", "MetingJS's cache-buster: ignored", { type: "string" }),
        ],
        responses: {
          "200": { description: "the songs (JSON), or the LRC text (type=lrc)", content: { "application/json": { schema: { type: "array", items: METING_SONG }, example: METING_LIST }, "text/plain": { schema: { type: "string" }, example: LRC } } },
          "302": { description: "type=url: the song's address; type=pic: its cover", headers: { Location: { schema: { type: "string", format: "uri" } } } },
          "400": failure("bad parameter (1001), a server not served (1002), or an operation its source has not (1003)"),
          "403": text("a page of another site whose origin is not allowed (no data), or type=url for a VIP song (empty)"),
          "404": failure("the item is unknown (type=url and pic: an empty answer)"),
          "429": failure("rate limited (4001)"),
        },
      },
    },
    "/embed": {
      get: {
        operationId: "compat-embed",
        tags: ["compat"],
        "x-extension": true,
        summary: "A player page (APlayer and MetingJS, served by this instance) for a playlist, an album or a song, to put in an <iframe>.",
        description: "Its source is named under the player, linked to the item's page there when the upstream gives one. Only this origin and config compat.embed.frameAncestors may frame it.",
        parameters: [
          source("source"),
          query("type", "what to play", { type: "string", enum: ["playlist", "album", "song"] }, true, "playlist"),
          query("id", "the item's id", { type: "string", minLength: 1, maxLength: 512 }, true, "5550001"),
          query("theme", "the player's colour", { type: "string", pattern: "^#[0-9a-fA-F]{3,8}$", default: "#2980b9" }),
          query("autoplay", "1 starts playing at once (browsers may refuse without a click)", { type: "string", enum: ["0", "1", "false", "true"], default: "0" }),
        ],
        responses: { "200": html("the player page", PLAYER_PAGE), "400": html("a page naming the bad parameter"), "404": html("a page saying the item is unknown"), "429": failure("rate limited (4001)") },
      },
    },
  };
}
