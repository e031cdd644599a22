/**
 * The service's log: a small leveled interface (plugins get one scoped to their id), written
 * by pino. Every line has a time, a level and a scope; it is JSON when `LOG_FORMAT=json`, a
 * readable line when `LOG_FORMAT=pretty`, and by default JSON unless stdout is a terminal.
 * Whatever a message or a field holds, a line stays one line (`log-line.ts`). Info lines go to
 * stdout, warnings and errors to stderr. Never log cookies or extract codes.
 */
import { pino, type DestinationStream, type Logger as Pino } from "pino";
import { type LogFields, type Logger } from "@music-aggregator/core";
import { cleanText } from "@music-aggregator/core/host";
import { logDestination, endDestinations, type LogFormat } from "./log-destination.ts";

export type { LogFields, LogFormat, Logger };

/** What is wrong with `LOG_FORMAT` when it is set to neither form (the default is used then), for a warning at start. */
export function logFormatProblem(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const asked = env.LOG_FORMAT?.trim().toLowerCase();
  if (!asked || asked === "json" || asked === "pretty") return undefined;
  return `LOG_FORMAT: expected json or pretty, got ${JSON.stringify(env.LOG_FORMAT!.slice(0, 40))}; the default is used (JSON unless stdout is a terminal)`;
}

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

/** The process's logger on stdout and stderr. */
export function createConsoleLogger(scope = "music", { format = logFormat(), quiet = false }: ConsoleLoggerOptions = {}): Logger {
  const settings = {
    base: undefined,
    messageKey: "msg",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  const out = quiet ? DROP : logDestination("stdout", format);
  const roots = { out: pino(settings, out), err: pino(settings, quiet ? DROP : logDestination("stderr", format)) };
  return scoped(roots, scope);
}

/** Ends the process with `code` once every line logged is written (at most LOG_END_MS for a stalled reader); the first call's code wins. */
export function exitAfterLogs(code: number): void {
  exiting ??= endDestinations(LOG_END_MS).then(() => process.exit(code));
}

// --- internal ---

const LOG_END_MS = 2_000;
let exiting: Promise<never> | undefined;

const DROP: DestinationStream = { write: () => undefined };

/** A logger whose lines carry `scope`; a child's scope extends it (`music:access`), as one field, not two. */
function scoped(roots: { out: Pino; err: Pino }, scope: string): Logger {
  const out = roots.out.child({ scope });
  const err = roots.err.child({ scope });
  return {
    info: (m, f) => (f ? out.info(cleanFields(f), cleanText(m)) : out.info(cleanText(m))),
    warn: (m, f) => (f ? err.warn(cleanFields(f), cleanText(m)) : err.warn(cleanText(m))),
    error: (m, f) => (f ? err.error(cleanFields(f), cleanText(m)) : err.error(cleanText(m))),
    child: (child) => scoped(roots, `${scope}:${child}`),
  };
}

/** `fields` with their string values cleaned; the same object when nothing needed it. */
export function cleanFields(fields: LogFields): LogFields {
  let copy: LogFields | undefined;
  for (const key in fields) {
    const value = fields[key];
    if (typeof value === "string" && cleanText(value) !== value) (copy ??= { ...fields })[key] = cleanText(value);
  }
  return copy ?? fields;
}
