/**
 * Graceful shutdown. Requests in flight are counted so that the process waits for them; while
 * draining, every answer says `Connection: close`, so no client writes another request on a
 * connection that is about to go away; and idle keep-alive connections are closed only after
 * a short grace, once the requests already written to them (still in the socket's buffer when
 * the drain began) have been read and answered.
 */
import type { Server } from "node:http";
import { Server as NetServer } from "node:net";

/** How long an idle keep-alive connection is left open once the drain has begun. */
export const IDLE_GRACE_MS = 250;

/**
 * The requests under way, which a graceful close waits for. The node:http entry
 * (`node-server.ts`) counts them with the one close listener it keeps per response.
 */
export class InFlight {
  private count = 0;
  private onDrained: (() => void) | undefined = undefined;
  /** true from the start of the drain on: every answer then closes its connection */
  draining = false;

  started(): void {
    this.count++;
  }

  ended(): void {
    if (--this.count === 0) this.onDrained?.();
  }

  /** From now on every answer closes its connection. */
  startDraining(): void {
    this.draining = true;
  }

  /** Resolves when no request is in flight. */
  drained(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => (this.onDrained = resolve));
  }
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
