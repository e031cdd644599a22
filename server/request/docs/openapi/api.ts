/**
 * The `/api` part of the OpenAPI document, from `API_ENDPOINTS` and its zod schemas (the same
 * that validate the requests), the answer types of `api-answers.ts`, and the `/api` statuses
 * (`server/share/errors.ts`: the answer's `code` is its HTTP status).
 */
import { QR_MAX_DATA } from "../../../engine/share/qr-code.ts";
import { API_ENDPOINTS } from "../../share/schemas.ts";
import { API_EXAMPLES } from "./examples.ts";
import { fieldsOf, inputSchema, isRequired, typeRef, type JsonSchema } from "./json-schema.ts";

/** Every status an `/api` failure can have, and when. */
export const API_FAILURES: Record<number, string> = {
  400: "bad input; the message names the field",
  401: "the share needs an extract code (pwd)",
  403: "a wrong extract code, or a sign that does not match data",
  404: "share or directory not found, or no share backend configured",
  405: "a method the endpoint does not serve (see Allow)",
  408: "the request body did not arrive in time",
  410: "the share has expired",
  413: "the body is over 16 KiB",
  415: "the body is not application/json",
  429: "rate limited (this service's limit or the share host's), with Retry-After",
  451: "the share host blocks the share",
  500: "a bug; the message never leaks internals",
  502: "the share host failed or answered something unreadable",
  504: "the share host did not answer in time",
};

/** The failures of each endpoint. */
const FAILURES_OF: Record<string, number[]> = {
  "/api/v0/list": [400, 401, 403, 404, 405, 408, 410, 413, 415, 429, 451, 500, 502, 504],
  "/api/v0/limit": [405, 500],
  "/api/v1/qrcode": [400, 403, 405, 429, 500],
};

export function apiPaths(shareEnabled: boolean): Record<string, JsonSchema> {
  const paths: Record<string, JsonSchema> = {};
  for (const endpoint of API_ENDPOINTS) {
    const operation: JsonSchema = {
      operationId: endpoint.path.replace(/^\/api\//, "").replace(/\//g, "-"),
      tags: ["share"],
      summary: endpoint.summary,
      description: endpoint.path === "/api/v0/list" && !shareEnabled ? `${endpoint.summary} No share backend is configured here: it answers 404.` : endpoint.summary,
      responses: { "200": successOf(endpoint.path), ...failures(FAILURES_OF[endpoint.path]) },
    };
    if (endpoint.input === "JSON body") {
      operation.requestBody = { required: true, content: { "application/json": { schema: objectSchema(endpoint.schema), example: API_EXAMPLES.listRequest } } };
    } else if (endpoint.input === "query") {
      operation.parameters = fieldsOf(endpoint.schema).map(([name, field]) => {
        const schema = inputSchema(field);
        const example = API_EXAMPLES.qrQuery[name as keyof typeof API_EXAMPLES.qrQuery];
        return { name, in: "query", required: isRequired(field), description: field.description, schema, example: schema.type === "integer" ? Number(example) : example };
      });
    }
    paths[endpoint.path] = { [endpoint.method.toLowerCase()]: operation };
  }
  return paths;
}

/** `components.schemas` of `/api` besides the answer types: the failure. */
export function apiComponents(): Record<string, JsonSchema> {
  return {
    ApiError: {
      type: "object",
      description: "The answer of a failure: code equals the HTTP status, data null.",
      properties: { code: { type: "integer", enum: Object.keys(API_FAILURES).map(Number) }, message: { type: "string" }, data: { type: "null" } },
      required: ["code", "message", "data"],
    },
  };
}

// --- internal ---

/** A body's schema: its fields, each with its limits. */
function objectSchema(schema: Parameters<typeof fieldsOf>[0]): JsonSchema {
  const fields = fieldsOf(schema);
  return {
    type: "object",
    properties: Object.fromEntries(fields.map(([name, field]) => [name, inputSchema(field)])),
    required: fields.filter(([, field]) => isRequired(field)).map(([name]) => name),
  };
}

function successOf(path: string): JsonSchema {
  if (path === "/api/v1/qrcode") {
    return {
      description: `An SVG image of the code (data of at most ${QR_MAX_DATA} characters).`,
      content: { "image/svg+xml": { schema: { type: "string" }, example: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29">…</svg>' } },
    };
  }
  const [type, example] = path === "/api/v0/list" ? ["ShareListing", API_EXAMPLES.listing] : ["TrafficSnapshot", API_EXAMPLES.limit];
  return {
    description: "Success: code 200.",
    content: {
      "application/json": {
        schema: {
          type: "object",
          properties: { code: { type: "integer", const: 200, description: "200: success" }, message: { type: "string", const: "success", description: "success" }, data: typeRef(type) },
          required: ["code", "message", "data"],
        },
        example: { code: 200, message: "success", data: example },
      },
    },
  };
}

function failures(statuses: number[]): Record<string, JsonSchema> {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: API_FAILURES[status],
        content: {
          "application/json": {
            schema: { allOf: [{ $ref: "#/components/schemas/ApiError" }, { properties: { code: { const: status, description: `the HTTP status, ${status}` } } }] },
            example: { code: status, message: API_FAILURES[status], data: null },
          },
        },
      },
    ]),
  );
}
