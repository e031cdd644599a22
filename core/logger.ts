/** A small leveled logger; plugins get one scoped to their id. Never log cookies or extract codes. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  child(scope: string): Logger;
}

export function createConsoleLogger(scope = "music", quiet = false): Logger {
  const write = (level: string, message: string) => {
    if (quiet && level !== "error") return;
    console[level === "info" ? "log" : (level as "warn" | "error")](`[${scope}] ${message}`);
  };
  return {
    info: (m) => write("info", m),
    warn: (m) => write("warn", m),
    error: (m) => write("error", m),
    child: (child) => createConsoleLogger(`${scope}:${child}`, quiet),
  };
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
