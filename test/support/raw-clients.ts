/**
 * Clients on raw sockets, for the tests of what a connection may hold: one that writes
 * pipelined requests and reads nothing, one that opens a connection and sends nothing, and a
 * probe on a fresh connection, each from a loopback source address of the test's choosing
 * (127.0.0.0/8 is all loopback), so that the per-address cap of one never counts another's.
 */
import { connect, type Socket } from "node:net";
import { TEST_UA } from "./app.ts";

export interface Held {
  socket: Socket;
  /** resolves once connected (or once the connection failed) */
  connected: Promise<void>;
}

/** Writes `count` pipelined GETs of `path` and reads nothing until `readAll`. */
export function nonReader(port: number, path: string, count: number, from = "127.0.0.1"): Held {
  const socket = connect({ port, host: "127.0.0.1", localAddress: from });
  socket.on("error", () => undefined);
  const connected = new Promise<void>((resolve) => {
    socket.once("connect", () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: t\r\nUser-Agent: ${TEST_UA}\r\n\r\n`.repeat(count));
      resolve();
    });
    socket.once("close", () => resolve());
  });
  return { socket, connected };
}

/** A connection that sends nothing. */
export function idle(port: number, from = "127.0.0.1"): Held {
  const socket = connect({ port, host: "127.0.0.1", localAddress: from });
  socket.on("error", () => undefined);
  const connected = new Promise<void>((resolve) => {
    socket.once("connect", () => resolve());
    socket.once("close", () => resolve());
  });
  return { socket, connected };
}

/** Reads what `socket` is sent from now on, until the service closes it or `waitMs` passes. */
export function readAll(socket: Socket, waitMs: number): Promise<{ bytes: number; ended: boolean }> {
  return new Promise((resolve) => {
    let bytes = 0;
    const done = (ended: boolean) => {
      clearTimeout(timer);
      resolve({ bytes, ended });
    };
    const timer = setTimeout(() => done(false), waitMs);
    if (socket.destroyed) return done(true);
    socket.on("data", (chunk: Buffer) => (bytes += chunk.length));
    socket.once("end", () => done(true));
    socket.once("close", () => done(true));
    socket.resume();
  });
}

export interface Answer {
  /** 0 when no answer came */
  status: number;
  body: string;
  headers: string;
  ms: number;
  /** whether the service closed the connection after its answers (within the wait) */
  closed: boolean;
}

/**
 * `requests` (request lines with their headers, or paths to GET) written at once on a fresh
 * connection; every answer that came, until the service closed the connection or `waitMs` passed.
 */
export function exchange(port: number, requests: string[], options: { from?: string; waitMs?: number } = {}): Promise<Answer[]> {
  const { from = "127.0.0.1", waitMs = 5000 } = options;
  const started = Date.now();
  return new Promise((resolve) => {
    let text = "";
    const socket = connect({ port, host: "127.0.0.1", localAddress: from });
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const answers = text.split(/(?=HTTP\/1\.1 \d{3} )/).filter(Boolean).map((one) => parse(one, Date.now() - started, closed));
      resolve(answers.length ? answers : [{ status: 0, body: "", headers: "", ms: Date.now() - started, closed }]);
    };
    const timer = setTimeout(() => done(false), waitMs);
    socket.on("error", () => undefined);
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("close", () => done(true));
    socket.on("connect", () => {
      const heads = requests.map((r) => (r.startsWith("/") ? `GET ${r} HTTP/1.1\r\nHost: t\r\nUser-Agent: ${TEST_UA}\r\n\r\n` : r));
      socket.write(heads.join(""));
    });
  });
}

/** One GET on a fresh connection that asks to be closed after it. */
export async function probe(port: number, path: string, from = "127.0.0.1", waitMs = 5000): Promise<Answer> {
  const [answer] = await exchange(port, [`GET ${path} HTTP/1.1\r\nHost: t\r\nUser-Agent: ${TEST_UA}\r\nConnection: close\r\n\r\n`], { from, waitMs });
  return answer;
}

// --- internal ---

function parse(text: string, ms: number, closed: boolean): Answer {
  const end = text.indexOf("\r\n\r\n");
  const headers = text.slice(0, end).toLowerCase();
  const length = Number(/content-length: (\d+)/.exec(headers)?.[1] ?? 0);
  return { status: Number(text.slice(9, 12)), headers, body: text.slice(end + 4, end + 4 + length), ms, closed };
}
