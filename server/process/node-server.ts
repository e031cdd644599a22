/**
 * The node:http layer under h3: what happens before a request reaches a route. Node refuses
 * some requests itself (bad framing, oversized or slow heads, missing `Host`, unknown
 * `Expect`) and would answer them bare; here each gets the envelope of the path it named
 * (`edge-answers.ts`). It also bounds how long a caller may take to send its head and its
 * whole request, how many requests one connection may have under way (`pipelining.ts`), and
 * makes sure no request, body or disconnect can end the process.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { ERROR_CODES } from "@music-aggregator/core/host";
import type { Logger } from "../engine/logger.ts";
import { refusalOf } from "./connections.ts";
import { STATUS_TEXT, clientErrorAnswer, edgeAnswer, pathOf, refusalAnswer, writeEdgeAnswer } from "./edge-answers.ts";
import { InFlight } from "./graceful.ts";
import { admitted, serveInTurn, type Pipeline } from "./pipelining.ts";

export interface RequestTimeouts {
  /** to receive the request line and headers */
  headersMs: number;
  /** to receive the whole request, body included */
  requestMs: number;
}

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * The handler node:http calls: answers an HTTP/1.1 request without `Host` (which h3 cannot
 * route) and a request on a connection past a connection limit (`connections.ts`), serves
 * pipelined requests in turn, and turns a failure that escapes h3 into a closed socket
 * instead of a crash.
 */
export function nodeEntry(handler: NodeHandler, log: Logger, requests = new InFlight()): NodeHandler {
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    try {
      const pending = handler(req, res);
      if (pending instanceof Promise) pending.catch((error: unknown) => failed(error, res, log));
    } catch (error) {
      failed(error, res, log);
    }
  };
  return (req, res) => {
    const pipeline = admitted(req, res, requests, serve);
    if (!pipeline) return;
    if (req.httpVersion === "1.1" && !req.headers.host) {
      return writeEdgeAnswer(res, edgeAnswer(pathOf(req.url), 400, "the request must carry a Host header"));
    }
    const refusal = refusalOf(req.socket);
    if (refusal !== undefined && refusedPastLimit(pipeline, req, res, refusal)) return;
    serveInTurn(pipeline, req, res);
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
    writeEdgeAnswer(res, edgeAnswer(pathOf(req.url), 417, `Expect: ${String(req.headers.expect).slice(0, 40)} is not supported`));
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

// --- internal ---

/**
 * The request of a connection that came past a limit (`connections.ts`): a probe is answered
 * as usual, anything else is refused with 429 in its envelope; either way the connection
 * closes after it, and requests pipelined behind it are not admitted.
 */
function refusedPastLimit(pipeline: Pipeline, req: IncomingMessage, res: ServerResponse, why: string): boolean {
  pipeline.overflowed = true;
  res.shouldKeepAlive = false;
  const path = pathOf(req.url);
  if (path === "/healthz" || path === "/readyz") return false;
  writeEdgeAnswer(res, refusalAnswer(path, why), { "retry-after": "1" });
  return true;
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
