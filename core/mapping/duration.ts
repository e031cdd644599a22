/**
 * Durations as the domain wants them: whole, non-negative seconds. Upstreams give seconds as
 * numbers or numeric strings (Deezer, Internet Archive), milliseconds (iTunes), or clock
 * strings such as `4:05` and `1:02:03` (Internet Archive `length`).
 */
import { z } from "zod";

export type DurationUnit = "s" | "ms";

/**
 * Whole seconds from an upstream duration, or null when it cannot be read (the caller decides
 * whether that is a parse error or 0). Fractions are rounded to the nearest second.
 */
export function wholeSeconds(value: unknown, unit: DurationUnit = "s"): number | null {
  // A clock string is seconds whatever the unit: nobody writes milliseconds as `4:05`.
  const isClock = typeof value === "string" && value.includes(":");
  const amount = isClock ? clockSeconds(value) : numeric(value);
  if (amount === null || amount < 0) return null;
  return Math.round(unit === "ms" && !isClock ? amount / 1000 : amount);
}

/**
 * A wire schema field for an upstream duration: whole seconds, and anything unreadable is a
 * shape issue (2003 naming the field), never a silent 0.
 */
export function wireDuration(unit: DurationUnit = "s") {
  return z.unknown().transform((value, ctx) => {
    const seconds = wholeSeconds(value, unit);
    if (seconds === null) {
      ctx.addIssue({ code: "custom", message: `expected a duration in ${unit === "ms" ? "milliseconds" : "seconds"}` });
      return z.NEVER;
    }
    return seconds;
  });
}

// --- internal ---

function numeric(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/** `m:ss`, `mm:ss.f` or `h:mm:ss`. */
function clockSeconds(value: string): number | null {
  const parts = value.trim().split(":");
  if (parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return null;
  return parts.reduce((total, part) => total * 60 + Number(part), 0);
}
