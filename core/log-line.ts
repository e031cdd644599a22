/**
 * What keeps a log line one line, whatever it carries: control characters (C0, C1, DEL) and
 * the Unicode line and paragraph separators in a message or a field value are written as
 * escapes (`\n`, `\u2028`), since a request's path, an upstream's error text or a plugin's
 * message may hold any of them. And the readable form of a line, shared by `LOG_FORMAT=pretty`
 * and the tests' memory logger.
 */

/** What a log line may carry beside its message; undefined fields are left out. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** `text` with every character that could end or hide a line written as an escape. */
export function cleanText(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, escape) : text;
}

/**
 * `message key=value…`. A request's line (empty message, `method` and `path` fields) leads
 * with `METHOD path status`, as access logs read. Values with spaces, quotes or `=` are quoted.
 */
export function readableLine(message: string, fields?: LogFields): string {
  const parts: string[] = message ? [cleanText(message)] : [];
  if (!fields) return parts.join(" ");
  const request = !message && typeof fields.method === "string" && typeof fields.path === "string";
  if (request) parts.push(cleanText(String(fields.method)), cleanText(String(fields.path)), String(fields.status ?? "-"));
  for (const key in fields) {
    const value = fields[key];
    if (value === undefined || (request && (key === "method" || key === "path" || key === "status"))) continue;
    parts.push(`${key}=${readableValue(value)}`);
  }
  return parts.join(" ");
}

// --- internal ---

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

function escape(char: string): string {
  if (char === "\n") return "\\n";
  if (char === "\r") return "\\r";
  if (char === "\t") return "\\t";
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

function readableValue(value: string | number | boolean | null): string {
  if (value === null) return "-";
  if (typeof value !== "string") return String(value);
  const clean = cleanText(value);
  return clean === "" || /[\s"=]/.test(clean) ? JSON.stringify(clean) : clean;
}
