/** A logger that keeps its lines in memory, for tests that check what was (not) logged. */
import { readableLine } from "../log-line.ts";
import type { Logger } from "../logger.ts";

/** Lines read `level [scope] message key=value…`, the form `LOG_FORMAT=pretty` writes. */
export function createMemoryLogger(lines: string[] = []): Logger & { lines: string[] } {
  const make = (scope: string): Logger => ({
    info: (m, f) => lines.push(`info [${scope}] ${readableLine(m, f)}`),
    warn: (m, f) => lines.push(`warn [${scope}] ${readableLine(m, f)}`),
    error: (m, f) => lines.push(`error [${scope}] ${readableLine(m, f)}`),
    child: (child) => make(`${scope}:${child}`),
  });
  return Object.assign(make("music"), { lines });
}
