/**
 * The OpenAPI 3.1 document of the whole service, served at `/openapi.json`: `/v1` (`v1.ts`),
 * `/api` (`api.ts`), the compatibility endpoints (`compat.ts`) and the pages, with the named data types (`json-schema.ts`). Generated from
 * the schemas that validate requests and plugin answers, so it cannot drift from the service.
 */
import { DEFAULT_USER_AGENT_BLOCK, VERSION } from "../../../engine/config.ts";
import { MEANING } from "./codes.ts";
import { apiComponents, apiPaths } from "./api.ts";
import { COMPAT_TAG, compatPaths } from "./compat.ts";
import { subsonicPaths } from "./subsonic.ts";
import { answerComponents, type JsonSchema } from "./json-schema.ts";
import { OPERATIONS_TAG, probePaths, probeSecuritySchemes, type MetricsDoc } from "./probes.ts";
import { describeFields } from "./types.ts";
import { v1Components, v1Paths } from "./v1.ts";
import { type SourceInfo } from "../../../engine/domain.ts";
import { V1_STATUS } from "../../../engine/errors.ts";

export interface OpenApiInput {
  /** the registered sources (named in the `source` parameter's description) */
  sources: SourceInfo;
  /** whether a share backend is bound (else `/api/v0/list` answers 404) */
  shareEnabled: boolean;
  /** the user-agent block list in force */
  userAgentBlock?: readonly string[];
  /** whether `/metrics` is served, and behind a token */
  metrics?: MetricsDoc;
}

/** The file names `/assets/{name}` serves (the docs' and the playground's). */
export type AssetNames = readonly string[];

export function openApiDocument({ sources, shareEnabled, userAgentBlock = DEFAULT_USER_AGENT_BLOCK, metrics = { enabled: true, protected: false } }: OpenApiInput, assets: AssetNames = []): JsonSchema {
  const v1 = v1Components();
  const schemas = { ...answerComponents(), ...v1.schemas, ...apiComponents() };
  describeFields(schemas as Record<string, Record<string, unknown>>);
  return {
    openapi: "3.1.1",
    info: { title: "music-aggregator", version: VERSION, summary: "Read-only music metadata from several sources, and a share-listing service.", description: description(userAgentBlock), license: { name: "MIT", identifier: "MIT" } },
    servers: [{ url: "/", description: "this service" }],
    tags: [
      { name: "music", description: "/v1: the source operations, one envelope for all" },
      { name: "service", description: "/v1: the service's own state" },
      { name: "share", description: "/api: the share-listing service" },
      { name: "pages", description: "documentation and playground pages" },
      COMPAT_TAG,
      OPERATIONS_TAG,
    ],
    paths: { ...v1Paths(sources), ...apiPaths(shareEnabled), ...compatPaths(), ...subsonicPaths(), ...pagePaths(assets), ...probePaths(metrics) },
    components: {
      schemas,
      parameters: v1.parameters,
      headers: v1.headers,
      securitySchemes: probeSecuritySchemes(metrics),
    },
  };
}

// --- internal ---

function description(userAgentBlock: readonly string[]): string {
  const codes = Object.entries(V1_STATUS)
    .map(([code, status]) => `| ${code} | ${MEANING[Number(code)]?.[0] ?? ""} | ${status} | ${MEANING[Number(code)]?.[1] ?? ""} |`)
    .join("\n");
  return `Read-only: GET (or HEAD) only under /v1. Every /v1 answer is the envelope \`{code, message, data, source, cost}\`; \`code\` 0 is success. Every /v1 request needs \`origin\`, a label of the caller.

**JSONP** on every /v1 endpoint with \`callback\` (alias \`cb\`, except on /v1/playlist): the answer is \`application/javascript\`, always HTTP 200, the outcome only in \`code\`. No /v1 answer carries CORS headers: browsers on other origins use JSONP (only the Meting endpoint, an extension, may send them, for the origins the config lists).

**HTTP caching**: an answer the service caches says \`Cache-Control: public, max-age=\` the seconds left of its cache entry (and \`stale-if-error\`), with a weak \`ETag\`; send it back in \`If-None-Match\` for a 304 without a body (JSONP too). Errors, /v1/status and per-client answers are \`no-store\`; a cached not-found is kept as long as the service keeps it.

**User-agent**: send one that names your application. An empty user-agent, or one with any of these product tokens (anywhere, any case), is answered 4002 (HTTP 403): ${userAgentBlock.map((entry) => `\`${entry.replace(/[/(]\s*$/, "").trim()}\``).join(", ")}. With curl, name yours: \`curl -A "my-app/1.0" "http://127.0.0.1:3000/v1/search?origin=my-app&source=all&q=paper"\` (without \`-A\` curl sends \`curl/…\`, answered 4002).

**Error codes** (HTTP status in JSON mode):

| code | name | HTTP | when |
|---|---|---|---|
${codes}

The /api answers are \`{code, message, data}\` with \`code\` equal to the HTTP status.

**Every answer** carries \`X-Request-Id\` (the caller's own when it is 1 to 128 of \`A-Za-z0-9._:=+/-\`, else a new one in UUID form), also written in its access line. Answers of 1 KB or more of a text type are compressed (brotli or gzip) when \`Accept-Encoding\` allows, with \`Vary: Accept-Encoding\`. An address with too many connections open at once gets 429 (code 4001, or \`{code: 429}\` under /api) on the extra ones, which are then closed; /healthz and /readyz are still answered (extensions beyond the interface contract).`;
}

function pagePaths(assets: AssetNames): Record<string, JsonSchema> {
  const html = (operationId: string, summary: string, example: string, parameters: JsonSchema[] = []) => ({
    get: { operationId, tags: ["pages"], summary, parameters, responses: { "200": { description: "an HTML page", content: { "text/html": { schema: { type: "string" }, example: `<!DOCTYPE html>\n<html lang="en">…${example}…</html>` } } } } },
  });
  return {
    "/": html("landing", "The landing page: running normally, version, uptime, the sources (named, linked, what each plays) and links to this reference, the playground and this document.", '<h1 class="ok" id="status">The service is running normally.</h1>'),
    "/docs": html("reference", "This document as a reference (Redoc, served by the service itself from its npm package: no CDN).", '<main id="reference">'),
    "/playground": html("playground", "A playground of the API, talking to it by JSONP as a third-party site would.", "<h1>music-aggregator playground</h1>", [
      {
        name: "api", in: "query", required: false, schema: { type: "string", format: "uri" }, example: "https://music.example.org",
        description: "base URL of the API to talk to: this instance (the default, or its own address), or another instance config playground.apis allows (else the page is a 400)",
      },
    ]),
    "/openapi.json": {
      get: {
        operationId: "openapi", tags: ["pages"], summary: "This document.",
        responses: { "200": { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" }, example: { openapi: "3.1.1", info: { title: "music-aggregator", version: VERSION }, paths: {} } } } } },
      },
    },
    "/assets/{name}": {
      get: {
        operationId: "asset",
        tags: ["pages"],
        summary: "A script or style sheet of the pages; only these names exist.",
        parameters: [{ name: "name", in: "path", required: true, description: "the file's name, one of the list", schema: { type: "string", enum: [...assets] } }],
        responses: {
          "200": { description: "the file", content: { "text/javascript": { schema: { type: "string" }, example: '"use strict";\nRedoc.init(…);' }, "text/css": { schema: { type: "string" }, example: "body { margin: 0; }" } } },
          "404": { description: "no such file", content: { "application/json": { schema: { $ref: "#/components/schemas/V1Error" } } } },
        },
      },
    },
  };
}
