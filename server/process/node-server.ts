/**
 * The node:http layer under h3: what happens before a request reaches a route. Node refuses
 * some requests itself (bad framing, oversized or slow heads, missing `Host`, unknown
 * `Expect`) and would answer them bare; here each gets the envelope of the path it named.
 * It also bounds how long a caller may take to send its head and its whole request, and
 * makes sure no request, body or disconnect can end the process.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { ERROR_CODES } from "../../core/errors.ts";
import type { Logger } from "../engine/logger.ts";
import { InFlight } from "./graceful.ts";

export interface RequestTimeouts {
  /** to receive the request line and headers */
  headersMs: number;
  /** to receive the whole request, body included */
  requestMs: number;
}

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * The handler node:http calls: answers an HTTP/1.1 request without `Host` (which h3 cannot
 * route), and turns a failure that escapes h3 into a closed socket instead of a crash.
 */
export function nodeEntry(handler: NodeHandler, log: Logger, requests = new InFlight()): NodeHandler {
  return (req, res) => {
    if (!admitted(req, res, requests)) return;
    if (req.httpVersion === "1.1" && !req.headers.host) {
      return writeEdgeAnswer(res, req.url, 400, "the request must carry a Host header");
    }
    try {
      const pending = handler(req, res);
      if (pending instanceof Promise) pending.catch((error: unknown) => failed(error, res, log));
    } catch (error) {
      failed(error, res, log);
    }
  };
}

/**
 * Applies the limits and the edge answers to a server, whoever created it (listhen in
 * `main.ts`, a plain `createServer` in tests). `handler` is the one request listener kept:
 * listhen adds http-shutdown's, which throws on a response whose socket is already gone
 * (a cancelled request body) and so would end the process; the service drains requests
 * itself (`graceful.ts`), so that listener is removed.
 */
export function hardenServer(server: Server, handler: NodeHandler, timeouts: RequestTimeouts): void {
  for (const listener of server.listeners("request")) if (listener !== handler) server.removeListener("request", listener as NodeHandler);
  // Settings Node reads at request time, though its types only know them as options.
  const settings = server as Server & { requireHostHeader: boolean; connectionsCheckingInterval: number };
  // Node answers a missing Host with a bare 400 unless told not to; `nodeEntry` answers it.
  settings.requireHostHeader = false;
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  // Node checks both deadlines every `connectionsCheckingInterval` (30 s by default), so a
  // 10 s deadline could hold for 40 s; its own set-up routine re-arms the check at 1 s.
  settings.connectionsCheckingInterval = 1000;
  const arm = server.listeners("listening").find((listener) => listener.name === "setupConnectionsTracking");
  if (server.listening) arm?.call(server);

  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    writeEdgeAnswer(res, req.url, 417, `Expect: ${String(req.headers.expect).slice(0, 40)} is not supported`);
  });
  server.on("clientError", (error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket) => {
    const started = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    // Once an answer is under way nothing more can be said on this connection: close it.
    if (!socket.writable || started?.headersSent || error.code === "ECONNRESET") return void socket.destroy();
    const [status, message] = clientErrorAnswer(error.code);
    // A request whose head was read (a body that came too slowly) names its path on its response.
    const { body, contentType, httpStatus } = edgeAnswer(pathOf(error.rawPacket) ?? pathOf(started?.req?.url), status, message);
    socket.end(
      `HTTP/1.1 ${httpStatus} ${STATUS_TEXT[httpStatus] ?? "Bad Request"}\r\ncontent-type: ${contentType}\r\n` +
        `x-content-type-options: nosniff\r\ncache-control: no-store\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * The answer to a request refused before routing, in the envelope of the path it named:
 * `/api` answers `{code: status, message, data: null}` (docs/decisions.md (/api)); everything else gets
 * the `/v1` envelope with 1001 and HTTP 400 (a parameter error, as the spec's table maps it).
 */
export function edgeAnswer(path: string | undefined, status: number, message: string): { httpStatus: number; contentType: string; body: string } {
  const contentType = "application/json; charset=utf-8";
  if (path === "/api" || path?.startsWith("/api/")) {
    return { httpStatus: status, contentType, body: JSON.stringify({ code: status, message, data: null }) };
  }
  const body = JSON.stringify({ code: ERROR_CODES.parameter, message: `parameter error: ${message}`, data: null, source: null, cost: 0 });
  return { httpStatus: 400, contentType, body };
}

/**
 * Requests one connection may have under way at once. Node reads every pipelined request of a
 * chunk and hands each to the app at once, answering them in order; thousands in one write
 * (nothing read) would each be worked on and held. Past this many the connection is closed,
 * once the ones within the limit are answered.
 */
export const MAX_PIPELINED = 32;

// --- internal ---

interface Pipeline {
  socket: Socket;
  /** the server's count of requests under way (`graceful.ts`) */
  requests: InFlight;
  /** requests handed to the app and not yet answered */
  active: number;
  /** a request came past the limit: close once the active ones are answered */
  overflowed: boolean;
}

const PIPELINE = Symbol("pipeline");
type Carrying<T> = T & { [PIPELINE]?: Pipeline };

function admitted(req: IncomingMessage, res: ServerResponse, requests: InFlight): boolean {
  const socket = req.socket as Carrying<Socket>;
  const pipeline = (socket[PIPELINE] ??= { socket, requests, active: 0, overflowed: false });
  if (pipeline.overflowed || pipeline.active >= MAX_PIPELINED) {
    // Not handed to the app: its answer would be queued behind the others, and never read.
    pipeline.overflowed = true;
    if (pipeline.active === 0) socket.destroy();
    return false;
  }
  pipeline.active++;
  requests.started();
  // While draining Node sends `Connection: close` and ends the socket after this answer.
  if (requests.draining) res.shouldKeepAlive = false;
  // One listener function for every response, no closure per request (the socket may be gone
  // from the request by the time its response closes, so the response carries its pipeline);
  // `on`, not `once`: a response closes once, and `once` wraps the listener per call.
  (res as Carrying<ServerResponse>)[PIPELINE] = pipeline;
  res.on("close", answered);
  return true;
}

function answered(this: Carrying<ServerResponse>): void {
  const pipeline = this[PIPELINE]!;
  pipeline.active--;
  pipeline.requests.ended();
  if (pipeline.overflowed && pipeline.active === 0) pipeline.socket.destroy();
}

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 408: "Request Timeout", 413: "Payload Too Large", 417: "Expectation Failed", 431: "Request Header Fields Too Large" };

function clientErrorAnswer(code: string | undefined): [number, string] {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return [431, "the request line and headers must be under 16 KiB"];
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return [408, "the request was not received in time"];
    default:
      return [400, "the request is not valid HTTP"];
  }
}

function writeEdgeAnswer(res: ServerResponse, url: string | undefined, status: number, message: string): void {
  const { body, contentType, httpStatus } = edgeAnswer(pathOf(url), status, message);
  res.shouldKeepAlive = false;
  res.writeHead(httpStatus, { "content-type": contentType, "x-content-type-options": "nosniff", "cache-control": "no-store", "content-length": Buffer.byteLength(body), connection: "close" });
  res.end(body);
}

/** The path of a request target or of a raw request line; undefined when there is none. */
function pathOf(source: string | Buffer | undefined): string | undefined {
  if (source === undefined) return undefined;
  const text = typeof source === "string" ? source : source.subarray(0, 2048).toString("latin1").split("\r\n", 1)[0].split(" ")[1];
  return text?.split("?", 1)[0];
}

function failed(error: unknown, res: ServerResponse, log: Logger): void {
  log.error(`request failed outside the app: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  if (!res.headersSent && res.writable) {
    res.shouldKeepAlive = false;
    res.writeHead(500, { "content-type": "application/json; charset=utf-8", connection: "close" });
    res.end(JSON.stringify({ code: ERROR_CODES.internal, message: "internal error", data: null, source: null, cost: 0 }));
  } else {
    res.destroy();
  }
}
