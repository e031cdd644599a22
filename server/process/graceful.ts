/**
 * Graceful shutdown. Requests in flight are counted so that the process waits for them; while
 * draining, every answer says `Connection: close`, so no client writes another request on a
 * connection that is about to go away; and idle keep-alive connections are closed only after
 * a short grace, once the requests already written to them (still in the socket's buffer when
 * the drain began) have been read and answered.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** How long an idle keep-alive connection is left open once the drain has begun. */
export const IDLE_GRACE_MS = 250;

export interface InFlight {
  handler: NodeHandler;
  /** true from the start of the drain on */
  readonly draining: boolean;
  /** From now on every answer closes its connection. */
  startDraining(): void;
  /** Resolves when no request is in flight. */
  drained(): Promise<void>;
}

export function trackInFlight(handler: NodeHandler): InFlight {
  let inFlight = 0;
  let draining = false;
  let onDrained: (() => void) | undefined;
  // One listener for every response (a response closes once): no closure or `once` wrapper per request.
  const finished = () => {
    inFlight--;
    if (inFlight === 0) onDrained?.();
  };
  return {
    handler(req: IncomingMessage, res: ServerResponse) {
      inFlight++;
      res.on("close", finished);
      // Node then sends `Connection: close` and ends the socket after this answer.
      if (draining) res.shouldKeepAlive = false;
      return handler(req, res);
    },
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
    drained(): Promise<void> {
      return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => (onDrained = resolve));
    },
  };
}

/**
 * Stops `server` without losing a request: stop accepting connections, answer everything that
 * was sent on the open ones (each answer closing its connection), then close what stays idle.
 */
export async function drainServer(server: Server, requests: InFlight, graceMs = IDLE_GRACE_MS): Promise<void> {
  requests.startDraining();
  // http.Server.close() would also destroy every idle keep-alive socket at once, dropping a
  // request that is already in its buffer but not yet read; closing only the listener leaves
  // those sockets to be read first.
  NetServer.prototype.close.call(server);
  await requests.drained();
  await new Promise((resolve) => setTimeout(resolve, graceMs));
  // Requests read during the grace are answered (with `Connection: close`) before the rest goes.
  await requests.drained();
  server.closeIdleConnections();
  await requests.drained();
}
