/**
 * The `/v1` part of the OpenAPI document, from the operation table (`core/operations.ts`: the
 * parameters with their limits, the data of each answer) and `SERVICE_ENDPOINTS`, with the
 * common `origin`/`callback`/`cb` parameters, the envelope, JSONP, and every error code with
 * its HTTP status (`V1_STATUS`, from the one error table).
 */
import type { SourceInfo } from "../../../../core/domain.ts";
import { OPERATION_NAMES, OPERATIONS } from "../../../../core/operations.ts";
import { callback, origin } from "../../../../core/params.ts";
import { V1_STATUS } from "../../../../core/errors.ts";
import { SERVICE_ENDPOINTS } from "../../v1/routes.ts";
import { MEANING, PLAYLIST_JSONP_RULE } from "../reference.ts";
import { OPERATION_EXAMPLES, SERVICE_EXAMPLES, V1_ERROR_EXAMPLES, type OperationExample } from "./examples.ts";
import { dataSchema, fieldsOf, inputSchema, isRequired, typeRef, type JsonSchema } from "./json-schema.ts";

const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": { $ref: "#/components/headers/RateLimit-Limit" },
  "RateLimit-Remaining": { $ref: "#/components/headers/RateLimit-Remaining" },
  "RateLimit-Reset": { $ref: "#/components/headers/RateLimit-Reset" },
};
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
    paths[op.path] = {
      get: {
        operationId: capability,
        tags: ["music"],
        summary: op.summary,
        description: `${op.summary}${op.notes ? ` ${op.notes}` : ""} HEAD is answered like GET, without a body.${op.cbAlias ? "" : ` ${markdown(PLAYLIST_JSONP_RULE)}`}`,
        parameters: [...parameters, ...commonParameters(op.cbAlias)],
        responses: {
          "200": success(dataSchema(op.data), answers, true, jsonpExample(op.path, first.query, answers[Object.keys(examples)[0]].value)),
          ...failures(codes),
        },
      },
    };
  }
  for (const endpoint of SERVICE_ENDPOINTS) {
    const value = envelope(SERVICE_EXAMPLES[endpoint.path], null);
    paths[endpoint.path] = {
      get: {
        operationId: endpoint.path.slice("/v1/".length),
        tags: ["service"],
        summary: endpoint.summary,
        description: `${endpoint.summary} Computed per request, never cached. HEAD is answered like GET, without a body.`,
        parameters: commonParameters(true),
        responses: {
          "200": success(typeRef(endpoint.data), { example: { value } }, false, jsonpExample(endpoint.path, {}, value)),
          ...failures(SERVICE_CODES),
        },
      },
    };
  }
  return paths;
}

/** `components` of `/v1`: the common parameters, the headers, the error envelope. */
export function v1Components(): { parameters: JsonSchema; headers: JsonSchema; schemas: JsonSchema } {
  const errorCodes = Object.keys(V1_STATUS).map(Number).filter((code) => code !== 0);
  return {
    parameters: {
      origin: { name: "origin", in: "query", required: true, description: origin.description, schema: inputSchema(origin), example: "my-site.example" },
      callback: { name: "callback", in: "query", required: false, description: `${callback.description}: the answer becomes application/javascript, HTTP 200 whatever the code`, schema: inputSchema(callback) },
      cb: { name: "cb", in: "query", required: false, description: "alias of callback", schema: inputSchema(callback) },
    },
    headers: {
      "RateLimit-Limit": { description: "requests allowed per window", schema: { type: "integer" } },
      "RateLimit-Remaining": { description: "requests left in this window", schema: { type: "integer" } },
      "RateLimit-Reset": { description: "seconds until the window resets", schema: { type: "integer" } },
      "Retry-After": { description: "seconds to wait before the next request", schema: { type: "integer" } },
      "X-Cache": { description: "HIT (from cache, cost 0), MISS (from the upstream) or STALE (an expired answer standing in for a failing upstream)", schema: { type: "string", enum: ["HIT", "MISS", "STALE"] } },
      Allow: { description: "the methods the endpoint serves", schema: { type: "string" } },
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

function commonParameters(cbAlias: boolean): JsonSchema[] {
  const origin = { $ref: "#/components/parameters/origin" };
  if (cbAlias) return [origin, { $ref: "#/components/parameters/callback" }, { $ref: "#/components/parameters/cb" }];
  // Where cb is no alias, the callback parameter says so itself: it is where people look.
  const callbackParameter = v1Components().parameters.callback as JsonSchema;
  return [origin, { ...callbackParameter, description: `${callbackParameter.description}. ${markdown(PLAYLIST_JSONP_RULE)}` }];
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
 * named and summed up as the answers are, which Swagger UI offers in a list: Try it out can then
 * ask every source, not only the first (whose values come first, as the defaults).
 */
function parameterExamples(name: string, schema: JsonSchema, examples: Record<string, OperationExample>): JsonSchema {
  const given = Object.entries(examples).filter(([, e]) => e.query[name] !== undefined);
  if (!given.length) return {};
  if (given.every(([, e]) => e.query[name] === given[0][1].query[name])) return { example: typed(schema, given[0][1].query[name]) };
  return { examples: Object.fromEntries(given.map(([key, e]) => [key, { summary: e.summary, value: typed(schema, e.query[name]) }])) };
}

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

function success(data: JsonSchema, examples: Record<string, { summary?: string; value: unknown }>, cached: boolean, jsonp: JsonSchema): JsonSchema {
  return {
    description: "Success (code 0). With callback: the same envelope, as JSONP.",
    headers: { ...RATE_LIMIT_HEADERS, ...(cached ? { "X-Cache": { $ref: "#/components/headers/X-Cache" } } : {}) },
    content: {
      "application/json": {
        schema: {
          type: "object",
          properties: {
            code: { type: "integer", const: 0 },
            message: { type: "string", const: "ok" },
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
        headers: { ...RATE_LIMIT_HEADERS, ...(status === 429 ? { "Retry-After": { $ref: "#/components/headers/Retry-After" } } : {}), ...(status === 405 ? { Allow: { $ref: "#/components/headers/Allow" } } : {}) },
        content: {
          "application/json": {
            schema: { allOf: [{ $ref: "#/components/schemas/V1Error" }, { properties: { code: { enum: list } } }] },
            examples: Object.fromEntries(list.map((code) => [String(code), { summary: MEANING[code][0], value: { code, message: V1_ERROR_EXAMPLES[code], data: null, source: null, cost: 0 } }])),
          },
        },
      },
    ]),
  );
}
