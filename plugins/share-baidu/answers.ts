/**
 * Reading the share host's answers: JSON only (a risk-control or captcha page is HTML), with
 * `fs_id` kept exact, and file entries reduced to the fields of docs/decisions.md (/api) whatever types the
 * host sends them in (the root listing sends `isdir` as a string, sub-folders as a number).
 */
import { jsonLimitProblem, type ShareFile, UpstreamParseError, type UpstreamResponse } from "@music-aggregator/core";

/** Raised for anything that cannot be read: an upstream parse failure, never "not found". */
export const unreadable = () => new UpstreamParseError("the share host answered something that could not be read");

/**
 * The answer as a JSON object. `fs_id` values are quoted before parsing: they are 64-bit ids
 * and may exceed 2^53, where a JS number would silently change them.
 */
export function readAnswer(response: UpstreamResponse): Record<string, unknown> {
  const type = response.headers.get("content-type") ?? "";
  if (/html/i.test(type) || /^\s*</.test(response.text) || jsonLimitProblem(response.text)) throw unreadable();
  let value: unknown;
  try {
    value = JSON.parse(response.text.replace(/(?<!\\)"fs_id"(\s*):(\s*)(-?\d+)/g, '"fs_id"$1:$2"$3"'));
  } catch {
    throw unreadable();
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw unreadable();
  return value as Record<string, unknown>;
}

/** An integer from a number or a string of digits; `undefined` otherwise. */
export function integer(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (typeof value === "string" && /^-?\d{1,16}$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}

/** `randsk` from a listing's `seckey`: URL-safe base64 with `-`, `~`, `_` back to `+`, `=`, `/`. */
export function randskFromSeckey(seckey: unknown): string {
  if (typeof seckey !== "string") return "";
  return seckey.replace(/-/g, "+").replace(/~/g, "=").replace(/_/g, "/");
}

/** `randsk` as verify sends it (often percent-encoded) or as the `BDCLND` cookie holds it. */
export function plainRandsk(value: unknown): string | undefined {
  if (typeof value !== "string" || !value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The `BDCLND` value among an answer's `Set-Cookie` headers, if any. */
export function bdclndCookie(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const match = /^\s*BDCLND=([^;]*)/.exec(line);
    if (match && match[1]) return plainRandsk(match[1]);
  }
  return undefined;
}

/** File entries of a listing page; an entry without id, name or path makes the page unreadable. */
export function toFileEntries(list: unknown): ShareFile[] {
  if (!Array.isArray(list)) throw unreadable();
  return list.map((raw: unknown) => {
    if (!raw || typeof raw !== "object") throw unreadable();
    const entry = raw as Record<string, unknown>;
    const fsId = typeof entry.fs_id === "string" ? entry.fs_id : integer(entry.fs_id)?.toString();
    const isdir = flag(entry.isdir);
    if (!fsId || !/^\d+$/.test(fsId) || typeof entry.server_filename !== "string" || typeof entry.path !== "string" || isdir === undefined) {
      throw unreadable();
    }
    return {
      fs_id: fsId,
      server_filename: entry.server_filename,
      path: entry.path,
      isdir,
      size: integer(entry.size) ?? 0,
      // Folders have no checksum; files may lack one too.
      md5: isdir === 0 && typeof entry.md5 === "string" ? entry.md5 : "",
      category: integer(entry.category) ?? 0,
      server_ctime: integer(entry.server_ctime) ?? 0,
      server_mtime: integer(entry.server_mtime) ?? 0,
    };
  });
}

// --- internal ---

function flag(value: unknown): 0 | 1 | undefined {
  if (value === 1 || value === "1" || value === true) return 1;
  if (value === 0 || value === "0" || value === false) return 0;
  return undefined;
}
