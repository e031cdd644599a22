/**
 * The OpenAPI path of `/rest/{call}`, the Subsonic API (`server/request/compat/subsonic/`): an
 * extension beyond the interface contract, marked `x-extension` and tagged `compat`. Its
 * answers are Subsonic's, not `/v1`'s: the `subsonic-response` envelope, always HTTP 200.
 */
import { ALBUM_LIST_TYPES } from "../../compat/subsonic/browse.ts";
import { API_VERSION, SERVER_TYPE, okAnswer } from "../../compat/subsonic/envelope.ts";
import { EXTENSIONS } from "../../compat/subsonic/routes.ts";
import type { JsonSchema } from "./json-schema.ts";

const CALLS =
  "ping, getLicense, getOpenSubsonicExtensions, tokenInfo, getUser, getMusicFolders, getArtists, getIndexes, getArtist, getAlbum, getSong, getMusicDirectory, " +
  "search3, getAlbumList2, getAlbumList, getRandomSongs, getPlaylists, getPlaylist, getTopSongs, getSimilarSongs, getSimilarSongs2, getCoverArt, stream, download, " +
  "getLyricsBySongId, getLyrics, getScanStatus";

const query = (name: string, description: string, schema: JsonSchema = { type: "string" }) => ({ name, in: "query", required: false, description, schema });

const ENVELOPE: JsonSchema = {
  type: "object",
  properties: {
    "subsonic-response": {
      type: "object",
      description: "status, version, and OpenSubsonic's type, serverVersion and openSubsonic; then the call's one element (album, searchResult3, …) or error",
      properties: {
        status: { type: "string", enum: ["ok", "failed"], description: "ok for a success, failed with error" },
        version: { type: "string", const: API_VERSION, description: "the Subsonic API version this service speaks" },
        type: { type: "string", const: SERVER_TYPE, description: "OpenSubsonic's server type: this service's name" },
        serverVersion: { type: "string", description: "this service's version" },
        openSubsonic: { type: "boolean", const: true, description: "true: the OpenSubsonic extensions are spoken" },
        error: {
          type: "object",
          description: "0 generic (an upstream failure, a bad value, a rate limit: Retry-After says when), 10 a parameter missing, 40 wrong credentials or no user configured, 43 apiKey with u, 44 a wrong API key, 50 a write (read-only), 70 not found (an id this service did not make, an unknown item, a VIP song's stream, a preview when previews are off)",
          properties: {
            code: { type: "integer", enum: [0, 10, 40, 43, 44, 50, 70], description: "Subsonic's error code (above)" },
            message: { type: "string", description: "what went wrong, in words" },
          },
          required: ["code", "message"],
        },
      },
      required: ["status", "version", "type", "serverVersion", "openSubsonic"],
    },
  },
  required: ["subsonic-response"],
};

export function subsonicPaths(): Record<string, JsonSchema> {
  const operation = (method: "get" | "post") => ({
    operationId: `compat-subsonic-${method}`,
    tags: ["compat"],
    "x-extension": true,
    summary: method === "get" ? "The Subsonic API (OpenSubsonic), read-only, over the service's operations." : "The same, its parameters in a form body (OpenSubsonic formPost).",
    description:
      `Calls: ${CALLS} (with or without .view). OpenSubsonic extensions: ${EXTENSIONS.map((e) => e.name).join(", ")}. ` +
      "Off until config compat.subsonic.users names a user (every call is then error 40). Ids are opaque: so-, al-, ar-, pl-, ch- (a chart, as a playlist), the source and the source's id in base64url. " +
      "The library (folders, artists, album lists, random songs, playlists) is the charts and playlists of config compat.subsonic.folders; search3 searches every source. " +
      `getAlbumList2's type: frequent and highest, the charts' albums first; newest and recent, the playlists'; random; alphabeticalByName, alphabeticalByArtist; byYear, byGenre and starred are empty (${ALBUM_LIST_TYPES.length} types). ` +
      "stream and download redirect to the song's legal address (fallback to the same recording elsewhere; a preview only with config compat.subsonic.previews; a VIP song is error 70). " +
      "Writes are error 50, except scrobble and savePlayQueue, which succeed and change nothing. No user-agent rule; a rate limit of its own.",
    parameters: [
      { name: "call", in: "path", required: true, description: "the call, with or without .view", schema: { type: "string", pattern: "^[A-Za-z0-9]{1,40}(\\.view)?$" }, example: "getAlbum.view" },
      query("u", "the user name (with p, or t and s)"),
      query("p", "the password, plain or enc: and its UTF-8 in hex"),
      query("t", "md5(password + s), in hex"),
      query("s", "the salt of t"),
      query("apiKey", "OpenSubsonic API key (without u)"),
      query("v", "the client's API version (not checked)"),
      query("c", "the client's name"),
      query("f", "the format: xml (default), json, or jsonp with callback", { type: "string", enum: ["xml", "json", "jsonp"] }),
      query("callback", "with f=jsonp: one to four dot-separated JavaScript identifiers, as /v1's"),
      query("id", "an item's opaque id"),
    ],
    ...(method === "post" ? { requestBody: { required: false, content: { "application/x-www-form-urlencoded": { schema: { type: "object", additionalProperties: { type: "string" } } } } } } : {}),
    responses: {
      "200": {
        description: "the subsonic-response envelope, a success or an error (Subsonic answers errors with HTTP 200); the examples are ping's answer",
        content: {
          "application/json": { schema: ENVELOPE, example: JSON.parse(String(okAnswer({ f: "json" }).body)) },
          "application/xml": { schema: { type: "string" }, example: String(okAnswer({ f: "xml" }).body) },
          "application/javascript": { schema: { type: "string" }, example: String(okAnswer({ f: "jsonp", callback: "onSubsonic" }).body) },
        },
      },
      "302": { description: "stream, download: the song's legal address; getCoverArt: the picture (sized where the upstream renders sizes)", headers: { Location: { schema: { type: "string", format: "uri" } } } },
    },
  });
  return { "/rest/{call}": { get: operation("get"), post: operation("post") } };
}
