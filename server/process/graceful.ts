/**
 * Graceful shutdown. Requests in flight are counted so that the process waits for them; while
 * draining, every answer says `Connection: close`, so no client writes another request on a
 * connection that is about to go away; and idle keep-alive connections are closed only after
 * a short grace, once the requests already written to them (still in the socket's buffer when
 * the drain began) have been read and answered. The wait is bounded: a client that reads
 * nothing of its answer, or a request still being worked on, is cut once it is over.
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
  private waiting: (() => void)[] = [];
  /** true from the start of the drain on: every answer then closes its connection */
  draining = false;

  /** requests under way now */
  get size(): number {
    return this.count;
  }

  started(): void {
    this.count++;
  }

  ended(): void {
    if (--this.count > 0) return;
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** From now on every answer closes its connection. */
  startDraining(): void {
    this.draining = true;
  }

  /** Resolves when no request is in flight. */
  drained(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }
}

/**
 * Stops `server` without losing a request: stop accepting connections, answer everything that
 * was sent on the open ones (each answer closing its connection), then close what stays idle.
 * After `timeoutMs` every connection still open is closed, whatever it carries; resolves with
 * the number of requests that were still under way then (0 when everything finished in time).
 */
export async function drainServer(server: Server, requests: InFlight, timeoutMs: number, graceMs = IDLE_GRACE_MS): Promise<number> {
  requests.startDraining();
  // http.Server.close() would also destroy every idle keep-alive socket at once, dropping a
  // request that is already in its buffer but not yet read; closing only the listener leaves
  // those sockets to be read first.
  NetServer.prototype.close.call(server);
  const deadline = Date.now() + timeoutMs;
  const inTime = (wait: Promise<void>) => within(wait, deadline - Date.now());
  if ((await inTime(requests.drained())) && (await inTime(pause(graceMs)))) {
    // Requests read during the grace are answered (with `Connection: close`) before the rest goes.
    if (await inTime(requests.drained())) {
      server.closeIdleConnections();
      if (await inTime(requests.drained())) return 0;
    }
  }
  const cut = requests.size;
  server.closeAllConnections();
  return cut;
}

// --- internal ---

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether `wait` settled within `ms`. */
async function within(wait: Promise<void>, ms: number): Promise<boolean> {
  if (ms <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, ms, false)));
  const settled = await Promise.race([wait.then(() => true), late]);
  clearTimeout(timer);
  return settled;
}
