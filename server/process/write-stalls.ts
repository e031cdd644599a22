/**
 * A client that reads nothing must not hold its answers, and the process, forever: Node applies
 * no deadline once a request has arrived. The open connections are looked at every second (or
 * oftener for a short timeout); one whose bytes waiting to be sent (Node's buffer and libuv's
 * queue to the kernel) have not moved for `server.writeStallTimeoutMs` is closed. A connection
 * with nothing to send (idle keep-alive, whose end `keepAliveTimeout` decides, or a request still
 * being worked on) is never concerned; a client that reads, however slowly, moves the bytes and
 * keeps its connection.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { Logger } from "../engine/logger.ts";

/** Watches `open`, the server's open connections (`connections.ts` keeps them). */
export function closeStalledWriters(server: Server, open: ReadonlySet<Socket>, timeoutMs: number, log: Logger): void {
  /** connections with bytes waiting: how many, and since when that number has not moved */
  const waiting = new Map<Socket, { pending: number; since: number }>();
  const sweep = () => {
    const now = Date.now();
    let closed = 0;
    for (const socket of open) {
      const pending = pendingBytes(socket);
      const seen = waiting.get(socket);
      if (pending === 0 || socket.destroyed) {
        if (seen) waiting.delete(socket);
      } else if (!seen || seen.pending !== pending) {
        waiting.set(socket, { pending, since: now });
      } else if (now - seen.since >= timeoutMs) {
        waiting.delete(socket);
        socket.destroy();
        closed++;
      }
    }
    // Connections that closed meanwhile.
    for (const socket of waiting.keys()) if (!open.has(socket)) waiting.delete(socket);
    if (closed) log.warn(`closed ${closed} connection(s) whose client read nothing of its answer for ${timeoutMs / 1000} s`);
  };
  const timer = setInterval(sweep, Math.min(1000, Math.max(50, Math.floor(timeoutMs / 4)))).unref();
  server.once("close", () => clearInterval(timer));
}

// --- internal ---

/** Bytes written to the socket and not yet taken by the kernel: Node's stream buffer plus libuv's write queue. */
function pendingBytes(socket: Socket): number {
  const handle = (socket as Socket & { _handle?: { writeQueueSize?: number } | null })._handle;
  return socket.writableLength + (handle?.writeQueueSize ?? 0);
}
