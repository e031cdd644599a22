/**
 * The user-agent block list (docs/decisions.md (/v1)). A user-agent is a list of product tokens
 * (`name/version`) and parenthesised comments: `Python/3.11 aiohttp/3.9.1`. It is blocked
 * when it is empty or when any of its product names (anywhere in the header, in any case)
 * is an entry of the list; comments are not product names, so a browser's
 * `(... like Gecko)` never matches. Entries are product names; a trailing `/` or ` (` as in
 * `curl/` or `got (` is allowed and ignored.
 */
import { BoundedMemo } from "../cache/bounded-memo.ts";

export class UserAgentPolicy {
  private readonly blocked: Set<string>;
  /** Decisions by user-agent: a service sees the same few hundred user-agents over and over. */
  private readonly decided = new BoundedMemo<string, boolean>(MEMO_SIZE);
  /** The last decision: a connection sends the same user-agent with every request, and comparing is cheaper than hashing. */
  private lastUserAgent = "";
  private lastBlocked = true;

  constructor(entries: readonly string[]) {
    this.blocked = new Set(entries.map(productName).filter(Boolean));
  }

  isBlocked(userAgent: string | null | undefined): boolean {
    const ua = userAgent ?? "";
    if (ua === this.lastUserAgent) return this.lastBlocked;
    const blocked = this.decided.get(ua) ?? this.decided.set(ua, this.decide(ua));
    this.lastUserAgent = ua;
    this.lastBlocked = blocked;
    return blocked;
  }

  private decide(userAgent: string): boolean {
    const ua = userAgent.trim();
    if (!ua) return true;
    for (const product of productNames(ua)) if (this.blocked.has(product)) return true;
    return false;
  }
}

/** User-agents whose decision is remembered; past that the memory starts over. */
const MEMO_SIZE = 1024;

/** An entry as a product name: `curl/` → `curl`, `got (` → `got`, lowercase. */
export function productName(entry: string): string {
  return entry.trim().replace(/[/(]$/, "").trimEnd().toLowerCase();
}

// --- internal ---

/** The product names of a user-agent, comments left out, lowercase. */
function productNames(userAgent: string): string[] {
  // Comments go, innermost first (they nest); what is left splits at white space into
  // tokens, each named by what precedes its `/`. An unclosed `(` opens a comment to the end.
  let text = userAgent.slice(0, 1024);
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(/\([^()]*\)/g, " ");
  }
  const outside = text.replace(/\(.*/s, " ").replace(/\)/g, " ");
  return outside
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => token.split("/", 1)[0].toLowerCase());
}
