/**
 * Serving with listhen on exactly the address asked for. listhen (through get-port-please)
 * moves to another port when the one asked for is busy or on its unsafe list; a service
 * that silently answers elsewhere is worse than one that does not start, so a busy address
 * stops the start with a message that names it.
 */
import cluster from "node:cluster";
import { createServer } from "node:net";
import type { Server } from "node:http";
import { listen } from "listhen";
import type { Logger } from "../engine/logger.ts";
import { limitConnections, type ConnectionLimits } from "./connections.ts";
import { hardenServer, type NodeHandler, type RequestTimeouts } from "./node-server.ts";
import { ListenError } from "../engine/errors.ts";

export interface Listening {
  server: Server;
  url: string;
}

export interface ServeOptions {
  port: number;
  host: string;
  timeouts: RequestTimeouts;
  connections: ConnectionLimits;
  log: Logger;
}

export async function serve(handler: NodeHandler, { port, host, timeouts, connections, log }: ServeOptions): Promise<Listening> {
  // In a worker of a group the primary has checked the address; an exclusive probe here
  // would find it busy with the sibling workers, which share it through the primary.
  if (port !== 0 && !cluster.isWorker) await checkAddress(port, host);
  const listener = await listen(handler, {
    // An object turns off get-port-please's fallbacks (another port, a random one).
    port: port === 0 ? 0 : ({ port, ports: [], portRange: [], alternativePortRange: [], random: false } as never),
    hostname: host,
    showURL: false,
    qr: false,
    autoClose: false,
    public: host !== "127.0.0.1" && host !== "localhost",
  }).catch((error: unknown) => {
    throw new ListenError(`cannot listen on ${address(host, port)}: ${error instanceof Error ? error.message : String(error)}`);
  });
  const server = listener.server as Server;
  const actual = (server.address() as { port: number }).port;
  if (port !== 0 && actual !== port) {
    server.close();
    throw new ListenError(`cannot listen on ${address(host, port)}: listhen would only listen on port ${actual}`);
  }
  hardenServer(server, handler, timeouts);
  limitConnections(server, connections, log);
  return { server, url: listener.url };
}

/** Tries the address first, so the error says why it cannot be had. */
export function checkAddress(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const tester = createServer();
    tester.once("error", (error: NodeJS.ErrnoException) => {
      const why =
        error.code === "EADDRINUSE"
          ? "the address is already in use"
          : error.code === "EACCES"
            ? "permission denied"
            : error.code === "EADDRNOTAVAIL"
              ? "the address is not available on this machine"
              : error.message;
      reject(new ListenError(`cannot listen on ${address(host, port)}: ${why}`));
    });
    tester.listen({ port, host, exclusive: true }, () => tester.close(() => resolve()));
  });
}

/** A port free on `host` right now. */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const tester = createServer();
    tester.once("error", (error) => reject(new ListenError(`cannot listen on ${address(host, 0)}: ${error.message}`)));
    tester.listen({ port: 0, host, exclusive: true }, () => {
      const { port } = tester.address() as { port: number };
      tester.close(() => resolve(port));
    });
  });
}

// --- internal ---

function address(host: string, port: number): string {
  return host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
}
