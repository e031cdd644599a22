/**
 * The service's log: a small leveled interface (plugins get one scoped to their id), written
 * by pino. Every line has a time, a level and a scope; it is JSON when `LOG_FORMAT=json`, a
 * readable line when `LOG_FORMAT=pretty`, and by default JSON unless stdout is a terminal.
 * Whatever a message or a field holds, a line stays one line (`log-line.ts`). Info lines go to
 * stdout, warnings and errors to stderr. Never log cookies or extract codes.
 */
import { pino, type DestinationStream, type Logger as Pino } from "pino";
import { cleanFields, cleanText, type LogFields } from "../../core/log-line.ts";
import type { Logger } from "../../core/logger.ts";
import { logDestination, flushDestinations, type LogFormat } from "./log-destination.ts";

export type { LogFields, LogFormat, Logger };

/** `LOG_FORMAT` (json or pretty); when unset, JSON unless stdout is a terminal. */
export function logFormat(env: NodeJS.ProcessEnv = process.env, terminal = process.stdout.isTTY === true): LogFormat {
  const asked = env.LOG_FORMAT?.trim().toLowerCase();
  if (asked === "json" || asked === "pretty") return asked;
  return terminal ? "pretty" : "json";
}

export interface ConsoleLoggerOptions {
  format?: LogFormat;
  /** make every line as in production, then drop it (the bench: the cost without the output) */
  quiet?: boolean;
}

/**
 * An info line of fields only (no message), made by a template instead of pino's serializer:
 * the access log's, one per request, where pino's general path cost several microseconds. The
 * line is the one pino would write (same keys, same order, same escapes). Loggers without it
 * (the tests' memory logger) take such a line through `info("", fields)`.
 */
export const FIELDS_LINE = Symbol.for("music.log.fields-line");
/**
 * A logger's line of fields, written by a template (pino's general path costs more per line):
 * `fields` encodes them; `encoded` takes them already encoded (`logField`), for a caller that
 * encodes the unchanging ones once (the fast path's access line).
 */
export interface FieldsLine {
  fields(fields: LogFields): void;
  encoded(fields: string): void;
}

/** The process's logger on stdout and stderr. */
export function createConsoleLogger(scope = "music", { format = logFormat(), quiet = false }: ConsoleLoggerOptions = {}): Logger {
  const settings = {
    base: undefined,
    messageKey: "msg",
    timestamp: isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  const out = quiet ? DROP : logDestination("stdout", format);
  const roots = {
    out: pino(settings, out),
    err: pino(settings, quiet ? DROP : logDestination("stderr", format)),
    outStream: out,
  };
  return scoped(roots, scope);
}

/** Writes the lines still buffered (before exiting, say). */
export function flushLogs(): void {
  flushDestinations();
}

// --- internal ---

const DROP: DestinationStream = { write: () => undefined };

let lastMs = 0;
let lastTime = "";

/** pino's ISO time, made once per millisecond: under load many lines share one (formatting a date costs more than the rest of a line). */
function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/** A logger whose lines carry `scope`; a child's scope extends it (`music:access`), as one field, not two. */
function scoped(roots: { out: Pino; err: Pino; outStream: DestinationStream }, scope: string): Logger {
  const out = roots.out.child({ scope });
  const err = roots.err.child({ scope });
  const head = `{"level":"info"`;
  const scopePart = `,"scope":${JSON.stringify(cleanText(scope))}`;
  const fieldsLine: FieldsLine = {
    fields(fields) {
      let encoded = "";
      for (const key in fields) {
        const value = fields[key];
        if (value !== undefined) encoded += logField(key, value);
      }
      this.encoded(encoded);
    },
    encoded: (fields) => roots.outStream.write(`${head}${isoTime()}${scopePart}${fields},"msg":""}\n`),
  };
  return {
    info: (m, f) => (f ? out.info(cleanFields(f), cleanText(m)) : out.info(cleanText(m))),
    warn: (m, f) => (f ? err.warn(cleanFields(f), cleanText(m)) : err.warn(cleanText(m))),
    error: (m, f) => (f ? err.error(cleanFields(f), cleanText(m)) : err.error(cleanText(m))),
    child: (child) => scoped(roots, `${scope}:${child}`),
    [FIELDS_LINE]: fieldsLine,
  } as Logger;
}

const NEEDS_ESCAPE = /["\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** One field of a line as pino writes it: `,"key":value` (`key` is the code's own name, never input). */
export function logField(key: string, value: string | number | boolean | null): string {
  return `,"${key}":${jsonValue(value)}`;
}

/** A field's value as pino writes it: strings cleaned and quoted, numbers as they are (null if not finite). */
function jsonValue(value: string | number | boolean | null): string {
  // Most values (methods, paths, ids) need no escape at all: quoted as they are.
  if (typeof value === "string") return NEEDS_ESCAPE.test(value) ? JSON.stringify(cleanText(value)) : `"${value}"`;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  return String(value);
}
