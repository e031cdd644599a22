/**
 * The log a plugin writes to: a small leveled interface, scoped to the plugin's id. The
 * service writes it with pino; tests use the kit's memory logger (`/testing`).
 */
import type { LogFields } from "./log-line.ts";

export type { LogFields };

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(scope: string): Logger;
}
