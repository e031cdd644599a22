/**
 * The user-agent block list (docs/decisions.md (/v1)). A user-agent is a list of product tokens
 * (`name/version`) and parenthesised comments: `Python/3.11 aiohttp/3.9.1`. It is blocked
 * when it is empty or when any of its product names (anywhere in the header, in any case)
 * is an entry of the list; comments are not product names, so a browser's
 * `(... like Gecko)` never matches. Entries are product names; a trailing `/` or ` (` as in
 * `curl/` or `got (` is allowed and ignored.
 */
export class UserAgentPolicy {
  private readonly blocked: Set<string>;

  constructor(entries: readonly string[]) {
    this.blocked = new Set(entries.map(productName).filter(Boolean));
  }

  isBlocked(userAgent: string | null | undefined): boolean {
    const ua = (userAgent ?? "").trim();
    if (!ua) return true;
    for (const product of productNames(ua)) if (this.blocked.has(product)) return true;
    return false;
  }
}

/** An entry as a product name: `curl/` → `curl`, `got (` → `got`, lowercase. */
export function productName(entry: string): string {
  return entry.trim().replace(/\s*[/(]\s*$/, "").toLowerCase();
}

// --- internal ---

/** The product names of a user-agent, comments left out, lowercase. */
function productNames(userAgent: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let token = "";
  const flush = () => {
    if (token) names.push(token.split("/", 1)[0].toLowerCase());
    token = "";
  };
  for (const char of userAgent.slice(0, 1024)) {
    if (char === "(") {
      flush();
      depth++;
    } else if (char === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      if (/\s/.test(char)) flush();
      else token += char;
    }
  }
  flush();
  return names;
}
