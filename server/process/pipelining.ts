/**
 * The requests of one connection, counted from the moment node:http hands them over until
 * their answers are sent. Node reads every pipelined request of a chunk and hands each over
 * at once, answering them in order; a client that writes many and reads nothing would have
 * each of them worked on and held. Here at most MAX_WORKED_ON of a connection are worked on
 * at once, the others wait until an earlier answer has been sent (so a client that reads
 * nothing gets a few answers made for it, not all); past MAX_PIPELINED under way the connection
 * is closed, once the ones within the limit are answered.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { InFlight } from "./graceful.ts";

/** Requests one connection may have under way at once (worked on, waiting, or being sent). */
export const MAX_PIPELINED = 32;

/** Requests of one connection worked on at once. */
export const MAX_WORKED_ON = 4;

export type Serve = (req: IncomingMessage, res: ServerResponse) => void;

export interface Pipeline {
  socket: Socket;
  /** the server's count of requests under way (`graceful.ts`) */
  requests: InFlight;
  /** how the requests that waited are served when their turn comes */
  serve: Serve;
  /** requests handed over and not yet answered (waiting ones included) */
  active: number;
  /** requests waiting for an earlier answer to be sent, in order */
  waiting: [IncomingMessage, ServerResponse][];
  /** admit no more: close once the active ones are answered */
  overflowed: boolean;
  /** the connection closed: its requests are no longer under way, answered or not */
  closed: boolean;
}

/** The connection's pipeline with `req` counted in it; undefined when it is not admitted. */
export function admitted(req: IncomingMessage, res: ServerResponse, requests: InFlight, serve: Serve): Pipeline | undefined {
  const socket = req.socket as Carrying<Socket>;
  let pipeline = socket[PIPELINE];
  if (!pipeline) {
    pipeline = socket[PIPELINE] = { socket, requests, serve, active: 0, waiting: [], overflowed: false, closed: false };
    socket.once("close", connectionClosed);
  }
  if (pipeline.overflowed || pipeline.active >= MAX_PIPELINED) {
    // Not handed to the app: its answer would be queued behind the others, and never read.
    pipeline.overflowed = true;
    if (pipeline.active === 0) socket.destroy();
    return undefined;
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
  return pipeline;
}

/** Serves `req` now, or once an earlier answer of its connection has been sent. */
export function serveInTurn(pipeline: Pipeline, req: IncomingMessage, res: ServerResponse): void {
  if (pipeline.active - pipeline.waiting.length <= MAX_WORKED_ON) pipeline.serve(req, res);
  else pipeline.waiting.push([req, res]);
}

// --- internal ---

const PIPELINE = Symbol("pipeline");
type Carrying<T> = T & { [PIPELINE]?: Pipeline };

/** A response closes once it has been sent (or its connection has gone). */
function answered(this: Carrying<ServerResponse>): void {
  const pipeline = this[PIPELINE]!;
  if (pipeline.closed) return;
  pipeline.active--;
  pipeline.requests.ended();
  const next = pipeline.waiting.shift();
  if (next) pipeline.serve(next[0], next[1]);
  else if (pipeline.overflowed && pipeline.active === 0) pipeline.socket.destroy();
}

/**
 * Node emits `close` only on the response being sent when its connection goes; the ones
 * queued behind it (pipelined, answered or still worked on) never emit anything. They are
 * settled here, so that the drain does not wait for them.
 */
function connectionClosed(this: Carrying<Socket>): void {
  const pipeline = this[PIPELINE]!;
  pipeline.closed = true;
  pipeline.waiting = [];
  for (; pipeline.active > 0; pipeline.active--) pipeline.requests.ended();
}
