/**
 * Where the logger's lines go: one buffered writer per stream (pino's sonic-boom), shared by
 * every logger of the process, so that lines of one turn of the event loop leave in one write
 * rather than one each. In `pretty` form each JSON line pino makes is rewritten as
 * `time LEVEL [scope] message key=value…` on its way out.
 */
import { destination, type DestinationStream } from "pino";
import { type LogFields } from "@music-aggregator/core";
import { readableLine } from "@music-aggregator/core/host";

/** JSON lines, or readable ones for a terminal. */
export type LogFormat = "json" | "pretty";

/** The writer of `stream` in `format`. */
export function logDestination(stream: "stdout" | "stderr", format: LogFormat): DestinationStream {
  // A reader that stops reading (a stalled log pipe) costs at most MAX_BUFFERED bytes of memory: lines past that are dropped.
  const writer = (writers[stream] ??= destination({ dest: stream === "stdout" ? 1 : 2, sync: false, maxLength: MAX_BUFFERED }));
  // Once ended (the process is exiting) a line has nowhere to go: it is dropped, not thrown.
  return { write: (line: string) => void (ended || writer.write(format === "json" ? line : `${prettyLine(line)}\n`)) };
}

/**
 * Writes out every line still buffered, in the order written, and ends the writers; resolves
 * when they are out or after `deadlineMs` (a reader that stopped reading). Not `flushSync`:
 * that writes the buffer at once, ahead of a write still in flight, and lines swap places.
 */
export function endDestinations(deadlineMs: number): Promise<void> {
  ended = true;
  const out = Object.values(writers).map(
    (writer) =>
      new Promise<void>((done) => {
        writer.once("close", done).once("error", done);
        try {
          writer.end();
        } catch {
          done();
        }
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((done) => (timer = setTimeout(done, deadlineMs)));
  return Promise.race([Promise.all(out), late]).then(() => clearTimeout(timer));
}

/** A JSON line of pino's as a readable line. */
export function prettyLine(json: string): string {
  const { time, level, scope, msg, ...fields } = JSON.parse(json) as LogFields & { time: string; level: string; scope?: string; msg?: string };
  return `${time} ${level.toUpperCase().padEnd(5)} ${scope ? `[${scope}] ` : ""}${readableLine(msg ?? "", fields)}`;
}

// --- internal ---

const MAX_BUFFERED = 64 * 1024 * 1024;

let ended = false;
const writers: Partial<Record<"stdout" | "stderr", ReturnType<typeof destination>>> = {};
