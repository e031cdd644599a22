/**
 * Requests node:http refuses before any handler runs (a request head over 16 KiB, a malformed
 * request line): answered with the `/v1` envelope and code 1001 instead of Node's bare 431/400,
 * so even these callers get a message that names what was wrong.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { ErrorCode } from "../core/errors.ts";

export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: Error & { code?: string }, socket: Socket) => {
    if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
    const message =
      error.code === "HPE_HEADER_OVERFLOW"
        ? "parameter error: the request line and headers must be under 16 KiB"
        : "parameter error: the request is not valid HTTP";
    const body = JSON.stringify({ code: ErrorCode.parameter, message, data: null, source: null, cost: 0 });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\nx-content-type-options: nosniff\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}
