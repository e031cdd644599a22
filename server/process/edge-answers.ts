/**
 * Answers made below the app, for requests refused before routing: each in the envelope of the
 * path it named. `/api` answers `{code: status, message, data: null}` (docs/decisions.md
 * (/api)); everything else gets the `/v1` envelope (a parameter error, 1001 with HTTP 400, as
 * the spec's table maps it; a refused connection, 4001 with HTTP 429).
 */
import type { ServerResponse } from "node:http";
import { ERROR_CODES } from "@music-aggregator/core/host";
import { V1_STATUS } from "../engine/errors.ts";

export interface EdgeAnswer {
  httpStatus: number;
  contentType: string;
  body: string;
}

/** A request Node or the entry refused as malformed, late or unsupported: `status` on `/api`, 1001 on `/v1`. */
export function edgeAnswer(path: string | undefined, status: number, message: string): EdgeAnswer {
  return inEnvelope(path, status, message, ERROR_CODES.parameter, `parameter error: ${message}`);
}

/** A request on a connection its address may not have (`connections.ts`): 429 on `/api`, 4001 on `/v1`. */
export function refusalAnswer(path: string | undefined, message: string): EdgeAnswer {
  return inEnvelope(path, 429, message, ERROR_CODES.rateLimited, message);
}

/** Writes `answer` and closes the connection after it. */
export function writeEdgeAnswer(res: ServerResponse, { body, contentType, httpStatus }: EdgeAnswer, extra: Record<string, string> = {}): void {
  res.shouldKeepAlive = false;
  res.writeHead(httpStatus, { "content-type": contentType, "x-content-type-options": "nosniff", "cache-control": "no-store", ...extra, "content-length": Buffer.byteLength(body), connection: "close" });
  res.end(body);
}

/** The answer Node's `clientError` event gets for its error code. */
export function clientErrorAnswer(code: string | undefined): [number, string] {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return [431, "the request line and headers must be under 16 KiB"];
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return [408, "the request was not received in time"];
    default:
      return [400, "the request is not valid HTTP"];
  }
}

export const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 408: "Request Timeout", 413: "Payload Too Large", 417: "Expectation Failed", 429: "Too Many Requests", 431: "Request Header Fields Too Large" };

/** The path of a request target or of a raw request line; undefined when there is none. */
export function pathOf(source: string | Buffer | undefined): string | undefined {
  if (source === undefined) return undefined;
  const text = typeof source === "string" ? source : source.subarray(0, 2048).toString("latin1").split("\r\n", 1)[0].split(" ")[1];
  return text?.split("?", 1)[0];
}

// --- internal ---

function inEnvelope(path: string | undefined, apiStatus: number, apiMessage: string, v1Code: number, v1Message: string): EdgeAnswer {
  const contentType = "application/json; charset=utf-8";
  if (path === "/api" || path?.startsWith("/api/")) {
    return { httpStatus: apiStatus, contentType, body: JSON.stringify({ code: apiStatus, message: apiMessage, data: null }) };
  }
  const body = JSON.stringify({ code: v1Code, message: v1Message, data: null, source: null, cost: 0 });
  return { httpStatus: V1_STATUS[v1Code], contentType, body };
}
