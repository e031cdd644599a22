/**
 * Connections, counted as they open and close, so that no one client and no crowd takes every
 * file descriptor: at most `server.maxConnectionsPerAddress` at once from one peer address (an
 * IPv6 peer per /64, as the rate limit counts it), and at most `server.maxConnections` in all.
 *
 * The cap is the socket peer's, the address that holds the connection, never an
 * `X-Forwarded-For` claim. A peer that config `rateLimit.trustProxy` trusts is a proxy carrying
 * many clients: it has no cap of its own, only the ceiling.
 *
 * A connection past a limit is not dropped unseen, so that a probe still gets through: its
 * first request is answered (`node-server.ts`), `/healthz` and `/readyz` as usual and anything
 * else with 429 in the envelope of its path, and the connection is closed; one that sends
 * nothing is closed after OVER_LIMIT_WAIT_MS. Those connections live a moment each: at most
 * ANSWERED_PAST_CAP of one address at once (past them a connection is closed before anything
 * it sent is parsed: a crowd costs little), and a band above the ceiling (a sixteenth of it,
 * at least 32), past which Node closes new connections as soon as it accepts them.
 */
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { AppConfig } from "../engine/config.ts";
import { clientAddressResolver, rateLimitKey, type TrustProxy } from "../engine/guard/client-ip.ts";
import type { Logger } from "../engine/logger.ts";
import { closeStalledWriters } from "./write-stalls.ts";

export interface ConnectionLimits {
  /** most connections at once from one peer address */
  perAddress: number;
  /** most connections at once in all; none when undefined */
  total: number | undefined;
  trustProxy: TrustProxy;
  /** how long bytes waiting to be sent may stay unread before their connection is closed (`write-stalls.ts`) */
  writeStallMs: number;
}

/** How long a connection past a limit may take to send the request it is answered on. */
export const OVER_LIMIT_WAIT_MS = 2000;

/**
 * Connections of one address past its cap that are answered (each lives a moment): enough for
 * a prober sharing the address of a crowd; past them a connection is closed unread, since
 * every request Node has parsed and not answered costs a stack trace when its connection goes.
 */
export const ANSWERED_PAST_CAP = 8;

/** The limits config `server` sets (the ceiling from the open-file limit unless set). */
export function connectionLimits(config: AppConfig): ConnectionLimits {
  const { maxConnectionsPerAddress, maxConnections, writeStallTimeoutMs } = config.server;
  return { perAddress: maxConnectionsPerAddress, total: maxConnections ?? defaultMaxConnections(), trustProxy: config.rateLimit.trustProxy, writeStallMs: writeStallTimeoutMs };
}

/** Counts `server`'s connections against `limits`, and closes the ones whose client stopped reading. */
export function limitConnections(server: Server, limits: ConnectionLimits, log: Logger): void {
  const table = new ConnectionTable(limits, log);
  table.attach(server);
  closeStalledWriters(server, table.open, limits.writeStallMs, log);
}

/** Why `socket`'s first request is refused (it came past a limit); undefined for a connection within them. */
export function refusalOf(socket: Socket): string | undefined {
  return (socket as Tagged)[REFUSAL];
}

/**
 * The default of `server.maxConnections`: the process's open-file limit less an eighth of it
 * (at least 128) for upstream calls, Redis, files, the log and the band above the ceiling;
 * none when the limit is unknown or unlimited (only Linux says it, in /proc/self/limits).
 */
export function defaultMaxConnections(limitsFile = "/proc/self/limits"): number | undefined {
  let text: string;
  try {
    text = readFileSync(limitsFile, "utf8");
  } catch {
    return undefined;
  }
  const soft = /^Max open files\s+(\d+)/m.exec(text)?.[1];
  if (soft === undefined) return undefined;
  const files = Number(soft);
  return Math.max(64, files - Math.max(128, Math.ceil(files / 8)));
}

/** The open connections of one server and the limits on them. */
export class ConnectionTable {
  /** every open connection */
  readonly open = new Set<Socket>();
  private readonly perAddress = new Map<string, number>();
  private readonly keyOf: (peer: string | undefined) => string | undefined;
  private readonly refusals: RefusalReport;

  constructor(private readonly limits: ConnectionLimits, log: Logger) {
    this.keyOf = peerKey(limits.trustProxy);
    this.refusals = new RefusalReport(log);
  }

  attach(server: Server): void {
    const { total } = this.limits;
    if (total !== undefined) server.maxConnections = total + Math.max(32, Math.ceil(total / 16));
    server.on("connection", (socket: Socket) => this.opened(socket));
    server.on("drop", () => this.refusals.count(`past the ceiling of ${total} connections and its band`));
  }

  private opened(socket: Socket): void {
    this.open.add(socket);
    const key = this.keyOf(socket.remoteAddress);
    const count = key === undefined ? 0 : (this.perAddress.get(key) ?? 0) + 1;
    if (key !== undefined) this.perAddress.set(key, count);
    socket.once("close", () => this.closed(socket, key));
    if (count > this.limits.perAddress + ANSWERED_PAST_CAP) {
      // A crowd from one address: closed unread, before Node parses what it sent.
      socket.destroy();
      this.refusals.count(`closed unread, past the cap of ${this.limits.perAddress} per address and ${ANSWERED_PAST_CAP} more`, key);
    } else if (count > this.limits.perAddress) {
      this.refuse(socket, "too many connections from this address at once: close some before opening more");
      this.refusals.count(`over the cap of ${this.limits.perAddress} per address`, key);
    } else if (this.limits.total !== undefined && this.open.size > this.limits.total) {
      this.refuse(socket, "the service has too many connections open: retry in a moment");
      this.refusals.count(`over the ceiling of ${this.limits.total} connections`);
    }
  }

  private refuse(socket: Socket, why: string): void {
    (socket as Tagged)[REFUSAL] = why;
    // Node destroys a socket whose timeout passes when nobody listens for it.
    socket.setTimeout(OVER_LIMIT_WAIT_MS);
  }

  private closed(socket: Socket, key: string | undefined): void {
    this.open.delete(socket);
    if (key === undefined) return;
    const count = this.perAddress.get(key)! - 1;
    if (count === 0) this.perAddress.delete(key);
    else this.perAddress.set(key, count);
  }
}

// --- internal ---

const REFUSAL = Symbol("refusal");
type Tagged = Socket & { [REFUSAL]?: string };

/** At most one log line about refused connections this often. */
const REPORT_EVERY_MS = 10_000;

/** Refused connections by reason, said at most once per REPORT_EVERY_MS with the counts since the last line. */
class RefusalReport {
  private counts = new Map<string, number>();
  private since = 0;
  private last: string | undefined;

  constructor(private readonly log: Logger) {}

  count(reason: string, address?: string): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
    if (address) this.last = address;
    const now = Date.now();
    if (now - this.since < REPORT_EVERY_MS) return;
    const parts = [...this.counts].map(([why, n]) => `${n} ${why}`);
    this.log.warn(`connections refused since the last report: ${parts.join("; ")}${this.last ? ` (the last address over its cap: ${this.last})` : ""}`);
    this.counts = new Map();
    this.since = now;
  }
}

/** A documentation address (RFC 3849): never a peer, so a peer that lets it through is a trusted proxy. */
const PROBE_HOP = "2001:db8::1";

/**
 * The key a peer's connections are counted under, or undefined for a trusted proxy.
 * `client-ip.ts`'s resolver is the one judge of trust: a peer is a proxy when it lets an
 * `X-Forwarded-For` hop through.
 */
function peerKey(trustProxy: TrustProxy): (peer: string | undefined) => string | undefined {
  const resolve = clientAddressResolver(trustProxy);
  return (peer) => {
    if (peer === undefined) return undefined;
    const address = resolve(peer, null);
    if (trustProxy !== false && resolve(peer, PROBE_HOP) !== address) return undefined;
    return rateLimitKey(address);
  };
}
