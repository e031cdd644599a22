/** A small leveled logger; plugins get one scoped to their id. Never log cookies or extract codes. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  child(scope: string): Logger;
}

/**
 * Logs to stdout (info) and stderr (warnings, errors). Info lines, the access log among them,
 * are written together once per turn of the event loop: one write per request each would
 * cost more than the request itself under load.
 */
export function createConsoleLogger(scope = "music", quiet = false): Logger {
  const write = (level: "info" | "warn" | "error", message: string) => {
    if (quiet && level !== "error") return;
    const line = `[${scope}] ${message}`;
    if (level === "info") queueLine(line);
    else {
      flushLogs();
      process.stderr.write(`${line}\n`);
    }
  };
  return {
    info: (m) => write("info", m),
    warn: (m) => write("warn", m),
    error: (m) => write("error", m),
    child: (child) => createConsoleLogger(`${scope}:${child}`, quiet),
  };
}

/** Writes the info lines still queued (before exiting, say). */
export function flushLogs(): void {
  if (!queued.length) return;
  process.stdout.write(`${queued.join("\n")}\n`);
  queued.length = 0;
}

/** A logger that keeps lines in memory, for tests that check what was (not) logged. */
export function createMemoryLogger(lines: string[] = []): Logger & { lines: string[] } {
  const make = (scope: string): Logger => ({
    info: (m) => lines.push(`info [${scope}] ${m}`),
    warn: (m) => lines.push(`warn [${scope}] ${m}`),
    error: (m) => lines.push(`error [${scope}] ${m}`),
    child: (child) => make(`${scope}:${child}`),
  });
  return Object.assign(make("music"), { lines });
}

// --- internal ---

const queued: string[] = [];
let scheduled = false;

function queueLine(line: string): void {
  queued.push(line);
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    flushLogs();
  });
}
