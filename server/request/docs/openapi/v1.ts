/**
 * The `/v1` part of the OpenAPI document, from the operation table (`core/operations.ts`: the
 * parameters with their limits, the data of each answer) and `SERVICE_ENDPOINTS`, with the
 * common `origin`/`callback`/`cb` parameters, the envelope, JSONP, every error code with its
 * HTTP status (`V1_STATUS`, from the one error table), and the HTTP caching headers
 * (`server/request/v1/http-caching.ts`).
 */
import { ACROSS_NAMES, ACROSS_OPERATIONS, OPERATION_NAMES, OPERATIONS } from "../../../engine/operations.ts";
import { callback, origin } from "../../../engine/params.ts";
import { sharedCacheable } from "../../http-caching.ts";
import { SERVICE_ENDPOINTS } from "../../v1/routes.ts";
import { MEANING, PLAYLIST_JSONP_RULE } from "./codes.ts";
import { ACROSS_EXAMPLES } from "./across-examples.ts";
import { OPERATION_EXAMPLES, SERVICE_EXAMPLES, V1_ERROR_EXAMPLES, type OperationExample } from "./examples.ts";
import { dataSchema, fieldsOf, inputSchema, isRequired, typeRef, type JsonSchema } from "./json-schema.ts";
import { type SourceInfo } from "../../../engine/domain.ts";
import { V1_STATUS } from "../../../engine/errors.ts";
import { writePlaylist, type ExportFormat, type ExportPlaylist } from "../../../engine/playlist-files/write.ts";

const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": { $ref: "#/components/headers/RateLimit-Limit" },
  "RateLimit-Remaining": { $ref: "#/components/headers/RateLimit-Remaining" },
  "RateLimit-Reset": { $ref: "#/components/headers/RateLimit-Reset" },
};
const CACHE_CONTROL = { "Cache-Control": { $ref: "#/components/headers/Cache-Control" } };
const CACHING_HEADERS = { ...CACHE_CONTROL, ETag: { $ref: "#/components/headers/ETag" } };
/** Codes the service's own endpoints can answer: no source, no upstream behind them. */
const SERVICE_CODES = [1001, 1004, 4001, 4002, 5000];

export function v1Paths(sources: SourceInfo): Record<string, JsonSchema> {
  const registered = Object.keys(sources.capability).join(", ") || "none";
  const paths: Record<string, JsonSchema> = {};
  for (const capability of OPERATION_NAMES) {
    const op = OPERATIONS[capability];
    const examples = OPERATION_EXAMPLES[capability];
    const first = Object.values(examples)[0];
    const parameters = fieldsOf(op.params).map(([name, field]) => {
      const schema = inputSchema(field);
      const description = name === "source" ? `${field.description}; registered here: ${registered}` : field.description;
      return { name, in: "query", required: isRequired(field), description, schema, ...parameterExamples(name, schema, examples) };
    });
    const codes = Object.keys(V1_STATUS).map(Number).filter((code) => code !== 0 && (code !== 3002 || capability === "url"));
    const answers = Object.fromEntries(Object.entries(examples).map(([key, e]) => [key, answerExample(op.path, e)]));
    // Shared HTTP caches may keep it: it carries an ETag, and If-None-Match gets 304.
    const kept = sharedCacheable(op);
    const ok = withExtensions(success(dataSchema(op.data), answers, true, jsonpExample(op.path, first.query, answers[Object.keys(examples)[0]].value), kept), parameters);
    paths[op.path] = {
      get: {
        operationId: capability,
        tags: ["music"],
        summary: op.summary,
        description: `${op.summary}${op.notes ? ` ${op.notes}` : ""} HEAD is answered like GET, without a body.${op.cbAlias ? "" : ` ${markdown(PLAYLIST_JSONP_RULE)}`}${kept ? "" : " Cache-Control: no-store (an answer the service composes itself)."}`,
        parameters: [...parameters, ...commonParameters(op.cbAlias, kept)],
        responses: {
          "200": ok,
          ...(parameters.some((p) => p.name === "redirect") ? { "302": REDIRECT } : {}),
          ...(kept ? { "304": NOT_MODIFIED } : {}),
          ...failures(codes),
        },
        // The service's own operations are extensions of the interface contract.
        ...(kept ? {} : { "x-extension": true }),
      },
      ...("body" in op ? { post: importOperation(capability, op.body, parameters, ok, codes) } : {}),
    };
  }
  for (const name of ACROSS_NAMES) paths[ACROSS_OPERATIONS[name].path] = acrossOperation(name);
  for (const endpoint of SERVICE_ENDPOINTS) {
    // The matrix changes only with the config: kept by HTTP caches and asked again (no-cache); the status never kept.
    const revalidated = endpoint.path === "/v1/source";
    const caching = revalidated ? "Cache-Control: no-cache, with an ETag (304 when unchanged)." : "Cache-Control: no-store.";
    const value = envelope(SERVICE_EXAMPLES[endpoint.path], null);
    paths[endpoint.path] = {
      get: {
        operationId: endpoint.path.slice("/v1/".length),
        tags: ["service"],
        summary: endpoint.summary,
        description: `${endpoint.summary} Computed per request, never cached by the service; ${caching} HEAD is answered like GET, without a body.`,
        parameters: commonParameters(true, revalidated),
        responses: {
          "200": success(typeRef(endpoint.data), { example: { value } }, false, jsonpExample(endpoint.path, {}, value), revalidated),
          ...(revalidated ? { "304": NOT_MODIFIED } : {}),
          ...failures(SERVICE_CODES),
        },
      },
    };
  }
  return paths;
}

/** Codes an operation across the sources can answer: no source parameter (no 1002), upstreams behind it (no 3002). */
const ACROSS_CODES = Object.keys(V1_STATUS).map(Number).filter((code) => code !== 0 && code !== 1002 && code !== 3002);

/** `/v1/lookup`, `/v1/resolve`: an extension, the service's own answer (never kept by HTTP caches), source null. */
function acrossOperation(name: (typeof ACROSS_NAMES)[number]): JsonSchema {
  const op = ACROSS_OPERATIONS[name];
  const examples = ACROSS_EXAMPLES[name];
  const parameters = fieldsOf(op.params).map(([param, field]) => {
    const schema = inputSchema(field);
    return { name: param, in: "query", required: isRequired(field), description: field.description, schema, ...parameterExamples(param, schema, examples) };
  });
  const answers = Object.fromEntries(Object.entries(examples).map(([key, e]) => [key, answerExample(op.path, e)]));
  const [firstKey, first] = Object.entries(examples)[0];
  return {
    get: {
      operationId: name,
      tags: ["music"],
      summary: op.summary,
      description: `${op.summary} ${op.notes} HEAD is answered like GET, without a body. Cache-Control: no-store (an answer the service composes itself); the envelope's source is null.`,
      parameters: [...parameters, ...commonParameters(true, false)],
      responses: { "200": success(dataSchema(op.data), answers, true, jsonpExample(op.path, first.query, answers[firstKey].value), false), ...failures(ACROSS_CODES) },
      "x-extension": true,
    },
  };
}

/** extension: `redirect=1` on /v1/song/url. */
const REDIRECT: JsonSchema = {
  description: "extension, with redirect=1: the song's address in Location (what an exported playlist's entry asks); a failure is the envelope as without it",
  headers: { ...RATE_LIMIT_HEADERS, ...CACHE_CONTROL, Location: { description: "the song's public address", schema: { type: "string", format: "uri" } } },
};

/** The exported playlist files (`format=`): each one's media type and meaning. */
const FILES: Record<ExportFormat, [string, string]> = {
  m3u8: ["audio/x-mpegurl", "format=m3u8: #EXTM3U, #EXTINF:<seconds>,<Artist> - <Title> and this service's /v1/song/url?…&redirect=1 per playable track; a track without an address as a # no address (why): comment"],
  xspf: ["application/xspf+xml", "format=xspf: XSPF version 1; a track without an address has no location, its annotation says why"],
  jspf: ["application/jspf+json", "format=jspf: JSPF as ListenBrainz documents it; a track without an address has no location, its annotation says why"],
};

/** The playlist the file examples hold, written by the service's own writers. */
const FILE_EXAMPLE: ExportPlaylist = {
  title: "Harbour Lights",
  creator: "deckhand_ro",
  tracks: [
    { title: "Paper Lanterns", artist: ["Marlow Vane"], album: "Tidal Lines", duration: 241, location: "https://music.example/v1/song/url?source=source_a&id=9100001&redirect=1", preview: true },
    { title: "Salt Air", artist: ["Marlow Vane"], album: "Tidal Lines", duration: 198, location: null, preview: false, why: "no copy on source_c" },
  ],
};

/** A success that may also be a playlist file (an operation with `format`). */
function withExtensions(ok: JsonSchema, parameters: { name: string }[]): JsonSchema {
  if (!parameters.some((p) => p.name === "format")) return ok;
  const files = Object.fromEntries(
    Object.entries(FILES).map(([format, [type, description]]) => {
      const text = writePlaylist(format as ExportFormat, FILE_EXAMPLE);
      const json = format === "jspf";
      return [type, { schema: { type: json ? "object" : "string", description: `extension, ${description}` }, example: json ? JSON.parse(text) : text }];
    }),
  );
  return { ...ok, content: { ...(ok.content as JsonSchema), ...files } };
}

/** `POST` of an operation that takes a body (`POST /v1/playlist/match`): its parameters but source and id, the body, the same answers. */
function importOperation(capability: string, body: string, parameters: { name: string }[], ok: JsonSchema, codes: number[]): JsonSchema {
  const text = (example: string) => ({ schema: { type: "string" }, example });
  return {
    operationId: `${capability}Import`,
    tags: ["music"],
    summary: "Import a playlist file and match a page of it onto the sources (extension: the one body /v1 takes).",
    description:
      "The answer of GET with the file's tracks as the playlist (source and id null; each track a song of source import, numbered by its place). The body: " +
      `${body}. At most 512 KiB, 1000 tracks, lines of 2048 characters, 16 levels of nesting, 33,000 XML tags and 256 element names, received within server.bodyTimeoutMs; UTF-8 unless it names its charset (utf-8, iso-8859-1, windows-1252: BOM, Content-Type, XML declaration; UTF-16 by its BOM), an M3U or text file that is not UTF-8 read as windows-1252; XML without a document type declaration, ` +
      "its entities never expanded. Every fault is 1001 naming its lines or tracks; a body too large or too slow is 1001 and closes the connection.",
    parameters: [...parameters.filter((p) => p.name !== "source" && p.name !== "id"), ...commonParameters(true, false)],
    requestBody: {
      required: true,
      content: {
        "application/jspf+json": { schema: { type: "object", required: ["playlist"] }, example: { playlist: { title: "Mix", track: [{ title: "Paper Lanterns", creator: "Marlow Vane", duration: 241000 }] } } },
        "application/xspf+xml": text('<?xml version="1.0" encoding="UTF-8"?><playlist version="1" xmlns="http://xspf.org/ns/0/"><trackList><track><title>Paper Lanterns</title><creator>Marlow Vane</creator><duration>241000</duration></track></trackList></playlist>'),
        "audio/x-mpegurl": text("#EXTM3U\n#EXTINF:241,Marlow Vane - Paper Lanterns\nhttps://example.org/1.mp3\n"),
        "text/plain": text("Marlow Vane - Paper Lanterns (4:01)\nJuniper Lane - Paper Kites (3:08)\n"),
      },
    },
    responses: { "200": ok, ...failures(codes.filter((code) => code !== 3001)) },
    "x-extension": true,
  };
}

/** `components` of `/v1`: the common parameters, the headers, the error envelope. */
export function v1Components(): { parameters: JsonSchema; headers: JsonSchema; schemas: JsonSchema } {
  const errorCodes = Object.keys(V1_STATUS).map(Number).filter((code) => code !== 0);
  return {
    parameters: {
      origin: { name: "origin", in: "query", required: true, description: origin.description, schema: inputSchema(origin), example: "my-site.example" },
      callback: { name: "callback", in: "query", required: false, description: `${callback.description}: the answer becomes application/javascript, HTTP 200 whatever the code`, schema: inputSchema(callback) },
      cb: { name: "cb", in: "query", required: false, description: "alias of callback", schema: inputSchema(callback) },
      "If-None-Match": {
        name: "If-None-Match",
        in: "header",
        required: false,
        description: "entity tags of answers held (or *): when one is this answer's, the answer is 304 without a body (counted by the rate limit like any answer)",
        schema: { type: "string" },
      },
    },
    headers: {
      "RateLimit-Limit": { description: "requests allowed per window", schema: { type: "integer" } },
      "RateLimit-Remaining": { description: "requests left in this window (with Redis and several instances: as the answering instance last learnt it)", schema: { type: "integer" } },
      "RateLimit-Reset": { description: "seconds until the window resets", schema: { type: "integer" } },
      "Retry-After": { description: "seconds to wait before the next request", schema: { type: "integer" } },
      "X-Cache": { description: "HIT (from cache, cost 0), MISS (from the upstream) or STALE (an expired answer standing in for a failing upstream)", schema: { type: "string", enum: ["HIT", "MISS", "STALE"] } },
      Allow: { description: "the methods the endpoint serves", schema: { type: "string" } },
      "Cache-Control": {
        description:
          "how HTTP caches (browsers, proxies, CDNs) may keep the answer. An answer the service caches: public, max-age = the seconds left of its cache entry (rounded up), stale-if-error = how long after it the service would still stand in with it; an expired answer standing in for a failing upstream (X-Cache: STALE): max-age=0 and what is left of that window; a cached not-found (3001): public, max-age = the seconds it stays cached. Errors, /v1/status and per-client answers (4001): no-store. /v1/source: no-cache.",
        schema: { type: "string" },
        examples: { fresh: { value: "public, max-age=21600, stale-if-error=86400" }, stale: { value: "public, max-age=0, stale-if-error=86040" }, error: { value: "no-store" } },
      },
      ETag: {
        description: "a weak entity tag of what the answer says (data, source, callback; not cost): the same for a miss and its hits, distinct for JSON and each callback. Send it back in If-None-Match to get a 304.",
        schema: { type: "string" },
      },
    },
    schemas: {
      V1Error: {
        type: "object",
        description: "The envelope of a failure: a non-zero code, data null.",
        properties: {
          code: { type: "integer", enum: errorCodes },
          message: { type: "string" },
          data: { type: "null" },
          source: { type: ["string", "null"], description: "the source asked for, null when there is none (or it is not a source: 1002)" },
          cost: { type: "integer", minimum: 0, description: "upstream milliseconds spent before it failed" },
        },
        required: ["code", "message", "data", "source", "cost"],
      },
    },
  };
}

// --- internal ---

/** The callback name of the JSONP examples. */
const JSONP_CALLBACK = "onMusic";

/** `conditional`: If-None-Match is answered (the answer carries an ETag). */
function commonParameters(cbAlias: boolean, conditional: boolean): JsonSchema[] {
  const origin = { $ref: "#/components/parameters/origin" };
  const conditions = conditional ? [{ $ref: "#/components/parameters/If-None-Match" }] : [];
  if (cbAlias) return [origin, { $ref: "#/components/parameters/callback" }, { $ref: "#/components/parameters/cb" }, ...conditions];
  // Where cb is no alias, the callback parameter says so itself: it is where people look.
  const callbackParameter = v1Components().parameters.callback as JsonSchema;
  return [origin, { ...callbackParameter, description: `${callbackParameter.description}. ${markdown(PLAYLIST_JSONP_RULE)}` }, ...conditions];
}

/** The JSONP answer to `path` with `query` and callback=onMusic, saying its request. */
function jsonpExample(path: string, query: Record<string, string>, answer: unknown): JsonSchema {
  const search = new URLSearchParams({ ...query, origin: "my-site.example", callback: JSONP_CALLBACK });
  return {
    summary: `with callback=${JSONP_CALLBACK}`,
    description: `The answer to GET ${path}?${search}`,
    value: `/**/ typeof ${JSONP_CALLBACK} === 'function' && ${JSONP_CALLBACK}(${JSON.stringify(answer)});`,
  };
}

/** The rule's parameter names as code, for the Markdown of OpenAPI descriptions. */
function markdown(text: string): string {
  return text.replace(/\b(callback|cb|application\/json)\b/g, "`$1`");
}

/**
 * A parameter's values in the answer examples: one `example` when they agree, else `examples`
 * named and summed up as the answers are, which a reader picks from a list: a reader can then
 * ask every source, not only the first (whose values come first, as the defaults).
 */
function parameterExamples(name: string, schema: JsonSchema, examples: Record<string, OperationExample>): JsonSchema {
  const given = Object.entries(examples).filter(([, e]) => e.query[name] !== undefined);
  if (!given.length) return {};
  if (given.every(([, e]) => e.query[name] === given[0][1].query[name])) return { example: typed(schema, given[0][1].query[name]) };
  return { examples: Object.fromEntries(given.map(([key, e]) => [key, { summary: e.summary, value: typed(schema, e.query[name]) }])) };
}

/** The answer to a request whose If-None-Match names the answer's entity tag (JSON and JSONP alike). */
const NOT_MODIFIED: JsonSchema = {
  description: "Not modified: If-None-Match named this answer's ETag. No body; the caching and rate-limit headers of the full answer. Counted as a cache hit.",
  headers: { ...RATE_LIMIT_HEADERS, ...CACHING_HEADERS, "X-Cache": { $ref: "#/components/headers/X-Cache" } },
};

/** A query value as its schema's type: `"2"` is the integer 2. */
function typed(schema: JsonSchema, value: string): string | number {
  return schema.type === "integer" ? Number(value) : value;
}

/** An answer example, saying the request it answers. */
function answerExample(path: string, { summary, query, data }: OperationExample) {
  return { summary, description: `The answer to GET ${path}?${new URLSearchParams({ ...query, origin: "my-site.example" })}`, value: envelope(data, query.source) };
}

function envelope(data: unknown, source: string | null | undefined) {
  return { code: 0, message: "ok", data, source: source ?? null, cost: source ? 12 : 0 };
}

/** `tagged`: the answer carries an ETag (and If-None-Match gets 304); else only Cache-Control. */
function success(data: JsonSchema, examples: Record<string, { summary?: string; value: unknown }>, cached: boolean, jsonp: JsonSchema, tagged: boolean): JsonSchema {
  return {
    description: "Success (code 0). With callback: the same envelope, as JSONP.",
    headers: { ...RATE_LIMIT_HEADERS, ...(tagged ? CACHING_HEADERS : CACHE_CONTROL), ...(cached ? { "X-Cache": { $ref: "#/components/headers/X-Cache" } } : {}) },
    content: {
      "application/json": {
        schema: {
          type: "object",
          properties: {
            code: { type: "integer", const: 0, description: "0: success" },
            message: { type: "string", const: "ok", description: "ok" },
            data,
            source: { type: ["string", "null"], description: 'the public source id; "all" for an all-search; null for /v1/source and /v1/status' },
            cost: { type: "integer", minimum: 0, description: "upstream milliseconds; 0 when answered from the cache" },
          },
          required: ["code", "message", "data", "source", "cost"],
        },
        examples,
      },
      "application/javascript": {
        schema: { type: "string", description: "/**/ typeof NAME === 'function' && NAME(ENVELOPE); (failures too, always HTTP 200)" },
        examples: { jsonp: jsonp },
      },
    },
  };
}

/** One response per HTTP status the codes map to, each code with its meaning and an example. */
function failures(codes: number[]): Record<string, JsonSchema> {
  const byStatus = new Map<number, number[]>();
  for (const code of codes) byStatus.set(V1_STATUS[code], [...(byStatus.get(V1_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.map((code) => `${code} ${MEANING[code][0]}: ${MEANING[code][1]}`).join("; "),
        headers: { ...RATE_LIMIT_HEADERS, ...CACHE_CONTROL, ...(status === 429 ? { "Retry-After": { $ref: "#/components/headers/Retry-After" } } : {}), ...(status === 405 ? { Allow: { $ref: "#/components/headers/Allow" } } : {}) },
        content: {
          "application/json": {
            schema: { allOf: [{ $ref: "#/components/schemas/V1Error" }, { properties: { code: { enum: list, description: `the error code: ${list.join(", ")}` } } }] },
            examples: Object.fromEntries(list.map((code) => [String(code), { summary: MEANING[code][0], value: { code, message: V1_ERROR_EXAMPLES[code], data: null, source: null, cost: 0 } }])),
          },
        },
      },
    ]),
  );
}
